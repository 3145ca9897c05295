"""Issue 34, "The window at 1280x720": the side panes stay where the user put them, the
layout is the same from sentence to sentence, a short sentence fills the view, a long
status message wraps under the trees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from test_tree_view import GOLD, SYSTEM, hand_result
from test_window_defects import forty_word_pair
from tcompare.gui.drawing.tree_view import ARRIVAL_MIN_ZOOM, FIT_MAX_ZOOM, TreeComparisonView

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
    assert not window.panes.folded and window.actions_.side_panes.isChecked()
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
    assert window.panes.folded
    window.show_sentence(1)
    window.show_sentence(0)
    qtbot.wait(20)
    assert window.panes.folded                          # stays hidden
    window.actions_.side_panes.trigger()                    # and shown again: stays shown
    qtbot.wait(20)
    window.show_sentence(1)
    qtbot.wait(50)
    assert not window.panes.folded


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


def chinese_only(texts: list[str]) -> list[str]:
    """The texts that still have an English word (names, labels and keys allowed; Sinica's
    two-letter tags such as Nc, Ng are labels too)."""
    return [t for t in texts if english_words(re.sub(r"\b[A-Z][a-z]\b", " ", t))]


def test_error_classes_repair_steps_and_figures_are_translated(qtbot, window, language):  # noqa: F811
    from tcompare.gui.language.scorer_text import error_class, figure_name, repair_kind

    language("zh_CN")
    assert not chinese_only([error_class("Single Word Phrase - relabel"), error_class("UNSET remove"),
                             error_class("NP Internal - Co-ordination - Wrong pair"),
                             error_class("Sense Confusion, causing mis-attachment - Nc and Ng"),
                             repair_kind("move"), figure_name("micro_P")])
    assert "NP" in error_class("Unary - NP over NN") and "NN" in error_class("Unary - NP over NN")
    assert figure_name("S_S_F1") == "S_S_F1"                 # a metric's name from the paper
    for folder, gold, system in (("ptb", "gold.mrg", "system.mrg"),
                                 ("sinica", "gold.sinica", "system.sinica")):
        assert open_and_wait(qtbot, window, DEMO / folder / gold, [DEMO / folder / system])
        window.analysis.action.trigger() if not window.analysis.isVisible() else None
        window.analysis.wait_idle()
        shown = []
        for table in (window.analysis.class_table, window.analysis.figure_table):
            shown += [table.item(r, 0).text() for r in range(table.rowCount())]
        for position in range(window.session.row_count):
            window.show_sentence(position)
            steps = window.analysis.steps
            shown += [steps.item(i).text() for i in range(steps.count())]
        assert len(shown) > 10
        assert not chinese_only(shown), chinese_only(shown)


def test_scorer_messages_in_panels_are_translated(qtbot, window, language, tmp_path):  # noqa: F811
    """The scorer writes its messages in English (the CLI and JSON keep them); the window
    shows them in the interface's language: the problems panel, the sidebar, the drawing."""
    language("zh_CN")
    (tmp_path / "g.mrg").write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", encoding="utf-8")
    (tmp_path / "s.mrg").write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB down)))\n",
                                    encoding="utf-8")
    assert open_and_wait(qtbot, window, tmp_path / "g.mrg", [tmp_path / "s.mrg"])
    window.show_sentence(0)
    assert "Length unmatch" in window.current_result.message          # the data stays
    panel = window.error_panel.text()
    message = window.sidebar.findChild(type(window.hover_label), "sentence_message").text()
    drawn = [i.toPlainText() for i in window.view.scene.items() if hasattr(i, "toPlainText")]
    for text in (panel, message, *drawn):
        assert "unmatch" not in text and "3" in text and "4" in text, text


@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_the_sidebar_fits_its_viewport(qtbot, window, language, code):  # noqa: F811
    """zh_CN: the sentence box was wider than the sidebar's viewport (its right edge and the
    values cut off): the folded report's check box set the sidebar's minimum width."""
    from PySide6.QtWidgets import QScrollArea

    language(code)
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"],
                         goto=2)
    qtbot.wait(50)
    scroll = window.sidebar.findChild(QScrollArea)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
    box = window.sidebar.sentence_box
    assert box.mapTo(scroll.viewport(), box.rect().topRight()).x() < scroll.viewport().width()


