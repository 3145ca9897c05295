"""EVALB's block path (`scoring.evalb_block`), the raw-line readers (`formats.lines`) and the
fork pool (`scoring.workers`): streamed blocks, forked workers, rows in file order."""

import io
import os

import pytest

from conftest import anchor
from tcompare import compiled, formats
from tcompare.formats import lines as raw_lines
from tcompare.formats.lines import PairedLines
from tcompare.scoring import profiles, workers
from tcompare.scoring.evalb import block as evalb_block
from tcompare.scoring.batch import slim_results
from tcompare.scoring.evalb.profile import read_prm_file
from tcompare.scoring.pairing import iter_scores, score_pair


def _wsj():
    return (anchor("evalb", "real", "wsj23_berkeley", "23.gold"),
            anchor("evalb", "real", "wsj23_berkeley", "23.sys_berkeley_top"))


def _flatten(blocks):
    rows, errors, tail = [], [], None
    for b in blocks:
        if isinstance(b, evalb_block.EvalbTail):
            tail = b
        else:
            rows.append(b.rows)
            errors.extend(b.errors)
    return "".join(rows), errors, tail


@pytest.mark.parametrize("jobs", [1, 2])
def test_small_blocks_and_workers_give_the_same_rows(jobs):
    gold, test = _wsj()
    params, _ = read_prm_file(None)
    whole = _flatten(evalb_block.evalb_blocks(PairedLines(str(gold), str(test)), params, jobs=1, block_lines=10**6))
    small = _flatten(evalb_block.evalb_blocks(PairedLines(str(gold), str(test)), params, jobs=jobs, block_lines=97))
    assert small == whole
    assert whole[0].count("\n") == 2416


def test_unequal_line_counts_tail(tmp_path):
    params, _ = read_prm_file(None)
    g, t = tmp_path / "g", tmp_path / "t"
    g.write_bytes(b"(S (A a))\n(S (A b))\n(S (A c)\n")
    t.write_bytes(b"(S (A a))")
    blocks = list(evalb_block.evalb_blocks(PairedLines(str(g), str(t)), params, jobs=1, block_lines=2))
    assert [b.n for b in blocks[:-1]] == [1]
    assert blocks[-1] == evalb_block.EvalbTail(2, [(2, "Number of lines unmatch (too many lines in gold file)\n")])
    blocks = list(evalb_block.evalb_blocks(PairedLines(str(t), str(g)), params, jobs=1, block_lines=2))
    assert blocks[-1] == evalb_block.EvalbTail(2, [(2, "Number of lines unmatch (too many lines in test file)\n")])


def test_evalb_file_rows_match_the_tree_path():
    """The block path's numbers, as the window's table gets them (`EvalbLines.score_files`,
    two workers), are the tree path's results sentence by sentence."""
    gold, test = _wsj()
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    g, s = formats.read_file(gold, "ptb"), formats.read_file(test, "ptb")
    scorer = profile.block_scorer(config, ("ptb", "ptb"))
    rows = scorer.score_files(g, s, PairedLines(str(gold), str(test)),
                              lambda i: score_pair(g, s, i, profile, config), jobs=2)
    results = list(iter_scores(g, s, profile, config))
    assert len(rows) == len(results) == 2416
    keys = ("words", "gold_brackets", "test_brackets", "matched_brackets", "crossing",
            "correct_tags")
    for k, result in enumerate(results):
        row = rows[k]
        assert row.index == result.index
        assert row.status.value == result.status.value
        assert {key: row.counts[key] for key in keys} == {key: result.counts[key] for key in keys}
        assert row.data.get("length", 0) == result.data.get("length", 0)


