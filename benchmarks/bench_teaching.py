"""Benchmark: step-by-step explanations and exports, per sentence.

Input: the Kummerfeld WSJ section 01 gold against the Berkeley parser output
(../shared/anchors/evalb/real/kummerfeld_wsj01), evalb profile; the longest sentence is
also timed alone.  Timed: `explain` + `to_text` + `to_html` per sentence (what the Explain
dock does on every sentence change), the corpus `explain_summary`, and the LaTeX export
per sentence; then PNG / SVG / PDF of the longest sentence through an offscreen view.
Figures are printed, never asserted.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ANCHORS = Path(os.environ.get("TCOMPARE_ANCHORS", ROOT.parent / "shared" / "anchors"))


def main() -> None:
    from tcompare import formats
    from tcompare.analysis.explain import explain, explain_summary
    from tcompare.export.latex import export_pair
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import pair_records

    base = ANCHORS / "evalb" / "real" / "kummerfeld_wsj01"
    if not base.exists():
        print(f"anchors not found: {base}")
        return
    gold = formats.read_file(base / "wsj01.mrg")
    system = formats.read_file(base / "berkeley.mrg")
    profile = profiles.get("evalb")
    config = profile.prepare()
    t0 = time.perf_counter()
    results = pair_records(gold, system, profile, config)
    score_s = time.perf_counter() - t0
    pairs = [(gold[i].item, system[i].item, r) for i, r in enumerate(results) if r.valid]
    t0 = time.perf_counter()
    for g, s, r in pairs:
        exp = explain(r, profile, g, s, config)
        exp.to_text()
        exp.to_html()
    explain_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    explain_summary(results, profile.aggregate(results, config), profile, config).to_text()
    summary_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    for g, s, r in pairs:
        export_pair(g, s, r)
    latex_s = time.perf_counter() - t0
    n = len(pairs)
    print(f"sentences scored: {len(results)} ({n} valid), scoring {score_s:.2f} s")
    print(f"explain + text + html: {1000 * explain_s / n:.2f} ms per sentence")
    print(f"corpus summary explanation: {1000 * summary_s:.1f} ms")
    print(f"LaTeX export: {1000 * latex_s / n:.2f} ms per sentence")
    longest = max(pairs, key=lambda p: len(p[0].tokens))
    t0 = time.perf_counter()
    explain(longest[2], profile, longest[0], longest[1], config).to_html()
    print(f"longest sentence ({len(longest[0].tokens)} words): explain + html "
          f"{1000 * (time.perf_counter() - t0):.2f} ms")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tcompare.gui.drawing.render import render_pair_to_file

    with tempfile.TemporaryDirectory() as tmp:
        # once untimed: Qt start-up and font loading are not part of an export
        render_pair_to_file(longest[0], longest[1], longest[2], "ptb", Path(tmp) / "warm.svg", "svg")
        for fmt in ("png", "svg", "pdf"):
            path = Path(tmp) / f"longest.{fmt}"
            t0 = time.perf_counter()
            render_pair_to_file(longest[0], longest[1], longest[2], "ptb", path, fmt)
            print(f"{fmt.upper()} of the longest sentence: {1000 * (time.perf_counter() - t0):.0f} ms, "
                  f"{path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
