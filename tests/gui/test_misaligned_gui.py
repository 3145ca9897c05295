"""The window pairs sentences by text when a system file drops one (issue 12): a row for the
missing sentence, later sentences with their own gold, and totals equal to
`tcompare score --output json` on the same files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gui_helpers import open_and_wait, window  # noqa: F401  (fixture)
from tcompare.scoring.base import Status, zeroed

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def drop_line(src: Path, dst: Path, k: int) -> Path:
    lines = src.read_bytes().splitlines(keepends=True)
    dst.write_bytes(b"".join(lines[:k] + lines[k + 1:]))
    return dst


def shift_id(row_id: str, offset: int) -> str:
    """A CoNLL-U ID moved by `offset` words: ``3``, ``2-3`` (range), ``5.1`` (empty node)."""
    def one(k: str) -> str:
        major, dot, minor = k.partition(".")
        return str(int(major) + offset) + dot + minor
    return "-".join(one(k) for k in row_id.split("-"))


def cli_summary(gold: Path, system: Path) -> dict:
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--output", "json",
                          str(gold), str(system)], capture_output=True, check=True)
    return json.loads(out.stdout)


def without_left_out(summary: dict) -> dict:
    """The JSON summary's figures without what a reference program left out (lists)."""
    return {k: v for k, v in summary.items()
            if k not in ("unscored_gold_items", "recall_with_unscored", "unscored_sentences")}


@pytest.mark.issue(12)
def test_a_dropped_system_sentence_is_a_missing_row_and_totals_equal_score(
        qtbot, window, tmp_path):  # noqa: F811
    """parseval2010 pairs by text: the dropped sentence is a missing row, the rest keep their
    gold sentence, and the totals are `score --output json`'s."""
    gold = DEMO / "tct" / "gold.tct"
    system = drop_line(DEMO / "tct" / "system.tct", tmp_path / "system.tct", 1)
    assert open_and_wait(qtbot, window, gold, system)
    session = window.session
    n_gold = len(session.gold)
    assert session.plan(0) is not None and session.total_rows == n_gold
    assert session.result(0, 1).status is Status.MISSING          # the dropped sentence
    note = next(m for m in session.messages if "paired by their text" in m)
    assert "jp-evalb" in note                                      # the aligned profile named
    for row in range(2, n_gold):                                   # the rest keep their gold
        gold_rec, sys_rec = session.records(0, row)
        assert sys_rec is not None and sys_rec.index == row        # system sentence row-1
        assert session.result(0, row).status is not Status.ERROR
    expected = cli_summary(gold, system)
    assert zeroed(session.summary(0).metrics) == pytest.approx(expected["summary"])
    assert [session.result(0, k).status.value for k in range(n_gold)] == \
        [s["status"] for s in expected["sentences"]]


@pytest.mark.issue(27)
def test_evalb_pairs_a_dropped_sentence_as_evalb_does_in_the_window(
        qtbot, window, tmp_path):  # noqa: F811
    """evalb pairs line by line (EVALB's rule, as its report and JSON): the rows after the
    dropped sentence are EVALB's errors, the totals and what EVALB left out equal the
    JSON's, and the note names the profile that aligns."""
    from tcompare.workspace import totals

    gold = DEMO / "ptb" / "gold.mrg"
    system = drop_line(DEMO / "ptb" / "system.mrg", tmp_path / "system.mrg", 1)
    assert open_and_wait(qtbot, window, gold, system)
    session = window.session
    assert session.plan(0) is None and session.total_rows == len(session.gold)
    note = next(m for m in session.messages if "pairs them by position" in m)
    assert "jp-evalb" in note
    expected = cli_summary(gold, system)
    assert totals.system_totals(session.workspace, 0) == expected["summary"]
    assert [session.result(0, k).status.value for k in range(len(session.gold))] == \
        [s["status"] for s in expected["sentences"]]


