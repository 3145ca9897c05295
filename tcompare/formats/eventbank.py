"""ParsEval-2010 Task 2-1 event bank (seed 000 §3-§4): gold event constructions per sentence.

File layout (UTF-8; GB18030 / Big5 are detected like every other input)::

    # comment lines start with '#'; blank lines are ignored
    1<TAB>[D-sp 沿途/s-@ ] ，/wP [S-np 我们/rNP-@ ] [D-dp 还/d-@ ] [P-vp-Tgt 看到/v-@ ] [O-np ... ]
    1<TAB>[D-pp 为/p 再生/v-@ ] [P-vp-Tgt 而/vM 砍伐/v-@ ] 的/uJDE [H-np 树木/n-@ ]
    2@4<TAB>[S-np 他/rN-@ ] [P-vp-Tgt 写/v-@ ] [O-np 字/n-@ ]

* the first field is the 1-based number of the sentence (the tree's position in the gold
  and system files), optionally ``@k``: the 0-based word offset where the construction
  starts.  Without ``@k`` the construction is located at the first place where its words
  occur in the gold sentence.
* the second field is one event construction written as in the paper: chunks
  ``[ROLE-tag[-Tgt] word/POS ...]`` with ROLE in D (adverbial), S (subject), P (predicate),
  O (object), H (head of a relative clause), ``-Tgt`` on the target verb's chunk, and
  ``-@`` after the POS of each head word; words between chunks (``，/wP``, ``的/uJDE``) are
  context: they fix positions but are not chunks.
* one construction per line; the lines of a sentence may be anywhere in the file (grouped by
  their number).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tcompare.formats.encoding import DecodeError, decode_bytes
from tcompare.formats.linegroups import SyntaxProblem
from tcompare.formats.tct import LabelProblem, split_label, split_leaves
from tcompare.model.corpus import ParseError
from tcompare.model.tree import Token

_TOKEN = re.compile(r"\[|\]|[^\s\[\]]+")
_KEY = re.compile(r"(\d+)(?:@(\d+))?")
ROLES = frozenset("DSPOH")


@dataclass(slots=True)
class Chunk:
    """One event chunk: word offsets are relative to the construction's first word."""

    role: str
    tag: str
    target: bool
    start: int
    end: int
    heads: tuple[int, ...]


@dataclass(slots=True)
class Construction:
    sentence: int                       # 1-based sentence number
    line: int                           # line in the event bank file
    words: list[Token]
    chunks: list[Chunk]
    offset: int | None = None           # given with @k, else located in the gold sentence
    source: str = ""

    @property
    def target(self) -> str:
        """The target verb: head word(s) of the ``-Tgt`` chunk (its words if none is marked)."""
        for chunk in self.chunks:
            if chunk.target:
                heads = chunk.heads or tuple(range(chunk.start, chunk.end))
                return "".join(self.words[h].form for h in heads)
        return ""

    @property
    def span(self) -> tuple[int, int]:
        """Relative span from the first chunk's first word to the last chunk's last word."""
        return (self.chunks[0].start, self.chunks[-1].end) if self.chunks else (0, 0)


@dataclass(slots=True)
class EventBank:
    path: str = "<input>"
    constructions: dict[int, list[Construction]] = field(default_factory=dict)
    errors: list[ParseError] = field(default_factory=list)

    def __len__(self) -> int:
        return sum(len(v) for v in self.constructions.values())

    def for_sentence(self, index: int) -> list[Construction]:
        return self.constructions.get(index, [])


def parse_construction(text: str) -> tuple[list[Token], list[Chunk]]:
    """Parse the construction text; raises SyntaxProblem (offset into `text`)."""
    words: list[Token] = []
    chunks: list[Chunk] = []
    open_at = -1
    label = None
    expect_label = False
    for m in _TOKEN.finditer(text):
        tok, at = m.group(), m.start()
        if expect_label:
            expect_label = False
            if tok in "[]":
                raise SyntaxProblem("missing chunk label after '['", at)
            try:
                label = split_label(tok)
            except LabelProblem as exc:
                raise SyntaxProblem(str(exc), at + exc.offset) from None
            if label.role not in ROLES or not label.category:
                raise SyntaxProblem(f"bad chunk label {tok!r}", at,
                                    "chunks are labelled ROLE-tag[-Tgt], ROLE one of D S P O H")
            if label.function not in ("", "Tgt"):
                raise SyntaxProblem(f"unknown chunk mark {label.function!r} in {tok!r}", at,
                                    "only -Tgt may follow the tag")
            continue
        if tok == "[":
            if open_at >= 0:
                raise SyntaxProblem("chunks cannot nest", at)
            open_at, expect_label, first = at, True, len(words)
        elif tok == "]":
            if open_at < 0:
                raise SyntaxProblem("unbalanced ']'", at)
            if len(words) == first:
                raise SyntaxProblem("empty chunk", open_at)
            heads = tuple(i for i in range(first, len(words)) if words[i].is_head)
            assert label is not None   # an open chunk has had its label read
            chunks.append(Chunk(label.role, label.category, label.function == "Tgt", first,
                                len(words), heads))
            open_at = -1
        else:
            words.extend(split_leaves(tok, at))
    if expect_label or open_at >= 0:
        raise SyntaxProblem("unclosed '['", max(open_at, 0))
    if not chunks:
        raise SyntaxProblem("no event chunk on the line", 0, "an event construction has [ROLE-tag ...] chunks")
    return words, chunks


def parse(text: str, path: str = "<input>") -> EventBank:
    """Read an event bank; bad lines become `errors` (file, line, column), never exceptions."""
    bank = EventBank(path=path)
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.lstrip("\ufeff")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, tab, body = line.partition("\t")
        match = _KEY.fullmatch(key.strip())
        if not tab or match is None:
            bank.errors.append(ParseError("expected 'SENTENCE<TAB>construction'", path, number, 1,
                                          line[:40], "e.g. 3<TAB>[S-np 他/rN-@ ] [P-vp-Tgt 写/v-@ ]"))
            continue
        column = len(key) + 2
        try:
            words, chunks = parse_construction(body)
        except SyntaxProblem as exc:
            at = exc.offset
            bank.errors.append(ParseError(exc.message, path, number, column + at,
                                          body[max(0, at - 15):at + 15], exc.hint))
            continue
        sentence = int(match.group(1))
        offset = int(match.group(2)) if match.group(2) is not None else None
        bank.constructions.setdefault(sentence, []).append(
            Construction(sentence, number, words, chunks, offset, body))
    return bank


def read_file(path: str | Path) -> EventBank:
    path = str(path)
    try:
        from tcompare.formats import read_source

        data = read_source(path)
        text = decode_bytes(data, path).text
    except OSError as exc:
        return EventBank(path=path, errors=[ParseError(f"cannot open event bank: {exc.strerror or exc}", path)])
    except DecodeError as exc:
        return EventBank(path=path, errors=[exc.error])
    return parse(text, path)
