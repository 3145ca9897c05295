"""The compiled EVALB kernel against its oracle, the pure-Python scorer: same rows, messages,
totals and per-sentence counts on random and real pairs; which one runs, and the fallback."""

import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import ANCHORS, ROOT
from tcompare import compiled
from tcompare.formats import lines
from tcompare.scoring.evalb import block as evalb_block
from tcompare.scoring.evalb.profile import read_prm_file
from tcompare.scoring.evalb.prm import parse_prm

BUILT = importlib.util.find_spec("tcompare.scoring.evalb._kernel") is not None
needs_kernel = pytest.mark.skipif(not BUILT, reason="compiled kernel not built")

LABELS = ["S", "NP", "VP", "PP", "NP-SBJ-1", "S=2", "ADVP", "PRT", "SBAR", "TOP", "-NONE-", "",
          "-LRB-", "NP-", "WHNP"]
TAGS = ["NN", "VB", "DT", ",", ".", ":", "``", "''", "-NONE-", "PRT", "ADVP", "POS", "IN", "-LRB-"]
WORDS = ["the", "cat", "sat", "'", '"', "/", "a", "*T*-1", "0", "'s", "ü", "\u4e2d"]


def _tree(rng: random.Random, depth: int = 0) -> str:
    if depth > 3 or rng.random() < 0.35:
        return f"({rng.choice(TAGS)} {rng.choice(WORDS)})"
    kids = " ".join(_tree(rng, depth + 1) for _ in range(rng.randint(1, 4)))
    return f"({rng.choice(LABELS)} {kids})"


def _bracket(rng: random.Random, leaves: list) -> str:
    if len(leaves) <= 1 or rng.random() < 0.15:
        return f"({rng.choice(LABELS)} {' '.join(leaves)})" if leaves else "(S )"
    cut = rng.randint(1, len(leaves) - 1)
    return f"({rng.choice(LABELS)} {_bracket(rng, leaves[:cut])} {_bracket(rng, leaves[cut:])})"


def _variant(rng: random.Random, line: str) -> str:
    """A system line: the gold one perturbed (labels, spans, words, malformed bits)."""
    r = rng.random()
    if r < 0.15:
        return line
    if r < 0.55:        # the same words (tags sometimes changed), bracketed anew
        terminals = re.findall(r"\(([^\s()]*) ([^\s()]*)\)", line)
        leaves = [f"({rng.choice(TAGS) if rng.random() < 0.2 else t} {w})" for t, w in terminals]
        return _bracket(rng, leaves)
    if r < 0.65:
        return _tree(rng)
    if r < 0.72:
        return rng.choice(["", "(())", "()", "(S (NN a)) extra", "(S (NN a)))", "((S (NN a))",
                           "(S (NN a) (VB", "stray", "(S (NN a)\t(VB b))\r", "( (NN a))"])
    tokens = line.split(" ")
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(tokens))
        t = tokens[k]
        if t.startswith("("):
            tokens[k] = "(" + rng.choice(LABELS + TAGS)
        elif rng.random() < 0.3:
            tokens[k] = t.replace(")", "", 1) if ")" in t else t
        else:
            tokens[k] = rng.choice(WORDS) + ")" * t.count(")")
    if rng.random() < 0.2:
        tokens.insert(rng.randrange(len(tokens) + 1), f"({rng.choice(LABELS)}")
        tokens.append(")")
    return " ".join(tokens)


PRMS = {
    "collins": lambda: read_prm_file(None)[0],
    "unlabeled": lambda: parse_prm("LABELED 0\nDELETE_LABEL TOP\nDELETE_LABEL -NONE-\n"
                                   "DELETE_LABEL_FOR_LENGTH -NONE-\n")[0],
    "eq-chain": lambda: parse_prm("DELETE_LABEL TOP\nDELETE_LABEL ,\nEQ_LABEL ADVP PRT\n"
                                  "EQ_LABEL PRT NP\nEQ_WORD cat the\nQUOTE_LABEL ``\n"
                                  "QUOTE_LABEL ''\nDELETE_LABEL ``\nDELETE_LABEL ''\n"
                                  "DELETE_LABEL_FOR_LENGTH ,\nCUTOFF_LEN 3\n")[0],
}


def _both(params, gold: bytes, test: bytes, n: int) -> tuple:
    compiled = evalb_block.evalb_scorer(params, rows=True, stats=True, pure_python=False)
    python = evalb_block.evalb_scorer(params, rows=True, stats=True, pure_python=True)
    return compiled((1, n, gold, test)), python((1, n, gold, test))


