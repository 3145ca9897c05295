"""CoNLL 2018's face: which engine scores two CoNLL-U files, given them as
`formats.lines.ByteSource`s (opened by the caller's side, read here).

* ``"stream"`` -- two regular files, read in pieces that end at blank lines, segment by
  segment (and, for big files, in two halves at once): flat memory (`conll18.stream`);
  raises `Conll18Error` where the official script dies, worded as it words it;
* ``"loaded"`` -- anything that cannot be read twice (a pipe): both files loaded whole and
  evaluated at once (`conll18.evaluate`), the GUI's path.

Both give the official script's thirteen metrics (tested against each other and the
script).

The family (the CoNLL 2018 shared task's ``conll18_ud_eval.py``):
* `read` -- the official reader's rules (what it accepts, what it dies on, worded as it words it);
* `profile` -- the per-item profile and `evaluate` (the thirteen metrics over aligned words);
* `stream` -- the same metrics segment by segment from two regular files, in flat memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcompare.scoring.conll18 import profile as conll18
from tcompare.scoring.conll18 import stream as conll18_stream
from tcompare.scoring.conll18.read import load_conllu_file
from tcompare.scoring.conll18.stream import Segment, score_files

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

__all__ = ["Segment", "engine", "evaluate_loaded", "score_files"]


def engine(gold: ByteSource, system: ByteSource) -> str:
    """``"stream"`` or ``"loaded"`` (see the module docstring)."""
    return "stream" if conll18_stream.streamable(gold, system) else "loaded"


def evaluate_loaded(gold: ByteSource, system: ByteSource) -> Any:
    """The ``"loaded"`` engine: `conll18.evaluate` of both files read whole."""
    return conll18.evaluate(load_conllu_file(gold), load_conllu_file(system))
