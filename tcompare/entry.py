"""The `tcompare` console script: the window when given no subcommand, else a subcommand.

This module stands above both top floors of the house (`gui` and `cli`, which never import
each other): it is the one place that knows both, and it hands the GUI's picture renderer
to `tcompare export`.  Contract: ../shared/spec/cli.md.
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any


class OutputError(OSError):
    """Standard output cannot take what a command writes (a full device, a closed descriptor,
    an I/O error): the command's fault is not the input's, and no traceback is the answer."""


class _GuardedStdout(io.FileIO):
    """File descriptor 1, whose write errors become `OutputError` (a reader that left, EPIPE,
    stays `BrokenPipeError`: `tcompare ... | head` is no error).  It counts what it wrote,
    and once `discarding` drops the rest (the output of a run that failed midway)."""

    written = 0
    discarding = False

    def write(self, data: Any) -> int:
        if self.discarding:
            return len(data)
        try:
            n = super().write(data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror) from None
        self.written += n or 0
        return n


class _ClosedStdout(io.RawIOBase):
    """Standard output when descriptor 1 was closed (``>&-``): every write is an error."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OutputError(errno.EBADF, "standard output is closed")


_guarded: _GuardedStdout | None = None


def guard_stdout() -> None:
    """Make every write to standard output that fails raise `OutputError` (see `entry`).

    When descriptor 1 is closed it is taken by /dev/null opened read-only, so no file this
    process opens later becomes "standard output" by taking the free number (and a child
    process writing there fails as well)."""
    global _guarded
    old = sys.stdout
    try:
        _guarded = _GuardedStdout(1, "wb", closefd=False)
        raw: io.RawIOBase = _guarded
    except OSError:
        try:
            fd = os.open(os.devnull, os.O_RDONLY)
            if fd != 1:
                os.close(fd)
        except OSError:
            pass
        raw = _ClosedStdout()
    if old is not None:
        try:
            old.flush()
        except OSError:
            pass
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw), encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "strict",
        line_buffering=bool(getattr(old, "line_buffering", False)),
        write_through=bool(getattr(old, "write_through", False)))


def render_picture(*args: Any, **kwargs: Any) -> None:
    """`tcompare export --to svg|pdf|png`: drawn by the window's views (Qt, offscreen when
    there is no display); imported only when a picture is asked for."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from tcompare.gui.drawing.render import render_pair_to_file
    except ImportError as exc:
        if "shared object" not in str(exc):
            raise
        from tcompare.gui.shell.launch import QT_RUNTIME_APT  # Qt-free; the apt line lives there

        raise ImportError(f"{exc} (on Debian or Ubuntu: sudo apt-get install {QT_RUNTIME_APT})") from exc
    render_pair_to_file(*args, **kwargs)


def is_command(argv: list[str]) -> bool:
    """Whether `argv` is for the command line (else the window starts)."""
    import tcompare.cli as cli

    return bool(argv and (argv[0] in cli.SUBCOMMANDS or argv[0] in ("-V", "--version")) or
                cli.unknown_notation(argv) is not None)


def main(argv: list[str] | None = None) -> int:
    import tcompare.cli as cli

    argv = list(sys.argv[1:] if argv is None else argv)
    if is_command(argv):
        return cli.main(argv, render_picture=render_picture)
    if argv and argv[0] == "gui":
        argv = argv[1:]
    from tcompare.gui.shell.launch import main as window

    return window(argv, list(cli.SUBCOMMANDS))


def _command(argv: list[str]) -> str:
    from tcompare.cli import SUBCOMMANDS

    return f"tcompare {argv[0]}" if argv and argv[0] in SUBCOMMANDS else "tcompare"


def entry() -> None:
    """Console-script entry point: the one door every command goes out through.

    A failed write to standard output (`OutputError`: ``> /dev/full``, ``>&-``) ends any
    subcommand with ``tcompare CMD: cannot write the output: REASON`` and exit 1, whatever
    it was writing; what is still buffered is flushed here, inside that net.  An input that
    changed while it was read (`FileChanged`) ends it with ``FILE changed while it was
    being read; nothing was written`` (or how much was), exit 1."""
    from tcompare.formats.inputs import FileChanged

    if is_command(sys.argv[1:]):     # (the window keeps Python's standard output)
        guard_stdout()
    try:
        code = main()
        sys.stdout.flush()
    except OutputError as exc:
        print(f"{_command(sys.argv[1:])}: cannot write the output: {exc.strerror or exc}",
              file=sys.stderr)
        code = 1
        if _guarded is not None:
            _guarded.discarding = True       # (nothing is tried again at exit)
        sys.stdout = None    # type: ignore[assignment]
    except BrokenPipeError:
        code = 0
        sys.stdout = None    # type: ignore[assignment]
    except FileChanged as exc:
        # what is still buffered is dropped: only what already went out can be told of
        written = _guarded.written if _guarded is not None else 0
        if _guarded is not None:
            _guarded.discarding = True
        sys.stdout = None    # type: ignore[assignment]
        print(f"{_command(sys.argv[1:])}: {exc}; " + (
            "nothing was written" if not written else
            f"the {written} bytes written to standard output before it was found are not to be trusted"),
            file=sys.stderr)
        code = 1
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)
