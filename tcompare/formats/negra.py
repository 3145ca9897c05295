"""NEGRA export format, versions 3 and 4 (``export``, ``.export``), as disco-dop reads it.

Shape
-----
::

    #FORMAT 4                                   (optional; tables #BOT ... #EOT, %% lines)
    #BOS 1 0 1098266456 1 %% a comment
    Ross    Ross    NE   Nom.Sg.Masc  PNC  500       (v4: word lemma tag morph edge parent)
    wäre    --      VAFIN 3.Sg.Past   HD   502  OA 503   (secondary edges: label parent pairs)
    #500    --      PN   --           SB   502
    #EOS 1

Reading conventions (disco-dop's `treebank.exporttree`)
-------------------------------------------------------
* A line is cut at ``%%`` (the rest is its comment) and split on white space; an odd
  number of fields is version 3 (no lemma column), an even number version 4 -- line by
  line, whatever ``#FORMAT`` says.
* A line whose first field is ``#500`` .. ``#999`` is a phrase node with that number;
  every other line is a word, the words numbered 0, 1, ... in the order of their lines.
* Parent ``0`` is the sentence's root: a node labelled ``ROOT`` (``Node.extra
  ["export_id"] == "0"``) that is not written back; words attached to it (punctuation in
  NEGRA/TIGER) are its children.
* Parentheses in tags and labels become brackets (``$(`` -> ``$[``, ``LET()`` ->
  ``LET[]``) in `Token.pos` / `Label.raw`, as disco-dop makes them; the file's own
  spelling is kept for writing.
* The edge label is ``Label.function`` of a node and ``Token.extra["function"]`` of a word
  (``--`` is no function: ""); lemma (v4), morphology, secondary edges (label, parent
  number) and the line's comment are in ``extra``; the node number in
  ``Node.extra["export_id"]``.

Sentences and errors
--------------------
A sentence runs from its ``#BOS`` line to the next ``#BOS`` line (its ``#EOS`` and any
lines after it -- blank lines, comments -- are kept in its source); lines before the first
``#BOS`` are the prolog.  A parent or secondary-edge number that names no node of the
sentence, a node that is its own ancestor (a cycle), a line with fewer than five fields, a
node number used twice, a missing or mismatched ``#EOS``: a ParseError at file:line:column
for that sentence; the others are read.
"""

from __future__ import annotations

import re
from typing import Any

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, guarded_parser, split_lines
from tcompare.formats.negra_write import format_item, format_like, read_fields
from tcompare.model.corpus import Corpus, SentenceRecord, shown
from tcompare.model.tree import Label, Node, Token, Tree

NODE_NUMBER = re.compile(r"#([5-9][0-9][0-9])")
_FIELD = re.compile(r"\S+")
ROOT_LABEL = "ROOT"


def bracketed(tag: str) -> str:
    """disco-dop's spelling of a tag or label: parentheses as square brackets."""
    return tag.replace("(", "[").replace(")", "]")


_SHARED: dict[str, str] = {}


def shared(value: str) -> str:
    """One string object per tag, morphology, function, lemma value (a TIGER-sized file
    repeats them a million times)."""
    if len(_SHARED) > 200000:
        return value
    return _SHARED.setdefault(value, value)


class ExportLine:
    """One word or node line, split as disco-dop splits it (`negra_write.read_fields`)."""

    __slots__ = ("fields", "version", "comment", "offset", "text", "at")

    def __init__(self, text: str, offset: int, at: int):
        self.fields, self.version, self.comment = read_fields(text)
        self.text, self.offset, self.at = text, offset, at
        if len(self.fields) < 6:
            found = list(_FIELD.finditer(text.split("%%")[0]))
            raise SyntaxProblem(
                f"expected at least 5 fields (word tag morph edge parent), found {len(found)}",
                offset + (found[-1].end() if found else 0),
                "a word or node without a parent; fields are separated by white space")

    def start(self, field: int) -> int:
        """Offset of field `field` (numbered with the lemma) in the sentence's source."""
        if self.version == 3:
            field = 0 if field == 1 else field - (field > 1)
        found = list(_FIELD.finditer(self.text.split("%%")[0]))
        return self.offset + (found[field].start() if field < len(found) else 0)


def _problem_at(line: ExportLine, field: int, message: str, hint: str = "") -> SyntaxProblem:
    return SyntaxProblem(message, line.start(field), hint)


def _secedges(line: ExportLine) -> list[tuple[str, str]]:
    rest = line.fields[6:]
    return [(rest[k], rest[k + 1]) for k in range(0, len(rest) - 1, 2)]


def _extra(line: ExportLine, raw_tag: str) -> dict[str, Any]:
    fields = line.fields
    extra: dict[str, Any] = {"morph": shared(fields[3]), "at": line.at}
    if line.version == 4:
        extra["lemma"] = shared(fields[1])
    if "(" in raw_tag or ")" in raw_tag:
        extra["tag"] = raw_tag
    if len(fields) > 6:
        extra["secedges"] = _secedges(line)
    if line.comment is not None:
        extra["comment"] = line.comment
    return extra


def _function(edge: str) -> str:
    return "" if edge == "--" else edge


