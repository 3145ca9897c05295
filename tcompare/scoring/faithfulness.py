"""Is a parse faithful to the input words?  The word alignment of a system sentence to its
gold sentence, and its faults counted (issue 31 item 3; docs/llm-output.md).

The sentences are first paired by `alignment.align_sentences` (as every aligned run pairs
them); inside a pair the words are aligned here, on their forms compared exactly:

1. the longest common subsequence of the two word lists keeps the most words in place;
2. a gold word left over whose form is also among the system words left over was *moved*
   (``reordered``): the earliest such system word is its partner;
3. between two kept words, the words still left over on both sides pair in order as
   ``changed`` (a gold word written differently);
4. what is left is ``dropped`` (gold words with no partner) or ``added`` (system words).

So a swap of two neighbours is one reordered word, ``cat -> cats`` one changed word, and a
tree that repeats a word has one added word.  Each count is the number of gold (dropped,
changed, reordered) or system (added) words involved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Sequence

FAULTS = ("added", "dropped", "changed", "reordered")
LCS_CELLS = 4_000_000      # above this, difflib's matching blocks stand in for the exact LCS


@dataclass(slots=True)
class WordAlignment:
    """Per gold word the system word it pairs with (or -1) and how; the system words no gold
    word took (``added``)."""

    gold_to_system: list[int]
    gold_kind: list[str]            # "same", "changed", "reordered", "dropped"
    added: list[int] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(FAULTS, 0)
        for kind in self.gold_kind:
            if kind != "same":
                out[kind] += 1
        out["added"] = len(self.added)
        return out

    @property
    def faithful(self) -> bool:
        return not self.added and all(k == "same" for k in self.gold_kind)

    def faults(self) -> list[str]:
        """The kinds of fault present, in `FAULTS` order."""
        return [k for k, n in self.counts.items() if n]

    def system_kind(self, n_system: int) -> list[str]:
        """Per system word: "same", "changed", "reordered" or "added"."""
        out = ["added"] * n_system
        for g, s in enumerate(self.gold_to_system):
            if s >= 0:
                out[s] = self.gold_kind[g]
        return out


def align_words(gold: Sequence[str], system: Sequence[str]) -> WordAlignment:
    """Align `system` words to `gold` words (see the module docstring)."""
    n, m = len(gold), len(system)
    g2s = [-1] * n
    kind = ["dropped"] * n
    for gi, si in _common(gold, system):
        g2s[gi], kind[gi] = si, "same"
    taken = [False] * m
    for s in g2s:
        if s >= 0:
            taken[s] = True
    # moved words: a left-over gold form found among the left-over system words
    free: dict[str, list[int]] = {}
    for s in range(m):
        if not taken[s]:
            free.setdefault(system[s], []).append(s)
    for g in range(n):
        if g2s[g] < 0 and free.get(gold[g]):
            s = free[gold[g]].pop(0)
            g2s[g], kind[g], taken[s] = s, "reordered", True
    # changed words: in each gap between kept words, left-overs pair in order
    anchors = [(-1, -1)] + [(g, g2s[g]) for g in range(n) if kind[g] == "same"] + [(n, m)]
    for (g0, s0), (g1, s1) in zip(anchors, anchors[1:]):
        gs = [g for g in range(g0 + 1, g1) if g2s[g] < 0]
        ss = [s for s in range(s0 + 1, s1) if not taken[s]]
        for g, s in zip(gs, ss):
            g2s[g], kind[g], taken[s] = s, "changed", True
    return WordAlignment(g2s, kind, [s for s in range(m) if not taken[s]])


def _common(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """Index pairs of a longest common subsequence (ties: the leftmost pairing)."""
    # common prefix and suffix first: most LLM outputs differ in a word or two
    lo = 0
    while lo < len(a) and lo < len(b) and a[lo] == b[lo]:
        lo += 1
    hi_a, hi_b = len(a), len(b)
    while hi_a > lo and hi_b > lo and a[hi_a - 1] == b[hi_b - 1]:
        hi_a, hi_b = hi_a - 1, hi_b - 1
    pairs = [(k, k) for k in range(lo)]
    mid_a, mid_b = a[lo:hi_a], b[lo:hi_b]
    if (len(mid_a) + 1) * (len(mid_b) + 1) <= LCS_CELLS:
        pairs += [(lo + i, lo + j) for i, j in _lcs(mid_a, mid_b)]
    else:
        blocks = SequenceMatcher(None, list(mid_a), list(mid_b), autojunk=False).get_matching_blocks()
        pairs += [(lo + x.a + k, lo + x.b + k) for x in blocks for k in range(x.size)]
    pairs += [(hi_a + k, hi_b + k) for k in range(len(a) - hi_a)]
    return pairs


def _lcs(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    n, m = len(a), len(b)
    if not n or not m:
        return []
    # suffix table: best[i][j] = LCS length of a[i:], b[j:]
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = best[i], best[i + 1]
        ai = a[i]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if ai == b[j] else max(below[j], row[j + 1])
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            out.append((i, j))
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return out
