"""Dependency sentences: CoNLL-X's ten columns, with CoNLL-U extras kept for writing.

Columns are kept as the exact strings read (HEAD too: eval.pl compares heads as strings).
CoNLL-U rows that are not syntactic words (multiword token ranges ``3-4`` and empty nodes
``5.1``) are kept in `rows` in file order, but `words` lists only the scored tokens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    # the ten CoNLL-X columns as DepToken's positional fields (for unpacking a sliced row)
    TenColumns = tuple[str, str, str, str, str, str, str, str, str, str]

COLUMNS = ("id", "form", "lemma", "cpostag", "postag", "feats", "head", "deprel", "phead", "pdeprel")


@dataclass(slots=True, eq=False)
class DepToken:
    """One row.  For CoNLL-U the names map as cpostag=UPOS, postag=XPOS, phead=DEPS, pdeprel=MISC."""

    id: str
    form: str = "_"
    lemma: str = "_"
    cpostag: str = "_"
    postag: str = "_"
    feats: str = "_"
    head: str = "_"
    deprel: str = "_"
    phead: str = "_"
    pdeprel: str = "_"
    extra_columns: tuple[str, ...] = ()  # columns beyond the tenth, kept verbatim

    @property
    def kind(self) -> str:
        """``word``, ``multiword`` (``3-4``) or ``empty`` (``5.1``)."""
        if "-" in self.id:
            return "multiword"
        if "." in self.id:
            return "empty"
        return "word"

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.id, self.form, self.lemma, self.cpostag, self.postag, self.feats,
                self.head, self.deprel, self.phead, self.pdeprel) + self.extra_columns


@dataclass(slots=True, eq=False)
class DepSentence:
    """A sentence: comment lines (without their newline), then rows in file order."""

    rows: list[DepToken] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    # (the rows list, its length, the words): many callers ask for `words` once per word,
    # which rebuilt it each time (quadratic on a 10^5-word sentence)
    _words: tuple[list[DepToken], int, list[DepToken]] | None = field(
        default=None, init=False, repr=False, compare=False)

    @property
    def words(self) -> list[DepToken]:
        """The scored tokens (no ranges, no empty nodes); a shared list: do not change it.

        Kept until `rows` is replaced or changes length (rows are appended or filtered,
        never swapped in place; a token's id, which decides its kind, is never edited)."""
        rows = self.rows
        cached = self._words
        if cached is None or cached[0] is not rows or cached[1] != len(rows):
            cached = self._words = (rows, len(rows), [r for r in rows if r.kind == "word"])
        return cached[2]

    def __len__(self) -> int:
        return len(self.words)

    def text(self) -> str:
        for c in self.comments:
            body = c.lstrip("#").strip()
            if body.startswith("text ="):
                return body[len("text ="):].strip()
        return " ".join(w.form for w in self.words)

    def copy(self) -> "DepSentence":
        return DepSentence([DepToken(*cast("TenColumns", r.columns[:10]), extra_columns=r.extra_columns) for r in self.rows],
                           list(self.comments), dict(self.meta))


def joined_sentences(sentences: "list[DepSentence]") -> DepSentence:
    """Several sentences as one (word k of the result is the k-th word over all of them):
    ids, heads and DEPS heads renumbered, a head 0 stays the root, so each arc stays in its
    sentence."""
    rows: list[DepToken] = []
    offset = 0

    def shift(value: str) -> str:
        if value.isdigit():
            return str(int(value) + offset) if int(value) else "0"
        return value

    def shift_ref(value: str) -> str:       # an empty node 5.1: its word number moves
        major, dot, minor = value.partition(".")
        return f"{shift(major)}.{minor}" if dot else shift(value)

    def shift_deps(value: str) -> str:      # DEPS head:rel|... (CoNLL-X PHEAD: a number)
        if value.isdigit():
            return shift(value)
        if value in ("", "_") or ":" not in value:
            return value
        return "|".join(shift_ref(h) + sep + rel for h, sep, rel in
                        (piece.partition(":") for piece in value.split("|")))

    for sentence in sentences:
        for r in sentence.rows:
            if r.kind == "multiword":
                first, _, last = r.id.partition("-")
                new_id = f"{shift(first)}-{shift(last)}"
            elif r.kind == "empty":
                major, _, minor = r.id.partition(".")
                new_id = f"{shift(major)}.{minor}"
            else:
                new_id = shift(r.id)
            rows.append(DepToken(new_id, r.form, r.lemma, r.cpostag, r.postag, r.feats,
                                 shift(r.head) if r.kind == "word" else r.head, r.deprel,
                                 shift_deps(r.phead), r.pdeprel, extra_columns=r.extra_columns))
        offset += len(sentence.words)
    return DepSentence(rows)
