"""Bracket matching shared by the Chinese campaign profiles (parseval2010/2012, sighan2012).

* Matching is a multiset intersection on label + span (or span alone): each gold copy
  pairs with at most one system copy, as EVALB does (`tcompare.scoring.items`).
* An unmatched item whose span exists on the other side is `LABEL_ONLY` (right boundaries,
  wrong label / head / role); an unmatched system item crossing a gold span is `CROSSING`;
  otherwise gold items are `MISSING` and system items `EXTRA`.
* Crossing: spans (i, j) and (k, l) cross when i < k < j < l or k < i < l < j.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from tcompare.scoring import items
from tcompare.scoring.base import Item, SentenceResult, Status, Verdict, prf, ratio

if TYPE_CHECKING:
    from collections import Counter


def crosses(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return items.crosses(a[0], a[1], b[0], b[1])


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
    from collections import Counter

    total: Counter[str] = Counter()
    valid = 0
    for r in results:
        if r.valid:
            total.update(r.counts)
            valid += 1
    return total, valid


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


def error_notes(results: Sequence[SentenceResult]) -> list[str]:
    bad = [r for r in results if not r.valid]
    if not bad:
        return zero_notes(results)
    listed = ", ".join(str(r.index) for r in bad[:20]) + (" ..." if len(bad) > 20 else "")
    notes = [f"{len(bad)} sentence(s) could not be scored and are left out of every figure: {listed}"]
    return notes + zero_notes(results)


def zero_notes(results: Sequence[SentenceResult]) -> list[str]:
    """Notes listing the sentences counted as 0 (no parse / missing) or as extra."""
    notes = []
    for status, what in ((Status.NO_PARSE, "with no parse, counted as 0"),
                         (Status.MISSING, "with no system sentence, counted as 0"),
                         (Status.EXTRA, "in the system file only, their items counted as wrong")):
        hit = [r for r in results if r.status is status]
        if hit:
            listed = ", ".join(str(r.index) for r in hit[:20] if r.index) + (" ..." if len(hit) > 20 else "")
            notes.append(f"{len(hit)} sentence(s) {what}" + (f": {listed}" if listed else ""))
    return notes


def row_note(result: SentenceResult) -> str:
    """The Notes cell of a counted sentence: "no parse", "missing: ...", "extra: ..." (the
    sentences that count as 0, spec/metrics.md §7), else ""."""
    return result.message if result.status is not Status.VALID else ""
