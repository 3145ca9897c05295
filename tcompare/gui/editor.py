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

import time
from pathlib import Path
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPen, QUndoStack
from PySide6.QtWidgets import (QDialog, QFileDialog, QGraphicsRectItem, QGraphicsView,
                               QHeaderView, QInputDialog, QLabel, QMessageBox, QTableWidget,
                               QTableWidgetItem, QUndoView, QVBoxLayout)

from tcompare import formats
from tcompare.editing import dep_edits, journal as journal_mod, tree_edits
from tcompare.editing.labels import label_parser
from tcompare.editing.review import ReviewMarks
from tcompare.editing.save import SaveError, SaveSession, atomic_write
from tcompare.editing.selection import (Selection, at_path, element, move, parent_and_position,
                                        path_of, select_child, valid)
from tcompare.editing.tree_edits import EditRefused
from tcompare.gui.edit_commands import ReplaceGoldCommand
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Token, Tree
from tcompare.scoring.base import Verdict

AUTOSAVE_KEY = "autosave_seconds"
DEFAULT_AUTOSAVE_SECONDS = 30
# the edit cursor: a bright blue solid frame with a faint fill, unlike every verdict cue
# (verdicts use Okabe-Ito colours with dashed/dotted borders; crossing is black dash-dot)
SELECTION_COLOUR = QColor("#2F6BFF")

# (key, menu text, shortcuts, group) -- one table so the menu, the shortcuts and
# Help › Keyboard cannot disagree
EDIT_ACTIONS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("undo", "&Undo", ("Ctrl+Z",), "Edit"),
    ("redo", "&Redo", ("Ctrl+Shift+Z", "Ctrl+Y"), "Edit"),
    ("history", "Edit &history…", ("Ctrl+Shift+H",), "Edit"),
    ("relabel", "Re&label (node label / word POS / relation)…", ("F2",), "Edit"),
    ("set_pos", "Change &POS of the word…", ("P",), "Edit"),
    ("insert", "&Insert bracket over the selection…", ("B", "Ins"), "Edit"),
    ("delete", "&Delete bracket (children move up)", ("Del",), "Edit"),
    ("extend_right", "Extend bracket by one word to the right", ("E",), "Edit"),
    ("extend_left", "Extend bracket by one word to the left", ("Shift+E",), "Edit"),
    ("shrink_right", "Shrink bracket by one word on the right", ("R",), "Edit"),
    ("shrink_left", "Shrink bracket by one word on the left", ("Shift+R",), "Edit"),
    ("set_head", "Make the selection the &head child", ("H",), "Edit"),
    ("take_system", "&Take the system's bracket / tag / arc", ("Y",), "Edit"),
    ("reattach", "Re-&attach the word to a head…", ("A",), "Edit"),
    ("select_parent", "Select parent (head word)", ("Ctrl+Up",), "Select"),
    ("select_child", "Select first child (first dependent)", ("Ctrl+Down",), "Select"),
    ("select_previous", "Select previous sister / word", ("Ctrl+Left",), "Select"),
    ("select_next", "Select next sister / word", ("Ctrl+Right",), "Select"),
    ("grow_run", "Take the next sister into the selection", ("Ctrl+Shift+Right",), "Select"),
    ("shrink_run", "Leave the last sister out of the selection", ("Ctrl+Shift+Left",), "Select"),
    ("switch_side", "Select on the other side (gold / system)", ("S",), "Select"),
    ("flag", "&Flag sentence for later", ("Ctrl+Shift+F",), "Review"),
    ("reviewed", "Mark sentence &reviewed", ("Ctrl+Shift+R",), "Review"),
    ("note", "Sentence &note…", ("Ctrl+Shift+N",), "Review"),
    ("next_flagged", "Next flagged sentence", ("Ctrl+Shift+J",), "Review"),
    ("save", "&Save gold", ("Ctrl+S",), "File"),
    ("save_as", "Save gold &as… (copy, other notation)", ("Ctrl+Shift+S",), "File"),
    ("keyboard", "&Keyboard…", ("F1",), "Help"),
)


