"""What the HTML report shows, computed without Qt: `build_report(gold, systems, ...)`.

Two passes per system, so a large corpus stays fast:

1. *Every sentence, slim.*  `scoring.batch.slim_results` (the profile's block scorer where
   it has one: EVALB's compiled kernel, as `tcompare score` uses it) gives each sentence's
   counts and figures without per-item verdicts, spread over forked workers
   (`workers.map_blocks`).  The summary row (`profile.aggregate`, the figures `tcompare score
   --output json` prints), the figure by sentence length (the profile's own aggregate over
   each length bin) and the choice of the worst sentences come from these.  Sentences are
   paired by position when both files have as many sentences (as EVALB and eval.pl pair
   them), else by their text (`pairing.pair_corpora`, as ``--output json`` pairs them).
2. *Detail, full verdicts.*  Per-label P/R/F1 (`analysis.labels`), the confusion matrix
   (`analysis.confusion`) and the error classes (`analysis.errors`) need every item's
   verdict, about 100 times the work of pass 1.  They are computed on every sentence up to
   ``detail`` sentences (default `DETAIL`), beyond that on ``detail`` sentences evenly
   spread over the corpus; the report says which (`SystemReport.detail_of`).  The worst
   ``worst`` sentences are scored in full and drawn (`export.svg`).

Nothing here decides a match: every number is the scorer's or an aggregate of the scorer's.
"""

from __future__ import annotations

import html
import os
from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from tcompare.export.report_rows import ReportRows, left_out_of, shared_vectors
from tcompare.scoring.base import SentenceResult, Status, Summary
from tcompare.scoring.base import counted
from tcompare.scoring.runs import rule_of

SIG_TRIALS = 10_000      # shuffling rounds of the significance test (small corpora) ...
MIN_TRIALS = 500         # ... never fewer: p down to 1/501 still tells p < 0.01
SIG_BUDGET = 10_000_000  # ... sentences x rounds (41k sentences: 500 rounds, ~4 s a pair)
CI_TRIALS = 1_000        # bootstrap resamples ...
MIN_CI_TRIALS = 200      # ... the interval is left out rather than drawn from fewer
CI_BUDGET = 4_000_000    # ... sentences x resamples
DETAIL = 2500            # sentences per system with full verdicts (labels, confusion, errors)
WORST = 5                # sentences drawn per system
BLOCK = 1024             # sentences per worker task
LENGTH_BINS = ((10, "1-10"), (20, "11-20"), (30, "21-30"), (40, "31-40"), (50, "41-50"))
LAST_BIN = "51-"
CHINESE_NOTATIONS = ("tct", "tct2012", "sinica", "pku")   # `tcompare errors` picks Chinese classes

Progress = Callable[[float, str], None]


class ReportError(Exception):
    """Input the report cannot use (unreadable file, wrong notation): the message says why."""


@dataclass
class Drawn:
    """One of the worst sentences: its number, figure, words and the pair drawn as SVG."""

    index: int
    figure: float | None
    text: str
    svg: str


@dataclass
class SystemReport:
    name: str
    path: str
    summary: Summary
    sentences: int                               # results scored (one per gold sentence)
    figures: list[float | None]                  # the sentence figure, per result
    by_length: list[tuple[str, float | None, int]]   # bin, main figure, sentences
    labels: list[Any] = field(default_factory=list)      # analysis.labels.LabelRow
    label_kind: str = ""
    confusion: Any = None                        # analysis.confusion.Matrix
    error_counts: list[tuple[int, int, str]] = field(default_factory=list)
    error_status: dict[str, int] = field(default_factory=dict)
    error_stopped: list[str] = field(default_factory=list)   # "sentence N: search stopped: K steps"
    detail_count: int = 0                        # sentences the detail covers
    worst: list[Drawn] = field(default_factory=list)
    alignment: str = "position"                  # how sentences were paired: position | text
    interval: tuple[float | None, float | None] | None = None   # bootstrap 95 % of the main figure
    notes: list[str] = field(default_factory=list)   # the profile's remarks (refusals, 0/0)
    valid: int = 0                               # results whose counts enter the figures
    # what the profile's reference program left out (`left_out.LeftOut.json`; {} for the others)
    left_out: dict[str, Any] = field(default_factory=dict)

    def detail_of(self) -> str:
        if self.detail_count >= self.sentences:
            return f"all {self.sentences} sentences"
        return (f"{self.detail_count} of {self.sentences} sentences, evenly spread "
                f"(raise --detail to cover more)")


