"""The ``grammar-induction`` profile: unlabeled span F1 as unsupervised-parsing papers report it.

Named variants (option ``variant``; docs/metrics-induction.md cites the scripts):

* ``compound-pcfg`` -- Kim et al. 2019, harvardnlp/compound-pcfg ``compare_trees.py``
  (its ``eval.py`` scores the same way): punctuation as in the files, the root's
  whole-sentence span and one-word spans dropped, gold sentences of one word or more than 150
  words skipped; "Corpus F1" (micro) and "Sentence F1" (mean of Shen et al.'s sentence F1);
* ``prpn`` -- Shen et al. 2018/2019, yikangshen/PRPN and Ordered-Neurons
  ``test_phrase_grammar.py``: punctuation dropped (PTB word tags only), every whole-sentence
  span and one-word spans dropped; the mean sentence F1;
* ``strict`` -- the same spans as ``prpn`` with a plain sentence F1 (a sentence without any
  span on either side is left out of the mean, no 1e-8 terms) and the corpus F1 as headline.

The options ``punctuation`` (keep|drop), ``whole_span`` (keep|drop|drop-root), ``single_words``
(keep|drop) and ``max_words`` override the variant's choice; the summary always gives both
averages (``corpus_f1`` micro over spans, ``sentence_f1`` the mean over sentences).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tcompare.model.tree import Tree
from tcompare.scoring.base import (Item, Option, Profile, SentenceResult, Status, Summary, Verdict,
                                   prf)
from tcompare.scoring.induction.spans import (Rules, corpus_f1, dropped, node_spans, numpy_mean,
                                              prpn_sentence_f1)

VARIANTS: dict[str, dict[str, Any]] = {
    "compound-pcfg": {"rules": Rules(punctuation="keep", whole="drop-root", single="drop",
                                     min_words=2, max_words=150),
                      "sentence_f1": "prpn", "headline": "corpus_f1"},
    "prpn": {"rules": Rules(punctuation="drop", whole="drop", single="drop"),
             "sentence_f1": "prpn", "headline": "sentence_f1"},
    "strict": {"rules": Rules(punctuation="drop", whole="drop", single="drop"),
               "sentence_f1": "plain", "headline": "corpus_f1"},
}


class InductionConfig(dict):  # type: ignore[type-arg]
    """The options plus the variant's resolved `Rules` (``config["rules"]``)."""


