"""Dependency group-by tables and error taxonomy (`tcompare.analysis.deptaxonomy`), issue 16.

Figures are MaltEval 1.0's on the CoNLL-X anchor pair (Swedish MaltParser output, punctuation
scored): ``--GroupBy X`` with ``format="all"`` and Metric LAS; the Cpostag figures are in
anchors/conllx/malteval/malteval_02_cpostag_accuracy.txt.  When MaltEval.jar is in
TCOMPARE_REFS (refs/malteval/malteval/lib) and java runs, the test also reruns it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis.deptaxonomy import TreeShape, dep_taxonomy
from tcompare.scoring import profiles
from tcompare.scoring.pairing import pair_records
from tests.conftest import ROOT, anchor

pytestmark = [pytest.mark.issue(16)]
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
JAR = REFS / "malteval" / "malteval" / "lib" / "MaltEval.jar"

# MaltEval: value -> (parsercounter, treebankcounter, parsercorrect, treebankcorrect)
ARC_DEPTH = {"0": (231, 230, 204, 204), "1": (727, 724, 526, 529), "2": (551, 562, 392, 388),
             "3": (402, 421, 283, 291), "4": (274, 290, 187, 215), "5": (182, 181, 123, 132),
             "6": (133, 128, 96, 93), "7": (81, 61, 64, 42), "8": (29, 30, 22, 21),
             "9": (14, 15, 12, 10), "10": (20, 7, 17, 5), "11": (6, 2, 5, 2), "12": (1, 0, 1, 0)}
BRANCHING = {"0": (1311, 1354, 1059, 1073), "1": (763, 719, 479, 454), "2": (282, 272, 170, 179),
             "3": (162, 155, 112, 106), "4": (83, 105, 71, 86), "5": (37, 21, 31, 15),
             "6": (8, 15, 6, 11), "7": (2, 8, 1, 6), "8": (2, 0, 2, 0), "9": (0, 1, 0, 1),
             "12": (1, 0, 1, 0), "13": (0, 1, 0, 1)}
PROJECTIVITY = {"Non-proj": (5, 8, 0, 0), "Proj": (2646, 2643, 1932, 1932)}


@pytest.fixture(scope="module")
def taxonomy():
    gold = formats.read_file(anchor("conllx", "gold.conll"))
    system = formats.read_file(anchor("conllx", "system.conll"))
    profile = profiles.get("conll07")
    results = pair_records(gold, system, profile, profile.prepare({}))
    return dep_taxonomy(results, [r.item for r in gold], [r.item for r in system])


def _table(rows):
    return {r["key"]: (r["parser_counter"], r["treebank_counter"], r["parser_correct"],
                       r["treebank_correct"]) for r in rows}


@pytest.mark.anchors
@pytest.mark.parametrize("name,expected", [("arc_depth", ARC_DEPTH), ("branching", BRANCHING),
                                           ("projectivity", PROJECTIVITY)])
def test_groupby_equal_malteval(taxonomy, name, expected):
    assert _table(taxonomy.groupby[name]) == expected


@pytest.mark.anchors
def test_cpostag_and_sentence_length_equal_malteval(taxonomy):
    cpos = _table(taxonomy.groupby["cpostag"])
    # malteval_02_cpostag_accuracy.txt, LAS columns: counter / correctcounter
    assert cpos["NN"][1::2] == (763, 636)
    assert cpos["PP"][1::2] == (326, 149)
    assert cpos["MID"][1::2] == (75, 41)
    lengths = _table(taxonomy.groupby["sentence_length"])
    assert lengths["1"] == (16, 16, 16, 16)
    assert lengths["2"][1::2] == (6, 5)
    assert lengths["4"][1::2] == (36, 31)


@pytest.mark.anchors
def test_taxonomy_totals_agree_with_the_scorer(taxonomy):
    errors = taxonomy.errors
    # eval.pl -p: 2169/2651 heads right, so 482 attachment errors
    head_errors = sum(r["head_errors"] for r in errors["attachment_by_cpostag"])
    assert head_errors == 2651 - 2169
    assert errors["clauses"]["inside"] + errors["clauses"]["across"] == head_errors
    assert sum(r["head_errors"] for r in errors["attachment_by_deprel"]) == head_errors
    assert errors["root"]["gold_roots"] == 230 and errors["root"]["system_roots"] == 231
    # 08: label confusion only on correctly attached tokens: UAS right, LAS wrong
    assert sum(r["count"] for r in errors["label_confusion"]) == 2169 - 1932
    assert errors["non_projective"]["gold"] == 8


def test_tree_shape_by_hand():
    # 1 <- 2 (root), 3 -> 1 crosses the root word: MaltEval does not call that non-projective
    shape = TreeShape([2, 0, 1])
    assert shape.depth == [1, 0, 2]
    assert shape.branching == [1, 1, 0]
    assert shape.projective(2)
    shape = TreeShape([3, 0, 2, 2])      # 1 <- 3 spans 2 (the root) only: projective
    assert shape.projective(0)
    shape = TreeShape([0, 4, 1, 1])      # 2 <- 4 spans 3, whose head 1 is outside
    assert not shape.projective(1)


@pytest.mark.anchors
@pytest.mark.slow
def test_rerun_malteval(tmp_path, taxonomy):
    if not JAR.exists() or shutil.which("java") is None:
        pytest.skip("MaltEval.jar or java not available (TCOMPARE_REFS)")
    folder = anchor("conllx")
    config = tmp_path / "c.xml"
    config.write_text('<evaluation><parameter name="Metric"><value>LAS</value></parameter>'
                      '<parameter name="GroupBy"><value format="all">ArcDepth</value></parameter>'
                      '</evaluation>')
    out = subprocess.run(["java", "-jar", str(JAR), "-e", str(config), "-g", "gold.conll", "-s",
                          "system.conll"], cwd=folder, capture_output=True, text=True, timeout=300)
    rows = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 7 and parts[-1].isdigit():
            rows[parts[-1]] = tuple(int(x) for x in parts[2:6])
    assert rows == _table(taxonomy.groupby["arc_depth"])
