"""The grammar-induction profile: hand cases for each rule; the ``compound-pcfg`` variant
equal to Kim et al.'s compare_trees.py (harvardnlp/compound-pcfg, run as published with
stand-ins for its unused torch / nltk imports) and the ``prpn`` variant equal to Shen et al.'s
Ordered-Neurons code (tests/ordered_neurons_ref.py) on generated pairs.  The scripts are
looked up in $TCOMPARE_REFS/compound-pcfg and $TCOMPARE_REFS/ordered-neurons; those tests
skip when absent."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest

import refcache
from tcompare.entry import main
from tcompare.formats import read_text
from tcompare.formats.ptb import parse_tree
from tcompare.scoring import profiles
from tcompare.scoring.base import Status, Verdict
from tcompare.scoring.induction.spans import numpy_mean, prpn_sentence_f1

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
SCRIPT_DIR = REFS / "compound-pcfg"
STANDINS = Path(__file__).parent / "data" / "induction_standins"

PROFILE = profiles.get("grammar-induction")


def score(gold: str, system: str, **options):
    config = PROFILE.prepare(options)
    return PROFILE.score(parse_tree(gold), parse_tree(system), config), config


GOLD = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))) (. .)))"
SYSTEM = "(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat))) (. .)))"


def test_compound_pcfg_keeps_a_unary_whole_span_below_the_root():
    result, _ = score(GOLD, SYSTEM)
    # gold: S (all 7 words, under the TOP root: kept), NP 0-1, VP 2-5, PP 3-5, NP 4-5
    assert (result.counts["gold"], result.counts["system"], result.counts["matched"]) == (5, 4, 4)
    ignored = {i.group for i in result.gold_items if i.verdict is Verdict.IGNORED}
    assert ignored == {"whole-sentence span"}
    system_ignored = {i.ref: i.group for i in result.system_items if i.verdict is Verdict.IGNORED}
    assert system_ignored == {0: "whole-sentence span", 3: "one-word span"}   # TOP; VP 'sat'
    vp = next(i for i in result.gold_items if (i.start, i.end) == (2, 6))
    assert vp.verdict is Verdict.MISSING


def test_prpn_drops_punctuation_and_every_whole_span():
    result, _ = score(GOLD, SYSTEM, variant="prpn")
    # kept words: The cat sat on the mat (the '.' goes); spans: NP, VP, PP, NP / NP, PP, NP
    assert (result.counts["gold"], result.counts["system"], result.counts["matched"]) == (4, 3, 3)
    assert result.counts["words"] == 6
    assert result.scores["sentence_f1"] == 100 * prpn_sentence_f1(3, 4, 3)


def test_overrides_and_skips():
    result, _ = score(GOLD, SYSTEM, variant="prpn", single_words="keep", whole_span="keep")
    # + the whole span (TOP and S: one span), + a one-word span for each of the 6 kept words
    # (the system's VP over 'sat' is the same span as the word)
    assert (result.counts["gold"], result.counts["system"]) == (4 + 1 + 6, 3 + 1 + 6)
    assert result.counts["matched"] == 3 + 1 + 6
    one, _ = score("(S (NN Hi))", "(S (NN Hi))")
    assert one.status is Status.SKIP               # compound-pcfg skips one-word sentences
    long, _ = score(GOLD, SYSTEM, max_words=5)
    assert long.status is Status.SKIP


def test_prpn_sentence_f1_quirk_and_numpy_mean():
    # gold with no span: recall 1, precision 0 when the system has spans -> F1 ~ 0, not 0/0
    assert prpn_sentence_f1(0, 0, 0) == 2 * 1.0 * 1.0 / (2.0 + 1e-8)
    assert prpn_sentence_f1(0, 0, 2) == 0.0
    values = [random.Random(3).random() for _ in range(300)]
    np = pytest.importorskip("numpy")
    assert numpy_mean(values) == np.mean(np.array(values))


def test_strict_leaves_spanless_sentences_out_of_the_mean():
    config = PROFILE.prepare({"variant": "strict"})
    pairs = [(GOLD, SYSTEM), ("(S (NN a) (VB b))", "(S (NN a) (VB b))")]
    results = [PROFILE.score(parse_tree(g), parse_tree(s), config, i) for i, (g, s) in enumerate(pairs)]
    summary = PROFILE.aggregate(results, config)
    assert summary.metrics["sentence_f1"] == results[0].scores["f1"]
    assert round(summary.metrics["corpus_f1"], 4) == round(100 * 2 * 3 / (4 + 3), 4)


# -- against the published script -------------------------------------------------------------

def _tree(rng: random.Random, words: list[tuple[str, str]]) -> str:
    """A random (non-binary, unary chains allowed) tree over `words`."""
    forest = [f"({tag} {word})" for tag, word in words]
    while len(forest) > 1:
        k = rng.randint(1, min(3, len(forest)))
        at = rng.randrange(len(forest) - k + 1)
        forest[at:at + k] = [f"({rng.choice(['NP', 'VP', 'PP', 'S', 'X'])} {' '.join(forest[at:at + k])})"]
    top = forest[0]
    return f"(S {top})" if rng.random() < .5 else top


def _pairs(seed: int, count: int) -> tuple[str, str]:
    rng = random.Random(seed)
    gold, system = [], []
    for _ in range(count):
        n = rng.choice([1, 2, 3, 5, 8, 12, 14, 20])
        words = [(rng.choice(["NN", "VB", "DT", "JJ", ".", ","]), f"w{rng.randrange(9)}") for _ in range(n)]
        g = _tree(rng, words)
        if not g.startswith("(S "):
            g = f"(S {g})" if n > 1 else f"(S {g})"
        gold.append(g)
        system.append(_tree(rng, words) if rng.random() < .7 else g)
    return "\n".join(gold) + "\n", "\n".join(system) + "\n"


def _script() -> Path | None:
    script = SCRIPT_DIR / "compare_trees.py"
    return script if script.exists() and (SCRIPT_DIR / "utils.py").exists() else None


@pytest.mark.skipif(_script() is None, reason="compound-pcfg's compare_trees.py not in $TCOMPARE_REFS")
@pytest.mark.parametrize("seed, cutoff", [(1, 150), (2, 12)])
def test_compound_pcfg_variant_equals_compare_trees(tmp_path, seed, cutoff, capsys):
    pytest.importorskip("numpy")
    gold_text, sys_text = _pairs(seed, 120)
    gold, system = tmp_path / "gold.txt", tmp_path / "pred.txt"
    gold.write_text(gold_text, encoding="utf-8")
    system.write_text(sys_text, encoding="utf-8")
    script = _script()
    assert script is not None
    runner = ("import runpy, sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
              "sys.argv = [sys.argv[3]] + sys.argv[4:]; runpy.run_path(sys.argv[0], run_name='__main__')")
    ref = refcache.run([sys.executable, "-c", runner, str(STANDINS), str(SCRIPT_DIR), str(script),
                        "--tree1", str(gold), "--tree2", str(system), "--length_cutoff", str(cutoff)],
                       program=script, inputs=[SCRIPT_DIR / "utils.py", gold, system],
                       options=["compare_trees", str(cutoff)], cwd=tmp_path, refs=REFS)
    assert ref["returncode"] == 0, ref["stderr"][-1500:]
    m = re.search(r"Corpus F1: (\S+), Sentence F1: (\S+)", ref["stdout"])
    assert m, ref["stdout"]
    config = PROFILE.prepare({"max_words": cutoff})
    results = [PROFILE.score(g, s, config, i) for i, (g, s) in enumerate(
        zip(read_text(gold_text, "ptb").items(), read_text(sys_text, "ptb").items()))]
    summary = PROFILE.aggregate(results, config)
    assert "%.2f" % summary.metrics["corpus_f1"] == m.group(1)
    assert "%.2f" % summary.metrics["sentence_f1"] == m.group(2)
    skipped = sum(r.status is Status.SKIP for r in results)
    assert 0 < skipped < len(results)
    # the command line gives the same figures
    assert main(["score", str(gold), str(system), "--profile", "grammar-induction",
                 "--max-words", str(cutoff), "--summary-only"]) == 0
    text = capsys.readouterr().out
    assert f"corpus_f1                {m.group(1)}" in text
    assert f"sentence_f1              {m.group(2)}" in text


ON_DIR = REFS / "ordered-neurons"
ON_HARNESS = Path(__file__).with_name("ordered_neurons_ref.py")


@pytest.mark.skipif(not (ON_DIR / "test_phrase_grammar.py").exists() or not (ON_DIR / "data_ptb.py").exists(),
                    reason="Ordered-Neurons' test_phrase_grammar.py / data_ptb.py not in $TCOMPARE_REFS")
@pytest.mark.parametrize("seed", [3, 4])
def test_prpn_variant_equals_ordered_neurons_code(tmp_path, seed):
    pytest.importorskip("numpy")
    gold_text, sys_text = _pairs(seed, 120)
    gold, system = tmp_path / "gold.mrg", tmp_path / "pred.mrg"
    gold.write_text(gold_text, encoding="utf-8")
    system.write_text(sys_text, encoding="utf-8")
    ref = refcache.run([sys.executable, str(ON_HARNESS), str(STANDINS), str(ON_DIR), str(gold), str(system)],
                       program=ON_HARNESS, inputs=[ON_DIR / "test_phrase_grammar.py", ON_DIR / "data_ptb.py",
                                                   gold, system], options=["ordered-neurons"],
                       cwd=tmp_path, refs=REFS)
    assert ref["returncode"] == 0, ref["stderr"][-1500:]
    mean, count = ref["stdout"].split()
    config = PROFILE.prepare({"variant": "prpn"})
    results = [PROFILE.score(g, s, config, i) for i, (g, s) in enumerate(
        zip(read_text(gold_text, "ptb").items(), read_text(sys_text, "ptb").items()))]
    summary = PROFILE.aggregate(results, config)
    assert len(results) == int(count) and all(r.status is Status.VALID for r in results)
    assert summary.metrics["sentence_f1"] == 100 * float(mean)       # float for float
    assert "%.2f" % summary.metrics["sentence_f1"] == "%.2f" % (100 * float(mean))
