"""The corpus readers of ``discodop eval`` (disco-dop's ``treebank.py``), as that program
reads: what a tree, a sentence and a key are after ``--functions`` / ``--morphology``, the
children order it sorts to, what it refuses and with which words.

`corpora.read_corpus(text, fmt, functions, morphology)` -> list of `Entry` (key, tree, words) in file
order.  Keys are the reference's: the ``#BOS`` id (a string) for export, the line number (an
int) for bracket and discbracket.  Refusals raise `ReferenceError`-like `DiscodopError`s
whose text is the last line of the reference's traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from tcompare.scoring.discodop.tree import FUNC, LEMMA, MORPH, TAG, WORD, Node

EXPORTNONTERMINAL = re.compile(r"^#([5-9][0-9][0-9])$")

FUNCTIONS = (None, "leave", "add", "replace", "remove", "between")
MORPHOLOGY = (None, "no", "add", "replace", "between")
FORMATS = ("export", "bracket", "discbracket", "tiger", "alpino", "alpinocompact", "ftb")


class DiscodopError(Exception):
    """Where ``discodop eval`` dies: `kind` is the Python exception it raises (``ValueError``,
    ``KeyError``...), `text` its message; `official_line()` is its traceback's last line."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(f"{kind}: {text}")
        self.kind, self.text = kind, text

    def official_line(self) -> str:
        return f"{self.kind}: {self.text}" if self.text != "" else self.kind


@dataclass(slots=True)
class Entry:
    key: Any
    tree: Node
    sent: list[Any]
    comment: str | None = None
    # a lazily read export sentence: its lines, checked; `materialize` builds the tree
    block: list[str] | None = None
    finish: Callable[[Entry], None] | None = None

    def materialize(self) -> Entry:
        """Build the tree of a lazily read sentence (as `read_corpus` would have)."""
        if self.block is not None and self.finish is not None:
            self.finish(self)
            self.block = self.finish = None
        return self


def check_options(functions: str | None, morphology: str | None) -> None:
    for opt, opts in ((functions, FUNCTIONS), (morphology, MORPHOLOGY)):
        if opt not in opts:
            raise DiscodopError("ValueError", f"Expected one of {opts!r}. Got: {opt!r}")


def text_lines(text: str) -> list[str]:
    """Lines with their ends, as a text-mode file iterates them (universal newlines)."""
    return text.splitlines(keepends=True) if "\r" not in text else \
        text.replace("\r\n", "\n").replace("\r", "\n").splitlines(keepends=True)


def sort_children(tree: Node) -> None:
    """Children ordered by their words, deepest nodes first (``a.children.sort(key=Tree.leaves)``).

    Sorted bottom-up, a node's leaves list starts with its smallest position, and siblings'
    leaves are disjoint: comparing the lists is comparing their first (smallest) positions,
    an empty list first.  So the key is the smallest position (-1 when none)."""
    def first(node: Node) -> int:
        low = -1
        for c in node.children:
            m = first(c) if isinstance(c, Node) else c
            if m != -1 and (low == -1 or m < low):
                low = m
        if len(node.children) > 1:
            keys = {id(c): (c.bitset if isinstance(c, Node) else c) for c in node.children}
            node.children.sort(key=lambda c: keys[id(c)])
        node.bitset = low      # (scratch: the smallest position; `freeze` sets the bits)
        return low
    first(tree)


# -- export ---------------------------------------------------------------------------------
def export_blocks(text: str) -> Iterator[tuple[str, list[str]]]:
    """``(#BOS id, lines)`` per sentence, as they come (the reference reads each before it
    meets a later block's error); lines outside ``#BOS``/``#EOS`` are ignored."""
    seen: set[str] = set()
    started = False
    lines: list[str] = []
    sentid = ""
    for line in text_lines(text):
        line = line.rstrip()
        if line.startswith("#BOS "):
            if started:
                raise DiscodopError("ValueError", "beginning of sentence marker while "
                                    f"previous one still open: {line}")
            started = True
            sentid = line.split(None, 2)[1]
            lines = [line]
        elif line.startswith("#EOS "):
            if not started:
                raise DiscodopError("ValueError", "end of sentence marker while none started")
            thissentid = line.split(None, 2)[1]
            if sentid != thissentid:
                raise DiscodopError("ValueError", "unexpected sentence id: "
                                    f"start={sentid}, end={thissentid}")
            started = False
            if sentid in seen:
                raise DiscodopError("ValueError", f"duplicate sentence ID: {sentid}")
            seen.add(sentid)
            lines.append(line)
            yield sentid, lines
        elif started:
            lines.append(line)


