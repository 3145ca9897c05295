"""benepar (Berkeley Neural Parser): constituency trees.

    benepar:benepar_en3                  on the gold's tokens (benepar.Parser)
    benepar:benepar_en3,spacy=MODEL      raw text: spaCy MODEL segments and tokenises, the
                                         benepar component parses (default: the first
                                         installed English spaCy pipeline)

The model is never downloaded here: a missing one is a `ParserMissing` naming
``python -c "import benepar; benepar.download('benepar_en3')"``.
"""

from __future__ import annotations

import importlib
from typing import Any, Iterator

from tcompare.formats import ptb
from tcompare.formats.nltk_interop import from_nltk
from tcompare.model.tree import Tree
from tcompare.parsers.base import CONSTITUENCY, ParserMissing, WordsIn
from tcompare.parsers.installed import benepar_download
from tcompare.parsers.items import tree_from_brackets

INSTALL_BENEPAR = "pip install 'tcompare[benepar]'"


def download_command(model: str) -> str:
    return benepar_download(model)


def tree_of(parsed: Any) -> Tree:
    """benepar's nltk.Tree (or its bracket string) as our `Tree`."""
    if isinstance(parsed, str):
        return tree_from_brackets(parsed)
    return from_nltk(parsed, ptb.split_label)


class BeneparParser:
    kind = CONSTITUENCY

    def __init__(self, options: str):
        parts = [p for p in options.split(",") if p]
        self.model = parts[0] if parts else "benepar_en3"
        self.spacy_model = next((p.partition("=")[2] for p in parts[1:] if p.startswith("spacy=")), "")
        self.name = f"benepar:{options or self.model}"
        self.parser: Any = None
        self.nlp: Any = None
        self.module: Any = None

    def _benepar(self) -> Any:
        if self.module is None:
            try:
                self.module = importlib.import_module("benepar")
            except ImportError as exc:
                raise ParserMissing("benepar is not installed", INSTALL_BENEPAR) from exc
        return self.module

    def load(self) -> None:
        if self.parser is not None:
            return
        benepar = self._benepar()
        try:
            self.parser = benepar.Parser(self.model)
        except LookupError as exc:       # nltk's "Resource ... not found"
            raise ParserMissing(f"the benepar model {self.model!r} is not installed",
                                download_command(self.model)) from exc

    def parse_words(self, batch: list[WordsIn]) -> Iterator[Tree]:
        self.load()
        benepar = self._benepar()
        inputs = [benepar.InputSentence(words=list(s.words)) for s in batch]
        for parsed in self.parser.parse_sents(inputs):
            yield tree_of(parsed)

    def parse_text(self, text: str) -> list[Tree]:
        if self.nlp is None:
            from tcompare.parsers.installed import first_spacy_pipeline
            from tcompare.parsers.spacy_adapter import spacy_module

            name = self.spacy_model or first_spacy_pipeline("en")
            if not name:
                raise ParserMissing("benepar on raw text needs a spaCy pipeline to cut sentences",
                                    "pip install 'tcompare[spacy]'")
            self._benepar()
            nlp = spacy_module().load(name)
            try:
                nlp.add_pipe("benepar", config={"model": self.model})
            except LookupError as exc:
                raise ParserMissing(f"the benepar model {self.model!r} is not installed",
                                    download_command(self.model)) from exc
            self.nlp = nlp
        return [tree_of(s._.parse_string) for s in self.nlp(text).sents]
