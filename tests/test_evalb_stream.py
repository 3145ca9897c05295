"""`score --output json|csv` (EVALB) on line-paired files: the kernel path
(`scoring.evalb_stream`, `evalb._kernel.DetailKernel`) against its oracle, the Tree path
(`EvalbProfile.score` per pair), which TCOMPARE_PURE_PYTHON=1 forces: the same bytes on
random pairs (deletions, punctuation, -NONE-, EQ_LABEL, errors, skips, blank lines, labels
JSON escapes), on WSJ section 23, and on files the kernel path refuses."""

import importlib.util
import io
import random
import re

import pytest

from conftest import ANCHORS
from tcompare import compiled
from tcompare.cli import score_evalb
from tcompare.formats.lines import PairedLines
from tcompare.scoring.evalb import stream as evalb_stream
from tcompare.scoring.evalb.profile import PROFILE

BUILT = importlib.util.find_spec("tcompare.scoring.evalb._kernel") is not None
needs_kernel = pytest.mark.skipif(not BUILT or compiled.pure_python(),
                                  reason="compiled kernel not built, or TCOMPARE_PURE_PYTHON=1")

LABELS = ["S", "NP", "VP", "PP", "NP-SBJ-1", "S=2", "ADVP", "PRT", "SBAR", "TOP", "-NONE-", "",
          "-LRB-", "NP-", "WHNP", "é", 'Q"', "A\x01"]
TAGS = ["NN", "VB", "DT", ",", ".", ":", "``", "''", "-NONE-", "PRT", "ADVP", "IN", "-LRB-", "ü"]
WORDS = ["the", "cat", "sat", "'", '"', "/", "a", "*T*-1", "0", "'s", "ü", "\u4e2d", "x\xa0y"]
# lines the kernel leaves to the PTB reader (errors, no parse, made-up roots...), brackets
# balanced so that the file is still read line by line
BROKEN = ["", "(())", "()", "(S (NN a)) extra", "stray", "(NN a) (VB b)", "(S (NP) (NN a))",
          "( (NN a))", "(S (NN a)\t(VB b))\r", "(S (NN a)) (S (NN b))", "(S (NN a b))"]
UNBALANCED = ["(S (NN a)))", "((S (NN a))", "(S (NN a) (VB"]
PRMS = {
    "collins": [],
    "unlabeled": ["-l"],
    "eq": ["-p", "PRM"],
}
EQ_PRM = ("DELETE_LABEL TOP\nDELETE_LABEL ,\nDELETE_LABEL -NONE-\nEQ_LABEL ADVP PRT\n"
          "EQ_LABEL PRT NP\nEQ_WORD cat the\nQUOTE_LABEL ``\nQUOTE_LABEL ''\nDELETE_LABEL ``\n"
          "DELETE_LABEL ''\nDELETE_LABEL_FOR_LENGTH ,\nCUTOFF_LEN 3\n")


def _bracket(rng: random.Random, leaves: list, labels: list) -> str:
    if len(leaves) <= 1 or rng.random() < 0.15:
        return f"({rng.choice(labels)} {' '.join(leaves)})"
    cut = rng.randint(1, len(leaves) - 1)
    sep = rng.choice([" ", " ", "  ", "\t", ""])
    return (f"({rng.choice(labels)}{sep or ' '}{_bracket(rng, leaves[:cut], labels)}{sep}"
            f"{_bracket(rng, leaves[cut:], labels)})")


def _pair(rng: random.Random, labels: list, broken: float) -> tuple[str, str]:
    """A gold line and a system line holding the same words (tags sometimes changed, never
    to or from -NONE-), or now and then a broken / empty / other line."""
    words = [(rng.choice(TAGS), rng.choice(WORDS)) for _ in range(rng.randint(1, 9))]
    gold = _bracket(rng, [f"({t} {w})" for t, w in words], labels)
    swapped = [(rng.choice(TAGS[:8]) if t != "-NONE-" and rng.random() < 0.2 else t, w)
               for t, w in words]
    system = _bracket(rng, [f"({t} {w})" for t, w in swapped], labels)
    if rng.random() < broken:
        system = rng.choice(BROKEN + [gold, system.replace("(", "( ", 1)])
    return gold, system


def _files(tmp_path, rng, n, labels, broken, newline_at_end=True):
    pairs = [_pair(rng, labels, broken) for _ in range(n)]
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    end = "\n" if newline_at_end else ""
    gold.write_text("\n".join(g for g, _ in pairs) + end, encoding="utf-8")
    system.write_text("\n".join(s for _, s in pairs) + end, encoding="utf-8")
    return str(gold), str(system)


def _run(monkeypatch, args: list[str], pure: bool) -> tuple[int, bytes, bytes]:
    if pure:
        monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    else:
        monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    out, err = io.BytesIO(), io.BytesIO()
    code = score_evalb.main(args, "evalb", out, err)
    return code, out.getvalue(), err.getvalue()


