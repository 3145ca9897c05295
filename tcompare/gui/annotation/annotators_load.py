"""Opening the annotators' files off the GUI thread (File › Open annotators' files…).

Reading, pairing and comparing a UD test set's three versions takes seconds: done in the
GUI thread the window froze.  `AnnotatorsLoad` builds the `AnnotatorsDocument` (and every
row's disagreements) in a thread, reports `progress(percent, stage, done, total)` and stops
between steps when asked (`requestInterruption`, the progress dialog's Cancel); it ends with
one `done(document or None, error)`: the window is then made in the GUI thread, from a
document no other thread touches any more.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QThread, Signal

from tcompare.workspace.annotators import AnnotatorsDocument, AnnotatorsError, LoadCancelled

# the share of the bar each stage fills (reading parses every sentence: the most of it)
STAGES = {"read": (0, 60), "pair": (60, 75), "compare": (75, 100)}


def percent(stage: str, done: int, total: int) -> int:
    low, high = STAGES[stage]
    return low + (high - low) * done // max(total, 1)


class AnnotatorsLoad(QThread):
    """See the module docstring.  ``cancelled`` is True once it stopped on request."""

    progress = Signal(int, str, int, int)
    done = Signal(object, str)

    def __init__(self, paths: list[str], parser: str | None, parent: QObject | None = None):
        super().__init__(parent)
        self.paths, self.parser = list(paths), parser
        self.cancelled = False

    def _report(self, stage: str, done: int, total: int) -> None:
        self.progress.emit(percent(stage, done, total), stage, done, total)

    def run(self) -> None:  # noqa: D401 - Qt entry point
        try:
            document = AnnotatorsDocument(self.paths, self.parser, progress=self._report,
                                          cancelled=self.isInterruptionRequested)
            document.compare_all(self._report, self.isInterruptionRequested)
        except LoadCancelled:
            self.cancelled = True
            self.done.emit(None, "")
        except AnnotatorsError as exc:
            self.done.emit(None, str(exc))
        except Exception as exc:          # noqa: BLE001 (a reader's own failure: said, not fatal)
            self.done.emit(None, f"{type(exc).__name__}: {exc}")
        else:
            self.done.emit(document, "")
