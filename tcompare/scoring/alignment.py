"""Pair the sentences of two files by their text, in about linear time (spec/metrics.md §7).

`align_sentences(gold_texts, system_texts, gold_ids=None, system_ids=None)` returns a list
of `SentencePair` in file order.  A text is the sentence's characters with whitespace
removed; ``None`` means "unknown" (a sentence that could not be read) and ``""`` a sentence
with no words (a missing parse).

How
---
1. CoNLL-U ``sent_id``: when both sides give an id for every sentence and the ids are
   unique, sentences pair by id (``same`` / ``changed`` by their texts); a gold id the
   system lacks is ``missing``, a system id gold lacks is ``extra``.
2. Fast path: the same number of sentences and equal texts position by position.
3. Otherwise: the common prefix and suffix are peeled off; inside, texts that occur exactly
   once on each side are anchors, and the longest run of anchors in the same order on both
   sides (patience diff: O(n log n)) pins the sentences down.  Each gap between two anchors
   is walked left to right:

   * equal texts pair as ``same``;
   * several gold sentences whose concatenation is one system sentence are ``joined``; one
     gold sentence cut into several system sentences is ``split``; when both sides cut the
     same characters differently (``AB|C`` against ``A|BC``) the smallest group whose
     concatenations agree is one pair (kind ``joined``, several sentences on both sides);
   * a gold sentence that reappears a few system sentences later makes the ones in between
     ``extra``, and the reverse makes gold sentences ``missing`` (look-ahead of `LOOKAHEAD`);
   * anything else pairs by position in the gap as ``changed`` (texts differ: the scorer
     turns it into an error sentence naming both texts, or a "no parse" when the system
     sentence is empty), and what is left over on the longer side is missing / extra.

Nothing is quadratic: the anchor LIS is O(n log n) and every gap is walked once with a
bounded look-ahead and bounded group sizes.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any, Optional, Sequence, cast

LOOKAHEAD = 8          # sentences looked ahead to recognise a dropped / inserted sentence
MAX_GROUP = 16         # at most this many sentences on one side of a joined / split pair
KINDS = ("same", "missing", "extra", "changed", "joined", "split")


@dataclass(frozen=True, slots=True)   # 10^6 pairs: 100 MB less
class SentencePair:
    """One aligned unit: 0-based sentence indices on each side and how they relate."""

    gold: tuple[int, ...]
    system: tuple[int, ...]
    kind: str

    def to_json(self) -> dict[str, Any]:
        return {"gold": [i + 1 for i in self.gold], "system": [i + 1 for i in self.system],
                "kind": self.kind}


def text_key(words: Sequence[str]) -> str:
    """The alignment text of a sentence: its words' characters, whitespace removed."""
    return "".join("".join(w.split()) for w in words)


def align_sentences(gold_texts: Sequence[Optional[str]], system_texts: Sequence[Optional[str]],
                    gold_ids: Optional[Sequence[Optional[str]]] = None,
                    system_ids: Optional[Sequence[Optional[str]]] = None) -> list[SentencePair]:
    """Pair gold and system sentences (see the module docstring)."""
    g, s = list(gold_texts), list(system_texts)
    if _usable_ids(gold_ids, len(g)) and _usable_ids(system_ids, len(s)):
        return _by_ids(g, s, list(gold_ids), list(system_ids))  # type: ignore[arg-type]
    if len(g) == len(s) and all(a == b and a is not None for a, b in zip(g, s)):
        return [SentencePair((i,), (i,), "same") for i in range(len(g))]
    pairs: list[SentencePair] = []
    # common prefix / suffix
    lo = 0
    while lo < len(g) and lo < len(s) and g[lo] is not None and g[lo] == s[lo]:
        lo += 1
    hi_g, hi_s = len(g), len(s)
    while hi_g > lo and hi_s > lo and g[hi_g - 1] is not None and g[hi_g - 1] == s[hi_s - 1]:
        hi_g -= 1
        hi_s -= 1
    pairs.extend(SentencePair((i,), (i,), "same") for i in range(lo))
    anchors = _anchors(g, s, lo, hi_g, lo, hi_s)
    gi, si = lo, lo
    for ag, as_ in anchors:
        pairs.extend(_walk_gap(g, s, gi, ag, si, as_))
        pairs.append(SentencePair((ag,), (as_,), "same"))
        gi, si = ag + 1, as_ + 1
    pairs.extend(_walk_gap(g, s, gi, hi_g, si, hi_s))
    pairs.extend(SentencePair((hi_g + k,), (hi_s + k,), "same") for k in range(len(g) - hi_g))
    return pairs


