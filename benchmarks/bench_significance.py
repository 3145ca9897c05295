"""`tcompare compare` with three systems on WSJ section 23 (2,416 sentences; anchors).

    .venv/bin/python benchmarks/bench_significance.py

The systems: the Berkeley parser's output without and with TOP, and the gold file itself;
10,000 shuffles per pair, 1,000 bootstrap resamples per system, EVALB.  Reports the CPU
time of each step (`tcompare.analysis.significance`) and of the whole command.  Skipped
(exit 0, a note) when the anchors are absent.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
WSJ23 = ANCHORS / "evalb" / "real" / "wsj23_berkeley"


def main() -> int:
    if not (WSJ23 / "23.gold").exists():
        print(f"significance: skipped ({WSJ23} not available)")
        return 0
    from tcompare import formats
    from tcompare.analysis import significance as sig
    from tcompare.scoring import profiles
    from tcompare.scoring.batch import slim_results

    clock = time.process_time
    files = [WSJ23 / n for n in ("23.sys_berkeley", "23.sys_berkeley_top", "23.gold")]
    profile = profiles.get("evalb")
    config = profile.prepare({})
    t = clock()
    gold = formats.read_file(str(WSJ23 / "23.gold"))
    results = {f.name: slim_results(gold, formats.read_file(str(f)), profile, config, 0, len(gold))
               for f in files}
    print(f"read_and_score_3_systems: {clock() - t:.2f} s")
    t = clock()
    model = sig.count_model(profile, config, list(results.values()), profile.headline)
    vectors = {n: sig.per_sentence_counts(model, r) for n, r in results.items()}
    print(f"count_model_and_vectors: {clock() - t:.2f} s")
    t = clock()
    sig.pairwise_matrix(vectors, model.metric, trials=10_000, seed=1)
    print(f"matrix_3_pairs_10000_shuffles: {clock() - t:.2f} s")
    t = clock()
    for v in vectors.values():
        sig.bootstrap_ci(v, model.metric, 0.95, 1_000, seed=1)
    print(f"bootstrap_3_systems_1000: {clock() - t:.2f} s")
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tcompare", "compare", str(WSJ23 / "23.gold"),
                           *map(str, files), "--seed", "1", "--output", "json"],
                          capture_output=True, cwd=ROOT)
    print(f"compare_command_wall: {time.perf_counter() - t:.2f} s (exit {proc.returncode})")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
