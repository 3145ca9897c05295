"""TCT square brackets (spec/notations.md §2): seed 000 and anchors/tct/README.md examples."""

from textwrap import dedent

import pytest

from tcompare import formats
from tcompare.formats import tct
from tcompare.model.tree import Label, Node, Token, Tree

# anchors/tct/README.md: a teaching note (github zhubo812/Courses), no spaces at all
GLUED = ("[zj-XX[dj-ZW[np-DZ我/rN哥哥/n][vp-PO[vp-PO[vp-SB送/v给/v]我/rN][np-DZ[mp-DZ一/m本/qN]"
         "[np-DZ[ap-ZZ很/d漂亮/a]的/u书/n]]]]。/w]")
# anchors/tct/README.md: github mtu/buildtree-code, two spaces after leaves, punctuation POS
BUILDTREE = ("[zj-XX [fj-YG [dj-ZW [np-DZ 家用/b  [np-DZ 电脑/n  游戏/n  ] ] [vp-XX 由于/c  "
             "[vp-LW [vp-PO 使用/v  [np-DZ [np-AD [np-LH 键盘/n  、/、  鼠标/n  ] 等/u  ] "
             "[np-DZ 非/b  [np-DZ 游戏/n  [np-DZ 专用/vN  设备/n  ] ] ] ] ] 操作/v  ] ] ] ，/，  "
             "[dj-ZW 手感/n  [vp-PO 不如/vC  家用机/n  ] ] ] 。/。  ]")
# seed 000 example (1) (Task 2-1 output, head positions); the PDF lost the Chinese words,
# so the words here are ours, the brackets, labels and POS tags are the paper's.
SEED_HEADS = ("[dj-2 沿途/s ，/wP [dj-1 我们/rNP [vp-1 还/d [vp-0 看到/v [np-0-2 [np-2 [vp-1 "
              "[pp-1 被/p 砍/v ] [vp-1 和/cC 伐/v ] ] 的/uJDE 树/n ] ，/wP [np-2 [vp-1 [pp-1 "
              "为/p [vp-0 建/v 房/n ] ] [vp-1 要/vM 砍/v ] ] 的/uJDE 树/n ] ] ] ] ] ]")
SEED_GR = ("[zj-XX [fj-LS [dj-ZW 我/rN [vp-PO 看/v 书/n ] ] ，/wP [dj-ZW 他/rN "
           "[vp-PO 写/v 字/n ] ] ] 。/wE ]")


def read(text: str):
    corpus = formats.read_text(text, "tct")
    return corpus, [r.item for r in corpus]


def test_glued_teaching_example_reads_every_leaf():
    corpus, (tree,) = read(GLUED + "\n")
    assert corpus.errors() == []
    assert tree.words == ["我", "哥哥", "送", "给", "我", "一", "本", "很", "漂亮", "的", "书", "。"]
    assert tree.tags == ["rN", "n", "v", "v", "rN", "m", "qN", "d", "a", "u", "n", "w"]
    labels = [(n.label.category, n.label.function) for n in tree.nodes()]
    assert labels[:4] == [("zj", "XX"), ("dj", "ZW"), ("np", "DZ"), ("vp", "PO")]
    assert len(tree.nodes()) == 10
    np_dz = tree.node(2)
    assert (np_dz.start, np_dz.end) == (0, 2)


def test_buildtree_example_with_punctuation_pos():
    corpus, (tree,) = read(BUILDTREE + "\n")
    assert corpus.errors() == []
    assert len(tree) == 19
    assert tree.tokens[6].form == "、" and tree.tokens[6].pos == "、"
    assert tree.tokens[-1].pos == "。"
    assert tree.node(1).label.function == "YG"


def test_head_positions_from_labels():
    _, (tree,) = read(SEED_HEADS + "\n")
    heads = {n.id: n.label.heads for n in tree.nodes()}
    assert heads[0] == (2,)
    np_coord = next(n for n in tree.nodes() if n.label.raw == "np-0-2")
    assert np_coord.label.heads == (0, 2) and np_coord.label.category == "np"
    assert np_coord.label.function == ""
    # every head position points at an existing child
    for node in tree.nodes():
        assert all(h < len(node.children) for h in node.label.heads)


@pytest.mark.parametrize("raw, parts", [
    ("dj", ("dj", "", (), "")),
    ("dj-ZW", ("dj", "ZW", (), "")),
    ("np-0-2", ("np", "", (0, 2), "")),
    ("np-2-0", ("np", "", (0, 2), "")),
    ("vp-1", ("vp", "", (1,), "")),
    ("D-sp", ("sp", "", (), "D")),
    ("P-vp-Tgt", ("vp", "Tgt", (), "P")),
    ("zj", ("zj", "", (), "")),
])
def test_label_parts(raw, parts):
    label = tct.split_label(raw)
    assert (label.category, label.function, label.heads, label.role) == parts
    assert tct.label_text(label) == raw
    assert tct.split_label(tct.compose_label(label)) == label.with_parts(
        raw=tct.compose_label(label))


