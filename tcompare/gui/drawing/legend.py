"""The verdict legend: one swatch per verdict, drawn by the same code as the tree view,
plus the segmentation mark and the two hover outlines."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (QFrame, QGridLayout, QGroupBox, QLabel, QScrollArea, QSizePolicy,
                               QVBoxLayout, QWidget)

from tcompare.gui import themes
from tcompare.gui.drawing import palette
from tcompare.gui.fonts import tree_font
from tcompare.gui.language.i18n import tr
from tcompare.gui.language.terms import term
from tcompare.scoring.base import Verdict


class _Swatch(QWidget):
    """A small box drawn exactly as the tree view draws a node with this verdict."""

    def __init__(self, verdict: Verdict | None, seg_diff: bool = False, parent=None,
                 outline: str = ""):
        super().__init__(parent)
        self.verdict, self.seg_diff, self.outline = verdict, seg_diff, outline
        self.setFixedSize(QSize(44, 26))
        self.setFont(tree_font(8.0))     # the 字 sample: a CJK face at swatch size
        self.icon_font = tree_font(8.0, bold=True)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(3, 10, 26, 14)  # room above for the corner icon, as in the view
        if self.outline:
            palette.paint_verdict_box(painter, rect, palette.style_for(Verdict.MATCH))
            style = Qt.PenStyle.SolidLine if self.outline == "exact" else Qt.PenStyle.DashLine
            painter.setPen(QPen(QColor(themes.current().accent), 2.0, style))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 5, 5)
        elif self.seg_diff:
            painter.setPen(QColor(themes.current().window_text))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "字")
            pen = QPen(QColor(palette.SEG_DIFF_COLOUR), 2.0, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        else:
            palette.paint_verdict_box(painter, rect, palette.style_for(self.verdict),
                                      icon_font=self.icon_font)
        painter.end()


class VerdictLegend(QWidget):
    """A grid of swatch + text rows for the given verdicts (the constituency ones by default),
    plus a row for "segmented differently" words."""

    def __init__(self, verdicts=palette.CONSTITUENCY_VERDICTS, parent=None,
                 segmentation: bool = True, hover: bool = True):
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        self.labels: dict = {}
        self._grid = grid
        rows = [(v, False) for v in verdicts] + ([(None, True)] if segmentation else [])
        for row, (verdict, seg) in enumerate(rows):
            grid.addWidget(_Swatch(verdict, seg), row, 0)
            text = tr("legend", "word segmented differently") if seg else term(palette.style_for(verdict).legend)
            label = QLabel(text)
            grid.addWidget(label, row, 1)
            self.labels["seg_diff" if seg else verdict] = label
        if hover:
            for outline, text in (("exact", tr("legend", "on hover: the scorer's partner")),
                                  ("nearest", tr("legend", "on hover: nearest by span overlap"))):
                row = grid.rowCount()
                grid.addWidget(_Swatch(None, outline=outline), row, 0)
                label = QLabel(text)
                grid.addWidget(label, row, 1)
                self.labels[outline] = label
        grid.setColumnStretch(1, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def reveal(self, verdicts) -> None:
        """Add a row for each verdict drawn in the view that the legend does not list yet.

        The fixed rows are the verdicts every constituency profile can give; a profile may
        give others (ParsEval-2010 / PKU: ``wrong head``), and a look without a key is a
        look nobody can read.
        """
        for verdict in verdicts:
            if not isinstance(verdict, Verdict) or verdict in self.labels:
                continue
            row = self._grid.rowCount()
            self._grid.addWidget(_Swatch(verdict), row, 0)
            label = QLabel(term(palette.style_for(verdict).legend))
            self._grid.addWidget(label, row, 1)
            self.labels[verdict] = label


LEGEND_SHARE = 0.4        # of its panel's height, at most, for the unfolded legend
LEGEND_MIN_HEIGHT = 80


class _LegendScroll(QScrollArea):
    """As tall as the legend when there is room (its size hint), shorter with a scroll bar
    when there is not."""

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        inner = self.widget().sizeHint() if self.widget() is not None else QSize(0, 0)
        return QSize(inner.width(), inner.height() + 2)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(0, min(self.sizeHint().height(), 60))


class LegendBox(QGroupBox):
    """The legend under the sentence table, folded away (its title stays, with a check box)
    on short windows: at 720 pixels it would leave the table nine rows.  A choice the user
    makes with the check box is kept (QSettings ``legend_open``) and wins over the height."""

    SHORT_WINDOW = 820     # px: below this window height the legend starts folded

    def __init__(self, settings, parent=None):
        super().__init__(tr("legend", "Legend"), parent)
        self.settings = settings
        self.legend = VerdictLegend()
        # in a scroll area: the legend's full height must not become the window's minimum
        # (in zh_CN, with the error-analysis dock open, it pushed a 720-pixel window to 736)
        self.scroll = _LegendScroll()
        self.scroll.setObjectName("legend_scroll")
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(self.legend)
        self.scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        QVBoxLayout(self).addWidget(self.scroll)
        self.setCheckable(True)
        self.setToolTip(tr("legend", "Show or fold the verdict legend"))
        self._automatic = True
        self.toggled.connect(self._on_toggled)

    def fit_height(self, window_height: int) -> None:
        """Fold or unfold for a window this tall, unless the user chose."""
        chosen = self.settings.value("legend_open")
        open_ = (str(chosen).lower() == "true") if chosen is not None else \
            window_height >= self.SHORT_WINDOW
        if open_ != self.isChecked():
            self._automatic = True
            self.setChecked(open_)
        self._show_legend(open_)

    def share(self, panel: QWidget) -> None:
        """Take at most LEGEND_SHARE of `panel`'s height (the legend scrolls in it), so the
        table above keeps its rows when a dock takes the window's lower part."""
        self._panel = panel
        panel.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt override)
        if watched is getattr(self, "_panel", None) and event.type() == QEvent.Type.Resize:
            self.scroll.setMaximumHeight(max(LEGEND_MIN_HEIGHT, int(watched.height() * LEGEND_SHARE)))
        return False

    def _show_legend(self, on: bool) -> None:
        self.scroll.setVisible(on)
        self.legend.setVisible(on)
        self.setFlat(not on)

    def _on_toggled(self, on: bool) -> None:
        self._show_legend(on)
        if not self._automatic:
            self.settings.setValue("legend_open", on)
        self._automatic = False
