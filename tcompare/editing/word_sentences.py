"""Splitting a sentence in two and merging two sentences into one.

Pure functions returning new `DepSentence`s, valid for the UD validator when the input was:

* IDs start at 1 in each sentence; HEAD, DEPS and multiword ranges follow their words.
* A split never cuts a multiword token.  Heads that cross the cut are RE-ROOTED, not refused
  (refusing would make the split useless on a real tree): in each half, the words whose
  head is in the other half (or the root) are the half's orphans; the half that holds the
  old root keeps it, the other one's root is its first orphan that is not punctuation, its
  DEPREL becoming ``root``; the other orphans attach to that root keeping their DEPREL.  Enhanced arcs across the cut are dropped; a word that lost one, and every word
  the enhanced graph no longer reaches from the root, gets its basic arc in DEPS; an empty
  node whose every enhanced head is across the cut hangs from its half's root (with the
  relation of its first arc); one that would still be cut off refuses the split.
* ``# sent_id``: the halves of ``X`` are ``X-a`` and ``X-b`` (a number is added when the
  file already has that id: pass the file's ids as `taken`); merging ``X-a`` with ``X-b``
  gives ``X`` back, any other merge keeps the first sentence's id.
* ``# text`` is cut in two (joined on a merge, with a space unless the first sentence's last
  token has SpaceAfter=No), its no-break spaces kept; a text that did not spell its tokens
  is rebuilt from FORMs and SpaceAfter (a multiword token's own FORM counts).
  SpaceAfter itself is not changed: the last word of the first half keeps its own, so
  merging the halves again gives the text as it was.
* Other comment lines (``# newdoc``, ``# newpar``, ``# translit``...) stay with the first
  half; a merge keeps the first sentence's and adds the second's, except its ``sent_id``,
  ``text``, ``newdoc`` and ``newpar`` (a sentence cannot start a paragraph in its middle).
* Merging attaches the second sentence's root to the first's as ``parataxis`` (the UD
  relation for two clauses side by side), in DEPS too.
"""

from __future__ import annotations

import re
from typing import Collection

from tcompare.editing.tree_edits import EditRefused
from tcompare.editing.word_rows import (WordRef, check_reachable, copy_rows, format_deps, is_node_id,
                                        multiword_members, parse_deps, renumber, row_index,
                                        sent_id, sentence_like, surface, targets,
                                        text_of_part, text_value, unreached,
                                        with_sent_id, with_text)
from tcompare.model.deps import DepSentence, DepToken

_DROPPED_ON_MERGE = re.compile(r"^#\s*(sent_id|text|newdoc|newpar)\b")


def _free_id(candidate: str, taken: Collection[str]) -> str:
    if candidate not in taken:
        return candidate
    n = 2
    while f"{candidate}{n}" in taken:
        n += 1
    return f"{candidate}{n}"


def _reroot(half: list[DepToken], enhanced: bool) -> None:
    """Make `half` one tree (see the module's docstring); changes its rows in place."""
    words = [r for r in half if r.kind == "word"]
    ids = {r.id for r in half if r.kind != "multiword"}
    orphans = [w for w in words if w.head == "0" or (is_node_id(w.head) and w.head not in ids)]
    lost: set[int] = set()
    root = next((w for w in words if w.head == "0"), None)
    if orphans:
        roots = [w for w in orphans if w.head == "0"]
        if roots:
            root = roots[0]
        else:
            # the first one in word order: UD heads coordination and flat runs by their
            # first word, so the others (conjuncts) stay left-to-right
            root = next((w for w in orphans if w.cpostag != "PUNCT"), orphans[0])
            root.head, root.deprel = "0", "root"
            lost.add(id(root))
        for w in orphans:
            if w is not root:
                w.head = root.id
                if w.deprel == "root":
                    w.deprel = "dep"
                lost.add(id(w))
    if not enhanced:
        return
    for r in half:
        if r.kind == "multiword" or r.phead in ("", "_"):
            continue
        pairs = parse_deps(r.phead)
        kept = [(h, rel) for h, rel in pairs if h == "0" or h in ids]
        if not kept and r.kind == "empty" and root is not None:
            kept = [(root.id, pairs[0][1])]
        if r.kind == "word" and id(r) in lost:
            kept = [(h, rel) for h, rel in kept if h != "0"] + [(r.head, r.deprel)]
        if kept != pairs or id(r) in lost:
            if r.kind == "word" and (r.head, r.deprel) not in kept:
                kept.append((r.head, r.deprel))
            r.phead = format_deps(kept)
    _reach_every_word(half)


def _reach_every_word(half: list[DepToken]) -> None:
    """Every node reachable from the root in the enhanced graph: an unreached word gets its
    basic arc (the basic tree reaches all words); an unreached empty node refuses."""
    while True:
        missing = unreached(half)
        fixable = [r for r in missing if r.kind == "word"
                   and (r.head, r.deprel) not in parse_deps(r.phead)]
        if not fixable:
            check_reachable(half, "the split")
            return
        for r in fixable:
            r.phead = format_deps(parse_deps(r.phead) + [(r.head, r.deprel)])


