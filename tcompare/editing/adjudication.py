"""Adjudication: a curated file made from several annotators' versions, decision by decision.

The curated file starts as a byte copy of the first annotator's file (written at once, so
the editor's journal has a file to journal against) and keeps its sentence order.  Each
decision replaces one sentence of it:

* *take a sentence* -- annotator B's (or the parser's) sentence, its exact text;
* *take an item* -- B's value of one disagreement (`scoring.annotators.Disagreement`): a
  word's HEAD / DEPREL / POS / FEATS, a word's tag, the brackets over a span;
* *edit* -- a sentence typed by the curator in the file's notation.

Lossless: a sentence holds its full text in the file (`SentenceRecord.source`); an item
taken or an edit is rendered in the sentence's own layout (`format_like`); untouched
sentences keep their bytes.

Nothing is lost by a crash: after every decision the sentences changed since the last save
go to the editor's journal (`editing.journal`: ``<curated>.tcompare.recovery``, their full
text) and the provenance sidecar ``<curated>.provenance.json`` is rewritten, both atomically.
The next start finds the journal (`journal.load`) and `restore` puts the texts back exactly.

One session at a time: `open` takes ``<curated>.tcompare.lock`` (`editing.curated_lock`)
and raises `CuratedFileLocked`, naming its owner, while another live session holds it;
`close` releases it.

The sidecar says who said what: the sources (name, path, sha256, role), and per decision
the sentence, the item, each source's value, which was taken, by whom, when, and whether
it is in the saved file yet.
"""

from __future__ import annotations

import getpass
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Sequence

from tcompare import formats
from tcompare.editing import journal as journal_mod
from tcompare.editing.curated_lock import CuratedFileLocked as CuratedFileLocked
from tcompare.editing.curated_lock import CuratedLock
from tcompare.editing.dep_edits import would_make_cycle
from tcompare.editing.labels import label_parser
from tcompare.editing.save import atomic_write, copy_mode
from tcompare.editing.tree_edits import (EditRefused, delete_bracket, insert_bracket_over_span,
                                         relabel, set_pos)
from tcompare.model.corpus import Corpus
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.scoring.annotators import Disagreement, span_labels

SIDECAR_VERSION = 1
Choice = Callable[[journal_mod.Journal, Corpus], set[int]]
EDIT = "edit"       # the `taken` of a sentence the curator typed


def sidecar_path(curated_path: str | Path) -> Path:
    curated_path = Path(curated_path)
    return curated_path.with_name(curated_path.name + ".provenance.json")


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def curator_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "curator"


@dataclass
class Source:
    """One version of the sentences: an annotator's file or a parser's."""

    name: str
    path: str
    role: str = "annotator"     # or "parser"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "role": self.role,
                "sha256": journal_mod.file_hash(self.path)}


@dataclass
class Decision:
    sentence: int                         # 1-based, in the curated file
    taken: str                            # a source's name, or EDIT
    values: dict[str, str | None]         # each source's version of what was decided
    item: dict[str, Any] | None = None    # start, end, fields of the item; None: the sentence
    curator: str = ""
    when: str = ""
    saved: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"sentence": self.sentence, "item": self.item, "taken": self.taken,
                "values": self.values, "curator": self.curator, "when": self.when,
                "saved": self.saved}

    @classmethod
    def from_json(cls, data: Any) -> "Decision":
        if not isinstance(data, dict) or not isinstance(data.get("sentence"), int) \
                or not isinstance(data.get("taken"), str) or not isinstance(data.get("values"), dict):
            raise ValueError("a decision lacks its sentence, what was taken or the values")
        return cls(data["sentence"], data["taken"], dict(data["values"]), data.get("item"),
                   str(data.get("curator", "")), str(data.get("when", "")), bool(data.get("saved")))


@dataclass
class _Step:
    """What undo needs: the sentence's text and item before a decision."""

    row: int
    source: str
    item: Any
    decision: Decision