@needs_kernel
@pytest.mark.parametrize("prm", sorted(PRMS))
@pytest.mark.parametrize("seed", range(4))
def test_random_pairs_same_output(prm, seed):
    rng = random.Random(seed * 7919 + len(prm))
    gold = [_tree(rng) for _ in range(400)]
    test = [_variant(rng, g) for g in gold]
    gb = "\n".join(gold).encode() + b"\n"
    tb = "\n".join(test).encode()          # the last line without its newline
    fast, oracle = _both(PRMS[prm](), gb, tb, len(gold))
    assert fast == oracle


def _real_cases():
    from test_evalb_anchors import CASES

    return [(c[0], c[1], c[2], c[3]) for c in CASES]


@needs_kernel
@pytest.mark.parametrize("case", _real_cases(), ids=lambda c: c[0])
def test_real_pairs_same_output(case):
    _, prm, gold, test = case
    base = ANCHORS / "evalb"
    if not (base / gold).exists():
        pytest.skip("anchors not available")
    params, _ = read_prm_file(base / prm)
    g = (base / gold).read_bytes()
    t = (base / test).read_bytes()
    n = min(len(g.split(b"\n")), len(t.split(b"\n"))) - 1
    if n <= 0:
        pytest.skip("empty")
    fast, oracle = _both(params, g, t, n)
    assert fast == oracle


def test_environment_variable_forces_the_pure_python_scorer(monkeypatch):
    monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    assert compiled.evalb_kernel() is None
    assert evalb_block.kernel_name() == "python"


def test_kernel_is_used_when_built(monkeypatch):
    """With a C compiler and Python's headers on the machine the install builds the kernel,
    and then the batch path uses it."""
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    if not (shutil.which("cc") or shutil.which("gcc")) or not headers:
        pytest.skip("no C compiler / Python headers: the fallback is expected")
    assert BUILT, "a compiler is available but the kernel was not built (pip install -e .)"
    assert evalb_block.kernel_name() == "compiled"


BLOCKER = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "tcompare.scoring.evalb._kernel":
            raise ImportError("blocked")
