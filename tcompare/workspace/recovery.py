"""What a recovery would change: the autosaved sentences of a crashed session, each beside
the sentence the file holds now.  No Qt; the window shows it (gui/editor/recovery_dialog.py) and
restores what the user chose.

A sentence is a *conflict* when the file was changed on disk since the edit was journaled
and that sentence changed there too (it is neither what the file held when it was edited,
nor the autosaved edit): then both versions are shown and the user picks one.  A journal
written before the file's sentence was kept beside the edit (``base``) cannot tell, so in a
changed file each of its sentences that differs is a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcompare import formats
from tcompare.editing import journal as journal_mod
from tcompare.model.corpus import Corpus


@dataclass(frozen=True)
class RecoveredSentence:
    row: int                  # 0-based
    autosaved: str            # the journaled edit, as text in the file's notation
    in_file: str              # the sentence as the file holds it now
    conflict: bool            # the file changed this sentence too since it was journaled
    item: Any                 # `autosaved` read back (None when it is not one sentence)
    # a sentence split or merged: the sentences that stand in its place (two, or none when
    # it was merged into the sentence before), else ()
    items: tuple[Any, ...] = ()

    @property
    def reshapes(self) -> bool:
        """Whether restoring it changes how many sentences there are."""
        return self.item is None


@dataclass
class RecoveryOffer:
    """The journal(s) a crashed session left for a gold file, sentence by sentence."""

    journal: journal_mod.Journal
    gold_name: str
    sentences: list[RecoveredSentence] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # sentences that cannot come back
    unchanged: list[int] = field(default_factory=list)  # rows the file already holds as autosaved
    foreign: list[tuple[Path, str]] = field(default_factory=list)  # (journal, owner) not ours
    changed: bool = False     # the file changed on disk since the edits were journaled

    @property
    def conflicts(self) -> list[RecoveredSentence]:
        return [s for s in self.sentences if s.conflict]

    @property
    def numbers(self) -> list[int]:
        """The 1-based numbers of the sentences on offer."""
        return [s.row + 1 for s in self.sentences]

    def default_rows(self) -> set[int]:
        """What "restore" restores without a choice per sentence: every autosaved edit."""
        return {s.row for s in self.sentences}


def sentence_text(corpus: Corpus, row: int) -> str:
    """Sentence `row` as the journal renders edits (a sentence that cannot be read: its text)."""
    record = corpus.records[row]
    if record.item is None:
        return record.source
    return str(formats.get(corpus.notation).format_item(record.item, corpus.newline))


def build_offer(corpus: Corpus, found: journal_mod.Journal,
                foreign: list[tuple[Path, str]]) -> RecoveryOffer:
    """Compare journal `found` with `corpus` (the gold file as just read from disk)."""
    path = corpus.path
    offer = RecoveryOffer(found, Path(path).name, foreign=foreign)
    offer.changed = bool(found.base_hash) and found.base_hash != journal_mod.file_hash(path)
    for index, source in sorted(found.edits.items()):
        row = index - 1
        if not 0 <= row < len(corpus):
            offer.problems.append(f"sentence {index}: not in the file any more")
            continue
        parsed = formats.read_text(source, corpus.notation, f"{found.path}#{index}")
        # (a split sentence journals two, one merged into the sentence before none)
        if any(r.error is not None for r in parsed) or (len(parsed) == 0 and source.strip()):
            offer.problems.append(f"sentence {index}: the journaled text cannot be read back")
            continue
        now = sentence_text(corpus, row)
        if now == source:
            offer.unchanged.append(row)
            continue
        base = found.base.get(index)
        conflict = offer.changed and (base is None or base != now)
        items = [r.item for r in parsed]
        offer.sentences.append(RecoveredSentence(row, source, now, conflict,
                                                 items[0] if len(items) == 1 else None,
                                                 () if len(items) == 1 else tuple(items)))
    return offer
