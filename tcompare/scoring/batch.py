"""Slim results: sentences scored without their per-item verdicts, many at once.

What a results table and the totals need (`slim`), for corpora in memory: `slim_results`
scores a range of positions through the profile's block scorer where it has one (EVALB's
compiled kernel on unedited one-line trees), sentence by sentence otherwise;
`aligned_slim_results` pairs by text and scores in forked workers (`workers.map_blocks`).
The protocols say what a profile's block scorer offers (`Profile.block_scorer`).
"""

from __future__ import annotations

from array import array
from collections import Counter
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tcompare.scoring.compact_results import CompactResults
from tcompare.scoring.workers import map_blocks

if TYPE_CHECKING:
    from typing import Callable, Iterator

    from tcompare.formats.lines import PairedLines


@runtime_checkable
class BlockScorer(Protocol):
    """What `Profile.block_scorer` returns: slim results equal to `score`'s for many
    sentence records at once (None where it leaves a sentence to `score`)."""

    def accepts(self, record: Any) -> bool: ...

    def score(self, gold: list[Any], system: list[Any], positions: list[int]) -> list[Any]: ...


@runtime_checkable
class FileScorer(BlockScorer, Protocol):
    """A block scorer that also scores whole files from their bytes (EVALB's `EvalbLines`):
    `start_job` early in another process, `score_files` into `rows.ResultRows`, `totals`
    of such rows without building them."""

    def start_job(self, pairs: list[PairedLines]) -> Any: ...

    def score_files(self, gold: Any, system: Any, files: PairedLines,
                    rescore: Callable[[int], Any], jobs: int | None = None,
                    early: Any = None) -> Any: ...

    def totals(self, rows: Any) -> Any: ...


# -- the Workspace's table: slim results from corpora in memory --------------------------------

def slim(result: Any) -> Any:
    """`result` without its per-item verdicts (what a table row and the totals need)."""
    from tcompare.scoring.base import SentenceResult

    return SentenceResult(index=result.index, status=result.status, message=result.message,
                          counts=result.counts, scores=result.scores, flags=result.flags,
                          data=result.data)


def slim_result(gold: Any, system: Any, profile: Any, config: Any, i: int) -> Any:
    """``slim(score_pair(...))`` of position `i`; a scorer crash becomes an ERROR result."""
    from tcompare.scoring.pairing import score_pair

    try:
        return slim(score_pair(gold, system, i, profile, config))
    except Exception as exc:  # a profile bug must not take the caller down
        return profile.score_error(i + 1, f"scorer failed: {type(exc).__name__}: {exc}")


def slim_results(gold: Any, system: Any, profile: Any, config: Any, start: int, stop: int
                 ) -> list[Any]:
    """Slim results of positions ``start .. stop-1``, each equal to ``slim(score_pair(...))``
    -- through the profile's `block_scorer` where it has one and the sentences allow (EVALB:
    unedited one-line trees, scored by the compiled kernel as `tcompare score` scores them),
    sentence by sentence otherwise; alike pairs scored once (`slim_templates`).  Never
    raises: a scorer crash becomes an ERROR result."""
    templates, which = slim_templates(gold, system, profile, config, start, stop)
    out = []
    for i, t in enumerate(which, start):
        result = templates[t]
        if result.index != i + 1:
            result = (slim_result(gold, system, profile, config, i) if not reindexable(result)
                      else reindexed(result, i + 1))
        out.append(result)
    return out


def reindexable(result: Any) -> bool:
    """Whether `result`, scored for one of several alike pairs, stands for the others with
    only its number changed: not an error (whose message names its file line)."""
    from tcompare.scoring.base import Status

    return result.status is not Status.ERROR


def reindexed(result: Any, index: int) -> Any:
    """A slim `result` for sentence `index`: the same figures in containers of its own."""
    from tcompare.scoring.base import SentenceResult

    return SentenceResult(index=index, status=result.status, message=result.message,
                          counts=Counter(result.counts), scores=dict(result.scores),
                          flags=list(result.flags),
                          data={k: list(v) if isinstance(v, list) else v
                                for k, v in result.data.items()})


