"""CoNLL-X / CoNLL-U sentences as plain column lists, read from bytes on demand.

`formats.conllx` builds a `DepToken` per row and keeps every sentence's text: right for
editing, but a release diff of two 10^6-token files would hold about 300 MB per file.  Here
a file stays one bytes object plus an array of where each sentence starts; a sentence's
rows are cut out of it when asked for (`ConllBlocks.rows`) and forgotten by the caller.

The sentence rules are the reader's (`formats/conllx.py`): a sentence is a run of non-blank
lines (a blank line holds only whitespace), ``#`` lines are comments, columns are split on
TAB (on runs of whitespace when a line has no TAB), 8 or 9 columns are padded with ``_``,
fewer than 8 is an error naming file, line and column.  A UTF-8 byte-order mark is skipped;
bytes that are not UTF-8 make that sentence an error naming the line and column.
"""

from __future__ import annotations

import re
from array import array
from typing import NamedTuple

from tcompare.model.corpus import ParseError

_BLANK_RUN = re.compile(rb"(?:^[ \t\r\f\v]*(?:\n|\Z))+", re.M)
_WS = re.compile(r"\s+")


class ConllRows(NamedTuple):
    """One sentence: its syntactic words' 10 columns, its multiword ranges as
    ``(id, form)``, its comment lines, the 1-based line of its first line and of each word."""

    words: list[list[str]]
    ranges: list[tuple[str, str]]
    comments: list[str]
    line: int
    word_lines: list[int]

    def sent_id(self) -> str | None:
        for c in self.comments:
            key, eq, value = c.lstrip("#").partition("=")
            if eq and key.strip() == "sent_id":
                return value.strip() or None
        return None

    def surface(self) -> list[str]:
        """The surface tokens: a multiword token's form instead of its words' forms."""
        if not self.ranges:
            return [w[1] for w in self.words]
        covered: dict[int, tuple[int, str]] = {}
        for rid, form in self.ranges:
            first, _, last = rid.partition("-")
            if first.isdigit() and last.isdigit():
                covered[int(first)] = (int(last), form)
        out: list[str] = []
        skip_to = 0
        for w in self.words:
            n = int(w[0]) if w[0].isdigit() else 0
            if n in covered:
                skip_to, form = covered[n]
                out.append(form)
            elif n > skip_to or not n:
                out.append(w[1])
        return out


class ConllBlocks:
    """The sentences of one CoNLL file held as bytes: ``len``, `line(k)`, `rows(k)`."""

    def __init__(self, data: bytes, path: str) -> None:
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        self.data = data
        self.path = path
        self.starts = array("q")
        self.ends = array("q")
        self.lines = array("q")
        pos, line = 0, 1
        for m in _BLANK_RUN.finditer(data):
            if m.start() > pos:
                self.starts.append(pos)
                self.ends.append(m.start())
                self.lines.append(line)
            if m.end() == m.start():      # (an empty match at the very end)
                break
            line += data.count(b"\n", pos, m.end())
            pos = m.end()
        if pos < len(data):
            self.starts.append(pos)
            self.ends.append(len(data))
            self.lines.append(line)

    def __len__(self) -> int:
        return len(self.starts)

    def line(self, k: int) -> int:
        return self.lines[k]

    def rows(self, k: int) -> ConllRows | ParseError:
        """Sentence k's rows, or the error that makes it unreadable."""
        raw = self.data[self.starts[k]:self.ends[k]]
        first = self.lines[k]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            before = raw[:exc.start]
            line = first + before.count(b"\n")
            column = exc.start - (before.rfind(b"\n") + 1) + 1
            return ParseError(f"byte 0x{raw[exc.start]:02x} is not UTF-8", self.path, line, column)
        words: list[list[str]] = []
        ranges: list[tuple[str, str]] = []
        comments: list[str] = []
        word_lines: list[int] = []
        for offset, line_text in enumerate(text.split("\n")):
            line_text = line_text.rstrip("\r")
            if line_text.startswith("#"):
                comments.append(line_text)
                continue
            if not line_text.strip():
                continue
            cols = line_text.split("\t") if "\t" in line_text else _WS.split(line_text.strip())
            if len(cols) < 10:
                if len(cols) < 8:
                    return ParseError(f"{len(cols)} columns, a CoNLL row needs 10", self.path,
                                      first + offset, len(line_text) + 1, line_text[:80],
                                      "columns are separated by TAB: ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL ...")
                cols += ["_"] * (10 - len(cols))
            rid = cols[0]
            if "-" in rid:
                ranges.append((rid, cols[1]))
            elif "." not in rid:
                if not rid:
                    return ParseError("empty ID column", self.path, first + offset, 1, line_text[:80])
                words.append(cols)
                word_lines.append(first + offset)
        return ConllRows(words, ranges, comments, first, word_lines)
