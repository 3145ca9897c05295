"""The recovery offer: which autosaved sentences a crashed session left, each beside the
sentence the file holds now, the words that would change marked, and a choice per sentence.

Shown by `EditorFiles.offer_recovery` before anything is restored.  A sentence that was also
changed in the file on disk since (a *conflict*, `workspace.recovery`) has no default: the
user picks the autosaved edit or the file's version before Restore is enabled.  Journals of
other accounts (a shared folder) are named, never offered.
"""

from __future__ import annotations

import difflib
import html
import re
from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QHeaderView, QLabel, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from tcompare.gui.language import a11y
from tcompare.gui.language.i18n import tr
from tcompare.workspace.recovery import RecoveryOffer

CHANGED_STYLE = "background-color:#fde68a;color:#000;font-weight:bold"
_TOKENS = re.compile(r"[()\[\]]|[^\s()\[\]]+")

# what the per-sentence chooser holds
KEEP_EDIT, KEEP_FILE, UNDECIDED = "edit", "file", ""


def number_list(numbers: Sequence[int]) -> str:
    """1, 2, 3, 7 -> "1–3, 7" (sentence numbers as the offer names them)."""
    out: list[str] = []
    numbers = sorted(numbers)
    start = previous = None
    for n in [*numbers, None]:
        if start is not None and (n is None or n != previous + 1):
            out.append(str(start) if start == previous else f"{start}–{previous}")
            start = None
        if n is not None and start is None:
            start = n
        previous = n
    return ", ".join(out)


def marked_pair(before: str, after: str) -> tuple[str, str]:
    """`before` and `after` as HTML, the tokens that differ between them highlighted."""
    a, b = _TOKENS.findall(before), _TOKENS.findall(after)
    left: list[str] = []
    right: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        for side, tokens in ((left, a[i1:i2]), (right, b[j1:j2])):
            text = html.escape(" ".join(tokens))
            if text:
                side.append(text if op == "equal" else f'<span style="{CHANGED_STYLE}">{text}</span>')
    tidy = lambda parts: re.sub(r"\( ", "(", re.sub(r" \)", ")", " ".join(parts)))  # noqa: E731
    return tidy(left), tidy(right)


def offer_summary(offer: RecoveryOffer) -> str:
    """The offer in one paragraph: how many sentences, which, from which file."""
    n = len(offer.sentences)
    text = (tr("recovery_dialog", "{n} edited sentence(s) of {file} were autosaved by a session "
               "that did not end normally: sentence(s) {numbers}.").format(
        n=n, file=offer.gold_name, numbers=number_list(offer.numbers)) if n else
        tr("recovery_dialog", "No autosaved edits of {file} can be restored.").format(file=offer.gold_name))
    if offer.changed:
        conflicts = offer.conflicts
        text += " " + (tr("recovery_dialog", "The file was changed on disk since; sentence(s) {numbers} "
                          "changed there too: choose which version to keep for each.").format(
            numbers=number_list([s.row + 1 for s in conflicts])) if conflicts else
            tr("recovery_dialog", "The file was changed on disk since, but not in these sentences."))
    return text


def foreign_summary(offer: RecoveryOffer) -> str:
    return "\n".join(tr("recovery_dialog", "Not offered: {journal} belongs to {owner}, another "
                        "account; journals of others are never read.").format(
        journal=path.name, owner=owner) for path, owner in offer.foreign)


