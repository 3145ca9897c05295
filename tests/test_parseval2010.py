"""parseval2010 profile (seed 000): B+C vs B+C+H, Task 2-2 parts and Total F1, seed trees."""

import json
import subprocess
import sys

import pytest

from conftest import RESOURCES, ROOT
from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.base import Verdict

PROFILE = profiles.get("parseval2010")

# seed 000, Task 2-1 example (words restored from the paper's event bank lines)
TASK21 = ("[dj-2 沿途/s ，/wP [dj-1 我们/rNP [vp-1 还/d [vp-0 看到/v [np-0-2 [np-2 [vp-1 [pp-1 为/p 再生/v ] "
          "[vp-1 而/cC 砍伐/v ] ] 的/uJDE 树木/n ] ，/wP [np-2 [vp-1 [pp-1 为/p [vp-0 建/v 房/n ] ] "
          "[vp-1 而/vM 砍伐/v ] ] 的/uJDE 木材/n ] ] ] ] ] ]")
# seed 000, example (2): TCT with GR tags; the PDF lost the characters, so the words are ours
TCT_GR = ("[zj-XX [fj-LS [dj-ZW 我们/rN [vp-PO 说/v [dj-ZW [np-DZ 你/rN 自己/rN ] [vp-PO 有/v 两个/m ] ] ] ] ，/wP "
          "[dj-ZW 他/rN [vp-LW [vp-PO 走到/v [sp-DZ 商店/n 里面/s ] ] [vp-PO 买了/v [np-DZ [mp-DZ 一/m 本/qN ] "
          "新书/n ] ] ] ] ] 。/wE ]")
# seed 000, example (3): PKU-CTB with ! head marks, structure verbatim, words ours
PKU = ("( zj ( !fj ( !fj ( !dj ( np ( vp ( !v ( 时尚 ) ) !np( !n ( 服装 ) ) ) !vp ( !vp ( !v ( 穿 ) ) np ( !n( 着 ) ) ) ) "
       "wco ( ， ) dj ( np ( ap ( !b ( 适漂 ) ) !np ( !n ( 亮大 ) ) ) !vp ( dp ( !d( 方 ) ) !vp ( !vp ( !vp ( !v ( 价 ) ) "
       "v ( 格 ) )np ( qp ( mp ( !rm ( 便 ) ) !q ( 宜 ) ) !np ( np( !n ( 质量可 ) ) !np ( !n ( 靠颜 ) ) ) ) ) ) ) )"
       "wco ( ， ) vp ( c ( 鲜艳 ) !vp ( !v ( 款 ) np( ap ( !b ( 式新 ) ) !np ( !n ( 颖深 ) ) ) vp( !vp ( !v ( 受青 ) ) "
       "vp ( !vp ( !v ( 年喜 ) )vp ( !v ( 爱商 ) ) ) ) ) ) ) wfs ( 。 ) ) )")

# seed 000, Task 2-2 example (structure and tags verbatim; the PDF lost the characters, the
# words of the first clause come from the paper's event bank, the rest are ours)
TASK22 = ("[zj [fj [fj [dj 沿途/s ，/wP [dj 我们/rNP [vp 还/d [vp 看到/v [np [np [vp [pp 为/p 再生/v ] "
          "[vp 而/cC 砍伐/v ] ] 的/uJDE 树木/n ] ，/wP [np [vp [pp 为/p [vp 建/v 房/n ] ] [vp 而/vM 砍伐/v ] ] "
          "的/uJDE 木材/n ] ] ] ] ] ] ，/wP [vp 都/d [vp 是/v [np 有用/a 的/uJDE 料/n ] ] ] ] ；/wP "
          "[dj [np [vp 运走/v 树木/n ] 的/uJDE [np 货车/n 、/wD 拖拉机/n ] ] ，/wP 南来北往/v ] ] 。/wE ]")

SENT = "[zj [fj [dj 我/rN [vp 看/v 书/n ] ] ，/wP [dj 他/rN [vp 写/v 字/n ] ] ] 。/wE ]"


def tree(text, notation="tct"):
    corpus = formats.read_text(text + "\n", notation)
    assert corpus.errors() == []
    return corpus[0].item


def run(pairs, notation="tct"):
    config = PROFILE.prepare({})
    results = [PROFILE.score(tree(g, notation), tree(s, notation), config, i + 1)
               for i, (g, s) in enumerate(pairs)]
    return results, PROFILE.aggregate(results, config)


def test_seed_trees_score_100_against_themselves():
    for text, notation in ((TASK21, "tct"), (TASK22, "tct"), (TCT_GR, "tct"), (PKU, "pku")):
        _, summary = run([(text, text)], notation)
        m = summary.metrics
        for key in ("POS_A", "BC_P", "BC_R", "BC_F1", "BCH_P", "BCH_R", "BCH_F1", "S_S_F1"):
            assert m[key] == 100.0, (notation, key)
    # trees with fj: C_S and Total too
    for text in (TCT_GR, TASK22):
        _, summary = run([(text, text)])
        assert summary.metrics["C_S_F1"] == summary.metrics["Total_F1"] == 100.0
    _, summary = run([(PKU, PKU)], "pku")
    assert summary.metrics["C_S_F1"] == summary.metrics["Total_F1"] == 100.0


def test_pku_marks_give_the_tct_head_positions():
    pku = tree(PKU, "pku")
    root_fj = pku.root.children[0]
    assert root_fj.label.category == "fj" and root_fj.label.heads == (0,)
    # "( np ( vp ( !v ...) ) !np ( ... ) )": head is the 2nd child
    np_node = [n for n in pku.nodes() if n.label.category == "np"][0]
    assert np_node.label.heads == (1,)


