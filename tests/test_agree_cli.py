"""`tcompare agree`: pairing, bad input, the five output formats, the bootstrap, and the
disagreement items a view frames."""

import csv
import io
import json

import pytest

from tcompare import formats
from tcompare.analysis.agreement import AgreementError, Options, compare_annotators
from tcompare.cli import agree

S1 = "(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked)) (. .)))"
S1_B = "(TOP (S (NP (DT The) (NN dog)) (VP (VBD barked) (. .))))"
S2 = "(TOP (S (NP (PRP It)) (VP (VBD rained) (ADVP (RB hard))) (. .)))"
S2_B = "(TOP (S (NP (PRP It)) (VP (VBD rained) (NP (NN hard))) (. .)))"
S3 = "(TOP (S (NP (NNP Sam)) (VP (VBD left)) (. .)))"
S3_C = "(TOP (S (NP (NNP Pam)) (VP (VBD left)) (. .)))"
S4 = "(TOP (S (NP (PRP We)) (VP (VBD won)) (. !)))"


def write(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def run(argv):
    out, err = io.StringIO(), io.StringIO()
    code = agree.main(argv, out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def three(tmp_path):
    a = write(tmp_path, "ann_a.mrg", [S1, S2, S3, S4])
    b = write(tmp_path, "ann_b.mrg", [S1_B, S2_B, S4])           # S3 missing
    c = write(tmp_path, "ann_c.mrg", [S1, S2, S3_C, S4])         # S3's text differs
    return a, b, c


def test_unpaired_sentences_are_listed_never_dropped_silently(three):
    report = compare_annotators([formats.read_file(p) for p in three], ["A", "B", "C"],
                                Options(tree_alpha="off"))
    assert [r.numbers for r in report.rows] == [(1, 1, 1), (2, 2, 2), (4, 3, 4)]
    listed = {(u.annotator, u.sentence): u.reason for u in report.unpaired}
    assert set(listed) == {(0, 3), (2, 3)}
    assert "no partner in B" in listed[(0, 3)]
    assert "texts differ" in listed[(2, 3)] or "no partner" in listed[(2, 3)]
    # the text output and stderr name them with file and line
    code, out, err = run(list(three) + ["--names", "A,B,C", "--tree-alpha", "off"])
    assert code == 0
    assert f"{three[0]}:3: sentence 3 not compared" in err
    assert "Sentences not compared" in out and "ann_c.mrg" in out


def test_hand_counted_pair_figures_and_kappa(three):
    a, b, _ = three
    report = compare_annotators([formats.read_file(a), formats.read_file(b)], ["A", "B"],
                                Options(tree_alpha="off"))
    (pair,) = report.pairs
    # S1: A has S NP VP (3), B has S NP VP (3) but VP spans differ once '.' is deleted? no:
    # '.' is deleted, so VP covers 'barked' in both: 3 of 3.  S2: S NP VP ADVP vs S NP VP NP:
    # 3 of 4 labelled, 4 of 4 unlabelled.  S4: 3 of 3.  Labelled 9/10, unlabelled 10/10.
    assert pair.counts["gold_brackets"] == pair.counts["test_brackets"] == 10
    assert pair.figures["labeled_f1"] == pytest.approx(90.0)
    assert pair.figures["unlabeled_f1"] == pytest.approx(100.0)
    assert pair.figures["exact_match"] == pytest.approx(200 / 3)
    # POS: 'hard' RB vs NN, 8 kept words (punctuation deleted): 7/8
    assert pair.figures["pos_agreement"] == pytest.approx(87.5)
    # label units: 10 spans both bracketed, one ADVP/NP: Ao = 0.9; labels A: S3 NP3 VP3 ADVP1,
    # B: S3 NP4 VP3 -> Ae = (9 + 12 + 9) / 100 = 0.3; kappa = 0.6 / 0.7
    kappa = report.fields["label"].coefficients["cohen_kappa:1-2"]
    assert kappa.units == 10 and kappa.value == pytest.approx(0.6 / 0.7, abs=1e-12)
    (d,) = [d for d in report.disagreements if d.field == "label"]
    assert d.values == ("ADVP", "NP") and d.row == 1


def test_disagreements_carry_the_refs_a_view_frames(three):
    a, b, _ = three
    ca, cb = formats.read_file(a), formats.read_file(b)
    report = compare_annotators([ca, cb], None, Options(tree_alpha="off"))
    for d in report.disagreements:
        row = report.rows[d.row]
        trees = [ca[row.numbers[0] - 1].item, cb[row.numbers[1] - 1].item]
        for k, ref in enumerate(d.refs):
            if d.field == "label" and ref >= 0:
                assert trees[k].nodes()[ref].label.raw.split("-")[0] == d.values[k]
            if d.field == "pos" and ref >= 0:
                assert trees[k].tokens[ref].pos == d.values[k]
    assert report.disagreements_in(1) == [d for d in report.disagreements if d.row == 1]
    assert report.disagreements_in(0) == []


def test_fewer_than_two_files_is_a_usage_error(tmp_path):
    a = write(tmp_path, "a.mrg", [S1])
    code, out, err = run([a])
    assert code == 2 and "at least two annotators' files; got 1" in err and out == ""
    code, _, err = run([])
    assert code == 2 and "got 0" in err
    with pytest.raises(AgreementError, match="at least two"):
        compare_annotators([formats.read_file(a)])


def test_different_kinds_are_refused(tmp_path):
    a = write(tmp_path, "a.mrg", [S1])
    b = tmp_path / "b.conllu"
    b.write_text("1\tThe\t_\tDET\t_\t_\t2\tdet\t_\t_\n2\tdog\t_\tNOUN\t_\t_\t0\troot\t_\t_\n\n")
    code, _, err = run([a, str(b)])
    assert code == 1 and "different kinds" in err


CONLLU = ("# sent_id = {sid}\n# text = {text}\n" + "{rows}\n")


def conllu_file(tmp_path, name, sentences):
    parts = []
    for sid, words in sentences:
        rows = "".join(f"{i}\t{w}\t{w.lower()}\t{u}\t_\t_\t{h}\t{r}\t_\t_\n"
                       for i, (w, u, h, r) in enumerate(words, start=1))
        parts.append(CONLLU.format(sid=sid, text=" ".join(w for w, *_ in words), rows=rows))
    path = tmp_path / name
    path.write_text("".join(parts))
    return str(path)


def test_one_label_gives_a_clear_note_not_a_division_by_zero(tmp_path):
    words = [("Dogs", "X", 2, "nsubj"), ("bark", "X", 0, "root")]
    a = conllu_file(tmp_path, "a.conllu", [("s1", words)])
    b = conllu_file(tmp_path, "b.conllu", [("s1", words)])
    code, out, err = run([a, b, "--table", "summary,pairs"])
    assert code == 0
    assert "upos fleiss_kappa: every value is the same label" in out
    data = json.loads(run([a, b, "--output", "json"])[1])
    assert data["fields"]["upos"]["fleiss_kappa"]["value"] is None
    assert data["pairs"][0]["figures"]["UAS"] == 100.0


def test_tokenisation_and_unreadable_sentences_are_excluded_with_file_and_line(tmp_path):
    s1 = [("Dogs", "NOUN", 2, "nsubj"), ("bark", "VERB", 0, "root")]
    s2 = [("Cats", "NOUN", 2, "nsubj"), ("meow", "VERB", 0, "root")]
    s2_split = [("Ca", "NOUN", 3, "compound"), ("ts", "NOUN", 3, "nsubj"), ("meow", "VERB", 0, "root")]
    a = conllu_file(tmp_path, "a.conllu", [("s1", s1), ("s2", s2), ("s3", s1)])
    b = conllu_file(tmp_path, "b.conllu", [("s1", s1), ("s2", s2_split), ("s3", s1)])
    text = (tmp_path / "b.conllu").read_text().replace("0\troot\t_\t_\n\n# sent_id = s3",
                                                        "0\troot\t_\t_\n\n# sent_id = s3", 1)
    lines = text.split("\n")
    bad = [i for i, ln in enumerate(lines) if ln.startswith("1\tDogs")][-1]
    lines[bad] = "1\tDogs\tdogs\tNOUN"                          # four columns: unreadable
    (tmp_path / "b.conllu").write_text("\n".join(lines))
    report = compare_annotators([formats.read_file(a), formats.read_file(b)], None,
                                Options(tree_alpha="off"))
    assert [r.numbers for r in report.rows] == [(1, 1)]
    reasons = [e.reason for e in report.excluded]
    assert any("tokenise differently" in r and "b.conllu:" in r for r in reasons)
    (bad_one,) = [u for u in report.unpaired if u.annotator == 1]
    assert bad_one.sentence == 3 and bad_one.reason.startswith("unreadable: ")
    assert f"b.conllu:{bad_one.line}" in bad_one.reason or "b.conllu:" in bad_one.reason


def test_the_five_formats_show_the_same_numbers(three, tmp_path):
    a, b, c = three
    files = [a, b, c, "--tree-alpha", "off"]
    data = json.loads(run(files + ["--output", "json"])[1])
    alpha = data["fields"]["label"]["krippendorff_alpha"]["value"]
    code, out, _ = run(files + ["--output", "csv"])
    rows = list(csv.DictReader(io.StringIO(out)))
    label_row = [r for r in rows if r["field"].startswith("constituent label")][0]
    assert float(label_row["krippendorff_alpha"]) == pytest.approx(alpha, abs=1e-15)
    code, out, _ = run(files + ["--output", "csv", "--table", "pairs"])
    pairs = list(csv.DictReader(io.StringIO(out)))
    assert float(pairs[0]["labeled_f1"]) == pytest.approx(data["pairs"][0]["figures"]["labeled_f1"])
    code, out, _ = run(files + ["--output", "markdown"])
    assert f"| {alpha:.4f} |" in out and "|:---|" in out
    code, out, _ = run(files + ["--output", "latex", "--names", "ann_a,B,C"])
    assert "\\begin{tabular}" in out and "ann\\_a" in out and f"{alpha:.4f}" in out
    code, out, _ = run(files + ["--table", "sentences,disagreements"])
    assert "Per sentence" in out and "ADVP" in out
    assert "disagreements" not in data and len(data["sentences"]) == 3
    full = json.loads(run(files + ["--output", "json", "--table", "summary,disagreements"])[1])
    assert "sentences" not in full
    assert {(d["row"], d["field"], tuple(d["values"])) for d in full["disagreements"]} >= {
        (1, "label", ("ADVP", "NP", "ADVP"))}
    target = tmp_path / "out.json"
    assert run(files + ["--output", "json", "-o", str(target)])[0] == 0
    assert json.loads(target.read_text())["fields"] == data["fields"]
    assert run(files + ["--output", "csv", "--table", "summary,pairs"])[0] == 2
    assert run(files + ["--table", "nonsense"])[0] == 2


def test_bootstrap_is_seeded_and_brackets_the_estimate(tmp_path):
    folder = pytest.importorskip("conftest").anchor("evalb", "real", "kummerfeld_wsj01")
    files = [str(folder / "wsj01.mrg"), str(folder / "berkeley.mrg"), "--output", "json",
             "--bootstrap", "100", "--tree-alpha", "off"]
    first = json.loads(run(files)[1])
    again = json.loads(run(files)[1])
    assert first["bootstrap"] == again["bootstrap"]
    intervals = first["bootstrap"]["intervals"]
    lo, hi = intervals["label.krippendorff_alpha"]
    assert lo <= first["fields"]["label"]["krippendorff_alpha"]["value"] <= hi
    lo, hi = intervals["pair.1-2.labeled_f1"]
    assert lo < first["pairs"][0]["figures"]["labeled_f1"] < hi
    other = json.loads(run(files + ["--seed", "7"])[1])
    assert other["bootstrap"]["intervals"] != intervals


def test_tree_alpha_in_the_cli(three):
    a, b, _ = three
    data = json.loads(run([a, b, "--output", "json"])[1])        # auto: a small corpus
    assert data["tree_alpha"]["expected"] == "exact" and data["tree_alpha"]["trees"] == 6
    assert set(data["tree_alpha"]["alpha"]) == {"plain", "diff", "norm"}
    assert json.loads(run([a, b, "--output", "json", "--tree-alpha", "off"])[1])["tree_alpha"] is None


def test_tree_alpha_auto_leaves_out_big_trees_and_says_why(tmp_path):
    words = " ".join(f"(NN w{k})" for k in range(600))     # 1 + 600 + 600 nodes
    a = write(tmp_path, "a.mrg", [f"(TOP (S {words}))"])
    b = write(tmp_path, "b.mrg", [f"(TOP (S {words}))"])
    data = json.loads(run([a, b, "--output", "json"])[1])
    assert data["tree_alpha"] is None
    assert any("a tree of 1202 nodes" in n for n in data["notes"])
    forced = json.loads(run([a, b, "--output", "json", "--tree-alpha", "on"])[1])
    assert forced["tree_alpha"]["trees"] == 2          # identical trees: distance 0, no work
    assert forced["tree_alpha"]["alpha"]["plain"] is None   # and D_e 0: undefined, said so
    assert "undefined" in forced["tree_alpha"]["note"]


def test_trees_a_caller_holds_are_not_released(three):
    a, b, _ = three
    ca, cb = formats.read_file(a), formats.read_file(b)
    held = [r.item for r in ca]                     # a window showing the first file
    compare_annotators([ca, cb], None, Options(tree_alpha="off"))
    assert all(r.item is tree for r, tree in zip(ca, held))
    assert not any(r.parsed for r in cb)            # the rest read, used, let go


def test_blank_lines_in_every_file_are_no_sentences(tmp_path):
    a = write(tmp_path, "a.mrg", [S1, S2] + [""] * 2000 + [S4])
    b = write(tmp_path, "b.mrg", [S1_B, S2_B] + [""] * 2000 + [S4])
    data = json.loads(run([a, b, "--output", "json"])[1])
    assert data["compared_sentences"] == 3 and data["excluded"] == [] and data["unpaired"] == []
    assert "2000 empty sentences (blank in every file) left out" in data["notes"]
    assert data["tree_alpha"]["trees"] == 6          # 3 sentences: the tree alpha is computed
