"""The heavy sweep: 320 generated pairs (real trees perturbed: relabel, delete, insert,
move subtrees and words -- discontinuous constituents --, retag, function tags) in four
files, each scored by ``discodop eval`` and by the discodop profile under several option
sets; stdout byte for byte.  One reference interpreter for all the runs, cached on disk
(tests/discodop_pairs.py).  The fast representative is in test_discodop.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import discodop_pairs as dp  # noqa: E402

pytestmark = [pytest.mark.heavy,
              pytest.mark.skipif(not dp.available(), reason="disco-dop not built")]

SEEDS = (1, 2, 3, 4)
PER_FILE = 80
OPTION_SETS = [
    ["proper"], ["proper", "--disconly"], ["proper", "--la", "--ted"],
    ["proper", "--functions=add"], ["proper", "--functions=replace", "--verbose"],
    ["--cutofflen=15", "--functions=leave"],
]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[list[str], dict, dict]]:
    d = tmp_path_factory.mktemp("discodop_sweep")
    files: dict[str, Path] = {"proper": dp.SRC / "proper.prm"}
    cases = []
    for seed in SEEDS:
        gold, system = dp.make_trees(seed, PER_FILE)
        for name, text in ((f"g{seed}.dbr", "\n".join(map(dp.discbracket, gold)) + "\n"),
                           (f"s{seed}.dbr", "\n".join(map(dp.discbracket, system)) + "\n"),
                           (f"g{seed}.export", dp.export(gold)),
                           (f"s{seed}.export", dp.export(system)),
                           (f"g{seed}.xml", dp.tiger(gold)), (f"s{seed}.xml", dp.tiger(system))):
            (d / name).write_text(text, encoding="utf-8")
            files[name] = d / name
        for opts in OPTION_SETS:
            cases.append(([f"g{seed}.dbr", f"s{seed}.dbr", *opts, "--fmt=discbracket"], files))
            cases.append(([f"g{seed}.export", f"s{seed}.export", *opts], files))
        cases.append(([f"g{seed}.xml", f"s{seed}.xml", "proper", "--fmt=tiger", "--la"], files))
    theirs = dp.reference_many(cases)
    mine = dp.ours(cases)
    return [(args, t, m) for (args, _), t, m in zip(cases, theirs, mine)]


def test_pairs_count() -> None:
    assert len(SEEDS) * PER_FILE >= 300


def test_sweep_same_as_discodop_eval(runs: list[tuple[list[str], dict, dict]]) -> None:
    bad = [" ".join(args) for args, t, m in runs
           if (t["code"], t["stdout"]) != (m["code"], m["stdout"])]
    assert not bad, f"{len(bad)} of {len(runs)} runs differ: {bad[:5]}"
    assert all(t["code"] == 0 for _, t, _ in runs)
    # the sweep scores discontinuous constituents, on both sides
    assert sum("(disc.)" in t["stdout"] or "disc. gold" in t["stdout"] for _, t, _ in runs) > 20
