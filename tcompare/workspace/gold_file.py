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
from tcompare.model.corpus import Corpus
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
        # row -> the item the file holds since the last save (edited rows only)
        self.saved_items: dict[int, Any] = {}

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
        self.saved_items = {k: r.item for k, r in enumerate(self.corpus.records) if r.edited}
        self.journal.discard()
        self.journal_dirty = False

    def unsaved_rows(self) -> list[int]:
        """Rows that differ from the file as last saved: a sentence saved with an edit
        differs when its item is no longer the saved one (an undo after the save too); any
        other sentence when it is edited."""
        saved = self.saved_items
        return [k for k, r in enumerate(self.corpus.records)
                if (saved[k] is not r.item if k in saved else r.edited)]

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
        self.journal.record(self.corpus, self.unsaved_rows(), self.on_disk_text)
        self.journal.write()
        return True

    def on_disk_text(self, row: int) -> str | None:
        """Sentence `row` as the file holds it (the last save's, else as read), rendered as
        the journal renders edits; None when it cannot be read."""
        fmt = formats.get(self.corpus.notation).format_item
        if row in self.saved_items:
            return str(fmt(self.saved_items[row], self.corpus.newline))
        parsed = formats.read_text(self.corpus.records[row].source, self.corpus.notation)
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

    def next_flagged(self, after: int | None) -> int | None:
        """The first flagged sentence after row `after` (wrapping), or None."""
        flagged = sorted(i - 1 for i, m in self.marks.marks.items() if m == "flagged")
        start = after + 1 if after is not None else 0
        return next((row for row in flagged if row >= start), flagged[0] if flagged else None)
