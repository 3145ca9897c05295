"""A small bar chart drawn with QPainter (QtCharts is not in PySide6-Essentials, and a
charting library would add numpy for a few hundred bars).

`BarChart.set_bars` takes `Bar`s (a label for the x axis, a value, a key the caller knows
the bar by, a tooltip); values may be negative (the difference plot) and None (no bar).
Clicking a bar, or the empty column where a bar of a thousand-bar plot is a pixel wide,
emits ``bar_clicked(key)``; the bar whose key is `current` is outlined.  Colours are
Okabe-Ito: one colour, or one for positive and one for negative values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from tcompare.gui.drawing import palette

MARGINS = (52.0, 24.0, 12.0, 38.0)     # left, top, right, bottom (axis labels live there)
MAX_BAR_WIDTH = 48.0
VALUE_MIN_WIDTH = 30.0                 # narrower bars carry no value label


@dataclass(frozen=True, slots=True)
class Bar:
    label: str              # under the bar (shown when there is room)
    value: float | None
    key: Any = None         # what bar_clicked gives back
    tip: str = ""


def nice_step(span: float, ticks: int = 5) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving about `ticks` ticks."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


class BarChart(QWidget):
    """Signals: ``bar_clicked(object)``: the key of the bar clicked."""

    bar_clicked = Signal(object)

    def __init__(self, title: str = "", y_title: str = "", x_title: str = "",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.title, self.y_title, self.x_title = title, y_title, x_title
        self.bars: list[Bar] = []
        self.current: Any = None
        self.y_range: tuple[float, float] | None = None   # None: from the values
        self.colours = (palette.BLUE, palette.VERMILLION)  # positive, negative
        self.message = ""                                  # drawn when there are no bars
        self.empty_text = "no figures yet"                 # ... and no message (the owner translates)
        self.label_zero = True          # value labels on bars of value 0 (a difference of 0: none)
        self.setMouseTracking(True)
        self.setMinimumHeight(120)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(600, 220)

    # -- data ---------------------------------------------------------------------------
    def set_bars(self, bars: list[Bar], y_range: tuple[float, float] | None = None,
                 message: str = "") -> None:
        self.bars, self.y_range, self.message = list(bars), y_range, message
        self.update()

    def set_current(self, key: Any) -> None:
        if key != self.current:
            self.current = key
            self.update()

    def values(self) -> list[float | None]:
        return [b.value for b in self.bars]

    # -- geometry ------------------------------------------------------------------------
    def plot_rect(self) -> QRectF:
        left, top, right, bottom = MARGINS
        return QRectF(left, top, max(self.width() - left - right, 10.0),
                      max(self.height() - top - bottom, 10.0))

    def value_range(self) -> tuple[float, float]:
        if self.y_range is not None:
            return self.y_range
        values = [v for v in self.values() if v is not None]
        low, high = min(values + [0.0]), max(values + [0.0])
        if high - low < 1e-9:
            high = low + 1.0
        return low, high

    def bar_rect(self, index: int) -> QRectF:
        """Where bar `index` is drawn (its full column when the value is None)."""
        plot = self.plot_rect()
        n = max(len(self.bars), 1)
        column = plot.width() / n
        width = min(column * 0.8 if column >= 3 else column, MAX_BAR_WIDTH)
        x = plot.left() + column * index + (column - width) / 2
        value = self.bars[index].value if 0 <= index < len(self.bars) else None
        if value is None:
            return QRectF(x, plot.top(), width, plot.height())
        y0, y1 = self._y(0.0), self._y(value)
        return QRectF(x, min(y0, y1), max(width, 1.0), max(abs(y1 - y0), 1.0))

    def bar_at(self, x: float) -> int | None:
        """The bar whose column holds `x` (widget coordinates)."""
        plot = self.plot_rect()
        if not self.bars or not plot.left() <= x <= plot.right():
            return None
        index = int((x - plot.left()) / (plot.width() / len(self.bars)))
        return min(index, len(self.bars) - 1)

    def bar_centre(self, index: int) -> QPointF:
        """A point inside bar `index` (tests click there)."""
        return self.bar_rect(index).center()

    def _y(self, value: float) -> float:
        plot = self.plot_rect()
        low, high = self.value_range()
        return plot.bottom() - (value - low) / (high - low) * plot.height()

    # -- events -----------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt override)
        index = self.bar_at(event.position().x())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.bar_clicked.emit(self.bars[index].key)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        index = self.bar_at(event.position().x())
        if index is not None and self.bars[index].tip:
            QToolTip.showText(event.globalPosition().toPoint(), self.bars[index].tip, self)
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            QToolTip.hideText()
            self.unsetCursor()
        super().mouseMoveEvent(event)

    # -- painting ---------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#FFFFFF"))
        metrics = QFontMetricsF(self.font())
        plot = self.plot_rect()
        if self.title:
            painter.setPen(QColor(palette.BLACK))
            painter.drawText(QRectF(plot.left(), 2, plot.width(), MARGINS[1] - 4),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.title)
        if not self.bars:
            painter.setPen(QColor(palette.GREY))
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.message or self.empty_text)
            return
        self._paint_axes(painter, plot, metrics)
        self._paint_bars(painter)
        self._paint_labels(painter, plot, metrics)

    def _paint_axes(self, painter: QPainter, plot: QRectF, metrics: QFontMetricsF) -> None:
        low, high = self.value_range()
        step = nice_step(high - low)
        painter.setPen(QPen(QColor("#DDDDDD"), 1.0))
        tick = math.ceil(low / step) * step
        grid = []
        while tick <= high + 1e-9:
            grid.append(tick)
            tick += step
        for value in grid:
            y = self._y(value)
            painter.setPen(QPen(QColor("#E4E4E4"), 1.0))
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(palette.GREY))
            text = f"{value:+g}" if low < 0 and value else f"{value:g}"
            painter.drawText(QRectF(0, y - 8, plot.left() - 6, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
        painter.setPen(QPen(QColor("#555555"), 1.2))       # the zero line
        painter.drawLine(QPointF(plot.left(), self._y(0.0)), QPointF(plot.right(), self._y(0.0)))
        if self.y_title:
            painter.save()
            painter.translate(12, plot.center().y())
            painter.rotate(-90)
            painter.setPen(QColor(palette.GREY))
            painter.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 16),
                             Qt.AlignmentFlag.AlignCenter, self.y_title)
            painter.restore()

    def _paint_bars(self, painter: QPainter) -> None:
        positive, negative = (QColor(c) for c in self.colours)
        plot = self.plot_rect()
        low, high = self.value_range()
        scale = plot.height() / (high - low)
        zero = plot.bottom() + low * scale
        n = len(self.bars)
        column = plot.width() / n
        painter.setPen(Qt.PenStyle.NoPen)
        if column >= 2:
            for index, bar in enumerate(self.bars):
                if bar.value is not None:
                    painter.setBrush(positive if bar.value >= 0 else negative)
                    painter.drawRect(self.bar_rect(index))
        else:
            # more bars than pixels: each pixel column shows the highest and the lowest
            # value that falls in it (every bar stays visible; 41k bars paint at once)
            tops: dict[int, float] = {}
            bottoms: dict[int, float] = {}
            for index, bar in enumerate(self.bars):
                value = bar.value
                if value is None:
                    continue
                x = int(index * column)
                if value > tops.get(x, 0.0):
                    tops[x] = value
                if value < bottoms.get(x, 0.0):
                    bottoms[x] = value
            for colour, extremes in ((positive, tops), (negative, bottoms)):
                painter.setBrush(colour)
                for x, value in extremes.items():
                    y = zero - value * scale
                    painter.drawRect(QRectF(plot.left() + x, min(y, zero), 1.0,
                                            max(abs(zero - y), 1.0)))
        self._paint_values(painter)
        current = next((i for i, bar in enumerate(self.bars)
                        if self.current is not None and bar.key == self.current), None)
        if current is not None:      # the sentence shown: a frame around its whole column
            rect = self.bar_rect(current)
            column_rect = QRectF(rect.left() - 2, plot.top(), rect.width() + 4, plot.height())
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(palette.ORANGE), 2.0, Qt.PenStyle.DashLine))
            painter.drawRect(column_rect)

    def _paint_values(self, painter: QPainter) -> None:
        """Each bar's value at its end, when the bars are wide enough to carry it."""
        if not self.bars or self.bar_rect(0).width() < VALUE_MIN_WIDTH:
            return
        plot = self.plot_rect()
        for index, bar in enumerate(self.bars):
            if bar.value is None or (not self.label_zero and abs(bar.value) < 0.005):
                continue
            rect = self.bar_rect(index)
            y = rect.top() - 15 if bar.value >= 0 else rect.bottom() + 1
            inside = y < plot.top() or y + 14 > plot.bottom()   # no room past the bar's end
            if inside:
                y = rect.top() + 1 if bar.value >= 0 else rect.bottom() - 15
            painter.setPen(QColor("#FFFFFF" if inside else palette.BLACK))
            painter.drawText(QRectF(rect.center().x() - 30, y, 60, 14),
                             Qt.AlignmentFlag.AlignCenter, f"{bar.value:.1f}")

    def _paint_labels(self, painter: QPainter, plot: QRectF, metrics: QFontMetricsF) -> None:
        """X labels under the bars, thinned so they never overlap."""
        n = len(self.bars)
        column = plot.width() / n
        longest = sorted({b.label for b in self.bars}, key=len)[-8:]   # measure a few only
        widest = max(metrics.horizontalAdvance(label) for label in longest) + 8
        every = max(1, math.ceil(widest / column))
        painter.setPen(QColor(palette.BLACK))
        for index in range(0, n, every):
            bar = self.bars[index]
            x = plot.left() + column * (index + 0.5)
            painter.drawText(QRectF(x - widest / 2, plot.bottom() + 4, widest, 16),
                             Qt.AlignmentFlag.AlignCenter, bar.label)
        if self.x_title:
            painter.setPen(QColor(palette.GREY))
            painter.drawText(QRectF(plot.left(), plot.bottom() + 20, plot.width(), 16),
                             Qt.AlignmentFlag.AlignCenter, self.x_title)
