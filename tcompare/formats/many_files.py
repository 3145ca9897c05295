"""One corpus from several files: an Alpino treebank is a folder of one-sentence XML files,
and disco-dop's readers take a glob pattern (``discodop eval 'gold/*.xml' ...``).

* `expand(pattern)`: the files a pattern names, in disco-dop's order (`numbase`: the name
  cut at ``-.,_ `` and numbers compared as numbers, so ``2.xml`` comes before ``10.xml``);
  a folder stands for every file in it.
* `read_many(paths)`: each file read on its own (its notation and encoding sniffed, its
  errors naming it, line numbers its own), the sentences one after another.  A file's text
  around its sentences (an XML declaration, a TIGER head) follows the sentence before it,
  so writing the corpus gives the files' texts one after another (in the first file's
  encoding).  Read the files before they are parsed (the readers parse lazily).
"""

from __future__ import annotations

import glob
import os
import re

from tcompare.formats import ReadError, read_file
from tcompare.model.corpus import Corpus, ParseError


def numbase(path: str) -> list[object]:
    """disco-dop's sort key for file names (`discodop.treebank.numbase`, same rule)."""
    folder, base = os.path.split(path)
    parts = re.split(r"[-.,_ ]", os.path.splitext(base)[0])
    return [folder, *[(1, int(p), "") if p.isdigit() else (0, 0, p) for p in parts]]


def expand(pattern: str) -> list[str]:
    """The files `pattern` names (a glob, a folder, or one file), in disco-dop's order."""
    if os.path.isdir(pattern):
        pattern = os.path.join(pattern, "*")
    names = [p for p in glob.glob(pattern) if os.path.isfile(p)] if glob.has_magic(pattern) else [pattern]
    return sorted(names, key=numbase)


def read_many(paths: list[str], notation: str | None = None, encoding: str | None = None) -> Corpus:
    """The sentences of `paths` as one corpus (see the module docstring).

    Raises
    ------
    ReadError
        when no file is given, or a file cannot be opened or decoded (naming it).
    """
    if not paths:
        raise ReadError(ParseError("no file matches", "<pattern>"))
    parts = [read_file(path, notation, encoding) for path in paths]
    first = parts[0]
    merged = Corpus(path=paths[0], notation=first.notation, kind=first.kind,
                    encoding=first.encoding, bom=first.bom, newline=first.newline,
                    prolog=first.prolog)
    for k, part in enumerate(parts):
        merged.file_errors.extend(part.file_errors)
        # what a file holds before its first sentence follows the sentence before it, as
        # in the files' texts put one after another (export and XML readers keep text
        # after a sentence as its own)
        between = (part.prolog if k else "") + (part.epilog if not part.records else "")
        if between:
            if merged.records:
                merged.records[-1].source += between
            else:
                merged.prolog += between
        for record in part.records:
            record.index = len(merged.records) + 1
            merged.records.append(record)
        if part.records:
            merged.records[-1].source += part.epilog
    return merged


def read_pattern(pattern: str, notation: str | None = None, encoding: str | None = None) -> Corpus:
    return read_many(expand(pattern), notation, encoding)
