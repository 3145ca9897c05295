"""Pure geometry of the tree-pair layout (tcompare.layout): no Qt.

Trees are built with the model directly (a tiny bracket reader below, test-only) so these
tests do not depend on a notation reader.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcompare.layout.matching import counterparts
from tcompare.layout.tree_layout import (MODES, LayoutStyle, elide_middle, fixed_width,
                                         layout_pair, node_text, pos_text)
from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.scoring.base import Item, SentenceResult, Verdict


# -- helpers ------------------------------------------------------------------------------
def bracket(text: str) -> Tree:
    """``(S (NP (DT The) (NN dog)) ...)`` -> Tree; ``(POS word)`` is a preterminal;
    labels ``CAT-FUNC`` are split at the first dash (enough for these tests)."""
    tokens = re.findall(r"\(|\)|[^\s()]+", text)
    pos = 0

    def parse() -> Node | Token:
        nonlocal pos
        assert tokens[pos] == "("
        label = tokens[pos + 1]
        pos += 2
        if tokens[pos] not in "()" and tokens[pos + 1] == ")":
            word = tokens[pos]
            pos += 2
            return Token(word, label)
        children = []
        while tokens[pos] != ")":
            children.append(parse())
        pos += 1
        cat, _, func = label.partition("-")
        return Node(Label(label, cat, func), children)

    return Tree.build(parse())


def flat(words: list[str], pos: str = "X", label: str = "S") -> Tree:
    return Tree.build(Node(Label(label, label), [Token(w, pos) for w in words]))


def random_tree(rng: random.Random, n_words: int, label_len: int = 2) -> Tree:
    """A random bracketing over n words (labels of random lengths)."""
    def build(words: list[Token]) -> Node:
        if len(words) <= 2 or rng.random() < 0.15:
            return Node(Label("NP", "NP"), list(words))
        cuts = sorted(rng.sample(range(1, len(words)), min(len(words) - 1, rng.randint(1, 3))))
        parts, last = [], 0
        for c in cuts + [len(words)]:
            parts.append(words[last:c])
            last = c
        kids = [build(p) if len(p) > 1 or rng.random() < 0.3 else p[0] for p in parts]
        cat = "X" * rng.randint(1, label_len)
        return Node(Label(cat, cat), kids)

    words = [Token("w" * rng.randint(1, 9), "NN") for _ in range(n_words)]
    return Tree.build(build(words))


def no_overlaps(layout) -> list:
    """Pairs of boxes that overlap (boxes of one kind on one side never should)."""
    bad = []
    groups: dict = {}
    for b in layout.boxes:
        groups.setdefault((b.side, b.kind, round(b.y, 3)), []).append(b)
    for boxes in groups.values():
        boxes.sort(key=lambda b: b.x)
        for a, b in zip(boxes, boxes[1:]):
            if a.overlaps(b):
                bad.append((a, b))
    return bad


def all_boxes_disjoint(layout) -> list:
    bad = []
    boxes = sorted(layout.boxes, key=lambda b: (b.y, b.x))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b.y >= a.bottom:
                break
            if a.overlaps(b):
                bad.append((a, b))
    return bad


GOLD = "(S (NP-SBJ (DT The) (NN dog)) (VP (VBD saw) (NP (DT a) (JJ big) (NN cat))) (. .))"
SYS = "(S (NP (DT The) (NN dog) (VBD saw)) (ADJP (DT a) (JJ big)) (NN cat) (. .))"


def demo_result() -> SentenceResult:
    r = SentenceResult(1)
    r.gold_items = [Item("gold", "bracket", 0, "S", 0, 6, Verdict.MATCH, partner=0),
                    Item("gold", "bracket", 1, "NP", 0, 2, Verdict.MISSING, crossing=True),
                    Item("gold", "bracket", 2, "VP", 2, 5, Verdict.MISSING, crossing=True),
                    Item("gold", "bracket", 3, "NP", 3, 5, Verdict.LABEL_ONLY, partner=2)]
    r.system_items = [Item("system", "bracket", 0, "S", 0, 6, Verdict.MATCH, partner=0),
                      Item("system", "bracket", 1, "NP", 0, 3, Verdict.CROSSING, crossing=True),
                      Item("system", "bracket", 2, "ADJP", 3, 5, Verdict.LABEL_ONLY, partner=3)]
    for i in range(6):
        v = Verdict.WRONG_POS if i == 4 else Verdict.MATCH
        r.gold_items.append(Item("gold", "tag", i, "", i, i + 1, v))
        r.system_items.append(Item("system", "tag", i, "", i, i + 1, v))
    return r


# -- modes --------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_no_box_overlaps_any_other(mode):
    layout = layout_pair(bracket(GOLD), bracket(SYS), demo_result(), mode)
    assert all_boxes_disjoint(layout) == []
    assert layout.alignment == "char"


@pytest.mark.parametrize("mode", MODES)
def test_every_box_inside_the_drawing(mode):
    layout = layout_pair(bracket(GOLD), bracket(SYS), None, mode)
    for b in layout.boxes:
        assert 0 <= b.x and b.right <= layout.width
        assert 0 <= b.y and b.bottom <= layout.height


def test_side_by_side_aligns_rows_of_the_same_depth():
    gold, system = bracket(GOLD), bracket(SYS)
    layout = layout_pair(gold, system, None, "side")
    gold_depth = {n.id: d for n, d in gold.walk()}
    sys_depth = {n.id: d for n, d in system.walk()}
    y_of = {}
    for b in layout.boxes_of("gold", "node"):
        y_of.setdefault(gold_depth[b.ref], set()).add(b.y)
    for b in layout.boxes_of("system", "node"):
        y_of.setdefault(sys_depth[b.ref], set()).add(b.y)
    assert all(len(ys) == 1 for ys in y_of.values())
    assert sorted(y for ys in y_of.values() for y in ys) == sorted({y for ys in y_of.values() for y in ys})
    # word rows of both panels share a y; the system panel is right of the gold panel
    gw, sw = layout.boxes_of("gold", "word"), layout.boxes_of("system", "word")
    assert {b.y for b in gw} == {b.y for b in sw}
    assert max(b.right for b in gw + layout.boxes_of("gold", "node")) < min(b.x for b in sw)


@pytest.mark.parametrize("mode", ["stacked", "mirrored"])
def test_same_word_same_x_on_shared_columns(mode):
    layout = layout_pair(bracket(GOLD), bracket(SYS), None, mode)
    for i in range(6):
        g = layout.box("gold", "pos", i)
        s = layout.box("system", "pos", i)
        assert g.cx == pytest.approx(s.cx)
    if mode == "stacked":
        for i in range(6):
            assert layout.box("gold", "word", i).cx == pytest.approx(layout.box("system", "word", i).cx)
        assert max(b.bottom for b in layout.boxes if b.side == "gold") < \
            min(b.y for b in layout.boxes if b.side == "system")


def test_mirrored_gold_grows_up_system_grows_down_one_word_row():
    gold, system = bracket(GOLD), bracket(SYS)
    layout = layout_pair(gold, system, None, "mirrored")
    assert layout.shared_words
    assert layout.boxes_of("system", "word") == []  # one word row for both
    word_y = layout.word_rows["gold"][0]
    assert layout.word_rows["system"][0] == word_y
    assert all(b.bottom <= word_y for b in layout.boxes_of("gold", "node"))
    assert all(b.y >= word_y for b in layout.boxes_of("system", "node"))
    # roots at the outside: gold root on top, system root at the bottom
    assert layout.box("gold", "node", 0).y == min(b.y for b in layout.boxes)
    assert layout.box("system", "node", 0).bottom == max(b.bottom for b in layout.boxes if b.kind == "node")
    # system edges go upwards from the parent to the child
    for e in layout.edges:
        if e.side == "system":
            assert e.y2 < e.y1
        else:
            assert e.y2 > e.y1


def test_node_is_centred_over_its_span_and_edges_join_boxes():
    gold = bracket(GOLD)
    layout = layout_pair(gold, None, None, "side")
    for node in gold.nodes():
        box = layout.box("gold", "node", node.id)
        first = layout.slots["gold"][node.start]
        last = layout.slots["gold"][node.end - 1]
        assert box.cx == pytest.approx((first.x0 + last.x1) / 2)
        assert first.x0 <= box.x and box.right <= last.x1
    assert len(layout.edges) == sum(len(n.children) for n in gold.nodes())
    for e in layout.edges:
        parent = layout.box("gold", "node", e.parent)
        assert (e.x1, e.y1) == (parent.cx, parent.bottom)


def test_unknown_mode_is_an_error():
    with pytest.raises(ValueError, match="unknown layout mode"):
        layout_pair(bracket(GOLD), None, None, "diagonal")


def test_missing_trees_do_not_crash():
    for mode in MODES:
        assert layout_pair(None, None, None, mode).boxes == []
        only = layout_pair(None, bracket(SYS), None, mode)
        assert only.boxes_of("gold", "node") == [] and only.boxes_of("system", "node")
    empty_root = Tree.build(Node(Label("TOP", "TOP"), []))  # EVALB's failed parse (TOP ())
    layout = layout_pair(bracket(GOLD), empty_root, None, "side")
    assert layout.box("system", "node", 0) is not None


# -- verdicts -----------------------------------------------------------------------------
def test_boxes_carry_the_scorers_verdicts_and_nothing_else():
    result = demo_result()
    layout = layout_pair(bracket(GOLD), bracket(SYS), result, "side")
    for side in ("gold", "system"):
        for item in result.items_for(side):
            kind = "node" if item.kind == "bracket" else "pos"
            box = layout.box(side, kind, item.ref)
            assert box.verdict is item.verdict
            assert box.crossing == item.crossing
            assert box.partner == item.partner
    # no result: no verdicts, nothing recomputed
    bare = layout_pair(bracket(GOLD), bracket(SYS), None, "side")
    assert {b.verdict for b in bare.boxes} == {None}


def test_node_without_item_has_no_verdict():
    r = demo_result()
    r.gold_items = [i for i in r.gold_items if i.ref != 2 or i.kind != "bracket"]
    layout = layout_pair(bracket(GOLD), bracket(SYS), r, "side")
    assert layout.box("gold", "node", 2).verdict is None


# -- segmentation -------------------------------------------------------------------------
def sinica_like() -> tuple[Tree, Tree]:
    # SIGHAN-2012 test vector 2 ([002] section 4): system writes 溪邊 as one word
    gold = Tree.build(Node(Label("S", "S"), [
        Node(Label("NP", "NP", role="agent"), [Token("母親", "Na")]),
        Token("帶", "VC", role="Head"),
        Node(Label("PP", "PP", role="location"), [
            Token("到", "P"), Node(Label("NP", "NP"), [Token("溪", "Na"), Token("邊", "Ncd")])])]))
    system = Tree.build(Node(Label("S", "S"), [
        Node(Label("NP", "NP", role="agent"), [Token("母親", "Na")]),
        Token("帶", "VC", role="Head"),
        Node(Label("PP", "PP", role="location"), [Token("到", "P"), Token("溪邊", "Na")])]))
    return gold, system


@pytest.mark.parametrize("mode", MODES)
def test_different_segmentation_aligns_by_characters(mode):
    gold, system = sinica_like()
    layout = layout_pair(gold, system, None, mode)
    assert layout.alignment == "char"
    g, s = layout.slots["gold"], layout.slots["system"]
    # same characters, same columns (relative to each panel)
    shift = s[0].x0 - g[0].x0
    assert s[3].x0 - shift == pytest.approx(g[3].x0)   # 溪邊 starts where 溪 starts
    assert s[3].x1 - shift == pytest.approx(g[4].x1)   # ... and ends where 邊 ends
    for i in range(3):
        assert s[i].x0 - shift == pytest.approx(g[i].x0)
    # the differently segmented words are marked, the others are not
    flagged = {(b.side, b.text) for b in layout.boxes if b.kind == "word" and b.seg_diff}
    assert flagged == {("gold", "溪"), ("gold", "邊"), ("system", "溪邊")}
    if mode == "mirrored":
        assert not layout.shared_words  # two word rows: gold above system
        assert layout.word_rows["gold"][0] < layout.word_rows["system"][0]
    assert all_boxes_disjoint(layout) == []


def test_span_highlight_crosses_segmentations():
    gold, system = sinica_like()
    layout = layout_pair(gold, system, None, "stacked")
    # gold NP over 溪 邊 (id 3) lights up the single system word 溪邊
    rects = {side: (x, w) for side, x, y, w, h in layout.span_rects("gold", 3)}
    s = layout.slots["system"][3]
    assert rects["system"] == (pytest.approx(s.x0), pytest.approx(s.x1 - s.x0))
    g3, g4 = layout.slots["gold"][3], layout.slots["gold"][4]
    assert rects["gold"] == (pytest.approx(g3.x0), pytest.approx(g4.x1 - g3.x0))


def test_different_texts_align_the_word_sequences():
    layout = layout_pair(flat(["a", "b", "c"]), flat(["a", "x", "c", "d"]), None, "stacked")
    assert layout.alignment == "words"
    assert [b.text for b in layout.boxes if b.kind == "word" and b.seg_diff] == ["b", "x", "d"]
    for g, s in ((0, 0), (1, 1), (2, 2)):
        assert layout.box("gold", "word", g).cx == pytest.approx(layout.box("system", "word", s).cx)
    # "d" is on the system side only: it gets a column of its own, right of "c"
    assert layout.box("system", "word", 3).x > layout.slots["gold"][2].x1


@pytest.mark.parametrize("mode", MODES)
def test_trace_on_one_side_shifts_nothing_after_it(mode):
    # PTB gold keeps traces (-NONE- *T*-1), parser output has none: the words after the
    # trace must still line up
    gold = bracket("(S (NP (DT the) (NN man)) (SBAR (WHNP (-NONE- 0)) (S (NP (-NONE- *T*-1)) "
                   "(VP (VBD left)))) (. .))")
    system = bracket("(S (NP (DT the) (NN man)) (VP (VBD left)) (. .))")
    layout = layout_pair(gold, system, None, mode)
    assert layout.alignment == "words"
    for g, s in ((0, 0), (1, 1), (4, 2), (5, 3)):
        assert layout.slots["gold"][g].x0 - layout.slots["gold"][0].x0 == pytest.approx(
            layout.slots["system"][s].x0 - layout.slots["system"][0].x0)
    flagged = {b.text for b in layout.boxes if b.kind == "word" and b.seg_diff}
    assert flagged == {"0", "*T*-1"}
    assert all_boxes_disjoint(layout) == []


# -- labels -------------------------------------------------------------------------------
def test_label_text_follows_parts_and_toggles():
    ptb = Label("NP-SBJ-1", "NP", "SBJ", "1")
    assert node_text(ptb) == "NP-SBJ-1"
    assert node_text(ptb, LayoutStyle(show_function=False)) == "NP"
    assert node_text(Label("NP=2", "NP", index="=2")) == "NP=2"
    assert node_text(Label("dj-ZW", "dj", "ZW")) == "dj-ZW"            # TCT GR tag
    assert node_text(Label("np-0-2", "np", heads=(0, 2))) == "np-0-2"  # TCT heads
    assert node_text(Label("S", "S", heads=(1,))) == "S"               # derived heads: edges
    sinica = Label("NP", "NP", role="agent")
    assert node_text(sinica) == "agent:NP"
    assert node_text(sinica, LayoutStyle(show_roles=False)) == "NP"
    assert node_text(Label("", "")) == "∅"
    assert node_text(Label("S[dcl]", "S[dcl]", ccg="S[dcl]")) == "S[dcl]"
    assert pos_text(Token("刊登", "VC", role="Head")) == "Head:VC"
    assert pos_text(Token("刊登", "VC", role="Head"), LayoutStyle(show_roles=False)) == "VC"
    assert pos_text(Token("dog", "NN", ccg="N")) == "N"


def test_long_ccg_category_is_elided_with_full_text_kept():
    cat = "((S[dcl]\\NP)/(S[to]\\NP))/((S[dcl]\\NP)/(S[to]\\NP))"
    assert len(elide_middle(cat, 24)) == 24 and "…" in elide_middle(cat, 24)
    tree = Tree.build(Node(Label(cat, cat, ccg=cat), [Token("want", "VBP"), Token("to", "TO")]))
    layout = layout_pair(tree, None, None, "side")
    box = layout.box("gold", "node", 0)
    assert box.full_text == cat and box.text == elide_middle(cat, 24)


def test_toggling_pos_removes_the_row_and_edges_go_to_words():
    layout = layout_pair(bracket(GOLD), bracket(SYS), None, "side", style=LayoutStyle(show_pos=False))
    assert [b for b in layout.boxes if b.kind == "pos"] == []
    word = layout.box("gold", "word", 0)
    assert any(e.child_kind == "token" and e.y2 == word.y for e in layout.edges)


def test_head_edges_from_heads_and_marks():
    tree = Tree.build(Node(Label("vp-1", "vp", heads=(1,)), [Token("还", "d"), Token("看到", "v")]))
    layout = layout_pair(tree, None, None, "side")
    assert [e.head for e in layout.edges] == [False, True]


# -- size ---------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
def test_150_word_sentence(mode):
    rng = random.Random(7)
    gold, system = random_tree(rng, 150), random_tree(rng, 150)
    system_words = [Token(t.form, t.pos) for t in gold.tokens]
    # same words on both sides so the columns are shared
    for tok, new in zip(system.tokens, system_words):
        tok.form = new.form
    system.finalize()
    layout = layout_pair(gold, system, None, mode)
    assert len(layout.boxes_of("gold", "pos")) == 150
    assert no_overlaps(layout) == []
    # columns are as narrow as the words allow: no wider than the sum of the widest needs
    need = sum(max(fixed_width(t.form), fixed_width(t.pos) + 12) + 10 for t in gold.tokens)
    panel = layout.width if mode != "side" else (layout.width - 48) / 2
    assert panel >= need  # every word fits
    assert panel < 3 * need  # and labels did not blow it up


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=40), st.integers(min_value=0, max_value=10_000),
       st.sampled_from(MODES))
def test_random_trees_never_overlap(n, seed, mode):
    rng = random.Random(seed)
    gold = random_tree(rng, n, label_len=12)
    system = random_tree(rng, n, label_len=12)
    for g, s in zip(gold.tokens, system.tokens):
        s.form = g.form
    system.finalize()
    layout = layout_pair(gold, system, None, mode)
    assert no_overlaps(layout) == []
    assert all_boxes_disjoint(layout) == []


# -- counterparts -------------------------------------------------------------------------
def test_counterpart_is_the_scorers_partner_when_there_is_one():
    cps = counterparts(bracket(GOLD), bracket(SYS), demo_result())
    assert cps[("gold", 3)].ref == 2 and cps[("gold", 3)].exact
    assert cps[("system", 2)].ref == 3 and cps[("system", 2)].exact
    assert cps[("gold", 0)].exact and cps[("gold", 0)].ref == 0


def test_counterpart_without_partner_is_nearest_by_overlap():
    cps = counterparts(bracket(GOLD), bracket(SYS), demo_result())
    # gold NP-SBJ "The dog" [0,2) best overlaps system NP "The dog saw" [0,3)
    assert cps[("gold", 1)].side == "system" and cps[("gold", 1)].ref == 1
    assert not cps[("gold", 1)].exact
    # gold VP "saw a big cat" has the system NP as its unique match left? either way it
    # is a node overlapping its span
    vp = cps[("gold", 2)]
    s = bracket(SYS).node(vp.ref)
    assert s.start < 5 and 2 < s.end


def test_counterparts_across_segmentations_use_characters():
    gold, system = sinica_like()
    cps = counterparts(gold, system, None)
    # gold NP over 溪 邊 overlaps nothing but the PP and S on the system side
    assert cps[("gold", 3)].ref in (0, 2)
    assert cps[("gold", 2)].ref == 2   # PP <-> PP (same characters)
    assert counterparts(gold, None, None) == {}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "cc", "ddd", "字", "詞語", ""]), min_size=0, max_size=12),
       st.lists(st.sampled_from(["a", "b", "cc", "ddd", "字", "詞語", "*T*-1"]), min_size=0, max_size=12),
       st.sampled_from(MODES))
def test_any_two_word_sequences_lay_out_without_overlaps(gold_words, sys_words, mode):
    gold = flat(gold_words) if gold_words else Tree.build(Node(Label("TOP", "TOP"), []))
    system = flat(sys_words) if sys_words else Tree.build(Node(Label("TOP", "TOP"), []))
    layout = layout_pair(gold, system, None, mode)
    assert all_boxes_disjoint(layout) == []
    for side, words in (("gold", gold_words), ("system", sys_words)):
        slots = layout.slots[side]
        assert len(slots) == len(words)
        # columns keep the word order
        assert all(a.x1 <= b.x0 + 1e-9 for a, b in zip(slots, slots[1:]))
    # the roots correspond when both cover something (or both nothing)
    cps = counterparts(gold, system, None)
    if bool("".join(gold_words)) == bool("".join(sys_words)) and bool(gold_words) == bool(sys_words):
        assert cps[("gold", 0)].ref == 0


def test_height_rows_put_phrases_next_to_their_words():
    from tcompare.layout.tree_layout import node_rows

    gold = bracket(GOLD)   # S > NP-SBJ(The dog), VP > (saw, NP(a big cat))
    assert node_rows(gold, "depth") == {0: 0, 1: 1, 2: 1, 3: 2}
    assert node_rows(gold, "height") == {0: 0, 1: 2, 2: 1, 3: 2}
    with pytest.raises(ValueError):
        node_rows(gold, "diagonal")
    for mode in ("stacked", "mirrored"):
        layout = layout_pair(gold, bracket(SYS), None, mode)
        # NP-SBJ (words only) is on the row right above the POS row, not at depth 1
        np_sbj, pos = layout.box("gold", "node", 1), layout.box("gold", "pos", 0)
        assert pos.y - np_sbj.bottom == pytest.approx(LayoutStyle().row_gap)
    side = layout_pair(gold, bracket(SYS), None, "side")
    assert side.box("gold", "node", 1).y == side.box("gold", "node", 2).y  # depth 1 both
    tall = layout_pair(gold, bracket(SYS), None, "side", style=LayoutStyle(rows="height"))
    # height rows in side mode: both panels counted from the words, still aligned
    assert {b.y for b in tall.boxes_of("gold", "pos")} == {b.y for b in tall.boxes_of("system", "pos")}
    assert all_boxes_disjoint(tall) == []


def test_hidden_pos_row_moves_the_tag_verdict_to_the_word():
    layout = layout_pair(bracket(GOLD), bracket(SYS), demo_result(), "side",
                         style=LayoutStyle(show_pos=False))
    assert layout.box("gold", "word", 4).verdict is Verdict.WRONG_POS
    assert layout.box("gold", "word", 0).verdict is Verdict.MATCH
    shown = layout_pair(bracket(GOLD), bracket(SYS), demo_result(), "side")
    assert shown.box("gold", "word", 4).verdict is None  # the POS box carries it instead
