"""Acceptance checks of the readers on the traps of spec/notations.md, for every notation.

Each demo gold file is turned into the variants real files come in (CRLF, UTF-8 BOM,
GB18030, Big5 where the text allows it, no final newline) and must read without errors
and write back byte for byte; a sentence broken in the middle must become one error that
names file, line and column, with every other sentence still read.
"""

import re

import pytest

from conftest import RESOURCES
from tcompare import formats

DEMO = RESOURCES / "demo"
GOLD = {
    "ptb": DEMO / "ptb" / "gold.mrg",
    "tct": DEMO / "tct" / "gold.tct",
    "pku": DEMO / "pku" / "gold.pku",
    "tct2012": DEMO / "tct2012" / "gold.psg",
    "sinica": DEMO / "sinica" / "gold.sinica",
    "ccgauto": DEMO / "ccg" / "gold.auto",
    "conllx": DEMO / "conll" / "demo.gold.conll",
    "conllu": DEMO / "conll" / "demo.gold.conllu",
}


def variants(text: str) -> dict[str, bytes]:
    out = {
        "utf8": text.encode("utf-8"),
        "crlf": text.replace("\n", "\r\n").encode("utf-8"),
        "bom": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "no-final-newline": text.rstrip("\n").encode("utf-8"),
        "gb18030": text.encode("gb18030"),
    }
    try:
        out["big5"] = text.encode("big5")
    except UnicodeEncodeError:
        pass                       # simplified characters: no Big5 form
    return out


CASES = [(notation, name) for notation, path in GOLD.items()
         for name in variants(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("notation, variant", CASES)
def test_variant_reads_cleanly_and_round_trips(tmp_path, notation, variant):
    data = variants(GOLD[notation].read_text(encoding="utf-8"))[variant]
    path = tmp_path / f"file.{variant}"
    path.write_bytes(data)
    corpus = formats.read_file(path)
    assert corpus.notation == notation
    assert [str(e) for e in corpus.errors()] == []
    reference = formats.read_file(GOLD[notation])
    assert len(corpus) == len(reference)
    assert formats.corpus_bytes(corpus) == data


# one sentence broken in the middle of each bracket notation: (notation, sentence, old, new)
BREAKS = [
    ("ptb", 2, "(NP (DT the) (NN cake))", "(NP (DT the) (NN cake)"),
    ("tct", 2, "]", ""),
    ("pku", 2, "( 还 )", "( 还 ) )"),
    ("tct2012", 2, ")", ""),
    ("sinica", 2, "|", "||"),
]


@pytest.mark.parametrize("notation, sentence, old, new", BREAKS)
def test_one_broken_sentence_is_one_located_error(tmp_path, notation, sentence, old, new):
    lines = GOLD[notation].read_text(encoding="utf-8").split("\n")
    assert old in lines[sentence - 1]
    lines[sentence - 1] = lines[sentence - 1].replace(old, new, 1)
    path = tmp_path / f"broken.{notation}"
    text = "\n".join(lines)
    path.write_text(text, encoding="utf-8")
    corpus = formats.read_file(path, notation)
    errors = corpus.errors()
    assert len(errors) == 1
    assert re.match(rf"{re.escape(str(path))}:{sentence}:\d+: ", str(errors[0]))
    reference = formats.read_file(GOLD[notation])
    assert len(corpus) == len(reference)
    for i, record in enumerate(corpus):
        if i != sentence - 1:
            assert record.error is None
    assert formats.corpus_bytes(corpus) == text.encode("utf-8")


def test_undecodable_file_names_the_byte_offset(tmp_path):
    path = tmp_path / "bad.mrg"
    path.write_bytes(b"(TOP (S (X a\x80\x81\xfe\x80 b)))\n" * 4)
    with pytest.raises(formats.ReadError, match=r"byte offset 12"):
        formats.read_file(path)


@pytest.mark.issue(12)
def test_a_few_bad_bytes_make_one_error_sentence(tmp_path):
    path = tmp_path / "bad.mrg"
    path.write_bytes(b"(TOP (S (X a)))\n(TOP (S (X a\x80\xfe b)))\n(TOP (S (X c)))\n")
    corpus = formats.read_file(path)
    assert [r.ok for r in corpus] == [True, False, True]
    assert str(corpus[1].error).startswith(f"{path}:2:13: byte 0x80 is not valid")


def test_multiline_mrg_with_a_broken_tree_stays_in_tree_mode():
    """Indented continuation lines mark a .mrg file: trees are still cut where they balance."""
    text = ("( (S\n    (NP (DT The) (NN cat))\n    (VP (VBD sat))))\n"
            "( (S\n    (NP (PRP He))\n    (VP (VBD ran)))\n"
            "( (S\n    (NP (PRP It))\n    (VP (VBZ is))))\n")
    corpus = formats.read_text(text, "ptb", "x.mrg")
    assert len(corpus) == 2      # the second tree lacks a ')' and runs into the third
    assert corpus[0].error is None and corpus[1].error is not None
    assert formats.format_corpus(corpus) == text


def test_evalb_json_pairs_the_lines_after_a_broken_one(tmp_path):
    """The Tree path (JSON) now pairs by line like the rsl path after a broken line."""
    import json
    import subprocess
    import sys

    gold = tmp_path / "gold.mrg"
    system = tmp_path / "system.mrg"
    good = ["(TOP (S (NP (PRP He)) (VP (VBD ran))))", "(TOP (S (NP (PRP It)) (VP (VBZ is))))",
            "(TOP (S (NP (PRP We)) (VP (VBP go))))", "(TOP (S (NP (PRP I)) (VP (VBD sat))))"]
    gold.write_text("\n".join(good) + "\n", encoding="utf-8")
    system.write_text("\n".join([good[0], good[1][:-1], *good[2:]]) + "\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tcompare", "score", gold, system,
                           "--output", "json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    statuses = [s["status"] for s in json.loads(proc.stdout)["sentences"]]
    assert statuses == ["valid", "error", "valid", "valid"]


def test_conllu_to_conllx_writes_real_conllx():
    """No comments, multiword-token lines or empty nodes; DEPS/MISC are not PHEAD/PDEPREL."""
    from tcompare.formats.conversion import convert_corpus

    source = formats.read_file(GOLD["conllu"])
    result = convert_corpus(source, "conllx")
    assert result.problems == []
    rows = [line.split("\t") for line in result.text.split("\n") if line]
    assert all(len(cols) == 10 and cols[0].isdigit() for cols in rows)
    assert all(cols[8:] == ["_", "_"] for cols in rows)
    assert len(rows) == sum(len(record.item) for record in source)
    back = formats.read_text(result.text, "conllx")
    assert [[w.head for w in r.item.words] for r in back] == \
        [[w.head for w in r.item.words] for r in source]
