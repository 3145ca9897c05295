"""What a screen reader hears about a node, word or arc (`layout.spoken`): the scorer's
verdict in the legend's words, spans and heads counted as a reader counts them."""

from __future__ import annotations

from pathlib import Path


from tcompare import formats
from tcompare.layout.spoken import describe_arc, describe_node, describe_word, words_phrase
from tcompare.scoring import profiles
from tcompare.scoring.pairing import score_pair

ROOT = Path(__file__).resolve().parent.parent
CONLL = ROOT / "resources" / "demo" / "conll"

GOLD = "(S (NP (DT The) (NN dog)) (VP (VBD saw) (NP (DT a) (NN cat))))\n"
SYSTEM = "(S (NP (DT The) (NN dog)) (VP (VBD saw) (DT a) (NNS cat)))\n"


def scored(gold_text: str, system_text: str, notation: str, profile: str, i: int = 0):
    gold = formats.read_text(gold_text, notation, "gold")
    system = formats.read_text(system_text, notation, "system")
    p = profiles.get(profile)
    return gold, system, score_pair(gold, system, i, p, p.prepare({}))


def test_words_phrase_counts_from_one():
    assert words_phrase(2, 6) == "words 3 to 6"
    assert words_phrase(4, 5) == "word 5"


def test_a_missing_phrase_is_said_with_its_words_and_the_legend_verdict():
    gold, system, result = scored(GOLD, SYSTEM, "ptb", "evalb")
    tree = gold[0].item
    np_ = next(n for n in tree.nodes() if n.label.raw == "NP" and n.start == 3)
    assert describe_node(tree, "gold", np_.id, result) == \
        "NP, words 4 to 5, missing from system (gold only), gold"
    first_np = next(n for n in tree.nodes() if n.label.raw == "NP" and n.start == 0)
    assert describe_node(tree, "gold", first_np.id, result) == "NP, words 1 to 2, matched, gold"


def test_a_wrong_tag_is_said_on_the_word():
    gold, system, result = scored(GOLD, SYSTEM, "ptb", "evalb")
    tree = system[0].item
    assert describe_word(tree, "system", 4, result) == "word 5 cat, NNS, wrong POS tag, system"


def test_arcs_say_what_the_system_says_instead():
    text = {side: (CONLL / f"demo.{side}.conllu").read_text(encoding="utf-8")
            for side in ("gold", "system")}
    gold, _system, result = scored(text["gold"], text["system"], "conllu", "conllu", 1)
    sentence = gold[1].item
    assert describe_arc(sentence, 0, result) == "nsubj, from 2 to 1, matched"
    assert describe_arc(sentence, 4, result) == \
        "conj, from 2 to 5, wrong label: system says nsubj"
    assert describe_arc(sentence, 5, result) == \
        "orphan, from 5 to 6, wrong head and label: system says obj from 3"
    assert describe_arc(sentence, 1, result) == "root, from root to 2, matched"
    gold, _system, result = scored(text["gold"], text["system"], "conllu", "conllu", 0)
    assert describe_arc(gold[0].item, 2, result) == \
        "advmod, from 4 to 3, wrong head: system says from 2"


def test_without_a_result_nothing_is_called_right_or_wrong():
    gold = formats.read_text(GOLD, "ptb", "gold")
    tree = gold[0].item
    assert describe_node(tree, "gold", tree.root.id, None).endswith("not scored, gold")
