"""``tcompare score --profile conll18`` against the official ``conll18_ud_eval.py`` on real
parser output: spaCy and GiNZA parses of UD test files, with the parser's own sentences,
tokens and sentence ids (tools/real_parses.py; tests/real_data.py gives the pairs).

For every pair: the text report (plain, ``-v`` and ``-c``) byte for byte, with the exit status and
the official error line; every figure of ``--output json`` equal to the official scorer's
own (imported, not read back from its two-decimal table); and the window's running total
(``tcompare GOLD SYS --totals FILE``) equal to the same figures.  The pairs and
the official scorer are not part of the repository: these tests skip cleanly without them
(``pip install -e .[real]``, ``bash tools/refs.sh``).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import real_data
from real_data import PAIR_NAMES, WHOLE_FILES, official_figures, official_text, real_pair, tcompare_json, \
    tcompare_score
from tcompare.workspace import LoadRequest, totals

# whole test files: English in `make test`, the other languages' (the same code on other
# scripts, 15 s more on 2 cores) in `make test-all`
PAIRS = [n if n not in WHOLE_FILES
         else pytest.param(n, marks=pytest.mark.slow) if n == "ewt-test"
         else pytest.param(n, marks=[pytest.mark.slow, pytest.mark.heavy]) for n in PAIR_NAMES]


def sentences(path: Path) -> list[dict]:
    """Each sentence's comments as {key: value} plus its word forms."""
    out = []
    for block in path.read_text(encoding="utf-8").strip("\n").split("\n\n"):
        comments, forms = {}, []
        for line in block.split("\n"):
            if line.startswith("# ") and " = " in line:
                key, value = line[2:].split(" = ", 1)
                comments[key] = value
            elif not line.startswith("#"):
                cols = line.split("\t")
                if cols[0].isdigit():
                    forms.append(cols[1])
        out.append({"comments": comments, "forms": forms})
    return out


# ------------------------------------------------------------------ the text report

@pytest.mark.parametrize("flags", [[], ["-v"], ["-c"]], ids=["plain", "verbose", "counts"])
@pytest.mark.parametrize("name", PAIRS)
def test_text_report_equals_official(name, flags):
    real_data.needs_conll18()
    pair = real_pair(name)
    ref_code, ref_out, ref_err = official_text(pair.gold, pair.system, flags)
    code, out, err = tcompare_score(pair.gold, pair.system, *flags)
    assert out == ref_out, f"{name} {flags}: the report differs from conll18_ud_eval.py"
    assert code == ref_code
    if ref_err:      # a refusal: our stderr is the traceback's last line(s)
        assert err and ref_err.endswith(err)
    else:
        assert err == ""


# ------------------------------------------------------------------ the JSON summary

@pytest.mark.parametrize("name", PAIRS)
def test_json_figures_equal_official(name):
    real_data.needs_conll18()
    pair = real_pair(name)
    ref = official_figures(pair.gold, pair.system)
    assert "error" not in ref, f"the official scorer refuses {name}: {ref.get('error')}"
    data = tcompare_json(pair.gold, pair.system)
    assert real_data.differences(data, ref) == []


@pytest.mark.parametrize("name", PAIRS)
def test_window_totals_equal_official(name, tmp_path):
    """The window's running total (`tcompare GOLD SYS --totals FILE`) on the same pairs."""
    real_data.needs_conll18()
    pair = real_pair(name)
    ref = official_figures(pair.gold, pair.system)
    totals = real_data.window_totals(pair.gold, pair.system, tmp_path)
    assert totals["profile"] == "conll18" and "refusal" not in totals
    assert real_data.differences(totals, ref) == []


def test_differences_names_each_figure_that_differs():
    """The comparison the window's totals will go through too: exact, and it says where."""
    official = {"Words": {"precision": 0.5, "recall": 1 / 3, "f1": 0.4, "aligned_accuracy": None,
                          "correct": 1, "gold": 3, "system": 2, "aligned": None},
                "LAS": {"precision": 0.5, "recall": 1 / 3, "f1": 0.4, "aligned_accuracy": 1.0,
                        "correct": 1, "gold": 3, "system": 2, "aligned": 1}}
    groups = {"Words": {"precision": 50.0, "recall": 100 * (1 / 3), "f1": 40.0, "aligned_accuracy": 0.0,
                        "correct": 1, "gold": 3, "system": 2},
              "LAS": {"precision": 50.0, "recall": 100 * (1 / 3), "f1": 40.0, "aligned_accuracy": 100.0,
                      "correct": 1, "gold": 3, "system": 2, "aligned": 1}}
    data = {"groups": groups, "summary": {"Words": 40.0, "LAS": 40.0}, "flags": ["Words.aligned_accuracy:0/0"]}
    assert real_data.differences(data, official) == []
    data["groups"]["LAS"]["recall"] = 33.33
    data["summary"]["Words"] = 40.01
    assert real_data.differences(data, official) == [
        "Words summary: 40.01, officially 40.0", f"LAS recall: 33.33, officially {100 * (1 / 3)!r}"]


