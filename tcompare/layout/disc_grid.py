"""Where the nodes of a discontinuous tree go on a grid, with the fewest crossing branches.

No pixels here: `disc_layout` turns the grid into coordinates.  A tree is drawn with its
words in sentence order on the bottom row; every phrase sits on a row above all its
children.  A node is joined to its children by orthogonal branches: a short stem under
its box, a horizontal *bar* spanning its children and itself, and from the bar a vertical
*line* down to each child.  A constituent with a gap (``VP`` over words 0 and 4) has a bar
over the words in its gap; the lines of those words to their own, higher parents cross
that bar.  Those are the *crossings* this module counts and keeps few.

Grid
----
*Rows*: 0 is the row of the words (their POS tags), 1 the lowest phrase row.
*Slots* (columns) are half-word units: slot ``2k + 1`` is over the centre of word ``k``,
slot ``2k`` the boundary between words ``k - 1`` and ``k``; a node may sit on any slot
of its *extent* (``2 lo + 1 .. 2 hi + 1`` for its first and last word).

Rules (what makes the drawing legible; `disc_layout` turns them into spacing constraints):

1. a node's row is above its children's rows;
2. two nodes on one row have disjoint extents, so their boxes and bars never meet;
3. no box sits on a slot where a line passes its row (a line never runs through a label);
4. a unary node sits straight over its child.

A node's own children's slots are always free for it (nothing else can pass there), so a
slot always exists.  For a continuous tree rule 2 never lifts a node: the rows are the
familiar ones counted up from the words, and no branch crosses another.

Fewest crossings
----------------
First rows are given greedily: nodes are taken children first (narrow first), each put on
the lowest row rules 1 and 2 allow.  Which of two *competing* nodes (overlapping extents,
neither dominating the other: a gapped node and a node in its gap) ends up above the other
decides which bars the others' lines cross.  disco-dop's treedraw takes the
narrower first and keeps that.  Here the orientation of every competing pair (which
of the two is above) is searched: all orientations when there are few (`EXHAUSTIVE_LIMIT`,
`WORK_BUDGET`), else a hill climb flipping one pair at a time, from the narrow-first
layout; each acyclic orientation gives the lowest rows keeping it (a longest path), is laid
out and scored ``(crossings, rows, sum of rows)``; the best wins (ties keep the first).
(Taking the lowest free row for every node is not enough: a staircase of three
interleaved nodes needs the middle one lifted; see the tests.)  Slots are chosen row by
row, bottom up, avoiding lines (rule 3), preferring the slot whose line up to the parent
crosses the fewest bars of nodes in between, then a slot within the children's bar, then
the one nearest the children's centre.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass, field
from typing import Callable

from tcompare.model.tree import Node, Token, Tree

EXHAUSTIVE_LIMIT = 8       # competing pairs: up to 2**8 = 256 orientations are all tried ...
WORK_BUDGET = 12_000       # ... while layouts tried x nodes stays under this (a sentence
                           # switch in the window must stay quick: ~0.1 s on a big tree);
                           # past it, a hill climb within the same budget


@dataclass(frozen=True, slots=True)
class Crossing:
    """A child's line crossing another node's bar: ``row`` of the bar, ``slot`` of the line."""

    row: int
    slot: int
    bar_node: int          # Node.id whose bar is crossed
    parent: int            # Node.id the line goes up to
    child: tuple[str, int]  # ("node", Node.id) or ("token", token index)


@dataclass(slots=True)
class TreeGrid:
    """Rows and slots of every node of one tree (tokens: row 0, slot ``2 i + 1``)."""

    rows: dict[int, int] = field(default_factory=dict)
    slots: dict[int, int] = field(default_factory=dict)
    extents: dict[int, tuple[int, int]] = field(default_factory=dict)  # first, last word
    crossings: list[Crossing] = field(default_factory=list)
    height: int = 0        # the highest row used (0: no phrase nodes)

    def bar(self, tree: Tree, node: Node) -> tuple[int, int]:
        """The slots the node's bar spans: its children's slots and its own."""
        slots = [self.child_slot(c) for c in node.children] + [self.slots[node.id]]
        return min(slots), max(slots)

    def child_slot(self, child: Node | Token) -> int:
        if isinstance(child, Node):
            return self.slots[child.id]
        return 2 * child.index + 1

    def child_row(self, child: Node | Token) -> int:
        return self.rows[child.id] if isinstance(child, Node) else 0


# -- the tree's facts -----------------------------------------------------------------------

def is_discontinuous(tree: Tree | None) -> bool:
    """Does any node of the tree dominate words with a gap between them?"""
    return tree is not None and tree.is_discontinuous()


def node_extents(tree: Tree) -> dict[int, tuple[int, int]]:
    out = {}
    for node in tree.nodes():
        pos = node.positions
        out[node.id] = (pos[0], pos[-1]) if pos else (node.start, node.start)
    return out


def _ancestry(tree: Tree) -> dict[int, set[int]]:
    """Node.id -> ids of all its descendants (phrase nodes)."""
    below: dict[int, set[int]] = {}
    for node in reversed(tree.nodes()):     # preorder reversed: children first
        acc: set[int] = set()
        for c in node.child_nodes():
            acc.add(c.id)
            acc |= below[c.id]
        below[node.id] = acc
    return below


def competitors(tree: Tree, extents: dict[int, tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Pairs of nodes whose extents overlap while neither dominates the other (none in
    a continuous tree): the nodes whose order decides who is lifted."""
    ext = extents or node_extents(tree)
    below = _ancestry(tree)
    ids = [n.id for n in tree.nodes()]
    pairs = []
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            (alo, ahi), (blo, bhi) = ext[a], ext[b]
            if alo <= bhi and blo <= ahi and b not in below[a] and a not in below[b]:
                pairs.append((a, b))
    return pairs


