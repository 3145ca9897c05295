"""sighan2012 profile: the paper's test vectors (seed 002 §4), macro rules, the real sample."""

import json
import subprocess
import sys

import pytest

from conftest import RESOURCES, ROOT, anchor
from tcompare import formats
from tcompare.formats.sinica import parse_line
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.pairing import pair_records
from tcompare.scoring.zh.sighan2012 import simplify_tag

PROFILE = profiles.get("sighan2012")

GOLD_41 = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|GP(NP(Na:報紙)|Ng:上)))"
SYS_41 = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|NP(Na:報紙|Nc:上)))"
GOLD_42 = "S(agent:NP(Na:母親)|Head:VC:帶|theme:NP(Nh:他們)|location:PP(P:到|NP(Na:溪|Ncd:邊))|complement:VP(D:去|VA:釣魚))"
SYS_42 = "S(agent:NP(Na:母親)|Head:VC:帶|agent:NP(Nh:他們)|location:PP(P:到|Na:溪邊)|deontics:D:去|Head:VA:釣魚)"


def tree(text):
    return parse_line(text)[0]


def score(gold, system, **options):
    config = PROFILE.prepare(options)
    return PROFILE.score(tree(gold), tree(system), config, 1), config


def test_task41_paper_vector():
    """System: S, NP(他), NP(一則廣告), PP(在報紙上), NP(報紙上) = 5 items;
    gold: S, NP(他), NP(一則廣告), PP(在報紙上), GP(報紙上), NP(報紙) = 6 items;
    correct: S, NP(他), NP(一則廣告), PP = 4.  P = 4/5 = 0.8, R = 4/6 = 0.6667,
    F1 = 2*0.8*0.6667/(0.8+0.6667) = 0.7273."""
    result, _ = score(GOLD_41, SYS_41)
    assert (result.counts["correct"], result.counts["system"], result.counts["gold"]) == (4, 5, 6)
    assert round(result.scores["P"] / 100, 4) == 0.8
    assert round(result.scores["R"] / 100, 4) == 0.6667
    assert round(result.scores["F1"] / 100, 4) == 0.7273
    gp = [i for i in result.gold_items if i.label == "GP"][0]
    assert gp.verdict is Verdict.LABEL_ONLY and (gp.start, gp.end, gp.unit) == (8, 11, "char")
    wrong_np = [i for i in result.system_items if i.kind == "bracket" and i.verdict is not Verdict.MATCH]
    assert [(i.label, i.start, i.end) for i in wrong_np] == [("NP", 8, 11)]


def test_task42_paper_vector_with_different_segmentation():
    """System roles: agent(母親) Head(帶) agent(他們) location(到溪邊) deontics(去) Head(釣魚) = 6;
    gold: agent(母親) Head(帶) theme(他們) location(到溪邊) complement(去釣魚) = 5;
    correct: agent(母親), Head(帶), location(到溪邊) = 3 -- location matches although the
    system writes 溪邊 as one word (characters 5-8 on both sides).
    P = 3/6 = 0.5, R = 3/5 = 0.6, F1 = 2*0.5*0.6/1.1 = 0.5455."""
    result, _ = score(GOLD_42, SYS_42, task="srl")
    assert (result.counts["correct"], result.counts["system"], result.counts["gold"]) == (3, 6, 5)
    assert result.scores["P"] == 50.0 and result.scores["R"] == 60.0
    assert round(result.scores["F1"] / 100, 4) == 0.5455
    location = [i for i in result.system_items if i.label == "location"][0]
    assert location.verdict is Verdict.MATCH and (location.start, location.end) == (5, 8)
    # role items come first: phrases as "bracket" (Node.id), words as "tag" (token index)
    roles = [(i.kind, i.ref, i.label) for i in result.system_items
             if i.group != "pos" and i.verdict is not Verdict.IGNORED]
    assert roles == [("bracket", 1, "agent"), ("tag", 1, "Head"), ("bracket", 2, "agent"),
                     ("bracket", 3, "location"), ("tag", 5, "deontics"), ("tag", 6, "Head")]
    ignored = [(i.ref, i.label) for i in result.gold_items if i.verdict is Verdict.IGNORED]
    assert ignored == [(0, "S"), (4, "NP")]   # the root and the NP(溪|邊) inside the PP


def test_only_six_labels_are_evaluated_and_root_counts():
    result, _ = score("S(theme:NP(Nh:我)|Head:VC:買|goal:NP(property:V‧的(VH:新|DE:的)|Na:書包))",
                      "S(theme:NP(Nh:我)|Head:VC:買|goal:NP(property:NP‧的(VH:新|DE:的)|Na:書包))")
    assert (result.counts["gold"], result.counts["system"], result.counts["correct"]) == (3, 3, 3)
    ignored = [i.label for i in result.gold_items + result.system_items if i.verdict is Verdict.IGNORED]
    assert ignored == ["V‧的", "NP‧的"]


def test_macro_is_not_the_mean_of_sentence_f1():
    """Sentence 1 (Task 4-1 vector): P 0.8, R 4/6.  Sentence 2: identical 1-node trees, P=R=1.
    macro P = (0.8+1)/2 = 0.9, macro R = (0.6667+1)/2 = 0.8333,
    macro F1 = 2*0.9*0.8333/(0.9+0.8333) = 0.8654 (the mean of F1s would be 0.8636).
    micro: correct 5, system 6, gold 7 -> P 0.8333, R 0.7143, F1 0.7692."""
    config = PROFILE.prepare({})
    r1 = PROFILE.score(tree(GOLD_41), tree(SYS_41), config, 1)
    r2 = PROFILE.score(tree("NP(Na:書)"), tree("NP(Na:書)"), config, 2)
    m = PROFILE.aggregate([r1, r2], config).metrics
    assert round(m["macro_P"], 4) == 90.0 and round(m["macro_R"] / 100, 4) == 0.8333
    assert round(m["macro_F1"] / 100, 4) == 0.8654
    assert round(m["micro_P"] / 100, 4) == 0.8333 and round(m["micro_R"] / 100, 4) == 0.7143
    assert round(m["micro_F1"] / 100, 4) == 0.7692


