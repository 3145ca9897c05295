"""EVALB verdicts for `score --output json|csv` on one-tree-per-line files, without a Tree
per sentence (issue 15: 10^6 sentences within seconds and a bounded few MB).

`line_pairs` first checks, in one pass over the raw bytes, that `pairing.pair_corpora`
would pair gold line N with system line N, all "same" (the compiled kernel reads the
lines; a line it does not vouch for is read by the PTB reader and its text compared as
`pair_corpora` compares it).  When some pair differs, every line's text is taken (from the
kernel, or the reader for the lines it leaves) and `align_sentences` pairs them as
`pair_corpora` would: any pairing but joined / split sentences is kept as the plan.
`LinePairs.pieces` then scores the pairs in order in a second pass: the kernel writes
each "same" sentence as `SentenceResult.to_json` (or the CSV row) would be written, and
any pair it does not score exactly -- an error, a skip, EQ_WORD, a label json.dumps
escapes, a line it does not read as `parse_tree` does, a changed, missing or extra pair --
is scored by `pairing._score_one` / `EvalbProfile.score` and handed on as a
`SentenceResult`.  No result is kept: the totals run, and `summary` is what `aggregate`
gives for all of them.

None from `line_pairs` (another notation or encoding, a BOM, a pipe, a tree over several
lines, joined or split sentences, no compiled kernel or TCOMPARE_PURE_PYTHON=1) means: use
the Tree path.
"""

from __future__ import annotations

from array import array
from typing import Any, BinaryIO, Iterator, cast

from tcompare.scoring import evalb_rsl
from tcompare.scoring.base import SentenceResult, Summary
from tcompare.formats.inputs import check_unchanged, file_state
from tcompare.scoring.evalb import PROFILE, EvalbConfig, add_result, summary_of

BLOCK_BYTES = 1 << 16      # input per kernel call: some 3 MB of JSON out
READ_BYTES = 1 << 20
PLAN_CHUNK = 4096          # pairs per kernel call when the files do not pair line by line
MODES = {"summary": 0, "json": 1, "csv": 2}


class _Uneven(Exception):
    """The files do not hold the same number of lines."""


class _Reader:
    """A file read in whole lines (a last line without a newline is a line, as the PTB
    reader splits a file)."""

    def __init__(self, fh: BinaryIO, module: Any) -> None:
        self.fh, self.module = fh, module
        self.buf = b""
        self.eof = False

    def _more(self) -> None:
        data = self.fh.read(max(READ_BYTES, len(self.buf)))
        self.eof = not data
        self.buf += data

    def block(self) -> tuple[bytes, int]:
        """About `BLOCK_BYTES` of whole lines (at least one unless at the end) and how many."""
        while True:
            buf = self.buf
            if len(buf) >= BLOCK_BYTES:
                cut = buf.rfind(b"\n", 0, BLOCK_BYTES) + 1 or buf.find(b"\n", BLOCK_BYTES) + 1
                if cut:
                    break
            if self.eof:
                cut = len(buf)
                break
            self._more()
        chunk, self.buf = buf[:cut], buf[cut:]
        return chunk, chunk.count(b"\n") + (bool(chunk) and not chunk.endswith(b"\n"))

    def take(self, n: int) -> bytes:
        """Exactly `n` lines; `_Uneven` when the file ends before."""
        while True:
            end, found = self.module.after_lines(self.buf, 0, n)
            if end >= 0:
                break
            if self.eof:
                if found == n - 1 and self.buf and not self.buf.endswith(b"\n"):
                    end = len(self.buf)
                    break
                raise _Uneven()
            self._more()
        chunk, self.buf = self.buf[:end], self.buf[end:]
        return chunk

    def at_end(self) -> bool:
        if not self.buf and not self.eof:
            self._more()
        return not self.buf


