"""``ud-eval`` on two files in bounded memory: the command line's path (see `udeval`).

The official script loads both files whole, then aligns words over the whole file.  Here
each file is read in *pieces* of whole sentences (cut after a blank line, where its reader
is between sentences) and the two are scored *segment* by segment.  A segment is the
shortest run of gold and system sentences that end at the same character, such that the
official word merge, run on the segment alone, stops where the whole-file merge would go on
as from a file's start: both sides used up, or the side used up first followed by a word
outside any multiword token (the one way the whole-file merge reaches back over the cut is
a multiword token starting the next sentence of the side that got there first).  Every
metric is a sum over words, tokens or sentences of a segment, so the counts add up.

Anything unusual -- a refusal, a bad byte, different characters, an enhanced head before
its sentence -- stops the streaming: `loaded_totals` then does what
the script does, both files read whole in its order, and raises its refusal.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tcompare.scoring.udeval.profile import (
    Flat, add, align, empty_totals, evaluate, flatten, identity, same_words,
)
from tcompare.scoring.udeval.read import (
    NonLocal, Options, Sentence, UdEvalError, read_sentences, read_text,
)
from tcompare.scoring.halves import cut_points
from tcompare.scoring.workers import paused_gc

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

PIECE = 1 << 22


class Refused(Exception):
    """Not streamable as it is: the whole-file path decides."""


def _pieces(source: ByteSource, start: int = 0, limit: int | None = None) -> Iterator[bytes]:
    """The file (or its ``limit`` bytes from ``start``) in pieces that end after a blank
    line (``\n\n`` or ``\r\n\r\n``; the last piece where the file or range ends)."""
    try:
        fh = source.open()
        fh.seek(start)
    except OSError:
        raise Refused from None
    with fh:
        pending = b""
        left = limit
        while True:
            want = PIECE if left is None else min(PIECE, left)
            block = fh.read(want) if want else b""
            if left is not None:
                left -= len(block)
            if not block:
                if pending:
                    yield pending
                return
            data = pending + block
            lf, crlf = data.rfind(b"\n\n"), data.rfind(b"\r\n\r\n")
            cut = max(lf + 2 if lf >= 0 else 0, crlf + 4 if crlf >= 0 else 0)
            if not cut:
                pending = data
                continue
            yield data[:cut]
            pending = data[cut:]


def stream_sentences(source: ByteSource, options: Options, start: int = 0,
                     limit: int | None = None) -> Iterator[Sentence]:
    line = 1
    for piece in _pieces(source, start, limit):
        try:
            text = piece.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused from None
        if "\r" in text:       # universal newlines, as the script's text file reads them
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        try:
            yield from read_text(text, options, line)
        except (UdEvalError, ValueError, IndexError, NonLocal):
            raise Refused from None
        line += text.count("\n")


class _Side:
    def __init__(self, sentences: Iterator[Sentence], then_multiword: bool = False):
        self.it = sentences
        self.ahead: deque[Sentence] = deque()
        self.count = 0           # sentences taken so far
        # whether the word after what is read (a part of the file) is in a multiword token
        self.then_multiword = then_multiword

    def next(self) -> Sentence | None:
        if self.ahead:
            return self.ahead.popleft()
        return next(self.it, None)

    def peek(self) -> Sentence | None:
        if not self.ahead:
            s = next(self.it, None)
            if s is None:
                return None
            self.ahead.append(s)
        return self.ahead[0]


@dataclass
class Segment:
    """What `score_files` hands ``on_segment``: the sentences of a segment, its alignment,
    counts, and where its sentences start in the files (0-based)."""

    gold: list[Sentence]
    system: list[Sentence]
    g: Flat | Sentence
    s: Flat | Sentence
    alignment: tuple[Any, ...]
    counts: dict[str, list[Any]]
    gold_sentence: int
    system_sentence: int


def _segments(gold: _Side, system: _Side) -> Iterator[tuple[Any, ...]]:
    while True:
        g, s = gold.next(), system.next()
        if g is None and s is None:
            return
        if g is None or s is None:
            raise Refused
        gseg, sseg = [g], [s]
        gtext, stext = g.chars, s.chars
        while True:
            while len(gtext) != len(stext):
                if len(gtext) < len(stext):
                    g = gold.next()
                    if g is None:
                        raise Refused
                    gseg.append(g)
                    gtext += g.chars
                else:
                    s = system.next()
                    if s is None:
                        raise Refused
                    sseg.append(s)
                    stext += s.chars
                n = min(len(gtext), len(stext))
                if gtext[:n] != stext[:n]:
                    raise Refused
            if gtext != stext:
                raise Refused
            gf = gseg[0] if len(gseg) == 1 else flatten(gseg)
            sf = sseg[0] if len(sseg) == 1 else flatten(sseg)
            if same_words(gf, sf):
                alignment = identity(len(gf.form))
                yield gseg, sseg, gf, sf, alignment
                break
            alignment = align(gf, sf)
            gi, si = alignment[2], alignment[3]
            ng, ns = len(gf.form), len(sf.form)
            if gi == ng and si == ns:
                clean = True
            else:
                side = gold if gi == ng else system
                nxt = side.peek()
                clean = not (side.then_multiword if nxt is None else nxt.multiword[0])
            if clean:
                yield gseg, sseg, gf, sf, alignment
                break
            g = gold.next()
            if g is None:
                raise Refused
            gseg.append(g)
            gtext += g.chars


def score_files(gold: ByteSource, system: ByteSource, options: Options,
                on_segment: Callable[[Segment], None] | None = None) -> dict[str, list[Any]]:
    """The counts of every metric for two files; raises `UdEvalError` (or the Python
    error the script dies with, as a `UdEvalError`) where the script refuses them.
    ``on_segment`` sees each segment in file order (after a refusal, what it saw does not
    count; without streaming, it sees one segment: the whole files)."""
    with paused_gc():
        if on_segment is None:
            totals = _score_halves(gold, system, options)
            if totals is not None:
                return totals
        try:
            return _score(gold, system, options, on_segment)
        except Refused:
            pass
        return loaded_totals(gold, system, options, on_segment)


Part = tuple[int, "int | None", bool]     # bytes from, how many (None: to the end), and
                                          # whether the word after them is in a multiword token


def _score(gold: ByteSource, system: ByteSource, options: Options,
           on_segment: Callable[[Segment], None] | None,
           parts: tuple[Part, Part] = ((0, None, False), (0, None, False))
           ) -> dict[str, list[Any]]:
    totals = empty_totals()
    (g0, gn, gmw), (s0, sn, smw) = parts
    g_side = _Side(stream_sentences(gold, options, g0, gn), gmw)
    s_side = _Side(stream_sentences(system, options, s0, sn), smw)
    for gseg, sseg, gf, sf, alignment in _segments(g_side, s_side):
        counts = evaluate(gf, sf, alignment)
        add(totals, counts)
        if on_segment is not None:
            on_segment(Segment(gseg, sseg, gf, sf, alignment, counts, g_side.count,
                               s_side.count))
        g_side.count += len(gseg)
        s_side.count += len(sseg)
    return totals


# --------------------------------------------------------------------------- two halves

PARALLEL_BYTES = 16 << 20     # files at least this big are scored in two halves at once
_FINGERPRINT = 256            # characters that must follow the cut on both sides
_WINDOW = 1 << 20             # bytes searched either side of the proportional guess


def _head_at(source: ByteSource, offset: int, options: Options) -> list[Sentence] | None:
    """The first sentences of the file from ``offset`` (None if they cannot be read)."""
    try:
        with source.open() as fh:
            fh.seek(offset)
            data = fh.read(1 << 16)
        cut = data.rfind(b"\n\n")
        if cut < 0 or b"\r" in data:
            return None
        return list(read_text(data[:cut + 2].decode("utf-8"), options))
    except (OSError, UnicodeDecodeError, UdEvalError, ValueError, IndexError, NonLocal):
        return None


def split_point(gold: ByteSource, system: ByteSource, options: Options
                ) -> tuple[Part, Part, Part, Part] | None:
    """Where both files could be cut in two (`halves.cut_points`).  Only a guess: each half
    checks that its characters are the same on both sides, and where the word merge must go
    on over the cut (a multiword token right after it), the first half refuses."""
    def head(source: ByteSource, offset: int) -> tuple[list[Sentence], str] | None:
        sentences = _head_at(source, offset, options)
        return (sentences, "".join(x.chars for x in sentences)) if sentences else None

    point = cut_points(gold, system, head, _FINGERPRINT, _WINDOW)
    if point is None:
        return None
    g_off, g_head, s_off, s_head = point
    g_mw, s_mw = g_head[0].multiword[0], s_head[0].multiword[0]
    return ((0, g_off, g_mw), (0, s_off, s_mw), (g_off, None, False), (s_off, None, False))


def _score_halves(gold: ByteSource, system: ByteSource, options: Options
                  ) -> dict[str, list[Any]] | None:
    """Big files scored in two halves by two processes at once; None when not done so
    (small files, one processor, no cut found, anything refused: the caller reads the
    files from the start)."""
    import os

    from tcompare.scoring.workers import map_blocks

    try:
        if (os.cpu_count() or 1) < 2 or min(gold.size(), system.size()) < PARALLEL_BYTES:
            return None
        point = split_point(gold, system, options)
    except OSError:
        return None
    if point is None:
        return None
    halves = ((point[0], point[1]), (point[2], point[3]))

    def half(parts: Any) -> dict[str, list[Any]] | None:
        try:
            return _score(gold, system, options, None, parts)
        except Refused:
            return None

    results = list(map_blocks(half, halves, 2))
    if None in results:
        return None
    totals = empty_totals()
    for part in results:
        add(totals, part)
    return totals


# --------------------------------------------------------------------------- whole files

def _load(source: ByteSource, options: Options, keep: bool = True) -> list[Sentence]:
    """A whole file as the script reads it (`open(path, encoding="utf-8")`, readline);
    without ``keep``, only read (for its refusal) and nothing kept."""
    try:
        fh = io.TextIOWrapper(source.open(), encoding="utf-8")
    except OSError as exc:
        raise UdEvalError(str(exc), type(exc).__name__) from None
    with fh:
        try:
            sentences = read_sentences(iter(fh.readline, ""), options, whole_file=True)
            if not keep:
                for _ in sentences:
                    pass
                return []
            return list(sentences)
        except UdEvalError:
            raise
        except (ValueError, IndexError, OSError) as exc:    # (UnicodeDecodeError too)
            raise UdEvalError(str(exc), type(exc).__name__) from None


def loaded_totals(gold: ByteSource, system: ByteSource, options: Options,
                  on_segment: Callable[[Segment], None] | None = None) -> dict[str, list[Any]]:
    # each file's own refusal first, in the script's order, reading without keeping (flat
    # memory); then, both accepted, the two whole files
    _load(gold, options, keep=False)
    _load(system, options, keep=False)
    g = _load(gold, options)
    s = _load(system, options)
    gf, sf = flatten(g), flatten(s)
    if gf.chars != sf.chars:
        raise UdEvalError(_characters_message(g, gf, gold.path, s, sf, system.path),
                          line=0)
    alignment = align(gf, sf)
    counts = evaluate(gf, sf, alignment)
    if on_segment is not None:
        on_segment(Segment(g, s, gf, sf, alignment, counts, 0, 0))
    totals = empty_totals()
    add(totals, counts)
    return totals


def _token_report(sentences: list[Sentence], f: Flat, path: str, index: int) -> str:
    lines = [line for s in sentences for line in s.tok_line]
    chars = f.chars
    starts, ends = f.tok_start, f.tok_end
    t = 0
    while t < len(starts) and ends[t] - 1 < index:
        t += 1
    if t == 0:
        return ""
    nprev = min(10, t)
    nnext = 10 if t + 10 <= len(starts) else len(starts) - t
    prev = " ".join(chars[starts[k]:ends[k]] for k in range(t - nprev, t))
    after = " ".join(chars[starts[k]:ends[k]] for k in range(t, t + nnext))
    return (f"File '{path}':\n"
            f"  Token no. {t} on line no. {lines[t - 1]} is the last one with all characters "
            "reproduced in the other file.\n"
            f"  The previous {nprev} tokens are '{prev}'.\n"
            f"  The next {nnext} tokens are '{after}'.\n")


def _characters_message(g: list[Sentence], gf: Flat, gpath: str, s: list[Sentence], sf: Flat,
                        spath: str) -> str:
    a, b = gf.chars, sf.chars
    index = 0
    n = min(len(a), len(b))
    while index < n and a[index] == b[index]:
        index += 1
    greport = _token_report(g, gf, gpath, index)
    sreport = _token_report(s, sf, spath, index)
    if not greport:
        greport = "The error occurs right at the beginning of the two files.\n"
    return ("The concatenation of tokens in gold file and in system file differ!\n"
            + greport + sreport
            + f"First 20 differing characters in gold file: '{a[index:index + 20]}' and "
              f"system file: '{b[index:index + 20]}'")
