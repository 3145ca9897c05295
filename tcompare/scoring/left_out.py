"""What a reference program leaves out of its figures (spec/metrics.md §11): the gold
sentences it never scored or counted as an error, and their gold items -- so that every output
can also give the recall counting them (``unscored_gold_items``, ``recall_with_unscored``,
``unscored_sentences`` in `score --output json`, the window's and the report's notes).

Shared by every family whose program leaves sentences out (EVALB, eval.pl, jp-evalb,
conll18, disco-dop's eval); no family is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Protocol, Sequence

from tcompare.model.corpus import Corpus
from tcompare.scoring.base import GROUPED, UNSCORED, Profile, SentenceResult, Status, Summary


class ScoredRun(Protocol):
    """A run's results, one per pair (`runs.PairedRun` is one)."""

    results: Sequence[SentenceResult]

# per profile: the counts behind its recall (matched, gold) -- what "recall counting the
# unscored gold items" divides
RECALL_COUNTS = {
    "evalb": ("matched_brackets", "gold_brackets"),
    "evalb_spmrl": ("matched_brackets", "gold_brackets"),
    "jp-evalb": ("matched", "gold_brackets"),
    "conll18": ("LAS_correct", "LAS_gold"),
    "conllx": ("both_correct", "tokens"),
    "discodop": ("matched", "gold"),
    "conll07": ("both_correct", "tokens"),
}


def left_out(result: SentenceResult) -> list[int]:
    """The gold sentences (1-based) of a result its program left out of the figures (an
    error, or never scored); [] otherwise."""
    if GROUPED in result.data:
        return []
    if UNSCORED in result.data or result.status is Status.ERROR:
        pair = result.data.get("pair")
        if pair is not None:
            return list(pair.get("gold", []))
        return [result.index] if result.index > 0 else []
    return []


def recall_gold_key(profile: Profile | None) -> str:
    """The count of gold items behind `profile`'s recall ("" for a profile not listed)."""
    keys = RECALL_COUNTS.get(profile.name) if profile is not None else None
    return keys[1] if keys else ""


def gold_items_of(profile: Profile, item: Any, config: Any) -> int:
    """How many items a gold sentence has for `profile`'s recall (0 when unreadable)."""
    key = recall_gold_key(profile)
    if not key or item is None:
        return 0
    result = profile.score_unpaired(item, "gold", config, 0)
    return int(result.counts.get(key, 0)) if result.valid else 0


@dataclass
class LeftOut:
    """For a reference profile, the gold sentences its program left out and their gold
    items, gathered as results pass (spec/metrics.md §11)."""

    profile: Profile
    config: Any
    items: int = 0
    sentences: list[int] = field(default_factory=list)

    @property
    def applies(self) -> bool:
        return self.profile.name in RECALL_COUNTS

    def add(self, result: SentenceResult, gold: Corpus | Any) -> None:
        """Note `result` if its gold sentences were left out: `gold[i - 1]` are their
        records (parsed trees are forgotten again), or `gold(i - 1)` counts their items."""
        if not self.applies:
            return
        for number in left_out(result):
            self.add_gold(number, gold)

    def add_gold(self, number: int, gold: Corpus | Any) -> None:
        """Gold sentence `number` (1-based) was left out (see `add`)."""
        self.sentences.append(number)
        if callable(gold):
            self.items += gold(number - 1)
            return
        try:
            record = gold[number - 1]
        except (IndexError, KeyError, TypeError):
            return
        if record is None:
            return
        was_parsed = record.parsed
        try:
            if record.error is None:
                self.items += gold_items_of(self.profile, record.item, self.config)
        finally:
            if not was_parsed:
                record.release()

    def add_gold_range(self, gold: Corpus, start: int, stop: int) -> None:
        """Gold sentences ``start .. stop-1`` (0-based) were never read (past EVALB's stop),
        their items counted in one pass: each scored against itself, through EVALB's
        compiled kernel where it applies (no tree per sentence)."""
        from tcompare.scoring.batch import slim_templates

        if not self.applies or start >= stop:
            return
        key = recall_gold_key(self.profile)
        self.sentences.extend(range(start + 1, stop + 1))
        for first in range(start, stop, 4096):
            last = min(first + 4096, stop)
            # (alike sentences -- 10^6 blank lines -- scored once: `slim_templates`)
            templates, which = slim_templates(gold, gold, self.profile, self.config, first, last)
            items = [int(t.counts.get(key, 0)) if t is not None and t.valid else 0
                     for t in templates]
            self.items += sum(items[t] for t in which)
            for record in gold.between(first, last):
                record.release()

    def watch(self, results: Iterable[SentenceResult], gold: Corpus) -> Iterator[SentenceResult]:
        for result in results:
            self.add(result, gold)
            yield result

    def json(self, summary: Summary) -> dict[str, Any]:
        """``unscored_gold_items``, ``recall_with_unscored``, ``unscored_sentences`` ({} for
        a profile that counts what it cannot score already)."""
        if not self.applies:
            return {}
        matched_key, gold_key = RECALL_COUNTS[self.profile.name]
        matched, total = summary.counts.get(matched_key, 0), summary.counts.get(gold_key, 0)
        denominator = total + self.items
        return {"unscored_gold_items": self.items,
                "recall_with_unscored": 100.0 * matched / denominator if denominator else 0.0,
                "unscored_sentences": sorted(self.sentences)}


def run_left_out(profile: Profile, run_: ScoredRun, gold: Corpus, config: Any) -> LeftOut:
    tally = LeftOut(profile, config)
    for result in run_.results:
        tally.add(result, gold)
    return tally