# ------------------------------------------------------------------ the pairs are what they claim

@pytest.mark.parametrize("name", [n for n in PAIR_NAMES if n not in WHOLE_FILES])
def test_system_sentences_are_the_parsers_own(name):
    pair = real_pair(name)
    gold, system = sentences(pair.gold), sentences(pair.system)
    gold_text = "".join("".join(s["comments"]["text"].split()) for s in gold)
    system_text = "".join("".join(s["comments"]["text"].split()) for s in system)
    assert gold_text == system_text                   # the same raw text, re-segmented
    for s in system:
        assert "".join(s["forms"]) == "".join(s["comments"]["text"].split())
    ids = [s["comments"].get("sent_id") for s in system]
    if name.endswith("-noids"):
        assert ids == [None] * len(system)
        assert all("sent_id" not in s["comments"] for s in gold)
    else:
        assert ids == [f"doc1-s{i}" for i in range(1, len(system) + 1)]
        assert not set(ids) & {s["comments"]["sent_id"] for s in gold}


def test_join22_has_one_system_sentence_for_22_gold_ones():
    pair = real_pair("ewt-join22")
    first, last = pair.meta["joined_gold_sentences"]
    assert last - first + 1 == 22
    gold = sentences(pair.gold)
    joined = " ".join(s["comments"]["text"] for s in gold[first - 1:last])
    texts = [s["comments"]["text"] for s in sentences(pair.system)]
    assert " ".join(joined.split()) in texts


def test_moved_keeps_the_count_and_moves_one_boundary():
    pair = real_pair("ewt-moved")
    gold, system = sentences(pair.gold), sentences(pair.system)
    assert len(gold) == len(system)
    moved = pair.meta["moved_boundary"]["after_gold_sentence"]
    differ = [i for i, (g, s) in enumerate(zip(gold, system)) if g["comments"]["text"] != s["comments"]["text"]]
    assert differ == [moved - 1, moved]
    before, after = (s["comments"]["text"] for s in system[moved - 1:moved + 1])
    gold_before, gold_after = (g["comments"]["text"] for g in gold[moved - 1:moved + 1])
    assert before.startswith(gold_before + " ") and gold_after.endswith(" " + after)
    assert len(before.split()) - len(gold_before.split()) == pair.meta["moved_boundary"]["tokens_later"]


@pytest.mark.slow
def test_a_rebuild_gives_the_same_bytes(tmp_path):
    """The cache can be trusted: parsing again gives the same files."""
    pair = real_pair("ewt-doc")
    done = subprocess.run([sys.executable, str(real_data.TOOL), "--out", str(tmp_path), "ewt-doc"],
                          capture_output=True, text=True, check=True)
    fresh = json.loads(done.stdout)["ewt-doc"]
    assert Path(fresh["system"]).read_bytes() == pair.system.read_bytes()
    assert Path(fresh["gold"]).read_bytes() == pair.gold.read_bytes()
    assert re.fullmatch(r"[0-9a-f]{20}", Path(fresh["meta"]).parent.name)


# ------------------------------------------------------------------ every document on its own

@pytest.mark.slow
@pytest.mark.parametrize("name", ["ewt-test", pytest.param("ja-gsd-test", marks=pytest.mark.heavy)])
def test_every_document_equals_official(name):
    """Each document of the file (316 EWT documents of 1 to 81 sentences, 543 one-sentence
    GSD documents) as a pair of its own: text, -v, the JSON summary and the window's total."""
    real_data.needs_conll18()
    pair = real_pair(name)
    docs = real_data.documents(pair)
    official = real_data.official_documents(pair, docs)
    assert len(docs) == len(official) == {"ewt-test": 316, "ja-gsd-test": 543}[name]
    for doc, ref in zip(docs, official):
        where = f"{name} document {doc.number} ({doc.gold_id})"
        if "error" in ref:
            code, out, err = tcompare_score(doc.gold, doc.system)
            assert (code, out, err) == (1, "", ref["error"] + "\n"), where
            continue
        for flags, key in (([], "plain"), (["-v"], "verbose")):
            code, out, err = tcompare_score(doc.gold, doc.system, *flags)
            assert (code, out, err) == (0, ref[key], ""), f"{where} {flags}"
        data = tcompare_json(doc.gold, doc.system)
        assert real_data.differences(data, ref["figures"]) == [], where
        # the window's total, as --totals writes it (same loader and summary, in this process)
        window = totals.totals_json(totals.load(LoadRequest(str(doc.gold), [str(doc.system)], profile="conll18")))
        assert real_data.differences(window, ref["figures"]) == [], f"{where}: window"
