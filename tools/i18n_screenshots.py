"""Pictures of the Chinese interface, to look at after translating (`make screenshots-zh`).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/i18n_screenshots.py OUT_DIR [zh_CN zh_TW ...]

For each language and window size (1280x720, 1920x1080): the main window on the Sinica demo
pair (sidebar, legend unfolded, a sentence with differences), the same with the Explain dock
stepped to its second row and the label breakdown, the dependency view on the CoNLL demo,
two systems drawn against the gold with the Charts dock (system B: a copy of the gold, so
A − B shows where A loses), and three dialogs (Export, Help › Keyboard, Preferences).  Nothing is compared: the pictures are for the
eye (glyphs not boxes, no label cut off).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402

from tcompare.gui.language import i18n  # noqa: E402
from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402

DEMO = ROOT / "resources" / "demo"
SIZES = ((1280, 720), (1920, 1080))


def window_on(gold: Path, system: Path | list[Path], size: tuple[int, int]):
    from tcompare.gui.shell.window import MainWindow

    settings = QSettings(str(Path(tempfile.mkdtemp(prefix="tcompare-zh-")) / "s.ini"),
                         QSettings.Format.IniFormat)
    settings.setValue("legend_open", True)
    window = MainWindow(settings)
    window.interactive = False
    window.resize(*size)
    window.show()
    systems = system if isinstance(system, list) else [system]
    window.open_files(str(gold), [str(p) for p in systems])
    wait_until_loaded(window)
    s = window.session
    # the first sentence where gold and system differ
    for position in range(s.row_count):
        result = s.result(0, position)
        if result is not None and s.profile is not None and s.profile.disagrees(result):
            window.show_sentence(position)
            break
    settle(window)
    return window


def settle(window) -> None:
    app = application()
    for _ in range(3):
        app.processEvents()
    fit_for_picture(window)
    app.processEvents()


def shoot(widget, path: Path) -> None:
    ok = widget.grab().save(str(path))
    print(f"{'wrote' if ok else 'FAILED'} {path}")


def two_systems(out: Path, tag: str, size: tuple[int, int], code: str) -> None:
    """Two systems against the gold, the Charts dock, and (at the small size) Preferences."""
    app = application()
    oracle = Path(tempfile.mkdtemp(prefix="tcompare-zh-")) / "oracle.sinica"
    shutil.copy(DEMO / "sinica" / "gold.sinica", oracle)
    w = window_on(DEMO / "sinica" / "gold.sinica", [DEMO / "sinica" / "system.sinica", oracle], size)
    w.two.toggle_two()
    w.charts.show()
    settle(w)
    shoot(w, out / f"two-systems-{tag}.png")
    w.charts.tabs.setCurrentIndex(2)
    w.charts.finish_labels()
    w.charts.refresh()
    app.processEvents()
    shoot(w, out / f"charts-labels-{tag}.png")
    if size == SIZES[0]:
        dialog = w.preferences.show_dialog()
        app.processEvents()
        shoot(dialog, out / f"dialog-preferences-{code}.png")
        dialog.reject()
    w.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "screenshots-zh")
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    for code in argv[1:] or ["zh_CN", "zh_TW"]:
        i18n.install(app, code)
        for size in SIZES:
            tag = f"{code}-{size[0]}x{size[1]}"
            w = window_on(DEMO / "sinica" / "gold.sinica", DEMO / "sinica" / "system.sinica", size)
            shoot(w, out / f"main-{tag}.png")
            w.teaching.panel.show()
            w.breakdown.show()
            settle(w)
            w.teaching.panel.step(1)
            w.teaching.panel.step(1)
            w.breakdown.wait_idle()
            app.processEvents()
            shoot(w, out / f"explain-{tag}.png")
            if size == SIZES[0]:
                from tcompare.gui.drawing.export_dialog import ExportDialog

                dialog = ExportDialog(w)
                dialog.show()
                app.processEvents()
                shoot(dialog, out / f"dialog-export-{code}.png")
                dialog.close()
                keys = w.editor.show_keyboard_help()
                app.processEvents()
                shoot(keys, out / f"dialog-keyboard-{code}.png")
                keys.close()
            w.close()
            d = window_on(DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll", size)
            shoot(d, out / f"dependency-{tag}.png")
            d.close()
            two_systems(out, tag, size, code)
    i18n.install(app, "en")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
