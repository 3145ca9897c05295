"""Benchmark: ``tcompare score --profile conllx -q`` on 1,000,000 tokens.

Input: the Swedish MaltParser anchor pair (../shared/anchors/conllx, 2,651 tokens) repeated
378 times = 1,002,078 tokens, 86,940 sentences, written to bench-data/ (git-ignored).  Each
run is a fresh process (``python -m tcompare score -q GOLD SYSTEM``), so the figures include
start-up, reading, decoding, the line-structure check and scoring; peak memory is the
child's maximum resident set size.  Also timed: ``-b -q`` (per-sentence table), the JSON
output (full per-arc verdicts) and the full eval.pl report, on 100,000 tokens.
Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
DATA = ROOT / "bench-data"


def build(copies: int, tag: str) -> tuple[Path, Path, int]:
    DATA.mkdir(exist_ok=True)
    src_g = (ANCHORS / "conllx" / "gold.conll").read_bytes()
    src_s = (ANCHORS / "conllx" / "system.conll").read_bytes()
    gold, system = DATA / f"conllx_{tag}.gold.conll", DATA / f"conllx_{tag}.system.conll"
    if not gold.exists() or gold.stat().st_size != len(src_g) * copies:
        gold.write_bytes(src_g * copies)
        system.write_bytes(src_s * copies)
    tokens = sum(1 for line in src_g.split(b"\n") if line.strip()) * copies
    return gold, system, tokens


# the child reports its own peak RSS on stderr (RUSAGE_CHILDREN would keep the maximum
# over every child run so far)
CHILD = ("import resource, sys\n"
         "from tcompare.entry import main\n"
         "code = main(sys.argv[1:])\n"
         "sys.stdout.flush()\n"
         "u = resource.getrusage(resource.RUSAGE_SELF)\n"
         "print('maxrss', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)\n"
         "sys.exit(code)\n")


def timed(args: list[str]) -> tuple[str, float, str]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, "score", *args], cwd=ROOT,
                          capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    elapsed = time.perf_counter() - start
    peak, cpu = 0.0, 0.0
    for line in proc.stderr.splitlines():
        if line.startswith("maxrss "):
            peak, cpu = int(line.split()[1]) / 1024.0, float(line.split()[2])
        else:
            print(line, file=sys.stderr)
    # wall time depends on machine load; CPU time of the process is the steadier figure
    return f"{elapsed:.2f} s wall, {cpu:.2f} s CPU", peak, proc.stdout


def main() -> int:
    if not (ANCHORS / "conllx" / "gold.conll").exists():
        print("conllx: anchors not available, skipped")
        return 0
    gold, system, tokens = build(378, "1m")
    print(f"conllx input: {tokens} tokens ({gold.stat().st_size / 1e6:.1f} MB per file)")
    t, mem, out = timed(["--profile", "conllx", "-q", str(gold), str(system)])
    print(f"conllx -q 1M tokens: {t}, peak RSS {mem:.0f} MB")
    print("   " + out.splitlines()[0].strip() if out else "   (no output)")
    t, mem, _ = timed(["--profile", "conllx", "-b", "-q", str(gold), str(system)])
    print(f"conllx -b -q 1M tokens: {t}, peak RSS {mem:.0f} MB")
    gold_s, system_s, tokens_s = build(38, "100k")
    t, mem, _ = timed(["--profile", "conllx", str(gold_s), str(system_s)])
    print(f"conllx full report {tokens_s} tokens: {t}, peak RSS {mem:.0f} MB")
    t, mem, _ = timed(["--profile", "conllx", "--output", "json", "--summary-only", str(gold_s), str(system_s)])
    print(f"conllx --output json (all arcs scored) {tokens_s} tokens: {t}, peak RSS {mem:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
