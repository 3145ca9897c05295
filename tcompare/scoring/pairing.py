"""Pair the sentences of a gold and a system corpus and score each pair with a profile.

Shared by the CLI's generic runner and the GUI's loader, so both report the same errors
for unreadable sentences and mismatched sentence counts.
"""

from __future__ import annotations

from typing import Any, Iterator

from tcompare.model.corpus import Corpus
from tcompare.scoring.base import Profile, SentenceResult


def kind_problem(profile: Profile, corpus: Corpus) -> str | None:
    """Why `profile` cannot score `corpus` at all, or None.

    A dependency file handed to a constituency profile (or the reverse) has no trees (or no
    arcs) to compare; every caller refuses it with this message instead of failing deep in
    the profile.  Profiles of another kind (phenomena) read their input themselves.
    """
    if profile.kind not in ("constituency", "dependency"):
        return None
    from tcompare import formats

    try:
        kind = formats.get(corpus.notation).kind
    except (KeyError, ValueError, AttributeError):
        return None
    if kind == profile.kind:
        return None
    return (f"{corpus.path} looks like {corpus.notation}, a {kind} notation; profile "
            f"{profile.name} scores {profile.kind} trees (use --format or --profile)")


def score_pair(gold: Corpus, system: Corpus, i: int, profile: Profile, config: Any) -> SentenceResult:
    """Score sentence ``i`` (0-based) of `gold` against sentence ``i`` of `system`."""
    index = i + 1
    if i >= len(gold):
        return profile.score_error(index, f"{system.path}:{system[i].line}: "
                                   "no gold sentence for this system sentence")
    if i >= len(system):
        return profile.score_error(index, f"{gold.path}:{gold[i].line}: "
                                   "no system sentence for this gold sentence")
    g, s = gold[i], system[i]
    if g.error is not None:
        return profile.score_error(index, f"gold: {g.error}")
    if s.error is not None:
        return profile.score_error(index, f"system: {s.error}")
    return profile.score(g.item, s.item, config, index)


def iter_scores(gold: Corpus, system: Corpus, profile: Profile, config: Any) -> Iterator[SentenceResult]:
    """Results in order, one per position of the longer corpus (the GUI consumes this lazily)."""
    for i in range(max(len(gold), len(system))):
        yield score_pair(gold, system, i, profile, config)


def pair_records(gold: Corpus, system: Corpus, profile: Profile, config: Any) -> list[SentenceResult]:
    return list(iter_scores(gold, system, profile, config))
