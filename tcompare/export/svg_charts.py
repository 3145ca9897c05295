"""Small hand-written SVG charts for the HTML report (no plotting library needed).

Each function returns one ``<svg>`` element as text: grouped vertical bars (`grouped_bars`),
horizontal bars (`hbars`) and a heat map (`heatmap`).  Every bar and cell carries a
``<title>`` with its exact value (a tooltip in browsers, read by screen readers), series are
named in a legend, and the report prints the same numbers in tables beside the charts, so
colour is never the only cue.  Series colours are the Okabe-Ito palette the verdicts use.
"""

from __future__ import annotations

from typing import Sequence

from tcompare.export.svg import FONT_FAMILY, esc, text_width
from tcompare.layout import verdict_style as vs

SERIES_COLOURS = (vs.BLUE, vs.ORANGE, vs.BLUISH_GREEN, vs.VERMILLION, vs.REDDISH_PURPLE,
                  vs.SKY_BLUE, vs.YELLOW, vs.BLACK)


CATEGORY_GAP = 10.0      # px between two categories' names under the bars


def series_colour(k: int) -> str:
    return SERIES_COLOURS[k % len(SERIES_COLOURS)]


def _open(width: float, height: float, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            f'font-family="{esc(FONT_FAMILY)}" font-size="11"><title>{esc(title)}</title>')


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _legend(names: Sequence[str], x: float, y: float) -> list[str]:
    out = []
    for k, name in enumerate(names):
        out.append(f'<rect x="{x:.1f}" y="{y - 9:.1f}" width="10" height="10" fill="{series_colour(k)}"/>'
                   f'<text x="{x + 14:.1f}" y="{y:.1f}">{esc(name)}</text>')
        x += 14 + text_width(name, 11) + 16
    return out


def grouped_bars(title: str, categories: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]],
                 top: float = 100.0, notes: Sequence[str] = ()) -> str:
    """Bars of several series over the same categories, values 0..`top` (None: no bar).
    `notes` (one per category) go under the category name (e.g. how many sentences)."""
    n_series = max(1, len(series))
    bar = 14.0 if n_series > 2 else 20.0
    bars = bar * n_series
    # as wide as its name and note too: with one system the bins' names ran into each other
    widest = max([text_width(c, 11) for c in categories] +
                 [text_width(n, 9) for n in notes] + [0.0])
    group = max(bars + 14, widest + CATEGORY_GAP)
    left, right, head, foot = 42.0, 12.0, 30.0, 46.0
    plot_h = 180.0
    width = max(left + right + group * max(1, len(categories)),
                left + sum(text_width(name, 11) + 30 for name, _ in series) + 20)
    height = head + plot_h + foot
    out = [_open(width, height, title)]
    out += _legend([name for name, _ in series], left, 16)
    for tick in range(0, 5):
        value = top * tick / 4
        y = head + plot_h - plot_h * tick / 4
        out.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{width - right:.1f}" y2="{y:.1f}" '
                   f'stroke="#DDDDDD"/><text x="{left - 4:.1f}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{value:g}</text>')
    for c, category in enumerate(categories):
        gx = left + c * group + (group - bars) / 2
        for k, (name, values) in enumerate(series):
            value = values[c] if c < len(values) else None
            if value is None:
                continue
            h = plot_h * max(0.0, min(value, top)) / top
            out.append(f'<rect x="{gx + k * bar:.1f}" y="{head + plot_h - h:.1f}" width="{bar - 2:.1f}" '
                       f'height="{h:.1f}" fill="{series_colour(k)}"><title>{esc(name)}, '
                       f'{esc(category)}: {_fmt(value)}</title></rect>')
        cx = gx + bars / 2
        out.append(f'<text x="{cx:.1f}" y="{head + plot_h + 15:.1f}" text-anchor="middle">'
                   f'{esc(category)}</text>')
        if c < len(notes) and notes[c]:
            out.append(f'<text x="{cx:.1f}" y="{head + plot_h + 29:.1f}" text-anchor="middle" '
                       f'fill="#555555" font-size="9">{esc(notes[c])}</text>')
    out.append("</svg>")
    return "".join(out)


