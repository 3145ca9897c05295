"""The lenient reader of LLM output (issue 31 item 3): trees in prose and code fences, JSON
Lines, one answer per line, CoNLL rows with columns left out; what it repairs, what it leaves
out as chatter."""

from __future__ import annotations

import json

import pytest

from tcompare.formats.llm import read_llm, read_response


# -- the reader ------------------------------------------------------------------------------

def test_reader_takes_trees_out_of_prose_and_fences():
    text = ("Sure! Here is the parse:\n\n```lisp\n(S (NP (DT The) (NN cat))\n   (VP (VBD sat)))\n```\n"
            "Hope this helps.\n2. Parse: (S (NP (PRP It)) (VP (VBD ran)))\n")
    out = read_llm(text, "a.txt", "constituency")
    assert [p.words for p in out.parses] == [["The", "cat", "sat"], ["It", "ran"]]
    assert [p.line for p in out.parses] == [4, 8]
    assert out.parses[0].faults == [] and out.parses[1].faults == []
    assert out.parses[0].repairs == ["chatter removed: 2 lines around the parse"]
    assert out.parses[1].repairs == ["chatter removed: 3 lines around the parse"]
    assert [c[1] for c in out.chatter] == ["Sure! Here is the parse:", "```lisp", "```",
                                           "Hope this helps.", "2. Parse: "]


def test_reader_cuts_prose_after_a_tree_on_its_line():
    out = read_llm("Answer: (S (NP (PRP It)) (VP (VBD ran))) is my parse.\n", "a.txt", "constituency")
    assert out.parses[0].words == ["It", "ran"] and out.parses[0].faults == []
    assert [c[1] for c in out.chatter] == ["Answer: ", "is my parse."]
    # a second tree, or a bracket too many, after it stays with the tree
    out = read_llm("(S (NP (PRP It)) (VP (VBD ran))) (. .)\n", "a.txt", "constituency")
    assert out.parses[0].faults == ["several_roots"] and out.chatter == []


def test_reader_leaves_prose_in_brackets_and_numbered_prose_out():
    text = ("(Note: the tree follows.)\n(S (NP (PRP It)) (VP (VBD ran)))\n"
            "3 words were hard to attach.\n")
    out = read_llm(text, "a.txt", "constituency")
    assert [p.words for p in out.parses] == [["It", "ran"]]
    assert out.parses[0].repairs == ["chatter removed: 1 line around the parse"]
    rows = read_llm("2 sentences follow.\n1 It 2 nsubj\n2 ran 0 root\n", "b.txt", "dependency")
    assert [p.words for p in rows.parses] == [["It", "ran"]] and len(rows.chatter) == 1


def test_reader_balances_and_joins_and_keeps_the_repairs():
    p = read_response("(S (NP (DT The) (NN cat)) (VP (VBD sat))", "constituency")
    assert p.faults == ["unbalanced"] and p.repairs == ["brackets balanced: added 1 missing ')'"]
    assert p.item.root.label.raw == "S" and p.item.words == ["The", "cat", "sat"]
    p = read_response("(S (NP (DT The) (NN cat)) (VP (VBD sat))))) ", "constituency")
    assert p.faults == ["unbalanced"] and p.repairs == ["brackets balanced: removed 2 unmatched ')'"]
    p = read_response("(S (NP (DT The) (NN cat)) (VP (VBD sat))) (. .)", "constituency")
    assert p.faults == ["several_roots"] and p.roots == 2
    assert p.repairs == ["roots joined: 1 tree(s) and 1 word(s) outside any bracket under one root"]
    assert p.item.root.label.raw == "" and p.item.words == ["The", "cat", "sat", "."]
    # a phrase over untagged words: read, the words keep no tag; "(X word)" is a tagged word
    p = read_response("(S (NP The cat) (VP sat))", "constituency")
    assert p.faults == [] and [t.pos for t in p.item.tokens] == ["", "", "VP"]
    assert [n.label.raw for n in p.item.nodes()] == ["S", "NP"]


