"""One adjudication session per curated file (issue 29 polish): a lock beside the curated
file names its owner; a second session is refused with that name; a dead process's lock
(killed, a zombie, its pid reused, or never released) is taken over; of sessions racing for
a stale lock exactly one wins."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from test_adjudication import KILLED, three_conllu
from tcompare.editing.curated_lock import CuratedFileLocked, CuratedLock, lock_path
from tcompare.workspace.annotators import AnnotatorsDocument

pytestmark = pytest.mark.issue(29)
ROOT = Path(__file__).resolve().parents[1]


def lock_json(curated: Path) -> dict:
    return json.loads(lock_path(curated).read_text(encoding="utf-8"))


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(30)
    return child.pid


def place(curated: Path, **fields) -> None:
    owner = {"user": "ghost", "host": socket.gethostname(), "pid": dead_pid(),
             "since": "2026-11-27T09:00:00+00:00", "started": "", "token": "t0"}
    owner.update(fields)
    lock_path(curated).write_text(json.dumps(owner), encoding="utf-8")


def test_a_second_session_is_refused_with_the_owner_then_admitted(tmp_path):
    files = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    first = AnnotatorsDocument(files)
    first.adjudicate(curated, curator="alice")
    held = lock_json(curated)
    assert (held["user"], held["pid"], held["host"]) == ("alice", os.getpid(), socket.gethostname())
    first.take(1, 2)
    second = AnnotatorsDocument(files)
    with pytest.raises(CuratedFileLocked) as refused:
        second.adjudicate(curated, curator="bob")
    text = str(refused.value)
    assert f"adjudicated by alice on {socket.gethostname()} (process {os.getpid()}" in text
    assert str(lock_path(curated)) in text and second.adjudication is None
    assert lock_json(curated)["user"] == "alice"            # the refusal left it alone
    first.close()
    assert not lock_path(curated).exists()
    adj = second.adjudicate(curated, curator="bob")         # the journal of alice's decision is there
    assert adj.unsaved == {1} and lock_json(curated)["user"] == "bob"
    second.close()


def test_a_lock_of_a_dead_process_is_taken_over(tmp_path):
    curated = tmp_path / "curated.conllu"
    place(curated)
    lock = CuratedLock.take(curated, "carol")
    assert lock_json(curated)["user"] == "carol" and lock_json(curated)["pid"] == os.getpid()
    assert [p.name for p in tmp_path.iterdir()] == [lock_path(curated).name]   # nothing left aside
    lock.release()


def test_a_zombies_lock_is_taken_over(tmp_path):
    curated = tmp_path / "curated.conllu"
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)     # dead, not yet reaped
        place(curated, pid=child.pid)
        CuratedLock.take(curated).release()
    finally:
        child.wait(30)


def test_a_reused_pid_is_a_dead_owner_and_another_hosts_lock_is_respected(tmp_path):
    curated = tmp_path / "curated.conllu"
    if Path("/proc/self/stat").exists():
        place(curated, pid=os.getpid(), started="1")        # our pid, an older process's start
        CuratedLock.take(curated, "dave").release()
    place(curated, host="elsewhere.example", pid=os.getpid())
    with pytest.raises(CuratedFileLocked, match="by ghost on elsewhere.example"):
        CuratedLock.take(curated)


def test_an_unreadable_lock_is_named_not_taken(tmp_path):
    curated = tmp_path / "curated.conllu"
    lock_path(curated).write_text("{half", encoding="utf-8")
    with pytest.raises(CuratedFileLocked, match="cannot be read") as refused:
        CuratedLock.take(curated)
    assert str(lock_path(curated)) in str(refused.value)
    assert lock_path(curated).read_text(encoding="utf-8") == "{half"


def test_release_removes_only_its_own_lock(tmp_path):
    curated = tmp_path / "curated.conllu"
    mine = CuratedLock.take(curated)
    place(curated, token="someone-else")     # replaced behind our back (deleted by hand, retaken)
    mine.release()
    assert lock_json(curated)["token"] == "someone-else"


def test_racing_for_a_stale_lock_exactly_one_wins(tmp_path):
    curated = tmp_path / "curated.conllu"
    for _round in range(5):
        place(curated)
        barrier = threading.Barrier(8)
        won, refused = [], []

        def race(k: int) -> None:
            barrier.wait()
            try:
                won.append(CuratedLock.take(curated, f"u{k}"))
            except CuratedFileLocked:
                refused.append(k)

        threads = [threading.Thread(target=race, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(won) == 1 and len(refused) == 7
        assert lock_json(curated)["token"] == won[0].owner.token
        won[0].release()
        assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_live_process_holds_it_and_its_kill_9_frees_it(tmp_path):
    a, b, c = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", KILLED, str(a), str(b), str(c), str(curated)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "DECIDED", child.stderr.read() if child.poll() is not None else line
        doc = AnnotatorsDocument([a, b, c])
        with pytest.raises(CuratedFileLocked, match=f"by killed on .* \\(process {child.pid},"):
            doc.adjudicate(curated)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        adj = doc.adjudicate(curated)                             # taken over; the journal restored
        assert adj.unsaved == {0, 1, 2} and lock_json(curated)["pid"] == os.getpid()
        doc.close()
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(30)


def test_a_takeover_guard_left_by_a_crash_is_cleared(tmp_path):
    curated = tmp_path / "curated.conllu"
    place(curated)
    guard = lock_path(curated).with_name(lock_path(curated).name + ".takeover")
    guard.write_bytes(b"")
    os.utime(guard, (1, 1))                  # made long ago: its maker died inside the guard
    CuratedLock.take(curated, "erin").release()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
