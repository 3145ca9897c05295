"""How big a sentence is, told from its source text without parsing it.

A parsed sentence costs a few hundred bytes per word and per phrase (a `Token` or `Node`,
its form, its offsets), and the analyses built on it (repair search, verdict queries, the
HTML report) cost more.  A command that cannot hold a sentence of 10^6 words within its
budget asks `refusal` first and refuses the sentence with a message naming the file, line
and column where it starts, before a single node of it is built.

The count is an upper bound read with `str.count` (C speed, no object per word): brackets
for the bracket notations, rows for CoNLL, word and phrase marks for TCT and Sinica.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from tcompare.model.corpus import Corpus, Records, SentenceRecord

# words and phrases of a sentence a command still handles within 300 MB and 15 s (measured
# on a flat sentence, CCG's binary trees the dearest: 10^5 words are 2 x 10^5 items there)
ANALYSIS_LIMIT = 50_000     # errors, search, report: repair search, queries, drawings
# score where a sentence is parsed (not on a compiled kernel's path): a tree 10^5 deep
# (2 x 10^5 items) is scored in 250 MB, a flat 10^6-word sentence took 600 MB
SCORE_LIMIT = 250_000
READ_LIMIT = 200_000        # stats, convert: the parsed sentence and one pass over it
# `score --output json` on one-tree-per-line PTB: the compiled path writes a sentence's
# verdicts from its raw line (a 10^5-word line in 87 MB); a line of more than twice this
# many bytes (some 300,000 words) goes to the tree path, which refuses it -- the kernel's JSON
# of a 10^6-word sentence took 600 MB
KERNEL_LINE_BYTES = 1 << 20


def _brackets(source: str) -> int:
    return source.count("(")


def _ccg(source: str) -> int:
    return source.count("(<")


def _rows(source: str) -> int:
    # (the blank lines after a sentence are in its source: 10^6 of them are no rows)
    return source.rstrip().count("\n") + 1


def _tct(source: str) -> int:
    return source.count("[") + source.count("/")


def _sinica(source: str) -> int:
    return source.count("(") + source.count("|") + 1


def _spaces(source: str) -> int:
    stripped = source.rstrip()
    return stripped.count(" ") + stripped.count("\n") + 1


ESTIMATES: dict[str, Callable[[str], int]] = {
    "ptb": _brackets, "tct2012": _brackets, "pku": _brackets, "ccgauto": _ccg,
    "conllx": _rows, "conllu": _rows, "tct": _tct, "sinica": _sinica,
}


def items(notation: str, source: str) -> int:
    """At least as many as the words and phrases the sentence `source` holds."""
    return ESTIMATES.get(notation, _spaces)(source)


def where(corpus: Corpus, record: SentenceRecord) -> str:
    """``FILE:LINE:COLUMN`` of the sentence's first character that is not a space."""
    source = record.source
    start = len(source) - len(source.lstrip())
    line = record.line + source.count("\n", 0, start)
    column = start - (source.rfind("\n", 0, start) + 1) + 1
    return f"{corpus.path}:{line}:{column}"


def refusal(corpora: Iterable[Corpus | None], limit: int, command: str,
            positions: Iterable[int] | None = None) -> str | None:
    """Why `command` refuses: the first sentence (of `positions`, 0-based, or all) with
    more than `limit` words and phrases, named by file, line and column; None when none is."""
    chosen = None if positions is None else list(positions)
    for corpus in corpora:
        if corpus is None:
            continue
        estimate = ESTIMATES.get(corpus.notation, _spaces)
        records = corpus.records
        if chosen is not None:
            wanted: Iterable[Any] = (records[p] for p in chosen if 0 <= p < len(corpus))
        else:       # (a run of blank sentences is small: its records are not made)
            wanted = records.made() if isinstance(records, Records) else records
        for record in wanted:
            # a sentence of at most `limit` characters has at most `limit` items in every
            # notation: most are passed on their length alone
            if len(record.source) <= limit:
                continue
            n = estimate(record.source)
            if n > limit:
                return (f"{where(corpus, record)}: sentence {record.index} is too big for "
                        f"`tcompare {command}`: about {n:,} words and phrases (it handles at "
                        f"most {limit:,})")
    return None


def rows_refusal(data: bytes, path: str, notation: str, limit: int, command: str) -> str | None:
    """`refusal` for a CoNLL file held as UTF-8 bytes (the compiled eval.pl reads bytes).

    A row is at least 19 bytes (ten columns), so a sentence past `limit` rows spans more than
    16 * `limit` bytes without a blank line, and then some point every 8 * `limit` bytes has
    no blank line in the 8 * `limit` bytes after it.  Only when one has is the file split
    into sentences (no tree is built) to name the sentence; else a few hundred `find`s."""
    stride = 8 * limit
    suspect = False
    for point in range(0, max(0, len(data) - stride), stride):
        end = point + stride
        if data.find(b"\n\n", point, end) < 0 and data.find(b"\n\r\n", point, end) < 0:
            suspect = True
            break
    if not suspect:
        return None
    from tcompare import formats

    corpus = formats.get(notation).parse(data.decode("utf-8", "surrogateescape"), path)
    corpus.notation, corpus.path = notation, path
    return refusal((corpus,), limit, command)


def has_long_line(path: str, limit: int) -> bool:
    """Whether the regular file at `path` may hold a line of more than 2 * `limit` bytes.

    Such a line leaves some point every `limit` bytes without a line end in the `limit` bytes
    after it: a `find` per `limit` bytes of the mapped file, which reads a page or so each."""
    import mmap
    import os

    try:
        if not os.path.isfile(path) or os.path.getsize(path) <= 2 * limit:
            return False
        with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return any(data.find(b"\n", point, point + limit) < 0
                       for point in range(0, len(data) - limit, limit))
    except (OSError, ValueError):
        return False
