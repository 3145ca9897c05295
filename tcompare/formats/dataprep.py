"""The organisers' data preparation, as `tcompare convert --prepare STEP`.

Each step is a pure function on trees; the paper section it follows is in its docstring and
in docs/data-preparation.md.  Where a paper names a step without its details (the
ParsEval-2010 unified 58-tag POS set, the TCT binarisation algorithm, the event extraction
algorithm), the rules here are ours, written down, and replaceable (``--pos-map``).

* ``parseval2010-pku`` (seed 000 §3, "Transform PKU-CTB annotations"): POS unification,
  then every unary constituent deleted (a phrase with one daughter gives way to it).
* ``parseval2010-edc`` (seed 000 §3 step 3): the event description clauses of a TCT
  sentence, one tree each.
* ``parseval2010-eventbank`` (seed 000 §3 step 3): the event constructions of each sentence
  as an event bank (`tcompare.formats.eventbank` layout).
* ``parseval2012-binarize`` (seed 001 §2): every phrase made binary around its head; outer
  punctuation first, in inserted nodes whose GR is ``LT`` / ``RT``.
* ``sighan2012-train`` (seed 002 §2, training data): Sinica trees simplified -- only the
  semantic roles of top-level constituents are kept, and POS tags inside them are reduced.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from tcompare.model.tree import Child, Label, Node, Token, Tree

STEPS = ("parseval2010-pku", "parseval2010-edc", "parseval2010-eventbank",
         "parseval2012-binarize", "sighan2012-train")


def _copy(tree: Tree) -> Node | None:
    """A deep copy of the tree's nodes and tokens (the input corpus is left untouched)."""
    if tree.root is None:
        return None

    def node(n: Node) -> Node:
        return Node(n.label, [node(c) if isinstance(c, Node) else _tok(c) for c in n.children],
                    extra=dict(n.extra) if n.extra else None)

    return node(tree.root)


def _tok(t: Token) -> Token:
    return Token(t.form, t.pos, role=t.role, ccg=t.ccg, is_head=t.is_head,
                 extra=dict(t.extra) if t.extra else None)


def _tct_label(raw: str) -> Label:
    from tcompare.formats.tct import split_label

    return split_label(raw)


def _with_heads(label: Label, heads: tuple[int, ...]) -> Label:
    """The same TCT label with other head positions (raw text recomposed)."""
    parts = ([label.role] if label.role else []) + [label.category]
    if label.function:
        parts.append(label.function)
    parts += [str(h) for h in heads]
    return _tct_label("-".join(parts))


def _head_children(node: Node) -> list[int]:
    if node.label.heads:
        return [h for h in node.label.heads if h < len(node.children)]
    marked = [k for k, c in enumerate(node.children)
              if (c.is_head if isinstance(c, Token) else c.label.is_head)]
    return marked


# -- ParsEval-2010: PKU-CTB -> TCT ------------------------------------------------------------

def default_pos_map(tag: str) -> str:
    """Our unification of PKU-CTB and TCT POS tags (the paper's 58-tag table is not
    published): TCT writes a base letter and upper-case subtypes (``nS``, ``vM``, ``rNP``),
    PKU lower-case ones (``ns``, ``vd``); both are spelled the TCT way."""
    if len(tag) > 1 and tag[0].islower() and tag[1:].islower() and tag.isalpha():
        return tag[0] + tag[1:].upper()
    return tag


def read_pos_map(path: str) -> Callable[[str], str]:
    """A TAB-separated FROM TO table (``#`` comments); tags not in it are kept."""
    table: dict[str, str] = {}
    with open(path, encoding="utf-8-sig") as fh:
        for number, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t") if "\t" in line else line.split()
            if len(fields) != 2:
                raise ValueError(f"{path}:{number}:1: expected FROM<TAB>TO")
            table[fields[0]] = fields[1]
    return lambda tag: table.get(tag, tag)


