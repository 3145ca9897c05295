"""``conll18`` on two files in bounded memory: the command line's path (see `conll18`).

The official scorer reads both files whole, checks that their characters are the same and
aligns words on characters over the whole file.  Here the files are read in *pieces* of
whole sentences (about `PIECE` bytes, cut after a blank line, where the official reader is
between sentences) and scored *segment* by segment.  A segment ends at a character where

* both files end a sentence (no token, so no word and no span, crosses it), and
* the official word merge, run on the segment alone, stops where the whole-file merge would
  go on as from the start of a file: either both sides are used up together, or the side
  used up first goes on with a word outside any multiword token.  (The one way the
  whole-file merge reaches back over such a character: the side that got there first
  starts with a multiword token while the other still has words before it; the official
  multiword step then skips one of those words and takes the rest into its span.)

Each segment is scored by `conll18.evaluate` on the segment's sentences, and the counts
are added (every metric is a sum over words, tokens or sentences of one segment); per-pair
results (JSON, CSV) come from `conll18.sentence_results` per segment, their numbers shifted
to the file's.  A few pieces of each file are held at a time, whatever the file's size.

A pair the official scorer refuses (file missing, a bad byte, a malformed line, different
characters) stops the segments; `refusal` then reads the files again, the gold one
whole first, then the system one, then the characters of both, each in pieces, and returns
the official message for the first problem in that order -- the order of the official
script, which loads both files before it compares them.
"""

from __future__ import annotations

import codecs
import os
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from itertools import repeat
from operator import sub

from tcompare.scoring.halves import cut_points
from tcompare.scoring.workers import paused_gc
from tcompare.scoring.conll18.profile import (
    METRICS, WORD_METRICS, Evaluation, MetricCounts, SentencePair, evaluate, merge_words,
    sentence_pairs,
)
from tcompare.scoring.conll18.read import (
    DECODE_CHUNK, Conll18Error, Treebank, Truncated, load_conllu_file, load_conllu_text,
    universal_newlines,
)

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

# raw bytes read at a time: a multiple of the official reader's decoding chunk
PIECE = 128 * DECODE_CHUNK


class Refused(Exception):
    """The official scorer refuses this pair somewhere: `refusal` says how."""


def streamable(*sources: ByteSource) -> bool:
    """Whether the files can be read twice (regular files: a refusal reads them again)."""
    return all(source.regular() for source in sources)


# --------------------------------------------------------------------------- pieces

def _blank_line_end(data: bytes | bytearray, start: int, cr: bool) -> int:
    """Where the last blank line of ``data`` found at or after ``start`` ends (0 if none):
    after ``\\n\\n`` or ``\\r\\n\\r\\n``; with ``cr``, also after ``\\r\\r`` (and the
    ``\\n`` that follows it) when the byte after it is known."""
    best = 0
    k = data.rfind(b"\n\n", start)
    if k >= 0:
        best = k + 2
    k = data.rfind(b"\r\n\r\n", start)
    if k >= 0:
        best = max(best, k + 4)
    if cr:
        k = data.rfind(b"\r\r", max(start, best), len(data) - 1)
        if k >= 0:
            best = k + 3 if data[k + 2] == 0x0A else k + 2
    return best


def _first_blank_line_end(data: bytes | bytearray, start: int, cr: bool) -> int:
    """Where the first blank line that ends after ``start`` ends (0 if none known), by the
    rules of `_blank_line_end`."""
    found = []
    for sep in (b"\n\n", b"\r\n\r\n"):
        k = data.find(sep, max(0, start - len(sep)))
        if k >= 0:
            found.append(k + len(sep))
    if cr:
        k = data.find(b"\r\r", max(0, start - 2), len(data) - 1)
        if k >= 0 and k + 2 < len(data):
            found.append(k + 3 if data[k + 2] == 0x0A else k + 2)
    return min(found, default=0)


@dataclass
class _Piece:
    data: bytes        # the file's bytes
    final: bool        # the file ends with it