@pytest.mark.parametrize("body,fault", [("", "empty"), ("   \n", "empty"),
                                        ("I cannot parse that sentence.", "unparsable"),
                                        ("S -> NP VP", "unparsable"), ("(S) (NP ())", "unparsable")])
def test_reader_names_empty_and_unparsable_answers(body, fault):
    p = read_response(body, "constituency")
    assert p.item is None and p.faults == [fault]


def test_reader_jsonl_one_answer_per_line():
    lines = [json.dumps({"id": 1, "response": "```\n(S (NN a))\n```"}),
             json.dumps({"output": ""}),
             json.dumps({"choices": [{"message": {"content": "Tree: (S (NN b) (NN c))"}}]}),
             json.dumps("(S (NN d)")]
    out = read_llm("\n".join(lines) + "\n", "a.jsonl", "constituency")
    assert out.mode == "jsonl"
    assert [p.words for p in out.parses] == [["a"], [], ["b", "c"], ["d"]]
    assert [p.faults for p in out.parses] == [[], ["empty"], [], ["unbalanced"]]


def test_reader_one_line_per_sentence_keeps_blank_lines_as_empty_answers():
    text = "(S (NN a))\n\nno idea\n(S (NN d)\n"
    out = read_llm(text, "a.txt", "constituency", expected=4)
    assert out.mode == "lines"
    assert [p.faults for p in out.parses] == [[], ["empty"], ["unparsable"], ["unbalanced"]]


def test_reader_keeps_conllu_comments_and_jsonl_chatter():
    text = "Here:\n```\n# sent_id = 1\n# text = It ran\n1\tIt\tit\tPRON\t2\tnsubj\n2\tran\trun\tVERB\t0\troot\n```\n"
    out = read_llm(text, "a.txt", "dependency")
    assert [p.words for p in out.parses] == [["It", "ran"]]
    assert out.parses[0].item.comments == ["# sent_id = 1", "# text = It ran"]
    assert [c[1] for c in out.chatter] == ["Here:", "```", "```"]
    lines = [json.dumps({"response": "Sure:\n(S (NN a))\nDone."}), json.dumps({"response": "(S (NN b))"})]
    out = read_llm("\n".join(lines), "a.jsonl", "constituency")
    assert out.chatter == [(1, "Sure:"), (1, "Done.")]
    assert [p.line for p in out.parses] == [1, 2]
    assert out.parses[0].repairs == ["chatter removed: 2 lines around the parse"]


def test_reader_conll_rows_with_missing_columns():
    text = ("Here you go:\n| 1 | The | DET | 2 | det |\n| 2 | cat | NOUN | 3 | nsubj |\n"
            "| 3 | sleeps | VERB | 0 | root |\n\n1 It 2 nsubj\n2 ran 0 root\n\n"
            "1\tDogs\tdog\tNOUN\t2\tnsubj\n2\tbark\tbark\tVERB\t0\troot\n")
    out = read_llm(text, "a.txt")
    assert out.kind == "dependency"
    assert [p.words for p in out.parses] == [["The", "cat", "sleeps"], ["It", "ran"], ["Dogs", "bark"]]
    first, second, third = (p.item.words for p in out.parses)
    assert [(w.cpostag, w.head, w.deprel) for w in first] == [("DET", "2", "det"), ("NOUN", "3", "nsubj"),
                                                               ("VERB", "0", "root")]
    assert [(w.head, w.deprel, w.cpostag) for w in second] == [("2", "nsubj", "_"), ("0", "root", "_")]
    assert [(w.lemma, w.cpostag, w.head) for w in third] == [("dog", "NOUN", "2"), ("bark", "VERB", "0")]
    assert out.parses[0].repairs == ["chatter removed: 1 line around the parse",
                                     "columns filled: LEMMA XPOS FEATS DEPS MISC with '_'"]
    assert out.parses[1].repairs == ["columns filled: LEMMA UPOS XPOS FEATS DEPS MISC with '_'"]
