"""Benchmark: ``tcompare score --profile ud-eval`` against the official UD ``eval.py`` on ~1M words.

Input (built once under bench-data/, git-ignored): the UD English EWT test file (r2.12, with
enhanced dependencies and empty nodes; TCOMPARE_REFS/ewt) repeated 40 times = 1,003,760 gold
words; the system file is a perturbed copy of each repetition (different seed each, the
generators of tests/udeval_pairs.py): enhanced relations changed, added and dropped, empty
nodes, multiword tokens, merged and split words, joined sentences, heads, labels, tags.
The input is built in a process of its own (a child's
peak memory would count the builder's).  Each run is a fresh process (``python -m tcompare score --profile ud-eval -v GOLD SYSTEM``
and ``eval.py -v GOLD SYSTEM`` with its own venv, TCOMPARE_REFS/ud-tools), so the figures
include start-up, reading and decoding.  Both are run twice, interleaved, in the same session;
the medians of wall time and the peak memory (max RSS of the process) are printed with their
ratio, and the two outputs are checked to be identical.  Figures are printed, never asserted.
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
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
TOOLS = REFS / "ud-tools"
SCRIPT = TOOLS / "eval.py"
PYTHON = TOOLS / "venv" / "bin" / "python"
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
DATA = ROOT / "bench-data"
COPIES = 40
EDITS = {"merge": 30, "split": 30, "mwt": 30, "empty": 30, "enhanced": 300, "basic": 300,
         "join": 20}


def build() -> tuple[Path, Path, int]:
    DATA.mkdir(exist_ok=True)
    gold, system = DATA / "udeval_1m.gold.conllu", DATA / "udeval_1m.system.conllu"
    text = EWT.read_text(encoding="utf-8")
    words = sum(1 for line in text.split("\n") if line[:1].isdigit() and
                line.split("\t", 1)[0].isdigit()) * COPIES
    if gold.exists() and system.exists() and gold.stat().st_size == len(text.encode()) * COPIES:
        return gold, system, words       # built by an earlier run (written complete or not at all)
    sys.path.insert(0, str(ROOT / "tests"))
    from udeval_pairs import parse, perturb, write

    base = parse(text)
    partial = system.with_suffix(".partial")
    with open(partial, "w", encoding="utf-8") as out:
        for copy in range(COPIES):
            out.write(write(perturb(base, random.Random(copy), EDITS)))
    partial.replace(system)
    gold.write_text(text * COPIES, encoding="utf-8")
    return gold, system, words


def timed(cmd: list[str], cwd: Path) -> tuple[float, float, str, int]:
    """Wall time, peak memory (MB) of the process, stdout, exit status."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, out, proc.returncode


def main() -> int:
    if not EWT.exists():
        print(f"ud-eval: {EWT} not available, skipped")
        return 0
    # built in a process of its own: a child's peak memory counts what it was forked from
    subprocess.run([sys.executable, __file__, "--build"], check=True)
    gold, system, words = build()
    print(f"ud-eval input: {words} gold words ({gold.stat().st_size / 1e6:.1f} MB per file)")
    ours_cmd = [sys.executable, "-m", "tcompare", "score", "--profile", "ud-eval", "-v",
                str(gold), str(system)]
    ref_cmd = [str(PYTHON), str(SCRIPT), "-v", str(gold), str(system)]
    have_ref = SCRIPT.exists() and PYTHON.exists()
    ours, ref = [], []
    ours_out = ref_out = None
    for _ in range(2):
        t, mb, ours_out, code = timed(ours_cmd, ROOT)
        ours.append((t, mb))
        if code:
            print(f"ud-eval: tcompare exited {code}")
            return 1
        if have_ref:
            t, mb, ref_out, _ = timed(ref_cmd, TOOLS)
            ref.append((t, mb))
    ot, om = statistics.median(t for t, _ in ours), max(m for _, m in ours)
    print(f"ud-eval -v 1M words, tcompare: {ot:.2f} s, {om:.0f} MB peak (runs: "
          f"{', '.join(f'{t:.2f} s' for t, _ in ours)})")
    if ref:
        rt, rm = statistics.median(t for t, _ in ref), max(m for _, m in ref)
        print(f"ud-eval -v 1M words, eval.py: {rt:.2f} s, {rm:.0f} MB peak (runs: "
              f"{', '.join(f'{t:.2f} s' for t, _ in ref)})")
        print(f"ud-eval speed-up: {rt / ot:.1f}x; memory {rm / om:.1f}x less; outputs "
              f"identical: {ours_out == ref_out}")
    else:
        print(f"ud-eval: reference {SCRIPT} (with {PYTHON}) absent, no comparison")
    for line in (ours_out or "").splitlines()[-2:]:
        print("   " + " ".join(line.split()))
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--build"]:
        build()
        sys.exit(0)
    sys.exit(main())
