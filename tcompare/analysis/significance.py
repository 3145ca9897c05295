"""Significance between several systems on one gold set, and bootstrap confidence intervals.

Everything here works on *per-sentence count vectors*: for every gold sentence, one
mapping ``{key: number}`` per system, and a *metric*, a function from the summed vectors
to the figures (``{figure: value or None}``).  The vectors come from the profile's own
scorer (`per_sentence_counts` reads the `SentenceResult` counts `tcompare.scoring` made;
nothing here decides whether an item matched), so any profile can be tested.

* Corpus (micro) figures -- EVALB P/R/F1, LAS/UAS/LA, ParsEval-2012 SC/LC ... -- are
  functions of the summed counts; the metric calls the profile's own ``aggregate`` on them.
* Per-sentence means -- SIGHAN-2012 macro P/R/F1, EVALB complete match, phenomena P/R --
  become sums too: each sentence contributes its own value and a weight (1 when the profile
  counts it in the mean), and the mean is sum / weight; a macro F1 is the harmonic mean of
  the macro P and R.  Shuffling vectors then shuffles whole sentences, as it must.
  `count_model` checks every reconstruction against ``aggregate`` on the systems (and on
  mixtures of them) and leaves out, as *untested*, any figure it cannot reproduce.

The statistics (pure functions, seedable with ``seed``):

* `approximate_randomization` -- the stratified shuffling test of Bikel's comparator that
  the CoNLL-X organisers used: under the null hypothesis the two systems are
  interchangeable, so in each of ``trials`` rounds every sentence's two vectors are swapped
  with probability 1/2, the figures recomputed, and rounds with |A' - B'| >= |A - B| counted
  (c); p = (c + 1) / (trials + 1).
* `exact_randomization` -- the same test over all 2^n swaps (tiny cases, tests).
* `holm` -- Holm's step-down adjustment of a family of p-values.
* `pairwise_matrix` -- every pair of N systems, per figure: difference, p, Holm-adjusted p
  over all pairs (symmetric; a system against itself has p = 1).
* `bootstrap_ci` -- percentile bootstrap over sentences (resampled with replacement).

Speed, plain Python (no numpy): a sentence's vector is packed into one integer (one field
per key, see `_Packer`), so summing vectors is one big-integer addition; the shuffle adds
precomputed subset sums of blocks of 8 differing sentences, picked by one random byte each.
WSJ section 23 (2,416 sentences), EVALB, 10,000 trials: about 1 s of CPU per pair; 1,000
bootstrap resamples: about 0.4 s per system.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import repeat, starmap
from typing import Any, Callable, Mapping, Sequence

from tcompare.scoring.base import Profile, SentenceResult

Counts = Mapping[str, float]
Metric = Callable[[Mapping[str, float]], Mapping[str, float | None]]

DEFAULT_TRIALS = 10_000
DEFAULT_CI_TRIALS = 1_000
_EPS = 1e-9


# -- per-sentence count vectors from a profile ---------------------------------------------------

_SUM, _WEIGHT = "\x00sum:", "\x00n:"    # keys of the per-sentence-mean terms


@dataclass
class CountModel:
    """How `profile`'s figures follow from summed per-sentence vectors.

    ``micro``: figures of the summed counts (``aggregate`` on them); ``mean``: per-sentence
    means, each with the figure of a sentence alone that weighs it (``sentences``,
    ``valid_sentences``; "" for 1 whenever the value is defined); ``harmonic``: F1 figures that are the harmonic
    mean of two ``mean`` figures (``{F1: (P, R)}``); ``untested``: numeric figures none of
    these reproduces.
    """

    profile: Profile
    config: Any
    micro: list[str] = field(default_factory=list)
    mean: dict[str, str] = field(default_factory=dict)
    harmonic: dict[str, tuple[str, str]] = field(default_factory=dict)
    untested: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    # a sentence's figures alone, while `count_model` tries weights on results it holds
    alone_cache: dict[int, Mapping[str, Any]] | None = field(default=None, repr=False)

    @property
    def figures(self) -> list[str]:
        """The figures the tests cover, in the profile's order."""
        covered = set(self.micro) | set(self.mean) | set(self.harmonic)
        return [f for f in self.order if f in covered]

    def vector(self, result: SentenceResult) -> dict[str, float]:
        """One sentence's contributions: its counts (if the profile counts it) and, for each
        per-sentence mean, its own value and weight (from ``aggregate`` on it alone)."""
        out: dict[str, float] = dict(result.counts) if result.valid else {}
        if self.mean:
            alone = self.alone_cache.get(id(result)) if self.alone_cache is not None else None
            if alone is None:
                alone = self.profile.aggregate([result], self.config).metrics
                if self.alone_cache is not None:
                    self.alone_cache[id(result)] = alone
            for name, weight_key in self.mean.items():
                value = alone.get(name)
                weight = 0.0 if value is None else _weight(alone, weight_key)
                out[_SUM + name] = (value or 0.0) * weight
                out[_WEIGHT + name] = weight
        return out

    def metric(self, sums: Mapping[str, float]) -> dict[str, float | None]:
        """The tested figures of a (pseudo-)system whose vectors sum to `sums`."""
        out: dict[str, float | None] = {}
        if self.micro:
            counts = Counter({k: v for k, v in sums.items() if not k.startswith("\x00")})
            summary = self.profile.aggregate([SentenceResult(index=1, counts=counts)], self.config)
            for name in self.micro:
                out[name] = _number(summary.metrics.get(name))
        for name in self.mean:
            n = sums.get(_WEIGHT + name, 0.0)
            out[name] = sums.get(_SUM + name, 0.0) / n if n else None
        for name, (p_name, r_name) in self.harmonic.items():
            p, r = out.get(p_name), out.get(r_name)
            out[name] = None if p is None or r is None else (2 * p * r / (p + r) if p + r else 0.0)
        return {f: out[f] for f in self.figures}


