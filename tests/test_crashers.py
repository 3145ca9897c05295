"""Issue 15: every input that once crashed, hung or misled tcompare, as a regression test.

`tests/crashers/` holds the minimal reproducers (and what `make fuzz` finds).  Each file is
read by every reader that could be asked to read it, and scored against itself: no
exception, bounded error messages.  The tests below add the specific verdicts.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcompare import formats
from tcompare.scoring import items
from tcompare.model.corpus import ParseError

pytestmark = pytest.mark.issue(15)

CRASHERS = Path(__file__).parent / "crashers"
FILES = sorted(p for p in CRASHERS.iterdir() if p.name != "README.md")
MAX_MESSAGE = 600          # characters of one error or warning (path, message, hint, excerpt)


def _cli(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcompare", *argv], input=stdin,
                          capture_output=True, timeout=120)


def _read_all(path: Path, notation: str | None = None):
    corpus = formats.read_file(path, notation)
    for record in corpus.records:
        record.item  # noqa: B018 - parse every sentence
    return corpus


def _messages(corpus) -> list[str]:
    found = [str(e) + e.excerpt for e in corpus.errors()]
    for record in corpus.records:
        item = record.item
        meta = getattr(item, "meta", None) or {}
        found += [str(w) + w.excerpt for w in meta.get("warnings", ())]
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("notation", formats.available())
def test_every_reader_reads_every_crasher(path, notation):
    corpus = _read_all(path, notation)
    for message in _messages(corpus):
        assert len(message) <= MAX_MESSAGE, message[:200]


def _fuzz():
    import importlib.util

    spec = importlib.util.spec_from_file_location("tcompare_fuzz", Path(__file__).parent.parent / "tools" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_crasher_passes_every_fuzz_target(path):
    """What `make fuzz` found (and the hand-made reproducers) never breaks any target."""
    fuzz = _fuzz()
    data = path.read_bytes()
    for name in fuzz.targets():
        fuzz.run_one(name, data)


# -- 1. numbers of more than 4,300 digits ----------------------------------------------------

def test_conll_head_of_4400_digits_is_a_warning_not_a_traceback():
    corpus = _read_all(CRASHERS / "conllx-head-4400-digits.conll")
    (warning,) = corpus.records[0].item.meta["warnings"]
    assert "points outside the sentence" in warning.message
    assert warning.line == 2 and warning.column == 13
    assert len(str(warning)) < 200


@pytest.mark.parametrize("output", ["text", "json", "csv"])
def test_conll_head_of_4400_digits_scores(output):
    gold = CRASHERS / "conllx-gold-2.conll"
    res = _cli("score", str(gold), str(CRASHERS / "conllx-head-4400-digits.conll"),
               "--output", output)
    assert res.returncode == 0, res.stderr.decode()[-500:]
    assert b"Traceback" not in res.stderr
    if output == "text":
        assert b"Labeled   attachment score: 1 / 2 * 100 = 50.00 %" in res.stdout


@pytest.mark.parametrize("name, notation, column, words", [
    ("tct-head-4400-digits.tct", "tct", 5, "head position"),
    ("tct2012-head-4400-digits.txt", "tct2012", 7, "head position"),
    ("ccg-daughters-4400-digits.auto", "ccgauto", 9, "number of daughters"),
])
def test_bracket_readers_name_the_column_of_a_huge_number(name, notation, column, words):
    corpus = _read_all(CRASHERS / name, notation)
    (error,) = corpus.errors()
    assert words in error.message and "cannot read this sentence" not in error.message
    assert error.column == column
    assert len(str(error)) < 300


def test_ccg_head_of_4400_digits_is_kept_as_text():
    corpus = _read_all(CRASHERS / "ccg-head-4400-digits.auto", "ccgauto")
    assert not corpus.errors()


def test_parse_error_bounds_message_and_excerpt():
    huge = "\0" * 1_000_000
    error = ParseError(f"word {huge!r} is odd", "f", 1, 500_000, huge)
    assert len(error.message) < 300 and len(error.excerpt) < 100
    assert "characters" in error.message


# -- 2. linear time ----------------------------------------------------------------------------

def test_sinica_word_full_of_brackets_is_linear():
    corpus = _read_all(CRASHERS / "sinica-many-parens-in-word.txt", "sinica")
    assert corpus.records[0].item is not None


SPANS = st.lists(st.one_of(st.none(), st.tuples(st.integers(-2, 12), st.integers(0, 6)).map(
    lambda t: (t[0], t[0] + t[1]))), max_size=20)


@settings(max_examples=300, deadline=None)
@given(SPANS, SPANS)
def test_crossing_sweep_agrees_with_pairwise(spans, others):
    expected = [sp is not None and any(items.crosses(*sp, *o) for o in others if o is not None)
                for sp in spans]
    assert items._crossing_flags_sweep(spans, [o for o in others if o is not None]) == expected
    assert items.crossing_flags(spans, others) == expected


def test_crossing_of_depth_100000_is_n_log_n():
    n = 100_000
    right = [(i, n) for i in range(n)]          # right-branching tree
    left = [(0, n - i) for i in range(n)]       # left-branching tree over the same words
    flags = items.crossing_flags(left, right, laminar_others=True)
    assert sum(flags) == n - 2                  # all but the root and the one-word span


# -- 6. JSON / CSV written one sentence at a time ----------------------------------------------

@pytest.mark.parametrize("profile", ["evalb", "parseval2012"])
def test_streamed_json_is_one_valid_object(tmp_path, profile):
    import json

    src = "( (S (NP (N x)) (VP (V y))) )\n" if profile == "parseval2012" else "(S (NP (N x)) (VP (V y)))\n"
    gold = tmp_path / "g.txt"
    gold.write_text(src * 3)
    fmt = ["--format", "tct2012"] if profile == "parseval2012" else []
    res = _cli("score", "--profile", profile, *fmt, str(gold), str(gold), "--output", "json")
    assert res.returncode == 0, res.stderr.decode()[-400:]
    data = json.loads(res.stdout)
    assert [s["index"] for s in data["sentences"]] == [1, 2, 3]
    assert data["sentences"][0]["gold_items"]          # verdicts are still written
    assert data["profile"] == profile and "summary" in data


def test_stream_writer_keeps_only_slim_results():
    from tcompare.cli import stream_out
    from tcompare.scoring.base import Item, SentenceResult, Verdict

    def results():
        for k in range(1, 4):
            yield SentenceResult(k, gold_items=[Item("gold", "bracket", 0, "S", 0, 1, Verdict.MATCH)])

    out = io.StringIO()
    kept = stream_out.write_json(out, {"profile": "x"}, results(), lambda kept: {"n": len(kept)})
    assert all(not r.gold_items for r in kept) and len(kept) == 3
    import json
    data = json.loads(out.getvalue())
    assert data["n"] == 3 and len(data["sentences"]) == 3 and data["sentences"][2]["gold_items"]


def test_release_forgets_and_reparses():
    corpus = formats.read_text("(S (X x))\n(S (Y y))\n", "ptb")
    first = corpus[0].item
    corpus[0].release()
    again = corpus[0].item
    assert again is not first and again.root.label.raw == first.root.label.raw


# -- 4. pipes and "-" ----------------------------------------------------------------------------

TREES = b"(S (NP (N x)) (VP (V y)))\n(S (X a) (Y b))\n"


@pytest.mark.parametrize("system", ["-", "/dev/stdin"])
@pytest.mark.parametrize("output", ["rsl", "json"])
def test_stdin_as_system_file_is_scored_not_empty(tmp_path, system, output):
    gold = tmp_path / "g.mrg"
    gold.write_bytes(TREES)
    res = _cli("score", str(gold), system, "--output", output, stdin=TREES)
    assert res.returncode == 0, res.stderr.decode()[-400:]
    if output == "rsl":
        assert b"Number of sentence        =      2" in res.stdout
        assert b"Bracketing FMeasure       = 100.00" in res.stdout
    else:
        import json
        assert json.loads(res.stdout)["summary"]["sentences"] == 2


def test_stdin_as_gold_file_is_sniffed_from_the_buffer(tmp_path):
    system = tmp_path / "s.conll"
    system.write_bytes((CRASHERS / "conllx-gold-2.conll").read_bytes())
    res = _cli("score", "-", str(system), stdin=system.read_bytes())
    assert res.returncode == 0, res.stderr.decode()[-400:]
    assert b"Labeled   attachment score: 2 / 2 * 100 = 100.00 %" in res.stdout


def test_convert_and_compare_read_stdin(tmp_path):
    res = _cli("convert", "-", "--to", "ptb", stdin=TREES)
    assert res.returncode == 0 and res.stdout == TREES, res.stderr.decode()[-400:]


def test_read_source_keeps_a_stream(tmp_path):
    import os
    read, write = os.pipe()
    os.write(write, TREES)
    os.close(write)
    path = f"/dev/fd/{read}"
    assert formats.read_head(path, 5) == TREES[:5]
    corpus = formats.read_file(path)
    assert len(corpus) == 2 and corpus.notation == "ptb"
    os.close(read)


def test_conll_row_of_7_columns_is_reported_and_fails():
    gold = CRASHERS / "conllx-gold-2.conll"
    res = _cli("score", str(gold), str(CRASHERS / "conllx-row-of-7-columns.conll"), "-q")
    # eval.pl's own report (a missing DEPREL read as empty) byte for byte, then the warning
    assert res.stdout == (b"  Labeled   attachment score: 1 / 2 * 100 = 50.00 %\n"
                          b"  Unlabeled attachment score: 2 / 2 * 100 = 100.00 %\n"
                          b"  Label accuracy score:       1 / 2 * 100 = 50.00 %\n")
    assert b"conllx-row-of-7-columns.conll:1: 7 columns, a CoNLL row needs 10" in res.stderr
    assert res.returncode == 1


@pytest.mark.parametrize("extra", [[], ["--output", "json"], ["--profile", "conllu", "--output", "json"]])
def test_empty_conll_system_file_is_not_called_ptb(tmp_path, extra):
    empty = tmp_path / "system.out"
    empty.write_bytes(b"")
    res = _cli("score", *extra, str(CRASHERS / "conllx-gold-2.conll"), str(empty))
    assert b"looks like" not in res.stderr
    assert b"Traceback" not in res.stderr
    if "conllu" not in extra:   # eval.pl: the line structures differ, in every output
        assert res.stderr.startswith(b"line mismatch, line 1:") and res.returncode == 1
    else:               # paired by text: the gold sentence has no system partner (missing)
        assert b"no system sentence pairs with gold sentence 1" in res.stdout
        assert b'"status": "missing"' in res.stdout


# -- 5. nothing lost -----------------------------------------------------------------------------

def _enospc(*_args):
    import errno
    import os
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_convert_onto_its_input_on_a_full_disk_keeps_it(tmp_path, monkeypatch, capsys):
    from tcompare.cli import convert
    from tcompare.editing import save

    path = tmp_path / "g.mrg"
    path.write_bytes(TREES)
    monkeypatch.setattr(save.os, "fsync", _enospc)
    assert convert.main([str(path), "--to", "ptb", "-o", str(path)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert path.read_bytes() == TREES
    assert [p.name for p in tmp_path.iterdir()] == ["g.mrg"]       # no temp file left


def test_two_windows_have_two_journals(tmp_path):
    from tcompare.editing import journal

    path = tmp_path / "g.mrg"
    path.write_bytes(TREES)
    corpus = formats.read_file(path)
    a, b = journal.Journal.for_corpus(corpus), journal.Journal.for_corpus(corpus)
    a.edits, b.edits = {1: "(S (A x))\n"}, {2: "(S (B y))\n"}
    a.write(), b.write()
    assert a.path != b.path
    assert journal.load(path) is None          # B is not offered A's live journal as a crash
    a.discard()                                # A saved: B's autosaved edits stay
    assert b.path.exists() and not a.path.exists()
    del b                                      # B's window dies without saving
    found = journal.load(path)
    assert found is not None and found.edits == {2: "(S (B y))\n"}


def test_discard_after_save_rebases_the_journal(tmp_path):
    from tcompare.editing import journal

    path = tmp_path / "g.mrg"
    path.write_bytes(TREES)
    j = journal.Journal.for_corpus(formats.read_file(path))
    path.write_bytes(TREES.replace(b"x", b"z"))      # the window saved
    j.discard()
    assert j.base_hash == journal.file_hash(path)    # no 'file changed since' after a save


@pytest.mark.parametrize("content", [b"[]", b"{\"sentences\": []}", b"\xff\xfe garbage",
                                     b"{\"sentences\": {\"x\": {}}}"])
def test_corrupt_review_sidecar_is_moved_aside(tmp_path, content):
    from tcompare.editing import review

    gold = tmp_path / "g.mrg"
    gold.write_bytes(TREES)
    side = review.sidecar_path(gold)
    side.write_bytes(content)
    told: list[str] = []
    marks = review.ReviewMarks.load(gold, told.append)
    assert marks.marks == {} and marks.notes == {}
    assert not side.exists() and side.with_name(side.name + ".corrupt").read_bytes() == content
    assert len(told) == 1 and "moved aside" in told[0]
    marks.set_mark(1, "flagged")
    marks.save()                                      # and saving works afterwards
    assert review.ReviewMarks.load(gold).marks == {1: "flagged"}


@pytest.mark.parametrize("content", [b"[]", b"{", b"{\"notation\": \"ptb\", \"edits\": {\"a\": 1}}"])
def test_corrupt_journal_is_moved_aside(tmp_path, content):
    from tcompare.editing import journal

    gold = tmp_path / "g.mrg"
    gold.write_bytes(TREES)
    bad = journal.recovery_path(gold)
    bad.write_bytes(content)
    told: list[str] = []
    assert journal.load(gold, told.append) is None
    assert not bad.exists() and len(told) == 1 and "moved aside" in told[0]


def test_stale_temp_files_are_removed_on_open(tmp_path):
    import os

    from tcompare.editing import save

    gold = tmp_path / "g.mrg"
    gold.write_bytes(TREES)
    old = [tmp_path / ".g.mrg.k1ll3d.tmp", tmp_path / ".g.mrg.tcompare.json.x.tmp"]
    young = tmp_path / ".g.mrg.now.tmp"
    for p in old + [young]:
        p.write_bytes(b"partial")
    for p in old:
        os.utime(p, (0, 0))
    session = save.SaveSession(gold)
    assert sorted(session.removed_temps) == sorted(old)
    assert young.exists() and gold.exists()


def test_save_keeps_mode_and_refuses_read_only(tmp_path):
    import os

    from tcompare.editing import save

    gold = tmp_path / "g.mrg"
    gold.write_bytes(TREES)
    os.chmod(gold, 0o640)
    session = save.SaveSession(gold)
    session.save(b"(S (X new))\n")
    assert gold.stat().st_mode & 0o7777 == 0o640
    umask = os.umask(0o022)
    os.umask(umask)
    orig = gold.with_name("g.mrg.orig")
    assert orig.read_bytes() == TREES and orig.stat().st_mode & 0o7777 == 0o666 & ~umask
    os.chmod(gold, 0o444)
    with pytest.raises(save.ReadOnlyError):
        session.save(b"(S (X refused))\n")
    assert gold.read_bytes() == b"(S (X new))\n"
    session.save(b"(S (X confirmed))\n", allow_readonly=True)
    assert gold.read_bytes() == b"(S (X confirmed))\n"
    assert gold.stat().st_mode & 0o7777 == 0o444
    new = tmp_path / "save-as.mrg"
    save.atomic_write(new, b"x\n")
    assert new.stat().st_mode & 0o7777 == 0o666 & ~umask


@pytest.mark.parametrize("notation, gold, system", [
    ("ptb", "ptb/gold.mrg", "ptb/system.mrg"), ("tct2012", "tct2012/gold.psg", "tct2012/system.psg"),
    ("conllx", "conll/demo.gold.conll", "conll/demo.system.conll"), ("tct", "tct/gold.tct", "tct/system.tct"),
    ("sinica", "sinica/gold.sinica", "sinica/system.sinica"), ("ccgauto", "ccg/gold.auto", "ccg/system.auto")])
def test_column_store_gives_the_same_summary(notation, gold, system):
    from tcompare.cli.stream_out import SlimResults
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import pair_records

    demo = Path(__file__).parent.parent / "resources" / "demo"
    g, s = formats.read_file(demo / gold), formats.read_file(demo / system)
    profile = profiles.get(profiles.default_for(notation))
    config = profile.prepare({})
    results = pair_records(g, s, profile, config)
    store = SlimResults()
    for r in pair_records(g, s, profile, config):
        store.append(r)
    assert len(store) == len(results)
    for a, b in zip(store, results):
        assert (a.index, a.status, a.message, a.flags, dict(a.counts), a.scores, a.data) == \
            (b.index, b.status, b.message, b.flags, dict(b.counts), b.scores, b.data)
    assert profile.aggregate(store, config).to_json() == profile.aggregate(results, config).to_json()


# -- 3. huge tokens --------------------------------------------------------------------------------

@pytest.mark.parametrize("output", ["rsl", "json"])
def test_a_1mb_nul_token_gives_a_short_message(tmp_path, output):
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_bytes(b"(S (X a))\n")
    system.write_bytes(b"(S (X " + b"\0" * (1 << 20) + b")\n")
    res = _cli("score", str(gold), str(system), "--output", output)
    assert b"Traceback" not in res.stderr
    assert len(res.stderr) < 1000 and len(res.stdout) < 10_000


@pytest.mark.parametrize("notation, text", [
    ("ptb", "(S (X {}))\n"), ("tct", "[S {}/n ]\n"), ("sinica", "#1:1.[0] S(Head:Na:{})#\n"),
    ("conllx", "1\t{}\tx\tN\tN\t_\t0\troot\t_\t_\n\n")])
def test_a_4mb_token_is_read(notation, text):
    corpus = formats.read_text(text.format("t" * (4 << 20)), notation)
    assert corpus[0].error is None


def test_big_sentence_json_is_written_item_by_item():
    import json

    from tcompare.cli import stream_out
    from tcompare.scoring.base import Item, SentenceResult, Verdict

    items = [Item("gold", "bracket", k, "S", k, k + 2, Verdict.MATCH) for k in range(1500)]
    result = SentenceResult(7, message="m", gold_items=items, flags=["f"])
    result.counts["x"] = 1
    expected = result.to_json()
    out = io.StringIO()
    stream_out._write_sentence(out, result)
    assert json.loads(out.getvalue()) == expected
