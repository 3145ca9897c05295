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
