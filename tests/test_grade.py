"""`tcompare grade` (issue 32 item 1): every figure equals `tcompare score` for that student,
the heat map and the mistakes equal a recomputation, bad submissions are named and graded
as missing, the rules, the gradebook CSV and the feedback files."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.analysis import grading
from tcompare.analysis.errors import analyse_pair
from tcompare.cli import main as cli_main
from tcompare.scoring import profiles

from grading_class import SINICA, make_class

KUMMERFELD = Path(__file__).resolve().parent.parent.parent / "shared" / "anchors" / "evalb" / \
    "real" / "kummerfeld_wsj01"
needs_wsj = pytest.mark.skipif(not KUMMERFELD.exists(), reason="anchors not available")
needs_sinica = pytest.mark.skipif(not SINICA.exists(), reason="anchors not available")


def run(capfd, *argv) -> tuple[int, str, str]:
    capfd.readouterr()
    code = cli_main([str(a) for a in argv])
    out, err = capfd.readouterr()
    return code, out, err


def score_json(capfd, gold, system, *extra) -> dict:
    code, out, err = run(capfd, "score", gold, system, "--output", "json", *extra)
    assert code == 0, err
    return json.loads(out)


def parsers() -> list[Path]:
    return sorted(p for p in KUMMERFELD.glob("*.mrg") if p.stem != "wsj01")


def wrong_by_profile(profile, sentence: dict) -> bool:
    """Not exactly right, recomputed from the JSON: not a plain valid pair, a table
    percentage below 100, or a crossing bracket."""
    if sentence["status"] != "valid":
        return True
    return any(v != 0 if k == "crossing" else v < 100.0
               for k, v in sentence["scores"].items() if k in profile.columns)


# -- the 13 WSJ01 parsers as 13 students --------------------------------------------------

@needs_wsj
def test_thirteen_parsers_graded_as_score_scores_them(capfd):
    gold = KUMMERFELD / "wsj01.mrg"
    code, out, err = run(capfd, "grade", gold, *parsers(), "--output", "json")
    assert code == 0, err
    graded = json.loads(out)
    assert [s["student"] for s in graded["students"]] == [p.stem for p in parsers()]
    profile = profiles.get("evalb")
    heat = []
    for path, student in zip(parsers(), graded["students"]):
        ref = score_json(capfd, gold, path)
        for key, value in student["summary"].items():
            assert ref["summary"][key] == value, (path.stem, key)
        assert {k for k in ref["summary"] if not k.startswith("unscored") and
                k != "recall_with_unscored"} == set(student["summary"])
        assert (student["sentences"], student["missing"], student["unreadable"]) == (10, 0, 0)
        by_gold = {s["pair"]["gold"][0]: s for s in ref["sentences"]}
        cells = [c["value"] for c in student["cells"]]
        assert cells == [by_gold[i]["scores"]["fmeasure"] for i in range(1, 11)]
        heat.append([not wrong_by_profile(profile, by_gold[i]) for i in range(1, 11)])
        assert student["grade"] == next(g for g, t in (("A", 90), ("B", 80), ("C", 70),
                                                       ("D", 60), ("F", 0))
                                        if ref["summary"]["fmeasure"] >= t)
    right = [sum(row[i] for row in heat) for i in range(10)]
    assert graded["right_counts"] == right
    assert graded["nobody_right"] == [i + 1 for i in range(10) if right[i] == 0]
    assert graded["nobody_right"] == [1, 2, 3, 5, 7, 8, 9, 10]     # as measured


@needs_wsj
def test_thirteen_parsers_mistakes_equal_tcompare_errors(capfd):
    """The class's error classes are the sum of `tcompare errors` over the students."""
    gold = KUMMERFELD / "wsj01.mrg"
    code, out, err = run(capfd, "grade", gold, *parsers(), "--output", "json")
    graded = json.loads(out)
    occurrences, brackets, who = Counter(), Counter(), {}
    for path in parsers():
        code, text, err = run(capfd, "errors", gold, path, "--output", "json")
        assert code == 0, err
        for row in json.loads(text)["counts"]:
            occurrences[row["category"]] += row["occurrences"]
            brackets[row["category"]] += row["brackets"]
            who.setdefault(row["category"], []).append(path.stem)
    got = {m["mistake"]: m for m in graded["mistakes"]}
    assert set(got) == set(occurrences)
    for name, m in got.items():
        assert (m["occurrences"], m["weight"], m["students"]) == \
            (occurrences[name], brackets[name], who[name])
    top = graded["mistakes"][0]
    assert (top["mistake"], top["occurrences"]) == ("Unary", 67)      # as measured


