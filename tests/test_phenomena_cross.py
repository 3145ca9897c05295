"""Cross-framework phenomena (seed 004, issue 20.1): one gold phenomenon list, recognised in a
PTB, a UD and a CCG parse of the same sentences by rule files that use the same names."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tcompare import formats
from tcompare.query import load_rules, shipped_rules
from tests.conftest import RESOURCES, ROOT

PH = RESOURCES / "phenomena"
pytestmark = pytest.mark.issue(20)


def gold_lists(name: str) -> dict[int, set[str]]:
    out = {}
    for line in (PH / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, names = line.split("\t")[:2]
            out[int(key)] = set(names.split(";"))
    return out


def recognised(rules_file: str, parses: str) -> dict[int, set[str]]:
    rules = load_rules(PH / rules_file)
    corpus = formats.read_file(PH / parses)
    assert corpus.errors() == []
    return {k: set(rules.recognise(rec.item, corpus.notation)) for k, rec in enumerate(corpus, 1)}


@pytest.mark.parametrize("rules_file,parses", [
    ("rules_en_ptb.toml", "en_gold.ptb"),
    ("rules_en_ud.toml", "en_gold.conllu"),
    ("rules_en_ccg.toml", "en_gold.auto"),
])
def test_english_recognisers_agree_with_the_gold_list(rules_file, parses):
    assert recognised(rules_file, parses) == gold_lists("en_gold_exhaustive.tsv")


@pytest.mark.parametrize("parses", ["zh_gold.tct", "zh_gold.conllu"])
def test_chinese_recognisers_agree_with_the_gold_list(parses):
    assert recognised("rules_zh.toml", parses) == gold_lists("zh_gold_exhaustive.tsv")


def test_three_frameworks_recognise_the_same_names_sentence_by_sentence():
    ptb = recognised("rules_en_ptb.toml", "en_gold.ptb")
    ud = recognised("rules_en_ud.toml", "en_gold.conllu")
    ccg = recognised("rules_en_ccg.toml", "en_gold.auto")
    assert ptb == ud == ccg
    names = {tuple(load_rules(PH / rule).names)
             for rule in ("rules_en_ptb.toml", "rules_en_ud.toml", "rules_en_ccg.toml")}
    assert len(names) == 1     # the three files define the same names, in the same order


def score(gold_list: str, variant: str, parses: str) -> tuple[float, float]:
    r = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "phenomena",
                        "--phenomena", str(PH / gold_list), "--variant", variant, "--output", "json",
                        "--summary-only", str(PH / parses)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)["summary"]
    return round(m["precision"], 2), round(m["recall"], 2)


@pytest.mark.slow
def test_the_comparison_table_of_the_doc_page():
    """docs/phenomena-cross-framework.md: shipped rules picked by notation (and script)."""
    table = {
        ("en_gold.ptb", "exhaustive"): (100.0, 100.0), ("en_gold.conllu", "exhaustive"): (100.0, 100.0),
        ("en_gold.auto", "exhaustive"): (100.0, 100.0), ("en_gold.ptb", "singleton"): (100.0, 100.0),
        ("en_gold.conllu", "singleton"): (100.0, 100.0), ("en_gold.auto", "singleton"): (100.0, 100.0),
        ("en_wrong_s1.ptb", "exhaustive"): (95.0, 96.67), ("en_wrong_s1.auto", "exhaustive"): (95.0, 96.67),
        ("en_wrong_s1.ptb", "singleton"): (90.0, 90.0), ("en_wrong_s1.auto", "singleton"): (90.0, 90.0),
    }
    for (parses, variant), expected in table.items():
        assert score(f"en_gold_{variant}.tsv", variant, parses) == expected, (parses, variant)


def test_monotransitive_does_not_fire_on_a_passives_trace_object():
    rules = load_rules(PH / "rules_en_ptb.toml")
    tree = formats.read_text(
        "(TOP (S (NP-SBJ-1 (NNP John)) (VP (VBZ is) (VP (VBN dumped) (NP (-NONE- *-1)) "
        "(PP-LGS (IN by) (NP (NNP Mary)))))))\n", "ptb")[0].item
    assert rules.recognise(tree, "ptb") == ["proper noun", "passive", "preposition"]
    tree = formats.read_text("(TOP (S (NP-SBJ (NNP John)) (VP (VBD dumped) (NP (NNP Mary)))))\n",
                             "ptb")[0].item
    assert "monotransitive" in rules.recognise(tree, "ptb")


def test_english_conllu_does_not_fall_back_to_chinese_rules():
    english = (PH / "en_gold.conllu").read_text(encoding="utf-8")
    assert shipped_rules("conllu", english).path.endswith("rules_en_ud.toml")
    assert shipped_rules("conllu", (PH / "zh_gold.conllu").read_text(encoding="utf-8")).language == "zh"
