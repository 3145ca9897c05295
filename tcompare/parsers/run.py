"""Parse a gold corpus with an adapter: the system file's text, and what went wrong where.

A parser that raises (or returns nothing) on one sentence leaves that sentence as a missing
parse -- an empty CoNLL block with its ids, or ``()`` in a bracket file: the missing-parse
rule of docs/misaligned.md -- named in `ParseRun.missing` with the error; the rest is parsed.
A batch that fails is parsed again one sentence at a time to find the culprit.  The caller
may stop the run between batches (`should_stop`); progress goes to `progress(done, total)`.
"""

from __future__ import annotations

import time
from functools import partial
from dataclasses import dataclass, field
from typing import Any, Callable

from tcompare.formats import conllx, ptb
from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.tree import Tree
from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, ParserAdapter, WordsIn, chunks
from tcompare.parsers.gold_input import GoldSentence, document_text, documents, gold_sentences, separator

PRETOKENISED, RAW = "pretokenised", "raw"
MODES = (PRETOKENISED, RAW)
BATCH = 64


@dataclass
class Missing:
    """A gold sentence (or a raw document) with no parse, and why."""

    index: int               # 1-based gold sentence (a raw document: its first sentence)
    line: int
    sent_id: str
    error: str

    def __str__(self) -> str:
        name = f" ({self.sent_id})" if self.sent_id else ""
        return f"sentence {self.index}{name}, line {self.line}: {self.error}"


@dataclass
class ParseRun:
    parser: str
    mode: str
    notation: str                   # the system file's notation
    parts: list[str] = field(default_factory=list)
    sentences: int = 0              # sentences written (missing ones included)
    missing: list[Missing] = field(default_factory=list)
    parser_seconds: float = 0.0     # inside the adapter (the parser, and reading its objects)
    seconds: float = 0.0
    cancelled: bool = False

    @property
    def text(self) -> str:
        return "".join(self.parts)


def _error_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".replace("\n", " ")


def _comment(key: str, value: str) -> str:
    return f"# {key} = {' '.join(value.split())}"


def output_notation(gold: Corpus, kind: str) -> str:
    if kind == CONSTITUENCY:
        return "ptb"
    return "conllx" if gold.notation == "conllx" else "conllu"


def check_kinds(gold: Corpus, parser: ParserAdapter) -> None:
    if gold.kind and gold.kind != parser.kind:
        other = ("a dependency parser (spacy:PIPELINE, stanza:LANG, stub)" if gold.kind == DEPENDENCY else
                 "a constituency parser (benepar:MODEL, stanza:LANG,constituency, stub:constituency)")
        raise ValueError(f"{parser.name} gives {parser.kind} parses but {gold.path} holds {gold.kind} "
                         f"trees ({gold.notation}): choose {other}")


class _Writer:
    """Turns items into the output notation's text."""

    def __init__(self, run: ParseRun):
        self.run = run

    def item(self, item: Any, gold: GoldSentence | None, comments: list[str]) -> None:
        run = self.run
        run.sentences += 1
        if run.notation == "ptb":
            run.parts.append(ptb.format_item(item) if isinstance(item, Tree) and item.root is not None else "()\n")
            return
        assert isinstance(item, DepSentence)
        item.comments = comments
        if gold is not None and gold.ranges and run.notation == "conllu" and gold.words is not None and len(item.words) == len(gold.words.words):
            item = _with_ranges(item, gold)
        if run.notation == "conllx":     # ten columns, no comment lines: eval.pl reads line by line
            item.rows, item.comments = list(item.words), []
        run.parts.append(conllx.format_item(item))

    def missing(self, gold: GoldSentence, error: str, comments: list[str]) -> None:
        self.run.missing.append(Missing(gold.index, gold.line, gold.sent_id, error))
        if self.run.notation == "ptb":
            self.run.sentences += 1
            self.run.parts.append("()\n")
        elif self.run.notation == "conllx" and gold.words is not None:
            # CoNLL-X has no comment line to hold an empty sentence: the gold's words with no
            # head and no relation, which never match (the sentence's words all count as wrong)
            self.item(DepSentence([DepToken(str(n), form, head="_", deprel="_")
                                   for n, form in enumerate(gold.words.words, start=1)]), None, [])
        else:
            self.item(DepSentence([], []), None, comments + [_comment("tcompare_no_parse", error)])


