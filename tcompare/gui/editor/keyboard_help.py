"""Help › Keyboard: every action of the window that has a shortcut, grouped.
"""

from __future__ import annotations

import re
from typing import Mapping

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout

from tcompare.gui.language.a11y import shortcut_actions
from tcompare.gui.editor.actions import EDIT_ACTIONS
from tcompare.gui.editor.ports import ShortcutHost
from tcompare.gui.language.i18n import tr


class KeyboardHelp:
    """The keyboard table of `window` (its rows are tested): it reads the window's menus and
    actions (`ShortcutHost`) and the editor's own `actions`."""

    def __init__(self, window: ShortcutHost, actions: Mapping[str, QAction]):
        self.window, self.actions = window, actions
        self.dialog: QDialog | None = None
        self.table: QTableWidget | None = None

    def rows(self) -> list[tuple[str, str, str]]:
        """(group, what, keys) for every action of the window that has a shortcut: the
        editor's in their groups first, then every other one in the menus (grouped by menu)
        or on the window alone (`a11y.shortcut_actions`: read from the actions themselves)."""
        rows = []
        ours = {id(self.actions[key]) for key, _t, _k, _g in EDIT_ACTIONS}
        for key, _text, _keys, group in EDIT_ACTIONS:
            action = self.actions[key]
            rows.append((tr("edit_actions", group), _plain(action.text()), _keys_text(action)))
        for group, action in shortcut_actions(self.window):
            if id(action) not in ours:
                rows.append((group, _plain(action.text()), _keys_text(action)))
        return rows

    def show(self) -> QDialog:
        if self.dialog is None or self.table is None:
            dialog = QDialog(self.window.window())
            dialog.setWindowTitle(tr("keyboard_help", "Keyboard"))
            table = QTableWidget(dialog)
            table.setObjectName("keyboard_table")
            table.setAccessibleName(tr("keyboard_help", "Keyboard shortcuts"))
            table.setColumnCount(3)
            table.setHorizontalHeaderLabels([tr("keyboard_help", "Group"), tr("keyboard_help", "Action"),
                                             tr("keyboard_help", "Keys")])
            table.verticalHeader().setVisible(False)
            table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
            QVBoxLayout(dialog).addWidget(table)
            dialog.resize(640, 560)
            self.dialog, self.table = dialog, table
        rows = self.rows()
        table = self.table
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(value))
        table.resizeColumnToContents(0)
        table.resizeColumnToContents(2)
        self.dialog.show()
        return self.dialog


def _plain(text: str) -> str:
    """A menu text without its mnemonic: "&Undo" -> "Undo", "撤销(&U)" -> "撤销"."""
    return re.sub(r"\(&\w\)", "", text).replace("&", "")


def _keys_text(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
