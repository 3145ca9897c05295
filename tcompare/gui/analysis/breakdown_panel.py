"""The "Breakdown by label" dock: per-label gold/system/matched, P/R/F1 for the current system,
and a click-through from a label to the sentences where it went wrong.

Numbers are `tcompare.analysis.labels` over the scorer's full results (item verdicts); the
session keeps only *slim* results, so the panel rescores each row once with
`Session.full_result` and caches a small per-row tally (`labels.sentence_entries`, GC-untracked
tuples) whose sum a `labels.LabelAccumulator` keeps per system.  That work runs in time-sliced chunks on a zero-delay timer and only while the dock is
visible, so a 41k-sentence corpus never freezes the window and a hidden dock costs nothing.
After an edit (`GoldEditor.edited`) only that row is re-tallied.

Double-clicking a row installs the ``label`` condition on the window's `SentenceFilterModel`
(rows whose result index is in the label's error sentences); "Clear" removes it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QSortFilterProxyModel, Qt, QTimer
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDockWidget, QHBoxLayout, QHeaderView,
                               QLabel, QPushButton, QTableView, QVBoxLayout, QWidget)

from tcompare.analysis.labels import LabelAccumulator, LabelRow, sentence_entries
from tcompare.gui.docks import DockHost, Menus, install_dock
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.terms import term

if TYPE_CHECKING:
    from tcompare.gui.session import Session
    from tcompare.gui.table.sidebar import Sidebar
    from tcompare.gui.table.model import SentenceFilterModel


class BreakdownHost(DockHost, Protocol):
    """The window the dock sits in: the open files, the system shown (the sidebar's choice)
    and the table a label's row filters."""

    session: Session
    sidebar: Sidebar
    filter_model: SentenceFilterModel
    current_system: int

CONDITION = "label"          # name of the filter condition this panel installs
CHUNK_SECONDS = 0.03         # work per timer tick, so the event loop stays responsive
HEADERS = (N_("breakdown_panel", "Label"), N_("breakdown_panel", "Gold"), N_("breakdown_panel", "System"),
           N_("breakdown_panel", "Matched"), "P", "R", "F1", N_("breakdown_panel", "Errors"))
HEADER_TIPS = (N_("breakdown_panel", "item label"), N_("breakdown_panel", "gold items"),
               N_("breakdown_panel", "system items"), N_("breakdown_panel", "gold items the scorer matched"),
               N_("breakdown_panel", "precision %"), N_("breakdown_panel", "recall %"), "F1 %",
               N_("breakdown_panel", "sentences with an error on this label"))
KIND_ORDER = ("bracket", "arc", "tag", "role")


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


class LabelTableModel(QAbstractTableModel):
    """`LabelRow`s as a table; ``Qt.UserRole`` gives the numeric sort key."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[LabelRow] = []

    def set_rows(self, rows: list[LabelRow]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return tr("breakdown_panel", HEADERS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return tr("breakdown_panel", HEADER_TIPS[section])
        return None

    @staticmethod
    def _values(row: LabelRow) -> tuple:
        return (row.label, row.gold, row.system, row.matched, row.precision, row.recall, row.f1,
                len(row.sentences))

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        value = self._values(row)[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _fmt(value) if index.column() in (4, 5, 6) else str(value)
        if role == Qt.ItemDataRole.UserRole:
            # None (0/0) sorts below every number
            return -1.0 if value is None else value
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if not row.errors:
                return f"{row.label}: no errors"
            return "\n".join(f"{verdict}: {len(ids)} sentence(s)" for verdict, ids in row.errors.items())
        return None


class BreakdownPanel(QDockWidget):
    """Dock with the per-label breakdown of the window's current system."""

    def __init__(self, window: BreakdownHost, parent: QWidget | None = None):
        super().__init__(tr("breakdown_panel", "Breakdown by label"), parent or window)
        self.setObjectName("breakdown_dock")
        self.window_ = window
        self.session = window.session
        self.kind = ""
        # per system: row -> (result index, entries) and the running totals over them
        self.tallies: dict[int, dict[int, tuple]] = {}
        self.totals: dict[int, LabelAccumulator] = {}
        self.pending: list[int] = []
        self.pending_system = -1
        self.dirty = True
        self.filtered_label: str | None = None
        self.rows: list[LabelRow] = []

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(tr("breakdown_panel", "Items:")))
        self.kind_box = QComboBox()
        self.kind_box.setToolTip(tr("breakdown_panel", "Which items to break down (brackets, POS tags, dependency arcs)"))
        self.kind_box.currentIndexChanged.connect(lambda i: self._on_kind(self.kind_box.itemData(i) or ""))
        bar.addWidget(self.kind_box)
        bar.addStretch(1)
        self.clear_button = QPushButton(tr("breakdown_panel", "Clear"))
        self.clear_button.setToolTip(tr("breakdown_panel", "Show all sentences again"))
        self.clear_button.setEnabled(False)
        self.clear_button.clicked.connect(self.clear_filter)
        bar.addWidget(self.clear_button)
        layout.addLayout(bar)
        # own line, wrapping: a long message must not widen the dock (and the window)
        self.status_label = QLabel("")
        self.status_label.setWordWrap(True)
        layout.addWidget(self.status_label)
        self.model = LabelTableModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView()
        self.table.setObjectName("breakdown_table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAlternatingRowColors(True)
        self.table.setToolTip(tr("breakdown_panel", "Double-click a label to list the sentences where it has errors"))
        self.table.doubleClicked.connect(self._on_double_click)
        layout.addWidget(self.table, 1)
        self.setWidget(body)
        self.setAllowedAreas(Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.LeftDockWidgetArea)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._work)
        self.session.opened.connect(self._on_opened)
        self.session.finished.connect(lambda _ok: self.invalidate())
        # queued after the window's own slot, so current_system is already updated
        window.sidebar.system_changed.connect(lambda _k: QTimer.singleShot(0, self.invalidate))
        self.visibilityChanged.connect(lambda visible: visible and self.refresh())
        self.status_label.setText(tr("breakdown_panel", "Open a gold and a system file."))

    # -- state --------------------------------------------------------------------------------
    @property
    def system(self) -> int:
        return self.window_.current_system

    def _on_opened(self) -> None:
        self.tallies.clear()
        self.totals.clear()
        self.clear_filter()
        self.invalidate()

    def invalidate(self) -> None:
        """Scoring (re)started or finished, or the system changed: recompute when visible."""
        self.dirty = True
        if self.isVisible():
            self.refresh()

    def row_changed(self, row: int) -> None:
        """An edit re-scored `row`: re-tally only that row (every system)."""
        for k, per_row in self.tallies.items():
            old = per_row.pop(row, None)
            if old is not None:
                self.totals[k].remove(*old)
        self.invalidate()

    # -- computing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Queue the rows not yet tallied for the current system and start the timer."""
        if not self.dirty and not self.pending:
            return
        s = self.session
        if s.profile is None or s.gold is None or not s.systems:
            self.model.set_rows([])
            self.status_label.setText(tr("breakdown_panel", "Open a gold and a system file."))
            self.dirty = False
            return
        system = self.system
        done = self.tallies.setdefault(system, {})
        self.totals.setdefault(system, LabelAccumulator())
        self.pending = [row for row in range(s.row_count) if row not in done]
        self.pending_system = system
        self.dirty = False
        self._work()

    def _work(self) -> None:
        """Tally pending rows for up to CHUNK_SECONDS, then publish or reschedule."""
        if self.session.busy:
            # a load or rescore job is running (and parsing records): its finished()
            # invalidates the panel again
            self.pending = []
            self.dirty = True
            self.status_label.setText(tr("breakdown_panel", "Waiting for scoring to finish…"))
            return
        if self.pending_system != self.system:
            self.dirty = True
            self.pending = []
            self.refresh()
            return
        system = self.pending_system
        done, totals = self.tallies[system], self.totals[system]
        deadline = time.perf_counter() + CHUNK_SECONDS
        while self.pending:
            row = self.pending.pop()
            result = self.session.full_result(system, row, keep=False)
            entry = (result.index, sentence_entries(result)) if result is not None else (-1, ())
            done[row] = entry
            totals.add(*entry)
            if time.perf_counter() > deadline:
                break
        if self.pending:
            total = self.session.row_count
            self.status_label.setText(tr("breakdown_panel", "Computing… {done} / {total} sentences").format(
                done=total - len(self.pending), total=total))
            self.timer.start()
            return
        self._publish()

    def _publish(self) -> None:
        system = self.system
        totals = self.totals.get(system) or LabelAccumulator()
        kinds = totals.kinds()
        ordered = sorted(kinds, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else 9, k))
        if not self.kind or self.kind not in kinds:
            profile = self.session.profile
            dependency = profile is not None and profile.kind == "dependency"
            preferred = "arc" if dependency else "bracket"
            self.kind = preferred if preferred in kinds else (ordered[0] if ordered else "")
        self.kind_box.blockSignals(True)
        self.kind_box.clear()
        for kind in ordered:
            self.kind_box.addItem(term(kind), kind)
        self.kind_box.setCurrentIndex(max(self.kind_box.findData(self.kind), 0))
        self.kind_box.blockSignals(False)
        self.rows = totals.rows(self.kind)
        header = self.table.horizontalHeader()
        self.model.set_rows(self.rows)
        self.proxy.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        self.table.resizeColumnsToContents()
        self._show_status()
        if self.filtered_label is not None:   # keep the click-through in step with edits
            self.filter_label(self.filtered_label)

    def _on_kind(self, kind: str) -> None:
        if kind and kind != self.kind:
            self.kind = kind
            self._publish()

    def _show_status(self) -> None:
        if self.filtered_label is not None:
            row = self.row(self.filtered_label)
            n = len(row.sentences) if row is not None else 0
            self.status_label.setText(tr("breakdown_panel", "Filtered: {n} sentence(s) with {label} errors").format(
                n=n, label=self.filtered_label))
        else:
            self.status_label.setText(tr("breakdown_panel", "{n} labels").format(n=len(self.rows)))

    # -- queries and click-through ------------------------------------------------------------
    def row(self, label: str) -> LabelRow | None:
        return next((r for r in self.rows if r.label == label), None)

    def _on_double_click(self, index) -> None:
        if index.isValid():
            source = self.proxy.mapToSource(index)
            self.filter_label(self.model.rows[source.row()].label)

    def filter_label(self, label: str) -> None:
        """Show in the sentence table only the sentences where `label` has an error."""
        row = self.row(label)
        wanted = frozenset(row.sentences) if row is not None else frozenset()
        self.filtered_label = label
        self.window_.filter_model.set_condition(CONDITION, lambda result: result.index in wanted)
        self.clear_button.setEnabled(True)
        self._show_status()

    def clear_filter(self) -> None:
        if self.filtered_label is None:
            return
        self.filtered_label = None
        self.window_.filter_model.set_condition(CONDITION, None)
        self.clear_button.setEnabled(False)
        self._show_status()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and not self.dirty and not self.pending:
            self._show_status()          # its counts, in the new language

    def wait_idle(self) -> bool:
        """Finish pending work now (tests, exports): True when the rows are up to date."""
        self.timer.stop()
        if self.dirty:
            self.refresh()
        while self.pending:
            self._work()
            self.timer.stop()
        return not self.dirty

    @classmethod
    def install(cls, window: BreakdownHost, actions: Menus) -> "BreakdownPanel":
        """The dock (hidden) in `window` and View › Breakdown by label (Ctrl+Shift+B) in
        `actions`' menus; the toggle action is the panel's ``action``."""
        panel = cls(window)
        panel.action = install_dock(window, actions, panel, tr("breakdown_panel", "&Breakdown by label"),
                                    "Ctrl+Shift+B", tr("breakdown_panel", "Per-label precision, recall "
                                                       "and F1; double-click a label to list its sentences"))
        return panel
