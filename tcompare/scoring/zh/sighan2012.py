"""`sighan2012`: Traditional Chinese parsing, SIGHAN Bake-off 2012 Task 4 (seed 002, Sinica).

Spec: spec/metrics.md §4.

* ``--task parsing`` (Task 4-1): an item is a phrase node whose label is one of S, VP, NP,
  GP, PP, XP (compared exactly: ``V‧的``, ``NP‧的``, ``N`` are IGNORED items); it is correct
  iff label and character boundaries equal a gold item's (multiset).  The root counts like
  any other node.  Roles and POS play no part.
* ``--task srl`` (Task 4-2): an item is each top-level constituent (each child of the root,
  words and phrases alike) with its semantic role, ``Head`` included; the root has no role
  and is no item.  Correct iff role and character boundaries are equal.  Phrase-child items
  have kind ``bracket`` (ref = Node.id), word-child items kind ``tag`` (ref = token index),
  listed before the POS tag items, so the views colour exactly what was counted; the other
  nodes get IGNORED items.
* Boundaries are character offsets over the words without spaces (``unit="char"``), so a
  system that writes 溪邊 as one word still matches gold 溪|邊.
* Micro P/R/F1 pool counts (equations 1-3); macro P and R are the means of the sentences' P
  and R and macro F1 = 2·P·R/(P+R) of those means (equations 4-6, NOT the mean of the
  sentences' F1).  A sentence whose P or R is 0/0 counts 0 in that mean and is flagged
  (``p_undefined`` / ``r_undefined``); a sentence with no gold and no system item is left
  out of the macro means (flag ``empty``) and listed in the notes.  Sentences that cannot be
  read are left out of every figure and listed.
* Option ``simplify`` (off by default) maps fine treebank POS tags to the coarse SIGHAN-2012
  tags (§3 of seed 002: ``Nhaa`` → ``Nh``, ``VC31`` → ``VC``, ``P61`` → ``P``; ``V_11`` stays).
  POS never enters Task 4-1/4-2; the tags are compared only for the side figure POS_A (tag
  items with ``WRONG_POS``), which the option makes comparable between a fine-tag gold (the
  NLTK sample) and coarse-tag output.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Sequence

from tcompare.model.tree import Token, Tree
from tcompare.scoring import figures as fig
from tcompare.scoring.zh import core as zh
from tcompare.scoring.pairing import pair_problem
from tcompare.scoring.base import (Item, Option, Profile, SentenceResult, Summary, Verdict,
                                   prf, ratio, summed_counts)

EVALUATED = ("S", "VP", "NP", "GP", "PP", "XP")
TASKS = ("parsing", "srl")
TASK_TITLES = {"parsing": "Task 4-1 sentence parsing (labels S VP NP GP PP XP, character boundaries)",
               "srl": "Task 4-2 semantic role labeling (roles of top-level constituents)"}

# coarse tags kept whole by `simplify_tag` (they are already coarse or have no finer split)
_KEEP = {"DE", "DM", "SHI", "FW", "I", "Dfa", "Dfb", "Di", "Dk", "Ncd", "Neu", "Neqa", "Neqb",
         "Nes", "Nep", "VAC", "VHC", "VCL"}


def simplify_tag(tag: str) -> str:
    """Fine Sinica Treebank POS → coarse SIGHAN-2012 tag (idempotent on coarse tags).

    ``Nhaa``→``Nh``, ``Nab``→``Na``, ``Ncda``→``Ncd``, ``Ndabd``→``Nd``, ``Nv4``→``Nv``;
    ``VC31``→``VC``, ``VH11``→``VH``, ``VE12``→``VE``; ``P61``→``P``; ``Dbaa``/``Dd``/``Dh``→``D``
    (``Dfa``, ``Di``, ``Dk`` kept); ``Caa``/``Cbaa``→ first three letters; ``Ta``→``T``;
    tags with ``_`` (``V_11``, ``V_2``) and the tags in `_KEEP` are kept.
    """
    if "_" in tag or tag in _KEEP or len(tag) <= 1:
        return tag
    for keep in ("Ncd", "Neu", "Neqa", "Neqb", "Nes", "Nep", "Dfa", "Dfb", "VAC", "VHC", "VCL"):
        if tag.startswith(keep):
            return keep
    head = tag[0]
    if head == "N" and tag[1].isalpha():
        return tag[:2]
    if head == "V" and tag[1].isupper():
        return tag[:2]
    if head == "D":
        return tag[:2] if tag[:2] in ("Di", "Dk") else "D"
    if head == "C" and len(tag) >= 3:
        return tag[:3]
    if head == "T":
        return "T"
    return re.sub(r"\d+$", "", tag) or tag


class SighanProfile(Profile):
    name = "sighan2012"
    description = "SIGHAN-2012 Traditional Chinese parsing (Sinica): Task 4-1 parsing, Task 4-2 SRL"
    notations = ("sinica",)
    kind = "constituency"
    char_aligned = True      # boundaries are character offsets: 溪|邊 against 溪邊 is scored
    options = (
        Option("task", "parsing", "parsing (Task 4-1) or srl (Task 4-2)", str, TASKS),
        Option("simplify", False, "map fine treebank POS tags (Nhaa, VC31) to coarse SIGHAN tags "
               "(Nh, VC) before comparing tags", bool),
    )
    columns = ("P", "R", "F1")
    headline = ("micro_P", "micro_R", "micro_F1", "macro_P", "macro_R", "macro_F1")
    figure_lines = tuple(fig.prf("", "correct", "gold", "system"))

    # -- saying how it counts ---------------------------------------------------------------
    def ignored_reason(self, item: Item, config: Any, tree: Any) -> str:
        if item.kind == "arc":
            return super().ignored_reason(item, config, tree)
        task = config.get("task") if isinstance(config, dict) else None
        if task == "srl" or (task is None and item.group == "" and item.kind == "bracket"):
            return "not a top-level constituent (only the root's children carry roles)"
        return f"label {item.label} is not evaluated (only S, VP, NP, GP, PP, XP)"

    def summary_formulas(self, results: Sequence[SentenceResult], summary: Summary,
                         config: Any) -> list[fig.Formula]:
        """Micro figures from the summed counts (eq. 1-3), macro figures as means of the
        sentences' own P and R, F1 of the means (eq. 4-6)."""
        counts = dict(summary.counts) if summary.counts else summed_counts(results)
        micro = {k[len("micro_"):]: v for k, v in summary.metrics.items() if k.startswith("micro_")}
        out = [fig.Formula(f"micro_{f.name}", f.expression, summary.metrics.get(f"micro_{f.name}"),
                           f.numerator, f.denominator, f.worked)
               for f in fig.formulas(self.figure_lines, counts, micro)]
        ps, rs = self._macro_inputs(results)
        m, n = summary.metrics, len(ps)
        out.append(fig.Formula("macro_P", "Σ sentence P / sentences", m.get("macro_P"),
                               worked=f"{sum(ps):.2f} / {n}" if n else "0 sentences"))
        out.append(fig.Formula("macro_R", "Σ sentence R / sentences", m.get("macro_R"),
                               worked=f"{sum(rs):.2f} / {n}" if n else "0 sentences"))
        out.append(fig.Formula("macro_F1", "2·macro_P·macro_R / (macro_P + macro_R) (not the "
                               "mean of F1)", m.get("macro_F1"),
                               worked=fig.f1_worked(m.get("macro_P"), m.get("macro_R"))))
        return out

    def summary_steps(self, results: Sequence[SentenceResult],
                      summary: Summary) -> list[fig.SummaryStep]:
        used = [r for r in results if r.valid and "empty" not in r.flags]
        ps, rs = self._macro_inputs(results)
        return [fig.SummaryStep(
            "Macro figures: means of the sentences' own P and R (SIGHAN-2012 eq. 4-6)",
            "A sentence with no item on either side is left out; a 0/0 P or R counts 0.",
            [f"sentence {res.index}: P = {pv:.2f}, R = {rv:.2f}"
             for res, pv, rv in zip(used, ps, rs)])]

    @staticmethod
    def _macro_inputs(results: Sequence[SentenceResult]) -> tuple[list[float], list[float]]:
        used = [r for r in results if r.valid and "empty" not in r.flags]
        return [r.scores.get("P") or 0.0 for r in used], [r.scores.get("R") or 0.0 for r in used]

    def prepare(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        config: dict[str, Any] = super().prepare(options)
        if config["task"] not in TASKS:
            raise ValueError(f"sighan2012: unknown task {config['task']!r}; use parsing or srl")
        return config

    # -- items ------------------------------------------------------------------------------
    @staticmethod
    def parsing_items(tree: Tree, side: str) -> list[Item]:
        items: list[Item] = []
        for node in tree.nodes():
            start, end = tree.char_span(node)
            label = node.label.category
            item = Item(side, "bracket", node.id, label, start, end, group=label, unit="char")
            if label not in EVALUATED:
                item.verdict = Verdict.IGNORED
            items.append(item)
        return items

    @staticmethod
    def srl_items(tree: Tree, side: str) -> list[Item]:
        """Role items of the root's children, then IGNORED items for every other node.

        The views colour nodes by ``bracket`` items and words by ``tag`` items, so a phrase
        child's role item has kind ``bracket`` (ref = Node.id) and a word child's has kind
        ``tag`` (ref = token index); both carry the role as label and group.
        """
        items: list[Item] = []
        if tree.root is None:
            return items
        top = set()
        for child in tree.root.children:
            if isinstance(child, Token):
                items.append(Item(side, "tag", child.index, child.role, child.char_start,
                                  child.char_end, group=child.role, unit="char"))
            else:
                top.add(child.id)
                start, end = tree.char_span(child)
                items.append(Item(side, "bracket", child.id, child.label.role, start, end,
                                  group=child.label.role, unit="char"))
        for node in tree.nodes():
            if node.id not in top:
                start, end = tree.char_span(node)
                items.append(Item(side, "bracket", node.id, node.label.category, start, end,
                                  Verdict.IGNORED, group="", unit="char"))
        return items

    @staticmethod
    def tag_items(tree: Tree, side: str, simplify: bool) -> list[Item]:
        return [Item(side, "tag", t.index, simplify_tag(t.pos) if simplify else t.pos,
                     t.char_start, t.char_end, group="pos", unit="char") for t in tree.tokens]

    # -- scoring ----------------------------------------------------------------------------
    def score(self, gold: Tree, system: Tree, config: Any, index: int = 0) -> SentenceResult:
        problem = pair_problem(gold, system, self)   # other characters / other words
        if problem:
            return self.score_error(index, problem)
        task = config["task"]
        if task == "parsing":
            g_items, s_items = self.parsing_items(gold, "gold"), self.parsing_items(system, "system")
        else:
            g_items, s_items = self.srl_items(gold, "gold"), self.srl_items(system, "system")
        correct = zh.match(g_items, s_items)
        zh.explain_unmatched(g_items, s_items)
        counts: Counter[str] = Counter()
        counts["gold"] = sum(1 for i in g_items if i.verdict is not Verdict.IGNORED)
        counts["system"] = sum(1 for i in s_items if i.verdict is not Verdict.IGNORED)
        counts["correct"] = correct
        for item in g_items:
            if item.verdict is not Verdict.IGNORED:
                counts[f"gold:{item.group}"] += 1
                if item.verdict is Verdict.MATCH:
                    counts[f"correct:{item.group}"] += 1
        for item in s_items:
            if item.verdict is not Verdict.IGNORED:
                counts[f"system:{item.group}"] += 1
        # POS side figure: tags compared on equal character spans
        g_tags = self.tag_items(gold, "gold", config["simplify"])
        s_tags = self.tag_items(system, "system", config["simplify"])
        counts["pos_gold"] = len(g_tags)
        counts["pos_correct"] = zh.match(g_tags, s_tags)
        spans = {(t.start, t.end) for t in s_tags}
        for t in g_tags:
            if t.verdict is Verdict.MISSING and (t.start, t.end) in spans:
                t.verdict = Verdict.WRONG_POS
        gspans = {(t.start, t.end) for t in g_tags}
        for t in s_tags:
            if t.verdict is Verdict.EXTRA and (t.start, t.end) in gspans:
                t.verdict = Verdict.WRONG_POS

        result = SentenceResult(index=index, counts=counts, gold_items=g_items + g_tags,
                                system_items=s_items + s_tags)
        result.scores, flags = self.sentence_scores(counts)
        result.flags.extend(flags)
        return result

    @staticmethod
    def sentence_scores(counts: Counter[str] | dict[str, int]
                        ) -> tuple[dict[str, float | None], list[str]]:
        """A sentence's P, R, F1 and flags from its counts (`score`, and `zh.stream` from the
        compiled kernel's counts)."""
        p, r, f = prf(counts["correct"], counts["gold"], counts["system"])
        flags = []
        if counts["gold"] == 0 and counts["system"] == 0:
            flags.append("empty")
        else:
            if p is None:
                flags.append("p_undefined")
            if r is None:
                flags.append("r_undefined")
        return {"P": p, "R": r, "F1": f}, flags

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        tally = zh.Tally(macro=True)
        tally.add_all(results)
        return self.summary_of(tally, config)

    def summary_of(self, tally: zh.Tally, config: Any) -> Summary:
        total = tally.counts
        summary = Summary(counts=total)
        metrics = zh.prf_keys("micro_", total["correct"], total["gold"], total["system"])
        n = tally.macro_n
        if n:
            macro_p, macro_r = tally.macro_p / n, tally.macro_r / n
            macro_f = 2 * macro_p * macro_r / (macro_p + macro_r) if macro_p + macro_r else 0.0
            metrics.update(macro_P=macro_p, macro_R=macro_r, macro_F1=macro_f)
        else:
            metrics.update(macro_P=None, macro_R=None, macro_F1=None)
        metrics["sentences"] = n
        summary.metrics = metrics
        labels = EVALUATED if config["task"] == "parsing" else sorted(
            {k.split(":", 1)[1] for k in total if k.startswith(("gold:", "system:"))})
        for label in labels:
            g, s, c = total[f"gold:{label}"], total[f"system:{label}"], total[f"correct:{label}"]
            if g or s or config["task"] == "parsing":
                group = zh.prf_keys("", c, g, s)
                group.update(gold=g, system=s, correct=c)
                summary.groups[label or "(no role)"] = group
        summary.groups["pos"] = {"POS_A": ratio(total["pos_correct"], total["pos_gold"])}
        if tally.empty.count:
            summary.notes.append(f"{tally.empty.count} sentence(s) with no item on either side "
                                 f"left out of the macro means: {zh.listing(tally.empty)}")
        if tally.undefined.count:
            summary.notes.append(f"{tally.undefined.count} sentence(s) with P or R = 0/0 counted "
                                 f"as 0 in the macro means: {zh.listing(tally.undefined)}")
        summary.notes.extend(zh.error_notes(tally))
        return summary

    # -- text output --------------------------------------------------------------------------
    def render_text(self, results: Sequence[SentenceResult], summary: Summary, config: Any,
                    summary_only: bool = False) -> str:
        return zh.render_text(self, results, summary, config, summary_only, set())

    def text_head(self, config: Any, grammars: set[str]) -> str:
        out = [f"SIGHAN-2012 {TASK_TITLES[config['task']]}\n"]
        if config.get("simplify"):
            out.append("POS tags simplified to the coarse SIGHAN-2012 set\n")
        out.append("\n")
        return "".join(out)

    def text_header(self, config: Any) -> list[str]:
        return ["Sent", "Gold", "System", "Correct", "P", "R", "F1", "Notes"]

    def row_cells(self, r: SentenceResult, config: Any) -> list[str]:
        if not r.valid:
            return [str(r.index), "error", "", "", "", "", "", r.message]
        c = r.counts
        return [str(r.index), str(c["gold"]), str(c["system"]), str(c["correct"]),
                *(zh.pct(r.scores.get(k), fraction=True) for k in ("P", "R", "F1")),
                " ".join(filter(None, [zh.row_note(r), *r.flags]))]

    def text_tail(self, summary: Summary, config: Any) -> str:
        out = []
        m = summary.metrics
        out.append(zh.table(
            ["Run", "Micro-P", "Micro-R", "Micro-F1", "Macro-P", "Macro-R", "Macro-F1"],
            [["System", *(zh.pct(m.get(k), fraction=True) for k in self.headline)]]))
        t = summary.counts
        out.append(f"\nSentences {m.get('sentences', 0)}   gold items {t['gold']}   "
                   f"system items {t['system']}   correct {t['correct']}\n")
        rows = [[label, str(g.get("gold", "")), str(g.get("system", "")), str(g.get("correct", "")),
                 *(zh.pct(g.get(k), fraction=True) for k in ("P", "R", "F1"))]
                for label, g in summary.groups.items() if label != "pos"]
        if rows:
            out.append("\n")
            out.append(zh.table(["Label" if config["task"] == "parsing" else "Role",
                                 "Gold", "System", "Correct", "P", "R", "F1"], rows))
        out.append(f"\nPOS_A (side figure, not part of the task) "
                   f"{zh.pct(summary.groups['pos'].get('POS_A'))}\n")
        for note in summary.notes:
            out.append(f"note: {note}\n")
        return "".join(out)


PROFILE = SighanProfile()