def test_slim_results_in_order_with_workers():
    """Positions scored in ranges over forked workers (as `tcompare table` and the report
    do: `workers.map_blocks` over `batch.slim_results`) come back in order, each the tree
    path's result."""
    path = anchor("evalb", "sample.gld")
    test = anchor("evalb", "sample.tst")
    profile = profiles.get("parseval2010") if "parseval2010" in profiles.PROFILE_MODULES else profiles.get("evalb")
    g, s = formats.read_file(path, "ptb"), formats.read_file(test, "ptb")
    config = profile.prepare(None)
    expected = [(r.index, r.status.value, dict(r.counts)) for r in iter_scores(g, s, profile, config)]
    n = max(len(g), len(s))

    def ranges():
        return ((k, min(k + 3, n)) for k in range(0, n, 3))
    got = [(r.index, r.status.value, dict(r.counts))
           for rows in workers.map_blocks(lambda b: slim_results(g, s, profile, config, *b),
                                          ranges, jobs=2)
           for r in rows]
    assert got == expected


def test_map_blocks_keeps_order_and_reads_lazily():
    consumed = []

    def items():
        for k in range(50):
            consumed.append(k)
            yield k

    out = []
    for k, v in enumerate(workers.map_blocks(lambda x: x * x, items(), jobs=2)):
        out.append(v)
        assert len(consumed) <= k + 1 + 8 + 2       # never more than the window ahead
    assert out == [k * k for k in range(50)]


def test_cli_batch_streams_identical_output_with_one_and_two_jobs():
    from tcompare.cli import score_evalb

    gold, test = _wsj()
    outs = []
    for jobs in ("1", "2"):
        out, err = io.BytesIO(), io.BytesIO()
        assert score_evalb.main(["--jobs", jobs, str(gold), str(test)], "evalb", out, err) == 0
        outs.append((out.getvalue(), err.getvalue()))
    assert outs[0] == outs[1]


@pytest.mark.parametrize("gold,test", [
    (b"\xef\xbb\xbf(S (A a))\n(S (A b))\n(S (A c))", b"(S (A a))\r\n(S (A b))\n(S (A c))\n"),
    (b"(S (A a))\n\n(S (A b))\n", b"(S (A a))\n"),
    (b"(S (A a))\n", b"(S (A a))\n(S (A b))\n(S (A c))"),
    (b"", b"(S (A a))\n"),
])
@pytest.mark.parametrize("lines", [1, 2, 1000])
@pytest.mark.parametrize("whole", [1 << 22, 0])
def test_located_blocks_are_the_blocks_of_buffered_reading(tmp_path, monkeypatch, gold, test, lines, whole):
    """Regular files are cut into blocks by where they lie (read back by the process that
    scores them; a small file read whole, a big one in pieces); pipes and BytesIO are read
    as they come: the same blocks and tail either way."""
    monkeypatch.setattr(raw_lines.LocatedFile, "WHOLE", whole)
    monkeypatch.setattr(raw_lines, "READ_SIZE", 7)           # the area refilled many times
    if whole == 0:
        monkeypatch.setattr(compiled, "bus_guard", lambda: None)   # read, not mapped
    g, t = tmp_path / "g", tmp_path / "t"
    g.write_bytes(gold)
    t.write_bytes(test)

    def plain(entries):
        return [tuple(bytes(x) if isinstance(x, memoryview) else x for x in e) for e in entries]

    gr, tr, spans, end = raw_lines.located_spans(str(g), str(t), lines)
    located = [(first, n, bytes(gr.read(g0, g1)), bytes(tr.read(t0, t1)))
               for first, n, g0, g1, t0, t1 in spans] + plain([end])
    buffered = plain(raw_lines.paired_blocks(io.BytesIO(gold), io.BytesIO(test), lines))
    assert located == buffered
    with open(g, "rb") as gf, open(t, "rb") as tf:     # (mapped when the guard is built)
        assert plain(raw_lines.paired_blocks(gf, tf, lines)) == buffered


@pytest.mark.skipif(compiled.bus_guard() is None, reason="the SIGBUS guard is not built")
def test_mapped_reader_lets_go_of_the_pages_it_has_passed(tmp_path, monkeypatch):
    monkeypatch.setattr(raw_lines.MappedFile, "BIG", 1 << 20)     # "big" from 1 MB on
    path = tmp_path / "big"
    path.write_bytes(b"(S (A a))\n" * 1_000_000)        # 10 MB
    reader = raw_lines.MappedFile(str(path), compiled.bus_guard())
    lines = 0
    while True:
        block, n = reader.take(4096)
        if not n:
            break
        assert bytes(block[:10]) == b"(S (A a))\n"
        lines += n
    reader.close()
    assert lines == 1_000_000 and reader.dropped >= 8 << 20


