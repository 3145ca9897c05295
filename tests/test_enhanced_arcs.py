"""Enhanced UD in the dependency view, the Qt-free half (issue 30, item 2): the verdict of
each enhanced arc from the ud-eval scorer (`scoring/udeval/enhanced.py`) -- by hand on two
real EWT sentences with empty nodes, and summed against the official eval.py's ELAS -- and
the geometry of `layout/enhanced_arcs.py` (empty nodes as columns of their own, the enhanced
layer above the basic arcs or below the words, one plan for both sides, legible)."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.cli import score_udeval
from tcompare.layout.arcs import approximate_measure, segmented
from tcompare.layout.enhanced_arcs import CAPTION, layout_enhanced, layout_pair
from tcompare.model.deps import joined_sentences
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.udeval.enhanced import column_verdicts

sys.path.insert(0, str(Path(__file__).parent))
from enhanced_pair import GOLD, system_text  # noqa: E402
from test_udeval import PYTHON, SCRIPT, needs_ref  # noqa: E402
from udeval_pairs import generated_pair  # noqa: E402

pytestmark = pytest.mark.issue(30)

GOLD_TEXT = GOLD.read_text(encoding="utf-8")
SYSTEM_TEXT = system_text(GOLD_TEXT)


def sentences(text: str):
    return [record.item for record in formats.read_text(text, "conllu")]


@pytest.fixture(scope="module")
def pair():
    gold, system = sentences(GOLD_TEXT)[0], sentences(SYSTEM_TEXT)[0]
    result = profiles.get("ud-eval").score(gold, system, {})
    assert result.valid, result.message
    return gold, system, result


def test_each_enhanced_arc_has_the_verdict_the_changes_give(pair):
    gold, system, result = pair
    g = column_verdicts(gold, result.data["enhanced"]["gold"])
    s = column_verdicts(system, result.data["enhanced"]["system"])
    # every arc of every DEPS cell has one verdict (24.1's own arc included)
    assert len(g) == sum(len(r.phead.split("|")) for r in gold.rows)
    assert len(s) == sum(len(r.phead.split("|")) for r in system.rows)
    assert g[("3", 0)] == (Verdict.WRONG_LABEL, "EULAS only")      # obl:by / obl
    assert s[("3", 0)] == (Verdict.WRONG_LABEL, "EULAS only")
    assert g[("10", 0)] == (Verdict.WRONG_LABEL, "wrong")          # conj / parataxis
    assert g[("22", 0)] == (Verdict.WRONG_HEAD, "wrong")           # obj from 20 / from 6
    assert s[("22", 0)] == (Verdict.WRONG_HEAD, "wrong")
    assert s[("18", 0)] == (Verdict.MATCH, "ELAS")
    assert s[("18", 1)] == (Verdict.WRONG_HEAD, "wrong")           # the nsubj more, from 14
    assert s[("26", 0)] == (Verdict.EXTRA, "wrong")                # gold's 26 hangs from 24.1 only
    # eval.py skips empty nodes and every arc that touches one
    assert g[("24", 1)] == g[("26", 0)] == g[("24.1", 0)] == (Verdict.IGNORED, "empty node")
    assert g[("24", 0)] == (Verdict.MATCH, "ELAS")
    wrong = {k for k, (v, _) in g.items() if v not in (Verdict.MATCH, Verdict.IGNORED)}
    assert wrong == {("3", 0), ("10", 0), ("22", 0)}
    # ELAS = the arcs matched: 50 of eval.py's 53 gold arcs over both sentences (the second
    # sentence is unchanged): 27 + 26 - 3 = 50 and the counts say so too
    matched = sum(v is Verdict.MATCH for v, _ in g.values())
    assert result.counts["ELAS_correct"] == matched
    assert result.counts["EULAS_correct"] == matched + 1


def test_a_profile_without_enhanced_verdicts_leaves_every_arc_unscored():
    gold = sentences(GOLD_TEXT)[0]
    verdicts = column_verdicts(gold, None)
    assert {v for v, _ in verdicts.values()} == {Verdict.IGNORED}
    assert verdicts[("24", 0)][1] == "not scored" and verdicts[("24", 1)][1] == "empty node"


@needs_ref
def test_matched_arcs_add_up_to_the_official_elas(tmp_path):
    """Over the EWT pair and a generated pair (empty nodes added, DEPS changed), the gold
    arcs the view draws as matched are eval.py's ELAS correct count."""
    texts = [(GOLD_TEXT, SYSTEM_TEXT), generated_pair(GOLD_TEXT * 3, "empty_nodes", 7)]
    profile = profiles.get("ud-eval")
    for n, (gold_text, system_text_) in enumerate(texts):
        gold, system = tmp_path / f"g{n}.conllu", tmp_path / f"s{n}.conllu"
        gold.write_text(gold_text, encoding="utf-8")
        system.write_text(system_text_, encoding="utf-8")
        out = subprocess.run([str(PYTHON), str(SCRIPT), "--counts", str(gold), str(system)],
                             capture_output=True, text=True, check=True, cwd=SCRIPT.parent)
        elas = next(int(line.split("|")[1]) for line in out.stdout.splitlines()
                    if line.startswith("ELAS"))
        matched = 0
        for g, s in zip(sentences(gold_text), sentences(system_text_)):
            result = profile.score(g, s, {})
            assert result.valid, result.message
            drawn = column_verdicts(g, result.data["enhanced"]["gold"])
            matched += sum(v is Verdict.MATCH for v, _ in drawn.values())
        assert matched == elas, n
        assert 0 < elas


