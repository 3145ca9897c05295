"""Pictures of a whole QGraphicsScene, independent of the view's zoom: PNG image and SVG.

Shared by the tree and the dependency views (and through them the export dialog).  Qt paints
every picture into memory (`painted`, `image_bytes`); the file is then written by the one
atomic writer, `tcompare.atomic_file` (a full disk keeps the previous file; no half file).
"""

from __future__ import annotations

import errno
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter, QPaintDevice
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tcompare.atomic_file import atomic_write
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


def _qt_failed(what: str) -> OSError:
    return OSError(errno.EIO, f"Qt could not {what}")


def memory_device() -> tuple[QBuffer, QByteArray]:
    """An open in-memory device for Qt's painters and image writers, and its bytes."""
    data = QByteArray()
    device = QBuffer(data)
    if not device.open(QIODevice.OpenModeFlag.WriteOnly):
        raise _qt_failed("open a memory buffer")
    return device, data


def painted(device: QPaintDevice, paint: Callable[[QPainter], None]) -> None:
    """`paint` on `device`; OSError when Qt's painter cannot start or finish there."""
    painter = QPainter()
    if not painter.begin(device):
        raise _qt_failed("start drawing")
    try:
        paint(painter)
    finally:
        ended = painter.end()
    if not ended:
        raise _qt_failed("finish drawing")


def image_bytes(image: QImage, fmt: str = "PNG") -> bytes:
    """`image` encoded (PNG); OSError when Qt cannot."""
    device, data = memory_device()
    if not image.save(device, fmt):
        raise _qt_failed(f"encode the {fmt} image")
    device.close()
    return bytes(data.data())


def write_bytes(path: str | Path, data: bytes) -> None:
    """The file written atomically (`tcompare.atomic_file.WriteError`, an OSError, if not)."""
    atomic_write(path, data)


def scene_svg(scene: QGraphicsScene, path: str, title: str) -> None:
    """Write the scene as SVG; text stays text, so Chinese words remain searchable."""
    from PySide6.QtSvg import QSvgGenerator

    rect = scene.sceneRect()
    device, data = memory_device()
    generator = QSvgGenerator()
    generator.setOutputDevice(device)
    generator.setSize(QSize(int(rect.width() + 0.5), int(rect.height() + 0.5)))
    generator.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    generator.setTitle(title)

    def paint(painter: QPainter) -> None:
        # an opaque background: black text on a transparent SVG vanishes on a dark slide
        painter.fillRect(QRectF(0, 0, rect.width(), rect.height()), QColor(themes.current().canvas))
        with without_overlays(scene):
            scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    painted(generator, paint)
    device.close()
    write_bytes(path, bytes(data.data()))
