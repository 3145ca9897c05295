"""Gold editing core: pure edits, cycle refusal, atomic save, .orig, journal, review marks."""

import os
import stat

import pytest

from tcompare import formats
from tcompare.editing import dep_edits, journal, review, save
from tcompare.editing.tree_edits import (
    EditRefused, delete_bracket, extend_bracket, insert_bracket, insert_bracket_over_span,
    relabel, set_head, set_pos, shrink_bracket, take_system_bracket)
from tcompare.formats.ptb import format_tree, parse_tree, split_label
from tcompare.model.deps import DepSentence, DepToken


def tree(text):
    return parse_tree(text)


def node_by_label(t, raw):
    return next(n for n in t.nodes() if n.label.raw == raw)


def test_relabel_splits_label_parts_and_leaves_original_untouched():
    t = tree("(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat))))")
    np = node_by_label(t, "NP")
    new = relabel(t, np.id, "NP-SBJ-1", split_label)
    assert format_tree(new) == "(TOP (S (NP-SBJ-1 (DT the) (NN cat)) (VP (VBD sat))))"
    changed = new.node(np.id)
    assert (changed.label.category, changed.label.function, changed.label.index) == ("NP", "SBJ", "1")
    assert format_tree(t) == "(TOP (S (NP (DT the) (NN cat)) (VP (VBD sat))))"


def test_relabel_refuses_spaces():
    t = tree("(S (NP (NN a)))")
    with pytest.raises(EditRefused, match="spaces"):
        relabel(t, 1, "N P")


def test_set_pos():
    t = tree("(S (NP (DT the) (NN cat)))")
    assert format_tree(set_pos(t, 1, "NNS")) == "(S (NP (DT the) (NNS cat)))"


def test_insert_and_delete_bracket_are_inverse():
    t = tree("(S (NP (DT the) (JJ big) (NN cat)) (VP (VBD sat)))")
    np = node_by_label(t, "NP")
    inserted = insert_bracket(t, np.id, 1, 2, "NX")
    assert format_tree(inserted) == "(S (NP (DT the) (NX (JJ big) (NN cat))) (VP (VBD sat)))"
    nx = node_by_label(inserted, "NX")
    assert (nx.start, nx.end) == (1, 3)
    assert format_tree(delete_bracket(inserted, nx.id)) == format_tree(t)


def test_delete_root_refused():
    t = tree("(S (NP (NN a)))")
    with pytest.raises(EditRefused, match="root"):
        delete_bracket(t, 0)


def test_insert_over_span_refuses_crossing():
    t = tree("(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB down)))")
    with pytest.raises(EditRefused, match="cross"):
        insert_bracket_over_span(t, 1, 3, "X")
    ok = insert_bracket_over_span(t, 0, 4, "X")
    assert format_tree(ok) == "(S (X (NP (DT the) (NN cat)) (VP (VBD sat) (RB down))))"


def test_extend_and_shrink_by_one_word():
    t = tree("(S (NP (DT the) (NN cat)) (VBD sat) (RB down))")
    np = node_by_label(t, "NP")
    wider = extend_bracket(t, np.id, "right")
    assert format_tree(wider) == "(S (NP (DT the) (NN cat) (VBD sat)) (RB down))"
    assert format_tree(shrink_bracket(wider, np.id, "right")) == format_tree(t)
    with pytest.raises(EditRefused, match="nothing to the left"):
        extend_bracket(t, np.id, "left")
    vp = tree("(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB down)))")
    with pytest.raises(EditRefused, match="covers 2 words"):
        extend_bracket(vp, node_by_label(vp, "VP").id, "left")


def test_set_head_sets_positions_and_marks():
    t = tree("(np (n a) (c and) (n b))")
    new = set_head(t, 0, (0, 2))
    assert new.root.label.heads == (0, 2)
    assert [tok.is_head for tok in new.tokens] == [True, False, True]
    with pytest.raises(EditRefused):
        set_head(t, 0, (5,))


def test_head_positions_follow_a_wrap():
    t = tree("(vp (d a) (v b) (n c))")
    t = set_head(t, 0, (1,))
    wrapped = insert_bracket(t, 0, 0, 1, "vp")
    assert wrapped.root.label.heads == (0,)


