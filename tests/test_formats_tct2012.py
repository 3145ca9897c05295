"""ParsEval-2012 round brackets, PSG and CCG (spec/notations.md §3): seed 001's examples."""

import pytest

from tcompare import formats
from tcompare.formats import tct2012

# seed 001, Task 1 output, as printed (the PDF glued "(wE。)")
PSG = ("(zj (dj (np (b 小型) (np (n 木材) (n 加工场) ) ) (vp (d 在) (vp-LW (ap (a 忙) (uA 着) ) "
       "(vp (v 制作) (np (mp (m 各) (qN 种) ) (n 木制品) ) ) ) ) ) (wE。) )")
# seed 001, Task 2 output: the same sentence as a CCG derivation
CCG = ("(S{decl} (S (NP (NP/NP 小型) (NP (NP/NP 木材) (NP 加工场) ) ) (S\\NP ([S\\NP]/[S\\NP] "
       "在 ) (S{Cmb=LW}\\NP (S\\NP (S\\NP 忙 ) ([S\\NP]\\[S\\NP] 着) ) (S\\NP ([S\\NP]/NP 制作) "
       "(NP (NP/NP ([NP/NP]/M 各) (M 种) ) (NP 木制品) ) ) ) ) )  (wE。) )")
WORDS = ["小型", "木材", "加工场", "在", "忙", "着", "制作", "各", "种", "木制品", "。"]


def read_one(text: str):
    corpus = formats.read_text(text + "\n", "tct2012")
    assert corpus.errors() == []
    return corpus[0].item


def test_psg_example_words_tags_and_labels():
    tree = read_one(PSG)
    assert tree.words == WORDS
    assert tree.tags == ["b", "n", "n", "d", "a", "uA", "v", "m", "qN", "n", "wE"]
    vp_lw = next(n for n in tree.nodes() if n.label.raw == "vp-LW")
    assert (vp_lw.label.category, vp_lw.label.function, vp_lw.span) == ("vp", "LW", (4, 10))
    assert tree.root.label.category == "zj" and tree.root.label.function == ""
    assert len(tree.nodes()) == 10
    assert all(not n.label.ccg for n in tree.nodes())


def test_ccg_example_categories_kept_whole():
    tree = read_one(CCG)
    assert tree.words == WORDS
    cats = [n.label.category for n in tree.nodes()]
    assert cats[:5] == ["S{decl}", "S", "NP", "NP", "S\\NP"]
    assert "S{Cmb=LW}\\NP" in cats
    assert all(n.label.ccg == n.label.category == n.label.raw for n in tree.nodes())
    assert tree.tokens[3].ccg == "[S\\NP]/[S\\NP]" and tree.tokens[3].pos == "[S\\NP]/[S\\NP]"
    assert tree.tokens[7].ccg == "[NP/NP]/M"
    # the punctuation keeps its TCT POS and has no category
    assert (tree.tokens[-1].pos, tree.tokens[-1].ccg) == ("wE", "")


def test_psg_and_ccg_trees_have_the_same_spans_for_the_shared_sentence():
    psg, ccg = read_one(PSG), read_one(CCG)
    assert [t.char_start for t in psg.tokens] == [t.char_start for t in ccg.tokens]


def test_glued_tag_accepted_only_for_known_pos():
    assert read_one("(zj (dj (n 我) ) (wE。) )").tokens[-1].form == "。"
    corpus = formats.read_text("(zj (dj (n 我) ) (XY。) )\n", "tct2012", path="p.psg")
    error = corpus[0].error
    assert "(XY。) has no word" in error.message and error.column == 17
    assert "space" in error.hint


def test_round_trip_and_canonical_writing():
    text = PSG + "  \r\n\r\n" + CCG + " \r\n"
    corpus = formats.read_text(text, "tct2012")
    assert formats.format_corpus(corpus) == text
    assert tct2012.format_tree(corpus[0].item) == PSG.replace("(wE。)", "(wE 。)")
    again = formats.read_text(tct2012.format_item(corpus[1].item), "tct2012")[0].item
    assert [n.label.raw for n in again.nodes()] == [n.label.raw for n in corpus[1].item.nodes()]
    assert again.words == WORDS


def test_empty_parse_and_empty_root_label():
    corpus = formats.read_text("()\n( (zj (n 我) ) )\n", "tct2012")
    assert corpus[0].item.root is None
    tree = corpus[1].item
    assert tree.root.label.raw == "" and tree.root.children[0].label.raw == "zj"


@pytest.mark.parametrize("line, message, column", [
    ("(zj (dj (n 我) )", "unbalanced '('", 1),
    ("(zj (n 我) ) )", "unbalanced ')'", 13),
    ("(zj (n 木材 加工场) )", "two words in one preterminal", 11),
    ("(zj 我 (n 你) )", "mixed with phrases", 5),
    ("(zj (dj (n 我) ) ) (zj (n 你) )", "second tree", 19),
    ("(n 我)", "single word", 1),
    ("(zj ( 我) )", "has no tag", 7),
    ("() (zj (n 我) )", "after the empty parse", 4),
])
def test_errors_have_line_and_column(line, message, column):
    text = PSG + "\n" + line + "\n" + CCG + "\n"
    corpus = formats.read_text(text, "tct2012")
    assert [r.ok for r in corpus] == [True, False, True]
    error = corpus[1].error
    assert message in error.message
    assert (error.line, error.column) == (2, column)


def test_sniffed_before_ptb():
    assert formats.sniff(PSG + "\n") == "tct2012"
    assert formats.sniff(CCG + "\n") == "tct2012"
