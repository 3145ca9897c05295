"""The organisers' data preparation as `tcompare convert --prepare STEP` (issue 20.5)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tcompare import formats
from tcompare.formats import dataprep
from tests.conftest import RESOURCES, ROOT
from tests.test_parseval2010 import PKU, TASK22, TCT_GR

pytestmark = pytest.mark.issue(20)


def convert(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcompare", "convert", *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def read(text: str, notation: str):
    corpus = formats.read_text(text + "\n", notation)
    assert corpus.errors() == []
    return corpus[0].item


def test_sighan2012_training_simplification_reproduces_the_papers_example():
    """Seed 002 §2, verbatim (the paper prints the middle dot as ``·``; Sinica files use ‧)."""
    before = "S(theme:NP(Head:Nba:西遊記)|Head:V_11:是|range:NP(property:Ncb:我國|property:V‧的(head:VH11:著名|Head:DE:的)|Head:Nac:小說))"
    after = "S(theme:NP(Nb:西遊記)|Head:V_11:是|range:NP(Nc:我國|V‧的(VH:著名|DE:的)|Na:小說))"
    tree = dataprep.sighan2012_train(read(before, "sinica"))
    assert formats.get("sinica").format_item(tree, "\n") == after + "\n"


def test_sighan2012_via_convert(tmp_path):
    src = tmp_path / "train.txt"
    src.write_text("#1:1.[0] S(agent:NP(Head:Nba:張三)|Head:VC2:看|theme:NP(property:Ncb:台北|Head:Nac:書))#\n",
                   encoding="utf-8")
    r = convert(src, "--prepare", "sighan2012-train")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "#1:1.[0] S(agent:NP(Nb:張三)|Head:VC2:看|theme:NP(Nc:台北|Na:書))#\n"


def test_pku_to_tct_deletes_unary_constituents_and_unifies_pos(tmp_path):
    pku = read(PKU, "pku")
    tct = dataprep.pku_to_tct(pku)
    assert tct.words == pku.words
    assert all(len(n.children) > 1 for n in tct.nodes())          # no unary constituent left
    unary = sum(1 for n in pku.nodes() if len(n.children) == 1)
    assert (len(pku.nodes()), unary, len(tct.nodes())) == (35, 16, 19)
    assert "wCO" in tct.tags and "wco" not in tct.tags             # PKU subtypes, TCT spelling
    # the head positions survive: each node's head daughter is the old head's remnant
    (tmp_path / "x.pku").write_text(PKU + "\n", encoding="utf-8")
    (tmp_path / "map.tsv").write_text("# PKU\tTCT\nwco\twP\nwfs\twE\n", encoding="utf-8")
    r = convert(tmp_path / "x.pku", "--prepare", "parseval2010-pku", "--pos-map", tmp_path / "map.tsv")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("[zj-0 [fj-0 [fj-0 [dj-1 [np-1 时尚/v 服装/n ] [vp-0 穿/v 着/n ] ] ，/wP ")
    assert r.stdout.rstrip().endswith("。/wE ]")
    back = read(r.stdout.strip(), "tct")
    assert back.words == pku.words


def test_binarize_makes_every_phrase_binary_with_rt_lt_for_punctuation():
    tree = dataprep.binarize(read(TCT_GR, "tct"))
    original = read(TCT_GR, "tct")
    assert tree.words == original.words and tree.tags == original.tags
    assert all(len(n.children) <= 2 for n in tree.nodes())
    text = formats.get("tct2012").format_item(tree, "\n")
    # fj-LS [dj ，dj]: the right clause with the comma in front is an LT node; the
    # zj root's final 。 is split off as RT... except on the outermost node, which keeps its GR
    assert text.startswith("(zj-XX (fj-LS-1 (dj-ZW ")
    assert "(fj-1 (wP ，) (dj-ZW " in text
    # every constituent of the binary tree covers a contiguous span and words are unchanged
    assert len(tree.nodes()) > len(original.nodes())


def test_binarize_rt_lt_nodes():
    """No head positions: the head is the last daughter that is not punctuation; outer
    punctuation goes first, right then left, into RT / LT nodes."""
    write = formats.get("tct").format_item
    tree = read("[dj 他/rN 来/v 了/u 。/wE ]", "tct")
    assert write(dataprep.binarize(tree), "\n") == "[dj-RT-0 [dj-1 他/rN [dj-1 来/v 了/u ] ] 。/wE ]\n"
    tree = read("[np-DZ-1 “/wYZ 好/a 书/n ”/wYY ]", "tct")
    assert write(dataprep.binarize(tree), "\n") == "[np-DZ-0 [np-LT-1 “/wYZ [np-0 好/a 书/n ] ] ”/wYY ]\n"


def test_edcs_split_complex_sentences(tmp_path):
    (tmp_path / "x.tct").write_text(TCT_GR + "\n" + TASK22 + "\n", encoding="utf-8")
    r = convert(tmp_path / "x.tct", "--prepare", "parseval2010-edc")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 5
    assert lines[0] == "[dj-ZW 我们/rN [vp-PO 说/v [dj-ZW [np-DZ 你/rN 自己/rN ] [vp-PO 有/v 两个/m ] ] ] ]"
    assert lines[3] == "[vp 都/d [vp 是/v [np 有用/a 的/uJDE 料/n ] ] ]"


PAPER_CONSTRUCTIONS = [   # seed 000 §3, the four constructions of the first EDC (resources/eventbank)
    "[D-sp 沿途/s-@ ] ，/wP [S-np 我们/rNP-@ ] [D-dp 还/d-@ ] [P-vp-Tgt 看到/v-@ ] [O-np 为/p 再生/v 而/cC 砍伐/v 的/uJDE 树木/n-@ ，/wP 为/p 建/v 房/n 而/vM 砍伐/v 的/uJDE 木材/n-@ ]",
    "[D-pp 为/p 再生/v-@ ] [P-vp-Tgt 而/cC 砍伐/v-@ ] 的/uJDE [H-np 树木/n-@ ]",
    "[P-vp-Tgt 建/v-@ ] [O-np 房/n-@ ]",
    "[D-pp 为/p 建/v-@ 房/n ] [P-vp-Tgt 而/vM 砍伐/v-@ ] 的/uJDE [H-np 木材/n-@ ]",
]


def test_event_bank_extraction_gives_the_papers_constructions(tmp_path):
    out = tmp_path / "bank.txt"
    r = convert(RESOURCES / "eventbank" / "gold.tct", "--prepare", "parseval2010-eventbank", "-o", out)
    assert r.returncode == 0, r.stderr
    lines = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()
             if not line.startswith("#")]
    first = [text for key, text in lines if key.split("@")[0] == "1"]
    assert first == PAPER_CONSTRUCTIONS   # the paper's third one adds context words around it
    # the extracted bank scores the gold against itself at 100, and is readable by the scorer
    score = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "parseval2010",
                            "--events", str(out), str(RESOURCES / "eventbank" / "gold.tct"),
                            str(RESOURCES / "eventbank" / "gold.tct"), "--summary-only"],
                           capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert "System   100.00   100.00" in score.stdout


def test_prepare_refuses_the_wrong_notation(tmp_path):
    (tmp_path / "x.tct").write_text(TCT_GR + "\n", encoding="utf-8")
    r = convert(tmp_path / "x.tct", "--prepare", "sighan2012-train")
    assert r.returncode == 2 and "reads sinica" in r.stderr
