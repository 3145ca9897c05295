"""What a screen reader says about a drawn node, word or arc: one short sentence, in words.

Drawings are QGraphicsItems, which have no accessibility of their own; the GUI speaks the
selected one through its view (`gui.a11y`).  The verdict is the scorer's (`Item.verdict` on
the `SentenceResult`) read aloud with the legend's name for it (`verdict_style.LOOKS`), so
the ear hears what the eye sees in the legend; nothing here compares gold with system.

    NP, words 3 to 6, missing from system (gold only), gold
    nsubj, from 2 to 1, wrong label: system says obj

Word numbers are 1-based, as a reader counts them.  Every fixed word goes through `say`
(a template such as ``"words {first} to {last}"``, a verdict's legend, a side's name, the
separator ``", "``): English as written here by default; the window passes its translation
(`gui.spoken_text`), so a Chinese interface speaks Chinese.
"""

from __future__ import annotations

from typing import Callable

from tcompare.layout.verdict_style import look_for
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.scoring.base import Item, SentenceResult, Verdict

ARC_ERRORS = (Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH)
Say = Callable[[str], str]


def english(text: str) -> str:
    return text


def _item(result: SentenceResult | None, side: str, kind: str, ref: int) -> Item | None:
    if result is None:
        return None
    return next((i for i in result.items_for(side) if i.kind == kind and i.ref == ref), None)


def verdict_words(verdict: Verdict | None, say: Say = english) -> str:
    """The legend's name of the scorer's verdict ("not scored" when there is none)."""
    return say(look_for(verdict).legend if verdict is not None else "not scored")


def words_phrase(start: int, end: int, say: Say = english) -> str:
    """``word 3`` or ``words 3 to 6`` for the 0-based half-open span [start, end)."""
    if end - start <= 1:
        return say("word {n}").format(n=start + 1)
    return say("words {first} to {last}").format(first=start + 1, last=end)


def describe_node(tree: Tree, side: str, node_id: int, result: SentenceResult | None,
                  say: Say = english) -> str:
    """A phrase node: label, words, the scorer's verdict, crossing, side."""
    node = tree.node(node_id)
    item = _item(result, side, "bracket", node_id)
    parts = [node.label.raw or say("unlabelled node"), words_phrase(node.start, node.end, say),
             verdict_words(item.verdict if item is not None else None, say)]
    if item is not None and item.crossing:
        parts.append(say("crosses a bracket of the other side"))
    parts.append(say(side))
    return say(", ").join(parts)


def describe_word(tree: Tree, side: str, index: int, result: SentenceResult | None,
                  say: Say = english) -> str:
    """A word and its POS tag: form, tag, the scorer's verdict on the tag, side."""
    token = tree.tokens[index]
    item = _item(result, side, "tag", index)
    parts = [say("word {n} {form}").format(n=index + 1, form=token.form)]
    if token.pos:
        parts.append(token.pos)
    parts += [verdict_words(item.verdict if item is not None else None, say), say(side)]
    return say(", ").join(parts)


def _head_name(head: int | str, say: Say = english) -> str:
    return say("root") if str(head) in ("0", "") else str(head)


def describe_arc(sentence: DepSentence, word: int, result: SentenceResult | None,
                 side: str = "gold", say: Say = english) -> str:
    """The arc into word `word` (0-based) on `side`: relation, from head to dependent (the
    file's ids), the scorer's verdict and, when the scorer paired it with a different arc,
    what the other side says."""
    token = sentence.words[word]
    item = _item(result, side, "arc", word)
    label = item.label if item is not None else token.deprel
    head = item.start if item is not None else token.head
    dependent = item.end if item is not None else token.id
    text = say("{label}, from {head} to {dependent}").format(
        label=label, head=_head_name(head, say), dependent=dependent)
    verdict = item.verdict if item is not None else None
    text += say(", ") + verdict_words(verdict, say)
    other_side = "system" if side == "gold" else "gold"
    partner = _item(result, other_side, "arc", item.partner) if item is not None \
        and item.partner >= 0 else None
    if verdict in ARC_ERRORS and partner is not None:
        says = []
        if verdict in (Verdict.WRONG_LABEL, Verdict.WRONG_BOTH):
            says.append(partner.label)
        if verdict in (Verdict.WRONG_HEAD, Verdict.WRONG_BOTH):
            says.append(say("from {head}").format(head=_head_name(partner.start, say)))
        text += say(": {side} says {what}").format(side=say(other_side), what=" ".join(says))
    return text
