"""Splitting and merging tokens, making and dissolving multiword tokens.

Pure functions returning a new `DepSentence`.  IDs after the edit are renumbered, and every
HEAD, DEPS head and multiword range follows its word (`word_rows.renumber`); rows whose
columns did not change are written back as read except for the IDs and heads that moved.
SpaceAfter stays where the surface text needs it: inside a multiword token it belongs to the
range row (the validator's rule), elsewhere to the word.  The ``# text`` line is rewritten
only when the edit changed the text the tokens spell and the line spelled it before.
"""

from __future__ import annotations

from typing import Mapping

from tcompare.editing.tree_edits import EditRefused
from tcompare.editing.word_fields import FIELDS, set_field
from tcompare.editing.word_rows import (WordRef, check_reachable, copy_rows, keep_text_consistent, misc_items,
                                        misc_value, misc_with, multiword_members, no_space_after,
                                        renumber, row_index, sentence_like, targets)
from tcompare.model.deps import DepSentence, DepToken


def _has_enhanced(rows: list[DepToken]) -> bool:
    return any(r.phead not in ("", "_") for r in rows if r.kind != "multiword")


def _range_holding(rows: list[DepToken], members: dict[int, list[DepToken]],
                   word: DepToken) -> DepToken | None:
    for row in rows:
        if row.kind == "multiword" and any(w is word for w in members.get(id(row), [])):
            return row
    return None


def _word_at(sentence: DepSentence, word: WordRef, rows: list[DepToken]) -> tuple[int, DepToken]:
    k = row_index(sentence, word)
    if rows[k].kind != "word":
        raise EditRefused(f"{rows[k].id} is not a syntactic word")
    return k, rows[k]


def split_token(sentence: DepSentence, word: WordRef, at: int | None = None,
                forms: tuple[str, str] | None = None, multiword: bool = False,
                second: Mapping[str, str] | None = None) -> DepSentence:
    """`word` split in two: at character `at` of its FORM, or into the two `forms`.

    The first part keeps every column of the word (its HEAD, DEPREL, DEPS, FEATS, LEMMA, its
    dependents); the second is a new word attached to the first as ``dep`` (``X`` for UPOS,
    its form as LEMMA; DEPS ``first:dep`` when the sentence has enhanced graphs), changed by
    `second` (column -> value, checked as `set_field` does).  Outside a multiword token the two
    forms must spell the word's FORM (the text stays as it was) and the first part gets
    SpaceAfter=No; inside one (or with `multiword`, which makes the old FORM a new multiword
    token over the two parts) the forms are free and the range grows by one word."""
    rows = copy_rows(sentence)
    k, row = _word_at(sentence, word, rows)
    members = multiword_members(rows)
    if forms is None:
        if at is None or not 0 < at < len(row.form):
            raise EditRefused(f"split {row.form!r} between two of its characters (1 to "
                              f"{len(row.form) - 1}), not at {at}")
        forms = (row.form[:at], row.form[at:])
    if any(not f or any(c.isspace() for c in f) for f in forms):
        raise EditRefused("each part of a split needs a form without spaces")
    holder = _range_holding(rows, members, row)
    if holder is None and not multiword and forms[0] + forms[1] != row.form:
        raise EditRefused(f"{forms[0]!r} + {forms[1]!r} do not spell {row.form!r}: outside a "
                          "multiword token the parts must keep the text")
    old_id = row.id
    table = targets(rows)
    enhanced = _has_enhanced(rows)
    new = DepToken("new", forms[1], forms[1], "X", "_", "_", old_id, "dep",
                   f"{old_id}:dep" if enhanced else "_", "_",
                   extra_columns=tuple("_" for _ in row.extra_columns))
    if holder is not None:
        span = members[id(holder)]
        span.insert(span.index(row) + 1, new)
    elif multiword:
        space = misc_value(row.pdeprel, "SpaceAfter")
        holder = DepToken("0-0", row.form, "_", "_", "_", "_", "_", "_", "_",
                          f"SpaceAfter={space}" if space else "_",
                          extra_columns=tuple("_" for _ in row.extra_columns))
        row.pdeprel = misc_with(row.pdeprel, "SpaceAfter", None)
        rows.insert(k, holder)
        k += 1
        members[id(holder)] = [row, new]
    else:
        if no_space_after(row):
            new.pdeprel = "SpaceAfter=No"
        row.pdeprel = misc_with(row.pdeprel, "SpaceAfter", "No")
    row.form = forms[0]
    rows.insert(k + 1, new)
    done = renumber(rows, members, table, " after the split")
    result = sentence_like(sentence, done.rows,
                           keep_text_consistent(sentence, done.rows, sentence.comments))
    for field, value in (second or {}).items():
        if field.upper() not in FIELDS:
            raise EditRefused(f"{field} cannot be given for the new word ({', '.join(FIELDS)})")
        result = set_field(result, done.new_id[id(new)], field, value)
    return result


def _ancestors(rows: list[DepToken], word: DepToken) -> set[str]:
    by_id = {r.id: r for r in rows if r.kind == "word"}
    seen: set[str] = set()
    current = by_id.get(word.head)
    while current is not None and current.id not in seen:
        seen.add(current.id)
        current = by_id.get(current.head)
    return seen


