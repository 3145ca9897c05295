"""Tree edit distance between two annotations of a sentence (Zhang & Shasha 1989).

The distance Skjaerholt (ACL 2014) puts into Krippendorff's alpha: the fewest node
insertions, deletions and relabellings (each costing 1) turning one ordered labelled tree
into the other.  The trees are those of his reference program (github arnsholt/syn-agreement):

* constituency (`tree_shape`): every phrase node labelled with its raw label, every word as a
  preterminal labelled with its POS over a leaf labelled with the word;
* dependency (`dep_shape`): an unlabelled root node whose children are the words headed by 0,
  every word labelled with its DEPREL, its dependents as its children in word order.

A shape is ``(labels, leftmost)`` in postorder: ``leftmost[i]`` is the postorder number of the
leftmost leaf under node i.  `size` is what the normalised distances divide by: the number of
words (plus the root node for dependency trees, as the reference program counts them).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Sequence


@dataclass(frozen=True, slots=True)
class Shape:
    labels: tuple[str, ...]
    leftmost: tuple[int, ...]
    size: int                  # |t| of the normalised distances

    @property
    def keyroots(self) -> list[int]:
        """Nodes that are not the leftmost child of their parent (the root included)."""
        seen: dict[int, int] = {}
        for i, lm in enumerate(self.leftmost):
            seen[lm] = i           # the highest node with this leftmost leaf
        return sorted(seen.values())


def postorder(root: Any, children: Any, label: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Labels and leftmost-leaf numbers of a tree in postorder (``children(x)`` lists a
    node's children in order, ``label(x)`` names it)."""
    labels: list[str] = []
    leftmost: list[int] = []
    # iterative postorder: (node, its children's leftmost so far)
    stack: list[tuple[Any, int, int]] = [(root, 0, -1)]
    while stack:
        node, i, first = stack.pop()
        kids = children(node)
        if i < len(kids):
            stack.append((node, i + 1, first))
            stack.append((kids[i], 0, -1))
            continue
        number = len(labels)
        labels.append(label(node))
        lm = number if not kids else first
        leftmost.append(lm)
        if stack:                   # tell the parent its first child's leftmost leaf
            parent, pi, pfirst = stack[-1]
            if pfirst < 0:
                stack[-1] = (parent, pi, lm)
    return tuple(labels), tuple(leftmost)


class OutOfTime(Exception):
    """`distance` passed its deadline before finishing."""


def tree_shape(tree: Any) -> Shape:
    """A constituency `Tree` as Skjaerholt's reference program reads a bracketed tree."""
    from tcompare.model.tree import Node

    if tree.root is None:
        return Shape((), (), 0)

    def children(x: Any) -> list[Any]:
        if isinstance(x, Node):
            return list(x.children)
        if isinstance(x, tuple):            # a word under its preterminal
            return []
        return [(x.form,)]                  # a Token: the preterminal, then the word

    def label(x: Any) -> str:
        if isinstance(x, Node):
            return x.label.raw
        if isinstance(x, tuple):
            return str(x[0])
        return str(x.pos)

    labels, leftmost = postorder(tree.root, children, label)
    return Shape(labels, leftmost, len(tree.tokens))


def dep_shape(sentence: Any) -> Shape:
    """A dependency sentence as a tree over its words (see the module docstring); a word
    whose head is not a word of the sentence hangs from the root (so a broken file still
    has a tree)."""
    words = sentence.words
    return _dep_shape([w.head for w in words], [w.deprel for w in words])


def dep_shape_rows(rows: Sequence[Sequence[str]]) -> Shape:
    """`dep_shape` of CoNLL word rows (columns split: HEAD is the 7th, DEPREL the 8th)."""
    return _dep_shape([r[6] for r in rows], [r[7] for r in rows])


