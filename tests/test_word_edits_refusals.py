"""Word-level edits that would make the file invalid are refused with a message, and the
feature inventory the feature editor offers (no validator, no reference data needed)."""

from __future__ import annotations

import pytest

from tcompare import formats
from tcompare.editing import word_edits as we
from tcompare.editing.tree_edits import EditRefused
from tcompare.formats.conllx import format_item
from tcompare.model.deps import DepSentence


def _rows(*lines: str) -> str:
    return "\n".join("\t".join(line.split()) for line in lines) + "\n\n"


# "I don't know, she said." with a multiword token and an empty node (made up, UD-valid)
TEXT = "# sent_id = s1\n# text = I don't know, she said.\n" + _rows(
    "1 I I PRON PRP Case=Nom|Number=Sing|Person=1|PronType=Prs 4 nsubj 4:nsubj _",
    "2-3 don't _ _ _ _ _ _ _ _",
    "2 do do AUX VBP Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin 4 aux 4:aux _",
    "3 n't not PART RB Polarity=Neg 4 advmod 4:advmod _",
    "4 know know VERB VB VerbForm=Inf 7 ccomp 7:ccomp SpaceAfter=No",
    "4.1 know know VERB VB _ _ _ 4:conj _",
    "5 , , PUNCT , _ 7 punct 7:punct _",
    "6 she she PRON PRP Case=Nom|Gender=Fem|Number=Sing|Person=3|PronType=Prs 7 nsubj 4.1:nsubj|7:nsubj _",
    "7 said say VERB VBD Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin 0 root 0:root SpaceAfter=No",
    "8 . . PUNCT . _ 7 punct 7:punct _")


# two clauses, no enhanced graph
GO = "# sent_id = t\n# text = Go. Stop!\n" + _rows(
    "1 Go go VERB VB Mood=Imp|VerbForm=Fin 0 root _ SpaceAfter=No",
    "2 . . PUNCT . _ 1 punct _ _",
    "3 Stop stop VERB VB Mood=Imp|VerbForm=Fin 1 parataxis _ SpaceAfter=No",
    "4 ! ! PUNCT . _ 3 punct _ _")


@pytest.fixture
def s() -> DepSentence:
    item = formats.read_text(TEXT, "conllu")[0].item
    assert isinstance(item, DepSentence) and not item.meta.get("warnings")
    return item


@pytest.mark.parametrize("field,value,says", [
    ("FEATS", "case=Nom", "is not Name=Value"),
    ("FEATS", "Case=nom", "must start with A-Z or 0-9"),
    ("FEATS", "Case=Nom|Case=Acc", "given twice"),
    ("FEATS", "Case=Nom,Nom", "repeats a value"),
    ("FEATS", "Case", "is not Name=Value"),
    ("UPOS", "NOUNS", "is not a universal POS tag"),
    ("UPOS", "_", "is not a universal POS tag"),
    ("DEPS", "9:nsubj", "not a word or empty node"),
    ("DEPS", "4.2:nsubj", "not a word or empty node"),
    ("DEPS", "1:nsubj", "to itself"),
    ("DEPS", "4:NSUBJ", "not an enhanced relation"),
    ("DEPS", "4", "is not HEAD:RELATION"),
    ("MISC", "SpaceAfter=Yes", "SpaceAfter can only be No"),
    ("MISC", "A=1||B=2", "empty item"),
    ("LEMMA", "a\tb", "TAB"),
    ("XPOS", "N N", "cannot contain spaces"),
    ("COLOR", "red", "not an editable column"),
])
def test_invalid_column_values_are_refused(s, field, value, says):
    with pytest.raises(EditRefused, match=says):
        we.set_field(s, 0, field, value)
    assert format_item(s) == TEXT                 # nothing changed


def test_deps_edits_that_break_the_enhanced_graph_are_refused(s):
    with pytest.raises(EditRefused, match="every word of a sentence with enhanced graphs needs DEPS"):
        we.set_field(s, 0, "DEPS", "_")
    with pytest.raises(EditRefused, match="out of the enhanced graph"):
        we.set_field(s, 6, "DEPS", "4:ccomp")          # the root under its own dependent
    plain = formats.read_text(GO, "conllu")[0].item
    with pytest.raises(EditRefused, match="has no enhanced graph"):
        we.set_field(plain, 1, "DEPS", "1:punct")
    with pytest.raises(EditRefused, match="no enhanced graph"):
        we.insert_empty_node(plain, 2, "3:conj")


def test_a_multiword_token_row_takes_form_and_misc_only(s):
    with pytest.raises(EditRefused, match="has no UPOS"):
        we.set_field(s, "2-3", "UPOS", "AUX")
    with pytest.raises(EditRefused, match="cannot contain a space"):
        we.set_field(s, "2-3", "FORM", "do n't")
    assert we.set_field(s, "2-3", "MISC", "Translit=dont").rows[1].pdeprel == "Translit=dont"