def test_take_system_bracket_relabels_same_span_or_inserts():
    gold = tree("(S (NP (DT the) (NN cat)) (VP (VBD sat) (RB down)))")
    system = tree("(S (NX (DT the) (NN cat)) (VP (VBD sat) (ADVP (RB down))))")
    relabeled = take_system_bracket(gold, system, system_node=node_by_label(system, "NX").id)
    assert format_tree(relabeled) == "(S (NX (DT the) (NN cat)) (VP (VBD sat) (RB down)))"
    inserted = take_system_bracket(gold, system, system_node=node_by_label(system, "ADVP").id)
    assert format_tree(inserted) == "(S (NP (DT the) (NN cat)) (VP (VBD sat) (ADVP (RB down))))"
    deleted = take_system_bracket(gold, system, gold_node=node_by_label(gold, "VP").id)
    assert format_tree(deleted) == "(S (NP (DT the) (NN cat)) (VBD sat) (RB down))"


def _deps(heads):
    return DepSentence([DepToken(str(i + 1), f"w{i + 1}", head=str(h), deprel="dep")
                        for i, h in enumerate(heads)])


def test_reattach_and_cycle_refusal():
    s = _deps([2, 0, 2])          # w1 <- w2 (root) -> w3
    moved = dep_edits.reattach(s, 2, 0)  # w3 now depends on w1
    assert [w.head for w in moved.words] == ["2", "0", "1"]
    assert [w.head for w in s.words] == ["2", "0", "2"]
    with pytest.raises(EditRefused, match="cycle"):
        dep_edits.reattach(moved, 0, 2)   # w1 -> w3 -> w1
    with pytest.raises(EditRefused, match="own head"):
        dep_edits.reattach(s, 1, 1)
    assert dep_edits.reattach(s, 0, -1).words[0].head == "0"
    assert dep_edits.set_relation(s, 0, "nsubj").words[0].deprel == "nsubj"


def test_atomic_save_keeps_orig_once_and_detects_outside_change(tmp_path):
    path = tmp_path / "gold.mrg"
    path.write_bytes(b"(S (NN a))\r\n")
    session = save.SaveSession(path)
    assert not session.changed_on_disk()
    session.save(b"(S (NN b))\r\n")
    session.save(b"(S (NN c))\r\n")
    assert path.read_bytes() == b"(S (NN c))\r\n"
    assert (tmp_path / "gold.mrg.orig").read_bytes() == b"(S (NN a))\r\n"
    path.write_bytes(b"changed by someone else\n")
    assert session.changed_on_disk()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into read-only folders")
def test_failed_write_leaves_original_intact(tmp_path):
    path = tmp_path / "gold.mrg"
    path.write_bytes(b"original\n")
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(save.SaveError, match="cannot"):
            save.atomic_write(path, b"new\n")
    finally:
        tmp_path.chmod(stat.S_IRWXU)
    assert path.read_bytes() == b"original\n"


def test_failed_write_disk_full_leaves_original_intact(tmp_path, monkeypatch):
    path = tmp_path / "gold.mrg"
    path.write_bytes(b"original\n")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save.os, "fsync", full_disk)
    with pytest.raises(save.SaveError, match="No space left"):
        save.atomic_write(path, b"new content\n")
    assert path.read_bytes() == b"original\n"
    assert [p.name for p in tmp_path.iterdir()] == ["gold.mrg"]


def test_journal_restores_edits_after_a_crash(tmp_path):
    path = tmp_path / "gold.mrg"
    path.write_bytes(b"(S (NN a))\n(S (NN b))\n(S (NN c))\n")
    corpus = formats.read_file(path)
    edited = relabel(corpus[1].item, 0, "FRAG", split_label)
    corpus[1].replace_item(edited)
    j = journal.Journal.for_corpus(corpus)
    j.record(corpus)
    j.write()
    # "crash": the window is gone; a new start reads the file again and finds the journal
    del j
    again = formats.read_file(path)
    found = journal.load(path)
    assert found is not None and set(found.edits) == {2}
    assert journal.restore(found, again) == []
    assert again[1].edited
    assert formats.format_corpus(again) == "(S (NN a))\n(FRAG (NN b))\n(S (NN c))\n"
    found.discard()
    assert journal.load(path) is None


def test_review_marks_roundtrip_in_sidecar(tmp_path):
    gold = tmp_path / "g.mrg"
    gold.write_text("(S (NN a))\n")
    marks = review.ReviewMarks.load(gold)
    marks.set_mark(1, "flagged")
    marks.set_note(1, "PP attachment? 看一下")
    marks.save()
    assert gold.read_text() == "(S (NN a))\n"
    again = review.ReviewMarks.load(gold)
    assert again.marks == {1: "flagged"} and again.notes == {1: "PP attachment? 看一下"}


