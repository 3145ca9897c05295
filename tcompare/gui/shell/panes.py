"""How the window shares its width between the table, the drawing and the sidebar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from tcompare.gui.language.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QSplitter, QStatusBar

    from tcompare.gui.drawing.legend import LegendBox
    from tcompare.gui.table.sidebar import Sidebar
    from tcompare.gui.drawing.host import ViewHost

# (share of the window, fewest pixels, most pixels) for the table and for the sidebar
PANE_LIMITS = ((0.27, 260, 430), (0.21, 300, 340))
TABLE_MIN_WIDTH = 320     # px: the sidebar may take the table down to this width
VIEW_MIN_SHARE = 0.45     # and the drawing down to this share of the window


class PanesHost(Protocol):
    """The splitter of table | views | sidebar, the legend under the table (its height follows
    the window's) and the status bar for the hint."""

    splitter: QSplitter
    sidebar: Sidebar
    views: ViewHost
    legend_box: LegendBox

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

    def height(self) -> int: ...


class PaneSharing(QObject):
    """Table, drawing and sidebar of `host` in proportion to the window (27 / 52 / 21 %, the
    side panes within PANE_LIMITS): with fixed side panes a 1024-pixel window left the drawing
    a quarter of the width.  Not after the user dragged a handle.

    Signals
    -------
    folded_changed(bool) : the side panes were folded (True) or unfolded (View › Side panes).
    """

    folded_changed = Signal(bool)

    def __init__(self, host: PanesHost):
        super().__init__(host.splitter)
        self.host = host
        self._dragged = False
        self._share_pending = False
        self._folded = False
        self._unfolded_sizes: list[int] | None = None
        host.splitter.splitterMoved.connect(self._on_splitter_dragged)
        host.views.cramped.connect(self.hint_side_panes)
        host.sidebar.report_box.toggled.connect(lambda _on: self.widen_sidebar_for_total())

    def _on_splitter_dragged(self, *_args) -> None:
        self._dragged = True

    def hint_side_panes(self) -> None:
        """The drawn sentence does not fit at a readable size: say how to make room, and
        nothing more.  Folding the panes by themselves hid the table and the totals for
        ordinary sentences, and undid what the user had arranged."""
        if self._folded:
            return
        self.host.statusBar().showMessage(tr(
            "panes", "This sentence is larger than the view: scroll it, or press F9 to hide "
                     "the side panes"), 8000)

    def set_side_panes_visible(self, visible: bool) -> None:
        """View › Side panes (F9): only the user folds or unfolds them."""
        self._fold_panes(not visible)

    @property
    def folded(self) -> bool:
        return self._folded

    def _fold_panes(self, folded: bool) -> None:
        splitter = self.host.splitter
        sizes = splitter.sizes()
        if folded and not self._folded:
            self._unfolded_sizes = sizes
            splitter.setSizes([0, sum(sizes), 0])
        elif not folded and self._folded:
            self._folded = False
            if self._unfolded_sizes is not None and not self._dragged:
                self._share_panes()
            elif self._unfolded_sizes is not None:
                splitter.setSizes(self._unfolded_sizes)
        self._folded = folded
        self.folded_changed.emit(folded)
        # after the layout pass: the drawing has its new width only then
        QTimer.singleShot(0, self._refit_drawing)

    def _refit_drawing(self) -> None:
        view = self.host.views.current()
        if view is not None:
            view.refit()

    def _share_panes(self) -> None:
        splitter = self.host.splitter
        sizes = splitter.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) < 3:
            return
        if self._folded:
            splitter.setSizes([0, total, 0])
            return
        if self._dragged:
            return
        (t_share, t_low, t_high), (s_share, s_low, s_high) = PANE_LIMITS
        table = int(min(max(total * t_share, t_low), t_high))
        side = int(min(max(total * s_share, s_low), s_high))
        splitter.setSizes([table, max(total - table - side, 0), side])
        self.widen_sidebar_for_total()

    def window_resized(self) -> None:
        """The window's resizeEvent: share again after the layout pass (until then the
        splitter still has its old width)."""
        if not self._share_pending:
            self._share_pending = True
            QTimer.singleShot(0, self._share_panes_now)

    def _share_panes_now(self) -> None:
        self._share_pending = False
        self.host.legend_box.fit_height(self.host.height())
        self._share_panes()

    def widen_sidebar_for_total(self) -> None:
        """Widen the sidebar until the running total's lines fit (the CLI's fixed-width
        report: a sideways scroll bar hid its last columns), taking room from the table (down to
        TABLE_MIN_WIDTH) and the drawing (down to VIEW_MIN_SHARE of the splitter).  Never
        narrows: a width the user dragged stays."""
        sidebar, splitter = self.host.sidebar, self.host.splitter
        scroll = sidebar.total_scroll
        if not scroll.isVisibleTo(sidebar):
            return          # the report text is folded: the table needs no extra width
        # from the text's own width: the scroll bar's range lags until the next layout pass;
        # report tables fit in 80 columns, longer lines are prose notes that may scroll
        label = sidebar.total_text
        columns80 = label.fontMetrics().horizontalAdvance("0" * 80)
        needed = min(label.sizeHint().width(), columns80 + label.contentsMargins().left() * 2)
        missing = needed - scroll.viewport().width()
        sizes = splitter.sizes()
        if missing <= 0 or len(sizes) < 3:
            return
        want = missing + 8
        # from the table first (its first columns stay in sight), then from the drawing,
        # which keeps the largest share: a small tree that fitted must still fit
        from_table = max(0, min(want, sizes[0] - TABLE_MIN_WIDTH))
        from_view = max(0, min(want - from_table, sizes[1] - int(sum(sizes) * VIEW_MIN_SHARE)))
        if from_table + from_view > 0:
            sizes[0] -= from_table
            sizes[1] -= from_view
            sizes[2] += from_table + from_view
            splitter.setSizes(sizes)
