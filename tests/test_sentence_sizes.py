"""Issue 34: a sentence too big for a command is refused before it is parsed, naming the file,
line and column where it starts (a 10^6-word sentence cost 300 MB to 1.5 GB and minutes in
`errors`, `search`, `report`, `export`, `stats`, `convert` and `score` off the kernel path);
CoNLL files are split into sentences without a string per line."""

from __future__ import annotations

import re
import sys
import tracemalloc
from io import BytesIO, StringIO
from pathlib import Path

import pytest

from tcompare import formats
from tcompare.formats import conllx, sizes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import robustness  # noqa: E402

pytestmark = pytest.mark.issue(34)


@pytest.mark.parametrize("notation", robustness.NOTATIONS)
def test_the_size_estimate_is_an_upper_bound_read_without_parsing(notation):
    writer = robustness.WRITERS[notation]
    for words in (1, 7, 300):
        source = writer.flat(words)
        corpus = formats.get(notation).parse(source, "x")
        item = corpus[0].item
        shown = len(item.tokens) if hasattr(item, "tokens") else len(item.words)
        assert shown == words
        assert words <= sizes.items(notation, source) <= 3 * words + 3


def _two_sentences(tmp_path: Path, notation: str, words: int) -> Path:
    """A small sentence, then one of `words` words (starting on line 2 or later)."""
    writer = robustness.WRITERS[notation]
    path = tmp_path / f"x.{notation}"
    path.write_text(writer.flat(2) + writer.flat(words))
    return path


@pytest.fixture
def read_corpora(monkeypatch):
    """The corpora the command read (to see that nothing in them was parsed)."""
    read = []
    original = formats.read_file

    def reading(*args, **kwargs):
        corpus = original(*args, **kwargs)
        read.append(corpus)
        return corpus

    monkeypatch.setattr(formats, "read_file", reading)
    return read


def _refused(err: str, path: Path, notation: str, command: str, limit: int) -> None:
    line = {"ccgauto": 3, "conllx": 4, "conllu": 4}.get(notation, 2)   # after sentence 1
    match = re.search(rf"{re.escape(str(path))}:{line}:1: sentence 2 is too big for "
                      rf"`tcompare {command}`: about ([\d,]+) words and phrases \(it handles at "
                      rf"most {limit:,}\)", err)
    assert match, err
    assert int(match.group(1).replace(",", "")) > limit


COMMANDS = ["errors", "search", "report", "export", "stats", "convert"]


@pytest.mark.parametrize("notation", ["ptb", "ccgauto", "tct", "conllu"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_refuses_a_sentence_too_big_before_parsing_it(tmp_path, monkeypatch,
                                                                read_corpora, notation, command):
    if command == "errors" and notation.startswith("conll"):
        pytest.skip("errors refuses dependency files as a whole")
    monkeypatch.setattr(sizes, "ANALYSIS_LIMIT", 40)
    monkeypatch.setattr(sizes, "READ_LIMIT", 40)
    from tcompare.export import limits

    monkeypatch.setattr(limits, "EARLY_LIMIT", 40)
    path = _two_sentences(tmp_path, notation, 60)
    out, err = StringIO(), StringIO()
    fmt = ["--format", notation]
    if command == "errors":
        from tcompare.cli.errors import main
        code = main([*fmt, str(path), str(path)], out, err)
    elif command == "search":
        from tcompare.cli.search import main
        code = main([*fmt, "__", str(path), str(path)], out, err)
    elif command == "report":
        from tcompare.cli.report import main
        code = main([*fmt, "-o", str(tmp_path / "r.html"), str(path), str(path)], out, err)
    elif command == "export":
        from tcompare.cli.export import main
        code = main([*fmt, "--to", "svg", "-n", "2", "-o", str(tmp_path / "s.svg"), str(path),
                     str(path)], out, err, render_picture=lambda *a, **k: None)
    elif command == "stats":
        from tcompare.cli.stats import main
        code = main([*fmt, str(path)], out, err)
    else:
        from tcompare.cli import convert
        monkeypatch.setattr(sys, "stderr", err)
        code = convert.main([*fmt, str(path), "-o", str(tmp_path / "out")])
        assert not (tmp_path / "out").exists()
    assert code == 1
    _refused(err.getvalue(), path, notation, command, 40)
    assert read_corpora and not any(r.parsed for c in read_corpora for r in c.records)


def test_what_score_scored_before_the_limits_it_still_scores(tmp_path):
    """The pathological inputs `make bench` times (a tree 10^5 deep: 4 s, 250 MB on the tree
    path; a 10^5-word flat line; a 10^5-row CoNLL sentence) stay within `score`'s limit; the
    10^6-word sentence of the hostile matrix does not."""
    deep = "".join("(X " for _ in range(100_000)) + "x" + ")" * 100_000 + "\n"
    flat = "(S " + " ".join("(X x)" for _ in range(100_000)) + ")\n"
    huge = "(S " + " ".join("(X x)" for _ in range(1_000_000)) + ")\n"
    for name, text, refused in (("deep", deep, False), ("flat", flat, False), ("huge", huge, True)):
        path = tmp_path / f"{name}.mrg"
        path.write_text(text, encoding="utf-8")
        corpus = formats.read_file(str(path), "ptb")
        assert (sizes.refusal([corpus], sizes.SCORE_LIMIT, "score") is not None) is refused, name
    rows = tmp_path / "long.conll"
    rows.write_text(robustness.WRITERS["conllx"].flat(100_000), encoding="utf-8")
    assert sizes.rows_refusal(rows.read_bytes(), str(rows), "conllx", sizes.SCORE_LIMIT,
                              "score") is None


def test_a_sentence_of_a_hundred_thousand_words_is_still_scored_to_json(tmp_path):
    """The compiled JSON path writes a 10^5-word PTB line (issue 15's pathological input,
    87 MB): only a line past `KERNEL_LINE_BYTES` x 2 is left to the tree path's refusal."""
    import json
    import subprocess

    path = tmp_path / "long.mrg"
    path.write_text("(S " + " ".join("(X x)" for _ in range(100_000)) + ")\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tcompare", "score", str(path), str(path),
                           "--output", "json"], capture_output=True)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)["summary"]
    assert summary["fmeasure"] == 100.0 and summary["gold_brackets"] == 1