@dataclass
class ReportData:
    gold_path: str
    profile: str
    kind: str                                    # constituency | dependency | phenomena
    notation: str
    main: str                                    # the summary figure charts show
    sentence_key: str                            # the per-sentence figure (worst sentences)
    headline: tuple[str, ...]
    systems: list[SystemReport]
    options: dict[str, Any] = field(default_factory=dict)
    significance: Any = None                     # `analysis.significance.Matrix` of `main`
    significance_note: str = ""                  # why there is no matrix
    significance_trials: int = 0
    ci_trials: int = 0
    ci_note: str = ""                            # why there are no intervals
    seconds: float = 0.0


# -- choosing figures ------------------------------------------------------------------------

def _is_f(key: str) -> bool:
    return key == "fmeasure" or key.endswith("F1")


def main_figure(profile: Any) -> str:
    """The summary figure the charts show: the first F1 of the headline, else its first."""
    keys = list(profile.headline) or list(profile.columns)
    for key in keys:
        if _is_f(key):
            return key
    return keys[0] if keys else "fmeasure"


def sentence_figure(profile: Any, main: str) -> str:
    """The per-sentence figure the worst sentences are chosen by."""
    columns = list(profile.columns)
    if main in columns:
        return main
    for key in columns:
        if _is_f(key):
            return key
    return columns[0] if columns else main


def length_bin(length: int) -> str:
    for limit, name in LENGTH_BINS:
        if length <= limit:
            return name
    return LAST_BIN


def result_length(result: SentenceResult) -> int:
    for value in (result.data.get("length"), result.counts.get("length"),
                  result.counts.get("tokens"), result.counts.get("words")):
        if value:
            return int(value)
    return 0


def system_names(paths: Sequence[str]) -> list[str]:
    """File names, made unique with their folder (then a number) where they repeat."""
    base = [os.path.basename(p) or p for p in paths]
    names = [f"{os.path.basename(os.path.dirname(os.path.abspath(p)))}/{name}"
             if base.count(name) > 1 else name for p, name in zip(paths, base)]
    seen: Counter[str] = Counter()
    out = []
    for name in names:
        seen[name] += 1
        out.append(name if names.count(name) == 1 else f"{name} #{seen[name]}")
    return out


# -- pass 1: every sentence, slim ------------------------------------------------------------

def gold_length(gold: Any, result: SentenceResult, record: Any = None) -> int:
    """The sentence's length as the profile counts it, else the gold sentence's words
    (`record`: the gold sentence's record, when at hand)."""
    from tcompare.scoring.pairing import sentence_length

    length = result_length(result)
    i = result.index - 1
    if length or not 0 <= i < len(gold):
        return length
    if record is None:
        record = next(gold.between(i, i + 1))
    if record.error is not None:
        return length
    return sentence_length(record.item)


def slim_all(gold: Any, system: Any, profile: Any, config: Any, jobs: int | None = None
             ) -> tuple[ReportRows, list[int]]:
    """`batch.slim_templates` over every position the two files both have, in blocks over
    forked workers, as compact rows (`ReportRows`: alike pairs scored once and kept once),
    and each row's length (`gold_length`).  The longer file's tail is past the reference
    program's stop (EVALB, eval.pl: "Number of lines unmatch"): never scored."""
    from tcompare.scoring.batch import slim_result, slim_templates
    from tcompare.scoring.workers import map_blocks

    n = min(len(gold), len(system))

    def block(bounds: tuple[int, int]) -> tuple[list[SentenceResult], bytes, list[int]]:
        templates, which = slim_templates(gold, system, profile, config, bounds[0], bounds[1])
        return templates, which.tobytes(), [gold_length(gold, t) for t in templates]

    templates: list[SentenceResult] = []
    lengths: list[int] = []
    which = array("i")
    for block_templates, block_which, block_lengths in map_blocks(
            block, lambda: ((k, min(k + BLOCK, n)) for k in range(0, n, BLOCK)), jobs):
        local = array("i")
        local.frombytes(block_which)
        base = len(templates)
        which.extend(local if not base else array("i", [w + base for w in local]))
        templates.extend(block_templates)
        lengths.extend(block_lengths)
    rows = ReportRows(templates, which, lengths, size=max(len(gold), len(system)),
                      rescore=lambda k: slim_result(gold, system, profile, config, k),
                      n_gold=len(gold))
    return rows, rows.lengths()


