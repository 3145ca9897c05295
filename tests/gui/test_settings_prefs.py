"""What the window remembers (`gui.settings`) and the Preferences dialog, through the real
window (pytest-qt, offscreen) with a temporary INI file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QComboBox

from tcompare.gui import themes
from tcompare.gui.shell.window import MainWindow
from tcompare.gui.shell.preferences import DEFAULT_UI_POINTS
from tcompare.gui.settings import Settings
from gui_helpers import LOAD_TIMEOUT, open_and_wait, window  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "resources" / "demo"
PTB = (DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg")
TCT = (DEMO / "tct" / "gold.tct", DEMO / "tct" / "system.tct")


def ini(tmp_path, name="settings.ini") -> QSettings:
    return QSettings(str(tmp_path / name), QSettings.Format.IniFormat)


def test_settings_round_trip_through_an_ini_file(tmp_path):
    s = Settings(ini(tmp_path))
    s.set_recent_length(3)
    for n in range(5):
        s.add_recent([f"/g{n}.mrg", f"/s{n}.mrg", f"/t{n}.mrg"])
    s.add_recent(["/g3.mrg", "/s3.mrg", "/t3.mrg"])         # again: moves to the top
    s.set_theme("dark")
    s.set_font_size(12.5)
    s.set_last_profile("ptb", "parseval2012")
    s.set_last_prm("ptb", "/x/COLLINS.prm")
    s.set_autosave_seconds(45)
    s.set_geometry(QByteArray(b"\x01\x02geometry"))
    s.sync()

    t = Settings(ini(tmp_path))          # a new QSettings reads the file again
    assert t.recent_files() == [["/g3.mrg", "/s3.mrg", "/t3.mrg"], ["/g4.mrg", "/s4.mrg", "/t4.mrg"],
                                ["/g2.mrg", "/s2.mrg", "/t2.mrg"]]
    assert t.recent_length() == 3 and t.theme() == "dark" and t.font_size() == 12.5
    assert t.last_profile("ptb") == "parseval2012" and t.last_profile("tct") is None
    assert t.last_prm("ptb") == "/x/COLLINS.prm" and t.autosave_seconds() == 45
    assert bytes(t.geometry()) == b"\x01\x02geometry"


def test_one_recent_entry_and_bad_values_survive_the_ini_format(tmp_path):
    s = Settings(ini(tmp_path))
    s.add_recent(["/only.mrg"])
    s.store.setValue("theme", "purple")
    s.store.setValue("recent_length", "many")
    s.store.setValue("font_size", "huge")
    s.sync()
    t = Settings(ini(tmp_path))
    assert t.recent_files() == [["/only.mrg"]]      # INI gives one value back as a string
    assert (t.theme(), t.recent_length(), t.font_size()) == ("system", 8, 0.0)
    t.set_last_profile("ptb", "evalb")
    t.set_last_profile("ptb", None)
    assert t.last_profile("ptb") is None


def test_open_recent_reopens_a_gold_and_system_pair(qtbot, window):
    open_and_wait(qtbot, window, *PTB)
    open_and_wait(qtbot, window, *TCT)
    actions = window.actions_
    actions.fill_recent()
    entries = [a for a in actions.recent_menu.actions() if not a.isSeparator()]
    assert [a.text() for a in entries] == ["&1  gold.tct  vs  system.tct",
                                           "&2  gold.mrg  vs  system.mrg"]
    with qtbot.waitSignal(window.session.finished, timeout=LOAD_TIMEOUT):
        entries[1].trigger()
    assert Path(window.session.request.gold) == PTB[0]
    assert [Path(p) for p in window.session.request.systems] == [PTB[1]]
    assert window.session.notation == "ptb"


def test_the_last_profile_is_remembered_per_notation(qtbot, tmp_path):
    settings = ini(tmp_path)
    first = MainWindow(settings)
    first.interactive = False
    qtbot.addWidget(first)
    open_and_wait(qtbot, first, *PTB)
    assert first.session.profile.name == "evalb"
    with qtbot.waitSignal(first.session.finished, timeout=LOAD_TIMEOUT):
        first.sidebar.profile_combo.setCurrentText("parseval2012")
    assert first.session.profile.name == "parseval2012"
    first.close()

    second = MainWindow(ini(tmp_path))
    second.interactive = False
    qtbot.addWidget(second)
    open_and_wait(qtbot, second, *PTB)
    assert second.session.profile.name == "parseval2012"
    open_and_wait(qtbot, second, *TCT)          # another notation keeps its own default
    assert second.session.profile.name == "parseval2010"
    open_and_wait(qtbot, second, *PTB, profile="evalb")   # asked for: wins, and is kept
    assert second.session.profile.name == "evalb"
    assert second.prefs.last_profile("ptb") == "evalb"


def test_the_last_prm_is_remembered_per_notation(qtbot, tmp_path):
    prm = str(ROOT / "resources" / "prm" / "new.prm")
    first = MainWindow(ini(tmp_path))
    first.interactive = False
    qtbot.addWidget(first)
    open_and_wait(qtbot, first, *PTB, options={"prm": prm})
    assert first.session.options.get("prm") == prm
    first.close()
    second = MainWindow(ini(tmp_path))
    second.interactive = False
    qtbot.addWidget(second)
    open_and_wait(qtbot, second, *PTB)
    assert second.session.options.get("prm") == prm
    assert second.sidebar.findChild(QComboBox, "option_prm").currentData() == prm
    open_and_wait(qtbot, second, *PTB, options={"prm": None})     # chosen "default"
    assert second.prefs.last_prm("ptb") is None


def test_the_window_geometry_is_kept(qtbot, tmp_path):
    from tcompare.gui.shell.app import fit_to_screen

    win = MainWindow(ini(tmp_path))
    qtbot.addWidget(win)
    win.resize(777, 555)    # within the offscreen screen (800 x 600)
    win.show()
    win.close()
    again = MainWindow(ini(tmp_path))
    qtbot.addWidget(again)
    fit_to_screen(again, again.settings)
    assert (again.width(), again.height()) == (777, 555)


def test_preferences_change_the_theme_live_and_cancel_puts_it_back(qtbot, window):
    open_and_wait(qtbot, window, *PTB)
    action = window.preferences.action
    assert action.shortcut().toString() == "Ctrl+,"
    assert action in window.editor.edit_menu.actions()
    action.trigger()
    dialog = window.preferences.dialog
    assert dialog.isVisible()
    dark = themes.THEMES["dark"]
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    # at once, before OK: the canvas, the picture and the widgets are dark
    assert window.view.canvas.backgroundBrush().color().name().upper() == dark.canvas
    assert window.view.render_image().pixelColor(0, 0).name().upper() == dark.canvas
    qtbot.wait(10)      # the palette reaches the widgets through events
    assert window.palette().window().color().name().upper() == dark.window
    assert window.sentences.table.palette().base().color().name().upper() == dark.base
    dialog.reject()
    assert themes.current().name == "light" and window.prefs.theme() == "system"
    assert window.view.canvas.backgroundBrush().color().name().upper() == "#FFFFFF"

    action.trigger()
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("high_contrast"))
    dialog.recent_spin.setValue(1)
    dialog.autosave_spin.setValue(90)
    dialog.profile_combos["tct"].setCurrentIndex(dialog.profile_combos["tct"].findData("parseval2012"))
    dialog.accept()
    try:
        assert window.prefs.theme() == "high_contrast" and window.view.high_contrast()
        assert len(window.prefs.recent_files()) == 1
        assert window.editor.autosave_timer.interval() == 90_000
        open_and_wait(qtbot, window, *TCT)
        assert window.session.profile.name == "parseval2012"
    finally:
        window.preferences.themes.apply("system")


def test_a_new_window_starts_in_the_remembered_theme(qtbot, tmp_path):
    settings = ini(tmp_path)
    Settings(settings).set_theme("dark")
    win = MainWindow(settings)
    qtbot.addWidget(win)
    try:
        assert themes.current().name == "dark"
        assert win.view.canvas.backgroundBrush().color().name().upper() == "#1E1E1E"
    finally:
        win.preferences.themes.apply("system")


def test_the_font_size_preference_reaches_every_widget(qtbot, window):
    from PySide6.QtWidgets import QWidget

    open_and_wait(qtbot, window, *PTB)
    dialog = window.preferences.show_dialog()
    dialog.font_spin.setValue(14.0)
    qtbot.wait(10)
    # every text widget (the legend's swatches are drawings of a fixed size)
    sizes = {round(w.font().pointSizeF(), 1) for w in window.findChildren(QWidget)
             if w.isVisible() and type(w).__name__ != "_Swatch"}
    assert sizes == {14.0}
    dialog.reject()                  # Cancel: the size it had
    qtbot.wait(10)
    assert window.sentences.table.font().pointSizeF() == DEFAULT_UI_POINTS
    assert window.prefs.font_size() == 0.0


LARGE_FONTS_SCRIPT = r"""
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractButton, QToolButton
from tcompare.gui.shell.app import application, wait_until_loaded
from tcompare.gui.shell.window import MainWindow
from tcompare.gui.shell.preferences import DEFAULT_UI_POINTS
app = application()
w = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
w.interactive = False
w.resize(1280, 720)
w.show()
w.open_files(sys.argv[2], [sys.argv[3]], goto=2)
wait_until_loaded(w)
for _ in range(3):
    app.processEvents()
cut = [b.text() for b in w.findChildren(QAbstractButton)
       if b.isVisible() and b.text() and b.width() < b.minimumSizeHint().width()]
ext = [b for b in w.actions_.toolbar.findChildren(QToolButton)
       if b.objectName() == "qt_toolbar_ext_button" and b.isVisible()]
print(w.devicePixelRatioF(), cut, len(ext))
"""


def test_nothing_is_cut_off_with_large_system_fonts(tmp_path):
    """At 144 dpi (150 %) the 1280 x 720 window still shows every button whole and the
    whole tool bar (no » overflow): fonts are in points, sizes follow them."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, QT_FONT_DPI="144", QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", LARGE_FONTS_SCRIPT, str(tmp_path / "s.ini"),
                          str(TCT[0]), str(TCT[1])], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "1.5 [] 0"
