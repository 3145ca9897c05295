"""What changed between two annotations of the same sentence: the item comparison behind a
release diff (`tcompare diff`), duplicated sentences and any "old against new" view.

It lives in scoring because it decides which words and brackets are the same item on both
sides (house rule: nothing outside `tcompare/scoring/` decides a match).

Dependencies
------------
A sentence is given as its syntactic words' columns (10 strings each: ID FORM LEMMA UPOS
XPOS FEATS HEAD DEPREL DEPS MISC, CoNLL-U names) and its multiword-token ranges.

* `word_pairs`: when both sides have the same number of words and the same multiword
  ranges, word k pairs with word k (the tokenisation is the same; a different FORM is a
  FORM change).  Otherwise the sentence was retokenised: words pair when they cover the
  same characters (the forms concatenated, whitespace removed); when the characters differ
  too, equal forms pair in order (difflib's longest matching blocks; for sentences of more
  than `MATCHER_LIMIT` word pairs, the common head and tail only).
* `field_changes`: on every pair, each of LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC (and
  FORM) is compared as the string written.  HEAD and the heads inside DEPS are compared
  through the word pairing when the tokenisation changed (head 5 old is head 6 new when old
  word 5 is new word 6); a head whose word has no partner is a change.

Constituency
------------
* Brackets are ``(label, start, end)`` over words; an old bracket is compared in NEW's word
  numbers (`boundary_maps`): the same numbers when the tokenisation is the same (a changed
  word moves nothing), the boundary at the same character when only the cuts changed, else
  through the word pairing; a boundary with no counterpart never matches.  Every phrase
  node is a bracket (the root too); the label is the raw label.
* `bracket_changes`: brackets equal on both sides (label and span, as a multiset) are kept;
  of the rest, one with the same span on both sides is ``relabelled``; one with the same
  label and one boundary in common is ``moved`` (the other boundary moved); what is left
  is ``removed`` (old side) or ``added`` (new side).  Pairing is in preorder, first come
  first served (a moved bracket: the same start first, then the same end), so the result
  is deterministic.
* POS tags and forms of paired words are compared as fields ``POS`` and ``FORM``.
"""

from __future__ import annotations

import difflib
from collections import deque
from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from tcompare.model.tree import Node, Tree

# the columns compared, in file order (ID is where the word is, not an annotation)
DEP_FIELDS = ("FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")
COLUMN = {"FORM": 1, "LEMMA": 2, "UPOS": 3, "XPOS": 4, "FEATS": 5, "HEAD": 6, "DEPREL": 7,
          "DEPS": 8, "MISC": 9}
TREE_FIELDS = ("FORM", "POS")
BRACKET_KINDS = ("added", "removed", "relabelled", "moved")
MATCHER_LIMIT = 4_000_000     # old words x new words above which forms are not diffed


class FieldChange(NamedTuple):
    """One field of one word that differs: values as written, 0-based word positions."""

    field: str
    old: str
    new: str
    old_word: int
    new_word: int


class BracketChange(NamedTuple):
    """One bracket that is not on both sides.  Spans are 0-based half-open WORD spans on
    their own side (``None`` on the side it is absent from: added / removed)."""

    kind: str
    old_label: str
    new_label: str
    old_span: tuple[int, int] | None
    new_span: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class WordPairing:
    """Which old word is which new word.  `same_tokens`: the tokenisation did not change
    (word k is word k, `size` words); else `found` lists the pairs."""

    same_tokens: bool
    size: int = 0
    found: tuple[tuple[int, int], ...] = ()

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """(old word, new word) pairs, 0-based, in order."""
        if self.same_tokens:
            return tuple((k, k) for k in range(self.size))
        return self.found


# -- words ------------------------------------------------------------------------------------

def char_spans(forms: Sequence[str]) -> list[tuple[int, int]]:
    """Each form's [start, end) over the forms concatenated without whitespace."""
    spans = []
    pos = 0
    for form in forms:
        n = len("".join(form.split()))
        spans.append((pos, pos + n))
        pos += n
    return spans


