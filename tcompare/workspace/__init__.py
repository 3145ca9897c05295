"""The open document, no Qt: what is open, how it scores, and the one place that changes it.

`Workspace` (document.py) owns the corpora, the profile and its configuration, the row
plan, every row's slim result (one `ResultRows` per system) and their running totals
(`RunningTotal`, running.py: the profile's `Summary`, made once per change); `Loader`
(loading.py) reads each file once (`SourceFile`, sources.py) and scores in a worker thread,
sending messages the Workspace applies; `GoldFile` (gold_file.py) saves, autosaves,
recovers and keeps review marks.  The GUI adapts these to Qt (gui/session.py,
gui/table/model.py) and follows the Workspace's events (events.py); nothing here imports Qt.
"""

from tcompare.workspace.document import Workspace
from tcompare.workspace.events import Event
from tcompare.workspace.loading import LoadRequest, Loader, Preview, RowInfo

__all__ = ["Event", "LoadRequest", "Loader", "Preview", "RowInfo", "Workspace"]
