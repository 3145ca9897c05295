"""The corpus report as ONE self-contained HTML file: `write_report(...)` / `render(data)`.

Sections: the summary table (one row per system, the profile's headline figures), the
pairwise significance matrix, the main figure by sentence length, per-label P/R/F1 (per
relation for dependency profiles), error classes, a confusion heat map, and the worst
sentences drawn as SVG trees in the verdict colours with a legend in words.

Self-contained: styles inline, charts and trees inline SVG, no script, no font, image or
style sheet from anywhere; a Content-Security-Policy (``default-src 'none'``) makes the
browser refuse any request the page might still try.  The figures are also embedded as
JSON (``<script type="application/json" id="tcompare-data">``, data only, never run) so a
test or a script can read them back exactly.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Sequence

from tcompare.atomic_file import atomic_write
from tcompare.export import svg_charts as charts
from tcompare.export.report_data import ReportData, SystemReport, build_report
from tcompare.export.svg import CONSTITUENCY_LEGEND, DEPENDENCY_LEGEND, legend

TOP_LABELS = 15          # labels in a per-label chart (by gold count)
TOP_CONFUSED = 12        # rows / columns of a heat map
GROUPS_SHOWN = ("all",)  # summary groups embedded with the figures (sums of counts)

CSS = """
body{font-family:'DejaVu Sans','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif;margin:24px;
color:#111;max-width:1400px}
h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}
h3{font-size:15px;margin-bottom:4px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;font-size:13px}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.best{font-weight:bold}
.note{color:#555;font-size:13px}.todo{color:#8a4b00;font-size:13px}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 18px;font-size:13px}
.legend li{display:flex;align-items:center;gap:6px}
.figure{overflow-x:auto;margin:6px 0 14px}
.sentence{margin:18px 0;border-top:1px dashed #ccc;padding-top:6px}
.words{font-size:13px;color:#333}
details{margin:6px 0}summary{cursor:pointer;font-size:13px}
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool) or isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.2f}"
    return _e(value)


def _best(values: Sequence[Any]) -> Any:
    numbers = [v for v in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return max(numbers) if len(numbers) > 1 else None


def summary_table(data: ReportData) -> str:
    keys = [k for k in data.headline] or list(data.systems[0].summary.metrics)[:6]
    ci = any(s.interval is not None for s in data.systems)
    rows = ["<table class='summary'><thead><tr><th>System</th><th>Sentences</th>"
            + "".join(f"<th>{_e(k)}</th>" for k in keys)
            + (f"<th>{_e(data.main)} 95 % CI</th>" if ci else "") + "</tr></thead><tbody>"]
    best = {k: _best([s.summary.metrics.get(k) for s in data.systems]) for k in keys}
    for s in data.systems:
        cells = []
        for k in keys:
            value = s.summary.metrics.get(k)
            mark = " best" if best[k] is not None and value == best[k] else ""
            cells.append(f"<td class='n{mark}' data-key='{_e(k)}'>{fmt(value)}</td>")
        paired = "" if s.alignment == "position" else " (paired by text)"
        if ci:
            low, high = s.interval or (None, None)
            cells.append(f"<td class='n'>{fmt(low)} – {fmt(high)}</td>")
        rows.append(f"<tr><th title='{_e(s.path)}'>{_e(s.name)}</th><td class='n'>{s.sentences}"
                    f"{_e(paired)}</td>" + "".join(cells) + "</tr>")
    rows.append("</tbody></table>")
    if ci:
        rows.append(f"<p class='note'>CI: percentile bootstrap over sentences "
                    f"({data.ci_trials} resamples with replacement, seeded).</p>")
    elif data.ci_note:
        rows.append(f"<p class='note'>{_e(data.main)} confidence intervals: {_e(data.ci_note)}.</p>")
    if len(data.systems) > 1:
        rows.append("<p class='note'>Bold: the highest value of a column.</p>")
    for s in data.systems:
        for note in s.notes:
            rows.append(f"<p class='note'>{_e(s.name)}: {_e(note)}</p>")
    return "".join(rows)


def _p(value: float | None) -> str:
    if value is None:
        return "–"
    return "&lt; 0.001" if value < 0.001 else f"= {value:.3f}"


def _stars(value: float | None) -> str:
    if value is None:
        return ""
    return " **" if value < 0.01 else " *" if value < 0.05 else ""


def significance_section(data: ReportData) -> str:
    m = data.significance
    if m is None:
        note = data.significance_note or ("one system: nothing to compare" if len(data.systems) < 2
                                          else "not computed")
        return f"<p class='note'>{_e(note)}</p>"
    k = len(m.systems)
    rows = ["<table class='significance'><thead><tr><th>row − column</th>"
            + "".join(f"<th>{_e(n)}</th>" for n in m.systems) + "</tr></thead><tbody>"]
    for i in range(k):
        cells = []
        for j in range(k):
            if i == j:
                cells.append("<td class='n'>—</td>")
                continue
            diff, p_holm = m.diff[i][j], m.p_holm[i][j]
            sign = "" if diff is None or diff < 0 else "+"
            cells.append(f"<td class='n' data-p='{'' if p_holm is None else p_holm}'>"
                         f"{sign}{fmt(diff)}<br><small>p {_p(p_holm)}{_stars(p_holm)}</small></td>")
        rows.append(f"<tr><th>{_e(m.systems[i])}</th>" + "".join(cells) + "</tr>")
    rows.append("</tbody></table>")
    return (f"<p class='note'>Difference in {_e(m.figure)} (row minus column) and its p-value: "
            f"stratified shuffling of whole sentences between the two systems "
            f"({data.significance_trials} rounds, seeded), Holm-adjusted over all "
            f"{k * (k - 1) // 2} pairs.  p is the chance of a difference at least this large "
            f"if the two systems were interchangeable; ** p &lt; 0.01, * p &lt; 0.05 (adjusted).</p>"
            + "".join(rows))


def length_section(data: ReportData) -> str:
    bins: list[str] = []
    for s in data.systems:
        for name, _value, _n in s.by_length:
            if name not in bins:
                bins.append(name)
    series = []
    for s in data.systems:
        values = {name: value for name, value, _ in s.by_length}
        series.append((s.name, [values.get(b) for b in bins]))
    counts = {name: n for name, _v, n in data.systems[0].by_length}
    notes = [f"{counts.get(b, 0)} sent." for b in bins]
    chart = charts.grouped_bars(f"{data.main} by sentence length", bins, series, notes=notes)
    table = ["<details><summary>numbers</summary><table><tr><th>Length</th>"
             + "".join(f"<th>{_e(s.name)}</th>" for s in data.systems) + "<th>Sentences</th></tr>"]
    for b in bins:
        table.append(f"<tr><td>{_e(b)}</td>" + "".join(
            f"<td class='n'>{fmt(dict((n, v) for n, v, _ in s.by_length).get(b))}</td>"
            for s in data.systems) + f"<td class='n'>{counts.get(b, 0)}</td></tr>")
    table.append("</table></details>")
    return (f"<p class='note'>{_e(data.main)} of the sentences in each length bin (words), "
            f"the profile's own aggregate over those sentences.</p>"
            f"<div class='figure'>{chart}</div>" + "".join(table))


def labels_section(s: SystemReport, kind: str) -> str:
    rows = sorted(s.labels, key=lambda r: (-r.gold, r.label))[:TOP_LABELS]
    if not rows:
        return "<p class='note'>no labelled items</p>"
    names = [r.label for r in rows]
    chart = charts.grouped_bars(f"per-{kind} precision, recall and F1 of {s.name}", names,
                                [("precision", [r.precision for r in rows]),
                                 ("recall", [r.recall for r in rows]),
                                 ("F1", [r.f1 for r in rows])],
                                notes=[f"{r.gold}" for r in rows])
    table = ["<details><summary>all labels</summary><table><tr><th>Label</th><th>Gold</th>"
             "<th>System</th><th>Matched</th><th>P</th><th>R</th><th>F1</th></tr>"]
    for r in sorted(s.labels, key=lambda r: (-r.gold, r.label)):
        table.append(f"<tr><td>{_e(r.label)}</td><td class='n'>{r.gold}</td><td class='n'>{r.system}</td>"
                     f"<td class='n'>{r.matched}</td><td class='n'>{fmt(r.precision)}</td>"
                     f"<td class='n'>{fmt(r.recall)}</td><td class='n'>{fmt(r.f1)}</td></tr>")
    table.append("</table></details>")
    return (f"<h3>{_e(s.name)}</h3><p class='note'>{_e(kind)} items of {_e(s.detail_of())}; "
            f"the {len(rows)} most frequent gold labels (gold count under each).</p>"
            f"<div class='figure'>{chart}</div>" + "".join(table))


def errors_section(s: SystemReport) -> str:
    if not s.error_counts and not s.error_status:
        return ""
    left = ", ".join(f"{k} {v}" for k, v in sorted(s.error_status.items()) if k != "ok")
    rows = [(name, float(n)) for n, _b, name in s.error_counts]
    # a search that spent its work budget is named sentence by sentence, never taken for
    # "no repair needed"
    stopped = "".join(f"<li>{_e(note)}</li>" for note in s.error_stopped[:50])
    if len(s.error_stopped) > 50:
        stopped += f"<li>... {len(s.error_stopped) - 50} more</li>"
    stopped = f"<ul class='note'>{stopped}</ul>" if stopped else ""
    if not rows:
        if left:
            return (f"<h3>{_e(s.name)}</h3><p class='note'>Repair steps (Kummerfeld et al.) over "
                    f"{_e(s.detail_of())}; analysed {s.error_status.get('ok', 0)}, left out: "
                    f"{_e(left)}</p>" + stopped)
        return (f"<h3>{_e(s.name)}</h3><p class='note'>no repair needed in "
                f"{_e(s.detail_of())}</p>")
    chart = charts.hbars(f"error classes of {s.name}", rows, " occurrences") if rows else ""
    table = ["<table><tr><th>Class</th><th>Occurrences</th><th>Brackets fixed</th></tr>"]
    for n, brackets, name in s.error_counts:
        table.append(f"<tr><td>{_e(name)}</td><td class='n'>{n}</td><td class='n'>{brackets}</td></tr>")
    table.append("</table>")
    return (f"<h3>{_e(s.name)}</h3><p class='note'>Repair steps (Kummerfeld et al.) over "
            f"{_e(s.detail_of())}; analysed {s.error_status.get('ok', 0)}"
            + (f", left out: {_e(left)}" if left else "") + "</p>" + stopped +
            f"<div class='figure'>{chart}</div><details><summary>numbers</summary>"
            + "".join(table) + "</details>")


def confusion_section(s: SystemReport, kind: str) -> str:
    m = s.confusion
    if m is None or not m.cells:
        return ""
    weight: dict[str, int] = {}
    for (g, c), n in m.cells.items():
        if g != c:
            weight[g] = weight.get(g, 0) + n
            weight[c] = weight.get(c, 0) + n
    labels = sorted(weight, key=lambda k: (-weight[k], k))[:TOP_CONFUSED]
    if not labels:
        return f"<h3>{_e(s.name)}</h3><p class='note'>no confusions</p>"
    labels = [x for x in labels if x != "-"] + (["-"] if "-" in labels else [])
    chart = charts.heatmap(f"confusions of {s.name}", labels, dict(m.cells))
    top = m.off_diagonal()[:10]
    listing = "".join(f"<li>{_e(charts.shown_label(g))} → {_e(charts.shown_label(c))}: {n}</li>"
                      for g, c, n in top)
    what = ("gold relation (rows) against system relation (columns) of the words whose head "
            "is right" if kind == "dependency" else
            "gold label (rows) against system label (columns) of the same span")
    none = "" if kind == "dependency" else "; “-”: no bracket with that span on the other side"
    return (f"<h3>{_e(s.name)}</h3><p class='note'>{what}, over {_e(s.detail_of())}{none}.  "
            f"The {len(labels)} labels most often confused; the diagonal (grey) is agreement, "
            f"the darker a cell off it, the more frequent that confusion.</p>"
            f"<div class='figure'>{chart}</div><details><summary>most frequent confusions"
            f"</summary><ol>{listing}</ol></details>")


def worst_section(data: ReportData, s: SystemReport) -> str:
    parts = [f"<h3>{_e(s.name)}</h3>"]
    if not s.worst:
        parts.append(f"<p class='note'>no sentence with {_e(data.sentence_key)} below 100</p>")
    for d in s.worst:
        parts.append(f"<div class='sentence'><p><b>Sentence {d.index}</b>: {_e(data.sentence_key)} "
                     f"{fmt(d.figure)}</p><p class='words'>{_e(d.text)}</p>"
                     f"<div class='figure'>{d.svg}</div></div>")
    return "".join(parts)


def data_json(data: ReportData) -> str:
    """The figures as JSON, safe inside a ``<script>`` element."""
    payload = {"gold": data.gold_path, "profile": data.profile, "main": data.main,
               "systems": [{"name": s.name, "path": s.path, "sentences": s.sentences,
                            "alignment": s.alignment,
                            # the figures the report shows (groups: EVALB's len<=40 block ...)
                            "summary": {**s.summary.to_json()["summary"], **s.left_out},
                            "flags": s.summary.to_json()["flags"],
                            "groups": {k: v for k, v in s.summary.to_json()["groups"].items()
                                       if k in GROUPS_SHOWN},
                            "by_length": [{"bin": b, "value": v, "sentences": n}
                                          for b, v, n in s.by_length],
                            "worst": [d.index for d in s.worst], "notes": s.notes,
                            "interval": s.interval}
                           for s in data.systems]}
    m = data.significance
    if m is not None:
        payload["significance"] = {"figure": m.figure, "trials": data.significance_trials,
                                   **m.to_json()}
    text = json.dumps(payload, ensure_ascii=False)
    return text.replace("</", "<\\/")


def render(data: ReportData) -> str:
    kind = "relation" if data.kind == "dependency" else "label"
    verdicts = DEPENDENCY_LEGEND if data.kind == "dependency" else CONSTITUENCY_LEGEND
    names = ", ".join(s.name for s in data.systems)
    out = ["<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>",
           "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
           "style-src 'unsafe-inline'; img-src data:\">",
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           f"<title>tcompare report: {_e(names)}</title><style>{CSS}</style></head><body>",
           f"<h1>tcompare report</h1><p>Gold <b>{_e(data.gold_path)}</b> ({_e(data.notation)}), "
           f"profile <b>{_e(data.profile)}</b>, {len(data.systems)} system(s): {_e(names)}.</p>",
           "<nav class='note'>" + " · ".join(
               f"<a href='#{anchor}'>{title}</a>" for anchor, title in (
                   ("summary", "Summary"), ("significance", "Significance"),
                   ("length", "By sentence length"), ("labels", f"Per {kind}"),
                   ("errors", "Error classes"), ("confusion", "Confusions"),
                   ("worst", "Worst sentences"))) + "</nav>",
           "<h2 id='summary'>Summary</h2>", summary_table(data),
           "<h2 id='significance'>Significance</h2>", significance_section(data),
           "<h2 id='length'>By sentence length</h2>", length_section(data),
           f"<h2 id='labels'>Per {kind}</h2>"]
    out += [labels_section(s, kind) for s in data.systems]
    errors = [errors_section(s) for s in data.systems]
    out.append("<h2 id='errors'>Error classes</h2>")
    if any(errors):
        out += errors
    else:
        out.append("<p class='note'>Error classes are repair steps between constituency trees; "
                   "this profile's items are not brackets.</p>")
    out.append("<h2 id='confusion'>Confusions</h2>")
    out += [confusion_section(s, data.kind) for s in data.systems]
    out.append(f"<h2 id='worst'>Worst sentences</h2><p class='note'>The sentences with the "
               f"lowest {_e(data.sentence_key)} of each system, gold above the system"
               + (" (gold arcs above the words, system arcs below)" if data.kind == "dependency" else "")
               + ".  Each box or arc shows the scorer's verdict by colour, border style and "
               "corner mark:</p>" + legend(verdicts))
    out += [worst_section(data, s) for s in data.systems]
    out.append(f"<p class='note'>Made by tcompare in {data.seconds:.1f} s.</p>")
    out.append(f"<script type='application/json' id='tcompare-data'>{data_json(data)}</script>")
    out.append("</body></html>\n")
    return "\n".join(out)


def write_report(path: str | Path, gold_path: str, system_paths: Sequence[str],
                 profile: str | None = None, options: dict[str, Any] | None = None,
                 **kwargs: Any) -> ReportData:
    """Build the report (`report_data.build_report`) and write it to `path` (UTF-8)."""
    data = build_report(gold_path, system_paths, profile, options, **kwargs)
    atomic_write(path, render(data).encode("utf-8"))    # WriteError (an OSError) if not
    return data
