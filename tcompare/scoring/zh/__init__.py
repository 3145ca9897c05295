"""The Chinese profiles' face (PARSEVAL 2010, PARSEVAL 2012, SIGHAN 2012): which engine
scores a pair of files.

Two engines give the same report: the block path (`zh.stream`: raw lines in blocks over
forked workers, counted by the compiled kernel where built, no tree per sentence) and the
tree path (the format registry's corpora, `pairing`).  `text_report` takes the block path
when the files allow it -- two regular one-tree-per-line files in the kernel's notation --
and says None otherwise, or when the block path gives up while reading (then the caller
reads the trees).

The family (CIPS-ParsEval-2010, CIPS-ParsEval-2012 with CCG, SIGHAN-2012 on Sinica):
* `core` -- bracket matching shared by the three campaigns (the Python oracle);
* `_kernel` (``_kernel.pyx``) -- its compiled twin, counting raw lines in blocks;
* `parseval2010`, `parseval2012`, `sighan2012` -- the per-item profiles; `eventbank` -- 2010's
  event recognition task;
* `stream` -- the streamed text report (the block path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcompare.scoring.zh import stream as zhbatch

if TYPE_CHECKING:
    from typing import TextIO

    from tcompare.formats.lines import PairedLines


def text_report(profile: Any, config: Any, files: PairedLines, gold_format: str | None,
                system_format: str | None, out: TextIO, summary_only: bool = False,
                jobs: int | None = None) -> tuple[Any, Any] | None:
    """The text report of `files` written to `out` by the block path: (tally, summary), or
    None (nothing written) when the tree path must do it."""
    if not zhbatch.usable(profile, config, files, gold_format, system_format):
        return None
    return zhbatch.text_report(profile, config, files, out, summary_only, jobs)
