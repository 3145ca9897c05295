"""One flow from disk to screen (issue 28, item 5), without Qt: the gold file opened once
per load (its hash made from the same bytes), the totals summed once per change, one
`ResultRows` per system, and no report text cut at a marker.
"""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import mmap
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import anchor
from tcompare.scoring import profiles
from tcompare.workspace import LoadRequest, Workspace, loading, totals

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo"


def run(ws: Workspace, request: LoadRequest) -> None:
    loader = ws.start(request)
    ws.finish(loader, loader.run(lambda message: ws.apply(loader, message)))


@pytest.fixture
def opens(monkeypatch):
    """Every path this process opens or maps from now on (open, io.open, os.open, mmap)."""
    seen: list[str] = []
    real_open, real_os_open, real_mmap = builtins.open, os.open, mmap.mmap

    def counting_open(path, *args, **kwargs):
        if isinstance(path, (str, bytes, os.PathLike)):
            seen.append(os.path.realpath(os.fsdecode(path)))
        return real_open(path, *args, **kwargs)

    def counting_os_open(path, *args, **kwargs):
        seen.append(os.path.realpath(os.fsdecode(path)))
        return real_os_open(path, *args, **kwargs)

    def counting_mmap(fileno, *args, **kwargs):
        seen.append(os.path.realpath(f"/proc/self/fd/{fileno}"))
        return real_mmap(fileno, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting_open)
    monkeypatch.setattr(io, "open", counting_open)
    monkeypatch.setattr(os, "open", counting_os_open)
    monkeypatch.setattr(mmap, "mmap", counting_mmap)
    return seen


def test_the_gold_file_is_opened_once_and_hashed_from_those_bytes(opens):
    gold, system = DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu"
    ws = Workspace()
    run(ws, LoadRequest(str(gold), [str(system)]))
    assert ws.complete and ws.row_count > 0
    assert opens.count(os.path.realpath(gold)) == 1
    assert opens.count(os.path.realpath(system)) == 1
    assert ws.gold_fingerprint is not None
    assert ws.gold_fingerprint.sha256 == hashlib.sha256(gold.read_bytes()).hexdigest()
    assert ws.gold_fingerprint.size == gold.stat().st_size


@pytest.mark.anchors
def test_a_big_pair_is_opened_once_for_the_preview_the_corpus_and_the_hash(opens, monkeypatch,
                                                                            tmp_path):
    """A big file: its head parsed first for the first tree, then the rest read from where
    the head stopped (the EVALB kernel's early job scores the files in a forked process)."""
    source = anchor("evalb", "real", "wsj23_berkeley")
    gold, system = tmp_path / "big.gld", tmp_path / "big.tst"
    gold.write_bytes((source / "23.gold").read_bytes() * 2)
    system.write_bytes((source / "23.sys_berkeley_top").read_bytes() * 2)
    from tcompare.scoring.evalb.profile import EvalbLines

    handed: list[bool] = []            # the early job gets the bytes read, opens no file
    real_start = EvalbLines.start_job

    def start_job(self, pairs):
        handed.extend(files.data is not None for files in pairs)
        return real_start(self, pairs)
    monkeypatch.setattr(EvalbLines, "start_job", start_job)
    opens.clear()
    messages: list[str] = []
    ws = Workspace()
    loader = ws.start(LoadRequest(str(gold), [str(system)]))

    def send(message):
        messages.append(type(message).__name__)
        ws.apply(loader, message)
    ws.finish(loader, loader.run(send))
    assert messages[0] == "Preview" and ws.complete and ws.row_count == 2 * 2416
    assert opens.count(os.path.realpath(gold)) == 1
    assert handed == [True]
    assert ws.gold_fingerprint.sha256 == hashlib.sha256(gold.read_bytes()).hexdigest()
    assert totals.system_totals(ws, 0)["sentences"] == 2 * 2416


