"""TCT square brackets, ParsEval-2009/2010 (``tct``), spec/notations.md §2.

Shape
-----
``[LABEL child ...]``; a child is a phrase or a leaf ``word/POS``.  Spaces between items
are optional (``[zj-XX[dj-ZW[np-DZ我/rN哥哥/n]...]]。/w]`` is a real teaching example):

* ``[`` and ``]`` always delimit;
* a label is the ASCII run right after ``[`` (``np-DZ`` in ``[np-DZ我/rN``);
* a leaf runs to the next space or bracket, and its POS follows the LAST ``/`` (words may
  contain ``/``: ``1/2/m`` is the word ``1/2``);
* only in a sentence written with no spaces at all (the teaching note's style), leaves
  glued together (``送/v给/v``) are cut after a POS-looking tag (lower-case ASCII letters,
  optionally ``-@``) that is directly followed by a non-ASCII character.  With spaces the
  rule above is exact, so a word like ``A/b型`` survives;
* a POS may be a punctuation mark itself (``、/、``);
* ``word/POS-@`` (the 2010 event bank's head word) sets `Token.is_head`.

Labels (`split_label`)
----------------------
``tag`` (``dj``), ``tag-GR`` with an upper-case relation (``dj-ZW``, ``vp-PO``),
``tag-h[-h...]`` with 0-based head-child positions among words and phrases (``vp-1``,
``np-0-2`` -> ``Label.heads == (0, 2)``), and the 2010 event-bank chunks ``ROLE-tag[-Tgt]``
(``D-sp``, ``P-vp-Tgt``: role ``P``, category ``vp``, function ``Tgt``).

Sentences: see `tcompare.formats.linegroups` (one tree per line, or balanced groups of
lines; blank lines separate).  ``[]`` is an empty (failed) parse: ``Tree(root=None)``.
Writing: ``[dj-ZW 我/rN [vp-PO 看/v 书/n ] ]`` -- one space between items and before each
``]``, as in the ParsEval papers.
"""

from __future__ import annotations

import re
from sys import intern
from typing import cast

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, build_corpus, trailing_meta
from tcompare.model.corpus import Corpus, shown
from tcompare.model.tree import Label, Node, Token, Tree

# TCT part-of-speech tags.  Sources: the tags printed in seeds 000/001 (s wP rNP d v p cC
# uJDE n vM rN m qN wE b a uA ...) plus the TCT guideline's families (Zhou 2004): nouns
# nR/nS/nO/nP/nZ, time t, place s, direction f, verbs v*, adjectives a*, distinguishers b,
# pronouns r*, numerals m, classifiers q*, adverbs d, prepositions p, conjunctions c*,
# auxiliaries u*, modal y, interjection e, onomatopoeia o, affixes h/k, morphemes g,
# idioms i/l/j, foreign x, punctuation w*.  Only used (by tct2012) to accept a word glued
# to its tag, ``(wE。)``; any tag is accepted when written with a space or a ``/``.
TCT_POS = frozenset("""
n nR nS nO nP nZ nT nN t s f
v vM vC vN vD vJ vA vQ vT vG
a aD aN aM b z
r rN rNP rB rD rS
m mN mQ q qN qV qT qE qC qZ
d dD p pB c cC cS cB
u uA uJDE uJDI uJDF uJY uS uO uDE uSUO uDENG uSHI
y e o h k g i l j x xE xS xN
w wP wE wD wS wT wU wY wQ wL wR wF wM wO wW wJ wK wN wH wB wZ
""".split())

EVENT_ROLES = frozenset("DSPOH")   # event-bank chunk roles (seed 000 §4)
HEAD_WORD_MARK = "-@"

_LABEL_AT = re.compile(r"[A-Za-z0-9_@.*+-]+")
_TOKEN = re.compile(r"\[|\]|[^\s\[\]]+")
# a POS tag written right before a non-ASCII character: the boundary of two glued leaves
_EMPTY_PARSE = re.compile(r"\[\s*\]")
_GLUED_POS = re.compile(r"/([a-z][A-Za-z]{0,5}(?:-@)?)(?=[^\x00-\x7f])")

_label_cache: dict[str, Label] = {}


# -- labels -------------------------------------------------------------------------------

