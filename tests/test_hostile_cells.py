"""Issue 34's hostile matrix (tools/robustness.py), the cells over 15 s / 300 MB after the
report's fix, as fast regression tests:

* ``score`` (sniffed) on a CCG file of one 10^6-word sentence read it as PTB through EVALB's
  Python reader (the compiled kernel's fallback for a line it cannot read): 2.44 GB;
* ``score --output json`` on a tree 10^5 phrases deep in PKU, TCT, TCT-2012: past 15 s --
  each side's tree was parsed twice (pairing, then scoring) and PKU made a label per node.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

import pytest

from tcompare import compiled, formats
from tcompare.cli import main as cli_main
from tcompare.formats import pku
from tcompare.model.corpus import SentenceRecord
from tcompare.scoring import profiles
from tcompare.scoring.evalb import core
from tcompare.scoring.pairing import pair_corpora

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import robustness  # noqa: E402

pytestmark = pytest.mark.issue(34)


def _cc(max_error: int = 10) -> core.PreparedParams:
    config = profiles.get("evalb").prepare({"max_error": max_error})
    return core.PreparedParams(config.params, as_bytes=True)


def test_evalbs_reader_keeps_no_more_than_evalb_prints():
    # a CCG derivation read as PTB: every "N", "0", "2>" is a stray word, a message each
    line = robustness.WRITERS["ccgauto"].flat(20_000).splitlines()[1].encode()
    tracemalloc.start()
    try:
        view = core.read_line(line, _cc())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert view.errors == ["Reading sentence\n"] * 12      # MAX_ERROR 10: EVALB stops at 12
    assert view.brackets == [] and view.words == []       # nothing `compare` reads
    assert peak < 4 * 1024 * 1024, f"{peak / 1e6:.1f} MB"  # 90 MB before
    assert len(core.read_line(line, _cc(max_error=100)).errors) == 102


def test_evalbs_reader_is_the_same_on_readable_lines():
    line = b"(TOP (S (NP-SBJ (DT The) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT a) (NN mat)))) (. .)))"
    view = core.read_line(line, _cc())
    assert view.words == [b"The", b"cat", b"sat", b"on", b"a", b"mat"]
    assert view.tags == [b"DT", b"NN", b"VBD", b"IN", b"DT", b"NN"]
    assert view.brackets == [[b"TOP", 0, 6], [b"S", 0, 6], [b"NP-SBJ", 0, 2], [b"VP", 2, 6],
                             [b"PP", 3, 6], [b"NP", 4, 6]]
    assert view.length == 7 and view.errors == []
    broken = core.read_line(b"(S (NN a) x))", _cc())
    assert broken.errors == ["Reading sentence\n", "Bracketing unbalance (too many close bracket)\n"]
    assert broken.length == 1 and broken.words == [b"a"]


def test_a_pku_tree_shares_its_labels():
    tree = pku.parse_tree(robustness.WRITERS["pku"].deep(2000, "np"))
    nodes = tree.nodes()
    assert len(nodes) == 2001
    assert len({id(n.label) for n in nodes}) <= 3            # one per (label, heads, mark)
    assert {n.label.raw for n in nodes} == {"zj", "np"}


@pytest.mark.parametrize("notation", ["pku", "tct", "tct2012"])
def test_a_deep_tree_is_parsed_once_a_side(tmp_path, monkeypatch, capsys, notation):
    # `score --output json` on a tree 2,000 phrases deep and a small one: the deep tree was
    # parsed four times (pairing, then scoring, each side), now twice
    writer = robustness.WRITERS[notation]
    path = tmp_path / f"deep.{notation}"
    path.write_text(writer.deep(2000, "np") + writer.deep(3, "np"), encoding="utf-8")
    parses = []
    ensure = SentenceRecord._ensure

    def counted(record):
        if record._parse is not None:
            parses.append(record.index)
        ensure(record)

    monkeypatch.setattr(SentenceRecord, "_ensure", counted)
    monkeypatch.setattr("tcompare.scoring.pairing.KEPT_PARSED", 1000, raising=False)
    assert cli_main(["score", "--format", notation, "--output", "json", str(path), str(path)]) == 0
    assert '"status": "valid"' in capsys.readouterr().out
    assert parses.count(1) == 2, parses              # gold and system, once each
    assert parses.count(2) == 4                      # a small one: parsed for pairing, again to score


def test_pairing_leaves_one_big_tree_parsed_and_releases_the_others():
    text = robustness.WRITERS["ptb"].deep(200) * 3
    gold, system = (formats.get("ptb").parse(text, name) for name in ("g.mrg", "s.mrg"))
    profile = profiles.get("evalb")
    with pytest.MonkeyPatch.context() as m:
        m.setattr("tcompare.scoring.pairing.KEPT_PARSED", 100, raising=False)
        m.setattr("tcompare.scoring.pairing._source_text", lambda corpus: None)
        pairs = pair_corpora(gold, system, profile)
    assert [p.kind for p in pairs] == ["same"] * 3
    assert [r.parsed for r in gold] == [r.parsed for r in system] == [True, False, False]


needs_kernel = pytest.mark.skipif(compiled.evalb_kernel() is None,
                                  reason="EVALB's compiled kernel is not built")


@needs_kernel
@pytest.mark.parametrize("output", ["json", "csv"])
def test_blank_pairs_are_read_and_rendered_once(tmp_path, monkeypatch, capsys, output):
    # `score --output json` on 10^6 blank lines: 21 s -- each blank pair read by EVALB's Python
    # reader (the kernel's fallback), copied, rendered and summed one by one
    from tcompare.scoring.base import SentenceResult
    from tcompare.scoring.evalb import block

    path = tmp_path / "blank.mrg"
    path.write_text("(S (NN a))\n" + "\n" * 5000 + "(S (NN b))\n", encoding="utf-8")
    reads, renders = [], []
    read, render = block._py_pair, SentenceResult.to_json
    monkeypatch.setattr(block, "_py_pair", lambda g, t, cc: reads.append(1) or read(g, t, cc))
    monkeypatch.setattr(SentenceResult, "to_json", lambda self: renders.append(1) or render(self))
    assert cli_main(["score", "--format", "ptb", "--output", output, str(path), str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("skipped: the system tree has no words after deletion") == 5000
    assert len(reads) <= 4, len(reads)
    assert len(renders) <= 4, len(renders)
    if output == "json":
        assert '"skip_sentences": 5000' in out and '"index": 5001, "status": "skip"' in out


def test_a_run_of_blank_lines_is_read_once_for_its_errors(monkeypatch, tmp_path):
    # `convert` on 10^6 blank lines: 10 s (every blank line parsed twice: `Corpus.errors`,
    # `convert.bad_widths`), now 1.7 s
    from tcompare.cli.convert import bad_widths

    text = "\n" * 50_000 + "(S (NN a))\n(S (NN b) c)\n" + "\n" * 50_000
    corpus = formats.get("ptb").parse(text, "x.mrg")
    assert len(corpus) == 100_002
    parses = []
    ensure = SentenceRecord._ensure

    def counted(record):
        if record._parse is not None:
            parses.append(record.index)
        ensure(record)

    monkeypatch.setattr(SentenceRecord, "_ensure", counted)
    errors = corpus.errors()
    assert [e.line for e in errors] == [50_002]
    assert bad_widths(corpus) == []
    assert len(parses) < 20, len(parses)


@pytest.mark.parametrize("line,errors", [
    (b"(S x (NP (NN a)) ))", ["Reading sentence\n", "Bracketing unbalance (too many close bracket)\n"]),
    (b"(S x (NP (NN a)", ["Reading sentence\n", "Bracketing is unbalanced (too many open bracket)\n"]),
    (b"(S (NN a))) (NP (NN b)", ["Bracketing unbalance (too many close bracket)\n",
                               "Bracketing is unbalanced (too many open bracket)\n"]),
    (b"(S (NN a)) x y ((", ["Reading sentence\n"] * 2 + ["Bracketing is unbalanced (too many open bracket)\n"]),
])
def test_an_unreadable_line_counts_its_brackets_without_keeping_them(line, errors):
    view = core.read_line(line, _cc())
    assert view.errors == errors
    assert view.brackets == [] and view.length == len(view.words)


def test_an_unreadable_line_of_a_million_brackets_keeps_none():
    # `score` sniffed on a CCG file of one 10^6-word sentence: 523 MB (2M brackets kept
    # after the line's first stray word)
    line = b"(S x " + b"(NP " * 200_000 + b")" * 200_000 + b")"
    tracemalloc.start()
    try:
        view = core.read_line(line, _cc())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert view.errors == ["Reading sentence\n"] and view.brackets == []
    assert peak < 2 * 1024 * 1024, f"{peak / 1e6:.1f} MB"


def test_a_ccg_file_whose_first_derivation_is_past_the_head_sniffs_as_ccg():
    # a 36 MB derivation line: the head held only "ID=..." and sniffed as PTB (EVALB's
    # Python reader on 36 MB, 2.4 GB)
    assert formats.sniff("ID=h.1 PARSER=GOLD NUMPARSE=1\n") == "ccgauto"
    assert formats.sniff("(TOP (S (NN a)))\n") == "ptb"
