"""View › Error analysis (Ctrl+Shift+A): why the points were lost, every number a door.

* a query bar: a pattern with verdict predicates (``NP < PP=p :: p.verdict=missing``,
  docs/error-analysis.md) filters the sentence table to the sentences it matches and frames
  what matched in the drawing; a bad query is reported at its column;
* Error classes (constituency): Kummerfeld et al.'s classes over the whole file; a click
  on a class filters the table to the sentences with that error;
* Confusion: gold label x system label (relation, for dependencies) of same-span items; a
  click on a cell filters to the sentences behind it;
* Repair steps: the current sentence's repair, step by step; choosing a step draws the
  system tree after it (scored again), the changed span framed;
* Figures: the running total's figures; a click lists the sentences that take something off
  that figure (`Profile.lowers`).
Saved queries (`tcompare search --save NAME`) are offered as ``@NAME`` and run by that name;
Save keeps the query bar's text under a name.

The passes over every row run in time slices (`workspace.analysis` does the counting), so
the window stays responsive; with a filter on, F8 walks the filtered sentences.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Protocol

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (QCompleter, QDockWidget, QHBoxLayout, QInputDialog, QLabel,
                               QLineEdit, QListWidget, QPushButton, QTableWidget,
                               QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from tcompare import formats
from tcompare.analysis import saved_queries
from tcompare.gui.docks import DockHost, Menus, install_dock
from tcompare.gui.language.i18n import tr
from tcompare.gui.language.scorer_text import error_class, figure_name, repair_kind, scorer_message
from tcompare.query import PatternError
from tcompare.workspace.analysis import Confusions, ErrorClasses, QueryHits

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from tcompare.gui.session import Session
    from tcompare.gui.table.sidebar import Sidebar
    from tcompare.gui.table.model import SentenceFilterModel
    from tcompare.gui.drawing.views import ComparisonView
    from tcompare.scoring.base import SentenceResult


class AnalysisHost(DockHost, Protocol):
    """The window the dock sits in: the open files, the sentence and system shown, the view
    that marks a class's nodes, and the table a class or query filters."""

    session: Session
    sidebar: Sidebar
    filter_model: SentenceFilterModel
    sentence_shown: SignalInstance          # (position)
    current_position: int | None
    current_system: int
    current_result: SentenceResult | None

    @property
    def view(self) -> ComparisonView: ...

    def show_sentence(self, position: int) -> None: ...
    def go_to(self, number: int) -> bool: ...

CONDITION = "analysis"       # name of the table filter this panel installs
SLICE_SECONDS = 0.03         # work per timer tick


class _Pass:
    """A walk over every row in time slices, feeding `add(row, gold, system, result)`."""

    def __init__(self, panel: "AnalysisPanel", add: Callable[[int, Any, Any, Any], None],
                 done: Callable[[], None]):
        self.panel, self.add, self.done = panel, add, done
        self.system = panel.window_.current_system
        self.rows = list(range(panel.session.row_count))
        self.next = 0

    def step(self) -> bool:
        """One slice; True when finished."""
        session = self.panel.session
        deadline = time.perf_counter() + SLICE_SECONDS
        while self.next < len(self.rows):
            row = self.rows[self.next]
            self.next += 1
            gold, system, result = session.analysed(self.system, row)
            self.add(row, gold, system, result)
            if time.perf_counter() > deadline:
                break
        if self.next >= len(self.rows):
            self.done()
            return True
        return False


