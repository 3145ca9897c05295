"""`tcompare` command line: GUI when given no subcommand, else `score|convert|compare|explain|export`.

Contract: ../shared/spec/cli.md.  Exit codes: 0 success, 1 input could not be scored as a
whole, 2 usage error.  Each subcommand lives in its own module with ``main(argv) -> int``.
"""

from __future__ import annotations

import importlib
import sys

SUBCOMMANDS = {
    "score": "tcompare.cli.score",
    "convert": "tcompare.cli.convert",
    "compare": "tcompare.cli.compare",
    "gui": "tcompare.cli.gui",
    "explain": "tcompare.cli.explain",
    "export": "tcompare.cli.export",
    "errors": "tcompare.cli.errors",
    "confusion": "tcompare.cli.confusion",
    "breakdown": "tcompare.cli.breakdown",
    "search": "tcompare.cli.search",
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


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    bad = unknown_notation(argv)
    if bad is not None:
        from tcompare.formats import NOTATION_MODULES

        command = f"tcompare {argv[0]}" if argv and argv[0] in SUBCOMMANDS else "tcompare"
        print(f"{command}: unknown notation {bad!r}; known: {', '.join(NOTATION_MODULES)}",
              file=sys.stderr)
        return 2
    if argv and argv[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[argv[0]])
        return module.main(argv[1:])
    if argv and argv[0] in ("-V", "--version"):
        from tcompare import __version__

        print(f"tcompare {__version__}")
        from tcompare.scoring.batch import kernel_name

        print("scorer: compiled kernel" if kernel_name() == "compiled"
              else "scorer: pure Python (compiled kernel not available)")
        return 0
    module = importlib.import_module(SUBCOMMANDS["gui"])
    return module.main(argv)


def entry() -> None:
    """Console-script entry point."""
    try:
        code = main()
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)
