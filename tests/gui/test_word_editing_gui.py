"""Word-level editing in the dependency view (issue 30 item 3), through the real window
(pytest-qt, offscreen): a word's columns and the feature editor, token split/merge,
multiword tokens, sentence split/merge; undo, lossless save, scores equal `tcompare score`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gui_helpers import new_window, open_and_wait
from tcompare.cli import main as cli_main
from tcompare.editing.selection import Selection
from tcompare.workspace.totals import totals_json

K = Qt.Key
VALIDATOR = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parents[3] / "refs")) \
    / "ud-tools" / "validate.py"
CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier

GOLD = """# newdoc id = d1
# sent_id = s1
# text = She cannot come.
1\tShe\tshe\tPRON\tPRP\tCase=Nom|Number=Sing|Person=3|PronType=Prs\t4\tnsubj\t_\t_
2-3\tcannot\t_\t_\t_\t_\t_\t_\t_\t_
2\tcan\tcan\tAUX\tMD\tVerbForm=Fin\t4\taux\t_\t_
3\tnot\tnot\tPART\tRB\tPolarity=Neg\t4\tadvmod\t_\t_
4\tcome\tcome\tVERB\tVB\tVerbForm=Inf\t0\troot\t_\tSpaceAfter=No
5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t_\t_

# sent_id = s2
# text = It rains. Cats sleep.
1\tIt\tit\tPRON\tPRP\tCase=Nom|Gender=Neut|Number=Sing|Person=3|PronType=Prs\t2\texpl\t_\t_
2\trains\train\tVERB\tVBZ\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_
4\tCats\tcat\tNOUN\tNNS\tNumber=Plur\t5\tnsubj\t_\t_
5\tsleep\tsleep\tVERB\tVBP\tMood=Ind|Tense=Pres|VerbForm=Fin\t2\tparataxis\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t.\t_\t5\tpunct\t_\t_

# sent_id = s3
# text = Birds fly.
1\tBirds\tbird\tNOUN\tNNS\tNumber=Plur\t2\tnsubj\t_\t_
2\tfly\tfly\tVERB\tVBP\tMood=Ind|Tense=Pres|VerbForm=Fin\t0\troot\t_\tSpaceAfter=No
3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""
SYSTEM = GOLD.replace("\t4\tnsubj\t_\t_", "\t4\tobj\t_\t_").replace(
    "\t2\tparataxis\t", "\t2\tconj\t").replace("1\tBirds\tbird\tNOUN\tNNS\tNumber=Plur\t2", "1\tBirds\tbird\tNOUN\tNNS\tNumber=Plur\t3")


@pytest.fixture
def opened(qtbot, tmp_path):
    gold, system = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    gold.write_bytes(GOLD.encode("utf-8"))
    system.write_bytes(SYSTEM.encode("utf-8"))
    win = new_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold, [system], profile="conll18")
    ed = win.editor
    ed.dialogs.message_box = lambda kind, title, text: setattr(ed.dialogs, "last_message", text)
    return win, ed, gold, system


def answers(ed, *values):
    queue = list(values)
    ed.dialogs.ask_text = lambda *a, **k: queue.pop(0)
    ed.dialogs.ask_features = lambda *a, **k: queue.pop(0)


def select(win, row: int, word: int) -> None:
    win.go_to(row + 1)
    win.editor.cursor.select(Selection("gold", "token", word))


