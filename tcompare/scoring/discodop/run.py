"""``discodop eval``'s main loop on texts already read: the options applied to the
parameters as its ``main()`` applies them, the pairs scored in the candidate file's order,
then the breakdowns and the summary.  `evaluate` appends the lines it prints to `out` as it
goes, so that where the reference dies half-way the lines it printed before are known."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tcompare.scoring.discodop import report
from tcompare.scoring.discodop.accumulate import Accumulator
from tcompare.scoring.discodop.pair import TreePair
from tcompare.scoring.discodop.prm import read_param
from tcompare.scoring.discodop.corpora import read_corpus
from tcompare.scoring.discodop.read import FORMATS, DiscodopError, Entry, check_options


@dataclass
class Options:
    """eval's command-line options (its ``--flag`` names without dashes)."""

    cutofflen: str | None = None
    disconly: bool = False
    verbose: bool = False
    debug: bool = False
    la: bool = False
    ted: bool = False
    headrules: str | None = None
    goldfmt: str = "export"
    parsesfmt: str = "export"
    functions: str | None = "remove"
    morphology: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def apply_options(param: dict[str, Any], opts: Options) -> dict[str, Any]:
    cutoff = opts.cutofflen if opts.cutofflen is not None else param["CUTOFF_LEN"]
    try:
        param["CUTOFF_LEN"] = int(cutoff)
    except ValueError:
        raise DiscodopError("ValueError",
                            f"invalid literal for int() with base 10: {cutoff!r}") from None
    param["DISC_ONLY"] = opts.disconly
    param["DEBUG"] = max(param["DEBUG"], opts.verbose, 2 * opts.debug)
    param["TED"] |= opts.ted
    param["LA"] |= opts.la
    param["DEP"] = opts.headrules is not None
    return param


def check_formats(opts: Options) -> None:
    for fmt in (opts.goldfmt, opts.parsesfmt):
        if fmt not in FORMATS:
            raise DiscodopError("KeyError", repr(fmt))


def evaluate(gold: list[Entry], cand: list[Entry], param: dict[str, Any],
             out: list[str], extras: Callable[[TreePair, dict[str, Any]], None] | None = None,
             on_pair: Callable[[TreePair], None] | None = None) -> Accumulator:
    """Score `cand` against `gold` as the reference's main loop; the lines it prints are
    appended to `out`; returns the sums (for JSON).  Consumes `gold` and `cand` (their trees
    are transformed in place and let go once scored)."""
    if not gold:
        raise DiscodopError("ValueError", "no trees in gold file")
    if not cand:
        raise DiscodopError("ValueError", "no trees in parses file")
    goldtrees = {e.key: e for e in gold}
    gold.clear()                         # (both lists are consumed: 50k trees a side)
    keylen = max(len(str(e.key)) for e in cand)
    debug = param["DEBUG"]
    acc = Accumulator(param["DISC_ONLY"])
    acc40 = Accumulator(param["DISC_ONLY"], breakdowns=False)
    cutoff = param["CUTOFF_LEN"]
    if debug >= 1:
        out += report.header_lines(param, keylen)
    for k, c in enumerate(cand):
        try:
            g = goldtrees.pop(c.key)     # (each key once: the trees are let go when scored)
        except KeyError:
            raise DiscodopError("KeyError", repr(c.key)) from None
        cand[k] = None  # type: ignore[call-overload]
        try:
            g.materialize()
            c.materialize()
        except DiscodopError as exc:      # (the reference dies there while reading)
            exc.reading = True  # type: ignore[attr-defined]
            raise
        pair = TreePair(c.key, g.tree, g.sent, c.tree, c.sent, param, extras)
        acc.add(pair)
        if pair.lengpos <= cutoff:
            acc40.add(pair)
        if debug >= 1:
            out.append(report.info_line(pair, param, keylen))
        if on_pair is not None:
            on_pair(pair)
    if param["LABELED"] and debug != -1:
        out += report.breakdowns(acc, debug)
    out.append(report.summary(acc, acc40, param))
    return acc


def evaluate_texts(gold_text: str, parses_text: str, param_text: str | None, opts: Options,
                   out: list[str], extras: Any = None) -> None:
    """Everything after the files were read into texts, in the reference's order."""
    param = apply_options(read_param(param_text), opts)
    if opts.debug or param["DEBUG"] >= 2:
        raise DiscodopError("NotImplementedError", "the --debug trace (tree drawings) of "
                            "discodop eval is not reproduced; use --verbose")
    check_formats(opts)
    check_options(opts.functions, opts.morphology)
    gold = read_corpus(gold_text, opts.goldfmt, opts.functions, opts.morphology)
    cand = read_corpus(parses_text, opts.parsesfmt, opts.functions, opts.morphology)
    evaluate(gold, cand, param, out, extras)
