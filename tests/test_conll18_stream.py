"""``conll18`` read in pieces (`conll18.stream`, the command line's path) against the
documents' path (`conll18.load_conllu_file` + `evaluate`, what the GUI uses): the same
numbers, the same JSON and CSV, the same refusal, in memory that does not grow with the
files.  Pieces are made tiny (``PIECE``) so that every sentence boundary is a candidate cut.
"""

from __future__ import annotations

import io
import random
import tracemalloc
from pathlib import Path

import pytest

from tcompare.cli import score_conll18
from tcompare.formats.lines import ByteSource
from tcompare.scoring.conll18 import profile as conll18
from tcompare.scoring.conll18 import stream as conll18_stream

from test_conll18 import (  # noqa: F401  (pytest fixtures and helpers of the reference tests)
    BAD_BYTES, GENERATED, GOOD, REFUSALS, ZH_GSD, generated_pair, parse_blocks, perturb,
    write_blocks,
)

SMALL_PIECES = (64, 700, conll18_stream.PIECE)


def documents(gold: Path, system: Path) -> dict | str:
    """The documents' path: the metrics, or the official refusal line."""
    try:
        return conll18.evaluate(conll18.load_conllu_file(ByteSource(str(gold))),
                                conll18.load_conllu_file(ByteSource(str(system)))).metrics
    except conll18.Conll18Error as exc:
        return exc.official_line()


def streamed(gold: Path, system: Path) -> dict | str:
    try:
        return conll18_stream.score_files(ByteSource(str(gold)), ByteSource(str(system)))
    except conll18.Conll18Error as exc:
        return exc.official_line()


def loaded_output(gold: Path, system: Path, output: str) -> str:
    """What the command line printed before it streamed (`write_json` / `write_csv` on the
    loaded files)."""
    evaluation = conll18.evaluate(conll18.load_conllu_file(ByteSource(str(gold))),
                                  conll18.load_conllu_file(ByteSource(str(system))))
    summary = conll18.summarize(evaluation)
    out = io.StringIO()
    if output == "json":
        score_conll18.write_json("conll18", {"verbose": False, "counts": False}, evaluation,
                                 summary, out, False)
    else:
        score_conll18.write_csv(evaluation, summary, out, False)
    return out.getvalue()


def cli(gold: Path, system: Path, *flags: str) -> tuple[str, str, int]:
    out, err = io.StringIO(), io.StringIO()
    code = score_conll18.main([*flags, str(gold), str(system)], "conll18", out, err)
    return out.getvalue(), err.getvalue(), code


def write_pair(tmp_path: Path, gold: str | bytes, system: str | bytes) -> tuple[Path, Path]:
    g, s = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    g.write_bytes(gold.encode("utf-8") if isinstance(gold, str) else gold)
    s.write_bytes(system.encode("utf-8") if isinstance(system, str) else system)
    return g, s


# ------------------------------------------------------------------ the same numbers and output

@pytest.mark.parametrize("piece", SMALL_PIECES)
@pytest.mark.parametrize("name", list(GENERATED))
def test_streamed_equals_documents_on_generated_pairs(tmp_path, monkeypatch, name, piece):
    """Multiword tokens, merged and split words, joined and split sentences, misspelt
    (changed) multiword forms, relabels: every metric equal, whatever the piece size."""
    monkeypatch.setattr(conll18_stream, "PIECE", piece)
    g, s = write_pair(tmp_path, *generated_pair(name, 0, 60))
    expected = documents(g, s)
    assert isinstance(expected, dict)
    assert streamed(g, s) == expected


@pytest.mark.parametrize("output", ["json", "csv"])
@pytest.mark.parametrize("name", ["everything", "joined_and_split", "mwt_both"])
def test_streamed_json_and_csv_are_the_loaded_files_output(tmp_path, monkeypatch, name, output):
    """Per-pair results made segment by segment, numbered as in the whole file."""
    monkeypatch.setattr(conll18_stream, "PIECE", 300)
    g, s = write_pair(tmp_path, *generated_pair(name, 1, 60))
    out, err, code = cli(g, s, "--output", output)
    assert (code, err) == (0, "")
    assert out == loaded_output(g, s, output)


def test_streamed_equals_documents_on_anchors(tmp_path, monkeypatch):
    if not ZH_GSD.exists():
        pytest.skip(f"anchor not available: {ZH_GSD}")
    monkeypatch.setattr(conll18_stream, "PIECE", 4096)
    simp = ZH_GSD.with_name("zh_gsdsimp-ud-test.conllu")
    base = parse_blocks(ZH_GSD.read_text(encoding="utf-8"))
    edits = {"merge": 10, "split": 10, "mwt": 10, "mwt_form": 5, "join": 5,
             "split_sentence": 5, "relabel": 20, "rehead": 20}
    (tmp_path / "p.conllu").write_text(write_blocks(perturb(base, random.Random(7), edits)),
                                       encoding="utf-8")
    cases = [(ZH_GSD, ZH_GSD), (ZH_GSD, tmp_path / "p.conllu"), (tmp_path / "p.conllu", ZH_GSD)]
    if simp.exists():
        cases.append((ZH_GSD, simp))     # the last: refused (characters differ)
    for gold, system in cases:
        assert streamed(gold, system) == documents(gold, system), (gold.name, system.name)
    out, _, _ = cli(ZH_GSD, tmp_path / "p.conllu", "--output", "json")
    assert out == loaded_output(ZH_GSD, tmp_path / "p.conllu", "json")


