"""Inserting and deleting empty nodes (CoNLL-U ``5.1`` rows of the enhanced graph).

Pure functions returning a new `DepSentence`.  An empty node has no HEAD or DEPREL (``_``);
it hangs in the enhanced graph by its DEPS, so it needs at least one, and only a sentence
with enhanced graphs can take one.  Deleting a node that other rows' DEPS still point to is
refused (naming them): those arcs are the annotator's to move first.
"""

from __future__ import annotations

from tcompare.editing.tree_edits import EditRefused
from tcompare.editing.word_fields import UPOS_TAGS, format_feats, normalised_deps, parse_feats
from tcompare.editing.word_rows import (WordRef, copy_rows, multiword_members, parse_deps,
                                        renumber, row_index, sentence_like, targets)
from tcompare.model.deps import DepSentence, DepToken


def insert_empty_node(sentence: DepSentence, after_word: WordRef | None, deps: str,
                      form: str = "_", lemma: str = "_", upos: str = "_", xpos: str = "_",
                      feats: str = "_", misc: str = "_") -> DepSentence:
    """A new empty node after word `after_word` (and after the empty nodes already there;
    None: before the first word, ID ``0.1``), attached by `deps` (``HEAD:REL|...``)."""
    rows = copy_rows(sentence)
    if not any(r.phead not in ("", "_") for r in rows if r.kind != "multiword"):
        raise EditRefused("this sentence has no enhanced graph (DEPS is empty): an empty "
                          "node would hang nowhere")
    if after_word is None:
        at, major = 0, "0"
    else:
        k = row_index(sentence, after_word)
        if rows[k].kind != "word":
            raise EditRefused(f"insert an empty node after a word, not after {rows[k].id}")
        for span in multiword_members(rows).values():
            if any(w is rows[k] for w in span[:-1]):
                raise EditRefused(f"{rows[k].form!r} is inside a multiword token: insert "
                                  "the empty node after the token's last word")
        major = rows[k].id
        at = k + 1
    while at < len(rows) and rows[at].kind == "empty":
        at += 1
    for name, value in (("FORM", form), ("LEMMA", lemma), ("XPOS", xpos), ("MISC", misc)):
        if not value or "\t" in value or "\n" in value:
            raise EditRefused(f"{name} of the empty node cannot be empty or hold TAB or newline")
    if upos not in UPOS_TAGS and upos != "_":
        raise EditRefused(f"{upos!r} is not a universal POS tag")
    if not deps or deps.strip() == "_":
        raise EditRefused("an empty node needs DEPS (HEAD:RELATION) to hang in the graph")
    minor = sum(1 for r in rows if r.kind == "empty" and r.id.partition(".")[0] == major) + 1
    node_id = f"{major}.{minor}"
    probe = sentence_like(sentence, rows + [DepToken(node_id)])
    node = DepToken(node_id, form, lemma, upos, xpos, format_feats(parse_feats(feats)), "_", "_",
                    normalised_deps(probe, node_id, deps), misc,
                    extra_columns=tuple("_" for _ in (rows[0].extra_columns if rows else ())))
    rows.insert(at, node)
    table = targets(rows)
    done = renumber(rows, multiword_members(rows), table)
    return sentence_like(sentence, done.rows)


def delete_empty_node(sentence: DepSentence, node: str) -> DepSentence:
    """Empty node `node` (its ID, ``"24.1"``) removed; later empty nodes of the same word are
    renumbered with every DEPS that names them."""
    rows = copy_rows(sentence)
    k = row_index(sentence, node)
    gone = rows[k]
    if gone.kind != "empty":
        raise EditRefused(f"{gone.id} is not an empty node")
    users = [r.id for r in rows if r.kind != "multiword" and r is not gone
             and r.phead not in ("", "_") and any(h == gone.id for h, _ in parse_deps(r.phead))]
    if users:
        raise EditRefused(f"the empty node {gone.id} ({gone.form!r}) is the enhanced head of "
                          f"{', '.join(users)}: attach them elsewhere first")
    table = targets(rows)
    table[gone.id] = None
    rows = [r for r in rows if r is not gone]
    done = renumber(rows, multiword_members(rows), table)
    return sentence_like(sentence, done.rows)
