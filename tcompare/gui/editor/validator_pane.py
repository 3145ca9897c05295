"""The "Validator problems" dock: what the UD validator said, one line per problem.

Above the list, the state in words (which program, level and language; checking…; the
counts; the validator absent or failed, with what to do); buttons to check the whole file,
stop a run and walk the invalid sentences.  A click (or Enter) on a problem emits
`chosen(row, word)`: the window shows that sentence with the word selected.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QDockWidget, QHBoxLayout, QLabel,
                               QPushButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from tcompare.analysis.ud_validation import Finding
from tcompare.gui import themes
from tcompare.gui.editor.validator_marks import ERROR_COLOUR, WARNING_COLOUR
from tcompare.gui.language.i18n import N_, tr

HEADERS = (N_("validator", "Sentence"), N_("validator", "Word"), N_("validator", "Kind"),
           N_("validator", "Test"), N_("validator", "Message"))
ROW_ROLE = int(Qt.ItemDataRole.UserRole)
WORD_ROLE = ROW_ROLE + 1
SHOWN_AT_MOST = 5000          # lines listed (a 10^5-warning file stays responsive)


class ValidatorPane(QDockWidget):
    """The dock (see the module docstring); the feature fills it."""

    chosen = Signal(int, int)      # row, word (-1: the sentence as a whole)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(tr("validator", "Validator problems"), parent)
        self.setObjectName("validator_dock")
        body = QWidget()
        box = QVBoxLayout(body)
        box.setContentsMargins(4, 2, 4, 2)
        top = QHBoxLayout()
        self.status = QLabel(tr("validator", "The UD validator has not run yet."))
        self.status.setObjectName("validator_status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        top.addWidget(self.status, 1)
        self.check_button = QPushButton(tr("validator", "Check file (F7)"))
        self.cancel_button = QPushButton(tr("validator", "Stop"))
        self.cancel_button.setEnabled(False)
        self.previous_button = QPushButton(tr("validator", "◀ Previous"))
        self.next_button = QPushButton(tr("validator", "Next invalid (Ctrl+F8) ▶"))
        for button in (self.check_button, self.cancel_button, self.previous_button,
                       self.next_button):
            top.addWidget(button)
        box.addLayout(top)
        self.list = QTreeWidget()
        self.list.setObjectName("validator_list")
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setHeaderLabels([tr("validator", h) for h in HEADERS])
        self.list.setAccessibleName(tr("validator", "Validator problems"))
        for column, width in enumerate((70, 150, 150, 230)):
            self.list.setColumnWidth(column, width)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        box.addWidget(self.list, 1)
        self.setWidget(body)

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def set_running(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)

    def show_findings(self, findings: list[Finding], words: dict[int, list[str]]) -> None:
        """List `findings`; `words`: row -> its word forms (for the Word column)."""
        self.list.clear()
        items = []
        canvas = themes.current().canvas
        colours = {True: QColor(themes.readable(ERROR_COLOUR, canvas)),
                   False: QColor(themes.readable(WARNING_COLOUR, canvas))}
        for f in findings[:SHOWN_AT_MOST]:
            p = f.problem
            forms = words.get(f.row, []) if f.row is not None else []
            if f.word is not None and f.word < len(forms):
                word = f"{f.node} {forms[f.word]}"
            else:
                word = f.node or "—"
            kind = (f"L{p.level} {p.kind} " + tr("validator", "error") if f.is_error
                    else f"L{p.level} " + tr("validator", "warning"))
            item = QTreeWidgetItem([str(f.row + 1) if f.row is not None else tr("validator", "file"),
                                    word, kind, p.test,
                                    p.message.splitlines()[0]])
            item.setToolTip(4, p.message)
            item.setForeground(2, QBrush(colours[f.is_error]))
            item.setData(0, ROW_ROLE, -1 if f.row is None else f.row)
            item.setData(0, WORD_ROLE, -1 if f.word is None else f.word)
            item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            items.append(item)
        self.list.addTopLevelItems(items)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        row = item.data(0, ROW_ROLE)
        if isinstance(row, int) and row >= 0:
            self.chosen.emit(row, int(item.data(0, WORD_ROLE)))
