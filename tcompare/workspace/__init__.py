"""The open document, no Qt: what is open, how it scores, and the one place that changes it.

`Workspace` (document.py) owns the corpora, the profile and its configuration, the row
plan, every row's slim result and the running totals; `Loader` (loading.py) reads and
scores in a worker thread and sends messages the Workspace applies; `GoldFile`
(gold_file.py) saves, autosaves, recovers and keeps review marks.  The GUI adapts these to
Qt (gui/session.py, gui/table_model.py); nothing here imports Qt.
"""

from tcompare.workspace.document import Workspace
from tcompare.workspace.events import Event
from tcompare.workspace.loading import LoadRequest, Loader, Preview, RowInfo

__all__ = ["Event", "LoadRequest", "Loader", "Preview", "RowInfo", "Workspace"]
