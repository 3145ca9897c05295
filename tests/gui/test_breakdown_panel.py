"""The "Breakdown by label" dock: installed in the View menu, numbers equal
analysis.labels.label_breakdown, double-click filters the sentence table, Clear undoes it,
an edit re-tallies (pytest-qt, offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from conftest import RESOURCES  # noqa: E402
from gui_helpers import open_and_wait, window  # noqa: E402,F401
from tcompare import formats  # noqa: E402
from tcompare.analysis.labels import label_breakdown  # noqa: E402
from tcompare.gui.analysis.breakdown_panel import BreakdownPanel  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.pairing import pair_records  # noqa: E402

DEMO = RESOURCES / "demo"


def expected(profile: str, gold: Path, system: Path, kind: str):
    p = profiles.get(profile)
    config = p.prepare()
    return label_breakdown(pair_records(formats.read_file(gold), formats.read_file(system), p, config), kind)


def shown_positions(win) -> list[int]:
    return [win.filter_model.position(r) for r in range(win.filter_model.rowCount())]


def panel_cells(panel: BreakdownPanel) -> list[list[str]]:
    m = panel.proxy
    return [[m.index(r, c).data() for c in range(m.columnCount())] for r in range(m.rowCount())]


def test_installed_hidden_in_the_view_menu(window):
    panel = window.breakdown
    assert isinstance(panel, BreakdownPanel) and not panel.isVisible()
    assert panel.action.shortcut().toString() == "Ctrl+Shift+B"
    view = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View")
    assert panel.action in view.actions()


def test_ptb_numbers_equal_label_breakdown_and_double_click_filters(qtbot, window):
    gold, system = DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg"
    open_and_wait(qtbot, window, gold, system)
    panel = window.breakdown
    panel.action.trigger()
    assert panel.isVisible()
    assert panel.wait_idle()
    rows = expected("evalb", gold, system, "bracket")
    assert panel.kind == "bracket" and panel.rows == rows
    cells = panel_cells(panel)
    assert [c[0] for c in cells] == ["ADJP", "ADVP", "NP", "PP", "S", "SBAR", "VP"]
    np_row = next(c for c in cells if c[0] == "NP")
    assert np_row == ["NP", "18", "16", "16", "100.00", "88.89", "94.12", "2"]
    # sort by F1 descending: worst-looking labels at the bottom, ADJP (0.00) last
    panel.table.sortByColumn(6, Qt.SortOrder.DescendingOrder)
    assert panel_cells(panel)[-1][0] == "ADJP"
    # double-click NP: the table keeps sentences 2 and 4 (result indices) only
    index = next(panel.proxy.index(r, 0) for r in range(panel.proxy.rowCount())
                 if panel.proxy.index(r, 0).data() == "NP")
    panel.table.doubleClicked.emit(index)
    positions = shown_positions(window)
    assert sorted(window.session.result(0, p).index for p in positions) == [2, 4]
    assert panel.clear_button.isEnabled() and "2 sentence(s) with NP errors" in panel.status_label.text()
    panel.clear_filter()
    assert window.filter_model.rowCount() == window.session.row_count == 8
    assert not panel.clear_button.isEnabled()
    # the tag breakdown is one combo choice away
    panel.kind_box.setCurrentText("tag")
    assert panel.rows == expected("evalb", gold, system, "tag")


def test_conll_panel_uses_arcs(qtbot, window):
    gold, system = DEMO / "conll/demo.gold.conll", DEMO / "conll/demo.system.conll"
    open_and_wait(qtbot, window, gold, system)
    panel = window.breakdown
    panel.show()
    assert panel.wait_idle()
    profile = window.session.profile.name
    assert panel.kind == "arc"
    assert panel.rows == expected(profile, gold, system, "arc")
    panel.filter_label("SBJ")
    assert sorted(window.session.result(0, p).index for p in shown_positions(window)) == \
        panel.row("SBJ").sentences
    # the editor's "edited" signal re-tallies that row alone, same figures
    before = panel.tallies[0][0]
    window.editor.edited.emit(0)
    assert panel.wait_idle() and panel.rows == expected(profile, gold, system, "arc")
    assert panel.tallies[0][0] is not before        # row 0 was tallied again
    assert sorted(panel.tallies[0]) == [0, 1, 2]
    assert window.filter_model.rowCount() == len(panel.row("SBJ").sentences)


def test_hidden_panel_does_no_work(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    assert window.breakdown.tallies.get(0, {}) == {} and window.breakdown.rows == []
