"""CoNLL-X / CoNLL-U sentences as plain column lists, read on demand.

`formats.conllx` builds a `DepToken` per row and keeps every sentence's text: right for
editing, but a release diff of two 10^6-token files would hold about 300 MB per file.  Here
a file is scanned once for where its sentences lie (`ConllBlocks.open`: in pieces, never
whole; a pipe or ``-`` is held as bytes), and a sentence's rows are read back when asked
for (`ConllBlocks.rows`, with ``pread``) and forgotten by the caller.

The sentence rules are the reader's (`formats/conllx.py`): a sentence is a run of non-blank
lines (a blank line holds only ASCII whitespace), ``#`` lines are comments, columns are split
on TAB (on runs of whitespace when a line has no TAB), 8 or 9 columns are padded with ``_``,
fewer than 8 is an error naming file, line and column.  A UTF-8 byte-order mark is skipped;
bytes that are not UTF-8 make that sentence an error naming the line and column.
"""

from __future__ import annotations

import os
import re
import weakref
from array import array
from typing import Any, Callable, NamedTuple

from tcompare.model.corpus import ParseError

# a line end and the blank lines after it (a literal first: found at memchr speed); the
# blank lines at the very start of a file
_BLANKS = re.compile(rb"\n(?:[ \t\r\f\v]*\n)+|\n[ \t\r\f\v]*\Z")
_LEADING = re.compile(rb"(?:[ \t\r\f\v]*\n)+")
_WS = re.compile(r"\s+")
PIECE = 1 << 22
HINT = "columns are separated by TAB: ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL ..."


class ConllRows(NamedTuple):
    """One sentence: its syntactic words' 10 columns, its multiword ranges as
    ``(id, form)``, its comment lines, the 1-based line of its first line and of each word."""

    words: list[list[str]]
    ranges: list[tuple[str, str]]
    comments: list[str]
    line: int
    word_lines: list[int]

    def sent_id(self) -> str | None:
        return sent_id_of(self.comments)

    def surface(self) -> list[str]:
        """The surface tokens: a multiword token's form instead of its words' forms."""
        return surface_forms([w[0] for w in self.words], [w[1] for w in self.words], self.ranges)


def sent_id_of(comments: list[str]) -> str | None:
    for c in comments:
        key, eq, value = c.lstrip("#").partition("=")
        if eq and key.strip() == "sent_id":
            return value.strip() or None
    return None


def surface_forms(ids: list[str], forms: list[str], ranges: list[tuple[str, str]]) -> list[str]:
    """The forms a reader sees: each multiword range's form stands for the words it covers."""
    if not ranges:
        return forms
    covered: dict[int, tuple[int, str]] = {}
    for rid, form in ranges:
        first, _, last = rid.partition("-")
        if first.isdigit() and last.isdigit():
            covered[int(first)] = (int(last), form)
    out: list[str] = []
    skip_to = 0
    for rid, form in zip(ids, forms):
        n = int(rid) if rid.isdigit() else 0
        if n in covered:
            skip_to, shown = covered[n]
            out.append(shown)
        elif n > skip_to or not n:
            out.append(form)
    return out


