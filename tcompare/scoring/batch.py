"""Slim results: sentences scored without their per-item verdicts, many at once.

What a results table and the totals need (`slim`), for corpora in memory: `slim_results`
scores a range of positions through the profile's block scorer where it has one (EVALB's
compiled kernel on unedited one-line trees), sentence by sentence otherwise;
`aligned_slim_results` pairs by text and scores in forked workers (`workers.map_blocks`).
The protocols say what a profile's block scorer offers (`Profile.block_scorer`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

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
    sentence by sentence otherwise.  Never raises: a scorer crash becomes an ERROR result."""
    def one(i: int) -> Any:
        return slim_result(gold, system, profile, config, i)

    block = profile.block_scorer(config, (gold.notation, system.notation))
    paired = min(stop, len(gold), len(system))
    if block is None or paired <= start:
        return [one(i) for i in range(start, stop)]
    fast = [i for i in range(start, paired) if block.accepts(gold[i]) and block.accepts(system[i])]
    scored = dict(zip(fast, block.score([gold[i] for i in fast], [system[i] for i in fast], fast)))
    return [scored.get(i) or one(i) for i in range(start, stop)]


# -- pairing by text and scoring, both in forked workers ---------------------------------------

def aligned_slim_results(gold: Any, system: Any, profile: Any, config: Any,
                         jobs: int | None = None, block: int = 256) -> tuple[list[Any], list[Any]]:
    """``(pair_corpora(...), [slim(r) for r in score_pairs(...)])`` with each sentence parsed
    once, in forked workers.

    A worker takes a range of positions, reads each position's gold and system text (what
    pairing compares) and scores the two sentences there as a pair -- a guess that holds for
    every pair the alignment keeps in place (``same`` / ``changed`` at equal positions,
    which `score_pairs` scores exactly so) -- then forgets the trees.  The pairs found
    otherwise (shifted, joined, split, missing, extra) are scored here afterwards.
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
    guesses: list[list[Any]] = []
    for rows in map_blocks(work, ranges, jobs):
        for g, s, guess in rows:
            if g is not None:
                g_texts.append(g[0])
                g_ids.append(g[1])
            if s is not None:
                s_texts.append(s[0])
                s_ids.append(s[1])
            guesses.append(guess)
    pairs = align_sentences(g_texts, s_texts, g_ids if ids else None, s_ids if ids else None)
    results: list[Any] = []
    for pair in pairs:
        kept = (pair.kind in ("same", "changed") and pair.gold == pair.system
                and len(pair.gold) == 1)
        scored = guesses[pair.gold[0]] if kept else [
            slim(score_one(gold, system, pair, profile, config))]
        for result in scored:
            result.data["pair"] = pair.to_json()
            results.append(result)
    return pairs, results

