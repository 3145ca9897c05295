"""Two systems against one gold tree when a tree has discontinuous constituents.

`drawn_trees.layout_trio` hands over to `layout_disc_trio` when any of the three trees has a
gapped node: the same three stacked blocks (system A, gold, system B) and the same
`TwoVerdictBox`es on the gold side (A's verdict and B's, copied from the two results), drawn
as `disc_layout` draws a pair: words in sentence order on shared columns, orthogonal
branches, the fewest crossings (`disc_grid`), bars cut where a branch crosses them.
The three trees must have the same number of words (a parser's output over the gold
tokens); otherwise each block gets its own columns.
"""

from __future__ import annotations

from dataclasses import fields

from tcompare.layout.disc_grid import TreeGrid, tree_grid
from tcompare.layout.disc_layout import MIN_ROW_GAP, place_side, row_y, shared_columns
from tcompare.layout.tree_layout import (Box, LayoutStyle, Measure, PairLayout, Title,
                                         elide_middle, fixed_width, items_by_ref, node_text,
                                         pos_text)
from tcompare.layout.trio_layout import MODE, TRIO_GAP, TRIO_SIDES, TwoVerdictBox
from tcompare.model.tree import Tree
from tcompare.scoring.base import SentenceResult

BOX_FIELDS = tuple(f.name for f in fields(Box))


def layout_disc_trio(gold: Tree | None, system: Tree | None, result: SentenceResult | None,
                     other: Tree | None, other_result: SentenceResult | None,
                     measure: Measure = fixed_width, style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """`trio_layout.layout_trio` for discontinuous trees (same arguments and result)."""
    trees = {s: t for s, t in (("system", system), ("gold", gold), ("other", other))
             if t is not None}
    cache: dict[str, float] = {}

    def width(text: str) -> float:
        w = cache.get(text)
        if w is None:
            w = cache[text] = float(measure(text))
        return w

    labels = {s: [(elide_middle(node_text(n.label, style), style.max_label_chars),
                   node_text(n.label, style)) for n in t.nodes()] for s, t in trees.items()}
    tags = {s: [pos_text(tok, style) for tok in t.tokens] for s, t in trees.items()}
    grids: dict[str, TreeGrid] = {s: tree_grid(t) for s, t in trees.items()}
    if len({len(t.tokens) for t in trees.values()}) <= 1:
        both = shared_columns(trees, grids, width, labels, tags, style) if trees else [0.0]
        xs = {s: both for s in trees}
    else:
        xs = {s: shared_columns({s: t}, {s: grids[s]}, width, labels, tags, style)
              for s, t in trees.items()}
    m = style.margin
    bh = style.line_height + 2 * style.pad_y
    row_gap = max(style.row_gap, MIN_ROW_GAP)
    pitch = bh + row_gap
    pos_h = bh if style.show_pos else 0.0
    wide = max((x[-1] for x in xs.values()), default=0.0)
    out = PairLayout(mode=MODE, width=wide + 2 * m, height=0.0, alignment="positions")
    items = {"system": result.items_for("system") if result is not None else [],
             "gold": result.items_for("gold") if result is not None else [],
             "other": other_result.items_for("system") if other_result is not None else []}
    block_gap = min(style.panel_gap, TRIO_GAP)
    y = m
    for side in TRIO_SIDES:
        out.titles.append(Title(side, side.upper(), m, y))
        top = y + style.title_height
        tree = trees.get(side)
        if tree is None:
            y = top + block_gap
            continue
        rows = grids[side].height
        pos_y = top + rows * pitch
        word_y = pos_y + pos_h
        place_side(out, side, tree, grids[side], xs[side], m, row_y(top, rows, pitch), pos_y,
                   word_y, bh, row_gap, labels[side], tags[side], items[side], width, style,
                   upward=False)
        y = word_y + bh + block_gap
    out.height = y - block_gap + m
    if "gold" in trees:
        _second_verdicts(out, other_result)
    return out


def _second_verdicts(out: PairLayout, other_result: SentenceResult | None) -> None:
    """The gold boxes become `TwoVerdictBox`es carrying system B's verdicts too."""
    b_items = other_result.items_for("gold") if other_result is not None else []
    found = {"node": items_by_ref(b_items, "bracket"), "pos": items_by_ref(b_items, "tag")}
    for k, box in enumerate(out.boxes):
        if box.side != "gold" or box.kind not in found:
            continue
        item = found[box.kind].get(box.ref)
        out.boxes[k] = TwoVerdictBox(**{name: getattr(box, name) for name in BOX_FIELDS},
                                     other_verdict=item.verdict if item else None,
                                     other_crossing=bool(item and item.crossing))
    out.reindex()

