"""A campaign `Table` as text (aligned columns), CSV, LaTeX (booktabs) or Markdown."""

from __future__ import annotations

import io
import re
import unicodedata

from tcompare.analysis.campaign import Table
from tcompare.csv_cells import csv_writer

FORMATS = ("text", "csv", "latex", "markdown")


def render(table: Table, fmt: str) -> str:
    if fmt == "text":
        return to_text(table)
    if fmt == "csv":
        return to_csv(table)
    if fmt == "latex":
        return to_latex(table)
    if fmt == "markdown":
        return to_markdown(table)
    raise ValueError(f"unknown table format {fmt!r}; known: {', '.join(FORMATS)}")


def flat_headers(table: Table) -> list[str]:
    """One header per column: the group header and the column's ("B+C P")."""
    out: list[str] = []
    for group, span in table.groups:
        for _ in range(span):
            header = table.headers[len(out)]
            out.append(f"{group} {header}" if group else header)
    return out


def _width(text: str) -> int:
    """Columns a string takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int, align: str) -> str:
    gap = " " * (width - _width(text))
    return text + gap if align == "l" else gap + text


def to_text(table: Table) -> str:
    widths = [max([_width(h)] + [_width(r[k]) for r in table.rows])
              for k, h in enumerate(table.headers)]
    # a group header wider than its columns widens the last of them
    col = 0
    for group, span in table.groups:
        inner = sum(widths[col:col + span]) + 2 * (span - 1)
        if _width(group) > inner:
            widths[col + span - 1] += _width(group) - inner
        col += span
    lines = [table.title, ""]
    if any(g for g, _ in table.groups):
        parts, col = [], 0
        for group, span in table.groups:
            inner = sum(widths[col:col + span]) + 2 * (span - 1)
            parts.append(group.center(inner) if group else " " * inner)
            col += span
        lines.append("  ".join(parts).rstrip())
    lines.append("  ".join(_pad(h, w, a) for h, w, a in
                           zip(table.headers, widths, table.align)).rstrip())
    rule = "-" * (sum(widths) + 2 * (len(widths) - 1))
    lines.append(rule)
    for k, row in enumerate(table.rows):
        lines.append("  ".join(_pad(c, w, a) for c, w, a in zip(row, widths, table.align)).rstrip())
        if k + 1 in table.sections:
            lines.append(rule)
    lines.append(rule)
    lines.extend(table.notes)
    return "\n".join(lines) + "\n"


def to_csv(table: Table) -> str:
    """A header row (group and column header joined), then one row per run; no title and
    no notes, so it reads straight back."""
    buf = io.StringIO()
    writer = csv_writer(buf, lineterminator="\n")
    writer.writerow(flat_headers(table))
    writer.writerows(table.rows)
    return buf.getvalue()


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def to_markdown(table: Table) -> str:
    lines = [f"**{_md(table.title)}**", ""]
    lines.append("| " + " | ".join(_md(h) for h in flat_headers(table)) + " |")
    lines.append("|" + "|".join(":---" if a == "l" else "---:" for a in table.align) + "|")
    for row in table.rows:
        lines.append("| " + " | ".join(_md(c) for c in row) + " |")
    if table.notes:
        lines.append("")
        lines.extend(_md(n) + "  " for n in table.notes)
    return "\n".join(lines) + "\n"


_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
          "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
          "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    """`text` for a LaTeX document: special characters escaped, "quoted" words in TeX's
    opening and closing quotes."""
    escaped = "".join(_LATEX.get(ch, ch) for ch in text)
    return re.sub(r'"([^"]*)"', r"``\1''", escaped)


def to_latex(table: Table) -> str:
    """A ``table`` float with a booktabs ``tabular``: group headers over their columns with a
    \\cmidrule under each, \\midrule between teams (or kinds of system), the notes under it.
    Needs ``\\usepackage{booktabs}``."""
    out = [r"\begin{table}[htbp]", r"\centering", r"\begin{tabular}{" + "".join(table.align) + "}",
           r"\toprule"]
    if any(g for g, _ in table.groups):
        cells, rules, col = [], [], 1
        for group, span in table.groups:
            if group:
                cells.append(rf"\multicolumn{{{span}}}{{c}}{{{latex_escape(group)}}}")
                rules.append(rf"\cmidrule(lr){{{col}-{col + span - 1}}}")
            else:
                cells.extend([""] * span)
            col += span
        out.append(" & ".join(cells) + r" \\")
        out.append("".join(rules))
    out.append(" & ".join(latex_escape(h) for h in table.headers) + r" \\")
    out.append(r"\midrule")
    for k, row in enumerate(table.rows):
        out.append(" & ".join(latex_escape(c) for c in row) + r" \\")
        if k + 1 in table.sections:
            out.append(r"\midrule")
    out.append(r"\bottomrule")
    out.append(r"\end{tabular}")
    if table.notes:
        out.append(r"\par\smallskip{\footnotesize " + r"\\ ".join(latex_escape(x) for x in table.notes)
                   + "}")
    out.append(r"\caption{" + latex_escape(table.title) + "}")
    out.append(r"\end{table}")
    return "\n".join(out) + "\n"
