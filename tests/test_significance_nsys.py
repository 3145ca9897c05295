"""`tcompare.analysis.significance`: N systems, exact enumeration by hand, Holm, bootstrap,
and `tcompare compare` with three systems."""

import io
import json
import time

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.analysis import significance as sig
from tcompare.cli import compare
from tcompare.scoring import profiles
from tcompare.scoring.pairing import pair_records

DEMO_PTB = RESOURCES / "demo" / "ptb"

# -- hand-made count vectors -------------------------------------------------------------------


def _accuracy(sums):
    return {"acc": 100.0 * sums["c"] / sums["t"] if sums.get("t") else None}


def test_exact_enumeration_equals_hand_computation():
    # A: 2/4, 3/3, 1/2 correct; B: 1/4, 1/3, 1/2 (sentence 3 the same).  A = 6/9, B = 3/9.
    # Swapping sentence 1 and/or 2: none -> |6-3|/9, s1 -> |5-4|/9, s2 -> |4-5|/9,
    # both -> |3-6|/9: 2 of the 4 patterns reach 3/9, so p = 2/4.
    a = [{"c": 2, "t": 4}, {"c": 3, "t": 3}, {"c": 1, "t": 2}]
    b = [{"c": 1, "t": 4}, {"c": 1, "t": 3}, {"c": 1, "t": 2}]
    exact = sig.exact_randomization(a, b, _accuracy)["acc"]
    assert exact.a == pytest.approx(100 * 6 / 9) and exact.b == pytest.approx(100 * 3 / 9)
    assert (exact.extreme, exact.trials, exact.p_value) == (2, 4, 0.5)
    # the random version converges on it: p = (c + 1) / (n + 1) with c ~ n / 2
    approx = sig.approximate_randomization(a, b, _accuracy, trials=4000, seed=3)["acc"]
    assert approx.p_value == pytest.approx(0.5, abs=0.03)


def test_identical_systems_give_p_one_and_no_difference():
    a = [{"c": i % 3, "t": 3} for i in range(30)]
    test = sig.approximate_randomization(a, [dict(v) for v in a], _accuracy, trials=200, seed=1)
    assert test["acc"].p_value == 1.0 and test["acc"].diff == 0.0


def test_mismatched_lengths_are_refused():
    with pytest.raises(ValueError, match="3 and 2 sentences"):
        sig.approximate_randomization([{"c": 1}] * 3, [{"c": 1}] * 2, _accuracy)


def test_holm_on_known_p_values():
    # sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005, 3*0.01, 2*0.03, max(0.06, 1*0.04)
    assert sig.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert sig.holm([0.5, 0.6]) == [1.0, 1.0]                      # capped at 1
    assert sig.holm([0.02, None, 0.04]) == [0.04, None, 0.04]      # None: not in the family
    assert sig.holm([]) == []


# -- a real profile: SIGHAN-2012 macro figures shuffle whole sentences --------------------------

GOLD = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|GP(NP(Na:報紙)|Ng:上)))"
# the paper's test vector: P = 4/5, R = 4/6
SPEC = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|NP(Na:報紙|Ng:上)))"
# the GP and NP(報紙) dropped: P = 4/4, R = 4/6
FLAT = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|Na:報紙|Ng:上))"


def _sighan(tmp_path, systems):
    gold_path = tmp_path / "gold.sinica"
    gold_path.write_text("\n".join([GOLD] * 3) + "\n", encoding="utf-8")
    profile = profiles.get("sighan2012")
    config = profile.prepare({})
    gold = formats.read_file(str(gold_path))
    results = {}
    for name, lines in systems.items():
        path = tmp_path / f"{name}.sinica"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        results[name] = pair_records(gold, formats.read_file(str(path)), profile, config)
    return profile, config, results


def test_macro_figures_by_exact_sentence_enumeration(tmp_path):
    profile, config, results = _sighan(tmp_path, {"A": [GOLD, GOLD, FLAT], "B": [SPEC, SPEC, GOLD]})
    model = sig.count_model(profile, config, list(results.values()))
    assert {"macro_P", "macro_R"} <= set(model.mean) and "macro_F1" in model.harmonic
    assert {"micro_P", "micro_R", "micro_F1"} <= set(model.micro) and not model.untested
    a, b = (sig.per_sentence_counts(model, results[n]) for n in "AB")
    test = sig.exact_randomization(a, b, model.metric)
    # per-sentence P: A 100, 100, 100; B 80, 80, 100 -> macro 100 vs 86.67.  Swapping s1
    # or s2 alone gives 0 difference, both gives -13.33, s3 never matters: 4 of 8 -> p = 0.5
    assert test["macro_P"].a == pytest.approx(100.0)
    assert test["macro_P"].b == pytest.approx(260 / 3)
    assert (test["macro_P"].extreme, test["macro_P"].p_value) == (4, 0.5)
    # per-sentence R: A 100, 100, 66.67; B 66.67, 66.67, 100: the differences +1/3, +1/3,
    # -1/3 (of 100) are all equal in size, so every pattern is as extreme: p = 1
    assert test["macro_R"].p_value == 1.0
    # and the figures are the profile's own
    for name in ("A", "B"):
        truth = profile.aggregate(results[name], config).metrics
        got = model.metric(sig._sum_dicts(sig.per_sentence_counts(model, results[name])))
        for f in ("macro_P", "macro_R", "macro_F1", "micro_F1"):
            assert got[f] == pytest.approx(truth[f])


