"""The compiled eval.pl counting engine against its oracle, the pure-Python port: the same
report, byte for byte, in every mode, on random and real pairs, in one process and chunked
over forked workers; and the CLI falls back to the port without the kernel."""

import importlib.util
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ANCHORS
from tcompare.scoring.conllx import report as R

BUILT = importlib.util.find_spec("tcompare.scoring.conllx._kernel") is not None
FORCED_OFF = os.environ.get("TCOMPARE_PURE_PYTHON", "") not in ("", "0")
needs_kernel = pytest.mark.skipif(not BUILT or FORCED_OFF,
                                  reason="compiled kernel not built, or TCOMPARE_PURE_PYTHON=1")

# values chosen to reach every branch: punctuation (ASCII and not), non-numeric, negative,
# huge and fractional HEADs, the ".S"/".E" markers as words, "+" and "->" inside labels
CELLS = ["1", "2", "3", "0", "-1", "x", "_", "1e3", "999999999999999999999", "01", "1.5",
         ".", ",", "。", "——", ".S", ".E", "a+b", "NN", "VB", "他", "é", "DERIV", "*", "0x01",
         "->", "ROOT", "SUBJ", "OBJ"]


def _texts(rng: random.Random, sentences: int, blank_runs: bool = True) -> tuple[str, str]:
    gold, system = [], []
    for _ in range(sentences):
        n = rng.randint(0 if blank_runs else 1, 9)
        for i in range(n):
            g = [str(i + 1), rng.choice(CELLS), "_", rng.choice(CELLS[12:]), "_", "_",
                 rng.choice(CELLS[:12] + [str(rng.randint(0, n))] * 6),
                 rng.choice(CELLS[14:] + ["SUBJ"] * 4), "_", "_"]
            s = list(g)
            if rng.random() < 0.4:
                s[6] = rng.choice(CELLS[:12] + [str(rng.randint(0, n))] * 6)
            if rng.random() < 0.3:
                s[7] = rng.choice(CELLS[14:])
            sep = "\t" if rng.random() < 0.9 else " "
            gold.append(sep.join(g) + "\n")
            system.append(sep.join(s) + "\n")
        gold.append("\n")
        system.append("\n")
    if rng.random() < 0.3:              # no final newline
        gold[-1] = system[-1] = ""
    return "".join(gold), "".join(system)


def _both(gold: str, system: str, jobs: int = 1, **kw):
    want = R.run(gold, system, "g", "s", **kw)
    got = R.run_compiled(gold.encode("utf-8", "surrogateescape"),
                         system.encode("utf-8", "surrogateescape"), "g", "s", jobs=jobs, **kw)
    return want, got


MODES = [dict(), dict(score_punct=True), dict(evalb=True), dict(quiet=True, evalb=True),
         dict(variant="conll07", score_punct=True, skip_deriv=True),
         dict(hash_order="insertion")]


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(range(len(MODES))))
def test_random_pairs_give_the_ports_report(seed, mode):
    gold, system = _texts(random.Random(seed), random.randint(1, 12))
    want, got = _both(gold, system, **MODES[mode])
    assert got == want


@needs_kernel
@pytest.mark.parametrize("jobs", [1, 2])
def test_chunked_over_workers_gives_the_same_report(jobs):
    # big enough that every table has ties and several chunks share keys
    gold, system = _texts(random.Random(7), 400, blank_runs=False)
    for kw in (dict(), dict(evalb=True, score_punct=True)):
        want, got = _both(gold, system, jobs=jobs, **kw)
        assert got == want


@needs_kernel
@pytest.mark.anchors
@pytest.mark.parametrize("folder", ["", pytest.param("zh_gsd_malt", marks=pytest.mark.slow)])
def test_real_pairs_give_the_ports_report(folder):
    base = ANCHORS / "conllx" / folder
    if not (base / "gold.conll").exists():
        pytest.skip("anchors not available")
    gold = (base / "gold.conll").read_text("utf-8")
    system = (base / "system.conll").read_text("utf-8")
    for kw in MODES:
        want, got = _both(gold, system, jobs=2, **kw)
        assert got == want


@needs_kernel
def test_mismatched_lines_are_left_to_the_port():
    gold = "1\ta\t_\tNN\t_\t_\t0\tROOT\t_\t_\n\n"
    assert R.run_compiled(gold.encode(), (gold + "\n").encode(), "g", "s") is None


def test_without_the_kernel_the_port_runs(monkeypatch):
    monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    assert R.kernel() is None
    gold = "1\ta\t_\tNN\t_\t_\t0\tROOT\t_\t_\n"
    assert R.run_compiled(gold.encode(), gold.encode(), "g", "s") is None


@needs_kernel
def test_the_kernel_is_used_when_built():
    assert R.kernel() is not None


@pytest.mark.anchors
def test_text_json_and_window_count_alike():
    """The text report (compiled or not), the JSON figures and the window's profile count
    the same scoring tokens and errors (one rule: `conllx.judge`)."""
    import io
    import json

    from tcompare import formats
    from tcompare.cli import score_conllx
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import pair_records

    base = ANCHORS / "conllx"
    if not (base / "gold.conll").exists():
        pytest.skip("anchors not available")
    g, s = str(base / "gold.conll"), str(base / "system.conll")
    for flags in ([], ["-p"]):
        text, data = io.StringIO(), io.StringIO()
        assert score_conllx.main(flags + ["-q", g, s], "conllx", text, io.StringIO()) == 0
        assert score_conllx.main(flags + ["--output", "json", "--summary-only", g, s], "conllx",
                                 data, io.StringIO()) == 0
        summary = json.loads(data.getvalue())["summary"]
        # the window scores with the same profile: its counts, sentence by sentence
        profile = profiles.get("conllx")
        config = profile.prepare({"score_punct": bool(flags)})
        gold, system = formats.read_file(g), formats.read_file(s)
        counts = profile.aggregate(pair_records(gold, system, profile, config), config).counts
        tot = counts["tokens"]
        assert summary["tokens"] == tot
        lines = text.getvalue().splitlines()
        for line, key, figure in zip(lines, ("both_correct", "head_correct", "label_correct"),
                                     ("LAS", "UAS", "LA")):
            assert line.split(":")[1].split("=")[0].split() == [str(counts[key]), "/", str(tot), "*", "100"]
            assert line.endswith("= %.2f %%" % summary[figure])


@needs_kernel
def test_compiled_perl_hash_is_the_pythons():
    from tcompare.scoring.conllx import perlhash

    compiled = perlhash._compiled()
    assert compiled
    rng = random.Random(3)
    for n in list(range(0, 70)) + [255, 256, 257, 1000]:    # SBOX32 up to 24 bytes, SipHash past
        for _ in range(5):
            data = bytes(rng.randrange(256) for _ in range(n))
            assert compiled(data) == perlhash.perl_hash_py(data)


@needs_kernel
def test_eval07_word_pos_warning_on_the_compiled_path():
    gold, system = _texts(random.Random(11), 20, blank_runs=False)
    lines = system.split("\n")
    cols = lines[5].split("\t") if "\t" in lines[5] else lines[5].split(" ")
    cols[1] = "XYZ"
    lines[5] = "\t".join(cols) if "\t" in lines[5] else " ".join(cols)
    system = "\n".join(lines)
    for kw in (dict(variant="conll07"), dict(variant="conll07", quiet=True)):
        want, got = _both(gold, system, **kw)
        assert got == want and "word/pos mismatch" in want.stderr