# ------------------------------------------------------------------------------ geometry

def legs_and_labels_are_legible(layout) -> None:
    """Labels of one side never overlap; legs of one side's band never share an x."""
    for side in ("gold", "system"):
        shapes = [a for a in layout.arcs if a.side == side] + \
                 [a for a in layout.enhanced if a.side == side]
        for a, b in itertools.combinations(shapes, 2):
            la, lb = a.label_box, b.label_box
            assert not (la.x < lb.right and lb.x < la.right and la.y < lb.bottom
                        and lb.y < la.bottom), (a, b)
        for direction in (1, -1):
            legs = [(round(x, 6), round(y, 6)) for a in shapes if a.direction == direction
                    for x, y in (a.points[0], a.points[-1])]
            assert len(legs) == len(set(legs)), (side, direction)


@pytest.mark.parametrize("mode", ["mirrored", "stacked"])
@pytest.mark.parametrize("position", ["above", "below"])
def test_empty_nodes_are_columns_and_deps_arcs_are_drawn(mode, position):
    gold, system = sentences(GOLD_TEXT)[0], sentences(SYSTEM_TEXT)[0]
    layout = layout_pair(gold, system, approximate_measure, mode, enhanced=position)
    ids = [c.row_id for c in layout.columns]
    assert ids.index("24.1") == ids.index("24") + 1 == ids.index("25") - 1
    x = {c.row_id: c.x for c in layout.columns}
    assert x["24"] < x["24.1"] < x["25"]
    # gold's empty node is drawn; the system has none, so its row shows no word there
    shown = {(t.side, layout.columns[t.column].row_id) for t in layout.tokens}
    assert ("system", "24.1") not in shown
    assert ("gold", "24.1") in shown or ("both", "24.1") in shown
    # every DEPS arc of each side, once; the basic arcs as without them
    for side, sentence in (("gold", gold), ("system", system)):
        drawn = sorted((a.dependent, a.head, a.label) for a in layout.enhanced if a.side == side)
        written = sorted((r.id, piece.split(":", 1)[0], piece.split(":", 1)[1])
                         for r in sentence.rows for piece in r.phead.split("|"))
        assert drawn == written
        assert len([a for a in layout.arcs if a.side == side]) == len(sentence.words)
    assert not layout.problems
    assert [t.text for t in layout.titles].count(CAPTION) == 2
    legs_and_labels_are_legible(layout)
    row_y = {t.side: t.box.y for t in layout.tokens if t.kind == "root"}
    for side in ("gold", "system"):
        basic = [a for a in layout.arcs if a.side == side]
        enhanced = [a for a in layout.enhanced if a.side == side]
        if position == "above":     # the enhanced layer beyond every basic arc
            assert min(a.level for a in enhanced) > max(a.level for a in basic)
            assert {a.direction for a in enhanced} == {a.direction for a in basic}
        else:                       # the other side of the side's own row
            assert {a.direction for a in enhanced} == {-a.direction for a in basic}
            row = row_y[side]
            if {a.direction for a in enhanced} == {-1}:
                assert min(y for a in enhanced for _, y in a.points) > row
            else:
                assert max(y for a in enhanced for _, y in a.points) <= row


