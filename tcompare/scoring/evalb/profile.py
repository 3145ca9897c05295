"""The ``evalb`` profile: PARSEVAL exactly as the C EVALB (2013 release) computes it.

Spec: spec/metrics.md §1 and anchors/evalb/NOTES.md.  The algorithm lives in
`evalb.core` (shared with the CLI's batch path), the .prm syntax in `evalb.prm`, the text
report in `evalb.report`.  This module wraps them as a `Profile` over model Trees:

* `score` gives a verdict for every gold and system bracket (``ref`` = Node.id): MATCH,
  LABEL_ONLY (same span as an unmatched bracket of the other side, other label), MISSING
  (gold), CROSSING (system bracket crossing a gold one) or EXTRA (system), IGNORED (deleted:
  TOP, empty span, DELETE_LABEL); and one ``tag`` item per token (ref = token index):
  MATCH, WRONG_POS, or IGNORED for deleted tokens.  ``partner`` is the other side's node id.
* `aggregate` gives the EVALB summary figures (spec/cli.md keys) for all sentences and for
  ``len<=CUTOFF_LEN``.
* `render_text` prints the .rsl report.
"""

from __future__ import annotations

import os
from array import array
from collections import Counter
from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from tcompare import compiled
from tcompare.scoring import figures as fig
from tcompare.scoring.evalb import report as evalb_rsl
from tcompare.scoring.base import Item, Option, Profile, SentenceResult, Status, Summary, Verdict, ratio
from tcompare.scoring.evalb.core import Outcome, PreparedParams, compare, view_from_tree
from tcompare.scoring.evalb.prm import EvalbParams, parse_prm
from tcompare.scoring.evalb.report import ERROR, SKIP, UNPARSED, VALID
from tcompare.scoring.items import crossing_flags, pair_label_only
from tcompare.scoring.rows import ResultRows

if TYPE_CHECKING:
    from tcompare.formats.lines import PairedLines
    from tcompare.model.corpus import SentenceRecord

DEFAULT_PRM = "COLLINS.prm"
# the rsl's status codes (`evalb.report`) and a result's `Status`, both ways
STATUS_OF_CODE = {VALID: Status.VALID, ERROR: Status.ERROR, SKIP: Status.SKIP, UNPARSED: Status.VALID}
CODE_OF_STATUS = {Status.VALID: VALID, Status.ERROR: ERROR, Status.SKIP: SKIP,
                  # sentences an aligned (JSON) run adds: counted like a valid one
                  Status.NO_PARSE: VALID, Status.MISSING: VALID, Status.EXTRA: VALID}


# re-exported: the batch path reads .prm files without importing this module
from tcompare.scoring.evalb.prm import default_prm_path, read_prm_file  # noqa: E402,F401


def params_from_options(options: dict[str, Any],
                        read_default: Callable[[Any], tuple[EvalbParams, list[str]]]
                        ) -> tuple[EvalbParams, list[str]]:
    """EVALB parameters from a profile's options: ``params`` (an `EvalbParams`), else
    ``prm_text``, else the file ``prm`` read with `read_default` (None: the profile's default
    file); ``max_error`` and ``labeled`` override what the file says."""
    params: EvalbParams
    warnings: list[str]
    if isinstance(options.get("params"), EvalbParams):
        params, warnings = options["params"], []
    elif options.get("prm_text") is not None:
        params, warnings = parse_prm(options["prm_text"])
    else:
        params, warnings = read_default(options.get("prm"))
    if options.get("max_error") is not None:
        params.max_error = int(options["max_error"])
    if options.get("labeled") is not None:
        params.labeled = int(options["labeled"])
    return params, warnings


@dataclass
class EvalbConfig:
    """What `EvalbProfile.prepare` returns: the parameters, prepared, plus prm warnings."""

    params: EvalbParams
    prepared: PreparedParams
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_params(cls, params: EvalbParams, warnings: list[str] | None = None) -> "EvalbConfig":
        return cls(params, PreparedParams(params), list(warnings or []))


