"""`tcompare convert` (spec/cli.md): round trips byte-identical, conversions between
constituency notations, encodings and line ends kept, errors reported with positions."""

import codecs
from pathlib import Path

import pytest
from conftest import anchor

from tcompare import formats
from tcompare.entry import main as cli_main
from tcompare.cli.convert import convert_corpus, main

PKU = ("( dj ( np ( !rNP ( 我们 ) ) !vp ( !v ( 看到 ) np ( a ( 大 ) !n ( 树 ) ) ) ) )\n"
       "( zj ( !dj ( np ( !rN ( 他 ) ) !vp ( !v ( 写 ) np ( !n ( 字 ) ) ) ) wE ( 。 ) ) )\n")
TCT = ("[dj-1 [np-0 我们/rNP ] [vp-0 看到/v [np-1 大/a 树/n ] ] ]\n"
       "[zj-0 [dj-1 [np-0 他/rN ] [vp-0 写/v [np-0 字/n ] ] ] 。/wE ]\n")
TCT2012 = ("(dj-1 (np-0 (rNP 我们) ) (vp-0 (v 看到) (np-1 (a 大) (n 树) ) ) )\n"
           "(zj-0 (dj-1 (np-0 (rN 他) ) (vp-0 (v 写) (np-0 (n 字) ) ) ) (wE 。) )\n")


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def run(argv, capsys) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_no_to_is_a_byte_identical_round_trip(tmp_path):
    data = codecs.BOM_UTF8 + PKU.replace("\n", "\r\n").encode("utf-8")
    source = write(tmp_path, "in.pku", data)
    code = main([str(source), "-o", str(tmp_path / "out.pku")])
    assert code == 0
    assert (tmp_path / "out.pku").read_bytes() == data


