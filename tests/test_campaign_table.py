"""`tcompare table`: the seed papers' result tables from runs whose counts are built here.

Every figure below is worked out by hand from the small gold / system files each test
writes (the papers' own test sets are licensed); the files are scored by the profiles
themselves, through the same batch path as `tcompare score`.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tcompare.analysis import campaign
from tcompare.analysis.campaign_render import render
from tcompare.cli import table as table_cli


def run_table(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = table_cli.main([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def body(text: str) -> list[list[str]]:
    """The data rows of a text table (between the rule under the header and the last rule),
    split on whitespace; section rules left out."""
    lines = text.splitlines()
    rules = [k for k, line in enumerate(lines) if line and set(line) == {"-"}]
    return [lines[k].split() for k in range(rules[0] + 1, rules[-1])
            if k not in rules]


def rules(text: str) -> int:
    return sum(1 for line in text.splitlines() if line and set(line) == {"-"})


def header(text: str) -> list[str]:
    lines = text.splitlines()
    first_rule = next(k for k, line in enumerate(lines) if line and set(line) == {"-"})
    return lines[first_rule - 1].split()


def pct(num: float, den: float) -> str:
    return f"{100.0 * num / den:.2f}"


def f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r)


# -- ParsEval-2010, Table 5: B+C / B+C+H / POS-A per run, ranked with "B+C+H"-F1 ---------------

TCT_GOLD = ("[zj-0 [dj-1 我们/rNP [vp-0 看/v 书/n ] ] 。/wE ]\n"
            "[zj-0 [dj-1 他/rN [vp-0 写/v 字/n ] ] 。/wE ]\n")
TCT_RUNS = {
    # vp's head wrong in sentence 2: 6/6 constituents right by B+C, 5/6 by B+C+H
    "SAU-01": "[zj-0 [dj-1 我们/rNP [vp-0 看/v 书/n ] ] 。/wE ]\n"
              "[zj-0 [dj-1 他/rN [vp-1 写/v 字/n ] ] 。/wE ]\n",
    # 书 tagged v (7/8 words right); no vp in sentence 2: 5 system constituents, all right
    "SAU-02": "[zj-0 [dj-1 我们/rNP [vp-0 看/v 书/v ] ] 。/wE ]\n"
              "[zj-0 [dj-1 他/rN 写/v 字/n ] 。/wE ]\n",
    # one extra np over 书: 7 system constituents, 6 right
    "DFKI_C": "[zj-0 [dj-1 我们/rNP [vp-0 看/v [np-0 书/n ] ] ] 。/wE ]\n"
              "[zj-0 [dj-1 他/rN [vp-0 写/v 字/n ] ] 。/wE ]\n",
}


def write_runs(tmp_path: Path, gold: str, runs: dict[str, str], ext: str) -> list[Path]:
    (tmp_path / f"gold{ext}").write_text(gold, encoding="utf-8")
    paths = [tmp_path / f"gold{ext}"]
    for name, text in runs.items():
        path = tmp_path / f"{name}{ext}"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def test_parseval2010_table5_ranks_every_run_by_bch_f1(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    code, out, err = run_table(gold, *systems, "--profile", "parseval2010")
    assert code == 0, err
    assert out.splitlines()[0] == ('Constituent parsing evaluation results of Task 2-1, '
                                   'ranked with "B+C+H"-F1')
    assert header(out) == ["ID", "Sys-ID", "P", "R", "F1", "P", "R", "F1", "POS-A", "Rank"]
    groups = out.splitlines()[2].split()
    assert groups == ["B+C", "B+C+H"]
    # by hand: gold has 6 constituents (zj, dj, vp twice) and 8 words
    dfki = ["DFKI", "C", pct(6, 7), pct(6, 6), pct(12, 13), pct(6, 7), pct(6, 6), pct(12, 13),
            pct(8, 8), "1"]
    sau02 = ["SAU", "02", pct(5, 5), pct(5, 6), pct(10, 11), pct(5, 5), pct(5, 6), pct(10, 11),
             pct(7, 8), "2"]
    sau01 = ["SAU", "01", pct(6, 6), pct(6, 6), pct(6, 6), pct(5, 6), pct(5, 6), pct(5, 6),
             pct(8, 8), "3"]
    # as Table 5: ranked run by run, a team's runs not kept together
    assert body(out) == [dfki, sau02, sau01]
    assert dfki[2:5] == ["85.71", "100.00", "92.31"] and sau02[4] == "90.91"
    # Task 2-2 notes (no fj) belong to Table 9, not here
    assert "fj" not in out


def test_parseval2010_table9_total_f1(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    code, out, _ = run_table(gold, *systems, "--profile", "parseval2010", "--part", "2-2")
    assert code == 0
    assert header(out) == ["ID", "Sys-ID", "P", "R", "F1", "P", "R", "F1", "F1", "POS-A", "Rank"]
    # S_S: dj and vp (zj is in neither part): gold 4; no fj anywhere, so C_S F1 = 0 (0/0)
    # and Total F1 = (S_S F1 + 0) / 2
    rows = body(out)
    assert rows[0] == ["SAU", "01", "100.00", "100.00", "100.00", "0.00", "0.00", "0.00",
                       "50.00", "100.00", "1"]
    assert rows[1][:2] == ["DFKI", "C"]
    assert rows[1][2:5] == [pct(4, 5), pct(4, 4), pct(8, 9)]
    assert rows[1][8] == f"{f1(80.0, 100.0) / 2:.2f}"
    assert rows[2][:2] == ["SAU", "02"] and rows[2][8] == f"{f1(100.0, 75.0) / 2:.2f}"
    assert "C_S constituent P/R/F1" in out and "no fj constituent" in out


# -- ParsEval-2012, Table 4: SC, ULC, NoCross, LC, Tot4 per run; ranks per kind of system -----

PSG_GOLD = "(zj (dj (rNP 我们) (vp-LW (v 看) (n 书) ) ) (wE 。) )\n"
PSG_RUNS = {
    "5-CPBag": PSG_GOLD,
    # vp-LW (class 3) read as vp (class 1): LC 2/3; Tot4 (classes 1-4): 1/2 both ways
    "5-Bbag": "(zj (dj (rNP 我们) (vp (v 看) (n 书) ) ) (wE 。) )\n",
    # 书 tagged v (SC 3/4 words) and vp-LH: LC 2/3, Tot4 1/2
    "T6-a": "(zj (dj (rNP 我们) (vp-LH (v 看) (v 书) ) ) (wE 。) )\n",
    # no vp: 2 system constituents, both right; Tot4 P 1/1, R 1/2
    "T4-a": "(zj (dj (rNP 我们) (v 看) (n 书) ) (wE 。) )\n",
}
TEAMS = ("5-CPBag.psg\t5\tCPBag\tMultiple\n5-Bbag\t5\tBbag\tMultiple\n"
         "# a comment\nT6-a\t6\t\tSingle\nT4-a.psg\t4\t\tSingle\n")


def test_parseval2012_table4_ranks_within_each_kind_of_system(tmp_path):
    gold, *systems = write_runs(tmp_path, PSG_GOLD, PSG_RUNS, ".psg")
    (tmp_path / "teams.tsv").write_text(TEAMS, encoding="utf-8")
    # given Single runs first: the Multiple section (best run 100%) still comes first
    code, out, err = run_table(gold, systems[3], systems[2], systems[1], systems[0],
                               "--profile", "parseval2012", "--teams", tmp_path / "teams.tsv")
    assert code == 0, err
    assert header(out) == ["ID", "Sys_ID", "Models", "SC_F1", "ULC_P", "ULC_R", "ULC_F1",
                           "NoCross_P", "LC_P", "LC_R", "LC_F1", "Tot4_LC_P", "Tot4_LC_R",
                           "Tot4_LC_F1", "Rank"]
    full = "100.00%"
    two3 = f"{pct(2, 3)}%"
    assert body(out) == [
        ["5", "CPBag", "Multiple", *[full] * 11, "1"],
        ["5", "Bbag", "Multiple", full, full, full, full, full, two3, two3, two3,
         "50.00%", "50.00%", "50.00%", "2"],
        # T4-a: LC P 2/2, R 2/3, F1 = 2*1*(2/3)/(5/3) = 80%; Tot4 P 1/1, R 1/2, F1 2/3
        ["4", "T4-a", "Single", full, full, two3, "80.00%", full, full, two3, "80.00%",
         full, "50.00%", two3, "1"],
        ["6", "T6-a", "Single", f"{pct(3, 4)}%", full, full, full, full, two3, two3, two3,
         "50.00%", "50.00%", "50.00%", "2"],
    ]
    assert rules(out) == 3       # under the header, between the sections, at the end


def test_runs_by_a_team_file(tmp_path):
    gold, *systems = write_runs(tmp_path, PSG_GOLD, PSG_RUNS, ".psg")
    (tmp_path / "teams.tsv").write_text(TEAMS, encoding="utf-8")
    code, out, _ = run_table(gold, *systems, "--runs-by", tmp_path / "teams.tsv")
    assert code == 0
    assert [r[:3] for r in body(out)] == [["5", "CPBag", "Multiple"], ["5", "Bbag", "Multiple"],
                                          ["4", "T4-a", "Single"], ["6", "T6-a", "Single"]]


def test_parseval2012_class_table_labeled(tmp_path):
    gold, *systems = write_runs(tmp_path, PSG_GOLD, PSG_RUNS, ".psg")
    code, out, _ = run_table(gold, *systems, "--profile", "parseval2012", "--part", "lc")
    assert code == 0
    assert out.splitlines()[0].startswith("Evaluation results of the different classes")
    rows = {r[0]: r[1:] for r in body(out)}
    assert list(rows) == ["5-CPBag", "5-Bbag", "T6-a", "T4-a"]     # as given, unranked
    # 5-Bbag, class 1: system dj + vp (class 1 by its own label), 1 right -> P 50%;
    # gold class 1: dj, right -> R 100%; class 3: gold vp-LW not found -> R 0, P 0/0
    assert rows["5-Bbag"][0:3] == ["50.00%", "100.00%", f"{pct(2, 3)}%"]
    assert rows["5-Bbag"][6:9] == ["0.00%", "0.00%", "0.00%"]
    assert "5-Bbag: Class 2 P/R/F1, Class 3 P," in out


# -- SIGHAN-2012, Table 3: micro and macro P/R/F1 per run, ordered by participant --------------

SINICA_GOLD = ("S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|GP(NP(Na:報紙)|Ng:上)))\n"
               "S(agent:NP(Nh:我)|Head:VC:看|theme:NP(Na:書))\n")
# the paper's section 4 example (P 4/5, R 4/6) in sentence 1, sentence 2 right (3/3)
SINICA_PAPER = ("S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告)|location:PP(P:在|NP(Na:報紙|Nc:上)))\n"
                "S(agent:NP(Nh:我)|Head:VC:看|theme:NP(Na:書))\n")
SINICA_RUNS = {
    "NEU-Run1": SINICA_PAPER,
    # sentence 1 right (6/6), sentence 2 without NP(書): P 2/2, R 2/3
    "CYUT-Run1": SINICA_GOLD.splitlines()[0] + "\nS(agent:NP(Nh:我)|Head:VC:看|theme:Na:書)\n",
    "NEU-Run2": SINICA_PAPER,
}


def test_sighan2012_table3_micro_macro_teams_together(tmp_path):
    gold, *systems = write_runs(tmp_path, SINICA_GOLD, SINICA_RUNS, ".sinica")
    code, out, err = run_table(gold, *systems, "--profile", "sighan2012")
    assert code == 0, err
    assert header(out) == ["Submitted", "Runs", "Precision", "Recall", "F1", "Precision",
                           "Recall", "F1"]
    assert out.splitlines()[2].split() == ["Micro-averaging", "Macro-averaging"]
    # NEU: micro 7 right of 8 system / 9 gold; macro P (0.8 + 1) / 2, R (4/6 + 1) / 2
    mp, mr = (0.8 + 1) / 2, (4 / 6 + 1) / 2
    neu = [f"{7 / 8:.4f}", f"{7 / 9:.4f}", f"{14 / 17:.4f}", f"{mp:.4f}", f"{mr:.4f}",
           f"{f1(mp, mr):.4f}"]
    # CYUT: micro 8 / 8 / 9; macro P 1, R (1 + 2/3) / 2
    cp, cr = 1.0, (1 + 2 / 3) / 2
    cyut = [f"{8 / 8:.4f}", f"{8 / 9:.4f}", f"{16 / 17:.4f}", f"{cp:.4f}", f"{cr:.4f}",
            f"{f1(cp, cr):.4f}"]
    assert neu == ["0.8750", "0.7778", "0.8235", "0.9000", "0.8333", "0.8654"]
    # in the order given, each team's runs together (NEU-Run2 joins NEU-Run1), no rank
    assert body(out) == [["NEU-Run1", *neu], ["NEU-Run2", *neu], ["CYUT-Run1", *cyut]]
    assert rules(out) == 3       # a rule between NEU and CYUT


def test_sighan2012_csv_reads_back(tmp_path):
    gold, *systems = write_runs(tmp_path, SINICA_GOLD, SINICA_RUNS, ".sinica")
    code, out, _ = run_table(gold, *systems, "--profile", "sighan2012", "--output", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["Submitted Runs", "Micro-averaging Precision", "Micro-averaging Recall",
                       "Micro-averaging F1", "Macro-averaging Precision",
                       "Macro-averaging Recall", "Macro-averaging F1"]
    assert [r[0] for r in rows[1:]] == ["NEU-Run1", "NEU-Run2", "CYUT-Run1"]
    assert float(rows[3][3]) == pytest.approx(16 / 17, abs=5e-5)


def test_misaligned_system_gets_the_pairing_note(tmp_path):
    gold, *systems = write_runs(tmp_path, SINICA_GOLD, SINICA_RUNS, ".sinica")
    short = tmp_path / "short.sinica"
    short.write_text(SINICA_PAPER.splitlines()[0] + "\n", encoding="utf-8")
    code, out, err = run_table(gold, short, systems[0], "--profile", "sighan2012")
    assert code == 0
    assert (f"tcompare table: {gold} has 2 sentences, {short} has 1; sentences paired by "
            "their text: 1 same, 1 missing") in err
    # the missing sentence counts as no parse: micro 4 / 5 / 9; macro P (0.8 + 0) / 2,
    # R (4/6 + 0) / 2
    rows = {r[0]: r[1:] for r in body(out)}
    mp, mr = 0.4, (4 / 6) / 2
    assert rows["short"] == [f"{4 / 5:.4f}", f"{4 / 9:.4f}", f"{8 / 14:.4f}", f"{mp:.4f}",
                             f"{mr:.4f}", f"{f1(mp, mr):.4f}"]
    assert "short: 1 sentence(s) with no system sentence, counted as 0" in out


# -- CoNLL-X, Table 6: LAS, and the rank change by UAS and by LA ---------------------------

CONLL_GOLD = [[("A", "DT", 2, "NMOD"), ("cat", "NN", 3, "SBJ"), ("sat", "VBD", 0, "ROOT"),
               ("on", "IN", 3, "ADV"), ("mats", "NNS", 4, "PMOD")],
              [("Dogs", "NNS", 2, "SBJ"), ("bark", "VBP", 0, "ROOT"), ("at", "IN", 2, "ADV"),
               ("the", "DT", 5, "NMOD"), ("moon", "NN", 3, "PMOD")]]


def conll(changes: dict[tuple[int, int], tuple[int, str]]) -> str:
    lines = []
    for s, sentence in enumerate(CONLL_GOLD):
        for i, (form, pos, head, rel) in enumerate(sentence, 1):
            head, rel = changes.get((s, i), (head, rel))
            lines.append(f"{i}\t{form}\t_\t{pos}\t{pos}\t_\t{head}\t{rel}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def test_conllx_table6_rank_changes(tmp_path):
    runs = {"ONe": conll({(0, 1): (3, "NMOD"), (1, 1): (2, "OBJ"), (1, 4): (2, "OBJ")}),
            "Niv": conll({(0, 4): (3, "TMP"), (1, 1): (2, "OBJ")}),
            "McD": conll({(0, 1): (3, "NMOD")})}
    gold, *systems = write_runs(tmp_path, conll({}), runs, ".conll")
    code, out, err = run_table(gold, *systems)         # conllx chosen from the notation
    assert code == 0, err
    assert header(out) == ["Parser", "LAS", "UAS", "rank", "UAS", "LA", "rank", "LA"]
    # 10 scoring tokens.  McD: one head wrong -> LAS 9, UAS 9, LA 10.  Niv: two labels wrong
    # -> 8, 10, 8.  ONe: a head, a label, both on one token -> 7, 8, 8.
    # Ranks by LAS 1 2 3; by UAS Niv 1, McD 2, ONe 3; by LA McD 1, Niv and ONe 2 (tied).
    assert body(out) == [["McD", "90.0", "-1", "90.0", "=", "100.0"],
                         ["Niv", "80.0", "+1", "100.0", "=", "80.0"],
                         ["ONe", "70.0", "=", "80.0", "+1", "80.0"]]


# -- rendering ---------------------------------------------------------------------------

def sample_runs() -> list[campaign.Run]:
    def run(name: str, f: float) -> campaign.Run:
        team, r = campaign.split_name(name)
        return campaign.Run(name, team, r, metrics={"BC_P": f, "BC_R": f, "BC_F1": f,
                                                    "BCH_P": f - 1, "BCH_R": f - 1,
                                                    "BCH_F1": f - 1, "POS_A": 90.0})
    return [run("NCTU&NTUT-Run1", 80.0), run("A_B-run2", 70.0), run("NCTU&NTUT-Run2", 75.0)]


def test_latex_booktabs_escaped_with_rules_between_teams(tmp_path):
    lay = campaign.layout("parseval2010")
    table = campaign.arrange(sample_runs(), lay, order="team", title="Runs 100% & more")
    tex = render(table, "latex")
    assert r"\toprule" in tex and r"\bottomrule" in tex
    assert r"\multicolumn{3}{c}{B+C} & \multicolumn{3}{c}{B+C+H}" in tex
    assert r"\cmidrule(lr){3-5}\cmidrule(lr){6-8}" in tex
    assert r"NCTU\&NTUT & Run1 & 80.00" in tex and r"A\_B & run2" in tex
    assert r"\caption{Runs 100\% \& more}" in tex
    assert "``B+C+H''" in render(campaign.arrange(sample_runs(), lay), "latex")
    # one \midrule under the header and one between the two teams
    assert tex.count(r"\midrule") == 2
    assert tex.index("Run2") < tex.index(r"A\_B")      # the team's runs together
    if shutil.which("xelatex") is None:
        pytest.skip("xelatex not installed")
    doc = tmp_path / "t.tex"
    doc.write_text("\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n"
                   + tex + "\\end{document}\n", encoding="utf-8")
    done = subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", doc.name],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "t.pdf").stat().st_size > 1000


def test_markdown_table():
    table = campaign.arrange(sample_runs(), campaign.layout("parseval2010"))
    md = render(table, "markdown").splitlines()
    assert md[2] == ("| ID | Sys-ID | B+C P | B+C R | B+C F1 | B+C+H P | B+C+H R | B+C+H F1 "
                     "| POS-A | Rank |")
    assert md[3] == "|:---|:---|---:|---:|---:|---:|---:|---:|---:|---:|"
    assert md[4].startswith("| NCTU&NTUT | Run1 | 80.00 |")
    assert len(md) == 7


def test_team_order_ranks_teams_by_their_best_run():
    runs = [campaign.Run("B-1", "B", "1", metrics={"fmeasure": 80.0}),
            campaign.Run("A-1", "A", "1", metrics={"fmeasure": 70.0}),
            campaign.Run("A-2", "A", "2", metrics={"fmeasure": 90.0})]
    lay = campaign.layout("evalb")
    table = campaign.arrange(runs, lay)
    assert [(r[0], r[-1]) for r in table.rows] == [("A-2", "1"), ("A-1", "3"), ("B-1", "2")]
    assert table.sections == [2]
    table = campaign.arrange(runs, lay, order="rank")
    assert [r[0] for r in table.rows] == ["A-2", "B-1", "A-1"] and table.sections == []
    table = campaign.arrange(runs, lay, order="input")
    assert [r[0] for r in table.rows] == ["B-1", "A-1", "A-2"] and table.sections == [1]


@pytest.mark.parametrize("name, pattern, expected", [
    ("NEU-Run1", None, ("NEU", "Run1")),
    ("TEAM_2", None, ("TEAM", "2")),
    ("TEAM.closed", None, ("TEAM", "closed")),
    ("NCTU&NTUT-Run1", None, ("NCTU&NTUT", "Run1")),
    ("my_parser-run3", None, ("my_parser", "run3")),
    ("solo", None, ("solo", "")),
    ("baseline+tags", r"^(?P<team>[^+]+)\+(?P<run>.*)$", ("baseline", "tags")),
    ("SAU01", r"^([A-Z]+)", ("SAU", "01")),
])
def test_split_name(name, pattern, expected):
    assert campaign.split_name(name, pattern) == expected


def test_runs_by_regex_groups_runs(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    code, out, _ = run_table(gold, *systems, "--runs-by", r"^(?P<team>[A-Z]+)",
                             "--order", "team")
    assert code == 0
    # teams SAU (best run SAU-02, 90.91) and DFKI (92.31): DFKI first, then SAU's two runs
    assert [r[:2] for r in body(out)] == [["DFKI", "C"], ["SAU", "02"], ["SAU", "01"]]


def test_unreadable_system_is_a_row_of_slashes(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    missing = tmp_path / "GONE-1.tct"
    code, out, err = run_table(gold, systems[0], missing)
    assert code == 1
    assert "tcompare table: " in err and "GONE-1.tct" in err
    rows = body(out)
    assert rows[-1] == ["GONE*", "1", *["/"] * 8]
    assert any(line.startswith("* GONE-1: ") for line in out.splitlines())


def test_bad_team_file_names_file_and_line(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    teams = tmp_path / "teams.tsv"
    teams.write_text("SAU-01\tSAU\nlonely\n", encoding="utf-8")
    code, _, err = run_table(gold, *systems, "--teams", teams)
    assert code == 2
    assert f"{teams}:2:1: expected SYSTEM<TAB>TEAM" in err


# -- the figures are `tcompare score`'s --------------------------------------------------------

DEMO = Path(__file__).resolve().parent.parent / "resources" / "demo"


@pytest.mark.parametrize("gold, system, profile, keys", [
    ("ptb/gold.mrg", "ptb/system.mrg", "evalb", ("recall", "precision", "fmeasure",
                                                 "complete_match", "tagging_accuracy")),
    ("tct/gold.tct", "tct/system.tct", "parseval2010", ("BC_P", "BC_R", "BC_F1", "BCH_P",
                                                        "BCH_R", "BCH_F1", "POS_A")),
    ("tct2012/gold.psg", "tct2012/system.psg", "parseval2012", ("SC_F1", "ULC_P", "LC_F1",
                                                                "NoCross_P", "Tot4_LC_F1")),
    ("sinica/gold.sinica", "sinica/system.sinica", "sighan2012", ("micro_P", "micro_F1",
                                                                  "macro_R", "macro_F1")),
    ("conll/demo.gold.conll", "conll/demo.system.conll", "conllx", ("LAS", "UAS", "LA")),
])
def test_table_figures_are_the_scorers(gold, system, profile, keys, capsys):
    import json

    from tcompare import cli

    assert cli.main(["score", str(DEMO / gold), str(DEMO / system), "--profile", profile,
                     "--output", "json", "--summary-only"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    code, out, _ = run_table(DEMO / gold, DEMO / system, "--profile", profile,
                             "--output", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    lay = campaign.layout(profile)
    shown = {c.key: c for c in lay.columns}
    for key in keys:
        if key not in shown:
            continue
        c = shown[key]
        cell = rows[0][f"{c.group} {c.header}" if c.group else c.header].rstrip("%")
        assert float(cell) == pytest.approx(summary[key] * lay.scale, abs=0.6 * 10 ** -lay.digits)


def test_part_all_prints_each_table_csv_blocks(tmp_path):
    gold, *systems = write_runs(tmp_path, TCT_GOLD, TCT_RUNS, ".tct")
    code, out, _ = run_table(gold, *systems, "--part", "all", "--output", "csv")
    assert code == 0
    blocks = out.split("\n\n")
    assert len(blocks) == 2            # Tables 5 and 9 (no event bank: no Table 7)
    first = list(csv.reader(io.StringIO(blocks[0])))
    second = list(csv.reader(io.StringIO(blocks[1])))
    assert first[0][-3:] == ["B+C+H F1", "POS-A", "Rank"] and len(first) == 4
    assert second[0][-3:] == ["Total F1", "POS-A", "Rank"] and len(second) == 4


def test_unscored_sentences_are_named_under_the_table(tmp_path):
    gold = tmp_path / "gold.mrg"
    gold.write_text("(S (NP (DT The) (NN cat)) (VP (VBD sat)))\n"
                    "(S (NP (PRP It)) (VP (VBD ran)))\n", encoding="utf-8")
    system = tmp_path / "A-1.mrg"          # sentence 2 has a word too many: EVALB's error
    system.write_text("(S (NP (DT The) (NN cat)) (VP (VBD sat)))\n"
                      "(S (NP (PRP It)) (VP (VBD ran) (RB away)))\n", encoding="utf-8")
    code, out, _ = run_table(gold, system)
    assert code == 0
    # only sentence 1 counts: 3 brackets (S, NP, VP) right of 3, 3 words tagged right
    assert body(out) == [["A-1", "100.00", "100.00", "100.00", "100.00", "100.00", "1"]]
    assert "A-1: sentences left out of every figure: 1 error; the first: 2 (Length unmatch" in out


KUMMERFELD = (Path(os.environ.get("TCOMPARE_ANCHORS",
                                  Path(__file__).resolve().parents[2] / "shared" / "anchors"))
              / "evalb" / "real" / "kummerfeld_wsj01")


@pytest.mark.skipif(not KUMMERFELD.exists(), reason="anchors not available")
def test_thirteen_parsers_match_c_evalb(tmp_path):
    """13 parsers on WSJ 01 (Kummerfeld et al.'s analyser sample): every row is what the C
    EVALB printed for that parser (its .rsl files, COLLINS.prm)."""
    parsers = sorted(p.stem for p in KUMMERFELD.glob("*.mrg") if p.stem != "wsj01")
    code, out, err = run_table(KUMMERFELD / "wsj01.mrg", *(KUMMERFELD / f"{p}.mrg" for p in parsers),
                               "-p", KUMMERFELD.parent.parent / "COLLINS.prm", "--output", "csv")
    assert code == 0, err
    rows = {r["System"]: r for r in csv.DictReader(io.StringIO(out))}
    assert sorted(rows) == parsers
    labels = {"LR": "Bracketing Recall", "LP": "Bracketing Precision",
              "F1": "Bracketing FMeasure", "CM": "Complete match", "Tag": "Tagging accuracy"}
    for parser in parsers:
        rsl = (KUMMERFELD / f"{parser}.COLLINS.rsl").read_text().split("-- All --")[1]
        figures = {line.split("=")[0].strip(): line.split("=")[1].strip()
                   for line in rsl.splitlines() if "=" in line}
        for column, label in labels.items():
            assert rows[parser][column] == figures[label], (parser, column)
    # ranks: competition ranking by F1 (berkeley and bubs tie)
    f1s = {p: float(rows[p]["F1"]) for p in parsers}
    for p in parsers:
        assert int(rows[p]["Rank"]) == 1 + sum(f > f1s[p] for f in f1s.values())
    # charniak_basic and charniak_reranking are one team: next to each other
    order = list(rows)
    assert abs(order.index("charniak_basic") - order.index("charniak_reranking")) == 1


def test_parseval2010_table7_event_recognition(capsys):
    import json

    from tcompare import cli

    bank = DEMO.parent / "eventbank"
    assert cli.main(["score", str(bank / "gold.tct"), str(bank / "system.tct"), "--events",
                     str(bank / "events.txt"), "--output", "json", "--summary-only"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    code, out, err = run_table(bank / "gold.tct", bank / "system.tct", "--events",
                               bank / "events.txt", "--part", "events")
    assert code == 0, err
    assert header(out) == ["ID", "Sys-ID", "Micro-R", "Macro-R", "POS-A", "Rank"]
    # the bank holds 5 gold constructions, the system recognises 2 of them
    assert body(out) == [["system", "system", pct(2, 5), f"{summary['Macro_R']:.2f}",
                          f"{summary['POS_A']:.2f}", "1"]]


def test_sighan2012_part_follows_task(tmp_path):
    gold, *systems = write_runs(tmp_path, SINICA_GOLD, SINICA_RUNS, ".sinica")
    code, _, err = run_table(gold, *systems, "--part", "srl")
    assert code == 2 and "--part srl needs --task srl" in err
    code, out, _ = run_table(gold, *systems, "--task", "srl")
    assert code == 0 and out.startswith("Semantic role labeling results of Task 4-2")


def test_same_count_but_shifted_is_paired_by_text(tmp_path):
    """Sentence 1 dropped and another added at the end: as many sentences as the gold, but
    pairing by position would shift every one; paired by text (as tcompare score does)."""
    gold, *_ = write_runs(tmp_path, SINICA_GOLD, {}, ".sinica")
    shifted = tmp_path / "X-1.sinica"
    shifted.write_text(SINICA_GOLD.splitlines()[1] + "\nS(Head:VC:走)\n", encoding="utf-8")
    code, out, err = run_table(gold, shifted)
    assert code == 0
    assert "sentences paired by their text: 1 same, 1 missing, 1 extra" in err
    # sentence 2 right (3/3); sentence 1 missing (6 gold items); the extra one: 1 item (S)
    # wrong.  Micro: 3 right of 4 system / 9 gold
    row = body(out)[0]
    assert row[:4] == ["X-1", f"{3 / 4:.4f}", f"{3 / 9:.4f}", f"{6 / 13:.4f}"]


def test_system_names():
    assert table_cli.system_names(["a/NEU-Run1.sinica", "b/CYUT-Run1.sinica"], None) == \
        ["NEU-Run1", "CYUT-Run1"]
    assert table_cli.system_names(["x/run1/out.mrg", "x/run2/out.mrg"], None) == \
        ["run1/out", "run2/out"]
    assert table_cli.system_names(["x/out.mrg", "x/out.mrg"], None) == ["x/out#1", "x/out#2"]
    assert table_cli.system_names(["a", "b"], "A-1, B-1") == ["A-1", "B-1"]
    with pytest.raises(table_cli.TableError, match="--names gives 1 names for 2 systems"):
        table_cli.system_names(["a", "b"], "A-1")
