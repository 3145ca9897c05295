"""The step-by-step explanation (tcompare.analysis.explain) and `tcompare explain`.

Checks: every gold and system item of a result appears in exactly one row; every figure
line's counts reproduce the profile's own score; the numbers equal EVALB's .rsl rows on the
Kummerfeld WSJ anchor; deletions are explained (TOP, punctuation); the corpus explanation
reproduces the summary (micro from counts, SIGHAN macro from sentence means).
"""

from __future__ import annotations

import io
import json

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.analysis.explain import Explanation, explain, explain_summary
from tcompare.cli import explain as cli_explain
from tcompare.scoring import profiles
from tcompare.scoring.base import Status, Verdict
from tcompare.scoring.pairing import pair_records, score_pair

DEMO = RESOURCES / "demo"
CASES = [
    ("evalb", "ptb/gold.mrg", "ptb/system.mrg", {}),
    ("parseval2010", "tct/gold.tct", "tct/system.tct", {}),
    ("parseval2010", "pku/gold.pku", "pku/system.pku", {}),
    ("parseval2012", "tct2012/gold.psg", "tct2012/system.psg", {}),
    ("parseval2012", "tct2012/gold_ccg.psg", "tct2012/system_ccg.psg", {}),
    ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", {}),
    ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", {"task": "srl"}),
    ("conllx", "conll/demo.gold.conll", "conll/demo.system.conll", {}),
    ("conll07", "conll/demo.gold.conll", "conll/demo.system.conll", {}),
    ("conllu", "conll/demo.gold.conllu", "conll/demo.system.conllu", {}),
    ("phenomena", "ptb/gold.mrg", "ptb/system.mrg", {}),
]


def _run(name, gold, system, options):
    profile = profiles.get(name)
    config = profile.prepare(options)
    g, s = formats.read_file(DEMO / gold), formats.read_file(DEMO / system)
    return profile, config, g, s


def _check_figures(exp: Explanation, values: dict) -> int:
    """Each ratio line: 100·num/den equals the profile's value; returns lines checked."""
    checked = 0
    for f in exp.formulas:
        if f.name in values:
            assert f.value == values[f.name], f.name
        if f.numerator is not None and f.denominator and f.percent:
            assert 100.0 * f.numerator / f.denominator == pytest.approx(f.value, abs=1e-9), f.text()
            checked += 1
    return checked


@pytest.mark.parametrize("name,gold,system,options", CASES)
def test_every_item_once_and_figures_equal_scores(name, gold, system, options):
    profile, config, g, s = _run(name, gold, system, options)
    for i in range(max(len(g), len(s))):
        result = score_pair(g, s, i, profile, config)
        exp = explain(result, profile, g[i].item, s[i].item, config)
        shown = [id(item) for row in exp.rows() for item in row.items()]
        expected = [id(item) for item in result.gold_items + result.system_items]
        assert sorted(shown) == sorted(expected)   # each exactly once
        for row in exp.rows():
            for item in row.items():
                assert row.verdict is item.verdict or row.gold is not None
        assert _check_figures(exp, result.scores) > 0
        text = exp.to_text()
        assert f"Sentence {i + 1}" in text
        for key, value in result.scores.items():
            f = exp.formula(key)
            if value is not None and f is not None:
                assert (f"{value:.2f}" if not f.integer else f"= {int(value)}") in text


def test_evalb_demo_sentence_two_worked_numbers():
    profile, config, g, s = _run("evalb", "ptb/gold.mrg", "ptb/system.mrg", {})
    result = score_pair(g, s, 1, profile, config)
    exp = explain(result, profile, g[1].item, s[1].item, config)
    text = exp.to_text()
    assert "recall = matched / gold brackets = 6 / 7 × 100 = 85.71 %" in text
    assert "precision = matched / system brackets = 6 / 7 × 100 = 85.71 %" in text
    assert "crossing = system brackets crossing a gold bracket = 1" in text
    # deletions and their reasons, on both sides
    notes = [(r.gold_text or r.system_text, r.note) for r in exp.steps[0].rows]
    assert ("TOP [0,8) “The boy ate the cake on the table”", "label TOP is a DELETE_LABEL") in notes
    assert (".", "word deleted: POS . is a DELETE_LABEL") in notes
    # the missing NP and the crossing VP
    verdicts = {(r.gold_text or r.system_text): r.verdict for r in exp.rows()}
    assert verdicts["NP [3,8) “the cake on the table”"] is Verdict.MISSING
    assert verdicts["VP [2,5) “ate the cake”"] is Verdict.CROSSING
    # matched pairs are shown side by side, in gold order
    pairs = [(r.gold.ref, r.system.ref) for r in exp.steps[1].rows if r.system is not None]
    assert pairs == sorted(pairs)


