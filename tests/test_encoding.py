"""Encodings (spec/notations.md "Encodings"): UTF-8, UTF-8 with BOM, GB18030/GBK, Big5
detected and kept on write, CRLF kept, an undecodable file is an error with the byte offset."""

import codecs

import pytest
from conftest import anchor

from tcompare import formats
from tcompare.formats.encoding import DecodeError, EncodeError, decode_bytes, encode_text

TCT_TEXT = ("[zj-XX [dj-ZW 我们/rNP [vp-PO 看到/v [np-DZ 被/p 砍伐/v 的/uJDE 树/n ] ] ] 。/wE ]\r\n"
            "[zj-XX [dj-ZW 他/rN [vp-PO 写/v 书/n ] ] 。/wE ]\r\n")
SINICA_TEXT = ("#1:1.[0] S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告))#。(PERIODCATEGORY)\n"
               "#2:1.[0] S(agent:NP(Na:母親)|Head:VC:帶|theme:NP(Nh:他們)|location:PP(P:到|"
               "NP(Na:溪|Ncd:邊)))#。(PERIODCATEGORY)\n")


@pytest.mark.parametrize("text, encoding", [
    (TCT_TEXT, "gb18030"),
    (TCT_TEXT, "gbk"),
    (SINICA_TEXT, "big5"),
    (SINICA_TEXT, "gbk"),        # traditional characters in a GBK file stay GB
    (TCT_TEXT, "utf-8"),
])
def test_detects_the_encoding_and_gives_the_same_bytes_back(text, encoding, tmp_path):
    data = text.encode(encoding)
    decoded = decode_bytes(data)
    assert decoded.text == text
    expected = {"gbk": "gb18030"}.get(encoding, encoding)
    assert decoded.encoding == expected
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    corpus = formats.read_file(path)
    assert corpus.errors() == []
    assert formats.corpus_bytes(corpus) == data


@pytest.mark.parametrize("word", ["书", "中", "我们", "台湾", "看到", "树"])
def test_short_simplified_words_are_not_taken_for_big5(word):
    assert decode_bytes(word.encode("gb18030")).encoding == "gb18030"


@pytest.mark.parametrize("word", ["報紙上", "中", "臺灣", "母親", "廣告"])
def test_short_traditional_words_in_big5(word):
    assert decode_bytes(word.encode("big5")).encoding == "big5"


def test_utf8_bom_is_kept(tmp_path):
    data = codecs.BOM_UTF8 + TCT_TEXT.encode("utf-8")
    path = tmp_path / "bom.tct"
    path.write_bytes(data)
    corpus = formats.read_file(path)
    assert (corpus.encoding, corpus.bom, corpus.notation) == ("utf-8", True, "tct")
    assert corpus[0].item.words[0] == "我们"       # the BOM is not part of the first word
    assert formats.corpus_bytes(corpus) == data


def test_utf16_with_bom_is_read_and_kept():
    data = codecs.BOM_UTF16_LE + TCT_TEXT.encode("utf-16-le")
    decoded = decode_bytes(data)
    assert (decoded.encoding, decoded.bom, decoded.text) == ("utf-16-le", True, TCT_TEXT)
    assert encode_text(decoded.text, decoded.encoding, decoded.bom) == data


def test_crlf_is_kept_and_edited_sentences_use_it(tmp_path):
    path = tmp_path / "crlf.tct"
    path.write_bytes(TCT_TEXT.encode("gb18030"))
    corpus = formats.read_file(path)
    assert corpus.newline == "\r\n"
    tree = corpus[1].item.copy()
    tree.tokens[2].form = "字"
    corpus[1].replace_item(tree)
    expected = TCT_TEXT.replace("书/n ] ] 。/wE ]", "字/n ] ] 。/wE ]")
    assert formats.corpus_bytes(corpus) == expected.encode("gb18030")


@pytest.mark.issue(12)
def test_one_bad_byte_is_one_error_sentence_and_the_rest_is_read(tmp_path):
    data = b"[dj x/n ]\n[dj \xff\xfe\xfd/n ]\n[dj y/n ]\n"
    path = tmp_path / "bad.tct"
    path.write_bytes(data)
    corpus = formats.read_file(path)
    assert [r.ok for r in corpus] == [True, False, True]
    error = corpus[1].error
    assert "0xff" in error.message
    assert (error.path, error.line, error.column) == (str(path), 2, 5)
    assert formats.corpus_bytes(corpus) == data        # the byte is written back as it came