WEIGHTS = ("", "sentences", "valid_sentences")


def _weight(alone: Mapping[str, Any], key: str) -> float:
    # a sentence alone: its count figure (e.g. "sentences") says whether the mean counts it
    n = alone.get(key) if key else 1
    return float(n) if isinstance(n, (int, float)) and not isinstance(n, bool) else 0.0


def _number(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return None


def count_model(profile: Profile, config: Any, systems: Sequence[Sequence[SentenceResult]],
                figures: Sequence[str] | None = None) -> CountModel:
    """Decide, for each numeric figure of `profile` (restricted to `figures`), how it follows
    from summed vectors, checked against ``profile.aggregate`` on every system in `systems`
    (lists of results, paired by position) and on alternating mixtures of neighbours."""
    model = CountModel(profile, config, alone_cache={})
    if not systems:
        return model
    samples = [list(s) for s in systems]
    for a, b in zip(systems, systems[1:]):
        n = min(len(a), len(b))
        samples.append([(a if i % 2 else b)[i] for i in range(n)])
        samples.append([(b if i % 2 else a)[i] for i in range(n)])
    truths = [profile.aggregate(s, config).metrics for s in samples]
    names = [k for k, v in truths[0].items()
             if (v is None or isinstance(v, float)) and (figures is None or k in figures)]
    model.order = names
    # try every figure as micro, then as a mean (each weight in turn), then as a harmonic
    # mean of two means
    model.micro = list(names)
    micro_ok = _agree(model, samples, truths, names)
    model.micro = [n for n in names if micro_ok[n]]
    rest = [n for n in names if not micro_ok[n]]
    means: dict[str, str] = {}
    for weight_key in WEIGHTS:
        todo = [n for n in rest if n not in means]
        if not todo:
            break
        model.mean = {**means, **dict.fromkeys(todo, weight_key)}
        ok = _agree(model, samples, truths, todo)
        means.update((n, weight_key) for n in todo if ok[n])
    model.mean = means
    for name in rest:
        if name in means:
            continue
        pair = _pr_of(name, list(means))
        if pair:
            model.harmonic[name] = pair
        else:
            model.untested.append(name)
    if model.harmonic:
        h_ok = _agree(model, samples, truths, list(model.harmonic))
        for name in list(model.harmonic):
            if not h_ok[name]:
                del model.harmonic[name]
                model.untested.append(name)
    model.untested = [n for n in names if n in model.untested]
    model.alone_cache = None          # the ids are only safe while `systems` holds them
    return model


def _pr_of(name: str, means: Sequence[str]) -> tuple[str, str] | None:
    for f_suffix, p_suffix, r_suffix in (("F1", "P", "R"), ("fmeasure", "precision", "recall")):
        if name.endswith(f_suffix):
            base = name[: -len(f_suffix)]
            p, r = base + p_suffix, base + r_suffix
            if p in means and r in means:
                return p, r
    return None


def _agree(model: CountModel, samples: Sequence[Sequence[SentenceResult]],
           truths: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, bool]:
    saved = model.order
    model.order = list(names) + [n for n in saved if n not in names]
    ok = {n: True for n in names}
    for results, truth in zip(samples, truths):
        got = model.metric(_sum_dicts(model.vector(r) for r in results))
        for n in names:
            if ok[n] and not _same(got.get(n), _number(truth.get(n))):
                ok[n] = False
    model.order = saved
    return ok


def _sum_dicts(vectors: Any) -> dict[str, float]:
    total: dict[str, float] = {}
    for v in vectors:
        for k, x in v.items():
            total[k] = total.get(k, 0) + x
    return total


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= _EPS * max(1.0, abs(a), abs(b))


def per_sentence_counts(model: CountModel, results: Sequence[SentenceResult]) -> list[dict[str, float]]:
    """One vector per result (see `CountModel.vector`), in order."""
    return [model.vector(r) for r in results]


# -- packing: a vector as one integer -------------------------------------------------------------

class _Packer:
    """Vectors over fixed keys as one integer, one signed field per key: integer counts as
    they are, fractional values (per-sentence means) as round(value * 2**40) (each loses
    < 1e-12).  Adding packed integers adds every field at once, exactly, as long as no sum
    leaves its field: a field is wide enough for `terms` times twice the largest value."""

    SCALE = 1 << 40

    def __init__(self, vectors: Sequence[Counts], keys: Sequence[str] | None = None,
                 terms: int | None = None):
        self.keys = sorted({k for v in vectors for k in v}) if keys is None else list(keys)
        wanted = set(self.keys)
        fractional: set[str] = set()
        largest = dict.fromkeys(self.keys, 1.0)
        for v in vectors:
            for k, x in v.items():
                if k in wanted:
                    largest[k] = max(largest[k], abs(x))
                    if isinstance(x, float) and not x.is_integer():
                        fractional.add(k)
        bound = 2 * (terms if terms is not None else len(vectors)) + 2
        self.scales = [self.SCALE if k in fractional else 1 for k in self.keys]
        self.widths = [int(math.ceil(bound * largest[k] * scale)).bit_length() + 2
                       for k, scale in zip(self.keys, self.scales)]
        self.shifts = [sum(self.widths[:j]) for j in range(len(self.keys))]

    def pack(self, vector: Counts) -> int:
        packed = 0
        for key, scale, shift in zip(self.keys, self.scales, self.shifts):
            value = vector.get(key, 0)
            if value:
                packed += round(value * scale) << shift
        return packed

    def unpack(self, packed: int) -> dict[str, float]:
        out: dict[str, float] = {}
        for key, scale, width in zip(self.keys, self.scales, self.widths):
            field_ = packed & ((1 << width) - 1)
            if field_ >> (width - 1):
                field_ -= 1 << width
            packed = (packed - field_) >> width
            out[key] = field_ / scale if scale != 1 else float(field_)
        return out


def _check_lengths(a: Sequence[Counts], b: Sequence[Counts]) -> None:
    if len(a) != len(b):
        raise ValueError(f"the systems have {len(a)} and {len(b)} sentences; the test pairs "
                         "them sentence by sentence")


# -- approximate randomisation ----------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """One figure compared between systems A and B."""

    figure: str
    a: float | None
    b: float | None
    p_value: float | None         # None when the figure is undefined (0/0) for A or B
    extreme: int = 0              # rounds (or swaps) at least as extreme as the observed
    trials: int = 0

    @property
    def diff(self) -> float | None:
        return None if self.a is None or self.b is None else self.a - self.b

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "diff": self.diff, "p_value": self.p_value,
                "at_least_as_extreme": self.extreme}