def exportsplit(line: str) -> list[str]:
    commentidx = line.find("%%")
    if commentidx != -1:
        line = line[:commentidx]
    fields = line.split()
    if len(fields) < 5:
        raise DiscodopError("ValueError", f"expected at least 5 columns: {fields!r}")
    if len(fields) & 1:
        fields.insert(LEMMA, "--")
    return fields


def check_export(block: list[str]) -> None:
    """What building the tree of `block` would raise (bad rows, unknown parents), raised."""
    table = [exportsplit(x) for x in block[1:-1]]
    ids = {"0"}
    for source in table:
        word = source[WORD]
        if word[:1] == "#":
            m = EXPORTNONTERMINAL.match(word)
            if m:
                ids.add(m.group(1))
    for source in table:
        if source[5] not in ids:
            raise DiscodopError("KeyError", repr(source[5]))


def export_entry(key: str, block: list[str], functions: str | None,
                 morphology: str | None) -> Entry:
    """One ``#BOS``..``#EOS`` block as the reference's ``exporttree`` builds it."""
    comment = block[0].split("%%")[1].strip() if "%%" in block[0] else None
    table = [exportsplit(x) for x in block[1:-1]]
    sent: list[Any] = []
    children: dict[str, list[tuple[int, list[str], Any]]] = {"0": []}
    match = EXPORTNONTERMINAL.match
    ids = []
    for source in table:
        word = source[WORD]
        m = match(word) if word[:1] == "#" else None
        ids.append(m)
        if m:
            children[m.group(1)] = []
        else:
            sent.append(word)
    for n, source in enumerate(table):
        try:
            children[source[5]].append((n, source, ids[n]))
        except KeyError:
            raise DiscodopError("KeyError", repr(source[5])) from None

    def getchildren(parent: str) -> list[Node]:
        results = []
        for n, source, m in children.get(parent, ()):
            label = source[TAG]
            if "(" in label or ")" in label:
                label = label.replace("(", "[").replace(")", "]")
            if m:
                child = Node(label, getchildren(m.group(1)), tuple(source))
            else:
                child = Node(label, [n], tuple(source))
                if morphology is not None:
                    apply_morphology(morphology, child, source)
            results.append(child)
        return results

    try:
        tree = Node("ROOT", getchildren("0"))
    except RecursionError:
        raise DiscodopError("RecursionError", "maximum recursion depth exceeded") from None
    handle_functions(functions, tree, morphology)
    return Entry(key, tree, sent, comment)


def apply_morphology(action: str | None, preterminal: Node, source: list[str]) -> None:
    morph = source[MORPH].replace("(", "[").replace(")", "]").replace(" ", "_")
    if action == "add":
        preterminal.label = f"{preterminal.label}/{morph}"
    elif action == "replace":
        preterminal.label = morph
    elif action == "between":
        preterminal.children = [Node(morph, [preterminal.children.pop()])]


def handle_functions(action: str | None, tree: Node, morphology: str | None = None) -> None:
    """disco-dop's ``handlefunctions`` (pos=True, root=False)."""
    if action in (None, "leave"):
        return
    if action == "remove":
        for node in tree.nodes():
            label = node.label
            if "-" in label or "=" in label:
                node.label = strip_function(label)
        return
    parents: dict[int, Node] = {}
    for node in list(tree.subtrees()):
        for child in node.children:
            if isinstance(child, Node):
                parents[id(child)] = node
    for node in list(tree.subtrees()):
        if morphology == "between":
            if not node.children:
                raise DiscodopError("IndexError", "list index out of range")
            if not isinstance(node.children[0], Node):
                continue
        if node is tree:
            continue
        src = node.source
        func = src[FUNC] if src and src[FUNC] and src[FUNC] != "--" else None
        if func and action == "add":
            node.label += "-" + func
        elif action == "replace":
            node.label = func or "--"
        elif action == "between":
            parent = parents[id(node)]
            idx = next(i for i, c in enumerate(parent.children) if c is node)
            parent.children[idx] = Node("-" + (func or "--"), [node])


def strip_function(label: str) -> str:
    for char in "-=":
        x = label.find(char)
        if x > 0:
            label = label[:x]
    return label
