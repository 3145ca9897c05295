"""View › Error analysis (issue 16): every number a door, queries with highlights, repair
steps on the tree, F8 walking what is shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from tcompare import formats
from tcompare.analysis.errors import analyse_corpora
from tcompare.gui.drawing.marks import MARK_COLOUR

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
PTB = DEMO / "ptb"


def shown(window) -> list[int]:
    model = window.filter_model
    return sorted(window.session.result(0, model.position(r)).index for r in range(model.rowCount()))


@pytest.fixture
def panel(qtbot, window):  # noqa: F811
    assert open_and_wait(qtbot, window, PTB / "gold.mrg", [PTB / "system.mrg"])
    window.analysis.show()
    window.analysis.wait_idle()
    return window.analysis


@pytest.mark.issue(16)
def test_error_classes_equal_tcompare_errors_and_a_click_filters_the_table(window, panel):  # noqa: F811
    report = analyse_corpora(formats.read_file(PTB / "gold.mrg"), formats.read_file(PTB / "system.mrg"))
    table = panel.class_table
    rows = [(table.item(r, 0).text(), int(table.item(r, 1).text()), int(table.item(r, 2).text()))
            for r in range(table.rowCount())]
    assert rows == [(name, n, fixed) for n, fixed, name in report.counts()] and rows
    name = rows[0][0]
    table.cellClicked.emit(0, 0)
    assert shown(window) == report.sentences_with(name)
    assert window.current_position + 1 in report.sentences_with(name)
    steps = [st for st in panel.classes.by_row[window.current_position].steps if st.category == name]
    _, system = window.session.pair(0, window.current_position)
    spans = {n.span for n in system.nodes()}
    framed = [st for st in steps if st.span in spans]
    assert len(window.view.marked()) == len(framed)
    panel.clear_filter()
    assert window.filter_model.rowCount() == window.session.row_count


@pytest.mark.issue(16)
def test_a_confusion_cell_filters_to_its_sentences(window, panel):  # noqa: F811
    matrix = panel.confusions.matrix
    gold, system, count = matrix.off_diagonal()[0]
    table = panel.confusion_table
    assert (table.item(0, 0).text(), table.item(0, 1).text(), int(table.item(0, 2).text())) == \
        (gold, system, count)
    table.cellClicked.emit(0, 2)
    assert shown(window) == matrix.sentences[(gold, system)]
    # the gold items of that confusion are framed in the sentence shown
    result = window.current_result
    system_labels = {i.ref: i.label for i in result.system_items if i.kind == "bracket"}
    confused = {i.ref for i in result.gold_items if i.kind == "bracket" and i.label == gold
                and system_labels.get(i.partner, "-") == system}
    assert confused and len(window.view.marked()) == len(confused)


@pytest.mark.issue(16)
def test_a_query_filters_and_frames_what_it_matched(qtbot, window, panel):  # noqa: F811
    panel.query_edit.setText("NP :: verdict=missing")
    assert panel.run_query()
    panel.wait_idle()
    wanted = panel.query.sentences
    assert wanted and shown(window) == wanted
    window.go_to(wanted[0])
    frames = window.view.marked()
    hit = panel.query.hits[wanted[0] - 1]
    assert len(frames) == sum(len(h.nodes) for h in hit.matches) > 0
    assert all(f.pen().color().name() == MARK_COLOUR.lower() for f in frames)
    # every framed gold node is an NP the scorer calls missing
    result = window.current_result
    missing = {i.ref for i in result.gold_items if i.kind == "bracket" and i.verdict.value == "missing"}
    assert {n for h in hit.matches for n in h.nodes} <= missing
    # a bad query says where
    panel.query_edit.setText("NP :: verdict=missing & nonsense=1")
    assert not panel.run_query() and "column" in panel.status.text()


@pytest.mark.issue(16)
def test_repair_steps_play_on_the_tree(qtbot, window, panel):  # noqa: F811
    position = next(row for row, e in panel.classes.by_row.items() if e.status == "ok" and e.steps)
    window.go_to(position + 1)
    errors = panel.classes.by_row[position]
    assert panel.steps.count() == len(errors.steps) + 1
    last = len(errors.steps)
    panel.steps.setCurrentRow(last)            # after every step the system tree is the gold one
    assert panel.step_result.scores["fmeasure"] == 100.0
    assert window.view.marked()               # the repaired span is framed
    panel.steps.setCurrentRow(0)               # back to the parse as scored
    assert window.current_result.scores["fmeasure"] < 100.0


@pytest.mark.issue(18)
def test_f8_stops_where_gold_and_system_disagree(qtbot, window):  # noqa: F811
    """F8 visits sentences that are scored but wrong, not only unscored ones."""
    assert open_and_wait(qtbot, window, PTB / "gold.mrg", [PTB / "system.mrg"])
    s = window.session
    wrong = [row for row in range(s.row_count) if s.profile.disagrees(s.result(0, row))]
    assert wrong and all(s.result(0, row).status.value == "valid" for row in wrong)
    window.go_to(1)
    visited = []
    while window.next_error():
        visited.append(window.current_position)
    assert visited == [row for row in wrong if row > 0]


@pytest.mark.issue(16)
def test_a_summary_figure_lists_the_sentences_that_lower_it(window, panel):  # noqa: F811
    table = panel.figure_table
    names = [table.item(r, 0).text() for r in range(table.rowCount())]
    summary = window.session.summary(0)
    assert names and all(f"{summary.metrics[n]:.2f}" == table.item(r, 1).text()
                         for r, n in enumerate(names))
    row = names.index("fmeasure")
    table.cellClicked.emit(row, 0)
    s = window.session
    expected = [s.result(0, r).index for r in range(s.row_count)
                if s.result(0, r).scores.get("fmeasure", 100.0) < 100.0]
    assert expected and shown(window) == expected
    row = names.index("tagging_accuracy")
    table.cellClicked.emit(row, 0)
    assert shown(window) == [s.result(0, r).index for r in range(s.row_count)
                             if s.result(0, r).scores["tagging_accuracy"] < 100.0]


@pytest.mark.issue(16)
def test_saved_queries_run_by_name(qtbot, window, panel, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.setenv("TCOMPARE_CONFIG_DIR", str(tmp_path))
    panel.query_edit.setText("NP :: verdict=missing")
    panel.ask_name = lambda: "missing-np"
    assert panel.save_query()
    assert "missing-np" in (tmp_path / "queries.json").read_text(encoding="utf-8")
    assert "@missing-np" in panel.query_edit.completer().model().stringList()
    panel.query_edit.setText("@missing-np")
    assert panel.run_query()
    panel.wait_idle()
    assert shown(window) == panel.query.sentences and panel.query.sentences
    panel.query_edit.setText("@no-such-query")
    assert not panel.run_query() and "no-such-query" in panel.status.text()
