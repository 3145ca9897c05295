"""The recovery offer (issue 34): it names the sentences it restores, shows each beside the
file's version before anything is applied, lets the user choose when the file changed the
same sentence on disk, names (never offers) other accounts' journals, and says in a dialog
when the journal had to move to the state folder."""

from __future__ import annotations

import json
import os

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from test_editing_gui import CTRL, K, gold_text, keys, make_window, open_and_wait, opened, ptb  # noqa: F401
from tcompare.editing import journal
from tcompare.gui.editor.recovery_dialog import (KEEP_EDIT, KEEP_FILE, RecoveryDialog, marked_pair,
                                          number_list)

ADJP_TO_ADVP = ((K.Key_Down, CTRL), (K.Key_Down, CTRL), (K.Key_Right, CTRL),
                (K.Key_Down, CTRL), (K.Key_Right, CTRL), K.Key_Y)


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state"


def edit_and_crash(qtbot, win, ed, sentences=(3,)):
    """Edit each sentence (3: take the system's ADVP; others: relabel a phrase XP), journal,
    and let the window go without a word."""
    for n in sentences:
        win.go_to(n)
        if n == 3:
            keys(qtbot, win, *ADJP_TO_ADVP)
        else:                                   # relabel the first phrase under the root XP
            ed.cursor.move_selection("child")
            ed.dialogs.ask_text = lambda *args, **kwargs: "XP"
            assert ed.edits.relabel()
    assert ed.files.autosave() or ed.files.gold_file.journal.path.exists()
    win.removeEventFilter(ed)
    win.hide()
    ed.files.gold_file = None


def reopen(qtbot, tmp_path, gold, system, answer):
    """A new window on the files; `answer(offer)` answers the recovery offer."""
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    offers = []
    ed2.dialogs.ask_recovery = lambda offer: offers.append(offer) or answer(offer)
    open_and_wait(qtbot, win2, gold, [system])
    qtbot.waitUntil(lambda: bool(offers) or ed2.files.recovery_checked is not None, timeout=5000)
    return win2, ed2, offers


def test_number_list():
    assert number_list([3]) == "3"
    assert number_list([7, 1, 2, 3, 9, 10]) == "1–3, 7, 9–10"


def test_marked_pair_marks_only_what_differs():
    before, after = marked_pair("(ADJP (RB very) (JJ happy))", "(ADVP (RB very) (JJ happy))")
    assert "ADJP</span>" in before and "ADVP</span>" in after
    assert before.count("<span") == 1 and "(RB very)" in before


