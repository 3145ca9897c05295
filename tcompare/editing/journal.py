"""Autosave journal: the edited sentences of a gold file, kept next to it until saved.

The recovery file ``<gold>.tcompare.recovery`` (JSON) stores, for each edited sentence, its
text rendered in the file's own notation, plus a hash of the gold file as it was opened.
After a crash the next start finds it and offers to restore: the stored sentences are
re-read with the notation's reader and put back in place.  Storing rendered text (not
pickles) keeps the journal readable by a person and independent of our object model.

One journal per window: the first window on a gold file writes
``<gold>.tcompare.recovery``; a second window on the same file (in this process, or in
another live process that owns that journal) writes ``<gold>.tcompare.<pid>-<n>.recovery``.
Each journal records the process id that writes it.  `load` offers only journals whose
window is gone (its process ended, or its `Journal` object is gone in this process), never
the live journal of another window; `discard` deletes the window's own file only, so one
window's save never deletes another's autosaved edits.  A journal that cannot be read is
moved aside to ``<journal>.corrupt`` with a message (never a traceback, never fatal).
Caveat: a crashed journal whose process id was reused by a live process is offered only
once that process ends.

Shared folders: only journals the current account owns are read and offered
(`foreign_journals` names the others and whose they are); journals take the gold file's
mode (`save.copy_mode`); names are compared literally, never as globs.  When the journal
cannot be written beside the gold file (a folder planted at its name, a folder we cannot
write in), it goes to `state_folder` (``$XDG_STATE_HOME/tcompare/recovery``) and
`Journal.moved` says why; `load` looks there too.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import stat
import sys
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from tcompare import formats
from tcompare.editing.save import SaveError, atomic_write, copy_mode
from tcompare.model.corpus import Corpus

VERSION = 1


_SERIAL = itertools.count(1)
# journals of live windows in this process: the file names they own, and those they wrote
_CLAIMED: "weakref.WeakValueDictionary[str, Journal]" = weakref.WeakValueDictionary()
_OPEN: "weakref.WeakValueDictionary[str, Journal]" = weakref.WeakValueDictionary()
Report = Callable[[str], None]


def recovery_path(gold_path: str | Path) -> Path:
    """The single journal older versions wrote (still found and offered by `load`)."""
    gold_path = Path(gold_path)
    return gold_path.with_name(gold_path.name + ".tcompare.recovery")


def window_journal_path(gold_path: str | Path, owner: str) -> Path:
    gold_path = Path(gold_path)
    return gold_path.with_name(f"{gold_path.name}.tcompare.{owner}.recovery")


def state_folder() -> Path:
    """Where journals go when the gold file's folder cannot hold one (a folder, or anything
    not a file, at the journal's name; a folder we cannot write in): the XDG state home."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "tcompare" / "recovery"


def _state_prefix(gold_path: Path) -> str:
    """The name prefix of `gold_path`'s journals in `state_folder` (the file's full path
    hashed: two gold files of one name in different folders keep apart)."""
    try:
        full = str(gold_path.resolve())
    except OSError:
        full = str(gold_path.absolute())
    return f"{hashlib.sha256(full.encode('utf-8', 'surrogateescape')).hexdigest()[:16]}.{gold_path.name}"


def _state_journal_path(gold_path: Path, owner: str) -> Path:
    return state_folder() / f"{_state_prefix(gold_path)}.tcompare.{owner}.recovery"


_WINDOW_OWNER = re.compile(r"\d+-\d+\Z")


def _named_journals(folder: Path, prefix: str) -> list[Path]:
    """``<prefix>.tcompare.<pid>-<n>.recovery`` in `folder`, names compared literally (a glob
    of ``a[1].mrg`` matched ``a1.mrg``'s journals)."""
    head, tail = f"{prefix}.tcompare.", ".recovery"
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(folder / name for name in names
                  if name.startswith(head) and name.endswith(tail)
                  and _WINDOW_OWNER.match(name[len(head):-len(tail)]))


def _journal_files(gold_path: str | Path) -> list[Path]:
    gold_path = Path(gold_path)
    folder = gold_path.parent if str(gold_path.parent) else Path(".")
    legacy = recovery_path(gold_path)
    return (([legacy] if legacy.is_file() else []) + _named_journals(folder, gold_path.name)
            + _named_journals(state_folder(), _state_prefix(gold_path)))


def owner_name(uid: int) -> str:
    try:
        import pwd

        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return f"uid {uid}"


def _owned_by_someone_else(path: Path) -> int | None:
    """The account that owns `path` (the link itself, never followed) when it is not us."""
    if not hasattr(os, "getuid"):
        return None
    try:
        uid = path.lstat().st_uid
    except OSError:
        return None
    return uid if uid != os.getuid() else None


def foreign_journals(gold_path: str | Path) -> list[tuple[Path, str]]:
    """Journals of `gold_path` that another account wrote (in a shared folder): never
    offered, never read; (path, owner's name) for each, to say so."""
    return [(path, owner_name(uid)) for path in _journal_files(gold_path)
            if (uid := _owned_by_someone_else(path)) is not None]


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _stderr(message: str) -> None:
    print(f"tcompare: {message}", file=sys.stderr)


