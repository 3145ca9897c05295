"""The window's left pane: the filters and the sentence table.

It knows rows and positions, not the window: choosing a row emits `position_chosen`; the
window draws that sentence and calls `select_position` back.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QTableView, QVBoxLayout, QWidget)

from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language.i18n import tr
from tcompare.gui.table.model import SentenceFilterModel, SentenceTableModel
from tcompare.gui.language.terms import term
from tcompare.gui.drawing.views import dependency_filters
from tcompare.scoring.base import Status

STATUS_FILTERS = ["all", "valid", "error", "skip", "no_parse", "missing", "extra", "flagged",
                  "reviewed"]


class SentencePanel(QWidget):
    """Filters (status / review mark, F1 range, words, dependency error kind) over the table.

    Signals
    -------
    position_chosen(int) : the user selected the row of sentence `position` (0-based).
    """

    position_chosen = Signal(int)

    def __init__(self, table_model: SentenceTableModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.table_model = table_model
        self.filter_model = SentenceFilterModel(self)
        self.filter_model.setSourceModel(table_model)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 0, 4)
        filters = QHBoxLayout()
        self.status_filter = QComboBox()
        for status in STATUS_FILTERS:
            self.status_filter.addItem(term(status), status)
        self.status_filter.setToolTip(tr("sentence_panel", "Show sentences with this status or review mark"))
        self.status_filter.currentIndexChanged.connect(
            lambda i: self.filter_model.set_status(self.status_filter.itemData(i) or "all"))
        self.f1_min = QDoubleSpinBox()
        self.f1_max = QDoubleSpinBox()
        for spin, value in ((self.f1_min, 0.0), (self.f1_max, 100.0)):
            spin.setRange(0.0, 100.0)
            spin.setDecimals(1)
            spin.setValue(value)
            spin.setToolTip(tr("sentence_panel", "F1 range (sentences without an F1 are hidden when narrowed)"))
            spin.valueChanged.connect(self._on_f1_range)
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText(tr("sentence_panel", "filter words…"))
        self.text_filter.setClearButtonEnabled(True)
        self.text_filter.textChanged.connect(self.filter_model.set_text)
        for widget in (self.status_filter, QLabel("F1"), self.f1_min, QLabel("–"), self.f1_max):
            filters.addWidget(widget)
        layout.addLayout(filters)
        layout.addWidget(self.text_filter)
        # dependency files only: "has wrong head" / "has wrong label" / "has cycle / several roots"
        self.dep_filters = dependency_filters()
        self.dep_filter = QComboBox()
        self.dep_filter.setObjectName("dep_filter")
        for name in self.dep_filters:
            self.dep_filter.addItem(term(name), name)
        self.dep_filter.setToolTip(tr("sentence_panel", "Show only sentences with this kind of dependency error"))
        self.dep_filter.currentIndexChanged.connect(lambda i: self.filter_model.set_condition(
            "dependency", self.dep_filters.get(self.dep_filter.itemData(i))))
        self.dep_filter.hide()
        layout.addWidget(self.dep_filter)
        # several systems: where they differ ("A right, B wrong", "all systems wrong here")
        self.systems_filter = QComboBox()
        self.systems_filter.setObjectName("systems_filter")
        # its entries name the system files ("a.mrg right, b.mrg wrong"): long names must
        # not set the table pane's minimum width (a 1,280-pixel window grew to 1,476)
        self.systems_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.systems_filter.setMinimumContentsLength(16)
        self.systems_filter.setToolTip(tr("sentence_panel", "With several systems: the sentences "
                                          "where one is right and another wrong, or where all are wrong"))
        self.systems_filter.currentIndexChanged.connect(self._on_systems_filter)
        self.systems_filter.hide()
        layout.addWidget(self.systems_filter)
        self._system_choices: list[tuple[str, Callable[[int], bool] | None]] = []
        table_model.session.opened.connect(self._list_system_filters)
        self.table = self._make_table()
        layout.addWidget(self.table, 1)
        self.panel_layout = layout

    def _make_table(self) -> QTableView:
        table = QTableView()
        table.setObjectName("sentence_table")
        table.setAccessibleName(tr("sentence_panel", "Sentences"))
        table.setModel(self.filter_model)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(22)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.horizontalHeader().setStretchLastSection(True)
        table.setWordWrap(False)
        table.setAlternatingRowColors(True)
        table.selectionModel().currentRowChanged.connect(self._on_table_row)
        return table

    def set_dependency(self, is_dependency: bool) -> None:
        """Show the dependency error filter for dependency files only."""
        if not is_dependency:
            self.dep_filter.setCurrentIndex(0)
        self.dep_filter.setVisible(is_dependency and self.dep_filter.count() > 1)

    def clear_sort(self) -> None:
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)

    def sort_again(self) -> None:
        """Rows that arrived after the user sorted were appended: sort them in."""
        header = self.table.horizontalHeader()
        if header.sortIndicatorSection() >= 0:
            self.filter_model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())

    def fit_columns(self, total_rows: int) -> None:
        """Column widths from the widest value a column can hold (not from the rows seen
        so far: rows keep arriving, and measuring 100k rows would be slow)."""
        metrics = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        # every status the table can show, as shown ("missing", "no parse" were cut to "miss…")
        statuses = [term(status.value) for status in Status]
        widest = {"#": f"{max(total_rows, 1):,}".replace(",", "") + "0", "len": "1000",
                  "status": max(statuses, key=metrics.horizontalAdvance),
                  "words": "M" * 14, "message": "M" * 20}
        for i, col in enumerate(self.table_model.columns):
            title = metrics.horizontalAdvance(self.table_model.headerData(i, Qt.Orientation.Horizontal)) + 18
            if col.key == "mark":   # ⚑ / ✓ and ✎: narrow, but the header stays readable
                width = max(metrics.horizontalAdvance("⚑✎"), title - 18)
            else:
                width = metrics.horizontalAdvance(widest.get(col.key, "100.00"))
            # numbers: the cell's margins (3 px a side) and 2 px; words a little more
            pad = 8 if col.numeric else 12
            header.resizeSection(i, max(width + pad, title if col.numeric else 0, 24))

    def select_position(self, position: int) -> None:
        """Select (without emitting `position_chosen`) and scroll to sentence `position`."""
        row = self.filter_model.proxy_row(position)
        if row < 0:
            return
        index = self.filter_model.index(row, 0)
        sel = self.table.selectionModel()
        if sel.currentIndex().row() != row:
            sel.blockSignals(True)
            self.table.setCurrentIndex(index)
            self.table.selectRow(row)
            sel.blockSignals(False)
            self.table.viewport().update()
        self.table.scrollTo(index)

    def _on_table_row(self, current, _previous) -> None:
        if current.isValid():
            position = self.filter_model.position(current.row())
            if position >= 0:
                self.position_chosen.emit(position)

    def _list_system_filters(self) -> None:
        """The systems filter's entries for the files just opened (hidden for one system)."""
        session = self.table_model.session
        names = [file_name(c.path) for c in session.systems]
        profile = session.profile

        def wrong(k: int, position: int) -> bool:
            result = session.result(k, position)
            return result is not None and profile is not None and profile.disagrees(result)

        # (what the entry says, as (a, b) file names; which rows it keeps)
        choices: list[tuple[tuple[str, ...], Callable[[int], bool] | None]] = [((), None)]
        if len(names) > 1 and profile is not None:
            choices.append((("all",), lambda p: all(wrong(k, p) for k in range(len(names)))))
            for a in range(len(names)):
                for b in range(len(names)):
                    if a != b:
                        choices.append(((names[a], names[b]),
                                        lambda p, a=a, b=b: not wrong(a, p) and wrong(b, p)))
        self._system_choices = choices
        self.systems_filter.blockSignals(True)
        self.systems_filter.clear()
        self.systems_filter.addItems([_system_choice_text(what) for what, _ in choices])
        self.systems_filter.blockSignals(False)
        self.filter_model.set_row_condition("systems", None)
        self.systems_filter.setVisible(len(choices) > 1)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:      # the entries name files: made here
            for i, (what, _keep) in enumerate(self._system_choices):
                self.systems_filter.setItemText(i, _system_choice_text(what))
            # the statuses and headers are other words now: as wide as they need
            self.fit_columns(self.table_model.session.total_rows)

    def _on_systems_filter(self, index: int) -> None:
        if 0 <= index < len(self._system_choices):
            self.filter_model.set_row_condition("systems", self._system_choices[index][1])

    def _on_f1_range(self) -> None:
        low, high = self.f1_min.value(), self.f1_max.value()
        if low <= 0.0 and high >= 100.0:
            self.filter_model.set_f1_range(None, None)
        else:
            self.filter_model.set_f1_range(low, high)


def _system_choice_text(what: tuple[str, ...]) -> str:
    """A systems filter entry: () all sentences, ("all",) all wrong, (a, b) a right, b wrong."""
    if not what:
        return tr("sentence_panel", "all sentences")
    if what == ("all",):
        return tr("sentence_panel", "all systems wrong here")
    return tr("sentence_panel", "{a} right, {b} wrong").format(a=what[0], b=what[1])
