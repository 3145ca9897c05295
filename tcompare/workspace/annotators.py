"""Several annotators' files of the same sentences, open together; no Qt.

None of the files is gold.  The first annotator's file gives the rows (its sentences, in
its order); every other file -- each further annotator, and optionally a parser's output --
is paired with it as `tcompare score` pairs gold and system (`scoring.pairing.pair_corpora`:
by CoNLL-U ``sent_id``, then text, then position).  A sentence that pairs with nothing, or
that was joined or split, is listed in `unpaired` (file:line and why), never dropped
silently: its row shows the annotators that have it.

Per row: the versions (`versions(row)`), the items they disagree on
(`disagreements(row)`, decided by `scoring.annotators`), filtered by field (attachment,
label, pos, feats); `next_disagreement` walks them (the window's F8).  With an
`Adjudication` open, the curated sentence is one more version and each decision emits
``changed(row)``; `changes_by_annotator` says, per annotator, what the curator changed of
theirs and scores them against the curated file with the notation's default profile.

Opening reads and pairs every file, then compares every row (`compare_all`): seconds on a
UD test set, so the window does it in a worker thread.  ``progress(stage, done, total)``
(stage "read", "pair", "compare") reports, ``cancelled()`` is asked between steps and
`LoadCancelled` ends the opening; nothing is written before the adjudication opens.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from tcompare import formats
from tcompare.atomic_file import atomic_write
from tcompare.csv_cells import csv_writer
from tcompare.editing.adjudication import EDIT, Adjudication, Choice, Decision, Source
from tcompare.editing.tree_edits import EditRefused
from tcompare.model.corpus import Corpus
from tcompare.scoring import profiles
from tcompare.scoring.annotators import FIELDS, Disagreement, disagreements, words_of
from tcompare.scoring.base import SentenceResult, Summary
from tcompare.scoring.pairing import pair_corpora, score_records
from tcompare.workspace.events import Event

PARSER = "parser"
Progress = Callable[[str, int, int], None]
STEP = 64          # sentences between two progress reports / cancel checks


def letter(k: int) -> str:
    """A, B, ... Z, AA ... : annotators as the window and the sidecar name them."""
    out = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(65 + r) + out
    return out


class AnnotatorsError(Exception):
    """The files cannot be compared (fewer than two annotators, unreadable, mixed kinds)."""


class LoadCancelled(Exception):
    """The opening was cancelled (`cancelled()` said so)."""


def _never() -> bool:
    return False


def _quiet(stage: str, done: int, total: int) -> None:
    pass


@dataclass
class Change:
    """One item of an annotator's sentence the curated file has otherwise."""

    row: int
    item: Disagreement      # values: (the annotator's, the curated file's)


@dataclass
class AnnotatorReport:
    name: str
    path: str
    changes: list[Change] = field(default_factory=list)
    by_field: Counter[str] = field(default_factory=Counter)
    summary: Summary | None = None       # scored against the curated file