def press(qtbot, win, key, mods=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(win, key, mods)


def save(qtbot, win) -> None:
    press(qtbot, win, K.Key_S, CTRL)


def valid(path: Path) -> bool:
    """The official validator (UD tools' validate.py, level 2, English) passes the file;
    True when it is absent (the rest of the test still runs)."""
    from tcompare.analysis import ud_validator

    if not VALIDATOR.exists():
        return True
    report = ud_validator.run_validator(ud_validator.find_validator(str(VALIDATOR)), str(path),
                                        "en", 2)
    assert report.passed, [str(p) for p in report.problems]
    return True


def test_a_words_columns_edit_save_and_undo_to_the_same_bytes(qtbot, opened):
    win, ed, gold, _system = opened
    select(win, 2, 0)                                   # "Birds"
    answers(ed, "PROPN", "Birdy", "Number=Plur|Abbr=Yes", "NNP", "Translit=b")
    press(qtbot, win, K.Key_P)                          # UPOS
    press(qtbot, win, K.Key_L)                          # LEMMA
    press(qtbot, win, K.Key_F)                          # FEATS (the feature editor's answer)
    press(qtbot, win, K.Key_P, SHIFT)                   # XPOS
    press(qtbot, win, K.Key_I)                          # MISC
    word = win.session.gold[2].item.words[0]
    assert (word.cpostag, word.lemma, word.feats, word.postag, word.pdeprel) == \
        ("PROPN", "Birdy", "Abbr=Yes|Number=Plur", "NNP", "Translit=b")
    save(qtbot, win)
    expected = GOLD.replace("1\tBirds\tbird\tNOUN\tNNS\tNumber=Plur\t2\tnsubj\t_\t_",
                            "1\tBirds\tBirdy\tPROPN\tNNP\tAbbr=Yes|Number=Plur\t2\tnsubj\t_\tTranslit=b")
    assert gold.read_bytes() == expected.encode("utf-8") and valid(gold)
    # an invalid value is refused with a message, nothing pushed
    count = ed.stack.count()
    answers(ed, "NOUNY")
    press(qtbot, win, K.Key_P)
    assert ed.stack.count() == count and "universal POS" in ed.last_message
    for _ in range(5):
        press(qtbot, win, K.Key_Z, CTRL)
    save(qtbot, win)
    assert gold.read_bytes() == GOLD.encode("utf-8")
    for _ in range(5):                                  # redo: the same bytes as the edits'
        press(qtbot, win, K.Key_Z, CTRL | SHIFT)
    save(qtbot, win)
    assert gold.read_bytes() == expected.encode("utf-8")
    open_and_wait(qtbot, win, gold, [_system], profile="conll18")     # reopened
    word = win.session.gold[2].item.words[0]
    assert (word.cpostag, word.lemma, word.feats) == ("PROPN", "Birdy", "Abbr=Yes|Number=Plur")


def test_token_split_merge_and_multiword_tokens(qtbot, opened):
    win, ed, gold, _system = opened
    select(win, 2, 0)
    answers(ed, "Bird s")
    press(qtbot, win, K.Key_K)                          # split "Birds"
    words = win.session.gold[2].item.words
    assert [w.form for w in words] == ["Bird", "s", "fly", "."]
    save(qtbot, win)
    text = gold.read_text(encoding="utf-8")
    assert "1\tBird\tbird\tNOUN\tNNS\tNumber=Plur\t3\tnsubj\t_\tSpaceAfter=No\n2\ts\t" in text
    assert text.startswith(GOLD[:GOLD.index("# sent_id = s3")]) and valid(gold)  # untouched bytes
    press(qtbot, win, K.Key_J)                          # join "Bird" + "s"
    assert [w.form for w in win.session.gold[2].item.words] == ["Birds", "fly", "."]
    # a multiword token over "Birds fly"... has a space: refused; the MWT of s1 dissolved
    select(win, 0, 1)                                   # "can" of "cannot"
    press(qtbot, win, K.Key_W, SHIFT)
    rows = win.session.gold[0].item.rows
    assert [r.id for r in rows] == ["1", "2", "3", "4", "5"]
    answers(ed, "cannot")
    press(qtbot, win, K.Key_W)                          # and made again
    save(qtbot, win)
    saved = gold.read_text(encoding="utf-8")
    assert saved[:saved.index("# sent_id = s3")] == GOLD[:GOLD.index("# sent_id = s3")]
    assert valid(gold)
    while ed.stack.canUndo():
        press(qtbot, win, K.Key_Z, CTRL)
    save(qtbot, win)
    assert gold.read_bytes() == GOLD.encode("utf-8")


def score_json(capsys, gold, system) -> dict:
    capsys.readouterr()
    assert cli_main(["score", "--profile", "conll18", "--output", "json", str(gold), str(system)]) == 0
    return json.loads(capsys.readouterr().out)["summary"]


def shown_totals(win) -> dict:
    return json.loads(json.dumps(totals_json(win.session.workspace)["summary"]))


def test_sentence_split_and_merge_with_a_system_scores_as_score_does(qtbot, opened, capsys):
    win, ed, gold, system = opened
    first = shown_totals(win)
    marks = ed.files.gold_file
    marks.toggle_mark(2, "flagged")                     # "Birds fly." flagged (sidecar: 3)
    marks.set_note(1, "two sentences?")
    select(win, 1, 3)                                   # before "Cats"
    press(qtbot, win, K.Key_K, CTRL)
    assert len(win.session.gold) == 4
    assert win.table_model.rowCount() == win.session.row_count
    assert marks.mark(3) == ("flagged", "") and marks.mark(1) == ("", "two sentences?")
    sidecar = gold.with_name(gold.name + ".tcompare.json")
    assert "3" in json.loads(sidecar.read_text("utf-8"))["sentences"]   # the file's numbers
    save(qtbot, win)
    assert set(json.loads(sidecar.read_text("utf-8"))["sentences"]) == {"2", "4"}
    text = gold.read_text(encoding="utf-8")
    assert "# sent_id = s2-a\n# text = It rains.\n" in text and "# sent_id = s2-b\n# text = Cats sleep.\n" in text
    assert shown_totals(win) == score_json(capsys, gold, system) != first
    assert valid(gold)
    # merge the halves again: the sentence as it was, same totals
    select(win, 1, 0)
    press(qtbot, win, K.Key_J, CTRL)
    assert len(win.session.gold) == 3
    save(qtbot, win)
    assert gold.read_bytes() == GOLD.encode("utf-8")     # s2 again, id, text and arcs
    assert set(json.loads(sidecar.read_text("utf-8"))["sentences"]) == {"2", "3"}
    assert shown_totals(win) == score_json(capsys, gold, system) == first
    # undo twice: the split undone too; the file's bytes
    press(qtbot, win, K.Key_Z, CTRL)
    assert len(win.session.gold) == 4
    press(qtbot, win, K.Key_Z, CTRL)
    save(qtbot, win)
    assert gold.read_bytes() == GOLD.encode("utf-8") and shown_totals(win) == first


def test_a_split_sentence_is_journaled_at_once_and_recovered_after_a_crash(qtbot, opened, tmp_path):
    win, ed, gold, system = opened
    select(win, 1, 3)
    press(qtbot, win, K.Key_K, CTRL)                    # split s2 before "Cats"
    select(win, 0, 0)
    answers(ed, "her")
    press(qtbot, win, K.Key_L)                          # and a lemma in s1
    qtbot.waitUntil(lambda: any(tmp_path.glob("gold.conllu.tcompare*.recovery")), timeout=3000)
    journal = json.loads(next(tmp_path.glob("gold.conllu.tcompare*.recovery")).read_text("utf-8"))
    assert sorted(journal["edits"]) == ["1", "2"]       # sentences of the file on disk
    assert journal["edits"]["2"].count("# sent_id") == 2
    win.removeEventFilter(ed)                           # "crash": no close prompt, no save
    win.hide()
    ed.files.gold_file = None                           # (its journal is no longer live)
    from tcompare import formats
    from tcompare.gui.editor.recovery_dialog import RecoveryDialog
    from tcompare.workspace.gold_file import GoldFile
    offer = GoldFile(formats.read_file(gold)).recovery()    # what the dialog would show
    dialog = RecoveryDialog(offer, win)
    qtbot.addWidget(dialog)
    assert "(2 sentences)" in dialog.table.cellWidget(1, 3).text()
    (tmp_path / "w2").mkdir()
    win2 = new_window(qtbot, tmp_path / "w2")           # (its own settings)
    ed2 = win2.editor
    ed2.dialogs.ask_yes_no = lambda title, text: True
    open_and_wait(qtbot, win2, gold, [system], profile="conll18")
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert len(win2.session.gold) == 4 and win2.session.gold[0].item.words[0].lemma == "her"
    assert gold.read_bytes() == GOLD.encode("utf-8")   # nothing written to the file
    assert ed2.files.save()
    text = gold.read_text(encoding="utf-8")
    assert "# sent_id = s2-b" in text and text.endswith(GOLD[GOLD.index("# sent_id = s3"):])
    press(qtbot, win2, K.Key_Z, CTRL)                   # the restore: one undoable step
    assert ed2.files.save() and gold.read_bytes() == GOLD.encode("utf-8")


def test_the_feature_editor_offers_the_treebanks_features_most_frequent_first(qtbot, opened):
    from tcompare.gui.editor.feature_dialog import FeatureDialog

    win, ed, _gold, _system = opened
    offer = ed.words._offer()
    # VERB: VerbForm on 3 verbs, Mood and Tense on 2, Number and Person on 1
    assert list(offer.inventory["VERB"])[:3] == ["VerbForm", "Mood", "Tense"]
    assert offer.inventory["VERB"]["VerbForm"] == ["Fin", "Inf"]
    assert offer.xpos[0] == "." and set(offer.xpos) == {".", "PRP", "VBP", "NNS", "MD", "RB",
                                                         "VB", "VBZ"}

    def check(feats):
        from tcompare.editing import word_edits
        return word_edits.format_feats(word_edits.parse_feats(feats))
    dialog = FeatureDialog("sleep", "VERB", "Mood=Ind|Tense=Pres|VerbForm=Fin",
                           offer.inventory, "*", check, win)
    qtbot.addWidget(dialog)
    names = [dialog.table.cellWidget(r, 0).text() for r in range(dialog.table.rowCount() - 1)]
    assert names[:3] == ["VerbForm", "Mood", "Tense"]
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled() and dialog.value() == "Mood=Ind|Tense=Pres|VerbForm=Fin"
    dialog.set_value("Tense", "")                     # removed
    dialog.set_value("Number", "Plur")                # a feature of another UPOS (pooled offer)
    assert dialog.value() == "Mood=Ind|Number=Plur|VerbForm=Fin" and ok.isEnabled()
    dialog.set_value("Mood", "ind")                   # typed freely: not a valid value
    assert not ok.isEnabled() and dialog.value() is None and "ind" in dialog.problem.text()
    dialog.set_value("Mood", "Sub")                   # free entry, valid
    assert dialog.value() == "Mood=Sub|Number=Plur|VerbForm=Fin" and ok.isEnabled()


def test_a_right_click_on_a_word_selects_it_and_offers_its_edits(qtbot, opened):
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtWidgets import QApplication, QGraphicsView

    win, ed, _gold, _system = opened
    win.go_to(2)
    view = win.view_stack.currentWidget()
    item = next(i for i in view.token_items() if i.data(2) == 4 and i.data(1) in ("gold", "both"))
    gv = next(g for g in view.findChildren(QGraphicsView) if item.scene() is g.scene())
    at = gv.mapFromScene(item.sceneBoundingRect().center())
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, gv.viewport().mapToGlobal(at))
    QApplication.sendEvent(gv.viewport(), event)
    assert ed.selection.ref == 4 and ed.context_menu is not None
    texts = [a.text().replace("&", "") for a in ed.context_menu.actions() if a.text()]
    assert "Split the sentence before the word" in texts and "Change features of the word…" in texts
    ed.context_menu.close()


