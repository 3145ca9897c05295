"""Agreement coefficients on hand-computed cases and against independent implementations
(nltk.metrics.agreement, the `krippendorff` package, `zss` for the tree edit distance)."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from tcompare import formats
from tcompare.analysis.agreement import coefficients as co
from tcompare.analysis.agreement.tree_alpha import tree_alpha, weighted_alpha
from tcompare.scoring.tree_distance import Shape, postorder, dep_shape, distance, squared, tree_shape


def dist_of(units):
    return dict(Counter(tuple(u) for u in units))


# -- hand-computed -----------------------------------------------------------------------------

def test_cohen_kappa_by_hand():
    # 50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15.  Ao = 35/50 = 0.7; A says yes 25
    # times, B 30: Ae = (25*30 + 25*20) / 50^2 = 0.5; kappa = (0.7 - 0.5) / 0.5 = 0.4
    dist = {("y", "y"): 20, ("y", "n"): 5, ("n", "y"): 10, ("n", "n"): 15}
    k = co.cohen_kappa(dist, 0, 1)
    assert k.value == pytest.approx(0.4, abs=1e-12)
    assert (k.observed, k.expected, k.units) == (pytest.approx(0.7), pytest.approx(0.5), 50)
    assert co.percent_agreement(dist, 0, 1).value == pytest.approx(0.7)


FLEISS_TABLE = [  # Fleiss (1971) as on Wikipedia: 10 subjects, 14 raters, 5 categories
    [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7]]


def test_fleiss_kappa_by_hand():
    units = [tuple(c for c, n in enumerate(row) for _ in range(n)) for row in FLEISS_TABLE]
    got = co.fleiss_kappa(dist_of(units))
    # the textbook formula in exact fractions
    N, n = len(FLEISS_TABLE), 14
    p_bar = sum(Fraction(sum(x * x for x in row) - n, n * (n - 1)) for row in FLEISS_TABLE) / N
    p_e = sum(Fraction(sum(row[j] for row in FLEISS_TABLE), N * n) ** 2 for j in range(5))
    expected = (p_bar - p_e) / (1 - p_e)
    assert got.value == pytest.approx(float(expected), abs=1e-12)
    assert round(got.value, 3) == 0.210          # the published figure


# Krippendorff (2011) "Computing Krippendorff's alpha-reliability", nominal example: 4 coders,
# 12 units, missing values; alpha = 0.743
KRIPP = [
    "1 2 3 3 2 1 4 1 2 . . .",
    "1 2 3 3 2 2 4 1 2 5 . 3",
    ". 3 3 3 2 3 4 2 2 5 1 .",
    "1 2 3 3 2 4 4 1 2 5 1 .",
]


def kripp_units():
    rows = [line.split() for line in KRIPP]
    return [tuple(None if r[u] == "." else r[u] for r in rows) for u in range(12)]


def test_krippendorff_alpha_published_example():
    got = co.krippendorff_alpha(dist_of(kripp_units()))
    assert round(got.value, 3) == 0.743
    assert got.units == 11                        # unit 12 has one value: not pairable


def test_krippendorff_alpha_equals_the_package():
    kd = pytest.importorskip("krippendorff")
    np = pytest.importorskip("numpy")
    data = np.array([[np.nan if v == "." else float(v) for v in line.split()] for line in KRIPP])
    ref = kd.alpha(reliability_data=data, level_of_measurement="nominal")
    assert co.krippendorff_alpha(dist_of(kripp_units())).value == pytest.approx(ref, abs=1e-9)


def test_one_label_is_undefined_not_a_division_by_zero():
    dist = {("NN", "NN"): 7}
    for c in (co.cohen_kappa(dist, 0, 1), co.fleiss_kappa(dist), co.krippendorff_alpha(dist)):
        assert c.value is None and "same label" in c.note
    assert co.percent_agreement(dist, 0, 1).value == 1.0
    empty = co.cohen_kappa({}, 0, 1)
    assert empty.value is None and empty.note == co.NO_UNITS


def test_label_rows_positive_specific_agreement():
    # two annotators: label A given 3 + 2 times, agreed twice: o_AA = 4, n_A = 5 -> 0.8
    dist = {("A", "A"): 2, ("A", "B"): 1, ("B", "B"): 3}
    rows = {r.label: r for r in co.label_rows(dist, 2)}
    assert rows["A"].used == (3, 2) and rows["A"].agreement == pytest.approx(4 / 5)
    assert rows["B"].agreement == pytest.approx(2 * 3 / (3 + 4))


def test_random_tables_equal_nltk_and_krippendorff():
    agreement = pytest.importorskip("nltk.metrics.agreement")
    kd = pytest.importorskip("krippendorff")
    np = pytest.importorskip("numpy")
    rng = random.Random(5)
    for trial in range(20):
        coders = 2 + trial % 3
        labels = "ABCD"[: 2 + trial % 3]
        units = []
        for _ in range(40):
            truth = rng.choice(labels)
            units.append(tuple(truth if rng.random() < 0.7 else rng.choice(labels) for _ in range(coders)))
        task = agreement.AnnotationTask(data=[(str(c), str(u), v) for u, vals in enumerate(units)
                                              for c, v in enumerate(vals)])
        dist = dist_of(units)
        if coders == 2:
            assert co.cohen_kappa(dist, 0, 1).value == pytest.approx(task.kappa(), abs=1e-9)
        else:
            pairs = [co.cohen_kappa(dist, i, j).value for i in range(coders) for j in range(i + 1, coders)]
            assert sum(pairs) / len(pairs) == pytest.approx(task.kappa(), abs=1e-9)
        assert co.fleiss_kappa(dist).value == pytest.approx(task.pi(), abs=1e-9)
        assert co.krippendorff_alpha(dist).value == pytest.approx(task.alpha(), abs=1e-9)
        codes = {v: k for k, v in enumerate(labels)}
        data = np.array([[codes[u[c]] for u in units] for c in range(coders)], dtype=float)
        ref = kd.alpha(reliability_data=data, level_of_measurement="nominal")
        assert co.krippendorff_alpha(dist).value == pytest.approx(ref, abs=1e-9)


# -- tree edit distance -------------------------------------------------------------------------

def test_distance_equals_zss_on_random_trees():
    zss = pytest.importorskip("zss")
    rng = random.Random(1)

    def rand(depth=0):
        node = zss.Node(rng.choice("ABC"))
        if depth < 4:
            for _ in range(rng.randint(0, 3 if depth < 3 else 1)):
                node.addkid(rand(depth + 1))
        return node

    def shape(node):
        labels, leftmost = postorder(node, lambda x: x.children, lambda x: x.label)
        return Shape(labels, leftmost, 0)

    for _ in range(300):
        a, b = rand(), rand()
        assert distance(shape(a), shape(b)) == zss.simple_distance(a, b)


def nltk_to_zss(zss, t):
    """Skjaerholt's reading of a bracketed tree (independent of ours): node label, words as leaves."""
    if isinstance(t, str):
        return zss.Node(t)
    node = zss.Node(t.label())
    for child in t:
        node.addkid(nltk_to_zss(zss, child))
    return node


