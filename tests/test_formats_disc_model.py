"""The model of a discontinuous tree (issue 33): positions, gaps, child order, finalize
after an edit; continuous trees unchanged."""

from tcompare.formats.ptb import parse_tree as ptb_tree
from tcompare.model.tree import Label, Node, Token, Tree, joined_trees


def _is_john_rich() -> tuple[Tree, Node]:
    # (S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?)) built with leaves out of order
    vp = Node(Label("VP", category="VP"), [Token("rich", "JJ", 2), Node(Label("VB"), [Token("is", "VB", 0)])])
    root = Node(Label("S", category="S"), [Token("?", "?", 3), vp, Token("John", "NP", 1)])
    return Tree.build_discontinuous(root), vp


def test_positions_gaps_and_sentence_order():
    tree, vp = _is_john_rich()
    assert tree.words == ["is", "John", "rich", "?"]
    assert [t.index for t in tree.tokens] == [0, 1, 2, 3]
    assert vp.positions == (0, 2) and vp.is_discontinuous
    assert (vp.start, vp.end) == (0, 3)
    assert tree.root is not None and tree.root.positions == (0, 1, 2, 3)
    assert not tree.root.is_discontinuous
    assert tree.is_discontinuous()
    # children ordered by their first position, ids in preorder over that order
    assert [c.index if isinstance(c, Token) else c.label.raw for c in tree.root.children] == ["VP", 1, 3]
    assert [n.label.raw for n in tree.nodes()] == ["S", "VP", "VB"]
    assert [n.id for n in tree.nodes()] == [0, 1, 2]
    assert [t.char_start for t in tree.tokens] == [0, 2, 6, 10]


def test_finalize_after_an_edit_keeps_order_and_closes_holes():
    tree, vp = _is_john_rich()
    assert tree.root is not None
    tree.root.children = [c for c in tree.root.children if not (isinstance(c, Token) and c.form == "John")]
    tree.finalize()
    assert tree.words == ["is", "rich", "?"]
    assert vp.positions == (0, 1) and not vp.is_discontinuous
    assert not tree.is_discontinuous()


def test_copy_and_join_stay_discontinuous():
    tree, _ = _is_john_rich()
    copy = tree.copy()
    assert copy.positional and copy.words == tree.words
    assert [n.positions for n in copy.nodes()] == [n.positions for n in tree.nodes()]
    joined = joined_trees([tree, copy])
    assert joined.words == tree.words * 2
    assert [n.positions for n in joined.nodes() if n.label.raw == "VP"] == [(0, 2), (4, 6)]


def test_continuous_trees_behave_as_before():
    tree = ptb_tree("(S (NP (DT the) (NN cat)) (VP (VBZ sleeps)))")
    assert not tree.positional and not tree.is_discontinuous()
    assert [(n.label.raw, n.start, n.end, n.positions) for n in tree.nodes()] == [
        ("S", 0, 3, (0, 1, 2)), ("NP", 0, 2, (0, 1)), ("VP", 2, 3, (2,))]
    # build() still takes the leaves' order as the sentence order, whatever index they had
    root = Node(Label("X"), [Token("b", "B", 5), Token("a", "A", 0)])
    assert Tree.build(root).words == ["b", "a"]
