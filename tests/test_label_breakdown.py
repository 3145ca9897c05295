"""Per-label breakdowns (tcompare.analysis.labels): figures come from the item verdicts only,
checked by hand on the PTB demo and against analysis.breakdowns on the CoNLL demo."""

import contextlib
import io
import json

import pytest

from conftest import RESOURCES
from tcompare import formats
from tcompare.analysis.breakdowns import breakdowns
from tcompare.entry import main
from tcompare.analysis.labels import combine, item_kinds, label_breakdown, sentence_tally
from tcompare.scoring import profiles
from tcompare.scoring.base import Item, SentenceResult, Status, Verdict
from tcompare.scoring.pairing import pair_records

DEMO = RESOURCES / "demo"


def _score(profile, gold, system, **options):
    p = profiles.get(profile)
    config = p.prepare(options)
    g, s = formats.read_file(gold), formats.read_file(system)
    return pair_records(g, s, p, config), p.aggregate(pair_records(g, s, p, config), config), g


@pytest.fixture(scope="module")
def ptb():
    results, summary, _ = _score("evalb", DEMO / "ptb/gold.mrg", DEMO / "ptb/system.mrg")
    return results, summary, {r.label: r for r in label_breakdown(results)}


def test_ptb_rows_sum_to_the_evalb_totals(ptb):
    results, summary, rows = ptb
    assert list(rows) == ["ADJP", "ADVP", "NP", "PP", "S", "SBAR", "VP"]
    assert sum(r.gold for r in rows.values()) == summary.metrics["gold_brackets"] == 45
    assert sum(r.system for r in rows.values()) == summary.metrics["test_brackets"] == 45
    assert sum(r.matched for r in rows.values()) == summary.metrics["matched_brackets"] == 42
    assert all(r.matched == r.matched_system for r in rows.values())


def test_ptb_hand_checked_labels(ptb):
    _, _, rows = ptb
    # sentence 3: gold ADJP(2,4) vs system ADVP(2,4): same span, other label
    adjp, advp = rows["ADJP"], rows["ADVP"]
    assert (adjp.gold, adjp.system, adjp.matched) == (1, 1, 0)
    assert adjp.errors == {"extra": [6], "label_only": [3]} and adjp.sentences == [3, 6]
    assert (advp.gold, advp.system, advp.matched) == (1, 2, 1)
    assert advp.precision == 50.0 and advp.recall == 100.0 and round(advp.f1, 4) == 66.6667
    assert advp.errors == {"label_only": [3]}
    np_ = rows["NP"]
    assert (np_.gold, np_.system, np_.matched) == (18, 16, 16)
    assert round(np_.recall, 4) == 88.8889 and np_.precision == 100.0
    assert np_.errors == {"crossing": [2], "missing": [2, 4]}
    vp = rows["VP"]
    assert (vp.gold, vp.system, vp.matched, vp.sentences) == (11, 12, 11, [2])
    assert rows["PP"].sentences == [] and rows["PP"].f1 == 100.0


def test_ptb_counts_equal_the_items(ptb):
    results, _, rows = ptb
    for label, row in rows.items():
        gold = [i for r in results for i in r.gold_items
                if i.kind == "bracket" and i.label == label and i.verdict is not Verdict.IGNORED]
        assert row.gold == len(gold)
        assert row.matched == sum(i.verdict is Verdict.MATCH for i in gold)


def test_ptb_tags_are_a_kind_of_their_own(ptb):
    results, summary, _ = ptb
    assert item_kinds(results) == ["bracket", "tag"]
    tags = label_breakdown(results, "tag")
    assert sum(r.gold for r in tags) == summary.metrics["words"] == 44
    assert sum(r.matched for r in tags) == summary.metrics["correct_tags"] == 43


@pytest.mark.parametrize("profile", ["conllx", "conll07"])
def test_conll_deprel_rows_equal_breakdowns_attachment_figures(profile):
    results, _, gold = _score(profile, DEMO / "conll/demo.gold.conll", DEMO / "conll/demo.system.conll")
    assert item_kinds(results) == ["arc"]
    rows = {r.label: r for r in label_breakdown(results, "arc")}
    reference = {d["key"]: d for d in breakdowns(results, [r.item for r in gold]).deprel}
    assert set(rows) == set(reference)
    for label, row in rows.items():
        ref = reference[label]
        assert (row.gold, row.system, row.matched) == (ref["gold"], ref["system"], ref["correct_attached"])
        assert row.precision == ref["attached_precision"] and row.recall == ref["attached_recall"]
        assert row.f1 == ref["attached_f1"]


