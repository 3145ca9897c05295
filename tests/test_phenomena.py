"""`phenomena` profile (seed 004; spec/metrics.md §6): the paper's worked examples through
real rules on real trees, 100% recognition on our gold trees, the CLI (issue 6)."""

import io
import json

import pytest

from conftest import RESOURCES
from tcompare import formats
from tcompare.query import load_rules
from tcompare.query.goldlist import (GoldListError, PhenomenonGold, is_singleton,
                                                 read_gold_list, read_gold_list_text)
from tcompare.cli import score_phenomena
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict

PHEN = RESOURCES / "phenomena"
PROFILE = profiles.get("phenomena")


@pytest.fixture(scope="module")
def en_rules():
    return load_rules(PHEN / "rules_en_ptb.toml")


def run(gold_list: str, parses: str, rules, variant: str, weighting: str = "sentence"):
    config = PROFILE.prepare({"variant": variant, "weighting": weighting, "rules": rules,
                              "notation": "ptb"})
    gold = read_gold_list(PHEN / gold_list)
    corpus = formats.read_file(PHEN / parses)
    results = [PROFILE.score(g, r.item, config, i + 1)
               for i, (g, r) in enumerate(zip(gold, corpus))]
    return results, PROFILE.aggregate(results, config)


def test_paper_example_recogniser_output(en_rules):
    """Section 3.2: R_1 for the adjunct mis-parse of (1), R_2 for the correct parse of (2)."""
    corpus = formats.read_file(PHEN / "en_example.ptb")
    r1, r2 = (en_rules.recognise(rec.item, "ptb") for rec in corpus)
    assert set(r1) == {"proper noun", "monotransitive", "preposition", "adjunct"}
    assert set(r2) == {"proper noun", "dative-shifted ditransitive"}


def test_paper_exhaustive_vector(en_rules):
    """Section 3.3: P = (2/4 + 2/2)/2 = 0.75, R = (2/3 + 2/2)/2 = 0.8333."""
    results, summary = run("en_example_exhaustive.tsv", "en_example.ptb", en_rules, "exhaustive")
    assert summary.metrics["precision"] == pytest.approx(75.0)
    assert summary.metrics["recall"] == pytest.approx(250 / 3)
    assert round(summary.metrics["recall"] / 100, 4) == 0.8333
    assert [r.scores for r in results] == [{"precision": 50.0, "recall": pytest.approx(200 / 3)},
                                           {"precision": 100.0, "recall": 100.0}]


def test_paper_singleton_vector(en_rules):
    """Section 4: P = (0/2 + 2/2)/2 = 0.5, R = (0/1 + 1/1)/2 = 0.5."""
    results, summary = run("en_example_singleton.tsv", "en_example.ptb", en_rules, "singleton")
    assert (summary.metrics["precision"], summary.metrics["recall"]) == (50.0, 50.0)
    assert [r.scores["precision"] for r in results] == [0.0, 100.0]
    first = results[0]
    assert [(i.label, i.group, i.verdict) for i in first.gold_items] == [
        ("unshifted ditransitive", "phenomenon", Verdict.MISSING), ("adjunct", "error", Verdict.EXTRA)]
    verdicts = {i.label: i.verdict for i in first.system_items}
    assert verdicts == {"proper noun": Verdict.IGNORED, "monotransitive": Verdict.IGNORED,
                        "preposition": Verdict.IGNORED, "adjunct": Verdict.EXTRA}
    adjunct = next(i for i in first.system_items if i.label == "adjunct")
    tree = formats.read_file(PHEN / "en_example.ptb")[0].item
    assert tree.node(adjunct.ref).label.raw == "VP" and (adjunct.start, adjunct.end) == (1, 6)


@pytest.mark.parametrize("gold_list, variant", [("en_gold_singleton.tsv", "singleton"),
                                                ("en_gold_exhaustive.tsv", "exhaustive")])
def test_full_recognition_on_our_gold_trees(en_rules, gold_list, variant):
    """The paper's own check (6.1): 100% recognition of the listed phenomena on gold trees."""
    results, summary = run(gold_list, "en_gold.ptb", en_rules, variant)
    assert len(results) == 10
    missing = [(r.index, i.label) for r in results for i in r.gold_items
               if i.verdict is not Verdict.MATCH]
    assert missing == []
    assert (summary.metrics["precision"], summary.metrics["recall"]) == (100.0, 100.0)


def test_gold_lists_follow_the_papers_table():
    gold = read_gold_list(PHEN / "en_gold_singleton.tsv")
    assert is_singleton(gold)
    assert [(g.phenomena, g.errors) for g in gold][2] == (("passive",), ("adjunct",))
    assert gold[7].phenomena == ("adjective with extrapolated sentential complement",)
    assert not is_singleton(read_gold_list(PHEN / "en_gold_exhaustive.tsv"))


