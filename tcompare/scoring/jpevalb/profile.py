"""The ``jp-evalb`` profile: alignment-based PARSEVAL (Jo, Park & Park 2024, CL 50(3)).

Spec: spec/metrics.md §9, spec/cli.md (last section); user docs: docs/jp-evalb.md.
The algorithm is in `jpevalb.core` (reproducing ``jp-evalb.py``), the text report in
`jpevalb.report`.  This module turns a run into the scorer's vocabulary:

* `evaluate(gold_lines, system_lines, params)` -> `JpResult`: one `SentenceResult` per
  aligned pair (index = the report's ID), a `Summary` (EVALB's metric keys, ``len<=40``
  group), the alignment (which gold sentences pair with which system sentences, and per word
  group the gold/system words), and the 0/0 flags.
* `JpEvalbProfile.score` scores one gold/system pair of model Trees with the word alignment
  (no sentence alignment: the GUI calls it on pairs it already holds), `aggregate` folds
  results, `score_corpus` runs the whole alignment on model Trees.

Bracket items: ``start``/``end`` are over the pair's aligned word groups (what jp-evalb
compares); ``data["items"]`` (and the JSON) add, per bracket, the sentence it belongs to
(0-based index in its file) and its word span in that sentence.  Verdicts: MATCH (the set
intersection, EQ_LABEL pairs included; a second copy of a bracket is not matched, as the
reference counts it once), LABEL_ONLY (same span on the other side, other label), CROSSING
(system bracket crossing a gold one), MISSING / EXTRA otherwise.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any, Iterable, Iterator, Sequence

from tcompare.scoring.base import GROUPED
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import (Item, Option, Profile, SentenceResult, Status, Summary, Verdict,
                                   unscored_result)
from tcompare.scoring.jpevalb.core import (
    AlignedPair, Bracket, Group, JpParams, JpTree, PairScore, Run, Sentence, crossing_flags,
    pair_details, word_groups, parse_prm_text, prepare_all, prepare_read, run_prepared, score_pair,
)
from tcompare.scoring.jpevalb.report import Block, totals

NAME = "jp-evalb"
METRIC_KEYS = ("recall", "precision", "fmeasure", "complete_match", "average_crossing",
               "no_crossing", "two_or_less_crossing", "tagging_accuracy")
SENTENCE_KEYS = ("length", "recall", "precision", "fmeasure", "matched", "gold_brackets",
                 "test_brackets", "crossing", "words", "correct_tags", "tagging_accuracy")


# -- results --------------------------------------------------------------------------------


class JpResult:
    """A run and, computed when first asked for, its results in the scorer's vocabulary."""

    def __init__(self, run: Run, gold: Sequence[Sentence], system: Sequence[Sentence]):
        self.run, self.gold, self.system = run, gold, system

    @cached_property
    def sentences(self) -> list[SentenceResult]:
        return [pair_result(p, self.gold, self.system, self.run.params) for p in self.run.pairs]

    @cached_property
    def _summary(self) -> tuple[Summary, list[str]]:
        return summarize([p.score for p in self.run.pairs])

    @property
    def summary(self) -> Summary:
        return self._summary[0]

    @property
    def flags(self) -> list[str]:
        return self._summary[1]

    @cached_property
    def alignment(self) -> list[dict[str, Any]]:
        return alignment_json(self.run, self.gold, self.system)


def evaluate(gold_lines: Sequence[str], system_lines: Sequence[str], params: JpParams | None = None) -> JpResult:
    """Read, align and score; raises `JpEvalbCrash` where jp-evalb.py stops."""
    params = params or JpParams()
    system = prepare_all(system_lines, params, "system")
    gold = prepare_all(gold_lines, params, "gold")
    return _result(gold, system, params)


def _result(gold: Sequence[Sentence], system: Sequence[Sentence], params: JpParams) -> JpResult:
    return JpResult(run_prepared(gold, system, params), gold, system)


def kind_of(pair: AlignedPair, gold: Sequence[Sentence], system: Sequence[Sentence]) -> str:
    g, s = pair.group.gold, pair.group.system
    if len(g) == 1 and len(s) == 1:
        return "same" if gold[g[0]].key == system[s[0]].key else "changed"
    if len(s) == 1:
        return "joined"      # several gold sentences, one system sentence
    if len(g) == 1:
        return "split"       # one gold sentence, several system sentences
    return "regrouped"       # several on both sides (jp-evalb gathers until the next pair)


