"""TIGER XML (``tiger``), as disco-dop's `TigerXMLCorpusReader` reads it.

Shape
-----
``<corpus><head>...</head><body><s id="s1"><graph root="s1_VROOT"><terminals><t id=..
word=.. lemma=.. pos=.. morph=../>...</terminals><nonterminals><nt id=.. cat=..><edge
label=.. idref=../><secedge label=.. idref=../></nt>...</nonterminals></graph></s>...``

* Each ``<s>`` is a sentence: its words are the ``<t>`` in document order (positions
  0, 1, ...); each ``<nt>`` a Node (its ``cat`` with parentheses as brackets, as disco-dop
  spells labels), children by ``<edge>``.  The edge label is the child's function
  (``Label.function`` / ``Token.extra["function"]``, ``--`` none).  The ``root`` node is
  the tree's root (a VROOT node, usually); a root that is a word gets a ``VROOT`` node.
* ``<secedge>`` is kept on the child: ``extra["secedges"]`` = (label, the parent's number,
  the part of its id after the last ``_``, as disco-dop numbers nodes); every attribute of
  ``<t>`` / ``<nt>`` is kept in ``extra["attrs"]`` for writing.
* The file's head (``<head>`` with its feature declarations) is the prolog; ``</body>
  </corpus>`` the epilog; the spacing between sentences belongs to the sentence after it.

Errors (file:line:column of the element at fault; the other sentences are read): XML that
is not well-formed, an edge or secondary edge to an id that is not in the sentence, a node
or word with two parents, a word or node without a parent, a cycle, a missing root.
Writing an edited sentence replaces only its ``<graph>`` (in the source's indentation);
whatever else the ``<s>`` holds (SALSA ``<sem>`` frames) stays as it was.
"""

from __future__ import annotations

import re
from typing import Any

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, guarded_parser
from tcompare.formats.tiger_write import format_item, format_like, new_file
from tcompare.formats.xml_nodes import Element, declared_encoding, parse, split_elements
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord, shown
from tcompare.model.tree import Label, Node, Token, Tree

_S = re.compile(r"<s[\s>/]")


def bracketed(tag: str) -> str:
    return tag.replace("(", "[").replace(")", "]")


def number_of(tiger_id: str) -> str:
    """disco-dop's node number: the part of the id after the last ``_``."""
    return tiger_id.rsplit("_", 1)[-1]


def _at(element: Element, message: str, hint: str = "") -> SyntaxProblem:
    return SyntaxProblem(message, element.start, hint)


def _function(label: str | None) -> str:
    return "" if label in (None, "--") else str(label)


def sentence_element(source: str) -> Element:
    m = _S.search(source)
    if m is None:
        raise SyntaxProblem("no <s> element", 0)
    close = source.find("</s>", m.start())
    return parse(source[m.start():close + 4 if close >= 0 else len(source)], m.start())


