"""The gold editor's cursor: moving the selection with keys or the mouse, and painting it
(a blue frame, unlike every verdict cue).  It sees the window only as the `ShownSentence`
port and talks to the user through `Questions`.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsView

from tcompare.editing.selection import (Selection, element, move, parent_and_position,
                                        valid)
from tcompare.gui.drawing.dep_view import DependencyComparisonView
from tcompare.gui.editor.ports import GoldItem, Questions, ShownSentence
from tcompare.gui.language.i18n import tr
from tcompare.gui.drawing.scene_export import mark_overlay
from tcompare.gui.drawing.tree_view import TreeComparisonView
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Tree

# the edit cursor: a bright blue solid frame with a faint fill, unlike every verdict cue
# (verdicts use Okabe-Ito colours with dashed/dotted borders; crossing is black dash-dot)
SELECTION_COLOUR = QColor("#2F6BFF")


class SelectionCursor(QObject):
    """The selection of the sentence shown: moved by keys and clicks, drawn as a frame.

    Signals
    -------
    head_chosen(int) : in a dependency sentence, Shift+click on a word after selecting
        another: attach the clicked word (now selected) to that head (0-based).
    menu_requested(QPoint) : a right click on a word of a dependency sentence (now
        selected): its context menu, at that global position.
    """

    head_chosen = Signal(int)
    menu_requested = Signal(QPoint)

    def __init__(self, sentence: ShownSentence, questions: Questions, parent: QObject | None = None):
        super().__init__(parent)
        self.sentence, self.questions = sentence, questions
        self.selection = Selection()
        self.frames: list[QGraphicsRectItem] = []      # the frame drawn (one, or none)
        self._position: int | None = None             # the sentence the selection is in
        self._after_redraw: Selection | None = None   # what to select when it is drawn again
        self._watched: set[int] = set()               # views and viewports clicks come from

    def item(self) -> GoldItem | None:
        """The selected side's item of the sentence shown (None when nothing is shown)."""
        gold, system = self.sentence.items()
        return system if self.selection.side == "system" else gold

    def move_selection(self, where: str) -> None:
        item = self.item()
        if isinstance(item, Tree):
            self.selection = move(item, self.selection, where)
        elif isinstance(item, DepSentence):
            self.selection = dep_move(item, self.selection, where)
        self.draw()

    def switch_side(self) -> None:
        if self.sentence.is_dependency():
            self.questions.tell(tr("edit_selection", "dependency edits work on the gold arcs; the selection is a word"))
            return
        side = "system" if self.selection.side == "gold" else "gold"
        self.selection = Selection(side, "node", 0)
        self.move_selection("parent")   # validates against that side's tree and redraws

    def select(self, selection: Selection) -> None:
        self.selection = selection
        self.draw()

    def select_after_redraw(self, selection: Selection | None) -> None:
        """Select `selection` when the sentence is drawn next (after an edit); None: keep
        what is selected when the edited sentence is the one shown."""
        self._after_redraw = selection

    def keep_for(self, position: int) -> None:
        """Sentence `position` is about to be redrawn after a change: unless an edit chose
        what to select, keep the selection when it is the sentence shown."""
        if self._after_redraw is None and self.sentence.position() == position:
            self._after_redraw = self.selection

    def sentence_shown(self, position: int) -> None:
        """The window drew sentence `position`: carry the selection over, or start afresh."""
        if self._after_redraw is not None:
            self.selection, self._after_redraw = self._after_redraw, None
        elif position != self._position:
            self.selection = Selection("gold", "token" if self.sentence.is_dependency() else "node", 0)
        self._position = position
        item = self.item()
        if isinstance(item, Tree):
            self.selection = valid(item, self.selection)
        self._watch_clicks()
        self.draw()

    def _watch_clicks(self) -> None:
        view = self.sentence.view()
        if view is None:
            return
        if id(view) not in self._watched:
            self._watched.add(id(view))
            # a relayout rebuilds the scene (and drops the frame): draw it again once the
            # event that relaid it out is over (a new sentence has its selection by then)
            view.relaid_out.connect(self.draw, Qt.ConnectionType.QueuedConnection)
        for gv in view.findChildren(QGraphicsView):
            port = gv.viewport()
            if id(port) not in self._watched:
                port.installEventFilter(self)
                self._watched.add(id(port))

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.MouseButtonPress and id(obj) in self._watched:
            self._on_click(obj, event)
        elif event.type() == QEvent.Type.ContextMenu and id(obj) in self._watched:
            return self._on_context_menu(obj, event)
        return False

    def _on_context_menu(self, port, event) -> bool:
        """Right click on a dependency word: select it, ask for its menu (True: handled)."""
        gv = port.parent()
        if not isinstance(gv, QGraphicsView) or not isinstance(self.sentence.view(),
                                                               DependencyComparisonView):
            return False
        item = next((i for i in gv.items(event.pos()) if i.data(1) not in (None, "")), None)
        word = item.data(2) if item is not None else None
        if not isinstance(word, int) or word < 0:
            return False
        if not (self.selection.ref <= word <= self.selection.ref + self.selection.run):
            self.select(Selection("gold", "token", word))   # (a right click keeps a run it is in)
        self.menu_requested.emit(event.globalPos())
        return True

    def _on_click(self, port, event) -> None:
        gv = port.parent()
        if not isinstance(gv, QGraphicsView):
            return
        # the topmost item that says what it shows (not the selection frame, not an edge)
        item = next((i for i in gv.items(event.position().toPoint())
                     if i.data(1) not in (None, "")), None)
        if item is None:
            return
        view = self.sentence.view()
        if isinstance(view, DependencyComparisonView):      # data(2) is the word
            word = item.data(2)
            if not isinstance(word, int) or word < 0:
                return
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier and self.selection.kind == "token":
                head = self.selection.ref
                self.selection = Selection("gold", "token", word)
                self.head_chosen.emit(head)
            else:
                self.select(Selection("gold", "token", word))
            return
        side, kind, ref = item.data(1), item.data(2), item.data(3)
        if side in ("gold", "system") and isinstance(ref, int):
            self.select(Selection(side, "node" if kind == "node" else "token", ref))

    def draw(self) -> None:
        """Draw the frame around the selection (again), and say what is selected."""
        for old in self.frames:
            if shiboken6.isValid(old) and old.scene() is not None:
                old.scene().removeItem(old)
        self.frames = []
        view = self.sentence.view()
        self.sentence.announce(self.selection)   # what a screen reader hears
        rect = self.selection_rect(view)
        if rect is None or view is None:
            return
        box = QGraphicsRectItem(rect.adjusted(-5, -5, 5, 5))
        pen = QPen(SELECTION_COLOUR, 2.5, Qt.PenStyle.SolidLine)
        box.setPen(pen)
        fill = QColor(SELECTION_COLOUR)
        fill.setAlpha(28)
        box.setBrush(QBrush(fill))
        box.setZValue(1000)
        box.setData(1, "")   # clicks fall through to the item under it
        mark_overlay(box)    # never in a picture
        box.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        view.scene.addItem(box)
        self.frames.append(box)

    def selection_rect(self, view) -> QRectF | None:
        """The scene rectangle of what is selected in `view` (None: nothing drawn there)."""
        sel = self.selection
        if isinstance(view, DependencyComparisonView):
            items = [i for i in view.token_items()
                     if isinstance(i.data(2), int) and sel.ref <= i.data(2) <= sel.ref + sel.run
                     and i.data(1) in ("gold", "both")]
        elif isinstance(view, TreeComparisonView):
            item = self.item()
            if not isinstance(item, Tree):
                return None
            elem = element(item, sel)
            if elem is None:
                return None
            members = [elem]
            if sel.run:
                parent, pos = parent_and_position(item, elem)
                if parent is not None:
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


def bracket_item(result, side: str, ref: int):
    if result is None:
        return None
    for item in result.items_for(side):
        if item.kind == "bracket" and item.ref == ref:
            return item
    return None

def head_position(sentence: DepSentence, word: int) -> int:
    """0-based position of the head of word `word` (-1 = root or unknown)."""
    words = sentence.words
    head = words[word].head
    for i, w in enumerate(words):
        if w.id == head:
            return i
    return -1

def dep_move(sentence: DepSentence, sel: Selection, where: str) -> Selection:
    n = len(sentence.words)
    if n == 0:
        return sel
    word = min(max(sel.ref, 0), n - 1)
    if where in ("grow", "shrink"):     # a run of words (what a multiword token covers)
        run = sel.run + 1 if where == "grow" else sel.run - 1
        return Selection("gold", "token", word, max(0, min(run, n - 1 - word)))
    if where == "previous":
        word = max(word - 1, 0)
    elif where == "next":
        word = min(word + 1, n - 1)
    elif where == "parent":
        head = head_position(sentence, word)
        word = head if head >= 0 else word
    elif where == "child":
        deps = [i for i in range(n) if head_position(sentence, i) == word]
        word = deps[0] if deps else word
    return Selection("gold", "token", word)
