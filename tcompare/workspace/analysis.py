"""Whole-corpus error analysis over an open Workspace, one row at a time (the window runs
these in time slices so it stays responsive; the CLI has its own commands).  No Qt.

* `ErrorClasses`: Kummerfeld et al.'s repair search and error classes per sentence
  (`analysis.errors`), English or Chinese classes by the notation;
* `Confusions`: gold label x system label (or relation) of the scorer's same-span /
  same-head items (`analysis.confusion`), merged over the rows;
* `QueryHits`: the sentences a pattern with verdict predicates matches, with what matched
  (`analysis.verdict_query`).

Each keeps, for everything it counts, the 1-based numbers of the sentences behind it, so a
front end can filter the table to them.  Nothing here decides a match: it reads the scorer's
items.
"""

from __future__ import annotations

from typing import Any

from tcompare.analysis.confusion import Matrix, confusion
from tcompare.analysis.errors import ErrorReport, SentenceErrors, analyse_pair
from tcompare.analysis.verdict_query import Query, QueryHit, parse_query, run_query
from tcompare.scoring.base import SentenceResult

CHINESE_NOTATIONS = frozenset({"tct", "tct2012", "sinica", "pku", "ctb"})


def language_for(notation: str) -> str:
    """The error classes a notation's treebank uses (Kummerfeld's English or Chinese set)."""
    return "chinese" if notation in CHINESE_NOTATIONS else "english"


class ErrorClasses:
    """Error classes of every sentence pair (constituency trees only)."""

    def __init__(self, notation: str, trees: bool = True):
        self.language = language_for(notation)
        self.ptb_cleaning = notation == "ptb"
        self.trees = trees                  # keep each step's tree (to play the repair back)
        self.report = ErrorReport(self.language)
        self.by_row: dict[int, SentenceErrors] = {}

    def add(self, row: int, gold: Any, system: Any) -> None:
        errors = analyse_pair(row + 1, gold, system, self.language, self.ptb_cleaning, self.trees)
        self.report.sentences.append(errors)
        self.by_row[row] = errors

    def counts(self) -> list[tuple[int, int, str]]:
        """(occurrences, brackets fixed, class) in the analyser's order."""
        return self.report.counts()

    def sentences_with(self, category: str) -> list[int]:
        return self.report.sentences_with(category)


class Confusions:
    """Gold x system label confusion over the rows seen, merged from each row's matrix."""

    def __init__(self, kind: str = "label"):
        self.matrix = Matrix(kind)

    def add(self, result: SentenceResult | None) -> None:
        if result is None or not result.valid:
            return
        one = confusion([result], self.matrix.kind)
        for cell, n in one.cells.items():
            self.matrix.cells[cell] += n
            rows = self.matrix.sentences.setdefault(cell, [])
            rows.extend(i for i in one.sentences[cell] if not rows or rows[-1] != i)


class QueryHits:
    """The rows a query matches.  Raises `PatternError` (with the column) for a bad query."""

    def __init__(self, text: str, notation: str, side: str = "gold"):
        self.query: Query = parse_query(text, notation)
        self.side = side
        self.hits: dict[int, QueryHit] = {}

    def add(self, row: int, result: SentenceResult | None, gold: Any, system: Any) -> None:
        results = [result] if result is not None else None
        if self.query.predicates and results is None:
            return
        for hit in run_query(self.query, results, [gold], [system], self.side):
            self.hits[row] = hit

    @property
    def sentences(self) -> list[int]:
        """1-based numbers of the matching sentences."""
        return sorted(row + 1 for row in self.hits)
