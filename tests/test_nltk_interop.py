"""to_nltk / from_nltk (nltk is optional: skipped without it)."""

import pytest

from tcompare import formats
from tcompare.formats import tct
from tcompare.formats.nltk_interop import from_nltk, to_nltk

nltk = pytest.importorskip("nltk")

TCT = "[zj-XX [dj-ZW 我/rN [vp-PO 看/v 书/n ] ] 。/wE ]\n"


def test_to_nltk_makes_preterminals_from_pos():
    tree = formats.read_text(TCT, "tct")[0].item
    t = to_nltk(tree)
    assert isinstance(t, nltk.Tree)
    assert t.label() == "zj-XX"
    assert t.leaves() == ["我", "看", "书", "。"]
    assert t.pos() == [("我", "rN"), ("看", "v"), ("书", "n"), ("。", "wE")]
    assert str(t) == "(zj-XX (dj-ZW (rN 我) (vp-PO (v 看) (n 书))) (wE 。))"


def test_round_trip_keeps_labels_parts_words_and_spans():
    tree = formats.read_text(TCT, "tct")[0].item
    back = from_nltk(to_nltk(tree), tct.split_label)
    assert tct.format_item(back) == TCT
    assert [(n.label, n.span) for n in back.nodes()] == [(n.label, n.span) for n in tree.nodes()]


def test_from_nltk_reads_an_nltk_bracket_string():
    t = nltk.Tree.fromstring("(S (NP (DT the) (NN cat)) (VP (VBZ sleeps) now))")
    tree = from_nltk(t)
    assert tree.words == ["the", "cat", "sleeps", "now"]
    assert tree.tags == ["DT", "NN", "VBZ", ""]        # a bare word has no POS
    assert [n.label.category for n in tree.nodes()] == ["S", "NP", "VP"]
    assert tree.node(2).span == (2, 4)


def test_empty_and_single_word_trees():
    assert from_nltk(nltk.Tree("", [])).root is None
    assert to_nltk(formats.read_text("[]\n", "tct")[0].item) == nltk.Tree("", [])
    lone = from_nltk(nltk.Tree("NN", ["dog"]))
    assert lone.words == ["dog"] and lone.tags == ["NN"] and lone.root.label.raw == ""
    with pytest.raises(TypeError):
        from_nltk("dog")