def _positions(indices: Sequence[int], sentences: Sequence[Sentence]) -> list[tuple[int, int]]:
    """For each word of a pair side (the merged tree's words), (sentence, word in it)."""
    out: list[tuple[int, int]] = []
    for k in indices:
        out.extend((k, w) for w in sentences[k].refs)
    return out


def _verdicts(mine: list[Bracket], other: list[Bracket], matched_keys: set[tuple[str, int, int]],
              crossing: list[bool] | None) -> list[Verdict]:
    other_spans = {(b.start, b.end) for b in other}
    seen: set[tuple[str, int, int]] = set()
    out = []
    for n, b in enumerate(mine):
        key = b.key
        if key in matched_keys and key not in seen:
            seen.add(key)
            out.append(Verdict.MATCH)
        elif (b.start, b.end) in other_spans and key not in matched_keys:
            out.append(Verdict.LABEL_ONLY)
        elif crossing is not None and crossing[n]:
            out.append(Verdict.CROSSING)
        else:
            out.append(Verdict.MISSING if crossing is None else Verdict.EXTRA)
    return out


def _ratio(num: float, den: float, name: str, flags: list[str]) -> float:
    if den:
        return num / den * 100
    flags.append(f"{name}:0/0")
    return 0.0


def pair_result(pair: AlignedPair, gold: Sequence[Sentence], system: Sequence[Sentence],
                params: JpParams, joined_refs: bool = False) -> SentenceResult:
    """A pair's `SentenceResult`: counts and scores as printed, 0/0 flags, and a verdict for
    every bracket (`data["items"]`: where each bracket is, sentence and words).
    ``joined_refs``: a side of several sentences numbers its brackets as the nodes of
    `model.tree.joined_trees` over them (what the window draws for such a group)."""
    s = pair.score
    flags: list[str] = []
    counts = Counter(matched=s.matched, gold_brackets=s.gold_brackets, test_brackets=s.test_brackets,
                     crossing=s.crossing, words=s.words, correct_tags=s.correct_tags, length=s.length,
                     short=int(s.short))
    status = Status.VALID
    message = ""
    if s.status:
        status = Status.ERROR
        message = "-evalb: the two sides have different numbers of tagged words"
        counts = Counter(length=s.length, short=int(s.short))
    recall = _ratio(s.matched, s.gold_brackets, "recall", flags)
    precision = _ratio(s.matched, s.test_brackets, "precision", flags)
    if recall + precision:
        fmeasure = 2 * precision * recall / (precision + recall)
    else:
        fmeasure = 0.0
        flags.append("fmeasure:0/0")
    scores: dict[str, float | None] = {"recall": recall, "precision": precision, "fmeasure": fmeasure,
              "tagging_accuracy": _ratio(s.correct_tags, s.words, "tagging_accuracy", flags)}
    if s.status:
        scores = {k: 0.0 for k in scores}
    sys_parts = [system[k] for k in pair.group.system]
    gold_parts = [gold[k] for k in pair.group.gold]
    d = pair_details(sys_parts, gold_parts, params)
    matched_keys = set(d.matched_keys)
    for sys_key, gold_key in d.eq_pairs:
        matched_keys.add(sys_key)
        matched_keys.add(gold_key)
    if s.status:
        matched_keys = set()
    gold_verdicts = _verdicts(d.gold, d.system, matched_keys, None)
    sys_verdicts = _verdicts(d.system, d.gold, matched_keys, d.crossing)
    gold_crossing = crossing_flags([b.key for b in d.gold], [b.key for b in d.system])
    gold_pos = _positions(pair.group.gold, gold)
    sys_pos = _positions(pair.group.system, system)
    gold_items: list[Item]
    sys_items: list[Item]
    extra: list[dict[str, Any]]
    gold_items, sys_items, extra = [], [], []
    for side, brackets, verdicts, positions, items, cross in (
            ("gold", d.gold, gold_verdicts, gold_pos, gold_items, gold_crossing),
            ("system", d.system, sys_verdicts, sys_pos, sys_items, d.crossing)):
        parts = [(gold if side == "gold" else system)[k]
                 for k in (pair.group.gold if side == "gold" else pair.group.system)]
        first = _first_refs(parts) if joined_refs and len(parts) > 1 else [0] * len(parts)
        first = [at - part.ref_shift for at, part in zip(first, parts)]
        for n, (b, v) in enumerate(zip(brackets, verdicts)):
            items.append(Item(side=side, kind="bracket", ref=first[b.part] + b.order,
                              label=b.label, start=b.start,
                              end=b.end, verdict=v, crossing=cross[n]))
            extra.append(_where(side, b, positions, pair.group.gold if side == "gold" else pair.group.system))
    return SentenceResult(index=s.index, status=status, message=message, counts=counts,
                          scores=scores, gold_items=gold_items, system_items=sys_items,
                          flags=flags, data={"kind": kind_of(pair, gold, system),
                                             "gold_sentences": list(pair.group.gold),
                                             "system_sentences": list(pair.group.system),
                                             "items": extra})


