"""EVALB's text report (``.rsl``), byte for byte as the 2013 ``evalb.c`` prints it.

`header()`, one `row()` per sentence, then `Totals.render()` (the totals line, the
``=== Summary ===`` block for all sentences and for ``len<=CUTOFF_LEN``).  Rules:

* an error (1) or skip (2) row prints zeros but the gold length; it is left out of every
  total except the sentence / error / skip counts;
* the totals line leaves out the bracket columns when either bracket total is 0;
* F = 2PR/(P+R) from unrounded values, so 0/0 prints glibc's ``  -nan``;
* complete match counts valid sentences with gold = test = matched (0 = 0 = 0 included).
"""

from __future__ import annotations

from typing import Any, Sequence

# A sentence's status, the rsl's "Stat." column: the one definition every EVALB engine uses
# (the Python oracle, the literal port, the profiles; the compiled kernel's are tested equal).
VALID, ERROR, SKIP = 0, 1, 2
UNPARSED = 3        # evalb_spmrl -X: an empty parse, counted as a valid sentence with no brackets

HEADER = ("  Sent.                        Matched  Bracket   Cross        Correct Tag\n"
          " ID  Len.  Stat. Recal  Prec.  Bracket gold test Bracket Words  Tags Accracy\n"
          "============================================================================\n")
RULE = "============================================================================\n"


def header() -> str:
    return HEADER


def row(line: int, length: int, status: int, words: int, gold: int, test: int, matched: int,
        crossing: int, tags: int) -> str:
    """One sentence's line (error/skip rows are called with zeros)."""
    recall = 100.0 * matched / gold if gold else 0.0
    precision = 100.0 * matched / test if test else 0.0
    accuracy = 100.0 * tags / words if words else 0.0
    return ("%4d  %3d    %d  %6.2f %6.2f   %3d    %3d  %3d    %3d   %4d  %4d   %6.2f\n"
            % (line, length, status, recall, precision, matched, gold, test, crossing,
               words, tags, accuracy))


class Block:
    """Running totals of one summary block (evalb.c's TOTAL_* or TOT40_* variables)."""

    __slots__ = ("sent", "error", "skip", "gold", "test", "match", "comp", "word", "crossing",
                 "no_crossing", "two_crossing", "tags")

    def __init__(self) -> None:
        self.sent = self.error = self.skip = self.gold = self.test = self.match = 0
        self.comp = self.word = self.crossing = self.no_crossing = self.two_crossing = 0
        self.tags = 0

    def add(self, status: int, words: int, gold: int, test: int, matched: int, crossing: int,
            tags: int, times: int = 1) -> None:
        """One sentence's row (`times` alike rows at once: 10^6 blank lines)."""
        self.sent += times
        if status == ERROR:
            self.error += times
        elif status == SKIP:
            self.skip += times
        else:
            self.gold += gold * times
            self.test += test * times
            self.match += matched * times
            if gold == test == matched:
                self.comp += times
            self.word += words * times
            self.crossing += crossing * times
            if crossing == 0:
                self.no_crossing += times
            if crossing <= 2:
                self.two_crossing += times
            self.tags += tags * times

    def fields(self) -> tuple[int, ...]:
        """The running totals as a tuple (``__slots__`` order), for `merge`."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def merge(self, fields: Sequence[int]) -> None:
        """Add another block's `fields()` (a batch worker's share)."""
        for name, value in zip(self.__slots__, fields):
            setattr(self, name, getattr(self, name) + value)

    @property
    def valid(self) -> int:
        return self.sent - self.error - self.skip

    def figures(self) -> dict[str, Any]:
        """The summary figures as numbers (None where EVALB divides 0 by 0)."""
        valid = self.valid
        r = 100.0 * self.match / self.gold if self.gold else 0.0
        p = 100.0 * self.match / self.test if self.test else 0.0
        return {
            "sentences": self.sent, "error_sentences": self.error, "skip_sentences": self.skip,
            "valid_sentences": valid, "recall": r, "precision": p,
            "fmeasure": 2 * p * r / (p + r) if p + r else None,
            "complete_match": 100.0 * self.comp / valid if valid else 0.0,
            "average_crossing": 1.0 * self.crossing / valid if valid else 0.0,
            "no_crossing": 100.0 * self.no_crossing / valid if valid else 0.0,
            "two_or_less_crossing": 100.0 * self.two_crossing / valid if valid else 0.0,
            "tagging_accuracy": 100.0 * self.tags / self.word if self.word else 0.0,
            "matched_brackets": self.match, "gold_brackets": self.gold,
            "test_brackets": self.test, "crossing": self.crossing, "words": self.word,
            "correct_tags": self.tags,
        }

    def render(self) -> str:
        return figures_text(self.figures())


def figures_text(f: dict[str, Any]) -> str:
    """One summary block's lines from its `Block.figures` (as a `Summary` group keeps them)."""
    fm = "  -nan" if f["fmeasure"] is None else "%6.2f" % f["fmeasure"]
    return ("Number of sentence        = %6d\n" % f["sentences"]
            + "Number of Error sentence  = %6d\n" % f["error_sentences"]
            + "Number of Skip  sentence  = %6d\n" % f["skip_sentences"]
            + "Number of Valid sentence  = %6d\n" % f["valid_sentences"]
            + "Bracketing Recall         = %6.2f\n" % f["recall"]
            + "Bracketing Precision      = %6.2f\n" % f["precision"]
            + "Bracketing FMeasure       = %s\n" % fm
            + "Complete match            = %6.2f\n" % f["complete_match"]
            + "Average crossing          = %6.2f\n" % f["average_crossing"]
            + "No crossing               = %6.2f\n" % f["no_crossing"]
            + "2 or less crossing        = %6.2f\n" % f["two_or_less_crossing"]
            + "Tagging accuracy          = %6.2f\n" % f["tagging_accuracy"])


class Totals:
    """Both summary blocks; `add` is evalb.c's individual_result bookkeeping."""

    def __init__(self, cutoff_len: int = 40):
        self.cutoff_len = cutoff_len
        self.all = Block()
        self.short = Block()

    def add(self, length: int, status: int, words: int, gold: int, test: int, matched: int,
            crossing: int, tags: int, times: int = 1) -> None:
        self.all.add(status, words, gold, test, matched, crossing, tags, times)
        if length <= self.cutoff_len:
            self.short.add(status, words, gold, test, matched, crossing, tags, times)

    def render(self) -> str:
        a = self.all
        parts = [RULE]
        if a.gold > 0 and a.test > 0:
            parts.append("                %6.2f %6.2f %6d %5d %5d  %5d" % (
                100.0 * a.match / a.gold, 100.0 * a.match / a.test, a.match, a.gold, a.test,
                a.crossing))
        parts.append("  %5d %5d   %6.2f" % (a.word, a.tags, 100.0 * a.tags / a.word if a.word else 0.0))
        parts.append("\n")
        parts.append(summary_text(a.figures(), self.short.figures(), self.cutoff_len))
        return "".join(parts)


def summary_text(all_figures: dict[str, Any], short_figures: dict[str, Any], cutoff_len: int) -> str:
    """The ``=== Summary ===`` block: all sentences, then those of ``len<=cutoff_len``."""
    return ("=== Summary ===\n\n-- All --\n" + figures_text(all_figures)
            + "\n-- len<=%d --\n" % cutoff_len + figures_text(short_figures))
