"""``--headrules``: disco-dop's head finding (``discodop/heads.py``) and the unlabeled
dependencies eval scores through it (``treebank.dependencies``, Lin 1995).

Heads are marked on the trees as read (before the parameter file's deletions), from the
``HD`` function first, then the rules file, then the defaults; the dependencies are read
off the transformed trees.
"""

from __future__ import annotations

import re
from typing import Any

from tcompare.scoring.discodop.read import DiscodopError
from tcompare.scoring.discodop.tree import FUNC, Node

HEADRULERE = re.compile(r"^(\S+)\s+(LEFT-TO-RIGHT|RIGHT-TO-LEFT"
                        r"|LEFT|RIGHT|LEFTDIS|RIGHTDIS|LIKE)(?:\s+(.*))?$")
PUNCTTAGS = {".", ",", ":", "'", "''", "`", "``", '"', "-LRB-", "-RRB-", "-LSB-", "-RSB-",
             "-LCB-", "-RCB-", "$,", "$.", "$[", "$(", "let", "LET[]", "SPEC[symb]",
             "TW[hoofd,vrij]", "PONCT", "PUNCT", "COMMA", "PAREN"}
PUNCTUATION = frozenset('.,():-";?/!*&`[]<>{}|=\xc2\xab\xc2\xbb\xb7\xad\\') | {
    "&bullet;", "..", "...", "....", ".....", "......", "!!", "!!!", "??", "???", "''", "``",
    ",,", "--", "---", "----", "-LRB-", "-RRB-", "-LCB-", "-RCB-", "-LSB-", "-RSB-",
    "#LRB#", "#RRB#"}
Rules = dict[str, list[tuple[str, list[str]]]]


def read_headrules(text: str) -> tuple[Rules, list[str]]:
    """The rules, and what the reference prints on stdout while reading them."""
    rules: Rules = {}
    for line in text.splitlines():
        line = line.strip().upper()
        if line and not line.startswith("%") and len(line.split()) > 2:
            m = HEADRULERE.match(line)
            if m is None:
                err = DiscodopError("AttributeError",
                                    "'NoneType' object has no attribute 'groups'")
                err.printed = ["no match: " + line]      # type: ignore[attr-defined]
                raise err
            label, direction, heads = m.groups()
            heads = heads or ""
            rules.setdefault(label, [])
            if direction == "LIKE":
                if heads not in rules:
                    raise DiscodopError("KeyError", repr(heads))
                rules[label].extend(rules[heads])
            else:
                rules[label].append((direction, heads.split()))
    return rules, []


def _ispunct(word: Any, node: Node) -> bool:
    return node.label in PUNCTTAGS or word in PUNCTUATION


def apply_headrules(tree: Node, rules: Rules) -> None:
    for node in [n for n in tree.subtrees() if n.is_phrasal]:
        head = _headfinder(node, rules)
        if head is not None:
            head.head = True


def _find(heads: list[str], children: list[Any], inverted: bool) -> Any:
    if inverted:
        for child in children:
            for head in heads:
                if isinstance(child, Node) and child.label.split("[")[0].upper() == head:
                    return child
        return None
    for head in heads:
        for child in children:
            if isinstance(child, Node) and child.label.split("[")[0].upper() == head:
                return child
    return None


def _headfinder(tree: Node, rules: Rules) -> Any:
    kids = tree.children
    for child in kids:
        if child.head:
            return child
    for child in kids:
        if child.source and "HD" in str(child.source[FUNC]).upper().split("-"):
            return child
    head = None
    children = kids
    for direction, heads in rules.get(tree.label, []):
        if direction.startswith("LEFT"):
            children = kids
        elif direction.startswith("RIGHT"):
            children = kids[::-1]
        else:
            raise DiscodopError("ValueError", "expected RIGHT or LEFT.")
        head = _find(heads, children, direction in ("LEFTDIS", "RIGHTDIS"))
        if head is not None:
            break
    if head is None:
        for child in children:
            if isinstance(child, Node) and not _ispunct(None, child):
                return child
        return children[0]
    i = next(k for k, c in enumerate(kids) if c is head)
    if i >= 2 and kids[i - 1].label in {"CC", "CONJP"}:
        for althead in kids[i - 2::-1]:
            if not _ispunct(althead.label, althead):
                return althead
    return head


def dependencies(root: Node) -> list[tuple[int, str, int]]:
    """``(dependent, function, head)`` word numbers (1-based), sorted; the root's children
    attach to 0 with ``root``."""
    deps: list[tuple[int, str, int]] = []
    for child in root.children:
        deps.append((_makedep(child, deps), "root", 0))
    return sorted(deps)


def _makedep(node: Any, deps: list[tuple[int, str, int]]) -> int:
    if not isinstance(node, Node):
        raise DiscodopError("TypeError", "'int' object is not subscriptable")
    if not node.children:
        raise DiscodopError("IndexError", "list index out of range")
    if isinstance(node.children[0], int):
        return node.children[0] + 1
    headchild = next((a for a in node.children if a.head), None)
    if headchild is None:
        raise DiscodopError("StopIteration", "")
    lexhead = _makedep(headchild, deps)
    for child in node.children:
        if child is headchild:
            continue
        lexheadofchild = _makedep(child, deps)
        func = "-"
        if child.source and child.source[FUNC] and child.source[FUNC] != "--":
            func = child.source[FUNC]
        deps.append((lexheadofchild, func, lexhead))
    return lexhead
