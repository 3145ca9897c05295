"""The release diff, the suspects table and the agreement tables in the window (pytest-qt,
offscreen): what `analysis.release_diff`, `analysis.suspects` and `analysis.agreement` say,
drawn and clickable.  Small files made here; EWT r2.10 -> r2.12 when TCOMPARE_REFS has it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gui_helpers import new_window
from test_adjudication import three_conllu
from tcompare.gui.annotation.agreement_tab import number
from tcompare.gui.annotation.annotators_window import AnnotatorsWindow
from tcompare.workspace.annotators import AnnotatorsDocument

pytestmark = pytest.mark.issue(29)
ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo" / "conll" / "demo.gold.conllu"
REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parents[3] / "refs"))


def test_release_diff_drawn_old_against_new(qtbot, tmp_path):
    main = new_window(qtbot, tmp_path)
    old = DEMO.read_text(encoding="utf-8")
    new = (old.replace("3\ttea\ttea\tNOUN\tNN\t_\t2\tobj", "3\ttea\ttea\tNOUN\tNN\t_\t2\tiobj")
              .replace("4\t苹果\t苹果\tNOUN\tNN\t_\t3\tobj", "4\t苹果\t苹果\tNOUN\tNN\t_\t3\tiobj")
              .replace("3\tnot\tnot\tPART\tRB\t_\t4\tadvmod", "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod"))
    (tmp_path / "old.conllu").write_text(old, encoding="utf-8")
    (tmp_path / "new.conllu").write_text(new, encoding="utf-8")
    win = main.annotation.open_release(str(tmp_path / "old.conllu"), str(tmp_path / "new.conllu"))
    qtbot.addWidget(win)
    assert "same 0" in win.summary.text() and "changed 3" in win.summary.text()
    assert win.table.rowCount() == 3
    assert win.top.item(1).text() == "DEPREL obj -> iobj: 2"
    win.top.setCurrentRow(1)                        # keeps the sentences with that change
    assert [win.table.item(r, 0).text() for r in range(win.table.rowCount())] == ["2", "3"]
    assert win.table.currentRow() == 0
    assert [b.title.split()[0] for b in win.view.bands] == ["old", "new"]
    assert [(d.start, d.fields, d.values) for d in win.view.items] == [(2, ("label",), ("obj", "iobj"))]
    win.step(1)
    assert [(d.start, d.fields) for d in win.view.items] == [(3, ("label",))]
    assert "DEPREL obj → iobj" in win.details.toPlainText()


def test_release_diff_on_ewt(qtbot, tmp_path):
    old, new = REFS / "ewt" / "en_ewt-ud-test.r2.10.conllu", REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
    if not (old.exists() and new.exists()):
        pytest.skip("EWT r2.10 / r2.12 test files not under TCOMPARE_REFS")
    main = new_window(qtbot, tmp_path)
    win = main.annotation.open_release(str(old), str(new))
    qtbot.addWidget(win)
    counts = win.diff.status_counts()
    assert win.table.rowCount() == sum(n for s, n in counts.items() if s != "same")
    framed = {f for d in win.view.items for f in d.fields}
    assert framed and framed <= {"attachment", "label", "pos", "feats"}


PTB_GOLD = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))))\n" \
           "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"
PTB_SYS = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat)))))\n" \
          "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"


def test_suspects_table_frames_the_evidence(qtbot, tmp_path):
    main = new_window(qtbot, tmp_path)
    gold = tmp_path / "gold.mrg"
    gold.write_text(PTB_GOLD, encoding="utf-8")
    systems = []
    for k in range(3):                               # three systems agree against gold
        path = tmp_path / f"s{k}.mrg"
        path.write_text(PTB_SYS, encoding="utf-8")
        systems.append(str(path))
    win = main.annotation.open_suspects(str(gold), systems)
    qtbot.addWidget(win)
    assert win.table.rowCount() == 1 and win.table.item(0, 1).text() == "1"
    assert len(win.view.bands) == 4 and not win.second.isVisible()
    assert {(d.start, d.end) for d in win.view.items} == {(2, 6), (2, 3)}
    assert "3 of 3 systems lack gold's VP over words 3-6" in win.evidence.toPlainText()
    assert main.annotation.open_suspects(str(gold), [str(DEMO)]) is None
    assert "is not a constituency file" in main.annotation.last_error


def test_agreement_tables_are_the_reports_and_clickable(qtbot, tmp_path):
    doc = AnnotatorsDocument(three_conllu(tmp_path))
    win = AnnotatorsWindow(doc, tmp_path / "c.out", interactive=False)
    qtbot.addWidget(win)
    win.show()
    win.tabs.setCurrentWidget(win.agreement)
    report = win.agreement.report
    assert report is not None
    fields = win.agreement.fields
    names = [fields.item(r, 0).text() for r in range(fields.rowCount())]
    assert names[:2] == ["deprel", "head"]
    head = report.fields["head"].coefficients
    assert fields.item(1, 2).text() == number(head["fleiss_kappa"].value)
    assert fields.item(1, 3).text() == number(head["krippendorff_alpha"].value)
    win.agreement._field_clicked(1, 2)               # head -> attachment disagreements only
    assert win.wanted == "attachment"
    pairs = win.agreement.pairs
    assert [pairs.item(r, 0).text() for r in range(3)] == ["A–B", "A–C", "B–C"]
    # A and B differ on "not" (row 0), and on row 1; A and C on "tea" (row 1) first
    win.show_row(0, 0)
    win.agreement._pair_clicked(1, 0)
    assert (win.row, win.current_item().start) == (1, 2) and win.wanted is None


def test_every_control_has_a_name_for_screen_readers(qtbot, tmp_path):
    from tcompare.gui.annotation.menu import AnnotatorsDialog
    from tcompare.gui.language import a11y
    main = new_window(qtbot, tmp_path)
    shown = main.annotation.open_annotators([str(p) for p in three_conllu(tmp_path)])
    qtbot.addWidget(shown)
    dialog = AnnotatorsDialog(main)
    qtbot.addWidget(dialog)
    for widget in (shown, dialog):
        assert a11y.unnamed(widget) == []
    assert "attachment" in shown.view.accessibleDescription()       # the current item, spoken


def test_a_suspect_opens_in_the_main_window(qtbot, tmp_path):
    from gui_helpers import LOAD_TIMEOUT
    main = new_window(qtbot, tmp_path)
    gold = tmp_path / "gold.mrg"
    gold.write_text(PTB_GOLD[PTB_GOLD.index("\n") + 1:] + PTB_GOLD, encoding="utf-8")   # suspect: sentence 2
    system = tmp_path / "s.mrg"
    system.write_text(PTB_SYS[PTB_SYS.index("\n") + 1:] + PTB_SYS, encoding="utf-8")
    win = main.annotation.open_suspects(str(gold), [str(system)] * 2)
    qtbot.addWidget(win)
    assert win.table.item(0, 1).text() == "2"
    with qtbot.waitSignal(main.session.finished, timeout=LOAD_TIMEOUT):
        win.open_current()
    qtbot.waitUntil(lambda: main.current_position == 1, timeout=5000)
    assert main.session.gold.path == str(gold)
