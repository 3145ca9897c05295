"""eval.pl / eval07.pl's face (CoNLL-X 2006, CoNLL 2007): which engine writes the reference
script's text report, given the two files' UTF-8 bytes (read by the caller's side).

* ``"compiled"`` -- the compiled counting engine (`conllx.report.run_compiled`, forked
  workers), when it is built and the files' lines pair up;
* ``"port"`` -- the line-by-line port of the Perl script (`conllx.report.run`): without the
  kernel, and wherever the files' line structures differ (it says how, as eval.pl does).

Both print the same bytes (tested against each other and against the Perl scripts).

The family (CoNLL-X 2006 ``eval.pl``, CoNLL 2007 ``eval07.pl``):
* `profile` -- the per-item profile (`judge`: one token's verdicts, used by every counting path);
* `report` -- `EvalPl` counts (the Python oracle of the kernel) and `EvalPlReport` prints the
  script's text, byte for byte, never changing a count;
* `_kernel` (``_kernel.pyx``) -- the compiled twin of `EvalPl`'s counting and of `perlhash`;
* `perlhash` -- the key order of Perl 5's hashes, which the script's tables print in;
* `stream` -- the ``conllu`` profile's report from two files read in pieces (flat memory).
"""

from __future__ import annotations

from typing import Any

from tcompare.scoring.conllx import report as conllx_report
from tcompare.scoring.conllx.report import RunOutput

__all__ = ["RunOutput", "text_report"]


def text_report(texts: list[bytes], gold_name: str, system_name: str, *, quiet: bool = False,
                **options: Any) -> RunOutput:
    """The script's report of ``texts = [gold bytes, system bytes]``.  The list is emptied
    once the compiled engine has read it (a caller that keeps no other reference lets the
    report's last phase run without the two files in memory)."""
    result = conllx_report.run_compiled(b"", b"", gold_name, system_name, quiet=quiet,
                                        texts=texts, **options)
    if result is None:          # no kernel, or lines that do not pair up: the port says how
        gold, system = (data.decode("utf-8", "surrogateescape") for data in texts)
        result = conllx_report.run(gold, system, gold_name, system_name, quiet=quiet,
                                   **options)
    return result
