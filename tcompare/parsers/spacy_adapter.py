"""spaCy (any installed pipeline, GiNZA's Japanese ``ja_ginza`` included) as a dependency parser.

On the gold's tokens a `Doc` is made from the words and spaces with the first word marked
as the only sentence start, so the parser keeps the gold sentence whole; on raw text the
pipeline tokenises and segments.  Documents go through ``nlp.pipe`` in batches: that is the
parser's own speed, and our share of the time (making the Docs, reading the tokens back) is
what `make bench` measures.
"""

from __future__ import annotations

import importlib
from typing import Any, Iterator

from tcompare.parsers.base import DEPENDENCY, ParserMissing, WordsIn
from tcompare.parsers.items import WordOut, dep_sentence
from tcompare.model.deps import DepSentence

INSTALL_SPACY = "pip install 'tcompare[spacy]'"


def spacy_module() -> Any:
    try:
        return importlib.import_module("spacy")
    except ImportError as exc:
        raise ParserMissing("spaCy is not installed", INSTALL_SPACY) from exc


def sentence_items(span: Any) -> DepSentence:
    """A spaCy sentence (a Span, or a whole Doc) as a `DepSentence`.  Whitespace tokens are
    left out; a word whose head is one hangs on the nearest word up the chain (or is a root)."""
    words = [t for t in span if not t.is_space]
    index = {t.i: n for n, t in enumerate(words, start=1)}
    out = []
    for t in words:
        head = t.head
        while head.i not in index and head.head.i != head.i:
            head = head.head
        root = head.i == t.i or head.i not in index
        out.append(WordOut(t.text, 0 if root else index[head.i], t.dep_, t.lemma_, t.pos_, t.tag_,
                           str(t.morph), bool(t.whitespace_)))
    return dep_sentence(out)


class SpacyParser:
    """A spaCy pipeline by its package name (``en_core_web_sm``, ``ja_ginza``...)."""

    kind = DEPENDENCY

    def __init__(self, model: str, batch_size: int = 64):
        self.model = model
        self.name = f"spacy:{model}"
        self.batch_size = batch_size
        self.nlp: Any = None

    def load(self) -> None:
        if self.nlp is not None:
            return
        spacy = spacy_module()
        try:
            self.nlp = spacy.load(self.model)
        except OSError as exc:       # spaCy's E050: no such package or path
            from tcompare.parsers.installed import install_command

            raise ParserMissing(f"the spaCy pipeline {self.model!r} is not installed",
                                install_command(self.name)) from exc

    def _doc(self, sentence: WordsIn) -> Any:
        from spacy.tokens import Doc

        doc = Doc(self.nlp.vocab, words=list(sentence.words), spaces=list(sentence.spaces))
        for n, token in enumerate(doc):
            token.is_sent_start = n == 0      # the parser keeps boundaries set beforehand
        return doc

    def parse_words(self, batch: list[WordsIn]) -> Iterator[DepSentence]:
        self.load()
        for doc in self.nlp.pipe((self._doc(s) for s in batch), batch_size=self.batch_size):
            yield sentence_items(doc)

    def parse_text(self, text: str) -> list[DepSentence]:
        self.load()
        doc = self.nlp(text)
        return [item for item in (sentence_items(s) for s in doc.sents) if item.words]

    def parse_texts(self, texts: list[str]) -> Iterator[list[DepSentence]]:
        """Several documents through one ``nlp.pipe`` (the runner's raw mode)."""
        self.load()
        for doc in self.nlp.pipe(texts, batch_size=max(1, self.batch_size // 8)):
            yield [item for item in (sentence_items(s) for s in doc.sents) if item.words]
