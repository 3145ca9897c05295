"""The `tcompare` console script: the window when given no subcommand, else a subcommand.

This module stands above both top floors of the house (`gui` and `cli`, which never import
each other): it is the one place that knows both, and it hands the GUI's picture renderer
to `tcompare export`.  Contract: ../shared/spec/cli.md.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def render_picture(*args: Any, **kwargs: Any) -> None:
    """`tcompare export --to svg|pdf|png`: drawn by the window's views (Qt, offscreen when
    there is no display); imported only when a picture is asked for."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from tcompare.gui.export_dialog import render_pair_to_file
    except ImportError as exc:
        if "shared object" not in str(exc):
            raise
        from tcompare.gui.launch import QT_RUNTIME_APT  # Qt-free; the apt line lives there

        raise ImportError(f"{exc} (on Debian or Ubuntu: sudo apt-get install {QT_RUNTIME_APT})") from exc
    render_pair_to_file(*args, **kwargs)


def main(argv: list[str] | None = None) -> int:
    import tcompare.cli as cli

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and (argv[0] in cli.SUBCOMMANDS or argv[0] in ("-V", "--version")) or \
            cli.unknown_notation(argv) is not None:
        return cli.main(argv, render_picture=render_picture)
    if argv and argv[0] == "gui":
        argv = argv[1:]
    from tcompare.gui.launch import main as window

    return window(argv, list(cli.SUBCOMMANDS))


def entry() -> None:
    """Console-script entry point."""
    try:
        code = main()
    except BrokenPipeError:
        code = 0
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)
