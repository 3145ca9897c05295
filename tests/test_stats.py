"""`tcompare stats` and `analysis.stats` (issue 17): figures counted by hand on tiny corpora."""

from __future__ import annotations

import io
import json

import pytest

from tcompare import formats
from tcompare.analysis.stats import corpus_stats
from tcompare.cli import stats as cli_stats

pytestmark = pytest.mark.issue(17)

PTB = ("(TOP (S (NP (DT The) (NN cat)) (VP (VBD sat)) (. .)))\n"
       "(TOP (S (NP (PRP It)) (VP (VBD ran))))\n")
CONLL = ("1\tShe\tshe\tPRON\t_\t_\t2\tnsubj\t_\t_\n2\tsleeps\tsleep\tVERB\t_\t_\t0\troot\t_\t_\n"
         "3\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_\n\n"
         "1\tA\ta\tX\t_\t_\t3\tdep\t_\t_\n2\tB\tb\tX\t_\t_\t4\tdep\t_\t_\n"
         "3\tC\tc\tX\t_\t_\t0\troot\t_\t_\n4\tD\td\tX\t_\t_\t3\tdep\t_\t_\n\n")


def test_constituency_figures():
    s = corpus_stats(formats.read_text(PTB, "ptb"))
    assert s.figures() == {
        "sentences": 2, "unreadable sentences": 0, "tokens": 6, "tokens per sentence": 3.0,
        "scoring tokens %": 83.33,                       # 5 of 6: "." is punctuation
        "phrases per sentence": 4.0,                     # TOP, S, NP, VP in each
        "unary chains": 2,                               # TOP -> S twice (NP -> PRP is a word)
        "mean depth": 3.0, "max depth": 3}
    assert s.labels == {"TOP": 2, "S": 2, "NP": 2, "VP": 2}
    assert s.pos["VBD"] == 2 and s.pos["."] == 1


def test_dependency_figures():
    s = corpus_stats(formats.read_text(CONLL, "conllu"))
    f = s.figures()
    assert (f["sentences"], f["tokens"], f["scoring tokens %"]) == (2, 7, 85.71)
    # arcs (0,2) (1,2) (2,3) | (1,3) (2,4) (0,3) (3,4): 1-3, 2-4 and root-3 cross
    assert f["non-projective arcs %"] == round(100 * 3 / 7, 2)
    assert f["non-projective sentences %"] == 50.0
    assert f["roots per sentence"] == 1.0
    assert f["mean arc length"] == round((1 + 1 + 2 + 2 + 1) / 5, 2)
    assert (f["mean depth"], f["max depth"]) == (round((2 + 1 + 2 + 2 + 3 + 1 + 2) / 7, 2), 3)
    assert s.labels == {"nsubj": 1, "root": 2, "punct": 1, "dep": 3}


def test_unreadable_sentences_are_counted_not_skipped():
    s = corpus_stats(formats.read_text(PTB + "(S (NP (DT a)\n", "ptb"))
    assert (s.sentences, s.unreadable, s.tokens) == (3, 1, 6)


def test_cli_text_json_csv(tmp_path):
    path = tmp_path / "g.mrg"
    path.write_text(PTB, encoding="utf-8")
    out = io.StringIO()
    assert cli_stats.main([str(path)], out) == 0
    assert "unary chains" in out.getvalue() and "NP" in out.getvalue()
    out = io.StringIO()
    assert cli_stats.main([str(path), "--output", "json"], out) == 0
    data = json.loads(out.getvalue())
    assert data[0]["figures"]["tokens"] == 6 and data[0]["labels"]["NP"] == 2
    out = io.StringIO()
    assert cli_stats.main([str(path), "--output", "csv"], out) == 0
    assert out.getvalue().splitlines()[0] == "file,figure,value"
    err = io.StringIO()
    assert cli_stats.main([str(tmp_path / "missing.mrg")], io.StringIO(), err) == 1
    assert "missing.mrg" in err.getvalue()


def test_a_long_non_projective_sentence_is_counted_in_n_log_n():
    n = 20000          # every arc crosses its neighbour: a pairwise check would be 2*10^8
    rows = "".join(f"{i}\tw\tw\tX\t_\t_\t{i + 2 if i + 2 <= n else 0}\tdep\t_\t_\n"
                   for i in range(1, n + 1))
    s = corpus_stats(formats.read_text(rows + "\n", "conllu"))
    assert s.tokens == n and s.non_projective_sentences == 1
