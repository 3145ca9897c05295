"""Krippendorff's alpha with a tree distance (Skjaerholt, ACL 2014).

The unit is a sentence, the value an annotator's whole tree, the distance between two values
one of `scoring.tree_distance.squared`'s three (``plain``, ``diff``, ``norm``) on the Zhang-Shasha
edit distance.  As Krippendorff's alpha with any metric, over the n trees of the sentences at
least two annotators annotated:

    D_o = (1/n) sum_u sum_{i != j in u} delta(t_i, t_j) / (m_u - 1)
    D_e = 1/(n (n - 1)) sum_{a != b} delta(t_a, t_b)        (every ordered pair of trees)
    alpha = 1 - D_o / D_e

D_e compares trees of *different* sentences too, so it costs n^2 / 2 tree distances: it is
computed exactly while that is at most `budget` distances, and estimated from `budget` pairs
drawn uniformly at random (fixed `seed`) beyond -- the mean of delta over ordered distinct
pairs IS D_e, so the estimate is unbiased; the report says which it did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from tcompare.scoring.tree_distance import DISTANCES, Shape, distance, squared

DEFAULT_BUDGET = 2000


@dataclass(slots=True)
class TreeAlpha:
    """Alpha per distance (``plain``, ``diff``, ``norm``), the disagreement behind each, how
    D_e was obtained, and each sentence's edit distances per annotator pair."""

    values: dict[str, float | None] = field(default_factory=dict)
    observed: dict[str, float] = field(default_factory=dict)
    expected: dict[str, float] = field(default_factory=dict)
    trees: int = 0
    expected_pairs: int = 0
    exact: bool = True
    seed: int = 0
    sentence_distances: list[dict[tuple[int, int], int]] = field(default_factory=list)
    note: str = ""
    # for the bootstrap: per sentence the D_o numerator per distance and its tree count;
    # the D_e pairs as (sentence a, sentence b, delta per distance)
    unit_terms: list[tuple[dict[str, float], int]] = field(default_factory=list)
    pair_terms: list[tuple[int, int, dict[str, float]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"alpha": self.values, "observed_disagreement": self.observed,
                                "expected_disagreement": self.expected, "trees": self.trees,
                                "expected_pairs": self.expected_pairs,
                                "expected": "exact" if self.exact else f"sampled (seed {self.seed})"}
        if self.note:
            data["note"] = self.note
        return data


def tree_alpha(sentences: Sequence[Sequence[Shape | None]], budget: int = DEFAULT_BUDGET,
               seed: int = 0, metric: Callable[[Shape, Shape], int] = distance) -> TreeAlpha:
    """Alpha with tree distances over `sentences` (each: one shape per annotator, None where
    that annotator has no tree of it).  `metric` is the raw edit distance (tests pass an
    independent one)."""
    result = TreeAlpha(seed=seed)
    pool: list[tuple[int, Shape]] = []       # every pairable tree with its sentence
    do = {k: 0.0 for k in DISTANCES}
    cache: dict[tuple[int, int], int] = {}    # raw distance of pool entries a < b
    for s, shapes in enumerate(sentences):
        coded = [(k, t) for k, t in enumerate(shapes) if t is not None]
        m = len(coded)
        per_pair: dict[tuple[int, int], int] = {}
        terms = {k: 0.0 for k in DISTANCES}
        if m >= 2:
            first = len(pool)
            for x in range(m):
                for y in range(x + 1, m):
                    d = metric(coded[x][1], coded[y][1])
                    per_pair[(coded[x][0], coded[y][0])] = d
                    cache[(first + x, first + y)] = d
                    for kind in DISTANCES:
                        terms[kind] += 2 * squared(kind, d, coded[x][1], coded[y][1]) / (m - 1)
            pool.extend((s, t) for _, t in coded)
            for kind in DISTANCES:
                do[kind] += terms[kind]
        result.sentence_distances.append(per_pair)
        result.unit_terms.append((terms, m if m >= 2 else 0))
    n = len(pool)
    result.trees = n
    if n < 2:
        result.note = "fewer than two trees of one sentence: alpha is undefined"
        result.values = {k: None for k in DISTANCES}
        return result
    total_pairs = n * (n - 1) // 2
    if total_pairs <= budget:
        chosen = [(a, b) for a in range(n) for b in range(a + 1, n)]
    else:
        rng = random.Random(seed)
        chosen = []
        for _ in range(budget):
            a = rng.randrange(n)
            b = rng.randrange(n - 1)
            b += b >= a
            chosen.append((min(a, b), max(a, b)))
        result.exact = False
    result.expected_pairs = len(chosen)
    de = {k: 0.0 for k in DISTANCES}
    for a, b in chosen:
        known = cache.get((a, b))
        d = metric(pool[a][1], pool[b][1]) if known is None else known
        deltas = {k: squared(k, d, pool[a][1], pool[b][1]) for k in DISTANCES}
        result.pair_terms.append((pool[a][0], pool[b][0], deltas))
        for k in DISTANCES:
            de[k] += deltas[k]
    for k in DISTANCES:
        result.observed[k] = do[k] / n
        result.expected[k] = de[k] / len(chosen)
        result.values[k] = (1.0 - result.observed[k] / result.expected[k]) if result.expected[k] else None
    if any(v is None for v in result.values.values()):
        result.note = "every tree is the same: expected disagreement is 0, alpha is undefined"
    return result


def weighted_alpha(result: TreeAlpha, weights: Sequence[float]) -> dict[str, float | None]:
    """Alpha per distance with each sentence counted `weights[s]` times (a bootstrap
    replicate): D_o from the weighted sentence terms, D_e from the same pairs weighted by
    the product of their sentences' weights."""
    out: dict[str, float | None] = {}
    n = sum(w * m for w, (_, m) in zip(weights, result.unit_terms))
    if n < 2:
        return {k: None for k in DISTANCES}
    for kind in DISTANCES:
        do = sum(w * terms[kind] for w, (terms, m) in zip(weights, result.unit_terms) if w and m) / n
        num = den = 0.0
        for a, b, deltas in result.pair_terms:
            w = weights[a] * weights[b]
            if w:
                num += w * deltas[kind]
                den += w
        de = num / den if den else 0.0
        out[kind] = 1.0 - do / de if de else None
    return out
