"""How a profile's figures come from its counts, as data an explanation shows.

A profile lists its figure lines (`Profile.figures`) with the helpers below: a ratio of
summed count keys, an F1 of two lines, a mean, a plain count.  `formulas` fills them in
from a result's (or a summary's) counts and the profile's OWN values: the numbers shown are
always the profile's; the lines only say where they come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

FigureLine = tuple[Any, ...]


@dataclass
class Formula:
    """One figure: ``name = expression = numerator / denominator = value``.

    ``value`` is the profile's own number (from ``scores`` / ``metrics``); ``numerator`` /
    ``denominator`` are the counts it came from (None for F1 and mean lines, which show
    ``expression`` with the numbers filled in instead).
    """

    name: str
    expression: str
    value: float | None
    numerator: float | None = None
    denominator: float | None = None
    worked: str = ""   # the expression with numbers, for F1 / means
    percent: bool = True
    integer: bool = False  # a plain count (EVALB's crossing), printed without decimals

    def text(self) -> str:
        value = number(self.value) if self.integer else fmt(self.value, self.percent)
        if self.numerator is not None:
            scale = " × 100" if self.percent else ""
            undefined = " (0/0)" if not self.denominator else ""
            return (f"{self.name} = {self.expression} = {number(self.numerator)} / "
                    f"{number(self.denominator)}{scale} = {value}{undefined}")
        if self.worked:
            return f"{self.name} = {self.expression} = {self.worked} = {value}"
        return f"{self.name} = {self.expression} = {value}"


def fmt(value: float | None, percent: bool = True) -> str:
    if value is None:
        return "undefined"
    return f"{value:.2f}" + (" %" if percent else "")


def number(value: float | None) -> str:
    if value is None:
        return "?"
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def f1_worked(p: float | None, r: float | None) -> str:
    return f"2·{fmt(p, False)}·{fmt(r, False)} / ({fmt(p, False)} + {fmt(r, False)})"


# -- figure lines ----------------------------------------------------------------------------

def ratio(name: str, expr: str, num: Sequence[str], den: Sequence[str]) -> FigureLine:
    """``name`` = sum of the `num` counts / sum of the `den` counts."""
    return ("ratio", name, expr, list(num), list(den))


def f1(name: str, p: str, r: str) -> FigureLine:
    return ("f1", name, f"2·{p}·{r} / ({p} + {r})", p, r)


def prf(prefix: str, correct: str, gold: str, system: str, what: str = "correct") -> list[FigureLine]:
    return [ratio(f"{prefix}P", f"{what} / system", [correct], [system]),
            ratio(f"{prefix}R", f"{what} / gold", [correct], [gold]),
            f1(f"{prefix}F1", f"{prefix}P", f"{prefix}R")]


def mean(name: str, expr: str, parts: Sequence[str]) -> FigureLine:
    return ("mean", name, expr, tuple(parts))


def count(name: str, expr: str, key: str) -> FigureLine:
    return ("count", name, expr, key)


def formulas(table: Sequence[FigureLine], counts: Mapping[str, float],
             values: Mapping[str, float | None]) -> list[Formula]:
    """Fill in the figure lines; a figure the profile did not report is left out, except
    the P and R an F1 line needs (shown from the counts so the F1 line can be followed)."""
    out: list[Formula] = []
    known: dict[str, float | None] = {}
    f1_needs = {k for row in table if row[0] == "f1" for k in row[3:5]}
    for row in table:
        kind, name = row[0], row[1]
        if kind == "ratio":
            _, _, expr, num_keys, den_keys = row
            num = sum(counts.get(k, 0) for k in num_keys)
            den = sum(counts.get(k, 0) for k in den_keys)
            if name in values:
                value = values[name]
            elif name in f1_needs and any(k in counts for k in den_keys):
                value = 100.0 * num / den if den else None
            else:
                continue
            known[name] = value
            out.append(Formula(name, expr, value, num, den))
        elif kind == "f1":
            _, _, expr, p_key, r_key = row
            if name not in values:
                continue
            p, r = known.get(p_key, values.get(p_key)), known.get(r_key, values.get(r_key))
            known[name] = values[name]
            out.append(Formula(name, expr, values[name], worked=f1_worked(p, r)))
        elif kind == "mean":
            _, _, expr, parts = row
            if name not in values:
                continue
            worked = ("(" + " + ".join(fmt(known.get(p, values.get(p)), False) for p in parts)
                      + f") / {len(parts)}")
            out.append(Formula(name, expr, values[name], worked=worked))
        elif kind == "count":
            _, _, expr, key = row
            if key in counts:
                out.append(Formula(name, expr, float(counts[key]), percent=False, integer=True))
    return out


@dataclass
class SummaryStep:
    """A step of a corpus explanation with no items (SIGHAN-2012's macro means)."""

    title: str
    intro: str
    lines: list[str]