def test_dispatched_from_the_tcompare_command(tmp_path):
    source = write(tmp_path, "in.tct", TCT.encode("gb18030"))
    assert cli_main(["convert", str(source), "-o", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o").read_bytes() == TCT.encode("gb18030")


def test_pku_to_tct_turns_marks_into_head_positions(tmp_path, capsys):
    source = write(tmp_path, "in.pku", PKU.encode("gb18030"))
    code, _, err = run([source, "--to", "tct", "-o", tmp_path / "out.tct"], capsys)
    assert (code, err) == (0, "")
    # the input's encoding is kept
    assert (tmp_path / "out.tct").read_bytes().decode("gb18030") == TCT


def test_tct_to_pku_and_round_brackets_and_back(tmp_path, capsys):
    source = write(tmp_path, "in.tct", TCT.encode("utf-8"))
    code, out, _ = run([source, "--to", "pku"], capsys)
    assert code == 0 and out == PKU
    code, out, _ = run([source, "--to", "tct2012"], capsys)
    assert code == 0 and out == TCT2012
    back = write(tmp_path, "back.psg", out.encode("utf-8"))
    code, out, _ = run([back, "--to", "tct"], capsys)
    assert code == 0 and out == TCT


def test_to_ptb(tmp_path, capsys):
    source = write(tmp_path, "in.tct", TCT.encode("utf-8"))
    code, out, _ = run([source, "--to", "ptb"], capsys)
    assert code == 0
    tree = formats.read_text(out, "ptb")[0].item
    assert tree.words == ["我们", "看到", "大", "树"]
    assert [n.label.raw for n in tree.nodes()] == ["dj-1", "np-0", "vp-0", "np-1"]


def test_newline_and_output_encoding_options(tmp_path, capsys):
    source = write(tmp_path, "in.tct", TCT.encode("gb18030"))
    out_path = tmp_path / "out.psg"
    code, _, _ = run([source, "--to", "tct2012", "--newline", "crlf",
                      "--output-encoding", "utf-8-sig", "-o", out_path], capsys)
    assert code == 0
    assert out_path.read_bytes() == codecs.BOM_UTF8 + TCT2012.replace("\n", "\r\n").encode("utf-8")


@pytest.mark.anchors
def test_ccgbank_to_2012_brackets_respells_categories_and_back(tmp_path, capsys):
    path = anchor("ccg", "ccgbank_gold_sample", "wsj_0003.auto")
    code, out, err = run([path, "--to", "tct2012"], capsys)
    assert (code, err) == (0, "")
    first = out.split("\n")[0]
    assert first.startswith("(S{dcl} (S{dcl} (S{dcl} (NP (NP (NP (NP{nb}/N A) (N form) ) "
                            "(NP\\NP ([NP\\NP]/NP of)")
    corpus = formats.read_text(out)
    assert corpus.notation == "tct2012" and corpus.errors() == [] and len(corpus) == 30
    back = convert_corpus(corpus, "ccgauto")
    assert back.problems == []
    original = formats.read_file(path)
    again = formats.read_text(back.text, "ccgauto")
    for a, b in zip(original, again):
        assert [n.label.ccg for n in a.item.nodes()] == [n.label.ccg for n in b.item.nodes()]
        assert [t.ccg for t in a.item.tokens] == [t.ccg for t in b.item.tokens]
        assert a.item.words == b.item.words


@pytest.mark.anchors
@pytest.mark.parametrize("parts", [
    ("ccg", "switchboard", "test100.depccg.auto"),
    ("ccg", "geometry", "geo-dev.auto"),
])
def test_real_files_round_trip_through_the_command(parts, tmp_path):
    path = anchor(*parts)
    assert main([str(path), "-o", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out").read_bytes() == Path(path).read_bytes()


def test_broken_sentence_is_reported_and_keeps_its_position(tmp_path, capsys):
    text = PKU.split("\n")[0] + "\n( dj ( np ( !n ( 我 ) ) \n" + PKU.split("\n")[1] + "\n"
    source = write(tmp_path, "in.pku", text.encode("utf-8"))
    code, out, err = run([source, "--to", "tct"], capsys)
    assert code == 1
    assert f"{source}:2:3: unbalanced '('" in err and "1 sentence(s)" in err
    lines = out.split("\n")
    assert lines[1] == "[]"            # the empty parse holds sentence 2's place
    assert len(formats.read_text(out, "tct")) == 3
    # a round trip keeps the broken sentence verbatim but still says it is broken
    code, out, err = run([source], capsys)
    assert code == 1 and out == text and "unbalanced" in err


def test_impossible_conversions_are_usage_errors(tmp_path, capsys):
    source = write(tmp_path, "in.tct", TCT.encode("utf-8"))
    code, out, err = run([source, "--to", "ccgauto"], capsys)
    assert code == 2 and out == "" and "tct converts to: ptb, tct2012, pku" in err
    psg = write(tmp_path, "in.psg", TCT2012.encode("utf-8"))
    code, out, err = run([psg, "--to", "ccgauto"], capsys)
    assert code == 2 and out == "" and "no CCG categories" in err
    sinica = write(tmp_path, "in.sinica", "S(agent:NP(Nh:他)|Head:VC:刊登)\n".encode())
    code, out, err = run([sinica, "--to", "tct"], capsys)
    assert code == 2 and "would change what the labels mean" in err
    code, _, err = run([source, "--to", "conllx"], capsys)
    assert code == 2 and "cannot convert constituency" in err
    code, _, err = run([source, "--to", "nonsense"], capsys)
    assert code == 2 and "unknown notation" in err


def test_word_the_target_cannot_hold_is_reported(tmp_path, capsys):
    source = write(tmp_path, "in.psg", "(zj (np (n a[b) ) (wE 。) )\n(zj (n 好) )\n".encode())
    code, out, err = run([source, "--format", "tct2012", "--to", "tct"], capsys)
    assert code == 1 and "sentence 1 cannot be written as tct" in err
    assert out.split("\n")[:2] == ["[]", "[zj 好/n ]"]


def test_unreadable_file(tmp_path, capsys):
    code, _, err = run([tmp_path / "missing.tct"], capsys)
    assert code == 1 and "cannot open file" in err
    data = b"[dj \xff\xfe\xfd\xff/n ]\n" * 4
    source = write(tmp_path, "bad.tct", data)
    code, _, err = run([source], capsys)
    assert code == 1 and "byte offset 4" in err
    # one bad byte (issue 12.6): the file is read, that sentence is reported with
    # file:line:column and the byte, and a round trip writes the byte back as it came
    source = write(tmp_path, "one.tct", b"[dj x/n ]\n[dj \xff/n ]\n[dj y/n ]\n")
    target = tmp_path / "one.out.tct"
    code, _, err = run([source, "-o", target], capsys)
    assert code == 1 and f"{source}:2:5" in err and "0xff" in err
    assert target.read_bytes() == source.read_bytes()


# "Done when" of the Foundation issue: every real data file under anchors/ reads with zero
# errors and `tcompare convert` writes it back byte-identical.
ANCHOR_DATA = ["evalb/sample.gld", "evalb/sample.tst", "evalb/real/**/*.mrg",
               "evalb/real/**/*.gld", "evalb/real/**/*.tst", "evalb/real/wsj23_berkeley/23.*",
               "sinica/parsed", "conllx/*.conll", "conllx/zh_gsd_malt/*.conll",
               "conllu/*.conllu", "ccg/*/*.auto", "ccg/*/*.ccg"]


def _anchor_files() -> list[str]:
    from conftest import ANCHORS
    found = []
    for pattern in ANCHOR_DATA:
        found += sorted(str(p.relative_to(ANCHORS)) for p in ANCHORS.glob(pattern))
    return found or ["(anchors absent)"]


@pytest.mark.anchors
@pytest.mark.parametrize("relative", _anchor_files())
def test_every_real_anchor_file_converts_back_byte_identical(relative, tmp_path, capsys):
    path = anchor(*relative.split("/"))
    code, out, err = run([path, "-o", tmp_path / "copy"], capsys)
    assert (code, err) == (0, "")
    assert (tmp_path / "copy").read_bytes() == Path(path).read_bytes()
