"""Hypothesis properties of the readers and writers.

1. Random text never crashes ANY registered reader (every notation in
   `formats.loaded_notations()`, so readers added later are covered too): every sentence
   is either an item or a ParseError with a line, and writing the unedited corpus gives
   the text back byte for byte.
2. Random trees round-trip through each writer/reader pair of tct, tct2012 (PSG and CCG),
   pku and ccgauto: read(write(t)) has the same labels and their parts, spans, words and
   tags, and writing it again gives the same text.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcompare import formats
from tcompare.formats import ccg, pku, tct, tct2012
from tcompare.model.tree import Label, Node, Token, Tree

NOTATIONS = [n.name for n in formats.loaded_notations()]

# characters that matter to some reader, mixed with anything at all
SYNTAX = list("()[]<>{}!/\\|:#=-_.,@ \t\n\r\n\n") + ["(<T ", "(<L ", ">)", "ID=", "\r\n",
                                                    "#1:1.[0] ", "S(", "Head:", "\t_\t", "1\t"]
WORDS = ["我", "书", "。", "np", "dj-ZW", "vp-1", "NP", "S[dcl]", "S{decl}", "x/n", "0", "1"]
random_text = st.lists(st.one_of(st.sampled_from(SYNTAX), st.sampled_from(WORDS),
                                 st.text(max_size=3)), max_size=40).map("".join)


@pytest.mark.parametrize("name", NOTATIONS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=random_text)
def test_random_text_never_crashes_a_reader(name, text):
    corpus = formats.read_text(text, name, path="random.txt")
    for record in corpus:
        if record.error is None:
            assert record.item is not None
        else:
            assert record.error.line >= 1 and record.error.path == "random.txt"
    assert formats.format_corpus(corpus) == text


@settings(max_examples=300, deadline=None)
@given(text=random_text)
def test_random_text_is_sniffed_and_read_without_crashing(text):
    name = formats.sniff(text, "random.txt")
    assert name in NOTATIONS
    corpus = formats.read_text(text, path="random.txt")
    assert all(r.item is not None for r in corpus if r.error is None)
    assert formats.format_corpus(corpus) == text


# -- random trees -------------------------------------------------------------------------

CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x4E80)
word_text = st.text(alphabet=st.one_of(CJK, st.sampled_from("abcXYZ019.,/-'!?@:;*&%")),
                    min_size=1, max_size=4)
lower = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=4)
upper = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=2)
tct_pos = st.builds(lambda a, b: a + b, lower,
                    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=3))


def ccg_category(depth: int = 2):
    atom = st.sampled_from(["S", "NP", "N", "PP", "M", "S{decl}", "S{Cmb=LW}", "NP{nb}"])
    if depth == 0:
        return atom
    inner = ccg_category(depth - 1)
    return st.one_of(atom, st.builds(lambda a, s, b: f"[{a}]{s}{b}", inner,
                                     st.sampled_from("/\\"), atom))


def trees(label: st.SearchStrategy, token: st.SearchStrategy) -> st.SearchStrategy:
    """Random trees: phrase nodes with 1-3 children, every sentence at least one word."""
    def extend(children):
        return st.builds(lambda lab, kids: Node(lab, kids), label,
                         st.lists(children, min_size=1, max_size=3))
    node = st.recursive(st.builds(lambda lab, tok: Node(lab, [tok]), label, token),
                        lambda kids: extend(st.one_of(token, kids)), max_leaves=12)
    return node.map(Tree.build)


def tct_labels() -> st.SearchStrategy:
    return st.builds(lambda c, f, h: tct.split_label("-".join([c] + ([f] if f else []) +
                                                             [str(x) for x in h])),
                     lower, st.one_of(st.just(""), upper),
                     st.lists(st.integers(0, 2), max_size=2, unique=True))


def with_valid_heads(tree: Tree) -> Tree:
    """Keep only head positions that point at a child (a label may name any number)."""
    for node in tree.nodes():
        heads = tuple(h for h in node.label.heads if h < len(node.children))
        if heads != node.label.heads:   # respell the raw label too, as an editor would
            node.label = tct.split_label(tct.compose_label(node.label.with_parts(heads=heads)))
    return tree


def signature(tree: Tree):
    nodes = [(n.label.raw, n.label.category, n.label.function, n.label.heads, n.label.ccg,
              n.span) for n in tree.nodes()]
    tokens = [(t.form, t.pos, t.ccg, t.is_head, t.char_start) for t in tree.tokens]
    return nodes, tokens


def assert_round_trip(name: str, tree: Tree, writer):
    text = writer.format_item(tree, "\n")
    corpus = formats.read_text(text, name)
    assert len(corpus) == 1, text
    record = corpus[0]
    assert record.error is None, f"{record.error}\n{text}"
    again = record.item
    assert writer.format_item(again, "\n") == text
    return again


@settings(max_examples=200, deadline=None)
@given(tree=trees(tct_labels(), st.builds(lambda w, p, h: Token(w, p, is_head=h),
                                          word_text, tct_pos, st.booleans())))
def test_tct_trees_round_trip(tree):
    tree = with_valid_heads(tree)
    again = assert_round_trip("tct", tree, tct)
    assert signature(again)[0] == signature(tree)[0]
    assert [(t.form, t.pos) for t in again.tokens] == [(t.form, t.pos) for t in tree.tokens]


@settings(max_examples=200, deadline=None)
@given(tree=trees(st.one_of(tct_labels(), ccg_category().map(tct2012.split_label2012)),
                  st.builds(lambda w, p: tct2012._token(p, w), word_text,
                            st.one_of(tct_pos, ccg_category()))))
def test_tct2012_trees_round_trip(tree):
    tree = with_valid_heads(tree)
    again = assert_round_trip("tct2012", tree, tct2012)
    assert signature(again) == signature(tree)


@settings(max_examples=200, deadline=None)
@given(tree=trees(st.builds(lambda c: tct.split_label(c), lower),
                  st.builds(lambda w, p, h: Token(w, p, is_head=h), word_text, lower,
                            st.booleans())),
       data=st.data())
def test_pku_trees_round_trip(tree, data):
    # heads are ! marks: draw a mark for every phrase node and derive the positions
    for node in tree.nodes():
        node.label = node.label.with_parts(is_head=data.draw(st.booleans()))
    for node in tree.nodes():
        heads = tuple(k for k, c in enumerate(node.children)
                      if (c.is_head if isinstance(c, Token) else c.label.is_head))
        node.label = node.label.with_parts(heads=heads)
    again = assert_round_trip("pku", tree, pku)
    assert signature(again)[0][1:] == signature(tree)[0][1:]   # the root's own mark is moot
    assert signature(again)[1] == signature(tree)[1]


auto_category = st.text(alphabet="SNP[]()/\\_:0123456789dclb", min_size=1, max_size=8)
auto_field = st.text(alphabet="ABCXYZ,.$0123456789-", min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(tree=trees(st.builds(lambda c: Label(c, category=c, ccg=c), auto_category),
                  st.builds(lambda w, c, p, o, a: Token(w, p, ccg=c,
                                                        extra={"orig_pos": o, "predarg": a}),
                            word_text, auto_category, auto_field, auto_field, auto_category)),
       header=st.one_of(st.none(), st.builds(lambda k: f"ID=wsj_0001.{k} PARSER=GOLD",
                                             st.integers(1, 99))),
       data=st.data())
def test_ccg_auto_trees_round_trip(tree, header, data):
    for node in tree.nodes():
        head = data.draw(st.integers(0, len(node.children) - 1))
        node.label = node.label.with_parts(heads=(head,))
    if header is not None:
        tree.meta["header"] = header
    again = assert_round_trip("ccgauto", tree, ccg)
    assert signature(again) == signature(tree)
    def fields(t):
        extra = t.extra or {}
        return extra.get("orig_pos") or t.pos, extra.get("predarg") or t.ccg
    assert [fields(t) for t in again.tokens] == [fields(t) for t in tree.tokens]
    assert again.meta.get("header") == header


@pytest.mark.parametrize("name, writer", [("tct", tct), ("tct2012", tct2012), ("pku", pku),
                                          ("ccgauto", ccg)])
def test_empty_parse_round_trips(name, writer):
    text = writer.format_item(Tree.build(None), "\n")
    corpus = formats.read_text(("ID=1\n" if name == "ccgauto" else "") + text, name)
    assert corpus.errors() == [] and corpus[0].item.root is None


@settings(max_examples=150, deadline=None)
@given(tree=trees(tct_labels(), st.builds(lambda w, p: Token(w, p), word_text, tct_pos)))
def test_tct_family_conversions_keep_labels_heads_and_words(tree):
    """TCT -> ParsEval-2012 -> PKU -> TCT gives the same tree (heads via `!` marks)."""
    from tcompare.formats.conversion import convert_corpus

    tree = with_valid_heads(tree)
    text = tct.format_item(tree, "\n")
    corpus = formats.read_text(text, "tct")
    for target in ("tct2012", "pku", "tct"):
        result = convert_corpus(corpus, target)
        assert result.problems == []
        corpus = formats.read_text(result.text, target)
    again = corpus[0].item
    assert again.words == tree.words and again.tags == tree.tags
    assert [(n.label.category, n.label.function, n.label.heads, n.span) for n in again.nodes()] \
        == [(n.label.category, n.label.function, n.label.heads, n.span) for n in tree.nodes()]
