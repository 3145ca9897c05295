"""The item comparisons behind "suspicious gold" (`tcompare suspects`, analysis/suspects.py).

It lives in scoring because it decides when two annotations of an item agree (house rule).

Systems against gold (`dependency_votes`, `bracket_votes`)
----------------------------------------------------------
For each gold item, the systems that read the sentence with the same words vote.  A vote
against gold is kept when at least `min_agree` systems propose the SAME other value:

* dependencies, per word: HEAD, DEPREL and UPOS separately;
* constituency, per bracket ``(category, start, end)`` over the words without ``-NONE-``
  traces (function tags, co-indices and the TOP/ROOT wrapper left out, as EVALB does): a
  gold bracket that `min_agree` systems lack, a bracket that `min_agree` systems have and
  gold lacks; per word: POS.

Variation nuclei (`variation_nuclei`), after Dickinson & Meurers (2003)
----------------------------------------------------------------------
The same word string annotated differently elsewhere in the corpus.  Every occurrence is
keyed by its words AND one word of context on each side (sentence edges are ``<s>`` and
``</s>``): D&M's "non-fringe" heuristic, so the variation is not explained by the context.

* ``bracket``: a string of 1..`max_len` words that is a constituent somewhere; each
  occurrence is labelled with the categories of the nodes spanning exactly it (top-down,
  ``NP+NN``... joined by ``+``) or ``NIL`` when no node spans it;
* ``arc``: the two end words of a string of 2..`max_len` words joined by an arc somewhere
  (Boyd, Dickinson & Meurers 2008's dependency nuclei); each occurrence labelled
  ``>deprel`` (the first word heads the last), ``<deprel`` (the reverse) or ``NIL``;
* ``pos``: a word in its context; each occurrence labelled with its tag.

A nucleus is a key with more than one label among its occurrences.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable, NamedTuple, Sequence

from tcompare.model.tree import Tree

ROOT_LABELS = frozenset({"", "TOP", "ROOT", "VROOT"})
DEP_VOTE_FIELDS = (("HEAD", 6), ("DEPREL", 7), ("UPOS", 3))
NIL = "NIL"
START, END = "<s>", "</s>"


class Vote(NamedTuple):
    """Systems agreeing against gold on one item.  `start`/`end`: the item's words (a word
    k is ``(k, k + 1)``); `gold` / `proposed`: the values ("" for a bracket that is absent)."""

    field: str
    start: int
    end: int
    gold: str
    proposed: str
    agreeing: int
    voters: int


class Occurrence(NamedTuple):
    sentence: int
    start: int
    end: int
    label: str


class Nucleus(NamedTuple):
    """A word string (with its context) annotated in more than one way."""

    kind: str                      # "bracket", "arc" or "pos"
    words: tuple[str, ...]
    context: tuple[str, str]
    occurrences: tuple[Occurrence, ...]

    def labels(self) -> Counter[str]:
        return Counter(o.label for o in self.occurrences)


def default_min_agree(systems: int) -> int:
    """"Several systems agree": at least 2 (1 with one system) and at least half of them."""
    if systems <= 1:
        return systems
    return min(systems, max(2, (systems + 1) // 2))


# -- systems against gold ---------------------------------------------------------------------

def can_vote(gold: Any, system: Any) -> bool:
    """Whether a system's reading of a sentence votes on gold's items: the same words (a
    `Tree`: its words without traces; a dependency sentence or rows: as many words)."""
    if isinstance(gold, Tree):
        return isinstance(system, Tree) and [w for w, _ in plain_words(system)] == \
            [w for w, _ in plain_words(gold)]
    return not isinstance(system, Tree) and len(system.words) == len(gold.words)


def _proposals(gold: str, values: Iterable[str]) -> tuple[str, int] | None:
    counts = Counter(v for v in values if v != gold)
    if not counts:
        return None
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def dependency_votes(gold: Sequence[Sequence[str]], systems: Sequence[Sequence[Sequence[str]]],
                     min_agree: int) -> list[Vote]:
    """Votes against gold's words (rows of 10 columns); a system whose number of words
    differs from gold's does not vote on this sentence."""
    voters = [s for s in systems if len(s) == len(gold)]
    if not voters or min_agree < 1:
        return []
    votes = []
    for k, row in enumerate(gold):
        for name, c in DEP_VOTE_FIELDS:
            best = _proposals(row[c], (s[k][c] for s in voters))
            if best is not None and best[1] >= min_agree:
                votes.append(Vote(name, k, k + 1, row[c], best[0], best[1], len(voters)))
    return votes


def plain_words(tree: Tree) -> list[tuple[str, str]]:
    """(form, POS) of the words that are not ``-NONE-`` traces."""
    return [(t.form, t.pos) for t in tree.tokens if t.pos != "-NONE-"]


def plain_brackets(tree: Tree) -> list[tuple[str, int, int]]:
    """``(category, start, end)`` over the words without traces, in preorder; nodes over
    traces only and the TOP/ROOT wrapper are left out."""
    if tree.root is None:
        return []
    position = []
    n = 0
    for t in tree.tokens:
        position.append(n)
        if t.pos != "-NONE-":
            n += 1
    position.append(n)
    out = []
    for node in tree.nodes():
        start, end = position[node.start], position[node.end]
        category = node.label.category or node.label.raw
        if end > start and not (node is tree.root and category in ROOT_LABELS):
            out.append((category, start, end))
    return out


