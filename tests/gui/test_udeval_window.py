"""One number everywhere for `ud-eval`: the window's running total equals `tcompare score
--profile ud-eval --output json` for the same files (issue 30, the profile in the window)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from tcompare.scoring.base import Status, zeroed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo" / "conll"


def cli(gold: Path, system: Path) -> dict:
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "ud-eval",
                          "--output", "json", str(gold), str(system)], capture_output=True)
    assert out.returncode == 0, out.stderr
    # eval.py's own shape: per metric its counts and rates as fractions
    return {name: 100 * m["f1"] for name, m in json.loads(out.stdout)["metrics"].items()}


def test_a_relabelled_and_merged_pair_in_the_window_equals_score(qtbot, window, tmp_path):  # noqa: F811
    """System: gold with every third relation relabelled, and "cannot" written as one word
    where gold has the multiword token can+not (the aligned profile scores it)."""
    gold = DEMO / "demo.gold.conllu"
    blocks = gold.read_text(encoding="utf-8").strip("\n").split("\n\n")
    merged = "\n".join([
        "# text = She cannot come.",
        "1\tShe\tshe\tPRON\tPRP\tCase=Nom|Number=Sing|Person=3\t3\tnsubj\t3:nsubj\t_",
        "2\tcannot\tcannot\tAUX\tMD\t_\t3\taux\t3:aux\t_",
        "3\tcome\tcome\tVERB\tVB\tVerbForm=Inf\t0\troot\t0:root\tSpaceAfter=No",
        "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t3:punct\t_"])
    relabelled = []
    for block in blocks[1:]:
        lines = []
        for k, line in enumerate(block.split("\n")):
            cols = line.split("\t")
            if len(cols) == 10 and cols[0].isdigit() and k % 3 == 0 and cols[7] != "root":
                cols[7] = "dep"
            lines.append("\t".join(cols))
        relabelled.append("\n".join(lines))
    system = tmp_path / "system.conllu"
    system.write_text("\n\n".join([merged, *relabelled]) + "\n\n", encoding="utf-8")
    expected = cli(gold, system)
    assert open_and_wait(qtbot, window, gold, system, profile="ud-eval")
    assert window.session.result(0, 0).status is Status.VALID, window.session.result(0, 0).message
    shown = zeroed(window.session.summary(0).metrics)
    assert set(shown) == set(expected)          # all fifteen of eval.py's metrics
    assert shown == pytest.approx(expected)
    assert 0 < expected["LAS"] < 100 and expected["Words"] < 100 and expected["ELAS"] < 100


REAL = Path(__import__("os").environ.get("TCOMPARE_REAL", Path(__file__).resolve().parents[3]
                                         / "refs" / "real-parses"))


@pytest.mark.parametrize("kind", ["ewt-join22", "ewt-moved-noids"])
def test_a_real_parser_resegmented_output_totals_equal_score(tmp_path, kind):
    """spaCy's own sentences and tokens (22 gold sentences joined into one; boundaries moved,
    no sent_id): eval.py aligns characters, and so does the window's run -- its totals
    (`--totals`) equal `score --output json` on every metric (they were all 0 when the
    window paired the sentences by position)."""
    found = sorted((REAL / kind).glob("*/gold.conllu"))
    if not found:
        pytest.skip(f"real parses absent: {REAL / kind} (tools/real_parses.py)")
    gold = found[0]
    system = gold.with_name("system.conllu")
    totals = tmp_path / "totals.json"
    subprocess.run([sys.executable, "-m", "tcompare", str(gold), str(system), "--profile",
                    "ud-eval", "--totals", str(totals)], check=True, capture_output=True)
    shown = json.loads(totals.read_text(encoding="utf-8"))["summary"]
    expected = cli(gold, system)
    assert shown == pytest.approx(expected)
    assert 0 < expected["LAS"] < 100 and expected["Sentences"] < 100
