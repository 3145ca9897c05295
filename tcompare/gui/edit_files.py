"""The editor's file actions: save, Save As, autosave and recovery, review marks.

What is written and when is decided by `workspace.gold_file.GoldFile`; this mixin asks the
user (through `EditorDialogs`), keeps the undo stack's clean state and shows the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcompare.editing.save import ReadOnlyError, SaveError
from tcompare.formats.conversion import ImpossibleConversion
from tcompare.gui.edit_commands import ReplaceGoldCommand
from tcompare.gui.i18n import tr
from tcompare.gui.table_model import MARK_GLYPHS, NOTE_GLYPH

if TYPE_CHECKING:
    from tcompare.workspace.gold_file import GoldFile


class EditorFiles:
    """Mixin of `GoldEditor`: needs ``gold_file``, ``stack``, ``session``, ``window``,
    ``dirty()``, ``unsaved_count()``, ``tell``, ``ask_*``, ``message_box``, ``saved``."""

    gold_file: "GoldFile | None"

    # -- status line --------------------------------------------------------------------------
    def _update_status(self) -> None:
        parts = []
        n = self.unsaved_count()
        if n:
            parts.append((tr("edit_files", "{n} unsaved sentences") if n != 1 else
                          tr("edit_files", "{n} unsaved sentence")).format(n=n))
        position = self.window.current_position
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
        answer = self.ask_unsaved()
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
        if gold_file.changed_on_disk():
            if not self.ask_yes_no(tr("edit_files", "File changed on disk"),
                                   tr("edit_files", "{path} was changed by another program since it was "
                                      "opened. Overwrite it with the version shown here?").format(path=path)):
                self.tell(tr("edit_files", "not saved: the file on disk was left as the other program wrote it"))
                return False
        try:
            with self.session.lock:
                try:
                    gold_file.save()
                except ReadOnlyError:
                    if not self.ask_yes_no(tr("edit_files", "Read-only file"), tr(
                            "edit_files", "{path} is marked read-only. Save over it anyway?").format(path=path)):
                        self.tell(tr("edit_files", "not saved: the file is read-only"))
                        return False
                    gold_file.save(allow_readonly=True)
        except SaveError as exc:
            self.message_box("critical", tr("edit_files", "Cannot save"), tr(
                "edit_files", "{error}. Your edits are still open: free some space or use Save As to "
                "write elsewhere.").format(error=exc))
            return False
        except Exception as exc:   # an edited label the file's encoding cannot hold
            self.message_box("critical", tr("edit_files", "Cannot save"),
                             tr("edit_files", "{path} was not saved: {error}; the file is unchanged.").format(
                                 path=path, error=exc))
            return False
        self.stack.setClean()
        self.tell(tr("edit_files", "saved {path}").format(path=path), 5000)
        self.saved.emit(path)
        return True

    def save_as(self) -> bool:
        gold_file = self.gold_file
        if gold_file is None:
            return False
        choice = self.ask_save_as(gold_file.targets())
        if choice is None:
            return False
        path, target = choice
        if gold_file.is_same_file(path, target):
            return self.save()
        try:
            with self.session.lock:
                problems = gold_file.save_as(path, target)
        except (ImpossibleConversion, SaveError, ValueError) as exc:
            self.message_box("critical", tr("edit_files", "Cannot save as"),
                             tr("edit_files", "{path} was not written: {error}").format(path=path, error=exc))
            return False
        if problems:
            self.message_box("warning", tr("edit_files", "Saved with problems"),
                             tr("edit_files", "{path} written as {target}; {n} sentence(s) could not "
                                "be converted:").format(path=path, target=target, n=len(problems))
                             + "\n" + "\n".join(problems[:20]))
        else:
            self.tell(tr("edit_files", "saved a copy as {path} ({target})").format(path=path, target=target), 5000)
        return True

    # -- autosave / recovery ------------------------------------------------------------------
    def autosave(self) -> bool:
        """Write the recovery journal if anything changed since the last write."""
        if self.gold_file is None:
            return False
        try:
            with self.session.lock:
                return self.gold_file.autosave(self.dirty())
        except SaveError as exc:
            self.tell(tr("edit_files", "autosave failed: {error}").format(error=exc))
            return False

    def offer_recovery(self) -> bool:
        if self.gold_file is None:
            return False
        offer = self.gold_file.recovery()
        if offer is None:
            return False
        found, text = offer
        answer = self.ask_yes_no(tr("edit_files", "Recover unsaved edits"), text)
        if answer is None:      # nobody to ask: keep the journal for the next interactive start
            return False
        if not answer:
            found.discard()
            return False
        items, problems = self.gold_file.recovered_items(found)
        gold = self.session.gold
        self.stack.beginMacro(tr("edit_files", "Restore autosaved edits"))
        try:
            for row, item in items:
                record = gold[row]
                with self.session.lock:
                    before = record.item
                self.stack.push(ReplaceGoldCommand(self, row, before, item, tr("edit_files", "Restore"),
                                                   record.edited))
        finally:
            self.stack.endMacro()
        if problems:
            self.message_box("warning", tr("edit_files", "Recovery"), tr("edit_files", "Some edits could "
                             "not be restored:") + "\n" + "\n".join(problems))
        self.tell(tr("edit_files", "restored {n} autosaved sentence(s); save to keep them").format(n=len(items)))
        return True

    # -- review marks -------------------------------------------------------------------------
    def toggle_mark(self, mark: str) -> None:
        position = self.window.current_position
        if self.gold_file is None or position is None:
            return
        self._save_marks(lambda: self.gold_file.toggle_mark(position, mark))

    def edit_note(self) -> None:
        position = self.window.current_position
        if self.gold_file is None or position is None:
            return
        note = self.ask_note(self.gold_file.mark(position)[1])
        if note is None:
            return
        self._save_marks(lambda: self.gold_file.set_note(position, note))

    def _save_marks(self, change) -> None:
        try:
            change()
        except SaveError as exc:
            self.message_box("warning", tr("edit_files", "Review marks not saved"), str(exc))
        self._update_status()
        self.window.table_model.marks_changed(self.window.current_position)
        proxy = self.window.filter_model
        if proxy.status in ("flagged", "reviewed"):
            proxy.set_status(proxy.status)   # the row may leave (or join) the filtered view

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
        row = self.gold_file.next_flagged(self.window.current_position)
        if row is None:
            self.tell(tr("edit_files", "no sentence is flagged"))
            return False
        return self.window.go_to(row + 1)