def parse_sentence(source: str) -> Tree:
    s = sentence_element(source)
    graph = s.find("graph")
    if graph is None:
        raise _at(s, "a sentence without a <graph>")
    root_id = graph.attrs.get("root")
    if not root_id:
        raise _at(graph, "a <graph> without a root attribute")
    terminals = graph.find("terminals")
    nonterminals = graph.find("nonterminals")
    words = [t for t in (terminals.children if terminals else []) if t.tag == "t"]
    phrases = [nt for nt in (nonterminals.children if nonterminals else []) if nt.tag == "nt"]
    where: dict[str, Element] = {}
    for element in [*words, *phrases]:
        ident = element.attrs.get("id")
        if not ident:
            raise _at(element, f"<{element.tag}> without an id")
        if ident in where:
            raise _at(element, f"id {shown(ident)} is used twice")
        where[ident] = element
    parent: dict[str, str] = {}
    function: dict[str, str] = {}
    order: dict[str, int] = {}
    secedges: dict[str, list[tuple[str, str]]] = {}
    for nt in phrases:
        for k, edge in enumerate(nt.children):
            ref = edge.attrs.get("idref", "")
            if edge.tag not in ("edge", "secedge"):
                raise _at(edge, f"<{edge.tag}> inside <nt>: expected <edge> or <secedge>")
            if ref not in where:
                raise _at(edge, f"{edge.tag} to {shown(ref)}, which is not in this sentence",
                          "idref must name a <t> or <nt> of the same <s>")
            if edge.tag == "secedge":
                secedges.setdefault(ref, []).append((edge.attrs.get("label", "--"),
                                                     number_of(nt.attrs["id"])))
                continue
            if ref in parent:
                raise _at(edge, f"{shown(ref)} already has a parent ({shown(parent[ref])})",
                          "a node has one primary edge; others are <secedge>")
            parent[ref], function[ref], order[ref] = nt.attrs["id"], _function(edge.attrs.get("label")), k
    if root_id not in where:
        raise _at(graph, f"the root {shown(root_id)} is not in this sentence")
    for ident, element in where.items():
        if ident != root_id and ident not in parent:
            kind = "word" if element.tag == "t" else "node"
            raise _at(element, f"{kind} {shown(ident)} has no parent",
                      "every word and node but the root is the idref of an <edge>")
    for nt in phrases:
        seen, up = {nt.attrs["id"]}, parent.get(nt.attrs["id"])
        while up is not None:
            if up in seen:
                raise _at(nt, f"node {shown(nt.attrs['id'])} is its own ancestor (a cycle)")
            seen.add(up)
            up = parent.get(up)
    items: dict[str, Node | Token] = {}
    for k, t in enumerate(words):
        ident = t.attrs["id"]
        raw = t.attrs.get("pos", "--")
        extra: dict[str, Any] = {"tiger_id": ident, "attrs": dict(t.attrs),
                                 "lemma": t.attrs.get("lemma", "--"), "morph": t.attrs.get("morph", "--"),
                                 "function": function.get(ident, "")}
        if bracketed(raw) != raw:
            extra["tag"] = raw
        items[ident] = Token(t.attrs.get("word", ""), bracketed(raw), k, extra=extra)
    for position, nt in enumerate(phrases):
        ident = nt.attrs["id"]
        raw = nt.attrs.get("cat", "--")
        extra = {"tiger_id": ident, "attrs": dict(nt.attrs), "order": position,
                 "export_id": "0" if ident == root_id else number_of(ident)}
        if bracketed(raw) != raw:
            extra["tag"] = raw
        items[ident] = Node(Label(bracketed(raw), category=bracketed(raw),
                                  function=function.get(ident, "")), extra=extra)
    for ident, edges in secedges.items():
        (items[ident].extra or {})["secedges"] = edges
    for ident in sorted(parent, key=lambda i: order[i]):
        owner = items[parent[ident]]
        assert isinstance(owner, Node)
        owner.children.append(items[ident])
        (items[ident].extra or {})["edge_order"] = order[ident]
    root = items[root_id]
    if isinstance(root, Token):          # a one-word sentence whose root is the word
        root = Node(Label("VROOT", category="VROOT"), [root], extra={"export_id": "0", "made": True})
    meta = {"sentid": s.attrs.get("id", ""), "root_id": root_id}
    return Tree.build_discontinuous(root, meta)


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="tiger")
    body = text.find("<body")
    head_end = text.find(">", body) + 1 if body >= 0 else 0
    prolog, sentences, epilog = split_elements(text[head_end:], "s")
    corpus.prolog, corpus.epilog = text[:head_end] + prolog, epilog
    shift = text.count("\n", 0, head_end)

    parse_one = guarded_parser(parse_sentence, path)

    corpus.records = [SentenceRecord(k, first + shift, source, _parse=parse_one)
                      for k, (first, source) in enumerate(sentences, 1)]
    if not sentences and text.strip():
        corpus.file_errors.append(ParseError("no <s> sentence in this TIGER XML file", path, 1))
    elif sentences and re.search(r"<[A-Za-z]", re.sub(r"<\?xml[^>]*\?>", "", corpus.prolog)):
        frame = _frame_error(corpus.prolog, corpus.epilog, len(text), path, text)
        if frame is not None:
            corpus.file_errors.append(frame)
    return corpus


def _frame_error(prolog: str, epilog: str, size: int, path: str, text: str) -> ParseError | None:
    """The head and the end of the file (without the sentences) must make a well-formed
    document: a broken <head> or a missing </corpus> is named at its line and column."""
    try:
        parse(prolog + epilog)
    except SyntaxProblem as problem:
        offset = problem.offset if problem.offset < len(prolog) else (
            size - len(epilog) + problem.offset - len(prolog))
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return ParseError(f"{problem.message} (outside the sentences)", path, line, column,
                          hint=problem.hint)
    return None


def sniff(text: str) -> float:
    head = text[:20000]
    if "<alpino_ds" in head:
        return 0.0
    if "<graph" in head and ("<terminals" in head or "<nonterminals" in head):
        return 0.95
    if re.search(r"<corpus[\s>]", head) and ("<head" in head or "<body" in head or "<s " in head):
        return 0.6
    return 0.0


NOTATION = Notation(
    name="tiger",
    description="TIGER XML: <s><graph root=..><terminals><t .../>...<nonterminals><nt ...>",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".tiger", ".tigerxml"),
    format_like=format_like,
    encoding_hint=declared_encoding,
    output_encoding="utf-8",
    new_file=new_file,
)
