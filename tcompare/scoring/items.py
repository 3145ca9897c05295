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
from typing import Callable, Optional, Sequence

Bracket = tuple  # (label, start, end)
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

    `laminar_others` promises that `others` come from one tree (no two of them cross); then
    a span equal to one of them cannot cross any, which skips most of the quadratic work.
    """
    other_list = [o for o in others if o is not None]
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
