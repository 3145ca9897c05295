"""What every parser adapter is: a small port the runner, the command line and the window use.

An adapter turns a parser's own objects into ours: `DepSentence` (dependencies) or `Tree`
(constituency).  It is asked in one of two ways:

* `parse_words(batch)`: the gold's own tokens, one list of words per sentence; one item
  comes back per sentence, in order (the parser must not split or join them);
* `parse_text(text)`: raw text (a document); the parser finds its own sentences and tokens.

Nothing here imports a parser: an adapter imports its package in `load()`, so listing what is
installed never loads a model and a missing package is a `ParserMissing` naming the command
that installs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Protocol

DEPENDENCY, CONSTITUENCY = "dependency", "constituency"


class ParserMissing(RuntimeError):
    """A parser, its package or its model is not installed; `install` is the exact command."""

    def __init__(self, message: str, install: str = ""):
        super().__init__(f"{message}; install it with: {install}" if install else message)
        self.install = install


@dataclass(frozen=True)
class WordsIn:
    """One gold sentence handed to a parser on its own tokens: the words and, per word,
    whether a space follows it in the text (CoNLL-U's SpaceAfter=No)."""

    words: tuple[str, ...]
    spaces: tuple[bool, ...]

    @property
    def text(self) -> str:
        return "".join(w + (" " if s else "") for w, s in zip(self.words, self.spaces)).rstrip()


class ParserAdapter(Protocol):
    """One parser with one model.  `kind` is DEPENDENCY or CONSTITUENCY."""

    name: str
    kind: str

    def load(self) -> None:
        """Import the package and load the model (slow: the window calls it off its thread).
        Raises `ParserMissing` when the package or the model is not installed."""

    def parse_words(self, batch: list[WordsIn]) -> Iterator[Any]:
        """One item per sentence of `batch`, in order (the whole batch fails together)."""

    def parse_text(self, text: str) -> list[Any]:
        """The parser's own sentences of `text`, each an item."""


def chunks(seq: list[Any], size: int) -> Iterable[list[Any]]:
    for start in range(0, len(seq), size):
        yield seq[start:start + size]
