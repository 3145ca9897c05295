"""The demo pairs of resources/demo/{tct,tct2012,pku,ccg}: they read cleanly, round-trip,
pair up word for word, and show the errors their READMEs promise."""

import pytest

from conftest import RESOURCES
from tcompare import formats

PAIRS = [
    ("tct", "gold.tct", "system.tct", "tct"),
    ("pku", "gold.pku", "system.pku", "pku"),
    ("tct2012", "gold.psg", "system.psg", "tct2012"),
    ("tct2012", "gold_ccg.psg", "system_ccg.psg", "tct2012"),
    ("ccg", "gold.auto", "system.auto", "ccgauto"),
]


@pytest.mark.parametrize("folder, gold, system, notation", PAIRS)
def test_demo_pair_reads_and_round_trips(folder, gold, system, notation):
    corpora = []
    for name in (gold, system):
        path = RESOURCES / "demo" / folder / name
        corpus = formats.read_file(path)
        assert corpus.notation == notation            # sniffed, not told
        assert corpus.errors() == []
        assert formats.corpus_bytes(corpus) == path.read_bytes()
        corpora.append(corpus)
    gold_corpus, system_corpus = corpora
    assert len(gold_corpus) == len(system_corpus) >= 2
    for g, s in zip(gold_corpus, system_corpus):
        assert g.item.words == s.item.words
    # deliberate errors: at least one sentence differs, at least one is identical in brackets
    def shape(tree):
        return [(n.label.raw, n.span, n.label.heads) for n in tree.nodes()], tree.tags
    same = [shape(g.item) == shape(s.item) for g, s in zip(gold_corpus, system_corpus)]
    assert not all(same)


def test_pku_demo_heads_equal_the_tct_demo_heads():
    for name in ("gold", "system"):
        tct = formats.read_file(RESOURCES / "demo" / "tct" / f"{name}.tct")
        pku = formats.read_file(RESOURCES / "demo" / "pku" / f"{name}.pku")
        for a, b in list(zip(tct, pku))[1:]:     # sentence 1 of PKU has extra unary phrases
            assert [(n.label.category, n.span, n.label.heads) for n in a.item.nodes()] == \
                   [(n.label.category, n.span, n.label.heads) for n in b.item.nodes()]


def test_psg_demo_gold_touches_every_constituent_class():
    parseval2012 = pytest.importorskip("tcompare.scoring.zh.parseval2012")
    corpus = formats.read_file(RESOURCES / "demo" / "tct2012" / "gold.psg")
    classes = set()
    for record in corpus:
        tree = record.item
        for node in tree.nodes():
            classes.add(parseval2012.classify_psg(node.label.category, node.label.function,
                                                  is_root=node is tree.root))
    assert classes == {1, 2, 3, 4, 5, 6}
