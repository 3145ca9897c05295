"""`tcompare diff` / `analysis.release_diff` (issue 29 item 4).

Real releases (skipped when absent; put there by the `diff` helper, see docs/release-diff.md):
* ``$TCOMPARE_REFS/ewt/en_ewt-ud-test.r2.10.conllu`` and ``...r2.12.conllu`` -- UD_English-EWT's
  test file at tags r2.10 and r2.12 (``git show r2.10:en_ewt-ud-test.conllu``);
* ``$TCOMPARE_REFS/gum/gum_academic.V8.0.0.ptb`` and ``...V9.0.0.ptb`` -- the 18 GUM academic
  documents in both tags, ``const/GUM_academic_*.ptb`` concatenated (github amir-zeldes/gum).

Each is checked against a plain script written here from the file format alone.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis.release_diff import STATUSES, release_diff, release_diff_files
from tcompare.analysis import release_render
from tcompare.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
EWT_OLD = REFS / "ewt" / "en_ewt-ud-test.r2.10.conllu"
EWT_NEW = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
EWT_25 = REFS / "ewt" / "en_ewt-ud-test.r2.5.conllu"
EWT_28 = REFS / "ewt" / "en_ewt-ud-test.r2.8.conllu"
GUM_OLD = REFS / "gum" / "gum_academic.V8.0.0.ptb"
GUM_NEW = REFS / "gum" / "gum_academic.V9.0.0.ptb"
FIELDS = ["ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC"]

needs_ewt = pytest.mark.skipif(not EWT_NEW.exists(), reason="EWT r2.10/r2.12 not in $TCOMPARE_REFS/ewt")
needs_ewt_25_28 = pytest.mark.skipif(not EWT_28.exists(), reason="EWT r2.5/r2.8 not in $TCOMPARE_REFS/ewt")
needs_gum = pytest.mark.skipif(not GUM_NEW.exists(), reason="GUM V8/V9 not in $TCOMPARE_REFS/gum")


# -- plain scripts ------------------------------------------------------------------------------

def plain_conllu(path: Path) -> dict[str, list[list[str]]]:
    """sent_id -> word rows (no ranges, no empty nodes), by splitting text only."""
    out = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        if not block.strip():
            continue
        sid, rows = None, []
        for line in block.split("\n"):
            if line.startswith("# sent_id = "):
                sid = line[len("# sent_id = "):]
            elif line and not line.startswith("#"):
                cols = line.split("\t")
                if cols[0].isdigit():
                    rows.append(cols)
        out[sid] = rows
    return out


def plain_field_counts(old: Path, new: Path) -> tuple[Counter, int, int]:
    a, b = plain_conllu(old), plain_conllu(new)
    counts: Counter = Counter()
    changed = same = 0
    for sid, rows in a.items():
        other = b[sid]
        assert [r[1] for r in rows] == [r[1] for r in other]   # (no retokenisation in this pair)
        before = sum(counts.values())
        for x, y in zip(rows, other):
            for k in range(1, 10):
                if x[k] != y[k]:
                    counts[FIELDS[k]] += 1
        changed += sum(counts.values()) > before
        same += sum(counts.values()) == before
    return counts, changed, same


def plain_trees(path: Path) -> list[tuple[list[str], list[str], Counter]]:
    """Each tree's words, tags and multiset of (label, first char, last char) brackets."""
    trees = []
    tokens = re.findall(r"\(|\)|[^\s()]+", path.read_text(encoding="utf-8"))
    k = 0
    while k < len(tokens):
        assert tokens[k] == "("
        words: list[str] = []
        tags: list[str] = []
        brackets: Counter = Counter()
        stack: list[tuple[str, int]] = []
        chars = 0
        while True:
            t = tokens[k]
            if t == "(":
                label = tokens[k + 1]
                if tokens[k + 2] not in "()" and tokens[k + 3] == ")":      # (TAG word)
                    tags.append(label)
                    words.append(tokens[k + 2])
                    chars += len(tokens[k + 2])
                    k += 4
                    continue
                stack.append((label, chars))
                k += 2
            else:
                label, start = stack.pop()
                brackets[(label, start, chars)] += 1
                k += 1
                if not stack:
                    break
        trees.append((words, tags, brackets))
    return trees


