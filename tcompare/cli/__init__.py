"""`tcompare` subcommands: `score|convert|compare|explain|export|errors|confusion|breakdown|search|stats|table|report|validate`.

The console script is `tcompare.entry`: it starts the window when given no subcommand.

Contract: ../shared/spec/cli.md.  Exit codes: 0 success, 1 input could not be scored as a
whole, 2 usage error.  Each subcommand lives in its own module with ``main(argv) -> int``.
"""

from __future__ import annotations

import sys
from typing import Callable

# One function per subcommand, each importing its module only when run (start-up stays fast).
def _score(argv: list[str]) -> int:
    from tcompare.cli import score
    return score.main(argv)


def _convert(argv: list[str]) -> int:
    from tcompare.cli import convert
    return convert.main(argv)


def _compare(argv: list[str]) -> int:
    from tcompare.cli import compare
    return compare.main(argv)


def _explain(argv: list[str]) -> int:
    from tcompare.cli import explain
    return explain.main(argv)


def _export(argv: list[str], render_picture: Callable[..., None] | None = None) -> int:
    from tcompare.cli import export
    return export.main(argv, render_picture=render_picture)


def _errors(argv: list[str]) -> int:
    from tcompare.cli import errors
    return errors.main(argv)


def _confusion(argv: list[str]) -> int:
    from tcompare.cli import confusion
    return confusion.main(argv)


def _breakdown(argv: list[str]) -> int:
    from tcompare.cli import breakdown
    return breakdown.main(argv)


def _search(argv: list[str]) -> int:
    from tcompare.cli import search
    return search.main(argv)


def _stats(argv: list[str]) -> int:
    from tcompare.cli import stats
    return stats.main(argv)


def _table(argv: list[str]) -> int:
    from tcompare.cli import table
    return table.main(argv)


def _report(argv: list[str]) -> int:
    from tcompare.cli import report
    return report.main(argv)


def _validate(argv: list[str]) -> int:
    from tcompare.cli import validate
    return validate.main(argv)


SUBCOMMANDS: dict[str, Callable[[list[str]], int]] = {
    "score": _score, "convert": _convert, "compare": _compare, "explain": _explain,
    "export": _export, "errors": _errors, "confusion": _confusion, "breakdown": _breakdown,
    "search": _search, "stats": _stats, "table": _table, "report": _report,
    "validate": _validate,
}


FORMAT_OPTIONS = ("--format", "--gold-format", "--system-format")


def unknown_notation(argv: list[str]) -> str | None:
    """The first ``--format``-style value that names no notation, or None.

    Checked once here for every subcommand, so a misspelt notation is a usage error
    (exit 2) everywhere instead of surfacing later as an unreadable file.
    """
    if not any(arg.partition("=")[0] in FORMAT_OPTIONS for arg in argv):
        return None                # (start-up: no import of the format registry)
    from tcompare.formats import NOTATION_MODULES

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, eq, value = arg.partition("=")
        if name not in FORMAT_OPTIONS:
            continue
        if not eq:
            if i + 1 >= len(argv):
                continue           # argparse reports the missing value
            value = argv[i + 1]
        if value not in NOTATION_MODULES:
            return value
    return None


def main(argv: list[str] | None = None,
         render_picture: Callable[..., None] | None = None) -> int:
    """Run the subcommand ``argv[0]`` (or ``-V``).  The window (no subcommand) is started by
    `tcompare.entry`, which is the console script: the command line never imports the GUI.
    ``render_picture`` draws `tcompare export`'s pictures (handed in by `tcompare.entry`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    bad = unknown_notation(argv)
    if bad is not None:
        from tcompare.formats import NOTATION_MODULES

        command = f"tcompare {argv[0]}" if argv and argv[0] in SUBCOMMANDS else "tcompare"
        print(f"{command}: unknown notation {bad!r}; known: {', '.join(NOTATION_MODULES)}",
              file=sys.stderr)
        return 2
    if argv and argv[0] == "export":
        return _export(argv[1:], render_picture)
    if argv and argv[0] in SUBCOMMANDS:
        return SUBCOMMANDS[argv[0]](argv[1:])
    if argv and argv[0] in ("-V", "--version"):
        from tcompare import __version__

        print(f"tcompare {__version__}")
        from tcompare.scoring.evalb.block import kernel_name

        print("scorer: compiled kernel" if kernel_name() == "compiled"
              else "scorer: pure Python (compiled kernel not available)")
        return 0
    print(f"tcompare: {argv[0] if argv else '(nothing)'} is not a subcommand; known: "
          f"{', '.join(SUBCOMMANDS)}", file=sys.stderr)
    return 2
