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
    args = [flag, "-p", anchor("evalb", prm), anchor("evalb", gold), anchor("evalb", test)]
    assert run_ours("evalb", args) == run_c(evalb, args, tmp_path)


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
            args = [flag, "-e", "1000", "-p", anchor("evalb", prm), tmp_path / "g", tmp_path / "t"]
            assert run_ours("evalb", args) == run_c(evalb, args, tmp_path), (prm, flag)


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


def test_debug_from_prm_file(tmp_path):
    """A DEBUG 1 line in the parameter file turns the listing on, as in evalb.c."""
    (tmp_path / "p.prm").write_text("DEBUG 1\nDELETE_LABEL TOP\n")
    (tmp_path / "g").write_bytes(b"(TOP (S (NN a)))\n")
    out, _, _ = run_ours("evalb", ["-p", tmp_path / "p.prm", tmp_path / "g", tmp_path / "g"])
    assert b"-<1>---(wn1=  1, bn1=  2)-" in out
