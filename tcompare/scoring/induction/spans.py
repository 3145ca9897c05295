"""The spans an unsupervised-parsing evaluation compares, and its two averages.

A span is the set of (kept) word positions a node covers -- for the continuous trees induction
papers use, a ``(start, end)`` range.  `Rules` say which words and spans count:

* ``punctuation``: ``keep`` every word, or ``drop`` the words whose GOLD tag is a punctuation /
  symbol tag (the PTB tags outside Shen et al.'s ``word_tags``: ``. , : `` '' -LRB- -RRB- # $``
  and ``-NONE-``) from both trees, the rest renumbered;
* ``whole``: ``keep`` the whole-sentence span, ``drop`` it (every node covering all kept
  words: Shen et al.'s trees collapse unary chains, so none is left), or ``drop-root`` (only the
  root's occurrence: compound-pcfg's ``spans[:-1]``; a unary child of the root spanning the same
  words keeps it in the set);
* ``single``: ``keep`` or ``drop`` one-word spans (kept: every kept word is a span, the
  trivially right constituent Klein & Manning set aside, as is a phrase over one word);
* ``min_words`` / ``max_words``: sentences (counted in gold kept words) outside are skipped.

Spans are sets: several nodes over the same words count once, as both scripts do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

from tcompare.model.tree import Node, Token, Tree

PUNCTUATION_TAGS = frozenset({".", ",", ":", "``", "''", "-LRB-", "-RRB-", "#", "$", "-NONE-"})

Span = tuple[int, ...]


@dataclass(frozen=True)
class Rules:
    punctuation: str = "keep"           # keep | drop
    whole: str = "drop"                 # keep | drop | drop-root
    single: str = "drop"                # keep | drop
    min_words: int = 0
    max_words: int | None = None
    punctuation_tags: frozenset[str] = PUNCTUATION_TAGS


def dropped(gold: Tree, rules: Rules) -> frozenset[int]:
    """Positions removed from both trees (decided on the gold tags)."""
    if rules.punctuation != "drop":
        return frozenset()
    return frozenset(t.index for t in gold.tokens if t.pos in rules.punctuation_tags)


def node_spans(tree: Tree, drop: Collection[int], rules: Rules
               ) -> tuple[dict[Span, tuple[str, int]], dict[int, str]]:
    """(counted span -> where it comes from: ``("node", id)`` of the first node (preorder)
    with it, or ``("word", index)`` for a one-word span of a word; {node id: why it is not
    counted} for the other nodes)."""
    if tree.root is None:
        return {}, {}
    kept = sorted(t.index for t in tree.tokens if t.index not in drop)
    rank = {p: i for i, p in enumerate(kept)}
    whole: Span = tuple(range(len(kept)))
    counted: dict[Span, tuple[str, int]] = {}
    ignored: dict[int, str] = {}
    for node in tree.nodes():
        span = tuple(sorted(rank[t.index] for t in _tokens(node) if t.index in rank))
        if not span:
            ignored[node.id] = "no word kept"
        elif len(span) == 1 and rules.single == "drop":
            ignored[node.id] = "one-word span"
        elif span == whole and (rules.whole == "drop" or (rules.whole == "drop-root" and node is tree.root)):
            ignored[node.id] = "whole-sentence span"
        elif span in counted:
            ignored[node.id] = "same words as another node"
        else:
            counted[span] = ("node", node.id)
    if rules.single == "keep":
        for position in kept:
            span = (rank[position],)
            if span != whole or rules.whole == "keep":
                counted.setdefault(span, ("word", position))
    return counted, ignored


def _tokens(node: Node) -> list[Token]:
    out: list[Token] = []
    stack: list[Node | Token] = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, Token):
            out.append(x)
        else:
            stack.extend(x.children)
    return out


def prpn_sentence_f1(matched: int, gold: int, system: int) -> float:
    """The sentence F1 of Shen et al.'s test_phrase_grammar.py (PRPN, Ordered Neurons; also
    compound-pcfg's "Sentence F1"), float for float: 1e-8 in the denominators, recall 1 when
    the gold tree has no span, precision 1 when neither has one."""
    prec = float(matched) / (system + 1e-8)
    reca = float(matched) / (gold + 1e-8)
    if gold == 0:
        reca = 1.0
        if system == 0:
            prec = 1.0
    return 2 * prec * reca / (prec + reca + 1e-8)


def corpus_f1(matched: int, gold: int, system: int) -> float | None:
    """compound-pcfg's "Corpus F1" (percent), float for float; None where the script
    divides by zero (no system span or no gold span at all)."""
    tp, fp, fn = float(matched), float(system - matched), float(gold - matched)
    if tp + fp == 0 or tp + fn == 0:
        return None
    prec = tp / (tp + fp)
    recall = tp / (tp + fn)
    return (2 * prec * recall / (prec + recall) if prec + recall > 0 else 0.0) * 100


def numpy_mean(values: list[float]) -> float | None:
    """The mean as ``numpy.mean`` computes it (its pairwise summation), so a script's printed
    figure is reproduced to the last digit; None for no values."""
    if not values:
        return None
    return _pairwise(values, 0, len(values)) / len(values)


def _pairwise(a: list[float], lo: int, n: int) -> float:
    # numpy's pairwise_sum: 8 running sums in blocks of up to 128, halves above that
    if n < 8:
        s = -0.0
        for i in range(lo, lo + n):
            s += a[i]
        return s
    if n <= 128:
        r = a[lo:lo + 8]
        i = 8
        while i < n - n % 8:
            for k in range(8):
                r[k] += a[lo + i + k]
            i += 8
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        while i < n:
            res += a[lo + i]
            i += 1
        return res
    half = n // 2
    half -= half % 8
    return _pairwise(a, lo, half) + _pairwise(a, lo + half, n - half)
