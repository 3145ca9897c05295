"""Gold files in folders shared by a team (issue 34, "Shared annotation folders"): journals
of other accounts, the mode of copies, a folder planted at the journal's name, glob
characters in file names."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from tcompare import formats
from tcompare.editing import journal, review, save

TREES = b"(S (A x))\n(S (B y))\n"


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    home = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(home))
    return home


def gold_file(folder, name="g.mrg", mode=None):
    path = folder / name
    path.write_bytes(TREES)
    if mode is not None:
        path.chmod(mode)
    return path


def crashed_journal(gold, edits, pid=999_999_999, owner=None):
    """A journal as a crashed window (a process that is gone) left it."""
    path = journal.recovery_path(gold) if owner is None else journal.window_journal_path(gold, owner)
    path.write_text(json.dumps({"version": 1, "gold": str(gold), "notation": "ptb",
                                "base_sha256": journal.file_hash(gold), "pid": pid,
                                "edits": edits}), encoding="utf-8")
    return path


# -- journals of other accounts ---------------------------------------------------------------
def test_a_journal_of_another_account_is_not_offered_but_named(tmp_path, monkeypatch):
    gold = gold_file(tmp_path)
    planted = crashed_journal(gold, {"1": "(S (EVIL x))\n"})
    owner = journal.owner_name(planted.stat().st_uid)
    monkeypatch.setattr(os, "getuid", lambda: planted.stat().st_uid + 4242)   # we are someone else
    assert journal.load(gold) is None
    assert journal.foreign_journals(gold) == [(planted, owner)]
    assert planted.exists()                    # not ours to delete either


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="chown needs root")
def test_a_journal_planted_by_nobody_is_not_offered(tmp_path):
    gold = gold_file(tmp_path)
    planted = crashed_journal(gold, {"1": "(S (EVIL x))\n"}, owner="12-1")
    os.chown(planted, 65534, 65534)
    crashed_journal(gold, {"2": "(S (MINE y))\n"})
    found = journal.load(gold)
    assert found is not None and found.edits == {2: "(S (MINE y))\n"}
    assert [p for p, _who in journal.foreign_journals(gold)] == [planted]


def test_the_window_does_not_write_over_another_accounts_journal(tmp_path, monkeypatch):
    gold = gold_file(tmp_path)
    planted = crashed_journal(gold, {"1": "(S (EVIL x))\n"})
    before = planted.read_bytes()
    monkeypatch.setattr(os, "getuid", lambda: planted.stat().st_uid + 4242)
    mine = journal.Journal.for_corpus(formats.read_file(gold))
    mine.edits = {2: "(S (MINE y))\n"}
    mine.write()
    assert mine.path != planted and planted.read_bytes() == before


# -- the mode of copies -----------------------------------------------------------------------
def test_copies_of_a_private_gold_file_stay_private(tmp_path):
    old_umask = os.umask(0o022)
    try:
        gold = gold_file(tmp_path, mode=0o600)
        session = save.SaveSession(gold)
        session.save(TREES.replace(b"x", b"z"))                       # makes g.mrg.orig
        j = journal.Journal.for_corpus(formats.read_file(gold))
        j.edits = {1: "(S (A w))\n"}
        j.write()
        marks = review.ReviewMarks(gold)
        marks.set_mark(1, "flagged")
        marks.save()
    finally:
        os.umask(old_umask)
    for copy in (gold.with_name("g.mrg.orig"), j.path, review.sidecar_path(gold), gold):
        assert stat.S_IMODE(copy.stat().st_mode) == 0o600, copy.name


def test_copies_of_a_group_readable_file_are_group_readable(tmp_path):
    gold = gold_file(tmp_path, mode=0o640)
    marks = review.ReviewMarks(gold)
    marks.set_note(1, "check")
    assert stat.S_IMODE(marks.save().stat().st_mode) == 0o640


# -- a folder planted at the journal's name ---------------------------------------------------
def test_a_folder_at_the_journals_name_moves_the_journal_to_the_state_folder(tmp_path, state_home):
    gold = gold_file(tmp_path)
    journal.recovery_path(gold).mkdir()
    j = journal.Journal.for_corpus(formats.read_file(gold))
    j.edits = {1: "(S (A w))\n"}
    written = j.write()
    assert written.parent == state_home / "tcompare" / "recovery"
    assert "a folder has the journal's name" in j.moved
    assert json.loads(written.read_text(encoding="utf-8"))["edits"] == {"1": "(S (A w))\n"}
    j.edits = {1: "(S (A v))\n"}
    assert j.write() == written                       # the session stays there
    del j                                             # the window dies without saving
    found = journal.load(gold)
    assert found is not None and found.edits == {1: "(S (A v))\n"}
    found.discard()
    assert not written.exists() and journal.recovery_path(gold).is_dir()


def test_journals_of_two_gold_files_of_one_name_keep_apart_in_the_state_folder(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = gold_file(tmp_path / "a"), gold_file(tmp_path / "b")
    journal.recovery_path(a).mkdir()
    j = journal.Journal.for_corpus(formats.read_file(a))
    j.edits = {1: "(S (A w))\n"}
    j.write()
    del j
    assert journal.load(b) is None and journal.load(a) is not None


# -- glob characters in names -----------------------------------------------------------------
def test_brackets_in_a_gold_name_are_not_a_glob(tmp_path):
    plain = gold_file(tmp_path, "a1.mrg")
    crashed_journal(plain, {"1": "(S (A1 x))\n"}, owner="999999999-1")
    bracketed = gold_file(tmp_path, "a[1].mrg")
    assert journal.load(bracketed) is None
    found = journal.load(plain)
    assert found is not None and found.edits == {1: "(S (A1 x))\n"}
    mine = crashed_journal(bracketed, {"2": "(S (B x))\n"}, owner="999999999-2")
    assert journal.load(bracketed).path == mine


def test_stale_temps_of_a_gold_named_x_are_its_own_only(tmp_path):
    gold = gold_file(tmp_path, "x")
    others = [tmp_path / ".xdata.json.tmp", tmp_path / ".x.tmp", tmp_path / ".x-notes.tmp"]
    ours = [tmp_path / ".x.a1b2c3d4.tmp", tmp_path / ".x.tcompare.recovery.k_9z8y7x.tmp",
            tmp_path / ".x.tcompare.json.abcdefgh.tmp", tmp_path / ".x.orig.00000000.tmp",
            tmp_path / ".x.tcompare.123-4.recovery.qwertyui.tmp"]
    old = time.time() - 3600
    for path in others + ours:
        path.write_bytes(b"partial")
        os.utime(path, (old, old))
    removed = save.remove_stale_temps(gold)
    assert sorted(removed) == sorted(ours)
    assert all(path.exists() for path in others)


def test_stale_temps_of_a_bracketed_name_are_matched_literally(tmp_path):
    gold = gold_file(tmp_path, "a[1].mrg")
    other = tmp_path / ".a1.mrg.abcdefgh.tmp"
    ours = tmp_path / ".a[1].mrg.abcdefgh.tmp"
    old = time.time() - 3600
    for path in (other, ours):
        path.write_bytes(b"partial")
        os.utime(path, (old, old))
    assert save.remove_stale_temps(gold) == [ours]
    assert other.exists()
