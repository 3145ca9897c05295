"""View › Charts (Ctrl+Shift+G): the figures of the open files as bar charts, in a dock under
the trees.

* **Difference by sentence**: for two systems you choose (A, B), system A's per-sentence F1 (LAS for
  dependencies) minus system B's, one bar per sentence in file order; a click on a bar
  draws that sentence.  Above the plot: on how many sentences each system is better.
* **F1 by length**: the profile's own aggregate over the sentences of each length band, for
  the system drawn; a click draws the first sentence of the band.
* **Per label**: F1 of the most frequent gold labels, for the system drawn.

Every number comes from the Workspace (`workspace.figures`): the rows' own figures, the
profile's aggregate over a set of rows, or the label tallies of the Workspace's full
results; the per-label pass runs in time slices and only while the dock is shown.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QDockWidget, QHBoxLayout, QLabel, QTabWidget,
                               QVBoxLayout, QWidget)

from tcompare.gui.drawing import palette
from tcompare.gui.analysis.bar_chart import Bar, BarChart
from tcompare.gui.docks import DockHost, Menus, install_dock
from tcompare.gui.language.i18n import tr
from tcompare.gui.drawing.problems import file_name
from tcompare.gui.table.model import system_letter
from tcompare.gui.language.terms import term
from tcompare.workspace.figures import (LabelFigures, by_length, differences, headline_key,
                                        lengths_pending)

SLICE_SECONDS = 0.03         # label tallying per timer tick
TOP_LABELS = 16              # bars in the per-label chart (the most frequent gold labels)
FIRST_HEIGHT, FIRST_SHARE = 200, 0.2     # the dock's height the first time it is shown
REFRESH_MS = 300             # rows keep arriving while a file loads: redraw at most this often

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from tcompare.gui.session import Session
    from tcompare.gui.table.sidebar import Sidebar


class ChartsHost(DockHost, Protocol):
    """The window the dock sits in: the open files, the system and sentence shown (a click
    on a bar shows another), and the sidebar's system choice."""

    session: Session
    sidebar: Sidebar
    sentence_shown: SignalInstance          # (position)
    current_position: int | None
    current_system: int

    def show_sentence(self, position: int) -> None: ...


