"""The ``evalb.spmrl`` profile: EVALB as the SPMRL 2013/2014 shared tasks ran it (Seddah's
``evalb.spmrl``, with Petrov and McDonald's SANCL 2012 changes).

Byte-identical to the program: the CLI (`tcompare.cli.score_evalb_c.main`) runs
`evalb.literal.CEvalb` with ``variant="spmrl"`` over the raw lines.  On trees (GUI, JSON/CSV,
``--pairs``) each pair is written as one bracket line and goes through the same engine, one
engine per configuration so that its state carries over in file order as in the program
(its ``label_comp`` cuts the stored DELETE_LABEL strings in place: ``-NONE-`` becomes ``""``
after the first sentence, and from then on empty-label ``( (S`` roots are deleted).  The
differences from EVALB are listed in `tcompare.scoring.evalb.literal` and docs/spmrl.md.  Trees
get counts and figures; per-bracket verdicts are EVALB's profile's business.

Options: ``prm`` (default: the bundled spmrl.prm), ``max_error``, ``labeled``,
``count_unparsed`` (``-X``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from tcompare.scoring.base import Option, SentenceResult, ratio
from tcompare.scoring.evalb.profile import CODE_OF_STATUS, STATUS_OF_CODE, EvalbProfile, params_from_options
from tcompare.scoring.evalb.literal import CEvalb, Stop
from tcompare.scoring.evalb.prm import EvalbParams, parse_prm
from tcompare.scoring.evalb.report import ERROR, SKIP, UNPARSED

if TYPE_CHECKING:
    import os

    from tcompare.scoring.evalb import report as evalb_rsl

DEFAULT_PRM = "spmrl.prm"


@dataclass
class SpmrlConfig:
    params: EvalbParams
    engine: CEvalb
    warnings: list[str] = field(default_factory=list)


def read_spmrl_prm(path: str | os.PathLike[str] | None = None) -> tuple[EvalbParams, list[str]]:
    from pathlib import Path

    from tcompare.paths import resource

    from tcompare.formats import read_option_file

    path = Path(path) if path else resource("prm", DEFAULT_PRM)
    params, warnings = parse_prm(read_option_file(path).decode("utf-8", "surrogateescape"))
    params.source = str(path)
    return params, warnings


class SpmrlProfile(EvalbProfile):
    name = "evalb_spmrl"
    description = "EVALB_SPMRL (SPMRL 2013/2014 shared tasks), byte-compatible with evalb_spmrl"
    notations = ("ptb",)
    options = (
        Option("prm", None, "EVALB parameter file (default: bundled spmrl.prm)"),
        Option("max_error", None, "stop after this many errors (overrides MAX_ERROR)", int),
        Option("labeled", None, "1 labeled, 0 unlabeled bracketing (overrides LABELED)", int),
        Option("count_unparsed", False, "-X: an empty parse counts as a parse with no brackets", bool),
    )

    def prepare(self, options: dict[str, Any] | None = None) -> SpmrlConfig:  # type: ignore[override]
        options = dict(options or {})
        params, warnings = params_from_options(options, read_spmrl_prm)
        sink = io.BytesIO()
        engine = CEvalb(params, sink, sink, variant="spmrl", debug=0,
                        count_unparsed=bool(options.get("count_unparsed")))
        engine.max_error = 1 << 62   # the Tree path reports every sentence
        return SpmrlConfig(params, engine, warnings)

    def block_scorer(self, config: Any, notations: tuple[str, str]) -> Any:
        """None: EVALB's compiled kernel counts as EVALB does, not as evalb_spmrl (which
        keeps ``-NONE-`` words and counts a length mismatch as a valid row): the report
        printed F1 87.04 for the 86.00 evalb_spmrl gives on the probes."""
        return None

    def score(self, gold: Any, system: Any, config: SpmrlConfig | None = None,  # type: ignore[override]
              index: int = 0) -> SentenceResult:
        from tcompare.formats.ptb import format_tree

        config = config or self.prepare()
        engine = config.engine
        sink = cast(io.BytesIO, engine.err)   # the BytesIO `prepare` made
        sink.seek(0)
        sink.truncate()
        line: Callable[[Any], bytes] = lambda tree: (format_tree(tree) if tree is not None else "").encode(  # noqa: E731
            "utf-8", "surrogateescape") + b"\n"
        try:
            rows = engine.score_pair(line(gold), line(system), index)
        except Stop:  # pragma: no cover - max_error is unbounded here
            rows = []
        messages = [m.split(b" : ", 1)[-1].decode("utf-8", "surrogateescape") + "\n"
                    for m in sink.getvalue().splitlines() if not m.startswith(b"debug djam")]
        status, length, words, gold_n, test_n, matched, crossing, tags = rows[-1] if rows else (
            ERROR, 0, 0, 0, 0, 0, 0, 0)
        result = SentenceResult(index=index, status=STATUS_OF_CODE[status])
        # a length mismatch with a one-word gold gives evalb_spmrl two rows: all are totalled
        result.data.update(length=length, evalb_messages=messages, evalb_status=status,
                           evalb_rows=rows)
        if status in (ERROR, SKIP):
            result.message = ("; ".join(m.rstrip("\n") for m in messages)
                              or "skipped: the system tree has no words")
            return result
        if status == UNPARSED:
            result.flags.append("unparsed")
            result.message = "no parse: counted with no brackets (-X)"
        c = result.counts
        c.update(sentences=1, gold_brackets=gold_n, test_brackets=test_n, matched_brackets=matched,
                 crossing=crossing, words=words, correct_tags=tags, length=length,
                 complete_match=int(gold_n == test_n == matched), no_crossing=int(crossing == 0),
                 two_or_less_crossing=int(crossing <= 2))
        r, p = ratio(matched, gold_n), ratio(matched, test_n)
        result.scores.update(
            recall=r, precision=p,
            fmeasure=(2 * p * r / (p + r) if p + r else 0.0) if p is not None and r is not None else None,
            crossing=float(crossing), tagging_accuracy=ratio(tags, words))
        return result

    def totals(self, results: Sequence[SentenceResult],  # type: ignore[override]
               config: SpmrlConfig | None) -> evalb_rsl.Totals:
        from tcompare.scoring.evalb import report as evalb_rsl

        cutoff = config.params.cutoff_len if config is not None else 70
        totals = evalb_rsl.Totals(cutoff)
        for r in results:
            if r.data.get("evalb_rows"):
                for status, length, *numbers in r.data["evalb_rows"]:
                    totals.add(length, status, *numbers)
                continue
            c = r.counts
            code = r.data.get("evalb_status", CODE_OF_STATUS[r.status])
            totals.add(r.data.get("length", 0), code, c["words"], c["gold_brackets"],
                       c["test_brackets"], c["matched_brackets"], c["crossing"], c["correct_tags"])
        return totals


PROFILE = SpmrlProfile()
PROFILES = {"evalb_spmrl": PROFILE, "spmrl": PROFILE}
