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


def test_joined_trees_number_nodes_after_a_new_root_and_leave_the_originals():
    from tcompare import formats
    from tcompare.model.tree import joined_trees

    a, b = (formats.read_text(t, "ptb")[0].item for t in
            ("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", "(S (NP (PRP it)) (VP (VBD ran)))\n"))
    ids_before = [n.id for n in b.nodes()]
    both = joined_trees([a, b])
    assert [t.form for t in both.tokens] == ["the", "cat", "sat", "it", "ran"]
    assert both.node(0).label.raw == "GROUP"
    # tree k's node i is 1 + (nodes of the trees before k) + i
    assert both.node(1 + len(a.nodes()) + 1).label.raw == "NP"
    assert both.node(1 + len(a.nodes()) + 1).span == (3, 4)
    assert [n.id for n in b.nodes()] == ids_before and b.tokens[0].index == 0


def test_joined_sentences_keep_each_arc_in_its_sentence():
    from tcompare import formats
    from tcompare.model.deps import joined_sentences

    text = ("1\tShe\t_\t_\t_\t_\t2\tnsubj\t_\t_\n2\truns\t_\t_\t_\t_\t0\troot\t_\t_\n\n"
            "1-2\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n1\tdo\t_\t_\t_\t_\t3\taux\t_\t_\n"
            "2\tn't\t_\t_\t_\t_\t3\tadvmod\t_\t_\n3\tstop\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    first, second = (r.item for r in formats.read_text(text, "conllu"))
    both = joined_sentences([first, second])
    assert [(w.id, w.form, w.head) for w in both.words] == [
        ("1", "She", "2"), ("2", "runs", "0"), ("3", "do", "5"), ("4", "n't", "5"),
        ("5", "stop", "0")]
    assert [r.id for r in both.rows if r.kind == "multiword"] == ["3-4"]
    assert second.words[0].id == "1"