@needs_wsj
def test_evalb_submission_missing_broken_empty_and_changed_count_as_missing(tmp_path, capfd):
    """EVALB pairs by position, leaves unreadable and other-word sentences out and stops
    after 10 errors; grading pairs such a submission by text and counts the dropped (3),
    broken (5), changed (7) and empty (9) sentences as missing: the figures are recomputed
    here from the parser's own per-sentence counts."""
    gold = KUMMERFELD / "wsj01.mrg"
    full = KUMMERFELD / "berkeley.mrg"
    sources = [r.source for r in formats.read_file(full)]
    broken = sources[4].replace(")", "", 3).replace("(", "((", 1)
    changed = sources[6].replace("(NN ", "(NN x", 1)
    assert changed != sources[6]
    student = tmp_path / "student.mrg"
    student.write_text("".join(sources[:2] + sources[3:4] + [broken] + sources[5:6] + [changed]
                               + sources[7:8] + ["\n"] + sources[9:]))
    ref = score_json(capfd, gold, full)
    counts = {s["pair"]["gold"][0]: s["counts"] for s in ref["sentences"]}
    kept = [i for i in range(1, 11) if i not in (3, 5, 7, 9)]
    matched = sum(counts[i]["matched_brackets"] for i in kept)
    test = sum(counts[i]["test_brackets"] for i in kept)
    gold_total = sum(counts[i]["gold_brackets"] for i in range(1, 11))
    code, out, err = run(capfd, "grade", gold, student, "--output", "json")
    assert code == 0, err
    s = json.loads(out)["students"][0]
    assert (s["sentences"], s["missing"], s["unreadable"], s["mismatched"]) == (6, 2, 1, 1)
    assert s["summary"]["recall"] == pytest.approx(100 * matched / gold_total, abs=1e-12)
    assert s["summary"]["precision"] == pytest.approx(100 * matched / test, abs=1e-12)
    assert s["summary"]["matched_brackets"] == matched
    assert s["how"].startswith("paired by text")
    assert any(p.startswith(f"{student}:") for p in s["problems"])
    assert f"tcompare grade: student: unreadable: {student}:" in err
    assert "tcompare grade: student: not paired as handed in: gold sentence 7 / submitted " \
           "sentence 6: missing: gold sentence 7" in err
    assert [c["state"] for c in s["cells"]] == ["done", "done", "missing", "done", "unreadable",
                                                "done", "mismatch", "done", "missing", "done"]


# -- a Chinese class from perturbed Sinica trees -------------------------------------------