def _first_refs(parts: Sequence[Sentence]) -> list[int]:
    """Node id of each part's first bracket in `joined_trees` over the parts (its new root
    is node 0)."""
    out, at = [], 1
    for sentence in parts:
        out.append(at)
        at += len(sentence.brackets) - sentence.ref_shift
    return out


def _where(side: str, b: Bracket, positions: Sequence[tuple[int, int]], sentences: Sequence[int]) -> dict[str, Any]:
    """Where a bracket is: its sentence (0-based, in its file) and its words in it (end
    exclusive, words as written, deleted punctuation counted), and `node`: its index among
    that sentence's constituents (nodes over more than one level, preorder)."""
    where = {"side": side, "sentence": sentences[b.part]}
    if b.word_end > b.word_start and b.word_end - 1 < len(positions):
        where["words"] = [positions[b.word_start][1], positions[b.word_end - 1][1] + 1]
    else:
        where["words"] = []
    return where


def _block_metrics(b: Block, prefix: str, flags: list[str]) -> dict[str, float | None]:
    def zero(name: str, cond: bool) -> None:
        if cond:
            flags.append(f"{prefix}{name}:0/0")
    zero("recall", b.gold == 0)
    zero("precision", b.test == 0)
    f = b.fmeasure()
    if f != f:          # nan: P + R = 0 (jp-evalb.py prints nan)
        flags.append(f"{prefix}fmeasure:0/0")
        f = 0.0
    n = b.valid
    for name in ("complete_match", "average_crossing", "no_crossing", "two_or_less_crossing"):
        zero(name, n == 0)
    zero("tagging_accuracy", b.words == 0)
    return {"recall": b.recall(), "precision": b.precision(), "fmeasure": f,
            "complete_match": b.complete_match(), "average_crossing": b.average_crossing(),
            "no_crossing": b.no_crossing_pct(), "two_or_less_crossing": b.two_or_less_pct(),
            "tagging_accuracy": b.tagging_accuracy(),
            "sentences": b.sentences, "error_sentences": b.errors, "skip_sentences": b.skipped,
            "valid_sentences": b.valid, "matched": b.matched, "gold_brackets": b.gold,
            "test_brackets": b.test, "crossing": b.crossing, "words": b.words,
            "correct_tags": b.correct_tags}


def summarize(scores: Iterable[PairScore]) -> tuple[Summary, list[str]]:
    t = totals(scores)
    flags: list[str] = []
    metrics = _block_metrics(t.all, "", flags)
    short = _block_metrics(t.short, "len<=40.", flags)
    summary = Summary(metrics=metrics, groups={"len<=40": short},
                      counts=Counter({k: v for k, v in metrics.items() if isinstance(v, int)}))
    summary.notes.extend(flags)
    if hasattr(summary, "flags"):
        summary.flags = list(flags)
    return summary, flags


def alignment_json(run: Run, gold: Sequence[Sentence], system: Sequence[Sentence]) -> list[dict[str, Any]]:
    """One entry per aligned pair: the gold and system sentence indices (0-based), its kind,
    and per word group the gold and system words as [sentence, word] (0-based, words
    counted in the sentence as written, deleted punctuation included).  Sentences the
    reference leaves out (after its walk stops) follow with kind missing / extra and
    ``"scored": false``."""
    out: list[dict[str, Any]] = []
    used_gold: set[int] = set()
    used_sys: set[int] = set()
    for pair in run.pairs:
        g_pos = _positions(pair.group.gold, gold)
        s_pos = _positions(pair.group.system, system)
        gold_groups = word_groups(pair.gold_words, [gold[k] for k in pair.group.gold])
        sys_groups = word_groups(pair.system_words, [system[k] for k in pair.group.system])
        words = [{"gold": [list(g_pos[k]) for k in gw], "system": [list(s_pos[k]) for k in sw]}
                 for gw, sw in _zip_groups(gold_groups, sys_groups)]
        out.append({"pair": pair.score.index, "gold": list(pair.group.gold),
                    "system": list(pair.group.system), "kind": kind_of(pair, gold, system),
                    "scored": True, "words": words})
        used_gold.update(pair.group.gold)
        used_sys.update(pair.group.system)
    for k in range(len(gold)):
        if k not in used_gold:
            out.append({"pair": None, "gold": [k], "system": [], "kind": "missing", "scored": False, "words": []})
    for k in range(len(system)):
        if k not in used_sys:
            out.append({"pair": None, "gold": [], "system": [k], "kind": "extra", "scored": False, "words": []})
    return out