# -- by id ----------------------------------------------------------------------------------

def _usable_ids(ids: Optional[Sequence[Optional[str]]], n: int) -> bool:
    if ids is None or len(ids) != n or n == 0:
        return False
    return all(ids) and len(set(ids)) == n


def _by_ids(g: Sequence[Optional[str]], s: Sequence[Optional[str]], gold_ids: Sequence[Optional[str]],
            system_ids: Sequence[Optional[str]]) -> list[SentencePair]:
    where = {sid: j for j, sid in enumerate(system_ids)}
    used = [False] * len(s)
    for gid in gold_ids:          # claimed by some gold sentence: never extra
        if gid in where:
            used[where[gid]] = True
    pairs: list[SentencePair] = []
    next_sys = 0

    def flush_extra(upto: int) -> None:
        nonlocal next_sys
        while next_sys < upto:
            if not used[next_sys]:
                used[next_sys] = True
                pairs.append(SentencePair((), (next_sys,), "extra"))
            next_sys += 1

    for i, gid in enumerate(gold_ids):
        j = where.get(gid)
        if j is None:
            pairs.append(SentencePair((i,), (), "missing"))
            continue
        if j >= next_sys:
            flush_extra(j)
            next_sys = j + 1
        kind = "same" if g[i] is not None and g[i] == s[j] else "changed"
        pairs.append(SentencePair((i,), (j,), kind))
    flush_extra(len(s))
    return pairs


# -- anchors ----------------------------------------------------------------------------------

def _anchors(g: Sequence[Optional[str]], s: Sequence[Optional[str]], g0: int, g1: int, s0: int, s1: int) -> list[tuple[int, int]]:
    """Unique-on-both-sides texts in [g0, g1) x [s0, s1), longest increasing run of them."""
    count_g: dict[Optional[str], int] = {}   # keyed by non-empty texts only
    for i in range(g0, g1):
        if g[i]:
            count_g[g[i]] = count_g.get(g[i], 0) + 1
    count_s: dict[Optional[str], int] = {}
    pos_s: dict[Optional[str], int] = {}
    for j in range(s0, s1):
        t = s[j]
        if t and count_g.get(t) == 1:
            count_s[t] = count_s.get(t, 0) + 1
            pos_s[t] = j
    candidates = [(i, pos_s[g[i]]) for i in range(g0, g1)
                  if g[i] and count_g.get(g[i]) == 1 and count_s.get(g[i]) == 1]
    return _longest_increasing(candidates)


