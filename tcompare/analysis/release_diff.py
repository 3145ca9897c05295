"""Release diff: what changed between two releases of a treebank (issue 29 item 4).

API (the window and `tcompare diff` use it)::

    diff = release_diff(old_corpus, new_corpus)          # two `Corpus` objects, or
    diff = release_diff_files("old.conllu", "new.conllu")  # files (CoNLL read lean)
    diff.sentences        # one `SentenceDiff` per pair, in file order
    diff.status_counts()  # {"same": n, "changed": n, "retokenised": n, ...}
    diff.field_counts()   # {"UPOS": 96, "DEPREL": 229, ...}: words whose field changed
    diff.top_changes()    # [Change("DEPREL", "obl", "nmod", 312), ...] most frequent first
    diff.feature_changes()  # [Change("FEATS NumForm", "", "Digit", 430), ...] feature by feature

Pairing (`scoring.alignment.align_sentences`): by ``sent_id`` when both files give a
unique id to every sentence, else by text, then by position.  Where ids are used, a run of
sentences whose ids appear on one side only is aligned again by text: sentences cut or
joined differently are ``resegmented``, an id renamed on the same text is paired.

Each pair gets one status (`STATUSES`):

* ``same`` -- nothing differs in the fields compared;
* ``changed`` -- same tokenisation, some field differs (`SentenceDiff.changes`);
* ``retokenised`` -- the words were cut differently (field changes on the words that
  still pair up are counted too);
* ``resegmented`` -- several sentences on one side are one (or several) on the other;
* ``added`` / ``removed`` -- only in NEW / only in OLD;
* ``unreadable`` -- one side could not be read (`SentenceDiff.error` names file:line:col).

Every sentence of both files is in exactly one `SentenceDiff` (`ReleaseDiff.check`).
Which words and brackets are "the same" is decided in `tcompare.scoring.revision`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Sequence

from tcompare.analysis.release_sides import Annotation, CorpusSide, Side, open_side
from tcompare.formats.conll_rows import ConllRows
from tcompare.model.corpus import Corpus, ParseError
from tcompare.model.tree import Tree
from tcompare.scoring.alignment import SentencePair, align_sentences
from tcompare.scoring.revision import (BRACKET_KINDS, DEP_FIELDS, TREE_FIELDS, BracketChange,
                                       FieldChange, WordPairing, bracket_changes,
                                       comment_changes, dependency_changes, token_changes)

STATUSES = ("same", "changed", "retokenised", "resegmented", "added", "removed", "unreadable")
_ALIGN_STATUS = {"missing": "removed", "extra": "added", "joined": "resegmented",
                 "split": "resegmented"}


@dataclass(slots=True)
class SentenceDiff:
    """One aligned unit: 0-based sentence indices in OLD and NEW and what changed."""

    status: str
    old: tuple[int, ...]
    new: tuple[int, ...]
    changes: tuple[FieldChange, ...] = ()
    brackets: tuple[BracketChange, ...] = ()
    # which old word is which new word; None: word k is word k (the tokenisation is the same)
    pairing: WordPairing | None = None
    error: str | None = None
    # sentence comments that differ, (key, old, new): reported, never a status of their own
    comments: tuple[tuple[str, str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return self.status != "same"


class Change(NamedTuple):
    """One kind of change and how often it happened (`ReleaseDiff.top_changes`)."""

    field: str          # DEP_FIELDS / TREE_FIELDS name, or "brackets <kind>"
    old: str
    new: str
    count: int

    def __str__(self) -> str:
        if self.field == "HEAD":
            return f"HEAD changed ({self.old}): {self.count}"
        if self.field.startswith("brackets "):
            kind = self.field.split(" ", 1)[1]
            label = self.old + " -> " + self.new if kind == "relabelled" else (self.old or self.new)
            return f"{kind} {label}: {self.count}"
        return f"{self.field} {self.old or '_'} -> {self.new or '_'}: {self.count}"


@dataclass
class ReleaseDiff:
    """The diff of two releases (see the module docstring)."""

    old_path: str
    new_path: str
    kind: str                                   # "dependency" or "constituency"
    old_count: int
    new_count: int
    sentences: list[SentenceDiff] = field(default_factory=list)
    old_ids: list[str | None] = field(default_factory=list)
    new_ids: list[str | None] = field(default_factory=list)
    old_texts: list[str | None] = field(default_factory=list, repr=False)   # text keys
    new_texts: list[str | None] = field(default_factory=list, repr=False)
    paired_by: str = "text"                     # "sent_id" when both files' ids were used
    old_side: Side | None = field(default=None, repr=False)
    new_side: Side | None = field(default=None, repr=False)

    @property
    def fields(self) -> tuple[str, ...]:
        return DEP_FIELDS if self.kind == "dependency" else TREE_FIELDS

    def status_counts(self) -> dict[str, int]:
        """Units per status (a resegmented unit counts once), every status present."""
        counts = dict.fromkeys(STATUSES, 0)
        for s in self.sentences:
            counts[s.status] += 1
        return counts

    def side_counts(self) -> dict[str, tuple[int, int]]:
        """Per status, (OLD sentences, NEW sentences) in it: each column sums to the file's
        sentence count."""
        counts = {status: [0, 0] for status in STATUSES}
        for s in self.sentences:
            counts[s.status][0] += len(s.old)
            counts[s.status][1] += len(s.new)
        return {k: (a, b) for k, (a, b) in counts.items()}

    def field_counts(self) -> dict[str, int]:
        """Per field, how many words have it changed (in every field of `fields`)."""
        counts = dict.fromkeys(self.fields, 0)
        for s in self.sentences:
            for c in s.changes:
                counts[c.field] += 1
        return counts

    def bracket_counts(self) -> dict[str, int]:
        """Per kind (added / removed / relabelled / moved), how many brackets."""
        counts = dict.fromkeys(BRACKET_KINDS, 0)
        for s in self.sentences:
            for b in s.brackets:
                counts[b.kind] += 1
        return counts

    def top_changes(self, limit: int | None = None) -> list[Change]:
        """Changes grouped by (field, old value, new value), most frequent first (ties:
        field order, then values).  HEAD groups by the word's old relation; DEPS by its
        relations without heads."""
        counter: Counter[tuple[str, str, str]] = Counter()
        for s in self.sentences:
            for c in s.changes:
                counter[change_key(c, s)] += 1
            for b in s.brackets:
                counter[("brackets " + b.kind, b.old_label, b.new_label)] += 1
        order = {name: k for k, name in enumerate(self.fields)}
        order.update({"brackets " + kind: len(order) + k for k, kind in enumerate(BRACKET_KINDS)})
        ranked = sorted(counter.items(), key=lambda kv: (-kv[1], order.get(kv[0][0], 99), kv[0]))
        if limit is not None:
            ranked = ranked[:limit]
        return [Change(f, old, new, n) for (f, old, new), n in ranked]

    def comment_counts(self) -> dict[str, int]:
        """Per comment key (``text``, ``newpar id``...), the paired sentences where it
        changed, most frequent first."""
        counter: Counter[str] = Counter(k for s in self.sentences for k, _, _ in s.comments)
        return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))

    def feature_changes(self, limit: int | None = None) -> list[Change]:
        """FEATS and MISC changes feature by feature, most frequent first: field
        ``FEATS NumForm``, old value, new value ("" where the feature is absent)."""
        counter: Counter[tuple[str, str, str]] = Counter()
        for s in self.sentences:
            for c in s.changes:
                if c.field in ("FEATS", "MISC"):
                    old, new = _features(c.old), _features(c.new)
                    for name in sorted(old.keys() | new.keys()):
                        if old.get(name) != new.get(name):
                            counter[(f"{c.field} {name}", old.get(name, ""), new.get(name, ""))] += 1
        ranked = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        if limit is not None:
            ranked = ranked[:limit]
        return [Change(f, old, new, n) for (f, old, new), n in ranked]

    def check(self) -> None:
        """Raise AssertionError unless every sentence of both files is in exactly one unit."""
        old = sorted(i for s in self.sentences for i in s.old)
        new = sorted(j for s in self.sentences for j in s.new)
        if old != list(range(self.old_count)) or new != list(range(self.new_count)):
            raise AssertionError("a sentence is missing from the release diff or counted twice")

    def texts(self, unit: SentenceDiff) -> tuple[list[str], list[str]]:
        """The unit's sentences as shown to people: (OLD's, NEW's)."""
        a, b = self.old_side, self.new_side
        return ([a.text(i) for i in unit.old] if a is not None else [],
                [b.text(j) for j in unit.new] if b is not None else [])

    def annotations(self, unit: SentenceDiff) -> tuple[list[Annotation], list[Annotation]]:
        """The unit's sentences to draw old against new: `ConllRows` (dependencies), `Tree`
        (constituency) or the `ParseError` of an unreadable one, (OLD's, NEW's)."""
        a, b = self.old_side, self.new_side
        return ([a.annotation(i) for i in unit.old] if a is not None else [],
                [b.annotation(j) for j in unit.new] if b is not None else [])

    def sent_id(self, unit: SentenceDiff) -> str | None:
        """The unit's sent_id (NEW's, else OLD's), or None."""
        for j in unit.new:
            if self.new_ids and self.new_ids[j]:
                return self.new_ids[j]
        for i in unit.old:
            if self.old_ids and self.old_ids[i]:
                return self.old_ids[i]
        return None


