"""Benchmark: the WSJ §23 x 17 pair (41,072 sentences, ~14 MB a side) read and scored.

Builds ``bench-data/big.gld`` / ``big.tst`` from anchors/evalb/real/wsj23_berkeley when they
are missing (recipe in anchors/evalb/real/README.md), then prints:

* PTB reading time of both files through the format registry (lazy records);
* wall time and peak RSS of ``tcompare score --profile evalb -p COLLINS.prm`` -- once exactly
  as C EVALB would be run (MAX_ERROR 10 stops it at the 12th error, exit 1) and once with
  ``-e 1000000`` so every sentence is scored -- plus single-process figures;
* a consistency check of the output against the reference ``evalb.txt`` (every block of
  2416 rows equals the reference rows, IDs aside).

Run: ``.venv/bin/python benchmarks/bench_evalb.py`` (``make bench``).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
WSJ = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
COPIES = 17


def build() -> tuple[Path, Path]:
    DATA.mkdir(exist_ok=True)
    gold, test = DATA / "big.gld", DATA / "big.tst"
    for target, source in ((gold, WSJ / "23.gold"), (test, WSJ / "23.sys_berkeley_top")):
        if not target.exists():
            target.write_bytes(source.read_bytes() * COPIES)
    return gold, test


def timed_run(args: list[str]) -> tuple[float, int, bytes, bytes, int]:
    """Wall seconds, peak RSS (KB, the largest process), stdout, stderr, exit code."""
    cmd = [sys.executable, "-m", "tcompare", "score", "--profile", "evalb", *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, cwd=ROOT)
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before), proc.stdout, proc.stderr, proc.returncode


def check_rows(out: bytes) -> bool:
    reference = (WSJ / "evalb.txt").read_bytes().splitlines()[3:3 + 2416]
    rows = out.splitlines()[3:]
    ref_cells = [r.split()[1:] for r in reference]
    for k, row in enumerate(rows):
        if row.startswith(b"====="):
            break
        if row.split()[1:] != ref_cells[k % 2416] or int(row.split()[0]) != k + 1:
            return False
    return True


def main() -> None:
    if not WSJ.exists():
        print(f"anchors not found at {WSJ}; nothing to benchmark")
        return
    gold, test = build()
    print(f"input: {gold.stat().st_size / 1e6:.1f} MB + {test.stat().st_size / 1e6:.1f} MB, "
          f"{COPIES * 2416} sentences a side")

    sys.path.insert(0, str(ROOT))
    from tcompare import formats

    start = time.perf_counter()
    a, b = formats.read_file(gold), formats.read_file(test)
    print(f"ptb_read_both_files: {time.perf_counter() - start:.2f} s ({len(a)} + {len(b)} records, lazy trees)")

    prm = str(ROOT / "resources" / "prm" / "COLLINS.prm")
    runs = [("score_like_c_evalb", "-p COLLINS.prm; MAX_ERROR 10 stops at the 12th error", ["-p", prm]),
            ("score_all", "-p COLLINS.prm -e 1000000", ["-p", prm, "-e", "1000000"]),
            ("score_all_one_process", "--jobs 1 -p COLLINS.prm -e 1000000",
             ["--jobs", "1", "-p", prm, "-e", "1000000"])]
    for name, what, args in runs:
        best, peak = None, 0
        for _ in range(3):
            wall, peak, out, err, code = timed_run([*args, str(gold), str(test)])
            best = wall if best is None else min(best, wall)
        print(f"evalb_{name}_wall: {best:.2f} s (best of 3; {what}; exit {code}, "
              f"{len(out.splitlines())} lines out, {len(err.splitlines())} on stderr)")
        print(f"evalb_{name}_peak_rss: {peak / 1024:.0f} MB")
        print(f"evalb_{name}_rows_match_reference: {'yes' if check_rows(out) else 'NO'}")


if __name__ == "__main__":
    main()