sys.meta_path.insert(0, Block())
from tcompare.entry import entry
sys.argv = ["tcompare"] + sys.argv[1:]
entry()
"""


def test_without_the_kernel_a_one_line_notice_and_the_same_report(tmp_path):
    g = tmp_path / "g"
    t = tmp_path / "t"
    g.write_text("(S (NP (DT the) (NN cat)) (VP (VBD sat)))\n" * 3)
    t.write_text("(S (NP (DT the) (NN cat) (VP (VBD sat))))\n" * 3)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("TCOMPARE_PURE_PYTHON", None)
    cmd = [sys.executable, "-c", BLOCKER, "score", "--profile", "evalb", str(g), str(t)]
    env.pop("TCOMPARE_VERBOSE", None)
    blocked = subprocess.run(cmd, capture_output=True, env=env, cwd=tmp_path)
    assert blocked.returncode == 0
    assert blocked.stderr == b""        # a redirected stderr stays the reference's
    verbose = subprocess.run(cmd, capture_output=True, env=dict(env, TCOMPARE_VERBOSE="1"),
                             cwd=tmp_path)
    assert verbose.stderr == b"tcompare: compiled kernel not available, using the pure-Python scorer\n"
    assert verbose.stdout == blocked.stdout
    normal = subprocess.run([sys.executable, "-m", "tcompare", "score", "--profile", "evalb",
                             str(g), str(t)], capture_output=True, env=env, cwd=tmp_path)
    assert normal.stdout == blocked.stdout
    assert normal.stderr == b""
    version = subprocess.run([sys.executable, "-c", BLOCKER, "--version"], capture_output=True,
                             env=env, cwd=tmp_path)
    assert b"scorer: pure Python (compiled kernel not available)" in version.stdout


@pytest.mark.parametrize("case", ["sample", "maxerr", "lines-gold-more", "wsj23-top"])
def test_byte_identity_when_the_kernel_is_missing(case, tmp_path):
    """The kernel not built at all (import blocked, no TCOMPARE_PURE_PYTHON): stdout, stderr
    and exit code are still C EVALB's."""
    from test_evalb_anchors import CASES, evalb_path, expected

    c = next(c for c in CASES if c[0] == case)
    _, prm, gold, test, *_ = c
    if not evalb_path(gold).exists():
        pytest.skip("anchors not available")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("TCOMPARE_PURE_PYTHON", None)
    env.pop("TCOMPARE_VERBOSE", None)
    cmd = [sys.executable, "-c", BLOCKER, "score", "--profile", "evalb", "-p",
           str(evalb_path(prm)), str(evalb_path(gold)), str(evalb_path(test))]
    proc = subprocess.run(cmd, capture_output=True, env=env, cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == expected(c)


# -- totals of kernel rows (the window's summary): compiled sums against their Python twin --

def _rows(seed: int):
    from array import array

    from tcompare.scoring.evalb.profile import kernel_result
    from tcompare.scoring.rows import ResultRows

    rng = random.Random(seed)
    numbers = array("i")
    for _ in range(500):
        gold = rng.randint(0, 30)
        test = rng.randint(0, 30)
        matched = rng.randint(0, min(gold, test))
        numbers.extend([rng.randint(0, 80), rng.randint(1, 60), gold, test, matched,
                        rng.choice([0, 0, 1, 2, 3, 7]), rng.randint(0, 60), 0])
    rows = ResultRows()
    rows.add_numbers(numbers, {3: None}, kernel_result)
    for k in rng.sample(range(500), 40):       # some rows built, one replaced by an error
        rows[k]
    from tcompare.scoring.base import SentenceResult, Status
    rows[11] = SentenceResult(index=12, status=Status.ERROR, message="x")
    return rows


@pytest.mark.parametrize("seed", range(5))
def test_compiled_row_sums_equal_the_python_loop(monkeypatch, seed):
    if compiled.evalb_kernel() is None:
        pytest.skip("compiled kernel not built")
    from tcompare.scoring.evalb.profile import EvalbLines, _rows_totals, row_sums

    rows = _rows(seed)
    stats, lazy, built = rows.kernel_part()
    assert sum(lazy) == 500 - len(built) and len(built) >= 40
    fast = (row_sums(stats, lazy, 40), EvalbLines.totals(rows), _rows_totals(rows, 40).render())
    monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    python = (row_sums(stats, lazy, 40), EvalbLines.totals(rows), _rows_totals(rows, 40).render())
    assert fast == python
    # and both equal the totals of every row built and added one by one
    from tcompare.scoring.evalb import report as evalb_rsl
    from tcompare.scoring.evalb.profile import PROFILE

    one_by_one = evalb_rsl.Totals(40)
    for r in list(rows):
        if r is not None:
            c = r.counts
            one_by_one.add(r.data.get("length", 0), {"valid": 0, "error": 1, "skip": 2}[r.status.value],
                           c["words"], c["gold_brackets"], c["test_brackets"], c["matched_brackets"],
                           c["crossing"], c["correct_tags"])
    assert PROFILE.totals([r for r in rows if r is not None], None).render() == one_by_one.render() \
        == python[2]


def test_totals_of_rows_are_kept_until_a_row_changes():
    from tcompare.scoring.base import SentenceResult, Status
    from tcompare.scoring.evalb.profile import PROFILE

    rows = _rows(7)
    first = PROFILE.totals(rows, None)
    assert PROFILE.totals(rows, None) is first            # asked again: not summed again
    rows[0]                                               # building a row changes nothing
    assert PROFILE.totals(rows, None) is first
    rows[1] = SentenceResult(index=2, status=Status.ERROR, message="y")
    again = PROFILE.totals(rows, None)
    assert again is not first and again.all.error == first.all.error + 1


@needs_kernel
def test_row_number_formatter_is_printf():
    """The kernel formats %6.2f itself: x * 100 rounded from x's exact binary value, ties
    to even -- what printf (and Python's %) print, over every ratio of small counts."""
    from tcompare.scoring.evalb import _kernel as k

    values = [100.0 * a / b for b in range(1, 420) for a in range(0, b + 1)]
    values += [0.125, 0.375, 0.625, 2.675, 1.005, 99.995, 100.0, 0.0, 1e-300, 5e-3, 123456.785]
    rng = random.Random(5)
    values += [rng.uniform(0, 1000) for _ in range(20000)] + [1e16, 1e300, -1.5]
    for x in values:
        assert k.fixed2(x) == b"%6.2f" % x, x


def test_compiled_line_scan_is_the_pythons(tmp_path):
    """The blocks' one line scan (`formats._lines.line_ends`) against its Python twin, on
    bytes and on a mapped file."""
    import mmap

    scan = compiled.lines_module()
    if scan is None:
        pytest.skip("formats._lines is not built")
    rng = random.Random(3)
    data = b"".join(rng.choice([b"\n", b"ab\n", b"x", b"(S (A a))\n", b"\r\n"]) for _ in range(3000))
    (tmp_path / "f").write_bytes(data)
    with open(tmp_path / "f", "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as mm:
        for _ in range(300):
            start, n = rng.randrange(len(data) + 1), rng.randrange(0, 40)
            want = lines.line_ends_py(data, start, n)
            assert lines.line_ends_py(mm, start, n) == want
            assert scan.line_ends(data, start, n) == want == scan.line_ends(mm, start, n)