def change_key(change: FieldChange, unit: SentenceDiff) -> tuple[str, str, str]:
    """The group a field change is counted in by `ReleaseDiff.top_changes`."""
    if change.field == "HEAD":
        rel = next((c.old for c in unit.changes
                    if c.field == "DEPREL" and c.old_word == change.old_word), None)
        return ("HEAD", rel or "relation kept", "")
    if change.field == "DEPS":
        return ("DEPS", _relations(change.old), _relations(change.new))
    return (change.field, change.old, change.new)


def _features(column: str) -> dict[str, str]:
    """``A=B|C=D`` as {A: B, C: D} (``_``: none; an item without ``=`` is its own name)."""
    if column in ("_", ""):
        return {}
    out = {}
    for item in column.split("|"):
        name, _, value = item.partition("=")
        out[name] = value
    return out


def _relations(deps: str) -> str:
    return "|".join(p.partition(":")[2] or p for p in deps.split("|"))


# -- computing it -----------------------------------------------------------------------------

def release_diff(old: Corpus | Side, new: Corpus | Side) -> ReleaseDiff:
    """Diff two releases given as corpora (or `release_sides` sides)."""
    a = CorpusSide(old) if isinstance(old, Corpus) else old
    b = CorpusSide(new) if isinstance(new, Corpus) else new
    if a.kind != b.kind:
        raise ValueError(f"{a.path} holds {a.kind} trees and {b.path} {b.kind} trees: "
                         "a release diff compares two files of the same kind")
    old_ids, old_texts = keys_of(a)
    new_ids, new_texts = keys_of(b)
    by_id = a.kind == "dependency"
    pairs = pair_sentences(old_texts, new_texts, old_ids if by_id else None,
                           new_ids if by_id else None)
    diff = ReleaseDiff(a.path, b.path, a.kind, len(a), len(b), old_ids=old_ids, new_ids=new_ids,
                       old_texts=old_texts, new_texts=new_texts, old_side=a, new_side=b)
    if by_id and _unique(old_ids) and _unique(new_ids):
        diff.paired_by = "sent_id"
    values: dict[str, str] = {}     # one string per distinct value (10^5 changes repeat them)
    diff.sentences = [_unit(p, a, b, values) for p in pairs]
    return diff


