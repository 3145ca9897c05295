"""The gold file of an open Workspace: saving, the recovery journal, review marks.  No Qt.

The GUI's file actions (gui/editor/files.py) only ask the user and show outcomes; what is
written, when, and what a crashed session left behind is decided here:

* `save` writes the gold corpus over its file (`editing.save`: own notation, encoding and
  line ends, untouched sentences byte-identical, atomic, ``<gold>.orig`` on the first
  save); a read-only file needs ``allow_readonly``; a file changed on disk since it was
  opened is reported by `changed_on_disk` (the caller asks before saving over it).
* `save_as` writes a copy, in another notation where `formats.conversion` converts.
* `autosave` journals the edited sentences (`editing.journal`); `recovery` finds what a
  session that did not end normally journaled and sets it beside the file's sentences
  (`workspace.recovery`); `finish_recovery` removes the crashed journals once answered.
* review marks and notes live in the sidecar ``<gold>.tcompare.json`` (`editing.review`).

A sentence split or merge changes how many sentences there are (`Workspace.replace_gold_rows`):
the file on disk is then told from the corpus by the records it was saved with (`disk`,
compared by identity), and the journal keeps, per sentence of the file on disk, the text
that replaces it -- two sentences for a split one, none for one merged into the sentence
before (`journal_edits`), so a recovery rebuilds the same sentences.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tcompare import formats
from tcompare.editing import journal as journal_mod
from tcompare.editing.review import ReviewMarks
from tcompare.editing.save import Fingerprint, SaveSession, atomic_write
from tcompare.formats.conversion import convert_corpus, targets_for
from tcompare.formats.encoding import encode_text
from tcompare.model.corpus import Corpus, SentenceRecord
from tcompare.workspace.recovery import RecoveryOffer, build_offer


class GoldFile:
    """Saving, journal and review marks of `corpus` (the Workspace's gold corpus)."""

    def __init__(self, corpus: Corpus, opened: Fingerprint | None = None):
        self.corpus = corpus
        self.save_session = SaveSession(corpus.path, opened)
        opened = self.save_session.opened
        self.journal = journal_mod.Journal.for_corpus(corpus, opened.sha256 if opened else None)
        self.marks = ReviewMarks.load(corpus.path)
        self.journal_dirty = False      # edits since the journal was last written
        # id(record) -> the item the file holds since the last save (edited records only)
        self.saved_items: dict[int, Any] = {}
        # the records of the file on disk, in its order (a split or merge changes the corpus's)
        self.disk: list[SentenceRecord] | None = self._layout()
        self.marks_moved = False        # review marks renumbered by a split or merge, unsaved

    @property
    def path(self) -> str:
        return self.corpus.path

    def edited_count(self) -> int:
        return sum(1 for r in self.corpus.records if r.edited)

    # -- saving -------------------------------------------------------------------------------
    def changed_on_disk(self) -> bool:
        return self.save_session.changed_on_disk()

    def read_only(self) -> bool:
        return self.save_session.read_only()

    def save(self, allow_readonly: bool = False) -> None:
        """Write the corpus over its file.  Raises `SaveError` (`ReadOnlyError` for a
        read-only file without ``allow_readonly``) or the writer's error for a label the
        file's encoding cannot hold; the file is then unchanged."""
        data = formats.corpus_bytes(self.corpus)
        self.save_session.save(data, allow_readonly=allow_readonly)
        self.saved_items = {id(r): r.item for r in self.corpus.records if r.edited}
        self.disk = self._layout()
        if self.marks_moved:            # the marks' numbers are the file's now
            self.marks.save()
            self.marks_moved = False
        self.journal.discard()
        self.journal_dirty = False

    def _layout(self) -> list[SentenceRecord] | None:
        """The records as the file on disk holds them now (None: a list of runs of blank
        sentences, which no sentence split or merge touches)."""
        records = self.corpus.records
        return list(records) if type(records) is list else None

    def reshaped(self) -> bool:
        """Whether sentences were split or merged since the file was read or saved."""
        disk, records = self.disk, self.corpus.records
        return disk is not None and (len(disk) != len(records) or
                                     any(a is not b for a, b in zip(disk, records)))

    def _differs(self, record: SentenceRecord) -> bool:
        """Whether `record` is not what the file holds (an edit since the last save)."""
        saved = self.saved_items.get(id(record))
        return saved is not record.item if id(record) in self.saved_items else record.edited

    def unsaved_rows(self) -> list[int]:
        """Rows that differ from the file as last saved: a sentence saved with an edit
        differs when its item is no longer the saved one (an undo after the save too); a
        sentence a split or merge made, always; any other sentence when it is edited."""
        on_disk = {id(r) for r in self.disk} if self.disk is not None and self.reshaped() else None
        return [k for k, r in enumerate(self.corpus.records)
                if self._differs(r) or (on_disk is not None and id(r) not in on_disk)]

    def unsaved_count(self) -> int:
        return len(self.unsaved_rows())

    def targets(self) -> list[str]:
        """Notations Save As can write this corpus in."""
        return targets_for(self.corpus.notation)

    def save_as(self, path: str, target: str) -> list[str]:
        """Write a copy to `path` in notation `target`; the sentences that could not be
        converted.  Raises ImpossibleConversion, SaveError or ValueError (nothing written)."""
        if target == self.corpus.notation:
            atomic_write(path, formats.corpus_bytes(self.corpus))
            return []
        conversion = convert_corpus(self.corpus, target)
        declared = formats.get(target).output_encoding        # XML declares UTF-8
        encoding, bom = (declared, False) if declared else (self.corpus.encoding, self.corpus.bom)
        atomic_write(path, encode_text(conversion.text, encoding, bom))
        return list(conversion.problems)

    def is_same_file(self, path: str, target: str) -> bool:
        return Path(path).resolve() == Path(self.path).resolve() and target == self.corpus.notation

    # -- the recovery journal -----------------------------------------------------------------
    def autosave(self, dirty: bool) -> bool:
        """Journal the edited sentences if anything changed since the last write (`dirty`:
        there are unsaved edits at all).  Raises SaveError."""
        if not self.journal_dirty:
            return False
        self.journal_dirty = False
        if not dirty:
            self.journal.discard()
            return False
        if self.reshaped():
            self.journal.edits = self.journal_edits()
            self.journal.base = {index: text for index in self.journal.edits
                                 if (text := self.on_disk_text(index - 1)) is not None}
        else:
            self.journal.record(self.corpus, self.unsaved_rows(), self.on_disk_text)
        self.journal.write()
        return True

    def journal_edits(self) -> dict[int, str]:
        """After a split or merge: per sentence of the file on disk (1-based) that changed,
        the text of what stands in its place -- one sentence, two (split), or "" (merged into
        the sentence before, whose text holds both)."""
        assert self.disk is not None
        fmt = formats.get(self.corpus.notation).format_item
        newline = self.corpus.newline
        where = {id(r): k for k, r in enumerate(self.disk)}
        edits: dict[int, str] = {}
        last, made = -1, list[SentenceRecord]()
        for record in [*self.corpus.records, None]:
            k = len(self.disk) if record is None else where.get(id(record))
            if k is None:                       # a sentence a split or merge made
                assert record is not None
                made.append(record)
                continue
            gone = list(range(last + 1, k))     # the disk sentences those stand in for
            if made and not gone and last >= 0:
                gone = [last]                   # (made beside a sentence kept: joined to it)
                made.insert(0, self.corpus.records[last])
            for n, index in enumerate(gone):
                edits[index + 1] = "".join(fmt(r.item, newline) for r in made) if n == 0 else ""
            if record is not None and self._differs(record):
                edits[k + 1] = fmt(record.item, newline)
            last, made = k, []
        return edits

    def on_disk_text(self, row: int) -> str | None:
        """Sentence `row` of the file on disk (the last save's, else as read), rendered as
        the journal renders edits; None when it cannot be read."""
        fmt = formats.get(self.corpus.notation).format_item
        record = self.disk[row] if self.disk is not None and row < len(self.disk) else \
            self.corpus.records[row]
        if id(record) in self.saved_items:
            return str(fmt(self.saved_items[id(record)], self.corpus.newline))
        parsed = formats.read_text(record.source, self.corpus.notation)
        if len(parsed) != 1 or parsed[0].item is None:
            return None
        return str(fmt(parsed[0].item, self.corpus.newline))

    @property
    def journal_moved(self) -> str:
        """Why the journal is not beside the gold file ("" when it is)."""
        return self.journal.moved

    def discard_journal(self) -> None:
        self.journal.discard()
        self.journal_dirty = False

    def recovery(self) -> RecoveryOffer | None:
        """What a session that did not end normally journaled for this file, sentence by
        sentence beside the file's version (`workspace.recovery`); None when there is
        nothing, not even another account's journal to name."""
        foreign = journal_mod.foreign_journals(self.path)
        found = journal_mod.load(self.path)
        if found is None or not found.edits:
            if not foreign:
                return None
            found = journal_mod.Journal(Path(self.path), self.corpus.notation, "",
                                        path=journal_mod.recovery_path(self.path))
        return build_offer(self.corpus, found, foreign)

    def finish_recovery(self, offer: RecoveryOffer) -> None:
        """The offer was answered (restored, partly or not at all): the crashed journals go;
        what was restored is journaled again by this window's own journal first."""
        journaled = self.journal_dirty and self.autosave(True)
        # this window's journal may have the crashed one's name: kept only if just written
        offer.journal.discard_except(self.journal.path if journaled else None)

    # -- review marks -------------------------------------------------------------------------
    def mark(self, row: int) -> tuple[str, str]:
        """(mark, note) of sentence `row` (0-based): mark "", "flagged" or "reviewed"."""
        return self.marks.marks.get(row + 1, ""), self.marks.notes.get(row + 1, "")

    def toggle_mark(self, row: int, mark: str) -> None:
        """Set `mark` on sentence `row`, or clear it if it has it; saved at once (SaveError)."""
        current = self.marks.marks.get(row + 1, "")
        self.marks.set_mark(row + 1, "" if current == mark else mark)
        self.marks.save()

    def set_note(self, row: int, note: str) -> None:
        self.marks.set_note(row + 1, note)
        self.marks.save()

    def resize_marks(self, row: int, count: int, new_count: int) -> None:
        """Gold sentences `row` .. `row + count - 1` became `new_count` (a split or merge,
        or its undo): the review marks and notes of the sentences after them move with them;
        the first of them keeps its own (a merge keeps the first mark and joins the notes).
        Written to the sidecar with the gold file (its numbers are the saved file's), or at
        the next change of a mark."""
        def moved(table: dict[int, str], join: bool) -> dict[int, str]:
            out: dict[int, str] = {}
            for index, value in sorted(table.items()):
                k = index - 1
                if k < row:
                    out[index] = value
                elif k >= row + count:
                    out[index + new_count - count] = value
                elif new_count:                 # one of the replaced sentences: to the first
                    first = row + 1
                    if first not in out:
                        out[first] = value
                    elif join and value not in out[first]:
                        out[first] += "\n" + value
            return out
        before = (dict(self.marks.marks), dict(self.marks.notes))
        self.marks.marks = moved(self.marks.marks, False)
        self.marks.notes = moved(self.marks.notes, True)
        self.marks_moved = self.marks_moved or (self.marks.marks, self.marks.notes) != before

    def next_flagged(self, after: int | None) -> int | None:
        """The first flagged sentence after row `after` (wrapping), or None."""
        flagged = sorted(i - 1 for i, m in self.marks.marks.items() if m == "flagged")
        start = after + 1 if after is not None else 0
        return next((row for row in flagged if row >= start), flagged[0] if flagged else None)