def _same_both_ways(monkeypatch, args: list[str]) -> None:
    fast = _run(monkeypatch, args, pure=False)
    oracle = _run(monkeypatch, args, pure=True)
    assert fast == oracle


def _kernel_share(gold: str, system: str, config=None) -> tuple[int, int]:
    """(sentences the kernel wrote, sentences left to EvalbProfile.score)."""
    pairs = evalb_stream.line_pairs(PairedLines(gold, system), config or PROFILE.prepare())
    assert pairs is not None
    written = python = 0
    for piece in pairs.pieces("json"):
        if isinstance(piece, bytes):
            written += piece.count(b'{"index": ')
        else:
            python += 1
    return written, python


@needs_kernel
@pytest.mark.parametrize("prm", sorted(PRMS))
@pytest.mark.parametrize("seed", range(3))
def test_random_pairs_same_bytes(tmp_path, monkeypatch, prm, seed):
    rng = random.Random(seed * 131 + len(prm))
    labels = LABELS[:15] if seed != 2 else LABELS      # labels JSON escapes in seed 2
    gold, system = _files(tmp_path, rng, 300, labels, broken=0.0 if seed == 0 else 0.1,
                          newline_at_end=seed != 1)
    (tmp_path / "eq.prm").write_text(EQ_PRM)
    extra = [a.replace("PRM", str(tmp_path / "eq.prm")) for a in PRMS[prm]]
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    if prm != "eq":
        written, python = _kernel_share(gold, system)
        assert written > 30 and python > 0       # both ways were taken
    for output in ("json", "csv"):
        for more in ([], ["--summary-only"], ["-c", "4"]):
            _same_both_ways(monkeypatch, [gold, system, "--output", output, *extra, *more])


@needs_kernel
@pytest.mark.slow
@pytest.mark.parametrize("system", ["23.sys_berkeley", pytest.param("23.sys_berkeley_top", marks=pytest.mark.heavy)])
def test_wsj23_same_bytes(monkeypatch, system):
    base = ANCHORS / "evalb" / "real" / "wsj23_berkeley"
    if not (base / "23.gold").exists():
        pytest.skip("anchors not available")
    gold, sys_path = str(base / "23.gold"), str(base / system)
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    written, python = _kernel_share(gold, sys_path)
    assert written > 2400 and python < 10        # its three "(())" lines are "changed" pairs
    for output in ("json", "csv"):
        _same_both_ways(monkeypatch, [gold, sys_path, "--output", output])


@needs_kernel
def test_files_the_kernel_path_refuses_give_the_same_bytes(tmp_path, monkeypatch):
    """A BOM, another encoding, a multi-line .mrg file, unbalanced lines, a CoNLL file,
    joined sentences: the Tree path writes them, as before."""
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    rng = random.Random(5)
    pairs = [_pair(rng, LABELS[:15], 0.0) for _ in range(40)]
    gold_text = "\n".join(g for g, _ in pairs) + "\n"
    systems = [s for _, s in pairs]
    joined = systems[:5] + [systems[5][:-1] + " " + systems[6] + ")"] + systems[7:]
    cases = {
        "bom": "\ufeff" + "\n".join(systems) + "\n",
        "latin1": "\n".join(systems).replace("ü", "\xfc") + "\n",
        "multiline": "\n".join(re.sub(r" \(", "\n  (", s, count=1) for s in systems) + "\n",
        "unbalanced": "\n".join(UNBALANCED[k % 3] if k % 9 == 4 else s
                               for k, s in enumerate(systems)) + "\n",
        "conll": "1\tthe\t_\tDT\tDT\t_\t2\tdet\t_\t_\n2\tcat\t_\tNN\tNN\t_\t0\troot\t_\t_\n\n",
        "joined": "\n".join(joined) + "\n",
    }
    gold = tmp_path / "g.mrg"
    gold.write_text(gold_text, encoding="utf-8")
    for name, text in cases.items():
        system = tmp_path / f"{name}.mrg"
        system.write_bytes(text.encode("latin-1" if name == "latin1" else "utf-8", "replace"))
        assert evalb_stream.line_pairs(PairedLines(str(gold), str(system)), PROFILE.prepare()) is None, name
        for output in ("json", "csv"):
            _same_both_ways(monkeypatch, [str(gold), str(system), "--output", output])