class AnnotatorsDocument:
    """See the module docstring.  ``sources[k]``: annotators first, then the parser."""

    def __init__(self, paths: Sequence[str | Path], parser: str | Path | None = None,
                 names: Sequence[str] | None = None, progress: Progress | None = None,
                 cancelled: Callable[[], bool] | None = None):
        if len(paths) < 2:
            raise AnnotatorsError(f"agreement needs at least two annotators' files; "
                                  f"{len(paths)} given")
        self.changed = Event()          # (row): a version of that row changed
        self.corpora = self._read([*paths, *([parser] if parser is not None else [])],
                                  progress or _quiet, cancelled or _never)
        kinds = {c.kind for c in self.corpora}
        if len(kinds) > 1:
            raise AnnotatorsError("the files mix constituency trees and dependencies: "
                                  + ", ".join(f"{c.path} ({c.kind})" for c in self.corpora))
        self.count = len(paths)                 # annotators (the parser comes after them)
        given = list(names or [])
        self.names = [given[k] if k < len(given) else letter(k) for k in range(self.count)]
        if parser is not None:
            self.names.append(PARSER)
        self.notation = self.corpora[0].notation
        self.kind = self.corpora[0].kind
        self.profile = profiles.get(profiles.default_for(self.notation))
        self.unpaired: list[str] = []
        self.rows = self._pair(progress or _quiet, cancelled or _never)
        self.adjudication: Adjudication | None = None
        self._cache: dict[int, list[Disagreement]] = {}
        # (annotator, row) -> what the curator changed there and the sentence's score:
        # recomputed for the rows a decision touched only (the tab follows every decision)
        self._changes: dict[tuple[int, int], tuple[list[Change], SentenceResult]] = {}
        self.changed.connect(self._forget_changes)
        for corpus in self.corpora:
            for error in corpus.errors():
                self.unpaired.append(f"{error} (left out: it cannot be read)")

    @property
    def has_parser(self) -> bool:
        return len(self.corpora) > self.count

    @property
    def paths(self) -> list[str]:
        return [c.path for c in self.corpora]

    @staticmethod
    def _read(paths: Sequence[str | Path], progress: Progress, cancelled: Callable[[], bool]) -> list[Corpus]:
        """Each file read and each sentence parsed (pairing and comparing then reuse the
        trees), `cancelled` asked every `STEP` sentences."""
        corpora = []
        for path in paths:
            try:
                corpora.append(formats.read_file(path))
            except formats.ReadError as exc:
                raise AnnotatorsError(str(exc)) from exc
        total, done = sum(len(c) for c in corpora), 0
        for corpus in corpora:
            for record in corpus:
                _ = record.error        # parses it (a lazy record)
                done += 1
                if done % STEP == 0:
                    if cancelled():
                        raise LoadCancelled()
                    progress("read", done, total)
        progress("read", total, total)
        return corpora

    def _pair(self, progress: Progress, cancelled: Callable[[], bool]) -> list[list[int | None]]:
        """rows[r][k]: the sentence (0-based) of source k at row r, None when it has none."""
        base = self.corpora[0]
        rows: list[list[int | None]] = [[r] + [None] * (len(self.corpora) - 1) for r in range(len(base))]
        for k, other in enumerate(self.corpora[1:], start=1):
            if cancelled():
                raise LoadCancelled()
            progress("pair", k - 1, len(self.corpora) - 1)
            for pair in pair_corpora(base, other, self.profile):
                if len(pair.gold) == 1 and len(pair.system) == 1:
                    rows[pair.gold[0]][k] = pair.system[0]
                    continue
                for i in pair.system:
                    self.unpaired.append(f"{other.path}:{other[i].line}: sentence {i + 1} pairs "
                                         f"with no sentence of {base.path} ({pair.kind})")
                for i in pair.gold:
                    self.unpaired.append(f"{base.path}:{base[i].line}: sentence {i + 1} has no "
                                         f"partner in {other.path} ({pair.kind})")
        progress("pair", len(self.corpora) - 1, len(self.corpora) - 1)
        return rows

    def compare_all(self, progress: Progress | None = None,
                    cancelled: Callable[[], bool] | None = None) -> None:
        """Every row's disagreements computed now (the window's table shows them all)."""
        progress, cancelled = progress or _quiet, cancelled or _never
        n = len(self.rows)
        for row in range(n):
            self.disagreements(row)
            if row % STEP == STEP - 1:
                if cancelled():
                    raise LoadCancelled()
                progress("compare", row + 1, n)
        progress("compare", n, n)

    # -- what a row holds ------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.rows)

    def versions(self, row: int, curated: bool = False) -> list[Any]:
        """Each source's sentence at `row` (None: it has none, or it cannot be read); with
        `curated` and an adjudication open, the curated sentence last."""
        out = []
        for k, index in enumerate(self.rows[row]):
            out.append(None if index is None else self.corpora[k][index].item)
        if curated and self.adjudication is not None:
            out.append(self.adjudication.item(row))
        return out

    def text(self, row: int, k: int) -> str | None:
        index = self.rows[row][k]
        return None if index is None else self.corpora[k][index].source

    def words(self, row: int) -> list[str]:
        for item in self.versions(row):
            if item is not None:
                return words_of(item)
        return []

    def disagreements(self, row: int, wanted: str | None = None) -> list[Disagreement]:
        """The items the annotators (not the parser) disagree on at `row`, of field `wanted`."""
        found = self._cache.get(row)
        if found is None:
            found = self._cache[row] = disagreements(self.versions(row)[:self.count])
        return [d for d in found if d.touches(wanted)]

    def next_disagreement(self, row: int, item: int, wanted: str | None = None,
                          step: int = 1) -> tuple[int, int] | None:
        """(row, item index) of the next (step -1: previous) disagreement after item `item`
        of `row` (item -1: from the row's start), wrapping around; None when there is none."""
        n = len(self.rows)
        if not n:
            return None
        r, k = row, item
        for _ in range(n + 1):
            items = self.disagreements(r, wanted)
            k = k + step if k >= 0 or step > 0 else len(items) - 1
            if 0 <= k < len(items):
                return r, k
            r = (r + step) % n
            k = -1 if step > 0 else len(self.disagreements(r, wanted))
        return None

    def next_pair_difference(self, row: int, first: int, second: int) -> tuple[int, int] | None:
        """(row, item index) of the first item after `row` (wrapping) on which annotators
        `first` and `second` differ; None when they agree everywhere."""
        n = len(self.rows)
        for step in range(1, n + 1):
            r = (row + step) % n
            for k, d in enumerate(self.disagreements(r)):
                if d.values[first] != d.values[second]:
                    return r, k
        return None

    def counts(self, wanted: str | None = None) -> Counter[str]:
        """How many items disagree, per field (over every row)."""
        out: Counter[str] = Counter()
        for row in range(len(self.rows)):
            for d in self.disagreements(row, wanted):
                out.update(d.fields)
        return out

    # -- adjudication ------------------------------------------------------------------------
    def sources(self) -> list[Source]:
        return [Source(name, c.path, PARSER if name == PARSER else "annotator")
                for name, c in zip(self.names, self.corpora)]

    def adjudicate(self, curated_path: str | Path, recover: bool | Choice = True,
                   curator: str | None = None) -> Adjudication:
        """Open (or go on with) the curated file at `curated_path`, made from the first
        annotator's file; see `editing.adjudication`."""
        if Path(curated_path).resolve() in {Path(p).resolve() for p in self.paths}:
            raise AnnotatorsError(f"{curated_path} is one of the annotators' files: the "
                                  "curated file must be a new file")
        self.close()
        self.adjudication = Adjudication.open(self.paths[0], curated_path, self.sources(),
                                              curator, recover)
        self._changes.clear()
        if len(self.adjudication.curated) != len(self.rows):
            self.close()
            raise AnnotatorsError(f"{curated_path} does not have the sentences of {self.paths[0]}")
        return self.adjudication

    def close(self) -> None:
        """End the adjudication session (its lock goes; the journal stays)."""
        if self.adjudication is not None:
            self.adjudication.close()
            self.adjudication = None

    def values(self, row: int, item: Disagreement | None) -> dict[str, str | None]:
        """Who said what: each source's value of `item` (its whole sentence for None)."""
        if item is None:
            return {name: self.text(row, k) for k, name in enumerate(self.names)}
        found = [d for d in disagreements(self.versions(row))
                 if (d.start, d.end, d.kind) == (item.start, item.end, item.kind)]
        values = found[0].values if found else item.values
        return {name: values[k] if k < len(values) else None for k, name in enumerate(self.names)}

    def take(self, row: int, source: int, item: Disagreement | None = None,
             fields: Sequence[str] | None = None) -> Decision:
        """The curated sentence at `row` takes source `source`'s sentence (item None) or its
        value of `item`.  Raises `EditRefused` (with why) when it cannot."""
        adj = self._adjudication()
        index = self.rows[row][source]
        if index is None or self.corpora[source][index].error is not None:
            raise EditRefused(f"{self.names[source]} has no readable sentence here")
        name = self.names[source]
        if item is None:
            decision = adj.take_sentence(row, name, self.corpora[source][index].source,
                                         self.values(row, None))
        else:
            decision = adj.take_item(row, item, name, self.corpora[source][index].item,
                                     self.values(row, item), fields)
        self.changed.emit(row)
        return decision

    def edit(self, row: int, text: str) -> Decision:
        decision = self._adjudication().edit(row, text, self.values(row, None))
        self.changed.emit(row)
        return decision

    def undo(self) -> Decision | None:
        decision = self._adjudication().undo()
        if decision is not None:
            self.changed.emit(decision.sentence - 1)
        return decision

    def curated_value(self, row: int, item: Disagreement) -> str | None:
        """The curated sentence's value of `item` (None: it has no bracket there)."""
        versions = [*self.versions(row)[:self.count], self._adjudication().item(row)]
        for d in disagreements(versions):
            if (d.start, d.end, d.kind) == (item.start, item.end, item.kind):
                return d.values[-1]
        return None

    def curated_text(self, row: int) -> str:
        return self._adjudication().curated[row].source

    def _adjudication(self) -> Adjudication:
        if self.adjudication is None:
            raise EditRefused("no curated file is open")
        return self.adjudication

    def _forget_changes(self, row: int) -> None:
        for k in range(self.count):
            self._changes.pop((k, row), None)

    # -- what the curator changed --------------------------------------------------------------
    def changes_by_annotator(self) -> list[AnnotatorReport]:
        """Per annotator: each item of theirs the curated file has otherwise, and their
        figures scored against the curated file (the notation's default profile)."""
        adj = self._adjudication()
        config = self.profile.prepare()
        reports = []
        for k in range(self.count):
            report = AnnotatorReport(self.names[k], self.corpora[k].path)
            results: list[SentenceResult] = []
            for row, indices in enumerate(self.rows):
                index = indices[k]
                if index is None:
                    continue
                known = self._changes.get((k, row))
                if known is None:
                    record = self.corpora[k][index]
                    known = self._changes[(k, row)] = (
                        [Change(row, d) for d in disagreements([record.item, adj.item(row)])],
                        score_records(adj.curated, self.corpora[k], adj.curated[row], record, row,
                                      self.profile, config))
                for change in known[0]:
                    report.changes.append(change)
                    report.by_field.update(change.item.fields)
                results.append(known[1])
            report.summary = self.profile.aggregate(results, config)
            reports.append(report)
        return reports