def word_pairs(old_forms: Sequence[str], new_forms: Sequence[str],
               old_ranges: Sequence[str] = (), new_ranges: Sequence[str] = ()) -> WordPairing:
    """Pair old and new words (see the module docstring); `*_ranges` are the multiword
    token ids (``3-4``) of each side."""
    if len(old_forms) == len(new_forms) and list(old_ranges) == list(new_ranges):
        return WordPairing(True, len(old_forms))
    old_text = "".join("".join(f.split()) for f in old_forms)
    new_text = "".join("".join(f.split()) for f in new_forms)
    if old_text == new_text:
        where = {span: j for j, span in enumerate(char_spans(new_forms))}
        pairs = tuple((i, where[span]) for i, span in enumerate(char_spans(old_forms))
                      if span in where)
        return WordPairing(False, found=pairs)
    if len(old_forms) * len(new_forms) > MATCHER_LIMIT:
        return WordPairing(False, found=_ends_by_characters(old_forms, new_forms, old_text, new_text))
    matcher = difflib.SequenceMatcher(None, list(old_forms), list(new_forms), autojunk=False)
    found: list[tuple[int, int]] = []
    for a, b, size in matcher.get_matching_blocks():
        found.extend((a + d, b + d) for d in range(size))
    return WordPairing(False, found=tuple(found))


def _ends_by_characters(old_forms: Sequence[str], new_forms: Sequence[str], old_text: str,
                        new_text: str) -> tuple[tuple[int, int], ...]:
    """Linear-time pairing for huge sentences (difflib is quadratic): words inside the
    texts' common head pair when they cover the same characters from the start, words inside
    the common tail when they cover the same characters from the end."""
    head = 0
    limit = min(len(old_text), len(new_text))
    while head < limit and old_text[head] == new_text[head]:
        head += 1
    tail = 0
    while tail < limit - head and old_text[-1 - tail] == new_text[-1 - tail]:
        tail += 1
    old_spans, new_spans = char_spans(old_forms), char_spans(new_forms)
    new_from_start = {span: j for j, span in enumerate(new_spans) if span[1] <= head}
    pairs = [(i, new_from_start[span]) for i, span in enumerate(old_spans)
             if span[1] <= head and span in new_from_start]
    shift = len(new_text) - len(old_text)       # where an old tail character is in NEW
    new_in_tail = {span: j for j, span in enumerate(new_spans) if span[0] >= len(new_text) - tail}
    pairs += [(i, new_in_tail[(s + shift, e + shift)]) for i, (s, e) in enumerate(old_spans)
              if s >= len(old_text) - tail and (s + shift, e + shift) in new_in_tail]
    return tuple(pairs)


def _head_map(pairing: WordPairing) -> dict[str, str]:
    """Old head string -> the new head string of the same word (1-based ids; 0 stays 0)."""
    mapped = {"0": "0"}
    for i, j in pairing.pairs:
        mapped[str(i + 1)] = str(j + 1)
    return mapped


def _mapped_deps(deps: str, mapped: dict[str, str]) -> str:
    """DEPS with each head renumbered through the pairing (an empty node ``5.1`` by its
    major part); an unpaired head becomes ``?``."""
    if deps in ("_", ""):
        return deps
    out = []
    for part in deps.split("|"):
        head, sep, rel = part.partition(":")
        major, dot, minor = head.partition(".")
        new = mapped.get(major, "?")
        out.append(f"{new}{dot}{minor}{sep}{rel}")
    return "|".join(out)


