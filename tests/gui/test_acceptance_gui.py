"""Acceptance review of the comparison window (issues 7-9): defects a demanding user hit,
each pinned by a test that drives the real window (pytest-qt, offscreen).

Inputs are written into tmp_path: a 151-word right-branching sentence, a TCT pair with a
head error, etc.  Every test states the user-visible behaviour it guards.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tcompare.gui.shell.window import MainWindow
from tcompare.scoring.base import Verdict
from gui_helpers import LOAD_TIMEOUT, open_and_wait, window  # noqa: E402,F401

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"


def long_tree(n_np: int, variant: bool) -> str:
    """A right-branching tree of 2*n_np + 1 words (deep and wide: it never fits)."""
    leaves = [f"(NP (DT a) (NN w{k}))" for k in range(n_np)]
    tree = leaves[-1]
    for j, leaf in enumerate(reversed(leaves[:-1])):
        label = "VP" if j % 3 == 0 else ("PP" if variant and j % 5 == 0 else "NP")
        tree = f"({label} {leaf} {tree})"
    return f"(TOP (S {tree} (. .)))"


def visible_scene_rect(view):
    canvas = view.canvas
    return canvas.mapToScene(canvas.viewport().rect()).boundingRect()


@pytest.mark.parametrize("mode", ["side", "stacked", "mirrored"])
def test_long_sentence_opens_on_its_first_words(qtbot, window, tmp_path, mode):
    """A 151-word sentence bigger than the view: what the user sees first is the start of
    the sentence (its first words), not an empty corner of the drawing."""
    gold, system = tmp_path / "long.gold.mrg", tmp_path / "long.sys.mrg"
    gold.write_text(long_tree(75, False) + "\n", encoding="utf-8")
    system.write_text(long_tree(75, True) + "\n", encoding="utf-8")
    open_and_wait(qtbot, window, gold, [system])
    view = window.view
    view.set_layout_mode(mode)
    window.show_sentence(0)
    qtbot.wait(50)
    shown = visible_scene_rect(view)
    first_word = view.word_items("gold")[0].sceneBoundingRect()
    assert shown.contains(first_word.center()), (mode, shown, first_word)
    # also after the zoom changes (fit never goes below readable in pictures)
    view.zoom_fit()
    qtbot.wait(20)
    shown = visible_scene_rect(view)
    assert shown.contains(view.word_items("gold")[0].sceneBoundingRect().center()), mode


def test_legend_explains_wrong_head_when_the_profile_uses_it(qtbot, window):
    """TCT / PKU head errors are drawn with the 'wrong head' look: the legend must say so."""
    open_and_wait(qtbot, window, DEMO / "tct" / "gold.tct", [DEMO / "tct" / "system.tct"])
    window.show_sentence(1)   # sentence 2: head errors only
    qtbot.wait(20)
    verdicts = {item.verdict for item in window.current_result.gold_items}
    assert Verdict.WRONG_HEAD in verdicts
    label = window.legend.labels.get(Verdict.WRONG_HEAD)
    assert label is not None and label.isVisibleTo(window)
    assert label.text() == "wrong head"


def test_review_marks_are_visible_in_the_sentence_table(qtbot, window, tmp_path):
    """Flag / reviewed / note were only in the status bar of the current sentence: an
    annotator scanning the table could not see which sentences were done.  A ``mark``
    column shows them (⚑ flagged, ✓ reviewed, ✎ note, the note as tooltip), it sorts, and it
    is read back from the sidecar on the next start."""
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    gold.write_bytes((DEMO / "ptb" / "gold.mrg").read_bytes())
    system.write_bytes((DEMO / "ptb" / "system.mrg").read_bytes())
    open_and_wait(qtbot, window, gold, [system])
    model = window.table_model
    column = model.column_index("mark")
    assert column >= 0
    assert model.columns[column - 1].key == "status"

    def cell(position, role=None):
        from PySide6.QtCore import Qt
        index = model.index(model.row_of(position), column)
        return model.data(index, role or Qt.ItemDataRole.DisplayRole)

    assert cell(1) == ""
    window.go_to(2)
    window.editor.actions["flag"].trigger()
    assert cell(1) == "⚑"
    window.go_to(4)
    window.editor.actions["reviewed"].trigger()
    window.editor.dialogs.ask_note = lambda default="": "check the PP attachment"
    window.editor.actions["note"].trigger()
    from PySide6.QtCore import Qt
    assert cell(3) == "✓✎"
    assert cell(3, Qt.ItemDataRole.ToolTipRole) == "check the PP attachment"
    assert cell(0) == ""
    # read back from the sidecar by a fresh window
    settings = QSettings(str(tmp_path / "s2.ini"), QSettings.Format.IniFormat)
    again = MainWindow(settings)
    again.interactive = False
    qtbot.addWidget(again)
    open_and_wait(qtbot, again, gold, [system])
    m2 = again.table_model
    c2 = m2.column_index("mark")
    assert m2.data(m2.index(m2.row_of(1), c2)) == "⚑"
    assert m2.data(m2.index(m2.row_of(3), c2)) == "✓✎"


def _window_shortcuts(win) -> dict[str, object]:
    from PySide6.QtGui import QAction
    keys = {}
    for action in win.findChildren(QAction):
        for key in action.shortcuts():
            if not key.isEmpty():
                keys.setdefault(key.toString(), []).append(action)
    return keys


def test_every_key_in_the_docs_is_bound_once(window):
    """docs/gui.md's key table: each key reaches exactly one action (Quit had no key on
    platforms whose StandardKey.Quit is empty, e.g. Windows and offscreen)."""
    keys = _window_shortcuts(window)
    documented = ["PgDown", "Alt+Right", "PgUp", "Alt+Left", "F8", "Shift+F8", "Ctrl+G",
                  "Ctrl+F", "F3", "Shift+F3", "Ctrl++", "Ctrl+-", "Ctrl+0", "Ctrl+1",
                  "Ctrl+Shift+1", "Ctrl+Shift+2", "Ctrl+Shift+3", "Ctrl+O", "Ctrl+Shift+O",
                  "Ctrl+Q", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+S", "F1", "F2", "F9"]
    for key in documented:
        assert len(keys.get(key, [])) == 1, key
    assert keys["Ctrl+Q"][0].text().replace("&", "") == "Quit"
    # and Help › Keyboard lists it
    rows = window.editor.keyboard.rows()
    assert any(what == "Quit" and "Ctrl+Q" in keys_text for _g, what, keys_text in rows)


def test_running_total_lines_fit_without_scrolling_sideways(qtbot, window):
    """ParsEval-2010's summary lines are ~70 characters: in a 340-pixel sidebar the B+C+H
    F1, Total F1 and POS-A columns were hidden behind a sideways scroll bar.  The sidebar
    widens (from the table first, then the drawing, which keeps the largest part)."""
    window.resize(1600, 1000)
    open_and_wait(qtbot, window, DEMO / "tct" / "gold.tct", [DEMO / "tct" / "system.tct"])
    window.refresh_summary()
    qtbot.wait(50)
    sidebar = window.sidebar
    scroll = sidebar.total_scroll
    assert "Total F1" in sidebar.total_text.text()
    assert scroll.horizontalScrollBar().maximum() == 0
    sizes = window.splitter.sizes()
    assert sizes[1] >= int(sum(sizes) * 0.45)   # the drawing keeps the largest part


def test_chinese_words_are_found_whatever_the_segmentation(qtbot, window):
    """A Chinese reader types 溪邊 or 報紙上 without spaces; the gold text is segmented
    (溪 邊, 報紙 上).  Both the table's word filter and Find words (Ctrl+F) must find it;
    English keeps whole-string matching."""
    open_and_wait(qtbot, window, DEMO / "sinica" / "gold.sinica",
                  [DEMO / "sinica" / "system.sinica"])
    proxy = window.filter_model
    proxy.set_text("溪邊")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [1]
    proxy.set_text("報紙上")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [0]
    proxy.set_text("")
    window.show_sentence(2)
    assert window.find_words("報紙上")
    assert window.current_position == 0
    assert not window.find_words("沒有這句")


def test_english_find_keeps_word_boundaries(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    proxy = window.filter_model
    proxy.set_text("theboy")   # no CJK: spaces are not ignored
    assert proxy.rowCount() == 0
    proxy.set_text("the boy")
    assert proxy.rowCount() >= 1


def test_mark_column_is_narrow_but_its_header_readable(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    model = window.table_model
    column = model.column_index("mark")
    header = window.table.horizontalHeader()
    metrics = window.table.fontMetrics()
    width = header.sectionSize(column)
    assert width >= metrics.horizontalAdvance("mark")
    assert width < header.sectionSize(model.column_index("fmeasure"))


def test_presentation_mode_starts_at_the_first_words(qtbot, window):
    """Presentation mode zooms in; the projector must then show the start of the sentence
    (its first words), not an arbitrary middle part of the drawing."""
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.show_sentence(1)
    window.teaching.presentation_action.trigger()
    qtbot.wait(50)
    view = window.view
    shown = visible_scene_rect(view)
    assert view.zoom() > 1.0
    assert shown.contains(view.word_items("gold")[0].sceneBoundingRect().center())
    window.teaching.presentation_action.trigger()


def test_layout_actions_show_the_dependency_views_real_mode(qtbot, window):
    """The toolbar's layout buttons said "Side by side" while the arc view drew its mirrored
    diagram (it has no side-by-side mode), and stayed on it after the arc view's own Tree
    button: the checked action must be the layout actually drawn, or none."""
    open_and_wait(qtbot, window, DEMO / "conll" / "demo.gold.conll",
                  [DEMO / "conll" / "demo.system.conll"])
    view = window.view
    layouts = window.actions_.layouts
    window.set_layout_mode("side")
    assert view.layout_mode() == "mirrored"
    assert layouts["mirrored"].isChecked() and not layouts["side"].isChecked()
    window.set_layout_mode("stacked")
    assert view.layout_mode() == "stacked" and layouts["stacked"].isChecked()
    view.set_layout_mode("tree")       # the arc view's own Tree button
    assert not any(a.isChecked() for a in layouts.values())
    view.set_layout_mode("mirrored")
    assert layouts["mirrored"].isChecked()


@pytest.mark.parametrize("gold, system, words", [
    (DEMO / "ptb" / "gold.mrg", DEMO / "conll" / "demo.gold.conll",
     ["demo.gold.conll", "conllx", "dependency"]),
    (DEMO / "tct" / "gold.tct", DEMO / "ptb" / "system.mrg",
     ["system.mrg", "ptb", "parseval2010"]),
])
def test_a_system_file_the_profile_cannot_read_is_refused_like_the_cli(qtbot, window, gold,
                                                                       system, words):
    """A CoNLL file as system for a PTB gold gave rows of 'scorer failed: AttributeError:
    'DepSentence' object has no attribute 'root''; a PTB system for a TCT gold gave rows of
    zeros.  `tcompare score` refuses both with a message naming the file: so does the
    window (the message names the file, its notation and the profile)."""
    with qtbot.waitSignal(window.session.finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(system)])
    qtbot.waitUntil(lambda: bool(window.last_error), timeout=5000)
    for word in words:
        assert word in window.last_error
    assert "AttributeError" not in window.last_error


def test_a_second_notation_the_profile_reads_is_accepted(qtbot, window):
    """TCT gold against PKU-CTB system: parseval2010 reads both, nothing is refused."""
    open_and_wait(qtbot, window, DEMO / "tct" / "gold.tct", [DEMO / "pku" / "system.pku"])
    assert not window.last_error
    assert window.session.profile.name == "parseval2010"


def test_status_filter_shows_flagged_or_reviewed_sentences(qtbot, window, tmp_path):
    """Coming back to the sentences flagged for later: the status filter offers
    ``flagged`` and ``reviewed`` (from the sidecar marks)."""
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    gold.write_bytes((DEMO / "ptb" / "gold.mrg").read_bytes())
    system.write_bytes((DEMO / "ptb" / "system.mrg").read_bytes())
    open_and_wait(qtbot, window, gold, [system])
    for number in (3, 6):
        window.go_to(number)
        window.editor.actions["flag"].trigger()
    window.go_to(5)
    window.editor.actions["reviewed"].trigger()
    combo = window.status_filter
    assert combo.findText("flagged") >= 0 and combo.findText("reviewed") >= 0
    proxy = window.filter_model
    combo.setCurrentText("flagged")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [2, 5]
    combo.setCurrentText("reviewed")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [4]
    # un-flagging while the filter is on takes the row out at once
    combo.setCurrentText("flagged")
    window.go_to(3)
    window.editor.actions["flag"].trigger()
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [5]
    combo.setCurrentText("all")
    assert proxy.rowCount() == 8


def test_a_folder_given_as_gold_is_named_as_a_folder(tmp_path, capsys):
    """`tcompare FOLDER SYS` said 'no such file' for a folder that exists."""
    from tcompare.gui.shell.launch import main

    system = tmp_path / "s.mrg"
    system.write_text("(TOP (S (NN x)))\n", encoding="utf-8")
    assert main([str(tmp_path), str(system), "--screenshot", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "a folder, not a file" in err and str(tmp_path) in err


def test_a_small_tree_still_fits_after_the_sidebar_widened(qtbot, window):
    """The widening must not cut a small tree that fitted: the room comes from the table
    first."""
    window.resize(1600, 1000)
    open_and_wait(qtbot, window, DEMO / "sinica" / "gold.sinica",
                  [DEMO / "sinica" / "system.sinica"])
    window.refresh_summary()
    qtbot.wait(50)
    sizes = window.splitter.sizes()
    assert sizes[0] < 430 and sizes[1] >= int(sum(sizes) * 0.45)
    window.show_sentence(2)
    window.view.zoom_fit()
    qtbot.wait(20)
    assert window.view.zoom() >= 0.8


@pytest.mark.parametrize("width, height", [(1024, 768), (1366, 768), (1600, 1000)])
def test_the_drawing_keeps_the_largest_share_of_any_window(qtbot, window, width, height):
    """At 1024×768 (a classroom projector) the table and sidebar kept their 430 + 340
    pixels and the drawing got what was left (about 245 px).  The panes are shared out in
    proportion to the window until the user drags a splitter handle."""
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.resize(width, height)
    qtbot.wait(50)
    sizes = window.splitter.sizes()
    assert sizes[1] >= 0.39 * sum(sizes), sizes   # the filter row keeps the table >= ~310 px
    assert sizes[1] == max(sizes)
    assert sizes[0] >= 260 and sizes[2] >= 300, sizes
    # the EVALB summary (the sidebar's narrowest report) is not cut
    assert window.sidebar.total_scroll.horizontalScrollBar().maximum() == 0


def test_a_dragged_splitter_is_left_alone(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.resize(1600, 1000)
    qtbot.wait(20)
    window.splitter.setSizes([700, 560, 332])
    window.splitter.splitterMoved.emit(700, 1)   # as a drag of the handle reports it
    window.resize(1500, 1000)
    qtbot.wait(20)
    assert window.splitter.sizes()[0] == 700


@pytest.mark.parametrize("toggle", ["pos", "function"])
def test_edit_cursor_follows_the_node_when_a_view_toggle_relays_the_tree(qtbot, window, toggle):
    """View › Show POS row / function tags re-lay the tree; the blue edit cursor stayed
    where the node used to be (next to it, over nothing)."""
    open_and_wait(qtbot, window, DEMO / "tct2012" / "gold.psg", [DEMO / "tct2012" / "system.psg"])
    window.go_to(2)
    editor = window.editor
    editor.cursor.move_selection("child")
    qtbot.wait(20)
    window.actions_.toggles[toggle].trigger()
    qtbot.wait(50)
    expected = editor.cursor.selection_rect(window.view).adjusted(-5, -5, 5, 5)
    frame = editor.cursor.frames[0]
    assert frame.rect() == expected
    window.actions_.toggles[toggle].trigger()


def test_edit_cursor_survives_a_toggle_in_the_arc_view(qtbot, window):
    """The arc view clears its scene on every rebuild: the cursor vanished after
    View › Show POS row until the next key press."""
    import shiboken6

    open_and_wait(qtbot, window, DEMO / "conll" / "demo.gold.conll",
                  [DEMO / "conll" / "demo.system.conll"])
    window.go_to(1)
    editor = window.editor
    editor.cursor.move_selection("next")
    qtbot.wait(20)
    assert editor.cursor.frames
    window.actions_.toggles["pos"].trigger()
    qtbot.wait(50)
    frame = editor.cursor.frames[0]
    assert shiboken6.isValid(frame) and frame.scene() is window.view.scene
    assert frame.rect() == editor.cursor.selection_rect(window.view).adjusted(-5, -5, 5, 5)
    window.actions_.toggles["pos"].trigger()
