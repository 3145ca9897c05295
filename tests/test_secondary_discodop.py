"""Leaf-ancestor, tree edit distance and function tags equal disco-dop's eval, sentence by
sentence and for the corpus, on generated continuous and discontinuous pairs (proper.prm:
punctuation deleted, ROOT deleted).  disco-dop runs once per file (cached by refcache);
the tests skip when $TCOMPARE_REFS/discodop is not built."""

from __future__ import annotations

import json
import os
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest

import refcache
import secondary_pairs
from tcompare.formats import read_text
from tcompare.model.tree import Tree
from tcompare.scoring import function_tags, kept_tree, leaf_ancestor, ted

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
DISCODOP = REFS / "discodop"
PYTHON = DISCODOP / "venv" / "bin" / "python"
SRC = DISCODOP / "src"
PROPER = SRC / "proper.prm"
HARNESS = Path(__file__).with_name("discodop_secondary_ref.py")


def _usable() -> bool:
    if not PYTHON.exists() or not PROPER.exists():
        return False
    probe = subprocess.run([str(PYTHON), "-c", "import discodop.eval"], cwd=SRC,
                           capture_output=True)
    return probe.returncode == 0


needs_discodop = pytest.mark.skipif(not _usable(), reason="disco-dop not built in $TCOMPARE_REFS")

# (name, seed, count, discontinuous, function tags, sentences of punctuation only allowed)
SETS = [("cont", 11, 80, False, False, True), ("disc", 12, 80, True, False, True),
        ("func", 13, 60, True, True, False), ("contfunc", 14, 40, False, True, False)]


def _params() -> dict:
    delete_labels, delete_words = set(), set()
    for line in PROPER.read_text(encoding="utf-8").splitlines():
        if line.startswith("DELETE_LABEL "):
            delete_labels.add(line.split(None, 1)[1])
        elif line.startswith("DELETE_WORD "):
            delete_words.add(line.split(None, 1)[1])
    return {"labels": frozenset(delete_labels), "words": frozenset(delete_words)}


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """name -> (gold trees, system trees, disco-dop's JSON)."""
    if not _usable():
        pytest.skip("disco-dop not built")
    folder = tmp_path_factory.mktemp("secondary")
    out = {}
    for name, seed, count, disc, funcs, empty in SETS:
        gold_text, sys_text = secondary_pairs.pairs(seed, count, disc, funcs, empty)
        gold, system = folder / f"{name}.gold", folder / f"{name}.sys"
        gold.write_text(gold_text, encoding="utf-8")
        system.write_text(sys_text, encoding="utf-8")
        fmt = "discbracket" if disc else "bracket"
        result = refcache.run(
            [str(PYTHON), str(HARNESS), str(gold), str(system), str(PROPER), fmt],
            program=HARNESS, inputs=[SRC / "discodop" / "eval.py", SRC / "discodop" / "treedist.py",
                                     gold, system, PROPER],
            options=[fmt], cwd=SRC, refs=REFS)
        assert result["returncode"] == 0, result["stderr"][-2000:]
        notation = "discbracket" if disc else "ptb"
        gtrees, strees = (read_text(t, notation).items() for t in (gold_text, sys_text))
        out[name] = (gtrees, strees, json.loads(result["stdout"]))
    return out


def _category(node) -> str:
    return node.label.category


def _tag(token) -> str:
    return token.pos.split("-")[0] if "-" in token.pos[1:] else token.pos


def _word_functions(token) -> tuple[str, ...]:
    if token.extra and token.extra.get("function"):
        return (token.extra["function"],)
    head, _, func = token.pos.partition("-")
    return (func,) if head and func else ()


def kept_pair(gold: Tree, system: Tree, params: dict):
    drop = kept_tree.dropped_positions(gold, tags=params["labels"], words=params["words"],
                                       tag=_tag)
    views = [kept_tree.keep(t, drop=drop, splice=params["labels"], label=_category, tag=_tag,
                            word_functions=_word_functions) for t in (gold, system)]
    tags = [kept_tree.kept_tags(t, drop, tag=_tag) for t in (gold, system)]
    return views, tags


@needs_discodop
@pytest.mark.parametrize("name", [s[0] for s in SETS])
def test_sentence_and_corpus_figures_equal_discodop(generated, name):
    params = _params()
    gtrees, strees, ref = generated[name]
    assert len(gtrees) == len(strees) == len(ref["sentences"])
    las, teds = [], []
    gold_fun_total = function_tags.Tally()
    gaps = 0
    for g, s, expected in zip(gtrees, strees, ref["sentences"]):
        (gv, sv), (gtags, stags) = kept_pair(g, s, params)
        gaps += sum(p.is_discontinuous for v in (gv, sv) if v for p in v.phrases())
        la = leaf_ancestor.sentence_score(gv, sv, params["labels"])
        assert (str(la) if la is not None else "NaN") == expected["la"], expected["key"]
        result = ted.sentence(gv, sv, params["labels"])
        assert (result.distance, result.denominator) == (expected["ted"], expected["denom"]), expected["key"]
        las.append(la)
        teds.append(result)
        gb, sb = (function_tags.brackets(v, params["labels"]) for v in (gv, sv))
        fun = function_tags.sentence(gv, sv, gb, sb, gtags, stags)
        assert function_tags.as_lists(fun.gold) == expected["goldfun"], expected["key"]
        assert function_tags.as_lists(fun.system) == expected["candfun"], expected["key"]
        gold_fun_total.add(fun)
    # the pairs exercise what they claim to
    assert sum(1 for x in las if x is not None and x < 1) > len(las) // 3
    assert sum(1 for t in teds if t.distance) > len(teds) // 3
    assert (gaps > 20) == name.startswith(("disc", "func"))
    if "func" in name:
        assert 0 < gold_fun_total.matched < min(gold_fun_total.gold, gold_fun_total.system)
    # corpus figures (printed by eval.py as %6.2f of 100 * value)
    assert [str(x) for x in las if x is not None] == [x for x in ref["lascores"] if x != "NaN"]
    summary = ref["summary"]
    corpus_la = leaf_ancestor.corpus_score(las)
    line = next(x for x in summary.splitlines() if x.startswith("leaf-ancestor:"))
    assert line == "leaf-ancestor:             " + _fmt(corpus_la)
    tally = ted.corpus(teds)
    if ref["dicenoms"] == "NaN":           # a sentence without words: disco-dop adds NaN
        assert tally.no_words and tally.dice is None
    else:
        assert not tally.no_words
        assert (tally.distance, tally.denominator) == (int(Decimal(ref["dicenoms"])),
                                                       int(Decimal(ref["dicedenoms"])))
    line = next(x for x in summary.splitlines() if x.startswith("tree-dist"))
    assert line == "tree-dist (Dice micro avg) " + _fmt(tally.dice)
    fun_lines = [x for x in summary.splitlines() if x.startswith("function tags:")]
    if gold_fun_total.system:
        assert fun_lines == ["function tags:             " + _fmt_f(gold_fun_total.f1)]
    else:
        assert fun_lines == []


def _fmt(value: Decimal | None) -> str:
    return "   nan" if value is None else "%6.2f" % (100 * value)


def _fmt_f(value: Decimal | None) -> str:
    return "   nan" if value is None else "%6.2f" % (100 * value)
