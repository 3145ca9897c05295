"""Pictures of the parsers in the window (issue 31): File › Parse gold with… (the dialog, the
progress, the result) and View › Live trees with a parser, each at 1280x720 and 1920x1080.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/parser_screenshots.py OUT [GOLD]

GOLD: a CoNLL-U gold file (default: the first 300 sentences of the UD English-EWT test file
from $TCOMPARE_REFS/ewt, else the demo's demo.gold.conllu).  The parser is the first English
spaCy pipeline installed (else the stub).  A dialog is drawn onto the window's picture where
it stands, as a screen would show it.
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

from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402

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
        if dialog is not None and dialog.isVisible():
            painter.drawPixmap(dialog.frameGeometry().topLeft() - window.frameGeometry().topLeft(), dialog.grab())
    painter.end()
    print(("wrote " if picture.save(str(out)) else "FAILED ") + str(out))


def gold_file(scratch: Path, given: str | None) -> Path:
    if given:
        return Path(given)
    ewt = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
    if ewt.exists():
        blocks = ewt.read_text(encoding="utf-8").strip("\n").split("\n\n")[:300]
        path = scratch / "ewt-test-300.conllu"
        path.write_text("".join(b + "\n\n" for b in blocks), encoding="utf-8")
        return path
    return ROOT / "resources" / "demo" / "conll" / "demo.gold.conllu"


def main(argv: list[str]) -> int:
    from tcompare.gui.shell.window import MainWindow
    from tcompare.gui.teaching.parse_gold import ParseGoldDialog
    from tcompare.parsers import PRETOKENISED
    from tcompare.parsers.models import first_spacy_pipeline

    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    scratch = Path(tempfile.mkdtemp(prefix="tcompare-parse-shots-"))
    gold = gold_file(scratch, argv[1] if len(argv) > 1 else None)
    pipeline = first_spacy_pipeline("en")
    parser = f"spacy:{pipeline}" if pipeline else "stub"
    for width, height in SIZES:
        tag = f"{width}x{height}"
        window = MainWindow(QSettings(str(scratch / f"{tag}.ini"), QSettings.Format.IniFormat))
        window.interactive = False
        window.resize(width, height)
        window.show()
        window.open_files(str(gold), [])
        wait_until_loaded(window)
        # the dialog
        dialog = ParseGoldDialog(window, str(gold), "dependency", "conllu")
        dialog.show()
        dialog.move(window.frameGeometry().center() - dialog.rect().center())
        app.processEvents()
        save(window, [dialog], out / f"parse-dialog-{tag}.png")
        dialog.close()
        # the progress, then the result
        feature = window.parse_gold
        feature.start(parser, PRETOKENISED, str(scratch / f"system-{tag}.conllu"))
        while feature.job is not None and (feature.progress is None or feature.progress.value() < 30):
            wait(20)
        if feature.progress is not None:
            feature.progress.move(window.frameGeometry().center() - feature.progress.rect().center())
            app.processEvents()
            save(window, [feature.progress], out / f"parse-progress-{tag}.png")
        while feature.job is not None:
            wait(50)
        wait_until_loaded(window)
        window.navigation.next_error()
        window.navigation.next_error()
        app.processEvents()
        fit_for_picture(window)
        app.processEvents()
        save(window, [], out / f"parse-result-{tag}.png")
        # live trees with the parser
        live = window.live.show()
        live.gold.clear()
        live.system.clear()
        live.notation.setCurrentText("conllu")
        live.gold.setPlainText("1\tThe\tthe\tDET\t_\t_\t2\tdet\t_\t_\n2\tboy\tboy\tNOUN\t_\t_\t3\tnsubj\t_\t_\n"
                               "3\tate\teat\tVERB\t_\t_\t0\troot\t_\t_\n4\tthe\tthe\tDET\t_\t_\t5\tdet\t_\t_\n"
                               "5\tcake\tcake\tNOUN\t_\t_\t3\tobj\t_\t_\n6\ton\ton\tADP\t_\t_\t8\tcase\t_\t_\n"
                               "7\tthe\tthe\tDET\t_\t_\t8\tdet\t_\t_\n8\ttable\ttable\tNOUN\t_\t_\t5\tnmod\t_\tSpaceAfter=No\n"
                               "9\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_")
        live.choose_parser(parser)
        for _ in range(600):
            if live.parser is not None and live.result is not None and not live.problem:
                break
            wait(50)
        live.resize(width, height)
        live.move(window.frameGeometry().topLeft())
        wait(300)
        live.update_now()
        app.processEvents()
        live.grab().save(str(out / f"live-trees-parser-{tag}.png"))
        print(f"wrote {out / f'live-trees-parser-{tag}.png'}")
        live.close()
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
