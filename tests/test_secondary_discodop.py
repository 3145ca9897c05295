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
from tcompare.scoring import function_tags, kept_tree, leaf_ancestor, secondary, ted

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
        ("func", 13, 60, True, True, False), ("contfunc", 14, 40, False, True, False),
        ("alpino", 15, 90, True, True, False)]
# heavy: longer sentences (up to 40 words), many pairs (`make test-all`)
HEAVY = [("long-disc", 21, 800, True, True, True, 40), ("long-cont", 22, 800, False, True, True, 40)]


def _params() -> dict:
    delete_labels, delete_words = set(), set()
    for line in PROPER.read_text(encoding="utf-8").splitlines():
        if line.startswith("DELETE_LABEL "):
            delete_labels.add(line.split(None, 1)[1])
        elif line.startswith("DELETE_WORD "):
            delete_words.add(line.split(None, 1)[1])
    return {"labels": frozenset(delete_labels), "words": frozenset(delete_words)}


def _alpino_pairs() -> tuple[str, str]:
    """disco-dop's own alpinosample.export (real trees: gaps, punctuation under ROOT, edge
    labels as function tags), each sentence with 30 perturbed parses."""
    from tcompare import formats

    trees = formats.read_file(SRC / "alpinosample.export", "export").items()
    return secondary_pairs.perturbed_copies(trees, 15, 30)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """name -> (gold trees, system trees, disco-dop's JSON), made when a test asks for it."""
    if not _usable():
        pytest.skip("disco-dop not built")
    folder = tmp_path_factory.mktemp("secondary")
    made: dict = {}

    def get(name: str):
        if name not in made:
            made[name] = _make(folder, next(s for s in SETS + HEAVY if s[0] == name))
        return made[name]
    return get


def _make(folder: Path, spec: tuple):
    name, seed, count, disc, funcs, empty = spec[:6]
    if name == "alpino":
        gold_text, sys_text = _alpino_pairs()
    else:
        gold_text, sys_text = secondary_pairs.pairs(seed, count, disc, funcs, empty,
                                                    *(spec[6:7] or []))
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
    return gtrees, strees, json.loads(result["stdout"])


def _category(node) -> str:
    return node.label.category


def _tag(token) -> str:
    return token.pos.split("-")[0] if "-" in token.pos[1:] else token.pos


def _bracket_functions(raw: str) -> tuple[str, ...]:
    """Function tags as disco-dop's (disc)bracket reader takes them from a label: after the
    first '-' unless only digits follow, trailing '=' and digits stripped ("NP-obj1" -> obj)."""
    x = raw.find("-")
    if x <= 0 or raw[x + 1:].isdigit():
        return ()
    func = raw[x + 1:].rstrip("=0123456789")
    return tuple(func.split("-")) if func not in ("", "--") else ()


def _word_functions(token) -> tuple[str, ...]:
    return _bracket_functions(token.pos)


def _phrase_functions(node) -> tuple[str, ...]:
    return _bracket_functions(node.label.raw)


def kept_pair(gold: Tree, system: Tree, params: dict):
    drop = kept_tree.dropped_positions(gold, tags=params["labels"], words=params["words"],
                                       tag=_tag)
    views = [kept_tree.keep(t, drop=drop, splice=params["labels"], label=_category, tag=_tag,
                            phrase_functions=_phrase_functions, word_functions=_word_functions)
             for t in (gold, system)]
    tags = [kept_tree.kept_tags(t, drop, tag=_tag) for t in (gold, system)]
    return views, tags


@needs_discodop
@pytest.mark.parametrize("name", [s[0] for s in SETS] + [
    pytest.param(s[0], marks=pytest.mark.heavy) for s in HEAVY])
def test_sentence_and_corpus_figures_equal_discodop(generated, name):
    params = _params()
    gtrees, strees, ref = generated(name)
    assert len(gtrees) == len(strees) == len(ref["sentences"])
    las, teds = [], []
    gold_fun_total = function_tags.Tally()
    rules = secondary.rules_for(None, {"param": {"DELETE_LABEL": params["labels"],
                                                 "DELETE_WORD": params["words"], "LABELED": 1}})
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
        # the production path (`tcompare score --secondary` with disco-dop's parameters)
        row = secondary.score_pair(g, s, rules, time_limit=None)
        assert row.la == la and row.ted == result, expected["key"]
        assert row.functions is not None and row.functions.gold == fun.gold \
            and row.functions.system == fun.system, expected["key"]
    # the pairs exercise what they claim to
    assert sum(1 for x in las if x is not None and x < 1) > len(las) // 3
    assert sum(1 for t in teds if t.distance) > len(teds) // 3
    assert (gaps > 20) == name.startswith(("disc", "func", "alpino", "long-disc"))
    if "func" in name or name == "alpino":
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
