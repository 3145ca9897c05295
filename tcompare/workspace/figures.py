"""The figures the GUI's charts draw, read from an open `Workspace` (no Qt, no rescoring of
slim results: every number is a per-sentence figure the scorer already put on a row, or the
profile's own `aggregate` over a set of those rows).

* `sentence_values`: the headline per-sentence figure (F1, or LAS for dependencies) of one
  system, row by row (None where the row has none: not scored as a pair, 0/0);
* `differences`: system A's figure minus system B's, for the rows where both have one;
* `by_length`: the profile's aggregate over the rows of each sentence-length band;
* `LabelFigures`: per-label P/R/F1 of one system (`analysis.labels`), fed row by row from
  the Workspace's full results (the item verdicts the slim rows do not keep), so a front
  end can run it in time slices;
* `pair_secondary`: one row's secondary scores (leaf-ancestor, TED, function tags);
* `corpus_secondary`: their corpus figures, as ``tcompare score --secondary`` computes them.
"""

from __future__ import annotations

from tcompare.scoring.base import counted

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from tcompare.analysis.labels import LabelAccumulator, LabelRow, sentence_entries
from tcompare.scoring import secondary
from tcompare.scoring.base import Profile, SentenceResult
from tcompare.scoring.secondary import PairScores
from tcompare.workspace.document import Workspace

# sentence-length bands of the "F1 by length" chart (upper bounds, inclusive)
LENGTH_BANDS = (10, 20, 30, 40, 50, 60)


def f1_key(columns: Sequence[str]) -> str | None:
    """The per-sentence column holding a profile's F-score (LAS for dependencies)."""
    for key in columns:
        low = key.lower()
        if low in ("fmeasure", "f1", "f") or low.endswith("_f1") or low.endswith("f1"):
            return key
    for key in columns:
        if key in ("LAS",):
            return key
    return columns[0] if columns else None


def headline_key(profile: Profile | None) -> str | None:
    """`f1_key` of the profile's table columns (None without a profile)."""
    return f1_key(profile.columns) if profile is not None else None


def summary_key(key: str, metrics: Sequence[str]) -> str | None:
    """The corpus figure matching per-sentence figure `key` (``F1`` -> ``micro_F1``)."""
    for name in (key, f"micro_{key}"):
        if name in metrics:
            return name
    return None


def sentence_value(result: SentenceResult | None, key: str | None) -> float | None:
    """The row's own figure `key`, or None (not a scored pair, 0/0)."""
    if result is None or key is None or not result.valid:
        return None
    value = result.scores.get(key)
    return float(value) if isinstance(value, (int, float)) else None


def sentence_values(ws: Workspace, system: int) -> list[float | None]:
    """The headline figure of every row of `system`, in row order."""
    key = headline_key(ws.profile)
    if system >= len(ws.results):
        return []
    return [sentence_value(r, key) for r in ws.results[system]]


@dataclass(frozen=True, slots=True)
class Difference:
    row: int            # 0-based row
    a: float
    b: float

    @property
    def value(self) -> float:
        return self.a - self.b


def differences(ws: Workspace, a: int, b: int) -> list[Difference]:
    """A minus B on every row where both systems have the headline figure."""
    va, vb = sentence_values(ws, a), sentence_values(ws, b)
    return [Difference(row, x, y) for row, (x, y) in enumerate(zip(va, vb))
            if x is not None and y is not None]


@dataclass(frozen=True, slots=True)
class Band:
    low: int            # sentence length, inclusive
    high: int | None    # inclusive; None: no upper bound
    rows: tuple[int, ...]
    value: float | None     # the profile's aggregate figure over `rows`

    @property
    def title(self) -> str:
        return f"{self.low}–{self.high}" if self.high is not None else f"{self.low}+"


def by_length(ws: Workspace, system: int, bands: Sequence[int] = LENGTH_BANDS) -> list[Band]:
    """The profile's own aggregate of the headline figure over the rows of each length band
    (a band without rows is left out).  Lengths are the table's (`RowInfo.length`); rows
    whose words have not arrived yet are left out (see `lengths_pending`), so this never
    reads a file on the caller's thread."""
    profile, key = ws.profile, headline_key(ws.profile)
    if profile is None or key is None or system >= len(ws.results):
        return []
    rows = ws.results[system]
    limit = min(len(rows), ws.row_count, ws.counted_rows(system))
    edges = [(lo + 1 if i else 1, hi) for i, (lo, hi) in
             enumerate(zip((0, *bands), (*bands, None)))]
    members: list[list[int]] = [[] for _ in edges]
    for row in range(limit):
        length = ws.info[row].length
        if length < 0:
            continue
        for k, (low, high) in enumerate(edges):
            if rows[row] is not None and length >= low and (high is None or length <= high):
                members[k].append(row)
                break
    out = []
    for (low, high), band in zip(edges, members):
        if not band:
            continue
        summary = profile.aggregate(counted(r for r in (rows[i] for i in band) if r is not None),
                                    ws.config)
        name = summary_key(key, list(summary.metrics))
        value = summary.metrics.get(name) if name is not None else None
        out.append(Band(low, high, tuple(band), float(value) if value is not None else None))
    return out


