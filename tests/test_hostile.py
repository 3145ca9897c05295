"""Hostile input, small sizes: no recursion on deep trees, bounded searches, linear readers.

The whole matrix (8 notations x 23 kinds of hostile file x 10 commands, full sizes) is
`make robustness` (tools/robustness.py); these are its fast regression tests.  Where the
defect was a growth rate, the test counts operations or compares an input with one four
times its size, loosely.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from io import StringIO

import pytest

from tcompare import formats
from tcompare.analysis import errors as error_analysis
from tcompare.analysis.errors import search
from tcompare.cli import errors as cli_errors

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent / "tools"))
import robustness  # noqa: E402

pytestmark = pytest.mark.issue(34)

CONSTITUENCY = ["ptb", "ccgauto", "pku", "sinica", "tct", "tct2012"]
CHINESE = ("pku", "sinica", "tct", "tct2012")


def _corpus(notation: str, text: str):
    return formats.get(notation).parse(text, f"x.{notation}")


def _label(notation: str, name: str) -> str:
    return name.lower() if notation in ("pku", "tct", "tct2012") else name


@pytest.mark.parametrize("notation", CONSTITUENCY)
def test_errors_on_a_tree_deeper_than_the_recursion_limit(notation):
    # depth 1,500 against itself and against a one-word tree: RecursionError in rtree.build before
    writer = robustness.WRITERS[notation]
    deep = _corpus(notation, writer.deep(1500, _label(notation, "NP")))
    word = _corpus(notation, writer.deep(1, _label(notation, "NP")))
    assert deep[0].error is None
    language = "chinese" if notation in CHINESE else "english"
    same = error_analysis.analyse_corpora(deep, deep, language, trees=True)
    assert [s.status for s in same.sentences] == ["ok"]
    assert same.sentences[0].steps == []
    assert same.sentences[0].gold.count("(") >= 1501
    assert same.sentences[0].gold == same.sentences[0].system
    against = error_analysis.analyse_corpora(deep, word, language)
    assert [s.status for s in against.sentences] == ["no-path"]


def test_the_cleaned_tree_is_the_same_as_before_on_a_real_sentence():
    text = ("(TOP (S (NP-SBJ-1 (DT The) (NN cat)) (VP (VBD sat) (-NONE- *T*) (PRT (RP down)) "
            "(PP (IN on) (NP (DT the) (NN mat)))) (. .)))")
    from tcompare.formats.ptb import parse_tree

    tree = error_analysis.from_model(parse_tree(text))
    assert str(tree) == ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat) (ADVP (RP down)) "
                         "(PP (IN on) (NP (DT the) (NN mat))))))")
    assert str(tree) == str(error_analysis.from_ptb_text(text))
    assert str(tree.clone()) == str(tree)
    assert [(n.label, n.s, n.e) for n in tree.clone()] == [(n.label, n.s, n.e) for n in tree]


def _comb(depth: int, label: str) -> str:
    return robustness.WRITERS["ptb"].comb(depth, label)


def test_the_repair_search_stops_at_its_work_budget(monkeypatch):
    # two right-branching trees whose every label differs: at depth 500 hours before (the
    # moves a round weighs grow with depth times breadth), now a counted budget
    monkeypatch.setattr(search, "WORK_BUDGET", 100_000)
    gold = error_analysis.from_ptb_text(_comb(200, "NP"))
    system = error_analysis.from_ptb_text(_comb(200, "VP"))
    result = search.repair(gold, system)
    assert result.stopped
    assert search.WORK_BUDGET < result.work <= search.WORK_BUDGET + 1000
    # a small pair is searched to its end, within a small budget
    gold = error_analysis.from_ptb_text(_comb(8, "NP"))
    system = error_analysis.from_ptb_text(_comb(8, "VP"))
    result = search.repair(gold, system)
    assert not result.stopped and result.steps is not None and len(result.steps) == 8
    assert result.work < 5000


def test_a_stopped_search_is_listed_as_such(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "WORK_BUDGET", 2000)
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(_comb(30, "NP") + "(TOP (S (NN a) (NN b)))\n")
    system.write_text(_comb(30, "VP") + "(TOP (S (NN a) (NN b)))\n")
    out = StringIO()
    assert cli_errors.main([str(gold), str(system)], out, StringIO()) == 0
    text = out.getvalue()
    assert "# sentences: 2, analysed 1 (left out: search stopped 1)" in text
    assert "# sentence 1: search stopped: 0 steps" in text
    out = StringIO()
    assert cli_errors.main([str(gold), str(system), "--output", "json"], out, StringIO()) == 0
    first = json.loads(out.getvalue())["sentences"][0]
    assert first == {"sentence": 1, "status": "search-stopped", "message": "search stopped: 0 steps"}


def test_the_report_names_a_stopped_search(tmp_path, monkeypatch):
    monkeypatch.setattr(search, "WORK_BUDGET", 2000)
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text(_comb(30, "NP"))
    system.write_text(_comb(30, "VP"))
    from tcompare.cli import report as cli_report

    out = tmp_path / "r.html"
    assert cli_report.main([str(gold), str(system), "-o", str(out), "--jobs", "1"]) == 0
    html = out.read_text()
    assert "no repair needed" not in html
    assert "left out: search-stopped 1" in html
    assert "sentence 1: search stopped: 0 steps" in html


def _best_time(fn, repeat: int = 3) -> float:
    best = float("inf")
    gc.collect()
    gc.disable()            # a collection landing in one run only would blur the ratio
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
    finally:
        gc.enable()
    return best


def _linear(make, run, small: int, factor: int = 8, slack: float = 4.0) -> tuple[float, float]:
    """(time for ``small``, time for ``factor`` times it); asserts growth well below quadratic
    (a quadratic step grows ``factor`` squared: 64 times for 8 times the input; the bound,
    32 times, leaves room for a loaded machine: best of three runs on both sides)."""
    a, b = make(small), make(small * factor)
    t_small = max(_best_time(lambda: run(a)), 1e-3)
    t_big = _best_time(lambda: run(b))
    assert t_big < factor * slack * t_small, (t_small, t_big)
    return t_small, t_big


def _read_all(notation: str, text: str) -> None:
    corpus = formats.get(notation).parse(text, "x")
    for record in corpus.records:
        record.source  # noqa: B018


def _first_sentence(notation: str) -> str:
    good = robustness.GOOD[notation].read_text()
    if notation.startswith("conll"):
        return good.split("\n\n")[0] + "\n"
    lines = good.splitlines(keepends=True)
    return "".join(lines[:2]) if notation == "ccgauto" else lines[0]


@pytest.mark.parametrize("notation", robustness.NOTATIONS)
def test_readers_are_linear_in_blank_lines(notation):
    # a tree, then many blank lines (kept in its source); blank lines before any tree (the
    # prolog): each was added to a string one at a time (PKU, Sinica, TCT, TCT-2012, PTB, CCG)
    first = _first_sentence(notation)
    _linear(lambda n: first + "\n" * n, lambda text: _read_all(notation, text), 50_000)
    _linear(lambda n: "\r\n" * n + first, lambda text: _read_all(notation, text), 50_000)
    if notation == "ptb":   # a tree over two lines: the reader's tree mode
        _linear(lambda n: "(TOP\n  (NN a))\n" + "\n" * n, lambda text: _read_all(notation, text),
                50_000)
    text = first + "\n" * 1000
    corpus = formats.get(notation).parse(text, "x")
    assert corpus.prolog + "".join(r.source for r in corpus.records) + corpus.epilog == text


def test_dependency_words_are_built_once_per_change():
    # callers ask for `words` once per word (the search output, the dependency view): it was
    # rebuilt each time, quadratic on a 10^5-word sentence
    sentence = formats.get("conllu").parse(robustness.WRITERS["conllu"].deep(50), "x")[0].item
    first = sentence.words
    assert sentence.words is first and len(first) == 50
    sentence.rows.append(type(sentence.rows[0])("51", "w51", head="50", deprel="dep"))
    assert len(sentence.words) == 51
    sentence.rows = sentence.rows[:10]
    assert [w.id for w in sentence.words] == [str(i) for i in range(1, 11)]
    copy = sentence.copy()
    assert copy.words is not sentence.words and [w.id for w in copy.words] == [w.id for w in sentence.words]


@pytest.mark.parametrize("notation,kind,expected", [
    ("conllu", "deep", "sentence 1: the sentence is 600 levels deep; a drawing holds at most 500"),
    ("ptb", "deep", "sentence 1: the sentence is 601 levels deep; a drawing holds at most 500"),
    ("ccgauto", "flat", "sentence 1: the sentence has 2,500 words; a drawing holds at most 2,000"),
    ("tct", "flat", "sentence 1: the sentence has 2,500 words; a drawing holds at most 2,000"),
])
def test_export_refuses_what_it_cannot_draw(tmp_path, notation, kind, expected):
    from tcompare.cli import export as cli_export

    writer = robustness.WRITERS[notation]
    path = tmp_path / f"x.{notation}"
    path.write_text(writer.deep(600) if kind == "deep" else writer.flat(2500))
    err = StringIO()
    drawn = []
    code = cli_export.main(["--format", notation, "--to", "svg", "-o", str(tmp_path / "x.svg"),
                            str(path), str(path)], StringIO(), err,
                           render_picture=lambda *a, **k: drawn.append(a))
    assert (code, err.getvalue(), drawn) == (1, f"tcompare export: {expected}\n", [])


def test_dependency_depth_counts_the_longest_head_chain():
    from tcompare.export.limits import depth

    chain = formats.get("conllx").parse(robustness.WRITERS["conllx"].deep(7), "x")[0].item
    flat = formats.get("conllx").parse(robustness.WRITERS["conllx"].flat(7), "x")[0].item
    assert (depth(chain), depth(flat)) == (7, 2)
    tree = formats.get("ptb").parse("(TOP (S (NP (NN a)) (VP (VB b))))\n", "x")[0].item
    assert depth(tree) == 3


def test_crossing_arcs_are_found_in_n_log_n():
    # every word on the first (a 10^5-word star): each arc was compared with every arc
    # nested in it, minutes for `score --output json`, `search`, `report`, `export`
    from tcompare.scoring.conllx.profile import _non_projective

    def star(n: int) -> list[int]:
        return [0] + [1] * (n - 1)

    _linear(star, lambda heads: _non_projective(heads, len(heads)), 20_000)
    assert not _non_projective(star(1000), 1000)
    assert _non_projective([0, 4, 1, 1], 4)            # arcs 1-3 and 2-4 cross
    assert not _non_projective([2, 0, 2, 3], 4)
    assert _non_projective([3, 0, 2, 1], 4)            # the root arc 0-2 crosses 1-3
    assert not _non_projective([0, 1, 2, 2, 1], 5)


def test_dependency_depths_are_linear_on_a_chain():
    from tcompare.analysis.deptaxonomy import TreeShape

    def chain(n: int) -> list[int]:
        return list(range(0, n))          # word k's head is word k - 1; word 1 the root

    _linear(chain, TreeShape, 20_000)     # big enough to time above the noise of a loaded machine
    assert TreeShape(chain(5)).depth == [0, 1, 2, 3, 4]
    assert TreeShape([2, 1, 0]).depth == [4, 4, 0]     # a cycle counts n + 1
    assert TreeShape([0, 9, 2]).depth == [0, 1, 2]     # a head out of range ends the walk


def test_the_error_analysis_keeps_no_parsed_tree_behind():
    # 10^6 sentences: every parsed tree was kept (980 MB for a file of blank lines)
    text = "".join(robustness.WRITERS["tct"].flat(3) for _ in range(5))
    gold, system = _corpus("tct", text), _corpus("tct", text)
    report = error_analysis.analyse_corpora(gold, system, "chinese")
    assert [s.status for s in report.sentences] == ["ok"] * 5
    assert not any(record.parsed for record in list(gold.records) + list(system.records))


def test_search_shows_the_ends_of_a_long_match(tmp_path):
    # nested spans (a chain of 10^5 dependents) printed the square of the sentence's length
    from tcompare.cli import search as cli_search

    path = tmp_path / "x.mrg"
    path.write_text(robustness.WRITERS["ptb"].flat(120))
    out = StringIO()
    assert cli_search.main(["S", str(path)], out, StringIO()) == 0
    first = out.getvalue().splitlines()[0]
    words = " ".join(f"w{i}" for i in range(25))
    tail = " ".join(f"w{i}" for i in range(95, 120))
    assert first == f"1\tS\t[0,120)\t{words} ... 120 words ... {tail}"


def test_repeated_tags_are_one_string():
    # a 10^6-word sentence kept a copy of "NN" (and of each CoNLL tag, relation and feature
    # value) per word: about 50 MB per column
    tree = _corpus("ptb", robustness.WRITERS["ptb"].flat(3))[0].item
    assert tree.tokens[0].pos is tree.tokens[2].pos
    rows = _corpus("conllx", robustness.WRITERS["conllx"].flat(3))[0].item.rows
    assert rows[1].deprel is rows[2].deprel and rows[1].postag is rows[2].cpostag


@pytest.mark.parametrize("notation,text", [
    ("tct", "\x00" * 200_000), ("pku", "\x00" * 200_000), ("tct2012", "\x00" * 200_000),
    ("ptb", "(S (NN a)) " + "\x00" * 200_000), ("sinica", "S(" + "\x00" * 200_000),
])
def test_a_huge_token_is_not_quoted_whole(notation, text):
    # 16 MB of NULs: the message quoted the token (4 characters per NUL) before the error was
    # cut to size, 64 MB per copy and 355 MB for `score`
    module = __import__(f"tcompare.formats.{notation}", fromlist=["x"])
    parse = getattr(module, "parse_line", None) if notation == "sinica" else module.parse_tree
    with pytest.raises(Exception) as caught:
        parse(text)
    assert len(str(caught.value)) < 500


def test_the_matrix_runs_a_cell_and_reports_it(tmp_path):
    # `make robustness` in small: one cell, its table and its figures
    import subprocess

    done = subprocess.run([sys.executable, str(robustness.ROOT / "tools" / "robustness.py"),
                           "-n", "ptb", "-k", "truncated", "-k", "deep-vs-word", "-c", "stats",
                           "-c", "errors"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 cells, 4 pass, 0 fail" in done.stdout
    assert "  deep-vs-word       .     ." in done.stdout


@pytest.mark.parametrize("kind", sorted(robustness.KINDS))
def test_every_hostile_kind_is_generated(kind):
    for notation in robustness.NOTATIONS:
        if kind in ("long-sentence", "deep", "nuls-16mb", "empty-lines", "big-label"):
            continue            # big: generated by the matrix only
        data, partner = robustness.KINDS[kind](notation, robustness.GOOD[notation].read_bytes(),
                                               __import__("random").Random(0))
        assert isinstance(data, bytes) and (partner is None or isinstance(partner, bytes))


def test_a_blank_ptb_line_is_an_empty_parse_without_the_reader():
    # 10^6 blank lines took 17 s in `errors`: each went through the notation reader
    assert error_analysis.from_ptb_text("\n") is None
    text = "(TOP (S (NN a)))\n\n(TOP (S (NN b)))\n"
    corpus = _corpus("ptb", text)
    report = error_analysis.analyse_corpora(corpus, corpus)
    assert [(s.index, s.status) for s in report.sentences] == [(1, "ok"), (2, "no-gold"), (3, "ok")]
