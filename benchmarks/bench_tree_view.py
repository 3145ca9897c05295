"""Tree view figures: how long drawing one long sentence pair takes.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_tree_view.py

For a 100+-word gold/system pair (consecutive WSJ23 gold and Berkeley trees joined under
one root, scored by the evalb profile; a synthetic 150-word pair when the anchors are
absent) it prints the median of 20 runs of:
* layout: `layout_pair` alone (pure Python geometry), per mode;
* show_pair: layout + building the scene (the view's part of a sentence switch, target
  for the whole switch <= 50 ms), per mode;
* first hover: the counterpart matching (networkx) plus highlight, computed lazily;
* render: painting the whole scene into an image (what a screen repaint costs at most).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
SOURCE = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
RUNS = 20


def _inner(source: str) -> str:
    text = source.strip()
    start = text.index("(", 1)
    return text[start:text.rindex(")")].strip()


def long_pair(min_words: int = 100):
    from tcompare import formats
    from tcompare.scoring import profiles

    profile = profiles.get("evalb")
    config = profile.prepare({})
    if SOURCE.exists():
        gold_c = formats.read_file(SOURCE / "23.gold")
        sys_c = formats.read_file(SOURCE / "23.sys_berkeley_top")
        gparts, sparts, words = [], [], 0
        for g, s in zip(gold_c, sys_c):
            if g.error or s.error or len(g.item) != len(s.item):
                continue
            gparts.append(_inner(g.source))
            sparts.append(_inner(s.source))
            words += len(g.item)
            if words >= min_words:
                break
        gtext = f"(TOP (S {' '.join(gparts)}))\n"
        stext = f"(TOP (S {' '.join(sparts)}))\n"
    else:
        leaves = " ".join(f"(NP (DT the) (NN w{i}) (NN x{i}))" for i in range(50))
        gtext = stext = f"(TOP (S {leaves}))\n"
    from tcompare.formats.ptb import parse_tree

    gold, system = parse_tree(gtext.strip()), parse_tree(stext.strip())
    return gold, system, profile.score(gold, system, config, 1)


def median_ms(fn) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    from PySide6.QtWidgets import QApplication

    from tcompare.gui.drawing.tree_view import TreeComparisonView
    from tcompare.layout.tree_layout import MODES, layout_pair

    app = QApplication.instance() or QApplication([])
    gold, system, result = long_pair()
    n_nodes = len(gold.nodes()) + len(system.nodes())
    print(f"pair: {len(gold)} gold words, {len(system)} system words, {n_nodes} phrase nodes")
    view = TreeComparisonView()
    view.resize(1200, 800)
    view.show()
    app.processEvents()
    measure = view._measure_for()
    for mode in MODES:
        ms = median_ms(lambda: layout_pair(gold, system, result, mode, measure))
        print(f"layout {mode}: {ms:.1f} ms")
    for mode in MODES:
        view.set_layout_mode(mode)
        ms = median_ms(lambda: view.show_pair(gold, system, result, "ptb"))
        print(f"show_pair {mode}: {ms:.1f} ms  (target for a whole sentence switch: 50 ms)")
    view.set_layout_mode("side")

    def first_hover():
        view.show_pair(gold, system, result, "ptb")
        view.hover("gold", "node", len(gold.nodes()) // 2)

    show = median_ms(lambda: view.show_pair(gold, system, result, "ptb"))
    print(f"first hover (counterparts + highlight): {median_ms(first_hover) - show:.1f} ms")
    print(f"render whole scene to image: {median_ms(lambda: view.render_image()):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