# -- real releases --------------------------------------------------------------------------------

@needs_ewt
def test_ewt_r210_r212_counts_equal_a_plain_script():
    diff = release_diff_files(str(EWT_OLD), str(EWT_NEW))
    diff.check()
    counts, changed, same = plain_field_counts(EWT_OLD, EWT_NEW)
    fields = diff.field_counts()
    assert {f: n for f, n in fields.items() if n} == dict(counts)
    assert fields["FEATS"] == 997 and fields["DEPREL"] == 229 and fields["HEAD"] == 144
    status = diff.status_counts()
    assert status["changed"] == changed == 766 and status["same"] == same == 1311
    # every sentence accounted for: added + removed + changed + same (+ the rest) = both sides
    sides = diff.side_counts()
    assert sum(a for a, _ in sides.values()) == diff.old_count == 2077
    assert sum(b for _, b in sides.values()) == diff.new_count == 2077
    assert diff.paired_by == "sent_id" and diff.comment_counts() == {}
    # the most frequent change, as the plain script counts it
    top = diff.top_changes(1)[0]
    a, b = plain_conllu(EWT_OLD), plain_conllu(EWT_NEW)
    plain = Counter((x[5], y[5]) for sid in a for x, y in zip(a[sid], b[sid]) if x[5] != y[5])
    (old, new), n = plain.most_common(1)[0]
    assert (top.field, top.old, top.new, top.count) == ("FEATS", old, new, n)
    deprel = Counter((x[7], y[7]) for sid in a for x, y in zip(a[sid], b[sid]) if x[7] != y[7])
    ours = {(c.old, c.new): c.count for c in diff.top_changes() if c.field == "DEPREL"}
    assert ours == dict(deprel)
    # feature by feature
    features: Counter = Counter()
    for sid in a:
        for x, y in zip(a[sid], b[sid]):
            fx = dict(f.split("=", 1) for f in x[5].split("|")) if x[5] != "_" else {}
            fy = dict(f.split("=", 1) for f in y[5].split("|")) if y[5] != "_" else {}
            for name in set(fx) | set(fy):
                if fx.get(name) != fy.get(name):
                    features[("FEATS " + name, fx.get(name, ""), fy.get(name, ""))] += 1
    ours = {(c.field, c.old, c.new): c.count for c in diff.feature_changes() if c.field.startswith("FEATS")}
    assert ours == dict(features)
    assert diff.feature_changes(1)[0] == ("FEATS NumForm", "", "Digit", 432)


@needs_ewt
def test_ewt_read_as_corpora_gives_the_same_diff(monkeypatch):
    from tcompare.formats import conll_rows

    monkeypatch.setattr(conll_rows, "PIECE", 65521)      # scanned in ~27 pieces
    lean = release_diff_files(str(EWT_OLD), str(EWT_NEW))
    whole = release_diff(formats.read_file(EWT_OLD), formats.read_file(EWT_NEW))
    assert [(u.status, u.old, u.new, u.changes) for u in whole.sentences] == \
           [(u.status, u.old, u.new, u.changes) for u in lean.sentences]


