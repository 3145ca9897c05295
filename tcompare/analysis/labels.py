"""Per-label breakdown of a profile's item verdicts, with the sentences behind each figure.

Input: `SentenceResult`s whose items carry the scorer's verdicts (any profile: EVALB,
ParsEval 2010/2012, SIGHAN 2012 brackets, CoNLL arcs).  Nothing here decides a match:

* an item counts when its ``kind`` is the one asked for (``bracket``, ``tag``, ``arc``...),
  its verdict is not IGNORED and its sentence is VALID;
* ``gold`` / ``system``: such items on each side, by the item's own label (for arcs the
  gold row of a token counts under its gold DEPREL, the system row under the system's);
* ``matched``: gold items whose verdict is MATCH (recall = matched / gold);
  ``matched_system``: system items whose verdict is MATCH (precision = matched_system /
  system).  Bracket profiles match one to one, so the two are equal there; for arcs they
  are equal per label too (a MATCH has the same DEPREL on both sides);
* ``errors``: for each non-MATCH verdict seen on that label (``missing``, ``extra``,
  ``label_only``, ``crossing``, ``wrong_head``...) the sorted sentence indices that have
  one; an item flagged ``crossing`` is also listed under ``crossing`` whatever its verdict.
  ``sentences`` is their union: the click-through list of a row.

Percentages are 0-100, None for 0/0, F1 0 when P+R is 0 (`scoring.base.prf`'s rule).
Rows are sorted by label.  `sentence_tally` + `combine` let a view cache one small tally
per sentence and recombine; `sentence_entries` + `LabelAccumulator` do the same with GC-untracked
tuples and update the totals one sentence at a time (after an edit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from tcompare.scoring.base import SentenceResult, Status, Verdict, ratio

__all__ = ["LabelRow", "LabelTally", "sentence_tally", "combine", "label_breakdown", "item_kinds",
           "sentence_entries", "LabelAccumulator"]


@dataclass(slots=True)
class LabelTally:
    """Counts of one label in one sentence (or summed over several)."""

    gold: int = 0
    system: int = 0
    matched: int = 0
    matched_system: int = 0
    errors: set[str] = field(default_factory=set)   # verdict names seen (one sentence)


@dataclass(slots=True)
class LabelRow:
    """One line of the breakdown (see the module docstring)."""

    label: str
    gold: int
    system: int
    matched: int
    matched_system: int
    precision: float | None
    recall: float | None
    f1: float | None
    errors: dict[str, list[int]]
    sentences: list[int]

    def to_json(self) -> dict:
        return {"gold": self.gold, "system": self.system, "matched": self.matched,
                "precision": self.precision, "recall": self.recall, "f1": self.f1,
                "sentences_with_errors": len(self.sentences),
                "errors": {k: list(v) for k, v in self.errors.items()}}


def sentence_tally(result: SentenceResult | None, kind: str = "bracket") -> dict[str, LabelTally]:
    """Per-label tallies of the `kind` items of one result ({} for non-valid results)."""
    out: dict[str, LabelTally] = {}
    if result is None or result.status is not Status.VALID:
        return out
    for items, gold_side in ((result.gold_items, True), (result.system_items, False)):
        for item in items:
            if item.kind != kind or item.verdict is Verdict.IGNORED:
                continue
            tally = out.get(item.label)
            if tally is None:
                tally = out[item.label] = LabelTally()
            matched = item.verdict is Verdict.MATCH
            if gold_side:
                tally.gold += 1
                tally.matched += matched
            else:
                tally.system += 1
                tally.matched_system += matched
            if not matched:
                tally.errors.add(item.verdict.value)
            if item.crossing:
                tally.errors.add("crossing")
    return out


def _f1(p: float | None, r: float | None) -> float | None:
    if p is None or r is None:
        return None if (p is None and r is None) else 0.0
    return 2 * p * r / (p + r) if (p + r) else 0.0


def combine(tallies: Iterable[tuple[int, dict[str, LabelTally]]]) -> list[LabelRow]:
    """Rows from (sentence index, `sentence_tally`) pairs, sorted by label."""
    totals: dict[str, list[int]] = {}
    errors: dict[str, dict[str, list[int]]] = {}
    for index, tally in tallies:
        for label, t in tally.items():
            tot = totals.get(label)
            if tot is None:
                tot = totals[label] = [0, 0, 0, 0]
                errors[label] = {}
            tot[0] += t.gold
            tot[1] += t.system
            tot[2] += t.matched
            tot[3] += t.matched_system
            for verdict in t.errors:
                errors[label].setdefault(verdict, []).append(index)
    rows = []
    for label in sorted(totals):
        gold, system, matched, matched_system = totals[label]
        p, r = ratio(matched_system, system), ratio(matched, gold)
        errs = {k: sorted(set(v)) for k, v in sorted(errors[label].items())}
        sentences = sorted({i for v in errs.values() for i in v})
        rows.append(LabelRow(label, gold, system, matched, matched_system, p, r, _f1(p, r),
                             errs, sentences))
    return rows


def label_breakdown(results: Sequence[SentenceResult | None], kind: str = "bracket") -> list[LabelRow]:
    """Per-label rows over full `results` (items with verdicts); see the module docstring."""
    return combine((r.index, sentence_tally(r, kind)) for r in results if r is not None)


def item_kinds(results: Iterable[SentenceResult | None]) -> list[str]:
    """The item kinds present in `results` (scored ones), bracket/arc first."""
    seen: set[str] = set()
    for r in results:
        if r is None:
            continue
        for item in (*r.gold_items, *r.system_items):
            if item.verdict is not Verdict.IGNORED:
                seen.add(item.kind)
    order = ("bracket", "arc", "tag", "role")
    return sorted(seen, key=lambda k: (order.index(k) if k in order else len(order), k))


# A row's tally as flat tuples of atoms: (kind, label, gold, system, matched, matched_system,
# verdicts).  Tuples of atoms are untracked by Python's cyclic GC, so a view caching one per
# sentence of a 41k-sentence corpus does not make every later collection slower.
Entry = tuple


def sentence_entries(result: SentenceResult | None) -> tuple[Entry, ...]:
    """Every kind's `sentence_tally` of `result` as compact `Entry` tuples."""
    if result is None or result.status is not Status.VALID:
        return ()
    kinds = sorted({item.kind for item in (*result.gold_items, *result.system_items)})
    return tuple((kind, label, t.gold, t.system, t.matched, t.matched_system, tuple(sorted(t.errors)))
                 for kind in kinds for label, t in sentence_tally(result, kind).items())


