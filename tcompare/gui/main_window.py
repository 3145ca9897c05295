"""The comparison window: sentence table (left), comparison view (centre), sidebar (right).

Data flow: `Session` reads and scores in a worker; rows arrive in batches and are appended
to the table; the sentence shown is rescored on demand (`Session.full_result`) so the view
colours exactly the scorer's verdicts.  The view class depends on the notation's kind:

View hook (for the dependency view and any later one)
----------------------------------------------------
``VIEW_CLASSES`` maps a notation kind (``formats.get(notation).kind``: ``constituency``,
``dependency``) to ``"module:Class"``.  A view class is a QWidget with
``show_pair(gold, system, result, notation="")`` and, optionally, ``set_layout_mode(mode)``,
``layout_mode()``, ``zoom_in()``, ``zoom_out()``, ``zoom_fit()``, ``reset_zoom()``,
``set_show_pos(bool)``, ``set_show_function_tags(bool)``, ``set_show_roles(bool)`` and a
``hovered`` Signal.  If its module is missing or fails to import, `PlaceholderView` (bracket
text with the verdicts listed) is used instead, so the window always opens.
"""

from __future__ import annotations

import time

import importlib
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QGroupBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QMainWindow, QMessageBox, QPlainTextEdit,
                               QProgressBar, QPushButton, QSizePolicy, QSplitter, QStackedWidget,
                               QTableView, QVBoxLayout, QWidget, QAbstractItemView)

from tcompare import formats
from tcompare.gui.session import LoadRequest, Preview, Session
from tcompare.gui.sidebar import Sidebar, summary_text
from tcompare.gui.table_model import (SentenceFilterModel, SentenceTableModel, normalise_query,
                                      words_match)
from tcompare.scoring.base import SentenceResult, Status

VIEW_CLASSES: dict[str, str] = {
    "constituency": "tcompare.gui.tree_view:TreeComparisonView",
    "dependency": "tcompare.gui.dep_view:DependencyComparisonView",
}
LAYOUT_MODES = ("side", "stacked", "mirrored")
SUMMARY_REFRESH_MS = 400
# (share of the window, fewest pixels, most pixels) for the table and for the sidebar
PANE_LIMITS = ((0.27, 260, 430), (0.21, 300, 340))
TABLE_MIN_WIDTH = 320     # px: the sidebar may take the table down to this width
VIEW_MIN_SHARE = 0.45     # and the drawing down to this share of the window
MAX_RECENT = 8


def notation_kind(notation: str) -> str:
    try:
        return formats.get(notation).kind
    except (KeyError, ModuleNotFoundError, AttributeError, ImportError):
        return "constituency"


def view_class(kind: str) -> type:
    """The view class registered for `kind`, or `PlaceholderView` if it cannot be imported."""
    spec = VIEW_CLASSES.get(kind)
    if spec:
        module_name, _, class_name = spec.partition(":")
        try:
            return getattr(importlib.import_module(module_name), class_name)
        except (ImportError, AttributeError):
            pass
    return PlaceholderView


def dependency_filters() -> dict:
    """The dependency view's table filters (name -> predicate or None); only "all" if the
    view cannot be imported."""
    try:
        from tcompare.gui.dep_view import DEPENDENCY_FILTERS
    except Exception:
        return {"all sentences": None}
    return dict(DEPENDENCY_FILTERS)


def file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


class PlaceholderView(QWidget):
    """Stand-in comparison view: both sentences as text and each item's verdict."""

    hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._mode = "side"
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)

    def show_pair(self, gold: Any, system: Any, result: SentenceResult | None, notation: str = "") -> None:
        lines = []
        for name, item, side in (("GOLD", gold, "gold"), ("SYSTEM", system, "system")):
            text = item.text() if item is not None and hasattr(item, "text") else "(none)"
            lines.append(f"{name}: {text}")
            if result is not None:
                for it in result.items_for(side):
                    lines.append(f"   {it.kind:<8} {it.label:<12} [{it.start},{it.end})  {it.verdict.value}")
            lines.append("")
        self.text.setPlainText("\n".join(lines))

    def set_layout_mode(self, mode: str) -> None:
        self._mode = mode

    def layout_mode(self) -> str:
        return self._mode

    def zoom_in(self) -> None:
        self.text.zoomIn(1)

    def zoom_out(self) -> None:
        self.text.zoomOut(1)

    def zoom_fit(self) -> None:
        pass

    def reset_zoom(self) -> None:
        pass


