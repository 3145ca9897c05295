"""Speed of `tcompare errors` (Kummerfeld classes) against the published analyser, same run.

Prints `name: value unit` lines (benchmarks/run.py) for WSJ section 23, Berkeley parser output
(2,416 sentences, ../shared/anchors/evalb/real/wsj23_berkeley): wall and CPU seconds of
`tcompare errors` (reading both files included, in a fresh process) and of the analyser
(`classify_english.py` from $TCOMPARE_REFS, default ../refs/kummerfeld), the ratio, and
whether the counts agree.  The machine is shared: CPU seconds are the fairer figure.
A missing file or analyser is reported and skipped.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
ANALYSER = REFS / "kummerfeld" / "berkeley_parse_analyser"


def _timed(cmd: list[str], **kw) -> tuple[float, float, subprocess.CompletedProcess]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc


def main() -> int:
    folder = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
    gold, system = folder / "23.gold", folder / "23.sys_berkeley_top"
    if not gold.exists():
        print(f"errors_wsj23: skipped ({gold} not found)")
        return 0
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    wall, cpu, proc = _timed([sys.executable, "-m", "tcompare", "errors", str(gold), str(system)],
                             env=env)
    if proc.returncode:
        print(proc.stderr)
        return 1
    ours = [line for line in proc.stdout.splitlines() if line and not line.startswith("#")]
    print("errors_wsj23_sentences: 2416 sentences")
    print(f"errors_wsj23_tcompare_wall: {wall:.2f} s")
    print(f"errors_wsj23_tcompare_cpu: {cpu:.2f} s")
    if not (ANALYSER / "classify_english.py").exists():
        print(f"errors_wsj23_analyser: skipped ({ANALYSER} not found)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        prefix = Path(tmp) / "wsj23"
        kwall, kcpu, kproc = _timed([sys.executable, "classify_english.py", str(gold), str(system),
                                     str(prefix)], cwd=ANALYSER)
        if kproc.returncode:
            print(kproc.stderr[-2000:])
            return 1
        theirs = [line for line in (Path(str(prefix) + ".error_counts")).read_text().splitlines()
                  if line and not line.startswith("#")]
    print(f"errors_wsj23_analyser_wall: {kwall:.2f} s")
    print(f"errors_wsj23_analyser_cpu: {kcpu:.2f} s")
    print(f"errors_wsj23_speedup_wall: {kwall / wall:.1f} x")
    print(f"errors_wsj23_speedup_cpu: {kcpu / cpu:.1f} x")
    print(f"errors_wsj23_counts_equal: {'yes' if ours == theirs else 'NO'}")
    return 0 if ours == theirs else 1


if __name__ == "__main__":
    sys.exit(main())
