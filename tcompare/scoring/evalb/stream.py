"""EVALB verdicts for `score --output json|csv` on one-tree-per-line files, without a Tree
per sentence (10^6 sentences within seconds and a bounded few MB).

EVALB pairs line N with line N.  `line_pairs` checks, in one pass over the raw bytes, that
both files hold the same number of lines and marks the pairs whose words differ (the
compiled kernel reads the lines; a line it does not vouch for is read by the PTB reader and
its text compared).  `LinePairs.pieces` then scores the pairs in order in a second pass:
the kernel writes each sentence it scores exactly as `SentenceResult.to_json` (or the CSV
row) would be written, and any pair it does not -- an error, a skip, EQ_WORD, a label
json.dumps escapes, a line it does not read as `parse_tree` does, a changed pair -- is
scored by `EvalbProfile.score` and handed on as a `SentenceResult`.  No result is kept:
the totals run, and `summary` is what `aggregate` gives for all of them.

None from `line_pairs` (another notation or encoding, a BOM, a pipe, a tree over several
lines, files of different lengths, no compiled kernel or TCOMPARE_PURE_PYTHON=1) means: use
the Tree path (`runs.positional_results`), which also takes EVALB's stop for too many
errors.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, BinaryIO, Iterator, NamedTuple

from tcompare import compiled
from tcompare.scoring.evalb import report as evalb_rsl
from tcompare.scoring.base import SentenceResult, Summary
from tcompare.scoring.left_out import left_out
from tcompare.scoring.evalb.profile import PROFILE, EvalbConfig, add_result, summary_of

if TYPE_CHECKING:
    from tcompare.formats.lines import PairedLines

BLOCK_BYTES = 1 << 16      # input per kernel call: some 3 MB of JSON out
READ_BYTES = 1 << 20
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


def _blocks(files: PairedLines, module: Any, limit: int | None = None
            ) -> Iterator[tuple[bytes, bytes, int]]:
    """(gold lines, system lines, n): n whole lines of each file at a time; `_Uneven`
    when the files do not hold the same number of lines.  ``limit``: the first `limit`
    lines only (both files hold at least that many)."""
    with files.open(0) as gf, files.open(1) as sf:
        gold, system = _Reader(gf, module), _Reader(sf, module)
        done = 0
        while limit is None or done < limit:
            gb, n = gold.block()
            if n == 0:
                if limit is not None or not system.at_end():
                    raise _Uneven()
                return
            if limit is not None and done + n > limit:
                n = limit - done
                gb = gb[:module.after_lines(gb, 0, n)[0]]
            yield gb, system.take(n), n
            done += n


def count_lines(fh: BinaryIO) -> int:
    """Lines as `_Reader` counts them (a last line without its newline is one)."""
    lines, last = 0, b"\n"
    with fh:
        while chunk := fh.read(READ_BYTES):
            lines += chunk.count(b"\n")
            last = chunk[-1:]
    return lines + (last != b"\n")


_MARKS = ("-987654321", "-987654322", "-987654323")     # index, gold, system


def _tail_json(tail: list[tuple[int, int, str]], why: str) -> Iterator[bytes]:
    """The JSON lines `stream_out._write_sentence` writes for `_tail_pieces`' results, each
    after ",\\n  ", in chunks: a template per (gold?, system?, kind) with stand-in numbers."""
    import json

    from tcompare.scoring.base import unscored_result

    templates: dict[tuple[bool, bool, str], str] = {}
    chunk: list[str] = []
    for g, s, kind in tail:
        key = (bool(g), bool(s), kind)
        template = templates.get(key)
        if template is None:
            marks = [int(m) for m in _MARKS]
            result = unscored_result(marks[0], {"gold": [marks[1]] if g else [],
                                                "system": [marks[2]] if s else [],
                                                "kind": kind}, why)
            template = templates[key] = ",\n  " + json.dumps(result.to_json(), ensure_ascii=False)
        chunk.append(template.replace(_MARKS[0], str(g)).replace(_MARKS[1], str(g))
                     .replace(_MARKS[2], str(s)))
        if len(chunk) >= 1 << 14:
            yield "".join(chunk).encode("utf-8")
            chunk = []
    if chunk:
        yield "".join(chunk).encode("utf-8")


def every_line_balances(fh: BinaryIO) -> bool:
    """Whether every line opens as many brackets as it closes: the PTB reader then takes
    each line (a blank one too) for a sentence, so line N is sentence N."""
    with fh:
        return all(line.count(b"(") == line.count(b")") for line in fh)


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


def _blank_key(gold_line: str, system_line: str) -> tuple[str, str] | None:
    """The two lines as a key when both are blank (whitespace only), else None."""
    if gold_line.isspace() or not gold_line:
        if system_line.isspace() or not system_line:
            return gold_line, system_line
    return None


class Copied(NamedTuple):
    """A pair of blank lines scored as an earlier one: `template`'s result (no pair) for
    sentence `number`, its pair of `kind` -- a piece the writers render from the template
    once (10^6 blank lines were 10^6 results made, rendered and summed one by one)."""

    template: SentenceResult
    number: int
    kind: str

    def result(self) -> SentenceResult:
        """The sentence's own result, as `EvalbProfile.score` gives it."""
        result = _copied(self.template, self.number)
        result.data["pair"] = {"gold": [self.number], "system": [self.number], "kind": self.kind}
        return result