def test_form_and_spaceafter_edits_rewrite_the_text_line(s):
    assert we.set_field(s, 4, "MISC", "SpaceAfter=No").comments[1] == "# text = I don't know,she said."
    assert we.set_field(s, "2-3", "FORM", "dont").comments[1] == "# text = I dont know, she said."
    assert we.set_field(s, 0, "LEMMA", "me").comments == s.comments


def test_empty_node_columns_and_deps_pointing_to_it(s):
    new = we.set_field(s, 5, "DEPS", "7:nsubj|4.1:nsubj")
    assert new.words[5].phead == "4.1:nsubj|7:nsubj"
    assert we.set_field(s, "4.1", "UPOS", "_").rows[5].cpostag == "_"


@pytest.mark.parametrize("edit,says", [
    (lambda s: we.split_token(s, 3, at=0), "between two of its characters"),
    (lambda s: we.split_token(s, 3, at=4), "between two of its characters"),
    (lambda s: we.split_token(s, 3, forms=("kn", "ew")), "do not spell"),
    (lambda s: we.split_token(s, 3, forms=("kn", "o w")), "without spaces"),
    (lambda s: we.split_token(s, "4.1", at=2), "not a syntactic word"),
    (lambda s: we.split_token(s, 3, at=2, second={"UPOS": "VERBS"}), "not a universal POS"),
    (lambda s: we.merge_tokens(s, 7), "last word"),
    (lambda s: we.merge_tokens(s, 0), "not in the same multiword token"),
    (lambda s: we.merge_tokens(s, 2), "not in the same multiword token"),
    (lambda s: we.make_multiword(s, 4, 5), "space after"),
    (lambda s: we.make_multiword(s, 2, 3), "already part of a multiword token"),
    (lambda s: we.make_multiword(s, 3, 4), "empty node 4.1 lies between"),
    (lambda s: we.make_multiword(s, 6, 6), "at least two words"),
    (lambda s: we.make_multiword(s, 5, 6, form="she said"), "cannot be empty or contain spaces"),
    (lambda s: we.dissolve_multiword(s, 0), "not part of a multiword token"),
    (lambda s: we.split_sentence(s, 0), "first sentence would be empty"),
    (lambda s: we.split_sentence(s, 2), "inside a multiword token"),
    (lambda s: we.split_sentence(s, "4.1"), "before a word"),
    (lambda s: we.delete_empty_node(s, "4.1"), "enhanced head of 6"),
    (lambda s: we.delete_empty_node(s, "4"), "not an empty node"),
    (lambda s: we.insert_empty_node(s, 1, "4:conj"), "inside a multiword token"),
    (lambda s: we.insert_empty_node(s, 3, "_"), "needs DEPS"),
    (lambda s: we.insert_empty_node(s, 3, "9:conj"), "not a word or empty node"),
    (lambda s: we.set_field(s, 99, "UPOS", "X"), "no word #100"),
])
def test_token_and_sentence_edits_that_would_break_the_file_are_refused(s, edit, says):
    with pytest.raises(EditRefused, match=says):
        edit(s)
    assert format_item(s) == TEXT


def test_split_inside_a_multiword_token_grows_its_range(s):
    new = we.split_token(s, 1, forms=("d", "o"))
    assert [(r.id, r.form) for r in new.rows[:5]] == [("1", "I"), ("2-4", "don't"), ("2", "d"), ("3", "o"), ("4", "n't")]
    assert (new.rows[4].head, new.words[5].head, new.words[6].phead) == ("5", "8", "5.1:nsubj|8:nsubj")
    assert new.comments == s.comments                               # the text did not change


def test_merge_inside_a_multiword_token_leaves_one_word_with_its_form(s):
    new = we.merge_tokens(s, 1)
    assert [(r.id, r.form, r.lemma, r.pdeprel) for r in new.rows[:3]] == \
        [("1", "I", "I", "_"), ("2", "don't", "donot", "_"), ("3", "know", "know", "SpaceAfter=No")]
    assert new.rows[3].id == "3.1" and new.words[4].phead == "3.1:nsubj|6:nsubj"


def test_make_and_dissolve_multiword_round_trip(s):
    dissolved = we.dissolve_multiword(s, "2-3")
    assert [(r.id, r.pdeprel) for r in dissolved.rows[:3]] == [("1", "_"), ("2", "SpaceAfter=No"), ("3", "_")]
    assert dissolved.comments == s.comments
    assert format_item(we.make_multiword(dissolved, 1, 2)) == TEXT
    made = we.make_multiword(s, 6, 7)                     # said + . -> "said." (no space between)
    assert [(r.id, r.form, r.pdeprel) for r in made.rows[-3:]] == \
        [("7-8", "said.", "_"), ("7", "said", "_"), ("8", ".", "_")]


