"""Inputs that do not line up (spec/metrics.md §7, issue 12.3-12.7): missing parses in every
notation, text checks, almost-right encodings, aligned JSON, the 0/0 rule."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from tcompare import formats
from tcompare.scoring import profiles
from tcompare.scoring.base import Status
from tcompare.scoring.pairing import aligned_records, is_no_parse, pair_records

pytestmark = pytest.mark.issue(12)

DEMO = ROOT / "resources" / "demo"


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def cli(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcompare", *map(str, args)], capture_output=True,
                          text=True, cwd=ROOT, env=env)


# -- missing parses: each form in each notation ---------------------------------------------------

# (notation, profile, gold file, the forms a parser writes for "no parse")
FORMS = [
    ("tct", "parseval2010", DEMO / "tct" / "gold.tct", ["", "[]", "[ ]"]),
    ("tct2012", "parseval2012", DEMO / "tct2012" / "gold.psg", ["", "()", "( )"]),
    ("pku", "parseval2010", DEMO / "pku" / "gold.pku", ["", "( )"]),
    ("sinica", "sighan2012", DEMO / "sinica" / "gold.sinica", ["", "S()", "S( )"]),
    ("ptb", "parseval2012", None, ["", "()", "( )", "(TOP ())"]),
]
PTB_GOLD = ["(zj (dj (rN 我) (vp (v 来))) (wE 。))", "(zj (dj (rN 你) (vp (v 去))) (wE 。))",
            "(zj (dj (rN 他) (vp (v 走))) (wE 。))"]


@pytest.mark.parametrize("notation,profile_name,gold_path,forms", FORMS, ids=[f[0] for f in FORMS])
def test_each_missing_parse_form_keeps_its_place_and_counts_zero(tmp_path, notation, profile_name,
                                                                 gold_path, forms):
    gold_lines = PTB_GOLD if gold_path is None else [l for l in lines(gold_path) if l.strip()][:3]
    gold_lines = gold_lines + gold_lines     # enough trees for the reader to see the file's style
    gold_file = tmp_path / f"gold.{notation}"
    gold_file.write_text("\n".join(gold_lines) + "\n", encoding="utf-8")
    gold = formats.read_file(gold_file, notation)
    profile = profiles.get(profile_name)
    config = profile.prepare({})
    full = profile.aggregate(pair_records(gold, gold, profile, config), config)
    for form in forms:
        system_file = tmp_path / f"system.{notation}"
        system_file.write_text("\n".join([gold_lines[0], form, *gold_lines[2:]]) + "\n",
                               encoding="utf-8")
        system = formats.read_file(system_file, notation)
        assert len(system) == len(gold), repr(form)
        assert is_no_parse(system[1].item) and system[1].error is None, repr(form)
        assert formats.corpus_bytes(system) == system_file.read_bytes()     # round trip
        for results in (pair_records(gold, system, profile, config),
                        aligned_records(gold, system, profile, config)[1]):
            assert [r.status for r in results] == [Status.VALID, Status.NO_PARSE] + [Status.VALID] * 4
            assert results[1].message.startswith("no parse")
            summary = profile.aggregate(results, config)
            # the gold items of the unparsed sentence stay in the recall denominator
            denominator = {"parseval2012": "lc_gold"}.get(profile_name, "gold")
            assert summary.counts[denominator] == full.counts[denominator] > 0
            assert summary.metrics["sentences"] == 6
            recall = {"parseval2010": "BC_R", "parseval2012": "LC_R", "sighan2012": "micro_R"}[profile_name]
            assert summary.metrics[recall] < 100.0
            assert results[1].scores[{"parseval2010": "BC_R", "parseval2012": "LC_R",
                                      "sighan2012": "R"}[profile_name]] == 0.0


def test_an_empty_conllu_block_is_no_parse(tmp_path):
    blocks = (DEMO / "conll" / "demo.gold.conllu").read_text(encoding="utf-8").split("\n\n")
    empty = "\n".join(l for l in blocks[1].split("\n") if l.startswith("#"))
    system_file = tmp_path / "s.conllu"
    system_file.write_text("\n\n".join([blocks[0], empty, *blocks[2:]]), encoding="utf-8")
    gold, system = formats.read_file(DEMO / "conll" / "demo.gold.conllu"), formats.read_file(system_file)
    assert len(system) == len(gold) and is_no_parse(system[1].item)
    profile = profiles.get("conllu")
    config = profile.prepare({})
    pairs, results = aligned_records(gold, system, profile, config)
    assert [p.kind for p in pairs] == ["same", "changed", "same"]
    assert results[1].status is Status.NO_PARSE and results[1].scores["LAS"] == 0.0
    # every gold word stays in the denominator (conllu scores punctuation too)
    assert profile.aggregate(results, config).metrics["tokens"] == sum(len(r.item.words) for r in gold)


def test_separator_style_file_counts_extra_blank_lines_as_missing_parses():
    trees = [l for l in lines(DEMO / "tct" / "gold.tct") if l.strip()][:4]
    text = trees[0] + "\n\n" + "\n\n" + trees[2] + "\n\n" + trees[3] + "\n"
    corpus = formats.read_text(text, "tct")
    assert len(corpus) == 4 and is_no_parse(corpus[1].item) and corpus[1].line == 3
    assert formats.format_corpus(corpus) == text


# -- text checks in the Chinese profiles --------------------------------------------------------

SINICA = "S(agent:NP(Nh:他)|Head:VC:刊登|theme:NP(DM:一則|Na:廣告))"


@pytest.mark.parametrize("profile_name,notation,gold,changed,resegmented", [
    ("parseval2010", "tct", "[dj 我们/rNP [vp 看/v 书/n ] ]", "[dj 你们/rNP [vp 看/v 书/n ] ]",
     "[dj 我/rN 们/k [vp 看/v 书/n ] ]"),
    ("parseval2012", "tct2012", "(dj (rNP 我们) (vp (v 看) (n 书)))", "(dj (rNP 你们) (vp (v 看) (n 书)))",
     "(dj (rN 我) (k 们) (vp (v 看) (n 书)))"),
    ("sighan2012", "sinica", SINICA, SINICA.replace("廣告", "廣吿"), SINICA.replace("DM:一則", "Neu:一|Nf:則")),
])
def test_other_characters_are_an_error_naming_both_texts(profile_name, notation, gold, changed, resegmented):
    profile = profiles.get(profile_name)
    config = profile.prepare({})
    g = formats.read_text(gold + "\n", notation)[0].item
    result = profile.score(g, formats.read_text(changed + "\n", notation)[0].item, config, 1)
    assert result.status is Status.ERROR and "different text" in result.message
    assert {"gold", "system"} <= set(result.message.split()) or "vs system" in result.message
    gold_text = "".join(t.form for t in g.tokens)
    assert gold_text[:6] in result.message
    other = formats.read_text(resegmented + "\n", notation)[0].item
    result = profile.score(g, other, config, 1)
    if profile_name == "sighan2012":      # compares on character offsets: scored
        assert result.status is Status.VALID
    else:
        assert result.status is Status.ERROR and "jp-evalb" in result.message


# -- almost-right encodings --------------------------------------------------------------------

@pytest.mark.parametrize("encoding,notation,profile_name", [
    ("utf-8", "tct", "parseval2010"), ("gb18030", "tct", "parseval2010"), ("big5", "sinica", "sighan2012")])
def test_a_bad_byte_is_an_error_sentence_and_the_rest_is_scored(tmp_path, encoding, notation, profile_name):
    if notation == "sinica":
        trees = [SINICA, SINICA.replace("他", "你"), SINICA.replace("他", "我"), SINICA.replace("他", "她")]
        codec = "cp950"
    else:
        trees = [f"[dj {w}/rN [vp 看/v 书/n ] ]" for w in "我你他她"]
        codec = encoding
    data = "\n".join(trees).encode(codec) + b"\n"
    at = data.index("你".encode(codec))
    bad = data[:at] + b"\xff" + data[at + len("你".encode(codec)):]
    gold, system = tmp_path / f"g.{notation}", tmp_path / f"s.{notation}"
    gold.write_bytes(data)
    system.write_bytes(bad)
    proc = cli("score", "--profile", profile_name, gold, system, "--output", "json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    statuses = [s["status"] for s in out["sentences"]]
    # an unreadable system sentence counts its gold items as missing (spec/metrics.md §11)
    assert statuses == ["valid", "missing", "valid", "valid"]
    message = out["sentences"][1]["message"]
    bad_line = bad.split(b"\n")[1]
    column = len(bad_line[:bad_line.index(b"\xff")].decode(codec)) + 1   # in characters
    assert f"{system}:2:{column}:" in message and "0xff" in message and encoding in message
    assert "cannot be read" in message
    assert out["summary"]["sentences"] == 4
    # the explicit --encoding is honoured too
    proc = cli("score", "--profile", profile_name, "--encoding", encoding, gold, system, "--output", "json")
    assert [s["status"] for s in json.loads(proc.stdout)["sentences"]] == statuses


# -- aligned JSON ---------------------------------------------------------------------------------

def test_dropped_sentence_is_missing_in_json_and_nothing_shifts(tmp_path):
    gold = DEMO / "tct" / "gold.tct"
    system = tmp_path / "s.tct"
    kept = [l for i, l in enumerate(lines(DEMO / "tct" / "system.tct")) if i != 1]
    system.write_text("\n".join(kept) + "\n", encoding="utf-8")
    proc = cli("score", "--profile", "parseval2010", gold, system, "--output", "json")
    out = json.loads(proc.stdout)
    assert out["alignment"][1] == {"gold": [2], "system": [], "kind": "missing"}
    assert [p["kind"] for p in out["alignment"]].count("same") == len(out["alignment"]) - 1
    assert out["sentences"][1]["status"] == "missing" and out["sentences"][1]["scores"]["BC_R"] == 0
    full = json.loads(cli("score", "--profile", "parseval2010", gold, DEMO / "tct" / "system.tct",
                          "--output", "json").stdout)
    # every other sentence scores exactly as in the complete run
    for i in (0, 2, 3, 4):
        assert out["sentences"][i]["scores"] == full["sentences"][i]["scores"]
    assert "1 missing" in proc.stderr


def test_merged_conllu_words_are_refused_naming_conll18_and_the_rest_stays(tmp_path):
    gold = DEMO / "conll" / "demo.gold.conllu"
    blocks = gold.read_text(encoding="utf-8").split("\n\n")
    merged = "\n".join(["# sent_id = demo-en-1", "# text = She cannot come.",
                        "1\tShe\tshe\tPRON\tPRP\t_\t3\tnsubj\t_\t_",
                        "2\tcannot\tcan\tAUX\tMD\t_\t3\taux\t_\t_",
                        "3\tcome\tcome\tVERB\tVB\t_\t0\troot\t_\t_",
                        "4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_"])
    system = tmp_path / "s.conllu"
    system.write_text("\n\n".join([merged, blocks[2]]), encoding="utf-8")   # sentence 2 dropped
    out = json.loads(cli("score", "--profile", "conllu", gold, system, "--output", "json").stdout)
    assert [p["kind"] for p in out["alignment"]] == ["same", "missing", "same"]
    first, second, third = out["sentences"]
    # words that differ: counted as a missing parse, naming the profile that aligns them
    assert first["status"] == "missing" and "conll18" in first["message"]
    assert first["scores"]["LAS"] == 0 and first["counts"]["tokens"] > 0
    assert second["status"] == "missing" and second["scores"]["LAS"] == 0
    assert third["status"] == "valid" and third["scores"]["LAS"] == 100.0


def test_evalb_reference_output_is_unchanged_and_json_is_aligned(tmp_path):
    anchors = ROOT.parent / "shared" / "anchors" / "evalb"
    if not (anchors / "sample.gld").exists():
        pytest.skip("anchors not present")
    gold = tmp_path / "g.gld"
    system = tmp_path / "s.tst"
    gold_lines = [f"(S (NP (DT w{i}) (NN x{i})) (VP (VBD y{i})))" for i in range(6)]
    gold.write_text("\n".join(gold_lines) + "\n")
    system.write_text("\n".join(gold_lines[:2] + gold_lines[3:]) + "\n")
    plain = cli("score", gold, system)
    assert "Number of lines unmatch" in plain.stderr and "jp-evalb" not in plain.stderr
    hinted = cli("score", gold, system, env={**os.environ, "TCOMPARE_HINTS": "1"})
    assert hinted.stdout == plain.stdout and hinted.stderr.startswith(plain.stderr)
    assert "--output json" in hinted.stderr and "jp-evalb" in hinted.stderr
    # the JSON pairs as EVALB does (line by line, up to the shorter file's end) and its
    # summary is the report's; what EVALB left out is counted apart (spec/metrics.md §11)
    out = json.loads(cli("score", gold, system, "--output", "json").stdout)
    assert [p["kind"] for p in out["alignment"]] == ["same", "same", "changed", "changed",
                                                     "changed", "missing"]
    assert [s["pair"]["gold"] for s in out["sentences"]] == [[1], [2], [3], [4], [5], [6]]
    report = plain.stdout
    assert f"Number of sentence        =      {out['summary']['sentences']}" in report
    assert out["summary"]["recall"] == 100.0 and out["summary"]["valid_sentences"] == 2
    assert out["summary"]["unscored_sentences"] == [3, 4, 5, 6]
    assert out["summary"]["unscored_gold_items"] == 4 * 3
    assert out["summary"]["recall_with_unscored"] == pytest.approx(100 * 6 / 18)


# -- the 0/0 rule ------------------------------------------------------------------------------------

def test_zero_over_zero_is_zero_and_flagged_never_null(tmp_path):
    tree = "[zj [dj 我/rN [vp 看/v 书/n ] ] 。/wE ]"     # no fj on either side: C_S is 0/0
    gold = tmp_path / "g.tct"
    gold.write_text(tree + "\n", encoding="utf-8")
    proc = cli("score", "--profile", "parseval2010", gold, gold, "--output", "json")
    out = json.loads(proc.stdout)
    assert out["summary"]["C_S_F1"] == 0 and "C_S_F1:0/0" in out["flags"]
    assert out["sentences"][0]["scores"]["C_S_P"] == 0 and "C_S_P:0/0" in out["sentences"][0]["flags"]
    assert "null" not in proc.stdout
    text = cli("score", "--profile", "parseval2010", gold, gold).stdout
    assert "0/0" in text and "C_S_F1" in text.splitlines()[-1]
