"""What annotators are compared on: one sentence of N annotations, coded by the scorer.

Agreement between annotators needs two things from the scorer, and both are decided here
(nothing outside ``scoring/`` decides whether two items are the same item):

* per annotator pair, the profile's own comparison: ``profile.score(a, b)`` (EVALB's bracket
  counting for trees, the ``conllu`` profile's arcs for dependencies) gives the pair's counts
  (matched / labelled / unlabelled brackets, attached / labelled arcs, tags);
* the *coding units* chance-corrected coefficients count: the things each annotator gave a
  value to.  For trees: a span both annotators bracketed (EVALB's matched or same-span
  partner: ``Verdict.MATCH`` / ``LABEL_ONLY``), valued by its label, and a word, valued by its
  POS (EVALB's kept words).  For dependencies: a word, valued by its DEPREL, its head (as the
  signed distance to it, ``root`` for 0), UPOS, XPOS, FEATS, LEMMA.

A span is linked across annotators through the first annotator who bracketed it: annotator
k's bracket with no partner among annotators 0..k-1 starts a unit, and each later annotator's
partner bracket (``score(k, later)``) gives that annotator's value; an annotator with no
partner leaves the value missing (``None``).  Word units are complete when the words agree.

`code_sentence(items, profile, config)` returns a `SentenceCoding` or raises `Uncodable`
(words differ, a sentence the profile refuses) with the reason, so the caller lists the
sentence instead of dropping it silently.  `agreement_direct.py` holds the faster roads to
the same coding (EVALB's partner lists, plain PTB lines, plain CoNLL columns).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.scoring.base import Item, Profile, Status, Verdict

# dependency fields coded per word; DepToken attribute for each (CoNLL-U names)
WORD_FIELDS = {"deprel": "deprel", "head": "head", "upos": "cpostag", "xpos": "postag",
               "feats": "feats", "lemma": "lemma"}
TREE_FIELDS = ("label", "pos")
PAIRED = (Verdict.MATCH, Verdict.LABEL_ONLY)


class Uncodable(Exception):
    """A sentence whose annotations cannot be compared item by item (the message says why)."""


@dataclass(slots=True)
class SentenceCoding:
    """One sentence's comparison.

    pair_counts : (i, j) -> additive counts of the pair (i < j, annotator indices).
    units : field -> per unit its values, one per annotator (None where that annotator did
        not code the unit).
    keys : field -> per unit where it is (the span ``(start, end)`` over EVALB's kept words);
        a field not here has one unit per word, keyed by the word's index (0-based).
    refs : field -> per unit, per annotator, the node / token ref its value came from (-1);
        a field not here: the word's index for every annotator.
    """

    pair_counts: dict[tuple[int, int], Counter[str]] = field(default_factory=dict)
    units: dict[str, list[tuple[str | None, ...]]] = field(default_factory=dict)
    keys: dict[str, list[Any]] = field(default_factory=dict)
    refs: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)


def code_sentence(items: Sequence[Any], profile: Profile, config: Any) -> SentenceCoding:
    """Compare N annotations of one sentence (see the module docstring), through the
    per-item verdicts of ``profile.score``.  `agreement_direct.code_sentence` picks a faster
    road to the same coding where there is one."""
    if profile.kind == "dependency":
        return _code_dependency(items, profile, config)
    return _code_trees(items, profile, config)


def _pair_results(items: Sequence[Any], profile: Profile, config: Any) -> dict[tuple[int, int], Any]:
    results = {}
    n = len(items)
    for i in range(n):
        for j in range(i + 1, n):
            r = profile.score(items[i], items[j], config, 0)
            if r.status is not Status.VALID:
                raise Uncodable(f"annotators {i + 1} and {j + 1}: {r.message or r.status.value}")
            if "word_count_mismatch" in r.flags or "form_mismatch" in r.flags:
                raise Uncodable(f"annotators {i + 1} and {j + 1} tokenise differently"
                                + (f" ({r.message})" if r.message else ""))
            results[(i, j)] = r
    return results


# -- constituency -------------------------------------------------------------------------

def _code_trees(items: Sequence[Any], profile: Profile, config: Any) -> SentenceCoding:
    n = len(items)
    results = _pair_results(items, profile, config)
    coding = SentenceCoding()
    for (i, j), r in results.items():
        c = Counter(r.counts)
        brackets = [it for it in r.gold_items if it.kind == "bracket" and it.verdict is not Verdict.IGNORED]
        c["unlabeled_matched"] = sum(1 for it in brackets if it.verdict in PAIRED)
        c["tags"] = sum(1 for it in r.gold_items if it.kind == "tag" and it.verdict is not Verdict.IGNORED)
        coding.pair_counts[(i, j)] = c
    # labels the profile counts as one (EVALB's EQ_LABEL cliques: ADVP = PRT) are one value,
    # the group's representative, so a class is one category in every marginal
    canonical = getattr(getattr(config, "prepared", None), "canonical", None) or {}
    for name, kind in (("label", "bracket"), ("pos", "tag")):
        units: list[tuple[str | None, ...]] = []
        keys: list[Any] = []
        refs: list[tuple[int, ...]] = []
        linked: list[set[int]] = [set() for _ in range(n)]   # refs already in some unit
        for k in range(n):
            own = _own_items(items, results, k, kind)
            for it in own:
                if it.ref in linked[k]:
                    continue
                values: list[str | None] = [None] * n
                where = [-1] * n
                label = canonical.get(it.label, it.label) if kind == "bracket" else it.label
                values[k], where[k] = label, it.ref
                for later in range(k + 1, n):
                    partner, same = _partner(results[(k, later)], it, kind)
                    if partner is not None:
                        # labels the profile counts as equal (EVALB's EQ_LABEL) are one value
                        other = canonical.get(partner.label, partner.label) if kind == "bracket" else partner.label
                        values[later] = label if same else other
                        where[later] = partner.ref
                        linked[later].add(partner.ref)
                units.append(tuple(values))
                keys.append((it.start, it.end))
                refs.append(tuple(where))
        coding.units[name] = units
        coding.keys[name] = keys
        coding.refs[name] = refs
    return coding


def _own_items(items: Sequence[Any], results: dict[tuple[int, int], Any], k: int, kind: str) -> list[Item]:
    """Annotator k's scored items of `kind`, from any pair it is in."""
    n = len(items)
    if k + 1 < n:
        source = results[(k, k + 1)].gold_items
    else:
        source = results[(k - 1, k)].system_items
    return [it for it in source if it.kind == kind and it.verdict is not Verdict.IGNORED]


def _partner(result: Any, item: Item, kind: str) -> tuple[Item | None, bool]:
    """The system item the scorer paired with gold `item` (same span / same word), or None,
    and whether the scorer counted the two as the same (``Verdict.MATCH``)."""
    lookup = result.data.get("_by_ref")
    if lookup is None:
        lookup = result.data["_by_ref"] = {
            (it.kind, it.ref): it for it in result.system_items if it.verdict is not Verdict.IGNORED}
        result.data["_gold_by_ref"] = {
            (it.kind, it.ref): it for it in result.gold_items if it.verdict is not Verdict.IGNORED}
    gold = result.data["_gold_by_ref"].get((kind, item.ref))
    if gold is None or gold.partner < 0:
        return None, False
    if kind == "bracket" and gold.verdict not in PAIRED:
        return None, False
    partner: Item | None = lookup.get((kind, gold.partner))
    return partner, gold.verdict is Verdict.MATCH


# -- dependency ---------------------------------------------------------------------------

def head_value(head: int, word: int) -> str:
    """A head choice as a category: ``root`` or the signed distance from the word (1-based
    `word`) to its head (``-1``: the word before) -- attaching to the previous word is the
    same choice in every sentence, the head's absolute number is not."""
    return "root" if head == 0 else f"{head - word:+d}"


def _code_dependency(items: Sequence[Any], profile: Profile, config: Any) -> SentenceCoding:
    n = len(items)
    results = _pair_results(items, profile, config)
    coding = SentenceCoding()
    for (i, j), r in results.items():
        coding.pair_counts[(i, j)] = Counter(r.counts)
    # the arcs as the scorer reads them (labels and integer heads), from each annotator's pair
    arcs: list[list[Item]] = []
    for k in range(n):
        source = results[(k, k + 1)].gold_items if k + 1 < n else results[(k - 1, k)].system_items
        arcs.append([it for it in source if it.kind == "arc"])
    words = [s.words for s in items]
    length = len(words[0])
    for name, attr in WORD_FIELDS.items():
        if name == "deprel":
            columns = [[a.label for a in arcs[k]] for k in range(n)]
        elif name == "head":
            columns = [[head_value(a.start, t + 1) if a.start >= 0 else words[k][t].head
                        for t, a in enumerate(arcs[k])] for k in range(n)]
        else:
            columns = [[getattr(w, attr) for w in words[k]] for k in range(n)]
        coding.units[name] = list(zip(*columns)) if length else []
    return coding
