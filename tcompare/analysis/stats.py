"""Corpus statistics like the campaigns' data tables (CoNLL-X Table 1, ParsEval-2012 Tables
1-2): `corpus_stats(corpus)` for any notation.

* every notation: sentences (and how many could not be read), tokens, tokens per sentence,
  the share of scoring tokens (not punctuation: a POS in `PUNCT_TAGS`, or -- CoNLL, as
  eval.pl decides -- a form of Unicode punctuation only), the POS tags and their shares;
* constituency: phrase labels (categories) and their shares, phrases per sentence, unary
  chains (a phrase whose only child is a phrase), tree depth (mean, max);
* dependency: relations and their shares, non-projective arcs (crossing another arc, the
  root's arc included) and sentences, root words per sentence, word depth below the root
  (mean, max), arc length between two words (mean).

No Qt; `tcompare stats` prints it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Tree
from tcompare.scoring.conllx.profile import head_int, is_uni_punct
from tcompare.scoring.items import crossing_flags

# PTB, TCT, Sinica and CTB punctuation tags (EVALB's COLLINS.prm deletes the PTB ones)
PUNCT_TAGS = frozenset({",", ":", "``", "''", ".", "-LRB-", "-RRB-", "#", "$", "PU", "w", "wP",
                        "wD", "wE", "wS", "wU", "wY", "wW", "wM", "wJ", "wL", "wR", "wH",
                        "wN", "wT", "PUNCT", "COLONCATEGORY", "COMMACATEGORY",
                        "PERIODCATEGORY", "PARENTHESISCATEGORY", "DASHCATEGORY",
                        "ETCCATEGORY", "EXCLANATIONCATEGORY", "QUESTIONCATEGORY",
                        "SEMICOLONCATEGORY", "PAUSECATEGORY", "SPCHANGECATEGORY"})


@dataclass
class Stats:
    path: str
    notation: str
    kind: str
    sentences: int = 0
    unreadable: int = 0
    tokens: int = 0
    scoring_tokens: int = 0
    pos: Counter[str] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)    # phrase categories / relations
    phrases: int = 0
    unary_chains: int = 0
    depths: list[int] = field(default_factory=list)          # per sentence (tree) or arc
    non_projective_arcs: int = 0
    non_projective_sentences: int = 0
    roots: int = 0
    arc_length_total: int = 0             # over the arcs between two words
    word_arcs: int = 0
    arcs: int = 0                         # the root's arcs included

    def figures(self) -> dict[str, Any]:
        """The table: name -> value (shares in %, means with two decimals)."""
        read = self.sentences - self.unreadable
        out: dict[str, Any] = {
            "sentences": self.sentences, "unreadable sentences": self.unreadable,
            "tokens": self.tokens,
            "tokens per sentence": round(self.tokens / read, 2) if read else 0.0,
            "scoring tokens %": round(100.0 * self.scoring_tokens / self.tokens, 2)
            if self.tokens else 0.0,
        }
        if self.kind == "constituency":
            out["phrases per sentence"] = round(self.phrases / read, 2) if read else 0.0
            out["unary chains"] = self.unary_chains
        else:
            out["non-projective arcs %"] = round(100.0 * self.non_projective_arcs / self.arcs, 2) \
                if self.arcs else 0.0
            out["non-projective sentences %"] = round(100.0 * self.non_projective_sentences
                                                      / read, 2) if read else 0.0
            out["roots per sentence"] = round(self.roots / read, 2) if read else 0.0
            out["mean arc length"] = round(self.arc_length_total / self.word_arcs, 2) \
                if self.word_arcs else 0.0
        out["mean depth"] = round(sum(self.depths) / len(self.depths), 2) if self.depths else 0.0
        out["max depth"] = max(self.depths, default=0)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "notation": self.notation, "figures": self.figures(),
                "labels": dict(self.labels.most_common()), "pos": dict(self.pos.most_common())}


def corpus_stats(corpus: Corpus) -> Stats:
    kind = getattr(corpus, "kind", "") or "constituency"
    stats = Stats(corpus.path, corpus.notation, kind)
    for record in corpus.records:
        stats.sentences += 1
        item = record.item if record.error is None else None
        if item is None:
            stats.unreadable += 1
        elif isinstance(item, DepSentence):
            stats.kind = "dependency"
            _dependency(stats, item)
        elif isinstance(item, Tree):
            _constituency(stats, item)
        record.release()                  # a pass over a big file keeps only the sources
    return stats


def _constituency(stats: Stats, tree: Tree) -> None:
    for token in tree.tokens:
        stats.tokens += 1
        stats.pos[token.pos] += 1
        if token.pos not in PUNCT_TAGS:
            stats.scoring_tokens += 1
    if tree.root is None:
        return
    depth = {id(tree.root): 0}
    deepest = 0
    for node in tree.nodes():                 # preorder: a parent before its children
        d = depth.get(id(node), 0)
        deepest = max(deepest, d + 1)
        if node.label.raw:
            stats.phrases += 1
            stats.labels[node.label.category or node.label.raw] += 1
        children = node.children
        if len(children) == 1 and isinstance(children[0], Node):
            stats.unary_chains += 1
        for child in children:
            if isinstance(child, Node):
                depth[id(child)] = d + 1
    stats.depths.append(deepest)


def _dependency(stats: Stats, sentence: DepSentence) -> None:
    words = sentence.words
    heads: list[int] = []
    for w in words:
        stats.tokens += 1
        stats.pos[w.cpostag] += 1
        stats.labels[w.deprel] += 1
        if not is_uni_punct(w.form):               # eval.pl's punctuation rule
            stats.scoring_tokens += 1
        heads.append(head_int(w.head))
    n = len(heads)
    stats.roots += sum(1 for h in heads if h == 0)
    arcs = [(min(h, d), max(h, d)) for d, h in enumerate(heads, start=1) if 0 <= h <= n and h != d]
    stats.arcs += len(arcs)
    stats.arc_length_total += sum(b - a for a, b in arcs if a > 0)
    stats.word_arcs += sum(1 for a, _ in arcs if a > 0)
    flags = crossing_flags(arcs, arcs)           # O(n log n): a 10^5-word sentence too
    stats.non_projective_arcs += sum(flags)
    stats.non_projective_sentences += any(flags)
    # each word's distance from the root, memoised (a cycle or a bad head ends the walk)
    depth: dict[int, int] = {0: 0}
    for start in range(1, n + 1):
        path, at = [], start
        while at not in depth and 0 < at <= n and at not in path:
            path.append(at)
            at = heads[at - 1]
        base = depth.get(at, 0)
        for k, word in enumerate(reversed(path), start=1):
            depth[word] = base + k
        stats.depths.append(depth[start])