@needs_sinica
def test_sinica_class_every_figure_equals_score(tmp_path, capfd):
    gold, cls, expect = make_class(tmp_path)
    code, out, err = run(capfd, "grade", gold, cls, "--output", "json")
    assert code == 0, err
    graded = json.loads(out)
    assert graded["profile"] == "sighan2012"
    students = {s["student"]: s for s in graded["students"]}
    assert list(students) == sorted(expect)
    for name, want in expect.items():
        s = students[name]
        got = {k: s[k] for k in ("sentences", "missing", "unreadable", "mismatched", "extra")}
        assert got == {"sentences": want["done"], "missing": want["missing"],
                       "unreadable": want["unreadable"], "mismatched": want["mismatch"],
                       "extra": want["extra"]}, name
        states = [c["state"] for c in s["cells"]]
        for key, state in (("missing_at", "missing"), ("unreadable_at", "unreadable"),
                           ("mismatch_at", "mismatch")):
            if key in want:
                assert [i + 1 for i, st in enumerate(states) if st == state] == want[key], name
        if name == "fu":                      # the whole file: named, graded as nothing
            assert s["error"].startswith(f"{cls / 'fu.sinica'}:") and "cannot decode" in s["error"]
            assert s["grade"] == "F" and s["summary"] == {}
            continue
        ref = score_json(capfd, gold, cls / f"{name}.sinica")
        assert s["summary"] == ref["summary"], name
        by_gold = {}
        for sentence in ref["sentences"]:
            for i in sentence["pair"]["gold"][:1]:
                by_gold[i] = sentence
        for cell in s["cells"]:
            r = by_gold[cell["sentence"]]
            if cell["state"] in ("done", "missing", "unreadable", "mismatch"):
                assert cell["value"] == r["scores"]["F1"], (name, cell)
    dai = students["dai"]
    for number, column in expect["dai"]["bad_columns"].items():
        assert any(p.startswith(f"{cls / 'dai.sinica'}:{number}:{column}: ")
                   for p in dai["problems"]), dai["problems"]
    assert f"tcompare grade: dai: unreadable: {cls / 'dai.sinica'}:5:" in err
    assert "tcompare grade: gao: not paired as handed in: submitted sentence 8 pairs with no " \
           "gold sentence" in err
    assert "tcompare grade: gao: not paired as handed in: gold sentence 16" in err
    assert students["ann"]["grade"] == "A" and students["eve"]["grade"] == "F"


@needs_sinica
def test_sinica_class_heat_map_and_mistakes_recomputed(tmp_path):
    gold_path, cls, _ = make_class(tmp_path)
    profile = profiles.get("sighan2012")
    config = profile.prepare({})
    gold = formats.read_file(gold_path)
    paths = grading.collect_submissions([str(cls)], str(gold_path))
    graded = grading.grade_class(gold, paths, profile, config)
    # recomputed: each student's pairs by text, the repair search on every readable pair
    from tcompare.scoring.pairing import aligned_records

    occurrences = Counter()
    right = [0] * len(gold)
    for path in paths:
        try:
            system = formats.read_file(path, "sinica")
        except formats.ReadError:
            continue
        pairs, results = aligned_records(gold, system, profile, config)
        for pair, result in zip(pairs, results):
            if len(pair.gold) != 1 or len(pair.system) != 1 or pair.kind != "same":
                continue
            g, s = gold[pair.gold[0]], system[pair.system[0]]
            if s.error is not None or result.status.value != "valid":
                continue
            right[pair.gold[0]] += not profile.disagrees(result)
            for step in analyse_pair(pair.gold[0] + 1, g.item, s.item, "chinese", False).steps:
                occurrences[step.category] += 1
    assert graded.right_counts() == right
    assert {m.name: m.occurrences for m in graded.mistakes} == dict(occurrences)
    assert graded.mistakes and graded.mistakes[0].occurrences == max(occurrences.values())
    heat = graded.heat_map()
    assert len(heat) == len(gold) and all(len(row) == len(paths) for row in heat)


# -- rules -----------------------------------------------------------------------------------

