"""File › Grade a class… (issue 32 item 1): the window shows the numbers `tcompare grade`
computes, F8 goes from student to student on one sentence, the most common mistake is
presented full screen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from gui_helpers import window  # noqa: F401  (fixture)
from tcompare import formats
from tcompare.analysis import grading
from tcompare.gui.teaching.grading import GradingWindow, open_grading
from tcompare.gui.teaching.grading_setup import GradeRequest
from tcompare.scoring import profiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from grading_class import SINICA, make_class  # noqa: E402

pytestmark = [pytest.mark.issue(32),
              pytest.mark.skipif(not SINICA.exists(), reason="anchors not available")]


@pytest.fixture
def graded(tmp_path):
    gold_path, cls, expect = make_class(tmp_path)
    gold = formats.read_file(gold_path)
    profile = profiles.get("sighan2012")
    paths = grading.collect_submissions([str(cls)], str(gold_path))
    return gold_path, cls, grading.grade_class(gold, paths, profile, profile.prepare({}))


def test_the_window_shows_the_class_as_grade_computes_it(qtbot, graded):
    gold_path, cls, expected = graded
    win = open_grading(None, request=GradeRequest(str(gold_path), [str(cls)], None,
                                                  "thresholds", "A:90,B:80,C:70,D:60,F:0"))
    qtbot.addWidget(win)
    assert win is not None and win.grades.profile.name == "sighan2012"
    book = win.book
    assert book.rowCount() == len(expected.students) == 7
    header = [book.horizontalHeaderItem(c).text() for c in range(book.columnCount())]
    f1 = header.index("micro F1")           # (the figure named as the sidebar names it)
    for row, s in enumerate(expected.students):
        assert book.item(row, 0).text() == s.name
        assert book.item(row, f1).text() == (f"{s.figures['micro_F1']:.2f}" if s.figures else "–")
        assert book.item(row, len(header) - 1).text() == s.grade
    assert win.mistakes.item(0, 0).text() == expected.mistakes[0].name
    # a click on the heat map opens that student's sentence: dai, sentence 5 cannot be read
    heat = win.heat
    dai = [s.name for s in win.grades.students].index("dai")
    qtbot.mouseClick(heat, Qt.MouseButton.LeftButton, pos=heat.cell_rect(dai, 5).center())
    assert win.tabs.currentWidget() is win.sentence_tab
    assert (win.student, win.sentence) == (dai, 5)
    assert "cannot be read" in win.cell_text.text() and "dai.sinica:5:" in win.cell_text.text()


def test_f8_goes_from_student_to_student_on_one_sentence(qtbot, graded):
    _, _, grades = graded
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=3000)     # window shortcuts need it active
    win.show_cell(0, 3)
    seen = []
    for _ in range(len(grades.students)):
        qtbot.keyClick(win, Qt.Key.Key_F8)
        seen.append((win.student, win.sentence))
    assert seen == [(k % 7, 3) for k in range(1, 8)]          # every student, then round
    qtbot.keyClick(win, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert (win.student, win.sentence) == (6, 3)
    # bo relabelled sentence 4's first NP: drawn with the scorer's result of that cell
    bo = [s.name for s in grades.students].index("bo")
    win.show_cell(bo, 4)
    assert win.view.pair_layout() is not None
    assert win.cell_text.text().startswith("bo, sentence 4: handed in, ")
    assert not grades.students[bo].cells[3].right
    qtbot.keyClick(win, Qt.Key.Key_PageDown)
    assert (win.student, win.sentence) == (bo, 5)
    # the class on this sentence: one row per student, its state or figure; a click goes there
    rows = [win.class_list.item(k).text() for k in range(win.class_list.count())]
    marks = {"missing": "·", "unreadable": "✗", "mismatch": "≠"}

    def shown(c):
        return "✓ 100" if c.right else marks[c.state] if c.state in marks else f"{c.value:.0f}"

    expected = [shown(s.cells[4]) for s in grades.students]
    assert rows == [f"{s.name}   {e}" for s, e in zip(grades.students, expected)]
    assert win.class_list.currentRow() == bo
    win.class_list.setCurrentRow(5)
    assert (win.student, win.sentence) == (5, 5)


def test_feedback_page_and_the_most_common_mistake_presented(qtbot, graded):
    _, _, grades = graded
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=3000)
    win.show_feedback(2, switch=True)
    text = win.feedback.toPlainText()
    assert "Feedback: chen" in text and "3 missing" in text
    assert win.present_mistake(0) and win.presenting
    top = grades.mistakes[0]
    assert top.name in win.caption.text() and win.caption.isVisible()
    student, sentence = win.example_of(top)
    assert (grades.students[win.student].name, win.sentence) == (student, sentence)
    assert (student, sentence) in top.examples
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert not win.presenting and not win.caption.isVisible()


def test_heat_map_keyboard_and_tooltip_text(qtbot, graded):
    _, _, grades = graded
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    win.show()
    heat = win.heat
    heat.setFocus()
    heat.current = (0, 1)
    qtbot.keyClick(heat, Qt.Key.Key_Down)
    qtbot.keyClick(heat, Qt.Key.Key_Right)
    with qtbot.waitSignal(heat.cell_chosen) as blocker:
        qtbot.keyClick(heat, Qt.Key.Key_Return)
    assert blocker.args == [1, 2]
    assert heat.cell_at(heat.cell_rect(3, 18).center()) == (3, 18)
    assert heat.cell_at(QPoint(1, 1)) is None
    eve = [s.name for s in grades.students].index("eve")
    assert heat.describe(eve, 1) == "eve, sentence 1: missing, 0.00"


def test_file_menu_has_grade_a_class(window):  # noqa: F811
    menu = window.menuBar().actions()[0].menu()
    assert window.actions_.grade_class in menu.actions()
    assert window.actions_.grade_class.text() == "&Grade a class…"


def test_setup_dialog_request_and_a_bad_rule_said(qtbot, graded):
    from tcompare.gui.teaching.grading_setup import grade
    from tcompare.gui.teaching.grading_setup import GradeSetupDialog

    gold_path, cls, _ = graded
    dialog = GradeSetupDialog()
    qtbot.addWidget(dialog)
    dialog.gold.setText(str(gold_path))
    assert dialog.profile.currentText() == "sighan2012"       # the notation's default
    # the profiles that read Sinica, less phenomena (it grades no trees)
    assert [dialog.profile.itemText(i) for i in range(dialog.profile.count())] == ["sighan2012"]
    dialog.submissions.setText(f"{cls / 'ann.sinica'} ; {cls / 'bo.sinica'}")
    dialog.rule_kind.setCurrentIndex(dialog.rule_kind.findData("linear"))
    assert dialog.rule.text() == "50:0,95:20"
    request = dialog.request()
    assert request.submissions == [str(cls / "ann.sinica"), str(cls / "bo.sinica")]
    grades, problem = grade(request)
    assert problem == "" and [s.grade for s in grades.students] == ["20", grades.rule.grade(
        grades.students[1].figures["micro_F1"])]
    request.rule = "60:10,60:20"
    grades, problem = grade(request)
    assert grades is None and "the two figures of a line must differ" in problem


def test_the_window_writes_what_tcompare_grade_writes(qtbot, graded, tmp_path, capfd):
    from tcompare.cli import main as cli_main

    gold_path, cls, grades = graded
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    book = win.outputs.save_gradebook(str(tmp_path / "book.csv"))
    folder = win.outputs.write_feedback(str(tmp_path / "fb"), "drawing")
    summary = win.outputs.save_summary(str(tmp_path / "class.html"))
    assert (book, folder, summary) == (str(tmp_path / "book.csv"), str(tmp_path / "fb"),
                                       str(tmp_path / "class.html"))
    capfd.readouterr()
    assert cli_main(["grade", str(gold_path), str(cls), "--output", "csv", "--feedback",
                     str(tmp_path / "cli"), "--level", "drawing",
                     "--summary", str(tmp_path / "cli.html")]) == 0
    out, _ = capfd.readouterr()
    assert (tmp_path / "book.csv").read_text() == out
    assert (tmp_path / "class.html").read_bytes() == (tmp_path / "cli.html").read_bytes()
    for page in (tmp_path / "cli").iterdir():
        assert (tmp_path / "fb" / page.name).read_bytes() == page.read_bytes()
    # a folder that cannot be made is said, nothing raised
    (tmp_path / "file").write_text("")
    from unittest import mock

    with mock.patch("tcompare.gui.teaching.grading_output.QMessageBox.warning") as warned:
        assert win.outputs.write_feedback(str(tmp_path / "file" / "sub"), "score") == ""
    assert warned.called


def test_every_control_of_the_grading_windows_has_a_name(qtbot, graded):
    """A screen reader names every control (gui/language/a11y.py's rule for the window)."""
    from tcompare.gui.language import a11y
    from tcompare.gui.teaching.grading_setup import GradeSetupDialog

    _, _, grades = graded
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    win.show()
    dialog = GradeSetupDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert a11y.unnamed(win) == [] and a11y.unnamed(dialog) == []
    assert win.heat.accessibleName() == "Heat map of the class"
    win.heat.setFocus()
    qtbot.keyClick(win.heat, Qt.Key.Key_Right)
    assert win.heat.accessibleDescription().startswith("ann, sentence 2: handed in")
