"""CoNLL-X / CoNLL-U readers: lossless round trips, CoNLL-U extras kept, bad input reported."""

import pytest

from conftest import RESOURCES, anchor
from tcompare import formats
from tcompare.formats.conllx import format_item

ANCHOR_FILES = [("conllx", "gold.conll"), ("conllx", "system.conll"),
                ("conllx", "zh_gsd_malt", "gold.conll"), ("conllx", "zh_gsd_malt", "system.conll"),
                ("conllu", "zh_gsd-ud-test.conllu"), ("conllu", "zh_gsdsimp-ud-test.conllu")]


@pytest.mark.anchors
@pytest.mark.parametrize("parts", ANCHOR_FILES, ids=lambda p: "/".join(p))
def test_anchor_files_read_without_errors_and_round_trip(parts):
    path = anchor(*parts)
    corpus = formats.read_file(path)
    assert corpus.notation == parts[0]
    assert corpus.errors() == []
    assert all(not r.item.meta.get("warnings") for r in corpus)
    assert formats.corpus_bytes(corpus) == path.read_bytes()


@pytest.mark.anchors
def test_anchor_sizes():
    sv = formats.read_file(anchor("conllx", "gold.conll"))
    assert len(sv) == 230 and sum(len(r.item) for r in sv) == 2651
    zh = formats.read_file(anchor("conllu", "zh_gsd-ud-test.conllu"))
    assert len(zh) == 500 and sum(len(r.item) for r in zh) == 12010
    first = zh[0].item
    assert first.comments[0] == "# sent_id = test-s1"
    assert first.text() == "然而，這樣的處理也衍生了一些問題。"


ROWS = "1\tThe\t_\tDT\tDT\t_\t2\tNMOD\t_\t_\n2\tdog\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n"


@pytest.mark.parametrize("text", [
    ROWS + "\n" + ROWS + "\n",            # ordinary
    ROWS + "\n" + ROWS,                   # missing final blank line
    "\n\n" + ROWS + "\n\n\n" + ROWS + "\n",  # extra blank lines
    (ROWS + "\n" + ROWS + "\n").replace("\n", "\r\n"),  # Windows line ends
])
def test_round_trip_is_byte_identical(text):
    corpus = formats.read_text(text, "conllx")
    assert len(corpus) == 2
    assert corpus.errors() == []
    assert formats.format_corpus(corpus) == text
    assert [w.form for w in corpus[1].item.words] == ["The", "dog"]


def test_crlf_fields_are_clean():
    corpus = formats.read_text(ROWS.replace("\n", "\r\n"), "conllx")
    assert corpus.newline == "\r\n"
    assert corpus[0].item.words[1].pdeprel == "_"


def test_head_outside_sentence_is_a_warning_with_line_and_column():
    text = ROWS + "\n" + "1\tA\t_\tDT\tDT\t_\t7\tNMOD\t_\t_\n2\tb\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n\n"
    corpus = formats.read_text(text, "conllx", "x.conll")
    sent = corpus[1].item
    assert corpus[1].error is None
    (warning,) = sent.meta["warnings"]
    assert (warning.path, warning.line, warning.column) == ("x.conll", 4, 15)
    assert "outside the sentence" in warning.message


def test_too_few_columns_is_an_error_not_a_crash():
    corpus = formats.read_text(ROWS + "\n1\tonly\tthree\n\n", "conllx", "bad.conll")
    assert corpus[0].error is None
    err = corpus[1].error
    assert err is not None and err.line == 4 and err.path == "bad.conll"
    assert "columns" in err.message


def test_whitespace_separated_rows_are_read_like_eval_pl():
    corpus = formats.read_text("1 The _ DT DT _ 2 NMOD _ _\n2 dog _ NN NN _ 0 ROOT _ _\n\n", "conllx")
    assert [w.head for w in corpus[0].item.words] == ["2", "0"]


def test_conllu_keeps_comments_multiword_and_empty_nodes():
    path = RESOURCES / "demo" / "conll" / "demo.gold.conllu"
    corpus = formats.read_file(path)
    assert corpus.notation == "conllu"
    first, second = corpus[0].item, corpus[1].item
    assert [r.id for r in first.rows] == ["1", "2-3", "2", "3", "4", "5"]
    assert [w.form for w in first.words] == ["She", "can", "not", "come", "."]
    assert first.comments == ["# sent_id = demo-en-1", "# text = She cannot come."]
    assert [r.kind for r in second.rows if r.id == "5.1"] == ["empty"]
    assert len(second) == 7
    assert formats.corpus_bytes(corpus) == path.read_bytes()


def test_edited_sentence_is_rewritten_with_its_extras():
    corpus = formats.read_file(RESOURCES / "demo" / "conll" / "demo.gold.conllu")
    sent = corpus[0].item.copy()
    sent.words[2].head = "3"
    corpus[0].replace_item(sent)
    text = formats.format_corpus(corpus)
    assert "2-3\tcannot\t_" in text
    assert "3\tnot\tnot\tPART\tRB\t_\t3\tadvmod" in text
    assert format_item(sent).endswith("\n\n")
    again = formats.read_text(text, "conllu")
    assert [w.head for w in again[0].item.words] == ["4", "4", "3", "0", "4"]


def test_sniffing_tells_conllu_from_conllx():
    assert formats.sniff((RESOURCES / "demo" / "conll" / "demo.gold.conllu").read_text()) == "conllu"
    assert formats.sniff((RESOURCES / "demo" / "conll" / "demo.gold.conll").read_text()) == "conllx"


@pytest.mark.anchors
def test_reader_agrees_with_the_conllu_library():
    import conllu

    path = anchor("conllu", "zh_gsd-ud-test.conllu")
    ours = formats.read_file(path)
    with open(path, encoding="utf-8") as fh:
        theirs = list(conllu.parse_incr(fh))
    assert len(ours) == len(theirs)
    for record, sent in zip(ours, theirs):
        words = record.item.words
        ref = [t for t in sent if isinstance(t["id"], int)]
        assert [w.form for w in words] == [t["form"] for t in ref]
        assert [int(w.head) for w in words] == [t["head"] for t in ref]
        assert [w.deprel for w in words] == [t["deprel"] for t in ref]
        assert record.item.text() == sent.metadata["text"]


def test_demo_conllu_agrees_with_the_conllu_library():
    import conllu

    path = RESOURCES / "demo" / "conll" / "demo.gold.conllu"
    theirs = conllu.parse(path.read_text(encoding="utf-8"))
    ours = formats.read_file(path)
    for record, sent in zip(ours, theirs):
        assert [r.id for r in record.item.rows] == [
            "-".join(map(str, t["id"][::2])) if isinstance(t["id"], tuple) and t["id"][1] == "-"
            else ".".join(map(str, t["id"][::2])) if isinstance(t["id"], tuple) else str(t["id"])
            for t in sent]


def test_feats_misc_and_metadata_are_parsed_with_the_conllu_library():
    from tcompare.formats.conllu import features, metadata, misc

    text = ("# sent_id = s1\n# text = 他來了\n"
            "1\t他\t他\tPRON\tPRP\tPerson=3\t2\tnsubj\t_\tSpaceAfter=No\n"
            "2\t來了\t來\tVERB\tVV\t_\t0\troot\t_\t_\n\n")
    sentence = formats.read_text(text, "conllu")[0].item
    assert metadata(sentence) == {"sent_id": "s1", "text": "他來了"}
    assert features(sentence.words[0]) == {"Person": "3"}
    assert misc(sentence.words[0]) == {"SpaceAfter": "No"}
    assert features(sentence.words[1]) == {}
