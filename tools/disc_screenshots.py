"""Pictures of a discontinuous TIGER sentence, gold against system, in the real window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/disc_screenshots.py OUT_DIR [--lang zh_CN]

Opens tests/data/discdraw/{gold,system}.export (TIGER sentences from dkpro-core's sample,
the system with a wrong attachment and a wrong label), scores them with the `discodop`
profile, shows the sentence with the most crossing branches and saves the window at
1280x720 (stacked, mirrored) and 1920x1080 (side by side, stacked, mirrored); with
``--lang zh_CN`` the 1280x720 stacked one in Chinese; one 1280x720 with the side panes
folded (F9), where the whole sentence fits.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402

from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402

DATA = ROOT / "tests" / "data" / "discdraw"


def shoot(out: Path, size: tuple[int, int], layout: str, lang: str = "", fold: bool = False) -> bool:
    from tcompare.gui.shell.window import MainWindow

    scratch = Path(tempfile.mkdtemp(prefix="tcompare-disc-"))
    settings = QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat)
    if lang:
        from tcompare.gui.language import i18n

        i18n.install(application(), lang)
    window = MainWindow(settings)
    window.interactive = False
    window.resize(*size)
    window.set_layout_mode(layout)
    window.show()
    window.open_files(str(DATA / "gold.export"), [str(DATA / "system.export")], None,
                      profile="discodop")
    wait_until_loaded(window)
    if window.last_error:
        print(f"skip {out.name}: {window.last_error}")
        window.close()
        return False
    window.show_sentence(0)
    if fold:        # View › Side panes (F9) off: the whole sentence at 1280x720
        window.panes.set_side_panes_visible(False)
    app = application()
    app.processEvents()
    fit_for_picture(window)
    app.processEvents()
    ok = window.grab().save(str(out))
    print(f"{'wrote' if ok else 'FAILED'} {out}")
    window.close()
    return ok


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else ""
    application()
    suffix = f"-{lang}" if lang else ""
    done = 0
    shots = (((1280, 720), "stacked", False), ((1280, 720), "stacked", True),
             ((1280, 720), "mirrored", False), ((1920, 1080), "side", False),
             ((1920, 1080), "stacked", False), ((1920, 1080), "mirrored", False))
    for size, layout, fold in shots:
        if lang and (size, layout, fold) != ((1280, 720), "stacked", False):
            continue
        name = f"disc-tiger-{layout}-{size[0]}x{size[1]}{'-panes-folded' if fold else ''}{suffix}.png"
        done += shoot(out / name, size, layout, lang, fold)
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