@pytest.mark.skipif(compiled.bus_guard() is None, reason="the SIGBUS guard is not built")
def test_a_mapped_file_truncated_reads_zeros_and_says_so(tmp_path):
    """Past the end of a truncated file the guard maps zeros (no SIGBUS: this very process
    would die); `check` says `FileChanged`, and another mapping is not affected."""
    from tcompare.formats.inputs import FileChanged

    path, other = tmp_path / "big", tmp_path / "other"
    path.write_bytes(b"(S (A a))\n" * 100_000)
    other.write_bytes(b"(S (A a))\n" * 100_000)
    g, t, spans, _ = raw_lines.located_spans(str(path), str(other), 4096)
    assert isinstance(g, raw_lines.MappedFile)
    g.check()
    os.truncate(path, 100)
    assert bytes(g.read(*spans[-1][2:4]))[:4] == b"\0\0\0\0"
    with pytest.raises(FileChanged):
        g.check()
    t.check()
    assert bytes(t.read(*spans[-1][4:6]))[:10] == b"(S (A a))\n"
    g.close()
    t.close()


def test_a_big_file_is_read_in_pieces_and_a_truncation_is_found(tmp_path, monkeypatch):
    """Past `WHOLE` bytes the scan keeps one area and each block is read back when scored;
    a file truncated meanwhile reads short: `FileChanged`, not SIGBUS (no mapping)."""
    from tcompare.formats.inputs import FileChanged

    monkeypatch.setattr(raw_lines.LocatedFile, "WHOLE", 1 << 20)
    monkeypatch.setattr(compiled, "bus_guard", lambda: None)
    path = tmp_path / "big"
    path.write_bytes(b"(S (A a))\n" * 1_000_000)        # 10 MB
    g, t, spans, _ = raw_lines.located_spans(str(path), str(path), 4096)
    assert g.whole is None and len(g.area) <= 2 * raw_lines.READ_SIZE
    assert sum(n for _, n, *_ in spans) == 1_000_000
    assert bytes(g.read(*spans[-1][2:4]))[:10] == b"(S (A a))\n"
    g.unchanged()
    os.truncate(path, 5_000_000)
    with pytest.raises(FileChanged, match="changed while it was being read"):
        g.read(*spans[-1][2:4])
    with pytest.raises(FileChanged):
        t.unchanged()
    g.close()
    t.close()


def test_map_claimed_keeps_order_and_shares_by_speed():
    """Workers claim the next item when free: results come in order, and a process that is
    slow (here: the worker sleeps) scores fewer items instead of holding the others up."""
    import os
    import time

    parent = os.getpid()

    def work(i):
        time.sleep(0.02 if os.getpid() != parent else 0.005)
        return i, os.getpid()

    out = list(workers.map_claimed(work, 60, jobs=2, ahead=4))
    assert [i for i, _ in out] == list(range(60))
    mine = sum(1 for _, pid in out if pid == parent)
    assert 30 < mine < 60          # the worker did some, fewer than half


def test_map_claimed_stops_early_and_reports_a_worker_failure():
    import os
    import time

    parent = os.getpid()
    gen = workers.map_claimed(lambda i: i * i, 200, jobs=2)
    assert [next(gen) for _ in range(5)] == [0, 1, 4, 9, 16]
    gen.close()                    # the consumer stops (MAX_ERROR): no hang, workers reaped

    def failing(i):
        if os.getpid() != parent:
            raise ValueError("boom")
        time.sleep(0.01)
        return i

    with pytest.raises(RuntimeError, match="boom"):
        list(workers.map_claimed(failing, 50, jobs=2, ahead=2))
    assert list(workers.map_claimed(lambda i: -i, 3, jobs=1)) == [0, -1, -2]
