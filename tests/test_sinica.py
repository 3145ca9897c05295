"""Sinica reader (spec/notations.md §5): parts, prefix/suffix, round trips, errors."""

from pathlib import Path

import pytest

from conftest import anchor
from tcompare import formats
from tcompare.formats import sinica
from tcompare.model.tree import Node

LINE = "#3:3.[39029] S(theme:NP(Head:N(DUMMY1:Nba:嘉珍|Head:Caa:和|DUMMY2:Nhaa:我))|Head:VC1:住在|goal:NP(quantifier:DM:同一條|Head:Nab:巷子))#，(COMMACATEGORY)"


def test_line_parts():
    tree, prefix, suffix = sinica.parse_line(LINE)
    assert prefix == "#3:3.[39029] "
    assert suffix == "#，(COMMACATEGORY)"
    assert tree.meta == {"prefix": prefix, "suffix": suffix}
    # the final punctuation is outside the tree: no token for "，"
    assert tree.words == ["嘉珍", "和", "我", "住在", "同一條", "巷子"]
    assert tree.tags == ["Nba", "Caa", "Nhaa", "VC1", "DM", "Nab"]
    assert [t.role for t in tree.tokens] == ["DUMMY1", "Head", "DUMMY2", "Head", "quantifier", "Head"]
    labels = [(n.label.category, n.label.role, n.label.heads, n.span) for n in tree.nodes()]
    assert labels == [("S", "", (1,), (0, 6)), ("NP", "theme", (0,), (0, 3)),
                      ("N", "Head", (1,), (0, 3)), ("NP", "goal", (1,), (4, 6))]
    assert tree.char_span(tree.node(3)) == (6, 11)  # 嘉珍和我住在 = 6 characters before 同一條


def test_leaf_split_on_first_two_colons_and_de_labels():
    tree, _, _ = sinica.parse_line("NP(property:N‧的(head:Head:Nac:鵝掌形|Head:DE:的))")
    tok = tree.tokens[0]
    assert (tok.role, tok.pos, tok.form) == ("head", "Head", "Nac:鵝掌形")
    assert tree.node(1).label.category == "N‧的"
    assert tree.node(1).label.heads == (0, 1)  # lowercase "head" and "Head"


def test_coarse_sighan_style_without_roles_or_prefix():
    tree, prefix, suffix = sinica.parse_line("S(agent:NP(Nh:他)|Head:VC:刊登|location:PP(P:在|GP(NP(Na:報紙)|Ng:上)))")
    assert (prefix, suffix) == ("", "")
    assert tree.words == ["他", "刊登", "在", "報紙", "上"]
    gp = [n for n in tree.nodes() if n.label.category == "GP"][0]
    assert gp.label.role == "" and gp.span == (3, 5)
    assert tree.tokens[0].role == "" and tree.tokens[0].pos == "Nh"


def test_bare_hash_suffix_and_odd_prefix():
    tree, prefix, suffix = sinica.parse_line("#2:00002..[44684] VP(Head:VC32:帶|complement:VA4:上學)#")
    assert prefix == "#2:00002..[44684] " and suffix == "#"
    assert sinica.format_item(tree, "\r\n") == "#2:00002..[44684] VP(Head:VC32:帶|complement:VA4:上學)#\r\n"


def test_whitespace_from_papers_is_tolerated():
    tree, _, _ = sinica.parse_line("S(agent:NP(Na:母親) | Head:VC:帶|location:PP(P: 到|Na:溪邊))")
    assert tree.words == ["母親", "帶", "到", "溪邊"]


def test_round_trip_crlf_blank_lines_and_edit():
    text = "\r\n" + LINE + "\r\n\r\nNP(Head:Nab:友情)#。(PERIODCATEGORY)\r\n"
    corpus = formats.read_text(text)
    assert corpus.notation == "sinica" and len(corpus) == 2 and corpus.newline == "\r\n"
    assert formats.format_corpus(corpus) == text
    record = corpus[1]
    assert record.line == 4
    tree = record.item.copy()
    tree.tokens[0].form = "友誼"
    record.replace_item(tree)
    assert formats.format_corpus(corpus).endswith("NP(Head:Nab:友誼)#。(PERIODCATEGORY)\r\n")


@pytest.mark.parametrize("line, column, fragment", [
    ("S(agent:NP(Nh:他)|Head:VC:刊登", 28, "unclosed"),
    ("S(agent:NP(Nh:他)||Head:VC:刊登)", 18, "empty daughter"),
    ("S(agent:NP(他)|Head:VC:刊登)", 12, "no POS"),
    ("S(Head:VC:刊登)xyz", 14, "unexpected text"),
    ("Head:VC:刊登", 1, "expected a phrase"),
])
def test_malformed_lines_report_line_and_column(line, column, fragment):
    corpus = formats.read_text("NP(Head:Nab:友情)\n" + line + "\n", "sinica", path="x.sinica")
    assert corpus[0].ok
    error = corpus[1].error
    assert error is not None and fragment in error.message
    assert (error.path, error.line, error.column) == ("x.sinica", 2, column)
    assert formats.format_corpus(corpus) == "NP(Head:Nab:友情)\n" + line + "\n"


