"""`compare_annotators` on real annotations, against independent implementations to 1e-9.

* constituency: WSJ section 01 gold (10 sentences) against each of the 13 WSJ01 parsers of
  ../shared/anchors/evalb/real/kummerfeld_wsj01 as two annotators: bracket F1 and tagging
  agreement equal EVALB's own .rsl; the POS and label units read independently with nltk
  (EVALB's COLLINS.prm conventions written out here) give nltk's kappa / pi / alpha and the
  krippendorff package's alpha equal to ours; all 14 files as 14 annotators too;
* dependency: UD_English-EWT test r2.10 against r2.12 (fetched by tools into
  $TCOMPARE_REFS/ewt) read with a plain column split: UAS / LAS and the kappas / alphas of
  DEPREL, UPOS, head, FEATS, LEMMA.
"""

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from conftest import anchor
from tcompare import formats
from tcompare.analysis.agreement import Options, compare_annotators

agreement = pytest.importorskip("nltk.metrics.agreement")
nltk_tree = pytest.importorskip("nltk.tree")

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
PARSERS = ("berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
           "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
           "collins.2", "collins.3", "henderson", "stanford", "stanford_factored")
DELETED_POS = {",", ":", "``", "''", ".", "-NONE-"}          # COLLINS.prm DELETE_LABEL (words)
EQUAL = {"PRT": "ADVP"}                                     # COLLINS.prm EQ_LABEL ADVP PRT
OFF = Options(tree_alpha="off")


def kripp(units, coders):
    kd = pytest.importorskip("krippendorff")
    np = pytest.importorskip("numpy")
    codes: dict = {}
    data = np.array([[np.nan if u[c] is None else codes.setdefault(u[c], len(codes)) for u in units]
                     for c in range(coders)], dtype=float)
    return kd.alpha(reliability_data=data, level_of_measurement="nominal")


def task(units):
    return agreement.AnnotationTask(data=[(str(c), str(k), v) for k, u in enumerate(units)
                                          for c, v in enumerate(u)])


# -- an independent reading of EVALB's conventions with nltk -----------------------------------

def kept(tree):
    """(POS, kept word position or None) per word; positions count kept words only."""
    out, k = [], 0
    for _, pos in tree.pos():
        if pos in DELETED_POS:
            out.append((pos, None))
        else:
            out.append((pos, k))
            k += 1
    return out


def brackets(tree):
    """EVALB's brackets: label cut at its function tag, span over kept words, TOP and empty
    spans dropped; in preorder."""
    words = kept(tree)
    out = []
    leaf = [0]

    def walk(t):
        if isinstance(t[0], str):              # a preterminal
            leaf[0] += 1
            return
        first = leaf[0]
        position = len(out)
        out.append(None)
        for child in t:
            walk(child)
        kept_positions = [p for _, p in words[first:leaf[0]] if p is not None]
        label = t.label()
        cut = re.split(r"[-=]", label)[0] if not label.startswith("-") else label
        if cut != "TOP" and kept_positions:
            out[position] = (EQUAL.get(cut, cut), kept_positions[0], kept_positions[-1] + 1)

    walk(tree)
    return [b for b in out if b is not None]


def label_units(gold, test):
    """Spans both bracketed, paired as EVALB pairs them: equal labels first, then the rest
    in order."""
    units = []
    g_by, t_by = {}, {}
    for b in brackets(gold):
        g_by.setdefault(b[1:], []).append(b[0])
    for b in brackets(test):
        t_by.setdefault(b[1:], []).append(b[0])
    for span, g_labels in g_by.items():
        t_labels = list(t_by.get(span, []))
        left = []
        for lab in g_labels:
            if lab in t_labels:
                t_labels.remove(lab)
                units.append((lab, lab))
            else:
                left.append(lab)
        units.extend(zip(left, t_labels))
    return units


def pos_units(gold, test):
    """Each side's kept words (own POS not deleted), position by position."""
    g = [p for p, k in kept(gold) if k is not None]
    t = [p for p, k in kept(test) if k is not None]
    assert len(g) == len(t)
    return list(zip(g, t))


def rsl_figures(path):
    text = path.read_text()
    f1 = float(re.search(r"Bracketing FMeasure\s*=\s*([\d.]+)", text).group(1))
    tags = float(re.search(r"Tagging accuracy\s*=\s*([\d.]+)", text).group(1))
    return f1, tags


