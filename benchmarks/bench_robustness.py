"""Issue 15 robustness figures: pathological inputs through the real command line.

Each case runs `python -m tcompare score ...` in its own process; printed are wall time,
peak RSS of that process (wait4) and the size of what it wrote.  Targets (issue 15): each
within seconds and <= 300 MB peak.  Inputs are built under bench-data/robustness/.

    depth-1e5 tree      right- vs left-branching trees of 10^5 words (EVALB report, JSON)
    1e5-word sentence   flat PTB tree (JSON) and one CoNLL sentence (eval.pl -q report)
    1 MB token          a PTB leaf of 1 MB, and a 1 MB NUL token (stderr must stay small)
    1e6 sentences       10^6 short trees through `score --output json`
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data" / "robustness"
N = 100_000
SENTENCES = int(os.environ.get("TCOMPARE_BENCH_SENTENCES", 1_000_000))


def build() -> dict[str, Path]:
    DATA.mkdir(parents=True, exist_ok=True)
    files = {
        "deep_r.mrg": lambda: "".join("(S (X x) " for _ in range(N - 1)) + "(X x)" + ")" * (N - 1) + "\n",
        "deep_l.mrg": lambda: "(S " * (N - 1) + "(X x)" + "".join(" (X x))" for _ in range(N - 1)) + "\n",
        "long.mrg": lambda: "(S " + " ".join("(X x)" for _ in range(N)) + ")\n",
        "long.conll": lambda: "".join(f"{i}\tw{i}\tw\tN\tN\t_\t{i - 1}\tdep\t_\t_\n"
                                      for i in range(1, N + 1)) + "\n",
        "long_sys.conll": lambda: "".join(f"{i}\tw{i}\tw\tN\tN\t_\t{(i + 1) % (N + 1)}\tdep{i % 7}\t_\t_\n"
                                          for i in range(1, N + 1)) + "\n",
        "token.mrg": lambda: "(S (X " + "t" * (1 << 20) + "))\n",
        "nul.mrg": lambda: "(S (X " + "\0" * (1 << 20) + ")\n",
        "small.mrg": lambda: "(S (X a))\n",
        "many_g.mrg": lambda: "(S (NP (N a)) (VP (V b)))\n" * SENTENCES,   # sizes checked below
        "many_s.mrg": lambda: "(S (NP (N a) (V b)))\n" * SENTENCES,
    }
    paths = {}
    for name, make in files.items():
        path = DATA / name
        line = {"many_g.mrg": "(S (NP (N a)) (VP (V b)))\n", "many_s.mrg": "(S (NP (N a) (V b)))\n"}
        if name in line and path.exists() and path.stat().st_size != len(line[name]) * SENTENCES:
            path.unlink()           # built for another TCOMPARE_BENCH_SENTENCES
        if not path.exists():
            path.write_text(make(), encoding="utf-8")
        paths[name] = path
    return paths


def run(label: str, argv: list[str]) -> None:
    out_path, err_path = DATA / "out.txt", DATA / "err.txt"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "tcompare", *argv], cwd=ROOT,
                                stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss / 1024
    verdict = "ok" if elapsed < 60 and peak <= 300 else "OVER TARGET"
    print(f"{label}: {elapsed:.1f} s, {peak:.0f} MB peak, exit {code}, stdout "
          f"{out_path.stat().st_size / 1e6:.2f} MB, stderr {err_path.stat().st_size} bytes  [{verdict}]",
          flush=True)


def main() -> int:
    print(f"load average: {os.getloadavg()[0]:.2f} (2 shared cores)", flush=True)
    f = {k: str(v) for k, v in build().items()}
    run("depth-1e5 tree, EVALB report", ["score", f["deep_r.mrg"], f["deep_l.mrg"]])
    run("depth-1e5 tree, --output json", ["score", f["deep_r.mrg"], f["deep_l.mrg"], "--output", "json"])
    run("1e5-word sentence, --output json", ["score", f["long.mrg"], f["long.mrg"], "--output", "json"])
    run("1e5-token CoNLL sentence, eval.pl -q", ["score", f["long.conll"], f["long_sys.conll"], "-q"])
    run("1 MB token, --output json", ["score", f["token.mrg"], f["token.mrg"], "--output", "json"])
    run("1 MB NUL token (error), --output json", ["score", f["small.mrg"], f["nul.mrg"], "--output", "json"])
    run("1 MB NUL token (error), EVALB report", ["score", f["small.mrg"], f["nul.mrg"]])
    run(f"{SENTENCES:.0e} sentences, --output json",
        ["score", f["many_g.mrg"], f["many_s.mrg"], "--output", "json", "--jobs", "1"])
    run(f"{SENTENCES:.0e} sentences, EVALB report",
        ["score", f["many_g.mrg"], f["many_s.mrg"], "--summary-only"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