class EvalbProfile(Profile):
    name = "evalb"
    description = "PARSEVAL as computed by EVALB (Sekine & Collins), byte-compatible with evalb 2013"
    notations: tuple[str, ...] = ("ptb", "ccgauto", "tct2012")
    kind = "constituency"
    options: tuple[Option, ...] = (
        Option("prm", None, "EVALB parameter file (default: bundled COLLINS.prm)"),
        Option("max_error", None, "stop after this many errors (overrides MAX_ERROR)", int),
        Option("labeled", None, "1 labeled, 0 unlabeled bracketing (overrides LABELED)", int),
    )
    columns = ("recall", "precision", "fmeasure", "crossing", "tagging_accuracy")
    headline = ("fmeasure", "recall", "precision", "complete_match", "tagging_accuracy")
    count_unpaired = False  # C EVALB stops at the shorter file ("Number of lines unmatch")
    reference = True        # blank lines, "()" and different words: exactly as C EVALB
    figure_lines = (
        fig.ratio("recall", "matched / gold brackets", ["matched_brackets"], ["gold_brackets"]),
        fig.ratio("precision", "matched / system brackets", ["matched_brackets"], ["test_brackets"]),
        fig.f1("fmeasure", "precision", "recall"),
        fig.count("crossing", "system brackets crossing a gold bracket", "crossing"),
        fig.ratio("tagging_accuracy", "correct tags / words", ["correct_tags"], ["words"]),
    )
    spans_over_kept_words = True
    # summary figures counted over sentences: (metric, per-sentence count, expression)
    SENTENCE_FIGURES = (
        ("complete_match", "complete_match", "sentences matched completely / valid"),
        ("no_crossing", "no_crossing", "sentences with no crossing / valid"),
        ("two_or_less_crossing", "two_or_less_crossing", "sentences with ≤ 2 crossings / valid"),
    )

    def prepare(self, options: dict[str, Any] | None = None) -> EvalbConfig:
        """Options: ``prm`` (path, None = COLLINS.prm), or ``params`` (an `EvalbParams`),
        or ``prm_text`` (the file's text); ``max_error`` and ``labeled`` override the file."""
        params, warnings = params_from_options(dict(options or {}), read_prm_file)
        return EvalbConfig.from_params(params, warnings)

    def disagrees(self, result: SentenceResult) -> bool:
        """Not valid, a bracket or a tag wrong, or a crossing bracket."""
        if result.status is not Status.VALID:
            return True
        s = result.scores
        return any(v is not None and v < 100.0 for v in (s.get("recall"), s.get("precision"),
                                                          s.get("tagging_accuracy"))) \
            or (s.get("crossing") or 0.0) > 0

    # -- saying how it counts ---------------------------------------------------------------
    def ignored_reason(self, item: Item, config: Any, tree: Any) -> str:
        """EVALB's deletions: a DELETE_LABEL (after cutting the label at its function tag),
        TOP, a span with no word left, a word whose POS is deleted."""
        if not isinstance(config, EvalbConfig):
            return super().ignored_reason(item, config, tree)
        cc = config.prepared
        if item.kind == "tag":
            tokens = getattr(tree, "tokens", None)
            pos = tokens[item.ref].pos if tokens is not None and 0 <= item.ref < len(tokens) else ""
            return f"word deleted: POS {pos} is a DELETE_LABEL" if pos else "word deleted"
        cut = cc.modify_label(item.label)
        if cut in cc.delete_bracket:
            what = "TOP" if cut in ("TOP", "") else cut
            return f"label {what} is a DELETE_LABEL" + (
                f" (cut from {item.label})" if cut != item.label else "")
        if item.start == item.end:
            return "covers no word once deleted words are gone"
        return "deleted"

    def summary_formulas(self, results: Sequence[SentenceResult], summary: Summary,
                         config: Any) -> list[fig.Formula]:
        """The bracket figures from the summed counts, then the sentence-level figures."""
        valid = [r for r in results if r.valid]
        total: Counter[str] = Counter()
        for r in valid:
            total.update(r.counts)
        counts = {**total, **(summary.counts or {})}
        out = fig.formulas(self.figure_lines, counts, summary.metrics)
        n = summary.metrics.get("valid_sentences") or 0
        for key, count, expr in self.SENTENCE_FIGURES:
            if key in summary.metrics:
                num = sum(r.counts.get(count, 0) for r in valid)
                out.append(fig.Formula(key, expr, summary.metrics[key], num, n))
        if "average_crossing" in summary.metrics:
            out.append(fig.Formula("average_crossing", "crossing / valid sentences",
                                   summary.metrics["average_crossing"],
                                   counts.get("crossing", 0), n, percent=False))
        return out

    # -- one sentence ---------------------------------------------------------------------
    def score(self, gold: Any, system: Any, config: EvalbConfig | None = None, index: int = 0) -> SentenceResult:
        config = config or self.prepare()
        cc = config.prepared
        gv, tv = view_from_tree(gold, cc), view_from_tree(system, cc)
        length = gv.length
        out = compare(gv, tv, cc, detail=True)
        result = SentenceResult(index=index, status=STATUS_OF_CODE[out.status])
        result.data["length"] = length
        result.data["evalb_messages"] = list(out.errors)
        if out.status == SKIP:
            result.message = "skipped: the system tree has no words after deletion"
            return result
        if out.status == ERROR:
            result.message = "; ".join(m.rstrip("\n") for m in out.errors)
            return result
        fill_counts(result, length, out.words, out.gold_brackets, out.test_brackets, out.matched,
                    out.crossing, out.correct_tags)
        self._items(result, out)
        return result

    def block_scorer(self, config: Any, notations: tuple[str, str]) -> Any:
        """EVALB's compiled kernel over one-tree-per-line sources (see `EvalbLines`)."""
        if notations != ("ptb", "ptb"):
            return None
        return EvalbLines(config or self.prepare())

    def score_unpaired(self, item: Any, side: str, config: EvalbConfig | None = None,
                       index: int = 0) -> SentenceResult:
        """A sentence on one side only (aligned JSON runs; C EVALB never pairs these): its
        brackets counted on that side alone, nothing matched."""
        config = config or self.prepare()
        if getattr(item, "root", None) is None:
            return SentenceResult(index=index, counts=Counter(sentences=1))
        result = self.score(item, item, config, index)
        if not result.valid:
            return result
        c = result.counts
        own, other = ("gold_brackets", "test_brackets") if side == "gold" else ("test_brackets", "gold_brackets")
        c[other] = 0
        for key, value in dict(matched_brackets=0, crossing=0, correct_tags=0, complete_match=0,
                               no_crossing=1, two_or_less_crossing=1).items():
            c[key] = value        # (Counter.update would add)
        if side == "system":
            c["words"] = 0
            result.data["length"] = 0
            c["length"] = 0
        for it in result.items_for(side):
            if it.verdict is not Verdict.IGNORED:
                it.verdict, it.partner = (Verdict.MISSING if side == "gold" else Verdict.EXTRA), -1
        result.items_for("system" if side == "gold" else "gold").clear()
        r, p = ratio(0, c["gold_brackets"]), ratio(0, c["test_brackets"])
        result.scores.update(recall=r, precision=p,
                             fmeasure=0.0 if (r is not None or p is not None) else None,
                             crossing=0.0, tagging_accuracy=ratio(0, c["words"]))
        return result

    @staticmethod
    def _items(result: SentenceResult, out: Outcome) -> None:
        gv, tv = out.gold_view, out.test_view
        g, t, gp, tp = out.gold, out.test, out.gold_partner, out.test_partner
        # `compare(..., detail=True)` of two `view_from_tree` views: all of these are set
        assert gv is not None and tv is not None and g is not None and t is not None
        assert gp is not None and tp is not None and out.test_crossing is not None
        assert out.tag_ok is not None and gv.bracket_refs is not None and tv.bracket_refs is not None
        g_lab, t_lab = pair_label_only(g, t, gp, tp)
        gold_spans = [(b[1], b[2]) if b else None for b in g]
        test_spans = [(b[1], b[2]) if b else None for b in t]
        gold_cross = crossing_flags(gold_spans, test_spans)
        for side, brackets, refs, raw, partner, lab_only, cross, other_refs in (
                ("gold", g, gv.bracket_refs, gv.brackets, gp, g_lab, gold_cross, tv.bracket_refs),
                ("system", t, tv.bracket_refs, tv.brackets, tp, t_lab, out.test_crossing, gv.bracket_refs)):
            items = result.items_for(side)
            for k, b in enumerate(brackets):
                if b is None:
                    label, start, end = raw[k]
                    items.append(Item(side, "bracket", refs[k], label, start, end, Verdict.IGNORED))
                    continue
                item = Item(side, "bracket", refs[k], b[0], b[1], b[2], crossing=cross[k])
                if partner[k] >= 0:
                    item.verdict, item.partner = Verdict.MATCH, other_refs[partner[k]]
                elif lab_only[k] >= 0:
                    item.verdict, item.partner = Verdict.LABEL_ONLY, other_refs[lab_only[k]]
                elif side == "gold":
                    item.verdict = Verdict.MISSING
                else:
                    item.verdict = Verdict.CROSSING if cross[k] else Verdict.EXTRA
                items.append(item)
        for side, view in (("gold", gv), ("system", tv)):
            items = result.items_for(side)
            assert view.word_refs is not None and view.deleted_tokens is not None
            for k, ref in enumerate(view.word_refs):
                ok = out.tag_ok[k] if k < len(out.tag_ok) else False
                items.append(Item(side, "tag", ref, view.tags[k], k, k + 1,
                                  Verdict.MATCH if ok else Verdict.WRONG_POS, partner=(
                                      cast("list[int]", (tv if side == "gold" else gv).word_refs)[k])))
            for ref in view.deleted_tokens:
                items.append(Item(side, "tag", ref, "", -1, -1, Verdict.IGNORED))

    def score_error(self, index: int, message: str) -> SentenceResult:
        result = SentenceResult(index=index, status=Status.ERROR, message=message)
        result.data["length"] = 0
        result.data["evalb_messages"] = [message + "\n"]
        return result

    # -- all sentences --------------------------------------------------------------------
    def totals(self, results: Sequence[SentenceResult], config: EvalbConfig | None) -> evalb_rsl.Totals:
        cutoff = config.params.cutoff_len if config is not None else 40
        if isinstance(results, ResultRows):     # rows still held as the kernel's numbers
            rows = results
            totals: evalb_rsl.Totals = rows.memo(("evalb_totals", cutoff),
                                                 lambda: _rows_totals(rows, cutoff))
            return totals
        totals = evalb_rsl.Totals(cutoff)
        # (the same result object in a row -- a report's 10^6 alike blank lines -- at once)
        for _, alike in groupby(results, key=id):
            same = list(alike)
            add_result(totals, same[0], len(same))
        return totals

    def aggregate(self, results: Sequence[SentenceResult], config: EvalbConfig | None = None) -> Summary:
        return summary_of(self.totals(results, config))

    def render_text(self, results: Sequence[SentenceResult], summary: Summary | None,
                    config: EvalbConfig | None, summary_only: bool = False) -> str:
        """The .rsl report for already scored results (one row per result, in order)."""
        parts = [evalb_rsl.header()]
        if not summary_only:
            for r in results:
                parts.append(rsl_row(r))
        parts.append(self.totals(results, config).render())
        return "".join(parts)

    def render_summary(self, summary: Summary, config: EvalbConfig | None) -> str:
        """The report's ``=== Summary ===`` block, printed from `summary` alone (its groups
        are the two blocks' figures): what the window's sidebar shows under its total."""
        short = next(k for k in summary.groups if k.startswith("len<="))
        return evalb_rsl.summary_text(summary.groups["all"], summary.groups[short],
                                      int(short[len("len<="):]))


