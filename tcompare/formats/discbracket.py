"""disco-dop's discontinuous brackets (``discbracket``, ``.dbr``).

Shape
-----
One tree per line, leaves prefixed with their sentence position::

    (S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))

The leaves need not be in sentence order; their positions form the range 0..n-1, each
once.  A TAB after the tree starts a comment (kept in ``Tree.meta["comment"]``).  A
preterminal ``(TAG i=word)`` is a Token (its POS the bracket's label); a word is split from
its position at the first ``=`` (``5==`` is the word ``=``); ``#LRB#`` / ``#RRB#`` in a word
are its parentheses, as disco-dop escapes them.  Labels are split as in PTB
(``NP-SBJ`` -> category NP, function SBJ), as disco-dop reads the function from them.
The model orders children by their first position; where the file wrote them otherwise,
``Tree.meta["source_order"]`` keeps the file's order (`source_ordered`), which disco-dop
keeps for discbracket (its tree edit distance depends on it).

Sentences
---------
Every non-blank line is one sentence; blank lines belong to the sentence before them (or
the prolog) and are written back after it.  A failed parse is written ``(NOPARSE)`` (a
sentence without words; disco-dop's parser labels its failures NOPARSE).  A broken line is one error at its line and
column; the others are read.
"""

from __future__ import annotations

import re

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, guarded_parser, split_lines, trailing_blank
from tcompare.formats.ptb import split_label
from tcompare.model.corpus import Corpus, SentenceRecord, shown
from tcompare.model.tree import Node, Token, Tree

_SPACE = " \t\n\r\v\f"
_WORD_RUN = re.compile(r"[^ \t\n\r\v\f()]*")
_SPACE_RUN = re.compile(r"[ \t\n\r\v\f]*")
_LEAF = re.compile(r"(\d+)=(.*)", re.DOTALL)


def _word_end(text: str, i: int) -> int:
    return _WORD_RUN.match(text, i).end()  # type: ignore[union-attr]


def _space_end(text: str, i: int) -> int:
    return _SPACE_RUN.match(text, i).end()  # type: ignore[union-attr]


def _leaf(text: str, start: int, end: int) -> tuple[int, str]:
    """(position, word) of the leaf ``text[start:end]``."""
    m = _LEAF.fullmatch(text, start, end)
    if m is None:
        raise SyntaxProblem(f"expected a leaf 'position=word' but found {shown(text[start:end])}",
                            start, "discbracket leaves are written '3=word'")
    return int(m.group(1)), m.group(2)


def parse_tree(text: str) -> Tree:
    """One line's tree (without the comment).  Raises `SyntaxProblem`."""
    n = len(text)
    i = _space_end(text, 0)
    if i == n:
        return Tree.build_discontinuous(None)
    if text[i] != "(":
        raise SyntaxProblem(f"expected '(' but found {shown(text[i:max(_word_end(text, i), i + 1)])}", i)
    root: Node | None = None
    stack: list[tuple[Node, int]] = []
    seen: dict[int, int] = {}          # position -> offset of its leaf
    while i < n:
        ch = text[i]
        if ch in _SPACE:
            i += 1
        elif ch == "(":
            if not stack and root is not None:
                raise SyntaxProblem("a second tree starts on the same line", i, "one tree per line")
            open_at = i
            j = _word_end(text, i + 1)
            raw = text[i + 1:j]
            k = _space_end(text, j)
            if k < n and text[k] not in "()":
                # "(TAG i=word)": a preterminal -> a Token on the enclosing node
                w_end = _word_end(text, k)
                position, form = _leaf(text, k, w_end)
                m = _space_end(text, w_end)
                if m >= n:
                    raise SyntaxProblem(f"missing ')' after the leaf {shown(text[k:w_end])}", open_at)
                if text[m] != ")":
                    raise SyntaxProblem(f"more than one leaf in the bracket ({raw} {text[k:w_end]} ...",
                                        m, "a word is written (TAG position=word)")
                if position in seen:
                    raise SyntaxProblem(f"position {position} occurs twice", k,
                                        "each position 0..n-1 must occur exactly once")
                seen[position] = k
                token = Token(form.replace("#LRB#", "(").replace("#RRB#", ")"), raw, position)
                if not stack:
                    raise SyntaxProblem("a word outside any phrase", open_at, "one tree per line")
                stack[-1][0].children.append(token)
                i = m + 1
                continue
            node = Node(split_label(raw))
            if stack:
                stack[-1][0].children.append(node)
            else:
                root = node
            stack.append((node, open_at))
            i = j
        elif ch == ")":
            if not stack:
                raise SyntaxProblem("unbalanced ')': no bracket is open here", i)
            stack.pop()
            i += 1
        else:
            j = _word_end(text, i)
            if not stack:
                raise SyntaxProblem(f"text {shown(text[i:j])} outside the tree", i)
            raise SyntaxProblem(f"leaf {shown(text[i:j])} is not inside a (TAG position=word) bracket",
                                i, "a word is written (TAG position=word)")
    if stack:
        raise SyntaxProblem(f"unbalanced '(': this bracket is never closed "
                            f"({len(stack)} still open at the end of the line)", stack[-1][1])
    missing = next((p for p in range(len(seen)) if p not in seen), None)
    if missing is not None:
        top = max(seen)
        raise SyntaxProblem(f"position {missing} is missing (the leaves go up to {top})",
                            seen[top], "positions must form the range 0..n-1")
    written = {id(node): list(node.children) for node in _phrases(root)}
    tree = Tree.build_discontinuous(root)
    moved = {node.id: tuple(node.children.index(c) for c in written[id(node)])
             for node in tree.nodes() if node.children != written[id(node)]}
    if moved:       # disco-dop keeps the file's order (tree edit distance depends on it)
        tree.meta["source_order"] = moved
    return tree


