"""The Qt adapter of the `Workspace`: runs its `Loader` on the thread pool and turns the
Workspace's plain events into Qt signals the window and the table model connect to.

Everything about what is open and how it scores lives in `tcompare.workspace` (no Qt);
this module only moves messages between threads: the loader runs in a `QRunnable`, each
message it sends crosses to the GUI thread through a queued signal, and there
`Workspace.apply` takes it.  Signals live on a separate `QObject` (`JobSignals`) because a
`QRunnable` cannot emit.

The GUI polls nothing: the window's sidebar, the table and the panels follow these signals.
One timer remains here, and it is a throttle, not a poll: while a load sends a batch of rows
every 0.1 s, `summary_changed` goes out at once for the first and then at most once per
`summary_gap` for the burst (the total is an aggregate over every row so far); outside a
load (an edit, the end of scoring) it goes out at once.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from tcompare.workspace import Workspace
from tcompare.workspace.loading import LoadRequest, Loader, Preview, RowInfo  # noqa: F401 (re-exported)

SUMMARY_GAP_MS = 400        # while loading: the least time between two totals shown


class JobSignals(QObject):
    message = Signal(object)         # any loader message (workspace.loading)
    finished = Signal(bool)          # True when it ran to the end, False when cancelled/failed


class LoadJob(QRunnable):
    """Runs one `Loader` in the pool, sending its messages through `signals`."""

    def __init__(self, loader: Loader):
        super().__init__()
        self.setAutoDelete(False)
        self.loader = loader
        self.signals = JobSignals()

    def run(self) -> None:  # noqa: D401 - Qt entry point
        ok = False
        try:
            ok = self.loader.run(self.signals.message.emit)
        finally:
            self.signals.finished.emit(ok)


class Session(QObject):
    """The window's `Workspace`, with Qt signals for its events.

    Signals
    -------
    preview_ready(Preview) : the first tree from the files' heads (drawn at once).
    opened : files were read (the window updates titles, status bar, view kind).
    rows_added(first, count) : new scored rows (the table model appends them).
    rows_changed(first, count) : rows already shown changed (an edit, their words arrived).
    summary_changed : the total changed (during a load: throttled, see the module docstring).
    scored : every row has its result.
    finished(bool) : the job ended (True: complete).
    failed(object) : a file could not be read (ReadError / ParseError).
    notes(list) : non-fatal remarks about the files.
    """

    preview_ready = Signal(object)
    opened = Signal()
    rows_added = Signal(int, int)
    rows_changed = Signal(int, int)
    summary_changed = Signal()
    scored = Signal()
    progress = Signal(int, int)
    finished = Signal(bool)
    failed = Signal(object)
    notes = Signal(object)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None,
                 workspace: Workspace | None = None):
        super().__init__(parent)
        self.pool = pool or QThreadPool.globalInstance()
        self.workspace = workspace or Workspace()
        self.job: LoadJob | None = None
        ws = self.workspace
        ws.preview.connect(self.preview_ready.emit)
        ws.opened.connect(self.opened.emit)
        ws.rows_added.connect(self.rows_added.emit)
        ws.rows_changed.connect(self.rows_changed.emit)
        self._summary_due = 0.0            # (monotonic) no total shown before, while loading
        self._summary_later = QTimer(self)
        self._summary_later.setSingleShot(True)
        self._summary_later.timeout.connect(self._emit_summary)
        ws.summary_changed.connect(self._on_summary_changed)
        ws.scored.connect(self.scored.emit)
        ws.progress.connect(self.progress.emit)
        ws.finished.connect(self.finished.emit)
        ws.failed.connect(self.failed.emit)
        ws.notes.connect(self.notes.emit)

    # -- the total -------------------------------------------------------------------------
    def _on_summary_changed(self) -> None:
        if not self.workspace.busy:
            self._emit_summary()
        elif not self._summary_later.isActive():
            wait = self._summary_due - time.monotonic()
            if wait <= 0:
                self._emit_summary()
            else:
                self._summary_later.start(int(wait * 1000) + 1)

    def _emit_summary(self) -> None:
        self._summary_later.stop()
        start = time.monotonic()
        self.summary_changed.emit()
        cost = time.monotonic() - start
        # aggregating is linear in the rows: big files less often, and never more than a
        # tenth of the GUI thread's time on showing totals
        gap = max((SUMMARY_GAP_MS + self.workspace.row_count // 20) / 1000, cost * 10)
        self._summary_due = time.monotonic() + gap

    # -- starting work ---------------------------------------------------------------------
    def open(self, request: LoadRequest) -> LoadJob:
        """Read and score `request`'s files in the thread pool (cancels any running job)."""
        return self._start(self.workspace.start(request))

    def rescore(self, profile: str | None = None, options: dict | None = None) -> LoadJob | None:
        """Score the open files again with another profile and/or options (no re-reading)."""
        loader = self.workspace.restart(profile, options)
        return self._start(loader) if loader is not None else None

    def cancel(self) -> None:
        self.workspace.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the pool is idle (tests, --screenshot)."""
        return self.pool.waitForDone(msecs)

    def _start(self, loader: Loader) -> LoadJob:
        self._summary_due = 0.0            # the new files' first total goes out at once
        job = LoadJob(loader)
        self.job = job
        queued = Qt.ConnectionType.QueuedConnection
        ws = self.workspace
        # queued: these run in the GUI thread, where the Workspace lives
        job.signals.message.connect(lambda m, lo=loader: ws.apply(lo, m), queued)
        job.signals.finished.connect(lambda ok, lo=loader: ws.finish(lo, ok), queued)
        self.pool.start(job)
        return job

    # -- the Workspace, read through (the window's code predates the split) -----------------
    request = property(lambda self: self.workspace.request)
    gold = property(lambda self: self.workspace.gold)
    systems = property(lambda self: self.workspace.systems)
    profile = property(lambda self: self.workspace.profile)
    options = property(lambda self: self.workspace.options)
    config = property(lambda self: self.workspace.config)
    totals = property(lambda self: self.workspace.totals)
    results = property(lambda self: self.workspace.results)
    info = property(lambda self: self.workspace.info)
    plans = property(lambda self: self.workspace.plans)
    busy = property(lambda self: self.workspace.busy)
    complete = property(lambda self: self.workspace.complete)
    messages = property(lambda self: self.workspace.messages)
    lock = property(lambda self: self.workspace.lock)
    row_count = property(lambda self: self.workspace.row_count)
    total_rows = property(lambda self: self.workspace.total_rows)
    notation = property(lambda self: self.workspace.notation)

    def plan(self, system: int) -> Any:
        return self.workspace.plan(system)

    def row_info(self, row: int) -> RowInfo | None:
        return self.workspace.row_info(row)

    def result(self, system: int, row: int) -> Any:
        return self.workspace.result(system, row)

    def full_result(self, system: int, row: int, keep: bool = True) -> Any:
        return self.workspace.full_result(system, row, keep)

    def summary(self, system: int) -> Any:
        return self.workspace.summary(system)

    def pair(self, system: int, row: int) -> tuple[Any, Any]:
        return self.workspace.pair(system, row)

    def secondary(self, system: int, row: int) -> Any:
        """The row's leaf-ancestor / TED / function-tag figures (`workspace.figures`)."""
        from tcompare.workspace.figures import pair_secondary
        return pair_secondary(self.workspace, system, row)

    def analysed(self, system: int, row: int) -> tuple[Any, Any, Any]:
        return self.workspace.analysed(system, row)

    def group(self, system: int, row: int) -> Any:
        return self.workspace.group(system, row)

    def records(self, system: int, row: int) -> tuple[Any, Any]:
        return self.workspace.records(system, row)
