"""Byte-identity with the C EVALB (2013) on every reference output in anchors/evalb/, through
both the batch path (raw lines) and the Tree path (model Trees, what the GUI scores), and
proof that both paths give the same per-sentence counts and status."""

import io

import pytest

from conftest import ANCHORS, anchor
from tcompare import formats
from tcompare.cli import score_evalb
from tcompare.scoring.evalb.profile import PROFILE, EvalbConfig, read_prm_file
from tcompare.scoring.evalb.core import PreparedParams, compare, read_line

PARSERS = ["berkeley", "bikel", "bubs", "charniak_basic", "charniak_reranking",
           "charniak_selftrained_basic", "charniak_selftrained_reranking", "collins.1",
           "collins.2", "collins.3", "henderson", "stanford", "stanford_factored"]

# (id, prm, gold, test, expected stdout, expected stderr or None (= empty), exit code)
CASES = [
    ("sample", "sample.prm", "sample.gld", "sample.tst", "sample.rsl.evalb2013", "sample.stderr.evalb2013", 0),
    ("bug-collins", "COLLINS.prm", "bug/bug.gld", "bug/bug.tst", "bug/bug.COLLINS_prm.evalb2013.rsl",
     "bug/bug.COLLINS_prm.evalb2013.stderr", 0),
    ("bug-new", "new.prm", "bug/bug.gld", "bug/bug.tst", "bug/bug.new_prm.evalb2013.rsl", None, 0),
    ("probes-collins", "COLLINS.prm", "probes/probes.gld", "probes/probes.tst", "probes/probes.COLLINS.rsl",
     "probes/probes.COLLINS.stderr", 0),
    ("probes-new", "new.prm", "probes/probes.gld", "probes/probes.tst", "probes/probes.new.rsl",
     "probes/probes.new.stderr", 0),
    ("probes-unlabeled", "probes/COLLINS_unlabeled.prm", "probes/probes.gld", "probes/probes.tst",
     "probes/probes.COLLINS_unlabeled.rsl", "probes/probes.COLLINS_unlabeled.stderr", 0),
    ("maxerr", "COLLINS.prm", "probes/maxerr.gld", "probes/maxerr.tst", "probes/maxerr.COLLINS.rsl",
     "probes/maxerr.COLLINS.stderr", 1),
    ("lines-gold-more", "COLLINS.prm", "probes/probes.gld", "probes/lines3.tst",
     "probes/lines_gold_more.COLLINS.rsl", "probes/lines_gold_more.COLLINS.stderr", 0),
    ("lines-test-more", "COLLINS.prm", "probes/lines3.tst", "probes/probes.tst",
     "probes/lines_test_more.COLLINS.rsl", "probes/lines_test_more.COLLINS.stderr", 0),
    ("wsj23-top", "COLLINS.prm", "real/wsj23_berkeley/23.gold", "real/wsj23_berkeley/23.sys_berkeley_top",
     "real/wsj23_berkeley/evalb.txt", "real/wsj23_berkeley/evalb.stderr.txt", 0),
    ("wsj23-wo-top", "COLLINS.prm", "real/wsj23_berkeley/23.gold", "real/wsj23_berkeley/23.sys_berkeley",
     "real/wsj23_berkeley/evalb_wo_top.txt", "real/wsj23_berkeley/evalb.stderr.txt", 0),
    ("nltk-perturbed", "COLLINS.prm", "real/nltk_ptb/wsj_0001-0199.top.gld",
     "real/nltk_ptb/wsj_0001-0199.perturbed.tst", "real/nltk_ptb/perturbed.COLLINS.rsl", None, 0),
    ("nltk-clean", "COLLINS.prm", "real/nltk_ptb/wsj_0001-0199.clean.gld",
     "real/nltk_ptb/wsj_0001-0199.perturbed.tst", "real/nltk_ptb/clean_vs_perturbed.COLLINS.rsl", None, 0),
] + [
    (f"kummerfeld-{p}-{prm}", f"{prm}.prm", "real/kummerfeld_wsj01/wsj01.mrg", f"real/kummerfeld_wsj01/{p}.mrg",
     f"real/kummerfeld_wsj01/{p}.{prm}.rsl", None, 0)
    for p in PARSERS for prm in ("COLLINS", "new")
]
IDS = [c[0] for c in CASES]


def evalb_path(rel):
    return anchor("evalb", *rel.split("/"))


def run(argv):
    out, err = io.BytesIO(), io.BytesIO()
    code = score_evalb.main(argv, "evalb", out, err)
    return code, out.getvalue(), err.getvalue()


def expected(case):
    _, _, _, _, rsl, stderr, code = case
    return (code, evalb_path(rsl).read_bytes(), evalb_path(stderr).read_bytes() if stderr else b"")