def _phrases(root: Node | None) -> list[Node]:
    out, todo = [], [root] if root is not None else []
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(node.child_nodes())
    return out


def source_ordered(tree: Tree, node: Node) -> list[Node | Token]:
    """`node`'s children in the order the file wrote them (`Tree.meta["source_order"]`:
    node id -> positions in `node.children`, for nodes whose children the model reordered)."""
    order = tree.meta.get("source_order", {}).get(node.id)
    if not order or sorted(order) != list(range(len(node.children))):   # (edited since)
        return list(node.children)
    return [node.children[k] for k in order]


def parse_source(source: str) -> Tree:
    """A sentence's source (its line and the blank lines after it) -> Tree."""
    trailing = trailing_blank(source)
    body = source[:len(source) - len(trailing)] if trailing else source
    line = body.rstrip("\r\n")
    comment = None
    if "\t" in line:
        line, comment = line.split("\t", 1)
    tree = parse_tree(line)
    if comment is not None:
        tree.meta["comment"] = comment
    if trailing:
        tree.meta["trailing"] = trailing
    return tree


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="discbracket")
    prolog: list[str] = []
    groups: list[tuple[int, list[str]]] = []
    for number, line in enumerate(split_lines(text), 1):
        if not line.strip():
            (groups[-1][1] if groups else prolog).append(line)
        else:
            groups.append((number, [line]))
    corpus.prolog = "".join(prolog)

    parse = guarded_parser(parse_source, path)

    corpus.records = [SentenceRecord(k, first, "".join(lines), _parse=parse)
                      for k, (first, lines) in enumerate(groups, 1)]
    return corpus


# -- writing ------------------------------------------------------------------------------

def format_tree(tree: Tree) -> str:
    """One line: ``(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John))`` (children in the tree's
    order: by their first position), the comment after a TAB."""
    if tree.root is None:           # a failed parse: disco-dop's parser says NOPARSE
        return "(NOPARSE)"
    parts: list[str] = []
    todo: list[str | Node | Token] = [tree.root]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Token):
            form = item.form.replace("(", "#LRB#").replace(")", "#RRB#")
            parts.append(f"({item.pos} {item.index}={form})")
        else:
            parts.append("(" + item.label.raw)
            todo.append(")")
            for child in reversed(item.children):
                todo.append(child)
                todo.append(" ")
    comment = tree.meta.get("comment")
    return "".join(parts) + (f"\t{comment}" if comment is not None else "")


def format_item(tree: Tree, newline: str = "\n") -> str:
    return format_tree(tree) + newline + str(tree.meta.get("trailing", ""))


_DISC_LEAF = re.compile(r"\([^\s()]+ \d+=[^\s()]*\)")
_ANY_LEAF = re.compile(r"\([^\s()]+ [^\s()]+\)")


def sniff(text: str) -> float:
    """Brackets whose preterminals hold ``position=word``."""
    head = text[:20000].lstrip()
    if not head.startswith("("):
        return 0.0
    disc = len(_DISC_LEAF.findall(head))
    total = len(_ANY_LEAF.findall(head))
    if disc and disc * 10 >= total * 9:
        return 0.9
    return 0.0


NOTATION = Notation(
    name="discbracket",
    description="disco-dop discontinuous brackets: (S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John))",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".dbr", ".discbracket"),
)
