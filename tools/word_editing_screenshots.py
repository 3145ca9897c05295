"""Pictures of word-level editing in the dependency view (issue 30 item 3), to look at.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/word_editing_screenshots.py OUT_DIR [en zh_CN ...]

For each language and window size (1280x720, 1920x1080): the feature editor over the window
(a verb of UD English EWT, the treebank's features for VERB offered most frequent first),
a sentence split in two, and the same with a word's context menu open (gold against a system whose
relations differ).  Data: the first 80 sentences of EWT's test file from $TCOMPARE_REFS (the
bundled CoNLL-U demo when it is absent).  Nothing is compared: the pictures are for the eye.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint, QSettings  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402

from tcompare.editing.selection import Selection  # noqa: E402
from tcompare.gui.language import i18n  # noqa: E402
from tcompare.gui.shell.app import application, fit_for_picture, wait_until_loaded  # noqa: E402

REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
SIZES = ((1280, 720), (1920, 1080))
FEATURES_OF = (25, "believe")       # sentence (0-based) and word the feature editor edits
SPLIT = (58, "when")                # "I'll post highlights ... | when I'm finished."


def files(folder: Path) -> tuple[Path, Path]:
    """A gold file (EWT's first 80 sentences) and a system: every fifth relation 'dep'."""
    if EWT.exists():
        blocks = EWT.read_text(encoding="utf-8").split("\n\n")[:80]
        gold_text = "\n\n".join(blocks) + "\n\n"
    else:
        gold_text = (ROOT / "resources" / "demo" / "conll" / "demo.gold.conllu").read_text("utf-8")
    lines, n = [], 0
    for line in gold_text.split("\n"):
        cols = line.split("\t")
        if len(cols) == 10 and cols[0].isdigit():
            n += 1
            if n % 5 == 0 and cols[7] != "root":
                cols[7] = "dep"
        lines.append("\t".join(cols))
    gold, system = folder / "ewt-gold.conllu", folder / "ewt-system.conllu"
    gold.write_text(gold_text, encoding="utf-8")
    system.write_text("\n".join(lines), encoding="utf-8")
    return gold, system


def window_on(gold: Path, system: Path, size: tuple[int, int]):
    from tcompare.gui.shell.window import MainWindow

    settings = QSettings(str(Path(tempfile.mkdtemp(prefix="tcompare-words-")) / "s.ini"),
                         QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.interactive = False
    window.resize(*size)
    window.show()
    # conll18 aligns the files on their characters: the halves of a split sentence are still
    # compared with the system's one sentence (a profile pairing by text would leave them
    # unpaired, as `tcompare score` does)
    window.open_files(str(gold), [str(system)], profile="conll18")
    wait_until_loaded(window)
    return window


def settle(window) -> None:
    app = application()
    for _ in range(3):
        app.processEvents()
    fit_for_picture(window)
    app.processEvents()


def word_at(window, row: int, form: str) -> int:
    words = window.session.gold[row].item.words
    return next(k for k, w in enumerate(words) if w.form == form)


def composite(window, overlays: list, path: Path) -> None:
    """The window with its pop-ups (a dialog, a menu) painted where they stand on screen."""
    picture = window.grab()
    painter = QPainter(picture)
    for widget in overlays:
        spot = window.mapFromGlobal(widget.mapToGlobal(QPoint(0, 0)))
        painter.drawPixmap(spot, widget.grab())
    painter.end()
    ok = picture.save(str(path))
    print(f"{'wrote' if ok else 'FAILED'} {path}")


def feature_editor(window, out: Path, tag: str) -> None:
    from tcompare.editing import word_edits
    from tcompare.gui.editor.feature_dialog import FeatureDialog

    row, form = FEATURES_OF
    window.show_sentence(row)
    word = word_at(window, row, form)
    window.editor.cursor.select(Selection("gold", "token", word))
    settle(window)
    token = window.session.gold[row].item.words[word]
    offer = window.editor.words._offer()
    dialog = FeatureDialog(token.form, token.cpostag, token.feats, offer.inventory,
                           word_edits.ANY_UPOS,
                           lambda f: word_edits.format_feats(word_edits.parse_feats(f)), window)
    dialog.set_value("Tense", "Past")
    dialog.show()
    frame = window.frameGeometry()
    dialog.move(frame.center() - dialog.rect().center())
    application().processEvents()
    composite(window, [dialog], out / f"feature-editor-{tag}.png")
    dialog.close()


def split_sentence(window, out: Path, tag: str) -> None:
    row, form = SPLIT
    window.show_sentence(row)
    window.editor.cursor.select(Selection("gold", "token", word_at(window, row, form)))
    window.editor.words.split_sentence()
    settle(window)
    composite(window, [], out / f"split-sentence-{tag}.png")
    menu = window.editor.word_menu()
    view = window.view_stack.currentWidget()
    menu.popup(view.mapToGlobal(QPoint(view.width() // 2, 40)))
    application().processEvents()
    composite(window, [menu], out / f"word-menu-{tag}.png")
    menu.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "screenshots-words")
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    gold, system = files(Path(tempfile.mkdtemp(prefix="tcompare-words-")))
    for code in argv[1:] or ["en", "zh_CN"]:
        i18n.install(app, code)
        for size in SIZES:
            tag = f"{code}-{size[0]}x{size[1]}"
            window = window_on(gold, system, size)
            feature_editor(window, out, tag)
            split_sentence(window, out, tag)
            window.editor.stack.clear()          # (closing asks nothing)
            window.editor.files.gold_file.discard_journal()
            window.close()
    i18n.install(app, "en")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
