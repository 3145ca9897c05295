"""The text report of the ``jp-evalb`` profile: what ``jp-evalb.py`` prints, line for line.

`Totals` folds the per-pair counts the way the reference does (its "-- All --" block and
its "-- len<=40 --" block, which decides "short" on the number of aligned word groups, see
`jpevalb.core.score_pair`).  `render` writes the report: a "Current time" line (ours, in the
reference's format), the table, the total line, the two summary blocks.  The reference's
final "Current time" line is left out; the empty line its ``print`` adds is kept.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Iterable, TextIO

from tcompare.scoring.jpevalb.core import PairScore

HEADER = ("  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
          " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n")
SEP = "=" * 76 + "\n"
ROW = "{:>4} {:>4} {:>4} {:>7.2f} {:>6.2f} {:>5} {:>6} {:>4} {:>6} {:>6} {:>5} {:>8.2f}\n"
CUTOFF = 40


@dataclass
class Block:
    """One summary block's counters."""

    sentences: int = 0
    errors: int = 0
    skipped: int = 0
    matched: int = 0
    gold: int = 0
    test: int = 0
    crossing: int = 0
    no_crossing: int = 0
    two_or_less: int = 0
    words: int = 0
    correct_tags: int = 0
    complete: int = 0

    @property
    def valid(self) -> int:
        return self.sentences - self.errors - self.skipped

    def add(self, s: PairScore) -> None:
        self.sentences += 1
        self.matched += s.matched
        self.gold += s.gold_brackets
        self.test += s.test_brackets
        self.crossing += s.crossing
        self.no_crossing += s.crossing == 0
        self.two_or_less += s.crossing <= 2
        self.words += s.words
        self.correct_tags += s.correct_tags
        self.complete += s.gold_brackets == s.test_brackets == s.matched

    # the figures, computed as the reference computes them (same float operations)
    def recall(self) -> float:
        return 100.0 * self.matched / self.gold if self.gold > 0 else 0.0

    def precision(self) -> float:
        return 100.0 * self.matched / self.test if self.test > 0 else 0.0

    def fmeasure(self) -> float:
        p, r = self.precision(), self.recall()
        return 2 * p * r / (p + r) if (p + r) > 0 else float("nan")

    def complete_match(self) -> float:
        n = self.valid
        return 100.0 * self.complete / n if n > 0 else 0.0

    def average_crossing(self) -> float:
        n = self.valid
        return 1.0 * self.crossing / n if n > 0 else 0.0

    def no_crossing_pct(self) -> float:
        n = self.valid
        return 100.0 * self.no_crossing / n if n > 0 else 0.0

    def two_or_less_pct(self) -> float:
        n = self.valid
        return 100.0 * self.two_or_less / n if n > 0 else 0.0

    def tagging_accuracy(self) -> float:
        return 100.0 * self.correct_tags / self.words if self.words > 0 else 0.0


@dataclass
class Totals:
    all: Block
    short: Block


def totals(scores: Iterable[PairScore]) -> Totals:
    everything, short = Block(), Block()
    for s in scores:
        if s.status:
            everything.sentences += 1
            everything.errors += 1
            if s.short:
                short.sentences += 1
                short.errors += 1
            continue
        everything.add(s)
        if s.short:
            short.add(s)
    return Totals(everything, short)


def current_time(now: datetime.datetime | None = None) -> str:
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return "Current time: " + now.strftime("%m/%d/%y %H:%M:%S.") + f"{now.microsecond:06d}000 UTC\n"


def row(s: PairScore) -> str:
    if s.status:
        return ROW.format(s.index, s.length, 1, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0.0)
    return ROW.format(s.index, s.length, 0, s.recall, s.precision, s.matched, s.gold_brackets,
                      s.test_brackets, s.crossing, s.words, s.correct_tags, s.tag_accuracy)


def _block(out: TextIO, b: Block) -> None:
    out.write(f"Number of sentence        = {b.sentences:6d}\n")
    out.write(f"Number of Error sentence  = {b.errors:6d}\n")
    out.write(f"Number of Skip  sentence  = {b.skipped:6d}\n")
    out.write(f"Number of Valid sentence  = {b.valid:6d}\n")
    out.write(f"Bracketing Recall         = {b.recall():6.2f}\n")
    out.write(f"Bracketing Precision      = {b.precision():6.2f}\n")
    out.write(f"Bracketing FMeasure       = {b.fmeasure():6.2f}\n")
    out.write(f"Complete match            = {b.complete_match():6.2f}\n")
    out.write(f"Average crossing          = {b.average_crossing():6.2f}\n")
    out.write(f"No crossing               = {b.no_crossing_pct():6.2f}\n")
    out.write(f"2 or less crossing        = {b.two_or_less_pct():6.2f}\n")
    out.write(f"Tagging accuracy          = {b.tagging_accuracy():6.2f}\n")


def render(scores: list[PairScore], out: TextIO, *, summary_only: bool = False,
           now: datetime.datetime | None = None) -> Totals:
    t = totals(scores)
    out.write(current_time(now))
    out.write(HEADER)
    out.write(SEP)
    if not summary_only:
        out.write("".join(row(s) for s in scores))
    out.write(SEP)
    a = t.all
    line = ""
    if a.gold > 0 and a.test > 0:
        line += (f"                {a.recall():6.2f} {a.precision():6.2f}  {a.matched:5d} "
                 f"{a.gold:5d} {a.test:5d}  {a.crossing:5d}")
    line += f"  {a.words:5d} {a.correct_tags:5d}   {a.tagging_accuracy():6.2f}\n"
    out.write(line)
    out.write("=== Summary ===\n\n")
    out.write("-- All --\n")
    _block(out, a)
    out.write(f"\n-- len<={CUTOFF} --\n")
    _block(out, t.short)
    # jp-evalb.py ends with a second "Current time" line (left out) and print()'s newline
    out.write("\n")
    return t
