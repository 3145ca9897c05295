"""Verdict colours and second cues: the one place that says how a verdict looks.

Colours are the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008), chosen
to stay distinguishable under the common colour-vision deficiencies.  Colour is never the
only signal: every verdict also has a border style (solid / dashed / dotted / dash-dot),
an icon drawn in the box corner, and crossing adds a hatch, so the view reads in
greyscale and for colour-blind users.  The legend (`legend.py`), the tree view and the
screenshots all draw from `style_for`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from tcompare.gui import themes
from tcompare.scoring.base import Verdict

# Okabe-Ito colours and every verdict's look live in the Qt-free table that the LaTeX and
# Graphviz exports read too; this module adds the Qt pen styles and painting.
from tcompare.layout.verdict_style import (  # noqa: E402,F401  (re-exported for the views)
    BLACK, BLUE, BLUISH_GREEN, CROSSING_ICON, GREY, LOOKS, ORANGE, REDDISH_PURPLE, SKY_BLUE,
    VERMILLION, YELLOW, tint)

# QGraphicsItem.data() key under which every drawn item keeps its verdict's value
VERDICT_ROLE = 0

SEG_DIFF_COLOUR = VERMILLION


@dataclass(frozen=True, slots=True)
class VerdictStyle:
    """How one verdict is drawn.

    Parameters
    ----------
    fill : box fill colour.
    border : border (and POS text) colour.
    pen_style : Qt pen style of the border: the second cue besides colour.
    icon : a character drawn in the box's top-right corner ("" for none).
    legend : the legend's text.
    hatch : draw a diagonal hatch over the fill.
    width : border width in pixels.
    """

    fill: str
    border: str
    pen_style: Qt.PenStyle
    icon: str
    legend: str
    hatch: bool = False
    width: float = 1.4


_PEN_STYLES = {"solid": Qt.PenStyle.SolidLine, "dash": Qt.PenStyle.DashLine,
               "dot": Qt.PenStyle.DotLine, "dashdot": Qt.PenStyle.DashDotLine,
               "dashdotdot": Qt.PenStyle.DashDotDotLine}

STYLES: dict[Verdict | None, VerdictStyle] = {
    verdict: VerdictStyle(look.fill, look.border, _PEN_STYLES[look.line], look.icon, look.legend,
                          hatch=look.hatch, width=look.width)
    for verdict, look in LOOKS.items()
}

# the verdicts a constituency view shows, in legend order
CONSTITUENCY_VERDICTS: tuple[Verdict, ...] = (
    Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA, Verdict.CROSSING,
    Verdict.WRONG_POS, Verdict.IGNORED)


def style_for(verdict: Verdict | str | None) -> VerdictStyle:
    """The style for a verdict (a `Verdict`, its string value, or None for "no verdict") in
    the current theme (`themes.current()`; `STYLES` is the light one)."""
    if isinstance(verdict, str) and not isinstance(verdict, Verdict):
        try:
            verdict = Verdict(verdict)
        except ValueError:
            verdict = None
    styles = _theme_styles(themes.current())
    return styles.get(verdict, styles[None])


_THEMED: dict[str, dict[Verdict | None, VerdictStyle]] = {}


def _theme_styles(theme: "themes.Theme") -> dict[Verdict | None, VerdictStyle]:
    styles = _THEMED.get(theme.name)
    if styles is None:
        styles = STYLES if theme.name == "light" else {
            verdict: VerdictStyle(look.fill, look.border, _PEN_STYLES[look.line], look.icon,
                                  look.legend, hatch=look.hatch, width=look.width)
            for verdict, look in theme.looks.items()}
        _THEMED[theme.name] = styles
    return styles


def ink_for(verdict: Verdict | str | None) -> str:
    """The verdict's colour for TEXT (icons, arc labels): readable on the current canvas."""
    if isinstance(verdict, str) and not isinstance(verdict, Verdict):
        try:
            verdict = Verdict(verdict)
        except ValueError:
            verdict = None
    return themes.current().ink_for(verdict)


# -- drawing helpers shared by the tree view and the legend --------------------------------
# Pens and brushes are cached: the view paints hundreds of boxes and must not rebuild them.
_PENS: dict = {}
_BRUSHES: dict = {}


def pen_for(style: VerdictStyle, extra_width: float = 0.0):
    from PySide6.QtGui import QPen

    key = (style, extra_width)
    pen = _PENS.get(key)
    if pen is None:
        pen = QPen(QColor(style.border), style.width + extra_width, style.pen_style)
        pen.setCosmetic(False)
        _PENS[key] = pen
    return pen


def brush_for(style: VerdictStyle, hatch: bool = False):
    from PySide6.QtGui import QBrush

    key = (style, hatch)
    brush = _BRUSHES.get(key)
    if brush is None:
        if hatch:
            colour = QColor(style.border)
            colour.setAlpha(90)  # light enough that the label on top stays readable
            brush = QBrush(colour, Qt.BrushStyle.BDiagPattern)
        else:
            brush = QBrush(QColor(style.fill))
        _BRUSHES[key] = brush
    return brush


def paint_verdict_box(painter, rect, style: VerdictStyle, text: str = "", *,
                      crossing: bool = False, icon_font=None) -> None:
    """Draw one verdict box (fill, hatch, border, centred text, corner icon) into ``rect``."""
    painter.setPen(pen_for(style))
    painter.setBrush(brush_for(style))
    painter.drawRoundedRect(rect, 4.0, 4.0)
    if style.hatch or crossing:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(brush_for(style_for(Verdict.CROSSING) if crossing else style, hatch=True))
        painter.drawRoundedRect(rect, 4.0, 4.0)
    theme = themes.current()
    if text:
        painter.setPen(QColor(theme.box_text))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    icon = style.icon or (CROSSING_ICON if crossing else "")
    if crossing and style.icon and style.icon != CROSSING_ICON:
        icon = style.icon + CROSSING_ICON
    if icon:
        if icon_font is not None:
            painter.setFont(icon_font)
        # the icon reads as text, partly on the canvas: the verdict's ink (crossing's black
        # border gives way to the alert colour, as before)
        verdict = next((v for v, s in _theme_styles(theme).items() if s is style), None)
        painter.setPen(QColor(theme.ink_for(verdict) if verdict is not Verdict.CROSSING
                              and style.border != BLACK else theme.alert))
        from PySide6.QtCore import QRectF

        box = QRectF(rect.right() - 5, rect.top() - 9, 14 * len(icon), 12)
        painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, icon)
