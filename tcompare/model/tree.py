"""Constituency trees: the one in-memory shape every bracket notation is read into.

Conventions
-----------
* A `Tree` has one `root` `Node` (or `None` for an empty/failed parse) and a flat list of
  `Token` leaves.  Preterminals (`(NN dog)`, `dog/n`, `Nh:他`, CCG `<L ...>`) are NOT nodes:
  the POS tag (and the role / head mark / CCG category written on it) lives on the Token.
  So every `Node` is a phrase node; a phrase over a single word is still a Node.
* A node's label is kept raw AND split into parts (`Label`): category, function/GR tag,
  co-index, head positions, semantic role, CCG category, PKU head mark.  Notation readers
  fill the parts; scorers read only the parts they need.
* Spans are half-open token ranges ``[start, end)``; character offsets are over the
  concatenated token forms (no spaces), so two segmentations of the same characters can be
  compared (SIGHAN-2012 needs this).
* `Node.id` is the node's preorder number in its tree: a stable address the scorer puts on
  its verdicts and the GUI maps back to drawn items.  `Tree.finalize()` (re)computes ids,
  spans, token indices and offsets after a tree is built or edited.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Union


@dataclass(slots=True, frozen=True)
class Label:
    """A node label, raw and in parts.

    Parameters
    ----------
    raw : the label exactly as written (PKU's ``!`` head mark excluded: see `is_head`).
    category : syntactic category (``NP``, TCT ``dj``, Sinica ``NP``, CCG category).
    function : function / grammatical-relation tag (PTB ``SBJ``, TCT ``ZW``), "" if none.
    index : PTB co-index (``1`` in ``NP-SBJ-1``, ``=2`` in ``NP=2``), "" if none.
    heads : head-child positions (0-based among the node's children: words and phrases).
    role : semantic role (Sinica ``agent``, ``Head``), "" if none.
    ccg : CCG category when the notation carries one, "" otherwise.
    is_head : the PKU ``!`` mark: this node is a head child of its parent.
    """

    raw: str
    category: str = ""
    function: str = ""
    index: str = ""
    heads: tuple[int, ...] = ()
    role: str = ""
    ccg: str = ""
    is_head: bool = False

    def with_parts(self, **parts: Any) -> "Label":
        return replace(self, **parts)


@dataclass(slots=True, eq=False)
class Token:
    """A leaf: a word with its POS tag and whatever the notation writes on the preterminal."""

    form: str
    pos: str = ""
    index: int = -1
    char_start: int = 0
    char_end: int = 0
    role: str = ""          # Sinica leaf role (``Head`` in ``Head:VC:刊登``)
    ccg: str = ""           # CCG lexical category
    is_head: bool = False   # PKU ``!`` on the preterminal / TCT-style head word mark
    extra: dict[str, Any] | None = None  # notation-specific fields kept for writing (CCG AUTO leaf parts)

    def __repr__(self) -> str:
        return f"Token({self.form!r}/{self.pos!r}@{self.index})"


@dataclass(slots=True, eq=False)
class Node:
    """A phrase node. `children` mixes Nodes and Tokens in surface order."""

    label: Label
    children: list[Union["Node", Token]] = field(default_factory=list)
    id: int = -1
    start: int = 0
    end: int = 0
    extra: dict[str, Any] | None = None  # notation-specific fields kept for writing (CCG AUTO header)

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    def child_nodes(self) -> list["Node"]:
        return [c for c in self.children if isinstance(c, Node)]

    def __repr__(self) -> str:
        return f"Node({self.label.raw!r} #{self.id} [{self.start},{self.end}))"


Child = Union[Node, Token]


@dataclass(slots=True, eq=False)
class Tree:
    """One sentence's constituency tree.

    `meta` keeps notation-specific text around the tree that a writer must give back
    (Sinica ``#n:m.[id]`` prefix and ``#。(PERIODCATEGORY)`` suffix, CCG header line).
    """

    root: Node | None
    tokens: list[Token] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    _nodes: list[Node] = field(default_factory=list, repr=False)

    @classmethod
    def build(cls, root: Node | None, meta: dict[str, Any] | None = None) -> "Tree":
        tree = cls(root=root, meta=meta or {})
        tree.finalize()
        return tree

    def finalize(self) -> "Tree":
        """Recompute node ids (preorder), spans, token indices and character offsets."""
        tokens: list[Token] = []
        nodes: list[Node] = []
        if self.root is not None:
            # iterative to survive very deep trees (EVALB segfaults on those)
            stack: list[tuple[Node, int]] = [(self.root, 0)]
            nodes.append(self.root)
            self.root.start = 0
            while stack:
                node, i = stack[-1]
                if i == 0:
                    node.id = len(nodes) - 1
                    node.start = len(tokens)
                if i < len(node.children):
                    stack[-1] = (node, i + 1)
                    child = node.children[i]
                    if isinstance(child, Node):
                        nodes.append(child)
                        stack.append((child, 0))
                    else:
                        child.index = len(tokens)
                        tokens.append(child)
                else:
                    node.end = len(tokens)
                    stack.pop()
        offset = 0
        for tok in tokens:
            tok.char_start = offset
            offset += len(tok.form)
            tok.char_end = offset
        self.tokens = tokens
        self._nodes = nodes
        return self

    # -- access ---------------------------------------------------------------------------
    def nodes(self) -> list[Node]:
        """All phrase nodes in preorder (index = `Node.id`)."""
        return self._nodes

    def node(self, node_id: int) -> Node:
        return self._nodes[node_id]

    def __len__(self) -> int:
        return len(self.tokens)

    @property
    def words(self) -> list[str]:
        return [t.form for t in self.tokens]

    @property
    def tags(self) -> list[str]:
        return [t.pos for t in self.tokens]

    def text(self, sep: str = " ") -> str:
        return sep.join(t.form for t in self.tokens)

    def char_span(self, node: Node) -> tuple[int, int]:
        """Character offsets ``[start, end)`` of a node (over forms without spaces)."""
        if node.start >= node.end:
            pos = self.tokens[node.start].char_start if node.start < len(self.tokens) else (
                self.tokens[-1].char_end if self.tokens else 0)
            return (pos, pos)
        return (self.tokens[node.start].char_start, self.tokens[node.end - 1].char_end)

    def parents(self) -> dict[int, Node]:
        """Map from ``id(child)`` (Python identity) to its parent node, for nodes and tokens."""
        result: dict[int, Node] = {}
        for node in self._nodes:
            for child in node.children:
                result[id(child)] = node
        return result

    def walk(self) -> Iterator[tuple[Node, int]]:
        """Yield ``(node, depth)`` in preorder."""
        if self.root is None:
            return
        stack = [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            yield node, depth
            for child in reversed(node.children):
                if isinstance(child, Node):
                    stack.append((child, depth + 1))

    def copy(self) -> "Tree":
        """A deep copy (labels are immutable and shared)."""
        def clone(child: Child) -> Child:
            if isinstance(child, Token):
                return Token(child.form, child.pos, child.index, child.char_start, child.char_end,
                             child.role, child.ccg, child.is_head,
                             dict(child.extra) if child.extra else None)
            return Node(child.label, [clone(c) for c in child.children], child.id,
                        child.start, child.end, dict(child.extra) if child.extra else None)

        root = clone(self.root) if self.root is not None else None
        return Tree.build(root, dict(self.meta))  # type: ignore[arg-type]


GROUP_LABEL = "GROUP"


def joined_trees(trees: "list[Tree]", label: str = GROUP_LABEL) -> Tree:
    """Several sentences' trees drawn as one: a new root over copies of their roots (the
    originals are untouched).  Node ids run in preorder: the new root 0, then each tree's
    nodes in turn, so tree k's node i is ``1 + (nodes of trees before k) + i``."""
    import copy

    roots = [copy.deepcopy(t.root) for t in trees if t.root is not None]
    return Tree.build(Node(Label(label, category=label), list(roots)))
