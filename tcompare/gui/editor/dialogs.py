"""The gold editor's questions to the user.  Tests replace these methods on the editor's
``dialogs``; a non-interactive window (`DialogHost.interactive` False) never blocks on a
dialog.
"""

from __future__ import annotations

from typing import Sequence

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from tcompare import formats
from tcompare.gui.editor.ports import DialogHost
from tcompare.gui.language.i18n import tr
from tcompare.gui.editor.recovery_dialog import RecoveryDialog, foreign_summary, offer_summary
from tcompare.workspace.recovery import RecoveryOffer


class EditorDialogs:
    """Questions, message boxes and status-bar messages (the editor's `Questions`)."""

    def __init__(self, host: DialogHost):
        self.host = host
        self.last_message = ""      # the last thing told (tests, screen readers' checks)

    def ask_text(self, title: str, prompt: str, default: str = "",
                 choices: Sequence[str] = ()) -> str | None:
        """Free text; with `choices` an editable list that completes what is typed (the
        labels the treebank uses), the default first."""
        parent = self.host.dialog_parent()
        if choices:
            items = [default] + [c for c in choices if c != default]
            text, ok = QInputDialog.getItem(parent, title, prompt, items, 0, True)
            return text if ok else None
        text, ok = QInputDialog.getText(parent, title, prompt, text=default)
        return text if ok else None

    def ask_features(self, word: str, upos: str, feats: str, inventory: dict, any_upos: str,
                     check) -> str | None:
        """The FEATS of `word` chosen in the feature editor (`feature_dialog`), checked by
        `check`; None when cancelled."""
        from tcompare.gui.editor.feature_dialog import FeatureDialog

        dialog = FeatureDialog(word, upos, feats, inventory, any_upos, check,
                               self.host.dialog_parent())
        accepted = dialog.exec() == FeatureDialog.DialogCode.Accepted
        return dialog.value() if accepted else None

    def ask_note(self, default: str = "") -> str | None:
        text, ok = QInputDialog.getMultiLineText(self.host.dialog_parent(), tr("edit_dialogs", "Sentence note"),
                                                 tr("edit_dialogs", "Note:"), default)
        return text if ok else None

    def ask_int(self, title: str, prompt: str, value: int, low: int, high: int) -> int | None:
        number, ok = QInputDialog.getInt(self.host.dialog_parent(), title, prompt, value, low, high)
        return number if ok else None

    def ask_yes_no(self, title: str, text: str) -> bool | None:
        """Yes/No; None (no answer) in a non-interactive window, which must never block."""
        if not self.host.interactive():
            return None
        answer = QMessageBox.question(self.host.dialog_parent(), title, text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def ask_unsaved(self, unsaved: int) -> str:
        """``save``, ``discard``, ``cancel`` or ``keep`` (close, leave the journal for
        recovery: what a non-interactive window does, it must never block on a dialog).
        `unsaved`: how many sentences differ from the file."""
        if not self.host.interactive():
            return "keep"
        box = QMessageBox(QMessageBox.Icon.Warning, tr("edit_dialogs", "Unsaved edits"),
                          tr("edit_dialogs", "{n} edit(s) to the gold file are not saved.").format(
                              n=unsaved),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.host.dialog_parent())
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_save_as(self, notations: list[str], start: str) -> tuple[str, str] | None:
        """(path, notation) to write a copy to, starting at `start`; None if cancelled."""
        filters = []
        for name in notations:
            exts = " ".join(f"*{e}" for e in formats.get(name).extensions) or "*"
            filters.append(f"{name} ({exts})")
        path, chosen = QFileDialog.getSaveFileName(self.host.dialog_parent(), tr("edit_dialogs", "Save gold as"),
                                                   start, ";;".join(filters))
        if not path:
            return None
        return path, chosen.split(" ", 1)[0] if chosen else notations[0]

    def ask_recovery(self, offer: RecoveryOffer) -> "set[int] | str | None":
        """The rows to restore, "discard", or None (decide later).  A non-interactive
        window asks through `ask_yes_no` (None there: nobody to ask; tests answer it):
        yes restores every autosaved edit, no discards the autosave."""
        if self.host.interactive():
            dialog = RecoveryDialog(offer, self.host.dialog_parent())
            dialog.exec()
            if dialog.answer == "restore":
                return dialog.chosen_rows()
            return dialog.answer or None
        text = offer_summary(offer)
        if offer.foreign:
            text += "\n\n" + foreign_summary(offer)
        answer = self.ask_yes_no(tr("edit_files", "Recover unsaved edits"), text)
        if answer is None:
            return None
        return offer.default_rows() if answer else "discard"

    def message_box(self, kind: str, title: str, text: str) -> None:
        """Tell the user (``critical`` / ``warning`` / ``information``); kept in last_message."""
        self.last_message = text
        if self.host.interactive():
            getattr(QMessageBox, kind)(self.host.dialog_parent(), title, text)

    def tell(self, text: str, msecs: int = 8000) -> None:
        """A status-bar message (edit refused, saved, ...)."""
        self.last_message = text
        self.host.show_message(text, msecs)