def test_wrong_parse_of_sentence_one(en_rules):
    """'to Mary' as an adjunct: sentence 1 fails both questions, the nine others pass."""
    results, summary = run("en_gold_singleton.tsv", "en_wrong_s1.ptb", en_rules, "singleton")
    assert results[0].scores == {"precision": 0.0, "recall": 0.0}
    assert all(r.scores == {"precision": 100.0, "recall": 100.0} for r in results[1:])
    assert (summary.metrics["precision"], summary.metrics["recall"]) == (90.0, 90.0)
    assert summary.groups["unshifted ditransitive"]["recall"] == 0.0
    assert summary.groups["adjunct"]["error_made"] == 1
    results, summary = run("en_gold_exhaustive.tsv", "en_wrong_s1.ptb", en_rules, "exhaustive")
    assert results[0].scores == {"precision": 50.0, "recall": pytest.approx(200 / 3)}
    assert summary.metrics["precision"] == pytest.approx(95.0)


def test_no_parse_output_gets_precision_zero(en_rules):
    """Section 6.1: the exception clause for a parser that produces no output."""
    config = PROFILE.prepare({"variant": "singleton", "rules": en_rules})
    gold = PhenomenonGold("8", ("adjective with extrapolated sentential complement",),
                          ("relative clause",))
    for result in (PROFILE.score(gold, None, config, 1),
                   PROFILE.score_missing(gold, config, 1, "unreadable"),
                   PROFILE.score(gold, formats.read_text("(TOP ())\n", "ptb")[0].item, config, 1)):
        assert result.scores == {"precision": 0.0, "recall": 0.0}
        assert "no_parse" in result.flags


def test_exhaustive_empty_recognition_is_flagged(en_rules):
    config = PROFILE.prepare({"variant": "exhaustive", "rules": en_rules})
    tree = formats.read_text("(TOP (S (NP (PRP He)) (VP (VBD left))))\n", "ptb")[0].item
    result = PROFILE.score(PhenomenonGold("1", ("adjunct",)), tree, config, 1)
    assert result.data["recognised"] == []
    assert result.scores == {"precision": 0.0, "recall": 0.0} and "p_undefined" in result.flags


def test_phenomenon_weighting(en_rules):
    """Equal weight per phenomenon (6.2): mean over names of the per-name sentence means."""
    config = PROFILE.prepare({"variant": "singleton", "weighting": "phenomenon", "rules": en_rules})
    trees = formats.read_file(PHEN / "en_wrong_s1.ptb")
    gold = [PhenomenonGold("1", ("unshifted ditransitive",), ("adjunct",)),
            PhenomenonGold("2", ("proper noun",)), PhenomenonGold("3", ("proper noun",)),
            PhenomenonGold("4", ("nominal gerund",))]
    results = [PROFILE.score(g, trees[i].item, config, i + 1) for i, g in enumerate(gold)]
    summary = PROFILE.aggregate(results, config)
    # per sentence P: 0, 100, 100, 100 -> names: unshifted 0, proper noun 100, gerund 100
    assert summary.metrics["precision"] == pytest.approx(200 / 3)
    assert summary.groups["proper noun"]["sentence_precision"] == 100.0
    config.weighting = "sentence"
    assert PROFILE.aggregate(results, config).metrics["precision"] == 75.0


def test_gold_list_reader():
    text = "# comment\n\n1\tpassive ; adjunct\tquestion\n2\t proper noun \n3\tx;x;y\t\n"
    gold = read_gold_list_text(text, "g.tsv")
    assert [(g.id, g.phenomena, g.errors, g.line) for g in gold] == [
        ("1", ("passive", "adjunct"), ("question",), 3), ("2", ("proper noun",), (), 4),
        ("3", ("x", "y"), (), 5)]
    with pytest.raises(GoldListError) as info:
        read_gold_list_text("1\ta\tb\tc\n\tx\n1\ta\n1\n", "bad.tsv")
    assert [(p.line, p.column) for p in info.value.problems] == [(1, 6), (2, 1), (4, 2)]
    assert "bad.tsv:1:6: more than three tab-separated columns" in str(info.value)


