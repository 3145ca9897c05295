"""ParsEval-2012 round brackets, PSG and CCG (``tct2012``), spec/notations.md §3.

Shape
-----
PTB-like brackets with POS preterminals:
``(zj (dj (np (b 小型) (np (n 木材) (n 加工场) ) ) ... ) (wE 。) )``.  The same bracket
form holds CCG derivations (seed 001, Task 2): phrase labels and preterminal tags are
categories (``S{decl}``, ``NP/NP``, ``([S\\NP]/[S\\NP] 在)``, ``S{Cmb=LW}\\NP``); square
brackets group and ``{...}`` carry features inside a category, which never contains
whitespace or parentheses, so the bracket grammar is the same.

* ``(TAG word)`` is a preterminal: a Token with ``pos = TAG``; when TAG is a CCG category
  it is also in ``Token.ccg``.
* ``(wE。)`` -- word glued to its tag, as the paper's PDF prints it -- is accepted only when
  the leading ASCII letters are a known TCT POS tag (`tcompare.formats.tct.TCT_POS`);
  otherwise it is reported ("is a space missing?").
* ``( (zj ...))`` -- an empty root label -- is kept as a node labelled ``""``.

Labels
------
PSG: ``SynC`` or ``SynC-GR`` (``vp-LW``, ``fj-LS``, ``dj-RT``), split like TCT labels
(`tcompare.formats.tct.split_label`).  CCG (a label with ``/ \\ { } [ ]`` or an upper-case
first letter): ``Label.category == Label.ccg == raw``, never split.

Sentences: `tcompare.formats.linegroups` (one tree per line, or balanced groups of lines).
Writing follows the paper: ``(np (n 木材) (n 加工场) )`` -- a space before a phrase's ``)``.
"""

from __future__ import annotations

import re
from sys import intern
from typing import Any, cast

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, build_corpus, trailing_meta
from tcompare.formats.tct import TCT_POS, LabelProblem, label_text, split_label
from tcompare.model.corpus import Corpus, shown
from tcompare.model.tree import Label, Node, Token, Tree

_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_GLUED = re.compile(r"([A-Za-z]+)([^\x00-\x7f].*)")
_CCG_MARKS = frozenset("/\\{}[]")

_label_cache: dict[str, Label] = {}


def is_ccg_category(tag: str) -> bool:
    """True for CCG categories (``S{decl}``, ``NP``, ``[S\\NP]/NP``); TCT tags are lower-case."""
    return bool(tag) and (tag[0].isupper() or tag[0] == "[" or any(c in _CCG_MARKS for c in tag))


def split_label2012(raw: str) -> Label:
    label = _label_cache.get(raw)
    if label is None:
        if is_ccg_category(raw):
            label = Label(raw, category=raw, ccg=raw)
        else:
            label = split_label(raw)
        if len(_label_cache) < 50000:
            _label_cache[raw] = label
    return label


def _token(tag: str, word: str) -> Token:
    tag = intern(tag)   # tags repeat: share one string
    return Token(word, tag, ccg=tag if is_ccg_category(tag) else "")


