"""A parser's slow parts off the GUI thread: loading a model, parsing a whole gold file.

`ParserLoad` makes and loads an adapter (a spaCy model takes seconds: the window must not
freeze); `ParseJob` reads the gold file and parses it, reporting progress, and stops
between batches when asked (`requestInterruption`).  Both end with one signal carrying the
result or the error text (a missing model's message names its install command).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QThread, Signal

from tcompare import formats
from tcompare.parsers import ParserMissing, make_parser, parse_corpus


class ParserLoad(QThread):
    """`make_parser(name).load()`; then `loaded(adapter or None, error)`."""

    loaded = Signal(object, str)

    def __init__(self, name: str, parent: QObject | None = None):
        super().__init__(parent)
        self.name = name

    def run(self) -> None:  # noqa: D401 - Qt entry point
        try:
            adapter = make_parser(self.name)
            adapter.load()
        except (ParserMissing, ValueError, OSError, ImportError) as exc:
            self.loaded.emit(None, str(exc))
        else:
            self.loaded.emit(adapter, "")


class ParseJob(QThread):
    """Parse the gold file `gold` with parser `name`: `stage(text)` (loading, parsing),
    `progress(done, total)`, then `done(ParseRun or None, error)`."""

    stage = Signal(str)
    progress = Signal(int, int)
    done = Signal(object, str)

    def __init__(self, name: str, gold: str, notation: str | None, encoding: str | None, mode: str,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.name, self.gold, self.notation, self.encoding, self.mode = name, gold, notation, encoding, mode

    def run(self) -> None:  # noqa: D401 - Qt entry point
        try:
            self.stage.emit("load")
            adapter: Any = make_parser(self.name)
            adapter.load()
            corpus = formats.read_file(self.gold, self.notation, self.encoding)
            self.stage.emit("parse")
            run = parse_corpus(adapter, corpus, self.mode, lambda d, t: self.progress.emit(d, t),
                               self.isInterruptionRequested)
        except (ParserMissing, ValueError, OSError, ImportError, formats.ReadError) as exc:
            self.done.emit(None, str(exc))
        except Exception as exc:          # a parser's own failure outside any one sentence
            self.done.emit(None, f"{type(exc).__name__}: {exc}")
        else:
            self.done.emit(run, "")
