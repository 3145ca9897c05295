"""Editing one sentence of the 41,072-sentence WSJ23 x 17 gold and saving it (issue 9: < 1 s).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_edit.py

Reports
* non-GUI path: relabel one node (pure edit), `corpus_bytes` (unedited sentences copied
  verbatim), atomic save (temp file + fsync + rename); the first save of a session also
  copies the original to ``.orig``, so first and later saves are timed apart;
* GUI path: `GoldEditor` relabel of sentence 20,000 in the real window (install + rescore of
  that one sentence + table row + sidebar totals + redraw), then Ctrl+S (`EditorFiles.save`:
  on-disk change check + corpus_bytes + atomic save).

Big files are built under bench-data/ as ../shared/anchors/evalb/real/README.md says; the
gold copy that gets edited lives in bench-data/edit/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
SOURCE = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
DATA = ROOT / "bench-data"
TARGET = 20_000   # 0-based sentence edited

from bench_gui import build_big_files  # noqa: E402  (the same WSJ23 x 17 files)


def fresh_copy(gold: Path) -> Path:
    folder = DATA / "edit"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    target = folder / gold.name
    shutil.copy(gold, target)
    return target


def bench_core(gold_src: Path) -> None:
    from tcompare import formats
    from tcompare.editing.labels import label_parser
    from tcompare.editing.save import SaveSession
    from tcompare.editing.tree_edits import relabel

    gold = fresh_copy(gold_src)
    t0 = time.perf_counter()
    corpus = formats.read_file(gold)
    read = time.perf_counter() - t0
    saver = SaveSession(gold)
    for attempt in ("first", "second"):
        t0 = time.perf_counter()
        record = corpus[TARGET]
        tree = record.item
        node = tree.nodes()[1]
        new_label = "X" + node.label.raw if attempt == "first" else node.label.raw[1:]
        record.replace_item(relabel(tree, node.id, new_label, label_parser("ptb")))
        t1 = time.perf_counter()
        data = formats.corpus_bytes(corpus)
        t2 = time.perf_counter()
        changed = saver.changed_on_disk()
        saver.save(data)
        t3 = time.perf_counter()
        print(f"core {attempt} save: edit {1000 * (t1 - t0):.1f} ms, corpus_bytes "
              f"{1000 * (t2 - t1):.0f} ms, change check + atomic save "
              f"{1000 * (t3 - t2):.0f} ms (changed={changed}), total {t3 - t0:.3f} s")
    print(f"core: read {len(corpus):,} sentences in {read:.2f} s (not part of the edit)")
    shutil.rmtree(gold.parent)


def bench_gui(gold_src: Path, system: Path) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from tcompare.gui.shell.window import MainWindow

    gold = fresh_copy(gold_src)
    settings = QSettings(str(gold.parent / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.interactive = False
    win.resize(1400, 900)
    win.show()
    editor = win.editor
    t0 = time.perf_counter()
    win.open_files(str(gold), [str(system)])
    while not win.session.complete:
        app.processEvents()
    print(f"gui: opened and scored {win.session.row_count:,} rows in {time.perf_counter() - t0:.1f} s")
    win.go_to(TARGET + 1)
    app.processEvents()
    editor.cursor.move_selection("child")
    editor.dialogs.ask_text = lambda *a, **k: "FRAG"
    t0 = time.perf_counter()
    editor.edits.relabel()
    app.processEvents()
    t1 = time.perf_counter()
    ok = editor.files.save()
    t2 = time.perf_counter()
    print(f"gui: relabel + rescore + totals + redraw {1000 * (t1 - t0):.0f} ms; "
          f"Ctrl+S (first, with .orig) {1000 * (t2 - t1):.0f} ms (saved={ok})")
    editor.undo()
    t3 = time.perf_counter()
    editor.files.save()
    t4 = time.perf_counter()
    print(f"gui: undo {1000 * (t3 - t2):.0f} ms; second save {1000 * (t4 - t3):.0f} ms; "
          f"edit+save total (first) {t2 - t0:.3f} s")
    win.close()
    shutil.rmtree(gold.parent)


def main() -> None:
    if not SOURCE.exists():
        print(f"skipped: {SOURCE} not available")
        return
    gold, system = build_big_files()
    bench_core(gold)
    bench_gui(gold, system)


if __name__ == "__main__":
    main()
