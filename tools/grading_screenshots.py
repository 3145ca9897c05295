"""Render File › Grade a class…'s window to PNGs, to look at them.

Usage::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/grading_screenshots.py GOLD SUBMISSION... \\
        --out DIR [--size 1280x720] [--student N] [--sentence N] [--lang zh_CN]

Writes DIR/grading-class.png (gradebook, mistakes, heat map), grading-sentence.png (student N's
answer to sentence N, gold above), grading-feedback.png (student N's feedback page) and
grading-present.png (the class's most common mistake, presented).  The grades are
`analysis.grading.grade_class`'s, as `tcompare grade` computes them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gold")
    parser.add_argument("submissions", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--student", type=int, default=1, help="1-based")
    parser.add_argument("--sentence", type=int, default=1)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from tcompare import formats
    from tcompare.analysis import grading
    from tcompare.gui.language import i18n
    from tcompare.gui.teaching.grading import GradingWindow
    from tcompare.scoring import profiles

    if args.lang != "en":
        i18n.install(app, args.lang)
    width, height = (int(v) for v in args.size.split("x"))
    gold = formats.read_file(args.gold)
    profile = profiles.get(profiles.default_for(gold.notation))
    grades = grading.grade_class(gold, grading.collect_submissions(args.submissions, args.gold),
                                 profile, profile.prepare({}))
    win = GradingWindow(grades)
    win.resize(width, height)
    win.show()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        for _ in range(8):
            app.processEvents()
        win.grab().save(str(out / f"grading-{name}.png"))

    shot("class")
    win.show_cell(args.student - 1, args.sentence)
    shot("sentence")
    win.show_feedback(args.student - 1, switch=True)
    shot("feedback")
    if win.present_mistake(0):
        win.resize(width, height)          # (offscreen: full screen is the window's size)
        shot("present")
    return 0


if __name__ == "__main__":
    sys.exit(main())
