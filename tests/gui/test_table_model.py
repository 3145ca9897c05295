"""The sentence table model and its filter proxy, over a real Session fed by the worker.

A tiny word-overlap profile stands in for the real ones so these tests only depend on the
PTB reader and the pairing code; the numbers it gives are checked by hand below.
"""

from __future__ import annotations

from collections import Counter
from textwrap import dedent

import pytest
from PySide6.QtCore import Qt

from tcompare.workspace import loading as session_module   # where the loader chooses
from tcompare.gui.session import LoadRequest, Session
from tcompare.gui.table.model import (POSITION_ROLE, SentenceFilterModel, SentenceTableModel,
                                      f1_key)
from tcompare.scoring.base import Item, Profile, SentenceResult, Summary, prf

pytest.importorskip("tcompare.formats.ptb")


class WordProfile(Profile):
    """Scores the sets of (word, tag) pairs: enough structure for a table, nothing more."""

    name = "words"
    notations = ("ptb",)
    columns = ("recall", "precision", "fmeasure")

    def score(self, gold, system, config, index=0):
        g = Counter(zip(gold.words, gold.tags))
        s = Counter(zip(system.words, system.tags))
        matched = sum((g & s).values())
        p, r, f = prf(matched, sum(g.values()), sum(s.values()))
        items = [Item("gold", "tag", t.index, t.pos) for t in gold.tokens]
        return SentenceResult(index, counts=Counter(gold=sum(g.values()), test=sum(s.values()),
                                                    matched=matched),
                              scores={"recall": r, "precision": p, "fmeasure": f},
                              gold_items=items)

    def aggregate(self, results, config):
        total = Counter()
        for r in results:
            if r.valid:
                total.update(r.counts)
        p, r, f = prf(total["matched"], total["gold"], total["test"])
        return Summary({"recall": r, "precision": p, "fmeasure": f}, counts=total)


GOLD = dedent("""\
    (TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))
    (TOP (S (NP (NNS Prices)) (VP (VBD rose))))
    (TOP (S (NP (PRP She)) (VP (VBD left))))
    (TOP (S (NP (NNP John)) (VP (VBZ sleeps))))
    """)
# sentence 2: one wrong tag of two; sentence 3: an unbalanced ')'; sentence 5 only in the system file
SYSTEM = dedent("""\
    (TOP (S (NP (DT The) (NN cat)) (VP (VBD sat))))
    (TOP (S (NP (NNS Prices)) (VP (VBN rose))))
    (TOP (S (NP (PRP She))) (VP (VBD left)))))
    (TOP (S (NP (NNP John)) (VP (VBZ sleeps))))
    (TOP (S (NP (PRP It)) (VP (VBD rained))))
    """)


@pytest.fixture
def loaded(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "choose_profile", lambda name, notation: (WordProfile(), []))
    (tmp_path / "gold.mrg").write_text(GOLD, encoding="utf-8")
    (tmp_path / "sys.mrg").write_text(SYSTEM, encoding="utf-8")
    session = Session()
    model = SentenceTableModel(session)
    proxy = SentenceFilterModel()
    proxy.setSourceModel(model)
    with qtbot.waitSignal(session.finished, timeout=10000) as blocker:
        session.open(LoadRequest(str(tmp_path / "gold.mrg"), [str(tmp_path / "sys.mrg")]))
    assert blocker.args == [True]
    return session, model, proxy


def cell(model, row: int, key: str) -> str:
    return model.data(model.index(row, model.column_index(key)))


def test_model_passes_qt_model_tester(qtmodeltester, loaded):
    _, model, proxy = loaded
    qtmodeltester.check(model)
    qtmodeltester.check(proxy)


def test_columns_come_from_the_profile(loaded):
    _, model, _ = loaded
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert headers == ["#", "len", "status", "F1", "R", "P", "first words", "message"]


def test_rows_show_scores_status_and_messages(loaded):
    session, model, _ = loaded
    assert model.rowCount() == 5  # the longer file decides: nothing is skipped silently
    assert [cell(model, r, "#") for r in range(5)] == ["1", "2", "3", "4", "5"]
    assert cell(model, 0, "fmeasure") == "100.00"
    assert cell(model, 1, "fmeasure") == "50.00"    # 1 of 2 (word, tag) pairs
    assert cell(model, 0, "len") == "3"
    assert cell(model, 0, "words") == "The cat sat"
    # an unreadable system sentence counts as no parse: its gold items are missing (§11)
    assert cell(model, 2, "status") == "missing"
    assert cell(model, 2, "fmeasure") == "0.00" and cell(model, 2, "recall") == "0.00"
    assert "system:" in cell(model, 2, "message") and "sys.mrg:3:41" in cell(model, 2, "message")
    # the system's fifth sentence pairs with no gold sentence (paired by text, issue 12)
    assert cell(model, 4, "status") == "extra"
    assert "pairs with no gold sentence" in cell(model, 4, "message")


