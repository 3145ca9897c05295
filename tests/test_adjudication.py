"""Annotators' disagreements and adjudication into a curated file, without a window.

Small files written here by hand (three annotators of the demo CoNLL-U sentences and of
two PTB trees); every disagreement and every figure below is counted by hand.  A killed
adjudication (SIGKILL in a subprocess) is restored byte for byte from the journal.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.editing import journal
from tcompare.editing.adjudication import EDIT, read_sidecar, sidecar_path
from tcompare.editing.tree_edits import EditRefused
from tcompare.scoring.annotators import disagreements
from tcompare.workspace.annotators import AnnotatorsDocument, AnnotatorsError, letter

pytestmark = pytest.mark.issue(29)
ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo" / "conll" / "demo.gold.conllu"


def three_conllu(tmp_path: Path) -> list[Path]:
    """A: the demo gold; B: "not" attached to "can", "she" nsubj, "coffee" -> "tea" obj;
    C: "tea" iobj, 他 NOUN, 苹果 iobj."""
    a = DEMO.read_text(encoding="utf-8")
    b = (a.replace("3\tnot\tnot\tPART\tRB\t_\t4\tadvmod", "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod")
         .replace("5\tshe\tshe\tPRON\tPRP\t_\t2\tconj", "5\tshe\tshe\tPRON\tPRP\t_\t2\tnsubj")
         .replace("6\tcoffee\tcoffee\tNOUN\tNN\t_\t5\torphan", "6\tcoffee\tcoffee\tNOUN\tNN\t_\t3\tobj"))
    c = a.replace("\tobj\t", "\tiobj\t").replace("\tPRON\tPN", "\tNOUN\tPN")
    paths = []
    for name, text in (("a", a), ("b", b), ("c", c)):
        path = tmp_path / f"{name}.conllu"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


PTB_A = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat))))))\n" \
        "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"
PTB_B = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat)))))\n" \
        "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"
PTB_C = "(ROOT (S (NP (DT The) (NN cat)) (VP (VBN sat) (ADVP (IN on) (NP (DT the) (NN mat))))))\n" \
        "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"


def three_ptb(tmp_path: Path) -> list[Path]:
    paths = []
    for name, text in (("a", PTB_A), ("b", PTB_B), ("c", PTB_C)):
        path = tmp_path / f"{name}.mrg"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


# -- what disagrees ------------------------------------------------------------------------------
def test_dependency_disagreements_by_field(tmp_path):
    doc = AnnotatorsDocument(three_conllu(tmp_path))
    assert len(doc) == 3 and doc.unpaired == []
    found = [(r, d.start, d.fields) for r in range(3) for d in doc.disagreements(r)]
    assert found == [(0, 2, ("attachment",)),
                     (1, 2, ("label",)), (1, 4, ("label",)), (1, 5, ("attachment", "label")),
                     (2, 0, ("pos",)), (2, 3, ("label",))]
    assert doc.counts() == {"label": 4, "attachment": 2, "pos": 1}
    assert [d.start for d in doc.disagreements(1, "attachment")] == [5]
    assert doc.disagreements(0, "feats") == []
    first = doc.disagreements(0)[0]
    assert first.values == ("→come#4 advmod PART _", "→can#2 advmod PART _", "→come#4 advmod PART _")


def test_constituency_disagreements_spans_labels_tags(tmp_path):
    doc = AnnotatorsDocument(three_ptb(tmp_path))
    items = doc.disagreements(0)
    # words: The cat sat on the mat; B closes VP after "sat", C tags sat VBN and says ADVP
    assert [(d.kind, d.start, d.end, d.fields, d.values) for d in items] == [
        ("word", 2, 3, ("pos",), ("VBD", "VBD", "VBN")),
        ("span", 2, 6, ("attachment",), ("[VP]", None, "[VP]")),
        ("span", 2, 3, ("attachment",), (None, "[VP]", None)),
        ("span", 3, 6, ("label",), ("[PP]", "[PP]", "[ADVP]")),
    ]
    assert doc.disagreements(1) == []


def test_different_words_are_one_sentence_item():
    a = formats.read_text("(S (NP (DT The) (NN cat)) (VP (VBD sat)))\n", "ptb")[0].item
    b = formats.read_text("(S (NP (DT The) (NN dog)) (VP (VBD sat)))\n", "ptb")[0].item
    (item,) = disagreements([a, b, None])
    assert item.kind == "sentence" and item.fields == ("tokens",)
    assert item.values == ("The cat sat", "The dog sat", None)
    assert disagreements([a, None]) == []        # one version present: nothing to compare


def test_fewer_than_two_annotators_is_refused(tmp_path):
    a = three_conllu(tmp_path)[0]
    with pytest.raises(AnnotatorsError, match="at least two annotators"):
        AnnotatorsDocument([a])
    assert [letter(k) for k in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_unpaired_sentences_are_listed(tmp_path):
    a, b, c = three_conllu(tmp_path)
    text = b.read_text(encoding="utf-8")
    second = text.index("# sent_id = demo-en-2")
    third = text.index("# sent_id = demo-zh-1")
    b.write_text(text[:second] + text[third:], encoding="utf-8")    # B lacks sentence 2
    doc = AnnotatorsDocument([a, b, c])
    assert doc.rows[1][1] is None and doc.rows[2][1] == 1
    assert len(doc.unpaired) == 1 and "sentence 2 has no partner in" in doc.unpaired[0]
    assert str(a) in doc.unpaired[0] and ":10:" in doc.unpaired[0]
    # B takes no part in row 2's items: A and C still disagree on "tea"
    assert [d.values[1] for d in doc.disagreements(1)] == [None]


def test_f8_walks_the_disagreements_of_a_field_and_wraps(tmp_path):
    doc = AnnotatorsDocument(three_conllu(tmp_path))
    walk, at = [], (0, -1)
    for _ in range(7):
        at = doc.next_disagreement(*at)
        walk.append(at)
    assert walk == [(0, 0), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (0, 0)]
    assert doc.next_disagreement(0, 0, "label") == (1, 0)
    assert doc.next_disagreement(1, 0, "label", -1) == (2, 0)       # backwards, wrapping
    assert doc.next_disagreement(0, -1, "feats") is None


# -- adjudication -----------------------------------------------------------------------------------
def test_takes_edit_undo_save_and_provenance(tmp_path):
    a, b, c = three_conllu(tmp_path)
    doc = AnnotatorsDocument([a, b, c])
    curated = tmp_path / "curated.conllu"
    adj = doc.adjudicate(curated, curator="ann")
    assert curated.read_bytes() == a.read_bytes()          # starts as A's bytes
    doc.take(0, 1, doc.disagreements(0)[0])                 # B's head of "not"
    doc.take(1, 2)                                          # C's whole sentence 2
    c_sentence = doc.text(1, 2)
    with pytest.raises(EditRefused, match="not one sentence"):
        doc.edit(2, "1\tbroken\n")
    adj.save()
    saved = curated.read_text(encoding="utf-8")
    assert "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod\t4:advmod\t_\n" in saved
    assert c_sentence in saved and "\tiobj\t" in c_sentence
    a_text = a.read_text(encoding="utf-8")
    assert saved.endswith(a_text[a_text.index("# sent_id = demo-zh-1"):])   # untouched: A's bytes
    assert not list(tmp_path.glob("curated.conllu.tcompare*.recovery"))     # saved: no journal
    side = json.loads(sidecar_path(curated).read_text(encoding="utf-8"))
    assert [s["name"] for s in side["sources"]] == ["A", "B", "C"]
    assert side["sources"][1]["path"] == str(b)
    first, second = side["decisions"]
    assert first["taken"] == "B" and first["sentence"] == 1 and first["curator"] == "ann"
    assert first["item"] == {"start": 2, "end": 3, "fields": ["attachment"], "kind": "word"}
    assert first["values"] == {"A": "→come#4 advmod PART _", "B": "→can#2 advmod PART _",
                               "C": "→come#4 advmod PART _"}
    assert second["taken"] == "C" and second["item"] is None and second["saved"] is True
    assert second["values"]["C"] == c_sentence
    # undo, an edit, and the per-annotator changes
    assert doc.undo().taken == "C"
    assert doc.curated_text(1) == doc.text(1, 0)
    edited = doc.text(2, 0).replace("\tPRON\tPN", "\tPROPN\tPN")
    decision = doc.edit(2, edited)
    assert decision.taken == EDIT and doc.curated_text(2) == edited
    reports = doc.changes_by_annotator()
    by_name = {r.name: r for r in reports}
    # A: "not" (head), 他 (UPOS); 17 words, 16 with A's head and relation
    assert [(c.row, c.item.start, c.item.fields) for c in by_name["A"].changes] == \
        [(0, 2, ("attachment",)), (2, 0, ("pos",))]
    assert by_name["A"].summary.metrics["LAS"] == pytest.approx(100 * 16 / 17)
    # B: nothing on row 0; row 1: she (label), coffee (head + label); 他 (pos)
    assert by_name["B"].by_field == {"label": 2, "attachment": 1, "pos": 1}
    assert by_name["B"].summary.metrics["LAS"] == pytest.approx(100 * 15 / 17)
    # C: not (head), tea (label), 他 -- C's PRON->NOUN, curated PROPN, 苹果 (label)
    assert by_name["C"].summary.metrics["UAS"] == pytest.approx(100 * 16 / 17)
    assert by_name["C"].summary.metrics["LAS"] == pytest.approx(100 * 14 / 17)
    doc.undo()                          # the edit of row 3 goes: its rows are counted again
    again = {r.name: r for r in doc.changes_by_annotator()}
    assert [(c.row, c.item.start) for c in again["A"].changes] == [(0, 2)]
    assert again["A"].summary.metrics["LAS"] == pytest.approx(100 * 16 / 17)
    assert again["C"].by_field == {"attachment": 1, "label": 2, "pos": 1}


def test_constituency_items_taken_one_by_one(tmp_path):
    a, b, c = three_ptb(tmp_path)
    doc = AnnotatorsDocument([a, b, c])
    adj = doc.adjudicate(tmp_path / "a.curated.mrg")
    pos, vp, b_vp, label = doc.disagreements(0)
    doc.take(0, 2, pos)              # C's VBN
    doc.take(0, 2, label)            # C's ADVP over "on the mat"
    doc.take(0, 1, b_vp)             # B's VP over "sat" alone, inside the VP
    doc.take(0, 1, vp)               # B has no VP over "sat on the mat": deleted
    crossing = formats.read_text("(ROOT (S (DT The) (X (NN cat) (VBN sat)) (ADVP (IN on) "
                                 "(NP (DT the) (NN mat)))))\n", "ptb")[0].item
    (item,) = [d for d in disagreements([adj.item(0), crossing]) if (d.start, d.end) == (1, 3)]
    with pytest.raises(EditRefused, match="cross"):
        adj.take_item(0, item, "X", crossing, {})
    adj.save()
    assert (tmp_path / "a.curated.mrg").read_text(encoding="utf-8") == \
        "(ROOT (S (NP (DT The) (NN cat)) (VP (VBN sat)) (ADVP (IN on) (NP (DT the) (NN mat)))))\n" \
        "(ROOT (S (NP (PRP It)) (VP (VBD rained))))\n"


def test_an_unreadable_sidecar_is_moved_aside(tmp_path):
    curated = tmp_path / "x.conllu"
    sidecar_path(curated).write_text("{not json", encoding="utf-8")
    said = []
    assert read_sidecar(curated, said.append) == []
    assert "moved aside" in said[0] and (tmp_path / "x.conllu.provenance.json.corrupt").exists()


def test_the_curated_file_may_not_be_an_annotators_file(tmp_path):
    a, b, c = three_conllu(tmp_path)
    with pytest.raises(AnnotatorsError, match="must be a new file"):
        AnnotatorsDocument([a, b, c]).adjudicate(b)


KILLED = r"""
import sys, time
from tcompare.workspace.annotators import AnnotatorsDocument
a, b, c, curated = sys.argv[1:5]
doc = AnnotatorsDocument([a, b, c])
doc.adjudicate(curated, curator="killed")
doc.take(0, 1, doc.disagreements(0)[0])
doc.take(1, 2)
doc.take(2, 2, doc.disagreements(2)[0], ["pos"])
print("DECIDED", flush=True)
while True:
    time.sleep(0.05)
