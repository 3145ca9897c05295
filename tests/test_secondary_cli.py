"""`tcompare score --secondary`: the profile's report unchanged, then leaf-ancestor, tree
edit distance and function tags (text and JSON); refusals are usage errors.  The figures of
the worked pair are disco-dop's (``discodop eval g s proper.prm --la --ted --fmt bracket``
prints leaf-ancestor 95.77, tree-dist 93.75, function tags 66.67)."""

from __future__ import annotations

import json

import pytest

from tcompare.entry import main

GOLD = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PP-LOC (IN on) (NP (DT the) (NN mat)))) (. .)))
(TOP (S (NP-SBJ (PRP It)) (VP (VBD ran)) (. .)))
"""
SYSTEM = """(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat)) (PP-LOC (IN on) (NP (DT the) (NN mat))) (. .)))
(TOP (S (NP-TMP (PRP It)) (VP (VBD ran)) (. .)))
"""


@pytest.fixture
def files(tmp_path):
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(GOLD, encoding="utf-8")
    system.write_text(SYSTEM, encoding="utf-8")
    return str(gold), str(system)


def test_text_report_then_secondary_block(files, capsys):
    assert main(["score", *files]) == 0
    plain = capsys.readouterr().out
    assert main(["score", *files, "--secondary", "la,ted,functions"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(plain)           # EVALB's report untouched
    block = text[len(plain):]
    assert "     1     1      6    91.53      2     22   90.91  100.00" in block
    assert "leaf-ancestor (mean of sentences)    95.77" in block
    assert "tree-dist (Dice micro avg)           93.75   (2 / 32)" in block
    assert "function tags P / R / F1            66.67   66.67   66.67   (2 matched, 3 gold, 3 system)" in block


def test_json_gets_a_secondary_key(files, capsys):
    assert main(["score", *files, "--output", "json", "--secondary=la,functions"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["profile"] == "evalb" and "sentences" in data
    sec = data["secondary"]
    assert sec["scores"] == ["la", "functions"]
    assert round(sec["summary"]["leaf_ancestor"], 2) == 95.77
    assert round(sec["summary"]["function_f1"], 2) == 66.67
    second = sec["sentences"][1]
    assert second["functions"]["gold_items"] == [
        {"label": "NP", "positions": [0], "function": "SBJ", "verdict": "missing"}]
    assert second["functions"]["system_items"][0]["verdict"] == "extra"
    assert "ted" not in second


def test_time_limit_marks_sentence_not_computed(files, capsys):
    # a limit of 1e-9 s runs out at the first keyroot of sentence 1; sentence 2's trees are
    # identical (distance 0 without a table): the corpus figure is sentence 2's alone
    assert main(["score", *files, "--secondary", "ted", "--ted-time-limit", "1e-9",
                 "--summary-only"]) == 0
    text = capsys.readouterr().out
    assert "tree-dist not computed (time limit 1e-09 s per sentence): 1 sentence(s), gold 1\n" in text
    assert "tree-dist (Dice micro avg)          100.00   (0 / 10)" in text
    assert main(["score", *files, "--secondary", "ted", "--ted-time-limit", "1e-9",
                 "--output", "json"]) == 0
    sec = json.loads(capsys.readouterr().out)["secondary"]
    assert sec["not_computed"] == {"ted_time_limit": [1], "leaf_ancestor_time_limit": []}
    assert sec["sentences"][0]["ted"] == {"status": "not computed", "reason": "time limit"}


@pytest.mark.parametrize("args, message", [
    (["--secondary", "la,depth"], "unknown secondary score depth"),
    (["--secondary", "la", "--output", "csv"], "--output text (rsl) or json"),
    (["--secondary", "la", "--ted-time-limit", "-1"], "--ted-time-limit must be"),
    (["-", "--secondary", "la"], "not '-'"),
])
def test_usage_errors(files, capsys, args, message):
    if args[0] == "-":
        files, args = (files[0], "-"), args[1:]
    assert main(["score", *files, *args]) == 2
    assert message in capsys.readouterr().err


def test_dependency_profile_refused(tmp_path, capsys):
    conll = tmp_path / "a.conllu"
    conll.write_text("1\tIt\tit\tPRON\tPRP\t_\t0\troot\t_\t_\n\n", encoding="utf-8")
    assert main(["score", str(conll), str(conll), "--secondary", "la"]) == 2
    assert "constituency" in capsys.readouterr().err
