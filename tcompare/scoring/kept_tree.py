"""A tree as an evaluation keeps it: the input the secondary scores (leaf-ancestor, tree edit
distance, function tags) read, for continuous and discontinuous trees alike.

disco-dop's eval (``transform`` in discodop/eval.py) massages both trees before scoring: labels
are mapped to their EQ_LABEL class, phrase nodes whose label is deleted are replaced by their
children, words deleted by the gold tag / the word itself are removed and the rest renumbered
0..n-1, nodes left without words disappear; the root is never relabelled nor removed.  `keep`
does the same on a `Tree`, so every profile (EVALB's, disco-dop's, any other) gives the scores
one shape: a `Phrase` (label, the sorted positions of the words it dominates, children) over
`Leaf` preterminals (tag, position).

Positions come from `Token.index` (the word's position in the sentence), so a phrase with a gap
simply has positions that are not contiguous: nothing here assumes spans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Mapping, Union

from tcompare.model.tree import Node, Token, Tree


@dataclass(frozen=True, slots=True)
class Leaf:
    """A kept word's preterminal: its tag and its position among the kept words."""

    tag: str
    position: int
    ref: int = -1                     # the word's index in the original tree
    functions: tuple[str, ...] = ()   # function tags on the word's edge (NEGRA/TIGER)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A kept phrase node: label, the sorted positions it dominates, children (phrases and
    leaves) ordered by their first position."""

    label: str
    positions: tuple[int, ...]
    children: tuple[Union["Phrase", Leaf], ...]
    ref: int = -1                     # the node's id (`Node.id`) in the original tree
    functions: tuple[str, ...] = ()

    @property
    def is_discontinuous(self) -> bool:
        p = self.positions
        return bool(p) and p[-1] - p[0] + 1 != len(p)

    def phrases(self) -> list["Phrase"]:
        """This node and every phrase below it, in preorder."""
        out: list[Phrase] = []
        stack: list[Phrase] = [self]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(c for c in reversed(node.children) if isinstance(c, Phrase))
        return out

    def leaves(self) -> list[Leaf]:
        """The preterminals below this node, in position order."""
        out: list[Leaf] = []
        stack: list[Phrase | Leaf] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Leaf):
                out.append(node)
            else:
                stack.extend(node.children)
        return sorted(out, key=lambda leaf: leaf.position)


def default_label(node: Node) -> str:
    return node.label.raw


def token_functions(token: Token) -> tuple[str, ...]:
    """Function tags on a word's edge (discontinuous readers keep them in ``extra``)."""
    value = (token.extra or {}).get("function")
    return tuple(value.split("-")) if isinstance(value, str) and value and value != "--" else ()


def node_functions(node: Node) -> tuple[str, ...]:
    value = node.label.function
    return tuple(value.split("-")) if value and value != "--" else ()


def keep(tree: Tree, *, drop: Collection[int] = (), splice: Collection[str] = (),
         relabel: Mapping[str, str] | None = None,
         label: Callable[[Node], str] = default_label,
         tag: Callable[[Token], str] | None = None,
         phrase_functions: Callable[[Node], tuple[str, ...]] = node_functions,
         word_functions: Callable[[Token], tuple[str, ...]] = token_functions) -> Phrase | None:
    """The tree `tree` as disco-dop's eval keeps it (see the module docstring).

    drop : positions (`Token.index`) of the words to remove; the caller decides them
        (disco-dop: the GOLD tag or the word is deleted, so both sides lose the same words).
    splice : labels of phrase nodes replaced by their children (DELETE_LABEL); never the root.
    relabel : label -> its class representative (EQ_LABEL), applied to phrases and tags
        below the root before `splice` is looked up.
    label, tag : what a node's / word's label is (default: the raw label, the POS tag).
    phrase_functions, word_functions : a node's / word's function tags (default: the
        label's function part split at ``-``; a word's ``extra["function"]``).
    Returns None for a tree without a root.
    """
    if tree.root is None:
        return None
    relabel = relabel or {}
    splice = frozenset(splice)
    drop = frozenset(drop)
    tag_of = tag or (lambda t: t.pos)
    kept = sorted(t.index for t in tree.tokens if t.index not in drop)
    rank = {p: i for i, p in enumerate(kept)}

    def finish(node: Node, children: list[Phrase | Leaf]) -> list[Phrase | Leaf]:
        # this node's own fate once its children are done (disco-dop's transform is bottom-up)
        name = label(node)
        if node is not tree.root:
            name = relabel.get(name, name)
            if not children:
                return []
            if name in splice:
                return children
        children.sort(key=_first_position)
        positions = tuple(sorted(p for c in children for p in _positions(c)))
        return [Phrase(name, positions, tuple(children), node.id, phrase_functions(node))]

    # iterative postorder: a tree as deep as its sentence is long must not hit the recursion limit
    stack: list[tuple[Node, int, list[Phrase | Leaf]]] = [(tree.root, 0, [])]
    result: list[Phrase | Leaf] = []
    while stack:
        node, i, done = stack[-1]
        if i < len(node.children):
            stack[-1] = (node, i + 1, done)
            child = node.children[i]
            if isinstance(child, Token):
                if child.index in rank:
                    t = tag_of(child)
                    done.append(Leaf(relabel.get(t, t), rank[child.index], child.index,
                                     word_functions(child)))
            else:
                stack.append((child, 0, []))
            continue
        stack.pop()
        made = finish(node, done)
        if stack:
            stack[-1][2].extend(made)
        else:
            result = made
    root = result[0] if result else None
    return root if isinstance(root, Phrase) else None


def _positions(node: Phrase | Leaf) -> tuple[int, ...]:
    return (node.position,) if isinstance(node, Leaf) else node.positions


def _first_position(node: Phrase | Leaf) -> int:
    return node.position if isinstance(node, Leaf) else (node.positions[0] if node.positions else -1)


def dropped_positions(gold: Tree, *, tags: Collection[str] = (), words: Collection[str] = (),
                      root_preterminals: bool = False,
                      tag: Callable[[Token], str] | None = None) -> frozenset[int]:
    """The words disco-dop's eval removes from BOTH trees, decided on the gold tree: a gold
    tag in `tags` (DELETE_LABEL), a word in `words` (DELETE_WORD), or with
    `root_preterminals` (DELETE_ROOT_PRETERMS) a word directly under the gold root."""
    tag_of = tag or (lambda t: t.pos)
    under_root = ({c.index for c in gold.root.children if isinstance(c, Token)}
                  if root_preterminals and gold.root is not None else set())
    return frozenset(t.index for t in gold.tokens
                     if tag_of(t) in tags or t.form in words or t.index in under_root)


def kept_tags(tree: Tree, drop: Collection[int] = (),
              tag: Callable[[Token], str] | None = None) -> list[str]:
    """The tags of the kept words in position order, as read (no EQ_LABEL mapping: disco-dop
    compares a word's mapped tag with the other side's tag as read)."""
    tag_of = tag or (lambda t: t.pos)
    return [tag_of(t) for t in sorted(tree.tokens, key=lambda t: t.index) if t.index not in drop]


def word_count(root: Phrase | None) -> int:
    return 0 if root is None else len(root.positions)

