"""The annotators' window (File › Open annotators' files…): three annotators on one word
axis, the field filter, F8, adjudication by keyboard, and a kill -9 that loses nothing
(pytest-qt, offscreen).  Files: tests/test_adjudication.py's hand-made annotators."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gui_helpers import new_window
from test_adjudication import three_conllu, three_ptb
from tcompare.editing import journal
from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.workspace.annotators import AnnotatorsDocument

pytestmark = pytest.mark.issue(29)
ROOT = Path(__file__).resolve().parents[2]
K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def press(qtbot, win, *keys):
    for key in keys:
        key, mods = key if isinstance(key, tuple) else (key, Qt.KeyboardModifier.NoModifier)
        qtbot.keyClick(win, key, mods)


def opened(qtbot, tmp_path, files, **kw) -> AnnotatorsWindow:
    win = AnnotatorsWindow(AnnotatorsDocument(files, **kw), tmp_path / "curated.out", interactive=False)
    qtbot.addWidget(win)
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    return win


def test_file_menu_opens_three_annotators(qtbot, tmp_path):
    main = new_window(qtbot, tmp_path)
    texts = [a.text() for a in main.actions_.menus["file"].actions()]
    assert any("annotators" in t for t in texts)
    shown = main.annotation.open_annotators([str(p) for p in three_conllu(tmp_path)])
    qtbot.addWidget(shown)
    assert shown.isVisible() and len(shown.view.bands) == 3
    assert [shown.table.item(r, 1).text() for r in range(3)] == ["1", "3", "2"]
    assert shown.row == 0 and shown.current_item().start == 2          # the first disagreement
    assert main.annotation.open_annotators([str(three_conllu(tmp_path)[0])]) is None
    assert "at least two" in main.annotation.last_error


def test_f8_and_the_field_filter(qtbot, tmp_path):
    win = opened(qtbot, tmp_path, three_conllu(tmp_path))
    press(qtbot, win, K.Key_F8)
    assert (win.row, win.item_index) == (1, 0)
    press(qtbot, win, K.Key_F8, K.Key_F8, K.Key_F8)
    assert (win.row, win.item_index) == (2, 0)
    press(qtbot, win, (K.Key_F8, SHIFT))
    assert (win.row, win.item_index) == (1, 2)
    press(qtbot, win, (K.Key_L, CTRL | SHIFT))                 # label only
    assert win.filter.currentIndex() == 2
    assert [win.table.item(r, 1).text() for r in range(3)] == ["", "3", "1"]
    press(qtbot, win, K.Key_F8)
    assert (win.row, win.current_item().start) == (2, 3)
    press(qtbot, win, (K.Key_P, CTRL | SHIFT))                  # POS only
    assert [win.table.item(r, 1).text() for r in range(3)] == ["", "", "1"]
    # the drawing frames exactly the items the filter keeps
    assert [(d.start, d.fields) for d in win.view.items] == [(0, ("pos",))]


def test_adjudication_by_keyboard_then_save(qtbot, tmp_path):
    a, b, c = three_conllu(tmp_path)
    win = opened(qtbot, tmp_path, [a, b, c])
    curated = tmp_path / "curated.out"
    assert not curated.exists()                  # made at the first decision
    press(qtbot, win, K.Key_2)                   # B's head of "not"; moves on to the next item
    assert curated.exists() and (win.row, win.item_index) == (1, 0)
    assert win.table.item(0, 2).text() == "1"
    assert len(win.view.bands) == 4 and win.view.bands[-1].kind == "curated"
    press(qtbot, win, (K.Key_3, CTRL))           # C's whole sentence 2
    assert win.doc.curated_text(1) == win.doc.text(1, 2)
    press(qtbot, win, (K.Key_Z, CTRL))           # undo it
    assert win.doc.curated_text(1) == win.doc.text(1, 0)
    win.show_row(2, 0)
    win.edit()                                   # E: the dialog (not shown when not interactive)
    assert win.apply_edit(win.edit_text.toPlainText().replace("\tPRON\tPN", "\tPROPN\tPN"))
    press(qtbot, win, (K.Key_S, CTRL))
    saved = curated.read_text(encoding="utf-8")
    assert "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod" in saved and "\tPROPN\tPN\t" in saved
    assert not journal.load_all(curated)
    win.tabs.setCurrentIndex(1)                  # changes by annotator
    assert win.changes_table.rowCount() == 3
    assert win.changes_table.item(0, 1).text() == "2"       # A: "not", 他
    assert "LAS 94.12" in win.changes_table.item(0, 3).text()
    assert win.save_changes_csv(str(tmp_path / "changes.csv"))
    assert (tmp_path / "changes.csv").read_text(encoding="utf-8").count("\n") == 1 + sum(
        int(win.changes_table.item(r, 1).text()) for r in range(3))


def test_constituency_three_annotators_drawn_and_taken(qtbot, tmp_path):
    win = opened(qtbot, tmp_path, three_ptb(tmp_path))
    assert [d.kind for d in win.items()] == ["word", "span", "span", "span"]
    assert win.view.width() > 300 and win.view.height() > 150
    fitted = win.view.width()
    press(qtbot, win, (K.Key_Equal, CTRL))
    assert win.view.width() > fitted
    press(qtbot, win, (K.Key_0, CTRL))
    assert win.view.width() == fitted
    press(qtbot, win, K.Key_Right, K.Key_Right, K.Key_Right)   # the PP / ADVP item
    assert win.current_item().fields == ("label",)
    press(qtbot, win, K.Key_3)
    assert "(ADVP (IN on)" in win.doc.curated_text(0)
    assert win.item_index == 0                                  # taken: on to the next item
    press(qtbot, win, K.Key_Right, K.Key_Right, K.Key_Right)
    assert win.item_table.item(3, 2).text() == "[ADVP]"         # the curated row
    win.tabs.setCurrentIndex(1)
    # C against the curated file (A's trees with C's ADVP): every bracket of both sentences,
    # 7 of 8 tags (not its VBN for "sat")
    assert win.changes_table.item(2, 3).text() == "F1 100.00  POS 87.50"


CHILD = r"""
import sys, time
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
app = QApplication([])
from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.workspace.annotators import AnnotatorsDocument
a, b, c, curated = sys.argv[1:5]
win = AnnotatorsWindow(AnnotatorsDocument([a, b, c]), curated, interactive=False)
win.show()
app.processEvents()
QTest.keyClick(win, Qt.Key.Key_2)
QTest.keyClick(win, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
print("DECIDED", flush=True)
while True:
    app.processEvents()
    time.sleep(0.01)
"""


def test_kill_9_in_the_window_loses_nothing(qtbot, tmp_path):
    a, b, c = three_conllu(tmp_path)
    curated = tmp_path / "curated.out"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(a), str(b), str(c), str(curated)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "DECIDED", child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert curated.read_bytes() == a.read_bytes()
    win = opened(qtbot, tmp_path, [a, b, c])       # the journal is found and restored
    doc = win.doc
    assert doc.adjudication is not None and doc.adjudication.unsaved == {0, 1}
    assert "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod" in doc.curated_text(0)
    assert doc.curated_text(1) == doc.text(1, 2)
    assert [win.table.item(r, 2).text() for r in range(3)] == ["1", "1", ""]
    assert win.save()
    assert doc.text(1, 2) in curated.read_text(encoding="utf-8")


def test_the_parsers_version_is_drawn_and_taken(qtbot, tmp_path):
    a, b, c = three_conllu(tmp_path)
    parser = tmp_path / "parser.conllu"
    parser.write_text(b.read_text(encoding="utf-8").replace(
        "1\tShe\tshe\tPRON\tPRP\tCase=Nom|Number=Sing|Person=3\t4\tnsubj",
        "1\tShe\tshe\tPRON\tPRP\tCase=Nom|Number=Sing|Person=3\t4\texpl"), encoding="utf-8")
    win = opened(qtbot, tmp_path, [a, b, c], parser=parser)
    assert [band.kind for band in win.view.bands] == ["annotator", "annotator", "annotator", "parser"]
    # the parser takes no part in the disagreements ("She" is not an item), but its value shows
    assert [d.start for d in win.items()] == [2]
    assert win.item_table.item(3, 0).text() == "P"
    assert win.item_table.item(3, 2).text() == "→can#2 advmod PART _"
    press(qtbot, win, K.Key_P)
    assert "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod" in win.doc.curated_text(0)
    win.show_row(0)
    press(qtbot, win, (K.Key_P, CTRL))
    assert win.doc.curated_text(0) == win.doc.text(0, 3)
    assert win.doc.adjudication.decisions[-1].taken == "parser"


def test_the_recovery_offer_is_the_editors_and_its_choice_is_kept(qtbot, tmp_path, monkeypatch):
    from tcompare.gui.annotation import curated_file
    a, b, c = three_conllu(tmp_path)
    curated = tmp_path / "curated.out"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(a), str(b), str(c), str(curated)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "DECIDED"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    offered = []

    class Choice:                       # the editor's RecoveryDialog, answered "restore sentence 2"
        def __init__(self, offer, parent=None):
            offered.append(offer)
            self.answer = "restore"

        def exec(self):
            return 1

        def chosen_rows(self):
            return {1}

    monkeypatch.setattr(curated_file, "RecoveryDialog", Choice)
    win = AnnotatorsWindow(AnnotatorsDocument([a, b, c]), curated, interactive=True)
    win.interactive = False             # no question on closing at the test's end
    qtbot.addWidget(win)
    assert offered[0].numbers == [1, 2]
    doc = win.doc
    assert doc.adjudication.unsaved == {1}
    assert doc.curated_text(0) == doc.text(0, 0) and doc.curated_text(1) == doc.text(1, 2)
    assert [d.sentence for d in doc.adjudication.decisions] == [2]


def test_versions_with_other_words_get_an_axis_of_their_own(qtbot, tmp_path):
    a, b, c = three_ptb(tmp_path)
    c.write_text(c.read_text(encoding="utf-8").replace("(NN mat)", "(NN rug)"), encoding="utf-8")
    win = opened(qtbot, tmp_path, [a, b, c])
    assert [d.kind for d in win.items()] == ["sentence"]
    assert [band.title[0] for band in win.view.bands] == ["A", "B"]
    assert win.others[0].isVisible() and [band.title[0] for band in win.others[0].bands] == ["C"]
    assert win.others[0].words[-1] == "rug"
    win.show_row(1)                                # the same words again: one axis
    assert len(win.view.bands) == 3 and not win.others[0].isVisible()
