"""`secondary.corpus` names the rows past TED's time limit by their row, not by their index
among the scored rows (the CLI named the wrong gold sentence when an unscored pair came first)."""

from __future__ import annotations

from tcompare.scoring import secondary, ted


def test_ted_not_computed_counts_rows_not_scored_before():
    late = ted.TedResult(None, None, "time limit")
    rows = [secondary.PairScores(problem="no system sentence"),
            secondary.PairScores(words=3, ted=ted.TedResult(0, 10)),
            secondary.PairScores(words=4, ted=late)]
    total = secondary.corpus(rows)
    assert total.ted_not_computed == [2]
    assert total.ted is not None and total.ted.not_computed == (1,)   # (among the scored)
    assert total.figures()["ted_dice"] == 100.0
