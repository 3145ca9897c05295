"""`tcompare export GOLD SYSTEM --sentence N --to latex|svg|pdf|png|dot|gv-svg|gv-pdf|gv-png [-o FILE]`.

``dot`` writes Graphviz DOT; ``gv-*`` has Graphviz (pygraphviz) lay it out and render it.

Writes one compared sentence as a picture or a LaTeX document, coloured by the profile's
verdicts.  ``latex`` (forest / tikz-dependency, `tcompare.export.latex`) needs no Qt;
``svg``, ``pdf`` and ``png`` are drawn by the GUI's views, so Qt is imported only then
(offscreen when there is no display).  Without ``-o`` LaTeX goes to stdout and pictures to
``sentence-N.<ext>``.  Exit codes: 0 written, 1 unreadable input / no such sentence /
cannot write, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, TextIO

from tcompare.atomic_file import WriteError, atomic_write
from tcompare.cli.explain import CliError, CliUsage, add_common, load_pair

FORMATS = ("latex", "svg", "pdf", "png", "dot", "gv-svg", "gv-pdf", "gv-png")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare export",
                                     description="Export one compared sentence as LaTeX, SVG, PDF or PNG.")
    add_common(parser)
    parser.add_argument("--to", choices=FORMATS, default="latex")
    parser.add_argument("-o", "--output", help="output file (default: stdout for latex)")
    parser.add_argument("--body-only", action="store_true",
                        help="latex: only the pictures, no \\documentclass (for \\input)")
    parser.add_argument("--no-legend", action="store_true", help="leave out the verdict legend")
    parser.add_argument("--no-pos", action="store_true", help="latex: no POS row in trees")
    parser.add_argument("--scale", type=float, default=2.0, help="png: pixels per drawing unit")
    parser.add_argument("--enhanced", choices=("off", "above", "below"), default="off",
                        help="svg/pdf/png of CoNLL-U: draw the enhanced graph's DEPS arcs above "
                             "the basic arcs or below the words (verdicts: --profile ud-eval)")
    parser.add_argument("--cjk-font", default=None, metavar="FAMILY",
                        help="latex: xeCJK's main font for Chinese text (default: an installed "
                             "CJK font, as fc-list names it, e.g. WenQuanYi Micro Hei)")
    return parser


# draws one compared pair to a picture file: (gold item, system item, result, notation,
# path, format, scale=, title=, with_legend=).  The GUI's views draw pictures, and the
# command line never imports the GUI: `tcompare.entry` hands the GUI's renderer in.
RenderPicture = Callable[..., None]


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None,
         render_picture: RenderPicture | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        loaded = load_pair(args, "export")
    except CliError as exc:
        err.write(f"tcompare export: {exc}\n")
        return 2 if isinstance(exc, CliUsage) else 1
    if loaded.gold_item is None and loaded.system_item is None:
        err.write(f"tcompare export: sentence {args.sentence} cannot be read in either file: "
                  f"{loaded.result.message}\n")
        return 1
    title = f"Sentence {args.sentence} ({loaded.profile.name})"
    if args.to == "latex":
        from tcompare.export.latex import export_pair

        text = export_pair(loaded.gold_item, loaded.system_item, loaded.result,
                           standalone=not args.body_only, title=title,
                           with_legend=not args.no_legend, show_pos=not args.no_pos,
                           cjk_font=args.cjk_font)
        if not args.output or args.output == "-":
            out.write(text)
            return 0
        try:
            atomic_write(args.output, text.encode("utf-8"))
        except WriteError as exc:
            err.write(f"tcompare export: {exc}\n")
            return 1
        return 0
    if args.to == "dot" or args.to.startswith("gv-"):
        return _graphviz(args, loaded, out, err)
    path = args.output or f"sentence-{args.sentence}.{args.to}"
    if render_picture is None:
        err.write(f"tcompare export: --to {args.to} draws with the window's views; run it as "
                  "`tcompare export` (latex and dot need no window)\n")
        return 1
    try:
        render_picture(loaded.gold_item, loaded.system_item, loaded.result,
                            loaded.gold.notation, path, args.to, scale=args.scale,
                            title=title, with_legend=not args.no_legend,
                            **({"enhanced": args.enhanced} if args.enhanced != "off" else {}))
    except WriteError as exc:      # (the previous file, if any, is intact)
        err.write(f"tcompare export: {exc}\n")
        return 1
    except OSError as exc:
        err.write(f"tcompare export: cannot write {path}: {exc.strerror or exc}\n")
        return 1
    except ImportError as exc:  # a system library Qt needs is missing (the bundle on a bare system)
        err.write(f"tcompare export: --to {args.to} cannot draw: {exc}; latex and dot need no window\n")
        return 1
    out.write(f"{path}\n")
    return 0


def _graphviz(args, loaded, out: TextIO, err: TextIO) -> int:
    """``dot``: Graphviz DOT text; ``gv-svg|gv-pdf|gv-png``: laid out by Graphviz (no Qt)."""
    from tcompare.export.dot import pair_dot, render

    dot = pair_dot(loaded.gold_item, loaded.system_item, loaded.result,
                   (f"gold {os.path.basename(args.gold)}", f"system {os.path.basename(args.system)}"))
    if args.to == "dot":
        data = dot.encode("utf-8")
    else:
        try:
            data = render(dot, args.to[3:])
        except Exception as exc:  # pygraphviz missing or Graphviz failing: say so, exit 1
            err.write(f"tcompare export: Graphviz could not render: {exc}\n")
            return 1
    if (not args.output or args.output == "-") and args.to == "dot":
        out.write(dot)
        return 0
    path = args.output or f"sentence-{args.sentence}.{args.to[3:]}"
    try:
        atomic_write(path, data)
    except WriteError as exc:
        err.write(f"tcompare export: {exc}\n")
        return 1
    out.write(f"{path}\n")
    return 0
