"""The enhanced arcs (DEPS) of the dependency view: drawn from `DiagramLayout.enhanced`,
coloured with the verdicts the `ud-eval` scorer gives (`scoring.udeval.enhanced`).

`EnhancedArcs.draw(scene, layout, sentences, result)` adds one path (with its arrow) and one
label box per arc; the verdict colours and line styles are the basic arcs' (`palette`), and
two cues say "enhanced" without colour: rounder corners and an italic label.  An arc the
scorer has no verdict for is grey dash-dot-dot ("not scored"), and its tooltip says why:
``eval.py`` skips empty nodes, a profile other than ``ud-eval`` does not score DEPS.

Test hooks: `items(side)` and `labels(side)` keyed by ``(dependent row ID, k)`` (the k-th arc
of the dependent's DEPS); each arc item keeps the verdict's value under `VERDICT_ROLE`, the
side under `SIDE_ROLE` and its key under `KEY_ROLE`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen
from PySide6.QtWidgets import (QGraphicsPathItem, QGraphicsPolygonItem, QGraphicsRectItem,
                               QGraphicsScene, QGraphicsSimpleTextItem)

from tcompare.gui import themes
from tcompare.gui.drawing.palette import ink_for, style_for
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.terms import term
from tcompare.layout.arcs import DiagramLayout, EnhancedArcShape
from tcompare.scoring.base import SentenceResult, Verdict
from tcompare.scoring.udeval.enhanced import column_verdicts

VERDICT_ROLE, SIDE_ROLE, KEY_ROLE = 0, 1, 3     # (dep_view's numbers; 2 is its WORD_ROLE)
WIDTH = 1.25
CORNER = 10.0          # basic arcs round theirs by 5
WRONG = (Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH, Verdict.MISSING,
         Verdict.EXTRA)

REASONS = {
    "ELAS": N_("enhanced", "counted by ELAS and EULAS"),
    "EULAS only": N_("enhanced", "counted by EULAS only: the relations differ in their subtypes"),
    "wrong": N_("enhanced", "no arc of the other side agrees"),
    "unaligned": N_("enhanced", "its word is not aligned with the other side's words"),
    "empty node": N_("enhanced", "not scored: eval.py skips empty nodes and the arcs that "
                                 "touch them (collapse them first)"),
    "not scored": N_("enhanced", "not scored: the profile does not score enhanced arcs "
                                 "(choose ud-eval)"),
    "filtered": N_("enhanced", "not scored: left out by the --enhancements switches"),
}


def verdicts_of(result: SentenceResult | None, side: str, sentence: Any
                ) -> dict[tuple[str, int], tuple[Verdict, str]]:
    """The scorer's verdict of each DEPS arc of `sentence` (one side of `result`)."""
    if sentence is None:
        return {}
    data = result.data.get("enhanced") if result is not None and result.valid else None
    return column_verdicts(sentence, data.get(side) if isinstance(data, dict) else None)


def forms_of(sentence: Any) -> dict[str, str]:
    """Row ID -> FORM (the root marker's ``0`` too), for the tooltips."""
    forms = {"0": "ROOT"}
    if sentence is not None:
        forms.update({r.id: r.form for r in sentence.rows})
    return forms