class AnalysisPanel(QDockWidget):
    """The dock; ``filtered`` names what the table is filtered to ("" when it is not)."""

    def __init__(self, window: AnalysisHost):
        super().__init__(tr("analysis_panel", "Error analysis"), window)
        self.setObjectName("analysis_dock")
        self.window_ = window
        self.session = window.session
        self.classes: ErrorClasses | None = None
        self.confusions: Confusions | None = None
        self.query: QueryHits | None = None
        self.filtered = ""
        # what the filter is about, to frame it in each sentence: ("class", name),
        # ("confusion", (gold, system)) or ("query", text)
        self.about: tuple[str, Any] = ("", None)
        self.step_result: SentenceResult | None = None     # drawn for the repair step shown
        self._passes: list[_Pass] = []
        self.stale = True
        self.timer = QTimer(self)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._work)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        bar = QHBoxLayout()
        self.query_edit = QLineEdit()
        self.query_edit.setObjectName("query_edit")
        self.query_edit.setPlaceholderText(tr("analysis_panel", "query, e.g.  NP < PP=p :: p.verdict=missing"))
        self.query_edit.returnPressed.connect(self.run_query)
        self.save_button = QPushButton(tr("analysis_panel", "Save…"))
        self.save_button.setToolTip(tr("analysis_panel", "Keep this query under a name (then @NAME "
                                       "runs it, here and in tcompare search)"))
        self.save_button.clicked.connect(self.save_query)
        self.clear_button = QPushButton(tr("analysis_panel", "Clear"))
        self.clear_button.setEnabled(False)
        self.clear_button.clicked.connect(self.clear_filter)
        bar.addWidget(QLabel(tr("analysis_panel", "Query:")))
        bar.addWidget(self.query_edit, 1)
        bar.addWidget(self.save_button)
        bar.addWidget(self.clear_button)
        self._offer_saved()
        layout.addLayout(bar)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.tabs = QTabWidget()
        self.class_table = self._table([tr("analysis_panel", "class"), tr("analysis_panel", "occurrences"),
                                        tr("analysis_panel", "brackets")])
        self.class_table.cellClicked.connect(self._class_clicked)
        self.confusion_table = self._table([tr("analysis_panel", "gold"), tr("analysis_panel", "system"),
                                            tr("analysis_panel", "count")])
        self.confusion_table.cellClicked.connect(self._confusion_clicked)
        self.steps = QListWidget()
        self.steps.setObjectName("repair_steps")
        self.steps.currentRowChanged.connect(self.show_step)
        self.tabs.addTab(self.class_table, tr("analysis_panel", "Error classes"))
        self.tabs.addTab(self.confusion_table, tr("analysis_panel", "Confusion"))
        self.tabs.addTab(self.steps, tr("analysis_panel", "Repair steps"))
        self.figure_table = self._table([tr("analysis_panel", "figure"), tr("analysis_panel", "value")])
        self.figure_table.cellClicked.connect(self._figure_clicked)
        self.tabs.addTab(self.figure_table, tr("analysis_panel", "Figures"))
        layout.addWidget(self.tabs, 1)
        self.setWidget(body)

        self.session.opened.connect(self.invalidate)
        self.session.finished.connect(lambda _ok: self.invalidate())
        window.sentence_shown.connect(self._on_sentence_shown)
        window.sidebar.system_changed.connect(lambda _k: QTimer.singleShot(0, self.invalidate))
        self.visibilityChanged.connect(lambda visible: visible and self.refresh())

    @staticmethod
    def _table(headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        table.horizontalHeader().setStretchLastSection(True)
        return table

    @classmethod
    def install(cls, window: AnalysisHost, actions: Menus) -> "AnalysisPanel":
        panel = cls(window)
        panel.action = install_dock(window, actions, panel, tr("analysis_panel", "Error &analysis"),
                                    "Ctrl+Shift+A", tr("analysis_panel", "Error classes, confusions and "
                                                       "queries; click a number to see its sentences"))
        return panel

    # -- the passes ------------------------------------------------------------------------------
    def invalidate(self, *_args: Any) -> None:
        """New files, profile, system or an edit: count again when shown."""
        self.stale = True
        self._passes.clear()
        self.clear_filter()
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        s = self.session
        if not self.stale or s.gold is None or not s.systems or s.profile is None:
            if s.gold is None:
                self.status.setText(tr("analysis_panel", "Open a gold and a system file."))
            return
        if s.busy:
            self.status.setText(tr("analysis_panel", "Waiting for scoring to finish…"))
            return
        self.stale = False
        constituency = s.profile.kind == "constituency"
        self.classes = ErrorClasses(s.notation) if constituency else None
        self.confusions = Confusions("label")
        classes, confusions = self.classes, self.confusions

        def add(row: int, gold: Any, system: Any, result: Any) -> None:
            if classes is not None:
                classes.add(row, gold, system)
            confusions.add(result)
        self._start(_Pass(self, add, self._publish))

    def run_query(self) -> bool:
        """Run the query bar's pattern over every row; False (said in the status line, at
        the column) when it does not parse."""
        text = self.query_edit.text().strip()
        if not text:
            self.clear_filter()
            return False
        s = self.session
        if s.gold is None:
            return False
        try:
            query = QueryHits(saved_queries.resolve(text), s.notation)
        except saved_queries.SavedQueryError as exc:
            self.status.setText(tr("analysis_panel", "query error: {error}").format(error=exc))
            return False
        except PatternError as exc:
            self.status.setText(tr("analysis_panel", "query error: {error}").format(error=exc))
            return False
        self.query = query
        self._start(_Pass(self, lambda row, g, y, r: query.add(row, r, g, y),
                          lambda: self._query_done(query)))
        return True

    def save_query(self) -> bool:
        text = self.query_edit.text().strip()
        name = self.ask_name() if text else None
        if not name:
            return False
        try:
            saved_queries.save(name, saved_queries.resolve(text))
        except (saved_queries.SavedQueryError, OSError) as exc:
            self.status.setText(tr("analysis_panel", "not saved: {error}").format(error=exc))
            return False
        self.status.setText(tr("analysis_panel", "saved as @{name}").format(name=name))
        self._offer_saved()
        return True

    def ask_name(self) -> str | None:
        """A name for the query (None: cancelled); tests replace this method."""
        name, ok = QInputDialog.getText(self, tr("analysis_panel", "Save query"), tr("analysis_panel", "Name (letters, digits, . _ -):"))
        return name.strip() if ok and name.strip() else None

    def _offer_saved(self) -> None:
        try:
            names = [f"@{n}" for n in sorted(saved_queries.load())]
        except (saved_queries.SavedQueryError, OSError):
            names = []
        completer = QCompleter(names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.query_edit.setCompleter(completer)

    def _start(self, job: _Pass) -> None:
        self._passes.append(job)
        self.status.setText(tr("analysis_panel", "Counting…"))
        if not self.timer.isActive():
            self.timer.start()

    def _work(self) -> None:
        if not self._passes or self.session.busy:
            self.timer.stop()
            return
        job = self._passes[0]
        if job.step():
            self._passes.pop(0)
        elif job.rows:
            self.status.setText(tr("analysis_panel", "Counting… {done} / {total} sentences").format(
                done=f"{job.next:,}", total=f"{len(job.rows):,}"))
        if not self._passes:
            self.timer.stop()

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and not self.stale and not self._passes \
                and not self.filtered and (self.classes is not None or self.confusions is not None):
            self._publish()              # the status line's counts, in the new language

    def wait_idle(self) -> None:
        """Finish every pending pass now (tests, exports)."""
        if self.stale:
            self.refresh()
        while self._passes:
            self._work()
        self.timer.stop()

    # -- showing the counts ------------------------------------------------------------------------
    def _publish(self) -> None:
        rows = self.classes.counts() if self.classes is not None else []
        _fill(self.class_table, [(name, n, fixed) for n, fixed, name in rows], shown=error_class)
        self.tabs.setTabEnabled(0, self.classes is not None)
        confusions = self.confusions.matrix.off_diagonal() if self.confusions else []
        _fill(self.confusion_table, confusions)
        summary = self.session.summary(self.window_.current_system)
        metrics = [(k, v) for k, v in (summary.metrics.items() if summary else ())
                   if isinstance(v, float)]
        _fill(self.figure_table, [(k, f"{v:.2f}") for k, v in metrics], shown=figure_name)
        what = tr("analysis_panel", "{n} error classes, ").format(n=len(rows)) if self.classes is not None else ""
        self.status.setText(what + tr("analysis_panel", "{n} confusions over {total} sentences; click one "
                                      "to see them").format(n=len(confusions), total=f"{self.session.row_count:,}"))
        self._on_sentence_shown(self.window_.current_position)

    def _query_done(self, query: QueryHits) -> None:
        if query is not self.query:
            return
        self.about = ("query", query)
        self.filter_to(set(query.sentences), tr("analysis_panel", "query {query}").format(
            query=repr(self.query_edit.text().strip())))
        self._mark_current()

    def _class_clicked(self, row: int, _column: int) -> None:
        if self.classes is not None and row >= 0:
            name = self.class_table.item(row, 0).data(Qt.ItemDataRole.UserRole)
            self.about = ("class", name)
            self.filter_to(set(self.classes.sentences_with(name)),
                           tr("analysis_panel", "error class {name}").format(name=error_class(name)))

    def _confusion_clicked(self, row: int, _column: int) -> None:
        if self.confusions is not None and row >= 0:
            gold = self.confusion_table.item(row, 0).text()
            system = self.confusion_table.item(row, 1).text()
            sentences = self.confusions.matrix.sentences.get((gold, system), [])
            self.about = ("confusion", (gold, system))
            self.filter_to(set(sentences), tr("analysis_panel", "gold {gold} as system {system}").format(
                gold=gold, system=system))

    def _figure_clicked(self, row: int, _column: int) -> None:
        s = self.session
        if row < 0 or s.profile is None:
            return
        figure = self.figure_table.item(row, 0).data(Qt.ItemDataRole.UserRole)
        system = self.window_.current_system
        results = (s.result(system, r) for r in range(s.row_count))
        sentences = {r.index for r in results if r is not None and s.profile.lowers(r, figure)}
        self.about = ("", None)
        self.filter_to(sentences, tr("analysis_panel", "the sentences that lower {figure}").format(
            figure=figure_name(figure)))

    # -- the table filter ---------------------------------------------------------------------------
    def filter_to(self, sentences: set[int], what: str) -> None:
        """Show only these sentences (1-based numbers) in the table, and go to the first."""
        wanted = frozenset(sentences)
        self.filtered = what
        self.window_.filter_model.set_condition(CONDITION, lambda r: r.index in wanted)
        self.clear_button.setEnabled(True)
        self.status.setText(tr("analysis_panel", "{n} sentence(s): {what} (F8 walks them; Clear shows "
                               "all again)").format(n=f"{len(wanted):,}", what=what))
        if wanted and (self.window_.current_position is None
                       or self.window_.current_position + 1 not in wanted):
            self.window_.go_to(min(wanted))
        else:
            self._mark_current()

    def clear_filter(self) -> None:
        if not self.filtered:
            return
        self.filtered = ""
        self.query = None
        self.about = ("", None)
        self.window_.filter_model.set_condition(CONDITION, None)
        self.clear_button.setEnabled(False)
        self.status.setText("")
        self.window_.view.set_marks({})

    # -- the current sentence -------------------------------------------------------------------
    def _on_sentence_shown(self, position: int | None) -> None:
        if not self.isVisible() or position is None:
            return
        self._mark_current()
        self._list_steps(position)

    def _mark_current(self) -> None:
        """Frame, in the sentence shown, what the filter is about: the query's matches, the
        system nodes an error class's steps change, the gold items of a confusion."""
        position = self.window_.current_position
        kind, what = self.about
        if position is None or not kind:
            return
        marks: dict[str, tuple[frozenset[int], frozenset[int]]] = {}
        if kind == "query" and position in what.hits:
            hit = what.hits[position]
            marks[what.side] = (frozenset(n for h in hit.matches for n in h.nodes),
                                frozenset(t for h in hit.matches for t in h.tokens))
        elif kind == "class" and self.classes is not None and position in self.classes.by_row:
            spans = {step.span for step in self.classes.by_row[position].steps
                     if step.category == what}
            _, system = self.session.pair(self.window_.current_system, position)
            nodes = [n.id for n in system.nodes() if n.span in spans] if system is not None \
                and hasattr(system, "nodes") else []
            marks["system"] = (frozenset(nodes), frozenset())
        elif kind == "confusion" and self.window_.current_result is not None:
            marks["gold"] = _confused(self.window_.current_result, *what)
        if marks:
            self.window_.view.set_marks(marks)

    def _list_steps(self, position: int) -> None:
        self.steps.blockSignals(True)
        self.steps.clear()
        errors = self.classes.by_row.get(position) if self.classes is not None else None
        if errors is not None and errors.status == "ok":
            self.steps.addItem(tr("analysis_panel", "0. the parse ({n} bracket errors)").format(
                n=errors.initial_errors))
            for k, step in enumerate(errors.steps, start=1):
                self.steps.addItem(f"{k}. {error_class(step.category)}: {repair_kind(step.kind)} "
                                   f"[{step.span[0]}, {step.span[1]}), "
                                   + tr("analysis_panel", "fixes {n}").format(n=step.fixed))
        elif errors is not None:
            self.steps.addItem(tr("analysis_panel", "no repair: {why}").format(why=scorer_message(errors.message) or errors.status))
        self.steps.blockSignals(False)

    def show_step(self, k: int) -> None:
        """Draw the system tree after repair step `k` (0: the parse as scored)."""
        w = self.window_
        position = w.current_position
        errors = self.classes.by_row.get(position) if self.classes is not None and \
            position is not None else None
        if errors is None or errors.status != "ok" or k < 0:
            return
        if k == 0:
            w.show_sentence(position)
            return
        s = self.session
        step = errors.steps[k - 1]
        gold = formats.read_text(errors.gold + "\n", "ptb")[0].item
        system = formats.read_text(step.tree + "\n", "ptb")[0].item
        result = s.profile.score(gold, system, s.config, position + 1)
        self.step_result = result
        w.view.show_pair(gold, system, result, "ptb")
        start, end = step.span
        spans = frozenset(n.id for n in system.nodes() if n.span == (start, end))
        w.view.set_marks({"system": (spans, frozenset())})
        figures = ", ".join(f"{name} {value:.2f}" for name, value in result.scores.items()
                            if name in s.profile.columns and isinstance(value, float))
        self.status.setText(tr("analysis_panel", "step {k} of {n}: {category} ({kind}); the system tree "
                               "after it, scored again: {figures}").format(
            k=k, n=len(errors.steps), category=error_class(step.category), kind=repair_kind(step.kind),
            figures=figures))


def _confused(result: Any, gold: str, system: str) -> tuple[frozenset[int], frozenset[int]]:
    """Gold items of `result` labelled `gold` whose same-span system item is `system` (its
    nodes, or its words for arcs); ``-`` is no partner."""
    partners = {(i.kind, i.ref): i.label for i in result.system_items}
    nodes, tokens = set(), set()
    for item in result.gold_items:
        if item.label != gold or item.kind not in ("bracket", "arc"):
            continue
        other = partners.get((item.kind, item.partner), "-") if item.partner >= 0 else "-"
        if other == system:
            (nodes if item.kind == "bracket" else tokens).add(item.ref)
    return frozenset(nodes), frozenset(tokens)


def _fill(table: QTableWidget, rows: list[tuple], shown: Callable[[str], str] = str) -> None:
    """`rows` into `table`; the first column's text through `shown` (its value stays the
    item's UserRole data: what a click looks up)."""
    table.setRowCount(len(rows))
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            item = QTableWidgetItem(f"{value:,}" if isinstance(value, int) else
                                    shown(str(value)) if c == 0 else str(value))
            item.setData(Qt.ItemDataRole.UserRole, value)
            if isinstance(value, int):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()
