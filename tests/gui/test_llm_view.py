"""File › Open LLM output…: both policies, the answers' faults, changed words marked
(issue 31 item 3)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QFileDialog  # noqa: E402

from gui_helpers import open_and_wait, window  # noqa: E402,F401
from tcompare.gui.analysis.llm_view import LlmWindow, words_rich_text  # noqa: E402
from tcompare.workspace.llm_output import run_llm  # noqa: E402

GOLD = ("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n"
        "(S (NP (PRP it)) (VP (VBD ran) (ADVP (RB fast))))\n"
        "(S (NP (PRP we)) (VP (VBD left)))\n")
ANSWERS = ("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n"
           "(S (NP (PRP it)) (VP (VBD runs) (ADVP (RB fast))))\n"
           "(S (NP (PRP we)) (VP (VBD left) (ADVP (RB early))))\n")


@pytest.fixture
def run(tmp_path):
    (tmp_path / "gold.mrg").write_text(GOLD)
    (tmp_path / "gpt.txt").write_text(ANSWERS)
    return run_llm(str(tmp_path / "gold.mrg"), [str(tmp_path / "gpt.txt")])


def test_the_window_marks_changed_words_and_names_both_policies(qtbot, run):
    win = LlmWindow(run)
    qtbot.addWidget(win)
    win.show()
    assert win.table.rowCount() == 3
    # the first unfaithful sentence is shown first, its changed word marked
    assert win.table.currentRow() == 1
    assert "ran → runs" in win.words.text() and "background: #fff1c2" in win.words.text()
    assert "word written back: word 2 &#x27;runs&#x27; -&gt; &#x27;ran&#x27;" in win.repairs.text()
    summary = win.summary.text()
    assert "<b>strict</b>" in summary and "<b>repaired</b>" in summary
    headers = [win.table.horizontalHeaderItem(c).text() for c in range(5)]
    assert headers[3:] == ["fmeasure (strict)", "fmeasure (repaired)"]
    assert [win.table.item(r, 2).text() for r in range(3)] == ["faithful", "changed 1", "added 1"]
    assert win.table.item(1, 3).text() == "0.00" and win.table.item(1, 4).text() == "100.00"
    # F8: the next sentence with a fault; the drawing follows with the repaired answer
    win.next_fault(1)
    assert win.table.currentRow() == 2
    assert "+early" in win.words.text() and "text-decoration: underline" in win.words.text()
    assert win.system.report.sentences[2].results["repaired"].data["repaired_item"].words == ["we", "left"]
    win.next_fault(1)
    assert win.table.currentRow() == 1


def test_words_rich_text_marks_every_kind(run):
    s = run.systems[0].report.sentences[2]
    assert words_rich_text(s) == ("we&nbsp; left&nbsp; <span style='text-decoration: underline; "
                                  "color: #0b6b0b; background: #e6f4e6;'>+early</span>")


def test_file_menu_opens_llm_output_against_the_open_gold(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    (tmp_path / "gold.mrg").write_text(GOLD)
    (tmp_path / "gpt.txt").write_text(ANSWERS)
    open_and_wait(qtbot, window, tmp_path / "gold.mrg", [tmp_path / "gold.mrg"])
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(tmp_path / "gpt.txt")], "")))
    action = next(a for a in window.actions_.menus["file"].actions() if a.text() == "Open &LLM output…")
    action.trigger()
    win = window.llm_output.windows[-1]
    qtbot.addWidget(win)
    assert win.run.gold.path == str(tmp_path / "gold.mrg")
    assert win.system.report.faithfulness_counts()["unfaithful"] == 2
