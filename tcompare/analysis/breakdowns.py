"""MaltEval-style group-by tables for dependency results, as data for the GUI and the CLI.

Input: the `SentenceResult`s of a dependency profile (`tcompare.scoring.conllx.profile`), whose arc
items already carry the scorer's verdicts, and optionally the gold `DepSentence`s (for
CPOSTAG).  Nothing here decides whether an arc matched: a token counts as correct in a
table exactly when the scorer's verdict says so; only non-scoring (IGNORED) tokens are
left out.  Groupings follow eval.pl's full report, so the numbers agree with it:

* ``deprel``: per DEPREL, gold count (gold label), system count (system label), correct =
  label right (eval.pl's "Precision and recall of DEPREL"), and ``correct_attached`` = label
  and head right ("DEPREL + ATTACHMENT");
* ``cpostag``: per gold CPOSTAG, tokens and how many have the head / the label / both right;
* ``direction``: to_root / left / right / self of the head, gold vs system (correct = same
  direction on both sides, eval.pl's "binned HEAD direction");
* ``distance``: to_root / 1 / 2 / 3-6 / 7-... (head distance bins, same rule);
* ``root``: tokens attached to the root (HEAD 0) -- precision / recall / F1;
* ``sentences``: per sentence tokens, LAS, UAS, LA, number of errors, flags.

Percentages are 0-100, None for 0/0.  Row order: deprels by name, CPOSTAGs by count
(descending, ties by name), bins in their natural order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.scoring.base import SentenceResult, Status, Verdict, prf, ratio

DIRECTIONS = ("to_root", "left", "right", "self")
DISTANCES = ("to_root", "1", "2", "3-6", "7-...")

_HEAD_OK = (Verdict.MATCH, Verdict.WRONG_LABEL)
_LABEL_OK = (Verdict.MATCH, Verdict.WRONG_HEAD)


def direction(head: int, dependent: int) -> str:
    if head == 0:
        return "to_root"
    if head < dependent:
        return "left"
    if head > dependent:
        return "right"
    return "self"


def distance(head: int, dependent: int) -> str:
    if head == 0:
        return "to_root"
    d = abs(head - dependent)
    return "1" if d <= 1 else "2" if d <= 2 else "3-6" if d <= 6 else "7-..."


@dataclass
class Breakdowns:
    deprel: list[dict] = field(default_factory=list)
    cpostag: list[dict] = field(default_factory=list)
    direction: list[dict] = field(default_factory=list)
    distance: list[dict] = field(default_factory=list)
    root: dict = field(default_factory=dict)
    sentences: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"deprel": self.deprel, "cpostag": self.cpostag, "direction": self.direction,
                "distance": self.distance, "root": self.root, "sentences": self.sentences}


def _pr_row(key: str, gold: int, system: int, correct: int) -> dict:
    p, r, f = prf(correct, gold, system)
    return {"key": key, "gold": gold, "system": system, "correct": correct,
            "precision": p, "recall": r, "f1": f}


def breakdowns(results: Sequence[SentenceResult], gold_sentences: Sequence[Any] | None = None) -> Breakdowns:
    """Group-by tables over the scoring arcs of `results` (see the module docstring).

    `gold_sentences` (parallel to `results`, `DepSentence` or None) supplies CPOSTAGs;
    without it the ``cpostag`` table is empty.
    """
    dep_gold, dep_sys, dep_ok, dep_att = Counter(), Counter(), Counter(), Counter()
    pos_tot, pos_head, pos_label, pos_both = Counter(), Counter(), Counter(), Counter()
    dir_g, dir_s, dir_ok = Counter(), Counter(), Counter()
    dist_g, dist_s, dist_ok = Counter(), Counter(), Counter()
    root_g = root_s = root_ok = 0
    out = Breakdowns()
    for n, result in enumerate(results):
        row = {"index": result.index, "status": result.status.value, "tokens": result.counts.get("tokens", 0),
               "LAS": result.scores.get("LAS"), "UAS": result.scores.get("UAS"),
               "LA": result.scores.get("LA"), "errors": 0, "flags": list(result.flags)}
        out.sentences.append(row)
        if result.status is not Status.VALID:
            continue
        words = None
        if gold_sentences is not None and n < len(gold_sentences) and gold_sentences[n] is not None:
            words = gold_sentences[n].words
        system_by_ref = {it.ref: it for it in result.system_items}
        for g in result.gold_items:
            if g.kind != "arc" or g.verdict is Verdict.IGNORED:
                continue
            s = system_by_ref.get(g.ref)
            s_label = s.label if s is not None else ""
            s_head = s.start if s is not None else -1
            verdict = g.verdict
            if verdict is not Verdict.MATCH:
                row["errors"] += 1
            dep_gold[g.label] += 1
            dep_sys[s_label] += 1
            if verdict in _LABEL_OK:
                dep_ok[g.label] += 1
            if verdict is Verdict.MATCH:
                dep_att[g.label] += 1
            if words is not None and g.ref < len(words):
                pos = words[g.ref].cpostag
                pos_tot[pos] += 1
                pos_head[pos] += verdict in _HEAD_OK
                pos_label[pos] += verdict in _LABEL_OK
                pos_both[pos] += verdict is Verdict.MATCH
            dg, ds = direction(g.start, g.end), direction(s_head, g.end)
            dir_g[dg] += 1
            dir_s[ds] += 1
            dir_ok[dg] += dg == ds
            bg, bs = distance(g.start, g.end), distance(s_head, g.end)
            dist_g[bg] += 1
            dist_s[bs] += 1
            dist_ok[bg] += bg == bs
            root_g += g.start == 0
            root_s += s_head == 0
            root_ok += g.start == 0 and verdict in _HEAD_OK
    for dep in sorted(set(dep_gold) | set(dep_sys)):
        row = _pr_row(dep, dep_gold[dep], dep_sys[dep], dep_ok[dep])
        p, r, f = prf(dep_att[dep], dep_gold[dep], dep_sys[dep])
        row.update({"correct_attached": dep_att[dep], "attached_precision": p,
                    "attached_recall": r, "attached_f1": f})
        out.deprel.append(row)
    for pos in sorted(pos_tot, key=lambda k: (-pos_tot[k], k)):
        t = pos_tot[pos]
        out.cpostag.append({"key": pos, "tokens": t, "head_correct": pos_head[pos],
                            "label_correct": pos_label[pos], "both_correct": pos_both[pos],
                            "UAS": ratio(pos_head[pos], t), "LA": ratio(pos_label[pos], t),
                            "LAS": ratio(pos_both[pos], t)})
    out.direction = [_pr_row(d, dir_g[d], dir_s[d], dir_ok[d]) for d in DIRECTIONS]
    out.distance = [_pr_row(d, dist_g[d], dist_s[d], dist_ok[d]) for d in DISTANCES]
    out.root = _pr_row("root", root_g, root_s, root_ok)
    return out
