"""The comparison views' contract and registry: which view draws which kind of notation.

Every view is a QWidget implementing `ComparisonView` (the window calls only these);
`view_class(kind)` gives the class for a notation kind (``constituency``, ``dependency``),
or `PlaceholderView` (bracket text with the verdicts listed) when the view cannot be
imported, so the window always opens.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase, QImage
from PySide6.QtWidgets import QPlainTextEdit, QVBoxLayout, QWidget

from tcompare import formats
from tcompare.scoring.base import SentenceResult


@runtime_checkable
class ComparisonView(Protocol):
    """What the window, the editor and the exports ask of a view.

    Signals: ``hovered(info | None)`` (info has side, kind, text, span, verdict, crossing),
    ``layout_changed(str)`` (the view's own mode buttons), ``relaid_out()`` (the scene was
    rebuilt: overlays such as the editor's selection are drawn again), ``cramped()`` (the
    sentence does not fit the view at a readable size: the window may give it more room, then
    calls `refit`)."""

    hovered: Any
    layout_changed: Any
    relaid_out: Any
    cramped: Any
    scene: Any              # the QGraphicsScene the exports draw (None: no picture)

    def show_pair(self, gold: Any, system: Any, result: SentenceResult | None,
                  notation: str = "") -> None: ...

    def set_titles(self, gold: str = "GOLD", system: str = "SYSTEM") -> None: ...

    def set_layout_mode(self, mode: str) -> None: ...

    def layout_mode(self) -> str: ...

    def zoom_in(self) -> None: ...

    def zoom_out(self) -> None: ...

    def zoom_fit(self) -> None: ...

    def reset_zoom(self) -> None: ...

    def reveal_start(self) -> None: ...

    def set_show_pos(self, on: bool) -> None: ...

    def set_show_function_tags(self, on: bool) -> None: ...

    def set_show_roles(self, on: bool) -> None: ...

    def render_image(self, scale: float = 1.0) -> Any: ...

    def set_marks(self, marks: dict[str, Any]) -> None: ...

    def set_auto_layout(self, on: bool) -> None: ...

    def set_high_contrast(self, on: bool) -> None: ...

    def export_svg(self, path: str) -> None: ...

    def refit(self) -> None: ...


def notation_kind(notation: str) -> str:
    try:
        return formats.get(notation).kind
    except (KeyError, ModuleNotFoundError, AttributeError, ImportError):
        return "constituency"


def view_class(kind: str) -> type:
    """The view class registered for `kind`, or `PlaceholderView` if it cannot be imported."""
    try:
        if kind == "constituency":
            from tcompare.gui.drawing.tree_view import TreeComparisonView
            return TreeComparisonView
        if kind == "dependency":
            from tcompare.gui.drawing.dep_view import DependencyComparisonView
            return DependencyComparisonView
    except ImportError:
        pass
    return PlaceholderView


def dependency_filters() -> dict:
    """The dependency view's table filters (name -> predicate or None); only "all" if the
    view cannot be imported."""
    try:
        from tcompare.gui.drawing.dep_view import DEPENDENCY_FILTERS
    except Exception:
        return {"all sentences": None}
    return dict(DEPENDENCY_FILTERS)


class PlaceholderView(QWidget):
    """Stand-in comparison view: both sentences as text and each item's verdict."""

    hovered = Signal(object)
    layout_changed = Signal(str)
    relaid_out = Signal()
    cramped = Signal()        # text fits any width: never emitted
    scene = None

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._mode = "side"
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)

    def show_pair(self, gold: Any, system: Any, result: SentenceResult | None, notation: str = "") -> None:
        lines = []
        for name, item, side in (("GOLD", gold, "gold"), ("SYSTEM", system, "system")):
            text = item.text() if item is not None and hasattr(item, "text") else "(none)"
            lines.append(f"{name}: {text}")
            if result is not None:
                for it in result.items_for(side):
                    lines.append(f"   {it.kind:<8} {it.label:<12} [{it.start},{it.end})  {it.verdict.value}")
            lines.append("")
        self.text.setPlainText("\n".join(lines))

    def set_titles(self, gold: str = "GOLD", system: str = "SYSTEM") -> None:
        pass

    def set_layout_mode(self, mode: str) -> None:
        self._mode = mode

    def layout_mode(self) -> str:
        return self._mode

    def zoom_in(self) -> None:
        self.text.zoomIn(1)

    def zoom_out(self) -> None:
        self.text.zoomOut(1)

    def zoom_fit(self) -> None:
        pass

    def reset_zoom(self) -> None:
        pass

    def reveal_start(self) -> None:
        pass

    def set_show_pos(self, on: bool) -> None:
        pass

    def set_show_function_tags(self, on: bool) -> None:
        pass

    def set_show_roles(self, on: bool) -> None:
        pass

    def render_image(self, scale: float = 1.0) -> QImage:
        return self.text.grab().toImage()

    def set_marks(self, marks: dict[str, Any]) -> None:
        pass

    def set_auto_layout(self, on: bool) -> None:
        pass

    def set_high_contrast(self, on: bool) -> None:
        pass

    def export_svg(self, path: str) -> None:
        raise ValueError("the text view cannot be exported as SVG")

    def refit(self) -> None:
        pass
