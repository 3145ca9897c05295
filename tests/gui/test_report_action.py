"""File › Export report… writes the same HTML report as `tcompare report` (issue 17, item 5).

The save dialog is stubbed (as the other export tests stub theirs), the action is triggered
from the File menu, and the file written is compared with the command line's figures.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QFileDialog  # noqa: E402

from conftest import RESOURCES  # noqa: E402
from gui_helpers import open_and_wait, window  # noqa: E402,F401
from tcompare.export.report_data import build_report  # noqa: E402

DEMO = RESOURCES / "demo"


def _figures(html: str) -> dict:
    found = re.search(r"<script type='application/json' id='tcompare-data'>(.*?)</script>", html, re.S)
    return json.loads(found.group(1).replace("<\\/", "</"))


def test_export_report_from_the_file_menu(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    gold, systems = DEMO / "ptb/gold.mrg", [DEMO / "ptb/system.mrg", DEMO / "ptb/gold.mrg"]
    open_and_wait(qtbot, window, gold, systems)
    target = tmp_path / "from-gui"                       # ".html" is added
    asked = []

    def fake_save(parent, caption, folder, filters):
        asked.append((caption, filters))
        return str(target), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    menu = window.actions_.menus["file"]
    texts = [a.text() for a in menu.actions()]
    assert texts.index("Export &report…") == texts.index("&Export current sentence…") + 1
    action = next(a for a in menu.actions() if a.text() == "Export &report…")
    feature = window.report
    action.trigger()
    assert asked and "HTML" in asked[0][1]
    qtbot.waitUntil(lambda: feature.job is None, timeout=60000)
    written = tmp_path / "from-gui.html"
    assert feature.written == written and feature.error == ""
    html = written.read_text(encoding="utf-8")
    shown = _figures(html)
    expected = build_report(str(gold), [str(p) for p in systems], significance=False)
    assert [s["summary"] for s in shown["systems"]] == [
        {**s.summary.to_json()["summary"], **s.left_out} for s in expected.systems]
    assert "<svg" in html and "Significance" in html
    assert str(written) in window.statusBar().currentMessage()


def test_export_report_needs_a_system(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg")
    called = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a: called.append(a) or ("", "")))
    window.report.action.trigger()
    assert not called
    assert "at least one system" in window.statusBar().currentMessage()


def test_export_report_failure_is_a_message(qtbot, window, tmp_path):  # noqa: F811
    open_and_wait(qtbot, window, DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    window.report.export(tmp_path / "no-such-folder" / "r.html")
    qtbot.waitUntil(lambda: window.report.job is None, timeout=60000)
    assert window.report.written is None
    assert "no-such-folder" in window.report.error
    assert "report not written" in window.statusBar().currentMessage()
