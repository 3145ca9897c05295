"""The label splitter of each notation, so a relabel gets the same Label parts a reader
would have produced for that text (category / function / index / heads / role / CCG).

Spec: tcompare/formats/* readers; notations without a public splitter get a small one here
that follows their reader (Sinica ``role:Category``; CCG: the whole label is the category).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Iterable

from tcompare.model.corpus import Corpus
from tcompare.model.tree import Label, Tree

LabelParser = Callable[[str], Label]


def _plain(raw: str) -> Label:
    return Label(raw=raw, category=raw)


def _sinica(raw: str) -> Label:
    # the reader keeps the role apart from the category (`agent:NP` -> role agent, NP)
    role, sep, category = raw.rpartition(":")
    if sep and role and category:
        return Label(raw=category, category=category, role=role)
    return Label(raw=raw, category=raw)


def _ccg(raw: str) -> Label:
    return Label(raw, category=raw, ccg=raw)


class EdgeFunctionLabel:
    """NEGRA export, TIGER and Alpino keep the function on the edge to the parent, not in
    the label's text: a relabel keeps it (`kept_parts`).  Parentheses become brackets as
    their readers spell labels; Alpino categories are read in capitals."""

    kept_parts = ("function",)

    def __init__(self, upper: bool = False):
        self.upper = upper

    def __call__(self, raw: str) -> Label:
        raw = (raw.upper() if self.upper else raw).replace("(", "[").replace(")", "]")
        return Label(raw, category=raw)


def label_parser(notation: str) -> LabelParser:
    """The function turning a typed label into `Label` parts for `notation`."""
    try:
        if notation == "ptb":
            from tcompare.formats.ptb import split_label
            return split_label
        if notation in ("tct", "pku"):
            from tcompare.formats.tct import split_label
            return split_label
        if notation == "tct2012":
            from tcompare.formats.tct2012 import split_label2012
            return split_label2012
    except ImportError:  # a reader module missing: labels are still editable as plain text
        return _plain
    if notation == "discbracket":
        from tcompare.formats.ptb import split_label as bracket_label
        return bracket_label
    if notation in ("export", "tiger", "alpino"):
        return EdgeFunctionLabel(upper=notation == "alpino")
    if notation == "sinica":
        return _sinica
    if notation == "ccgauto":
        return _ccg
    return _plain


# PTB sources: "(NP (" opens a phrase, "(NN word)" is a POS tag
_PHRASE = re.compile(r"\(([^\s()]+)\s*\(")
_POS = re.compile(r"\(([^\s()]+)\s+[^\s()]+\s*\)")
SCAN_LIMIT = 5000        # sentences looked at (a label list, not a census)


def known_labels(corpus: Corpus, kind: str, items: Iterable[Any] = ()) -> list[str]:
    """The labels the treebank uses, most frequent first: ``phrase`` labels or ``pos`` tags
    of `items` (the sentence being edited), of the sentences already parsed and, for PTB
    sources, of the first SCAN_LIMIT sentences read off their text (without parsing them)."""
    counts: Counter[str] = Counter()
    trees = list(items) + [r.item for r in corpus.records[:SCAN_LIMIT]
                           if r.parsed and not r.unreadable]
    for tree in trees:
        if isinstance(tree, Tree):
            if kind == "pos":
                counts.update(t.pos for t in tree.tokens if t.pos)
            else:
                counts.update(n.label.raw for n in tree.nodes() if n.label.raw)
    if corpus.notation == "ptb":
        pattern = _POS if kind == "pos" else _PHRASE
        for record in corpus.records[:SCAN_LIMIT]:
            counts.update(pattern.findall(record.source))
    return [label for label, _ in counts.most_common()]
