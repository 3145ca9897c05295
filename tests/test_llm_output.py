"""LLM output (issue 31 item 3): validity, faithfulness, both policies (the reader: test_llm_reader.py).

Hand-computed cases, the fault generator of tests/llm_faults.py counted exactly, and real
ChatGPT dependency parses (github gregorycoppola/tree-star, under $TCOMPARE_REFS/llm).
"""

from __future__ import annotations

import json
import os
import sys
from difflib import SequenceMatcher
from pathlib import Path

import pytest

from tcompare.formats import read_text
from tcompare.formats.llm import read_llm, read_response
from tcompare.scoring import profiles
from tcompare.scoring.faithfulness import align_words
from tcompare.scoring.llm_policies import score_answers
from tcompare.scoring.validity import cycles, dependency_heads, reasons, repair_structure

sys.path.insert(0, str(Path(__file__).parent))
from conftest import ROOT, anchor  # noqa: E402
from llm_faults import dep_text_file, tree_answers, tree_text_file  # noqa: E402

REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))


def evalb():
    p = profiles.get("evalb")
    return p, p.prepare()


def conllu():
    p = profiles.get("conllu")
    return p, p.prepare()


# -- faithfulness: the word alignment, by hand ------------------------------------------------

@pytest.mark.parametrize("gold,system,counts", [
    ("a b c d", "a b c d", {}),
    ("a b c d", "a c b d", {"reordered": 1}),
    ("a b c d e", "b c d a e", {"reordered": 1}),
    ("the cat sat", "the cats sat", {"changed": 1}),
    ("the cat sat", "the cat sat down", {"added": 1}),
    ("the cat sat down", "the cat down", {"dropped": 1}),
    ("a b c", "x a b c c", {"added": 2}),
    ("a b c d", "a x y d", {"changed": 2}),
    ("a b c d", "a x d", {"changed": 1, "dropped": 1}),
    ("a b", "c d e", {"changed": 2, "added": 1}),
    ("a b c", "", {"dropped": 3}),
])
def test_word_alignment_counts(gold, system, counts):
    al = align_words(gold.split(), system.split())
    expected = {"added": 0, "dropped": 0, "changed": 0, "reordered": 0, **counts}
    assert al.counts == expected
    assert al.faithful == (not counts)


def test_word_alignment_partners():
    # kept: a c d; e moved; b and x lie in different gaps: dropped and added, not changed
    al = align_words("a b c d e".split(), "a e c x d".split())
    assert al.gold_kind == ["same", "dropped", "same", "same", "reordered"]
    assert al.gold_to_system == [0, -1, 2, 4, 1] and al.added == [3]
    assert al.system_kind(5) == ["same", "reordered", "same", "added", "same"]


# -- validity of dependency answers -----------------------------------------------------------

def deps(rows: str):
    return read_response(rows, "dependency").item


def test_cycles_roots_and_heads_found_and_repaired():
    s = deps("1 I 2 nsubj\n2 saw 3 ccomp\n3 her 2 obj")
    assert reasons(s, []) == ["cycle"]
    assert cycles(dependency_heads(s)[0]) == [[2, 3]]
    fixed, repairs = repair_structure(s)
    assert [w.head for w in fixed.words] == ["2", "0", "2"]
    assert repairs == ["cycle broken: 2-3 at word 2, made the root"]

    s = deps("1 I 2 nsubj\n2 saw 0 root\n3 her 0 obj\n4 today 9 obl")
    assert reasons(s, []) == ["several_roots", "bad_head"]
    fixed, repairs = repair_structure(s)
    assert [w.head for w in fixed.words] == ["2", "0", "2", "2"]
    assert repairs == ["second root attached: word 3 'her' to word 2",
                       "head repaired: word 4 'today': HEAD '9' names no word, attached to word 2"]


# -- both policies, by hand -------------------------------------------------------------------

GOLD_TREES = ("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n"
              "(S (NP (PRP it)) (VP (VBD ran) (ADVP (RB fast))))\n")


