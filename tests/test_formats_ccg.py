"""CCGbank AUTO (spec/notations.md §6): every file in anchors/ccg reads with no error and
writes back byte-identical; headers are parsed as units."""

from pathlib import Path

import pytest
from conftest import anchor

from tcompare import formats
from tcompare.formats import ccg

CCG_FILES = [
    ("ccgbank_gold_sample", "wsj_0003.auto", 30),
    ("ccgbank_gold_sample", "cnccgbank_toy_test1.ccg", 4),
    ("geometry", "geo-dev.auto", 62),
    ("geometry", "geo-dev.depccg_default.auto", 62),
    ("switchboard", "test100.auto", 100),
    ("switchboard", "test100.depccg.auto", 100),
]

# our own two-word derivation, in CCGbank's spacing (a space after the tree line)
SMALL = ("ID=demo.1 PARSER=GOLD NUMPARSE=1\n"
         "(<T S[dcl] 1 2> (<L NP NNP NNP John NP>) (<T S[dcl]\\NP 0 1> "
         "(<L S[dcl]\\NP VBZ VBZ sleeps S[dcl]\\NP_1>) ) ) \n")


@pytest.mark.anchors
@pytest.mark.parametrize("folder, name, count", CCG_FILES)
def test_anchor_reads_without_errors_and_round_trips(folder, name, count):
    path = anchor("ccg", folder, name)
    corpus = formats.read_file(path)
    assert corpus.notation == "ccgauto"
    assert len(corpus) == count
    assert corpus.errors() == []
    assert formats.corpus_bytes(corpus) == Path(path).read_bytes()
    # the canonical writer gives each derivation back too (it is CCGbank's own spacing)
    for record in corpus:
        assert ccg.format_item(record.item, corpus.newline) == record.source


@pytest.mark.anchors
def test_wsj_0003_first_derivation_fields():
    corpus = formats.read_file(anchor("ccg", "ccgbank_gold_sample", "wsj_0003.auto"))
    tree = corpus[0].item
    assert tree.meta["header"] == "ID=wsj_0003.1 PARSER=GOLD NUMPARSE=1"
    assert tree.words[:4] == ["A", "form", "of", "asbestos"]
    first = tree.tokens[0]
    assert (first.ccg, first.pos, first.extra["orig_pos"], first.extra["predarg"]) == \
           ("NP[nb]/N", "DT", "DT", "NP[nb]_166/N_166")
    assert tree.tokens[1].extra is None     # (<L N NN NN form N>): nothing beyond pos/ccg
    of = tree.tokens[2]
    assert of.ccg == "(NP\\NP)/NP" and of.extra["predarg"] == "(NP_174\\NP_174)/NP_175"
    root = tree.root
    assert root.label.ccg == root.label.category == "S[dcl]" and root.label.heads == (0,)
    assert tree.node(1).label.heads == (1,)


@pytest.mark.anchors
def test_depccg_failed_parse_is_a_single_leaf_under_a_synthetic_root():
    corpus = formats.read_file(anchor("ccg", "switchboard", "test100.depccg.auto"))
    failed = [r.item for r in corpus if r.item.meta.get("leaf_root")]
    assert failed, "test100.depccg.auto holds (<L NP XX XX FAILED NP>) derivations"
    tree = failed[0]
    assert tree.words == ["FAILED"] and tree.root.extra["synthetic"]
    assert ccg.format_derivation(tree) == "(<L NP XX XX FAILED NP>)"


def test_small_derivation_parts_and_canonical_form():
    corpus = formats.read_text(SMALL)
    assert corpus.notation == "ccgauto" and corpus.errors() == []
    tree = corpus[0].item
    assert tree.words == ["John", "sleeps"]
    assert [n.label.raw for n in tree.nodes()] == ["S[dcl]", "S[dcl]\\NP"]
    assert tree.root.label.heads == (1,)
    assert ccg.format_item(tree) == SMALL


def test_categories_with_parentheses_are_units():
    text = ("ID=1\n(<T (S\\NP)/(S\\NP) 0 1> (<L (S\\NP)/(S\\NP) RB RB once "
            "(S_235\\NP_230)_235/(S_235\\NP_230)_235>) )\n")
    tree = formats.read_text(text, "ccgauto")[0].item
    assert tree.root.label.ccg == "(S\\NP)/(S\\NP)"
    assert tree.tokens[0].extra["predarg"] == "(S_235\\NP_230)_235/(S_235\\NP_230)_235"


def test_edit_rewrites_header_and_derivation():
    corpus = formats.read_text(SMALL + SMALL.replace("demo.1", "demo.2"))
    tree = corpus[1].item.copy()
    tree.tokens[1].form = "snores"
    corpus[1].replace_item(tree)
    assert formats.format_corpus(corpus) == SMALL + SMALL.replace("demo.1", "demo.2").replace(
        "sleeps", "snores")


@pytest.mark.parametrize("tree_line, message, column", [
    ("(<T S 0 2> (<L NP NNP NNP John NP>) )", "declares 2 daughters but has 1", 1),
    ("(<T S 0 1> (<L NP NNP John NP>) )", "leaf has 4 fields", 12),
    ("(<T S 0 1> (<L NP NNP NNP John NP>)", "never closed", 1),
    ("(<T S 0 1> (<L NP NNP NNP John NP>) ) )", "unbalanced ')'", 39),
    ("(<T S 0 1> John )", "unexpected text 'John'", 12),
    ("(<T S 0 1> (<L NP NNP NNP John NP", "not closed by '>)'", 12),
])
def test_errors_name_line_and_column(tree_line, message, column):
    text = SMALL + "ID=bad\n" + tree_line + "\n" + SMALL
    corpus = formats.read_text(text, "ccgauto", path="d.auto")
    assert [r.ok for r in corpus] == [True, False, True]
    error = corpus[1].error
    assert message in error.message
    assert (error.path, error.line, error.column) == ("d.auto", 4, column)
    assert formats.format_corpus(corpus) == text


def test_header_without_tree_is_an_empty_parse_and_trees_without_headers_read():
    text = "ID=1\n\nID=2\n(<L N NN NN x N>)\n(<L N NN NN y N>)\n"
    corpus = formats.read_text(text, "ccgauto")
    assert len(corpus) == 3 and corpus.errors() == []
    assert corpus[0].item.root is None
    assert corpus[2].item.words == ["y"] and "header" not in corpus[2].item.meta
    assert formats.format_corpus(corpus) == text
