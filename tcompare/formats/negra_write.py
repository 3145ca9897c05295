"""Writing NEGRA export sentences (`negra` reads them): an edited tree in its source's
layout, any constituency tree (converted from discbracket, TIGER, Alpino, PTB) as v4.

* Words in sentence order, then the phrase nodes by number.  The numbers read are kept
  when every node still has its own; otherwise (a new node, a copied one) all are numbered
  again from 500, children before parents, and secondary edges follow their targets (an
  edge to a node that is gone is dropped).
* The root is not written when it is the sentence's root (``export_id`` 0, or labelled
  ROOT / VROOT / TOP / nothing): its children get parent 0.  Any other root (a PTB ``S``)
  is written as a node under 0.
* A line whose fields did not change is written as it was read (spacing, comment); another
  one is spaced as the source's lines are (one separator, or columns padded with tabs or
  spaces to where the source's columns start).  A version-3 sentence stays version 3.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tcompare.formats.linegroups import split_lines
from tcompare.model.tree import Node, Tree

ROOT_LABELS = frozenset({"ROOT", "VROOT", "TOP", ""})
_GAP = re.compile(r"[ \t]+")
_FIELD = re.compile(r"\S+")
_NUMBER = re.compile(r"[5-9][0-9][0-9]")


def read_fields(text: str) -> tuple[list[str], int, str | None]:
    """(fields, version, comment) of a word or node line as disco-dop splits it: cut at
    ``%%``, split on white space, a lemma ``--`` added to an odd (version 3) line."""
    cut = text.find("%%")
    comment = None
    if cut >= 0:
        text, comment = text[:cut], text[cut + 2:]
    fields = text.split()
    if len(fields) % 2:
        fields.insert(1, "--")
        return fields, 3, comment
    return fields, 4, comment


def _bracketed(tag: str) -> str:
    return tag.replace("(", "[").replace(")", "]")


class Layout:
    """How the source spaces its fields: one separator, or columns at fixed places."""

    def __init__(self, sep: str = "\t", columns: list[int] | None = None):
        self.sep, self.columns = sep, columns

    @classmethod
    def of(cls, lines: list[str]) -> "Layout":
        rows = [line.split("%%")[0].rstrip() for line in lines
                if line.strip() and not line.startswith(("#BOS", "#EOS", "%%"))]
        gaps = [g for row in rows for g in _GAP.findall(row)]
        if not gaps:
            return cls()
        sep = "\t" if sum("\t" in g for g in gaps) * 2 >= len(gaps) else " "
        if all(len(g) == 1 for g in gaps):
            return cls(sep)
        starts: list[Counter[int]] = []
        for row in rows:
            expanded = row.expandtabs(8)
            for k, m in enumerate(_FIELD.finditer(expanded)):
                while len(starts) <= k:
                    starts.append(Counter())
                starts[k][m.start()] += 1
        return cls(sep, [c.most_common(1)[0][0] for c in starts])

    def join(self, fields: list[str]) -> str:
        if self.columns is None:
            return self.sep.join(fields)
        out = ""
        for k, field in enumerate(fields):
            out += field
            if k == len(fields) - 1:
                break
            target = self.columns[k + 1] if k + 1 < len(self.columns) else 0
            width = len(out.expandtabs(8))
            if self.sep == "\t":
                out += "\t"
                width = (width // 8 + 1) * 8
                while width < target:
                    out += "\t"
                    width += 8
            else:
                out += " " * max(1, target - width)
        return out


def _postorder(root: Node, skip_root: bool) -> list[Node]:
    """Phrase nodes, children (by first position) before their parents."""
    out: list[Node] = []
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            out.append(node)
            continue
        stack.append((node, True))
        stack.extend((c, False) for c in reversed(node.children) if isinstance(c, Node))
    return out[:-1] if skip_root else out


def _numbers(nodes: list[Node]) -> tuple[dict[int, str], dict[str, str]]:
    """(id(node) -> number written, number read -> number written)."""
    read = [(n.extra or {}).get("export_id", "") for n in nodes]
    if all(_NUMBER.fullmatch(r) for r in read) and len(set(read)) == len(read):
        return {id(n): r for n, r in zip(nodes, read)}, {r: r for r in read}
    numbers = {id(n): str(500 + k) for k, n in enumerate(nodes)}
    renamed = {r: numbers[id(n)] for n, r in zip(nodes, read) if r}
    return numbers, renamed


def _line(fields: list[str], extra: dict[str, Any], version: int, layout: Layout,
          originals: dict[int, str]) -> str:
    original = originals.get(extra.get("at", -1))
    if original is not None:
        was, was_version, _ = read_fields(original)
        if was == fields and was_version == version:
            return original                  # unchanged: exactly as read
    shown = fields if version == 4 else fields[:1] + fields[2:]
    text = layout.join(shown)
    comment = extra.get("comment")
    return text + (f" %%{comment}" if comment is not None else "")


def _secedges(extra: dict[str, Any], renamed: dict[str, str]) -> list[str]:
    out: list[str] = []
    for label, target in extra.get("secedges", ()):
        if target == "0" or target in renamed:
            out += [label, "0" if target == "0" else renamed[target]]
    return out


def _tag(pos: str, extra: dict[str, Any]) -> str:
    raw = extra.get("tag")
    if raw is not None and _bracketed(raw) == pos:
        return str(raw)
    return pos.replace("$[", "$(") or "--"


def body_lines(tree: Tree, version: int, layout: Layout,
               originals: dict[int, str] | None = None) -> list[str]:
    """The word and node lines of `tree` (no #BOS / #EOS); `originals`: the sentence's
    source lines by number, for lines that did not change."""
    originals = originals or {}
    root = tree.root
    if root is None:
        return []
    drop_root = (root.extra or {}).get("export_id") == "0" or root.label.raw in ROOT_LABELS
    nodes = _postorder(root, drop_root)
    numbers, renamed = _numbers(nodes)
    parent: dict[int, str] = {}
    for node in ([root] if drop_root else []) + nodes:
        for child in node.children:
            parent[id(child)] = numbers.get(id(node), "0")
    if not drop_root:
        parent[id(root)] = "0"
    lines: list[str] = []
    for token in tree.tokens:
        extra = token.extra or {}
        fields = [token.form or "--", str(extra.get("lemma", "--")), _tag(token.pos, extra),
                  str(extra.get("morph", "--")), str(extra.get("function") or "--"),
                  parent.get(id(token), "0"), *_secedges(extra, renamed)]
        lines.append(_line(fields, extra, version, layout, originals))
    for node in sorted(nodes, key=lambda n: int(numbers[id(n)])):
        extra = node.extra or {}
        label = node.label
        cat = label.category or label.raw or "--"
        raw = extra.get("tag")
        if raw is not None and _bracketed(raw) == label.raw:
            cat = raw
        fields = ["#" + numbers[id(node)], str(extra.get("lemma", "--")), cat,
                  str(extra.get("morph", "--")), label.function or "--",
                  parent[id(node)], *_secedges(extra, renamed)]
        lines.append(_line(fields, extra, version, layout, originals))
    return lines


def _bos(tree: Tree) -> str:
    sentid = tree.meta.get("sentid") or "1"
    comment = tree.meta.get("comment")
    return f"#BOS {sentid}" + (f" %% {comment}" if comment else "")


def render(tree: Tree, newline: str, layout: Layout, version: int, bos: str | None = None,
           eos: str | None = None, last_newline: bool = True,
           originals: dict[int, str] | None = None) -> str:
    lines = [bos or _bos(tree), *tree.meta.get("inner", ()),
             *body_lines(tree, version, layout, originals),
             eos or f"#EOS {tree.meta.get('sentid') or '1'}"]
    text = newline.join(lines) + (newline if last_newline else "")
    return text + str(tree.meta.get("trailing", ""))


def format_item(tree: Tree, newline: str = "\n") -> str:
    """A sentence on its own (conversion): version 4 unless it was read as version 3,
    fields separated by one tab (as disco-dop writes them)."""
    return render(tree, newline, Layout(), int(tree.meta.get("format", 4)))


def format_like(tree: Tree, source: str, newline: str = "\n") -> str:
    """An edited sentence in the layout of `source`, the sentence as it was read."""
    lines = [line.rstrip("\r\n") for line in split_lines(source)]   # (as the reader numbers them)
    if not lines:
        return format_item(tree, newline)
    bos = lines[0]
    if bos.split("%%")[0].split()[1:2] != [str(tree.meta.get("sentid", ""))]:
        bos = _bos(tree)
    eos_index = next((k for k, line in enumerate(lines) if line.startswith("#EOS")), None)
    eos = tree.meta.get("eos")
    last_newline = True
    if eos_index is not None and not tree.meta.get("trailing"):
        last_newline = source.endswith(("\n", "\r"))
    version = int(tree.meta.get("format", 4))
    return render(tree, newline, Layout.of(lines), version, bos, eos, last_newline,
                  dict(enumerate(lines)))