def scored_rows(gold: Any, system: Any, profile: Any, config: Any, jobs: int | None = None
                ) -> tuple[tuple[ReportRows, list[int]], str]:
    """((results, lengths), how the sentences were paired): the run `score --output json`
    makes (`runs`), one result per pair; the reference programs that read line by line
    (EVALB) by position over forked workers, up to their stop (what they never read is
    marked and left out of the figures).  The results are compact `ReportRows`."""
    from tcompare import formats
    from tcompare.scoring import runs
    from tcompare.scoring.batch import slim

    rule = runs.rule_of(profile)
    if rule == "text":        # paired by text, each sentence parsed once in forked workers
        from tcompare.scoring.batch import aligned_slim_results

        _, results = aligned_slim_results(gold, system, profile, config, jobs)
        lengths = [gold_length(gold, r) for r in results]
        for corpus in (gold, system):      # (the trees are parsed again if needed)
            for record in corpus.records:
                record.release()
        return (ReportRows.of_results(results, lengths), list(lengths)), rule
    if rule != "position":
        run = runs.run(profile, gold, system, config, text_of=formats.format_corpus)
        if run.refusal is not None:
            raise ReportError(run.refusal)
        results = [slim(r) for r in run.results]
        lengths = [gold_length(gold, r) for r in results]
        return (ReportRows.of_results(results, lengths), list(lengths)), rule
    rows, lengths = slim_all(gold, system, profile, config, jobs)
    max_error = runs.max_error_of(profile, config)
    if max_error is not None:
        messages = [runs.messages_of(t) for t in rows.templates]
        stop = runs.evalb_stop((messages[w] for w in rows.which), max_error)
        if stop is not None:
            rows.stop_at(stop)
            lengths[stop:] = [0] * (len(lengths) - stop)
    return (rows, lengths), rule


def by_length(results: Sequence[SentenceResult], lengths: Sequence[int], profile: Any, config: Any,
              main: str) -> list[tuple[str, float | None, int]]:
    """The profile's own `main` figure over the sentences of each length bin."""
    from tcompare.scoring.base import uncounted

    bins: dict[str, list[SentenceResult]] = {}
    for r, length in zip(results, lengths):
        if length > 0 and not uncounted(r):
            bins.setdefault(length_bin(length), []).append(r)
    order = [name for _, name in LENGTH_BINS] + [LAST_BIN]
    out = []
    for name in order:
        if name in bins:
            summary = profile.aggregate(bins[name], config)
            out.append((name, summary.metrics.get(main), len(bins[name])))
    return out


# -- pass 2: detail on full verdicts ----------------------------------------------------------

def detail_positions(n: int, detail: int) -> list[int]:
    """All of 0..n-1 when n <= detail, else `detail` positions evenly spread (first and
    last included), always the same for the same n and detail."""
    if detail <= 0 or n <= detail:
        return list(range(n))
    if detail == 1:
        return [0]
    return sorted({round(k * (n - 1) / (detail - 1)) for k in range(detail)})


