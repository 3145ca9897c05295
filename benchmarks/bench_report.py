"""`tcompare report` on WSJ23 x 17 (41,072 sentences) with 3 systems (issue 17: < 1 minute).

    .venv/bin/python benchmarks/bench_report.py [--detail N] [--jobs N]

The systems are the Berkeley parser's output without and with TOP, and the gold file
itself (bench_gui's repeated files; the third built the same way).  Prints the wall time of
each phase (the progress messages) and the total, and the load average before and after:
on a shared machine the figure says little without it.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def main(argv: list[str]) -> int:
    import argparse

    from bench_gui import COPIES, DATA, SOURCE, build_big_files

    parser = argparse.ArgumentParser()
    parser.add_argument("--detail", type=int, default=None)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    gold, top = build_big_files()
    plain = DATA / "big_notop.tst"
    if not plain.exists():
        plain.write_bytes((SOURCE / "23.sys_berkeley").read_bytes() * COPIES)
    from tcompare.export import report_data
    from tcompare.export.report_html import write_report

    last = [time.perf_counter()]

    def progress(_fraction: float, text: str) -> None:
        now = time.perf_counter()
        print(f"  {now - last[0]:6.2f} s, then {text}")
        last[0] = now

    print(f"load average before: {os.getloadavg()}")
    start = time.perf_counter()
    data = write_report(DATA / "report.html", str(gold), [str(plain), str(top), str(gold)],
                        detail_limit=args.detail or report_data.DETAIL, jobs=args.jobs,
                        progress=progress)
    total = time.perf_counter() - start
    print(f"report: {total:.1f} s for {data.systems[0].sentences} sentences x "
          f"{len(data.systems)} systems; load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
