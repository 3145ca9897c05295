"""Hand-computed leaf-ancestor, tree edit distance and function-tag figures, the kept tree
(disco-dop's deletions), and the TED time limit."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from tcompare.formats.ptb import parse_tree
from tcompare.scoring import function_tags, kept_tree, leaf_ancestor, ted
from tcompare.scoring.kept_tree import Leaf, Phrase


def view(text: str, **kw):
    return kept_tree.keep(parse_tree(text), **kw)


def P(label, *children, functions=()):
    positions = tuple(sorted(p for c in children
                             for p in ((c.position,) if isinstance(c, Leaf) else c.positions)))
    return Phrase(label, positions, tuple(sorted(
        children, key=lambda c: c.position if isinstance(c, Leaf) else c.positions[0])),
        functions=functions)


def L(tag, position, functions=()):
    return Leaf(tag, position, functions=functions)


def test_lineages_and_sentence_score_by_hand():
    gold = view("(S (NP (DT a) (NN b)) (VP (VB c)))")
    cand = view("(S (DT a) (VP (NN b) (VB c)))")
    assert leaf_ancestor.lineages(gold) == {
        0: ["S", "(", "NP"], 1: ["S", ")", "NP"], 2: [")", "S", "VP", "("]}
    assert leaf_ancestor.lineages(cand) == {
        0: ["S", "("], 1: ["S", "VP", "("], 2: [")", "S", "VP"]}
    # 1 - 1/5, 1 - 2/6, 1 - 1/7; their mean
    score = leaf_ancestor.sentence_score(gold, cand)
    assert abs(Fraction(str(score)) - Fraction(244, 315)) < Fraction(1, 10**25)
    assert leaf_ancestor.sentence_score(gold, gold) == 1


def test_component_marks_on_a_discontinuous_phrase():
    # (S (VP (V 0) (N 2)) (A 1)): VP has a gap; "]" / "[" mark where its components end/start
    tree = P("S", P("VP", L("V", 0), L("N", 2)), L("A", 1))
    assert leaf_ancestor.lineages(tree) == {
        0: ["S", "(", "]", "VP"], 1: ["S"], 2: [")", "S", "VP", "["]}
    assert tree.phrases()[1].is_discontinuous


def test_deleted_root_adds_nothing_and_corpus_mean():
    tree = view("(ROOT (S (NN a) (VB b)))")
    assert leaf_ancestor.lineages(tree, {"ROOT"}) == {0: ["S", "("], 1: [")", "S"]}
    assert leaf_ancestor.corpus_score([Decimal(1), Decimal("0.5")]) == Decimal("0.75")
    assert leaf_ancestor.corpus_score([Decimal(1), None]) is None
    assert leaf_ancestor.corpus_score([Decimal(1), None], undefined_poisons=False) == 1


def test_ted_discodop_demo_trees():
    # discodop/treedist.py's own demonstration: distances 2 and 3
    a = P("f", P("d", L("a", 0), P("c", L("b", 1))), L("e", 2))
    b = P("f", P("c", P("d", L("a", 0), L("b", 1)), L("e", 2)))
    result = ted.sentence(a, b)
    assert (result.distance, result.denominator) == (2, 6 + 6)
    assert result.similarity == 1 - Decimal(2) / 12
    a = P("f", P("d", P("x", L("a", 0)), L("b", 1), L("c", 2)), L("z", 3))
    b = P("f", P("c", P("d", L("a", 0), P("x", L("b", 1)), L("c", 2)), L("z", 3)))
    assert ted.sentence(a, b).distance == 3


def test_ted_tag_is_tied_to_its_word_and_root_discount():
    gold = view("(ROOT (S (NN a) (NN b)))")
    cand = view("(ROOT (S (NN b) (NN a)))")   # same tags, same words' positions: distance 0
    assert ted.sentence(gold, cand, {"ROOT"}) == ted.TedResult(0, 3 + 3 + 3 + 3 - 2 - 4)
    swapped = view("(ROOT (S (VB a) (NN b)))")
    assert ted.sentence(gold, swapped, {"ROOT"}).distance == 1


def test_ted_time_limit_gives_not_computed():
    words = " ".join(f"(X (NN w{i}) (VB v{i}))" for i in range(60))
    other = " ".join(f"(Y (NN w{i}) (VB v{i}))" for i in range(60))
    gold, cand = view(f"(S {words})"), view(f"(S (Z {other}))")
    late = ted.sentence(gold, cand, time_limit=0.0)
    assert not late.computed and late.reason == "time limit" and late.similarity is None
    done = ted.sentence(gold, cand, time_limit=None)
    assert done.distance == 61
    summary = ted.corpus([done, late])
    assert summary.not_computed == (1,) and summary.distance == 61
    assert summary.dice == 1 - Decimal(61) / done.denominator


def test_kept_tree_deletes_like_discodop():
    tree = parse_tree("(ROOT (S (NP (DT a) (PUNCT ,)) (PUNCT .) (X (PUNCT ;)) (VP (VB b))))")
    drop = kept_tree.dropped_positions(tree, tags={"PUNCT"})
    assert drop == {1, 2, 3}
    kept = kept_tree.keep(tree, drop=drop, splice={"ROOT", "VP"}, relabel={"NP": "NX"})
    # X lost its only word, VP was spliced out, NP relabelled, positions renumbered;
    # the root keeps its label
    assert kept == Phrase("ROOT", (0, 1), (
        Phrase("S", (0, 1), (Phrase("NX", (0,), (Leaf("DT", 0, 0),), 2), Leaf("VB", 1, 4)), 1),
    ), 0)
    assert kept_tree.kept_tags(tree, drop) == ["DT", "VB"]


def test_function_tags_on_matched_brackets_and_words():
    gold = P("S", P("NP", L("DT", 0), L("NN", 1, ("HD",)), functions=("SB",)),
             P("VP", L("VB", 2)), functions=())
    cand = P("S", P("NP", L("DT", 0), L("NN", 1, ("NK",)), functions=("SB",)),
             P("PP", L("VB", 2), functions=("MO",)))
    gb, cb = function_tags.brackets(gold), function_tags.brackets(cand)
    result = function_tags.sentence(gold, cand, gb, cb, ["DT", "NN", "VB"], ["DT", "NN", "VB"])
    # NP-SB matches; NN's tag HD vs NK (word's tag right: both counted); PP-MO's bracket is
    # not in gold: not counted
    assert function_tags.as_lists(result.gold) == [["NN", [1], "HD", 1], ["NP", [0, 1], "SB", 1]]
    assert function_tags.as_lists(result.system) == [["NN", [1], "NK", 1], ["NP", [0, 1], "SB", 1]]
    assert result.matched == 1
    tally = function_tags.Tally()
    tally.add(result)
    assert (tally.precision, tally.recall, tally.f1) == (Decimal("0.5"), Decimal("0.5"), Decimal("0.5"))
    constituents_only = function_tags.sentence(gold, cand, gb, cb, ["DT", "NN", "VB"],
                                               ["DT", "NN", "VB"], include_words=False)
    assert function_tags.as_lists(constituents_only.system) == [["NP", [0, 1], "SB", 1]]
    gold_rows, system_rows = result.item_verdicts()
    assert [ok for _, ok in gold_rows] == [False, True]


def test_pathologically_deep_trees_hit_the_time_limit_not_the_recursion_limit():
    from tcompare.scoring import secondary

    n = 1500
    right = parse_tree("".join(f"(X (NN w{i}) " for i in range(n - 1)) + f"(NN w{n - 1})" + ")" * (n - 1))
    left = parse_tree("(X " * (n - 1) + "(NN w0) " + " ".join(f"(NN w{i}))" for i in range(1, n)))
    row = secondary.score_pair(right, left, secondary.KeepRules(), time_limit=0.2)
    assert row.words == n and row.la is None and row.la_reason == "time limit", row
    assert row.ted is not None and row.ted.reason == "time limit"
    total = secondary.corpus([row])
    assert total.la_not_computed == [0] and total.ted is not None and total.ted.not_computed == (0,)


def test_a_root_with_a_real_category_counts_and_so_do_nodes_sharing_its_label():
    from tcompare.scoring import secondary

    gold = parse_tree("(S (S (NN a) (NN b)) (VB c))")
    flat = parse_tree("(S (NN a) (NN b) (VB c))")
    row = secondary.score_pair(gold, flat, secondary.KeepRules())
    # the inner S is missing from the flat tree: word a's lineage S ( S vs S (
    assert row.la is not None and row.la < 1
    assert row.ted is not None and (row.ted.distance, row.ted.denominator) == (1, 5 + 4)
    topped = secondary.score_pair(parse_tree("(TOP (S (NN a) (VB c)))"),
                                  parse_tree("(TOP (S (NN a) (VB c)))"), secondary.KeepRules())
    assert topped.ted is not None and topped.ted.denominator == 2 * 4 - 2   # TOP left out


def test_rules_from_a_discodop_parameter_dict_and_from_evalb_params():
    from tcompare.scoring import profiles, secondary

    class Stub:
        kind = "constituency"

    param = {"DELETE_LABEL": {"ROOT", "$,"}, "DELETE_WORD": {","}, "EQ_LABEL": {"PRT": "ADVP"},
             "DELETE_ROOT_PRETERMS": 1, "LABELED": 1, "DISC_ONLY": True}
    rules = secondary.rules_for(Stub(), {"param": param})
    assert (rules.delete_tags, rules.delete_words, rules.splice) == (
        {"ROOT", "$,"}, {","}, {"ROOT", "$,"})
    assert rules.relabel == {"PRT": "ADVP"} and rules.root_preterminals and rules.disc_only
    evalb = profiles.get("evalb")
    rules = secondary.rules_for(evalb, evalb.prepare({}))
    assert {"TOP", ",", "."} <= rules.delete_tags and rules.delete_tags == rules.splice
    assert secondary.equivalence_classes([("ADVP", "PRT"), ("PRT", "RP")]) == {
        "ADVP": "ADVP", "PRT": "ADVP", "RP": "ADVP"}


def test_discodop_tag_and_function_conventions():
    from tcompare.model.tree import Token
    from tcompare.scoring import secondary

    assert [secondary.discodop_tag(Token("x", t)) for t in ("NN-SB", "-NONE-", "NP=2", "$,")] == [
        "NN", "-NONE-", "NP", "$,"]
    assert secondary.discodop_word_functions(Token("x", "NN-obj1")) == ("obj",)
    assert secondary.discodop_word_functions(Token("x", "-NONE-")) == ()
    assert secondary.discodop_word_functions(Token("x", "nn", extra={"function": "hd"})) == ("hd",)