def _absdiff(x: float | None, y: float | None) -> float | None:
    return None if x is None or y is None else abs(x - y)


def _observed(a: Sequence[Counts], b: Sequence[Counts], metric: Metric
              ) -> tuple[Mapping[str, float | None], Mapping[str, float | None]]:
    return metric(_sum_dicts(a)), metric(_sum_dicts(b))


def approximate_randomization(a: Sequence[Counts], b: Sequence[Counts], metric: Metric,
                              trials: int = DEFAULT_TRIALS, seed: Any = None
                              ) -> dict[str, Comparison]:
    """Stratified shuffling between systems `a` and `b` (per-sentence vectors, same gold
    sentences in the same order): per figure of `metric`, p = (c + 1) / (trials + 1).

    Raises ValueError when `a` and `b` differ in length.  `seed`: anything `random.Random`
    accepts (None: not reproducible).
    """
    _check_lengths(a, b)
    if trials < 1:
        raise ValueError("trials must be at least 1")
    obs_a, obs_b = _observed(a, b, metric)
    names = [n for n in obs_a if n in obs_b]
    observed = {n: _absdiff(obs_a[n], obs_b[n]) for n in names}
    total_a, total_b = _sum_dicts(a), _sum_dicts(b)
    # only the keys some sentence has differently move; only sentences that differ matter
    moving = sorted({k for x, y in zip(a, b) for k in set(x) | set(y) if x.get(k, 0) != y.get(k, 0)})
    packer = _Packer([*a, *b], moving)
    deltas = [d for d in (packer.pack(x) - packer.pack(y) for x, y in zip(a, b)) if d]
    tables = _subset_tables(deltas)
    rng = random.Random(seed)
    extreme = dict.fromkeys(names, 0)
    tested = [n for n in names if observed[n] is not None]
    nbytes = len(tables)
    for _ in range(trials):
        masks = rng.getrandbits(8 * nbytes).to_bytes(nbytes, "little") if nbytes else b""
        moved = packer.unpack(sum(map(list.__getitem__, tables, masks)))
        pa, pb = dict(total_a), dict(total_b)
        for k, x in moved.items():
            pa[k] = pa.get(k, 0) - x
            pb[k] = pb.get(k, 0) + x
        ma, mb = metric(pa), metric(pb)
        for n in tested:
            d = _absdiff(ma.get(n), mb.get(n))
            obs = observed[n]
            if d is not None and obs is not None and d >= obs - _EPS * max(1.0, obs):
                extreme[n] += 1
    return {n: Comparison(n, obs_a[n], obs_b[n],
                          None if observed[n] is None else (extreme[n] + 1) / (trials + 1),
                          extreme[n], trials) for n in names}


