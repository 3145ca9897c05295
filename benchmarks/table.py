"""The one table of issue 14's figures: ours, the reference program timed in the same run,
the ratio, the goal, peak RSS -- medians of several runs (``BENCH_RUNS``, default 3).

References (never committed; found through ``TCOMPARE_REFS``, default ../refs):
``evalb/evalb`` (C EVALB built with ``gcc -O2`` from its public source) and
``evalpl/eval.pl`` (CoNLL-X eval.pl 1.9, run with perl), ``conll18/evaluation_script/
conll18_ud_eval.py`` (run with this Python).  A missing reference leaves its
cells empty.  Runs of ours and of the reference alternate (A B A B ...) so a change in the
machine's load hits both; ratios are the medians of the pairwise ratios.  Peak RSS is the
largest single process (a forked worker or the parent).

Run: ``make bench`` (prints this table last) or ``.venv/bin/python benchmarks/table.py``.
``BENCH_SKIP=conllx,evalb170`` leaves out slow rows (also ``conllx-modes``, ``robustness``,
``json1e6``, ``json17``, ``parseval2010`` ..., ``zh-tree``: the Chinese rows' tree-path reference;
``conll18``, ``conllu``: issue 34's UD rows).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data"
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
SKIP = set(filter(None, os.environ.get("BENCH_SKIP", "").split(",")))
PY = [sys.executable, "-m", "tcompare", "score"]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
ENV.pop("TCOMPARE_PURE_PYTHON", None)


def run(cmd: list[str], cwd: Path = ROOT, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, peak RSS MB of the largest process) of one run, output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env or ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    # Linux: wait4's ru_maxrss is the larger of the child's own peak and that of the
    # descendants it reaped (its forked workers)
    return wall, usage.ru_maxrss / 1024.0


def measure_both(ours: list[str], ref: list[str] | None, runs: int = RUNS):
    """`measure`, with the reference's peak RSS too: (our wall, our peak, reference wall,
    reference peak, ratio of the pairs), medians of walls, largest peaks."""
    walls, peaks, ref_walls, ref_peaks, ratios = [], [], [], [], []
    for _ in range(runs):
        w, p = run(ours)
        walls.append(w)
        peaks.append(p)
        if ref:
            rw, rp = run(ref)
            ref_walls.append(rw)
            ref_peaks.append(rp)
            ratios.append(w / rw)
    med = statistics.median
    return (med(walls), max(peaks), med(ref_walls) if ref_walls else None,
            max(ref_peaks) if ref_peaks else None, med(ratios) if ratios else None)


def build_conllu_labels(copies: int) -> tuple[Path, Path, int] | None:
    """The zh_gsd anchor repeated `copies` times, and a system copy with the same words
    and lines (heads, relations, tags, lemmas, features changed; a different seed per
    copy): the eval.pl-style ``conllu`` report pairs them line by line.  Returns the files
    and the words."""
    src = ANCHORS / "conllu" / "zh_gsd-ud-test.conllu"
    if not src.exists():
        return None
    DATA.mkdir(exist_ok=True)
    gold = DATA / f"table_conllu{copies}.gold.conllu"
    system = DATA / f"table_conllu{copies}.system.conllu"
    text = src.read_text(encoding="utf-8")
    words = sum(1 for line in text.split("\n") if line[:1].isdigit() and "\t" in line
                and "-" not in line.split("\t")[0] and "." not in line.split("\t")[0])
    if not (gold.exists() and system.exists() and gold.stat().st_size == len(text.encode()) * copies):
        sys.path.insert(0, str(ROOT / "tests"))
        import random

        from test_conll18 import parse_blocks, perturb, write_blocks

        base = parse_blocks(text)
        edits = {"relabel": 250, "rehead": 250, "tags": 200, "lemma": 150, "feats": 150}
        partial = system.with_suffix(".partial")
        with open(partial, "w", encoding="utf-8") as out:
            for copy in range(copies):
                out.write(write_blocks(perturb(base, random.Random(copy), edits)))
        partial.replace(system)
        gold.write_text(text * copies, encoding="utf-8")
    return gold, system, words * copies


def _built(code: str):
    """What ``code`` leaves in ``r`` (files built), run in a process of its own: this one
    stays small, as every process it starts is first a copy of it (a child's peak RSS
    would count this one's pages)."""
    import json

    script = (f"import sys, json; sys.path[:0] = {[str(ROOT / 'benchmarks'), str(ROOT)]!r}\n"
              f"{code}\nprint(json.dumps(None if r is None else [str(x) for x in r]))")
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=ENV, check=True,
                          capture_output=True, text=True)
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    return None if r is None else (Path(r[0]), Path(r[1]), int(r[2]))