def bracket_votes(gold: Tree, systems: Sequence[Tree], min_agree: int) -> list[Vote]:
    """Votes against gold's brackets and POS tags; a system whose words differ from gold's
    does not vote on this sentence."""
    words = [w for w, _ in plain_words(gold)]
    voters = [s for s in systems if [w for w, _ in plain_words(s)] == words]
    if not voters or min_agree < 1:
        return []
    votes: list[Vote] = []
    gold_set = Counter(plain_brackets(gold))
    sets = [Counter(plain_brackets(s)) for s in voters]
    for b, n in gold_set.items():
        lacking = sum(1 for s in sets if s[b] < n)
        if lacking >= min_agree:
            votes.append(Vote("bracket", b[1], b[2], b[0], "", lacking, len(voters)))
    extra: Counter[tuple[str, int, int]] = Counter()
    for s in sets:
        for b, n in s.items():
            if n > gold_set[b]:
                extra[b] += 1
    for b, having in sorted(extra.items(), key=lambda kv: (kv[0][1], -kv[0][2], kv[0][0])):
        if having >= min_agree:
            votes.append(Vote("bracket", b[1], b[2], "", b[0], having, len(voters)))
    tags = [[p for _, p in plain_words(s)] for s in voters]
    for k, (_, pos) in enumerate(plain_words(gold)):
        best = _proposals(pos, (t[k] for t in tags))
        if best is not None and best[1] >= min_agree:
            votes.append(Vote("POS", k, k + 1, pos, best[0], best[1], len(voters)))
    return votes


# -- variation nuclei -------------------------------------------------------------------------

class Annotated(NamedTuple):
    """What `variation_nuclei` reads of one sentence: its words, its tags, its labelled
    spans ``(start, end) -> label`` (brackets: the category chain; arcs: ``>rel``/``<rel``
    on the two end words' span)."""

    words: Sequence[str]
    tags: Sequence[str]
    spans: dict[tuple[int, int], str]


def tree_annotated(tree: Tree) -> Annotated:
    words = plain_words(tree)
    spans: dict[tuple[int, int], str] = {}
    for category, s, e in plain_brackets(tree):
        spans[(s, e)] = spans[(s, e)] + "+" + category if (s, e) in spans else category
    return Annotated([w for w, _ in words], [p for _, p in words], spans)


def dependency_annotated(rows: Sequence[Sequence[str]]) -> Annotated:
    spans: dict[tuple[int, int], str] = {}
    # one string per distinct tag and label (10^6 words repeat them; the table is bounded)
    one = _ONE.setdefault if len(_ONE) < 200_000 else _same
    for k, row in enumerate(rows):
        if not row[6].isdigit() or row[6] == "0":
            continue
        h = int(row[6]) - 1
        if h < k:
            label = ">" + row[7]
            spans[(h, k + 1)] = one(label, label)
        elif h > k:
            label = "<" + row[7]
            spans[(k, h + 1)] = one(label, label)
    return Annotated([r[1] for r in rows], [one(r[3], r[3]) for r in rows], spans)


_ONE: dict[str, str] = {}


def _same(key: str, value: str) -> str:
    return value


def variation_nuclei(sentences: Sequence[Annotated | None], kind: str, max_len: int = 6
                     ) -> list[Nucleus]:
    """The nuclei of `kind` (``bracket``, ``arc`` or ``pos``) in a corpus (None: a sentence
    that could not be read), in order of first occurrence.

    Two passes over the occurrences (their labels per key, then the occurrences of the keys
    with several labels only), each looking a key up only where its context word and first
    word begin one: a 10^6-word corpus keeps no occurrence that is not a nucleus's."""
    shortest = 2 if kind == "arc" else 1
    longest = 1 if kind == "pos" else max_len
    keys: set[tuple[str, ...]] = set()
    sizes_at: dict[tuple[str, str], set[int]] = defaultdict(set)   # (left, first) -> sizes
    for a in sentences:
        if a is None:
            continue
        spans = [(k, k + 1) for k in range(len(a.words))] if kind == "pos" else a.spans
        for (s, e) in spans:
            if shortest <= e - s <= longest:
                key = _key(a.words, s, e)
                keys.add(key)
                sizes_at[(key[0], key[1])].add(e - s)

    def occurrences() -> Iterable[tuple[int, int, int, tuple[str, ...], str]]:
        for index, a in enumerate(sentences):
            if a is None:
                continue
            words, n = a.words, len(a.words)
            for s in range(n):
                sizes = sizes_at.get((words[s - 1] if s else START, words[s]))
                if not sizes:
                    continue
                for size in sizes:
                    if s + size <= n:
                        key = _key(words, s, s + size)
                        if key in keys:
                            label = a.tags[s] if kind == "pos" else a.spans.get((s, s + size), NIL)
                            yield index, s, s + size, key, label

    labels: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for _, _, _, key, label in occurrences():
        labels[key].add(label)
    varied = {key for key, seen in labels.items() if len(seen) > 1}
    del labels
    found: dict[tuple[str, ...], list[Occurrence]] = defaultdict(list)
    for index, s, e, key, label in occurrences():
        if key in varied:
            found[key].append(Occurrence(index, s, e, label))
    for occ in found.values():
        occ.sort()
    nuclei = [Nucleus(kind, key[1:-1], (key[0], key[-1]), tuple(occ)) for key, occ in found.items()]
    nuclei.sort(key=lambda n: (n.occurrences[0].sentence, n.occurrences[0].start, len(n.words)))
    return nuclei


def _key(words: Sequence[str], s: int, e: int) -> tuple[str, ...]:
    left = words[s - 1] if s else START
    right = words[e] if e < len(words) else END
    return (left, *words[s:e], right)
