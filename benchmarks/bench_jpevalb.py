"""Benchmark: ``tcompare score --profile jp-evalb`` against ``jp-evalb.py`` on WSJ section 23.

Pairs (anchors/evalb/real/wsj23_berkeley, 2,416 gold sentences):

* ``aligned``: 23.gold vs the Berkeley parser's 23.sys_berkeley (same sentences);
* ``misaligned``: the same system side with one sentence dropped, two joined, one split,
  two words merged and one word split (built into bench-data/, as tests/test_jpevalb.py
  builds its "all" variant).

For each pair: wall time of both programs as whole processes (start-up included), median
of 3 runs, in the same run of this script, and whether the reports are identical (the two
"Current time" lines aside).  The reference is found through $TCOMPARE_REFS (default
../refs) and needs nltk; without it only our figures are printed.

Run: ``.venv/bin/python benchmarks/bench_jpevalb.py`` (``make bench``).
"""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
WSJ = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
JP = REFS / "jp-evalb" / "jp-evalb.py"
RUNS = 3


def misaligned() -> Path:
    sys.path.insert(0, str(ROOT / "tests"))
    import test_jpevalb as t  # the variant builders

    DATA.mkdir(exist_ok=True)
    target = DATA / "jpevalb-misaligned.sys"
    if not target.exists():
        t.write(target, t.wsj_variants(None)["all"])
    return target


def timed(cmd: list[str], cwd: Path) -> tuple[float, str, int]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", cwd=cwd)
    return time.perf_counter() - start, proc.stdout, proc.returncode


def body(report: str, ours: bool) -> str:
    lines = report.split("\n")[1:]            # first line: Current time
    if not ours:
        del lines[-3]                         # the reference's final Current time line
    return "\n".join(lines)


def bench(name: str, gold: Path, system: Path) -> None:
    with tempfile.TemporaryDirectory() as work:
        ours_cmd = [sys.executable, "-m", "tcompare", "score", "--profile", "jp-evalb", str(gold), str(system)]
        ours = [timed(ours_cmd, ROOT) for _ in range(RUNS)]
        ours_t = statistics.median(t for t, _, _ in ours)
        print(f"jp-evalb {name} tcompare: {ours_t:.2f} s (median of {RUNS}; exit {ours[0][2]})")
        if not JP.exists() or importlib.util.find_spec("nltk") is None:
            print(f"jp-evalb {name} jp-evalb.py: not available ({JP}, nltk)")
            return
        ref = [timed([sys.executable, str(JP), str(gold), str(system)], Path(work)) for _ in range(RUNS)]
        ref_t = statistics.median(t for t, _, _ in ref)
        print(f"jp-evalb {name} jp-evalb.py: {ref_t:.2f} s (median of {RUNS}; exit {ref[0][2]})")
        print(f"jp-evalb {name} speed-up: {ref_t / ours_t:.1f} x")
        same = ours[0][2] == ref[0][2] and (ours[0][2] != 0 or body(ours[0][1], True) == body(ref[0][1], False))
        print(f"jp-evalb {name} identical report: {'yes' if same else 'NO'}")


def main() -> int:
    gold = WSJ / "23.gold"
    if not gold.exists():
        print(f"jp-evalb: anchors not available ({WSJ}); nothing to measure")
        return 0
    bench("aligned (WSJ23, 2416 sentences)", gold, WSJ / "23.sys_berkeley")
    bench("misaligned (drop, join, split, merged/split words)", gold, misaligned())
    return 0


if __name__ == "__main__":
    sys.exit(main())