def add_result(totals: evalb_rsl.Totals, r: SentenceResult, times: int = 1) -> None:
    """Count one result (`times` times) in EVALB's totals (an error or skip row counts as a
    sentence only)."""
    c = r.counts
    totals.add(r.data.get("length", c.get("length", 0)), CODE_OF_STATUS[r.status], c["words"],
               c["gold_brackets"], c["test_brackets"], c["matched_brackets"], c["crossing"],
               c["correct_tags"], times)


def summary_of(totals: evalb_rsl.Totals) -> Summary:
    """The EVALB summary (`EvalbProfile.aggregate`) of running totals."""
    summary = Summary()
    summary.metrics = totals.all.figures()
    summary.groups = {"all": totals.all.figures(), f"len<={totals.cutoff_len}": totals.short.figures()}
    summary.counts = Counter({k: v for k, v in summary.metrics.items() if isinstance(v, int)})
    if summary.metrics["fmeasure"] is None:
        summary.notes.append("no matched brackets: F-measure is 0/0 (EVALB prints -nan)")
    return summary


def fill_counts(result: SentenceResult, length: int, words: int, gold: int, test: int,
                matched: int, crossing: int, tags: int) -> SentenceResult:
    """A valid sentence's counts and figures from EVALB's seven numbers (`score` and the
    compiled kernel's rows both go through here, so they cannot disagree)."""
    # (one mapping: Counter.update takes its fast path on an empty Counter)
    result.counts.update({
        "sentences": 1, "gold_brackets": gold, "test_brackets": test,
        "matched_brackets": matched, "crossing": crossing, "words": words,
        "correct_tags": tags, "length": length, "complete_match": int(gold == test == matched),
        "no_crossing": int(crossing == 0), "two_or_less_crossing": int(crossing <= 2)})
    r, p = ratio(matched, gold), ratio(matched, test)
    result.scores.update(
        recall=r, precision=p,
        fmeasure=(2 * p * r / (p + r) if p + r else 0.0) if p is not None and r is not None else None,
        crossing=float(crossing), tagging_accuracy=ratio(tags, words))
    return result


