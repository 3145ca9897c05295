"""The corpus's secondary figures (leaf-ancestor, tree edit distance, function tags) for the
sidebar's running total, kept up to date while its "Secondary scores" box is checked.

The figures are `workspace.figures.corpus_secondary`'s -- the same pairing and rules as
``tcompare score --secondary``.  A small corpus is scored at once on the GUI thread; a large
one in the thread pool (TED may take up to its time limit per sentence), the result crossing
back through a queued signal.  The runner follows the Workspace's events (a gold edit, the
end of a scoring) and never polls; a newer request makes an older job stop and be ignored.
After a gold edit only the edited sentence's pair is scored again (the others' figures kept).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, Signal

from tcompare.scoring.secondary import PairScores
from tcompare.workspace.figures import SecondaryTotal, corpus_secondary

DIRECT_ROWS = 60        # up to this many rows: scored on the GUI thread (well under 0.1 s)


class _Signals(QObject):
    done = Signal(int, object)        # (generation, SecondaryTotal | None)


class _Job(QRunnable):
    def __init__(self, runner: "SecondaryTotalRunner", generation: int, system: int,
                 known: dict[tuple[int, int], PairScores]):
        super().__init__()
        self.setAutoDelete(False)            # the runner holds it until it reports
        self.signals = _Signals()
        self.runner, self.generation, self.system = runner, generation, system
        self.known = known                   # a copy: the GUI thread keeps its own

    def run(self) -> None:  # noqa: D401 - Qt entry point
        result = None
        try:
            result = corpus_secondary(self.runner.workspace, self.system,
                                      stopped=lambda: self.runner.generation != self.generation,
                                      known=self.known)
        finally:
            self.signals.done.emit(self.generation, result)


class SecondaryTotalRunner(QObject):
    """Computes `SecondaryTotal`s for the window's session.

    Signals
    -------
    started : a computation in the thread pool began (the sidebar says "computing").
    ready(object) : the figures (a `SecondaryTotal`, or None: none for this profile).
    """

    started = Signal()
    ready = Signal(object)

    def __init__(self, session: Any, parent: QObject | None = None,
                 direct_rows: int = DIRECT_ROWS):
        super().__init__(parent)
        self.session = session
        self.workspace = session.workspace
        self.direct_rows = direct_rows
        self.generation = 0
        self.system: int | None = None      # None: not wanted (the box is unchecked)
        self.jobs: list[_Job] = []          # kept alive until they report
        # the last figures' pairs (of `known_system`), reused but for the edited sentences
        self.known: dict[tuple[int, int], PairScores] = {}
        self.known_system: int | None = None
        self.workspace.gold_replaced.connect(self._on_gold_replaced)
        self.workspace.rows_resized.connect(self._forget)      # every index may have moved
        session.scored.connect(self._on_scored)

    def follow(self, system: int | None) -> None:
        """Keep `system`'s figures up to date (None: stop; a running job is dropped)."""
        self.system = system
        self.refresh()

    def _forget(self, *_: Any) -> None:
        self.known = {}

    def _on_scored(self) -> None:
        self.known = {}                     # other files, another profile or its options
        self.refresh()

    def _on_gold_replaced(self, row: int) -> None:
        self.known = {k: v for k, v in self.known.items() if k[0] != row}
        self.refresh()

    def _reusable(self) -> dict[tuple[int, int], PairScores]:
        return dict(self.known) if self.known_system == self.system else {}

    def _keep(self, result: SecondaryTotal | None) -> None:
        if result is not None:
            self.known, self.known_system = result.scored, self.system

    def refresh(self) -> None:
        self.generation += 1                # any job still running stops at its next pair
        if self.system is None or self.workspace.gold is None:
            return
        if self.session.busy:               # ``scored`` calls again when the load is done
            self.started.emit()
            return
        if self.workspace.row_count <= self.direct_rows:
            result = corpus_secondary(self.workspace, self.system, known=self._reusable())
            self._keep(result)
            self.ready.emit(result)
            return
        job = _Job(self, self.generation, self.system, self._reusable())
        job.signals.done.connect(lambda g, r, j=job: self._done(j, g, r),
                                 Qt.ConnectionType.QueuedConnection)
        self.jobs.append(job)
        self.started.emit()
        self.session.pool.start(job)

    def _done(self, job: _Job, generation: int, result: SecondaryTotal | None) -> None:
        if job in self.jobs:
            self.jobs.remove(job)
        if generation == self.generation and self.system is not None:
            self._keep(result)
            self.ready.emit(result)
