"""PKU-CTB brackets with ! head marks (spec/notations.md §4): seed 000 example (3)."""

import pytest

from tcompare import formats
from tcompare.formats import pku, tct

# seed 000, example (3): brackets, labels and ! marks as printed (the PDF lost the Chinese
# words and dropped some spaces, e.g. "!np(" and "!n( ? )"; the words here are ours)
SEED = ("( zj ( !fj ( !fj ( !dj ( np ( vp ( !v ( 时尚 ) ) !np( !n ( 服装 ) ) ) !vp ( !vp ( !v ( 穿 ) ) "
        "np ( !n( 鞋 ) ) ) ) wco ( ， ) dj ( np ( ap ( !b ( 大型 ) ) !np ( !n ( 商场 ) ) ) !vp ( dp "
        "( !d( 都 ) ) !vp ( !vp ( !vp ( !v ( 卖 ) ) v ( 完 ) ) np ( qp ( mp ( !rm ( 这 ) ) !q ( 种 ) ) "
        "!np ( np( !n ( 运动鞋 ) ) !np ( !n ( 样品 ) ) ) ) ) ) ) ) wco ( ， ) vp ( c ( 而且 ) !vp "
        "( !v ( 有 ) np( ap ( !b ( 新型 ) ) !np ( !n ( 款式 ) ) ) ) ) ) wfs ( 。 ) ) )")

# one sentence in both notations: TCT-2010 head positions and PKU ! marks
TCT_HEADS = "[dj-1 [np-0 我们/rNP ] [vp-0 看到/v [np-1 大/a 树/n ] ] ]"
PKU_HEADS = "( dj ( np ( !rNP ( 我们 ) ) !vp ( !v ( 看到 ) np ( a ( 大 ) !n ( 树 ) ) ) ) )"


def read_one(text: str):
    corpus = formats.read_text(text + "\n", "pku")
    assert corpus.errors() == []
    return corpus[0].item


def test_seed_example_reads():
    tree = read_one(SEED)
    assert tree.words[:4] == ["时尚", "服装", "穿", "鞋"]
    assert tree.words[-1] == "。" and tree.tags[-1] == "wfs"
    assert len(tree) == 20
    root = tree.root
    assert root.label.raw == "zj" and root.label.heads == (0,)
    assert not root.label.is_head
    fj = root.children[0]
    assert fj.label.is_head and fj.label.category == "fj"


def test_marks_become_flags_and_parent_positions():
    tree = read_one(PKU_HEADS)
    dj, np_subj, vp = tree.root, tree.node(1), tree.node(2)
    assert dj.label.heads == (1,) and vp.label.is_head and not np_subj.label.is_head
    assert np_subj.label.heads == (0,) and tree.tokens[0].is_head
    assert [t.is_head for t in tree.tokens] == [True, True, False, True]
    assert "!" not in "".join(n.label.raw for n in tree.nodes())


def test_head_positions_equal_tct_positions_for_the_same_tree():
    from_pku = read_one(PKU_HEADS)
    from_tct = formats.read_text(TCT_HEADS + "\n", "tct")[0].item
    assert [(n.label.category, n.span, n.label.heads) for n in from_pku.nodes()] == \
           [(n.label.category, n.span, n.label.heads) for n in from_tct.nodes()]


def test_pku_tree_written_as_tct_and_back():
    from_pku = read_one(PKU_HEADS)
    assert tct.format_tree(from_pku) == TCT_HEADS
    from_tct = formats.read_text(TCT_HEADS + "\n", "tct")[0].item
    assert pku.format_tree(from_tct) == PKU_HEADS


def test_canonical_spacing_round_trip():
    tree = read_one(SEED)
    written = pku.format_tree(tree)
    assert written == SEED.replace("!np(", "!np (").replace("!n(", "!n (").replace(
        "!d(", "!d (").replace("np(", "np (")
    again = read_one(written)
    assert [(n.label.raw, n.span, n.label.heads, n.label.is_head) for n in again.nodes()] == \
           [(n.label.raw, n.span, n.label.heads, n.label.is_head) for n in tree.nodes()]


def test_round_trip_bytes_unwrapped_and_exclamation_word():
    text = SEED + "\r\n\r\nzj ( !dj ( !v ( 好 ) ) wft ( ! ) )\r\n"
    corpus = formats.read_text(text, "pku")
    assert corpus.errors() == []
    assert formats.format_corpus(corpus) == text
    tree = corpus[1].item
    assert tree.words == ["好", "!"] and tree.tags == ["v", "wft"]
    assert pku.format_tree(tree) == "zj ( !dj ( !v ( 好 ) ) wft ( ! ) )"


def test_separate_mark():
    tree = read_one("( dj ( ! np ( !n ( 我 ) ) ) )")
    assert tree.root.label.heads == (0,)


@pytest.mark.parametrize("line, message, column", [
    ("( dj ( np ( !n ( 我 ) ) )", "unbalanced '('", 1),
    ("( dj ( !n ( 我 ) ) ) )", "unbalanced ')'", 21),
    ("( dj ( !n ( 我 你 ) ) )", "follows another word", 15),
    ("( dj ( ( 我 ) ) )", "without a label", 8),
    ("( dj ( !n ( ) ) )", "is empty", 8),
    ("( 我 )", "has no POS tag", 3),
    ("( dj ( !n ( 我 ) ) ) ( dj ( !n ( 你 ) ) )", "second tree", 21),
])
def test_errors_with_line_and_column(line, message, column):
    text = PKU_HEADS + "\n" + line + "\n" + PKU_HEADS + "\n"
    corpus = formats.read_text(text, "pku", path="c.pku")
    assert [r.ok for r in corpus] == [True, False, True]
    error = corpus[1].error
    assert message in error.message
    assert (error.path, error.line, error.column) == ("c.pku", 2, column)


def test_sniffed():
    assert formats.sniff(SEED + "\n") == "pku"
    assert formats.sniff(PKU_HEADS + "\n") == "pku"


def test_sinica_text_is_not_taken_for_pku():
    sinica = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告))\n" * 3
    assert pku.sniff(sinica) < 0.1