def test_strict_and_repaired_by_hand_constituency():
    # gold brackets (COLLINS.prm): S NP VP = 3, S NP VP ADVP = 4
    gold = read_text(GOLD_TREES, "ptb").items()
    answers = read_llm("(S (NP (DT the)) (VP (NN cat) (VBD sat)))\n"      # valid, 1 of 3 right
                       "(S (NP (PRP it)) (VP (VBD runs) (ADVP (RB fast))))\n",   # 'runs': unfaithful
                       "a.txt", "constituency", expected=2)
    p, c = evalb()
    report = score_answers(p, c, gold, answers.parses, by_position=True)
    strict, repaired = report.summaries["strict"].metrics, report.summaries["repaired"].metrics
    # strict: sentence 2 is no parse: matched 1, gold 3 + 4, system 3
    assert (strict["matched_brackets"], strict["gold_brackets"], strict["test_brackets"]) == (1, 7, 3)
    assert strict["recall"] == pytest.approx(100 / 7)
    assert strict["precision"] == pytest.approx(100 / 3)
    assert strict["fmeasure"] == pytest.approx(20.0)
    # repaired: 'runs' written back as 'ran': sentence 2 is right, 4 of 4
    assert (repaired["matched_brackets"], repaired["gold_brackets"], repaired["test_brackets"]) == (5, 7, 7)
    assert repaired["recall"] == pytest.approx(500 / 7) == repaired["precision"] == repaired["fmeasure"]
    s2 = report.sentences[1]
    assert s2.repairs == ["word written back: word 2 'runs' -> 'ran'"]
    assert s2.results["strict"].message == "no parse: unfaithful (1 changed)"
    assert report.rates() == {"valid": 100.0, "faithful": 50.0, "valid_and_faithful": 50.0,
                              "repaired": 50.0}


def test_strict_and_repaired_by_hand_dependencies():
    gold = read_text("1\tI\t_\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tsaw\t_\tVERB\t_\t_\t0\troot\t_\t_\n"
                     "3\ther\t_\tPRON\t_\t_\t2\tobj\t_\t_\n\n"
                     "1\tdogs\t_\tNOUN\t_\t_\t2\tnsubj\t_\t_\n2\tbark\t_\tVERB\t_\t_\t0\troot\t_\t_\n\n",
                     "conllu").items()
    # answer 1: a cycle 2-3 (saw <- her): repaired makes saw the root; answer 2 adds a word
    text = ("1 I 2 nsubj\n2 saw 3 ccomp\n3 her 2 obj\n\n"
            "1 the 2 det\n2 dogs 3 nsubj\n3 bark 0 root\n")
    p, c = conllu()
    report = score_answers(p, c, gold, read_llm(text, "a.txt", "dependency").parses)
    strict, repaired = report.summaries["strict"].metrics, report.summaries["repaired"].metrics
    # strict: both are no parse: 0 of 5 words
    assert strict["UAS"] == 0.0 and strict["LAS"] == 0.0
    # repaired: I->2 nsubj, saw->0 ccomp, her->2 obj (UAS 3, LAS 2); dogs->2 nsubj, bark->0 root
    assert repaired["UAS"] == pytest.approx(100.0)
    assert repaired["LAS"] == pytest.approx(400 / 5)
    assert report.sentences[1].word_faults["added"] == 1
    assert report.sentences[1].repairs == ["columns filled: LEMMA UPOS XPOS FEATS DEPS MISC with '_'",
                                           "added word removed: 'the'"]


def test_missing_answers_and_extra_answers_count_under_both_policies():
    gold = read_text(GOLD_TREES, "ptb").items()
    answers = read_llm("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n", "a.txt", "constituency")
    p, c = evalb()
    report = score_answers(p, c, gold, answers.parses)
    assert report.validity_counts()["missing"] == 1
    for policy in ("strict", "repaired"):
        m = report.summaries[policy].metrics
        assert (m["matched_brackets"], m["gold_brackets"], m["test_brackets"]) == (3, 7, 3)


# -- the fault generator, counted exactly -----------------------------------------------------

def _head(name: str, lines: int) -> str:
    return "".join(anchor("evalb", "real", "wsj23_berkeley", name).read_text().splitlines(True)[:lines])


def wsj_pairs(n: int = 44):
    """The first `n` WSJ 23 sentences the Berkeley parser parsed, gold and parse (read from
    the head of the files only: parsing all 2,416 cost a second a test)."""
    gold = read_text(_head("23.gold", n + 10), "ptb")
    system = read_text(_head("23.sys_berkeley", n + 10), "ptb")
    pairs = [(g.item, s.item) for g, s in zip(gold.records, system.records)
             if s.item is not None and s.item.tokens]
    return [g for g, _ in pairs[:n]], [s for _, s in pairs[:n]]


