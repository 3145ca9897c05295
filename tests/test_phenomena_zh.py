"""Chinese phenomenon rules (resources/phenomena/rules_zh.toml) on TCT, ParsEval-2012, Sinica
and UD Chinese trees (issue 6)."""

import re

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.query import load_rules, shipped_rules
from tcompare.query.goldlist import read_gold_list
from tcompare.scoring import profiles

PHEN = RESOURCES / "phenomena"
PROFILE = profiles.get("phenomena")


@pytest.fixture(scope="module")
def zh_rules():
    return load_rules(PHEN / "rules_zh.toml")


def score(gold_list, corpus, rules, variant):
    config = PROFILE.prepare({"variant": variant, "rules": rules, "notation": corpus.notation})
    gold = read_gold_list(PHEN / gold_list)
    results = [PROFILE.score(g, r.item, config, i + 1) for i, (g, r) in enumerate(zip(gold, corpus))]
    return results, PROFILE.aggregate(results, config)


@pytest.mark.parametrize("gold_list, variant", [("zh_gold_exhaustive.tsv", "exhaustive"),
                                                ("zh_gold_singleton.tsv", "singleton")])
def test_tct_gold_trees_fully_recognised(zh_rules, gold_list, variant):
    corpus = formats.read_file(PHEN / "zh_gold.tct")
    assert corpus.notation == "tct"
    _, summary = score(gold_list, corpus, zh_rules, variant)
    assert (summary.metrics["precision"], summary.metrics["recall"]) == (100.0, 100.0)


def test_tct_pivot_misparse_of_a_serial_verb_sentence(zh_rules):
    text = (PHEN / "zh_gold.tct").read_text(encoding="utf-8").replace("vp-LW", "vp-JY")
    corpus = formats.read_text(text, "tct")
    results, summary = score("zh_gold_singleton.tsv", corpus, zh_rules, "singleton")
    assert results[2].data["recognised"] == ["coordination", "pivot construction"]
    assert results[2].scores == {"precision": 0.0, "recall": 0.0}
    assert summary.metrics["precision"] == 80.0


def test_parseval2012_round_brackets_use_the_same_label_parts(zh_rules):
    tree = formats.read_text("(zj (dj (rN 我) (vp-LW (vp-PO (v 去) (nS 北京)) (v 开会))) (wE 。))\n",
                             "tct2012")[0].item
    assert zh_rules.recognise(tree, "tct2012") == ["serial verb construction"]
    tree = formats.read_text("(zj (fj-YG (dj (c 因为) (v 下雨)) (wP ，) (dj (rN 我们) (v 去))) (wE 。))\n",
                             "tct2012")[0].item
    assert zh_rules.recognise(tree, "tct2012") == ["complex sentence", "causal complex sentence"]


def test_sinica_gold_trees_fully_recognised(zh_rules):
    corpus = formats.read_file(PHEN / "zh_gold.sinica")
    assert corpus.notation == "sinica"
    _, summary = score("zh_gold_sinica.tsv", corpus, zh_rules, "exhaustive")
    assert (summary.metrics["precision"], summary.metrics["recall"]) == (100.0, 100.0)


def test_shipped_rules_are_picked_by_notation_and_script():
    assert shipped_rules("tct").language == "zh"
    assert shipped_rules("ptb").language == "en"
    assert shipped_rules("conllu", "1\t把\t把\tADP").language == "zh"
    # issue 20: English CoNLL-U has its own rules (it used to fall back on the Chinese ones)
    assert shipped_rules("conllu", "1\tJohn\tJohn\tPROPN").language == "en"
    assert shipped_rules("ccgauto").language == "en"


# A Sinica leaf whose POS is a preposition tag (P07...) and whose word is 把/將: the ba rule
BA_LEAF = re.compile(r"(?:^|[(|:])P\d*:(?:把|將|将)(?=[|)])")


@pytest.mark.anchors
def test_ba_construction_on_the_real_sinica_sample(zh_rules):
    path = anchor("sinica", "parsed")
    corpus = formats.read_file(path)
    expected, found = [], []
    for record in corpus.records[:3000]:     # a third of the sample keeps the suite quick
        if record.item is None:
            continue
        tree_text = record.source.split(" ", 1)[-1]
        if BA_LEAF.search(tree_text):
            expected.append(record.index)
        if "ba construction" in zh_rules.recognise(record.item, "sinica"):
            found.append(record.index)
    assert len(expected) > 50
    assert found == expected


@pytest.mark.anchors
def test_bei_passive_on_ud_chinese_gsd(zh_rules):
    corpus = formats.read_file(anchor("conllu", "zh_gsd-ud-test.conllu"))
    expected = [r.index for r in corpus
                if any(w.form == "被" and w.deprel in ("aux:pass", "case") for w in r.item.words)]
    found = [r.index for r in corpus if "bei passive" in zh_rules.recognise(r.item, "conllu")]
    assert len(expected) > 20
    assert found == expected


@pytest.mark.slow
@pytest.mark.issue(14)
@pytest.mark.parametrize("rel", [pytest.param(("sinica", "parsed"), marks=pytest.mark.heavy),
                                 ("conllu", "zh_gsd-ud-test.conllu")])
def test_treebank_scored_against_itself_is_perfect(rel):
    """Sentences in which the rules recognise nothing on either side used to count as
    0/0 = 0 (P = R = 0.24 on the Sinica sample, 0.57 on UD Chinese GSD): they are skipped
    and reported now, and a treebank scored against itself gets P = R = 1."""
    import io

    from tcompare.cli import score_phenomena

    path = anchor(*rel)
    out, err = io.StringIO(), io.StringIO()
    assert score_phenomena.main([str(path), str(path), "--output", "csv"], "phenomena", out, err) == 0
    rows = out.getvalue().splitlines()
    header = rows[0].split(",")
    p_col, r_col = header.index("precision"), header.index("recall")
    body = [r.split(",") for r in rows[1:] if r and r[0].isdigit()]
    assert {r[1] for r in body} == {"valid", "skip"}
    assert all((r[p_col], r[r_col]) == ("100.0", "100.0") for r in body if r[1] == "valid")
    skipped = [r for r in body if r[1] == "skip"]
    assert skipped and all("no phenomenon" in ",".join(r) for r in skipped)