def field_changes(old_words: Sequence[Sequence[str]], new_words: Sequence[Sequence[str]],
                  pairing: WordPairing, fields: Sequence[str] = DEP_FIELDS) -> list[FieldChange]:
    """Every field of every paired word that differs (word order, then field order)."""
    columns = [(name, COLUMN[name]) for name in fields]
    changes: list[FieldChange] = []
    if pairing.same_tokens:
        for i, (a, b) in enumerate(zip(old_words, new_words)):
            if a == b:
                continue
            for name, c in columns:
                if a[c] != b[c]:
                    changes.append(FieldChange(name, a[c], b[c], i, i))
        return changes
    mapped = _head_map(pairing)
    for i, j in pairing.pairs:
        a, b = old_words[i], new_words[j]
        for name, c in columns:
            if name == "HEAD":
                differs = mapped.get(a[c], "?") != b[c]
            elif name == "DEPS":
                differs = _mapped_deps(a[c], mapped) != b[c]
            else:
                differs = a[c] != b[c]
            if differs:
                changes.append(FieldChange(name, a[c], b[c], i, j))
    return changes


def comment_changes(old: Sequence[str], new: Sequence[str]) -> list[tuple[str, str, str]]:
    """The sentence comments that differ, as (key, old value, new value): ``# key = value``
    lines by key (a repeated key: its values joined by newlines), other comment lines by
    their whole text with the value ""; "" for a side without it.  File order of keys."""
    a, b = _comment_map(old), _comment_map(new)
    keys = list(a) + [k for k in b if k not in a]
    return [(k, a.get(k, ""), b.get(k, "")) for k in keys if a.get(k) != b.get(k)]


