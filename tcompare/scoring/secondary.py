"""The secondary scores beside any constituency profile: leaf-ancestor (``la``), tree edit
distance (``ted``) and function tags (``functions``) for one gold/system pair of `Tree`s, and
their corpus figures.  docs/cli-secondary.md says what each figure is.

What a profile deletes before scoring is its `KeepRules`: a profile may say it itself
(``profile.keep_rules(config)``); a configuration holding disco-dop's parameters
(``config["param"]`` as its ``readparam`` gives them: the ``discodop`` profile) gives
DELETE_LABEL, DELETE_WORD, EQ_LABEL, DELETE_ROOT_PRETERMS; EVALB-family profiles get theirs
from their parameter file (words whose gold tag is a DELETE_LABEL are
removed from both trees, phrases with such a label are replaced by their children, EQ_LABEL
classes merged), and the others delete nothing.  A root with a conventional root label
(unnamed, TOP, ROOT, VROOT) counts in no figure.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Callable, Mapping, Sequence

from tcompare.model.tree import Node, Token, Tree
from tcompare.scoring import function_tags, kept_tree, leaf_ancestor, ted
from tcompare.scoring.base import Verdict

SCORES = ("la", "ted", "functions")
DEFAULT_TIME_LIMIT = 5.0        # seconds of tree edit distance per sentence


def category(node: Node) -> str:
    """A phrase's label without function tags / co-index (what EVALB compares)."""
    return node.label.category or node.label.raw


def plain_tag(token: Token) -> str:
    return token.pos


def _bracket_functions(raw: str) -> tuple[str, ...]:
    # disco-dop's (disc)bracket readers: the function after the first '-' (not at 0, not only
    # digits), '=' and digits stripped from its end ("NP-SBJ-1" -> SBJ-, "NP-obj1" -> obj)
    x = raw.find("-")
    if x <= 0 or raw[x + 1:].isdigit():
        return ()
    func = raw[x + 1:].rstrip("=0123456789")
    return tuple(func.split("-")) if func not in ("", "--") else ()


def discodop_tag(token: Token) -> str:
    """A tag as disco-dop's readers leave it with functions removed: cut at its first '-',
    then at its first '=', where that is not the first character (``-NONE-`` stays whole);
    export/TIGER tags keep the edge label apart already."""
    tag = token.pos
    if token.extra and "function" in token.extra:
        return tag
    for char in "-=":
        x = tag.find(char)
        if x > 0:
            tag = tag[:x]
    return tag


def discodop_word_functions(token: Token) -> tuple[str, ...]:
    if token.extra and "function" in token.extra:
        return kept_tree.token_functions(token)
    return _bracket_functions(token.pos)


def discodop_phrase_functions(node: Node) -> tuple[str, ...]:
    if node.extra and "export_id" in node.extra:
        return kept_tree.node_functions(node)
    return _bracket_functions(node.label.raw)


@dataclass(frozen=True)
class KeepRules:
    """What an evaluation removes before the secondary scores (see `kept_tree.keep`)."""

    delete_tags: frozenset[str] = frozenset()
    delete_words: frozenset[str] = frozenset()
    splice: frozenset[str] = frozenset()
    relabel: Mapping[str, str] = field(default_factory=dict)
    root_preterminals: bool = False
    # labels that count in no figure though they cannot be spliced out: the conventional
    # roots (an unnamed root "( (S ...))", TOP, ROOT, VROOT), as a DELETE_LABEL root
    root_labels: frozenset[str] = frozenset({"", "TOP", "ROOT", "VROOT"})
    label: Callable[[Node], str] = category
    tag: Callable[[Token], str] = plain_tag
    phrase_functions: Callable[[Node], tuple[str, ...]] = kept_tree.node_functions
    word_functions: Callable[[Token], tuple[str, ...]] = kept_tree.token_functions
    labeled: bool = True               # function tags: labelled brackets must match
    disc_only: bool = False


def parse_scores(text: str) -> tuple[str, ...]:
    """``la,ted,functions`` (or ``all``) -> the names in `SCORES` order; ValueError names an
    unknown one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if names == ["all"]:
        return SCORES
    unknown = [n for n in names if n not in SCORES]
    if unknown or not names:
        raise ValueError(f"unknown secondary score {', '.join(unknown) or repr(text)}; "
                         f"known: {', '.join(SCORES)} (or all)")
    return tuple(n for n in SCORES if n in names)


def equivalence_classes(pairs: Sequence[tuple[str, str]]) -> dict[str, str]:
    """EQ_LABEL pairs -> each label's class representative (the smallest label of its class)."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    return {x: find(x) for x in list(parent)}


