"""Arc-diagram geometry (tcompare/layout/arcs.py): levels, anchors, modes, CoNLL-U extras.

Hand-made sentences plus every sentence of the CoNLL-X anchors (Swedish, Chinese), laid
out with the font-free `approximate_measure`.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import anchor
from tcompare import formats
from tcompare.layout.arcs import (ROOT, DiagramLayout, Metrics, approximate_measure, assign_levels,
                                  build_columns, crossing_pairs, layout_pair, read_dependencies,
                                  tree_depths)
from tcompare.model.deps import DepSentence, DepToken

pytestmark = pytest.mark.issue(8)


def sentence(rows) -> DepSentence:
    """rows: (form, head, deprel); ids 1..n."""
    return DepSentence([DepToken(str(i + 1), form, head=str(head), deprel=rel)
                        for i, (form, head, rel) in enumerate(rows)])


# "A hearing is scheduled on the issue today": 'on' (5) attaches to 'hearing' (2) across
# 'is' -> the root arc to 'is' crosses it (the classic non-projective example).
NONPROJ = sentence([("A", 2, "det"), ("hearing", 3, "nsubj"), ("is", 0, "root"),
                    ("scheduled", 3, "xcomp"), ("on", 2, "nmod"), ("the", 7, "det"),
                    ("issue", 5, "pobj"), ("today", 4, "tmod")])
PROJ = sentence([("the", 3, "det"), ("big", 3, "amod"), ("dog", 4, "nsubj"), ("barked", 0, "root"),
                 ("loudly", 4, "advmod")])


def boxes_overlap(a, b) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def assert_legible(layout: DiagramLayout) -> None:
    """Labels never overlap; nested arcs nest; legs of one side never share an x."""
    for side in ("gold", "system"):
        arcs = [a for a in layout.arcs if a.side == side]
        for a, b in itertools.combinations(arcs, 2):
            assert not boxes_overlap(a.label_box, b.label_box), (a, b)
        if layout.mode == "tree":
            continue
        pos = {c.word: p for p, c in enumerate(layout.columns) if c.kind in ("word", "root")}
        spans = {id(a): tuple(sorted((pos[a.head], pos[a.dependent]))) for a in arcs}
        for a, b in itertools.permutations(arcs, 2):
            (alo, ahi), (blo, bhi) = spans[id(a)], spans[id(b)]
            if alo <= blo and bhi <= ahi and (alo, ahi) != (blo, bhi):
                assert a.level > b.level, (a, b)
        legs = [x for a in arcs for x in (a.points[0][0], a.points[-1][0])]
        assert len(legs) == len(set(legs))


def test_nested_arcs_nest_and_short_arcs_share_the_lowest_level():
    layout = layout_pair(PROJ, PROJ)
    gold = layout.arcs_of("gold")
    assert gold[1].level == 1          # big <- dog, adjacent
    assert gold[0].level == 2          # the <- dog spans big <- dog
    assert gold[4].level == 1          # loudly <- barked, adjacent
    assert gold[3].head == ROOT and gold[3].level > gold[2].level
    assert not any(a.crossing for a in layout.arcs)
    assert_legible(layout)


def test_non_projective_arcs_are_flagged_and_visibly_cross():
    layout = layout_pair(NONPROJ, NONPROJ)
    gold = layout.arcs_of("gold")
    on, root = gold[4], gold[2]
    assert on.crossing and root.crossing
    assert on.level != root.level
    # the lower bar is cut by a leg of the higher arc: a real drawn intersection
    low, high = sorted((on, root), key=lambda a: a.level)
    bar_y = low.points[1][1]
    bar_x = sorted((low.points[1][0], low.points[2][0]))
    legs = [high.points[0], high.points[-1]]
    assert any(bar_x[0] < x < bar_x[1] and min(y, high.points[1][1]) < bar_y < max(y, high.points[1][1])
               for x, y in legs)
    assert_legible(layout)


def test_crossing_pairs_ignores_shared_ends_and_nesting():
    assert crossing_pairs([(0, 3), (1, 2), (3, 5), (0, 5)]) == set()
    assert crossing_pairs([(0, 2), (1, 3), (4, 5)]) == {0, 1}


def test_assign_levels_puts_overlapping_extents_on_different_levels():
    # two adjacent short arcs whose labels are wider than their spans
    levels = assign_levels([(0, 1), (1, 2)], [(0, 60), (40, 100)])
    assert sorted(levels) == [1, 2]
    assert assign_levels([(0, 1), (1, 2)], [(0, 50), (50, 100)]) == [1, 1]


def test_root_arcs_start_at_the_root_marker():
    layout = layout_pair(PROJ, PROJ)
    root_col = layout.columns[0]
    assert root_col.kind == "root"
    for arc in layout.arcs:
        if arc.head == ROOT:
            assert root_col.x <= arc.points[0][0] <= root_col.x + root_col.width
    assert [t.text for t in layout.tokens if t.kind == "root"] == ["ROOT"]


def test_mirrored_puts_gold_above_and_system_below_one_row():
    layout = layout_pair(PROJ, PROJ, mode="mirrored")
    row = [t for t in layout.tokens if t.kind == "word"]
    assert {t.side for t in row} == {"both"} and len(row) == 5
    top, bottom = min(t.box.y for t in row), max(t.box.bottom for t in row)
    for arc in layout.arcs:
        ys = [y for _, y in arc.points]
        if arc.side == "gold":
            assert max(ys) <= top and arc.direction == 1
        else:
            assert min(ys) >= bottom and arc.direction == -1
    assert [t.text for t in layout.titles] == ["GOLD", "SYSTEM"]
    assert layout.titles[1].box.y > bottom


def test_stacked_draws_two_rows_and_system_below_gold():
    layout = layout_pair(PROJ, PROJ, mode="stacked")
    gold_row = [t for t in layout.tokens if t.side == "gold" and t.kind == "word"]
    sys_row = [t for t in layout.tokens if t.side == "system" and t.kind == "word"]
    assert len(gold_row) == len(sys_row) == 5
    gold_bottom = max(t.box.bottom for t in gold_row)
    assert all(y > gold_bottom for a in layout.arcs if a.side == "system" for _, y in a.points)
    # columns are shared: each word sits at the same x in both diagrams
    assert [t.box.x for t in gold_row] == [t.box.x for t in sys_row]
    assert_legible(layout)


def test_tree_mode_rows_are_depths_and_cycles_still_draw():
    cyclic = sentence([("a", 2, "x"), ("b", 3, "y"), ("c", 1, "z"), ("d", 0, "root")])
    deps, problems = read_dependencies(cyclic)
    assert problems == []
    depth = tree_depths(deps, 4)
    assert depth[3] == 1 and depth[0] == depth[1] == depth[2] == 2   # cycle: one row below
    layout = layout_pair(PROJ, cyclic, mode="tree")
    gold = {t.word: t for t in layout.tokens if t.side == "gold"}
    assert gold[3].box.y < gold[2].box.y < gold[1].box.y == gold[0].box.y  # barked > dog > the, big
    assert len(layout.arcs_of("system")) == 4
    assert min(t.box.y for t in layout.tokens if t.side == "system") > \
        max(t.box.bottom for t in layout.tokens if t.side == "gold")


def test_bad_heads_are_reported_not_fatal():
    bad = sentence([("a", 2, "x"), ("b", 0, "root"), ("c", 9, "y")])
    bad.words[0].head = "_"
    layout = layout_pair(bad, None)
    assert set(layout.arcs_of("gold")) == {1}
    assert len(layout.problems) == 2 and "word 3 (c): HEAD '9'" in layout.problems[1]
    assert_legible(layout)


def test_only_one_side_or_none():
    assert len(layout_pair(None, PROJ).arcs) == 5
    empty = layout_pair(None, None)
    assert empty.arcs == () and [c.kind for c in empty.columns] == ["root"]
    with pytest.raises(ValueError):
        layout_pair(PROJ, PROJ, mode="sideways")


def test_cjk_words_get_wider_columns():
    assert approximate_measure("中文", "token")[0] == 2 * approximate_measure("ab", "token")[0]
    zh = sentence([("杜鵑花", 2, "nsubj"), ("開", 0, "root")])
    en = sentence([("abcdef", 2, "nsubj"), ("d", 0, "root")])
    zh_cols, en_cols = layout_pair(zh, zh).columns, layout_pair(en, en).columns
    assert zh_cols[1].width == en_cols[1].width == approximate_measure("abcdef")[0]


CONLLU = (
    "# sent_id = 1\n"
    "# text = vámonos al mar\n"
    "1-2\tvámonos\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "1\tvamos\tir\tVERB\t_\t_\t0\troot\t_\t_\n"
    "2\tnos\tnosotros\tPRON\t_\t_\t1\tobj\t_\t_\n"
    "3-4\tal\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "3\ta\ta\tADP\t_\t_\t5\tcase\t_\t_\n"
    "4\tel\tel\tDET\t_\t_\t5\tdet\t_\t_\n"
    "4.1\tvamos\tir\tVERB\t_\t_\t_\t_\t1:conj\t_\n"
    "5\tmar\tmar\tNOUN\t_\t_\t1\tobl\t_\t_\n"
    "\n")


def test_conllu_multiword_ranges_sit_over_their_words_and_empty_nodes_get_a_column():
    sent = formats.read_text(CONLLU, "conllu")[0].item
    assert sent.text() == "vámonos al mar"
    columns = build_columns(sent, sent)
    assert [c.row_id for c in columns] == ["", "1", "2", "3", "4", "4.1", "5"]
    assert columns[5].kind == "empty" and columns[5].gold_text == "vamos"
    for mode in ("mirrored", "stacked"):
        layout = layout_pair(sent, sent, mode=mode)
        assert len(layout.arcs) == 2 * 5        # words only: the empty node has no basic arc
        words = {c.row_id: c for c in layout.columns}
        row_top = min(t.box.y for t in layout.tokens if t.kind == "word")
        by_id = {r.row_id: r for r in layout.ranges if r.side in ("both", "gold")}
        assert set(by_id) == {"1-2", "3-4"}
        al = by_id["3-4"]
        assert al.text == "al" and words["3"].x <= al.x0 < al.x1 <= words["4"].x + words["4"].width
        assert al.y < row_top and al.text_box.bottom <= al.y
        # the arcs stay clear of the brackets: every gold leg ends above the range text
        assert all(a.points[-1][1] <= al.text_box.y for a in layout.arcs if a.side == "gold")
        assert [t.kind for t in layout.tokens if t.note == "4.1"][0] == "empty"


heads_strategy = st.integers(min_value=2, max_value=14).flatmap(
    lambda n: st.lists(st.integers(min_value=0, max_value=n), min_size=n, max_size=n))


@given(heads=heads_strategy, labels=st.lists(st.sampled_from(["nsubj", "x", "compound:prt", "ROOT"]),
                                             min_size=14, max_size=14),
       mode=st.sampled_from(["mirrored", "stacked", "tree"]))
@settings(max_examples=150, deadline=None)
def test_any_head_assignment_lays_out_legibly(heads, labels, mode):
    """Random heads (cycles, self loops, many roots, crossings): no crash, labels never
    overlap, nested arcs nest, no two legs of one side share an x."""
    sent = sentence([(f"w{i}", h, labels[i]) for i, h in enumerate(heads)])
    other = sentence([(f"w{i}", (h + 1) % (len(heads) + 1), labels[-1 - i]) for i, h in enumerate(heads)])
    layout = layout_pair(sent, other, mode=mode)
    assert len(layout.arcs) == 2 * len(heads)
    assert_legible(layout)


@pytest.mark.anchors
@pytest.mark.parametrize("folder", [("conllx",), ("conllx", "zh_gsd_malt")])
def test_every_anchor_sentence_lays_out_legibly(folder):
    gold = formats.read_file(anchor(*folder, "gold.conll"))
    system = formats.read_file(anchor(*folder, "system.conll"))
    for g, s in zip(gold, system):
        layout = layout_pair(g.item, s.item, mode="mirrored", metrics=Metrics())
        assert len(layout.arcs) == 2 * len(g.item.words)
        assert_legible(layout)


def test_show_pos_puts_the_tags_under_the_words():
    gold = sentence([("dogs", 2, "nsubj"), ("bark", 0, "root")])
    system = gold.copy()
    gold.words[0].cpostag, gold.words[1].cpostag = "NNS", "VBP"
    system.words[0].cpostag, system.words[1].cpostag = "NNS", "NN"
    plain = layout_pair(gold, system)
    assert [t.note for t in plain.tokens if t.kind == "word"] == ["1", "2"]
    mirrored = layout_pair(gold, system, show_pos=True)
    assert [t.note for t in mirrored.tokens if t.kind == "word"] == ["1 NNS", "2 VBP/NN"]
    stacked = layout_pair(gold, system, mode="stacked", show_pos=True)
    assert [(t.side, t.note) for t in stacked.tokens if t.kind == "word"] == [
        ("gold", "1 NNS"), ("gold", "2 VBP"), ("system", "1 NNS"), ("system", "2 NN")]
    # the column is wide enough for its longest note
    column = mirrored.columns[2]
    assert column.width >= approximate_measure("2 VBP/NN", "note")[0]


@pytest.mark.parametrize("mode", ["mirrored", "stacked"])
def test_an_arc_both_sides_have_is_drawn_alike_on_both(mode):
    """Shared plan: same (head, dependent) -> same level and same legs on both sides."""
    system = NONPROJ.copy()
    system.words[4].head = "4"            # 'on' attaches to 'scheduled' in the system
    system.words[7].deprel = "npadvmod"   # same head, other label for 'today'
    layout = layout_pair(NONPROJ, system, mode=mode)
    gold, sys_ = layout.arcs_of("gold"), layout.arcs_of("system")
    same = [w for w in gold if gold[w].head == sys_[w].head]
    assert len(same) == 7
    for w in same:
        assert gold[w].level == sys_[w].level
        assert [x for x, _ in gold[w].points] == [x for x, _ in sys_[w].points]
    assert gold[4].head != sys_[4].head and gold[4].crossing and not sys_[4].crossing
    if mode == "mirrored":   # mirror images about the token row
        row = [t for t in layout.tokens if t.kind == "word"]
        top, bottom = min(t.box.y for t in row), max(t.box.bottom for t in row)
        for w in same:
            assert top - gold[w].points[1][1] == pytest.approx(sys_[w].points[1][1] - bottom - 2)
    assert_legible(layout)


# -- two segmentations of the same characters (issue 12) ----------------------------------------

NEW_YORK_GOLD = [("I", 2, "nsubj"), ("live", 0, "root"), ("in", 5, "case"),
                 ("New", 5, "compound"), ("York", 2, "obl"), ("now", 2, "advmod")]
NEW_YORK_SYSTEM = [("I", 2, "nsubj"), ("live", 0, "root"), ("in", 4, "case"),
                   ("NewYork", 2, "obl"), ("now", 4, "advmod")]


@pytest.mark.issue(12)
@pytest.mark.parametrize("mode", ["mirrored", "stacked", "tree"])
def test_a_merged_word_spans_the_words_it_merges(mode):
    gold, system = sentence(NEW_YORK_GOLD), sentence(NEW_YORK_SYSTEM)
    layout = layout_pair(gold, system, mode=mode)
    words = {(t.side, t.text): t for t in layout.tokens if t.kind == "word"}
    assert {side for side, _ in words} == {"gold", "system"}       # a row per side
    new, york, merged = words["gold", "New"], words["gold", "York"], words["system", "NewYork"]
    assert merged.box.x == pytest.approx(new.box.x)
    assert merged.box.right == pytest.approx(york.box.right)
    # the words after it line up again: "now" is word 5 on gold, word 4 on the system side
    assert words["gold", "now"].box.x == pytest.approx(words["system", "now"].box.x)
    assert words["gold", "now"].word == 5 and words["system", "now"].word == 4
    # every arc joins the cells of its own side's words
    for arc in layout.arcs:
        cells = {t.word: t.box for t in layout.tokens if t.side == arc.side and t.kind != "empty"}
        root = next(t.box for t in layout.tokens if t.side == arc.side and t.kind == "root")
        for (x, _), end in ((arc.points[0], arc.head), (arc.points[-1], arc.dependent)):
            box = root if end == ROOT else cells[end]
            assert box.x <= x <= box.right, (arc, end)
    if mode != "tree":     # each side's row has its own token columns, no two cells overlap
        for side in ("gold", "system"):
            row = sorted((t.box for t in layout.tokens if t.side == side), key=lambda b: b.x)
            assert all(a.right <= b.x for a, b in zip(row, row[1:]))


def test_same_words_keep_one_shared_row():
    gold = sentence(NEW_YORK_GOLD)
    system = sentence([(f, 1 if h == 2 else h, r) for f, h, r in NEW_YORK_GOLD])
    layout = layout_pair(gold, system, mode="mirrored")
    assert {t.side for t in layout.tokens} == {"both"}


def test_different_characters_are_not_segmented_as_one_text():
    """"NewYork" against "New Jersey": not the same characters, so no piece alignment (the
    scorer refuses such a pair); the index layout draws it as before."""
    gold = sentence([("New", 2, "compound"), ("York", 0, "root")])
    system = sentence([("NewJersey", 0, "root")])
    layout = layout_pair(gold, system, mode="mirrored")
    assert {t.side for t in layout.tokens} == {"both"}