# -- CLI ------------------------------------------------------------------------------------
def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = score_phenomena.main(list(argv), "phenomena", out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_json_contract():
    code, out, err = cli("--phenomena", str(PHEN / "en_example_exhaustive.tsv"),
                         str(PHEN / "en_example.ptb"), "--output", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["profile"] == "phenomena" and data["options"]["variant"] == "exhaustive"
    assert data["options"]["rules"] == "shipped:rules_en_ptb.toml"
    assert data["summary"]["precision"] == 75.0
    assert data["summary"]["recall"] == pytest.approx(83.33333333)
    assert data["sentences"][0]["recognised"] == ["proper noun", "monotransitive", "preposition",
                                                 "adjunct"]
    assert data["sentences"][1]["id"] == "2"


def test_cli_text_singleton_default_and_explain():
    code, out, _ = cli("--phenomena", str(PHEN / "en_example_singleton.tsv"),
                       str(PHEN / "en_example.ptb"), "--explain")
    assert code == 0
    assert "variant            singleton" in out
    assert "precision          0.5000\nrecall             0.5000" in out
    assert "1\tadjunct\tpattern 3: node 3 [1,6)" in out


def test_cli_through_the_dispatcher(capsys):
    from tcompare.entry import main

    code = main(["score", "--profile", "phenomena", "--phenomena",
                 str(PHEN / "en_gold_singleton.tsv"), str(PHEN / "en_gold.ptb"), "--summary-only"])
    assert code == 0
    assert "precision          1.0000\nrecall             1.0000" in capsys.readouterr().out


def test_cli_errors(tmp_path):
    bad_rules = tmp_path / "r.toml"
    bad_rules.write_text('version = "1"\ndescription = "d"\n[phenomena."p"]\nptb = [\'VP < (NP\']\n')
    code, _, err = cli("--phenomena", str(PHEN / "en_example_singleton.tsv"), "--rules",
                       str(bad_rules), str(PHEN / "en_example.ptb"))
    assert code == 1 and f"{bad_rules}:4:14: phenomenon 'p', ptb pattern: unbalanced '('" in err
    bad_gold = tmp_path / "g.tsv"
    bad_gold.write_text("1\ta\tb\tc\n")
    code, _, err = cli("--phenomena", str(bad_gold), str(PHEN / "en_example.ptb"))
    assert code == 1 and f"{bad_gold}:1:6:" in err
    code, _, err = cli("--phenomena", str(PHEN / "en_example_singleton.tsv"), str(tmp_path / "nope"))
    assert code == 1 and "cannot open" in err
    with pytest.raises(SystemExit) as info:
        cli(str(PHEN / "en_example.ptb"))
    assert info.value.code == 2


def test_cli_missing_parses_and_unknown_names(tmp_path):
    gold = tmp_path / "g.tsv"
    gold.write_text("1\tunshifted ditransitive\tadjunct\n2\tdative-shifted ditransitive\tnoun-noun compound\n"
                    "3\tpassive\tflying pig\n")
    code, out, err = cli("--phenomena", str(gold), str(PHEN / "en_example.ptb"), "--output", "json")
    assert code == 0
    assert "has 3 sentences" in err and "recognises 'flying pig'" in err
    data = json.loads(out)
    assert data["sentences"][2]["status"] == "error"
    assert data["sentences"][2]["scores"] == {"precision": 0.0, "recall": 0.0}
    assert data["summary"]["precision"] == pytest.approx(100 / 3)


def test_gold_trees_instead_of_a_gold_list():
    """GOLD_TREES SYSTEM_PARSES: A_i is what the rules recognise in the gold tree."""
    code, out, err = cli(str(PHEN / "en_gold.ptb"), str(PHEN / "en_wrong_s1.ptb"), "--output", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["options"]["variant"] == "exhaustive"
    assert data["sentences"][0]["scores"] == {"precision": 50.0, "recall": pytest.approx(200 / 3)}
    assert data["summary"]["precision"] == pytest.approx(95.0)
    with pytest.raises(SystemExit) as info:
        cli("--phenomena", str(PHEN / "en_gold_singleton.tsv"), str(PHEN / "en_gold.ptb"),
            str(PHEN / "en_wrong_s1.ptb"))
    assert info.value.code == 2


def test_profile_on_a_tree_pair_guesses_notation_and_rules():
    """What the GUI does: pair two corpora, no options at all."""
    from tcompare.scoring.pairing import pair_records

    gold = formats.read_file(PHEN / "en_gold.ptb")
    system = formats.read_file(PHEN / "en_wrong_s1.ptb")
    config = PROFILE.prepare({})
    results = pair_records(gold, system, PROFILE, config)
    assert config.notation == "ptb" and config.rules.language == "en"
    summary = PROFILE.aggregate(results, config)
    assert summary.metrics["precision"] == pytest.approx(95.0)
    assert results[0].data["phenomena"] == ["proper noun", "unshifted ditransitive", "preposition"]
    sinica = formats.read_file(PHEN / "zh_gold.sinica")
    config = PROFILE.prepare({})
    result = PROFILE.score(sinica[0].item, sinica[0].item, config, 1)
    assert config.notation == "sinica" and result.data["recognised"] == ["ba construction"]


def test_gold_treebank_pairs_report_the_exhaustive_variant_they_were_scored_with():
    """With gold TREES (no gold list) every sentence is scored exhaustively; the summary and
    the text report must say so even though the variant option defaults to singleton (the
    GUI's sidebar showed 'singleton' with an 'errors made' column)."""
    from tcompare import formats
    from tcompare.paths import resource
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import pair_records

    profile = profiles.get("phenomena")
    gold = formats.read_file(resource("demo", "ptb", "gold.mrg"))
    system = formats.read_file(resource("demo", "ptb", "system.mrg"))
    config = profile.prepare({})
    results = pair_records(gold, system, profile, config)
    text = profile.render_text(results, profile.aggregate(results, config), config)
    assert "variant            exhaustive" in text
    assert "errors made" not in text.split("variant", 1)[1]
    summary = profile.aggregate(results, config)
    assert all("precision" in g for g in summary.groups.values())
