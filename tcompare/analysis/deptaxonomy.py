"""Dependency error taxonomy and MaltEval's group-by tables, over the scorer's verdicts.

Input: the `SentenceResult`s of a dependency profile (`tcompare.scoring.conllx.profile`) and the gold
and system `DepSentence`s (for POS, heads and tree shape).  Whether a token is right comes
only from its verdict (MATCH / WRONG_LABEL / WRONG_HEAD / WRONG_BOTH); tokens the profile did
not score (IGNORED, e.g. punctuation under eval.pl's default) are left out everywhere.

Group-by tables (`groupby`, MaltEval 1.0's ``--GroupBy`` with ``format="all"``): for each
value, ``parser_counter`` tokens have it in the system tree and ``treebank_counter`` in the
gold tree; ``parser_correct`` / ``treebank_correct`` of them are right by the metric (LAS,
UAS or LA), and the accuracies are the ratios.  Values:

* ``deprel`` the token's relation; ``cpostag`` its CPOSTAG (the same on both sides);
* ``arc_length`` |head - dependent| grouped 1 / 2 / 3-6 / 7-... / to_root
  (GroupedRelationLength); ``arc_direction`` left / right / to_root (head before / after);
* ``arc_depth`` arcs between the token and the root (0 = attached to the root);
* ``branching`` the token's number of dependents; ``projectivity`` Proj / Non-proj (an arc is
  non-projective when a word between head and dependent is not dominated by the head,
  words attached to the root themselves excepted, as MaltEval counts);
* ``sentence_length`` words in the sentence (the same on both sides).

These reproduce MaltEval's figures (tests/test_deptaxonomy.py, anchors/conllx/malteval).

Taxonomy (`errors`): head (attachment) errors by the dependent's gold CPOSTAG and relation,
by gold arc length and direction; root errors (gold roots attached elsewhere, system roots
that are not gold roots, sentences without exactly one system root); label confusion on
correctly attached tokens (gold relation x system relation); non-projective arcs (gold and
system, how many right); and attachment errors inside vs across clauses: a token's clause is
its nearest gold ancestor-or-self that heads a clause (a clausal UD relation -- root, ccomp,
xcomp, advcl, acl, csubj, parataxis -- or a verb CPOSTAG: VERB / VB / V), the artificial root
heading the top one; a wrong head is *inside* when it lies in the same gold clause as the
right head, else *across*.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.scoring.base import SentenceResult, Status, Verdict, ratio

GROUPBYS = ("deprel", "cpostag", "arc_length", "arc_direction", "arc_depth", "branching",
            "sentence_length", "projectivity")
METRICS = ("LAS", "UAS", "LA")
CLAUSAL = frozenset({"root", "ccomp", "xcomp", "advcl", "acl", "csubj", "parataxis"})
VERB_TAGS = frozenset({"VERB", "VB", "V"})
_HEAD_OK = (Verdict.MATCH, Verdict.WRONG_LABEL)
_LABEL_OK = (Verdict.MATCH, Verdict.WRONG_HEAD)


def correct(verdict: Verdict, metric: str) -> bool:
    if metric == "LAS":
        return verdict is Verdict.MATCH
    if metric == "UAS":
        return verdict in _HEAD_OK
    return verdict in _LABEL_OK


def head_of(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


def grouped_length(head: int, dep: int) -> str:
    if head == 0:
        return "to_root"
    d = abs(head - dep)
    return "1" if d == 1 else "2" if d == 2 else "3-6" if d <= 6 else "7-..."


def arc_direction(head: int, dep: int) -> str:
    if head == 0:
        return "to_root"
    return "left" if head < dep else "right" if head > dep else "self"


class TreeShape:
    """Depth, dependents and projectivity of every token of one side (1-based heads)."""

    def __init__(self, heads: Sequence[int]) -> None:
        self.heads = list(heads)
        n = len(heads)
        self.branching = [0] * n
        for h in heads:
            if 1 <= h <= n:
                self.branching[h - 1] += 1
        self.depth = self._depths()

    def _depths(self) -> list[int]:
        """Each token's arcs up to the root (a head out of range ends the walk after it; a
        cycle on the way counts n + 1), each walk stopping at a token already known:
        linear, where one walk per token was quadratic on a chain."""
        heads = self.heads
        n = len(heads)
        depth: list[int | None] = [None] * n
        for start in range(n):
            path: list[int] = []
            on_path: set[int] = set()
            cur = start
            while depth[cur] is None and cur not in on_path:
                if heads[cur] == 0:
                    depth[cur] = 0
                    break
                up = heads[cur] - 1
                if not 0 <= up < n:
                    depth[cur] = 1
                    break
                path.append(cur)
                on_path.add(cur)
                cur = up
            known = n + 1 if depth[cur] is None else depth[cur]
            for token in reversed(path):
                if depth[token] is None:
                    known = min(known + 1, n + 1) if known <= n else n + 1
                    depth[token] = known
        return [d if d is not None else n + 1 for d in depth]

    def dominates(self, head: int, token: int) -> bool:
        """Is 1-based ``head`` an ancestor of 1-based ``token`` (0 dominates everything)?"""
        if head == 0:
            return True
        cur, steps, n = token, 0, len(self.heads)
        while 1 <= cur <= n and steps <= n:
            cur = self.heads[cur - 1]
            if cur == head:
                return True
            steps += 1
        return False

    def projective(self, i: int) -> bool:
        dep, head = i + 1, self.heads[i]
        lo, hi = (head, dep) if head < dep else (dep, head)
        heads = self.heads
        return all(heads[k - 1] == 0 or self.dominates(head, k) for k in range(lo + 1, hi))


def _clauses(words: Sequence[Any], shape: TreeShape) -> list[int]:
    """For each token (0-based) the 1-based token heading its gold clause (0 = the root)."""
    n = len(words)
    heads_clause = [(w.deprel.split(":", 1)[0] in CLAUSAL or w.cpostag.upper() in VERB_TAGS)
                    for w in words]
    out = []
    for i in range(n):
        cur, steps = i + 1, 0
        while cur != 0 and 1 <= cur <= n and not heads_clause[cur - 1] and steps <= n:
            cur = shape.heads[cur - 1]
            steps += 1
        out.append(cur if 1 <= cur <= n else 0)
    return out


@dataclass
class DepTaxonomy:
    metric: str = "LAS"
    groupby: dict[str, list[dict]] = field(default_factory=dict)
    errors: dict[str, Any] = field(default_factory=dict)
    # (group-by name, value) -> 1-based sentence numbers with a wrong token in that group
    sentences: dict[tuple[str, str], list[int]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"metric": self.metric, "groupby": self.groupby, "errors": self.errors}


def _sort_key(value: str):
    return (0, int(value), "") if value.lstrip("-").isdigit() else (1, 0, value)


def dep_taxonomy(results: Sequence[SentenceResult], gold: Sequence[Any], system: Sequence[Any],
                 metric: str = "LAS") -> DepTaxonomy:
    """Group-by tables and error taxonomy; ``gold`` / ``system`` parallel to ``results``."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; known: {', '.join(METRICS)}")
    p_count = {g: Counter() for g in GROUPBYS}
    t_count = {g: Counter() for g in GROUPBYS}
    p_ok = {g: Counter() for g in GROUPBYS}
    t_ok = {g: Counter() for g in GROUPBYS}
    where: dict[tuple[str, str], list[int]] = {}
    by_pos, by_pos_err = Counter(), Counter()
    by_rel, by_rel_err = Counter(), Counter()
    by_len, by_len_err = Counter(), Counter()
    by_dir, by_dir_err = Counter(), Counter()
    confusion: Counter = Counter()
    root = Counter()
    nonproj = Counter()
    clause = Counter()
    for n, result in enumerate(results):
        if result.status is not Status.VALID or n >= len(gold) or gold[n] is None:
            continue
        gw = gold[n].words
        sw = system[n].words if n < len(system) and system[n] is not None else []
        g_shape = TreeShape([head_of(w.head) for w in gw])
        s_shape = TreeShape([head_of(w.head) for w in sw])
        clauses = _clauses(gw, g_shape)
        system_roots = sum(1 for w in sw if w.head == "0")
        if system_roots != 1:
            root["sentences_not_one_system_root"] += 1
        for item in result.gold_items:
            if item.kind != "arc" or item.verdict is Verdict.IGNORED:
                continue
            i = item.ref
            if i >= len(gw) or i >= len(sw):
                continue
            g, s = gw[i], sw[i]
            gh, sh = g_shape.heads[i], s_shape.heads[i]
            ok = correct(item.verdict, metric)
            values = {
                "deprel": (g.deprel, s.deprel),
                "cpostag": (g.cpostag, g.cpostag),
                "arc_length": (grouped_length(gh, i + 1), grouped_length(sh, i + 1)),
                "arc_direction": (arc_direction(gh, i + 1), arc_direction(sh, i + 1)),
                "arc_depth": (str(g_shape.depth[i]), str(s_shape.depth[i])),
                "branching": (str(g_shape.branching[i]), str(s_shape.branching[i])),
                "sentence_length": (str(len(gw)), str(len(gw))),
                "projectivity": ("Proj" if g_shape.projective(i) else "Non-proj",
                                 "Proj" if s_shape.projective(i) else "Non-proj"),
            }
            for name, (gv, sv) in values.items():
                t_count[name][gv] += 1
                p_count[name][sv] += 1
                if ok:
                    t_ok[name][gv] += 1
                    p_ok[name][sv] += 1
                else:
                    for value in {gv, sv}:
                        rows = where.setdefault((name, value), [])
                        if not rows or rows[-1] != result.index:
                            rows.append(result.index)
            head_ok = item.verdict in _HEAD_OK
            by_pos[g.cpostag] += 1
            by_rel[g.deprel] += 1
            by_len[values["arc_length"][0]] += 1
            by_dir[values["arc_direction"][0]] += 1
            if not head_ok:
                by_pos_err[g.cpostag] += 1
                by_rel_err[g.deprel] += 1
                by_len_err[values["arc_length"][0]] += 1
                by_dir_err[values["arc_direction"][0]] += 1
                same = (clauses[sh - 1] if 1 <= sh <= len(gw) else 0) == (
                    clauses[gh - 1] if 1 <= gh <= len(gw) else 0)
                clause["inside" if same else "across"] += 1
            elif item.verdict is Verdict.WRONG_LABEL:
                confusion[(g.deprel, s.deprel)] += 1
            if gh == 0:
                root["gold_roots"] += 1
                if sh != 0:
                    root["gold_root_attached_elsewhere"] += 1
            if sh == 0:
                root["system_roots"] += 1
                if gh != 0:
                    root["system_root_not_gold_root"] += 1
            if values["projectivity"][0] == "Non-proj":
                nonproj["gold"] += 1
                nonproj["gold_head_correct"] += head_ok
            if values["projectivity"][1] == "Non-proj":
                nonproj["system"] += 1
                nonproj["system_head_correct"] += head_ok
    out = DepTaxonomy(metric, sentences=where)
    for name in GROUPBYS:
        keys = sorted(set(p_count[name]) | set(t_count[name]), key=_sort_key)
        out.groupby[name] = [{
            "key": k, "parser_counter": p_count[name][k], "treebank_counter": t_count[name][k],
            "parser_correct": p_ok[name][k], "treebank_correct": t_ok[name][k],
            "parser_accuracy": ratio(p_ok[name][k], p_count[name][k]),
            "treebank_accuracy": ratio(t_ok[name][k], t_count[name][k])} for k in keys]

    def table(total: Counter, wrong: Counter) -> list[dict]:
        return [{"key": k, "tokens": total[k], "head_errors": wrong[k],
                 "error_rate": ratio(wrong[k], total[k])}
                for k in sorted(total, key=lambda k: (-wrong[k], -total[k], k))]

    out.errors = {
        "attachment_by_cpostag": table(by_pos, by_pos_err),
        "attachment_by_deprel": table(by_rel, by_rel_err),
        "attachment_by_arc_length": table(by_len, by_len_err),
        "attachment_by_direction": table(by_dir, by_dir_err),
        "root": dict(root),
        "label_confusion": [{"gold": g, "system": s, "count": c}
                            for (g, s), c in sorted(confusion.items(), key=lambda kv: (-kv[1], kv[0]))],
        "non_projective": dict(nonproj),
        "clauses": {"inside": clause["inside"], "across": clause["across"]},
    }
    return out