class LabelProblem(ValueError):
    """A label that cannot be split; `offset` is where in the label the problem starts."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


MAX_HEAD_DIGITS = 9      # a head position counts daughters; int() refuses > 4,300 digits


def split_label(raw: str) -> Label:
    """Split a TCT label into category / GR function / head positions / event role."""
    label = _label_cache.get(raw)
    if label is not None:
        return label
    parts = raw.split("-")
    role = ""
    if len(parts) >= 2 and parts[0] in EVENT_ROLES and parts[1][:1].islower():
        role = parts.pop(0)
    heads: list[int] = []
    functions: list[str] = []
    for part in parts[1:]:
        if part.isascii() and part.isdigit():
            if len(part) > MAX_HEAD_DIGITS:
                raise LabelProblem(f"head position {shown(part)} in label is too long "
                                   f"(at most {MAX_HEAD_DIGITS} digits)", raw.find(part))
            heads.append(int(part))
        else:
            functions.append(part)
    # head positions are a set (B+C+H compares sets): kept sorted, the raw text keeps the order
    label = Label(raw, category=parts[0], function="-".join(functions),
                  heads=tuple(sorted(set(heads))), role=role)
    if len(_label_cache) < 50000:
        _label_cache[raw] = label
    return label


def compose_label(label: Label, with_heads: bool = True) -> str:
    """The TCT spelling of a label's parts: ``[ROLE-]tag[-GR][-h...]``."""
    parts = [label.role] if label.role else []
    parts.append(label.category)
    if label.function:
        parts.append(label.function)
    if with_heads:
        parts.extend(str(h) for h in label.heads)
    return "-".join(parts)


def _same_parts(a: Label, b: Label, with_heads: bool) -> bool:
    return (a.category == b.category and a.function == b.function and a.role == b.role
            and a.heads == (b.heads if with_heads else ()))


def label_text(label: Label, with_heads: bool = True) -> str:
    """What to write for `label`: its raw text when that still says what its parts say
    (so unedited labels come back as they were), else the parts composed afresh.
    ``with_heads=False`` (PKU, where ``!`` marks carry the heads) writes no positions."""
    if label.raw and _same_parts(split_label(label.raw), label, with_heads):
        return label.raw
    if label.raw and not (label.category or label.function or label.role or label.heads):
        return label.raw   # a label given only as text (Label("np-DZ")): trust the text
    return compose_label(label, with_heads)


# -- leaves -------------------------------------------------------------------------------

def split_leaves(run: str, offset: int, glued: bool = True) -> list[Token]:
    """Cut a bracket-free run into Tokens: ``我/rN哥哥/n`` is two when `glued` (the sentence
    has no spaces), else the run is one leaf.

    Raises
    ------
    SyntaxProblem
        for a leaf without ``/POS``, with an empty word, or with an empty POS.
    """
    if not glued:
        return [_leaf(run, offset)]
    cuts = [m.end() for m in _GLUED_POS.finditer(run)]
    tokens = []
    start = 0
    for end in cuts + [len(run)]:
        if end <= start:
            continue
        tokens.append(_leaf(run[start:end], offset + start))
        start = end
    return tokens


def _leaf(text: str, offset: int) -> Token:
    slash = text.rfind("/")
    if slash < 0:
        raise SyntaxProblem(f"word {shown(text)} has no POS tag", offset, "TCT leaves are word/POS")
    word, pos = text[:slash], text[slash + 1:]
    if not word:
        raise SyntaxProblem(f"empty word before '/{pos}'", offset)
    if not pos:
        raise SyntaxProblem(f"missing POS tag after '/' in {shown(text)}", offset + slash)
    is_head = pos.endswith(HEAD_WORD_MARK) and len(pos) > len(HEAD_WORD_MARK)
    if is_head:
        pos = pos[:-len(HEAD_WORD_MARK)]
    return Token(word, intern(pos), is_head=is_head)


# -- reading one tree ---------------------------------------------------------------------

_ANY_SPACE = re.compile(r"\s")


