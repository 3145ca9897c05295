"""Tree edit distance between gold and candidate, as disco-dop's eval computes it.

Algorithm: Zhang & Shasha (1989), unit costs (insert, delete, relabel 1 each), the exact
minimum -- `tree_distance.distance`, shared with the agreement coefficients.  The trees are
the evaluation's kept trees (`kept_tree.Phrase`) put in disco-dop's shape (``prepare`` in
discodop/treedist.py): children in canonical order (by their first word), every preterminal
and its word one node labelled ``TAG-position`` (so a tag only matches the same tag on the
same word), the root included.

Figures (disco-dop's eval.py ``treedisteval``): a sentence's distance `d` and its Dice
denominator, the number of nodes (phrases and preterminals) of both trees, minus 2 when the
root's label is deleted (``ROOT``/``VROOT`` in proper.prm); the corpus figure is the
"Dice micro average" ``1 - sum(d) / sum(denominator)``.  (eval.py prints a sentence's raw
distance times 100 in its per-sentence column.)

TED is costly (quadratic in nodes times a depth factor): `sentence` takes a time limit and
returns a result marked not computed when it runs out; such a sentence is named and left out
of the corpus figure (`corpus`), never counted as 0 or 1.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Collection, Sequence

from tcompare.scoring.kept_tree import Leaf, Phrase
from tcompare.scoring.tree_distance import OutOfTime, Shape, distance, postorder


@dataclass(frozen=True, slots=True)
class TedResult:
    """One sentence: `distance` and `denominator` (None when not computed: `reason`)."""

    distance: int | None
    denominator: int | None
    reason: str = ""              # "" | "time limit" | "no words"

    @property
    def computed(self) -> bool:
        return self.distance is not None

    @property
    def similarity(self) -> Decimal | None:
        """``1 - d / denominator`` (this sentence's Dice-normalised score), None if undefined."""
        if self.distance is None or not self.denominator:
            return None
        return 1 - Decimal(self.distance) / Decimal(self.denominator)


def shape(root: Phrase) -> Shape:
    """disco-dop's TED tree: canonical order, ``TAG-position`` preterminal leaves."""
    def children(x: Phrase | Leaf) -> Sequence[Phrase | Leaf]:
        return x.children if isinstance(x, Phrase) else ()

    def label(x: Phrase | Leaf) -> str:
        return x.label if isinstance(x, Phrase) else f"{x.tag}-{x.position}"

    labels, leftmost = postorder(root, children, label)
    return Shape(labels, leftmost, len(labels))


def node_count(root: Phrase) -> int:
    return len(root.phrases()) + len(root.positions)


def sentence(gold: Phrase | None, cand: Phrase | None, deleted: Collection[str] = (),
             time_limit: float | None = None) -> TedResult:
    """Tree edit distance and Dice denominator of one pair of kept trees.

    deleted : labels the evaluation deletes (the root's label in it: the denominator
        leaves out the two roots, as eval.py's ``includeroot=False``).
    time_limit : seconds; past it the result is not computed (reason ``time limit``).
    """
    if gold is None or cand is None or not gold.positions:
        return TedResult(None, None, "no words")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        d = distance(shape(gold), shape(cand), deadline=deadline)
    except OutOfTime:
        return TedResult(None, None, "time limit")
    denominator = node_count(gold) + node_count(cand)
    if gold.label in deleted:
        denominator -= 2
    return TedResult(d, denominator)


@dataclass(frozen=True, slots=True)
class TedSummary:
    distance: int                     # sums over the computed sentences
    denominator: int
    not_computed: tuple[int, ...]     # indices (into the results given) past the time limit
    no_words: tuple[int, ...]         # indices of sentences with no word kept
    undefined_poisons: bool = True

    @property
    def dice(self) -> Decimal | None:
        """``1 - sum(d) / sum(denominator)``; None when nothing was computed -- or, as
        disco-dop (which adds a NaN for it), when a sentence had no word kept and
        `undefined_poisons` is set."""
        if not self.denominator or (self.undefined_poisons and self.no_words):
            return None
        return 1 - Decimal(self.distance) / Decimal(self.denominator)


def corpus(results: Sequence[TedResult], *, undefined_poisons: bool = True) -> TedSummary:
    """The corpus figure over the computed sentences; those past the time limit are listed
    (by their index in `results`) and left out, never counted as 0 or 1."""
    d = n = 0
    missed: list[int] = []
    empty: list[int] = []
    for i, r in enumerate(results):
        if r.distance is None or r.denominator is None:
            (missed if r.reason == "time limit" else empty).append(i)
            continue
        d += r.distance
        n += r.denominator
    return TedSummary(d, n, tuple(missed), tuple(empty), undefined_poisons)
