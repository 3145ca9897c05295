"""Issue 15: a seeded monkey -- random keys, clicks and file drops on the main window.

Public behaviour only (the window from `gui_helpers.window`, Qt events sent to it): no
exception may escape a slot (pytest-qt fails the test on one), the event loop must keep
answering (each step is bounded; pytest-timeout stops a freeze), and the window must still
show a sentence at the end.  Modal dialogs a key may open (file, export, about) are closed
by a timer, as a user pressing Escape would.  TCOMPARE_MONKEY_STEPS / _SEED vary the run.
"""

from __future__ import annotations

import os
import random
import shutil
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from gui_helpers import open_and_wait, window  # noqa: F401 - fixture

pytestmark = [pytest.mark.issue(15), pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
CRASHERS = ROOT / "tests" / "crashers"
STEPS = int(os.environ.get("TCOMPARE_MONKEY_STEPS", 300))
SEED = int(os.environ.get("TCOMPARE_MONKEY_SEED", 15))
STEP_SECONDS = 10          # one event (and what it starts) may not keep the loop busy longer

K = Qt.Key
KEYS = [K.Key_Up, K.Key_Down, K.Key_Left, K.Key_Right, K.Key_PageUp, K.Key_PageDown,
        K.Key_Home, K.Key_End, K.Key_Tab, K.Key_Backtab, K.Key_Space, K.Key_Return,
        K.Key_Escape, K.Key_Delete, K.Key_Backspace, K.Key_F2, K.Key_F3, K.Key_Plus, K.Key_Minus,
        *[getattr(K, f"Key_{c}") for c in "ABCDEFGHIJKLMNPRTUVXYZ0123456789"]]
MODS = [Qt.KeyboardModifier.NoModifier] * 4 + [
    Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier,
    Qt.KeyboardModifier.AltModifier,
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier]
NEVER = {(K.Key_Q, Qt.KeyboardModifier.ControlModifier), (K.Key_W, Qt.KeyboardModifier.ControlModifier)}


def _close_modals() -> None:
    modal = QApplication.activeModalWidget()
    if modal is not None:
        modal.close()
    popup = QApplication.activePopupWidget()
    if popup is not None:
        popup.close()


def _drop(win, paths: list[Path]) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    point = QPointF(win.width() / 2, win.height() / 2)
    event = QDropEvent(point, Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(win, event)


def _drops(tmp_path: Path) -> list[list[Path]]:
    pairs = []
    for notation in ("ptb", "conll", "tct", "sinica", "ccg", "pku", "tct2012"):
        files = sorted(p for p in (DEMO / notation).iterdir() if p.suffix != ".md")
        gold = [p for p in files if "gold" in p.name]
        system = [p for p in files if "system" in p.name]
        if gold and system:
            pairs.append([gold[0], system[0]])
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "empty.mrg").write_bytes(b"")
    (odd / "nul.mrg").write_bytes(b"\0" * 100_000)
    crashers = [p for p in sorted(CRASHERS.iterdir()) if p.name != "README.md"][:6]
    pairs += [[odd / "empty.mrg"], [odd / "nul.mrg"], [odd / "missing.mrg"],
              *[[p] for p in crashers], [DEMO / "ptb" / "gold.mrg", odd / "nul.mrg"]]
    return pairs


def test_monkey(qtbot, tmp_path, window):  # noqa: F811 - the fixture
    win = window
    work = tmp_path / "work"
    shutil.copytree(DEMO / "ptb", work)       # saves and autosaves land in tmp_path
    open_and_wait(qtbot, win, work / "gold.mrg", [work / "system.mrg"])
    rng = random.Random(SEED)
    drops = _drops(tmp_path)
    closer = QTimer()
    closer.timeout.connect(_close_modals)
    closer.start(50)
    try:
        for step in range(STEPS):
            action = rng.random()
            started = time.monotonic()
            if action < 0.75:
                key, mod = rng.choice(KEYS), rng.choice(MODS)
                if (key, mod) in NEVER:
                    continue
                target = QApplication.focusWidget() or win
                if not target.isVisible() or target.window() is not win:
                    target = win
                qtbot.keyClick(target, key, mod)
            elif action < 0.93:
                widgets = [w for w in win.findChildren(QWidget)
                           if w.isVisible() and w.width() > 4 and w.height() > 4]
                widget = rng.choice(widgets) if widgets else win
                pos = QPoint(rng.randrange(widget.width()), rng.randrange(widget.height()))
                button = rng.choice([Qt.MouseButton.LeftButton] * 3 + [Qt.MouseButton.RightButton])
                if rng.random() < 0.2:
                    qtbot.mouseDClick(widget, button, pos=pos)
                else:
                    qtbot.mouseClick(widget, button, pos=pos)
            else:
                _drop(win, rng.choice(drops))
            QApplication.processEvents()
            if win.session.request is not None and not win.session.complete:
                qtbot.waitUntil(lambda: win.session.complete or bool(win.last_error),
                                timeout=STEP_SECONDS * 1000)
            assert time.monotonic() - started < STEP_SECONDS * 3, f"step {step} froze the window"
            if not win.isVisible():
                win.show()
    finally:
        closer.stop()
        _close_modals()
    # still alive: it answers, and a good pair still loads and shows a sentence
    open_and_wait(qtbot, win, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    assert win.current_position is not None
