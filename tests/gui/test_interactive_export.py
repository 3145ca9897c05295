"""File › Export interactive report… writes the page of `tcompare report --interactive`
(issue 32, item 2): the save dialog stubbed, the action triggered from the File menu, the
page's figures compared with `tcompare score`'s and its rows counted."""

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


def _block(html: str, name: str) -> dict:
    found = re.search(rf"<script type='application/json' id='{name}'>(.*?)</script>", html, re.S)
    return json.loads(found.group(1).replace("<\\/", "</"))


def test_export_interactive_report_from_the_file_menu(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    gold, systems = DEMO / "ptb/gold.mrg", [DEMO / "ptb/system.mrg"]
    open_and_wait(qtbot, window, gold, systems)
    asked = []

    def fake_save(parent, caption, folder, filters):
        asked.append((caption, folder))
        return str(tmp_path / "browse"), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake_save))
    menu = window.actions_.menus["file"]
    texts = [a.text() for a in menu.actions()]
    assert texts.index("Export &interactive report…") == texts.index("Export &report…") + 1
    feature = window.browse_report
    next(a for a in menu.actions() if a.text() == "Export &interactive report…").trigger()
    assert asked[0][0] == "Export interactive report" and asked[0][1].endswith("gold-interactive.html")
    qtbot.waitUntil(lambda: feature.job is None, timeout=60000)
    written = tmp_path / "browse.html"
    assert feature.written == written and feature.error == ""
    html = written.read_text(encoding="utf-8")
    expected = build_report(str(gold), [str(p) for p in systems], significance=False)
    assert [s["summary"] for s in _block(html, "tcompare-data")["systems"]] == [
        {**s.summary.to_json()["summary"], **s.left_out} for s in expected.systems]
    assert len(_block(html, "tc-rows-0")["st"]) == 8 and _block(html, "tc-meta")["lang"] == "en"
    assert str(written) in window.statusBar().currentMessage()


def test_the_page_opens_in_the_interfaces_chinese(qtbot, window, tmp_path):  # noqa: F811
    from PySide6.QtWidgets import QApplication

    from tcompare.gui.language import i18n

    app = QApplication.instance()
    open_and_wait(qtbot, window, DEMO / "tct/gold.tct", DEMO / "tct/system.tct")
    try:
        for code, lang in (("zh_TW", "zh_TW"), ("zh_CN", "zh")):
            i18n.install(app, code)
            target = tmp_path / f"{code}.html"
            window.browse_report.export(target)
            qtbot.waitUntil(lambda: window.browse_report.job is None, timeout=60000)
            assert _block(target.read_text(encoding="utf-8"), "tc-meta")["lang"] == lang
    finally:
        i18n.install(app, "en")