def release_diff_files(old_path: str, new_path: str, notation: str | None = None,
                       encoding: str | None = None) -> ReleaseDiff:
    """Diff two files (CoNLL-X / CoNLL-U in UTF-8 read lean: `release_sides.BlocksSide`).

    Raises `formats.ReadError` when a file cannot be opened or decoded, ValueError when the
    two files are not of the same kind."""
    return release_diff(open_side(old_path, notation, encoding),
                        open_side(new_path, notation, encoding))


def pair_sentences(old_texts: Sequence[str | None], new_texts: Sequence[str | None],
                   old_ids: Sequence[str | None] | None = None,
                   new_ids: Sequence[str | None] | None = None) -> list[SentencePair]:
    """Pair two files' sentences: by sent_id when both give unique ids, then the runs of
    ids found on one side only by text (`align_sentences`, then `_realign_runs`)."""
    pairs = align_sentences(old_texts, new_texts, old_ids, new_ids)
    if old_ids is not None and new_ids is not None:
        pairs = _realign_runs(pairs, old_texts, new_texts)
    return pairs


def _unique(ids: list[str | None]) -> bool:
    return bool(ids) and all(ids) and len(set(ids)) == len(ids)


def keys_of(side: Side) -> tuple[list[str | None], list[str | None]]:
    """Every sentence's sent_id and text key (at once where the side can)."""
    bulk = getattr(side, "keys", None)
    if bulk is not None:
        ids_texts: tuple[list[str | None], list[str | None]] = bulk()
        return ids_texts
    ids: list[str | None] = []
    texts: list[str | None] = []
    for k in range(len(side)):
        ident, text = side.key(k)
        ids.append(ident)
        texts.append(text)
    return ids, texts


