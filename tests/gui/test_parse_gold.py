"""File › Parse gold with… and live trees with a parser (issue 31): the stub parser drives
the window's whole path (dialog, thread, progress, cancel, the system file opened and
scored); real parsers where installed."""

from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QDialogButtonBox, QPushButton  # noqa: E402

from conftest import RESOURCES  # noqa: E402
from gui_helpers import LOAD_TIMEOUT, open_and_wait, window  # noqa: E402,F401
from tcompare.cli import main as cli_main  # noqa: E402
from tcompare.parsers import CONSTITUENCY, DEPENDENCY, PRETOKENISED, RAW, ParserInfo  # noqa: E402
from tcompare.gui.teaching.parse_gold import ParseGoldDialog  # noqa: E402

pytestmark = pytest.mark.issue(31)
DEMO = RESOURCES / "demo" / "conll" / "demo.gold.conllu"


def parse_in_window(qtbot, win, parser, mode, target):
    feature = win.parse_gold
    with qtbot.waitSignal(win.session.finished, timeout=LOAD_TIMEOUT):
        feature.start(parser, mode, str(target))
        qtbot.waitUntil(lambda: feature.job is None, timeout=30000)
    return feature


def test_parse_gold_writes_what_the_command_line_writes_and_opens_it(qtbot, window, tmp_path, capsys):  # noqa: F811
    gold = tmp_path / "gold.conllu"
    shutil.copy(DEMO, gold)
    open_and_wait(qtbot, window, gold)
    menu = [a.text() for a in window.actions_.menus["file"].actions()]
    assert menu.index("&Parse gold with…") == menu.index("&Add system…") + 1
    target = tmp_path / "gold.stub.conllu"
    feature = parse_in_window(qtbot, window, "stub:fail=tea", PRETOKENISED, target)
    assert feature.written == target and feature.error == ""
    assert window.session.request.systems == [str(target)]
    assert cli_main(["parse", "-q", "--with", "stub:fail=tea", str(gold), "-o", str(tmp_path / "cli.conllu")]) == 0
    assert target.read_bytes() == (tmp_path / "cli.conllu").read_bytes()
    message = feature.message
    assert message == window.statusBar().currentMessage()
    assert "3 sentences" in message and "1 without a parse" in message and str(target) in message
    # the window's total is the command line's score of the same files
    capsys.readouterr()
    cli_main(["score", "--profile", window.session.request.profile or "conllu", "--output", "json",
              str(gold), str(target)])
    expected = json.loads(capsys.readouterr().out)["summary"]
    qtbot.waitUntil(lambda: window.session.workspace.summary(0) is not None, timeout=5000)
    shown = window.session.workspace.summary(0).to_json()["summary"]
    assert {k: shown[k] for k in ("UAS", "LAS", "tokens")} == {k: expected[k] for k in ("UAS", "LAS", "tokens")}


def test_raw_text_is_scored_with_the_aligned_profile(qtbot, window, tmp_path):  # noqa: F811
    gold = tmp_path / "gold.conllu"
    shutil.copy(DEMO, gold)
    open_and_wait(qtbot, window, gold)
    parse_in_window(qtbot, window, "stub", RAW, tmp_path / "raw.conllu")
    assert window.session.request.profile == "conll18"


def test_cancel_stops_and_writes_nothing(qtbot, window, tmp_path):  # noqa: F811
    gold = tmp_path / "many.conllu"
    gold.write_text("".join(f"# sent_id = s{n}\n1\tw{n}\t_\t_\t_\t_\t0\troot\t_\t_\n\n" for n in range(400)),
                    encoding="utf-8")
    open_and_wait(qtbot, window, gold)
    feature = window.parse_gold
    target = tmp_path / "never.conllu"
    job = feature.start("stub:delay=0.005", PRETOKENISED, str(target))
    qtbot.waitUntil(lambda: feature.progress is None or feature.progress.value() > 0, timeout=10000)
    assert window.isEnabled()                     # the window was never blocked
    feature.progress.findChild(QPushButton).click()     # the dialog's Cancel button
    qtbot.waitUntil(lambda: feature.job is None, timeout=10000)
    assert job is not None and not target.exists() and feature.written is None
    assert "cancelled" in window.statusBar().currentMessage()


@pytest.mark.slow
def test_a_missing_model_is_said_with_its_command(qtbot, window, tmp_path):  # noqa: F811
    open_and_wait(qtbot, window, DEMO)
    feature = window.parse_gold
    feature.start("spacy:xx_no_such_pipeline", PRETOKENISED, str(tmp_path / "x.conllu"))
    qtbot.waitUntil(lambda: feature.job is None, timeout=30000)
    if "spaCy is not installed" not in feature.error:
        assert "python -m spacy download xx_no_such_pipeline" in feature.error
    assert not (tmp_path / "x.conllu").exists()


