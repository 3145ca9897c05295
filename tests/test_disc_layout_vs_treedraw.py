"""Fewer crossing branches than disco-dop's own treedraw (issue 33 item 3: "as disco-dop's
treedraw does, and better").

disco-dop (built in $TCOMPARE_REFS/discodop, skipped when absent) draws every sentence of
its own samples and of the real TIGER/TueBa exports once (tests/treedraw_crossings.py, run
by its Python); tcompare's grid (`layout.disc_grid.tree_grid`) must never cross more on any
sentence, and crosses less in total.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.layout.disc_grid import tree_grid

HERE = Path(__file__).resolve().parent
REFS = Path(os.environ.get("TCOMPARE_REFS", HERE.parent.parent / "refs"))
SRC = REFS / "discodop" / "src"
PYTHON = REFS / "discodop" / "venv" / "bin" / "python"
FILES = [("export", "iso-8859-1", HERE / "data" / "disc" / "tiger-sample.export"),
         ("export", "utf-8", HERE / "data" / "disc" / "tueba-sample.export"),
         ("export", "utf-8", SRC / "alpinosample.export"),
         ("discbracket", "utf-8", SRC / "tests" / "t2.dbr"),
         ("discbracket", "utf-8", SRC / "tests" / "longsent.dbr")]


@pytest.fixture(scope="module")
def treedraw() -> dict[str, list[int]]:
    if not (PYTHON.exists() and (SRC / "discodop" / "tree.py").exists()):
        pytest.skip("disco-dop is not built in $TCOMPARE_REFS/discodop")
    specs = [f"{fmt}:{enc}:{path}" for fmt, enc, path in FILES]
    run = subprocess.run([str(PYTHON), str(HERE / "treedraw_crossings.py"), *specs],
                         capture_output=True, text=True, timeout=300, cwd=str(SRC),
                         env={**os.environ, "PYTHONPATH": str(SRC)})
    if run.returncode != 0:
        pytest.skip(f"disco-dop's treedraw did not run: {run.stderr[-500:]}")
    return json.loads(run.stdout)


def test_never_more_crossings_than_treedraw(treedraw):
    ours_total = theirs_total = 0
    for _fmt, _enc, path in FILES:
        theirs = treedraw[str(path)]
        ours = [len(tree_grid(r.item).crossings) for r in formats.read_file(str(path)).records]
        assert len(ours) == len(theirs), path
        for k, (mine, reference) in enumerate(zip(ours, theirs), 1):
            assert mine <= reference, (path.name, k, mine, reference)
        ours_total += sum(ours)
        theirs_total += sum(theirs)
    sys.stderr.write(f"crossings: tcompare {ours_total}, disco-dop treedraw {theirs_total}\n")
    assert ours_total < theirs_total
