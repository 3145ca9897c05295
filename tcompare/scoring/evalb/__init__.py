"""EVALB's face: which engine scores two files, given the files (opened by the caller's side
as a `formats.lines.PairedLines`) and the options.

Four engines give EVALB's verdicts, each tested against the others:

* ``"literal"`` -- the line-by-line port of ``evalb.c`` (`evalb.literal`), for ``-d`` / ``-D``
  (DEBUG 1 / 2): the only one that prints EVALB's debugging listing;
* ``"block"`` -- raw lines in blocks over forked workers, scored by the compiled kernel (or
  its pure-Python oracle): the rsl report of one-tree-per-line files (`evalb.block`);
* ``"lines"`` -- JSON / CSV of one-tree-per-line files written pair by pair from their raw
  lines, no tree per sentence (`evalb.stream.line_pairs`; None when the files do not allow
  it, then the trees);
* ``"trees"`` -- the format registry's corpora, pair by pair (`EvalbProfile.score`): any
  notation, trees over several lines, other encodings.

The family (EVALB, Sekine & Collins 1997, the 2013 ``evalb.c``; and EVALB_SPMRL):
* `core` -- the Python oracle: a sentence read into EVALB's view and compared (`compare`);
* `_kernel` (``_kernel.pyx``) -- its compiled twin: blocks of raw lines scored in C;
* `profile` -- the per-item profile (`EvalbProfile`: verdicts for every bracket, `aggregate`);
* `report` -- the ``.rsl`` text, byte for byte, printing only (`Totals`, `row`, the status codes);
* `prm` -- parameter files; `literal` -- the line-by-line port of ``evalb.c`` for ``-d``/``-D``;
* `block` -- the rsl report in blocks over forked workers; `stream` -- JSON/CSV pair by pair
  from raw lines; `spmrl` -- EVALB_SPMRL's profile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcompare.scoring.evalb.block import BLOCK_LINES, EvalbBlock, EvalbTail, evalb_blocks

if TYPE_CHECKING:
    from tcompare.formats.lines import PairedLines
    from tcompare.scoring.evalb.profile import EvalbConfig
    from tcompare.scoring.evalb.stream import LinePairs

__all__ = ["BLOCK_LINES", "EvalbBlock", "EvalbTail", "engine", "evalb_blocks", "line_pairs"]


def engine(files: PairedLines, output: str, debug: int, notation: str | None) -> str:
    """``"literal"``, ``"block"`` or ``"trees"`` for `files` (see the module docstring;
    ``"trees"`` for JSON / CSV means: try `line_pairs` first).  ``notation``: ``--format``,
    None when sniffed."""
    if output == "rsl" and debug and notation in (None, "ptb"):
        return "literal"
    if output == "rsl" and (notation == "ptb" or (notation is None and files.one_tree_per_line())):
        return "block"
    return "trees"


def line_pairs(files: PairedLines, config: EvalbConfig, notation: str | None = None,
               encoding: str | None = None, stop: int | None = None) -> LinePairs | None:
    """The ``"lines"`` engine for JSON / CSV, or None when the trees must do it."""
    from tcompare.scoring.evalb import stream as evalb_stream

    return evalb_stream.line_pairs(files, config, notation, encoding, stop)

