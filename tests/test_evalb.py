"""evalb profile: each rule of anchors/evalb/NOTES.md on a tiny hand-written pair, verdicts
for the GUI, summaries, and .prm parsing.  Byte-identity with the C program on the anchor
files is in test_evalb_anchors.py."""

import io

import pytest

from tcompare import formats
from tcompare.cli import score_evalb
from tcompare.scoring import profiles
from tcompare.scoring.base import Status, Verdict
from tcompare.scoring.evalb.profile import PROFILE, EvalbConfig
from tcompare.scoring.evalb.prm import EvalbParams, atoi, parse_prm
from tcompare.scoring.items import count_matches, crosses, crossing_flags, match_brackets

COLLINS = PROFILE.prepare()


def tree(text):
    record = formats.read_text(text + "\n", "ptb")[0]
    assert record.error is None, record.error
    return record.item


def score(gold, test, config=COLLINS):
    return PROFILE.score(tree(gold), tree(test), config, 1)


def counts(result):
    c = result.counts
    return (c["gold_brackets"], c["test_brackets"], c["matched_brackets"], c["crossing"],
            c["words"], c["correct_tags"])


def prm(text):
    params, warnings = parse_prm(text)
    assert not warnings
    return EvalbConfig.from_params(params)


CAT = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))"


# -- reading and deletion -------------------------------------------------------------------

def test_top_deleted_punctuation_deleted_words_counted():
    r = score(CAT, CAT)
    assert counts(r) == (3, 3, 3, 0, 3, 3)
    assert r.counts["length"] == 4          # punctuation counts for the length


def test_empty_root_label_is_a_counted_bracket():
    r = score("( (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))", CAT)
    assert counts(r)[:3] == (4, 3, 3)       # "( (S" adds an unmatched gold bracket


def test_root_is_counted_only_top_deleted():
    text = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))"
    assert counts(score(text, text))[:3] == (4, 4, 4)
    s1 = "(S1 (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))"
    new = PROFILE.prepare({"prm": str(PROFILE_RESOURCES / "new.prm")})
    assert counts(score(s1, s1, new))[:3] == (3, 3, 3)


def test_trace_and_constituent_over_only_traces_removed_length_excludes_traces():
    gold = "(TOP (S (NP-SBJ-1 (DT The) (NN cat)) (VP (VBD sat) (NP (-NONE- *-1))) (. .)))"
    r = score(gold, CAT)
    assert counts(r) == (3, 3, 3, 0, 3, 3)
    assert r.counts["length"] == 4
    ignored = [i for i in r.gold_items if i.verdict is Verdict.IGNORED and i.kind == "bracket"]
    assert [i.ref for i in ignored] == [0, 4]   # TOP and the NP over the trace


def test_function_tags_and_gap_indices_stripped():
    assert counts(score(CAT.replace("(NP", "(NP-SBJ-1"), CAT))[2] == 3
    assert counts(score(CAT.replace("(NP", "(NP=2"), CAT))[2] == 3


def test_pos_tags_never_cut():
    r = score(CAT.replace("(DT The)", "(DT-X The)"), CAT)
    assert counts(r)[5] == 2


def test_eq_label_for_brackets_and_tags():
    gold = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PRT (RP down))) (. .)))"
    test = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (RB down))) (. .)))"
    assert counts(score(gold, test)) == (4, 4, 4, 0, 4, 3)
    eq_tags = prm("EQ_LABEL RP RB\nDELETE_LABEL TOP\n")
    assert counts(score(gold, test, eq_tags))[2:] == (3, 0, 5, 5)   # "." kept here


def test_delete_label_uses_eq_label():
    config = prm("DELETE_LABEL TOP\nDELETE_LABEL PRT\nEQ_LABEL ADVP PRT\n")
    test = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (RB down)))))"
    assert counts(score(test, test, config))[:2] == (3, 3)


