"""The gold editor's cursor: moving the selection with keys or the mouse, and painting it
(a blue frame, unlike every verdict cue).
"""

from __future__ import annotations


import shiboken6
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsView

from tcompare.editing.selection import (Selection, element, move, parent_and_position,
                                        valid)
from tcompare.gui.a11y import announce_selection
from tcompare.gui.dep_view import DependencyComparisonView
from tcompare.gui.i18n import tr
from tcompare.gui.scene_export import mark_overlay
from tcompare.gui.tree_view import TreeComparisonView
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Tree

# the edit cursor: a bright blue solid frame with a faint fill, unlike every verdict cue
# (verdicts use Okabe-Ito colours with dashed/dotted borders; crossing is black dash-dot)
SELECTION_COLOUR = QColor("#2F6BFF")


class SelectionCursor:
    """Mixin of `GoldEditor`: the selection, its keys, clicks and frame."""

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
            self.selection = dep_move(item, self.selection, where)
        self._draw_selection()

    def switch_side(self) -> None:
        if self.is_dependency():
            self.tell(tr("edit_selection", "dependency edits work on the gold arcs; the selection is a word"))
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
            view.relaid_out.connect(lambda *_: QTimer.singleShot(0, self._draw_selection))
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
        if isinstance(view, DependencyComparisonView):      # data(2) is the word
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
        announce_selection(self.window, self.selection)   # what a screen reader hears
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
        mark_overlay(box)    # never in a picture
        box.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        view.scene.addItem(box)
        self._highlight.append(box)

    def _selection_rect(self, view) -> QRectF | None:
        sel = self.selection
        if isinstance(view, DependencyComparisonView):
            items = [i for i in view.token_items() if i.data(2) == sel.ref
                     and i.data(1) in ("gold", "both")]
        elif isinstance(view, TreeComparisonView):
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
