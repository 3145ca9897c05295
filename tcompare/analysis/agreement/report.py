"""`AgreementReport`: what `compare_annotators` found, as tables a view or a renderer reads.

* `pairs` -- per annotator pair (`PairFigures`): the scorer's figures (trees: labelled and
  unlabelled bracket F1 -- EVALB's counting, the first annotator as "gold", F1 is the same
  either way --, exact tree match, POS agreement; dependencies: UAS, LAS, label agreement)
  and per field the pair's Cohen kappa and raw agreement;
* `fields` -- per coded field (``label``, ``pos``; ``deprel``, ``head``, ``upos``, ``xpos``,
  ``feats``, ``lemma``): `FieldAgreement` with Fleiss' kappa, Krippendorff's alpha, per-pair
  Cohen kappa and per-label rows;
* `tree_alpha` -- Krippendorff's alpha with tree distances (Skjaerholt 2014), or None;
* `rows` -- per compared sentence (`Row`): its number and line in each file, the pair counts,
  its coded units; `sentence_table()` turns them into figures per sentence;
* `disagreements` -- every unit where the annotators differ (`Disagreement`: row, field, where,
  each annotator's value and the node / token ref it came from), in sentence order;
  `disagreements_in(row)` gives one sentence's;
* `unpaired` / `excluded` -- sentences not compared, each with file, line and why;
* `intervals` -- bootstrap confidence intervals, by figure name (see `figure_values`).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from tcompare.analysis.agreement.coefficients import (
    Coefficient, LabelRow, Values, all_coefficients, label_rows)
from tcompare.analysis.agreement.tree_alpha import TreeAlpha

# the pair counts kept per row, by kind (names of the profile's counts)
PAIR_KEYS = {
    "constituency": ("matched_brackets", "unlabeled_matched", "gold_brackets", "test_brackets",
                     "complete_match", "correct_tags", "words"),
    "dependency": ("tokens", "head_correct", "label_correct", "both_correct"),
}
FIELD_TITLES = {"label": "constituent label (spans both bracketed)", "pos": "POS",
                "deprel": "DEPREL", "head": "head (signed distance)", "upos": "UPOS",
                "xpos": "XPOS", "feats": "FEATS", "lemma": "LEMMA"}


@dataclass(slots=True)
class Row:
    """One compared sentence: `row` (0-based), its 1-based number and start line per file,
    per pair the counts of `PAIR_KEYS`, per field its units as interned (value tuple id,
    count) pairs flattened."""

    row: int
    numbers: tuple[int, ...]
    lines: tuple[int, ...]
    pair_counts: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    units: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A unit the annotators coded differently (or not all coded: a span only some
    bracketed).  `key`: word index (0-based) or span ``(start, end)`` over EVALB's kept words;
    `values`: per annotator (None: not coded); `refs`: per annotator the node id / word index
    its value came from (-1: none)."""

    row: int
    field: str
    key: Any
    values: tuple[str | None, ...]
    refs: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "field": self.field,
                "key": list(self.key) if isinstance(self.key, tuple) else self.key,
                "values": list(self.values), "refs": list(self.refs)}


@dataclass(frozen=True, slots=True)
class Unpaired:
    """A sentence of annotator `annotator` (0-based) not paired in every file."""

    annotator: int
    sentence: int
    line: int
    reason: str


@dataclass(frozen=True, slots=True)
class Excluded:
    """A paired sentence (its number per file; () for a whole-file problem) not compared."""

    row: int
    numbers: tuple[int, ...]
    reason: str


@dataclass(slots=True)
class PairFigures:
    """One annotator pair's figures (percentages, None for 0/0) and per-field coefficients."""

    pair: tuple[int, int]
    counts: dict[str, int]
    figures: dict[str, float | None]
    coefficients: dict[str, dict[str, Coefficient]] = field(default_factory=dict)


@dataclass(slots=True)
class FieldAgreement:
    name: str
    units: float
    coefficients: dict[str, Coefficient]
    labels: list[LabelRow]


def pct(num: float, den: float) -> float | None:
    return 100.0 * num / den if den else None


