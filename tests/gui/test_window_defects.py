"""Defects found by use (issue 18): the window fits the screen and remembers its place, the
demo opens on a difference, the Open dialog shows every treebank, pictures carry no
selection frame or query marks and have an opaque background."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from tcompare.gui.shell import actions
from tcompare.gui.shell.app import fit_to_screen, make_window, wait_until_loaded
from tcompare.gui.drawing.export_dialog import export_current
from tcompare.gui.shell.launch import build_parser
from tcompare.gui.drawing.scene_export import OVERLAY_ROLE

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"

pytestmark = pytest.mark.issue(18)


def settings_file(tmp_path, name="s.ini") -> QSettings:
    return QSettings(str(tmp_path / name), QSettings.Format.IniFormat)


def test_the_demo_opens_on_a_sentence_with_a_difference(qtbot, tmp_path):
    args = build_parser([]).parse_args([])
    win = make_window(args, settings_file(tmp_path))
    win.interactive = False
    qtbot.addWidget(win)
    win.show()
    assert wait_until_loaded(win)
    qtbot.waitUntil(lambda: win.current_position not in (None, 0), timeout=5000)
    s = win.session
    assert not s.profile.disagrees(s.result(0, 0))       # the first sentence is perfect
    assert s.profile.disagrees(s.result(0, win.current_position))
    assert all(not s.profile.disagrees(s.result(0, r)) for r in range(win.current_position))


def test_an_explicit_goto_is_kept(qtbot, tmp_path):
    args = build_parser([]).parse_args(["--goto", "1"])
    win = make_window(args, settings_file(tmp_path))
    qtbot.addWidget(win)
    assert wait_until_loaded(win)
    qtbot.wait(50)
    assert win.current_position == 0


def test_the_window_fits_the_screen_and_comes_back_where_it_was(qtbot, tmp_path):
    from tcompare.gui.shell.window import MainWindow

    settings = settings_file(tmp_path)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    fit_to_screen(win, settings)
    screen = win.screen().availableGeometry()
    assert win.width() <= screen.width() and win.height() <= screen.height()
    win.resize(700, 500)
    win.show()
    size = (win.width(), win.height())      # (the window's minimum height may apply)
    win.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    fit_to_screen(again, settings)
    assert (again.width(), again.height()) == size != (screen.width(), screen.height())


def test_the_open_dialog_shows_every_file_first():
    first = actions.FILE_FILTER.split(";;")[0]
    assert first == "All files (*)"
    for ext in ("sinica", "tct", "psg", "pku", "sys", "gold", "conllu", "mrg"):
        assert f"*.{ext}" in actions.FILE_FILTER


def test_pictures_leave_out_the_selection_frame_and_marks(qtbot, window, tmp_path):  # noqa: F811
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.go_to(2)
    window.editor.cursor.move_selection("child")                  # the blue selection frame
    window.view.set_marks({"gold": (frozenset({1}), frozenset())})
    overlays = [i for i in window.view.scene.items() if i.data(OVERLAY_ROLE)]
    assert len(overlays) >= 2 and all(i.isVisible() for i in overlays)
    with_frames = window.view.render_image(1.0)
    window.view.set_marks({})
    window.editor.cursor.selection = type(window.editor.selection)()   # nothing selected
    window.editor.cursor.select(window.editor.selection)
    plain = window.view.render_image(1.0)
    assert with_frames == plain                                # the overlays were not drawn
    assert all(i.isVisible() for i in overlays if i.scene() is not None)
    svg = tmp_path / "s.svg"
    export_current(window, svg, "svg")
    text = svg.read_text(encoding="utf-8")
    assert re.search(r'fill="#ffffff"', text, re.IGNORECASE)   # an opaque background


def test_running_total_is_a_table_of_the_summary_and_the_report_is_folded(qtbot, window):  # noqa: F811
    assert open_and_wait(qtbot, window, DEMO / "sinica" / "gold.sinica",
                         [DEMO / "sinica" / "system.sinica"])
    table = window.sidebar.total_table
    summary = window.session.summary(0)
    shown = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    for key in window.session.profile.headline:
        assert shown[key.replace("_", " ")] == f"{summary.metrics[key]:.2f}"
    assert table.horizontalScrollBar().maximum() == 0          # nothing to scroll sideways
    assert not window.sidebar.total_scroll.isVisible()       # the report text is folded
    window.sidebar.report_box.setChecked(True)
    assert window.sidebar.total_scroll.isVisible()
    assert "Micro-P" in window.sidebar.total_text.text()      # as tcompare score prints it


def test_the_arc_view_fits_a_1280_pixel_screen(qtbot, window):  # noqa: F811
    assert open_and_wait(qtbot, window, DEMO / "conll" / "demo.gold.conllu",
                         [DEMO / "conll" / "demo.system.conllu"])
    assert window.minimumSizeHint().width() <= 1280
    window.resize(1280, 720)
    qtbot.wait(20)
    assert window.width() == 1280


def test_the_breakdown_dock_leaves_the_drawing_its_width(qtbot, window):  # noqa: F811
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    window.resize(1280, 720)
    width = window.view_stack.width()
    window.breakdown.action.trigger()
    window.breakdown.wait_idle()
    qtbot.wait(20)
    assert window.breakdown.isVisible()
    assert window.view_stack.width() >= width - 2          # under the trees, not beside them


def test_the_layout_follows_the_view_until_the_user_chooses_one(qtbot, window, tmp_path):  # noqa: F811
    """Issue 18 stacked a long sentence; issue 34: per sentence, the layout switched as the
    user stepped on.  Now the view's shape decides, the same for every sentence."""
    words = [f"w{i}" for i in range(40)]
    gold = "(S " + " ".join(f"(NP (DT {a}) (NN {b}))" for a, b in zip(words[::2], words[1::2])) + ")"
    system = "(S " + " ".join(f"(VP (DT {a}) (NN {b}))" for a, b in zip(words[::2], words[1::2])) + ")"
    short = "(S (NP (DT the) (NN cat)) (VP (VBD sat)))"
    (tmp_path / "g.mrg").write_text(gold + "\n" + short + "\n", encoding="utf-8")
    (tmp_path / "s.mrg").write_text(system + "\n" + short + "\n", encoding="utf-8")
    window.resize(1280, 720)
    assert open_and_wait(qtbot, window, tmp_path / "g.mrg", [tmp_path / "s.mrg"])
    assert window.view.layout_mode() == "stacked"                  # 40 words: one above the other
    assert window.actions_.layouts["stacked"].isChecked()          # and the toolbar says so
    window.go_to(2)
    assert window.view.layout_mode() == "stacked"                  # a short one too
    window.set_layout_mode("side")                                 # the user's choice ...
    window.go_to(1)
    assert window.view.layout_mode() == "side"                     # ... is kept


