"""Dependency profiles: the eval.pl numbers on the anchors, verdicts, flags, punctuation, CLAS."""

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.model.deps import DepSentence, DepToken
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.conllx.profile import is_uni_punct, tree_flags
from tcompare.scoring.pairing import pair_records

DEMO = RESOURCES / "demo" / "conll"


def _score(gold_path, system_path, profile_name, **options):
    gold, system = formats.read_file(gold_path), formats.read_file(system_path)
    profile = profiles.get(profile_name)
    config = profile.prepare(options)
    results = pair_records(gold, system, profile, config)
    return results, profile.aggregate(results, config)


def _counts(summary):
    c = summary.counts
    return c["both_correct"], c["head_correct"], c["label_correct"], c["tokens"]


@pytest.mark.anchors
@pytest.mark.parametrize("where,profile,options,expected", [
    ((), "conllx", {}, (1717, 1953, 1771, 2362)),
    ((), "conllx", {"score_punct": True}, (1932, 2169, 2045, 2651)),
    ((), "conll07", {}, (1932, 2169, 2045, 2651)),
    ((), "conll07", {"exclude_punct": True}, (1717, 1953, 1771, 2362)),
    (("zh_gsd_malt",), "conllx", {}, (7277, 7684, 8172, 10320)),
    (("zh_gsd_malt",), "conllx", {"score_punct": True}, (8268, 8678, 9828, 12010)),
])
def test_anchor_counts_are_eval_pl_s(where, profile, options, expected):
    _, summary = _score(anchor("conllx", *where, "gold.conll"), anchor("conllx", *where, "system.conll"),
                        profile, **options)
    assert _counts(summary) == expected
    las, uas, la, tot = expected
    assert summary.metrics["LAS"] == pytest.approx(100.0 * las / tot)
    assert summary.metrics["UAS"] == pytest.approx(100.0 * uas / tot)
    assert summary.metrics["LA"] == pytest.approx(100.0 * la / tot)


@pytest.mark.anchors
def test_chinese_non_scoring_tokens_follow_the_unicode_rule():
    _, summary = _score(anchor("conllx", "zh_gsd_malt", "gold.conll"),
                        anchor("conllx", "zh_gsd_malt", "system.conll"), "conllx")
    assert summary.metrics["nonscoring"] == 1690   # 1688 PUNCT + two '/' (Po); '~' (Sm) is scored


@pytest.mark.anchors
@pytest.mark.parametrize("name", ["zh_gsd-ud-test.conllu", "zh_gsdsimp-ud-test.conllu"])
def test_ud_chinese_scores_100_against_itself(name):
    path = anchor("conllu", name)
    _, summary = _score(path, path, "conllu")
    for key in ("LAS", "UAS", "LA", "CLAS", "CLAS_P", "CLAS_R"):
        assert summary.metrics[key] == 100.0
    assert summary.metrics["tokens"] == (12010 if "simp" not in name else 12012)


@pytest.mark.parametrize("form,punct", [
    (".", True), (",", True), ("_", True), ("%", True), ("&", True), ("/", True), ("''", True),
    ("(", True), ("--", True), ("。", True), ("，", True), ("「」", True), ("...", True),
    ("$", False), ("+", False), ("|", False), ("~", False), ("^", False), ("`", False),
    ("a.", False), ("", False), ("1", False), ("他", False),
])
def test_punctuation_is_every_character_in_a_p_category(form, punct):
    assert is_uni_punct(form) is punct


def test_demo_has_every_verdict_and_the_flags():
    results, summary = _score(DEMO / "demo.gold.conll", DEMO / "demo.system.conll", "conllx")
    verdicts = [[i.verdict for i in r.gold_items] for r in results]
    V = Verdict
    assert verdicts[0] == [V.MATCH, V.WRONG_BOTH, V.MATCH, V.MATCH, V.WRONG_HEAD, V.MATCH, V.MATCH,
                           V.WRONG_LABEL, V.IGNORED]
    assert "gold_non_projective" in results[0].flags
    assert "cycle" in results[1].flags
    assert "several_roots" in results[2].flags
    assert _counts(summary) == (12, 13, 15, 18)
    assert results[0].scores == {"LAS": 62.5, "UAS": 75.0, "LA": 75.0}
    # arc items: start = HEAD, end = own ID, partner = same word on the other side
    g, s = results[0].gold_items[1], results[0].system_items[1]
    assert (g.start, g.end, g.label, s.start, s.label, g.partner) == (3, 2, "SBJ", 4, "OBJ", 1)
    assert results[0].data["system_heads"][:3] == [2, 4, 0]


def test_conllu_demo_scores_words_only_and_clas():
    results, summary = _score(DEMO / "demo.gold.conllu", DEMO / "demo.system.conllu", "conllu")
    assert [len(r.gold_items) for r in results] == [5, 7, 5]
    assert summary.metrics["tokens"] == 17
    assert summary.counts["clas_gold"] == 12 and summary.counts["clas_correct"] == 7
    assert summary.metrics["CLAS"] == pytest.approx(100 * 7 / 12)


def _sent(*arcs):
    return DepSentence([DepToken(str(i), form, "_", "X", "X", "_", head, rel)
                        for i, (form, head, rel) in enumerate(arcs, start=1)])


def test_heads_are_compared_as_strings_like_eval_pl():
    profile = profiles.get("conllx")
    r = profile.score(_sent(("a", "0", "ROOT"), ("b", "1", "DEP")),
                      _sent(("a", "0", "ROOT"), ("b", "01", "DEP")), profile.prepare({}), 1)
    assert [i.verdict for i in r.gold_items] == [Verdict.MATCH, Verdict.WRONG_HEAD]


def test_unequal_sentences_are_scored_not_crashed():
    profile = profiles.get("conllx")
    r = profile.score(_sent(("a", "0", "ROOT"), ("b", "1", "DEP")), _sent(("a", "0", "ROOT")),
                      profile.prepare({}), 1)
    assert "word_count_mismatch" in r.flags
    assert [i.verdict for i in r.gold_items] == [Verdict.MATCH, Verdict.WRONG_BOTH]
    assert r.counts["tokens"] == 2


def test_sentence_with_no_scoring_tokens():
    profile = profiles.get("conllx")
    config = profile.prepare({})
    r = profile.score(_sent((".", "0", "P")), _sent((".", "0", "P")), config, 1)
    assert r.scores["LAS"] is None and "no_scoring_tokens" in r.flags
    summary = profile.aggregate([r], config)
    assert summary.metrics["LAS"] is None and summary.notes


@pytest.mark.parametrize("heads,flags", [
    ([2, 0, 2], []),
    ([2, 3, 1], ["no_root", "cycle"]),
    ([0, 0, 2], ["several_roots"]),
    ([0, 2, 2], ["self_loop"]),
    ([0, 5, 1], ["head_out_of_range"]),
    ([3, 4, 0, 3], ["non_projective"]),    # 1<-3 crosses 2<-4
    ([-1, 0], ["head_out_of_range"]),   # a HEAD that is not a number
])
def test_tree_flags(heads, flags):
    assert tree_flags(heads, len(heads)) == flags
