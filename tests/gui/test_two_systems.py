"""Several systems in the window: the F1 columns and filters at 1280x720, choosing the drawn
system, drawing two systems against gold, and the charts dock (pytest-qt, offscreen).

Files: multi_fixtures.write_three (gold, A and B with brackets moved by hand) plus a third
system equal to gold; figures counted by hand there.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from gui_helpers import open_and_wait
from multi_fixtures import write_three
from tcompare.analysis.labels import label_breakdown
from tcompare.gui.shell.window import MainWindow
from tcompare.gui.drawing.tree_view import OTHER_VERDICT_ROLE, VERDICT_ROLE
from tcompare.scoring.base import Verdict

pytestmark = pytest.mark.issue(17)


def make_window(qtbot, tmp_path, name: str = "s.ini", size=(1280, 720)) -> MainWindow:
    win = MainWindow(QSettings(str(tmp_path / name), QSettings.Format.IniFormat))
    win.interactive = False
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    return win


@pytest.fixture
def files(tmp_path):
    gold, a, b = write_three(tmp_path)
    c = tmp_path / "c.mrg"
    c.write_text(gold.read_text(encoding="utf-8"), encoding="utf-8")
    return gold, [a, b, c]


@pytest.fixture
def win(qtbot, tmp_path, files):
    window = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, window, files[0], files[1])
    return window


def gold_node(view, words: tuple[int, int], label: str):
    found = [item for item in view.node_items("gold").values()
             if item.box.span == words and item.box.text == label]
    assert len(found) == 1
    return found[0]


def test_one_f1_column_per_system_in_sight_at_1280x720(qtbot, win):
    model, table = win.table_model, win.table
    qtbot.waitUntil(lambda: table.viewport().width() > 0)
    header = table.horizontalHeader()
    columns = [model.column_index("fmeasure", k) for k in range(3)]
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in columns] == ["F1 A", "F1 B", "F1 C"]
    for column in columns:
        assert not table.isColumnHidden(column)
        assert header.sectionViewportPosition(column) >= 0
        assert header.sectionViewportPosition(column) + header.sectionSize(column) \
            <= table.viewport().width()
    assert table.model().index(0, columns[0]).data() == "88.89"
    assert table.model().index(1, columns[1]).data() == "92.31"
    # the filters over several systems, in sight and working
    box = win.sentences.systems_filter
    assert box.isVisible()
    box.setCurrentText("b.mrg right, a.mrg wrong")
    assert [win.filter_model.position(r) for r in range(win.filter_model.rowCount())] == [0]
    box.setCurrentText("a.mrg right, b.mrg wrong")
    assert [win.filter_model.position(r) for r in range(win.filter_model.rowCount())] == [1]
    box.setCurrentText("all systems wrong here")
    assert win.filter_model.rowCount() == 0                 # c.mrg is never wrong
    box.setCurrentText("all sentences")


def test_choose_the_drawn_system_in_the_header(qtbot, win):
    bar = win.two.bar
    assert bar.isVisible() and bar.drawn.count() == 3
    win.show_sentence(0)
    view = win.view
    assert gold_node(view, (4, 6), "NP").data(VERDICT_ROLE) == Verdict.MISSING   # A dropped it
    bar.drawn.setCurrentIndex(1)                                  # draw B
    assert win.current_system == 1 and win.sidebar.system_combo.currentIndex() == 1
    assert gold_node(view, (4, 6), "NP").data(VERDICT_ROLE) == Verdict.MATCH
    assert "b.mrg" in view._title_items["system"].text()
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_BracketRight, Qt.KeyboardModifier.ControlModifier)   # Ctrl+]
    assert win.current_system == 2 and bar.drawn.currentIndex() == 2
    qtbot.keyClick(win, Qt.Key.Key_BracketLeft, Qt.KeyboardModifier.ControlModifier)    # Ctrl+[
    win.two.previous_action.trigger()
    assert win.current_system == 0
    # the sidebar's System box is the same choice
    win.sidebar.system_combo.setCurrentIndex(2)
    assert win.current_system == 2 and bar.drawn.currentIndex() == 2


def test_draw_two_systems_against_gold(qtbot, win):
    win.show_sentence(0)
    win.two.bar.second.setCurrentIndex(2)                          # "with: B"
    view = win.view
    assert win.two.second == 1 and view.showing_two() and win.two.two_action.isChecked()
    assert {item.data(1) for item in view.scene.items() if item.data(1)} >= {"system", "gold", "other"}
    # NP "the mat": A (above) missed it, B (below) has it
    np = gold_node(view, (4, 6), "NP")
    assert np.data(VERDICT_ROLE) == Verdict.MISSING and np.data(OTHER_VERDICT_ROLE) == Verdict.MATCH
    assert [b.box.verdict for b in view.node_items("other").values()
            if b.box.span == (4, 6)] == [Verdict.MATCH]
    assert not [b for b in view.node_items("system").values() if b.box.span == (4, 6)]
    # sentence 2: the other way round (B lost the NP over "the cake on the table")
    win.show_sentence(1)
    np = gold_node(view, (3, 8), "NP")
    assert np.data(VERDICT_ROLE) == Verdict.MATCH and np.data(OTHER_VERDICT_ROLE) == Verdict.MISSING
    assert "b.mrg" in view._title_items["other"].text()
    # drawing B as A too leaves one system; Ctrl+Shift+T toggles
    win.two.choose(1)
    assert win.two.second == -1 and not view.showing_two()
    qtbot.keyClick(win, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)                              # Ctrl+Shift+T
    assert win.two.second == 2 and view.showing_two()
    win.two.two_action.trigger()
    assert win.two.second == -1 and not view.showing_two()


def test_the_choice_belongs_to_the_window_and_survives_reopening(qtbot, tmp_path, files):
    first, second = make_window(qtbot, tmp_path, "1.ini"), make_window(qtbot, tmp_path, "2.ini")
    for window in (first, second):
        assert open_and_wait(qtbot, window, files[0], files[1][:2])
    first.two.choose(1)
    first.two.set_second(0)
    assert (second.current_system, second.two.second) == (0, -1)
    # a system added: the files are opened again, B and A are still drawn
    with qtbot.waitSignal(first.session.finished, timeout=20000):
        first.files.add_system(str(files[1][2]))
    assert len(first.session.systems) == 3
    assert (first.current_system, first.two.second) == (1, 0)


def test_difference_plot_click_goes_to_that_sentence(qtbot, win):
    charts = win.charts
    charts.action.trigger()                                        # View › Charts
    qtbot.waitUntil(charts.isVisible)
    chart = charts.difference
    # the tree view keeps most of the height: the dock is under it
    assert win.views.height() > charts.height()
    values = chart.values()
    s = win.session
    expected = [s.result(0, r).scores["fmeasure"] - s.result(1, r).scores["fmeasure"]
                for r in range(3)]
    assert values == pytest.approx(expected)
    assert expected == pytest.approx([800 / 9 - 100, 100 - 1200 / 13, 0])
    win.show_sentence(2)
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=chart.bar_centre(1).toPoint())
    assert win.current_position == 1 and chart.current == 1
    assert win.sentences.filter_model.position(win.table.currentIndex().row()) == 1
    # another pair: C minus B
    charts.set_pair(2, 1)
    assert chart.values() == pytest.approx([0.0, 100 - 1200 / 13, 0.0])
    assert "C better on 1" in charts.diff_summary.text()


def test_length_and_label_charts_equal_the_workspace_figures(qtbot, win):
    charts = win.charts
    charts.show()
    charts.tabs.setCurrentIndex(1)
    # 5, 7 and 9 words: all in the 1-10 band; its F1 is system A's corpus figure
    assert charts.length.values() == pytest.approx([win.session.summary(0).metrics["fmeasure"]])
    charts.tabs.setCurrentIndex(2)
    charts.finish_labels()
    full = [win.session.full_result(0, r) for r in range(3)]
    expected = {r.label: r.f1 for r in label_breakdown(full, "bracket")}
    assert {b.key: b.value for b in charts.labels.bars} == pytest.approx(expected)
    assert dict((b.key, b.value) for b in charts.labels.bars)["NP"] == pytest.approx(1200 / 13)
    # the drawn system changes: the bars follow
    win.two.choose(1)
    qtbot.waitUntil(lambda: charts.label_pass is not None and charts.label_pass.system == 1,
                    timeout=5000)
    charts.finish_labels()
    assert dict((b.key, b.value) for b in charts.labels.bars)["NP"] == pytest.approx(100 * 12 / 13)


def test_dependency_files_draw_one_system_at_a_time(qtbot, tmp_path):
    from multi_fixtures import DEMO

    conll = DEMO.parent / "conll"
    gold, system = conll / "demo.gold.conll", conll / "demo.system.conll"
    if not (gold.exists() and system.exists()):
        pytest.skip("no demo CoNLL pair")
    win = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, win, gold, [system, gold])
    assert win.two.bar.isVisible() and not win.two.bar.second.isEnabled()
    win.two.two_action.trigger()
    assert win.two.second == -1 and "constituency trees only" in win.statusBar().currentMessage()
    win.two.next_action.trigger()                   # choosing the drawn system still works
    assert win.current_system == 1
    arcs = win.view.arc_items("system")
    assert arcs and all(item.data(VERDICT_ROLE) in (Verdict.MATCH, Verdict.IGNORED, None)
                        for item in arcs.values())          # gold against itself


def test_a_band_click_draws_its_first_sentence(qtbot, win):
    charts = win.charts
    charts.show()
    charts.tabs.setCurrentIndex(1)
    win.show_sentence(2)
    chart = charts.length
    qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=chart.bar_centre(0).toPoint())
    assert win.current_position == 0


def test_a_chart_of_more_bars_than_pixels_still_clicks_through(qtbot):
    from tcompare.gui.analysis.bar_chart import Bar, BarChart

    chart = BarChart()
    qtbot.addWidget(chart)
    chart.resize(600, 200)
    chart.show()
    chart.set_bars([Bar(str(k + 1), (k % 7) - 3.0, k) for k in range(5000)], (-4, 4))
    chart.grab()                                   # paints the per-pixel extremes
    with qtbot.waitSignal(chart.bar_clicked) as clicked:
        qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=chart.bar_centre(3210).toPoint())
    assert abs(clicked.args[0] - 3210) <= 5000 / chart.plot_rect().width()
