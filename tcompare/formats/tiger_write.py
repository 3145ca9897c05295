"""Writing TIGER XML sentences (`tiger` reads them).

An edited sentence: its ``<graph>`` is written again in the source's indentation and
element style (``<t .../>``, ``<t ... />`` or ``<t ...></t>``); the rest of its ``<s>``
is kept.  Words keep their ids and attributes (word, pos, lemma, morph updated from the
tree); nodes too (cat); new ones get fresh ids ``<sentence id>_<n>``.  Nonterminals are
listed as read, new ones before their parents; the root last when it was.  Edges follow
the order they were read in, then new children by position; secondary edges follow their
targets (numbers as `tiger.number_of` gives them) and are dropped when the target is gone.
"""

from __future__ import annotations

import re
from typing import Any
from xml.sax.saxutils import unescape

from tcompare.formats.xml_nodes import start_tag
from tcompare.model.tree import Label, Node, Token, Tree

_GRAPH = re.compile(r"<graph[\s>]")


def _bracketed(tag: str) -> str:
    return tag.replace("(", "[").replace(")", "]")


class Style:
    def __init__(self, indent: str = "      ", step: str = "  ", empty: str = "/>"):
        self.indent, self.step, self.empty = indent, step, empty

    @classmethod
    def of(cls, source: str, graph_at: int) -> "Style":
        line_start = source.rfind("\n", 0, graph_at) + 1
        indent = source[line_start:graph_at]
        if indent.strip():
            indent = ""
        m = re.search(r"\n([ \t]*)<terminals", source)
        step = m.group(1)[len(indent):] if m and m.group(1).startswith(indent) else "  "
        t = re.search(r"<t\s[^>]*?(\s?/>|>\s*</t>)", source)
        empty = "/>"
        if t is not None:
            empty = " />" if t.group(1) == " />" else ("></t>" if "</t>" in t.group(1) else "/>")
        return cls(indent, step or "  ", empty)

    def close(self, tag: str) -> str:
        if self.empty == "></t>":
            return f"></{tag}>"
        return self.empty


def _tag(pos: str, extra: dict[str, Any]) -> str:
    raw = extra.get("tag")
    if raw is not None and _bracketed(raw) == pos:
        return str(raw)
    return pos.replace("$[", "$(") or "--"


def _ids(tree: Tree, sentid: str) -> tuple[dict[int, str], Node | None]:
    """id(token or node) -> its TIGER id (kept or new); the root written (None: a made
    VROOT over a single word is written as that word)."""
    root = tree.root
    ids: dict[int, str] = {}
    used: set[str] = set()
    everything: list[Node | Token] = [*tree.tokens, *tree.nodes()]
    for item in everything:
        ident = (item.extra or {}).get("tiger_id")
        if ident and ident not in used:
            ids[id(item)] = ident
            used.add(ident)
    fresh = 0
    for k, token in enumerate(tree.tokens):
        if id(token) not in ids:
            ident = f"{sentid}_{k + 1}"
            while ident in used:
                ident += "x"
            ids[id(token)] = ident
            used.add(ident)
    for node in tree.nodes():          # an export node keeps its number: s1_503
        number = str((node.extra or {}).get("export_id", ""))
        wanted = f"{sentid}_{'VROOT' if number == '0' else number}"
        if id(node) not in ids and number and wanted not in used:
            ids[id(node)] = wanted
            used.add(wanted)
    for node in tree.nodes():
        if id(node) not in ids:
            while f"{sentid}_{500 + fresh}" in used:
                fresh += 1
            ids[id(node)] = f"{sentid}_{500 + fresh}"
            used.add(ids[id(node)])
    if root is not None and (root.extra or {}).get("made") and len(root.children) == 1:
        return ids, None
    return ids, root


def _postorder(root: Node) -> list[Node]:
    out: list[Node] = []
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            out.append(node)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in reversed(node.children) if isinstance(c, Node))
    return out