def _pieces(source: ByteSource, limit: int | None = None, start: int = 0,
            size: Callable[[], int] = lambda: PIECE) -> Iterator[_Piece]:
    """The file (or its ``limit`` bytes from ``start``) in pieces that end after a blank
    line (the last one where the file, or the range, ends), each of about ``size()`` bytes
    or more; raises `Refused` when the file cannot be read."""
    try:
        fh = source.open()
        fh.seek(start)
    except OSError:
        raise Refused from None
    with fh:
        pending = bytearray()
        left = limit
        eof = False
        cr = limit is None
        while True:
            want = size()
            searched = 0
            while True:
                cut = _first_blank_line_end(pending, max(searched, want), cr)
                if cut or eof:
                    break
                searched = max(0, len(pending) - 3)
                amount = max(want - len(pending), DECODE_CHUNK)
                if left is not None:
                    amount = min(amount, left)
                try:
                    block = fh.read(amount) if amount else b""
                except OSError:
                    raise Refused from None
                if left is not None:
                    left -= len(block)
                eof = not block
                pending += block
            if not cut:
                cut = len(pending)
                if not cut:
                    return
            piece = bytes(pending[:cut])
            del pending[:cut]
            final = eof and not pending
            yield _Piece(piece, final)
            if final:
                return


