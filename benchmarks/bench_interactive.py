"""`tcompare report --interactive` on WSJ23 x 17 (41,072 sentences), then the page in
headless Chromium (issue 32, item 2: first paint under 3 s, sentence 40,000 by link and
by keyboard).

    .venv/bin/python benchmarks/bench_interactive.py [--systems 1|3] [--runs N]

Prints the writing time and peak memory of the command, the file's size, and per browser
run (a fresh Chromium each time): the load event, the first contentful paint, the moment
the table is filled (`data-ready-ms`, from the navigation's start), the moment the whole
file is read and a sentence can be drawn (`data-complete`), the time to open
sentence 40,000 by a ``#s=40000`` link and by the keyboard (g, 40000, Enter), a text
search over every sentence, sorting every row by the figure, the status filter; console
errors and network requests (both must be 0).  The load average is printed too: on a shared machine a time says little without it.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))


def write(paths: list[Path], target: Path, *extra: str) -> tuple[float, float]:
    cmd = [sys.executable, "-m", "tcompare", "report", *extra, *map(str, paths), "-o", str(target)]
    start = time.perf_counter()
    process = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)      # this command's own peak
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(cmd)}: exit {process.returncode}")
    return wall, usage.ru_maxrss / 1024


def browse(target: Path) -> dict[str, float]:
    import browser

    out: dict[str, float] = {}
    with browser.Page(target) as page:
        out["load"] = page.load_seconds
        page.wait_for("document.body.dataset.ready", timeout=60)
        out["ready"] = int(page.evaluate("document.body.dataset.readyMs")) / 1000
        page.wait_for("document.body.dataset.complete", timeout=60)
        out["complete"] = int(page.evaluate("document.body.dataset.complete")) / 1000
        paints = dict(page.evaluate("performance.getEntriesByType('paint').map(e => [e.name, e.startTime])"))
        out["fcp"] = paints.get("first-contentful-paint", float("nan")) / 1000
        start = time.perf_counter()
        page.go("#s=40000")
        page.wait_for("document.body.dataset.selected === '40000' && !!document.querySelector('#detail svg')")
        out["link"] = time.perf_counter() - start
        page.key("Home", key_code=36)
        start = time.perf_counter()
        page.key("g", key_code=71)
        for digit in "40000":
            page.key(digit, key_code=48 + int(digit))
        page.key("Enter", key_code=13)
        page.wait_for("document.body.dataset.selected === '40000'")
        out["keys"] = time.perf_counter() - start
        start = time.perf_counter()
        page.evaluate("(() => {const s = document.getElementById('search'); s.value = 'stock market';"
                      "s.dispatchEvent(new Event('input'));})()")
        page.wait_for("document.getElementById('running').dataset.shown !== String("
                      "JSON.parse(document.getElementById('tc-rows-0').textContent).st.length)")
        out["search"] = time.perf_counter() - start - 0.15     # less the typing pause
        start = time.perf_counter()           # every row sorted by the figure, worst first
        page.evaluate("document.getElementById('search').value = ''; "
                      "document.querySelector('#head [data-sort=f]').click()")
        out["sort"] = time.perf_counter() - start
        start = time.perf_counter()           # the status filter over every row
        page.evaluate("(() => {const s = document.getElementById('status'); s.value = 'errors';"
                      "s.dispatchEvent(new Event('change'));})()")
        out["filter"] = time.perf_counter() - start
        check = page.check()
        out["errors"], out["requests"] = len(check.errors), len(check.requests)
    return out


def main(argv: list[str]) -> int:
    import argparse

    import browser
    from bench_gui import COPIES, DATA, SOURCE, build_big_files

    parser = argparse.ArgumentParser()
    parser.add_argument("--systems", type=int, choices=(1, 3), default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    gold, top = build_big_files()
    paths = [gold, top]
    if args.systems == 3:
        plain = DATA / "big_notop.tst"
        if not plain.exists():
            plain.write_bytes((SOURCE / "23.sys_berkeley").read_bytes() * COPIES)
        paths = [gold, plain, top, gold]
    target = DATA / f"interactive-{args.systems}.html"
    print(f"load average before: {os.getloadavg()}")
    # the reference of the same run: the static report (summary, charts, 5 worst sentences)
    static = DATA / f"static-{args.systems}.html"
    wall, peak = write(paths, static)
    print(f"static_report_write_{args.systems}sys: {wall:.1f} s, peak {peak:.0f} MB, "
          f"size {static.stat().st_size / 1e6:.1f} MB")
    wall, peak = write(paths, target, "--interactive")
    size = target.stat().st_size
    print(f"interactive_write_{args.systems}sys: {wall:.1f} s, peak {peak:.0f} MB")
    print(f"interactive_size_{args.systems}sys: {size / 1e6:.1f} MB ({size} bytes)")
    if not browser.available():
        print("interactive_browser: skipped (no Chromium or websocket-client)")
        return 0
    runs = [browse(target) for _ in range(args.runs)]
    for key, unit in (("load", "s"), ("fcp", "s"), ("ready", "s"), ("complete", "s"), ("link", "s"), ("keys", "s"),
                      ("search", "s"), ("sort", "s"), ("filter", "s"), ("errors", ""), ("requests", "")):
        values = [r[key] for r in runs]
        shown = ", ".join(f"{v:.2f}" if unit else f"{v:g}" for v in values)
        print(f"interactive_{key}_{args.systems}sys: median {statistics.median(values):.2f} {unit} ({shown})")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