def mwt_rows(*tokens: str) -> str:
    """A sentence: ``"ab"`` a word, ``"bc b c"`` a multiword token of words b and c; every
    word hangs on the first."""
    lines, n = [], 0
    for token in tokens:
        parts = token.split(" ")
        if len(parts) > 1:
            lines.append(f"{n + 1}-{n + len(parts) - 1}\t{parts[0]}" + "\t_" * 8)
            parts = parts[1:]
        for form in parts:
            n += 1
            lines.append(f"{n}\t{form}\t_\t_\t_\t_\t{int(n > 1)}\tdep\t_\t_")
    return "\n".join(lines) + "\n\n"


def test_merge_reaching_back_over_a_common_sentence_end(tmp_path, monkeypatch):
    """Both files end a sentence after "ab", but the gold file's next sentence starts with
    a multiword token while the system still has two words before that point: the official
    merge skips the first ("a") and aligns the second ("b") inside the multiword span, with
    the gold "b" of the next sentence.  Scored apart, the two sentences would align nothing."""
    monkeypatch.setattr(conll18_stream, "PIECE", 8)
    gold = mwt_rows("ab") + mwt_rows("bc b c")
    system = mwt_rows("a", "b") + mwt_rows("bc")
    g, s = write_pair(tmp_path, gold, system)
    expected = documents(g, s)
    assert isinstance(expected, dict) and expected["Words"].correct == 1
    apart = [conll18.evaluate(conll18.load_conllu_text(a), conll18.load_conllu_text(b))
             for a, b in ((mwt_rows("ab"), mwt_rows("a", "b")), (mwt_rows("bc b c"), mwt_rows("bc")))]
    assert sum(e.metrics["Words"].correct for e in apart) == 0
    assert streamed(g, s) == expected
    for output in ("json", "csv"):
        assert cli(g, s, "--output", output)[0] == loaded_output(g, s, output)


# ------------------------------------------------------------------ the same refusal

def _errors(line: str, copies: int) -> str:
    return GOOD * copies + line + GOOD * copies


REFUSAL_ORDER = {
    # the gold file's problem comes first, wherever it is
    "gold_late_system_early": (_errors("", 40) + "1\tx\t_\t_\t_\t_\tq\tdep\t_\t_\n\n",
                               "1\tx\n\n" + GOOD * 80),
    # a file's problem comes before different characters, even far after them
    "characters_then_system_error": (GOOD * 80, GOOD.replace("Hund", "Hunt") + GOOD * 79
                                     + "1\tx\t_\t_\t_\t_\t0\troot\t_\t_\n2\ty" + "\t_" * 8 + "\n\n"),
    "characters_late": (GOOD * 80, GOOD * 79 + GOOD.replace("bellt", "bellte")),
    "system_longer": (GOOD * 30, GOOD * 31),
    "gold_longer": (GOOD * 31, GOOD * 30),
    "gold_empty": ("", GOOD),
    "no_final_blank_line": (GOOD * 30, GOOD * 30 + GOOD.rstrip("\n")),
}


@pytest.mark.parametrize("piece", [64, 4096])
@pytest.mark.parametrize("name", list(REFUSALS) + list(REFUSAL_ORDER))
def test_streamed_refuses_as_documents(tmp_path, monkeypatch, name, piece):
    monkeypatch.setattr(conll18_stream, "PIECE", piece)
    g, s = write_pair(tmp_path, *(REFUSALS.get(name) or REFUSAL_ORDER[name]))
    expected = documents(g, s)
    assert streamed(g, s) == expected
    out, err, code = cli(g, s, "--output", "json")
    if isinstance(expected, str):
        assert (out, err, code) == ("", expected + "\n", 1)


@pytest.mark.parametrize("piece", [64, 4096, conll18_stream.PIECE])
@pytest.mark.parametrize("side", ["gold", "system"])
@pytest.mark.parametrize("name", list(BAD_BYTES))
def test_streamed_bad_bytes_as_documents(tmp_path, monkeypatch, name, side, piece):
    """A bad byte: the lines before its 8192-byte chunk are read (and may be refused)
    first, then Python's message -- at the same line (the GUI shows it)."""
    monkeypatch.setattr(conll18_stream, "PIECE", piece)
    bad = BAD_BYTES[name]
    g, s = write_pair(tmp_path, bad if side == "gold" else GOOD, bad if side == "system" else GOOD)
    try:
        conll18.evaluate(conll18.load_conllu_file(ByteSource(str(g))), conll18.load_conllu_file(ByteSource(str(s))))
        raise AssertionError("accepted")
    except conll18.Conll18Error as exc:
        expected = (exc.official_line(), exc.line)
    with pytest.raises(conll18.Conll18Error) as caught:
        conll18_stream.score_files(ByteSource(str(g)), ByteSource(str(s)))
    assert (caught.value.official_line(), caught.value.line) == expected


