"""Edits of a gold constituency tree, as pure functions: each returns a NEW tree.

Returning a new tree (the old one untouched) keeps undo trivial and safe: an undo command
stores the tree before and after.  Nodes are addressed by `Node.id` (preorder number) and
tokens by index, as on the scorer's verdicts.  An edit that the tree does not allow raises
`EditRefused` with a message for the user; nothing is changed then.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from tcompare.model.tree import Label, Node, Token, Tree


class EditRefused(Exception):
    """The edit is not possible on this tree; the message says why, for the user."""


LabelParser = Callable[[str], Label]


def plain_label(raw: str) -> Label:
    """Fallback label parser: the whole string is the category."""
    return Label(raw=raw, category=raw)


def _find(tree: Tree, node_id: int) -> Node:
    nodes = tree.nodes()
    if not 0 <= node_id < len(nodes):
        raise EditRefused(f"there is no node #{node_id} in this tree")
    return nodes[node_id]


def _parent(tree: Tree, child) -> Node | None:
    return tree.parents().get(id(child))


def _position(parent: Node, child) -> int:
    return next(i for i, c in enumerate(parent.children) if c is child)


def _in_parent(tree: Tree, node_id: int, at_root: str) -> tuple[Tree, Node, Node, int]:
    """A copy of `tree`, its node `node_id`, that node's parent and place among the parent's
    children; refused with `at_root` when the node is the root."""
    new = _copy(tree)
    node = _find(new, node_id)
    parent = _parent(new, node)
    if parent is None:
        raise EditRefused(at_root)
    return new, node, parent, _position(parent, node)


def _copy(tree: Tree) -> Tree:
    if tree.root is None:
        raise EditRefused("the tree is empty (failed parse): nothing to edit")
    return tree.copy()


def relabel(tree: Tree, node_id: int, raw: str, parse_label: LabelParser = plain_label) -> Tree:
    """Give node `node_id` the label `raw` (parsed into parts by the notation's parser).

    The PKU head mark (`is_head`) belongs to the node's position, so it is kept; so are
    the role and head positions when the typed label does not give them.
    """
    raw = raw.strip()
    if not raw or any(ch.isspace() for ch in raw):
        raise EditRefused("a label cannot be empty or contain spaces")
    new = _copy(tree)
    node = _find(new, node_id)
    label = parse_label(raw)
    # heads point at children, which a relabel does not move: keep them unless retyped
    node.label = replace(label, is_head=node.label.is_head, role=label.role or node.label.role,
                         heads=label.heads or node.label.heads)
    if "function" in getattr(parse_label, "kept_parts", ()) and not label.function:
        # (export, TIGER, Alpino: the function is the edge's, not the label text's)
        node.label = replace(node.label, function=tree.nodes()[node_id].label.function)
    return new.finalize()


def set_pos(tree: Tree, token_index: int, pos: str) -> Tree:
    pos = pos.strip()
    if not pos or any(ch.isspace() for ch in pos):
        raise EditRefused("a POS tag cannot be empty or contain spaces")
    new = _copy(tree)
    if not 0 <= token_index < len(new.tokens):
        raise EditRefused(f"there is no word #{token_index + 1}")
    new.tokens[token_index].pos = pos
    return new


def insert_bracket(tree: Tree, parent_id: int, first: int, last: int, raw: str,
                   parse_label: LabelParser = plain_label) -> Tree:
    """Wrap children ``first..last`` (inclusive, positions in the parent) in a new node."""
    new = _copy(tree)
    parent = _find(new, parent_id)
    if not (0 <= first <= last < len(parent.children)):
        raise EditRefused("the new bracket must cover a contiguous run of sister nodes")
    wrapped = parent.children[first:last + 1]
    node = Node(parse_label(raw.strip()), list(wrapped))
    parent.children[first:last + 1] = [node]
    _shift_heads_after_wrap(parent, first, last)
    return new.finalize()


def _shift_heads_after_wrap(parent: Node, first: int, last: int) -> None:
    """Keep the parent's head positions pointing at the same children after a wrap."""
    if not parent.label.heads:
        return
    width = last - first
    heads = []
    for h in parent.label.heads:
        if h < first:
            heads.append(h)
        elif h <= last:
            heads.append(first)
        else:
            heads.append(h - width)
    parent.label = replace(parent.label, heads=tuple(sorted(set(heads))))


def spans_of_children(node: Node) -> list[tuple[int, int]]:
    spans = []
    for child in node.children:
        if isinstance(child, Token):
            spans.append((child.index, child.index + 1))
        else:
            spans.append((child.start, child.end))
    return spans


def insert_bracket_over_span(tree: Tree, start: int, end: int, raw: str,
                             parse_label: LabelParser = plain_label) -> Tree:
    """Insert a bracket over tokens ``[start, end)``: possible when some node's children
    cover exactly that span with a contiguous run (otherwise it would cross a bracket)."""
    best: tuple[Node, int, int] | None = None
    for node in tree.nodes():  # preorder: the deepest fitting node comes last
        if node.start <= start and end <= node.end:
            spans = spans_of_children(node)
            firsts = [i for i, (s, _) in enumerate(spans) if s == start]
            lasts = [i for i, (_, e) in enumerate(spans) if e == end]
            if firsts and lasts and firsts[0] <= lasts[-1]:
                best = (node, firsts[0], lasts[-1])
    if best is None:
        raise EditRefused(f"a bracket over words {start + 1}-{end} would cross an existing bracket")
    node, first, last = best
    return insert_bracket(tree, node.id, first, last, raw, parse_label)


def delete_bracket(tree: Tree, node_id: int) -> Tree:
    """Remove node `node_id`; its children move up into its parent, in place."""
    new, node, parent, pos = _in_parent(tree, node_id, "the root bracket cannot be deleted")
    role = node.label.role
    if role and len(node.children) == 1:
        # the one child takes the deleted bracket's role (Sinica agent:NP(Nh:他) -> agent:Nh:他)
        only = node.children[0]
        if isinstance(only, Token) and not only.role:
            only.role = role
        elif isinstance(only, Node) and not only.label.role:
            only.label = replace(only.label, role=role)
    parent.children[pos:pos + 1] = node.children
    if parent.label.heads:
        width = len(node.children) - 1
        heads = []
        for h in parent.label.heads:
            if h < pos:
                heads.append(h)
            elif h == pos:
                heads.extend(pos + k for k in node.label.heads) if node.label.heads else heads.append(pos)
            else:
                heads.append(h + width)
        parent.label = replace(parent.label, heads=tuple(sorted(set(heads))))
    return new.finalize()


def _width(child) -> int:
    return 1 if isinstance(child, Token) else child.end - child.start


def extend_bracket(tree: Tree, node_id: int, side: str) -> Tree:
    """Move the sister next to the node (``side`` = "left"/"right") inside it, when that
    sister covers exactly one word."""
    new, node, parent, pos = _in_parent(tree, node_id, "the root bracket already covers the whole sentence")
    sister_pos = pos + 1 if side == "right" else pos - 1
    if not 0 <= sister_pos < len(parent.children):
        raise EditRefused(f"nothing to the {side} of this bracket inside its parent")
    sister = parent.children[sister_pos]
    if _width(sister) != 1:
        raise EditRefused(f"the {side} neighbour covers {_width(sister)} words; extend takes one word")
    del parent.children[sister_pos]
    if side == "right":
        node.children.append(sister)
    else:
        node.children.insert(0, sister)
        node.label = replace(node.label, heads=tuple(h + 1 for h in node.label.heads))
    _drop_parent_head(parent, sister_pos, pos if side == "right" else pos - 1)
    return new.finalize()


def shrink_bracket(tree: Tree, node_id: int, side: str) -> Tree:
    """Move the node's first/last child out to its parent, when that child is one word and
    the node keeps at least one child."""
    new, node, parent, pos = _in_parent(tree, node_id, "the root bracket must cover the whole sentence")
    if len(node.children) < 2:
        raise EditRefused("a bracket must keep at least one child")
    child = node.children[-1] if side == "right" else node.children[0]
    if _width(child) != 1:
        raise EditRefused(f"the {side}most child covers {_width(child)} words; shrink releases one word")
    if side == "right":
        node.children.pop()
        node.label = replace(node.label, heads=tuple(h for h in node.label.heads if h < len(node.children)))
        parent.children.insert(pos + 1, child)
        _insert_parent_position(parent, pos + 1)
    else:
        node.children.pop(0)
        node.label = replace(node.label, heads=tuple(h - 1 for h in node.label.heads if h > 0))
        parent.children.insert(pos, child)
        _insert_parent_position(parent, pos)
    return new.finalize()


def attach_to_sister(tree: Tree, node_id: int, side: str) -> Tree:
    """Move a phrase into its sister phrase on `side` ("left": as that phrase's last child,
    "right": as its first), the word order kept -- e.g. a PP from under VP into the NP before
    it.  Repeated, it moves a subtree down to any phrase beside it."""
    new, node, parent, pos = _in_parent(tree, node_id, "the root has no sisters to move into")
    sister_pos = pos - 1 if side == "left" else pos + 1
    if not 0 <= sister_pos < len(parent.children):
        raise EditRefused(f"nothing to the {side} of this phrase inside its parent")
    sister = parent.children[sister_pos]
    if not isinstance(sister, Node):
        raise EditRefused(f"the {side} sister is a word, not a phrase to move into")
    del parent.children[pos]
    if side == "left":
        sister.children.append(node)
        _drop_parent_head(parent, pos, sister_pos)
    else:
        sister.children.insert(0, node)
        sister.label = replace(sister.label, heads=tuple(h + 1 for h in sister.label.heads))
        _drop_parent_head(parent, pos, sister_pos - 1)
    return new.finalize()


def lift(tree: Tree, node_id: int) -> Tree:
    """Move a phrase out of its parent, to be the parent's sister (before it when it was the
    first child, after it when the last), the word order kept.  Repeated, it moves a
    subtree up to any phrase above it."""
    new = _copy(tree)
    node = _find(new, node_id)
    parent = _parent(new, node)
    grand = _parent(new, parent) if parent is not None else None
    if parent is None or grand is None:
        raise EditRefused("there is no phrase above its parent to move to")
    if len(parent.children) < 2:
        raise EditRefused("its parent would be left empty: delete that bracket instead")
    pos, ppos = _position(parent, node), _position(grand, parent)
    if pos == len(parent.children) - 1:
        parent.children.pop()
        parent.label = replace(parent.label, heads=tuple(h for h in parent.label.heads
                                                         if h < len(parent.children)))
        grand.children.insert(ppos + 1, node)
        _insert_parent_position(grand, ppos + 1)
    elif pos == 0:
        parent.children.pop(0)
        parent.label = replace(parent.label, heads=tuple(h - 1 for h in parent.label.heads
                                                         if h > 0))
        grand.children.insert(ppos, node)
        _insert_parent_position(grand, ppos)
    else:
        raise EditRefused("only a first or last child can move out without changing the "
                          "word order")
    return new.finalize()


def _drop_parent_head(parent: Node, removed: int, node_pos_after: int) -> None:
    if not parent.label.heads:
        return
    heads = []
    for h in parent.label.heads:
        if h == removed:
            heads.append(node_pos_after)
        elif h > removed:
            heads.append(h - 1)
        else:
            heads.append(h)
    parent.label = replace(parent.label, heads=tuple(sorted(set(heads))))


def _insert_parent_position(parent: Node, inserted: int) -> None:
    if parent.label.heads:
        parent.label = replace(parent.label, heads=tuple(h + 1 if h >= inserted else h
                                                         for h in parent.label.heads))


def set_head(tree: Tree, node_id: int, positions: tuple[int, ...]) -> Tree:
    """Make the children at `positions` the head(s) of node `node_id` (TCT positions; the
    PKU ``!`` marks on the children follow)."""
    new = _copy(tree)
    node = _find(new, node_id)
    if not positions or any(not 0 <= p < len(node.children) for p in positions):
        raise EditRefused(f"head positions must be between 0 and {len(node.children) - 1}")
    node.label = replace(node.label, heads=tuple(sorted(set(positions))))
    for i, child in enumerate(node.children):
        if isinstance(child, Token):
            child.is_head = i in positions
        else:
            child.label = replace(child.label, is_head=i in positions)
    return new.finalize()


def take_system_bracket(gold: Tree, system: Tree, *, system_node: int | None = None,
                        gold_node: int | None = None,
                        parse_label: LabelParser = plain_label) -> Tree:
    """Make the gold tree agree with the system on one bracket.

    * `system_node` (an extra or mislabeled system bracket): if a gold bracket has the same
      token span, it takes the system label; otherwise a gold bracket with the system label is
      inserted over that span (refused if it would cross a gold bracket).
    * `gold_node` (a gold bracket missing from the system): it is deleted.
    """
    if gold_node is not None:
        return delete_bracket(gold, gold_node)
    if system_node is None:
        raise EditRefused("choose a system bracket (or a missing gold bracket)")
    snode = _find(system, system_node)
    start, end = snode.start, snode.end
    if len(gold.tokens) != len(system.tokens):
        raise EditRefused("gold and system have different words; spans cannot be transferred")
    same = [n for n in gold.nodes() if (n.start, n.end) == (start, end)]
    unlabeled = [n for n in same if n.label.raw != snode.label.raw]
    if same and not unlabeled:
        raise EditRefused("the gold tree already has this bracket")
    if unlabeled:
        return relabel(gold, unlabeled[-1].id, snode.label.raw, parse_label)
    return insert_bracket_over_span(gold, start, end, snode.label.raw, parse_label)