def test_threshold_and_linear_rules():
    rule = grading.parse_thresholds("A:90,B:80,C:70,F:0")
    assert [rule.grade(v) for v in (100, 90, 89.999, 80, 70, 69.9, 0, None)] == \
        ["A", "A", "B", "B", "C", "F", "F", "F"]
    line = grading.parse_linear("50:0,95:20", step=0.5)
    assert [line.grade(v) for v in (0, 50, 72.5, 73.6, 95, 100)] == \
        ["0", "0", "10", "10.5", "20", "20"]
    assert grading.parse_linear("50:0,100:10").grade(75.555) == "5.11"
    with pytest.raises(grading.RuleError, match="add one at 0"):
        grading.parse_thresholds("A:90,B:80")
    with pytest.raises(grading.RuleError, match="not a number"):
        grading.parse_thresholds("A:ninety,F:0")
    with pytest.raises(grading.RuleError, match="must differ"):
        grading.parse_linear("50:0,50:20")


def test_rule_file(tmp_path):
    path = tmp_path / "rule.txt"
    path.write_text("# our course\nfigure recall\nlinear 40 1 100 6\nround 0.25\n")
    rule = grading.read_rule(str(path))
    assert rule.figure == "recall" and rule.grade(70) == "3.5" and rule.grade(10) == "1"
    path.write_text("threshold 85 pass\n  threshold 0 fail\n")
    assert grading.read_rule(str(path)).grade(85) == "pass"
    path.write_text("threshold 85 pass\n  treshold 0 fail\n")
    with pytest.raises(grading.RuleError, match=rf"{path}:2:3: expected"):
        grading.read_rule(str(path))


@needs_wsj
def test_gradebook_csv_and_linear_grade(tmp_path, capfd):
    gold = KUMMERFELD / "wsj01.mrg"
    rule = tmp_path / "rule.txt"
    rule.write_text("figure fmeasure\nlinear 50 0 100 20\nround 1\n")
    code, out, err = run(capfd, "grade", gold, KUMMERFELD / "berkeley.mrg",
                         KUMMERFELD / "collins.1.mrg", "--rule", rule, "--output", "csv",
                         "--names", "=Ann,Bo")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:7] == ["submission", "student", "sentences", "missing", "unreadable",
                           "mismatched", "extra"]
    assert rows[0][7:10] == ["fmeasure", "recall", "precision"] and rows[0][-1] == "grade"
    assert rows[1][1] == "'=Ann"            # a name a spreadsheet would run is made text
    f1 = float(rows[1][7])
    assert f1 == pytest.approx(89.67136150234742) and rows[1][-1] == f"{round((f1 - 50) / 50 * 20):g}"
    assert rows[2][-1] == "12"               # collins.1: F1 79.90 -> 11.96 -> 12


def test_usage_errors(tmp_path, capfd):
    gold = tmp_path / "g.mrg"
    gold.write_text("(S (NP (D the) (N cat)) (VP (V sat)))\n")
    code, _, err = run(capfd, "grade", gold, tmp_path / "nobody.mrg")
    assert code == 2 and "nobody.mrg: no such file or folder" in err
    code, _, err = run(capfd, "grade", gold, gold)
    assert code == 2 and "no submission to grade" in err
    (tmp_path / "s.mrg").write_text("(S (NP (D the) (N cat)) (VP (V sat)))\n")
    code, _, err = run(capfd, "grade", gold, tmp_path / "s.mrg", "--figure", "LAS")
    assert code == 2 and "figure 'LAS' is not one of profile evalb's" in err
    code, _, err = run(capfd, "grade", gold, tmp_path / "s.mrg", "--thresholds", "A:90")
    assert code == 2 and "add one at 0" in err
    (tmp_path / "empty.mrg").write_text("")
    code, _, err = run(capfd, "grade", tmp_path / "empty.mrg", tmp_path / "s.mrg")
    assert code == 1 and "empty.mrg holds no sentence to grade against" in err


# -- feedback files and the class summary ----------------------------------------------------