@pytest.mark.parametrize("notation", ["ptb", "ccgauto", "tct", "conllx", "conllu"])
def test_score_refuses_where_it_parses_and_scores_below_the_limit(tmp_path, monkeypatch,
                                                                 read_corpora, notation):
    from tcompare.cli import score

    path = _two_sentences(tmp_path, notation, 60)
    argv = ["--format", notation, "--output", "json", str(path), str(path)]
    out, err = StringIO(), StringIO()
    raw = BytesIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    out.buffer = raw      # type: ignore[attr-defined]
    err.buffer = BytesIO()  # type: ignore[attr-defined]
    assert score.main(argv) == 0, err.getvalue()        # within the limit: scored
    monkeypatch.setattr(sizes, "SCORE_LIMIT", 40)
    monkeypatch.setattr(sizes, "KERNEL_LINE_BYTES", 40)   # (PTB: past the compiled JSON path)
    read_corpora.clear()
    err.buffer = BytesIO()  # type: ignore[attr-defined]
    code = score.main(argv)
    message = err.getvalue() + err.buffer.getvalue().decode()  # type: ignore[attr-defined]
    assert code == 1
    _refused(message, path, notation, "score", 40)
    assert not any(r.parsed for c in read_corpora for r in c.records)


def _split_by_lines(text: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The reference split: a list of lines, blank ones (all whitespace) ending a sentence."""
    lines = re.findall(r"[^\n]*\n|[^\n]+$", text)
    i, n = 0, len(lines)
    while i < n and not lines[i].strip():
        i += 1
    prolog, records = "".join(lines[:i]), []
    while i < n:
        start = i
        while i < n and lines[i].strip():
            i += 1
        while i < n and not lines[i].strip():
            i += 1
        records.append((len(records) + 1, start + 1, "".join(lines[start:i])))
    return prolog, records


def test_conll_sentences_are_split_as_line_by_line():
    import random

    rng = random.Random(34)
    pieces = ["1\ta\t_\tN\tN\t_\t0\troot\t_\t_\n", "2\tb\t_\tN\tN\t_\t1\tdep\t_\t_", "\n",
              "\r\n", " \n", "\t", "\u2028", "\x1c\n", "\x85", "# c\n", "  ", "x"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        corpus = conllx.split_blocks(text, "p", conllx.parse_block)
        assert (corpus.prolog, [(r.index, r.line, r.source) for r in corpus.records]) \
            == _split_by_lines(text), repr(text)


def test_a_long_conll_sentence_is_read_without_a_string_per_line():
    # a 10^6-row sentence was split into 10^6 line strings and joined again: ~90 bytes a row
    text = robustness.WRITERS["conllx"].flat(100_000)
    tracemalloc.start()
    try:
        corpus = formats.get("conllx").parse(text, "x")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(corpus) == 1 and corpus[0].source == text
    assert peak < 1.6 * len(text), (peak, len(text))


def test_sniffing_a_long_line_does_not_split_it_into_words():
    # the CoNLL sniffer split the first line into its words: a 10^6-word CCG line (36 MB)
    # became 7 million strings, 433 MB, before anything was read
    text = robustness.WRITERS["ccgauto"].flat(20_000)
    tracemalloc.start()
    try:
        assert conllx.sniff(text) == 0.0
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * len(text), (peak, len(text))      # a few copies of the line; was 16
    assert formats.sniff(text) == "ccgauto"


@pytest.mark.parametrize("notation", ["tct", "sinica", "tct2012"])
def test_the_streamed_text_score_leaves_a_sentence_too_big_to_the_refusal(tmp_path, monkeypatch,
                                                                          notation):
    # one-tree-per-line Chinese files are scored by `scoring.zhbatch` without a tree per
    # sentence; its kernel took 1.3 GB on a 10^6-word line (1.3 GB, exit 0)
    from tcompare.cli import score

    path = _two_sentences(tmp_path, notation, 60)
    out, err = StringIO(), StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert score.main(["--format", notation, str(path), str(path)]) == 0, err.getvalue()
    monkeypatch.setattr(sizes, "SCORE_LIMIT", 40)
    assert score.main(["--format", notation, str(path), str(path)]) == 1
    _refused(err.getvalue(), path, notation, "score", 40)


def test_the_streamed_conllu_report_leaves_a_sentence_too_big_to_the_refusal(tmp_path,
                                                                             monkeypatch):
    # `score --profile conllu` (text) reads CoNLL-U piece by piece and scored each sentence
    # pair for the CLAS line: a 10^6-word sentence took 13 s and 1.3 GB
    from tcompare.cli import score

    path = _two_sentences(tmp_path, "conllu", 60)
    out, err = StringIO(), StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    argv = ["--format", "conllu", "--profile", "conllu", str(path), str(path)]
    assert score.main(argv) == 0, err.getvalue()
    monkeypatch.setattr(sizes, "SCORE_LIMIT", 40)
    assert score.main(argv) == 1
    _refused(err.getvalue(), path, "conllu", "score", 40)


def test_a_sentence_the_kernel_wrote_is_not_copied_on_its_way_out():
    # `score --output json` on a 10^6-word PTB sentence: the kernel's 200 MB piece was
    # copied to drop its leading comma
    from tcompare.cli import stream_out

    class Sink:
        written = 0

        def write(self, data) -> int:
            self.written += len(data)
            return len(data)

    piece = b",\n  " + b"x" * 5_000_000
    raw = Sink()
    tracemalloc.start()
    try:
        stream_out.write_json_pieces(StringIO(), raw, {}, [piece], dict)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert raw.written == len(piece) - 1
    assert peak < 1_000_000, peak


@pytest.mark.parametrize("notation", ["conllx", "conllu"])
def test_the_compiled_eval_pl_path_refuses_a_sentence_too_big(tmp_path, monkeypatch, notation):
    # `score` text of CoNLL files goes to the compiled eval.pl with the bytes: 360 MB on a
    # 10^6-row sentence
    from tcompare.cli import score

    path = _two_sentences(tmp_path, notation, 60)
    out, err = StringIO(), StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    argv = ["--format", notation, "--profile", "conllx", str(path), str(path)]
    assert score.main(argv) == 0, err.getvalue()
    monkeypatch.setattr(sizes, "SCORE_LIMIT", 40)
    assert score.main(argv) == 1
    _refused(err.getvalue(), path, notation, "score", 40)


def test_the_bytes_check_splits_nothing_when_no_sentence_can_be_too_big(monkeypatch):
    one = robustness.WRITERS["conllx"].flat(3)
    data = (one * 20_000).encode()
    monkeypatch.setattr(conllx, "split_blocks", lambda *a: pytest.fail("split"))
    assert sizes.rows_refusal(data, "x", "conllx", 40, "score") is None
    crlf = (one.replace("\n", "\r\n") * 2000).encode()
    assert sizes.rows_refusal(crlf, "x", "conllx", 40, "score") is None


@pytest.mark.parametrize("notation", robustness.NOTATIONS)
def test_blank_lines_after_a_sentence_do_not_make_it_big(notation):
    # a CoNLL-U file ending in 500,000 blank lines (kept in its last sentence's source) was
    # refused as a sentence of 500,009 rows
    source = robustness.WRITERS[notation].flat(3) + "\n" * 1000
    assert sizes.items(notation, source) <= 12


def test_the_evalb_kernel_text_path_still_scores_a_long_line(tmp_path, monkeypatch):
    # one tree per line, text output: the compiled EVALB reads no tree and scores 10^6 words
    # in 112 MB, so a long line is scored, not refused (its JSON is refused: 600 MB)
    from tcompare.cli import score
    from tcompare.formats.sizes import has_long_line

    path = _two_sentences(tmp_path, "ptb", 60)
    monkeypatch.setattr(sizes, "SCORE_LIMIT", 40)
    out, err = StringIO(), StringIO()
    out.buffer = BytesIO()  # type: ignore[attr-defined]
    err.buffer = BytesIO()  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert score.main(["--format", "ptb", str(path), str(path)]) == 0
    assert b"Bracketing FMeasure" in out.buffer.getvalue() + out.getvalue().encode()
    assert has_long_line(str(path), 40) and not has_long_line(str(path), 400)
