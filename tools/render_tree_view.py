"""Render one gold/system pair with TreeComparisonView to a PNG, to look at it.

Usage::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/render_tree_view.py GOLD SYSTEM OUT.png
        [--sentence N] [--mode side|stacked|mirrored] [--profile evalb] [--notation ptb]
        [--no-pos] [--no-function] [--no-roles] [--scale 1.0] [--legend] [--svg OUT.svg]

GOLD and SYSTEM are files in any constituency notation tcompare reads; sentence N counts
from 1.  The pair is scored by the named profile (the shared scorer), so the colours are
the scorer's verdicts.
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
    parser.add_argument("system")
    parser.add_argument("out")
    parser.add_argument("--sentence", type=int, default=1)
    parser.add_argument("--mode", default="side")
    parser.add_argument("--profile", default="evalb")
    parser.add_argument("--notation", default=None)
    parser.add_argument("--no-pos", action="store_true")
    parser.add_argument("--no-function", action="store_true")
    parser.add_argument("--no-roles", action="store_true")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--legend", action="store_true", help="grab the view with the legend beside it")
    parser.add_argument("--svg", default=None)
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

    from tcompare import formats
    from tcompare.gui.drawing.legend import VerdictLegend
    from tcompare.gui.drawing.tree_view import TreeComparisonView
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import score_pair

    app = QApplication.instance() or QApplication([])
    gold = formats.read_file(args.gold, args.notation)
    system = formats.read_file(args.system, args.notation)
    profile = profiles.get(args.profile)
    config = profile.prepare({})
    i = args.sentence - 1
    result = score_pair(gold, system, i, profile, config)
    g = gold[i].item if i < len(gold) and gold[i].error is None else None
    s = system[i].item if i < len(system) and system[i].error is None else None

    view = TreeComparisonView()
    view.set_layout_mode(args.mode)
    view.set_show_pos(not args.no_pos)
    view.set_show_function_tags(not args.no_function)
    view.set_show_roles(not args.no_roles)
    view.set_titles(f"GOLD  {Path(args.gold).name}", f"SYSTEM  {Path(args.system).name}")
    view.show_pair(g, s, result, gold.notation)
    if args.svg:
        view.export_svg(args.svg)
    if args.legend:
        window = QWidget()
        row = QHBoxLayout(window)
        row.addWidget(view, 1)
        row.addWidget(VerdictLegend())
        rect = view.scene.sceneRect()
        window.resize(int(min(rect.width(), 1600)) + 300, int(min(rect.height(), 1000)) + 20)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.out)
    else:
        ok = view.render_image(args.scale).save(args.out)
    print(f"sentence {args.sentence}: {result.status.value} {dict(result.scores)} -> {args.out}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
