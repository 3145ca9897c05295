"""Words aligned back to the input: the *repaired* policy's last step (docs/llm-output.md).

Given a parse whose words are not the gold words and their `WordAlignment`:

* a changed word takes the gold form (its tag, head and relation are kept);
* an added word is taken out (a phrase left with no word goes too; a dependency word's
  dependents go to its head);
* a dropped word is put back at its gold place: in a tree as a word tagged `INSERTED_TAG`
  beside the word before it (or the word after it, for the first), in a dependency sentence
  attached to the root word with relation `INSERTED_RELATION`;
* a reordered word: in a tree it is taken out where it was and put back at its gold place
  with its own tag (spans over positions need the gold order); in a dependency sentence it
  keeps its head and relation and only its position changes.

Every change is listed, in words, with its 1-based gold position.
"""

from __future__ import annotations

from typing import Sequence

from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.scoring.faithfulness import WordAlignment

INSERTED_TAG = "XX"
INSERTED_RELATION = "dep"


def realign_tree(tree: Tree, gold: Sequence[str], al: WordAlignment) -> tuple[Tree, list[str]]:
    """A copy of `tree` whose words are `gold`, in order, and the repairs made (one pass over
    the nodes: a long answer costs linear time)."""
    tree = _copy(tree)
    tokens = tree.tokens
    kinds = al.system_kind(len(tokens))
    repairs: list[str] = []
    s2g = {s: g for g, s in enumerate(al.gold_to_system) if s >= 0}
    keep: dict[int, Token] = {}            # gold position -> the token standing for it
    gone: set[int] = set()                 # id() of the tokens taken out
    for s, tok in enumerate(tokens):
        kind = kinds[s]
        if kind in ("same", "changed"):
            g = s2g[s]
            if kind == "changed":
                repairs.append(f"word written back: word {g + 1} {tok.form!r} -> {gold[g]!r}")
                tok.form = gold[g]
            keep[g] = tok
            continue
        gone.add(id(tok))
        if kind == "added":
            repairs.append(f"added word removed: {tok.form!r}")
    moved = {s2g[s]: tokens[s] for s in range(len(tokens)) if kinds[s] == "reordered"}
    placed: dict[int, Token] = {}          # gold position -> the token put back there
    for g in range(len(gold)):
        if g in keep:
            continue
        if g in moved:
            placed[g] = Token(gold[g], moved[g].pos)
            repairs.append(f"word moved back: word {g + 1} {gold[g]!r}")
        else:
            placed[g] = Token(gold[g], INSERTED_TAG)
            repairs.append(f"dropped word put back: word {g + 1} {gold[g]!r} (tag {INSERTED_TAG})")
    if not keep:        # nothing of the answer's words stays: the words under one root
        root = Node(Label("", category=""), [placed[g] for g in range(len(gold))])
        return Tree.build(root), repairs
    # a word put back goes right after the kept word before it (before the first kept word)
    after: dict[int, list[Token]] = {}
    before: dict[int, list[Token]] = {}
    previous: Token | None = None
    for g in range(len(gold)):
        if g in keep:
            previous = keep[g]
        elif previous is None:
            before.setdefault(id(keep[min(keep)]), []).append(placed[g])
        else:
            after.setdefault(id(previous), []).append(placed[g])
    for node in tree.nodes():
        children: list[Node | Token] = []
        for c in node.children:
            if isinstance(c, Token):
                children.extend(before.get(id(c), ()))
                if id(c) not in gone:
                    children.append(c)
                children.extend(after.get(id(c), ()))
            else:
                children.append(c)
        node.children = children
    _prune(tree)
    return tree.finalize(), repairs


def _copy(tree: Tree) -> Tree:
    """A copy of the nodes and tokens (iterative: `Tree.copy` recurses, answers nest deep)."""
    if tree.root is None:
        return Tree.build(None)
    root = Node(tree.root.label)
    stack = [(tree.root, root)]
    while stack:
        old, new = stack.pop()
        for c in old.children:
            if isinstance(c, Token):
                new.children.append(Token(c.form, c.pos))
            else:
                twin = Node(c.label)
                new.children.append(twin)
                stack.append((c, twin))
    return Tree.build(root, dict(tree.meta))


def _prune(tree: Tree) -> None:
    """Take out phrases left with no word (bottom up, iteratively: trees may be deep); an
    empty root leaves no root."""
    if tree.root is None:
        return
    order: list[Node] = []
    stack = [tree.root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(c for c in node.children if isinstance(c, Node))
    for node in reversed(order):          # children before their parents
        node.children = [c for c in node.children if isinstance(c, Token) or c.children]
    if not tree.root.children:
        tree.root = None


def realign_deps(sentence: DepSentence, gold: Sequence[str], al: WordAlignment
                 ) -> tuple[DepSentence, list[str]]:
    """A sentence over the `gold` words (in order) with the arcs of `sentence` (one tree,
    IDs 1..n: `validity.repair_structure` first), and the repairs made."""
    words = sentence.words
    kinds = al.system_kind(len(words))
    heads = [int(w.head) for w in words]
    repairs: list[str] = []
    s2g = {s: g for g, s in enumerate(al.gold_to_system) if s >= 0}

    resolved: dict[int, int] = {}          # system word (1-based) -> its first head kept

    def kept_head(s: int) -> int:
        """The head of system word s (0-based) after the added words are gone, 1-based gold
        (a chain of added words is walked once: `resolved` remembers where it ends)."""
        h = heads[s]
        chain: list[int] = []
        while h and kinds[h - 1] == "added" and h not in resolved and len(chain) <= len(words):
            chain.append(h)
            h = heads[h - 1]
        if h in resolved:
            h = resolved[h]
        elif h and kinds[h - 1] == "added":
            h = 0                          # a loop of added words (none after repair_structure)
        for c in chain:
            resolved[c] = h
        return s2g[h - 1] + 1 if h else 0

    for s, kind in enumerate(kinds):
        if kind == "added":
            repairs.append(f"added word removed: {words[s].form!r}")
    rows: list[DepToken | None] = [None] * len(gold)
    for s, w in enumerate(words):
        kind = kinds[s]
        if kind == "added":
            continue
        g = s2g[s]
        if kind == "changed":
            repairs.append(f"word written back: word {g + 1} {w.form!r} -> {gold[g]!r}")
        elif kind == "reordered":
            repairs.append(f"word moved back: word {g + 1} {gold[g]!r}")
        rows[g] = DepToken(str(g + 1), gold[g], w.lemma, w.cpostag, w.postag, w.feats,
                           str(kept_head(s)), w.deprel, "_", w.pdeprel)
    root = next((int(r.id) for r in rows if r is not None and r.head == "0"), 0)
    for g, row in enumerate(rows):
        if row is None:
            head = root if root else 0
            if not root:
                root = g + 1
            rows[g] = DepToken(str(g + 1), gold[g], head=str(head), deprel=INSERTED_RELATION)
            repairs.append(f"dropped word put back: word {g + 1} {gold[g]!r} "
                           + (f"under word {head} ({INSERTED_RELATION})" if head else "as the root"))
    done = [r for r in rows if r is not None]
    roots = [r for r in done if r.head == "0"]
    for r in roots[1:]:       # the root word was an added word: its dependents became roots
        r.head = roots[0].id
        repairs.append(f"second root attached: word {r.id} {r.form!r} to word {roots[0].id} "
                       "(its head was an added word)")
    return DepSentence(done, list(sentence.comments)), repairs
