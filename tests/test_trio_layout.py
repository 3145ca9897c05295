"""layout.trio_layout: two systems drawn against one gold tree on shared word columns, each
box carrying its own system's verdict (verdicts from the real EVALB scorer)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from multi_fixtures import write_three
from tcompare import formats
from tcompare.layout.trio_layout import TwoVerdictBox, layout_trio, shared_axis
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict
from tcompare.scoring.pairing import score_pair

pytestmark = pytest.mark.issue(17)


def tree(text: str, notation: str = "ptb"):
    return formats.get(notation).parse(text)[0].item


def scored(tmp_path, sentence: int):
    paths = write_three(tmp_path)
    gold, a, b = (formats.read_file(str(p)) for p in paths)
    profile = profiles.get("evalb")
    config = profile.prepare({})
    ra = score_pair(gold, a, sentence, profile, config)
    rb = score_pair(gold, b, sentence, profile, config)
    return gold[sentence].item, a[sentence].item, ra, b[sentence].item, rb


def node(layout, side: str, words: tuple[int, int], label: str):
    found = [b for b in layout.boxes if b.side == side and b.kind == "node"
             and b.span == words and b.text == label]
    assert len(found) == 1, (side, words, label)
    return found[0]


def test_each_tree_carries_its_own_systems_verdicts(tmp_path):
    gold, a, ra, b, rb = scored(tmp_path, 0)
    layout = layout_trio(gold, a, ra, b, rb)
    # NP "the mat" (words 4-6): A dropped it, B has it
    np = node(layout, "gold", (4, 6), "NP")
    assert isinstance(np, TwoVerdictBox)
    assert (np.verdict, np.other_verdict) == (Verdict.MISSING, Verdict.MATCH)
    pp = node(layout, "gold", (3, 6), "PP")
    assert (pp.verdict, pp.other_verdict) == (Verdict.MATCH, Verdict.MATCH)
    assert node(layout, "system", (3, 6), "PP").verdict is Verdict.MATCH
    assert node(layout, "other", (4, 6), "NP").verdict is Verdict.MATCH
    assert not any(box.side == "system" and box.span == (4, 6) for box in layout.boxes
                   if box.kind == "node")
    # every verdict drawn is one the scorer gave, and only gold boxes carry two
    for box in layout.boxes:
        if box.kind == "node" and box.side != "gold":
            items = (ra if box.side == "system" else rb).system_items
            mine = [i for i in items if i.kind == "bracket" and i.ref == box.ref]
            assert box.verdict == (mine[0].verdict if mine else None)
            assert not isinstance(box, TwoVerdictBox)


def test_blocks_stack_a_gold_b_on_the_same_word_columns(tmp_path):
    gold, a, ra, b, rb = scored(tmp_path, 1)
    layout = layout_trio(gold, a, ra, b, rb)
    assert [t.side for t in layout.titles] == ["system", "gold", "other"]
    rows = [layout.word_rows[s][0] for s in ("system", "gold", "other")]
    assert rows == sorted(rows) and len(set(rows)) == 3
    for i in range(len(gold.tokens)):
        centres = {round(layout.box(s, "word", i).cx, 6) for s in ("system", "gold", "other")}
        assert len(centres) == 1
    assert not [pair for pair in combinations(layout.boxes, 2) if pair[0].overlaps(pair[1])]
    # each block's boxes lie between its title and the next block's
    tops = [t.y for t in layout.titles] + [layout.height]
    for k, side in enumerate(("system", "gold", "other")):
        assert all(tops[k] < box.y < tops[k + 1] for box in layout.boxes if box.side == side)


def test_a_word_one_system_inserts_gets_its_own_column():
    gold = tree("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))")
    a = tree("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (RB down)) (. .)))")
    b = tree("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))")
    axis = shared_axis(gold, a, b)
    assert axis["gold"] == axis["other"] == [(Fraction(2 * i), Fraction(2 * i + 1)) for i in range(4)]
    # "down" sits between the end of "sat" (5) and the start of "." (6)
    assert axis["system"][3] == (Fraction(5), Fraction(6))
    layout = layout_trio(gold, a, None, b, None)
    down = layout.box("system", "word", 3)
    assert layout.box("gold", "word", 2).right < down.x < layout.box("gold", "word", 3).x
    assert not [p for p in combinations(layout.boxes, 2) if p[0].overlaps(p[1])]


def test_two_segmentations_of_one_chinese_sentence_line_up():
    gold = tree("[zj-0 [vp-0 砍/v 下/v ] 树/n 。/wE ]", "tct")
    a = tree("[zj-0 [vp-0 砍下/v ] 树/n 。/wE ]", "tct")
    b = tree("[zj-0 砍/v 下/v 树/n 。/wE ]", "tct")
    axis = shared_axis(gold, a, b)
    # A's 砍下 spans exactly gold's 砍 and 下
    assert axis["system"][0] == (axis["gold"][0][0], axis["gold"][1][1])
    assert axis["other"] == axis["gold"]
    layout = layout_trio(gold, a, None, b, None)
    assert not [p for p in combinations(layout.boxes, 2) if p[0].overlaps(p[1])]


def test_a_missing_tree_leaves_its_block_empty():
    gold = tree("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))")
    layout = layout_trio(gold, gold, None, None, None)
    assert {b.side for b in layout.boxes} == {"system", "gold"}
    assert [t.side for t in layout.titles] == ["system", "gold", "other"]