CHANGES_HEADER = ("annotator", "file", "sentence", "first_word", "last_word", "fields",
                  "annotator_value", "curated_value")


def changes_csv(reports: Sequence[AnnotatorReport]) -> str:
    """What the curator changed, one row per item of an annotator's (`changes_by_annotator`);
    sentences and words numbered from 1.  Cells go through `csv_cells` (no formula runs)."""
    out = io.StringIO()
    writer = csv_writer(out, lineterminator="\n")
    writer.writerow(CHANGES_HEADER)
    for report in reports:
        for change in report.changes:
            d = change.item
            writer.writerow([report.name, report.path, change.row + 1, d.start + 1, d.end,
                             " ".join(d.fields), d.values[0] or "", d.values[1] or ""])
    return out.getvalue()


def write_changes_csv(path: str | Path, reports: Sequence[AnnotatorReport]) -> None:
    atomic_write(path, changes_csv(reports).encode("utf-8"))


def default_curated_path(first: str | Path) -> Path:
    """``a.conllu`` -> ``a.curated.conllu`` beside it."""
    first = Path(first)
    return first.with_name(f"{first.stem}.curated{first.suffix}")


__all__ = ["AnnotatorsDocument", "AnnotatorsError", "LoadCancelled", "AnnotatorReport", "Change", "EDIT",
           "FIELDS", "PARSER", "default_curated_path", "letter"]
