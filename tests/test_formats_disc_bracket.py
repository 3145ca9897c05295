"""discbracket (disco-dop's .dbr): reading, byte-identical round trips of disco-dop's own
samples, edited trees, errors at file:line:column, sniffing."""

import os
from pathlib import Path

import pytest

from tcompare.formats import format_corpus, read_file, read_text, sniff

REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parents[2] / "refs")) / "discodop" / "src"
SAMPLES = sorted((REFS / "tests").glob("*.dbr")) if REFS.exists() else []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_disco_dop_samples_round_trip(path):
    data = path.read_bytes()
    corpus = read_file(path)
    assert corpus.notation == "discbracket"
    assert corpus.errors() == []
    assert format_corpus(corpus).encode() == data


def test_samples_exist_when_refs_do():
    if not REFS.exists():
        pytest.skip("disco-dop sources absent")
    assert {p.name for p in SAMPLES} >= {"t2.dbr", "longsent.dbr"}


TEXT = ("(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\tsent 1\n"
        "\n"
        "(ROOT (S (NP-SB (ART 0=Die) (NN 1=Katze)) (VVFIN 2=a=b)))\n")


def test_reading_positions_functions_comments():
    corpus = read_text(TEXT, "discbracket")
    first, second = corpus[0].item, corpus[1].item
    assert first.words == ["is", "John", "rich", "?"]
    assert first.tags == ["VB", "NP", "JJ", "?"]
    assert first.meta == {"comment": "sent 1", "trailing": "\n"}
    vp = first.nodes()[1]
    assert vp.label.raw == "VP" and vp.positions == (0, 2)
    np = second.nodes()[2]
    assert (np.label.raw, np.label.category, np.label.function) == ("NP-SB", "NP", "SB")
    assert second.words[2] == "a=b"          # split at the first '='
    assert corpus[1].line == 3
    assert format_corpus(corpus) == TEXT


def test_an_edited_tree_is_written_in_position_order():
    corpus = read_text(TEXT, "discbracket")
    tree = corpus[0].item.copy()
    tree.nodes()[1].children.pop()           # JJ rich leaves the VP for the root
    assert tree.root is not None
    tree.root.children.append(tree.tokens[2])
    tree.finalize()
    corpus[0].replace_item(tree)
    assert format_corpus(corpus).splitlines()[0] == (
        "(S (VP (VB 0=is)) (NP 1=John) (JJ 2=rich) (? 3=?))\tsent 1")
    again = read_text(format_corpus(corpus), "discbracket")
    assert again[0].item.words == ["is", "John", "rich", "?"]
    assert format_corpus(again) == format_corpus(corpus)


@pytest.mark.parametrize("line, message, column", [
    ("(S (A 0=a) (B 0=b))", "position 0 occurs twice", 15),
    ("(S (A 0=a) (B 2=b))", "position 1 is missing", 15),
    ("(S (A 0=a) (B b))", "expected a leaf 'position=word'", 15),
    ("(S (A 0=a) (B 1=b)", "never closed", 1),
    ("(S (A 0=a)) (B 1=b))", "a second tree", 13),
    ("(S (A 0=a 1=b))", "more than one leaf", 11),
    ("(S 0=a)", "a word outside any phrase", 1),
    ("(S (A 0=a) 1=b)", "not inside a (TAG position=word)", 12),
])
def test_errors_name_line_and_column_and_the_rest_is_read(line, message, column):
    text = "(S (X 0=ok))\n" + line + "\n(S (Y 0=fine))\n"
    corpus = read_text(text, "discbracket", path="bad.dbr")
    errors = corpus.errors()
    assert len(errors) == 1
    assert message in errors[0].message
    assert (errors[0].path, errors[0].line, errors[0].column) == ("bad.dbr", 2, column)
    assert str(errors[0]).startswith(f"bad.dbr:2:{column}: ")
    assert corpus[0].item.words == ["ok"] and corpus[2].item.words == ["fine"]
    assert format_corpus(corpus) == text


def test_sniffing_tells_discbracket_from_ptb():
    assert sniff(TEXT) == "discbracket"
    assert sniff("(S (NP (DT the) (NN cat)) (VP (VBZ sleeps)))\n") == "ptb"
    assert sniff("(S (CD 1=2) (NN cat))\n") == "ptb"     # one '=' word is no discbracket


def test_parentheses_in_words_are_escaped_as_disco_dop_does():
    text = "(S (PUNCT 0=#LRB#) (NN 1=x) (PUNCT 2=#RRB#))\n"
    corpus = read_text(text, "discbracket")
    tree = corpus[0].item
    assert tree.words == ["(", "x", ")"]
    corpus[0].replace_item(tree.copy())
    assert format_corpus(corpus) == text


def test_the_files_child_order_is_kept_beside_the_models():
    from tcompare.formats.discbracket import source_ordered

    tree = read_text("(S (NP 1=John) (VP (VB 0=is) (JJ 2=rich)) (? 3=?))\n", "discbracket")[0].item
    root = tree.root
    assert [getattr(c, "label", c).raw if hasattr(c, "label") else c.form for c in root.children] == [
        "VP", "John", "?"]                                          # by first position
    assert [c.label.raw if hasattr(c, "label") else c.form for c in source_ordered(tree, root)] == [
        "John", "VP", "?"]                                          # as written
    plain = read_text("(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n", "discbracket")[0].item
    assert "source_order" not in plain.meta