# -- rows and slots ----------------------------------------------------------------------------

def assign_rows(tree: Tree, order: list[int], extents: dict[int, tuple[int, int]]) -> dict[int, int]:
    """Rows by rules 1 and 2, nodes taken in `order` (the first whose children all have rows)."""
    nodes = tree.nodes()
    rows: dict[int, int] = {}
    on_row: dict[int, list[tuple[int, int]]] = {}
    waiting = {n.id: sum(isinstance(c, Node) for c in n.children) for n in nodes}
    parent = {c.id: n.id for n in nodes for c in n.child_nodes()}
    rank = {nid: k for k, nid in enumerate(order)}
    ready = sorted((nid for nid, w in waiting.items() if w == 0), key=rank.__getitem__)
    while ready:
        nid = ready.pop(0)
        node = nodes[nid]
        row = 1 + max((rows[c.id] for c in node.child_nodes()), default=0)
        lo, hi = extents[nid]
        while any(lo <= h and l <= hi for l, h in on_row.get(row, ())):
            row += 1
        rows[nid] = row
        on_row.setdefault(row, []).append((lo, hi))
        up = parent.get(nid)
        if up is not None:
            waiting[up] -= 1
            if waiting[up] == 0:
                ready.append(up)
                ready.sort(key=rank.__getitem__)
    return rows


def assign_slots(tree: Tree, rows: dict[int, int], extents: dict[int, tuple[int, int]]) -> dict[int, int]:
    """Slots by rules 3 and 4, row by row from the bottom (see the module docstring)."""
    nodes = tree.nodes()
    parent_row: dict[tuple[str, int], int] = {}
    for n in nodes:
        for c in n.children:
            key = ("node", c.id) if isinstance(c, Node) else ("token", c.index)
            parent_row[key] = rows[n.id]
    slots: dict[int, int] = {}
    by_row: dict[int, list[Node]] = {}
    for n in nodes:
        by_row.setdefault(rows[n.id], []).append(n)
    # lines known so far: (slot, from row, to row) for placed children
    lines = [(2 * t.index + 1, 0, parent_row.get(("token", t.index), 0)) for t in tree.tokens]
    parent_of = {c.id: n.id for n in nodes for c in n.child_nodes()}
    for row in sorted(by_row):
        passing = {s for s, lo, hi in lines if lo < row < hi}
        for node in by_row[row]:
            kids = [slots[c.id] if isinstance(c, Node) else 2 * c.index + 1 for c in node.children]
            lo, hi = extents[node.id]
            if len(kids) == 1:
                slots[node.id] = kids[0]      # rule 4 (its child's slot is always free)
            else:
                up_row = rows[parent_of[node.id]] if node.id in parent_of else row
                between = [extents[m.id] for r in range(row + 1, up_row) for m in by_row.get(r, ())]
                ideal = sum(kids) / len(kids) if kids else 2 * lo + 1
                k_lo, k_hi = (min(kids), max(kids)) if kids else (2 * lo + 1, 2 * lo + 1)

                def cost(s: int) -> tuple[int, int, float, int]:
                    crossed = sum(2 * a + 1 < s < 2 * b + 1 for a, b in between)
                    return (crossed, not k_lo <= s <= k_hi, abs(s - ideal), s)
                free = [s for s in range(2 * lo + 1, 2 * hi + 2) if s not in passing] or kids
                if not free:    # a node over no word (Alpino's empty index nodes): any free slot
                    taken = passing | {slots[m.id] for m in by_row[row] if m.id in slots}
                    free = [s for s in range(1, 2 * len(tree.tokens)) if s not in taken] or [2 * lo + 1]
                slots[node.id] = min(free, key=cost)
            lines.append((slots[node.id], row, parent_row.get(("node", node.id), row)))
    return slots


