"""The greedy repair search of Kummerfeld et al. (EMNLP 2012): system tree -> gold tree.

Each round looks at the current tree's bracket errors (`tcompare.scoring.repair`) and at
every single-step repair, and takes the one that removes the most errors (the first such,
in this order):

1. *relabel* a node whose span is missing with another label (fixes 2);
2. *add* a missing bracket (fixes 1);
3. *remove* an extra bracket (fixes 1);
4. *move* a run of adjacent children of a node P to a new parent Q: down into an extra
   node on the inner edge of a neighbouring sibling; or, when P itself is extra and the run
   is at its edge, out to an extra node just outside P, or up to an ancestor of P while the
   run stays at the edge.  Moving all of P's children is not a move.  (A preterminal whose
   tag equals an extra bracket's label is never a target: the analyser crashes on that.)  A move that leaves P
   as X-over-X collapses the unary; a move after which a missing bracket around the moved
   run (inside Q) is no longer crossed also adds that bracket in the same step.

Relabels fix exactly 2 errors and adds / removes exactly 1, so they need no evaluation; a
move is evaluated arithmetically on the two paths of nodes whose spans change (the error
total is T + G - 2M, see `tcompare.scoring.repair`), without copying the tree.  Only the step
taken is carried out on the tree.  The search gives up after 100 steps, as the analyser does.
Steps carry the analyser's description fields (``info``) that the classes read.

The number of moves a round weighs grows with the tree's depth times its breadth, so a deep
tree can make 100 rounds take hours; each sentence therefore also has a work budget
(`WORK_BUDGET`: the nodes the move evaluations walk, summed over its rounds).  A search that
spends it stops (`Repair.stopped`), and the sentence is left out as the 100-step limit leaves
it out.  Real sentences stay far below it (WSJ 01 with thirteen parsers: at most 3,694;
two right-branching trees of depth 100 whose every label differs: 13 million, about 25 s).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcompare.analysis.errors.rtree import RNode, display_label
from tcompare.scoring.items import crosses
from tcompare.scoring.repair import bracket_errors, counts, matched_delta

MAX_STEPS = 100
WORK_BUDGET = 2_000_000          # about 4 s


class SearchStopped(Exception):
    """The search spent its work budget (raised inside `_Search`, turned into a `Repair`)."""


class Sibling:
    """A sibling node handed to the classes *as a node*, not as a label.

    The analyser's *add* steps list their siblings as tree nodes, so its label tests on them
    (``'CC' in right_siblings``) never succeed; keeping them opaque keeps the same classes.
    """

    __slots__ = ("label",)

    def __init__(self, label: str) -> None:
        self.label = label

    def __repr__(self) -> str:
        return f"<{self.label}>"


@dataclass
class Step:
    """One repair step: what was done, how many errors it removed, and its class."""

    kind: str                         # relabel | add | remove | move
    fixed: int
    info: dict[str, Any]
    category: str = ""
    tree: str = ""                    # the tree after this step (bracketed)

    @property
    def span(self) -> tuple[int, int]:
        if self.kind == "move":
            movers = self.info["mover info"]
            return (movers[0][1][0], movers[-1][1][1])
        return tuple(self.info["span"])  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        info = self.info
        out: dict[str, Any] = {"type": self.kind, "category": self.category,
                               "fixed": self.fixed, "span": list(self.span)}
        if self.kind == "relabel":
            out["old_label"], out["new_label"] = info["change"]
            out["parent"] = info["parent"]
        elif self.kind in ("add", "remove"):
            out["label"] = info["label"]
            out["parent"] = info["parent"]
            out["children"] = list(info["subtrees"])
        else:
            out["moved"] = [{"label": lab, "span": list(span)} for lab, span in info["mover info"]]
            out["old_parent"] = info["old_parent"]
            out["new_parent"] = info["new_parent"]
            if info.get("added and moved"):
                out["added"] = {"label": info["fix label"], "span": list(info["fix span"])}
        if self.tree:
            out["tree"] = self.tree
        return out


@dataclass
class Repair:
    """The search's result for one sentence; ``steps`` is None when it gave up."""

    initial_errors: int
    steps: list[Step] | None = field(default_factory=list)
    stopped: bool = False             # the work budget ran out (``steps``: those taken)
    work: int = 0                     # nodes the move evaluations walked