def _detail_block(gold: Any, system: Any, profile: Any, config: Any, positions: Sequence[int],
                  language: str | None) -> tuple[list[Any], Any, list[tuple[str, list[tuple[str, int]]]]]:
    """Label entries, a confusion matrix and error steps for `positions` (one worker task)."""
    from tcompare.analysis.confusion import confusion
    from tcompare.analysis.labels import sentence_entries
    from tcompare.scoring.pairing import score_pair

    results = [score_pair(gold, system, i, profile, config) for i in positions]
    entries = [(r.index, sentence_entries(r)) for r in results]
    matrix = confusion(results) if results else None
    steps: list[tuple[str, str, list[tuple[str, int]]]] = []
    if language is not None:
        from tcompare.analysis.errors import analyse_corpora

        report = analyse_corpora(gold, system, language, sentences=[i + 1 for i in positions])
        steps = [(s.status, f"sentence {s.index}: {s.message}" if s.status == "search-stopped" else "",
                  [(st.category, st.fixed) for st in s.steps]) for s in report.sentences]
    for i in positions:                  # keep memory flat: the trees are parsed again if needed
        for corpus in (gold, system):
            if i < len(corpus):
                corpus[i].release()
    return entries, matrix, steps


def _merge_matrix(into: Any, other: Any) -> Any:
    if into is None:
        return other
    if other is not None:
        into.cells.update(other.cells)
        for key, rows in other.sentences.items():
            into.sentences.setdefault(key, []).extend(rows)
    return into


def detail(report: SystemReport, gold: Any, system: Any, profile: Any, config: Any,
           limit: int, jobs: int | None) -> None:
    """Fill `report`'s labels, confusion and error classes from full verdicts."""
    from tcompare.analysis.labels import LabelAccumulator
    from tcompare.scoring.workers import map_blocks

    n = min(len(gold), len(system))
    positions = detail_positions(n, limit)
    report.detail_count = len(positions)
    language = None
    if profile.kind == "constituency" and getattr(gold, "kind", "") != "dependency":
        language = "chinese" if gold.notation in CHINESE_NOTATIONS else "english"
    chunks = [positions[k:k + 256] for k in range(0, len(positions), 256)]
    acc = LabelAccumulator()
    matrix = None
    status: Counter[str] = Counter()
    stopped: list[str] = []
    table: dict[str, list[int]] = {}
    for entries, block_matrix, steps in map_blocks(
            lambda chunk: _detail_block(gold, system, profile, config, chunk, language), chunks, jobs):
        for index, tally in entries:
            acc.add(index, tally)
        matrix = _merge_matrix(matrix, block_matrix)
        for sentence_status, note, sentence_steps in steps:
            status[sentence_status] += 1
            if note:
                stopped.append(note)
            for category, fixed in sentence_steps:
                row = table.setdefault(category, [0, 0])
                row[0] += 1
                row[1] += fixed
    kinds = acc.kinds()
    main_kind = next((k for k in ("bracket", "arc", "role", "tag") if k in kinds), "")
    if not main_kind and kinds:
        main_kind = sorted(kinds)[0]
    report.label_kind = main_kind
    report.labels = acc.rows(main_kind) if main_kind else []
    report.confusion = matrix
    report.error_counts = sorted(((v[0], v[1], k) for k, v in table.items()), reverse=True)
    report.error_status = dict(status)
    report.error_stopped = stopped


# -- the worst sentences ------------------------------------------------------------------------

def sentence_words(item: Any) -> str:
    """The words of a tree or a dependency sentence, separated by spaces."""
    if item is None:
        return ""
    words = getattr(item, "words", ())   # Tree: forms; DepSentence: tokens with a form
    return " ".join(str(getattr(w, "form", w)) for w in words)


def worst_positions(results: Sequence[SentenceResult], key: str, n: int) -> list[int]:
    """Positions (0-based) of the `n` scored sentences with the lowest `key` below 100
    (a perfect sentence is no error to look at), ties by number."""
    import heapq

    def figure(r: SentenceResult) -> float | None:
        value = r.scores.get(key)
        return value if r.status is Status.VALID and value is not None and value < 100.0 else None

    if isinstance(results, ReportRows):      # a figure per distinct result, not per row
        per = [figure(t) for t in results.templates]
        scored = ((per[w], k) for k, w in enumerate(results.which[:results.stop])
                  if per[w] is not None)
    else:
        scored = ((f, k) for k, f in enumerate(map(figure, results)) if f is not None)
    return [k for _, k in heapq.nsmallest(n, scored)]


