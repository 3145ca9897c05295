"""What the interactive report carries, computed without Qt: `build_interactive(...)`.

Per system, one row per result of the run `tcompare score --output json` makes
(`report_data.scored_rows`: the same pairing, the same counts, EVALB's stop), kept as
columns (status codes, the sentence figure, the counts the running figures need) so the
page reads them fast; and, per row, the pair's compact codes (`interactive_codes`) with the
scorer's verdicts for every bracket, tag and arc, drawn by the page only when opened.
The verdicts come from `score_pair` (position pairing) or from the run's own results
(text pairing); their counts are the run's (a test checks the two agree).

The summary, notes and left-out sentences are `report_data.build_report`'s (no drawing,
no significance): the figures `tcompare score --output json` prints.

Running figures: the profile's own figure lines (`Profile.figure_lines`: ratios of summed
counts, F1 of two of them) that give back its summary on the whole corpus; the page sums
the shown rows' counts and applies them.  A figure they do not give back (a per-sentence
mean, a profile without lines) is left out of the running line, never approximated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.export import interactive_codes as codes
from tcompare.export import report_data
from tcompare.scoring.base import UNSCORED, SentenceResult, Status, uncounted

STATUS_CODES = {Status.VALID: "v", Status.ERROR: "e", Status.SKIP: "s", Status.NO_PARSE: "n",
                Status.MISSING: "m", Status.EXTRA: "x"}
UNSCORED_CODE = "u"          # past the reference program's stop: shown, never counted
BLOCK = 512                  # rows per worker task


@dataclass
class SystemRows:
    name: str
    path: str
    alignment: str
    status: str                                   # one code per row (STATUS_CODES, "u")
    figure: list[float | None]                    # the sentence figure (report's key)
    counted: str                                  # "1" where the row enters the figures
    differs: str                                  # "1" where the profile says gold and
                                                  # system differ (`Profile.disagrees`: F8)
    counts: dict[str, list[int]]                  # the running lines' count keys, per row
    gold_of: list[int]                            # first gold sentence (1-based, 0: none)
    system_of: list[int]                          # first system sentence (1-based, 0: none)
    lengths: list[int]
    messages: dict[int, str]                      # row -> the scorer's message
    trees: list[str] = field(default_factory=list)        # system side code per row
    gold_verdicts: list[str] = field(default_factory=list)
    system_verdicts: list[str] = field(default_factory=list)
    error_labels: list[str] = field(default_factory=list)


@dataclass
class InteractiveData:
    report: Any                                   # report_data.ReportData (summary, notes)
    gold_trees: list[str]                         # gold side code per gold sentence
    systems: list[SystemRows]
    lines: list[tuple[Any, ...]]                  # running figure lines (ratio / f1)
    looks: dict[str, dict[str, Any]]              # verdict code -> look (colours, dash, icon)


# -- running figure lines ----------------------------------------------------------------------

def _evaluate(lines: Sequence[tuple[Any, ...]], counts: dict[str, float]) -> dict[str, float | None]:
    """The page's arithmetic, in Python: what a line gives on `counts`."""
    out: dict[str, float | None] = {}
    for line in lines:
        if line[0] == "ratio":
            num = sum(counts.get(k, 0) for k in line[3])
            den = sum(counts.get(k, 0) for k in line[4])
            out[line[1]] = 100.0 * num / den if den else None
        else:
            p, r = out.get(line[3]), out.get(line[4])
            out[line[1]] = None if p is None or r is None else (2 * p * r / (p + r) if p + r else 0.0)
    return out


def summed(results: Sequence[SentenceResult]) -> dict[str, float]:
    """The counts of the rows that enter the figures, summed."""
    total: dict[str, float] = {}
    for r in results:
        if not uncounted(r):
            for k, v in r.counts.items():
                total[k] = total.get(k, 0) + v
    return total


def running_lines(profile: Any, systems: Sequence[tuple[Any, dict[str, float]]]
                  ) -> list[tuple[Any, ...]]:
    """The profile's ratio and F1 lines that give back its summary figure, to 1e-9, on
    every system's whole corpus (``systems``: (summary, `summed` counts) pairs)."""
    candidates = [tuple(x) for x in profile.figure_lines if x[0] in ("ratio", "f1")]
    keep = []
    for line in candidates:
        name = line[1]
        needed = [line] if line[0] == "ratio" else \
            [x for x in candidates if x[1] in (line[3], line[4])] + [line]
        ok = bool(systems)
        for summary, total in systems:
            if name not in summary.metrics:
                ok = False
                break
            got, want = _evaluate(needed, total).get(name), summary.metrics[name]
            if (got is None) != (want is None) or (got is not None and abs(got - want) > 1e-9):
                ok = False
                break
        if ok:
            keep.append(line)
    # an F1 line needs its P and R lines even when they are not shown
    names = {x[1] for x in keep}
    for line in list(keep):
        if line[0] == "f1":
            for part in (line[3], line[4]):
                if part not in names:
                    keep.insert(0, next(x for x in candidates if x[1] == part))
                    names.add(part)
    return keep


