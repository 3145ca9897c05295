"""Task 2-1 event recognition of ParsEval-2010 (seed 000 §4): is a gold event construction
recognised in the system tree?

A construction is correct iff both conditions of the paper hold:

1. every chunk has a corresponding element in the system tree, in the same left-to-right
   order (automatic: chunks are disjoint and ordered): a single-word chunk's word has the
   gold POS; a multi-word chunk has a system constituent with the same boundaries, the same
   syntactic tag (`Label.category`) and the same head words.  Head words are how tcompare
   compares "head positions": the chunk marks its head words with ``-@``; a system
   constituent's head positions (`Label.heads`, from ``vp-1`` / PKU ``!`` / ``-@`` marks) are
   followed down to words (a head child that is a phrase contributes its own head words).
2. the lowest node of the system tree containing all those elements starts where the
   construction starts or ends where it ends.  The construction spans from its first
   chunk's first word to its last chunk's last word (context words outside chunks do not
   widen it).  With one chunk, condition 2 holds trivially.

Positions are compared as character offsets, so the test is independent of how the two
trees number their words.  Micro-R = correct / gold constructions; Macro-R = mean over the
target verbs (the head word form of each ``-Tgt`` chunk) of each verb's recall.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcompare.formats.eventbank import Construction
from tcompare.model.tree import Node, Token, Tree


@dataclass(slots=True)
class EventVerdict:
    construction: Construction
    correct: bool
    reason: str            # "" when correct, else what failed
    start: int = -1        # token span of the construction in the gold sentence
    end: int = -1


def head_positions(node: Node) -> tuple[int, ...]:
    """The node's head children: its label's positions, else children marked as heads."""
    if node.label.heads:
        return tuple(h for h in node.label.heads if 0 <= h < len(node.children))
    return tuple(i for i, c in enumerate(node.children)
                 if (c.is_head if isinstance(c, Token) else c.label.is_head))


def lexical_heads(node: Node) -> frozenset[int]:
    """Token indices of the node's head words (head positions followed down to words)."""
    result: set[int] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        for h in head_positions(current):
            child = current.children[h]
            if isinstance(child, Token):
                result.add(child.index)
            else:
                stack.append(child)
    return frozenset(result)


def locate(construction: Construction, gold: Tree) -> int | None:
    """Token offset of the construction in the gold sentence (its @k, else first match)."""
    forms = [w.form for w in construction.words]
    words = gold.words
    n = len(forms)
    candidates = [construction.offset] if construction.offset is not None else range(len(words) - n + 1)
    for k in candidates:
        if 0 <= k and k + n <= len(words) and words[k:k + n] == forms:
            return k
    return None


class _SystemIndex:
    """Lookups on the system tree by character span."""

    def __init__(self, system: Tree):
        self.tree = system
        self.token_at = {(t.char_start, t.char_end): t for t in system.tokens}
        self.nodes_at: dict[tuple[int, int], list[Node]] = {}
        for node in system.nodes():
            if node.end > node.start:
                self.nodes_at.setdefault(system.char_span(node), []).append(node)

    def head_chars(self, node: Node) -> frozenset[tuple[int, int]]:
        tokens = self.tree.tokens
        return frozenset((tokens[i].char_start, tokens[i].char_end) for i in lexical_heads(node))

    def lowest_cover(self, start: int, end: int) -> tuple[int, int] | None:
        best = None
        for node in self.tree.nodes():
            s, e = self.tree.char_span(node)
            if s <= start and end <= e and (best is None or e - s <= best[1] - best[0]):
                best = (s, e)
        return best


def judge(constructions: list[Construction], gold: Tree, system: Tree) -> list[EventVerdict]:
    """Verdicts for the gold constructions of one sentence."""
    verdicts = []
    index = _SystemIndex(system) if system.root is not None else None
    for cons in constructions:
        k = locate(cons, gold)
        if k is None:
            verdicts.append(EventVerdict(cons, False, "construction words not found in the gold sentence"))
            continue
        first, last = k + cons.span[0], k + cons.span[1]
        verdict = EventVerdict(cons, True, "", first, last)
        verdicts.append(verdict)
        if index is None:
            verdict.correct, verdict.reason = False, "no system tree"
            continue
        tokens = gold.tokens
        spans = []
        for chunk in cons.chunks:
            a, b = k + chunk.start, k + chunk.end
            chars = (tokens[a].char_start, tokens[b - 1].char_end)
            if b - a == 1:
                tok = index.token_at.get(chars)
                if tok is None or tok.pos != cons.words[chunk.start].pos:
                    verdict.correct = False
                    verdict.reason = f"chunk {chunk.role}-{chunk.tag}: POS of {tokens[a].form} differs"
                    break
            else:
                heads = frozenset((tokens[k + h].char_start, tokens[k + h].char_end) for h in chunk.heads)
                found = [n for n in index.nodes_at.get(chars, ())
                         if n.label.category == chunk.tag and index.head_chars(n) == heads]
                if not found:
                    verdict.correct = False
                    verdict.reason = (f"chunk {chunk.role}-{chunk.tag}: no system constituent with "
                                      f"these boundaries, tag and heads")
                    break
            spans.append(chars)
        if not verdict.correct or len(spans) < 2:
            continue
        start, end = spans[0][0], spans[-1][1]
        cover = index.lowest_cover(start, end)
        if cover is None or (cover[0] != start and cover[1] != end):
            verdict.correct = False
            verdict.reason = "the chunks' lowest common ancestor shares no boundary with the construction"
    return verdicts
