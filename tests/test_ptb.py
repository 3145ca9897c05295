"""PTB reader/writer: label parts, failed parses, errors with positions, byte round trips."""

from pathlib import Path

import pytest

from conftest import ANCHORS, RESOURCES, anchor
from tcompare import formats
from tcompare.formats import ptb


def read(text: str):
    return formats.read_text(text, "ptb", "t.mrg")


def test_label_parts():
    label = ptb.split_label("NP-SBJ-1")
    assert (label.category, label.function, label.index) == ("NP", "SBJ", "1")
    assert (ptb.split_label("NP=2").category, ptb.split_label("NP=2").index) == ("NP", "=2")
    assert ptb.split_label("PP-LOC-CLR").function == "LOC-CLR"
    for whole in ("-NONE-", "-LRB-", "-RRB-", "-LCB-", "-RCB-"):
        assert ptb.split_label(whole).category == whole
    assert ptb.split_label("").category == ""


def test_tree_shape_and_pos_never_split():
    tree = read("(TOP (S (NP-SBJ-1 (DT The) (NN cat)) (VP (VBD sat) (NP (-NONE- *-1))) (. .)))\n")[0].item
    assert tree.words == ["The", "cat", "sat", "*-1", "."]
    assert tree.tags == ["DT", "NN", "VBD", "-NONE-", "."]
    assert [(n.label.raw, n.start, n.end) for n in tree.nodes()] == [
        ("TOP", 0, 5), ("S", 0, 5), ("NP-SBJ-1", 0, 2), ("VP", 2, 4), ("NP", 3, 4)]
    assert tree.nodes()[2].label.category == "NP"
    assert [n.id for n in tree.nodes()] == [0, 1, 2, 3, 4]


def test_empty_root_label_is_a_node():
    tree = read("( (S (NP (DT a)) (VP (VB b))))\n")[0].item
    assert tree.root.label.raw == "" and tree.nodes()[1].label.raw == "S"


def test_failed_parses():
    corpus = read("(TOP ())\n\n(S (NN a))\n")
    assert len(corpus) == 3
    assert corpus[0].error is None and corpus[0].item.tokens == []
    assert corpus[1].error is None and corpus[1].item.root is None
    assert corpus[2].item.words == ["a"]


def test_bare_preterminals_line():
    tree = read("(P this) (Q is) (R a) (T test)\n")[0].item
    assert tree.words == ["this", "is", "a", "test"] and tree.meta["synthetic_root"]
    assert ptb.format_tree(tree) == "(P this) (Q is) (R a) (T test)"


@pytest.mark.parametrize("text, message, line, column, hinted", [
    ("(S (NP (NN a)) (VP (VB b))))\n", "unbalanced ')'", 1, 28, False),
    ("(S (NP (NN a)\n", "never closed", 1, 4, False),
    ("(S (-LRB- () (NN x))\n", "empty brackets", 1, 11, True),
    ("(S (NN x y))\n", "more than one word", 1, 10, True),
    ("(S (NP (NN a)) b)\n", "not inside a (POS word)", 1, 16, True),
    ("(S (NN a)) (S (NN b))\n", "second tree", 1, 12, True),
])
def test_errors_name_line_and_column(text, message, line, column, hinted):
    record = read("(S (NN ok))\n" + text)[1]
    assert record.item is None
    err = record.error
    assert message in err.message
    assert (err.line, err.column) == (line + 1, column)
    assert f"column {column}" in err.message
    assert bool(err.hint) == hinted
    assert err.path == "t.mrg"


def test_multiline_mrg_trees_and_separators():
    text = "\n( (S\n    (NP (DT a))\n    (VP (VB b))))\n\n( (S (NN c)))\n"
    corpus = read(text)
    assert len(corpus) == 2
    assert corpus[0].line == 2 and corpus[1].line == 6
    assert corpus[0].item.words == ["a", "b"]
    assert formats.format_corpus(corpus) == text


def test_multiline_error_line_numbers():
    corpus = read("( (S\n  (NP (DT a))\n  (VP (VB b) c)))\n")
    assert corpus[0].error.line == 3 and corpus[0].error.column == 14