class EnhancedArcs:
    """The drawn enhanced arcs of one scene (rebuilt with it)."""

    def __init__(self, label_font: QFont):
        self.label_font = label_font
        self._items: dict[str, dict[tuple[str, int], QGraphicsPathItem]] = {}
        self._labels: dict[str, dict[tuple[str, int], QGraphicsRectItem]] = {}
        self._shapes: dict[int, EnhancedArcShape] = {}

    def draw(self, scene: QGraphicsScene, layout: DiagramLayout, sentences: dict[str, Any],
             result: SentenceResult | None, paths: Any, thick: bool = False) -> None:
        """`paths`: (rounded_path, arrow_head) of the view, so both kinds of arc are drawn
        by one hand."""
        rounded, arrow_head = paths
        self._items = {"gold": {}, "system": {}}
        self._labels = {"gold": {}, "system": {}}
        self._shapes = {}
        verdicts = {side: verdicts_of(result, side, sentences.get(side))
                    for side in ("gold", "system")}
        forms = {side: forms_of(sentences.get(side)) for side in ("gold", "system")}
        for shape in layout.enhanced:
            verdict, reason = verdicts[shape.side].get((shape.dependent, shape.k),
                                                       (Verdict.IGNORED, "not scored"))
            self._add(scene, shape, verdict, reason, forms[shape.side], rounded,
                      arrow_head, thick)

    def _add(self, scene: QGraphicsScene, shape: EnhancedArcShape, verdict: Verdict,
             reason: str, forms: dict[str, str], rounded: Any, arrow_head: Any,
             thick: bool) -> None:
        style = style_for(verdict)
        colour = QColor(style.border)
        pen = QPen(colour, WIDTH * (1.8 if thick else 1.0), style.pen_style)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        item = QGraphicsPathItem(rounded(shape.points, CORNER))
        item.setPen(pen)
        key = (shape.dependent, shape.k)
        item.setData(VERDICT_ROLE, verdict.value)
        item.setData(SIDE_ROLE, shape.side)
        item.setData(KEY_ROLE, key)
        item.setZValue(2 if shape.crossing else 1)
        scene.addItem(item)
        arrow = QGraphicsPolygonItem(arrow_head(shape.points), item)
        arrow.setPen(QPen(Qt.PenStyle.NoPen))
        arrow.setBrush(colour)
        box = shape.label_box
        framed = verdict in WRONG
        label_bg = QGraphicsRectItem(QRectF(box.x, box.y, box.width, box.height))
        label_bg.setPen(QPen(colour, 1) if framed else QPen(Qt.PenStyle.NoPen))
        back = QColor(themes.current().label_back)
        back.setAlpha(235)
        label_bg.setBrush(back)
        label_bg.setZValue(10)
        scene.addItem(label_bg)
        font = QFont(self.label_font)
        font.setItalic(True)
        font.setBold(framed)
        icon = style.icon if framed else ""
        text = QGraphicsSimpleTextItem(f"{shape.label} {icon}" if icon else shape.label,
                                       label_bg)
        text.setFont(font)
        text.setBrush(QColor(ink_for(verdict)))
        width = QFontMetricsF(font).horizontalAdvance(text.text())
        text.setPos(box.centre_x - width / 2, box.y)
        tip = self.tooltip(shape, verdict, reason, forms)
        item.setToolTip(tip)
        label_bg.setToolTip(tip)
        self._items[shape.side][key] = item
        self._labels[shape.side][key] = label_bg
        self._shapes[id(item)] = shape

    @staticmethod
    def tooltip(shape: EnhancedArcShape, verdict: Verdict, reason: str,
                forms: dict[str, str]) -> str:
        head = f"{shape.head} {forms.get(shape.head, '?')}"
        dependent = f"{shape.dependent} {forms.get(shape.dependent, '?')}"
        why = tr("enhanced", REASONS[reason]) if reason in REASONS else reason
        return (tr("enhanced", "{side}, enhanced: {head} → {dependent} ({label})").format(
                    side=term(shape.side), head=head, dependent=dependent, label=shape.label)
                + f" — {term(verdict.value)}; {why}")

    # ------------------------------------------------------------------ state
    def items(self, side: str) -> dict[tuple[str, int], QGraphicsPathItem]:
        return dict(self._items.get(side, {}))

    def labels(self, side: str) -> dict[tuple[str, int], QGraphicsRectItem]:
        return dict(self._labels.get(side, {}))

    def set_errors_only(self, on: bool) -> None:
        for side, items in self._items.items():
            for key, item in items.items():
                visible = not on or item.data(VERDICT_ROLE) not in (Verdict.MATCH.value,
                                                                    Verdict.IGNORED.value)
                item.setVisible(visible)
                self._labels[side][key].setVisible(visible)

    def highlight(self, touched: Any, faded: float) -> None:
        """Fade every arc but those `touched(shape)` says touch the hovered word (None:
        nothing hovered, all plain)."""
        for side, items in self._items.items():
            for key, item in items.items():
                shape = self._shapes[id(item)]
                opacity = 1.0 if touched is None or touched(shape) else faded
                item.setOpacity(opacity)
                self._labels[side][key].setOpacity(opacity)
