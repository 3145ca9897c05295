"""Chance-corrected agreement coefficients over coded units (nominal values).

Every coefficient here is a function of the *distribution of value tuples*: a unit coded by N
annotators is the tuple of their values (``None`` where one did not code it), and a corpus
is a mapping tuple -> weight (how many units carry that tuple).  So sums over sentences are
sums of such mappings, and a bootstrap replicate is a reweighting of them (`bootstrap.py`).

* `cohen_kappa(dist, i, j)` -- Cohen (1960) for annotators i and j on the units both coded:
  (Ao - Ae) / (1 - Ae), Ae = sum over labels of the product of the two annotators' own label
  proportions.
* `fleiss_kappa(dist)` -- Fleiss (1971) over the units every annotator coded (Artstein &
  Poesio's multi-pi; nltk's ``AnnotationTask.pi``): Ae from the pooled label proportions.
* `krippendorff_alpha(dist)` -- Krippendorff's alpha, nominal, from the coincidence matrix
  over the units at least two annotators coded (missing values allowed):
  alpha = 1 - (n - 1) (n - sum_c o_cc) / (n^2 - sum_c n_c^2).

A coefficient whose expected agreement is 1 (every value the same label) is undefined; it
comes back as ``value=None`` with a note saying so, never as a division by zero.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

Values = tuple[Any, ...]

ONE_LABEL = "every value is the same label: chance agreement is 1, the coefficient is undefined"
NO_UNITS = "no unit coded by the annotators compared"


@dataclass(frozen=True, slots=True)
class Coefficient:
    """One coefficient: its value (None when undefined, `note` says why), the units and the
    observed / expected agreement it came from."""

    name: str
    value: float | None
    units: float
    observed: float | None
    expected: float | None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"value": self.value, "units": self.units,
                                "observed": self.observed, "expected": self.expected}
        if self.note:
            data["note"] = self.note
        return data


def _corrected(name: str, units: float, ao: float, ae: float) -> Coefficient:
    if ae >= 1.0 - 1e-15:
        return Coefficient(name, None, units, ao, ae, ONE_LABEL)
    return Coefficient(name, (ao - ae) / (1.0 - ae), units, ao, ae)


def cohen_kappa(dist: Mapping[Values, float], i: int, j: int) -> Coefficient:
    """Cohen's kappa of annotators `i` and `j` (see the module docstring)."""
    n = agree = 0.0
    ma: dict[Any, float] = {}
    mb: dict[Any, float] = {}
    for values, w in dist.items():
        a, b = values[i], values[j]
        if a is None or b is None or not w:
            continue
        n += w
        if a == b:
            agree += w
        ma[a] = ma.get(a, 0.0) + w
        mb[b] = mb.get(b, 0.0) + w
    if not n:
        return Coefficient("cohen_kappa", None, 0, None, None, NO_UNITS)
    ae = sum(ma[c] * mb.get(c, 0.0) for c in ma) / (n * n)
    return _corrected("cohen_kappa", n, agree / n, ae)


def fleiss_kappa(dist: Mapping[Values, float]) -> Coefficient:
    """Fleiss' kappa over the units every annotator coded."""
    units = pairs_agreeing = 0.0
    totals: dict[Any, float] = {}
    raters = 0
    for values, w in dist.items():
        if not w or any(v is None for v in values):
            continue
        raters = len(values)
        units += w
        counts = Counter(values)
        pairs_agreeing += w * sum(c * (c - 1) for c in counts.values())
        for label, c in counts.items():
            totals[label] = totals.get(label, 0.0) + w * c
    if not units or raters < 2:
        return Coefficient("fleiss_kappa", None, 0, None, None, NO_UNITS)
    ao = pairs_agreeing / (units * raters * (raters - 1))
    total = units * raters
    ae = sum((c / total) ** 2 for c in totals.values())
    return _corrected("fleiss_kappa", units, ao, ae)


