"""CoNLL-X reader/writer (spec/notations.md §7), shared with the CoNLL-U reader.

Format: one token per line, 10 tab-separated columns ID FORM LEMMA CPOSTAG POSTAG FEATS
HEAD DEPREL PHEAD PDEPREL (``_`` = empty), a blank line after each sentence.

Reading rules
-------------
* A sentence is a run of non-blank lines; a *blank* line is one holding only whitespace
  (eval.pl's ``/^\\s+$/``).  Each `SentenceRecord.source` is the sentence's lines plus the
  blank lines that follow it, so ``prolog + sources`` gives the file back byte for byte
  (a missing final blank line and CRLF line ends included).
* Columns are split on TAB; a line without any TAB is split on runs of whitespace (what
  eval.pl does for every line).  Fewer than 8 columns is an error for the sentence; 8 or 9
  are padded with ``_`` and a warning is kept; columns past the tenth are kept verbatim,
  with a warning.  Those warnings (a row that is not 10 columns wide) are also listed in
  ``DepSentence.meta["bad_width"]``: `tcompare convert` refuses such input (exit 1).
* ``#`` lines are comments (CoNLL-U); they are kept in `DepSentence.comments`.
* Problems that do not stop scoring (HEAD outside ``0..n``, a non-numeric HEAD, IDs out of
  sequence) are kept as `ParseError` objects in ``DepSentence.meta["warnings"]``, naming
  file, line and column; the sentence is still scored (eval.pl compares HEADs as strings).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterator, cast

from tcompare.formats import Notation
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord, shown
from tcompare.model.deps import DepSentence, DepToken

if TYPE_CHECKING:
    from tcompare.model.deps import TenColumns

_WS = re.compile(r"\s+")
_INT = re.compile(r"^[0-9]+$")
_LINE = re.compile(r"[^\n]*\n|[^\n]+$")


def is_blank(line: str) -> bool:
    """eval.pl's sentence separator: a line that is all whitespace."""
    return not line.strip()


# a run of blank lines (all whitespace, as `is_blank`: the regex \s is str.isspace), and the
# first blank line at or after a line start ("\n" only ends a line)
_BLANK_RUN = re.compile(r"\s*\n(?:[^\S\n]+\Z)?|[^\S\n]+\Z")   # \s*\n: up to the run's last "\n"
_BLANK_LINE = re.compile(r"^[^\S\n]*(?:\n|\Z)", re.M)


def split_blocks(text: str, path: str,
                 parse_block: Callable[[SentenceRecord, str], tuple[DepSentence | None, ParseError | None]]
                 ) -> Corpus:
    """Split `text` into sentence records (lazily parsed by ``parse_block(record, path)``):
    each holds its rows and the blank lines after them.  Found with two regexes, never a
    string per line (a 10^6-row sentence was 10^6 line strings joined again)."""
    corpus = Corpus(path=path)
    n = len(text)
    blanks = _BLANK_RUN.match(text)
    pos = blanks.end() if blanks else 0
    corpus.prolog = text[:pos]
    line = 1 + text.count("\n", 0, pos)
    records = corpus.records
    parse = cast("Callable[[SentenceRecord], tuple[Any, ParseError | None]]",
                 lambda rec, _p=path: parse_block(rec, _p))
    while pos < n:
        blank = _BLANK_LINE.search(text, pos)
        rows_end = blank.start() if blank is not None and blank.start() < n else n
        blanks = _BLANK_RUN.match(text, rows_end)
        end = blanks.end() if blanks else rows_end
        source = text[pos:end]
        records.append(SentenceRecord(index=len(records) + 1, line=line, source=source,
                                      _parse=parse))
        line += source.count("\n")
        pos = end
    return corpus


_COLUMN_VALUES: dict[str, str] = {}


def _fields(line: str) -> list[str]:
    if "\t" in line:
        return line.split("\t")
    return [f for f in _WS.split(line.strip())]


