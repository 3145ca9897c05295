"""The trees ``discodop eval`` works on: a label, children (nodes, or an int -- a word's
position -- under a preterminal) and the treebank fields the node came from (``source``:
word, lemma, tag, morph, function, parent, as disco-dop's readers keep them).

Deliberately small and mutable: the reader builds them, `pair.transform` deletes and
relabels in place as the reference does, `freeze` then sets every node's bit set of word
positions (a constituent is a set of positions, not a span).
"""

from __future__ import annotations

from typing import Any, Iterator

WORD, LEMMA, TAG, MORPH, FUNC, PARENT = range(6)


class Node:
    __slots__ = ("label", "children", "source", "bitset", "ref", "head")

    def __init__(self, label: str, children: list[Any], source: Any = None,
                 ref: int = -1) -> None:
        self.label = label
        self.children = children
        self.source = source
        self.bitset = 0
        self.ref = ref          # the model node's id (or token index) it came from
        self.head = False       # marked head of its parent (``--headrules``)

    def __repr__(self) -> str:
        inner = " ".join(repr(c) if isinstance(c, Node) else str(c) for c in self.children)
        return f"({self.label} {inner})"

    @property
    def is_phrasal(self) -> bool:
        """Non-empty with a node as first child (disco-dop's ``a and isinstance(a[0], Tree)``)."""
        return bool(self.children) and isinstance(self.children[0], Node)

    @property
    def is_preterminal(self) -> bool:
        return bool(self.children) and isinstance(self.children[0], int)

    def subtrees(self) -> Iterator[Node]:
        """Depth-first pre-order, as disco-dop's ``Tree.subtrees``."""
        agenda: list[Any] = [self]
        while agenda:
            node = agenda.pop()
            if isinstance(node, Node):
                yield node
                agenda.extend(node.children[::-1])

    def nodes(self) -> list[Node]:
        """`subtrees` as a list (no generator: the evaluation walks every tree many times)."""
        out: list[Node] = []
        agenda: list[Any] = [self]
        pop, push, extend = agenda.pop, out.append, agenda.extend
        while agenda:
            node = pop()
            if node.__class__ is Node:
                push(node)
                extend(node.children[::-1])
        return out

    def leaves(self) -> list[int]:
        out: list[int] = []
        stack: list[Any] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Node):
                stack.extend(node.children[::-1])
            else:
                out.append(node)
        return out

    def pos(self) -> list[tuple[int, str]]:
        """(position, tag) of every word under a preterminal, in tree order (``Tree.pos``)."""
        result = []
        for node in self.nodes():
            label = node.label
            for child in node.children:
                if child.__class__ is not Node:
                    result.append((child, label))
        return result


def freeze(tree: Node) -> Node:
    """Set ``bitset`` (the positions a node dominates, as bits) on every node."""
    def walk(node: Node) -> int:
        bits = 0
        for child in node.children:
            bits |= walk(child) if isinstance(child, Node) else 1 << child
        node.bitset = bits
        return bits
    walk(tree)
    return tree


def fanout(bits: int) -> int:
    """How many runs of consecutive positions a bit set has (1: a contiguous constituent)."""
    return bin(bits ^ (bits << 1)).count("1") // 2


def bit_positions(bits: int) -> list[int]:
    out = []
    n = 0
    while bits:
        if bits & 1:
            out.append(n)
        bits >>= 1
        n += 1
    return out


def bitcount(bits: int) -> int:
    return bin(bits).count("1")