def test_a_word_of_the_second_half_drawn_joined_is_not_edited_in_the_first(qtbot, opened):
    """conll18 scores the halves of a split sentence against the system's one sentence and
    draws them joined: a word of the second half says where to edit it, nothing changes."""
    win, ed, _gold, _system = opened
    select(win, 1, 3)
    press(qtbot, win, K.Key_K, CTRL)
    assert len(win.session.gold[1].item.words) == 3     # "It rains ."
    win.editor.cursor.select(Selection("gold", "token", 4))   # "sleep", drawn after them
    count = ed.stack.count()
    answers(ed, "sleeps")
    press(qtbot, win, K.Key_L)
    assert ed.stack.count() == count and "go to sentence 3" in ed.last_message


def test_an_empty_node_inserted_and_deleted(qtbot, tmp_path):
    """Enhanced UD: an empty node after a word (its form and DEPS asked), saved valid, then
    deleted: the file's bytes again."""
    lines = []
    for line in GOLD.split("\n"):                     # DEPS: each word's HEAD:DEPREL
        cols = line.split("\t")
        if len(cols) == 10 and cols[0].isdigit():
            cols[8] = f"{cols[6]}:{cols[7]}"
        lines.append("\t".join(cols))
    text = "\n".join(lines)
    gold = tmp_path / "enhanced.conllu"
    gold.write_text(text, encoding="utf-8")
    win = new_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold)
    ed = win.editor
    select(win, 2, 1)                                   # "fly"
    answers(ed, "flies", "2:conj")
    press(qtbot, win, K.Key_I, SHIFT)
    rows = win.session.gold[2].item.rows
    assert [(r.id, r.form, r.phead) for r in rows if r.kind == "empty"] == [("2.1", "flies", "2:conj")]
    save(qtbot, win)
    assert "2.1\tflies\t_\t_\t_\t_\t_\t_\t2:conj\t_\n" in gold.read_text(encoding="utf-8")
    assert valid(gold)
    answers(ed, "2.1 flies")
    press(qtbot, win, K.Key_D, SHIFT)
    save(qtbot, win)
    assert gold.read_bytes() == text.encode("utf-8")


