"""The Explain dock: installed in the main window, follows the current sentence, shows the
scorer's numbers, corpus mode, presentation font (pytest-qt, offscreen)."""

from __future__ import annotations


import pytest

pytest.importorskip("PySide6")


from conftest import RESOURCES  # noqa: E402
from tcompare import formats  # noqa: E402
from tcompare.gui.teaching.explain_panel import NORMAL_SIZE, PRESENTATION_SIZE, ExplainPanel  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.pairing import score_pair  # noqa: E402
from gui_helpers import LOAD_TIMEOUT, open_and_wait, window  # noqa: E402,F401

DEMO = RESOURCES / "demo"


def test_panel_alone_shows_the_explanation(qtbot):
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    profile = profiles.get("evalb")
    config = profile.prepare()
    g, s = formats.read_file(DEMO / "ptb/gold.mrg"), formats.read_file(DEMO / "ptb/system.mrg")
    panel.show_result(score_pair(g, s, 1, profile, config), profile, g[1].item, s[1].item, config)
    text = panel.browser.toPlainText()
    assert "recall = matched / gold brackets = 6 / 7 × 100 = 85.71 %" in text
    assert "crossing a gold bracket" in text and "missing (gold only)" in text
    panel.show_result(None)
    assert "no score" in panel.browser.toPlainText()


def test_dock_follows_the_current_sentence(qtbot, window):
    features = window.teaching
    assert features.panel.isHidden()
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    features.explain_action.trigger()
    qtbot.waitUntil(features.panel.isVisible, timeout=3000)
    assert "Sentence 1:" in features.panel.browser.toPlainText()
    window.show_sentence(1)
    text = features.panel.browser.toPlainText()
    assert "Sentence 2:" in text and "6 / 7 × 100 = 85.71 %" in text
    # the numbers are the window's own result
    assert f"{window.current_result.scores['recall']:.2f}" in text
    features.panel.corpus_box.setChecked(True)
    text = features.panel.browser.toPlainText()
    assert "summary" in text and "42 / 45 × 100 = 93.33 %" in text
    features.panel.corpus_box.setChecked(False)
    assert "Sentence 2:" in features.panel.browser.toPlainText()


def test_chinese_macro_figures_in_corpus_mode(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "sinica/gold.sinica", DEMO / "sinica/system.sinica")
    panel = window.teaching.panel
    panel.show()
    panel.corpus_box.setChecked(True)
    text = panel.browser.toPlainText()
    assert "macro_F1" in text and "84.85 %" in text and "not the mean of F1" in text
    panel.corpus_box.setChecked(False)
    assert "他刊登一則廣告在報紙上" in panel.browser.toPlainText()


def test_presentation_mode_enlarges_and_restores(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    features = window.teaching
    features.presentation_action.trigger()
    assert features.presenting and features.panel.isVisible()
    assert features.panel.font_size == PRESENTATION_SIZE
    assert features.panel.browser.document().defaultFont().pointSizeF() == PRESENTATION_SIZE
    assert features.panel.explanation is not None
    features.presentation_action.trigger()
    assert not features.presenting and features.panel.font_size == NORMAL_SIZE


def test_menus_hold_the_new_actions(window):
    bar = window.menuBar()
    menus = {a.text().replace("&", ""): a.menu() for a in bar.actions() if a.menu() is not None}
    f = window.teaching
    assert window.sentence_export.action in menus["File"].actions()
    assert menus["File"].actions()[-1] is window.actions_.quit
    assert f.explain_action in menus["View"].actions()
    assert f.presentation_action in menus["View"].actions()


@pytest.mark.issue(18)
def test_presentation_mode_is_full_screen_without_chrome_and_steps_with_space(qtbot, window):
    from PySide6.QtCore import Qt

    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    window.resize(1280, 720)
    features = window.teaching
    features.presentation_action.trigger()
    assert window.isFullScreen()
    assert not window.sentences.isVisible() and not window.sidebar.isVisible()
    assert not window.actions_.toolbar.isVisible() and not window.statusBar().isVisible()
    assert window.view.high_contrast()                 # black, thicker lines for a projector
    start = window.current_position
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.current_position == start + 1
    features.presentation_action.trigger()
    assert not window.isFullScreen()
    assert window.sentences.isVisible() and window.sidebar.isVisible()
    assert window.actions_.toolbar.isVisible() and window.statusBar().isVisible()
    assert not window.view.high_contrast()
    qtbot.keyClick(window, Qt.Key.Key_Space)         # Space is the table's again, not a step
    assert window.current_position == start + 1


@pytest.mark.issue(18)
def test_stepping_through_frames_each_counted_item_on_the_trees(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    window.go_to(2)
    panel = window.teaching.panel
    panel.show()
    panel.refresh()
    rows = list(panel.explanation.rows())
    assert rows
    for k, row in enumerate(rows):
        assert panel.step(1) and panel.current == k
        framed = len(window.view.marked())
        expected = sum(1 for item in row.items() if item.kind in ("bracket", "tag") and (
            item.ref in window.view.node_items(item.side) if item.kind == "bracket"
            else item.ref in window.view.word_items(item.side)))
        assert framed == expected > 0 or not row.items()
        assert "current" in panel.browser.toHtml() or k == 0
        assert panel.step_label.text() == f"step {k + 1} of {len(rows)}"
    assert not panel.step(1) and not window.view.marked()        # past the last: the figures
    assert panel.step(-1) is True and panel.current == len(rows) - 1   # back to the last row