def rules_for(profile: Any, config: Any) -> KeepRules:
    hook = getattr(profile, "keep_rules", None)
    if callable(hook):
        rules: KeepRules = hook(config)
        return rules
    param = config.get("param") if isinstance(config, dict) else None
    if isinstance(param, dict) and "DELETE_LABEL" in param:     # disco-dop's readparam shape
        labels = frozenset(param["DELETE_LABEL"])
        eq = param.get("EQ_LABEL") or {}
        return KeepRules(delete_tags=labels, delete_words=frozenset(param.get("DELETE_WORD") or ()),
                         splice=labels, relabel=dict(eq) if isinstance(eq, Mapping) else {},
                         root_preterminals=bool(param.get("DELETE_ROOT_PRETERMS")),
                         labeled=bool(param.get("LABELED", 1)),
                         disc_only=bool(param.get("DISC_ONLY")), tag=discodop_tag,
                         # (eval.py gives LA and TED its DELETE_LABEL alone: a root label
                         # outside it counts, as without a parameter file)
                         root_labels=frozenset(),
                         phrase_functions=discodop_phrase_functions,
                         word_functions=discodop_word_functions)
    params = getattr(config, "params", None)
    deleted = getattr(params, "delete_labels", None)
    if deleted is not None:          # EVALB's parameter file
        labels = frozenset(deleted)
        return KeepRules(delete_tags=labels, splice=labels,
                         relabel=equivalence_classes(_pairs(getattr(params, "eq_labels", None))),
                         labeled=bool(getattr(params, "labeled", 1)))
    deleted = getattr(config, "delete", None)
    if isinstance(deleted, frozenset):   # jp-evalb's parameters
        return KeepRules(delete_tags=deleted, splice=deleted,
                         relabel=equivalence_classes(_pairs(getattr(config, "eq_labels", None))))
    return KeepRules()


def _pairs(value: Any) -> list[tuple[str, str]]:
    """EQ_LABEL pairs from a parameter object's value (anything else: none)."""
    if not isinstance(value, (list, tuple)):
        return []
    return [(str(v[0]), str(v[1])) for v in value if isinstance(v, (list, tuple)) and len(v) == 2]


@dataclass(slots=True)
class PairScores:
    """One pair's secondary figures; `problem` says why none was computed."""

    words: int = 0
    la: Decimal | None = None
    la_reason: str = ""                # why `la` is None: "no words" | "time limit"
    ted: ted.TedResult | None = None
    functions: function_tags.FunctionResult | None = None
    problem: str = ""


def score_pair(gold: Tree, system: Tree, rules: KeepRules, which: Sequence[str] = SCORES,
               time_limit: float | None = DEFAULT_TIME_LIMIT) -> PairScores:
    """One pair's figures; `time_limit` bounds TED and (for pathologically deep trees)
    leaf-ancestor, each on its own."""
    if gold.root is None or system.root is None:
        return PairScores(problem="no parse")
    drop = kept_tree.dropped_positions(gold, tags=rules.delete_tags, words=rules.delete_words,
                                       root_preterminals=rules.root_preterminals, tag=rules.tag)
    # the system's words matched to gold's as disco-dop does (gold's traces passed over)
    system_drop = kept_tree.aligned_drop(gold, system, drop, rules.delete_words)
    if system_drop is None:
        return PairScores(problem="the words differ")
    views = [kept_tree.keep(t, drop=d, splice=rules.splice, relabel=rules.relabel,
                            label=rules.label, tag=rules.tag, phrase_functions=rules.phrase_functions,
                            word_functions=rules.word_functions)
             for t, d in ((gold, drop), (system, system_drop))]
    g, s = views
    deleted = set(rules.splice) | set(rules.root_labels)
    result = PairScores(words=kept_tree.word_count(g))
    if "la" in which:
        deadline = None if time_limit is None else time.monotonic() + time_limit
        try:
            result.la = leaf_ancestor.sentence_score(g, s, deleted, deadline)
        except leaf_ancestor.OutOfTime:
            result.la_reason = "time limit"
        else:
            result.la_reason = "" if result.la is not None else "no words"
    if "ted" in which:
        result.ted = ted.sentence(g, s, deleted, time_limit)
    if "functions" in which:
        gb = function_tags.brackets(g, deleted, labeled=rules.labeled, disc_only=rules.disc_only)
        sb = function_tags.brackets(s, deleted, labeled=rules.labeled, disc_only=rules.disc_only)
        result.functions = function_tags.sentence(
            g, s, gb, sb, kept_tree.kept_tags(gold, drop, rules.tag),
            kept_tree.kept_tags(system, system_drop, rules.tag))
    return result


