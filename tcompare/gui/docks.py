"""The window's analysis docks (label breakdown, error analysis): one way to put them in."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu

SHARE = 0.3        # of the window's height the first time a dock is shown


class DockHost(Protocol):
    """A QMainWindow: the docks' area, their shortcuts, and its height to share."""

    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget) -> None: ...  # noqa: N802
    def addAction(self, action: QAction) -> None: ...  # noqa: N802
    def resizeDocks(self, docks: list, sizes: list[int], orientation: Qt.Orientation) -> None: ...  # noqa: N802
    def height(self) -> int: ...


class Menus(Protocol):
    """The window's menus by name ("file", "view", ...): where a feature puts its actions
    (`shell.actions.WindowActions` is one)."""

    menus: dict[str, QMenu]


def install_dock(window: DockHost, actions: Menus, dock: QDockWidget, text: str, keys: str,
                 tip: str) -> QAction:
    """`dock` under the trees, hidden, its toggle in View (`keys`); the first time it is
    shown it takes a third of the height (at the right it squeezed a 1280-pixel window's
    drawing to 250 px), the trees keep the rest."""
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    dock.hide()
    action = dock.toggleViewAction()
    action.setText(text)
    action.setShortcut(QKeySequence(keys))
    action.setStatusTip(tip)
    window.addAction(action)
    actions.menus["view"].addAction(action)
    sized: list[bool] = []

    def first_showing(visible: bool) -> None:
        if visible and not sized and not dock.isFloating():
            sized.append(True)
            window.resizeDocks([dock], [int(window.height() * SHARE)], Qt.Orientation.Vertical)
    dock.visibilityChanged.connect(first_showing)
    return action
