"""PKU-CTB brackets with ``!`` head marks (``pku``), spec/notations.md §4.

Shape (seed 000, example (3))
-----------------------------
``( zj ( !fj ( !dj ( np ( vp ( !v ( 时尚 ) ) ) !np ( !n ( 服装 ) ) ) ... ) ) )``:

* a phrase is ``LABEL ( child ... )`` -- the label comes BEFORE its parenthesis;
* a word is the only thing inside its tag's parenthesis: ``!v ( 时尚 )`` is a preterminal,
  read as a Token with ``pos = "v"``;
* the whole tree is wrapped in one more ``( ... )`` (a bare ``zj ( ... )`` is read too);
* ``!`` before a label marks a head child.  It is a mark, not part of the label: it sets
  `Label.is_head` (phrases) / `Token.is_head` (words), and the parent's `Label.heads`
  lists the 0-based positions of its marked children among ALL its children, words and
  phrases alike -- exactly the TCT-2010 ``tag-h`` positions of the same tree;
* spaces around parentheses are optional (the paper prints ``!np( !n ( 服装 ) )``).

``( )`` is an empty (failed) parse, ``Tree(root=None)``.
A ``!`` alone followed by a label (``! np ( ...``) is read as the mark too; a ``!`` alone
inside a word's parenthesis (``wft ( ! )``) is the word ``!``.

Sentences: `tcompare.formats.linegroups`.  Writing: the paper's spacing, one space around
every parenthesis: ``( zj ( !dj ( !v ( 看 ) ) ) )``.
"""

from __future__ import annotations

import re
from sys import intern
from typing import Any, cast

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, build_corpus, trailing_blank
from tcompare.formats.tct import LabelProblem, label_text, split_label
from tcompare.model.corpus import Corpus, shown
from tcompare.model.tree import Label, Node, Token, Tree

HEAD_MARK = "!"
_TOKEN = re.compile(r"\(|\)|[^\s()]+")


class _Frame:
    """A ``LABEL ( ... )`` being read."""

    __slots__ = ("raw", "head", "at", "items", "words")

    def __init__(self, raw: str | None, head: bool, at: int):
        self.raw, self.head, self.at = raw, head, at   # raw None: the outer wrapper
        self.items: list[Node | Token] = []
        self.words: list[tuple[str, int]] = []


def parse_tree(source: str) -> Tree:
    """Parse one sentence's text.

    Raises
    ------
    SyntaxProblem
        with the character offset of the problem in `source`.
    """
    toks = [(m.group(), m.start()) for m in _TOKEN.finditer(source)]
    n = len(toks)
    if not n:
        raise SyntaxProblem("no tree found", 0)
    if n == 2 and toks[0][0] == "(" and toks[1][0] == ")":
        trailing = trailing_blank(source)   # "( )": a failed parse
        return Tree.build(None, {"trailing": trailing} if trailing else {})
    stack: list[_Frame] = []
    root: Node | Token | None = None
    wrapped = False
    i = 0
    while i < n:
        tok, at = toks[i]
        if tok == "(":
            if root is not None and not stack:
                raise SyntaxProblem("a second tree starts after the first one ended", at,
                                    "one tree per sentence")
            if stack:
                raise SyntaxProblem("'(' without a label before it", at,
                                    "a phrase is written LABEL ( children )")
            stack.append(_Frame(None, False, at))
            wrapped = True
            i += 1
        elif tok == ")":
            if not stack:
                raise SyntaxProblem("unbalanced ')': no '(' is open here", at)
            frame = stack.pop()
            item = _close(frame)
            if frame.raw is None:          # the outer wrapper
                root = item
            elif stack:
                stack[-1].items.append(item)
            elif isinstance(item, Node):
                root = item
            else:
                raise SyntaxProblem(f"the tree is a single word {item.pos} ( {item.form} )",
                                    frame.at)
            i += 1
        else:
            nxt = toks[i + 1][0] if i + 1 < n else ""
            if tok == HEAD_MARK and nxt not in ("(", ")", "") and i + 2 < n and toks[i + 2][0] == "(":
                tok, nxt, i = HEAD_MARK + nxt, toks[i + 2][0], i + 1   # "! np ( ..."
            if nxt == "(":
                if root is not None and not stack:
                    raise SyntaxProblem("a second tree starts after the first one ended", at,
                                        "one tree per sentence")
                head = tok.startswith(HEAD_MARK) and len(tok) > 1
                raw = tok[1:] if head else tok
                if stack and stack[-1].words:
                    raise SyntaxProblem(f"word {shown(stack[-1].words[0][0])} is mixed with phrases",
                                        stack[-1].words[0][1], "a word is written POS ( word )")
                stack.append(_Frame(raw, head, at))
                i += 2
            else:
                if not stack:
                    where = "after the end of the tree" if root is not None else "outside any '( ... )'"
                    raise SyntaxProblem(f"text {shown(tok)} {where}", at)
                frame = stack[-1]
                if frame.raw is None:
                    raise SyntaxProblem(f"word {shown(tok)} has no POS tag", at,
                                        "a word is written POS ( word )")
                if frame.items or frame.words:
                    what = "another word" if frame.words else "phrases"
                    raise SyntaxProblem(f"word {shown(tok)} follows {what} inside {frame.raw} ( ... )",
                                        at, "a word is written alone: POS ( word )")
                frame.words.append((tok, at))
                i += 1
    if stack:
        raise SyntaxProblem(f"unbalanced '(': this bracket is never closed "
                            f"({len(stack)} still open at the end of the sentence)", stack[-1].at)
    if root is None:
        raise SyntaxProblem("no tree found", 0)
    meta: dict[str, Any] = {}
    if not wrapped:
        meta["unwrapped"] = True
    trailing = trailing_blank(source)
    if trailing:
        meta["trailing"] = trailing
    return Tree.build(root if isinstance(root, Node) else None, meta)