def _longest_increasing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Longest subsequence of `pairs` (sorted by gold index) with increasing system index."""
    tails: list[int] = []          # system index at the end of the best run of each length
    tail_at: list[int] = []        # position in `pairs` of that end
    back = [-1] * len(pairs)
    for k, (_, j) in enumerate(pairs):
        pos = bisect.bisect_left(tails, j)
        if pos == len(tails):
            tails.append(j)
            tail_at.append(k)
        else:
            tails[pos], tail_at[pos] = j, k
        back[k] = tail_at[pos - 1] if pos else -1
    run: list[tuple[int, int]] = []
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        run.append(pairs[k])
        k = back[k]
    return run[::-1]


# -- gaps -------------------------------------------------------------------------------------

def _walk_gap(g: Sequence[Optional[str]], s: Sequence[Optional[str]], i: int, gi_end: int, j: int, sj_end: int) -> list[SentencePair]:
    pairs: list[SentencePair] = []
    while i < gi_end and j < sj_end:
        a, b = g[i], s[j]
        if a is not None and a == b:
            pairs.append(SentencePair((i,), (j,), "same"))
            i, j = i + 1, j + 1
            continue
        group = _group(g, s, i, gi_end, j, sj_end)
        if group is not None:
            n, m = group
            kind = "joined" if n > 1 else "split"
            pairs.append(SentencePair(tuple(range(i, i + n)), tuple(range(j, j + m)), kind))
            i, j = i + n, j + m
            continue
        skip = _resync(g, s, i, gi_end, j, sj_end)
        if skip is not None:
            side, k = skip
            if side == "gold":
                pairs.extend(SentencePair((i + d,), (), "missing") for d in range(k))
                i += k
            else:
                pairs.extend(SentencePair((), (j + d,), "extra") for d in range(k))
                j += k
            continue
        pairs.append(SentencePair((i,), (j,), "changed"))
        i, j = i + 1, j + 1
    pairs.extend(SentencePair((k,), (), "missing") for k in range(i, gi_end))
    pairs.extend(SentencePair((), (k,), "extra") for k in range(j, sj_end))
    return pairs


def _group(g: Sequence[Optional[str]], s: Sequence[Optional[str]], i: int, gi_end: int, j: int, sj_end: int) -> Optional[tuple[int, int]]:
    """(n gold, m system) sentences from (i, j) whose concatenations are equal, n + m > 2."""
    a, b = g[i], s[j]
    if not a or not b or not (a.startswith(b) or b.startswith(a)):
        return None
    left, right = a, b
    n = m = 1
    while left != right:
        if len(left) < len(right):
            if not right.startswith(left) or i + n >= gi_end or n >= MAX_GROUP or not g[i + n]:
                return None
            left += cast(str, g[i + n])   # checked non-empty above
            n += 1
        else:
            if not left.startswith(right) or j + m >= sj_end or m >= MAX_GROUP or not s[j + m]:
                return None
            right += cast(str, s[j + m])
            m += 1
    return (n, m) if n + m > 2 else None


def _resync(g: Sequence[Optional[str]], s: Sequence[Optional[str]], i: int, gi_end: int, j: int, sj_end: int) -> Optional[tuple[str, int]]:
    """Gold sentences dropped by the system (("gold", k)) or system sentences that are not
    in gold (("system", k)), judged by the next few sentences; None when nothing fits."""
    a, b = g[i], s[j]
    remaining_g, remaining_s = gi_end - i, sj_end - j
    for k in range(1, LOOKAHEAD + 1):
        # gold i .. i+k-1 dropped: system j continues with gold i+k
        if k < remaining_g and b and g[i + k] == b and _continues(g, s, i + k, gi_end, j, sj_end):
            return "gold", k
        if k < remaining_s and a and s[j + k] == a and _continues(g, s, i, gi_end, j + k, sj_end):
            return "system", k
    return None


def _continues(g: Sequence[Optional[str]], s: Sequence[Optional[str]], i: int, gi_end: int, j: int, sj_end: int) -> bool:
    """The pair after (i, j) agrees too, or one of the sides ends there."""
    if i + 1 >= gi_end or j + 1 >= sj_end:
        return True
    return g[i + 1] == s[j + 1] or g[i + 1] is None or s[j + 1] is None


def excerpt(text: str | None, limit: int = 40) -> str:
    """A bounded excerpt of a sentence text for messages."""
    if text is None:
        return "(unreadable)"
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def first_difference(a: str, b: str) -> int:
    """0-based index of the first character where `a` and `b` differ."""
    n = min(len(a), len(b))
    k = 0
    while k < n and a[k] == b[k]:
        k += 1
    return k


def text_mismatch(gold_text: str, system_text: str) -> str:
    """The message for a pair whose characters differ, naming both texts (bounded)."""
    k = first_difference(gold_text, system_text)
    lo = max(0, k - 10)

    def cut(t: str) -> str:
        body = t[lo:lo + 40]
        return ("..." if lo else "") + body + ("..." if lo + 40 < len(t) else "")
    return (f"different text: gold {cut(gold_text)!r} vs system {cut(system_text)!r} "
            f"(first difference at character {k + 1}; gold has {len(gold_text)} characters, "
            f"system {len(system_text)})")
