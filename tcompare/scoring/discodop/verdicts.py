"""Per-constituent verdicts of one scored pair (a constituent is a label and a SET of word
positions, counted as a multiset as the reference counts it), and the JSON of the figures."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tcompare.scoring.discodop.accumulate import Accumulator
from tcompare.scoring.discodop.numbers import accuracy, f_measure, precision, recall
from tcompare.scoring.discodop.pair import TreePair
from tcompare.scoring.discodop.tree import bit_positions, fanout


def bracket_verdicts(mine: Counter[Any], other: Counter[Any], missing: str
                     ) -> list[tuple[str, int, str]]:
    """``(label, bit set, verdict)`` per copy of each bracket of `mine`: ``match`` for as
    many copies as `other` has, then ``label_only`` where `other` has an unmatched bracket
    over the same positions, else `missing` (``missing`` for gold, ``extra`` for system)."""
    spare: Counter[int] = Counter()
    for (label, bits), k in other.items():
        left = k - mine.get((label, bits), 0)
        if left > 0:
            spare[bits] += left
    out = []
    for (label, bits), k in mine.items():
        hits = min(k, other.get((label, bits), 0))
        for i in range(k):
            if i < hits:
                out.append((label, bits, "match"))
            elif spare[bits] > 0:
                spare[bits] -= 1
                out.append((label, bits, "label_only"))
            else:
                out.append((label, bits, missing))
    return out


def _item(label: str, bits: int, verdict: str) -> dict[str, Any]:
    item: dict[str, Any] = {"label": label, "positions": bit_positions(bits),
                            "verdict": verdict}
    if fanout(bits) > 1:
        item["discontinuous"] = True
    return item


def pair_json(pair: TreePair) -> dict[str, Any]:
    """One sentence: its key, length and constituents with verdicts (positions count the
    words the parameter file keeps)."""
    return {"key": pair.n, "length": pair.lengpos,
            "gold": [_item(*v) for v in bracket_verdicts(pair.gbrack, pair.cbrack, "missing")],
            "system": [_item(*v) for v in bracket_verdicts(pair.cbrack, pair.gbrack, "extra")]}


def _num(x: Any) -> float | None:
    try:
        value = float(x)
    except (ArithmeticError, ValueError):
        return None
    return None if value != value else 100 * value


def summary_json(acc: Accumulator) -> dict[str, Any]:
    def safe(f: Any) -> float | None:
        try:
            return _num(f())
        except ArithmeticError:
            return None
    correct_pos = sum(a == b for a, b in zip(acc.goldpos, acc.candpos))
    return {
        "sentences": int(acc.sentcount), "longest": int(acc.maxlenseen),
        "gold_brackets": acc.goldb_len, "cand_brackets": acc.candb_len,
        "gold_disc": acc.gold_disc, "cand_disc": acc.cand_disc,
        "matched": acc.b_match,
        "recall": safe(lambda: recall(acc.b_match, acc.goldb_sum)),
        "precision": safe(lambda: precision(acc.b_match, acc.candb_sum)),
        "f1": safe(lambda: f_measure(acc.b_match, acc.goldb_sum, acc.candb_sum)),
        "exact_match": safe(lambda: acc.exact / acc.sentcount),
        "function_tags": safe(lambda: f_measure(acc.fun_match, acc.goldfun_sum,
                                                acc.candfun_sum)) if acc.has_candfun else None,
        "pos_accuracy": safe(lambda: accuracy(correct_pos, len(acc.goldpos))),
    }