def test_sniff_prefers_sinica_for_sinica_text():
    assert sinica.sniff(LINE + "\n") > 0.9
    assert sinica.sniff("(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n") == 0.0
    assert sinica.sniff("[zj-XX [dj-ZW 我/rN [vp-PO 看/v 书/n ] ] 。/wE ]\n") == 0.0


@pytest.mark.slow
@pytest.mark.anchors
def test_real_sample_reads_without_errors_and_round_trips():
    path = anchor("sinica", "parsed")
    data = Path(path).read_bytes()
    corpus = formats.read_file(path)
    assert corpus.notation == "sinica" and len(corpus) == 10000
    assert corpus.errors() == []
    assert formats.corpus_bytes(corpus) == data
    # re-rendering every tree from the model gives the same lines too
    for record in corpus:
        assert sinica.format_item(record.item, "\r\n") == record.source
    assert isinstance(corpus[0].item.root, Node)


from hypothesis import given, settings, strategies as st  # noqa: E402

from tcompare.model.tree import Label, Token, Tree  # noqa: E402

_words = st.text(alphabet="他刊登一則廣告在報紙上:的‧", min_size=1, max_size=4).filter(
    lambda w: w.strip() == w and w[0] != ":")
_tags = st.sampled_from(["Nh", "VC31", "V_11", "DE", "Head", "P61"])
_roles = st.sampled_from(["", "Head", "head", "agent", "theme", "DUMMY1"])
_labels = st.sampled_from(["S", "NP", "VP", "GP", "PP", "V‧的", "Nab"])


@st.composite
def _trees(draw, depth=0):
    children = []
    for _ in range(draw(st.integers(1, 3))):
        if depth < 3 and draw(st.booleans()):
            children.append(draw(_trees(depth + 1)))
        else:
            children.append(Token(draw(_words), draw(_tags), role=draw(_roles)))
    return Node(Label(draw(_labels), category="", role=draw(_roles) if depth else ""), children)


@settings(max_examples=200, deadline=None)
@given(_trees())
def test_written_trees_read_back_identically(root):
    """Property: format_item then parse_line gives the same words, tags, roles and labels."""
    tree = Tree.build(root, {"prefix": "#1:1.[0] ", "suffix": "#。(PERIODCATEGORY)"})
    text = sinica.format_item(tree, "")
    back, prefix, suffix = sinica.parse_line(text)
    assert (prefix, suffix) == ("#1:1.[0] ", "#。(PERIODCATEGORY)")
    assert [(t.form, t.pos, t.role) for t in back.tokens] == [(t.form, t.pos, t.role) for t in tree.tokens]
    assert [(n.label.raw, n.label.role, n.span) for n in back.nodes()] == \
        [(n.label.raw, n.label.role, n.span) for n in tree.nodes()]
    assert sinica.format_item(back, "") == text


def test_alike_broken_lines_are_parsed_once_and_named_each(monkeypatch):
    """10^5 copies of one broken line (the hostile matrix's broken-lines) parse once: each
    sentence still has its own error at its own line, the same text otherwise."""
    from tcompare.formats import sinica as sinica_format

    calls = []
    real = sinica_format.parse_line
    monkeypatch.setattr(sinica_format, "parse_line", lambda line: calls.append(line) or real(line))
    text = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則八七\n" * 500 + "S(Head:VC:刊登)\n"
    corpus = sinica_format.parse(text, "b.txt")
    errors = [record.error for record in corpus.records[:500]]
    assert len(calls) == 1
    assert [e.line for e in errors] == list(range(1, 501))
    assert {(e.message, e.column, e.excerpt, e.hint) for e in errors} == {
        (errors[0].message, errors[0].column, errors[0].excerpt, errors[0].hint)}
    assert str(errors[41]) == str(errors[0]).replace("b.txt:1:", "b.txt:42:")
    assert corpus.records[500].error is None and len(calls) == 2


def test_records_read_cost_their_source_not_a_closure_each():
    """100,000 broken lines (the hostile matrix's broken-lines) stay within 300 MB: a record
    is its source and its place, its parser shared by the corpus (a closure each took 200
    more bytes a sentence)."""
    import gc
    import tracemalloc

    text = "S(agent:NP(Nh:他)|Head:VC:刊登\n" * 20000
    gc.collect()
    tracemalloc.start()
    try:
        corpus = sinica.parse(text, "x.txt")
        per_record = tracemalloc.get_traced_memory()[0] / len(corpus.records)
    finally:
        tracemalloc.stop()
    assert per_record < 400, per_record
    assert corpus.records[7].error.line == 8        # (each still parses, named at its line)