def percent(value: Decimal | None) -> float | None:
    return None if value is None else float(100 * value)


@dataclass(slots=True)
class CorpusScores:
    which: tuple[str, ...]
    leaf_ancestor: Decimal | None = None
    ted: ted.TedSummary | None = None
    functions: function_tags.Tally = field(default_factory=function_tags.Tally)
    scored: int = 0
    not_scored: list[tuple[int, str]] = field(default_factory=list)   # (row, why)
    la_not_computed: list[int] = field(default_factory=list)          # rows past the time limit
    ted_not_computed: list[int] = field(default_factory=list)         # rows past TED's limit

    def figures(self) -> dict[str, float | None]:
        """Percentages (None: undefined) keyed as in the JSON output."""
        out: dict[str, float | None] = {}
        if "la" in self.which:
            out["leaf_ancestor"] = percent(self.leaf_ancestor)
        if "ted" in self.which and self.ted is not None:
            out["ted_dice"] = percent(self.ted.dice)
            out["ted_distance"] = float(self.ted.distance)
            out["ted_denominator"] = float(self.ted.denominator)
        if "functions" in self.which:
            f = self.functions
            out["function_precision"] = percent(f.precision)
            out["function_recall"] = percent(f.recall)
            out["function_f1"] = percent(f.f1)
        return out


def corpus(rows: Sequence[PairScores], which: Sequence[str] = SCORES) -> CorpusScores:
    """Corpus figures over the rows that were scored: leaf-ancestor the mean of sentence
    scores (sentences without kept words left out), TED the Dice micro average (sentences
    past the time limit left out and listed), function tags micro P/R/F1."""
    out = CorpusScores(tuple(n for n in SCORES if n in which))
    las: list[Decimal | None] = []
    teds: list[ted.TedResult] = []
    for i, row in enumerate(rows):
        if row.problem:
            out.not_scored.append((i, row.problem))
            continue
        out.scored += 1
        if row.la is not None:
            las.append(row.la)
        elif row.la_reason == "time limit":
            out.la_not_computed.append(i)
        if row.ted is not None:
            if row.ted.reason == "time limit":
                out.ted_not_computed.append(i)
            teds.append(row.ted)
        if row.functions is not None:
            out.functions.add(row.functions)
    out.leaf_ancestor = leaf_ancestor.corpus_score(las, undefined_poisons=False)
    if "ted" in which:
        out.ted = ted.corpus(teds, undefined_poisons=False)
    return out


def pair_json(row: PairScores, which: Sequence[str] = SCORES) -> dict[str, Any]:
    """One pair's figures for ``--output json`` (percentages; TED's distance as a count;
    a function-tag item's verdict ``match``, ``missing`` (gold) or ``extra`` (system))."""
    if row.problem:
        return {"status": "not scored", "reason": row.problem}
    data: dict[str, Any] = {"status": "scored", "words": row.words}
    if "la" in which:
        data["leaf_ancestor"] = percent(row.la)
        if row.la_reason:
            data["leaf_ancestor_status"] = "not computed: " + row.la_reason
    if row.ted is not None:
        if row.ted.computed:
            data["ted"] = {"status": "computed", "distance": row.ted.distance,
                           "denominator": row.ted.denominator,
                           "similarity": percent(row.ted.similarity)}
        else:
            data["ted"] = {"status": "not computed", "reason": row.ted.reason}
    if row.functions is not None:
        gold, system = row.functions.item_verdicts()
        data["functions"] = {
            "matched": row.functions.matched, "gold": len(gold), "system": len(system),
            "gold_items": [_function_item(item, ok, Verdict.MISSING) for item, ok in gold],
            "system_items": [_function_item(item, ok, Verdict.EXTRA) for item, ok in system]}
    return data


def _function_item(item: function_tags.FunctionItem, matched: bool, miss: Verdict) -> dict[str, Any]:
    (label, positions), tag = item
    return {"label": label, "positions": list(positions), "function": tag,
            "verdict": (Verdict.MATCH if matched else miss).value}