class _Gold:
    """Gold brackets in the analyser's order, with the rank of each repeated key."""

    __slots__ = ("items", "counts", "ranked", "terms")

    def __init__(self, gold: RNode) -> None:
        nodes = gold.preorder()
        self.items = [(n.s, n.e, n.label, n) for n in nodes if n.kids]
        self.counts = counts((s, e, lab) for s, e, lab, _ in self.items)
        seen: dict[tuple[int, int, str], int] = {}
        ranked = []
        for s, e, lab, _ in sorted(self.items, key=lambda it: (it[0], it[1])):
            key = (s, e, lab)
            rank = seen.get(key, 0)
            seen[key] = rank + 1
            ranked.append((s, e, lab, rank))
        self.ranked = ranked
        self.terms = [n for n in nodes if not n.kids]


def _labels(nodes: list[RNode]) -> list[str]:
    return [display_label(n) for n in nodes]


def _preterminals(node: RNode) -> tuple[str, ...]:
    return tuple(n.label for n in node.preorder() if not n.kids)


def _ending_at(node: RNode, end: int, out: list[RNode]) -> None:
    """Nodes whose span ends at ``end``, highest first, right subtrees before left."""
    stack = [node]
    while stack:
        node = stack.pop()
        if node.e == end:
            out.append(node)
        # the first kid visited is the rightmost one that starts before ``end``
        stack.extend(kid for kid in node.kids if kid.s < end)


def _starting_at(node: RNode, start: int, out: list[RNode]) -> None:
    stack = [node]
    while stack:
        node = stack.pop()
        if node.s == start:
            out.append(node)
        stack.extend(kid for kid in node.kids if kid.e >= start)


def _spanning(node: RNode, start: int, end: int, out: list[RNode]) -> int:
    """The highest nodes tiling ``[start, end)``; returns how far the tiling got."""
    # depth first, left to right; a node that starts the rest of the span and fits is taken
    # whole, and the walk stops once the tiling reaches ``end``
    stack = [node]
    while stack:
        node = stack.pop()
        if node.s == start and node.e <= end:
            out.append(node)
            start = node.e
            if start == end:
                break
            continue
        stack.extend(reversed([kid for kid in node.kids if kid.e >= start]))
    return start


def _add_node(root: RNode, span: tuple[int, int], label: str) -> RNode:
    nodes: list[RNode] = []
    reached = _spanning(root, span[0], span[1], nodes)
    if reached != span[1] or not nodes:
        raise ValueError(f"no nodes tile {span}")
    if nodes[0].parent is None:
        nodes = list(nodes[0].kids)
    parent = nodes[0].parent
    if any(n.parent is not parent for n in nodes) or parent is None:
        raise ValueError(f"the span {span} would cross brackets")
    new = RNode(label, None, parent)
    new.s, new.e = span
    parent.kids.insert(parent.kids.index(nodes[0]), new)
    for n in nodes:
        parent.kids.remove(n)
        new.kids.append(n)
        n.parent = new
    return new


