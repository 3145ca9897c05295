"""One adjudication session per curated file: a lock file beside it naming its owner.

Two windows (or two curators) deciding into the same curated file would each rewrite it
and its sidecar from their own copy: the later save silently drops the other's decisions.
`CuratedLock.take` makes ``<curated>.tcompare.lock`` (JSON: user, host, process id, its
start time, since when) or raises `CuratedFileLocked` naming who holds it.

A lock whose process is gone (killed, crashed: same host, the process id dead, a zombie,
or reused by a process started later) is stale and taken over; a lock of another host
cannot be checked and is respected (the message names the file to delete by hand).
The lock is written whole to a temporary file and hard-linked into place: it never exists
half-written, and of two sessions racing for it exactly one wins the link; a stale lock is
removed under a takeover guard (``<lock>.takeover``), by one session at a time.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tcompare.atomic_file import atomic_write

LOCK_SUFFIX = ".tcompare.lock"
_HELD: set["CuratedLock"] = set()       # released at exit (a window left open at quit)
GUARD_SECONDS = 10                       # a takeover guard older than this was left by a crash
ATTEMPTS = 200                           # link, or wait for the takeover guard (10 ms each)


def lock_path(curated_path: str | Path) -> Path:
    curated_path = Path(curated_path)
    return curated_path.with_name(curated_path.name + LOCK_SUFFIX)


@dataclass(frozen=True)
class Owner:
    """Who holds a curated file."""

    user: str
    host: str
    pid: int
    since: str
    started: str = ""        # the process's start (Linux: clock ticks after boot)
    token: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"user": self.user, "host": self.host, "pid": self.pid, "since": self.since,
                "started": self.started, "token": self.token, "program": "tcompare"}

    @classmethod
    def from_json(cls, data: Any) -> "Owner":
        if not isinstance(data, dict) or not isinstance(data.get("pid"), int):
            raise ValueError("not a tcompare lock")
        return cls(str(data.get("user", "?")), str(data.get("host", "?")), data["pid"],
                   str(data.get("since", "")), str(data.get("started", "")), str(data.get("token", "")))


class CuratedFileLocked(Exception):
    """Another session adjudicates into the curated file (or its lock cannot be read)."""

    def __init__(self, curated: Path, lock: Path, owner: Owner | None, why: str = ""):
        self.curated, self.lock, self.owner, self.why = curated, lock, owner, why
        if owner is None:
            text = (f"{curated}: its lock {lock} cannot be read ({why}); if no one is "
                    f"adjudicating into it, delete the lock")
        else:
            text = (f"{curated} is being adjudicated by {owner.user} on {owner.host} "
                    f"(process {owner.pid}, since {owner.since}); open it when that session "
                    f"ends, or choose another curated file. If that session is gone, delete {lock}")
        super().__init__(text)


def _process_start(pid: int) -> str:
    """The process's start time after boot (Linux /proc), "" when unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat[stat.rfind(")") + 2:].split()
    return fields[19] if len(fields) > 19 else ""


def _alive(owner: Owner) -> bool:
    """Whether `owner`'s process (of this host) still runs."""
    try:
        os.kill(owner.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:        # it runs, as another user
        return True
    except OSError:
        return False
    try:                           # a killed child not yet waited for is a zombie: gone
        state = Path(f"/proc/{owner.pid}/stat").read_text()
        if state[state.rfind(")") + 2:].startswith("Z"):
            return False
    except OSError:
        pass
    started = _process_start(owner.pid)
    return not (owner.started and started and started != owner.started)   # pid reused


def _user() -> str:
    import getpass
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "curator"


class CuratedLock:
    """A held lock; `release` (or the end of the process) removes it."""

    def __init__(self, path: Path, owner: Owner):
        self.path, self.owner = path, owner

    @classmethod
    def take(cls, curated_path: str | Path, user: str | None = None) -> "CuratedLock":
        """The lock of `curated_path`, taken over when stale.  Raises `CuratedFileLocked`."""
        curated = Path(curated_path)
        path = lock_path(curated)
        me = Owner(user or _user(), socket.gethostname(), os.getpid(),
                   datetime.now(timezone.utc).isoformat(timespec="seconds"),
                   _process_start(os.getpid()), uuid.uuid4().hex)
        for _attempt in range(ATTEMPTS):
            if cls._link(path, me):
                lock = cls(path, me)
                _HELD.add(lock)
                return lock
            try:
                raw = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                continue                          # released meanwhile: try again
            except (OSError, UnicodeDecodeError) as exc:
                raise CuratedFileLocked(curated, path, None, str(exc)) from exc
            try:
                holder = Owner.from_json(json.loads(raw))
            except ValueError as exc:
                raise CuratedFileLocked(curated, path, None, str(exc)) from exc
            if holder.host != socket.gethostname() or _alive(holder):
                raise CuratedFileLocked(curated, path, holder)
            cls._remove_stale(path, raw)
        raise CuratedFileLocked(curated, path, None, "it keeps changing")

    @staticmethod
    def _link(path: Path, owner: Owner) -> bool:
        """Put `owner`'s lock at `path` unless a lock is there (False)."""
        temp = path.with_name(f"{path.name}.{owner.token}")
        atomic_write(temp, json.dumps(owner.to_json(), indent=1).encode("utf-8"))
        try:
            os.link(temp, path)
            return True
        except FileExistsError:
            return False
        finally:
            temp.unlink(missing_ok=True)

    @staticmethod
    def _remove_stale(path: Path, raw: str) -> None:
        """Remove the stale lock (text `raw`) -- under a takeover guard, so that no session
        removes a lock another one has just taken over (the lock changes only while absent
        or inside the guard: read and removed inside it, it is still the stale one)."""
        guard = path.with_name(path.name + ".takeover")
        try:        # an empty marker, never read: made exclusively, not through atomic_file
            os.close(os.open(guard, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except FileExistsError:
            try:    # its maker died inside the guard (a few microseconds): it goes
                if time.time() - guard.stat().st_mtime > GUARD_SECONDS:
                    guard.unlink(missing_ok=True)
            except OSError:
                pass
            time.sleep(0.01)
            return
        try:
            if path.read_text(encoding="utf-8") == raw:
                path.unlink()
        except FileNotFoundError:
            pass
        finally:
            guard.unlink(missing_ok=True)

    def release(self) -> None:
        """Remove the lock if it is still ours."""
        _HELD.discard(self)
        try:
            if Owner.from_json(json.loads(self.path.read_text(encoding="utf-8"))).token == self.owner.token:
                self.path.unlink()
        except (OSError, ValueError):
            pass


@atexit.register
def _release_all() -> None:
    for lock in list(_HELD):
        lock.release()
