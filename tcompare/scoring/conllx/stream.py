"""The ``conllu`` profile's eval.pl-style text report on two CoNLL-U files, read in pieces
(the files are `formats.lines.ByteSource`s the caller opened; it also checked that both are
plain UTF-8 CoNLL-U, which this module cannot tell without reading them whole).

What `score_conllx.main` prints for ``--profile conllu`` (the report of
`conllx.report.run_compiled` on the eval.pl lines of both files, then the CLAS line from the
profile's per-sentence scores), without either file whole: each file is read in pieces of
about `PIECE` bytes that end before a sentence's first line (after ``\\n\\n`` or
``\\r\\n\\r\\n``, before a digit or ``#``), so that

* the reader's sentence records of a piece are those of the whole file (a record is a run
  of lines up to the next non-blank line), paired in order, one gold with one system
  sentence, for the CLAS counts as `pairing.pair_records` pairs them;
* eval.pl's lines of a piece (`conllx.report.eval_text`: comments, multiword and
  empty-node rows dropped) go to the compiled engine (`conllx.report.run_streamed`) in
  pairs of gold and system pieces of the same number of lines, twice for the full report.

Only what the whole-file path would read the same way is taken: plain UTF-8 files (no
byte-order mark, every piece decodes), regular files both sniffed (or given) as CoNLL-U
(the caller's check), the compiled engine present.  Anything else -- and files whose lines do not pair up, where
eval.pl stops with its ``line mismatch`` message -- gives None: the caller reads the files
whole, as before.
"""

from __future__ import annotations

from collections import Counter, deque
from typing import TYPE_CHECKING, Any, Iterator

from tcompare import compiled, formats
from tcompare.formats import sizes
from tcompare.model.corpus import Corpus
from tcompare.scoring.conllx import report as conllx_report
from tcompare.scoring.base import SentenceResult, Summary
from tcompare.scoring.pairing import score_pair

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

PIECE = 1 << 20
SHORT_LIMIT = 5           # short-row warnings named per file (then a count)


class _NotStreamable(Exception):
    """Something the whole-file path reads differently: let it."""


def clas_line(summary: Summary) -> str:
    """The line the ``conllu`` profile adds after eval.pl's report."""
    c, m = summary.counts, summary.metrics
    return ("  CLAS (content-word LAS):    %d correct, %d gold, %d system: P %s  R %s  F1 %s\n"
            % (c["clas_correct"], c["clas_gold"], c["clas_system"], _pct(m.get("CLAS_P")),
               _pct(m.get("CLAS_R")), _pct(m.get("CLAS"))))


def _pct(x: float | None) -> str:
    return "NaN" if x is None else "%.2f" % x


def short_row_lines(text: str, first_line: int = 1) -> Iterator[tuple[int, int]]:
    """(line number, columns) of each token row with fewer than 10 columns, which eval.pl
    scores silently (a missing HEAD or DEPREL is read as empty)."""
    for number, line in enumerate(text.split("\n"), first_line):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.rstrip("\r").split("\t") if "\t" in line else line.split()
        if len(cols) < 10:
            yield number, len(cols)


def short_row_messages(path: str, found: list[tuple[int, int]], count: int) -> list[str]:
    out = [f"{path}:{number}: {n} columns, a CoNLL row needs 10" for number, n in found]
    if count > len(found):
        out.append(f"{path}: {count - len(found)} more rows with fewer than 10 columns")
    return out


def _cut(data: bytearray, start: int) -> int:
    """Where the last sentence that starts in ``data[start:]`` (after a blank line, with
    the byte after known) starts; 0 if none."""
    for sep in (b"\n\n", b"\r\n\r\n"):
        end = len(data) - 1
        while True:
            k = data.rfind(sep, start, end)
            if k < 0:
                break
            at = k + len(sep)
            if at < len(data) and data[at] in b"0123456789#":
                return at
            end = k + len(sep) - 1
    return 0


def _raw_pieces(source: ByteSource) -> Iterator[bytes]:
    with source.open() as fh:
        pending = bytearray()
        while True:
            block = fh.read(PIECE)
            if not block:
                if pending:
                    yield bytes(pending)
                return
            searched = max(0, len(pending) - 4)
            pending += block
            cut = _cut(pending, searched)
            if cut:
                yield bytes(pending[:cut])
                del pending[:cut]


