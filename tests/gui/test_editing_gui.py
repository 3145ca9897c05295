"""The annotator loop end to end (pytest-qt, offscreen): edits through key sequences,
undo/redo, live re-scoring, lossless atomic saving, recovery after a crash, review marks.

Data: the bundled demo corpora (resources/demo/ptb, resources/demo/conll), copied into
tmp_path so the tests can write them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from tcompare.gui.shell.window import MainWindow

pytest.importorskip("tcompare.formats.ptb")

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
LOAD_TIMEOUT = 60000
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
K = Qt.Key


def make_window(qtbot, tmp_path, name="settings.ini"):
    settings = QSettings(str(tmp_path / name), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.interactive = False
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    editor = win.editor
    editor.dialogs.messages = []
    editor.dialogs.message_box = lambda kind, title, text, e=editor.dialogs: (
        e.messages.append((kind, text)), setattr(e, "last_message", text))
    return win, editor


def open_and_wait(qtbot, win, gold, systems=()):
    with qtbot.waitSignal(win.session.finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(gold), [str(s) for s in systems])
    qtbot.waitUntil(lambda: win.current_position is not None, timeout=5000)


def keys(qtbot, win, *seq):
    """Press a key sequence on the window: each entry a Key or (Key, modifiers)."""
    for k in seq:
        key, mods = (k if isinstance(k, tuple) else (k, Qt.KeyboardModifier.NoModifier))
        qtbot.keyClick(win, key, mods)


def answers(editor, *values):
    """Queue the answers the next input dialogs give."""
    queue = list(values)
    editor.dialogs.ask_text = lambda *a, **k: queue.pop(0)
    editor.dialogs.ask_int = lambda *a, **k: queue.pop(0)


def cli_score(capsys, gold, system) -> str:
    """`tcompare score GOLD SYSTEM`, run in-process, its standard output."""
    from tcompare.entry import main

    capsys.readouterr()
    assert main(["score", str(gold), str(system)]) == 0
    return capsys.readouterr().out


def sidebar_lines(win) -> list[str]:
    return [ln for ln in win.sidebar.total_text.text().splitlines() if ln.strip()]


@pytest.fixture
def ptb(tmp_path):
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    shutil.copy(DEMO / "ptb" / "gold.mrg", gold)
    shutil.copy(DEMO / "ptb" / "system.mrg", system)
    return gold, system


@pytest.fixture
def opened(qtbot, tmp_path, ptb):
    win, editor = make_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, *ptb[:1], [ptb[1]])
    return win, editor, ptb[0], ptb[1]


def gold_text(win, position):
    from tcompare.formats.ptb import format_tree

    return format_tree(win.session.gold[position].item)


# ------------------------------------------------------------------- every edit kind by keys
def test_each_edit_kind_by_keys_undo_redo_save_reload(qtbot, tmp_path, opened, capsys):
    win, ed, gold, system = opened
    original = gold.read_bytes().decode().splitlines(keepends=True)
    before_total = sidebar_lines(win)

    # sentence 1: POS of "cat" (S > NP > The > cat)
    win.go_to(1)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL))
    assert ed.selection.kind == "token" and ed.selection.ref == 1
    answers(ed, "NNS")
    keys(qtbot, win, K.Key_P)
    assert "(NNS cat)" in gold_text(win, 0)

    # sentence 3: take the system's bracket on the mislabeled ADJP (one key)
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL))
    assert win.session.gold[2].item.node(ed.selection.ref).label.raw == "ADJP"
    assert win.session.result(0, 2).scores != {} and win.session.result(0, 2).counts["matched"] \
        if "matched" in win.session.result(0, 2).counts else True
    recall_before = win.session.result(0, 2).scores.get("recall")
    keys(qtbot, win, K.Key_Y)
    assert "(ADVP (RB very) (JJ happy))" in gold_text(win, 2)
    assert win.session.result(0, 2).scores.get("recall") == 100.0 != recall_before

    # sentence 4: delete the inner NP bracket (S > NP > NP)
    win.go_to(4)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Down, CTRL), K.Key_Delete)
    assert gold_text(win, 3).startswith("(TOP (S (NP (DT The) (NN president) (PP")
    assert ed.selection == type(ed.selection)("gold", "node", 2)   # its parent is selected

    # sentence 5: extend VP right over "." ; undo ; redo
    win.go_to(5)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_E)
    extended = "(TOP (S (NP (NNS Prices)) (VP (VBD rose) (ADVP (RB sharply)) (. .))))"
    assert gold_text(win, 4) == extended
    keys(qtbot, win, (K.Key_Z, CTRL))
    assert gold_text(win, 4) + "\n" == original[4]
    assert not win.session.gold[4].edited          # first edit undone: clean again
    keys(qtbot, win, (K.Key_Z, CTRL | SHIFT))
    assert gold_text(win, 4) == extended

    # sentence 6: insert ADJP over "old" (S > NP, VP > saw, NP > the, old)
    win.go_to(6)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL))
    answers(ed, "ADJP")
    keys(qtbot, win, K.Key_B)
    assert "(NP (DT the) (ADJP (JJ old)) (NN bridge))" in gold_text(win, 5)
    assert win.session.gold[5].item.node(ed.selection.ref).label.raw == "ADJP"

    # sentence 7: relabel NP-SBJ-1 -> NP-SBJ (label parts from the PTB splitter)
    win.go_to(7)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL))
    answers(ed, "NP-SBJ")
    keys(qtbot, win, K.Key_F2)
    node = win.session.gold[6].item.node(ed.selection.ref)
    assert (node.label.raw, node.label.category, node.label.function) == ("NP-SBJ", "NP", "SBJ")

    # sentence 8: shrink SBAR on the left ("that" moves up), with a run of two words
    win.go_to(8)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), K.Key_E)   # NP: VP is 5 words
    assert "refused" in ed.last_message and "covers 5 words" in ed.last_message
    keys(qtbot, win, (K.Key_Right, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL), (K.Key_R, SHIFT))
    assert "(VP (VBZ thinks) (IN that) (SBAR (S" in gold_text(win, 7)

    # the totals moved, and equal the profile's aggregate of the rescored rows
    assert sidebar_lines(win) != before_total
    assert ed.dirty() and win.windowTitle().startswith("*")

    # save: only the edited sentences differ; .orig keeps the original; clean afterwards
    keys(qtbot, win, (K.Key_S, CTRL))
    assert not ed.dirty(), ed.last_message
    saved = gold.read_bytes().decode().splitlines(keepends=True)
    assert (tmp_path / "gold.mrg.orig").read_bytes().decode().splitlines(keepends=True) == original
    changed = [i for i, (a, b) in enumerate(zip(original, saved)) if a != b]
    assert changed == [0, 2, 3, 4, 5, 6, 7]
    assert len(saved) == len(original)
    assert saved[4] == extended + "\n"

    # the sidebar equals `tcompare score` on the saved file
    cli = cli_score(capsys, gold, system)
    lines = sidebar_lines(win)
    assert any("Bracketing FMeasure" in ln for ln in lines)
    for line in lines:
        assert line in cli, line

    # reload: the same trees and the same totals
    win2, _ = make_window(qtbot, tmp_path, "settings2.ini")
    open_and_wait(qtbot, win2, gold, [system])
    assert sidebar_lines(win2) == lines
    assert [gold_text(win2, i) for i in range(8)] == [gold_text(win, i) for i in range(8)]


def test_only_that_sentence_is_rescored(qtbot, opened, monkeypatch):
    win, ed, gold, system = opened
    import tcompare.workspace.document as document

    calls, changed = [], []
    real = document.score_row
    monkeypatch.setattr(document, "score_row",
                        lambda g, s, i, p, c, plan=None: calls.append(i) or real(g, s, i, p, c, plan))
    win.session.workspace.rows_changed.connect(lambda first, count: changed.append((first, count)))
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    assert set(calls) == {2} and changed == [(2, 1)]   # (the redraw rescored row 2 as well)
    keys(qtbot, win, (K.Key_Z, CTRL))
    assert set(calls) == {2} and changed == [(2, 1), (2, 1)]
    assert "(ADJP (RB very)" in gold_text(win, 2)


def test_refusals_leave_the_tree_and_history_alone(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(1)
    before = gold_text(win, 0)
    keys(qtbot, win, K.Key_Delete)                       # the root
    assert "root" in ed.last_message
    keys(qtbot, win, K.Key_S)                            # system side is read-only
    answers(ed, "X")
    keys(qtbot, win, K.Key_F2)
    assert "read-only" in ed.last_message
    keys(qtbot, win, K.Key_S)
    answers(ed, "N P")
    keys(qtbot, win, K.Key_F2)
    assert "spaces" in ed.last_message
    assert gold_text(win, 0) == before and ed.stack.count() == 0
    assert "spaces" in win.statusBar().currentMessage()


def test_take_an_extra_system_bracket(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(6)   # the system has (ADJP (JJ old)) that gold lacks
    keys(qtbot, win, K.Key_S, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL))
    assert ed.selection.side == "system"
    assert win.session.systems[0][5].item.node(ed.selection.ref).label.raw == "ADJP"
    keys(qtbot, win, K.Key_Y)
    assert "(ADJP (JJ old))" in gold_text(win, 5)
    assert ed.selection.side == "gold"


# ------------------------------------------------------------------- saving never loses data
@pytest.mark.parametrize("broken", ["fsync", "replace"])
def test_full_disk_leaves_the_original_intact_and_says_so(qtbot, opened, monkeypatch, broken):
    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, broken, full)
    keys(qtbot, win, (K.Key_S, CTRL))
    monkeypatch.undo()
    assert gold.read_bytes() == original
    kind, text = ed.dialogs.messages[-1]
    assert kind == "critical" and "No space left on device" in text and "unchanged" in text
    assert ed.dirty()
    assert sorted(p.name for p in gold.parent.iterdir() if p.name.endswith(".tmp")) == []
    # a later save works and keeps the edit
    keys(qtbot, win, (K.Key_S, CTRL))
    assert not ed.dirty() and b"(ADVP (RB very)" in gold.read_bytes()


def test_orig_is_kept_once_and_not_overwritten(qtbot, opened, tmp_path):
    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y, (K.Key_S, CTRL))
    keys(qtbot, win, (K.Key_Z, CTRL), (K.Key_S, CTRL))
    assert gold.read_bytes() == original          # undone and saved: back to the original
    keys(qtbot, win, (K.Key_Z, CTRL | SHIFT), (K.Key_S, CTRL))
    assert (tmp_path / "gold.mrg.orig").read_bytes() == original


def test_file_changed_on_disk_is_not_overwritten_without_asking(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    other = gold.read_bytes().replace(b"Prices", b"Costs")
    gold.write_bytes(other)
    asked = []
    ed.dialogs.ask_yes_no = lambda title, text: asked.append(text) or False
    keys(qtbot, win, (K.Key_S, CTRL))
    assert gold.read_bytes() == other and "changed by another program" in asked[0]
    assert ed.dirty()
    ed.dialogs.ask_yes_no = lambda title, text: True
    keys(qtbot, win, (K.Key_S, CTRL))
    assert b"(ADVP (RB very)" in gold.read_bytes() and not ed.dirty()


def test_quitting_with_unsaved_edits_asks(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    ed.dialogs.ask_unsaved = lambda unsaved: "cancel"
    assert not win.close() and win.isVisible()
    ed.dialogs.ask_unsaved = lambda unsaved: "save"
    assert win.close()
    assert b"(ADVP (RB very)" in gold.read_bytes()


def test_crlf_gb18030_file_keeps_encoding_and_line_ends(qtbot, tmp_path):
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    text = ("(TOP (S (NP (NR 张三)) (VP (VV 来)) (PU 。)))\r\n"
            "(TOP (S (NP (NR 李四)) (VP (VV 跑) (ADVP (AD 快))) (PU 。)))\r\n")
    gold.write_bytes(text.encode("gb18030"))
    system.write_bytes(text.replace("ADVP", "ADJP").encode("gb18030"))
    win, ed = make_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold, [system])
    win.go_to(2)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL))
    answers(ed, "ADVP-MNR")
    keys(qtbot, win, K.Key_F2, (K.Key_S, CTRL))
    data = gold.read_bytes()
    lines = data.split(b"\r\n")
    assert lines[0] == text.split("\r\n")[0].encode("gb18030")
    assert lines[1] == "(TOP (S (NP (NR 李四)) (VP (VV 跑) (ADVP-MNR (AD 快))) (PU 。)))".encode("gb18030")
    assert data.endswith(b"\r\n") and data.count(b"\r\n") == 2


# ------------------------------------------------------------------- autosave and recovery
def test_recovery_after_a_window_dropped_without_saving(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    assert ed.files.autosave()
    recovery = tmp_path / "gold.mrg.tcompare.recovery"
    assert "ADVP" in json.loads(recovery.read_text(encoding="utf-8"))["edits"]["3"]
    # "crash": the window goes away without the close prompt
    win.removeEventFilter(ed)
    win.hide()
    ed.files.gold_file = None   # its journal is no longer live (issue 15: live ones are not offered)

    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    offered = []
    ed2.dialogs.ask_yes_no = lambda title, text: offered.append(text) or True
    open_and_wait(qtbot, win2, gold, [system])
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert "1 edited sentence" in offered[0]
    assert "(ADVP (RB very) (JJ happy))" in gold_text(win2, 2)
    assert gold.read_bytes() == original and ed2.dirty()
    assert win2.session.result(0, 2).scores.get("recall") == 100.0
    keys(qtbot, win2, (K.Key_Z, CTRL))           # the restore is one undoable step
    assert "(ADJP (RB very)" in gold_text(win2, 2)


def test_declined_recovery_discards_the_journal(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    ed.files.autosave()
    win.removeEventFilter(ed)
    ed.files.gold_file = None   # the first window is gone (issue 15: live journals are not offered)
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    ed2.dialogs.ask_yes_no = lambda title, text: False
    open_and_wait(qtbot, win2, gold, [system])
    assert ed2.stack.count() == 0
    assert not (tmp_path / "gold.mrg.tcompare.recovery").exists()


CHILD = textwrap.dedent("""
    import os, sys, time
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from tcompare.gui.shell.window import MainWindow
    gold, system, ini = sys.argv[1:4]
    settings = QSettings(ini, QSettings.Format.IniFormat)
    settings.setValue("autosave_seconds", 1)
    win = MainWindow(settings)
    win.interactive = False
    editor = win.editor
    win.show()
    win.open_files(gold, [system])
    while not win.session.complete or win.current_position is None:
        app.processEvents()
    win.go_to(3)
    for where in ("child", "child", "next", "child", "next"):
        editor.cursor.move_selection(where)
    editor.edits.take_system()
    recovery = gold + ".tcompare.recovery"
    while not os.path.exists(recovery):       # the 1 s autosave timer writes it
        app.processEvents()
        time.sleep(0.01)
    print("EDITED", flush=True)
    while True:                                # mid-session: killed from outside
        app.processEvents()
        time.sleep(0.01)
