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
* `disagreements_in(row)` -- the units of one sentence where the annotators differ
  (`Disagreement`: row, field, where, each annotator's value and the node / token ref it
  came from), found again from the files when asked (`recode`); `disagreements` iterates
  them all, `differing(field, row)` counts them;
* `unpaired` / `excluded` -- sentences not compared, each with file, line and why;
* `intervals` -- bootstrap confidence intervals, by figure name (see `figure_values`).
"""

from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

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
    """One compared sentence: `row` (0-based), its 1-based number and start line per file.
    Its counts and units live in the report's arrays (`AgreementReport.row_units`,
    `AgreementReport.row_pair_counts`): 10^6 words must fit in a few MB."""

    row: int
    numbers: tuple[int, ...]
    lines: tuple[int, ...]


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
    # per field: (value tuple id, count) pairs of every row, flattened, and where each row's start
    _units: dict[str, array[int]] = field(default_factory=dict, repr=False)
    _unit_start: dict[str, array[int]] = field(default_factory=dict, repr=False)
    # per field: how many units of each row annotators differ on
    _differ: dict[str, array[int]] = field(default_factory=dict, repr=False)
    # per annotator pair: the PAIR_KEYS counts of every row, flattened
    _pair_counts: dict[tuple[int, int], array[int]] = field(default_factory=dict, repr=False)
    # row -> its coding again (the disagreements are found again when asked for, not kept)
    recode: Callable[[int], Any] | None = field(default=None, repr=False)

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

    def add_row(self, numbers: tuple[int, ...], lines: tuple[int, ...],
                pair_counts: dict[tuple[int, int], Any], units: dict[str, list[Values]]) -> Row:
        """Keep one compared sentence: its pair counts (`PAIR_KEYS`) and its units, counted
        by value tuple; how many units the annotators differ on."""
        row = Row(len(self.rows), numbers, lines)
        keys = PAIR_KEYS[self.kind]
        for pair, c in pair_counts.items():
            if pair not in self._pair_counts:
                self._pair_counts[pair] = array("q")
            self._pair_counts[pair].extend(c.get(k, 0) for k in keys)
        for fname, values in units.items():
            intern = self.field_units(fname)
            if fname not in self._units:        # a field first seen now: earlier rows lack it
                self._units[fname] = array("q")
                self._unit_start[fname] = array("q", [0] * (len(self.rows) + 1))
                self._differ[fname] = array("q", [0] * len(self.rows))
            flat, starts, differ = self._units[fname], self._unit_start[fname], self._differ[fname]
            for u, count in Counter(values).items():
                flat.append(intern(u))
                flat.append(count)
            starts.append(len(flat))
            differ.append(_count_differing(values))
        for fname, starts in self._unit_start.items():       # a field this row lacks
            if fname not in units:
                starts.append(starts[-1])
                self._differ[fname].append(0)
        self.rows.append(row)
        return row

    def row_units(self, name: str, row: int) -> list[tuple[Values, int]]:
        """Row `row`'s units of field `name`: (value tuple, how many units carry it)."""
        starts = self._unit_start.get(name)
        if starts is None:
            return []
        flat, table = self._units[name], self.values[name]
        return [(table[flat[k]], flat[k + 1]) for k in range(starts[row], starts[row + 1], 2)]

    def row_pair_counts(self, row: int) -> dict[tuple[int, int], dict[str, int]]:
        keys = PAIR_KEYS[self.kind]
        width = len(keys)
        return {pair: dict(zip(keys, flat[row * width:(row + 1) * width]))
                for pair, flat in self._pair_counts.items()}

    def differing(self, name: str, row: int) -> int:
        """How many units of field `name` the annotators differ on in row `row`."""
        got = self._differ.get(name)
        return got[row] if got is not None else 0

    def distribution(self, name: str, weights: Sequence[float] | None = None) -> dict[Values, float]:
        """Field `name`'s value tuples -> units (each row counted `weights[row]` times)."""
        table = self.values.get(name, [])
        totals = [0.0] * len(table)
        flat = self._units.get(name, array("q"))
        if weights is None:
            for k in range(0, len(flat), 2):
                totals[flat[k]] += flat[k + 1]
        else:
            starts = self._unit_start[name]
            for r, w in enumerate(weights):
                if w:
                    for k in range(starts[r], starts[r + 1], 2):
                        totals[flat[k]] += w * flat[k + 1]
        return {v: totals[i] for i, v in enumerate(table) if totals[i]}

    def summed_pair_counts(self, weights: Sequence[float] | None = None) -> dict[tuple[int, int], dict[str, float]]:
        keys = PAIR_KEYS[self.kind]
        width = len(keys)
        out: dict[tuple[int, int], dict[str, float]] = {}
        for pair in self.annotator_pairs:
            flat = self._pair_counts.get(pair, array("q"))
            sums = [0.0] * width
            if weights is None:
                for k in range(width):
                    sums[k] = float(sum(flat[k::width]))
                sentences = float(len(self.rows))
            else:
                sentences = float(sum(weights))
                for r, w in enumerate(weights):
                    if w:
                        base = r * width
                        for k in range(width):
                            sums[k] += w * flat[base + k]
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
        """The units of row `row` the annotators differ on, in field order then unit order
        (found again from the files: the report keeps only their counts)."""
        if self.recode is None or not any(self.differing(f, row) for f in self._differ):
            return []
        coding = self.recode(row)
        n = len(self.annotators)
        out = []
        for fname in self.fields_order or list(coding.units):
            units = coding.units.get(fname, [])
            keys, refs = coding.keys.get(fname), coding.refs.get(fname)
            for u, values in enumerate(units):
                if None in values or len(set(values)) > 1:
                    out.append(Disagreement(row, fname, keys[u] if keys is not None else u, values,
                                            refs[u] if refs is not None else (u,) * n))
        return out

    @property
    def disagreement_count(self) -> int:
        return sum(sum(d) for f, d in self._differ.items() if f in self.fields_order)

    @property
    def disagreements(self) -> Iterator[Disagreement]:
        """Every disagreement, row by row (see `disagreements_in`)."""
        for row in self.rows:
            yield from self.disagreements_in(row.row)

    def sentence_table(self) -> list[dict[str, Any]]:
        """Per compared sentence: its numbers, per pair its figures, per field its units and
        how many the annotators disagree on; the tree edit distances when computed."""
        table = []
        for row in self.rows:
            entry: dict[str, Any] = {"row": row.row + 1, "sentences": list(row.numbers),
                                     "lines": list(row.lines)}
            for pair, counts in self.row_pair_counts(row.row).items():
                c: dict[str, float] = dict(counts, sentences=1)
                for name, value in pair_figures(self.kind, c).items():
                    entry[f"{pair[0] + 1}-{pair[1] + 1} {name}"] = value
            for fname in self.fields_order:
                entry[f"{fname} units"] = sum(n for _, n in self.row_units(fname, row.row))
                entry[f"{fname} disagreements"] = self.differing(fname, row.row)
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


def _count_differing(units: Sequence[Values]) -> int:
    """Units whose annotators differ (or did not all code them)."""
    if units and len(units[0]) == 2:
        return sum(1 for a, b in units if a != b or a is None)
    return sum(1 for v in units if None in v or len(set(v)) > 1)
