"""Where N annotators of one sentence disagree, item by item, on one word axis.

The scorer's rule for annotators (none of them is gold): an *item* is a word (dependency:
its HEAD, DEPREL, UPOS/XPOS, FEATS; constituency: its POS tag) or a span of words
(constituency: the brackets over it).  Annotators agree on an item when their values are
equal strings; the fields compared:

* ``attachment`` -- dependency: HEAD; constituency: whether the span is bracketed at all;
* ``label`` -- dependency: DEPREL; constituency: the labels over a span every annotator
  bracketed (a unary chain reads top-down: ``S NP`` is not ``NP``);
* ``pos`` -- UPOS and XPOS (dependency), the tag (constituency);
* ``feats`` -- FEATS (dependency only);
* ``tokens`` -- the annotators' words differ: the sentence is compared as a whole only.

Labels are compared raw (``NP-SBJ`` is not ``NP``): an adjudicator decides the function
tags too.  The root bracket without a label (PTB's ``( (S ...) )``) is not an item.
An annotator with no sentence at a row (`None`) takes no part in that row's items.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree

FIELDS = ("attachment", "label", "pos", "feats")
TOKENS = "tokens"


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One item the annotators do not agree on.

    ``start``/``end``: the words (0-based, end excluded; a word item spans one word);
    ``fields``: which fields differ (of `FIELDS`, or ``("tokens",)``); ``values``: each
    annotator's value of the item as shown to a curator (None: no sentence, or no bracket
    over the span).
    """

    start: int
    end: int
    fields: tuple[str, ...]
    values: tuple[str | None, ...]
    kind: str = "word"          # "word", "span" (brackets over words) or "sentence" (tokens)

    def touches(self, wanted: str | None) -> bool:
        """Whether this item is shown under field filter `wanted` (None: every field)."""
        return wanted is None or wanted in self.fields or TOKENS in self.fields


def words_of(item: Any) -> list[str]:
    if isinstance(item, DepSentence):
        return [w.form for w in item.words]
    if isinstance(item, Tree):
        return [t.form for t in item.tokens]
    return []


def disagreements(items: Sequence[Any]) -> list[Disagreement]:
    """Every item the present annotators' sentences (`items`, None for an absent one)
    disagree on, left to right (a word's items before the spans that start there)."""
    present = [x for x in items if x is not None]
    if len(present) < 2:
        return []
    words = [words_of(x) for x in present]
    if any(w != words[0] for w in words[1:]):
        return [Disagreement(0, max(len(w) for w in words), (TOKENS,),
                             tuple(" ".join(words_of(x)) if x is not None else None for x in items),
                             "sentence")]
    if all(isinstance(x, DepSentence) for x in present):
        return _dependency(items, len(words[0]))
    if all(isinstance(x, Tree) for x in present):
        return _constituency(items, len(words[0]))
    return [Disagreement(0, len(words[0]), (TOKENS,), tuple(
        type(x).__name__ if x is not None else None for x in items), "sentence")]


def _differ(values: Sequence[str | None]) -> bool:
    seen = {v for v in values if v is not None}
    return len(seen) > 1


def _dependency(items: Sequence[Any], n: int) -> list[Disagreement]:
    out = []
    for w in range(n):
        rows = [x.words[w] if x is not None else None for x in items]
        fields = []
        checks = (("attachment", lambda r: r.head), ("label", lambda r: r.deprel),
                  ("pos", lambda r: f"{r.cpostag} {r.postag}"), ("feats", lambda r: r.feats))
        for name, get in checks:
            if _differ([get(r) if r is not None else None for r in rows]):
                fields.append(name)
        if fields:
            out.append(Disagreement(w, w + 1, tuple(fields), tuple(
                None if r is None else f"{_head_text(x, r.head)} {r.deprel} {r.cpostag} {r.feats}"
                for x, r in zip(items, rows))))
    return out


def _head_text(sentence: DepSentence, head: str) -> str:
    """``→form#id`` for a head id, ``→ROOT`` for 0."""
    if head == "0":
        return "→ROOT"
    for w in sentence.words:
        if w.id == head:
            return f"→{w.form}#{head}"
    return f"→#{head}"


def span_labels(tree: Tree) -> dict[tuple[int, int], str]:
    """Each bracketed span of `tree` -> its labels top-down, space separated."""
    spans: dict[tuple[int, int], list[str]] = {}
    for node in tree.nodes():
        if not node.label.raw or node.end <= node.start:
            continue
        spans.setdefault((node.start, node.end), []).append(node.label.raw)
    return {span: " ".join(labels) for span, labels in spans.items()}


def _constituency(items: Sequence[Any], n: int) -> list[Disagreement]:
    found: list[Disagreement] = []
    for w in range(n):
        tags = [x.tokens[w].pos if x is not None else None for x in items]
        if _differ(tags):
            found.append(Disagreement(w, w + 1, ("pos",), tuple(tags)))
    labels = [span_labels(x) if x is not None else None for x in items]
    spans = sorted({s for x in labels if x is not None for s in x}, key=lambda s: (s[0], -s[1]))
    for span in spans:
        values = [None if x is None else x.get(span) for x in labels]
        present = [x for x in labels if x is not None]
        have = [x.get(span) for x in present]
        if any(v is None for v in have):
            field = ("attachment",)
        elif _differ(have):
            field = ("label",)
        else:
            continue
        found.append(Disagreement(span[0], span[1], field, tuple(
            None if v is None else f"[{v}]" for v in values), "span"))
    found.sort(key=lambda d: (d.start, d.kind != "word", d.start - d.end))
    return found


def agreeing(items: Sequence[Any], wanted: str | None = None) -> bool:
    """Whether the annotators agree on every item of field `wanted` (None: on all)."""
    return not any(d.touches(wanted) for d in disagreements(items))
