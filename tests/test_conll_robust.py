"""Malformed CoNLL never crashes the eval.pl port, the profile, or the breakdowns."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tcompare import formats
from tcompare.analysis.breakdowns import breakdowns
from tcompare.scoring.conllx import report as R
from tcompare.scoring import profiles
from tcompare.scoring.pairing import pair_records

CELLS = st.sampled_from(["1", "2", "0", "-1", "x", "_", "", "1e3", "999999999", "01", ".", "。", "ROOT",
                         "+A", "他", "a b", "*", "0x01", "->"])


@st.composite
def texts(draw):
    n_sent = draw(st.integers(1, 4))
    gold, system = [], []
    for _ in range(n_sent):
        n = draw(st.integers(1, 4))
        for side in (gold, system):
            for i in range(n):
                width = draw(st.sampled_from([10, 10, 10, 8, 3, 12]))
                cols = [str(i + 1)] + [draw(CELLS) for _ in range(width - 1)]
                side.append("\t".join(cols) + "\n")
            side.append("\n")
    return "".join(gold), "".join(system)


@settings(max_examples=150, deadline=None)
@given(texts(), st.booleans(), st.sampled_from(["conllx", "conll07"]))
def test_full_report_never_crashes(pair, score_punct, variant):
    g, s = pair
    for quiet in (True, False):
        res = R.run(g, s, "g", "s", variant=variant, quiet=quiet, evalb=True, score_punct=score_punct)
        assert res.status in (0, 1)
        if res.status == 0:
            assert "Labeled   attachment score" in res.stdout


@settings(max_examples=150, deadline=None)
@given(texts())
def test_profile_and_breakdowns_never_crash(pair):
    g, s = pair
    gold, system = formats.read_text(g, "conllx"), formats.read_text(s, "conllx")
    profile = profiles.get("conllx")
    config = profile.prepare({})
    results = pair_records(gold, system, profile, config)
    summary = profile.aggregate(results, config)
    assert set(summary.metrics) >= {"LAS", "UAS", "LA"}
    breakdowns(results, [r.item for r in gold])