def merge_tokens(sentence: DepSentence, word: WordRef, form: str | None = None) -> DepSentence:
    """`word` and the next word made one.  The merged word keeps the columns of the one that
    governs the other (directly or higher up; the first when neither does), the two FORMs and
    LEMMAs joined (with the space between them when there was one, so the text stays the
    same; `form` to give another FORM), the second's SpaceAfter.  Dependents of both attach to
    it; an arc between the two disappears.  Two words of one multiword token merge inside it
    (a token left with one word becomes that word, with the token's FORM); a word of a
    multiword token and a word outside it are refused."""
    rows = copy_rows(sentence)
    k, first = _word_at(sentence, word, rows)
    after = next((r for r in rows[k + 1:] if r.kind == "word"), None)
    if after is None:
        raise EditRefused(f"{first.form!r} is the last word: there is no next word to merge with")
    members = multiword_members(rows)
    holder = _range_holding(rows, members, first)
    if holder is not _range_holding(rows, members, after):
        raise EditRefused(f"{first.form!r} and {after.form!r} are not in the same multiword "
                          "token: dissolve it first")
    keep, gone = (after, first) if after.id in _ancestors(rows, first) else (first, after)
    space = "" if holder is not None or no_space_after(first) else " "
    merged_form = form if form is not None else first.form + space + after.form
    if not merged_form or merged_form != merged_form.strip() or "\t" in merged_form:
        raise EditRefused("the merged word needs a form without leading, trailing spaces or TABs")
    lemmas = (first.lemma, after.lemma)
    keep.lemma = keep.lemma if "_" in lemmas else lemmas[0] + space + lemmas[1]
    keep.form = merged_form
    if holder is None:
        keep.pdeprel = misc_with(keep.pdeprel, "SpaceAfter", "No" if no_space_after(after) else None)
    table = targets(rows)
    table[gone.id] = keep
    rows = [r for r in rows if r is not gone]
    if holder is not None:
        span = members[id(holder)]
        span.remove(gone)
        if len(span) == 1:
            keep.form = holder.form
            keep.pdeprel = _misc_union(keep.pdeprel, holder.pdeprel)
            del members[id(holder)]
            rows = [r for r in rows if r is not holder]
    done = renumber(rows, members, table, " after the merge")
    check_reachable(done.rows, "the merge")
    return sentence_like(sentence, done.rows,
                         keep_text_consistent(sentence, done.rows, sentence.comments))


def _misc_union(word_misc: str, range_misc: str) -> str:
    """The word's MISC with the range row's items it does not have (SpaceAfter included)."""
    out = word_misc
    for item in misc_items(range_misc):
        name, eq, value = item.partition("=")
        if eq and misc_value(out, name) is None:
            out = misc_with(out, name, value)
    return out


def make_multiword(sentence: DepSentence, first: WordRef, last: WordRef,
                   form: str | None = None) -> DepSentence:
    """Words `first` to `last` become one multiword token with FORM `form` (by default their
    forms joined: there must be no space between them then).  The token's range row takes the
    last word's SpaceAfter; the words lose theirs (the validator's rule)."""
    rows = copy_rows(sentence)
    i, a = _word_at(sentence, first, rows)
    j, b = _word_at(sentence, last, rows)
    if j <= i:
        raise EditRefused("a multiword token needs at least two words, first before last")
    members = multiword_members(rows)
    span = rows[i:j + 1]
    for r in span:
        if r.kind == "empty":
            raise EditRefused(f"the empty node {r.id} lies between {a.form!r} and {b.form!r}")
        if r.kind == "multiword" or _range_holding(rows, members, r) is not None:
            raise EditRefused(f"{r.form!r} is already part of a multiword token")
    if form is None:
        spaced = [r.form for r in span[:-1] if not no_space_after(r)]
        if spaced:
            raise EditRefused(f"there is a space after {spaced[0]!r}: a multiword token is one "
                              "surface token (give its form to make one anyway)")
        form = "".join(r.form for r in span)
    if not form or any(c.isspace() for c in form):
        raise EditRefused("a multiword token's form cannot be empty or contain spaces")
    space = misc_value(b.pdeprel, "SpaceAfter")
    holder = DepToken("0-0", form, "_", "_", "_", "_", "_", "_", "_",
                      f"SpaceAfter={space}" if space else "_",
                      extra_columns=tuple("_" for _ in a.extra_columns))
    for r in span:
        if misc_value(r.pdeprel, "SpaceAfter") is not None:
            r.pdeprel = misc_with(r.pdeprel, "SpaceAfter", None)
    rows.insert(i, holder)
    members[id(holder)] = list(span)
    done = renumber(rows, members, targets(rows))
    return sentence_like(sentence, done.rows,
                         keep_text_consistent(sentence, done.rows, sentence.comments))


def dissolve_multiword(sentence: DepSentence, multiword: WordRef) -> DepSentence:
    """The multiword token `multiword` (its range ID ``"6-7"``, or any of its words) removed:
    its words become surface tokens.  They are written without spaces between them, the last
    takes the token's SpaceAfter, the first its other MISC items; IDs do not change."""
    rows = copy_rows(sentence)
    k = row_index(sentence, multiword)
    members = multiword_members(rows)
    holder = rows[k] if rows[k].kind == "multiword" else _range_holding(rows, members, rows[k])
    if holder is None:
        raise EditRefused(f"{rows[k].form!r} is not part of a multiword token")
    span = members[id(holder)]
    for r in span[:-1]:
        r.pdeprel = misc_with(r.pdeprel, "SpaceAfter", "No")
    space = misc_value(holder.pdeprel, "SpaceAfter")
    span[-1].pdeprel = misc_with(span[-1].pdeprel, "SpaceAfter", space)
    others = misc_with(holder.pdeprel, "SpaceAfter", None)
    span[0].pdeprel = _misc_union(span[0].pdeprel, others)
    rows = [r for r in rows if r is not holder]
    return sentence_like(sentence, rows, keep_text_consistent(sentence, rows, sentence.comments))