def test_distance_equals_zss_on_real_trees():
    zss = pytest.importorskip("zss")
    nltk_tree = pytest.importorskip("nltk.tree")
    from conftest import anchor

    folder = anchor("evalb", "real", "kummerfeld_wsj01")
    gold_all = (folder / "wsj01.mrg").read_text().splitlines()
    test_all = (folder / "berkeley.mrg").read_text().splitlines()
    shortest = sorted(range(len(gold_all)), key=lambda k: len(gold_all[k]))[:2]   # zss is slow
    gold_lines = [gold_all[k] for k in shortest]
    test_lines = [test_all[k] for k in shortest]
    ours_g = formats.read_text("\n".join(gold_lines) + "\n", "ptb")
    ours_t = formats.read_text("\n".join(test_lines) + "\n", "ptb")
    for k in range(2):
        ref = zss.simple_distance(nltk_to_zss(zss, nltk_tree.Tree.fromstring(gold_lines[k])),
                                  nltk_to_zss(zss, nltk_tree.Tree.fromstring(test_lines[k])))
        assert distance(tree_shape(ours_g[k].item), tree_shape(ours_t[k].item)) == ref


DEP = {  # (head, deprel) per word
    "s1a": [(2, "nsubj"), (0, "root")], "s1b": [(2, "nsubj"), (0, "root")],
    "s2a": [(2, "nsubj"), (0, "root")], "s2b": [(2, "obj"), (0, "root")],
    "s3a": [(3, "a"), (3, "b"), (0, "root")], "s3b": [(2, "a"), (3, "b"), (0, "root")],
}