def test_edited_tree_is_rewritten():
    corpus = read("(TOP  (S (NN a)))\n")
    tree = corpus[0].item
    tree.tokens[0].pos = "DT"
    corpus[0].replace_item(tree)
    assert formats.format_corpus(corpus) == "(TOP (S (DT a)))\n"


def test_sniff():
    assert formats.sniff("(TOP (S (NN a)))\n") == "ptb"
    assert ptb.sniff("[dj 我/rN]") == 0.0


def test_demo_pair_reads():
    for name in ("gold.mrg", "system.mrg"):
        corpus = formats.read_file(RESOURCES / "demo" / "ptb" / name)
        assert corpus.notation == "ptb" and len(corpus) == 8 and not corpus.errors()


def _anchor_files():
    root = ANCHORS / "evalb"
    if not root.exists():
        return []
    ends = (".gld", ".tst", ".mrg", ".gold", "sys_berkeley", "sys_berkeley_top")
    return sorted(p for p in root.rglob("*") if p.name.endswith(ends))


@pytest.mark.parametrize("path", _anchor_files(), ids=lambda p: str(p.relative_to(ANCHORS)))
def test_anchor_round_trip_and_no_errors(path: Path):
    corpus = formats.read_file(path, "ptb")
    assert formats.corpus_bytes(corpus) == path.read_bytes()
    assert not corpus.errors()
    assert len(corpus) == path.read_bytes().count(b"\n") + (not path.read_bytes().endswith(b"\n"))


def test_sample_counts():
    corpus = formats.read_file(anchor("evalb", "sample.gld"))
    assert len(corpus) == 24
    assert all(len(r.item) == 4 for r in list(corpus)[:21])


def test_very_deep_tree_reads_and_writes_without_recursion():
    text = "(X " * 3000 + "(NN a)" + ")" * 3000
    tree = ptb.parse_tree(text)
    assert len(tree.nodes()) == 3000 and tree.words == ["a"]
    assert ptb.format_tree(tree) == text


PRETTY = """( (S 
    (NP-SBJ 
      (NP (NNP Pierre) (NNP Vinken) )
      (, ,) 
      (ADJP 
        (NP (CD 61) (NNS years) )
        (JJ old) )
      (, ,) )
    (VP (MD will) 
      (VP (VB join) 
        (NP (DT the) (NN board) )))
    (. .) ))

( (S 
    (NP-SBJ (NNP Mr.) (NNP Vinken) )
    (VP (VBZ is) 
      (NP-PRD (NN chairman) ))
    (. .) ))

"""


@pytest.mark.issue(18)
def test_an_edited_pretty_printed_tree_keeps_its_layout_and_the_blank_line_after_it():
    from dataclasses import replace

    corpus = formats.read_text(PRETTY, "ptb")
    tree = corpus[0].item
    node = next(n for n in tree.nodes() if n.label.raw == "ADJP")
    node.label = replace(node.label, raw="UCP", category="UCP")
    corpus[0].replace_item(tree)
    out = formats.format_corpus(corpus)
    first, second = out.split("\n\n", 1)
    assert first.splitlines() == [
        "( (S",
        "    (NP-SBJ",
        "      (NP (NNP Pierre) (NNP Vinken))",
        "      (, ,)",
        "      (UCP",
        "        (NP (CD 61) (NNS years))",
        "        (JJ old))",
        "      (, ,))",
        "    (VP (MD will)",
        "      (VP (VB join)",
        "        (NP (DT the) (NN board))))",
        "    (. .)))"]
    assert second == PRETTY.split("\n\n", 1)[1]          # the untouched tree, byte for byte
    again = formats.read_text(out, "ptb")
    assert len(again) == 2 and formats.get("ptb").format_item(again[0].item) == \
        formats.get("ptb").format_item(tree)             # it reads back as the edited tree


def test_an_edited_one_line_tree_stays_on_one_line():
    corpus = formats.read_text("(S (NP (DT a)) (VP (VB b)))\n(S (X y))\n", "ptb")
    corpus[0].replace_item(corpus[0].item)
    assert formats.format_corpus(corpus) == "(S (NP (DT a)) (VP (VB b)))\n(S (X y))\n"
