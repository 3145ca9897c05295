"""Saving that never loses data.

* Atomic (`tcompare.atomic_file.atomic_write`, the writer of every file tcompare writes):
  a failure at any step leaves the original file untouched and raises `SaveError` with a
  message for the user.
* The first save of a session keeps the original as ``<file>.orig`` (never overwritten later).
* `Fingerprint` records size, mtime and a hash when a file is opened, so a save can warn when
  another program changed the file since.
* Replacing a file keeps its mode and (when allowed) its owner; a read-only file (no write
  bit at all: root could write it anyway) is refused with `ReadOnlyError` unless the caller
  passes ``allow_readonly=True`` (the GUI asks the user first).  New files (``.orig``,
  Save As) get the usual ``0666 & ~umask``.
* Temporary files left by a killed save (``.<name>.*.tmp`` older than a minute) are removed
  by `remove_stale_temps`, which `SaveSession` runs when a file is opened.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

# (re-exported: gold-file saves, journals and review marks write through this floor)
from tcompare.atomic_file import ReadOnlyError as ReadOnlyError
from tcompare.atomic_file import WriteError
from tcompare.atomic_file import atomic_write as atomic_write

# the one atomic writer's (`tcompare.atomic_file`) error, under the name this floor uses
SaveError = WriteError

STALE_TEMP_SECONDS = 60


# the copies written beside a gold file: its backup, review sidecar and recovery journals
_COPY_SUFFIXES = r"(?:\.orig|\.tcompare\.json|\.tcompare(?:\.\d+-\d+)?\.recovery)?"
# `tempfile.mkstemp`'s random part (8 of [a-z0-9_]; any run of them, for older writers)
_TEMP_RANDOM = r"\.[A-Za-z0-9_]+\.tmp"


def temp_name_pattern(name: str) -> "re.Pattern[str]":
    """The names `atomic_write` gives its temporary files for file `name` and its copies,
    matched literally: a gold file named ``x`` is not ``.xdata.json.tmp``'s owner, nor is
    ``a[1].mrg`` a glob that matches ``a1.mrg``."""
    return re.compile(r"\." + re.escape(name) + _COPY_SUFFIXES + _TEMP_RANDOM + r"\Z")


def remove_stale_temps(path: str | Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files next to `path` left by killed saves (of the file, its
    journal or its sidecar: `temp_name_pattern`); a temp file younger than `older_than`
    seconds may belong to a save under way and is kept.  Returns what was removed."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    removed: list[Path] = []
    now = time.time()
    ours = temp_name_pattern(path.name)
    try:
        candidates = [folder / name for name in os.listdir(folder) if ours.match(name)]
    except OSError:
        return removed
    for tmp in candidates:
        try:
            if now - tmp.stat().st_mtime >= older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


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


def copy_mode(original: str | Path) -> int | None:
    """The mode of a copy of `original` (its backup, journal, review sidecar): the
    original's read bits for group and others (a private 0600 file stays private), and
    always read-write for its owner (who rewrites journals); None when `original` is gone."""
    try:
        mode = os.stat(original).st_mode
    except OSError:
        return None
    return (mode & 0o666) | 0o600


def keep_original(path: str | Path) -> Path | None:
    """Copy `path` to ``<path>.orig`` unless that exists already; returns the backup path."""
    path = Path(path)
    backup = path.with_name(path.name + ".orig")
    if backup.exists() or not path.exists():
        return None
    atomic_write(backup, path.read_bytes(), mode=copy_mode(path))
    return backup


class SaveSession:
    """Saves of one file during one session: `.orig` on the first save, on-disk change check."""

    def __init__(self, path: str | Path, opened: Fingerprint | None = None):
        """``opened``: the file's fingerprint when it was read, if the reader took it (a
        window's loader hashes the file off the window's thread)."""
        self.path = Path(path)
        self.opened = opened if opened is not None else Fingerprint.of(self.path)
        self.saved_once = False
        self.removed_temps = remove_stale_temps(self.path)

    def read_only(self) -> bool:
        """True when the file has no write permission bit (`save` then needs consent)."""
        try:
            return not self.path.stat().st_mode & 0o222
        except OSError:
            return False

    def changed_on_disk(self) -> bool:
        return changed_on_disk(self.path, self.opened)

    def save(self, data: bytes, allow_readonly: bool = False) -> None:
        """Write `data` over the file; `ReadOnlyError` for a read-only file unless the
        user confirmed (`allow_readonly`)."""
        if self.read_only() and not allow_readonly:
            raise ReadOnlyError(f"{self.path} is read-only; it was not replaced")
        if not self.saved_once:
            keep_original(self.path)
        atomic_write(self.path, data, allow_readonly=allow_readonly)
        self.saved_once = True
        self.opened = Fingerprint.of(self.path)
