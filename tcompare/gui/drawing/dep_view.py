"""The dependency comparison view: gold and system arcs over one aligned sentence.

`DependencyComparisonView.show_pair(gold, system, result, notation)` draws a pair of
`DepSentence` (either may be None) with the arc verdicts of the scorer's `SentenceResult`
(items of kind ``arc``, `Item.ref` = 0-based word index).  The geometry comes from
`tcompare.layout.arcs` (pure, no Qt); this module only turns it into scene items and never
decides whether an arc is right: an arc with no scorer item is drawn neutral grey.

Layout modes (`set_layout_mode`): ``mirrored`` (gold arcs above the words, system arcs below),
``stacked`` (two diagrams like MaltEval), ``tree`` (two hierarchical diagrams).

Verdict styles come from `palette.style_for` (Okabe-Ito colour AND line style, so they
survive colour blindness and greyscale print): correct = green solid; wrong head = blue
dashed; wrong label = orange solid; wrong head and label = vermillion dashed; not scored
(punctuation) = grey dash-dot-dot.  A third cue: the label of a wrong arc is framed and
carries the palette's icon (↷ wrong head, ≠ wrong label, ✗ both).

Hovering a word highlights it, its gold head (blue) and system head (purple), its gold and
system dependents (pale blue / pale purple), thickens its arcs, fades the others, emits
`hovered(HoverInfo)` (None on leave) and describes the word's attachments in the status line.

Enhanced UD (`set_enhanced`: ``off``, ``above`` the basic arcs, ``below`` the words): the
DEPS arcs of each side, empty nodes as nodes of their own (`layout.enhanced_arcs`), drawn by
`enhanced_view.EnhancedArcs` with the ``ud-eval`` scorer's verdict of each enhanced arc;
hovering an empty node (`hover_empty`) lights its enhanced arcs.

The main window's layout names are accepted too: ``side`` means ``mirrored`` here.
Also: ``set_show_pos`` (CPOSTAG under each word), ``set_errors_only`` (hide correct and
unscored arcs), ``render_image`` / ``export_svg``, and `DEPENDENCY_FILTERS` (the sentence
table's "has wrong head" / "has wrong label" / "has cycle / several roots", read from the
scorer's counts and flags).

Test hooks: `arc_items(side)` returns the arc items keyed by dependent word index; each has
the verdict value (a `Verdict` string, or None when unscored) under `VERDICT_ROLE` and the
side under `SIDE_ROLE`.  `hover_token(word)` drives the hover highlight.  `enhanced_items(side)`:
the enhanced arcs keyed by (dependent row ID, k).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen,
                           QPolygonF)
from PySide6.QtWidgets import (QButtonGroup, QGraphicsItem, QGraphicsPathItem, QGraphicsPolygonItem,
                               QGraphicsRectItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView,
                               QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget)

from tcompare.formats import conllu as conllu_format
from tcompare.gui.fonts import tree_font
from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.scorer_text import scorer_message
from tcompare.gui.language.terms import term
from tcompare.gui.drawing.scene_export import scene_image, scene_svg
from tcompare.gui import themes
from tcompare.gui.drawing.palette import ink_for, style_for
from tcompare.gui.drawing.marks import Marks, Overlays
from tcompare.gui.drawing.enhanced_view import EnhancedArcs
from tcompare.layout.arcs import MODES, ROOT, ArcShape, DiagramLayout, TokenShape, neighbours
from tcompare.layout.enhanced_arcs import CAPTION, POSITIONS as ENHANCED_POSITIONS, has_enhanced, layout_pair
from tcompare.model.deps import DepSentence
from tcompare.scoring.base import SentenceResult, Verdict

# QGraphicsItem.data keys, the same numbers as tree_view.py's (VERDICT_ROLE = 0 there too)
VERDICT_ROLE = 0   # the scorer's verdict as its string value, None for an unscored arc
SIDE_ROLE = 1      # "gold" / "system" ("both" for the shared mirrored token row)
WORD_ROLE = 2      # 0-based word index (dependent for arcs)

# The main window's constituency layout names: "side by side" for arcs is both arc sets on
# one shared word row, which is what mirrored draws.
ALIASES = {"side": "mirrored"}

ARC_VERDICTS = (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH, Verdict.IGNORED)
LEGEND_TEXT = {Verdict.MATCH: N_("dep_view", "correct"), Verdict.WRONG_HEAD: N_("dep_view", "wrong head"),
               Verdict.WRONG_LABEL: N_("dep_view", "wrong label"),
               Verdict.WRONG_BOTH: N_("dep_view", "wrong head + label"), Verdict.IGNORED: N_("dep_view", "not scored")}
LEGEND_SAMPLE = {Qt.PenStyle.SolidLine: "━━", Qt.PenStyle.DashLine: "╍╍", Qt.PenStyle.DotLine: "┈┈",
                 Qt.PenStyle.DashDotLine: "━·", Qt.PenStyle.DashDotDotLine: "━··"}
LABEL_ERRORS = (Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH)
# an enhanced arc's word has several arcs: one the other side lacks is missing / extra
ENHANCED_ONLY = (Verdict.MISSING, Verdict.EXTRA)
LEGEND_TEXT.update({Verdict.MISSING: N_("dep_view", "missing (gold only)"),
                    Verdict.EXTRA: N_("dep_view", "extra (system only)")})


def _has_wrong(key: str) -> Callable[[SentenceResult], bool]:
    """A sentence-table filter: some scoring token's `key` count fell short (the scorer's counts)."""
    return lambda r: r.valid and r.counts.get("tokens", 0) > r.counts.get(key, 0)


TREE_FLAGS = frozenset(("cycle", "self_loop", "several_roots"))

# The sentence table's dependency filters (the main window shows them for CoNLL files):
# name -> predicate over a (slim) SentenceResult; None = no filter.
DEPENDENCY_FILTERS: dict[str, Callable[[SentenceResult], bool] | None] = {
    N_("terms", "all sentences"): None,
    N_("terms", "has wrong head"): _has_wrong("head_correct"),
    N_("terms", "has wrong label"): _has_wrong("label_correct"),
    N_("terms", "has cycle / several roots"): lambda r: bool(TREE_FLAGS.intersection(r.flags)),
}


@dataclass(frozen=True, slots=True)
class HoverInfo:
    """What `hovered` emits: the word under the mouse (the main window prints side, kind,
    text and verdict; `description` is the view's own status line)."""

    word: int
    text: str
    verdict: Verdict | None = None
    description: str = ""
    side: str = "gold/system"
    kind: str = "word"
    span: tuple[int, int] | None = None    # words have none (the tree view's nodes do)
    crossing: bool = False


# the hover fills, the words' and captions' colours: the current theme's (themes.py)
ARC_WIDTH = 1.4
ARC_WIDTH_HOVER = 3.0
FADED = 0.25


def _font(base: QFont, scale: float = 1.0, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont(base)
    if scale != 1.0:
        font.setPointSizeF(max(6.0, base.pointSizeF() * scale))
    font.setBold(bold)
    font.setItalic(italic)
    return font


class _TokenItem(QGraphicsRectItem):
    """A word cell; tells the view when the mouse enters or leaves it."""

    def __init__(self, view: "DependencyComparisonView", shape: TokenShape):
        super().__init__(QRectF(shape.box.x, shape.box.y, shape.box.width, shape.box.height))
        # not `self.shape`: that name is QGraphicsItem.shape(), which Qt calls on hover
        self._view, self.token = view, shape
        self.setAcceptHoverEvents(shape.kind in ("word", "empty"))
        self.setData(WORD_ROLE, shape.word)
        self.setData(SIDE_ROLE, shape.side)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if self.token.kind == "empty":
            self._view.hover_empty(self._view.row_id_of(self.token), self.token.side)
        else:
            self._view.hover_token(self.token.word, self.token.side)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self._view.hover_token(-1)
        super().hoverLeaveEvent(event)


class _ArcView(QGraphicsView):
    """The scene viewer: antialiased, drag to scroll, Ctrl+wheel zooms."""

    def __init__(self, owner: "DependencyComparisonView"):
        super().__init__()
        self._owner = owner
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setBackgroundBrush(QBrush(QColor(themes.current().canvas)))
        self.setAccessibleName(tr("dep_view", "Dependency comparison"))

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            (self._owner.zoom_in if event.angleDelta().y() > 0 else self._owner.zoom_out)()
            event.accept()
        else:
            super().wheelEvent(event)


class DependencyComparisonView(Overlays, QWidget):
    """Gold and system dependency arcs on one aligned sentence (see the module docstring)."""

    hovered = Signal(object)   # HoverInfo, or None when the mouse leaves a word
    layout_changed = Signal(str)   # the view's own mode buttons
    relaid_out = Signal()      # after every rebuild of the scene (sentence, mode, toggles)
    cramped = Signal()         # never emitted: a long sentence keeps its scale and scrolls

    MIN_FIT_SCALE = 0.6   # below this a long sentence scrolls instead of shrinking
    MAX_FIT_SCALE = 1.6

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._gold: DepSentence | None = None
        self._system: DepSentence | None = None
        self._result: SentenceResult | None = None
        self._notation = ""
        self._mode = "mirrored"
        self._scale = 1.0
        self._layout: DiagramLayout | None = None
        self._arcs: dict[str, dict[int, QGraphicsPathItem]] = {"gold": {}, "system": {}}
        self._labels: dict[str, dict[int, QGraphicsRectItem]] = {"gold": {}, "system": {}}
        self._tokens: list[_TokenItem] = []
        self._hovered, self._hovered_side = -1, "both"
        self._hovered_node = ""          # an empty node's ID while it is hovered (word -2)
        self._marks: Marks = {}
        self._mark_frames: list[QGraphicsItem] = []
        self._high_contrast = False       # presentation mode: thicker arcs
        self._highlight: dict[str, set[int]] = {}
        self._titles = {"GOLD": "GOLD", "SYSTEM": "SYSTEM"}
        self._show_pos = False
        self._errors_only = False
        self._enhanced = "off"
        base = tree_font(10.0)
        self.token_font = _font(base, 1.15)
        self.note_font = _font(base, 0.75)
        self.label_font = _font(base, 0.8)
        self.title_font = _font(base, 0.85, bold=True)
        self.enhanced_arcs = EnhancedArcs(self.label_font)

        self.header = QLabel()
        self.header.setObjectName("dep_header")
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.header.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.scene = QGraphicsScene(self)
        self.view = _ArcView(self)
        self.view.setScene(self.scene)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        self._mode_buttons = QButtonGroup(self)
        for mode, text in zip(MODES, (tr("dep_view", "Mirrored"), tr("dep_view", "Stacked"), tr("dep_view", "Tree"))):
            button = QToolButton(text=text, checkable=True)
            button.setToolTip({"mirrored": tr("dep_view", "gold arcs above the words, system arcs below"),
                               "stacked": tr("dep_view", "gold diagram above the system diagram"),
                               "tree": tr("dep_view", "hierarchical trees, words keep their columns")}[mode])
            button.setChecked(mode == self._mode)
            button.clicked.connect(lambda _=False, m=mode: self.set_layout_mode(m))
            self._mode_buttons.addButton(button)
            bar.addWidget(button)
        bar.addSpacing(12)
        for text, slot, tip in (("−", self.zoom_out, tr("dep_view", "zoom out")),
                                ("+", self.zoom_in, tr("dep_view", "zoom in")),
                                (tr("dep_view", "Fit"), self.zoom_fit, tr("dep_view", "fit the sentence (long ones scroll)"))):
            button = QToolButton(text=text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            bar.addWidget(button)
        self.errors_button = QToolButton(text=tr("dep_view", "Errors only"), checkable=True)
        self.errors_button.setToolTip(tr("dep_view", "hide the arcs the scorer counts correct (and unscored ones)"))
        self.errors_button.toggled.connect(self.set_errors_only)
        bar.addWidget(self.errors_button)
        bar.addSpacing(12)
        self.legend = QLabel(self._legend_html())
        # the key on a line of its own (beside the buttons it made the window wider than a
        # 1280-pixel screen); on a very narrow window its end is cut, the tooltip has it all
        self.legend.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.legend.setToolTip(self._legend_html())
        bar.addStretch(1)

        box = QVBoxLayout(self)
        box.setContentsMargins(4, 4, 4, 4)
        box.addWidget(self.header)
        box.addLayout(bar)
        box.addWidget(self.legend)
        box.addWidget(self.view, 1)
        box.addWidget(self.status)
        self.show_pair(None, None, None)

    # ------------------------------------------------------------------ public API
    def layout_mode(self) -> str:
        return self._mode

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:     # the key is HTML made here
            self.legend.setText(self._legend_html())
            self.legend.setToolTip(self._legend_html())

    def set_titles(self, gold: str = "GOLD", system: str = "SYSTEM") -> None:
        """Titles over the gold and the system arcs (the main window passes the file names)."""
        self._titles = {"GOLD": gold, "SYSTEM": system}
        self._rebuild()

    @property
    def diagram(self) -> DiagramLayout | None:
        """The geometry currently drawn."""
        return self._layout

    def show_pair(self, gold: DepSentence | None, system: DepSentence | None,
                  result: SentenceResult | None, notation: str = "") -> None:
        """Draw a pair; `result` supplies the verdicts (None: everything drawn neutral).

        A side that is not a `DepSentence` (a constituency tree opened against a CoNLL file)
        is left out and named in the status line instead of failing.
        """
        self._rejected = [tr("dep_view", "{side} is a {kind}, not a dependency sentence: not drawn").format(
                              side=term(side), kind=type(item).__name__)
                          for side, item in (("gold", gold), ("system", system))
                          if item is not None and not isinstance(item, DepSentence)]
        if not isinstance(gold, DepSentence):
            gold = None
        if not isinstance(system, DepSentence):
            system = None
        self._gold, self._system, self._result, self._notation = gold, system, result, notation
        self._marks = {}
        self._rebuild()

    def set_layout_mode(self, mode: str) -> None:
        """``mirrored``, ``stacked`` or ``tree`` (``side`` is taken as ``mirrored``).

        Raises
        ------
        ValueError
            for any other mode.
        """
        mode = ALIASES.get(mode, mode)
        if mode not in MODES:
            raise ValueError(f"unknown layout mode {mode!r}; known: {', '.join(MODES)}")
        for button, m in zip(self._mode_buttons.buttons(), MODES):
            button.setChecked(m == mode)
        if mode != self._mode:
            self._mode = mode
            self._rebuild()
            self.layout_changed.emit(mode)

    def zoom_in(self) -> None:
        self._set_scale(self._scale * 1.25)

    def zoom_out(self) -> None:
        self._set_scale(self._scale / 1.25)

    def zoom_fit(self) -> None:
        """Fit the whole drawing in the viewport when that keeps it readable (scale at least
        `MIN_FIT_SCALE`); otherwise show it at its natural size, or as tall as the viewport
        allows, and let it scroll horizontally (a 100-word sentence)."""
        rect = self.scene.sceneRect()
        port = self.view.viewport().size()
        if rect.width() <= 0 or rect.height() <= 0 or port.width() <= 0:
            return
        fit_width = (port.width() - 4) / rect.width()
        fit_height = (port.height() - 4) / rect.height()
        fit = min(fit_width, fit_height)
        if fit < self.MIN_FIT_SCALE:
            fit = min(1.0, fit_height) if fit_width < self.MIN_FIT_SCALE else fit
        self._set_scale(min(self.MAX_FIT_SCALE, max(self.MIN_FIT_SCALE, fit)))

    def refit(self) -> None:
        """Fit again after the window gave the view more (or less) room."""
        self.zoom_fit()

    def reset_zoom(self) -> None:
        self._set_scale(1.0)

    def set_show_pos(self, on: bool) -> None:
        """Show each word's CPOSTAG (UPOS) next to its id; ``NN/VB`` when the sides differ."""
        if bool(on) != self._show_pos:
            self._show_pos = bool(on)
            self._rebuild()

    def set_show_function_tags(self, on: bool) -> None:
        """Dependency notations have no function tags (`ComparisonView`)."""

    def set_show_roles(self, on: bool) -> None:
        """Dependency notations have no roles (`ComparisonView`)."""

    def reveal_start(self) -> None:
        """Scroll to the first words (after presentation mode zooms in)."""
        for view in self.findChildren(QGraphicsView):
            view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum())

    def show_pos(self) -> bool:
        return self._show_pos

    def set_enhanced(self, position: str) -> None:
        """Draw the enhanced graph (DEPS arcs, empty nodes' arcs too): ``above`` the basic
        arcs, ``below`` the words, or ``off`` (`layout.enhanced_arcs`)."""
        if position not in ENHANCED_POSITIONS:
            raise ValueError(f"unknown place for enhanced arcs {position!r}; known: "
                             f"{', '.join(ENHANCED_POSITIONS)}")
        if position != self._enhanced:
            self._enhanced = position
            # eight entries do not fit one line beside the side panes at 1280 pixels
            self.legend.setWordWrap(position != "off")
            self.legend.setText(self._legend_html())
            self.legend.setToolTip(self._legend_html())
            self._rebuild()

    def enhanced(self) -> str:
        return self._enhanced

    def enhanced_items(self, side: str) -> dict:
        """Enhanced arc items of ``gold`` or ``system`` keyed by (dependent row ID, k)."""
        return self.enhanced_arcs.items(side)

    def enhanced_label_items(self, side: str) -> dict:
        return self.enhanced_arcs.labels(side)

    def restyle(self) -> None:
        """Draw again in the current theme, the key above the drawing too."""
        self.legend.setText(self._legend_html())
        self.legend.setToolTip(self._legend_html())
        super().restyle()

    def set_errors_only(self, on: bool) -> None:
        """Hide the arcs whose verdict is correct or not scored, so only the errors remain
        (positions stay put, so toggling does not move anything)."""
        self._errors_only = bool(on)
        if self.errors_button.isChecked() != self._errors_only:
            self.errors_button.setChecked(self._errors_only)
        self._apply_visibility()

    def errors_only(self) -> bool:
        return self._errors_only

    def _apply_visibility(self) -> None:
        for side, arcs in self._arcs.items():
            for dependent, item in arcs.items():
                verdict = item.data(VERDICT_ROLE)
                visible = not self._errors_only or verdict not in (Verdict.MATCH.value, Verdict.IGNORED.value)
                item.setVisible(visible)
                label = self._labels[side].get(dependent)
                if label is not None:
                    label.setVisible(visible)
        self.enhanced_arcs.set_errors_only(self._errors_only)

    def render_image(self, scale: float = 1.0) -> QImage:
        """The whole drawing as an image (white background), independent of the zoom."""
        return scene_image(self.scene, scale)

    def export_svg(self, path: str) -> None:
        """Write the drawing as SVG (text stays text, so Chinese words are searchable)."""
        scene_svg(self.scene, path, "tcompare dependency comparison")

    @property
    def scale(self) -> float:
        return self._scale

    def arc_items(self, side: str) -> dict[int, QGraphicsItem]:
        """Arc items of ``gold`` or ``system`` keyed by dependent word index (0-based)."""
        return dict(self._arcs[side])

    def label_items(self, side: str) -> dict[int, QGraphicsItem]:
        """Relation label boxes of ``gold`` or ``system`` keyed by dependent word index
        (their text item is the box's child)."""
        return dict(self._labels[side])

    def token_items(self) -> list[QGraphicsItem]:
        return list(self._tokens)

    def highlighted(self) -> dict[str, set[int]]:
        """What the hover highlights: ``gold_heads``, ``system_heads``, ``gold_dependents``,
        ``system_dependents`` (word indices, ROOT for the root marker); empty when nothing is hovered."""
        return {k: set(v) for k, v in self._highlight.items()}

    def hover_token(self, word: int, side: str = "both") -> None:
        """Highlight `word` (a 0-based word index) and its heads and dependents; -1 clears.
        `side`: the row it is on (``both`` for the shared row; one side when the sides split
        the words differently, and word k of one side is not word k of the other)."""
        if (word, side) == (self._hovered, self._hovered_side):
            return
        self._hovered, self._hovered_side = word, side
        self._highlight = {}
        sides = ("gold", "system") if side == "both" else (side,)
        if word >= 0 and self._layout is not None:
            near = neighbours(self._layout, word)
            self._highlight = {f"{s}_{what}": near[s][what]
                               for s in sides for what in ("heads", "dependents")}
        self._apply_highlight()
        if word < 0:
            self.status.setText(self._problems_text())
            self.hovered.emit(None)
            return
        description = self._describe(word)
        self.status.setText(description)
        first = self._system if side == "system" else (self._gold or self._system)
        form = first.words[word].form if first is not None and word < len(first.words) else "?"
        verdict = (self._verdicts("system").get(word) if side != "gold" else None) or \
            (self._verdicts("gold").get(word) if side != "system" else None)
        self.hovered.emit(HoverInfo(word, form, verdict, description,
                                    side=side if side != "both" else "gold/system"))

    def row_id_of(self, shape: TokenShape) -> str:
        """The ID column of a drawn token (an empty node's ``24.1``)."""
        return self._layout.columns[shape.column].row_id if self._layout is not None else ""

    def hover_empty(self, node: str, side: str = "both") -> None:
        """Highlight empty node `node` (``24.1``) and its enhanced arcs, fading the others
        (it has no basic arc); "" clears, as `hover_token(-1)` does."""
        if not node:
            self.hover_token(-1)
            return
        self._hovered, self._hovered_side, self._hovered_node = -2, side, node
        self._highlight = {}
        self._apply_highlight()
        cell = next((t.token for t in self._tokens if t.token.kind == "empty"
                     and self.row_id_of(t.token) == node
                     and side in ("both", t.token.side)), None)
        text = cell.text if cell is not None else node
        description = tr("dep_view", "empty node {node} (enhanced graph only; not scored)").format(
            node=f"{node} {text}")
        self.status.setText(description)
        self.hovered.emit(HoverInfo(-2, text, None, description,
                                    side=side if side != "both" else "gold/system",
                                    kind="empty node"))

    # ------------------------------------------------------------------ building
    def _measure(self, text: str, role: str) -> tuple[float, float]:
        if role == "label":  # room for the widest drawn form: bold, with an icon
            metrics = QFontMetricsF(_font(self.label_font, 1.0, bold=True))
            return metrics.horizontalAdvance(text + " ✗"), metrics.height()
        if role == "title" and text == CAPTION:     # drawn in the interface's language
            text = tr("dep_view", "enhanced (DEPS)")
        font = {"token": self.token_font, "note": self.note_font,
                "title": self.title_font}.get(role, self.token_font)
        metrics = QFontMetricsF(font)
        return metrics.horizontalAdvance(text), metrics.height()

    def _verdicts(self, side: str) -> dict[int, Verdict]:
        if self._result is None:
            return {}
        return {item.ref: item.verdict for item in self._result.items_for(side) if item.kind == "arc"}

    def set_auto_layout(self, on: bool) -> None:
        """The arc view keeps the layout it is given (mirrored fits most sentences)."""

    def _mark_targets(self) -> list[QGraphicsItem]:
        """The word cells of the marked words (arcs have no phrase nodes)."""
        return [item for item in self._tokens if item.token.kind == "word" and any(
            item.token.word in tokens and item.token.side in (side, "both")
            for side, (_, tokens) in self._marks.items())]

    def _rebuild(self) -> None:
        self._rebuild_scene()
        self._draw_marks()
        # the scene was cleared: items drawn over it by others (the editor's cursor) redraw
        self.relaid_out.emit()

    def _rebuild_scene(self) -> None:
        self.scene.clear()
        self._arcs = {"gold": {}, "system": {}}
        self._labels = {"gold": {}, "system": {}}
        self._tokens = []
        self._hovered, self._hovered_side, self._highlight = -1, "both", {}
        self.header.setText(self._header_html())
        if self._gold is None and self._system is None:
            self._layout = None
            self.scene.setSceneRect(QRectF(0, 0, 10, 10))
            self.status.setText(self._problems_text())
            return
        self._layout = layout_pair(self._gold, self._system, self._measure, self._mode,
                                   show_pos=self._show_pos, enhanced=self._enhanced)
        titles = dict(self._titles, **{CAPTION: tr("dep_view", "enhanced (DEPS)")})
        for title in self._layout.titles:
            item = self.scene.addSimpleText(titles.get(title.text, title.text), self.title_font)
            item.setBrush(QColor(themes.current().muted))
            item.setPos(title.box.x, title.box.y)
        for shape in self._layout.ranges:
            self._add_range(shape)
        for shape in self._layout.tokens:
            self._add_token(shape)
        verdicts = {side: self._verdicts(side) for side in ("gold", "system")}
        for shape in self._layout.arcs:
            self._arcs[shape.side][shape.dependent] = self._add_arc(shape, verdicts[shape.side].get(shape.dependent))
        self.enhanced_arcs.draw(self.scene, self._layout, {"gold": self._gold, "system": self._system},
                                self._result, (_rounded_path, _arrow_head), self.high_contrast())
        self.scene.setSceneRect(QRectF(0, 0, self._layout.width, self._layout.height))
        self._apply_visibility()
        self.status.setText(self._problems_text())
        self._set_scale(self._scale)

    def _add_token(self, shape: TokenShape) -> None:
        theme = themes.current()
        item = _TokenItem(self, shape)
        item.setPen(QPen(Qt.PenStyle.NoPen))
        if self._mode == "tree":
            item.setPen(QPen(QColor(theme.edge), 1))
            item.setBrush(QBrush(QColor(theme.canvas)))
        if shape.kind == "empty":
            item.setPen(QPen(QColor(theme.edge), 1, Qt.PenStyle.DashLine))
        self.scene.addItem(item)
        item.setZValue(-1)
        font = self.token_font
        colour = QColor(theme.text)
        if shape.kind == "root":
            font, colour = _font(self.token_font, 0.8, bold=True), QColor(theme.muted)
        elif shape.kind == "empty":
            font, colour = _font(self.token_font, 1.0, italic=True), QColor(theme.muted)
        text = QGraphicsSimpleTextItem(shape.text, item)
        text.setFont(font)
        text.setBrush(colour)
        width = QFontMetricsF(font).horizontalAdvance(shape.text)
        text.setPos(shape.text_box.centre_x - width / 2, shape.text_box.y)
        if self._forms_differ(shape):
            # one shared row but two different FORMs: underline it (both are in the tooltip)
            box = shape.text_box
            line = QGraphicsPathItem(_rounded_path(((box.x, box.bottom), (box.right, box.bottom))), item)
            line.setPen(QPen(QColor(theme.alert), 1.6, Qt.PenStyle.DashLine))
            line.setData(SIDE_ROLE, "form_mismatch")
        if shape.note:
            note = QGraphicsSimpleTextItem(shape.note, item)
            note.setFont(self.note_font)
            note.setBrush(QColor(theme.muted))
            note.setPos(shape.note_box.x, shape.note_box.y)
        item.setToolTip(self._token_tooltip(shape))
        self._tokens.append(item)

    def _forms_differ(self, shape: TokenShape) -> bool:
        if shape.side != "both" or shape.kind != "word" or self._layout is None:
            return False
        column = self._layout.columns[shape.column]
        return bool(column.gold_text and column.system_text and column.gold_text != column.system_text)

    def _add_range(self, shape) -> None:
        pen = QPen(QColor(themes.current().edge), 1)
        path = QPainterPath(QPointF(shape.x0, shape.y + 4))
        path.lineTo(shape.x0, shape.y)
        path.lineTo(shape.x1, shape.y)
        path.lineTo(shape.x1, shape.y + 4)
        bracket = self.scene.addPath(path, pen)
        text = QGraphicsSimpleTextItem(shape.text, bracket)
        text.setFont(self.token_font)
        text.setBrush(QColor(themes.current().muted))
        text.setPos(shape.text_box.x, shape.text_box.y)
        bracket.setToolTip(tr("dep_view", "multiword token {id}: {text}").format(id=shape.row_id, text=shape.text))

    def _add_arc(self, shape: ArcShape, verdict: Verdict | None) -> QGraphicsPathItem:
        style = style_for(verdict)
        colour, framed = style.border, verdict in LABEL_ERRORS
        pen = QPen(QColor(colour), ARC_WIDTH * (1.8 if self.high_contrast() else 1.0),
                   style.pen_style)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        item = QGraphicsPathItem(_rounded_path(shape.points))
        item.setPen(pen)
        item.setData(VERDICT_ROLE, verdict.value if verdict is not None else None)
        item.setData(SIDE_ROLE, shape.side)
        item.setData(WORD_ROLE, shape.dependent)
        self.scene.addItem(item)
        arrow = QGraphicsPolygonItem(_arrow_head(shape.points), item)
        arrow.setPen(QPen(Qt.PenStyle.NoPen))
        arrow.setBrush(QColor(colour))
        box = shape.label_box
        # Labels are scene-level items above every arc: legs of crossing arcs pass under them.
        label_bg = QGraphicsRectItem(QRectF(box.x, box.y, box.width, box.height))
        label_bg.setPen(QPen(QColor(colour), 1) if framed else QPen(Qt.PenStyle.NoPen))
        back = QColor(themes.current().label_back)
        back.setAlpha(235)
        label_bg.setBrush(back)
        label_bg.setZValue(10)
        label_bg.setToolTip(self._arc_tooltip(shape, verdict))
        self.scene.addItem(label_bg)
        self._labels[shape.side][shape.dependent] = label_bg
        font = _font(self.label_font, 1.0, bold=framed)
        label = QGraphicsSimpleTextItem(self._label_text(shape.label, verdict), label_bg)
        label.setFont(font)
        label.setBrush(QColor(ink_for(verdict)))    # the verdict's hue, readable as text
        width = QFontMetricsF(font).horizontalAdvance(label.text())
        label.setPos(box.centre_x - width / 2, box.y)
        item.setToolTip(self._arc_tooltip(shape, verdict))
        # Crossing (non-projective) arcs over plain ones, labels over everything.
        item.setZValue(2 if shape.crossing else 1)
        return item

    def _set_scale(self, scale: float) -> None:
        self._scale = max(0.1, min(8.0, scale))
        self.view.resetTransform()
        self.view.scale(self._scale, self._scale)

    # ------------------------------------------------------------------ hover
    def _apply_highlight(self) -> None:
        hovering = self._hovered != -1
        for side, arcs in self._arcs.items():
            for dependent, item in arcs.items():
                shape_head = self._arc_head(side, dependent)
                touches = self._hovered_side in ("both", side) and (
                    dependent == self._hovered or shape_head == self._hovered)
                pen = item.pen()
                pen.setWidthF(ARC_WIDTH_HOVER if hovering and touches
                              else ARC_WIDTH * (1.8 if self.high_contrast() else 1.0))
                item.setPen(pen)
                item.setOpacity(1.0 if not hovering or touches else FADED)
                label = self._labels[side].get(dependent)
                if label is not None:
                    label.setOpacity(item.opacity())
        self.enhanced_arcs.highlight(self._touches_hovered if hovering else None, FADED)
        for token in self._tokens:
            token.setBrush(QBrush(self._token_fill(token.token)))

    def _touches_hovered(self, shape) -> bool:
        """Whether an enhanced arc starts or ends at the hovered word."""
        sentence = self._gold if shape.side == "gold" else self._system
        if self._hovered_side not in ("both", shape.side) or sentence is None or \
                self._hovered >= len(sentence.words):
            return False
        if self._hovered == -2:
            return self._hovered_node in (shape.dependent, shape.head)
        return sentence.words[self._hovered].id in (shape.dependent, shape.head)

    def _arc_head(self, side: str, dependent: int) -> int | None:
        if self._layout is None:
            return None
        for arc in self._layout.arcs:
            if arc.side == side and arc.dependent == dependent:
                return arc.head
        return None

    def _token_fill(self, shape: TokenShape) -> QColor:
        theme = themes.current()
        base = QColor(theme.canvas) if self._mode == "tree" else QColor(0, 0, 0, 0)
        if self._hovered == -1:
            return base
        if shape.kind == "empty" and self._hovered == -2 and \
                self.row_id_of(shape) == self._hovered_node and \
                self._hovered_side in ("both", shape.side):
            return QColor(theme.hover)
        word = shape.word if shape.kind in ("word", "root") else None
        if word is None:
            return base
        if shape.kind == "word" and word == self._hovered and \
                self._hovered_side in ("both", shape.side):
            return QColor(theme.hover)
        sides = ("gold", "system") if shape.side == "both" else (shape.side,)
        for what, fills in (("heads", theme.head_fill), ("dependents", theme.dependent_fill)):
            for side in sides:
                if word in self._highlight.get(f"{side}_{what}", ()):
                    return QColor(fills[0 if side == "gold" else 1])
        return base

    # ------------------------------------------------------------------ texts
    def _word_form(self, side: str, word: int) -> str:
        if word == ROOT:
            return "ROOT"
        sentence = self._gold if side == "gold" else self._system
        if sentence is None or word >= len(sentence.words):
            return "?"
        return sentence.words[word].form

    def _describe(self, word: int) -> str:
        parts = []
        for side in ("gold", "system"):
            sentence = self._gold if side == "gold" else self._system
            if sentence is None or word >= len(sentence.words):
                continue
            token = sentence.words[word]
            head = self._arc_head(side, word)
            where = tr("dep_view", "head {head} {form}").format(head=token.head, form=repr(self._word_form(side, head))) \
                if head is not None else tr("dep_view", "head {head} (not a word)").format(head=repr(token.head))
            deps = sorted(self._highlight.get(f"{side}_dependents", ()))
            dep_text = ", ".join(self._word_form(side, d) for d in deps) or tr("dep_view", "none")
            parts.append(f"{term(side)}: {where} ({token.deprel}); " +
                         tr("dep_view", "dependents: {words}").format(words=dep_text))
        verdict = self._verdicts("system").get(word) or self._verdicts("gold").get(word)
        first = self._gold or self._system
        form = first.words[word].form if first is not None and word < len(first.words) else "?"
        text = tr("dep_view", "word {n} {form}").format(n=word + 1, form=repr(form)) + " — " + " · ".join(parts)
        if verdict is not None:
            text += f" — {term(verdict.value)}"
        return text

    def _problems_text(self) -> str:
        problems = list(getattr(self, "_rejected", ()))
        if self._layout is not None:
            problems += self._layout.problems
        text = "⚠ " + "; ".join(problems) if problems else ""
        if self._enhanced != "off" and self._layout is not None and not self._layout.enhanced \
                and (has_enhanced(self._gold) or has_enhanced(self._system)):
            note = tr("dep_view", "enhanced arcs are drawn in the mirrored and stacked layouts")
            text = f"{text} · {note}" if text else note
        return text

    def _token_tooltip(self, shape: TokenShape) -> str:
        if shape.kind == "root":
            return tr("dep_view", "root marker: arcs from here have HEAD 0")
        if shape.kind == "empty":
            return tr("dep_view", "empty node {node} (enhanced graph only; not scored)").format(
                node=self._layout.columns[shape.column].row_id if self._layout else shape.note)
        lines = []
        for side in ("gold", "system") if shape.side == "both" else (shape.side,):
            sentence = self._gold if side == "gold" else self._system
            if sentence is not None and shape.word < len(sentence.words):
                t = sentence.words[shape.word]
                lines.append(f"{term(side)}: {t.id} {t.form}  {t.cpostag}/{t.postag}  " +
                             tr("dep_view", "head {head}").format(head=t.head) + f"  {t.deprel}")
                feats = conllu_format.features(t)
                if feats:
                    lines.append("    " + "  ".join(f"{k}={v}" for k, v in feats.items()))
        return "\n".join(lines)

    def _arc_tooltip(self, shape: ArcShape, verdict: Verdict | None) -> str:
        head = self._word_form(shape.side, shape.head)
        dep = self._word_form(shape.side, shape.dependent)
        state = term(verdict.value) if verdict is not None else tr("dep_view", "not scored by the profile")
        return f"{term(shape.side)}: {head} → {dep} ({shape.label}) — {state}"

    def _header_html(self) -> str:
        sentence = self._gold or self._system
        if sentence is None:
            return "<i>" + tr("dep_view", "No dependency sentence") + "</i>"
        text = f"<b>{html.escape(sentence.text())}</b>"
        result = self._result
        if result is None:
            return text
        facts = []
        alert, muted = themes.current().alert, themes.current().muted
        if not result.valid:
            facts.append(f"<span style='color:{alert}'>{html.escape(scorer_message(result.message) or term(result.status.value))}</span>")
        for key, value in result.scores.items():
            facts.append(f"{html.escape(term(key))} {'–' if value is None else f'{value:.2f}'}")
        if result.flags:
            facts.append(f"<span style='color:{alert}'>" + html.escape(", ".join(
                term(f) for f in result.flags)) + "</span>")
        where = tr("dep_view", "sentence {n}").format(n=result.index) + (
            f" · {html.escape(self._notation)}" if self._notation else "")
        return f"{text}<br><span style='color:{muted}'>{' · '.join([where] + facts)}</span>"

    @staticmethod
    def _label_text(label: str, verdict: Verdict | None) -> str:
        """The relation, plus the palette's icon for a wrong arc (a cue without colour)."""
        icon = style_for(verdict).icon if verdict in LABEL_ERRORS else ""
        return f"{label} {icon}" if icon else label

    def _legend_html(self) -> str:
        parts = []
        shown = ARC_VERDICTS + (ENHANCED_ONLY if self._enhanced != "off" else ())
        for verdict in shown:
            style = style_for(verdict)
            sample = LEGEND_SAMPLE.get(style.pen_style, "━━")
            icon = f" {style.icon}" if verdict in LABEL_ERRORS + ENHANCED_ONLY and style.icon else ""
            parts.append(f"<span style='color:{style.border}'>{sample}</span> {tr('dep_view', LEGEND_TEXT[verdict])}{icon}")
        if self._enhanced != "off":     # the cue that is not a colour: italic, rounder
            parts.append("<i>" + html.escape(tr("dep_view", "italic label: enhanced arc")) + "</i>")
        return "&nbsp;&nbsp;".join(parts)


# ---------------------------------------------------------------------- path helpers
def _rounded_path(points, radius: float = 5.0) -> QPainterPath:
    """A polyline with its inner corners rounded (the ends stay exact)."""
    path = QPainterPath(QPointF(*points[0]))
    for k in range(1, len(points) - 1):
        (x0, y0), (x1, y1), (x2, y2) = points[k - 1], points[k], points[k + 1]
        r = min(radius, math.dist((x0, y0), (x1, y1)) / 2, math.dist((x1, y1), (x2, y2)) / 2)
        a = _towards((x1, y1), (x0, y0), r)
        b = _towards((x1, y1), (x2, y2), r)
        path.lineTo(*a)
        path.quadTo(QPointF(x1, y1), QPointF(*b))
    path.lineTo(QPointF(*points[-1]))
    return path


def _towards(origin, target, distance: float) -> tuple[float, float]:
    length = math.dist(origin, target)
    if length == 0:
        return origin
    return (origin[0] + (target[0] - origin[0]) * distance / length,
            origin[1] + (target[1] - origin[1]) * distance / length)


def _arrow_head(points, size: float = 6.0) -> QPolygonF:
    """A filled triangle at the last point, pointing along the last segment."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.dist((x0, y0), (x1, y1)) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * size, y1 - uy * size
    px, py = -uy * size * 0.45, ux * size * 0.45
    return QPolygonF([QPointF(x1, y1), QPointF(bx + px, by + py), QPointF(bx - px, by - py)])
