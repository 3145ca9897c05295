"""How big a sentence an export draws.

A drawing grows with the words across and the depth down: a 10^6-word sentence or a tree
10^5 deep is a picture no one can look at, and laying it out costs minutes and gigabytes.
Past these limits `too_big` says why, and the exporter refuses with that message.
"""

from __future__ import annotations

from typing import Any

from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree

MAX_WORDS = 2_000
MAX_DEPTH = 500
# words and phrases (`tcompare.formats.sizes`) past which a sentence is refused before it is
# parsed: far past MAX_WORDS in every notation, so the exact message above applies below it
EARLY_LIMIT = 50 * MAX_WORDS


def depth(item: Any) -> int:
    """Levels of phrases above the deepest word (a tree), or arcs on the longest path from
    the root (a dependency sentence; a cycle counts once); 0 for anything else."""
    if isinstance(item, Tree):
        return max((d + 1 for _, d in item.walk()), default=0)
    if isinstance(item, DepSentence):
        words = item.words
        head_of = {w.id: w.head for w in words}
        known: dict[str, int] = {}
        deepest = 0
        for w in words:
            path: list[str] = []
            on_path: set[str] = set()
            at: str | None = w.id
            while at in head_of and at not in known and at not in on_path:
                path.append(at)
                on_path.add(at)
                at = head_of[at]
            base = known.get(at, 0) if at is not None else 0
            for step in reversed(path):
                base += 1
                known[step] = base
            deepest = max(deepest, known.get(w.id, 0))
        return deepest
    return 0


def words(item: Any) -> int:
    if isinstance(item, Tree):
        return len(item.tokens)
    if isinstance(item, DepSentence):
        return len(item.words)
    return 0


def too_big(*items: Any) -> str | None:
    """Why these sentences are too big to draw, or None."""
    for item in items:
        if item is None:
            continue
        n = words(item)
        if n > MAX_WORDS:
            return f"the sentence has {n:,} words; a drawing holds at most {MAX_WORDS:,}"
        d = depth(item)
        if d > MAX_DEPTH:
            return f"the sentence is {d:,} levels deep; a drawing holds at most {MAX_DEPTH:,}"
    return None
