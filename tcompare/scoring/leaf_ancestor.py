"""Leaf-ancestor score (Sampson & Babarczy 2003), computed as disco-dop's eval does.

Each word's lineage is the labels of the phrases above it, root first.  Boundary marks are
put in the lineage where a constituent starts or ends (disco-dop's variant of Sampson's
marks, which also covers discontinuous constituents):

* ``(`` after the label of the highest phrase the word starts (it is its first word),
  ``)`` before the label of the highest phrase the word ends (its last word);
* ``[`` / ``]`` likewise where the word starts / ends a *component* of a phrase with a gap
  (the word next to it is not in the phrase) without being its first / last word;
* each mark at most once per lineage.

A word's score is ``1 - Levenshtein(cand, gold) / (len(gold) + len(cand))`` (substitution
costs 1); a sentence's score is the mean over its words; the corpus figure is the mean of the
sentence scores (a macro average).  Figures are `Decimal`s computed in disco-dop's order of
operations, so they print identically (eval.py formats ``100 * score`` with ``%6.2f``).
The trees are `kept_tree.Phrase` views (the evaluation's deletions already applied); a
phrase whose label is in `deleted` (the undeletable root, e.g. ``ROOT``) adds nothing.
"""

from __future__ import annotations

import time
from decimal import Decimal
from typing import Collection, Sequence

from tcompare.scoring.kept_tree import Phrase

Path = list[str]


def lineages(root: Phrase | None, deleted: Collection[str] = ()) -> dict[int, Path]:
    """Every kept word's lineage (position -> labels and marks, root first)."""
    if root is None:
        return {}
    paths: dict[int, Path] = {p: [] for p in root.positions}
    # preorder visits each word's ancestors root first, as disco-dop's level-order walk does
    for node in root.phrases():
        if node.label in deleted or not node.positions:
            continue
        inside = set(node.positions)
        first, last = node.positions[0], node.positions[-1]
        for b in node.positions:
            path = paths[b]
            if b + 1 not in inside:
                end = ")" if b == last else "]"
                if end not in path:
                    path.append(end)
            path.append(node.label)
            if b - 1 not in inside:
                start = "(" if b == first else "["
                if start not in path:
                    path.append(start)
    return paths


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance over sequences (insert, delete, substitute: 1 each)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
        previous = current
    return previous[-1]


def path_score(gold: Sequence[str], cand: Sequence[str]) -> Decimal:
    return 1 - Decimal(edit_distance(cand, gold)) / max(len(gold) + len(cand), 1)


def mean(values: Sequence[Decimal]) -> Decimal | None:
    """disco-dop's `mean`: Decimal sum in order over the count; None for no values."""
    total = Decimal(0)
    for v in values:
        total += v
    return total / len(values) if values else None


class OutOfTime(Exception):
    """The lineages' edit distances passed the deadline (pathologically deep trees: the cost
    grows with the depth squared per word)."""


def word_scores(gold: Phrase | None, cand: Phrase | None, deleted: Collection[str] = (),
                deadline: float | None = None) -> dict[int, Decimal]:
    """Each gold word's path score (position -> score); `deadline` (a `time.monotonic()`
    value) raises `OutOfTime` once passed."""
    g, c = lineages(gold, deleted), lineages(cand, deleted)
    out: dict[int, Decimal] = {}
    for p, path in g.items():
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfTime("leaf-ancestor not computed: time limit")
        out[p] = path_score(path, c.get(p, []))
    return out


def sentence_score(gold: Phrase | None, cand: Phrase | None,
                   deleted: Collection[str] = (), deadline: float | None = None) -> Decimal | None:
    """The sentence's leaf-ancestor score in 0..1; None when no word is kept (disco-dop
    skips such a sentence: its figure is NaN)."""
    return mean(list(word_scores(gold, cand, deleted, deadline).values()))


def corpus_score(sentences: Sequence[Decimal | None], *, undefined_poisons: bool = True) -> Decimal | None:
    """The corpus figure: the mean of the sentence scores.  disco-dop adds a NaN for a
    sentence without words, so its corpus figure is then NaN (`undefined_poisons`, the
    default: returns None); with False such sentences are left out of the mean."""
    if undefined_poisons and any(s is None for s in sentences):
        return None
    return mean([s for s in sentences if s is not None])