def hbars(title: str, rows: Sequence[tuple[str, float]], unit: str = "") -> str:
    """One horizontal bar per row (label, value), longest bar = largest value."""
    label_w = max([text_width(label, 11) for label, _ in rows] + [40.0]) + 10
    bar_w, row_h = 320.0, 18.0
    width = label_w + bar_w + 70
    height = 10 + row_h * max(1, len(rows)) + 6
    top = max([value for _, value in rows] + [1.0])
    out = [_open(width, height, title)]
    for k, (label, value) in enumerate(rows):
        y = 10 + k * row_h
        w = bar_w * value / top
        out.append(f'<text x="{label_w - 6:.1f}" y="{y + 12:.1f}" text-anchor="end">{esc(label)}</text>'
                   f'<rect x="{label_w:.1f}" y="{y + 2:.1f}" width="{w:.1f}" height="{row_h - 5:.1f}" '
                   f'fill="{vs.BLUE}"><title>{esc(label)}: {value:g}{esc(unit)}</title></rect>'
                   f'<text x="{label_w + w + 4:.1f}" y="{y + 12:.1f}">{value:g}</text>')
    out.append("</svg>")
    return "".join(out)


def shown_label(label: str) -> str:
    """A label as printed: the empty label (a bare root bracket) as ∅."""
    return label if label else "∅"


def heatmap(title: str, labels: Sequence[str], cells: dict[tuple[str, str], int],
            row_name: str = "gold", column_name: str = "system") -> str:
    """Counts in a grid, `labels` in the same order down the rows (`row_name`) and across
    the columns (`column_name`), so agreements run down the diagonal.  Off-diagonal cells
    are shaded by count (darkest = the most frequent confusion); diagonal cells are grey
    and outlined.  Every cell prints its count."""
    cell = 32.0
    names = [shown_label(x) for x in labels]
    row_w = max([text_width(r, 10) for r in names] + [46.0]) + 8
    col_h = max([text_width(c, 10) for c in names] + [30.0]) + 8
    left, head = row_w + 6, col_h + 20
    width = left + cell * len(labels) + 10
    height = head + cell * len(labels) + 10
    top = max([n for (g, c), n in cells.items() if g != c and g in labels and c in labels] + [1])
    out = [_open(width, height, title)]
    out.append(f'<text x="{left:.1f}" y="12" font-weight="bold">{esc(column_name)} →</text>')
    out.append(f'<text x="4" y="{head - 6:.1f}" font-weight="bold">{esc(row_name)} ↓</text>')
    for j, c in enumerate(names):
        x = left + j * cell + cell / 2 + 4
        out.append(f'<text x="{x:.1f}" y="{head - 4:.1f}" font-size="10" '
                   f'transform="rotate(-90 {x:.1f} {head - 4:.1f})">{esc(c)}</text>')
    for i, (r, r_name) in enumerate(zip(labels, names)):
        y = head + i * cell
        out.append(f'<text x="{left - 4:.1f}" y="{y + cell / 2 + 4:.1f}" text-anchor="end" '
                   f'font-size="10">{esc(r_name)}</text>')
        for j, (c, c_name) in enumerate(zip(labels, names)):
            n = cells.get((r, c), 0)
            x = left + j * cell
            if i == j:
                fill, ink, outline = "#E4E4E4", "#000000", ' stroke="#000000" stroke-width="1.5"'
            else:
                shade = n / top if n else 0.0
                fill = vs.tint(vs.VERMILLION, 0.1 + 0.9 * shade) if n else "#FFFFFF"
                ink = "#FFFFFF" if shade > 0.6 else "#000000"
                outline = ' stroke="#DDDDDD"'
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell:.1f}" height="{cell:.1f}" '
                       f'fill="{fill}"{outline}><title>{esc(row_name)} {esc(r_name)}, {esc(column_name)} '
                       f'{esc(c_name)}: {n}</title></rect>')
            if n:
                out.append(f'<text x="{x + cell / 2:.1f}" y="{y + cell / 2 + 3:.1f}" '
                           f'text-anchor="middle" font-size="{9 if n < 10000 else 8}" fill="{ink}">{n}</text>')
    out.append("</svg>")
    return "".join(out)