def _zip_groups(gold_groups: list[list[int]], sys_groups: list[list[int]]
                ) -> Iterator[tuple[list[int], list[int]]]:
    n = max(len(gold_groups), len(sys_groups))
    for k in range(n):
        yield (gold_groups[k] if k < len(gold_groups) else [],
               sys_groups[k] if k < len(sys_groups) else [])


def paired(result: JpResult) -> tuple[list[SentencePair], list[SentenceResult]]:
    """The run's pairs (0-based) and one result per pair: its walk's groups, then the
    sentences it never reached (`base.UNSCORED`: listed, never counted)."""
    pairs: list[SentencePair] = []
    results: list[SentenceResult] = []
    for pair, r in zip(result.run.pairs, result.sentences):
        sp = SentencePair(tuple(pair.group.gold), tuple(pair.group.system),
                          kind_of(pair, result.gold, result.system))
        r.data["pair"] = sp.to_json()
        pairs.append(sp)
        results.append(r)
    used_gold = {i for p in pairs for i in p.gold}
    used_sys = {j for p in pairs for j in p.system}
    why = "jp-evalb.py's sentence walk stops before it"
    for i in range(result.run.n_gold):
        if i not in used_gold:
            sp = SentencePair((i,), (), "missing")
            pairs.append(sp)
            results.append(unscored_result(i + 1, sp.to_json(), why))
    for j in range(result.run.n_system):
        if j not in used_sys:
            sp = SentencePair((), (j,), "extra")
            pairs.append(sp)
            results.append(unscored_result(0, sp.to_json(), why))
    return pairs, results


def to_json(result: JpResult, *, gold: str = "", system: str = "", options: dict[str, Any] | None = None,
            summary_only: bool = False) -> dict[str, Any]:
    params = result.run.params
    data: dict[str, Any] = {
        "profile": NAME,
        "options": options if options is not None else
        {"prm": params.source or None, "evalb": params.evalb, "gold": gold, "system": system},
    }
    data.update(result.summary.to_json())
    data["flags"] = list(result.flags)
    data["counts"] = {"gold_sentences": result.run.n_gold, "system_sentences": result.run.n_system,
                      "pairs": len(result.run.pairs)}
    _, results = paired(result)
    sentences = []
    if not summary_only:
        for r in results:
            item = r.to_json()
            item["kind"] = r.data.get("kind", r.data["pair"]["kind"])
            item["gold_sentences"] = r.data["pair"]["gold"]
            item["system_sentences"] = r.data["pair"]["system"]
            where = iter(r.data.get("items", []))
            for side in ("gold_items", "system_items"):
                for entry in item[side]:
                    w = next(where)
                    entry.update({k: v for k, v in w.items() if k != "side"})
            sentences.append(item)
    data["sentences"] = sentences
    # 1-based sentence numbers, as every other output numbers them
    data["alignment"] = [dict(a, gold=[i + 1 for i in a["gold"]],
                              system=[j + 1 for j in a["system"]]) for a in result.alignment]
    return data


# -- the profile (model Trees) ----------------------------------------------------------------


def from_model(tree: Any) -> JpTree:
    """A `tcompare.model.tree.Tree` as jp-evalb reads it: phrase nodes keep their raw label,
    a token is a preterminal (its POS over its word; a bare word when it has no POS)."""
    root = getattr(tree, "root", tree)
    if root is None:
        return JpTree("", [])
    return _from_node(root)


def _from_node(node: Any) -> JpTree:
    kids: list[JpTree | str] = []
    for child in node.children:
        if hasattr(child, "children"):
            kids.append(_from_node(child))
        elif child.pos:
            kids.append(JpTree(child.pos, [child.form]))
        else:
            kids.append(child.form)
    return JpTree(node.label.raw, kids)