def move_aside(path: Path, why: str, report: Report | None = None) -> Path | None:
    """Rename an unreadable journal or sidecar to ``<path>.corrupt`` and say so."""
    target = path.with_name(path.name + ".corrupt")
    try:
        os.replace(path, target)
    except OSError as exc:
        (report or _stderr)(f"{path} cannot be read ({why}) nor moved aside: {exc.strerror}")
        return None
    (report or _stderr)(f"{path} cannot be read ({why}); moved aside to {target.name}")
    return target


def file_hash(path: str | Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


@dataclass
class Journal:
    gold_path: Path
    notation: str
    base_hash: str
    edits: dict[int, str] = field(default_factory=dict)  # 1-based sentence index -> text
    path: Path | None = None      # this journal's file (default: a new one for this window)
    merged: list[Path] = field(default_factory=list)   # other crashed journals taken in
    pid: int | None = None        # the process that wrote a loaded journal
    moved: str = ""               # why it is in `state_folder`, not beside the gold file
    # 1-based index -> the sentence as the file held it when it was edited (in the same
    # rendering as `edits`): tells an outside change to that sentence from one elsewhere
    base: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.path is None:
            self.path = _claim(self)

    def _own(self) -> None:
        """Make sure no live window of another process writes the same file."""
        assert self.path is not None
        owner = _file_pid(self.path)
        if owner is not None and owner != os.getpid() and _alive(owner):
            self.path = _own_path(self)

    @classmethod
    def for_corpus(cls, corpus: Corpus, base_hash: str | None = None) -> "Journal":
        """``base_hash``: the file's sha256 when the caller has it already (hashing 14 MB
        twice on open cost 15 ms of the first screen)."""
        return cls(Path(corpus.path), corpus.notation,
                   file_hash(corpus.path) if base_hash is None else base_hash)

    def record(self, corpus: Corpus, rows: Iterable[int] | None = None,
               on_disk: Callable[[int], str | None] | None = None) -> None:
        """Take every edited sentence of `corpus` into the journal (`rows`: these 0-based
        rows instead -- what differs from the file as last saved).  `on_disk(row)`: that
        sentence as the file holds it, rendered like the edits (kept as `base`)."""
        fmt = formats.get(corpus.notation).format_item
        records = corpus.records if rows is None else [corpus.records[k] for k in rows]
        self.edits = {r.index: fmt(r.item, corpus.newline)
                      for r in records if (rows is not None or r.edited) and r.item is not None}
        self.base = {}
        if on_disk is not None:
            for index in self.edits:
                text = on_disk(index - 1)
                if text is not None:
                    self.base[index] = text

    def write(self) -> Path:
        """Write the journal (atomically, with the gold file's mode).  When the gold file's
        folder cannot take it, the journal moves to `state_folder` for the rest of the
        session and `moved` says why (the window tells the user once).  Raises SaveError
        when neither place can be written."""
        self._own()
        assert self.path is not None
        data = {"version": VERSION, "gold": str(self.gold_path), "notation": self.notation,
                "base_sha256": self.base_hash, "pid": os.getpid(),
                "edits": {str(k): v for k, v in sorted(self.edits.items())},
                "base": {str(k): v for k, v in sorted(self.base.items())}}
        text = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
        mode = copy_mode(self.gold_path)
        blocked = _blocked(self.path)
        if blocked is None:
            try:
                atomic_write(self.path, text, mode=mode)
            except SaveError as exc:
                if self.path.parent == state_folder():
                    raise
                blocked = str(exc)
        if blocked is not None:
            beside = self.path
            self.path = _state_journal_path(self.gold_path, f"{os.getpid()}-{next(_SERIAL)}")
            _CLAIMED[str(self.path)] = self
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise SaveError(f"cannot journal edits: {blocked}; nor in {self.path.parent}: "
                                f"{exc.strerror or exc}") from exc
            atomic_write(self.path, text, mode=mode)
            self.moved = f"{beside}: {blocked}"
        _OPEN[str(self.path)] = self
        return self.path

    def discard_except(self, keep: Path | None) -> None:
        """Delete this (crashed) journal's files, all but `keep` (the window's own)."""
        discard_except(self, keep)

    def discard(self) -> None:
        """Delete this journal's file (after a save or 'discard edits').  The journal now
        describes the file as it is on disk, so later edits are not taken for edits of an
        older version."""
        assert self.path is not None
        for path in [self.path, *self.merged]:
            if _owned_by_someone_else(path) is not None:
                continue            # another account's file is not ours to delete
            try:
                path.unlink()
            except OSError:
                pass
        self.merged = []
        _OPEN.pop(str(self.path), None)
        try:
            self.base_hash = file_hash(self.gold_path)
        except OSError:     # the file cannot be read now (permissions): compare with nothing
            self.base_hash = ""


def _blocked(path: Path) -> str | None:
    """Why a journal cannot be written at `path` beside its gold file (a folder or another
    non-file planted at its name, another account's file), or None."""
    try:
        st = path.lstat()
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return "a folder has the journal's name"
    if not stat.S_ISREG(st.st_mode):
        return "something that is not a file has the journal's name"
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return f"the file there belongs to {owner_name(st.st_uid)}"
    return None


def discard_except(journal: Journal, keep: Path | None) -> None:
    """Delete `journal`'s files (a crashed one, and those merged into it) but `keep`."""
    for path in [journal.path, *journal.merged]:
        if path is not None and path != keep and _owned_by_someone_else(path) is None:
            try:
                path.unlink()
            except OSError:
                pass


def _own_path(journal: Journal) -> Path:
    path = window_journal_path(journal.gold_path, f"{os.getpid()}-{next(_SERIAL)}")
    _CLAIMED[str(path)] = journal
    return path


def _claim(journal: Journal) -> Path:
    """The shared name when no live window uses it, else a name of this window's own."""
    legacy = recovery_path(journal.gold_path)
    owner = _file_pid(legacy) if _blocked(legacy) is None else None
    if str(legacy) in _CLAIMED or (owner is not None and owner != os.getpid() and _alive(owner)) \
            or _owned_by_someone_else(legacy) is not None:
        return _own_path(journal)
    _CLAIMED[str(legacy)] = journal     # a crashed journal there is still offered by `load`
    return legacy


def _file_pid(path: Path) -> int | None:
    """The process that wrote journal `path` (None: no file, or a journal without its writer's id)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    m = re.search(rb'"pid": (\d+)', head)
    return int(m.group(1)) if m else None


def _read(path: Path, gold_path: Path) -> Journal:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("edits"), dict):
        raise ValueError("not a tcompare recovery journal")
    edits = {int(k): v for k, v in data["edits"].items()}
    if not all(isinstance(v, str) for v in edits.values()):
        raise ValueError("an edit is not text")
    notation = data["notation"]
    if not isinstance(notation, str):
        raise ValueError("no notation")
    journal = Journal(gold_path, notation, str(data.get("base_sha256", "")), edits, path=path)
    journal.pid = data.get("pid") if isinstance(data.get("pid"), int) else None
    base = data.get("base")            # older journals have none
    if isinstance(base, dict):
        journal.base = {int(k): v for k, v in base.items() if isinstance(v, str)}
    return journal


def load_all(gold_path: str | Path, report: Report | None = None) -> list[Journal]:
    """Every journal of `gold_path` left by a process that is gone (a crash), oldest file
    name first.  Unreadable ones are moved aside with a message to `report` (default:
    stderr); journals of live windows are skipped."""
    gold_path = Path(gold_path)
    found = []
    for path in _journal_files(gold_path):
        if _owned_by_someone_else(path) is not None:
            continue            # planted by another account in a shared folder: `foreign_journals`
        if path.is_symlink() or not path.is_file():
            continue
        try:
            journal = _read(path, gold_path)
        except FileNotFoundError:
            continue            # discarded meanwhile by its window
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            move_aside(path, str(exc) or type(exc).__name__, report)
            continue
        pid = journal.pid
        if str(path) in _OPEN or (pid is not None and pid != os.getpid() and _alive(pid)):
            continue            # another window's live journal: not a crash
        found.append(journal)
    return found


def load(gold_path: str | Path, report: Report | None = None) -> Journal | None:
    """The recovery journal left for `gold_path` by a crashed session, or None.

    Several crashed windows: their edits are merged (the later file wins a sentence both
    edited); the merged journal's `discard` removes all of them.
    """
    journals = load_all(gold_path, report)
    if not journals:
        return None
    if len(journals) == 1:
        return journals[0]
    merged = Journal(Path(gold_path), journals[0].notation, journals[0].base_hash,
                     path=journals[0].path)
    for journal in journals:
        merged.edits.update(journal.edits)
        merged.base.update(journal.base)
    merged.merged = [j.path for j in journals[1:] if j.path is not None]
    return merged


def restore(journal: Journal, corpus: Corpus) -> list[str]:
    """Put the journal's sentences into `corpus`; returns problems (one per sentence that
    could not be restored).  The sentences restored are marked edited (unsaved)."""
    problems = []
    if journal.base_hash and journal.base_hash != file_hash(corpus.path):
        problems.append(f"{corpus.path} changed since the edits were journaled; "
                        "restored sentences may not fit the file any more")
    for index, text in sorted(journal.edits.items()):
        if not 1 <= index <= len(corpus):
            problems.append(f"sentence {index}: not in the file any more")
            continue
        parsed = formats.read_text(text, corpus.notation, f"{recovery_path(corpus.path)}#{index}")
        if len(parsed) != 1 or parsed[0].error is not None:
            problems.append(f"sentence {index}: the journaled text cannot be read back")
            continue
        corpus[index - 1].replace_item(parsed[0].item)
    return problems