@pytest.mark.issue(12)
def test_reopen_with_encoding_reads_the_files_again_in_the_chosen_encoding(
        qtbot, window, tmp_path):  # noqa: F811
    """File › Reopen with encoding: the GUI's --encoding.  A GB18030 file read as UTF-8 is
    refused with a message naming the file; read as GB18030 it is scored again."""
    for name in ("gold.tct", "system.tct"):
        text = (DEMO / "tct" / name).read_text(encoding="utf-8")
        (tmp_path / name).write_bytes(text.encode("gb18030"))
    gold, system = tmp_path / "gold.tct", tmp_path / "system.tct"
    assert open_and_wait(qtbot, window, gold, system)
    detected = window.session.result(0, 0).scores
    actions = window.actions_

    def reopen(choice):
        actions.ask_item = lambda *a, **k: choice
        with qtbot.waitSignal(window.session.finished, timeout=60000):
            actions.choose_encoding()

    reopen("utf-8")
    assert window.session.request.file_encoding() == "utf-8"
    qtbot.waitUntil(lambda: bool(window.last_error), timeout=5000)
    assert "gold.tct" in window.last_error
    reopen("gb18030")
    qtbot.waitUntil(lambda: window.current_position is not None, timeout=5000)
    assert window.session.request.file_encoding() == "gb18030"
    assert window.session.result(0, 0).scores == detected
    assert "我们" in window.session.info[0].text       # the characters, not mojibake


@pytest.mark.issue(12)
def test_conll18_in_the_window_says_when_the_official_scorer_refuses_the_files(
        qtbot, window, tmp_path):  # noqa: F811
    """A dropped sentence changes the files' text: conll18_ud_eval.py refuses them, and the
    window says so instead of passing sentence-by-sentence figures off as its."""
    gold = DEMO / "conll" / "demo.gold.conllu"
    if not gold.exists():
        pytest.skip("no CoNLL-U demo")
    blocks = gold.read_text(encoding="utf-8").strip("\n").split("\n\n")
    system = tmp_path / "system.conllu"
    system.write_text("\n\n".join(blocks[:1] + blocks[2:]) + "\n\n", encoding="utf-8")
    assert open_and_wait(qtbot, window, gold, system, profile="conll18")
    # the official line, as `score` prints it; no total (issue 27)
    assert any("UDError" in m or "text" in m.lower() for m in window.session.messages)
    assert window.session.summary(0) is None and window.session.workspace.refusal(0)
    same = tmp_path / "same.conllu"
    same.write_bytes(gold.read_bytes())
    assert open_and_wait(qtbot, window, gold, same, profile="conll18")
    assert not any("refuses" in m for m in window.session.messages)


@pytest.mark.issue(12)
def test_conll18_scores_a_merged_word_in_the_window_as_the_cli_does(qtbot, window, tmp_path):  # noqa: F811
    """System writes "cannot" as one word where gold has the multiword token can+not: the
    aligned profile scores the pair (no "compares word by word" refusal), and the window's
    total equals `tcompare score --profile conll18 --output json`."""
    gold = DEMO / "conll" / "demo.gold.conllu"
    blocks = gold.read_text(encoding="utf-8").strip("\n").split("\n\n")
    merged = "\n".join([
        "# text = She cannot come.",
        "1\tShe\tshe\tPRON\tPRP\tCase=Nom|Number=Sing|Person=3\t3\tnsubj\t_\t_",
        "2\tcannot\tcannot\tAUX\tMD\t_\t3\taux\t_\t_",
        "3\tcome\tcome\tVERB\tVB\tVerbForm=Inf\t0\troot\t_\tSpaceAfter=No",
        "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_"])
    system = tmp_path / "system.conllu"
    system.write_text("\n\n".join([merged, *blocks[1:]]) + "\n\n", encoding="utf-8")
    assert open_and_wait(qtbot, window, gold, system, profile="conll18")
    first = window.session.result(0, 0)
    assert first.status is Status.VALID, first.message
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "conll18",
                          "--output", "json", str(gold), str(system)], capture_output=True,
                         check=True)
    expected = without_left_out(json.loads(out.stdout)["summary"])
    assert zeroed(window.session.summary(0).metrics) == pytest.approx(expected)
    assert 0 < expected["LAS"] < 100


