"""`tcompare` subcommands: `score|convert|compare|explain|export|errors|confusion|breakdown|search|stats|table|report|grade|diff|suspects|parse|agree|validate`.

`agree` (docs/cli-agree.md): agreement between two or more annotators' files.

The console script is `tcompare.entry`: it starts the window when given no subcommand.

`score`, `table` and `report` take ``--llm``: the system files are LLM output, read leniently
and scored under the strict and the repaired policy side by side (cli/llm.py, docs/llm-output.md).

Contract: ../shared/spec/cli.md.  Exit codes: 0 success, 1 input could not be scored as a
whole, 2 usage error.  Each subcommand lives in its own module with ``main(argv) -> int``.
"""

from __future__ import annotations

import importlib
import sys
from typing import Callable

# One entry per subcommand: its module is imported only when run (start-up stays fast).
# A new subcommand is one line here and a module `tcompare/cli/<module>.py` with `main(argv)`.
_MODULES: dict[str, str] = {
    "score": "score", "convert": "convert", "compare": "compare", "explain": "explain",
    "export": "export", "errors": "errors", "confusion": "confusion", "breakdown": "breakdown",
    "search": "search", "stats": "stats", "table": "table", "report": "report",
    "grade": "grade",
    "diff": "diff", "suspects": "suspects",
    "parse": "parse",
    "agree": "agree",
    "validate": "validate",
}


def _runner(module: str) -> Callable[[list[str]], int]:
    def run(argv: list[str]) -> int:
        main: Callable[[list[str]], int] = importlib.import_module(f"tcompare.cli.{module}").main
        return main(argv)
    run.__name__ = f"_{module}"
    return run


def _export(argv: list[str], render_picture: Callable[..., None] | None = None) -> int:
    from tcompare.cli import export
    return export.main(argv, render_picture=render_picture)


SUBCOMMANDS: dict[str, Callable[[list[str]], int]] = {
    name: _runner(module) for name, module in _MODULES.items()}


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
