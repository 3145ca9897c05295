"""Bracket helpers shared by the constituency profiles (spec/metrics.md §common).

Everything here works on plain ``(label, start, end)`` tuples (half-open spans over word
positions), so any profile can reuse it whatever its label normalisation is:

* `match_brackets` -- multiset matching in gold order, EXACTLY as EVALB does it: each gold
  bracket, in order, takes the first still-unused system bracket with the same span and an
  equal label.  With n gold and m system copies of one (label, span), min(n, m) match.
* `crosses` / `crossing_flags` -- a bracket (i, j) crosses (k, l) when i < k < j < l or
  k < i < l < j (spans that merely touch or nest never cross).
* `pair_label_only` -- unmatched brackets with the same span but a different label, paired
  one to one in order (the GUI's "right span, wrong label").

Deleted brackets are passed as ``None`` so positions (and thus node refs) stay aligned.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Optional, Sequence

Bracket = tuple[Any, int, int]  # (label, start, end)
LabelEq = Optional[Callable[[object, object], bool]]


def match_brackets(gold: Sequence[Optional[Bracket]], system: Sequence[Optional[Bracket]],
                   label_equal: LabelEq = None, labeled: bool = True) -> tuple[list[int], list[int]]:
    """Match brackets; return (partner of each gold bracket, partner of each system bracket).

    Parameters
    ----------
    gold, system : brackets ``(label, start, end)`` or ``None`` for a deleted one.
    label_equal : label comparison (default ``==``); EVALB passes its EQ_LABEL test.
    labeled : False ignores labels (unlabeled bracketing).

    Returns
    -------
    Two lists of indices into the other side, -1 where unmatched (or deleted).
    """
    by_span: dict[tuple[int, int], list[int]] = {}
    for j, b in enumerate(system):
        if b is not None:
            key = (b[1], b[2])
            lst = by_span.get(key)
            if lst is None:
                by_span[key] = [j]
            else:
                lst.append(j)
    gold_partner = [-1] * len(gold)
    system_partner = [-1] * len(system)
    for i, g in enumerate(gold):
        if g is None:
            continue
        candidates = by_span.get((g[1], g[2]))
        if not candidates:
            continue
        label = g[0]
        for pos, j in enumerate(candidates):
            if not labeled:
                ok = True
            else:
                other = system[j][0]  # type: ignore[index]
                ok = label == other or (label_equal is not None and label_equal(label, other))
            if ok:
                gold_partner[i], system_partner[j] = j, i
                del candidates[pos]   # used: never offered again
                break
    return gold_partner, system_partner


def count_matches(gold: Sequence[Bracket], system: Sequence[Bracket]) -> int:
    """How many brackets `match_brackets` would match when labels are compared with ``==``:
    the size of the multiset intersection (no partners, much faster)."""
    gs, ss = set(gold), set(system)
    if len(gs) == len(gold) and len(ss) == len(system):
        return len(gs & ss)
    return sum((Counter(gold) & Counter(system)).values())


def crosses(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    """True when span a and span b overlap without one containing the other."""
    return (a_start < b_start < a_end < b_end) or (b_start < a_start < b_end < a_end)


def crossing_flags(spans: Sequence[Optional[tuple[int, int]]],
                   others: Sequence[Optional[tuple[int, int]]], laminar_others: bool = False) -> list[bool]:
    """For each span, whether it crosses at least one of `others` (``None`` entries skipped).

    Small inputs are compared pair by pair; past `_PAIRWISE_LIMIT` comparisons two sweeps
    with a Fenwick tree answer every span in O((n + m) log n), so very deep trees stay
    tractable.  `laminar_others` promises that `others` come from one tree (no two
    of them cross); then a span equal to one of them cannot cross any, which skips most of
    the pairwise work.
    """
    other_list = [o for o in others if o is not None]
    if len(spans) * len(other_list) > _PAIRWISE_LIMIT:
        return _crossing_flags_sweep(spans, other_list)
    present = set(other_list) if laminar_others else ()
    flags = []
    for span in spans:
        if span is None or span in present:
            flags.append(False)
            continue
        s, e = span
        hit = False
        for os_, oe in other_list:
            if (os_ < s < oe < e) or (s < os_ < e < oe):
                hit = True
                break
        flags.append(hit)
    return flags


_PAIRWISE_LIMIT = 1 << 14


def _crossing_flags_sweep(spans: Sequence[Optional[tuple[int, int]]],
                          others: Sequence[tuple[int, int]]) -> list[bool]:
    """`crossing_flags` in O((n + m) log n), iterative.

    (s, e) crosses (os, oe) when os < s < oe < e  (A: an other starting before s ends inside)
    or s < os < e < oe  (B: an other starting inside ends after e).
    A: sweep spans by increasing s, adding the ends of others with os < s to a Fenwick tree
    of counts; the span is hit when an end lies strictly between s and e.
    B: sweep by decreasing e, adding the starts of others with oe > e; hit when a start lies
    strictly between s and e.
    """
    flags = [False] * len(spans)
    live = [k for k, sp in enumerate(spans) if sp is not None and sp[1] - sp[0] > 1]
    if not live or not others:
        return flags
    low = min(min(o[0] for o in others), min(spans[k][0] for k in live))  # type: ignore[index]
    high = max(max(o[1] for o in others), max(spans[k][1] for k in live))  # type: ignore[index]
    size = high - low + 2

    def sweep(order_spans: Sequence[int], order_others: Sequence[tuple[int, int]],
              key_add: Callable[[tuple[int, int]], int],
              admit: Callable[[tuple[int, int], int, int], bool],
              between: Callable[[int, int], tuple[int, int]]) -> None:
        tree = [0] * (size + 1)

        def add(x: int) -> None:
            i = x - low + 1
            while i <= size:
                tree[i] += 1
                i += i & -i

        def prefix(x: int) -> int:          # how many added values are <= x
            i = min(x - low + 1, size)
            total = 0
            while i > 0:
                total += tree[i]
                i -= i & -i
            return total

        j = 0
        for k in order_spans:
            s, e = spans[k]  # type: ignore[misc]
            while j < len(order_others) and admit(order_others[j], s, e):
                add(key_add(order_others[j]))
                j += 1
            if not flags[k]:
                a, b = between(s, e)
                flags[k] = prefix(b - 1) - prefix(a) > 0

    by_start = sorted(others)
    sweep(sorted(live, key=lambda k: spans[k][0]), by_start,  # type: ignore[index]
          lambda o: o[1], lambda o, s, e: o[0] < s, lambda s, e: (s, e))
    by_end_desc = sorted(others, key=lambda o: -o[1])
    sweep(sorted(live, key=lambda k: -spans[k][1]), by_end_desc,  # type: ignore[index]
          lambda o: o[0], lambda o, s, e: o[1] > e, lambda s, e: (s, e))
    return flags


def pair_label_only(gold: Sequence[Optional[Bracket]], system: Sequence[Optional[Bracket]],
                    gold_partner: Sequence[int], system_partner: Sequence[int]) -> tuple[list[int], list[int]]:
    """Pair unmatched gold and system brackets that have the same span (in order)."""
    free: dict[tuple[int, int], list[int]] = {}
    for j, b in enumerate(system):
        if b is not None and system_partner[j] < 0:
            free.setdefault((b[1], b[2]), []).append(j)
    g_pair = [-1] * len(gold)
    s_pair = [-1] * len(system)
    for i, g in enumerate(gold):
        if g is None or gold_partner[i] >= 0:
            continue
        lst = free.get((g[1], g[2]))
        if lst:
            j = lst.pop(0)
            g_pair[i], s_pair[j] = j, i
    return g_pair, s_pair