@pytest.mark.parametrize("parser", PARSERS)
def test_wsj01_gold_and_each_parser_as_two_annotators(parser):
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    gold_file, test_file = folder / "wsj01.mrg", folder / f"{parser}.mrg"
    report = compare_annotators([formats.read_file(gold_file), formats.read_file(test_file)],
                                ["gold", parser], OFF)
    assert len(report.rows) == 10 and not report.unpaired and not report.excluded
    f1, tags = rsl_figures(folder / f"{parser}.COLLINS.rsl")
    (pair,) = report.pairs
    assert round(pair.figures["labeled_f1"], 2) == f1
    assert round(pair.figures["pos_agreement"], 2) == tags
    gold_trees = [nltk_tree.Tree.fromstring(x) for x in gold_file.read_text().splitlines() if x.strip()]
    test_trees = [nltk_tree.Tree.fromstring(x) for x in test_file.read_text().splitlines() if x.strip()]
    for field, make in (("pos", pos_units), ("label", label_units)):
        units = [u for g, t in zip(gold_trees, test_trees) for u in make(g, t)]
        ours = report.fields[field].coefficients
        t = task(units)
        assert ours["cohen_kappa:1-2"].units == len(units)
        assert ours["cohen_kappa:1-2"].value == pytest.approx(t.kappa(), abs=1e-9)
        assert ours["fleiss_kappa"].value == pytest.approx(t.pi(), abs=1e-9)
        assert ours["krippendorff_alpha"].value == pytest.approx(t.alpha(), abs=1e-9)
        assert ours["krippendorff_alpha"].value == pytest.approx(kripp(units, 2), abs=1e-9)


def test_wsj01_fourteen_annotators():
    """All 14 files at once: Fleiss = nltk's multi-pi on the units all 14 coded, alpha = the
    krippendorff package's with the missing values, Cohen per pair = the two-file run's."""
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    paths = [folder / "wsj01.mrg"] + [folder / f"{p}.mrg" for p in PARSERS]
    report = compare_annotators([formats.read_file(p) for p in paths], None, OFF)
    assert len(report.rows) == 10 and len(report.pairs) == 14 * 13 // 2
    for field in ("pos", "label"):
        dist = report.distribution(field)
        units = [values for values, n in dist.items() for _ in range(int(n))]
        complete = [u for u in units if None not in u]
        ours = report.fields[field].coefficients
        assert ours["fleiss_kappa"].value == pytest.approx(task(complete).pi(), abs=1e-9)
        assert ours["krippendorff_alpha"].value == pytest.approx(kripp(units, 14), abs=1e-9)
    two = compare_annotators([formats.read_file(paths[0]), formats.read_file(paths[1])], None, OFF)
    assert report.pairs[0].figures == two.pairs[0].figures
    # POS units are the words: the pairwise Cohen equals the two-file run's
    assert (report.fields["pos"].coefficients["cohen_kappa:1-2"].value
            == pytest.approx(two.fields["pos"].coefficients["cohen_kappa:1-2"].value, abs=1e-12))


# -- UD: two releases as two annotators ---------------------------------------------------------

def plain_conllu(path):
    """sent_id -> list of word rows (10 columns), by a plain split."""
    sentences, current, sid = {}, [], None
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("# sent_id"):
            sid = line.split("=", 1)[1].strip()
        elif not line.strip():
            if current:
                sentences[sid] = current
            current, sid = [], sid if not current else None
        elif not line.startswith("#"):
            cols = line.split("\t")
            if cols[0].isdigit():
                current.append(cols)
    if current:
        sentences[sid] = current
    return sentences


def ewt_pair():
    old, new = REFS / "ewt" / "en_ewt-ud-test.r2.10.conllu", REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
    if not (old.exists() and new.exists()):
        pytest.skip(f"UD_English-EWT releases not in {REFS / 'ewt'}")
    return old, new


@pytest.mark.heavy
def test_ewt_two_releases_as_two_annotators():
    old, new = ewt_pair()
    report = compare_annotators([formats.read_file(old), formats.read_file(new)], ["r2.10", "r2.12"], OFF)
    a, b = plain_conllu(old), plain_conllu(new)
    both = [s for s in a if s in b and [r[1] for r in a[s]] == [r[1] for r in b[s]]]
    assert len(report.rows) == len(both)
    assert len(report.unpaired) + len(report.excluded) == 0 or len(both) < len(a)
    columns = {"deprel": 7, "upos": 3, "xpos": 4, "feats": 5, "lemma": 2}
    units = {f: [] for f in list(columns) + ["head"]}
    uas = las = 0
    for s in both:
        for ra, rb in zip(a[s], b[s]):
            for f, c in columns.items():
                units[f].append((ra[c], rb[c]))
            w = int(ra[0])
            ha, hb = int(ra[6]), int(rb[6])
            units["head"].append(tuple("root" if h == 0 else f"{h - w:+d}" for h in (ha, hb)))
            uas += ha == hb
            las += ha == hb and ra[7] == rb[7]
    n = len(units["deprel"])
    (pair,) = report.pairs
    assert pair.figures["UAS"] == pytest.approx(100 * uas / n, abs=1e-9)
    assert pair.figures["LAS"] == pytest.approx(100 * las / n, abs=1e-9)
    for f, us in units.items():
        ours = report.fields[f].coefficients
        assert ours["cohen_kappa:1-2"].units == n
        # the package's time grows with units x labels^2 (FEATS: 20 s): two fields
        if f in ("deprel", "upos"):
            assert ours["krippendorff_alpha"].value == pytest.approx(kripp(us, 2), abs=1e-9)
        t = task(us)
        assert ours["cohen_kappa:1-2"].value == pytest.approx(t.kappa(), abs=1e-9)
        assert ours["fleiss_kappa"].value == pytest.approx(t.pi(), abs=1e-9)
    # every unit the releases differ on is listed, with its sentence
    differ = sum(1 for us in units.values() for u in us if u[0] != u[1])
    assert report.disagreement_count == differ
    assert Counter(d.field for d in report.disagreements)["deprel"] == sum(
        1 for u in units["deprel"] if u[0] != u[1])


