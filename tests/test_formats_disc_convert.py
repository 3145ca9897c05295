"""`tcompare convert` among the discontinuous notations (issue 33): what a notation can
hold survives the trip there and back; a discontinuous tree is refused as PTB by name."""

from pathlib import Path

import pytest

from tcompare import formats
from tcompare.cli.convert import main
from tcompare.formats.conversion import convert_corpus, targets_for

DATA = Path(__file__).parent / "data" / "disc"
ROOTS = {"ROOT", "VROOT", "TOP"}


def shape(tree, functions=True, morphology=True):
    """What a tree says, independent of notation: words, tags, and each phrase as
    (label, function, positions); the sentence's root node left out."""
    words = [(t.form, t.pos, *(((t.extra or {}).get("function", ""),) if functions else ()),
              *(((t.extra or {}).get("lemma", "--"), (t.extra or {}).get("morph", "--")) if morphology else ()))
             for t in tree.tokens]
    phrases = sorted((n.label.category, n.label.function if functions else "", n.positions)
                     for n in tree.nodes() if not (n is tree.root and n.label.raw in ROOTS))
    return words, phrases


@pytest.fixture(scope="module")
def tiger_export():
    return formats.read_file(DATA / "tiger-sample.export")


def _there_and_back(corpus, target):
    there = convert_corpus(corpus, target)
    assert there.problems == []
    middle = formats.read_text(there.text, target)
    assert middle.errors() == []
    back = convert_corpus(middle, corpus.notation)
    assert back.problems == []
    return middle, formats.read_text(back.text, corpus.notation)


def test_export_to_tiger_and_back_keeps_everything(tiger_export):
    middle, back = _there_and_back(tiger_export, "tiger")
    assert middle.notation == "tiger" and len(back) == len(tiger_export) == 20
    for a, b in zip(tiger_export, back):
        assert shape(a.item) == shape(b.item)
        # secondary edges still point at the same words
        def secondary(tree):
            number = {n.extra.get("export_id"): n.positions for n in tree.nodes()}
            return sorted((x.positions if hasattr(x, "positions") else (x.index,), label, number[target])
                          for x in [*tree.tokens, *tree.nodes()]
                          for label, target in (x.extra or {}).get("secedges", ()))
        assert secondary(a.item) == secondary(b.item)
    assert sum(r.item.is_discontinuous() for r in back) >= 5


def test_export_to_alpino_and_discbracket_and_back(tiger_export):
    _, back = _there_and_back(tiger_export, "alpino")
    for a, b in zip(tiger_export, back):
        assert shape(a.item) == shape(b.item)
    _, back = _there_and_back(tiger_export, "discbracket")
    for a, b in zip(tiger_export, back):          # discbracket has no functions, lemmas, morphology
        assert shape(a.item, functions=False, morphology=False) == shape(b.item, False, False)


def test_alpino_to_export_keeps_the_discontinuity():
    alpino = formats.read_file(DATA / "alpino-1.xml")
    exported = convert_corpus(alpino, "export")
    assert exported.problems == []
    back = formats.read_text(exported.text, "export")[0].item
    assert shape(back) == shape(alpino[0].item)
    assert back.is_discontinuous()


def test_ptb_to_export_and_discontinuous_to_ptb(tmp_path, capsys):
    ptb = formats.read_text("(S (NP-SBJ (DT the) (NN cat)) (VP (VBZ sleeps)))\n", "ptb")
    text = convert_corpus(ptb, "export").text
    assert text == ("#BOS 1\nthe\t--\tDT\t--\t--\t500\ncat\t--\tNN\t--\t--\t500\nsleeps\t--\tVBZ\t--\t--\t501\n"
                    "#500\t--\tNP\t--\tSBJ\t502\n#501\t--\tVP\t--\t--\t502\n#502\t--\tS\t--\t--\t0\n#EOS 1\n")
    assert "export" in targets_for("ptb") and "tiger" in targets_for("alpino")
    source = tmp_path / "in.export"
    source.write_bytes((DATA / "tiger-sample.export").read_bytes())
    code = main([str(source), "--to", "ptb", "-o", str(tmp_path / "out.mrg")])
    err = capsys.readouterr().err
    assert code == 1
    assert (f"{source}:2459: sentence 6 cannot be written as ptb: discontinuous constituents "
            "(S, VP, PP) cannot be written as PTB brackets\n") in err
    assert "12 sentence(s) could not be read or converted" in err
    lines = (tmp_path / "out.mrg").read_text(encoding="latin-1").splitlines()
    assert len(lines) == 20 and lines[5] == "" and lines[0].startswith("(ROOT ($[ ``) (S (PN (NE Ross)")


def test_cli_writes_tiger_xml_as_utf8_that_reads_back(tmp_path):
    source = tmp_path / "in.export"
    source.write_bytes((DATA / "tiger-sample.export").read_bytes())     # ISO-8859-1
    out = tmp_path / "out.xml"
    assert main([str(source), "--to", "tiger", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<corpus id="tcompare">\n  <body>\n')
    assert data.endswith(b"  </body>\n</corpus>\n")
    again = formats.read_file(out)
    assert again.notation == "tiger" and again.encoding.lower() == "utf-8" and len(again) == 20
    assert again[0].item.words[3] == "wäre"


def test_the_window_saves_a_latin1_export_as_utf8_tiger(tmp_path):
    from tcompare.workspace.gold_file import GoldFile

    source = tmp_path / "in.export"
    source.write_bytes((DATA / "tiger-sample.export").read_bytes())
    gold = GoldFile(formats.read_file(source))
    assert "tiger" in gold.targets() and "alpino" in gold.targets()
    assert gold.save_as(str(tmp_path / "out.xml"), "tiger") == []
    again = formats.read_file(tmp_path / "out.xml")
    assert again.notation == "tiger" and again[0].item.words[3] == "wäre"


@pytest.mark.parametrize("target", ["export", "tiger", "alpino", "discbracket"])
def test_a_sentence_that_does_not_read_is_written_as_an_empty_one(target):
    text = "(S (NP (DT the) (NN cat)))\n(S (NP (DT a) (NN dog)\n(S (VP (VB go)))\n(S (X (Y z)))\n"
    corpus = formats.read_text(text, "ptb", path="in.mrg")
    assert len(corpus) == 4
    result = convert_corpus(corpus, target)
    assert len(result.problems) == 1 and result.problems[0].startswith("in.mrg:2:")
    back = formats.read_text(result.text, target)
    assert back.errors() == [] and len(back) == 4
    assert [r.item.words for r in back] == [["the", "cat"], [], ["go"], ["z"]]