def lengths_pending(ws: Workspace) -> int:
    """How many rows' lengths (words) are still to come from the loader."""
    return sum(1 for info in ws.info if not info.known)


class LabelFigures:
    """Per-label figures of one system, added row by row (`step`) from the Workspace's full
    results; `rows(kind)` are `analysis.labels.label_breakdown`'s rows."""

    def __init__(self, ws: Workspace, system: int):
        self.ws, self.system = ws, system
        self.totals = LabelAccumulator()
        self.next = 0

    def _limit(self) -> int:
        return min(self.ws.row_count, self.ws.counted_rows(self.system))

    @property
    def done(self) -> bool:
        return self.next >= self._limit()

    def step(self, count: int) -> None:
        """Tally the next `count` rows."""
        stop = min(self.next + count, self._limit())
        for row in range(self.next, stop):
            result = self.ws.full_result(self.system, row, keep=False)
            self.totals.add(row + 1, sentence_entries(result))
        self.next = max(stop, self.next)

    def kind(self) -> str:
        """The item kind the bars show: brackets or arcs, whichever the profile scores."""
        kinds = self.totals.kinds()
        for kind in ("bracket", "arc", "tag"):
            if kind in kinds:
                return kind
        return sorted(kinds)[0] if kinds else "bracket"

    def rows(self, kind: str | None = None) -> list[LabelRow]:
        return self.totals.rows(kind or self.kind())


def pair_secondary(workspace: Workspace, system: int, row: int,
                   time_limit: float | None = 2.0) -> PairScores | None:
    """Leaf-ancestor, tree edit distance and function tags of one row's pair
    (`scoring.secondary`, with the profile's deletions); None for a dependency profile or a
    row without both trees.  The window's limit on TED is short: it runs on the GUI thread."""
    profile = workspace.profile
    if profile is None or profile.kind != "constituency":
        return None
    gold, sys_item = workspace.pair(system, row)
    if gold is None or sys_item is None or not hasattr(gold, "root"):
        return None
    return secondary.score_pair(gold, sys_item, secondary.rules_for(profile, workspace.config),
                                time_limit=time_limit)


@dataclass
class SecondaryTotal:
    """The corpus's secondary figures for one system, as ``tcompare score --secondary`` gives
    them: `total` over every pair `pairing.pair_corpora` makes, `gold_numbers` each pair's
    1-based gold sentence (0: none), so a row listed as not computed can be named."""

    total: secondary.CorpusScores
    gold_numbers: list[int]
    # each scored pair's figures by (gold index, system index): given back as `known`, the
    # next computation scores only the pairs missing from it (a gold edit: one pair)
    scored: dict[tuple[int, int], PairScores] = field(default_factory=dict)

    def not_computed(self) -> tuple[list[int], list[int]]:
        """(gold sentences past the TED time limit, past leaf-ancestor's) -- the CLI's lists."""
        return ([self.gold_numbers[i] for i in self.total.ted_not_computed],
                [self.gold_numbers[i] for i in self.total.la_not_computed])


def corpus_secondary(workspace: Workspace, system: int,
                     time_limit: float | None = secondary.DEFAULT_TIME_LIMIT,
                     stopped: Callable[[], bool] = lambda: False,
                     known: Mapping[tuple[int, int], PairScores] | None = None
                     ) -> SecondaryTotal | None:
    """`secondary.corpus` over every pair of `system`'s sentences with gold, paired and scored
    by the same rules as the CLI (so the figures are equal); None for a dependency profile, no
    files, or when `stopped()` says so between two pairs (callable from a worker thread:
    the corpora are read under the workspace's lock, the scoring is done outside it).
    `known`: figures of pairs whose sentences have not changed since (the caller drops
    the edited ones), taken as they are."""
    from tcompare.scoring.pairing import pair_corpora

    profile, gold = workspace.profile, workspace.gold
    if profile is None or profile.kind != "constituency" or gold is None or \
            system >= len(workspace.systems):
        return None
    corpus = workspace.systems[system]
    rules = secondary.rules_for(profile, workspace.config)
    with workspace.lock:
        pairs = pair_corpora(gold, corpus, profile)
    rows: list[PairScores] = []
    numbers: list[int] = []
    scored: dict[tuple[int, int], PairScores] = {}
    for pair in pairs:
        if stopped():
            return None
        numbers.append(pair.gold[0] + 1 if pair.gold else 0)
        if len(pair.gold) != 1 or len(pair.system) != 1:
            kind = "no system sentence" if not pair.system else (
                "no gold sentence" if not pair.gold else "joined or split sentences")
            rows.append(PairScores(problem=kind))
            continue
        key = (pair.gold[0], pair.system[0])
        row = known.get(key) if known is not None else None
        if row is None:
            with workspace.lock:
                g, s = gold[key[0]].item, corpus[key[1]].item
            row = PairScores(problem="unreadable sentence") if g is None or s is None else \
                secondary.score_pair(g, s, rules, secondary.SCORES, time_limit)
        scored[key] = row
        rows.append(row)
    return SecondaryTotal(secondary.corpus(rows, secondary.SCORES), numbers, scored)