def rsl_row(r: SentenceResult) -> str:
    c = r.counts
    return evalb_rsl.row(r.index, r.data.get("length", 0), CODE_OF_STATUS[r.status], c["words"],
                         c["gold_brackets"], c["test_brackets"], c["matched_brackets"],
                         c["crossing"], c["correct_tags"])


PROFILE = EvalbProfile()


class EvalbLines:
    """EVALB's compiled kernel (or its pure-Python twin) over one-tree-per-line records.

    A valid sentence's result is built from the kernel's seven numbers by
    `fill_counts`, as `EvalbProfile.score` builds it; errors and skips are left to
    `score` (None), which words their messages.
    """

    def __init__(self, config: Any):
        from tcompare.scoring.evalb.block import evalb_scorer

        self.params = config.params
        self._score = evalb_scorer(config.params, rows=False, stats=True)

    @staticmethod
    def accepts(record: Any) -> bool:
        source = record.source
        return (not record.edited and not record.unreadable
                and source.count("\n") <= (1 if source.endswith("\n") else 0))

    def score(self, gold: list[SentenceRecord], system: list[SentenceRecord],
              positions: list[int]) -> list[SentenceResult | None]:

        if not positions:
            return []

        def block(records: list[SentenceRecord]) -> bytes:
            lines = (r.source[:-1] if r.source.endswith("\n") else r.source for r in records)
            return "\n".join(lines).encode("utf-8", "surrogateescape") + b"\n"

        out = self._score((1, len(positions), block(gold), block(system)))
        stats = array("i")
        stats.frombytes(out.stats)
        results: list[SentenceResult | None] = []
        for k, i in enumerate(positions):
            numbers = stats[8 * k: 8 * k + 8]
            results.append(kernel_result(i + 1, numbers) if numbers[7] == VALID else None)
        return results

    def start_job(self, pairs: list[PairedLines]) -> Any:
        """`evalb.block.EvalbJob` scoring the files' bytes in a forked process from now on
        (its numbers go to `score_files`), or None where there is no fork or a file is a
        pipe."""
        from tcompare.scoring.evalb.block import EvalbJob

        if not hasattr(os, "fork") or any(files.streamed for files in pairs):
            return None
        return EvalbJob(pairs, self.params)

    def score_files(self, gold: Any, system: Any, files: PairedLines,
                    rescore: Callable[[int], SentenceResult | None],
                    jobs: int | None = None, early: tuple[Any, bool] | None = None
                    ) -> ResultRows | None:
        """Every row of two corpora read from one-tree-per-line UTF-8 files (`files`, their
        bytes), scored in forked workers as `tcompare score` scores them; a valid row stays
        the kernel's numbers until asked for, an error or skip row is ``rescore(position)``
        (its message worded as `score` words it).  None when the files are not such a pair
        (a pipe, another encoding, a tree over several lines, different sentence counts):
        the caller scores record by record.  ``early``: the numbers `start_job` made."""
        from tcompare.scoring.evalb.block import EvalbTail, evalb_blocks

        n = len(gold)
        if not _line_paired(gold, n) or not _line_paired(system, n) or n == 0 \
                or files.streamed:
            return None
        if early is not None:                # `start_job`'s numbers for these files
            numbers, uneven = early
            if uneven:
                return None
        else:
            numbers = array("i")
            for block in evalb_blocks(files, self.params, jobs=jobs, rows=False, stats=True):
                if isinstance(block, EvalbTail):
                    if block.errors:         # the line counts differ after all
                        return None
                    break
                numbers.frombytes(block.stats)
        if len(numbers) != 8 * n:
            return None
        built = {k: rescore(k) for k in range(n) if numbers[8 * k + 7] != VALID}
        rows = ResultRows()
        rows.add_numbers(numbers, built, kernel_result)
        return rows

    @staticmethod
    def totals(rows: ResultRows) -> Counter[str]:
        """The sum of the valid rows' counts (as ``Counter.update`` of each `kernel_result`'s
        counts would make it), without building the rows."""
        stats, lazy, built = rows.kernel_part()
        (sent, _, _, gold, test, match, comp, words, crossing, no_x, two_x, tags, length), _ = \
            row_sums(stats, lazy, 0)
        total = Counter(dict(zip(_KERNEL_COUNTS, (sent, gold, test, match, crossing, words, tags,
                                                  length, comp, no_x, two_x))))
        for result in built:
            if result is not None and result.valid:
                total.update(result.counts)
        return total