def pku_to_tct(tree: Tree, pos_map: Callable[[str], str] = default_pos_map) -> Tree:
    """Seed 000 §3 "Transform PKU-CTB annotations": map the POS tags into the unified set,
    then delete all unary constituents (a phrase with exactly one daughter is replaced by
    that daughter; the head positions of its mother are kept, as the daughter takes the
    same place).  A sentence of one word keeps its root."""
    root = _copy(tree)
    if root is None:
        return Tree.build(None, dict(tree.meta))

    def walk(n: Node) -> Node | Token:
        children: list[Node | Token] = []
        for c in n.children:
            if isinstance(c, Token):
                c.pos = pos_map(c.pos)
                children.append(c)
                continue
            c = walk(c)
            children.append(c)
        n.children = children
        if len(children) == 1:
            only = children[0]
            # the daughter takes the mother's place, and her head mark (or its absence)
            if isinstance(only, Node):
                only.label = only.label.with_parts(is_head=n.label.is_head)
            else:
                only.is_head = n.label.is_head
            return only
        return n

    new = walk(root)
    if isinstance(new, Token):
        new = Node(root.label, [new])
    return Tree.build(new, dict(tree.meta))


# -- ParsEval-2012: binarisation -------------------------------------------------------------

def _is_punct(child: Child) -> bool:
    return isinstance(child, Token) and child.pos[:1] == "w"


def binarize(tree: Tree) -> Tree:
    """Seed 001 §2: "we make binary for all TCT annotation trees ... Two new grammatical
    relation tags RT and LT are added to describe the inserted dummy nodes with left and
    right punctuation combination structures."  Our rules, per phrase of more than two
    daughters, head ``h`` (its first head position; without one, the last daughter that is
    not punctuation):

    1. a punctuation daughter at the right edge (not the head) is split off first: the
       phrase becomes ``[tag-RT [tag rest] punct]``; then one at the left edge:
       ``[tag-LT punct [tag rest]]`` (RT/LT name the dummy node's relation);
    2. the rest is combined around the head: daughters right of the head attach first, one
       by one (``[tag [tag head r1] r2]``), then those left of it (``[tag l1 [...]]``); the
       inserted nodes carry the phrase's tag and the head position of the head side.
    The original node keeps its label and GR on the outermost node."""
    root = _copy(tree)
    if root is None:
        return Tree.build(None, dict(tree.meta))

    def make(label: Label, children: list[Child], head: int, gr: str = "") -> Node:
        raw = label.category + (f"-{gr}" if gr else "") + f"-{head}"
        if label.role:
            raw = label.role + "-" + raw
        return Node(_tct_label(raw), children)

    def binary(label: Label, children: list[Child], head: int, outer: bool) -> Node:
        gr = label.function if outer else ""
        if len(children) <= 2:
            return make(label, children, head, gr)
        if _is_punct(children[-1]) and head != len(children) - 1:
            inner = binary(label, children[:-1], head, False)
            return make(label, [inner, children[-1]], 0, "RT" if not outer else (gr or "RT"))
        if _is_punct(children[0]) and head != 0:
            inner = binary(label, children[1:], head - 1, False)
            return make(label, [children[0], inner], 1, "LT" if not outer else (gr or "LT"))
        if head < len(children) - 1:
            inner = binary(label, children[:-1], head, False)
            return make(label, [inner, children[-1]], 0, gr)
        inner = binary(label, children[1:], head - 1, False)
        return make(label, [children[0], inner], 1, gr)

    def walk(n: Node) -> Node:
        children = [walk(c) if isinstance(c, Node) else c for c in n.children]
        if len(children) <= 2:
            n.children = children
            return n
        heads = _head_children(n)
        if heads:
            head = heads[0]
        else:   # no head given: the last daughter that is not punctuation
            head = max((k for k, c in enumerate(children) if not _is_punct(c)), default=len(children) - 1)
        return binary(n.label, children, head, True)

    return Tree.build(walk(root), dict(tree.meta))


# -- ParsEval-2010: event description clauses and event constructions ------------------------

CLAUSE_TAGS = frozenset({"dj", "fj"})


