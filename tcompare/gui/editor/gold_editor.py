"""GoldEditor: the annotator loop of the main window.

The gold side is edited in place; the system side is read-only.  Every edit is computed by
a pure function of `tcompare.editing` (old item -> new item) and pushed as one
`ReplaceGoldCommand` on a `QUndoStack`, so undo/redo replay exactly what the edit did.
The command changes the gold through `Workspace.replace_gold`, which re-scores ONLY that
sentence, replaces its row in the running totals and announces it: the table, the
sidebar's totals and (here) the drawing follow the Workspace's events, whoever made the
change.

The editor is assembled from parts, each handed a small port (`editor.ports`): the questions
(`editor.dialogs`), the cursor (`editor.selection`), the edits (`editor.operations`), the file
actions (`editor.files`) and Help › Keyboard (`keyboard_help`).  Only `GoldEditor` (menus,
title, signals) and `WindowPort` (the ports) read the window's members; the parts see the
ports.

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
Ctrl+S saves.  The edited sentences are journaled to ``<gold>.tcompare.recovery`` as each
edit, undo or redo happens (and every ``autosave_seconds``, QSettings, default 30); after a crash the next opening of that gold
file offers to restore them (as one undoable step).  Review marks and notes live in the
sidecar ``<gold>.tcompare.json``.

Dialogs go through ``editor.dialogs`` (``ask_*``, `message_box`) so tests can replace them.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QDialog, QLabel, QMenu, QUndoView, QVBoxLayout, QWidget

from tcompare.editing.selection import Selection
from tcompare.gui.language import i18n
from tcompare.gui.language.a11y import announce_selection
from tcompare.gui.editor.actions import EDIT_ACTIONS
from tcompare.gui.editor.dialogs import EditorDialogs
from tcompare.gui.editor.files import EditorFiles
from tcompare.gui.editor.operations import EditOperations, is_dependency
from tcompare.gui.editor.ports import EditorWindow, GoldItem, Menus
from tcompare.gui.editor.selection import SelectionCursor
from tcompare.gui.language.i18n import tr
from tcompare.gui.editor.keyboard_help import KeyboardHelp
from tcompare.gui.editor.word_operations import WordOperations
from tcompare.model.corpus import Corpus
from tcompare.scoring.base import SentenceResult

# the word-level edits (Edit › Words and sentences, and a word's context menu)
WORD_MENU = ("set_pos", "set_xpos", "set_feats", "set_lemma", "set_misc", "set_deps",
             "split_token", "merge_tokens", "make_multiword", "dissolve_multiword",
             "insert_empty", "delete_empty", "split_sentence", "merge_sentences")
AUTOSAVE_KEY = "autosave_seconds"
DEFAULT_AUTOSAVE_SECONDS = 30


class WindowPort:
    """The window as the editor's parts see it: `ShownSentence`, `DialogHost`, `MarkedRows`
    (edit_ports), read from the window's members."""

    def __init__(self, window: EditorWindow):
        self._window = window

    # -- ShownSentence ------------------------------------------------------------------------
    def position(self) -> int | None:
        return self._window.current_position

    def items(self) -> tuple[GoldItem | None, GoldItem | None]:
        w = self._window
        if w.session.gold is None or w.current_position is None:
            return None, None
        return w.session.pair(w.current_system, w.current_position)

    def result(self) -> SentenceResult | None:
        return self._window.current_result

    def view(self) -> QWidget | None:
        return self._window.view_stack.currentWidget()

    def is_dependency(self) -> bool:
        return is_dependency(self._window.session.notation)

    def go_to(self, number: int) -> bool:
        return self._window.go_to(number)

    def announce(self, selection: Selection) -> None:
        announce_selection(self._window, selection)

    # -- DialogHost ---------------------------------------------------------------------------
    def dialog_parent(self) -> QWidget:
        return self._window.window()

    def interactive(self) -> bool:
        return self._window.interactive

    def show_message(self, text: str, msecs: int) -> None:
        self._window.statusBar().showMessage(text, msecs)

    # -- MarkedRows ---------------------------------------------------------------------------
    def marks_changed(self, position: int | None) -> None:
        self._window.table_model.marks_changed(position)
        proxy = self._window.filter_model
        if proxy.status in ("flagged", "reviewed"):
            proxy.set_status(proxy.status)   # the row may leave (or join) the filtered view


