"""A parser without a model, for CI and for trying the whole path: ``--with stub``.

Its trees are simple on purpose (dependencies: each word hangs on the word before it, the
first is the root; constituency: a right-branching tree of ``S`` and ``X`` over ``X`` tags),
so tests can compute the scores by hand.  Options after the name, comma-separated:

    stub:constituency            trees instead of dependencies
    stub:fail=WORD               raise on every sentence holding WORD (a parser that crashes)
    stub:empty=WORD              return nothing for a sentence holding WORD
    stub:delay=0.01              sleep this many seconds per sentence (to try cancelling)

On raw text it cuts sentences after ``. ! ? 。 ！ ？`` and words at spaces and punctuation.
"""

from __future__ import annotations

import re
import time
from typing import Any, Iterator

from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, WordsIn
from tcompare.parsers.items import WordOut, dep_sentence

_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")
_WORD = re.compile(r"\w+|[^\w\s]")


class StubCrash(RuntimeError):
    """What the stub raises on a sentence with its `fail` word."""


def stub_tree(words: list[str]) -> Tree:
    """``(S (X w1) (X (X w2) (X ...)))``; one word: ``(S (X w1))``."""
    node: Node | None = None
    for form in reversed(words):
        leaf = Token(form, "X")
        node = Node(Label("X", category="X"), [leaf] + ([node] if node is not None else []))
    if node is None:
        return Tree.build(None)
    node.label = Label("S", category="S")
    return Tree.build(node)


class StubParser:
    name = "stub"

    def __init__(self, options: str = ""):
        self.kind = DEPENDENCY
        self.fail = self.empty = ""
        self.delay = 0.0
        for option in filter(None, options.split(",")):
            key, _, value = option.partition("=")
            if key in (CONSTITUENCY, DEPENDENCY) and not value:
                self.kind = key
            elif key == "fail":
                self.fail = value
            elif key == "empty":
                self.empty = value
            elif key == "delay":
                self.delay = float(value)
            else:
                raise ValueError(f"stub: unknown option {option!r} (constituency, dependency, "
                                 "fail=WORD, empty=WORD, delay=SECONDS)")
        self.name = "stub" + (f":{options}" if options else "")

    def load(self) -> None:
        """Nothing to load."""

    def _one(self, words: list[str], spaces: list[bool]) -> Any:
        if self.delay:
            time.sleep(self.delay)
        if self.fail and self.fail in words:
            raise StubCrash(f"the stub was told to fail on {self.fail!r}")
        if self.empty and self.empty in words:
            return None
        if self.kind == CONSTITUENCY:
            return stub_tree(words)
        return dep_sentence([WordOut(w, n - 1, "dep" if n > 1 else "root", upos="X", space_after=s)
                             for n, (w, s) in enumerate(zip(words, spaces), start=1)])

    def parse_words(self, batch: list[WordsIn]) -> Iterator[Any]:
        for sentence in batch:
            yield self._one(list(sentence.words), list(sentence.spaces))

    def parse_text(self, text: str) -> list[Any]:
        out = []
        for chunk in _SENTENCE_END.split(text):
            found = list(_WORD.finditer(chunk))
            if not found:
                continue
            words = [m.group() for m in found]
            spaces = [m.end() < len(chunk) and chunk[m.end()].isspace() for m in found]
            item = self._one(words, spaces)
            if item is not None:
                out.append(item)
        return out
