"""The interface in Simplified and Traditional Chinese (issue 19, item 3).

* every message of tcompare/gui/translations/*.ts has a finished translation with the same
  ``{placeholders}``; the .ts lists every tr()/N_() string of the sources (pyside6-lupdate run
  again finds nothing new) and the committed .qm are what pyside6-lrelease builds from them;
* the window opened in zh_CN / zh_TW on a gold + system pair, with every dock and the
  non-modal dialogs open, shows no English word in a menu, action, label, button, tooltip,
  tab, dock title or table header (allowed: metric names from the papers, file, profile and
  notation names, treebank labels, numbers, keys);
* switching language at run time (View › Language) retranslates without a restart and keeps
  the files, the sentence shown and the undo stack;
* the language follows --lang, $TCOMPARE_LANG, the setting, the system locale.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox,
                               QDockWidget, QGroupBox, QLabel, QLineEdit, QMenu, QTableWidget,
                               QTableView, QTabWidget, QWidget)

from gui_helpers import new_window, open_and_wait
from tcompare import formats
from tcompare.gui.language import i18n
from tcompare.gui.language.i18n_check import messages, problems
from tcompare.gui.shell.window import MainWindow
from tcompare.scoring import profiles

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
TS = sorted((ROOT / "tcompare" / "gui" / "translations").glob("tcompare_*.ts"))
BIN = Path(sys.executable).parent

# words that stay as they are in a Chinese interface: names, keys, formats, option values
ALLOWED = {
    "tcompare", "vs", "ctrl", "shift", "alt", "pgdown", "pgup", "del", "ins", "space", "left",
    "right", "up", "down", "home", "end", "esc", "tab", "lemmas", "sentences", "tokens", "words",
    "sekine", "collins", "jo", "park", "unicode", "seed", "auto", "psg", "ccg", "srl", "parsing",
    "singleton", "exhaustive", "total", "jp", "conll",
    "english",  # the language menu names each language in itself "utf", "bom", "evalb", "prm", "pl", "py", "eval", "ud",
    "conllu", "conllx", "sighan", "parseval", "spmrl", "latex", "png", "svg", "pdf", "tex",
    "xelatex",
    "udtools", "udvalidate",     # the UD validator's package and command
}
NAMES = {n.lower() for n in (*profiles.PROFILE_MODULES, *formats.available())}
NAMES |= {part for n in profiles.PROFILE_MODULES for part in n.lower().split("-")}  # ud-eval
# widgets that show data, not interface: the CLI's own report text (English by design, it
# is what `tcompare score` prints), the scorer's messages, raw lines of a bad file
DATA_WIDGETS = {"total_text", "error_panel", "sentence_message", "hover_label", "live_gold", "dep_header",
                "live_system", "validator_found"}      # (the validator's command line)


def english_words(text: str) -> list[str]:
    """The English words of an interface text (names and file names left out)."""
    text = re.sub(r"<[^>]+>|&\w+;", " ", text or "")            # HTML tags and entities
    text = re.sub(r"&(?=\w)", "", text)                          # mnemonics
    text = re.sub(r"[\w.-]*\w\.(mrg|conllu?|conllx|sinica|tct|psg|pku|auto|prm|py|pl|ts|qm|png)\b",
                  " ", text)                                      # file names
    text = re.sub(r"%\w", " ", text)
    text = re.sub(r"tcompare \w+|--\w+|\(\*\.\w+\)", " ", text)        # commands, options, filters
    text = re.sub(r"\S+=\S+", " ", text)                          # query syntax (code)
    text = re.sub(r"\b[A-Za-z0-9]+(_[A-Za-z0-9]+)+\b", " ", text)   # metric keys: macro_P, C_S_F1
    out = []
    for word in re.findall(r"[A-Za-z][A-Za-z']*", text):
        if (word.lower() in ALLOWED or word.lower() in NAMES or len(word) == 1
                or word.isupper() or (word[0].isupper() and any(c.isupper() for c in word[1:]))):
            continue              # LAS, F1, SC, CoNLL, AllTags, NP, VP ...
        out.append(word)
    return out


def interface_texts(window: QWidget) -> list[tuple[str, str]]:
    """(where, text) for every text the window's chrome shows (menus, actions, labels,
    buttons, tooltips, tabs, dock titles, table headers; top-level dialogs of the window)."""
    out: list[tuple[str, str]] = []
    tops = [window] + [w for w in QApplication.topLevelWidgets()
                       if w is not window and w.isVisible() and w.parent() is window]
    for top in tops:
        for w in (top, *top.findChildren(QWidget)):
            name = w.objectName() or type(w).__name__
            if name in DATA_WIDGETS or any(p.objectName() in DATA_WIDGETS for p in _parents(w)):
                continue
            out += [(f"{name}.toolTip", w.toolTip()), (f"{name}.statusTip", w.statusTip())]
            if isinstance(w, (QDockWidget,)) or w.isWindow():
                out.append((f"{name}.windowTitle", w.windowTitle()))
            if isinstance(w, (QLabel, QAbstractButton)):
                out.append((f"{name}.text", w.text()))
            if isinstance(w, QGroupBox):
                out.append((f"{name}.title", w.title()))
            if isinstance(w, QMenu):
                out.append((f"{name}.title", w.title()))
            if isinstance(w, QLineEdit):
                out.append((f"{name}.placeholder", w.placeholderText()))
            if isinstance(w, QComboBox) and name not in ("profile_combo", "system_combo", "cjk_font_box",
                                                        "live_parser"):     # parser names
                out += [(f"{name}[{i}]", w.itemText(i)) for i in range(w.count())]
            if isinstance(w, QTabWidget):
                out += [(f"{name}.tab{i}", w.tabText(i)) for i in range(w.count())]
            if isinstance(w, QTableView) and w.model() is not None and name not in ("total_table",):
                model = w.model()
                columns = w.horizontalHeader().count()
                out += [(f"{name}.header{c}", str(model.headerData(c, Qt.Orientation.Horizontal) or ""))
                        for c in range(columns)]
                out += [(f"{name}.headertip{c}", str(model.headerData(
                    c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) or ""))
                    for c in range(columns)]
            if isinstance(w, QTableWidget) and name == "keyboard_table":
                out += [(f"keyboard[{r}]", w.item(r, c).text()) for r in range(w.rowCount())
                        for c in (0, 1) if w.item(r, c) is not None]
        for action in top.findChildren(QAction):
            out += [("action.text", action.text()), ("action.statusTip", action.statusTip())]
            if action.toolTip() != action.text().replace("&", ""):
                out.append(("action.toolTip", action.toolTip()))
    return [(where, text) for where, text in out if text]


def _parents(widget: QWidget):
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()


def untranslated(window: QWidget) -> list[str]:
    return [f"{where}: {text!r}" for where, text in interface_texts(window) if english_words(text)]


@pytest.fixture
def language():
    """Install a language for one test; English again afterwards (the app is shared)."""
    app = QApplication.instance()
    yield lambda code: i18n.install(app, code)
    i18n.install(app, "en")
    for _ in range(3):      # the windows redraw in English while they still exist
        app.processEvents()


def make_window(qtbot, tmp_path, code: str | None = None) -> MainWindow:
    return new_window(qtbot, tmp_path, **({i18n.SETTING: code} if code else {}))


def open_everything(qtbot, win: MainWindow) -> list[QWidget]:
    """Every dock shown and the non-modal dialogs opened (keyboard help, export, edit
    history, live trees); returns the dialogs."""
    for dock in win.findChildren(QDockWidget):
        dock.show()
    win.analysis.wait_idle()
    win.breakdown.wait_idle()
    win.teaching.panel.refresh()
    from tcompare.gui.drawing.export_dialog import ExportDialog

    dialogs = [win.editor.keyboard.show(), win.editor.show_history(), ExportDialog(win)]
    dialogs[-1].show()
    win.live.action.trigger()
    assert win.live.dialog.update_now()     # its figures now, not after the typing pause
    qtbot.wait(50)
    return dialogs


# -- the .ts and .qm files ---------------------------------------------------------------------

def test_two_languages_are_shipped():
    assert [p.name for p in TS] == ["tcompare_zh_CN.ts", "tcompare_zh_TW.ts"]
    assert [code for code, _ in i18n.available()] == ["en", "zh_CN", "zh_TW"]


@pytest.mark.parametrize("ts", TS, ids=lambda p: p.stem)
def test_every_message_has_a_finished_translation(ts):
    found = messages(ts)
    assert len(found) > 500
    assert problems(ts) == []
    # the two files translate the same messages
    assert {(c, s) for c, s, _, _ in found} == {(c, s) for c, s, _, _ in messages(TS[0])}


@pytest.mark.parametrize("ts", TS, ids=lambda p: p.stem)
def test_translations_are_chinese_and_differ_between_the_scripts(ts):
    texts = {(c, s): t for c, s, t, _ in messages(ts)}
    han = [t for t in texts.values() if re.search(r"[\u4e00-\u9fff]", t)]
    assert len(han) > 0.9 * len(texts)
    other = {(c, s): t for c, s, t, _ in messages(TS[1 - TS.index(ts)])}
    assert sum(texts[k] != other[k] for k in texts) > 0.6 * len(texts)


def test_taiwan_usage_not_a_character_conversion():
    contexts = ("actions", "edit_actions", "terms", "open_dialog")
    cn = {s: t for c, s, t, _ in messages(TS[0]) if c in contexts}
    tw = {s: t for c, s, t, _ in messages(TS[1]) if c in contexts}
    assert cn["&File"] == "文件(&F)" and tw["&File"] == "檔案(&F)"
    assert cn["&Undo"] == "撤销(&U)" and tw["&Undo"] == "復原(&U)"
    assert cn["&View"] == "视图(&V)" and tw["&View"] == "檢視(&V)"
    assert cn["precision"] == "准确率" and tw["precision"] == "精確率"
    assert cn["Open gold and system files"].startswith("打开金标准")
    assert tw["Open gold and system files"].startswith("開啟標準答案")


@pytest.mark.skipif(not (BIN / "pyside6-lupdate").exists(), reason="pyside6-lupdate not installed")
def test_ts_files_list_every_string_of_the_sources(tmp_path):
    """`make translations` would add nothing: every tr()/N_() string is in the .ts."""
    copies = [tmp_path / ts.name for ts in TS]
    for ts, copy in zip(TS, copies):
        shutil.copy(ts, copy)
    subprocess.run([str(BIN / "pyside6-lupdate"), "-tr-function-alias",
                    "translate+=tr,QT_TRANSLATE_NOOP+=N_", "-extensions", "py", "-locations",
                    "relative", "-no-obsolete", str(ROOT / "tcompare" / "gui"), "-ts", *map(str, copies)],
                   check=True, capture_output=True)
    for ts, copy in zip(TS, copies):
        assert problems(copy) == [], f"{ts.name} is behind the sources: run `make translations`"
        assert {(c, s) for c, s, _, _ in messages(copy)} == {(c, s) for c, s, _, _ in messages(ts)}


@pytest.mark.skipif(not (BIN / "pyside6-lrelease").exists(), reason="pyside6-lrelease not installed")
def test_committed_qm_are_built_from_the_ts(tmp_path):
    for ts in TS:
        built = tmp_path / ts.with_suffix(".qm").name
        subprocess.run([str(BIN / "pyside6-lrelease"), "-silent", str(ts), "-qm", str(built)], check=True)
        assert built.read_bytes() == ts.with_suffix(".qm").read_bytes(), \
            f"{ts.with_suffix('.qm').name} is out of date: run `make translations`"


# -- choosing the language ------------------------------------------------------------------------

@pytest.mark.parametrize("name, expected", [
    ("zh_CN", "zh_CN"), ("zh_SG", "zh_CN"), ("zh_Hans", "zh_CN"), ("zh_Hans_HK", "zh_CN"),
    ("zh_TW", "zh_TW"), ("zh_HK", "zh_TW"), ("zh_MO", "zh_TW"), ("zh_Hant", "zh_TW"),
    ("zh_Hant_CN", "zh_TW"), ("en_US", "en"), ("fr_FR", "en"), ("ja_JP", "en"), ("C", "en")])
def test_system_locale_decides(name, expected):
    assert i18n.language_for_locale(QLocale(name)) == expected


def test_option_then_environment_then_setting(tmp_path, monkeypatch):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue(i18n.SETTING, "zh_TW")
    monkeypatch.delenv(i18n.ENV, raising=False)
    assert i18n.preferred(settings) == "zh_TW"
    monkeypatch.setenv(i18n.ENV, "zh-CN")
    assert i18n.preferred(settings) == "zh_CN"
    assert i18n.preferred(settings, "en") == "en"
    assert i18n.preferred(settings, "zh_HK") == "zh_TW"
    monkeypatch.delenv(i18n.ENV)
    settings.setValue(i18n.SETTING, "system")
    assert i18n.preferred(settings) == i18n.language_for_locale(QLocale.system())


def test_unknown_lang_option_is_refused():
    from tcompare.gui.shell.launch import build_parser, check

    args = build_parser().parse_args(["--lang", "klingon"])
    code, message = check(args)
    assert code == 2 and "unknown language 'klingon'" in message


# -- the window in Chinese --------------------------------------------------------------------

@pytest.mark.parametrize("code, glyph", [("zh_CN", "文件(&F)"), ("zh_TW", "檔案(&F)")])
def test_window_in_chinese_shows_no_english(qtbot, tmp_path, language, code, glyph):
    assert language(code) == code
    win = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, win, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"], goto=2)
    dialogs = open_everything(qtbot, win)
    assert win.actions_.menus["file"].title() == glyph
    left = untranslated(win)
    for dialog in dialogs:
        left += untranslated(dialog)
    assert not left, "\n".join(left)
    # the explanation of the sentence (produced in English below the GUI) shown in Chinese
    html = win.teaching.panel.browser.toPlainText()
    assert "Step" not in html and ("第 1 步" in html or "第 1 步" in html)


def test_dependency_window_in_chinese(qtbot, tmp_path, language):
    language("zh_TW")
    win = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, win, DEMO / "conll" / "demo.gold.conllu",
                         [DEMO / "conll" / "demo.system.conllu"])
    open_everything(qtbot, win)
    assert not untranslated(win), "\n".join(untranslated(win))
    assert "正確" in win.view.legend.text()


def test_switch_language_at_run_time_keeps_files_sentence_and_edits(qtbot, tmp_path, language):
    language("en")
    win = make_window(qtbot, tmp_path)
    for name in ("gold.mrg", "system.mrg"):
        shutil.copy(DEMO / "ptb" / name, tmp_path / name)
    assert open_and_wait(qtbot, win, tmp_path / "gold.mrg", [tmp_path / "system.mrg"], goto=3)
    for dock in win.findChildren(QDockWidget):
        dock.show()
    assert win.actions_.menus["file"].title() == "&File"
    # one gold edit on the undo stack: the root relabelled
    win.editor.dialogs.ask_text = lambda *a, **k: "ROOT"
    assert win.editor.edits.relabel()
    count_before = win.editor.stack.count()
    assert count_before == 1 and win.editor.actions["undo"].text() == "&Undo Relabel (sentence 3)"
    position, gold = win.current_position, win.session.request.gold

    win.actions_.languages["zh_TW"].trigger()
    qtbot.waitUntil(lambda: win.sidebar.total_box.title().startswith("累計結果"), timeout=3000)
    assert win.settings.value(i18n.SETTING) == "zh_TW"
    assert win.actions_.menus["file"].title() == "檔案(&F)"
    assert win.actions_.menus["view"].title() == "檢視(&V)"
    assert win.breakdown.windowTitle() == "按標籤細分"
    assert win.sidebar.total_box.title().startswith("累計結果")
    assert win.current_position == position and win.session.request.gold == gold
    assert win.editor.stack.count() == count_before
    assert win.editor.actions["undo"].text() == "復原(&U) 修改標籤（第 3 句）"
    assert not untranslated(win), "\n".join(untranslated(win))

    win.actions_.languages["zh_CN"].trigger()
    # (the LanguageChange events are delivered through the event loop: a fixed 20 ms wait
    # was not always enough under a loaded machine)
    qtbot.waitUntil(lambda: win.breakdown.windowTitle() == "按标签细分", timeout=3000)
    assert win.actions_.menus["file"].title() == "文件(&F)"
    assert win.breakdown.windowTitle() == "按标签细分"
    assert not untranslated(win), "\n".join(untranslated(win))

    win.actions_.languages["en"].trigger()
    qtbot.waitUntil(lambda: win.sidebar.total_box.title().startswith("Running total"),
                    timeout=3000)
    assert win.actions_.menus["file"].title() == "&File"
    assert win.sidebar.total_box.title().startswith("Running total")
    assert win.current_position == position


def test_explanation_phrases_are_all_known(qtbot, tmp_path, language):
    """Every step title, intro, note and reason the explanations of the demo corpora use is
    in the phrase table (else it would show in English in the dock)."""
    from tcompare.analysis.explain import explain, explain_summary
    from tcompare.gui.teaching.explain_text import _expression, phrase

    language("zh_CN")
    win = make_window(qtbot, tmp_path)
    unknown = set()
    for gold, system in (("ptb/gold.mrg", "ptb/system.mrg"), ("tct/gold.tct", "tct/system.tct"),
                         ("sinica/gold.sinica", "sinica/system.sinica"),
                         ("conll/demo.gold.conll", "conll/demo.system.conll"), ("pku/gold.pku", "pku/system.pku")):
        assert open_and_wait(qtbot, win, DEMO / gold, [DEMO / system])
        s = win.session
        results = [s.full_result(0, position) for position in range(s.row_count)]
        explanations = [explain_summary([r for r in results if r is not None], s.summary(0),
                                        s.profile, s.config)]
        for position in range(s.row_count):
            g, y = s.pair(0, position)
            explanations.append(explain(results[position], s.profile, g, y, s.config))
        for exp in explanations:
            texts = [exp.title, *exp.notes, *(t for st in exp.steps for t in (st.title, st.intro, *st.lines)),
                     *(r.note for r in exp.rows())]
            unknown |= {t for t in texts if t and english_words(phrase(t))}
            unknown |= {f.expression for f in exp.formulas if english_words(_expression(f.expression))}
    assert not unknown, "\n".join(sorted(unknown))


def test_terms_cover_the_verdicts_statuses_and_legend():
    from tcompare.analysis.explain import VERDICT_TEXT
    from tcompare.gui.teaching.explain_text import _VERDICTS
    from tcompare.gui.language.terms import TERMS
    from tcompare.layout.verdict_style import LOOKS
    from tcompare.scoring.base import Status, Verdict

    for value in [*(v.value for v in Verdict), *(s.value for s in Status)]:
        assert value.replace("_", " ") in TERMS
    assert {look.legend for look in LOOKS.values()} <= set(TERMS)
    assert set(VERDICT_TEXT.values()) <= set(_VERDICTS)


def test_lang_option_opens_the_window_in_that_language(qtbot, tmp_path, language, monkeypatch):
    """`tcompare --lang zh_TW`: app.make_window installs the language before the window."""
    from tcompare.gui.shell.app import make_window as app_window
    from tcompare.gui.shell.launch import build_parser, check

    monkeypatch.delenv(i18n.ENV, raising=False)
    args = build_parser().parse_args([str(DEMO / "ptb" / "gold.mrg"), str(DEMO / "ptb" / "system.mrg"),
                                      "--lang", "zh-TW"])
    assert check(args) == (0, "")
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = app_window(args, settings)
    qtbot.addWidget(win)
    win.interactive = False
    assert i18n.current() == "zh_TW"
    assert win.actions_.menus["help"].title() == "說明(&H)"
    assert win.files_label.text().startswith("正在讀取")
    win.session.wait(30000)


def test_command_line_stays_english(capsys, monkeypatch):
    """The CLI never loads a translation, whatever the environment says."""
    from tcompare.entry import main

    monkeypatch.setenv(i18n.ENV, "zh_CN")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert main(["score", str(DEMO / "ptb" / "gold.mrg"), str(DEMO / "ptb" / "system.mrg")]) == 0
    out = capsys.readouterr().out
    assert "Bracketing Recall" in out and not re.search(r"[\u4e00-\u9fff]", out)


# -- the merged window: several systems, the Charts dock, Preferences, accessible names -----------

def chart_texts(win: MainWindow) -> list[tuple[str, str]]:
    """What the charts paint (titles, axis titles, the empty message, the bars' tooltips) and
    what the pair chooser shows."""
    out = []
    for chart in (win.charts.difference, win.charts.length, win.charts.labels):
        name = chart.objectName()
        out += [(f"{name}.title", chart.title), (f"{name}.x_title", chart.x_title),
                (f"{name}.y_title", chart.y_title), (f"{name}.message", chart.message)]
        out += [(f"{name}.tip", bar.tip) for bar in chart.bars[:5]]
    out.append(("difference_summary", win.charts.diff_summary.text()))
    return [(where, text) for where, text in out if text]


def open_three(qtbot, tmp_path, win: MainWindow) -> None:
    from multi_fixtures import write_three

    gold, a, b = write_three(tmp_path)
    assert open_and_wait(qtbot, win, gold, [a, b])


@pytest.mark.parametrize("code, system_b", [("zh_CN", "系统输出 B"), ("zh_TW", "系統輸出 B")])
def test_two_systems_charts_and_preferences_in_chinese(qtbot, tmp_path, language, code, system_b):
    """Two systems drawn against the gold (the header's choosers, three captions), every
    chart of the Charts dock drawn, and Edit › Preferences open: no English anywhere."""
    language(code)
    win = make_window(qtbot, tmp_path)
    open_three(qtbot, tmp_path, win)
    win.two.toggle_two()
    assert win.two.second == 1 and win.two.bar.isVisible()
    open_everything(qtbot, win)
    dialog = win.preferences.show_dialog()
    qtbot.waitUntil(dialog.isVisible)
    left = untranslated(win)
    for page in range(3):
        win.charts.tabs.setCurrentIndex(page)
        win.charts.finish_labels()
        win.charts.refresh()
        left += [f"{where}: {text!r}" for where, text in chart_texts(win) if english_words(text)]
    assert not left, "\n".join(left)
    captions = [item.text() for item in win.view._title_items.values()]
    assert any(text.startswith(system_b) for text in captions), captions
    assert win.table_model.headerData(
        3, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) != ""


def test_preferences_language_row_switches_at_once_and_cancel_switches_back(qtbot, tmp_path, language):
    language("en")
    win = make_window(qtbot, tmp_path)
    open_three(qtbot, tmp_path, win)
    dialog = win.preferences.show_dialog()
    combo = dialog.language_combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["system", "en", "zh_CN", "zh_TW"]
    assert combo.currentData() == "system"          # nothing chosen yet
    assert dialog.interface.labelForField(combo).text() == "&Language"

    combo.setCurrentIndex(combo.findData("zh_TW"))
    qtbot.waitUntil(lambda: win.actions_.menus["file"].title() == "檔案(&F)", timeout=3000)
    assert win.settings.value(i18n.SETTING) == "zh_TW" and i18n.current() == "zh_TW"
    assert win.actions_.languages["zh_TW"].isChecked()          # View › Language agrees
    assert dialog.windowTitle() == "偏好設定"
    assert dialog.interface.labelForField(combo).text() == "介面語言(&L)"
    assert combo.itemText(0) == "依系統設定"
    # the accessible names derived from the texts followed (a11y.name_widgets after the switch)
    qtbot.waitUntil(lambda: dialog.theme_combo.accessibleName() == "佈景主題", timeout=3000)
    assert combo.accessibleName() == "介面語言"
    assert not untranslated(win), "\n".join(untranslated(win))

    dialog.reject()                                 # Cancel: the language before the dialog
    qtbot.waitUntil(lambda: win.actions_.menus["file"].title() == "&File", timeout=3000)
    assert win.settings.value(i18n.SETTING) == "system"
    assert win.actions_.languages["system"].isChecked()
    qtbot.waitUntil(lambda: dialog.theme_combo.accessibleName() == "Theme", timeout=3000)

    dialog = win.preferences.show_dialog()           # OK keeps the choice
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("zh_CN"))
    dialog.accept()
    qtbot.waitUntil(lambda: win.actions_.menus["file"].title() == "文件(&F)", timeout=3000)
    assert win.settings.value(i18n.SETTING) == "zh_CN"
    assert win.preferences.show_dialog().language_combo.currentData() == "zh_CN"


def test_accessible_names_follow_a_language_switch(qtbot, tmp_path, language):
    """Every name a11y derived from a text is derived again in the new language; names set
    by hand are translated by i18n; none is left English, none is missing."""
    from tcompare.gui.language import a11y

    language("en")
    win = make_window(qtbot, tmp_path)
    open_three(qtbot, tmp_path, win)
    for dock in win.findChildren(QDockWidget):
        dock.show()
    win.two.toggle_two()
    derived = [w for w in win.findChildren(QWidget) if w.property(a11y.NAME_DERIVED)]
    assert len(derived) > 20
    assert win.two.bar.drawn.accessibleName().startswith("The system drawn against the gold")
    assert win.table.accessibleName() == "Sentences"

    def english() -> list[str]:
        return [f"{w.objectName() or type(w).__name__}: {w.accessibleName()!r}"
                for w in win.findChildren(QWidget)
                if a11y.is_interactive(w) and english_words(w.accessibleName())]

    win.actions_.languages["zh_CN"].trigger()
    # (the window's retranslation, and a11y.name_widgets with it, runs from the event loop)
    qtbot.waitUntil(lambda: not english(), timeout=3000)
    assert win.two.bar.drawn.accessibleName().startswith("与金标准对照")
    assert win.table.accessibleName() == "句子"
    assert a11y.unnamed(win) == []
    # menu titles' Chinese mnemonics are not spoken: "文件(&F)" is named "文件"
    assert a11y.top_menu_title([win.actions_.menus["file"]]) == "文件"


def test_export_report_speaks_chinese(qtbot, tmp_path, language, monkeypatch):
    """File › Export report… in zh_TW: its menu entry, the save dialog's caption and filter,
    the progress steps `write_report` reports (English data, translated when shown) and the
    status line once written."""
    from PySide6.QtWidgets import QFileDialog

    from tcompare.gui.shell.report_action import STEPS, step_text

    language("zh_TW")
    win = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, win, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"])
    texts = [a.text() for a in win.actions_.menus["file"].actions()]
    assert texts.index("匯出報告(&R)…") == texts.index("匯出目前句子(&E)…") + 1
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
        lambda parent, caption, folder, filters: asked.append((caption, filters))
        or (str(tmp_path / "r.html"), filters)))
    steps: list[str] = []
    shown = win.report._on_progress            # every step, as the progress dialog shows it
    win.report._on_progress = lambda percent, text: (steps.append(step_text(text)),
                                                     shown(percent, text))
    win.report.action.trigger()
    qtbot.waitUntil(lambda: win.report.job is None, timeout=60000)
    assert asked == [("匯出報告", "HTML 報告 (*.html)")]
    assert win.report.written == tmp_path / "r.html"
    assert win.statusBar().currentMessage().startswith(f"報告已寫入 {tmp_path / 'r.html'}（")
    assert steps and not [s for s in steps if english_words(re.sub(r"\S+\.mrg", "", s))], steps
    assert step_text("scoring system.mrg") == "正在為 system.mrg 評分"
    assert step_text("something new") == "something new"      # unknown: shown as it is
    assert len(STEPS) == 6


def test_the_selection_is_spoken_in_chinese(qtbot, tmp_path, language):
    """The canvas's accessible description (what a screen reader says about the selected
    node or arc, `layout.spoken` through `gui.spoken_text.say`) in the interface's language."""
    from PySide6.QtWidgets import QGraphicsView

    from tcompare.editing.selection import Selection
    from tcompare.gui.language.spoken_text import TEMPLATES

    language("zh_TW")
    win = make_window(qtbot, tmp_path)
    assert open_and_wait(qtbot, win, DEMO / "conll" / "demo.gold.conllu",
                         [DEMO / "conll" / "demo.system.conllu"], goto=2)
    canvas = win.view.findChildren(QGraphicsView)[0]
    win.editor.cursor.select(Selection("gold", "token", 4))
    # English: "conj, from 2 to 5, wrong label: system says nsubj"
    assert canvas.accessibleDescription() == "conj，從 2 到 5，關係標籤錯誤（系統輸出：nsubj）"
    win.editor.cursor.move_selection("next")
    assert canvas.accessibleDescription() == "orphan，從 5 到 6，中心詞和關係標籤均錯（系統輸出：obj 從 3）"

    assert open_and_wait(qtbot, win, DEMO / "ptb" / "gold.mrg", [DEMO / "ptb" / "system.mrg"], goto=2)
    canvas = win.view.findChildren(QGraphicsView)[0]
    gold = win.session.pair(0, win.current_position)[0]
    node = next(n for n in gold.nodes() if n.id != gold.root.id and n.end - n.start > 1)
    win.editor.cursor.select(Selection("gold", "node", node.id))
    said = canvas.accessibleDescription()
    assert said.startswith(f"{node.label.raw}，第 {node.start + 1} 到 {node.end} 個詞，"), said
    assert said.endswith("，標準答案") and not english_words(said.replace(node.label.raw, ""))
    assert len(TEMPLATES) == 11
