"""Pictures of File › Open annotators' files… (issue 29 polish): the files being read behind
the progress dialog, and a second window told who adjudicates into the curated file, each
at 1280x720 and 1920x1080.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/annotators_screenshots.py OUT [LANG]

The files: three releases of the UD English-EWT test file from $TCOMPARE_REFS/ewt (r2.8,
r2.10, r2.12: 2,077 sentences each), else the demo's gold three times.  LANG: en (default),
zh_CN or zh_TW.  A dialog is drawn onto the window's picture where it stands.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QEventLoop, QSettings, QTimer  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from tcompare.gui.shell.app import application  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))


def wait(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def save(window, dialogs, out: Path) -> None:
    picture = window.grab()
    painter = QPainter(picture)
    for dialog in dialogs:
        painter.drawPixmap(dialog.frameGeometry().topLeft() - window.frameGeometry().topLeft(), dialog.grab())
    painter.end()
    print(("wrote " if picture.save(str(out)) else "FAILED ") + str(out))


def files() -> list[str]:
    ewt = [REFS / "ewt" / f"en_ewt-ud-test.r2.{v}.conllu" for v in ("8", "10", "12")]
    if all(p.exists() for p in ewt):
        return [str(p) for p in ewt]
    return [str(ROOT / "resources" / "demo" / "conll" / "demo.gold.conllu")] * 3


def main(argv: list[str]) -> int:
    from tcompare.gui.annotation.curated_file import locked_message
    from tcompare.gui.language import i18n
    from tcompare.gui.shell.window import MainWindow
    from tcompare.editing.curated_lock import CuratedFileLocked

    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    lang = argv[1] if len(argv) > 1 else "en"
    app = application()
    if lang != "en":
        i18n.install(app, lang)
    suffix = "" if lang == "en" else f"-{lang}"
    scratch = Path(tempfile.mkdtemp(prefix="tcompare-annotators-shots-"))
    paths = files()
    for width, height in SIZES:
        tag = f"{width}x{height}"
        window = MainWindow(QSettings(str(scratch / f"{tag}.ini"), QSettings.Format.IniFormat))
        window.interactive = False
        window.resize(width, height)
        window.show()
        menu = window.annotation
        curated = scratch / f"curated-{tag}.conllu"
        menu.start_annotators(paths, curated=str(curated))
        while menu.load is not None and (menu.progress is None or menu.progress.value() < 30):
            wait(5)
        if menu.progress is not None:
            menu.progress.move(window.frameGeometry().center() - menu.progress.rect().center())
            app.processEvents()
            save(window, [menu.progress], out / f"annotators-progress{suffix}-{tag}.png")
        while menu.load is not None:
            wait(20)
        first = menu.windows[-1]
        first.take(1, whole=True)                      # the first window holds the lock
        second = menu.show_annotators(type(first.doc)(paths), paths, str(curated))
        second.resize(width, height)
        second.move(window.frameGeometry().topLeft())
        second.take(1, whole=True)                     # refused: the message names the owner
        try:
            from tcompare.editing.curated_lock import CuratedLock
            CuratedLock.take(curated)
        except CuratedFileLocked as exc:
            box = QMessageBox(QMessageBox.Icon.Warning, i18n.tr("annotators", "Adjudication"),
                              locked_message(exc), QMessageBox.StandardButton.Ok, second)
            box.show()
            app.processEvents()
            box.move(second.frameGeometry().center() - box.rect().center())
            wait(100)
            save(second, [box], out / f"annotators-locked{suffix}-{tag}.png")
            box.close()
        for shown in (second, first, window):
            shown.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