def slim_templates(gold: Any, system: Any, profile: Any, config: Any, start: int, stop: int
                   ) -> tuple[list[Any], array[int]]:
    """``(templates, which)``: the slim results of positions ``start .. stop-1`` (as
    `slim_results` gives them), row ``start + k`` being ``templates[which[k]]`` with its
    number changed.  Two unedited pairs with the same gold and the same system text share
    one result (10^6 blank lines are 10^6 sentences as EVALB counts them; scored once)
    where the result cannot depend on where the pair stands: the block scorer's (a function
    of the two lines), a blank pair's, or an error -- which stands for its rows' counts only
    (its message names the first row's line: `reindexable`); any other is scored again at
    each row.  The corpora are read by iterating (`Corpus.between`), so no record
    of a blank run is kept.  Never raises."""
    paired = max(start, min(stop, len(gold), len(system)))
    which = array("i")
    firsts: list[tuple[int, Any, Any]] = []       # (position, gold record, system record)
    seen: dict[tuple[str, str], int] = {}
    for i, g, s, count in _side_by_side(gold, system, start, paired):
        key = (g.source, s.source) if _plain(g) and _plain(s) else None
        t = seen.get(key, -1) if key is not None else -1
        if t < 0:
            t = len(firsts)
            firsts.append((i, g, s))
            if key is not None:
                seen[key] = t
        if count == 1:
            which.append(t)
        else:
            which.extend(array("i", [t]) * count)
    shared = len(seen) < len(which)
    seen.clear()
    results: list[Any] = [None] * len(firsts)
    fast: list[int] = []
    block = profile.block_scorer(config, (gold.notation, system.notation))
    if block is not None and firsts:
        fast = [t for t, (_, g, s) in enumerate(firsts) if block.accepts(g) and block.accepts(s)]
        scored = block.score([firsts[t][1] for t in fast], [firsts[t][2] for t in fast],
                             [firsts[t][0] for t in fast])
        for t, result in zip(fast, scored):
            results[t] = result
    for t, (i, g, s) in enumerate(firsts):
        if results[t] is None:
            results[t] = _slim_records(gold, system, g, s, i, profile, config)
    if shared:
        _unshare(gold, system, profile, config, start, firsts, results, which, set(fast))
    firsts.clear()
    for i in range(paired, stop):       # one side has no sentence there
        which.append(len(results))
        results.append(slim_result(gold, system, profile, config, i))
    return results, which


def _unshare(gold: Any, system: Any, profile: Any, config: Any, start: int,
             firsts: list[tuple[int, Any, Any]], results: list[Any], which: array[int],
             fast: set[int]) -> None:
    """Score on its own every row sharing a result that might depend on where its pair
    stands (a message naming a line: not the block scorer's, not a blank pair's, not an
    error's)."""
    from tcompare.scoring.base import Status

    own = [result.status is Status.ERROR or t in fast or (
        not firsts[t][1].source.strip() and not firsts[t][2].source.strip())
        for t, result in enumerate(results)]
    if all(own):
        return
    for k, t in enumerate(which):
        i = start + k
        if not own[t] and firsts[t][0] != i:
            g, s = next(gold.between(i, i + 1)), next(system.between(i, i + 1))
            which[k] = len(results)
            results.append(_slim_records(gold, system, g, s, i, profile, config))


def _side_by_side(gold: Any, system: Any, start: int, stop: int) -> Iterator[tuple[int, Any, Any, int]]:
    """``(position, gold record, system record, count)`` over ``start .. stop-1``: `count`
    positions in a row whose records on each side hold the same text as these two (runs of
    blank lines on both sides: `Corpus.stretches`), else 1."""
    golds, systems = gold.stretches(start, stop), system.stretches(start, stop)
    g, g_left = next(golds, (None, 0))
    s, s_left = next(systems, (None, 0))
    i = start
    while i < stop and g_left and s_left:
        count = min(g_left, s_left)
        yield i, g, s, count
        i += count
        g_left -= count
        s_left -= count
        if g_left:       # the rest of a stretch: its own record (its line, its number)
            g = next(gold.between(i, i + 1))
        else:
            g, g_left = next(golds, (None, 0))
        if s_left:
            s = next(system.between(i, i + 1))
        else:
            s, s_left = next(systems, (None, 0))


