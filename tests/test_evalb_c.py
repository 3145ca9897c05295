"""EVALB's debug listing (-d / -D) and evalb_spmrl, byte for byte against the C programs.

The C programs are never part of tcompare: they are looked up in TCOMPARE_REFS (default
../refs): refs/evalb/evalb and refs/evalb_spmrl/evalb_spmrl, built from their public
sources.  Tests that need them skip cleanly when they are absent.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT, anchor

REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))


def ref_binary(*parts: str) -> Path:
    path = REFS.joinpath(*parts)
    if not (path.exists() and os.access(path, os.X_OK)):
        pytest.skip(f"reference program not available: {path}")
    return path


def run_c(binary: Path, args: list, cwd: Path) -> tuple[bytes, bytes, int]:
    p = subprocess.run([str(binary), *map(str, args)], capture_output=True, cwd=cwd, timeout=120)
    return p.stdout, p.stderr, p.returncode


def run_ours(profile: str, args: list) -> tuple[bytes, bytes, int]:
    out, err = io.BytesIO(), io.BytesIO()
    if profile == "evalb":
        from tcompare.cli.score_evalb import main
    else:
        from tcompare.cli.score_evalb_c import main
    rc = main([*map(str, args)], profile, out=out, err=err)
    return out.getvalue(), err.getvalue(), rc


def perturbed(gold_lines: list[bytes], seed: int) -> list[bytes]:
    """Test lines made from gold lines: relabelled / flattened brackets, changed tags,
    dropped punctuation, empty lines -- errors, skips and every debug trace kind."""
    import re

    rng = random.Random(seed)
    out = []
    for line in gold_lines:
        r = rng.random()
        if r < 0.05:
            out.append(b"\n")
            continue
        if r < 0.1:
            out.append(re.sub(rb"\((,|\.) [^()]*\)", b"", line, count=1))
            continue
        s = line
        for _ in range(rng.randint(0, 3)):
            labels = list(re.finditer(rb"\((NP|VP|PP|S|SBAR|ADJP|ADVP)([ -=])", s))
            if labels:
                m = rng.choice(labels)
                s = s[:m.start(1)] + rng.choice([b"NP", b"VP", b"FRAG", b"X"]) + s[m.end(1):]
        if rng.random() < 0.4:   # flatten one bracket: drop "(LABEL " and its ")"
            opens = [m.start() for m in re.finditer(rb"\((NP|VP|PP)[ -]", s)]
            if opens:
                start = rng.choice(opens)
                depth, i = 0, start
                while i < len(s):
                    if s[i:i + 1] == b"(":
                        depth += 1
                    elif s[i:i + 1] == b")":
                        depth -= 1
                        if depth == 0:
                            break
                    i += 1
                head = s.index(b" ", start) + 1
                s = s[:start] + s[head:i] + s[i + 1:]
        if rng.random() < 0.3:
            s = re.sub(rb"\(NN ", b"(NNS ", s, count=1)
        out.append(s)
    return out


# -- EVALB -d / -D ----------------------------------------------------------------------

EVALB_CASES = [
    ("COLLINS.prm", "probes/probes.gld", "probes/probes.tst"),
    ("new.prm", "probes/probes.gld", "probes/probes.tst"),
    ("probes/COLLINS_unlabeled.prm", "probes/probes.gld", "probes/probes.tst"),
    ("sample.prm", "sample.gld", "sample.tst"),
    ("COLLINS.prm", "bug/bug.gld", "bug/bug.tst"),
    ("new.prm", "bug/bug.gld", "bug/bug.tst"),
    ("COLLINS.prm", "probes/maxerr.gld", "probes/maxerr.tst"),
    ("COLLINS.prm", "probes/probes.gld", "probes/lines3.tst"),
    ("COLLINS.prm", "probes/lines3.tst", "probes/probes.tst"),
    ("new.prm", "real/kummerfeld_wsj01/wsj01.mrg", "real/kummerfeld_wsj01/berkeley.mrg"),
    ("COLLINS.prm", "real/kummerfeld_wsj01/wsj01.mrg", "real/kummerfeld_wsj01/bikel.mrg"),
]


@pytest.mark.issue(20)
@pytest.mark.parametrize("flag", ["-d", "-D"])
@pytest.mark.parametrize("prm,gold,test", EVALB_CASES)
def test_debug_listing_matches_c_evalb_on_anchors(flag, prm, gold, test, tmp_path):
    evalb = ref_binary("evalb", "evalb")
    # the flag after -p: a prm's DEBUG line (all the shipped ones have DEBUG 0) resets it
    args = ["-p", anchor("evalb", prm), flag, anchor("evalb", gold), anchor("evalb", test)]
    ours = run_ours("evalb", args)
    assert ours == run_c(evalb, args, tmp_path)
    assert b"-<1>---(wn1=" in ours[0]


@pytest.mark.issue(20)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_debug_listing_matches_c_evalb_on_generated_pairs(seed, tmp_path):
    evalb = ref_binary("evalb", "evalb")
    lines = anchor("evalb", "real/nltk_ptb/wsj_0001-0199.top.gld").read_bytes().splitlines(True)
    gold = [line for line in lines[seed * 300:seed * 300 + 150] if line.count(b"(") < 190]
    (tmp_path / "g").write_bytes(b"".join(gold))
    (tmp_path / "t").write_bytes(b"".join(perturbed(gold, seed)))
    for prm in ("COLLINS.prm", "new.prm"):
        for flag in ("-d", "-D"):
            args = ["-p", anchor("evalb", prm), "-e", "1000", flag, tmp_path / "g", tmp_path / "t"]
            ours = run_ours("evalb", args)
            assert ours == run_c(evalb, args, tmp_path), (prm, flag)
            assert ours[0].count(b"\n========\n") == len(gold)


@pytest.mark.issue(20)
def test_debug_listing_shape_without_the_reference(tmp_path):
    """Probe 7 (PRT vs ADVP, RP vs RB) under COLLINS.prm, as C evalb -D prints it."""
    gold = b"(S (NP (PRP He)) (VP (VBD gave) (PRT (RP up))))\n"
    test = b"(S (NP (PRP He)) (VP (VBD gave) (ADVP (RB up))))\n"
    (tmp_path / "g").write_bytes(gold)
    (tmp_path / "t").write_bytes(test)
    out, err, rc = run_ours("evalb", ["-D", tmp_path / "g", tmp_path / "t"])
    assert rc == 0 and err == b""
    body = out.decode().split("=" * 76 + "\n")[1]
    assert body.startswith(
        "label=S, word=, wid=0\nlabel=NP, word=, wid=0\nlabel=PRP, word=He, wid=0\n")
    assert "\n   1    3    0  100.00 100.00     4      4    4      0      3     2    66.67\n" in body
    assert "  2 : 0 : RP      up                      2 : 0 : RB      up              \n" in body
    assert "  3 : 1 :   2    3  PRT           3 : 1 :   2    3  ADVP  \n\n========\n" in body
    # -d: the listing without the traces
    out, _, _ = run_ours("evalb", ["-d", tmp_path / "g", tmp_path / "t"])
    assert "label=" not in out.decode() and "-<1>---(wn1=  3, bn1=  4)-" in out.decode()


def test_debug_flag_before_p_is_reset_by_the_prm(tmp_path):
    """evalb.c applies options in order: `-d -p COLLINS.prm` reads DEBUG 0 last."""
    out, _, _ = run_ours("evalb", ["-d", "-p", anchor("evalb", "COLLINS.prm"),
                                   anchor("evalb", "sample.gld"), anchor("evalb", "sample.tst")])
    assert b"-<1>---" not in out


def test_debug_from_prm_file(tmp_path):
    """A DEBUG 1 line in the parameter file turns the listing on, as in evalb.c."""
    (tmp_path / "p.prm").write_text("DEBUG 1\nDELETE_LABEL TOP\n")
    (tmp_path / "g").write_bytes(b"(TOP (S (NN a)))\n")
    out, _, _ = run_ours("evalb", ["-p", tmp_path / "p.prm", tmp_path / "g", tmp_path / "g"])
    assert b"-<1>---(wn1=  1, bn1=  2)-" in out


# -- evalb_spmrl -------------------------------------------------------------------------

def spmrl_pair(tmp_path: Path) -> tuple[Path, Path]:
    """WSJ lines with SPMRL-style ``##feature##`` labels, perturbed; a one-word gold with a
    length mismatch (two rows in evalb_spmrl) and a word mismatch at the end."""
    import re

    lines = anchor("evalb", "real/nltk_ptb/wsj_0001-0199.top.gld").read_bytes().splitlines(True)[:300]
    rng = random.Random(5)
    gold = [re.sub(rb"\(([A-Z]+)(?= )", lambda m: b"(" + m.group(1) + (
        b"##g=m|n=s##" if rng.random() < 0.5 else b""), line) for line in lines]
    gold += [b"(TOP (NN word))\n", b"(TOP (NN word))\n"]
    test = perturbed(gold, 7)
    test[-2:] = [b"(TOP (NN word) (NN extra))\n", b"(TOP (NN other) (NN extra))\n"]
    (tmp_path / "g").write_bytes(b"".join(gold))
    (tmp_path / "t").write_bytes(b"".join(test))
    return tmp_path / "g", tmp_path / "t"


@pytest.mark.issue(20)
@pytest.mark.parametrize("prm,rsl", [("spmrl/spmrl.prm", "spmrl/probes.spmrl_variant.spmrl"),
                                     ("COLLINS.prm", "spmrl/probes.spmrl_variant.COLLINS")])
def test_spmrl_reproduces_anchor_outputs(prm, rsl, tmp_path):
    args = ["-p", anchor("evalb", prm), anchor("evalb", "probes/probes.gld"),
            anchor("evalb", "probes/probes.tst")]
    out, err, rc = run_ours("evalb_spmrl", args)
    assert out == anchor("evalb", rsl + ".rsl").read_bytes()
    assert err == anchor("evalb", rsl + ".stderr").read_bytes()
    assert rc == 0


SPMRL_FLAGS = [[], ["-X"], ["-L"], ["-l"], ["-X", "-L"], ["-K", "5"], ["-V"], ["-d"], ["-D"],
               ["-c", "5"], ["-e", "2"]]


@pytest.mark.issue(20)
@pytest.mark.parametrize("flags", SPMRL_FLAGS, ids=" ".join)
def test_spmrl_matches_c_on_anchor_probes(flags, tmp_path):
    binary = ref_binary("evalb_spmrl", "evalb_spmrl")
    args = ["-p", anchor("evalb", "spmrl/spmrl.prm"), *flags, anchor("evalb", "probes/probes.gld"),
            anchor("evalb", "probes/probes.tst")]
    assert run_ours("evalb_spmrl", args) == run_c(binary, args, tmp_path)


@pytest.mark.issue(20)
@pytest.mark.parametrize("flags", [[], ["-X"], ["-D"], ["-X", "-l"], ["-K", "100"]], ids=" ".join)
def test_spmrl_matches_c_on_generated_feature_pairs(flags, tmp_path):
    binary = ref_binary("evalb_spmrl", "evalb_spmrl")
    gold, test = spmrl_pair(tmp_path)
    for prm in ("spmrl/spmrl.prm", "spmrl/spmrl_hebrew.prm"):
        args = ["-p", anchor("evalb", prm), *flags, gold, test]
        assert run_ours("evalb_spmrl", args) == run_c(binary, args, tmp_path), prm


@pytest.mark.issue(20)
def test_spmrl_status_file_matches_c(tmp_path):
    binary = ref_binary("evalb_spmrl", "evalb_spmrl")
    gold, test = spmrl_pair(tmp_path)
    args = ["-p", anchor("evalb", "spmrl/spmrl.prm"), gold, test]
    run_c(binary, args, tmp_path)
    run_ours("evalb_spmrl", ["--status-file", tmp_path / "ours", *args])
    assert (tmp_path / "ours").read_bytes() == (tmp_path / "status").read_bytes()


@pytest.mark.issue(20)
def test_spmrl_features_stripped_and_terminals_kept(tmp_path):
    """## features are cut from labels and POS tags; punctuation is not deleted; -X counts
    an empty parse (status 3) instead of skipping it."""
    (tmp_path / "g").write_bytes(b"(TOP (S (NP##n=s## (NN##g=f## chat)) (VP (V dort)) (PONCT .)))\n"
                                 b"(TOP (S (NN a) (NN b)))\n")
    (tmp_path / "t").write_bytes(b"(TOP (S (NP (NN chat)) (VP##x## (V##y## dort)) (PONCT .)))\n\n")
    out, err, rc = run_ours("evalb_spmrl", [tmp_path / "g", tmp_path / "t"])
    rows = out.decode().splitlines()[3:5]
    assert rows[0] == "   1    3    0  100.00 100.00     3      3    3      0      3     3   100.00"
    assert rows[1].startswith("   2    2    2 ")
    out, _, _ = run_ours("evalb_spmrl", ["-X", tmp_path / "g", tmp_path / "t"])
    assert out.decode().splitlines()[4].startswith("   2    2    3 ")


@pytest.mark.issue(20)
def test_spmrl_tree_path_totals_equal_the_report(tmp_path):
    """--output json (the Tree path, one engine per run) gives the report's summary."""
    import json

    gold, test = spmrl_pair(tmp_path)
    rsl, _, _ = run_ours("evalb_spmrl", ["-X", gold, test])
    data, _, rc = run_ours("evalb_spmrl", ["-X", "--output", "json", "--summary-only", gold, test])
    summary = json.loads(data)["summary"]
    text = rsl.decode()
    assert f"Number of sentence        = {summary['sentences']:6d}" in text
    assert f"Bracketing FMeasure       = {summary['fmeasure']:6.2f}" in text
    assert f"Complete match            = {summary['complete_match']:6.2f}" in text
    assert f"Tagging accuracy          = {summary['tagging_accuracy']:6.2f}" in text