def line_keys(lines: Sequence[tuple[Any, ...]]) -> list[str]:
    keys: list[str] = []
    for line in lines:
        if line[0] == "ratio":
            keys += [k for k in (*line[3], *line[4]) if k not in keys]
    return keys


# -- per-row codes -----------------------------------------------------------------------------

def _pair_of(result: SentenceResult, k: int, rule: str, n_gold: int, n_system: int
             ) -> tuple[list[int], list[int]]:
    """0-based gold and system sentences of row `k`."""
    pair = result.data.get("pair")
    if pair is not None:
        return [i - 1 for i in pair["gold"]], [i - 1 for i in pair["system"]]
    if rule == "position":
        return ([k] if k < n_gold else []), ([k] if k < n_system else [])
    return ([result.index - 1] if 0 < result.index <= n_gold else []), []


def _row_codes(gold: Any, system: Any, kind: str, profile: Any, config: Any,
               full: SentenceResult | None, g: list[int], s: list[int]) -> tuple[str, str, str, str]:
    """(system code, gold verdicts, system verdicts, error labels) of one row."""
    from tcompare.scoring.pairing import score_pair

    def item(corpus: Any, i: list[int]) -> Any:
        if len(i) != 1 or corpus[i[0]].error is not None:
            return None
        return corpus[i[0]].item

    gi, si = item(gold, g), item(system, s)
    code = codes.deps_code(si) if kind == "dependency" else codes.tree_code(si)
    if gi is None or si is None or len(g) != 1 or len(s) != 1:
        return code, "", "", ""
    if full is None and g[0] == s[0]:
        try:
            full = score_pair(gold, system, g[0], profile, config)
        except Exception:  # a profile bug: the row keeps the run's numbers, drawn without verdicts
            full = None
    if full is None or not (full.gold_items or full.system_items):
        return code, "", "", ""
    if kind == "dependency":
        return (code, codes.arc_verdicts(gi, full.gold_items),
                codes.arc_verdicts(si, full.system_items), codes.error_labels(full))
    return (code, codes.tree_verdicts(gi, full.gold_items),
            codes.tree_verdicts(si, full.system_items), codes.error_labels(full))


def gold_codes(gold: Any, kind: str, jobs: int | None) -> list[str]:
    from tcompare.scoring.workers import map_blocks

    def block(bounds: tuple[int, int]) -> list[str]:
        out = []
        for i in range(*bounds):
            record = gold[i]
            item = None if record.error is not None else record.item
            out.append(codes.deps_code(item) if kind == "dependency" else codes.tree_code(item))
            record.release()
        return out

    n = len(gold)
    trees: list[str] = []
    for part in map_blocks(block, [(k, min(k + BLOCK, n)) for k in range(0, n, BLOCK)], jobs):
        trees += part
    return trees