SPLIT_THEN_WAIT = """
import glob, os, sys, time
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tcompare.editing.selection import Selection
from tcompare.gui.shell.window import MainWindow
gold, system, ini = sys.argv[1:4]
win = MainWindow(QSettings(ini, QSettings.Format.IniFormat))     # autosave timer: 30 s
win.interactive = False
win.show()
win.open_files(gold, [system], profile="conll18")
while not win.session.complete or win.current_position is None:
    app.processEvents()
win.go_to(2)
win.editor.cursor.select(Selection("gold", "token", 3))
assert win.editor.words.split_sentence()
start = time.time()
while not glob.glob(gold + ".tcompare*.recovery") and time.time() - start < 5:
    app.processEvents()                    # journaled by the edit itself, not the timer
    time.sleep(0.005)
print("SPLIT", flush=True)
while True:
    app.processEvents()
    time.sleep(0.01)
"""


@pytest.mark.heavy
def test_a_kill_right_after_a_sentence_split_loses_nothing(qtbot, opened, tmp_path):
    """kill -9 just after a sentence split (inside the 30 s autosave interval): the next
    start restores both halves, and saving writes them with the rest byte for byte."""
    import signal
    import subprocess
    import sys

    win, ed, gold, system = opened
    win.close()
    ed.files.gold_file = None
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(root))
    child = subprocess.Popen([sys.executable, "-c", SPLIT_THEN_WAIT, str(gold), str(system),
                              str(tmp_path / "child.ini")], cwd=root, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.startswith("SPLIT"), child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert gold.read_bytes() == GOLD.encode("utf-8")   # the kill wrote nothing to the file
    (tmp_path / "w2").mkdir()
    win2 = new_window(qtbot, tmp_path / "w2")
    ed2 = win2.editor
    ed2.dialogs.ask_yes_no = lambda title, text: True
    open_and_wait(qtbot, win2, gold, [system], profile="conll18")
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert len(win2.session.gold) == 4 and ed2.files.save()
    text = gold.read_text(encoding="utf-8")
    assert text.startswith(GOLD[:GOLD.index("# sent_id = s2")]) and \
        text.endswith(GOLD[GOLD.index("# sent_id = s3"):]) and "# sent_id = s2-b" in text


def test_word_edits_are_refused_outside_conllu(qtbot, tmp_path):
    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "conll"
    win = new_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, demo / "demo.gold.conll", [demo / "demo.system.conll"])
    count = win.editor.stack.count()
    press(qtbot, win, K.Key_K, CTRL)
    press(qtbot, win, K.Key_L)
    assert win.editor.stack.count() == count and "CoNLL-U" in win.editor.last_message


