"""workspace.figures: the charts' numbers, read from a loaded Workspace (figures counted by
hand in multi_fixtures.py)."""

from __future__ import annotations

import pytest

from multi_fixtures import write_three
from tcompare.workspace import LoadRequest, Workspace
from tcompare.workspace.figures import (LabelFigures, by_length, differences, f1_key,
                                        sentence_values)

pytestmark = pytest.mark.issue(17)


def loaded(tmp_path, sentences: int = 3) -> Workspace:
    gold, a, b = write_three(tmp_path, sentences)
    ws = Workspace()
    loader = ws.start(LoadRequest(str(gold), [str(a), str(b)]))
    ws.finish(loader, loader.run(lambda message: ws.apply(loader, message)))
    assert ws.complete and ws.profile.name == "evalb"
    return ws


def test_sentence_values_and_differences_are_the_rows_f1(tmp_path):
    ws = loaded(tmp_path)
    assert sentence_values(ws, 0) == pytest.approx([2 * 80 * 100 / 180, 100.0, 100.0])
    assert sentence_values(ws, 1) == pytest.approx([100.0, 1200 / 13, 100.0])
    diffs = differences(ws, 0, 1)
    assert [d.row for d in diffs] == [0, 1, 2]
    assert [d.value for d in diffs] == pytest.approx([800 / 9 - 100, 100 - 1200 / 13, 0.0])
    assert [d.value for d in differences(ws, 1, 0)] == pytest.approx(
        [-d.value for d in diffs])


def test_by_length_is_the_profiles_aggregate_per_band(tmp_path):
    ws = loaded(tmp_path)
    # sentences 1 and 3 have 7 and 5 tokens, sentence 2 has 9
    assert [ws.row_info(r).length for r in range(3)] == [7, 9, 5]
    a = by_length(ws, 0, bands=(8,))
    assert [(band.title, band.rows) for band in a] == [("1–8", (0, 2)), ("9+", (1,))]
    # band 1-8 for A: matched 4 + 4 of gold 5 + 4, system 4 + 4: F1 = 2*8 / (9 + 8)
    assert a[0].value == pytest.approx(1600 / 17)
    assert a[1].value == pytest.approx(100.0)
    b = by_length(ws, 1, bands=(8,))
    assert [band.value for band in b] == pytest.approx([100.0, 1200 / 13])
    # every row in one band: the band is the corpus total
    whole = by_length(ws, 1, bands=(100,))
    assert len(whole) == 1 and whole[0].value == pytest.approx(ws.summary(1).metrics["fmeasure"])


def test_label_figures_count_the_full_results(tmp_path):
    ws = loaded(tmp_path)
    figures = LabelFigures(ws, 0)
    while not figures.done:
        figures.step(2)
    assert figures.next == 3 and figures.kind() == "bracket"
    rows = {r.label: r for r in figures.rows()}
    # A misses NP(the mat): gold NPs 2 + 4 + 1, system 1 + 4 + 1, all matched
    assert (rows["NP"].gold, rows["NP"].system, rows["NP"].matched) == (7, 6, 6)
    assert rows["NP"].f1 == pytest.approx(1200 / 13)
    assert rows["PP"].f1 == pytest.approx(100.0) and rows["PP"].gold == 2


def test_f1_key_per_profile():
    assert f1_key(("recall", "precision", "fmeasure")) == "fmeasure"
    assert f1_key(("P", "R", "F1")) == "F1"
    assert f1_key(("SC_F1", "ULC_F1")) == "SC_F1"
    assert f1_key(("LAS", "UAS", "LA")) == "LAS"
