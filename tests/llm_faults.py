"""A generator of LLM-style faults with their exact counts (tests/test_llm_output.py).

From correct parses it writes answers as language models emit them -- prose and code fences
around the tree, trees spread over lines, brackets missing or left over, several trees,
words added, dropped, changed or moved, CoNLL rows with columns left out, cycles, second
roots, heads that name no word -- and counts, independently of the code under test, what
each answer should be found to hold.  Every fault is made so that its count is certain:
a changed or added word is a form found nowhere in the sentence, a dropped or moved word
has a form found once, and a moved word goes at least two words away.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from tcompare.formats.ptb import format_tree
from tcompare.model.tree import Node, Token, Tree

TREE_FAULTS = ("none", "unbalanced_open", "unbalanced_close", "several_roots", "empty",
               "unparsable", "added", "dropped", "changed", "reordered", "unbalanced+changed")
DEP_FAULTS = ("none", "cycle", "several_roots", "bad_head", "added", "dropped", "changed",
              "reordered", "few_columns", "cycle+changed")
PROSE = ("Sure! Here is the constituency parse:", "Here's the parse tree for the sentence.",
         "Let me know if you need anything else.", "Note: I followed the Penn Treebank conventions.")


@dataclass
class Expected:
    """What the answers hold: sentences per validity reason, words per faithfulness fault,
    sentences with each word fault, and per sentence the faults made."""

    reasons: Counter = field(default_factory=Counter)
    words: Counter = field(default_factory=Counter)
    word_sentences: Counter = field(default_factory=Counter)
    faults: list[str] = field(default_factory=list)
    chatter: int = 0         # lines of chatter (prose, code fence marks) around the parses

    def add_words(self, kind: str, n: int = 1) -> None:
        self.words[kind] += n
        self.word_sentences[kind] += 1


# -- constituency ---------------------------------------------------------------------------

def _top(tree: Tree) -> Node:
    node = tree.root
    assert node is not None
    while node.label.raw == "" and len(node.children) == 1 and isinstance(node.children[0], Node):
        node = node.children[0]
    return node


def _parent_of(tree: Tree, token: Token) -> Node:
    return tree.parents()[id(token)]


def _unique(tree: Tree) -> list[int]:
    forms = Counter(tree.words)
    return [k for k, w in enumerate(tree.words) if forms[w] == 1]


def _prune(node: Node) -> bool:
    node.children = [c for c in node.children if isinstance(c, Token) or _prune(c)]
    return bool(node.children)


def _spread(text: str) -> str:
    """The tree over several lines: each child of the top phrase on an indented line."""
    out, depth, line = [], 0, ""
    for ch in text:
        if ch == "(" and depth == 2 and line.strip():
            out.append(line.rstrip())
            line = "  "
        line += ch
        depth += ch == "("
        depth -= ch == ")"
    out.append(line)
    return "\n".join(out)


def tree_answer(tree: Tree, fault: str, rng: random.Random, exp: Expected, k: int) -> str:
    """The answer for `tree` (a copy is changed) with `fault`; `exp` counts it."""
    tree = tree.copy()
    unique = _unique(tree)
    n = len(tree.tokens)
    movable = [i for i in unique if i >= 2 or i <= n - 3]      # a place two words away exists
    if ("reordered" in fault and not movable) or (
            "dropped" in fault and (len(tree.tokens) < 2 or not unique)) or (
            "several_roots" in fault and len(_top(tree).children) < 2):
        fault = "changed"          # a sentence too short for the fault: another, counted as made
    exp.faults.append(fault)
    if fault == "empty":
        exp.reasons["empty"] += 1
        return ""
    if fault == "unparsable":
        exp.reasons["unparsable"] += 1
        return rng.choice(["I'm sorry, but I can't parse this sentence.",
                           "S -> NP VP ; NP -> DT NN", "(S) (NP) (VP)"])
    parts = fault.split("+")
    if "changed" in parts:
        tok = tree.tokens[rng.randrange(len(tree.tokens))]
        tok.form = tok.form + "_x" + str(k)
        exp.add_words("changed")
    if "added" in parts:
        at = tree.tokens[rng.randrange(len(tree.tokens))]
        parent = _parent_of(tree, at)
        parent.children.insert(parent.children.index(at) + 1, Token(f"zzz{k}", "NN"))
        exp.add_words("added")
    if "dropped" in parts:
        at = tree.tokens[rng.choice(_unique(tree))]
        _parent_of(tree, at).children.remove(at)
        assert tree.root is not None and _prune(tree.root)
        exp.add_words("dropped")
    if "reordered" in parts:
        i = rng.choice(movable)
        targets = [j for j in range(len(tree.tokens)) if abs(j - i) >= 2]
        j = rng.choice(targets)
        moving, anchor = tree.tokens[i], tree.tokens[j]
        _parent_of(tree, moving).children.remove(moving)
        parent = _parent_of(tree, anchor)
        parent.children.insert(parent.children.index(anchor) + (1 if j > i else 0), moving)
        assert tree.root is not None and _prune(tree.root)
        exp.add_words("reordered")
    tree.finalize()
    text = format_tree(tree)
    if "several_roots" in parts:
        top = _top(tree)
        assert len(top.children) >= 2
        last = top.children.pop()
        tree.finalize()
        last_text = format_tree(Tree.build(last)) if isinstance(last, Node) else f"({last.pos} {last.form})"
        text = format_tree(Tree.build(top)) + " " + last_text
        exp.reasons["several_roots"] += 1
    if "unbalanced_open" in parts:
        n = rng.randint(1, 2)
        assert text.endswith("))")
        text = text[:-n]
        exp.reasons["unbalanced"] += 1
    if "unbalanced_close" in parts:
        text += ")" * rng.randint(1, 3)
        exp.reasons["unbalanced"] += 1
    return text


def _answer_text(tree_text: str, rng: random.Random, exp: Expected) -> str:
    """Chatter and code fences around a parse, sometimes; sometimes spread over lines."""
    if not tree_text or "(" not in tree_text:
        return tree_text
    style = rng.randrange(4)
    if style == 1 and "\n" not in tree_text and tree_text.count("(") == tree_text.count(")"):
        tree_text = _spread(tree_text)
    if style >= 2:
        exp.chatter += 4      # prose, fence, fence, prose
        fence = "```" + ("lisp" if style == 3 else "")
        return f"{rng.choice(PROSE)}\n\n{fence}\n{tree_text}\n```\n\n{rng.choice(PROSE)}"
    return tree_text


def tree_answers(trees: list[Tree], seed: int = 7, faults: tuple[str, ...] = TREE_FAULTS
                 ) -> tuple[str, Expected]:
    """JSON Lines, one answer per tree, the faults taken in turn."""
    rng = random.Random(seed)
    exp = Expected()
    lines = []
    for k, tree in enumerate(trees):
        fault = faults[k % len(faults)]
        body = _answer_text(tree_answer(tree, fault, rng, exp, k), rng, exp)
        lines.append(json.dumps({"id": k + 1, "response": body}, ensure_ascii=False))
    return "\n".join(lines) + "\n", exp


def tree_text_file(trees: list[Tree], seed: int = 11) -> tuple[str, Expected]:
    """A plain text file as a chat transcript: prose, fences, one tree per answer (no empty or
    unparsable answers: in running text they are only prose)."""
    rng = random.Random(seed)
    exp = Expected()
    faults = tuple(f for f in TREE_FAULTS if f not in ("empty", "unparsable"))
    parts = []
    for k, tree in enumerate(trees):
        body = _answer_text(tree_answer(tree, faults[k % len(faults)], rng, exp, k), rng, exp)
        parts.append(f"Sentence {k + 1}. " + rng.choice(PROSE) + "\n\n" + body)
        exp.chatter += 1
    return "\n\n".join(parts) + "\n", exp


# -- dependencies ---------------------------------------------------------------------------

def dep_answer(rows: list[list[str]], fault: str, rng: random.Random, exp: Expected, k: int) -> str:
    """CoNLL rows (10 columns each) for one sentence, with `fault`."""
    words = [dict(form=r[1], lemma=r[2], upos=r[3], xpos=r[4], feats=r[5],
                  head=int(r[6]) - 1, deprel=r[7]) for r in rows]     # head: index, -1 root
    forms = Counter(w["form"] for w in words)
    movable = [i for i, w in enumerate(words) if forms[w["form"]] == 1 and (i >= 2 or i <= len(words) - 3)]
    if (("cycle" in fault or "several_roots" in fault) and len(words) < 2) or (
            "reordered" in fault and not movable) or ("dropped" in fault and (
            len(words) < 2 or not any(forms[w["form"]] == 1 and w["head"] >= 0 for w in words))):
        fault = "changed"          # a sentence too short for the fault: another, counted as made
    exp.faults.append(fault)
    parts = fault.split("+")
    n = len(words)
    bad_head = None
    if "changed" in parts:
        w = words[rng.randrange(n)]
        w["form"] += f"_x{k}"
        exp.add_words("changed")
    if "cycle" in parts:
        x = rng.choice([i for i, w in enumerate(words) if w["head"] >= 0])
        words[words[x]["head"]]["head"] = x
        exp.reasons["cycle"] += 1
    if "several_roots" in parts:
        x = rng.choice([i for i, w in enumerate(words) if w["head"] >= 0])
        words[x]["head"] = -1
        exp.reasons["several_roots"] += 1
    if "bad_head" in parts:
        bad_head = rng.randrange(n)
        exp.reasons["bad_head"] += 1
    if "added" in parts:
        at = rng.randrange(n + 1)
        for w in words:
            if w["head"] >= at:
                w["head"] += 1
        words.insert(at, dict(form=f"zzz{k}", lemma="zzz", upos="X", xpos="_", feats="_",
                              head=0 if at != 0 else 1, deprel="dep"))
        if bad_head is not None and bad_head >= at:
            bad_head += 1
        exp.add_words("added")
    forms = Counter(w["form"] for w in words)
    unique = [i for i, w in enumerate(words) if forms[w["form"]] == 1]
    if "dropped" in parts:
        x = rng.choice([i for i in unique if words[i]["head"] >= 0])   # (a root's dependents would become roots)
        gone = words.pop(x)
        for w in words:
            if w["head"] == x:
                w["head"] = gone["head"]
        for w in words:
            if w["head"] > x:
                w["head"] -= 1
        exp.add_words("dropped")
    if "reordered" in parts:
        i = rng.choice(movable)
        j = rng.choice([j for j in range(n) if abs(j - i) >= 2])
        order = list(range(n))
        order.remove(i)
        order.insert(j, i)
        new_at = {old: new for new, old in enumerate(order)}
        words = [words[old] for old in order]
        for w in words:
            if w["head"] >= 0:
                w["head"] = new_at[w["head"]]
        exp.add_words("reordered")
    lines = []
    for i, w in enumerate(words):
        head = str(w["head"] + 1) if w["head"] >= 0 else "0"
        if bad_head == i:
            head = str(len(words) + 5)
        cols = [str(i + 1), w["form"], w["lemma"], w["upos"], w["xpos"], w["feats"], head,
                w["deprel"], "_", "_"]
        if "few_columns" in parts:
            cols = [cols[0], cols[1], cols[3], cols[6], cols[7]]
        lines.append("\t".join(cols) if "few_columns" not in parts or k % 2 else " ".join(cols))
    return "\n".join(lines)


def dep_text_file(sentences: list[list[list[str]]], seed: int = 5) -> tuple[str, Expected]:
    """A transcript of CoNLL answers: prose between them, some in code fences."""
    rng = random.Random(seed)
    exp = Expected()
    parts = []
    for k, rows in enumerate(sentences):
        body = dep_answer(rows, DEP_FAULTS[k % len(DEP_FAULTS)], rng, exp, k)
        if k % 3 == 0:
            exp.chatter += 3      # prose, fence, fence
            body = f"{rng.choice(PROSE)}\n```conllu\n{body}\n```"
        parts.append(body)
    return "\n\n".join(parts) + "\n", exp