def test_the_offer_names_the_sentences(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    edit_and_crash(qtbot, win, ed)
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    asked = []
    ed2.dialogs.ask_yes_no = lambda title, text: asked.append(text) or True
    open_and_wait(qtbot, win2, gold, [system])
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert "sentence(s) 3." in asked[0]
    assert "restored sentence(s) 3 from the autosave" in ed2.last_message


def test_an_outside_change_to_the_same_sentence_is_a_choice_not_an_overwrite(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    edit_and_crash(qtbot, win, ed, (3, 5))
    # meanwhile a teammate changes sentence 3 (and sentence 1) in the file on disk
    text = gold.read_text(encoding="utf-8")
    gold.write_text(text.replace("(VBD looked)", "(VBD seemed)").replace("(NN mat)", "(NN rug)"),
                    encoding="utf-8")
    win2, ed2, offers = reopen(qtbot, tmp_path, gold, system, lambda offer: {4})   # keep 5's edit only
    offer = offers[0]
    assert offer.changed and [s.row + 1 for s in offer.sentences] == [3, 5]
    assert [s.row + 1 for s in offer.conflicts] == [3]
    three = offer.sentences[0]
    assert "(VBD seemed)" in three.in_file and "(ADJP" in three.in_file
    assert "(VBD looked)" in three.autosaved and "(ADVP" in three.autosaved
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert "(VBD seemed) (ADJP" in gold_text(win2, 2)          # the teammate's version kept
    assert "(XP" in gold_text(win2, 4)                        # the other edit restored
    assert "(NN rug)" in gold_text(win2, 0)


def test_the_dialog_shows_both_versions_and_waits_for_a_choice(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    edit_and_crash(qtbot, win, ed, (3, 5))
    gold.write_text(gold.read_text(encoding="utf-8").replace("(VBD looked)", "(VBD seemed)"),
                    encoding="utf-8")
    captured = []
    win2, ed2, offers = reopen(qtbot, tmp_path, gold, system, lambda offer: captured.append(offer) and None)
    dialog = RecoveryDialog(offers[0])
    qtbot.addWidget(dialog)
    dialog.resize(1000, 500)
    dialog.show()
    assert dialog.table.rowCount() == 2
    assert dialog.table.item(0, 0).text() == "⚠ 3" and dialog.table.item(1, 0).text() == "5"
    shown = dialog.table.cellWidget(0, 2).text(), dialog.table.cellWidget(0, 3).text()
    assert "seemed</span>" in shown[0] and "looked</span>" in shown[1]
    assert "ADJP</span>" in shown[0] and "ADVP</span>" in shown[1]
    assert dialog.undecided() == [2] and not dialog.restore_button.isEnabled()
    dialog.choose(2, KEEP_EDIT)
    dialog.choose(4, KEEP_FILE)
    assert dialog.restore_button.isEnabled() and dialog.chosen_rows() == {2}
    dialog.restore_button.click()
    assert dialog.answer == "restore"
    assert ed2.stack.count() == 0                 # "decide later": nothing restored ...
    assert journal.load(gold) is not None         # ... and the autosave kept


def test_the_interactive_offer_is_the_dialog(qtbot, tmp_path, opened):
    win, ed, gold, system = opened
    edit_and_crash(qtbot, win, ed)
    win2, ed2 = make_window(qtbot, tmp_path, "settings2.ini")
    win2.interactive = True
    seen = []

    def answer():
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, RecoveryDialog):
            QTimer.singleShot(50, answer)
            return
        seen.append(dialog.summary.text())
        dialog.restore_button.click()
    QTimer.singleShot(50, answer)
    open_and_wait(qtbot, win2, gold, [system])
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=10000)
    win2.interactive = False
    assert "sentence(s) 3." in seen[0]
    assert "(ADVP (RB very) (JJ happy))" in gold_text(win2, 2)


def test_another_accounts_journal_is_named_not_offered(qtbot, tmp_path, opened, monkeypatch):
    win, ed, gold, system = opened
    planted = journal.recovery_path(gold)
    planted.write_text(json.dumps({"version": 1, "gold": str(gold), "notation": "ptb",
                                   "base_sha256": journal.file_hash(gold), "pid": 999_999_999,
                                   "edits": {"1": "(TOP (S (NP (NN evil)) (. .)))\n"}}), encoding="utf-8")
    owner = journal.owner_name(planted.stat().st_uid)
    real_uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real_uid + 4242)
    win2, ed2, offers = reopen(qtbot, tmp_path, gold, system, lambda offer: offer.default_rows())
    assert offers == []                                      # nothing to offer ...
    assert ed2.stack.count() == 0 and "evil" not in gold_text(win2, 0)
    assert f"{planted.name} belongs to {owner}" in ed2.last_message    # ... but it is named
    assert planted.exists()


def test_a_folder_at_the_journals_name_is_said_in_a_dialog_and_the_edits_survive(qtbot, tmp_path, ptb, state_home):
    gold, system = ptb
    journal.recovery_path(gold).mkdir()
    win, ed = make_window(qtbot, tmp_path)
    open_and_wait(qtbot, win, gold, [system])
    win.go_to(3)
    keys(qtbot, win, *ADJP_TO_ADVP)
    qtbot.waitUntil(lambda: bool(ed.dialogs.messages), timeout=3000)
    kind, text = ed.dialogs.messages[0]
    assert kind == "warning" and "a folder has the journal's name" in text
    assert str(state_home / "tcompare" / "recovery") in text
    assert len(ed.dialogs.messages) == 1
    ed.undo()                                  # more journaling: not said again
    ed.redo()
    edit_and_crash(qtbot, win, ed, ())
    win2, ed2, offers = reopen(qtbot, tmp_path, gold, system, lambda offer: offer.default_rows())
    assert [s.row + 1 for s in offers[0].sentences] == [3]
    qtbot.waitUntil(lambda: ed2.stack.count() == 1, timeout=5000)
    assert "(ADVP (RB very) (JJ happy))" in gold_text(win2, 2)
