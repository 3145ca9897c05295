"""Shared pytest-qt helpers for tests that drive the real main window.

Import the fixture into a test module with ``from gui_helpers import window, open_and_wait``
(pytest finds fixtures in the module's namespace).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tcompare.gui.shell.window import MainWindow

LOAD_TIMEOUT = 60000


def new_window(qtbot, tmp_path, **settings_values) -> MainWindow:
    """A non-interactive main window (dialogs never block) with its own settings file, the
    given settings stored in it first."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    for key, value in settings_values.items():
        settings.setValue(key, value)
    win = MainWindow(settings)
    win.interactive = False
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


@pytest.fixture
def window(qtbot, tmp_path):
    """A non-interactive main window (dialogs never block) with its own settings file."""
    return new_window(qtbot, tmp_path)


def open_and_wait(qtbot, win, gold, systems=(), **kw):
    """Open gold + system file(s), wait until scoring finished and a sentence is shown;
    returns whether the load ran to the end."""
    if isinstance(systems, (str, Path)):
        systems = [systems]
    with qtbot.waitSignal(win.session.finished, timeout=LOAD_TIMEOUT) as blocker:
        win.open_files(str(gold), [str(s) for s in systems], **kw)
    qtbot.waitUntil(lambda: win.current_position is not None or win.last_error, timeout=5000)
    return blocker.args[0]