def test_missing_and_unreadable_inputs(tmp_path):
    g, _ = write_pair(tmp_path, GOOD, GOOD)
    assert streamed(g, tmp_path / "nope") == documents(g, tmp_path / "nope")
    assert streamed(tmp_path / "nope", g) == documents(tmp_path / "nope", g)
    assert streamed(g, tmp_path).startswith("IsADirectoryError")


# ------------------------------------------------------------------ memory

def _many(sentences: int) -> tuple[str, str]:
    """`sentences` short gold sentences, and a system copy with merged words, multiword
    tokens and moved sentence boundaries (every 40 sentences alike)."""
    base = parse_blocks((GOOD + GOOD.replace("Hund", "Katze")) * 20)
    edits = {"merge": 3, "mwt": 3, "mwt_form": 1, "join": 2, "split_sentence": 2, "rehead": 3}
    system = write_blocks(perturb(base, random.Random(5), edits))
    copies = sentences // 40
    return write_blocks(base) * copies, system * copies


def _peak(tmp_path: Path, sentences: int) -> int:
    g, s = write_pair(tmp_path, *_many(sentences))
    tracemalloc.start()
    try:
        conll18_stream.score_files(ByteSource(str(g)), ByteSource(str(s)))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_files(tmp_path, monkeypatch):
    """1,000 and 4,000 sentence pairs: the same peak (a few pieces held), a third of what
    the 1,000-sentence files take loaded."""
    monkeypatch.setattr(conll18_stream, "PIECE", 4096)
    small = _peak(tmp_path, 1000)
    big = _peak(tmp_path, 4000)
    assert big < 1.25 * small, (small, big)
    g, s = write_pair(tmp_path, *_many(1000))
    tracemalloc.start()
    try:
        conll18.evaluate(conll18.load_conllu_file(ByteSource(str(g))), conll18.load_conllu_file(ByteSource(str(s))))
        loaded = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert big < loaded / 3, (big, loaded)


# ------------------------------------------------------------------ two halves at once

@pytest.mark.parametrize("name", ["everything", "mwt_both", "joined_and_split", "merged_words"])
def test_two_halves_give_the_whole_files_figures(tmp_path, monkeypatch, name):
    """Big files are scored in two halves by two processes: the same figures, whether the
    split point is right, in the wrong copy of repeated text (the first half finds the
    text before it differs: read whole), or refused."""
    monkeypatch.setattr(conll18_stream, "PIECE", 2048)
    monkeypatch.setattr(conll18_stream, "PARALLEL_BYTES", 1)
    gold, system = generated_pair(name, 2, 60)
    g, s = write_pair(tmp_path, gold * 3, system * 3)
    assert conll18_stream.split_point(ByteSource(str(g)), ByteSource(str(s))) is not None
    halves = conll18_stream._score_halves(ByteSource(str(g)), ByteSource(str(s)))
    expected = documents(g, s)
    assert isinstance(expected, dict)
    assert halves is not None and halves.metrics() == expected
    assert streamed(g, s) == expected
    # the system file's copies shifted by one (its guess lands in the wrong copy)
    g, s = write_pair(tmp_path, gold * 3, system * 3 + GOOD)
    assert streamed(g, s) == documents(g, s)
    g, s = write_pair(tmp_path, gold * 3 + GOOD, system * 3 + "1\tx\n\n")
    assert streamed(g, s) == documents(g, s)


def test_two_halves_split_where_the_merge_reaches_back(tmp_path, monkeypatch):
    """The split point found right after the sentence whose merge reaches into the next
    one (`test_merge_reaching_back_over_a_common_sentence_end`): the halves are not used."""
    monkeypatch.setattr(conll18_stream, "PIECE", 64)
    monkeypatch.setattr(conll18_stream, "PARALLEL_BYTES", 1)
    filler_g = mwt_rows("xy") * 20
    gold = filler_g + mwt_rows("ab") + mwt_rows("bc b c") + filler_g
    system = filler_g + mwt_rows("a", "b") + mwt_rows("bc") + filler_g
    g, s = write_pair(tmp_path, gold, system)
    middle = len(filler_g.encode()) + len(mwt_rows("ab").encode())
    monkeypatch.setattr(conll18_stream, "split_point", lambda *_: (
        middle, len(filler_g.encode()) + len(mwt_rows("a", "b").encode()), True, False))
    assert conll18_stream._score_halves(ByteSource(str(g)), ByteSource(str(s))) is None
    expected = documents(g, s)
    assert isinstance(expected, dict) and expected["Words"].correct == 20 + 1 + 20
    assert streamed(g, s) == expected