def test_sort_by_f1_keeps_positions(loaded):
    _, model, proxy = loaded
    column = model.column_index("fmeasure")
    proxy.sort(column, Qt.SortOrder.DescendingOrder)
    positions = [proxy.data(proxy.index(r, 0), POSITION_ROLE) for r in range(proxy.rowCount())]
    # 100, 100, 50, then the two errors (undefined sorts below every number), ties by position
    assert positions == [3, 0, 1, 4, 2]
    proxy.sort(0, Qt.SortOrder.AscendingOrder)
    assert [proxy.position(r) for r in range(5)] == [0, 1, 2, 3, 4]


def test_filters(loaded):
    _, model, proxy = loaded
    proxy.set_status("missing")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [2]
    proxy.set_status("extra")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [4]
    proxy.set_status("all")
    proxy.set_f1_range(40.0, 99.0)
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [1]
    proxy.set_f1_range(None, None)
    proxy.set_text("PRICES rose")
    assert [proxy.position(r) for r in range(proxy.rowCount())] == [1]
    proxy.set_text("")
    assert proxy.rowCount() == 5
    assert proxy.proxy_row(3) == 3


def test_several_systems_get_one_f1_column_each(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "choose_profile", lambda name, notation: (WordProfile(), []))
    (tmp_path / "gold.mrg").write_text(GOLD, encoding="utf-8")
    (tmp_path / "a.mrg").write_text(GOLD, encoding="utf-8")
    (tmp_path / "b.mrg").write_text(SYSTEM, encoding="utf-8")
    session = Session()
    model = SentenceTableModel(session)
    with qtbot.waitSignal(session.finished, timeout=10000):
        session.open(LoadRequest(str(tmp_path / "gold.mrg"),
                                 [str(tmp_path / "a.mrg"), str(tmp_path / "b.mrg")]))
    a, b = model.column_index("fmeasure", 0), model.column_index("fmeasure", 1)
    assert model.headerData(a, Qt.Orientation.Horizontal) == "F1 A"
    assert "a.mrg" in model.headerData(a, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert model.headerData(b, Qt.Orientation.Horizontal) == "F1 B"
    assert model.data(model.index(1, a)) == "100.00"
    assert model.data(model.index(1, b)) == "50.00"
    # running totals are kept per system by the profile's aggregate
    assert session.summary(0).metrics["fmeasure"] == pytest.approx(100.0)
    # sentence 3 cannot be read: its 3 gold pairs count as missing, never left out (§11)
    assert session.summary(1).metrics["recall"] == pytest.approx(100.0 * 6 / 9)


def test_f1_key_picks_the_f_score():
    assert f1_key(("recall", "precision", "fmeasure", "crossing")) == "fmeasure"
    assert f1_key(("BC_P", "BC_R", "BC_F1")) == "BC_F1"
    assert f1_key(("LAS", "UAS")) == "LAS"
    assert f1_key(()) is None


@pytest.mark.issue(18)
def test_the_systems_f1_columns_come_first(qtbot, tmp_path, monkeypatch):
    """With several systems each one's F1 is in sight, right after the status (they hid
    behind a horizontal scroll after every figure of the current system)."""
    monkeypatch.setattr(session_module, "choose_profile", lambda name, notation: (WordProfile(), []))
    for name, text in (("gold.mrg", GOLD), ("a.mrg", GOLD), ("b.mrg", SYSTEM)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    session = Session()
    model = SentenceTableModel(session)
    with qtbot.waitSignal(session.finished, timeout=10000):
        session.open(LoadRequest(str(tmp_path / "gold.mrg"),
                                 [str(tmp_path / "a.mrg"), str(tmp_path / "b.mrg")]))
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[3:5] == ["F1 A", "F1 B"]


@pytest.mark.issue(17)
def test_a_right_b_wrong_and_all_wrong_filters(qtbot, tmp_path):
    """With two systems the table filters to the sentences where one is right and the other
    wrong, or where both are wrong (right: the profile finds no difference)."""
    from tcompare.gui.shell.window import MainWindow
    from PySide6.QtCore import QSettings

    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "ptb"
    gold_lines = (demo / "gold.mrg").read_text(encoding="utf-8").splitlines(keepends=True)
    system_lines = (demo / "system.mrg").read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "gold.mrg").write_text("".join(gold_lines), encoding="utf-8")
    (tmp_path / "a.mrg").write_text("".join(gold_lines), encoding="utf-8")        # perfect
    (tmp_path / "b.mrg").write_text("".join(system_lines), encoding="utf-8")      # the demo's
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    win.interactive = False
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.session.finished, timeout=10000):
        win.open_files(str(tmp_path / "gold.mrg"), [str(tmp_path / "a.mrg"), str(tmp_path / "b.mrg")])
    box = win.sentences.systems_filter
    assert not box.isHidden()
    s = win.session
    b_wrong = [r for r in range(s.row_count) if s.profile.disagrees(s.result(1, r))]
    box.setCurrentText("a.mrg right, b.mrg wrong")
    shown = sorted(win.filter_model.position(r) for r in range(win.filter_model.rowCount()))
    assert shown == b_wrong and 0 < len(shown) < s.row_count
    box.setCurrentText("b.mrg right, a.mrg wrong")
    assert win.filter_model.rowCount() == 0
    box.setCurrentText("all systems wrong here")
    assert win.filter_model.rowCount() == 0                        # a.mrg is never wrong
    box.setCurrentText("all sentences")
    assert win.filter_model.rowCount() == s.row_count
