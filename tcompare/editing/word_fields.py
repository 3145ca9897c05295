"""Editing one column of one word: UPOS, XPOS, FEATS, LEMMA, MISC, DEPS (and FORM).

Pure functions returning a new `DepSentence`; only the edited column of the edited row
changes (and the ``# text`` line when a FORM or SpaceAfter change alters the surface text
it spelled), so every other line is written back byte for byte.  A value the official
validator would reject at level 2 (an unknown UPOS, FEATS not ``Name=Value`` or unsortable,
DEPS heads that do not exist, a self-loop, a TAB or a newline in a column) is refused with
`EditRefused`; FEATS and DEPS are put in their canonical order rather than refused for it.
"""

from __future__ import annotations

import re

from tcompare.editing.tree_edits import EditRefused
from tcompare.editing.word_rows import (WordRef, check_reachable, copy_rows, format_deps, is_node_id,
                                        keep_text_consistent, misc_items,
                                        multiword_members, parse_deps, row_index,
                                        sentence_like)
from tcompare.model.deps import DepSentence, DepToken

UPOS_TAGS = ("ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON",
             "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X")

# column name -> DepToken attribute (CoNLL-U names; see model.deps)
FIELDS = {"FORM": "form", "LEMMA": "lemma", "UPOS": "cpostag", "XPOS": "postag",
          "FEATS": "feats", "DEPS": "phead", "MISC": "pdeprel"}

_FEATURE = re.compile(r"^[A-Z][A-Za-z0-9]*(\[[a-z0-9]+\])?$")
_VALUE = re.compile(r"^[A-Z0-9][A-Za-z0-9]*$")
# the enhanced relation: universal[:subtype][:case information][:extra] (UD guidelines)
_EDEPREL = re.compile(r"^[a-z]+(:[a-z]+)?(:[^\W\d_A-Z]+(_[^\W\d_A-Z]+)*)?(:[a-z]+)?$")


def parse_feats(value: str) -> dict[str, list[str]]:
    """``Case=Nom|Number=Sing`` -> {"Case": ["Nom"], "Number": ["Sing"]} (``_`` -> {});
    refused, naming the item, when it is not ``Name=Value[,Value]``."""
    value = value.strip()
    if value in ("", "_"):
        return {}
    result: dict[str, list[str]] = {}
    for item in value.split("|"):
        name, eq, values = item.partition("=")
        if not eq or not _FEATURE.match(name):
            raise EditRefused(f"FEATS item {item!r} is not Name=Value (the name starts with "
                              "A-Z and has only letters and digits)")
        parts = values.split(",")
        for v in parts:
            if not _VALUE.match(v):
                raise EditRefused(f"feature value {v!r} in {item!r} must start with A-Z or 0-9 "
                                  "and have only letters and digits")
        if name in result:
            raise EditRefused(f"feature {name} is given twice")
        if len(set(parts)) != len(parts):
            raise EditRefused(f"feature {name} repeats a value")
        result[name] = parts
    return result


def format_feats(features: dict[str, list[str]] | dict[str, str]) -> str:
    """FEATS in the validator's order: names, and each name's values, sorted ignoring case."""
    items = []
    for name in sorted(features, key=str.lower):
        raw = features[name]
        values = raw.split(",") if isinstance(raw, str) else list(raw)
        items.append(f"{name}={','.join(sorted(values, key=str.lower))}")
    return "|".join(items) if items else "_"


def _check_plain(field: str, value: str, allow_space: bool) -> str:
    if "\t" in value or "\n" in value or "\r" in value:
        raise EditRefused(f"{field} cannot contain a TAB or a line break")
    if value != value.strip() or (not allow_space and any(c.isspace() for c in value)):
        raise EditRefused(f"{field} cannot " + ("start or end with a space" if allow_space
                                                else "contain spaces"))
    if not value:
        raise EditRefused(f"{field} cannot be empty (write _ for none)")
    return value


def normalised_deps(sentence: DepSentence, row_id: str, value: str) -> str:
    """DEPS checked against `sentence` (heads are 0, words or empty nodes of it; no
    self-loop; relations as UD spells them) and sorted as the validator wants."""
    value = value.strip()
    if value in ("", "_"):
        return "_"
    ids = {r.id for r in sentence.rows if r.kind != "multiword"}
    pairs = parse_deps(value)
    for head, rel in pairs:
        if head != "0" and (not is_node_id(head) or head not in ids):
            raise EditRefused(f"DEPS head {head} is not a word or empty node of this sentence")
        if head == row_id:
            raise EditRefused(f"DEPS {head}:{rel} would attach the word to itself")
        if not _EDEPREL.match(rel):
            raise EditRefused(f"{rel!r} is not an enhanced relation (lower-case universal "
                              "relation, then optional :subtype, :case and :extra)")
    return format_deps(pairs)