def test_eq_word():
    config = prm("EQ_WORD This this\n")
    r = score("(S (DT This) (VBZ is))", "(S (DT this) (VBZ is))", config)
    assert r.status is Status.VALID and counts(r)[2] == 1


# -- status ---------------------------------------------------------------------------------

def test_skip_empty_test_and_failed_parse():
    for test in ("", "(TOP ())"):
        r = score(CAT, test)
        assert r.status is Status.SKIP and r.data["length"] == 4


def test_length_and_words_unmatch_are_errors_with_evalb_messages():
    r = score(CAT, "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (NN ,) (. .)))")
    assert r.status is Status.ERROR and r.data["evalb_messages"] == ["Length unmatch (3|4)\n"]
    r = score(CAT, CAT.replace("cat", "dog"))
    assert r.status is Status.ERROR and r.data["evalb_messages"] == ["Words unmatch (cat|dog)\n"]


def test_quote_label_repairs_a_deleted_quote():
    gold = "(TOP (S (NP (NP (DT the) (NNS investors) (POS ')) (NN money)) (VP (VBD grew)) (. .)))"
    test = gold.replace("(POS ')", "('' ')")
    assert score(gold, test).status is Status.ERROR                  # COLLINS.prm
    new = PROFILE.prepare({"prm": str(PROFILE_RESOURCES / "new.prm")})
    r = score(gold, test, new)
    assert r.status is Status.VALID and counts(r) == (4, 4, 4, 0, 5, 4)
    wrong = [i for i in r.system_items if i.kind == "tag" and i.verdict is Verdict.WRONG_POS]
    assert [(i.ref, i.label) for i in wrong] == [(2, "''")]


# -- matching and crossing --------------------------------------------------------------------

def test_duplicate_brackets_multiset():
    gold = "(TOP (S (NP (NP (DT The) (NN cat))) (VP (VBD sat)) (. .)))"
    test = "(TOP (S (NP (NP (NP (DT The) (NN cat)))) (VP (VBD sat)) (. .)))"
    r = score(gold, test)
    assert counts(r)[:3] == (4, 5, 4)
    extra = [i for i in r.system_items if i.verdict is Verdict.EXTRA]
    assert [i.ref for i in extra] == [4]     # the innermost copy is the one left over


def test_crossing_counted_over_test_brackets():
    gold = "(TOP (S (NP (DT A) (JJ big) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))"
    test = "(TOP (S (NP (DT A) (JJ big)) (VP (NN cat) (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))"
    r = score(gold, test)
    assert counts(r)[:4] == (5, 5, 3, 1)
    crossing = [i for i in r.system_items if i.verdict is Verdict.CROSSING]
    assert [(i.label, i.start, i.end) for i in crossing] == [("VP", 2, 7)]
    assert any(i.crossing for i in r.gold_items if i.kind == "bracket")


def test_unlabeled():
    config = prm("LABELED 0\nDELETE_LABEL TOP\n")
    r = score(CAT, CAT.replace("(S ", "(FRAG "), config)
    assert counts(r)[2] == 3


def test_verdicts_carry_node_ids_and_partners():
    gold = "(TOP (S (NP (PRP She)) (VP (VBD looked) (ADJP (RB very) (JJ happy))) (. .)))"
    test = "(TOP (S (NP (PRP She)) (VP (VBD looked) (ADVP (RB very) (JJ happy))) (. .)))"
    r = score(gold, test)
    by_ref = {i.ref: i for i in r.gold_items if i.kind == "bracket"}
    assert by_ref[0].verdict is Verdict.IGNORED
    assert by_ref[1].verdict is Verdict.MATCH and by_ref[1].partner == 1
    assert by_ref[4].verdict is Verdict.LABEL_ONLY and by_ref[4].partner == 4
    sys_items = {i.ref: i for i in r.system_items if i.kind == "bracket"}
    assert sys_items[4].verdict is Verdict.LABEL_ONLY and sys_items[4].label == "ADVP"
    tags = [i for i in r.gold_items if i.kind == "tag"]
    assert [i.verdict for i in tags].count(Verdict.IGNORED) == 1     # the final "."
    assert r.scores["recall"] == pytest.approx(75.0)