def test_bc_versus_bch_hand_worked():
    """Gold: the Task 2-1 tree, 14 constituents.  System changes:
    np-0-2 -> np-0 (tag and span right, heads {0,2} vs {0}: B+C yes, B+C+H no);
    first pp-1 -> pp-0 (B+C yes, B+C+H no); second 而砍伐 vp-1 -> pp-1 (wrong tag: both no).
    B+C: 13/14 -> P = R = F1 = 92.86;  B+C+H: 11/14 -> P = R = F1 = 78.57.
    S_S holds all 14 on both sides (dj vp np pp): 13 correct -> 92.86; no fj: C_S F1 is
    0/0 -> reported as none and counted 0, so Total_F1 = (92.86 + 0) / 2 = 46.43."""
    system = (TASK21.replace("np-0-2", "np-0").replace("[pp-1 为/p 再生/v ]", "[pp-0 为/p 再生/v ]")
              .replace("[vp-1 而/vM 砍伐/v ]", "[pp-1 而/vM 砍伐/v ]"))
    results, summary = run([(TASK21, system)])
    m = summary.metrics
    assert (round(m["BC_P"], 2), round(m["BC_R"], 2), round(m["BC_F1"], 2)) == (92.86, 92.86, 92.86)
    assert (round(m["BCH_P"], 2), round(m["BCH_R"], 2), round(m["BCH_F1"], 2)) == (78.57, 78.57, 78.57)
    assert m["POS_A"] == 100.0 and m["C_S_F1"] is None and round(m["Total_F1"], 2) == 46.43
    system_tree = tree(system)
    word_at = {t.char_start: t.index for t in system_tree.tokens}   # item spans are characters
    verdicts = {(i.label, word_at[i.start]): i.verdict for i in results[0].system_items if i.kind == "bracket"}
    assert verdicts[("np-0", 5)] is Verdict.WRONG_HEAD and verdicts[("pp-0", 5)] is Verdict.WRONG_HEAD
    assert verdicts[("pp-1", 15)] is Verdict.LABEL_ONLY


def test_task22_parts_and_total_f1():
    """Sentence 1: the system writes fj as dj.  Sentence 2: identical.  Per sentence the gold
    has zj (no part), fj (C_S), dj vp dj vp (S_S).
    S_S: gold 8, system 9 (the wrong dj is S_S by its own tag), correct 8
         -> P 88.89, R 100, F1 94.12.
    C_S: gold 2, system 1, correct 1 -> P 100, R 50, F1 66.67.
    Total_F1 = (94.12 + 66.67) / 2 = 80.39.  B+C over all 12 / 12: 11 correct -> 91.67."""
    _, summary = run([(SENT, SENT.replace("[fj", "[dj")), (SENT, SENT)])
    m = summary.metrics
    assert (round(m["S_S_P"], 2), m["S_S_R"], round(m["S_S_F1"], 2)) == (88.89, 100.0, 94.12)
    assert (m["C_S_P"], m["C_S_R"], round(m["C_S_F1"], 2)) == (100.0, 50.0, 66.67)
    assert round(m["Total_F1"], 2) == 80.39
    assert round(m["BC_F1"], 2) == 91.67


def test_cli_keys_and_table(tmp_path):
    gold, system = tmp_path / "g.tct", tmp_path / "s.tct"
    gold.write_text(SENT + "\n" + SENT + "\n", encoding="utf-8")
    system.write_text(SENT.replace("[fj", "[dj") + "\n" + SENT + "\n", encoding="utf-8")
    base = [sys.executable, "-m", "tcompare", "score", "--profile", "parseval2010", str(gold), str(system)]
    data = json.loads(subprocess.run(base + ["--output", "json"], capture_output=True, text=True,
                                     cwd=ROOT, check=True).stdout)
    for key in ("POS_A", "BC_P", "BC_R", "BC_F1", "BCH_P", "BCH_R", "BCH_F1", "S_S_F1", "C_S_F1", "Total_F1"):
        assert key in data["summary"]
    events = RESOURCES / "eventbank"
    out = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "parseval2010",
                          "--events", str(events / "events.txt"), str(events / "gold.tct"),
                          str(events / "system.tct"), "--output", "json", "--summary-only"],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    summary = json.loads(out)["summary"]
    assert (summary["Micro_R"], summary["Macro_R"]) == (40.0, 25.0)
    text = subprocess.run(base, capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "B+C+H" in text and "Total F1" in text and "80.39" in text


@pytest.mark.issue(20)
def test_total_f1_without_fj_sentence_level_is_s_s_and_flagged():
    """Spec §10: TASK21 has no fj.  Against itself every sentence figure is 100, its Total_F1
    too (S_S F1, flagged), while the corpus Total_F1 keeps the 0/0 rule: (100 + 0) / 2."""
    results, summary = run([(TASK21, TASK21)])
    r = results[0]
    assert r.scores["S_S_F1"] == 100.0 and r.scores["C_S_F1"] is None
    assert r.scores["Total_F1"] == 100.0
    assert "Total_F1:C_S undefined" in r.flags
    assert summary.metrics["Total_F1"] == 50.0
    assert any("C_S F1 is 0/0" in note for note in summary.notes)
    # a sentence WITH fj is not flagged and keeps the mean
    results, _ = run([(SENT, SENT.replace("[fj", "[dj"))])
    assert results[0].flags == [] and round(results[0].scores["Total_F1"], 2) == round(
        (results[0].scores["S_S_F1"] + results[0].scores["C_S_F1"]) / 2, 2)
