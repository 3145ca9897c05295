"""Generated tree pairs for the secondary-score tests, written in disco-dop's notations.

A random tree groups nodes of a forest over the words until one root is left: adjacent nodes
only (continuous, written as bracket trees) or any nodes (discontinuous, written as
discbracket ``(A 0=word)``).  A system tree is the gold tree perturbed (relabel, splice a
node out, group siblings under a new node, change a tag) or an independent tree over the same
words.  Punctuation tags and words that proper.prm deletes are sprinkled in, and a few
sentences have function tags.
"""

from __future__ import annotations

import random
from typing import Any


TAGS = ["NN", "VB", "DT", "JJ", "IN", "$,", "$.", "RB", "PUNCT"]
LABELS = ["NP", "VP", "PP", "S", "AP", "CNP", "X"]
FUNCS = ["SB", "OA", "HD", "MO", "NK"]
DELETED_TAGS = {"$,", "$.", "PUNCT"}      # deleted by proper.prm (as are the words , and .)
WORDS = ["a", "b", "c", "d", ",", ".", "e", "f"]

# a node: [label, children, function]; a leaf: (tag, position, word, function)


def random_tree(rng: random.Random, n: int, discontinuous: bool, functions: bool) -> list[Any]:
    forest: list[Any] = []
    for i in range(n):
        word = rng.choice(WORDS)
        tag = rng.choice(TAGS) if word not in ",." else rng.choice(["$,", "$.", "NN"])
        forest.append((tag, i, word, rng.choice(FUNCS) if functions and rng.random() < .5 else ""))
    return group(rng, forest, discontinuous, functions)


def group(rng: random.Random, forest: list[Any], discontinuous: bool, functions: bool) -> list[Any]:
    forest = list(forest)
    while len(forest) > 1:
        k = rng.randint(1, min(3, len(forest)))
        if discontinuous and rng.random() < .4:
            picked = sorted(rng.sample(range(len(forest)), k))
        else:
            start = rng.randrange(len(forest) - k + 1)
            picked = list(range(start, start + k))
        node = [rng.choice(LABELS), [forest[i] for i in picked],
                rng.choice(FUNCS) if functions and rng.random() < .5 else ""]
        forest = [x for i, x in enumerate(forest) if i not in picked]
        forest.insert(picked[0], node)
    return ["ROOT", [forest[0]], ""]


def perturb(rng: random.Random, tree: list[Any], discontinuous: bool, functions: bool) -> list[Any]:
    if rng.random() < .2:               # an independent parse of the same words
        return group(rng, leaves(tree), discontinuous, functions)

    def walk(node: Any) -> list[Any]:
        if isinstance(node, tuple):
            tag, i, word, func = node
            if rng.random() < .1:
                tag = rng.choice(TAGS)
            if functions and rng.random() < .15:
                func = rng.choice(FUNCS)
            return [(tag, i, word, func)]
        label, kids, func = node
        kids = [k for kid in kids for k in walk(kid)]
        r = rng.random()
        if r < .1:
            label = rng.choice(LABELS)
        if functions and rng.random() < .15:
            func = rng.choice(FUNCS + [""])
        if r > .9 and label != "ROOT":
            return kids                  # splice this node out
        if len(kids) > 2 and rng.random() < .15:
            at = rng.randrange(len(kids) - 1)
            kids[at:at + 2] = [[rng.choice(LABELS), kids[at:at + 2], ""]]
        return [[label, kids, func]]

    return walk(tree)[0]


def leaves(node: Any) -> list[Any]:
    if isinstance(node, tuple):
        return [node]
    return sorted((x for kid in node[1] for x in leaves(kid)), key=lambda x: x[1])


def first(node: Any) -> int:
    return node[1] if isinstance(node, tuple) else min(first(k) for k in node[1])


def write(node: Any, disc: bool) -> str:
    if isinstance(node, tuple):
        tag, i, word, func = node
        tag = f"{tag}-{func}" if func else tag
        return f"({tag} {i}={word})" if disc else f"({tag} {word})"
    label, kids, func = node
    label = f"{label}-{func}" if func else label
    inner = " ".join(write(k, disc) for k in sorted(kids, key=first))
    return f"({label} {inner})"


def pairs(seed: int, count: int, discontinuous: bool, functions: bool = False,
          punctuation_only: bool = True, longest: int = 14) -> tuple[str, str]:
    """`count` pairs (gold file text, system file text); without `punctuation_only` no
    sentence has all its words deleted by proper.prm."""
    rng = random.Random(seed)
    gold, system = [], []
    for _ in range(count):
        n = rng.randint(1, longest)
        g = random_tree(rng, n, discontinuous, functions)
        while not punctuation_only and all(tag in DELETED_TAGS or word in ",."
                                           for tag, _, word, _ in leaves(g)):
            g = random_tree(rng, n, discontinuous, functions)
        s = perturb(rng, g, discontinuous, functions)
        gold.append(write(g, discontinuous))
        system.append(write(s, discontinuous))
    return "\n".join(gold) + "\n", "\n".join(system) + "\n"


def from_tree(tree: Any) -> list[Any]:
    """A read `Tree` (discontinuous or not) in this module's nested shape: labels are the
    categories, ``-FUNC`` from `Label.function` / the word's edge label."""
    def walk(node: Any) -> Any:
        if not hasattr(node, "children"):
            func = (node.extra or {}).get("function") or ""
            return (node.pos, node.index, node.form, func)
        return [node.label.category or node.label.raw, [walk(c) for c in node.children],
                node.label.function]
    return walk(tree.root)


def perturbed_copies(trees: list[Any], seed: int, copies: int) -> tuple[str, str]:
    """Gold (each tree `copies` times) and system (a perturbation of each copy) as discbracket."""
    rng = random.Random(seed)
    gold, system = [], []
    for _ in range(copies):
        for tree in trees:
            nested = from_tree(tree)
            gold.append(write(nested, True))
            system.append(write(perturb(rng, nested, True, True), True))
    return "\n".join(gold) + "\n", "\n".join(system) + "\n"
