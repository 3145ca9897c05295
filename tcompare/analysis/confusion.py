"""Confusion matrices and length / depth breakdowns over any profile's verdicts.

Nothing here decides a match: every cell is read off the scorer's items (`Item.verdict`,
`Item.partner`).

Confusion (`confusion(results, kind)`):

* ``label`` -- constituency: gold label x system label of same-span brackets (MATCH and
  LABEL_ONLY pairs, through ``partner``); a gold bracket with no same-span partner counts in
  column ``-`` (missing), a system bracket with none in row ``-`` (extra).  Dependency: gold
  relation x system relation of the arcs whose head is right (MATCH, WRONG_LABEL).
* ``pos`` -- gold tag x system tag of each scored word (tag items; for dependency input,
  whose scorer has no tag items, the CPOSTAG columns of the two sentences, word by word).

Breakdowns (`breakdown(results, by, gold, system)`): per bin, gold and system counts of the
profile's main items (brackets, arcs, roles...), matched ones (verdict MATCH) and P / R / F1:

* ``sentence_length`` -- the sentence's words, bins 1-10, 11-20, 21-30, 31-40, 41-50, 51-;
* ``length`` -- a bracket's width (end - start, in the profile's unit: words, or characters
  for the character-based profiles) or an arc's |head - dependent| (``root`` for root arcs),
  bins 1, 2, 3, 4, 5, 6-10, 11-20, 21-;
* ``depth`` -- a bracket's depth in its own tree (root 0) or an arc's depth (arcs between the
  dependent and the root, 0 = attached to the root), 10 and more together.

Each cell / row keeps the 1-based numbers of the sentences behind it (``sentences``), so a
front end can filter to them.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.scoring.base import SentenceResult, Status, Verdict, prf

NONE = "-"
BREAKDOWNS = ("sentence_length", "length", "depth")
_SENT_BINS = ((10, "1-10"), (20, "11-20"), (30, "21-30"), (40, "31-40"), (50, "41-50"))
_LEN_BINS = ((1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5"), (10, "6-10"), (20, "11-20"))
_HEAD_OK = (Verdict.MATCH, Verdict.WRONG_LABEL)


@dataclass
class Matrix:
    kind: str
    cells: Counter = field(default_factory=Counter)              # (gold, system) -> count
    sentences: dict[tuple[str, str], list[int]] = field(default_factory=dict)

    @property
    def rows(self) -> list[str]:
        return _ordered({g for g, _ in self.cells}, {g: n for (g, _), n in self.cells.items()})

    @property
    def columns(self) -> list[str]:
        return _ordered({s for _, s in self.cells}, {s: n for (_, s), n in self.cells.items()})

    def off_diagonal(self) -> list[tuple[str, str, int]]:
        """The confusions, most frequent first."""
        return sorted(((g, s, n) for (g, s), n in self.cells.items() if g != s),
                      key=lambda t: (-t[2], t[0], t[1]))

    def to_json(self) -> dict:
        return {"kind": self.kind, "rows": self.rows, "columns": self.columns,
                "cells": [{"gold": g, "system": s, "count": n, "sentences": self.sentences[(g, s)]}
                          for (g, s), n in sorted(self.cells.items())]}


def _ordered(keys: set[str], weight: dict[str, int]) -> list[str]:
    totals: Counter = Counter()
    for k in keys:
        totals[k] = 0
    for k, n in weight.items():
        totals[k] += n
    named = sorted((k for k in keys if k != NONE), key=lambda k: (-totals[k], k))
    return named + ([NONE] if NONE in keys else [])


def _main_kind(results: Sequence[SentenceResult]) -> str:
    kinds: Counter = Counter()
    for r in results:
        for it in r.gold_items:
            if it.kind != "tag":
                kinds[it.kind] += 1
        if len(kinds) and sum(kinds.values()) > 200:
            break
    return kinds.most_common(1)[0][0] if kinds else "bracket"


def confusion(results: Sequence[SentenceResult], kind: str = "label",
              gold: Sequence[Any] | None = None, system: Sequence[Any] | None = None) -> Matrix:
    matrix = Matrix(kind)

    def add(g: str, s: str, index: int) -> None:
        matrix.cells[(g, s)] += 1
        rows = matrix.sentences.setdefault((g, s), [])
        if not rows or rows[-1] != index:
            rows.append(index)

    main = _main_kind(results)
    for n, r in enumerate(results):
        if r.status is not Status.VALID:
            continue
        if kind == "pos":
            tags = [it for it in r.gold_items if it.kind == "tag"]
            if tags:
                sys_tags = {it.ref: it for it in r.system_items if it.kind == "tag"}
                for it in tags:
                    if it.verdict is Verdict.IGNORED:
                        continue
                    other = sys_tags.get(it.partner)
                    add(it.label, other.label if other is not None else NONE, r.index)
            elif gold is not None and system is not None and n < len(gold) and gold[n] is not None:
                gw = gold[n].words
                sw = system[n].words if n < len(system) and system[n] is not None else []
                for it in r.gold_items:
                    if it.kind == "arc" and it.verdict is not Verdict.IGNORED and it.ref < len(gw):
                        s = sw[it.ref].cpostag if it.ref < len(sw) else NONE
                        add(gw[it.ref].cpostag, s, r.index)
            continue
        sys_items = {it.ref: it for it in r.system_items if it.kind == main}
        if main == "arc":
            for it in r.gold_items:
                if it.kind == "arc" and it.verdict in _HEAD_OK:
                    other = sys_items.get(it.partner)
                    add(it.label, other.label if other is not None else NONE, r.index)
            continue
        paired: set[int] = set()
        for it in r.gold_items:
            if it.kind != main or it.verdict is Verdict.IGNORED:
                continue
            if it.verdict in (Verdict.MATCH, Verdict.LABEL_ONLY) and it.partner in sys_items:
                add(it.label, sys_items[it.partner].label, r.index)
                paired.add(it.partner)
            else:
                add(it.label, NONE, r.index)
        for ref, it in sys_items.items():
            if ref not in paired and it.verdict is not Verdict.IGNORED and it.verdict not in (
                    Verdict.MATCH, Verdict.LABEL_ONLY):
                add(NONE, it.label, r.index)
    return matrix


# -- breakdowns --------------------------------------------------------------------------------

def _bin(value: int, bins, last: str) -> str:
    for limit, name in bins:
        if value <= limit:
            return name
    return last


def _depths(item: Any) -> dict[int, int]:
    """Depth of each item ref: node depth for trees, arc depth for dependency sentences."""
    if item is None:
        return {}
    walk = getattr(item, "walk", None)
    if walk is not None:
        return {node.id: depth for node, depth in walk()}
    words = getattr(item, "words", None)
    if words is None:
        return {}
    from tcompare.analysis.deptaxonomy import TreeShape, head_of

    shape = TreeShape([head_of(w.head) for w in words])
    return dict(enumerate(shape.depth))


@dataclass
class Breakdown:
    by: str
    kind: str
    rows: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"by": self.by, "kind": self.kind, "rows": self.rows}


def breakdown(results: Sequence[SentenceResult], by: str, gold: Sequence[Any] | None = None,
              system: Sequence[Any] | None = None) -> Breakdown:
    """P / R / F1 of the profile's main items per bin (see the module docstring)."""
    if by not in BREAKDOWNS:
        raise ValueError(f"unknown breakdown {by!r}; known: {', '.join(BREAKDOWNS)}")
    main = _main_kind(results)
    g_count: Counter = Counter()
    s_count: Counter = Counter()
    g_ok: Counter = Counter()
    s_ok: Counter = Counter()
    where: dict[str, list[int]] = defaultdict(list)

    def key_of(it: Any, depths: dict[int, int], words: int) -> str:
        if by == "sentence_length":
            return _bin(words, _SENT_BINS, "51-")
        if by == "length":
            if it.kind == "arc":
                if it.start == 0:
                    return "root"
                return _bin(abs(it.start - it.end), _LEN_BINS, "21-")
            return _bin(it.end - it.start, _LEN_BINS, "21-")
        depth = depths.get(it.ref, 0)
        return str(depth) if depth < 10 else "10-"

    for n, r in enumerate(results):
        if r.status is not Status.VALID:
            continue
        g_item = gold[n] if gold is not None and n < len(gold) else None
        s_item = system[n] if system is not None and n < len(system) else None
        words = int(r.counts.get("length", 0) or r.counts.get("words", 0)) or (
            len(g_item) if g_item is not None else 0)
        g_depths = _depths(g_item) if by == "depth" else {}
        s_depths = _depths(s_item) if by == "depth" else {}
        wrong = set()
        for _side, items, depths, total, ok in (("gold", r.gold_items, g_depths, g_count, g_ok),
                                               ("system", r.system_items, s_depths, s_count, s_ok)):
            for it in items:
                if it.kind != main or it.verdict is Verdict.IGNORED:
                    continue
                key = key_of(it, depths, words)
                total[key] += 1
                if it.verdict is Verdict.MATCH:
                    ok[key] += 1
                else:
                    wrong.add(key)
        for key in wrong:
            where[key].append(r.index)
    keys = set(g_count) | set(s_count)

    def sort_key(k: str):
        head = k.split("-")[0]
        return (0, int(head), k) if head.isdigit() else (1, 0, k)

    out = Breakdown(by, main)
    for k in sorted(keys, key=sort_key):
        # recall from the gold side, precision from the system side
        p = prf(s_ok[k], s_count[k], s_count[k])[0]
        r_ = prf(g_ok[k], g_count[k], g_count[k])[1]
        f = None if p is None or r_ is None or p + r_ == 0 else 2 * p * r_ / (p + r_)
        out.rows.append({"key": k, "gold": g_count[k], "system": s_count[k],
                         "gold_matched": g_ok[k], "system_matched": s_ok[k],
                         "precision": p, "recall": r_, "f1": f, "sentences": where.get(k, [])})
    return out
