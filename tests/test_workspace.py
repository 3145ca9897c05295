"""tcompare.workspace: the open document without Qt -- loading, rows, totals, edits, events.

The Workspace is driven here exactly as the window's adapter drives it, minus the thread:
a `Loader` runs and each message it sends goes to `Workspace.apply`.
"""

from __future__ import annotations

import pytest

from conftest import anchor
from tcompare import formats
from tcompare.formats.ptb import parse_tree, source_words
from tcompare.paths import resource
from tcompare.scoring import profiles
from tcompare.scoring.batch import slim, slim_results
from tcompare.scoring.pairing import score_pair
from tcompare.workspace import LoadRequest, Workspace

DEMO = resource("demo", "ptb")


def run(ws: Workspace, request: LoadRequest | None = None, **restart) -> list:
    """Load (or, with keyword arguments, rescore) synchronously; the messages in order."""
    loader = ws.start(request) if request is not None else ws.restart(**restart)
    seen = []

    def send(message):
        seen.append(type(message).__name__)
        ws.apply(loader, message)

    ws.finish(loader, loader.run(send))
    return seen


def events(ws: Workspace) -> list:
    log: list = []
    for name in ("opened", "rows_added", "rows_changed", "summary_changed", "scored", "finished"):
        getattr(ws, name).connect(lambda *args, n=name: log.append((n, *args)))
    return log