def edcs(tree: Tree) -> list[Tree]:
    """Seed 000 §3 step 3: the event description clauses of a TCT sentence.  Our rule
    (the paper extracts them from TCT's GR tags, after Zhou and Zhu 2009): a complex
    sentence (``fj``) is split into its clause daughters (``dj`` / nested ``fj``, split
    again); a sentence without ``fj`` is one clause.  The sentence's root (``zj``) and
    punctuation between clauses are not part of any clause."""
    root = _copy(tree)
    if root is None:
        return []
    out: list[Node] = []

    def split(n: Node) -> None:
        if n.label.category == "fj":
            for c in n.children:
                if isinstance(c, Node) and c.label.category in CLAUSE_TAGS:
                    split(c)
                elif isinstance(c, Node):
                    out.append(c)
            return
        out.append(n)

    start = root
    while start.label.category not in CLAUSE_TAGS and len(start.child_nodes()) == 1 and \
            all(isinstance(c, Node) or _is_punct(c) for c in start.children):
        start = start.child_nodes()[0]
    if start.label.category == "fj" or any(
            isinstance(c, Node) and c.label.category == "fj" for c in start.children):
        for c in ([start] if start.label.category == "fj" else start.children):
            if isinstance(c, Node) and c.label.category == "fj":
                split(c)
            elif isinstance(c, Node):
                out.append(c)
    else:
        out.append(start)
    return [Tree.build(n, {}) for n in out]


_PHRASE_OF_POS = {"n": "np", "r": "np", "s": "sp", "t": "tp", "d": "dp", "a": "ap", "v": "vp",
                  "m": "mp", "p": "pp", "f": "sp", "b": "ap"}


def _chunk_tag(item: Child) -> str:
    if isinstance(item, Node):
        return item.label.category
    return _PHRASE_OF_POS.get(item.pos[:1], item.pos[:1] + "p")


def _lexical_heads(item: Child) -> set[int]:
    """Token indices of the lexical head(s): head positions followed down to words."""
    if isinstance(item, Token):
        return {item.index}
    result: set[int] = set()
    heads = _head_children(item) or [len(item.children) - 1]
    for h in heads:
        result |= _lexical_heads(item.children[h])
    return result


def _words(item: Child) -> list[Token]:
    if isinstance(item, Token):
        return [item]
    out: list[Token] = []
    for c in item.children:
        out.extend(_words(c))
    return out


def _is_verb(t: Token) -> bool:
    return t.pos[:1] == "v" and t.pos not in ("vM",)


def event_constructions(tree: Tree) -> list[tuple[int, list[tuple[str, Child]]]]:
    """Seed 000 §3 step 3: "an event construction is an event chunk serial controlled by an
    event target verb".  Our extraction over head positions (the paper's algorithm is not
    given): for each verb that heads a ``vp``, P (``-Tgt``) is the verb with the function
    words before it in its own ``vp`` (``而/cC 砍伐/v``), or the verb alone when the ``vp``
    has complements; its complements are O; climbing the head path, non-head daughters
    before it are D (adverbials: ``d``, ``p``, ``s``, ``t`` words and their phrases) or S (the
    nominal before the predicate in a ``dj``); the climb stops at a phrase the predicate
    does not head -- a nominal one whose head follows makes that head H (a relative
    clause) -- and at a ``pp`` (a predicate that is a preposition's object).  Returns (first word offset, [(ROLE, node or token)]) per construction."""
    result: list[tuple[int, list[tuple[str, Child]]]] = []
    if tree.root is None:
        return result
    parent: dict[int, Node] = {}
    for n in tree.nodes():
        for c in n.children:
            parent[id(c)] = n
    for tok in tree.tokens:
        if not _is_verb(tok):
            continue
        vp = parent.get(id(tok))
        if vp is None or vp.label.category != "vp" or tok.index not in _lexical_heads(vp):
            continue
        k = vp.children.index(tok)
        before, after = vp.children[:k], vp.children[k + 1:]
        chunks: list[tuple[str, Child]] = []
        if after:
            chunks.append(("P", tok))
            chunks += [("O", c) for c in after if not _is_punct(c)]
            pred: Child = vp
        else:
            function_words = all(isinstance(c, Token) and c.pos[:1] in "cvu" for c in before)
            if function_words:
                chunks.append(("P", vp))
            else:
                chunks = [("D" if not _is_punct(c) else "", c) for c in before] + [("P", tok)]
                chunks = [c for c in chunks if c[0]]
            pred = vp
        node = pred
        while True:
            up = parent.get(id(node))
            if up is None:
                break
            heads = _head_children(up)
            j = up.children.index(node)
            if up.label.category == "pp":
                break     # the predicate is a preposition's object: the pp is no event chunk
            if heads and j not in heads:
                if up.label.category == "np":
                    h = [up.children[x] for x in heads if x > j]
                    if h:
                        chunks.append(("H", h[0]))
                break
            pre = [c for c in up.children[:j] if not _is_punct(c)]
            post = [c for c in up.children[j + 1:] if not _is_punct(c)]
            if up.label.category == "dj":
                roles = []
                for c in pre:
                    nominal = _chunk_tag(c) == "np"
                    roles.append(("S" if nominal and c is pre[-1] else "D", c))
                chunks = roles + chunks
            else:
                chunks = [("D", c) for c in pre] + chunks + [("O", c) for c in post]
            node = up
        words = [w.index for _, c in chunks for w in _words(c)]
        result.append((min(words), chunks))
    return result