@needs_kernel
@pytest.mark.parametrize("seed", range(4))
def test_misaligned_files_same_bytes(tmp_path, monkeypatch, seed):
    """Sentences dropped, inserted, repeated or changed (and some lines the kernel leaves
    to the reader): paired line by line as EVALB pairs them; files of different lengths
    go by the Tree path (which lists what EVALB leaves out); the same bytes and the same
    note on stderr either way."""
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    rng = random.Random(seed + 40)
    pairs = [_pair(rng, LABELS[:15], 0.05) for _ in range(120)]
    gold, system = [g for g, _ in pairs], [s for _, s in pairs]
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(system))
        what = rng.random()
        if what < 0.35:
            del system[k]
        elif what < 0.6:
            system.insert(k, _pair(rng, LABELS[:15], 0.0)[1])
        elif what < 0.8:
            system.insert(k, system[k])
        else:
            del gold[k]
    g, s = tmp_path / "g.mrg", tmp_path / "s.mrg"
    g.write_text("\n".join(gold) + "\n", encoding="utf-8")
    s.write_text("\n".join(system) + ("\n" if seed % 2 else ""), encoding="utf-8")
    lines = evalb_stream.line_pairs(PairedLines(str(g), str(s)), PROFILE.prepare())
    if len(gold) != len(system):
        assert lines is None
    for output in ("json", "csv"):
        for more in ([], ["--summary-only"]):
            _same_both_ways(monkeypatch, [str(g), str(s), "--output", output, *more])


@needs_kernel
def test_texts_that_differ_pair_as_changed(tmp_path, monkeypatch):
    """Line-paired files with some pairs of other words: still line by line ("changed",
    scored by EvalbProfile.score), the same bytes as the Tree path."""
    rng = random.Random(11)
    pairs = [_pair(rng, LABELS[:15], 0.0) for _ in range(60)]
    pairs[3] = (pairs[3][0], "(S (NN other) (NN words))")
    pairs[30] = (pairs[30][0], "(())")
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    gold.write_text("\n".join(g for g, _ in pairs) + "\n", encoding="utf-8")
    system.write_text("\n".join(s for _, s in pairs) + "\n", encoding="utf-8")
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    lines = evalb_stream.line_pairs(PairedLines(str(gold), str(system)), PROFILE.prepare())
    assert lines is not None and lines.alignment_counts()["changed"] == 2
    for output in ("json", "csv"):
        _same_both_ways(monkeypatch, [str(gold), str(system), "--output", output])


def test_pure_python_forces_the_tree_path(tmp_path, monkeypatch):
    gold = tmp_path / "g.mrg"
    gold.write_text("(S (NP (N a)) (VP (V b)))\n" * 3)
    monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    assert evalb_stream.line_pairs(PairedLines(str(gold), str(gold)), PROFILE.prepare()) is None
    from tcompare import formats
    from tcompare.scoring.pairing import _source_text

    assert _source_text(formats.read_file(gold)) is None      # pairing parses the trees


@needs_kernel
def test_paired_blocks_split_lines_as_the_reader_does(tmp_path, monkeypatch):
    """Blocks of whole lines, a last line without a newline included; other line counts
    refused (`_Uneven`)."""
    from tcompare.compiled import evalb_kernel as kernel

    monkeypatch.setattr(evalb_stream, "BLOCK_BYTES", 7)
    monkeypatch.setattr(evalb_stream, "READ_BYTES", 5)
    rng = random.Random(3)

    def records(text: str) -> int:
        lines = text.split("\n")
        return len(lines) - 1 + bool(lines[-1])

    for _ in range(400):
        texts = []
        for _side in range(2):
            lines = ["x" * rng.randint(0, 12) for _ in range(rng.randint(0, 6))]
            texts.append("\n".join(lines) + ("\n" if lines and rng.random() < 0.5 else ""))
        (tmp_path / "g").write_text(texts[0])
        (tmp_path / "s").write_text(texts[1])
        try:
            blocks = list(evalb_stream._blocks(PairedLines(str(tmp_path / "g"), str(tmp_path / "s")),
                                               kernel()))
        except evalb_stream._Uneven:
            assert records(texts[0]) != records(texts[1])
            continue
        assert records(texts[0]) == records(texts[1]) == sum(n for _, _, n in blocks)
        assert b"".join(g for g, _, _ in blocks) == texts[0].encode()
        assert b"".join(s for _, s, _ in blocks) == texts[1].encode()
        for g, s, n in blocks:
            assert records(g.decode()) == records(s.decode()) == n


