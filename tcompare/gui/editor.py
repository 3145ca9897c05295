"""GoldEditor: the annotator loop of the main window (issue 9).

The gold side is edited in place; the system side is read-only.  Every edit is computed by
a pure function of `tcompare.editing` (old item -> new item) and pushed as one
`ReplaceGoldCommand` on a `QUndoStack`, so undo/redo replay exactly what the edit did.
Installing an item re-scores ONLY that sentence through the session's profile
(`scoring.pairing.score_pair`, the CLI's pairing), replaces its row in the
`RunningSummary` (no other sentence is rescored), refreshes its table row, the sidebar
totals and the drawing.

Selection (the cursor)
----------------------
A node or word of one side (`editing.selection.Selection`), moved with the keys below or
picked with the mouse.  A run of sisters (Ctrl+Shift+Right) is what a new bracket covers.
In a dependency sentence the cursor is a word; Shift+click a second word attaches it to the
selected one (click head, then Shift+click dependent).

Saving (`editing.save`): the gold file in its own notation, encoding and line ends;
untouched sentences byte-identical; atomic; ``<gold>.orig`` kept on the first save; a file
changed on disk since it was opened is not overwritten without asking.  Save As writes a
copy, in another notation when `cli.convert` has a converter; the open file stays the one
Ctrl+S saves.  The edited sentences are journaled to ``<gold>.tcompare.recovery`` every
``autosave_seconds`` (QSettings, default 30); after a crash the next opening of that gold
file offers to restore them (as one undoable step).  Review marks and notes live in the
sidecar ``<gold>.tcompare.json``.

Dialogs go through the ``ask_*`` / `message_box` methods so tests can replace them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (QDialog, QLabel, QUndoView, QVBoxLayout)

from tcompare import formats
from tcompare.editing.selection import (Selection)
from tcompare.editing.tree_edits import EditRefused
from tcompare.gui.edit_actions import EDIT_ACTIONS
from tcompare.gui.edit_commands import ReplaceGoldCommand
from tcompare.gui.edit_dialogs import EditorDialogs
from tcompare.gui.edit_files import EditorFiles
from tcompare.gui.edit_operations import EditOperations
from tcompare.gui.edit_selection import SelectionCursor
from tcompare.gui import i18n
from tcompare.gui.i18n import tr
from tcompare.gui.keyboard_help import KeyboardHelp
from tcompare.workspace.gold_file import GoldFile

AUTOSAVE_KEY = "autosave_seconds"
DEFAULT_AUTOSAVE_SECONDS = 30

class GoldEditor(EditOperations, SelectionCursor, EditorFiles, EditorDialogs, KeyboardHelp,
                 QObject):
    """Edits, undo, saving, autosave/recovery and review marks for `window` (a MainWindow).

    Signals
    -------
    edited(int) : gold sentence (0-based) was installed after an edit / undo / redo.
    saved(str) : the gold file was written (its path).
    """

    edited = Signal(int)
    saved = Signal(str)

    def __init__(self, window, window_actions):
        super().__init__(window)
        self.window = window
        self.session = window.session
        self.stack = QUndoStack(self)
        self.corpus = None                      # the gold Corpus the stack belongs to
        self.gold_file: GoldFile | None = None   # saving, journal, review marks
        self.selection = Selection()
        self._selection_position: int | None = None
        self._next_selection: Selection | None = None
        self._highlight: list = []
        self._filtered_viewports: set[int] = set()
        self._journal_pending = False
        self._recovery_checked: Any = None
        self.last_message = ""
        self.history_dialog: QDialog | None = None
        self.keyboard_dialog: QDialog | None = None
        self.actions: dict[str, QAction] = {}
        self._build_actions()
        self._build_menus(window_actions.menus)
        self.status_label = QLabel()
        self.status_label.setObjectName("edit_status")
        window.statusBar().addPermanentWidget(self.status_label)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(self.autosave_seconds() * 1000)
        self.autosave_timer.timeout.connect(self.autosave)
        self.stack.indexChanged.connect(self._on_stack_changed)
        self.stack.cleanChanged.connect(self._update_title)
        self.session.opened.connect(self._on_opened)
        self.session.finished.connect(self._on_finished)
        window.sentence_shown.connect(self._on_sentence_shown)
        window.installEventFilter(self)

    # ------------------------------------------------------------------ actions and menus
    def _build_actions(self) -> None:
        slots: dict[str, Callable[[], Any]] = {
            "undo": self.undo, "redo": self.redo, "history": self.show_history,
            "relabel": self.relabel, "set_pos": self.set_pos, "insert": self.insert_bracket,
            "delete": self.delete_bracket,
            "extend_right": lambda: self.extend("right"), "extend_left": lambda: self.extend("left"),
            "shrink_right": lambda: self.shrink("right"), "shrink_left": lambda: self.shrink("left"),
            "attach_left": lambda: self.move_phrase("left"),
            "attach_right": lambda: self.move_phrase("right"),
            "lift": lambda: self.move_phrase("up"),
            "set_head": self.set_head, "take_system": self.take_system, "reattach": self.reattach,
            "select_parent": lambda: self.move_selection("parent"),
            "select_child": lambda: self.move_selection("child"),
            "select_previous": lambda: self.move_selection("previous"),
            "select_next": lambda: self.move_selection("next"),
            "grow_run": lambda: self.move_selection("grow"),
            "shrink_run": lambda: self.move_selection("shrink"),
            "switch_side": self.switch_side,
            "flag": lambda: self.toggle_mark("flagged"),
            "reviewed": lambda: self.toggle_mark("reviewed"),
            "note": self.edit_note, "next_flagged": self.next_flagged,
            "save": self.save, "save_as": self.save_as, "keyboard": self.show_keyboard_help,
        }
        for key, text, keys, _group in EDIT_ACTIONS:
            action = QAction(tr("edit_actions", text), self.window)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setObjectName(f"edit_{key}")
            action.triggered.connect(lambda _=False, f=slots[key]: f())
            self.window.addAction(action)   # window-wide, like the other shortcuts
            self.actions[key] = action
        self.actions["undo"].setEnabled(False)
        self.actions["redo"].setEnabled(False)
        self.stack.canUndoChanged.connect(self.actions["undo"].setEnabled)
        self.stack.canRedoChanged.connect(self.actions["redo"].setEnabled)
        self.stack.undoTextChanged.connect(self.name_undo_redo)
        self.stack.redoTextChanged.connect(self.name_undo_redo)

    def retranslate(self) -> None:
        """After a language switch: the title's unsaved mark, the edits' names (history,
        undo/redo); the edits themselves stay on the stack."""
        self._update_title()
        for i in range(self.stack.count()):
            command = self.stack.command(i)
            if hasattr(command, "retranslate"):
                command.retranslate()
            else:                                   # a macro (recovered edits)
                command.setText(i18n.again(command.text()))
        self.name_undo_redo()

    def name_undo_redo(self, *_args) -> None:
        """"Undo Relabel" / "Redo Relabel" (again after a language switch)."""
        for key, t in (("undo", self.stack.undoText()), ("redo", self.stack.redoText())):
            if key == "undo":
                text = tr("editor", "&Undo {command}").format(command=t) if t else tr("edit_actions", "&Undo")
            else:
                text = tr("editor", "&Redo {command}").format(command=t) if t else tr("edit_actions", "&Redo")
            self.actions[key].setText(text)

    def _build_menus(self, menus: dict) -> None:
        bar = self.window.menuBar()
        a = self.actions
        edit = bar.addMenu(tr("editor", "&Edit"))
        bar.insertMenu(menus["navigate"].menuAction(), edit)   # File, Edit, Navigate, ... as usual
        edit.addActions([a["undo"], a["redo"], a["history"]])
        edit.addSeparator()
        edit.addActions([a[k] for k in ("relabel", "set_pos", "insert", "delete", "extend_right",
                                        "extend_left", "shrink_right", "shrink_left", "attach_left",
                                        "attach_right", "lift", "set_head",
                                        "take_system", "reattach")])
        select = edit.addMenu(tr("editor", "&Selection"))
        select.addActions([a[k] for k in ("select_parent", "select_child", "select_previous",
                                          "select_next", "grow_run", "shrink_run", "switch_side")])
        review = edit.addMenu(tr("editor", "Re&view"))
        review.addActions([a[k] for k in ("flag", "reviewed", "note", "next_flagged")])
        self.edit_menu = edit
        quit_action = menus["file"].actions()[-1]
        menus["file"].insertActions(quit_action, [a["save"], a["save_as"]])
        menus["file"].insertSeparator(quit_action)
        help_menu = menus["help"]
        help_menu.insertAction(help_menu.actions()[0], a["keyboard"])

    # ------------------------------------------------------------------ state
    def gold_path(self) -> Path | None:
        return Path(self.session.gold.path) if self.session.gold is not None else None

    def is_dependency(self) -> bool:
        try:
            return formats.get(self.session.notation).kind == "dependency"
        except (KeyError, ModuleNotFoundError):
            return False

    def dirty(self) -> bool:
        return not self.stack.isClean()

    def unsaved_count(self) -> int:
        """Sentences that differ from the file as last saved (not every sentence ever edited)."""
        if self.gold_file is None or not self.dirty():
            return 0
        return self.gold_file.unsaved_count()

    def _journal_now(self) -> None:
        self._journal_pending = False
        self.autosave()

    def autosave_seconds(self) -> int:
        try:
            return max(1, int(self.window.settings.value(AUTOSAVE_KEY, DEFAULT_AUTOSAVE_SECONDS)))
        except (TypeError, ValueError):
            return DEFAULT_AUTOSAVE_SECONDS

    def _on_opened(self) -> None:
        gold = self.session.gold
        if gold is self.corpus:   # the same files rescored with another profile: keep history
            return
        self.corpus = gold
        self.stack.clear()
        self.stack.setClean()
        self.gold_file = GoldFile(gold, self.session.workspace.gold_fingerprint)
        self.window.table_model.marks_changed()
        self.autosave_timer.setInterval(self.autosave_seconds() * 1000)
        self.autosave_timer.start()
        self._update_title()

    def _on_finished(self, ok: bool) -> None:
        gold = self.session.gold
        if ok and gold is not None and self._recovery_checked is not gold:
            self._recovery_checked = gold
            self.offer_recovery()

    def _on_stack_changed(self, _index: int) -> None:
        if self.gold_file is not None:
            self.gold_file.journal_dirty = True
            # journaled as it happens (after this event, once per burst of changes): a kill
            # loses nothing, where the 30-second timer lost up to 30 seconds of edits
            if not self._journal_pending:
                self._journal_pending = True
                QTimer.singleShot(0, self._journal_now)
        self._update_status()

    def _update_title(self, *_args) -> None:
        title = self.window.windowTitle().lstrip("*").lstrip()
        self.window.setWindowTitle(("* " if self.dirty() else "") + title)
        self._update_status()


    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt override)
        etype = event.type()
        if obj is self.window and etype == QEvent.Type.Close:
            if not self.can_close():
                event.ignore()
                return True
            self.autosave_timer.stop()
            return False
        if etype == QEvent.Type.MouseButtonPress and id(obj) in self._filtered_viewports:
            self._on_click(obj, event)
        return False

    # ------------------------------------------------------------------ installing (GoldDocument)
    def install_gold(self, index: int, item: Any, edited: bool) -> None:
        """Put `item` as gold sentence `index` (the Workspace rescores that row; the table and
        the sidebar's total follow its events), then redraw."""
        self.session.workspace.replace_gold(index, item, edited)
        if self._next_selection is None and self.window.current_position == index:
            self._next_selection = self.selection
        self.window.show_sentence(index)
        self.edited.emit(index)

    # ------------------------------------------------------------------ the edit pipeline
    def _current(self, gold_only: bool = False):
        """(position, gold record, gold item) of the sentence shown, or a refusal message.
        `gold_only`: refuse when the selection is on the (read-only) system side."""
        s, w = self.session, self.window
        if gold_only and self.selection.side != "gold":
            return tr("editor", "the system side is read-only: select a gold node (S switches side)")
        if s.gold is None:
            return tr("editor", "open a gold file first")
        if s.busy:
            return tr("editor", "wait until scoring has finished, then edit")
        position = w.current_position
        if position is None or position >= len(s.gold):
            return tr("editor", "this row has no gold sentence to edit")
        record = s.gold[position]
        with s.lock:
            item, error = record.item, record.error
        if error is not None or item is None:
            return tr("editor", "the gold sentence could not be read ({error}); fix it in a text "
                      "editor").format(error=error)
        return position, record, item

    def _edit(self, text: str, make: Callable[[Any], tuple[Any, Selection | None]]) -> bool:
        """Compute the new gold item with `make` (may raise EditRefused) and push it."""
        current = self._current()
        if isinstance(current, str):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=current))
            return False
        position, record, before = current
        if self.selection.side != "gold" and not text.startswith("Take system"):
            self.tell(tr("edit_operations", "cannot edit: {why}").format(why=tr(
                "editor", "the system side is read-only: select a gold node (S switches side)")))
            return False
        try:
            after, selection = make(before)
        except EditRefused as exc:
            self.tell(tr("editor", "refused: {why}").format(why=exc))
            return False
        self._next_selection = selection
        shown = tr("edit_operations", text)
        self.stack.push(ReplaceGoldCommand(self, position, before, after, shown, record.edited))
        self.tell(tr("editor", "{edit}: sentence {n} rescored").format(edit=shown, n=position + 1), 4000)
        return True

    def _tree_edit(self, text: str, make) -> bool:
        if self.is_dependency():
            self.tell(tr("editor", "{edit} is for constituency trees").format(
                edit=tr("edit_operations", text).lower()))
            return False
        return self._edit(text, make)


    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        if self.session.busy:
            self.tell(tr("editor", "wait until scoring has finished"))
            return
        self.stack.undo()

    def redo(self) -> None:
        if self.session.busy:
            self.tell(tr("editor", "wait until scoring has finished"))
            return
        self.stack.redo()

    def show_history(self) -> QDialog:
        if self.history_dialog is None:
            dialog = QDialog(self.window)
            dialog.setWindowTitle(tr("editor", "Edit history"))
            view = QUndoView(self.stack, dialog)
            view.setEmptyLabel(tr("editor", "<opened file>"))
            view.setAccessibleName(tr("editor", "Edit history"))
            QVBoxLayout(dialog).addWidget(view)
            dialog.resize(420, 360)
            self.history_dialog = dialog
        self.history_dialog.show()
        self.history_dialog.raise_()
        return self.history_dialog

    # ------------------------------------------------------------------ saving


    # ------------------------------------------------------------------ review marks


    # ------------------------------------------------------------------ Help › Keyboard


# ---------------------------------------------------------------------- helpers