# -- the matrix --------------------------------------------------------------------------------

TREE = "(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat))))"
HALF = "(S (DT the) (NN dog) (VP (VBD saw) (DT a) (NN cat)))"       # NP, NP dropped: 2 of 4


def _ptb(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_matrix_symmetric_diagonal_one_large_difference_significant(tmp_path):
    n = 40
    gold = _ptb(tmp_path, "gold.mrg", [TREE] * n)
    systems = {"copy": gold, "half": _ptb(tmp_path, "half.mrg", [HALF] * n),
               "mixed": _ptb(tmp_path, "mixed.mrg", [TREE if i % 2 else HALF for i in range(n)])}
    profile = profiles.get("evalb")
    config = profile.prepare({})
    g = formats.read_file(gold)
    results = {k: pair_records(g, formats.read_file(v), profile, config) for k, v in systems.items()}
    model = sig.count_model(profile, config, list(results.values()), ["fmeasure", "complete_match"])
    vectors = {k: sig.per_sentence_counts(model, r) for k, r in results.items()}
    matrices = sig.pairwise_matrix(vectors, model.metric, trials=2000, seed=7)
    f1 = matrices["fmeasure"]
    assert f1.values[0] == 100.0 and f1.values[1] == pytest.approx(100 * 2 * 0.5 / 1.5)
    for m in matrices.values():
        for i in range(3):
            assert m.p[i][i] == 1.0 and m.p_holm[i][i] == 1.0
            for j in range(3):
                assert m.p[i][j] == m.p[j][i] and m.p_holm[i][j] == m.p_holm[j][i]
                assert m.p_holm[i][j] >= m.p[i][j]
    assert f1.p[0][1] < 0.01 and f1.p[0][1] == 1 / 2001
    assert f1.p_holm[0][1] == pytest.approx(3 / 2001)      # the smallest of 3: times 3
    assert f1.diff[0][1] == pytest.approx(-f1.diff[1][0])
    cm = matrices["complete_match"]                        # a per-sentence mean
    assert cm.values == [100.0, 0.0, 50.0] and cm.p[0][1] < 0.01
    again = sig.pairwise_matrix(vectors, model.metric, trials=2000, seed=7)
    assert again["fmeasure"].p == f1.p


def test_matrix_refuses_systems_of_different_lengths():
    with pytest.raises(ValueError, match="short has 1 sentences"):
        sig.pairwise_matrix({"long": [{"c": 1}] * 2, "short": [{"c": 1}]}, _accuracy)


# -- bootstrap ---------------------------------------------------------------------------------


def test_bootstrap_interval_contains_the_estimate_and_is_seeded():
    vectors = [{"c": (i * 7) % 5, "t": 4} for i in range(200)]
    ci = sig.bootstrap_ci(vectors, _accuracy, level=0.95, trials=500, seed=11)["acc"]
    assert ci.value == pytest.approx(100 * sum(v["c"] for v in vectors) / 800)
    assert ci.low < ci.value < ci.high and ci.high - ci.low < 20
    assert sig.bootstrap_ci(vectors, _accuracy, 0.95, 500, seed=11)["acc"] == ci
    assert sig.bootstrap_ci(vectors, _accuracy, 0.95, 500, seed=12)["acc"] != ci
    wider = sig.bootstrap_ci(vectors, _accuracy, 0.99, 500, seed=11)["acc"]
    assert wider.low <= ci.low and wider.high >= ci.high
    with pytest.raises(ValueError):
        sig.bootstrap_ci(vectors, _accuracy, level=1.5)


# -- the command -------------------------------------------------------------------------------


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = compare.main(argv, out, err)
    return code, out.getvalue(), err.getvalue()


def test_compare_three_systems_json():
    gold, system = anchor("conllx", "gold.conll"), anchor("conllx", "system.conll")
    code, out, err = _run([str(gold), str(system), str(gold), str(system), "--shuffles", "300",
                           "--seed", "2", "--ci-trials", "200", "--output", "json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["systems"] == [str(system), str(gold), f"{system}#2"]
    las = data["matrix"]["LAS"]
    assert las["p"][0][1] == las["p"][1][0] == 1 / 301
    assert las["p"][0][2] == 1.0 and las["diff"][0][2] == 0.0     # the same file twice
    # Holm: sorted 1/301, 1/301, 1 -> 3/301, max(3/301, 2/301), 1
    assert las["p_holm"][0][1] == las["p_holm"][1][2] == pytest.approx(3 / 301)
    assert las["p_holm"][0][2] == 1.0
    assert round(data["values"][str(system)]["LAS"], 2) == 72.69
    ci = data["intervals"][str(system)]["LAS"]
    assert ci["low"] < ci["value"] < ci["high"] and data["ci"]["level"] == 0.95
    assert [p["differing_sentences"] for p in data["pairs"]] == [176, 0, 176]


def test_compare_three_systems_text_and_csv():
    demo = RESOURCES / "demo" / "conll"
    files = [str(demo / "demo.gold.conll"), str(demo / "demo.system.conll"),
             str(demo / "demo.gold.conll"), str(demo / "demo.system.conll")]
    code, out, _ = _run(files + ["--shuffles", "50", "--seed", "1", "--ci-trials", "50"])
    assert code == 0
    assert "Holm-adjusted over the 3 pairs" in out and "LAS: Holm-adjusted p" in out
    row = next(line for line in out.splitlines() if line.split()[:2] == ["LAS", "1-3"])
    assert row.split()[2:6] == ["66.67", "66.67", "+0.00", "1.0000"]
    code, out, _ = _run(files + ["--shuffles", "50", "--seed", "1", "--ci", "0", "--output", "csv"])
    lines = out.splitlines()
    assert lines[0].startswith("row,figure,system_a,system_b")
    assert sum(1 for line in lines if line.startswith("pair,LAS,")) == 3
    assert "confidence" not in out


def test_compare_macro_figures_are_tested(tmp_path):
    gold = RESOURCES / "demo" / "sinica" / "gold.sinica"
    system = RESOURCES / "demo" / "sinica" / "system.sinica"
    code, out, err = _run([str(gold), str(system), str(gold), "--profile", "sighan2012",
                           "--shuffles", "100", "--seed", "1", "--output", "json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["untested"] == [] and "macro_F1" in data["metrics"]
    assert data["metrics"]["macro_F1"]["b"] == 100.0


def test_compare_refuses_a_system_with_other_sentence_count(tmp_path):
    gold = _ptb(tmp_path, "gold.mrg", [TREE] * 3)
    short = _ptb(tmp_path, "short.mrg", [TREE] * 2)
    code, out, err = _run([gold, gold, short, "--shuffles", "10"])
    assert code == 1 and out == ""
    assert f"{short} has 2 sentences, {gold} has 3" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as exc:
        _run([gold, gold])
    assert exc.value.code == 2


@pytest.mark.slow
def test_wsj23_three_systems_in_seconds():
    gold = anchor("evalb", "real/wsj23_berkeley/23.gold")
    systems = [anchor("evalb", f"real/wsj23_berkeley/23.{n}") for n in ("sys_berkeley", "sys_berkeley_top")]
    start = time.perf_counter()
    code, out, err = _run([str(gold), *map(str, systems), str(gold), "--seed", "1", "--output", "json"])
    elapsed = time.perf_counter() - start
    assert code == 0, err
    data = json.loads(out)
    assert round(data["values"][str(systems[1])]["fmeasure"], 2) == 90.05
    assert data["matrix"]["fmeasure"]["p"][0][1] < 0.01
    assert elapsed < 60


def test_compare_phenomena_means_tested_and_a_mean_of_means_left_out(capfdbinary):
    from tcompare.cli import main

    gold, system = DEMO_PTB / "gold.mrg", DEMO_PTB / "system.mrg"
    code, out, err = _run([str(gold), str(system), str(gold), "--profile", "phenomena",
                           "--shuffles", "100", "--seed", "1", "--ci", "0", "--output", "json"])
    assert code == 0, err
    data = json.loads(out)
    assert main(["score", "--profile", "phenomena", str(gold), str(system), "--output", "json"]) == 0
    scored = json.loads(capfdbinary.readouterr().out)["summary"]
    assert data["untested"] == []
    for figure in ("precision", "recall"):         # per-sentence means (spec/metrics.md 6)
        assert data["metrics"][figure]["a"] == pytest.approx(scored[figure])
        assert data["metrics"][figure]["b"] == 100.0
    # weighting by phenomenon is a mean of per-phenomenon means: no per-sentence sum gives it
    code, out, _ = _run([str(gold), str(system), str(gold), "--profile", "phenomena",
                         "--weighting", "phenomenon", "--shuffles", "10", "--ci", "0",
                         "--output", "json"])
    assert code == 0 and json.loads(out)["untested"] == ["precision", "recall"]
