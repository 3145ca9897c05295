"""Constituency patterns in tgrep2 syntax, matched over our model trees.

Supported subset of TGrep2 (Rohde 2005, "TGrep2 User Manual", section 2):

Node tests (see `labels`): ``NP`` (raw label, category, or ``category-function``: so
``NP`` matches ``NP-SBJ-1`` and ``PP-DTV`` matches ``PP-DTV-2``), ``/regex/`` (searched
in the raw label), ``"literal"`` (exact raw label, for labels with special characters
such as ``"PRP$"`` or CCG ``"S[dcl]\\NP"``), ``__`` / ``*`` (any node), ``A|B``
(alternation), ``!A`` (negation), ``{part=value}`` filters on label parts (an extension;
parts are listed in `view`), ``=name`` after a test names the node, ``=name`` alone refers
back to it.

Relations (``A op B``; all relations written after a node apply to that node, so
``A < B < C`` means A < B and A < C; use parentheses for ``A < (B < C)``):

=============  ==============================================================
``A < B``      A immediately dominates B (``A > B``: A is a child of B)
``A << B``     A dominates B (``A >> B``: A is dominated by B)
``A <, B``     B is the first child of A (``A >, B``: A is the first child of B)
``A <- B``     B is the last child of A; also written ``<'`` (``>-`` / ``>'``)
``A <N B``     B is the N-th child of A, 1-based; ``<-N`` counts from the end (``>N``, ``>-N``)
``A <: B``     B is the only child of A (``A >: B``)
``A <<, B``    B is a leftmost descendant of A (``<<'``/``<<-`` rightmost; ``>>,``, ``>>'``)
``A <<: B``    B lies on a unary chain down from A (``A >>: B``)
``A . B``      A immediately precedes B (``A , B``: immediately follows)
``A .. B``     A precedes B (``A ,, B``: follows)
``A $ B``      A and B are sisters (distinct nodes)
``A $. B``     A is a sister of B and immediately precedes it (``$,``: immediately follows)
``A $.. B``    A is a sister of B and precedes it (``$,,``: follows)
=============  ==============================================================

``!op`` negates a relation; ``[ r1 | r2 ]`` is a disjunction of relation lists, ``![ ... ]``
its negation; ``&`` between relations is optional.  Precedence is over token offsets:
A precedes B when A's last token comes before B's first token.
Named nodes bound inside a negated relation do not leave it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterator, Union

from tcompare.query.labels import NodeTest, PartTest, Scanner, Value, read_node_test
from tcompare.query.view import ViewNode, TreeView

TREE_PARTS = ("raw", "cat", "fn", "index", "role", "ccg", "head", "pos", "word")
NAME_STOP = "()[]|&!=/\"<>$,.;{}"
OP_CHARS = "<>$.,'-:0123456789"
OPERATORS = {
    "<", ">", "<<", ">>", "<,", ">,", "<-", ">-", "<'", ">'", "<:", ">:",
    "<<,", ">>,", "<<'", ">>'", "<<-", ">>-", "<<:", ">>:",
    ".", ",", "..", ",,", "$", "$.", "$,", "$..", "$,,",
}
NUMBERED = re.compile(r"^([<>])(-?)([1-9][0-9]*)$")


# -- pattern tree ---------------------------------------------------------------------------
@dataclass
class NodePat:
    test: NodeTest | None          # None for a bare back-reference
    name: str = ""                 # binds the matched node (``NP=x``)
    backref: str = ""              # refers to a bound node (``=x``)
    relations: list["RelItem"] = field(default_factory=list)
    column: int = 0
    accepts: Callable[[ViewNode], bool] = field(default=lambda node: True, repr=False)


@dataclass
class Rel:
    op: str
    target: NodePat
    negated: bool = False
    number: int = 0                 # for <N / >N (negative: from the end)


@dataclass
class Group:
    alternatives: list[list["RelItem"]]
    negated: bool = False


RelItem = Union[Rel, Group]


@dataclass
class Match:
    """One way the pattern matched: the root node, every node the pattern touched, names."""

    root: ViewNode
    hits: list[ViewNode]
    names: dict[str, ViewNode]


# -- parser ---------------------------------------------------------------------------------
class _Parser:
    def __init__(self, text: str):
        self.s = Scanner(text)
        self.names: list[tuple[str, int]] = []
        self.refs: list[tuple[str, int]] = []

    def parse(self) -> NodePat:
        if self.s.at_end():
            raise self.s.error("empty pattern", 0)
        node = self.node_with_relations()
        self.s.skip_space()
        if self.s.pos < len(self.s.text):
            ch = self.s.peek()
            if ch == ")":
                raise self.s.error("unbalanced ')' (no matching '(')")
            if ch == "]":
                raise self.s.error("unbalanced ']' (no matching '[')")
            raise self.s.error(f"unexpected {ch!r}")
        defined = {n for n, _ in self.names}
        for name, col in self.refs:
            if name not in defined:
                raise self.s.error(f"node name '={name}' is used but never defined", col)
        return node

    def node_with_relations(self) -> NodePat:
        node = self.node()
        node.relations.extend(self.relations())
        return node

    def node(self) -> NodePat:
        s = self.s
        s.skip_space()
        at = s.pos
        ch = s.peek()
        if ch == "(":
            s.pos += 1
            node = self.node_with_relations()
            s.skip_space()
            if s.peek() != ")":
                if not s.peek():
                    raise s.error("unbalanced '(' (missing ')')", at)
                raise s.error(f"expected ')' to close the '(' at column {at + 1}, found {s.peek()!r}")
            s.pos += 1
            return node
        if ch == "=":
            s.pos += 1
            name = s.name(NAME_STOP)
            if not name:
                raise s.error("expected a node name after '='")
            self.refs.append((name, at))
            return NodePat(None, backref=name, column=at + 1)
        if not ch:
            raise s.error("expected a node, found end of pattern")
        if ch in ")]|&" or (ch in "<>$.," and ch != "!"):
            raise s.error(f"expected a node, found {ch!r}")
        test = read_node_test(s, NAME_STOP, TREE_PARTS)
        node = NodePat(test, column=at + 1, accepts=_predicate(test))
        if s.peek() == "=":
            s.pos += 1
            node.name = s.name(NAME_STOP)
            if not node.name:
                raise s.error("expected a node name after '='")
            self.names.append((node.name, at))
        return node

    def relations(self) -> list[RelItem]:
        s = self.s
        items: list[RelItem] = []
        while True:
            s.skip_space()
            ch = s.peek()
            if not ch or ch in ")]|":
                return items
            if ch == "&":
                s.pos += 1
                continue
            negated = False
            if ch == "!":
                negated = True
                s.pos += 1
                ch = s.peek()
            if ch == "[":
                items.append(self.group(negated))
                continue
            items.append(self.relation(negated))

    def group(self, negated: bool) -> Group:
        s = self.s
        at = s.pos
        s.pos += 1
        alternatives = [self.relations()]
        while s.peek() == "|":
            s.pos += 1
            alternatives.append(self.relations())
        if s.peek() != "]":
            if not s.peek():
                raise s.error("unbalanced '[' (missing ']')", at)
            raise s.error(f"expected ']' to close the '[' at column {at + 1}, found {s.peek()!r}")
        s.pos += 1
        if any(not alt for alt in alternatives):
            raise s.error("empty alternative in '[ ... ]'", at)
        return Group(alternatives, negated)

    def relation(self, negated: bool) -> Rel:
        s = self.s
        at = s.pos
        while s.pos < len(s.text) and s.text[s.pos] in OP_CHARS:
            s.pos += 1
        op = s.text[at:s.pos]
        if not op:
            found = s.text[at] if at < len(s.text) else "end of pattern"
            raise s.error(f"expected a relation (<, >, <<, ., $, ...), found {found!r}", at)
        number = 0
        numbered = NUMBERED.match(op)
        if numbered:
            number = int(numbered.group(3)) * (-1 if numbered.group(2) else 1)
            op = numbered.group(1) + "N"
        elif op not in OPERATORS:
            raise s.error(f"unknown relation {op!r}", at)
        target = self.node()
        return Rel(op, target, negated, number)


def parse(text: str) -> NodePat:
    """Parse a tgrep2 pattern.  Raises `PatternError` with the column of the problem."""
    return _Parser(text).parse()


# -- matching -------------------------------------------------------------------------------
def _name_match(node: ViewNode, value: Value) -> bool:
    if value.kind == "regex":
        return value.regex.search(node.raw) is not None
    if value.kind == "literal":
        return node.raw == value.text
    text = value.text
    if text == node.raw:
        return True
    cat = node.parts.get("cat", "")
    if text == cat:
        return True
    fn = node.parts.get("fn", "")
    return bool(fn) and text == f"{cat}-{fn}"


def _predicate(test: NodeTest) -> Callable[[ViewNode], bool]:
    """A fast closure equivalent to ``test.check(node, _name_match, _part_match)``: matching
    is dominated by node tests, so names become set lookups."""
    if not test.values or any(v.kind == "any" for v in test.values):
        label_ok: Callable[[ViewNode], bool] = lambda node: True
    else:
        names = frozenset(v.text for v in test.values if v.kind == "name")
        literals = frozenset(v.text for v in test.values if v.kind == "literal")
        regexes = tuple(v.regex for v in test.values if v.kind == "regex")

        def label_ok(node: ViewNode) -> bool:
            raw = node.raw
            if raw in names or raw in literals:
                return True
            if names:
                parts = node.parts
                cat = parts.get("cat", "")
                if cat in names:
                    return True
                fn = parts.get("fn", "")
                if fn and f"{cat}-{fn}" in names:
                    return True
            return any(rx.search(raw) for rx in regexes)

    parts_tests = tuple(test.parts)
    negated = test.negated

    def accepts(node: ViewNode) -> bool:
        ok = label_ok(node)
        if ok:
            for part in parts_tests:
                if _part_match(node, part) == part.negated:
                    ok = False
                    break
        return ok != negated

    return accepts


def _label_ok(test: NodeTest, node: ViewNode) -> bool:
    """The label alternation of `test` alone (no part filter, no negation)."""
    return any(v.kind == "any" or _name_match(node, v) for v in test.values)


def _part_match(node: ViewNode, test: PartTest) -> bool:
    value = node.parts.get(test.part, "")
    if test.part == "fn" and test.value.kind in ("name", "literal") and value:
        return test.value.text == value or test.value.text in value.split("-")
    return test.value.matches(value)


def _unary_chain(node: ViewNode) -> Iterator[ViewNode]:
    while len(node.children) == 1:
        node = node.children[0]
        yield node


def _edge_chain(node: ViewNode, first: bool) -> Iterator[ViewNode]:
    while node.children:
        node = node.children[0] if first else node.children[-1]
        yield node


def _candidates(rel: Rel, a: ViewNode, view: TreeView) -> Iterator[ViewNode]:
    op = rel.op
    kids = a.children
    parent = a.parent
    if op == "<":
        yield from kids
    elif op == ">":
        if parent is not None:
            yield parent
    elif op == "<<":
        yield from view.descendants(a)
    elif op == ">>":
        yield from view.ancestors(a)
    elif op == "<,":
        if kids:
            yield kids[0]
    elif op in ("<-", "<'"):
        if kids:
            yield kids[-1]
    elif op == ">,":
        if parent is not None and a.position == 0:
            yield parent
    elif op in (">-", ">'"):
        if parent is not None and a.position == len(parent.children) - 1:
            yield parent
    elif op == "<N":
        n = rel.number
        if (n > 0 and n <= len(kids)) or (n < 0 and -n <= len(kids)):
            yield kids[n - 1 if n > 0 else n]
    elif op == ">N":
        if parent is not None:
            n, count = rel.number, len(parent.children)
            if (n > 0 and a.position == n - 1) or (n < 0 and a.position == count + n):
                yield parent
    elif op == "<:":
        if len(kids) == 1:
            yield kids[0]
    elif op == ">:":
        if parent is not None and len(parent.children) == 1:
            yield parent
    elif op == "<<,":
        yield from _edge_chain(a, True)
    elif op in ("<<'", "<<-"):
        yield from _edge_chain(a, False)
    elif op == ">>,":
        for up in view.ancestors(a):
            if a in _edge_chain(up, True):
                yield up
    elif op in (">>'", ">>-"):
        for up in view.ancestors(a):
            if a in _edge_chain(up, False):
                yield up
    elif op == "<<:":
        yield from _unary_chain(a)
    elif op == ">>:":
        for up in view.ancestors(a):
            if a in _unary_chain(up):
                yield up
    elif op in ("$", "$.", "$,", "$..", "$,,"):
        if parent is None:
            return
        sisters, i = parent.children, a.position
        if op == "$":
            yield from (b for b in sisters if b is not a)
        elif op == "$.":
            if i + 1 < len(sisters):
                yield sisters[i + 1]
        elif op == "$,":
            if i > 0:
                yield sisters[i - 1]
        elif op == "$..":
            yield from sisters[i + 1:]
        else:
            yield from sisters[:i]
    elif op == ".":
        yield from (b for b in view.nodes if b.start == a.end and b.end > b.start)
    elif op == ",":
        yield from (b for b in view.nodes if b.end == a.start and b.end > b.start)
    elif op == "..":
        yield from (b for b in view.nodes if b.start >= a.end and b.end > b.start)
    elif op == ",,":
        yield from (b for b in view.nodes if b.end <= a.start and b.end > b.start)


Env = tuple  # (names: dict[str, ViewNode], hits: tuple[ViewNode, ...])


class _Matcher:
    def __init__(self, view: TreeView):
        self.view = view

    def node(self, pat: NodePat, node: ViewNode, env: Env) -> Iterator[Env]:
        names, hits = env
        if pat.backref:
            bound = names.get(pat.backref)
            if bound is None:          # referred to before it is bound: binds here
                names = {**names, pat.backref: node}
            elif bound is not node:
                return
        if not pat.accepts(node):
            return
        if pat.name:
            bound = names.get(pat.name)
            if bound is None:
                names = {**names, pat.name: node}
            elif bound is not node:
                return
        yield from self.items(pat.relations, 0, node, (names, hits + (node,)))

    def items(self, items: list[RelItem], i: int, node: ViewNode, env: Env) -> Iterator[Env]:
        if i == len(items):
            yield env
            return
        for env2 in self.item(items[i], node, env):
            yield from self.items(items, i + 1, node, env2)

    def item(self, item: RelItem, node: ViewNode, env: Env) -> Iterator[Env]:
        if isinstance(item, Group):
            if item.negated:
                if not any(True for alt in item.alternatives for _ in self.items(alt, 0, node, env)):
                    yield env
                return
            for alt in item.alternatives:
                yield from self.items(alt, 0, node, env)
            return
        if item.negated:
            for cand in _candidates(item, node, self.view):
                for _ in self.node(item.target, cand, env):
                    return
            yield env
            return
        for cand in _candidates(item, node, self.view):
            yield from self.node(item.target, cand, env)


class TreePattern:
    """A compiled tgrep2 pattern.

    Parameters
    ----------
    text : the pattern source.

    Raises
    ------
    PatternError
        when the text is not a valid pattern (column of the problem included).
    """

    kind = "constituency"

    def __init__(self, text: str):
        self.text = text
        self.root = parse(text)

    def matches(self, view: TreeView) -> Iterator[Match]:
        """One `Match` per view node the pattern matches at (its first solution)."""
        matcher = _Matcher(view)
        for node in self._root_candidates(view):
            for names, hits in matcher.node(self.root, node, ({}, ())):
                yield Match(node, list(dict.fromkeys(hits)), dict(names))
                break

    def search(self, view: TreeView) -> bool:
        return next(self.matches(view), None) is not None

    def _root_candidates(self, view: TreeView) -> list[ViewNode]:
        """Nodes passing the root's node test, in preorder.  Label tests only look at the raw
        label (category and function are derived from it), so positive tests are answered
        from the view's label indexes instead of testing every node."""
        test, accepts = self.root.test, self.root.accepts
        if test is None or test.negated or not test.values \
                or any(v.kind == "any" for v in test.values):
            return [n for n in view.nodes if accepts(n)]
        if all(v.kind == "name" for v in test.values):
            index = view.by_key()
            found = [n for v in test.values for n in index.get(v.text, ())]
        else:
            found = []
            for nodes in view.by_raw().values():
                if _label_ok(test, nodes[0]):
                    found.extend(nodes)
        if len(test.values) > 1 or len(found) > 1:
            found = sorted(set(found), key=lambda n: n.order)
        return [n for n in found if accepts(n)]

    def __repr__(self) -> str:
        return f"TreePattern({self.text!r})"