def parse_block(record: SentenceRecord, path: str, dialect: str = "conllx"
                ) -> tuple[DepSentence | None, ParseError | None]:
    """Parse one sentence record into a `DepSentence` (or an error naming line and column)."""
    sentence = DepSentence()
    warnings: list[ParseError] = []
    word_lines: list[int] = []
    for offset, raw in enumerate(record.source.split("\n")):
        line_no = record.line + offset
        line = raw.rstrip("\r\n")
        if is_blank(line):
            continue
        if line.startswith("#"):
            sentence.comments.append(line)
            continue
        cols = _fields(line)
        if len(cols) < 8:
            return None, ParseError(
                f"{len(cols)} columns, a {dialect.upper()} row needs 10", path, line_no,
                len(line) + 1, line[:80],
                "columns are separated by TAB: ID FORM LEMMA CPOSTAG POSTAG FEATS HEAD DEPREL ...")
        if len(cols) != 10:
            problem = ParseError(f"{len(cols)} columns, padded with '_' to 10" if len(cols) < 10
                                 else f"{len(cols)} columns, a {dialect.upper()} row has 10 "
                                      "(the ones past the tenth are kept as they are)",
                                 path, line_no, len(line) + 1, line[:80])
            warnings.append(problem)
            sentence.meta.setdefault("bad_width", []).append(problem)
            cols = cols + ["_"] * (10 - len(cols))
        # one string per distinct tag / relation / feature value (they repeat: a 10^6-word
        # sentence kept a copy of each on every row)
        if len(_COLUMN_VALUES) < 200_000:
            for c in (2, 3, 4, 5, 7, 8, 9):
                cols[c] = _COLUMN_VALUES.setdefault(cols[c], cols[c])
        token = DepToken(*cast("TenColumns", cols[:10]), extra_columns=tuple(cols[10:]))
        if not token.id:
            return None, ParseError("empty ID column", path, line_no, 1, line[:80])
        sentence.rows.append(token)
        if token.kind == "word":
            word_lines.append(line_no)
    if not sentence.rows:
        # an empty block (comments, no token row): the parser gave no parse for this
        # sentence; it keeps its place and counts as 0 (spec/metrics.md §7)
        sentence.meta["no_parse"] = "comment lines but no token rows"
        sentence.meta["lines"] = []
        return sentence, None
    _check(sentence, word_lines, path, warnings)
    if warnings:
        sentence.meta["warnings"] = warnings
    sentence.meta["lines"] = word_lines
    return sentence, None


def _column_of(source_line: str, index: int) -> int:
    """1-based character column where field `index` starts on a TAB-separated line."""
    parts = source_line.split("\t")
    return sum(len(p) + 1 for p in parts[:index]) + 1


def _check(sentence: DepSentence, word_lines: list[int], path: str, warnings: list[ParseError]) -> None:
    words = sentence.words
    n = len(words)
    for position, (token, line_no) in enumerate(zip(words, word_lines), start=1):
        if token.id != str(position):
            warnings.append(ParseError(f"ID {shown(token.id)} where {position} was expected",
                                       path, line_no, 1))
        if not _INT.match(token.head):
            if token.head != "_":
                warnings.append(ParseError(f"HEAD {shown(token.head)} is not a number", path, line_no,
                                           _column_of("\t".join(token.columns), 6)))
            else:
                warnings.append(ParseError("HEAD is empty ('_')", path, line_no,
                                           _column_of("\t".join(token.columns), 6)))
        elif _exceeds(token.head, n):
            warnings.append(ParseError(
                f"HEAD {token.head if len(token.head) <= 40 else shown(token.head)} points "
                f"outside the sentence (it has {n} words)", path,
                line_no, _column_of("\t".join(token.columns), 6)))


def _exceeds(digits: str, n: int) -> bool:
    """``int(digits) > n`` without converting thousands of digits (int() refuses > 4,300)."""
    digits = digits.lstrip("0") or "0"
    return len(digits) > 18 or int(digits) > n


def format_item(sentence: DepSentence, newline: str = "\n") -> str:
    """One sentence as text: comments, rows, then the blank line."""
    lines = list(sentence.comments) + ["\t".join(r.columns) for r in sentence.rows]
    return newline.join(lines) + newline + newline


def parse(text: str, path: str = "<input>") -> Corpus:
    return split_blocks(text, path, lambda rec, p: parse_block(rec, p, "conllx"))


def lines_of(text: str) -> Iterator[str]:
    """``text.split("\\n")`` one line at a time: a sniffer that reads the first lines of a
    14 MB file must not split all of it."""
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield text[start:]
            return
        yield text[start:end]
        start = end + 1


def sniff(text: str) -> float:
    """Share of the first 50 token lines that look like 10-column rows with a numeric ID."""
    seen = good = 0
    for line in lines_of(text):
        if is_blank(line) or line.startswith("#"):
            continue
        seen += 1
        # at most 11 pieces: a 36 MB line of another notation was split into 7M strings
        cols = line.split("\t", 10) if "\t" in line else _WS.split(line.strip(), 10)
        if len(cols) >= 8 and re.match(r"^[0-9]+([-.][0-9]+)?$", cols[0]):
            good += 1
        if seen >= 50:
            break
    return 0.0 if not seen else 0.9 * good / seen


NOTATION = Notation(
    name="conllx",
    description="CoNLL-X dependencies (10 tab-separated columns, blank line between sentences)",
    kind="dependency",
    sniff=sniff,
    parse=parse,
    format_item=format_item,
    extensions=(".conll", ".conllx", ".conll06", ".conll07", ".dep"),
)
