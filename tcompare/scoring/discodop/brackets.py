"""disco-dop's bracket and discbracket readers (``BracketCorpusReader``,
``DiscBracketCorpusReader``) and its ``Tree.parse``, messages included: one tree a line,
keys are line numbers, ``-FUNC`` / ``=N`` suffixes give the function (``--functions``),
words escaped as it escapes them (``#LRB#``); the bracket reader prints a line it cannot
parse before dying, as the reference does."""

from __future__ import annotations

import re
from typing import Any, Callable

from tcompare.scoring.discodop.read import DiscodopError, Entry
from tcompare.scoring.discodop.tree import FUNC, Node

SUPERFLUOUSSPACERE = re.compile(r"\)\s+(?=\))")
LEAVESRE = re.compile(r" (?=\))| ([^ ()]+)\s*(?=[\s)])")
TOKEN_RE = re.compile(r"\(\s*([^\s()]+)?|\)|([^\s()]+)")


def parse_brackets(s: str, parse_leaf: Callable[[str], Any], cls_name: str = "ParentedTree"
                   ) -> Node:
    """disco-dop's ``Tree.parse`` (its messages included)."""
    stack: list[tuple[str, list[Any]]] = [("", [])]
    for match in TOKEN_RE.finditer(s):
        token = match.group()
        if token[0] == "(":
            if len(stack) == 1 and stack[0][1]:
                _parse_error(s, match, "end-of-string", cls_name)
            stack.append((token[1:].lstrip(), []))
        elif token == ")":
            if len(stack) == 1:
                _parse_error(s, match, "end-of-string" if stack[0][1] else "(", cls_name)
            label, kids = stack.pop()
            stack[-1][1].append(Node(label, kids))
        else:
            if len(stack) == 1:
                _parse_error(s, match, "(", cls_name)
            stack[-1][1].append(parse_leaf(token))
    if len(stack) > 1:
        _parse_error(s, None, ")", cls_name)
    elif not stack[0][1]:
        _parse_error(s, None, "(", cls_name)
    tree: Node = stack[0][1][0]
    return tree


def _parse_error(orig: str, match: Any, expecting: str, cls_name: str) -> None:
    if match is None:
        pos, token = len(orig), "end-of-string"
    else:
        pos, token = match.start(), match.group()
    msg = "%s.parse(): expected %r but got %r\n%sat index %d." % (
        cls_name, expecting, token, " " * 12, pos)
    s = orig.replace("\n", " ").replace("\t", " ")
    offset = pos
    if len(s) > pos + 10:
        s = s[:pos + 10] + "..."
    if pos > 10:
        s = "..." + s[pos - 10:]
        offset = 13
    msg += '\n%s"%s"\n%s^' % (" " * 16, s, " " * (17 + offset))
    msg += "\n%s" % orig
    raise DiscodopError("ValueError", msg)


def _int_leaf(token: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise DiscodopError("ValueError",
                            f"invalid literal for int() with base 10: {token!r}") from None


def _bracket_functions(tree: Node, functions: str | None) -> None:
    for node in tree.subtrees():
        if node.source is None:
            node.source = ["--"] * 6
        for char in "-=":
            x = node.label.find(char)
            if x > 0:
                if char == "-" and not node.label[x + 1:].isdigit():
                    node.source[FUNC] = node.label[x + 1:].rstrip("=0123456789")
                if functions == "remove":
                    node.label = node.label[:x]


def escape(text: Any) -> str:
    return "" if text is None else text.replace("(", "#LRB#").replace(")", "#RRB#")


def unescape(text: str) -> Any:
    return None if text in ("", "#FRONTIER#") else \
        text.replace("#LRB#", "(").replace("#RRB#", ")")


def bracket_entry(key: int, block: str, functions: str | None) -> Entry:
    counter = iter(range(1 << 62))
    block = SUPERFLUOUSSPACERE.sub(")", block)
    indexed = LEAVESRE.sub(lambda _: " %d" % next(counter), block)
    try:
        tree = parse_brackets(indexed, _int_leaf)
    except DiscodopError as exc:
        exc.printed = [block]        # type: ignore[attr-defined]  # (it prints the line first)
        raise
    _bracket_functions(tree, functions)
    sent: list[Any] = [escape(token) for token in LEAVESRE.findall(block)]
    return Entry(key, tree, sent)


def discbracket_entry(key: int, block: str, functions: str | None) -> Entry:
    treestr, comment = block, None
    if "\t" in block:
        treestr, comment = block.rstrip("\n\r").split("\t", 1)
    words: dict[int, Any] = {}

    def substleaf(x: str) -> int:
        try:
            idx_s, token = x.split("=", 1)
        except ValueError:
            raise DiscodopError("ValueError", "not enough values to unpack "
                                "(expected 2, got 1)") from None
        idx = _int_leaf(idx_s)
        words[idx] = unescape(token)
        return idx

    tree = parse_brackets(treestr, substleaf)
    if not words:
        raise DiscodopError("ValueError", "max() arg is an empty sequence")
    sent = [words.get(n, None) for n in range(max(words) + 1)]
    leaves = tree.leaves()
    if not all(0 <= n < len(sent) for n in leaves):
        raise DiscodopError("ValueError", "All leaves must be in the interval 0..n with "
                            "n=len(sent)\ntokens: %d indices: %r\nsent: %s" % (
                                len(sent), leaves, sent))
    _bracket_functions(tree, functions)
    return Entry(key, tree, sent, comment)
