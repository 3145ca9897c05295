"""The editor's file actions: save, Save As, autosave and recovery, review marks.

What is written and when is decided by `workspace.gold_file.GoldFile`; this part asks the
user (`Questions`), keeps the undo stack's clean state and shows the outcome.  It reads the
document through `GoldSource`, the sentence shown through `ShownSentence` and repaints the
table's marks through `MarkedRows`.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLabel

from tcompare.editing.save import Fingerprint, ReadOnlyError, SaveError
from tcompare.formats.conversion import ImpossibleConversion
from tcompare.gui.editor.commands import ReplaceGoldCommand, ReplaceRowsCommand
from tcompare.gui.editor.ports import GoldSource, MarkedRows, Questions, ShownSentence
from tcompare.gui.language.i18n import tr
from tcompare.gui.editor.recovery_dialog import foreign_summary, number_list
from tcompare.gui.table.model import MARK_GLYPHS, NOTE_GLYPH
from tcompare.model.corpus import Corpus
from tcompare.workspace.gold_file import GoldFile
from tcompare.workspace.gold_rows import new_records


class EditorFiles:
    """Saving, journaling, recovery and review marks of the open gold file."""

    def __init__(self, document: GoldSource, sentence: ShownSentence, table: MarkedRows,
                 questions: Questions, stack: QUndoStack, status_label: QLabel,
                 saved: Callable[[str], None]):
        self.document, self.sentence, self.table = document, sentence, table
        self.questions, self.stack, self.status_label = questions, stack, status_label
        self.saved = saved                          # told the path after each save
        self.gold_file: GoldFile | None = None      # saving, journal, review marks
        self.recovery_checked: Corpus | None = None  # the gold whose journal was looked at
        self._journal_pending = False
        self._autosave_failure_told: str | None = None
        self._moved_told: str | None = None
        self._resize_heard = False

        # asked before each save (the UD validator's warning); one False: not saved
        self.before_save: list[Callable[[], bool]] = []

    # -- state --------------------------------------------------------------------------------
    def open(self, gold: Corpus, fingerprint: Fingerprint | None) -> None:
        """A new gold file is open (`fingerprint`: its bytes as read)."""
        self.gold_file = GoldFile(gold, fingerprint)
        if not self._resize_heard:
            self._resize_heard = True
            self.document.rows_resized.connect(self._on_rows_resized)

    def _on_rows_resized(self, row: int, count: int, new_count: int) -> None:
        """A sentence split or merged: the review marks move with the sentences."""
        if self.gold_file is not None:
            self.gold_file.resize_marks(row, count, new_count)
            self.table.marks_changed(None)

    def dirty(self) -> bool:
        return not self.stack.isClean()

    def unsaved_count(self) -> int:
        """Sentences that differ from the file as last saved (not every sentence ever edited)."""
        if self.gold_file is None or not self.dirty():
            return 0
        return self.gold_file.unsaved_count()

    def stack_changed(self) -> None:
        """An edit, undo or redo: journaled as it happens (after this event, once per burst
        of changes), so a kill loses nothing -- a timer alone would lose its interval."""
        if self.gold_file is not None:
            self.gold_file.journal_dirty = True
            if not self._journal_pending:
                self._journal_pending = True
                # (tied to the stack: dropped if the window goes first)
                QTimer.singleShot(0, self.stack, self._journal_now)
        self.update_status()

    def _journal_now(self) -> None:
        self._journal_pending = False
        self.autosave()

    # -- status line --------------------------------------------------------------------------
    def update_status(self) -> None:
        parts = []
        n = self.unsaved_count()
        if n:
            parts.append((tr("edit_files", "{n} unsaved sentences") if n != 1 else
                          tr("edit_files", "{n} unsaved sentence")).format(n=n))
        position = self.sentence.position()
        if self.gold_file is not None and position is not None:
            mark, note = self.gold_file.mark(position)
            if mark:
                parts.append(tr("edit_files", "⚑ flagged") if mark == "flagged" else tr("edit_files", "✓ reviewed"))
            if note.strip():
                parts.append(tr("edit_files", "note: {note}").format(note=note.strip().splitlines()[0][:60]))
        self.status_label.setText("  ·  ".join(parts))

    def can_close(self) -> bool:
        """Ask about unsaved edits; False if the user cancels (or saving fails)."""
        if not self.dirty():
            return True
        answer = self.questions.ask_unsaved(self.unsaved_count())
        if answer == "save":
            return self.save()
        if answer == "discard":
            if self.gold_file is not None:
                self.gold_file.discard_journal()
            self.stack.setClean()
            return True
        if answer == "keep":
            if self.gold_file is not None:
                self.gold_file.journal_dirty = True
            self.autosave()
            return True
        return False

    # -- saving -------------------------------------------------------------------------------
    def save(self) -> bool:
        gold_file = self.gold_file
        if gold_file is None:
            return False
        path = gold_file.path
        if not all(check() for check in self.before_save):
            self.questions.tell(tr("edit_files", "not saved"))
            return False
        if gold_file.changed_on_disk():
            if not self.questions.ask_yes_no(tr("edit_files", "File changed on disk"),
                                   tr("edit_files", "{path} was changed by another program since it was "
                                      "opened. Overwrite it with the version shown here?").format(path=path)):
                self.questions.tell(tr("edit_files", "not saved: the file on disk was left as the other program wrote it"))
                return False
        try:
            with self.document.lock:
                try:
                    gold_file.save()
                except ReadOnlyError:
                    if not self.questions.ask_yes_no(tr("edit_files", "Read-only file"), tr(
                            "edit_files", "{path} is marked read-only. Save over it anyway?").format(path=path)):
                        self.questions.tell(tr("edit_files", "not saved: the file is read-only"))
                        return False
                    gold_file.save(allow_readonly=True)
        except SaveError as exc:
            self.questions.message_box("critical", tr("edit_files", "Cannot save"), tr(
                "edit_files", "{error}. Your edits are still open: free some space or use Save As to "
                "write elsewhere.").format(error=exc))
            return False
        except Exception as exc:   # an edited label the file's encoding cannot hold
            self.questions.message_box("critical", tr("edit_files", "Cannot save"),
                             tr("edit_files", "{path} was not saved: {error}; the file is unchanged.").format(
                                 path=path, error=exc))
            return False
        self.stack.setClean()
        self.questions.tell(tr("edit_files", "saved {path}").format(path=path), 5000)
        self.saved(path)
        return True

    def save_as(self) -> bool:
        gold_file = self.gold_file
        if gold_file is None:
            return False
        choice = self.questions.ask_save_as(gold_file.targets(), gold_file.path)
        if choice is None:
            return False
        path, target = choice
        if gold_file.is_same_file(path, target):
            return self.save()
        try:
            with self.document.lock:
                problems = gold_file.save_as(path, target)
        except (ImpossibleConversion, SaveError, ValueError) as exc:
            self.questions.message_box("critical", tr("edit_files", "Cannot save as"),
                             tr("edit_files", "{path} was not written: {error}").format(path=path, error=exc))
            return False
        if problems:
            self.questions.message_box("warning", tr("edit_files", "Saved with problems"),
                             tr("edit_files", "{path} written as {target}; {n} sentence(s) could not "
                                "be converted:").format(path=path, target=target, n=len(problems))
                             + "\n" + "\n".join(problems[:20]))
        else:
            self.questions.tell(tr("edit_files", "saved a copy as {path} ({target})").format(path=path, target=target), 5000)
        return True

    # -- autosave / recovery ------------------------------------------------------------------
    def autosave(self) -> bool:
        """Write the recovery journal if anything changed since the last write."""
        if self.gold_file is None:
            return False
        try:
            with self.document.lock:
                written = self.gold_file.autosave(self.dirty())
        except SaveError as exc:
            # nowhere to journal (not even the state folder): as loud as a failed save
            if self._autosave_failure_told != self.gold_file.path:
                self._autosave_failure_told = self.gold_file.path
                self.questions.message_box("warning", tr("edit_files", "Autosave failed"), tr(
                    "edit_files", "{error}. Unsaved edits are not journaled: save soon.").format(error=exc))
            self.questions.tell(tr("edit_files", "autosave failed: {error}").format(error=exc))
            return False
        if written:
            self.tell_journal_moved()
        return written

    def offer_recovery_once(self, gold: Corpus) -> bool:
        """`offer_recovery` for the gold corpus just scored, the first time only (a rescore
        with another profile does not ask again)."""
        if self.recovery_checked is gold:
            return False
        self.recovery_checked = gold
        return self.offer_recovery()

    def offer_recovery(self) -> bool:
        """Offer what a session that did not end normally autosaved: the sentences named,
        each beside the file's version (`recovery_dialog`); restored as one undoable step
        only what the user chose.  True when something was restored."""
        if self.gold_file is None:
            return False
        offer = self.gold_file.recovery()
        if offer is None:
            return False
        if not offer.sentences:
            # nothing of ours to restore: only name the journals of other accounts
            if offer.foreign:
                self.questions.tell(foreign_summary(offer), 15000)
            if offer.problems:
                self.questions.message_box("warning", tr("edit_files", "Recovery"), tr(
                    "edit_files", "Some edits could not be restored:") + "\n" + "\n".join(offer.problems))
            if offer.problems or offer.unchanged:      # nothing left in it to offer
                self.gold_file.finish_recovery(offer)
            return False
        answer = self.questions.ask_recovery(offer)
        if answer is None:      # decide later: the journal is kept for the next start
            return False
        if answer == "discard":
            self.gold_file.finish_recovery(offer)
            return False
        chosen = [s for s in offer.sentences if s.row in answer]
        gold = self.document.gold
        if chosen:
            self.stack.beginMacro(tr("edit_files", "Restore autosaved edits"))
            try:
                # the last first: a split or merge restored moves only the rows after it
                for sentence in sorted(chosen, key=lambda s: s.row, reverse=True):
                    record = gold[sentence.row]
                    if sentence.reshapes:
                        self.stack.push(ReplaceRowsCommand(
                            self.document, sentence.row, 1,
                            new_records(list(sentence.items), record.line), tr("edit_files", "Restore")))
                        continue
                    with self.document.lock:
                        before = record.item
                    self.stack.push(ReplaceGoldCommand(self.document, sentence.row, before, sentence.item,
                                                       tr("edit_files", "Restore"), record.edited))
            finally:
                self.stack.endMacro()
        try:
            with self.document.lock:
                self.gold_file.finish_recovery(offer)
        except SaveError as exc:
            self.questions.tell(tr("edit_files", "autosave failed: {error}").format(error=exc))
        if offer.problems:
            self.questions.message_box("warning", tr("edit_files", "Recovery"), tr("edit_files", "Some edits could "
                             "not be restored:") + "\n" + "\n".join(offer.problems))
        self.questions.tell(tr("edit_files", "restored sentence(s) {numbers} from the autosave; save to keep "
                     "them").format(numbers=number_list([s.row + 1 for s in chosen])) if chosen else
                  tr("edit_files", "kept the file's version of every autosaved sentence"))
        return bool(chosen)

    def tell_journal_moved(self) -> None:
        """The journal could not be written beside the gold file and went to the state
        folder: said once, in a dialog (a kill would otherwise lose the edits unnoticed)."""
        gold_file = self.gold_file
        if gold_file is None or not gold_file.journal_moved:
            return
        where = str(gold_file.journal.path)     # a string: holding the GoldFile kept its journal "live"
        if self._moved_told == where:
            return
        self._moved_told = where
        self.questions.message_box("warning", tr("edit_files", "Autosave moved"), tr(
            "edit_files", "Unsaved edits cannot be journaled beside the gold file ({why}). They are "
            "journaled in {folder} instead, and offered from there after a crash.").format(
            why=gold_file.journal_moved, folder=str(gold_file.journal.path.parent)))

    # -- review marks -------------------------------------------------------------------------
    def toggle_mark(self, mark: str) -> None:
        position, gold_file = self.sentence.position(), self.gold_file
        if gold_file is None or position is None:
            return
        self._save_marks(lambda: gold_file.toggle_mark(position, mark))

    def edit_note(self) -> None:
        position, gold_file = self.sentence.position(), self.gold_file
        if gold_file is None or position is None:
            return
        note = self.questions.ask_note(gold_file.mark(position)[1])
        if note is None:
            return
        self._save_marks(lambda: gold_file.set_note(position, note))

    def _save_marks(self, change) -> None:
        try:
            change()
        except SaveError as exc:
            self.questions.message_box("warning", tr("edit_files", "Review marks not saved"), str(exc))
        self.update_status()
        self.table.marks_changed(self.sentence.position())

    def mark_cell(self, position: int) -> tuple[str, str]:
        """The sentence table's ``mark`` cell for sentence `position` (0-based): glyphs
        (⚑ flagged, ✓ reviewed, ✎ has a note) and the note for the tooltip."""
        if self.gold_file is None:
            return "", ""
        mark, note = self.gold_file.mark(position)
        glyphs = MARK_GLYPHS.get(mark, "")
        if note.strip():
            glyphs += NOTE_GLYPH
        return glyphs, note

    def next_flagged(self) -> bool:
        if self.gold_file is None:
            return False
        row = self.gold_file.next_flagged(self.sentence.position())
        if row is None:
            self.questions.tell(tr("edit_files", "no sentence is flagged"))
            return False
        return self.sentence.go_to(row + 1)
