"""`phenomena` -- cross-framework evaluation by phenomena (seed 004; spec/metrics.md §6).

No conversion between formalisms: a recogniser (a rule file, `tcompare.query`)
names the phenomena each parse shows (R_i), and these names are scored against the gold
list of the sentence.

Singleton variant (seed 004, section 4, equations 3-4; AP_i phenomena, AN_i errors)::

    p_i = ( t(R_i ⊇ AP_i) + t(R_i ∩ AN_i = ∅) ) / 2        r_i = |R_i ∩ AP_i| / |AP_i|

Exhaustive variant (section 3.3, equations 1-2; A_i the full list)::

    p_i = |R_i ∩ A_i| / |R_i|                              r_i = |R_i ∩ A_i| / |A_i|

Precision = (1/n) Σ p_i, Recall = (1/n) Σ r_i over all n sentences of the gold list
(``weighting=sentence``, the paper's).  A sentence with no parse output (missing, unreadable,
or an empty parse) gets p_i = 0 (the paper's section 6.1 exception clause) and r_i = 0.  A
0/0 term (|R_i| = 0 in the exhaustive variant, |AP_i| = 0) counts as 0 and is flagged.

``weighting=phenomenon`` gives every phenomenon equal weight (section 6.2): for each name φ
listed in some AP_i (A_i), average p_i and r_i over the sentences listing φ, then average
those means over the names.

Per-phenomenon breakdown (``Summary.groups[name]``): ``gold`` sentences listing it,
``recognised`` sentences whose R_i has it, ``matched`` both, ``recall`` = matched/gold,
exhaustive ``precision`` = matched/recognised; singleton ``as_error`` sentences listing it in
AN_i, ``error_made`` of those where it was recognised, ``error_rate``; and
``sentence_precision`` / ``sentence_recall``, the means used by the phenomenon weighting.
Figures are percentages (0-100).

Without a gold list, a gold treebank can stand in for it (``score(gold_tree, system_tree)``):
A_i is then what the same rules recognise in the gold tree, scored by the exhaustive
formulas.  When the caller gives no notation, it is guessed from the first parse
(`guess_notation`) and the shipped rules for it are used.

Items: kind ``phenomenon``; gold items (group ``phenomenon`` for AP_i/A_i: MATCH or MISSING;
group ``error`` for AN_i: MATCH when avoided, EXTRA when the parser made it); system items,
one per recognised name (MATCH, EXTRA, or IGNORED for singleton names outside AP_i ∪ AN_i),
with `ref`/`start`/`end` of the node where the rule first fired.  ``result.data`` holds
``recognised`` (R_i in rule-file order), ``explain`` (which pattern fired on which nodes)
and ``id`` (the gold list's sentence ID).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import Any, Sequence, cast

from tcompare.query import RuleSet, load_rules, shipped_rules
from tcompare.query.goldlist import PhenomenonGold
from tcompare.query.rules import Firing, Highlight
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.scoring import figures as fig
from tcompare.scoring.base import (Item, Option, Profile, SentenceResult, Status, Summary,
                                   Verdict, ratio)

SINGLETON, EXHAUSTIVE = "singleton", "exhaustive"


@dataclass
class PhenomenaConfig:
    variant: str                 # "singleton" | "exhaustive"
    weighting: str               # "sentence" | "phenomenon"
    rules: RuleSet | None
    notation: str


def guess_notation(item: Any) -> str:
    """A notation for a parse whose file notation nobody passed on: CoNLL-U for dependency
    sentences; Sinica when labels carry roles; TCT when phrase categories are lower-case
    (TCT / PKU / ParsEval-2012 tags); PTB otherwise."""
    if isinstance(item, DepSentence):
        return "conllu"
    if not isinstance(item, Tree) or item.root is None:
        return "ptb"
    nodes = item.nodes()
    if any(n.label.role for n in nodes) or any(t.role for t in item.tokens):
        return "sinica"
    cats = [n.label.category for n in nodes if n.label.category]
    if cats and all(c == c.lower() for c in cats):
        return "tct"
    return "ptb"


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


class PhenomenaProfile(Profile):
    name = "phenomena"
    description = "Cross-framework evaluation by phenomena (seed 004): recognised phenomena vs a gold list"
    notations = ()
    kind = "phenomena"
    options = (
        Option("variant", "singleton", "singleton (AP/AN lists) or exhaustive (one list A)",
               str, (SINGLETON, EXHAUSTIVE)),
        Option("weighting", "sentence", "equal weight per sentence (the paper's) or per phenomenon",
               str, ("sentence", "phenomenon")),
        Option("rules", "", "rule file (default: the shipped rules for the parses' notation)"),
        Option("notation", "", "notation of the parses (selects the patterns of the rule file); "
               "empty: guessed from the first parse"),
    )
    columns = ("precision", "recall")
    headline = ("precision", "recall")
    figure_lines = (
        fig.ratio("precision", "matched / phenomena recognised in the system", ["matched"],
                  ["recognised"]),
        fig.ratio("recall", "matched / gold phenomena", ["matched"], ["gold"]),
    )

    def summary_formulas(self, results: Sequence[SentenceResult], summary: Summary,
                         config: Any) -> list[fig.Formula]:
        """The summary is a macro mean (per sentence, or per phenomenon first)."""
        weighting = getattr(config, "weighting", "sentence")
        per = "phenomenon (mean of its sentences first)" if weighting == "phenomenon" else "sentence"
        out = []
        for key in ("precision", "recall"):
            if key not in summary.metrics:
                continue
            values = [r.scores.get(key) for r in results if r.valid and r.scores]
            worked = (f"{sum(v or 0.0 for v in values):.2f} / {len(values)}"
                      if weighting != "phenomenon" and values else "")
            out.append(fig.Formula(key, f"mean of the {key} per {per}", summary.metrics[key],
                                   worked=worked))
        return out

    def prepare(self, options: dict[str, Any] | None = None) -> PhenomenaConfig:
        """Options -> config.  ``rules`` may be a path or an already loaded `RuleSet`.

        Raises
        ------
        RuleFileError
            when the rule file has problems.
        """
        merged = super().prepare(options)
        rules = merged.get("rules")
        ruleset: RuleSet | None
        if isinstance(rules, RuleSet):
            ruleset = rules
        elif rules:
            ruleset = load_rules(rules)
        elif merged["notation"]:
            ruleset = shipped_rules(merged["notation"], merged.get("sample_text", ""))
        else:
            ruleset = None      # chosen on the first parse, once its notation is known
        return PhenomenaConfig(merged["variant"], merged["weighting"], ruleset, merged["notation"])

    def _resolve(self, item: Any, config: PhenomenaConfig) -> None:
        """Fill in the notation and shipped rules the caller left open (GUI use)."""
        if not config.notation and item is not None:
            config.notation = guess_notation(item)
        if config.rules is None and config.notation:
            sample = item.text() if isinstance(item, (Tree, DepSentence)) else ""
            config.rules = shipped_rules(config.notation, sample)

    # -- one sentence -----------------------------------------------------------------------
    def score(self, gold: PhenomenonGold | Tree | DepSentence, system: Any,
              config: PhenomenaConfig, index: int = 0) -> SentenceResult:
        """Score the parse `system` (Tree / DepSentence / None) against `gold`.

        `gold` is a gold-list entry, or a gold tree: then A_i is what the same rules
        recognise in the gold tree, and the sentence is scored by the exhaustive formulas
        (so a GOLD/SYSTEM treebank pair can be compared without a gold list).
        """
        self._resolve(system if system is not None else gold, config)
        if not isinstance(gold, PhenomenonGold):
            names = config.rules.recognise(gold, config.notation) if config.rules else []
            gold = PhenomenonGold(str(index), tuple(names))
            config = replace(config, variant=EXHAUSTIVE)
        firings: list[Firing] = []
        if system is not None and config.rules is not None:
            firings = config.rules.explain(system, config.notation)
        recognised = list(dict.fromkeys(f.name for f in firings))
        # a failed parse reads as an empty tree, e.g. PTB "(TOP ())": no words at all
        no_parse = system is None or len(system) == 0
        result = self._result(gold, recognised, firings, config, index, no_parse)
        if no_parse:
            result.message = "no parse output"
        if not (gold.phenomena or gold.errors or recognised or no_parse):
            # Nothing listed and nothing recognised (typically a gold tree in which the rules
            # find no phenomenon): there is nothing to evaluate, so the sentence is reported
            # (skip), not scored as 0/0 = 0 -- which made a treebank scored against itself
            # come out at P = R = 0.24 (Sinica) and 0.57 (UD Chinese GSD) instead of 1.
            result.status = Status.SKIP
            result.message = "no phenomenon listed in the gold or recognised in the parse"
            result.scores = {}
            result.flags = [f for f in result.flags if f not in ("p_undefined", "r_undefined")]
        return result

    def score_missing(self, gold: PhenomenonGold, config: PhenomenaConfig, index: int,
                      message: str) -> SentenceResult:
        """A sentence whose parse is missing or unreadable: precision 0 (seed 004, 6.1)."""
        result = self._result(gold, [], [], config, index, True)
        result.status, result.message = Status.ERROR, message
        return result

    def _result(self, gold: PhenomenonGold, recognised: list[str], firings: list[Firing],
                config: PhenomenaConfig, index: int, no_parse: bool) -> SentenceResult:
        result = SentenceResult(index=index)
        rset = set(recognised)
        wanted = list(gold.phenomena)
        errors = list(gold.errors) if config.variant == SINGLETON else []
        matched = [n for n in wanted if n in rset]
        made = [n for n in errors if n in rset]
        if config.variant == SINGLETON:
            superset = 1 if len(matched) == len(wanted) else 0
            disjoint = 1 if not made else 0
            p = 0.0 if no_parse else (superset + disjoint) / 2
        else:
            if recognised:
                p = len(matched) / len(rset)
            else:
                p = 0.0
                if not no_parse:
                    result.flags.append("p_undefined")
        if wanted:
            r = len(matched) / len(wanted)
        else:
            r = 0.0
            result.flags.append("r_undefined")
        if no_parse:
            result.flags.append("no_parse")
        result.scores = {"precision": 100.0 * p, "recall": 100.0 * r}
        result.counts = Counter(sentences=1, gold=len(wanted), recognised=len(rset),
                                matched=len(matched), errors=len(errors), errors_made=len(made),
                                no_parse=int(no_parse))
        wanted_set, error_set = set(wanted), set(errors)
        for name in wanted:
            result.gold_items.append(Item("gold", "phenomenon", -1, name,
                                          verdict=Verdict.MATCH if name in rset else Verdict.MISSING,
                                          group="phenomenon"))
        for name in errors:
            result.gold_items.append(Item("gold", "phenomenon", -1, name,
                                          verdict=Verdict.EXTRA if name in rset else Verdict.MATCH,
                                          group="error"))
        where: dict[str, Highlight] = {}
        for firing in firings:
            where.setdefault(firing.name, firing.matches[0])
        for name in recognised:
            if name in wanted_set:
                verdict, group = Verdict.MATCH, "phenomenon"
            elif name in error_set:
                verdict, group = Verdict.EXTRA, "error"
            elif config.variant == EXHAUSTIVE:
                verdict, group = Verdict.EXTRA, ""
            else:
                verdict, group = Verdict.IGNORED, ""
            hl = where.get(name)
            ref = hl.root if hl is not None and hl.root_kind == "node" else -1
            result.system_items.append(Item("system", "phenomenon", ref, name,
                                            hl.start if hl else 0, hl.end if hl else 0,
                                            verdict, group=group))
        result.data = {"id": gold.id, "recognised": recognised,
                       "phenomena": wanted, "errors": errors,
                       "explain": [f.to_json() for f in firings],
                       "variant": config.variant}  # a gold tree makes a sentence exhaustive
        return result

    # -- aggregate --------------------------------------------------------------------------
    @staticmethod
    def effective_config(results: Sequence[SentenceResult], config: PhenomenaConfig) -> PhenomenaConfig:
        """The configuration the sentences were really scored with: gold trees (no gold
        list) are scored by the exhaustive formulas whatever the `variant` option says."""
        used = {r.data.get("variant") for r in results if r.data.get("variant")}
        if used == {EXHAUSTIVE} and config.variant != EXHAUSTIVE:
            return replace(config, variant=EXHAUSTIVE)
        return config

    def aggregate(self, results: Sequence[SentenceResult], config: PhenomenaConfig) -> Summary:
        config = self.effective_config(results, config)
        summary = Summary()
        scored = [r for r in results if r.scores]
        n = len(scored)
        for r in scored:
            summary.counts.update(r.counts)
        per_name: dict[str, dict[str, Any]] = defaultdict(lambda: {
            "gold": 0, "recognised": 0, "matched": 0, "as_error": 0, "error_made": 0,
            "p": [], "r": []})
        for r in scored:
            rset = set(r.data.get("recognised", ()))
            for name in rset:
                per_name[name]["recognised"] += 1
            for name in r.data.get("phenomena", ()):
                entry = per_name[name]
                entry["gold"] += 1
                entry["matched"] += name in rset
                entry["p"].append(r.scores["precision"])
                entry["r"].append(r.scores["recall"])
            for name in r.data.get("errors", ()):
                per_name[name]["as_error"] += 1
                per_name[name]["error_made"] += name in rset
        if config.weighting == "phenomenon":
            listed = [e for e in per_name.values() if e["gold"]]
            # (a listed phenomenon has sentences, and `_result` never sets a None score)
            precision = _mean(cast("list[float]", [_mean(e["p"]) for e in listed]))
            recall = _mean(cast("list[float]", [_mean(e["r"]) for e in listed]))
        else:
            precision = _mean(cast("list[float]", [r.scores["precision"] for r in scored]))
            recall = _mean(cast("list[float]", [r.scores["recall"] for r in scored]))
        summary.metrics = {"precision": precision if precision is not None else 0.0,
                           "recall": recall if recall is not None else 0.0,
                           "sentences": n, "no_parse": summary.counts["no_parse"]}
        for name in sorted(per_name, key=lambda k: (-per_name[k]["gold"], k)):
            e = per_name[name]
            group: dict[str, Any] = {"gold": e["gold"], "recognised": e["recognised"],
                                     "matched": e["matched"],
                                     "recall": ratio(e["matched"], e["gold"])}
            if config.variant == EXHAUSTIVE:
                group["precision"] = ratio(e["matched"], e["recognised"])
            else:
                group.update(as_error=e["as_error"], error_made=e["error_made"],
                             error_rate=ratio(e["error_made"], e["as_error"]))
            group["sentence_precision"] = _mean(e["p"])
            group["sentence_recall"] = _mean(e["r"])
            summary.groups[name] = group
        if n == 0:
            summary.notes.append("no sentences to score")
        skipped = sum(1 for r in results if r.status is Status.SKIP)
        if skipped:
            summary.notes.append(f"{skipped} sentences with no phenomenon listed or recognised "
                                 "were not scored")
        flagged = [r.data.get("id", str(r.index)) for r in scored if "no_parse" in r.flags]
        if flagged:
            summary.notes.append("no parse output (precision 0): " + ", ".join(flagged))
        undefined = [r.data.get("id", str(r.index)) for r in scored
                     if "p_undefined" in r.flags or "r_undefined" in r.flags]
        if undefined:
            summary.notes.append("0/0 counted as 0: " + ", ".join(undefined))
        return summary

    # -- text -------------------------------------------------------------------------------
    def render_text(self, results: Sequence[SentenceResult], summary: Summary,
                    config: PhenomenaConfig, summary_only: bool = False) -> str:
        config = self.effective_config(results, config)
        lines = []
        if not summary_only:
            lines.append(f"{'ID':>6}  {'P':>6}  {'R':>6}  recognised | missing | errors made")
            for r in results:
                if not r.scores:
                    lines.append(f"{r.index:>6}  {r.status.value:<6}  {r.message}")
                    continue
                rec = r.data.get("recognised", [])
                missing = [i.label for i in r.gold_items
                           if i.group == "phenomenon" and i.verdict is Verdict.MISSING]
                made = [i.label for i in r.gold_items
                        if i.group == "error" and i.verdict is Verdict.EXTRA]
                text = "; ".join(rec) or "-"
                text += " | " + ("; ".join(missing) or "-") + " | " + ("; ".join(made) or "-")
                if r.message:
                    text += f"  ({r.message})"
                lines.append(f"{r.data.get('id', r.index):>6}  {cast(float, r.scores['precision']) / 100:6.4f}  "
                             f"{cast(float, r.scores['recall']) / 100:6.4f}  {text}")
            lines.append("")
        m = summary.metrics
        lines.append(f"variant            {config.variant}")
        lines.append(f"weighting          {config.weighting}")
        lines.append(f"sentences          {m['sentences']}")
        lines.append(f"precision          {cast(float, m['precision']) / 100:.4f}")
        lines.append(f"recall             {cast(float, m['recall']) / 100:.4f}")
        if summary.groups:
            lines.append("")
            extra = "precision" if config.variant == EXHAUSTIVE else "errors made"
            lines.append(f"{'phenomenon':<50} {'gold':>4} {'recog':>5} {'match':>5}  "
                         f"{'recall':>6}  {extra}")
            for name, g in summary.groups.items():
                rec = "-" if g["recall"] is None else f"{g['recall'] / 100:.4f}"
                if config.variant == EXHAUSTIVE:
                    tail = "-" if g["precision"] is None else f"{g['precision'] / 100:.4f}"
                else:
                    tail = f"{g['error_made']}/{g['as_error']}" if g["as_error"] else "-"
                lines.append(f"{name:<50} {g['gold']:>4} {g['recognised']:>5} {g['matched']:>5}  "
                             f"{rec:>6}  {tail}")
        for note in summary.notes:
            lines.append(f"note: {note}")
        return "\n".join(lines) + "\n"


PROFILE = PhenomenaProfile()