MAX_TEXT = 2_000     # characters of a worst sentence's words shown above its drawing


def draw_worst(report: SystemReport, results: Sequence[SentenceResult], gold: Any, system: Any,
               profile: Any, config: Any, key: str, n: int) -> None:
    from tcompare.export.limits import too_big
    from tcompare.export.svg import pair_svg
    from tcompare.scoring.pairing import score_pair

    for k in worst_positions(results, key, n):
        r = results[k]
        i = r.index - 1
        if i >= len(gold) or i >= len(system) or gold[i].error or system[i].error:
            continue
        g, s = gold[i].item, system[i].item
        text = sentence_words(g)
        if len(text) > MAX_TEXT:
            text = text[:MAX_TEXT] + " ..."
        refusal = too_big(g, s)
        if refusal:         # the picture would be unreadable and cost minutes and gigabytes
            report.worst.append(Drawn(r.index, r.scores.get(key), text,
                                      f"<p class='note'>not drawn: {html.escape(refusal)}</p>"))
            continue
        full = score_pair(gold, system, i, profile, config)
        title = f"sentence {r.index}: gold and {report.name}"
        report.worst.append(Drawn(r.index, r.scores.get(key), text,
                                  pair_svg(g, s, full, profile.kind, title)))


# -- the whole report -------------------------------------------------------------------------

def _read(path: str, fmt: str | None, encoding: str | None) -> Any:
    from tcompare import formats

    try:
        return formats.read_file(path, fmt, encoding)
    except formats.ReadError as exc:
        raise ReportError(str(exc)) from None


def build_report(gold_path: str, system_paths: Sequence[str], profile_name: str | None = None,
                 options: dict[str, Any] | None = None, *, fmt: str | None = None,
                 encoding: str | None = None, worst: int = WORST, detail_limit: int = DETAIL,
                 jobs: int | None = None, progress: Progress | None = None,
                 significance: bool = True, seed: int = 1, trials: int = SIG_TRIALS) -> ReportData:
    """Score every system against the gold file and gather what the report shows.

    Raises `ReportError` (message names the file) for unreadable input or a profile that
    does not read the notation.
    """
    import time

    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import kind_problem

    start = time.monotonic()
    note = progress or (lambda _f, _m: None)
    if not system_paths:
        raise ReportError("no system file given")
    note(0.0, f"reading {gold_path}")
    gold = _read(gold_path, fmt, encoding)
    name = profile_name or profiles.default_for(gold.notation)
    if name not in profiles.PROFILE_MODULES:
        raise ReportError(f"unknown profile {name!r}; known: {', '.join(profiles.PROFILE_MODULES)}")
    profile = profiles.get(name)
    options = dict(options or {})
    try:
        config = profile.prepare({k: v for k, v in options.items()
                                  if k in {o.name for o in profile.options}} or None)
    except (OSError, ValueError) as exc:
        raise ReportError(str(exc)) from None
    main = main_figure(profile)
    key = sentence_figure(profile, main)
    data = ReportData(gold_path, name, profile.kind, gold.notation, main, key,
                      tuple(profile.headline), [], options)
    names = system_names(system_paths)
    total = len(system_paths)
    all_results: list[ReportRows] = []
    for k, (path, system_name) in enumerate(zip(system_paths, names)):
        note(k / total, f"scoring {system_name}")
        system = _read(path, fmt, encoding)
        from tcompare.formats.sizes import ANALYSIS_LIMIT, refusal

        too_big = refusal((gold, system) if k == 0 else (system,), ANALYSIS_LIMIT, "report")
        if too_big:     # before any tree is built (a 10^6-word pair: minutes, gigabytes)
            raise ReportError(too_big)
        for corpus, p in ((gold, gold_path), (system, path)):
            if len(corpus) and profile.notations and corpus.notation not in profile.notations:
                raise ReportError(f"profile {name} reads {', '.join(profile.notations)}; "
                                  f"{p} looks like {corpus.notation} (use --format)")
            problem = kind_problem(profile, corpus)
            if problem and len(corpus):
                raise ReportError(problem)
        # (a program that refuses the files as a whole refuses the report: `scored_rows`)
        refused = profile.files_problem(gold, system) if rule_of(profile) == "position" else None
        (results, lengths), alignment = scored_rows(gold, system, profile, config, jobs)
        alike = results.alike()          # (sums only: a row per result, not a result per row)
        summary = profile.aggregate(counted(alike), config)
        report = SystemReport(system_name, path, summary, len(results), results.figures(key),
                              by_length(alike, lengths, profile, config, main), alignment=alignment)
        del alike
        report.notes = ([refused] if refused else []) + list(summary.notes)
        report.left_out = left_out_of(results, gold, profile, config).json(summary)
        report.valid = sum(n for t, n in zip(results.templates, results.multiplicity()) if t.valid)
        note((k + 0.4) / total, f"labels, confusions and error classes of {system_name}")
        detail(report, gold, system, profile, config, detail_limit, jobs)
        note((k + 0.8) / total, f"drawing the worst sentences of {system_name}")
        draw_worst(report, results, gold, system, profile, config, key, worst)
        data.systems.append(report)
        all_results.append(results)
    if significance:
        note(0.95, "significance test between the systems")
        add_significance(data, all_results, profile, config, seed, jobs, trials)
    data.seconds = time.monotonic() - start
    note(1.0, "done")
    return data


