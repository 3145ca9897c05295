"""The UD validator's problems on sentences and words (analysis/ud_validation.py), and its
runs as the window makes them (`ValidatorRun`: text piped in, cancellable, a crash told
from a verdict).  The real validator (TCOMPARE_REFS/ud-tools; skipped when absent) checks
real EWT sentences broken on purpose; small fake validator programs play the absent, slow
and crashing ones."""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis import ud_validation, ud_validator
from tcompare.analysis.ud_validator import Problem, ValidatorRun

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SCRIPT = REFS / "ud-tools" / "validate.py"
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
needs_validator = pytest.mark.skipif(
    not (SCRIPT.exists() and (SCRIPT.parent / "venv" / "bin" / "python").exists() and EWT.exists()),
    reason=f"UD validator (and its venv) or EWT absent: {SCRIPT}, {EWT}")

# four EWT test sentences: plain, a multiword token (6-7 Google's), an empty node (24.1),
# and one more
SENT_IDS = ("weblog-blogspot.com_zentelligence_20040423000200_ENG_20040423_000200-0001",
            "weblog-blogspot.com_marketview_20050511222700_ENG_20050511_222700-0002",
            "email-enronsent28_01-0019",
            "weblog-blogspot.com_zentelligence_20040423000200_ENG_20040423_000200-0002")


def ewt_sentences() -> str:
    text = EWT.read_text(encoding="utf-8")
    blocks = {}
    for block in text.split("\n\n"):
        m = re.search(r"^# sent_id = (\S+)$", block, re.M)
        if m and m.group(1) in SENT_IDS:
            blocks[m.group(1)] = block + "\n\n"
    return "".join(blocks[i] for i in SENT_IDS)


def broken(good: str) -> str:
    """The four sentences, broken on purpose (the same number of lines)."""
    bad = good.replace("3\tGoogle\tGoogle\tPROPN\tNNP\tNumber=Sing\t4\tnsubj",
                       "3\tGoogle\tGoogle\tPROPN\tNNP\tNumber=Sing\t9\tnsubj", 1)     # HEAD 9: none
    bad = bad.replace("6-7\tGoogle's", "6-8\tGoogle's", 1)                 # a range too long
    bad = bad.replace("_\t_\t6:parataxis\tCopyOf=6", "_\t_\t66:parataxis\tCopyOf=6", 1)
    bad = bad.replace("# text = What if Google expanded", "# txet = What if Google expanded", 1)
    assert bad.count("\n") == good.count("\n") and bad.count("\t") == good.count("\t")
    return bad


def problem(line: int, test: str = "t", kind: str = "SYNTAX") -> Problem:
    return Problem("-", line, "s", 2, kind, test, "message")


SMALL = ("# global.columns = ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC\n"
         "# sent_id = a\n# text = Dogs bark\n"
         "1\tDogs\tdog\tNOUN\t_\t_\t2\tnsubj\t_\t_\n2\tbark\tbark\tVERB\t_\t_\t0\troot\t_\t_\n\n"
         "# sent_id = b\n# text = Don't.\n"
         "1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_\n1\tDo\tdo\tAUX\t_\t_\t0\troot\t_\t_\n"
         "2\tn't\tnot\tPART\t_\t_\t1\tadvmod\t_\t_\n2.1\tgo\tgo\tVERB\t_\t_\t_\t_\t0:root\t_\n"
         "3\t.\t.\tPUNCT\t_\t_\t1\tpunct\t_\t_\n\n")


