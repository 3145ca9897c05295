"""Acceptance checks of the command line as a user runs it (spec/cli.md).

Each test runs ``python -m tcompare`` in a subprocess, so what is checked is exactly what a
user sees: the exit code (0 success, 1 input could not be scored as a whole, 2 usage
error), a message naming the file, and never a Python traceback.
"""

import json
import subprocess
import sys

import pytest

from conftest import RESOURCES

DEMO = RESOURCES / "demo"
PTB_GOLD = DEMO / "ptb" / "gold.mrg"
PTB_SYS = DEMO / "ptb" / "system.mrg"
CONLL_GOLD = DEMO / "conll" / "demo.gold.conll"
CONLL_SYS = DEMO / "conll" / "demo.system.conll"
TCT_GOLD = DEMO / "tct" / "gold.tct"
SINICA_SYS = DEMO / "sinica" / "system.sinica"


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "tcompare", *map(str, args)],
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


# -- a file of the wrong kind (dependency vs constituency) is refused, never a crash ------

@pytest.mark.parametrize("args", [
    ("score", PTB_GOLD, CONLL_SYS),
    ("score", "--profile", "evalb", CONLL_GOLD, CONLL_SYS),
    ("score", "--profile", "evalb", PTB_GOLD, CONLL_SYS, "--output", "json"),
    ("score", "--profile", "parseval2010", TCT_GOLD, CONLL_SYS),
    ("score", "--profile", "sighan2012", DEMO / "sinica" / "gold.sinica", CONLL_SYS),
    ("compare", PTB_GOLD, PTB_SYS, CONLL_SYS, "--shuffles", "10"),
    ("compare", CONLL_GOLD, CONLL_SYS, PTB_SYS, "--shuffles", "10"),
    ("explain", PTB_GOLD, CONLL_SYS),
    ("export", PTB_GOLD, CONLL_SYS, "-o", "/dev/null", "--to", "dot"),
])
def test_wrong_kind_of_file_is_a_clear_error(args):
    proc = run(*args)
    assert proc.returncode == 1
    assert "demo.system.conll" in proc.stderr or "system.mrg" in proc.stderr \
        or "demo.gold.conll" in proc.stderr
    assert "looks like" in proc.stderr


def test_system_in_a_notation_the_profile_does_not_read_is_refused():
    """Gold TCT against a Sinica system scored 0 everywhere without a word; now it says why."""
    proc = run("score", "--profile", "parseval2010", TCT_GOLD, SINICA_SYS)
    assert proc.returncode == 1
    assert "system.sinica looks like sinica" in proc.stderr


def test_matching_kinds_still_score():
    proc = run("score", PTB_GOLD, PTB_SYS, "--output", "json")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["profile"] == "evalb"
    proc = run("score", "--profile", "evalb", TCT_GOLD, DEMO / "tct" / "system.tct")
    assert proc.returncode == 0 and "Bracketing FMeasure" in proc.stdout


@pytest.mark.parametrize("profile", ["conllx", "conll07", "conllu"])
@pytest.mark.parametrize("output", ["json", "csv"])
def test_dependency_profile_refuses_bracket_files(profile, output):
    proc = run("score", "--profile", profile, "--output", output, PTB_GOLD, PTB_SYS)
    assert proc.returncode == 1
    assert "gold.mrg looks like ptb" in proc.stderr


@pytest.mark.parametrize("output", ["text", "json"])
def test_unwritable_report_file_is_a_clear_error(tmp_path, output):
    target = tmp_path / "no-such-folder" / "report.txt"
    proc = run("score", CONLL_GOLD, CONLL_SYS, "-o", target, "--output", output)
    assert proc.returncode == 1
    assert f"cannot write {target}" in proc.stderr


def test_compare_with_missing_prm_file():
    proc = run("compare", PTB_GOLD, PTB_SYS, PTB_SYS, "--prm", "/no/such.prm", "--shuffles", "10")
    assert proc.returncode == 1
    assert "/no/such.prm" in proc.stderr


def test_explain_with_a_bad_option_value():
    proc = run("explain", DEMO / "sinica" / "gold.sinica", SINICA_SYS, "--option", "task=bogus")
    assert proc.returncode == 2
    assert "bogus" in proc.stderr


def test_explain_with_an_option_value_of_the_wrong_type():
    proc = run("explain", PTB_GOLD, PTB_SYS, "--option", "max_error=abc")
    assert proc.returncode == 2
    assert "max_error" in proc.stderr and "'abc'" in proc.stderr


