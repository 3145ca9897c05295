"""eval.pl / eval07.pl output reproduced byte for byte; Perl hash order replayed."""

import io
import os

import pytest

from conftest import RESOURCES, anchor
from tcompare.cli import score_conllx
from tcompare.scoring.conllx import report as R
from tcompare.scoring.conllx.perlhash import PerlHash, perl_hash

CASES = [
    ("conllx", ["-q"], "evalpl_q.txt"),
    ("conllx", ["-p", "-q"], "evalpl_pq.txt"),
    ("conllx", ["-b", "-q"], "evalpl_bq.txt"),
    ("conllx", [], "evalpl_full.txt"),
    ("conllx", ["-p"], "evalpl_p_full.txt"),
    ("conll07", [], "eval07_full.txt"),
    ("conll07", ["-p"], "eval07_p_full.txt"),
    ("conll07", ["-p", "-q"], "eval07_pq.txt"),
]
ZH_CASES = [
    ("conllx", ["-q"], "evalpl_q.txt"),
    ("conllx", ["-p", "-q"], "evalpl_pq.txt"),
    ("conllx", ["-b", "-q"], "evalpl_bq.txt"),
    ("conllx", [], "evalpl_full.txt"),
    ("conll07", [], "eval07_full.txt"),
]


def _run(profile, argv, cwd=None):
    out, err = io.StringIO(), io.StringIO()
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        status = score_conllx.main(argv, profile, out, err)
    finally:
        os.chdir(old)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.anchors
@pytest.mark.parametrize("profile,flags,reference", CASES, ids=[c[2] for c in CASES])
def test_swedish_reports_are_byte_identical(profile, flags, reference):
    ref = anchor("conllx", reference)
    # eval.pl prints the file names as given: the references were made inside the folder
    status, out, err = _run(profile, flags + ["-g", "gold.conll", "-s", "system.conll"], ref.parent)
    assert status == 0 and err == ""
    assert out.encode("utf-8") == ref.read_bytes()


@pytest.mark.anchors
@pytest.mark.parametrize("profile,flags,reference", ZH_CASES, ids=[c[2] for c in ZH_CASES])
def test_chinese_reports_are_byte_identical(profile, flags, reference):
    ref = anchor("conllx", "zh_gsd_malt", reference)
    status, out, _ = _run(profile, flags + ["gold.conll", "system.conll"], ref.parent)
    assert status == 0
    assert out.encode("utf-8") == ref.read_bytes()


ROWS = "1\tThe\t_\tDT\tDT\t_\t2\tNMOD\t_\t_\n2\tdog\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n"


def test_line_mismatch_stops_like_eval_pl():
    gold = ROWS + "\n" + ROWS + "\n"
    system = ROWS + "\n" + ROWS.splitlines(keepends=True)[0] + "\n"
    res = R.run(gold, system, "g", "s", quiet=True, evalb=True)
    assert res.status == 1
    assert res.stderr == ("line mismatch, line 5:\n gold: 2\tdog\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n"
                          " sys : \n")
    # the -b rows of the sentences read before the mismatch are printed
    assert res.stdout == R.B_HEADER + "     1    2    0  100.00 100.00     2       2           2    0 0 0 0\n"


def test_shorter_system_file():
    res = R.run(ROWS + "\n" + ROWS + "\n", ROWS + "\n", "g", "s", quiet=True)
    assert res.status == 1 and res.stdout == ""
    assert res.stderr == "line mismatch, line 4:\n gold: 1\tThe\t_\tDT\tDT\t_\t2\tNMOD\t_\t_\n sys : past end of file\n"


def test_eval07_tolerates_a_missing_final_blank_line():
    gold, system = ROWS + "\n", ROWS
    assert R.run(gold, system, "g", "s", quiet=True).status == 1
    res = R.run(gold, system, "g", "s", quiet=True, variant="conll07")
    assert res.status == 0
    assert res.stderr == "Warning: ignoring missing blank line at the end of s.\n"
    assert res.stdout.startswith("  Labeled   attachment score: 2 / 2 * 100 = 100.00 %")