def _realign_runs(pairs: list[SentencePair], old_texts: Sequence[str | None],
                  new_texts: Sequence[str | None]) -> list[SentencePair]:
    """Runs of sentences whose ids are on one side only, aligned again by text: keep the
    pairs that text alone makes (same text, joined, split), not the ones by position."""
    out: list[SentencePair] = []
    run: list[SentencePair] = []

    def flush() -> None:
        olds = [i for p in run for i in p.gold]
        news = [j for p in run for j in p.system]
        if olds and news:
            again = align_sentences([old_texts[i] for i in olds], [new_texts[j] for j in news])
            if any(p.kind in ("same", "joined", "split") for p in again):
                for p in again:
                    if p.kind == "changed":    # by position only: a removal and an addition
                        out.append(SentencePair((olds[p.gold[0]],), (), "missing"))
                        out.append(SentencePair((), (news[p.system[0]],), "extra"))
                    else:
                        out.append(SentencePair(tuple(olds[i] for i in p.gold),
                                                tuple(news[j] for j in p.system), p.kind))
                run.clear()
                return
        out.extend(run)
        run.clear()

    for p in pairs:
        if p.kind in ("missing", "extra"):
            run.append(p)
        else:
            flush()
            out.append(p)
    flush()
    return out


def _unit(pair: SentencePair, a: Side, b: Side, values: dict[str, str]) -> SentenceDiff:
    status = _ALIGN_STATUS.get(pair.kind)
    if status is not None:
        return SentenceDiff(status, pair.gold, pair.system)
    i, j = pair.gold[0], pair.system[0]
    if pair.kind == "same":
        raw = a.raw(i)
        if raw is not None and raw == b.raw(j):    # the same bytes: nothing to compare
            return SentenceDiff("same", pair.gold, pair.system)
    old, new = a.annotation(i), b.annotation(j)
    if isinstance(old, ParseError) or isinstance(new, ParseError):
        error = "; ".join(str(x) for x in (old, new) if isinstance(x, ParseError))
        return SentenceDiff("unreadable", pair.gold, pair.system, error=error)
    comments: tuple[tuple[str, str, str], ...] = ()
    if isinstance(old, ConllRows) and isinstance(new, ConllRows):
        pairing, changes = dependency_changes(old.words, new.words, [r[0] for r in old.ranges],
                                              [r[0] for r in new.ranges])
        brackets: list[BracketChange] = []
        comments = tuple(comment_changes(old.comments, new.comments))
    else:
        pairing, changes = token_changes(_tree(old), _tree(new))
        brackets = bracket_changes(_tree(old), _tree(new), pairing)
    if not pairing.same_tokens:
        status = "retokenised"
    elif changes or brackets:
        status = "changed"
    else:
        return SentenceDiff("same", pair.gold, pair.system, comments=comments)
    kept = tuple(FieldChange(c.field, values.setdefault(c.old, c.old), values.setdefault(c.new, c.new),
                             c.old_word, c.new_word) for c in changes)
    return SentenceDiff(status, pair.gold, pair.system, kept, tuple(brackets),
                        None if pairing.same_tokens else pairing, comments=comments)


def _tree(item: Any) -> Tree:
    if not isinstance(item, Tree):
        raise TypeError("a constituency side gave no tree")
    return item
