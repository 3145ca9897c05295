"""The shared machinery, one home each: `tcompare.compiled` (every compiled module, one
switch, one notice), `scoring.workers.paused_gc`, and `formats.lines`' one "read head,
decode, sniff" (a one-line PTB file of 10^6 words is PTB, scored by EVALB's block path)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare import compiled
from tcompare.formats import lines
from tcompare.formats.lines import PairedLines
from tcompare.scoring import evalb as evalb_face
from tcompare.scoring.workers import paused_gc

ROOT = Path(__file__).resolve().parent.parent


# -- compiled.py ---------------------------------------------------------------------------------

def test_the_switch_turns_every_compiled_module_off(monkeypatch):
    monkeypatch.setenv(compiled.SWITCH, "1")
    assert [compiled.load(name) for name in compiled.MODULES] == [None] * len(compiled.MODULES)
    assert compiled.evalb_kernel() is compiled.conllx_kernel() is compiled.zh_kernel() is None
    assert compiled.bus_guard() is compiled.lines_module() is None
    assert compiled.engine_name(compiled.evalb_kernel()) == "python"
    monkeypatch.setenv(compiled.SWITCH, "0")       # "0" and "" leave them on
    assert not compiled.pure_python()


def test_a_hidden_module_is_seen_at_once(monkeypatch):
    """Nothing is cached: a module made unimportable is None from the next call on."""
    monkeypatch.delenv(compiled.SWITCH, raising=False)
    monkeypatch.setitem(sys.modules, compiled.ZH, None)     # import fails
    assert compiled.zh_kernel() is None


NOTICE_RUN = """
import sys
blocked = sys.argv[1]
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == blocked:
            raise ImportError("blocked")
sys.meta_path.insert(0, Block())
from tcompare import compiled
for _ in range(3):
    assert compiled.load(blocked) is None
assert compiled.load(compiled.BUS_GUARD if blocked != compiled.BUS_GUARD else compiled.ZH) is not None \\
    or True
"""


@pytest.mark.parametrize("name", compiled.MODULES)
def test_one_notice_for_any_missing_module(name, tmp_path):
    """Any compiled module missing says so once per process, in the same words, and only
    when asked (TCOMPARE_VERBOSE) or on a terminal: a redirected stderr stays quiet."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(compiled.SWITCH, None)
    env.pop("TCOMPARE_VERBOSE", None)
    quiet = subprocess.run([sys.executable, "-c", NOTICE_RUN, name], capture_output=True,
                           env=env, cwd=tmp_path)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == b""
    verbose = subprocess.run([sys.executable, "-c", NOTICE_RUN, name], capture_output=True,
                             env=dict(env, TCOMPARE_VERBOSE="1"), cwd=tmp_path)
    assert verbose.returncode == 0, verbose.stderr
    assert verbose.stderr == compiled.NOTICE.encode()


# -- workers.paused_gc ---------------------------------------------------------------------------

def test_paused_gc_keeps_the_callers_choice():
    was = gc.isenabled()
    try:
        gc.enable()
        with paused_gc():
            assert not gc.isenabled()
            with paused_gc():
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled()
        gc.disable()                       # someone else's choice is kept
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


# -- formats.lines: the head of a file -----------------------------------------------------------

def _one_line_ptb(path: Path, words: int) -> None:
    path.write_text("(S " + "(NP (DT the) (NN cat)) " * (words // 2) + ")\n", encoding="utf-8")


def test_a_one_line_ptb_file_of_a_million_words_is_ptb_for_the_block_path(tmp_path):
    """One huge tree on one line: the head holds no whole line, which is no evidence of
    trees over several lines; the head sniffs as PTB; EVALB's face takes the block path
    (the tree path took 13 s and 1 GB on such a file, the block path a fraction of it)."""
    gold, test = tmp_path / "one.gld", tmp_path / "one.tst"
    _one_line_ptb(gold, 10 ** 6)
    _one_line_ptb(test, 10 ** 6)
    assert gold.stat().st_size > 1 << 20              # longer than any head read
    head = lines.read_head(str(gold))
    assert not head.whole and head.whole_lines() == []
    assert lines.sniff_head(str(gold)) == "ptb"
    assert not lines.multiline_ptb(str(gold))
    assert lines.one_tree_per_line(str(gold))
    files = PairedLines(str(gold), str(test))
    assert evalb_face.engine(files, "rsl", 0, None) == "block"
    from tcompare.cli import score

    assert score._guess_profile([str(gold), str(test)], None) == "evalb"


def test_a_multiline_mrg_file_is_still_found(tmp_path):
    path = tmp_path / "trees.mrg"
    path.write_text("(S\n  (NP (DT the) (NN cat))\n  (VP (VBD sat)))\n" * 5000, encoding="utf-8")
    assert lines.multiline_ptb(str(path))
    assert not lines.one_tree_per_line(str(path))
    assert evalb_face.engine(PairedLines(str(path), str(path)), "rsl", 0, None) == "trees"


def test_the_head_is_cut_at_its_last_whole_line(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"a b\nc d\ne f")
    whole = lines.read_head(str(path))
    assert whole.whole and whole.text() == "a b\nc d\ne f"
    cut = lines.read_head(str(path), 6)
    assert not cut.whole and cut.whole_lines() == [b"a b"] and cut.text() == "a b\n"