def test_no_scoring_token_is_reported():
    punct = "1\t.\t_\t.\t.\t_\t0\tP\t_\t_\n\n"
    res = R.run(punct, punct, "g", "s", quiet=True, evalb=True)
    assert res.status == 1
    assert "no scoring tokens" in res.stderr and "Illegal division by zero" in res.stderr
    assert "   NaN    NaN" in res.stdout        # eval.pl's -b row for a sentence with no scoring token


def test_demo_full_report_runs_on_cyclic_and_multi_root_output():
    demo = RESOURCES / "demo" / "conll"
    status, out, err = _run("conllx", [str(demo / "demo.gold.conll"), str(demo / "demo.system.conll")])
    assert status == 0
    assert "  Labeled   attachment score: 12 / 18 * 100 = 66.67 %" in out
    assert "Local contexts involved in several frequent errors" in out


def test_conllu_text_output_adds_clas():
    demo = RESOURCES / "demo" / "conll"
    status, out, _ = _run("conllu", ["-q", str(demo / "demo.gold.conllu"), str(demo / "demo.system.conllu")])
    assert status == 0
    assert out.splitlines()[0] == "  Labeled   attachment score: 12 / 17 * 100 = 70.59 %"
    assert "CLAS" in out.splitlines()[3]


def test_usage_error():
    assert _run("conllx", ["only-one-file"])[0] == 2


def test_insertion_tie_order_is_available():
    ref = anchor("conllx", "evalpl_full.txt")
    status, out, _ = _run("conllx", ["--hash-order", "insertion", "gold.conll", "system.conll"], ref.parent)
    assert status == 0 and out != ref.read_text(encoding="utf-8")
    assert out.splitlines()[:30] != [] and out.splitlines()[:36] == ref.read_text(encoding="utf-8").splitlines()[:36]


# -- Perl hash replay: figures taken from perl 5.36 with PERL_HASH_SEED=0 ---------------------
def test_perl_hash_values():
    assert perl_hash("a") == 0x8E711474
    assert perl_hash("ab") == 0xF878E1E8
    assert perl_hash("abcdefghijklmnopqrstuvwxyz0123") == 0xD58A0AE8   # > 24 bytes: SipHash-1-3


def test_perl_key_order():
    h = PerlHash()
    for tag in "NN VB PP JJ KN AB DT PN RG PC IE PL SN HP HA PS PM HS HD".split():
        h[tag] = 1
    assert " ".join(h.keys()) == "RG PN NN HS PS PC JJ PP HP DT AB IE SN HA KN PL HD PM VB"


def test_perl_key_order_after_growth_and_deletes():
    h = PerlHash()
    for i in range(1, 41):
        h[f"k{i}"] = 1
    for i in (3, 7, 11, 20):
        del h[f"k{i}"]
    for i in (1, 2, 3):
        h[f"a much longer key that goes past twenty-four bytes {i}"] = 1
    expected = ("k16|k35|k25|k15|k36|k26|a much longer key that goes past twenty-four bytes 1|k1|k14|k4|"
                "k2|k6|k34|k24|k32|k22|k18|k5|k39|k29|k30|k40|k12|a much longer key that goes past "
                "twenty-four bytes 2|k8|k10|k19|k38|k28|k31|k21|k37|k27|k33|k23|k9|k13|k17|a much "
                "longer key that goes past twenty-four bytes 3")
    assert "|".join(h.keys()) == expected
    assert len(h) == 39 and h.values() == [1] * 39


