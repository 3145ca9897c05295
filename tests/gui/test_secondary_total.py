"""The running total's secondary figures (box "Secondary scores" checked): equal to
``tcompare score --secondary la,ted,functions --output json`` on the same files, for a PTB
pair and a discontinuous export pair; computed in the thread pool for a large corpus;
recomputed after a gold edit; sentences past the TED time limit listed as the CLI lists them."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from PySide6.QtWidgets import QLabel

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from tcompare.cli import main
from tcompare.gui.language.terms import term
from tcompare.gui.table.sidebar import format_value
from tcompare.workspace.figures import corpus_secondary

DISC = Path(__file__).resolve().parent.parent / "data" / "discdraw"
GOLD = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PP-LOC (IN on) (NP (DT the) (NN mat)))) (. .)))
(TOP (S (NP-SBJ (PRP It)) (VP (VBD ran)) (. .)))
(TOP (S (NP-SBJ (NNS Dogs)) (VP (VBP bark) (ADVP-TMP (RB loudly))) (. .)))
"""
SYSTEM = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat)) (PP-LOC (IN on) (NP (DT the) (NN mat))) (. .)))
(TOP (S (NP-TMP (PRP It)) (VP (VBD ran)) (. .)))
(TOP (S (NP (NNS Dogs)) (VP (VBP bark) (ADVP (RB loudly)) (. .))))
"""


def _rows(win) -> dict[str, str]:
    form = win.sidebar.secondary_total_form
    out = {}
    for r in range(1, form.rowCount()):        # row 0: the heading
        note = form.itemAt(r, form.ItemRole.SpanningRole)
        if note is not None:                   # a line of its own (what was not computed)
            out[note.widget().text()] = ""
            continue
        label = form.itemAt(r, form.ItemRole.LabelRole).widget()
        value = form.itemAt(r, form.ItemRole.FieldRole).widget()
        assert isinstance(label, QLabel) and isinstance(value, QLabel)
        out[label.text()] = value.text()
    return out


def _cli(capsys, *args: str) -> dict:
    assert main(["score", *args, "--secondary", "la,ted,functions", "--output", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def _expected(data: dict) -> dict[str, str]:
    s = data["secondary"]["summary"]
    return {"leaf-ancestor": format_value(s["leaf_ancestor"]),
            "TED (Dice)": format_value(s["ted_dice"]),
            "tree distance": f"{int(s['ted_distance'])} / {int(s['ted_denominator'])}",
            "function tags": "",
            "  " + term("precision"): format_value(s["function_precision"]),
            "  " + term("recall"): format_value(s["function_recall"]),
            "  " + term("f1"): format_value(s["function_f1"])}


def _ptb(tmp_path) -> tuple[Path, Path]:
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(GOLD, encoding="utf-8")
    system.write_text(SYSTEM, encoding="utf-8")
    return gold, system


def test_ptb_total_equals_the_cli(qtbot, window, tmp_path, capsys):  # noqa: F811
    gold, system = _ptb(tmp_path)
    assert open_and_wait(qtbot, window, gold, system)
    assert _rows(window) == {} and window.sidebar.secondary_total_form.rowCount() == 0
    window.sidebar.secondary_box.setChecked(True)
    data = _cli(capsys, "--profile", window.session.profile.name, str(gold), str(system))
    assert _rows(window) == _expected(data)
    # by hand: function tags 2 matched (NP-SBJ, PP-LOC of sentence 1) of 5 gold and 3 system
    assert [_rows(window)["  " + term(k)] for k in ("precision", "recall", "f1")] == \
        ["66.67", "40.00", "50.00"]
    window.sidebar.secondary_box.setChecked(False)
    assert window.sidebar.secondary_total_form.rowCount() == 0


def test_discontinuous_total_equals_the_cli(qtbot, window, capsys):  # noqa: F811
    gold, system = DISC / "gold.export", DISC / "system.export"
    window.sidebar.secondary_box.setChecked(True)
    assert open_and_wait(qtbot, window, gold, system)
    qtbot.waitUntil(lambda: "leaf-ancestor" in _rows(window), timeout=5000)
    data = _cli(capsys, "--profile", window.session.profile.name, str(gold), str(system))
    assert _rows(window) == _expected(data)
    # (no parameter file: discodop eval's own settings, ROOT and punctuation kept, as
    # `discodop eval gold.export system.export --ted` counts them: Dice 94.32)
    assert _rows(window)["tree distance"] == "5 / 88"


def test_large_corpus_in_the_pool_and_a_gold_edit_recomputes(qtbot, window, tmp_path,  # noqa: F811
                                                               monkeypatch):
    from tcompare.scoring import secondary

    calls: list[int] = []
    score_pair = secondary.score_pair

    def counted(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            calls.append(1)            # the corpus's (the current sentence's is the GUI's)
        return score_pair(*args, **kwargs)

    monkeypatch.setattr(secondary, "score_pair", counted)
    gold, system = _ptb(tmp_path)
    assert open_and_wait(qtbot, window, gold, system)
    runner = window.secondary_total
    runner.direct_rows = 0                     # as for a large corpus: off the GUI thread
    with qtbot.waitSignal(runner.ready, timeout=5000) as blocker:
        window.sidebar.secondary_box.setChecked(True)
        assert _rows(window) == {"status": "computing…"}    # until the job reports
    assert blocker.args[0].total.scored == 3
    before = _rows(window)["tree distance"]
    assert before == "2 / 46"          # sentence 1's PP attached higher: 2 operations
    # the workspace announces the edit (gold_replaced): the figures are computed again
    ws = window.session.workspace
    edited = ws.pair(0, 0)[1]                  # gold sentence 1 := the system's tree
    with qtbot.waitSignal(runner.ready, timeout=5000):
        ws.replace_gold(0, edited)
    assert _rows(window)["tree distance"] == "0 / 46"
    assert len(calls) == 3 + 1                 # the other pairs' figures were kept


def test_time_limit_listed_as_the_cli(qtbot, window, tmp_path, capsys):  # noqa: F811
    gold, system = _ptb(tmp_path)
    window.sidebar.secondary_box.setChecked(True)
    assert open_and_wait(qtbot, window, gold, system)
    figures = corpus_secondary(window.session.workspace, 0, time_limit=1e-9)
    assert main(["score", "--profile", window.session.profile.name, str(gold), str(system),
                 "--secondary", "ted", "--ted-time-limit", "1e-9", "--output", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)["secondary"]["not_computed"]["ted_time_limit"]
    assert figures.not_computed()[0] == cli and cli
    window.sidebar.show_secondary_total(figures)
    note = "TED not computed (time limit): gold " + ", ".join(map(str, cli))
    assert note in _rows(window)