class MainWindow(QMainWindow):
    """The tcompare main window.

    Parameters
    ----------
    settings : where recent files, last folder and the layout choice are kept (tests pass
        an INI file; default: the user's QSettings for tcompare).
    """

    sentence_shown = Signal(int)  # 0-based position, after the view was updated

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings or QSettings("tcompare", "tcompare")
        self.session = Session(self)
        self.current_position: int | None = None
        self.current_system = 0
        self.current_result: SentenceResult | None = None
        self._pending_goto: int | None = None
        self._views: dict[str, QWidget] = {}
        self._showing_preview = False
        self._summary_cost = 0.0          # seconds the last refresh_summary took
        self.layout_mode = str(self.settings.value("layout", "side"))
        if self.layout_mode not in LAYOUT_MODES:
            self.layout_mode = "side"
        self.setWindowTitle("tcompare")
        self.setAcceptDrops(True)
        self._build()
        from tcompare.gui.actions import WindowActions

        self.actions_ = WindowActions(self)
        s = self.session
        s.preview_ready.connect(self._on_preview)
        s.opened.connect(self._on_opened)
        s.rows_added.connect(self._on_rows_added)
        s.scored.connect(lambda: self._on_finished(True))   # the table is complete here
        s.progress.connect(self._on_progress)
        s.finished.connect(self._on_finished)
        s.failed.connect(self._on_failed)
        s.notes.connect(self._on_notes)
        self.summary_timer = QTimer(self)
        self.summary_timer.setSingleShot(True)
        self.summary_timer.setInterval(SUMMARY_REFRESH_MS)
        self.summary_timer.timeout.connect(self.refresh_summary)
        self.interactive = True  # False in --screenshot mode and tests: no message boxes
        self.last_error: str = ""
        from tcompare.gui.editor import GoldEditor  # the annotator loop (issue 9): Edit menu, Ctrl+S

        self.editor = GoldEditor(self)
        # review marks live in the editor's sidecar; the table shows them in a column
        self.table_model.set_marks(self.editor.mark_cell)

    # -- construction ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.table_model = SentenceTableModel(self.session, self)
        self.filter_model = SentenceFilterModel(self)
        self.filter_model.setSourceModel(self.table_model)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(4, 4, 0, 4)
        filters = QHBoxLayout()
        self.status_filter = QComboBox()
        self.status_filter.addItems(["all", "valid", "error", "skip", "no_parse", "missing", "extra",
                                     "flagged", "reviewed"])
        self.status_filter.setToolTip("Show sentences with this status or review mark")
        self.status_filter.currentTextChanged.connect(self.filter_model.set_status)
        self.f1_min = QDoubleSpinBox()
        self.f1_max = QDoubleSpinBox()
        for spin, value in ((self.f1_min, 0.0), (self.f1_max, 100.0)):
            spin.setRange(0.0, 100.0)
            spin.setDecimals(1)
            spin.setValue(value)
            spin.setToolTip("F1 range (sentences without an F1 are hidden when narrowed)")
            spin.valueChanged.connect(self._on_f1_range)
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText("filter words…")
        self.text_filter.setClearButtonEnabled(True)
        self.text_filter.textChanged.connect(self.filter_model.set_text)
        filters.addWidget(self.status_filter)
        filters.addWidget(QLabel("F1"))
        filters.addWidget(self.f1_min)
        filters.addWidget(QLabel("–"))
        filters.addWidget(self.f1_max)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.text_filter)
        # dependency files only: "has wrong head" / "has wrong label" / "has cycle / several roots"
        self.dep_filters = dependency_filters()
        self.dep_filter = QComboBox()
        self.dep_filter.setObjectName("dep_filter")
        self.dep_filter.addItems(list(self.dep_filters))
        self.dep_filter.setToolTip("Show only sentences with this kind of dependency error")
        self.dep_filter.currentTextChanged.connect(
            lambda name: self.filter_model.set_condition("dependency", self.dep_filters.get(name)))
        self.dep_filter.hide()
        left_layout.addWidget(self.dep_filter)
        self.table = QTableView()
        self.table.setObjectName("sentence_table")
        self.table.setModel(self.filter_model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        self.table.setAlternatingRowColors(True)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_row)
        left_layout.addWidget(self.table, 1)
        self.left_layout = left_layout

        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 4, 0, 4)
        self.header = QLabel()
        self.header.setObjectName("view_header")
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        centre_layout.addWidget(self.header)
        self.error_panel = QLabel()
        self.error_panel.setObjectName("error_panel")
        self.error_panel.setWordWrap(True)
        self.error_panel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_panel.setStyleSheet(
            "QLabel { background: #fbe3d6; border: 1px solid #d55e00; padding: 6px; }")
        self.error_panel.hide()
        centre_layout.addWidget(self.error_panel)
        self.view_stack = QStackedWidget()
        centre_layout.addWidget(self.view_stack, 1)
        self.hover_label = QLabel()
        self.hover_label.setObjectName("hover_label")
        centre_layout.addWidget(self.hover_label)

        self.sidebar = Sidebar()
        self.sidebar.profile_changed.connect(self._on_profile_changed)
        self.sidebar.options_changed.connect(self._on_options_changed)
        self.sidebar.system_changed.connect(self.set_current_system)
        self._install_legend()

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(centre)
        splitter.addWidget(self.sidebar)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        splitter.setSizes([430, 830, 340])
        self.splitter = splitter
        self._panes_dragged = False   # once the user drags a handle, resizing keeps the panes
        self._share_pending = False
        splitter.splitterMoved.connect(self._on_splitter_dragged)
        self.setCentralWidget(splitter)

        bar = self.statusBar()
        self.files_label = QLabel("no files open")
        self.files_label.setObjectName("files_label")
        for label in (self.files_label, self.header, self.hover_label):
            # long file names must not set the window's minimum width (--size is honoured)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar.addWidget(self.files_label, 1)
        self.progress_bar = QProgressBar()
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.setFormat("scoring %v / %m")
        self.progress_bar.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancel_button")
        self.cancel_button.clicked.connect(self.session.cancel)
        self.cancel_button.hide()
        bar.addPermanentWidget(self.progress_bar)
        bar.addPermanentWidget(self.cancel_button)

    def _install_legend(self) -> None:
        """The tree-view engineer's verdict legend (if present), in a box under the table."""
        try:
            from tcompare.gui.legend import VerdictLegend
            legend = VerdictLegend()
        except Exception:  # the legend is optional: the window works without it
            return
        box = QGroupBox("Legend")
        QVBoxLayout(box).addWidget(legend)
        self.legend, self.legend_box = legend, box
        # under the table: always in sight, while the sidebar's totals may need scrolling
        self.left_layout.addWidget(box)

    # -- views ------------------------------------------------------------------------------------
    def view_for(self, kind: str) -> QWidget:
        """The (cached) view for a notation kind, made current in the stack."""
        view = self._views.get(kind)
        if view is None:
            cls = view_class(kind)
            try:
                view = cls()
            except Exception:
                view = PlaceholderView()
            if hasattr(view, "set_layout_mode"):
                try:
                    view.set_layout_mode(self.layout_mode)
                except Exception:
                    pass
            if hasattr(self, "actions_"):
                try:
                    self.actions_.apply_toggles(view)
                except Exception:
                    pass
            hovered = getattr(view, "hovered", None)
            if hovered is not None:
                hovered.connect(self._on_hovered)
            for name in ("layout_changed", "mode_changed"):   # the view's own mode buttons
                signal = getattr(view, name, None)
                if signal is not None and hasattr(signal, "connect"):
                    signal.connect(self._sync_layout_actions)
            self._views[kind] = view
            self.view_stack.addWidget(view)
        self.view_stack.setCurrentWidget(view)
        self._sync_layout_actions()
        if getattr(self, "legend_box", None) is not None:
            # the constituency legend; other views draw their own key
            self.legend_box.setVisible(kind == "constituency")
        return view

    @property
    def view(self) -> QWidget:
        return self.view_for(notation_kind(self.session.notation))

    def call_view(self, method: str, *args) -> None:
        """Call an optional view method (zoom, toggles) if the current view has it."""
        fn = getattr(self.view, method, None)
        if fn is not None:
            fn(*args)

    def set_layout_mode(self, mode: str) -> None:
        if mode not in LAYOUT_MODES:
            return
        self.layout_mode = mode
        self.settings.setValue("layout", mode)
        for view in self._views.values():
            if hasattr(view, "set_layout_mode"):
                view.set_layout_mode(mode)
        self._sync_layout_actions()

    def _sync_layout_actions(self, *_args) -> None:
        """Check the layout action of the mode the current view really draws (the arc view
        maps ``side`` to ``mirrored`` and has a ``tree`` mode of its own)."""
        if not hasattr(self, "actions_"):
            return
        drawn = getattr(self.view_stack.currentWidget(), "layout_mode", None)
        self.actions_.sync_layout(drawn() if callable(drawn) else self.layout_mode)

    # -- opening ----------------------------------------------------------------------------------
    def open_files(self, gold: str, systems: list[str] | tuple = (), notation: str | None = None,
                   profile: str | None = None, options: dict | None = None, goto: int = 1) -> None:
        """Read and score in the background; sentence `goto` (1-based) is shown first."""
        if getattr(self, "editor", None) is not None and not self.editor.can_close():
            return  # unsaved gold edits: the user cancelled (or saving failed)
        self.current_position, self.current_result = None, None
        self._pending_goto = max(goto, 1) - 1
        self.current_system = 0
        self.last_error = ""
        self.error_panel.hide()
        self.session.open(LoadRequest(str(gold), [str(s) for s in systems], notation, profile,
                                      dict(options or {}), goto))
        self.files_label.setText(f"reading {file_name(str(gold))}…")
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.cancel_button.show()
        self.add_recent([str(gold), *map(str, systems)])
        self.setWindowTitle(f"tcompare — {file_name(str(gold))}"
                            + (f"  vs  {', '.join(file_name(str(s)) for s in systems)}" if systems else ""))

    def add_system(self, path: str) -> None:
        req = self.session.request
        if req is None:
            self.open_files(path)
            return
        goto = (self.current_position or 0) + 1
        self.open_files(req.gold, [*req.systems, path], req.notation, req.profile, req.options, goto)

    def add_recent(self, paths: list[str]) -> None:
        entry = "\t".join(paths)
        recent = [r for r in self.recent_files() if r != entry]
        recent.insert(0, entry)
        self.settings.setValue("recent", recent[:MAX_RECENT])

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    # -- session events ---------------------------------------------------------------------------
    def _on_preview(self, preview: Preview) -> None:
        if self.current_position is not None:
            return
        gold_rec = preview.gold[preview.row]
        sys_rec = preview.systems[0][preview.row]
        view = self.view_for(notation_kind(preview.gold.notation))
        view.show_pair(gold_rec.item, sys_rec.item, preview.results[0], preview.gold.notation)
        self.header.setText(f"Sentence {preview.row + 1} (reading the rest of the files…)")
        self._showing_preview = True
        view.repaint()  # paint now, while the worker waits for us (see workspace.loading.Loader)
        self.sentence_shown.emit(preview.row)

    def _on_opened(self) -> None:
        s = self.session
        is_dependency = notation_kind(s.notation) == "dependency"
        if not is_dependency:
            self.dep_filter.setCurrentIndex(0)
        self.dep_filter.setVisible(is_dependency and self.dep_filter.count() > 1)
        self._set_view_titles()
        self.sidebar.set_profiles(s.notation, s.profile, s.options)
        self.sidebar.set_systems([file_name(c.path) for c in s.systems], self.current_system)
        self.table_model.set_current_system(self.current_system)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.update_status_bar()
        self.refresh_summary()

    def _set_view_titles(self) -> None:
        s = self.session
        view = self.view_for(notation_kind(s.notation))
        set_titles = getattr(view, "set_titles", None)
        if set_titles is not None and s.gold is not None:
            system = file_name(s.systems[self.current_system].path) if s.systems else "(none)"
            set_titles(f"GOLD  {file_name(s.gold.path)}", f"SYSTEM  {system}")

    def _on_rows_added(self, first: int, count: int) -> None:
        if self._pending_goto is not None and self._pending_goto < first + count:
            target, self._pending_goto = self._pending_goto, None
            self.show_sentence(target)
        elif self._pending_goto is not None and self.current_position is None and \
                self._pending_goto >= self.session.total_rows:
            self.statusBar().showMessage(f"there is no sentence {self._pending_goto + 1} "
                                         f"(the files have {self.session.total_rows:,})", 8000)
            self._pending_goto = None
            self.show_sentence(0)
        if first == 0:
            self.fit_columns()
        if not self.summary_timer.isActive():
            # aggregating is linear in the rows: refresh big files less often while loading
            # (and never spend more than a tenth of the GUI thread's time on it)
            self.summary_timer.start(max(SUMMARY_REFRESH_MS + self.session.row_count // 20,
                                         int(self._summary_cost * 10_000)))

    def fit_columns(self) -> None:
        """Column widths from the widest value a column can hold (not from the rows seen
        so far: rows keep arriving, and measuring 100k rows would be slow)."""
        metrics = self.table.fontMetrics()
        header = self.table.horizontalHeader()
        total = max(self.session.total_rows, 1)
        for i, col in enumerate(self.table_model.columns):
            title = metrics.horizontalAdvance(col.header) + 18
            if col.key == "#":
                width = metrics.horizontalAdvance(f"{total:,}".replace(",", "") + "0")
            elif col.key == "len":
                width = metrics.horizontalAdvance("1000")
            elif col.key == "status":
                width = metrics.horizontalAdvance("error0")
            elif col.key == "mark":   # ⚑ / ✓ and ✎: narrow, but the header stays readable
                width = max(metrics.horizontalAdvance("⚑✎"), title - 12)
            elif col.key == "words":
                width = metrics.horizontalAdvance("M" * 14)
            elif col.key == "message":
                width = metrics.horizontalAdvance("M" * 20)
            else:
                width = metrics.horizontalAdvance("100.00")
            header.resizeSection(i, max(width + 12, title if col.numeric else 0, 24))

    def _on_progress(self, done: int, total: int) -> None:
        self.progress_bar.setRange(0, max(total, 1))
        self.progress_bar.setValue(done)

    def _on_finished(self, ok: bool) -> None:
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.summary_timer.stop()
        self.refresh_summary()
        header = self.table.horizontalHeader()
        if header.sortIndicatorSection() >= 0:
            # rows that arrived after the user sorted were appended: sort them in
            self.filter_model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        if self._pending_goto is not None and self.session.row_count:
            # cancelled before the wanted sentence was scored: the nearest one that was
            target, self._pending_goto = self._pending_goto, None
            self.show_sentence(min(target, self.session.row_count - 1))
        if not ok and self.session.gold is not None:
            self.statusBar().showMessage("scoring cancelled: the table shows the sentences "
                                         "scored so far", 8000)
        self.update_status_bar()

    def _on_failed(self, error: Any) -> None:
        self.last_error = str(error)
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.files_label.setText("could not read the files")
        self.error_panel.setText(f"Cannot open: {error}")
        self.error_panel.show()
        if self.interactive:
            QMessageBox.critical(self, "tcompare: cannot read file", str(error))

    def _on_notes(self, notes: list[str]) -> None:
        self.statusBar().showMessage("; ".join(notes)[:400], 10000)

    # -- showing a sentence -----------------------------------------------------------------------
    def show_sentence(self, position: int) -> None:
        """Draw sentence `position` (0-based) with the scorer's verdicts; select its row."""
        s = self.session
        if s.gold is None or not (0 <= position < max(s.row_count, 1)):
            return
        self.current_position = position
        self._showing_preview = False
        result = s.full_result(self.current_system, position)
        self.current_result = result
        gold_item, sys_item = s.pair(self.current_system, position)
        view = self.view_for(notation_kind(s.notation))
        try:
            view.show_pair(gold_item, sys_item, result, s.notation)
        except Exception as exc:  # a drawing bug shows as a message, not a crash
            self.statusBar().showMessage(f"cannot draw sentence {position + 1}: {exc}", 10000)
        legend = getattr(self, "legend", None)
        if (legend is not None and result is not None and hasattr(legend, "reveal")
                and notation_kind(s.notation) == "constituency"):
            legend.reveal({i.verdict for i in (*result.gold_items, *result.system_items)})
        self._show_header(position)
        self._show_errors(position, result)
        self.sidebar.show_sentence(position, result, s.profile)
        self._select_row(position)
        self.sentence_shown.emit(position)

    def _show_header(self, position: int) -> None:
        s = self.session
        gold_rec, sys_rec = s.records(self.current_system, position)
        parts = [f"<b>Sentence {position + 1}</b> of {s.total_rows:,}"]
        if gold_rec is not None:
            parts.append(f"gold: {file_name(s.gold.path)} line {gold_rec.line}")
        if sys_rec is not None:
            parts.append(f"system: {file_name(s.systems[self.current_system].path)} line {sys_rec.line}")
        self.header.setText(" · ".join(parts))

    def _show_errors(self, position: int, result: SentenceResult | None) -> None:
        """Unreadable sentences and count mismatches: the message and the raw source lines."""
        s = self.session
        gold_rec, sys_rec = s.records(self.current_system, position)
        problems = []
        if result is not None and result.status is not Status.VALID and result.message:
            problems.append(f"<b>{result.status.value}</b>: {_html(result.message)}")
        for name, rec in (("gold", gold_rec), ("system", sys_rec)):
            if rec is None:
                continue
            with s.lock:  # `error` may parse a lazy record; the worker may be parsing too
                error = rec.error
            if error is not None and (result is None or str(error) not in result.message):
                problems.append(f"<b>{name}</b>: {_html(str(error))}")
            if error is not None or (result is not None and not result.valid):
                raw = rec.source.rstrip("\r\n")
                if len(raw) > 600:
                    raw = raw[:600] + " …"
                problems.append(f"<tt>{name} line {rec.line}: {_html(raw)}</tt>")
        paired_by_text = s.plan(self.current_system) is not None
        if gold_rec is None and s.gold is not None:
            problems.append(f"<b>gold</b>: no gold sentence pairs with this system sentence "
                            f"(sentences paired by their text)" if paired_by_text else
                            f"<b>gold</b>: {file_name(s.gold.path)} has only {len(s.gold)} sentences")
        if sys_rec is None and s.systems:
            name = file_name(s.systems[self.current_system].path)
            problems.append(f"<b>system</b>: no sentence of {name} pairs with this gold sentence "
                            f"(sentences paired by their text)" if paired_by_text else
                            f"<b>system</b>: {name} has only "
                            f"{len(s.systems[self.current_system])} sentences")
        if problems:
            self.error_panel.setText("<br>".join(problems))
            self.error_panel.show()
        else:
            self.error_panel.hide()

    def _select_row(self, position: int) -> None:
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
            if position >= 0 and position != self.current_position:
                self.show_sentence(position)

    def set_current_system(self, system: int) -> None:
        if not (0 <= system < len(self.session.systems)):
            return
        self.current_system = system
        self._set_view_titles()
        self.table_model.set_current_system(system)
        self.sidebar.set_systems([file_name(c.path) for c in self.session.systems], system)
        self.refresh_summary()
        if self.current_position is not None:
            self.show_sentence(self.current_position)

    def _on_hovered(self, info: Any) -> None:
        """One line under the view about the hovered node (the view's own tooltip has more)."""
        if info is None:
            self.hover_label.setText("")
            return
        verdict = getattr(info, "verdict", None)
        span = getattr(info, "span", None)
        text = f"{getattr(info, 'side', '')} {getattr(info, 'kind', '')} “{getattr(info, 'text', info)}”"
        if span is not None:
            text += f" [{span[0]}, {span[1]})"
        if verdict is not None:
            text += f": {getattr(verdict, 'value', verdict)}"
        if getattr(info, "crossing", False):
            text += " (crosses a bracket of the other tree)"
        self.hover_label.setText(text)

    # -- navigation -------------------------------------------------------------------------------
    def step(self, delta: int, errors_only: bool = False) -> bool:
        """Move `delta` rows in the table's order (sorted/filtered); errors_only: to the next
        row whose status is not valid.  Returns False at either end."""
        rows = self.filter_model.rowCount()
        if rows == 0:
            return False
        current = self.filter_model.proxy_row(self.current_position) \
            if self.current_position is not None else -1
        row = current
        while True:
            row = row + delta if row >= 0 else (0 if delta > 0 else rows - 1)
            if not (0 <= row < rows):
                return False
            position = self.filter_model.position(row)
            if not errors_only:
                break
            result = self.session.result(self.current_system, position)
            if result is not None and result.status is not Status.VALID:
                break
        self.show_sentence(position)
        return True

    def next_sentence(self) -> bool:
        return self.step(1)

    def previous_sentence(self) -> bool:
        return self.step(-1)

    def next_error(self) -> bool:
        return self.step(1, errors_only=True)

    def previous_error(self) -> bool:
        return self.step(-1, errors_only=True)

    def go_to(self, number: int) -> bool:
        """Show sentence `number` (1-based)."""
        if 1 <= number <= self.session.row_count:
            self.show_sentence(number - 1)
            return True
        return False

    def find_words(self, text: str, forward: bool = True) -> bool:
        """Show the next sentence (after the current one, wrapping) whose words contain `text`."""
        needle = normalise_query(text)
        info = self.session.info
        if not needle or not info:
            return False
        start = self.current_position if self.current_position is not None else -1
        n = len(info)
        for k in range(1, n + 1):
            position = (start + (k if forward else -k)) % n
            if words_match(needle, self.session.row_info(position).text):
                self.show_sentence(position)
                return True
        return False

    # -- profile / options -------------------------------------------------------------------------
    def _on_profile_changed(self, name: str) -> None:
        self._rescore(profile=name)

    def _on_options_changed(self, options: dict) -> None:
        self._rescore(options=options)

    def _rescore(self, profile: str | None = None, options: dict | None = None) -> None:
        self._pending_goto = self.current_position or 0
        self.current_position = None
        if self.session.rescore(profile, options) is not None:
            self.progress_bar.setRange(0, 0)
            self.progress_bar.show()
            self.cancel_button.show()

    def _on_f1_range(self) -> None:
        low, high = self.f1_min.value(), self.f1_max.value()
        if low <= 0.0 and high >= 100.0:
            self.filter_model.set_f1_range(None, None)
        else:
            self.filter_model.set_f1_range(low, high)

    # -- totals and status bar ---------------------------------------------------------------------
    def summary_text(self) -> str:
        s = self.session
        summary = s.summary(self.current_system)
        if summary is None or s.profile is None:
            return "no scoring profile available" if s.gold is not None else ""
        return summary_text(s.profile, s.running[self.current_system].results, summary, s.config)

    def refresh_summary(self) -> None:
        s = self.session
        name = file_name(s.systems[self.current_system].path) if len(s.systems) > 1 else ""
        start = time.perf_counter()
        try:
            text = self.summary_text()
        except Exception as exc:
            text = f"cannot aggregate: {exc}"
        self._summary_cost = time.perf_counter() - start
        self.sidebar.show_total(text, s.row_count, s.total_rows, name)
        self._widen_sidebar_for_total()

    def _on_splitter_dragged(self, *_args) -> None:
        self._panes_dragged = True

    def _share_panes(self) -> None:
        """Table, drawing and sidebar in proportion to the window (27 / 52 / 21 %, the
        side panes within PANE_LIMITS): with fixed side panes a 1024-pixel window left the
        drawing a quarter of the width.  Not after the user dragged a handle."""
        if self._panes_dragged or not hasattr(self, "splitter"):
            return
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) < 3:
            return
        (t_share, t_low, t_high), (s_share, s_low, s_high) = PANE_LIMITS
        table = int(min(max(total * t_share, t_low), t_high))
        side = int(min(max(total * s_share, s_low), s_high))
        self.splitter.setSizes([table, max(total - table - side, 0), side])
        self._widen_sidebar_for_total()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        # after the layout pass: until then the splitter still has its old width
        if not getattr(self, "_share_pending", False):
            self._share_pending = True
            QTimer.singleShot(0, self._share_panes_now)

    def _share_panes_now(self) -> None:
        self._share_pending = False
        self._share_panes()

    def _widen_sidebar_for_total(self) -> None:
        """Widen the sidebar until the running total's lines fit (the CLI's fixed-width
        report: a sideways scroll bar hid its last columns), taking room from the table (down to
        TABLE_MIN_WIDTH) and the drawing (down to VIEW_MIN_SHARE of the splitter).  Never
        narrows: a width the user dragged stays."""
        scroll = getattr(self.sidebar, "total_scroll", None)
        if scroll is None or not hasattr(self, "splitter"):
            return
        # from the text's own width: the scroll bar's range lags until the next layout pass;
        # report tables fit in 80 columns, longer lines are prose notes that may scroll
        label = self.sidebar.total_text
        columns80 = label.fontMetrics().horizontalAdvance("0" * 80)
        needed = min(label.sizeHint().width(), columns80 + label.contentsMargins().left() * 2)
        missing = needed - scroll.viewport().width()
        if missing <= 0:
            return
        sizes = self.splitter.sizes()
        if len(sizes) < 3:
            return
        want = missing + 8
        # from the table first (its first columns stay in sight), then from the drawing,
        # which keeps the largest share: a small tree that fitted must still fit
        from_table = max(0, min(want, sizes[0] - TABLE_MIN_WIDTH))
        from_view = max(0, min(want - from_table, sizes[1] - int(sum(sizes) * VIEW_MIN_SHARE)))
        if from_table + from_view > 0:
            sizes[0] -= from_table
            sizes[1] -= from_view
            sizes[2] += from_table + from_view
            self.splitter.setSizes(sizes)

    def update_status_bar(self) -> None:
        s = self.session
        if s.gold is None:
            return
        parts = [f"gold: {file_name(s.gold.path)} · {s.gold.notation} · {s.gold.encoding.upper()}"
                 f"{' BOM' if s.gold.bom else ''} · {len(s.gold):,} sentences"]
        for corpus in s.systems:
            parts.append(f"system: {file_name(corpus.path)} · {corpus.notation} · "
                         f"{corpus.encoding.upper()}{' BOM' if corpus.bom else ''} · {len(corpus):,}")
        if s.profile is not None:
            parts.append(f"profile: {s.profile.name}")
        self.files_label.setText("   ".join(parts))

    # -- drag and drop ------------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_dropped(paths)
            event.acceptProposedAction()

    def open_dropped(self, paths: list[str]) -> None:
        """Several files: the first is gold, the others systems. One file: gold if nothing is
        open, else an additional system."""
        if len(paths) > 1 or self.session.request is None:
            self.open_files(paths[0], paths[1:])
        else:
            self.add_system(paths[0])

    def closeEvent(self, event) -> None:
        self.session.cancel()
        self.session.wait(5000)
        super().closeEvent(event)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")
