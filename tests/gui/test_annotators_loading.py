"""File › Open annotators' files… reads the files off the GUI thread behind a cancellable
progress dialog (the window stays responsive; the document is the one read in the GUI
thread), and two windows adjudicating into one curated file are guarded by its lock
(pytest-qt, offscreen).  Issue 29 polish."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QDialog, QPushButton

from gui_helpers import new_window
from test_adjudication import three_conllu
from tcompare.editing.curated_lock import lock_path
from tcompare.gui.annotation import annotators_load, menu as annotation_menu
from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.workspace.annotators import AnnotatorsDocument

pytestmark = pytest.mark.issue(29)


def many_conllu(tmp_path: Path, copies: int) -> list[str]:
    """three_conllu's annotators, each sentence `copies` times (its sent_id numbered)."""
    out = []
    for path in three_conllu(tmp_path):
        text = path.read_text(encoding="utf-8")
        blocks = [b for b in text.split("\n\n") if b.strip()]
        body = "".join(re.sub(r"# sent_id = (\S+)", rf"# sent_id = \1-{k}", block) + "\n\n"
                       for k in range(copies) for block in blocks)
        big = path.with_name(f"big-{path.name}")
        big.write_text(body, encoding="utf-8")
        out.append(str(big))
    return out


def table(win: AnnotatorsWindow) -> list[list[str]]:
    return [[win.table.item(r, c).text() for c in range(4)] for r in range(win.table.rowCount())]


def test_the_menu_reads_in_a_thread_with_progress_and_the_same_result(qtbot, tmp_path, monkeypatch):
    paths = many_conllu(tmp_path, 500)                       # 1500 sentences x 3 (EWT test: 2077)
    main = new_window(qtbot, tmp_path)
    opens = []

    class Accepted(annotation_menu.AnnotatorsDialog):        # the dialog, answered
        def exec(self) -> int:
            self.set_files(paths)
            opens.append(self)
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(annotation_menu, "AnnotatorsDialog", Accepted)
    menu = main.annotation
    ticks: list[bool] = []              # per 10 ms of the GUI thread's timer: was the reading on?
    ticked = threading.Event()          # three ticks while the reading was on

    def tick() -> None:
        ticks.append(menu.load is not None)
        if ticks.count(True) >= 3:
            ticked.set()

    # the reader waits for the GUI thread's timer before it reads: on a fast machine the files
    # are read in less than three ticks; read in the GUI thread, the timer could not tick
    # (the wait would time out and the count below fail)
    def waiting_document(*args, **kwargs):
        ticked.wait(10)
        return AnnotatorsDocument(*args, **kwargs)

    monkeypatch.setattr(annotators_load, "AnnotatorsDocument", waiting_document)
    clock = QElapsedTimer()
    timer = QTimer()
    timer.timeout.connect(tick)
    clock.start()
    timer.start(10)
    main.annotation.open_action.trigger()
    started = clock.elapsed()
    load = menu.load
    assert load is not None and load.isRunning()             # the action returned at once
    assert started < 1000
    progress = main.findChild(QDialog, "annotators_progress")
    assert progress is not None and progress.isVisible()
    seen = []
    load.progress.connect(lambda value, stage, *_: seen.append((value, stage)))
    qtbot.waitUntil(lambda: menu.load is None, timeout=60000)
    timer.stop()
    win = menu.windows[-1]
    qtbot.addWidget(win)
    assert isinstance(win, AnnotatorsWindow) and win.isVisible()
    assert menu.progress is None
    qtbot.waitUntil(lambda: main.findChild(QDialog, "annotators_progress") is None)   # closed, deleted
    # the GUI thread ran its timer while the files were read (read in it, it could not)
    assert ticks.count(True) >= 3, ticks
    assert {stage for _v, stage in seen} >= {"compare"} and all(0 <= v <= 100 for v, _s in seen)
    # the same document as one read in the GUI thread
    plain = AnnotatorsDocument(paths)
    assert win.doc.rows == plain.rows and win.doc.unpaired == plain.unpaired
    assert all(win.doc.disagreements(r) == plain.disagreements(r) for r in range(len(plain)))
    synchronous = menu.open_annotators(paths, curated=str(tmp_path / "other.conllu"))
    qtbot.addWidget(synchronous)
    assert table(win) == table(synchronous) and len(table(win)) == 1500
    assert [win.table.item(r, 1).text() for r in range(3)] == ["1", "3", "2"]


