"""`tcompare compare` output: text, JSON and CSV of an `analysis.significance.SystemsComparison`.

Text: with two systems, the A/B table (metric, A, B, A-B, p) -- Holm's adjustment of one
pair is p itself; with more, one row per pair and figure (p and Holm-adjusted p), then per
figure the matrix of Holm-adjusted p-values (row against column).  Then each figure's value
with its bootstrap confidence interval, per system.

JSON: ``systems``, ``figures``, ``values`` (system -> figure -> value), ``intervals``,
``matrix`` (figure -> diff / p / p_holm, row minus column), ``pairs`` (one entry per pair);
with two systems also the keys of before (``system_a``, ``system_b``, ``metrics``).  A 0/0
figure is 0 and named in ``flags``; a p-value that cannot be computed (0/0) is null.
"""

from __future__ import annotations

from typing import Any, TextIO

from tcompare.csv_cells import csv_writer
from tcompare.analysis.significance import SystemsComparison


def _zero(value: float | None, name: str, flags: list[str]) -> float:
    if value is None:
        flags.append(f"{name}:0/0")
        return 0.0
    return value


def to_json(test: SystemsComparison, profile: str, options: dict[str, Any], gold: str) -> dict[str, Any]:
    flags: list[str] = []
    names = test.systems
    data: dict[str, Any] = {"profile": profile, "options": options, "gold": gold,
                            "systems": names, "sentences": test.sentences,
                            "shuffles": test.trials, "seed": test.seed,
                            "figures": test.figures, "untested": test.model.untested}
    data["values"] = {s: {f: _zero(v, f"{s}.{f}", flags) for f, v in test.values[s].items()}
                      for s in names}
    data["intervals"] = {s: {f: iv.to_json() for f, iv in ivs.items()}
                         for s, ivs in test.intervals.items()}
    if test.level is not None:
        data["ci"] = {"level": test.level, "trials": test.ci_trials, "method": "percentile bootstrap"}
    data["matrix"] = {f: {"diff": m.diff, "p": m.p, "p_holm": m.p_holm,
                          "at_least_as_extreme": m.extreme} for f, m in test.matrices.items()}
    pairs = []
    for (i, j), differing in sorted(test.differing.items()):
        figures = {}
        for f, m in test.matrices.items():
            a, b = m.values[i], m.values[j]
            figures[f] = {"a": _zero(a, f"{names[i]}.{f}", flags),
                          "b": _zero(b, f"{names[j]}.{f}", flags),
                          "diff": _zero(m.diff[i][j], f"{f}.diff", flags),
                          "p_value": m.p[i][j], "p_holm": m.p_holm[i][j],
                          "at_least_as_extreme": m.extreme[i][j]}
        pairs.append({"a": names[i], "b": names[j], "differing_sentences": differing,
                      "metrics": figures})
    data["pairs"] = pairs
    if len(names) == 2:                # the two-system keys of before
        data.update(system_a=names[0], system_b=names[1], metrics=pairs[0]["metrics"],
                    differing_sentences=pairs[0]["differing_sentences"])
    data["flags"] = list(dict.fromkeys(flags))
    return data


def write_csv(test: SystemsComparison, out: TextIO) -> None:
    """One row per system and figure (value, interval), then one per pair and figure."""
    w = csv_writer(out, lineterminator="\n")
    w.writerow(["row", "figure", "system_a", "system_b", "value_a", "value_b", "diff",
                "p", "p_holm", "ci_low", "ci_high"])
    for s in test.systems:
        for f in test.figures:
            iv = test.intervals.get(s, {}).get(f)
            w.writerow(["system", f, s, "", _c(test.values[s].get(f)), "", "", "", "",
                        _c(iv.low if iv else None), _c(iv.high if iv else None)])
    for (i, j) in sorted(test.differing):
        for f, m in test.matrices.items():
            w.writerow(["pair", f, test.systems[i], test.systems[j], _c(m.values[i]),
                        _c(m.values[j]), _c(m.diff[i][j]), _c(m.p[i][j]), _c(m.p_holm[i][j]), "", ""])


def _c(x: float | None) -> str:
    return "" if x is None else repr(x)


def _f(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _p(x: float | None) -> str:
    return "-" if x is None else format(x, ".4f")


def write_text(test: SystemsComparison, profile: str, gold: str, out: TextIO) -> None:
    names, k = test.systems, len(test.systems)
    two = k == 2
    out.write(f"Profile {profile}; gold {gold}\n")
    if two:
        out.write(f"  A = {names[0]}\n  B = {names[1]}\n")
        out.write(f"Stratified shuffling: {test.trials} shuffles, seed {test.seed}, "
                  f"{test.sentences} sentences ({test.differing[0, 1]} differ between A and B)\n\n")
        out.write(f"  {'metric':<18} {'A':>9} {'B':>9} {'A-B':>9} {'p':>9}\n")
        for f, m in test.matrices.items():
            out.write(f"  {f:<18} {_f(m.values[0]):>9} {_f(m.values[1]):>9} "
                      f"{_f(m.diff[0][1], signed=True):>9} {_p(m.p[0][1]):>9}\n")
    else:
        for i, n in enumerate(names, start=1):
            out.write(f"  {i} = {n}\n")
        out.write(f"Stratified shuffling: {test.trials} shuffles per pair, seed {test.seed}, "
                  f"{test.sentences} sentences; p-values Holm-adjusted over the "
                  f"{k * (k - 1) // 2} pairs of each figure\n\n")
        out.write(f"  {'metric':<18} {'pair':>6} {'A':>9} {'B':>9} {'A-B':>9} {'p':>9} {'Holm p':>9}\n")
        for f, m in test.matrices.items():
            for (i, j) in sorted(test.differing):
                out.write(f"  {f:<18} {f'{i + 1}-{j + 1}':>6} {_f(m.values[i]):>9} "
                          f"{_f(m.values[j]):>9} {_f(m.diff[i][j], signed=True):>9} "
                          f"{_p(m.p[i][j]):>9} {_p(m.p_holm[i][j]):>9}\n")
        for f, m in test.matrices.items():
            out.write(f"\n  {f}: Holm-adjusted p (row against column)\n")
            out.write("  " + " " * 4 + "".join(f"{j + 1:>9}" for j in range(k)) + "\n")
            for i in range(k):
                cells = "".join(f"{'-' if i == j else _p(m.p_holm[i][j]):>9}" for j in range(k))
                out.write(f"  {i + 1:>4}{cells}\n")
    if test.intervals:
        level = round(100 * (test.level or 0), 6)
        out.write(f"\n{level:g}% confidence intervals: percentile bootstrap, {test.ci_trials} "
                  "resamples of the sentences\n")
        labels = ["A", "B"] if two else [str(i + 1) for i in range(k)]
        out.write(f"  {'metric':<18} {'system':>6} {'value':>9} {'low':>9} {'high':>9}\n")
        for f in test.figures:
            for i, n in enumerate(names):
                iv = test.intervals[n][f]
                out.write(f"  {f:<18} {labels[i]:>6} {_f(iv.value):>9} {_f(iv.low):>9} "
                          f"{_f(iv.high):>9}\n")
    if test.model.untested:
        out.write(f"\nnot tested (not reproducible from per-sentence counts): "
                  f"{', '.join(test.model.untested)}\n")
