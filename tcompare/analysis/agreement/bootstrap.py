"""Bootstrap over sentences: confidence intervals for every headline figure.

Each replicate draws as many rows as were compared, with replacement (fixed seed), and
recomputes every figure of `AgreementReport.figure_values` with the rows reweighted by how
often they were drawn (coefficients are functions of summed per-row counts, so no unit is
copied); the tree alpha is reweighted the same way (`tree_alpha.weighted_alpha`).  Intervals
are percentile intervals at `level`; a figure undefined in a replicate (one label drawn) is
left out of that replicate and the interval says how many replicates it stands on.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tcompare.analysis.agreement.tree_alpha import weighted_alpha

if TYPE_CHECKING:
    from tcompare.analysis.agreement.report import AgreementReport


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between order statistics."""
    if len(sorted_values) == 1:
        return sorted_values[0]
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def bootstrap(report: AgreementReport, replicates: int, seed: int = 1,
              level: float = 0.95) -> dict[str, tuple[float | None, float | None]]:
    """Percentile intervals by figure name (``tree_alpha.norm`` ... for the tree alpha)."""
    n = len(report.rows)
    if n == 0 or replicates <= 0:
        return {}
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {}
    for _ in range(replicates):
        weights = [0.0] * n
        for k in rng.choices(range(n), k=n):
            weights[k] += 1.0
        values = report.figure_values(weights)
        if report.tree_alpha is not None and report.tree_alpha.unit_terms:
            for kind, v in weighted_alpha(report.tree_alpha, weights).items():
                values[f"tree_alpha.{kind}"] = v
        for name, v in values.items():
            bucket = samples.setdefault(name, [])
            if v is not None:
                bucket.append(v)
    tail = (1.0 - level) / 2.0
    out: dict[str, tuple[float | None, float | None]] = {}
    for name, vals in samples.items():
        vals.sort()
        out[name] = (percentile(vals, tail), percentile(vals, 1.0 - tail)) if vals else (None, None)
    return out