def pair_figures(kind: str, c: dict[str, float]) -> dict[str, float | None]:
    """A pair's figures from its summed counts (first annotator as gold)."""
    if kind == "constituency":
        g, t = c["gold_brackets"], c["test_brackets"]

        def f1(m: float) -> float | None:
            return 200.0 * m / (g + t) if g + t else None

        return {"labeled_f1": f1(c["matched_brackets"]), "unlabeled_f1": f1(c["unlabeled_matched"]),
                "exact_match": pct(c["complete_match"], c["sentences"]),
                "pos_agreement": pct(c["correct_tags"], c["words"])}
    return {"UAS": pct(c["head_correct"], c["tokens"]), "LAS": pct(c["both_correct"], c["tokens"]),
            "label_agreement": pct(c["label_correct"], c["tokens"])}


@dataclass
class AgreementReport:
    kind: str
    annotators: list[str]
    paths: list[str]
    profile: str
    rows: list[Row] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    unpaired: list[Unpaired] = field(default_factory=list)
    excluded: list[Excluded] = field(default_factory=list)
    tree_alpha: TreeAlpha | None = None
    notes: list[str] = field(default_factory=list)
    # field -> interned value tuples (id = position)
    values: dict[str, list[Values]] = field(default_factory=dict)
    fields_order: list[str] = field(default_factory=list)
    pairs: list[PairFigures] = field(default_factory=list)
    fields: dict[str, FieldAgreement] = field(default_factory=dict)
    intervals: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)
    bootstrap: dict[str, Any] = field(default_factory=dict)
    _ids: dict[str, dict[Values, int]] = field(default_factory=dict, repr=False)

    # -- building ----------------------------------------------------------------------
    def field_units(self, name: str) -> Callable[[Values], int]:
        """The interning function of field `name`: value tuple -> id."""
        ids = self._ids.setdefault(name, {})
        table = self.values.setdefault(name, [])

        def intern(values: Values) -> int:
            got = ids.get(values)
            if got is None:
                got = ids[values] = len(table)
                table.append(values)
            return got

        return intern

    @property
    def annotator_pairs(self) -> list[tuple[int, int]]:
        n = len(self.annotators)
        return [(i, j) for i in range(n) for j in range(i + 1, n)]

    def distribution(self, name: str, weights: Sequence[float] | None = None) -> dict[Values, float]:
        """Field `name`'s value tuples -> units (each row counted `weights[row]` times)."""
        totals = [0.0] * len(self.values.get(name, ()))
        for row in self.rows:
            w = 1.0 if weights is None else weights[row.row]
            if not w:
                continue
            flat = row.units.get(name, ())
            for k in range(0, len(flat), 2):
                totals[flat[k]] += w * flat[k + 1]
        return {v: totals[i] for i, v in enumerate(self.values.get(name, ())) if totals[i]}

    def summed_pair_counts(self, weights: Sequence[float] | None = None) -> dict[tuple[int, int], dict[str, float]]:
        keys = PAIR_KEYS[self.kind]
        out: dict[tuple[int, int], dict[str, float]] = {}
        for pair in self.annotator_pairs:
            sums = [0.0] * len(keys)
            sentences = 0.0
            for row in self.rows:
                w = 1.0 if weights is None else weights[row.row]
                if not w:
                    continue
                sentences += w
                for k, v in enumerate(row.pair_counts[pair]):
                    sums[k] += w * v
            out[pair] = dict(zip(keys, sums), sentences=sentences)
        return out

    def figure_values(self, weights: Sequence[float] | None = None) -> dict[str, float | None]:
        """Every headline figure by name (``pair.1-2.labeled_f1``, ``label.fleiss_kappa``,
        ``label.cohen_kappa:1-2``, ``tree_alpha.norm`` ...): what the bootstrap resamples."""
        out: dict[str, float | None] = {}
        for pair, counts in self.summed_pair_counts(weights).items():
            for name, value in pair_figures(self.kind, counts).items():
                out[f"pair.{pair[0] + 1}-{pair[1] + 1}.{name}"] = value
        for fname in self.fields_order:
            coefs = all_coefficients(self.distribution(fname, weights), len(self.annotators),
                                     self.annotator_pairs)
            for cname, coef in coefs.items():
                out[f"{fname}.{cname}"] = coef.value
        return out

    def finish(self) -> None:
        """Compute the corpus tables (`pairs`, `fields`) from the rows."""
        summed = self.summed_pair_counts()
        self.pairs = [PairFigures(pair, {k: int(v) for k, v in counts.items()},
                                  pair_figures(self.kind, counts)) for pair, counts in summed.items()]
        n = len(self.annotators)
        for fname in self.fields_order:
            dist = self.distribution(fname)
            coefs = all_coefficients(dist, n, self.annotator_pairs)
            units = sum(dist.values())
            self.fields[fname] = FieldAgreement(fname, units, coefs, label_rows(dist, n))
            for pf in self.pairs:
                i, j = pf.pair
                pf.coefficients[fname] = {"agreement": coefs[f"agreement:{i + 1}-{j + 1}"],
                                          "cohen_kappa": coefs[f"cohen_kappa:{i + 1}-{j + 1}"]}
        if len(self.rows) == 0:
            self.notes.append("no sentence could be compared (see unpaired / excluded)")

    # -- reading -------------------------------------------------------------------------
    def disagreements_in(self, row: int) -> list[Disagreement]:
        """The disagreements of one row (they are stored in row order)."""
        keys = [d.row for d in self.disagreements]
        start = bisect_left(keys, row)
        out = []
        for d in self.disagreements[start:]:
            if d.row != row:
                break
            out.append(d)
        return out

    def sentence_table(self) -> list[dict[str, Any]]:
        """Per compared sentence: its numbers, per pair its figures, per field its units and
        how many the annotators disagree on; the tree edit distances when computed."""
        counts: dict[int, dict[str, int]] = {}
        for d in self.disagreements:
            per = counts.setdefault(d.row, {})
            per[d.field] = per.get(d.field, 0) + 1
        keys = PAIR_KEYS[self.kind]
        table = []
        for row in self.rows:
            entry: dict[str, Any] = {"row": row.row + 1, "sentences": list(row.numbers),
                                     "lines": list(row.lines)}
            for pair, values in row.pair_counts.items():
                c = dict(zip(keys, values), sentences=1)
                for name, value in pair_figures(self.kind, c).items():
                    entry[f"{pair[0] + 1}-{pair[1] + 1} {name}"] = value
            for fname in self.fields_order:
                flat = row.units.get(fname, ())
                entry[f"{fname} units"] = sum(flat[1::2])
                entry[f"{fname} disagreements"] = counts.get(row.row, {}).get(fname, 0)
            if self.tree_alpha is not None and row.row < len(self.tree_alpha.sentence_distances):
                for (i, j), d in self.tree_alpha.sentence_distances[row.row].items():
                    entry[f"{i + 1}-{j + 1} tree_distance"] = d
            table.append(entry)
        return table

    def to_json(self, sentences: bool = True, disagreements: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind, "profile": self.profile,
            "annotators": [{"name": n, "path": p} for n, p in zip(self.annotators, self.paths)],
            "compared_sentences": len(self.rows),
            "pairs": [{"pair": [p.pair[0] + 1, p.pair[1] + 1], "counts": p.counts,
                       "figures": p.figures,
                       "fields": {f: {k: c.to_json() for k, c in coefs.items()}
                                  for f, coefs in p.coefficients.items()}} for p in self.pairs],
            "fields": {f: {"units": fa.units,
                           "fleiss_kappa": fa.coefficients["fleiss_kappa"].to_json(),
                           "krippendorff_alpha": fa.coefficients["krippendorff_alpha"].to_json(),
                           "labels": [r.to_json() for r in fa.labels]}
                       for f, fa in self.fields.items()},
            "tree_alpha": self.tree_alpha.to_json() if self.tree_alpha else None,
            "unpaired": [{"annotator": u.annotator + 1, "file": self.paths[u.annotator],
                          "sentence": u.sentence, "line": u.line, "reason": u.reason}
                         for u in self.unpaired],
            "excluded": [{"sentences": list(e.numbers), "reason": e.reason} for e in self.excluded],
            "notes": self.notes,
        }
        if self.intervals:
            data["bootstrap"] = dict(self.bootstrap, intervals={
                k: list(v) for k, v in self.intervals.items()})
        if sentences:
            data["sentences"] = self.sentence_table()
        if disagreements:
            data["disagreements"] = [d.to_json() for d in self.disagreements]
        return data