@needs_sinica
def test_feedback_levels_and_summary(tmp_path, capfd):
    gold, cls, _ = make_class(tmp_path)
    out_dir = {level: tmp_path / level for level in ("score", "items", "drawing")}
    for level, folder in out_dir.items():
        code, _, err = run(capfd, "grade", gold, cls, "--feedback", folder, "--level", level,
                           "--summary", tmp_path / "class.html")
        assert code == 0, err
        assert f"7 feedback files in {folder}" in err
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            f"{n}.feedback.html" for n in ("ann", "bo", "chen", "dai", "eve", "fu", "gao"))
    for level in out_dir:
        page = (out_dir[level] / "dai.feedback.html").read_text()
        assert "default-src 'none'" in page and "<script" not in page
        assert f"{cls / 'dai.sinica'}:5:" in page          # the syntax error, named
        assert ("Sentence by sentence" in page) == (level != "score")
        assert ("<svg" in page) == (level == "drawing")
    code, _, err = run(capfd, "grade", gold, cls, "--feedback", tmp_path / "zh", "--language",
                       "zh_CN", "--summary", tmp_path / "zh.html", "--language", "zh_CN")
    assert code == 0, err
    page = (tmp_path / "zh" / "bo.feedback.html").read_text()
    assert "<html lang='zh-CN'>" in page and "反馈：bo" in page and "跨度正确，标签错误" in page
    assert "right span" not in page and "Sentence by sentence" not in page
    summary = (tmp_path / "zh.html").read_text()
    assert "全班总结" in summary and "热图" in summary and "Heat map" not in summary
    items = (out_dir["items"] / "bo.feedback.html").read_text()
    assert "right span, wrong label" in items and ">VP " in items
    summary = (tmp_path / "class.html").read_text()
    assert "Heat map" in summary and "Most frequent mistakes" in summary
    heat = summary.split("<table class='heat'>")[1].split("</table>")[0]
    assert heat.count("<tr>") == 1 + 7 + 1        # the header, a row per student, "right"
    assert heat.count("<td") == 8 * 24


# -- dependencies: a real parser's output as students ------------------------------------------

MALT = KUMMERFELD.parent.parent.parent / "conllx" / "zh_gsd_malt"


def first_blocks(path: Path, n: int) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n\n")[:n]


