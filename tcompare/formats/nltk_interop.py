"""Interop with ``nltk.Tree`` for people who already hold their trees in NLTK.

* `to_nltk(tree)` -> ``nltk.Tree``: a phrase node becomes ``Tree(label.raw, children)``, a
  word becomes the preterminal ``Tree(pos, [form])`` (a bare string when it has no POS);
  an empty parse becomes ``Tree("", [])``.
* `from_nltk(t, split_label=None)` -> our `Tree`: a subtree whose only child is a string is
  a preterminal (a Token with ``pos = label``); a bare string child is a word with no POS;
  everything else is a phrase node.  Labels are split by `split_label` (for example
  ``tcompare.formats.tct.split_label`` or ``tcompare.formats.ptb.split_label``); the
  default keeps the whole label as the category.

Round trip: ``from_nltk(to_nltk(t), split)`` has the same labels, words, tags and spans as
``t``.  nltk is optional: it is imported when one of these functions is called.
"""

from __future__ import annotations

from typing import Any, Callable

from tcompare.model.tree import Label, Node, Token, Tree


def _nltk_tree_class() -> Any:
    try:
        from nltk import Tree as NltkTree
    except ImportError as exc:  # pragma: no cover - exercised only without nltk
        raise ImportError("nltk is not installed: pip install nltk") from exc
    return NltkTree


def to_nltk(tree: Tree) -> Any:
    """Our `Tree` as an ``nltk.Tree`` (the POS of each word becomes its preterminal)."""
    NltkTree = _nltk_tree_class()
    if tree.root is None:
        return NltkTree("", [])

    def convert(child: Node | Token) -> Any:
        if isinstance(child, Token):
            return NltkTree(child.pos, [child.form]) if child.pos else child.form
        return NltkTree(child.label.raw, [convert(c) for c in child.children])

    return convert(tree.root)


def _whole_label(raw: str) -> Label:
    return Label(raw, category=raw)


def from_nltk(t: Any, split_label: Callable[[str], Label] | None = None) -> Tree:
    """An ``nltk.Tree`` as our `Tree`.

    Parameters
    ----------
    t : an ``nltk.Tree`` (or anything with ``label()`` and list children).
    split_label : raw label -> `Label` with its parts; default: the whole label as category.

    Raises
    ------
    TypeError
        when `t` is a bare string (a tree needs a phrase at its root).
    """
    split = split_label or _whole_label
    if isinstance(t, str):
        raise TypeError("from_nltk needs an nltk.Tree, not a bare word")
    if not len(t) and not t.label():
        return Tree.build(None)

    def convert(node: Any) -> Node | Token:
        if isinstance(node, str):
            return Token(node)
        if len(node) == 1 and isinstance(node[0], str):
            return Token(node[0], str(node.label()))
        return Node(split(str(node.label())), [convert(c) for c in node])

    root = convert(t)
    if isinstance(root, Token):   # "(NN dog)" alone: the word under an unlabelled root, as PTB
        root = Node(Label(""), [root])
    return Tree.build(root)
