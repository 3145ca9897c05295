"""Alpino XML (``alpino``): Lassy / Alpino treebank sentences, as disco-dop's `alpinotree`
reads them.

Shape
-----
One ``<alpino_ds>`` document per sentence (a file of them one after another -- a compact
corpus's contents -- or wrapped in ``<treebank>`` is read too)::

    <alpino_ds version="1.3">
      <node begin="0" cat="top" end="4" id="0" rel="top">
        <node begin="0" cat="smain" end="3" id="1" rel="--">
          <node begin="0" end="1" id="2" pos="pron" rel="su" root="ik" word="Ik" .../>
          ...
      <sentence>Ik ben hier .</sentence>

* A ``<node>`` with ``word`` is a word at position ``begin``; its tag is ``pt`` (Lassy)
  or else ``pos``; lemma ``lemma`` or else ``root``; morphology ``postag`` or else
  ``frame``; its ``rel`` is its function.  A ``<node>`` with ``cat`` is a phrase labelled
  with the category in capitals (``smain`` -> ``SMAIN``, ``top`` -> ``TOP``), function
  ``rel`` (``--``: none).  Every attribute is kept in ``extra["attrs"]``.
* A ``<node>`` with only an ``index`` (a co-indexed empty node) is no word and no phrase:
  it is kept for writing (``extra["empty"]`` of its parent) and, as disco-dop does, gives
  its antecedent (the node with that index and a word or category) a secondary edge
  (its ``rel``, the number ``500 + id`` of its parent).
* Word positions must be 0..n-1, each once.

Errors (file:line:column; the other sentences are read): XML not well-formed, a word
without ``begin`` or with a position taken, a position missing, an index that no node
with a word or category carries.  An edited sentence gets its ``<node>`` tree written
again (indentation and attribute order of the source) and its ``<sentence>`` text from the
words; ``<metadata>``, ``<comments>``, ``<parser>`` are kept as they were.
"""

from __future__ import annotations

from typing import Any

from tcompare.formats import Notation
from tcompare.formats.alpino_write import format_item, format_like
from tcompare.formats.linegroups import SyntaxProblem, guarded_parser
from tcompare.formats.xml_nodes import Element, declared_encoding, parse, split_elements
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord, shown
from tcompare.model.tree import Label, Node, Token, Tree


def _function(rel: str | None) -> str:
    return "" if rel in (None, "--") else str(rel)


def export_number(alpino_id: str) -> str:
    """disco-dop's node number for an Alpino node: 500 + its id."""
    return str(500 + int(alpino_id)) if alpino_id.isdigit() else alpino_id


def document_element(source: str) -> Element:
    start = source.find("<alpino_ds")
    close = source.find("</alpino_ds>", start)
    return parse(source[start:close + len("</alpino_ds>") if close >= 0 else len(source)], start)


def parse_sentence(source: str) -> Tree:
    document = document_element(source)
    top = document.find("node")
    if top is None:
        raise SyntaxProblem("an <alpino_ds> without a <node>", document.start)
    seen: dict[int, Element] = {}
    carriers: dict[str, Node | Token] = {}          # index -> antecedent
    traces: list[tuple[Element, str]] = []          # (empty node, its parent's number)

    def build(element: Element, parent_number: str) -> Node | Token | None:
        attrs = element.attrs
        ident = attrs.get("id", "")
        if "word" in attrs and "cat" not in attrs:
            begin = attrs.get("begin", "")
            if not begin.isdigit():
                raise SyntaxProblem(f"word {shown(attrs['word'])} without a begin position",
                                    element.start)
            position = int(begin)
            if position in seen:
                raise SyntaxProblem(f"position {position} is taken twice", element.start,
                                    "each word has its own begin")
            seen[position] = element
            extra: dict[str, Any] = {
                "attrs": dict(attrs), "alpino_id": ident, "function": _function(attrs.get("rel")),
                "lemma": attrs.get("lemma") or attrs.get("root") or "--",
                "morph": attrs.get("postag") or attrs.get("frame") or "--"}
            item: Node | Token = Token(attrs["word"], attrs.get("pt") or attrs.get("pos") or "--",
                                       position, extra=extra)
        elif "cat" in attrs:
            cat = attrs["cat"].upper()
            node = Node(Label(cat, category=cat, function=_function(attrs.get("rel"))),
                        extra={"attrs": dict(attrs), "alpino_id": ident,
                               "export_id": export_number(ident)})
            empty: list[tuple[int, dict[str, str]]] = []
            for k, child in enumerate(c for c in element.children if c.tag == "node"):
                built = build(child, export_number(ident))
                if built is None:
                    empty.append((k, dict(child.attrs)))
                else:
                    node.children.append(built)
                    (built.extra or {})["order"] = k
            if empty:
                (node.extra or {})["empty"] = empty
            item = node
        elif "index" in attrs:
            traces.append((element, parent_number))
            return None
        else:
            raise SyntaxProblem("a <node> with neither word, cat nor index", element.start)
        if attrs.get("index"):
            carriers[attrs["index"]] = item
        return item

    root = build(top, "0")
    if not isinstance(root, Node):
        raise SyntaxProblem("the top <node> is not a phrase (no cat)", top.start)
    for element, parent_number in traces:
        antecedent = carriers.get(element.attrs["index"])
        if antecedent is None:
            raise SyntaxProblem(f"index {element.attrs['index']} names no node with a word or "
                                "category", element.start, "a co-indexed node needs an antecedent")
        extra = antecedent.extra if antecedent.extra is not None else {}
        extra.setdefault("secedges", []).append((element.attrs.get("rel", "--"), parent_number))
    missing = next((p for p in range(len(seen)) if p not in seen), None)
    if missing is not None:
        last = seen[max(seen)]
        raise SyntaxProblem(f"position {missing} has no word (the words go up to {max(seen)})",
                            last.start, "begin positions must be 0..n-1")
    meta: dict[str, Any] = {}
    sentence = document.find("sentence")
    if sentence is not None:
        meta["sentence"] = sentence.text
        if sentence.attrs.get("sentid"):
            meta["sentid"] = sentence.attrs["sentid"]
    if "sentid" not in meta and document.attrs.get("id"):
        meta["sentid"] = document.attrs["id"]
    comment = document.find("comments")
    if comment is not None and comment.find("comment") is not None:
        meta["comment"] = comment.children[0].text
    tree = Tree.build_discontinuous(root, meta)
    for node in tree.nodes():     # begin/end count empty nodes too: rewritten only on change
        (node.extra or {})["read_span"] = (node.start, node.end)
    return tree


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="alpino")
    prolog, sentences, epilog = split_elements(text, "alpino_ds")
    corpus.prolog, corpus.epilog = prolog, epilog

    parse_one = guarded_parser(parse_sentence, path)

    corpus.records = [SentenceRecord(k, first, source, _parse=parse_one)
                      for k, (first, source) in enumerate(sentences, 1)]
    if not sentences and text.strip():
        corpus.file_errors.append(ParseError("no <alpino_ds> sentence in this file", path, 1))
    return corpus


def sniff(text: str) -> float:
    return 0.95 if "<alpino_ds" in text[:20000] else 0.0


NOTATION = Notation(
    name="alpino",
    description="Alpino / Lassy XML: <alpino_ds><node cat=.. rel=..><node word=.. begin=..>",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".alpino",),
    format_like=format_like,
    encoding_hint=declared_encoding,
    output_encoding="utf-8",
)
