"""Issue 34, the last hostile cell: `score` (sighan2012, text output) on 10^5 unreadable
Sinica lines peaked at 333 MB -- `aligned_slim_results` kept a full ERROR result per
sentence.  They are kept by column now (`scoring.compact_results`), read back equal."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.base import SentenceResult, Status
from tcompare.scoring.batch import aligned_slim_results, slim
from tcompare.scoring.compact_results import CompactResults
from tcompare.scoring.pairing import pair_corpora, score_pairs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import robustness  # noqa: E402

pytestmark = pytest.mark.issue(34)


def _broken(tmp_path: Path, lines: int) -> Path:
    line = robustness.GOOD["sinica"].read_bytes().splitlines()[0]
    path = tmp_path / "broken.sinica"
    path.write_bytes((line[: len(line) // 2] + b"\n") * lines)
    return path


def _fields(r: SentenceResult) -> tuple:
    return (r.index, r.status, r.message, r.counts, r.scores, r.gold_items, r.system_items,
            r.flags, r.data)


@pytest.mark.parametrize("gold_is_good", [False, True])
def test_aligned_results_equal_score_pairs(tmp_path, gold_is_good):
    broken = _broken(tmp_path, 300)
    gold = formats.read_file(robustness.GOOD["sinica"] if gold_is_good else broken, "sinica")
    system = formats.read_file(broken, "sinica")
    profile = profiles.get("sighan2012")
    config = profile.prepare({})
    _, results = aligned_slim_results(gold, system, profile, config, jobs=1)
    expected = [slim(r) for r in score_pairs(gold, system, pair_corpora(gold, system, profile),
                                             profile, config)]
    assert len(results) == len(expected) == 300
    assert [_fields(r) for r in results] == [_fields(r) for r in expected]
    assert results[5].status is Status.ERROR and ":6:" in results[5].message
    assert [_fields(r) for r in results[2:9:3]] == [_fields(r) for r in expected[2:9:3]]


def test_unreadable_sentences_cost_a_few_bytes_each(tmp_path):
    broken = _broken(tmp_path, 5000)
    gold, system = formats.read_file(broken, "sinica"), formats.read_file(broken, "sinica")
    profile = profiles.get("sighan2012")
    config = profile.prepare({})
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        pairs, results = aligned_slim_results(gold, system, profile, config, jobs=1)
        del pairs
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(results) == 5000 and all(r.status is Status.ERROR for r in results)
    # ~1 KB per full ERROR result before (6.6 MB here); some 70 bytes each by column (0.4 MB)
    assert kept < 1_000_000, f"{kept / 1e6:.1f} MB kept for 5,000 results"


def test_other_results_are_kept_as_they_are():
    results = CompactResults()
    valid = SentenceResult(index=1, scores={"F1": 50.0})
    joined = SentenceResult(index=0, status=Status.ERROR, message="x:3:1: bad",
                            data={"pair": {"gold": [2, 3], "system": [3], "kind": "joined"}})
    bare = SentenceResult(index=4, status=Status.ERROR, message="no line named")
    padded = SentenceResult(index=5, status=Status.ERROR, message="f:007:2: odd",
                            data={"pair": {"gold": [], "system": [5], "kind": "extra"}})
    for r in (valid, joined, bare, padded, None):
        results.append(r)
    assert results[0] is valid and results[1] is joined and results[4] is None
    assert _fields(results[2]) == _fields(bare) and _fields(results[3]) == _fields(padded)
    assert results[2] is not bare and results[-2].message == "f:007:2: odd"