def _copied(result: SentenceResult, index: int) -> SentenceResult:
    """`result` for sentence `index`: the same verdicts in containers of its own."""
    return SentenceResult(index=index, status=result.status, message=result.message,
                          counts=Counter(result.counts), scores=dict(result.scores),
                          gold_items=list(result.gold_items),
                          system_items=list(result.system_items), flags=list(result.flags),
                          data={k: list(v) if isinstance(v, list) else v
                                for k, v in result.data.items() if k != "pair"})


def line_pairs(files: PairedLines, config: EvalbConfig,
               notation: str | None = None, encoding: str | None = None,
               stop: int | None = None) -> "LinePairs | None":
    """`LinePairs` for two one-tree-per-line UTF-8 PTB files whose sentences
    `pair_corpora` pairs without joining or splitting any (see the module docstring), or
    None."""
    module = compiled.evalb_kernel()
    if module is None or not hasattr(module, "DetailKernel"):
        return None
    if notation not in (None, "ptb") or (encoding is not None and encoding.replace("_", "-")
                                         .lower() not in ("utf-8", "utf8")):
        return None
    if files.streamed:
        return None
    try:
        for k in (0, 1):
            if files.has_bom(k):               # a BOM: the reader's business
                return None
            if notation is None and files.sniffed(k) != "ptb":
                return None
        pairs = LinePairs(files, config, module, stop)
        return pairs if pairs.check() else None
    except (OSError, _Uneven):
        return None


