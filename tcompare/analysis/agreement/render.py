"""An `AgreementReport` as tables: text, markdown, LaTeX, CSV (JSON is `report.to_json`).

`tables(report, ...)` builds plain `Table`s (title, columns, rows of cells) -- summary,
pairs, labels, sentences, disagreements, unpaired / excluded -- and one function per format
writes them, so every format shows the same numbers.  Coefficients are printed with four
decimals, percentages with two; an undefined value is ``-`` and its note follows the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Sequence, TextIO

from tcompare.analysis.agreement.report import FIELD_TITLES, AgreementReport
from tcompare.csv_cells import csv_writer

TABLE_NAMES = ("summary", "pairs", "labels", "sentences", "disagreements", "unpaired")


@dataclass
class Table:
    name: str
    title: str
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    percent: set[str] = field(default_factory=set)   # columns holding percentages

    def shown(self) -> list[list[str]]:
        """The rows as printed: coefficients with 4 decimals, percentages with 2, ``-`` for
        an undefined value."""
        out = []
        for row in self.rows:
            cells = []
            for col, value in zip(self.columns, row):
                if value is None:
                    cells.append("-")
                elif isinstance(value, float):
                    cells.append(_pct(value) if col in self.percent else _coef(value))
                else:
                    cells.append(str(value))
            out.append(cells)
        return out


def _coef(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _interval(report: AgreementReport, name: str, percent: bool = False) -> str:
    got = report.intervals.get(name)
    if not got or got[0] is None or got[1] is None:
        return ""
    show = _pct if percent else _coef
    return f"[{show(got[0])}, {show(got[1])}]"


def summary_table(report: AgreementReport) -> Table:
    ci = bool(report.intervals)
    columns = ["field", "units", "fleiss_kappa", "krippendorff_alpha"]
    if ci:
        columns += ["fleiss_ci", "alpha_ci"]
    rows = len(report.rows)
    table = Table("summary", f"Agreement over all {len(report.annotators)} annotators "
                             f"({rows} sentence{'' if rows == 1 else 's'} compared)", columns)
    for fname in report.fields_order:
        fa = report.fields[fname]
        fk, ka = fa.coefficients["fleiss_kappa"], fa.coefficients["krippendorff_alpha"]
        row: list[Any] = [FIELD_TITLES.get(fname, fname), int(fa.units), fk.value, ka.value]
        if ci:
            row += [_interval(report, f"{fname}.fleiss_kappa"), _interval(report, f"{fname}.krippendorff_alpha")]
        table.rows.append(row)
        for c in (fk, ka):
            if c.note:
                table.notes.append(f"{fname} {c.name}: {c.note}")
    ta = report.tree_alpha
    if ta is not None:
        how = "exact" if ta.exact else f"estimated from {ta.expected_pairs} random pairs, seed {ta.seed}"
        for kind, value in ta.values.items():
            row = [f"tree alpha ({kind})", ta.trees, "", value]
            if ci:
                row += ["", _interval(report, f"tree_alpha.{kind}")]
            table.rows.append(row)
        table.notes.append(f"tree alpha: Krippendorff's alpha with Zhang-Shasha tree edit distance "
                           f"(Skjaerholt 2014); expected disagreement {how}")
        if ta.note:
            table.notes.append(f"tree alpha: {ta.note}")
    table.notes.extend(report.notes)
    return table


def pairs_table(report: AgreementReport) -> Table:
    figure_names = list(report.pairs[0].figures) if report.pairs else []
    columns = ["pair"] + figure_names
    for fname in report.fields_order:
        columns += [f"{fname} agreement", f"{fname} kappa"]
    table = Table("pairs", f"Per annotator pair ({', '.join(figure_names)} in %, first annotator "
                           "as reference; each field's agreement a proportion, its kappa Cohen's)",
                  columns, percent=set(figure_names))
    for p in report.pairs:
        i, j = p.pair
        row: list[Any] = [f"{report.annotators[i]} ~ {report.annotators[j]}"]
        row += [p.figures[n] for n in figure_names]
        for fname in report.fields_order:
            coefs = p.coefficients[fname]
            row += [coefs["agreement"].value, coefs["cohen_kappa"].value]
            if coefs["cohen_kappa"].note:
                table.notes.append(f"{row[0]} {fname}: {coefs['cohen_kappa'].note}")
        table.rows.append(row)
    if report.intervals:
        for p in report.pairs:
            i, j = p.pair
            bits = [f"{n} {_interval(report, f'pair.{i + 1}-{j + 1}.{n}', True)}" for n in figure_names]
            bits += [f"{f} kappa {_interval(report, f'{f}.cohen_kappa:{i + 1}-{j + 1}')}"
                     for f in report.fields_order]
            table.notes.append(f"{report.bootstrap.get('level', 0.95):.0%} bootstrap intervals, "
                               f"{report.annotators[i]} ~ {report.annotators[j]}: " + "; ".join(bits))
    return table


def labels_table(report: AgreementReport, top: int | None = 15) -> Table:
    names = report.annotators
    table = Table("labels", "Per label (used: how often each annotator gave it; agreement: "
                            "share of its coincidences that agree)",
                  ["field", "label"] + [f"used by {n}" for n in names] + ["agreement"])
    for fname in report.fields_order:
        rows = report.fields[fname].labels
        shown = rows if top is None else rows[:top]
        for r in shown:
            table.rows.append([fname, r.label] + [int(u) for u in r.used] + [r.agreement])
        if len(shown) < len(rows):
            table.notes.append(f"{fname}: {len(rows) - len(shown)} more labels (--labels all)")
    return table


def sentences_table(report: AgreementReport) -> Table:
    entries = report.sentence_table()
    columns = list(entries[0]) if entries else ["row", "sentences", "lines"]
    table = Table("sentences", "Per sentence (figures in %)", columns,
                  percent={c for c in columns if " " in c and not c.endswith(("units", "disagreements", "distance"))})
    for e in entries:
        table.rows.append([_cell(e.get(c)) for c in columns])
    return table


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return " ".join(map(str, value))
    return value


def disagreements_table(report: AgreementReport, limit: int | None = None) -> Table:
    table = Table("disagreements", "Where the annotators differ",
                  ["row", "sentences", "field", "where"] + list(report.annotators))
    shown = list(report.disagreements if limit is None else islice(report.disagreements, limit))
    for d in shown:
        row = report.rows[d.row]
        where = f"{d.key[0]}-{d.key[1]}" if isinstance(d.key, tuple) else str(d.key + 1)
        table.rows.append([d.row + 1, " ".join(map(str, row.numbers)), d.field, where]
                          + ["-" if v is None else v for v in d.values])
    if len(shown) < report.disagreement_count:
        table.notes.append(f"{report.disagreement_count - len(shown)} more (--output json or "
                           "csv --table disagreements lists them all)")
    return table


def unpaired_table(report: AgreementReport) -> Table:
    table = Table("unpaired", "Sentences not compared", ["file", "sentence", "line", "reason"])
    for u in report.unpaired:
        table.rows.append([report.paths[u.annotator], u.sentence, u.line, u.reason])
    for e in report.excluded:
        table.rows.append(["(each file)" if e.numbers else "-", "/".join(map(str, e.numbers)), "",
                           e.reason])
    return table


def tables(report: AgreementReport, which: Sequence[str], top_labels: int | None = 15,
           disagreement_limit: int | None = None) -> list[Table]:
    makers = {"summary": lambda: summary_table(report), "pairs": lambda: pairs_table(report),
              "labels": lambda: labels_table(report, top_labels),
              "sentences": lambda: sentences_table(report),
              "disagreements": lambda: disagreements_table(report, disagreement_limit),
              "unpaired": lambda: unpaired_table(report)}
    return [makers[name]() for name in which]


# -- formats ----------------------------------------------------------------------------

def write_text(out: TextIO, tabs: Sequence[Table]) -> None:
    for t in tabs:
        if t.name == "unpaired" and not t.rows:
            out.write("# every sentence was compared\n\n")
            continue
        out.write(f"# {t.title}\n")
        cells = t.shown()
        widths = [max([len(col)] + [len(r[k]) for r in cells]) for k, col in enumerate(t.columns)]
        # numbers right-aligned, words left
        numeric = [k > 0 and all(v is None or v == "" or isinstance(v, (int, float)) for v in (
            r[k] for r in t.rows)) for k in range(len(t.columns))]
        for r in [t.columns] + cells:
            out.write("  ".join(c.rjust(w) if numeric[k] else c.ljust(w)
                                for k, (c, w) in enumerate(zip(r, widths))).rstrip() + "\n")
        for note in t.notes:
            out.write(f"  note: {note}\n")
        out.write("\n")


def _md(value: Any) -> str:
    return str(value).replace("|", "\\|")


def write_markdown(out: TextIO, tabs: Sequence[Table]) -> None:
    for t in tabs:
        out.write(f"### {t.title}\n\n")
        out.write("| " + " | ".join(_md(c) for c in t.columns) + " |\n")
        out.write("|" + "|".join(":---" if k == 0 else "---:" for k in range(len(t.columns))) + "|\n")
        for r in t.shown():
            out.write("| " + " | ".join(_md(c) for c in r) + " |\n")
        if t.notes:
            out.write("\n" + "".join(f"- {_md(n)}\n" for n in t.notes))
        out.write("\n")


_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
          "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_escape(value: Any) -> str:
    return "".join(_LATEX.get(ch, ch) for ch in str(value))


def write_latex(out: TextIO, tabs: Sequence[Table]) -> None:
    """One ``table`` / ``tabular`` (booktabs rules) per table; notes as a footnote block."""
    for t in tabs:
        spec = "l" + "r" * (len(t.columns) - 1)
        out.write("\\begin{table}[ht]\n\\centering\n")
        out.write(f"\\caption{{{latex_escape(t.title)}}}\n")
        out.write(f"\\begin{{tabular}}{{{spec}}}\n\\toprule\n")
        out.write(" & ".join(latex_escape(c) for c in t.columns) + " \\\\\n\\midrule\n")
        for r in t.shown():
            out.write(" & ".join(latex_escape(c) for c in r) + " \\\\\n")
        out.write("\\bottomrule\n\\end{tabular}\n")
        for note in t.notes:
            out.write(f"\n\\par\\footnotesize {latex_escape(note)}\n")
        out.write("\\end{table}\n\n")


def write_csv(out: TextIO, table: Table) -> None:
    writer = csv_writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    for r in table.rows:      # full precision; an undefined value is an empty cell
        writer.writerow(["" if v is None else v for v in r])