def find_crossings(tree: Tree, grid: TreeGrid) -> list[Crossing]:
    """Every (line, bar) crossing of a laid-out tree."""
    by_row: dict[int, list[tuple[int, int, int]]] = {}
    for node in tree.nodes():
        lo, hi = grid.bar(tree, node)
        by_row.setdefault(grid.rows[node.id], []).append((lo, hi, node.id))
    found = []
    for node in tree.nodes():
        top = grid.rows[node.id]
        for child in node.children:
            slot, bottom = grid.child_slot(child), grid.child_row(child)
            key = ("node", child.id) if isinstance(child, Node) else ("token", child.index)
            for row in range(bottom + 1, top):
                for lo, hi, bar in by_row.get(row, ()):
                    if lo < slot < hi:
                        found.append(Crossing(row, slot, bar, node.id, key))
    return found


def grid_with_order(tree: Tree, order: list[int],
                    extents: dict[int, tuple[int, int]] | None = None) -> TreeGrid:
    """The grid the greedy rows give for one order of the nodes."""
    ext = extents or node_extents(tree)
    rows = assign_rows(tree, order, ext)
    grid = TreeGrid(rows=rows, slots=assign_slots(tree, rows, ext), extents=ext,
                    height=max(rows.values(), default=0))
    grid.crossings = find_crossings(tree, grid)
    return grid


def cost(grid: TreeGrid) -> tuple[int, int, int]:
    """What the search minimises: crossings, then rows, then the rows' sum (compactness)."""
    return (len(grid.crossings), grid.height, sum(grid.rows.values()))


def base_order(tree: Tree, extents: dict[int, tuple[int, int]]) -> list[int]:
    """Narrow first (disco-dop's order): by height, then extent width, then position."""
    heights: dict[int, int] = {}
    for node in reversed(tree.nodes()):
        heights[node.id] = 1 + max((heights[c.id] for c in node.child_nodes()), default=0)
    return sorted(heights, key=lambda n: (heights[n], extents[n][1] - extents[n][0], extents[n][0], n))


def oriented_rows(tree: Tree, above: list[tuple[int, int]]) -> dict[int, int] | None:
    """The lowest rows with every parent above its children and, for each ``(a, b)`` in
    `above`, node a above node b (a longest path); None when the orientation has a cycle."""
    nodes = tree.nodes()
    under: dict[int, list[int]] = {n.id: [c.id for c in n.child_nodes()] for n in nodes}
    for a, b in above:
        under[a].append(b)
    indegree = {n: 0 for n in under}
    for below in under.values():
        for b in below:
            indegree[b] += 1
    # Kahn from the top; rows are then filled bottom up in the reverse order
    order = [n for n, d in indegree.items() if d == 0]
    k = 0
    while k < len(order):
        for b in under[order[k]]:
            indegree[b] -= 1
            if indegree[b] == 0:
                order.append(b)
        k += 1
    if len(order) < len(under):
        return None
    rows: dict[int, int] = {}
    for n in reversed(order):
        rows[n] = 1 + max((rows[b] for b in under[n]), default=0)
    return rows


def grid_with_rows(tree: Tree, rows: dict[int, int], extents: dict[int, tuple[int, int]]) -> TreeGrid:
    grid = TreeGrid(rows=rows, slots=assign_slots(tree, rows, extents), extents=extents,
                    height=max(rows.values(), default=0))
    grid.crossings = find_crossings(tree, grid)
    return grid


def tree_grid(tree: Tree) -> TreeGrid:
    """The grid with the fewest crossings found (see the module docstring)."""
    if tree.root is None:
        return TreeGrid()
    best = search_rows(tree, node_extents(tree))
    return improve_slots(tree, best) if best.crossings else best


Line = tuple[int, int, int, int]    # slot, child's row, parent's row, child Node.id (-1: a word)


def all_lines(tree: Tree, grid: TreeGrid) -> list[Line]:
    return [(grid.child_slot(c), grid.child_row(c), grid.rows[n.id], c.id if isinstance(c, Node) else -1)
            for n in tree.nodes() for c in n.children]


def blocked_slots(tree: Tree, grid: TreeGrid, lines: list[Line], nid: int, up: int) -> set[int]:
    """Slots node `nid` may not move to: a line passes its row there, or a box sits there on
    a row its own line up to the parent (row `up`) would pass (rules 2 and 3)."""
    row = grid.rows[nid]
    taken = {grid.slots[o.id] for o in tree.nodes() if o.id != nid and row <= grid.rows[o.id] < up}
    return taken | {s for s, lo, hi, cid in lines if cid != nid and lo < row < hi}


