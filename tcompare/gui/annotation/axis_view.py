"""N versions of one sentence drawn on one word axis: a band per annotator, the words once.

Coordinates: origin at the top left, y grows down.  Column k (word k) is as wide as its
widest text (the word, every version's tag and feature cell) plus `GAP`; the name column
(`NAME_W`) holds each band's title.  From the top:

* one band per version (annotators, then the parser and the curated file when shown):
  - dependencies: each arc as a bracket-shaped line from the head's column up to its
    level and down to the dependent's column (arrow), the relation in a box on top; a
    root arc is a line from the band's top;  an arc's level is one more than the highest
    arc inside it, so nested arcs never cross their boxes;
  - constituency: each bracket as a labelled bar over its words at its height above
    the words (a preterminal's parent at 1), so equal spans line up across bands;
* the words;
* a grid: per version its tags (UPOS / the POS tag) and, for dependencies, FEATS.

What the annotators disagree on (under the field filter) is framed in vermillion with a
dashed border (a second cue besides colour); the current item's columns are shaded and a
version that lacks the current bracket shows its outline dotted.  The view only shows
what `scoring.annotators` decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from tcompare.gui import fonts
from tcompare.gui.drawing import palette
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.scoring.annotators import Disagreement, words_of

NAME_W = 120.0
GAP = 18.0
LEVEL_H = 17.0        # a dependency arc's level
BAR_H = 16.0          # a bracket's height step
BAND_PAD = 6.0
CELL_H = 18.0
MARGIN = 12.0
FEATS_W = 90.0        # a FEATS cell at most (elided; the item panel shows it whole)
MIN_SCALE = 0.6       # below this the labels cannot be read: scroll instead
CURRENT_FILL = "#fff3c4"
TEXT = "#202020"
QUIET = "#5a5a5a"


@dataclass
class Band:
    """One version as drawn: its title, its sentence (None: it has none here)."""

    title: str
    item: Any
    kind: str = "annotator"     # "annotator", "parser" or "curated"


def dep_levels(sentence: DepSentence) -> dict[int, int]:
    """Dependent word (0-based) -> its arc's level (1 = no arc inside it)."""
    ids = {w.id: k for k, w in enumerate(sentence.words)}
    arcs = []
    for k, w in enumerate(sentence.words):
        h = ids.get(w.head)
        if h is not None and h != k:
            arcs.append((min(h, k), max(h, k), k))
    arcs.sort(key=lambda a: a[1] - a[0])
    level: dict[int, int] = {}
    placed: list[tuple[int, int, int]] = []
    for lo, hi, dep in arcs:
        inside = [lv for (a, b, lv) in placed if lo <= a and b <= hi and (a, b) != (lo, hi)]
        lv = 1 + max(inside, default=0)
        level[dep] = lv
        placed.append((lo, hi, lv))
    return level


def tree_bars(tree: Tree) -> list[tuple[int, int, int, str]]:
    """(start, end, height, label) for every labelled bracket; a bracket's height is one
    more than the highest bracket inside it (words are at 0)."""
    out = []

    def height(node: Any) -> int:
        kids = [height(c) for c in node.child_nodes()]
        h = 1 + max(kids, default=0)
        if node.label.raw and node.end > node.start:
            out.append((node.start, node.end, h, node.label.raw))
        return h if node.label.raw else max(kids, default=0)

    if tree.root is not None:
        height(tree.root)
    return out


