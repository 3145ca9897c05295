"""TreeComparisonView: a gold and a system constituency tree in one zoomable scene.

The geometry comes from `tcompare.layout.drawn_trees.layout_pair` (Qt-free); this module
only draws it.  Every node box and POS tag is coloured from the verdict the scorer put on
the `SentenceResult` items (`palette.style_for`), never from a comparison made here, and
each drawn item carries that verdict as ``item.data(VERDICT_ROLE)`` so tests can check
the scene against the scorer.

Both trees live in ONE `QGraphicsScene`, so they zoom and scroll together.  Hovering a
node lights up its span under the words of both trees, outlines its counterpart on the
other side (the scorer's partner, solid; else the nearest node by span overlap from
`layout.matching`, dashed) and emits `hovered` with a `HoverInfo`; the tooltip (category,
function/GR tag, heads, role, span, verdict) is built on first hover, not up front, so
switching sentences stays cheap.

Zoom: Ctrl+wheel, Ctrl++ / Ctrl+- / Ctrl+0 (fit) / Ctrl+1 (100 %) and the methods; drag
to pan.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFontMetricsF, QImage, QPainter, QPainterPath, QPen,
                           QTransform)
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem,
                               QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsTextItem,
                               QGraphicsView,
                               QVBoxLayout, QWidget)

from tcompare.gui import themes
from tcompare.gui.drawing import palette
from tcompare.gui.drawing.scene_export import scene_image, scene_svg
from tcompare.gui.drawing.palette import VERDICT_ROLE
from tcompare.gui.fonts import tree_font
from tcompare.gui.language.i18n import tr
from tcompare.gui.language.scorer_text import scorer_message
from tcompare.gui.language.terms import term
from tcompare.layout.matching import Counterpart, counterparts
from tcompare.gui.drawing.marks import Marks, Overlays
from tcompare.gui.drawing.two_verdicts import paint_two_verdicts
from tcompare.layout.drawn_trees import layout_pair, layout_trio
from tcompare.layout.tree_layout import MODES, Box, LayoutStyle, PairLayout
from tcompare.layout.trio_layout import TwoVerdictBox
from tcompare.model.tree import Tree
from tcompare.scoring.base import SentenceResult, Verdict

# keys for QGraphicsItem.data(): what the item shows, for tests and other views
# VERDICT_ROLE (palette.py, shared with the dependency view): the scorer's verdict as its
# string value (Verdict is a str enum, so item.data(VERDICT_ROLE) == Verdict.MATCH holds),
# "" when the scorer made no item for the box
SIDE_ROLE = 1      # "gold" / "system"
KIND_ROLE = 2      # "node" / "pos" / "word"
REF_ROLE = 3       # Node.id or token index
OTHER_VERDICT_ROLE = 4   # two systems drawn: system B's verdict on a gold box ("" if none)

ZOOM_STEP = 1.25
ICON_OVERHANG = 14.0
MEASURE_CACHE_LIMIT = 50_000  # distinct strings; a 100k-sentence corpus must not grow it forever
ZOOM_MIN, ZOOM_MAX = 0.05, 8.0
# a sentence that does not fit is shrunk on arrival down to this (below it, words are too
# small to read: the drawing scrolls instead, starting at the first words)
ARRIVAL_MIN_ZOOM = 0.6
# and a short one is enlarged up to this (at 1x a 5-word pair left 70% of the view empty;
# past 1.6x the boxes look like a different program)
FIT_MAX_ZOOM = 1.6
# until the user chooses a layout: side by side only when the view is at least this many
# times as wide as tall.  A parse tree is typically 2-5 times as wide as tall, so two of
# them side by side fit a view of about that shape; stacked suits any narrower one.  Chosen
# from the view's shape, not per sentence: the layout must not change as the user steps on.
SIDE_BY_SIDE_ASPECT = 2.6
# a status message under the trees wraps at this width when the drawing is narrower
MESSAGE_MIN_WIDTH = 320.0
# a sentence that does not fit at 1x is drawn with these tighter gaps (a 40-word WSJ tree
# fifteen rows deep: the spacing alone took a third of its height)
COMPACT_GAPS = {"row_gap": 6.0, "pad_y": 2.0, "col_gap": 6.0, "panel_gap": 24.0}
CROSSING_GAP = 4.0             # half the cut in a bar where a branch crosses it (disc trees)
EDGE_Z, BAR_Z = -2.0, -2.2     # branches over the cuts over the bars
HIGHLIGHT_ALPHA = 110          # the hovered span's highlight over the theme's canvas


@dataclass(frozen=True, slots=True)
class HoverInfo:
    """What the pointer is over: emitted by `TreeComparisonView.hovered` (None on leave)."""

    side: str
    kind: str
    ref: int
    text: str
    span: tuple[int, int]
    verdict: Verdict | None
    crossing: bool
    counterpart: Counterpart | None
    tooltip: str


class BoxItem(QGraphicsItem):
    """One node box, POS tag or word; paints itself from its layout `Box` and the palette."""

    def __init__(self, view: "TreeComparisonView", box: Box):
        super().__init__()
        self.view, self.box = view, box
        self.outline: str = ""          # "", "exact" or "nearest"
        self._rect = QRectF(0, 0, box.w, box.h)
        self._bounds = _bounds(box)
        self.setPos(box.x, box.y)
        self.setAcceptHoverEvents(True)
        self._tooltip_set = False

    def show_box(self, box: Box) -> None:
        """Reuse this item for another box (the view keeps a pool: creating and deleting
        hundreds of items per sentence switch costs more than moving them)."""
        self.prepareGeometryChange()
        self.box = box
        self.outline = ""
        self._rect = QRectF(0, 0, box.w, box.h)
        self._bounds = _bounds(box)
        self.setPos(box.x, box.y)
        if self._tooltip_set:
            self.setToolTip("")
            self._tooltip_set = False
        self.setVisible(True)
        self.update()

    def data(self, key: int):  # noqa: D102 - QGraphicsItem.data, answered from the layout box
        # Answering from the Box instead of four setData calls per item keeps a sentence
        # switch cheap (hundreds of items); the values are the same a setData would store.
        box = self.box
        if key == VERDICT_ROLE:
            return box.verdict.value if box.verdict is not None else ""
        if key == SIDE_ROLE:
            return box.side
        if key == KIND_ROLE:
            return box.kind
        if key == REF_ROLE:
            return box.ref
        if key == OTHER_VERDICT_ROLE:
            other = getattr(box, "other_verdict", None)
            return other.value if other is not None else ""
        return super().data(key)

    @property
    def verdict(self) -> Verdict | None:
        return self.box.verdict

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt override)
        return self._bounds

    def set_outline(self, outline: str) -> None:
        if outline != self.outline:
            self.outline = outline
            self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        box, view = self.box, self.view
        painter.setFont(view.font_for(box.kind))
        if isinstance(box, TwoVerdictBox) and (box.kind == "node" or not _quiet(box)):
            paint_two_verdicts(painter, self._rect, palette.style_for(box.verdict),
                               palette.style_for(box.other_verdict), box.text,
                               upper_crossing=box.crossing, lower_crossing=box.other_crossing,
                               icon_font=view.icon_font)
        elif box.kind == "node":
            palette.paint_verdict_box(painter, self._rect, palette.style_for(box.verdict), box.text,
                                      crossing=box.crossing, icon_font=view.icon_font)
        elif box.kind == "pos":
            style = palette.style_for(box.verdict)
            if box.verdict in (None, Verdict.MATCH, Verdict.IGNORED):
                # quiet grey for tags that are fine: the eye goes to the wrong ones
                painter.setPen(QColor(themes.current().muted))
                painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, box.text)
            else:
                palette.paint_verdict_box(painter, self._rect, style, box.text,
                                          icon_font=view.icon_font)
        else:
            if box.verdict not in (None, Verdict.MATCH, Verdict.IGNORED):
                # POS row hidden: the word shows its tag's verdict
                palette.paint_verdict_box(painter, self._rect.adjusted(-3, 0, 3, 0),
                                          palette.style_for(box.verdict), icon_font=view.icon_font)
                painter.setFont(view.font_for(box.kind))
            # on a verdict box the box's text colour, else the canvas's
            painter.setPen(QColor(themes.current().box_text
                                  if box.verdict not in (None, Verdict.MATCH, Verdict.IGNORED)
                                  else themes.current().text))
            painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, box.text)
            if box.seg_diff:
                pen = QPen(QColor(palette.SEG_DIFF_COLOUR), 2.0, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                y = self._rect.bottom() - 1
                painter.drawLine(QPointF(-2, y), QPointF(self._rect.right() + 2, y))
        if self.outline:
            pen = QPen(QColor(themes.current().accent), 3.0,
                       Qt.PenStyle.SolidLine if self.outline == "exact" else Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self._rect.adjusted(-3, -3, 3, 3), 6, 6)

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if not self._tooltip_set:
            self.setToolTip(self.view.tooltip_for(self.box.side, self.box.kind, self.box.ref))
            self._tooltip_set = True
        self.view.hover(self.box.side, self.box.kind, self.box.ref)

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802 (Qt override)
        self.view.clear_hover()


class _Canvas(QGraphicsView):
    """The graphics view: Ctrl+wheel zooms around the pointer, dragging pans."""

    def __init__(self, owner: "TreeComparisonView", scene: QGraphicsScene):
        super().__init__(scene)
        self.owner = owner
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QBrush(QColor(themes.current().canvas)))
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAccessibleName(tr("tree_view", "Tree comparison"))

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt override)
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                self.owner.set_zoom(self.owner.zoom() * (ZOOM_STEP ** steps))
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt override)
        # Only reached when no window-level action owns the key (the main window's View menu
        # has the same keys): so the view also zooms from the keyboard on its own.
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            key = event.key()
            if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
                self.owner.zoom_in()
                return
            if key == Qt.Key.Key_Minus:
                self.owner.zoom_out()
                return
            if key == Qt.Key.Key_0:
                self.owner.zoom_fit()
                return
            if key == Qt.Key.Key_1:
                self.owner.reset_zoom()
                return
        super().keyPressEvent(event)


class TreeComparisonView(Overlays, QWidget):
    """Gold and system trees side by side / stacked / mirrored, coloured by verdict.

    Signals
    -------
    hovered(object) : a `HoverInfo` when the pointer enters a box, None when it leaves.
    layout_changed(str) : the layout mode after `set_layout_mode`.
    """

    hovered = Signal(object)
    layout_changed = Signal(str)
    relaid_out = Signal()   # after every rebuild of the scene (sentence, layout, toggles)
    cramped = Signal()      # a sentence arrived that does not fit at ARRIVAL_MIN_ZOOM

    def __init__(self, parent: QWidget | None = None, point_size: float = 10.0):
        super().__init__(parent)
        self.scene = QGraphicsScene(self)
        # the scene is rebuilt on every sentence switch: a BSP index would be rebuilt each
        # time for a few hundred items, a linear scan is cheaper
        self.scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self._title_items: dict[str, QGraphicsSimpleTextItem] = {}
        self._pool: list[BoxItem] = []     # box items reused from sentence to sentence
        self._marks: Marks = {}
        self._mark_frames: list[QGraphicsItem] = []
        self._extras: list[QGraphicsItem] = []  # edges, captions, message: rebuilt each time
        self.canvas = _Canvas(self, self.scene)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.canvas)
        self.label_font = tree_font(point_size)
        self.word_font = tree_font(point_size + 1)
        self.pos_font = tree_font(point_size - 1)
        self.icon_font = tree_font(point_size - 1, bold=True)
        self._metrics = {"node": QFontMetricsF(self.label_font),
                         "word": QFontMetricsF(self.word_font),
                         "pos": QFontMetricsF(self.pos_font)}
        self._width_cache: dict[str, float] = {}
        self._mode = "side"
        self._style = LayoutStyle(line_height=max(m.height() for m in self._metrics.values()))
        self._gold: Tree | None = None
        self._system: Tree | None = None
        self._result: SentenceResult | None = None
        self._notation = ""
        self._titles = {"gold": "GOLD", "system": "SYSTEM", "other": "SYSTEM B"}
        # two systems against gold (`show_two`): system B's tree and result
        self._two = False
        self._other: Tree | None = None
        self._other_result: SentenceResult | None = None
        self._layout: PairLayout | None = None
        self._items: dict[tuple[str, str], dict[int, BoxItem]] = {}
        self._counterparts: dict | None = None
        self._hover_items: list = []
        self._outlined: list[BoxItem] = []
        self._zoom = 1.0
        self._fit_on_arrival = True       # until the user zooms by hand (Zoom to fit: again)
        self._auto_layout = False         # the layout follows the view's shape (no choice yet)
        self._high_contrast = False       # presentation mode: black, thicker lines
        self._compact = False             # COMPACT_GAPS: the sentence did not fit at 1x

    # -- public API -----------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(900, 600)

    def show_pair(self, gold: Tree | None, system: Tree | None,
                  result: SentenceResult | None, notation: str = "") -> None:
        """Show one sentence pair (either tree may be None; `result` may be None)."""
        # a view for constituency trees: anything else (a dependency sentence routed here
        # by mistake) is shown as "no tree" rather than crashing the window
        gold = gold if isinstance(gold, Tree) else None
        system = system if isinstance(system, Tree) else None
        self._gold, self._system, self._result, self._notation = gold, system, result, notation
        self._two, self._other, self._other_result = False, None, None
        self._arrive()

    def show_two(self, gold: Tree | None, system: Tree | None, result: SentenceResult | None,
                 other: Tree | None, other_result: SentenceResult | None,
                 notation: str = "") -> None:
        """Two systems against gold: `system` (A) above the gold tree, `other` (B) below,
        each coloured by its own result; gold boxes show both verdicts (upper half A's,
        lower half B's).  `show_pair` goes back to one system."""
        self._gold = gold if isinstance(gold, Tree) else None
        self._system = system if isinstance(system, Tree) else None
        self._other = other if isinstance(other, Tree) else None
        self._result, self._other_result, self._notation = result, other_result, notation
        self._two = True
        self._arrive()

    def showing_two(self) -> bool:
        return self._two

    def _arrive(self) -> None:
        self._counterparts = None
        self._marks = {}
        self._arrange()

    def refit(self) -> None:
        """Lay the sentence out again for the view's new size (the window folded its side
        panes for it): layout choice, spacing and zoom as on arrival."""
        if self._gold is not None or self._system is not None or self._result is not None:
            self._arrange()

    def _arrange(self) -> None:
        """Choose the layout (until the user has), the spacing and the zoom for the view's
        size, build the scene once, and say when even that is too small to read."""
        fitting = self._fit_on_arrival and self._port_usable()
        if fitting:
            self._compact = False
            if self._auto_layout and not self._two:
                self._choose_layout()
            if self._natural_fit() < 1.0:
                self._compact = True
                if self._auto_layout and not self._two:
                    self._choose_layout()
        self._rebuild()
        if fitting:
            self._fit_new_sentence()
        self.reveal_start()

    def _port_usable(self) -> bool:
        port = self.canvas.viewport().size()
        return port.width() >= 100 and port.height() >= 60

    def _natural_fit(self) -> float:
        """The zoom at which the current mode's drawing fits the viewport, from the
        geometry alone (no scene is built)."""
        geometry = self._geometry(self._mode)
        port = self.canvas.viewport().size()
        return min(port.width() / max(geometry.width + ICON_OVERHANG, 1.0),
                   port.height() / max(geometry.height, 1.0))

    def _geometry(self, mode: str) -> PairLayout:
        """The drawing's layout: the pair in `mode`, or the three trees (`show_two`)."""
        if self._two:
            return layout_trio(self._gold, self._system, self._result, self._other,
                               self._other_result, self._measure_for(), self._layout_style())
        return layout_pair(self._gold, self._system, self._result, mode, self._measure_for(),
                           self._layout_style())

    def _layout_style(self) -> LayoutStyle:
        return replace(self._style, **COMPACT_GAPS) if self._compact else self._style

    def reveal_start(self) -> None:
        """Scroll a drawing bigger than the view to the sentence's first words.

        A long sentence's drawing is wider and taller than the view; without this the view
        opens on an arbitrary corner (with mirrored trees often empty).  The words are what
        the reader anchors on, so the first word is brought in, its row centred vertically.
        """
        words = self._items.get(("gold", "word")) or self._items.get(("system", "word"))
        if not words:
            return
        canvas = self.canvas
        if self._two:       # three trees: start at the top one (system A), then the gold
            canvas.verticalScrollBar().setValue(canvas.verticalScrollBar().minimum())
        first = words[min(words)].sceneBoundingRect()
        shown = canvas.mapToScene(canvas.viewport().rect()).boundingRect()
        if shown.contains(first) or (self._two and shown.left() <= first.left() <= shown.right()):
            return
        left = max(self.scene.sceneRect().left(), first.left() - 12)
        canvas.centerOn(left + shown.width() / 2,
                        shown.center().y() if self._two else first.center().y())

    def set_titles(self, gold: str = "GOLD", system: str = "SYSTEM", other: str = "SYSTEM B") -> None:
        """Captions over the trees (e.g. file names); `other`: system B's (two systems)."""
        self._titles = {"gold": gold, "system": system, "other": other}
        for side, item in self._title_items.items():  # no relayout: captions sit top left
            item.setText(self._title_text(side))

    def _title_text(self, side: str) -> str:
        text = self._titles.get(side, side.upper())
        if self._tree(side) is None:
            text += tr("tree_view", "  (no tree)")
        elif self._two and side == "gold":
            text += tr("tree_view", "   (each box: upper half = the system above, lower half = "
                       "the system below)")
        return text

    def _tree(self, side: str) -> Tree | None:
        return {"gold": self._gold, "system": self._system, "other": self._other}.get(side)

    def set_layout_mode(self, mode: str) -> None:
        """``side``, ``stacked`` or ``mirrored``."""
        if mode not in MODES:
            raise ValueError(f"unknown layout mode {mode!r}; expected one of {', '.join(MODES)}")
        if mode != self._mode:
            self._mode = mode
            self._rebuild()
            self.reveal_start()
            self.layout_changed.emit(mode)

    def set_auto_layout(self, on: bool) -> None:
        """Until the user chooses a layout: side by side or stacked by the view's shape
        (`SIDE_BY_SIDE_ASPECT`), the same for every sentence; a choice of the user's turns
        this off for good."""
        self._auto_layout = on

    def _choose_layout(self) -> None:
        """Side by side in a view wide enough for two trees, else stacked (said through
        `layout_changed`).  From the view alone: choosing per sentence switched the layout
        as the user stepped from a short sentence to a long one."""
        if self._mode not in ("side", "stacked"):
            return
        port = self.canvas.viewport().size()
        if port.width() < 100 or port.height() < 60:
            return
        wanted = "side" if port.width() >= SIDE_BY_SIDE_ASPECT * port.height() else "stacked"
        if wanted != self._mode:
            self._mode = wanted
            self.layout_changed.emit(wanted)

    def layout_mode(self) -> str:
        return self._mode

    def set_show_pos(self, on: bool) -> None:
        self._set_style(show_pos=bool(on))

    def set_show_function_tags(self, on: bool) -> None:
        self._set_style(show_function=bool(on))

    def set_show_roles(self, on: bool) -> None:
        self._set_style(show_roles=bool(on))

    def show_pos(self) -> bool:
        return self._style.show_pos

    def show_function_tags(self) -> bool:
        return self._style.show_function

    def show_roles(self) -> bool:
        return self._style.show_roles

    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, factor: float) -> None:
        """Zoom by hand: later sentences keep this zoom (Zoom to fit fits them again)."""
        self._fit_on_arrival = False
        self._apply_zoom(factor)

    def _apply_zoom(self, factor: float) -> None:
        self._zoom = min(max(factor, ZOOM_MIN), ZOOM_MAX)
        self.canvas.setTransform(QTransform.fromScale(self._zoom, self._zoom))

    def _fit_new_sentence(self) -> None:
        """Fit a new sentence to the viewport, shrunk so both trees show whole or enlarged
        to fill it (never below ARRIVAL_MIN_ZOOM, never past FIT_MAX_ZOOM)."""
        rect = self.scene.sceneRect()
        port = self.canvas.viewport().size()
        if not self._fit_on_arrival or rect.width() <= 0 or rect.height() <= 0 \
                or port.width() < 100 or port.height() < 60:
            return
        # 2 px short of the port: a drawing exactly as big brings in the scroll bars
        fit = min((port.width() - 2) / rect.width(), (port.height() - 2) / rect.height())
        self._apply_zoom(min(max(fit, ARRIVAL_MIN_ZOOM), FIT_MAX_ZOOM))
        # three trees are tall: folding the side panes (the table) would not make them fit,
        # unless the width is what is short
        if fit < ARRIVAL_MIN_ZOOM and (not self._two
                                       or (port.width() - 2) / rect.width() < ARRIVAL_MIN_ZOOM):
            self.cramped.emit()

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def reset_zoom(self) -> None:
        self.set_zoom(1.0)

    def zoom_fit(self) -> None:
        """Fit the whole drawing in the viewport, shrinking or enlarging it (never past
        FIT_MAX_ZOOM: a 2-word pair at 5x is no easier to read)."""
        rect = self.scene.sceneRect()
        port = self.canvas.viewport().size()
        if rect.width() <= 0 or rect.height() <= 0 or port.width() <= 0:
            return
        self._apply_zoom(min((port.width() - 2) / rect.width(), (port.height() - 2) / rect.height(),
                             FIT_MAX_ZOOM))
        self._fit_on_arrival = True
        self.reveal_start()

    def pair_layout(self) -> PairLayout | None:
        """The current geometry (None before the first `show_pair`)."""
        return self._layout

    def node_items(self, side: str) -> dict[int, QGraphicsItem]:
        """``Node.id -> drawn item`` for one side."""
        return dict(self._items.get((side, "node"), {}))

    def pos_items(self, side: str) -> dict[int, QGraphicsItem]:
        """``token index -> drawn POS item`` for one side (empty when the POS row is hidden)."""
        return dict(self._items.get((side, "pos"), {}))

    def word_items(self, side: str) -> dict[int, QGraphicsItem]:
        return dict(self._items.get((side, "word"), {}))

    def render_image(self, scale: float = 1.0) -> QImage:
        """The whole drawing as an image (white background), independent of the zoom."""
        return scene_image(self.scene, scale)

    def export_svg(self, path: str) -> None:
        """Write the drawing as SVG (text stays text, so Chinese words are searchable)."""
        scene_svg(self.scene, path, "tcompare tree comparison")

    # -- hover ----------------------------------------------------------------------------
    def hover(self, side: str, kind: str, ref: int) -> HoverInfo | None:
        """Light up the span of a box on both sides and outline its counterpart; emits
        `hovered`.  Called by the items on hover (and by tests)."""
        self.clear_hover(emit=False)
        layout = self._layout
        item = self._items.get((side, kind), {}).get(ref)
        if layout is None or item is None:
            return None
        box = item.box
        if kind == "node":
            rects = layout.span_rects(side, ref)
        else:
            slot = layout.slots[side][ref]
            rects = self._unit_rects(slot.unit_start, slot.unit_end)
        for _, x, y, w, h in rects:
            rect_item = QGraphicsRectItem(x - 2, y, w + 4, h)
            highlight = QColor(themes.current().highlight)
            highlight.setAlpha(HIGHLIGHT_ALPHA)
            rect_item.setBrush(QBrush(highlight))
            rect_item.setPen(Qt.PenStyle.NoPen)
            rect_item.setZValue(-1)
            self.scene.addItem(rect_item)
            self._hover_items.append(rect_item)
        counterpart = None
        if kind == "node":
            if self._counterparts is None:
                self._counterparts = counterparts(self._gold, self._system, self._result)
            counterpart = self._counterparts.get((side, ref))
            if counterpart is not None:
                other = self._items.get((counterpart.side, "node"), {}).get(counterpart.ref)
                if other is not None:
                    other.set_outline("exact" if counterpart.exact else "nearest")
                    self._outlined.append(other)
        info = HoverInfo(side, kind, ref, box.full_text, box.span, box.verdict, box.crossing,
                         counterpart, self.tooltip_for(side, kind, ref))
        self.hovered.emit(info)
        return info

    def clear_hover(self, emit: bool = True) -> None:
        for rect_item in self._hover_items:
            self.scene.removeItem(rect_item)
        self._hover_items.clear()
        for item in self._outlined:
            item.set_outline("")
        self._outlined.clear()
        if emit:
            self.hovered.emit(None)

    def tooltip_for(self, side: str, kind: str, ref: int) -> str:
        """Category, function/GR tag, heads, role, span and verdict of one drawn box."""
        tree = self._tree(side)
        if tree is None:
            return ""
        item = self._items.get((side, kind), {}).get(ref)
        verdict = item.box.verdict if item is not None else None
        lines = []
        if kind == "node":
            node = tree.node(ref)
            label = node.label
            lines.append(f"<b>{_esc(label.raw or '∅')}</b>  ({term(side)} #{ref})")
            parts = [(tr("tree_view", "category"), label.category), (tr("tree_view", "function"), label.function),
                     (tr("tree_view", "index"), label.index), (tr("tree_view", "role"), label.role),
                     ("CCG", label.ccg), (tr("tree_view", "heads"), ", ".join(str(h) for h in label.heads)),
                     (tr("tree_view", "head child"), tr("tree_view", "yes") if label.is_head else "")]
            lines += [f"{name}: {_esc(value)}" for name, value in parts if value]
            units = layout.node_units.get(side) if (layout := self._layout) else None
            if units is not None and ref < len(units):  # discontinuous: the words, gaps as …
                positions = units[ref]
                words = " ".join(("… " if k and p != positions[k - 1] + 1 else "") + tree.words[p]
                                 for k, p in enumerate(positions))
                lines.append(tr("tree_view", "words") + ": " + ", ".join(map(str, positions))
                             + f" “{_esc(_short(words))}”")
            else:
                words = " ".join(tree.words[node.start:node.end])
                lines.append(tr("tree_view", "span") + f": {node.start}–{node.end} “{_esc(_short(words))}”")
        else:
            tok = tree.tokens[ref]
            lines.append(f"<b>{_esc(tok.form)}</b>  (" + tr("tree_view", "{side} word {n}").format(
                side=term(side), n=ref) + ")")
            parts = [("POS", tok.pos), (tr("tree_view", "role"), tok.role), ("CCG", tok.ccg),
                     (tr("tree_view", "head"), tr("tree_view", "yes") if tok.is_head else "")]
            lines += [f"{name}: {_esc(value)}" for name, value in parts if value]
            lines.append(tr("tree_view", "characters") + f": {tok.char_start}–{tok.char_end}")
            if kind == "word" and item is not None and item.box.seg_diff:
                lines.append(tr("tree_view", "segmented differently on the other side"))
        if kind != "word" and item is not None and isinstance(item.box, TwoVerdictBox):
            for name, value in (("A", verdict), ("B", item.box.other_verdict)):
                text = term(palette.style_for(value).legend) if value is not None else \
                    tr("tree_view", "not scored")
                lines.append(tr("tree_view", "verdict of system {name}").format(name=name) + f": {_esc(text)}")
        elif kind != "word":
            text = term(palette.style_for(verdict).legend) if verdict is not None else tr("tree_view", "not scored")
            lines.append(tr("tree_view", "verdict") + f": {_esc(text)}")
            if item is not None and item.box.crossing:
                lines.append(tr("tree_view", "crosses a bracket of the other side"))
        return "<br>".join(lines)

    # -- internals ------------------------------------------------------------------------
    def font_for(self, kind: str):
        return self.label_font if kind == "node" else (self.word_font if kind == "word" else self.pos_font)

    def _unit_rects(self, a: int, b: int) -> list[tuple[str, float, float, float, float]]:
        layout = self._layout
        out = []
        for side, slots in layout.slots.items():
            cols = [s for s in slots if s.unit_start < b and a < s.unit_end]
            row = layout.word_rows.get(side)
            if cols and row:
                x0, x1 = min(s.x0 for s in cols), max(s.x1 for s in cols)
                out.append((side, x0, row[0], x1 - x0, row[1]))
        return out

    def _set_style(self, **changes) -> None:
        self._style = replace(self._style, **changes)
        self._rebuild()

    def _measure_for(self):
        # one measure for all kinds would misjudge sizes; the layout measures labels, POS
        # tags and words through this single callable, so use the widest of the fonts
        metrics = self._metrics["word"]
        cache = self._width_cache

        if len(cache) > MEASURE_CACHE_LIMIT:
            cache.clear()

        def measure(text: str) -> float:
            w = cache.get(text)
            if w is None:
                w = cache[text] = metrics.horizontalAdvance(text)
            return w
        return measure

    def _rebuild(self) -> None:
        self._rebuild_scene()
        self._draw_marks()
        # items drawn over the scene by others (the editor's cursor) must follow
        self.relaid_out.emit()

    def _mark_targets(self) -> list[QGraphicsItem]:
        targets: list[QGraphicsItem] = []
        for side, (nodes, tokens) in self._marks.items():
            node_items = self._items.get((side, "node"), {})
            word_items = self._items.get((side, "word"), {})
            targets += [node_items[n] for n in nodes if n in node_items]
            targets += [word_items[t] for t in tokens if t in word_items]
        return targets

    def _rebuild_scene(self) -> None:
        self.clear_hover(emit=False)
        self._hover_items.clear()
        scene = self.scene
        for extra in self._extras:   # edges, captions, message: few, made afresh
            scene.removeItem(extra)
        self._extras = []
        self._title_items = {}
        self._items = {}
        if self._gold is None and self._system is None and self._result is None and not self._two:
            self._layout = None
            for item in self._pool:
                item.setVisible(False)
            scene.setSceneRect(QRectF(0, 0, 10, 10))
            return
        layout = self._geometry(self._mode)
        self._layout = layout
        items = self._items
        pool = self._pool
        for k, box in enumerate(layout.boxes):
            if k < len(pool):
                item = pool[k]
                item.show_box(box)
            else:
                item = BoxItem(self, box)
                scene.addItem(item)
                pool.append(item)
            items.setdefault((box.side, box.kind), {})[box.ref] = item
        for item in pool[len(layout.boxes):]:
            item.setVisible(False)
        self._draw_edges(layout)
        for title in layout.titles:
            t = QGraphicsSimpleTextItem(self._title_text(title.side))
            t.setFont(self.pos_font)
            t.setBrush(QBrush(QColor(themes.current().muted)))
            t.setPos(title.x, title.y)
            scene.addItem(t)
            self._extras.append(t)
            self._title_items[title.side] = t
        height = layout.height
        width = layout.width
        if self._result is not None and self._result.message:
            # wrapped to the trees' width: one long line widened the drawing, which then
            # shrank (or folded the side panes) for a 5-word sentence
            msg = QGraphicsTextItem()
            msg.setFont(self.pos_font)
            msg.setDefaultTextColor(QColor(themes.current().alert))
            msg.setPlainText(scorer_message(self._result.message))
            msg.setTextWidth(max(layout.width - 24, MESSAGE_MIN_WIDTH))
            msg.setPos(layout.titles[0].x if layout.titles else 12, height)
            scene.addItem(msg)
            self._extras.append(msg)
            height += msg.boundingRect().height() + 12
            width = max(width, msg.boundingRect().width() + 24)
        # corner icons stick out of the rightmost boxes by up to ICON_OVERHANG
        scene.setSceneRect(QRectF(0, 0, width + ICON_OVERHANG, height))

    def _draw_edges(self, layout: PairLayout) -> None:
        # bent branches (discontinuous trees): their horizontal bars go one level below the
        # vertical lines, so the cuts at crossings (`_draw_crossing_gaps`) fit between them
        paths: dict[tuple[str, bool, float], QPainterPath] = {}
        for edge in layout.edges:
            points = edge.points()
            for (x1, y1), (x2, y2) in zip(points, points[1:]):
                z = BAR_Z if edge.route and y1 == y2 else EDGE_Z
                key = (edge.side, edge.head, z)
                path = paths.get(key)
                if path is None:
                    path = paths[key] = QPainterPath()
                path.moveTo(x1, y1)
                path.lineTo(x2, y2)
        theme = themes.current()
        for (_side, head, z), path in paths.items():
            item = QGraphicsPathItem(path)
            if self.high_contrast():       # a projector washes grey thin lines out
                pen = QPen(QColor(theme.head_edge), 3.0 if head else 1.8)
            else:
                pen = QPen(QColor(theme.edge if not head else theme.head_edge),
                           2.2 if head else 1.0)
            item.setPen(pen)
            item.setZValue(z)
            self.scene.addItem(item)
            self._extras.append(item)
        if layout.crossings:
            self._draw_crossing_gaps(layout)

    def _draw_crossing_gaps(self, layout: PairLayout) -> None:
        """Where a branch crosses another node's bar, cut the bar (canvas colour, between
        the bars and the lines): the eye follows the branch, not the bar."""
        cuts = QPainterPath()
        for _side, x, y in layout.crossings:
            cuts.moveTo(x - CROSSING_GAP, y)
            cuts.lineTo(x + CROSSING_GAP, y)
        width = 3.0 if self.high_contrast() else 2.2    # covers a head bar too
        item = QGraphicsPathItem(cuts)
        pen = QPen(QColor(themes.current().canvas), width + 1.5)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        item.setPen(pen)
        item.setZValue((BAR_Z + EDGE_Z) / 2)
        self.scene.addItem(item)
        self._extras.append(item)


def _bounds(box: Box) -> QRectF:
    """What a box item paints: the box, its corner icon(s) and the hover outline."""
    below = 24 if isinstance(box, TwoVerdictBox) else 14     # system B's icon, bottom right
    return QRectF(-4, -10, box.w + 18, box.h + below)


def _quiet(box: Box) -> bool:
    """A POS tag both systems got right (drawn as plain grey text)."""
    fine = (None, Verdict.MATCH, Verdict.IGNORED)
    return box.verdict in fine and getattr(box, "other_verdict", None) in fine


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
