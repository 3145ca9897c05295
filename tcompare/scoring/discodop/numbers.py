"""The reference's arithmetic: ``Decimal`` ratios printed as ``'%6.2f' % (100 * x)``, with
``' 0DIV!'`` for a division by zero and ``'   nan'`` for its NaN (an empty multiset)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Iterable

NAN = Decimal("NaN")
HALF = Decimal(0.5)


def nozerodiv(func: Callable[[], Any]) -> str:
    try:
        result = func()
    except (ZeroDivisionError, InvalidOperation):
        return " 0DIV!"
    return "  None" if result is None else "%6.2f" % (100 * result)


def recall(matched: int, gold: int) -> Decimal:
    """Of two multisets: `matched` the size of their intersection, `gold` the reference's."""
    if not gold:
        return NAN
    return Decimal(matched) / gold


def precision(matched: int, cand: int) -> Decimal:
    if not cand:
        return NAN
    return Decimal(matched) / cand


def f_measure(matched: int, gold: int, cand: int) -> Decimal:
    p = precision(matched, cand)
    r = recall(matched, gold)
    if p == 0 or r == 0:
        return NAN
    return Decimal(1) / (HALF / p + (1 - HALF) / r)


def accuracy(correct: int, total: int) -> Decimal:
    return Decimal(correct) / total


def mean(seq: Iterable[Decimal]) -> Decimal:
    numerator = denominator = Decimal(0)
    for a in seq:
        numerator += a
        denominator += 1
    if not denominator:
        return NAN
    return numerator / denominator
