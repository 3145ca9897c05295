"""Painting a gold box judged by two systems (the two-system drawing, `layout.trio_layout`):
the upper half in system A's verdict look (A is drawn above the gold), the lower half in
system B's (drawn below), each with its own corner icon -- A's at the top right, B's at the
bottom right -- so the two verdicts read apart in greyscale too."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tcompare.gui.drawing import palette

MARGIN = 24.0      # clip slack around the box: the corner icons sit outside it


def paint_two_verdicts(painter: QPainter, rect: QRectF, upper: palette.VerdictStyle,
                       lower: palette.VerdictStyle, text: str, *, upper_crossing: bool = False,
                       lower_crossing: bool = False, icon_font=None) -> None:
    """Draw `rect` split across: upper half `upper`'s look, lower half `lower`'s."""
    mid = rect.center().y()
    painter.save()
    painter.setClipRect(QRectF(rect.left() - MARGIN, rect.top() - MARGIN,
                               rect.width() + 2 * MARGIN, mid - rect.top() + MARGIN))
    palette.paint_verdict_box(painter, rect, upper, text, crossing=upper_crossing,
                              icon_font=icon_font)
    painter.restore()
    painter.save()
    painter.setClipRect(QRectF(rect.left() - MARGIN, mid, rect.width() + 2 * MARGIN,
                               rect.bottom() - mid + MARGIN))
    # the lower half's icon goes to the bottom corner: draw the box without it, then the icon
    palette.paint_verdict_box(painter, rect, lower, text, crossing=lower_crossing, icon_font=None)
    painter.restore()
    if upper is not lower or upper_crossing != lower_crossing:
        painter.setPen(QPen(QColor(palette.GREY), 0.8))
        painter.drawLine(QPointF(rect.left() + 2, mid), QPointF(rect.right() - 2, mid))
    icon = lower.icon or (palette.CROSSING_ICON if lower_crossing else "")
    if icon:
        if icon_font is not None:
            painter.setFont(icon_font)
        painter.setPen(QColor(lower.border if lower.border != palette.BLACK else palette.VERMILLION))
        box = QRectF(rect.right() - 5, rect.bottom() - 3, 14 * len(icon), 12)
        painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, icon)
