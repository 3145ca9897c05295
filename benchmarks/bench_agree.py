"""Speed and memory of `tcompare agree` on a 10^6-word pair (target: < 10 s, < 300 MB).

Prints `name: value unit` lines (benchmarks/run.py):

* dependency: ../shared/anchors/conllx/{gold,system}.conll 378 times (1,002,078 words,
  86,940 sentences; bench-data/agree_1m.*, as bench_conllx.py builds them) as two annotators: wall and CPU seconds and peak memory of
  `tcompare agree A B --table summary` in a fresh process (reading both files included);
  the reference in the same run: nltk's ``AnnotationTask.kappa`` on the same DEPREL units
  (the units only, no reading), and whether its kappa equals ours;
* constituency: WSJ 23 gold and Berkeley output 17 times (41,072 trees; bench-data/big.*, as
  bench_evalb.py builds them) the same way.

The machine is shared: CPU seconds are the fairer figure.  A missing file is reported and
skipped.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("TCOMPARE_BENCH_DATA", ROOT / "bench-data"))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))


def build(name: str, sources: tuple[Path, Path], copies: int) -> tuple[Path, Path]:
    """`copies` of each anchor file under bench-data/ (made once)."""
    DATA.mkdir(exist_ok=True)
    targets = (DATA / f"{name}.a", DATA / f"{name}.b")
    for target, source in zip(targets, sources):
        if source.exists() and not target.exists():
            target.write_bytes(source.read_bytes() * copies)
    return targets
CHILD = ("import resource, sys\n"
         "from tcompare.cli import agree\n"
         "code = agree.main(sys.argv[1:])\n"
         "print('maxrss_kb', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
         "sys.exit(code)\n")


def run_agree(name: str, a: Path, b: Path, extra: list[str]) -> dict | None:
    if not (a.exists() and b.exists()):
        print(f"agree_{name}: skipped ({a} or {b} not found)")
        return None
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD, str(a), str(b), "--output", "json",
                           "--table", "summary", "--tree-alpha", "off", *extra], capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode:
        print(f"agree_{name}: failed\n{proc.stderr[-2000:]}")
        return None
    rss = int(proc.stderr.rsplit("maxrss_kb", 1)[1].split()[0]) / 1024
    data = json.loads(proc.stdout)
    words = sum(p["counts"].get("words", p["counts"].get("tokens", 0)) for p in data["pairs"][:1])
    print(f"agree_{name}_sentences: {data['compared_sentences']} sentences")
    print(f"agree_{name}_words: {words} words")
    print(f"agree_{name}_wall: {wall:.2f} s")
    print(f"agree_{name}_cpu: {cpu:.2f} s")
    print(f"agree_{name}_peak_memory: {rss:.0f} MB")
    return data


def nltk_reference(gold: Path, system: Path, ours: float | None) -> None:
    try:
        from nltk.metrics.agreement import AnnotationTask
    except ImportError:
        print("agree_conllx1m_nltk: skipped (nltk not installed)")
        return
    data = []
    for coder, path in (("a", gold), ("b", system)):
        item = 0
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                cols = line.rstrip("\n").split("\t")
                if len(cols) == 10 and cols[0].isdigit():
                    data.append((coder, str(item), cols[7]))
                    item += 1
    start = time.process_time()
    kappa = AnnotationTask(data=data).kappa()
    cpu = time.process_time() - start
    print(f"agree_conllx1m_nltk_kappa_cpu: {cpu:.2f} s")
    print(f"agree_conllx1m_nltk_kappa_equal: {ours is not None and abs(kappa - ours) < 1e-9}")


def main() -> int:
    gold, system = build("agree_1m", (ANCHORS / "conllx" / "gold.conll",
                                       ANCHORS / "conllx" / "system.conll"), 378)
    data = run_agree("conllx1m", gold, system, ["--format", "conllx"])
    wsj = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
    run_agree("wsj23x17", *build("agree_wsj23x17", (wsj / "23.gold", wsj / "23.sys_berkeley_top"), 17),
              ["--format", "ptb"])
    if data is not None:
        # last: a child's peak memory starts from this process's at the fork (Linux keeps
        # ru_maxrss across exec), and nltk's 2 x 10^6 tuples take 900 MB here
        ours = data["fields"]["deprel"]["fleiss_kappa"]["value"]
        cohen = data["pairs"][0]["fields"]["deprel"]["cohen_kappa"]["value"]
        print(f"agree_conllx1m_deprel_alpha: {data['fields']['deprel']['krippendorff_alpha']['value']:.6f}")
        print(f"agree_conllx1m_deprel_fleiss: {ours:.6f}")
        nltk_reference(gold, system, cohen)
    return 0


if __name__ == "__main__":
    sys.exit(main())