def ud_rows() -> None:
    """Issue 34 (Load): conll18 on ~1M words against conll18_ud_eval.py (time and peak RSS
    of both, same run), and the ``conllu`` profile's eval.pl-style report on 250k and 1M
    words (no reference program: the figures show it linear and flat in memory)."""
    if "conll18" not in SKIP and (ANCHORS / "conllu" / "zh_gsd-ud-test.conllu").exists():
        gold, system, words = _built("import bench_conll18 as b; r = b.build()")
        script = REFS / "conll18" / "evaluation_script" / "conll18_ud_eval.py"
        ref = [sys.executable, str(script), "-v", str(gold), str(system)] if script.exists() else None
        w, p, rw, rp, ratio = measure_both([*PY, "--profile", "conll18", "-v", str(gold), str(system)],
                                           ref, runs=max(1, RUNS // 2))
        row(f"conll18 -v, {words:,} words", fmt_s(w), "conll18_ud_eval.py",
            "" if rw is None else f"{fmt_s(rw)}, {rp:.0f} MB", ratio, "<= 0.1x, <= 300 MB", p,
            ratio is not None and ratio <= 0.1 and p <= 300)
        w, p, _, _ = measure([*PY, "--profile", "conll18", "--output", "json", str(gold),
                              str(system)], None, runs=1)
        row(f"conll18 --output json, {words:,} words", fmt_s(w), "", "", None, "<= 300 MB", p,
            p <= 300)
    if "conllu" not in SKIP:
        for copies in (21, 84):
            built = _built(f"import table as t; r = t.build_conllu_labels({copies})")
            if built is None:
                break
            gold, system, words = built
            w, p, _, _ = measure([*PY, "--profile", "conllu", str(gold), str(system)], None,
                                 runs=1 if copies > 21 else RUNS)
            row(f"conllu full report, {words:,} words", f"{fmt_s(w)} ({words / w:,.0f} words/s)",
                "", "", None, "linear, <= 300 MB", p, p <= 300)


def measure(ours: list[str], ref: list[str] | None, runs: int = RUNS, ref_env=None):
    """Medians: our wall, our peak RSS, reference wall, ratio of the pairs."""
    walls, peaks, ref_walls, ratios = [], [], [], []
    for _ in range(runs):
        w, p = run(ours)
        walls.append(w)
        peaks.append(p)
        if ref:
            rw, _ = run(ref, env=ref_env)
            ref_walls.append(rw)
            ratios.append(w / rw)
    med = statistics.median
    return (med(walls), max(peaks), med(ref_walls) if ref_walls else None,
            med(ratios) if ratios else None)


def build_wsj(copies: int) -> tuple[Path, Path] | None:
    wsj = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
    if not wsj.exists():
        return None
    DATA.mkdir(exist_ok=True)
    tag = "big" if copies == 17 else f"wsj{copies}"
    gold, test = DATA / f"{tag}.gld", DATA / f"{tag}.tst"
    for target, source in ((gold, wsj / "23.gold"), (test, wsj / "23.sys_berkeley_top")):
        data = source.read_bytes()
        if not target.exists() or target.stat().st_size != len(data) * copies:
            with open(target, "wb") as fh:
                for _ in range(copies):
                    fh.write(data)
    return gold, test


def build_repeat(name: str, gold: Path, system: Path, sentences: int, sep: bytes) -> tuple[Path, Path, int]:
    g, s = gold.read_bytes(), system.read_bytes()
    if sep == b"\n\n":
        count = max(1, g.count(sep))
    else:                                   # sentences as the format registry counts them
        sys.path.insert(0, str(ROOT))
        from tcompare import formats

        count = len(formats.read_file(gold))
    copies = max(1, sentences // count)
    DATA.mkdir(exist_ok=True)
    out_g, out_s = DATA / f"table_{name}.gold", DATA / f"table_{name}.system"
    if not out_g.exists() or out_g.stat().st_size != len(g) * copies:
        out_g.write_bytes(g * copies)
        out_s.write_bytes(s * copies)
    return out_g, out_s, count * copies


def build_vocab(folder: Path, copies: int, spellings: int) -> tuple[Path, Path]:
    """The anchor pair repeated, each copy's words (not punctuation) suffixed with the copy
    number modulo `spellings`."""
    DATA.mkdir(exist_ok=True)
    out_g, out_s = DATA / f"table_conllx_vocab{spellings}.gold", DATA / f"table_conllx_vocab{spellings}.system"
    if out_g.exists() and out_s.exists():
        return out_g, out_s

    def mark(text: str, k: int) -> str:
        lines = []
        for line in text.split("\n"):
            cols = line.split("\t")
            if k and len(cols) >= 10 and any(c.isalnum() for c in cols[1]):
                cols[1] += str(k)
            lines.append("\t".join(cols))
        return "\n".join(lines)

    g = (folder / "gold.conll").read_text("utf-8")
    s = (folder / "system.conll").read_text("utf-8")
    with open(out_g, "w", encoding="utf-8") as fg, open(out_s, "w", encoding="utf-8") as fs:
        for copy in range(copies):
            fg.write(mark(g, copy % spellings))
            fs.write(mark(s, copy % spellings))
    return out_g, out_s


LONG = {"parseval2010": ("tct", "gold.tct", "system.tct"),
        "parseval2012": ("tct2012", "gold.psg", "system.psg"),
        "sighan2012": ("sinica", "gold.sinica", "system.sinica")}


def build_long(profile: str, sentences: int, per: int = 4) -> tuple[Path, Path, float]:
    """WSJ-length sentences (~25 words) from the demo pair of `profile`'s notation: each
    sentence joins the trees of `per` consecutive demo lines (cycling) under one root, gold
    and system alike, so the pairs keep their deliberate errors.  Returns the files and the
    words per sentence, counted by the format reader on the first lines."""
    sub, gname, sname = LONG[profile]
    demo = ROOT / "resources" / "demo" / sub
    gold = (demo / gname).read_text("utf-8").splitlines()
    system = (demo / sname).read_text("utf-8").splitlines()

    def body(line: str) -> str:
        if sub == "tct":                       # [zj-0 ... ]: the root's children
            return line[line.index(" ") + 1:line.rindex("]")].strip()
        if sub == "tct2012":                   # (zj ... ): likewise
            return line[line.index(" ") + 1:line.rindex(")")].strip()
        if line.startswith("#"):               # #n:m.[id] S(...)#suffix: the tree, as a child
            line = line[line.index("] ") + 2:]
        return "theme:" + line.split("#", 1)[0]

    def joined(lines: list[str], k: int) -> str:
        parts = [body(lines[(k + j) % len(lines)]) for j in range(per)]
        if sub == "tct":
            return "[zj-0 " + " ".join(parts) + " ]"
        if sub == "tct2012":
            return "(zj " + " ".join(parts) + " )"
        return "S(" + "|".join(parts) + ")"

    DATA.mkdir(exist_ok=True)
    out_g = DATA / f"table_{profile}_long{sentences}.gold"
    out_s = DATA / f"table_{profile}_long{sentences}.system"
    if not (out_g.exists() and out_s.exists()):
        for out, lines in ((out_g, gold), (out_s, system)):
            unit = "".join(joined(lines, k) + "\n" for k in range(len(lines)))
            copies, rest = divmod(sentences, len(lines))
            with open(out, "w", encoding="utf-8") as fh:
                for _ in range(copies):
                    fh.write(unit)
                fh.write("".join(joined(lines, k) + "\n" for k in range(rest)))
    sys.path.insert(0, str(ROOT))
    from tcompare import formats

    with open(out_g, encoding="utf-8") as fh:
        head = "".join(fh.readline() for _ in range(len(gold)))
    trees = [r.item for r in formats.read_text(head, sub) if r.error is None]
    words = sum(len(t.tokens) for t in trees) / max(1, len(trees))
    return out_g, out_s, words


ROWS: list[tuple] = []


def row(task, ours, ref_name, ref, ratio, goal, peak, ok):
    ROWS.append((task, ours, ref_name, ref, ratio, goal, peak, ok))
    print(f"  measured: {task}", file=sys.stderr, flush=True)


def fmt_s(x):
    return "" if x is None else f"{x:.2f} s"


def robustness_rows() -> None:
    """Issue 15's pathological inputs (bench_robustness.py builds them): one run each."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_robustness

    f = {k: str(v) for k, v in bench_robustness.build().items()}
    n = bench_robustness.SENTENCES
    cases = (("depth-1e5 tree, EVALB report", [f["deep_r.mrg"], f["deep_l.mrg"]]),
             ("depth-1e5 tree, --output json", [f["deep_r.mrg"], f["deep_l.mrg"], "--output", "json"]),
             ("1e5-word sentence, --output json", [f["long.mrg"], f["long.mrg"], "--output", "json"]),
             ("1e5-token CoNLL sentence, eval.pl -q", [f["long.conll"], f["long_sys.conll"], "-q"]),
             ("1 MB token, --output json", [f["token.mrg"], f["token.mrg"], "--output", "json"]),
             (f"{n:.0e} sentences, --output json", [f["many_g.mrg"], f["many_s.mrg"], "--output", "json",
                                                    "--jobs", "1"]),
             (f"{n:.0e} sentences, EVALB report", [f["many_g.mrg"], f["many_s.mrg"], "--summary-only"]))
    for label, args in cases:
        if "json1e6" in SKIP and "sentences, --output json" in label:
            continue
        w, p, _, _ = measure([*PY, *args], None, runs=1)
        row(label, fmt_s(w), "", "", None, "<= 10 s, <= 300 MB", p, w <= 10 and p <= 300)


def main() -> int:
    evalb = REFS / "evalb" / "evalb"
    evalpl = REFS / "evalpl" / "eval.pl"
    prm = str(ROOT / "resources" / "prm" / "COLLINS.prm")
    from tcompare.scoring.evalb import block as evalb_block

    scorer = evalb_block.kernel_name()
    # byte-compile first, as `pip install` does (PYTHONDONTWRITEBYTECODE would otherwise make
    # every run compile every module again: that is not start-up, it is a missing cache)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tcompare")],
                   stdout=subprocess.DEVNULL)

    wsj = build_wsj(17)
    if wsj and "evalb17" not in SKIP:
        g, t = map(str, wsj)
        ref = [str(evalb), "-p", prm, "-e", "1000000", g, t] if evalb.exists() else None
        for jobs, goal, limit in (("1", "<= 1.0x", 1.0), ("2", "<= 0.6x", 0.6)):
            w, p, rw, ratio = measure([*PY, "--profile", "evalb", "--jobs", jobs, "-p", prm,
                                       "-e", "1000000", g, t], ref)
            row(f"evalb WSJ23x17 (41,072 sent.), --jobs {jobs}", fmt_s(w), "C evalb -O2",
                fmt_s(rw), ratio, goal, p, ratio is not None and ratio <= limit)
    if wsj and "json17" not in SKIP:        # issue 15: per-bracket verdicts, 0.37 GB of JSON
        g, t = map(str, wsj)
        w, p, _, _ = measure([*PY, g, t, "--output", "json", "--jobs", "1"], None, runs=1)
        row("evalb WSJ23x17 --output json --jobs 1", fmt_s(w), "", "", None,
            "<= 10 s, <= 300 MB", p, w <= 10 and p <= 300)
    wsj = build_wsj(170) if "evalb170" not in SKIP else None
    if wsj:
        g, t = map(str, wsj)
        ref = [str(evalb), "-p", prm, "-e", "1000000", g, t] if evalb.exists() else None
        w, peak, rw, ratio = measure([*PY, "--profile", "evalb", "-p", prm, "-e", "1000000", g, t],
                                     ref, runs=max(1, RUNS // 2))
        row("evalb WSJ23x170 (410,720 sent.), both cores", fmt_s(w), "C evalb -O2", fmt_s(rw),
            ratio, "peak <= 150 MB", peak, peak <= 150)
    conllx = ANCHORS / "conllx"
    if (conllx / "gold.conll").exists() and "conllx" not in SKIP:
        g, s, tokens = build_repeat("conllx1m", conllx / "gold.conll", conllx / "system.conll",
                                    86940, b"\n\n")
        perl_env = dict(ENV, PERL_HASH_SEED="0")
        # the default full report, then the other report modes (-q, -b, -p)
        for flags, label in (([], "full report"), (["-q"], "-q"), (["-b"], "-b (full + table)"),
                             (["-p"], "-p full report")):
            if label != "full report" and "conllx-modes" in SKIP:
                continue
            ref = (["perl", str(evalpl), *flags, "-g", str(g), "-s", str(s)]
                   if evalpl.exists() else None)
            w, p, rw, ratio = measure([*PY, "--profile", "conllx", *flags, str(g), str(s)], ref,
                                      ref_env=perl_env)
            row(f"conllx {label}, ~1M tokens", fmt_s(w), "eval.pl (perl)", fmt_s(rw),
                ratio, "<= 0.33x, <= 200 MB", p, ratio is not None and ratio <= 0.33 and p <= 200)
        # the same pair with 40 spellings of every word (a real corpus has far more distinct
        # words than one file repeated; the report's tables grow with them)
        if "conllx-vocab" not in SKIP:
            g, s = build_vocab(conllx, 378, 40)
            ref = ["perl", str(evalpl), "-g", str(g), "-s", str(s)] if evalpl.exists() else None
            w, p, rw, ratio = measure([*PY, "--profile", "conllx", str(g), str(s)], ref,
                                      ref_env=perl_env)
            row("conllx full report, ~1M tokens, 40x vocabulary", fmt_s(w), "eval.pl (perl)",
                fmt_s(rw), ratio, "<= 0.33x, <= 200 MB", p,
                ratio is not None and ratio <= 0.33 and p <= 200)
    for profile in ("parseval2010", "parseval2012", "sighan2012"):
        if profile in SKIP:
            continue
        for n in (40000, 400000):
            g, s, words = build_long(profile, n)
            cmd = [*PY, "--profile", profile, str(g), str(s)]
            w, p, _, _ = measure(cmd, None, runs=RUNS if n < 100000 else 1)
            rw = ratio = None
            if n < 100000 and "zh-tree" not in SKIP:
                # the same report through the trees (the kernel's oracle), once
                rw, _ = run(cmd, env=dict(ENV, TCOMPARE_PURE_PYTHON="1"))
                ratio = w / rw
            rate = n / w
            row(f"{profile}, {n:,} sentences of {words:.1f} words",
                f"{fmt_s(w)} ({rate:,.0f} sent/s)", "tree path" if rw else "", fmt_s(rw),
                ratio, ">= 20,000 sent/s, flat memory", p, rate >= 20000)
    ud_rows()
    if "robustness" not in SKIP:
        robustness_rows()
    one_g, one_t = DATA / "one.gld", DATA / "one.tst"
    DATA.mkdir(exist_ok=True)
    one_g.write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n")
    one_t.write_text("(S (NP (DT the) (NN cat) (VP (VBD sat))))\n")
    ref = [str(evalb), "-p", prm, str(one_g), str(one_t)] if evalb.exists() else None
    runs = max(RUNS, 9)
    w, p, rw, _ = measure([*PY, str(one_g), str(one_t)], ref, runs=runs)
    floor, _, _, _ = measure([sys.executable, "-c", "pass"], None, runs=runs)
    row("tcompare score, one-sentence pair (start-up)", fmt_s(w), "C evalb", fmt_s(rw), None,
        "<= 0.10 s", p, w <= 0.1)
    row("  (python -c pass, the interpreter's floor)", fmt_s(floor), "", "", None, "", None, None)

    load = os.getloadavg()
    print()
    print(f"issue 14 figures -- scorer: {scorer}; medians of {RUNS} runs (start-up: {runs}); "
          f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores")
    head = ("task", "tcompare", "reference", "ref. time", "ratio", "goal", "peak RSS", "met")
    table = [head] + [(t, o, rn, r, "" if ra is None else f"{ra:.2f}x", g,
                       "" if p is None else f"{p:.0f} MB",
                       "" if ok is None else ("yes" if ok else "NO"))
                      for t, o, rn, r, ra, g, p, ok in ROWS]
    widths = [max(len(str(r[i])) for r in table) for i in range(len(head))]
    for k, r in enumerate(table):
        print("| " + " | ".join(str(c).ljust(widths[i]) for i, c in enumerate(r)) + " |")
        if k == 0:
            print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return 0


if __name__ == "__main__":
    sys.exit(main())
