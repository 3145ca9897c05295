"""Render one gold/system dependency pair with the dependency view to a PNG.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/render_dep_view.py GOLD SYSTEM -o out.png \
        [--sentence N | --pick every|nonprojective|several_roots|longest] [--mode mirrored|stacked|tree] \
        [--profile conllx] [--hover WORD] [--size 1500x800] [--whole]

The pair is read with `tcompare.formats`, scored with the profile (default: the gold
notation's), and drawn by `DependencyComparisonView` exactly as in the main window.
``--pick`` chooses the first sentence by what the scorer found (``every``: all five arc
verdicts occur; ``nonprojective``: the system tree is non-projective; ``several_roots``;
``longest``).  ``--whole`` renders the entire drawing (no scroll bars) instead of the widget.
Exit status: 0 when the PNG was written, 1 on unreadable input, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tcompare import formats  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.base import Verdict  # noqa: E402
from tcompare.scoring.pairing import score_pair  # noqa: E402

ARC_VERDICTS = {Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH, Verdict.IGNORED}


def pick_sentence(gold, system, profile, config, how: str) -> int:
    """0-based position of the first sentence matching `how` (0 if none does)."""
    best, best_len = 0, -1
    for i in range(min(len(gold), len(system))):
        result = score_pair(gold, system, i, profile, config)
        if not result.valid:
            continue
        if how == "every" and {it.verdict for it in result.system_items} >= ARC_VERDICTS:
            return i
        if how == "nonprojective" and "non_projective" in result.flags:
            return i
        if how == "several_roots" and "several_roots" in result.flags:
            return i
        if how == "longest" and len(gold[i].item.words) > best_len:
            best, best_len = i, len(gold[i].item.words)
    return best


def render(gold_path: str, system_path: str, out: str, sentence: int | None = None, pick: str = "every",
           mode: str = "mirrored", profile_name: str | None = None, hover: int | None = None,
           size: tuple[int, int] = (1500, 800), whole: bool = False) -> int:
    """Write the PNG; returns the 0-based sentence position drawn.

    Raises
    ------
    formats.ReadError
        when a file cannot be read.
    """
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from tcompare.gui.drawing.dep_view import DependencyComparisonView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    gold = formats.read_file(gold_path)
    system = formats.read_file(system_path, gold.notation)
    profile = profiles.get(profile_name or profiles.default_for(gold.notation))
    config = profile.prepare({})
    position = sentence - 1 if sentence else pick_sentence(gold, system, profile, config, pick)
    result = score_pair(gold, system, position, profile, config)
    g = gold[position].item if position < len(gold) else None
    s = system[position].item if position < len(system) else None
    view = DependencyComparisonView()
    view.resize(*size)
    view.set_layout_mode(mode)
    view.set_titles(f"GOLD  {Path(gold_path).name}", f"SYSTEM  {Path(system_path).name}")
    view.show()
    view.show_pair(g, s, result, gold.notation)
    app.processEvents()
    view.zoom_fit()
    if hover is not None:
        view.hover_token(hover - 1)
    app.processEvents()
    if whole:
        rect = view.scene.sceneRect()
        image = QImage(int(rect.width() * 1.5), int(rect.height() * 1.5), QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        view.scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        ok = image.save(out)
    else:
        ok = view.grab().save(out)
    view.close()
    if not ok:
        raise OSError(f"cannot write {out}")
    return position


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("-o", "--output", required=True, help="PNG to write")
    parser.add_argument("--sentence", type=int, help="1-based sentence number")
    parser.add_argument("--pick", default="every", choices=("every", "nonprojective", "several_roots", "longest"))
    parser.add_argument("--mode", default="mirrored", choices=("mirrored", "stacked", "tree"))
    parser.add_argument("--profile")
    parser.add_argument("--hover", type=int, help="1-based word to hover")
    parser.add_argument("--size", default="1500x800")
    parser.add_argument("--whole", action="store_true", help="render the whole drawing, not the widget")
    args = parser.parse_args(argv)
    try:
        size = tuple(int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"render_dep_view: --size wants WxH, got {args.size!r}", file=sys.stderr)
        return 2
    try:
        position = render(args.gold, args.system, args.output, args.sentence, args.pick, args.mode,
                          args.profile, args.hover, size, args.whole)
    except (formats.ReadError, OSError, KeyError) as exc:
        print(f"render_dep_view: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.output} (sentence {position + 1}, {args.mode})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
