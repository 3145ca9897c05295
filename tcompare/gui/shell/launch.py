"""`tcompare [GOLD [SYSTEM ...]] [--profile P] [-p PRM] [--goto N] [--screenshot PNG] [--size WxH]`.

Contract: ../shared/spec/cli.md §GUI.  Without files the bundled demo corpus opens.
``--screenshot PNG`` loads, scores, draws sentence N, saves the window and exits 0 (exit 1
with a message naming file, line and column when a file cannot be read).  Argument checks
live here (no Qt is imported before they pass); the window is imported only once
arguments are valid.  `tcompare.entry` calls `main` when no subcommand is given.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from tcompare.gui.shell.system_libraries import WINDOW_APT, window_problem

# what the window needs from the system besides the bundle (packaging/check_chroot.sh checks it)
QT_RUNTIME_APT = " ".join(WINDOW_APT)


def build_parser(subcommands: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The window's arguments; `subcommands` (from `tcompare.entry`) are named in the help."""
    names = ", ".join(name for name in subcommands if name != "gui")
    parser = argparse.ArgumentParser(prog="tcompare", description=(
        "Compare parse trees: open a gold file and one or more system files. "
        f"Subcommands: {names} (tcompare SUBCOMMAND --help)."))
    parser.add_argument("gold", nargs="?", help="gold treebank (default: the bundled demo corpus)")
    parser.add_argument("systems", nargs="*", help="system (parser output) files")
    parser.add_argument("--profile", help="scoring profile (default: by notation)")
    parser.add_argument("-p", "--prm", help="EVALB parameter file")
    parser.add_argument("--format", help="notation of the files (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of the files (default: detected)")
    parser.add_argument("--goto", type=int, default=None, metavar="N",
                        help="show sentence N first (1-based; the demo opens on its first "
                             "sentence with a difference)")
    parser.add_argument("--screenshot", metavar="PNG", help="render the window to PNG and exit")
    parser.add_argument("--size", default="1600x1000", metavar="WxH", help="window size for --screenshot")
    parser.add_argument("--totals", metavar="JSON",
                        help="write the window's running total as `score --output json` writes "
                             "its summary; alone, exit once the files are scored")
    parser.add_argument("--layout", choices=("side", "stacked", "mirrored"), help="tree layout")
    parser.add_argument("--lang", metavar="LANG", help="interface language: en, zh_CN, zh_TW or system "
                        "(default: $TCOMPARE_LANG, then the one chosen in View › Language, then the system's)")
    return parser


def check(args) -> tuple[int, str]:
    """(exit code, message) for arguments that cannot work; (0, "") when they can."""
    from tcompare import formats
    from tcompare.scoring import profiles

    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
        if width <= 0 or height <= 0:
            raise ValueError
    except ValueError:
        return 2, f"--size wants WxH with positive numbers, got {args.size!r}"
    args.width, args.height = width, height
    if args.goto is not None and args.goto < 1:
        return 2, f"--goto wants a sentence number from 1, got {args.goto}"
    if args.profile and args.profile not in profiles.PROFILE_MODULES:
        return 2, f"unknown profile {args.profile!r}; known: {', '.join(profiles.PROFILE_MODULES)}"
    if args.format and args.format not in formats.available():
        return 2, f"unknown notation {args.format!r}; known: {', '.join(formats.available())}"
    if getattr(args, "encoding", None):
        import codecs

        try:
            codecs.lookup(args.encoding)
        except LookupError:
            return 2, f"unknown encoding {args.encoding!r}"
    lang = (getattr(args, "lang", None) or "").replace("-", "_").lower()
    if lang and lang not in ("system", "en", "zh") and not lang.startswith(("zh_", "en_")):
        return 2, f"unknown language {args.lang!r}; known: system, en, zh_CN, zh_TW"
    if args.systems and not args.gold:
        return 2, "system files need a gold file first"
    for path in [args.gold, *args.systems, args.prm]:
        if path and not Path(path).is_file():
            why = "a folder, not a file" if Path(path).is_dir() else "no such file"
            return 1, f"{path}: cannot open file: {why}"
    return 0, ""


def main(argv: list[str], subcommands: Sequence[str] = ()) -> int:
    args = build_parser(subcommands).parse_args(argv)
    code, message = check(args)
    if code:
        print(f"tcompare: {message}", file=sys.stderr)
        return code
    if getattr(args, "totals", None) and not args.screenshot:
        from tcompare.gui.shell.totals_file import write_totals

        return write_totals(args)          # no window: Qt is never loaded
    # before Qt: a platform plugin that cannot load makes Qt abort (exit 134) naming
    # another library than the missing one
    problem = window_problem()
    if problem:
        print("\n".join(f"tcompare: {line}" for line in problem.splitlines()), file=sys.stderr)
        return 1
    try:
        from tcompare.gui.shell.app import run
    except ImportError as exc:
        if "shared object" not in str(exc):
            raise
        # a system library Qt needs (the desktop bundle leaves OpenGL and fonts to the system)
        print(f"tcompare: the window cannot start: {exc}\n"
              f"tcompare: on Debian or Ubuntu: sudo apt-get install {QT_RUNTIME_APT}", file=sys.stderr)
        return 1
    return run(args)