class ConllBlocks:
    """The sentences of one CoNLL file: ``len``, `line(k)`, `rows(k)`, `key(k)`."""

    def __init__(self, path: str, data: bytes | None = None, fd: int | None = None,
                 visit: Callable[[int, bytes, int], None] | None = None) -> None:
        self.path = path
        self.visit = visit            # called with (k, its bytes, its first line) as found
        self.data = data              # the bytes (a stream), or None: read back from `fd`
        self.fd = fd
        self.starts = array("q")
        self.ends = array("q")
        self.lines = array("q")
        self.bom = 0
        self._closer: Any = weakref.finalize(self, lambda: None)

    @classmethod
    def from_bytes(cls, data: bytes, path: str,
                   visit: Callable[[int, bytes, int], None] | None = None) -> "ConllBlocks":
        """The sentences of bytes already read (a pipe); `visit` as for `open`."""
        blocks = cls(path, data=data, visit=visit)
        blocks.bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        blocks._scan(data[blocks.bom:], blocks.bom, 1, final=True, start=True)
        blocks.visit = None
        return blocks

    @classmethod
    def open(cls, path: str, visit: Callable[[int, bytes, int], None] | None = None
             ) -> "ConllBlocks":
        """Scan a regular file in pieces; OSError when it cannot be opened or read.
        `visit(k, raw, line)` is called on each sentence's bytes as it is found (one pass
        for what a caller needs of every sentence, e.g. `key_of`)."""
        fd = os.open(path, os.O_RDONLY)
        try:
            blocks = cls(path, fd=fd, visit=visit)
            blocks._closer = weakref.finalize(blocks, os.close, fd)
            carry, offset, line = b"", 0, 1
            first = start = True
            while True:
                piece = os.read(fd, max(PIECE, 3) if first else PIECE)   # (a BOM whole)
                end = not piece
                if first:
                    first = False
                    if piece.startswith(b"\xef\xbb\xbf"):
                        blocks.bom = offset = 3
                        piece = piece[3:]
                if end:
                    blocks._scan(carry, offset, line, final=True, start=start)
                    break
                buf = carry + piece
                used, line = blocks._scan(buf, offset, line, final=False, start=start)
                start = start and used == 0
                carry, offset = buf[used:], offset + used
            blocks.visit = None
        except BaseException:
            if "blocks" in locals():
                blocks.close()
            else:
                os.close(fd)
            raise
        return blocks

    def close(self) -> None:
        """Close the file (also done when the object is collected)."""
        self._closer()
        self.fd = None

    def _scan(self, buf: bytes, offset: int, line: int, final: bool, start: bool = False
              ) -> tuple[int, int]:
        """Record the sentences of `buf` (at file `offset`, first line `line`) that surely
        end in it; return how many bytes were used and the line after them."""
        pos = 0
        # a run of blank lines is known to end only before a whole line that is not blank:
        # look no further than the start of the last (maybe partial) line
        limit = len(buf) if final else buf.rfind(b"\n") + 1
        if start:
            lead = _LEADING.match(buf, 0, limit)
            if lead:
                if not final and lead.end() >= limit:
                    return 0, line
                line += buf.count(b"\n", 0, lead.end())
                pos = lead.end()
        for m in _BLANKS.finditer(buf, pos, limit):
            if not final and m.end() >= limit:
                break                        # the blank run may go on in the next piece
            self._add(buf, pos, m.start() + 1, offset, line)
            line += buf.count(b"\n", pos, m.end())
            pos = m.end()
        if final and pos < len(buf):
            if buf[pos:].strip(b" \t\r\f\v\n"):
                self._add(buf, pos, len(buf), offset, line)
            line += buf.count(b"\n", pos)
            pos = len(buf)
        return pos, line

    def _add(self, buf: bytes, start: int, end: int, offset: int, line: int) -> None:
        if self.visit is not None:
            self.visit(len(self.starts), buf[start:end], line)
        self.starts.append(offset + start)
        self.ends.append(offset + end)
        self.lines.append(line)

    def __len__(self) -> int:
        return len(self.starts)

    def line(self, k: int) -> int:
        return self.lines[k]

    def raw(self, k: int) -> bytes:
        start, end = self.starts[k], self.ends[k]
        if self.data is not None:
            return self.data[start:end]
        assert self.fd is not None
        return os.pread(self.fd, end - start, start)

    def _text(self, k: int) -> str | ParseError:
        return decoded(self.raw(k), self.lines[k], self.path)

    def key(self, k: int) -> tuple[str | None, list[str] | None]:
        """`key_of` sentence k."""
        return key_of(self.raw(k), self.lines[k], self.path)

    def rows(self, k: int) -> ConllRows | ParseError:
        """Sentence k's rows, or the error that makes it unreadable."""
        return rows_of(self.raw(k), self.lines[k], self.path)


def decoded(raw: bytes, first: int, path: str) -> str | ParseError:
    """A sentence's bytes as text (CRLF as LF), or the error naming the bad byte's place."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start]
        line = first + before.count(b"\n")
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        return ParseError(f"byte 0x{raw[exc.start]:02x} is not UTF-8", path, line, column)
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    return text


# a row of at least 8 TAB-separated columns: its ID and FORM; a sent_id comment
_ROW = re.compile(r"^([^#\n][^\t\n]*)\t([^\t\n]*)\t(?:[^\t\n]*\t){5}", re.M)
_SENT_ID = re.compile(r"^#+[ \t]*sent_id[ \t]*=(.*)$", re.M)


def key_of(raw: bytes, first: int, path: str) -> tuple[str | None, list[str] | None]:
    """(sent_id, surface forms) of a sentence's bytes without building its rows; the forms
    are None when the sentence is unreadable (`rows_of` says why)."""
    text = decoded(raw, first, path)
    if isinstance(text, ParseError):
        return None, None
    text = text.rstrip("\n")
    found = _SENT_ID.search(text)
    ident = (found.group(1).strip() or None) if found else None
    rows = _ROW.findall(text)
    comments = text.count("\n#") + (text[:1] == "#")
    if len(rows) != text.count("\n") + 1 - comments:
        # a row split on spaces, or too short: the full reader decides
        full = rows_of(raw, first, path)
        if isinstance(full, ParseError):
            return ident, None
        return full.sent_id(), full.surface()
    ids: list[str] = []
    forms: list[str] = []
    ranges: list[tuple[str, str]] = []
    for rid, form in rows:
        if "-" in rid:
            ranges.append((rid, form))
        elif "." not in rid:
            if not rid:
                return ident, None
            ids.append(rid)
            forms.append(form)
    return ident, surface_forms(ids, forms, ranges)


def rows_of(raw: bytes, first: int, path: str) -> ConllRows | ParseError:
    """A sentence's rows from its bytes (first line `first`), or the error that makes it
    unreadable."""
    text = decoded(raw, first, path)
    if isinstance(text, ParseError):
        return text
    words: list[list[str]] = []
    ranges: list[tuple[str, str]] = []
    comments: list[str] = []
    word_lines: list[int] = []
    for offset, line in enumerate(text.rstrip("\n").split("\n")):
        if line[:1] == "#":
            comments.append(line)
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            if len(cols) == 1:
                cols = _WS.split(line.strip())
            if len(cols) < 8:
                return ParseError(f"{len(cols)} columns, a CoNLL row needs 10", path,
                                  first + offset, len(line) + 1, line[:80], HINT)
            if len(cols) < 10:
                cols += ["_"] * (10 - len(cols))
        rid = cols[0]
        if "-" in rid:
            ranges.append((rid, cols[1]))
        elif "." not in rid:
            if not rid:
                return ParseError("empty ID column", path, first + offset, 1, line[:80])
            words.append(cols)
            word_lines.append(first + offset)
    return ConllRows(words, ranges, comments, first, word_lines)