def test_missing_and_wrong_pos_on_demo_pair():
    from conftest import RESOURCES

    gold = formats.read_file(RESOURCES / "demo" / "ptb" / "gold.mrg")
    system = formats.read_file(RESOURCES / "demo" / "ptb" / "system.mrg")
    results = [PROFILE.score(g.item, s.item, COLLINS, i + 1) for i, (g, s) in enumerate(zip(gold, system))]
    verdicts = [{(i.kind, i.verdict) for i in r.gold_items + r.system_items} for r in results]
    assert ("bracket", Verdict.CROSSING) in verdicts[1]
    assert ("bracket", Verdict.LABEL_ONLY) in verdicts[2]
    assert ("bracket", Verdict.MISSING) in verdicts[3]
    assert ("bracket", Verdict.EXTRA) in verdicts[5]
    assert ("tag", Verdict.WRONG_POS) in verdicts[7]
    summary = PROFILE.aggregate(results, COLLINS)
    assert summary.metrics["matched_brackets"] == 42 and summary.metrics["gold_brackets"] == 45
    assert summary.metrics["fmeasure"] == pytest.approx(93.333333, abs=1e-4)


def test_no_200_word_limit():
    words = " ".join(f"(NN w{i})" for i in range(250))
    text = f"(TOP (S (NP {words}) (VP (VB go))))"
    r = score(text, text)
    assert r.status is Status.VALID and counts(r) == (3, 3, 3, 0, 251, 251)


# -- summaries --------------------------------------------------------------------------------

def test_aggregate_keys_groups_and_cutoff_is_inclusive():
    config = prm("DELETE_LABEL TOP\nCUTOFF_LEN 3\nDELETE_LABEL .\n")
    short = "(TOP (S (NP (DT A) (NN b)) (VP (VB c)) (. .)))"     # length 4
    shorter = "(TOP (S (NP (DT A)) (VP (VB c)) (. .)))"           # length 3
    results = [PROFILE.score(tree(short), tree(short), config, 1),
               PROFILE.score(tree(shorter), tree(shorter), config, 2),
               PROFILE.score(tree(short), tree(""), config, 3)]
    summary = PROFILE.aggregate(results, config)
    for key in ("recall", "precision", "fmeasure", "complete_match", "average_crossing",
                "no_crossing", "two_or_less_crossing", "tagging_accuracy"):
        assert key in summary.metrics
    assert summary.metrics["sentences"] == 3 and summary.metrics["skip_sentences"] == 1
    assert set(summary.groups) == {"all", "len<=3"}
    assert summary.groups["len<=3"]["sentences"] == 1


def test_fmeasure_nan_and_totals_line_without_brackets():
    config = prm("DELETE_LABEL TOP\n")
    r = PROFILE.score(tree("(TOP (NN a))"), tree("(TOP (NN a))"), config, 1)
    text = PROFILE.render_text([r], None, config)
    assert "Bracketing FMeasure       =   -nan\n" in text
    assert "======\n      1     1   100.00\n=== Summary" in text
    assert PROFILE.aggregate([r], config).metrics["fmeasure"] is None


def test_running_total_follows_a_replaced_row():
    from tcompare.scoring.rows import ResultRows
    from tcompare.workspace.running import RunningTotal

    a, b = score(CAT, CAT), score(CAT, CAT.replace("(S ", "(FRAG "))
    rows = ResultRows()
    rows.extend([a, a])
    running = RunningTotal(PROFILE, COLLINS, rows, lambda: len(rows))
    assert running.summary().metrics["recall"] == pytest.approx(100.0)
    rows[1] = b
    assert running.summary().counts["matched_brackets"] == 5
    assert running.summary().metrics["recall"] == pytest.approx(500 / 6)


