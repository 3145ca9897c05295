"""Cutting a bracketed file into sentence records, shared by the TCT-family readers.

Used by ``tct`` (square brackets), ``tct2012`` (round brackets) and ``pku``.

Rule
----
* Line mode -- at least half of the non-blank lines hold whole trees (they start with a
  bracket and balance without ever closing more than they opened; real TCT / ParsEval /
  PKU files have one tree per line): every non-blank line is one
  sentence, so one broken line (a missing ``]``) is one error and never swallows the
  sentences after it.
* Tree mode -- otherwise (trees spread over lines, as printed in the papers): a sentence
  runs until its brackets balance at the end of a line.
* Blank lines separate sentences in both modes; they stay in the source of the sentence
  before them (or in the prolog) so writing gives the same bytes back, and a reader keeps
  them in ``Tree.meta["trailing"]`` so an edited sentence keeps its spacing too.
* Missing parses (spec/metrics.md §7, `split_no_parse`): in line mode a blank line where a
  tree is expected is a sentence with no parse, so later sentences keep their places.  A
  file whose trees are separated by blank lines (the most common gap between two trees is
  k >= 1 blank lines, found between more than half of the trees) has k lines of separator
  after each tree; each further k + 1 blank lines between two trees are one missing parse.
  Blank lines before the first tree (prolog) and after the last are never sentences.  Two
  trees with blank lines between them are read as separated (ambiguous; the scorer's pairing
  by text still counts a missing gold sentence as 0).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, cast

from tcompare.model.corpus import Corpus, ParseError, SentenceRecord
from tcompare.model.tree import Tree


def split_lines(text: str) -> list[str]:
    """Lines with their terminators, split on ``\\n`` only (``str.splitlines`` would also
    split on U+2028 and form feeds, which are text inside a sentence)."""
    lines = text.split("\n")
    last = lines.pop()
    result = [line + "\n" for line in lines]
    if last:
        result.append(last)
    return result


def group_records(text: str, opener: str, closer: str) -> tuple[str, list[tuple[int, str]]]:
    """Cut `text` into ``(first_line, source)`` sentences; return ``(prolog, sentences)``.

    Parameters
    ----------
    text : the whole decoded file.
    opener, closer : the bracket characters that nest (``[``/``]`` or ``(``/``)``).
    """
    lines = split_lines(text)
    nonblank = [line for line in lines if line.strip()]
    brackets = re.compile(re.escape(opener) + "|" + re.escape(closer))
    whole = sum(1 for line in nonblank if _whole_tree(line, opener, closer, brackets))
    line_mode = whole * 2 >= len(nonblank)
    prolog: list[str] = []
    # each sentence's lines, joined once at the end: a blank line joins the sentence before
    # it, and re-joining a string per line made a tree followed by 10^6 blank lines quadratic
    groups: list[tuple[int, list[str]]] = []
    chunk: list[str] = []
    start = depth = 0
    for number, line in enumerate(lines, 1):
        if not chunk and not line.strip():
            (groups[-1][1] if groups else prolog).append(line)
            continue
        if not chunk:
            start = number
        chunk.append(line)
        depth += line.count(opener) - line.count(closer)
        if line_mode or depth <= 0:
            groups.append((start, chunk))
            chunk, depth = [], 0
    if chunk:  # brackets still open at the end of the file: the parse reports where
        groups.append((start, chunk))
    sentences = [(first, "".join(parts)) for first, parts in groups]
    if line_mode:
        sentences = split_no_parse(sentences)
    return "".join(prolog), sentences


def _blank_count(source: str) -> tuple[int, int]:
    """(lines of the sentence itself, blank lines after it) in a sentence's source."""
    trailing = trailing_blank(source)
    own = source[:len(source) - len(trailing)] if trailing else source
    return own.count("\n") + (0 if own.endswith("\n") else 1), trailing.count("\n") + (
        1 if trailing and not trailing.endswith("\n") else 0)


def separator_width(gaps: list[int]) -> int:
    """The blank lines a file puts between two trees as a mere separator (0 or the most
    common gap, when more than half of the gaps have blank lines)."""
    nonzero = [g for g in gaps if g]
    if not gaps or len(nonzero) * 2 <= len(gaps):
        return 0
    return min(Counter(nonzero).most_common(), key=lambda kv: (-kv[1], kv[0]))[0]


def is_blank_source(source: str) -> bool:
    return not source.strip()


