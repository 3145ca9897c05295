"""The corpus readers of ``discodop eval`` (disco-dop's ``treebank.py``), as that program
reads: what a tree, a sentence and a key are after ``--functions`` / ``--morphology``, the
children order it sorts to, what it refuses and with which words.

`read_corpus(text, fmt, functions, morphology)` -> list of `Entry` (key, tree, words) in file
order.  Keys are the reference's: the ``#BOS`` id (a string) for export, the line number (an
int) for bracket and discbracket.  Refusals raise `ReferenceError`-like `DiscodopError`s
whose text is the last line of the reference's traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from tcompare.scoring.discodop.tree import FUNC, LEMMA, MORPH, TAG, WORD, Node

EXPORTNONTERMINAL = re.compile(r"^#([5-9][0-9][0-9])$")
SUPERFLUOUSSPACERE = re.compile(r"\)\s+(?=\))")
LEAVESRE = re.compile(r" (?=\))| ([^ ()]+)\s*(?=[\s)])")
TOKEN_RE = re.compile(r"\(\s*([^\s()]+)?|\)|([^\s()]+)")

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


def read_corpus(text: Any, fmt: str, functions: str | None = "remove",
                morphology: str | None = None, headrules: Any = None,
                lazy: bool = False) -> list[Entry]:
    """`text`: the corpus (TIGER: the XML's bytes; Alpino: ``(key, bytes)`` per file);
    `headrules`: rules read by `heads.read_headrules` (``--headrules``), or None.
    `lazy` (export): every sentence is checked as the reference's reader checks it (its
    errors raised here, in its order) but its tree is built only by `Entry.materialize`,
    so that 50k sentences a side are never all held as trees."""
    check_options(functions, morphology)
    if fmt == "export" and lazy:
        def finish(e: Entry) -> None:
            assert e.block is not None
            built = _export_entry(e.key, e.block, functions, morphology)
            e.tree, e.sent = built.tree, built.sent
            if e.sent:
                sort_children(e.tree)
                if headrules is not None:
                    from tcompare.scoring.discodop.heads import apply_headrules
                    apply_headrules(e.tree, headrules)
        out = []
        for key, block in export_blocks(text):
            _check_export(block)
            out.append(Entry(key, None, None, None, block, finish))  # type: ignore[arg-type]
        return out
    if fmt == "tiger":
        from tcompare.scoring.discodop.tiger import tiger_entries
        entries = tiger_entries(text, functions, morphology)
    elif fmt == "alpino":
        from tcompare.scoring.discodop.alpino import alpino_entries
        entries = alpino_entries(text, functions, morphology)
    elif isinstance(text, bytes):
        raise DiscodopError("TypeError", f"{fmt} is read as text")
    elif fmt == "export":
        entries = [_export_entry(key, block, functions, morphology)
                   for key, block in export_blocks(text)]
    elif fmt in ("bracket", "discbracket"):
        parse = _bracket_entry if fmt == "bracket" else _discbracket_entry
        entries = [parse(n, line, functions) for n, line in enumerate(_lines(text), 1)]
    else:
        raise DiscodopError("NotImplementedError",
                            f"tcompare does not read --fmt={fmt} the reference's way yet")
    if fmt != "bracket" and fmt != "discbracket":
        for e in entries:
            if e.sent:       # (the reference leaves a tree without words as it is)
                sort_children(e.tree)
    if headrules is not None:
        from tcompare.scoring.discodop.heads import apply_headrules
        for e in entries:
            if e.sent:
                apply_headrules(e.tree, headrules)
    return entries


def _lines(text: str) -> list[str]:
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
def export_blocks(text: str) -> list[tuple[str, list[str]]]:
    """``(#BOS id, lines)`` per sentence; lines outside ``#BOS``/``#EOS`` are ignored."""
    seen: set[str] = set()
    started = False
    lines: list[str] = []
    sentid = ""
    out = []
    for line in _lines(text):
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
            out.append((sentid, lines))
        elif started:
            lines.append(line)
    return out


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


def _check_export(block: list[str]) -> None:
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
    return _export_entry(key, block, functions, morphology)


def _export_entry(key: str, block: list[str], functions: str | None,
                  morphology: str | None) -> Entry:
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
                    _morphology(morphology, child, source)
            results.append(child)
        return results

    try:
        tree = Node("ROOT", getchildren("0"))
    except RecursionError:
        raise DiscodopError("RecursionError", "maximum recursion depth exceeded") from None
    handle_functions(functions, tree, morphology)
    return Entry(key, tree, sent, comment)


def _morphology(action: str | None, preterminal: Node, source: list[str]) -> None:
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


# -- bracket, discbracket -------------------------------------------------------------------
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


def _bracket_entry(key: int, block: str, functions: str | None) -> Entry:
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


def _discbracket_entry(key: int, block: str, functions: str | None) -> Entry:
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