class LabelAccumulator:
    """Running per-label totals over sentences, updatable one sentence at a time.

    ``add(index, entries)`` / ``remove(index, entries)`` with `sentence_entries`; ``rows(kind)``
    gives exactly what `label_breakdown(results, kind)` gives for the sentences added.
    """

    def __init__(self) -> None:
        self.totals: dict[tuple[str, str], list[int]] = {}
        self.errors: dict[tuple[str, str], dict[str, set[int]]] = {}

    def add(self, index: int, entries: Iterable[Entry], sign: int = 1) -> None:
        for kind, label, gold, system, matched, matched_system, verdicts in entries:
            key = (kind, label)
            tot = self.totals.get(key)
            if tot is None:
                tot = self.totals[key] = [0, 0, 0, 0]
                self.errors[key] = {}
            tot[0] += sign * gold
            tot[1] += sign * system
            tot[2] += sign * matched
            tot[3] += sign * matched_system
            errs = self.errors[key]
            for verdict in verdicts:
                if sign > 0:
                    errs.setdefault(verdict, set()).add(index)
                else:
                    errs.get(verdict, set()).discard(index)
            if not (tot[0] or tot[1]):      # no item of that label left
                del self.totals[key], self.errors[key]

    def remove(self, index: int, entries: Iterable[Entry]) -> None:
        self.add(index, entries, -1)

    def kinds(self) -> set[str]:
        return {kind for kind, _label in self.totals}

    def rows(self, kind: str) -> list[LabelRow]:
        rows = []
        for (k, label) in sorted(key for key in self.totals if key[0] == kind):
            gold, system, matched, matched_system = self.totals[(k, label)]
            p, r = ratio(matched_system, system), ratio(matched, gold)
            errs = {v: sorted(ids) for v, ids in sorted(self.errors[(k, label)].items()) if ids}
            sentences = sorted({i for ids in errs.values() for i in ids})
            rows.append(LabelRow(label, gold, system, matched, matched_system, p, r, _f1(p, r),
                                 errs, sentences))
        return rows
