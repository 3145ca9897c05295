"""formats/conll_rows.py: the lean CoNLL reader of `tcompare diff` finds the sentences, lines
and rows the full reader (formats/conllx.py) finds, whatever the piece size it scans in."""

from __future__ import annotations

import pytest

from tcompare import formats
from tcompare.formats import conll_rows
from tcompare.formats.conll_rows import ConllBlocks, ConllRows, key_of

ROW = "{i}\t{f}\t{f}\tNOUN\t_\t_\t0\troot\t_\t_"
SAMPLES = {
    "plain": "# sent_id = a\n# text = x y\n1\tx\tx\tX\t_\t_\t0\troot\t_\t_\n2\ty\ty\tX\t_\t_\t1\tdep\t_\t_\n\n"
             "# sent_id = b\n1\tz\tz\tX\t_\t_\t0\troot\t_\t_\n\n",
    "crlf, no final blank line": "# sent_id = a\r\n1\tx\tx\tX\t_\t_\t0\troot\t_\t_\r\n\r\n"
                                 "1\tz\tz\tX\t_\t_\t0\troot\t_\t_\r\n",
    "leading blanks, blank lines of spaces, no final newline":
        "\n  \n# c\n1\tx\tx\tX\t_\t_\t0\troot\t_\t_\n \t \n\n\n1\tz\tz\tX\t_\t_\t0\troot\t_\t_",
    "multiword and empty nodes": "1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n1\tde\tde\tADP\t_\t_\t3\tcase\t_\t_\n"
                                 "2\tel\tel\tDET\t_\t_\t3\tdet\t_\t_\n3\tmar\tmar\tNOUN\t_\t_\t0\troot\t_\t_\n"
                                 "3.1\tx\tx\tX\t_\t_\t_\t_\t3:dep\t_\n\n",
    "bom": "\ufeff# sent_id = a\n1\tx\tx\tX\t_\t_\t0\troot\t_\t_\n\n",
    "spaces instead of tabs": "1 x x X _ _ 0 root _ _\n2 y y X _ _ 1 dep _ _\n\n",
}


def _blocks(path, piece: int, monkeypatch) -> ConllBlocks:
    monkeypatch.setattr(conll_rows, "PIECE", piece)
    return ConllBlocks.open(str(path))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sentences_and_lines_equal_the_full_reader_for_any_piece_size(name, tmp_path, monkeypatch):
    path = tmp_path / "f.conllu"
    path.write_bytes(SAMPLES[name].encode("utf-8"))
    corpus = formats.read_file(path, "conllu")
    expected = [(r.line, [w.columns[:10] for w in r.item.words], r.item.comments) for r in corpus]
    data = path.read_bytes()
    for piece in (1, 2, 3, 5, 8, 13, 64, 1 << 22):
        blocks = _blocks(path, piece, monkeypatch)
        whole = ConllBlocks.from_bytes(data, str(path))
        for b in (blocks, whole):
            got = []
            for k in range(len(b)):
                rows = b.rows(k)
                assert isinstance(rows, ConllRows), rows
                got.append((rows.line, [tuple(w) for w in rows.words], rows.comments))
            assert got == [(line, list(map(tuple, words)), comments) for line, words, comments in expected], piece
        blocks.close()


def test_keys_equal_the_rows_surface():
    raw = SAMPLES["multiword and empty nodes"].encode("utf-8")
    rows = conll_rows.rows_of(raw, 1, "f")
    assert isinstance(rows, ConllRows)
    assert rows.surface() == ["del", "mar"]
    assert key_of(raw, 1, "f") == (None, ["del", "mar"])
    assert key_of(SAMPLES["plain"].split("\n\n")[0].encode(), 1, "f") == ("a", ["x", "y"])


def test_errors_name_file_line_and_column(tmp_path):
    bad = "1\tx\tx\tX\t_\t_\t0\troot\t_\t_\n\n# sent_id = b\n1\tz\n\n1\t\xff\n\n"
    data = bad.encode("utf-8").replace(b"\xc3\xbf", b"\xff")
    blocks = ConllBlocks.from_bytes(data, "f.conllu")
    assert len(blocks) == 3
    assert isinstance(blocks.rows(0), ConllRows)
    err = blocks.rows(1)
    assert str(err).startswith("f.conllu:4:4: 2 columns, a CoNLL row needs 10")
    assert key_of(blocks.raw(1), blocks.line(1), "f.conllu") == ("b", None)
    err = blocks.rows(2)
    assert str(err) == "f.conllu:6:3: byte 0xff is not UTF-8"