def parse_block(source: str) -> Tree:
    """One sentence's source (``#BOS`` .. ``#EOS`` and what follows) -> Tree."""
    lines = split_lines(source)
    offsets = [0]
    for raw in lines[:-1]:
        offsets.append(offsets[-1] + len(raw))
    bos = lines[0].rstrip("\r\n")
    bos_fields = bos.split("%%")[0].split()
    sentid = bos_fields[1] if len(bos_fields) > 1 else ""
    if not sentid:
        raise SyntaxProblem("#BOS without a sentence number", 0, "#BOS 1")
    meta: dict[str, Any] = {"sentid": sentid}
    if "%%" in bos:
        meta["comment"] = bos.split("%%", 1)[1].strip()
    words: list[tuple[Token, ExportLine]] = []
    nodes: dict[str, tuple[Node, ExportLine]] = {}
    eos_at = -1
    for k in range(1, len(lines)):
        text = lines[k].rstrip("\r\n")
        if text.startswith("#EOS"):
            eos_id = text.split("%%")[0].split()[1:2]
            if eos_id != [sentid]:
                raise SyntaxProblem(f"#EOS {' '.join(eos_id) or '(no number)'} closes sentence "
                                    f"#BOS {sentid}", offsets[k], f"#EOS {sentid}")
            eos_at = k
            break
        if not text.strip() or text.startswith("%%"):
            meta.setdefault("inner", []).append(text)     # written back after #BOS
            continue
        if text.startswith("#BOS"):      # (cannot happen: a #BOS starts the next sentence)
            break
        line = ExportLine(text, offsets[k], k)
        if line.fields[0].startswith("#") and NODE_NUMBER.fullmatch(line.fields[0]):
            number = line.fields[0][1:]
            if number in nodes:
                raise _problem_at(line, 0, f"node #{number} is defined twice")
            raw_cat = line.fields[2]
            label = Label(bracketed(raw_cat), category=bracketed(raw_cat),
                          function=_function(line.fields[4]))
            extra = _extra(line, raw_cat)
            extra["export_id"] = number
            nodes[number] = (Node(label, extra=extra), line)
        else:
            if nodes:
                raise _problem_at(line, 0, f"word {shown(line.fields[0])} after the node lines",
                                  "the words of a sentence come before its #5xx nodes")
            extra = _extra(line, line.fields[2])
            extra["function"] = shared(_function(line.fields[4]))
            token = Token(line.fields[0], shared(bracketed(line.fields[2])), len(words), extra=extra)
            words.append((token, line))
    if eos_at < 0:
        raise SyntaxProblem(f"sentence #BOS {sentid} has no #EOS line", 0,
                            "a sentence ends with #EOS and its number")
    root = Node(Label(ROOT_LABEL, category=ROOT_LABEL), extra={"export_id": "0"})

    def parent_of(line: ExportLine) -> Node:
        number = line.fields[5]
        if number == "0":
            return root
        if number not in nodes:
            raise _problem_at(line, 5, f"parent {shown(number)} is not a node of this sentence",
                              "a parent is 0 (the root) or the number of a #5xx line")
        return nodes[number][0]

    for number, (_, line) in nodes.items():
        seen = {number}
        up = line.fields[5]
        while up != "0" and up in nodes:
            if up in seen:
                raise _problem_at(line, 5, f"node #{number} is its own ancestor (a cycle through "
                                  f"#{up})", "parents must lead to 0, the root")
            seen.add(up)
            up = nodes[up][1].fields[5]
    attached: list[tuple[Node | Token, ExportLine]] = [*words, *nodes.values()]
    for child, line in attached:
        parent_of(line).children.append(child)
        for k, (_, target) in enumerate(_secedges(line)):
            if target != "0" and target not in nodes:
                raise _problem_at(line, 7 + 2 * k, f"secondary edge to {shown(target)}, which is "
                                  "not a node of this sentence")
    meta["eos"] = lines[eos_at].rstrip("\r\n")
    after = "".join(lines[eos_at + 1:])
    if after:
        meta["trailing"] = after
    meta["format"] = words[0][1].version if words else 4
    return Tree.build_discontinuous(root, meta)


def split_sentences(text: str) -> tuple[str, list[tuple[int, str]]]:
    """(prolog, [(first line, source)]): a sentence from each ``#BOS`` to the next."""
    lines = split_lines(text)
    prolog: list[str] = []
    groups: list[tuple[int, list[str]]] = []
    for number, line in enumerate(lines, 1):
        if line.startswith("#BOS"):
            groups.append((number, [line]))
        elif groups:
            groups[-1][1].append(line)
        else:
            prolog.append(line)
    return "".join(prolog), [(first, "".join(chunk)) for first, chunk in groups]


_FORMAT = re.compile(r"^#FORMAT\s+(\d+)", re.MULTILINE)


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="export")
    prolog, sentences = split_sentences(text)
    corpus.prolog = prolog

    parse = guarded_parser(parse_block, path)

    corpus.records = [SentenceRecord(k, first, source, _parse=parse)
                      for k, (first, source) in enumerate(sentences, 1)]
    return corpus


def sniff(text: str) -> float:
    head = text[:20000]
    if head.startswith("#BOS ") or "\n#BOS " in head:
        return 0.95
    if _FORMAT.search(head) or head.startswith("%%"):
        return 0.5
    return 0.0


def encoding_hint(data: bytes) -> str | None:
    """NEGRA and TIGER export files are ISO-8859-1 unless they are UTF-8."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return "latin-1"
    return None


NOTATION = Notation(
    name="export",
    description="NEGRA export v3/v4 (TIGER, NEGRA, TüBa-D/Z, Lassy): #BOS ... #EOS blocks",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".export", ".negra"),
    format_like=format_like,
    encoding_hint=encoding_hint,
)
