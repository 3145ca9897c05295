"""Function-tag precision / recall / F1 (Blaheta & Charniak 2000), disco-dop's variant.

Blaheta & Charniak score function tags (``SBJ``, ``TMP``, NEGRA's ``SB``/``OA``...) only on
constituents the parser got right, so a bracketing error is not counted twice.  The variant
computed here is disco-dop's eval (``candfun`` / ``goldfun`` in discodop/eval.py), the one the
discontinuous-parsing papers report:

* an item is ``(label, positions, tag)`` for each function tag of a node;
* a system node's tags count when its labelled bracket ``(label, positions)`` is among the
  GOLD brackets the profile scores (deleted labels and, with disc-only, continuous ones left
  out) -- or, for a preterminal, when its tag equals the gold tag of that word; a gold
  node's tags count likewise against the system's brackets and tags
  (`include_words=False` leaves preterminals out: Blaheta & Charniak's constituents only);
* precision = matched / system items, recall = matched / gold items (multisets), F1 their
  harmonic mean; the corpus figure sums the counts over sentences (micro).

Figures are `Decimal`s in disco-dop's order of operations (eval.py's ``f_measure``): an F1
is undefined (None; eval.py prints ``nan``) when precision or recall is 0 or undefined.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Collection, Sequence

from tcompare.scoring.kept_tree import Leaf, Phrase

Bracket = tuple[str, tuple[int, ...]]
FunctionItem = tuple[Bracket, str]


def brackets(root: Phrase | None, deleted: Collection[str] = (), *, labeled: bool = True,
             disc_only: bool = False) -> Counter[Bracket]:
    """The labelled brackets a profile scores on a kept tree: every phrase (the root too)
    whose label is not deleted; ``labeled=False`` puts "" for the label; ``disc_only``
    keeps only phrases with a gap."""
    out: Counter[Bracket] = Counter()
    if root is None:
        return out
    for node in root.phrases():
        if node.positions and node.label not in deleted and (not disc_only or node.is_discontinuous):
            out[(node.label if labeled else "", node.positions)] += 1
    return out


@dataclass(slots=True)
class FunctionResult:
    gold: Counter[FunctionItem] = field(default_factory=Counter)
    system: Counter[FunctionItem] = field(default_factory=Counter)

    @property
    def matched(self) -> int:
        return sum((self.gold & self.system).values())

    def item_verdicts(self) -> tuple[list[tuple[FunctionItem, bool]], list[tuple[FunctionItem, bool]]]:
        """Each gold and system item (repeated by its count) with whether it matched."""
        sides = []
        for own, other in ((self.gold, self.system), (self.system, self.gold)):
            rows = []
            for item, n in sorted(own.items()):
                hits = min(n, other.get(item, 0))
                rows += [(item, True)] * hits + [(item, False)] * (n - hits)
            sides.append(rows)
        return sides[0], sides[1]


def _collect(root: Phrase | None, other_brackets: Counter[Bracket], other_tags: Sequence[str],
             include_words: bool) -> Counter[FunctionItem]:
    out: Counter[FunctionItem] = Counter()
    if root is None:
        return out
    stack: list[Phrase | Leaf] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Phrase):
            stack.extend(node.children)
            if node.functions and (node.label, node.positions) in other_brackets:
                out.update(((node.label, node.positions), f) for f in node.functions)
        elif node.functions:
            bracket = (node.tag, (node.position,))
            if bracket in other_brackets or (
                    include_words and node.position < len(other_tags)
                    and other_tags[node.position] == node.tag):
                out.update((bracket, f) for f in node.functions)
    return out


def sentence(gold: Phrase | None, system: Phrase | None,
             gold_brackets: Counter[Bracket], system_brackets: Counter[Bracket],
             gold_tags: Sequence[str], system_tags: Sequence[str],
             include_words: bool = True) -> FunctionResult:
    """One sentence's function-tag items (see the module docstring).  The brackets are
    what the profile scores (`brackets`); the tags are the kept words' tags as read
    (`kept_tree.kept_tags`)."""
    return FunctionResult(
        gold=_collect(gold, system_brackets, system_tags, include_words),
        system=_collect(system, gold_brackets, gold_tags, include_words))


def as_lists(items: Counter[FunctionItem]) -> list[list[object]]:
    """``[label, positions, tag, count]`` rows, sorted (for JSON and tests)."""
    rows = [[label, list(positions), tag, n] for ((label, positions), tag), n in items.items()]
    return sorted(rows, key=lambda row: (row[0], row[1], row[2]))


def prf(matched: int, gold: int, system: int) -> tuple[Decimal | None, Decimal | None, Decimal | None]:
    """Precision, recall, F1 as disco-dop computes them (None where it gets NaN)."""
    p = Decimal(matched) / system if system else None
    r = Decimal(matched) / gold if gold else None
    if p is None or r is None or p == 0 or r == 0:
        return p, r, None
    alpha = Decimal(0.5)
    return p, r, Decimal(1) / (alpha / p + (1 - alpha) / r)


@dataclass(slots=True)
class Tally:
    """Corpus counts (micro): add each sentence's `FunctionResult`."""

    matched: int = 0
    gold: int = 0
    system: int = 0

    def add(self, result: FunctionResult) -> None:
        self.matched += result.matched
        self.gold += sum(result.gold.values())
        self.system += sum(result.system.values())

    @property
    def precision(self) -> Decimal | None:
        return prf(self.matched, self.gold, self.system)[0]

    @property
    def recall(self) -> Decimal | None:
        return prf(self.matched, self.gold, self.system)[1]

    @property
    def f1(self) -> Decimal | None:
        return prf(self.matched, self.gold, self.system)[2]
