"""How each verdict looks, without Qt: the one table the GUI palette, the LaTeX export and
the Graphviz export all read.

Colours are the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008), which stays
distinguishable under the common colour-vision deficiencies.  Colour is never the only cue:
each verdict also has a line style, a corner icon, and crossing adds a hatch.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcompare.scoring.base import Verdict

# Okabe-Ito base colours
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
BLACK = "#000000"
GREY = "#8C8C8C"

CROSSING_ICON = "✗"


def tint(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white (amount 0 = white, 1 = the colour), for box fills."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(255 - (255 - v) * amount) for v in (r, g, b))
    return f"#{r:02X}{g:02X}{b:02X}"


@dataclass(frozen=True, slots=True)
class VerdictLook:
    """fill / border colours (hex), line style (solid, dash, dot, dashdot, dashdotdot),
    corner icon, legend text, hatch, border width in pixels."""

    fill: str
    border: str
    line: str
    icon: str
    legend: str
    hatch: bool = False
    width: float = 1.4


LOOKS: dict[Verdict | None, VerdictLook] = {
    Verdict.MATCH: VerdictLook(tint(BLUISH_GREEN, 0.22), BLUISH_GREEN, "solid", "", "matched"),
    Verdict.LABEL_ONLY: VerdictLook(tint(ORANGE, 0.35), ORANGE, "solid", "≠",
                                    "right span, wrong label", width=2.2),
    Verdict.MISSING: VerdictLook(tint(VERMILLION, 0.25), VERMILLION, "dash", "−",
                                 "missing from system (gold only)", width=1.8),
    Verdict.EXTRA: VerdictLook(tint(REDDISH_PURPLE, 0.30), REDDISH_PURPLE, "dot", "+",
                               "extra in system", width=2.0),
    Verdict.CROSSING: VerdictLook(tint(YELLOW, 0.45), BLACK, "dashdot", CROSSING_ICON,
                                  "crossing a gold bracket", hatch=True, width=1.6),
    Verdict.WRONG_POS: VerdictLook(tint(SKY_BLUE, 0.30), BLUE, "solid", "≠", "wrong POS tag", width=2.0),
    Verdict.WRONG_HEAD: VerdictLook(tint(SKY_BLUE, 0.30), BLUE, "dash", "↷", "wrong head"),
    Verdict.WRONG_LABEL: VerdictLook(tint(ORANGE, 0.35), ORANGE, "solid", "≠", "wrong label"),
    Verdict.WRONG_BOTH: VerdictLook(tint(VERMILLION, 0.25), VERMILLION, "dash", "✗", "wrong head and label"),
    Verdict.IGNORED: VerdictLook("#FFFFFF", GREY, "dashdotdot", "",
                                 "not scored (deleted label, punctuation)", width=1.0),
    # no scorer item: drawn like "not scored" (a solid grey box differed from "matched" by
    # colour alone)
    None: VerdictLook("#F4F4F4", GREY, "dashdotdot", "", "no verdict", width=1.0),
}


def look_for(verdict: Verdict | str | None) -> VerdictLook:
    """The look of a verdict (a `Verdict`, its string value, or None for "no verdict")."""
    if isinstance(verdict, str) and not isinstance(verdict, Verdict):
        verdict = Verdict(verdict)
    return LOOKS.get(verdict, LOOKS[None])