def test_conll_click_through_sentences():
    results, _, _ = _score("conllx", DEMO / "conll/demo.gold.conll", DEMO / "conll/demo.system.conll")
    rows = {r.label: r for r in label_breakdown(results, "arc")}
    assert rows["SBJ"].errors == {"wrong_both": [1], "wrong_head": [3]}
    assert rows["SBJ"].sentences == [1, 3]
    assert (rows["SBJ"].gold, rows["SBJ"].system, rows["SBJ"].matched) == (3, 2, 1)
    assert rows["COMP"].precision is None and rows["COMP"].recall == 0.0
    assert rows["PMOD"].sentences == []


def test_non_valid_and_ignored_items_do_not_count():
    ok = SentenceResult(index=1, gold_items=[Item("gold", "bracket", 1, "NP", 0, 2, Verdict.MATCH),
                                              Item("gold", "bracket", 0, "TOP", 0, 3, Verdict.IGNORED)],
                        system_items=[Item("system", "bracket", 1, "NP", 0, 2, Verdict.MATCH),
                                      Item("system", "bracket", 2, "NP", 1, 3, Verdict.CROSSING,
                                           crossing=True)])
    bad = SentenceResult(index=2, status=Status.ERROR,
                         gold_items=[Item("gold", "bracket", 1, "NP", 0, 2, Verdict.MISSING)])
    rows = label_breakdown([ok, bad, None])
    assert [r.label for r in rows] == ["NP"]
    assert (rows[0].gold, rows[0].system, rows[0].matched, rows[0].precision) == (1, 2, 1, 50.0)
    assert rows[0].errors == {"crossing": [1]}
    # cached per-sentence tallies recombine to the same rows
    assert combine([(1, sentence_tally(ok)), (2, sentence_tally(bad))]) == rows
    assert label_breakdown([]) == []


def _cli_json(profile, gold, system, *extra):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["score", "--profile", profile, "--output", "json", *extra,
                       str(gold), str(system)])
    assert status == 0, err.getvalue()
    return json.loads(out.getvalue())


@pytest.mark.parametrize("profile,ext", [("conllx", "conll"), ("conll07", "conll"), ("conllu", "conllu")])
def test_cli_json_groups_carry_the_breakdowns(profile, ext):
    gold, system = DEMO / f"conll/demo.gold.{ext}", DEMO / f"conll/demo.system.{ext}"
    data = _cli_json(profile, gold, system, "--summary-only")
    results, _, g = _score(profile, gold, system)
    tables = breakdowns(results, [r.item for r in g])
    rows = {r.label: r for r in label_breakdown(results, "arc")}
    assert "root" in data["groups"]            # the profile's own groups are kept
    deprels = {k[len("deprel:"):]: v for k, v in data["groups"].items() if k.startswith("deprel:")}
    assert set(deprels) == {d["key"] for d in tables.deprel}
    for d in tables.deprel:
        group = deprels[d["key"]]
        assert group["gold"] == d["gold"] and group["correct"] == d["correct"]
        assert group["attached_precision"] == d["attached_precision"]
        assert group["sentences_with_errors"] == len(rows[d["key"]].sentences)
    pos = {k[len("cpostag:"):]: v for k, v in data["groups"].items() if k.startswith("cpostag:")}
    assert pos and sum(v["tokens"] for v in pos.values()) == data["summary"]["tokens"]


def test_cli_json_conllx_exact_figures():
    data = _cli_json("conllx", DEMO / "conll/demo.gold.conll", DEMO / "conll/demo.system.conll")
    sbj = data["groups"]["deprel:SBJ"]
    assert (sbj["gold"], sbj["system"], sbj["correct"], sbj["correct_attached"]) == (3, 2, 2, 1)
    assert sbj["attached_precision"] == 50.0 and sbj["sentences_with_errors"] == 2
    assert data["groups"]["deprel:COMP"]["precision"] is None
    assert len(data["sentences"]) == 3


def test_accumulator_equals_label_breakdown_and_updates_one_sentence(ptb):
    from tcompare.analysis.labels import LabelAccumulator, sentence_entries

    results, _, _ = ptb
    acc = LabelAccumulator()
    entries = {r.index: sentence_entries(r) for r in results}
    for index, e in entries.items():
        acc.add(index, e)
    assert acc.kinds() == {"bracket", "tag"}
    for kind in ("bracket", "tag"):
        assert acc.rows(kind) == label_breakdown(results, kind)
    # sentence 3 re-scored as perfect: its ADJP/ADVP errors leave the click-through lists
    acc.remove(3, entries[3])
    assert acc.rows("bracket") == label_breakdown([r for r in results if r.index != 3])
    acc.add(3, entries[3])
    assert acc.rows("bracket") == label_breakdown(results)
