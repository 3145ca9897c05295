"""`tcompare [GOLD [SYSTEM ...]] [--profile P] [-p PRM] [--goto N] [--screenshot PNG] [--size WxH]`.

Argument parsing lives here (no Qt); the window is imported only once arguments are valid.
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare", description=(
        "Compare parse trees: open a gold file and one or more system files. "
        "Subcommands: score, convert, compare (tcompare SUBCOMMAND --help)."))
    parser.add_argument("gold", nargs="?", help="gold treebank (default: the bundled demo corpus)")
    parser.add_argument("systems", nargs="*", help="system (parser output) files")
    parser.add_argument("--profile", help="scoring profile (default: by notation)")
    parser.add_argument("-p", "--prm", help="EVALB parameter file")
    parser.add_argument("--format", help="notation of the files (default: sniffed)")
    parser.add_argument("--goto", type=int, default=1, metavar="N", help="show sentence N first (1-based)")
    parser.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit")
    parser.add_argument("--size", default="1600x1000", metavar="WxH", help="window size for --screenshot")
    parser.add_argument("--layout", choices=("side", "stacked", "mirrored"), help="tree layout")
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"tcompare: --size wants WxH, got {args.size!r}", file=sys.stderr)
        return 2
    args.width, args.height = width, height
    from tcompare.gui.app import run

    return run(args)
