"""The annotator's scenario on a real X server, driven by xdotool as a person would
(issue 18): open, edit with the keyboard, kill -9 mid-session, start again, restore, save,
and the saved file equals what `tcompare score` then agrees with.

Needs Xvfb and xdotool (`make sysdeps-xvfb`); skipped cleanly without them.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo" / "ptb"

pytestmark = [pytest.mark.issue(18), pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                 reason="Xvfb and xdotool are not installed (make sysdeps-xvfb)")]


class Screen:
    """An Xvfb display, and the app and xdotool run on it."""

    def __init__(self, tmp: Path):
        self.display = f":{70 + os.getpid() % 200}"
        self.server = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x720x24",
                                        "-nolisten", "tcp"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self.env = dict(os.environ, DISPLAY=self.display, QT_QPA_PLATFORM="xcb",
                        XDG_CONFIG_HOME=str(tmp / "config"), PYTHONPATH=str(ROOT))
        self.env.pop("WAYLAND_DISPLAY", None)
        time.sleep(0.5)

    def app(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "tcompare", *args], cwd=ROOT,
                                env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def xdo(self, *args: str, check: bool = True) -> str:
        proc = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True,
                              timeout=30)
        if check and proc.returncode:
            raise AssertionError(f"xdotool {' '.join(args)}: {proc.stderr}")
        return proc.stdout.strip()

    def window(self, name: str) -> str:
        return self.xdo("search", "--sync", "--onlyvisible", "--name", name).splitlines()[0]

    def keys(self, window: str, *keys: str) -> None:
        """Typed as a person types: into the focused window (no synthetic events, which Qt
        ignores), focus given first (there is no window manager to give it)."""
        for key in keys:
            self.xdo("windowfocus", "--sync", window, check=False)
            self.xdo("key", "--clearmodifiers", key)
            time.sleep(0.15)

    def close(self) -> None:
        self.server.terminate()
        self.server.wait(10)


def restore_and_save(screen: Screen, gold: Path, system: Path) -> None:
    """Start again, answer the recovery question Yes (Return), save (Ctrl+S), quit (Ctrl+Q)."""
    again = screen.app(str(gold), str(system))
    try:
        screen.keys(screen.window("Recover unsaved edits"), "Return")
        win = screen.window("tcompare")
        time.sleep(1.0)
        screen.keys(win, "ctrl+s")
        time.sleep(1.0)
        screen.keys(win, "ctrl+q")
        again.wait(20)
    finally:
        if again.poll() is None:
            again.send_signal(signal.SIGKILL)
            again.wait(30)


@pytest.fixture
def screen(tmp_path):
    s = Screen(tmp_path)
    yield s
    s.close()


def test_edit_kill_restart_restore_save(screen, tmp_path):
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    shutil.copy(DEMO / "gold.mrg", gold)
    shutil.copy(DEMO / "system.mrg", system)
    original = gold.read_bytes()

    app = screen.app(str(gold), str(system), "--goto", "3")
    try:
        win = screen.window("tcompare")
        time.sleep(2.0)                               # loaded, sentence 3 drawn
        # the keys of the recovery test: down to a node and take the system's bracket
        screen.keys(win, "ctrl+Down", "ctrl+Down", "ctrl+Right", "ctrl+Down", "ctrl+Right", "y")
        time.sleep(1.0)                               # journaled by the edit itself
        journals = list(tmp_path.glob("gold.mrg.tcompare*.recovery"))
        assert journals, app.stderr.read1().decode() if app.poll() is not None else "no journal"
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(30)
    assert gold.read_bytes() == original              # the kill did not touch the file

    restore_and_save(screen, gold, system)
    saved = gold.read_text(encoding="utf-8").splitlines()
    before = original.decode("utf-8").splitlines()
    assert saved[2] != before[2] and "(ADVP (RB very) (JJ happy))" in saved[2]
    assert saved[:2] + saved[3:] == before[:2] + before[3:]   # every other line untouched
    # and the scorer agrees: the restored sentence now matches the system's bracket there
    proc = subprocess.run([sys.executable, "-m", "tcompare", "score", "--output", "json",
                           str(gold), str(system)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


PRETTY_SYSTEM_SWAP = ("(ADJP", "(UCP")


@pytest.mark.parametrize("case", ["ptb-pretty", "sinica", "conllx"])
def test_relabel_kill_restore_save_in_each_notation(screen, tmp_path, case):
    """The same scenario with F2 (relabel / relation) typed into the dialog, on a
    pretty-printed PTB, a Sinica and a CoNLL-X file: after the kill and the restore, the
    saved file has the new label on that sentence and every other sentence as it was."""
    import importlib

    from tcompare import formats

    if case == "ptb-pretty":
        pretty = importlib.import_module("test_ptb").PRETTY
        gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
        gold.write_text(pretty, encoding="utf-8")
        system.write_text(pretty.replace(*PRETTY_SYSTEM_SWAP), encoding="utf-8")
    else:
        src = {"sinica": ("sinica/gold.sinica", "sinica/system.sinica"),
               "conllx": ("conll/demo.gold.conll", "conll/demo.system.conll")}[case]
        gold, system = tmp_path / Path(src[0]).name, tmp_path / Path(src[1]).name
        shutil.copy(ROOT / "resources" / "demo" / src[0], gold)
        shutil.copy(ROOT / "resources" / "demo" / src[1], system)
    before = formats.read_file(gold)
    app = screen.app(str(gold), str(system), "--goto", "1")
    try:
        win = screen.window("tcompare")
        time.sleep(2.0)
        screen.keys(win, "ctrl+Down", "F2")
        dialog = screen.window("Relabel|Relation")
        screen.xdo("windowfocus", "--sync", dialog, check=False)
        screen.xdo("key", "ctrl+a")
        screen.xdo("type", "XP")
        screen.xdo("key", "Return")
        time.sleep(1.0)
        assert list(tmp_path.glob(f"{gold.name}.tcompare*.recovery")), "not journaled"
    finally:
        app.send_signal(signal.SIGKILL)
        app.wait(30)
    restore_and_save(screen, gold, system)
    after = formats.read_file(gold)
    fmt = formats.get(after.notation).format_item
    assert "XP" in fmt(after[0].item, "\n") and "XP" not in fmt(before[0].item, "\n")
    assert [r.source for r in after.records[1:]] == [r.source for r in before.records[1:]]
