"""Hostile input, small sizes: no recursion on deep trees, bounded searches, linear readers.

The whole matrix (8 notations x 23 kinds of hostile file x 10 commands, full sizes) is
`make robustness` (tools/robustness.py); these are its fast regression tests.  Where the
defect was a growth rate, the test counts operations or compares an input with one four
times its size, loosely.
"""

from __future__ import annotations

import json
import sys
import time
from io import StringIO

import pytest

from tcompare import formats
from tcompare.analysis import errors as error_analysis
from tcompare.analysis.errors import search
from tcompare.cli import errors as cli_errors

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent / "tools"))
import robustness  # noqa: E402

pytestmark = pytest.mark.issue(34)

CONSTITUENCY = ["ptb", "ccgauto", "pku", "sinica", "tct", "tct2012"]
CHINESE = ("pku", "sinica", "tct", "tct2012")


def _corpus(notation: str, text: str):
    return formats.get(notation).parse(text, f"x.{notation}")


def _label(notation: str, name: str) -> str:
    return name.lower() if notation in ("pku", "tct", "tct2012") else name


@pytest.mark.parametrize("notation", CONSTITUENCY)
def test_errors_on_a_tree_deeper_than_the_recursion_limit(notation):
    # depth 1,500 against itself and against a one-word tree: RecursionError in rtree.build before
    writer = robustness.WRITERS[notation]
    deep = _corpus(notation, writer.deep(1500, _label(notation, "NP")))
    word = _corpus(notation, writer.deep(1, _label(notation, "NP")))
    assert deep[0].error is None
    language = "chinese" if notation in CHINESE else "english"
    same = error_analysis.analyse_corpora(deep, deep, language, trees=True)
    assert [s.status for s in same.sentences] == ["ok"]
    assert same.sentences[0].steps == []
    assert same.sentences[0].gold.count("(") >= 1501
    assert same.sentences[0].gold == same.sentences[0].system
    against = error_analysis.analyse_corpora(deep, word, language)
    assert [s.status for s in against.sentences] == ["no-path"]


def test_the_cleaned_tree_is_the_same_as_before_on_a_real_sentence():
    text = ("(TOP (S (NP-SBJ-1 (DT The) (NN cat)) (VP (VBD sat) (-NONE- *T*) (PRT (RP down)) "
            "(PP (IN on) (NP (DT the) (NN mat)))) (. .)))")
    from tcompare.formats.ptb import parse_tree

    tree = error_analysis.from_model(parse_tree(text))
    assert str(tree) == ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (RP down)) "
                         "(PP (IN on) (NP (DT the) (NN mat))))))")
    assert str(tree) == str(error_analysis.from_ptb_text(text))
    assert str(tree.clone()) == str(tree)
    assert [(n.label, n.s, n.e) for n in tree.clone()] == [(n.label, n.s, n.e) for n in tree]


def _comb(depth: int, label: str) -> str:
    return robustness.WRITERS["ptb"].comb(depth, label)


def test_the_repair_search_stops_at_its_work_budget(monkeypatch):
    # two right-branching trees whose every label differs: at depth 500 hours before (the
    # moves a round weighs grow with depth times breadth), now a counted budget
    monkeypatch.setattr(search, "WORK_BUDGET", 100_000)
    gold = error_analysis.from_ptb_text(_comb(200, "NP"))
    system = error_analysis.from_ptb_text(_comb(200, "VP"))
    result = search.repair(gold, system)
    assert result.stopped
    assert search.WORK_BUDGET < result.work <= search.WORK_BUDGET + 1000
    # a small pair is searched to its end, within a small budget
    gold = error_analysis.from_ptb_text(_comb(8, "NP"))
    system = error_analysis.from_ptb_text(_comb(8, "VP"))
    result = search.repair(gold, system)
    assert not result.stopped and result.steps is not None and len(result.steps) == 8
    assert result.work < 5000


def test_a_stopped_search_is_listed_as_such(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "WORK_BUDGET", 2000)
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(_comb(30, "NP") + "(TOP (S (NN a) (NN b)))\n")
    system.write_text(_comb(30, "VP") + "(TOP (S (NN a) (NN b)))\n")
    out = StringIO()
    assert cli_errors.main([str(gold), str(system)], out, StringIO()) == 0
    text = out.getvalue()
    assert "# sentences: 2, analysed 1 (left out: search stopped 1)" in text
    assert "# sentence 1: search stopped: 0 steps" in text
    out = StringIO()
    assert cli_errors.main([str(gold), str(system), "--output", "json"], out, StringIO()) == 0
    first = json.loads(out.getvalue())["sentences"][0]
    assert first == {"sentence": 1, "status": "search-stopped", "message": "search stopped: 0 steps"}


def test_the_report_names_a_stopped_search(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "WORK_BUDGET", 2000)
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(_comb(30, "NP"))
    system.write_text(_comb(30, "VP"))
    from tcompare.cli import report as cli_report

    out = tmp_path / "r.html"
    assert cli_report.main([str(gold), str(system), "-o", str(out), "--jobs", "1"]) == 0
    html = out.read_text()
    assert "no repair needed" not in html
    assert "left out: search-stopped 1" in html
    assert "sentence 1: search stopped: 0 steps" in html
