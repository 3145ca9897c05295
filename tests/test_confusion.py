"""Confusion matrices and length / depth breakdowns (`tcompare.analysis.confusion`), issue 16.

Totals are tied to the reference scorers' own figures on the same files: EVALB on WSJ23
(Berkeley; tagging accuracy 97.55, R 89.80 / P 90.30) and eval.pl -p on the CoNLL-X pair.
"""

from __future__ import annotations

import io
import json

import pytest

from tcompare.cli import breakdown as cli_breakdown
from tcompare.cli import confusion as cli_confusion
from tests.conftest import anchor

pytestmark = [pytest.mark.issue(16), pytest.mark.anchors]


def _json(module, argv):
    out = io.StringIO()
    assert module.main(argv + ["--output", "json"], out=out, err=io.StringIO()) == 0
    return json.loads(out.getvalue())


def test_pos_confusion_totals_equal_evalb_tagging():
    folder = anchor("evalb", "real", "wsj23_berkeley")
    data = _json(cli_confusion, [str(folder / "23.gold"), str(folder / "23.sys_berkeley_top"),
                                 "--kind", "pos"])
    total = sum(c["count"] for c in data["cells"])
    agree = sum(c["count"] for c in data["cells"] if c["gold"] == c["system"])
    assert round(100 * agree / total, 2) == 97.55


def test_breakdowns_add_up_to_evalb_brackets():
    folder = anchor("evalb", "real", "wsj23_berkeley")
    data = _json(cli_breakdown, [str(folder / "23.gold"), str(folder / "23.sys_berkeley_top")])
    for name in ("sentence_length", "length", "depth"):
        rows = data["tables"][name]["rows"]
        gold = sum(r["gold"] for r in rows)
        system = sum(r["system"] for r in rows)
        matched = sum(r["gold_matched"] for r in rows)
        assert (round(100 * matched / gold, 2), round(100 * matched / system, 2)) == (89.80, 90.30)
    first = data["tables"]["sentence_length"]["rows"][0]
    assert first["key"] == "1-10" and first["sentences"]


def test_label_confusion_brackets_and_arcs():
    folder = anchor("evalb", "real", "wsj23_berkeley")
    data = _json(cli_confusion, [str(folder / "23.gold"), str(folder / "23.sys_berkeley_top")])
    cells = {(c["gold"], c["system"]): c for c in data["cells"]}
    # every gold bracket is in one row cell, every system bracket in one column cell
    gold = sum(c["count"] for c in data["cells"] if c["gold"] != "-")
    system = sum(c["count"] for c in data["cells"] if c["system"] != "-")
    assert gold == 44239 and system == 43993
    assert cells[("ADVP", "PRT")]["count"] == 21        # COLLINS.prm EQ_LABEL ADVP PRT
    conll = anchor("conllx")
    data = _json(cli_confusion, [str(conll / "gold.conll"), str(conll / "system.conll"),
                                 "--profile", "conll07"])
    total = sum(c["count"] for c in data["cells"])
    agree = sum(c["count"] for c in data["cells"] if c["gold"] == c["system"])
    assert (total, agree) == (2169, 1932)               # eval.pl -p: UAS and LAS counts


def test_breakdown_text_and_dependency_groupby():
    conll = anchor("conllx")
    out = io.StringIO()
    assert cli_breakdown.main([str(conll / "gold.conll"), str(conll / "system.conll"),
                               "--profile", "conll07", "--by", "arc_depth"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "# arc_depth (LAS)"
    assert lines[2].split()[:5] == ["0", "231", "230", "204", "204"]
    err = io.StringIO()
    folder = anchor("evalb", "real", "wsj23_berkeley")
    assert cli_breakdown.main([str(folder / "23.gold"), str(folder / "23.gold"), "--by",
                               "arc_depth"], out=io.StringIO(), err=err) == 2
