"""Benchmark: ``tcompare score --profile conll18`` against ``conll18_ud_eval.py`` on ~1M words.

Input (built once under bench-data/, git-ignored): the zh_gsd UD test file
(../shared/anchors/conllu, 12,010 words, 500 sentences) repeated 84 times = 1,008,840 gold
words; the system file is a perturbed copy of each repetition (different seed each): words
merged and split, multiword tokens, joined and split sentences, relation subtypes, heads,
tags, lemmas and features changed (the generators of tests/test_conll18.py).  Each run is a
fresh process (``python -m tcompare score --profile conll18 -v GOLD SYSTEM`` and
``python conll18_ud_eval.py -v GOLD SYSTEM``), so the figures include start-up, reading and
decoding.  Both are run 3 times, interleaved, in the same session; the medians of wall time
are reported with their ratio, and the two outputs are checked to be identical.  Also timed
(once): ``--output json`` (every pair's items and the alignment).  Figures are printed,
never asserted.  The reference is found through TCOMPARE_REFS (default ../refs).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SCRIPT = REFS / "conll18" / "evaluation_script" / "conll18_ud_eval.py"
DATA = ROOT / "bench-data"
COPIES = 84
EDITS = {"merge": 40, "split": 40, "mwt": 25, "mwt_form": 10, "join": 8, "split_sentence": 8,
         "relabel": 250, "rehead": 250, "tags": 200, "lemma": 150, "feats": 150}


def build() -> tuple[Path, Path, int]:
    DATA.mkdir(exist_ok=True)
    src = ANCHORS / "conllu" / "zh_gsd-ud-test.conllu"
    gold, system = DATA / "conll18_1m.gold.conllu", DATA / "conll18_1m.system.conllu"
    text = src.read_text(encoding="utf-8")
    words = sum(1 for line in text.split("\n") if line[:1].isdigit() and "\t" in line) * COPIES
    if gold.exists() and system.exists() and gold.stat().st_size == len(text.encode()) * COPIES:
        return gold, system, words       # built by an earlier run (written complete or not at all)
    sys.path.insert(0, str(ROOT / "tests"))
    from test_conll18 import parse_blocks, perturb, write_blocks

    base = parse_blocks(text)
    partial = system.with_suffix(".partial")
    with open(partial, "w", encoding="utf-8") as out:
        for copy in range(COPIES):
            out.write(write_blocks(perturb(base, random.Random(copy), EDITS)))
    partial.replace(system)
    gold.write_text(text * COPIES, encoding="utf-8")
    return gold, system, words


def timed(cmd: list[str]) -> tuple[float, str, int]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return time.perf_counter() - start, proc.stdout, proc.returncode


def main() -> int:
    if not (ANCHORS / "conllu" / "zh_gsd-ud-test.conllu").exists():
        print("conll18: anchors not available, skipped")
        return 0
    gold, system, words = build()
    print(f"conll18 input: {words} gold words ({gold.stat().st_size / 1e6:.1f} MB per file)")
    ours_cmd = [sys.executable, "-m", "tcompare", "score", "--profile", "conll18", "-v",
                str(gold), str(system)]
    ref_cmd = [sys.executable, str(SCRIPT), "-v", str(gold), str(system)]
    ours_t, ref_t = [], []
    ours_out = ref_out = None
    for _ in range(3):
        t, ours_out, code = timed(ours_cmd)
        ours_t.append(t)
        if code:
            print(f"conll18: tcompare exited {code}")
            return 1
        if SCRIPT.exists():
            t, ref_out, _ = timed(ref_cmd)
            ref_t.append(t)
    ours = statistics.median(ours_t)
    print(f"conll18 -v 1M words, tcompare: {ours:.2f} s (median of 3: "
          f"{', '.join(f'{t:.2f}' for t in ours_t)})")
    if ref_t:
        ref = statistics.median(ref_t)
        print(f"conll18 -v 1M words, conll18_ud_eval.py: {ref:.2f} s (median of 3: "
              f"{', '.join(f'{t:.2f}' for t in ref_t)})")
        print(f"conll18 speed-up: {ref / ours:.1f}x; outputs identical: {ours_out == ref_out}")
    else:
        print(f"conll18: reference {SCRIPT} absent, no comparison")
    print("   " + " ".join((ours_out or "").splitlines()[10].split()))
    t, out, _ = timed(ours_cmd[:-2] + ["--output", "json", str(gold), str(system)])
    print(f"conll18 --output json 1M words: {t:.2f} s ({len(out) / 1e6:.0f} MB of JSON)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
