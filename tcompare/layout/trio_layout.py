"""Positions for drawing TWO system trees against one gold tree (no Qt here).

Three blocks stacked on the same word columns: system A on top, the gold tree in the
middle, system B at the bottom, so each system sits next to the gold it is judged against
and a word is at the same x in all three.  Each system's boxes carry that system's verdicts
(from its own `SentenceResult`); a gold box carries both: `TwoVerdictBox.verdict` is
system A's verdict on that gold node or tag, `other_verdict` system B's (the view paints the
upper half of the box with A's look and the lower half with B's).  Nothing here decides a
match: verdicts are copied from the results' items, as in `tree_layout`.

Word columns: each system is aligned to the gold separately (`tree_layout.aligned_units`:
the same characters, or the word sequences); the gold's token boundaries are the common
anchors (token i starts at 2i and ends at 2i+1 on a shared axis) and a system boundary
between two anchors is placed proportionally between them, so a word one system splits
or inserts gets its own column without moving the others.  Widths then come from the same
constraint solver as the pair layout.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable

from tcompare.layout.tree_layout import (Box, Edge, LayoutStyle, Measure, PairLayout, Title,
                                         TokenSlot, items_by_ref, solve_columns, aligned_units,
                                         column_constraints,
                                         elide_middle, fixed_width, node_rows, node_text, pos_text)
from tcompare.model.tree import Node, Tree
from tcompare.scoring.base import SentenceResult, Verdict

# top to bottom: system A, gold, system B ("other")
TRIO_SIDES = ("system", "gold", "other")
MODE = "two"
TRIO_GAP = 26.0     # between the blocks (the pair layout's panel gap is wider)
TRIO_ROW_GAP = 12.0  # between node rows: three trees are tall, the rows stay readable at 12


@dataclass(slots=True)
class TwoVerdictBox(Box):
    """A gold box judged by two systems: `verdict` is A's, `other_verdict` B's."""

    other_verdict: Verdict | None = None
    other_crossing: bool = False


Axis = dict[str, list[tuple[Fraction, Fraction]]]


def _anchor_map(ref_spans: list[tuple[int, int]]) -> Callable[[int, bool], Fraction]:
    """unit -> shared-axis position for one alignment; `start` picks the later anchor where
    a reference token ends and the next starts on the same unit."""
    points = sorted({(u, Fraction(2 * i + k)) for i, span in enumerate(ref_spans)
                     for k, u in enumerate(span)})
    units = [u for u, _ in points]

    def place(u: int, start: bool) -> Fraction:
        if not points:
            return Fraction(u)
        lo, hi = bisect.bisect_left(units, u), bisect.bisect_right(units, u)
        if lo < hi:                                   # an anchor here
            return points[hi - 1][1] if start else points[lo][1]
        if lo == 0:
            return points[0][1] - (points[0][0] - u)
        if lo == len(points):
            return points[-1][1] + (u - points[-1][0])
        (pu, pc), (qu, qc) = points[lo - 1], points[lo]
        return pc + Fraction(u - pu, qu - pu) * (qc - pc)
    return place


def shared_axis(gold: Tree | None, system: Tree | None, other: Tree | None) -> Axis:
    """Each present tree's token spans on one axis (see the module docstring)."""
    trees = {s: t for s, t in (("gold", gold), ("system", system), ("other", other))
             if t is not None}
    if not trees:
        return {}
    ref_side = next(s for s in ("gold", "system", "other") if s in trees)
    ref = trees[ref_side]
    out: Axis = {ref_side: [(Fraction(2 * i), Fraction(2 * i + 1)) for i in range(len(ref.tokens))]}
    for side, tree in trees.items():
        if side == ref_side:
            continue
        _, spans = aligned_units(ref, tree)
        place = _anchor_map(spans["gold"])
        out[side] = [(place(a, True), max(place(a, True), place(b, False)))
                     for a, b in spans["system"]]
    return out