def _check_misc(value: str) -> str:
    _check_plain("MISC", value, allow_space=True)
    seen: set[str] = set()
    for item in misc_items(value):
        if not item:
            raise EditRefused("MISC has an empty item (two | in a row)")
        name = item.partition("=")[0]
        if name in seen and "=" in item:
            raise EditRefused(f"MISC gives {name} twice")
        seen.add(name)
    space = next((i.partition("=")[2] for i in misc_items(value) if i.startswith("SpaceAfter=")), None)
    if space is not None and space != "No":
        raise EditRefused("SpaceAfter can only be No (leave it out for a space)")
    return value


def _check_graph(rows: list[DepToken], edited: DepToken) -> None:
    """A sentence has an enhanced graph for all its nodes or for none (the validator's
    edeps-only-sometimes and unconnected-egraph errors)."""
    others = [r for r in rows if r.kind == "word" and r is not edited]
    if edited.phead == "_" and edited.kind == "word" and any(r.phead != "_" for r in others):
        raise EditRefused("every word of a sentence with enhanced graphs needs DEPS")
    if edited.phead != "_" and others and all(r.phead == "_" for r in others):
        raise EditRefused("this sentence has no enhanced graph: DEPS stays _ on every word")
    check_reachable(rows, f"DEPS {edited.phead}")


def _in_multiword(sentence: DepSentence, row: DepToken) -> bool:
    return any(any(w is row for w in span) for span in multiword_members(sentence.rows).values())


def set_field(sentence: DepSentence, word: WordRef, field: str, value: str) -> DepSentence:
    """A copy of `sentence` with column `field` (FORM, LEMMA, UPOS, XPOS, FEATS, DEPS, MISC) of
    `word` set to `value` (``_`` or "" for none).  FEATS and DEPS are written in canonical order.
    Multiword-token rows only take FORM and MISC; empty nodes take every column but FORM's
    spaces.  Raises `EditRefused` for a value the validator would reject."""
    field = field.upper()
    if field not in FIELDS:
        raise EditRefused(f"{field} is not an editable column ({', '.join(FIELDS)})")
    k = row_index(sentence, word)
    row = sentence.rows[k]
    if row.kind == "multiword" and field not in ("FORM", "MISC"):
        raise EditRefused(f"a multiword token ({row.id}) has no {field}: edit its words")
    value = value if value else "_"
    if field == "UPOS":
        if value not in UPOS_TAGS and not (value == "_" and row.kind == "empty"):
            raise EditRefused(f"{value!r} is not a universal POS tag ({' '.join(UPOS_TAGS)})")
    elif field == "FEATS":
        value = format_feats(parse_feats(value))
    elif field == "DEPS":
        value = normalised_deps(sentence, row.id, value)
    elif field == "MISC":
        value = _check_misc(value)
        if "SpaceAfter=No" in misc_items(value) and (row.kind == "empty" or _in_multiword(sentence, row)):
            raise EditRefused("SpaceAfter belongs to the multiword token's row, not to its words"
                              if row.kind == "word" else "an empty node has no SpaceAfter")
    else:
        value = _check_plain(field, value, allow_space=field in ("FORM", "LEMMA"))
        if field == "FORM" and row.kind == "multiword" and " " in value:
            raise EditRefused("a multiword token cannot contain a space (it is one surface token)")
    rows = copy_rows(sentence)
    setattr(rows[k], FIELDS[field], value)
    if field == "DEPS":
        _check_graph(rows, rows[k])
    comments = keep_text_consistent(sentence, rows, sentence.comments) \
        if field in ("FORM", "MISC") else sentence.comments
    return sentence_like(sentence, rows, comments)


def set_feature(sentence: DepSentence, word: WordRef, name: str, value: str | None) -> DepSentence:
    """`set_field` of FEATS with one feature set (several values joined by commas) or
    removed (`value` None or "")."""
    k = row_index(sentence, word)
    features = parse_feats(sentence.rows[k].feats)
    if value:
        features[name] = value.split(",")
    else:
        features.pop(name, None)
    probe = format_feats(features)
    return set_field(sentence, word, "FEATS", probe)