def coincidences(dist: Mapping[Values, float]) -> tuple[dict[Any, float], dict[Any, float], float]:
    """Krippendorff's coincidences: (o_cc per label, n_c per label, pairable units)."""
    diagonal: dict[Any, float] = {}
    marginal: dict[Any, float] = {}
    units = 0.0
    for values, w in dist.items():
        if not w:
            continue
        coded = [v for v in values if v is not None]
        m = len(coded)
        if m < 2:
            continue
        units += w
        for label, c in Counter(coded).items():
            marginal[label] = marginal.get(label, 0.0) + w * c
            if c > 1:
                diagonal[label] = diagonal.get(label, 0.0) + w * c * (c - 1) / (m - 1)
    return diagonal, marginal, units


def krippendorff_alpha(dist: Mapping[Values, float]) -> Coefficient:
    """Krippendorff's alpha for nominal values (missing values allowed)."""
    diagonal, marginal, units = coincidences(dist)
    n = sum(marginal.values())
    if n <= 1:
        return Coefficient("krippendorff_alpha", None, units, None, None, NO_UNITS)
    ao = sum(diagonal.values()) / n
    ae = (sum(c * c for c in marginal.values()) - n) / (n * (n - 1))
    if ae >= 1.0 - 1e-15:
        return Coefficient("krippendorff_alpha", None, units, ao, ae, ONE_LABEL)
    # 1 - Do/De with Do = 1 - ao and De = 1 - ae (nominal distance)
    return Coefficient("krippendorff_alpha", 1.0 - (1.0 - ao) / (1.0 - ae), units, ao, ae)


def percent_agreement(dist: Mapping[Values, float], i: int, j: int) -> Coefficient:
    """Share of the units `i` and `j` both coded where their values are equal (no chance
    correction)."""
    n = agree = 0.0
    for values, w in dist.items():
        a, b = values[i], values[j]
        if a is None or b is None:
            continue
        n += w
        agree += w if a == b else 0.0
    if not n:
        return Coefficient("agreement", None, 0, None, None, NO_UNITS)
    return Coefficient("agreement", agree / n, n, agree / n, None)


@dataclass(frozen=True, slots=True)
class LabelRow:
    """One label's agreement: how often each annotator gave it, its coincidences, and the
    share of its coincidences that agree (o_cc / n_c: for two annotators, the positive
    specific agreement 2 n_cc / (n_c. + n_.c))."""

    label: str
    used: tuple[float, ...]
    coincidences: float
    agreeing: float

    @property
    def agreement(self) -> float | None:
        return self.agreeing / self.coincidences if self.coincidences else None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "used": list(self.used), "coincidences": self.coincidences,
                "agreeing": self.agreeing, "agreement": self.agreement}


def label_rows(dist: Mapping[Values, float], annotators: int) -> list[LabelRow]:
    """Per label rows, most used first (ties by label)."""
    diagonal, marginal, _ = coincidences(dist)
    used: dict[Any, list[float]] = {}
    for values, w in dist.items():
        for k, v in enumerate(values):
            if v is not None:
                used.setdefault(v, [0.0] * annotators)[k] += w
    rows = [LabelRow(str(label), tuple(counts), marginal.get(label, 0.0), diagonal.get(label, 0.0))
            for label, counts in used.items()]
    rows.sort(key=lambda r: (-sum(r.used), r.label))
    return rows


def all_coefficients(dist: Mapping[Values, float], annotators: int,
                     pairs: Sequence[tuple[int, int]]) -> dict[str, Coefficient]:
    """The coefficients of one field: per pair ``cohen_kappa:i-j`` and ``agreement:i-j``
    (1-based), and over all annotators ``fleiss_kappa`` and ``krippendorff_alpha``."""
    out: dict[str, Coefficient] = {}
    for i, j in pairs:
        out[f"agreement:{i + 1}-{j + 1}"] = percent_agreement(dist, i, j)
        out[f"cohen_kappa:{i + 1}-{j + 1}"] = cohen_kappa(dist, i, j)
    out["fleiss_kappa"] = fleiss_kappa(dist)
    out["krippendorff_alpha"] = krippendorff_alpha(dist)
    return out
