"""First contact (issue 34): File › Open names gold and system explicitly, dialogs start where
the files are, a command-line --profile is not remembered, Help leads to the manual."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from gui_helpers import LOAD_TIMEOUT, new_window, open_and_wait, window  # noqa: F401
from tcompare.gui.shell.open_dialog import OpenDialog, start_folder

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo" / "ptb"


@pytest.fixture
def pair(tmp_path):
    folder = tmp_path / "corpus"
    folder.mkdir()
    gold, system = folder / "gold.mrg", folder / "system.mrg"
    shutil.copy(DEMO / "gold.mrg", gold)
    shutil.copy(DEMO / "system.mrg", system)
    return gold, system


def profile_shown(window) -> str:
    """The profile the running total names (its first row)."""
    table = window.sidebar.total_table
    assert table.item(0, 0).text() == "profile"
    return table.item(0, 1).text()


def test_open_takes_gold_and_system_from_their_fields_not_the_click_order(qtbot, tmp_path, pair, monkeypatch):
    """Before: Ctrl+O, click system.mrg, Ctrl+click gold.mrg, Open made system.mrg the gold."""
    gold, system = pair
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *args, **kwargs: ([str(system), str(gold)], "")))
    win = new_window(qtbot, tmp_path)

    def fill(dialog):
        dialog.ask_file = lambda title, folder, many: [str(system)] if many else [str(gold)]
        dialog.system_add.click()          # the system first, as the clicks went
        dialog.gold_browse.click()
        assert dialog.open_button.isEnabled()
        return True
    win.actions_.run_open_dialog = fill
    with qtbot.waitSignal(win.session.finished, timeout=LOAD_TIMEOUT):
        win.actions_.open_gold.trigger()                    # File › Open (Ctrl+O)
    assert Path(win.session.request.gold) == gold
    assert [Path(p) for p in win.session.request.systems] == [system]
    assert win.session.gold.path == str(gold)


def test_swap_exchanges_gold_and_the_selected_system(qtbot, pair):
    gold, system = pair
    dialog = OpenDialog(None, str(system), [str(gold)])
    qtbot.addWidget(dialog)
    assert dialog.open_button.isEnabled()
    dialog.swap_button.click()
    assert (dialog.gold(), dialog.systems()) == (str(gold), [str(system)])


def test_the_dialog_refuses_what_cannot_be_opened(qtbot, pair, tmp_path):
    gold, system = pair
    dialog = OpenDialog(None)
    qtbot.addWidget(dialog)
    assert not dialog.open_button.isEnabled() and dialog.problem.text() == "Choose the gold file."
    dialog.set_files(str(gold), [str(gold)])
    assert not dialog.open_button.isEnabled() and "also a system file" in dialog.problem.text()
    dialog.set_files(str(tmp_path), [str(system)])
    assert not dialog.open_button.isEnabled() and "a folder, not a file" in dialog.problem.text()
    dialog.set_files(str(gold), [])                  # a gold file alone is fine
    assert dialog.open_button.isEnabled()


def test_a_remembered_pair_is_one_choice_away(qtbot, pair):
    gold, system = pair
    dialog = OpenDialog(None, recent=[[str(gold), str(system)], [str(system)]])
    qtbot.addWidget(dialog)
    assert dialog.recent_combo.count() == 3
    assert dialog.recent_combo.itemText(1) == "gold gold.mrg  ·  system system.mrg"
    dialog.recent_combo.activated.emit(1)
    assert (dialog.gold(), dialog.systems()) == (str(gold), [str(system)])
    assert dialog.open_button.isEnabled()


def test_dialogs_start_in_the_gold_files_folder(qtbot, tmp_path, pair, monkeypatch):
    gold, system = pair
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    win = new_window(qtbot, tmp_path, last_folder=str(elsewhere))
    open_and_wait(qtbot, win, gold, [system])            # as from the command line
    started = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda parent, title, folder, *a: started.append(folder) or ([], "")))
    win.actions_.choose_system()                         # File › Add system
    dialogs = []
    win.actions_.run_open_dialog = lambda dialog: dialogs.append(dialog) and False
    win.actions_.choose_gold()                           # File › Open
    assert started == [str(gold.parent)]
    assert dialogs[0].folder_for() == str(gold.parent)


def test_start_folder_falls_back_in_order(tmp_path):
    assert start_folder(None, "", str(tmp_path / "nope" / "x.mrg"), str(tmp_path)) == str(tmp_path)
    assert start_folder(str(tmp_path / "x.mrg")) == str(tmp_path)
    assert start_folder() == str(Path.home())


def test_help_documentation_shows_the_manual(qtbot, window):
    help_menu = window.actions_.menus["help"]
    assert window.actions_.documentation in help_menu.actions()
    docs = window.actions_.show_documentation()
    assert [p.name for p in docs.pages][:1] == ["gui.md"] and docs.pages[-1].name == "README.md"
    assert "The comparison window" in docs.browser.toPlainText()
    docs.page_list.setCurrentRow(len(docs.pages) - 1)
    assert "tcompare" in docs.browser.toPlainText()


def test_a_command_line_profile_applies_to_that_run_only(qtbot, tmp_path):
    from tcompare.gui.shell.app import make_window
    from tcompare.gui.shell.launch import build_parser, check

    def start(argv):
        args = build_parser().parse_args(argv)
        assert check(args) == (0, "")
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        win = make_window(args, settings)
        win.interactive = False
        qtbot.addWidget(win)
        qtbot.waitUntil(lambda: win.session.complete and win.current_position is not None,
                        timeout=LOAD_TIMEOUT)
        win.refresh_summary()
        return win

    first = start([str(DEMO / "gold.mrg"), str(DEMO / "system.mrg"), "--profile", "jp-evalb"])
    assert first.session.profile.name == "jp-evalb"
    assert profile_shown(first) == "jp-evalb"
    first.close()
    plain = start([])                                   # the demo, with nothing asked for
    assert plain.session.profile.name == "evalb"
    assert profile_shown(plain) == "evalb"
    with qtbot.waitSignal(plain.session.finished, timeout=LOAD_TIMEOUT):
        plain.sidebar.profile_combo.setCurrentText("jp-evalb")      # chosen in the window
    assert plain.prefs.last_profile("ptb") == "jp-evalb"
    assert profile_shown(plain) == "jp-evalb"