def _subset_tables(deltas: Sequence[int]) -> list[list[int]]:
    """For each block of 8 deltas, the 256 sums of its subsets (bit j: delta j swapped)."""
    tables = []
    for start in range(0, len(deltas), 8):
        block = list(deltas[start:start + 8]) + [0] * (8 - len(deltas[start:start + 8]))
        table = [0] * 256
        for mask in range(1, 256):
            low = (mask & -mask).bit_length() - 1
            table[mask] = table[mask & (mask - 1)] + block[low]
        tables.append(table)
    return tables


def exact_randomization(a: Sequence[Counts], b: Sequence[Counts], metric: Metric,
                        max_sentences: int = 20) -> dict[str, Comparison]:
    """The randomisation test over all 2^n swap patterns (n: sentences where A and B differ;
    the others change nothing): p = c / 2^n, c counting the patterns (the identity included)
    with |A' - B'| >= |A - B|.  For tiny cases and tests."""
    _check_lengths(a, b)
    pairs = [(x, y) for x, y in zip(a, b) if dict(x) != dict(y)]
    if len(pairs) > max_sentences:
        raise ValueError(f"{len(pairs)} differing sentences: too many to enumerate")
    obs_a, obs_b = _observed(a, b, metric)
    names = [n for n in obs_a if n in obs_b]
    observed = {n: _absdiff(obs_a[n], obs_b[n]) for n in names}
    total = 1 << len(pairs)
    same = [x for x, y in zip(a, b) if dict(x) == dict(y)]
    extreme = dict.fromkeys(names, 0)
    for mask in range(total):
        pa = [y if mask >> i & 1 else x for i, (x, y) in enumerate(pairs)]
        pb = [x if mask >> i & 1 else y for i, (x, y) in enumerate(pairs)]
        ma, mb = metric(_sum_dicts(pa + same)), metric(_sum_dicts(pb + same))
        for n in names:
            d, obs = _absdiff(ma.get(n), mb.get(n)), observed[n]
            if d is not None and obs is not None and d >= obs - _EPS * max(1.0, obs):
                extreme[n] += 1
    return {n: Comparison(n, obs_a[n], obs_b[n],
                          None if observed[n] is None else extreme[n] / total,
                          extreme[n], total) for n in names}


