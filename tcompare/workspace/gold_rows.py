"""Edits that change how many gold sentences there are (a sentence split in two, two merged
into one, and their undo): the records spliced into the gold corpus, then every system paired
and scored again as `tcompare score` would pair and score the saved files.  No Qt.

The `Workspace` calls these from `replace_gold_rows`; an undo puts back the very records an
edit took out (with their source text and edited flag), so an undone split saves the file's
bytes again.
"""

from __future__ import annotations

from typing import Any

from tcompare.model.corpus import Corpus, SentenceRecord
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import Profile, SentenceResult
from tcompare.scoring.batch import slim_results
from tcompare.scoring.rows import ResultRows
from tcompare.workspace.loading import (RowInfo, plan_system, release_all, row_words,
                                        rows_needed)


def new_records(items: list[Any], line: int) -> list[SentenceRecord]:
    """Records for sentences an edit made (they have no text in the file yet: saving
    renders them); `line` is where the sentence they come from started."""
    return [SentenceRecord(index=0, line=line, source="", _item=item, edited=True)
            for item in items]


def splice_records(corpus: Corpus, row: int, count: int,
                   records: list[SentenceRecord]) -> list[SentenceRecord]:
    """Put `records` in place of the `count` records from `row`; the records taken out are
    returned (to put back on undo).  Every record keeps `index` = its 1-based position."""
    if not 0 <= row <= len(corpus) or count < 0 or row + count > len(corpus):
        raise IndexError(f"gold sentences {row + 1}..{row + count} are not in the file")
    removed = list(corpus.records[row:row + count])
    corpus.records[row:row + count] = records
    for k in range(row, len(corpus)):
        corpus.records[k].index = k + 1
    return removed


class Rescored:
    """Every system paired and scored again after the gold changed shape: per system its
    row plan, its program's refusal, its rows' slim results; and every row's `RowInfo`."""

    def __init__(self, gold: Corpus, systems: list[Corpus], profile: Profile | None,
                 config: Any, old_results: list[ResultRows], old_info: list[RowInfo],
                 first: int):
        self.plans: list[list[SentencePair] | None] = []
        self.refusals: list[str | None] = []
        planned: list[list[SentenceResult | None]] = []
        for system in systems:
            sp = plan_system(gold, system, profile, config)
            self.plans.append(sp.pairs)
            self.refusals.append(sp.refusal)
            planned.append(sp.results)
        total = rows_needed(gold, systems, self.plans)
        self.results: list[ResultRows] = []
        if profile is not None:
            for k, system in enumerate(systems):
                if self.plans[k] is None and not planned[k]:
                    # scored by position: the rows before the edit pair as they did
                    rows = ResultRows()
                    rows.extend(old_results[k][:first] if k < len(old_results) else [])
                    rows.extend(slim_results(gold, system, profile, config, len(rows), total))
                else:   # the profile's own run pairs the files (characters, text)
                    rows = ResultRows(items=planned[k])
                self.results.append(rows)
        self.info = list(old_info[:first])
        for i in range(first, total):
            length, text = row_words(gold, systems, self.plans, i)
            self.info.append(RowInfo(length, text, gold[i].line if i < len(gold) else 0))
        release_all([gold, *systems])       # (pairing parsed every sentence)