class AxisView(QWidget):
    """Draws `Band`s over one word axis; `show` sets what, `layout_size` says how big."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("annotators_axis")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.font_ = fonts.tree_font(10.0)
        self.small = fonts.tree_font(8.5)
        self.bold = fonts.tree_font(10.5, bold=True)
        self.bands: list[Band] = []
        self.items: list[Disagreement] = []
        self.current: Disagreement | None = None
        self.words: list[str] = []
        self._xs: list[float] = []
        self._widths: list[float] = []
        self._size = QSize(400, 200)      # drawn at scale 1
        self.scale = 1.0
        self.available = 0                # the width shown without scrolling (0: any)
        self.available_height = 0         # the same for the height
        self.zoom: float | None = None    # a scale chosen by the user; None: fit
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- what is drawn -----------------------------------------------------------------------
    def show_versions(self, bands: Sequence[Band], items: Sequence[Disagreement],
                      current: Disagreement | None) -> None:
        self.bands = list(bands)
        self.items = list(items)
        self.current = current
        present = [b.item for b in self.bands if b.item is not None]
        self.words = words_of(present[0]) if present else []
        self._measure()
        self.fit(self.available)

    def fit(self, width: int, height: int | None = None) -> None:
        """Shrink (down to `MIN_SCALE`) so that a long sentence fits `width` x `height`
        pixels (the word axis stays in sight under many bands)."""
        self.available = width
        if height is not None:
            self.available_height = height
        scale = 1.0
        if width > 0 and self._size.width():
            scale = min(scale, width / self._size.width())
        if self.available_height > 0 and self._size.height():
            scale = min(scale, self.available_height / self._size.height())
        self.scale = max(MIN_SCALE, scale) if self.zoom is None else self.zoom
        self.updateGeometry()
        self.resize(self.sizeHint())
        self.update()

    def set_zoom(self, zoom: float | None) -> None:
        """Draw at `zoom` (clamped to 0.4-2.5), or fit again (None)."""
        self.zoom = None if zoom is None else max(0.4, min(2.5, zoom))
        self.fit(self.available)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(int(self._size.width() * self.scale), int(self._size.height() * self.scale))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def column_center(self, word: int) -> float:
        """Word `word`'s centre in the widget's pixels (scaled)."""
        x = self._xs[word] + self._widths[word] / 2 if 0 <= word < len(self._xs) else NAME_W
        return x * self.scale

    def _center(self, word: int) -> float:
        return self._xs[word] + self._widths[word] / 2 if 0 <= word < len(self._xs) else NAME_W

    # -- geometry ------------------------------------------------------------------------------
    def _tags(self, item: Any) -> list[str]:
        if isinstance(item, DepSentence):
            return [w.cpostag for w in item.words]
        if isinstance(item, Tree):
            return [t.pos for t in item.tokens]
        return []

    def _feats(self, item: Any) -> list[str]:
        return [w.feats for w in item.words] if isinstance(item, DepSentence) else []

    def _dependency(self) -> bool:
        return any(isinstance(b.item, DepSentence) for b in self.bands)

    def _band_height(self, band: Band) -> float:
        item = band.item
        if isinstance(item, DepSentence):
            levels = dep_levels(item)
            return BAND_PAD * 2 + LEVEL_H * (max(levels.values(), default=0) + 1)
        if isinstance(item, Tree):
            bars = tree_bars(item)
            return BAND_PAD * 2 + BAR_H * max((h for *_, h, _l in bars), default=1)
        return BAND_PAD * 2 + LEVEL_H

    def _measure(self) -> None:
        fm, small = QFontMetricsF(self.bold), QFontMetricsF(self.small)
        n = len(self.words)
        widths = [fm.horizontalAdvance(w) for w in self.words]
        for band in self.bands:
            for k, tag in enumerate(self._tags(band.item)[:n]):
                widths[k] = max(widths[k], small.horizontalAdvance(tag))
            for k, feats in enumerate(self._feats(band.item)[:n]):
                widths[k] = max(widths[k], min(small.horizontalAdvance(feats), FEATS_W))
        self._widths = [w + GAP for w in widths]
        x = NAME_W + MARGIN
        self._xs = []
        for w in self._widths:
            self._xs.append(x)
            x += w
        rows = len(self.bands) * (2 if self._dependency() else 1)
        height = MARGIN * 2 + sum(self._band_height(b) for b in self.bands) + 28 + rows * CELL_H + 8
        self._size = QSize(int(x + MARGIN), int(height))

    # -- painting -------------------------------------------------------------------------------
    def _marked(self, word_or_span: tuple[int, int], fields: Sequence[str]) -> bool:
        return any((d.start, d.end) == word_or_span and any(f in d.fields for f in fields)
                   for d in self.items)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt override)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#ffffff"))
        if not self.words:
            return
        p.scale(self.scale, self.scale)
        bottom = MARGIN + sum(self._band_height(b) for b in self.bands) + 28 + \
            len(self.bands) * (2 if self._dependency() else 1) * CELL_H
        if self.current is not None and self.current.start < len(self._xs):
            x0 = self._xs[self.current.start]
            end = min(self.current.end, len(self._xs)) - 1
            x1 = self._xs[end] + self._widths[end]
            p.fillRect(QRectF(x0, MARGIN / 2, x1 - x0, bottom - MARGIN / 2), QColor(CURRENT_FILL))
        p.setPen(QPen(QColor("#e6e6e6"), 1.0))
        for k in range(len(self.words)):         # column guides through every band
            x = self._center(k)
            p.drawLine(QPointF(x, MARGIN), QPointF(x, bottom))
        y = MARGIN
        for band in self.bands:
            h = self._band_height(band)
            if isinstance(band.item, DepSentence):
                self._arcs(p, band, y, h)
            elif isinstance(band.item, Tree):
                self._bars(p, band, y, h)
            p.setPen(QPen(QColor("#d0d0d0"), 1.0))
            p.drawLine(QPointF(MARGIN, y + h), QPointF(self._size.width() - MARGIN, y + h))
            y += h
        self._words_row(p, y)
        self._grid(p, y + 28)
        self._sticky_words(p, y)
        self._titles(p)
        p.end()

    def _sticky_words(self, p: QPainter, words_y: float) -> None:
        """The words again at the bottom of what is shown when the word row itself is
        scrolled out of sight below many bands."""
        shown = self.visibleRegion().boundingRect()
        bottom = (shown.top() + shown.height()) / self.scale
        if shown.isEmpty() or words_y + 24 <= bottom:
            return
        y = bottom - 26
        p.fillRect(QRectF(0, y, self._size.width(), 26), QColor("#ffffff"))
        p.setPen(QPen(QColor("#b0b0b0"), 1.0))
        p.drawLine(QPointF(0, y), QPointF(self._size.width(), y))
        self._words_row(p, y)

    def _titles(self, p: QPainter) -> None:
        """The bands' and the grid rows' names, at the left edge of what is shown (they stay
        in sight when a long sentence is scrolled)."""
        left = self.visibleRegion().boundingRect().left() / self.scale
        height = self._size.height()
        p.fillRect(QRectF(left, 0, NAME_W + MARGIN - 2, height), QColor("#ffffff"))
        y = MARGIN
        for band in self.bands:
            h = self._band_height(band)
            self._band_title(p, band, y, h, left)
            y += h
        self._grid(p, y + 28, left, names_only=True)

    def _band_title(self, p: QPainter, band: Band, y: float, h: float, left: float) -> None:
        p.setFont(self.font_)
        p.setPen(QColor(QUIET if band.kind != "annotator" else TEXT))
        rect = QRectF(left + MARGIN, y + 2, NAME_W - 6, h - 4)
        text = QFontMetricsF(self.font_).elidedText(band.title, Qt.TextElideMode.ElideMiddle, rect.width())
        p.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        if band.item is None:
            p.drawText(QRectF(left + NAME_W + MARGIN, y, 400, h), Qt.AlignmentFlag.AlignVCenter, "—")

    def _label_box(self, p: QPainter, center: QPointF, text: str, marked: bool,
                   font: QFont | None = None) -> None:
        font = font or self.small
        fm = QFontMetricsF(font)
        w, h = fm.horizontalAdvance(text) + 8, fm.height() + 2
        rect = QRectF(center.x() - w / 2, center.y() - h / 2, w, h)
        if marked:
            p.setBrush(QColor(palette.tint(palette.VERMILLION, 0.18)))
            pen = QPen(QColor(palette.VERMILLION), 2.0, Qt.PenStyle.DashLine)
        else:
            p.setBrush(QColor("#ffffff"))
            pen = QPen(QColor("#9a9a9a"), 1.0)
        p.setPen(pen)
        p.drawRoundedRect(rect, 3, 3)
        p.setFont(font)
        p.setPen(QColor(TEXT))
        p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def _arcs(self, p: QPainter, band: Band, top: float, h: float) -> None:
        sentence: DepSentence = band.item
        levels = dep_levels(sentence)
        base = top + h - BAND_PAD / 2
        ids = {w.id: k for k, w in enumerate(sentence.words)}
        for k, w in enumerate(sentence.words):
            if k >= len(self._xs):
                break
            wrong_head = self._marked((k, k + 1), ("attachment",))
            wrong_label = self._marked((k, k + 1), ("label",))
            colour = QColor(palette.VERMILLION if wrong_head else "#555555")
            pen = QPen(colour, 2.0 if wrong_head else 1.2,
                       Qt.PenStyle.DashLine if wrong_head else Qt.PenStyle.SolidLine)
            x_dep = self._center(k)
            h_index = ids.get(w.head)
            if h_index is None or h_index == k or h_index >= len(self._xs):
                apex = top + BAND_PAD
                p.setPen(pen)
                p.drawLine(QPointF(x_dep, apex), QPointF(x_dep, base))
                self._arrow(p, x_dep, base, colour)
                self._label_box(p, QPointF(x_dep, apex + 8), w.deprel, wrong_label or wrong_head)
                continue
            x_head = self._center(h_index) + (4 if h_index < k else -4)
            x_end = x_dep + (-3 if h_index < k else 3)
            apex = base - LEVEL_H * levels.get(k, 1)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline([QPointF(x_head, base), QPointF(x_head, apex), QPointF(x_end, apex),
                            QPointF(x_end, base)])
            self._arrow(p, x_end, base, colour)
            self._label_box(p, QPointF((x_head + x_end) / 2, apex), w.deprel, wrong_label or wrong_head)

    def _arrow(self, p: QPainter, x: float, y: float, colour: QColor) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPolygon([QPointF(x - 3.5, y - 6), QPointF(x + 3.5, y - 6), QPointF(x, y)])
        p.setBrush(Qt.BrushStyle.NoBrush)

    def _bars(self, p: QPainter, band: Band, top: float, h: float) -> None:
        base = top + h - BAND_PAD
        mine = set()
        for start, end, height, label in tree_bars(band.item):
            if end > len(self._xs):
                continue
            mine.add((start, end))
            x0, x1 = self._xs[start] + 3, self._xs[end - 1] + self._widths[end - 1] - 3
            y = base - BAR_H * (height - 1) - BAR_H / 2
            marked = self._marked((start, end), ("attachment", "label"))
            p.setPen(QPen(QColor(palette.VERMILLION if marked else "#8a8a8a"), 1.6 if marked else 1.0))
            p.drawLine(QPointF(x0, y + 8), QPointF(x1, y + 8))
            p.drawLine(QPointF(x0, y + 8), QPointF(x0, y + 11))
            p.drawLine(QPointF(x1, y + 8), QPointF(x1, y + 11))
            self._label_box(p, QPointF((x0 + x1) / 2, y), label, marked)
        cur = self.current
        if cur is not None and cur.kind == "span" and (cur.start, cur.end) not in mine \
                and cur.end <= len(self._xs):
            x0, x1 = self._xs[cur.start] + 3, self._xs[cur.end - 1] + self._widths[cur.end - 1] - 3
            p.setPen(QPen(QColor(palette.VERMILLION), 1.2, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(x0, top + BAND_PAD / 2, x1 - x0, h - BAND_PAD))

    def _words_row(self, p: QPainter, y: float) -> None:
        p.setFont(self.bold)
        p.setPen(QColor(TEXT))
        for k, word in enumerate(self.words):
            p.drawText(QRectF(self._xs[k], y + 2, self._widths[k], 24), Qt.AlignmentFlag.AlignCenter, word)

    def _grid(self, p: QPainter, y: float, left: float = 0.0, names_only: bool = False) -> None:
        rows: list[tuple[str, list[str], str]] = []
        dependency = self._dependency()
        for band in self.bands:
            rows.append((band.title, self._tags(band.item), "pos"))
        if dependency:
            for band in self.bands:
                rows.append((band.title, self._feats(band.item), "feats"))
        fm = QFontMetricsF(self.small)
        for title, values, field in rows:
            p.setFont(self.small)
            p.setPen(QColor(QUIET))
            name = "FEATS" if field == "feats" else ("UPOS" if dependency else "POS")
            if names_only:
                p.drawText(QRectF(left + MARGIN, y, NAME_W - 6, CELL_H), Qt.AlignmentFlag.AlignVCenter,
                           fm.elidedText(f"{name} · {title}", Qt.TextElideMode.ElideMiddle, NAME_W - 6))
                y += CELL_H
                continue
            for k, value in enumerate(values[:len(self._xs)]):
                rect = QRectF(self._xs[k] + 2, y + 1, self._widths[k] - 4, CELL_H - 2)
                if self._marked((k, k + 1), (field,)):
                    p.setBrush(QColor(palette.tint(palette.VERMILLION, 0.18)))
                    p.setPen(QPen(QColor(palette.VERMILLION), 1.6, Qt.PenStyle.DashLine))
                    p.drawRect(rect)
                p.setPen(QColor(TEXT))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                           fm.elidedText(value, Qt.TextElideMode.ElideRight, rect.width()))
            y += CELL_H
