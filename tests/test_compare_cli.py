"""`tcompare compare GOLD SYS_A SYS_B`: both systems scored with one profile, then shuffled."""

import io
import json

import pytest

from conftest import RESOURCES, anchor
from tcompare.cli import compare
from tcompare.entry import main

DEMO = RESOURCES / "demo" / "conll"


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = compare.main(argv, out, err)
    return code, out.getvalue(), err.getvalue()


def test_anchor_system_against_gold_itself_is_significant():
    gold, system = anchor("conllx", "gold.conll"), anchor("conllx", "system.conll")
    code, out, err = _run([str(gold), str(system), str(gold), "--shuffles", "500", "--seed", "1",
                           "--output", "json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["profile"] == "conllx" and data["shuffles"] == 500 and data["seed"] == 1
    las = data["metrics"]["LAS"]
    assert round(las["a"], 2) == 72.69 and las["b"] == 100.0
    assert las["p_value"] == 1 / 501
    assert data["differing_sentences"] == 176


def test_identical_systems_text_output():
    code, out, _ = _run([str(DEMO / "demo.gold.conll"), str(DEMO / "demo.system.conll"),
                         str(DEMO / "demo.system.conll"), "--shuffles", "100", "--seed", "9"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Profile conllx")
    las = next(line for line in lines if line.strip().startswith("LAS"))
    assert las.split() == ["LAS", "66.67", "66.67", "+0.00", "1.0000"]


def test_profile_options_are_passed_on():
    code, out, _ = _run([str(DEMO / "demo.gold.conll"), str(DEMO / "demo.system.conll"),
                         str(DEMO / "demo.gold.conll"), "--score-punct", "--shuffles", "50",
                         "--seed", "0", "--output", "json"])
    data = json.loads(out)
    assert data["options"] == {"score_punct": True}
    assert round(data["metrics"]["LAS"]["a"], 2) == round(100 * 14 / 21, 2)


def test_conllu_profile_and_dispatch_from_the_top_level():
    code = main(["compare", str(DEMO / "demo.gold.conllu"), str(DEMO / "demo.system.conllu"),
                 str(DEMO / "demo.gold.conllu"), "--shuffles", "20", "--seed", "1"])
    assert code == 0


def test_errors():
    with pytest.raises(SystemExit) as exc:      # argparse: too few files
        _run(["a", "b"])
    assert exc.value.code == 2
    code, _, err = _run([str(DEMO / "missing.conll"), str(DEMO / "demo.system.conll"),
                         str(DEMO / "demo.system.conll"), "--profile", "conllx"])
    assert code == 1 and "missing.conll" in err
    code, _, err = _run([str(DEMO / "demo.gold.conll")] * 3 + ["--profile", "nosuch"])
    assert code == 2 and "unknown profile" in err


def test_generic_over_profiles_evalb():
    gold, test = anchor("evalb", "sample.gld"), anchor("evalb", "sample.tst")
    prm = anchor("evalb", "sample.prm")
    code, out, err = _run([str(gold), str(test), str(gold), "--profile", "evalb", "--prm", str(prm),
                           "--shuffles", "300", "--seed", "4", "--output", "json"])
    assert code == 0, err
    data = json.loads(out)
    assert data["profile"] == "evalb"
    f = data["metrics"]["fmeasure"]
    assert f["b"] == 100.0 and f["a"] < 100.0 and f["p_value"] < 0.01
