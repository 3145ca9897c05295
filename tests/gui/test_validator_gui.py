"""The official UD validator in the window (issue 30, item 4), pytest-qt offscreen.

The real validator (TCOMPARE_REFS/ud-tools; tests skip when absent) on real EWT sentences
broken on purpose, through the editor's own edits; fake validator programs for the
absent, slow and crashing cases.  Checked: an edit checks its sentence in a thread and the
finding lands on the word (mark + tooltip) and in the pane; a burst of edits runs once and
never waits; F7 checks the whole file; Ctrl+F8 and a click on the pane go to the sentence
and word; an absent validator is said once; a crash with its last words; the save warning
asks and never blocks; Preferences store the choices.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gui_helpers import new_window, open_and_wait

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_ud_validation import EWT as EWT_FILE  # noqa: E402
from test_ud_validation import FAKE, SCRIPT, broken, ewt_sentences, needs_validator  # noqa: E402

WAIT = 15000
NAME = "en_ewt-ud-test.conllu"        # the language comes from the name: en
# for the fake validators (no reference data needed): two small sentences
LOCAL = ("# sent_id = 1\n# text = The dogs bark loudly.\n"
         "1\tThe\tthe\tDET\tDT\t_\t2\tdet\t2:det\t_\n"
         "2\tdogs\tdog\tNOUN\tNNS\tNumber=Plur\t3\tnsubj\t3:nsubj\t_\n"
         "3\tbark\tbark\tVERB\tVBP\t_\t0\troot\t0:root\t_\n"
         "4\tloudly\tloudly\tADV\tRB\t_\t3\tadvmod\t3:advmod\tSpaceAfter=No\n"
         "5\t.\t.\tPUNCT\t.\t_\t3\tpunct\t3:punct\t_\n\n"
         "# sent_id = 2\n# text = Cats sleep.\n"
         "1\tCats\tcat\tNOUN\tNNS\tNumber=Plur\t2\tnsubj\t2:nsubj\t_\n"
         "2\tsleep\tsleep\tVERB\tVBP\t_\t0\troot\t0:root\tSpaceAfter=No\n"
         "3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_\n\n")


def files(tmp_path, text: str) -> Path:
    gold = tmp_path / NAME
    gold.write_text(text, encoding="utf-8")
    (tmp_path / "system.conllu").write_text(text, encoding="utf-8")
    return gold


def opened(qtbot, tmp_path, text: str, **settings):
    win = new_window(qtbot, tmp_path, **{f"validator/{k}": v for k, v in settings.items()})
    told: list[str] = []
    dialogs = win.editor.dialogs
    dialogs.tell = lambda text, msecs=8000: (told.append(text), setattr(dialogs, "last_message", text))
    boxes: list[str] = []
    dialogs.message_box = lambda kind, title, text: boxes.append(text)
    gold = files(tmp_path, text)
    assert open_and_wait(qtbot, win, gold, [tmp_path / "system.conllu"])
    win.validator.timer.setInterval(100)        # the pause after a burst of edits, shorter
    return win, told, boxes, gold


def fake_program(tmp_path: Path, mode: str) -> str:
    script = tmp_path / f"fake_{mode}.py"
    script.write_text(FAKE.format(mode=mode), encoding="utf-8")
    return str(script)


def relabel(win, word: int, relation: str) -> None:
    """F2 on gold word `word` (0-based): its relation becomes `relation`."""
    editor = win.editor
    editor.cursor.select(editor.cursor.selection.__class__("gold", "token", word))
    editor.dialogs.ask_text = lambda *a, **k: relation
    assert editor.edits.set_relation()


@needs_validator
def test_an_edit_checks_its_sentence_and_marks_the_word(qtbot, tmp_path):
    win, told, boxes, _ = opened(qtbot, tmp_path, ewt_sentences(), program=str(SCRIPT), python="")
    loop = win.validator
    assert "level 5, language en" in loop.pane.status.text()
    with qtbot.waitSignal(loop.changed, timeout=WAIT):
        relabel(win, 2, "advmod")                    # 'Google' (PROPN) as advmod: L3 error
    findings = loop.state.for_row(0)
    assert [(f.word, f.problem.test, f.is_error) for f in findings] == [(2, "rel-upos-advmod", True)]
    assert list(loop.marks.marked_words()) == [2]
    wave, badge = loop.marks.items
    assert "rel-upos-advmod" in badge.toolTip() and "'advmod' should be 'ADV'" in badge.toolTip()
    cell = next(c for c in win.view.token_items() if c.token.kind == "word" and c.token.word == 2)
    assert cell.sceneBoundingRect().intersects(badge.sceneBoundingRect())
    assert [win.validator.pane.list.topLevelItem(0).text(k) for k in range(4)] == [
        "1", "3 Google", "L3 SYNTAX error", "rel-upos-advmod"]
    assert "1 error(s), 0 warning(s)" in loop.pane.status.text()
    with qtbot.waitSignal(loop.changed, timeout=WAIT):
        win.editor.undo()                            # fixed again: its findings go
    assert loop.state.for_row(0) == [] and loop.marks.items == [] and boxes == []
    # the marks are overlays: an exported picture has none
    assert all(item.data(1) == "" for item in loop.marks.items)


def test_a_burst_of_edits_runs_once_and_never_waits(qtbot, tmp_path):
    win, *_ = opened(qtbot, tmp_path, LOCAL, program=fake_program(tmp_path, "slow"),
                     python=sys.executable)
    loop = win.validator
    loop.timer.setInterval(1000)     # a burst: each edit well inside the pause, even on a busy machine
    started = []
    loop.runner.started.connect(started.append)
    for relation in ("obj", "iobj", "nsubj"):        # typing, with a validator that sleeps 30 s
        t = time.monotonic()
        relabel(win, 2, relation)
        assert time.monotonic() - t < 0.5
    qtbot.waitUntil(lambda: len(started) == 1, timeout=WAIT)
    first = started[0]
    assert first.rows == [0] and "checking the edited sentence" in loop.pane.status.text()
    relabel(win, 0, "obj")
    qtbot.waitUntil(lambda: len(started) == 2, timeout=WAIT)
    assert first.cancelled and started[1].rows == [0]     # the older run stopped, rerun
    qtbot.waitUntil(lambda: first.run is not None and first.run.cancelled, timeout=WAIT)
    loop.shutdown()
    qtbot.waitUntil(lambda: not loop.runner.busy(), timeout=WAIT)


@needs_validator
def test_f7_checks_the_file_and_ctrl_f8_walks_invalid_sentences(qtbot, tmp_path):
    win, told, *_ = opened(qtbot, tmp_path, broken(ewt_sentences()), program=str(SCRIPT), python="")
    loop = win.validator
    with qtbot.waitSignal(loop.changed, timeout=WAIT):
        qtbot.keyClick(win, Qt.Key.Key_F7)
    assert loop.pane.isVisible() and loop.state.invalid_rows() == [0, 1, 2, 3]
    assert "5 error(s) in 4 sentence(s), 1 warning(s)" in loop.pane.status.text()
    model = win.table_model                    # the table's mark column: ⚠, the count in its tip
    cell = model.index(model.row_of(1), model.column_index("mark"))
    assert model.data(cell) == "⚠" and "UD validator: 2 error(s)" in model.data(cell, Qt.ItemDataRole.ToolTipRole)
    assert win.current_position == 0
    qtbot.keyClick(win, Qt.Key.Key_F8, Qt.KeyboardModifier.ControlModifier)
    assert win.current_position == 1 and win.editor.selection.ref == 8    # 'toward'
    assert sorted(loop.marks.marked_words()) == [0, 8, 10]        # 10: EWT's own warning
    qtbot.keyClick(win, Qt.Key.Key_F8, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert win.current_position == 0 and win.editor.selection.ref == 2
    # the empty node's problem: its cell (24.1) is marked; the pane's click goes there
    pane = loop.pane.list
    item = next(pane.topLevelItem(k) for k in range(pane.topLevelItemCount())
                if pane.topLevelItem(k).text(3) == "unknown-ehead")
    assert item.text(1) == "24.1"
    pane.itemClicked.emit(item, 0)
    assert win.current_position == 2
    qtbot.waitUntil(lambda: "24.1" in loop.marks.marked_words(), timeout=WAIT)
    assert loop.marks.items, "the empty node is drawn and marked"
    # F8 is still the window's next disagreement (gold = system here: none)
    assert win.actions_.next_error.shortcut().toString() == "F8"


def test_an_absent_validator_is_said_once(qtbot, tmp_path):
    win, told, boxes, _ = opened(qtbot, tmp_path, LOCAL,
                                 program=str(tmp_path / "nowhere" / "validate.py"), python="")
    loop = win.validator
    for relation in ("obj", "nsubj"):
        with qtbot.waitSignal(loop.changed, timeout=WAIT):
            relabel(win, 2, relation)
    said = [t for t in told if "UD validator not found" in t]
    assert len(said) == 1 and "nowhere/validate.py (Edit › Preferences) does not exist" in said[0]
    assert "UD validator not found" in loop.pane.status.text() and "Preferences" in loop.pane.status.text()
    assert boxes == []                                   # never a box per edit


def test_a_crash_is_said_with_its_last_words(qtbot, tmp_path):
    win, told, boxes, _ = opened(qtbot, tmp_path, LOCAL,
                                 program=fake_program(tmp_path, "crash"), python=sys.executable)
    with qtbot.waitSignal(win.validator.changed, timeout=WAIT):
        qtbot.keyClick(win, Qt.Key.Key_F7)
    assert "No module named 'udapi'" in win.validator.pane.status.text()
    assert any("failed" in t and "udapi" in t for t in told) and boxes == []


def test_the_save_warning_asks_and_never_blocks(qtbot, tmp_path):
    """A fake validator that always finds an error in line 3 (sentence 1, word 2)."""
    win, told, _, gold = opened(qtbot, tmp_path, LOCAL, python=sys.executable,
                                program=fake_program(tmp_path, "report"), warn_on_save="true")
    loop, files = win.validator, win.editor.files
    with qtbot.waitSignal(loop.changed, timeout=WAIT):
        relabel(win, 2, "obj")
    assert loop.state.invalid_rows() == [0]
    before = gold.read_bytes()
    questions: list[str] = []
    win.editor.dialogs.ask_yes_no = lambda title, text: (questions.append(text), False)[1]
    assert not files.save() and gold.read_bytes() == before
    assert "1 error(s) in 1 sentence(s) of this file (1)" in questions[0]
    win.editor.dialogs.ask_yes_no = lambda title, text: None     # nobody to ask: it saves
    assert files.save() and gold.read_bytes() != before
    loop.options = loop.options.__class__(**{**loop.options.__dict__, "warn_on_save": False})
    relabel(win, 2, "nsubj")
    win.editor.dialogs.ask_yes_no = lambda title, text: pytest.fail("asked with the setting off")
    assert files.save()


def test_preferences_store_the_validator_choices(qtbot, tmp_path):
    win, *_ = opened(qtbot, tmp_path, LOCAL, program=fake_program(tmp_path, "report"),
                     python=sys.executable)
    dialog = win.preferences.show_dialog()
    group = dialog.validator_group
    assert group.program.text().endswith("fake_report.py") and group.level.value() == 5
    assert group.found.text().startswith("Runs: " + sys.executable)
    group.level.setValue(2)
    group.language.setText("de")
    group.warn_on_save.setChecked(True)
    dialog.accept()
    options = win.validator.options
    assert (options.level, options.language, options.warn_on_save) == (2, "de", True)
    assert win.settings.value("validator/level") in (2, "2")
    assert "level 2, language de" in win.validator.pane.status.text()


def test_a_file_that_is_not_conllu_is_named_not_checked(qtbot, tmp_path):
    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "conll"
    win = new_window(qtbot, tmp_path)
    told: list[str] = []
    win.editor.dialogs.tell = lambda text, msecs=8000: told.append(text)
    assert open_and_wait(qtbot, win, demo / "demo.gold.conll", [demo / "demo.system.conll"])
    started = []
    win.validator.runner.started.connect(started.append)
    qtbot.keyClick(win, Qt.Key.Key_F7)
    assert started == [] and told[-1] == (
        f"the UD validator checks CoNLL-U files; demo.gold.conll is {win.session.workspace.notation}")
    assert win.validator.pane.status.text() == told[-1]


@needs_validator
def test_sentences_split_or_joined_move_the_findings(qtbot, tmp_path):
    """What the window's sentence split / join announces (`Session.rows_resized`, when the
    word-level editor has it): later findings move, the changed sentences are checked again,
    a run taken before is dropped."""
    win, *_ = opened(qtbot, tmp_path, broken(ewt_sentences()), program=str(SCRIPT), python="")
    loop = win.validator
    with qtbot.waitSignal(loop.changed, timeout=WAIT):
        qtbot.keyClick(win, Qt.Key.Key_F7)
    assert loop.state.invalid_rows() == [0, 1, 2, 3]
    loop.rows_resized(1, 1, 2)                # as if sentence 2 had been split in two
    assert loop.state.invalid_rows() == [0, 3, 4] and loop.pending == {1, 2}
    assert [f.row for f in loop.state.for_row(4)] == [4]
    loop.timer.stop()


@needs_validator
@pytest.mark.heavy        # EWT's whole test file (2,077 sentences, ~2 s of validator): `make test-all`
def test_whole_ewt_file_counts_are_the_validators_own(qtbot, tmp_path):
    """F7 on EWT's test file as released: the window's counts are the summary validate.py
    prints on the same file in the same run, every problem on a sentence and, when its line
    is a word's, on that word (the form the message quotes, where it quotes one)."""
    from tcompare.analysis import ud_validator

    gold = tmp_path / NAME
    gold.write_bytes(Path(EWT_FILE).read_bytes())
    reference = ud_validator.run_validator(ud_validator.find_validator(str(SCRIPT)), str(gold),
                                           "en", 5, ("--max-err", "0"))
    win = new_window(qtbot, tmp_path, **{"validator/program": str(SCRIPT)})
    assert open_and_wait(qtbot, win, gold)
    loop = win.validator
    with qtbot.waitSignal(loop.changed, timeout=120000):
        qtbot.keyClick(win, Qt.Key.Key_F7)
    errors = int(next(line for line in reference.summary if "FAILED" in line).split()[-2])
    warnings = int(next(line for line in reference.summary if line.startswith("Warnings:")).split()[-1])
    assert (loop.state.errors(), loop.state.warnings()) == (errors, warnings) == (8, 688)
    assert loop.state.file_level == [] and len(loop.state.invalid_rows()) == 8
    quoted = 0
    for f in loop.state.findings():
        form = win.session.workspace.gold[f.row].item.words[f.word].form
        # "Finite verb 'would' lacks…", "The word 'all' is tagged…", "… ('in')"
        m = re.search(r"^(?:Finite verb|The word) '([^']+)'|\('([^']+)'\)\.?$",
                      f.problem.message.splitlines()[0])
        if m:
            quoted += 1
            assert (m.group(1) or m.group(2)) == form, (f.row, f.word, f.problem.message)
    assert quoted > 600