def prepare_tree(tree: JpTree, params: JpParams) -> Sentence:
    """`jpevalb.core.prepare` for a tree already read."""
    shift = 0
    if len(tree.kids) > 1:
        tree, shift = JpTree("TOP", [tree]), 1
    sentence = prepare_read(tree, tree.leaves(), params)
    sentence.ref_shift = shift
    return sentence


class JpEvalbProfile(Profile):
    name = NAME
    description = "alignment-based PARSEVAL (Jo, Park & Park 2024): jp-evalb.py's figures"
    notations = ("ptb",)
    kind = "constituency"
    char_aligned = True      # words aligned within the pair: merged or split words are scored
    options = (
        Option("prm", "", "parameter file (jp-evalb.py's .prm argument)"),
        Option("evalb", False, "jp-evalb.py's -evalb mode", bool),
    )
    columns = ("recall", "precision", "fmeasure", "tagging_accuracy")
    headline = ("fmeasure", "recall", "precision", "tagging_accuracy")

    def prepare(self, options: dict[str, Any] | None = None) -> JpParams:
        merged = super().prepare(options)
        if isinstance(merged, JpParams):
            return merged
        prm = merged.get("prm") or ""
        evalb = bool(merged.get("evalb"))
        if prm:
            import io

            from tcompare.formats import read_option_file

            # (decoded as ``open(prm, encoding="utf-8")`` decodes: strict, universal newlines)
            text = io.TextIOWrapper(io.BytesIO(read_option_file(prm)), encoding="utf-8").read()
            return JpParams(evalb=evalb, values=parse_prm_text(text), source=str(prm))
        return JpParams.builtin_evalb() if evalb else JpParams()

    def score(self, gold: Any, system: Any, config: Any = None, index: int = 0) -> SentenceResult:
        """One pair of model Trees (or JpTrees), words aligned, no sentence alignment."""
        params = config if isinstance(config, JpParams) else self.prepare(config)
        g = prepare_tree(gold if isinstance(gold, JpTree) else from_model(gold), params)
        s = prepare_tree(system if isinstance(system, JpTree) else from_model(system), params)
        score, left, right = score_pair(index or 1, [s], [g], g.deleted, params)
        pair = AlignedPair(Group((0,), (0,), False), left, right, score)
        result = pair_result(pair, [g], [s], params)
        result.index = index
        return result

    def score_group(self, gold: Sequence[Any], system: Sequence[Any], config: Any,
                    index: int = 0) -> SentenceResult | None:
        """Joined / split sentences as jp-evalb.py scores an aligned group: the trees of each
        side together, words aligned on characters (the length takes the first gold
        sentence's deleted punctuation; the reference takes that of gold line `index`)."""
        params = config if isinstance(config, JpParams) else self.prepare(config)
        g = [prepare_tree(t if isinstance(t, JpTree) else from_model(t), params) for t in gold]
        s = [prepare_tree(t if isinstance(t, JpTree) else from_model(t), params) for t in system]
        score, left, right = score_pair(index or 1, s, g, g[0].deleted, params)
        group = Group(tuple(range(len(s))), tuple(range(len(g))), len(g) > 1 or len(s) > 1)
        result = pair_result(AlignedPair(group, left, right, score), g, s, params,
                             joined_refs=True)
        result.index = index
        return result

    def score_corpus(self, gold_trees: Sequence[Any], system_trees: Sequence[Any], config: Any = None) -> JpResult:
        """The whole jp-evalb run (sentence alignment included) on model Trees."""
        params = config if isinstance(config, JpParams) else self.prepare(config)
        gold = [prepare_tree(from_model(t), params) for t in gold_trees]
        system = [prepare_tree(from_model(t), params) for t in system_trees]
        return _result(gold, system, params)

    def aggregate(self, results: Sequence[SentenceResult], config: Any = None) -> Summary:
        scores: list[PairScore] = []
        for r in results:
            if GROUPED in r.data:        # counted on its group's first row
                continue
            c = r.counts
            scores.append(PairScore(r.index, c.get("length", 0), 0 if r.valid else 1, c.get("matched", 0),
                                    c.get("gold_brackets", 0), c.get("test_brackets", 0),
                                    c.get("crossing", 0), c.get("words", 0), c.get("correct_tags", 0),
                                    bool(c.get("short", 0))))
        return summarize(scores)[0]


PROFILE = JpEvalbProfile()
