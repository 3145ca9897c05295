"""Benchmark: ``tcompare diff OLD NEW`` on a 10^6-token release pair (issue 29: < 10 s, 300 MB).

Input: UD_English-EWT's test file at r2.10 and at r2.12 ($TCOMPARE_REFS/ewt, see
docs/release-diff.md), each repeated 40 times with the copy number put in front of every
sent_id (so ids stay unique and pair copy with copy) = 1,018,040 words per side, 83,080
sentences, written to bench-data/ (git-ignored).  Each run is a fresh process (the
command's own start-up, reading, pairing, comparing and writing included); peak memory is
the child's maximum resident set size.  Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
DATA = ROOT / "bench-data"
COPIES = 40

CHILD = ("import resource, sys\n"
         "from tcompare.entry import main\n"
         "code = main(sys.argv[1:])\n"
         "sys.stdout.flush()\n"
         "u = resource.getrusage(resource.RUSAGE_SELF)\n"
         "print('maxrss', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)\n"
         "sys.exit(code)\n")


# the reference: the plain script of tests/test_release_diff.py (split the text, a dict by
# sent_id, compare the columns of words paired by position), which only counts
PLAIN = ("import resource, sys, collections\n"
         "def read(p):\n"
         "    out = {}\n"
         "    for block in open(p, encoding='utf-8').read().split('\\n\\n'):\n"
         "        if block.strip():\n"
         "            lines = block.split('\\n')\n"
         "            sid = next(l[12:] for l in lines if l.startswith('# sent_id = '))\n"
         "            out[sid] = [l.split('\\t') for l in lines if l[:1].isdigit() and l.split('\\t', 1)[0].isdigit()]\n"
         "    return out\n"
         "a, b = read(sys.argv[1]), read(sys.argv[2])\n"
         "counts = collections.Counter()\n"
         "for sid, rows in a.items():\n"
         "    for x, y in zip(rows, b[sid]):\n"
         "        for k in range(1, 10):\n"
         "            if x[k] != y[k]:\n"
         "                counts[k] += 1\n"
         "print(sorted(counts.items()))\n"
         "u = resource.getrusage(resource.RUSAGE_SELF)\n"
         "print('maxrss', u.ru_maxrss, u.ru_utime + u.ru_stime, file=sys.stderr)\n")


def build(tag: str) -> Path:
    src = REFS / "ewt" / f"en_ewt-ud-test.{tag}.conllu"
    out = DATA / f"diff_ewt_{tag}_x{COPIES}.conllu"
    if not out.exists():
        DATA.mkdir(exist_ok=True)
        text = src.read_text(encoding="utf-8")
        out.write_text("".join(text.replace("# sent_id = ", f"# sent_id = c{k}-")
                               for k in range(COPIES)), encoding="utf-8")
    return out


def timed(args: list[str], code: str = CHILD) -> tuple[float, float, float, str]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    wall = time.perf_counter() - start
    peak = cpu = 0.0
    for line in proc.stderr.splitlines():
        if line.startswith("maxrss "):
            peak, cpu = int(line.split()[1]) / 1024.0, float(line.split()[2])
        else:
            print(line, file=sys.stderr)
    return wall, cpu, peak, proc.stdout


def main() -> int:
    if not (REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu").exists():
        print("diff: EWT r2.10 / r2.12 not in $TCOMPARE_REFS/ewt, skipped")
        return 0
    old, new = build("r2.10"), build("r2.12")
    words = sum(1 for line in old.open(encoding="utf-8") if line[:1].isdigit()
                and "-" not in line.split("\t", 1)[0] and "." not in line.split("\t", 1)[0])
    print(f"diff input: {words} words per side ({old.stat().st_size / 1e6:.1f} MB, "
          f"{new.stat().st_size / 1e6:.1f} MB)")
    wall, cpu, peak, _ = timed([str(old), str(new)], PLAIN)
    print(f"reference (a plain script: counts only, both files whole) 1M words: {wall:.2f} s wall, "
          f"{cpu:.2f} s CPU, peak RSS {peak:.0f} MB")
    for output in ("markdown", "json", "csv"):
        wall, cpu, peak, out = timed(["diff", "--output", output, str(old), str(new)])
        print(f"diff --output {output} 1M words: {wall:.2f} s wall, {cpu:.2f} s CPU, "
              f"peak RSS {peak:.0f} MB ({len(out) / 1e3:.0f} kB written)")
    ptb = ANCHORS / "evalb" / "real" / "nltk_ptb"
    if (ptb / "wsj_0001-0199.clean.gld").exists():
        # constituency: NLTK's WSJ sample (3,914 trees) x 10 against its perturbed twin x 10,
        # a stand-in where EVERY tree changed (a real release changes few: equal trees are
        # not parsed twice)
        old_t, new_t = DATA / "diff_ptb_old_x10.mrg", DATA / "diff_ptb_new_x10.mrg"
        for src, out in ((ptb / "wsj_0001-0199.clean.gld", old_t), (ptb / "wsj_0001-0199.perturbed.tst", new_t)):
            if not out.exists():
                out.write_bytes(src.read_bytes() * 10)
        words = sum(len([w for w in line.split(")") if w.strip() and not w.strip().endswith("(")])
                    for line in old_t.open(encoding="utf-8"))
        wall, cpu, peak, _ = timed(["diff", str(old_t), str(new_t)])
        print(f"diff PTB, every tree changed, ~{words} words per side: {wall:.2f} s wall, "
              f"{cpu:.2f} s CPU, peak RSS {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