def test_a_run_of_words_becomes_one_multiword_token(qtbot, opened):
    win, ed, gold, _system = opened
    select(win, 2, 1)                                   # "fly" (no space before ".")
    press(qtbot, win, K.Key_Right, CTRL | SHIFT)        # the run: "fly ."
    assert (ed.selection.ref, ed.selection.run) == (1, 1)
    press(qtbot, win, K.Key_Right, CTRL | SHIFT)        # (no word after "."): stays
    assert ed.selection.run == 1
    answers(ed, "fly.")
    press(qtbot, win, K.Key_W)
    save(qtbot, win)
    text = gold.read_text(encoding="utf-8")
    # the range takes the last word's SpaceAfter (none), "fly" loses its own
    assert "2-3\tfly.\t_\t_\t_\t_\t_\t_\t_\t_\n2\tfly\tfly\tVERB\tVBP\tMood=Ind|Tense=Pres|" \
        "VerbForm=Fin\t0\troot\t_\t_\n3\t.\t" in text
    assert "# text = Birds fly.\n" in text and valid(gold)


def test_a_split_in_a_big_file_is_scored_again_in_the_background(qtbot, opened, capsys,
                                                                 monkeypatch):
    """Past `RESHAPE_NOW` sentences a split is scored again by a loader off the window's
    thread (busy meanwhile, edits wait); the sentence stays shown, the totals equal score."""
    from tcompare.workspace import document

    monkeypatch.setattr(document, "RESHAPE_NOW", 0)
    win, ed, gold, system = opened
    select(win, 1, 3)
    resized = []
    win.session.rows_resized.connect(lambda *a: resized.append(a))
    with qtbot.waitSignal(win.session.finished, timeout=30000):
        press(qtbot, win, K.Key_K, CTRL)
        assert resized == [(1, 1, 2)]                   # (per-row state moves at once)
        assert win.session.busy
        answers(ed, "x")
        press(qtbot, win, K.Key_L)                      # refused while it scores
    assert ed.stack.count() == 1
    qtbot.waitUntil(lambda: win.current_position == 1, timeout=5000)
    assert len(win.session.gold) == 4 and win.table_model.rowCount() == win.session.row_count
    assert [w.form for w in win.session.pair(0, 1)[0].words][:3] == ["It", "rains", "."]
    save(qtbot, win)
    assert shown_totals(win) == score_json(capsys, gold, system)
    with qtbot.waitSignal(win.session.finished, timeout=30000):
        press(qtbot, win, K.Key_Z, CTRL)
    save(qtbot, win)
    assert gold.read_bytes() == GOLD.encode("utf-8")


def test_a_word_split_into_a_multiword_token(qtbot, opened):
    """"wo+n't" style: the word's form becomes a multiword token over the two parts."""
    win, ed, gold, _system = opened
    select(win, 2, 0)
    answers(ed, "Bird+s")
    press(qtbot, win, K.Key_K)
    save(qtbot, win)
    text = gold.read_text(encoding="utf-8")
    assert "# text = Birds fly.\n1-2\tBirds\t_\t_\t_\t_\t_\t_\t_\t_\n1\tBird\t" in text
    assert "\n2\ts\t" in text and valid(gold)