class _Search:
    def __init__(self, gold: RNode, test: RNode, budget: int | None = None) -> None:
        self.gold = _Gold(gold)
        self.root = test
        self.budget = WORK_BUDGET if budget is None else budget
        self.work = 0

    def spend(self, units: int) -> None:
        self.work += units
        if self.work > self.budget:
            raise SearchStopped

    # -- one round ---------------------------------------------------------------------------
    def errors(self):
        self.nodes = self.root.preorder()
        self.phrases = [(n.s, n.e, n.label, n) for n in self.nodes if n.kids]
        extra, missing, crossing = bracket_errors(self.phrases, self.gold.items)
        self.extra, self.missing = extra, missing
        self.tc = counts((s, e, lab) for s, e, lab, _ in self.phrases)
        self.extra_keys = {key for key, _ in extra}
        return len(extra) + len(missing) + len(crossing)

    def best(self) -> tuple[int, tuple]:
        best: tuple | None = None
        for mkey, _ in self.missing:
            for ekey, _ in self.extra:
                if mkey[0] == ekey[0] and mkey[1] == ekey[1]:
                    best = ("relabel", ekey, mkey[2])
                    break
            if best:
                break
        if best:
            change = 2
        elif self.missing:
            change, best = 1, ("add", self.missing[0][0])
        else:
            change, best = 1, ("remove", self.extra[0][0])
        extra_keys = self.extra_keys
        root = self.root
        ending: dict[int, list[RNode]] = {}
        starting: dict[int, list[RNode]] = {}
        for P in self.nodes:
            kids = P.kids
            k = len(kids)
            if k < 2:
                continue
            p_extra = (P.s, P.e, P.label) in extra_keys
            self.spend(k * (k + 1) // 2)      # the runs of children weighed below
            for left in range(k):
                for right in range(left, k):
                    if left == 0 and right == k - 1:
                        continue
                    a, b = kids[left].s, kids[right].e
                    targets: list[tuple[RNode, str]] = []
                    if left:
                        q = kids[left - 1]
                        while q.kids:
                            if (q.s, q.e, q.label) in extra_keys:
                                targets.append((q, "down"))
                            q = q.kids[-1]
                    if right != k - 1:
                        q = kids[right + 1]
                        while q.kids:
                            if (q.s, q.e, q.label) in extra_keys:
                                targets.append((q, "down"))
                            q = q.kids[0]
                    if p_extra and P.parent is not None:
                        if left == 0 and a > 0:
                            found = ending.get(a)
                            if found is None:
                                found = []
                                _ending_at(root, a, found)
                                found = ending[a] = [q for q in found if q.kids and
                                                     (q.s, q.e, q.label) in extra_keys]
                            targets.extend((q, "out") for q in found)
                        if right == k - 1 and b < root.e:
                            found = starting.get(b)
                            if found is None:
                                found = []
                                _starting_at(root, b, found)
                                found = starting[b] = [q for q in found if q.kids and
                                                       (q.s, q.e, q.label) in extra_keys]
                            targets.extend((q, "out") for q in found)
                        if left == 0:
                            q = P.parent
                            while q.parent is not None:
                                targets.append((q, "up"))
                                if q.parent.s < P.s:
                                    break
                                q = q.parent
                        if right == k - 1:
                            q = P.parent
                            while q.parent is not None:
                                targets.append((q, "up"))
                                if q.parent.e > P.e:
                                    break
                                q = q.parent
                    self.spend(len(targets))
                    for q, how in targets:
                        got = self.move_change(P, left, right, a, b, q, how, change)
                        if got > change:
                            change, best = got, ("move", P, left, right, q)
        return change, best

    def move_change(self, P: RNode, left: int, right: int, a: int, b: int, q: RNode, how: str,
                    best: int) -> int:
        changes: dict[RNode, tuple[int, int]] = {}
        if how == "down":
            x = q
            while x is not P:
                changes[x] = (x.s, b) if x.e == a else (a, x.e)
                x = x.parent  # type: ignore[assignment]
        elif how == "up":
            x = P
            while x is not q:
                changes[x] = (b, x.e) if x.s == a else (x.s, a)
                x = x.parent  # type: ignore[assignment]
        else:
            above = set()
            x = P
            while x is not None:
                above.add(x)
                x = x.parent  # type: ignore[assignment]
            x = q
            while x not in above:
                changes[x] = (x.s, b) if x.e == a else (a, x.e)
                x = x.parent  # type: ignore[assignment]
            lca = x
            x = P
            while x is not lca:
                changes[x] = (b, x.e) if x.s == a else (x.s, a)
                x = x.parent  # type: ignore[assignment]
        self.spend(len(changes) + 1)
        delta: dict[tuple[int, int, str], int] = {}
        for node, (s, e) in changes.items():
            old = (node.s, node.e, node.label)
            new = (s, e, node.label)
            delta[old] = delta.get(old, 0) - 1
            delta[new] = delta.get(new, 0) + 1
        collapsed = None
        if len(P.kids) - (right - left + 1) == 1:
            c = P.kids[0] if left else P.kids[-1]
            if c.kids and c.label == P.label:
                collapsed = c
                s, e = changes.get(c, (c.s, c.e))
                key = (s, e, c.label)
                delta[key] = delta.get(key, 0) - 1
        gold = self.gold
        change = 2 * matched_delta(self.tc, gold.counts, delta) + (1 if collapsed else 0)
        if change + 1 <= best:
            return change
        # would a missing bracket around the moved run be added too?
        # (a new parent collapsed into P keeps its old span, the analyser's window)
        qs, qe = (q.s, q.e) if q is collapsed else changes.get(q, (q.s, q.e))
        spans = None
        to_fix = None
        tc = self.tc
        for gs, ge, lab, rank in gold.ranked:
            if gs > a or ge < b or (gs == a and ge == b) or gs < qs or ge > qe:
                continue
            key = (gs, ge, lab)
            if rank < tc.get(key, 0) + delta.get(key, 0):
                continue
            if spans is None:
                self.spend(len(self.phrases))
                spans = {changes.get(n, (n.s, n.e)) for _, _, _, n in self.phrases
                         if n is not collapsed}
            if any(crosses(gs, ge, ss, se) for ss, se in spans):
                continue
            if to_fix is None or to_fix[0] < gs or ge < to_fix[1]:
                to_fix = (gs, ge)
        return change + (1 if to_fix else 0)

    # -- carrying a step out -----------------------------------------------------------------
    def relabel(self, key: tuple[int, int, str], new_label: str) -> dict[str, Any]:
        node = next(n for n in self.nodes if n.s == key[0] and n.e == key[1] and n.label == key[2])
        node.label = new_label
        parent = node.parent
        return {
            "type": "relabel", "change": (key[2], new_label), "subtrees": _labels(node.kids),
            "parent": parent.label if parent else None, "span": node.span,
            "family": _labels(parent.kids) if parent else [],
            "auto preterminals": _preterminals(node), "auto preterminal span": node.span,
            "over_word": len(node.kids) == 1 and node.kids[0].word is not None,
        }

    def add(self, key: tuple[int, int, str]) -> dict[str, Any]:
        node = _add_node(self.root, (key[0], key[1]), key[2])
        parent = node.parent
        assert parent is not None
        i = parent.kids.index(node)
        return {
            "type": "add", "label": display_label(node), "span": node.span,
            "subtrees": _labels(node.kids), "parent": parent.label, "family": _labels(parent.kids),
            "auto preterminals": _preterminals(node), "auto preterminal span": node.span,
            "left siblings": [Sibling(display_label(n)) for n in parent.kids[:i]],
            "right siblings": [Sibling(display_label(n)) for n in parent.kids[i + 1:]],
            "over_word": len(node.kids) == 1 and not node.kids[0].kids,
            "over words": all(not n.kids for n in node.kids),
        }

    def remove(self, key: tuple[int, int, str]) -> dict[str, Any]:
        found: list[RNode] = []
        _starting_at(self.root, key[0], found)
        node = next(n for n in found if n.e == key[1] and n.label == key[2])
        parent = node.parent
        if parent is None:
            raise ValueError("cannot remove the root")
        spos = parent.kids.index(node)
        parent.kids[spos:spos + 1] = node.kids
        for kid in node.kids:
            kid.parent = parent
        epos = spos + len(node.kids)
        info: dict[str, Any] = {
            "type": "remove", "label": display_label(node), "span": node.span,
            "subtrees": _labels(node.kids), "parent": parent.label,
            "family": _labels(parent.kids[:spos]) + [display_label(node)]
            + _labels(parent.kids[epos:]),
            "left siblings": _labels(parent.kids[:spos]),
            "right siblings": _labels(parent.kids[epos:]),
            "over words": all(not n.kids for n in node.kids),
            "over_word": len(node.kids) == 1 and not node.kids[0].kids,
            "auto preterminals": _preterminals(parent), "auto preterminal span": parent.span,
        }
        if len(info["right siblings"]) == 1:
            for n in parent.kids[-1].preorder():
                if n.word is not None:
                    g = self.gold.terms[n.s]
                    if display_label(n) != g.label:
                        info["POS confusion"] = (display_label(n), display_label(g))
        return info

    def move(self, P: RNode, left: int, right: int, q: RNode) -> dict[str, Any]:
        old_kids = list(P.kids)
        old_span = P.span
        nodes = old_kids[left:right + 1]
        a, b = nodes[0].s, nodes[-1].e
        if q.kids[0].s == b or q.kids[0].s == a:
            at = 0
        else:
            at = 0
            for sub in q.kids:
                if sub.s == b:
                    break
                at += 1
                if sub.e == a:
                    break
        for n in nodes:
            P.kids.remove(n)
            q.kids.insert(at, n)
            n.parent = q
            at += 1
        if len(P.kids) == 1 and P.label == P.kids[0].label:
            only = P.kids[0]
            P.kids = only.kids
            for kid in P.kids:
                kid.parent = P
        self.root.respan()
        new_left = q.kids.index(nodes[0])
        new_right = q.kids.index(nodes[-1])
        full = (min(old_span[0], q.s), max(old_span[1], q.e))
        lca = q
        while not (lca.s <= full[0] and full[1] <= lca.e):
            lca = lca.parent  # type: ignore[assignment]
        info: dict[str, Any] = {
            "type": "move", "old_parent": display_label(P), "new_parent": display_label(q),
            "movers": _labels(nodes), "mover info": [(display_label(n), n.span) for n in nodes],
            "new_family": _labels(q.kids), "old_family": _labels(old_kids),
            "start left siblings": _labels(old_kids[:left]),
            "start right siblings": _labels(old_kids[right + 1:]),
            "end left siblings": _labels(q.kids[:new_left]),
            "end right siblings": _labels(q.kids[new_right + 1:]),
            "auto preterminals": _preterminals(lca), "auto preterminal span": lca.span,
        }
        if left == right and nodes[-1].e - nodes[-1].s == 1:
            pre = nodes[-1]
            while pre.word is None:
                pre = pre.kids[0]
            info["POS confusion"] = (display_label(pre), display_label(self.gold.terms[pre.s]))
        phrases = [(n.s, n.e, n.label, n) for n in self.root.preorder() if n.kids]
        _, missing, _ = bracket_errors(phrases, self.gold.items)
        to_fix = None
        for (gs, ge, lab), _ in missing:
            if gs <= a and b <= ge:
                if (gs, ge) == (a, b) or gs < q.s or ge > q.e:
                    continue
                if to_fix is None or to_fix[0] < gs or ge < to_fix[1]:
                    to_fix = (gs, ge, lab)
        if to_fix is not None:
            info["added and moved"] = True
            info["added label"] = missing[-1][0][2]
            unmoved = [n for n in q.kids if to_fix[0] < n.s and n.e < to_fix[1] and n not in nodes]
            info["adding node already present"] = len(unmoved) == 1 and unmoved[0].label == to_fix[2]
            info["fix span"] = (to_fix[0], to_fix[1])
            info["fix label"] = to_fix[2]
            _add_node(self.root, (to_fix[0], to_fix[1]), to_fix[2])
        return info


def repair(gold: RNode, test: RNode, max_steps: int = MAX_STEPS, trees: bool = False,
           budget: int | None = None) -> Repair:
    """Search the repair steps turning ``test`` (edited in place) into ``gold``.

    With ``trees``, each step records the tree after it (for step-by-step display).  When
    the search spends ``budget`` units of work (default `WORK_BUDGET`), it stops: ``stopped`` set, ``steps`` those
    taken so far.
    """
    search = _Search(gold, test, budget)
    steps: list[Step] = []
    initial = -1
    expected = -1
    while True:
        total = search.errors()
        if initial < 0:
            initial = total
        elif total != expected:
            raise RuntimeError(f"repair search: a step was counted as leaving {expected} errors "
                               f"but left {total}: {steps[-1].info}")
        if len(steps) > max_steps:
            return Repair(initial, None, work=search.work)
        if total == 0:
            return Repair(initial, steps, work=search.work)
        try:
            change, op = search.best()
        except SearchStopped:
            return Repair(initial, steps, stopped=True, work=search.work)
        if op[0] == "relabel":
            info = search.relabel(op[1], op[2])
        elif op[0] == "add":
            info = search.add(op[1])
        elif op[0] == "remove":
            info = search.remove(op[1])
        else:
            info = search.move(op[1], op[2], op[3], op[4])
        expected = total - change
        steps.append(Step(op[0], change, info, tree=str(test) if trees else ""))