def graph_lines(tree: Tree, style: Style, graph_attrs: dict[str, str]) -> list[str]:
    """The ``<graph>`` element's lines (without the line ends)."""
    sentid = str(tree.meta.get("sentid") or "s1")
    ids, root = _ids(tree, sentid)
    i1, i2, i3 = (style.indent + style.step * k for k in range(1, 4))
    attrs = dict(graph_attrs)
    attrs["root"] = ids[id(root)] if root is not None else ids[id(tree.tokens[0])] if tree.tokens else ""
    if "discontinuous" in attrs:
        attrs["discontinuous"] = "true" if tree.is_discontinuous() else "false"
    lines = [style.indent + start_tag("graph", attrs), i1 + "<terminals>"]
    for token in tree.tokens:
        extra = token.extra or {}
        t_attrs = dict(extra.get("attrs") or {"id": "", "word": "", "lemma": "--", "pos": "", "morph": "--"})
        t_attrs["id"], t_attrs["word"] = ids[id(token)], token.form
        t_attrs["pos"] = _tag(token.pos, extra)
        for key in ("lemma", "morph"):
            if key in t_attrs:
                t_attrs[key] = str(extra.get(key, t_attrs[key]))
        lines.append(i2 + start_tag("t", t_attrs, style.close("t")))
    lines.append(i1 + "</terminals>")
    nodes = _postorder(root) if root is not None else []
    nodes = _new_before_parents(nodes)
    number = {str((n.extra or {}).get("export_id") if (n.extra or {}).get("export_id") != "0"
                  else ids[id(n)].rsplit("_", 1)[-1]): n for n in nodes}
    secedges: dict[int, list[tuple[str, str]]] = {}
    items: list[Node | Token] = [*tree.tokens, *nodes]
    for item in items:
        for label, target in (item.extra or {}).get("secedges", ()):
            owner = number.get(target)
            if owner is not None:
                secedges.setdefault(id(owner), []).append((label, ids[id(item)]))
    lines.append(i1 + "<nonterminals>" if nodes else i1 + "<nonterminals" + style.close("nonterminals"))
    for node in nodes:
        extra = node.extra or {}
        nt_attrs = dict(extra.get("attrs") or {"id": "", "cat": ""})
        nt_attrs["id"] = ids[id(node)]
        raw = extra.get("tag")
        nt_attrs["cat"] = str(raw) if raw is not None and _bracketed(raw) == node.label.raw else (
            node.label.category or node.label.raw or "--")
        if not node.children and not secedges.get(id(node)):
            lines.append(i2 + start_tag("nt", nt_attrs, style.close("nt")))
            continue
        lines.append(i2 + start_tag("nt", nt_attrs))
        children = sorted(node.children, key=lambda c: (c.extra or {}).get("edge_order", 1 << 30))
        for child in children:
            function = ((child.extra or {}).get("function") if isinstance(child, Token)
                        else child.label.function) or "--"
            lines.append(i3 + start_tag("edge", {"label": function, "idref": ids[id(child)]},
                                        style.close("edge")))
        for label, ref in secedges.get(id(node), ()):
            lines.append(i3 + start_tag("secedge", {"label": label, "idref": ref}, style.close("secedge")))
        lines.append(i2 + "</nt>")
    if nodes:
        lines.append(i1 + "</nonterminals>")
    lines.append(style.indent + "</graph>")
    return lines


def _new_before_parents(nodes: list[Node]) -> list[Node]:
    """Nodes read keep their order; a new node goes just before its parent."""
    parent: dict[int, Node] = {}
    for node in nodes:
        for child in node.child_nodes():
            parent[id(child)] = node
    old = sorted((n for n in nodes if "order" in (n.extra or {})), key=lambda n: (n.extra or {})["order"])
    new = [n for n in nodes if "order" not in (n.extra or {})]
    out = list(old)
    for node in reversed(new):       # (postorder: children of a new node come first)
        up = parent.get(id(node))
        out.insert(out.index(up) if up in out else len(out), node)
    return out


def format_like(tree: Tree, source: str, newline: str = "\n") -> str:
    """`tree` in place of the ``<graph>`` of `source`, the rest of the sentence as it was."""
    m = _GRAPH.search(source)
    close = source.find("</graph>", m.start()) if m else -1
    if m is None or close < 0:
        return format_item(tree, newline)
    line_start = source.rfind("\n", 0, m.start()) + 1
    start = line_start if not source[line_start:m.start()].strip() else m.start()
    attrs = {k: unescape(v, {"&quot;": '"'}) for k, v in
             re.findall(r'([\w:.-]+)="([^"]*)"', source[m.start():source.index(">", m.start())])}
    style = Style.of(source, m.start())
    body = newline.join(graph_lines(tree, style, attrs))
    if start != line_start or not source[line_start:m.start()] == style.indent:
        body = body.lstrip()
    return source[:start] + body + source[close + len("</graph>"):]


def format_item(tree: Tree, newline: str = "\n") -> str:
    """A ``<s>`` on its own (conversion), indented to sit in ``<corpus><body>``."""
    sentid = str(tree.meta.get("sentid") or "s1")
    if tree.root is None:           # a failed parse: a sentence with nothing under VROOT
        tree = Tree.build_discontinuous(Node(Label("VROOT", category="VROOT")), dict(tree.meta))
    style = Style("      ", "  ", "/>")
    lines = ["    " + start_tag("s", {"id": sentid}),
             *graph_lines(tree, style, {"root": ""}), "    </s>"]
    return newline.join(lines) + newline


def new_file(newline: str = "\n") -> tuple[str, str]:
    """What a file of converted sentences needs around them."""
    head = ['<?xml version="1.0" encoding="UTF-8"?>', '<corpus id="tcompare">', "  <body>"]
    return newline.join(head) + newline, "  </body>" + newline + "</corpus>" + newline