@pytest.mark.skipif(not MALT.exists(), reason="anchors not available")
def test_dependency_class_confusions_and_missing_sentences(tmp_path, capfd):
    """UD Chinese GSD gold against MaltParser's real output (CoNLL-X, eval.pl's profile):
    the students that line up are graded exactly as `score`; the relation confusions and
    wrong heads are recomputed from `score --output json`'s arc verdicts; a student who
    dropped a sentence and broke another is paired by text, both counted as missing."""
    gold_blocks, malt_blocks = first_blocks(MALT / "gold.conll", 12), first_blocks(MALT / "system.conll", 12)
    gold = tmp_path / "gold.conll"
    gold.write_text("\n\n".join(gold_blocks) + "\n\n", encoding="utf-8")
    cls = tmp_path / "class"
    cls.mkdir()
    (cls / "malt.conll").write_text("\n\n".join(malt_blocks) + "\n\n", encoding="utf-8")
    (cls / "key.conll").write_text(gold.read_text(encoding="utf-8"), encoding="utf-8")
    broken = malt_blocks[5].split("\n")
    broken[2] = "\t".join(broken[2].split("\t")[:7])      # a row cut short: 7 columns of 10
    (cls / "late.conll").write_text("\n\n".join(malt_blocks[:3] + malt_blocks[4:5] + ["\n".join(broken)]
                                                + malt_blocks[6:]) + "\n\n", encoding="utf-8")
    code, out, err = run(capfd, "grade", gold, cls, "--output", "json")
    assert code == 0, err
    graded = json.loads(out)
    students = {s["student"]: s for s in graded["students"]}
    assert graded["profile"] == "conllx" and graded["figure"] == "LAS"
    confusions, heads = Counter(), Counter()
    for name in ("key", "malt"):
        ref = score_json(capfd, gold, cls / f"{name}.conll")
        for key, value in students[name]["summary"].items():
            assert ref["summary"][key] == value, (name, key)
        assert students[name]["how"] == "as tcompare score"
        for sentence in ref["sentences"]:
            system = {i["ref"]: i for i in sentence["system_items"]}
            for item in sentence["gold_items"]:
                if item["verdict"] == "wrong_label":
                    confusions[f"{item['label']} -> {system[item['partner']]['label']}"] += 1
                elif item["verdict"] in ("wrong_head", "wrong_both"):
                    heads[f"wrong head: {item['label']}"] += 1
    late = students["late"]
    assert (late["sentences"], late["missing"], late["unreadable"]) == (10, 1, 1)
    assert [c["state"] for c in late["cells"]][3:6] == ["missing", "done", "unreadable"]
    line = 1 + sum(b.count("\n") + 2 for b in malt_blocks[:3] + malt_blocks[4:5]) + 2
    assert any(p.startswith(f"{cls / 'late.conll'}:{line}:") and "7 columns" in p
               for p in late["problems"]), late["problems"]
    # late's figures by hand: malt's counts on the 10 sentences handed in over every gold token
    ref = score_json(capfd, gold, cls / "malt.conll")
    counts = [s["counts"] for s in ref["sentences"]]
    kept = [k for k in range(12) if k not in (3, 5)]
    both = sum(counts[k]["both_correct"] for k in kept)
    assert late["summary"]["LAS"] == pytest.approx(100 * both / ref["summary"]["tokens"], abs=1e-12)
    # mistakes: key has none; malt's and late's are the verdicts' (late's: its 10 sentences)
    for sentence in [s for k, s in enumerate(ref["sentences"]) if k in kept]:
        system = {i["ref"]: i for i in sentence["system_items"]}
        for item in sentence["gold_items"]:
            if item["verdict"] == "wrong_label":
                confusions[f"{item['label']} -> {system[item['partner']]['label']}"] += 1
            elif item["verdict"] in ("wrong_head", "wrong_both"):
                heads[f"wrong head: {item['label']}"] += 1
    got = {m["mistake"]: m["occurrences"] for m in graded["mistakes"]}
    assert got == dict(confusions + heads)
    assert all(m["students"] != ["key"] for m in graded["mistakes"])


def test_a_hostile_or_crashing_submission_is_named_and_the_class_graded(tmp_path, capfd,
                                                                      monkeypatch):
    gold = tmp_path / "g.mrg"
    tree = "(S (NP (D the) (N cat)) (VP (V sat)))\n"
    gold.write_text(tree * 3)
    (tmp_path / "a.mrg").write_text(tree * 3)
    (tmp_path / "huge.mrg").write_text(tree + "(S" + " (X a)" * 250_001 + ")\n" + tree)
    (tmp_path / "crash.mrg").write_text(tree * 3)
    from tcompare.scoring import runs

    real = runs.run

    def crashing(profile, g, system, *args, **kw):
        if system.path.endswith("crash.mrg"):
            raise RuntimeError("a bug in a profile")
        return real(profile, g, system, *args, **kw)

    monkeypatch.setattr(runs, "run", crashing)
    code, out, err = run(capfd, "grade", gold, tmp_path / "a.mrg", tmp_path / "huge.mrg",
                         tmp_path / "crash.mrg", "--output", "json")
    assert code == 0, err
    s = {x["student"]: x for x in json.loads(out)["students"]}
    assert s["a"]["summary"]["fmeasure"] == 100.0 and s["a"]["grade"] == "A"
    assert s["huge"]["error"].startswith(f"{tmp_path / 'huge.mrg'}:2:") and "grade" in s["huge"]["error"]
    assert s["crash"]["error"] == f"{tmp_path / 'crash.mrg'}: could not be scored " \
                                  "(RuntimeError: a bug in a profile)"
    assert s["crash"]["unreadable"] == 3 and s["crash"]["grade"] == "F"
    assert "tcompare grade: crash: cannot be graded: " in err