def conllu(words):
    lines = [f"{i}\tw{i}\t_\tX\t_\t_\t{h}\t{r}\t_\t_" for i, (h, r) in enumerate(words, start=1)]
    return formats.read_text("\n".join(lines) + "\n\n", "conllu")[0].item


def zss_dep(zss, words):
    nodes = [zss.Node("")] + [zss.Node(r) for _, r in words]
    for i, (h, _) in enumerate(words, start=1):
        nodes[h].addkid(nodes[i])
    return nodes[0]


def test_dependency_distance_by_hand():
    # s2: one relabelling; s3: A has a and b under root, B has a under b: a must be deleted
    # and inserted again (a left sibling cannot become a descendant): 2
    assert distance(dep_shape(conllu(DEP["s1a"])), dep_shape(conllu(DEP["s1b"]))) == 0
    assert distance(dep_shape(conllu(DEP["s2a"])), dep_shape(conllu(DEP["s2b"]))) == 1
    assert distance(dep_shape(conllu(DEP["s3a"])), dep_shape(conllu(DEP["s3b"]))) == 2
    assert dep_shape(conllu(DEP["s3a"])).size == 4            # words + the root node


def reference_alpha(zss, sentences, kind):
    """Skjaerholt's definition literally (his program's alpha.py: every ordered pair of
    values, self-pairs included, distance 0), with zss's edit distance."""
    values = [(u, zss_dep(zss, words), len(words) + 1) for u, pair in enumerate(sentences) for words in pair]

    def delta(a, b):
        d = zss.simple_distance(a[1], b[1])
        return {"plain": d ** 2, "diff": (d - abs(a[2] - b[2])) ** 2, "norm": (d / (a[2] + b[2])) ** 2}[kind]

    n = len(values)
    do = 0.0
    for u in range(len(sentences)):
        grades = [v for v in values if v[0] == u]
        do += sum(delta(a, b) for a in grades for b in grades) / (len(grades) - 1)
    do /= n
    de = sum(delta(a, b) for a in values for b in values) / (n * (n - 1))
    return 1 - do / de


def test_tree_alpha_reproduces_skjaerholts_definition():
    zss = pytest.importorskip("zss")
    sentences = [(DEP["s1a"], DEP["s1b"]), (DEP["s2a"], DEP["s2b"]), (DEP["s3a"], DEP["s3b"])]
    shapes = [[dep_shape(conllu(a)), dep_shape(conllu(b))] for a, b in sentences]
    got = tree_alpha(shapes)
    assert got.exact and got.trees == 6 and got.expected_pairs == 15
    for kind in ("plain", "diff", "norm"):
        assert got.values[kind] == pytest.approx(reference_alpha(zss, sentences, kind), abs=1e-12)
    # D_o by hand for plain: (0 + 2*1^2 + 2*2^2) / 6 trees
    assert got.observed["plain"] == pytest.approx(10 / 6)
    assert got.sentence_distances == [{(0, 1): 0}, {(0, 1): 1}, {(0, 1): 2}]
    # unit weights give the point estimate back
    assert weighted_alpha(got, [1.0, 1.0, 1.0]) == pytest.approx(got.values)


def test_tree_alpha_samples_expected_disagreement_past_its_budget():
    sentences = [(DEP["s1a"], DEP["s1b"]), (DEP["s2a"], DEP["s2b"]), (DEP["s3a"], DEP["s3b"])]
    shapes = [[dep_shape(conllu(a)), dep_shape(conllu(b))] for a, b in sentences]
    sampled = tree_alpha(shapes, budget=10, seed=3)
    assert not sampled.exact and sampled.expected_pairs == 10
    assert sampled.observed == tree_alpha(shapes).observed        # D_o is always exact
    assert tree_alpha(shapes, budget=10, seed=3).values == sampled.values   # seeded


def test_tree_alpha_of_one_tree_is_undefined():
    one = tree_alpha([[dep_shape(conllu(DEP["s1a"])), None]])
    assert one.values["norm"] is None and "fewer than two" in one.note


def test_squared_distances():
    a, b = Shape(("x",), (0,), 3), Shape(("x", "y"), (0, 0), 5)
    assert squared("plain", 3, a, b) == 9
    assert squared("diff", 3, a, b) == 1          # (3 - |3 - 5|)^2
    assert squared("norm", 4, a, b) == pytest.approx((4 / 8) ** 2)
    with pytest.raises(ValueError):
        squared("cosine", 1, a, b)