def test_registry_lists_evalb():
    assert profiles.get("evalb") is PROFILE
    assert "evalb" in [p.name for p in profiles.for_notation("ptb")]


# -- shared bracket helpers ------------------------------------------------------------------

def test_items_helpers():
    gold = [("NP", 0, 2), ("NP", 0, 2), None, ("VP", 2, 3)]
    system = [("NP", 0, 2), ("NP", 0, 2), ("NP", 0, 2), ("PP", 2, 3)]
    gp, sp = match_brackets(gold, system)
    assert gp == [0, 1, -1, -1] and sp == [0, 1, -1, -1]
    assert count_matches([b for b in gold if b], system) == 2
    assert match_brackets(gold, system, labeled=False)[0] == [0, 1, -1, 3]
    assert crosses(0, 3, 2, 5) and not crosses(0, 3, 3, 5) and not crosses(0, 5, 1, 2)
    assert crossing_flags([(0, 3), (2, 5), None], [(2, 5), (0, 2)]) == [True, False, False]


# -- .prm parsing ----------------------------------------------------------------------------

def test_prm_parsing_rules():
    text = ("# comment\nX\nDEBUG 0\nMAX_ERROR  7  \nCUTOFF_LEN 30\nLABELED 0\n"
            "DELETE_LABEL TOP\nDELETE_LABEL_FOR_LENGTH -NONE-\nQUOTE_LABEL POS\n"
            "EQ_LABEL ADVP PRT\nEQ_LABEL A\nEQ_WORD a b\nFOO 1\nLABELED\n")
    params, warnings = parse_prm(text)
    assert (params.max_error, params.cutoff_len, params.labeled) == (7, 30, 0)
    assert params.delete_labels == ["TOP"] and params.delete_labels_for_length == ["-NONE-"]
    assert params.quote_labels == ["POS"] and params.eq_labels == [("ADVP", "PRT")]
    assert params.eq_words == [("a", "b")]
    assert warnings == ["EQ_LABEL requires two values\n", "Unknown keyword (FOO 1) in parameter file\n",
                        "Empty value in parameter file (14)\n"]
    assert atoi(" 12abc") == 12 and atoi("x") == 0


def test_default_is_collins():
    params = COLLINS.params
    assert params.delete_labels == ["TOP", "-NONE-", ",", ":", "``", "''", "."]
    assert params.eq_labels == [("ADVP", "PRT")] and params.max_error == 10
    assert isinstance(EvalbParams(), EvalbParams)


# -- CLI ---------------------------------------------------------------------------------------

@pytest.fixture(params=["compiled", "python"])
def scorer(request, monkeypatch):
    from tcompare import compiled

    if request.param == "python":
        monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
        if compiled.evalb_kernel() is None:
            pytest.skip("compiled kernel not built")
    return request.param


def run_cli(tmp_path, gold_lines, test_lines, *args):
    g, t = tmp_path / "g.txt", tmp_path / "t.txt"
    g.write_text("".join(x + "\n" for x in gold_lines))
    t.write_text("".join(x + "\n" for x in test_lines))
    out, err = io.BytesIO(), io.BytesIO()
    code = score_evalb.main([*args, str(g), str(t)], "evalb", out, err)
    return code, out.getvalue().decode(), err.getvalue().decode()


def test_cli_error_limit_and_option_order(tmp_path, scorer):
    gold, test = [CAT] * 6, [CAT.replace("cat", "dog")] * 6
    code, out, err = run_cli(tmp_path, gold, test, "-e", "2")
    assert code == 1 and err.count("Words unmatch") == 4        # no -p: COLLINS, then -e 2
    prm_file = tmp_path / "p.prm"
    prm_file.write_text("MAX_ERROR 100\n")
    code, out, err = run_cli(tmp_path, gold, test, "-e", "2", "-p", str(prm_file))
    assert code == 0                                              # the file's MAX_ERROR wins
    code, out, err = run_cli(tmp_path, gold, test, "-p", str(prm_file), "-e", "2")
    assert code == 1 and err.count("Words unmatch") == 4         # 4th error: 3 > 2 -> exit
    assert "=== Summary" not in out and out.count("\n") == 3 + 3