def format_construction(chunks: list[tuple[str, Child]], tokens: list[Token] | None = None) -> str:
    """``[ROLE-tag[-Tgt] word/POS[-@] ...]`` per chunk, in word order; with the sentence's
    `tokens`, the words between chunks are written as context (``，/wP``)."""
    parts = []
    last = None
    for role, item in sorted(chunks, key=lambda rc: _words(rc[1])[0].index):
        words_of = _words(item)
        if tokens is not None and last is not None:
            parts += [f"{t.form}/{t.pos}" for t in tokens[last + 1:words_of[0].index]]
        heads = _lexical_heads(item)
        words = " ".join(f"{w.form}/{w.pos}{'-@' if w.index in heads else ''}" for w in words_of)
        tag = _chunk_tag(item) if not (role == "P" and isinstance(item, Token)) else "vp"
        parts.append(f"[{role}-{tag}{'-Tgt' if role == 'P' else ''} {words} ]")
        last = words_of[-1].index
    return " ".join(parts)


def event_bank_lines(trees: Iterable[tuple[int, Tree]]) -> list[str]:
    """Event bank text lines (``N@k<TAB>construction``) for numbered trees."""
    lines = []
    for number, tree in trees:
        for offset, chunks in event_constructions(tree):
            lines.append(f"{number}@{offset}\t{format_construction(chunks, tree.tokens)}\n")
    return lines


# -- SIGHAN-2012: simplified training trees ---------------------------------------------------

_DIGITS = re.compile(r"\d+$")


def simplify_sinica_pos(tag: str) -> str:
    """The reduced tag of seed 002 §2's example (``Nba`` -> ``Nb``, ``Ncb`` -> ``Nc``,
    ``Nac`` -> ``Na``, ``VH11`` -> ``VH``, ``DE`` stays): trailing digits go; a noun tag
    keeps its first two letters."""
    tag = _DIGITS.sub("", tag) or tag
    if tag[:1] == "N" and len(tag) > 2:
        tag = tag[:2]
    return tag


def sighan2012_train(tree: Tree) -> Tree:
    """Seed 002 §2: "The original part-of-speech tags in the Treebank are simplified. Only
    the semantic roles of each top-level constituent are kept, the others are removed."
    As the paper's example shows: a top-level phrase keeps its role, and inside it every
    role is removed and every POS tag reduced (`simplify_sinica_pos`); a top-level word
    keeps its role and its tag (``Head:V_11:是``)."""
    root = _copy(tree)
    if root is None:
        return Tree.build(None, dict(tree.meta))

    def strip(n: Node) -> None:
        for c in n.children:
            if isinstance(c, Token):
                c.role = ""
                c.pos = simplify_sinica_pos(c.pos)
            else:
                c.label = c.label.with_parts(role="")
                strip(c)

    for c in root.children:
        if isinstance(c, Node):
            strip(c)
    return Tree.build(root, dict(tree.meta))
