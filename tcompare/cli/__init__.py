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
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[argv[0]])
        return module.main(argv[1:])
    if argv and argv[0] in ("-V", "--version"):
        from tcompare import __version__

        print(f"tcompare {__version__}")
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
