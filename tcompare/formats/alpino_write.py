"""Writing Alpino XML sentences (`alpino` reads them).

An edited sentence: its top ``<node>`` tree is written again in the source's indentation
(attributes in the source's order; sorted when the source sorts them, as Alpino does),
``begin``/``end`` from the words' positions, the phrases' ``cat`` in lower case, and the
co-indexed empty nodes where they were; the ``<sentence>`` text follows the words; the rest
of the document is kept.  A converted sentence is a document of its own.
"""

from __future__ import annotations

import re
from typing import Any

from tcompare.formats.xml_nodes import escape_text, parse, start_tag
from tcompare.model.tree import Label, Node, Token, Tree


def _ids(tree: Tree) -> dict[int, str]:
    everything: list[Node | Token] = [*tree.nodes(), *tree.tokens]
    used = {str((x.extra or {}).get("alpino_id")) for x in everything
            if (x.extra or {}).get("alpino_id")}
    numbers = [int(u) for u in used if u.isdigit()]
    fresh = max(numbers, default=-1) + 1
    ids: dict[int, str] = {}
    for item in everything:
        ident = (item.extra or {}).get("alpino_id")
        if not ident:
            ident, fresh = str(fresh), fresh + 1
        ids[id(item)] = str(ident)
    return ids


def _finish(attrs: dict[str, str], was_sorted: bool) -> dict[str, str]:
    return dict(sorted(attrs.items())) if was_sorted else attrs


def _token_attrs(token: Token, ident: str) -> dict[str, str]:
    extra = token.extra or {}
    attrs = dict(extra.get("attrs") or {})
    fresh = not attrs
    was_sorted = fresh or list(attrs) == sorted(attrs)
    attrs["begin"], attrs["end"], attrs["id"] = str(token.index), str(token.index + 1), ident
    attrs["word"] = token.form
    attrs["pt" if "pt" in attrs else "pos"] = token.pos
    function = extra.get("function")
    if function or "rel" in attrs or fresh:
        attrs["rel"] = function or "--"
    lemma = extra.get("lemma")
    if lemma and lemma != (attrs.get("lemma") or attrs.get("root")):
        attrs["lemma"] = lemma
    morph = extra.get("morph")
    if morph and morph != (attrs.get("postag") or attrs.get("frame")):
        attrs["postag"] = morph
    return _finish(attrs, was_sorted)


def _node_attrs(node: Node, ident: str) -> dict[str, str]:
    extra = node.extra or {}
    attrs = dict(extra.get("attrs") or {})
    was_sorted = not attrs or list(attrs) == sorted(attrs)
    if extra.get("read_span") != (node.start, node.end) or not attrs:
        begin, end = node.start, node.end
        stack = [node]
        while stack:                  # co-indexed empty nodes below count, as in Alpino
            below = stack.pop()
            for _, empty in (below.extra or {}).get("empty", ()):
                if empty.get("begin", "").isdigit() and empty.get("end", "").isdigit():
                    begin, end = min(begin, int(empty["begin"])), max(end, int(empty["end"]))
            stack.extend(below.child_nodes())
        attrs["begin"], attrs["end"] = str(begin), str(end)
    attrs["id"] = ident
    if attrs.get("cat", "").upper() != node.label.raw:
        attrs["cat"] = (node.label.category or node.label.raw).lower()
    attrs["rel"] = node.label.function or "--"
    return _finish(attrs, was_sorted)


def node_lines(tree: Tree, indent: str, step: str, empty: str = "/>") -> list[str]:
    if tree.root is None:
        return []
    ids = _ids(tree)
    lines: list[str] = []
    todo: list[tuple[Node | Token | dict[str, str] | str, int]] = [(tree.root, 0)]
    while todo:
        item, depth = todo.pop()
        pad = indent + step * depth
        if isinstance(item, str):                      # an end tag
            lines.append(pad + item)
        elif isinstance(item, dict):                   # a co-indexed empty node, as read
            lines.append(pad + start_tag("node", item, empty))
        elif isinstance(item, Token):
            lines.append(pad + start_tag("node", _token_attrs(item, ids[id(item)]), empty))
        else:
            attrs = _node_attrs(item, ids[id(item)])
            if tree.root is item and "rel" not in ((item.extra or {}).get("attrs") or {"rel": ""}):
                attrs.pop("rel", None)
            children: list[Any] = sorted(item.children, key=lambda c: (
                (c.extra or {}).get("order", 1 << 30), c.index if isinstance(c, Token) else c.start))
            for k, attrs_empty in (item.extra or {}).get("empty", ()):
                children.insert(min(k, len(children)), attrs_empty)
            if not children:
                lines.append(pad + start_tag("node", attrs, empty))
                continue
            lines.append(pad + start_tag("node", attrs))
            todo.append(("</node>", depth))
            todo.extend((c, depth + 1) for c in reversed(children))
    return lines


def format_like(tree: Tree, source: str, newline: str = "\n") -> str:
    start = source.find("<alpino_ds")
    close = source.find("</alpino_ds>", start)
    if start < 0 or close < 0:
        return format_item(tree, newline)
    document = parse(source[start:close + len("</alpino_ds>")], start)
    top = document.find("node")
    if top is None:
        return format_item(tree, newline)
    line_start = source.rfind("\n", 0, top.start) + 1
    indent = source[line_start:top.start] if not source[line_start:top.start].strip() else ""
    m = re.search(r"\n([ \t]*)<node", source[top.start:top.end])
    step = m.group(1)[len(indent):] if m and m.group(1).startswith(indent) and len(m.group(1)) > len(indent) else "  "
    empty = " />" if re.search(r"<node [^>]* />", source[top.start:top.end]) else "/>"
    body = newline.join(node_lines(tree, indent, step, empty))[len(indent):]
    out = source[:top.start] + body + source[top.end:]
    sentence = document.find("sentence")
    words = " ".join(t.form for t in tree.tokens)
    if sentence is not None and sentence.text != words:
        shift = len(out) - len(source)
        a, b = sentence.inner(source)
        out = out[:a + shift] + escape_text(words) + out[b + shift:]
    return out


def format_item(tree: Tree, newline: str = "\n") -> str:
    """One ``<alpino_ds>`` document for the sentence (conversion)."""
    if tree.root is None:           # a failed parse: an empty top node
        tree = Tree.build_discontinuous(Node(Label("TOP", category="TOP", function="top")), dict(tree.meta))
    words = " ".join(t.form for t in tree.tokens)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<alpino_ds version="1.3">',
             *node_lines(tree, "  ", "  "), f"  <sentence>{escape_text(words)}</sentence>"]
    comment = tree.meta.get("comment")
    if comment:
        lines += ["  <comments>", f"    <comment>{escape_text(str(comment))}</comment>", "  </comments>"]
    lines.append("</alpino_ds>")
    return newline.join(lines) + newline