def _comment_map(lines: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in lines:
        body = line.lstrip("#").strip()
        key, eq, value = body.partition("=")
        key, value = (key.strip(), value.strip()) if eq else (body, "")
        out[key] = out[key] + "\n" + value if key in out else value
    return out


def dependency_changes(old_words: Sequence[Sequence[str]], new_words: Sequence[Sequence[str]],
                       old_ranges: Sequence[str] = (), new_ranges: Sequence[str] = ()
                       ) -> tuple[WordPairing, list[FieldChange]]:
    """`word_pairs` then `field_changes`: the whole comparison of two dependency sentences."""
    if len(old_words) == len(new_words) and list(old_ranges) == list(new_ranges):
        pairing = WordPairing(True, len(old_words))      # (the forms are not needed)
    else:
        pairing = word_pairs([w[1] for w in old_words], [w[1] for w in new_words],
                             old_ranges, new_ranges)
    return pairing, field_changes(old_words, new_words, pairing)


# -- trees ------------------------------------------------------------------------------------

def tree_brackets(tree: Tree) -> list[tuple[str, int, int]]:
    """Every phrase node as ``(raw label, word start, word end)``, in preorder."""
    if tree.root is None:
        return []
    return [(node.label.raw, node.start, node.end) for node in tree.nodes()]


def boundary_maps(old_forms: Sequence[str], new_forms: Sequence[str], pairing: WordPairing
                  ) -> tuple[dict[int, int], dict[int, int]]:
    """Where old word boundaries are among the new words: (old start -> new start, old end
    -> new end).  Same tokenisation: the same numbers; the same characters: the boundary
    at the same character; else through the word pairing."""
    if pairing.same_tokens:
        identity = {k: k for k in range(len(old_forms) + 1)}
        return identity, identity
    old_spans, new_spans = char_spans(old_forms), char_spans(new_forms)
    if old_spans and new_spans and old_spans[-1][1] == new_spans[-1][1] and \
            "".join("".join(f.split()) for f in old_forms) == "".join("".join(f.split()) for f in new_forms):
        new_start = {s: j for j, (s, _) in enumerate(new_spans)}
        new_end = {e: j + 1 for j, (_, e) in enumerate(new_spans)}
        starts = {i: new_start[s] for i, (s, _) in enumerate(old_spans) if s in new_start}
        ends = {i + 1: new_end[e] for i, (_, e) in enumerate(old_spans) if e in new_end}
    else:
        starts = {i: j for i, j in pairing.pairs}
        ends = {i + 1: j + 1 for i, j in pairing.pairs}
    starts[len(old_forms)] = len(new_forms)     # (an empty phrase at the very end)
    ends[0] = 0
    return starts, ends


def bracket_changes(old: Tree, new: Tree, pairing: WordPairing | None = None) -> list[BracketChange]:
    """The brackets not on both sides, classified (see the module docstring); `pairing`:
    the trees' word pairing (`token_changes`), computed when not given."""
    old_forms = [t.form for t in old.tokens]
    new_forms = [t.form for t in new.tokens]
    if pairing is None:
        pairing = word_pairs(old_forms, new_forms)
    starts, ends = boundary_maps(old_forms, new_forms, pairing)
    # old brackets in NEW's word numbers (-1: a boundary with no counterpart never matches)
    a = [(label, starts.get(s, -1), ends.get(e, -1), s, e) for label, s, e in tree_brackets(old)]
    b = [(label, s, e, s, e) for label, s, e in tree_brackets(new)]
    used_b = [False] * len(b)
    free: dict[tuple[str, int, int], list[int]] = {}
    for j, (label, s, e, _, _) in enumerate(b):
        free.setdefault((label, s, e), []).append(j)
    rest_a = []
    for i, (label, s, e, _, _) in enumerate(a):
        lst = free.get((label, s, e)) if s >= 0 and e >= 0 else None
        if lst:
            used_b[lst.pop(0)] = True
        else:
            rest_a.append(i)
    rest_b = [j for j in range(len(b)) if not used_b[j]]
    changes: list[BracketChange] = []
    taken: set[int] = set()

    def take(keys: Any, kind: str) -> list[int]:
        """Pair each of `rest_a` with the first free new bracket sharing one of its keys."""
        index: dict[Any, deque[int]] = {}
        for j in rest_b:
            for key in keys(b[j]):
                index.setdefault(key, deque()).append(j)
        left = []
        for i in rest_a:
            partner = None
            for key in keys(a[i]):
                waiting = index.get(key)
                while waiting and waiting[0] in taken:    # (taken under its other key)
                    waiting.popleft()
                if waiting:
                    partner = waiting.popleft()
                    break
            if partner is None:
                left.append(i)
                continue
            taken.add(partner)
            changes.append(BracketChange(kind, a[i][0], b[partner][0], (a[i][3], a[i][4]),
                                         (b[partner][3], b[partner][4])))
        return left

    rest_a = take(lambda x: [(x[1], x[2])] if x[1] >= 0 and x[2] >= 0 else [], "relabelled")
    rest_b = [j for j in rest_b if j not in taken]
    rest_a = take(lambda x: [key for key in ((x[0], "start", x[1]), (x[0], "end", x[2]))
                             if key[2] >= 0], "moved")
    changes.extend(BracketChange("removed", a[i][0], "", (a[i][3], a[i][4]), None) for i in rest_a)
    changes.extend(BracketChange("added", "", b[j][0], None, (b[j][3], b[j][4]))
                   for j in rest_b if j not in taken)
    return changes


def token_changes(old: Tree, new: Tree) -> tuple[WordPairing, list[FieldChange]]:
    """Pair the words of two trees and compare their forms and POS tags."""
    old_forms = [t.form for t in old.tokens]
    new_forms = [t.form for t in new.tokens]
    pairing = word_pairs(old_forms, new_forms)
    changes: list[FieldChange] = []
    for i, j in pairing.pairs:
        x, y = old.tokens[i], new.tokens[j]
        if x.form != y.form:
            changes.append(FieldChange("FORM", x.form, y.form, i, j))
        if x.pos != y.pos:
            changes.append(FieldChange("POS", x.pos, y.pos, i, j))
    return pairing, changes


def node_at(tree: Tree, span: tuple[int, int], label: str) -> Node | None:
    """The first node (preorder) with this word span and raw label: where a drawing marks a
    `BracketChange`."""
    for node in tree.nodes():
        if (node.start, node.end) == span and node.label.raw == label:
            return node
    return None
