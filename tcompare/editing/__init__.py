"""Gold-side editing for annotators: pure edit operations, lossless atomic saving, the
autosave journal and the review-mark sidecar.  No Qt: the GUI wraps each operation in a
QUndoCommand that stores the item before and after."""

from tcompare.editing.tree_edits import EditRefused

__all__ = ["EditRefused"]
