"""The teacher's grading rule: a threshold table or a straight line on one figure.

A rule is given as options (``--thresholds A:90,B:80,C:70,D:60,F:0`` or
``--linear 50:0,95:20``) or as a small rule file, one statement a line (``#`` comments):

    figure fmeasure          # the summary figure graded (default: the profile's F1)
    threshold 90 A           # figure >= 90 -> A (any number of lines, any order)
    threshold 0 F
    linear 50 0 95 20        # figure 50 -> 0, 95 -> 20, straight between, clamped outside
    round 0.5                # a linear grade rounded to a multiple of 0.5 (default 0.01)

A threshold table must reach down to 0 (or lower), so every figure gets a grade; a line
must rise (its two figures differ).  Errors name the file and line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


class RuleError(ValueError):
    """A rule that cannot be used; the message names where."""


@dataclass(frozen=True)
class GradeRule:
    thresholds: tuple[tuple[float, str], ...] = ()     # (lowest figure, grade), highest first
    line: tuple[float, float, float, float] | None = None   # (f0, g0, f1, g1)
    step: float = 0.01
    figure: str | None = None                           # None: the profile's main figure
    source: str = field(default="", compare=False)      # how the teacher gave it (reports)

    def grade(self, value: float | None) -> str:
        """The grade of a figure (None, a 0/0 figure, is graded as 0)."""
        v = 0.0 if value is None else float(value)
        if self.line is not None:
            f0, g0, f1, g1 = self.line
            t = min(1.0, max(0.0, (v - f0) / (f1 - f0)))
            raw = g0 + t * (g1 - g0)
            graded = round(math.floor(raw / self.step + 0.5 + 1e-9) * self.step, 6)
            return f"{graded:g}"
        for lowest, name in self.thresholds:
            if v >= lowest:
                return name
        return self.thresholds[-1][1] if self.thresholds else ""

    def describe(self) -> str:
        if self.line is not None:
            f0, g0, f1, g1 = self.line
            return f"linear: {f0:g} -> {g0:g}, {f1:g} -> {g1:g}, rounded to {self.step:g}"
        return "thresholds: " + ", ".join(f"{n} >= {t:g}" for t, n in self.thresholds)


DEFAULT_THRESHOLDS = "A:90,B:80,C:70,D:60,F:0"


def _number(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise RuleError(f"{where}: {text!r} is not a number") from None
    if not math.isfinite(value):
        raise RuleError(f"{where}: {text!r} is not a finite number")
    return value


def _thresholds(pairs: list[tuple[float, str]], where: str) -> tuple[tuple[float, str], ...]:
    if not pairs:
        raise RuleError(f"{where}: no threshold")
    ordered = sorted(pairs, key=lambda p: -p[0])
    if ordered[-1][0] > 0:
        raise RuleError(f"{where}: the lowest threshold is {ordered[-1][0]:g}; add one at 0 "
                        "so every figure gets a grade")
    return tuple(ordered)


def _line(values: list[float], where: str) -> tuple[float, float, float, float]:
    f0, g0, f1, g1 = values
    if f0 == f1:
        raise RuleError(f"{where}: the two figures of a line must differ")
    if f0 > f1:
        f0, g0, f1, g1 = f1, g1, f0, g0
    return f0, g0, f1, g1


def parse_thresholds(spec: str, figure: str | None = None) -> GradeRule:
    """``A:90,B:80,F:0`` (grade:lowest figure)."""
    where = f"--thresholds {spec!r}"
    pairs = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, sep, value = part.rpartition(":")
        if not sep or not name:
            raise RuleError(f"{where}: expected GRADE:FIGURE, got {part!r}")
        pairs.append((_number(value, where), name.strip()))
    return GradeRule(thresholds=_thresholds(pairs, where), figure=figure, source=spec)


def parse_linear(spec: str, figure: str | None = None, step: float = 0.01) -> GradeRule:
    """``50:0,95:20`` (figure:grade at two points)."""
    where = f"--linear {spec!r}"
    points = [p.strip() for p in spec.split(",") if p.strip()]
    if len(points) != 2 or any(p.count(":") != 1 for p in points):
        raise RuleError(f"{where}: expected FIGURE:GRADE,FIGURE:GRADE (e.g. 50:0,95:20)")
    values = [_number(v, where) for p in points for v in p.split(":")]
    if step <= 0:
        raise RuleError(f"{where}: the rounding step must be above 0")
    return GradeRule(line=_line(values, where), step=step, figure=figure, source=spec)


def read_rule(path: str) -> GradeRule:
    """A rule file (see the module docstring)."""
    try:
        with open(path, encoding="utf-8-sig") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError(f"cannot read rule file {path}: {exc}") from None
    return parse_rule_text("\n".join(lines), path)


def parse_rule_text(text: str, path: str = "<rule>") -> GradeRule:
    pairs: list[tuple[float, str]] = []
    line: tuple[float, float, float, float] | None = None
    step, figure = 0.01, None
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        where = f"{path}:{number}:{raw.find(words[0]) + 1}"
        key, rest = words[0].lower(), words[1:]
        if key == "figure" and len(rest) == 1:
            figure = rest[0]
        elif key == "threshold" and len(rest) == 2:
            pairs.append((_number(rest[0], where), rest[1]))
        elif key == "linear" and len(rest) == 4:
            line = _line([_number(v, where) for v in rest], where)
        elif key == "round" and len(rest) == 1:
            step = _number(rest[0], where)
            if step <= 0:
                raise RuleError(f"{where}: the rounding step must be above 0")
        else:
            raise RuleError(f"{where}: expected 'figure KEY', 'threshold FIGURE GRADE', "
                            f"'linear F0 G0 F1 G1' or 'round STEP', got {raw.strip()!r}")
    if line is not None and pairs:
        raise RuleError(f"{path}: a rule is a threshold table or a line, not both")
    if line is not None:
        return GradeRule(line=line, step=step, figure=figure, source=path)
    return GradeRule(thresholds=_thresholds(pairs, path), figure=figure, source=path)
