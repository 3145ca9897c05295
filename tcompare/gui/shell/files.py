"""The files of the comparison window besides the dialogs: another system added to the open
set, the set read again (another encoding), the recent sets, and files dropped on the window.
Each way ends in ``host.open_files`` with the request it builds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtGui import QDragEnterEvent, QDropEvent

    from tcompare.gui.session import Session
    from tcompare.gui.settings import Settings
    from tcompare.workspace.loading import LoadRequest


class FilesHost(Protocol):
    """The open request (the session's), the remembered sets and the sentence to come back to."""

    session: Session
    prefs: Settings
    current_position: int | None

    def open_files(self, gold: str, systems: list[str] | tuple = (), notation: str | None = None,
                   profile: str | None = None, options: dict | None = None,
                   goto: int = 1) -> None: ...


class WindowFiles:
    """Opening more of `host`'s files (see the module docstring)."""

    def __init__(self, host: FilesHost):
        self.host = host

    @property
    def request(self) -> LoadRequest | None:
        """What is open (None before the first file)."""
        return self.host.session.request

    def open(self, gold: str, systems: list[str]) -> None:
        """A new set of files (File › Open, Open recent)."""
        self.host.open_files(gold, systems)

    def add_system(self, path: str) -> None:
        self.add_systems([path])

    def add_systems(self, paths: list[str]) -> None:
        """Compare `paths` too, at the sentence shown; nothing open: the first is gold."""
        req = self.request
        if req is None:
            self.host.open_files(paths[0], paths[1:])
            return
        self.host.open_files(req.gold, [*req.systems, *paths], req.notation, req.profile,
                             req.options, self._goto())

    def reopen(self, options: dict) -> None:
        """The open files again with other `options` (the encoding), at the sentence shown."""
        req = self.request
        if req is not None:
            self.host.open_files(req.gold, req.systems, req.notation, req.profile, options,
                                 self._goto())

    def _goto(self) -> int:
        return (self.host.current_position or 0) + 1

    def add_recent(self, paths: list[str]) -> None:
        self.host.prefs.add_recent(paths)

    def recent_sets(self) -> list[list[str]]:
        """The remembered sets of files, newest first."""
        return self.host.prefs.recent_files()

    def recent_files(self) -> list[str]:
        """The remembered sets of files, newest first, each as tab-joined paths."""
        return ["\t".join(paths) for paths in self.recent_sets()]

    # -- drag and drop (the window's Qt event handlers call these) -------------------------------
    def drag_enter(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def drop(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_dropped(paths)
            event.acceptProposedAction()

    def open_dropped(self, paths: list[str]) -> None:
        """Several files: the first is gold, the others systems. One file: gold if nothing is
        open, else an additional system."""
        if len(paths) > 1 or self.request is None:
            self.host.open_files(paths[0], paths[1:])
        else:
            self.add_system(paths[0])
