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

Discontinuous trees (NEGRA export, discbracket, TIGER XML, Alpino XML)
---------------------------------------------------------------------
* `Token.index` is the word's 0-based position in the sentence and `Tree.tokens` is in
  sentence order, whatever the order of the leaves in the tree.  A reader sets each
  Token's index and calls `Tree.build_discontinuous`; the tree remembers it (`positional`),
  so `finalize()` after an edit keeps the words' order (renumbered 0..n-1 in the order of
  their old positions, so a deleted word leaves no hole).
* `Node.positions` are the sorted positions of the words a node dominates; `start`/`end`
  are min / max + 1, so a continuous node is exactly as before.  `Node.is_discontinuous`
  says whether there is a gap.  Children are kept ordered by their first position.
* Edge labels (the NEGRA/TIGER function on the edge to the parent) are `Label.function` of
  a node and ``Token.extra["function"]`` of a word; lemma, morphology and secondary edges
  live in ``Token.extra`` / ``Node.extra``; the export node number in
  ``Node.extra["export_id"]``.
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
    # the positions when they have a gap (None: range(start, end)); set by Tree.finalize
    gapped: tuple[int, ...] | None = field(default=None, repr=False)

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def positions(self) -> tuple[int, ...]:
        """The sorted sentence positions of the words this node dominates."""
        if self.gapped is not None:
            return self.gapped
        return tuple(range(self.start, self.end))

    @property
    def is_discontinuous(self) -> bool:
        return self.gapped is not None

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
    # the words' order is their preset `Token.index`, not the order of the leaves
    positional: bool = False

    @classmethod
    def build(cls, root: Node | None, meta: dict[str, Any] | None = None) -> "Tree":
        tree = cls(root=root, meta=meta or {})
        tree.finalize()
        return tree

    @classmethod
    def build_discontinuous(cls, root: Node | None, meta: dict[str, Any] | None = None) -> "Tree":
        """As `build`, but each Token's preset `index` is its position in the sentence
        (the leaves may come in any order; nodes may have gaps)."""
        tree = cls(root=root, meta=meta or {}, positional=True)
        tree.finalize()
        return tree

    def is_discontinuous(self) -> bool:
        """Whether some node dominates words with a gap between them."""
        return any(node.gapped is not None for node in self._nodes)

    def finalize(self) -> "Tree":
        """Recompute node ids (preorder), spans, token indices and character offsets."""
        if self.positional:
            return self._finalize_positional()
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
                    node.gapped = None
                    stack.pop()
        self._set_offsets(tokens)
        self._nodes = nodes
        return self

    def _set_offsets(self, tokens: list[Token]) -> None:
        offset = 0
        for tok in tokens:
            tok.char_start = offset
            offset += len(tok.form)
            tok.char_end = offset
        self.tokens = tokens

    def _finalize_positional(self) -> "Tree":
        """`finalize` for a tree whose words carry their sentence positions."""
        if self.root is None:
            self._set_offsets([])
            self._nodes = []
            return self
        # postorder (iterative: deep trees): gather words, then number them by old position
        order: list[Node] = []
        leaves: list[Token] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            order.append(node)
            for child in node.children:
                if isinstance(child, Node):
                    stack.append(child)
                else:
                    leaves.append(child)
        # stable: words with equal (or unset) positions keep the order they were met in
        tokens = sorted(leaves, key=lambda t: t.index)
        for position, tok in enumerate(tokens):
            tok.index = position
        for node in reversed(order):          # children before parents
            positions: list[int] = []
            for child in node.children:
                if isinstance(child, Node):
                    positions.extend(child.positions)
                else:
                    positions.append(child.index)
            if len(node.children) > 1:
                # (a phrase without words first, as disco-dop's sort by leaves puts it)
                node.children.sort(key=lambda c: c.index if isinstance(c, Token)
                                   else c.start if c.end > c.start else -1)
            positions.sort()
            if positions:
                node.start, node.end = positions[0], positions[-1] + 1
            else:
                node.start = node.end = 0
            node.gapped = None if node.end - node.start == len(positions) else tuple(positions)
        nodes: list[Node] = []
        walk = [self.root]
        while walk:                           # preorder ids over the sorted children
            node = walk.pop()
            node.id = len(nodes)
            nodes.append(node)
            walk.extend(c for c in reversed(node.children) if isinstance(c, Node))
        self._set_offsets(tokens)
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
                        child.start, child.end, dict(child.extra) if child.extra else None,
                        child.gapped)

        root = clone(self.root) if self.root is not None else None
        if self.positional:
            return Tree.build_discontinuous(root, dict(self.meta))  # type: ignore[arg-type]
        return Tree.build(root, dict(self.meta))  # type: ignore[arg-type]


GROUP_LABEL = "GROUP"


def joined_trees(trees: "list[Tree]", label: str = GROUP_LABEL) -> Tree:
    """Several sentences' trees drawn as one: a new root over copies of their roots (the
    originals are untouched).  Node ids run in preorder: the new root 0, then each tree's
    nodes in turn, so tree k's node i is ``1 + (nodes of trees before k) + i``."""
    import copy

    roots = [copy.deepcopy(t.root) for t in trees if t.root is not None]
    if not any(t.positional for t in trees):
        return Tree.build(Node(Label(label, category=label), list(roots)))
    # words keep their order within each sentence, the sentences one after another
    shift = 0
    for tree, root in zip([t for t in trees if t.root is not None], roots):
        stack = [root]
        while stack:
            node = stack.pop()
            for child in node.children:
                if isinstance(child, Node):
                    stack.append(child)
                else:
                    child.index += shift
        shift += len(tree.tokens)
    return Tree.build_discontinuous(Node(Label(label, category=label), list(roots)))
