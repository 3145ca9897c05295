"""The small mutable tree the repair search edits, and the input cleaning it starts from.

`RNode` is one node of either kind: a phrase (``kids`` non-empty, ``word`` None) or a
preterminal (``word`` set, no kids), as in the analyser; spans are half-open word ranges.
`from_model` turns a `tcompare.model.tree.Tree` into an `RNode` tree cleaned the way the
analyser cleans its input before searching (EVALB COLLINS.prm-like):

* the top is made uniform: an empty root label becomes ``ROOT``; a root that is not ``ROOT``
  is walked down through single children until a PTB phrase label is met -- when none is met
  (a root with several children and a non-PTB label), that node is relabelled ``ROOT``;
* ``-NONE-`` leaves are dropped, then phrases left without words;
* function tags and co-indices are cut (``NP-SBJ-1`` -> ``NP``, ``NP=2`` -> ``NP``; labels
  starting with ``-`` are whole); a label written ``A|B`` keeps ``ADVP`` if it mentions it,
  else its first part;
* words ``{`` / ``}`` become ``-LCB-`` / ``-RCB-``; the words ``--`` ``-`` ``;`` ``:`` get POS
  ``:``, brackets get ``-LRB-`` / ``-RRB-``, ``Wa`` gets ``NNP`` (PTB annotation slips);
* punctuation preterminals ``,`` ``:`` `````` ``''`` ``.`` are dropped (and phrases left empty);
* ``PRT`` becomes ``ADVP``.

For notations other than PTB brackets the labels are the reader's categories
(`Label.category`, roles and heads already split off) and only the uniform-top and empty-
phrase rules apply.
"""

from __future__ import annotations

import re
from typing import Iterator

from tcompare.model.tree import Node, Token, Tree

PTB_PHRASES = frozenset({
    'S', 'SBAR', 'SBARQ', 'SINV', 'SQ', 'ADJP', 'ADVP', 'CONJP', 'FRAG', 'INTJ', 'LST', 'NAC',
    'NP', 'NX', 'PP', 'PRN', 'PRT', 'QP', 'RRC', 'UCP', 'VP', 'WHADJP', 'WHADVP', 'WHNP',
    'WHPP', 'X', 'NML'})
PUNCTUATION_TAGS = frozenset({"-NONE-", ",", ":", "``", "''", "."})
_WORD_MAP = {'{': '-LCB-', '}': '-RCB-'}
_WORD_POS = {'--': ':', '-': ':', ';': ':', ':': ':', '-LRB-': '-LRB-', '-RRB-': '-RRB-',
             '-LCB-': '-LRB-', '-RCB-': '-RRB-', '{': '-LRB-', '}': '-RRB-', 'Wa': 'NNP'}


