"""`tcompare validate`: the official UD validator run as an external program (found under
TCOMPARE_REFS/ud-tools with its venv; the tests that run it skip when it is absent), its
report mapped to file:line; absent, a clear message and exit 3."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from tcompare.analysis import ud_validator
from tcompare.cli import validate

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SCRIPT = REFS / "ud-tools" / "validate.py"
needs_validator = pytest.mark.skipif(
    not (SCRIPT.exists() and (SCRIPT.parent / "venv" / "bin" / "python").exists()),
    reason=f"UD validator (and its venv) absent: {SCRIPT}")

GOOD = ("# sent_id = 1\n# text = Dogs bark.\n"
        "1\tDogs\tdog\tNOUN\tNNS\tNumber=Plur\t2\tnsubj\t2:nsubj\t_\n"
        "2\tbark\tbark\tVERB\tVBP\tMood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t0:root\tSpaceAfter=No\n"
        "3\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_\n\n")
BAD = GOOD.replace("\t2\tnsubj\t2:nsubj", "\t7\tnsubj\t7:nsubj")


def run(argv: list[str]) -> tuple[str, str, int]:
    out, err = io.StringIO(), io.StringIO()
    code = validate.main(argv, out, err)
    return out.getvalue(), err.getvalue(), code


@needs_validator
def test_a_valid_file_passes(tmp_path):
    path = tmp_path / "good.conllu"
    path.write_text(GOOD, encoding="utf-8")
    out, err, code = run(["--lang", "en", "--level", "2", "--validator", str(SCRIPT), str(path)])
    assert code == 0, out + err
    assert out == f"{path}: passed (*** PASSED ***)\n"


@needs_validator
def test_an_invalid_file_named_at_file_and_line(tmp_path):
    path = tmp_path / "bad.conllu"
    path.write_text(BAD, encoding="utf-8")
    out, err, code = run(["--lang", "en", "--level", "2", "--validator", str(SCRIPT),
                          "--output", "json", str(path)])
    assert code == 1
    doc = json.loads(out)
    problem = doc["files"][0]["problems"][0]
    assert (problem["file"], problem["line"], problem["test"]) == (str(path), 3, "unknown-head")
    out, err, code = run(["--lang", "en", "--level", "2", "--validator", str(SCRIPT), str(path)])
    assert out.splitlines()[0] == (f"{path}:3: L2 SYNTAX unknown-head: Undefined HEAD "
                                   "(no such ID): '7'.")


@needs_validator
def test_run_from_another_directory_with_its_own_interpreter(tmp_path, monkeypatch):
    """conllueditor#31: a validate.py path works from anywhere (run with the venv's Python
    found beside it, not executed through its shebang)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ud_validator.ENV, str(SCRIPT))
    found = ud_validator.find_validator()
    assert found.command[0].endswith("venv/bin/python") and found.command[1] == str(SCRIPT.resolve())
    (tmp_path / "good.conllu").write_text(GOOD, encoding="utf-8")
    assert run(["--lang", "en", "--level", "1", "good.conllu"])[2] == 0


def test_absent_validator_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.delenv(ud_validator.ENV, raising=False)
    monkeypatch.delenv("TCOMPARE_REFS", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    out, err, code = run(["--lang", "en", str(tmp_path / "x.conllu")])
    assert (out, code) == ("", 3)
    assert "UD validator was not found" in err and "pip install udtools" in err
    out, err, code = run(["--lang", "en", "--validator", str(tmp_path / "nope.py"), "x"])
    assert code == 3 and "nope.py (--validator) does not exist" in err


def test_report_parsing_with_explanations_and_file_names():
    text = ("[Line 4 Sent s1]: [L2 SYNTAX unknown-head] Undefined HEAD (no such ID): '5'.\n"
            "[File b.conllu Line 9 Sent s2]: [L3 WARNING fixed-without-extpos] No ExtPos\n"
            "\n"
            "The explanation, printed once.\n"
            "\n"
            "SYNTAX errors: 1\n"
            "*** FAILED *** with 1 errors\n")
    problems, summary = ud_validator.parse_report(text, "a.conllu")
    assert [(p.file, p.line, p.level, p.kind, p.test) for p in problems] == [
        ("a.conllu", 4, 2, "SYNTAX", "unknown-head"),
        ("b.conllu", 9, 3, "WARNING", "fixed-without-extpos")]
    assert problems[1].message == "No ExtPos\nThe explanation, printed once."
    assert problems[1].is_warning and not problems[0].is_warning
    assert summary == ["SYNTAX errors: 1", "*** FAILED *** with 1 errors"]


@needs_validator
def test_one_sentence_named_at_the_lines_of_its_file():
    """What the editor will do after an edit: one sentence validated, its problems at the
    lines it has in the file."""
    validator = ud_validator.find_validator(str(SCRIPT))
    report = ud_validator.validate_text(validator, BAD, "en", 2, name="big.conllu",
                                        first_line=101)
    assert not report.passed
    assert [(p.file, p.line, p.test) for p in report.problems] == [
        ("big.conllu", 103, "unknown-head"), ("big.conllu", 103, "unknown-ehead")]
