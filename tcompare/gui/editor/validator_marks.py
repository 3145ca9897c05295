"""The UD validator's findings drawn on the words of the dependency view.

A word the validator named gets a wavy underline and a round badge at its top right:
red with "!" for an error, amber with "!" for a warning (the colours differ from every
verdict colour and from the violet query frames; the shape says it without colour: the
badge is round, nothing else in the drawing is).  Their tooltip is the validator's
messages on that word.  Problems of the sentence as a whole (a comment line, a missing
``# text``) go on the ROOT marker.  The marks are overlays: never in an exported picture.
They are drawn again whenever the view rebuilds its scene (`relaid_out`).
"""

from __future__ import annotations

import html
from typing import Iterable, Protocol

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem,
                               QGraphicsSimpleTextItem, QWidget)

from tcompare.analysis.ud_validation import Finding
from tcompare.gui import themes
from tcompare.gui.drawing.dep_view import DependencyComparisonView
from tcompare.gui.drawing.scene_export import mark_overlay
from tcompare.gui.language.i18n import tr
from tcompare.layout.arcs import Box

ERROR_COLOUR = "#D7191C"
WARNING_COLOUR = "#E6A100"
MARKS_Z = 950                 # over the drawing and the query frames, under the cursor (1000)
BADGE = 14.0                  # px, the badge's diameter
WAVE = 3.0                    # px, half a wave of the underline


class ShownView(Protocol):
    def view(self) -> QWidget | None: ...


def finding_line(f: Finding) -> str:
    p = f.problem
    kind = f"{p.kind} " + tr("validator", "error") if f.is_error else tr("validator", "warning")
    return f"L{p.level} {kind} {p.test}: {p.message.splitlines()[0]}"


def tooltip(findings: Iterable[Finding]) -> str:
    lines = [html.escape(finding_line(f), quote=False) for f in findings]
    return ("<b>" + tr("validator", "UD validator") + "</b><br>" + "<br>".join(lines))


class ValidatorMarks:
    """Draws the findings of the sentence shown (see the module docstring)."""

    def __init__(self) -> None:
        self.items: list[QGraphicsItem] = []
        self.findings: list[Finding] = []
        self._watched: set[int] = set()

    def show(self, view: QWidget | None, findings: list[Finding]) -> None:
        self.findings = list(findings)
        self.clear()
        if not isinstance(view, DependencyComparisonView):
            return
        if id(view) not in self._watched:
            self._watched.add(id(view))
            view.relaid_out.connect(lambda v=view: self._redraw(v),
                                    Qt.ConnectionType.QueuedConnection)
        self._draw(view)

    def _redraw(self, view: DependencyComparisonView) -> None:
        if shiboken6.isValid(view) and view.isVisible():
            self.clear()
            self._draw(view)

    def clear(self) -> None:
        for item in self.items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()

    def marked_words(self) -> dict[int | str, list[Finding]]:
        """Word index (or empty node ID, or ``"sentence"``) -> its findings (tests)."""
        out: dict[int | str, list[Finding]] = {}
        for f in self.findings:
            key: int | str = f.word if f.word is not None else (f.node or "sentence")
            out.setdefault(key, []).append(f)
        return out

    def _draw(self, view: DependencyComparisonView) -> None:
        by_word = self.marked_words()
        if not by_word:
            return
        for cell in view.token_items():
            shape = getattr(cell, "token", None)
            if shape is None or shape.side not in ("gold", "both"):
                continue
            if shape.kind == "word":
                key: int | str = shape.word
            elif shape.kind == "empty":           # its note: the ID (and the POS, if shown)
                key = shape.note.split(" ", 1)[0]
            elif shape.kind == "root":
                key = "sentence"
            else:
                continue
            findings = by_word.get(key)
            if findings:
                self._mark(view, shape.text_box, findings)

    def _mark(self, view: DependencyComparisonView, box: Box, findings: list[Finding]) -> None:
        error = any(f.is_error for f in findings)
        canvas = themes.current().canvas
        colour = QColor(themes.readable(ERROR_COLOUR if error else WARNING_COLOUR, canvas, 3.0))
        tip = tooltip(findings)
        # the wavy underline, just under the form
        y, x, path = box.bottom + 1.5, box.x, QPainterPath()
        path.moveTo(x, y)
        up = True
        while x < box.right:
            step = min(WAVE * 2, box.right - x)
            path.quadTo(QPointF(x + step / 2, y + (-WAVE if up else WAVE)), QPointF(x + step, y))
            x += step
            up = not up
        wave = QGraphicsPathItem(path)
        wave.setPen(QPen(colour, 1.6))
        badge = QGraphicsEllipseItem(QRectF(box.right - BADGE / 2, box.y - BADGE * 0.75,
                                            BADGE, BADGE))
        badge.setBrush(QBrush(colour))
        badge.setPen(QPen(QColor(canvas), 1.2))
        bang = QGraphicsSimpleTextItem("!", badge)
        font = QFont(view.font())
        font.setBold(True)
        font.setPixelSize(int(BADGE - 3))
        bang.setFont(font)
        bang.setBrush(QColor("#FFFFFF" if error else "#000000"))
        r = bang.boundingRect()
        centre = badge.rect().center()
        bang.setPos(centre.x() - r.width() / 2, centre.y() - r.height() / 2)
        for item in (wave, badge):
            item.setToolTip(tip)
            item.setZValue(MARKS_Z)
            item.setData(1, "")            # clicks fall through to the word (the cursor)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            mark_overlay(item)
            view.scene.addItem(item)
            self.items.append(item)
