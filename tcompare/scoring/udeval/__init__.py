"""The official UD evaluation's face (``eval.py`` of github UniversalDependencies/tools,
packaged as ``udtools``: the CoNLL 2018 metrics plus ELAS and EULAS on enhanced
dependencies, with its ``--enhancements`` switches).

* `score_files` -- two CoNLL-U files (`formats.lines.ByteSource`s) read in pieces and scored
  segment by segment in flat memory; raises `UdEvalError` where the script dies, worded as
  it words it (the whole files are then read again in the script's order to find which);
* `format_table` -- the script's output; `metrics_json` / `segment_json` -- JSON.

The family:
* `read` -- the script's reader (what it accepts, what it dies on; the enhancement filters);
* `profile` -- word alignment and the fifteen metrics over one segment;
* `stream` -- the files in pieces, cut into segments, and the whole-file path.
"""

from __future__ import annotations

from typing import Any

from tcompare.scoring.udeval.enhanced import arc_verdicts
from tcompare.scoring.udeval.profile import METRICS, NOT_ALIGNED, format_table, rates
from tcompare.scoring.udeval.read import Options, UdEvalError
from tcompare.scoring.udeval.stream import Segment, loaded_totals, score_files

__all__ = ["METRICS", "Options", "Segment", "UdEvalError", "format_table", "loaded_totals",
           "metrics_json", "score_files", "segment_json"]


def metrics_json(totals: dict[str, list[Any]]) -> dict[str, dict[str, Any]]:
    """Every metric's counts and rates (rates as fractions, as the script computes them)."""
    out = {}
    for name in METRICS:
        c = totals[name]
        p, r, f1, acc = rates(c)
        out[name] = {"correct": c[0], "gold": c[1], "system": c[2], "aligned": c[3],
                     "precision": p, "recall": r, "f1": f1, "aligned_accuracy": acc}
    return out


def enhanced_verdicts(g: Any, s: Any, alignment: tuple[Any, ...]
                      ) -> tuple[list[Any], list[Any]]:
    """Per enhanced arc of a segment, gold then system: ``[word, parent, relation,
    verdict]`` (positions in the segment, parent -1 for the root, -2 none).  The verdict
    is ``match`` (counted by ELAS), ``unlabelled`` (by EULAS only: the same relations
    without subtypes), ``wrong`` (the word is aligned, no arc of the other side agrees)
    or ``unaligned``.  A gold arc that several system arcs match is counted once per
    match by the script (ELAS can pass 100%); here it gets one verdict.  (`enhanced.
    arc_verdicts` adds the verdict the views draw.)"""
    gold, system = arc_verdicts(g, s, alignment)
    return [a[:4] for a in gold], [a[:4] for a in system]


def segment_json(segment: Segment) -> dict[str, Any]:
    """One segment: its sentences (1-based, as in the files), the counts of every metric
    over it, the word alignment and the enhanced arcs' verdicts."""
    gold_items, system_items = enhanced_verdicts(segment.g, segment.s, segment.alignment)
    return {
        "gold": [segment.gold_sentence + k + 1 for k in range(len(segment.gold))],
        "system": [segment.system_sentence + k + 1 for k in range(len(segment.system))],
        "gold_lines": [s.line for s in segment.gold],
        "counts": {name: c for name, c in segment.counts.items()},
        "alignment": [j if j != NOT_ALIGNED else None for j in segment.alignment[0]],
        "enhanced_gold": gold_items,
        "enhanced_system": system_items,
    }
