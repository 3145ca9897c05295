"""Positions for drawing a gold and a system tree when either has discontinuous constituents.

`drawn_trees.layout_pair` hands a pair over to `layout_disc_pair` when a tree has a node
whose words have a gap (NEGRA/TIGER/Alpino, the discontinuous PTB).  The output is the same
`PairLayout` of `Box`es and `Edge`s (same modes: ``side``, ``stacked``, ``mirrored``; same
verdicts copied from the scorer's items, ``bracket`` by `Node.id`, ``tag`` by token
index), so the window, the SVG/LaTeX exports and the HTML report draw it unchanged, plus:

* each `Edge` has a `route`: parent box -> down to the parent's bar -> along the bar -> down
  to the child (orthogonal branches, as disco-dop's treedraw draws them);
* `PairLayout.crossings`: where a line crosses another node's bar; the renderers break the
  bar there (a small gap), so a reader sees which branch runs on;
* `PairLayout.node_units`: each node's word positions, so hovering a node with a gap
  lights up its words and not the words of its gap.

The words are in sentence order (a node's words are found by position, not by the order
of the tree's children), each POS tag straight over its word.  The grid (rows, slots,
crossings) comes from `disc_grid.tree_grid`; this module turns slots into x by one
longest-path pass (`tree_layout.solve_columns`) over points ``0 .. 2n`` (boundaries at even
points, word centres at odd ones) with these minimum distances:

* a word (or its POS tag, the wider) is centred on its point, half its width each side;
* on each row, for consecutive obstacles (node boxes and the lines passing the row) the
  sum of their half widths plus a gap: so no two labels overlap and no line runs through
  a label, whatever the fonts.

Gold and system share the word columns when they have the same number of words (the usual
case: a parser's output over the gold tokens), so a word is at one x in both trees; else
each side gets its own columns.
"""

from __future__ import annotations

from typing import Callable

from tcompare.layout.disc_grid import TreeGrid, is_discontinuous, tree_grid
from tcompare.layout.tree_layout import (SIDES, Box, Edge, LayoutStyle, Measure, PairLayout,
                                         Title, TokenSlot, elide_middle, fixed_width, items_by_ref,
                                         node_text, pos_text, solve_columns)
from tcompare.model.tree import Node, Tree
from tcompare.scoring.base import Item, SentenceResult

LINE_CLEAR = 4.0         # half the room a passing line keeps free beside it
MIN_ROW_GAP = 16.0       # bars and their crossings need room between two rows
CROSSING_GAP = 4.0       # half the gap cut into a bar where a line crosses it


def needs_disc_layout(gold: Tree | None, system: Tree | None) -> bool:
    """True when either tree has a constituent with a gap."""
    return is_discontinuous(gold) or is_discontinuous(system)


def _passing(tree: Tree, grid: TreeGrid) -> dict[int, list[int]]:
    """Row -> slots of the lines passing it (child below, parent above)."""
    out: dict[int, list[int]] = {}
    for node in tree.nodes():
        top = grid.rows[node.id]
        for child in node.children:
            for row in range(grid.child_row(child) + 1, top):
                out.setdefault(row, []).append(grid.child_slot(child))
    return out


def _row_constraints(tree: Tree, grid: TreeGrid, box_w: dict[int, float], n: int,
                     gap: float) -> list[tuple[int, int, float]]:
    """Each row's obstacles in slot order, each consecutive pair kept apart."""
    obstacles: dict[int, list[tuple[int, float, str]]] = {}
    for node in tree.nodes():
        obstacles.setdefault(grid.rows[node.id], []).append(
            (grid.slots[node.id], box_w[node.id] / 2, "box"))
    for row, slots in _passing(tree, grid).items():
        obstacles.setdefault(row, []).extend((s, LINE_CLEAR, "line") for s in slots)
    out = []
    for row_items in obstacles.values():
        row_items = [(0, 0.0, "end")] + sorted(row_items) + [(2 * n, 0.0, "end")]
        for (s1, h1, k1), (s2, h2, k2) in zip(row_items, row_items[1:]):
            if s2 <= s1:
                continue
            kinds = {k1, k2}
            extra = 0.0 if "end" in kinds else (gap if kinds == {"box"} else gap / 2)
            out.append((s1, s2, h1 + h2 + extra))
    return out