# -- presentation mode, panels, hover line, dialogs, table, header --------------------------------

@pytest.mark.parametrize("shown", [True, False])
def test_leaving_presentation_mode_gives_the_explain_dock_its_height_back(qtbot, window, shown):  # noqa: F811
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"],
                         goto=2)
    panel = window.teaching.panel
    if shown:
        window.teaching.explain_action.trigger()
        qtbot.wait(50)
    before = panel.height()
    window.teaching.presentation_action.trigger()
    qtbot.wait(50)
    window.teaching.presentation_action.trigger()
    qtbot.wait(100)
    assert panel.isVisible() == shown
    if shown:
        assert abs(panel.height() - before) <= 6, (before, panel.height())


JOINED_GOLD = ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))\n(TOP (S (NP (DT A) (NN dog)) (VP (VBD ran))))\n"
               "(TOP (S (NP (PRP It)) (VP (VBD ended))))\n")
JOINED_SYSTEM = ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))) (S (NP (DT A) (NN dog)) (VP (VBD ran))))\n"
                 "(TOP (S (NP (PRP It)) (VP (VBD ended))))\n")


def test_the_joined_pair_panel_names_the_profile_box_not_a_flag(qtbot, window, tmp_path):  # noqa: F811
    """The problems panel over a joined pair said "use --profile jp-evalb" (a command-line
    flag); it names the Profile box.  (Which pairs a profile joins is the scorer's business:
    the panel is given the scorer's message.)"""
    from tcompare.gui.drawing.problems import sentence_problems
    from tcompare.scoring.base import SentenceResult, Status

    (tmp_path / "g.mrg").write_text(JOINED_GOLD, encoding="utf-8")
    (tmp_path / "s.mrg").write_text(JOINED_SYSTEM, encoding="utf-8")
    assert open_and_wait(qtbot, window, tmp_path / "g.mrg", [tmp_path / "s.mrg"])
    message = ("joined: gold sentence(s) 1, 2 and system sentence(s) 1 hold the same characters "
               "(several gold sentences are one system sentence); profile evalb scores sentence by "
               "sentence: use --profile jp-evalb")
    result = SentenceResult(index=1, status=Status.ERROR, message=message)
    panel = " ".join(sentence_problems(window.session, 0, 0, result))
    assert "--profile" not in panel and "Profile box" in panel and "jp-evalb" in panel


def test_the_hover_line_forgets_the_node_after_an_edit(qtbot, window, tmp_path):  # noqa: F811
    import shutil

    for name in ("gold.mrg", "system.mrg"):
        shutil.copy(DEMO / "ptb" / name, tmp_path / name)
    assert open_and_wait(qtbot, window, tmp_path / "gold.mrg", [tmp_path / "system.mrg"], goto=7)
    editor = window.editor
    for _ in range(2):
        qtbot.keyClick(window, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    ref = editor.selection.ref
    window.view.hover("gold", "node", ref)
    assert "NP-SBJ-1" in window.hover_label.text() or "NP" in window.hover_label.text()
    old = window.hover_label.text()
    editor.dialogs.ask_text = lambda *a, **k: "ADVP"
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.session.gold[6].item.node(ref).label.raw == "ADVP"
    assert window.hover_label.text() != old and "NP" not in window.hover_label.text()


@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_the_go_to_sentence_dialog_is_as_wide_as_its_title(qtbot, window, language, code):  # noqa: F811
    from PySide6.QtGui import QFont, QFontMetrics

    language(code)
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    dialog = window.actions_.goto_dialog(8)
    qtbot.addWidget(dialog)
    bold = QFont(dialog.font())
    bold.setBold(True)
    assert dialog.minimumWidth() >= QFontMetrics(bold).horizontalAdvance(dialog.windowTitle()) + 120
    assert dialog.intValue() == 1 and dialog.intMaximum() == 8


def test_status_cells_show_the_whole_status(qtbot, window, tmp_path):  # noqa: F811
    """"missing" and "no parse" were cut to "miss…", "no p…"."""
    from tcompare.gui.language.terms import term
    from tcompare.scoring.base import Status

    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    column = window.table_model.column_index("status")
    width = window.table.horizontalHeader().sectionSize(column)
    metrics = window.table.fontMetrics()
    for status in Status:
        assert metrics.horizontalAdvance(term(status.value)) + 12 <= width, status


@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_the_header_keeps_the_sentence_number_beside_the_system_choosers(
        qtbot, window, language, tmp_path, code):  # noqa: F811
    import shutil
    from PySide6.QtGui import QFont, QFontMetrics

    language(code)
    gold = tmp_path / "gold.mrg"
    shutil.copy(DEMO / "ptb" / "gold.mrg", gold)
    systems = [tmp_path / "berkeley_parser_output_with_a_long_descriptive_name.mrg",
               tmp_path / "stanford_parser_output_with_a_long_descriptive_name.mrg"]
    shutil.copy(DEMO / "ptb" / "system.mrg", systems[0])
    shutil.copy(DEMO / "ptb" / "gold.mrg", systems[1])
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, systems, goto=2)
    window.two.toggle_two()
    qtbot.wait(50)
    assert window.two.bar.isVisible()
    first = window.header.text().split(" · ")[0]
    plain = first.replace("<b>", "").replace("</b>", "")
    bold = QFont(window.header.font())
    bold.setBold(True)
    assert window.header.width() >= QFontMetrics(bold).horizontalAdvance(plain)