def test_top_level_help_names_every_subcommand():
    from tcompare.cli import SUBCOMMANDS

    proc = run("--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    for name in SUBCOMMANDS:
        if name != "gui":
            assert name in text, name


def test_score_help_is_on_stdout_and_lists_options_and_profiles():
    proc = run("score", "--help")
    assert proc.returncode == 0 and proc.stderr == ""
    for word in ("--profile", "-p PRM", "--output rsl|json|csv", "--summary-only",
                 "evalb", "parseval2010", "parseval2012", "sighan2012", "conllx", "conllu",
                 "phenomena"):
        assert word in proc.stdout, word


def test_score_usage_error_is_exit_2_on_stderr():
    proc = run("score", PTB_GOLD)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "expected GOLD and SYSTEM" in proc.stderr


def test_nothing_scorable_is_exit_1(tmp_path):
    """Every sentence malformed: the report still prints, but the exit code says it failed."""
    bad = tmp_path / "bad.tct"
    bad.write_text("[zj 我/rN\n", encoding="utf-8")
    proc = run("score", "--format", "tct", bad, bad)
    assert proc.returncode == 1
    assert "bad.tct:1:1" in proc.stdout + proc.stderr
    assert "no sentence" in proc.stderr
    # one good sentence is enough for a normal exit
    good = tmp_path / "mixed.tct"
    good.write_text("[zj 我/rN\n]\n[zj 你/rN ]\n[zj 他/rN\n", encoding="utf-8")
    assert run("score", "--format", "tct", good, good).returncode == 0


EVENTS = RESOURCES / "eventbank"


def test_unreadable_event_bank_is_exit_1(tmp_path):
    proc = run("score", "--profile", "parseval2010", "--events", tmp_path / "missing.txt",
               EVENTS / "gold.tct", EVENTS / "system.tct")
    assert proc.returncode == 1
    assert "missing.txt" in proc.stderr and "cannot open event bank" in proc.stderr


def test_event_bank_line_errors_reach_stderr(tmp_path):
    bank = tmp_path / "events.txt"
    text = (EVENTS / "events.txt").read_text(encoding="utf-8")
    bank.write_text(text + "2\t[D-sp 沿途/s-@\n", encoding="utf-8")
    proc = run("score", "--profile", "parseval2010", "--events", bank, "--output", "json",
               EVENTS / "gold.tct", EVENTS / "system.tct")
    assert proc.returncode == 0
    assert f"{bank}:{len(text.splitlines()) + 1}:" in proc.stderr
    assert json.loads(proc.stdout)["summary"]["Micro_R"] == 40.0


def test_phenomena_with_an_empty_gold_list_is_exit_1(tmp_path):
    gold = tmp_path / "gold.tsv"
    gold.write_text("# only a comment\n", encoding="utf-8")
    proc = run("score", "--profile", "phenomena", "--phenomena", gold,
               RESOURCES / "phenomena" / "en_gold.ptb")
    assert proc.returncode == 1
    assert "gold.tsv lists no sentence" in proc.stderr


@pytest.mark.parametrize("args", [
    (PTB_GOLD, PTB_SYS),
    (TCT_GOLD, DEMO / "tct" / "system.tct"),
    (CONLL_GOLD, CONLL_SYS),
    ("--profile", "phenomena", "--phenomena", RESOURCES / "phenomena" / "en_gold_singleton.tsv",
     RESOURCES / "phenomena" / "en_gold.ptb"),
])
def test_csv_summary_only_has_no_sentence_rows(args):
    full = run("score", *args, "--output", "csv")
    short = run("score", *args, "--output", "csv", "--summary-only")
    assert full.returncode == short.returncode == 0
    assert full.stdout.startswith("index,status,")
    assert short.stdout.startswith("metric,value\n")
    assert full.stdout.endswith(short.stdout)


@pytest.mark.parametrize("gold, system, profile", [
    (PTB_GOLD, PTB_SYS, "evalb"),
    (DEMO / "sinica" / "gold.sinica", SINICA_SYS, "sighan2012"),
    (TCT_GOLD, DEMO / "tct" / "system.tct", "parseval2010"),
])
def test_compare_reports_the_same_figures_as_score(gold, system, profile):
    """Every figure `compare` prints for a system equals what `score` reports for it.

    The per-sentence means are tested too, with their true values (EVALB complete match:
    the demo system has 4 of 8 sentences right, 50%; SIGHAN macro P/R/F1), not values
    recomputed from summed counts.
    """
    proc = run("compare", "--profile", profile, gold, system, gold, "--shuffles", "50",
               "--seed", "1", "--output", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    scored = json.loads(run("score", "--profile", profile, gold, system,
                            "--output", "json").stdout)["summary"]
    assert data["metrics"]
    for name, metric in data["metrics"].items():
        assert metric["a"] == pytest.approx(scored[name]), name
    assert data["untested"] == []
    if profile == "evalb":
        assert scored["complete_match"] == 50.0 == data["metrics"]["complete_match"]["a"]
    if profile == "sighan2012":
        assert {"macro_P", "macro_R", "macro_F1"} <= set(data["metrics"])


def test_conllu_tokenisation_mismatch_names_the_files_and_the_way_out(tmp_path):
    gold = DEMO / "conll" / "demo.gold.conllu"
    lines = gold.read_text(encoding="utf-8").split("\n")
    # sentence 1 without the multiword split: 'cannot' is one word, heads renumbered
    system_text = "\n".join(lines[:2] + [
        "1\tShe\tshe\tPRON\tPRP\t_\t3\tnsubj\t_\t_",
        "2\tcannot\tcan\tAUX\tMD\t_\t3\taux\t_\t_",
        "3\tcome\tcome\tVERB\tVB\t_\t0\troot\t_\t_",
        "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_"] + lines[8:])
    system = tmp_path / "system.conllu"
    system.write_text(system_text, encoding="utf-8")
    proc = run("score", gold, system)
    assert proc.returncode == 1
    assert "line mismatch" in proc.stderr and str(system) in proc.stderr
    data = json.loads(run("score", gold, system, "--output", "json").stdout)
    # same characters, other words: conllu compares word by word, so the pair counts as a
    # missing parse (metrics.md §11) and names the profile that aligns words
    assert data["summary"]["sentences"] == 3
    first = data["sentences"][0]
    assert first["status"] == "missing" and "conll18" in first["message"]
    assert "segmentation" in first["message"]


@pytest.mark.parametrize("args", [
    ("score", "--format", "nonsense", PTB_GOLD, PTB_SYS),
    ("score", "--format=nonsense", "--output", "json", PTB_GOLD, PTB_SYS),
    ("score", "--profile", "sighan2012", "--gold-format", "nonsense", SINICA_SYS, SINICA_SYS),
    ("score", "--profile", "conllx", "--format", "nonsense", CONLL_GOLD, CONLL_SYS),
    ("compare", "--format", "nonsense", PTB_GOLD, PTB_SYS, PTB_SYS),
    ("explain", "--format", "nonsense", PTB_GOLD, PTB_SYS),
    ("export", "--format", "nonsense", PTB_GOLD, PTB_SYS, "-o", "/dev/null"),
    ("convert", "--format", "nonsense", PTB_GOLD),
])
def test_unknown_notation_is_a_usage_error(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert "unknown notation 'nonsense'" in proc.stderr


def test_read_file_reports_an_unknown_notation_as_a_read_error():
    from tcompare import formats

    with pytest.raises(formats.ReadError, match="unknown notation 'nonsense'"):
        formats.read_file(PTB_GOLD, "nonsense")


@pytest.mark.parametrize("command", ["explain", "export"])
def test_explain_and_export_usage_mistakes_are_exit_2(command):
    for extra in (("--profile", "nope"), ("--option", "nosuch=1"), ("--option", "novalue")):
        proc = run(command, PTB_GOLD, PTB_SYS, "-o", "/dev/null", *extra) if command == "export" \
            else run(command, PTB_GOLD, PTB_SYS, *extra)
        assert proc.returncode == 2, (extra, proc.stderr)
    # a sentence that does not exist is an input problem, not a usage mistake
    assert run("explain", PTB_GOLD, PTB_SYS, "-n", "99").returncode == 1


@pytest.mark.parametrize("option", ["--encoding", "--output-encoding"])
def test_convert_unknown_encoding_is_a_usage_error(option):
    proc = run("convert", PTB_GOLD, option, "nonsense")
    assert proc.returncode == 2
    assert f"{option}: unknown encoding 'nonsense'" in proc.stderr


def test_evalb_rsl_reads_a_utf8_bom_file_like_the_same_file_without_it(tmp_path):
    gold = tmp_path / "gold.mrg"
    gold.write_bytes(b"\xef\xbb\xbf" + PTB_GOLD.read_bytes())
    with_bom = run("score", gold, PTB_SYS)
    plain = run("score", PTB_GOLD, PTB_SYS)
    assert with_bom.returncode == plain.returncode == 0
    assert with_bom.stdout == plain.stdout and with_bom.stderr == plain.stderr == ""
