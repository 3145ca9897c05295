"""View › Enhanced arcs (DEPS): off, above the basic arcs, below the words -- remembered in
the settings (``show_enhanced``) and given to every dependency view, new ones too.

The shell adds the menu (`EnhancedChoice.add_to`) and hands each new view to `apply`; the
Preferences dialog reads and sets the same setting through `current` / `choose`.
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QMenu

from tcompare.gui.language.i18n import N_, tr
from tcompare.layout.enhanced_arcs import POSITIONS

SETTING = "show_enhanced"
DEFAULT = "off"     # (many files copy the basic tree into DEPS: twice the arcs)
TITLES = {"off": N_("enhanced", "&Off"),
          "above": N_("enhanced", "&Above the basic arcs"),
          "below": N_("enhanced", "&Below the words")}

# the same choices in the Preferences dialog (a combo box shows "&" as it is)
PLAIN_TITLES = {"off": N_("enhanced", "not drawn"),
                "above": N_("enhanced", "above the basic arcs"),
                "below": N_("enhanced", "below the words")}


def combo(chosen: str) -> QComboBox:
    """The Preferences dialog's choice, `chosen` shown (its data: the position)."""
    box = QComboBox()
    box.setObjectName("enhanced_combo")
    for position in POSITIONS:
        box.addItem(tr("enhanced", PLAIN_TITLES[position]), position)
    box.setCurrentIndex(max(box.findData(chosen), 0))
    return box


def remembered(settings: QSettings) -> str:
    """The remembered place (a hand-edited file with anything else: the default)."""
    value = str(settings.value(SETTING, DEFAULT))
    return value if value in POSITIONS else DEFAULT


class EnhancedChoice:
    """The menu's three checkable actions over `settings`; `for_each_view(call)` reaches
    every view the window has made."""

    def __init__(self, settings: QSettings, for_each_view: Callable[[Callable[[Any], None]], None],
                 parent: Any):
        self.settings, self.for_each_view = settings, for_each_view
        self.group = QActionGroup(parent)
        self.actions: dict[str, QAction] = {}
        chosen = remembered(settings)
        for position in POSITIONS:
            action = QAction(tr("enhanced", TITLES[position]), parent)
            action.setCheckable(True)
            action.setChecked(position == chosen)
            action.triggered.connect(lambda _=False, p=position: self.choose(p))
            self.group.addAction(action)
            self.actions[position] = action

    def add_to(self, menu: QMenu) -> QMenu:
        sub = menu.addMenu(tr("enhanced", "&Enhanced arcs (DEPS)"))
        sub.setToolTipsVisible(True)
        sub.addActions(list(self.actions.values()))
        return sub

    def current(self) -> str:
        return remembered(self.settings)

    def choose(self, position: str) -> None:
        """Remember `position` and draw every dependency view with it."""
        if position not in POSITIONS:
            raise ValueError(f"unknown place for enhanced arcs {position!r}")
        self.settings.setValue(SETTING, position)
        if not self.actions[position].isChecked():
            self.actions[position].setChecked(True)
        self.for_each_view(self.apply)

    def apply(self, view: Any) -> None:
        """Give `view` the remembered place (views that draw no arcs have no such switch)."""
        setter = getattr(view, "set_enhanced", None)
        if setter is not None:
            setter(self.current())
