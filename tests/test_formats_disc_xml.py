"""TIGER XML and Alpino XML (issue 33): byte-identical round trips of real files (dkpro-core,
alpinocorpus, corpus2alpino), sentences re-rendered identically, edits written in place,
disco-dop's reading conventions, errors at file:line:column, encodings declared."""

from pathlib import Path

import pytest

from tcompare.formats import format_corpus, read_data, read_file, read_text, sniff, sniff_file
from tcompare.model.tree import Label, Node

DATA = Path(__file__).parent / "data" / "disc"
TIGER = sorted(p for p in DATA.glob("*.xml") if not p.name.startswith(("alpino", "lassy")))
ALPINO = sorted(DATA.glob("alpino-*.xml")) + [DATA / "lassy_treebank.xml"]


def _rerendered(corpus) -> str:
    for record in corpus:
        record.replace_item(record.item.copy())
    return format_corpus(corpus)


@pytest.mark.parametrize("path", TIGER + ALPINO, ids=lambda p: p.name)
def test_real_files_round_trip_and_re_render_byte_identical(path):
    data = path.read_bytes()
    corpus = read_file(path)
    assert corpus.notation == ("alpino" if path in ALPINO else "tiger")
    assert corpus.errors() == []
    assert format_corpus(corpus).encode() == data
    text = _rerendered(corpus)
    if path.name == "simple-empty-nt.xml":       # its last <nt/> is spaced unlike the others
        assert text.replace('          <nt id="s_1_11" cat="CNP"></nt>',
                            '\t      <nt id="s_1_11" cat="CNP" />') == data.decode()
    else:
        assert text.encode() == data


def test_tiger_sentence_as_disco_dop_reads_it():
    tree = read_file(DATA / "tiger-sample.xml")[0].item
    assert tree.words == ["``", "Ross", "Perot", "wäre", "vielleicht", "ein", "prächtiger", "Diktator", "''"]
    assert tree.root.label.raw == "VROOT" and tree.root.extra["export_id"] == "0"
    assert tree.tags[0] == "$[" and tree.tokens[0].extra["tag"] == "$("
    pn = next(n for n in tree.nodes() if n.label.raw == "PN")
    assert pn.label.function == "SB" and pn.positions == (1, 2) and pn.extra["export_id"] == "500"
    assert tree.tokens[3].extra["function"] == "HD" and tree.tokens[3].extra["lemma"] == "sein"
    assert tree.tokens[0].extra["function"] == ""                      # "--"


DISC_TIGER = """<?xml version="1.0" encoding="UTF-8"?>
<corpus id="x">
  <head/>
  <body>
    <s id="s9">
      <graph root="s9_VROOT">
        <terminals>
          <t id="s9_1" word="Darüber" lemma="darüber" pos="PROAV" morph="--"/>
          <t id="s9_2" word="muss" lemma="müssen" pos="VMFIN" morph="3.Sg"/>
          <t id="s9_3" word="nachgedacht" lemma="nachdenken" pos="VVPP" morph="--"/>
          <t id="s9_4" word="werden" lemma="werden" pos="VAINF" morph="--"/>
          <t id="s9_5" word="." lemma="--" pos="$." morph="--"/>
        </terminals>
        <nonterminals>
          <nt id="s9_500" cat="VP">
            <edge label="MO" idref="s9_1"/>
            <edge label="HD" idref="s9_3"/>
          </nt>
          <nt id="s9_501" cat="VP">
            <edge label="OC" idref="s9_500"/>
            <edge label="HD" idref="s9_4"/>
          </nt>
          <nt id="s9_502" cat="S">
            <edge label="HD" idref="s9_2"/>
            <edge label="OC" idref="s9_501"/>
            <secedge label="SB" idref="s9_500"/>
          </nt>
          <nt id="s9_VROOT" cat="VROOT">
            <edge label="--" idref="s9_502"/>
            <edge label="--" idref="s9_5"/>
          </nt>
        </nonterminals>
      </graph>
    </s>
  </body>
</corpus>
"""