""")


def test_killed_app_recovers_its_edits(qtbot, tmp_path, ptb):
    gold, system = ptb
    original = gold.read_bytes()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(gold), str(system),
                              str(tmp_path / "child.ini")], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "EDITED", child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert gold.read_bytes() == original

    win, ed = make_window(qtbot, tmp_path)
    ed.dialogs.ask_yes_no = lambda title, text: True
    open_and_wait(qtbot, win, gold, [system])
    qtbot.waitUntil(lambda: ed.stack.count() == 1, timeout=5000)
    assert "(ADVP (RB very) (JJ happy))" in gold_text(win, 2)
    keys(qtbot, win, (K.Key_S, CTRL))
    assert b"(ADVP (RB very) (JJ happy))" in gold.read_bytes()
    assert not (tmp_path / "gold.mrg.tcompare.recovery").exists()


def test_autosave_interval_comes_from_settings(qtbot, tmp_path, ptb):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("autosave_seconds", 7)
    settings.sync()
    win, ed = make_window(qtbot, tmp_path, "s.ini")
    open_and_wait(qtbot, win, ptb[0], [ptb[1]])
    assert ed.autosave_timer.interval() == 7000 and ed.autosave_timer.isActive()
    assert not ed.files.autosave()                      # nothing edited: nothing written


# ------------------------------------------------------------------- review marks, help
def test_review_marks_and_notes_live_in_the_sidecar(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(2)
    keys(qtbot, win, (K.Key_F, CTRL | SHIFT))
    ed.dialogs.ask_note = lambda default: "PP attachment: check the guidelines"
    keys(qtbot, win, (K.Key_N, CTRL | SHIFT))
    win.go_to(5)
    keys(qtbot, win, (K.Key_R, CTRL | SHIFT))
    data = json.loads((tmp_path / "gold.mrg.tcompare.json").read_text(encoding="utf-8"))
    assert data["sentences"] == {"2": {"mark": "flagged", "note": "PP attachment: check the guidelines"},
                                 "5": {"mark": "reviewed"}}
    assert gold.read_bytes() == original
    assert "reviewed" in ed.status_label.text()
    keys(qtbot, win, (K.Key_J, CTRL | SHIFT))
    assert win.current_position == 1 and "flagged" in ed.status_label.text()
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    open_and_wait(qtbot, win2, gold, [system])
    assert ed2.files.gold_file.marks.marks == {2: "flagged", 5: "reviewed"}


def test_help_keyboard_lists_every_shortcut(qtbot, opened):
    from tcompare.gui.editor.gold_editor import EDIT_ACTIONS

    win, ed, gold, system = opened
    keys(qtbot, win, K.Key_F1)
    dialog = ed.keyboard.dialog
    assert dialog is not None and dialog.isVisible()
    table = ed.keyboard.table
    listed = {table.item(r, 2).text() for r in range(table.rowCount())}
    for key, _text, shortcuts, _group in EDIT_ACTIONS:
        assert any(shortcuts[0].replace("Del", "Del") in cell or
                   ed.actions[key].shortcuts()[0].toString() in cell for cell in listed), key
    assert any("PgDown" in cell for cell in listed)     # the window's own keys too
    titles = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert titles.index("Edit") == titles.index("File") + 1


# ------------------------------------------------------------------- dependency edits
@pytest.fixture
def conll(qtbot, tmp_path):
    gold, system = tmp_path / "gold.conll", tmp_path / "system.conll"
    shutil.copy(DEMO / "conll" / "demo.gold.conll", gold)
    shutil.copy(DEMO / "conll" / "demo.system.conll", system)
    win, ed = make_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold, [system])
    return win, ed, gold, system


def test_dependency_reattach_relation_cycle_refusal(qtbot, conll):
    win, ed, gold, system = conll
    original = gold.read_bytes().decode()
    win.go_to(2)                                   # The cat sat on the mat .
    keys(qtbot, win, (K.Key_Right, CTRL), (K.Key_Right, CTRL), (K.Key_Right, CTRL))
    assert ed.selection.ref == 3                   # "on"
    answers(ed, 2)                                 # attach "on" to "cat"
    keys(qtbot, win, K.Key_A)
    words = win.session.gold[1].item.words
    assert words[3].head == "2"
    # "sat" (the root) under "mat": mat -> on -> cat -> sat, a cycle
    keys(qtbot, win, (K.Key_Left, CTRL))           # "sat"
    answers(ed, 6)
    keys(qtbot, win, K.Key_A)
    assert "cycle" in ed.last_message and "cycle" in win.statusBar().currentMessage()
    assert win.session.gold[1].item.words[2].head == "0"
    # relation of "on"
    keys(qtbot, win, (K.Key_Right, CTRL))
    answers(ed, "LOC")
    keys(qtbot, win, K.Key_F2)
    assert win.session.gold[1].item.words[3].deprel == "LOC"
    keys(qtbot, win, (K.Key_Z, CTRL))
    assert win.session.gold[1].item.words[3].deprel == "ADV"
    keys(qtbot, win, (K.Key_Z, CTRL | SHIFT))
    # take the system's arc on sentence 1 word 2 ("hearing" -> scheduled, OBJ)
    win.go_to(1)
    keys(qtbot, win, (K.Key_Right, CTRL), K.Key_Y)
    words = win.session.gold[0].item.words
    assert (words[1].head, words[1].deprel) == ("4", "OBJ")
    keys(qtbot, win, (K.Key_S, CTRL))
    saved = gold.read_bytes().decode()
    blocks_before, blocks_after = original.split("\n\n"), saved.split("\n\n")
    assert len(blocks_before) == len(blocks_after)
    differing = [i for i, (a, b) in enumerate(zip(blocks_before, blocks_after)) if a != b]
    assert differing == [0, 1]
    assert "4\ton\t_\tIN\tIN\t_\t2\tLOC\t_\t_" in blocks_after[1]
    # the sidebar totals are the scorer's aggregate over the rescored rows
    s = win.session
    from tcompare.scoring.pairing import pair_records
    fresh = pair_records(s.gold, s.systems[0], s.profile, s.config)
    assert s.profile.aggregate(fresh, s.config).metrics == s.summary(0).metrics


def test_click_head_then_shift_click_dependent(qtbot, conll):
    win, ed, gold, system = conll
    win.go_to(2)
    view = win.view_stack.currentWidget()
    tokens = {t.data(2): t for t in view.token_items() if t.data(1) in ("gold", "both")}
    gv = view.findChildren(type(view.view))[0] if hasattr(view, "view") else None
    assert gv is not None

    def click(word, mods=Qt.KeyboardModifier.NoModifier):
        point = gv.mapFromScene(tokens[word].sceneBoundingRect().center())
        qtbot.mouseClick(gv.viewport(), Qt.MouseButton.LeftButton, mods, point)

    click(1)                                       # head: "cat"
    assert ed.selection.ref == 1
    click(3, SHIFT)                                # dependent: "on"
    assert win.session.gold[1].item.words[3].head == "2"
    assert ed.selection.ref == 3


# ------------------------------------------------------------------- TCT heads, Save As
def test_tct_set_head_then_save_as_round_bracket_notation(qtbot, tmp_path):
    from tcompare import formats

    gold, system = tmp_path / "gold.tct", tmp_path / "system.tct"
    shutil.copy(DEMO / "tct" / "gold.tct", gold)
    shutil.copy(DEMO / "tct" / "system.tct", system)
    original = gold.read_bytes()
    win, ed = make_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold, [system])
    win.go_to(2)
    # zj > dj-2 > ... > np-2 > vp-0 (砍 下): make that vp the head of the np
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Right, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL), (K.Key_Down, CTRL),
         (K.Key_Right, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL), (K.Key_Down, CTRL))
    tree = win.session.gold[1].item
    assert tree.node(ed.selection.ref).label.raw == "vp-0"
    keys(qtbot, win, K.Key_H)
    text = formats.get("tct").format_item(win.session.gold[1].item, "\n")
    assert "[np-0 [vp-0 砍/v 下/v ] 的/uJDE 树/n ]" in text
    # a relabel that does not retype the heads keeps them
    keys(qtbot, win, (K.Key_Up, CTRL))
    answers(ed, "np")
    keys(qtbot, win, K.Key_F2)
    text = formats.get("tct").format_item(win.session.gold[1].item, "\n")
    assert "[np-0 [vp-0 砍/v 下/v ]" in text

    out = tmp_path / "gold.psg"
    ed.dialogs.ask_save_as = lambda notations, start: ("tct2012" in notations or pytest.fail(notations)) \
        and (str(out), "tct2012")
    keys(qtbot, win, (K.Key_S, CTRL | SHIFT))
    assert gold.read_bytes() == original            # Save As writes a copy
    converted = formats.read_file(out, "tct2012")
    assert len(converted) == 5 and not converted.errors()
    assert formats.get("tct").format_item(converted[1].item, "\n") == text
    assert ed.dirty()


def test_click_selects_a_gold_node_in_the_tree_view(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    view = win.view_stack.currentWidget()
    adjp = next(n for n in win.session.gold[2].item.nodes() if n.label.raw == "ADJP")
    box = view.node_items("gold")[adjp.id]
    point = view.canvas.mapFromScene(box.sceneBoundingRect().center())
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert ed.selection == type(ed.selection)("gold", "node", adjp.id)
    qtbot.mouseClick(view.canvas.viewport(), Qt.MouseButton.LeftButton, pos=point)  # again
    assert ed.selection.ref == adjp.id
    keys(qtbot, win, K.Key_Y)
    assert "(ADVP (RB very)" in gold_text(win, 2)


def test_history_dialog_and_discard_on_quit(qtbot, tmp_path, opened):
    from PySide6.QtWidgets import QUndoView

    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    keys(qtbot, win, (K.Key_H, CTRL | SHIFT))
    view = ed.history_dialog.findChild(QUndoView)
    assert view.model().rowCount() == 2             # <opened file> + the edit
    assert "Take system (sentence 3)" in view.model().index(1, 0).data()
    assert "Take system" in ed.actions["undo"].text()
    ed.files.autosave()
    assert (tmp_path / "gold.mrg.tcompare.recovery").exists()
    ed.dialogs.ask_unsaved = lambda unsaved: "discard"
    assert win.close()
    assert gold.read_bytes() == original
    assert not (tmp_path / "gold.mrg.tcompare.recovery").exists()


def test_selection_frame_survives_a_layout_change(qtbot, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL))
    frame = ed.cursor.frames[0]
    win.set_layout_mode("stacked")
    qtbot.waitUntil(lambda: ed.cursor.frames and ed.cursor.frames[0] is not frame, timeout=3000)
    assert ed.cursor.frames[0].scene() is win.view_stack.currentWidget().scene


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_read_only_folder_leaves_the_original_and_says_so(qtbot, opened, tmp_path):
    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    mode = tmp_path.stat().st_mode
    tmp_path.chmod(0o555)
    try:
        keys(qtbot, win, (K.Key_S, CTRL))
    finally:
        tmp_path.chmod(mode)
    assert gold.read_bytes() == original and ed.dirty()
    kind, text = ed.dialogs.messages[-1]
    assert kind == "critical" and "cannot write in" in text


def test_unwritable_folder_simulated_leaves_the_original_and_says_so(qtbot, opened, monkeypatch):
    import tempfile

    win, ed, gold, system = opened
    original = gold.read_bytes()
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(tempfile, "mkstemp", denied)
    keys(qtbot, win, (K.Key_S, CTRL))
    monkeypatch.undo()
    assert gold.read_bytes() == original and ed.dirty()
    kind, text = ed.dialogs.messages[-1]
    assert kind == "critical" and "cannot write in" in text and "Permission denied" in text


def test_non_interactive_window_never_blocks_and_keeps_the_journal(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    win.files.add_system(str(system))              # reopening: no prompt, the edits are journaled
    qtbot.waitUntil(lambda: win.session.complete and win.current_position is not None,
                    timeout=LOAD_TIMEOUT)
    assert ed.stack.count() == 0             # nobody was asked: nothing restored ...
    assert (tmp_path / "gold.mrg.tcompare.recovery").exists()   # ... and nothing lost


@pytest.mark.issue(18)
def test_every_edit_is_journaled_as_it_happens(qtbot, tmp_path, opened):
    """A kill right after an edit loses nothing: the journal is written when the edit is made,
    not by the 30-second timer (which is not running out here)."""
    win, ed, gold, system = opened
    recovery = tmp_path / "gold.mrg.tcompare.recovery"
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    assert ed.autosave_timer.interval() >= 30000
    qtbot.waitUntil(recovery.exists, timeout=2000)
    assert "ADVP" in json.loads(recovery.read_text(encoding="utf-8"))["edits"]["3"]
    keys(qtbot, win, (K.Key_Z, CTRL))                   # the undo is journaled too
    qtbot.waitUntil(lambda: not recovery.exists() or
                    "3" not in json.loads(recovery.read_text(encoding="utf-8"))["edits"],
                    timeout=2000)


@pytest.mark.issue(18)
def test_the_status_bar_counts_only_what_is_unsaved(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    assert ed.files.unsaved_count() == 1 and "1 unsaved sentence" in ed.status_label.text()
    assert ed.files.save()
    assert ed.files.unsaved_count() == 0
    keys(qtbot, win, (K.Key_Z, CTRL))      # undone after the save: differs from the file again
    assert ed.dirty() and ed.files.unsaved_count() == 1
    keys(qtbot, win, (K.Key_Y, CTRL))      # redone: the file's version again
    assert not ed.dirty() and ed.files.unsaved_count() == 0
    # (before, every sentence ever edited counted as unsaved, saved or not)


@pytest.mark.issue(18)
def test_relabel_offers_the_treebanks_labels(qtbot, opened):
    win, ed, gold, system = opened
    asked = {}

    def ask(title, prompt, default="", choices=()):
        asked[title] = (default, list(choices))
        return None
    ed.dialogs.ask_text = ask
    win.go_to(2)
    keys(qtbot, win, (K.Key_Down, CTRL))
    ed.edits.relabel()
    default, choices = asked["Relabel"]
    assert default and {"NP", "VP", "PP", "S"} <= set(choices)
    assert choices.index("NP") < choices.index("PP")      # the most frequent first


@pytest.mark.issue(18)
def test_moving_a_phrase_up_and_back_with_keys(qtbot, opened):
    from tcompare.editing.selection import Selection

    win, ed, gold, system = opened
    win.go_to(2)          # gold: ate (NP (NP the cake) (PP on the table)); system: PP under VP
    tree = win.session.gold[1].item
    pp = next(n for n in tree.nodes() if n.label.raw == "PP")
    ed.cursor.select(Selection("gold", "node", pp.id))
    spans = lambda: sorted((i.label, i.start, i.end) for i in win.current_result.gold_items  # noqa: E731
                           if i.kind == "bracket")
    before = spans()
    keys(qtbot, win, K.Key_U)                              # out of the NP, beside it under VP
    assert "(VP (VBD ate) (NP (NP (DT the) (NN cake))) (PP" in gold_text(win, 1) or \
        "(VP (VBD ate) (NP (DT the) (NN cake)) (PP (IN on)" in gold_text(win, 1)
    moved = win.session.gold[1].item.node(ed.selection.ref)
    assert moved.label.raw == "PP"                         # the moved phrase stays selected
    assert ("NP", 3, 8) in before and ("NP", 3, 8) not in spans()   # rescored: the NP shrank
    keys(qtbot, win, (K.Key_Z, CTRL))
    assert "(NP (NP (DT the) (NN cake)) (PP (IN on)" in gold_text(win, 1)


KILLED_CHILD = textwrap.dedent("""
    import glob, os, sys, time
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from tcompare import formats
    from tcompare.gui.shell.window import MainWindow
    gold, system, ini, row = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    win = MainWindow(QSettings(ini, QSettings.Format.IniFormat))   # autosave timer: 30 s
    win.interactive = False
    win.show()
    win.open_files(gold, [system])
    while not win.session.complete or win.current_position is None:
        app.processEvents()
    win.go_to(row + 1)
    ed = win.editor
    ed.cursor.move_selection("child")
    ed.dialogs.ask_text = lambda *args, **kwargs: "XP"   # relabel: a phrase label / a relation
    assert ed.edits.relabel() and ed.dirty(), "no edit was made"
    edited = formats.get(win.session.notation).format_item(win.session.gold[row].item, "\\n")
    start = time.time()
    while not glob.glob(gold + ".tcompare*.recovery") and time.time() - start < 5:
        app.processEvents()                    # journaled by the edit itself, not the timer
        time.sleep(0.005)
    print("EDITED", repr(edited), flush=True)
    while True:
        app.processEvents()
        time.sleep(0.01)
