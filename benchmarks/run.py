"""`make bench`: run every benchmarks/bench_*.py in its own process and print its figures.

Each script builds what it needs (big inputs go to bench-data/, git-ignored) and prints
lines of `name: value unit`.  Figures are reported, never asserted: speed targets are
checked by reading this output, not by timed tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    only = set(argv)
    scripts = sorted(HERE.glob("bench_*.py"))
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               PYTHONPATH=str(HERE.parent))
    failed = 0
    for script in scripts:
        name = script.stem[len("bench_"):]
        if only and name not in only:
            continue
        print(f"== {name} ({script.name})", flush=True)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(script)], cwd=HERE.parent, env=env)
        print(f"   [{name} finished in {time.perf_counter() - start:.1f} s, exit {proc.returncode}]\n", flush=True)
        failed += proc.returncode != 0
    if not only or "table" in only:     # issue 14's one table of figures, last
        print("== table (table.py)", flush=True)
        proc = subprocess.run([sys.executable, str(HERE / "table.py")], cwd=HERE.parent, env=env)
        failed += proc.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
