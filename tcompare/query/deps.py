"""Dependency patterns: a token, then up to two arcs, each to a further token.

Form (whitespace separates tokens and arcs)::

    TOKEN                         a token that passes the node test
    TOKEN -REL-> TOKEN            the left token heads the right one (either side in the sentence)
    TOKEN <-REL- TOKEN            the right token heads the left one
    TOKEN -REL->R TOKEN           ... and the dependent lies to the Right of its head
    TOKEN -REL->L TOKEN           ... to the Left (``<-REL-R`` / ``<-REL-L`` likewise)
    TOKEN !-REL-> TOKEN           negation: no such arc (only as the last arc)
    A -R1-> B -R2-> C             chains of two arcs: B is the middle token of both

Tokens use the node tests of `labels`: a bare name matches UPOS (CPOSTAG) or XPOS (POSTAG)
exactly, ``/regex/`` is searched in both, ``*``/``__`` is any token, ``A|B`` alternates,
``!`` negates, and ``{form=把, lemma=..., upos=..., xpos=..., feats=/Voice=Pass/,
deprel=...}`` filters on columns.
REL is a relation name, ``/regex/`` or ``*`` (``a|b`` alternates).  A bare name matches
the DEPREL exactly or its universal part before ``:`` (``nsubj`` matches ``nsubj:pass``;
``aux:pass`` matches only itself).  For CoNLL-U rules, a bare name whose universal part is
not one of the 37 UD relations is reported as an unknown relation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from tcompare.query.labels import (NodeTest, PartTest, Scanner, Value, read_node_test,
                                               read_value)
from tcompare.model.deps import DepSentence

DEP_PARTS = ("form", "lemma", "upos", "xpos", "cpostag", "postag", "feats", "deprel", "id")
NAME_STOP = "|!{}/\"="
REL_STOP = "|/\"->"
UD_RELATIONS = frozenset(
    "acl advcl advmod amod appos aux case cc ccomp clf compound conj cop csubj dep det "
    "discourse dislocated expl fixed flat goeswith iobj list mark nmod nsubj nummod obj obl "
    "orphan parataxis punct reparandum root vocative xcomp".split())


class DepToken:
    """A word of the view: `index` is its 0-based position among the sentence's words."""

    __slots__ = ("index", "parts", "head", "dependents")

    def __init__(self, index: int, parts: dict[str, str]):
        self.index, self.parts = index, parts
        self.head: DepToken | None = None
        self.dependents: list[DepToken] = []

    def __repr__(self) -> str:
        return f"DepToken({self.parts['form']!r}@{self.index})"


class DepView:
    """Words of a `DepSentence` with head links resolved (bad HEAD values give no arc)."""

    def __init__(self, sentence: DepSentence):
        self.sentence = sentence
        words = sentence.words
        self.tokens = [DepToken(i, {"form": w.form, "lemma": w.lemma, "upos": w.cpostag,
                                    "xpos": w.postag, "cpostag": w.cpostag, "postag": w.postag,
                                    "feats": w.feats, "deprel": w.deprel, "id": w.id})
                       for i, w in enumerate(words)]
        by_id = {w.id: tok for w, tok in zip(words, self.tokens)}
        for w, tok in zip(words, self.tokens):
            head = by_id.get(w.head)
            if head is not None and head is not tok:
                tok.head = head
                head.dependents.append(tok)


@dataclass
class Arc:
    relation: list[Value]
    head_first: bool              # "-REL->": the earlier pattern token is the head
    side: str = ""                # "R" / "L": where the dependent lies relative to its head
    negated: bool = False
    column: int = 0


@dataclass
class DepMatch:
    root: DepToken
    hits: list[DepToken]
    arcs: list[tuple[int, int]] = field(default_factory=list)   # (head index, dependent index)


def _tok_name(tok: DepToken, value: Value) -> bool:
    upos, xpos = tok.parts["upos"], tok.parts["xpos"]
    if value.kind == "regex":
        return value.regex.search(upos) is not None or value.regex.search(xpos) is not None
    return value.text in (upos, xpos)


def _tok_part(tok: DepToken, test: PartTest) -> bool:
    return test.value.matches(tok.parts.get(test.part, ""))


def _rel_match(values: list[Value], deprel: str) -> bool:
    for v in values:
        if v.kind == "any":
            return True
        if v.kind == "regex":
            if v.regex.search(deprel):
                return True
        elif v.text == deprel or (v.kind == "name" and v.text == deprel.split(":", 1)[0]):
            return True
    return False


