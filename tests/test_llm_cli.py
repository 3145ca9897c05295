"""`tcompare score|table|report ... --llm`: both policies printed, each number beside its
policy's name (issue 31 item 3; docs/llm-output.md)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tcompare.cli import report as report_cli
from tcompare.cli import score as score_cli
from tcompare.cli import table as table_cli

GOLD = ("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n"
        "(S (NP (PRP it)) (VP (VBD ran) (ADVP (RB fast))))\n")
ANSWERS = ("Sure, here are the parses.\n```\n(S (NP (DT the)) (VP (NN cat) (VBD sat)))\n```\n"
           "And the second:\n(S (NP (PRP it)) (VP (VBD runs) (ADVP (RB fast)))\n")


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    gold, answers = tmp_path / "gold.mrg", tmp_path / "gpt.txt"
    gold.write_text(GOLD)
    answers.write_text(ANSWERS)
    return str(gold), str(answers)


def run(main, argv):
    out, err = io.StringIO(), io.StringIO()
    import contextlib
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_score_text_names_the_policy_on_every_figure_row(files):
    gold, answers = files
    code, out, err = run(score_cli.main, [gold, answers, "--llm"])
    assert code == 0, err
    lines = out.splitlines()
    assert "validity      valid 1  invalid 1 (empty 0, unparsable 0, unbalanced 1, several roots 0, " \
           "cycle 0, bad head 0)  no answer 0" in lines
    assert "faithfulness  faithful 1  unfaithful 1 (words added 0 in 0, dropped 0 in 0, changed 1 " \
           "in 1, reordered 0 in 0)" in lines
    strict = next(ln for ln in lines if ln.startswith("strict "))
    repaired = next(ln for ln in lines if ln.startswith("repaired "))
    # fmeasure recall precision ...: strict 20 / 14.29 / 33.33; repaired 5 of 7 everywhere
    assert strict.split()[1:4] == ["20.00", "14.29", "33.33"]
    assert repaired.split()[1:4] == ["71.43", "71.43", "71.43"]
    assert "word written back: word 2 'runs' -> 'ran'" in out
    assert "brackets balanced: added 1 missing ')'" in out


def test_score_json_and_csv(files):
    gold, answers = files
    code, out, _ = run(score_cli.main, [gold, answers, "--llm", "--output", "json"])
    assert code == 0
    data = json.loads(out)
    assert data["policies"] == ["strict", "repaired"]
    system = data["systems"][0]
    assert system["policies"]["strict"]["summary"]["fmeasure"] == pytest.approx(20.0)
    assert system["policies"]["repaired"]["summary"]["recall"] == pytest.approx(500 / 7)
    assert system["validity"]["unbalanced"] == 1 and system["faithfulness"]["changed"] == 1
    s2 = system["sentences"][1]
    assert s2["invalid"] == ["unbalanced"] and s2["unfaithful"] == {"changed": 1}
    assert s2["strict"]["status"] == "no_parse" and s2["repaired"]["status"] == "valid"
    assert s2["words"][1] == {"kind": "changed", "gold": "ran", "system": "runs"}
    code, out, _ = run(score_cli.main, [gold, answers, "--llm", "--output", "csv"])
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [r["policy"] for r in rows] == ["strict", "repaired"]
    assert float(rows[0]["fmeasure"]) == pytest.approx(20.0)
    assert rows[1]["changed"] == "1" and rows[1]["unbalanced"] == "1"


def test_table_has_a_row_per_system_and_policy(files):
    gold, answers = files
    code, out, _ = run(table_cli.main, [gold, answers, answers, "--llm", "--output", "markdown",
                                        "--names", "gpt-a,gpt-b"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("| system | policy | fmeasure |")
    assert [ln.split(" | ")[:2] for ln in lines[2:]] == [["| gpt-a", "strict"], ["| gpt-a", "repaired"],
                                                         ["| gpt-b", "strict"], ["| gpt-b", "repaired"]]
    code, out, _ = run(table_cli.main, [gold, answers, "--llm", "--output", "latex"])
    assert "strict & 20.00" in out and "\\end{tabular}" in out


def test_report_writes_the_marked_words(files, tmp_path):
    gold, answers = files
    html = tmp_path / "r.html"
    code, out, err = run(report_cli.main, [gold, answers, "--llm", "-o", str(html)])
    assert code == 0, err
    text = html.read_text()
    assert "default-src 'none'" in text and "<script" not in text
    assert "<span class='w changed' title='changed'>ran → runs</span>" in text
    assert "<td class='policy'>strict</td><td>20.00</td>" in text
    assert "<td class='policy'>repaired</td><td>71.43</td>" in text


def test_bad_input_is_named(files, tmp_path):
    gold, answers = files
    code, _, err = run(score_cli.main, [gold, str(tmp_path / "nope.txt"), "--llm"])
    assert code == 1 and "nope.txt" in err and "cannot open" in err
    code, _, err = run(score_cli.main, [gold, answers, "--llm", "--profile", "jp-evalb"])
    assert code == 1 and "jp-evalb cannot score LLM answers" in err
    # CoNLL rows against a constituency gold: nothing read, said, every sentence no parse
    rows = tmp_path / "rows.txt"
    rows.write_text("1\tThe\tthe\tDET\t2\tdet\n2\tcat\tcat\tNOUN\t3\tnsubj\n3\tsat\tsit\tVERB\t0\troot\n")
    code, out, err = run(score_cli.main, [gold, str(rows), "--llm"])
    assert code == 0 and "no tree found in" in err and "every sentence counts as no parse" in err
    assert "no answer 2" in out
    undecodable = tmp_path / "bad.txt"
    undecodable.write_bytes(b"(S (NN \xff\xfe\x00\x81))\n")
    code, _, err = run(score_cli.main, [gold, str(undecodable), "--llm", "--encoding", "ascii"])
    assert code == 1 and "bad.txt" in err


def test_an_unreadable_gold_sentence_is_named_with_file_line_column(tmp_path):
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n(S (NP (PRP it) (VP (VBD ran))\n")
    answers = tmp_path / "gpt.txt"
    answers.write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n(S (NP (PRP it)) (VP (VBD ran)))\n")
    code, out, _ = run(score_cli.main, [str(gold), str(answers), "--llm"])
    assert code == 0
    assert f"not scored (both policies): the gold sentence could not be read: {gold}:2:4: " in out
    data = json.loads(run(score_cli.main, [str(gold), str(answers), "--llm", "--output", "json"])[1])
    s2 = data["systems"][0]["sentences"][1]
    assert s2["strict"]["status"] == "error" and s2["unfaithful"] == {} and "faithful" in s2