@pytest.fixture(params=["compiled", "python"])
def scorer(request, monkeypatch):
    """Run a batch-path test on the compiled kernel and on the pure-Python scorer."""
    from tcompare import compiled
    from tcompare.scoring.evalb import block as evalb_block

    if request.param == "python":
        monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
        if compiled.evalb_kernel() is None:
            pytest.skip("compiled kernel not built")
    assert evalb_block.kernel_name() == request.param
    return request.param


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_batch_path_is_byte_identical(case, scorer):
    _, prm, gold, test, *_ = case
    argv = ["-p", str(evalb_path(prm)), str(evalb_path(gold)), str(evalb_path(test))]
    assert run(argv) == expected(case)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("wsj23-top", "sample", "maxerr")],
                         ids=lambda c: c[0])
def test_batch_path_single_process_and_summary_flag(case, scorer):
    _, prm, gold, test, *_ = case
    argv = ["--jobs", "1", "-p", str(evalb_path(prm)), str(evalb_path(gold)), str(evalb_path(test))]
    assert run(argv) == expected(case)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_tree_path_is_byte_identical(case):
    _, prm, gold, test, *_ = case
    opts = score_evalb.parse_args(["--format", "ptb", "-p", str(evalb_path(prm)),
                                   str(evalb_path(gold)), str(evalb_path(test))])
    out, err = io.BytesIO(), io.BytesIO()
    params = score_evalb.build_params(opts, err)
    code = score_evalb.run_trees(opts, params, out, err)
    assert (code, out.getvalue(), err.getvalue()) == expected(case)


def _pairs(case):
    _, prm, gold, test, *_ = case
    params, _ = read_prm_file(evalb_path(prm))
    g = evalb_path(gold).read_bytes().split(b"\n")
    t = evalb_path(test).read_bytes().split(b"\n")
    n = min(len(g), len(t))
    return params, g[:n], t[:n]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_tree_and_batch_paths_agree_sentence_by_sentence(case):
    """Same status and counts per sentence; detailed (GUI) matching = count-only matching."""
    params, glines, tlines = _pairs(case)
    cc_bytes, config = PreparedParams(params, as_bytes=True), EvalbConfig.from_params(params)
    gold = formats.read_file(evalb_path(case[2]), "ptb")
    test = formats.read_file(evalb_path(case[3]), "ptb")
    for i in range(min(len(gold), len(test))):
        fast = compare(read_line(glines[i], cc_bytes), read_line(tlines[i], cc_bytes), cc_bytes)
        detailed = compare(read_line(glines[i], cc_bytes), read_line(tlines[i], cc_bytes), cc_bytes,
                           detail=True)
        assert fast.row() == detailed.row(), i + 1
        result = PROFILE.score(gold[i].item, test[i].item, config, i + 1)
        c = result.counts
        tree_row = (c["words"], c["gold_brackets"], c["test_brackets"], c["matched_brackets"],
                    c["crossing"], c["correct_tags"], {"valid": 0, "error": 1, "skip": 2}[result.status.value])
        assert tree_row == fast.row(), i + 1
        if result.valid:   # the verdicts add up to the counts
            gold_b = [x for x in result.gold_items if x.kind == "bracket" and x.verdict.value != "ignored"]
            matched = [x for x in gold_b if x.verdict.value == "match"]
            assert (len(gold_b), len(matched)) == (c["gold_brackets"], c["matched_brackets"])
            tags = [x for x in result.system_items if x.kind == "tag" and x.verdict.value == "match"]
            assert len(tags) == c["correct_tags"]


def test_nltk_nodelete_sentence_1806_scored_correctly():
    """C EVALB overflows its 200-word arrays on file line 1855 (249 words): a false
    "Words unmatch".  We score it; every other row is the reference's."""
    base = "real/nltk_ptb/"
    argv = ["-p", str(evalb_path(base + "nodelete.prm")), str(evalb_path(base + "wsj_0001-0199.clean.gld")),
            str(evalb_path(base + "wsj_0001-0199.perturbed.tst"))]
    code, out, err = run(argv)
    ref = evalb_path(base + "clean_vs_perturbed.nodelete.rsl").read_bytes().decode().splitlines()
    assert evalb_path(base + "clean_vs_perturbed.nodelete.stderr").read_bytes() == b"1855 : Words unmatch (The|,)\n"
    assert code == 0 and err == b""
    ours = out.decode().splitlines()
    assert len(ours) == len(ref)
    rows = range(3, 3 + 3914)
    differing = [i for i in rows if ours[i] != ref[i]]
    assert [ours[i].split()[0] for i in differing] == ["1855"]
    row = ours[differing[0]].split()
    assert row[1:3] == ["249", "0"] and row[9:11] == ["249", "249"]
    assert "Number of Error sentence  =      0" in ours
    assert "Number of Valid sentence  =   3914" in ours


def test_anchor_dir_present_or_skipped():
    if not (ANCHORS / "evalb").exists():
        pytest.skip("anchors not available")
    assert len(CASES) == 13 + 26
