"""Parser output as our items: the rows of a `DepSentence`, a `Tree` from brackets.

The adapters give plain values (a word's form, lemma, tags, 1-based head or 0, relation);
this module makes the CoNLL columns out of them, the same way for every parser: an empty
value is ``_``, a parser's ``ROOT`` relation is written ``root`` as UD files spell it, a
word with no space after it carries ``SpaceAfter=No``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcompare.formats import ptb
from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.tree import Tree


@dataclass(frozen=True)
class WordOut:
    """One word as a parser gave it; `head` is 1-based within the sentence, 0 for the root."""

    form: str
    head: int
    deprel: str
    lemma: str = ""
    upos: str = ""
    xpos: str = ""
    feats: str = ""
    space_after: bool = True


def column(value: str) -> str:
    """A CoNLL column: ``_`` for nothing; tabs and line breaks (which would break the
    file) become spaces."""
    if not value:
        return "_"
    if "\t" in value or "\n" in value or "\r" in value:        # (tested first: a million calls a file)
        value = value.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    if value[0] == " " or value[-1] == " ":
        value = value.strip()
    return value or "_"


def relation(deprel: str, head: int) -> str:
    if head == 0:
        return "root"
    return column("root" if deprel == "ROOT" else deprel) if deprel else "dep"


def dep_sentence(words: list[WordOut], comments: list[str] | None = None,
                 ranges: dict[int, tuple[int, str, bool]] | None = None) -> DepSentence:
    """A `DepSentence` of `words`; `ranges` maps a first word (1-based) to a multiword token
    (its last word, its form, whether a space follows it), written before that word."""
    rows: list[DepToken] = []
    ranges = ranges or {}
    inside_until = 0
    for n, w in enumerate(words, start=1):
        if n in ranges:
            last, form, space = ranges[n]
            rows.append(DepToken(f"{n}-{last}", column(form), pdeprel="_" if space else "SpaceAfter=No"))
            inside_until = last
        misc = "_" if w.space_after or n <= inside_until else "SpaceAfter=No"
        rows.append(DepToken(str(n), column(w.form), column(w.lemma), column(w.upos), column(w.xpos),
                             column(w.feats), str(w.head), relation(w.deprel, w.head), "_", misc))
    return DepSentence(rows, list(comments or []))


def tree_from_brackets(text: str) -> Tree:
    """A parser's bracketed tree (PTB style) as our `Tree`; a tree that does not read raises
    ValueError with the reader's message and the character it stopped at."""
    record = ptb.parse_corpus(text.strip() + "\n", "<parser output>")
    if len(record) != 1 or record[0].error is not None:
        error = record[0].error if len(record) else None
        raise ValueError(f"the parser's tree does not read: {error or 'no tree'}")
    tree: Tree = record[0].item
    return tree