class GoldEditor(QObject):
    """Edits, undo, saving, autosave/recovery and review marks for `window` (a MainWindow).

    Signals
    -------
    edited(int) : gold sentence (0-based) was installed after an edit / undo / redo.
    saved(str) : the gold file was written (its path).
    """

    edited = Signal(int)
    saved = Signal(str)

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.session = window.session
        self.stack = QUndoStack(self)
        self.corpus = None                      # the gold Corpus the stack belongs to
        self.save_session: SaveSession | None = None
        self.journal: journal_mod.Journal | None = None
        self.marks: ReviewMarks | None = None
        self.selection = Selection()
        self._selection_position: int | None = None
        self._next_selection: Selection | None = None
        self._highlight: list = []
        self._filtered_viewports: set[int] = set()
        self._journal_dirty = False
        self._recovery_checked: Any = None
        self.last_message = ""
        self.history_dialog: QDialog | None = None
        self.keyboard_dialog: QDialog | None = None
        self.actions: dict[str, QAction] = {}
        self._build_actions()
        self._build_menus()
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
        window.editor = self

    # ------------------------------------------------------------------ actions and menus
    def _build_actions(self) -> None:
        slots: dict[str, Callable[[], Any]] = {
            "undo": self.undo, "redo": self.redo, "history": self.show_history,
            "relabel": self.relabel, "set_pos": self.set_pos, "insert": self.insert_bracket,
            "delete": self.delete_bracket,
            "extend_right": lambda: self.extend("right"), "extend_left": lambda: self.extend("left"),
            "shrink_right": lambda: self.shrink("right"), "shrink_left": lambda: self.shrink("left"),
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
            action = QAction(text, self.window)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setObjectName(f"edit_{key}")
            action.triggered.connect(lambda _=False, f=slots[key]: f())
            self.window.addAction(action)   # window-wide, like the other shortcuts
            self.actions[key] = action
        self.actions["undo"].setEnabled(False)
        self.actions["redo"].setEnabled(False)
        self.stack.canUndoChanged.connect(self.actions["undo"].setEnabled)
        self.stack.canRedoChanged.connect(self.actions["redo"].setEnabled)
        self.stack.undoTextChanged.connect(
            lambda t: self.actions["undo"].setText(f"&Undo {t}" if t else "&Undo"))
        self.stack.redoTextChanged.connect(
            lambda t: self.actions["redo"].setText(f"&Redo {t}" if t else "&Redo"))

    def _menu(self, title: str):
        for action in self.window.menuBar().actions():
            if action.menu() is not None and action.text().replace("&", "") == title:
                return action.menu(), action
        return None, None

    def _build_menus(self) -> None:
        bar = self.window.menuBar()
        a = self.actions
        edit = bar.addMenu("&Edit")
        _, nav_action = self._menu("Navigate")
        if nav_action is not None:   # File, Edit, Navigate, ... as usual
            bar.insertMenu(nav_action, edit)
        edit.addActions([a["undo"], a["redo"], a["history"]])
        edit.addSeparator()
        edit.addActions([a[k] for k in ("relabel", "set_pos", "insert", "delete", "extend_right",
                                        "extend_left", "shrink_right", "shrink_left", "set_head",
                                        "take_system", "reattach")])
        select = edit.addMenu("&Selection")
        select.addActions([a[k] for k in ("select_parent", "select_child", "select_previous",
                                          "select_next", "grow_run", "shrink_run", "switch_side")])
        review = edit.addMenu("Re&view")
        review.addActions([a[k] for k in ("flag", "reviewed", "note", "next_flagged")])
        self.edit_menu = edit
        file_menu, _ = self._menu("File")
        if file_menu is not None:
            quit_action = file_menu.actions()[-1] if file_menu.actions() else None
            file_menu.insertActions(quit_action, [a["save"], a["save_as"]])
            file_menu.insertSeparator(quit_action)
        help_menu, _ = self._menu("Help")
        if help_menu is None:
            help_menu = bar.addMenu("&Help")
        first = help_menu.actions()[0] if help_menu.actions() else None
        help_menu.insertAction(first, a["keyboard"])

    # ------------------------------------------------------------------ dialogs (tests replace these)
    def ask_text(self, title: str, prompt: str, default: str = "") -> str | None:
        text, ok = QInputDialog.getText(self.window, title, prompt, text=default)
        return text if ok else None

    def ask_note(self, default: str = "") -> str | None:
        text, ok = QInputDialog.getMultiLineText(self.window, "Sentence note", "Note:", default)
        return text if ok else None

    def ask_int(self, title: str, prompt: str, value: int, low: int, high: int) -> int | None:
        number, ok = QInputDialog.getInt(self.window, title, prompt, value, low, high)
        return number if ok else None

    def ask_yes_no(self, title: str, text: str) -> bool | None:
        """Yes/No; None (no answer) in a non-interactive window, which must never block."""
        if not getattr(self.window, "interactive", True):
            return None
        answer = QMessageBox.question(self.window, title, text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def ask_unsaved(self) -> str:
        """``save``, ``discard``, ``cancel`` or ``keep`` (close, leave the journal for
        recovery: what a non-interactive window does, it must never block on a dialog)."""
        if not getattr(self.window, "interactive", True):
            return "keep"
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved edits",
                          f"{self.unsaved_count()} edit(s) to the gold file are not saved.",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.window)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save",
                QMessageBox.StandardButton.Discard: "discard"}.get(answer, "cancel")

    def ask_save_as(self, notations: list[str]) -> tuple[str, str] | None:
        filters = []
        for name in notations:
            exts = " ".join(f"*{e}" for e in formats.get(name).extensions) or "*"
            filters.append(f"{name} ({exts})")
        path, chosen = QFileDialog.getSaveFileName(self.window, "Save gold as", str(self.gold_path()),
                                                   ";;".join(filters))
        if not path:
            return None
        return path, chosen.split(" ", 1)[0] if chosen else notations[0]

    def message_box(self, kind: str, title: str, text: str) -> None:
        """Tell the user (``critical`` / ``warning`` / ``information``); kept in last_message."""
        self.last_message = text
        if getattr(self.window, "interactive", True):
            getattr(QMessageBox, kind)(self.window, title, text)

    def tell(self, text: str, msecs: int = 8000) -> None:
        """A status-bar message (edit refused, saved, ...)."""
        self.last_message = text
        self.window.statusBar().showMessage(text, msecs)

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
        gold = self.session.gold
        return sum(1 for r in gold.records if r.edited) if gold is not None and self.dirty() else 0

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
        self.save_session = SaveSession(gold.path)
        self.journal = journal_mod.Journal.for_corpus(gold)
        self.marks = ReviewMarks.load(gold.path)
        model = getattr(self.window, "table_model", None)
        if model is not None and hasattr(model, "marks_changed"):
            model.marks_changed()
        self._journal_dirty = False
        self.autosave_timer.setInterval(self.autosave_seconds() * 1000)
        self.autosave_timer.start()
        self._update_title()

    def _on_finished(self, ok: bool) -> None:
        gold = self.session.gold
        if ok and gold is not None and self._recovery_checked is not gold:
            self._recovery_checked = gold
            self.offer_recovery()

    def _on_stack_changed(self, _index: int) -> None:
        self._journal_dirty = True
        self._update_status()

    def _update_title(self, *_args) -> None:
        title = self.window.windowTitle().lstrip("*").lstrip()
        self.window.setWindowTitle(("* " if self.dirty() else "") + title)
        self._update_status()

    def _update_status(self) -> None:
        parts = []
        n = self.unsaved_count()
        if n:
            parts.append(f"{n} unsaved sentence{'s' if n != 1 else ''}")
        position = self.window.current_position
        if self.marks is not None and position is not None:
            mark = self.marks.marks.get(position + 1, "")
            if mark:
                parts.append("⚑ flagged" if mark == "flagged" else "✓ reviewed")
            note = self.marks.notes.get(position + 1, "")
            if note:
                short = note.strip().splitlines()[0] if note.strip() else ""
                parts.append(f"note: {short[:60]}")
        self.status_label.setText("  ·  ".join(parts))

    def can_close(self) -> bool:
        """Ask about unsaved edits; False if the user cancels (or saving fails)."""
        if not self.dirty():
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        if answer == "discard":
            if self.journal is not None:
                self.journal.discard()
            self.stack.setClean()
            return True
        if answer == "keep":
            self._journal_dirty = True
            self.autosave()
            return True
        return False

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
        """Put `item` as gold sentence `index` (the Workspace rescores that row and the table
        follows its event), then redraw."""
        self.session.workspace.replace_gold(index, item, edited)
        self.window.refresh_summary()
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
            return "the system side is read-only: select a gold node (S switches side)"
        if s.gold is None:
            return "open a gold file first"
        if s.busy:
            return "wait until scoring has finished, then edit"
        position = w.current_position
        if position is None or position >= len(s.gold):
            return "this row has no gold sentence to edit"
        record = s.gold[position]
        with s.lock:
            item, error = record.item, record.error
        if error is not None or item is None:
            return f"the gold sentence could not be read ({error}); fix it in a text editor"
        return position, record, item

    def _edit(self, text: str, make: Callable[[Any], tuple[Any, Selection | None]]) -> bool:
        """Compute the new gold item with `make` (may raise EditRefused) and push it."""
        current = self._current()
        if isinstance(current, str):
            self.tell(f"cannot edit: {current}")
            return False
        position, record, before = current
        if self.selection.side != "gold" and not text.startswith("Take system"):
            self.tell("cannot edit: the system side is read-only: select a gold node "
                      "(S switches side)")
            return False
        try:
            after, selection = make(before)
        except EditRefused as exc:
            self.tell(f"refused: {exc}")
            return False
        self._next_selection = selection
        self.stack.push(ReplaceGoldCommand(self, position, before, after, text, record.edited))
        self.tell(f"{text}: sentence {position + 1} rescored", 4000)
        return True

    def _tree_edit(self, text: str, make) -> bool:
        if self.is_dependency():
            self.tell(f"{text.lower()} is for constituency trees")
            return False
        return self._edit(text, make)

    def _parser(self):
        return label_parser(self.session.notation)

    def _element(self, tree: Tree):
        elem = element(tree, self.selection)
        if elem is None:
            raise EditRefused("select a node or word first")
        return elem

    # -- constituency edits -------------------------------------------------------------------
    def relabel(self) -> bool:
        if self.is_dependency():
            return self.set_relation()
        current = self._current(gold_only=True)
        if isinstance(current, str):
            self.tell(f"cannot edit: {current}")
            return False
        tree = current[2]
        elem = element(tree, self.selection)
        if isinstance(elem, Token):
            return self.set_pos()
        if elem is None:
            self.tell("select a node first")
            return False
        raw = self.ask_text("Relabel", "New label:", elem.label.raw)
        if raw is None:
            return False
        sel = self.selection
        return self._edit("Relabel", lambda t: (tree_edits.relabel(t, sel.ref, raw, self._parser()), sel))

    def set_pos(self) -> bool:
        current = self._current(gold_only=True)
        if isinstance(current, str) or self.is_dependency():
            self.tell("cannot edit: " + (current if isinstance(current, str) else
                                         "F2 changes the relation of a dependency word"))
            return False
        tree = current[2]
        sel = self.selection
        elem = element(tree, sel)
        if isinstance(elem, Node) and elem.end - elem.start == 1:
            sel = Selection(sel.side, "token", elem.start)   # a unary node: its one word
        elif not isinstance(elem, Token):
            self.tell("select a word to change its POS (Ctrl+Down goes down to it)")
            return False
        pos = self.ask_text("Change POS", f"POS of “{tree.tokens[sel.ref].form}”:",
                            tree.tokens[sel.ref].pos)
        if pos is None:
            return False
        return self._tree_edit("Change POS", lambda t: (tree_edits.set_pos(t, sel.ref, pos), sel))

    def insert_bracket(self) -> bool:
        current = self._current(gold_only=True)
        if isinstance(current, str) or self.is_dependency():
            self.tell("cannot edit: " + (current if isinstance(current, str) else
                                         "brackets are for constituency trees"))
            return False
        raw = self.ask_text("Insert bracket", "Label of the new bracket:", "")
        if raw is None:
            return False
        raw = raw.strip()
        sel = self.selection

        def make(tree: Tree):
            if not raw or any(ch.isspace() for ch in raw):
                raise EditRefused("a label cannot be empty or contain spaces")
            elem = self._element(tree)
            parent, pos = parent_and_position(tree, elem)
            if parent is None:
                raise EditRefused("select the sisters the new bracket covers, not the root")
            new = tree_edits.insert_bracket(tree, parent.id, pos, pos + sel.run, raw, self._parser())
            return new, Selection("gold", "node", new.node(parent.id).children[pos].id)
        return self._tree_edit("Insert bracket", make)

    def delete_bracket(self) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            if isinstance(elem, Token):
                raise EditRefused("a word cannot be deleted; select a bracket")
            parent, _ = parent_and_position(tree, elem)
            new = tree_edits.delete_bracket(tree, sel.ref)
            return new, Selection("gold", "node", parent.id if parent is not None else 0)
        return self._tree_edit("Delete bracket", make)

    def _node_path_edit(self, text: str, fn, shift: int) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            if isinstance(elem, Token):
                raise EditRefused("select a bracket, not a word")
            path = path_of(tree, elem)
            new = fn(tree, sel.ref)
            if path:
                path[-1] += shift
            moved = at_path(new, path)
            return new, select_child(moved, "gold") if moved is not None else None
        return self._tree_edit(text, make)

    def extend(self, side: str) -> bool:
        return self._node_path_edit(f"Extend {side}", lambda t, ref: tree_edits.extend_bracket(t, ref, side),
                                    -1 if side == "left" else 0)

    def shrink(self, side: str) -> bool:
        return self._node_path_edit(f"Shrink {side}", lambda t, ref: tree_edits.shrink_bracket(t, ref, side),
                                    1 if side == "left" else 0)

    def set_head(self) -> bool:
        sel = self.selection

        def make(tree: Tree):
            elem = self._element(tree)
            parent, pos = parent_and_position(tree, elem)
            if parent is None:
                raise EditRefused("the root has no parent to be the head of")
            new = tree_edits.set_head(tree, parent.id, tuple(range(pos, pos + sel.run + 1)))
            moved = at_path(new, path_of(tree, elem))
            return new, select_child(moved, "gold") if moved is not None else sel
        return self._tree_edit("Set head", make)

    def take_system(self) -> bool:
        if self.is_dependency():
            return self.take_system_arc()
        w = self.window
        sel = self.selection
        result = w.current_result
        current = self._current()
        if isinstance(current, str):
            self.tell(f"cannot edit: {current}")
            return False
        _, sys_item = self.session.pair(w.current_system, current[0])
        if not isinstance(sys_item, Tree):
            self.tell("there is no system tree for this sentence")
            return False
        parser = self._parser()

        def make(tree: Tree):
            if sel.kind == "token":
                if len(tree.tokens) != len(sys_item.tokens):
                    raise EditRefused("gold and system have different words")
                pos = sys_item.tokens[sel.ref].pos
                if tree.tokens[sel.ref].pos == pos:
                    raise EditRefused("the gold word already has the system's tag")
                return tree_edits.set_pos(tree, sel.ref, pos), Selection("gold", "token", sel.ref)
            if sel.side == "system":
                new = tree_edits.take_system_bracket(tree, sys_item, system_node=sel.ref,
                                                     parse_label=parser)
                snode = sys_item.node(sel.ref)
                found = [n for n in new.nodes() if (n.start, n.end) == (snode.start, snode.end)
                         and n.label.raw == snode.label.raw]
                return new, Selection("gold", "node", found[-1].id) if found else None
            item = _bracket_item(result, "gold", sel.ref)
            if item is None or item.verdict is Verdict.MATCH:
                raise EditRefused("this gold bracket agrees with the system (or is not scored); "
                                  "select a system bracket to take it")
            if item.verdict is Verdict.LABEL_ONLY and item.partner >= 0:
                new = tree_edits.take_system_bracket(tree, sys_item, system_node=item.partner,
                                                     parse_label=parser)
                return new, sel
            parent, _ = parent_and_position(tree, self._element(tree))
            new = tree_edits.take_system_bracket(tree, sys_item, gold_node=sel.ref)
            return new, Selection("gold", "node", parent.id if parent is not None else 0)
        return self._tree_edit("Take system", make)

    # -- dependency edits ---------------------------------------------------------------------
    def _dep_word(self) -> int | None:
        if not self.is_dependency():
            self.tell("re-attaching is for dependency sentences")
            return None
        return self.selection.ref

    def reattach(self, head: int | None = None) -> bool:
        """Attach the selected word to word `head` (0-based, -1 = root); asks when None."""
        word = self._dep_word()
        if word is None:
            return False
        current = self._current()
        if isinstance(current, str):
            self.tell(f"cannot edit: {current}")
            return False
        sentence: DepSentence = current[2]
        if not 0 <= word < len(sentence.words):
            self.tell("select a word first")
            return False
        if head is None:
            number = self.ask_int("Re-attach", f"New head of “{sentence.words[word].form}” "
                                  f"(word number, 0 = root):",
                                  _head_position(sentence, word) + 1, 0, len(sentence.words))
            if number is None:
                return False
            head = number - 1
        return self._edit("Re-attach", lambda s: (dep_edits.reattach(s, word, head),
                                                  Selection("gold", "token", word)))

    def set_relation(self) -> bool:
        word = self._dep_word()
        current = self._current()
        if word is None or isinstance(current, str):
            if isinstance(current, str):
                self.tell(f"cannot edit: {current}")
            return False
        sentence: DepSentence = current[2]
        if not 0 <= word < len(sentence.words):
            return False
        relation = self.ask_text("Relation", f"Relation of “{sentence.words[word].form}”:",
                                 sentence.words[word].deprel)
        if relation is None:
            return False
        return self._edit("Change relation", lambda s: (dep_edits.set_relation(s, word, relation),
                                                        Selection("gold", "token", word)))

    def take_system_arc(self) -> bool:
        word = self.selection.ref
        current = self._current()
        if isinstance(current, str):
            self.tell(f"cannot edit: {current}")
            return False
        _, sys_item = self.session.pair(self.window.current_system, current[0])
        if not isinstance(sys_item, DepSentence) or len(sys_item.words) != len(current[2].words):
            self.tell("refused: the system sentence has other words")
            return False

        def make(s: DepSentence):
            if not 0 <= word < len(s.words):
                raise EditRefused("select a word first")
            sys_word = sys_item.words[word]
            head = _head_position(sys_item, word)
            new = s
            if _head_position(s, word) != head:
                new = dep_edits.reattach(new, word, head)
            if new.words[word].deprel != sys_word.deprel:
                new = dep_edits.set_relation(new, word, sys_word.deprel)
            if new is s:
                raise EditRefused("the gold arc already equals the system's")
            return new, Selection("gold", "token", word)
        return self._edit("Take system arc", make)

    # ------------------------------------------------------------------ undo
    def undo(self) -> None:
        if self.session.busy:
            self.tell("wait until scoring has finished")
            return
        self.stack.undo()

    def redo(self) -> None:
        if self.session.busy:
            self.tell("wait until scoring has finished")
            return
        self.stack.redo()

    def show_history(self) -> QDialog:
        if self.history_dialog is None:
            dialog = QDialog(self.window)
            dialog.setWindowTitle("Edit history")
            view = QUndoView(self.stack, dialog)
            view.setEmptyLabel("<opened file>")
            QVBoxLayout(dialog).addWidget(view)
            dialog.resize(420, 360)
            self.history_dialog = dialog
        self.history_dialog.show()
        self.history_dialog.raise_()
        return self.history_dialog

    # ------------------------------------------------------------------ selection
    def _item_now(self):
        s, w = self.session, self.window
        if s.gold is None or w.current_position is None:
            return None
        side_item = s.pair(w.current_system, w.current_position)
        return side_item[1] if self.selection.side == "system" else side_item[0]

    def move_selection(self, where: str) -> None:
        item = self._item_now()
        if isinstance(item, Tree):
            self.selection = move(item, self.selection, where)
        elif isinstance(item, DepSentence):
            self.selection = _dep_move(item, self.selection, where)
        self._draw_selection()

    def switch_side(self) -> None:
        if self.is_dependency():
            self.tell("dependency edits work on the gold arcs; the selection is a word")
            return
        side = "system" if self.selection.side == "gold" else "gold"
        self.selection = Selection(side, "node", 0)
        self.move_selection("parent")   # validates against that side's tree and redraws

    def select(self, selection: Selection) -> None:
        self.selection = selection
        self._draw_selection()

    def _on_sentence_shown(self, position: int) -> None:
        if self._next_selection is not None:
            self.selection, self._next_selection = self._next_selection, None
        elif position != self._selection_position:
            self.selection = Selection("gold", "token" if self.is_dependency() else "node", 0)
        self._selection_position = position
        item = self._item_now()
        if isinstance(item, Tree):
            self.selection = valid(item, self.selection)
        self._install_click_filter()
        self._draw_selection()
        self._update_status()

    def _install_click_filter(self) -> None:
        view = self.window.view_stack.currentWidget()
        if view is None:
            return
        if id(view) not in self._filtered_viewports:
            self._filtered_viewports.add(id(view))
            # a relayout rebuilds the scene (and drops the frame): draw it again
            for name in ("relaid_out",) if hasattr(view, "relaid_out") else (
                    "layout_changed", "mode_changed"):
                signal = getattr(view, name, None)
                if signal is not None:
                    signal.connect(lambda *_: QTimer.singleShot(0, self._draw_selection))
        for gv in view.findChildren(QGraphicsView):
            port = gv.viewport()
            if id(port) not in self._filtered_viewports:
                port.installEventFilter(self)
                self._filtered_viewports.add(id(port))

    def _on_click(self, port, event) -> None:
        gv = port.parent()
        if not isinstance(gv, QGraphicsView):
            return
        # the topmost item that says what it shows (not the selection frame, not an edge)
        item = next((i for i in gv.items(event.position().toPoint())
                     if i.data(1) not in (None, "")), None)
        if item is None:
            return
        view = self.window.view_stack.currentWidget()
        if hasattr(view, "token_items"):      # dependency view: data(2) is the word
            word = item.data(2)
            if not isinstance(word, int) or word < 0:
                return
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier and self.selection.kind == "token":
                head = self.selection.ref
                self.selection = Selection("gold", "token", word)
                self.reattach(head)
            else:
                self.select(Selection("gold", "token", word))
            return
        side, kind, ref = item.data(1), item.data(2), item.data(3)
        if side in ("gold", "system") and isinstance(ref, int):
            self.select(Selection(side, "node" if kind == "node" else "token", ref))

    def _draw_selection(self) -> None:
        for old in self._highlight:
            if shiboken6.isValid(old) and old.scene() is not None:
                old.scene().removeItem(old)
        self._highlight = []
        view = self.window.view_stack.currentWidget()
        rect = self._selection_rect(view)
        if rect is None:
            return
        box = QGraphicsRectItem(rect.adjusted(-5, -5, 5, 5))
        pen = QPen(SELECTION_COLOUR, 2.5, Qt.PenStyle.SolidLine)
        box.setPen(pen)
        fill = QColor(SELECTION_COLOUR)
        fill.setAlpha(28)
        box.setBrush(QBrush(fill))
        box.setZValue(1000)
        box.setData(1, "")   # clicks fall through to the item under it
        box.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        view.scene.addItem(box)
        self._highlight.append(box)

    def _selection_rect(self, view) -> QRectF | None:
        sel = self.selection
        if view is None or not hasattr(view, "scene"):
            return None
        if hasattr(view, "token_items"):
            items = [i for i in view.token_items() if i.data(2) == sel.ref
                     and i.data(1) in ("gold", "both")]
        elif hasattr(view, "node_items"):
            item = self._item_now()
            if not isinstance(item, Tree):
                return None
            elem = element(item, sel)
            if elem is None:
                return None
            members = [elem]
            if sel.run:
                parent, pos = parent_and_position(item, elem)
                members = parent.children[pos:pos + sel.run + 1]
            items = []
            for m in members:
                if isinstance(m, Node):
                    items.append(view.node_items(sel.side).get(m.id))
                else:
                    items.append(view.word_items(sel.side).get(m.index))
                    items.append(view.pos_items(sel.side).get(m.index))
            items = [i for i in items if i is not None]
        else:
            return None
        rect = None
        for i in items:
            r = i.sceneBoundingRect() if not hasattr(i, "box") else QRectF(
                i.box.x, i.box.y, i.box.w, i.box.h)
            rect = r if rect is None else rect.united(r)
        return rect

    # ------------------------------------------------------------------ saving
    def save(self) -> bool:
        gold = self.session.gold
        if gold is None or self.save_session is None:
            return False
        if self.save_session.changed_on_disk():
            if not self.ask_yes_no("File changed on disk",
                                   f"{gold.path} was changed by another program since it was "
                                   "opened. Overwrite it with the version shown here?"):
                self.tell("not saved: the file on disk was left as the other program wrote it")
                return False
        try:
            data = formats.corpus_bytes(gold)
        except Exception as exc:   # an edited label the file's encoding cannot hold
            self.message_box("critical", "Cannot save",
                             f"{gold.path} was not saved: {exc}; the file is unchanged.")
            return False
        try:
            self.save_session.save(data)
        except SaveError as exc:
            self.message_box("critical", "Cannot save", f"{exc}. Your edits are still open: "
                             "free some space or use Save As to write elsewhere.")
            return False
        self.stack.setClean()
        if self.journal is not None:
            self.journal.discard()
        self._journal_dirty = False
        self.tell(f"saved {gold.path}", 5000)
        self.saved.emit(gold.path)
        return True

    def save_as(self) -> bool:
        gold = self.session.gold
        if gold is None:
            return False
        from tcompare.cli.convert import ImpossibleConversion, convert_corpus, targets_for

        choice = self.ask_save_as(targets_for(gold.notation))
        if choice is None:
            return False
        path, target = choice
        if Path(path).resolve() == Path(gold.path).resolve() and target == gold.notation:
            return self.save()
        problems: list[str] = []
        try:
            if target == gold.notation:
                data = formats.corpus_bytes(gold)
            else:
                from tcompare.formats.encoding import encode_text
                conversion = convert_corpus(gold, target)
                problems = conversion.problems
                data = encode_text(conversion.text, gold.encoding, gold.bom)
            atomic_write(path, data)
        except (ImpossibleConversion, SaveError, ValueError) as exc:
            self.message_box("critical", "Cannot save as", f"{path} was not written: {exc}")
            return False
        if problems:
            self.message_box("warning", "Saved with problems",
                             f"{path} written as {target}; {len(problems)} sentence(s) could not "
                             "be converted:\n" + "\n".join(problems[:20]))
        else:
            self.tell(f"saved a copy as {path} ({target})", 5000)
        return True

    # ------------------------------------------------------------------ autosave / recovery
    def autosave(self) -> bool:
        """Write the recovery journal if anything changed since the last write."""
        if not self._journal_dirty or self.journal is None or self.session.gold is None:
            return False
        self._journal_dirty = False
        if not self.dirty():
            self.journal.discard()
            return False
        with self.session.lock:
            self.journal.record(self.session.gold)
        try:
            self.journal.write()
        except SaveError as exc:
            self.tell(f"autosave failed: {exc}")
            return False
        return True

    def offer_recovery(self) -> bool:
        gold = self.session.gold
        found = journal_mod.load(gold.path)
        if found is None or not found.edits:
            return False
        changed = found.base_hash and found.base_hash != journal_mod.file_hash(gold.path)
        text = (f"{len(found.edits)} edited sentence(s) of {Path(gold.path).name} were autosaved "
                "by a session that did not end normally. Restore them?")
        if changed:
            text += ("\n\nThe file was changed since then: restored sentences replace the "
                     "sentences at the same positions.")
        answer = self.ask_yes_no("Recover unsaved edits", text)
        if answer is None:      # nobody to ask: keep the journal for the next interactive start
            return False
        if not answer:
            found.discard()
            return False
        problems = []
        self.stack.beginMacro("Restore autosaved edits")
        try:
            for index, source in sorted(found.edits.items()):
                if not 1 <= index <= len(gold):
                    problems.append(f"sentence {index}: not in the file any more")
                    continue
                parsed = formats.read_text(source, gold.notation,
                                           f"{journal_mod.recovery_path(gold.path)}#{index}")
                if len(parsed) != 1 or parsed[0].error is not None:
                    problems.append(f"sentence {index}: the journaled text cannot be read back")
                    continue
                record = gold[index - 1]
                with self.session.lock:
                    before = record.item
                self.stack.push(ReplaceGoldCommand(self, index - 1, before, parsed[0].item,
                                                   "Restore", record.edited))
        finally:
            self.stack.endMacro()
        if problems:
            self.message_box("warning", "Recovery", "Some edits could not be restored:\n"
                             + "\n".join(problems))
        self.tell(f"restored {len(found.edits) - len(problems)} autosaved sentence(s); "
                  "save to keep them")
        return True

    # ------------------------------------------------------------------ review marks
    def toggle_mark(self, mark: str) -> None:
        position = self.window.current_position
        if self.marks is None or position is None:
            return
        current = self.marks.marks.get(position + 1, "")
        self.marks.set_mark(position + 1, "" if current == mark else mark)
        self._save_marks()

    def edit_note(self) -> None:
        position = self.window.current_position
        if self.marks is None or position is None:
            return
        note = self.ask_note(self.marks.notes.get(position + 1, ""))
        if note is None:
            return
        self.marks.set_note(position + 1, note)
        self._save_marks()

    def _save_marks(self) -> None:
        try:
            self.marks.save()
        except SaveError as exc:
            self.message_box("warning", "Review marks not saved", str(exc))
        self._update_status()
        model = getattr(self.window, "table_model", None)
        if model is not None and hasattr(model, "marks_changed"):
            model.marks_changed(self.window.current_position)
        proxy = getattr(self.window, "filter_model", None)
        if proxy is not None and proxy.status in ("flagged", "reviewed"):
            proxy.set_status(proxy.status)   # the row may leave (or join) the filtered view

    def mark_cell(self, position: int) -> tuple[str, str]:
        """The sentence table's ``mark`` cell for sentence `position` (0-based): glyphs
        (⚑ flagged, ✓ reviewed, ✎ has a note) and the note for the tooltip."""
        if self.marks is None:
            return "", ""
        mark = self.marks.marks.get(position + 1, "")
        note = self.marks.notes.get(position + 1, "")
        from tcompare.gui.table_model import MARK_GLYPHS, NOTE_GLYPH

        glyphs = MARK_GLYPHS.get(mark, "")
        if note.strip():
            glyphs += NOTE_GLYPH
        return glyphs, note

    def next_flagged(self) -> bool:
        position = self.window.current_position
        if self.marks is None:
            return False
        start = position + 1 if position is not None else 0
        flagged = sorted(i - 1 for i, m in self.marks.marks.items() if m == "flagged")
        for candidate in flagged[:]:
            if candidate >= start:
                return self.window.go_to(candidate + 1)
        if flagged:
            return self.window.go_to(flagged[0] + 1)
        self.tell("no sentence is flagged")
        return False

    # ------------------------------------------------------------------ Help › Keyboard
    def keyboard_rows(self) -> list[tuple[str, str, str]]:
        """(group, what, keys) for every action of the window that has a shortcut."""
        rows = []
        ours = set(self.actions.values())
        for key, _text, _keys, group in EDIT_ACTIONS:
            action = self.actions[key]
            rows.append((group, action.text().replace("&", ""), _keys_text(action)))
        for action in self.window.actions():
            if action in ours or not action.shortcuts():
                continue
            rows.append(("Window", action.text().replace("&", ""), _keys_text(action)))
        return rows

    def show_keyboard_help(self) -> QDialog:
        if self.keyboard_dialog is None:
            dialog = QDialog(self.window)
            dialog.setWindowTitle("Keyboard")
            table = QTableWidget(dialog)
            table.setObjectName("keyboard_table")
            table.setColumnCount(3)
            table.setHorizontalHeaderLabels(["Group", "Action", "Keys"])
            table.verticalHeader().setVisible(False)
            table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
            QVBoxLayout(dialog).addWidget(table)
            dialog.resize(640, 560)
            self.keyboard_dialog, self.keyboard_table = dialog, table
        rows = self.keyboard_rows()
        table = self.keyboard_table
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                table.setItem(r, c, QTableWidgetItem(value))
        table.resizeColumnToContents(0)
        table.resizeColumnToContents(2)
        self.keyboard_dialog.show()
        return self.keyboard_dialog


# ---------------------------------------------------------------------- helpers
def _keys_text(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())


def _bracket_item(result, side: str, ref: int):
    if result is None:
        return None
    for item in result.items_for(side):
        if item.kind == "bracket" and item.ref == ref:
            return item
    return None


def _head_position(sentence: DepSentence, word: int) -> int:
    """0-based position of the head of word `word` (-1 = root or unknown)."""
    words = sentence.words
    head = words[word].head
    for i, w in enumerate(words):
        if w.id == head:
            return i
    return -1


def _dep_move(sentence: DepSentence, sel: Selection, where: str) -> Selection:
    n = len(sentence.words)
    if n == 0:
        return sel
    word = min(max(sel.ref, 0), n - 1)
    if where == "previous":
        word = max(word - 1, 0)
    elif where == "next":
        word = min(word + 1, n - 1)
    elif where == "parent":
        head = _head_position(sentence, word)
        word = head if head >= 0 else word
    elif where == "child":
        deps = [i for i in range(n) if _head_position(sentence, i) == word]
        word = deps[0] if deps else word
    return Selection("gold", "token", word)