# -- Holm ---------------------------------------------------------------------------------------

def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values, in the input order (None stays None and is not
    counted in the family): sorted ascending, p'_(i) = max_{j<=i} min(1, (m - j + 1) p_(j))."""
    present = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(present)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


# -- the pairwise matrix --------------------------------------------------------------------

@dataclass
class Matrix:
    """One figure over N systems: values, pairwise differences (row - column), raw and
    Holm-adjusted p-values (the family: all N(N-1)/2 pairs of this figure).  Symmetric in
    p; the diagonal has p = 1."""

    figure: str
    systems: list[str]
    values: list[float | None]
    diff: list[list[float | None]]
    p: list[list[float | None]]
    p_holm: list[list[float | None]]
    extreme: list[list[int]]      # rounds at least as extreme (0 on the diagonal)

    def to_json(self) -> dict[str, Any]:
        return {"systems": self.systems, "values": self.values, "diff": self.diff,
                "p": self.p, "p_holm": self.p_holm, "at_least_as_extreme": self.extreme}


def pairwise_matrix(systems: Mapping[str, Sequence[Counts]], metric: Metric,
                    trials: int = DEFAULT_TRIALS, seed: Any = None,
                    jobs: int | None = 1) -> dict[str, Matrix]:
    """`approximate_randomization` between every pair of `systems` (name -> vectors, all the
    same length), one `Matrix` per figure.  Pair (i, j) is seeded with ``(seed, i, j)``, so a
    matrix is reproducible and one pair's p does not depend on the others -- nor on `jobs`,
    the processes the pairs are spread over (`scoring.workers.map_blocks`; None: all cores)."""
    from tcompare.scoring.workers import map_blocks

    names = list(systems)
    vectors = [systems[n] for n in names]
    for name, v in zip(names, vectors):
        if len(v) != len(vectors[0]):
            raise ValueError(f"{name} has {len(v)} sentences, {names[0]} has {len(vectors[0])}")
    k = len(names)
    values = [metric(_sum_dicts(v)) for v in vectors]
    figures = list(values[0]) if values else []
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]

    def test(pair: tuple[int, int]) -> dict[str, Comparison]:
        i, j = pair
        return approximate_randomization(vectors[i], vectors[j], metric, trials,
                                         None if seed is None else f"{seed}:{i}:{j}")
    results = dict(zip(pairs, map_blocks(test, pairs, jobs)))
    out = {}
    for f in figures:
        diff: list[list[float | None]] = [[None] * k for _ in range(k)]
        p: list[list[float | None]] = [[None] * k for _ in range(k)]
        extreme = [[0] * k for _ in range(k)]
        for i in range(k):
            vi = values[i].get(f)
            diff[i][i] = None if vi is None else 0.0
            p[i][i] = 1.0
        order = sorted(results)
        for (i, j) in order:
            c = results[i, j][f]
            p[i][j] = p[j][i] = c.p_value
            extreme[i][j] = extreme[j][i] = c.extreme
            diff[i][j] = c.diff
            diff[j][i] = None if c.diff is None else -c.diff
        adjusted = holm([results[ij][f].p_value for ij in order])
        p_holm = [[1.0 if i == j else None for j in range(k)] for i in range(k)]
        for (i, j), q in zip(order, adjusted):
            p_holm[i][j] = p_holm[j][i] = q
        out[f] = Matrix(f, names, [values[i].get(f) for i in range(k)], diff, p, p_holm, extreme)
    return out


# -- bootstrap --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Interval:
    """A figure's value and its percentile-bootstrap confidence interval."""

    figure: str
    value: float | None
    low: float | None
    high: float | None
    level: float

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "low": self.low, "high": self.high, "level": self.level}