def _blocks(gold_path: str, system_path: str, module: Any) -> Iterator[tuple[bytes, bytes, int]]:
    """(gold lines, system lines, n): n whole lines of each file at a time; `_Uneven`
    when the files do not hold the same number of lines."""
    with open(gold_path, "rb") as gf, open(system_path, "rb") as sf:
        gold, system = _Reader(gf, module), _Reader(sf, module)
        while True:
            gb, n = gold.block()
            if n == 0:
                if not system.at_end():
                    raise _Uneven()
                return
            yield gb, system.take(n), n


class _Split:
    """Line k of a block of lines, the block split once (only for the few pairs Python
    reads)."""

    def __init__(self) -> None:
        self.block = b""
        self.lines: list[bytes] = []

    def line(self, block: bytes, k: int) -> str:
        """Line k with its newline (the source the PTB reader would give it)."""
        if block is not self.block:
            self.block, self.lines = block, block.split(b"\n")
        line = self.lines[k].decode("utf-8")
        return line + "\n" if k + 1 < len(self.lines) else line


def _aligned(gold: list[str | None], system: list[str | None]) -> tuple[int, int, int, list[Any]]:
    """`alignment.align_sentences(gold, system)` as (lo, hi_g, hi_s, middle): ``lo`` "same"
    pairs, the pairs of `middle` (their indices counted from ``lo``), then "same" pairs of
    gold ``hi_g...`` and system ``hi_s...`` -- as align_sentences peels the common prefix
    and suffix off before aligning the rest, without a `SentencePair` object for each of
    them (10^6 sentences: 150 MB)."""
    from tcompare.scoring.alignment import align_sentences

    n_g, n_s = len(gold), len(system)
    if n_g == n_s and all(a == b and a is not None for a, b in zip(gold, system)):
        return n_g, n_g, n_s, []
    lo = 0
    while lo < n_g and lo < n_s and gold[lo] is not None and gold[lo] == system[lo]:
        lo += 1
    hi_g, hi_s = n_g, n_s
    while hi_g > lo and hi_s > lo and gold[hi_g - 1] is not None and gold[hi_g - 1] == system[hi_s - 1]:
        hi_g -= 1
        hi_s -= 1
    # (within the rest, align_sentences peels nothing more: its first pair and its last
    # pair differ, or one side is empty)
    return lo, hi_g, hi_s, align_sentences(gold[lo:hi_g], system[lo:hi_s])


class _LineSource:
    """A file's lines one by one: (line without its newline, whether it had one)."""

    def __init__(self, fh: BinaryIO, module: Any) -> None:
        self.reader = _Reader(fh, module)
        self.lines: list[bytes] = []
        self.pos = 0
        self.ends = True

    def next(self) -> tuple[bytes, bool]:
        if self.pos == len(self.lines):
            block, _ = self.reader.block()
            self.ends = block.endswith(b"\n")
            self.lines = block.split(b"\n")
            if self.ends:
                self.lines.pop()
            self.pos = 0
        line = self.lines[self.pos]
        self.pos += 1
        return line, self.pos < len(self.lines) or self.ends