class GoldEditor(QObject):
    """Edits, undo, saving, autosave/recovery and review marks for `window`.

    Parts (each sees only its ports): ``dialogs`` (questions; tests replace them),
    ``cursor`` (the selection), ``edits`` (the Edit menu's edits), ``files`` (save,
    journal, recovery, review marks), ``keyboard`` (Help › Keyboard).

    Signals
    -------
    edited(int) : gold sentence (0-based) was replaced (an edit / undo / redo / restore),
        after the window drew it again.
    saved(str) : the gold file was written (its path).
    """

    edited = Signal(int)
    saved = Signal(str)

    def __init__(self, window: EditorWindow, menus: Menus):
        super().__init__(window.window())
        self.window = window
        self.workspace = window.session.workspace
        self.stack = QUndoStack(self)
        self.corpus: Corpus | None = None       # the gold Corpus the stack belongs to
        port = WindowPort(window)
        self.dialogs = EditorDialogs(port)
        self.cursor = SelectionCursor(port, self.dialogs, self)
        self.edits = EditOperations(self.workspace, port, self.cursor, self.dialogs, self.stack)
        self.words = WordOperations(self.edits)
        self.status_label = QLabel()
        self.status_label.setObjectName("edit_status")
        self.files = EditorFiles(self.workspace, port, port, self.dialogs, self.stack,
                                 self.status_label, self.saved.emit)
        self.history_dialog: QDialog | None = None
        self.context_menu: QMenu | None = None
        self.actions: dict[str, QAction] = {}
        self._build_actions()
        self.keyboard = KeyboardHelp(window, self.actions)
        self._build_menus(menus)
        window.statusBar().addPermanentWidget(self.status_label)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(self.autosave_seconds() * 1000)
        self.autosave_timer.timeout.connect(self.files.autosave)
        self.cursor.head_chosen.connect(self.edits.reattach)
        self.cursor.menu_requested.connect(self.show_word_menu)
        self.stack.indexChanged.connect(self._on_stack_changed)
        self.stack.cleanChanged.connect(self._update_title)
        window.session.opened.connect(self._on_opened)
        window.session.finished.connect(self._on_finished)
        window.sentence_shown.connect(self._on_sentence_shown)
        # the one way the gold changes (an edit, undo, redo, restored journal): redraw it
        self.workspace.gold_replaced.connect(self._on_gold_replaced)
        window.installEventFilter(self)

    # ------------------------------------------------------------------ actions and menus
    def _build_actions(self) -> None:
        e, c, f, w = self.edits, self.cursor, self.files, self.words
        slots: dict[str, Callable[[], object]] = {
            "undo": self.undo, "redo": self.redo, "history": self.show_history,
            "relabel": e.relabel, "insert": e.insert_bracket,
            # P: a constituency word's POS, a dependency word's UPOS
            "set_pos": lambda: w.edit_field("UPOS") if e.is_dependency() else e.set_pos(),
            "set_xpos": lambda: w.edit_field("XPOS"), "set_feats": w.edit_features,
            "set_lemma": lambda: w.edit_field("LEMMA"), "set_misc": lambda: w.edit_field("MISC"),
            "set_deps": lambda: w.edit_field("DEPS"), "split_token": w.split_token,
            "merge_tokens": w.merge_tokens, "make_multiword": w.make_multiword,
            "dissolve_multiword": w.dissolve_multiword, "insert_empty": w.insert_empty_node,
            "delete_empty": w.delete_empty_node, "split_sentence": w.split_sentence,
            "merge_sentences": w.merge_sentences,
            "delete": e.delete_bracket,
            "extend_right": lambda: e.extend("right"), "extend_left": lambda: e.extend("left"),
            "shrink_right": lambda: e.shrink("right"), "shrink_left": lambda: e.shrink("left"),
            "attach_left": lambda: e.move_phrase("left"),
            "attach_right": lambda: e.move_phrase("right"),
            "lift": lambda: e.move_phrase("up"),
            "set_head": e.set_head, "take_system": e.take_system, "reattach": e.reattach,
            "select_parent": lambda: c.move_selection("parent"),
            "select_child": lambda: c.move_selection("child"),
            "select_previous": lambda: c.move_selection("previous"),
            "select_next": lambda: c.move_selection("next"),
            "grow_run": lambda: c.move_selection("grow"),
            "shrink_run": lambda: c.move_selection("shrink"),
            "switch_side": c.switch_side,
            "flag": lambda: f.toggle_mark("flagged"),
            "reviewed": lambda: f.toggle_mark("reviewed"),
            "note": f.edit_note, "next_flagged": f.next_flagged,
            "save": f.save, "save_as": f.save_as, "keyboard": lambda: self.keyboard.show(),
        }
        for key, text, keys, _group in EDIT_ACTIONS:
            action = QAction(tr("edit_actions", text), self.window.window())
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

    def word_menu(self) -> QMenu:
        """A word's context menu in a dependency sentence: its edits, then undo/redo."""
        menu = QMenu(self.window.window())
        menu.setObjectName("word_menu")
        menu.addActions([self.actions[k] for k in ("relabel", "reattach", *WORD_MENU)])
        menu.addSeparator()
        menu.addActions([self.actions["undo"], self.actions["redo"]])
        return menu

    def show_word_menu(self, where: QPoint) -> None:
        """Right click on a word (now selected): its context menu at `where` (global)."""
        if not self.edits.is_dependency():
            return
        self.context_menu = self.word_menu()
        if self.window.interactive:
            self.context_menu.exec(where)
        else:               # tests and screenshots: shown, never blocking
            self.context_menu.popup(where)

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

    def _build_menus(self, menus: Menus) -> None:
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
        words = edit.addMenu(tr("editor", "&Words and sentences (CoNLL-U)"))
        words.addActions([a[k] for k in WORD_MENU])
        self.words_menu = words
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
    def dirty(self) -> bool:
        """Unsaved edits (the undo stack is not where the file was last saved)."""
        return self.files.dirty()

    def can_close(self) -> bool:
        """Ask about unsaved edits; False if the user cancels (or saving fails)."""
        return self.files.can_close()

    def mark_cell(self, position: int) -> tuple[str, str]:
        """The sentence table's ``mark`` cell (`EditorFiles.mark_cell`)."""
        return self.files.mark_cell(position)

    @property
    def selection(self) -> Selection:
        return self.cursor.selection

    @property
    def last_message(self) -> str:
        """The last thing the editor told the user."""
        return self.dialogs.last_message

    def autosave_seconds(self) -> int:
        try:
            return max(1, int(self.window.settings.value(AUTOSAVE_KEY, DEFAULT_AUTOSAVE_SECONDS)))
        except (TypeError, ValueError):
            return DEFAULT_AUTOSAVE_SECONDS

    def _on_opened(self) -> None:
        gold = self.workspace.gold
        if gold is self.corpus:   # the same files rescored with another profile: keep history
            return
        self.corpus = gold
        self.stack.clear()
        self.stack.setClean()
        if gold is not None:
            self.files.open(gold, self.workspace.gold_fingerprint)
        self.window.table_model.marks_changed()
        self.autosave_timer.setInterval(self.autosave_seconds() * 1000)
        self.autosave_timer.start()
        self._update_title()

    def _on_finished(self, ok: bool) -> None:
        gold = self.workspace.gold
        if ok and gold is not None:
            self.files.offer_recovery_once(gold)

    def _on_stack_changed(self, _index: int) -> None:
        self.files.stack_changed()

    def _on_sentence_shown(self, position: int) -> None:
        self.cursor.sentence_shown(position)
        self.files.update_status()

    def _on_gold_replaced(self, row: int) -> None:
        """The Workspace replaced gold sentence `row` (and rescored it): draw it, with the
        selection the edit chose (or the one it had)."""
        self.cursor.keep_for(row)
        self.window.show_sentence(row)
        self.edited.emit(row)

    def _update_title(self, *_args) -> None:
        title = self.window.windowTitle().lstrip("*").lstrip()
        self.window.setWindowTitle(("* " if self.dirty() else "") + title)
        self.files.update_status()

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt override)
        if obj is self.window and event.type() == QEvent.Type.Close:
            if not self.files.can_close():
                event.ignore()
                return True
            self.autosave_timer.stop()
        return False

    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        if self.workspace.busy:
            self.dialogs.tell(tr("editor", "wait until scoring has finished"))
            return
        self.stack.undo()

    def redo(self) -> None:
        if self.workspace.busy:
            self.dialogs.tell(tr("editor", "wait until scoring has finished"))
            return
        self.stack.redo()

    def show_history(self) -> QDialog:
        if self.history_dialog is None:
            dialog = QDialog(self.window.window())
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
