"""Pictures of a drawn sentence pair: PNG, SVG and PDF from a view's scene (with a title line
and a verdict legend), and the LaTeX document; `render_pair_to_file` draws a pair in an
offscreen view for ``tcompare export``.  The window's File › Export current sentence…
(`export_dialog`) writes through the same `write_scene`, so both give the same picture.

* PNG: the view's scene rendered to an image (``scale`` pixels per drawing unit).
* SVG: QSvgGenerator; text stays text, so words (Chinese too) are searchable in the file.
* PDF: QPdfWriter, one page the size of the drawing (vector; Qt embeds the font subsets,
  so CJK prints without the reader having the font).
* LaTeX: `tcompare.export.latex` (forest / tikz-dependency) from the sentence pair and the
  scorer's result.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageSize, QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from tcompare.gui import themes
from tcompare.gui.language.i18n import tr
from tcompare.gui.language.terms import term
from tcompare.gui.drawing.scene_export import image_bytes, memory_device, painted, without_overlays, write_bytes

TITLE_HEIGHT = 28.0
PDF_MAX_POINTS = 14000.0   # PDF pages are limited to 200 inches; bigger drawings are scaled down
LEGEND_HEIGHT = 26.0
LEGEND_BOX = 22.0



def legend_for(notation: str, enhanced: bool = False) -> tuple:
    """The verdicts a picture's legend lists: the constituency legend's, or the arc verdicts
    (with `enhanced` arcs drawn: missing and extra too, which only they have)."""
    from tcompare.gui.drawing import palette
    from tcompare.gui.drawing.views import notation_kind
    from tcompare.scoring.base import Verdict

    if notation_kind(notation) == "dependency":
        # the dependency view colours arcs with the same styles (its key is a widget)
        return (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH,
                Verdict.IGNORED) + ((Verdict.MISSING, Verdict.EXTRA) if enhanced else ())
    return tuple(palette.CONSTITUENCY_VERDICTS)


# -- writing ----------------------------------------------------------------------------------

def _title_font() -> QFont:
    try:
        from tcompare.gui.fonts import tree_font

        return tree_font(12.0, bold=True)
    except Exception:  # pragma: no cover - fonts needs only Qt
        font = QFont()
        font.setBold(True)
        return font


def _legend_width(verdicts) -> float:
    from PySide6.QtGui import QFontMetricsF

    from tcompare.gui.drawing import palette

    metrics = QFontMetricsF(_legend_font())
    return sum(LEGEND_BOX + 6 + metrics.horizontalAdvance(term(palette.style_for(v).legend)) + 18
               for v in verdicts) + 8


def _legend_font() -> QFont:
    try:
        from tcompare.gui.fonts import tree_font

        return tree_font(9.0)
    except Exception:  # pragma: no cover
        return QFont()


def _paint_legend(painter: QPainter, verdicts, top: float, factor: float) -> None:
    """One row of sample boxes with their meanings (the GUI legend's styles)."""
    from PySide6.QtGui import QFontMetricsF

    from tcompare.gui.drawing import palette

    painter.save()
    painter.scale(factor, factor)
    font = _legend_font()
    metrics = QFontMetricsF(font, painter.device())  # the device's resolution, not the screen's
    x = 8.0
    y = top / factor + (LEGEND_HEIGHT - 14) / 2
    for verdict in verdicts:
        style = palette.style_for(verdict)
        palette.paint_verdict_box(painter, QRectF(x, y, LEGEND_BOX, 14), style, "", icon_font=font)
        x += LEGEND_BOX + 6
        painter.setFont(font)
        painter.setPen(QColor(themes.current().text))
        width = metrics.horizontalAdvance(term(style.legend))
        painter.drawText(QRectF(x, y - 2, width + 4, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, term(style.legend))
        x += width + 18
    painter.restore()


def write_scene(scene, path: str | Path, fmt: str, scale: float = 2.0, title: str = "",
                legend: tuple = ()) -> None:
    """Write a QGraphicsScene's whole drawing as ``png``, ``svg`` or ``pdf``, with an
    optional title line above and a legend row (``legend``: the verdicts to list) below.

    Raises
    ------
    OSError when the file cannot be written.
    ValueError for an unknown format.
    """
    path = str(path)
    rect = scene.sceneRect()
    top = TITLE_HEIGHT if title else 0.0
    bottom = LEGEND_HEIGHT if legend else 0.0
    width = max(rect.width(), 1.0, _legend_width(legend) if legend else 0.0)
    height = max(rect.height(), 1.0) + top + bottom

    def paint(painter: QPainter, factor: float) -> None:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        # opaque canvas (white but in the dark theme) in every format (a transparent SVG loses black text on dark slides)
        painter.fillRect(QRectF(0, 0, width * factor, height * factor), QColor(themes.current().canvas))
        if title:
            painter.setFont(_title_font())
            painter.setPen(QColor(themes.current().text))
            painter.drawText(QRectF(8 * factor, 0, (width - 8) * factor, top * factor),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        with without_overlays(scene):    # no selection frame or query marks in a picture
            scene.render(painter, QRectF(0, top * factor, rect.width() * factor,
                                         rect.height() * factor), rect)
        if legend:
            _paint_legend(painter, legend, (top + rect.height()) * factor, factor)

    # Qt paints into memory (every painter and encoder result checked); the file is then
    # written atomically: a full disk keeps the previous file, no half-written picture
    if fmt == "png":
        image = QImage(max(1, int(width * scale + 0.5)), max(1, int(height * scale + 0.5)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor(themes.current().canvas))
        painted(image, lambda painter: paint(painter, scale))
        data = image_bytes(image, "PNG")
    elif fmt == "svg":
        from PySide6.QtSvg import QSvgGenerator

        device, buffer = memory_device()
        generator = QSvgGenerator()
        generator.setOutputDevice(device)
        generator.setSize(QSize(int(width + 0.5), int(height + 0.5)))
        generator.setViewBox(QRectF(0, 0, width, height))
        generator.setTitle(title or "tcompare comparison")
        painted(generator, lambda painter: paint(painter, 1.0))
        device.close()
        data = bytes(buffer.data())
    elif fmt == "pdf":
        factor = min(1.0, PDF_MAX_POINTS / max(width, height))
        device, buffer = memory_device()
        writer = QPdfWriter(device)
        writer.setResolution(72)   # one drawing unit = one point
        writer.setPageSize(QPageSize(QSizeF(width * factor, height * factor), QPageSize.Unit.Point))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0))
        writer.setTitle(title or "tcompare comparison")
        writer.setCreator("tcompare")
        painted(writer, lambda painter: paint(painter, factor))
        del writer                  # (the PDF is complete once its writer is gone)
        device.close()
        data = bytes(buffer.data())
    else:
        raise ValueError(f"unknown picture format {fmt!r}")
    if not data:
        raise OSError(errno.EIO, tr("export_dialog", "cannot write {path}").format(path=path))
    write_bytes(path, data)


def latex_for(gold: Any, system: Any, result: Any, title: str = "", cjk_font: str | None = None) -> str:
    """The LaTeX document; `cjk_font`: xeCJK's font for Chinese text (None: an installed one)."""
    from tcompare.export.latex import export_pair

    return export_pair(gold, system, result, title=title, cjk_font=cjk_font or None)


def _ensure_app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(["tcompare-export"])
    return app


def render_pair_to_file(gold: Any, system: Any, result: Any, notation: str, path: str | Path,
                        fmt: str, scale: float = 2.0, title: str = "", with_legend: bool = True,
                        enhanced: str = "off") -> None:
    """Draw a pair in an offscreen view of the notation's kind and write it (``tcompare
    export``); `enhanced`: where the dependency view draws the DEPS arcs (``off``, ``above``,
    ``below``)."""
    if fmt == "latex":
        write_bytes(path, latex_for(gold, system, result, title).encode("utf-8"))
        return
    _ensure_app()
    from tcompare.gui.drawing.views import notation_kind, view_class

    view = view_class(notation_kind(notation))()
    try:
        view.resize(1200, 800)
        if enhanced != "off" and hasattr(view, "set_enhanced"):
            view.set_enhanced(enhanced)
        view.show_pair(gold, system, result, notation)
        drawn = bool(getattr(getattr(view, "diagram", None), "enhanced", ()))
        write_scene(view.scene, path, fmt, scale, title,
                    legend_for(notation, drawn) if with_legend else ())
    finally:
        view.deleteLater()
