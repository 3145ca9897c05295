"""Every file tcompare writes goes through `atomic_write`: the old file or the new one,
never half of one.

* The bytes go to a temporary file made for this write in the target's own folder
  (``.<name>.XXXXXXXX.tmp``, created with O_EXCL, so no planted file or symlink is
  followed), are fsync'ed, and the temporary file is renamed over the target; the folder is
  fsync'ed after.  Every step is checked: a full disk, a read-only folder or a directory at
  the target raise `WriteError` and leave the previous file as it was.
* The temporary file is removed on every way out, Ctrl+C included.  A killed process can
  leave one behind; the next write of the same target removes it once it is a minute old
  (`remove_stale_temps`, which removes only names of exactly that pattern).
* An existing file keeps its mode and (when allowed) its owner; a file without any write
  bit is refused (`ReadOnlyError`) unless ``allow_readonly``.  New files get
  ``0666 & ~umask``.

This module imports nothing of tcompare's, so every floor of the house can use it (the
editing floor's gold-file saves, the command line's outputs, the window's exports).
"""

from __future__ import annotations

import os
import string
import tempfile
import time
from pathlib import Path
from typing import Iterable

STALE_TEMP_SECONDS = 60
# what `tempfile.mkstemp` puts between our prefix and suffix: 8 of these characters
_RANDOM_CHARS = frozenset(string.ascii_lowercase + string.digits + "_")
_RANDOM_LENGTH = 8
_SUFFIX = ".tmp"


class WriteError(OSError):
    """The file could not be written; the previous file (if any) is intact.

    ``str()`` is the whole sentence for the user; `strerror` / `errno` the system's reason
    (so a caller's ``except OSError`` with ``exc.strerror`` reads as before)."""

    def __init__(self, message: str, reason: str | None = None, code: int = 0) -> None:
        super().__init__(code, reason or message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class ReadOnlyError(WriteError):
    """The file is read-only (no write permission bit); replacing it needs ``allow_readonly``."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _folder(path: Path) -> Path:
    return path.parent if str(path.parent) else Path(".")


def is_own_temp(name: str, target_name: str) -> bool:
    """Whether the file name `name` is one of `atomic_write`'s temporary files for a target
    named `target_name` -- compared literally (no glob: ``a[1].mrg`` is not ``a1.mrg``)."""
    prefix = f".{target_name}."
    if not (name.startswith(prefix) and name.endswith(_SUFFIX)):
        return False
    middle = name[len(prefix):-len(_SUFFIX)]
    return len(middle) == _RANDOM_LENGTH and set(middle) <= _RANDOM_CHARS


def remove_stale_temps(path: str | Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete `atomic_write`'s temporary files for `path` left by a killed process; one
    younger than `older_than` seconds may belong to a write under way and is kept."""
    path = Path(path)
    folder = _folder(path)
    removed: list[Path] = []
    now = time.time()
    try:
        names = [e.name for e in os.scandir(folder) if is_own_temp(e.name, path.name)]
    except OSError:
        return removed
    for name in names:
        tmp = folder / name
        try:
            st = tmp.lstat()
            if now - st.st_mtime >= older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


def atomic_write(path: str | Path, data: bytes | Iterable[bytes], allow_readonly: bool = False,
                 mode: int | None = None) -> None:
    """Write `data` to `path` atomically (see the module's docstring).  `data` is bytes, or
    chunks of bytes written one after the other (a big file never held whole).  `mode` (a
    copy of another file keeps that file's privacy: `editing.save.copy_mode`) is the new
    file's mode whatever it was.

    Raises
    ------
    ReadOnlyError
        when `path` has no write permission bit and `allow_readonly` is false.
    WriteError
        with the reason; the previous file is left as it was.
    """
    path = Path(path)
    folder = _folder(path)
    try:
        old = path.stat()
    except OSError:
        old = None
    if old is not None and not old.st_mode & 0o222 and not allow_readonly and mode is None:
        raise ReadOnlyError(f"{path} is read-only (mode {old.st_mode & 0o7777:o}); "
                            "it was not replaced", "read-only file")
    remove_stale_temps(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_SUFFIX, dir=folder)
    except OSError as exc:
        raise WriteError(f"cannot write {path} (cannot write in {folder}: {exc.strerror or exc})",
                         exc.strerror, exc.errno or 0) from exc
    done = False
    try:
        with os.fdopen(fd, "wb") as fh:
            if isinstance(data, (bytes, bytearray, memoryview)):
                fh.write(data)
            else:
                for chunk in data:
                    fh.write(chunk)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        elif old is not None:
            os.chmod(tmp, old.st_mode & 0o7777)
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != _owner(tmp):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except OSError:
                    pass      # not allowed (not root): the file becomes the writer's
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
        done = True
    except OSError as exc:
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}; "
                         + ("the previous file is unchanged" if old is not None
                            else "it was not created; other files are unchanged"),
                         exc.strerror, exc.errno or 0) from exc
    finally:
        if not done:          # an error, Ctrl+C, SystemExit: no temp file left behind
            try:
                os.unlink(tmp)
            except OSError:
                pass
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename has happened


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """`atomic_write` of `text` encoded (newlines as given)."""
    atomic_write(path, text.encode(encoding))


def _owner(path: str) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_uid, st.st_gid