class LinePairs:
    """Two files scored pair by pair from their lines (`line_pairs` made sure they can be)."""

    def __init__(self, files: PairedLines, config: EvalbConfig, module: Any,
                 stop: int | None = None):
        from tcompare.formats.ptb import make_parser
        from tcompare.scoring.evalb.core import PreparedParams

        self.files = files
        self.gold_path, self.system_path = files.paths
        self.config = config
        self.module = module
        self.compiled = PreparedParams(config.params, as_bytes=True)
        self.n = 0                  # the pairs scored: line N with line N, N <= n
        self.n_gold = self.n_system = 0
        # the line EVALB stops at (1-based: it and every later line are never read), or None
        self.stop = stop
        self.common = 0             # lines both files hold
        self.changed: bytearray | None = None     # 1 for the pairs whose words differ
        self.parsers = (make_parser(self.gold_path), make_parser(self.system_path))
        self.totals = evalb_rsl.Totals(config.params.cutoff_len)
        from tcompare.scoring.left_out import LeftOut

        self.left_out = LeftOut(PROFILE, config)    # EVALB's error sentences (§11)
        # the files are read more than once: one changed meanwhile is `FileChanged`
        self.unchanged = files.watch()

    def _records(self, gold_line: str, system_line: str, index: int) -> tuple[Any, Any]:
        from tcompare.model.corpus import SentenceRecord

        return (SentenceRecord(index, index, gold_line, _parse=self.parsers[0]),
                SentenceRecord(index, index, system_line, _parse=self.parsers[1]))

    def check(self) -> bool:
        """Whether the files can be scored from their lines: both valid UTF-8, the same
        number of lines (EVALB pairs line N with line N and stops at the shorter file's end:
        the sentence-by-sentence path lists what it leaves), a line at least.  The pairs
        whose words differ (the kernel's `check_block`, the reader's text where it is
        unsure) are marked "changed"."""
        from tcompare.scoring.pairing import record_text

        kernel = self.module.DetailKernel(self.compiled)
        gl, sl = _Split(), _Split()
        changed = bytearray()
        blank_differ: dict[tuple[str, str], bool] = {}   # (`_blank_key`: judged once)
        n = 0
        limit = None
        if self.stop is not None:      # every line both files hold is paired (and named)
            self.n_gold, self.n_system = count_lines(self.files.open(0)), count_lines(self.files.open(1))
            if self.n_gold != self.n_system and not (
                    every_line_balances(self.files.open(0))
                    and every_line_balances(self.files.open(1))):
                # (a file whose trees span lines counts other lines than the reader's
                # sentences: the sentence-by-sentence path pairs what the reader reads;
                # when every line balances, the reader reads a sentence a line as we do)
                return False
            limit = min(self.n_gold, self.n_system)
        try:
            for gb, sb, count in _blocks(self.files, self.module, limit):
                if not _utf8(gb) or not _utf8(sb):
                    return False
                changed.extend(bytes(count))
                for k in kernel.check_block(gb, sb, count):
                    gold_line, system_line = gl.line(gb, k), sl.line(sb, k)
                    key = _blank_key(gold_line, system_line)
                    differ = blank_differ.get(key) if key is not None else None
                    if differ is None:
                        g, s = self._records(gold_line, system_line, n + k + 1)
                        text = record_text(g)
                        differ = text is None or text != record_text(s)
                        if key is not None:
                            blank_differ[key] = differ
                    if differ:
                        changed[n + k] = 1
                n += count
        except _Uneven:
            return False
        self.common = n
        if self.stop is None:
            self.n = self.n_gold = self.n_system = n
        else:
            self.n = min(self.stop - 1, n)
        self.changed = changed if any(changed) else None
        return n > 0

    def _tail(self) -> list[tuple[int, int, str]]:
        """The pairs EVALB never reads: (gold line, system line, kind), 0 for none."""
        names = ("same", "changed")
        out = []
        for i in range(self.n, max(self.n_gold, self.n_system)):
            if i < self.common:
                kind = names[self.changed[i]] if self.changed is not None else "same"
            else:
                kind = "missing" if i < self.n_gold else "extra"
            out.append((i + 1 if i < self.n_gold else 0, i + 1 if i < self.n_system else 0,
                        kind))
        return out

    def _tail_why(self) -> str:
        if self.n < min(self.n_gold, self.n_system):
            return (f"EVALB stops at sentence {self.n + 1}, its error number "
                    f"{self.config.params.max_error + 2} (MAX_ERROR "
                    f"{self.config.params.max_error}; -e N raises it)")
        which = "gold" if self.n_gold > self.n_system else "system"
        return (f"evalb pairs sentences by position and stops at the end of the shorter file "
                f"(too many lines in the {which} file)")

    def alignment(self) -> Iterator[str]:
        """The "alignment" list of `pair_corpora`'s pairs: chunks of JSON text, each pair
        after ",\\n  "."""
        yield from self._scored_alignment()
        for g, s, kind in self._tail():
            yield (f',\n  {{"gold": [{g if g else ""}], "system": [{s if s else ""}], '
                   f'"kind": "{kind}"}}')

    def _scored_alignment(self) -> Iterator[str]:
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
        counts = {"same": 0, "changed": 0, "missing": 0, "extra": 0, "joined": 0, "split": 0}
        common = self.common if self.stop is not None else self.n
        counts["changed"] = self.changed[:common].count(1) if self.changed is not None else 0
        counts["same"] = common - counts["changed"]
        counts["missing"] = max(0, self.n_gold - common)
        counts["extra"] = max(0, self.n_system - common)
        return counts

    def pieces(self, mode: str) -> Iterator[bytes | SentenceResult | Copied]:
        """`scored_pieces`, then `FileChanged` if a file changed since `line_pairs` read it
        (as soon as its lines no longer pair up, else at the end)."""
        try:
            yield from self.scored_pieces(mode)
        except _Uneven:
            self.unchanged()
            raise
        self.unchanged()

    def scored_pieces(self, mode: str) -> Iterator[bytes | SentenceResult | Copied]:
        """Every pair in order: bytes of sentences the kernel wrote (`MODES`: JSON, each
        after ",\\n  ", or CSV rows; none for "summary"), or a `SentenceResult` made by
        `EvalbProfile.score` for a pair the kernel left (a `Copied` one for a pair of blank
        lines after the first)."""
        from tcompare.model.corpus import Corpus
        from tcompare.scoring.pairing import score_records

        kernel = self.module.DetailKernel(self.compiled)
        stubs = (Corpus(path=self.gold_path, notation="ptb"),
                 Corpus(path=self.system_path, notation="ptb"))
        gl, sl = _Split(), _Split()
        # a pair of blank lines (each an empty parse) is scored once, then copied: a file
        # of 10^6 blank lines must not parse 2 x 10^6 empty trees
        blanks: dict[tuple[str, str], tuple[SentenceResult, int]] = {}
        repeats: dict[tuple[str, str], int] = {}
        first = 1
        limit = self.n if self.stop is not None else None
        for gb, sb, count in _blocks(self.files, self.module, limit):
            python = bytes(self.changed[first - 1:first - 1 + count]) if self.changed else None
            for piece in kernel.score_block(gb, sb, count, first, MODES[mode], python):
                if not isinstance(piece, int):
                    yield piece
                    continue
                index = first + piece
                gold_line, system_line = gl.line(gb, piece), sl.line(sb, piece)
                key = _blank_key(gold_line, system_line)
                kind = "changed" if self.changed and self.changed[index - 1] else "same"
                if key is not None and key in blanks:      # scored like the first such pair
                    template, items = blanks[key]
                    copied = Copied(template, index, kind)
                    if left_out(template):
                        self.left_out.add(copied.result(), lambda _i, items=items: items)
                    repeats[key] = repeats.get(key, 0) + 1
                    yield copied
                    continue
                else:
                    g, s = self._records(gold_line, system_line, index)
                    result = score_records(stubs[0], stubs[1], g, s, index, PROFILE, self.config)
                    if key is not None:
                        template = _copied(result, index)
                    result.data["pair"] = {"gold": [index], "system": [index], "kind": kind}
                    before = self.left_out.items
                    self.left_out.add(result, {index - 1: g})
                    if key is not None:
                        blanks[key] = (template, self.left_out.items - before)
                add_result(self.totals, result)
                yield result
            first += count
        for key, times in repeats.items():       # (counted once each, `times` times)
            add_result(self.totals, blanks[key][0], times)
        all_fields, short_fields = kernel.totals()
        self.totals.all.merge(all_fields)
        self.totals.short.merge(short_fields)
        if self.stop is not None:
            yield from self._tail_pieces(mode)

    def _tail_pieces(self, mode: str = "") -> Iterator[bytes | SentenceResult]:
        """The pairs EVALB never reads, listed (never counted); their gold items counted
        apart (`left_out.LeftOut`), each gold line scored against itself by the kernel."""
        from tcompare.model.corpus import Corpus, SentenceRecord
        from tcompare.scoring.base import unscored_result

        why = self._tail_why()
        if mode == "json":       # 10^6 left-out lines: rendered from one template each shape
            yield from _tail_json(self._tail(), why)
        else:
            for g, s, kind in self._tail():
                yield unscored_result(g, {"gold": [g] if g else [], "system": [s] if s else [],
                                          "kind": kind}, why)
        if self.n >= self.n_gold:
            return
        with self.files.open(0) as fh:
            reader = _Reader(fh, self.module)
            skip = self.n
            while skip:
                block, count = reader.block()
                if count > skip:
                    reader.buf = block[self.module.after_lines(block, 0, skip)[0]:] + reader.buf
                    break
                skip -= count
            number = self.n
            while True:
                block, count = reader.block()
                if not count:
                    return
                split = _Split()
                records = [SentenceRecord(number + k + 1, number + k + 1, split.line(block, k),
                                          _parse=self.parsers[0]) for k in range(count)]
                corpus = Corpus(records, self.gold_path, "ptb")
                self.left_out.add_gold_range(corpus, 0, count)
                self.left_out.sentences[-count:] = range(number + 1, number + count + 1)
                number += count

    def summary(self) -> Summary:
        """`EvalbProfile.aggregate` of all results (once `pieces` has run)."""
        return summary_of(self.totals)
