"""Stratified shuffling (`tcompare.analysis.significance`) on a profile's own per-sentence
counts: known differences are significant, identical systems give p = 1."""

import random
from collections import Counter

import pytest

from tcompare.model.deps import DepSentence, DepToken
from tcompare.scoring import profiles
from tcompare.scoring.base import SentenceResult, Status, prf
from tcompare.analysis.significance import approximate_randomization, count_model, per_sentence_counts


def stratified_shuffle(a, b, metric, shuffles, seed):
    """Both systems' vectors from `metric` (a CountModel, or a function of plain counts)."""
    if hasattr(metric, "vector"):
        a, b = per_sentence_counts(metric, a), per_sentence_counts(metric, b)
        metric = metric.metric
    else:
        a, b = ([dict(r.counts) if r.valid else {} for r in side] for side in (a, b))
    return approximate_randomization(a, b, metric, trials=shuffles, seed=seed)


def profile_metrics(profile, config, figures=None, systems=()):
    return count_model(profile, config, systems, figures)


def _tree(heads):
    return DepSentence([DepToken(str(i), f"w{i}", "_", "X", "X", "_", str(h), "dep")
                        for i, h in enumerate(heads, start=1)])


def _synthetic(n_sent=200, length=10, accuracy_a=0.9, accuracy_b=0.6, seed=7):
    """Gold chains, and two systems whose heads are right with the given probabilities."""
    rng = random.Random(seed)
    gold, sys_a, sys_b = [], [], []
    for _ in range(n_sent):
        heads = [0] + list(range(1, length))
        gold.append(_tree(heads))
        for acc, out in ((accuracy_a, sys_a), (accuracy_b, sys_b)):
            out.append(_tree([h if rng.random() < acc else (h + 2) % (length + 1) for h in heads]))
    profile = profiles.get("conllx")
    config = profile.prepare({})
    score = lambda systems: [profile.score(g, s, config, i + 1) for i, (g, s) in enumerate(zip(gold, systems))]
    return profile, config, score(sys_a), score(sys_b)


def test_known_difference_is_significant():
    profile, config, a, b = _synthetic()
    model = profile_metrics(profile, config, ["LAS", "UAS"], [a, b])
    assert model.micro == ["LAS", "UAS"]
    test = stratified_shuffle(a, b, model, shuffles=2000, seed=1)
    assert test["UAS"].a > test["UAS"].b + 20
    assert test["UAS"].p_value < 0.01
    assert test["LAS"].p_value < 0.01
    assert test["UAS"].p_value == pytest.approx(1 / 2001)


def test_identical_systems_give_p_one():
    profile, config, a, _ = _synthetic()
    test = stratified_shuffle(a, list(a), profile_metrics(profile, config, None, [a]),
                              shuffles=500, seed=3)
    for name in ("LAS", "UAS", "LA"):
        assert test[name].diff == 0.0
        assert test[name].p_value == 1.0


def test_seed_makes_results_reproducible():
    profile, config, a, b = _synthetic(accuracy_a=0.80, accuracy_b=0.78, n_sent=60)
    metric = profile_metrics(profile, config, ["UAS"], [a, b])
    first = stratified_shuffle(a, b, metric, shuffles=1000, seed=42)["UAS"]
    again = stratified_shuffle(a, b, metric, shuffles=1000, seed=42)["UAS"]
    other = stratified_shuffle(a, b, metric, shuffles=1000, seed=43)["UAS"]
    assert (first.p_value, first.extreme) == (again.p_value, again.extreme)
    assert 0.0 < first.p_value <= 1.0
    assert other.extreme != first.extreme or other.p_value == first.p_value


def test_a_small_difference_is_not_significant():
    # same accuracy: the systems differ by chance only (82.0 vs 75.25 UAS at 0.80 vs 0.79
    # gives p = 0.04 here: 40 sentences make a bumpy sample)
    profile, config, a, b = _synthetic(accuracy_a=0.80, accuracy_b=0.80, n_sent=40)
    test = stratified_shuffle(a, b, profile_metrics(profile, config, ["UAS"], [a, b]),
                              shuffles=1000, seed=5)
    assert test["UAS"].diff != 0 and test["UAS"].p_value > 0.05


def _bracket_result(index, matched, gold, test):
    return SentenceResult(index=index, counts=Counter(matched=matched, gold=gold, test=test))


def _f1(counts):
    p, r, f = prf(counts["matched"], counts["gold"], counts["test"])
    return {"fmeasure": f}


def test_works_for_constituency_counts_too():
    rng = random.Random(11)
    a = [_bracket_result(i, rng.randint(8, 10), 10, 10) for i in range(150)]
    b = [_bracket_result(i, rng.randint(4, 7), 10, 10) for i in range(150)]
    test = stratified_shuffle(a, b, _f1, shuffles=1000, seed=2)
    assert test["fmeasure"].p_value < 0.01
    assert test["fmeasure"].a > test["fmeasure"].b


def test_error_sentences_count_nothing():
    a = [_bracket_result(1, 5, 10, 10), SentenceResult(index=2, status=Status.ERROR)]
    b = [_bracket_result(1, 5, 10, 10), _bracket_result(2, 0, 10, 10)]
    test = stratified_shuffle(a, b, _f1, shuffles=200, seed=0)
    assert test["fmeasure"].a == pytest.approx(50.0)
    assert test["fmeasure"].b == pytest.approx(25.0)