""")


@pytest.mark.issue(18)
@pytest.mark.parametrize("case", ["ptb-pretty", "sinica", "conllx"])
def test_a_kill_right_after_an_edit_loses_nothing(qtbot, tmp_path, case):
    """kill -9 just after one edit (well inside the 30 s autosave interval), in a
    pretty-printed PTB, a Sinica and a CoNLL-X file: the next start restores the edit, and
    saving writes it with every other sentence byte for byte as it was."""
    import ast

    from tests.test_ptb import PRETTY

    if case == "ptb-pretty":
        gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
        gold.write_text(PRETTY, encoding="utf-8")
        system.write_text(PRETTY.replace("(ADJP", "(UCP").replace("(VP (MD will)", "(VP (NN will)"),
                          encoding="utf-8")
        row = 0
    else:
        name = {"sinica": ("sinica/gold.sinica", "sinica/system.sinica"),
                "conllx": ("conll/demo.gold.conll", "conll/demo.system.conll")}[case]
        gold, system = tmp_path / Path(name[0]).name, tmp_path / Path(name[1]).name
        shutil.copy(DEMO / name[0], gold)
        shutil.copy(DEMO / name[1], system)
        row = 0
    original = gold.read_bytes()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", KILLED_CHILD, str(gold), str(system),
                              str(tmp_path / "child.ini"), str(row)], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.startswith("EDITED"), child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    edited = ast.literal_eval(line.split(" ", 1)[1])
    assert gold.read_bytes() == original                  # the kill wrote nothing to the file
    win, ed = make_window(qtbot, tmp_path)
    ed.dialogs.ask_yes_no = lambda title, text: True
    open_and_wait(qtbot, win, gold, [system])
    qtbot.waitUntil(lambda: ed.stack.count() == 1, timeout=5000)
    from tcompare import formats
    fmt = formats.get(win.session.notation).format_item
    assert fmt(win.session.gold[row].item, "\n") == edited      # the edit came back
    assert ed.files.save()
    saved = formats.read_file(gold)
    before = formats.read_text(original.decode("utf-8"), saved.notation)
    assert fmt(saved[row].item, "\n") == edited
    assert [r.source for r in saved.records[row + 1:]] == [r.source for r in before.records[row + 1:]]


@pytest.mark.issue(18)
def test_recovery_after_a_save_does_not_say_the_file_changed(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    win.go_to(3)
    keys(qtbot, win, (K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
         (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)
    assert ed.files.save()                                   # the file now has the edit
    keys(qtbot, win, (K.Key_Z, CTRL))                  # a second edit after the save
    qtbot.waitUntil(lambda: bool(list(tmp_path.glob("gold.mrg.tcompare*.recovery"))), timeout=3000)
    win.removeEventFilter(ed)
    ed.files.gold_file = None                                # the window dies without a word
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    offered = []
    ed2.dialogs.ask_yes_no = lambda title, text: offered.append(text) or False
    open_and_wait(qtbot, win2, gold, [system])
    assert offered and "changed since" not in offered[0]
    # (the undo after the save was journaled: before, only "edited" sentences were, and an
    # undo back to the sentence as first read was lost on a crash)
