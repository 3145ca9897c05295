"""`tcompare score --pairs LIST` and matching globs: several pairs pooled into one score
(issue 20.6).  Pooling is defined as scoring the concatenation, so the reference for every
profile is the same run on the files concatenated by hand."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT, anchor


def score(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcompare", "score", *map(str, args)],
                          capture_output=True, cwd=cwd or ROOT, timeout=300)


def split_blocks(data: bytes, cuts: list[int], blank: bool) -> list[bytes]:
    """Cut a file into pieces after sentence numbers `cuts` (lines, or blank-line blocks)."""
    units = data.split(b"\n\n") if blank else data.splitlines(True)
    if blank:
        units = [u.strip(b"\n") + b"\n\n" for u in units if u.strip()]
    pieces, start = [], 0
    for cut in cuts + [len(units)]:
        pieces.append(b"".join(units[start:cut]))
        start = cut
    return pieces


def write_split(tmp_path, name: str, data: bytes, cuts, blank: bool, suffix: str):
    paths = []
    for k, piece in enumerate(split_blocks(data, cuts, blank)):
        if blank and k < len(cuts):
            piece = piece.rstrip(b"\n") + b"\n"   # a file ending without the blank line
        path = tmp_path / name / f"part{k}{suffix}"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(piece)
        paths.append(path)
    return paths


@pytest.mark.issue(20)
def test_pairs_list_evalb_equals_the_concatenated_run(tmp_path):
    gold = anchor("evalb", "real/nltk_ptb/wsj_0001-0199.top.gld").read_bytes()
    test = anchor("evalb", "real/nltk_ptb/wsj_0001-0199.perturbed.tst").read_bytes()
    gold = b"".join(gold.splitlines(True)[:600])
    test = b"".join(test.splitlines(True)[:600])
    gs = write_split(tmp_path, "gold", gold, [100, 350], False, ".mrg")
    ss = write_split(tmp_path, "sys", test, [100, 350], False, ".mrg")
    (tmp_path / "whole.gld").write_bytes(gold)
    (tmp_path / "whole.tst").write_bytes(test)
    (tmp_path / "list.txt").write_text("# gold system\n" + "".join(
        f"gold/{g.name}\tsys/{s.name}\n" for g, s in zip(gs, ss)))
    whole = score(tmp_path / "whole.gld", tmp_path / "whole.tst", "--profile", "evalb")
    pooled = score("--pairs", tmp_path / "list.txt", "--profile", "evalb")
    assert pooled.returncode == whole.returncode == 0
    assert pooled.stdout == whole.stdout
    assert b"pair 2: sentences 101-350" in pooled.stderr
    # the same with two quoted globs (paired by what the wildcard matches)
    globbed = score(tmp_path / "gold" / "part*.mrg", tmp_path / "sys" / "part*.mrg", "--pairs-quiet")
    assert globbed.stdout == whole.stdout and b"pair 1" not in globbed.stderr


@pytest.mark.issue(20)
@pytest.mark.parametrize("profile", ["conllx", "conll07"])
def test_pairs_conllx_scores_a_languages_files_together(profile, tmp_path):
    gold = anchor("conllx", "gold.conll").read_bytes()
    system = anchor("conllx", "system.conll").read_bytes()
    gs = write_split(tmp_path, "gold", gold, [50, 120], True, ".conll")
    ss = write_split(tmp_path, "sys", system, [50, 120], True, ".conll")
    whole = score(anchor("conllx", "gold.conll"), anchor("conllx", "system.conll"), "--profile", profile)
    (tmp_path / "list").write_text("".join(f"{g} {s}\n" for g, s in zip(gs, ss)))
    pooled = score("--pairs", tmp_path / "list", "--profile", profile, "--pairs-quiet")
    assert whole.returncode == pooled.returncode == 0, pooled.stderr
    # eval.pl names its input files in the report; everything else is the same
    strip = lambda out: [line for line in out.splitlines() if b"conll" not in line]  # noqa: E731
    assert strip(pooled.stdout) == strip(whole.stdout)
    assert b"Labeled   attachment score" in pooled.stdout


@pytest.mark.issue(20)
def test_pairs_generic_profile_json(tmp_path):
    """parseval2012 on CCG AUTO (the generic runner): the pooled summary is the whole one."""
    import json

    g = anchor("ccg", "switchboard/test100.auto").read_bytes().splitlines(True)
    s = anchor("ccg", "switchboard/test100.depccg.auto").read_bytes().splitlines(True)
    (tmp_path / "a.auto").write_bytes(b"".join(g[:80]))
    (tmp_path / "b.auto").write_bytes(b"".join(g[80:]))
    (tmp_path / "a.sys.auto").write_bytes(b"".join(s[:80]))
    (tmp_path / "b.sys.auto").write_bytes(b"".join(s[80:]))
    (tmp_path / "list").write_text("a.auto a.sys.auto\nb.auto b.sys.auto\n")
    pooled = score("--pairs", tmp_path / "list", "--profile", "parseval2012", "--output", "json",
                   "--summary-only", "--pairs-quiet")
    whole = score(anchor("ccg", "switchboard/test100.auto"), anchor("ccg", "switchboard/test100.depccg.auto"),
                  "--profile", "parseval2012", "--output", "json", "--summary-only")
    assert json.loads(pooled.stdout)["summary"] == json.loads(whole.stdout)["summary"]


@pytest.mark.issue(20)
def test_pairs_errors(tmp_path):
    (tmp_path / "g1").write_bytes(b"(S (NN a))\n(S (NN b))\n")
    (tmp_path / "s1").write_bytes(b"(S (NN a))\n")
    (tmp_path / "list").write_text("g1 s1\n")
    r = score("--pairs", tmp_path / "list")
    assert r.returncode == 2 and b"pair 1:" in r.stderr and b"has 2 sentences" in r.stderr
    (tmp_path / "bad").write_text("g1\n")
    r = score("--pairs", tmp_path / "bad")
    assert r.returncode == 2 and f"{tmp_path / 'bad'}:1:1:".encode() in r.stderr
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "a.gld").write_bytes(b"(S (NN a))\n")
    (tmp_path / "x" / "b.gld").write_bytes(b"(S (NN a))\n")
    (tmp_path / "x" / "a.tst").write_bytes(b"(S (NN a))\n")
    r = score(tmp_path / "x" / "*.gld", tmp_path / "x" / "*.tst")
    assert r.returncode == 2 and b"no partner for" in r.stderr and b"b.gld" in r.stderr
