"""Several gold/system file pairs pooled into one score: ``tcompare score --pairs LIST`` or
``tcompare score 'gold/*.conll' 'system/*.conll'`` (quoted globs), for every profile.

A thin layer in front of the profile runners: the pairs are checked (both files readable,
the same number of sentences in each pair, so no pair shifts the next) and concatenated, in
order, into one gold and one system file, which the runner then scores as it scores any two
files -- as the CoNLL-X organisers scored a language's test files together, and as
``cat``-ing the files before ``evalb`` or ``eval.pl`` does.  Sentence numbers in the
report are positions in the pooled list; the pairs and their first pooled sentence are
listed on stderr (``--pairs-quiet`` drops that list).

LIST: one pair per line, ``GOLD SYSTEM`` separated by a tab or blanks; empty lines and
lines starting with ``#`` are skipped; relative paths are relative to LIST's folder.
Globs: the two patterns must have the same wildcards; files are paired by what the
wildcards match (``gold/*.mrg`` and ``sys/*.parsed`` pair ``gold/a.mrg`` with
``sys/a.parsed``); a file with no partner is an error.
"""

from __future__ import annotations

import glob
import os
import re
import sys
import tempfile
from pathlib import Path

_WILD = re.compile(r"[*?\[]")
# notations whose sentences are blocks separated by a blank line
_BLOCK_NOTATIONS = {"conllx", "conllu"}


class PairsError(Exception):
    pass


def read_list(path: str) -> list[tuple[str, str]]:
    base = Path(path).parent
    pairs = []
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PairsError(f"cannot read the pair list {path}: {exc.strerror}") from None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t") if "\t" in line else line.split()
        if len(fields) != 2:
            raise PairsError(f"{path}:{number}:1: expected GOLD and SYSTEM, found {len(fields)} field(s)")
        pairs.append(tuple(str(p if Path(p).is_absolute() else base / p) for p in fields))
    if not pairs:
        raise PairsError(f"{path}: no pairs")
    return pairs  # type: ignore[return-value]


def _pattern(pattern: str) -> re.Pattern:
    """A regex with one group per wildcard of a glob pattern."""
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            out.append("(.*)")
        elif c == "?":
            out.append("(.)")
        elif c == "[":
            j = pattern.find("]", i + 2)
            if j < 0:
                out.append(re.escape(c))
            else:
                out.append("(" + pattern[i:j + 1].replace("[!", "[^") + ")")
                i = j
        else:
            out.append(re.escape(c))
        i += 1
    return re.compile("".join(out) + r"\Z")


def match_globs(gold_pattern: str, system_pattern: str) -> list[tuple[str, str]]:
    def keyed(pattern: str) -> dict[tuple, str]:
        rx = _pattern(pattern)
        files = {}
        for path in sorted(glob.glob(pattern)):
            m = rx.match(path)
            if m:
                files[m.groups()] = path
        return files

    gold, system = keyed(gold_pattern), keyed(system_pattern)
    if not gold:
        raise PairsError(f"no file matches {gold_pattern}")
    if not system:
        raise PairsError(f"no file matches {system_pattern}")
    lonely = [gold[k] for k in gold if k not in system] + [system[k] for k in system if k not in gold]
    if lonely:
        raise PairsError("no partner for " + ", ".join(lonely[:10]))
    return [(gold[k], system[k]) for k in sorted(gold)]


def _notation(path: str, fmt: str | None) -> str:
    if fmt:
        return fmt
    from tcompare.formats.lines import sniff_head

    return sniff_head(path)


def _count(path: str, fmt: str | None) -> int:
    from tcompare import formats

    return len(formats.read_file(path, fmt))


def pool(pairs: list[tuple[str, str]], fmt: str | None, folder: str, err, quiet: bool = False) -> tuple[str, str]:
    """Check the pairs and write the pooled gold and system files into `folder`."""
    for g, s in pairs:
        for p in (g, s):
            if not os.path.isfile(p):
                raise PairsError(f"cannot read {p}")
    notation = _notation(pairs[0][0], fmt)
    block = notation in _BLOCK_NOTATIONS
    first = 1
    suffix = Path(pairs[0][0]).suffix
    out_paths = (os.path.join(folder, "gold" + suffix), os.path.join(folder, "system" + suffix))
    with open(out_paths[0], "wb") as gold_out, open(out_paths[1], "wb") as system_out:
        for number, (g, s) in enumerate(pairs, 1):
            ng, ns = _count(g, fmt), _count(s, fmt)
            if ng != ns:
                raise PairsError(f"pair {number}: {g} has {ng} sentences, {s} has {ns}; pooling "
                                 "would misalign every later pair")
            if not quiet:
                err.write(f"pair {number}: sentences {first}-{first + ng - 1}: {g} | {s}\n")
            first += ng
            for path, out in ((g, gold_out), (s, system_out)):
                data = Path(path).read_bytes()
                if data.startswith(b"\xef\xbb\xbf") and number > 1:
                    data = data[3:]
                if data and not data.endswith(b"\n"):
                    data += b"\n"
                if block and data.strip() and not data.endswith(b"\n\n"):
                    data += b"\n"
                out.write(data)
    return out_paths


def expand(argv: list[str], err=None) -> tuple[list[str], tempfile.TemporaryDirectory | None]:
    """Replace ``--pairs LIST`` or two glob patterns by two pooled files (kept in the returned
    temporary folder, which the caller cleans up).  Other arguments are left as they are."""
    err = err or sys.stderr
    args = list(argv)
    pairs = None
    quiet = "--pairs-quiet" in args
    args = [a for a in args if a != "--pairs-quiet"]
    fmt = None
    for k, a in enumerate(args):
        if a == "--format" and k + 1 < len(args):
            fmt = args[k + 1]
        elif a.startswith("--format="):
            fmt = a.split("=", 1)[1]
    for k, a in enumerate(args):
        if a == "--pairs" or a.startswith("--pairs="):
            value = a.split("=", 1)[1] if "=" in a else (args[k + 1] if k + 1 < len(args) else None)
            if value is None:
                raise PairsError("--pairs needs a file listing GOLD SYSTEM pairs")
            pairs = read_list(value)
            del args[k:k + (1 if "=" in a else 2)]
            break
    if pairs is None:
        positional = [k for k, a in enumerate(args) if not a.startswith("-") and _WILD.search(a)
                      and not os.path.exists(a)]
        if len(positional) != 2:
            return argv, None
        i, j = positional
        pairs = match_globs(args[i], args[j])
        args = [a for k, a in enumerate(args) if k not in (i, j)]
    folder = tempfile.TemporaryDirectory(prefix="tcompare-pairs-")
    try:
        gold, system = pool(pairs, fmt, folder.name, err, quiet)
    except BaseException:
        folder.cleanup()
        raise
    return [gold, system, *args], folder
