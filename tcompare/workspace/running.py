"""One system's running total: the profile's `Summary` of the rows it counts, made once per
change and read by everyone (the sidebar, the charts, the analysis panel, ``--totals``).

The Workspace keeps one `ResultRows` per system -- every table row, the rows past where
the profile's reference program stops included.  The total is the profile's aggregate of
the first `counted()` of them; it is kept until a row changes (`ResultRows.version`) or
the count does (EVALB's stop moved after an edit), so a window that asks for it from
several panels per refresh sums the rows once.
"""

from __future__ import annotations

from typing import Any, Callable

from tcompare.scoring.base import Profile, Summary, counted, uncounted
from tcompare.scoring.rows import ResultRows


class RunningTotal:
    """`summary()` of `rows[:counted()]` under `profile` and `config`."""

    __slots__ = ("profile", "config", "rows", "_counted", "_made", "_summary")

    def __init__(self, profile: Profile, config: Any, rows: ResultRows,
                 counted_rows: Callable[[], int]):
        self.profile, self.config, self.rows = profile, config, rows
        self._counted = counted_rows
        self._made: tuple[int, int] | None = None      # (rows' version, count) it was made of
        self._summary: Summary | None = None

    def limit(self) -> int:
        """How many of the rows are counted (never more than there are yet)."""
        return min(self._counted(), len(self.rows))

    def counted_results(self) -> Any:
        """The results the total counts: the `ResultRows` itself (kernel rows unbuilt) when
        every row is counted, else a slice of it (or, where some rows are shown but never
        counted, a list of the others)."""
        limit = self.limit()
        rows = self.rows if limit >= len(self.rows) else self.rows[:limit]
        # (kernel rows, still numbers, are always counted: only built rows are looked at)
        if any(r is None or uncounted(r) for r in rows.kernel_part()[2]):
            return counted([r for r in rows if r is not None])
        return rows

    def summary(self) -> Summary:
        made = (self.rows.version, self.limit())
        if made != self._made or self._summary is None:
            self._summary = self.profile.aggregate(self.counted_results(), self.config)
            self._made = made
        return self._summary