def test_an_arc_both_sides_have_has_one_height_and_its_legs():
    gold, system = sentences(GOLD_TEXT)[0], sentences(SYSTEM_TEXT)[0]
    layout = layout_pair(gold, system, approximate_measure, "stacked", enhanced="below")
    g = {(a.dependent, a.head, a.label): a for a in layout.enhanced if a.side == "gold"}
    s = {(a.dependent, a.head, a.label): a for a in layout.enhanced if a.side == "system"}
    shared = set(g) & set(s)
    assert len(shared) == 23           # 29 gold arcs, 6 of them changed or gone
    for key in shared:
        assert g[key].level == s[key].level
        assert [p[0] for p in g[key].points] == [p[0] for p in s[key].points]


def test_no_deps_tree_mode_or_off_is_the_basic_layout():
    gold = sentences(GOLD_TEXT)[0]
    plain = layout_pair(gold, gold, approximate_measure, "mirrored")
    assert plain.enhanced == ()
    assert layout_enhanced(gold, gold, approximate_measure, "tree", None, False, "below") is None
    assert layout_pair(gold, gold, approximate_measure, "tree", enhanced="below").enhanced == ()
    conllx = sentences(GOLD_TEXT)[0].copy()
    for row in conllx.rows:
        row.phead = "_"
    assert layout_pair(conllx, conllx, approximate_measure, "mirrored",
                       enhanced="above") == layout_pair(conllx, conllx, approximate_measure)


def test_a_deps_head_that_names_no_node_is_reported_not_drawn():
    gold = sentences(GOLD_TEXT)[0].copy()
    row = next(r for r in gold.rows if r.id == "5")
    row.phead = "6:cop|9.3:nsubj|x"
    layout = layout_pair(gold, None, approximate_measure, "stacked", enhanced="below")
    assert [a.head for a in layout.enhanced if a.dependent == "5"] == ["6"]
    assert sum("DEPS '9.3:nsubj'" in p for p in layout.problems) == 1
    assert sum("DEPS 'x'" in p for p in layout.problems) == 1
    # a head that is the OTHER side's empty node is no node of this sentence either
    system = sentences(SYSTEM_TEXT)[0].copy()
    next(r for r in system.rows if r.id == "24").phead = "6:parataxis|24.1:nsubj"
    layout = layout_pair(sentences(GOLD_TEXT)[0], system, approximate_measure, "stacked",
                         enhanced="below")
    assert layout.problems == ("system node 24 (many): DEPS '24.1:nsubj' names no other "
                               "node of this sentence; not drawn",)


def test_joined_sentences_renumber_deps_heads_with_the_words():
    first, second = sentences(GOLD_TEXT)
    both = joined_sentences([first, second])
    n = len(first.words)
    by_id = {r.id: r for r in both.rows}
    assert by_id["24.1"].phead == "6:parataxis"
    assert by_id[str(n + 22)].phead == f"{n + 24}:obj"
    assert by_id[f"{n + 23}.1"].phead == f"{n + 24}:nsubj"
    assert by_id[str(n + 1)].phead == "0:root"          # the root stays the root
    layout = layout_pair(both, both, approximate_measure, "stacked", enhanced="below")
    assert not layout.problems
    assert len(layout.enhanced) == 2 * sum(len(r.phead.split("|")) for r in both.rows
                                           if r.kind != "multiword")


