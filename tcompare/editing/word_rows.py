"""What the word-level edits share: finding a row, the MISC column's items, the sentence's
surface text, and renumbering rows after a word was added or removed.

Edits work on copies of the rows that still carry their OLD ids; `renumber` then gives every
row its new id and rewrites each reference (HEAD, DEPS, multiword ranges) through a table
``old id -> row``, so a reference to a word that is gone is caught (refused), never left
pointing at whatever word now has that number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tcompare.editing.tree_edits import EditRefused
from tcompare.model.deps import DepSentence, DepToken

WordRef = int | str
"""A word of a sentence: its 0-based position among the syntactic words (as on the
scorer's arc items), or the CoNLL-U ID of any row as a string (``"5"``, ``"24.1"``, ``"6-7"``)."""

_DECIMAL_ID = re.compile(r"^[0-9]+(\.[0-9]+)?$")
_TEXT = re.compile(r"^#\s*text\s*=")
_SENT_ID = re.compile(r"^#\s*sent_id\s*=\s*(\S*)")


def copy_rows(sentence: DepSentence) -> list[DepToken]:
    return sentence.copy().rows


def row_index(sentence: DepSentence, word: WordRef) -> int:
    """The index in `sentence.rows` of `word`; refused when there is no such word."""
    if isinstance(word, str):
        for k, row in enumerate(sentence.rows):
            if row.id == word:
                return k
        raise EditRefused(f"there is no row with ID {word} in this sentence")
    count = -1
    for k, row in enumerate(sentence.rows):
        if row.kind == "word":
            count += 1
            if count == word:
                return k
    raise EditRefused(f"there is no word #{word + 1} in this sentence")


def id_key(value: str) -> tuple[int, int]:
    """Sort key of a word or empty-node ID (``24`` < ``24.1`` < ``25``); (-1, 0) when not one."""
    if not _DECIMAL_ID.match(value):
        return (-1, 0)
    major, _, minor = value.partition(".")
    return (int(major), int(minor or 0))


def is_node_id(value: str) -> bool:
    return bool(_DECIMAL_ID.match(value))


# -- MISC ---------------------------------------------------------------------------------------
def misc_items(misc: str) -> list[str]:
    return [] if misc in ("", "_") else misc.split("|")


def misc_value(misc: str, key: str) -> str | None:
    for item in misc_items(misc):
        name, eq, value = item.partition("=")
        if eq and name == key:
            return value
    return None


def misc_with(misc: str, key: str, value: str | None) -> str:
    """`misc` with item ``key=value`` set in place (appended when absent), or removed when
    `value` is None; the other items keep their order and spelling."""
    items = misc_items(misc)
    out: list[str] = []
    placed = False
    for item in items:
        name, eq, _ = item.partition("=")
        if eq and name == key:
            if value is not None and not placed:
                out.append(f"{key}={value}")
                placed = True
            continue
        out.append(item)
    if value is not None and not placed:
        out.append(f"{key}={value}")
    return "|".join(out) if out else "_"


def no_space_after(row: DepToken) -> bool:
    return misc_value(row.pdeprel, "SpaceAfter") == "No"


# -- multiword tokens ---------------------------------------------------------------------------
def multiword_members(rows: list[DepToken]) -> dict[int, list[DepToken]]:
    """``id(range row) -> its member word rows`` read from the range IDs (rows in file order)."""
    members: dict[int, list[DepToken]] = {}
    words = {r.id: r for r in rows if r.kind == "word"}
    for row in rows:
        if row.kind != "multiword":
            continue
        first, _, last = row.id.partition("-")
        if not (first.isdigit() and last.isdigit()):
            raise EditRefused(f"the multiword range {row.id} is not two numbers")
        span = [words.get(str(n)) for n in range(int(first), int(last) + 1)]
        if not span or any(w is None for w in span):
            raise EditRefused(f"the multiword range {row.id} covers words that are not there")
        members[id(row)] = [w for w in span if w is not None]
    return members


def range_of(rows: list[DepToken], word: DepToken) -> DepToken | None:
    """The multiword range row whose members include `word`, if any."""
    for row_id, span in multiword_members(rows).items():
        if any(w is word for w in span):
            return next(r for r in rows if id(r) == row_id)
    return None


# -- the surface text ---------------------------------------------------------------------------
def surface(rows: list[DepToken]) -> str:
    """The sentence text the tokens spell: each surface token's FORM (a multiword token's
    own FORM stands for its words), a space after it unless its MISC says SpaceAfter=No."""
    covered: set[int] = set()
    for span in multiword_members(rows).values():
        covered.update(id(w) for w in span)
    parts: list[str] = []
    for row in rows:
        if row.kind == "empty" or id(row) in covered:
            continue
        parts.append(row.form)
        if not no_space_after(row):
            parts.append(" ")
    return "".join(parts).rstrip(" ")


def text_line(comments: list[str]) -> int | None:
    return next((k for k, c in enumerate(comments) if _TEXT.match(c)), None)


def text_value(comments: list[str]) -> str | None:
    k = text_line(comments)
    return None if k is None else comments[k].split("=", 1)[1].strip()


def with_text(comments: list[str], text: str) -> list[str]:
    """`comments` with the ``# text`` line saying `text` (its spelling before the ``=`` kept);
    added after ``# sent_id`` (or at the end) when there was none."""
    out = list(comments)
    k = text_line(out)
    if k is not None:
        out[k] = out[k].split("=", 1)[0] + "= " + text
        return out
    sent = next((i for i, c in enumerate(out) if _SENT_ID.match(c)), len(out) - 1)
    out.insert(sent + 1, f"# text = {text}")
    return out


def _spaces_as_one(text: str) -> tuple[str, list[int]]:
    """`text` with each run of whitespace (a no-break space too) as one space, and where
    each character of that string starts in `text` (plus its end)."""
    out: list[str] = []
    starts: list[int] = []
    i = 0
    while i < len(text):
        starts.append(i)
        if text[i].isspace():
            j = i
            while j < len(text) and text[j].isspace():
                j += 1
            out.append(" ")
            i = j
        else:
            out.append(text[i])
            i += 1
    starts.append(len(text))
    return "".join(out), starts


def keep_text_consistent(before: DepSentence, rows: list[DepToken], comments: list[str]) -> list[str]:
    """The ``# text`` line follows an edit of the tokens when it spelled them before (a text
    that already disagreed with its tokens is the annotator's to fix, and is left as it is).
    Only the stretch the edit changed is rewritten: a no-break space or a double space the
    text has between tokens elsewhere stays (the validator reads any whitespace as a space)."""
    old = text_value(before.comments)
    if old is None:
        return comments
    was, new = surface(before.rows), surface(rows)
    plain, starts = _spaces_as_one(old)
    if plain != was or new == was:
        return comments
    p = 0
    while p < min(len(was), len(new)) and was[p] == new[p]:
        p += 1
    q = 0
    while q < min(len(was), len(new)) - p and was[-1 - q] == new[-1 - q]:
        q += 1
    return with_text(comments, old[:starts[p]] + new[p:len(new) - q] + old[starts[len(was) - q]:])


def text_of_part(old: str | None, whole: str, start: int, end: int) -> str:
    """The text of characters `start`..`end` of a sentence's surface `whole`, cut from its
    ``# text`` `old` when that spells `whole` (its no-break spaces kept), else from `whole`."""
    if old is not None:
        plain, starts = _spaces_as_one(old)
        if plain == whole:
            return old[starts[start]:starts[end]].strip()
    return whole[start:end].strip()


def sent_id(comments: list[str]) -> str | None:
    for c in comments:
        m = _SENT_ID.match(c)
        if m:
            return m.group(1)
    return None


def with_sent_id(comments: list[str], value: str) -> list[str]:
    out = list(comments)
    for k, c in enumerate(out):
        if _SENT_ID.match(c):
            out[k] = c.split("=", 1)[0] + "= " + value
            return out
    return [f"# sent_id = {value}", *out]


# -- renumbering --------------------------------------------------------------------------------
@dataclass
class Renumbered:
    rows: list[DepToken]
    new_id: dict[int, str]       # id(row) -> its new ID


def parse_deps(deps: str) -> list[tuple[str, str]]:
    """DEPS as (head, relation) pairs; [] for ``_``.  Refused when an item has no ``:``."""
    if deps in ("", "_"):
        return []
    pairs = []
    for item in deps.split("|"):
        head, colon, rel = item.partition(":")
        if not colon or not head or not rel:
            raise EditRefused(f"DEPS item {item!r} is not HEAD:RELATION")
        pairs.append((head, rel))
    return pairs


def format_deps(pairs: list[tuple[str, str]]) -> str:
    """Sorted by head (as numbers: 24 < 24.1 < 25), then relation; repeats dropped."""
    unique = sorted(set(pairs), key=lambda p: (id_key(p[0]), p[1]))
    return "|".join(f"{h}:{r}" for h, r in unique) if unique else "_"


def _deps_of(row: DepToken) -> list[tuple[str, str]] | None:
    if row.phead in ("", "_"):
        return None
    try:
        return parse_deps(row.phead)
    except EditRefused as exc:
        raise EditRefused(f"DEPS of {row.id} ({row.form!r}) cannot be renumbered: {exc}; "
                          "fix it first") from None


def renumber(rows: list[DepToken], members: dict[int, list[DepToken]],
             target: dict[str, DepToken | None], what: str = "") -> Renumbered:
    """New IDs for `rows` (in their new order, range rows anywhere: each is put before its
    first member) and every HEAD / DEPS head rewritten through `target` (``old id -> the row
    it now means``; None: that word is gone, and a reference to it refuses the edit).

    `members`: ``id(range row) -> member rows``; a range left with fewer than two members is
    refused (the caller dissolves it first)."""
    new_id: dict[int, str] = {}
    words = 0
    minor = 0
    body = [r for r in rows if r.kind != "multiword"]
    for row in body:
        if row.kind == "word":
            words += 1
            minor = 0
            new_id[id(row)] = str(words)
        else:
            minor += 1
            new_id[id(row)] = f"{words}.{minor}"

    def moved(old: str, owner: DepToken, column: str) -> str:
        if old == "0" or not is_node_id(old):
            return old
        if old not in target:
            return old          # a reference the file had wrong already: left as read
        row = target[old]
        if row is None:
            raise EditRefused(f"{column} of {owner.form!r} points to a word that would be gone"
                              f"{what}; attach it elsewhere first")
        return new_id[id(row)]

    out: list[DepToken] = []
    by_id = {id(r): r for r in rows}
    first_member = {id(span[0]): by_id[range_id] for range_id, span in members.items()
                    if range_id in by_id}
    for row in body:
        if id(row) in first_member:
            range_row = first_member[id(row)]
            span = members[id(range_row)]
            if len(span) < 2:
                raise EditRefused(f"the multiword token {range_row.form!r} would have one word")
            ids = [int(new_id[id(w)]) for w in span]
            if ids != list(range(ids[0], ids[0] + len(ids))):
                raise EditRefused(f"the words of the multiword token {range_row.form!r} would "
                                  "not be next to each other")
            range_row.id = f"{ids[0]}-{ids[-1]}"
            out.append(range_row)
        if row.kind == "word":
            row.head = moved(row.head, row, "HEAD")
        deps = _deps_of(row)
        if deps is not None:
            pairs = [(moved(h, row, "DEPS"), rel) for h, rel in deps]
            # only rewritten when an ID moved: the column as read stays byte for byte
            if [h for h, _ in pairs] != [h for h, _ in deps]:
                # two words made one: an arc between them is gone, repeats are one arc
                kept = [(h, r) for h, r in pairs if h != new_id[id(row)]]
                if not kept and row.kind == "word":
                    kept = [(row.head, row.deprel)]
                row.phead = format_deps(kept)
        row.id = new_id[id(row)]
        out.append(row)
    return Renumbered(out, new_id)


def unreached(rows: list[DepToken]) -> list[DepToken]:
    """The words and empty nodes the enhanced graph does not reach from the root ([] when
    the sentence has no enhanced graph: every DEPS ``_`` and no empty node)."""
    nodes = [r for r in rows if r.kind != "multiword"]
    if not any(r.kind == "empty" or r.phead not in ("", "_") for r in nodes):
        return []
    children: dict[str, list[str]] = {}
    for r in nodes:
        for h, _ in parse_deps(r.phead):
            children.setdefault(h, []).append(r.id)
    reached = {"0"}
    todo = ["0"]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in reached:
                reached.add(c)
                todo.append(c)
    return [r for r in nodes if r.id not in reached]


def check_reachable(rows: list[DepToken], what: str) -> None:
    """Refuse `what` when it leaves a node the enhanced graph does not reach from the root
    (the validator's unconnected-egraph error)."""
    missing = unreached(rows)
    if missing:
        r = missing[0]
        raise EditRefused(f"{what} would leave {r.id} ({r.form!r}) out of the enhanced graph "
                          "(nothing reaches it from the root)")


def targets(rows: list[DepToken]) -> dict[str, DepToken | None]:
    """``old id -> row`` for every word and empty node of `rows` (before an edit)."""
    return {r.id: r for r in rows if r.kind != "multiword"}


def sentence_like(before: DepSentence, rows: list[DepToken], comments: list[str] | None = None
                  ) -> DepSentence:
    """A new sentence with `rows`, the comments of `before` (or `comments`) and no parse
    warnings (its meta copied without the reader's line numbers and warnings)."""
    meta = {k: v for k, v in before.meta.items() if k not in ("lines", "warnings", "bad_width")}
    return DepSentence(rows, list(before.comments if comments is None else comments), meta)