def sig_trials(sentences: int, budget: int, most: int, least: int) -> int:
    """Rounds for a test over `sentences`: `most`, fewer on large corpora (the work grows
    with sentences x rounds, `budget`), not fewer than `least`."""
    if sentences <= 0:
        return most
    return max(least, min(most, budget // sentences))


def add_significance(data: ReportData, results: list[ReportRows], profile: Any,
                     config: Any, seed: int, jobs: int | None = None, trials: int = SIG_TRIALS) -> None:
    """The pairwise matrix of the main figure (`analysis.significance`: stratified
    shuffling, Holm-adjusted over all pairs) and each system's bootstrap interval."""
    from tcompare.analysis import significance as sig
    from tcompare.scoring.workers import map_blocks

    if not all(rows.numbered_in_order() for rows in results) or len({len(r) for r in results}) != 1:
        data.significance_note = ("not computed: a system's sentences do not pair one to one "
                                  "with the gold sentences (joined, split or extra sentences), "
                                  "so they cannot be shuffled pairwise")
        return
    alike = [rows.alike() for rows in results]
    model = sig.count_model(profile, config, alike, [data.main])
    if data.main not in model.figures:
        data.significance_note = (f"not computed: {data.main} cannot be rebuilt from "
                                  "per-sentence counts for this profile")
        return
    n = len(results[0])
    rounds = sig_trials(n, SIG_BUDGET, trials, min(trials, MIN_TRIALS))
    data.significance_trials = rounds
    ci_rounds = sig_trials(n, CI_BUDGET, CI_TRIALS, 0)
    needed = len(data.systems) > 1 or ci_rounds >= MIN_CI_TRIALS
    vectors = {s.name: shared_vectors(model, r) for s, r in zip(data.systems, alike)} \
        if needed else {}
    del alike
    if len(data.systems) > 1:
        data.significance = sig.pairwise_matrix(vectors, model.metric, rounds, seed,
                                                jobs)[data.main]
    if ci_rounds < MIN_CI_TRIALS:
        data.ci_note = (f"not computed: {n} sentences would need {CI_TRIALS} resamples of "
                        f"{n} sentences each (the interval is narrow on a corpus this large)")
        return
    data.ci_trials = ci_rounds
    intervals = map_blocks(
        lambda name: sig.bootstrap_ci(vectors[name], model.metric, trials=ci_rounds,
                                      seed=f"{seed}:{name}")[data.main],
        list(vectors), jobs)
    for s, interval in zip(data.systems, intervals):
        s.interval = (interval.low, interval.high)
