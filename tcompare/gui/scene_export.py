"""Pictures of a whole QGraphicsScene, independent of the view's zoom: PNG image and SVG.

Shared by the tree and the dependency views (and through them the export dialog).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tcompare.gui import themes

# QGraphicsItem.data key set on what is drawn over a sentence for the user at the screen
# (the editor's selection frame, query marks): pictures and exports leave it out
OVERLAY_ROLE = 7


def mark_overlay(item: QGraphicsItem) -> QGraphicsItem:
    item.setData(OVERLAY_ROLE, True)
    return item


@contextmanager
def without_overlays(scene: QGraphicsScene) -> Iterator[None]:
    """The scene with its overlay items hidden (shown again afterwards)."""
    hidden = [i for i in scene.items() if i.data(OVERLAY_ROLE) and i.isVisible()]
    for item in hidden:
        item.setVisible(False)
    try:
        yield
    finally:
        for item in hidden:
            item.setVisible(True)


def scene_image(scene: QGraphicsScene, scale: float = 1.0) -> QImage:
    """The scene on the theme's canvas (white but in the dark theme), `scale` pixels per scene unit."""
    rect = scene.sceneRect()
    image = QImage(max(1, int(rect.width() * scale + 0.5)), max(1, int(rect.height() * scale + 0.5)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(themes.current().canvas))      # the picture as on the screen
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    with without_overlays(scene):
        scene.render(painter, QRectF(0, 0, image.width(), image.height()), rect)
    painter.end()
    return image


def scene_svg(scene: QGraphicsScene, path: str, title: str) -> None:
    """Write the scene as SVG; text stays text, so Chinese words remain searchable."""
    from PySide6.QtSvg import QSvgGenerator

    rect = scene.sceneRect()
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(rect.width() + 0.5), int(rect.height() + 0.5)))
    generator.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    generator.setTitle(title)
    painter = QPainter(generator)
    # an opaque background: black text on a transparent SVG vanishes on a dark slide
    painter.fillRect(QRectF(0, 0, rect.width(), rect.height()), QColor(themes.current().canvas))
    with without_overlays(scene):
        scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
