"""The gold editor's questions to the user.  Tests replace these methods; a non-interactive
window (``window.interactive`` False) never blocks on a dialog.
"""

from __future__ import annotations


from typing import Sequence

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tcompare import formats
from tcompare.gui.i18n import tr


class EditorDialogs:
    """Mixin of `GoldEditor`: ask_* questions, message boxes and status-bar messages."""

    def ask_text(self, title: str, prompt: str, default: str = "",
                 choices: Sequence[str] = ()) -> str | None:
        """Free text; with `choices` an editable list that completes what is typed (the
        labels the treebank uses), the default first."""
        if choices:
            items = [default] + [c for c in choices if c != default]
            text, ok = QInputDialog.getItem(self.window, title, prompt, items, 0, True)
            return text if ok else None
        text, ok = QInputDialog.getText(self.window, title, prompt, text=default)
        return text if ok else None

    def ask_note(self, default: str = "") -> str | None:
        text, ok = QInputDialog.getMultiLineText(self.window, tr("edit_dialogs", "Sentence note"), tr("edit_dialogs", "Note:"), default)
        return text if ok else None

    def ask_int(self, title: str, prompt: str, value: int, low: int, high: int) -> int | None:
        number, ok = QInputDialog.getInt(self.window, title, prompt, value, low, high)
        return number if ok else None

    def ask_yes_no(self, title: str, text: str) -> bool | None:
        """Yes/No; None (no answer) in a non-interactive window, which must never block."""
        if not self.window.interactive:
            return None
        answer = QMessageBox.question(self.window, title, text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def ask_unsaved(self) -> str:
        """``save``, ``discard``, ``cancel`` or ``keep`` (close, leave the journal for
        recovery: what a non-interactive window does, it must never block on a dialog)."""
        if not self.window.interactive:
            return "keep"
        box = QMessageBox(QMessageBox.Icon.Warning, tr("edit_dialogs", "Unsaved edits"),
                          tr("edit_dialogs", "{n} edit(s) to the gold file are not saved.").format(
                              n=self.unsaved_count()),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.window)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_save_as(self, notations: list[str]) -> tuple[str, str] | None:
        filters = []
        for name in notations:
            exts = " ".join(f"*{e}" for e in formats.get(name).extensions) or "*"
            filters.append(f"{name} ({exts})")
        path, chosen = QFileDialog.getSaveFileName(self.window, tr("edit_dialogs", "Save gold as"), str(self.gold_path()),
                                                   ";;".join(filters))
        if not path:
            return None
        return path, chosen.split(" ", 1)[0] if chosen else notations[0]

    def message_box(self, kind: str, title: str, text: str) -> None:
        """Tell the user (``critical`` / ``warning`` / ``information``); kept in last_message."""
        self.last_message = text
        if self.window.interactive:
            getattr(QMessageBox, kind)(self.window, title, text)

    def tell(self, text: str, msecs: int = 8000) -> None:
        """A status-bar message (edit refused, saved, ...)."""
        self.last_message = text
        self.window.statusBar().showMessage(text, msecs)