MULTIWORD = """# sent_id = m1
# text = Don't go.
1-2\tDon't\t_\t_\t_\t_\t_\t_\t_\t_
1\tDo\tdo\tAUX\tVBP\tMood=Imp\t3\taux\t_\t_
2\tn't\tnot\tPART\tRB\t_\t3\tadvmod\t_\t_
3\tgo\tgo\tVERB\tVB\t_\t0\troot\t_\t_
4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

"""


def test_plain_columns_and_the_profile_give_the_same_report(tmp_path):
    """The column-split road (plain CoNLL blocks) and the reader + conllu profile road give
    the same figures and the same disagreements (EWT's first 300 sentences when present, and a
    multiword token)."""
    old, new = REFS / "ewt" / "en_ewt-ud-test.r2.10.conllu", REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
    pairs = [(MULTIWORD, MULTIWORD.replace("\taux\t", "\tnsubj\t").replace("\t3\tadvmod", "\t1\tadvmod"))]
    if old.exists() and new.exists():
        cut = [p.read_text(encoding="utf-8").split("\n\n")[:300] for p in (old, new)]
        pairs.append(("\n\n".join(cut[0]) + "\n\n", "\n\n".join(cut[1]) + "\n\n"))
    for k, (a_text, b_text) in enumerate(pairs):
        a, b = tmp_path / f"a{k}.conllu", tmp_path / f"b{k}.conllu"
        a.write_text(a_text, encoding="utf-8")
        b.write_text(b_text, encoding="utf-8")
        lean = compare_annotators([formats.read_file(a), formats.read_file(b)], None, OFF)
        # a profile option turns the column road off: the reader and the profile compare
        slow = compare_annotators([formats.read_file(a), formats.read_file(b)], None,
                                  Options(tree_alpha="off", profile_options={"exclude_punct": False}))
        assert lean.figure_values() == slow.figure_values()
        assert list(lean.disagreements) == list(slow.disagreements)
        assert lean.disagreement_count == slow.disagreement_count > 0


def test_evalb_partners_read_directly_give_the_per_item_report():
    """The direct road (EVALB's partner lists) and the per-item road (``profile.score``'s
    verdicts) code the same units: WSJ01 gold and four parsers as five annotators."""
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    paths = [folder / "wsj01.mrg"] + [folder / f"{p}.mrg" for p in PARSERS[:4]]
    direct = compare_annotators([formats.read_file(p) for p in paths], None, OFF)
    # a profile option (here the default one) keeps the per-item road
    per_item = compare_annotators([formats.read_file(p) for p in paths], None,
                                  Options(tree_alpha="off", profile_options={"labeled": 1}))
    assert direct.figure_values() == per_item.figure_values()
    assert {f: direct.distribution(f) for f in ("label", "pos")} == {
        f: per_item.distribution(f) for f in ("label", "pos")}
    assert list(direct.disagreements) == list(per_item.disagreements)


def test_ptb_sources_read_by_evalbs_reader_give_the_tree_road_report(tmp_path):
    """PTB sources read by EVALB's line reader (no Tree) and the Tree road give the same
    figures and units: WSJ01 gold and four parsers, the demo pair (quotes, -NONE-)."""
    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    demo = Path(__file__).resolve().parent.parent / "resources" / "demo" / "ptb"
    for paths in ([folder / "wsj01.mrg"] + [folder / f"{p}.mrg" for p in PARSERS[:4]],
                  [demo / "gold.mrg", demo / "system.mrg"]):
        lines = compare_annotators([formats.read_file(p) for p in paths], None, OFF)
        # a profile option keeps the Tree road (through the profile's per-item verdicts)
        trees = compare_annotators([formats.read_file(p) for p in paths], None,
                                   Options(tree_alpha="off", profile_options={"labeled": 1}))
        assert lines.figure_values() == trees.figure_values()
        assert [r.numbers for r in lines.rows] == [r.numbers for r in trees.rows]
        assert {f: lines.distribution(f) for f in ("label", "pos")} == {
            f: trees.distribution(f) for f in ("label", "pos")}
        assert list(lines.disagreements) == list(trees.disagreements)