def test_discontinuous_tiger_secondary_edge_and_an_edit():
    corpus = read_text(DISC_TIGER, "tiger", path="d.xml")
    tree = corpus[0].item
    vp = next(n for n in tree.nodes() if n.extra["tiger_id"] == "s9_500")
    assert vp.positions == (0, 2) and vp.is_discontinuous
    assert vp.extra["secedges"] == [("SB", "502")]
    assert format_corpus(corpus) == DISC_TIGER
    # relabel the VP and put "werden" under a new VZ node: only those lines change
    edited = tree.copy()
    inner = next(n for n in edited.nodes() if n.extra.get("tiger_id") == "s9_500")
    inner.label = inner.label.with_parts(raw="VZ", category="VZ")
    outer = next(n for n in edited.nodes() if n.extra.get("tiger_id") == "s9_501")
    werden = edited.tokens[3]
    outer.children.remove(werden)
    outer.children.append(Node(Label("VX", category="VX", function="HD"), [werden]))
    edited.finalize()
    corpus[0].replace_item(edited)
    out = format_corpus(corpus)
    assert '<nt id="s9_500" cat="VZ">' in out
    assert ('          <nt id="s9_503" cat="VX">\n'
            '            <edge label="HD" idref="s9_4"/>\n'
            '          </nt>\n'
            '          <nt id="s9_501" cat="VP">\n'
            '            <edge label="OC" idref="s9_500"/>\n'
            '            <edge label="HD" idref="s9_503"/>\n') in out
    assert '<secedge label="SB" idref="s9_500"/>' in out
    again = read_text(out, "tiger")[0].item
    assert [(n.label.raw, n.positions) for n in again.nodes()] == [
        (n.label.raw, n.positions) for n in edited.nodes()]


TIGER_BREAKS = [
    ([('idref="s9_4"/>', 'idref="s9_7"/>')], "edge to 's9_7', which is not in this sentence", 21, 13),
    ([('<edge label="HD" idref="s9_2"/>', "")], "word 's9_2' has no parent", 9, 11),
    ([('<edge label="--" idref="s9_502"/>', "")], "node 's9_502' has no parent", 23, 11),
    ([('<edge label="HD" idref="s9_3"/>', '<edge label="HD" idref="s9_1"/>')],
     "'s9_1' already has a parent", 17, 13),
    ([("</terminals>", "</terminal>")], "XML not well-formed: mismatched tag", 13, 11),
    ([('<edge label="OC" idref="s9_501"/>', ""),
      ('<edge label="MO" idref="s9_1"/>', '<edge label="MO" idref="s9_1"/><edge label="X" idref="s9_501"/>')],
     "is its own ancestor (a cycle)", 15, 11),
]


@pytest.mark.parametrize("changes, message, line, column", TIGER_BREAKS)
def test_tiger_errors_name_file_line_column_and_the_rest_is_read(changes, message, line, column):
    broken = DISC_TIGER
    for old, new in changes:
        assert old in broken
        broken = broken.replace(old, new, 1)
    good = DISC_TIGER.split("    <s ")[1].split("    </s>\n")[0]
    text = broken.replace("  </body>", "    <s " + good.replace('"s9', '"s8') + "    </s>\n  </body>")
    corpus = read_text(text, "tiger", path="t.xml")
    errors = corpus.errors()
    assert len(errors) == 1 and message in errors[0].message, errors
    assert (errors[0].line, errors[0].column) == (line, column)
    assert str(errors[0]).startswith(f"t.xml:{line}:{column}: ")
    assert corpus[1].item.words[0] == "Darüber"
    assert format_corpus(corpus) == text


def test_alpino_as_disco_dop_reads_it():
    tree = read_file(DATA / "alpino-1.xml")[0].item
    # (the file writes "N\u0080": kept as it is)
    assert tree.words == "Ik ben makelaar in koffi , en woon op de Lauriergracht , N\x80 37 .".split()
    assert tree.root.label.raw == "TOP"
    labels = [(n.label.raw, n.label.function) for n in tree.nodes()]
    assert labels[:4] == [("TOP", "top"), ("CONJ", ""), ("SMAIN", "cnj"), ("NP", "predc")]
    second = next(n for n in tree.nodes() if n.extra["alpino_id"] == "13")
    # "woon op de Lauriergracht N 37": the comma hangs under the top, so a gap; its
    # subject "Ik" is an empty node (index 1)
    assert second.positions == (7, 8, 9, 10, 12, 13) and second.is_discontinuous
    assert second.extra["empty"][0][1]["index"] == "1"
    ik = tree.tokens[0]
    assert ik.pos == "pron" and ik.extra["lemma"] == "ik" and ik.extra["function"] == "su"
    assert ik.extra["secedges"] == [("su", "513")]       # the empty node's rel, 500 + its parent's id
    lassy = read_file(DATA / "lassy_treebank.xml")
    assert len(lassy) == 2 and lassy[0].item.meta["sentid"] == "1000"
    assert lassy[0].item.tags == ["bw", "bw", "let"]           # pt before pos