def test_a_small_evalb_pair_is_opened_once_and_scored_from_those_bytes(opens):
    """EVALB scores every row of one-tree-per-line files from their bytes (the kernel's
    block path); for files without an early job those are the bytes the loader read, not
    the files opened again."""
    gold, system = DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"
    ws = Workspace()
    run(ws, LoadRequest(str(gold), [str(system)], profile="evalb"))
    assert ws.complete and ws.row_count > 0
    assert opens.count(os.path.realpath(gold)) == 1
    assert opens.count(os.path.realpath(system)) == 1
    numbers, _, _ = ws.results[0].kernel_part()
    assert len(numbers) == 8 * ws.row_count       # the rows came from the block path
    cli = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "evalb",
                          "--output", "json", str(gold), str(system)],
                         capture_output=True, text=True, check=True)
    assert totals.system_totals(ws, 0) == json.loads(cli.stdout)["summary"]


def test_an_unreadable_gold_file_fails_as_before(tmp_path):
    ws = Workspace()
    failures: list = []
    ws.failed.connect(failures.append)
    run(ws, LoadRequest(str(tmp_path / "missing.mrg"), [str(DEMO / "ptb" / "system.mrg")]))
    assert "missing.mrg: cannot open file: No such file or directory" in str(failures[0])
    run(ws, LoadRequest(str(tmp_path), [str(DEMO / "ptb" / "system.mrg")]))
    assert "cannot open file: Is a directory" in str(failures[1])


@pytest.mark.parametrize("gold, system", [
    (DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"),
    (DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu")])
def test_totals_are_summed_once_per_change(gold, system, monkeypatch):
    ws = Workspace()
    run(ws, LoadRequest(str(gold), [str(system)]))
    profile = ws.profile
    calls: list[int] = []
    aggregate = type(profile).aggregate

    def counting(self, results, config=None):
        calls.append(len(results))
        return aggregate(self, results, config)
    monkeypatch.setattr(type(profile), "aggregate", counting)
    # the sidebar, --totals and the panels all read the one total: summed once
    first = ws.summary(0)
    totals.totals_json(ws)
    ws.left_out(0)
    assert ws.summary(0) is first and len(calls) <= 1
    calls.clear()
    ws.replace_gold(1, ws.systems[0][1].item)            # a change: summed once more
    after = ws.summary(0)
    totals.totals_json(ws)
    assert ws.summary(0) is after and len(calls) == 1
    expected = aggregate(profile, [ws.result(0, row) for row in range(ws.row_count)], ws.config)
    assert after.metrics == expected.metrics


def test_one_result_list_per_system_is_what_the_total_counts():
    ws = Workspace()
    run(ws, LoadRequest(str(DEMO / "ptb" / "gold.mrg"), [str(DEMO / "ptb" / "system.mrg")]))
    assert len(ws.results) == len(ws.totals) == 1
    assert ws.totals[0].rows is ws.results[0]
    assert not hasattr(ws, "running")
    # the loader hands rows over without sums of its own: the total is made where it is read
    assert "totals" not in {f.name for f in loading.RowBatch.__dataclass_fields__.values()}


def test_evalb_summary_text_is_printed_from_the_summary():
    """The sidebar's report text: EVALB's summary block printed from the `Summary`, the very
    lines its .rsl report ends with (no report cut at a marker)."""
    ws = Workspace()
    run(ws, LoadRequest(str(DEMO / "ptb" / "gold.mrg"), [str(DEMO / "ptb" / "system.mrg")]))
    for name in ("evalb", "evalb_spmrl"):
        profile = profiles.get(name)
        config = profile.prepare(None)
        results = list(ws.results[0])
        summary = profile.aggregate(results, config)
        report = profile.render_text(results, summary, config, summary_only=True)
        text = profile.render_summary(summary, config)
        assert report.endswith("\n" + text) and text.startswith("=== Summary ===\n")


def test_no_report_text_is_cut_at_a_marker_on_the_way_to_the_screen():
    for folder in ("gui", "workspace"):
        for path in (ROOT / "tcompare" / folder).rglob("*.py"):
            assert "=== Summary ===" not in path.read_text(encoding="utf-8"), path
