"""Model basics: tree finalisation, copies, error locations."""

from tcompare.model.corpus import ParseError
from tcompare.model.tree import Label, Node, Token, Tree


def test_finalize_numbers_nodes_in_preorder_and_sets_spans_and_offsets():
    tree = Tree.build(Node(Label("S", "S"), [
        Node(Label("NP", "NP"), [Token("我們", "rN")]),
        Node(Label("VP", "VP"), [Token("看", "v"), Node(Label("NP", "NP"), [Token("書", "n")])]),
    ]))
    assert [(n.label.raw, n.id, n.span) for n in tree.nodes()] == [
        ("S", 0, (0, 3)), ("NP", 1, (0, 1)), ("VP", 2, (1, 3)), ("NP", 3, (2, 3))]
    assert [(t.char_start, t.char_end) for t in tree.tokens] == [(0, 2), (2, 3), (3, 4)]
    assert tree.char_span(tree.node(2)) == (2, 4)


def test_copy_is_deep_and_equal_in_shape():
    tree = Tree.build(Node(Label("S", "S"), [Node(Label("NP", "NP"), [Token("a", "DT")])]))
    twin = tree.copy()
    twin.tokens[0].pos = "NN"
    assert tree.tokens[0].pos == "DT"
    assert [n.label.raw for n in twin.nodes()] == ["S", "NP"]


def test_deep_tree_finalises_without_recursion():
    node = Node(Label("X", "X"), [Token("w", "N")])
    for _ in range(5000):
        node = Node(Label("X", "X"), [node])
    tree = Tree.build(node)
    assert len(tree.nodes()) == 5001 and tree.tokens[0].index == 0


def test_parse_error_locations():
    assert str(ParseError("unbalanced ')'", "a.mrg", 3, 57)) == "a.mrg:3:57: unbalanced ')'"
    assert str(ParseError("empty sentence", "a.mrg", 3)) == "a.mrg:3: empty sentence"
    assert str(ParseError("cannot open file: No such file", "a.mrg")) == "a.mrg: cannot open file: No such file"
