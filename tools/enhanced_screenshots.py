"""Screenshots of enhanced UD in the dependency view (issue 30, item 2): the main window on
two EWT sentences with empty nodes (tests/enhanced_pair.py: gold against a system without
empty nodes), scored by ud-eval, the enhanced arcs drawn (View › Enhanced arcs).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/enhanced_screenshots.py [OUT_DIR] \
        [--sizes 1280x720,1920x1080] [--languages en,zh_CN] [--position below|above] \
        [--mode mirrored|stacked]

Writes ``enhanced-<language>-<W>x<H>.png`` (default OUT_DIR: docs/screenshots), the view
scrolled so the gold's empty node is in sight, halfway down the drawing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from enhanced_pair import write_pair  # noqa: E402
from tcompare.gui.language import i18n  # noqa: E402


def settle(app: QApplication, rounds: int = 20) -> None:
    for _ in range(rounds):
        app.processEvents()


def shoot(app: QApplication, folder: Path, out: Path, language: str, size: tuple[int, int],
          position: str, mode: str) -> Path:
    from tcompare.gui.shell.window import MainWindow

    i18n.install(app, language)
    gold, system = write_pair(folder)
    settings = QSettings(str(folder / f"settings-{language}.ini"), QSettings.Format.IniFormat)
    settings.setValue("show_enhanced", position)
    win = MainWindow(settings)
    win.interactive = False
    win.resize(*size)
    win.show()
    finished: list[bool] = []
    win.session.finished.connect(finished.append)
    win.open_files(str(gold), [str(system)], profile="ud-eval")
    while not finished:
        app.processEvents()
    settle(app)
    win.set_layout_mode(mode)
    settle(app)
    win.view.zoom_fit()
    settle(app)
    win.view.zoom_fit()         # (again: the panes took their widths meanwhile)
    settle(app)
    empty = [t for t in win.view.token_items() if t.token.kind == "empty"]
    if empty:
        win.view.view.centerOn(empty[0].sceneBoundingRect().center().x(),
                               win.view.scene.sceneRect().center().y())
    settle(app)
    path = out / f"enhanced-{language}-{size[0]}x{size[1]}.png"
    win.grab().save(str(path))
    win.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--languages", default="en,zh_CN")
    parser.add_argument("--position", choices=("above", "below"), default="below")
    parser.add_argument("--mode", choices=("mirrored", "stacked"), default="mirrored")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(["tcompare-screenshots"])
    with tempfile.TemporaryDirectory() as tmp:
        for language in args.languages.split(","):
            for size in args.sizes.split(","):
                w, h = (int(v) for v in size.split("x"))
                print(shoot(app, Path(tmp), out, language, (w, h), args.position, args.mode))
    return 0


if __name__ == "__main__":
    sys.exit(main())