def split_no_parse(sentences: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Turn blank lines between trees into no-parse sentences (see the module docstring);
    a no-parse sentence's source is its blank lines (so the file still round-trips)."""
    if len(sentences) < 2:
        return sentences
    counts = [_blank_count(source) for _, source in sentences]
    k = separator_width([blank for _, blank in counts[:-1]])
    out: list[tuple[int, str]] = []
    for n, ((first, source), (own, blank)) in enumerate(zip(sentences, counts)):
        missing = (blank - k) // (k + 1) if n < len(sentences) - 1 and blank > k else 0
        if not missing:
            out.append((first, source))
            continue
        lines = split_lines(source)
        keep = own + k
        out.append((first, "".join(lines[:keep])))
        line = first + keep
        rest = lines[keep:]
        for m in range(missing):
            chunk = rest[m * (k + 1):(m + 1) * (k + 1)] if m < missing - 1 else rest[m * (k + 1):]
            out.append((line, "".join(chunk)))
            line += len(chunk)
    return out


_LABEL_FIRST = re.compile(r"[^\s()\[\]]+\s*")


def _whole_tree(line: str, opener: str, closer: str, brackets: re.Pattern[str]) -> bool:
    """Does `line` hold complete trees: it opens with a bracket, never closes more than it
    opened, and ends balanced?  (``?/rN ] [vp-PO ?`` in a tree printed over several lines
    has as many brackets of each kind but is no tree.)"""
    body = line.lstrip()
    starts = body.startswith(opener) or _LABEL_FIRST.match(body) and (
        body[cast("re.Match[str]", _LABEL_FIRST.match(body)).end():].startswith(opener))   # PKU "zj ( ... )"
    if not starts or line.count(opener) != line.count(closer):
        return False
    depth = 0
    for m in brackets.finditer(line):
        depth += 1 if m.group() == opener else -1
        if depth < 0:
            return False
    return True


def trailing_blank(source: str) -> str:
    """The blank lines after the sentence's own last line (kept for re-writing)."""
    body = source.rstrip(" \t\r\n")
    end = source.find("\n", len(body))
    return source[end + 1:] if end >= 0 else ""


def trailing_meta(source: str) -> dict[str, Any]:
    """Tree.meta keeping the blank lines after a sentence, so the writer gives them back."""
    trailing = trailing_blank(source)
    return {"trailing": trailing} if trailing else {}


def line_col(source: str, offset: int) -> tuple[int, int]:
    """0-based line delta and 1-based column of `offset` inside `source`."""
    line = source.count("\n", 0, offset)
    col = offset - (source.rfind("\n", 0, offset) + 1) + 1
    return line, col


class SyntaxProblem(Exception):
    """A malformed sentence: `offset` is the character offset in the sentence's source."""

    def __init__(self, message: str, offset: int, hint: str = ""):
        super().__init__(message)
        self.message, self.offset, self.hint = message, offset, hint


def located_error(problem: SyntaxProblem, source: str, first_line: int, path: str) -> ParseError:
    """A `ParseError` naming file, line and column, with the offending line as excerpt."""
    offset = max(0, min(problem.offset, len(source)))
    dline, col = line_col(source, offset)
    line_start = source.rfind("\n", 0, offset) + 1
    line_end = source.find("\n", offset)
    excerpt = source[line_start:line_end if line_end >= 0 else None].rstrip("\r")
    message = problem.message
    if "column" not in message:
        message += f" at column {col}"
    return ParseError(message, path, first_line + dline, col, excerpt, problem.hint)


def guarded_parser(parse_source: Callable[[str], Any], path: str
                   ) -> Callable[[SentenceRecord], tuple[Any, ParseError | None]]:
    """A record's parser that never raises: `parse_source(source)` gives the item or raises
    `SyntaxProblem` (located at file:line:column); anything else it raises (a bug, a tree
    too deep) still becomes that sentence's error, not a crash of the whole file."""
    def parse(record: SentenceRecord) -> tuple[Any, ParseError | None]:
        try:
            return parse_source(record.source), None
        except SyntaxProblem as problem:
            return None, located_error(problem, record.source, record.line, path)
        except RecursionError:
            return None, ParseError("tree too deeply nested", path, record.line)
        except Exception as exc:  # noqa: BLE001 - a reader must never crash on input
            return None, ParseError(f"cannot read this sentence ({type(exc).__name__}: {exc})",
                                    path, record.line)
    return parse


def build_corpus(text: str, path: str, notation: str, opener: str, closer: str,
                 parse_source: Callable[[str], object]) -> Corpus:
    """Group `text` into records that run `parse_source` lazily.

    `parse_source(source)` returns the item or raises `SyntaxProblem`; anything else it
    raises is a bug, but is still turned into a sentence error rather than a crash.
    """
    corpus = Corpus(path=path, notation=notation)
    prolog, sentences = group_records(text, opener, closer)
    corpus.prolog = prolog
    guarded = guarded_parser(parse_source, path)

    def parse(record: SentenceRecord) -> tuple[object, ParseError | None]:
        if is_blank_source(record.source):     # a blank line where a tree belongs: no parse
            return Tree.build(None, {"no_parse": "blank line"}), None
        return guarded(record)

    corpus.records = [SentenceRecord(i, first, source, _parse=parse)
                      for i, (first, source) in enumerate(sentences, 1)]
    return corpus