def test_undecodable_file_names_the_byte_offset(tmp_path):
    data = b"[dj x/n ]\n" + b"[dj \xff\xfe\xfd\xff/n ]\n" * 4
    path = tmp_path / "bad.tct"
    path.write_bytes(data)
    with pytest.raises(formats.ReadError) as info:
        formats.read_file(path)
    error = info.value.error
    assert "byte offset 14" in error.message and "0xff" in error.message
    assert (error.path, error.line, error.column) == (str(path), 2, 5)


def test_given_encoding_that_does_not_fit_is_an_error():
    text = "[dj 我/rN ]\n[dj 你/rN ]\n[dj 他/rN ]\n".encode("gb18030")
    with pytest.raises(DecodeError) as info:
        decode_bytes(text, "x", encoding="utf-8")
    assert "byte offset 4" in info.value.error.message
    # one sentence with bad bytes: read, the bytes listed with line, column and value
    decoded = decode_bytes("[dj 我/rN ]\n".encode("gb18030"), "x", encoding="utf-8")
    assert decoded.bad == ((1, 5, 0xCE), (1, 6, 0xD2))


def test_character_the_encoding_cannot_hold_is_a_clear_error():
    with pytest.raises(EncodeError) as info:
        encode_text("[dj 他/rN ]\n[dj 书/n ]\n", "big5")
    assert "'书'" in str(info.value) and (info.value.line, info.value.column) == (2, 5)


@pytest.mark.anchors
def test_real_sinica_file_as_big5_round_trips(tmp_path):
    text = anchor("sinica", "parsed").read_bytes().decode("utf-8")
    lines = []
    for line in text.split("\n")[:2000]:
        try:
            line.encode("big5")
        except UnicodeEncodeError:
            continue   # a few characters of the Sinica sample are outside Big5
        lines.append(line)
    data = "\n".join(lines).encode("big5")
    assert len(lines) > 1000
    decoded = decode_bytes(data)
    assert decoded.encoding == "big5"
    assert encode_text(decoded.text, decoded.encoding) == data


def test_big5_middle_dot_is_the_sinica_hyphenation_point_and_round_trips():
    """Sinica's `V‧的` is U+2027; Python's plain big5 codec reads A1 45 as U+2022."""
    from tcompare.formats.encoding import decode_bytes, encode_text

    data = "S(property:V‧的(head:VH11:急促|Head:DE:的)|Head:Nad:腳步聲)\r\n".encode("cp950") * 3
    decoded = decode_bytes(data)
    assert decoded.encoding == "big5"
    assert "V\u2027的" in decoded.text
    assert encode_text(decoded.text, decoded.encoding) == data


def test_sniff_file_gives_what_read_file_sniffs(tmp_path):
    # one head-sniffing helper for the streamed paths (EVALB JSON, the Chinese kernel)
    from tcompare import formats
    from tcompare.paths import resource

    for path in sorted(resource("demo").rglob("*")):
        if path.is_file() and path.suffix != ".md":
            try:
                text = path.read_bytes().decode("utf-8-sig")
            except UnicodeDecodeError:
                assert formats.sniff_file(path) is None
                continue
            assert formats.sniff_file(path) == formats.sniff(text, str(path)), path
    big = tmp_path / "big.conllu"          # UD marks only after 20,000 characters of rows
    rows = "".join(f"{i}\tw\tw\tN\tN\t_\t0\troot\t_\t_\n\n" for i in range(1, 3000))
    big.write_text(rows + "# sent_id = 1\n1-2\tab\t_\t_\t_\t_\t_\t_\t_\t_\n", encoding="utf-8")
    assert formats.sniff_file(big) == formats.sniff(big.read_text(encoding="utf-8"), str(big))
    bom = tmp_path / "bom.mrg"
    bom.write_bytes(b"\xef\xbb\xbf(S (NP (N a)))\n")
    assert formats.sniff_file(bom) == "ptb"
    latin = tmp_path / "latin.mrg"
    latin.write_bytes("(S (N caf\u00e9))\n".encode("latin-1"))
    assert formats.sniff_file(latin) is None