class ChartsPanel(QDockWidget):
    """The dock; ``difference``, ``length`` and ``labels`` are its three `BarChart`s."""

    def __init__(self, window: ChartsHost):
        super().__init__(tr("charts_panel", "Charts"), window)
        self.setObjectName("charts_dock")
        self.window_ = window
        self.session = window.session
        self.label_pass: LabelFigures | None = None
        self._sized = False
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 2, 4, 2)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        layout.addWidget(self.tabs)

        # the pair chooser sits in the tab bar's corner (a row less under the trees)
        self.pair_bar = QWidget()
        bar = QHBoxLayout(self.pair_bar)
        bar.setContentsMargins(0, 0, 0, 0)
        self.a_box, self.b_box = QComboBox(), QComboBox()
        self.a_box.setObjectName("difference_a")
        self.b_box.setObjectName("difference_b")
        for text, box in ((tr("charts_panel", "Plot"), self.a_box), (tr("charts_panel", "minus"), self.b_box)):
            bar.addWidget(QLabel(text))
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(14)
            box.currentIndexChanged.connect(lambda _i: self.refresh())
            bar.addWidget(box)
        self.diff_summary = QLabel()
        self.diff_summary.setObjectName("difference_summary")
        bar.addWidget(self.diff_summary)
        self.tabs.setCornerWidget(self.pair_bar, Qt.Corner.TopRightCorner)
        self.difference = BarChart()
        self.difference.setObjectName("difference_chart")
        self.difference.label_zero = False
        self.difference.bar_clicked.connect(self._go_to)
        self.tabs.addTab(self.difference, tr("charts_panel", "Difference by sentence"))

        self.length = BarChart()
        self.length.setObjectName("length_chart")
        self.length.colours = (palette.BLUISH_GREEN, palette.BLUISH_GREEN)
        self.length.bar_clicked.connect(self._go_to)          # a band's key: its first row
        self.tabs.addTab(self.length, tr("charts_panel", "F1 by length"))
        self.labels = BarChart()
        self.labels.setObjectName("label_chart")
        self.labels.colours = (palette.SKY_BLUE, palette.SKY_BLUE)
        self.tabs.addTab(self.labels, tr("charts_panel", "Per label"))
        self.setWidget(body)
        self._name_axes()

        self.timer = QTimer(self)              # the per-label pass, in slices
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._label_slice)
        self.refresh_timer = QTimer(self)
        self.refresh_timer.setSingleShot(True)
        self.refresh_timer.setInterval(REFRESH_MS)
        self.refresh_timer.timeout.connect(self.refresh)
        s = self.session
        s.opened.connect(self._on_opened)
        s.rows_added.connect(lambda *_: self._later())
        s.rows_changed.connect(lambda *_: self._later())    # words arrived, or an edit
        s.finished.connect(lambda _ok: self._restart_labels())
        # queued after the window's own slot, so current_system is already updated
        window.sidebar.system_changed.connect(lambda _k: QTimer.singleShot(0, self._restart_labels))
        window.sentence_shown.connect(self._on_sentence)
        self.tabs.currentChanged.connect(self._on_tab)
        self.visibilityChanged.connect(lambda visible: visible and self.refresh())

    # -- choosing the pair ------------------------------------------------------------------
    def _on_opened(self) -> None:
        names = [f"{system_letter(k)}  {file_name(c.path)}"
                 for k, c in enumerate(self.session.systems)]
        for box, default in ((self.a_box, 0), (self.b_box, 1)):
            box.blockSignals(True)
            box.clear()
            box.addItems(names)
            box.setCurrentIndex(min(default, len(names) - 1))
            box.blockSignals(False)
        self._restart_labels()

    def set_pair(self, a: int, b: int) -> None:
        """Plot system `a` minus system `b`."""
        self.a_box.blockSignals(True)
        self.a_box.setCurrentIndex(a)
        self.a_box.blockSignals(False)
        self.b_box.setCurrentIndex(b)
        self.refresh()

    def _on_tab(self, page: int) -> None:
        self.pair_bar.setVisible(page == 0)
        self.refresh()

    def _later(self) -> None:
        if not self.refresh_timer.isActive() and self.isVisible():
            self.refresh_timer.start()

    # -- drawing the charts -----------------------------------------------------------------
    def refresh(self) -> None:
        """Recompute the chart on the current tab (hidden dock: nothing)."""
        if not self.isVisible():
            return
        page = self.tabs.currentIndex()
        if page == 0:
            self._draw_difference()
        elif page == 1:
            self._draw_length()
        else:
            self._draw_labels()
            if self.label_pass is None or not self.label_pass.done:
                self._start_labels()

    def _draw_difference(self) -> None:
        s, ws = self.session, self.session.workspace
        a, b = self.a_box.currentIndex(), self.b_box.currentIndex()
        key = headline_key(s.profile)
        if len(s.systems) < 2 or key is None or a < 0 or b < 0:
            self.difference.set_bars([], message=tr("charts_panel", "Open two or more systems to "
                                                     "compare them sentence by sentence."))
            self.diff_summary.setText("")
            return
        diffs = differences(ws, a, b)
        bars = [Bar(str(d.row + 1), d.value, d.row,
                    tr("charts_panel", "sentence {n}").format(n=d.row + 1)
                    + f": {d.a:.2f} − {d.b:.2f} = {d.value:+.2f}")
                for d in diffs]
        top = max((abs(d.value) for d in diffs), default=0.0)
        top = max(10.0, min(100.0, top * 1.25))      # room for the value under the longest bar
        la, lb = system_letter(a), system_letter(b)
        self.difference.y_title = f"{term(key)}: {la} − {lb}"
        self.difference.set_bars(bars, (-top, top),
                                 message=tr("charts_panel", "no sentence has both figures"))
        self.difference.set_current(self.window_.current_position)
        better = sum(d.value > 0 for d in diffs)
        worse = sum(d.value < 0 for d in diffs)
        self.diff_summary.setText("  " + tr("charts_panel", "{a} better on {better}, {b} better on "
                                            "{worse}, equal on {equal}").format(
            a=la, b=lb, better=better, worse=worse, equal=len(diffs) - better - worse))

    def _draw_length(self) -> None:
        s = self.session
        system = self.window_.current_system
        bands = by_length(s.workspace, system)
        key = term(headline_key(s.profile) or "")
        pending = lengths_pending(s.workspace)
        self.length.title = (tr("charts_panel", "{key} by sentence length · system {letter}").format(
            key=key, letter=system_letter(system))
            + (tr("charts_panel", " (lengths of {n} sentences still to come)").format(n=f"{pending:,}")
               if pending else "") if s.systems else "")
        self.length.y_title = key
        self.length.set_bars([Bar(b.title, b.value, b.rows[0] if b.rows else None,
                                  tr("charts_panel", "{band} words: {n} sentences, {key} {value}").format(
                                      band=b.title, n=len(b.rows), key=key,
                                      value=f"{b.value:.2f}" if b.value is not None else "–"))
                              for b in bands], (0.0, 100.0),
                             message=tr("charts_panel", "nothing scored yet"))

    def _draw_labels(self) -> None:
        system = self.window_.current_system
        figures = self.label_pass
        if figures is None or not figures.totals.totals:
            self.labels.set_bars([], message=tr("charts_panel", "counting labels…"))
            return
        kind = figures.kind()
        rows = sorted(figures.rows(kind), key=lambda r: (-r.gold, r.label))[:TOP_LABELS]
        state = "" if figures.done else tr("charts_panel", " (counting: {n} sentences so far)").format(
            n=f"{figures.next:,}")
        self.labels.title = tr("charts_panel", "F1 per {kind} label · system {letter}").format(
            kind=term(kind), letter=system_letter(system)) + state
        self.labels.y_title = "F1"
        self.labels.set_bars([Bar(r.label, r.f1, r.label,
                                  f"{r.label}: " + tr("charts_panel", "gold {gold}, system {system}, "
                                                         "matched {matched}, F1 {f1}").format(
                                      gold=r.gold, system=r.system, matched=r.matched,
                                      f1=f"{r.f1:.2f}" if r.f1 is not None else "–"))
                              for r in rows], (0.0, 100.0))

    # -- the per-label pass -----------------------------------------------------------------
    def row_edited(self, _row: int = -1) -> None:
        """A gold edit rescored a row: count the labels again (the other charts follow
        `rows_changed`)."""
        self._restart_labels()

    def _restart_labels(self) -> None:
        self.timer.stop()
        self.label_pass = None
        self.refresh()

    def _start_labels(self) -> None:
        s = self.session
        if s.profile is None or not s.systems or s.busy:
            return
        self.label_pass = LabelFigures(s.workspace, self.window_.current_system)
        self.timer.start()

    def _label_slice(self) -> None:
        figures = self.label_pass
        if figures is None or not self.isVisible():
            self.timer.stop()
            return
        deadline = time.perf_counter() + SLICE_SECONDS
        while not figures.done and time.perf_counter() < deadline:
            figures.step(8)
        if figures.done:
            self.timer.stop()
        if self.tabs.currentIndex() == 2:
            self._draw_labels()

    def finish_labels(self) -> None:
        """Run the per-label pass to its end now (tests, pictures)."""
        if self.label_pass is None:
            self._start_labels()
        while self.label_pass is not None and not self.label_pass.done:
            self._label_slice()

    # -- going to a sentence ----------------------------------------------------------------
    def _on_sentence(self, position: int) -> None:
        self.difference.set_current(position)

    def _go_to(self, row: Any) -> None:
        if isinstance(row, int):
            self.window_.show_sentence(row)

    @classmethod
    def install(cls, window: ChartsHost, actions: Menus) -> "ChartsPanel":
        panel = cls(window)
        panel.action = install_dock(window, actions, panel, tr("charts_panel", "&Charts"), "Ctrl+Shift+G",
                                    tr("charts_panel", "A − B F1 by sentence (click a bar: that "
                                       "sentence), F1 by sentence length, F1 per label"))
        panel.visibilityChanged.connect(panel.fit_first_height)
        return panel

    # -- another language ---------------------------------------------------------------------
    def _name_axes(self) -> None:
        self.difference.x_title = tr("charts_panel", "sentence (click a bar: draw that sentence)")
        self.length.x_title = tr("charts_panel", "sentence length (words); click: its first sentence")
        self.labels.x_title = tr("charts_panel", "gold label (most frequent first)")
        self.labels.empty_text = self.length.empty_text = self.difference.empty_text = \
            tr("charts_panel", "no figures yet")

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            # the titles, messages and tooltips painted on the charts are made from templates
            self._name_axes()
            self.refresh()

    def fit_first_height(self, visible: bool) -> None:
        """Lower than the other docks the first time (after `install_dock` sized it): a
        chart reads at 200 pixels, and three trees need every pixel above it."""
        if visible and not self._sized and not self.isFloating():
            self._sized = True
            window = self.window_
            window.resizeDocks([self], [max(FIRST_HEIGHT, int(window.height() * FIRST_SHARE))],
                               Qt.Orientation.Vertical)