def test_empty_and_undefined_sentences_in_macro():
    config = PROFILE.prepare({})
    # no evaluated label on either side: left out of the macro means and listed
    empty = PROFILE.score(tree("N‧的(Na:書|DE:的)"), tree("N‧的(Na:書|DE:的)"), config, 1)
    # system has no evaluated item: P = 0/0 counts 0, R = 0
    undefined = PROFILE.score(tree("NP(Na:書)"), tree("N‧的(Na:書)"), config, 2)
    good = PROFILE.score(tree("NP(Na:書)"), tree("NP(Na:書)"), config, 3)
    assert "empty" in empty.flags and "p_undefined" in undefined.flags
    summary = PROFILE.aggregate([empty, undefined, good, PROFILE.score_error(4, "bad")], config)
    assert summary.metrics["sentences"] == 2
    assert summary.metrics["macro_P"] == 50.0 and summary.metrics["macro_R"] == 50.0
    notes = " ".join(summary.notes)
    assert "left out of the macro means: 1" in notes and "0/0" in notes and "could not be scored" in notes


def test_simplify_tags():
    assert [simplify_tag(t) for t in ("Nhaa", "VC31", "P61", "V_11", "Nab", "Nba", "Ncb", "VH11",
                                      "Ncda", "Ndabd", "Dbaa", "Dfa", "Caa", "Cbaa", "Ta", "DE", "DM")] == \
        ["Nh", "VC", "P", "V_11", "Na", "Nb", "Nc", "VH", "Ncd", "Nd", "D", "Dfa", "Caa", "Cba", "T", "DE", "DM"]
    for coarse in ("Nh", "VC", "P", "D", "Na", "Ncd", "Nd", "VA", "Nv"):
        assert simplify_tag(coarse) == coarse


def test_simplify_option_makes_fine_gold_comparable_to_coarse_output():
    fine = "S(theme:NP(Head:Nhaa:我)|Head:VC31:傳來)"
    coarse = "S(theme:NP(Nh:我)|Head:VC:傳來)"
    plain, _ = score(fine, coarse)
    simplified, _ = score(fine, coarse, simplify=True)
    assert plain.scores == simplified.scores == {"P": 100.0, "R": 100.0, "F1": 100.0}
    assert plain.counts["pos_correct"] == 0 and simplified.counts["pos_correct"] == 2


def test_demo_pair_cli_json_keys(tmp_path):
    gold, system = RESOURCES / "demo/sinica/gold.sinica", RESOURCES / "demo/sinica/system.sinica"
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "sighan2012",
                          "--task", "srl", "--output", "json", str(gold), str(system)],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    data = json.loads(out)
    assert {"micro_P", "micro_R", "micro_F1", "macro_P", "macro_R", "macro_F1"} <= set(data["summary"])
    assert data["options"]["task"] == "srl"
    assert data["sentences"][1]["scores"]["P"] == 50.0
    text = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "sighan2012",
                           str(gold), str(system)], capture_output=True, text=True, cwd=ROOT,
                          check=True).stdout
    assert "Micro-P" in text and "0.8000  0.6667  0.7273" in text


@pytest.mark.slow
@pytest.mark.anchors
@pytest.mark.parametrize("task", ["parsing", pytest.param("srl", marks=pytest.mark.heavy)])
def test_real_sample_scores_100_against_itself(task):
    corpus = formats.read_file(anchor("sinica", "parsed"))
    config = PROFILE.prepare({"task": task})
    results = pair_records(corpus, corpus, PROFILE, config)
    metrics = PROFILE.aggregate(results, config).metrics
    for key in PROFILE.headline:
        assert metrics[key] == 100.0, key


@pytest.mark.anchors
def test_real_sample_against_its_coarse_sighan_style_version():
    """The NLTK sample (fine tags, roles everywhere) against the same trees rewritten the way
    SIGHAN-2012 prepared its training data (coarse tags, roles only on top-level
    constituents, no prefix/suffix): both tasks score 100; POS_A is 100 only with simplify."""
    from tcompare.formats.sinica import format_item
    from tcompare.model.tree import Token

    gold = formats.read_file(anchor("sinica", "parsed"))
    lines = []
    for record in list(gold)[:2000]:
        tree = record.item.copy()
        for node in tree.nodes():
            for child in node.children:
                top = node is tree.root
                if isinstance(child, Token):
                    child.pos = simplify_tag(child.pos)
                    child.role = child.role if top else ""
                elif not top:
                    child.label = child.label.with_parts(role="")
        tree.meta = {}
        lines.append(format_item(tree, "\n"))
    coarse = formats.read_text("".join(lines), "sinica")
    assert coarse.errors() == []
    gold.records = gold.records[:2000]
    for task in ("parsing", "srl"):
        for simplify in (False, True):
            config = PROFILE.prepare({"task": task, "simplify": simplify})
            summary = PROFILE.aggregate(pair_records(gold, coarse, PROFILE, config), config)
            assert summary.metrics["micro_F1"] == summary.metrics["macro_F1"] == 100.0
            pos_a = summary.groups["pos"]["POS_A"]
            assert (pos_a == 100.0) is simplify