def test_event_bank_head_word():
    _, (tree,) = read("[P-vp-Tgt 还/d 看到/v-@ ]\n")
    assert [t.is_head for t in tree.tokens] == [False, True]
    assert tree.tokens[1].pos == "v"
    assert tct.format_tree(tree) == "[P-vp-Tgt 还/d 看到/v-@ ]"


def test_word_containing_slash_takes_pos_after_last_slash():
    _, (tree,) = read("[mp 1/2/m 杯/qN ]\n")
    assert tree.words == ["1/2", "杯"] and tree.tags == ["m", "qN"]


def test_round_trip_is_byte_identical_with_crlf_and_blank_lines():
    text = "\r\n" + GLUED + "\r\n\r\n" + BUILDTREE + "\r\n" + SEED_GR
    corpus = formats.read_text(text, "tct")
    # one tree per line: the blank line between two trees is a missing parse (metrics.md §7)
    assert len(corpus) == 4 and corpus.errors() == []
    assert corpus[1].item.root is None and corpus[1].source == "\r\n"
    assert formats.format_corpus(corpus) == text


def test_canonical_writing_and_edit():
    corpus, (tree,) = read(SEED_GR + "\n\n")
    assert tct.format_tree(tree) == SEED_GR
    edited = tree.copy()
    edited.root.children[0].label = tct.split_label("fj-LG")
    corpus[0].replace_item(edited)
    assert formats.format_corpus(corpus) == SEED_GR.replace("fj-LS", "fj-LG") + "\n\n"


def test_edited_parts_recompose_label():
    label = tct.split_label("np-DZ").with_parts(heads=(1,))
    assert tct.label_text(label) == "np-DZ-1"
    assert tct.label_text(Label("vp-PO")) == "vp-PO"       # raw text only: written as is


def test_multi_line_tree_as_printed_in_the_paper():
    text = dedent("""\
        [zj-XX [fj-LS [dj-ZW 我/rN
        [vp-PO 看/v 书/n ] ] ，/wP
        [dj-ZW 他/rN [vp-PO 写/v 字/n ] ] ] 。/wE ]
        """)
    corpus, (tree,) = read(text)
    assert corpus.errors() == [] and len(tree) == 8
    assert formats.format_corpus(corpus) == text


def test_multi_line_tree_whose_middle_lines_balance_by_count():
    # "] ] ，/wP [dj-ZW" has as many '[' as ']' but is no tree: the file is in tree mode
    text = dedent("""\
        [zj-XX [fj-LS [dj-ZW 我/rN
        [vp-PO 看/v 书/n ] ] ，/wP [dj-ZW 他/rN
        [vp-PO 写/v 字/n ] ] [dj-ZW 你/rN
        [vp-PO 读/v 报/n ] ] ] 。/wE ]

        [dj-ZW 他/rN [vp-PO 写/v 字/n ] ]
        """)
    corpus = formats.read_text(text, "tct")
    assert len(corpus) == 2 and corpus.errors() == []
    assert len(corpus[0].item) == 11 and corpus[1].line == 6


def test_unwrapped_pku_lines_count_as_whole_trees():
    from tcompare.formats.linegroups import group_records
    text = "zj ( !v ( 好 ) )\nzj ( !v ( 好 ) \nzj ( !v ( 好 ) )\nzj ( !v ( 好 ) )\n"
    _, sentences = group_records(text, "(", ")")
    assert [line for line, _ in sentences] == [1, 2, 3, 4]


@pytest.mark.parametrize("line, message, column", [
    ("[dj-ZW 我/rN [vp-PO 看/v 书/n ]", "unbalanced '['", 1),
    ("[dj-ZW 我/rN ] ]", "unbalanced ']'", 15),
    ("[dj-ZW 我 [vp-PO 看/v ] ]", "has no POS tag", 8),
    ("[ 我/rN ]", "missing label", 3),
    ("[dj ]", "empty phrase", 1),
    ("看/v [dj 我/rN ]", "outside any", 1),
    ("[dj 我/rN ] [dj 他/rN ]", "second tree", 12),
    ("[dj /rN ]", "empty word", 5),
])
def test_errors_name_line_and_column_and_other_sentences_still_read(line, message, column):
    text = SEED_GR + "\n" + line + "\n" + SEED_GR + "\n"
    corpus = formats.read_text(text, "tct", path="x.tct")
    assert len(corpus) == 3
    assert corpus[0].ok and corpus[2].ok
    error = corpus[1].error
    assert message in error.message
    assert (error.path, error.line, error.column) == ("x.tct", 2, column)
    assert formats.format_corpus(corpus) == text


def test_sniffed_from_content():
    assert formats.sniff(GLUED + "\n") == "tct"
    assert formats.sniff(SEED_HEADS + "\n") == "tct"


def test_writes_a_tree_built_by_hand():
    root = Node(Label("dj-ZW", "dj", "ZW"), [Token("我", "rN"),
                Node(Label("vp-PO", "vp", "PO"), [Token("看", "v"), Token("书", "n")])])
    tree = Tree.build(root)
    assert tct.format_item(tree) == "[dj-ZW 我/rN [vp-PO 看/v 书/n ] ]\n"