def layout_trio(gold: Tree | None, system: Tree | None, result: SentenceResult | None,
                other: Tree | None, other_result: SentenceResult | None,
                measure: Measure = fixed_width, style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """System A (`system`, `result`) above, gold in the middle, system B (`other`,
    `other_result`) below; either tree may be None.  Returns a `PairLayout` of mode ``two``
    whose sides are ``system``, ``gold`` and ``other``."""
    trees = {s: t for s, t in (("system", system), ("gold", gold), ("other", other))
             if t is not None}
    style = replace(style, row_gap=min(style.row_gap, TRIO_ROW_GAP))
    axis = shared_axis(gold, system, other)
    cache: dict[str, float] = {}

    def width(text: str) -> float:
        w = cache.get(text)
        if w is None:
            w = cache[text] = float(measure(text))
        return w

    labels = {s: [(elide_middle(node_text(n.label, style), style.max_label_chars),
                   node_text(n.label, style)) for n in t.nodes()] for s, t in trees.items()}
    spans: dict[str, list[tuple[Fraction, Fraction]]] = {}
    for side, tree in trees.items():
        toks = axis[side]
        spans[side] = [_span(n, toks) for n in tree.nodes()]
    tags = {s: [pos_text(t, style) for t in tree.tokens] for s, tree in trees.items()}

    boundaries = sorted({b for toks in axis.values() for span in toks for b in span}) or [Fraction(0)]
    where = {b: i for i, b in enumerate(boundaries)}
    constraints = column_constraints(trees, axis, spans, labels, tags, where, width, style)
    xs = solve_columns(boundaries, constraints)
    colx = {b: xs[i] for i, b in enumerate(boundaries)}

    m = style.margin
    bh = style.line_height + 2 * style.pad_y
    pitch = bh + style.row_gap
    pos_h = bh if style.show_pos else 0.0
    scheme = style.rows if style.rows != "auto" else "height"
    out = PairLayout(mode=MODE, width=xs[-1] + 2 * m, height=0.0, alignment="words")
    block_gap = min(style.panel_gap, TRIO_GAP)      # three blocks: keep them close
    y = m
    for side in TRIO_SIDES:
        out.titles.append(Title(side, side.upper(), m, y))
        top = y + style.title_height
        tree = trees.get(side)
        if tree is None:
            y = top + block_gap
            continue
        rows = node_rows(tree, scheme)
        depth = max(rows.values(), default=-1)
        pos_y = top + (depth + 1) * pitch
        word_y = pos_y + pos_h
        _place(out, side, tree, axis[side], spans[side], labels[side], tags[side], rows,
               {"system": result, "gold": result, "other": other_result}[side],
               other_result if side == "gold" else None,
               colx, m, top, pitch, pos_y, word_y, bh, style, width)
        y = word_y + bh + block_gap
    out.height = y - block_gap + m
    out.node_spans = {s: [(_unit(a), _unit(b)) for a, b in sp] for s, sp in spans.items()}
    return out


def _span(node: Node, toks: list[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
    if node.end > node.start:
        return toks[node.start][0], toks[node.end - 1][1]
    pos = toks[node.start][0] if node.start < len(toks) else (toks[-1][1] if toks else Fraction(0))
    return pos, pos


def _unit(x: Fraction) -> int:
    """Axis positions as integers for `PairLayout.node_spans` (hover highlights): the axis
    scaled so every boundary of a sentence stays distinct."""
    return int(x * 1024)


def _place(out: PairLayout, side: str, tree: Tree, toks: list[tuple[Fraction, Fraction]],
           spans: list[tuple[Fraction, Fraction]], labels: list[tuple[str, str]], tags: list[str],
           rows: dict[int, int], result: SentenceResult | None, second: SentenceResult | None,
           colx: dict[Fraction, float], ox: float, top: float, pitch: float, pos_y: float,
           word_y: float, bh: float, style: LayoutStyle, width: Callable[[str], float]) -> None:
    """The boxes and edges of one block.  `second`: system B's result, for the gold block."""
    item_side = "gold" if side == "gold" else "system"
    items = result.items_for(item_side) if result is not None else []
    brackets, tag_items = items_by_ref(items, "bracket"), items_by_ref(items, "tag")
    b_items = second.items_for("gold") if second is not None else []
    b_brackets, b_tags = items_by_ref(b_items, "bracket"), items_by_ref(b_items, "tag")
    slots = []
    for i, tok in enumerate(tree.tokens):
        a, b = toks[i]
        x0, x1 = colx[a] + ox, colx[b] + ox
        slots.append(TokenSlot(_unit(a), _unit(b), x0, x1))
        cx = (x0 + x1) / 2
        tag = tag_items.get(i)
        ww = width(tok.form)
        out.boxes.append(Box(side, "word", i, cx - ww / 2, word_y, ww, bh, tok.form, tok.form,
                             span=(i, i + 1),
                             verdict=tag.verdict if tag and not style.show_pos else None))
        if style.show_pos:
            text = tags[i]
            tw = width(text) + 2 * style.pad_x
            box = _box(side == "gold", side, "pos", i, cx - tw / 2, pos_y, tw, bh, text, text,
                       tag, b_tags.get(i))
            box.span = (i, i + 1)
            out.boxes.append(box)
    out.slots[side] = slots
    out.word_rows[side] = (word_y, bh)
    for node in tree.nodes():
        a, b = spans[node.id]
        text, full = labels[node.id]
        tw = width(text) + 2 * style.pad_x
        cx = ox + (colx[a] + colx[b]) / 2
        box = _box(side == "gold", side, "node", node.id, cx - tw / 2,
                   top + rows[node.id] * pitch, tw, bh, text, full,
                   brackets.get(node.id), b_brackets.get(node.id))
        box.span = (node.start, node.end)
        out.boxes.append(box)
    mine = {(b.kind, b.ref): b for b in out.boxes if b.side == side}
    for node in tree.nodes():
        pbox = mine.get(("node", node.id))
        heads = set(node.label.heads)
        for pos, child in enumerate(node.children):
            if isinstance(child, Node):
                cbox = mine.get(("node", child.id))
                kind, ref, head = "node", child.id, child.label.is_head
            else:
                cbox = mine.get(("pos" if style.show_pos else "word", child.index))
                kind, ref, head = "token", child.index, child.is_head
            if pbox is None or cbox is None:
                continue
            out.edges.append(Edge(side, node.id, kind, ref, pbox.cx, pbox.bottom, cbox.cx, cbox.y,
                                  head or pos in heads))


def _box(two: bool, side: str, kind: str, ref: int, x: float, y: float, w: float, h: float,
         text: str, full: str, item, b_item) -> Box:
    first = dict(verdict=item.verdict if item else None, crossing=bool(item and item.crossing),
                 partner=item.partner if item else -1)
    if not two:
        return Box(side, kind, ref, x, y, w, h, text, full, **first)
    return TwoVerdictBox(side, kind, ref, x, y, w, h, text, full, **first,
                         other_verdict=b_item.verdict if b_item else None,
                         other_crossing=bool(b_item and b_item.crossing))
