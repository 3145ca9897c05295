"""`tcompare score GOLD SYS1 SYS2 ...`: N systems give what N one-system runs give."""

import json
import shutil

import pytest

from conftest import RESOURCES, anchor
from tcompare.cli import main
from tcompare.cli.score_many import positionals, systems_of

DEMO = RESOURCES / "demo"


def _score(capfdbinary, argv):
    code = main(["score", *argv])
    out, err = capfdbinary.readouterr()
    return code, out, err


def _cases():
    return {
        "evalb": (DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg", []),
        "conllx": (DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll", []),
        "sighan2012": (DEMO / "sinica" / "gold.sinica", DEMO / "sinica" / "system.sinica", []),
        "parseval2010": (DEMO / "tct" / "gold.tct", DEMO / "tct" / "system.tct", []),
        "conll18": (DEMO / "conll" / "demo.gold.conllu", None, []),
    }


def _relabelled(gold, path):
    """`gold` (CoNLL-U) with every other word's DEPREL set to ``dep``: a valid tree still
    (the demo system file has two roots, which the official conll18 script refuses)."""
    lines, k = [], 0
    for line in gold.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) == 10 and cols[0].isdigit():
            k += 1
            if k % 2:
                cols[7] = "dep"
        lines.append("\t".join(cols))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("profile", list(_cases()))
def test_n_system_json_is_n_single_runs(profile, capfdbinary, tmp_path):
    gold, system, extra = _cases()[profile]
    system = system or _relabelled(gold, tmp_path / "relabelled.conllu")
    # a third system: a copy of the gold file under another name
    perfect = tmp_path / f"perfect{gold.suffix}"
    shutil.copy(gold, perfect)
    systems = [str(system), str(perfect), str(system)]
    opts = ["--profile", profile, "--output", "json", *extra]
    singles = []
    for s in systems:
        code, out, err = _score(capfdbinary, [str(gold), s, *opts])
        assert code == 0, err
        singles.append(out)
    code, out, err = _score(capfdbinary, [str(gold), *systems, *opts])
    assert code == 0, err
    combined = json.loads(out)
    assert combined["gold"] == str(gold)
    keys = [str(system), str(perfect), f"{system}#2"]
    assert list(combined["systems"]) == keys
    for key, single in zip(keys, singles):
        assert single.endswith(b"\n")
        body = single[:-1]
        # byte for byte: the one-system JSON is in the combined output as it is
        assert json.dumps(key).encode() + b": " + body in out
        assert combined["systems"][key] == json.loads(single)
    assert singles[0] != singles[1]


def test_text_is_one_block_per_system_headed_by_its_name(capfdbinary):
    gold, system = DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"
    _, one, _ = _score(capfdbinary, [str(gold), str(system)])
    _, perfect, _ = _score(capfdbinary, [str(gold), str(gold)])
    code, out, _ = _score(capfdbinary, [str(gold), str(system), str(gold)])
    assert code == 0
    assert out == (f"==> {system} <==\n".encode() + one + b"\n"
                   + f"==> {gold} <==\n".encode() + perfect)


def test_conllx_options_and_quiet_report(capfdbinary):
    gold, system = DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll"
    _, one, _ = _score(capfdbinary, [str(gold), str(system), "-q", "-p"])
    code, out, _ = _score(capfdbinary, ["-q", str(gold), str(system), "-p", str(gold)])
    assert code == 0
    blocks = out.split(b"\n==> ")
    assert blocks[0] == f"==> {system} <==\n".encode() + one
    assert b"100.00 %" in blocks[1]


def test_csv_has_a_system_column(capfdbinary):
    gold, system = DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll"
    _, one, _ = _score(capfdbinary, [str(gold), str(system), "--output", "csv"])
    code, out, _ = _score(capfdbinary, [str(gold), str(system), str(gold), "--output", "csv"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == b"system_file," + one.splitlines()[0]
    assert lines[1] == f"{system},".encode() + one.splitlines()[1]
    assert sum(1 for line in lines if line.startswith(b"system_file,")) == 1
    assert any(line.startswith(f"{gold},".encode()) for line in lines)


def test_a_missing_system_file_is_named_and_fails(capfdbinary, tmp_path):
    gold = DEMO / "conll" / "demo.gold.conll"
    missing = tmp_path / "nope.conll"
    code, out, err = _score(capfdbinary, [str(gold), str(gold), str(missing)])
    assert code == 1
    assert f"==> {missing} <==".encode() in err and str(missing).encode() in err.split(b"<==")[-1]
    assert b"Traceback" not in err


def test_positionals_skip_option_values():
    argv = ["-p", "COLLINS.prm", "g", "s1", "--output", "json", "s2", "-l", "-e5"]
    options = {"-p", "--output", "-e"}
    assert positionals(argv, options) == [2, 3, 6]
    assert systems_of(argv, "tcompare.cli.score_evalb", "evalb") == (2, [3, 6])
    # conll18's -c is a flag, EVALB's -c takes a value
    assert systems_of(["-c", "g", "s1", "s2"], "tcompare.cli.score_conll18", "conll18") == (1, [2, 3])
    assert systems_of(["-c", "10", "g", "s1"], "tcompare.cli.score_evalb", "evalb") == (None, [])
    assert systems_of(["--phenomena", "L", "p1", "p2"], "tcompare.cli.score_phenomena",
                      "phenomena") == (None, [2, 3])


@pytest.mark.slow
def test_wsj23_rsl_for_two_systems_is_evalbs_report_twice(capfdbinary):
    base = "real/wsj23_berkeley"
    gold, system = anchor("evalb", base, "23.gold"), anchor("evalb", base, "23.sys_berkeley_top")
    prm = anchor("evalb", base, "COLLINS.prm")
    code, out, _ = _score(capfdbinary, [str(gold), str(system), str(system), "-p", str(prm)])
    assert code == 0
    reference = anchor("evalb", base, "evalb.txt").read_bytes()
    heading = f"==> {system} <==\n".encode()
    assert out == heading + reference + b"\n" + heading + reference


def test_stdin_gold_is_read_once_for_all_systems(capfdbinary):
    import subprocess
    import sys

    gold, system = DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"
    _, one, _ = _score(capfdbinary, [str(gold), str(system), "--summary-only"])
    _, perfect, _ = _score(capfdbinary, [str(gold), str(gold), "--summary-only"])
    proc = subprocess.run([sys.executable, "-m", "tcompare", "score", "-", str(system), str(gold),
                           "--summary-only"], input=gold.read_bytes(), capture_output=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (f"==> {system} <==\n".encode() + one + b"\n"
                           + f"==> {gold} <==\n".encode() + perfect)


def test_one_report_file_for_several_systems_is_refused(tmp_path, capfd):
    """eval.pl's -o FILE with two systems: each run overwrote the file (only the last
    system's report was left, exit 0)."""
    report = tmp_path / "report.txt"
    gold, system = DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll"
    code = main(["score", "--profile", "conllx", "-o", str(report), str(gold), str(system),
                 str(gold)])
    assert code == 2
    assert "-o FILE writes one report" in capfd.readouterr().err
    assert not report.exists()
