"""Plain events: the Workspace announces changes; the GUI's Qt adapters (and tests) listen.

No Qt here.  An `Event` is a list of callbacks called in order, in the thread that emits --
the Workspace only emits from the thread that owns it (the GUI thread, in the window).
"""

from __future__ import annotations

from typing import Any, Callable


class Event:
    """Callbacks connected to this event are called with the emitted arguments."""

    __slots__ = ("_callbacks",)

    def __init__(self) -> None:
        self._callbacks: list[Callable[..., Any]] = []

    def connect(self, callback: Callable[..., Any]) -> None:
        self._callbacks.append(callback)

    def disconnect(self, callback: Callable[..., Any]) -> None:
        self._callbacks.remove(callback)

    def emit(self, *args: Any) -> None:
        for callback in list(self._callbacks):
            callback(*args)