# ------------------------------------------------------------------- selection and labels
def test_selection_moves_and_runs():
    from tcompare.editing.selection import Selection, move, span_of, valid

    t = tree("(S (NP (DT the) (JJ big) (NN cat)) (VP (VBD sat)))")
    sel = Selection()
    sel = move(t, sel, "child")                       # NP
    assert (sel.kind, t.node(sel.ref).label.raw) == ("node", "NP")
    sel = move(t, move(t, sel, "child"), "next")      # the -> big
    assert (sel.kind, sel.ref) == ("token", 1)
    sel = move(t, sel, "grow")
    assert sel.run == 1 and span_of(t, sel) == (1, 3)
    assert move(t, sel, "grow") == sel                # no sister left to take
    assert move(t, sel, "parent") == Selection("gold", "node", 1)
    assert move(t, Selection(), "parent") == Selection()   # the root stays
    assert valid(t, Selection("gold", "node", 99)) == Selection("gold", "node", 0)


def test_label_parsers_follow_the_readers():
    from tcompare.editing.labels import label_parser

    ptb_label = label_parser("ptb")("NP-SBJ-2")
    assert (ptb_label.category, ptb_label.function, ptb_label.index) == ("NP", "SBJ", "2")
    tct_label = label_parser("tct")("vp-1")
    assert (tct_label.category, tct_label.heads) == ("vp", (1,))
    sinica = label_parser("sinica")("agent:NP")
    assert (sinica.category, sinica.role) == ("NP", "agent")
    assert label_parser("ccgauto")("S[dcl]").ccg == "S[dcl]"


def test_relabel_keeps_heads_unless_retyped():
    from tcompare.formats.tct import parse_tree as tct_parse, split_label as tct_split

    t = tct_parse("[zj-0 [dj-1 我们/rNP [vp-0 看/v 书/n ] ] 。/wE ]")
    vp = next(n for n in t.nodes() if n.label.category == "vp")
    assert relabel(t, vp.id, "np", tct_split).node(vp.id).label.heads == (0,)
    assert relabel(t, vp.id, "np-1", tct_split).node(vp.id).label.heads == (1,)


@pytest.mark.issue(18)
def test_a_phrase_moves_into_its_sister_and_back_up():
    from tcompare import formats
    from tcompare.editing import tree_edits
    from tcompare.formats.ptb import format_tree

    text = ("(S (NP (DT the) (NN man)) (VP (VBD saw) (NP (DT a) (NN dog)) "
            "(PP (IN with) (NP (DT a) (NN telescope)))))\n")
    tree = formats.read_text(text, "ptb")[0].item
    pp = next(n for n in tree.nodes() if n.label.raw == "PP")
    into_np = tree_edits.attach_to_sister(tree, pp.id, "left")
    assert format_tree(into_np) == ("(S (NP (DT the) (NN man)) (VP (VBD saw) (NP (DT a) (NN dog) "
                                    "(PP (IN with) (NP (DT a) (NN telescope))))))")
    assert format_tree(tree) == text.strip()                      # the input is not changed
    moved = next(n for n in into_np.nodes() if n.label.raw == "PP")
    back = tree_edits.lift(into_np, moved.id)
    assert format_tree(back) == text.strip()
    np_obj = next(n for n in tree.nodes() if n.label.raw == "NP" and n.start == 3)
    into_pp = tree_edits.attach_to_sister(tree, np_obj.id, "right")   # NP as the PP's first child
    assert "(PP (NP (DT a) (NN dog)) (IN with)" in format_tree(into_pp)
    with pytest.raises(tree_edits.EditRefused):
        tree_edits.attach_to_sister(tree, pp.id, "right")              # nothing on its right
    with pytest.raises(tree_edits.EditRefused):
        tree_edits.lift(tree, np_obj.id)                               # a middle child
    with pytest.raises(tree_edits.EditRefused):
        tree_edits.lift(tree, tree.root.id)                            # nothing above the root


@pytest.mark.issue(18)
def test_deleting_a_sinica_bracket_keeps_its_role_on_its_one_child():
    from tcompare import formats
    from tcompare.editing import tree_edits

    fmt = formats.get("sinica").format_item
    tree = formats.read_text("S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告))\n",
                             "sinica")[0].item
    agent = next(n for n in tree.nodes() if n.label.role == "agent")
    assert fmt(tree_edits.delete_bracket(tree, agent.id), "\n").startswith("S(agent:Nh:他|Head:VC:刊登")
    nested = formats.read_text("S(agent:NP(NP(Nh:他))|Head:VC:刊登)\n", "sinica")[0].item
    outer = next(n for n in nested.nodes() if n.label.role == "agent")
    assert fmt(tree_edits.delete_bracket(nested, outer.id), "\n").startswith("S(agent:NP(Nh:他)|")
    theme = next(n for n in tree.nodes() if n.label.role == "theme")     # two children: no role
    assert "|DM:一則|Na:廣告" in fmt(tree_edits.delete_bracket(tree, theme.id), "\n")
