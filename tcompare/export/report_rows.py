"""One system's slim results as the report keeps them: `ReportRows`, compact.

10^6 blank lines in a one-tree-per-line file are 10^6 sentences as EVALB counts them, all
scored alike.  A `SentenceResult` per row took 1.3 GB; here each distinct result is kept once
(a *template*, `scoring.batch.slim_templates`) and each row is the number of its template in
an array (4 bytes).  The rows past the reference program's stop are not kept at all.

Two ways to read the rows:

* ``rows[k]`` / iteration -- row k's exact result (its own number; a shared error scored
  again, as its message names its own line; a row past the stop made then), as the plain
  list of results gave it;
* `alike`, `figures`, `lengths`, `multiplicity` -- what sums and charts need, per row, without
  making a result per row: `alike` gives the template itself (its number is its first
  row's), for `profile.aggregate` and the significance vectors (`shared_vectors`), which
  read counts only; `left_out_of` tallies what the reference program left out.
"""

from __future__ import annotations

from array import array
from typing import Any, Callable, Iterator, Sequence

from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import SentenceResult, unscored_result
from tcompare.scoring.batch import reindexable, reindexed
from tcompare.scoring.left_out import LeftOut

PAST_STOP = "past the reference program's stop"


class ReportRows(Sequence[SentenceResult]):
    """Rows ``0 .. len-1`` of one system (see the module docstring).

    Parameters
    ----------
    templates : the distinct slim results.
    which : per row (``0 .. len(which)-1``), the number of its template.
    lengths : per template, the sentence length its rows have (`report_data.gold_length`).
    size : rows in all; rows from ``len(which)`` on are past the stop (`stop_at`).
    positional : row k is sentence k + 1 (pairs by position); else each template's own number.
    rescore : row k's exact result, for a row sharing an error scored at another row.
    n_gold : gold sentences (a row past the stop is gold sentence k + 1 up to there).
    """

    def __init__(self, templates: list[SentenceResult], which: array[int], lengths: list[int],
                 size: int | None = None, positional: bool = True,
                 rescore: Callable[[int], SentenceResult] | None = None,
                 n_gold: int | None = None):
        self.templates = templates
        self.which = which
        self.template_lengths = lengths
        self.size = len(which) if size is None else size
        self.positional = positional
        self.rescore = rescore
        self.n_gold = self.size if n_gold is None else n_gold
        self.n_paired = len(which)
        self.stop = len(which)

    @classmethod
    def of_results(cls, results: Sequence[SentenceResult], lengths: Sequence[int]) -> ReportRows:
        """Rows that are `results` as they are (each its own template)."""
        return cls(list(results), array("i", range(len(results))), list(lengths),
                   positional=False)

    def stop_at(self, stop: int) -> None:
        """Rows from `stop` on were never read by the reference program: unscored."""
        self.stop = min(stop, self.stop)

    # -- exact rows ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.size

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(self.size))]
        if k < 0:
            k += self.size
        if not 0 <= k < self.size:
            raise IndexError("row out of range")
        if k >= self.stop:
            return self._unscored(k)
        t = self.templates[self.which[k]]
        index = k + 1 if self.positional else t.index
        if t.index == index:
            return t
        if reindexable(t) or self.rescore is None:
            return reindexed(t, index)
        return self.rescore(k)

    def __iter__(self) -> Iterator[SentenceResult]:
        for k in range(self.size):
            yield self[k]

    def _pair(self, k: int) -> SentencePair:
        in_gold = k < self.n_gold
        kind = "same" if k < self.n_paired else "missing" if in_gold else "extra"
        return SentencePair((k,) if in_gold else (), (k,) if kind != "missing" else (), kind)

    def _unscored(self, k: int) -> SentenceResult:
        return unscored_result(k + 1 if k < self.n_gold else 0, self._pair(k).to_json(), PAST_STOP)

    # -- per row, without a result per row ---------------------------------------------------
    def alike(self) -> list[SentenceResult]:
        """Per row, a result with its counts and figures (the template; its number and pair
        are its first row's): for sums, which read neither."""
        templates = self.templates
        out = [templates[w] for w in self.which[:self.stop]]
        tail = self.size - self.stop
        if tail:
            firsts = {}
            for k in range(self.stop, self.size):
                kind = self._pair(k).kind
                if kind not in firsts:
                    firsts[kind] = self._unscored(k)
                out.append(firsts[kind])
        return out

    def figures(self, key: str) -> list[float | None]:
        """Each row's figure `key` (None where it has none)."""
        per = [t.scores.get(key) for t in self.templates]
        return [per[w] for w in self.which[:self.stop]] + [None] * (self.size - self.stop)

    def lengths(self) -> list[int]:
        """Each row's sentence length (0 past the stop: never counted)."""
        per = self.template_lengths
        return [per[w] for w in self.which[:self.stop]] + [0] * (self.size - self.stop)

    def multiplicity(self) -> list[int]:
        """Per template, how many rows before the stop are it."""
        counts = [0] * len(self.templates)
        for w in self.which[:self.stop]:
            counts[w] += 1
        return counts

    def numbered_in_order(self) -> bool:
        """Whether row k is sentence k + 1 for every row (the rows pair one to one with the
        gold sentences)."""
        if self.positional:
            return self.size <= self.n_gold
        return all(t.index == k for k, t in enumerate(self.templates, 1))


def left_out_of(rows: ReportRows, gold: Any, profile: Any, config: Any) -> LeftOut:
    """What the profile's reference program left out of `rows` (`LeftOut`): the error rows
    one by one, the rows past its stop in one pass (`LeftOut.add_gold_range`)."""
    from tcompare.scoring.left_out import left_out

    tally = LeftOut(profile, config)
    if not tally.applies:
        return tally
    noted = [bool(left_out(t)) for t in rows.templates]
    if any(noted):
        templates = rows.templates
        for k, w in enumerate(rows.which[:rows.stop]):
            if noted[w]:
                t = templates[w]
                index = k + 1 if rows.positional else t.index
                tally.add(t if t.index == index else reindexed(t, index), gold)
    if rows.stop < len(rows):
        if rows.positional:
            tally.add_gold_range(gold, rows.stop, rows.n_gold)
        else:
            for k in range(rows.stop, len(rows)):
                tally.add(rows[k], gold)
    return tally


def shared_vectors(model: Any, results: Sequence[SentenceResult]) -> list[Any]:
    """`significance.per_sentence_counts`, one vector per distinct result object (rows alike
    share their result: `ReportRows.alike`), shared by its rows."""
    made: dict[int, Any] = {}
    out = []
    for r in results:
        vector = made.get(id(r))
        if vector is None:
            vector = made[id(r)] = model.vector(r)
        out.append(vector)
    return out