class DepPattern:
    """A compiled dependency pattern.

    Parameters
    ----------
    text : the pattern source.
    ud : check bare relation names against the UD relation inventory.

    Raises
    ------
    PatternError
        for malformed arcs, unknown relations (``ud``), bad regexes; with the column.
    """

    kind = "dependency"

    def __init__(self, text: str, ud: bool = False):
        self.text = text
        self.tests: list[NodeTest] = []
        self.arcs: list[Arc] = []
        self._parse(ud)

    def _parse(self, ud: bool) -> None:
        s = Scanner(self.text)
        if s.at_end():
            raise s.error("empty pattern", 0)
        self.tests.append(self._token(s))
        while not s.at_end():
            if len(self.arcs) == 2:
                raise s.error("a dependency pattern has at most two arcs")
            if self.arcs and self.arcs[-1].negated:
                raise s.error("a negated arc must be the last arc")
            self.arcs.append(self._arc(s, ud))
            if s.at_end():
                raise s.error("expected a token after the arc")
            self.tests.append(self._token(s))

    @staticmethod
    def _token(s: Scanner) -> NodeTest:
        at = s.pos
        if s.peek() in ("-", "<") or s.peek(2) in ("!-", "!<"):
            raise s.error("expected a token, found an arc", at)
        test = read_node_test(s, NAME_STOP, DEP_PARTS)
        if s.pos < len(s.text) and not s.text[s.pos].isspace():
            raise s.error(f"unexpected {s.peek()!r} after token")
        return test

    @staticmethod
    def _arc(s: Scanner, ud: bool) -> Arc:
        at = s.pos
        negated = s.peek() == "!"
        if negated:
            s.pos += 1
        if s.peek(2) == "<-":
            head_first, s.pos = False, s.pos + 2
        elif s.peek() == "-":
            head_first, s.pos = True, s.pos + 1
        else:
            raise s.error(f"expected an arc '-REL->' or '<-REL-', found {s.peek()!r}", at)
        rel_at = s.pos
        values = [read_value(s, REL_STOP)]
        while s.peek() == "|":
            s.pos += 1
            values.append(read_value(s, REL_STOP))
        closing = "->" if head_first else "-"
        if s.peek(len(closing)) != closing:
            raise s.error(f"unknown relation arrow: expected {closing!r} to close the arc "
                          f"opened at column {at + 1}")
        s.pos += len(closing)
        side = ""
        if s.peek() in ("R", "L") and (s.pos + 1 >= len(s.text) or s.text[s.pos + 1].isspace()):
            side, s.pos = s.peek(), s.pos + 1
        if s.pos < len(s.text) and not s.text[s.pos].isspace():
            raise s.error(f"unknown relation arrow {s.text[at:s.pos + 1]!r}", at)
        if ud:
            for v in values:
                if v.kind == "name" and v.text.split(":", 1)[0] not in UD_RELATIONS:
                    raise s.error(f"unknown relation {v.text!r} (not a UD relation)", rel_at)
        return Arc(values, head_first, side, negated, at + 1)

    # -- matching ---------------------------------------------------------------------------
    def _ok(self, k: int, tok: DepToken) -> bool:
        return self.tests[k].check(tok, _tok_name, _tok_part)

    def _steps(self, arc: Arc, tok: DepToken) -> Iterator[tuple[DepToken, DepToken, DepToken]]:
        """(next pattern token, head, dependent) along `arc` from `tok`."""
        if arc.head_first:
            for dep in tok.dependents:
                yield dep, tok, dep
        elif tok.head is not None:
            yield tok.head, tok.head, tok

    def _arc_ok(self, arc: Arc, head: DepToken, dep: DepToken) -> bool:
        if not _rel_match(arc.relation, dep.parts["deprel"]):
            return False
        if arc.side == "R":
            return dep.index > head.index
        if arc.side == "L":
            return dep.index < head.index
        return True

    def _extend(self, k: int, tok: DepToken, hits: list[DepToken],
                arcs: list[tuple[int, int]]) -> Iterator[DepMatch]:
        if k == len(self.arcs):
            yield DepMatch(hits[0], list(hits), list(arcs))
            return
        arc = self.arcs[k]
        steps = [(nxt, h, d) for nxt, h, d in self._steps(arc, tok)
                 if self._arc_ok(arc, h, d) and self._ok(k + 1, nxt)]
        if arc.negated:
            if not steps:
                yield DepMatch(hits[0], list(hits), list(arcs))
            return
        for nxt, h, d in steps:
            yield from self._extend(k + 1, nxt, hits + [nxt], arcs + [(h.index, d.index)])

    def matches(self, view: DepView) -> Iterator[DepMatch]:
        """One `DepMatch` per token the pattern matches at (its first solution)."""
        for tok in view.tokens:
            if self._ok(0, tok):
                for match in self._extend(0, tok, [tok], []):
                    yield match
                    break

    def search(self, view: DepView) -> bool:
        return next(self.matches(view), None) is not None

    def __repr__(self) -> str:
        return f"DepPattern({self.text!r})"