def system_rows(name: str, path: str, gold: Any, system: Any, profile: Any, config: Any,
                key: str, keys: Sequence[str], jobs: int | None) -> tuple[SystemRows, list[SentenceResult]]:
    """One system's rows: the run's results (`report_data.scored_rows`, or the text-paired
    run with its items), columns and codes."""
    from tcompare import formats
    from tcompare.scoring import runs
    from tcompare.scoring.workers import map_blocks

    rule = runs.rule_of(profile)
    full: list[SentenceResult] | None = None
    if rule == "position":
        (results, lengths), alignment = report_data.scored_rows(gold, system, profile, config, jobs)
    else:       # the run `scored_rows` makes, with its items kept for the drawing
        run = runs.run(profile, gold, system, config, text_of=formats.format_corpus)
        if run.refusal is not None:
            raise report_data.ReportError(run.refusal)
        full, alignment = run.results, rule
        results = full
        lengths = [report_data.gold_length(gold, r) for r in results]
    results = list(results)      # (one result per row, read several times below)
    n_gold, n_system = len(gold), len(system)
    pairs = [_pair_of(r, k, rule, n_gold, n_system) for k, r in enumerate(results)]
    rows = SystemRows(
        name, path, alignment,
        status="".join(UNSCORED_CODE if UNSCORED in r.data else STATUS_CODES.get(r.status, "e")
                       for r in results),
        figure=[None if r.scores.get(key) is None else round(r.scores[key], 2) for r in results],
        counted="".join("0" if uncounted(r) else "1" for r in results),
        differs="".join("1" if profile.disagrees(r) else "0" for r in results),
        counts={k: [int(r.counts.get(k, 0)) if not uncounted(r) else 0 for r in results] for k in keys},
        gold_of=[g[0] + 1 if g else 0 for g, _ in pairs],
        system_of=[s[0] + 1 if s else 0 for _, s in pairs],
        lengths=list(lengths),
        messages={k: r.message for k, r in enumerate(results) if r.message})

    def block(bounds: tuple[int, int]) -> list[tuple[str, str, str, str]]:
        out = []
        for k in range(*bounds):
            g, s = pairs[k]
            scored = results[k].status is Status.VALID and not uncounted(results[k])
            given = full[k] if full is not None else None
            out.append(_row_codes(gold, system, profile.kind, profile, config, given, g, s)
                       if scored else _row_codes(gold, system, profile.kind, profile, config,
                                                 None, [], s))
            for corpus, i in ((gold, g), (system, s)):
                for x in i:
                    corpus[x].release()
        return out

    n = len(results)
    for part in map_blocks(block, [(k, min(k + BLOCK, n)) for k in range(0, n, BLOCK)], jobs):
        for code, gv, sv, labels in part:
            rows.trees.append(code)
            rows.gold_verdicts.append(gv)
            rows.system_verdicts.append(sv)
            rows.error_labels.append(labels)
    return rows, results


def verdict_looks() -> dict[str, dict[str, Any]]:
    """The GUI's verdict looks (`layout.verdict_style`) keyed by the codes' letters."""
    from tcompare.layout import verdict_style as vs

    out = {}
    for verdict, letter in [*codes.CODES.items(), (None, codes.NO_VERDICT)]:
        look = vs.look_for(verdict)
        out[letter] = {"fill": look.fill, "border": look.border, "line": look.line,
                       "icon": look.icon, "width": look.width, "legend": look.legend,
                       "name": verdict.value if verdict is not None else "none"}
    return out


def build_interactive(gold_path: str, system_paths: Sequence[str], profile_name: str | None = None,
                      options: dict[str, Any] | None = None, *, fmt: str | None = None,
                      encoding: str | None = None, jobs: int | None = None,
                      progress: report_data.Progress | None = None) -> InteractiveData:
    """Score every system and gather what the interactive report carries.

    Raises `report_data.ReportError` for unreadable input (as `build_report`)."""
    import time

    from tcompare import formats
    from tcompare.scoring import profiles

    note = progress or (lambda _f, _m: None)
    start = time.monotonic()
    data = report_data.build_report(gold_path, system_paths, profile_name, options, fmt=fmt,
                                    encoding=encoding, worst=0, detail_limit=1, jobs=jobs,
                                    progress=lambda f, m: note(f * 0.3, m), significance=False)
    profile = profiles.get(data.profile)
    config = profile.prepare({k: v for k, v in data.options.items()
                              if k in {o.name for o in profile.options}} or None)
    gold = formats.read_file(gold_path, fmt, encoding)
    note(0.3, f"reading {gold_path}")          # (the window translates the report's steps)
    gold_trees = gold_codes(gold, profile.kind, jobs)
    keys = line_keys([tuple(x) for x in profile.figure_lines if x[0] == "ratio"])
    systems: list[SystemRows] = []
    checked: list[tuple[Any, dict[str, float]]] = []
    for k, (path, report) in enumerate(zip(system_paths, data.systems)):
        note(0.35 + 0.6 * k / len(system_paths), f"scoring {report.name}")
        system = formats.read_file(path, fmt, encoding)
        rows, results = system_rows(report.name, path, gold, system, profile, config,
                                    data.sentence_key, keys, jobs)
        systems.append(rows)
        checked.append((report.summary, summed(results)))
        del results, system                 # (memory: one system's results at a time)
    lines = running_lines(profile, checked)
    used = line_keys(lines)
    for rows in systems:
        rows.counts = {k: v for k, v in rows.counts.items() if k in used}
    data.seconds = time.monotonic() - start
    note(1.0, "done")
    return InteractiveData(data, gold_trees, systems, lines, verdict_looks())
