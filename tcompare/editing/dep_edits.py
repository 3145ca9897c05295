"""Edits of a gold dependency sentence, as pure functions returning a new `DepSentence`.

Tokens are addressed by their 0-based position in `DepSentence.words` (as on the scorer's
arc items); heads are written back as the CoNLL ID string of the new head ("0" = root).
"""

from __future__ import annotations

from tcompare.editing.tree_edits import EditRefused
from tcompare.model.deps import DepSentence


def _words(sentence: DepSentence, position: int):
    words = sentence.words
    if not 0 <= position < len(words):
        raise EditRefused(f"there is no word #{position + 1} in this sentence")
    return words


def would_make_cycle(sentence: DepSentence, dependent: int, new_head: int) -> bool:
    """True if attaching word `dependent` to word `new_head` (-1 = root) closes a cycle."""
    if new_head < 0:
        return False
    words = sentence.words
    by_id = {w.id: i for i, w in enumerate(words)}
    seen = set()
    current = new_head
    while current >= 0 and current not in seen:
        if current == dependent:
            return True
        seen.add(current)
        current = by_id.get(words[current].head, -1)
    return current == dependent


def reattach(sentence: DepSentence, dependent: int, new_head: int) -> DepSentence:
    """Attach word `dependent` to word `new_head` (-1 attaches it to the root).

    Raises
    ------
    EditRefused
        for a self-loop or an attachment that would make a cycle.
    """
    words = _words(sentence, dependent)
    if new_head >= len(words):
        raise EditRefused(f"there is no word #{new_head + 1} to attach to")
    if new_head == dependent:
        raise EditRefused("a word cannot be its own head")
    if would_make_cycle(sentence, dependent, new_head):
        raise EditRefused(
            f"attaching {words[dependent].form!r} to {words[new_head].form!r} would make a cycle")
    new = sentence.copy()
    new.words[dependent].head = "0" if new_head < 0 else new.words[new_head].id
    return new


def set_relation(sentence: DepSentence, dependent: int, relation: str) -> DepSentence:
    relation = relation.strip()
    if not relation or any(ch.isspace() for ch in relation):
        raise EditRefused("a relation cannot be empty or contain spaces")
    _words(sentence, dependent)
    new = sentence.copy()
    new.words[dependent].deprel = relation
    return new
