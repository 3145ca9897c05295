"""Issue 34: the HTML report's length-bin labels overlapped with one system (a bin's group
of bars was narrower than its name and its sentence count)."""

from __future__ import annotations

import re

import pytest

from tcompare.export import svg_charts as charts
from tcompare.export.report_data import LENGTH_BINS, LAST_BIN
from tcompare.export.svg import text_width

pytestmark = pytest.mark.issue(34)

BINS = [name for _limit, name in LENGTH_BINS] + [LAST_BIN]


def label_extents(svg: str) -> list[tuple[float, float]]:
    """(left, right) of every centred text under the bars (bin names and their notes), by row."""
    rows: dict[str, list[tuple[float, float]]] = {}
    for x, y, size, text in re.findall(
            r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle"(?: fill="#555555" '
            r'font-size="(\d+)")?>([^<]*)</text>', svg):
        width = text_width(text, float(size or 11))
        rows.setdefault(y, []).append((float(x) - width / 2, float(x) + width / 2))
    return [extent for row in rows.values() for extent in zip(row, row[1:])]


@pytest.mark.parametrize("systems", [1, 2, 3])
def test_length_bin_labels_do_not_overlap(systems):
    series = [(f"system{k}", [80.0 + k] * len(BINS)) for k in range(systems)]
    notes = [f"{n} sent." for n in (270, 764, 778, 1433, 135, 36)][:len(BINS)]
    svg = charts.grouped_bars("F1 by sentence length", BINS, series, notes=notes)
    pairs = label_extents(svg)
    assert len(pairs) == 2 * (len(BINS) - 1)           # names and notes, each next to the next
    for (_, right), (left, _) in pairs:
        assert right + 4 <= left, svg