@pytest.mark.issue(12)
def test_conll18_scores_joined_sentences_in_the_window_as_the_cli_does(
        qtbot, window, tmp_path):  # noqa: F811
    """System joins gold sentences 1 and 2: the window scores the group on row 1 (row 2
    says where it was counted) and its total equals `tcompare score --profile conll18`."""
    gold = DEMO / "conll" / "demo.gold.conllu"
    blocks = gold.read_text(encoding="utf-8").strip("\n").split("\n\n")
    rows = [[line for line in b.split("\n") if not line.startswith("#")] for b in blocks[:2]]
    offset = sum(1 for line in rows[0] if "-" not in line.split("\t")[0])
    moved = []
    for line in rows[1]:
        cols = line.split("\t")
        cols[0] = shift_id(cols[0], offset)
        if cols[6] not in ("_", "0"):
            cols[6] = str(int(cols[6]) + offset)
        elif cols[6] == "0":
            cols[6], cols[7] = "1", "parataxis"     # one root per sentence
        cols[8] = "_"
        moved.append("\t".join(cols))
    first = [line if "\t" not in line else "\t".join(line.split("\t")[:8] + ["_", "_"])
             for line in rows[0]]
    system = tmp_path / "joined.conllu"
    system.write_text("\n".join(first + moved) + "\n\n" + blocks[2] + "\n\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "conll18",
                          "--output", "json", str(gold), str(system)], capture_output=True)
    assert out.returncode == 0, out.stderr
    assert open_and_wait(qtbot, window, gold, system, profile="conll18")
    session = window.session
    assert session.result(0, 0).status is Status.VALID, session.result(0, 0).message
    assert session.result(0, 1).status is Status.SKIP and "scored with gold sentence 1" in \
        session.result(0, 1).message
    expected = without_left_out(json.loads(out.stdout)["summary"])
    assert zeroed(session.summary(0).metrics) == pytest.approx(expected)
    assert expected["Sentences"] < 100 < expected["Words"] + 1
    # the group is drawn as it was scored: both gold sentences against the joined one
    gold_item, system_item = session.pair(0, 0)
    assert len(gold_item.words) == len(system_item.words) > 0
    assert not any("refused" in note for note in session.summary(0).notes)


WSJ = Path(__file__).resolve().parents[3] / "shared" / "anchors" / "evalb" / "real" / "wsj23_berkeley"


def joined_system(src: Path, dst: Path, first: int) -> Path:
    """`src`'s first five trees with trees `first` and `first + 1` (0-based) under one TOP."""
    lines = src.read_text(encoding="utf-8").splitlines()[:5]

    def inner(line: str) -> str:
        line = line.strip()
        return line[len("(TOP"):-1].strip()
    joined = f"(TOP {inner(lines[first])} {inner(lines[first + 1])})"
    dst.write_text("\n".join(lines[:first] + [joined] + lines[first + 2:]) + "\n",
                   encoding="utf-8")
    return dst


@pytest.mark.issue(12)
def test_jpevalb_scores_a_joined_pair_in_the_window_as_the_cli_does(qtbot, window, tmp_path):  # noqa: F811
    """The system joins WSJ23 sentences 2 and 3: under jp-evalb the window scores them as
    one pair on row 2 (row 3 says so), its totals are `tcompare score --profile jp-evalb`'s
    (All and len<=40), and every drawn bracket's verdict sits on a node with its label."""
    if not WSJ.exists():
        pytest.skip("WSJ23 anchor absent")
    gold = tmp_path / "gold.mrg"
    gold.write_text("\n".join((WSJ / "23.gold").read_text().splitlines()[:5]) + "\n")
    system = joined_system(WSJ / "23.sys_berkeley_top", tmp_path / "system.mrg", 1)
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "jp-evalb",
                          "--output", "json", str(gold), str(system)], capture_output=True)
    assert out.returncode == 0, out.stderr
    expected = json.loads(out.stdout)["summary"]
    assert open_and_wait(qtbot, window, gold, system, profile="jp-evalb")
    session = window.session
    assert session.result(0, 1).status is Status.VALID
    assert session.result(0, 2).status is Status.SKIP
    metrics = session.summary(0).metrics
    for key in ("recall", "precision", "fmeasure", "complete_match", "tagging_accuracy"):
        assert metrics[key] == pytest.approx(expected[key]), key
    window.go_to(2)
    assert "gold sentences 2, 3" in window.header.text()
    result = window.current_result
    gold_item, system_item = session.pair(0, 1)
    for side, tree in (("gold", gold_item), ("system", system_item)):
        for item in result.items_for(side):
            assert tree.node(item.ref).label.raw.split("-")[0] == item.label, (side, item)