def test_lines_map_to_sentences_and_words_by_hand():
    """The whole file: a line of its head (blank lines before the first sentence) is the
    file's; a comment the sentence's; a word line its word; a range its first word; an
    empty node its ID; the blank line after a sentence that sentence; past the end, the
    file's."""
    whole = "\n" + SMALL
    corpus = formats.read_text(whole, "conllu")
    text, blocks = ud_validation.document(corpus)
    assert text == whole
    assert [(b.row, b.first_line) for b in blocks] == [(0, 2), (1, 8)]
    found = ud_validation.locate([problem(n) for n in (1, 2, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 99)],
                                 blocks)
    assert [(f.row, f.word, f.node) for f in found] == [
        (None, None, ""), (0, None, ""), (0, 0, "1"), (0, 1, "2"), (0, None, ""),
        (1, None, ""), (1, 0, "1-2"), (1, 0, "1"), (1, 1, "2"), (1, None, "2.1"), (1, 2, "3"),
        (1, None, ""), (None, None, "")]
    # edited sentences alone: numbered from line 1, one after another
    text, blocks = ud_validation.document(corpus, [1])
    assert text == SMALL[SMALL.index("# sent_id = b"):] and [(b.row, b.first_line) for b in blocks] == [(1, 1)]
    assert [(f.row, f.word) for f in ud_validation.locate([problem(5)], blocks)] == [(1, 1)]


def test_state_walks_invalid_sentences_and_replaces_edited_ones():
    state = ud_validation.ValidationState()
    f = ud_validation.Finding
    state.set_whole_file([f(problem(1), None), f(problem(3), 4, 0), f(problem(9), 7, 1),
                          f(problem(12, kind="WARNING"), 9, 2)], rows=12)
    assert state.invalid_rows() == [4, 7] and (state.errors(), state.warnings()) == (3, 1)
    assert [state.step(None), state.step(4), state.step(7), state.step(9), state.step(4, False)] == [4, 7, 4, 4, 7]
    state.set_rows([4, 9], [f(problem(2, kind="WARNING"), 4, 3)])     # 4 fixed, a warning left
    assert state.invalid_rows() == [7] and [x.word for x in state.for_row(4)] == [3]
    assert state.for_row(9) == [] and state.step(7) == 7
    state.set_rows([7], [])
    assert state.step(0) is None and len(state.file_level) == 1
    # sentence 5 split in two (rows 5..5 -> 5..6): 4 stays, 7 and 9 move down one
    state.set_whole_file([f(problem(3), 4, 0), f(problem(7), 5, 1), f(problem(9), 7, 1),
                          f(problem(12), 9, 2)], rows=12)
    state.resize(5, 1, 2)
    assert sorted((r, [x.row for x in fs]) for r, fs in state.by_row.items()) == [
        (4, [4]), (8, [8]), (10, [10])] and state.rows == 13
    state.resize(8, 2, 1)                     # 8 and 9 joined: 10 -> 9
    assert sorted(state.by_row) == [4, 9] and state.rows == 12


def test_language_from_the_file_name():
    assert ud_validation.guess_language("/x/en_ewt-ud-test.conllu") == "en"
    assert ud_validation.guess_language("zh_gsdsimp-ud-train.conllu") == "zh"
    assert ud_validation.guess_language("mine.conllu") == "ud"


@needs_validator
def test_real_validator_on_broken_ewt_sentences():
    """The official validator's report on four real sentences broken on purpose, each
    problem on the word the validator's line names (checked against the forms its
    messages quote)."""
    corpus = formats.read_text(broken(ewt_sentences()), "conllu")
    text, blocks = ud_validation.document(corpus)
    report = ValidatorRun(ud_validator.find_validator(str(SCRIPT)), text, "en", 5).run()
    assert report is not None and report.status == 1
    found = [(f.row, f.word, f.node, f.problem.test, f.is_error)
             for f in ud_validation.locate(report.problems, blocks)]
    assert found == [
        (0, 2, "3", "unknown-head", True),               # 'Google' -> HEAD 9
        (1, 8, "9", "text-form-mismatch", True),         # "Form[9] is 'toward'"
        (1, 0, "1", "text-extra-chars", True),
        (1, 10, "11", "verbform-fin-without-mood", False),   # 'might' (EWT's own warning)
        (2, None, "24.1", "unknown-ehead", True),        # the empty node's DEPS 66:parataxis
        (3, 0, "1", "missing-text", True)]
    assert report.summary == ["Warnings: 1", "SYNTAX errors: 1", "ENHANCED errors: 1",
                              "METADATA errors: 3", "*** FAILED *** with 5 errors"]
    assert report.problems[-1].message == "Missing the text attribute."
    assert corpus[1].item.words[8].form == "toward" and corpus[1].item.words[10].form == "might"
    assert corpus[0].item.words[2].form == "Google"
    # the unbroken sentences pass (one warning is EWT's own)
    good = formats.read_text(ewt_sentences(), "conllu")
    text, blocks = ud_validation.document(good, [0, 2, 3])
    report = ValidatorRun(ud_validator.find_validator(str(SCRIPT)), text, "en", 5).run()
    assert report is not None and report.passed and report.problems == []


