"""The window's centre: the sentence header, the problems panel, the comparison view of the
notation's kind (one cached view per kind) and the hover line under it."""

from __future__ import annotations

import re
from typing import Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QSizePolicy, QStackedWidget, QVBoxLayout,
                               QWidget)

from tcompare.gui.language.i18n import tr
from tcompare.gui.language.terms import term
from tcompare.gui.drawing.views import ComparisonView, PlaceholderView, view_class

LAYOUT_MODES = ("side", "stacked", "mirrored")


class ViewHost(QWidget):
    """Holds the comparison views; the window talks to the current one through it.

    Signals
    -------
    hovered(object) : the current view's hover info (None when the mouse leaves).
    layout_shown(str) : the layout the current view draws changed (its own mode buttons, or
        another view became current).
    cramped() : the current view's sentence does not fit at a readable size.
    """

    hovered = Signal(object)
    layout_shown = Signal(str)
    cramped = Signal()

    def __init__(self, layout_mode: str = "side", parent: QWidget | None = None,
                 auto_layout: bool = False):
        super().__init__(parent)
        self.layout_mode = layout_mode if layout_mode in LAYOUT_MODES else "side"
        self.auto_layout = auto_layout       # no layout chosen yet: by sentence and window
        self.views: dict[str, ComparisonView] = {}
        self.prepare: Callable[[ComparisonView], None] | None = None   # e.g. the View toggles
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        self.header = QLabel()
        self.header.setObjectName("view_header")
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the header's row: other widgets (the system chooser) go to its right
        self.header_row = QHBoxLayout()
        self.header_row.addWidget(self.header, 1)
        layout.addLayout(self.header_row)
        self.error_panel = QLabel()
        self.error_panel.setObjectName("error_panel")
        self.error_panel.setWordWrap(True)
        # wrapped to the width it is given: a raw line with a long unbroken run (a CoNLL-U
        # row's translit) set the window's minimum width (1,397 px on a 1,280-pixel screen)
        self.error_panel.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.error_panel.setMinimumWidth(1)
        self.error_panel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_panel.setStyleSheet(
            "QLabel { background: #fbe3d6; color: #000000; border: 1px solid #d55e00;"
            " padding: 6px; }")
        self.error_panel.hide()
        layout.addWidget(self.error_panel)
        self.view_stack = QStackedWidget()
        layout.addWidget(self.view_stack, 1)
        self.hover_label = QLabel()
        self.hover_label.setObjectName("hover_label")
        layout.addWidget(self.hover_label)
        for label in (self.header, self.hover_label):
            # long file names must not set the window's minimum width (--size is honoured)
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hovered.connect(self._show_hover)

    # -- the views ----------------------------------------------------------------------------
    def view_for(self, kind: str) -> ComparisonView:
        """The (cached) view for a notation kind, made current."""
        view = self.views.get(kind)
        if view is None:
            try:
                view = view_class(kind)()
            except Exception:   # a view that cannot be built: the text stand-in still works
                view = PlaceholderView()
            view.set_layout_mode(self.layout_mode)
            view.set_auto_layout(self.auto_layout)
            if self.prepare is not None:
                self.prepare(view)
            view.hovered.connect(self.hovered)
            view.cramped.connect(self.cramped)
            # a rebuilt scene (an edit, another sentence, a toggle) has no hovered node: the
            # line under the view described the node as it was before an edit
            view.relaid_out.connect(lambda: self._show_hover(None))
            view.layout_changed.connect(lambda *_: self.layout_shown.emit(self.drawn_layout()))
            self.views[kind] = view
            self.view_stack.addWidget(view)
        if self.view_stack.currentWidget() is not view:
            self.view_stack.setCurrentWidget(view)
        self.layout_shown.emit(self.drawn_layout())
        return view

    def current(self) -> ComparisonView | None:
        return self.view_stack.currentWidget()

    def drawn_layout(self) -> str:
        """The mode the current view really draws (the arc view maps ``side`` to
        ``mirrored`` and has a ``tree`` mode of its own)."""
        view = self.current()
        return view.layout_mode() if view is not None else self.layout_mode

    def set_layout_mode(self, mode: str) -> bool:
        if mode not in LAYOUT_MODES:
            return False
        self.layout_mode = mode
        self.auto_layout = False             # the user chose: kept for every sentence
        for view in self.views.values():
            view.set_auto_layout(False)
            view.set_layout_mode(mode)
        self.layout_shown.emit(self.drawn_layout())
        return True

    def for_each_view(self, call: Callable[[ComparisonView], None]) -> None:
        for view in self.views.values():
            call(view)

    # -- the text around the view -------------------------------------------------------------
    def show_header(self, text: str) -> None:
        """The sentence's line above the view (`problems.sentence_header`'s HTML)."""
        self.header.setText(text)
        # the line may be cut on the right (the system choosers share its row), but never
        # before the end of "Sentence N of M": the choosers shrink first
        first = re.sub(r"<[^>]+>", "", text.split(" · ")[0])
        bold = QFont(self.header.font())
        bold.setBold(True)
        self.header.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(first) + 8)

    def show_problems(self, lines: list[str]) -> None:
        """HTML lines above the view (unreadable sentences, count mismatches); none: hidden."""
        if lines:
            self.error_panel.setText("<br>".join(lines))
            self.error_panel.show()
        else:
            self.error_panel.hide()

    def _show_hover(self, info: Any) -> None:
        """One line under the view about the hovered node (the view's own tooltip has more)."""
        if info is None:
            self.hover_label.setText("")
            return
        text = f"{term(info.side)} {term(info.kind)} “{info.text}”"
        span = getattr(info, "span", None)     # words have no span
        if span is not None:
            text += f" [{span[0]}, {span[1]})"
        if info.verdict is not None:
            text += f": {term(info.verdict.value)}"
        if getattr(info, "crossing", False):
            text += tr("view_host", " (crosses a bracket of the other tree)")
        self.hover_label.setText(text)