def test_the_sidebar_fits_its_viewport_with_two_long_system_names(qtbot, window, language, tmp_path):  # noqa: F811
    import shutil
    from PySide6.QtWidgets import QScrollArea

    language("zh_CN")
    gold = tmp_path / "gold.mrg"
    shutil.copy(DEMO / "ptb" / "gold.mrg", gold)
    systems = [tmp_path / "berkeley_parser_output_with_a_long_descriptive_name.mrg",
               tmp_path / "stanford_parser_output_with_a_long_descriptive_name.mrg"]
    shutil.copy(DEMO / "ptb" / "system.mrg", systems[0])
    shutil.copy(DEMO / "ptb" / "gold.mrg", systems[1])
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, systems, goto=2)
    qtbot.wait(50)
    scroll = window.sidebar.findChild(QScrollArea)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()


def test_the_export_dialog_offers_the_installed_chinese_fonts(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    from tcompare.export import cjk_fonts
    from tcompare.gui.drawing import export_dialog

    installed = ("WenQuanYi Micro Hei", "AR PL UMing CN")
    monkeypatch.setattr(export_dialog, "installed_cjk_fonts", lambda: installed)
    monkeypatch.setattr(cjk_fonts, "installed_cjk_fonts", lambda: installed)
    monkeypatch.setattr(export_dialog, "choose_cjk_fonts", lambda: cjk_fonts.choose_cjk_fonts(installed))
    assert open_and_wait(qtbot, window, DEMO / "sinica" / "gold.sinica", [DEMO / "sinica" / "system.sinica"],
                         goto=2)
    dialog = export_dialog.ExportDialog(window)
    qtbot.addWidget(dialog)
    box = dialog.font_box
    assert [box.itemText(i) for i in range(box.count())] == list(installed)
    assert box.currentText() == "WenQuanYi Micro Hei"           # installed, not Noto Serif CJK SC
    dialog.set_format("latex")
    assert box.isEnabled()
    box.setCurrentText("AR PL UMing CN")                         # the user's choice ...
    dialog.path_edit.setText(str(tmp_path / "zh.tex"))
    dialog.accept()
    assert "\\setCJKmainfont{AR PL UMing CN}" in (tmp_path / "zh.tex").read_text(encoding="utf-8")
    again = export_dialog.ExportDialog(window)                   # ... is remembered
    qtbot.addWidget(again)
    assert again.font_box.currentText() == "AR PL UMing CN"
    again.set_format("png")
    assert not again.font_box.isEnabled()


def test_a_long_raw_line_wraps_in_the_problems_panel_and_keeps_the_window_size(qtbot, window, tmp_path):  # noqa: F811
    """A source line with a long unbroken run (a CoNLL-U row's translit) set the window's
    minimum width: 1,397 px on a 1,280-pixel screen.  And a many-line source (a CoNLL block)
    is shown by its first rows, not whole."""
    word = "x" * 400
    (tmp_path / "g.mrg").write_text(f"(S (NP (NN {word})) (VP (VBD sat)))\n", encoding="utf-8")
    (tmp_path / "s.mrg").write_text(f"(S (NP (NN {word}y)) (VP (VBD sat)))\n", encoding="utf-8")
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, tmp_path / "g.mrg", [tmp_path / "s.mrg"])
    qtbot.wait(50)
    assert window.error_panel.isVisible() and word[:40] in window.error_panel.text()
    assert window.minimumSizeHint().width() <= 1280 and window.width() == 1280