FAKE = '''import sys, time
mode = {mode!r}
data = sys.stdin.read()
if mode == "slow":
    time.sleep(30)
if mode == "crash":
    raise ImportError("No module named 'udapi'")
if mode == "die":
    sys.exit(2)
sys.stderr.write("[Line 3 Sent a]: [L2 SYNTAX unknown-head] Undefined HEAD (no such ID): '7'.\\n"
                 "SYNTAX errors: 1\\n*** FAILED *** with 1 errors\\n")
sys.exit(1)
'''


def fake(tmp_path: Path, mode: str) -> ud_validator.Validator:
    script = tmp_path / f"validate_{mode}.py"
    script.write_text(FAKE.format(mode=mode), encoding="utf-8")
    return ud_validator.find_validator(str(script), sys.executable)


def test_fake_validator_verdict_crash_and_death(tmp_path):
    report = ValidatorRun(fake(tmp_path, "report"), SMALL, "en", 2).run()
    assert report is not None and [(p.line, p.test) for p in report.problems] == [(3, "unknown-head")]
    with pytest.raises(ud_validator.ValidatorFailed, match="No module named 'udapi'"):
        ValidatorRun(fake(tmp_path, "crash"), SMALL, "en", 2).run()      # exit 1, a traceback
    with pytest.raises(ud_validator.ValidatorFailed, match=r"exit 2"):
        ValidatorRun(fake(tmp_path, "die"), SMALL, "en", 2).run()
    missing = ud_validator.Validator(("/nonexistent/udvalidate",), "test")
    with pytest.raises(ud_validator.ValidatorMissing, match="could not be run"):
        ValidatorRun(missing, SMALL, "en", 2).run()


def test_slow_validator_cancelled_from_another_thread_and_timed_out(tmp_path):
    run = ValidatorRun(fake(tmp_path, "slow"), SMALL, "en", 2)
    out: list = []
    worker = threading.Thread(target=lambda: out.append(run.run()))
    start = time.monotonic()
    worker.start()
    time.sleep(0.3)
    run.cancel()
    worker.join(5)
    assert not worker.is_alive() and out == [None] and time.monotonic() - start < 5
    with pytest.raises(ud_validator.ValidatorFailed, match="no verdict in 0.5 s"):
        ValidatorRun(fake(tmp_path, "slow"), SMALL, "en", 2).run(timeout=0.5)


def test_udtools_package_found_as_module_of_the_interpreter(tmp_path, monkeypatch):
    """No program on PATH: an interpreter with the udtools package runs it as
    ``-m udtools.cli`` (the package has no __main__)."""
    package = tmp_path / "site" / "udtools"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    body = FAKE.format(mode="report").replace("\n", "\n    ")
    (package / "cli.py").write_text(f"def main():\n    {body}\nif __name__ == '__main__':\n    main()\n",
                                    encoding="utf-8")
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\nPYTHONPATH={tmp_path / 'site'} exec {sys.executable} \"$@\"\n",
                      encoding="utf-8")
    python.chmod(0o755)
    monkeypatch.delenv(ud_validator.ENV, raising=False)
    monkeypatch.delenv("TCOMPARE_REFS", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    found = ud_validator.find_validator(None, str(python))
    assert found.command == (str(python), "-m", "udtools.cli")
    report = ValidatorRun(found, SMALL, "en", 2).run()
    assert report is not None and report.problems[0].test == "unknown-head"
    with pytest.raises(ud_validator.ValidatorMissing, match="the udtools package"):
        ud_validator.find_validator(None, "/nonexistent/python")
