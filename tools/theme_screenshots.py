"""Pictures of the window in each theme, to look at (issue 19): ``python tools/theme_screenshots.py OUT``.

For the dark and high-contrast themes (and light, to compare) at 1280x720 and 1920x1080:
the English PTB demo, the Chinese TCT demo and the CoNLL-U demo (dependency view), each on a
sentence with errors and the editor's cursor on a node; the Explain score step-through with
the legend open; then the Preferences dialog.  The
settings live in a temporary INI file.  Run with QT_FONT_DPI=144 to see large fonts.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402

from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402

DEMO = ROOT / "resources" / "demo"
PAIRS = {"ptb": (DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg", 2),
         "tct": (DEMO / "tct" / "gold.tct", DEMO / "tct" / "system.tct", 2),
         "conll": (DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu", 2)}
SIZES = ((1280, 720), (1920, 1080))


def main(out: Path, themes_wanted: list[str]) -> int:
    from tcompare.gui.shell.window import MainWindow

    app = application()
    out.mkdir(parents=True, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="tcompare-themes-")
    written = 0
    for theme in themes_wanted:
        settings = QSettings(str(Path(scratch) / f"{theme}.ini"), QSettings.Format.IniFormat)
        settings.setValue("theme", theme)
        window = MainWindow(settings)
        window.interactive = False
        window.show()
        for name, (gold, system, goto) in PAIRS.items():
            window.open_files(str(gold), [str(system)], goto=goto)
            wait_until_loaded(window)
            for width, height in SIZES:
                window.resize(width, height)
                for _ in range(3):
                    app.processEvents()
                fit_for_picture(window)
                app.processEvents()
                path = out / f"{theme}-{name}-{width}x{height}.png"
                window.grab().save(str(path))
                written += 1
        # the step-through of View › Explain score, on the PTB pair, with the legend open
        gold, system, goto = PAIRS["ptb"]
        window.open_files(str(gold), [str(system)], goto=goto)
        wait_until_loaded(window)
        window.resize(*SIZES[0])
        settings.setValue("legend_open", True)      # as if the user had unfolded it
        window.legend_box.fit_height(SIZES[0][1])
        window.teaching.panel.show()
        for _ in range(4):
            window.teaching.panel.step(1)
            app.processEvents()
        fit_for_picture(window)
        app.processEvents()
        window.grab().save(str(out / f"{theme}-step-{SIZES[0][0]}x{SIZES[0][1]}.png"))
        window.teaching.panel.hide()
        written += 1
        dialog = window.preferences.show_dialog()
        app.processEvents()
        dialog.grab().save(str(out / f"{theme}-preferences.png"))
        dialog.reject()
        window.close()
    print(f"{written} pictures in {out}")
    return 0 if written else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(Path(args[0] if args else "screenshots-themes"),
                  args[1:] or ["dark", "high_contrast", "light"]))
