"""The "Explain score" dock: how the current sentence's figures are counted, step by step.

Shows `tcompare.analysis.explain` as HTML in a QTextBrowser and follows the window: it is
refreshed on ``MainWindow.sentence_shown`` (navigation, rescoring, edits that redraw) but
only while visible, so hidden it costs nothing.  A "Whole corpus" toggle explains the
summary instead (micro from summed counts, macro means).  `set_font_size` enlarges the text
for classroom demos (presentation mode).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QDockWidget, QHBoxLayout, QTextBrowser, QVBoxLayout,
                               QWidget)

from tcompare.analysis.explain import Explanation, explain, explain_summary

NORMAL_SIZE = 11
PRESENTATION_SIZE = 18


class ExplainPanel(QDockWidget):
    """Dock with the explanation of the window's current sentence (or of the summary)."""

    def __init__(self, window: Any = None, parent: QWidget | None = None):
        super().__init__("Explain score", parent or window)
        self.setObjectName("explain_dock")
        self.window_ = window
        self.font_size = NORMAL_SIZE
        self.explanation: Explanation | None = None
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        self.corpus_box = QCheckBox("Whole corpus")
        self.corpus_box.setToolTip("Explain the summary figures instead of the current sentence")
        self.corpus_box.toggled.connect(lambda _=False: self.refresh())
        row.addWidget(self.corpus_box)
        row.addStretch(1)
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
        self.show_message("Open a gold and a system file to see how each score is counted.")

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
        self.browser.setHtml(f"<p>{text}</p>")

    def show_explanation(self, explanation: Explanation) -> None:
        self.explanation = explanation
        scroll = self.browser.verticalScrollBar().value()
        self.browser.setHtml(explanation.to_html())
        self.browser.verticalScrollBar().setValue(scroll)

    def show_result(self, result, profile=None, gold=None, system=None, config=None) -> None:
        """Explain one result directly (used by `refresh`, and by tests without a window)."""
        if result is None:
            self.show_message("This sentence has no score (no profile, or no system sentence).")
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
                self.show_message("No summary yet.")
                return
            results = [r for r in session.results[system] if r is not None]
            self.show_explanation(explain_summary(results, summary, session.profile, session.config))
            return
        position = w.current_position
        if position is None:
            self.show_message("No sentence shown yet.")
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