"""


def test_kill_9_during_adjudication_loses_nothing(tmp_path):
    a, b, c = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", KILLED, str(a), str(b), str(c), str(curated)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == "DECIDED", child.stderr.read() if child.poll() is not None else line
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    assert curated.read_bytes() == a.read_bytes()          # nothing saved: the file as made
    assert journal.load(curated) is not None
    doc = AnnotatorsDocument([a, b, c])
    adj = doc.adjudicate(curated)
    assert adj.restored == [] and adj.unsaved == {0, 1, 2}
    assert [(d.sentence, d.taken, d.curator) for d in adj.decisions] == \
        [(1, "B", "killed"), (2, "C", "killed"), (3, "C", "killed")]
    assert doc.curated_text(1) == doc.text(1, 2)           # C's sentence, byte for byte
    assert "1\t他\t他\tNOUN\tPN\t_\t2\tnsubj" in doc.curated_text(2)
    adj.save()
    expected = a.read_text(encoding="utf-8")
    expected = expected.replace("3\tnot\tnot\tPART\tRB\t_\t4\tadvmod", "3\tnot\tnot\tPART\tRB\t_\t2\tadvmod")
    expected = expected.replace(doc.text(1, 0), doc.text(1, 2))
    expected = expected.replace("1\t他\t他\tPRON\tPN", "1\t他\t他\tNOUN\tPN")
    assert curated.read_text(encoding="utf-8") == expected
    assert journal.load(curated) is None


def test_declined_recovery_forgets_the_unsaved_decisions(tmp_path):
    a, b, c = three_conllu(tmp_path)
    curated = tmp_path / "curated.conllu"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", KILLED, str(a), str(b), str(c), str(curated)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "DECIDED"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    doc = AnnotatorsDocument([a, b, c])
    adj = doc.adjudicate(curated, recover=lambda found, corpus: {1})    # sentence 2 only
    assert adj.unsaved == {1} and [d.sentence for d in adj.decisions] == [2]
    assert doc.curated_text(0) == doc.text(0, 0)


def test_an_unreadable_sentence_is_named_and_the_rest_works(tmp_path):
    a, b, c = three_conllu(tmp_path)
    text = c.read_text(encoding="utf-8")
    c.write_text(text.replace("3\ttea\ttea\tNOUN\tNN\t_\t2\tiobj\t2:obj\t_", "3\ttea\ttea"),
                 encoding="utf-8")
    doc = AnnotatorsDocument([a, b, c])
    problems = [p for p in doc.unpaired if "cannot be read" in p]
    assert len(problems) == 1 and f"{c}:14:10: 3 columns" in problems[0]
    assert [d.values[2] for d in doc.disagreements(1)] == [None, None]      # C left out there
    assert [d.start for d in doc.disagreements(1)] == [4, 5]                # A and B still compared
    doc.adjudicate(tmp_path / "x.curated.conllu")
    with pytest.raises(EditRefused, match="C has no readable sentence here"):
        doc.take(1, 2)
    doc.take(1, 1)                                                          # B's works
    assert doc.curated_text(1) == doc.text(1, 1)


def test_a_pretty_printed_file_stays_as_it_was_but_the_decisions(tmp_path):
    """Lossless: an item taken is written in the sentence's own layout (indentation kept),
    a sentence taken whole is its source's text, the rest byte for byte."""
    # (a one-tree-per-line sentence followed by a blank line, as C's second, is one sentence)
    from tests.test_ptb import PRETTY
    a = tmp_path / "a.mrg"
    a.write_text(PRETTY, encoding="utf-8")
    b = tmp_path / "b.mrg"
    b.write_text(PRETTY.replace("(ADJP", "(UCP"), encoding="utf-8")
    c = tmp_path / "c.mrg"
    one_line = ("( (S (NP-SBJ (NNP Mr.) (NNP Vinken)) (VP (VBZ is) (NP-PRD (NN chairman))) (. .)))\n\n")
    c.write_text(PRETTY[:PRETTY.index("( (S \n    (NP-SBJ (NNP Mr.)")] + one_line.replace("NP-PRD", "NP"),
                 encoding="utf-8")
    doc = AnnotatorsDocument([a, b, c])
    adj = doc.adjudicate(tmp_path / "a.curated.mrg")
    (label,) = doc.disagreements(0)
    assert label.values == ("[ADJP]", "[UCP]", "[ADJP]")
    doc.take(0, 1, label)
    doc.take(1, 2)
    adj.save()
    first = PRETTY[:PRETTY.index("( (S \n    (NP-SBJ (NNP Mr.)")]
    saved = (tmp_path / "a.curated.mrg").read_text(encoding="utf-8")
    assert saved.endswith(one_line.replace("NP-PRD", "NP"))           # C's text, exact
    edited = saved[:len(saved) - len(one_line.replace("NP-PRD", "NP"))]
    # the edited tree keeps its lines and their indentation (the gold editor's rendering)
    indent = [len(line) - len(line.lstrip()) for line in first.split("\n")]
    assert [len(line) - len(line.lstrip()) for line in edited.split("\n")] == indent
    assert "(UCP" in edited and "(ADJP" not in edited
    assert formats.read_text(edited, "ptb")[0].item.text() == \
        formats.read_text(first, "ptb")[0].item.text()


def test_the_changes_by_annotator_as_csv(tmp_path):
    import csv
    from tcompare.workspace.annotators import CHANGES_HEADER, write_changes_csv
    a, b, c = three_conllu(tmp_path)
    doc = AnnotatorsDocument([a, b, c])
    doc.adjudicate(tmp_path / "x.curated.conllu")
    doc.take(0, 1, doc.disagreements(0)[0])
    reports = doc.changes_by_annotator()
    write_changes_csv(tmp_path / "changes.csv", reports)
    rows = list(csv.reader((tmp_path / "changes.csv").open(encoding="utf-8")))
    assert tuple(rows[0]) == CHANGES_HEADER
    assert len(rows) - 1 == sum(len(r.changes) for r in reports)
    assert rows[1] == ["A", str(a), "1", "3", "3", "attachment", "→come#4 advmod PART _",
                       "→can#2 advmod PART _"]