def parse_tree(source: str) -> Tree:
    """Parse one sentence's text.

    Raises
    ------
    SyntaxProblem
        with the character offset of the problem in `source`.
    """
    # a frame: [node, offset of '(', words seen (text, offset)]
    stack: list[list[Any]] = []
    root: Node | None = None
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(source)]
    i, n = 0, len(tokens)
    while i < n:
        tok, at = tokens[i]
        if tok == "(":
            if root is not None and not stack:
                raise SyntaxProblem("a second tree starts after the first one ended", at,
                                    "one tree per sentence")
            label = ""
            # the label is written right after "(" ("( (zj" has an empty root label)
            if i + 1 < n and tokens[i + 1][0] not in "()" and tokens[i + 1][1] == at + 1:
                label = tokens[i + 1][0]
                i += 1
            try:
                node = Node(split_label2012(label))
            except LabelProblem as exc:
                raise SyntaxProblem(str(exc), at + 1 + exc.offset) from None
            stack.append([node, at, []])
            i += 1
            continue
        if tok == ")":
            if not stack:
                raise SyntaxProblem("unbalanced ')': no '(' is open here", at)
            node, opened, words = stack.pop()
            item: Node | Token = node
            if words:
                if len(words) > 1:
                    raise SyntaxProblem(
                        f"two words in one preterminal ({node.label.raw} {words[0][0]} "
                        f"{words[1][0]} ...)", words[1][1],
                        "a preterminal is (TAG word); is a ')' missing?")
                if node.children:
                    raise SyntaxProblem(f"word {shown(words[0][0])} is mixed with phrases",
                                        words[0][1], "write it as (TAG word)")
                if not node.label.raw:
                    raise SyntaxProblem(f"word {shown(words[0][0])} has no tag", words[0][1],
                                        "a preterminal is (TAG word)")
                item = _token(node.label.raw, words[0][0])
            elif not node.children:
                glued = _GLUED.fullmatch(node.label.raw)
                if glued and glued.group(1) in TCT_POS:
                    item = _token(glued.group(1), glued.group(2))
                elif node.label.raw:
                    raise SyntaxProblem(f"({node.label.raw}) has no word", opened,
                                        "a preterminal is (TAG word); is a space missing?")
                elif stack:
                    raise SyntaxProblem("empty brackets '()'", opened)
                elif i + 1 < n:
                    raise SyntaxProblem(f"text {shown(tokens[i + 1][0])} after the empty parse '()'",
                                        tokens[i + 1][1])
                else:
                    return Tree.build(None, trailing_meta(source))  # "()": a failed parse
            if stack:
                stack[-1][0].children.append(item)
            elif isinstance(item, Token):
                raise SyntaxProblem(f"the tree is a single word ({item.pos} {item.form})",
                                    opened, "a tree needs a phrase around its words")
            else:
                root = item
            i += 1
            continue
        if not stack:
            where = "after the end of the tree" if root is not None else "outside any '(...)'"
            raise SyntaxProblem(f"text {shown(tok)} {where}", at)
        stack[-1][2].append((tok, at))
        i += 1
    if stack:
        raise SyntaxProblem(f"unbalanced '(': this bracket is never closed "
                            f"({len(stack)} still open at the end of the sentence)", stack[-1][1])
    if root is None:
        raise SyntaxProblem("no tree found", 0)
    return Tree.build(root, trailing_meta(source))


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    return build_corpus(text, path, "tct2012", "(", ")", parse_tree)


# -- writing ------------------------------------------------------------------------------

def label_text2012(label: Label) -> str:
    if label.ccg:
        return label.raw if label.raw == label.ccg else label.ccg
    if is_ccg_category(label.raw) and label.raw == label.category:
        return label.raw
    return label_text(label)


def format_tree(tree: Tree) -> str:
    """One line: ``(zj (dj (np (b 小型) (n 木材) ) ...) (wE 。) )`` (no line end)."""
    if tree.root is None:
        return "()"
    parts: list[str] = []
    stack: list[object] = [tree.root]
    while stack:  # iterative: deep trees must not hit the recursion limit
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Token):
            parts.append(f" ({item.ccg or item.pos or '_'} {item.form})")
        else:
            node: Node = item  # type: ignore[assignment]
            parts.append(("(" if node is tree.root else " (") + label_text2012(node.label))
            stack.append(" )")
            stack.extend(reversed(node.children))
    return "".join(parts)


def format_item(tree: Tree, newline: str = "\n") -> str:
    return format_tree(tree) + newline + cast(str, tree.meta.get("trailing", ""))


_TCT_ROOT = re.compile(r"\(\s*\(?\s*(zj|dj|fj|np|vp|ap|jq|dlc|S\{|S\[|S\s|[A-Z]+\{)")
_CCG_LABEL = re.compile(r"\([^\s()]*[/\\{}][^\s()]*\s")
_TCT_PRETERMINAL = re.compile(r"\((?:[a-z][A-Za-z]{0,4}|\[[^\s()]*|[A-Z][^\s()]*[/\\{][^\s()]*)"
                              r" ?[^\x00-\x7f]")


def sniff(text: str) -> float:
    """Confidence that `text` is ParsEval-2012 round brackets (TCT tags or CCG categories
    over Chinese words), as opposed to PTB."""
    head = text[:20000].lstrip("\ufeff \t\r\n")
    if not head.startswith("(") or "(<" in head[:2000]:
        return 0.0
    if re.search(r"\(\s+!?\S+\s+\(", head[:2000]) and " ( !" in head[:2000]:
        return 0.1  # PKU
    hits = len(_TCT_PRETERMINAL.findall(head[:4000]))
    if _TCT_ROOT.match(head) and hits:
        return 0.9
    if len(_CCG_LABEL.findall(head[:4000])) >= 2:
        return 0.9   # PTB labels never hold / \ { }: these are CCG categories
    if hits >= 3:
        return 0.85
    return 0.3


NOTATION = Notation(
    name="tct2012",
    description="ParsEval-2012 round brackets, PSG or CCG: (zj (dj (np (b 小型) ...) (wE 。) )",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".psg", ".tct2012"),
)
