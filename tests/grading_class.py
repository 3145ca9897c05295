"""A Chinese class made from real Sinica trees (../shared/anchors/sinica/parsed), for the
grading tests: each student's file is the gold file with known faults, so every count the
grader reports is known in advance."""

from __future__ import annotations

import re
from pathlib import Path

SINICA = Path(__file__).resolve().parent.parent.parent / "shared" / "anchors" / "sinica" / "parsed"
N = 24


def gold_lines() -> list[str]:
    text = SINICA.read_bytes().decode("utf-8")
    return text.split("\r\n")[:N]


def broken(line: str) -> tuple[str, int]:
    """`line` with a syntax error ('|Head:' made '|Head(': one bracket left open) and the
    1-based column where a reader finds it: the '#' after the tree, where ')' is due."""
    k = line.index("|Head:")
    bad = line[:k] + "|Head(" + line[k + 6:]
    return bad, bad.index("#", bad.index("]")) + 1


def make_class(folder: Path) -> tuple[Path, Path, dict[str, dict]]:
    """(gold file, class folder, what each student's file holds)."""
    lines = gold_lines()
    gold = folder / "exercise.sinica"
    gold.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))
    cls = folder / "class"
    cls.mkdir()

    def write(name: str, rows: list[str]) -> None:
        (cls / name).write_bytes(("\r\n".join(rows) + "\r\n").encode("utf-8"))

    expect: dict[str, dict] = {}
    write("ann.sinica", lines)
    expect["ann"] = dict(done=N, missing=0, unreadable=0, mismatch=0, extra=0)
    # NP relabelled VP in every third sentence (the first NP of the line)
    write("bo.sinica", [re.sub(r"NP\(", "VP(", s, count=1) if i % 3 == 0 else s
                        for i, s in enumerate(lines)])
    expect["bo"] = dict(done=N, missing=0, unreadable=0, mismatch=0, extra=0)
    # three sentences not handed in
    write("chen.sinica", [s for i, s in enumerate(lines) if i not in (2, 9, 17)])
    expect["chen"] = dict(done=N - 3, missing=3, unreadable=0, mismatch=0, extra=0,
                          missing_at=[3, 10, 18])
    # two sentences with a syntax error, one missing, PP relabelled NP everywhere
    rows = [re.sub(r"PP\(", "NP(", s) for s in lines]
    bad = {}
    for i in (4, 13):
        rows[i], bad[i + 1] = broken(rows[i])
    del rows[20]
    write("dai.sinica", rows)
    expect["dai"] = dict(done=N - 3, missing=1, unreadable=2, mismatch=0, extra=0,
                         missing_at=[21], unreadable_at=sorted(bad), bad_columns=bad)
    # an empty file: nothing handed in
    (cls / "eve.sinica").write_bytes(b"")
    expect["eve"] = dict(done=0, missing=N, unreadable=0, mismatch=0, extra=0)
    # bytes no encoding reads: the whole file cannot be graded
    (cls / "fu.sinica").write_bytes(bytes(range(128, 256)) * 8)
    expect["fu"] = dict(done=0, missing=0, unreadable=N, mismatch=0, extra=0)
    # a sentence handed in twice, and one word changed in another
    rows = list(lines)
    rows.insert(7, lines[6])
    k = 15
    word = re.search(r":([^:|()]+)\)", rows[k + 1])
    rows[k + 1] = rows[k + 1][:word.start(1)] + "某" + rows[k + 1][word.end(1):]
    write("gao.sinica", rows)
    expect["gao"] = dict(done=N - 1, missing=0, unreadable=0, mismatch=1, extra=1,
                         mismatch_at=[k + 1])
    return gold, cls, expect
