"""Application start-up: QApplication, fonts, main window, --screenshot mode."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QMainWindow, QPlainTextEdit

from tcompare import formats
from tcompare.paths import resource


def run(args) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    gold_path = args.gold or str(resource("demo", "ptb", "gold.mrg"))
    try:
        corpus = formats.read_file(gold_path, args.format)
        first = corpus[0].source if len(corpus) else "(empty file)"
    except formats.ReadError as exc:
        print(f"tcompare: {exc}", file=sys.stderr)
        return 1
    window = QMainWindow()
    window.setWindowTitle(f"tcompare — {gold_path}")
    view = QPlainTextEdit(first)
    view.setReadOnly(True)
    window.setCentralWidget(view)
    window.resize(args.width, args.height)
    if args.screenshot:
        window.show()
        app.processEvents()
        return 0 if window.grab().save(args.screenshot) else 1
    window.show()
    return app.exec()