@needs_ewt
def test_cli_json_and_csv_on_ewt(tmp_path, capsys):
    out = tmp_path / "diff.json"
    assert cli_main(["diff", "--output", "json", "-o", str(out), str(EWT_OLD), str(EWT_NEW)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    counts, changed, _ = plain_field_counts(EWT_OLD, EWT_NEW)
    assert {f: n for f, n in data["fields"].items() if n} == dict(counts)
    assert len(data["units"]) == changed
    assert sum(len(u["changes"]) for u in data["units"]) == sum(counts.values())
    assert cli_main(["diff", "--output", "csv", str(EWT_OLD), str(EWT_NEW)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "field,old,new,count"
    assert sum(int(r.rsplit(",", 1)[1]) for r in rows[1:]) == sum(counts.values())


def plain_blocks(path: Path) -> dict[str, tuple[list[list[str]], list[str]]]:
    """sent_id -> (word rows, multiword range ids)."""
    out = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        if block.strip():
            lines = block.split("\n")
            sid = next(l[len("# sent_id = "):] for l in lines if l.startswith("# sent_id = "))
            rows = [l.split("\t") for l in lines if l and not l.startswith("#")]
            out[sid] = ([r for r in rows if r[0].isdigit()], [r[0] for r in rows if "-" in r[0]])
    return out


@needs_ewt_25_28
def test_ewt_r25_r28_retokenised_sentences_equal_a_plain_script():
    """r2.8 added multiword tokens (it's, Google's...) to 305 sentences and re-cut one word."""
    diff = release_diff_files(str(EWT_25), str(EWT_28))
    diff.check()
    a, b = plain_blocks(EWT_25), plain_blocks(EWT_28)
    counts: Counter = Counter()
    retok = 0
    for sid, (rows, ranges) in a.items():
        other, other_ranges = b[sid]
        if len(rows) != len(other) or ranges != other_ranges:
            retok += 1

        def spans(rs):
            out, pos = [], 0
            for r in rs:
                out.append((pos, pos + len(r[1])))
                pos += len(r[1])
            return out

        where = {sp: j for j, sp in enumerate(spans(other))}
        pairs = {i: where[sp] for i, sp in enumerate(spans(rows)) if sp in where}
        to_new = {str(i + 1): str(j + 1) for i, j in pairs.items()} | {"0": "0"}
        for i, j in pairs.items():
            x, y = rows[i], other[j]
            for k in range(1, 10):
                if FIELDS[k] == "HEAD":
                    differs = to_new.get(x[k], "?") != y[k]
                elif FIELDS[k] == "DEPS":     # heads renumbered; an empty node 8.1 by its 8
                    mapped = []
                    for part in (x[k].split("|") if x[k] != "_" else []):
                        head, rel = part.split(":", 1)
                        major, _, minor = head.partition(".")
                        mapped.append(to_new.get(major, "?") + ("." + minor if minor else "") + ":" + rel)
                    differs = ("|".join(mapped) or "_") != y[k]
                else:
                    differs = x[k] != y[k]
                counts[FIELDS[k]] += differs
    assert diff.status_counts()["retokenised"] == retok == 306
    assert {f: n for f, n in diff.field_counts().items() if n} == {f: n for f, n in counts.items() if n}
    notes = release_render.markdown(diff, listed=1)
    assert "multiword tokens added: Google's, it's, we've" in notes
    # sentence comments: reported apart, never a status
    plain_comments: Counter = Counter()

    def comments_by_id(path):
        out = {}
        for block in path.read_text(encoding="utf-8").split("\n\n"):
            lines = [l for l in block.split("\n") if l.startswith("#")]
            if lines:
                out[next(l for l in lines if l.startswith("# sent_id"))] = lines
        return out

    def key(line):
        return line.split("=", 1)[0].strip("# ")

    ca, cb = comments_by_id(EWT_25), comments_by_id(EWT_28)
    for sid, la in ca.items():
        lb = cb[sid]
        for k in {key(l) for l in la + lb}:
            if [l for l in la if key(l) == k] != [l for l in lb if key(l) == k]:
                plain_comments[k] += 1
    assert diff.comment_counts() == dict(plain_comments) == {"newpar id": 854}
    assert "| newpar id | 854 |" in notes


@needs_gum
def test_gum_v8_v9_constituency_pair():
    diff = release_diff_files(str(GUM_OLD), str(GUM_NEW))
    diff.check()
    old, new = plain_trees(GUM_OLD), plain_trees(GUM_NEW)
    assert (diff.old_count, diff.new_count) == (len(old), len(new)) == (635, 634)
    # one resegmentation: old trees 322 and 323 are new tree 322
    reseg = [u for u in diff.sentences if u.status == "resegmented"]
    assert [(u.old, u.new) for u in reseg] == [((321, 322), (321,))]
    assert old[321][0] + old[322][0] == new[321][0]
    # on the other pairs: brackets not on both sides and POS changes, counted plainly
    gone = come = pos = 0
    units = {u.old[0]: u for u in diff.sentences if len(u.old) == 1 and u.new}
    for i, u in units.items():
        (wa, ta, ba), (wb, tb, bb) = old[i], new[u.new[0]]
        assert wa == wb
        gone += sum((ba - bb).values())
        come += sum((bb - ba).values())
        pos += sum(x != y for x, y in zip(ta, tb))
        assert (u.status == "same") == (ba == bb and ta == tb)
    brackets = diff.bracket_counts()
    assert brackets["relabelled"] + brackets["moved"] + brackets["removed"] == gone
    assert brackets["relabelled"] + brackets["moved"] + brackets["added"] == come
    assert diff.field_counts()["POS"] == pos == 12
    assert brackets == {"added": 1, "removed": 0, "relabelled": 47, "moved": 0}
    notes = release_render.markdown(diff)
    assert "| resegmented | 2 | 1 |" in notes and "relabelled `SBAR-TMP` -> `SBAR`: 17" in notes


GUM_70 = REFS / "gum" / "gum_academic.V7.0.0.ptb"
GUM_73 = REFS / "gum" / "gum_academic.V7.3.0.ptb"


@pytest.mark.skipif(not GUM_73.exists(), reason="GUM V7.0.0/V7.3.0 not in $TCOMPARE_REFS/gum")
def test_gum_v70_v73_retokenised_and_moved_brackets_equal_a_plain_script():
    """V7.3.0 re-cut words in 76 trees and moved brackets: over characters, what is not on
    both sides is what the diff classifies (relabelled + moved + removed / added)."""
    diff = release_diff_files(str(GUM_70), str(GUM_73))
    diff.check()
    old, new = plain_trees(GUM_70), plain_trees(GUM_73)
    gone = come = pos = 0
    status = Counter()
    for u in diff.sentences:
        if len(u.old) != 1 or len(u.new) != 1:
            continue
        (wa, ta, ba), (wb, tb, bb) = old[u.old[0]], new[u.new[0]]
        assert "".join(wa) == "".join(wb)          # (only the cuts changed in this pair)
        gone += sum((ba - bb).values())
        come += sum((bb - ba).values())

        def spans(words):
            out, at = [], 0
            for w in words:
                out.append((at, at + len(w)))
                at += len(w)
            return out

        tag_at = dict(zip(spans(wb), tb))
        pos += sum(1 for sp, tag in zip(spans(wa), ta) if sp in tag_at and tag_at[sp] != tag)
        plain_status = ("same" if (wa, ta) == (wb, tb) and ba == bb
                        else "changed" if len(wa) == len(wb) else "retokenised")
        status[plain_status] += 1
        assert u.status == plain_status
    brackets = diff.bracket_counts()
    assert brackets["relabelled"] + brackets["moved"] + brackets["removed"] == gone
    assert brackets["relabelled"] + brackets["moved"] + brackets["added"] == come
    assert diff.field_counts()["POS"] == pos
    counts = diff.status_counts()
    assert (counts["same"], counts["changed"], counts["retokenised"]) == (
        status["same"], status["changed"], status["retokenised"]) == (343, 148, 76)
    assert counts["resegmented"] == 4 and brackets["moved"] > 50


# -- hand-built cases -----------------------------------------------------------------------------

def _conllu(*sentences: tuple[str, str, list[str]]) -> str:
    """(sent_id, text, rows 'ID FORM LEMMA UPOS HEAD DEPREL') -> CoNLL-U."""
    out = []
    for sid, text, rows in sentences:
        out.append(f"# sent_id = {sid}\n# text = {text}\n")
        for row in rows:
            i, form, lemma, upos, head, rel = row.split()
            out.append("\t".join([i, form, lemma, upos, "_", "_", head, rel, "_", "_"]) + "\n")
        out.append("\n")
    return "".join(out)


S1 = ("s1", "I saw it", ["1 I I PRON 2 nsubj", "2 saw see VERB 0 root", "3 it it PRON 2 obj"])
S2 = ("s2", "Go", ["1 Go go VERB 0 root"])
S3 = ("s3", "New York is big", ["1 New New PROPN 2 compound", "2 York York PROPN 4 nsubj",
                                "3 is be AUX 4 cop", "4 big big ADJ 0 root"])
S4 = ("s4", "Stop", ["1 Stop stop VERB 0 root"])


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_statuses_on_a_hand_built_pair(tmp_path):
    s1b = ("s1", "I saw it", ["1 I I PRON 2 nsubj", "2 saw see VERB 0 root", "3 it it PRON 2 obl"])
    # s3 retokenised: "NewYork" as one word; the heads move with their words
    s3b = ("s3", "New York is big", ["1 NewYork NewYork PROPN 3 nsubj", "2 is be AUX 3 cop",
                                     "3 big big ADJ 0 root"])
    s5 = ("s5", "Hi", ["1 Hi hi INTJ 0 root"])
    old = _write(tmp_path, "old.conllu", _conllu(S1, S2, S3, S4))
    new = _write(tmp_path, "new.conllu", _conllu(s1b, s3b, S4, s5))
    diff = release_diff_files(old, new)
    diff.check()
    got = [(u.status, u.old, u.new) for u in diff.sentences]
    assert got == [("changed", (0,), (0,)), ("removed", (1,), ()), ("retokenised", (2,), (1,)),
                   ("same", (3,), (2,)), ("added", (), (3,))]
    assert [tuple(c) for c in diff.sentences[0].changes] == [("DEPREL", "obj", "obl", 2, 2)]
    retok = diff.sentences[2]
    assert retok.pairing is not None and retok.pairing.pairs == ((2, 1), (3, 2))
    # "is" -> head 4 old is head 3 new: the same word, no HEAD change; only FORM-less fields
    assert [tuple(c) for c in retok.changes] == []
    assert diff.status_counts() == dict(zip(STATUSES, (1, 1, 1, 0, 1, 1, 0)))


def test_resegmented_sentences_with_new_ids(tmp_path):
    a = ("a", "Go Stop", ["1 Go go VERB 0 root", "2 Stop stop VERB 1 parataxis"])
    b1, b2 = ("b1", "Go", ["1 Go go VERB 0 root"]), ("b2", "Stop", ["1 Stop stop VERB 0 root"])
    old = _write(tmp_path, "old.conllu", _conllu(S1, a, S4))
    new = _write(tmp_path, "new.conllu", _conllu(S1, b1, b2, S4))
    diff = release_diff_files(old, new)
    diff.check()
    assert [(u.status, u.old, u.new) for u in diff.sentences] == [
        ("same", (0,), (0,)), ("resegmented", (1,), (1, 2)), ("same", (2,), (3,))]
    assert diff.side_counts()["resegmented"] == (1, 2)


def test_an_unreadable_sentence_is_listed_with_file_line_column(tmp_path):
    old = _write(tmp_path, "old.conllu", _conllu(S1, S2))
    bad = _conllu(S1) + "# sent_id = s2\n# text = Go\n1\tGo\tgo\n\n"
    new = _write(tmp_path, "new.conllu", bad)
    diff = release_diff_files(old, new)
    diff.check()
    unit = diff.sentences[1]
    assert unit.status == "unreadable" and unit.old == (1,) and unit.new == (1,)
    assert f"{new}:9:8:" in unit.error and "3 columns" in unit.error
    notes = release_render.markdown(diff)
    assert "## Unreadable (1)" in notes


def test_multiword_tokens_and_deps_heads(tmp_path):
    old_text = ("# sent_id = m\n# text = del mar\n1-2\tdel\t_\t_\t_\t_\t_\t_\t_\t_\n"
                "1\tde\tde\tADP\t_\t_\t3\tcase\t3:case\t_\n2\tel\tel\tDET\t_\t_\t3\tdet\t3:det\t_\n"
                "3\tmar\tmar\tNOUN\t_\t_\t0\troot\t0:root\t_\n\n")
    new_text = old_text.replace("2\tel\tel\tDET\t_\t_\t3\tdet\t3:det", "2\tel\tel\tDET\t_\t_\t3\tdet\t3:det:def")
    diff = release_diff_files(_write(tmp_path, "o.conllu", old_text), _write(tmp_path, "n.conllu", new_text))
    assert [tuple(c) for c in diff.sentences[0].changes] == [("DEPS", "3:det", "3:det:def", 1, 1)]
    assert [tuple(c) for c in diff.top_changes()] == [("DEPS", "det", "det:def", 1)]


def test_bracket_kinds_by_hand():
    old = formats.read_text("(S (NP (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))))\n"
                            "(S (NP (NNP Al)) (VP (VBD ran) (ADVP (RB fast)) (PP (IN at) (NP (NN noon)))))\n",
                            "ptb", "old.ptb")
    new = formats.read_text("(S (NP-SBJ (DT the) (NN dog)) (VP (VBD saw) (NP (PRP it))))\n"
                            "(S (NP (NNP Al)) (VP (VBD ran) (ADVP (RB fast) (PP (IN at) (NP (NN noon))))))\n",
                            "ptb", "new.ptb")
    diff = release_diff(old, new)
    first, second = diff.sentences
    assert [tuple(b) for b in first.brackets] == [("relabelled", "NP", "NP-SBJ", (0, 2), (0, 2))]
    # ADVP [2,3) grew to [2,5): the same label, the start kept -> moved
    assert [tuple(b) for b in second.brackets] == [("moved", "ADVP", "ADVP", (2, 3), (2, 5))]
    assert diff.bracket_counts() == {"added": 0, "removed": 0, "relabelled": 1, "moved": 1}


def test_cli_refuses_mixed_kinds_and_missing_files(tmp_path, capsys):
    dep = _write(tmp_path, "a.conllu", _conllu(S1))
    tree = _write(tmp_path, "b.ptb", "(S (NP (PRP I)) (VP (VBD saw) (NP (PRP it))))\n")
    assert cli_main(["diff", dep, tree]) == 1
    assert "same kind" in capsys.readouterr().err
    assert cli_main(["diff", dep, str(tmp_path / "nope.conllu")]) == 1
    assert "nope.conllu" in capsys.readouterr().err
    assert cli_main(["diff", "--top", "-1", dep, dep]) == 2


def test_a_changed_word_moves_no_bracket():
    old = formats.read_text("(S (NP (DT the) (NN dog)) (VP (VBD ran) (ADVP (RB away))))\n", "ptb", "o.ptb")
    new = formats.read_text("(S (NP (DT the) (NN cat)) (VP (VBD ran) (ADVP (RB away))))\n", "ptb", "n.ptb")
    (unit,) = release_diff(old, new).sentences
    assert unit.status == "changed" and unit.brackets == ()
    assert [tuple(c) for c in unit.changes] == [("FORM", "dog", "cat", 1, 1)]


def test_huge_sentences_pair_words_by_their_common_ends(monkeypatch):
    from tcompare.scoring import revision

    old, new = ["a", "b", "cd", "e", "f"], ["a", "b", "c", "X", "e", "f"]
    by_difflib = revision.word_pairs(old, new).pairs
    monkeypatch.setattr(revision, "MATCHER_LIMIT", 0)
    assert revision.word_pairs(old, new).pairs == by_difflib == ((0, 0), (1, 1), (3, 4), (4, 5))


def test_details_csv_and_json_units_by_hand(tmp_path, capsys):
    s1b = ("s1", "I saw it", ["1 I I PRON 2 nsubj", "2 saw see VERB 0 root", "3 it it PRON 2 obl"])
    s3b = ("s3", "New York is big", ["1 NewYork NewYork PROPN 3 nsubj", "2 is be AUX 3 cop",
                                     "3 big big ADJ 0 root"])
    old = _write(tmp_path, "old.conllu", _conllu(S1, S2, S3))
    new = _write(tmp_path, "new.conllu", _conllu(s1b, s3b))
    assert cli_main(["diff", "--output", "csv", "--details", old, new]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows == ["status,old_sentence,new_sentence,sent_id,field,old,new,old_word,new_word",
                    "changed,1,1,s1,DEPREL,obj,obl,3,3",
                    "removed,2,,s2,,,,,",
                    "retokenised,3,2,s3,,,,,"]
    assert cli_main(["diff", "--output", "json", old, new]) == 0
    units = json.loads(capsys.readouterr().out)["units"]
    assert units[2] == {"status": "retokenised", "old": [3], "new": [2], "sent_id": "s3",
                        "word_pairs": [[3, 2], [4, 3]]}
    assert cli_main(["diff", old, new]) == 0
    notes = capsys.readouterr().out
    assert "| removed | 1 | 0 |" in notes and "| **total** | **3** | **2** |" in notes
    assert "- `s2`: Go" in notes
    assert "tokens: 4 -> 3 words; New York -> NewYork" in notes


def test_old_from_a_pipe(tmp_path, monkeypatch, capsys):
    import io
    import sys

    old = _conllu(S1, S2)
    new = _write(tmp_path, "new.conllu", _conllu(S1))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(old.encode("utf-8"))))
    monkeypatch.setattr(formats, "_STREAMS", {})
    assert cli_main(["diff", "--output", "json", "-", new]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sentences"]["units"]["removed"] == 1 and data["sentences"]["units"]["same"] == 1


def test_a_chinese_pair_in_gb18030(tmp_path, capsys):
    old = _conllu(("z1", "我看书", ["1 我 我 PRON 2 nsubj", "2 看 看 VERB 0 root", "3 书 书 NOUN 2 obj"]))
    new = old.replace("NOUN\t_\t_\t2\tobj", "NOUN\t_\t_\t2\tobl")
    a, b = tmp_path / "old.conllu", tmp_path / "new.conllu"
    a.write_bytes(old.encode("gb18030"))
    b.write_bytes(new.encode("gb18030"))
    for extra in ([], ["--encoding", "gb18030"]):
        assert cli_main(["diff", "--output", "json", *extra, str(a), str(b)]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["units"][0]["changes"] == [{"field": "DEPREL", "old": "obj", "new": "obl",
                                                "old_word": 3, "new_word": 3}]


def test_two_release_folders(tmp_path, capsys):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    s1b = ("s1", "I saw it", ["1 I I PRON 2 nsubj", "2 saw see VERB 0 root", "3 it it PRON 2 obl"])
    (old / "a.conllu").write_text(_conllu(S1, S2), encoding="utf-8")
    (new / "a.conllu").write_text(_conllu(s1b, S2), encoding="utf-8")
    (new / "b.conllu").write_text(_conllu(S4), encoding="utf-8")
    (old / "k.mrg").write_text("(S (NP (PRP I)) (VP (VBD saw)))\n", encoding="utf-8")
    (new / "k.mrg").write_text(_conllu(S1), encoding="utf-8")          # not a tree any more
    (old / "README.md").write_text("# about\n", encoding="utf-8")
    (new / "README.md").write_text("# about, v2\n", encoding="utf-8")
    assert cli_main(["diff", "--output", "json", str(old), str(new)]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["only_old"] == [] and data["only_new"] == ["b.conllu"]
    assert [f["file"] for f in data["files"]] == ["a.conllu"]
    assert data["files"][0]["sentences"]["units"]["changed"] == 1
    assert data["changes"] == [{"field": "DEPREL", "old": "obj", "new": "obl", "count": 1}]
    assert data["failed"][0]["file"] == "k.mrg" and "same kind" in data["failed"][0]["error"]
    assert "1 file pair(s) not compared" in captured.err
    assert cli_main(["diff", str(old), str(new)]) == 0
    notes = capsys.readouterr().out
    assert "| a.conllu | 2 | 2 | 1 | 1 | 0 | 0 | 0 | 0 | 0 |" in notes
    assert "## Files only in NEW" in notes and "## Release diff:" in notes and "### Sentences" in notes
    assert cli_main(["diff", str(old), str(new / "a.conllu")]) == 2
    assert cli_main(["diff", "--output", "csv", str(old), str(new)]) == 2
