"""Undoable gold edits: one QUndoCommand per user action.

Every edit is computed by a pure function in `tcompare.editing` (the gold item before ->
the gold item after); the command only stores both items and asks the gold document (the
Qt-free `Workspace`) to put one or the other in place, so undo/redo can never drift from
what the edit did.  The document re-scores just that sentence and announces the change;
the views redraw from its event, never from here.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from tcompare.gui.language import i18n
from tcompare.gui.editor.ports import GoldItem
from tcompare.gui.language.i18n import tr
from tcompare.model.corpus import SentenceRecord


class GoldDocument(Protocol):
    """What the commands change: `Workspace.replace_gold`."""

    def replace_gold(self, row: int, item: GoldItem, edited: bool = True) -> None:
        """Put `item` as gold sentence `row` (0-based), re-score it, announce it."""


class ReplaceGoldCommand(QUndoCommand):
    """Replace gold sentence `index` by `after`; undo puts `before` back.

    `was_edited` remembers whether the sentence carried unsaved edits before this command,
    so undoing the first edit of a sentence makes it clean again (saved byte-identical).
    """

    def __init__(self, document: GoldDocument, index: int, before: GoldItem, after: GoldItem,
                 text: str, was_edited: bool):
        super().__init__()
        self.document, self.index = document, index
        self.edit = text          # the edit's name as shown; `retranslate` shows it again
        self.retranslate()
        self.before, self.after, self.was_edited = before, after, was_edited

    def retranslate(self) -> None:
        """The history's text in the interface's language (also after a switch)."""
        self.setText(tr("edit_commands", "{edit} (sentence {n})").format(
            edit=i18n.again(self.edit), n=self.index + 1))

    def redo(self) -> None:
        self.document.replace_gold(self.index, self.after, True)

    def undo(self) -> None:
        self.document.replace_gold(self.index, self.before, self.was_edited)


class SentenceRows(Protocol):
    """What a sentence split or merge changes: `Workspace.replace_gold_rows`."""

    def replace_gold_rows(self, row: int, count: int, records: list[SentenceRecord]
                          ) -> list[SentenceRecord]:
        """Put `records` in place of `count` gold sentences from `row`; the ones taken out."""


class ReplaceRowsCommand(QUndoCommand):
    """Replace `count` gold sentences from `index` by the records `after` (a split: one by
    two; a merge: two by one); undo puts back the very records taken out, so the file's
    bytes come back with them."""

    def __init__(self, document: SentenceRows, index: int, count: int,
                 after: list[SentenceRecord], text: str):
        super().__init__()
        self.document, self.index, self.count = document, index, count
        self.after = after
        self.before: list[SentenceRecord] = []
        self.edit = text
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(tr("edit_commands", "{edit} (sentence {n})").format(
            edit=i18n.again(self.edit), n=self.index + 1))

    def redo(self) -> None:
        self.before = self.document.replace_gold_rows(self.index, self.count, self.after)

    def undo(self) -> None:
        self.document.replace_gold_rows(self.index, len(self.after), self.before)
