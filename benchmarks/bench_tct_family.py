"""Speed and memory of the tct, tct2012, pku and ccgauto readers/writers, and of convert.

Prints `name: value unit` lines (benchmarks/run.py).  Inputs are built by repeating the
bundled demo corpora to 40,000 sentences (the size of a WSJ-23-scale test set; TCT test
sets are ~1,000 sentences) and the real CCGbank file wsj_0003.auto 300 times when the
anchors are present; they are written to bench-data/ (git-ignored) and read from there.
"""

from __future__ import annotations

import os
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tcompare import formats  # noqa: E402
from tcompare.formats.conversion import convert_corpus  # noqa: E402

SENTENCES = 40_000


def build_inputs() -> list[tuple[str, Path]]:
    out = ROOT / "bench-data"
    out.mkdir(exist_ok=True)
    demo = ROOT / "resources" / "demo"
    sources = [("tct", demo / "tct" / "gold.tct"), ("tct2012", demo / "tct2012" / "gold.psg"),
               ("pku", demo / "pku" / "gold.pku")]
    anchors = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
    auto = anchors / "ccg" / "ccgbank_gold_sample" / "wsj_0003.auto"
    if not auto.exists():
        auto = demo / "ccg" / "gold.auto"
    sources.append(("ccgauto", auto))
    inputs = []
    for name, path in sources:
        data = path.read_bytes()
        count = data.count(b"\n") // (2 if name == "ccgauto" else 1)
        target = out / f"{name}_{SENTENCES}.txt"
        if not target.exists():
            target.write_bytes(data * max(1, SENTENCES // max(count, 1)))
        inputs.append((name, target))
    return inputs


def main() -> int:
    for name, path in build_inputs():
        start = time.perf_counter()
        corpus = formats.read_file(path)
        split = time.perf_counter() - start
        start = time.perf_counter()
        trees = [r.item for r in corpus]      # parsing is lazy: force every sentence
        parse = time.perf_counter() - start
        # memory in a second read: tracemalloc slows allocation several times over
        tracemalloc.start()
        again = formats.read_file(path)
        _ = [r.item for r in again]
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        del again, _
        words = sum(len(t) for t in trees if t is not None)
        start = time.perf_counter()
        same = formats.corpus_bytes(corpus) == path.read_bytes()
        write = time.perf_counter() - start
        print(f"{name}_read: {split + parse:.2f} s for {len(corpus)} sentences, {words} words "
              f"(split {split:.2f} s, parse {len(corpus) / parse:.0f} sentences/s), "
              f"notation sniffed: {corpus.notation}")
        print(f"{name}_peak_memory: {peak:.0f} MB")
        print(f"{name}_write: {write:.3f} s, identical: {same}")
        target = {"tct": "tct2012", "tct2012": "tct", "pku": "tct", "ccgauto": "tct2012"}[name]
        start = time.perf_counter()
        result = convert_corpus(corpus, target)
        print(f"{name}_convert_to_{target}: {time.perf_counter() - start:.2f} s, "
              f"{len(result.problems)} problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
