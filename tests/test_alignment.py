"""Sentence alignment by text (spec/metrics.md §7, issue 12.3)."""

from __future__ import annotations

import pytest

from tcompare.scoring.alignment import SentencePair, align_sentences, text_mismatch

pytestmark = pytest.mark.issue(12)


def kinds(pairs):
    return [(p.gold, p.system, p.kind) for p in pairs]


def test_identical_texts_pair_by_position():
    assert kinds(align_sentences(["ab", "cd"], ["ab", "cd"])) == [((0,), (0,), "same"), ((1,), (1,), "same")]


def test_dropped_sentence_is_missing_and_the_rest_stays_paired():
    gold = ["s1", "s2", "s3", "s4"]
    system = ["s1", "s3", "s4"]
    assert kinds(align_sentences(gold, system)) == [
        ((0,), (0,), "same"), ((1,), (), "missing"), ((2,), (1,), "same"), ((3,), (2,), "same")]


def test_inserted_sentence_is_extra():
    assert kinds(align_sentences(["a", "b"], ["a", "x", "b"])) == [
        ((0,), (0,), "same"), ((), (1,), "extra"), ((1,), (2,), "same")]


def test_joined_split_and_regrouped_sentences():
    assert kinds(align_sentences(["ab", "cd", "ef"], ["abcd", "ef"])) == [
        ((0, 1), (0,), "joined"), ((2,), (1,), "same")]
    assert kinds(align_sentences(["abcd", "ef"], ["ab", "cd", "ef"])) == [
        ((0,), (0, 1), "split"), ((1,), (2,), "same")]
    assert kinds(align_sentences(["ab", "cde", "x"], ["abc", "de", "x"])) == [
        ((0, 1), (0, 1), "joined"), ((2,), (2,), "same")]


def test_changed_text_and_no_parse_keep_their_place():
    assert kinds(align_sentences(["a", "b", "c"], ["a", "", "c"])) == [
        ((0,), (0,), "same"), ((1,), (1,), "changed"), ((2,), (2,), "same")]
    assert kinds(align_sentences(["a", "b", "c"], ["a", None, "c"])) == [
        ((0,), (0,), "same"), ((1,), (1,), "changed"), ((2,), (2,), "same")]
    assert kinds(align_sentences(["a", "bb", "c"], ["a", "bx", "c"]))[1] == ((1,), (1,), "changed")


def test_sent_ids_decide_when_both_sides_have_them():
    pairs = align_sentences(["a", "b", "c"], ["c", "a"], ["1", "2", "3"], ["3", "1"])
    assert sorted(kinds(pairs)) == sorted([((0,), (1,), "same"), ((1,), (), "missing"),
                                           ((2,), (0,), "same")])


def test_repeated_texts_and_long_files_stay_linear():
    gold = [f"sentence{i}" for i in range(40000)] + ["。"] * 5
    system = gold[:100] + gold[101:20000] + ["extra"] + gold[20000:]
    pairs = align_sentences(gold, system)
    assert sum(p.kind == "missing" for p in pairs) == 1
    assert sum(p.kind == "extra" for p in pairs) == 1
    assert sum(p.kind == "same" for p in pairs) == len(gold) - 1
    assert pairs[100] == SentencePair((100,), (), "missing")


def test_mismatch_message_names_both_texts_bounded():
    message = text_mismatch("他刊登一則廣告" * 20, "他刊登一則廣吿" * 20)
    assert "他刊登一則廣告" in message and "他刊登一則廣吿" in message
    assert "first difference at character 7" in message
    assert len(message) < 300
