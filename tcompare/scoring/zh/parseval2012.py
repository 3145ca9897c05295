"""`parseval2012`: CIPS-SIGHAN-ParsEval-2012 (seed 001), binarised TCT, PSG and CCG trees.

Spec: spec/metrics.md §3.  A constituent is a phrase node (a preterminal is a token).
Boundaries are compared as character offsets (items have ``unit="char"``): identical to
word positions when both sides segment alike, still meaningful when they do not.

* SC_P/R/F1: a word is correctly tagged when a system word with the same characters
  (same character span, so a different segmentation never shifts the comparison) has the
  same syntactic category (POS tag in PSG, lexical CCG category in CCG).  Per category:
  every category whose share of the GOLD test-set words is >= 10% gets its own SC_P/R/F1
  (P over words the system tagged c, R over words gold tagged c); every other category is
  pooled into ``Oth_SC`` on both sides.  The 10% set is decided over the whole test set,
  so it appears in the summary only.
* LC: labeled constituents (label ``SynC[-GR]`` - ``vp-LW``, ``np`` - or the CCG category
  ``S{Cmb=LW}\\NP``, plus both boundaries; head positions such as ``vp-1`` are not part of
  it, and a root ``zj`` without GR reads ``zj-XX``), multiset matching.  ULC: boundaries
  only.  NoCross_P: system constituents crossing no gold constituent / system constituents.
* Classes 1-6 (``group`` = ``class1``..``class6`` on every item): a gold constituent's class
  comes from its gold label, a system constituent's from its system label.  Precision of
  class c = system constituents of class c that are matched / system constituents of class
  c; recall = gold constituents of class c that are matched / gold constituents of class c.
  Numerator and denominator are always drawn from the same side and the same class, so no
  class figure can exceed 100% (the paper's Table 6 prints 4408%: it divided a count taken
  on one side by a count taken on the other).  For labeled figures a matched pair has
  equal labels, hence equal classes.  Tot4_LC_P/R/F1 pool classes 1-4 the same way.
* PSG classes follow metrics.md §3 on ``SynC[-GR]`` labels; a root ``zj`` without GR is
  ``zj-XX`` (class 5).  CCG categories carry no SynC: tcompare reads the GR from a
  ``{Cmb=GR}`` feature (``S{Cmb=LW}\\NP`` → LW), treats the root as ``XX`` (it is TCT's
  ``zj-XX``), and classifies on the GR alone: RT/LT/XX → 5, class-2 GR → 2, class-3 GR → 3,
  no GR or a class-1 GR → 1, any other GR → 6 (class 4, ``dlc``, has no CCG counterpart).
* CCGbank AUTO (``ccgauto``) is read directly: leaf categories are the SC, every ``<T>``
  node is a constituent labelled with its category (no PREDARG indices); a derivation that
  is a single leaf (a parser's ``FAILED``) has no constituents.
* Option ``grammar``: ``auto`` (default: a tree whose root label starts with an upper-case
  letter or contains ``/``, ``\\`` or ``{`` is CCG), ``psg`` or ``ccg``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Sequence

from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.scoring import figures as fig
from tcompare.scoring.zh import core as zh
from tcompare.scoring.pairing import pair_problem
from tcompare.scoring.base import Item, Option, Profile, SentenceResult, Summary, Verdict

CLASS1_GR = {"ZW", "PO", "DZ", "ZZ", "JY", "FW", "JB", "AD"}
CLASS1_SYNC = {"dj", "np", "sp", "tp", "mp", "vp", "ap", "dp", "pp", "mbar", "bp"}
CLASS2_GR = {"BL", "LG", "DJ", "YG", "MD", "TJ", "JS", "ZE", "JZ", "LS"}
CLASS3_GR = {"LH", "LW", "SX", "CD", "FZ", "BC", "SB"}
CLASS3_SYNC = {"np", "vp", "ap", "bp", "dp", "mp", "sp", "tp", "pp"}
CLASS5_GR = {"RT", "LT", "XX"}
CLASSES = tuple(f"class{i}" for i in range(1, 7))
TOT4 = CLASSES[:4]
# the Tot4 figures' count keys, spelled once (the figures are computed per sentence)
_TOT4_KEYS = tuple(tuple(f"{k}_{what}" for k in TOT4)
                   for what in ("lc_system_correct", "system", "lc_gold_correct", "gold"))
SC_THRESHOLD = 10.0  # percent of gold test-set words

_CMB_RE = re.compile(r"Cmb=([A-Za-z]+)")


def psg_parts(label: Label) -> tuple[str, str]:
    """(SynC, GR) of a PSG label; falls back to splitting the raw text at the first ``-``."""
    if label.function:
        return label.category, label.function
    raw = label.raw or label.category
    sync, sep, rest = raw.partition("-")
    if sep and rest.isalpha() and rest.isupper():
        return sync, rest
    return label.category or raw, ""


def classify_psg(sync: str, gr: str, is_root: bool = False) -> int:
    """Class 1-6 of a PSG constituent (spec/metrics.md §3)."""
    if is_root and sync == "zj" and not gr:
        gr = "XX"
    if gr in CLASS5_GR:
        return 5
    if sync == "jq" or (sync == "fj" and gr in CLASS2_GR):
        return 2
    if gr in CLASS3_GR and sync in CLASS3_SYNC:
        return 3
    if sync == "dlc":
        return 4
    if (not gr or gr in CLASS1_GR) and sync in CLASS1_SYNC:
        return 1
    return 6


def classify_ccg(category: str, is_root: bool = False) -> int:
    """Class of a CCG constituent from its ``{Cmb=GR}`` feature (root = XX)."""
    match = _CMB_RE.search(category)
    gr = match.group(1) if match else ("XX" if is_root else "")
    if gr in CLASS5_GR:
        return 5
    if gr in CLASS2_GR:
        return 2
    if gr in CLASS3_GR:
        return 3
    if not gr or gr in CLASS1_GR:
        return 1
    return 6


def is_ccg_tree(tree: Tree) -> bool:
    if tree.root is None:
        return False
    label = tree.root.label.ccg or tree.root.label.raw or tree.root.label.category
    return bool(label) and (label[0].isupper() or any(c in label for c in "/\\{"))


def node_label(node: Node, ccg: bool, is_root: bool = False) -> str:
    """The label LC compares: the CCG category, or ``SynC[-GR]`` (head positions, event
    roles and PKU marks are not part of it; a root ``zj`` without GR is ``zj-XX``)."""
    if ccg:
        return node.label.ccg or node.label.raw or node.label.category
    sync, gr = psg_parts(node.label)
    if is_root and sync == "zj" and not gr:
        gr = "XX"
    return f"{sync}-{gr}" if gr else sync


def token_category(token: Token, ccg: bool) -> str:
    return (token.ccg or token.pos) if ccg else token.pos


class ParsEval2012Profile(Profile):
    name = "parseval2012"
    description = "CIPS-SIGHAN-ParsEval-2012: SC, LC, ULC, NoCross, 6 constituent classes, Tot4 (PSG and CCG)"
    notations = ("tct2012", "tct", "pku", "ptb", "ccgauto")
    kind = "constituency"
    options = (
        Option("grammar", "auto", "auto, psg (TCT SynC-GR labels) or ccg (CCG categories)", str,
               ("auto", "psg", "ccg")),
    )
    columns = ("SC_F1", "ULC_F1", "NoCross_P", "LC_F1", "Tot4_LC_F1")
    headline = ("SC_F1", "ULC_P", "ULC_R", "ULC_F1", "NoCross_P", "LC_P", "LC_R", "LC_F1",
                "Tot4_LC_P", "Tot4_LC_R", "Tot4_LC_F1")
    figure_lines = (
        *fig.prf("SC_", "sc_correct", "sc_gold", "sc_system", "correct categories"),
        *fig.prf("ULC_", "ulc_correct", "lc_gold", "lc_system", "correct (boundaries)"),
        fig.ratio("NoCross_P", "system constituents crossing nothing / system",
                  ["nocross"], ["lc_system"]),
        *fig.prf("LC_", "lc_correct", "lc_gold", "lc_system", "correct (label + boundaries)"),
        fig.ratio("Tot4_LC_P", "matched system items of classes 1-4 / system items of classes 1-4",
                  [f"{k}_lc_system_correct" for k in TOT4], [f"{k}_system" for k in TOT4]),
        fig.ratio("Tot4_LC_R", "matched gold items of classes 1-4 / gold items of classes 1-4",
                  [f"{k}_lc_gold_correct" for k in TOT4], [f"{k}_gold" for k in TOT4]),
        fig.f1("Tot4_LC_F1", "Tot4_LC_P", "Tot4_LC_R"),
    )

    # -- items ------------------------------------------------------------------------------
    def constituents(self, tree: Tree, side: str, ccg: bool) -> list[Item]:
        items = []
        synthetic_root = bool(tree.meta.get("synthetic_root"))
        for node in tree.nodes():
            is_root = node is tree.root
            # a reader's stand-in root (a CCG derivation that is one leaf, as a FAILED parse
            # ``(<L NP XX XX FAILED NP>)``; PTB words without brackets) is no constituent
            if (node.extra or {}).get("synthetic") or (synthetic_root and is_root):
                continue
            label = node_label(node, ccg, is_root)
            if ccg:
                klass = classify_ccg(label, is_root)
            else:
                klass = classify_psg(*psg_parts(node.label), is_root=is_root)
            start, end = tree.char_span(node)
            items.append(Item(side, "bracket", node.id, label, start, end,
                              group=f"class{klass}", unit="char"))
        return items

    @staticmethod
    def tags(tree: Tree, side: str, ccg: bool) -> list[Item]:
        return [Item(side, "tag", t.index, token_category(t, ccg), t.char_start, t.char_end,
                     group="sc", unit="char") for t in tree.tokens]

    # -- scoring ----------------------------------------------------------------------------
    def score(self, gold: Tree, system: Tree, config: Any, index: int = 0) -> SentenceResult:
        problem = pair_problem(gold, system, self)   # other characters / other words
        if problem:
            return self.score_error(index, problem)
        grammar = config["grammar"]
        ccg = is_ccg_tree(gold) if grammar == "auto" else grammar == "ccg"
        counts: Counter[str] = Counter()

        # syntactic categories, aligned on character spans
        g_tags, s_tags = self.tags(gold, "gold", ccg), self.tags(system, "system", ccg)
        counts["sc_correct"] = zh.match(g_tags, s_tags)
        counts["sc_gold"], counts["sc_system"] = len(g_tags), len(s_tags)
        s_spans = {(t.start, t.end) for t in s_tags}
        g_spans = {(t.start, t.end) for t in g_tags}
        for t in g_tags:
            counts[f"sc_gold:{t.label}"] += 1
            if t.verdict is Verdict.MATCH:
                counts[f"sc_correct:{t.label}"] += 1
            elif (t.start, t.end) in s_spans:
                t.verdict = Verdict.WRONG_POS
        for t in s_tags:
            counts[f"sc_system:{t.label}"] += 1
            if t.verdict is Verdict.EXTRA and (t.start, t.end) in g_spans:
                t.verdict = Verdict.WRONG_POS

        # constituents: unlabeled pairing first (for ULC and the unlabeled class figures),
        # then labeled pairing, whose verdicts are the ones the views show
        g_items, s_items = self.constituents(gold, "gold", ccg), self.constituents(system, "system", ccg)
        counts["lc_gold"], counts["lc_system"] = len(g_items), len(s_items)
        zh.match(g_items, s_items, labeled=False)
        for item in g_items:
            if item.verdict is Verdict.MATCH:
                counts["ulc_correct"] += 1
                counts[f"{item.group}_ulc_gold_correct"] += 1
        for item in s_items:
            if item.verdict is Verdict.MATCH:
                counts[f"{item.group}_ulc_system_correct"] += 1
        counts["lc_correct"] = zh.match(g_items, s_items)
        zh.explain_unmatched(g_items, s_items)
        gold_spans = [(g.start, g.end) for g in g_items]
        for item, crossing in zip(s_items, zh.crossing_many([(s.start, s.end) for s in s_items],
                                                            gold_spans)):
            item.crossing = crossing
            if not crossing:
                counts["nocross"] += 1
        for item in g_items:
            counts[f"{item.group}_gold"] += 1
            if item.verdict is Verdict.MATCH:
                counts[f"{item.group}_lc_gold_correct"] += 1
        for item in s_items:
            counts[f"{item.group}_system"] += 1
            if item.verdict is Verdict.MATCH:
                counts[f"{item.group}_lc_system_correct"] += 1

        result = SentenceResult(index=index, counts=counts, gold_items=g_items + g_tags,
                                system_items=s_items + s_tags)
        result.scores, _ = self.sentence_scores(counts)
        result.data["grammar"] = "ccg" if ccg else "psg"
        return result

    def sentence_scores(self, counts: Counter[str] | dict[str, int]
                        ) -> tuple[dict[str, float | None], list[str]]:
        """A sentence's figures (no flags) from its counts (`score`, and `zh.stream`)."""
        return self.figures(counts), []

    @staticmethod
    def figures(c: Counter[str] | dict[str, int]) -> dict[str, float | None]:
        """The headline figures from (per-sentence or pooled) counts."""
        out: dict[str, float | None] = {}
        out.update(zh.prf_keys("SC_", c["sc_correct"], c["sc_gold"], c["sc_system"]))
        out.update(zh.prf_keys("ULC_", c["ulc_correct"], c["lc_gold"], c["lc_system"]))
        out["NoCross_P"] = zh.ratio_or_none(c["nocross"], c["lc_system"])
        out.update(zh.prf_keys("LC_", c["lc_correct"], c["lc_gold"], c["lc_system"]))
        p = zh.ratio_or_none(sum(map(c.__getitem__, _TOT4_KEYS[0])),
                             sum(map(c.__getitem__, _TOT4_KEYS[1])))
        r = zh.ratio_or_none(sum(map(c.__getitem__, _TOT4_KEYS[2])),
                             sum(map(c.__getitem__, _TOT4_KEYS[3])))
        out.update(zip(("Tot4_LC_P", "Tot4_LC_R", "Tot4_LC_F1"), zh.f1_of(p, r)))
        return out

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        tally = zh.Tally()
        tally.add_all(results)
        return self.summary_of(tally, config)

    def summary_of(self, tally: zh.Tally, config: Any) -> Summary:
        total, valid = tally.counts, tally.valid
        summary = Summary(counts=total)
        summary.metrics = self.figures(total)
        summary.metrics["sentences"] = valid
        for klass in CLASSES:
            group: dict[str, float | None] = {}
            for kind in ("LC", "ULC"):
                p = zh.ratio_or_none(total[f"{klass}_{kind.lower()}_system_correct"], total[f"{klass}_system"])
                r = zh.ratio_or_none(total[f"{klass}_{kind.lower()}_gold_correct"], total[f"{klass}_gold"])
                group.update(zip((f"{kind}_P", f"{kind}_R", f"{kind}_F1"), zh.f1_of(p, r)))
            group.update(gold=total[f"{klass}_gold"], system=total[f"{klass}_system"])
            summary.groups[klass] = group
        # per-category SC: categories with >= 10% of the gold words, the rest pooled
        gold_words = total["sc_gold"]
        cats = sorted({k.split(":", 1)[1] for k in total if k.startswith(("sc_gold:", "sc_system:"))})
        big = [c for c in cats if gold_words and 100.0 * total[f"sc_gold:{c}"] / gold_words >= SC_THRESHOLD]
        big.sort(key=lambda c: -total[f"sc_gold:{c}"])
        for cat in big:
            summary.groups[f"SC:{cat}"] = self._sc_group(total, [cat], gold_words)
        rest = [c for c in cats if c not in big]
        summary.groups["SC:Oth_SC"] = self._sc_group(total, rest, gold_words)
        summary.notes.extend(zh.error_notes(tally))
        return summary

    @staticmethod
    def _sc_group(total: Counter[str], cats: list[str], gold_words: int) -> dict[str, float | None]:
        g = sum(total[f"sc_gold:{c}"] for c in cats)
        s = sum(total[f"sc_system:{c}"] for c in cats)
        ok = sum(total[f"sc_correct:{c}"] for c in cats)
        group = zh.prf_keys("SC_", ok, g, s)
        group.update(token_ratio=zh.ratio_or_none(g, gold_words), gold=g, system=s)
        return group

    # -- text output --------------------------------------------------------------------------
    def render_text(self, results: Sequence[SentenceResult], summary: Summary, config: Any,
                    summary_only: bool = False) -> str:
        grammars = {r.data.get("grammar") for r in results if r.valid}
        return zh.render_text(self, results, summary, config, summary_only,
                              {g for g in grammars if g})

    def text_head(self, config: Any, grammars: set[str]) -> str:
        kind = "/".join(sorted(g.upper() for g in grammars if g)) or "PSG"
        return f"CIPS-SIGHAN-ParsEval-2012 {kind} parsing evaluation\n\n"

    def text_header(self, config: Any) -> list[str]:
        return ["Sent", *self.columns, "Notes"]

    def row_cells(self, r: SentenceResult, config: Any) -> list[str]:
        if not r.valid:
            return [str(r.index), "error", *([""] * (len(self.columns) - 1)), r.message]
        return [str(r.index), *(zh.pct(r.scores.get(k)) for k in self.columns), zh.row_note(r)]

    def text_tail(self, summary: Summary, config: Any) -> str:
        out = []
        m = summary.metrics
        out.append(zh.table(["Run", *self.headline],
                            [["System", *(zh.pct(m.get(k)) + "%" if m.get(k) is not None else "-"
                                          for k in self.headline)]]))
        for kind, title in (("ULC", "unlabeled"), ("LC", "labeled")):
            out.append(f"\nDifferent classes ({title} constituents)\n")
            rows = []
            for klass in CLASSES:
                g = summary.groups[klass]
                rows.append([f"Class {klass[-1]}", str(g["gold"]), str(g["system"]),
                             *(zh.pct(g.get(f"{kind}_{x}")) for x in ("P", "R", "F1"))])
            out.append(zh.table(["Class", "Gold", "System", "P", "R", "F1"], rows))
        out.append("\nSyntactic categories (>= 10% of the gold words; the rest pooled as Oth_SC)\n")
        rows = [[name[3:], zh.pct(g.get("token_ratio")), str(g["gold"]), str(g["system"]),
                 *(zh.pct(g.get(f"SC_{x}")) for x in ("P", "R", "F1"))]
                for name, g in summary.groups.items() if name.startswith("SC:")]
        out.append(zh.table(["SC", "Ratio%", "Gold", "System", "SC_P", "SC_R", "SC_F1"], rows))
        out.append(f"\nSentences {m.get('sentences', 0)}   gold constituents {summary.counts['lc_gold']}"
                   f"   system constituents {summary.counts['lc_system']}\n")
        for note in summary.notes:
            out.append(f"note: {note}\n")
        return "".join(out)


PROFILE = ParsEval2012Profile()
