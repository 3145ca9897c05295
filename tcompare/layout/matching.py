"""Which node on the other side corresponds to a node, for hover outlines (no Qt here).

This never decides whether anything *matched* for scoring: the scorer's partners come
first and are marked ``exact``.  Nodes the scorer left without a partner get the nearest
node of the other side by span overlap, found as a maximum-weight bipartite matching
(networkx) between the unpartnered nodes of both sides, weight = Jaccard overlap of the
two spans (plus a small bonus for the same category, so of two equally overlapping nodes
the same-label one wins).  Spans are compared on the layout's shared unit axis (`tree_layout.aligned_units`:
characters when both sides spell the same text, so different word segmentations still
overlap; aligned word positions otherwise, so a trace on one side shifts nothing).
Discontinuous trees over the same words compare the nodes' word sets (`Node.positions`).
A node still unassigned after the matching (one side has more unpartnered nodes) falls
back to its single best-overlapping node on the other side.

The graph only has edges between overlapping spans, so it stays sparse; callers compute
it lazily (on first hover), not on every sentence switch.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcompare.layout.tree_layout import aligned_units
from tcompare.model.tree import Tree
from tcompare.scoring.base import SentenceResult

LABEL_BONUS = 0.01  # breaks ties between equally overlapping candidates, never beats overlap


@dataclass(frozen=True, slots=True)
class Counterpart:
    """The node on the other side: ``exact`` when it is the scorer's partner."""

    side: str
    ref: int
    exact: bool


def _spans(tree: Tree, units: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for n in tree.nodes():
        if n.end > n.start:
            out.append((units[n.start][0], units[n.end - 1][1]))
        else:
            pos = units[n.start][0] if n.start < len(units) else (units[-1][1] if units else 0)
            out.append((pos, pos))
    return out


def _jaccard(a: tuple[int, int], b: tuple[int, int]) -> float:
    if a[0] == a[1] or b[0] == b[1]:
        return 1.0 if a == b else 0.0  # empty spans (a failed parse's bare root) at one place
    inter = min(a[1], b[1]) - max(a[0], b[0])
    if inter <= 0:
        return 0.0
    union = max(a[1], b[1]) - min(a[0], b[0])
    return inter / union


def _set_jaccard(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) if sa | sb else 0.0


def counterparts(gold: Tree | None, system: Tree | None,
                 result: SentenceResult | None = None) -> dict[tuple[str, int], Counterpart]:
    """Map ``(side, node_id)`` to its `Counterpart` on the other side, for every node that
    has one (a node overlapping nothing on the other side is absent).

    Parameters
    ----------
    gold, system : the two trees (either may be None: the map is then empty).
    result : the scorer's result; its bracket items' ``partner`` refs are the exact pairs.
    """
    out: dict[tuple[str, int], Counterpart] = {}
    if gold is None or system is None or gold.root is None or system.root is None:
        return out
    if result is not None:
        for side, other in (("gold", "system"), ("system", "gold")):
            n_other = len((system if other == "system" else gold).nodes())
            for item in result.items_for(side):
                if item.kind == "bracket" and item.ref >= 0 and 0 <= item.partner < n_other:
                    out.setdefault((side, item.ref), Counterpart(other, item.partner, True))
    _, units = aligned_units(gold, system)
    gspans, sspans = _spans(gold, units["gold"]), _spans(system, units["system"])
    gnodes, snodes = gold.nodes(), system.nodes()
    free_g = [i for i in range(len(gnodes)) if ("gold", i) not in out]
    free_s = [j for j in range(len(snodes)) if ("system", j) not in out]
    # sort by start so the overlap scan can stop early
    by_start = sorted(free_s, key=lambda j: sspans[j][0])
    # discontinuous trees over the same words: overlap of the words themselves, not of the
    # extents (a VP over words 0 and 4 has little in common with an S over 1-3)
    by_words = (gold.is_discontinuous() or system.is_discontinuous()) and gold.words == system.words
    import networkx as nx   # here: importing it takes ~0.5 s, and only hovering needs it

    graph = nx.Graph()
    best: dict[tuple[str, int], tuple[float, int]] = {}
    for i in free_g:
        gs = gspans[i]
        for j in by_start:
            ss = sspans[j]
            if ss[0] >= gs[1] and gs[1] > gs[0]:
                break
            w = (_set_jaccard(gnodes[i].positions, snodes[j].positions) if by_words
                 else _jaccard(gs, ss))
            if w <= 0:
                continue
            if gnodes[i].label.category == snodes[j].label.category:
                w += LABEL_BONUS
            graph.add_edge(("gold", i), ("system", j), weight=w)
            if w > best.get(("gold", i), (0.0, -1))[0]:
                best[("gold", i)] = (w, j)
            if w > best.get(("system", j), (0.0, -1))[0]:
                best[("system", j)] = (w, i)
    for a, b in nx.max_weight_matching(graph):
        if a[0] == "system":
            a, b = b, a
        out[a] = Counterpart("system", b[1], False)
        out[b] = Counterpart("gold", a[1], False)
    for key, (_, ref) in best.items():
        if key not in out:
            out[key] = Counterpart("system" if key[0] == "gold" else "gold", ref, False)
    return out
