"""Frames drawn over a comparison view around what a query matched (or what a clicked
figure counts): one dashed frame per matched node or word, in a colour no verdict uses."""

from __future__ import annotations

from typing import Iterable

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsScene, QGraphicsView

from tcompare.gui import themes

from tcompare.gui.drawing.scene_export import mark_overlay

MARK_COLOUR = "#7B2CBF"     # violet: not one of the verdict colours (palette.py)
MARK_Z = 900                # above the drawing, under the editor's selection frame (1000)

# side -> (phrase node ids, token indices) to frame
Marks = dict[str, tuple[frozenset[int], frozenset[int]]]


def draw_marks(scene: QGraphicsScene, items: Iterable[QGraphicsItem]) -> list[QGraphicsItem]:
    """A frame around each of `items`; returns the frames (to remove them later)."""
    frames: list[QGraphicsItem] = []
    # the violet, lightened on a dark canvas (3:1 for a line, as for the verdicts' borders)
    pen = QPen(QColor(themes.readable(MARK_COLOUR, themes.current().canvas, 3.0)), 2.4,
               Qt.PenStyle.DashLine)
    for item in items:
        rect: QRectF = item.sceneBoundingRect().adjusted(-4, -3, 4, 3)
        frame = QGraphicsRectItem(rect)
        frame.setPen(pen)
        frame.setZValue(MARK_Z)
        frame.setData(1, "")                       # clicks fall through to the item under it
        mark_overlay(frame)                        # never in a picture
        frame.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(frame)
        frames.append(frame)
    return frames


def clear_marks(frames: list[QGraphicsItem]) -> None:
    for frame in frames:
        if shiboken6.isValid(frame) and frame.scene() is not None:
            frame.scene().removeItem(frame)
    frames.clear()


class Overlays:
    """Mixin of the comparison views: the query marks drawn over the scene, and presentation
    mode's high contrast.  A view sets ``_marks = {}``, ``_mark_frames = []`` and
    ``_high_contrast = False`` and gives ``scene``, ``_rebuild()`` and ``_mark_targets()``
    (the drawn items the marks frame)."""

    _marks: Marks
    _mark_frames: list[QGraphicsItem]
    _high_contrast: bool
    scene: QGraphicsScene

    def set_marks(self, marks: Marks) -> None:
        """Frame, per side, these phrase nodes (ids) and words (token indices): what a query
        matched.  Empty: no frames.  A new sentence clears them."""
        self._marks = dict(marks)
        self._draw_marks()

    def marked(self) -> list[QGraphicsItem]:
        return list(self._mark_frames)

    def _draw_marks(self) -> None:
        clear_marks(self._mark_frames)
        self._mark_frames = draw_marks(self.scene, self._mark_targets())

    def _mark_targets(self) -> list[QGraphicsItem]:
        raise NotImplementedError

    def set_high_contrast(self, on: bool) -> None:
        """Black, thicker lines (presentation mode on a projector)."""
        if on != self._high_contrast:
            self._high_contrast = on
            self._rebuild()

    def high_contrast(self) -> bool:
        """Presentation mode, or the high-contrast theme: black, thicker lines."""
        return self._high_contrast or themes.current().high_contrast

    def restyle(self) -> None:
        """Draw again in the current theme (`themes.ThemeKeeper` calls it on a change)."""
        for canvas in self.findChildren(QGraphicsView):      # type: ignore[attr-defined]
            canvas.setBackgroundBrush(QBrush(QColor(themes.current().canvas)))
        self._rebuild()