@dataclass
class Adjudication:
    """The curated corpus and the decisions made on it; see the module docstring."""

    curated: Corpus
    sources: list[Source]
    curator: str = field(default_factory=curator_name)
    decisions: list[Decision] = field(default_factory=list)
    unsaved: set[int] = field(default_factory=set)          # 0-based rows changed since saved
    restored: list[str] = field(default_factory=list)       # what `open` found after a crash
    _undo: list[_Step] = field(default_factory=list)
    journal: journal_mod.Journal | None = None
    lock: CuratedLock | None = None

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, base_path: str | Path, curated_path: str | Path, sources: Sequence[Source],
             curator: str | None = None, recover: bool | Choice = True,
             report: journal_mod.Report | None = None) -> "Adjudication":
        """The curated file at `curated_path` (made from `base_path`'s bytes when absent),
        its sidecar's decisions, and -- with `recover` -- a crashed session's journal put back
        (`recover` may be a function that is shown the journal and the curated file as on
        disk and returns the 0-based rows to restore: the window's recovery offer).

        Raises `CuratedFileLocked` when another session adjudicates into it,
        `formats.ReadError` when the curated file cannot be read."""
        curated_path = Path(curated_path)
        lock = CuratedLock.take(curated_path, curator)
        try:
            if not curated_path.exists():
                atomic_write(curated_path, Path(base_path).read_bytes(), mode=copy_mode(Path(base_path)))
            self = cls._open_locked(curated_path, sources, curator, recover, report)
        except BaseException:
            lock.release()
            raise
        self.lock = lock
        return self

    @classmethod
    def _open_locked(cls, curated_path: Path, sources: Sequence[Source], curator: str | None,
                     recover: bool | Choice, report: journal_mod.Report | None) -> "Adjudication":
        corpus = formats.read_file(curated_path)
        self = cls(corpus, list(sources), curator or curator_name())
        self.decisions = read_sidecar(curated_path, report)
        crashed = journal_mod.load(curated_path, report)
        self.journal = journal_mod.Journal.for_corpus(corpus)
        if crashed is not None and callable(recover):
            rows = recover(crashed, corpus)
            crashed.edits = {i: t for i, t in crashed.edits.items() if i - 1 in rows}
        if crashed is not None and recover and crashed.edits:
            self.restored = self.restore(crashed)
        # decisions neither saved nor restored are not in the file: forget them
        self.decisions = [d for d in self.decisions if d.saved or d.sentence - 1 in self.unsaved]
        if self.unsaved:
            self._write_journal()
        if crashed is not None:
            crashed.discard_except(self.journal.path if self.unsaved else None)
        return self

    def close(self) -> None:
        """End the session: the lock goes (unsaved decisions stay in the journal)."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def restore(self, crashed: journal_mod.Journal) -> list[str]:
        """Put a crashed session's journaled sentences back, byte for byte; the problems."""
        problems = []
        if crashed.base_hash and crashed.base_hash != journal_mod.file_hash(self.curated.path):
            problems.append(f"{self.curated.path} changed since the decisions were journaled")
        for index, text in sorted(crashed.edits.items()):
            row = index - 1
            if not 0 <= row < len(self.curated):
                problems.append(f"sentence {index}: not in the file any more")
                continue
            item = self._read_one(text, f"{crashed.path}#{index}")
            if item is None:
                problems.append(f"sentence {index}: the journaled text cannot be read back")
                continue
            self._put(row, text, item)
            self.unsaved.add(row)
        return problems

    # -- decisions -------------------------------------------------------------------------
    def item(self, row: int) -> Any:
        return self.curated[row].item

    def take_sentence(self, row: int, taken: str, text: str,
                      values: dict[str, str | None]) -> Decision:
        """Sentence `row` becomes source `taken`'s sentence, whose exact text is `text`."""
        item = self._read_one(text)
        if item is None:
            raise EditRefused(f"{taken}'s sentence cannot be read as {self.curated.notation}")
        return self._decide(row, self._fit(row, text), item, Decision(row + 1, taken, values))

    def take_item(self, row: int, item: Disagreement, taken: str, version: Any,
                  values: dict[str, str | None], fields: Sequence[str] | None = None) -> Decision:
        """Make sentence `row` agree with `version` (source `taken`'s sentence) on `item`
        (only `fields` of it when given).  Raises `EditRefused` when it cannot."""
        current = self.item(row)
        wanted = tuple(f for f in item.fields if fields is None or f in fields) or item.fields
        if isinstance(current, DepSentence) and isinstance(version, DepSentence):
            new: Any = take_word_fields(current, version, item.start, wanted)
        elif isinstance(current, Tree) and isinstance(version, Tree):
            new = take_span(current, version, item, label_parser(self.curated.notation))
        else:
            raise EditRefused("this item cannot be taken on its own: take the whole sentence")
        text = self._render(row, new)
        where = {"start": item.start, "end": item.end, "fields": list(wanted), "kind": item.kind}
        return self._decide(row, text, new, Decision(row + 1, taken, values, where))

    def edit(self, row: int, text: str, values: dict[str, str | None]) -> Decision:
        """Sentence `row` becomes `text`, typed in the file's notation."""
        parsed = formats.read_text(text.rstrip("\r\n") + "\n", self.curated.notation,
                                   "the edited sentence")
        if len(parsed) != 1 or parsed[0].error is not None:
            why = parsed[0].error if len(parsed) == 1 else f"{len(parsed)} sentences"
            raise EditRefused(f"the edited text is not one sentence: {why}")
        item = parsed[0].item
        return self._decide(row, self._render(row, item), item, Decision(row + 1, EDIT, values))

    def undo(self) -> Decision | None:
        """Take back the last decision (None: nothing to undo)."""
        if not self._undo:
            return None
        step = self._undo.pop()
        self._put(step.row, step.source, step.item)
        self.unsaved.add(step.row)
        if step.decision in self.decisions:
            self.decisions.remove(step.decision)
        self._persist()
        return step.decision

    def decided(self, row: int) -> list[Decision]:
        return [d for d in self.decisions if d.sentence == row + 1]

    # -- the file --------------------------------------------------------------------------
    def save(self) -> Path:
        """Write the curated file and its sidecar; the journal goes."""
        path = Path(self.curated.path)
        atomic_write(path, formats.corpus_bytes(self.curated), mode=copy_mode(path))
        for decision in self.decisions:
            decision.saved = True
        self.unsaved.clear()
        write_sidecar(self)
        if self.journal is not None:
            self.journal.discard()
        return path

    # -- inside ----------------------------------------------------------------------------
    def _read_one(self, text: str, where: str = "<sentence>") -> Any:
        """`text` read as one sentence of the curated file's notation (None: it is not one).
        The blank lines after it are left out: in a one-tree-per-line file a blank line is
        a sentence of its own."""
        parsed = formats.read_text(text.rstrip("\r\n") + "\n", self.curated.notation, where)
        return parsed[0].item if len(parsed) == 1 and parsed[0].error is None else None

    def _fit(self, row: int, text: str) -> str:
        """`text` with the line end the curated file has at `row` (a source's last sentence
        may end without one, the curated one in the middle of the file needs it)."""
        nl = self.curated.newline
        here = self.curated[row].source
        body = text.rstrip("\r\n")
        tail = here[len(here.rstrip("\r\n")):]
        if self.curated.notation in ("conllu", "conllx"):
            return body + (tail if tail.count("\n") >= 2 else nl + nl)
        return body + (tail or ("" if row == len(self.curated) - 1 else nl))

    def _render(self, row: int, item: Any) -> str:
        notation = formats.get(self.curated.notation)
        source = self.curated[row].source
        if notation.format_like is not None:
            return notation.format_like(item, source, self.curated.newline)
        return self._fit(row, notation.format_item(item, self.curated.newline))

    def _put(self, row: int, text: str, item: Any) -> None:
        record = self.curated[row]
        record.source = text
        record.replace_item(item, edited=False)    # written as `text`, byte for byte

    def _decide(self, row: int, text: str, item: Any, decision: Decision) -> Decision:
        record = self.curated[row]
        self._undo.append(_Step(row, record.source, record.item, decision))
        self._put(row, text, item)
        decision.curator, decision.when = self.curator, now()
        self.decisions.append(decision)
        self.unsaved.add(row)
        self._persist()
        return decision

    def _persist(self) -> None:
        self._write_journal()
        write_sidecar(self)

    def _write_journal(self) -> None:
        if self.journal is None:
            return
        self.journal.edits = {row + 1: self.curated[row].source for row in sorted(self.unsaved)}
        self.journal.write()


