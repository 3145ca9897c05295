"""The UD validator's problems on the sentences and words they concern.  No Qt.

The window validates text it builds itself (`document`): the whole gold file as a save
would write it, or a few edited sentences alone.  It remembers where each sentence starts
in that text (`Block`), so `locate` turns a problem's line into the sentence (its row in the
corpus) and the word on that line: a word line gives the word (0-based, as
`DepSentence.words` counts), a multiword range (``3-4``) its first word, an empty node
(``8.1``) its ID; a comment or the blank line after the sentence gives the sentence alone;
a line outside every sentence (the file's head) gives neither.

`ValidationState` keeps the findings per sentence: a whole-file run replaces them all, a
run on edited sentences replaces theirs (file-wide checks, such as a ``sent_id`` used
twice, come from whole-file runs).  A sentence is *invalid* when it has an error;
warnings are listed, never counted as invalid (the validator passes a file with warnings).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable

from tcompare import formats
from tcompare.analysis.ud_validator import Problem
from tcompare.model.corpus import Corpus

# UD's file names: ``en_ewt-ud-test.conllu`` -> ``en``; ``ud`` checks the universal part only
_UD_NAME = re.compile(r"^([a-z]{2,3})_[a-z0-9]+-ud-", re.IGNORECASE)
UNIVERSAL = "ud"


def guess_language(path: str) -> str:
    """The language code of a UD file name, else ``ud`` (the universal checks only)."""
    m = _UD_NAME.match(Path(path).name)
    return m.group(1).lower() if m else UNIVERSAL


@dataclass(frozen=True)
class Block:
    """Sentence `row` of the corpus, at line `first_line` of the validated text."""

    row: int
    first_line: int
    text: str


@dataclass(frozen=True)
class Finding:
    """A problem placed: the sentence (`row`, None for the file's head), the word
    (0-based index into its words, None for the sentence as a whole) and the ID column of
    the line (``7``, ``3-4``, ``8.1``; empty for a comment or a blank line)."""

    problem: Problem
    row: int | None
    word: int | None = None
    node: str = ""

    @property
    def is_error(self) -> bool:
        return not self.problem.is_warning


def document(corpus: Corpus, rows: Iterable[int] | None = None) -> tuple[str, list[Block]]:
    """The text to validate and where each sentence starts in it: every sentence with the
    file's head and tail (`rows` None), else those sentences alone, one after another."""
    records = corpus.records
    chosen = range(len(records)) if rows is None else sorted(set(rows))
    parts = [corpus.prolog] if rows is None else []
    line = 1 + (corpus.prolog.count("\n") if rows is None else 0)
    blocks = []
    for row in chosen:
        text = formats.record_text(corpus, records[row])
        if not text.endswith("\n"):       # (a last sentence without its newline)
            text += "\n"
        blocks.append(Block(row, line, text))
        parts.append(text)
        line += text.count("\n")
    if rows is None:
        parts.append(corpus.epilog)
    return "".join(parts), blocks


def locate(problems: Iterable[Problem], blocks: list[Block]) -> list[Finding]:
    """Each problem on its sentence and word (see the module docstring)."""
    starts = [b.first_line for b in blocks]
    lines_of: dict[int, list[str]] = {}
    found = []
    for problem in problems:
        k = bisect.bisect_right(starts, problem.line) - 1
        if k < 0:
            found.append(Finding(problem, None))
            continue
        block = blocks[k]
        lines = lines_of.get(k)
        if lines is None:
            lines = lines_of[k] = block.text.split("\n")[:-1]
        offset = problem.line - block.first_line
        if offset >= len(lines):          # past the sentence: the file's tail
            found.append(Finding(problem, None))
            continue
        word, node = _word_on(lines, offset)
        found.append(Finding(problem, block.row, word, node))
    return found


def _word_on(lines: list[str], offset: int) -> tuple[int | None, str]:
    """(word index, ID) of line `offset` of a sentence's lines."""
    node = _row_id(lines[offset])
    if not node:
        return None, ""
    first = node.split("-", 1)[0] if "-" in node else node
    if not first.isdigit():               # an empty node (8.1) or a broken ID
        return None, node
    words = 0
    for line in lines:
        row_id = _row_id(line)
        if row_id == first:
            return words, node
        if row_id.isdigit():
            words += 1
    return None, node


def _row_id(line: str) -> str:
    line = line.rstrip("\r")
    if not line or line.startswith("#") or "\t" not in line:
        return ""
    return line.split("\t", 1)[0]


@dataclass
class ValidationState:
    """The findings of the runs so far, per sentence (see the module docstring)."""

    by_row: dict[int, list[Finding]] = field(default_factory=dict)
    file_level: list[Finding] = field(default_factory=list)
    whole_file: bool = False          # a whole-file run is behind the findings
    rows: int = 0                     # the corpus's length when the whole file was checked

    def clear(self) -> None:
        self.by_row.clear()
        self.file_level.clear()
        self.whole_file, self.rows = False, 0

    def set_whole_file(self, findings: Iterable[Finding], rows: int) -> None:
        self.clear()
        self.whole_file, self.rows = True, rows
        self._add(findings)

    def set_rows(self, rows: Iterable[int], findings: Iterable[Finding]) -> None:
        """The findings of a run on sentences `rows` alone (theirs are replaced)."""
        for row in rows:
            self.by_row.pop(row, None)
        self._add(f for f in findings if f.row is not None)

    def _add(self, findings: Iterable[Finding]) -> None:
        for f in findings:
            if f.row is None:
                self.file_level.append(f)
            else:
                self.by_row.setdefault(f.row, []).append(f)

    def resize(self, row: int, count: int, new_count: int) -> None:
        """Sentences `row` .. `row + count` became `new_count` sentences (a sentence split
        or joined): their findings go (they are checked again), the later ones move."""
        shift = new_count - count
        moved: dict[int, list[Finding]] = {}
        for r, fs in self.by_row.items():
            if r < row:
                moved[r] = fs
            elif r >= row + count:
                moved[r + shift] = [replace(f, row=r + shift) for f in fs]
        self.by_row = moved
        if self.rows:
            self.rows += shift

    def findings(self) -> list[Finding]:
        """Every finding: the file's own first, then by sentence and line."""
        out = list(self.file_level)
        for row in sorted(self.by_row):
            out.extend(self.by_row[row])
        return out

    def for_row(self, row: int) -> list[Finding]:
        return list(self.by_row.get(row, ()))

    def invalid_rows(self) -> list[int]:
        """Sentences with at least one error, in file order."""
        return sorted(r for r, fs in self.by_row.items() if any(f.is_error for f in fs))

    def errors(self) -> int:
        return sum(f.is_error for f in self.findings())

    def warnings(self) -> int:
        return sum(not f.is_error for f in self.findings())

    def step(self, current: int | None, forward: bool = True) -> int | None:
        """The next (previous) invalid sentence after `current`, wrapping; None if none."""
        rows = self.invalid_rows()
        if not rows:
            return None
        if current is None:
            return rows[0] if forward else rows[-1]
        if forward:
            k = bisect.bisect_right(rows, current)
            return rows[k % len(rows)]
        k = bisect.bisect_left(rows, current) - 1
        return rows[k % len(rows)]