def test_sentence_split_and_merge_without_enhanced_graph():
    text = GO
    s = formats.read_text(text, "conllu")[0].item
    a, b = we.split_sentence(s, 2)
    assert format_item(b) == "# sent_id = t-b\n# text = Stop!\n" + _rows(
        "1 Stop stop VERB VB Mood=Imp|VerbForm=Fin 0 root _ SpaceAfter=No",
        "2 ! ! PUNCT . _ 1 punct _ _")
    assert a.comments == ["# sent_id = t-a", "# text = Go."]
    assert format_item(we.merge_sentences(a, b)) == text   # parataxis back: the same sentence


def test_feature_inventory_counts_values_per_upos_most_frequent_first():
    text = TEXT + "# sent_id = s2\n# text = We do.\n" + _rows(
        "1 We we PRON PRP Case=Nom|Number=Plur|Person=1|PronType=Prs 2 nsubj 2:nsubj _",
        "2 do do VERB VBP Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin 0 root 0:root SpaceAfter=No",
        "3 . . PUNCT . _ 2 punct 2:punct _")
    inventory = we.feature_inventory(formats.read_text(text, "conllu"))
    # PRON: I, she, We -> Case Nom x3, Number Sing x2 / Plur x1, Person 1 x2 / 3 x1, Gender Fem x1
    assert inventory["PRON"] == {"Case": ["Nom"], "Number": ["Sing", "Plur"], "Person": ["1", "3"],
                                 "PronType": ["Prs"], "Gender": ["Fem"]}
    assert list(inventory["PRON"]) == ["Case", "Number", "Person", "PronType", "Gender"]
    # VERB: know (VerbForm only), said, do; 4.1 has no FEATS
    assert inventory["VERB"] == {"VerbForm": ["Fin", "Inf"], "Mood": ["Ind"], "Number": ["Plur", "Sing"],
                                 "Person": ["1", "3"], "Tense": ["Past", "Pres"]}
    assert list(inventory["VERB"]) == ["VerbForm", "Mood", "Number", "Person", "Tense"]
    assert list(inventory[we.ANY_UPOS])[:2] == ["Number", "Person"]     # 6 and 6, then VerbForm 4...
    assert inventory[we.ANY_UPOS]["Number"] == ["Sing", "Plur"]         # 4 Sing, 2 Plur
    assert "PUNCT" not in inventory and "X" not in inventory


def test_spaceafter_on_a_multiword_tokens_word_or_an_empty_node_is_refused(s):
    with pytest.raises(EditRefused, match="belongs to the multiword token's row"):
        we.set_field(s, 1, "MISC", "SpaceAfter=No")
    with pytest.raises(EditRefused, match="empty node has no SpaceAfter"):
        we.set_field(s, "4.1", "MISC", "SpaceAfter=No")
    assert we.set_field(s, "2-3", "MISC", "SpaceAfter=No").comments[1] == "# text = I don'tknow, she said."


def test_a_malformed_deps_elsewhere_is_named_when_a_split_must_renumber_it(s):
    broken = we.set_field(s, 0, "LEMMA", "I")
    broken.rows[-1].phead = "7punct"                # as a bad file could have it
    with pytest.raises(EditRefused, match=r"DEPS of 8 \('\.'\) cannot be renumbered"):
        we.split_token(broken, 0, forms=("I", "I"), multiword=True)


def test_the_text_keeps_its_no_break_spaces_outside_the_edit(s):
    odd = we.set_field(s, 0, "LEMMA", "I")
    odd.comments[1] = "# text = I don't\u00a0know,  she said."
    assert we.set_field(odd, 7, "FORM", "!").comments[1] == "# text = I don't\u00a0know,  she said!"
    assert we.set_field(odd, 0, "FORM", "You").comments[1] == "# text = You don't\u00a0know,  she said."
    assert we.merge_tokens(odd, 6).comments[1] == "# text = I don't\u00a0know,  she said."
    assert we.set_field(odd, 3, "MISC", "_").comments[1] == "# text = I don't\u00a0know ,  she said."


def test_sentence_split_and_merge_keep_the_texts_no_break_spaces(s):
    odd = we.set_field(s, 0, "LEMMA", "I")
    odd.comments[1] = "# text = I don't\u00a0know, she\u00a0said."
    a, b = we.split_sentence(odd, 5)
    assert (a.comments[1], b.comments[1]) == ("# text = I don't\u00a0know,", "# text = she\u00a0said.")
    assert we.merge_sentences(a, b).comments == odd.comments