def test_dialog_offers_installed_parsers_and_names_the_command_for_others(qtbot, tmp_path):
    entries = [ParserInfo("stub", DEPENDENCY, "built in"),
               ParserInfo("stanza:en", DEPENDENCY, "Stanza", "pip install 'tcompare[stanza]'"),
               ParserInfo("stub:constituency", CONSTITUENCY, "built in")]
    dialog = ParseGoldDialog(None, str(tmp_path / "g.conllu"), DEPENDENCY, "conllu", entries)
    qtbot.addWidget(dialog)
    assert dialog.parser.count() == 2                              # dependency parsers only
    assert dialog.entry().name == "stub" and dialog.output.text() == str(tmp_path / "g.stub.conllu")
    assert not dialog.parser.model().item(1).isEnabled()
    assert "pip install 'tcompare[stanza]'" in dialog.findChild(type(dialog.detail), "parse_install").text()
    dialog.parser.setCurrentIndex(1)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_live_trees_with_the_stub_parser(qtbot, window):  # noqa: F811
    live = window.live.show()
    qtbot.addWidget(live)
    live.notation.setCurrentText("conllu")
    live.gold.setPlainText("1\tShe\tshe\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tsleeps\tsleep\tVERB\t_\t_\t0\troot\t_\t_\n"
                           "3\twell\twell\tADV\t_\t_\t2\tadvmod\t_\t_")
    assert live.choose_parser("stub")
    qtbot.waitUntil(lambda: live.parser is not None, timeout=5000)
    qtbot.waitUntil(lambda: live.result is not None and live.problem == "", timeout=5000)
    assert live.system.isReadOnly()
    assert live.system.toPlainText().split("\n")[1].split("\t")[6:8] == ["1", "dep"]
    # by hand: She->0 (gold 2), sleeps->1 (gold 0), well->2 (gold 2): one head of three
    assert live.result.scores["UAS"] == pytest.approx(100 / 3)
    live.parser_box.setCurrentIndex(0)                       # back to typing the system
    assert not live.system.isReadOnly() and live.parser is None


@pytest.mark.slow
def test_live_trees_with_spacy(qtbot, window):  # noqa: F811
    pytest.importorskip("spacy")
    from tcompare.parsers.models import first_spacy_pipeline

    name = first_spacy_pipeline("en")
    if not name:
        pytest.skip("no English spaCy pipeline installed")
    live = window.live.show()
    qtbot.addWidget(live)
    live.gold.clear()
    live.system.clear()
    live.notation.setCurrentText("conllu")                  # its example: "She sleeps"
    assert live.choose_parser(f"spacy:{name}")
    qtbot.waitUntil(lambda: live.parser is not None, timeout=60000)
    qtbot.waitUntil(lambda: live.result is not None and live.problem == "", timeout=10000)
    rows = [line.split("\t") for line in live.system.toPlainText().split("\n")]
    assert [r[1] for r in rows] == ["She", "sleeps"] and rows[1][6:8] == ["0", "root"]


def test_the_menu_entry_runs_the_dialog_then_the_parse(qtbot, window, tmp_path, monkeypatch):  # noqa: F811
    gold = tmp_path / "gold.conllu"
    shutil.copy(DEMO, gold)
    open_and_wait(qtbot, window, gold)
    chosen = []

    def accept(dialog):
        dialog.parser.setCurrentIndex(dialog.parser.findText("stub"))
        dialog.raw.setChecked(True)
        chosen.append((dialog.entry().name, dialog.mode(), dialog.output.text()))
        return 1

    monkeypatch.setattr(ParseGoldDialog, "exec", accept)
    feature = window.parse_gold
    with qtbot.waitSignal(window.session.finished, timeout=LOAD_TIMEOUT):
        feature.action.trigger()
        qtbot.waitUntil(lambda: feature.job is None, timeout=30000)
    assert chosen == [("stub", RAW, str(tmp_path / "gold.stub.conllu"))]
    assert feature.written == tmp_path / "gold.stub.conllu" and window.session.request.profile == "conll18"


@pytest.mark.slow
def test_parse_gold_with_spacy_in_the_window(qtbot, window, tmp_path):  # noqa: F811
    pytest.importorskip("spacy")
    from tcompare.parsers.models import first_spacy_pipeline

    name = first_spacy_pipeline("en")
    if not name:
        pytest.skip("no English spaCy pipeline installed")
    gold = tmp_path / "gold.conllu"
    shutil.copy(DEMO, gold)
    open_and_wait(qtbot, window, gold)
    target = tmp_path / "spacy.conllu"
    feature = parse_in_window(qtbot, window, f"spacy:{name}", PRETOKENISED, target)
    assert feature.error == "" and feature.run.missing == [] and feature.run.sentences == 3
    assert window.session.request.systems == [str(target)]
    assert window.session.workspace.summary(0) is not None


def test_closing_the_window_stops_a_running_parse(qtbot, tmp_path):
    from gui_helpers import new_window

    win = new_window(qtbot, tmp_path)
    gold = tmp_path / "many.conllu"
    gold.write_text("".join(f"# sent_id = s{n}\n1\tw{n}\t_\t_\t_\t_\t0\troot\t_\t_\n\n" for n in range(2000)),
                    encoding="utf-8")
    open_and_wait(qtbot, win, gold)
    job = win.parse_gold.start("stub:delay=0.002", PRETOKENISED, str(tmp_path / "never.conllu"))
    qtbot.waitUntil(lambda: win.parse_gold.progress is None or win.parse_gold.progress.value() > 0, timeout=10000)
    win.close()                                   # returns once the thread has stopped
    assert job.isFinished()
