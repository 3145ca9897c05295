"""Is a parse a valid tree?  The reasons a system parse is not one, and the structural
repairs the *repaired* policy makes (issue 31 item 3; docs/llm-output.md).

Reasons (`REASONS`), each counted once per sentence:

* ``empty`` -- the answer holds nothing;
* ``unparsable`` -- no tree could be read from it (no bracket with a word, no CoNLL row);
* ``unbalanced`` -- brackets do not balance (the reader closed or dropped some);
* ``several_roots`` -- several top-level trees, or several words with HEAD 0;
* ``cycle`` -- following HEADs from some word comes back to it;
* ``bad_head`` -- a HEAD that is no number or names no word of the sentence, or IDs that
  are not 1..n in order.

``empty`` and ``unparsable`` leave nothing to score under either policy; the others are
repaired (`repair_structure`, and the reader for brackets) with each repair listed.
"""

from __future__ import annotations

from typing import Any, Sequence

from tcompare.model.deps import DepSentence, DepToken

REASONS = ("empty", "unparsable", "unbalanced", "several_roots", "cycle", "bad_head")
UNREPAIRABLE = frozenset({"empty", "unparsable"})


def reasons(item: Any, read_faults: Sequence[str]) -> list[str]:
    """Why `item` (a Tree or DepSentence read leniently, or None) is not a valid parse: the
    reader's faults plus the dependency checks, in `REASONS` order."""
    found = set(read_faults)
    if isinstance(item, DepSentence) and item.words:
        heads, bad = dependency_heads(item)
        if bad:
            found.add("bad_head")
        if sum(1 for h in heads if h == 0) > 1:
            found.add("several_roots")
        if cycles(heads):
            found.add("cycle")
    elif item is None and not found:
        found.add("unparsable")
    return [r for r in REASONS if r in found]


def dependency_heads(sentence: DepSentence) -> tuple[list[int], list[tuple[int, str]]]:
    """Heads by position (0 = root, k = word k counted from 1, -1 = unusable) and the problems
    found as (word or 0, words).  Words are taken in order; their IDs should be 1..n."""
    words = sentence.words
    problems: list[tuple[int, str]] = []
    ids = [w.id for w in words]
    if ids != [str(k) for k in range(1, len(words) + 1)]:
        problems.append((0, "IDs are not 1..n in order"))
    where: dict[str, int] = {}
    for k, ident in enumerate(ids, 1):
        where.setdefault(ident, k)
    heads: list[int] = []
    for k, w in enumerate(words, 1):
        h = w.head.strip()
        if h == "0":
            heads.append(0)
        elif h in where and where[h] != k:
            heads.append(where[h])
        else:
            heads.append(-1)
            what = "is its own head" if where.get(h) == k else (
                "names no word" if h.isdigit() else "is no number")
            problems.append((k, f"word {k} {w.form!r}: HEAD {h!r} {what}"))
    return heads, problems


def cycles(heads: Sequence[int]) -> list[list[int]]:
    """The cycles of the head relation (1-based word numbers; heads as `dependency_heads`
    gives them), each once, from its smallest word."""
    n = len(heads)
    state = [0] * (n + 1)     # 0 unseen, 1 on the current path, 2 done
    found: list[list[int]] = []
    for start in range(1, n + 1):
        path: list[int] = []
        k = start
        while 1 <= k <= n and state[k] == 0:
            state[k] = 1
            path.append(k)
            k = heads[k - 1]
        if 1 <= k <= n and state[k] == 1:
            loop = path[path.index(k):]
            low = loop.index(min(loop))
            found.append(loop[low:] + loop[:low])
        for p in path:
            state[p] = 2
    return found


def repair_structure(sentence: DepSentence) -> tuple[DepSentence, list[str]]:
    """A copy of `sentence` that is one tree: words numbered 1..n, an unusable HEAD attached to
    the root word, extra roots attached to the first root, each cycle broken at its smallest
    word (attached to the root word, or made the root when there is none)."""
    heads, problems = dependency_heads(sentence)
    repairs = ["IDs renumbered: 1..n in order" for k, _ in problems if k == 0]
    words = sentence.words
    roots = [k for k, h in enumerate(heads, 1) if h == 0]
    root = roots[0] if roots else 0
    for k in roots[1:]:
        heads[k - 1] = root
        repairs.append(f"second root attached: word {k} {words[k - 1].form!r} to word {root}")
    for k, h in enumerate(heads, 1):
        if h == -1:
            if root:
                heads[k - 1] = root
            else:
                heads[k - 1], root = 0, k
    for loop in cycles(heads):
        k = loop[0]
        if root:
            heads[k - 1] = root
            repairs.append(f"cycle broken: {'-'.join(map(str, loop))} at word {k}, attached to word {root}")
        else:
            heads[k - 1], root = 0, k
            repairs.append(f"cycle broken: {'-'.join(map(str, loop))} at word {k}, made the root")
    for k, text in problems:
        if k:
            repairs.append(f"head repaired: {text}, " + (f"attached to word {heads[k - 1]}"
                                                         if heads[k - 1] else "made the root"))
    rows = [DepToken(str(k), w.form, w.lemma, w.cpostag, w.postag, w.feats, str(h), w.deprel,
                     "_", w.pdeprel) for k, (w, h) in enumerate(zip(words, heads), 1)]
    return DepSentence(rows, list(sentence.comments), dict(sentence.meta)), repairs
