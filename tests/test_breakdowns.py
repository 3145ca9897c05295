"""Dependency breakdowns agree with eval.pl's full report on the Swedish anchor."""

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.analysis.breakdowns import breakdowns, direction, distance
from tcompare.scoring import profiles
from tcompare.scoring.pairing import pair_records


def _tables(gold_path, system_path, profile="conllx", **options):
    gold, system = formats.read_file(gold_path), formats.read_file(system_path)
    p = profiles.get(profile)
    config = p.prepare(options)
    results = pair_records(gold, system, p, config)
    return breakdowns(results, [r.item for r in gold])


@pytest.fixture(scope="module")
def swedish():
    return _tables(anchor("conllx", "gold.conll"), anchor("conllx", "system.conll"))


def _row(rows, key):
    return next(r for r in rows if r["key"] == key)


def test_deprel_table_is_eval_pl_s(swedish):
    # "Precision and recall of DEPREL" and "... DEPREL + ATTACHMENT" in evalpl_full.txt
    plus_a = _row(swedish.deprel, "+A")
    assert (plus_a["gold"], plus_a["correct"], plus_a["system"]) == (27, 20, 31)
    assert round(plus_a["recall"], 2) == 74.07 and round(plus_a["precision"], 2) == 64.52
    assert plus_a["correct_attached"] == 19 and round(plus_a["attached_precision"], 2) == 61.29
    db = _row(swedish.deprel, "DB")
    assert (db["gold"], db["correct"], db["system"], db["recall"]) == (0, 0, 1, None)
    assert [r["key"] for r in swedish.deprel][:3] == ["+A", "+F", "AA"]
    assert len(swedish.deprel) == 38


def test_cpostag_table_is_eval_pl_s(swedish):
    nn = swedish.cpostag[0]
    assert (nn["key"], nn["tokens"], nn["head_correct"], nn["label_correct"], nn["both_correct"]) == \
        ("NN", 761, 662, 649, 634)
    assert [r["key"] for r in swedish.cpostag][-2:] == ["HD", "HS"]     # ties by name
    assert sum(r["tokens"] for r in swedish.cpostag) == 2362


def test_direction_distance_and_root(swedish):
    assert [(r["key"], r["gold"], r["correct"], r["system"]) for r in swedish.direction] == [
        ("to_root", 230, 204, 229), ("left", 1307, 1224, 1326), ("right", 825, 723, 807), ("self", 0, 0, 0)]
    assert [(r["key"], r["gold"], r["correct"], r["system"]) for r in swedish.distance] == [
        ("to_root", 230, 204, 229), ("1", 1269, 1196, 1310), ("2", 433, 347, 415),
        ("3-6", 353, 254, 341), ("7-...", 77, 42, 67)]
    assert (swedish.root["gold"], swedish.root["system"], swedish.root["correct"]) == (230, 229, 204)
    assert round(swedish.root["precision"], 2) == 89.08


def test_per_sentence_rows(swedish):
    assert len(swedish.sentences) == 230
    third = swedish.sentences[2]
    assert third["index"] == 3 and third["tokens"] == 38 and third["errors"] == 14
    assert round(third["LAS"], 2) == 63.16


def test_demo_and_json_shape():
    demo = RESOURCES / "demo" / "conll"
    tables = _tables(demo / "demo.gold.conll", demo / "demo.system.conll")
    data = tables.to_json()
    assert set(data) == {"deprel", "cpostag", "direction", "distance", "root", "sentences"}
    assert data["sentences"][1]["flags"] == ["cycle"]
    without_pos = breakdowns([])
    assert without_pos.cpostag == [] and without_pos.root["precision"] is None


@pytest.mark.parametrize("head,dep,d,b", [(0, 3, "to_root", "to_root"), (2, 3, "left", "1"),
                                          (5, 3, "right", "2"), (3, 3, "self", "1"),
                                          (9, 3, "right", "3-6"), (1, 10, "left", "7-...")])
def test_bins(head, dep, d, b):
    assert direction(head, dep) == d and distance(head, dep) == b
