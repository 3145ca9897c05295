"""The ``ud-eval`` `Profile`: one gold/system pair of sentences (or a joined / split group)
scored as if each side were a file of its own, for the window, ``table`` and ``report``.

Each result has the additive counts of the fifteen metrics (``LAS_correct``, ``LAS_gold``,
``LAS_system``, ``LAS_aligned``...), one basic arc item per word (verdict by LAS), and in
``data["enhanced"]`` the verdict of every enhanced arc (`enhanced.arc_verdicts`: the script's
and the one the views draw).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tcompare.scoring.base import Item, Profile, SentenceResult, Summary, Verdict
from tcompare.scoring.udeval.enhanced import arc_verdicts
from tcompare.scoring.udeval.profile import (
    METRICS, NOT_ALIGNED, WORD_METRICS, align, evaluate, flatten, rates,
)
from tcompare.scoring.udeval.read import CONTENT, FUNCTIONAL, Options, UdEvalError, read_text

_GROUPS = {CONTENT: "content", FUNCTIONAL: "functional"}


def conllu_text(sentence: Any) -> str:
    """A `DepSentence` as CoNLL-U lines (its rows, then the blank line)."""
    return "".join("\t".join(r.columns[:10]) + "\n" for r in sentence.rows) + "\n"


def counts_of(metrics: dict[str, list[Any]]) -> Counter[str]:
    out: Counter[str] = Counter()
    for name, c in metrics.items():
        out[f"{name}_correct"], out[f"{name}_gold"], out[f"{name}_system"] = c[0], c[1], c[2]
        if c[3] is not None:
            out[f"{name}_aligned"] = c[3]
    return out


def metrics_of(counts: Counter[str]) -> dict[str, list[Any]]:
    return {name: [counts.get(f"{name}_correct", 0), counts.get(f"{name}_gold", 0),
                   counts.get(f"{name}_system", 0),
                   counts.get(f"{name}_aligned", 0) if name in WORD_METRICS else None]
            for name in METRICS}


def _verdict(g: Any, s: Any, i: int, j: int, s2g: list[int]) -> Verdict:
    sh = s.head[j]
    attached = g.head[i] == (s2g[sh] if sh >= 0 else sh)
    same_label = g.deprel[i] == s.deprel[j]
    if attached:
        return Verdict.MATCH if same_label else Verdict.WRONG_LABEL
    return Verdict.WRONG_HEAD if same_label else Verdict.WRONG_BOTH


class UdEvalProfile(Profile):
    name = "ud-eval"
    description = ("Official UD evaluation (eval.py of UniversalDependencies/tools, IWPT "
                   "2020/2021): the CoNLL 2018 metrics plus ELAS and EULAS on enhanced "
                   "dependencies")
    notations = ("conllu",)
    kind = "dependency"
    reference = True
    char_aligned = True
    columns = ("Words", "UPOS", "Lemmas", "UAS", "LAS", "MLAS", "BLEX", "ELAS", "EULAS")
    headline = ("LAS", "MLAS", "BLEX", "ELAS", "EULAS")

    def score(self, gold: Any, system: Any, config: Any, index: int = 0) -> SentenceResult:
        options = Options.from_flags(str((config or {}).get("enhancements", "0")),
                                     bool((config or {}).get("no_empty_nodes", False)),
                                     bool((config or {}).get("multiple_roots_okay", False)))
        sides = []
        for side, item in (("gold", gold), ("system", system)):
            try:
                sides.append(flatten(list(read_text(
                    item if isinstance(item, str) else conllu_text(item), options))))
            except UdEvalError as exc:
                where = f"{side}:{exc.line}: " if exc.line else f"{side}: "
                return self.score_error(index, where + exc.message)
            except Exception as exc:    # (int(), an index, a negative enhanced head)
                return self.score_error(index, f"{side}: {type(exc).__name__}: {exc}")
        g, s = sides
        if g.chars != s.chars:
            return self.score_error(index, "eval.py refuses different characters in gold and "
                                           "system")
        alignment = align(g, s)
        metrics = evaluate(g, s, alignment)
        g2s, s2g = alignment[0], alignment[1]
        gold_items = [Item("gold", "arc", i, g.deprel[i], g.head[i], i + 1,
                           _verdict(g, s, i, g2s[i], s2g) if g2s[i] != NOT_ALIGNED
                           else Verdict.MISSING,
                           partner=g2s[i] if g2s[i] != NOT_ALIGNED else -1,
                           group=_GROUPS.get(g.cls[i], "other")) for i in range(len(g.form))]
        system_items = [Item("system", "arc", j, s.deprel[j], s.head[j], j + 1,
                             _verdict(g, s, s2g[j], j, s2g) if s2g[j] != NOT_ALIGNED
                             else Verdict.EXTRA,
                             partner=s2g[j] if s2g[j] != NOT_ALIGNED else -1,
                             group=_GROUPS.get(s.cls[j], "other")) for j in range(len(s.form))]
        gold_e, system_e = arc_verdicts(g, s, alignment)
        return SentenceResult(
            index=index, counts=counts_of(metrics),
            scores={name: 100 * rates(metrics[name])[2] for name in METRICS},
            gold_items=gold_items, system_items=system_items,
            data={"enhanced": {"gold": gold_e, "system": system_e}})

    def score_group(self, gold: Sequence[Any], system: Sequence[Any], config: Any,
                    index: int = 0) -> SentenceResult | None:
        """Joined / split sentences scored together, as the script aligns them."""
        return self.score("".join(conllu_text(s) for s in gold),
                          "".join(conllu_text(s) for s in system), config, index)

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        total: Counter[str] = Counter()
        errors = 0
        for r in results:
            if r.valid:
                total.update(r.counts)
            else:
                errors += 1
        summary = Summary()
        for name, c in metrics_of(total).items():
            p, r_, f1, acc = rates(c)
            summary.metrics[name] = 100 * f1
            summary.groups[name] = {"precision": 100 * p, "recall": 100 * r_, "f1": 100 * f1,
                                    "aligned_accuracy": None if acc is None else 100 * acc,
                                    "correct": c[0], "gold": c[1], "system": c[2]}
        summary.counts = total
        if errors:
            summary.notes.append(f"{errors} sentence(s) refused and left out")
        return summary


PROFILE = UdEvalProfile()