def shared_columns(trees: dict[str, Tree], grids: dict[str, TreeGrid], width: Measure,
             labels: dict[str, list[tuple[str, str]]], pos_labels: dict[str, list[str]],
             style: LayoutStyle) -> list[float]:
    """x of every point ``0 .. 2n`` shared by the given trees (same number of words)."""
    n = max(max(len(t.tokens) for t in trees.values()), 1)  # a wordless root sits on slot 1
    gap = style.col_gap
    cons: list[tuple[int, int, float]] = []
    for side, tree in trees.items():
        for k, tok in enumerate(tree.tokens):
            need = width(tok.form)
            if style.show_pos:
                need = max(need, width(pos_labels[side][k]) + 2 * style.pad_x)
            half = max(need, 1.0) / 2 + gap / 2
            cons += [(2 * k, 2 * k + 1, half), (2 * k + 1, 2 * k + 2, half)]
        box_w = {nid: width(text) + 2 * style.pad_x for nid, (text, _) in enumerate(labels[side])}
        cons += _row_constraints(tree, grids[side], box_w, n, gap)
    return solve_columns(list(range(2 * n + 1)), cons)


def layout_disc_pair(gold: Tree | None, system: Tree | None, result: SentenceResult | None = None,
                     mode: str = "side", measure: Measure = fixed_width,
                     style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """`tree_layout.layout_pair` for discontinuous trees (same arguments, same result type;
    see the module docstring)."""
    trees = {s: t for s, t in zip(SIDES, (gold, system)) if t is not None}
    cache: dict[str, float] = {}

    def width(text: str) -> float:
        w = cache.get(text)
        if w is None:
            w = cache[text] = float(measure(text))
        return w

    labels: dict[str, list[tuple[str, str]]] = {}
    pos_labels: dict[str, list[str]] = {}
    grids: dict[str, TreeGrid] = {}
    for side, tree in trees.items():
        labels[side] = [(elide_middle(node_text(n.label, style), style.max_label_chars),
                         node_text(n.label, style)) for n in tree.nodes()]
        pos_labels[side] = [pos_text(t, style) for t in tree.tokens]
        grids[side] = tree_grid(tree)
    shared = len(trees) == 2 and len(gold.tokens) == len(system.tokens)  # type: ignore[union-attr]
    xs: dict[str, list[float]] = {}
    if shared:
        both = shared_columns(trees, grids, width, labels, pos_labels, style)
        xs = {side: both for side in trees}
    else:
        xs = {side: shared_columns({side: t}, {side: grids[side]}, width, labels, pos_labels, style)
              for side, t in trees.items()}
    shared_words = (mode == "mirrored" and shared
                    and gold.words == system.words)  # type: ignore[union-attr]

    m = style.margin
    bh = style.line_height + 2 * style.pad_y
    row_gap = max(style.row_gap, MIN_ROW_GAP)
    pitch = bh + row_gap
    pos_h = bh if style.show_pos else 0.0
    height_of = {side: grids[side].height for side in trees}
    content_w = {side: xs[side][-1] if xs[side] else 0.0 for side in trees}
    offset_x = {side: m for side in SIDES}
    if mode == "side" and "gold" in trees:
        offset_x["system"] = m + content_w["gold"] + style.panel_gap
    node_y: dict[str, Callable[[int], float]] = {}
    pos_y: dict[str, float] = {}
    word_y: dict[str, float] = {}
    titles: list[Title] = []
    top = m + style.title_height
    if mode == "side":
        rows_max = max(height_of.values(), default=0)
        for side in SIDES:
            node_y[side] = row_y(top, rows_max, pitch)
            pos_y[side] = top + rows_max * pitch
            word_y[side] = pos_y[side] + pos_h
            titles.append(Title(side, side.upper(), offset_x[side], m))
        total_h = word_y["gold"] + bh + m
    elif mode == "stacked":
        y = m
        for side in SIDES:
            titles.append(Title(side, side.upper(), m, y))
            block_top = y + style.title_height
            rows = height_of.get(side, 0)
            node_y[side] = row_y(block_top, rows, pitch)
            pos_y[side] = block_top + rows * pitch
            word_y[side] = pos_y[side] + pos_h
            y = word_y[side] + bh + style.panel_gap
        total_h = y - style.panel_gap + m
    else:  # mirrored: gold grows up from the words, system down
        titles.append(Title("gold", "GOLD", m, m))
        rows = height_of.get("gold", 0)
        node_y["gold"] = row_y(top, rows, pitch)
        pos_y["gold"] = top + rows * pitch
        word_y["gold"] = pos_y["gold"] + pos_h
        word_y["system"] = word_y["gold"] if shared_words else word_y["gold"] + bh
        pos_y["system"] = word_y["system"] + bh
        base = pos_y["system"] + pos_h + row_gap
        node_y["system"] = row_y(base, 0, pitch, upward=True)
        bottom = base + height_of.get("system", 0) * pitch - row_gap
        titles.append(Title("system", "SYSTEM", m, bottom + 4))
        total_h = bottom + 4 + style.title_height + m
    total_w = (content_w.get("gold", 0.0) + style.panel_gap + content_w.get("system", 0.0)
               if mode == "side" and len(trees) == 2 else max(content_w.values(), default=0.0)) + 2 * m

    out = PairLayout(mode=mode, width=total_w, height=total_h, alignment="positions",
                     titles=titles, shared_words=shared_words)
    for side, tree in trees.items():
        place_side(out, side, tree, grids[side], xs[side], offset_x[side], node_y[side],
                    pos_y[side], word_y[side], bh, row_gap, labels[side], pos_labels[side],
                    result.items_for(side) if result is not None else [], width, style,
                    upward=(mode == "mirrored" and side == "system"))
    return out


def row_y(top: float, rows: int, pitch: float, upward: bool = False) -> Callable[[int], float]:
    """y of a node row: row ``rows`` at `top` and row 1 just over the words, or (`upward`,
    the mirrored system tree) row 1 at `top` just under the words, growing down."""
    def y(row: int) -> float:
        return top + ((row - 1) if upward else (rows - row)) * pitch
    return y


def place_side(out: PairLayout, side: str, tree: Tree, grid: TreeGrid, xs: list[float],
                ox: float, node_y: Callable[[int], float], pos_y: float, word_y: float,
                bh: float, row_gap: float, labels: list[tuple[str, str]], pos_labels: list[str],
                items: list[Item], width: Measure, style: LayoutStyle, upward: bool) -> None:
    """Boxes, routed edges and crossing marks of one tree; `items`: the scorer's items
    for it (verdicts are copied from them)."""
    brackets, tags = items_by_ref(items, "bracket"), items_by_ref(items, "tag")
    word_owner = "gold" if out.shared_words else side
    slots = []
    for k, tok in enumerate(tree.tokens):
        x0, x1, cx = xs[2 * k] + ox, xs[2 * k + 2] + ox, xs[2 * k + 1] + ox
        slots.append(TokenSlot(k, k + 1, x0, x1))
        if not (out.shared_words and side == "system"):
            ww = width(tok.form)
            tag = None if style.show_pos else tags.get(k)
            out.boxes.append(Box(side, "word", k, cx - ww / 2, word_y, ww, bh, tok.form, tok.form,
                                 span=(k, k + 1), verdict=tag.verdict if tag else None))
        if style.show_pos:
            text = pos_labels[k]
            tw = width(text) + 2 * style.pad_x
            item = tags.get(k)
            out.boxes.append(Box(side, "pos", k, cx - tw / 2, pos_y, tw, bh, text, text,
                                 verdict=item.verdict if item else None,
                                 partner=item.partner if item else -1, span=(k, k + 1)))
    out.slots[side] = slots
    out.word_rows[side] = (word_y, bh)
    units = []
    spans = []
    for node in tree.nodes():
        text, full = labels[node.id]
        tw = width(text) + 2 * style.pad_x
        cx = xs[grid.slots[node.id]] + ox
        item = brackets.get(node.id)
        positions = node.positions
        units.append(positions)
        spans.append((positions[0], positions[-1] + 1) if positions else (node.start, node.start))
        out.boxes.append(Box(side, "node", node.id, cx - tw / 2, node_y(grid.rows[node.id]), tw, bh,
                             text, full, verdict=item.verdict if item else None,
                             crossing=bool(item and item.crossing),
                             partner=item.partner if item else -1, span=(node.start, node.end)))
    out.node_units[side] = units
    out.node_spans[side] = spans
    out.reindex()

    def bar_y(row: int) -> float:
        y = node_y(row)
        return y - row_gap / 2 if upward else y + bh + row_gap / 2

    for node in tree.nodes():
        pbox = out.box(side, "node", node.id)
        heads = set(node.label.heads)
        for k, child in enumerate(node.children):
            if isinstance(child, Node):
                cbox = out.box(side, "node", child.id)
                kind, ref, head = "node", child.id, child.label.is_head
            else:
                cbox = out.box(side, "pos", child.index) if style.show_pos else None
                if cbox is None:
                    cbox = out.box(word_owner, "word", child.index)
                kind, ref, head = "token", child.index, child.is_head
            if pbox is None or cbox is None:
                continue
            px, cx = pbox.cx, cbox.cx
            py, cy = (pbox.y, cbox.bottom) if upward else (pbox.bottom, cbox.y)
            by = bar_y(grid.rows[node.id])
            route = ((px, py), (cx, cy)) if abs(px - cx) < 0.5 else (
                (px, py), (px, by), (cx, by), (cx, cy))
            out.edges.append(Edge(side, node.id, kind, ref, px, py, cx, cy,
                                  head or k in heads, route=route))
    for crossing in grid.crossings:
        out.crossings.append((side, xs[crossing.slot] + ox, bar_y(crossing.row)))
