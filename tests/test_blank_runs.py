"""Issue 34: 10^6 empty lines in a one-tree-per-line PTB file are 10^6 sentences (EVALB
pairs line N with line N), but they cost one object per run, not a record (and a tree) per
line: `tcompare.model.corpus.Records`.  `convert` took 446 MB, `errors` 563 MB, `export`
434 MB on such a file."""

from __future__ import annotations

import pickle
import tracemalloc

import pytest

from tcompare import formats
from tcompare.formats import ptb
from tcompare.model.corpus import Records, SentenceRecord
from tcompare.model.tree import Tree

pytestmark = pytest.mark.issue(34)

TREES = "(TOP (S (NN a)))\n(TOP (S (NN b)))\n"


def _plain(text: str, monkeypatch) -> list[tuple[int, int, str]]:
    """The records as they were before runs (every line its own record)."""
    with monkeypatch.context() as m:
        m.setattr(ptb, "_BLANK_RUN_LF", "\x00never")
        m.setattr(ptb, "_BLANK_RUN_CRLF", "\x00never")
        corpus = ptb.parse_corpus(text, "x")
    assert type(corpus.records) is list
    return [(r.index, r.line, r.source) for r in corpus.records]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_run_of_blank_lines_reads_as_the_same_sentences(monkeypatch, newline):
    text = (newline * 40 + TREES.replace("\n", newline) + newline * 3 + "(TOP (S (NN c)))"
            + newline + newline * 100)
    corpus = ptb.parse_corpus(text, "x")
    assert isinstance(corpus.records, Records)
    assert [(r.index, r.line, r.source) for r in corpus] == _plain(text, monkeypatch)
    assert [(r.index, r.line, r.source) for r in corpus.records[::-1]] \
        == _plain(text, monkeypatch)[::-1]
    assert formats.format_corpus(corpus) == text                 # byte for byte
    assert corpus[0].item.root is None and corpus[0].error is None
    assert corpus[40].item.tokens[0].form == "a"
    assert len(corpus.errors()) == 0


def test_blank_lines_cost_one_object_per_run():
    text = "\n" * 50_000 + TREES + "\n" * 50_000
    tracemalloc.start()
    try:
        corpus = ptb.parse_corpus(text, "x")
        held = tracemalloc.get_traced_memory()[0]
        for record in corpus:        # a pass over every sentence keeps none of them
            assert record.error is None
            record.item  # noqa: B018
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(corpus) == 100_002
    # a list slot each (8 bytes); a record each was ~170 bytes, a parsed tree ~240 more
    assert held < 20 * len(corpus), held
    assert after - held < 100_000, after - held


def test_a_record_of_a_run_is_one_object_and_its_edit_stays():
    text = "\n" * 20 + TREES + "\n" * 20
    corpus = ptb.parse_corpus(text, "x")
    assert corpus[5] is corpus[5] and corpus[-1] is corpus[len(corpus) - 1]
    tree = ptb.parse_tree("(TOP (S (NN edited)))")
    for record in corpus:            # an edit through an iteration is kept
        if record.index == 30:
            record.replace_item(tree)
    assert corpus[29].item is tree and corpus[29].edited
    plain = ptb.parse_corpus(text, "x")
    plain.records = list(plain.records)          # every line its own record
    plain[29].replace_item(tree)
    assert "(TOP (S (NN edited)))" in formats.format_corpus(corpus)
    assert formats.format_corpus(corpus) == formats.format_corpus(plain)
    corpus[3].mark_unreadable(formats.ParseError("bad", "x", 4))
    assert [r.index for r in corpus if r.error is not None] == [4]


def test_records_with_runs_behave_as_a_list_of_records():
    def fresh() -> Records:
        records = Records()
        list.append(records, SentenceRecord(1, 1, "(A)\n"))
        records.add_run(2, 2, "\n", None, 5)
        list.append(records, SentenceRecord(7, 7, "(B)\n"))
        return records

    def seen(records) -> list[tuple[int, int, str]]:
        return [(r.index, r.line, r.source) for r in records]

    expected = [(1, 1, "(A)\n")] + [(i, i, "\n") for i in range(2, 7)] + [(7, 7, "(B)\n")]
    records = fresh()
    assert len(records) == 7 and seen(records) == expected
    assert seen(reversed(records)) == expected[::-1]
    assert seen(records.copy()) == expected and seen(records + []) == expected
    assert seen(pickle.loads(pickle.dumps(records))) == expected
    assert seen(records[2:4]) == expected[2:4]
    third = records[2]
    assert third in records and records.index(third) == 2
    records = fresh()
    assert records.pop(3).index == 4 and seen(records) == expected[:3] + expected[4:]
    records = fresh()
    records.insert(0, SentenceRecord(0, 0, "(Z)\n"))
    del records[1]
    assert seen(records) == [(0, 0, "(Z)\n")] + expected[1:]
    assert all(type(r) is not Tree for r in records)


def test_search_without_verdicts_scores_nothing_and_keeps_no_tree(tmp_path, monkeypatch):
    # 10^6 empty lines: `search PATTERN GOLD SYSTEM` scored every pair (past 15 s) and kept
    # every tree, though a pattern without '::' predicates reads no verdict
    from io import StringIO

    from tcompare.cli import breakdown
    from tcompare.cli import search as cli_search

    path = tmp_path / "x.mrg"
    path.write_text("\n" * 30_000 + TREES + "\n" * 30_000)

    def no_scoring(args):
        raise AssertionError("scored")

    monkeypatch.setattr(breakdown, "score", no_scoring)
    out = StringIO()
    tracemalloc.start()
    try:
        assert cli_search.main(["__ < __", str(path), str(path)], out, StringIO()) == 0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    lines = out.getvalue().splitlines()
    assert lines[-1] == "# 6 matches in 2 sentences"
    assert {line.split("\t")[0] for line in lines[:-1]} == {"30001", "30002"}
    assert peak < 5_000_000, peak


def test_a_size_check_makes_no_record_of_a_run(monkeypatch):
    from tcompare.formats import sizes
    from tcompare.model import corpus as corpus_module

    corpus = ptb.parse_corpus("\n" * 1000 + TREES, "x")
    made = []
    original = corpus_module.Records._make

    def making(self, position, run):
        made.append(position)
        return original(self, position, run)

    monkeypatch.setattr(corpus_module.Records, "_make", making)
    assert sizes.refusal((corpus,), 2, "errors") is not None    # the trees are past 2
    assert sizes.refusal((corpus,), 50, "errors") is None
    assert made == [] and [r.index for r in corpus.records.made()] == [1001, 1002]