def test_label_only_pair_is_shown_side_by_side():
    profile, config, g, s = _run("evalb", "ptb/gold.mrg", "ptb/system.mrg", {})
    result = score_pair(g, s, 2, profile, config)
    exp = explain(result, profile, g[2].item, s[2].item, config)
    rows = [r for r in exp.rows() if r.verdict is Verdict.LABEL_ONLY]
    assert len(rows) == 1
    assert rows[0].gold_text.startswith("ADJP [2,4)") and rows[0].system_text.startswith("ADVP [2,4)")


def _rsl_rows(path):
    rows = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 12 and parts[0].isdigit():
            rows[int(parts[0])] = parts
    return rows


@pytest.mark.parametrize("parser", ["berkeley", "stanford"])
def test_kummerfeld_sentences_match_evalb_rsl(parser):
    """The explanation's counts and figures equal C EVALB's own row for each sentence."""
    gold_path = anchor("evalb", "real", "kummerfeld_wsj01", "wsj01.mrg")
    sys_path = anchor("evalb", "real", "kummerfeld_wsj01", f"{parser}.mrg")
    rsl = _rsl_rows(anchor("evalb", "real", "kummerfeld_wsj01", f"{parser}.COLLINS.rsl"))
    profile = profiles.get("evalb")
    config = profile.prepare({"prm": str(anchor("evalb", "COLLINS.prm"))})
    g, s = formats.read_file(gold_path), formats.read_file(sys_path)
    for i in range(min(len(g), 30)):
        result = score_pair(g, s, i, profile, config)
        if result.status is not Status.VALID:
            continue
        exp = explain(result, profile, g[i].item, s[i].item, config)
        _, _, _, recall, precision, matched, gold_n, test_n, cross, words, tags, _ = rsl[i + 1]
        r, p = exp.formula("recall"), exp.formula("precision")
        assert (r.numerator, r.denominator) == (int(matched), int(gold_n))
        assert (p.numerator, p.denominator) == (int(matched), int(test_n))
        assert f"{r.value:.2f}" == recall and f"{p.value:.2f}" == precision
        assert exp.formula("crossing").value == int(cross)
        t = exp.formula("tagging_accuracy")
        assert (t.numerator, t.denominator) == (int(tags), int(words))
        # the rows agree with the counts: matched gold items, kept gold / system brackets
        brackets = [row for row in exp.rows() if (row.gold or row.system).kind == "bracket"]
        assert sum(1 for row in brackets if row.verdict is Verdict.MATCH) == int(matched)
        assert sum(1 for row in brackets if row.gold is not None
                   and row.gold.verdict is not Verdict.IGNORED) == int(gold_n)
        assert sum(1 for row in brackets if row.system is not None
                   and row.system.verdict is not Verdict.IGNORED) == int(test_n)


@pytest.mark.parametrize("name,gold,system,options", CASES)
def test_summary_explanation_reproduces_the_summary(name, gold, system, options):
    profile, config, g, s = _run(name, gold, system, options)
    results = pair_records(g, s, profile, config)
    summary = profile.aggregate(results, config)
    exp = explain_summary(results, summary, profile, config)
    checked = _check_figures(exp, summary.metrics)
    if name == "phenomena":   # a macro mean: the worked sum over the sentences instead
        total, n = exp.formula("precision").worked.split(" / ")
        assert float(total) / int(n) == pytest.approx(summary.metrics["precision"], abs=0.005)
    else:
        assert checked > 0
    for f in exp.formulas:
        assert f.value == summary.metrics[f.name], f.name


def test_sighan_macro_is_f1_of_means():
    profile, config, g, s = _run("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", {})
    results = pair_records(g, s, profile, config)
    summary = profile.aggregate(results, config)
    exp = explain_summary(results, summary, profile, config)
    macro_p, macro_r = exp.formula("macro_P"), exp.formula("macro_R")
    ps = [r.scores["P"] for r in results]
    assert macro_p.value == pytest.approx(sum(ps) / len(ps))
    assert macro_p.worked == f"{sum(ps):.2f} / {len(ps)}"
    f1 = exp.formula("macro_F1")
    assert f1.value == pytest.approx(2 * macro_p.value * macro_r.value / (macro_p.value + macro_r.value))
    assert "not the mean of F1" in f1.expression
    assert "sentence 1: P = 80.00, R = 66.67" in exp.to_text()


def test_conllx_punctuation_is_explained_not_scored():
    profile, config, g, s = _run("conllx", "conll/demo.gold.conll", "conll/demo.system.conll", {})
    result = score_pair(g, s, 0, profile, config)
    exp = explain(result, profile, g[0].item, s[0].item, config)
    ignored = exp.steps[0].rows
    assert [r.note for r in ignored] == ["punctuation"]
    assert exp.formula("LAS").text() == "LAS = head and label right / scored words = 5 / 8 × 100 = 62.50 %"
    wrong = {r.gold_text: r.verdict for r in exp.steps[1].rows}
    assert wrong["8 today ← 4 scheduled (TMP)"] is Verdict.WRONG_LABEL


def test_error_sentence_is_explained_as_left_out():
    profile = profiles.get("evalb")
    result = profile.score_error(3, "gold: broken")
    exp = explain(result, profile)
    assert not exp.steps and "left out of every figure" in exp.notes[0]