def check_counts(report, exp):
    v, f = report.validity_counts(), report.faithfulness_counts()
    for reason in ("empty", "unparsable", "unbalanced", "several_roots", "cycle", "bad_head"):
        assert v[reason] == exp.reasons[reason], reason
    for fault in ("added", "dropped", "changed", "reordered"):
        assert f[fault] == exp.words[fault], fault
        assert f[fault + "_sentences"] == exp.word_sentences[fault], fault
    assert v["invalid"] == sum(1 for x in exp.faults if set(x.split("+")) & {
        "empty", "unparsable", "unbalanced_open", "unbalanced_close", "several_roots", "cycle", "bad_head"})


def test_generated_tree_faults_are_counted_exactly_jsonl():
    gold, system = wsj_pairs()
    text, exp = tree_answers(system)
    out = read_llm(text, "g.jsonl", "constituency", len(gold))
    assert out.mode == "jsonl" and len(out.parses) == len(gold)
    p, c = evalb()
    report = score_answers(p, c, gold, out.parses, by_position=True)
    check_counts(report, exp)
    chatter = sum(int(r.split()[2]) for s in report.sentences for r in s.repairs
                  if r.startswith("chatter removed"))
    assert chatter == exp.chatter
    for s, fault, sys_tree, gold_tree in zip(report.sentences, exp.faults, system, gold):
        direct = p.score(gold_tree, sys_tree, c, s.index)
        if fault == "none":      # both policies score the parse as it is
            assert s.results["strict"].counts == direct.counts == s.results["repaired"].counts
        elif fault.startswith("unbalanced_"):   # balancing gives back the very tree
            assert s.results["repaired"].counts == direct.counts
            assert s.results["strict"].counts["test_brackets"] == 0
        elif fault in ("reordered", "changed"):    # the words put back: the same brackets
            assert s.results["repaired"].counts["words"] == direct.counts["words"]
        if fault != "none":
            assert s.results["strict"].status.value == "no_parse"


def test_generated_tree_faults_are_counted_exactly_in_a_transcript():
    gold, system = wsj_pairs()
    text, exp = tree_text_file(system)
    out = read_llm(text, "g.txt", "constituency", len(gold))
    assert out.mode == "text" and len(out.parses) == len(gold)
    assert len(out.chatter) == exp.chatter
    p, c = evalb()
    report = score_answers(p, c, gold, out.parses)
    assert [s.answer for s in report.sentences] == list(range(1, len(gold) + 1))
    check_counts(report, exp)


def test_generated_dependency_faults_are_counted_exactly():
    gold = read_text(anchor("conllu", "zh_gsd-ud-test.conllu").read_text(), "conllu").items()[:60]
    text, exp = dep_text_file([[list(w.columns[:10]) for w in g.words] for g in gold])
    out = read_llm(text, "g.txt", "dependency", len(gold))
    assert len(out.parses) == len(gold) and len(out.chatter) == exp.chatter
    p, c = conllu()
    report = score_answers(p, c, gold, out.parses)
    check_counts(report, exp)
    for s, fault in zip(report.sentences, exp.faults):
        if fault in ("none", "few_columns"):
            assert s.results["strict"].scores["LAS"] == 100.0 == s.results["repaired"].scores["LAS"]
        elif fault in ("added", "changed", "reordered"):
            # the structure was kept: aligned back, every arc is right again
            assert s.results["repaired"].scores["LAS"] == 100.0
            assert s.results["strict"].scores["LAS"] == 0.0


# -- real LLM output --------------------------------------------------------------------------

def _sentences(path: Path) -> list[list[list[str]]]:
    out, cur = [], []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            if cur:
                out.append(cur)
            cur = []
        elif not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():
                cur.append(cols)
    if cur:
        out.append(cur)
    return out


def _has_cycle(heads: list[int]) -> bool:
    for start in range(1, len(heads) + 1):
        k, steps = start, 0
        while k and steps <= len(heads):
            k, steps = heads[k - 1], steps + 1
        if k:
            return True
    return False


