"""Property tests: PTB write/read round trip, and the two bracket-matching paths agree."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tcompare import formats
from tcompare.formats import ptb
from tcompare.scoring.items import count_matches, match_brackets

LABELS = st.sampled_from(["S", "NP", "VP", "PP", "NP-SBJ-1", "ADVP", "", "X=2"])
POS = st.sampled_from(["DT", "NN", "VBD", ",", "-NONE-", "-LRB-", "."])
WORDS = st.sampled_from(["a", "cat", "-LRB-", "\\/", "*-1", ",", "é"])


@st.composite
def trees(draw, depth=0):
    children = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 3 and draw(st.booleans()):
            children.append(draw(trees(depth + 1)))
        else:
            children.append(f"({draw(POS)} {draw(WORDS)})")
    return f"({draw(LABELS)} {' '.join(children)})"


@settings(max_examples=150, deadline=None)
@given(st.lists(trees(), min_size=1, max_size=4))
def test_write_read_round_trip(lines):
    text = "".join(line + "\n" for line in lines)
    corpus = formats.read_text(text, "ptb")
    assert formats.format_corpus(corpus) == text
    for record, line in zip(corpus, lines):
        assert record.error is None
        assert ptb.format_tree(record.item) == line
        record.replace_item(record.item.copy())
    assert formats.format_corpus(corpus) == text     # re-rendered from the trees


SPANS = st.tuples(st.sampled_from(["NP", "VP", "S"]), st.integers(0, 3), st.integers(4, 6))


@settings(max_examples=200, deadline=None)
@given(st.lists(SPANS, max_size=8), st.lists(SPANS, max_size=8))
def test_count_matches_equals_greedy_matching(gold, system):
    gp, sp = match_brackets(gold, system)
    assert count_matches(gold, system) == len(gold) - gp.count(-1) == len(system) - sp.count(-1)


@given(st.text(alphabet="ab(\n\r\x0b\x85\u2028 ", max_size=40))
def test_lines_are_split_on_newline_only(text):
    # ptb's fast path (str.splitlines) must give what fgets-style splitting on "\n" gives
    from tcompare.formats.conllx import lines_of

    parts = text.split("\n")
    last = parts.pop()
    assert ptb._split_lines(text) == [p + "\n" for p in parts] + ([last] if last else [])
    assert list(lines_of(text)) == text.split("\n")


@given(st.text(alphabet="ab()\n\r \u00e9\u4e2d\U0001f600", max_size=60))
def test_compiled_line_split_equals_the_python_one(text):
    # the compiled one-pass splitter (1-, 2- and 4-byte strings) against its Python twin
    if ptb._split_balanced is ptb._split_balanced_py:
        pytest.skip("tcompare.formats._lines is not built")
    assert ptb._split_balanced(text) == ptb._split_balanced_py(text)


def test_line_mode_on_real_files_is_unchanged():
    # WSJ23 (one tree per line) and a multi-line .mrg give the records they gave before
    from conftest import ANCHORS

    wsj = ANCHORS / "evalb" / "real" / "wsj23_berkeley" / "23.gold"
    if not wsj.exists():
        pytest.skip("anchors not available")
    text = wsj.read_text(encoding="utf-8")
    lines, balanced = ptb._split_balanced(text)
    assert balanced and lines == ptb._split_lines(text) and len(lines) == 2416
    multi = "(S\n  (NP (N a))\n  (VP (V b)))\n(S (X c))\n"
    corpus = ptb.parse_corpus(multi)
    assert [r.line for r in corpus.records] == [1, 4]
