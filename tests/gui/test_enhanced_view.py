"""Enhanced UD in the dependency view, in the window (issue 30, item 2): two real EWT
sentences with empty nodes against a system without them (tests/enhanced_pair.py), scored by
ud-eval.  What is drawn -- the empty node as a word between its neighbours, every DEPS arc
of each side, above the basic arcs or below the words -- carries the scorer's verdict in its
colour and line style; the choice is a View menu entry and a remembered setting; the
window's numbers are `score --profile ud-eval --output json`'s; SVG and PDF show the arcs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from gui_helpers import new_window, open_and_wait
from tcompare.gui.drawing import enhanced_choice
from tcompare.gui.drawing.enhanced_view import KEY_ROLE, SIDE_ROLE, VERDICT_ROLE
from tcompare.gui.drawing.palette import style_for
from tcompare.gui.drawing.render import write_scene
from tcompare.scoring.base import Verdict, zeroed
from tcompare.scoring.udeval.enhanced import column_verdicts

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from enhanced_pair import write_pair  # noqa: E402

pytestmark = pytest.mark.issue(30)


@pytest.fixture
def opened(qtbot, tmp_path):
    gold, system = write_pair(tmp_path)
    win = new_window(qtbot, tmp_path, show_enhanced="below")
    assert open_and_wait(qtbot, win, gold, system, profile="ud-eval")
    win.set_layout_mode("mirrored")
    return win, gold, system


def drawn_verdicts(view, side):
    return {key: item.data(VERDICT_ROLE) for key, item in view.enhanced_items(side).items()}


def test_every_deps_arc_is_drawn_with_the_scorers_verdict(opened, qtbot):
    win, *_ = opened
    view = win.view
    assert view.enhanced() == "below"
    result = win.session.full_result(0, 0)
    gold, system = win.session.pair(0, 0)
    for side, sentence in (("gold", gold), ("system", system)):
        expected = column_verdicts(sentence, result.data["enhanced"][side])
        drawn = drawn_verdicts(view, side)
        assert drawn == {key: verdict.value for key, (verdict, _) in expected.items()}
        for key, item in view.enhanced_items(side).items():
            style = style_for(item.data(VERDICT_ROLE))
            assert item.pen().color() == QColor(style.border)
            assert item.pen().style() == style.pen_style
            assert item.data(SIDE_ROLE) == side and item.data(KEY_ROLE) == key
            label = view.enhanced_label_items(side)[key]
            assert label.childItems()[0].font().italic()      # the cue without colour
    g, s = drawn_verdicts(view, "gold"), drawn_verdicts(view, "system")
    assert g[("24.1", 0)] == g[("24", 1)] == g[("26", 0)] == Verdict.IGNORED.value
    assert g[("3", 0)] == s[("3", 0)] == Verdict.WRONG_LABEL.value
    assert g[("22", 0)] == Verdict.WRONG_HEAD.value
    assert s[("26", 0)] == Verdict.EXTRA.value
    assert "eval.py skips empty nodes" in view.enhanced_items("gold")[("24.1", 0)].toolTip()
    assert "EULAS only" in view.enhanced_items("gold")[("3", 0)].toolTip()
    # the empty node is a word of its own, between its neighbours, on gold's row only
    cells = {(t.token.side, win.view.diagram.columns[t.token.column].row_id): t
             for t in view.token_items()}
    x = {key: item.sceneBoundingRect().center().x() for key, item in cells.items()}
    assert x[("gold", "24")] < x[("gold", "24.1")] < x[("gold", "25")]
    assert ("system", "24.1") not in cells
    assert cells[("gold", "24.1")].token.kind == "empty"
    # below the words: gold's enhanced arcs hang under gold's row, system's stand over its own
    for side, under in (("gold", True), ("system", False)):
        row = cells[(side, "1")].sceneBoundingRect()
        for item in view.enhanced_items(side).values():
            box = item.sceneBoundingRect()
            assert (box.top() >= row.bottom() - 1.5) if under else (box.bottom() <= row.top() + 1.5)
    # hovering the empty node lights its three enhanced arcs, fades every other arc
    seen = []
    view.hovered.connect(seen.append)
    empty = cells[("gold", "24.1")]
    view.view.centerOn(empty)
    qtbot.mouseMove(view.view.viewport(), view.view.mapFromScene(empty.sceneBoundingRect().center()))
    qtbot.waitUntil(lambda: bool(seen) and seen[-1] is not None, timeout=3000)
    lit = {k for k, item in view.enhanced_items("gold").items() if item.opacity() == 1.0}
    assert lit == {("24", 1), ("26", 0), ("24.1", 0)}
    assert all(item.opacity() < 1 for item in view.enhanced_items("system").values())
    assert all(item.opacity() < 1 for item in view.arc_items("gold").values())
    assert cells[("gold", "24.1")].brush().color() != cells[("gold", "24")].brush().color()
    assert seen[-1].kind == "empty node" and seen[-1].text == "left"
    assert "24.1 left" in view.status.text()
    view.hover_token(-1)
    assert seen[-1] is None
    assert all(item.opacity() == 1.0 for item in view.enhanced_items("gold").values())
    # errors only: the matched and unscored enhanced arcs go, the wrong ones stay
    view.set_errors_only(True)
    visible = {k for k, item in view.enhanced_items("gold").items() if item.isVisible()}
    assert visible == {("3", 0), ("10", 0), ("22", 0)}
    view.set_errors_only(False)


def test_the_menu_switches_and_the_setting_remembers(opened, qtbot, tmp_path):
    win, gold, system = opened
    choice = win.actions_.enhanced
    assert choice.actions["below"].isChecked()
    choice.actions["above"].trigger()
    assert win.settings.value(enhanced_choice.SETTING) == "above"
    assert win.view.enhanced() == "above"
    diagram = win.view.diagram
    for side in ("gold", "system"):
        basic = [a.level for a in diagram.arcs if a.side == side]
        assert min(a.level for a in diagram.enhanced if a.side == side) > max(basic)
    choice.actions["off"].trigger()
    assert win.view.diagram.enhanced == () and win.view.enhanced_items("gold") == {}
    choice.actions["above"].trigger()
    win.settings.sync()
    # a new window (the same settings file) starts with the choice
    again = new_window(qtbot, tmp_path)
    assert again.actions_.enhanced.current() == "above"
    assert open_and_wait(qtbot, again, gold, system, profile="ud-eval")
    assert again.view.enhanced() == "above" and again.view.diagram.enhanced


def test_window_numbers_are_the_scores_json(opened):
    win, gold, system = opened
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "ud-eval",
                          "--output", "json", str(gold), str(system)],
                         capture_output=True, text=True, check=True)
    expected = {name: 100 * m["f1"] for name, m in json.loads(out.stdout)["metrics"].items()}
    shown = zeroed(win.session.summary(0).metrics)
    assert shown == pytest.approx(expected)
    assert expected["ELAS"] == pytest.approx(100 * 2 * 50 / (53 + 55))
    # the sentence's drawn matches are its ELAS count
    result = win.session.full_result(0, 0)
    matched = sum(v == Verdict.MATCH.value for v in drawn_verdicts(win.view, "gold").values())
    assert matched == result.counts["ELAS_correct"] == 23


def test_svg_and_pdf_show_the_enhanced_arcs(opened, tmp_path):
    win, *_ = opened
    svg, pdf = tmp_path / "pair.svg", tmp_path / "pair.pdf"
    write_scene(win.view.scene, svg, "svg")
    write_scene(win.view.scene, pdf, "pdf")
    text = svg.read_text(encoding="utf-8")
    assert "obl:for" in text and "enhanced (DEPS)" in text and ">left<" in text
    # the extra arc's colour (reddish purple) is only on enhanced arcs here
    assert style_for(Verdict.EXTRA).border.lower() in text.lower()
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 5000


def test_the_preferences_row_sets_the_same_choice(opened):
    win, *_ = opened
    dialog = win.preferences.show_dialog()
    combo = dialog.enhanced_combo
    assert combo.currentData() == "below"
    combo.setCurrentIndex(combo.findData("above"))
    dialog.accept()
    assert win.settings.value(enhanced_choice.SETTING) == "above"
    assert win.actions_.enhanced.actions["above"].isChecked()
    assert win.view.enhanced() == "above"
    dialog = win.preferences.show_dialog()
    assert dialog.enhanced_combo.currentData() == "above"
    dialog.reject()


def test_the_tree_layout_says_where_the_enhanced_arcs_are(opened):
    win, *_ = opened
    win.view.set_layout_mode("tree")
    assert win.view.diagram.enhanced == () and win.view.enhanced_items("gold") == {}
    assert "mirrored and stacked" in win.view.status.text()
    win.view.set_layout_mode("stacked")
    assert win.view.diagram.enhanced and "mirrored and stacked" not in win.view.status.text()


def test_tcompare_export_draws_the_enhanced_arcs_when_asked(qtbot, tmp_path):
    from tcompare.cli import export
    from tcompare.gui.drawing.render import render_pair_to_file

    gold, system = write_pair(tmp_path)
    svgs = {}
    for position in ("off", "below"):
        out = tmp_path / f"{position}.svg"
        code = export.main([str(gold), str(system), "--profile", "ud-eval", "--to", "svg",
                            "--enhanced", position, "-o", str(out)],
                           render_picture=render_pair_to_file)
        assert code == 0
        svgs[position] = out.read_text(encoding="utf-8")
    assert "obl:for" not in svgs["off"] and "enhanced (DEPS)" not in svgs["off"]
    assert "obl:for" in svgs["below"] and "enhanced (DEPS)" in svgs["below"]
    assert "extra in system" in svgs["below"] and "extra in system" not in svgs["off"]
