"""EVALB verdicts for `score --output json|csv` on line-paired files, without a Tree per
sentence (issue 15: 10^6 sentences within seconds and a bounded few MB).

When both files are UTF-8 with one PTB tree per line, the same number of lines, and every
gold line holds the words of the system line beside it, `pairing.pair_corpora` pairs line N
with line N ("same") and `EvalbProfile.score` scores each pair from its two trees.
`line_pairs` checks that in one pass over the raw bytes (the compiled kernel reads the
lines; a line it does not vouch for is read by the PTB reader and its text compared as
`pair_corpora` compares it).  `LinePairs.pieces` then scores the pairs in a second pass:
the kernel writes each sentence as `SentenceResult.to_json` (or the CSV row) would be
written, and any pair it does not score exactly as `score` does -- an error, a skip,
EQ_WORD, a label json.dumps escapes, a line it does not read as `parse_tree` does -- is
scored by `EvalbProfile.score` itself and handed on as a `SentenceResult`.  No result is
kept: the totals run, and `summary` is what `aggregate` gives for all of them.

None from `line_pairs` (another notation or encoding, a pipe, other words in some pair,
no compiled kernel or TCOMPARE_PURE_PYTHON=1) means: use the Tree path.
"""

from __future__ import annotations

from typing import Any, BinaryIO, Iterator

from tcompare.scoring import evalb_rsl
from tcompare.scoring.base import SentenceResult, Summary
from tcompare.scoring.evalb import PROFILE, EvalbConfig, add_result, summary_of

BLOCK_BYTES = 1 << 16      # input per kernel call: some 3 MB of JSON out
READ_BYTES = 1 << 20
SNIFF_BYTES = 1 << 16      # the head the notation is sniffed from at first (`_sniffs_ptb`)
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


def _utf8(block: bytes) -> bool:
    if block.isascii():
        return True
    try:
        block.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _sniffs_ptb(path: str) -> bool:
    """`formats.sniff` of the whole file's text says ptb (as `formats.read_file` would).

    The sniffers read the first 20,000 characters, the first 50 rows that are not blank or
    comments (CoNLL) and the first 2,001 lines (CoNLL-U): a head of whole lines holding all
    of them gives the whole file's answer (else a longer head, up to the whole file).
    """
    from tcompare import formats
    from tcompare.formats.conllx import is_blank

    size = SNIFF_BYTES
    with open(path, "rb") as fh:
        while True:
            fh.seek(0)
            head = fh.read(size)
            whole = not fh.read(1)
            if not whole:
                head = head[:head.rfind(b"\n") + 1]
            try:
                text = head.decode("utf-8")
            except UnicodeDecodeError:
                return False
            if whole:
                break
            lines = text.split("\n")
            rows = sum(1 for line in lines if not is_blank(line) and not line.startswith("#"))
            if len(text) >= 20000 and len(lines) >= 2003 and rows >= 50:
                break
            size *= 4
    return formats.sniff(text, path) == "ptb"


def line_pairs(gold_path: str, system_path: str, config: EvalbConfig,
               notation: str | None = None, encoding: str | None = None) -> "LinePairs | None":
    """`LinePairs` for two files that `pair_corpora` pairs line by line, all "same" (see
    the module docstring), or None."""
    from tcompare.formats import is_stream
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
            if notation is None and not _sniffs_ptb(path):
                return None
        pairs = LinePairs(gold_path, system_path, config, module)
        return pairs if pairs.check() else None
    except (OSError, _Uneven):
        return None


