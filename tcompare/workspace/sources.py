"""The files a load reads, each opened once.

`SourceFile` opens its file at once and keeps it open: the loader reads a big file's head
first (the preview draws its first tree long before the rest is parsed), then the rest from
where the head stopped, and parses the whole from those bytes (`formats.read_data`).  The
gold file's `Fingerprint` (size, time, sha256: what saving checks the file against) is made
from the same bytes and the `stat` of the open file, so the hash reads nothing again.
A stream (``-``, a pipe) is read whole by `formats.read_source`, which keeps what it read.
"""

from __future__ import annotations

import hashlib
import os
from typing import IO, Any

from tcompare import formats
from tcompare.editing.save import Fingerprint
from tcompare.formats.inputs import check_input
from tcompare.model.corpus import Corpus, ParseError


class SourceFile:
    """One input file of a load (see the module docstring).  Not thread-safe: the loader's
    thread reads it; `close` (any thread) gives the file back."""

    def __init__(self, path: str):
        self.path = path
        self.stream = formats.is_stream(path)
        self._file: IO[bytes] | None = None
        self._stat: os.stat_result | None = None
        self._error: OSError | None = None
        self._head = b""
        self._data: bytes | None = None
        if self.stream:
            return
        try:
            check_input(path)               # a folder or a device: the message `read_file` gives
            self._file = open(path, "rb")
            self._stat = os.fstat(self._file.fileno())
        except OSError as exc:
            self._error = exc

    @property
    def size(self) -> int:
        """The file's size when opened (0: a stream, or a file that cannot be opened)."""
        return self._stat.st_size if self._stat is not None else 0

    def head(self, size: int) -> bytes:
        """The first `size` bytes (b"" for a stream or an unreadable file).  Read once,
        before `data`: the rest is read from where the head stopped."""
        if self._file is None or self._data is not None or self._head:
            return self._head[:size]
        try:
            self._head = self._file.read(size)
        except OSError:
            return b""
        return self._head

    def data(self) -> bytes:
        """The whole file (read once).  Raises `formats.ReadError` naming the file."""
        if self._data is None:
            try:
                if self._error is not None:
                    raise self._error
                if self._file is None:
                    self._data = formats.read_source(self.path)
                else:
                    self._data = self._head + self._file.read()
            except OSError as exc:
                raise formats.ReadError(ParseError(
                    f"cannot open file: {exc.strerror or exc}", self.path)) from exc
            finally:
                self.close()
            self._head = b""
        return self._data

    def corpus(self, notation: str | None, encoding: str | None) -> Corpus:
        """The file read as `formats.read_file` reads it, from its bytes."""
        return formats.read_data(self.data(), self.path, notation, encoding)

    def fingerprint(self) -> Fingerprint | None:
        """The file as read (size, time, sha256 of the bytes `data` read), None for a stream.
        Hashing lets go of the GIL: the loader runs it beside parsing."""
        if self._stat is None or self._data is None:
            return None
        digest = hashlib.sha256(self._data).hexdigest()
        return Fingerprint(self._stat.st_size, self._stat.st_mtime_ns, digest)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> SourceFile:
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()