def test_real_chatgpt_dependency_parses():
    gold_path = REFS / "llm" / "examples25.conllu"
    sys_path = REFS / "llm" / "examples25.conllu.ask_chatgpt_oneshot.py.conllu"
    if not sys_path.exists():
        pytest.skip(f"real LLM output not available: {sys_path}")
    # an independent count: cycles by walking heads, word faults by difflib's opcodes
    g_rows, s_rows = _sentences(gold_path), _sentences(sys_path)
    cyc = added = dropped = 0
    ok = []
    correct = total = 0
    for g, s in zip(g_rows, s_rows):
        heads = [int(r[6]) for r in s]
        cycle = _has_cycle(heads)
        roots = sum(1 for h in heads if h == 0)
        cyc += cycle
        for op, a0, a1, b0, b1 in SequenceMatcher(None, [r[1] for r in g], [r[1] for r in s],
                                                  autojunk=False).get_opcodes():
            added += (b1 - b0) if op == "insert" else max(0, (b1 - b0) - (a1 - a0)) if op == "replace" else 0
            dropped += (a1 - a0) if op == "delete" else max(0, (a1 - a0) - (b1 - b0)) if op == "replace" else 0
        good = not cycle and roots == 1 and [r[1] for r in g] == [r[1] for r in s]
        ok.append(good)
        total += len(g)
        if good:
            correct += sum(1 for a, b in zip(g, s) if a[6] == b[6] and a[7] == b[7])
    gold = read_text(gold_path.read_text(encoding="utf-8"), "conllu").items()
    out = read_llm(sys_path.read_text(encoding="utf-8"), sys_path.name, "dependency", len(gold))
    p, c = conllu()
    report = score_answers(p, c, gold, out.parses)
    v, f = report.validity_counts(), report.faithfulness_counts()
    assert (v["cycle"], f["added"], f["dropped"]) == (cyc, added, dropped) == (9, 5, 2)
    assert [s.valid and s.faithful for s in report.sentences] == ok
    assert report.summaries["strict"].metrics["LAS"] == pytest.approx(100.0 * correct / total)
    assert report.summaries["repaired"].metrics["LAS"] > report.summaries["strict"].metrics["LAS"]


def test_a_deep_unbalanced_unfaithful_answer_is_repaired_without_recursion():
    depth = 5000       # far past Python's recursion limit
    gold = read_text("(S " * depth + "(NN w)" + ")" * depth + "\n", "ptb").items()
    answer = read_llm("(S " * depth + "(NN x) (NN y)" + ")" * (depth - 3) + "\n", "a.txt",
                      "constituency", expected=1)
    p, c = evalb()
    s = score_answers(p, c, gold, answer.parses, by_position=True).sentences[0]
    assert s.reasons == ["unbalanced"] and s.word_faults == {"added": 1, "dropped": 0,
                                                             "changed": 1, "reordered": 0}
    assert s.results["strict"].status.value == "no_parse"
    assert s.results["repaired"].scores["recall"] == 100.0


def test_a_parser_file_read_as_llm_output_scores_as_tcompare_score_does(capfd, tmp_path):
    """The Berkeley parser's WSJ 23 output (its first 300 lines), read as LLM answers: every
    answer but its failed parse '(())' is valid and faithful, both policies agree, and the
    matched and system brackets are `tcompare score`'s; gold brackets differ only by the
    failed sentence's, which C EVALB leaves out and the policies count as no parse."""
    from tcompare.cli import score as score_cli

    gold_path, sys_path = tmp_path / "23.gold", tmp_path / "23.sys"
    for name, path in (("23.gold", gold_path), ("23.sys_berkeley", sys_path)):
        lines = anchor("evalb", "real", "wsj23_berkeley", name).read_text().splitlines(True)
        path.write_text("".join(lines[:300]))
    assert score_cli.main([str(gold_path), str(sys_path), "--output", "json"]) == 0
    plain = json.loads(capfd.readouterr().out)["summary"]
    gold = read_text(gold_path.read_text(), "ptb").items()
    answers = read_llm(sys_path.read_text(), "sys", "constituency", len(gold))
    assert answers.mode == "lines"
    p, c = evalb()
    report = score_answers(p, c, gold, answers.parses, by_position=True)
    failed = [s.index for s in report.sentences if not s.valid]
    assert report.validity_counts()["unparsable"] == len(failed) == 1 and failed == [7]
    assert report.faithfulness_counts()["unfaithful"] == 0
    strict, repaired = report.summaries["strict"].metrics, report.summaries["repaired"].metrics
    assert strict == repaired
    assert strict["matched_brackets"] == plain["matched_brackets"]
    assert strict["test_brackets"] == plain["test_brackets"]
    lost = sum(p.score(gold[i - 1], gold[i - 1], c).counts["gold_brackets"] for i in failed)
    assert strict["gold_brackets"] == plain["gold_brackets"] + lost