class LinePairs:
    """Two line-paired files scored line by line (`line_pairs` made sure they are)."""

    def __init__(self, gold_path: str, system_path: str, config: EvalbConfig, module: Any):
        from tcompare.formats.ptb import _make_parser
        from tcompare.scoring.evalb_core import Compiled

        self.gold_path, self.system_path = gold_path, system_path
        self.config = config
        self.module = module
        self.compiled = Compiled(config.params, as_bytes=True)
        self.n = 0
        self.changed: bytearray | None = None     # 1 for the pairs aligned as "changed"
        self.parsers = (_make_parser(gold_path), _make_parser(system_path))
        self.totals = evalb_rsl.Totals(config.params.cutoff_len)

    def _records(self, gold_line: str, system_line: str, index: int) -> tuple[Any, Any]:
        from tcompare.model.corpus import SentenceRecord

        return (SentenceRecord(index, index, gold_line, _parse=self.parsers[0]),
                SentenceRecord(index, index, system_line, _parse=self.parsers[1]))

    def check(self) -> bool:
        """Whether `pair_corpora` pairs line N with line N throughout (both files valid
        UTF-8, at least one line): first by words (`same_texts`), else by `_align`."""
        from tcompare.scoring.pairing import record_text

        kernel = self.module.DetailKernel(self.compiled)
        gl, sl = _Split(), _Split()
        n = 0
        for gb, sb, count in _blocks(self.gold_path, self.system_path, self.module):
            if not _utf8(gb) or not _utf8(sb):
                return False
            for k in kernel.check_block(gb, sb, count):
                g, s = self._records(gl.line(gb, k), sl.line(sb, k), n + k + 1)
                text = record_text(g)
                if text is None or text != record_text(s):
                    return self._align()
            n += count
        self.n = n
        return n > 0

    def _align(self) -> bool:
        """Some pair differs: `align_sentences` on every line's text (as `pair_corpora`
        gives them); True when it still pairs line N with line N (same or changed)."""
        from tcompare.model.corpus import SentenceRecord
        from tcompare.scoring.alignment import align_sentences
        from tcompare.scoring.pairing import record_text

        kernel = self.module.DetailKernel(self.compiled)
        texts: tuple[list[str | None], list[str | None]] = ([], [])
        split = _Split()
        for gb, sb, count in _blocks(self.gold_path, self.system_path, self.module):
            for side, block, parser in ((0, gb, self.parsers[0]), (1, sb, self.parsers[1])):
                for k, text in enumerate(kernel.texts_block(block, count)):
                    if text is not None:
                        texts[side].append("".join(text.decode("utf-8").split()))
                        continue
                    line = split.line(block, k)
                    if line.count("(") != line.count(")"):
                        return False       # the reader might not read the file line by line
                    index = len(texts[side]) + 1
                    texts[side].append(record_text(SentenceRecord(index, index, line,
                                                                  _parse=parser)))
        pairs = align_sentences(*texts)
        if any(p.gold != p.system or len(p.gold) != 1 for p in pairs):
            return False
        self.n = len(pairs)
        self.changed = bytearray(p.kind == "changed" for p in pairs)
        return self.n > 0

    def alignment(self) -> Iterator[str]:
        """The "alignment" list of `pair_corpora`'s pairs: chunks of JSON text, each pair
        after ",\\n  "."""
        if self.changed is not None:
            kinds = ("same", "changed")
            for first in range(0, self.n, 1 << 14):
                yield "".join(f',\n  {{"gold": [{i + 1}], "system": [{i + 1}], '
                              f'"kind": "{kinds[self.changed[i]]}"}}'
                              for i in range(first, min(first + (1 << 14), self.n)))
            return
        kernel = self.module.DetailKernel(self.compiled)
        for first in range(1, self.n + 1, 1 << 16):
            yield kernel.alignment(first, min(first + (1 << 16), self.n + 1)).decode("ascii")

    def alignment_counts(self) -> dict[str, int]:
        changed = self.changed.count(1) if self.changed is not None else 0
        return {"same": self.n - changed, "changed": changed, "missing": 0, "extra": 0,
                "joined": 0, "split": 0}

    def pieces(self, mode: str) -> Iterator[bytes | SentenceResult]:
        """Every pair in order: bytes of sentences the kernel wrote (`MODES`: JSON, each
        after ",\\n  ", or CSV rows; none for "summary"), or a `SentenceResult` made by
        `EvalbProfile.score` for a pair the kernel left."""
        from tcompare.model.corpus import Corpus
        from tcompare.scoring.pairing import _score_records

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

    def summary(self) -> Summary:
        """`EvalbProfile.aggregate` of all results (once `pieces` has run)."""
        return summary_of(self.totals)
