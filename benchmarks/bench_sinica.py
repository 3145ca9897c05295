"""Speed of reading and scoring the 10,000-tree Sinica sample against itself (sighan2012).

Prints `name: value unit` lines (benchmarks/run.py).  Needs ../shared/anchors/sinica/parsed
(or $TCOMPARE_ANCHORS/sinica/parsed); says so and exits 0 when it is absent.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tcompare import formats  # noqa: E402
from tcompare.scoring import profiles  # noqa: E402
from tcompare.scoring.pairing import pair_records  # noqa: E402


def main() -> int:
    anchors = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
    path = anchors / "sinica" / "parsed"
    if not path.exists():
        print(f"sinica sample not found at {path}; skipped")
        return 0
    start = time.perf_counter()
    corpus = formats.read_file(path)
    split = time.perf_counter() - start
    start = time.perf_counter()
    trees = [r.item for r in corpus]          # the reader parses lazily: force every tree
    parse = time.perf_counter() - start
    n = len(trees)
    print(f"sinica_read_split: {split:.3f} s ({n} lines)")
    print(f"sinica_parse: {n / parse:.0f} trees/s")
    profile = profiles.get("sighan2012")
    for task in ("parsing", "srl"):
        config = profile.prepare({"task": task})
        start = time.perf_counter()
        results = pair_records(corpus, corpus, profile, config)
        summary = profile.aggregate(results, config)
        elapsed = time.perf_counter() - start
        print(f"sighan2012_{task}_score: {n / elapsed:.0f} trees/s "
              f"(micro_F1 {summary.metrics['micro_F1']:.2f}, macro_F1 {summary.metrics['macro_F1']:.2f})")
    start = time.perf_counter()
    data = formats.corpus_bytes(corpus)
    print(f"sinica_write: {time.perf_counter() - start:.3f} s, identical: {data == path.read_bytes()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
