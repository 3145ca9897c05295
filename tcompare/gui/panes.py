"""How the window shares its width between the table, the drawing and the sidebar."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from tcompare.gui.i18n import tr

# (share of the window, fewest pixels, most pixels) for the table and for the sidebar
PANE_LIMITS = ((0.27, 260, 430), (0.21, 300, 340))
TABLE_MIN_WIDTH = 320     # px: the sidebar may take the table down to this width
VIEW_MIN_SHARE = 0.45     # and the drawing down to this share of the window
class PaneSharing:
    """Mixin of `MainWindow` (a QMainWindow with ``splitter`` and ``sidebar``): table,
    drawing and sidebar in proportion to the window (27 / 52 / 21 %, the side panes within
    PANE_LIMITS): with fixed side panes a 1024-pixel window left the drawing a quarter of the
    width.  Not after the user dragged a handle."""

    _panes_dragged = False
    _share_pending = False
    _panes_folded = False
    _unfolded_sizes: list[int] | None = None

    def _on_splitter_dragged(self, *_args) -> None:
        self._panes_dragged = True

    def hint_side_panes(self) -> None:
        """The drawn sentence does not fit at a readable size: say how to make room, and
        nothing more.  Folding the panes by themselves hid the table and the totals for
        ordinary sentences, and undid what the user had arranged."""
        if self._panes_folded:
            return
        self.statusBar().showMessage(tr(
            "panes", "This sentence is larger than the view: scroll it, or press F9 to hide "
                     "the side panes"), 8000)

    def set_side_panes_visible(self, visible: bool) -> None:
        """View › Side panes (F9): only the user folds or unfolds them."""
        self._fold_panes(not visible)

    @property
    def side_panes_folded(self) -> bool:
        return self._panes_folded

    def _fold_panes(self, folded: bool) -> None:
        sizes = self.splitter.sizes()
        if folded and not self._panes_folded:
            self._unfolded_sizes = sizes
            self.splitter.setSizes([0, sum(sizes), 0])
        elif not folded and self._panes_folded:
            self._panes_folded = False
            if self._unfolded_sizes is not None and not self._panes_dragged:
                self._share_panes()
            elif self._unfolded_sizes is not None:
                self.splitter.setSizes(self._unfolded_sizes)
        self._panes_folded = folded
        self.actions_.side_panes.setChecked(not folded)
        # after the layout pass: the drawing has its new width only then
        QTimer.singleShot(0, self._refit_drawing)

    def _refit_drawing(self) -> None:
        view = self.views.current()
        if view is not None:
            view.refit()

    def _share_panes(self) -> None:
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if total <= 0 or len(sizes) < 3:
            return
        if self._panes_folded:
            self.splitter.setSizes([0, total, 0])
            return
        if self._panes_dragged:
            return
        (t_share, t_low, t_high), (s_share, s_low, s_high) = PANE_LIMITS
        table = int(min(max(total * t_share, t_low), t_high))
        side = int(min(max(total * s_share, s_low), s_high))
        self.splitter.setSizes([table, max(total - table - side, 0), side])
        self._widen_sidebar_for_total()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        # after the layout pass: until then the splitter still has its old width
        if not self._share_pending:
            self._share_pending = True
            QTimer.singleShot(0, self._share_panes_now)

    def _share_panes_now(self) -> None:
        self._share_pending = False
        self.legend_box.fit_height(self.height())
        self._share_panes()

    def _widen_sidebar_for_total(self) -> None:
        """Widen the sidebar until the running total's lines fit (the CLI's fixed-width
        report: a sideways scroll bar hid its last columns), taking room from the table (down to
        TABLE_MIN_WIDTH) and the drawing (down to VIEW_MIN_SHARE of the splitter).  Never
        narrows: a width the user dragged stays."""
        scroll = self.sidebar.total_scroll
        if not scroll.isVisibleTo(self.sidebar):
            return          # the report text is folded: the table needs no extra width
        # from the text's own width: the scroll bar's range lags until the next layout pass;
        # report tables fit in 80 columns, longer lines are prose notes that may scroll
        label = self.sidebar.total_text
        columns80 = label.fontMetrics().horizontalAdvance("0" * 80)
        needed = min(label.sizeHint().width(), columns80 + label.contentsMargins().left() * 2)
        missing = needed - scroll.viewport().width()
        sizes = self.splitter.sizes()
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
            self.splitter.setSizes(sizes)