def split_sentence(sentence: DepSentence, before_word: WordRef,
                   taken: Collection[str] = ()) -> tuple[DepSentence, DepSentence]:
    """`sentence` cut before word `before_word` (0-based position or ID) into two sentences
    (re-rooting, ids, texts: the module's docstring).  `taken`: the ``sent_id``s already in the
    file, so the new ones are unique."""
    rows = copy_rows(sentence)
    k = row_index(sentence, before_word)
    if rows[k].kind != "word":
        raise EditRefused(f"cut a sentence before a word, not before {rows[k].id}")
    if not any(r.kind == "word" for r in rows[:k]):
        raise EditRefused("the cut is before the first word: the first sentence would be empty")
    members = multiword_members(rows)
    cut = k
    for range_id, span in members.items():
        if any(w is rows[k] for w in span):
            if span[0] is not rows[k]:
                raise EditRefused(f"{rows[k].form!r} is inside a multiword token: cut before "
                                  "or after the whole token")
            cut = next(i for i, r in enumerate(rows) if id(r) == range_id)
    enhanced = any(r.phead not in ("", "_") for r in rows if r.kind != "multiword")
    halves = []
    for part in (rows[:cut], rows[cut:]):
        _reroot(part, enhanced)
        spans = {rid: span for rid, span in members.items() if any(r is span[0] for r in part)}
        halves.append(renumber(part, spans, targets(part), " in its half").rows)
    whole, text = surface(sentence.rows), text_value(sentence.comments)
    first, second = surface(halves[0]), surface(halves[1])
    comments_a = with_text(sentence.comments, text_of_part(text, whole, 0, len(first)))
    comments_b = [f"# text = {text_of_part(text, whole, len(whole) - len(second), len(whole))}"]
    old = sent_id(sentence.comments)
    if old is not None:
        comments_a = with_sent_id(comments_a, _free_id(f"{old}-a", taken))
        comments_b.insert(0, f"# sent_id = {_free_id(f'{old}-b', taken)}")
    return sentence_like(sentence, halves[0], comments_a), sentence_like(sentence, halves[1], comments_b)


def _shift(value: str, offset: int) -> str:
    if not is_node_id(value) or value == "0":
        return value
    major, dot, minor = value.partition(".")
    return f"{int(major) + offset}{dot}{minor}"


def merge_sentences(a: DepSentence, b: DepSentence, taken: Collection[str] = ()) -> DepSentence:
    """`b` appended to `a` as one sentence: `b`'s IDs shifted, its root attached to `a`'s root
    as ``parataxis``; ``# text`` rebuilt, ``# sent_id`` as the module's docstring says (``X``
    from ``X-a`` + ``X-b`` only when `taken`, the file's other ids, does not hold ``X``)."""
    rows_a, rows_b = copy_rows(a), copy_rows(b)
    root_a = next((r for r in rows_a if r.kind == "word" and r.head == "0"), None)
    if root_a is None or not rows_b:
        raise EditRefused("the first sentence has no root word" if root_a is None
                          else "the second sentence has no words")
    offset = sum(1 for r in rows_a if r.kind == "word")
    for r in rows_b:
        if r.kind == "multiword":
            first, _, last = r.id.partition("-")
            r.id = f"{_shift(first, offset)}-{_shift(last, offset)}"
            continue
        was_root = r.kind == "word" and r.head == "0"
        r.id = _shift(r.id, offset)
        if r.kind == "word":
            r.head, r.deprel = (root_a.id, "parataxis") if was_root else (_shift(r.head, offset), r.deprel)
        if r.phead not in ("", "_"):
            pairs = [(_shift(h, offset), rel) for h, rel in parse_deps(r.phead)]
            if was_root:
                r.phead = format_deps([(root_a.id, "parataxis") if h == "0" else (h, rel)
                                       for h, rel in pairs])
            else:   # shifting keeps the order: the column keeps its spelling
                r.phead = "|".join(f"{h}:{rel}" for h, rel in pairs)
    rows = rows_a + rows_b
    # a last check that every reference is in the merged sentence (bad input stays refused)
    ids = set(targets(rows))
    for r in rows:
        if r.kind == "word" and is_node_id(r.head) and r.head != "0" and r.head not in ids:
            raise EditRefused(f"HEAD {r.head} of {r.form!r} is not a word of the merged sentence")
    comments = list(a.comments) + [c for c in b.comments if not _DROPPED_ON_MERGE.match(c)]
    # each sentence's own text (its no-break spaces kept), joined as the first one's last
    # token says: a space unless SpaceAfter=No
    whole, parts = surface(rows), [surface(a.rows), surface(b.rows)]
    space = whole[len(parts[0]):len(whole) - len(parts[1])]
    texts = [text_of_part(text_value(x.comments), part, 0, len(part)) for x, part in zip((a, b), parts)]
    comments = with_text(comments, texts[0] + space + texts[1])
    ida, idb = sent_id(a.comments), sent_id(b.comments)
    if ida and idb and ida.endswith("-a") and idb == ida[:-2] + "-b" and ida[:-2] not in taken:
        comments = with_sent_id(comments, ida[:-2])
    check_reachable(rows, "the merge")
    return sentence_like(a, rows, comments)
