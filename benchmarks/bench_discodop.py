"""Benchmark: ``tcompare score --profile discodop`` against ``discodop eval`` on a
TIGER-sized pair (50,000 sentences).

Input (built once under bench-data/, git-ignored): disco-dop's own sample trees
(alpinosample.export, tests/t2.dbr, tests/longsent.dbr) repeated to 50,000 gold sentences
in NEGRA export format; the system file perturbs each copy at random (seeded; the
generators of tests/discodop_pairs.py: relabelled, removed, inserted and moved phrases,
moved words -- discontinuous constituents --, changed tags and function tags).  Each run
is a fresh process (``python -m tcompare score --profile discodop GOLD SYSTEM proper.prm``
and ``python -m discodop.cli eval GOLD SYSTEM proper.prm`` with disco-dop's venv), both with
PYTHONHASHSEED=0 so their outputs can be compared byte for byte; wall time and peak memory
(max RSS) of each, in the same session.  ``BENCH_DISCODOP_RUNS`` (default 1) runs each
that many times, interleaved (the reference takes minutes).  Figures are printed, never
asserted.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SRC = REFS / "discodop" / "src"
PYTHON = REFS / "discodop" / "venv" / "bin" / "python"
DATA = ROOT / "bench-data"
SENTENCES = 50_000


def build() -> tuple[Path, Path]:
    DATA.mkdir(exist_ok=True)
    gold, system = DATA / "discodop_50k.gold.export", DATA / "discodop_50k.system.export"
    if gold.exists() and system.exists():
        return gold, system            # written complete (renamed into place) or not at all
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT))
    from discodop_pairs import export, make_trees

    g, s = make_trees(2026, SENTENCES)
    for path, trees in ((gold, g), (system, s)):
        partial = path.with_suffix(".partial")
        partial.write_text(export(trees), encoding="utf-8")
        partial.replace(path)
    return gold, system


def timed(cmd: list[str], cwd: Path) -> tuple[float, float, str, int]:
    """Wall time, peak memory (MB) of the process, stdout, exit status."""
    start = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, out, proc.returncode


def main() -> int:
    if not (SRC / "alpinosample.export").exists():
        print(f"discodop: {SRC} not available, skipped")
        return 0
    subprocess.run([sys.executable, __file__, "--build"], check=True)
    gold, system = build()
    print(f"discodop input: {SENTENCES} sentences ({gold.stat().st_size / 1e6:.1f} MB gold, "
          f"{system.stat().st_size / 1e6:.1f} MB system, export)")
    prm = SRC / "proper.prm"
    ours_cmd = [sys.executable, "-m", "tcompare", "score", "--profile", "discodop",
                str(gold), str(system), str(prm)]
    ref_cmd = [str(PYTHON), "-m", "discodop.cli", "eval", str(gold), str(system), str(prm)]
    have_ref = PYTHON.exists()
    runs = int(os.environ.get("BENCH_DISCODOP_RUNS", "1"))
    ours, ref = [], []
    ours_out = ref_out = None
    for _ in range(runs):
        t, mb, ours_out, code = timed(ours_cmd, ROOT)
        ours.append((t, mb))
        if code:
            print(f"discodop: tcompare exited {code}")
            return 1
        if have_ref:
            t, mb, ref_out, _ = timed(ref_cmd, SRC)
            ref.append((t, mb))
    ot, om = statistics.median(t for t, _ in ours), max(m for _, m in ours)
    print(f"discodop 50k sentences, tcompare: {ot:.2f} s, {om:.0f} MB peak")
    if ref:
        rt, rm = statistics.median(t for t, _ in ref), max(m for _, m in ref)
        print(f"discodop 50k sentences, discodop eval: {rt:.2f} s, {rm:.0f} MB peak")
        print(f"discodop speed-up: {rt / ot:.1f}x; memory {rm / om:.1f}x less; outputs "
              f"identical: {ours_out == ref_out}")
    else:
        print(f"discodop: reference {PYTHON} absent, no comparison")
    for line in (ours_out or "").splitlines()[-9:-1]:
        print("   " + " ".join(line.split()))
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--build"]:
        build()
        sys.exit(0)
    sys.exit(main())