def test_cancel_stops_the_reading_and_opens_nothing(qtbot, tmp_path):
    paths = many_conllu(tmp_path, 1000)
    main = new_window(qtbot, tmp_path)
    menu = main.annotation
    load = menu.start_annotators(paths)
    menu.progress.findChild(QPushButton).click()             # the dialog's Cancel button, at once
    cancelled_at = time.perf_counter()
    qtbot.waitUntil(lambda: menu.load is None, timeout=60000)
    assert load.cancelled and menu.windows == []
    assert time.perf_counter() - cancelled_at < 2        # stopped between steps, not at the end
    assert "cancelled" in menu.last_error
    assert not Path(paths[0]).with_name("big-a.curated.conllu").exists()   # nothing written
    # the menu works again after a cancel
    shown = menu.start_annotators([str(p) for p in three_conllu(tmp_path)])
    qtbot.waitUntil(lambda: menu.load is None, timeout=60000)
    assert not shown.cancelled and len(menu.windows) == 1
    qtbot.addWidget(menu.windows[0])


def test_an_unreadable_file_is_said_after_the_thread(qtbot, tmp_path):
    main = new_window(qtbot, tmp_path)
    menu = main.annotation
    files = [str(p) for p in three_conllu(tmp_path)]
    menu.start_annotators([files[0], str(tmp_path / "missing.conllu")])
    qtbot.waitUntil(lambda: menu.load is None, timeout=60000)
    assert "missing.conllu" in menu.last_error and menu.windows == []


def test_two_windows_on_one_curated_file(qtbot, tmp_path):
    files = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    first = AnnotatorsWindow(AnnotatorsDocument(files), curated, interactive=False)
    second = AnnotatorsWindow(AnnotatorsDocument(files), curated, interactive=False)
    for win in (first, second):
        qtbot.addWidget(win)
        win.show()
    first.take(1, whole=True)                                # B's sentence: the lock is first's
    assert first.doc.adjudication is not None and lock_path(curated).exists()
    before = curated.read_bytes()
    second.take(2, whole=True)
    assert second.doc.adjudication is None
    assert "is being adjudicated by" in second.last_message and str(lock_path(curated)) in second.last_message
    assert "You can browse the disagreements here" in second.last_message
    second.step(1)                                           # browsing goes on
    assert second.row == 1
    assert curated.read_bytes() == before
    first.close()                                            # closing lets the other decide
    assert not lock_path(curated).exists()
    second.take(2, whole=True)
    assert second.doc.adjudication is not None
    # first's unsaved decision came from the journal: nothing lost between the two
    assert second.doc.adjudication.decided(0) and second.doc.curated_text(0) == second.doc.text(0, 1)
    assert "B" in [d.taken for d in second.doc.adjudication.decisions]
    second.close()
    assert not lock_path(curated).exists()


def test_a_reopened_window_opens_the_existing_curated_file_or_says_who_holds_it(qtbot, tmp_path):
    files = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    first = AnnotatorsWindow(AnnotatorsDocument(files), curated, interactive=False)
    qtbot.addWidget(first)
    first.take(0, whole=True)
    assert first.save()
    second = AnnotatorsWindow(AnnotatorsDocument(files), curated, interactive=False)   # the file exists
    qtbot.addWidget(second)
    assert second.doc.adjudication is None and "is being adjudicated by" in second.last_message
    assert second.statusBar().currentMessage() == second.last_message
    first.close()