class RecoveryDialog(QDialog):
    """The offer (see the module docstring).  After ``exec``: `answer` is "restore" (with
    `chosen_rows`), "discard" or "" (decide later: the journal is kept)."""

    def __init__(self, offer: RecoveryOffer, parent: QWidget | None = None):
        super().__init__(parent)
        self.offer = offer
        self.answer = ""
        self.setObjectName("recovery_dialog")
        self.setWindowTitle(tr("recovery_dialog", "Recover unsaved edits"))
        layout = QVBoxLayout(self)
        self.summary = QLabel(offer_summary(offer))
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.foreign = QLabel(foreign_summary(offer))
        self.foreign.setWordWrap(True)
        self.foreign.setVisible(bool(offer.foreign))
        layout.addWidget(self.foreign)
        hint = QLabel(tr("recovery_dialog", "Marked: the words a restore would change. Nothing is "
                         "written to the file until you save."))
        hint.setWordWrap(True)
        layout.addWidget(hint)

        self.table = QTableWidget(len(offer.sentences), 4)
        self.table.setObjectName("recovery_table")
        self.table.setHorizontalHeaderLabels([
            tr("recovery_dialog", "Sentence"), tr("recovery_dialog", "Keep"),
            tr("recovery_dialog", "In the file now"), tr("recovery_dialog", "Autosaved edit")])
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.choosers: dict[int, QComboBox] = {}
        for i, sentence in enumerate(offer.sentences):
            number = QTableWidgetItem(str(sentence.row + 1))
            number.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            if sentence.conflict:
                number.setText(f"⚠ {sentence.row + 1}")
                number.setToolTip(tr("recovery_dialog", "changed in the file too since it was autosaved"))
            self.table.setItem(i, 0, number)
            chooser = QComboBox()
            if sentence.conflict:
                chooser.addItem(tr("recovery_dialog", "choose…"), UNDECIDED)
            chooser.addItem(tr("recovery_dialog", "autosaved edit"), KEEP_EDIT)
            chooser.addItem(tr("recovery_dialog", "file's version"), KEEP_FILE)
            chooser.setAccessibleName(tr("recovery_dialog", "Keep for sentence {n}").format(n=sentence.row + 1))
            chooser.currentIndexChanged.connect(self._update_buttons)
            cell = QWidget()                 # at the top of its row, not stretched to its height
            cell_layout = QVBoxLayout(cell)
            cell_layout.setContentsMargins(4, 2, 4, 2)
            cell_layout.addWidget(chooser)
            cell_layout.addStretch(1)
            self.table.setCellWidget(i, 1, cell)
            self.choosers[sentence.row] = chooser
            before, after = marked_pair(sentence.in_file.strip(), sentence.autosaved.strip())
            if sentence.reshapes:     # a sentence split or merged: say so above its text
                note = tr("recovery_dialog", "(joined to the sentence before)") if not sentence.items \
                    else tr("recovery_dialog", "({n} sentences)").format(n=len(sentence.items))
                after = f"<i>{note}</i>\n{after}" if after else f"<i>{note}</i>"
            for column, text in ((2, before), (3, after)):
                label = QLabel(f"<span style='white-space:pre-wrap'>{text}</span>")
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setWordWrap(True)
                label.setFont(mono)
                label.setMargin(4)
                label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                self.table.setCellWidget(i, column, label)
        layout.addWidget(self.table, 1)
        self.problems = QLabel("\n".join(offer.problems))
        self.problems.setWordWrap(True)
        self.problems.setVisible(bool(offer.problems))
        layout.addWidget(self.problems)

        buttons = QDialogButtonBox()
        self.restore_button = QPushButton(tr("recovery_dialog", "&Restore chosen"))
        self.restore_button.setObjectName("restore_button")
        self.discard_button = QPushButton(tr("recovery_dialog", "&Discard the autosave"))
        self.discard_button.setObjectName("discard_button")
        self.later_button = QPushButton(tr("recovery_dialog", "Decide &later"))
        self.later_button.setObjectName("later_button")
        self.later_button.setToolTip(tr("recovery_dialog", "Keep the autosave; the next opening "
                                        "of this file offers it again"))
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.restore_button.clicked.connect(lambda: self._finish("restore"))
        self.discard_button.clicked.connect(lambda: self._finish("discard"))
        self.later_button.clicked.connect(lambda: self._finish(""))
        layout.addWidget(buttons)
        self.restore_button.setVisible(bool(offer.sentences))
        self.discard_button.setVisible(bool(offer.sentences))
        self._update_buttons()
        a11y.name_widgets(self)
        self.resize(980, 540)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self.table.resizeRowsToContents()
        # a few short sentences: no empty table under them
        needed = (self.table.horizontalHeader().height() + 2 * self.table.frameWidth() + 4
                  + sum(self.table.rowHeight(i) for i in range(self.table.rowCount())))
        spare = self.table.height() - max(needed, 120)
        if spare > 0:
            self.resize(self.width(), self.height() - spare)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.table.resizeRowsToContents()   # the wrapped sentences follow the width

    def choose(self, row: int, keep: str) -> None:
        """Keep the autosaved edit (KEEP_EDIT) or the file's version (KEEP_FILE) of `row`."""
        chooser = self.choosers[row]
        chooser.setCurrentIndex(chooser.findData(keep))

    def undecided(self) -> list[int]:
        return [row for row, c in self.choosers.items() if c.currentData() == UNDECIDED]

    def chosen_rows(self) -> set[int]:
        """The rows whose autosaved edit is to be restored."""
        return {row for row, c in self.choosers.items() if c.currentData() == KEEP_EDIT}

    def _update_buttons(self, *_args) -> None:
        waiting = self.undecided()
        self.restore_button.setEnabled(not waiting)
        self.restore_button.setToolTip(tr("recovery_dialog", "First choose a version for sentence(s) "
                                          "{numbers}").format(numbers=number_list([r + 1 for r in waiting]))
                                       if waiting else "")

    def _finish(self, answer: str) -> None:
        self.answer = answer
        if answer == "restore":
            self.accept()
        else:
            self.reject()
