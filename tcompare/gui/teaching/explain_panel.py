"""The "Explain score" dock: how the current sentence's figures are counted, step by step.

Shows `tcompare.analysis.explain` as HTML in a QTextBrowser and follows the window: it is
refreshed on ``MainWindow.sentence_shown`` (navigation, rescoring, edits that redraw) but
only while visible, so hidden it costs nothing.  A "Whole corpus" toggle explains the
summary instead (micro from summed counts, macro means).  `set_font_size` enlarges the text
for classroom demos (presentation mode).

Step through (◀ / ▶, or Alt+, / Alt+. anywhere in the window): one row of the explanation
at a time -- a deleted item, a gold item with the system item it was paired with, a leftover
system item -- highlighted in the text and framed on both trees, so a class can follow the
counting item by item before the figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QCheckBox, QDockWidget, QHBoxLayout, QLabel, QPushButton,
                               QTextBrowser, QVBoxLayout, QWidget)

from tcompare.analysis.explain import Explanation, explain, explain_summary
from tcompare.gui import themes
from tcompare.gui.teaching.explain_text import translated_html
from tcompare.gui.language.i18n import tr
from tcompare.scoring.base import Verdict

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from tcompare.gui.session import Session
    from tcompare.gui.drawing.views import ComparisonView
    from tcompare.scoring.base import SentenceResult

NORMAL_SIZE = 11
PRESENTATION_SIZE = 18


class ExplainHost(Protocol):
    """The window whose sentence is explained (a QWidget: the dock's parent): the sentence
    shown and its result, and the view that frames a stepped-to row."""

    session: Session
    sentence_shown: SignalInstance          # (position) after the view was updated
    current_position: int | None
    current_system: int
    current_result: SentenceResult | None

    @property
    def view(self) -> ComparisonView: ...

    def addAction(self, action: QAction) -> None: ...  # noqa: N802 (Qt's name)


class ExplainPanel(QDockWidget):
    """Dock with the explanation of the window's current sentence (or of the summary)."""

    def __init__(self, window: ExplainHost | None = None, parent: QWidget | None = None):
        super().__init__(tr("explain_panel", "Explain score"), parent or window)
        self.setObjectName("explain_dock")
        self.window_ = window
        self.font_size = NORMAL_SIZE
        self.explanation: Explanation | None = None
        self.current = -1                  # the row stepped to (-1: none)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.corpus_box = QCheckBox(tr("explain_panel", "Whole corpus"))
        self.corpus_box.setToolTip(tr("explain_panel", "Explain the summary figures instead of the current sentence"))
        self.corpus_box.toggled.connect(lambda _=False: self.refresh())
        row.addWidget(self.corpus_box)
        row.addStretch(1)
        self.step_label = QLabel("")
        self.back_button = QPushButton("◀")
        self.back_button.setToolTip(tr("explain_panel", "Previous counting step (Alt+,)"))
        self.back_button.clicked.connect(lambda: self.step(-1))
        self.next_button = QPushButton(tr("explain_panel", "Step ▶"))
        self.next_button.setToolTip(tr("explain_panel", "Next counting step: the item and its "
                                       "partner framed on the trees (Alt+.)"))
        self.next_button.clicked.connect(lambda: self.step(1))
        for widget in (self.step_label, self.back_button, self.next_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        self.browser.setLineWrapMode(QTextBrowser.LineWrapMode.WidgetWidth)
        self._apply_font()
        layout.addWidget(self.browser)
        self.setWidget(body)
        self.setAllowedAreas(Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.LeftDockWidgetArea)
        self.visibilityChanged.connect(lambda visible: visible and self.refresh())
        if window is not None:
            window.sentence_shown.connect(lambda _pos: self.refresh())
            # Alt, not Ctrl: Ctrl+, is Edit › Preferences (the platforms' convention)
            for keys, delta, text in (
                    ("Alt+.", 1, tr("explain_panel", "Next counting step (Explain score)")),
                    ("Alt+,", -1, tr("explain_panel", "Previous counting step (Explain score)"))):
                action = QAction(text, self)
                action.setShortcut(QKeySequence(keys))
                action.triggered.connect(lambda _=False, d=delta: self.isVisible() and self.step(d))
                window.addAction(action)
        self.show_message(tr("explain_panel", "Open a gold and a system file to see how each score is counted."))

    # -- content ------------------------------------------------------------------------
    def _apply_font(self) -> None:
        # the document's default font, so headings and tables scale with it
        try:
            from tcompare.gui.fonts import ui_font

            font = ui_font(float(self.font_size))
        except Exception:  # pragma: no cover - fonts needs only Qt
            font = self.browser.font()
            font.setPointSizeF(float(self.font_size))
        self.browser.setFont(font)
        self.browser.document().setDefaultFont(font)

    def show_message(self, text: str) -> None:
        self.explanation = None
        self.current = -1
        self.step_label.setText("")
        self.browser.setHtml(f"<p>{text}</p>")

    def show_explanation(self, explanation: Explanation) -> None:
        if explanation is not self.explanation:
            self.current = -1            # a new sentence starts from the top
        self.explanation = explanation
        scroll = self.browser.verticalScrollBar().value()
        theme = themes.current()    # verdict text readable on this theme's background
        self.browser.setHtml(translated_html(
            explanation, current=self.current, colours={v: theme.ink_for(v) for v in Verdict},
            current_row=theme.hover))
        if self.current >= 0:
            self.browser.scrollToAnchor("current")
        else:
            self.browser.verticalScrollBar().setValue(scroll)
        rows = len(list(explanation.rows()))
        self.step_label.setText(tr("explain_panel", "step {n} of {rows}").format(n=self.current + 1, rows=rows)
                                if self.current >= 0 else
                                tr("explain_panel", "{rows} items to count").format(rows=rows))

    def step(self, delta: int) -> bool:
        """Go `delta` rows on (1) or back (-1); the row's items are framed on the trees.
        False at either end (then nothing is framed: the figures follow)."""
        exp = self.explanation
        if exp is None:
            return False
        rows = list(exp.rows())
        target = self.current + delta if self.current >= 0 or delta > 0 else len(rows) - 1
        self.current = target if 0 <= target < len(rows) else -1
        self.show_explanation(exp)
        self._frame(rows[self.current] if self.current >= 0 else None)
        return self.current >= 0

    def _frame(self, row: Any) -> None:
        w = self.window_
        if w is None:
            return
        marks: dict[str, tuple[frozenset[int], frozenset[int]]] = {}
        for item in (row.items() if row is not None else ()):
            nodes, tokens = marks.get(item.side, (frozenset(), frozenset()))
            if item.kind == "bracket":
                nodes = nodes | {item.ref}
            elif item.kind in ("tag", "arc"):
                tokens = tokens | {item.ref}
            marks[item.side] = (nodes, tokens)
        w.view.set_marks(marks)

    def show_result(self, result, profile=None, gold=None, system=None, config=None) -> None:
        """Explain one result directly (used by `refresh`, and by tests without a window)."""
        if result is None:
            self.show_message(tr("explain_panel", "This sentence has no score (no profile, or no system sentence)."))
            return
        self.show_explanation(explain(result, profile, gold, system, config))

    def refresh(self) -> None:
        """Rebuild from the window's current sentence (skipped while the dock is hidden)."""
        w = self.window_
        if w is None or not self.isVisible():
            return
        session = w.session
        if self.corpus_box.isChecked():
            system = w.current_system
            summary = session.summary(system)
            if summary is None or system >= len(session.results):
                self.show_message(tr("explain_panel", "No summary yet."))
                return
            results = [r for r in session.results[system] if r is not None]
            self.show_explanation(explain_summary(results, summary, session.profile, session.config))
            return
        position = w.current_position
        if position is None:
            self.show_message(tr("explain_panel", "No sentence shown yet."))
            return
        gold, system_item = session.pair(w.current_system, position)
        self.show_result(w.current_result, session.profile, gold, system_item, session.config)

    def set_font_size(self, points: int) -> None:
        self.font_size = points
        self._apply_font()
        if self.explanation is not None:
            self.show_explanation(self.explanation)
        else:
            self.refresh()
