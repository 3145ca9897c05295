"""Slim results kept compactly: an unscored sentence's ERROR result as a few numbers.

A file of 10^5 unreadable sentences gives 10^5 ERROR results that differ only in their
number, the line their message names and the pair they join; each as a `SentenceResult`
(a message, a Counter, dicts, lists) costs some 1 KB.  `CompactResults` keeps such a
result by column -- its number, its message as a shared template and a line number, its
pair's positions -- and builds the `SentenceResult` again (equal, field by field) when
read; any other result is kept as it is.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence
from typing import Any, Iterator, overload

_LINE = re.compile(r":(\d+):")
_BY_COLUMN = object()       # in `_kept`: the result is kept by column


class CompactResults(Sequence[Any]):
    """A sequence of slim results, bare ERROR results kept by column (see the module)."""

    def __init__(self) -> None:
        self._kept: list[Any] = []          # the result itself, or _BY_COLUMN
        self._index = array("q")
        self._template = array("i")
        self._line = array("q")
        self._gold = array("q")             # the pair's gold / system position, -1: none
        self._system = array("q")
        self._kind = array("b")             # -1: no pair
        self._templates: list[tuple[str, str | None]] = []   # (before, after) the line number
        self._template_ids: dict[tuple[str, str | None], int] = {}
        self._kinds: list[str] = []

    def append(self, result: Any) -> None:
        row = _bare_error(result)
        if row is None:
            self._kept.append(result)
            for column in (self._index, self._template, self._line, self._gold, self._system,
                           self._kind):
                column.append(0)
            return
        message, pair = row
        match = _LINE.search(message)
        if match is not None and str(int(match.group(1))) == match.group(1):
            template: tuple[str, str | None] = (message[:match.start(1)], message[match.end(1):])
            line = int(match.group(1))
        else:
            template, line = (message, None), 0
        t = self._template_ids.get(template)
        if t is None:
            t = self._template_ids[template] = len(self._templates)
            self._templates.append(template)
        kind = -1
        gold = system = -1
        if pair is not None:
            if pair["kind"] not in self._kinds:
                self._kinds.append(pair["kind"])
            kind = self._kinds.index(pair["kind"])
            gold, system = (side[0] if side else -1 for side in (pair["gold"], pair["system"]))
        self._kept.append(_BY_COLUMN)
        self._index.append(result.index)
        self._template.append(t)
        self._line.append(line)
        self._gold.append(gold)
        self._system.append(system)
        self._kind.append(kind)

    def __len__(self) -> int:
        return len(self._kept)

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        kept = self._kept[i]
        if kept is not _BY_COLUMN:
            return kept
        from tcompare.scoring.base import SentenceResult, Status

        before, after = self._templates[self._template[i]]
        message = before if after is None else f"{before}{self._line[i]}{after}"
        data: dict[str, Any] = {}
        if self._kind[i] >= 0:
            data["pair"] = {"gold": _side(self._gold[i]), "system": _side(self._system[i]),
                            "kind": self._kinds[self._kind[i]]}
        return SentenceResult(index=self._index[i], status=Status.ERROR, message=message,
                              data=data)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self[i]


def _bare_error(result: Any) -> tuple[str, Any] | None:
    """``(message, pair json or None)`` of an ERROR result that holds nothing else, or None
    (kept as it is: any other result, or None)."""
    from tcompare.scoring.base import Status

    if (result is None or result.status is not Status.ERROR or result.counts or result.scores or result.flags
            or result.gold_items or result.system_items or not isinstance(result.message, str)
            or not isinstance(result.index, int) or set(result.data) - {"pair"}):
        return None
    pair = result.data.get("pair")
    if pair is None:
        return result.message, None
    if (set(pair) != {"gold", "system", "kind"} or not isinstance(pair["kind"], str)
            or not all(isinstance(pair[side], list) and len(pair[side]) <= 1
                       and all(type(k) is int and k >= 0 for k in pair[side])
                       for side in ("gold", "system"))):
        return None      # a join or a split: kept as it is
    return result.message, pair


def _side(position: int) -> list[int]:
    return [] if position < 0 else [position]
