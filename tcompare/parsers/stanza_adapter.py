"""Stanza: UD dependencies, or constituency trees where its constituency model is installed.

    stanza:en                   dependencies (tokenize, mwt, pos, lemma, depparse)
    stanza:en,constituency      constituency (tokenize, pos, constituency)

Models are never downloaded here (``download_method=None``): a missing one is a
`ParserMissing` naming ``python -c "import stanza; stanza.download('en')"``.  On the gold's
tokens the pipeline runs with ``tokenize_pretokenized`` (one sentence per gold sentence); on
raw text Stanza segments, and its multiword tokens become CoNLL-U ranges.
"""

from __future__ import annotations

import importlib
from typing import Any, Iterator

from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, ParserMissing, WordsIn
from tcompare.parsers.installed import stanza_download
from tcompare.parsers.items import WordOut, dep_sentence, tree_from_brackets

INSTALL_STANZA = "pip install 'tcompare[stanza]'"
PROCESSORS = {DEPENDENCY: "tokenize,mwt,pos,lemma,depparse", CONSTITUENCY: "tokenize,pos,constituency"}


def download_command(lang: str) -> str:
    return stanza_download(lang)


def _space_after(token: Any) -> bool:
    value = getattr(token, "spaces_after", None)
    if isinstance(value, str):
        return value != ""
    return "SpaceAfter=No" not in (getattr(token, "misc", None) or "")


def sentence_item(sentence: Any, kind: str) -> Any:
    """A Stanza sentence as a `DepSentence` (or a `Tree` for `kind` CONSTITUENCY)."""
    if kind == CONSTITUENCY:
        return tree_from_brackets(str(sentence.constituency))
    words: list[WordOut] = []
    ranges: dict[int, tuple[int, str, bool]] = {}
    for token in sentence.tokens:
        ids = token.id if isinstance(token.id, tuple) else (token.id,)
        space = _space_after(token)
        if len(ids) > 1:
            ranges[ids[0]] = (ids[-1], token.text, space)
        for k, w in enumerate(token.words):
            last = k == len(token.words) - 1
            words.append(WordOut(w.text, int(w.head or 0), w.deprel or "", w.lemma or "", w.upos or "",
                                 w.xpos or "", w.feats or "", space if last else True))
    return dep_sentence(words, ranges=ranges)


class StanzaParser:
    def __init__(self, options: str):
        parts = [p for p in options.split(",") if p]
        if not parts:
            raise ValueError("stanza needs a language: stanza:en, stanza:en,constituency")
        self.lang = parts[0]
        self.kind = CONSTITUENCY if CONSTITUENCY in parts[1:] else DEPENDENCY
        self.name = f"stanza:{options}"
        self.pretokenised: Any = None
        self.raw: Any = None

    def _pipeline(self, pretokenised: bool) -> Any:
        try:
            stanza = importlib.import_module("stanza")
        except ImportError as exc:
            raise ParserMissing("Stanza is not installed", INSTALL_STANZA) from exc
        try:
            return stanza.Pipeline(lang=self.lang, processors=PROCESSORS[self.kind],
                                   tokenize_pretokenized=pretokenised, download_method=None,
                                   logging_level="WARN")
        except Exception as exc:     # Stanza raises several kinds for a model not downloaded
            raise ParserMissing(f"Stanza's {self.lang} models ({PROCESSORS[self.kind]}) are not "
                                f"installed or do not load: {exc}", download_command(self.lang)) from exc

    def load(self) -> None:
        if self.pretokenised is None:
            self.pretokenised = self._pipeline(True)

    def parse_words(self, batch: list[WordsIn]) -> Iterator[Any]:
        self.load()
        doc = self.pretokenised([list(s.words) for s in batch])
        if len(doc.sentences) != len(batch):
            raise RuntimeError(f"Stanza returned {len(doc.sentences)} sentences for {len(batch)}")
        for sentence, wanted in zip(doc.sentences, batch):
            item = sentence_item(sentence, self.kind)
            if self.kind == DEPENDENCY:       # spaces are the gold's, not the tokeniser's
                for row, space in zip(item.words, wanted.spaces):
                    row.pdeprel = "_" if space else "SpaceAfter=No"
            yield item

    def parse_text(self, text: str) -> list[Any]:
        if self.raw is None:
            self.raw = self._pipeline(False)
        return [sentence_item(s, self.kind) for s in self.raw(text).sentences]
