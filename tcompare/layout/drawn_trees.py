"""Which layout draws constituency trees: `tree_layout` / `trio_layout` for continuous
trees, `disc_layout` / `disc_trio` when a tree has a node with a gap (words in sentence
order, crossing branches).  Callers (the window, the exports) ask here.

Apart from those modules because the discontinuous layouts build on the continuous ones'
types: the continuous layouts never import them (no import cycle).
"""

from __future__ import annotations

from tcompare.layout import disc_layout, disc_trio, trio_layout, tree_layout
from tcompare.layout.tree_layout import MODES, LayoutStyle, Measure, PairLayout, fixed_width
from tcompare.model.tree import Tree
from tcompare.scoring.base import SentenceResult


def layout_pair(gold: Tree | None, system: Tree | None, result: SentenceResult | None = None,
                mode: str = "side", measure: Measure = fixed_width,
                style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """`tree_layout.layout_pair`, or `disc_layout.layout_disc_pair` for discontinuous trees
    (same arguments, same result).

    Raises
    ------
    ValueError
        for an unknown mode.
    """
    if mode not in MODES:
        raise ValueError(f"unknown layout mode {mode!r}; expected one of {', '.join(MODES)}")
    if disc_layout.needs_disc_layout(gold, system):
        return disc_layout.layout_disc_pair(gold, system, result, mode, measure, style)
    return tree_layout.layout_pair(gold, system, result, mode, measure, style)


def layout_trio(gold: Tree | None, system: Tree | None, result: SentenceResult | None,
                other: Tree | None, other_result: SentenceResult | None,
                measure: Measure = fixed_width, style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """`trio_layout.layout_trio`, or `disc_trio.layout_disc_trio` when any of the three
    trees is discontinuous (same arguments, same result)."""
    if any(t is not None and t.is_discontinuous() for t in (gold, system, other)):
        return disc_trio.layout_disc_trio(gold, system, result, other, other_result, measure,
                                          style)
    return trio_layout.layout_trio(gold, system, result, other, other_result, measure, style)
