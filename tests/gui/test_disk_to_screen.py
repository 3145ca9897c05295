"""One flow from disk to screen in the window (issue 28, item 5): the gold file is opened
once per load (the profile remembered for its notation is chosen after the loader read it);
the window follows the Workspace's events and polls nothing -- an edit shows its new total
in the sidebar within the call that made it, no timer fires first; the sidebar's figures and
report text are printed from the Workspace's one `Summary`, summed once per change.
"""

from __future__ import annotations

import builtins
import io
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from gui_helpers import new_window, open_and_wait, window  # noqa: F401 (fixture)
from tcompare.gui.table.sidebar import summary_text

pytest.importorskip("tcompare.formats.ptb")

from tcompare.gui.editor.validator_loop import LIVE_TIMER  # noqa: E402

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def total_table(win) -> dict[str, str]:
    table = win.sidebar.total_table
    return {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}


def imperfect_row(ws) -> int:
    """The first row whose system sentence is not its gold sentence's twin."""
    return next(r for r in range(ws.row_count)
                if any(isinstance(v, float) and v < 100 for k, v in ws.result(0, r).scores.items()
                       if k != "crossing"))


@pytest.mark.parametrize("gold, system", [
    (DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"),
    (DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu")])
def test_an_edit_shows_its_total_without_any_timer(qtbot, window, monkeypatch,  # noqa: F811
                                                    gold, system):
    assert open_and_wait(qtbot, window, gold, [system])
    assert not hasattr(window, "summary_timer")
    ws = window.session.workspace
    before_text, before_table = window.sidebar.total_text.text(), total_table(window)
    # from here on no timer may start: the total must come with the edit's own event
    started: list = []
    # (the UD validator's live check of the edited sentence has a debounce timer of its own)
    monkeypatch.setattr(QTimer, "start", lambda self, *a: None if self.objectName() == LIVE_TIMER
                        else started.append(self))
    monkeypatch.setattr(QTimer, "singleShot", lambda *a: started.append(a))
    row = imperfect_row(ws)
    ws.replace_gold(row, ws.systems[0][row].item)      # the gold sentence := the system's
    summary = ws.summary(0)
    assert window.sidebar.total_text.text() == summary_text(ws.profile, summary, ws.config,
                                                            ws.counted_results(0))
    assert window.sidebar.total_text.text() != before_text
    assert total_table(window) != before_table
    assert not started


def test_the_sidebar_reads_the_one_total(qtbot, window, monkeypatch):  # noqa: F811
    """Refreshing the sidebar (and --totals, and the analysis panel's figures) sums the
    rows once per change, however often they ask."""
    assert open_and_wait(qtbot, window, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    ws = window.session.workspace
    profile = ws.profile
    calls: list[int] = []
    aggregate = type(profile).aggregate

    def counting(self, results, config=None):
        calls.append(len(results))
        return aggregate(self, results, config)
    monkeypatch.setattr(type(profile), "aggregate", counting)
    for _ in range(3):
        window.refresh_summary()
    assert calls == []                          # made when the load ended, read since
    ws.replace_gold(3, ws.systems[0][3].item)
    window.refresh_summary()
    assert len(calls) == 1


def test_the_window_opens_the_gold_file_once(qtbot, tmp_path, monkeypatch):
    gold, system = DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu"
    # a profile remembered for the notation: found without reading the file ahead
    win = new_window(qtbot, tmp_path, **{"profile/conllu": "conll07"})
    opened: list[str] = []
    real_open = builtins.open

    def counting_open(path, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)):
            opened.append(os.path.realpath(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr(builtins, "open", counting_open)
    monkeypatch.setattr(io, "open", counting_open)
    assert open_and_wait(qtbot, win, gold, [system])
    monkeypatch.undo()
    assert opened.count(os.path.realpath(gold)) == 1
    assert win.session.profile.name == "conll07"
