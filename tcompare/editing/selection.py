"""Where the annotator's cursor is in a gold tree, and how the keys move it (no Qt).

A selection is a node (`Node.id`) or a word (token index) on one side, plus `run`: how many
following sisters are taken along (the run of sisters a new bracket will cover).  In a
dependency sentence a selection is a word (0-based position in `DepSentence.words`).
Moves never fail: at an edge the selection stays where it is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tcompare.model.tree import Node, Token, Tree


@dataclass(frozen=True)
class Selection:
    side: str = "gold"        # "gold" / "system"
    kind: str = "node"        # "node" / "token"
    ref: int = 0              # Node.id or token index
    run: int = 0              # extra following sisters included (constituency only)


def element(tree: Tree, sel: Selection):
    """The Node or Token `sel` names in `tree`, or None if it does not exist (any more)."""
    if tree is None or tree.root is None:
        return None
    if sel.kind == "node":
        return tree.node(sel.ref) if 0 <= sel.ref < len(tree.nodes()) else None
    return tree.tokens[sel.ref] if 0 <= sel.ref < len(tree.tokens) else None


def parent_and_position(tree: Tree, child) -> tuple[Node | None, int]:
    parent = tree.parents().get(id(child))
    if parent is None:
        return None, -1
    return parent, next(i for i, c in enumerate(parent.children) if c is child)


def select_child(child, side: str) -> Selection:
    if isinstance(child, Token):
        return Selection(side, "token", child.index)
    return Selection(side, "node", child.id)


def valid(tree: Tree, sel: Selection) -> Selection:
    """`sel` if it still exists in `tree` (run clipped to the sisters there), else the root."""
    elem = element(tree, sel)
    if elem is None:
        return Selection(sel.side, "node", 0)
    if sel.run:
        parent, pos = parent_and_position(tree, elem)
        room = len(parent.children) - pos - 1 if parent is not None else 0
        return replace(sel, run=max(0, min(sel.run, room)))
    return sel


def move(tree: Tree, sel: Selection, where: str) -> Selection:
    """``parent`` / ``child`` / ``previous`` / ``next`` sister; ``grow`` / ``shrink`` the run."""
    elem = element(tree, sel)
    if elem is None:
        return valid(tree, sel)
    parent, pos = parent_and_position(tree, elem)
    if where == "parent":
        return Selection(sel.side, "node", parent.id) if parent is not None else sel
    if where == "child":
        if isinstance(elem, Node) and elem.children:
            return select_child(elem.children[0], sel.side)
        return sel
    if where in ("previous", "next"):
        if parent is None:
            return sel
        target = pos - 1 if where == "previous" else pos + sel.run + 1
        if 0 <= target < len(parent.children):
            return select_child(parent.children[target], sel.side)
        return replace(sel, run=0)
    if where == "grow":
        if parent is not None and pos + sel.run + 1 < len(parent.children):
            return replace(sel, run=sel.run + 1)
        return sel
    if where == "shrink":
        return replace(sel, run=max(0, sel.run - 1))
    raise ValueError(f"unknown move {where!r}")


def path_of(tree: Tree, elem) -> list[int]:
    """Child positions from the root down to `elem` (survives edits elsewhere)."""
    parents = tree.parents()
    path = []
    while True:
        parent = parents.get(id(elem))
        if parent is None:
            return path[::-1]
        path.append(next(i for i, c in enumerate(parent.children) if c is elem))
        elem = parent


def at_path(tree: Tree, path: list[int]):
    elem = tree.root
    for i in path:
        if not isinstance(elem, Node) or not 0 <= i < len(elem.children):
            return None
        elem = elem.children[i]
    return elem


def span_of(tree: Tree, sel: Selection) -> tuple[int, int] | None:
    """Token span ``[start, end)`` covered by the selection (with its run)."""
    elem = element(tree, sel)
    if elem is None:
        return None
    first = elem
    last = elem
    if sel.run:
        parent, pos = parent_and_position(tree, elem)
        last = parent.children[pos + sel.run]
    start = first.index if isinstance(first, Token) else first.start
    end = last.index + 1 if isinstance(last, Token) else last.end
    return start, end