class _Side:
    """One file read piece by piece: eval.pl's lines of each piece, and (``records``) the
    reader's sentence records and the short rows."""

    def __init__(self, source: ByteSource, kernel: Any, records: bool):
        self.path, self.kernel, self.keep = source.path, kernel, records
        self.raw = _raw_pieces(source)
        self.records: deque[Any] = deque()
        self.line = 1
        self.short: list[tuple[int, int]] = []
        self.short_count = 0

    def next(self) -> bytes | None:
        data = next(self.raw, None)
        if data is None:
            return None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise _NotStreamable from None
        if self.keep:
            corpus = formats.read_text(text, "conllu", self.path)
            if sizes.refusal((corpus,), sizes.SCORE_LIMIT, "score"):
                raise _NotStreamable    # the usual path refuses it (a 10^6-word one: 1.3 GB)
            self.records.extend(corpus.records)
            if self.kernel.maybe_short_rows(data):
                for found in short_row_lines(text, self.line):
                    self.short_count += 1
                    if len(self.short) < SHORT_LIMIT:
                        self.short.append(found)
            self.line += text.count("\n")
        return conllx_report.eval_text(text, "conllu").encode("utf-8", "surrogateescape")


class _Pieces:
    """The pairs of pieces of eval.pl's lines (`conllx.report.run_streamed`), and in the
    first pass the CLAS counts of the sentence pairs."""

    def __init__(self, gold: ByteSource, system: ByteSource, kernel: Any, profile: Any,
                 config: Any):
        self.sources, self.kernel = (gold, system), kernel
        self.profile, self.config = profile, config
        self.passes = 0
        self.gold: _Side | None = None
        self.system: _Side | None = None
        self.total: Counter[str] = Counter()

    def __call__(self) -> Iterator[tuple[bytes, bytes, bool]]:
        self.passes += 1
        first = self.passes == 1
        gold = _Side(self.sources[0], self.kernel, first)
        system = _Side(self.sources[1], self.kernel, first)
        if first:
            self.gold, self.system = gold, system
        rest = b""          # system lines read and not yet paired
        system_done = False
        current = gold.next()
        if current is None:
            current = b""       # an empty gold file: one empty piece, to pair with the rest
        while current is not None:
            following = gold.next()
            lines = current.count(b"\n")
            have = rest.count(b"\n")
            # the last gold piece takes the rest of the system's lines (one more than it
            # has is enough to tell that they differ)
            while not system_done and (have <= lines if following is None else have < lines):
                more = system.next()
                if more is None:
                    system_done = True
                else:
                    rest += more
                    have += more.count(b"\n")
            if following is None or have <= lines:
                piece, rest = rest, b""
            else:
                parts = rest.split(b"\n", lines)
                rest = parts.pop()
                piece = b"\n".join(parts) + b"\n"
            if first:
                self._score_sentences(gold, system)
            yield current, piece, following is None
            current = following
        if first:      # (a system file longer than the gold one: told by the engine)
            while system.next() is not None:
                pass
            self._score_sentences(gold, system)

    def _score_sentences(self, gold: _Side, system: _Side) -> None:
        """Gold sentence i with system sentence i (`pairing.score_pair`), as far as both
        files are read; the counts of those that count (the CLAS line)."""
        g, s = gold.records, system.records
        while g and s:
            result = score_pair(Corpus(records=[g.popleft()], path=gold.path),
                                Corpus(records=[s.popleft()], path=system.path), 0,
                                self.profile, self.config)
            if result.valid:
                self.total.update(result.counts)


def report(gold: ByteSource, system: ByteSource, profile: Any, config: Any, *, quiet: bool,
           evalb: bool, hash_order: str) -> tuple[conllx_report.RunOutput, list[str], str] | None:
    """(the report, the short-row warnings, the CLAS line or "") as `cli.score_conllx`
    makes them for ``--profile conllu`` text output, from two plain UTF-8 CoNLL-U files;
    None when they must be read whole (see the module docstring)."""
    kernel = compiled.conllx_kernel()
    if kernel is None:
        return None
    pieces = _Pieces(gold, system, kernel, profile, config)
    try:
        result = conllx_report.run_streamed(pieces, gold.path, system.path, evalb=evalb,
                                            score_punct=config["score_punct"],
                                            hash_order=hash_order, quiet=quiet)
    except (_NotStreamable, OSError):
        return None
    if result is None:
        return None
    short: list[str] = []
    for side in (pieces.gold, pieces.system):
        if side is not None:
            short += short_row_messages(side.path, side.short, side.short_count)
    clas = ""
    if result.status == 0:
        clas = clas_line(profile.aggregate([SentenceResult(index=1, counts=pieces.total)], config))
    return result, short, clas
