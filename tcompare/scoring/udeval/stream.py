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
from tcompare.scoring.workers import paused_gc

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

PIECE = 1 << 22


class Refused(Exception):
    """Not streamable as it is: the whole-file path decides."""


def _pieces(source: ByteSource) -> Iterator[bytes]:
    """The file in pieces that end after a blank line (``\n\n`` or ``\r\n\r\n``; the last
    piece where the file ends)."""
    try:
        fh = source.open()
    except OSError:
        raise Refused from None
    with fh:
        pending = b""
        while True:
            block = fh.read(PIECE)
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


def stream_sentences(source: ByteSource, options: Options) -> Iterator[Sentence]:
    line = 1
    for piece in _pieces(source):
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
    def __init__(self, sentences: Iterator[Sentence]):
        self.it = sentences
        self.ahead: deque[Sentence] = deque()
        self.count = 0           # sentences taken so far

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
                nxt = gold.peek() if gi == ng else system.peek()
                clean = nxt is None or not nxt.multiword[0]
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
        try:
            return _score(gold, system, options, on_segment)
        except Refused:
            pass
        return loaded_totals(gold, system, options, on_segment)


def _score(gold: ByteSource, system: ByteSource, options: Options,
           on_segment: Callable[[Segment], None] | None) -> dict[str, list[Any]]:
    totals = empty_totals()
    g_side = _Side(stream_sentences(gold, options))
    s_side = _Side(stream_sentences(system, options))
    for gseg, sseg, gf, sf, alignment in _segments(g_side, s_side):
        counts = evaluate(gf, sf, alignment)
        add(totals, counts)
        if on_segment is not None:
            on_segment(Segment(gseg, sseg, gf, sf, alignment, counts, g_side.count,
                               s_side.count))
        g_side.count += len(gseg)
        s_side.count += len(sseg)
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
            sentences = read_sentences(iter(fh.readline, ""), options)
            if not keep:
                for _ in sentences:
                    pass
                return []
            return list(sentences)
        except UdEvalError:
            raise
        except NonLocal:
            raise UdEvalError("an enhanced head before its sentence (a negative DEPS head) is "
                              "not scored by tcompare", "tcompare") from None
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