def test_a_repeated_sentence_does_not_lead_the_pairing_astray():
    # four gold sentences alike (a repeated headline); answers 1 and 4 drop a word.  By text,
    # answer 2 looks like gold 1 (answer 1 extra, gold 4 missing); by position every answer
    # keeps all its words but one
    head = "(NP (NNP Federal) (NNP Home) (NNP Corp.) (: --))"
    short = "(NP (NNP Federal) (NNP Home) (: --))"
    gold = read_text((head + "\n") * 4, "ptb").items()
    out = read_llm("Parses:\n" + "\n\n".join([short, head, head, short]) + "\n", "a.txt",
                   "constituency", len(gold))
    assert out.mode == "text" and len(out.parses) == 4
    p, c = evalb()
    report = score_answers(p, c, gold, out.parses)
    assert [s.answer for s in report.sentences] == [1, 2, 3, 4] and report.extra == []
    assert report.faithfulness_counts()["dropped"] == 2


def test_words_aligned_back_always_give_the_gold_words_and_one_tree():
    """Random edits (words changed, dropped, added, moved; heads anywhere): the repaired
    answer always has exactly the gold words, and a dependency answer is one tree."""
    import random

    from tcompare.model.tree import Token
    from tcompare.scoring.realign import realign_deps, realign_tree

    rng = random.Random(5)
    gold_trees = read_text(_head("23.gold", 80), "ptb").items()
    for g in gold_trees:
        t = g.copy()
        parents = t.parents()
        for tok in list(t.tokens):
            x = rng.random()
            if x < 0.1:
                tok.form += "~"
            elif x < 0.2:
                parents[id(tok)].children.remove(tok)
            elif x < 0.25:
                siblings = parents[id(tok)].children
                siblings.insert(siblings.index(tok), Token(f"new{rng.randrange(5)}", "NN"))
        t.finalize()
        if len(t.tokens) > 3:
            a, b = rng.sample(t.tokens, 2)
            ps = t.parents()
            ps[id(a)].children.remove(a)
            ps[id(b)].children.insert(ps[id(b)].children.index(b), a)
            t.finalize()
        fixed, _ = realign_tree(t, g.words, align_words(g.words, t.words))
        assert fixed.words == g.words
    gold_deps = read_text(anchor("conllu", "zh_gsd-ud-test.conllu").read_text(), "conllu").items()[:80]
    for g in gold_deps:
        forms = [w.form for w in g.words]
        rows = []
        for w in g.words:
            x = rng.random()
            if x < 0.1:
                continue
            head = str(rng.randrange(len(forms) + 3)) if x < 0.3 else w.head
            rows.append((w.form + ("~" if x < 0.2 else ""), head, w.deprel))
            if rng.random() < 0.05:
                rows.append(("new", str(rng.randrange(len(forms))), "dep"))
        answer = read_response("\n".join(f"{k}\t{f}\t{h}\t{d}" for k, (f, h, d) in enumerate(rows, 1)),
                               "dependency").item
        tree, _ = repair_structure(answer)
        fixed, _ = realign_deps(tree, forms, align_words(forms, [w.form for w in answer.words]))
        assert [w.form for w in fixed.words] == forms and reasons(fixed, []) == []


def test_hostile_answers_take_linear_time():
    """5x10^4 brackets never closed, and a 5x10^4-word answer for a 3-word sentence: read and
    repaired in linear time (each was quadratic once: minutes)."""
    import time

    gold = read_text("(S (NP (PRP It)) (VP (VBD ran) (. .)))\n", "ptb").items()
    p, c = evalb()
    start = time.perf_counter()
    opened = read_response("(" * 50_000, "constituency")
    assert opened.item is None and opened.faults == ["unbalanced", "unparsable"]
    long = "(S " + " ".join(f"(NN w{i})" for i in range(50_000)) + " (VBD ran))"
    s = score_answers(p, c, gold, [read_response(long, "constituency")], by_position=True).sentences[0]
    assert s.word_faults == {"added": 49_999, "dropped": 1, "changed": 1, "reordered": 0}
    assert s.results["repaired"].data["repaired_item"].words == ["It", "ran", "."]
    assert time.perf_counter() - start < 30