def test_html_is_escaped_and_coloured():
    profile, config, g, s = _run("evalb", "ptb/gold.mrg", "ptb/system.mrg", {})
    result = score_pair(g, s, 1, profile, config)
    exp = explain(result, profile, g[1].item, s[1].item, config)
    page = exp.to_html(font_size=16)
    assert "font-size:16pt" in page and "#D55E00" in page
    header_rows = sum(1 for step in exp.steps if step.rows)
    assert page.count("<tr>") == sum(1 for _ in exp.rows()) + header_rows


def test_cli_text_json_and_errors():
    out, err = io.StringIO(), io.StringIO()
    code = cli_explain.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"),
                             "--sentence", "2"], out, err)
    assert code == 0 and "6 / 7 × 100 = 85.71 %" in out.getvalue()
    out = io.StringIO()
    assert cli_explain.main([str(DEMO / "sinica/gold.sinica"), str(DEMO / "sinica/system.sinica"),
                             "-n", "1", "--output", "json"], out, err) == 0
    data = json.loads(out.getvalue())
    assert data["profile"] == "sighan2012"
    assert {f["name"]: f["value"] for f in data["figures"]}["P"] == 80.0
    out = io.StringIO()
    assert cli_explain.main([str(DEMO / "sinica/gold.sinica"), str(DEMO / "sinica/system.sinica"),
                             "--summary"], out, err) == 0
    assert "macro_F1" in out.getvalue()
    err = io.StringIO()
    assert cli_explain.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"),
                             "--sentence", "99"], io.StringIO(), err) == 1
    assert "no sentence 99" in err.getvalue()
    err = io.StringIO()
    assert cli_explain.main(["/nonexistent/gold.mrg", str(DEMO / "ptb/system.mrg")],
                            io.StringIO(), err) == 1
    assert "gold.mrg" in err.getvalue()
    err = io.StringIO()
    assert cli_explain.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"),
                             "--option", "bogus=1"], io.StringIO(), err) == 2   # usage error
    assert "no option 'bogus'" in err.getvalue()


def test_same_span_partner_matched_elsewhere_keeps_its_own_row():
    """Gold VP and NP over the same words, system NP only: NP matches, VP is missing, and
    the system NP is shown once, next to the gold NP (not next to the VP)."""
    from tcompare.formats import read_text

    g = read_text("(TOP (S (VP (NP (DT the) (NN dog))) (VBD ran)))\n", "ptb")
    s = read_text("(TOP (S (NP (DT the) (NN dog)) (VBD ran)))\n", "ptb")
    profile = profiles.get("evalb")
    config = profile.prepare()
    result = score_pair(g, s, 0, profile, config)
    exp = explain(result, profile, g[0].item, s[0].item, config)
    rows = {r.gold_text: r for r in exp.steps[1].rows}
    assert rows["VP [0,2) “the dog”"].system is None
    assert rows["VP [0,2) “the dog”"].verdict is Verdict.MISSING
    assert rows["NP [0,2) “the dog”"].system_text == "NP [0,2) “the dog”"
    assert exp.formula("recall").text().startswith("recall = matched / gold brackets = 2 / 3")


def test_a_profile_explains_itself_through_its_hooks():
    """explain reads figure lines and reasons from the profile, never its name: a new profile
    (here an EVALB subclass under another name) is explained by what it declares."""
    from tcompare.scoring import figures as fig
    from tcompare.scoring.evalb.profile import EvalbProfile

    class Renamed(EvalbProfile):
        name = "my-evalb"
        figure_lines = (fig.ratio("recall", "matched / gold", ["matched_brackets"],
                                  ["gold_brackets"]),)

        def ignored_reason(self, item, config, tree):
            return "set aside by my-evalb"

    profile = Renamed()
    config = profile.prepare({})
    g = formats.read_text("(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat)) (. .)))\n", "ptb")
    s = formats.read_text("(TOP (S (NP (DT the)) (VP (NN cat) (VBD sat)) (. .)))\n", "ptb")
    result = score_pair(g, s, 0, profile, config)
    exp = explain(result, profile, g[0].item, s[0].item, config)
    assert [f.name for f in exp.formulas] == ["recall"]
    assert exp.formula("recall").text() == "recall = matched / gold = 1 / 3 × 100 = 33.33 %"
    reasons = {row.note for row in exp.steps[0].rows}
    assert reasons == {"set aside by my-evalb"}          # TOP and the punctuation word


def test_evalb_spmrl_is_explained_with_evalb_figures():
    profile = profiles.get("evalb_spmrl")
    config = profile.prepare({})
    g = formats.read_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", "ptb")
    s = formats.read_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", "ptb")
    result = score_pair(g, s, 0, profile, config)
    exp = explain(result, profile, g[0].item, s[0].item, config)
    assert [f.name for f in exp.formulas][:3] == ["recall", "precision", "fmeasure"]
    assert exp.formula("fmeasure").value == 100.0
