"""The heat map's colours, one scale for the window and the HTML files.

Viridis (dark violet for 0, yellow for 100) is read the same by people with any of the
common colour-vision deficiencies and stays ordered in grey; a cell also carries its
number or its state's mark, so colour is never the only cue.
"""

from __future__ import annotations

STOPS = ((0.0, (68, 1, 84)), (25.0, (59, 82, 139)), (50.0, (33, 145, 140)),
         (75.0, (94, 201, 98)), (100.0, (253, 231, 37)))
NO_VALUE = (200, 200, 200)        # missing / unreadable / not scored: grey


def heat_rgb(value: float | None) -> tuple[int, int, int]:
    if value is None:
        return NO_VALUE
    v = min(100.0, max(0.0, float(value)))
    for (a, ca), (b, cb) in zip(STOPS, STOPS[1:]):
        if v <= b:
            t = (v - a) / (b - a)
            return tuple(round(x + t * (y - x)) for x, y in zip(ca, cb))  # type: ignore[return-value]
    return STOPS[-1][1]


def heat_hex(value: float | None) -> str:
    return "#%02x%02x%02x" % heat_rgb(value)


def ink_for(value: float | None) -> str:
    """Black or white text, whichever reads on the cell's colour."""
    r, g, b = heat_rgb(value)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"
