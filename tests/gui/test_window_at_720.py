"""Issue 34, "The window at 1280x720": the side panes stay where the user put them, the
layout is the same from sentence to sentence, a short sentence fills the view, a long
status message wraps under the trees."""

from __future__ import annotations

from pathlib import Path

import pytest

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from test_tree_view import GOLD, SYSTEM, hand_result
from test_window_defects import forty_word_pair
from tcompare.gui.tree_view import ARRIVAL_MIN_ZOOM, FIT_MAX_ZOOM, TreeComparisonView

pytestmark = pytest.mark.issue(34)


def drawn_share(view) -> float:
    """The share of the viewport the drawing covers at its zoom."""
    rect, port = view.scene.sceneRect(), view.canvas.viewport().size()
    width = min(rect.width() * view.zoom(), port.width())
    height = min(rect.height() * view.zoom(), port.height())
    return width * height / (port.width() * port.height())


def test_side_panes_do_not_fold_by_themselves_for_a_long_sentence(qtbot, window, tmp_path):  # noqa: F811
    gold, system = forty_word_pair(tmp_path)
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, [system])
    window.show_sentence(0)
    qtbot.wait(50)
    assert not window.side_panes_folded and window.actions_.side_panes.isChecked()
    table, _, side = window.splitter.sizes()
    assert table > 200 and side > 200                       # the table and the totals in sight
    assert window.view.zoom() >= ARRIVAL_MIN_ZOOM             # readable; it scrolls
    assert "F9" in window.statusBar().currentMessage()       # and the way to more room is said


def test_the_users_pane_choice_and_widths_are_kept(qtbot, window, tmp_path):  # noqa: F811
    gold, system = forty_word_pair(tmp_path, short_first=True)
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, [system])
    window.actions_.side_panes.trigger()                    # F9: hidden by the user
    qtbot.wait(20)
    assert window.side_panes_folded
    window.show_sentence(1)
    window.show_sentence(0)
    qtbot.wait(20)
    assert window.side_panes_folded                          # stays hidden
    window.actions_.side_panes.trigger()                    # and shown again: stays shown
    qtbot.wait(20)
    window.show_sentence(1)
    qtbot.wait(50)
    assert not window.side_panes_folded


def test_the_layout_does_not_change_from_sentence_to_sentence(qtbot, window, tmp_path):  # noqa: F811
    gold, system = forty_word_pair(tmp_path, short_first=True)
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, [system])
    modes = set()
    for position in (0, 1, 0):
        window.show_sentence(position)
        modes.add(window.view.layout_mode())
    assert len(modes) == 1


WSJ_1_GOLD = ("(TOP (S (INTJ (RB No)) (, ,) (NP (PRP it)) (VP (VBD was) (RB n't)"
              " (NP (NNP Black) (NNP Monday))) (. .)))")


def test_a_short_sentence_fills_the_view_at_1280x720(qtbot, window, tmp_path):  # noqa: F811
    """WSJ 23's first sentence (8 words) was drawn side by side at 0.88x, ~7 px text, 70% of
    the view empty."""
    (tmp_path / "g.mrg").write_text(WSJ_1_GOLD + "\n", encoding="utf-8")
    (tmp_path / "s.mrg").write_text(WSJ_1_GOLD.replace("(RB No)", "(UH No)") + "\n", encoding="utf-8")
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, tmp_path / "g.mrg", [tmp_path / "s.mrg"])
    qtbot.wait(20)
    view = window.view
    assert view.zoom() > 1.0
    assert drawn_share(view) > 0.5


def test_zoom_to_fit_enlarges_and_shrinks_within_bounds(qtbot):
    view = TreeComparisonView()
    qtbot.addWidget(view)
    view.resize(1500, 1000)
    view.show()
    qtbot.waitExposed(view)
    view.show_pair(GOLD, SYSTEM, hand_result(), "ptb")
    view.set_zoom(0.3)
    view.zoom_fit()
    assert view.zoom() == pytest.approx(FIT_MAX_ZOOM)     # enlarged, to a sane bound
    view.resize(300, 200)
    qtbot.wait(10)
    view.zoom_fit()
    assert view.zoom() < 1.0                               # and shrunk


def test_a_long_message_wraps_instead_of_widening_the_drawing(qtbot):
    view = TreeComparisonView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    result = hand_result()
    result.message = "Words unmatch: " + " ".join(f"gold-word-{i}|system-word-{i}" for i in range(40))
    view.show_pair(GOLD, SYSTEM, result, "ptb")
    trees = view.pair_layout().width
    assert view.scene.sceneRect().width() <= max(trees, 320 + 24) + 20
    texts = [item for item in view.scene.items() if hasattr(item, "toPlainText")]
    assert any(result.message in t.toPlainText() for t in texts)


# -- zh_CN at 1280x720 ---------------------------------------------------------------------------
from test_i18n import english_words, language  # noqa: E402,F401  (fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def test_the_legend_with_the_analysis_dock_keeps_a_720_pixel_window(qtbot, window, language):  # noqa: F811
    """zh_CN: opening the Legend with the error-analysis dock open made the window 736 px
    tall (the status bar off a 720-pixel screen), and it never shrank back."""
    language("zh_CN")
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.analysis.action.trigger()
    window.analysis.wait_idle()
    qtbot.wait(20)
    window.legend_box.setChecked(True)
    qtbot.wait(50)
    assert window.minimumSizeHint().height() <= 720
    assert window.height() == 720
    assert window.legend_box.legend.isVisible()
