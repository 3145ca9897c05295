"""One system's slim result per table row, kept compact: `ResultRows`.

A row is either a `SentenceResult` (or None) or -- for a row EVALB's compiled kernel scored --
the kernel's eight numbers (length, words, gold, test, matched, crossing, tags, status),
turned into a `SentenceResult` by the profile's ``build`` function the first time someone
asks for it.  The table asks for a screenful of rows, and building every result of a big
corpus costs more than scoring it.  The profile's aggregate reads the numbers directly
(`numbered`), so totals never build rows either.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, overload

if TYPE_CHECKING:
    from tcompare.scoring.base import SentenceResult

STATS = 8                      # numbers per kernel row
_LAZY = object()               # a row still held as numbers
_ZEROS = array("i", [0] * STATS)

Build = Callable[[int, "array[int]"], "SentenceResult"]


class ResultRows:
    """A list of ``SentenceResult | None`` (indexing, slicing, ``len``, iteration, item
    assignment, ``append`` / ``extend``) whose kernel rows are built on first access.

    Parameters
    ----------
    build : ``build(index, numbers)`` makes row `index`'s result (1-based sentence number
        ``base + position + 1``) from its eight numbers.
    base : the row number of position 0 (a block of rows handed over on its own).
    """

    __slots__ = ("_items", "_stats", "_build", "base", "version", "_memo")

    def __init__(self, build: Build | None = None, base: int = 0,
                 items: Iterable[SentenceResult | None] = ()):
        self._items: list[Any] = []
        self._stats = array("i")
        self._build = build
        self.base = base
        self.version = 0           # changes whenever a row does (building one does not)
        self._memo: tuple[int, dict[Any, Any]] = (-1, {})
        self.extend(items)

    # -- filling -----------------------------------------------------------------------------
    def append(self, result: SentenceResult | None) -> None:
        self.version += 1
        self._items.append(result)
        self._stats.extend(_ZEROS)

    def extend(self, results: Iterable[SentenceResult | None]) -> None:
        if isinstance(results, ResultRows):
            self.version += 1
            self._items.extend(results._items)
            self._stats.extend(results._stats)
            if self._build is None:
                self._build = results._build
            return
        for result in results:
            self.append(result)

    def add_numbers(self, numbers: array[int], built: dict[int, SentenceResult | None],
                    build: Build) -> None:
        """Rows from a kernel's numbers (`STATS` per row); `built` gives, by position among
        them, the rows already made another way (errors and skips, with their messages)."""
        self._build = build
        self.version += 1
        start = len(self._items)
        count = len(numbers) // STATS
        self._items.extend([_LAZY] * count)
        self._stats.extend(numbers)
        for offset, result in built.items():
            self._items[start + offset] = result

    # -- reading -----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, position: int) -> SentenceResult | None: ...

    @overload
    def __getitem__(self, position: slice) -> ResultRows: ...

    def __getitem__(self, position: int | slice) -> Any:
        if isinstance(position, slice):
            start, stop, step = position.indices(len(self._items))
            if step != 1:
                return [self[k] for k in range(start, stop, step)]
            part = ResultRows(self._build, self.base + start)
            part._items = self._items[start:stop]
            part._stats = self._stats[STATS * start: STATS * max(start, stop)]
            return part
        item = self._items[position]
        if item is _LAZY:
            k = position if position >= 0 else position + len(self._items)
            assert self._build is not None, "kernel rows without a build function"
            item = self._items[k] = self._build(self.base + k + 1,
                                                self._stats[STATS * k: STATS * k + STATS])
        return item

    def __setitem__(self, position: int, result: SentenceResult | None) -> None:
        self.version += 1
        self._items[position] = result

    def __iter__(self) -> Iterator[SentenceResult | None]:
        for k in range(len(self._items)):
            yield self[k]

    def numbered(self) -> Iterator[tuple[SentenceResult | None, array[int] | None]]:
        """``(result, None)`` for a built row, ``(None, numbers)`` for a row still held as
        the kernel's numbers -- for totals that must not build every row."""
        stats = self._stats
        for k, item in enumerate(self._items):
            if item is _LAZY:
                yield None, stats[STATS * k: STATS * k + STATS]
            else:
                yield item, None

    def kernel_part(self) -> tuple[array[int], bytes, list[SentenceResult | None]]:
        """(the numbers of every row, a byte per row: 1 where the row is still those
        numbers, the rows built another way) -- for compiled totals (`evalb.row_sums`)."""
        lazy = bytes([item is _LAZY for item in self._items])
        return self._stats, lazy, [item for item in self._items if item is not _LAZY]

    def memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """``compute()``, kept until a row changes (a window asks for the same totals of
        41k rows several times per refresh, from several panels)."""
        version, values = self._memo
        if version != self.version:
            values = {}
            self._memo = (self.version, values)
        if key not in values:
            values[key] = compute()
        return values[key]

    @property
    def unbuilt(self) -> int:
        """How many rows are still held as numbers (for tests and memory reports)."""
        return sum(1 for item in self._items if item is _LAZY)
