"""`tcompare search` with verdict predicates (`tcompare.analysis.verdict_query`), issue 16."""

from __future__ import annotations

import io
import json

import pytest

from tcompare import formats
from tcompare.query import PatternError
from tcompare.analysis.verdict_query import parse_query
from tcompare.cli import search as cli_search
from tests.conftest import anchor

pytestmark = pytest.mark.issue(16)

GOLD = [
    "(S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN scope))))))",
    "(S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN hat))))))",
    "(S (NP (PRP I)) (VP (VBD ate) (NP (NN rice))))",
]
SYSTEM = [
    "(S (NP (PRP I)) (VP (VBD saw) (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN scope)))))",
    "(S (NP (PRP I)) (VP (VBD saw) (NP (NP (DT the) (NN man)) (PP (IN with) (NP (DT a) (NN hat))))))",
    "(S (NP (PRP I)) (VP (VBD ate)) (NP (NN rice)))",
]


def _run(tmp_path, argv):
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text("\n".join(GOLD) + "\n")
    system.write_text("\n".join(SYSTEM) + "\n")
    out, err = io.StringIO(), io.StringIO()
    code = cli_search.main([argv[0], str(gold), str(system)] + argv[1:], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_pp_attached_to_vp_in_the_system(tmp_path):
    code, out, _ = _run(tmp_path, ["NP < PP=p :: p.partner.parent=VP"])
    assert code == 0
    assert out.splitlines() == ["1\tNP\t[2,7)\tthe man with a scope", "# 1 matches in 1 sentences"]
    code, out, _ = _run(tmp_path, ["NP < PP=p :: p.partner.parent=NP", "--sentences"])
    assert out.splitlines() == ["2", "# 1 matches in 1 sentences"]


def test_verdicts_crossing_and_system_side(tmp_path):
    code, out, _ = _run(tmp_path, ["VP :: crossing=yes", "--sentences"])
    assert out.splitlines()[:-1] == []                 # system brackets nest inside gold VPs
    code, out, _ = _run(tmp_path, ["VP :: verdict=missing", "--sentences"])
    assert out.splitlines()[:-1] == ["3"]
    code, out, _ = _run(tmp_path, ["VP :: verdict=extra", "--side", "system", "--sentences"])
    assert out.splitlines()[:-1] == ["3"]
    code, out, _ = _run(tmp_path, ["NP :: verdict=missing", "--sentences"])
    assert out.splitlines()[:-1] == ["1"]
    code, out, _ = _run(tmp_path, ["NP=n :: n.verdict!=match & partner=/./", "--sentences"])
    assert out.splitlines()[:-1] == []


def test_pattern_errors_have_their_column(tmp_path):
    code, _, err = _run(tmp_path, ["NP < PP=p :: q.partner=VP"])
    assert code == 2
    assert "no node is named 'q' in the pattern at column 14" in err
    assert err.splitlines()[-1] == "  " + " " * 13 + "^"
    with pytest.raises(PatternError) as info:
        parse_query("NP :: colour=red", "ptb")
    assert info.value.column == 7
    with pytest.raises(PatternError) as info:
        parse_query("NP <<< PP", "ptb")
    assert info.value.column == 4
    code, _, err = _run(tmp_path, ["NP :: verdict=missing"][:1])
    assert code == 0


def test_predicates_need_a_system_file(tmp_path):
    gold = tmp_path / "g.mrg"
    gold.write_text("\n".join(GOLD) + "\n")
    err = io.StringIO()
    assert cli_search.main(["NP :: verdict=match", str(gold)], out=io.StringIO(), err=err) == 2
    out = io.StringIO()
    assert cli_search.main(["NP < PP", str(gold), "--sentences"], out=out) == 0
    assert out.getvalue().splitlines() == ["1", "2", "# 2 matches in 2 sentences"]


@pytest.mark.anchors
def test_dependency_relation_predicate_counts_columns():
    folder = anchor("conllx")
    gold = formats.read_file(folder / "gold.conll")
    system = formats.read_file(folder / "system.conll")
    expected = sum(1 for g, s in zip(gold, system) for a, b in zip(g.item.words, s.item.words)
                   if a.deprel == "SS" and b.deprel == "OO")
    out = io.StringIO()
    assert cli_search.main(["*{deprel=SS} :: sys.deprel=OO", str(folder / "gold.conll"),
                            str(folder / "system.conll"), "--profile", "conll07"], out=out) == 0
    assert out.getvalue().splitlines()[-1] == f"# {expected} matches in {expected} sentences"
    assert expected == 9


def test_saved_queries(tmp_path, monkeypatch):
    monkeypatch.setenv("TCOMPARE_CONFIG_DIR", str(tmp_path / "cfg"))
    code, out, _ = _run(tmp_path, ["NP < PP=p :: p.partner.parent=VP", "--save", "pp-vp",
                                   "--sentences"])
    assert code == 0
    saved = json.loads((tmp_path / "cfg" / "queries.json").read_text())
    assert saved == {"queries": [{"name": "pp-vp", "query": "NP < PP=p :: p.partner.parent=VP"}]}
    code, again, _ = _run(tmp_path, ["@pp-vp", "--sentences"])
    assert (code, again) == (0, out)
    code, _, err = _run(tmp_path, ["@nope"])
    assert code == 2 and "no saved query 'nope' (saved: pp-vp)" in err


def test_a_search_keeps_no_tree_and_writes_hits_as_found(tmp_path, monkeypatch):
    """Every sentence of 40k matching (the hostile matrix's many-sentences: 409 MB): the
    gold trees are forgotten once searched, and the hits are written as they are found,
    not all kept -- the same lines as before."""
    gold = tmp_path / "g.mrg"
    gold.write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n(X (Y a))\n" * 30, encoding="utf-8")
    read = []
    real = formats.read_file
    monkeypatch.setattr(formats, "read_file", lambda *a, **k: read.append(real(*a, **k)) or read[-1])
    seen = []
    from tcompare.analysis import verdict_query

    real_query = verdict_query.run_query

    def watching(*args, **kwargs):
        for hit in real_query(*args, **kwargs):
            seen.append(out.getvalue().count("\n"))
            yield hit
    monkeypatch.setattr(verdict_query, "run_query", watching)
    out = io.StringIO()
    assert cli_search.main(["--format", "ptb", "NP < NN", str(gold)], out, io.StringIO()) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "1\tNP\t[0,2)\tthe cat" and lines[-1] == "# 30 matches in 30 sentences"
    assert len(lines) == 31
    assert seen == list(range(30))       # hit k found after k lines were written
    assert not any(record.parsed for record in read[0].records)