class _Sentences:
    """What `pairing._score_one` reads of a corpus: its path and the one sentence asked
    for (the pair being scored)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.record: Any = None

    def __getitem__(self, index: int) -> Any:
        return self.record


def _utf8(block: bytes) -> bool:
    if block.isascii():
        return True
    try:
        block.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def line_pairs(gold_path: str, system_path: str, config: EvalbConfig,
               notation: str | None = None, encoding: str | None = None) -> "LinePairs | None":
    """`LinePairs` for two one-tree-per-line UTF-8 PTB files whose sentences
    `pair_corpora` pairs without joining or splitting any (see the module docstring), or
    None."""
    from tcompare.formats import is_stream, sniff_file
    from tcompare.scoring.batch import kernel

    module = kernel()
    if module is None or not hasattr(module, "DetailKernel"):
        return None
    if notation not in (None, "ptb") or (encoding is not None and encoding.replace("_", "-")
                                         .lower() not in ("utf-8", "utf8")):
        return None
    try:
        for path in (gold_path, system_path):
            if is_stream(path):
                return None
            with open(path, "rb") as fh:
                if fh.read(3) == b"\xef\xbb\xbf":       # a BOM: the reader's business
                    return None
            if notation is None and sniff_file(path) != "ptb":
                return None
        pairs = LinePairs(gold_path, system_path, config, module)
        return pairs if pairs.check() else None
    except (OSError, _Uneven):
        return None


class LinePairs:
    """Two files scored pair by pair from their lines (`line_pairs` made sure they can be)."""

    def __init__(self, gold_path: str, system_path: str, config: EvalbConfig, module: Any):
        from tcompare.formats.ptb import _make_parser
        from tcompare.scoring.evalb_core import Compiled

        self.gold_path, self.system_path = gold_path, system_path
        self.config = config
        self.module = module
        self.compiled = Compiled(config.params, as_bytes=True)
        self.n = 0
        self.n_gold = self.n_system = 0
        self.changed: bytearray | None = None     # 1 for the pairs aligned as "changed"
        # otherwise, when some pair is not line N with line N: each pair's gold and system
        # line (0-based, -1: none) and kind (index in `alignment.KINDS`)
        self.plan: tuple[array[int], array[int], bytearray] | None = None
        self.parsers = (_make_parser(gold_path), _make_parser(system_path))
        self.totals = evalb_rsl.Totals(config.params.cutoff_len)
        # the files are read more than once: one changed meanwhile is `FileChanged`
        self.states = (file_state(gold_path), file_state(system_path))

    def _records(self, gold_line: str, system_line: str, index: int) -> tuple[Any, Any]:
        from tcompare.model.corpus import SentenceRecord

        return (SentenceRecord(index, index, gold_line, _parse=self.parsers[0]),
                SentenceRecord(index, index, system_line, _parse=self.parsers[1]))

    def check(self) -> bool:
        """Whether the files can be scored from their lines (both valid UTF-8, a line at
        least): line N with line N when every pair holds the same words (the kernel's
        `check_block`, the reader's text where it is unsure), else as `_align` finds."""
        from tcompare.scoring.pairing import record_text

        kernel = self.module.DetailKernel(self.compiled)
        gl, sl = _Split(), _Split()
        n = 0
        try:
            for gb, sb, count in _blocks(self.gold_path, self.system_path, self.module):
                if not _utf8(gb) or not _utf8(sb):
                    return False
                for k in kernel.check_block(gb, sb, count):
                    g, s = self._records(gl.line(gb, k), sl.line(sb, k), n + k + 1)
                    text = record_text(g)
                    if text is None or text != record_text(s):
                        return self._align()
                n += count
        except _Uneven:
            return self._align()
        self.n = self.n_gold = self.n_system = n
        return n > 0

    def _texts(self, side: int) -> list[str | None] | None:
        """Every line's `pairing.record_text` (None: the file is not valid UTF-8 or not
        read line by line)."""
        from tcompare.model.corpus import SentenceRecord
        from tcompare.scoring.pairing import record_text

        kernel = self.module.DetailKernel()
        texts: list[str | None] = []
        split = _Split()
        parser = self.parsers[side]
        with open((self.gold_path, self.system_path)[side], "rb") as fh:
            reader = _Reader(fh, self.module)
            while True:
                block, count = reader.block()
                if not count:
                    return texts
                if not _utf8(block):
                    return None
                for k, text in enumerate(kernel.texts_block(block, count)):
                    if text is not None:
                        texts.append("".join(text.decode("utf-8").split()))
                        continue
                    line = split.line(block, k)
                    if line.count("(") != line.count(")"):
                        return None        # the reader might not read the file line by line
                    index = len(texts) + 1
                    texts.append(record_text(SentenceRecord(index, index, line, _parse=parser)))

    def _align(self) -> bool:
        """Some lines do not pair as "same": `align_sentences` on every line's text (as
        `pair_corpora` gives them).  True when no pair joins or splits sentences: then the
        pairs are the plan (line N with line N throughout: `changed` marks the pairs of
        other texts; else `plan`)."""
        from tcompare.scoring.alignment import KINDS

        gold, system = self._texts(0), self._texts(1)
        if gold is None or system is None:
            return False
        self.n_gold, self.n_system = len(gold), len(system)
        lo, hi_g, hi_s, middle = _aligned(gold, system)
        del gold, system
        if any(p.kind in ("joined", "split") for p in middle):
            return False
        tail = self.n_gold - hi_g
        self.n = lo + len(middle) + tail
        if self.n_gold == self.n_system and all(p.gold == p.system for p in middle):
            self.changed = bytearray(self.n)
            for k, p in enumerate(middle, lo):
                self.changed[k] = p.kind == "changed"
            return self.n > 0
        code = {kind: k for k, kind in enumerate(KINDS)}
        gi, si = array("q", range(lo)), array("q", range(lo))
        kinds = bytearray(self.n)
        for k, p in enumerate(middle, lo):
            gi.append(p.gold[0] + lo if p.gold else -1)
            si.append(p.system[0] + lo if p.system else -1)
            kinds[k] = code[p.kind]
        gi.extend(range(hi_g, hi_g + tail))
        si.extend(range(hi_s, hi_s + tail))
        self.plan = (gi, si, kinds)
        return self.n > 0

    def alignment(self) -> Iterator[str]:
        """The "alignment" list of `pair_corpora`'s pairs: chunks of JSON text, each pair
        after ",\\n  "."""
        if self.plan is not None:
            from tcompare.scoring.alignment import KINDS

            gi, si, kinds = self.plan
            for first in range(0, self.n, 1 << 14):
                yield "".join(f',\n  {{"gold": [{gi[k] + 1 if gi[k] >= 0 else ""}], '
                              f'"system": [{si[k] + 1 if si[k] >= 0 else ""}], '
                              f'"kind": "{KINDS[kinds[k]]}"}}'
                              for k in range(first, min(first + (1 << 14), self.n)))
            return
        if self.changed is not None:
            names = ("same", "changed")
            for first in range(0, self.n, 1 << 14):
                yield "".join(f',\n  {{"gold": [{i + 1}], "system": [{i + 1}], '
                              f'"kind": "{names[self.changed[i]]}"}}'
                              for i in range(first, min(first + (1 << 14), self.n)))
            return
        kernel = self.module.DetailKernel(self.compiled)
        for first in range(1, self.n + 1, 1 << 16):
            yield kernel.alignment(first, min(first + (1 << 16), self.n + 1)).decode("ascii")

    def alignment_counts(self) -> dict[str, int]:
        """`pairing.alignment_summary` of the pairs."""
        from tcompare.scoring.alignment import KINDS

        counts = {"same": 0, "changed": 0, "missing": 0, "extra": 0, "joined": 0, "split": 0}
        if self.plan is not None:
            for k, kind in enumerate(KINDS):
                counts[kind] = self.plan[2].count(k)
        else:
            counts["changed"] = self.changed.count(1) if self.changed is not None else 0
            counts["same"] = self.n - counts["changed"]
        return counts

    def pieces(self, mode: str) -> Iterator[bytes | SentenceResult]:
        """`scored_pieces`, then `FileChanged` if a file changed since `line_pairs` read it
        (as soon as its lines no longer pair up, else at the end)."""
        try:
            yield from self.scored_pieces(mode)
        except _Uneven:
            self.unchanged()
            raise
        self.unchanged()

    def unchanged(self) -> None:
        for path, state in zip((self.gold_path, self.system_path), self.states):
            check_unchanged(path, state)

    def scored_pieces(self, mode: str) -> Iterator[bytes | SentenceResult]:
        """Every pair in order: bytes of sentences the kernel wrote (`MODES`: JSON, each
        after ",\\n  ", or CSV rows; none for "summary"), or a `SentenceResult` made by
        `EvalbProfile.score` for a pair the kernel left."""
        from tcompare.model.corpus import Corpus
        from tcompare.scoring.pairing import _score_records

        if self.plan is not None:
            yield from self._plan_pieces(mode)
            return
        kernel = self.module.DetailKernel(self.compiled)
        stubs = (Corpus(path=self.gold_path, notation="ptb"),
                 Corpus(path=self.system_path, notation="ptb"))
        gl, sl = _Split(), _Split()
        first = 1
        for gb, sb, count in _blocks(self.gold_path, self.system_path, self.module):
            python = bytes(self.changed[first - 1:first - 1 + count]) if self.changed else None
            for piece in kernel.score_block(gb, sb, count, first, MODES[mode], python):
                if not isinstance(piece, int):
                    yield piece
                    continue
                index = first + piece
                g, s = self._records(gl.line(gb, piece), sl.line(sb, piece), index)
                result = _score_records(stubs[0], stubs[1], g, s, index, PROFILE, self.config)
                kind = "changed" if self.changed and self.changed[index - 1] else "same"
                result.data["pair"] = {"gold": [index], "system": [index], "kind": kind}
                add_result(self.totals, result)
                yield result
            first += count
        all_fields, short_fields = kernel.totals()
        self.totals.all.merge(all_fields)
        self.totals.short.merge(short_fields)

    def _plan_pieces(self, mode: str) -> Iterator[bytes | SentenceResult]:
        """`pieces` when the pairs are not line N with line N: the kernel scores the "same"
        pairs in the plan's order, `pairing._score_one` the others."""
        from tcompare.model.corpus import SentenceRecord
        from tcompare.scoring.alignment import KINDS, SentencePair
        from tcompare.scoring.pairing import _score_one

        assert self.plan is not None
        gi, si, kinds = self.plan
        kernel = self.module.DetailKernel(self.compiled)
        stubs = (_Sentences(self.gold_path), _Sentences(self.system_path))
        with open(self.gold_path, "rb") as gf, open(self.system_path, "rb") as sf:
            sources = (_LineSource(gf, self.module), _LineSource(sf, self.module))
            for start in range(0, self.n, PLAN_CHUNK):
                stop = min(start + PLAN_CHUNK, self.n)
                lines: tuple[list[bytes], list[bytes]] = ([], [])
                held: list[tuple[Any, Any]] = []
                for k in range(start, stop):
                    both = []
                    for side, index in ((0, gi[k]), (1, si[k])):
                        line = sources[side].next() if index >= 0 else None
                        lines[side].append(line[0] if line is not None else b"")
                        both.append(line)
                    held.append((both[0], both[1]))
                numbers = array("q")
                for k in range(start, stop):
                    numbers.append(gi[k] + 1)
                    numbers.append(si[k] + 1)
                python = bytes(kind != 0 for kind in kinds[start:stop])
                for piece in kernel.score_block(b"\n".join(lines[0]) + b"\n",
                                                b"\n".join(lines[1]) + b"\n", stop - start, 0,
                                                MODES[mode], python, numbers.tobytes()):
                    if not isinstance(piece, int):
                        yield piece
                        continue
                    k = start + piece
                    for side, index, line in ((0, gi[k], held[piece][0]),
                                              (1, si[k], held[piece][1])):
                        stubs[side].record = None if line is None else SentenceRecord(
                            index + 1, index + 1,
                            line[0].decode("utf-8") + ("\n" if line[1] else ""),
                            _parse=self.parsers[side])
                    pair = SentencePair((gi[k],) if gi[k] >= 0 else (),
                                        (si[k],) if si[k] >= 0 else (), KINDS[kinds[k]])
                    for result in _score_one(cast(Any, stubs[0]), cast(Any, stubs[1]), pair,
                                             PROFILE, self.config):
                        result.data["pair"] = pair.to_json()
                        add_result(self.totals, result)
                        yield result
        all_fields, short_fields = kernel.totals()
        self.totals.all.merge(all_fields)
        self.totals.short.merge(short_fields)

    def summary(self) -> Summary:
        """`EvalbProfile.aggregate` of all results (once `pieces` has run)."""
        return summary_of(self.totals)