# -- taking one item ---------------------------------------------------------------------------
def take_word_fields(current: DepSentence, version: DepSentence, word: int,
                     fields: Sequence[str]) -> DepSentence:
    """`current` with word `word`'s `fields` (attachment, label, pos, feats) from `version`."""
    if len(current.words) != len(version.words) or not 0 <= word < len(current.words):
        raise EditRefused("the versions have different words: take the whole sentence")
    theirs = version.words[word]
    if "attachment" in fields:
        ids = {w.id: k for k, w in enumerate(current.words)}
        head = -1 if theirs.head == "0" else ids.get(theirs.head)
        if head is None:
            raise EditRefused(f"head {theirs.head} is not a word of this sentence")
        if head == word or would_make_cycle(current, word, head):
            raise EditRefused(f"attaching {theirs.form!r} as they did would make a cycle here: "
                              "take their whole sentence, or their heads first")
    new = current.copy()
    mine = new.words[word]
    if "attachment" in fields:
        mine.head = theirs.head
    if "label" in fields:
        mine.deprel = theirs.deprel
    if "pos" in fields:
        mine.cpostag, mine.postag = theirs.cpostag, theirs.postag
    if "feats" in fields:
        mine.feats = theirs.feats
    return new


def take_span(current: Tree, version: Tree, item: Disagreement, parse_label: Any) -> Tree:
    """`current` with `version`'s tag of a word item, or its brackets over a span item."""
    if len(current.tokens) != len(version.tokens):
        raise EditRefused("the versions have different words: take the whole sentence")
    if item.kind == "word":
        return set_pos(current, item.start, version.tokens[item.start].pos)
    span = (item.start, item.end)
    wanted = span_labels(version).get(span, "").split()
    tree = current
    while True:       # relabel top-down what is there, delete what is too much
        nodes = [n for n in tree.nodes() if (n.start, n.end) == span and n.label.raw]
        if len(nodes) > len(wanted):
            if nodes[-1] is tree.root:
                raise EditRefused("the root bracket cannot be deleted")
            tree = delete_bracket(tree, nodes[-1].id)
            continue
        break
    for k, node in enumerate(nodes):
        if node.label.raw != wanted[k]:
            tree = relabel(tree, node.id, wanted[k], parse_label)
    for label in wanted[len(nodes):]:     # brackets they have and we lack, innermost last
        tree = insert_bracket_over_span(tree, span[0], span[1], label, parse_label)
    return tree


# -- the sidecar ---------------------------------------------------------------------------------
def write_sidecar(adjudication: Adjudication) -> Path:
    path = sidecar_path(adjudication.curated.path)
    data = {"version": SIDECAR_VERSION, "curated": str(adjudication.curated.path),
            "notation": adjudication.curated.notation,
            "sources": [s.to_json() for s in adjudication.sources],
            "decisions": [d.to_json() for d in adjudication.decisions]}
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"),
                 mode=copy_mode(Path(adjudication.curated.path)))
    return path


def read_sidecar(curated_path: str | Path, report: journal_mod.Report | None = None) -> list[Decision]:
    """The decisions of `curated_path`'s sidecar ([] when there is none); an unreadable
    sidecar is moved aside with a message, never fatal."""
    path = sidecar_path(curated_path)
    if not path.is_file():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("decisions"), list):
            raise ValueError("not a tcompare provenance sidecar")
        return [Decision.from_json(d) for d in data["decisions"]]
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        journal_mod.move_aside(path, str(exc) or type(exc).__name__, report)
        return []

