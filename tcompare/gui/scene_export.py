"""Pictures of a whole QGraphicsScene, independent of the view's zoom: PNG image and SVG.

Shared by the tree and the dependency views (and through them the export dialog).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene


def scene_image(scene: QGraphicsScene, scale: float = 1.0) -> QImage:
    """The scene on a white background, `scale` pixels per scene unit."""
    rect = scene.sceneRect()
    image = QImage(max(1, int(rect.width() * scale + 0.5)), max(1, int(rect.height() * scale + 0.5)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#FFFFFF"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
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
    scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painter.end()