def _rows_totals(rows: ResultRows, cutoff: int) -> evalb_rsl.Totals:
    """EVALB's totals of `rows`: the kernel's numbers summed at once (`row_sums`: a window
    asks for them at every refresh), built rows one by one (`add_result`)."""
    totals = evalb_rsl.Totals(cutoff)
    stats, lazy, built = rows.kernel_part()
    for result in built:
        if result is not None:
            add_result(totals, result)
    for summed, sums in zip((totals.all, totals.short), row_sums(stats, lazy, cutoff)):
        summed.merge(sums[:-1])          # (the lengths are not an EVALB total)
    return totals


def row_sums(stats: array[int], lazy: bytes, cutoff: int) -> list[list[int]]:
    """Per block (all rows, rows of length <= `cutoff`), over the rows marked in `lazy`: the
    totals in `evalb.report.Block.fields` order (errors and skips 0: the rows are valid), then
    the sum of the lengths -- the compiled kernel's `row_sums`, or this loop where it is not
    built."""
    kernel = compiled.evalb_kernel()
    if kernel is not None:
        return list(kernel.row_sums(stats, lazy, cutoff))
    sums = [[0] * 13, [0] * 13]
    for k, flag in enumerate(lazy):
        if not flag:
            continue
        length, words, gold, test, matched, crossing, tags, _status = stats[8 * k: 8 * k + 8]
        for block in (sums[0], sums[1]) if length <= cutoff else (sums[0],):
            block[0] += 1
            block[3] += gold
            block[4] += test
            block[5] += matched
            block[6] += gold == test == matched
            block[7] += words
            block[8] += crossing
            block[9] += crossing == 0
            block[10] += crossing <= 2
            block[11] += tags
            block[12] += length
    return sums


_KERNEL_COUNTS = ("sentences", "gold_brackets", "test_brackets", "matched_brackets", "crossing",
                  "words", "correct_tags", "length", "complete_match", "no_crossing",
                  "two_or_less_crossing")


def _line_paired(corpus: Any, n: int) -> bool:
    """`corpus` holds `n` sentences, one per line of a UTF-8 file, none edited: its records
    then sit on lines 1..n (each record takes at least a line, so the first on line 1 and
    the last on line n leaves no room for blank or continued lines)."""
    return (len(corpus) == n and n > 0 and str(corpus.encoding).lower() in ("utf-8", "ascii")
            and corpus.notation == "ptb" and corpus[0].line == 1 and corpus[n - 1].line == n
            and not any(r.edited for r in (corpus[0], corpus[n - 1])))


def kernel_result(index: int, numbers: Any) -> SentenceResult:
    """Sentence `index`'s result from the kernel's eight numbers for a valid row (built
    as `score` builds it: `fill_counts`)."""
    length, words, gold, test, matched, crossing, tags, _status = numbers
    result = SentenceResult(index=index)
    result.data["length"] = length
    result.data["evalb_messages"] = []
    return fill_counts(result, length, words, gold, test, matched, crossing, tags)
