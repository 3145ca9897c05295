"""Bracket matching shared by the Chinese campaign profiles (parseval2010/2012, sighan2012).

* Matching is a multiset intersection on label + span (or span alone): each gold copy
  pairs with at most one system copy, as EVALB does (`tcompare.scoring.items`).
* An unmatched item whose span exists on the other side is `LABEL_ONLY` (right boundaries,
  wrong label / head / role); an unmatched system item crossing a gold span is `CROSSING`;
  otherwise gold items are `MISSING` and system items `EXTRA`.
* Crossing: spans (i, j) and (k, l) cross when i < k < j < l or k < i < l < j.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from tcompare.scoring import items
from tcompare.scoring.base import Item, SentenceResult, Status, Verdict, prf, ratio

if TYPE_CHECKING:
    from collections import Counter


def crosses_any(span: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
    return any(items.crosses(span[0], span[1], o[0], o[1]) for o in others)


def crossing_many(spans: Sequence[tuple[int, int]], others: Sequence[tuple[int, int]]) -> list[bool]:
    """`crosses_any` for each of `spans`, in O((n + m) log n) (`items.crossing_flags`)."""
    return items.crossing_flags(list(spans), list(others))


def match(gold: Sequence[Item], system: Sequence[Item], labeled: bool = True) -> int:
    """Pair items with equal label and span (multiset, `items.match_brackets`); set
    verdicts (MATCH / MISSING / EXTRA) and partners; return the number of pairs.

    ``labeled=False`` pairs on spans alone.  Items already marked `IGNORED` take no part.
    """
    def brackets(side: Sequence[Item]) -> list[items.Bracket | None]:
        return [None if i.verdict is Verdict.IGNORED else (i.label, i.start, i.end) for i in side]

    gold_partner, system_partner = items.match_brackets(brackets(gold), brackets(system),
                                                        labeled=labeled)
    for own, partners, other, unmatched in ((gold, gold_partner, system, Verdict.MISSING),
                                            (system, system_partner, gold, Verdict.EXTRA)):
        for item, j in zip(own, partners):
            if item.verdict is Verdict.IGNORED:
                continue
            if j >= 0:
                item.verdict, item.partner = Verdict.MATCH, other[j].ref
            else:
                item.verdict, item.partner = unmatched, -1
    return sum(1 for j in gold_partner if j >= 0)


def explain_unmatched(gold: Sequence[Item], system: Sequence[Item]) -> None:
    """Refine MISSING / EXTRA into LABEL_ONLY / CROSSING (does not change any count)."""
    gold_spans = {(g.start, g.end): g for g in gold if g.verdict is not Verdict.IGNORED}
    sys_spans = {(s.start, s.end): s for s in system if s.verdict is not Verdict.IGNORED}
    for g in gold:
        if g.verdict is Verdict.MISSING and (g.start, g.end) in sys_spans:
            g.verdict = Verdict.LABEL_ONLY
            g.partner = sys_spans[(g.start, g.end)].ref
    extra = [s for s in system if s.verdict is Verdict.EXTRA]
    crossing = items.crossing_flags([(s.start, s.end) for s in extra], list(gold_spans))
    for s, crosses_gold in zip(extra, crossing):
        if (s.start, s.end) in gold_spans:
            s.verdict = Verdict.LABEL_ONLY
            s.partner = gold_spans[(s.start, s.end)].ref
        elif crosses_gold:
            s.verdict = Verdict.CROSSING
            s.crossing = True


def prf_keys(prefix: str, correct: float, gold: float, system: float) -> dict[str, float | None]:
    p, r, f = prf(correct, gold, system)
    return {f"{prefix}P": p, f"{prefix}R": r, f"{prefix}F1": f}


def ratio_or_none(num: float, den: float) -> float | None:
    return ratio(num, den)


def f1_of(p: float | None, r: float | None) -> tuple[float | None, float | None, float | None]:
    """(P, R, F1) from separately computed P and R, with `prf`'s rules for 0/0."""
    if p is None or r is None:
        f = None if (p is None and r is None) else 0.0
    else:
        f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def sum_counts(results: Sequence[SentenceResult]) -> tuple[Counter[str], int]:
    tally = Tally()
    tally.add_all(results)
    return tally.counts, tally.valid


class Listing:
    """How many sentences, and the first `LISTED` of their indices (what a note names)."""

    __slots__ = ("count", "first")

    def __init__(self) -> None:
        self.count = 0
        self.first: list[int] = []

    def add(self, index: int) -> None:
        self.count += 1
        if len(self.first) < LISTED:
            self.first.append(index)

    def merge(self, other: Listing) -> None:
        self.first.extend(other.first[:LISTED - len(self.first)])
        self.count += other.count


LISTED = 20
ZERO_STATUSES = ((Status.NO_PARSE, "with no parse, counted as 0"),
                 (Status.MISSING, "with no system sentence, counted as 0"),
                 (Status.EXTRA, "in the system file only, their items counted as wrong"))