def _decoded(data: bytes) -> str:
    """A piece's text as the official reader has it (universal newlines); `Refused` on a
    bad byte (`refusal` finds where the official reader meets it)."""
    try:
        return universal_newlines(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused from None


# ------------------------------------------------------------- treebanks cut and joined

def _shifted(values: list[int], by: int) -> list[int]:
    return list(map(sub, values, repeat(by))) if by else values


def _heads_shifted(heads: list[int], by: int, words: int) -> list[int]:
    """Heads (-1: root) of a treebank of ``words`` words renumbered for words moved ``by``
    places (to the left if > 0): a table lookup, the root's -1 reading the table's end."""
    if not by:
        return heads
    table = list(range(-by, words - by))
    table.append(-1)
    return list(map(table.__getitem__, heads))


def head_sentences(tb: Treebank, n: int) -> Treebank:
    """The first ``n`` sentences of ``tb`` (a treebank of their own, numbered alike)."""
    if n == len(tb.sent_start):
        return tb
    w, t, c = tb.sent_word[n], tb.sent_token[n], tb.sent_start[n]
    return Treebank(
        path=tb.path, chars=tb.chars[:c], token_start=tb.token_start[:t],
        token_end=tb.token_end[:t], form=tb.form[:w], lemma=tb.lemma[:w], upos=tb.upos[:w],
        xpos=tb.xpos[:w], word_token=tb.word_token[:w], multiword=tb.multiword[:w],
        head=tb.head[:w], feats=tb.feats[:w], deprel=tb.deprel[:w], cls=tb.cls[:w],
        functional={p: kids for p, kids in tb.functional.items() if p < w},
        sent_start=tb.sent_start[:n], sent_end=tb.sent_end[:n], sent_word=tb.sent_word[:n],
        sent_token=tb.sent_token[:n], sent_line=tb.sent_line[:n])


def tail_sentences(tb: Treebank, n: int) -> Treebank:
    """``tb`` without its first ``n`` sentences, renumbered from 0."""
    if n == 0:
        return tb
    if n == len(tb.sent_start):
        return Treebank(path=tb.path)
    w, t, c = tb.sent_word[n], tb.sent_token[n], tb.sent_start[n]
    return Treebank(
        path=tb.path, chars=tb.chars[c:], token_start=_shifted(tb.token_start[t:], c),
        token_end=_shifted(tb.token_end[t:], c), form=tb.form[w:], lemma=tb.lemma[w:],
        upos=tb.upos[w:], xpos=tb.xpos[w:], word_token=_shifted(tb.word_token[w:], t),
        multiword=tb.multiword[w:], head=_heads_shifted(tb.head[w:], w, tb.n_words),
        feats=tb.feats[w:], deprel=tb.deprel[w:], cls=tb.cls[w:],
        functional={p - w: [k - w for k in kids] for p, kids in tb.functional.items() if p >= w},
        sent_start=_shifted(tb.sent_start[n:], c), sent_end=_shifted(tb.sent_end[n:], c),
        sent_word=_shifted(tb.sent_word[n:], w), sent_token=_shifted(tb.sent_token[n:], t),
        sent_line=tb.sent_line[n:])


_WORD_COLUMNS = ("form", "lemma", "upos", "xpos", "multiword", "feats", "deprel", "cls")


def join(a: Treebank, b: Treebank) -> Treebank:
    """``b``'s sentences after ``a``'s, as one treebank: the smaller one's lists put into
    the bigger one's (both are used up)."""
    if not a.sent_start:
        return b
    if not b.sent_start:
        return a
    for tb in (a, b):       # (the reader gives one list for both when words are tokens)
        if tb.sent_token is tb.sent_word:
            tb.sent_token = list(tb.sent_word)
    w, t, c = a.n_words, len(a.token_start), len(a.chars)
    numbered = (("token_start", c), ("token_end", c), ("word_token", t), ("sent_start", c),
                ("sent_end", c), ("sent_word", w), ("sent_token", t))
    if a.n_words >= b.n_words:
        for name in _WORD_COLUMNS:
            getattr(a, name).extend(getattr(b, name))
        for name, by in numbered:
            getattr(a, name).extend(_shifted(getattr(b, name), -by))
        a.head.extend(_heads_shifted(b.head, -w, b.n_words))
        a.sent_line.extend(b.sent_line)
        a.functional.update({p + w: [k + w for k in kids] for p, kids in b.functional.items()})
        a.chars += b.chars
        return a
    for name in _WORD_COLUMNS:
        getattr(b, name)[:0] = getattr(a, name)
    for name, by in numbered:
        shifted = _shifted(getattr(b, name), -by)
        shifted[:0] = getattr(a, name)
        setattr(b, name, shifted)
    head = _heads_shifted(b.head, -w, b.n_words)
    head[:0] = a.head
    b.head = head
    b.sent_line[:0] = a.sent_line
    functional = a.functional
    functional.update({p + w: [k + w for k in kids] for p, kids in b.functional.items()})
    b.functional = functional
    b.chars = a.chars + b.chars
    return b


# --------------------------------------------------------------------------- scoring

class _Side:
    """One file: the sentences read and not yet scored (``tb``), and what came before."""

    def __init__(self, source: ByteSource,
                 part: tuple[int, int | None, bool] = (0, None, False)):
        """``part``: the byte range read (start, length or None: to the end) and whether
        the word after it (when it ends before the file's end) is in a multiword token."""
        self.path = path = source.path
        self.want = 0             # bytes the next piece should have (or a few more)
        self.pieces = _pieces(source, part[1], part[0], lambda: self.want)
        self.next_multiword = part[2]
        self.tb = Treebank(path=path)
        self.done = False
        self.sentences = 0        # the file's sentences before tb's first
        self.line = 1             # the line the next piece starts at (from the range's start)
        self.bytes_read = self.chars_read = 0

    def load(self, size: int | None = None) -> None:
        if self.done:
            return
        self.want = size or PIECE
        piece = next(self.pieces, None)
        if piece is None:
            self.done = True
            return
        text = _decoded(piece.data)
        try:
            tb = load_conllu_text(text, self.path, first_line=self.line)
        except Conll18Error:
            raise Refused from None
        self.line += text.count("\n")
        self.bytes_read += len(piece.data)
        self.chars_read += len(tb.chars)
        self.tb = join(self.tb, tb)
        self.done = piece.final

    def catch_up(self, chars: int) -> None:
        """Read on until the buffer holds at least ``chars`` characters, a little past."""
        while not self.done and len(self.tb.chars) < chars:
            per_char = self.bytes_read / max(1, self.chars_read)
            self.load(int((chars - len(self.tb.chars)) * per_char) + 1)

    def take(self, n: int) -> None:
        self.tb = tail_sentences(self.tb, n)
        self.sentences += n


@dataclass
class Segment:
    """What `score_files` hands its ``on_segment`` callback: a segment's evaluation, its
    sentence pairs, and where its sentences and pairs start in the files (0-based)."""

    evaluation: Evaluation
    pairs: list[SentencePair]
    gold_sentence: int
    system_sentence: int
    first_pair: int


@dataclass
class _Totals:
    counts: dict[str, list[int]] = field(
        default_factory=lambda: {name: [0, 0, 0, 0] for name in METRICS})

    def add(self, metrics: dict[str, MetricCounts]) -> None:
        for name, m in metrics.items():
            c = self.counts[name]
            c[0] += m.correct
            c[1] += m.gold
            c[2] += m.system
            c[3] += m.aligned or 0

    def metrics(self) -> dict[str, MetricCounts]:
        return {name: MetricCounts(c[0], c[1], c[2], c[3] if name in WORD_METRICS else None)
                for name, c in self.counts.items()}


def score_files(gold: ByteSource, system: ByteSource,
                on_segment: Callable[[Segment], None] | None = None) -> dict[str, MetricCounts]:
    """The thirteen metrics of the official scorer for two CoNLL-U files (`evaluate` on
    the loaded files gives the same), read in pieces; raises `Conll18Error` where the
    official script dies.  ``on_segment`` sees every segment, in file order (per-pair
    results); after a refusal, what it saw does not count."""
    with paused_gc():
        if on_segment is None:
            totals = _score_halves(gold, system)
            if totals is not None:
                return totals.metrics()
        try:
            return _score(gold, system, on_segment).metrics()
        except (Refused, _Unclean):
            pass
        raise refusal(gold, system)


# --------------------------------------------------------------------------- two halves

PARALLEL_BYTES = 16 << 20     # files at least this big are scored in two halves at once
_FINGERPRINT = 256            # characters that must follow the split point on both sides
_WINDOW = 1 << 20             # bytes searched either side of the proportional guess


def _head_at(source: ByteSource, offset: int) -> Treebank | None:
    """The first sentences of the file from ``offset`` (None if they cannot be read)."""
    try:
        with source.open() as fh:
            fh.seek(offset)
            data = fh.read(1 << 16)
        cut = _blank_line_end(data, 0, cr=False)
        tb = load_conllu_text(universal_newlines(data[:cut].decode("utf-8")), source.path)
    except (OSError, UnicodeDecodeError, Conll18Error, ValueError):
        return None
    return tb if tb.n_words else None


def _head(source: ByteSource, offset: int) -> tuple[Treebank, str] | None:
    tb = _head_at(source, offset)
    return None if tb is None else (tb, tb.chars)


def split_point(gold_file: ByteSource, system_file: ByteSource
                ) -> tuple[int, int, bool, bool] | None:
    """Where both files could be cut in two (`halves.cut_points`); with whether the word
    there is in a multiword token on each side.  Only a guess: `score_files` checks that the
    text before it is the same on both sides and that the word merge starts afresh there."""
    point = cut_points(gold_file, system_file, _head, _FINGERPRINT, _WINDOW)
    if point is None:
        return None
    g_off, gold, s_off, system = point
    return g_off, s_off, gold.multiword[0], system.multiword[0]


def _score_halves(gold: ByteSource, system: ByteSource) -> _Totals | None:
    """Big files scored in two halves by two processes at once (the first half checks
    the split, see `split_point`); None when not done so (small files, one processor,
    no split found, the split wrong, anything refused: the caller reads the files whole)."""
    from tcompare.scoring.workers import map_blocks

    try:
        if (os.cpu_count() or 1) < 2 or min(gold.size(), system.size()) < PARALLEL_BYTES:
            return None
        point = split_point(gold, system)
    except OSError:
        return None
    if point is None:
        return None
    g_off, s_off, g_mw, s_mw = point
    halves = (((0, g_off, g_mw), (0, s_off, s_mw)), ((g_off, None, False), (s_off, None, False)))

    def half(parts: Any) -> _Totals | None:
        try:
            return _score(gold, system, None, parts)
        except (Refused, _Unclean):
            return None

    results = list(map_blocks(half, halves, 2))
    if None in results:
        return None
    totals = _Totals()
    for part in results:
        for name, c in part.counts.items():
            totals.counts[name] = [a + b for a, b in zip(totals.counts[name], c)]
    return totals


def _next_word_clean(side: _Side, word: int) -> bool:
    """Whether the word after a segment (index ``word`` of the side's treebank, or the
    first word after what the side reads) cannot start a multiword span that reaches back
    into the segment."""
    tb = side.tb
    return not side.next_multiword if word >= tb.n_words else not tb.multiword[word]


def _cut(g: _Side, s: _Side) -> int | None:
    """The last character where both files end a sentence and what follows is known on
    both sides (read, or the end of the file)."""
    gl, sl = len(g.tb.chars), len(s.tb.chars)
    common = set(g.tb.sent_end).intersection(s.tb.sent_end)
    return max((p for p in common if (p < gl or g.done) and (p < sl or s.done)), default=None)


class _Unclean(Exception):
    """Two parts of the files whose end is not where the whole files' merge starts afresh."""


def _score(gold: ByteSource, system: ByteSource, on_segment: Callable[[Segment], None] | None,
           parts: tuple[tuple[int, int | None, bool], ...] = ((0, None, False),) * 2
           ) -> _Totals:
    g, s = _Side(gold, parts[0]), _Side(system, parts[1])
    totals = _Totals()
    compared = 0          # characters of the two buffers found equal
    pairs_before = 0
    more = 1              # pieces to read on each side before the next try
    while True:
        for _ in range(more):
            g.load()
        # the system side reads about as far (what it holds past the cut is read again
        # into the next segment: the less of it the better)
        s.catch_up(len(g.tb.chars))
        g.catch_up(len(s.tb.chars))
        gc, sc = g.tb.chars, s.tb.chars
        n = min(len(gc), len(sc))
        if gc[compared:n] != sc[compared:n]:
            raise Refused
        compared = n
        if g.done and s.done:
            if len(gc) != len(sc):
                raise Refused
            if not g.tb.sent_start and not s.tb.sent_start:
                return totals
        point = _cut(g, s)
        if point is not None:
            ng = bisect_right(g.tb.sent_end, point)
            ns = bisect_right(s.tb.sent_end, point)
            gseg, sseg = head_sentences(g.tb, ng), head_sentences(s.tb, ns)
            mg, ms, gi, si = merge_words(gseg, sseg)
            nw_g, nw_s = gseg.n_words, sseg.n_words
            clean = ((gi == nw_g and si == nw_s)
                     or (gi == nw_g and _next_word_clean(g, nw_g))
                     or (si == nw_s and _next_word_clean(s, nw_s)))
            if clean:
                evaluation = evaluate(gseg, sseg, (mg, ms))
                totals.add(evaluation.metrics)
                if on_segment is not None:
                    pairs = sentence_pairs(gseg, sseg)
                    on_segment(Segment(evaluation, pairs, g.sentences, s.sentences, pairs_before))
                    pairs_before += len(pairs)
                g.take(ng)
                s.take(ns)
                compared -= point
                more = 1
                continue
        if g.done and s.done:
            # the whole rest is one segment, clean at the end of the files (at the end of
            # two parts of them, it may not be: `score_files` then reads them whole)
            raise _Unclean
        s.load(DECODE_CHUNK)      # (when what follows the system's last sentence is unknown)
        more *= 2


# --------------------------------------------------------------------------- refusals

def _first_bad_chunk(source: ByteSource) -> tuple[int, UnicodeDecodeError] | None:
    """Where the official reader meets a bad byte (see `conll18.read.load_conllu_file`):
    the offset of the chunk it was decoding and Python's exception; None if none."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    with source.open() as fh:
        while True:
            data = fh.read(DECODE_CHUNK)
            if not data:
                break
            try:
                decoder.decode(data, final=False)
            except UnicodeDecodeError as exc:
                return offset, exc
            offset += len(data)
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        return offset, exc
    return None


def _file_refusal(source: ByteSource) -> Conll18Error | None:
    """The official loader's refusal of one file, read in pieces, or None."""
    path = source.path
    try:
        with source.open():
            pass
        bad = _first_bad_chunk(source)
    except OSError as exc:
        return Conll18Error(str(exc), type(exc).__name__, path)
    line = 1
    try:
        if bad is None:
            for piece in _pieces(source):
                text = _decoded(piece.data)
                load_conllu_text(text, path, first_line=line)
                line += text.count("\n")
            return None
        # the official reader first reads the lines decoded before the bad byte's chunk,
        # up to the last line end (not a CR that ends the chunk: it may be half a CRLF)
        offset, decode_error = bad
        raw_lines = 0
        for piece in _pieces(source, offset):
            data = piece.data
            if piece.final:
                data = data[:max(data.rfind(b"\n"), data[:-1].rfind(b"\r")) + 1]
            text = _decoded(data)
            raw_lines += data.count(b"\n")
            try:
                load_conllu_text(text, path, complete=not piece.final, first_line=line)
            except Truncated:
                pass
            line += text.count("\n")
        return Conll18Error(str(decode_error), "UnicodeDecodeError", path, raw_lines + 1)
    except Conll18Error as error:
        return error
    except Refused:          # the file changed while it was read again
        return None


def _chars(source: ByteSource) -> Iterator[str]:
    """The characters of a file the official loader accepts, a piece at a time."""
    line = 1
    for piece in _pieces(source):
        text = _decoded(piece.data)
        yield load_conllu_text(text, source.path, first_line=line).chars
        line += text.count("\n")


def _characters_refusal(gold_file: ByteSource, system_file: ByteSource) -> Conll18Error | None:
    """The official message when the two files' characters differ, or None."""
    gold, system = _chars(gold_file), _chars(system_file)
    g = s = ""
    g_end = s_end = False
    while True:
        while not g_end and len(g) <= len(s):
            more = next(gold, None)
            g_end = more is None
            g += more or ""
        while not s_end and len(s) <= len(g):
            more = next(system, None)
            s_end = more is None
            s += more or ""
        n = min(len(g), len(s))
        k = len(os.path.commonprefix([g[:n], s[:n]]))
        if k < n or (g_end and len(g) < len(s)) or (s_end and len(s) < len(g)):
            while not g_end and len(g) < k + 20:
                more = next(gold, None)
                g_end = more is None
                g += more or ""
            while not s_end and len(s) < k + 20:
                more = next(system, None)
                s_end = more is None
                s += more or ""
            return Conll18Error(
                "The concatenation of tokens in gold file and in system file differ!\n"
                "First 20 differing characters in gold file: '{}' and system file: '{}'".format(
                    g[k:k + 20], s[k:k + 20]))
        if g_end and s_end:
            return None
        g, s = g[n:], s[n:]


def refusal(gold: ByteSource, system: ByteSource) -> Conll18Error:
    """What the official scorer dies with on these files: the gold file's first problem,
    else the system file's, else their different characters.  (Should the files turn out
    acceptable -- changed since, or a fault here -- the loaded files say what to do.)"""
    try:
        for source in (gold, system):
            problem = _file_refusal(source)
            if problem is not None:
                return problem
        problem = _characters_refusal(gold, system)
    except Refused:
        problem = None
    if problem is not None:
        return problem
    try:
        evaluate(load_conllu_file(gold), load_conllu_file(system))
    except Conll18Error as error:
        return error
    return Conll18Error("the files changed while they were read", "OSError", gold.path)
