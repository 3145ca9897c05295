"""Help › Keyboard: every action of the window that has a shortcut, grouped.
"""

from __future__ import annotations

import re


from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout

from tcompare.gui.edit_actions import EDIT_ACTIONS
from tcompare.gui.i18n import tr


class KeyboardHelp:
    """Mixin of `GoldEditor`: the keyboard table (its rows are tested)."""

    def keyboard_rows(self) -> list[tuple[str, str, str]]:
        """(group, what, keys) for every action of the window that has a shortcut."""
        rows = []
        ours = set(self.actions.values())
        for key, _text, _keys, group in EDIT_ACTIONS:
            action = self.actions[key]
            rows.append((tr("edit_actions", group), _plain(action.text()), _keys_text(action)))
        for action in self.window.actions():
            if action in ours or not action.shortcuts():
                continue
            rows.append((tr("keyboard_help", "Window"), _plain(action.text()), _keys_text(action)))
        return rows

    def show_keyboard_help(self) -> QDialog:
        if self.keyboard_dialog is None:
            dialog = QDialog(self.window)
            dialog.setWindowTitle(tr("keyboard_help", "Keyboard"))
            table = QTableWidget(dialog)
            table.setObjectName("keyboard_table")
            table.setColumnCount(3)
            table.setHorizontalHeaderLabels([tr("keyboard_help", "Group"), tr("keyboard_help", "Action"),
                                             tr("keyboard_help", "Keys")])
            table.verticalHeader().setVisible(False)
            table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
            QVBoxLayout(dialog).addWidget(table)
            dialog.resize(640, 560)
            self.keyboard_dialog, self.keyboard_table = dialog, table
        rows = self.keyboard_rows()
        table = self.keyboard_table
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(value))
        table.resizeColumnToContents(0)
        table.resizeColumnToContents(2)
        self.keyboard_dialog.show()
        return self.keyboard_dialog


def _plain(text: str) -> str:
    """A menu text without its mnemonic: "&Undo" -> "Undo", "撤销(&U)" -> "撤销"."""
    return re.sub(r"\(&\w\)", "", text).replace("&", "")


def _keys_text(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