class Tally:
    """What the three profiles' `aggregate` and text reports read from the results, folded
    in file order: summed counts and short listings, never the results themselves, so the
    batch path (`tcompare.scoring.zh.stream`) folds blocks of sentences into it with flat
    memory, and `aggregate` folds a list of results the same way.

    ``macro`` (sighan2012): the sentences' own P and R are summed one by one in file order
    (a float sum depends on its order: blocks keep their values until folded, `merge`).
    """

    def __init__(self, macro: bool = False) -> None:
        from collections import Counter

        self.counts: Counter[str] = Counter()
        self.valid = 0
        self.results = 0
        self.bad = Listing()
        self.zero = {status: Listing() for status, _ in ZERO_STATUSES}
        self.grammars: set[str] = set()
        self.macro = macro
        self.macro_p = self.macro_r = 0.0
        self.macro_n = 0
        self.pending: list[tuple[float, float]] = []
        self.empty = Listing()
        self.undefined = Listing()

    def add(self, r: SentenceResult) -> None:
        self.results += 1
        if r.status in self.zero:
            self.zero[r.status].add(r.index)
        if not r.valid:
            self.bad.add(r.index)
            return
        self.counts.update(r.counts)
        self.valid += 1
        grammar = r.data.get("grammar")
        if grammar:
            self.grammars.add(grammar)
        if self.macro:
            self.add_macro(r.index, r.flags, r.scores.get("P"), r.scores.get("R"))

    def add_macro(self, index: int, flags: Sequence[str], p: float | None, r: float | None) -> None:
        if "empty" in flags:
            self.empty.add(index)
            return
        self.pending.append((p or 0.0, r or 0.0))
        if "p_undefined" in flags or "r_undefined" in flags:
            self.undefined.add(index)

    def add_all(self, results: Iterable[SentenceResult]) -> None:
        for r in results:
            self.add(r)
        self.fold()

    def fold(self) -> None:
        """Sum the pending P and R values into the macro sums, in order."""
        p, r = self.macro_p, self.macro_r
        for pv, rv in self.pending:
            p += pv
            r += rv
        self.macro_p, self.macro_r = p, r
        self.macro_n += len(self.pending)
        self.pending = []

    def merge(self, other: Tally) -> None:
        """Add the tally of the sentences that follow (a later block, never folded itself:
        its P and R values are summed here, after this tally's own)."""
        assert other.macro_n == 0, "a block tally is merged unfolded"
        self.counts.update(other.counts)
        self.valid += other.valid
        self.results += other.results
        self.bad.merge(other.bad)
        for status, listing in self.zero.items():
            listing.merge(other.zero[status])
        self.grammars |= other.grammars
        self.pending.extend(other.pending)
        self.fold()
        self.empty.merge(other.empty)
        self.undefined.merge(other.undefined)


def pct(value: float | None, digits: int = 2, fraction: bool = False) -> str:
    """Text-table number: ``-`` for undefined, percent with 2 decimals or a 0-1 fraction."""
    if value is None:
        return "-"
    return f"{value / 100:.4f}" if fraction else f"{value:.{digits}f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain fixed-width table (first column left-aligned, the rest right-aligned)."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [str(c).ljust(widths[0]) if i == 0 else str(c).rjust(widths[i])
                 for i, c in enumerate(row)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def render_text(profile: Any, results: Sequence[SentenceResult], summary: Any, config: Any,
                summary_only: bool, grammars: set[str]) -> str:
    """A Chinese profile's text report in one string: its head, the table of its rows (its
    `text_header` and `row_cells`), its tail -- the parts `zh.stream` writes one by one."""
    out = [profile.text_head(config, grammars)]
    if not summary_only:
        out.append(table(profile.text_header(config), [profile.row_cells(r, config) for r in results]))
        out.append("\n")
    out.append(profile.text_tail(summary, config))
    return "".join(out)


def error_notes(results: Sequence[SentenceResult] | Tally) -> list[str]:
    tally = results if isinstance(results, Tally) else _tallied(results)
    bad = tally.bad
    if not bad.count:
        return zero_notes(tally)
    notes = [f"{bad.count} sentence(s) could not be scored and are left out of every figure: "
             f"{listing(bad)}"]
    return notes + zero_notes(tally)


def _tallied(results: Sequence[SentenceResult]) -> Tally:
    tally = Tally()
    tally.add_all(results)
    return tally


def listing(hit: Listing) -> str:
    """``1, 2, 3`` (the first 20 indices) with `` ...`` when there are more."""
    return ", ".join(map(str, hit.first)) + (" ..." if hit.count > LISTED else "")


def zero_notes(results: Sequence[SentenceResult] | Tally) -> list[str]:
    """Notes listing the sentences counted as 0 (no parse / missing) or as extra."""
    tally = results if isinstance(results, Tally) else _tallied(results)
    notes = []
    for status, what in ZERO_STATUSES:
        hit = tally.zero[status]
        if hit.count:
            listed = (", ".join(str(i) for i in hit.first if i)
                      + (" ..." if hit.count > LISTED else ""))
            notes.append(f"{hit.count} sentence(s) {what}" + (f": {listed}" if listed else ""))
    return notes


def row_note(result: SentenceResult) -> str:
    """The Notes cell of a counted sentence: "no parse", "missing: ...", "extra: ..." (the
    sentences that count as 0, spec/metrics.md §7), else ""."""
    return result.message if result.status is not Status.VALID else ""
