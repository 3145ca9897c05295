"""Queries over gold, system and the differences: a tree pattern plus verdict predicates.

A query is a pattern of the pattern engine (tgrep2 for constituency, the arc form for
dependency; see docs/phenomena.md), optionally followed by ``::`` and predicates joined by
``&``::

    NP < PP=p :: p.partner.parent=VP          a gold PP under NP whose system partner is under VP
    *{deprel=nsubj} :: sys.deprel=obj          a gold nsubj whose system relation is obj
    VP :: crossing=yes                         a gold VP crossed by a system bracket
    NP=n << PP :: n.verdict=/missing|crossing/ an unmatched NP dominating a PP

A predicate is ``[NAME.]KEY=VALUE`` or ``KEY!=VALUE``; without NAME it is about the node
the pattern matched (its root), with NAME about the node bound by ``=NAME``.  VALUE is text
or ``/regex/``.  Keys come from the scorer's items for that node (nothing here decides a
match):

* constituency (phrase nodes: the bracket item; POS nodes: the tag item):
  ``verdict`` (match, label_only, missing, crossing, extra, wrong_pos, ignored, or none when
  the profile did not score the node), ``crossing`` (yes / no), ``partner`` (the other
  side's label: the matched / same-span bracket, or the other tag), ``partner.parent`` (the
  label of the partner's parent), ``partner.verdict``;
* dependency (the pattern's first token, or the arcs' tokens in order as ``1.`` ``2.``
  ``3.``): ``verdict`` (match, wrong_head, wrong_label, wrong_both, ignored), ``head`` /
  ``label`` (ok / wrong), ``sys.deprel``, ``sys.head`` (the system head's form, ``ROOT``),
  ``sys.upos``.

``--side system`` matches the pattern on the system trees instead; ``partner`` then names
gold.  Errors in a query raise `PatternError` with the 1-based column in the whole text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from tcompare.query import DepPattern, DepView, PatternError, TreeView, compile_pattern
from tcompare.query.rules import Highlight, to_highlight
from tcompare.scoring.base import Item, SentenceResult, Verdict

TREE_KEYS = ("verdict", "crossing", "partner", "partner.parent", "partner.verdict")
DEP_KEYS = ("verdict", "head", "label", "sys.deprel", "sys.head", "sys.upos")
_HEAD_OK = (Verdict.MATCH, Verdict.WRONG_LABEL)
_LABEL_OK = (Verdict.MATCH, Verdict.WRONG_HEAD)


@dataclass
class Predicate:
    name: str
    key: str
    value: str
    negated: bool
    column: int
    regex: re.Pattern | None = None

    def holds(self, actual: str) -> bool:
        ok = (self.regex.search(actual) is not None) if self.regex else actual == self.value
        return ok != self.negated


@dataclass
class Query:
    text: str
    pattern: Any
    predicates: list[Predicate] = field(default_factory=list)
    dependency: bool = False


def _split(text: str) -> int:
    """Offset of the ``::`` that starts the predicates (outside /regex/ and "quotes"), or -1."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "/\"":
            j = i + 1
            while j < n and text[j] != ch:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if text.startswith("::", i):
            return i
        i += 1
    return -1


def parse_query(text: str, notation: str) -> Query:
    cut = _split(text)
    head = text if cut < 0 else text[:cut]
    if not head.strip():
        raise PatternError("empty pattern before '::'", 1, text)
    try:
        pattern = compile_pattern(head.rstrip(), notation)
    except PatternError as exc:
        raise PatternError(exc.message, exc.column, text) from None
    dependency = isinstance(pattern, DepPattern)
    query = Query(text, pattern, dependency=dependency)
    if cut < 0:
        return query
    keys = DEP_KEYS if dependency else TREE_KEYS
    names = set(re.findall(r"=([A-Za-z_][A-Za-z0-9_]*)", head)) if not dependency else {"1", "2", "3"}
    pos = cut + 2
    for part in text[pos:].split("&"):
        start = pos + len(part) - len(part.lstrip())
        body = part.strip()
        pos += len(part) + 1
        if not body:
            raise PatternError("empty predicate", start + 1, text)
        m = re.fullmatch(r"((?:[A-Za-z_0-9]+\.)?)([a-z.]+)\s*(!?=)\s*(.+)", body, re.S)
        if not m:
            raise PatternError("a predicate is [NAME.]KEY=VALUE or KEY!=VALUE", start + 1, text)
        name, key, op, value = m.group(1)[:-1], m.group(2), m.group(3), m.group(4).strip()
        if name and name not in names and f"{name}.{key}" in keys:
            key, name = f"{name}.{key}", ""
        if key not in keys:
            raise PatternError(f"unknown key {key!r} (known: {', '.join(keys)})",
                               start + 1 + len(m.group(1)), text)
        if name and name not in names:
            raise PatternError(f"no node is named {name!r} in the pattern", start + 1, text)
        regex = None
        if len(value) >= 2 and value[0] == value[-1] == "/":
            try:
                regex = re.compile(value[1:-1])
            except re.error as exc:
                raise PatternError(f"bad regular expression: {exc}", start + body.find(value) + 1,
                                   text) from None
        query.predicates.append(Predicate(name, key, value, op == "!=", start + 1, regex))
    return query


