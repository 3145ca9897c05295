"""What a pattern sees: a uniform node view over a constituency `Tree`.

tgrep2 patterns are written against Penn-style trees, where a POS tag is a preterminal node
over a word leaf: ``(VBZ gives)``.  Our model keeps the POS on the `Token` instead (no
preterminal nodes), so this module builds a light view with three kinds of nodes:

* ``phrase`` -- a model `Node`; `ref` is its `Node.id`.
* ``pos``    -- the preterminal of a token; label = the token's POS; `ref` = token index.
* ``word``   -- the word leaf under a ``pos`` node; label = the form; `ref` = token index.

Label parts exposed to patterns (``{part=value}`` filters, see docs/phenomena.md):

=========  ==========================================  ===========================
part       phrase node                                 pos node / word leaf
=========  ==========================================  ===========================
raw        the label as written (``NP-SBJ-1``, ``dj-ZW``)  POS tag / word form
cat        category (``NP``, ``dj``, CCG category)     POS tag / word form
fn         function / GR tag (``SBJ``, ``ZW``)         ""
index      co-index (``1``, ``=2``)                    ""
role       semantic role (Sinica ``agent``, ``Head``)  token role (Sinica leaves)
ccg        CCG category                                token CCG category
head       ``yes`` when the node is a head child (PKU ``!`` / head positions of the parent)
pos        ""                                          POS tag (also on the word leaf)
word       ""                                          word form (also on the pos node)
=========  ==========================================  ===========================

Spans are half-open token ranges, so precedence (``.``/``..``) compares token offsets.
"""

from __future__ import annotations

from typing import Iterator

from tcompare.model.tree import Node, Token, Tree

PHRASE, POS, WORD = "phrase", "pos", "word"


class ViewNode:
    """One node of the pattern view.  `order` is its preorder number inside the view."""

    __slots__ = ("kind", "ref", "raw", "parts", "children", "parent", "position",
                 "start", "end", "order", "size")

    def __init__(self, kind: str, ref: int, raw: str, parts: dict[str, str], start: int, end: int):
        self.kind, self.ref, self.raw, self.parts = kind, ref, raw, parts
        self.children: list[ViewNode] = []
        self.parent: ViewNode | None = None
        self.position = 0          # index among the parent's children
        self.start, self.end = start, end
        self.order = 0
        self.size = 1              # number of view nodes in this subtree, itself included

    def part(self, name: str) -> str:
        return self.parts.get(name, "")

    def __repr__(self) -> str:
        return f"ViewNode({self.kind} {self.raw!r} ref={self.ref} [{self.start},{self.end}))"


def _phrase_parts(node: Node, is_head: bool) -> dict[str, str]:
    label = node.label
    return {"raw": label.raw, "cat": label.category or label.raw, "fn": label.function,
            "index": label.index, "role": label.role, "ccg": label.ccg,
            "head": "yes" if (label.is_head or is_head) else ""}


def _token_parts(token: Token, is_head: bool) -> dict[str, str]:
    return {"raw": token.pos, "cat": token.pos, "role": token.role, "ccg": token.ccg,
            "head": "yes" if (token.is_head or is_head) else "", "pos": token.pos,
            "word": token.form}


class TreeView:
    """The view of one `Tree`: `nodes` in preorder (phrase, pos and word nodes)."""

    def __init__(self, tree: Tree):
        self.tree = tree
        self.nodes: list[ViewNode] = []
        self.root: ViewNode | None = None
        if tree.root is not None:
            self.root = self._build(tree.root)
        self._by_key: dict[str, list[ViewNode]] | None = None
        self._by_raw: dict[str, list[ViewNode]] | None = None

    def by_key(self) -> dict[str, list[ViewNode]]:
        """Nodes under every name a bare label test can use: raw, category, category-function."""
        if self._by_key is None:
            index: dict[str, list[ViewNode]] = {}
            for node in self.nodes:
                cat, fn = node.parts.get("cat", ""), node.parts.get("fn", "")
                keys = {node.raw, cat, f"{cat}-{fn}" if fn else cat}
                for key in keys:
                    index.setdefault(key, []).append(node)
            self._by_key = index
        return self._by_key

    def by_raw(self) -> dict[str, list[ViewNode]]:
        """Nodes grouped by raw label (category and function follow from it)."""
        if self._by_raw is None:
            index: dict[str, list[ViewNode]] = {}
            for node in self.nodes:
                index.setdefault(node.raw, []).append(node)
            self._by_raw = index
        return self._by_raw

    def _build(self, root: Node) -> ViewNode:
        # iterative: PTB trees can be deep enough to hit the recursion limit
        top = ViewNode(PHRASE, root.id, root.label.raw, _phrase_parts(root, False),
                       root.start, root.end)
        self.nodes.append(top)
        stack: list[tuple[Node, ViewNode, int]] = [(root, top, 0)]
        while stack:
            node, vnode, i = stack.pop()
            if i >= len(node.children):
                vnode.size = len(self.nodes) - vnode.order
                continue
            stack.append((node, vnode, i + 1))
            child = node.children[i]
            head_child = i in node.label.heads
            if isinstance(child, Node):
                cv = ViewNode(PHRASE, child.id, child.label.raw, _phrase_parts(child, head_child),
                              child.start, child.end)
                self._attach(vnode, cv)
                stack.append((child, cv, 0))
            else:
                pv = ViewNode(POS, child.index, child.pos, _token_parts(child, head_child),
                              child.index, child.index + 1)
                self._attach(vnode, pv)
                wv = ViewNode(WORD, child.index, child.form,
                              {"raw": child.form, "cat": child.form, "pos": child.pos,
                               "word": child.form}, child.index, child.index + 1)
                self._attach(pv, wv)
        return top

    def _attach(self, parent: ViewNode, child: ViewNode) -> None:
        child.parent, child.position = parent, len(parent.children)
        child.order = len(self.nodes)
        parent.children.append(child)
        self.nodes.append(child)
        if child.kind == WORD:
            child.size = 1
            parent.size = 2  # a pos node always has exactly its word below it

    def descendants(self, node: ViewNode) -> list[ViewNode]:
        return self.nodes[node.order + 1: node.order + node.size]

    @staticmethod
    def ancestors(node: ViewNode) -> Iterator[ViewNode]:
        up = node.parent
        while up is not None:
            yield up
            up = up.parent