def _close(frame: _Frame) -> Node | Token:
    if frame.raw is None:                       # "( zj ( ... ) )"
        nodes = frame.items
        if len(nodes) == 1 and isinstance(nodes[0], Node):
            return nodes[0]
        if not nodes:
            raise SyntaxProblem("empty brackets '( )'", frame.at)
        return Node(Label(""), list(nodes))     # several phrases under one wrapper
    if frame.words:
        return Token(frame.words[0][0], intern(frame.raw), is_head=frame.head)
    if not frame.items:
        raise SyntaxProblem(f"{frame.raw} ( ) is empty", frame.at)
    heads = tuple(k for k, child in enumerate(frame.items) if _marked(child))
    key = (frame.raw, heads, frame.head)
    label = _labels.get(key)
    if label is None:
        try:
            label = split_label(frame.raw).with_parts(heads=heads, is_head=frame.head)
        except LabelProblem as exc:
            raise SyntaxProblem(str(exc), frame.at) from None
        if len(_labels) < 50_000:
            _labels[key] = label
    return Node(label, list(frame.items))


# labels are frozen: one per (raw, heads, head mark), as `tct.split_label` keeps them (a tree
# 10^5 phrases deep built 10^5 alike labels, a third of its reading time)
_labels: dict[tuple[str, tuple[int, ...], bool], Label] = {}


def _marked(child: Node | Token) -> bool:
    return child.is_head if isinstance(child, Token) else child.label.is_head


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    return build_corpus(text, path, "pku", "(", ")", parse_tree)


# -- writing ------------------------------------------------------------------------------

def format_tree(tree: Tree) -> str:
    """One line in the paper's spacing: ``( zj ( !fj ( !v ( 看 ) ) ) )`` (no line end).

    A child gets ``!`` when it is marked itself or its parent's `Label.heads` lists its
    position, so trees read from TCT ``tag-h`` labels are written with the same heads.
    """
    if tree.root is None:
        return "( )"
    parts: list[str] = []
    stack: list[tuple[object, bool]] = [(tree.root, tree.root.label.is_head)]
    while stack:  # iterative: deep trees must not hit the recursion limit
        item, head = stack.pop()
        mark = HEAD_MARK if head else ""
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Token):
            parts.append(f" {mark}{item.pos or '_'} ( {item.form} )")
        else:
            node: Node = item  # type: ignore[assignment]
            if node.label.raw == "" and node is tree.root and not node.label.category:
                parts.append(" (")   # several phrases under the wrapper
            else:
                parts.append(f" {mark}{label_text(node.label, with_heads=False)} (")
            stack.append((" )", False))
            heads = set(node.label.heads)
            for k in range(len(node.children) - 1, -1, -1):
                child = node.children[k]
                stack.append((child, k in heads or _marked(child)))
    body = "".join(parts).lstrip(" ")
    return body if tree.meta.get("unwrapped") else f"( {body} )"


def format_item(tree: Tree, newline: str = "\n") -> str:
    return format_tree(tree) + newline + cast(str, tree.meta.get("trailing", ""))


_SINICA_LEAF = re.compile(r"[(|][^\s()|:]+:[^\s()|]+[|)]")
_WORD_GROUP = re.compile(r"[^\s()]\s*\(\s*[^\s()]+\s*\)")


def sniff(text: str) -> float:
    """Confidence that `text` is PKU-CTB: ``LABEL ( word )`` groups and ``!`` marks."""
    head = text[:20000].lstrip("\ufeff \t\r\n")
    if not head.startswith("(") and not re.match(r"[^\s()]+\s*\(", head):
        return 0.0
    sample = head[:4000]
    if "|" in sample and _SINICA_LEAF.search(sample):
        return 0.05   # Sinica: NP(Nh:他|...) also puts labels before parentheses
    opens = sample.count("(")
    groups = len(_WORD_GROUP.findall(sample))
    if opens and groups * 5 >= opens:
        return 0.95 if "!" in sample else 0.7
    return 0.05


NOTATION = Notation(
    name="pku",
    description="PKU-CTB brackets with ! head marks: ( zj ( !dj ( np ( !n ( 服装 ) ) ... ) ) )",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".pku",),
)
