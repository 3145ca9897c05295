"""``score --profile conllu`` (text) read in pieces (`cli.conllu_stream`) against the same
command reading both files whole: the same stdout, stderr and exit status in every report
mode, whatever the piece size, and memory that does not grow with the files."""

from __future__ import annotations

import io
import random
import tracemalloc
from pathlib import Path

import pytest

from tcompare.cli import conllu_stream, score_conllx
from tcompare.scoring.conllx import report as conllx_report
from tcompare.scoring.conllx import stream as conllx_stream

from test_conll18 import ZH_GSD, parse_blocks, perturb, write_blocks

pytestmark = pytest.mark.skipif(conllx_report.kernel() is None, reason="compiled engine not built")

MODES = ([], ["-q"], ["-b"], ["-b", "-q"], ["-p"])
LABELS = {"relabel": 30, "rehead": 30, "tags": 20, "lemma": 10, "feats": 10}


def run(gold: Path, system: Path, flags: list[str], whole: bool = False,
        monkeypatch=None) -> tuple[str, str, int]:
    if whole:
        monkeypatch.setattr(conllu_stream, "report", lambda *a, **k: None)
    out, err = io.StringIO(), io.StringIO()
    try:
        code = score_conllx.main([*flags, str(gold), str(system)], "conllu", out, err)
    finally:
        if whole:
            monkeypatch.undo()
    return out.getvalue(), err.getvalue(), code


def zh(n: int, seed: int | None = None, edits: dict | None = None, start: int = 0) -> str:
    """Anchor sentences start..n, perturbed with `seed` (labels, heads, tags by default)."""
    if not ZH_GSD.exists():
        pytest.skip(f"anchor not available: {ZH_GSD}")
    base = parse_blocks(ZH_GSD.read_text(encoding="utf-8"))[start:n]
    if seed is None:
        return write_blocks(base)
    return write_blocks(perturb(base, random.Random(seed), edits or LABELS))


def write(tmp_path: Path, gold: str | bytes, system: str | bytes) -> tuple[Path, Path]:
    g, s = tmp_path / "gold.conllu", tmp_path / "system.conllu"
    for path, text in ((g, gold), (s, system)):
        path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return g, s


def streamed_is_used(g: Path, s: Path, flags: list[str]) -> bool:
    from tcompare.scoring import profiles

    profile = profiles.get("conllu")
    config = profile.prepare({"exclude_punct": "-p" in flags})
    return conllu_stream.report(str(g), str(s), None, profile, config, quiet="-q" in flags,
                                evalb="-b" in flags, hash_order="perl") is not None


def _short_rows(text: str) -> str:
    """Row 5 of sentence 150 cut to 8 columns (eval.pl reads the missing ones as empty)."""
    blocks = text.split("\n\n")
    lines = blocks[150].split("\n")
    row = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    lines[row + 4] = "\t".join(lines[row + 4].split("\t")[:8])
    blocks[150] = "\n".join(lines)
    return "\n\n".join(blocks)


CASES = {
    "labels_and_heads": lambda: (zh(200), zh(200, 1)),
    "merged_words_late": lambda: (zh(200), zh(120, 2) + zh(200, 3, {"merge": 3}, 120)),
    "system_longer": lambda: (zh(150), zh(151, 4)),
    "gold_longer": lambda: (zh(151), zh(150, 4)),
    "no_final_blank_line": lambda: (zh(150).rstrip("\n"), zh(150, 5).rstrip("\n")),
    "short_rows_late": lambda: (zh(200), _short_rows(zh(200, 6))),
    "identical": lambda: (zh(200), zh(200)),
}


@pytest.mark.parametrize("piece", [700, 9000])
@pytest.mark.parametrize("name", list(CASES))
def test_streamed_report_is_the_whole_files_report(tmp_path, monkeypatch, name, piece):
    monkeypatch.setattr(conllx_stream, "PIECE", piece)
    g, s = write(tmp_path, *CASES[name]())
    for flags in MODES:
        expected = run(g, s, flags, whole=True, monkeypatch=monkeypatch)
        assert run(g, s, flags) == expected, (name, flags)
    assert streamed_is_used(g, s, [])    # (and not the whole files again)


def test_line_mismatch_in_a_later_piece_is_named_as_eval_pl_names_it(tmp_path, monkeypatch):
    monkeypatch.setattr(conllx_stream, "PIECE", 2000)
    g, s = write(tmp_path, *CASES["merged_words_late"]())
    out, err, code = run(g, s, [])
    assert (out, code) == ("", 1)
    first = err.splitlines()[0]
    assert first.startswith("line mismatch, line ") and int(first.split()[-1][:-1]) > 2000
    assert streamed_is_used(g, s, [])
    assert not streamed_is_used(g, s, ["-b"])     # -b prints the rows before: read whole


def test_whole_files_path_where_pieces_read_differently(tmp_path, monkeypatch):
    """A byte-order mark, CRLF line ends, a bad byte: read whole, as before."""
    monkeypatch.setattr(conllx_stream, "PIECE", 2000)
    gold, system = zh(60), zh(60, 7)
    for g_bytes, s_bytes, streamed in (
            (b"\xef\xbb\xbf" + gold.encode(), system.encode(), False),
            (gold.replace("\n", "\r\n").encode(), system.replace("\n", "\r\n").encode(), True),
            (gold.encode(), system.encode()[:-5000] + b"\xff\n\n" + system.encode()[-5000:], False)):
        g, s = write(tmp_path, g_bytes, s_bytes)
        assert streamed_is_used(g, s, []) == streamed
        for flags in ([], ["-q"]):
            assert run(g, s, flags) == run(g, s, flags, whole=True, monkeypatch=monkeypatch)


def _peak(tmp_path: Path, copies: int) -> int:
    g, s = write(tmp_path, zh(40) * copies, zh(40, 8) * copies)
    tracemalloc.start()
    try:
        out, _, code = run(g, s, [])
        assert code == 0 and "CLAS" in out
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_memory_does_not_grow_with_the_files(tmp_path, monkeypatch):
    """8 and 32 copies of 40 sentences: the same peak, the full report included."""
    monkeypatch.setattr(conllx_stream, "PIECE", 8192)
    small = _peak(tmp_path, 8)
    big = _peak(tmp_path, 32)
    assert big < 1.25 * small, (small, big)


@pytest.mark.parametrize("empty", ["gold", "system", "both"])
def test_empty_file_given_as_conllu(tmp_path, monkeypatch, empty):
    monkeypatch.setattr(conllx_stream, "PIECE", 700)
    text = zh(20)
    g, s = write(tmp_path, "" if empty != "system" else text, "" if empty != "gold" else text)
    for flags in MODES:
        flags = [*flags, "--format", "conllu"]
        assert run(g, s, flags) == run(g, s, flags, whole=True, monkeypatch=monkeypatch)