def improve_slots(tree: Tree, grid: TreeGrid, passes: int = 3) -> TreeGrid:
    """Move nodes whose branches take part in a crossing to another allowed slot when that
    crosses less: a node's slot also stretches its parent's bar, which the greedy,
    bottom-up choice cannot see (a comma's line to the root crossing an S's bar only
    because the S's first child sat left of the comma)."""
    parent = {c.id: n.id for n in tree.nodes() for c in n.child_nodes()}
    for _ in range(passes):
        involved = {c.bar_node for c in grid.crossings} | {
            c.child[1] for c in grid.crossings if c.child[0] == "node"}
        candidates = involved | {m for m, p in parent.items() if p in involved}
        improved = False
        lines = all_lines(tree, grid)
        for nid in sorted(candidates, key=lambda n: grid.rows[n]):
            if len(tree.node(nid).children) < 2:
                continue
            lo, hi = grid.extents[nid]
            up = grid.rows[parent[nid]] if nid in parent else grid.rows[nid]
            touching = _crossings_touching(tree, grid, lines, nid, parent.get(nid))
            blocked = blocked_slots(tree, grid, lines, nid, up)
            here = grid.slots[nid]
            best, best_count = here, touching(here)
            for slot in range(2 * lo + 1, 2 * hi + 2):
                if slot != here and slot not in blocked:
                    count = touching(slot)
                    if count < best_count:
                        best, best_count = slot, count
            if best != here:
                grid = TreeGrid(rows=grid.rows, slots={**grid.slots, nid: best},
                                extents=grid.extents, height=grid.height)
                grid.crossings = find_crossings(tree, grid)
                lines = all_lines(tree, grid)
                improved = True
        if not improved or not grid.crossings:
            break
    return grid


def _crossings_touching(tree: Tree, grid: TreeGrid, lines: list[Line], nid: int,
                        pid: int | None) -> Callable[[int], int]:
    """``slot -> crossings`` that involve node `nid` on that slot: its line up across other
    bars, and lines across its own bar and its parent's (nothing else changes when it
    moves; its own line never crosses those two bars)."""
    rows = grid.rows
    row = rows[nid]
    top = rows[pid] if pid is not None else row
    between = [grid.bar(tree, q) for q in tree.nodes()
               if q.id not in (nid, pid) and row < rows[q.id] < top]
    own = []                  # per bar that moves: the lines passing it, its fixed ends
    for q in [tree.node(nid)] + ([tree.node(pid)] if pid is not None else []):
        r = rows[q.id]
        passing = sorted(s for s, lo, hi, cid in lines if cid != nid and lo < r < hi)
        fixed = [grid.child_slot(c) for c in q.children if not (isinstance(c, Node) and c.id == nid)]
        if q.id != nid:
            fixed.append(grid.slots[q.id])
        own.append((passing, min(fixed, default=None), max(fixed, default=None)))

    def count(slot: int) -> int:
        found = sum(a < slot < b for a, b in between)
        for passing, a, b in own:
            a = slot if a is None else min(a, slot)
            b = slot if b is None else max(b, slot)
            found += max(bisect.bisect_left(passing, b) - bisect.bisect_right(passing, a), 0)
        return found
    return count


def search_rows(tree: Tree, ext: dict[int, tuple[int, int]]) -> TreeGrid:
    """The orientation search of the module docstring, slots as `assign_slots` gives them."""
    best = grid_with_order(tree, base_order(tree, ext), ext)
    pairs = competitors(tree, ext)
    if not pairs or not best.crossings:
        return best
    # who is above whom in the greedy layout, for each competing pair
    start = [(a, b) if best.rows[a] > best.rows[b] else (b, a) for a, b in pairs]
    seen: set[tuple[tuple[int, int], ...]] = set()

    def attempt(above: list[tuple[int, int]]) -> TreeGrid | None:
        key = tuple(above)
        if key in seen:
            return None
        seen.add(key)
        rows = oriented_rows(tree, above)
        return grid_with_rows(tree, rows, ext) if rows is not None else None

    budget = max(WORK_BUDGET // max(len(tree.nodes()), 1), 8)
    if len(pairs) <= EXHAUSTIVE_LIMIT and 2 ** len(pairs) <= budget:
        for flips in itertools.product((False, True), repeat=len(start)):
            grid = attempt([(b, a) if f else (a, b) for (a, b), f in zip(start, flips)])
            if grid is not None and cost(grid) < cost(best):
                best = grid
        return best
    current = start
    improved = True
    while improved and len(seen) < budget:
        improved = False
        for k in range(len(current)):
            a, b = current[k]
            candidate = current[:k] + [(b, a)] + current[k + 1:]
            grid = attempt(candidate)
            if grid is not None and cost(grid) < cost(best):
                best, current, improved = grid, candidate, True
            if len(seen) >= budget:
                break
    return best
