"""`tcompare [GOLD SYS...] --screenshot PNG` as spec/cli.md §GUI says: a PNG of the window,
exit 0; exit 1 with a message naming file, line and column for unreadable files; exit 2
for usage errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tcompare.entry import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo" / "ptb"

pytest.importorskip("tcompare.formats.ptb")


def test_screenshot_of_the_demo_corpus(qapp, tmp_path):
    out = tmp_path / "demo.png"
    assert cli_main(["--screenshot", str(out), "--size", "900x600", "--goto", "2"]) == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == (900, 600)


def test_screenshot_with_files_in_a_subprocess(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "tcompare", str(DEMO / "gold.mrg"),
                           str(DEMO / "system.mrg"), "--screenshot", str(out), "--size", "1000x700"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_undecodable_file_exits_1_naming_line_and_column(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.mrg"
    bad.write_bytes(b"(TOP (S (NN ok)))\n(TOP (S (NN \x80\x80\xff)))\n")
    out = tmp_path / "never.png"
    assert cli_main([str(bad), str(DEMO / "system.mrg"), "--screenshot", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2:" in err and "cannot decode" in err
    assert not out.exists()


def test_missing_file_exits_1(tmp_path, capsys):
    missing = tmp_path / "nope.mrg"
    assert cli_main([str(missing), "--screenshot", str(tmp_path / "x.png")]) == 1
    assert f"{missing}: cannot open file" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--profile", "nosuch"], "unknown profile 'nosuch'"),
    (["--goto", "0"], "--goto wants a sentence number"),
    (["--size", "big"], "--size wants WxH"),
])
def test_usage_errors_exit_2(argv, message, capsys, tmp_path):
    assert cli_main([*argv, "--screenshot", str(tmp_path / "x.png")]) == 2
    assert message in capsys.readouterr().err