@dataclass
class QueryHit:
    index: int                       # 1-based sentence number
    matches: list[Highlight]
    labels: list[str]                # label / form of each match's root
    spans: list[tuple[int, int]]


def _items(result: SentenceResult, side: str) -> dict[tuple[str, int], Item]:
    return {(it.kind, it.ref): it for it in result.items_for(side)}


def _tree_facts(vnode, own: dict, other: dict, other_tree) -> dict[str, str]:
    kind = "bracket" if vnode.kind == "phrase" else "tag"
    item = own.get((kind, vnode.ref))
    facts = {"verdict": item.verdict.value if item else "none",
             "crossing": "yes" if item is not None and item.crossing else "no",
             "partner": "", "partner.parent": "", "partner.verdict": ""}
    if item is None or item.partner < 0 or other_tree is None:
        return facts
    partner = other.get((kind, item.partner))
    if partner is not None:
        facts["partner"] = partner.label
        facts["partner.verdict"] = partner.verdict.value
    if kind == "bracket" and item.verdict in (Verdict.MATCH, Verdict.LABEL_ONLY):
        nodes = other_tree.nodes()
        if 0 <= item.partner < len(nodes):
            target = nodes[item.partner]
            facts["partner"] = target.label.raw
            parent = other_tree.parents().get(id(target))
            facts["partner.parent"] = parent.label.raw if parent is not None else ""
    elif kind == "tag" and 0 <= item.partner < len(other_tree.tokens):
        tok = other_tree.tokens[item.partner]
        parent = other_tree.parents().get(id(tok))
        facts["partner"] = tok.pos
        facts["partner.parent"] = parent.label.raw if parent is not None else ""
    return facts


def _dep_facts(index: int, own: dict, system) -> dict[str, str]:
    item = own.get(("arc", index))
    verdict = item.verdict if item is not None else None
    facts = {"verdict": verdict.value if verdict else "none",
             "head": "ok" if verdict in _HEAD_OK else "wrong",
             "label": "ok" if verdict in _LABEL_OK else "wrong",
             "sys.deprel": "", "sys.head": "", "sys.upos": ""}
    words = system.words if system is not None else []
    if index < len(words):
        w = words[index]
        facts["sys.deprel"], facts["sys.upos"] = w.deprel, w.cpostag
        try:
            h = int(w.head)
        except ValueError:
            h = -1
        facts["sys.head"] = "ROOT" if h == 0 else words[h - 1].form if 0 < h <= len(words) else ""
    return facts


def run_query(query: Query, results: Sequence[SentenceResult] | None, gold: Sequence[Any],
              system: Sequence[Any] | None = None, side: str = "gold") -> Iterator[QueryHit]:
    """Sentences with at least one match that satisfies every predicate.

    ``results`` (the scorer's, parallel to ``gold``) are needed when there are predicates.
    """
    if query.predicates and results is None:
        raise ValueError("verdict predicates need a system file to score against")
    searched = gold if side == "gold" else system
    other_side = system if side == "gold" else gold
    for n, item in enumerate(searched or []):
        if item is None:
            continue
        result = results[n] if results is not None and n < len(results) else None
        other = other_side[n] if other_side is not None and n < len(other_side) else None
        found: list[Highlight] = []
        labels: list[str] = []
        spans: list[tuple[int, int]] = []
        if query.dependency:
            if not hasattr(item, "words"):
                continue
            own = _items(result, side) if result is not None else {}
            sys_sentence = other if side == "gold" else item
            for match in query.pattern.matches(DepView(item)):
                if all(p.holds(_dep_facts(match.hits[int(p.name) - 1].index if p.name else
                                          match.root.index, own, sys_sentence)[p.key])
                       for p in query.predicates if not p.name or int(p.name) <= len(match.hits)):
                    found.append(to_highlight(match))
                    labels.append(match.root.parts.get("form", ""))
                    spans.append((match.root.index, match.root.index + 1))
        else:
            if getattr(item, "root", None) is None:
                continue
            own = _items(result, side) if result is not None else {}
            theirs = _items(result, "system" if side == "gold" else "gold") if result else {}
            for match in query.pattern.matches(TreeView(item)):
                ok = True
                for p in query.predicates:
                    vnode = match.names.get(p.name) if p.name else match.root
                    if vnode is None or not p.holds(_tree_facts(vnode, own, theirs, other)[p.key]):
                        ok = False
                        break
                if ok:
                    found.append(to_highlight(match))
                    labels.append(match.root.raw)
                    spans.append((match.root.start, match.root.end))
        if found:
            index = result.index if result is not None else n + 1
            yield QueryHit(index, found, labels, spans)
