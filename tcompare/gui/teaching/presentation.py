"""The teaching features of the window: the Explain dock (View › Explain score) and
View › Presentation mode (full screen for a projector: bigger explanation text, a zoomed-in
drawing, Space to step).  They see the window through `PresentationHost` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from tcompare.gui.teaching.explain_panel import NORMAL_SIZE, PRESENTATION_SIZE, ExplainHost, ExplainPanel
from tcompare.gui.language.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from tcompare.gui.drawing.host import ViewHost

PRESENTATION_ZOOM_STEPS = 2


class PresentationHost(ExplainHost, Protocol):
    """A QMainWindow with the comparison views, a sentence to step to, and the panes that
    presenting hides; the Explain dock follows the sentence shown (`ExplainHost`)."""

    views: ViewHost

    def next_sentence(self) -> bool: ...

    def presentation_hides(self) -> list[QWidget]:
        """The table, the sidebar, the toolbar and the status bar."""

    # QMainWindow's
    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...  # noqa: N802
    def resizeDocks(self, docks: list, sizes: list[int], orientation: Qt.Orientation) -> None: ...  # noqa: N802
    def isFullScreen(self) -> bool: ...  # noqa: N802
    def showFullScreen(self) -> None: ...  # noqa: N802
    def showNormal(self) -> None: ...  # noqa: N802
    def height(self) -> int: ...


class TeachingFeatures:
    """The Explain dock and View › Presentation mode of `window`; their entries go to the end
    of `view_menu`."""

    def __init__(self, window: PresentationHost, view_menu: QMenu):
        self.window = w = window
        self.presenting = False
        self._restore: dict[str, object] | None = None     # the window as it was before presenting
        self.panel = ExplainPanel(w)
        w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.panel)
        self.panel.hide()
        self.explain_action = self.panel.toggleViewAction()
        self.explain_action.setText(tr("export_dialog", "&Explain score"))
        self.explain_action.setShortcut(QKeySequence("Ctrl+Shift+X"))
        self.explain_action.setStatusTip(tr("export_dialog", "Show step by step how the current sentence's score is counted"))
        self.presentation_action = QAction(tr("export_dialog", "&Presentation mode"), w)
        self.presentation_action.setCheckable(True)
        self.presentation_action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.presentation_action.setStatusTip(tr("export_dialog", "Larger trees and explanation text for classroom demos"))
        self.presentation_action.toggled.connect(self.set_presentation)
        # one key to step through the sentences on a projector (PgDown does it too)
        self.step_action = QAction(tr("export_dialog", "Next sentence (presentation)"), w)
        self.step_action.setShortcut(QKeySequence("Space"))
        self.step_action.setEnabled(False)
        self.step_action.triggered.connect(w.next_sentence)
        for action in (self.explain_action, self.presentation_action, self.step_action):
            w.addAction(action)
        view_menu.addSeparator()
        view_menu.addActions([self.explain_action, self.presentation_action])

    def _chrome(self, presenting: bool) -> None:
        w = self.window
        panes = w.presentation_hides()
        w.views.for_each_view(lambda view: view.set_high_contrast(presenting))
        if presenting:
            self._restore = {"full": w.isFullScreen(), "visible": [p.isVisible() for p in panes],
                             "explain": self.panel.isVisible(), "explain_height": self.panel.height()}
            for pane in panes:
                pane.hide()
            w.showFullScreen()
            self.step_action.setEnabled(True)
            return
        restore = self._restore
        if restore is not None:
            for pane, visible in zip(panes, restore["visible"]):
                pane.setVisible(visible)
            if not restore["full"]:
                w.showNormal()
            # presenting gave the explanation 40 % of the screen: back to the height it had
            # (it stayed at half the window), or hidden again
            if not restore["explain"]:
                self.panel.hide()
            else:
                height = restore["explain_height"]
                w.resizeDocks([self.panel], [height], Qt.Orientation.Vertical)
                QTimer.singleShot(0, lambda: w.resizeDocks([self.panel], [height],
                                                           Qt.Orientation.Vertical))
        self.step_action.setEnabled(False)

    def set_presentation(self, on: bool) -> None:
        """For a projector: full screen without the table, sidebar, toolbar and status bar,
        bigger explanation text, a zoomed-in view, PgDown / Space to step; off restores all."""
        if on == self.presenting:
            return
        self.presenting = on
        self._chrome(on)
        QApplication.processEvents()     # the full-screen size first: the view fits into it
        self.panel.set_font_size(PRESENTATION_SIZE if on else NORMAL_SIZE)
        if on:
            self.panel.show()
            # give the explanation a good part of the window
            self.window.resizeDocks([self.panel], [int(self.window.height() * 0.4)],
                                    Qt.Orientation.Vertical)
            for _ in range(PRESENTATION_ZOOM_STEPS):
                self.window.view.zoom_in()
            # zooming in leaves an arbitrary middle part in view: start at the first words,
            # once the dock has taken its height (the resize is applied on the next layout)
            QTimer.singleShot(0, lambda: self.window.view.reveal_start())
        else:
            # back to fitting each sentence to the view (the presentation zoom was by hand:
            # 100 % stopped the fitting for every later sentence), once the window has its
            # size again
            self.window.view.zoom_fit()
            QTimer.singleShot(0, lambda: self.window.view.zoom_fit())
        if self.presentation_action.isChecked() != on:
            self.presentation_action.setChecked(on)
