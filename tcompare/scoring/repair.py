"""Bracket verdicts for the repair search of `tcompare.analysis.errors` (Kummerfeld et al. 2012).

The repair search asks, over and over, "which brackets of this (partly repaired) system tree
are extra, which gold brackets are missing or crossing, and how many errors would a change
leave?".  Those are match decisions, so they live here (nothing outside `tcompare.scoring`
decides a match); the search only walks trees.

A bracket is a key ``(start, end, label)``.  Matching is a multiset match: a key that occurs
``t`` times in the system tree and ``g`` times in gold matches ``min(t, g)`` times.  The
error total of a tree is ``T + G - 2M`` (system brackets, gold brackets, matched), which is
exactly the analyser's ``len(ParseErrorSet)``: every unmatched system bracket is *extra*,
every unmatched gold bracket is *missing* or *crossing* (crossing when some system span
overlaps it without nesting).  Which instance of a repeated key is the unmatched one follows
the analyser: instances are taken in (start, end) order, ties in preorder, and the first
ones match.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from tcompare.scoring.items import crosses

Key = tuple[int, int, str]


def counts(keys: Iterable[Key]) -> dict[Key, int]:
    table: dict[Key, int] = {}
    for key in keys:
        table[key] = table.get(key, 0) + 1
    return table


def matched(test_counts: dict[Key, int], gold_counts: dict[Key, int]) -> int:
    """Number of matched brackets, ``sum(min(t, g))``."""
    total = 0
    for key, t in test_counts.items():
        g = gold_counts.get(key)
        if g:
            total += t if t < g else g
    return total


def matched_delta(test_counts: dict[Key, int], gold_counts: dict[Key, int],
                  changes: dict[Key, int]) -> int:
    """How the matched total moves when ``changes`` (key -> +n / -n) are applied."""
    delta = 0
    for key, d in changes.items():
        if not d:
            continue
        g = gold_counts.get(key)
        if not g:
            continue
        t = test_counts.get(key, 0)
        before = t if t < g else g
        t += d
        after = t if t < g else g
        delta += after - before
    return delta


def bracket_errors(test: Sequence[tuple[int, int, str, Any]],
                   gold: Sequence[tuple[int, int, str, Any]]
                   ) -> tuple[list[tuple[Key, Any]], list[tuple[Key, Any]], list[tuple[Key, Any]]]:
    """(extra, missing, crossing) as lists of ``(key, payload)``, in the analyser's order.

    ``test`` / ``gold`` are the phrase brackets of each tree in preorder, each with a payload
    (the node) handed back with its verdict.
    """
    test_sorted = sorted(test, key=lambda item: (item[0], item[1]))
    gold_sorted = sorted(gold, key=lambda item: (item[0], item[1]))
    test_left = counts((s, e, lab) for s, e, lab, _ in test_sorted)
    gold_left = counts((s, e, lab) for s, e, lab, _ in gold_sorted)
    spans = {(k[0], k[1]) for k in test_left}
    extra = []
    for s, e, lab, payload in test_sorted:
        key = (s, e, lab)
        if gold_left.get(key, 0) > 0:
            gold_left[key] -= 1
        else:
            extra.append((key, payload))
    missing = []
    crossing = []
    for s, e, lab, payload in gold_sorted:
        key = (s, e, lab)
        if test_left.get(key, 0) > 0:
            test_left[key] -= 1
            continue
        if any(crosses(s, e, ts, te) for ts, te in spans):
            crossing.append((key, payload))
        else:
            missing.append((key, payload))
    return extra, missing, crossing