def _dep_shape(head_column: Sequence[str], deprels: Sequence[str]) -> Shape:
    n = len(head_column)
    kids: list[list[int]] = [[] for _ in range(n + 1)]
    heads = []
    for value in head_column:
        try:
            h = int(value)
        except ValueError:
            h = 0
        heads.append(h if 0 <= h <= n else 0)
    # a cycle would make the walk endless: words on a cycle hang from the root instead
    for t in range(1, n + 1):
        seen = set()
        h = heads[t - 1]
        while h != 0 and h not in seen and h != t:
            seen.add(h)
            h = heads[h - 1]
        if h == t:
            heads[t - 1] = 0
    for t, h in enumerate(heads, start=1):
        kids[h].append(t)
    labels, leftmost = postorder(0, lambda x: kids[x],
                                  lambda x: "" if x == 0 else deprels[x - 1])
    return Shape(labels, leftmost, n + 1)


def distance(a: Shape, b: Shape, deadline: float | None = None) -> int:
    """Zhang-Shasha edit distance: insert, delete and relabel cost 1.

    deadline : a `time.monotonic()` value; past it (checked once per keyroot of `a`)
        `OutOfTime` is raised instead of a number.
    """
    if a.labels == b.labels and a.leftmost == b.leftmost:
        return 0
    na, nb = len(a.labels), len(b.labels)
    if na == 0 or nb == 0:
        return na + nb
    la, lb = a.leftmost, b.leftmost
    al, bl = a.labels, b.labels
    td = [[0] * nb for _ in range(na)]
    b_keyroots = b.keyroots
    for i in a.keyroots:
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfTime(f"tree edit distance not computed: {na} x {nb} nodes")
        li = la[i]
        rows = i - li + 2
        for j in b_keyroots:
            lj = lb[j]
            cols = j - lj + 2
            # the columns' facts, once per keyroot pair (the inner loop is the hot spot)
            whole_y = [lb[by] == lj for by in range(lj, j + 1)]
            q_of = [lb[by] - lj for by in range(lj, j + 1)]
            labels_y = bl[lj:j + 1]
            fd = [list(range(cols))]
            fd.extend([x] + [0] * (cols - 1) for x in range(1, rows))
            for x in range(1, rows):
                ax = li + x - 1
                lax = la[ax]
                prev, row = fd[x - 1], fd[x]
                label_x = al[ax]
                td_x = td[ax]
                p_row = fd[lax - li]
                if lax == li:
                    for y in range(1, cols):
                        best = prev[y] + 1
                        other = row[y - 1] + 1
                        if other < best:
                            best = other
                        if whole_y[y - 1]:
                            other = prev[y - 1] + (label_x != labels_y[y - 1])
                            if other < best:
                                best = other
                            row[y] = best
                            td_x[lj + y - 1] = best
                        else:
                            other = p_row[q_of[y - 1]] + td_x[lj + y - 1]
                            row[y] = other if other < best else best
                else:
                    for y in range(1, cols):
                        best = prev[y] + 1
                        other = row[y - 1] + 1
                        if other < best:
                            best = other
                        other = p_row[q_of[y - 1]] + td_x[lj + y - 1]
                        row[y] = other if other < best else best
    return td[na - 1][nb - 1]


def squared(kind: str, d: float, a: Shape, b: Shape) -> float:
    """Skjaerholt's three distances (his program squares them): ``plain`` d^2, ``diff``
    (d - | |a| - |b| |)^2, ``norm`` (d / (|a| + |b|))^2."""
    if kind == "plain":
        return float(d * d)
    if kind == "diff":
        return float((d - abs(a.size - b.size)) ** 2)
    if kind == "norm":
        total = a.size + b.size
        return (d / total) ** 2 if total else 0.0
    raise ValueError(f"unknown tree distance {kind!r}: plain, diff or norm")


DISTANCES = ("plain", "diff", "norm")


def shapes(items: Sequence[Any]) -> list[Shape]:
    """The shapes of N annotations of one sentence (trees or dependency sentences)."""
    return [dep_shape(x) if hasattr(x, "rows") else tree_shape(x) for x in items]