def _plain(record: Any) -> bool:
    return not record.edited and not record.unreadable


def _slim_records(gold: Any, system: Any, g: Any, s: Any, i: int, profile: Any, config: Any
                  ) -> Any:
    """`slim_result` of position `i` from its two records."""
    from tcompare.scoring.pairing import score_records

    try:
        return slim(score_records(gold, system, g, s, i + 1, profile, config))
    except Exception as exc:  # a profile bug must not take the caller down
        return profile.score_error(i + 1, f"scorer failed: {type(exc).__name__}: {exc}")


# -- pairing by text and scoring, both in forked workers ---------------------------------------

def aligned_slim_results(gold: Any, system: Any, profile: Any, config: Any,
                         jobs: int | None = None, block: int = 256
                         ) -> tuple[list[Any], CompactResults]:
    """``(pair_corpora(...), [slim(r) for r in score_pairs(...)])`` with each sentence parsed
    once, in forked workers.

    A worker takes a range of positions, reads each position's gold and system text (what
    pairing compares) and scores the two sentences there as a pair -- a guess that holds for
    every pair the alignment keeps in place (``same`` / ``changed`` at equal positions,
    which `score_pairs` scores exactly so) -- then forgets the trees.  The pairs found
    otherwise (shifted, joined, split, missing, extra) are scored here afterwards.  The
    results are kept compactly (`CompactResults`: an unreadable sentence's as a few numbers).
    """
    from tcompare.scoring.alignment import SentencePair, align_sentences
    from tcompare.scoring.pairing import record_text, score_one, sent_id

    ids = getattr(gold, "kind", "") == "dependency" or profile.kind == "dependency"
    n_gold, n_system = len(gold), len(system)
    n = max(n_gold, n_system)

    def side(corpus: Any, i: int) -> tuple[str | None, str | None]:
        record = corpus[i]
        return record_text(record), (sent_id(record) if ids else None)

    def work(bounds: tuple[int, int]) -> list[tuple[Any, Any, list[Any]]]:
        out = []
        for i in range(*bounds):
            g = side(gold, i) if i < n_gold else None
            s = side(system, i) if i < n_system else None
            guess: list[Any] = []
            if g is not None and s is not None:
                guess = [slim(score_one(gold, system, SentencePair((i,), (i,), "same"),
                                        profile, config))]
            for corpus in (gold, system):
                if i < len(corpus):
                    corpus[i].release()
            out.append((g, s, guess))
        return out

    def ranges() -> Iterator[tuple[int, int]]:
        return ((k, min(k + block, n)) for k in range(0, n, block))

    g_texts: list[str | None] = []
    s_texts: list[str | None] = []
    g_ids: list[str | None] = []
    s_ids: list[str | None] = []
    guesses = CompactResults()      # 10^5 unreadable sentences: 10^5 alike ERROR results
    for rows in map_blocks(work, ranges, jobs):
        for g, s, guess in rows:
            if g is not None:
                g_texts.append(g[0])
                g_ids.append(g[1])
            if s is not None:
                s_texts.append(s[0])
                s_ids.append(s[1])
            guesses.append(guess[0] if guess else None)
    pairs = align_sentences(g_texts, s_texts, g_ids if ids else None, s_ids if ids else None)
    results = CompactResults()
    for pair in pairs:
        kept = (pair.kind in ("same", "changed") and pair.gold == pair.system
                and len(pair.gold) == 1)
        result = guesses[pair.gold[0]] if kept else slim(score_one(gold, system, pair, profile,
                                                                   config))
        result.data["pair"] = pair.to_json()
        results.append(result)
    return pairs, results

