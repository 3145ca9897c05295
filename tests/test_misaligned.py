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
