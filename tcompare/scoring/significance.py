"""Stratified shuffling (approximate randomisation) between two systems on the same gold.

The test of Bikel's randomized parsing evaluation comparator, used by the CoNLL-X
organisers (seed 003) and by MaltEval: under the null hypothesis the two systems are
interchangeable, so for every sentence (the stratum) the two systems' outputs may be
swapped.  For each of `shuffles` rounds, each sentence's pair of per-sentence counts is
swapped with probability 1/2, the counts are summed, and each metric is recomputed for
both pseudo-systems.  The p-value of a metric is

    p = (r + 1) / (shuffles + 1)

where r counts the rounds whose absolute difference is at least the observed one (the
``+1`` makes the estimate conservative and never 0).  Two identical systems give p = 1.

It works for any profile: it needs the two lists of `SentenceResult` (same gold, same
order) and a function from summed counts to metrics (`profile_metrics` builds one from a
profile's own `aggregate`, so micro-averaged figures of any profile can be tested, e.g.
LAS/UAS or EVALB F1).  Sentences with an error result contribute no counts.

Seedable (``seed``); the default is 10,000 shuffles.  Swapping a sentence whose counts are
equal for both systems changes nothing, so those are skipped, and the per-round sums use
precomputed subset sums over blocks of 8 sentences: pure Python, about a second for
10,000 rounds over a few hundred differing sentences.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from tcompare.scoring.base import Profile, SentenceResult, Status

DEFAULT_SHUFFLES = 10_000
MetricFn = Callable[[Mapping[str, float]], Mapping[str, Any]]


@dataclass
class MetricTest:
    """One metric's comparison: both systems' values, their difference, the p-value."""

    name: str
    a: float | None
    b: float | None
    diff: float | None
    p_value: float | None
    extreme: int = 0          # rounds at least as extreme as the observed difference

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "diff": self.diff, "p_value": self.p_value,
                "at_least_as_extreme": self.extreme}


@dataclass
class SignificanceResult:
    metrics: dict[str, MetricTest] = field(default_factory=dict)
    shuffles: int = DEFAULT_SHUFFLES
    seed: int | None = None
    sentences: int = 0
    differing_sentences: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"shuffles": self.shuffles, "seed": self.seed, "sentences": self.sentences,
                "differing_sentences": self.differing_sentences,
                "metrics": {k: v.to_json() for k, v in self.metrics.items()}}


def profile_metrics(profile: Profile, config: Any, keys: Sequence[str] | None = None) -> MetricFn:
    """Metrics of `profile` computed from summed counts (its own `aggregate` on one result).

    Only numeric metrics are kept (restricted to `keys` when given).
    """
    def metrics(counts: Mapping[str, float]) -> dict[str, float | None]:
        summary = profile.aggregate([SentenceResult(index=1, counts=Counter(counts))], config)
        out = {}
        for name, value in summary.metrics.items():
            if keys is not None and name not in keys:
                continue
            if value is None or isinstance(value, float):
                out[name] = value
        return out
    return metrics


def summable_metrics(profile: Profile, config: Any, samples: Sequence[Sequence[SentenceResult]],
                     keys: Sequence[str] | None = None) -> tuple[list[str], list[str]]:
    """Split `profile`'s numeric metrics into those the shuffle can test and the rest.

    The shuffle recomputes metrics from summed counts, which is right for micro figures
    (F1, LAS) but not for per-sentence means (EVALB's complete match and average crossing,
    SIGHAN macro P/R, phenomena P/R): those would be reported with wrong values.  A metric
    is testable when its value from the summed counts equals the profile's own `aggregate`
    on every sample list of results (the callers pass both systems and mixtures of them).

    Returns (testable, untestable) metric names, in the profile's order.
    """
    from_counts = profile_metrics(profile, config, keys)
    testable: list[str] | None = None
    untestable: list[str] = []
    for results in samples:
        true = profile.aggregate(results, config).metrics
        total: Counter[str] = Counter()
        for r in results:
            total.update(_counts(r))
        summed = from_counts(total)
        names = [m for m in summed if m in true]
        if testable is None:
            testable = names
        for m in list(testable):
            if not _same(summed.get(m), true.get(m)):
                testable.remove(m)
                untestable.append(m)
    return testable or [], untestable


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def _counts(r: SentenceResult | None) -> Counter[str]:
    if r is None or r.status is not Status.VALID:
        return Counter()
    return r.counts


def stratified_shuffle(results_a: Sequence[SentenceResult], results_b: Sequence[SentenceResult],
                       metric_fn: MetricFn, shuffles: int = DEFAULT_SHUFFLES,
                       seed: int | None = None) -> SignificanceResult:
    """Approximate-randomisation p-value of the difference of each metric.

    Parameters
    ----------
    results_a, results_b : per-sentence results of the two systems, paired by position.
    metric_fn : summed counts -> {metric: value}; values may be None (undefined).
    shuffles : number of random rounds (default 10,000).
    seed : seed of the random generator, for reproducible p-values.
    """
    n = max(len(results_a), len(results_b))
    pairs = [(_counts(results_a[i] if i < len(results_a) else None),
              _counts(results_b[i] if i < len(results_b) else None)) for i in range(n)]
    keys = sorted({k for a, b in pairs for k in a} | {k for a, b in pairs for k in b})
    total_a = {k: sum(a.get(k, 0) for a, _ in pairs) for k in keys}
    total_b = {k: sum(b.get(k, 0) for _, b in pairs) for k in keys}
    observed_a, observed_b = metric_fn(total_a), metric_fn(total_b)
    names = [m for m in observed_a if m in observed_b]
    observed = {m: _absdiff(observed_a[m], observed_b[m]) for m in names}

    d: tuple[int, ...] | float | None   # a sentence's count deltas, later a round's difference
    deltas = []
    for a, b in pairs:
        d = tuple(a.get(k, 0) - b.get(k, 0) for k in keys)
        if any(d):
            deltas.append(d)
    # subset-sum tables over blocks of 8 differing sentences: table[mask][key]
    blocks = []
    for start in range(0, len(deltas), 8):
        block = deltas[start:start + 8]
        table = [tuple(0 for _ in keys)] * (1 << len(block))
        for mask in range(1, 1 << len(block)):
            low = (mask & -mask).bit_length() - 1
            prev = table[mask & (mask - 1)]
            table[mask] = tuple(x + y for x, y in zip(prev, block[low]))
        blocks.append((len(block), table))

    rng = random.Random(seed)
    extreme = {m: 0 for m in names}
    width = len(keys)
    for _ in range(shuffles):
        moved = [0] * width
        for bits, table in blocks:
            row = table[rng.getrandbits(bits)]
            for j in range(width):
                moved[j] += row[j]
        pa = {k: total_a[k] - moved[j] for j, k in enumerate(keys)}
        pb = {k: total_b[k] + moved[j] for j, k in enumerate(keys)}
        ma, mb = metric_fn(pa), metric_fn(pb)
        for m in names:
            obs = observed[m]
            if obs is None:
                continue
            d = _absdiff(ma.get(m), mb.get(m))
            if d is not None and d >= obs - 1e-9 * max(1.0, abs(obs)):
                extreme[m] += 1
    result = SignificanceResult(shuffles=shuffles, seed=seed, sentences=n,
                                differing_sentences=len(deltas))
    for m in names:
        a, b, obs = observed_a[m], observed_b[m], observed[m]
        p = None if obs is None else (extreme[m] + 1) / (shuffles + 1)
        result.metrics[m] = MetricTest(m, a, b, None if obs is None else a - b, p, extreme[m])
    return result


def _absdiff(a: float | None, b: float | None) -> float | None:
    if a is None or b is None:
        return None
    return abs(a - b)
