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
  too, equal forms pair in order (difflib's longest matching blocks).
* `field_changes`: on every pair, each of LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC (and
  FORM) is compared as the string written.  HEAD and the heads inside DEPS are compared
  through the word pairing when the tokenisation changed (head 5 old is head 6 new when old
  word 5 is new word 6); a head whose word has no partner is a change.

Constituency
------------
* Brackets are ``(label, start, end)`` over CHARACTER offsets (the words' forms concatenated),
  so a retokenised sentence keeps its unchanged brackets.  Every phrase node is a bracket
  (the root too); the label is the raw label.
* `bracket_changes`: brackets equal on both sides (label and span, as a multiset) are kept;
  of the rest, one with the same span on both sides is ``relabelled``; one with the same
  label and one boundary in common is ``moved`` (the other boundary moved); what is left
  is ``removed`` (old side) or ``added`` (new side).  Pairing is in preorder, first come
  first served, so the result is deterministic.
* POS tags and forms of paired words are compared as fields ``POS`` and ``FORM``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, NamedTuple, Sequence

from tcompare.model.tree import Node, Tree

# the columns compared, in file order (ID is where the word is, not an annotation)
DEP_FIELDS = ("FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")
COLUMN = {"FORM": 1, "LEMMA": 2, "UPOS": 3, "XPOS": 4, "FEATS": 5, "HEAD": 6, "DEPREL": 7,
          "DEPS": 8, "MISC": 9}
TREE_FIELDS = ("FORM", "POS")
BRACKET_KINDS = ("added", "removed", "relabelled", "moved")


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
    matcher = difflib.SequenceMatcher(None, list(old_forms), list(new_forms), autojunk=False)
    found: list[tuple[int, int]] = []
    for a, b, size in matcher.get_matching_blocks():
        found.extend((a + d, b + d) for d in range(size))
    return WordPairing(False, found=tuple(found))


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

def tree_brackets(tree: Tree) -> list[tuple[str, int, int, int, int]]:
    """Every phrase node as ``(raw label, char start, char end, word start, word end)``, in
    preorder."""
    if tree.root is None:
        return []
    starts = [t.char_start for t in tree.tokens]
    ends = [t.char_end for t in tree.tokens]
    out = []
    for node in tree.nodes():
        if node.end > node.start:
            out.append((node.label.raw, starts[node.start], ends[node.end - 1],
                        node.start, node.end))
        else:       # an empty phrase (no words) sits between characters
            at = ends[node.start - 1] if node.start else 0
            out.append((node.label.raw, at, at, node.start, node.end))
    return out


def bracket_changes(old: Tree, new: Tree) -> list[BracketChange]:
    """The brackets not on both sides, classified (see the module docstring)."""
    a, b = tree_brackets(old), tree_brackets(new)
    used_b = [False] * len(b)
    free: dict[tuple[str, int, int], list[int]] = {}
    for j, (label, s, e, _, _) in enumerate(b):
        free.setdefault((label, s, e), []).append(j)
    rest_a = []
    for i, (label, s, e, _, _) in enumerate(a):
        lst = free.get((label, s, e))
        if lst:
            used_b[lst.pop(0)] = True
        else:
            rest_a.append(i)
    rest_b = [j for j in range(len(b)) if not used_b[j]]
    changes: list[BracketChange] = []

    def take(test: Any, kind: str) -> None:
        nonlocal rest_a, rest_b
        left_a = []
        for i in rest_a:
            partner = next((j for j in rest_b if test(a[i], b[j])), None)
            if partner is None:
                left_a.append(i)
                continue
            rest_b = [j for j in rest_b if j != partner]
            changes.append(BracketChange(kind, a[i][0], b[partner][0], (a[i][3], a[i][4]),
                                         (b[partner][3], b[partner][4])))
        rest_a = left_a

    take(lambda x, y: x[1:3] == y[1:3], "relabelled")
    take(lambda x, y: x[0] == y[0] and (x[1] == y[1] or x[2] == y[2]), "moved")
    changes.extend(BracketChange("removed", a[i][0], "", (a[i][3], a[i][4]), None) for i in rest_a)
    changes.extend(BracketChange("added", "", b[j][0], None, (b[j][3], b[j][4])) for j in rest_b)
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