WSJ_40 = ("(TOP (S (SBAR (IN while) (S (NP (DT the) (NNP New) (NNP York) (NNP Stock) (NNP Exchange))"
          " (VP (VBD did) (RB n't) (VP (VB fall) (ADVP (RB apart)) (NP (NNP Friday))"
          " (SBAR (IN as) (S (NP (DT the) (NNP Dow) (NNP Jones) (NNP Industrial) (NNP Average))"
          " (VP (VBD plunged) (NP (NP (CD 190.58) (NNS points)) (PRN (: --) (NP (NP (JJS most))"
          " (PP (IN of) (NP (PRP it))) (PP (IN in) (NP (DT the) (JJ final) (NN hour)))) (: --))))))))))"
          " (, ,) (NP (PRP it)) (ADVP (RB barely)) (VP (VBD managed) (S (VP (TO to) (VP (VB stay)"
          " (NP (NP (DT this) (NN side)) (PP (IN of) (NP (NN chaos)))))))) (. .)))")


def forty_word_pair(tmp_path: Path, short_first: bool = False) -> tuple[Path, Path]:
    """WSJ 23's second sentence (40 words, 15 rows deep) and a system that attaches the
    ADVP lower, and a short sentence (after it, or before it)."""
    system = WSJ_40.replace("(ADVP (RB apart)) (NP (NNP Friday))",
                            "(NP (ADVP (RB apart)) (NNP Friday))")
    assert system != WSJ_40
    short = "(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat))))"
    gold, sys_ = tmp_path / "g40.mrg", tmp_path / "s40.mrg"
    order = (lambda long: [short, long]) if short_first else (lambda long: [long, short])
    gold.write_text("\n".join(order(WSJ_40)) + "\n", encoding="utf-8")
    sys_.write_text("\n".join(order(system)) + "\n", encoding="utf-8")
    return gold, sys_


def whole_drawing_in_sight(view) -> bool:
    canvas = view.canvas
    shown = canvas.mapToScene(canvas.viewport().rect()).boundingRect().adjusted(-1, -1, 1, 1)
    return shown.contains(view.scene.itemsBoundingRect())


def test_one_systems_f1_is_in_sight_at_1280_pixels(qtbot, window, tmp_path):  # noqa: F811
    # thousands of sentences: the "#" column is as wide as on WSJ 23, where F1 was cut off
    for name in ("gold.mrg", "system.mrg"):
        (tmp_path / name).write_text((DEMO / "ptb" / name).read_text(encoding="utf-8") * 400,
                                     encoding="utf-8")
    assert open_and_wait(qtbot, window, tmp_path / "gold.mrg", [tmp_path / "system.mrg"])
    window.resize(1280, 720)
    qtbot.wait(50)
    table = window.table
    column = window.table_model.column_index("fmeasure")
    right = table.horizontalHeader().sectionViewportPosition(column) + table.columnWidth(column)
    assert right <= table.viewport().width()