def test_loading_fills_rows_and_totals_like_tcompare_score():
    ws = Workspace()
    log = events(ws)
    seen = run(ws, LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    assert seen[0] == "LoadedFiles" and "Scored" in seen
    assert ws.complete and not ws.busy and ws.row_count == 8
    assert ("opened",) in log and ("finished", True) in log
    assert log.index(("scored",)) < log.index(("finished", True))
    gold, system = formats.read_file(DEMO / "gold.mrg"), formats.read_file(DEMO / "system.mrg")
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    expected = profile.aggregate([score_pair(gold, system, i, profile, config) for i in range(8)],
                                 config)
    assert ws.summary(0).metrics == expected.metrics
    # every row knows its words (from the sources, not parsed) and its gold line
    for row in range(8):
        info = ws.row_info(row)
        # the scorer's length: traces (-NONE-) are no words (issue 27: one length)
        words = [t for t in gold[row].item.tokens if t.pos != "-NONE-"]
        assert info.text == gold[row].item.text() and info.length == len(words)
        assert info.gold_line == gold[row].line


def test_replace_gold_rescores_one_row_and_updates_the_totals():
    ws = Workspace()
    run(ws, LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    log = events(ws)
    system_tree = ws.systems[0][2].item
    before = ws.summary(0).metrics["matched_brackets"]
    old_row = ws.result(0, 2).counts["matched_brackets"]
    ws.replace_gold(2, system_tree)           # gold sentence 3 := the system's tree
    assert log == [("rows_changed", 2, 1), ("summary_changed",)]
    assert ws.result(0, 2).scores["fmeasure"] == 100.0
    assert ws.gold[2].edited
    after = ws.summary(0).metrics["matched_brackets"]
    assert after == before - old_row + ws.result(0, 2).counts["matched_brackets"] != before
    # the totals equal a fresh aggregate of every row (O(1) update, same numbers), the rows
    # held as kernel numbers and the rows built alike (a plain list takes the per-row path)
    profile = ws.profile
    assert ws.summary(0).metrics == profile.aggregate(ws.results[0], ws.config).metrics
    assert ws.summary(0).metrics == profile.aggregate(list(ws.results[0]), ws.config).metrics


def test_rescoring_with_another_profile_keeps_the_corpora():
    ws = Workspace()
    run(ws, LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    gold = ws.gold
    run(ws, profile="evalb_spmrl")
    assert ws.gold is gold and ws.profile.name == "evalb_spmrl" and ws.row_count == 8


def test_messages_of_a_replaced_loader_are_dropped():
    ws = Workspace()
    old = ws.start(LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    run(ws, LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    assert old.cancelled
    rows = ws.row_count
    old.run(lambda m: ws.apply(old, m))       # a late worker: nothing of it lands
    ws.finish(old, True)
    assert ws.row_count == rows == 8


def _pairs():
    return [(anchor("evalb", "sample.gld"), anchor("evalb", "sample.tst")),
            (anchor("evalb", "bug", "bug.gld"), anchor("evalb", "bug", "bug.tst")),
            (anchor("evalb", "real", "wsj23_berkeley", "23.gold"),
             anchor("evalb", "real", "wsj23_berkeley", "23.sys_berkeley_top"))]


@pytest.mark.slow
@pytest.mark.anchors
@pytest.mark.parametrize("pair", range(3))
def test_kernel_rows_equal_the_profile_sentence_by_sentence(pair):
    """The table's fast path (EVALB's compiled kernel over the records) gives exactly the
    results `EvalbProfile.score` gives, errors and their messages included."""
    gold_path, sys_path = _pairs()[pair]
    gold, system = formats.read_file(gold_path), formats.read_file(sys_path)
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    n = max(len(gold), len(system))
    assert profile.block_scorer(config, (gold.notation, system.notation)) is not None
    fast = slim_results(gold, system, profile, config, 0, n)
    slow = [slim(score_pair(gold, system, i, profile, config)) for i in range(n)]

    def key(r):
        return r.index, r.status, r.message, dict(r.counts), r.scores, r.data, r.flags
    assert [key(r) for r in fast] == [key(r) for r in slow]


def test_kernel_rows_skip_edited_sentences(tmp_path):
    gold, system = formats.read_file(DEMO / "gold.mrg"), formats.read_file(DEMO / "system.mrg")
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    gold[1].replace_item(system[1].item)       # the file no longer says what the tree is
    fast = slim_results(gold, system, profile, config, 0, len(gold))
    assert fast[1].scores["fmeasure"] == 100.0
    assert [r.counts for r in fast] == \
        [score_pair(gold, system, i, profile, config).counts for i in range(len(gold))]


@pytest.mark.parametrize("source", [
    "(S (NP (DT a) (NN b)) (VP (VB c)))\n", "( (S (NN a)) )", "(TOP (S (-NONE- *T*-1) (NN x)))",
    "(S (NN a\u00a0b) (VB c))", "(S (NN -LRB-) (NN (x)))",
])
def test_source_words_equal_the_parsed_words(source):
    words = source_words(source)
    try:
        parsed = parse_tree(source).words
    except Exception:
        assert words is None
        return
    assert words is None or words == parsed


@pytest.mark.parametrize("source", [
    "(S (NN a)) (S (NN b))", "( NN dog)", "(S (NN dog) cat)", "(S (X) (NN a))", "(S (NN a)",
    "(S)", "",
])
def test_source_words_refuses_shapes_it_cannot_vouch_for(source):
    assert source_words(source) is None


@pytest.mark.anchors
def test_source_words_on_the_whole_wsj23_files():
    for path in _pairs()[2]:
        for record in formats.read_file(path):
            words = source_words(record.source)
            if words is not None:
                assert words == record.item.words


def test_the_registry_knows_what_each_profile_reads_without_importing_it():
    for name in profiles.PROFILE_MODULES:
        profile = profiles.get(name)
        if profile.name == name:                 # (aliases such as "spmrl" are not listed)
            assert profiles.READS[name] == profile.notations, name
    for notation in ("ptb", "conllu", "tct", "sinica"):
        assert profiles.names_for(notation) == [p.name for p in profiles.for_notation(notation)]


def test_the_loader_fingerprints_the_gold_file_for_saving(tmp_path):
    # hashed on the loader's thread (a 14 MB sha256 on the window's thread waited for the
    # loader's GIL); the save session then knows the file as it was read, and a change on
    # disk afterwards is still seen
    import hashlib

    from tcompare.workspace.gold_file import GoldFile

    gold = tmp_path / "gold.mrg"
    gold.write_bytes((DEMO / "gold.mrg").read_bytes())
    ws = Workspace()
    run(ws, LoadRequest(str(gold), [str(DEMO / "system.mrg")]))
    assert ws.gold_fingerprint is not None
    assert ws.gold_fingerprint.sha256 == hashlib.sha256(gold.read_bytes()).hexdigest()
    assert ws.gold is not None
    saved = GoldFile(ws.gold, ws.gold_fingerprint)
    assert saved.save_session.opened is ws.gold_fingerprint
    assert saved.journal.base_hash == ws.gold_fingerprint.sha256
    assert not saved.changed_on_disk()
    gold.write_bytes(gold.read_bytes() + b"(S (X y))\n")
    assert saved.changed_on_disk()
    run(ws, profile="evalb")            # rescoring the same corpora reads nothing
    assert ws.gold_fingerprint is None


def test_garbage_collection_is_paused_only_while_files_are_read():
    import gc

    from tcompare.scoring.workers import paused_gc as gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():                  # a second loader reading at the same time
            assert not gc.isenabled()
        assert not gc.isenabled()          # the first is still reading
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with gc_paused():
            raise RuntimeError("a reader failed")
    assert gc.isenabled()
    gc.disable()                           # someone else's choice is kept
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    # and a whole load leaves it on
    ws = Workspace()
    run(ws, LoadRequest(str(DEMO / "gold.mrg"), [str(DEMO / "system.mrg")]))
    assert gc.isenabled() and ws.row_count == 8
