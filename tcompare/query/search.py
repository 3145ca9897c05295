"""Search a corpus with one pattern: the sentence filter / search box of the GUI.

``search_corpus(corpus, "VP < (/^VB/ $. NP)")`` yields a `SearchHit` per sentence the pattern
matches, with `Highlight`s (phrase node ids, token indices) to draw.  The pattern kind
follows the corpus notation (tgrep2 for constituency notations, arc patterns for CoNLL).
Unreadable sentences are skipped; a bad pattern raises `PatternError` (with its column)
before any sentence is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Union

from tcompare.query.deps import DepPattern, DepView
from tcompare.query.rules import Highlight, to_highlight, compile_pattern
from tcompare.query.tgrep import TreePattern
from tcompare.query.view import TreeView
from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence

Pattern = Union[TreePattern, DepPattern]


@dataclass
class SearchHit:
    """Sentence `index` (1-based, as in the corpus) and where the pattern matched in it."""

    index: int
    matches: list[Highlight]


def search_items(items, pattern: Pattern) -> Iterator[tuple[int, list[Highlight]]]:
    """(position, highlights) for each parsed item (Tree / DepSentence) the pattern matches."""
    for position, item in enumerate(items):
        if item is None:
            continue
        if isinstance(item, DepSentence):
            if not isinstance(pattern, DepPattern):
                continue
            found = [to_highlight(m) for m in pattern.matches(DepView(item))]
        else:
            if not isinstance(pattern, TreePattern) or item.root is None:
                continue
            found = [to_highlight(m) for m in pattern.matches(TreeView(item))]
        if found:
            yield position, found


def search_corpus(corpus: Corpus, pattern: str | Pattern,
                  notation: str | None = None) -> Iterator[SearchHit]:
    """Sentences of `corpus` that `pattern` matches, in file order.

    Raises
    ------
    PatternError
        when `pattern` is text that does not compile for the corpus notation.
    """
    if isinstance(pattern, str):
        pattern = compile_pattern(pattern, notation or corpus.notation)
    records = [r for r in corpus.records]
    items = (r.item if r.error is None else None for r in records)
    for position, found in search_items(items, pattern):
        yield SearchHit(records[position].index, found)
