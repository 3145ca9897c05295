"""The annotators' window's curated file: opening it (with the gold editor's recovery offer
after a crash), saving it with its provenance, the changes by annotator as CSV, and the
dialog in which the curator types a sentence.  The window lends a small port."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QPlainTextEdit,
                               QStatusBar, QVBoxLayout, QWidget)

from tcompare.editing import journal
from tcompare.editing.curated_lock import CuratedFileLocked
from tcompare.gui import fonts
from tcompare.gui.editor.recovery_dialog import RecoveryDialog
from tcompare.gui.language.i18n import tr
from tcompare.workspace.annotators import AnnotatorsDocument, write_changes_csv
from tcompare.workspace.recovery import build_offer


class CuratedHost(Protocol):
    """The window: its document, where the curated file goes, whether it may ask."""

    doc: AnnotatorsDocument
    curated_path: Path
    interactive: bool

    def say(self, message: str) -> None: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)


class CuratedFile:
    """See the module docstring."""

    def __init__(self, host: CuratedHost):
        self.host = host

    def waiting(self) -> bool:
        """Whether a crashed session left a journal of the curated file."""
        host = self.host
        return bool(journal.load_all(host.curated_path,
                                     lambda m: host.statusBar().showMessage(m, 10000)))

    def open(self) -> bool:
        """Open (or go on with) the curated file; False, with a message, when it cannot be."""
        host = self.host
        try:
            host.doc.adjudicate(host.curated_path, recover=self.offer_recovery)
        except CuratedFileLocked as exc:
            host.say(locked_message(exc))
            return False
        except Exception as exc:  # noqa: BLE001 (a file that cannot be read: say so, go on)
            host.say(f"{host.curated_path}: {exc}")
            return False
        adj = host.doc.adjudication
        if adj is not None and adj.restored:
            host.say("\n".join(adj.restored))
        return True

    def offer_recovery(self, found: Any, corpus: Any) -> set[int]:
        """The editor's recovery offer for the curated file; every row when not interactive."""
        rows = {i - 1 for i in found.edits}
        if not self.host.interactive:
            return rows
        offer = build_offer(corpus, found, [])
        dialog = RecoveryDialog(offer, self.host if isinstance(self.host, QWidget) else None)
        dialog.exec()
        if dialog.answer == "discard":
            return set()
        # a sentence the offer could not show (its reader takes a trailing blank line for a
        # sentence) is restored all the same: the adjudication reads it back itself
        unseen = rows - {s.row for s in offer.sentences} - set(offer.unchanged)
        return dialog.chosen_rows() | unseen if dialog.answer == "restore" else rows

    def save(self) -> bool:
        host = self.host
        adj = host.doc.adjudication
        if adj is None:
            host.say(tr("annotators", "nothing decided yet: nothing to save"))
            return False
        try:
            path = adj.save()
        except OSError as exc:
            host.say(str(exc))
            return False
        host.statusBar().showMessage(tr("annotators", "saved {path} and its provenance").format(path=path), 5000)
        return True

    def ask_changes_csv(self) -> None:
        host = self.host
        if host.doc.adjudication is None:
            host.say(tr("annotators", "nothing decided yet: nothing to save"))
            return
        path, _ = QFileDialog.getSaveFileName(host if isinstance(host, QWidget) else None,
                                              tr("annotators", "The changes by annotator"),
                                              str(host.curated_path) + ".changes.csv", "CSV (*.csv)")
        if path:
            self.save_changes_csv(path)

    def save_changes_csv(self, path: str) -> bool:
        host = self.host
        try:
            write_changes_csv(path, host.doc.changes_by_annotator())
        except OSError as exc:
            host.say(str(exc))
            return False
        host.statusBar().showMessage(tr("annotators", "saved {path}").format(path=path), 5000)
        return True


def locked_message(exc: CuratedFileLocked) -> str:
    """Who adjudicates into the curated file, in the window's language."""
    owner = exc.owner
    if owner is None:
        return tr("annotators", "{curated}: its lock {lock} cannot be read ({why}). If no one is "
                  "adjudicating into it, delete the lock.").format(curated=exc.curated, lock=exc.lock,
                                                                    why=exc.why)
    return tr("annotators", "{curated} is being adjudicated by {user} on {host} (process {pid}, since "
              "{since}). You can browse the disagreements here; to decide, wait until that session "
              "ends or choose another curated file. If that session is gone, delete {lock}.").format(
        curated=exc.curated, user=owner.user, host=owner.host, pid=owner.pid, since=owner.since,
        lock=exc.lock)


def edit_dialog(parent: QWidget, row: int, text: str) -> tuple[QDialog, QPlainTextEdit]:
    """The dialog in which the curated sentence `row` is typed (its text in the notation)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(tr("annotators", "Edit the curated sentence {row}").format(row=row + 1))
    box = QVBoxLayout(dialog)
    edit = QPlainTextEdit(text)
    edit.setFont(fonts.tree_font(10))
    edit.setAccessibleName(tr("annotators", "Edit the curated sentence {row}").format(row=row + 1))
    box.addWidget(edit)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    box.addWidget(buttons)
    dialog.resize(800, 400)
    return dialog, edit