def test_the_json_keeps_the_script_verdicts(pair, tmp_path):
    """`--output json` lists `[word, head, relation, verdict]` as before: the view's verdict
    is an extra of the per-sentence result only."""
    *_, result = pair
    assert all(len(item) == 5 for item in result.data["enhanced"]["gold"])
    system = tmp_path / "system.conllu"
    system.write_text(SYSTEM_TEXT, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert score_udeval.main(["--output", "json", str(GOLD), str(system)], "ud-eval", out, err) == 0
    segment = json.loads(out.getvalue())["segments"][0]
    assert {len(item) for item in segment["enhanced_gold"]} == {4}


def test_two_tokenisations_each_side_its_columns_its_empty_nodes_its_arcs():
    """The system merges and splits words (udeval_pairs' "tokenisation", seed 1): each side
    has its own columns, its empty node after its own word, every DEPS arc drawn."""
    gold_text, system_text_ = generated_pair(GOLD_TEXT, "tokenisation", 1)
    gold, system = sentences(gold_text)[0], sentences(system_text_)[0]
    assert segmented(gold, system)
    for mode, position in (("mirrored", "below"), ("mirrored", "above"), ("stacked", "below")):
        layout = layout_pair(gold, system, approximate_measure, mode, enhanced=position)
        assert not layout.problems
        for side, sentence in (("gold", gold), ("system", system)):
            drawn = sorted((a.dependent, a.head, a.label) for a in layout.enhanced
                           if a.side == side)
            written = sorted((r.id, p.split(":", 1)[0], p.split(":", 1)[1])
                             for r in sentence.rows if r.kind != "multiword"
                             for p in r.phead.split("|"))
            assert drawn == written
            for arc in (a for a in layout.enhanced if a.side == side):
                assert layout.columns[arc.dependent_column].row_id == arc.dependent
                assert layout.columns[arc.head_column].row_id in (arc.head, "")
        legs_and_labels_are_legible(layout)
    x = {(t.side, layout.columns[t.column].row_id): t.box.x for t in layout.tokens}
    assert x[("gold", "24")] < x[("gold", "24.1")] < x[("gold", "25")]
    assert x[("system", "25")] < x[("system", "25.1")] < x[("system", "26")]
    result = profiles.get("ud-eval").score(gold, system, {})
    drawn = column_verdicts(gold, result.data["enhanced"]["gold"])
    assert sum(v is Verdict.MATCH for v, _ in drawn.values()) == result.counts["ELAS_correct"]


def test_a_joined_group_maps_its_verdicts_onto_the_joined_sentences():
    """The system joins the two gold sentences into one: the window draws each side's
    sentences joined (`joined_sentences`, DEPS heads renumbered) with the group's verdicts."""
    gold_text, system_text_ = generated_pair(GOLD_TEXT, "joined", 0)
    gold, system = sentences(gold_text), sentences(system_text_)
    assert (len(gold), len(system)) == (2, 1)
    result = profiles.get("ud-eval").score_group(gold, system, {})
    assert result.valid, result.message
    for side, group in (("gold", gold), ("system", system)):
        joined = joined_sentences(group)
        drawn = column_verdicts(joined, result.data["enhanced"][side])
        assert len(drawn) == sum(len(r.phead.split("|")) for r in joined.rows
                                 if r.kind != "multiword")
        assert sum(v is Verdict.MATCH for v, _ in drawn.values()) == result.counts["ELAS_correct"]
        # the empty nodes' arcs, and only they, are not scored
        ignored = {k for k, (v, _) in drawn.items() if v is Verdict.IGNORED}
        assert ignored == {(r.id, k) for r in joined.rows if r.kind != "multiword"
                           for k, p in enumerate(r.phead.split("|"))
                           if r.kind == "empty" or "." in p.split(":")[0]}
        assert ignored


@needs_ref
@pytest.mark.heavy
@pytest.mark.parametrize("edits", ["enhanced_only", "empty_nodes", "tokenisation"])
def test_every_ewt_test_sentence_drawn_verdicts_add_up_to_the_official_elas(tmp_path, edits):
    """The whole EWT r2.12 test set against a generated system: per sentence the drawn
    matched gold arcs sum to eval.py's ELAS correct count, and every layout is legible."""
    from test_udeval import EWT
    if not EWT.exists():
        pytest.skip(f"EWT absent: {EWT}")
    gold_text, system_text_ = generated_pair(EWT.read_text(encoding="utf-8"), edits, 3)
    gold, system = tmp_path / "g.conllu", tmp_path / "s.conllu"
    gold.write_text(gold_text, encoding="utf-8")
    system.write_text(system_text_, encoding="utf-8")
    out = subprocess.run([str(PYTHON), str(SCRIPT), "--counts", str(gold), str(system)],
                         capture_output=True, text=True, check=True, cwd=SCRIPT.parent)
    elas = next(int(line.split("|")[1]) for line in out.stdout.splitlines()
                if line.startswith("ELAS"))
    profile = profiles.get("ud-eval")
    matched = 0
    for g, s in zip(sentences(gold_text), sentences(system_text_)):
        result = profile.score(g, s, {})
        assert result.valid, result.message
        drawn = column_verdicts(g, result.data["enhanced"]["gold"])
        matched += sum(v is Verdict.MATCH for v, _ in drawn.values())
        layout = layout_pair(g, s, approximate_measure, "mirrored", enhanced="below")
        legs_and_labels_are_legible(layout)
    assert matched == elas > 0