def test_a_many_line_source_shows_its_first_rows():
    from types import SimpleNamespace

    from tcompare.gui.drawing import problems

    block = "\n".join(f"{k}\tw{k}\tw{k}\tNOUN\tNN\t_\t0\troot\t_\t_" for k in range(1, 30))
    record = SimpleNamespace(source=block, line=7, error=None)
    result = SimpleNamespace(status=problems.Status.ERROR, message="", valid=False)
    session = SimpleNamespace(records=lambda *_: (record, None), lock=__import__("threading").Lock(),
                              plan=lambda _s: None, gold=None, systems=[])
    lines = problems.sentence_problems(session, 0, 0, result)
    raw = [line for line in lines if line.startswith("<tt>")][0]
    assert raw.count("<br>") == problems.RAW_LINES - 1 and raw.endswith("…</tt>")


def test_a_message_with_a_quoted_reason_is_translated_part_by_part(qapp, language):  # noqa: F811
    from tcompare.gui.language.scorer_text import scorer_message

    language("zh_CN")
    message = ("missing: gold sentence 3 (gold.conllu:41): different text: gold '杜(鵑' vs system "
               "'杜鹃' (first difference at character 2; gold has 40 characters, system 40) "
               "(system.conllu:39); its gold items count as missing")
    shown = scorer_message(message)
    assert "'杜(鵑'" in shown and "gold.conllu:41" in shown and "system.conllu:39" in shown
    assert not english_words(re.sub(r"\w+\.conllu:\d+", " ", shown)), shown


def test_after_presentation_mode_sentences_are_fitted_again(qtbot, window):  # noqa: F811
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"],
                         goto=2)
    window.teaching.presentation_action.trigger()
    qtbot.wait(50)
    window.teaching.presentation_action.trigger()
    qtbot.wait(100)
    window.show_sentence(4)                      # 4 words: fitted, so enlarged
    qtbot.wait(20)
    assert window.view.zoom() > 1.0


@pytest.mark.parametrize("message", [
    "joined: gold sentence(s) 1, 2 and system sentence(s) 1 hold the same characters (several gold "
    "sentences are one system sentence); profile evalb scores sentence by sentence: use --profile jp-evalb",
    "joined: gold sentence(s) 1, 2 and system sentence(s) 1 hold the same characters (several gold "
    "sentences are one system sentence); profile evalb scores sentence by sentence: the Profile box "
    "(--profile) jp-evalb aligns them; its gold items count as missing",
    "different word segmentation: gold has 7 words, system 8; from word 3: gold 'a b c' vs system "
    "'a bc d'; profile evalb compares word by word: use --profile jp-evalb (aligns words on characters)",
])
@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_a_message_naming_a_command_line_option_names_the_profile_box(language, message, code):  # noqa: F811
    from tcompare.gui.language.scorer_text import scorer_message

    language(code)
    shown = scorer_message(message)
    assert "--profile" not in shown and "jp-evalb" in shown
    assert ("Profile box" in shown) if code == "en" else ("评测方案" in shown)


def test_long_system_names_keep_a_1280_pixel_window(qtbot, window, tmp_path):  # noqa: F811
    """The table's systems filter names the files ("a.mrg right, b.mrg wrong"): with long
    names it set the table pane's minimum width, and the window grew to 1,476 px."""
    import shutil

    gold = tmp_path / "gold.mrg"
    shutil.copy(DEMO / "ptb" / "gold.mrg", gold)
    systems = [tmp_path / "berkeley_parser_output_with_a_long_descriptive_name.mrg",
               tmp_path / "stanford_parser_output_with_a_long_descriptive_name.mrg"]
    shutil.copy(DEMO / "ptb" / "system.mrg", systems[0])
    shutil.copy(DEMO / "ptb" / "gold.mrg", systems[1])
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, gold, systems, goto=2)
    window.two.toggle_two()
    qtbot.wait(50)
    assert window.sentences.systems_filter.isVisible()
    assert window.minimumSizeHint().width() <= 1280 and window.width() == 1280