class RNode:
    __slots__ = ("label", "word", "s", "e", "parent", "kids")

    def __init__(self, label: str, word: str | None = None, parent: "RNode | None" = None) -> None:
        self.label = label
        self.word = word
        self.s = 0
        self.e = 0
        self.parent = parent
        self.kids: list[RNode] = []

    # -- shape ------------------------------------------------------------------------------
    @property
    def span(self) -> tuple[int, int]:
        return (self.s, self.e)

    def preorder(self) -> list["RNode"]:
        out: list[RNode] = []
        stack = [self]
        while stack:
            node = stack.pop()
            out.append(node)
            if node.kids:
                stack.extend(reversed(node.kids))
        return out

    def __iter__(self) -> Iterator["RNode"]:
        return iter(self.preorder())

    def root(self) -> "RNode":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def respan(self, left: int = 0) -> int:
        """Recompute spans below this node from its words (iterative)."""
        stack: list[tuple[RNode, int]] = [(self, 0)]
        pos = left
        self.s = pos
        while stack:
            node, i = stack[-1]
            if i == 0:
                node.s = pos
                if not node.kids:
                    pos += 1
            if i < len(node.kids):
                stack[-1] = (node, i + 1)
                stack.append((node.kids[i], 0))
            else:
                node.e = pos
                stack.pop()
        return pos

    def words(self) -> list[str]:
        return [n.word for n in self.preorder() if n.word is not None]

    def tags(self) -> list[str]:
        return [n.label for n in self.preorder() if not n.kids]

    def clone(self) -> "RNode":
        copy = RNode(self.label, self.word)
        copy.s, copy.e = self.s, self.e
        stack = [(self, copy)]
        while stack:
            node, out = stack.pop()
            for kid in node.kids:
                sub = RNode(kid.label, kid.word, out)
                sub.s, sub.e = kid.s, kid.e
                out.kids.append(sub)
                stack.append((kid, sub))
        return copy

    def __str__(self) -> str:
        parts: list[str] = []
        stack: list[RNode | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                parts.append(item)
            elif not item.kids:
                parts.append(f"({item.label} {item.word})")
            else:
                parts.append("(" + item.label)
                stack.append(")")
                for kid in reversed(item.kids):
                    stack.append(kid)
                    stack.append(" ")
        return "".join(parts)

    __repr__ = __str__


def display_label(node: RNode) -> str:
    """The label the classes look at: ``PU`` preterminals carry their word (``PU，``)."""
    if node.word is not None and node.label == 'PU':
        return 'PU' + node.word
    return node.label


def category(label: str) -> str:
    """The analyser's label category: cut at ``=``, then (unless it starts with ``-``) at ``-``."""
    if '=' in label:
        label = label.split('=')[0]
    if label and label[0] != '-' and '-' in label:
        label = label.split('-')[0]
    return label


def _clean_bar(label: str) -> str:
    if '|' in label:
        return 'ADVP' if 'ADVP' in label else label.split('|')[0]
    return label


def from_model(tree: Tree | None, ptb_cleaning: bool = True) -> RNode | None:
    """The cleaned search tree of a model tree, or None when nothing is left (empty parse)."""
    if tree is None or tree.root is None or not tree.tokens:
        return None
    raw = ptb_cleaning

    def label_of(node: Node) -> str:
        return _clean_bar(node.label.raw) if raw else (node.label.category or node.label.raw)

    # uniform top: find the node renamed ROOT (by identity), walking single children
    renamed: Node | None = None
    top = tree.root
    if label_of(top) != 'ROOT':
        cur: Node | Token = top
        while isinstance(cur, Node) and category(label_of(cur)) not in PTB_PHRASES:
            if len(cur.children) > 1:
                break
            cur = cur.children[0]
        if isinstance(cur, Node) and category(label_of(cur)) not in PTB_PHRASES:
            renamed = cur

    def phrase(node: Node, parent: RNode | None) -> RNode:
        if node is renamed:
            label = 'ROOT'
        else:
            label = label_of(node)
            if node is tree.root and not label.strip():
                label = 'ROOT'
        if raw:
            label = category(label)
        if label == 'PRT':
            label = 'ADVP'
        return RNode(label, None, parent)

    def leaf(token: Token, parent: RNode) -> RNode | None:
        pos = token.pos
        word = token.form
        if raw:
            if pos == '-NONE-':
                return None
            pos = _clean_bar(pos)
            word = _WORD_MAP.get(word, word)
            pos = _WORD_POS.get(word, pos)
            pos = category(pos)
            if pos in PUNCTUATION_TAGS:
                return None
            if pos == 'PRT':
                pos = 'ADVP'
        return RNode(pos, word, parent)

    def build(top: Node) -> RNode | None:
        # iterative (a tree may be 10^5 deep): a phrase joins its parent once its children are
        # done, and only when it kept a word
        root = phrase(top, None)
        stack: list[tuple[Node, RNode, int]] = [(top, root, 0)]
        while stack:
            node, out, i = stack[-1]
            children = node.children
            while i < len(children) and not isinstance(children[i], Node):
                kept = leaf(children[i], out)  # type: ignore[arg-type]
                if kept is not None:
                    out.kids.append(kept)
                i += 1
            if i < len(children):
                stack[-1] = (node, out, i + 1)
                child = children[i]
                assert isinstance(child, Node)
                stack.append((child, phrase(child, out), 0))
                continue
            stack.pop()
            if out.kids and out.parent is not None:
                out.parent.kids.append(out)
        return root if root.kids else None

    root = build(tree.root)
    if root is None:
        return None
    root.respan()
    return root


def from_text(text: str) -> RNode | None:
    """A PTB bracket tree given as text, cleaned (tests, examples)."""
    from tcompare.formats.ptb import parse_tree

    return from_model(parse_tree(text))


_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_category_cache: dict[str, str] = {}


def _clean_category(raw: str) -> str:
    label = _category_cache.get(raw)
    if label is None:
        label = category(_clean_bar(raw))
        if label == 'PRT':
            label = 'ADVP'
        _category_cache[raw] = label
    return label


class Fallback(Exception):
    """The text is not a plain one-tree bracketing: read it through `tcompare.formats`."""


def from_ptb_text(text: str) -> RNode | None:
    """The cleaned search tree straight from PTB bracket text (the fast path of `from_model`).

    Gives the same tree as ``from_model(parse_tree(text))``; raises `Fallback` for anything
    that is not a plain single well-formed tree (empty brackets, stray words, ...), which the
    caller then reads through the notation reader (and its error messages).
    """
    if not text.strip():
        return None      # a blank line: an empty parse, without the reader (10^6 of them)
    toks = _TOKEN.findall(text)
    n = len(toks)
    if n < 4 or toks[0] != "(":
        raise Fallback
    stack: list[RNode] = []
    raw_count: dict[RNode, int] = {}
    first_kid: dict[RNode, object] = {}
    root: RNode | None = None
    i = 0
    while i < n:
        tok = toks[i]
        if tok == "(":
            nxt = toks[i + 1] if i + 1 < n else ")"
            if nxt == "(" or nxt == ")":
                label, i = "", i + 1
            else:
                label, i = nxt, i + 2
            if i + 1 < n and toks[i + 1] == ")" and toks[i] != "(" and toks[i] != ")":
                if not stack:
                    raise Fallback
                word = toks[i]
                i += 2
                parent = stack[-1]
                raw_count[parent] += 1
                if parent not in first_kid:
                    first_kid[parent] = label
                if label == '-NONE-':
                    continue
                pos = _clean_bar(label)
                word = _WORD_MAP.get(word, word)
                pos = category(_WORD_POS.get(word, pos))
                if pos in PUNCTUATION_TAGS:
                    continue
                if pos == 'PRT':
                    pos = 'ADVP'
                parent.kids.append(RNode(pos, word, parent))
                continue
            node = RNode(_clean_bar(label), None, stack[-1] if stack else None)
            raw_count[node] = 0
            if stack:
                parent = stack[-1]
                raw_count[parent] += 1
                if parent not in first_kid:
                    first_kid[parent] = node
            elif root is None:
                root = node
            else:
                raise Fallback
            stack.append(node)
        elif tok == ")":
            if not stack:
                raise Fallback
            node = stack.pop()
            if raw_count[node] == 0:
                raise Fallback          # "()" somewhere: let the reader judge it
            if node.kids and stack:
                stack[-1].kids.append(node)
            i += 1
        else:
            raise Fallback
    if stack or root is None:
        raise Fallback
    # uniform top, on the labels and children as written
    renamed = None
    if root.label != 'ROOT':
        cur: object = root
        while isinstance(cur, RNode) and category(cur.label) not in PTB_PHRASES:
            if raw_count[cur] > 1:
                break
            cur = first_kid[cur]
        if isinstance(cur, RNode) and category(cur.label) not in PTB_PHRASES:
            renamed = cur
    if not root.kids:
        return None
    for node in root.preorder():
        if node.kids:
            if node is renamed:
                node.label = 'ROOT'
            elif node is root and not node.label.strip():
                node.label = 'ROOT'
            else:
                node.label = _clean_category(node.label)
    root.respan()
    return root
