"""Saving that never loses data.

* Atomic: the bytes go to a temporary file in the same folder, are fsync'ed, then renamed
  over the target (``os.replace``), and the folder is fsync'ed; a failure at any step leaves
  the original file untouched and raises `SaveError` with a message for the user.
* The first save of a session keeps the original as ``<file>.orig`` (never overwritten later).
* `Fingerprint` records size, mtime and a hash when a file is opened, so a save can warn when
  another program changed the file since.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


class SaveError(Exception):
    """The file could not be written; the original is intact."""


@dataclass(frozen=True)
class Fingerprint:
    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of(cls, path: str | Path) -> "Fingerprint | None":
        try:
            st = os.stat(path)
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError:
            return None
        return cls(st.st_size, st.st_mtime_ns, digest)


def changed_on_disk(path: str | Path, opened: Fingerprint | None) -> bool:
    """True when the file is not what it was when opened (content, not just the time)."""
    if opened is None:
        return False
    now = Fingerprint.of(path)
    return now is None or now.sha256 != opened.sha256


def atomic_write(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` atomically (same-folder temp file, fsync, rename).

    Raises
    ------
    SaveError
        with the reason; the original file is left as it was.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SaveError(f"cannot write in {folder}: {exc.strerror or exc}") from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveError(f"cannot save {path}: {exc.strerror or exc}; the original file is unchanged") from exc
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename has happened


def keep_original(path: str | Path) -> Path | None:
    """Copy `path` to ``<path>.orig`` unless that exists already; returns the backup path."""
    path = Path(path)
    backup = path.with_name(path.name + ".orig")
    if backup.exists() or not path.exists():
        return None
    atomic_write(backup, path.read_bytes())
    return backup


class SaveSession:
    """Saves of one file during one session: `.orig` on the first save, on-disk change check."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.opened = Fingerprint.of(self.path)
        self.saved_once = False

    def changed_on_disk(self) -> bool:
        return changed_on_disk(self.path, self.opened)

    def save(self, data: bytes) -> None:
        if not self.saved_once:
            keep_original(self.path)
        atomic_write(self.path, data)
        self.saved_once = True
        self.opened = Fingerprint.of(self.path)
