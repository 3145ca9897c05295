"""Bracket matching shared by the Chinese campaign profiles (parseval2010/2012, sighan2012).

* Matching is a multiset intersection on a key (label + span by default): each gold copy
  pairs with at most one system copy, as EVALB does.
* An unmatched item whose span exists on the other side is `LABEL_ONLY` (right boundaries,
  wrong label / head / role); an unmatched system item crossing a gold span is `CROSSING`;
  otherwise gold items are `MISSING` and system items `EXTRA`.
* Crossing: spans (i, j) and (k, l) cross when i < k < j < l or k < i < l < j.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Hashable, Iterable, Sequence

from tcompare.scoring.base import Item, SentenceResult, Status, Verdict, prf, ratio


def default_key(item: Item) -> Hashable:
    return (item.label, item.start, item.end)


def span_key(item: Item) -> Hashable:
    return (item.start, item.end)


def crosses(a: tuple[int, int], b: tuple[int, int]) -> bool:
    (i, j), (k, l) = a, b
    return i < k < j < l or k < i < l < j


def crosses_any(span: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
    return any(crosses(span, o) for o in others)


def match(gold: Sequence[Item], system: Sequence[Item],
          key: Callable[[Item], Hashable] = default_key) -> int:
    """Pair items with equal keys (multiset); set verdicts and partners; return #matched.

    Items already marked `IGNORED` take no part.
    """
    pool: dict[Hashable, list[Item]] = defaultdict(list)
    for g in gold:
        if g.verdict is not Verdict.IGNORED:
            g.verdict = Verdict.MISSING
            pool[key(g)].append(g)
    correct = 0
    for s in system:
        if s.verdict is Verdict.IGNORED:
            continue
        bucket = pool.get(key(s))
        if bucket:
            g = bucket.pop(0)
            g.verdict = s.verdict = Verdict.MATCH
            g.partner, s.partner = s.ref, g.ref
            correct += 1
        else:
            s.verdict = Verdict.EXTRA
    return correct


def explain_unmatched(gold: Sequence[Item], system: Sequence[Item]) -> None:
    """Refine MISSING / EXTRA into LABEL_ONLY / CROSSING (does not change any count)."""
    gold_spans = {(g.start, g.end): g for g in gold if g.verdict is not Verdict.IGNORED}
    sys_spans = {(s.start, s.end): s for s in system if s.verdict is not Verdict.IGNORED}
    for g in gold:
        if g.verdict is Verdict.MISSING and (g.start, g.end) in sys_spans:
            g.verdict = Verdict.LABEL_ONLY
            g.partner = sys_spans[(g.start, g.end)].ref
    for s in system:
        if s.verdict is not Verdict.EXTRA:
            continue
        if (s.start, s.end) in gold_spans:
            s.verdict = Verdict.LABEL_ONLY
            s.partner = gold_spans[(s.start, s.end)].ref
        elif crosses_any((s.start, s.end), gold_spans):
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


def sum_counts(results: Sequence[SentenceResult]):
    from collections import Counter

    total: Counter = Counter()
    valid = 0
    for r in results:
        if r.status is Status.VALID:
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
    bad = [r for r in results if r.status is not Status.VALID]
    if not bad:
        return []
    listed = ", ".join(str(r.index) for r in bad[:20]) + (" ..." if len(bad) > 20 else "")
    return [f"{len(bad)} sentence(s) could not be scored and are left out of every figure: {listed}"]