def test_alpino_edit_rewrites_nodes_and_sentence_only():
    path = DATA / "alpino-1.xml"
    corpus = read_file(path)
    tree = corpus[0].item.copy()
    tree.tokens[4].form = "koffie"
    corpus[0].replace_item(tree)
    before, after = path.read_text(encoding="utf-8").splitlines(), format_corpus(corpus).splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == 2
    assert 'word="koffie"' in changed[0][1] and "koffie ," in changed[1][1]


@pytest.mark.parametrize("old, new, message, line, column", [
    ('begin="1" end="2" frame="verb', 'begin="0" end="2" frame="verb', "position 0 is taken twice", 50, 9),
    ('<node begin="0" end="1" id="14" index="1" rel="su"/>',
     '<node begin="0" end="1" id="14" index="7" rel="su"/>', "index 7 names no node", 61, 9),
    ("</sentence>", "</sentenc>", "XML not well-formed: mismatched tag", 78, 78),
])
def test_alpino_errors_at_line_and_column(old, new, message, line, column):
    good = (DATA / "alpino-1.xml").read_text(encoding="utf-8")
    text = good + good.replace(old, new, 1) + good
    corpus = read_text(text, "alpino", path="a.xml")
    errors = corpus.errors()
    assert len(errors) == 1 and message in errors[0].message, errors
    assert (errors[0].path, errors[0].line, errors[0].column) == ("a.xml", line, column)
    assert corpus[0].item is not None and corpus[2].item is not None
    assert format_corpus(corpus) == text


def test_sniffing_and_declared_encodings():
    assert sniff(DISC_TIGER) == "tiger"
    assert sniff((DATA / "alpino-2.xml").read_text(encoding="utf-8")) == "alpino"
    latin = DISC_TIGER.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').encode("latin-1")
    corpus = read_data(latin, "l.xml")
    assert corpus.notation == "tiger" and corpus.encoding == "ISO-8859-1"
    assert corpus[0].item.words[0] == "Darüber" and corpus.errors() == []
    export = "#BOS 1\nMüller\tNE\t--\t--\t0\n#EOS 1\n".encode("latin-1")
    corpus = read_data(export, "m.export")
    assert corpus.encoding == "latin-1" and corpus[0].item.words == ["Müller"]


def test_a_long_tiger_head_is_still_sniffed(tmp_path):
    frames = "".join(f'      <frame name="F{k}"><element name="E" optional="false"/></frame>\n'
                     for k in range(2000))
    text = DISC_TIGER.replace("  <head/>", "  <head>\n    <frames>\n" + frames + "    </frames>\n  </head>")
    path = tmp_path / "big.xml"
    path.write_text(text, encoding="utf-8")
    assert len(text) > 100000 and sniff_file(path) == "tiger"
    corpus = read_file(path)
    assert corpus.notation == "tiger" and corpus[0].line == 2008 and format_corpus(corpus) == text


def test_a_broken_tiger_head_or_end_is_a_file_error_and_the_sentences_are_read():
    broken_head = DISC_TIGER.replace("<head/>", "<head>")
    corpus = read_text(broken_head, "tiger", path="h.xml")
    errors = corpus.errors()
    assert len(errors) == 1 and "XML not well-formed" in errors[0].message
    assert "outside the sentences" in errors[0].message and errors[0].path == "h.xml"
    assert errors[0].line == 36 and corpus[0].item.words[0] == "Darüber"
    no_end = DISC_TIGER.replace("</corpus>\n", "")
    errors = read_text(no_end, "tiger", path="e.xml").errors()
    assert len(errors) == 1 and errors[0].line == 36
    assert format_corpus(read_text(no_end, "tiger")) == no_end