def parse_tree(source: str) -> Tree:
    """Parse one sentence's text.

    Raises
    ------
    SyntaxProblem
        with the character offset of the problem in `source`.
    """
    if _EMPTY_PARSE.fullmatch(source.strip()):
        return Tree.build(None, trailing_meta(source))   # "[]": a failed parse, as "()" in PTB
    stack: list[tuple[Node, int]] = []     # open nodes and the offset of their '['
    root: Node | None = None
    expect_label = False
    body = source.strip()
    glued = _ANY_SPACE.search(body) is None      # \s is str.isspace(), at C speed
    for m in _TOKEN.finditer(source):
        tok, at = m.group(), m.start()
        if expect_label:
            expect_label = False
            if tok in "[]":
                raise SyntaxProblem(f"missing label after '[' (found {shown(tok)})", at)
            label_match = _LABEL_AT.match(tok)
            if label_match is None or ("/" in tok and label_match.end() < len(tok)
                                       and tok[label_match.end()] == "/"):
                raise SyntaxProblem(f"missing label after '[' (found {shown(tok)})", at,
                                    "a phrase is written [label child ...]")
            try:
                stack[-1][0].label = split_label(label_match.group())
            except LabelProblem as exc:
                raise SyntaxProblem(str(exc), at + exc.offset) from None
            rest = tok[label_match.end():]
            if rest:
                stack[-1][0].children.extend(split_leaves(rest, at + label_match.end(), glued))
            continue
        if tok == "[":
            if root is not None and not stack:
                raise SyntaxProblem("a second tree starts after the first one ended", at,
                                    "one tree per sentence")
            node = Node(Label(""))
            if stack:
                stack[-1][0].children.append(node)
            else:
                root = node
            stack.append((node, at))
            expect_label = True
        elif tok == "]":
            if not stack:
                raise SyntaxProblem("unbalanced ']': no '[' is open here", at)
            node, opened = stack.pop()
            if not node.children:
                raise SyntaxProblem(f"empty phrase [{node.label.raw}]", opened)
        else:
            if not stack:
                where = "after the end of the tree" if root is not None else "outside any '[...]'"
                raise SyntaxProblem(f"text {shown(tok)} {where}", at)
            stack[-1][0].children.extend(split_leaves(tok, at, glued))
    if expect_label:
        raise SyntaxProblem("missing label after '[' at the end of the sentence",
                            stack[-1][1])
    if stack:
        opened = stack[-1][1]
        raise SyntaxProblem(f"unbalanced '[': this bracket is never closed "
                            f"({len(stack)} still open at the end of the sentence)", opened)
    if root is None:
        raise SyntaxProblem("no tree found", 0)
    return Tree.build(root, trailing_meta(source))


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    return build_corpus(text, path, "tct", "[", "]", parse_tree)


# -- writing ------------------------------------------------------------------------------

def format_tree(tree: Tree) -> str:
    """One line: ``[zj-XX [dj-ZW 我/rN [vp-PO 看/v 书/n ] ] 。/wE ]`` (no line end).

    A head word gets ``-@`` only when its parent's label does not already give its position
    (so a tree read from PKU ``!`` marks is written with ``tag-h`` labels alone).
    """
    if tree.root is None:
        return "[]"
    parts: list[str] = []
    stack: list[tuple[object, bool]] = [(tree.root, False)]
    while stack:  # iterative: deep trees must not hit the recursion limit
        item, named = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Token):
            mark = HEAD_WORD_MARK if item.is_head and not named else ""
            parts.append(f" {item.form}/{item.pos or '_'}{mark}")
        else:
            node: Node = item  # type: ignore[assignment]
            parts.append(("[" if node is tree.root else " [") + label_text(node.label))
            stack.append((" ]", False))
            heads = node.label.heads
            for k in range(len(node.children) - 1, -1, -1):
                stack.append((node.children[k], k in heads))
    return "".join(parts)


def format_item(tree: Tree, newline: str = "\n") -> str:
    return format_tree(tree) + newline + cast(str, tree.meta.get("trailing", ""))


_TCT_START = re.compile(r"\[\s*[a-zA-Z]+[-\w]*[\s\[]*[^\s\[\]/]+/[a-zA-Z\u3000-\uffff]")


def sniff(text: str) -> float:
    """Confidence that `text` is TCT square brackets."""
    head = text[:20000].lstrip("\ufeff \t\r\n")
    if not head.startswith("["):
        return 0.0
    if _TCT_START.match(head) or re.search(r"[^\s\[\]]/[A-Za-z]+\s*\]", head[:4000]):
        return 0.9
    return 0.5


NOTATION = Notation(
    name="tct",
    description="TCT square brackets (ParsEval-2009/2010): [dj-ZW 我/rN [vp-PO 看/v 书/n ] ]",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".tct",),
)
