"""File › Grade a class… grades off the GUI thread (issue 32, polish): the window keeps
answering while the class is graded, Cancel stops between two students, and the grades
are the ones `analysis.grading.grade_class` (the CLI's code) computes."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPushButton

from tcompare import formats
from tcompare.analysis import grading
from tcompare.gui.teaching.grading import open_grading
from tcompare.gui.teaching.grading_setup import GradeRequest, grade
from tcompare.scoring import profiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from grading_class import SINICA, make_class  # noqa: E402

pytestmark = [pytest.mark.issue(32),
              pytest.mark.skipif(not SINICA.exists(), reason="anchors not available")]

RULE = "A:90,B:80,C:70,D:60,F:0"


@pytest.fixture
def slow_class(tmp_path, monkeypatch):
    """The Sinica class, each student taking 0.15 s more, and where each was graded."""
    gold_path, cls, _ = make_class(tmp_path)
    real = grading.grade_student
    threads: list[int] = []

    def slow(*args, **kwargs):
        threads.append(threading.get_ident())
        time.sleep(0.15)
        return real(*args, **kwargs)

    monkeypatch.setattr(grading, "grade_student", slow)
    return gold_path, cls, threads


def test_grading_runs_off_the_gui_thread_and_the_window_answers(qtbot, slow_class):
    gold_path, cls, threads = slow_class
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    labels: list[str] = []
    start = time.perf_counter()
    grades, problem = grade(GradeRequest(str(gold_path), [str(cls)], None, "thresholds", RULE),
                            started=lambda job, dialog: job.progress.connect(
                                lambda *_: labels.append(dialog.labelText())))
    elapsed = time.perf_counter() - start
    timer.stop()
    assert problem == "" and grades is not None and len(grades.students) == 7
    assert len(threads) == 7 and threading.get_ident() not in threads
    # the GUI thread's timer kept firing while the students were graded (0.15 s each)
    assert elapsed > 7 * 0.15
    # (grading in the GUI thread let it fire once per student: 7 times, 0.15 s apart; the
    # bounds leave room for a loaded machine)
    gaps = sorted(b - a for a, b in zip(ticks, ticks[1:]))
    assert len(ticks) > 20 and gaps[len(gaps) * 9 // 10] < 0.08
    # the same grades as the CLI's code computes in one thread
    gold = formats.read_file(gold_path)
    profile = profiles.get("sighan2012")
    expected = grading.grade_class(gold, grading.collect_submissions([str(cls)], str(gold_path)),
                                   profile, profile.prepare({}), grading.parse_thresholds(RULE))
    assert [(s.name, s.figures, s.grade, [(c.state, c.value, c.right) for c in s.cells])
            for s in grades.students] == [
        (s.name, s.figures, s.grade, [(c.state, c.value, c.right) for c in s.cells])
        for s in expected.students]
    assert [(m.name, m.occurrences) for m in grades.mistakes] == [
        (m.name, m.occurrences) for m in expected.mistakes]


def test_cancel_stops_between_students_and_opens_no_window(qtbot, slow_class):
    gold_path, cls, threads = slow_class
    seen: list[int] = []

    def started(job, dialog):
        def progressed(k, _total, _name):
            seen.append(k)
            if k == 1:
                dialog.findChild(QPushButton).click()      # the Cancel button
        job.progress.connect(progressed)

    request = GradeRequest(str(gold_path), [str(cls)], None, "thresholds", RULE)
    grades, problem = grade(request, started=started)
    assert (grades, problem) == (None, "")
    assert len(threads) < 7                    # it stopped before the class was through
    # open_grading: a cancelled grading is no error and opens no window
    import tcompare.gui.teaching.grading as window_module

    warned: list[str] = []
    monkey_warning = window_module.QMessageBox.warning
    window_module.QMessageBox.warning = staticmethod(lambda *a: warned.append(a[2]))
    try:
        original = window_module.grade
        window_module.grade = lambda req, parent=None: grade(req, parent, started)
        try:
            seen.clear()
            assert open_grading(None, request=request) is None
        finally:
            window_module.grade = original
    finally:
        window_module.QMessageBox.warning = monkey_warning
    assert warned == []


def test_a_bad_submission_list_is_said_not_raised(qtbot, tmp_path):
    gold_path, cls, _ = make_class(tmp_path)
    grades, problem = grade(GradeRequest(str(gold_path), [str(tmp_path / "nobody")], None,
                                         "thresholds", RULE))
    assert grades is None and problem == f"{tmp_path / 'nobody'}: no such file or folder"


def test_the_threaded_grades_are_tcompare_grades_json(qtbot, tmp_path, capfd):
    import json

    from tcompare.cli import main as cli_main
    from tcompare.cli.grade import to_json

    gold_path, cls, _ = make_class(tmp_path)
    grades, problem = grade(GradeRequest(str(gold_path), [str(cls)], None, "linear", "50:0,95:20"))
    assert problem == ""
    capfd.readouterr()
    code = cli_main(["grade", str(gold_path), str(cls), "--linear", "50:0,95:20",
                     "--output", "json"])
    out, err = capfd.readouterr()
    assert code == 0, err
    assert json.loads(json.dumps(to_json(grades, str(gold_path)))) == json.loads(out)


@pytest.fixture
def chinese(qapp):
    from tcompare.gui.language import i18n

    i18n.install(qapp, "zh_CN")
    yield
    i18n.install(qapp, "en")


def test_the_window_in_chinese_says_the_messages_and_the_rule_in_chinese(qtbot, tmp_path,
                                                                         chinese):
    from tcompare.gui.teaching.grading import GradingWindow

    gold_path, cls, _ = make_class(tmp_path)
    grades, problem = grade(GradeRequest(str(gold_path), [str(cls)], None, "thresholds", RULE))
    win = GradingWindow(grades)
    qtbot.addWidget(win)
    dai = [s.name for s in grades.students].index("dai")
    tip = win.book.item(dai, 0).toolTip()
    assert f"{cls / 'dai.sinica'}:5:84：短语之后应为 '|' 或 ')'，却是 '#'" in tip
    assert "after a phrase" not in tip
    win.show_feedback(dai)
    page = win.feedback.toPlainText()
    assert "分数线：A ≥ 90，B ≥ 80，C ≥ 70，D ≥ 60，F ≥ 0" in page and "thresholds" not in page
    assert "短语之后应为" in page