def _with_ranges(item: DepSentence, gold: GoldSentence) -> DepSentence:
    rows: list[DepToken] = []
    inside = 0
    for n, row in enumerate(item.words, start=1):
        if n in gold.ranges:
            last, form, space = gold.ranges[n]
            rows.append(DepToken(f"{n}-{last}", form, pdeprel="_" if space else "SpaceAfter=No"))
            inside = last
        if n <= inside:
            row.pdeprel = "_"
        rows.append(row)
    return DepSentence(rows, item.comments)


def _words_batch(parser: ParserAdapter, batch: list[WordsIn]) -> list[Any]:
    return list(parser.parse_words(batch))


def _one_sentence(parser: ParserAdapter, words: WordsIn) -> Any:
    return next(iter(parser.parse_words([words])), None)


def _text(parser: ParserAdapter, text: str) -> list[Any]:
    return list(parser.parse_text(text))


def _timed(run: ParseRun, call: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    try:
        return call()
    finally:
        run.parser_seconds += time.perf_counter() - start


def parse_corpus(parser: ParserAdapter, gold: Corpus, mode: str = PRETOKENISED,
                 progress: Callable[[int, int], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> ParseRun:
    """Parse every sentence of `gold` with `parser` (loaded first, if it was not)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    check_kinds(gold, parser)
    start = time.perf_counter()
    run = ParseRun(parser.name, mode, output_notation(gold, parser.kind))
    _timed(run, parser.load)
    sentences = gold_sentences(gold)
    step = _pretokenised if mode == PRETOKENISED else _raw
    step(parser, sentences, run, progress or (lambda _d, _t: None), should_stop or (lambda: False))
    run.seconds = time.perf_counter() - start
    return run


def _gold_comments(gold: GoldSentence) -> list[str]:
    out = [gold.newdoc] if gold.newdoc else []
    if gold.sent_id:
        out.append(_comment("sent_id", gold.sent_id))
    if gold.text:
        out.append(_comment("text", gold.text))
    return out


def _pretokenised(parser: ParserAdapter, sentences: list[GoldSentence], run: ParseRun,
                  progress: Callable[[int, int], None], should_stop: Callable[[], bool]) -> None:
    writer, done = _Writer(run), 0
    for batch in chunks(sentences, BATCH):
        if should_stop():
            run.cancelled = True
            return
        readable = [s for s in batch if s.words is not None and s.words.words]
        try:
            items = _timed(run, partial(_words_batch, parser, [s.words for s in readable if s.words is not None]))
            if len(items) != len(readable):
                raise RuntimeError(f"the parser gave {len(items)} parses for {len(readable)} sentences")
            parsed = {id(s): (item, "") for s, item in zip(readable, items)}
        except Exception:
            parsed = {}
            for s in readable:
                try:
                    parsed[id(s)] = (_timed(run, partial(_one_sentence, parser, s.words)), "")
                except Exception as exc:            # this sentence's crash, named; the rest goes on
                    parsed[id(s)] = (None, _error_text(exc))
        for s in batch:
            item, error = parsed.get(id(s), (None, s.error or "the gold sentence has no words"))
            if item is None or (isinstance(item, DepSentence) and not item.words) or (
                    isinstance(item, Tree) and item.root is None):
                writer.missing(s, error or "the parser returned nothing", _gold_comments(s))
            else:
                writer.item(item, s, _gold_comments(s))
        done += len(batch)
        progress(done, len(sentences))


def _parse_texts(parser: ParserAdapter, texts: list[str], run: ParseRun) -> list[list[Any]]:
    """Several documents at once where the adapter batches them (spaCy's ``nlp.pipe``)."""
    many = getattr(parser, "parse_texts", None)
    if many is not None:
        batch: list[list[Any]] = _timed(run, lambda: [list(items) for items in many(texts)])
        return batch
    return [_timed(run, partial(_text, parser, t)) for t in texts]


def _raw_pieces(parser: ParserAdapter, doc: list[GoldSentence], items: list[Any] | None, sep: str,
                run: ParseRun) -> list[tuple[GoldSentence | None, list[Any], str]]:
    """A document's parses: `items` when its batch went through, else the document alone,
    else one sentence at a time (to name the sentence the parser fails on)."""
    if items is not None:
        return [(None, items, "")]
    try:
        return [(None, _timed(run, partial(_text, parser, document_text(doc, sep))), "")]
    except Exception:
        pieces: list[tuple[GoldSentence | None, list[Any], str]] = []
        for s in doc:
            if not s.text.strip():
                continue
            try:
                pieces.append((s, _timed(run, partial(_text, parser, " ".join(s.text.split()))), ""))
            except Exception as exc:
                pieces.append((s, [], _error_text(exc)))
        return pieces


RAW_BATCH = 64      # documents per call (nlp.pipe batches within it; progress and Cancel between calls)


def _raw(parser: ParserAdapter, sentences: list[GoldSentence], run: ParseRun,
         progress: Callable[[int, int], None], should_stop: Callable[[], bool]) -> None:
    """Each document's text to the parser; its sentences named ``doc<N>-s<k>``."""
    writer, done, sep = _Writer(run), 0, separator(sentences)
    docs = documents(sentences)
    for first_number, group in zip(range(1, len(docs) + 1, RAW_BATCH), chunks(docs, RAW_BATCH)):
        if should_stop():
            run.cancelled = True
            return
        try:
            parsed: list[list[Any] | None] = list(_parse_texts(parser, [document_text(d, sep) for d in group], run))
            if len(parsed) != len(group):
                raise RuntimeError("the parser gave a wrong number of documents")
        except Exception:
            parsed = [None] * len(group)
        for number, doc, items in zip(range(first_number, first_number + len(group)), group, parsed):
            for s in doc:      # an unreadable gold sentence is still parsed from its `# text`
                if s.words is None and not s.text.strip():
                    run.missing.append(Missing(s.index, s.line, s.sent_id, s.error))
            _write_document(writer, doc, _raw_pieces(parser, doc, items, sep, run), f"doc{number}")
            done += len(doc)
        progress(done, len(sentences))


def _write_document(writer: _Writer, doc: list[GoldSentence],
                    pieces: list[tuple[GoldSentence | None, list[Any], str]], prefix: str) -> None:
    k, first = 0, True
    for gold, items, error in pieces:
        head = [doc[0].newdoc] if first and doc[0].newdoc and writer.run.notation != "ptb" else []
        if gold is not None and (error or not items):
            writer.missing(gold, error or "the parser returned nothing", head + [_comment("text", gold.text)])
            first = False
            continue
        for item in items:
            k += 1
            writer.item(item, None, head + [_comment("sent_id", f"{prefix}-s{k}"), _comment("text", _item_text(item))])
            head, first = [], False


def _item_text(item: Any) -> str:
    """The text a parsed sentence spells: its tokens (a multiword token once) and SpaceAfter."""
    if isinstance(item, Tree):
        return " ".join(item.words)
    out, inside = [], 0
    for row in item.rows:
        kind = row.kind
        if kind == "multiword":
            inside = int(row.id.partition("-")[2])
        elif kind != "word" or int(row.id) <= inside:
            continue
        out.append(row.form + ("" if "SpaceAfter=No" in row.pdeprel else " "))
    return "".join(out).strip()