class InductionProfile(Profile):
    name = "grammar-induction"
    description = ("unlabeled span F1 of unsupervised parsing (variants: compound-pcfg, prpn, "
                   "strict; corpus and sentence-level F1)")
    notations = ("ptb", "discbracket")
    kind = "constituency"
    options = (
        Option("variant", "compound-pcfg", "whose evaluation: compound-pcfg, prpn or strict",
               choices=tuple(VARIANTS)),
        Option("punctuation", "variant", "keep or drop punctuation words (variant: as the variant does)",
               choices=("variant", "keep", "drop")),
        Option("whole_span", "variant", "keep, drop or drop-root the whole-sentence span",
               choices=("variant", "keep", "drop", "drop-root")),
        Option("single_words", "variant", "keep or drop one-word spans",
               choices=("variant", "keep", "drop")),
        Option("max_words", 0, "skip gold sentences longer than this (0: the variant's)", int),
    )
    columns = ("precision", "recall", "f1", "sentence_f1")
    headline = ("corpus_f1", "sentence_f1", "corpus_precision", "corpus_recall")

    def prepare(self, options: dict[str, Any] | None = None) -> InductionConfig:
        config = InductionConfig(super().prepare(options))
        variant = VARIANTS[config["variant"]]
        rules: Rules = variant["rules"]
        overrides: dict[str, Any] = {}
        for option, field in (("punctuation", "punctuation"), ("whole_span", "whole"),
                              ("single_words", "single")):
            if config.get(option) not in (None, "", "variant"):
                overrides[field] = config[option]
        if config.get("max_words"):
            overrides["max_words"] = int(config["max_words"])
        config["rules"] = Rules(**{**rules.__dict__, **overrides})
        config["sentence_formula"] = variant["sentence_f1"]
        config["headline"] = variant["headline"]
        return config

    def score(self, gold: Tree, system: Tree, config: Any, index: int = 0) -> SentenceResult:
        rules: Rules = config["rules"]
        if gold.root is not None and system.root is not None and \
                [t.form for t in gold.tokens] != [t.form for t in system.tokens]:
            return self.score_error(index, "the two trees have different words")
        drop = dropped(gold, rules)
        words = len(gold.tokens) - len(drop)
        if words < rules.min_words or (rules.max_words is not None and words > rules.max_words):
            return SentenceResult(index=index, status=Status.SKIP,
                                  message=f"{words} word(s): outside {rules.min_words}.."
                                          f"{rules.max_words or 'any'}")
        g_spans, g_ignored = node_spans(gold, drop, rules)
        s_spans, s_ignored = node_spans(system, drop, rules)
        matched = set(g_spans) & set(s_spans)
        counts: Counter[str] = Counter(matched=len(matched), gold=len(g_spans),
                                       system=len(s_spans), words=words)
        result = SentenceResult(index=index, counts=counts)
        result.gold_items = _items("gold", gold, g_spans, s_spans, g_ignored, Verdict.MISSING)
        result.system_items = _items("system", system, s_spans, g_spans, s_ignored, Verdict.EXTRA)
        p, r, f = prf(len(matched), len(g_spans), len(s_spans))
        result.scores = {"precision": p, "recall": r, "f1": f,
                         "sentence_f1": self._sentence_f1(config, len(matched), len(g_spans),
                                                          len(s_spans))}
        return result

    @staticmethod
    def _sentence_f1(config: Any, matched: int, gold: int, system: int) -> float | None:
        if config["sentence_formula"] == "prpn":
            return 100 * prpn_sentence_f1(matched, gold, system)
        if gold == 0 and system == 0:
            return None                  # no span on either side: not in the mean
        return prf(matched, gold, system)[2]

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        total: Counter[str] = Counter()
        sentence_f1: list[float] = []
        scored = skipped = 0
        for r in results:
            if r.status is Status.SKIP:
                skipped += 1
                continue
            if not r.valid:
                continue
            scored += 1
            total.update(r.counts)
            c = r.counts
            if config["sentence_formula"] == "prpn":   # recomputed from the counts: exact floats
                sentence_f1.append(prpn_sentence_f1(c["matched"], c["gold"], c["system"]))
            elif r.scores.get("sentence_f1") is not None:
                sentence_f1.append(r.scores["sentence_f1"] or 0.0)
        p, rec, _ = prf(total["matched"], total["gold"], total["system"])
        f = corpus_f1(total["matched"], total["gold"], total["system"])
        mean = numpy_mean(sentence_f1)
        if mean is not None and config["sentence_formula"] == "prpn":
            mean *= 100
        metrics: dict[str, float | None] = {"corpus_f1": f, "sentence_f1": mean,
                                            "corpus_precision": p, "corpus_recall": rec}
        if config["headline"] == "sentence_f1":
            metrics = {"sentence_f1": mean, "corpus_f1": f, "corpus_precision": p,
                       "corpus_recall": rec}
        rules: Rules = config["rules"]
        notes = [f"variant {config['variant']}: punctuation {rules.punctuation}, whole-sentence "
                 f"span {rules.whole}, one-word spans {rules.single}; {scored} sentence(s) scored, "
                 f"{skipped} skipped"]
        return Summary(metrics=metrics, counts=total, notes=notes)


def _items(side: str, tree: Tree, spans: dict[tuple[int, ...], tuple[str, int]],
           other: dict[tuple[int, ...], tuple[str, int]], ignored: dict[int, str],
           miss: Verdict) -> list[Item]:
    """One item per counted span (on its first node, or its word: kind ``word``) and per
    ignored node; start/end are the node's own words (what the GUI draws), the matching was on
    kept positions."""
    by_id = {node.id: node for node in tree.nodes()}
    items: list[Item] = []
    for span, (kind, ref) in spans.items():
        start, end = (by_id[ref].start, by_id[ref].end) if kind == "node" else (ref, ref + 1)
        hit = span in other
        items.append(Item(side, "bracket" if kind == "node" else "word", ref, "", start, end,
                          Verdict.MATCH if hit else miss, partner=other[span][1] if hit else -1))
    for ref, why in ignored.items():
        node = by_id[ref]
        items.append(Item(side, "bracket", ref, "", node.start, node.end, Verdict.IGNORED,
                          group=why))
    return sorted(items, key=lambda i: (i.kind, i.ref))


PROFILE = InductionProfile()
