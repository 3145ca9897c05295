"""Positioned drawing models computed without Qt: the GUI and exporters draw from these.

`tree_layout.layout_pair` places a gold and a system constituency tree (side by side,
stacked, or mirrored) with the scorer's verdicts on every box; `matching.counterparts`
finds the node on the other side that a hovered node corresponds to; `arcs` lays out
dependency pairs.
"""

from tcompare.layout.tree_layout import (MODES, Box, Edge, LayoutStyle, PairLayout,
                                         aligned_units, layout_pair, node_rows, node_text,
                                         pos_text)

__all__ = ["MODES", "Box", "Edge", "LayoutStyle", "PairLayout", "aligned_units",
           "layout_pair", "node_rows", "node_text", "pos_text"]
