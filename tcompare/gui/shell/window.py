"""The comparison window: it assembles the panels and routes the Workspace's events.

Left, the filters and sentence table (`table.panel`); centre, the comparison view of the
notation's kind with its header and problems panel (`drawing.host`); right, the sidebar of
per-sentence and running metrics.  The window is assembled from parts that each see it
through a small port (a Protocol in the part's module): moving between sentences
(`navigation.Navigation`), the panes' widths (`panes.PaneSharing`), more files
(`shell.files.WindowFiles`), menus and shortcuts (`actions.WindowActions`); the
teaching features, the export dialog, the label breakdown, the gold editor and the UD
validator loop (`editor.validator_loop`) are built here
and add their own menu entries.  Moving (``go_to``, ``next_error``...) and View › Language
stay verbs of the window, handed to the part that does them: the editor, the analysis docks,
the preferences and start-up ask the window for them.  Rows arrive in batches from `Session` (the Workspace on a worker thread); the
sentence shown is rescored on demand (`Session.full_result`) so the view colours exactly the
scorer's verdicts.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtWidgets import QMainWindow, QMessageBox, QSplitter, QWidget

from tcompare.gui.language import a11y
from tcompare.gui.shell.actions import WindowActions
from tcompare.gui.analysis.error_panel import AnalysisPanel
from tcompare.gui.analysis.breakdown_panel import BreakdownPanel
from tcompare.gui.analysis.charts_dock import ChartsPanel
from tcompare.gui.editor.gold_editor import GoldEditor
from tcompare.gui.editor.validator_loop import ValidatorLoop
from tcompare.gui.drawing.export_dialog import SentenceExport
from tcompare.gui.language.i18n import tr
from tcompare.gui.shell.report_action import ReportExport
from tcompare.gui.analysis.llm_view import LlmAction
from tcompare.gui.annotation.menu import AnnotationMenu
from tcompare.gui.drawing.legend import LegendBox
from tcompare.gui.teaching.live_trees import LiveTrees
from tcompare.gui.teaching.parse_gold import ParseGold
from tcompare.gui.shell.navigation import Navigation
from tcompare.gui.shell.panes import PaneSharing
from tcompare.gui.shell.preferences import Preferences
from tcompare.gui.drawing.problems import file_name, sentence_header, sentence_problems
from tcompare.gui.table.panel import SentencePanel
from tcompare.gui.table.secondary_total import SecondaryTotalRunner
from tcompare.gui.session import LoadRequest, Preview, Session
from tcompare.gui.settings import Settings
from tcompare.gui.shell.status import StatusLine
from tcompare.gui.table.sidebar import Sidebar, summary_text
from tcompare.gui.table.model import SentenceTableModel, system_letter
from tcompare.gui.teaching.presentation import TeachingFeatures
from tcompare.gui.analysis.two_systems import TwoSystems
from tcompare.gui.drawing.host import LAYOUT_MODES, ViewHost
from tcompare.gui.shell.files import WindowFiles
from tcompare.gui.drawing.views import ComparisonView, PlaceholderView, notation_kind  # noqa: F401
from tcompare.scoring.base import UNSCORED, SentenceResult


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
        self.prefs = Settings(self.settings)       # typed accessors (settings.py)
        self.session = Session(self)
        self.current_position: int | None = None
        self.current_system = 0
        self.current_result: SentenceResult | None = None
        self._pending_goto: int | None = None
        self.interactive = True  # False in --screenshot mode and tests: no message boxes
        self.last_error: str = ""
        self.setWindowTitle("tcompare")
        self.setAcceptDrops(True)
        self._build()
        # the parts the menus act on, then the menus (`actions_`) the features add entries to
        self.navigation = Navigation(self)      # next / previous / error / go to / find
        self.panes = PaneSharing(self)          # the splitter's widths, F9
        self.files = WindowFiles(self)          # another system, recent sets, dropped files
        self.actions_ = WindowActions(self, self.navigation, self.panes, self.files)
        self.views.prepare = self.actions_.apply_toggles
        self.views.layout_shown.connect(self.actions_.sync_layout)
        self.actions_.sync_layout(self.layout_mode)
        # File › Export current sentence… and Export report…, the teaching features (Explain
        # dock, presentation mode) and error analysis (View › Breakdown by label)
        menus = self.actions_.menus
        self.sentence_export = SentenceExport(self, menus["file"], self.actions_.quit)
        self.annotation = AnnotationMenu(self, menus["file"], self.sentence_export.action)
        self.teaching = TeachingFeatures(self, menus["view"])
        self.report = ReportExport(self, self.actions_, self.sentence_export.action)
        self.llm_output = LlmAction(self, menus["file"], self.actions_.quit)    # File › Open LLM output…

        self.browse_report = ReportExport(self, self.actions_, self.report.action, browse=True)
        self.breakdown = BreakdownPanel.install(self, self.actions_)
        self.analysis = AnalysisPanel.install(self, self.actions_)    # error classes, queries
        self.charts = ChartsPanel.install(self, self.actions_)        # A − B, by length, labels
        self.live = LiveTrees(self, menus["view"])                    # trees typed live
        self.parse_gold = ParseGold(self, menus["file"], self.actions_.reopen_encoding)  # a parser's output
        s = self.session
        s.preview_ready.connect(self._on_preview)
        s.opened.connect(self._on_opened)
        s.rows_added.connect(self._on_rows_added)
        s.restarted.connect(self._on_restarted)      # a split or merge in a big file
        s.scored.connect(lambda: self._on_finished(True))   # the table is complete here
        s.progress.connect(self.status.progress)
        s.finished.connect(self._on_finished)
        s.failed.connect(self._on_failed)
        s.notes.connect(self._on_notes)
        self.two = TwoSystems(self, self.actions_)    # the drawn system(s), after _on_opened
        # the sidebar's total follows the Workspace's event (loading, an edit): nothing polls
        s.summary_changed.connect(self.refresh_summary)
        # the corpus's secondary figures under the total, while the box is checked
        self.secondary_total = SecondaryTotalRunner(s, self)
        self.secondary_total.started.connect(
            lambda: self.sidebar.show_secondary_total(None, computing=True))
        self.secondary_total.ready.connect(self.sidebar.show_secondary_total)
        self._follow_secondary_total()
        # the annotator loop (Edit menu, Ctrl+S); after the window's own session slots
        self.editor = GoldEditor(self, self.actions_.menus)
        self.editor.edited.connect(self.breakdown.row_changed)
        self.editor.edited.connect(self.analysis.invalidate)
        self.editor.edited.connect(self.charts.row_edited)
        # the UD validator in the loop: edited sentences, F7, Ctrl+F8, its dock, word marks
        self.validator = ValidatorLoop(self, self.actions_, self.editor)
        # review marks live in the editor's sidecar, the validator adds ⚠: the table's column
        self.table_model.set_marks(self.validator.mark_cell)
        # theme, font size, Edit › Preferences…, accessible names (preferences.py, a11y.py)
        self.preferences = Preferences.install(self, self.actions_)

    # -- construction ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.table_model = SentenceTableModel(self.session, self)
        self.sentences = SentencePanel(self.table_model)
        self.sentences.position_chosen.connect(self._on_position_chosen)
        # the panel's parts, by the names the actions, the editor and the tests use
        self.filter_model, self.table = self.sentences.filter_model, self.sentences.table
        self.status_filter, self.dep_filter = self.sentences.status_filter, self.sentences.dep_filter
        self.text_filter = self.sentences.text_filter
        self.f1_min, self.f1_max = self.sentences.f1_min, self.sentences.f1_max

        layout = str(self.settings.value("layout", "side"))
        self.views = ViewHost(layout if layout in LAYOUT_MODES else "side",
                              auto_layout=self.settings.value("layout") is None)
        self.header, self.error_panel = self.views.header, self.views.error_panel
        self.view_stack, self.hover_label = self.views.view_stack, self.views.hover_label

        self.sidebar = Sidebar()
        self.sidebar.profile_changed.connect(lambda name: self._rescore(profile=name))
        self.sidebar.options_changed.connect(lambda options: self._rescore(options=options))
        self.sidebar.system_changed.connect(self.set_current_system)
        # the optional secondary rows stay as the user left them (settings key "secondary_rows")
        self.sidebar.secondary_box.setChecked(
            str(self.settings.value("secondary_rows", "false")).lower() == "true")
        self.sidebar.secondary_box.toggled.connect(self._on_secondary_toggled)
        # the verdict legend under the table: always in sight, while the totals may scroll
        self.legend_box = LegendBox(self.settings)
        self.legend = self.legend_box.legend
        self.sentences.panel_layout.addWidget(self.legend_box)
        self.legend_box.share(self.sentences)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        for pane, stretch in ((self.sentences, 0), (self.views, 1), (self.sidebar, 0)):
            splitter.addWidget(pane)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setSizes([430, 830, 340])
        self.splitter = splitter
        self.setCentralWidget(splitter)

        self.status = StatusLine(self.statusBar(), self.session)
        # its parts, by the names the tests use
        self.files_label = self.status.files_label
        self.progress_bar, self.cancel_button = self.status.progress_bar, self.status.cancel_button

    # -- views ------------------------------------------------------------------------------------
    @property
    def layout_mode(self) -> str:
        return self.views.layout_mode

    def view_for(self, kind: str) -> ComparisonView:
        view = self.views.view_for(kind)
        # the constituency legend; other views draw their own key
        self.legend_box.setVisible(kind == "constituency")
        return view

    @property
    def view(self) -> ComparisonView:
        return self.view_for(notation_kind(self.session.notation))

    def set_layout_mode(self, mode: str) -> None:
        if self.views.set_layout_mode(mode):
            self.settings.setValue("layout", mode)

    # -- opening ----------------------------------------------------------------------------------
    def open_files(self, gold: str, systems: list[str] | tuple = (), notation: str | None = None,
                   profile: str | None = None, options: dict | None = None, goto: int = 1) -> None:
        """Read and score in the background; sentence `goto` (1-based) is shown first."""
        if not self.editor.can_close():
            return  # unsaved gold edits: the user cancelled (or saving failed)
        # (the profile last used for the gold's notation: chosen once the loader has read it)
        remembered = self.preferences.remembered() if profile is None else {}
        self.current_position, self.current_result = None, None
        self._pending_goto = max(goto, 1) - 1
        self.current_system = 0
        self.last_error = ""
        self.error_panel.hide()
        self._follow_secondary_total()       # (system 0 of the new files, once scored)
        self.session.open(LoadRequest(str(gold), [str(s) for s in systems], notation, profile,
                                      dict(options or {}), goto, by_notation=remembered))
        self.status.reading(str(gold))
        self.files.add_recent([str(gold), *map(str, systems)])
        self._set_title(gold, systems)

    def _set_title(self, gold, systems) -> None:
        self.setWindowTitle(f"tcompare — {file_name(str(gold))}" + (
            tr("main_window", "  vs  ") + ", ".join(file_name(str(s)) for s in systems) if systems else ""))

    # -- session events ---------------------------------------------------------------------------
    def _on_preview(self, preview: Preview) -> None:
        if self.current_position is not None:
            return
        view = self.view_for(notation_kind(preview.gold.notation))
        view.show_pair(preview.gold[preview.row].item, preview.systems[0][preview.row].item,
                       preview.results[0], preview.gold.notation)
        self.header.setText(tr("main_window", "Sentence {n} (reading the rest of the files…)").format(
            n=preview.row + 1))
        view.repaint()  # paint now, while the worker waits for us (see workspace.loading.Loader)
        self.sentence_shown.emit(preview.row)

    def _on_opened(self) -> None:
        s = self.session
        self.sentences.set_dependency(notation_kind(s.notation) == "dependency")
        self._set_view_titles()
        self.sidebar.set_profiles(s.notation, s.profile, s.options)
        self.preferences.remember_scoring(s.notation, s.profile, s.options)
        self.sidebar.set_systems(self.two.names(), self.current_system)
        self.table_model.set_current_system(self.current_system)
        self.sentences.clear_sort()
        self.update_status_bar()
        # (the total follows: the Workspace announces it after `opened`)

    def _set_view_titles(self) -> None:
        s = self.session
        if s.gold is not None:
            system = file_name(s.systems[self.current_system].path) if s.systems else \
                tr("main_window", "(none)")
            if len(s.systems) > 1:          # the letter the table and the chooser use
                system = f"{system_letter(self.current_system)}  {system}"
            view = self.view
            view.set_titles(tr("main_window", "GOLD") + f"  {file_name(s.gold.path)}",
                            tr("main_window", "SYSTEM") + f"  {system}", **self.two.titles(view))

    def _on_rows_added(self, first: int, count: int) -> None:
        if self._pending_goto is not None and self._pending_goto < first + count:
            target, self._pending_goto = self._pending_goto, None
            self.show_sentence(target)
        elif self._pending_goto is not None and self.current_position is None and \
                self._pending_goto >= self.session.total_rows:
            self.statusBar().showMessage(tr("main_window", "there is no sentence {n} (the files "
                                            "have {total})").format(
                n=self._pending_goto + 1, total=f"{self.session.total_rows:,}"), 8000)
            self._pending_goto = None
            self.show_sentence(0)
        if first == 0:
            self.sentences.fit_columns(self.session.total_rows)

    def _on_finished(self, ok: bool) -> None:
        self.progress_bar.hide()
        self.cancel_button.hide()
        self.sentences.sort_again()
        if self.current_position is not None:   # shown before its row had arrived
            self.sentences.select_position(self.current_position)
        if self._pending_goto is not None and self.session.row_count:
            # cancelled before the wanted sentence was scored: the nearest one that was
            target, self._pending_goto = self._pending_goto, None
            self.show_sentence(min(target, self.session.row_count - 1))
        if not ok and self.session.gold is not None:
            self.statusBar().showMessage(tr("main_window", "scoring cancelled: the table shows "
                                            "the sentences scored so far"), 8000)
        self.update_status_bar()

    def _on_failed(self, error: Any) -> None:
        self.last_error = str(error)
        self.status.failed()
        self.views.show_problems([tr("main_window", "Cannot open: {error}").format(error=error)])
        if self.interactive:
            QMessageBox.critical(self, tr("main_window", "tcompare: cannot read file"), str(error))

    def _on_notes(self, notes: list[str]) -> None:
        self.statusBar().showMessage("; ".join(notes)[:400], 10000)

    # -- showing a sentence -----------------------------------------------------------------------
    def show_sentence(self, position: int) -> None:
        """Draw sentence `position` (0-based) with the scorer's verdicts; select its row."""
        s = self.session
        if s.gold is None or not (0 <= position < max(s.row_count, 1)):
            return
        self.current_position = position
        result = s.full_result(self.current_system, position)
        self.current_result = result
        gold_item, sys_item = s.pair(self.current_system, position)
        kind = notation_kind(s.notation)
        second = self.two.second_for(position)    # system B, drawn under the gold
        try:
            view = self.view_for(kind)
            if second is not None and hasattr(view, "show_two"):
                self._set_view_titles()
                view.show_two(gold_item, sys_item, result, *second, s.notation)
            else:
                view.show_pair(gold_item, sys_item, result, s.notation)
        except Exception as exc:  # a drawing bug shows as a message, not a crash
            self.statusBar().showMessage(tr("main_window", "cannot draw sentence {n}: {error}").format(
                n=position + 1, error=exc), 10000)
        if result is not None and kind == "constituency":
            self.legend.reveal({i.verdict for i in (*result.gold_items, *result.system_items)})
        self.views.show_header(sentence_header(s, self.current_system, position))
        self.views.show_problems(sentence_problems(s, self.current_system, position, result))
        # the drawing keeps every item's verdict; the figures are the row's as the table, the
        # JSON and the report count it (a row past EVALB's stop: not scored)
        counted = s.result(self.current_system, position)
        shown = counted if counted is not None and UNSCORED in counted.data else result
        self.sidebar.show_sentence(position, shown, s.profile)
        self._show_secondary()
        self.sentences.select_position(position)
        self.sentence_shown.emit(position)

    def _on_secondary_toggled(self, on: bool) -> None:
        self.settings.setValue("secondary_rows", "true" if on else "false")
        self._show_secondary()
        self._follow_secondary_total()

    def _follow_secondary_total(self) -> None:
        on = self.sidebar.secondary_box.isChecked()
        self.secondary_total.follow(self.current_system if on else None)
        if not on:
            self.sidebar.show_secondary_total(None)

    def _show_secondary(self) -> None:
        """The sidebar's optional secondary rows for the current sentence."""
        position = self.current_position
        wanted = self.sidebar.secondary_box.isChecked() and self.session.gold is not None
        self.sidebar.show_secondary(self.session.secondary(self.current_system, position)
                                    if wanted and position is not None and position >= 0 else None)

    def _on_position_chosen(self, position: int) -> None:
        if position != self.current_position:
            self.show_sentence(position)

    def set_current_system(self, system: int) -> None:
        if not (0 <= system < len(self.session.systems)):
            return
        self.current_system = system
        self.two.sync()
        self._set_view_titles()
        self.table_model.set_current_system(system)
        self.sidebar.set_systems(self.two.names(), system)
        self.refresh_summary()
        self._follow_secondary_total()
        if self.current_position is not None:
            self.show_sentence(self.current_position)

    # -- profile / options ------------------------------------------------------------------------
    def _rescore(self, profile: str | None = None, options: dict | None = None) -> None:
        self._pending_goto = self.current_position or 0
        self.current_position = None
        if self.session.rescore(profile, options) is not None:
            self.status.busy()

    def _on_restarted(self) -> None:
        """A sentence split or merged in a big file is scored again: keep the sentence shown."""
        self._pending_goto = self.current_position or 0
        self.current_position = None
        self.status.busy()

    # -- totals and status bar --------------------------------------------------------------------
    def summary_text(self, summary: Any = None) -> str:
        s = self.session
        summary = summary or s.summary(self.current_system)
        if summary is None or s.profile is None:
            return tr("main_window", "no scoring profile available") if s.gold is not None else ""
        return summary_text(s.profile, summary, s.config,
                            s.workspace.counted_results(self.current_system))

    def refresh_summary(self) -> None:
        s = self.session
        # the letter only: a file name in the title widened the sidebar past its viewport
        # (the System box above names the file)
        name = system_letter(self.current_system) if len(s.systems) > 1 else ""
        left_out: dict = {}
        try:
            summary = s.summary(self.current_system)
            text = self.summary_text(summary)
            left_out = s.workspace.left_out(self.current_system)
            refusal = s.workspace.refusal(self.current_system)
            if refusal:      # as `tcompare score` refuses: its message, and no total
                text = tr("main_window", "no total: {message}").format(message=refusal)
        except Exception as exc:
            summary, text = None, tr("main_window", "cannot aggregate: {error}").format(error=exc)
        self.sidebar.show_total(text, s.row_count, s.total_rows, name, summary, s.profile, left_out)
        self._widen_sidebar_for_total()

    def update_status_bar(self) -> None:
        self.status.show_files()

    # -- the window's verbs the features use, done by its parts ---------------------------------
    def go_to(self, number: int) -> bool:
        return self.navigation.go_to(number)

    def next_sentence(self) -> bool:
        return self.navigation.next_sentence()

    def previous_sentence(self) -> bool:
        return self.navigation.previous_sentence()

    def next_error(self) -> bool:
        return self.navigation.next_error()

    def previous_error(self) -> bool:
        return self.navigation.previous_error()

    def find_words(self, text: str, forward: bool = True) -> bool:
        return self.navigation.find_words(text, forward)

    def set_language(self, code: str) -> None:
        self.actions_.set_language(code)

    def _widen_sidebar_for_total(self) -> None:      # (refresh_summary's call)
        self.panes.widen_sidebar_for_total()

    def presentation_hides(self) -> list[QWidget]:
        """What presentation mode hides (`teaching.presentation`)."""
        return [self.sentences, self.sidebar, self.actions_.toolbar, self.statusBar()]

    # -- language ---------------------------------------------------------------------------------
    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            QTimer.singleShot(0, self, self.retranslate)     # dropped if the window goes first

    def retranslate(self) -> None:
        """The texts made from templates, again in the new language (`i18n.retranslate`
        did the fixed ones); the files, the sentence shown and the edits stay."""
        if self.session.request is not None:
            self._set_title(self.session.request.gold, self.session.request.systems)
        self.editor.retranslate()               # "* " for unsaved edits, "Undo Relabel"
        self.actions_.name_languages()
        if self.session.gold is not None:
            self._set_view_titles()
            self.update_status_bar()
            self.refresh_summary()
            if self.current_position is not None:
                self.show_sentence(self.current_position)
        a11y.name_widgets(self)      # names derived from the texts: derived again, from the new ones

    # -- Qt events the parts handle ---------------------------------------------------------------
    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.panes.window_resized()

    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.files.drag_enter(event)

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.files.drop(event)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.prefs.set_geometry(self.saveGeometry())   # the next start opens here
        self.session.cancel()
        self.secondary_total.follow(None)   # a secondary job stops at its next pair
        self.session.wait(5000)
        self.parse_gold.shutdown()      # a parser's thread stops between batches
        self.annotation.shutdown()      # so does the annotators' files' reading
        self.live.shutdown()
        self.validator.shutdown()       # a validator still running is stopped
        super().closeEvent(event)
