"""What each part of the gold editor may use: small declared ports, never the whole window.

The editor (`editor.GoldEditor`) is assembled from parts, each handed only the ports it
names in its constructor:

====================  =========================================================  ===============
part                  receives                                                   module
====================  =========================================================  ===============
`EditorDialogs`       `DialogHost`                                               edit_dialogs
`SelectionCursor`     `ShownSentence`, `Questions`                               edit_selection
`EditOperations`      `GoldSource`, `ShownSentence`, `Selecting`, `Questions`,   edit_operations
                      the undo stack
`EditorFiles`         `GoldSource`, `ShownSentence`, `MarkedRows`, `Questions`,  edit_files
                      the undo stack, the status label, a `saved(path)` call
`KeyboardHelp`        `ShortcutHost`, the editor's actions                       keyboard_help
`ReplaceGoldCommand`  `GoldDocument` (the Workspace itself)                      edit_commands
====================  =========================================================  ===============

`EditorWindow` is what the editor itself takes from the window; `editor.WindowPort`
adapts it to `DialogHost`, `ShownSentence` and `MarkedRows`.  The gold is changed only by
`Workspace.replace_gold` (through an undo command); the views follow the Workspace's
``gold_replaced`` event.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, Union

from PySide6.QtCore import QObject, QSettings, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QStackedWidget, QStatusBar, QWidget

from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree

if TYPE_CHECKING:
    from tcompare.editing.selection import Selection
    from tcompare.gui.session import Session
    from tcompare.gui.table.model import SentenceFilterModel, SentenceTableModel
    from tcompare.model.corpus import Corpus, SentenceRecord
    from tcompare.scoring.base import SentenceResult
    from tcompare.workspace.events import Event
    from tcompare.workspace.recovery import RecoveryOffer

GoldItem = Union[Tree, DepSentence]     # one sentence of the gold file, parsed


class GoldSource(Protocol):
    """The open document as the edits and the file actions read it (a `Workspace`)."""

    gold: Corpus | None
    busy: bool          # scoring in progress: no edit, no undo
    lock: threading.Lock
    rows_resized: Event     # (row, removed, added): a sentence split or merged

    @property
    def notation(self) -> str: ...

    def replace_gold(self, row: int, item: GoldItem, edited: bool = True) -> None: ...

    def replace_gold_rows(self, row: int, count: int, records: list[SentenceRecord]
                          ) -> list[SentenceRecord]: ...


class ShownSentence(Protocol):
    """The sentence the window shows, and the view it is drawn in."""

    def position(self) -> int | None:
        """0-based, None before anything is shown."""

    def items(self) -> tuple[GoldItem | None, GoldItem | None]:
        """(gold item, system item) shown; None for a side that has none (or nothing shown)."""

    def result(self) -> SentenceResult | None:
        """The scorer's full result drawn for it."""

    def view(self) -> QWidget | None:
        """The comparison view on screen."""

    def is_dependency(self) -> bool: ...

    def go_to(self, number: int) -> bool:
        """Show sentence `number` (1-based); False when there is none."""

    def announce(self, selection: Selection) -> None:
        """Say the selection to a screen reader."""


class MarkedRows(Protocol):
    """The sentence table's review-mark column."""

    def marks_changed(self, position: int | None) -> None:
        """Repaint sentence `position`'s mark (every row when None) and re-filter."""


class DialogHost(Protocol):
    """Where the editor's questions and messages appear."""

    def dialog_parent(self) -> QWidget: ...

    def interactive(self) -> bool:
        """False in tests and --screenshot: never block on a dialog."""

    def show_message(self, text: str, msecs: int) -> None:
        """A status-bar message."""


class Questions(Protocol):
    """The editor's questions to the user (`editor.dialogs.EditorDialogs`; tests replace them)."""

    def ask_text(self, title: str, prompt: str, default: str = "",
                 choices: Sequence[str] = ()) -> str | None: ...

    def ask_int(self, title: str, prompt: str, value: int, low: int, high: int) -> int | None: ...

    def ask_note(self, default: str = "") -> str | None: ...

    def ask_features(self, word: str, upos: str, feats: str, inventory: dict, any_upos: str,
                     check: Callable[[str], str]) -> str | None: ...

    def ask_yes_no(self, title: str, text: str) -> bool | None: ...

    def ask_unsaved(self, unsaved: int) -> str: ...

    def ask_save_as(self, notations: list[str], start: str) -> tuple[str, str] | None: ...

    def ask_recovery(self, offer: RecoveryOffer) -> set[int] | str | None: ...

    def message_box(self, kind: str, title: str, text: str) -> None: ...

    def tell(self, text: str, msecs: int = 8000) -> None: ...


class Selecting(Protocol):
    """The cursor as the edits use it: what is selected, and what to select after an edit."""

    @property
    def selection(self) -> Selection: ...

    def select_after_redraw(self, selection: Selection | None) -> None: ...


class ShortcutHost(Protocol):
    """A window's menus and actions, read for Help › Keyboard (Qt's own members)."""

    def window(self) -> QWidget:
        """Itself, as the widget dialogs are parented to."""

    def menuBar(self) -> QMenuBar: ...  # noqa: N802

    def actions(self) -> list[QAction]: ...


class EditorWindow(ShortcutHost, Protocol):
    """What the editor takes from the main window (and nothing else)."""

    settings: QSettings
    current_position: int | None
    current_system: int
    current_result: SentenceResult | None
    interactive: bool
    session: Session
    view_stack: QStackedWidget
    table_model: SentenceTableModel
    filter_model: SentenceFilterModel
    sentence_shown: SignalInstance

    def show_sentence(self, position: int) -> None: ...

    def go_to(self, number: int) -> bool: ...

    # Qt's own, of the QMainWindow it is
    def statusBar(self) -> QStatusBar: ...  # noqa: N802

    def addAction(self, action: QAction) -> None: ...  # noqa: N802

    def installEventFilter(self, watcher: QObject) -> None: ...  # noqa: N802

    def windowTitle(self) -> str: ...  # noqa: N802

    def setWindowTitle(self, title: str) -> None: ...  # noqa: N802


Menus = dict[str, QMenu]   # the window's top menus by key ("file", "navigate", "help")
