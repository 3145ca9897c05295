"""Pictures of the UD validator in the window (issue 30, item 4), to look at.

    QT_QPA_PLATFORM=offscreen TCOMPARE_REFS=/work/refs .venv/bin/python \
        tools/validator_screenshots.py OUT_DIR [en zh_CN ...]

The first 30 sentences of EWT's test file, three words broken on purpose (a relation the
word's POS cannot have, a feature value English does not use, a head that is not there),
against the unbroken file as the system; F7 checks the whole file; sentence 3 is shown
with the validator's tooltip on the word 'Mary' and the Validator problems dock open.
At 1280x720 and 1920x1080, per language; plus Preferences with the validator's group.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEventLoop, QPoint, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication, QToolTip  # noqa: E402

from tcompare.gui.language import i18n  # noqa: E402
from tcompare.gui.shell.app import application, wait_until_loaded  # noqa: E402

REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
SIZES = ((1280, 720), (1920, 1080))


def files(folder: Path) -> tuple[Path, Path]:
    text = EWT.read_text(encoding="utf-8")
    good = "\n\n".join(text.split("\n\n")[:30]) + "\n\n"
    bad = good.replace("6\tMary\tMary\tPROPN\tNNP\tNumber=Sing\t4\tnmod",
                       "6\tMary\tMary\tPROPN\tNNP\tNumber=Sing\t4\tadvmod", 1)
    bad = bad.replace("3\tMicrosoft\tMicrosoft\tPROPN\tNNP\tNumber=Sing\t4",
                      "3\tMicrosoft\tMicrosoft\tPROPN\tNNP\tNumber=Dual\t4", 1)
    bad = bad.replace("3\tGoogle\tGoogle\tPROPN\tNNP\tNumber=Sing\t4\tnsubj",
                      "3\tGoogle\tGoogle\tPROPN\tNNP\tNumber=Sing\t9\tnsubj", 1)
    assert bad != good
    gold, system = folder / "en_ewt-ud-test.conllu", folder / "parser.conllu"
    gold.write_text(bad, encoding="utf-8")
    system.write_text(good, encoding="utf-8")
    return gold, system


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def shoot(widget, path: Path, tip: str = "", at: QPoint | None = None) -> None:
    """`widget` grabbed; with `tip`, the tooltip drawn where it shows (offscreen, the
    tooltip is a window of its own: painted onto the picture)."""
    image = widget.grab().toImage()
    if tip and at is not None:
        QToolTip.showText(at, tip, widget)
        QApplication.processEvents()
        label = next((w for w in QApplication.topLevelWidgets()
                      if w.inherits("QTipLabel") and w.isVisible()), None)
        if label is not None:
            painter = QPainter(image)
            # where it was asked for: the offscreen screen (800x600) pushed it left
            painter.drawPixmap(at - widget.mapToGlobal(QPoint(0, 0)), label.grab())
            painter.end()
        QToolTip.hideText()
    ok = image.save(str(path))
    print(f"{'wrote' if ok else 'FAILED'} {path}")


def one(out: Path, tag: str, size: tuple[int, int], gold: Path, system: Path) -> None:
    from tcompare.gui.shell.window import MainWindow

    settings = QSettings(str(Path(tempfile.mkdtemp(prefix="tcompare-val-")) / "s.ini"),
                         QSettings.Format.IniFormat)
    w = MainWindow(settings)
    w.interactive = False
    w.resize(*size)
    w.show()
    w.open_files(str(gold), [str(system)])
    wait_until_loaded(w)
    loop = w.validator
    loop.check_file()
    for _ in range(200):
        if not loop.runner.busy():
            break
        wait(50)
    wait(50)
    w.go_to(3)
    word = 5                                   # 'Mary'
    loop.show_finding(2, word)
    w.view.zoom_fit()
    QApplication.processEvents()
    wait(50)
    marks = [i for i in loop.marks.items if type(i).__name__ == "QGraphicsEllipseItem"]
    cells = {c.token.word: c for c in w.view.token_items() if c.token.kind == "word"}
    badge = min(marks, key=lambda m: abs(m.sceneBoundingRect().center().x()
                                         - cells[word].sceneBoundingRect().center().x()))
    gv = w.view.view
    point = gv.viewport().mapToGlobal(gv.mapFromScene(badge.sceneBoundingRect().bottomRight()))
    shoot(w, out / f"validator-{tag}.png", badge.toolTip(), point + QPoint(4, 8))
    if size == SIZES[0]:
        dialog = w.preferences.show_dialog()
        QApplication.processEvents()
        shoot(dialog, out / f"validator-preferences-{tag}.png")
        dialog.reject()
    w.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "screenshots-validator")
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    gold, system = files(Path(tempfile.mkdtemp(prefix="tcompare-val-")))
    for code in argv[1:] or ["en", "zh_CN"]:
        i18n.install(app, code)
        for size in SIZES:
            one(out, f"{code}-{size[0]}x{size[1]}", size, gold, system)
    i18n.install(app, "en")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
