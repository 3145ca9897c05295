"""Speed of the phenomenon recogniser (tcompare.query) on real treebanks.

Prints `name: value unit` lines (benchmarks/run.py): English rules (19 phenomena, tgrep2)
over NLTK's WSJ 0001-0199 sample (3,914 trees), Chinese rules over the 10,000-tree Sinica
sample and over UD Chinese GSD (dependency patterns).  Files come from ../shared/anchors (or
$TCOMPARE_ANCHORS); a missing file is reported and skipped.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tcompare import formats  # noqa: E402
from tcompare.query import load_rules  # noqa: E402

RULES = ROOT / "resources" / "phenomena"


def _bench(label: str, path: Path, rules_file: str, notation: str | None = None) -> None:
    if not path.exists():
        print(f"{label}: skipped ({path} not found)")
        return
    rules = load_rules(RULES / rules_file)
    corpus = formats.read_file(path, notation)
    items = [r.item for r in corpus if r.item is not None]
    start = time.perf_counter()
    found = 0
    for item in items:
        found += len(rules.recognise(item, corpus.notation))
    elapsed = time.perf_counter() - start
    patterns = sum(len(r.patterns.get(corpus.notation, ())) for r in rules.rules)
    print(f"{label}_sentences: {len(items)} sentences")
    print(f"{label}_patterns: {patterns} patterns")
    print(f"{label}_recognise: {len(items) / elapsed:.0f} sentences/s")
    print(f"{label}_phenomena_found: {found} names")


def main() -> int:
    anchors = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))
    _bench("en_wsj_nltk", anchors / "evalb" / "real" / "nltk_ptb" / "wsj_0001-0199.clean.gld",
           "rules_en_ptb.toml", "ptb")
    _bench("zh_sinica", anchors / "sinica" / "parsed", "rules_zh.toml")
    _bench("zh_ud_gsd", anchors / "conllu" / "zh_gsd-ud-test.conllu", "rules_zh.toml")
    return 0


if __name__ == "__main__":
    sys.exit(main())