def test_cli_missing_files_and_prm(tmp_path):
    out, err = io.BytesIO(), io.BytesIO()
    assert score_evalb.main(["-p", str(tmp_path / "no.prm"), "a", "b"], "evalb", out, err) == 1
    assert err.getvalue().startswith(b"Can't open parameter file (")
    err = io.BytesIO()
    assert score_evalb.main([str(tmp_path / "nope"), "b"], "evalb", out, err) == 1
    assert b"Can't open gold file" in err.getvalue()
    assert score_evalb.main(["only-one"], "evalb", out, io.BytesIO()) == 2


def test_cli_malformed_line_is_an_error_row(tmp_path, scorer):
    code, out, err = run_cli(tmp_path, [CAT, CAT], ["(TOP (S (NN a) b))", CAT])
    assert code == 0 and "1 : Reading sentence" in err
    assert out.splitlines()[3].split()[2] == "1"


def test_cli_json_output(tmp_path):
    import json

    code, out, err = run_cli(tmp_path, [CAT, CAT], [CAT, ""], "--output", "json")
    data = json.loads(out)
    assert code == 0 and data["profile"] == "evalb"
    assert data["summary"]["recall"] == 100.0 and data["groups"]["len<=40"]["sentences"] == 2
    assert [s["status"] for s in data["sentences"]] == ["valid", "skip"]
    assert data["sentences"][0]["gold_items"][1]["verdict"] == "match"
    assert data["options"]["prm"]["DELETE_LABEL"][0] == "TOP"


def test_cli_summary_only(tmp_path, scorer):
    code, out, err = run_cli(tmp_path, [CAT], [CAT], "--summary-only")
    assert code == 0 and "   1    4    0" not in out and "=== Summary ===" in out


from conftest import RESOURCES as PROFILE_RESOURCES_ROOT  # noqa: E402

PROFILE_RESOURCES = PROFILE_RESOURCES_ROOT / "prm"


def test_cli_multiline_mrg_pairs_trees(tmp_path):
    gold = "( (S\n    (NP (DT The) (NN cat))\n    (VP (VBD sat))\n    (. .)))\n\n( (S (NP (NN Dogs)) (VP (VBP bark))))\n"
    test = ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))\n"
            "(TOP (S (NP (NN Dogs)) (VP (VBP bark))))\n")
    (tmp_path / "g.mrg").write_text(gold)
    (tmp_path / "t.tst").write_text(test)
    out, err = io.BytesIO(), io.BytesIO()
    code = score_evalb.main([str(tmp_path / "g.mrg"), str(tmp_path / "t.tst")], "evalb", out, err)
    rows = out.getvalue().decode().splitlines()[3:5]
    assert code == 0 and err.getvalue() == b""
    assert [r.split()[:3] for r in rows] == [["1", "4", "0"], ["2", "2", "0"]]
    assert [r.split()[5:8] for r in rows] == [["3", "4", "3"], ["3", "4", "3"]]


def test_cli_scores_ccg_auto_files_by_derivation_not_by_line(capsys):
    """CCGbank AUTO has a header line per derivation: EVALB's line pairing must not apply."""
    from tcompare.entry import main
    from tcompare.paths import resource

    gold, system = resource("demo", "ccg", "gold.auto"), resource("demo", "ccg", "system.auto")
    code = main(["score", str(gold), str(system)])
    captured = capsys.readouterr()
    assert code == 0
    assert "Reading sentence" not in captured.err
    assert "Number of Valid sentence  =      3" in captured.out