def bootstrap_ci(vectors: Sequence[Counts], metric: Metric, level: float = 0.95,
                 trials: int = DEFAULT_CI_TRIALS, seed: Any = None) -> dict[str, Interval]:
    """Percentile bootstrap: `trials` corpora of n sentences drawn with replacement from the
    n `vectors`; the interval runs from the (1 - level)/2 to the (1 + level)/2 quantile of
    each figure (nearest rank; undefined resamples are left out)."""
    if not 0 < level < 1:
        raise ValueError("the confidence level must be between 0 and 1")
    if trials < 1:
        raise ValueError("trials must be at least 1")
    point = metric(_sum_dicts(vectors))
    packer = _Packer(vectors)
    packed = [packer.pack(v) for v in vectors]
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {f: [] for f in point}
    n = len(packed)
    scale = float(n).__mul__               # (random() * n) // 1: an index, as `choices` picks
    for _ in range(trials if n else 0):
        picks = map(int, map(scale, starmap(rng.random, repeat((), n))))
        figures = metric(packer.unpack(sum(map(packed.__getitem__, picks))))
        for f, v in figures.items():
            if v is not None and f in samples:
                samples[f].append(v)
    out = {}
    for f, value in point.items():
        values = sorted(samples[f])
        if not values:
            out[f] = Interval(f, value, None, None, level)
            continue
        alpha = (1 - level) / 2
        lo = values[max(0, math.floor(alpha * len(values)))]
        hi = values[min(len(values) - 1, math.ceil((1 - alpha) * len(values)) - 1)]
        out[f] = Interval(f, value, lo, hi, level)
    return out


# -- several systems scored by one profile: everything `tcompare compare` prints -------------

@dataclass
class SystemsComparison:
    """Figures, confidence intervals and the pairwise significance matrices of N systems
    scored by one profile on one gold set (what `compare_systems` returns)."""

    systems: list[str]
    sentences: int
    model: CountModel
    values: dict[str, dict[str, float | None]]        # system -> figure -> value
    matrices: dict[str, Matrix]                         # figure -> matrix
    differing: dict[tuple[int, int], int]               # pair -> sentences whose vectors differ
    intervals: dict[str, dict[str, Interval]]           # system -> figure -> interval ({} if off)
    trials: int
    seed: Any
    level: float | None
    ci_trials: int

    @property
    def figures(self) -> list[str]:
        return self.model.figures


def compare_systems(profile: Profile, config: Any, results: Mapping[str, Sequence[SentenceResult]],
                    figures: Sequence[str] | None = None, trials: int = DEFAULT_TRIALS,
                    seed: Any = None, level: float | None = 0.95,
                    ci_trials: int = DEFAULT_CI_TRIALS) -> SystemsComparison:
    """Score-free front end: `results` maps each system's name to its per-sentence results
    (same gold, same order, as `scoring.pairing.pair_records` makes them); `figures`
    restricts the tested figures (default: all numeric ones).  The bootstrap of system i
    is seeded with ``(seed, "ci", i)``; ``level=None`` skips it."""
    names = list(results)
    lengths = {len(r) for r in results.values()}
    if len(lengths) > 1:
        first = names[0]
        other = next(n for n in names if len(results[n]) != len(results[first]))
        raise ValueError(f"{other} has {len(results[other])} sentences, {first} has "
                         f"{len(results[first])}")
    model = count_model(profile, config, [results[n] for n in names], figures)
    vectors = {n: per_sentence_counts(model, results[n]) for n in names}
    matrices = pairwise_matrix(vectors, model.metric, trials, seed)
    values = {n: dict(model.metric(_sum_dicts(vectors[n]))) for n in names}
    differing = {}
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            differing[i, j] = sum(1 for x, y in zip(vectors[names[i]], vectors[names[j]]) if x != y)
    intervals: dict[str, dict[str, Interval]] = {}
    if level is not None:
        for i, n in enumerate(names):
            intervals[n] = bootstrap_ci(vectors[n], model.metric, level, ci_trials,
                                        None if seed is None else f"{seed}:ci:{i}")
    return SystemsComparison(names, lengths.pop() if lengths else 0, model, values, matrices,
                             differing, intervals, trials, seed, level, ci_trials)