@needs_kernel
def test_pairing_reads_texts_from_sources_as_the_reader_does(monkeypatch):
    """`pairing._source_text` (the kernel reading a source) gives `record_text` or None
    (then the tree is parsed): on random, broken, multi-line and odd-whitespace sources."""
    from tcompare import formats
    from tcompare.scoring.pairing import _source_text, record_text

    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    rng = random.Random(17)
    words = WORDS + ["a\x1cb", "\u3000", "x\u2028y", "\x00"]
    sources = []
    for _ in range(600):
        leaves = [f"({rng.choice(TAGS)} {rng.choice(words)})" for _ in range(rng.randint(1, 6))]
        line = _bracket(rng, leaves, LABELS)
        if rng.random() < 0.3:
            line = rng.choice(BROKEN + UNBALANCED + [line.replace(" (", "\n  (", 2), "x " + line,
                                                     line + " )", line[:-1], "  " + line + " \n"])
        sources.append(line)
    read = 0
    for source in sources:
        corpus = formats.read_text(source + "\n", "ptb")   # one file each: an unbalanced
        quick = _source_text(corpus)                       # line would swallow the rest
        assert quick is not None
        for record in corpus:
            text = quick(record.source)
            if text is not None:
                read += 1
                assert text == record_text(record), record.source
    assert read > 300


@needs_kernel
@pytest.mark.parametrize("output", ["json", "csv"])
def test_runs_of_blank_lines_are_scored_once_and_give_the_same_bytes(tmp_path, monkeypatch,
                                                                    output):
    """A pair of blank lines (an empty parse each) is scored once and copied for the next
    ones: the same bytes as scoring each (and as the pure-Python scorer), and 10^4 blank
    pairs parse a handful of trees, not 2 x 10^4."""
    from tcompare.scoring import pairing

    lines = ["(S (NN a))", "", "", " ", "\t", "(S (NN b))", "", "(S (NN a) (VB c))", ""]
    gold = tmp_path / "g.mrg"
    system = tmp_path / "s.mrg"
    gold.write_bytes(("\n".join(lines) + "\n" + "\r\n" * 3).encode())
    system.write_bytes(("\n".join(lines[:7] + ["(S (NN a) (VB d))", " "]) + "\n"
                        + "\r\n" * 3).encode())
    args = [str(gold), str(system), "--output", output]
    fast = _run(monkeypatch, args, pure=False)
    monkeypatch.setattr(evalb_stream, "_blank_key", lambda g, s: None)   # each pair scored
    assert _run(monkeypatch, args, pure=False) == fast
    assert _run(monkeypatch, args, pure=True) == fast
    monkeypatch.undo()

    big = tmp_path / "blank.mrg"
    big.write_text("(S (NN a))\n" + "\n" * 10_000 + "(S (NN b))\n", encoding="utf-8")
    calls = []
    real = pairing.score_records
    monkeypatch.setattr(pairing, "score_records", lambda *a, **k: calls.append(1) or real(*a, **k))
    code, out, _ = _run(monkeypatch, [str(big), str(big), "--output", output], pure=False)
    assert code == 0 and len(calls) <= 4
    assert out.count(b"skipped: the system tree has no words after deletion") == 10_000


@needs_kernel
@pytest.mark.parametrize("longer", ["gold", "system"])
def test_a_longer_file_of_balanced_lines_is_paired_from_its_lines(tmp_path, monkeypatch, longer):
    """Files of different lengths whose every line balances (the reader's line mode: a
    sentence a line, a blank one too) go by the lines, not a Tree per left-out line (10^6
    blank lines after the gold file took 36 s and 1.6 GB); the tail is listed in the same
    bytes as the Tree path writes, its gold items counted the same."""
    rng = random.Random(77)
    pairs = [_pair(rng, LABELS[:15], 0.0) for _ in range(30)]
    short = "\n".join(g for g, _ in pairs) + "\n"
    long_ = short + "\n" * 40 + pairs[0][1] + "\n" + "\n" * 5
    g, s = tmp_path / "g.mrg", tmp_path / "s.mrg"
    g.write_text(long_ if longer == "gold" else short, encoding="utf-8")
    s.write_text(short if longer == "gold" else long_, encoding="utf-8")
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    stop = score_evalb._stop_line(score_evalb.parse_args([str(g), str(s)]),
                                  score_evalb.build_params(score_evalb.parse_args([str(g), str(s)]),
                                                           io.BytesIO()))
    assert stop == 31
    lines = evalb_stream.line_pairs(PairedLines(str(g), str(s)), PROFILE.prepare(), stop=stop)
    assert lines is not None
    assert lines.alignment_counts()["missing" if longer == "gold" else "extra"] == 46
    for output in ("json", "csv"):
        for more in ([], ["--summary-only"]):
            _same_both_ways(monkeypatch, [str(g), str(s), "--output", output, *more])


@needs_kernel
def test_a_longer_file_with_an_unbalanced_line_keeps_the_tree_path(tmp_path):
    """A line that does not balance may make the reader join lines: not paired by lines."""
    g, s = tmp_path / "g.mrg", tmp_path / "s.mrg"
    g.write_text("(S (NN a))\n(S (NN b)\n)\n", encoding="utf-8")
    s.write_text("(S (NN a))\n", encoding="utf-8")
    assert evalb_stream.line_pairs(PairedLines(str(g), str(s)), PROFILE.prepare(), stop=2) is None
