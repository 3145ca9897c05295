"""The scores eval adds on request, on the pair's kept trees: leaf-ancestor (``--la``) and
tree edit distance (``--ted``) through the shared `scoring.leaf_ancestor` and `scoring.ted`
(the trees handed over as `kept_tree.Phrase` views), unlabeled dependencies
(``--headrules``) through `heads`."""

from __future__ import annotations

from typing import Any, Callable

from tcompare.scoring import leaf_ancestor, ted
from tcompare.scoring.discodop.pair import NAN, TreePair
from tcompare.scoring.discodop.read import DiscodopError
from tcompare.scoring.discodop.tree import Node, bit_positions
from tcompare.scoring.kept_tree import Leaf, Phrase


def phrase(node: Node) -> Phrase:
    """A transformed tree as the shared scores read it (positions from the bit sets)."""
    kids: list[Phrase | Leaf] = []
    for child in node.children:
        if isinstance(child, Node):
            if child.is_preterminal and len(child.children) == 1:
                kids.append(Leaf(child.label, child.children[0]))
            else:
                kids.append(phrase(child))
    kids.sort(key=lambda k: k.position if isinstance(k, Leaf) else
              (k.positions[0] if k.positions else -1))
    return Phrase(node.label, tuple(bit_positions(node.bitset)), tuple(kids))


def for_param(param: dict[str, Any], options: Any) -> Callable[[TreePair, dict[str, Any]], None] | None:
    la, td, dep = param["LA"], param["TED"], param["DEP"]
    if not (la or td or dep):
        return None
    deleted = param["DELETE_LABEL"]

    def extras(pair: TreePair, param: dict[str, Any]) -> None:
        g, c = phrase(pair.gtree), phrase(pair.ctree)
        if la:
            score = leaf_ancestor.sentence_score(g, c, deleted)
            pair.lascore = NAN if score is None else score
            if pair.lascore == 1 and pair.gbrack != pair.cbrack:
                raise DiscodopError("AssertionError",
                                    "leaf ancestor score 1.0 but no exact match: (bug?)")
        if td:
            result = ted.sentence(g, c, deleted)
            if result.distance is not None:
                pair.ted, pair.denom = result.distance, result.denominator
        if dep:
            from tcompare.scoring.discodop import heads
            pair.gdep = heads.dependencies(pair.gtree)
            pair.cdep = heads.dependencies(pair.ctree)
    return extras


__all__ = ["for_param", "phrase"]