@pytest.mark.parametrize("err,desc", [
    ("-0x01bb0x01OA->RA", 'correct head (before the focus word), dependency "RA" instead of "OA"'),
    ("-10x01aa0x01-", "head one word before the correct head (after the focus word), correct dependency"),
    ("-10x01ab0x01-", "head one word before the correct head (before the focus word instead of"
                      "before the focus word), correct dependency"),   # sic: eval.pl repeats the system side
    ("00x01a00x01-", "head = 0 instead of after the focus word, correct dependency"),
    ("30x01bb0x01-", "head three words after the correct head (before the focus word), correct dependency"),
    ("70x01ba0x01-", "head 7 words after the correct head (after the focus word instead ofafter the focus word), correct dependency"),
])
def test_error_descriptions_keep_eval_pl_wording(err, desc):
    head_err, head_aft_bef, dep_err = err.split("0x01")
    assert R.describe_err(head_err, head_aft_bef, dep_err) == desc


def test_eval07_warns_once_about_a_word_or_pos_mismatch():
    gold = ROWS + "\n" + ROWS + "\n"
    system = ROWS + "\n" + ROWS.replace("dog", "cat") + "\n"
    res = R.run(gold, system, "g", "s", quiet=True, variant="conll07")
    assert res.status == 0
    assert res.stderr == ("Warning: ignoring word/pos mismatch, line 5:\n"
                          " gold: 2\tdog\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n"
                          " sys : 2\tcat\t_\tNN\tNN\t_\t0\tROOT\t_\t_\n")
    assert R.run(gold, system, "g", "s", quiet=True).stderr == ""      # eval.pl v1.9: silent
    assert R.run(gold, system, "g", "s", variant="conll07").stderr == res.stderr


def test_non_conll_input_is_refused(tmp_path):
    ptb = tmp_path / "a.mrg"
    ptb.write_text("(S (NP (DT The) (NN dog)) (VP (VBZ barks)))\n", encoding="utf-8")
    status, out, err = _run("conllx", [str(ptb), str(ptb)])
    assert status == 1 and "not CoNLL" in err and out == ""


@pytest.mark.parametrize("seed", range(6))
def test_lazy_perl_order_equals_the_chains_kept_all_along(seed):
    """PerlHash builds its chains only when the order is first needed; random inserts,
    updates, deletes and re-inserts give the order of chains kept up to date throughout."""
    import random

    from tcompare.scoring.conllx.perlhash import Chains

    rng = random.Random(seed)
    h, chains, live = PerlHash(), Chains(), set()
    pool = [f"w{i}" for i in range(300)] + ["x" * 30 + str(i) for i in range(40)]
    for step in range(2000):
        key = rng.choice(pool)
        if key in live and rng.random() < 0.3 + 0.4 * (step > 1000):
            del h[key]
            chains.delete(key)
            live.discard(key)
        else:
            if key not in live:
                live.add(key)
                chains.insert(key, len(live))
            h[key] = step
        if rng.random() < 0.01:
            assert h.keys() == chains.order()
    assert h.keys() == chains.order() and h.values() == [h[k] for k in chains.order()]


def test_utf8_check_by_slices_reads_as_the_decoder(tmp_path):
    """The plain-UTF-8 shortcut gives the bytes and notation the full decode gives."""
    from tcompare.formats.encoding import decode_bytes

    text = (ROWS.replace("dog", "chien\u00e9\u4e2d\U0001f600") + "\n") * 3
    cases = {"plain": text.encode(), "bom": b"\xef\xbb\xbf" + text.encode(),
             "gb18030": text.replace("\U0001f600", "").replace("\u00e9", "").encode("gb18030"),
             "empty": b"", "blank": "  \n\u3000\n".encode()}
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        got = score_conllx._read_utf8(str(path), None)
        decoded = decode_bytes(data, str(path))
        assert score_conllx._plain_utf8(data) == (decoded.encoding == "utf-8" and not decoded.bom
                                                   and not decoded.bad), name
        if score_conllx._plain_utf8(data):
            assert got[0] is data or got[0] == data
    assert score_conllx._read_utf8(str(tmp_path / "blank"), None)[1] == "conllx"
    assert score_conllx._read_utf8(str(tmp_path / "empty"), None)[1] == "conllx"
    long_text = "\U0001f600" * 70000 + "\n" + text
    assert not score_conllx._blank(long_text.encode())
