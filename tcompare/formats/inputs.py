"""What may be read as an input file, and reading a stream with a bound on its lines.

An input is a regular file, a pipe (FIFO, ``<(cmd)``, a socket) or standard input (``-``,
``/dev/stdin``).  A directory is refused as a missing file is (``Is a directory``); a device
such as ``/dev/zero`` or ``/dev/urandom`` is refused before a byte is read: it never ends,
and reading it whole would only end in a memory error.  A stream may still be endless, so
`read_stream` stops at a line longer than `MAX_LINE` bytes and names it.

Every reader of input paths checks them here (`check_input`): the format registry's
`read_source`, EVALB's batch reader, the parameter files.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import BinaryIO

# longer than any real sentence on one line: a 10^6-word CCGbank AUTO sentence is ~50 MB
MAX_LINE = 64 << 20
READ_CHUNK = 1 << 20
STDIN = "-"
NOT_A_FILE = "not a regular file or a pipe (a device?)"


class LineTooLong(OSError):
    """A stream holds a line longer than `MAX_LINE` (endless input, or no text at all)."""

    def __init__(self, path: str, line: int) -> None:
        super().__init__(errno.EFBIG, f"line {line} is longer than {MAX_LINE >> 20} MiB "
                                      "(is this a text file?)", path)
        self.line = line

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}: a line longer than {MAX_LINE >> 20} MiB (is this a text file?)"


def _is_stdin(st: os.stat_result) -> bool:
    try:
        return os.path.samestat(st, os.fstat(0))
    except OSError:
        return False


def check_input(path: str | os.PathLike[str]) -> None:
    """Raise OSError (`filename` set) unless `path` can be read as an input (see the module
    docstring); a missing file raises as `open` would."""
    name = os.fspath(path)
    if name == STDIN:
        return
    st = os.stat(name)
    mode = st.st_mode
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name)
    if _is_stdin(st):           # /dev/stdin on a terminal or a device: read as `-` is
        return
    raise OSError(errno.EINVAL, NOT_A_FILE, name)


def read_stream(fh: BinaryIO, path: str) -> bytes:
    """All of a stream, chunk by chunk; `LineTooLong` at a line longer than `MAX_LINE` (a
    CR counts as a line end here too, so a CR-only file is not taken for one long line)."""
    chunks: list[bytes] = []
    line = 1                   # line number where the current line starts
    since_break = 0            # bytes of the current line read so far
    while True:
        chunk = fh.read(READ_CHUNK)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        last = max(chunk.rfind(b"\n"), chunk.rfind(b"\r"))
        if last < 0:
            since_break += len(chunk)
        else:
            line += chunk.count(b"\n")
            since_break = len(chunk) - last - 1
        if since_break > MAX_LINE:
            raise LineTooLong(path, line)


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an input (``-``: standard input): `check_input`, then a regular file
    whole or a stream by `read_stream`.  (`tcompare.formats.read_source` also keeps a
    stream's bytes for a second reading; this is for readers that read once.)"""
    name = os.fspath(path)
    check_input(name)
    if name == STDIN:
        import sys

        return read_stream(sys.stdin.buffer, name)
    with open(name, "rb") as fh:
        if stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return fh.read()
        return read_stream(fh, name)


def refusal(exc: OSError) -> str:
    """What to add to a reference program's "Can't open FILE" line: nothing where it would
    have refused too (a missing or unreadable file), else the reason (a directory, a device,
    an endless line), which it would not have given."""
    if isinstance(exc, LineTooLong):
        return f": {exc}"
    return f": {exc.strerror}" if exc.errno in (errno.EISDIR, errno.EINVAL) else ""


class FileChanged(Exception):
    """A file was truncated, rewritten or replaced while it was being read: what was read
    of it is not one version of it, so nothing computed from it can be trusted."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path} changed while it was being read")
        self.path = path


FileState = tuple[int, int, int, int]


def file_state(path: str | os.PathLike[str] | int) -> FileState:
    """What tells one version of a file from another: device, inode, size, modification time."""
    st = os.stat(path)
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def check_unchanged(path: str, state: FileState) -> None:
    """`FileChanged` unless `path` is still the file `state` was taken of."""
    try:
        now = file_state(path)
    except OSError:
        raise FileChanged(path) from None
    if now != state:
        raise FileChanged(path)
