"""`tcompare parse` with real parsers (issue 31's real check): spaCy English on the text of
the UD English-EWT test file and GiNZA on UD Japanese-GSD's, then `tcompare score --profile
conll18` equal to the official conll18_ud_eval.py on the same files -- the text report byte
for byte and every figure.  The parsers run in a subprocess (spaCy never loads into the test
process).  Skips cleanly without spaCy, the pipeline, the UD mirror or the official scorer
(`pip install -e .[real]`, `bash tools/refs.sh`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import real_data
from real_data import official_figures, official_text, real_parses, tcompare_json, tcompare_score

pytestmark = pytest.mark.slow


def gold_of(pair: str, tmp_path: Path, first: int | None = None) -> tuple[Path, str]:
    """The gold test file of real_parses' pair `pair` (its first `first` sentences), and
    the spaCy pipeline that parses its language; skips when either is not here."""
    why = real_parses.missing(pair)
    if why:
        pytest.skip(f"real parses: {why}")
    real_data.needs_conll18()
    spec = real_parses.SPECS[pair]
    text = real_parses.read_gold(spec.source)
    if first is not None:
        text = "".join(block + "\n\n" for block in text.strip("\n").split("\n\n")[:first])
    gold = tmp_path / f"{pair}.gold.conllu"
    gold.write_text(text, encoding="utf-8")
    module, _ = real_parses.pipeline_for(spec.lang)
    return gold, module


def parse(gold: Path, parser: str, *flags: str) -> tuple[Path, dict]:
    system = gold.with_name(gold.name.replace(".gold.", ".system."))
    done = subprocess.run([sys.executable, "-m", "tcompare", "parse", "--with", parser, "--json", "-q",
                           *flags, str(gold), "-o", str(system)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return system, json.loads(done.stdout)


def assert_equal_to_official(gold: Path, system: Path) -> dict:
    for flags in ([], ["-v"]):
        ref_code, ref_out, _ = official_text(gold, system, flags)
        code, out, _ = tcompare_score(gold, system, *flags)
        assert (code, out) == (ref_code, ref_out)
    official = official_figures(gold, system)
    assert real_data.differences(tcompare_json(gold, system), official) == []
    return official


@pytest.mark.parametrize("pair", ["ewt-test", pytest.param("ja-gsd-test", marks=pytest.mark.heavy)])
def test_raw_text_parse_scores_as_the_official_scorer(pair, tmp_path):
    gold, module = gold_of(pair, tmp_path)
    system, run = parse(gold, f"spacy:{module}", "--raw")
    assert run["missing"] == [] and run["mode"] == "raw"
    official = assert_equal_to_official(gold, system)
    # the parser found its own sentences and tokens: neither is the gold's exactly
    assert 0.5 < official["Sentences"]["f1"] < 1.0 and 0.9 < official["Tokens"]["f1"] < 1.0
    assert official["UAS"]["f1"] > 0.5


def test_gold_tokens_parse_keeps_tokens_and_sentences(tmp_path):
    gold, module = gold_of("ewt-test", tmp_path, first=300)
    system, run = parse(gold, f"spacy:{module}")
    assert run["system_sentences"] == run["gold_sentences"] == 300
    official = assert_equal_to_official(gold, system)
    assert official["Tokens"]["f1"] == official["Words"]["f1"] == official["Sentences"]["f1"] == 1.0
    # en_core_web_sm follows ClearNLP, not UD (copulas, auxiliaries head): about half agrees
    assert official["UAS"]["f1"] > 0.45


def test_ginza_by_its_short_name(tmp_path):
    gold, _ = gold_of("ja-gsd-test", tmp_path, first=20)
    system, run = parse(gold, "ginza")
    assert run["parser"] == "spacy:ja_ginza" and run["system_sentences"] == 20
    assert official_figures(gold, system)["Words"]["f1"] == 1.0
