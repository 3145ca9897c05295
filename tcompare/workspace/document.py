"""The open document, without Qt: corpora, profile and configuration, the row plan, every
row's slim result, the running totals -- and the one place that changes them.

The GUI drives a `Workspace` through `start` (a `Loader` to run in a worker thread) and
`apply` (each message the loader sent, in the thread that owns the Workspace); after an
edit it calls `replace_gold`.  Listeners (the GUI's Qt adapters, tests) connect to its
events:

``preview(Preview)``, ``opened()``, ``rows_added(first, count)``, ``rows_changed(first,
count)`` (results or words of rows already shown), ``summary_changed()`` (the total, or
the rows it covers: files opened, rows added, an edit, scoring ended), ``notes(list)``,
``scored()`` (every row has its result: `busy` ends here; the words of the rows may still
be coming), ``finished(ok)``, ``failed(error)``.

Each system's rows are one `ResultRows` (``results[k]``: every table row); its total is a
`RunningTotal` over them (``totals[k]``), the profile's aggregate made once per change:
nothing above adds numbers up itself.
Every row is in the table; a row present in only one file is counted in the totals unless
the profile's reference program stops at the end of the shorter file (EVALB), so the
totals always equal `tcompare score`'s.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from tcompare.editing.save import Fingerprint
from tcompare.model.corpus import Corpus, SentenceRecord
from tcompare.model.deps import DepSentence, joined_sentences
from tcompare.model.tree import joined_trees
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import UNSCORED, Profile, SentenceResult, Status, Summary
from tcompare.scoring.batch import slim
from tcompare.scoring.rows import ResultRows
from tcompare.scoring.left_out import LeftOut, recall_gold_key
from tcompare.workspace import gold_rows
from tcompare.workspace.events import Event
from tcompare.workspace.running import RunningTotal
from tcompare.workspace.loading import (Failed, LoadedFiles, Loader, LoadRequest, Notes,
                                        Preview, Progress, RowBatch, RowInfo, RowWords, Scored,
                                        ALL_ROWS, counted_limit,
                                        row_words, rows_needed, score_row, system_index)

# sentences (gold and systems together) a split or merge pairs and scores again within the
# call; a bigger document is scored again by a loader its owner runs (`reshape_loader`)
RESHAPE_NOW = 2000


class Workspace:
    """What is open and how it scores; see the module docstring.

    ``gold_replaced(row)``: `replace_gold` put a new gold sentence at `row`, rescored it and
    updated the totals -- the one way the gold changes, so views redraw from this event
    whoever made the change (an edit, an undo, a restored journal).

    ``rows_resized(row, removed, added)``: `replace_gold_rows` put `added` gold sentences in
    place of `removed` from `row` (a sentence split or merged) and paired and scored every
    system again: every row from `row` on may have moved (``gold_replaced(row)`` follows).
    """

    def __init__(self) -> None:
        self.preview = Event()
        self.opened = Event()
        self.rows_added = Event()
        self.rows_changed = Event()
        self.summary_changed = Event()
        self.progress = Event()
        self.notes = Event()
        self.scored = Event()
        self.finished = Event()
        self.failed = Event()
        self.gold_replaced = Event()
        self.rows_resized = Event()
        # held while a record is parsed or a row scored (the loader thread and the owner's)
        self.lock = threading.Lock()
        self.request: LoadRequest | None = None
        self.loader: Loader | None = None
        self.busy = False
        self.complete = False
        # runs a loader off the owner's thread (the GUI's Session); None: a split or merge is
        # always scored again within the call
        self.reshape_loader: Callable[[Loader], None] | None = None
        self._reset()

    def _reset(self) -> None:
        self.gold: Corpus | None = None
        self.systems: list[Corpus] = []
        self.profile: Profile | None = None
        self.options: dict[str, Any] = {}
        self.config: Any = None
        self.plans: list[list[SentencePair] | None] = []
        self.refusals: list[str | None] = []   # per system: why its program refuses the files
        self.results: list[ResultRows] = []    # per system, per row (kernel rows built lazily)
        self.totals: list[RunningTotal] = []   # per system, over its counted results
        self.info: list[RowInfo] = []
        self.complete = False
        self.all_scored = False
        self.messages: list[str] = []
        self.gold_fingerprint: Fingerprint | None = None    # the gold file as it was read
        # rows from here on had their words set by a sentence split or merge: the loader's
        # late words pass (made for the rows as they were) must not overwrite them
        self.words_set_from = ALL_ROWS

    # -- starting work ------------------------------------------------------------------------
    def start(self, request: LoadRequest) -> Loader:
        """A loader reading and scoring `request`'s files (the caller runs it in a worker
        thread and hands its messages to `apply`).  Any loader still running is cancelled."""
        self.cancel()
        self._reset()
        self.request = request
        return self._new_loader(Loader(request, lock=self.lock))

    def restart(self, profile: str | None = None, options: dict[str, Any] | None = None) -> Loader | None:
        """A loader scoring the open files again with another profile and/or options."""
        if self.request is None or self.gold is None:
            return None
        self.cancel()
        if profile is not None and profile != self.request.profile:
            self.request.profile = profile
            if options is None:
                options = {}
        if options is not None:
            self.request.options = dict(options)
        corpora = (self.gold, list(self.systems))
        self._reset()
        return self._new_loader(Loader(self.request, corpora, self.lock))

    def _new_loader(self, loader: Loader) -> Loader:
        self.loader, self.busy = loader, True
        return loader

    def cancel(self) -> None:
        if self.loader is not None:
            self.loader.cancel()

    # -- the loader's messages (owner's thread) -----------------------------------------------
    def apply(self, loader: Loader, message: Any) -> None:
        """Take one message `loader` sent (messages of a replaced loader are dropped)."""
        if loader is not self.loader:
            loader.preview_drawn.set()
            loader.batch_taken.set()
            return
        if isinstance(message, RowBatch):
            try:
                self._add_rows(message)
            finally:
                loader.batch_taken.set()
        elif isinstance(message, RowWords):
            try:
                self._add_words(message)
            finally:
                loader.batch_taken.set()
        elif isinstance(message, Progress):
            self.progress.emit(message.done, message.total)
        elif isinstance(message, LoadedFiles):
            self._open(message)
        elif isinstance(message, Preview):
            try:
                if self.gold is None:
                    self.preview.emit(message)     # the window draws it in this call
            finally:
                loader.preview_drawn.set()
        elif isinstance(message, Scored):
            # the table and the totals are complete: nothing waits for the words pass
            try:
                self.all_scored, self.busy, self.complete = True, False, True
                self.summary_changed.emit()     # the final total
                self.scored.emit()
            finally:
                loader.batch_taken.set()
        elif isinstance(message, Notes):
            self.messages.extend(message.notes)
            self.notes.emit(message.notes)
        elif isinstance(message, Failed):
            self.failed.emit(message.error)

    def finish(self, loader: Loader, ok: bool) -> None:
        """`loader` has stopped (True: it ran to the end)."""
        if loader is not self.loader:
            return
        self.busy = False
        self.complete = ok or self.all_scored     # (a words pass cut short loses nothing)
        if not self.all_scored:
            self.summary_changed.emit()     # cut short: the total of the rows scored so far
        self.finished.emit(self.complete)

    def _open(self, files: LoadedFiles) -> None:
        self.gold, self.systems = files.gold, files.systems
        self.profile, self.options, self.config = files.profile, files.options, files.config
        self.plans = files.plans or [None for _ in files.systems]
        self.refusals = files.refusals or [None for _ in files.systems]
        self.gold_fingerprint = files.gold_fingerprint
        self.results = [ResultRows() for _ in files.systems] if files.profile is not None else []
        profile = files.profile
        self.totals = [RunningTotal(profile, files.config, rows,
                                    lambda k=k: self.counted_rows(k))   # type: ignore[misc]
                       for k, rows in enumerate(self.results)] if profile is not None else []
        self.opened.emit()
        self.summary_changed.emit()         # (no rows yet: a total of nothing, or no profile)

    def _add_rows(self, batch: RowBatch) -> None:
        if not batch.info:
            return
        for k, rows in enumerate(self.results):
            rows.extend(batch.results[k])
        self.info.extend(batch.info)
        self.rows_added.emit(batch.first, len(batch.info))
        self.summary_changed.emit()         # (the rows it counts, and how many of them)

    def _add_words(self, words: RowWords) -> None:
        gold = self.gold
        for offset, (length, text) in enumerate(words.info):
            row = words.first + offset
            edited = gold is not None and row < len(gold) and gold[row].edited
            if row < len(self.info) and not edited and row < self.words_set_from:
                # (an edit has set its own words)
                self.info[row].length, self.info[row].text = length, text
        self.rows_changed.emit(words.first, len(words.info))

    # -- queries ------------------------------------------------------------------------------
    def counted_rows(self, system: int) -> int:
        """How many rows the aggregate counts: all of them, or -- for profiles whose reference
        program stops at the end of the shorter file -- only the paired ones.  The table shows
        every row either way (unpaired ones as errors)."""
        if self.gold is None or system >= len(self.systems):
            return 0
        gold, corpus = self.gold, self.systems[system]
        plan = self.plan(system)
        if system >= len(self.results):
            return counted_limit(self.profile, gold, corpus, plan, None, self.config)
        rows = self.results[system]
        # (EVALB's stop is looked for in every row: once per change of a row)
        return int(rows.memo(("counted_rows", len(gold), len(corpus)), lambda: counted_limit(
            self.profile, gold, corpus, plan, rows, self.config)))

    def left_out(self, system: int) -> dict[str, Any]:
        """For a profile that reproduces a reference program: the gold sentences its program
        left out of `system`'s total (errors, past its stop), their gold items and the recall
        counting them (`left_out.LeftOut.json`, the keys `score --output json` adds); {} for the
        other profiles, or without a total."""
        summary = self.summary(system)
        if summary is None or self.profile is None or self.gold is None:
            return {}
        tally = LeftOut(self.profile, self.config)
        if not tally.applies:
            return {}
        limit = self.counted_rows(system)
        rows = self.results[system]
        gold = self.gold

        key = recall_gold_key(self.profile)

        def compute() -> dict[str, Any]:
            # (rows still held as the kernel's numbers are valid: only built rows are read)
            with self.lock:
                for row, (result, numbers) in enumerate(rows.numbered()):
                    if row < limit:
                        if result is not None:
                            tally.add(result, gold)
                    elif row < len(gold):   # past EVALB's stop, or the shorter file's end
                        if numbers is not None:         # the kernel counted its gold items
                            tally.sentences.append(row + 1)
                            tally.items += numbers[GOLD_STAT]
                        elif result is not None and result.valid:
                            tally.sentences.append(row + 1)
                            tally.items += int(result.counts.get(key, 0))
                        else:
                            tally.add_gold(row + 1, gold)
                for row in range(len(rows), min(self.row_count, len(gold))):
                    tally.add_gold(row + 1, gold)
            return tally.json(summary)
        return dict(rows.memo(("left_out", limit, self.row_count), compute))

    def refusal(self, system: int) -> str | None:
        """Why the profile's reference program refuses `system`'s files (then there is no
        total: `summary` is None), or None."""
        return self.refusals[system] if system < len(self.refusals) else None

    @property
    def row_count(self) -> int:
        return len(self.info)

    @property
    def total_rows(self) -> int:
        if self.gold is None:
            return 0
        return rows_needed(self.gold, self.systems, [self.plan(k) for k in range(len(self.systems))])

    @property
    def notation(self) -> str:
        return self.gold.notation if self.gold is not None else ""

    def plan(self, system: int) -> list[SentencePair] | None:
        """The row plan of `system` (None: rows pair sentences by position)."""
        return self.plans[system] if system < len(self.plans) else None

    def row_info(self, row: int) -> RowInfo | None:
        """`row`'s RowInfo with its words (read now when the loader has not sent them yet)."""
        if row >= len(self.info):
            return None
        info = self.info[row]
        if not info.known and self.gold is not None:
            with self.lock:
                info.length, info.text = row_words(self.gold, self.systems, self.plans, row)
        return info

    def result(self, system: int, row: int) -> SentenceResult | None:
        """Slim result of `row` for `system` (None before it is scored / without profile).
        A row past where the profile's program stops (EVALB after MAX_ERROR errors, or past
        the shorter file) is shown as never scored, as `score --output json` lists it."""
        if system < len(self.results) and row < len(self.results[system]):
            result = self.results[system][row]
            if result is not None and self.plan(system) is None and self.profile is not None \
                    and not self.profile.count_unpaired and self.scored_through(system) \
                    and row >= self.counted_rows(system):
                return self._past_stop(system, row, result)
            return result
        return None

    def scored_through(self, system: int) -> bool:
        """Whether every row of `system` is scored (EVALB's stop is known only then)."""
        return self.all_scored or (self.gold is not None and system < len(self.results)
                                   and len(self.results[system]) >= self.total_rows)

    def _past_stop(self, system: int, row: int, result: SentenceResult) -> SentenceResult:
        assert self.gold is not None
        n = min(len(self.gold), len(self.systems[system]))
        why = (f"{self.profile.name if self.profile else ''} stops at the end of the shorter "
               "file" if row >= n else
               f"EVALB stops at sentence {self.counted_rows(system) + 1} after too many "
               "errors (MAX_ERROR; the profile's error limit raises it)")
        message = f"not scored: {why}" + (f" ({result.message})" if result.message else "")
        return SentenceResult(index=result.index, status=Status.ERROR, message=message,
                              data={UNSCORED: True})

    def full_result(self, system: int, row: int, keep: bool = True) -> SentenceResult | None:
        """The scorer's full result (with every item's verdict) for drawing `row`.
        ``keep`` False: sentences parsed for it are forgotten again (a pass over every row
        must not leave every tree in memory)."""
        if self.gold is None or system >= len(self.systems) or self.profile is None:
            return None
        if not keep:
            with self._forgetting(system, row):
                return self.full_result(system, row)
        with self.lock:
            return score_row(self.gold, self.systems[system], row, self.profile, self.config,
                             self.plan(system))

    def analysed(self, system: int, row: int) -> tuple[Any, Any, SentenceResult | None]:
        """(gold item, system item, full result) of `row` for a pass over every row: the
        sentences parsed for it are forgotten again afterwards."""
        with self._forgetting(system, row):
            gold_item, system_item = self.pair(system, row)
            return gold_item, system_item, self.full_result(system, row)

    @contextmanager
    def _forgetting(self, system: int, row: int) -> Iterator[None]:
        """Sentences of `row` not parsed before the block are forgotten again after it."""
        records = [r for r in self.records(system, row) if r is not None and not r.parsed]
        try:
            yield
        finally:
            with self.lock:
                for record in records:
                    record.release()

    def summary(self, system: int) -> Summary | None:
        """The profile's aggregate over every counted row of `system` (None without profile)."""
        if system < len(self.totals) and self.refusal(system) is None:
            return self.totals[system].summary()
        return None

    def counted_results(self, system: int) -> Any:
        """The results `system`'s total counts (for a report printed from them), or []."""
        if system < len(self.totals):
            return self.totals[system].counted_results()
        return []

    def pair(self, system: int, row: int) -> tuple[Any, Any]:
        """Parsed (gold item, system item) at `row`; None where missing or unreadable.  The
        first row of a joined / split group the profile scores as one pair gives the group:
        each side's sentences joined (`joined_trees`, `joined_sentences`), as it was scored."""
        group = self.group(system, row)
        if group is not None and self.gold is not None:
            gold = self.gold
            with self.lock:
                return (joined([gold[i].item for i in group.gold]),
                        joined([self.systems[system][j].item for j in group.system]))
        gold_rec, sys_rec = self.records(system, row)
        with self.lock:
            return (gold_rec.item if gold_rec is not None else None,
                    sys_rec.item if sys_rec is not None else None)

    def group(self, system: int, row: int) -> SentencePair | None:
        """The joined / split sentences scored as one pair on `row` (its first gold row),
        or None: a row of one sentence per side, or a profile that scores none together."""
        plan = self.plan(system)
        if plan is None or row >= len(plan) or self.profile is None or self.gold is None:
            return None
        pair = plan[row]
        if (len(pair.gold) < 2 and len(pair.system) < 2) or not pair.gold or \
                pair.gold[0] != row or not self.profile.scores_groups:
            return None
        return pair

    def records(self, system: int, row: int) -> tuple[SentenceRecord | None, SentenceRecord | None]:
        """(gold record, system record) at `row`, None where a file has no such sentence."""
        gold = self.gold[row] if self.gold is not None and row < len(self.gold) else None
        sys_rec = None
        j = system_index(self.plan(system), row) if system < len(self.systems) else None
        if j is not None and j < len(self.systems[system]):
            sys_rec = self.systems[system][j]
        return gold, sys_rec

    def gold_item(self, row: int) -> tuple[Any, Any]:
        """(item, error) of gold sentence `row` (parsed under the lock)."""
        if self.gold is None or row >= len(self.gold):
            return None, None
        record = self.gold[row]
        with self.lock:
            return record.item, record.error

    # -- changes ------------------------------------------------------------------------------
    def replace_gold(self, row: int, item: Any, edited: bool = True) -> None:
        """Put `item` as gold sentence `row`, rescore the row its pair stands on (O(1) totals
        update) and announce it (``rows_changed``, ``summary_changed``, then
        ``gold_replaced``).  ``edited`` False: `item` is the sentence as read (an undo back
        to it), so saving writes its source bytes again."""
        if self.gold is None:
            return
        with self.lock:
            self.gold[row].replace_item(item, edited)
        for k, system in enumerate(self.systems):
            if self.refusal(k) is not None:
                continue
            plan = self.plan(k)
            # a group of sentences is scored on its first gold row
            scored_row = plan[row].gold[0] if plan is not None and row < len(plan) and \
                plan[row].gold else row
            with self.lock:
                result = score_row(self.gold, system, scored_row, self.profile, self.config, plan)
            if result is None:
                continue
            if k < len(self.results) and scored_row < len(self.results[k]):
                # (the row's new version is all the total needs: `RunningTotal` sums again)
                self.results[k][scored_row] = slim(result)
        if row < len(self.info):
            with self.lock:
                self.info[row].length, self.info[row].text = row_words(
                    self.gold, self.systems, self.plans, row)
        self.rows_changed.emit(row, 1)
        self.summary_changed.emit()
        self.gold_replaced.emit(row)

    def replace_gold_rows(self, row: int, count: int, records: list[SentenceRecord]
                          ) -> list[SentenceRecord]:
        """Put `records` in place of the `count` gold sentences from `row` (a split: one by
        two; a merge: two by one; an undo: the records taken out, given back), pair every
        system with the gold again and score it as `tcompare score` scores the saved files,
        then announce it (``rows_resized``, ``summary_changed``, ``gold_replaced``).  Returns
        the records taken out.  A big document (`RESHAPE_NOW`) whose owner can run a loader
        is scored again by one instead (`reshape_loader`: `busy` until it is done)."""
        if self.gold is None:
            return []
        gold = self.gold
        with self.lock:
            removed = gold_rows.splice_records(gold, row, count, records)
        size = len(gold) + sum(len(s) for s in self.systems)
        if self.reshape_loader is not None and size > RESHAPE_NOW:
            # every row may move: scored again as after a change of profile, by a loader
            # (its events rebuild the table, the totals and the drawing); edits wait for it
            loader = self.restart()
            if loader is not None:
                self.reshape_loader(loader)
                # (the rows come again from the loader; listeners keeping something per row
                # move it now)
                self.rows_resized.emit(row, count, len(records))
                return removed
        with self.lock:
            again = gold_rows.Rescored(gold, self.systems, self.profile, self.config,
                                       self.results, self.info, row)
        self.plans, self.refusals, self.info = again.plans, again.refusals, again.info
        self.words_set_from = min(self.words_set_from, row)
        if self.profile is not None:
            profile = self.profile
            self.results = again.results
            self.totals = [RunningTotal(profile, self.config, rows,
                                        lambda k=k: self.counted_rows(k))   # type: ignore[misc]
                           for k, rows in enumerate(self.results)]
        self.rows_resized.emit(row, count, len(records))
        self.rows_changed.emit(row, self.row_count - row)     # (for listeners of changes only)
        self.summary_changed.emit()
        self.gold_replaced.emit(row)
        return removed


GOLD_STAT = 2       # a kernel row's numbers: length, words, gold brackets, test, ...


def joined(items: list[Any]) -> Any:
    """One drawable item for several sentences of one side (None if any is unreadable)."""
    if any(item is None for item in items):
        return None
    if len(items) == 1:
        return items[0]
    if isinstance(items[0], DepSentence):
        return joined_sentences(items)
    return joined_trees(items)
