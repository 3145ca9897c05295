"""Autosave journal: the edited sentences of a gold file, kept next to it until saved.

The recovery file ``<gold>.tcompare.recovery`` (JSON) stores, for each edited sentence, its
text rendered in the file's own notation, plus a hash of the gold file as it was opened.
After a crash the next start finds it and offers to restore: the stored sentences are
re-read with the notation's reader and put back in place.  Storing rendered text (not
pickles) keeps the journal readable by a person and independent of our object model.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from tcompare import formats
from tcompare.editing.save import atomic_write
from tcompare.model.corpus import Corpus

VERSION = 1


def recovery_path(gold_path: str | Path) -> Path:
    gold_path = Path(gold_path)
    return gold_path.with_name(gold_path.name + ".tcompare.recovery")


def file_hash(path: str | Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""


@dataclass
class Journal:
    gold_path: Path
    notation: str
    base_hash: str
    edits: dict[int, str] = field(default_factory=dict)  # 1-based sentence index -> text

    @classmethod
    def for_corpus(cls, corpus: Corpus) -> "Journal":
        return cls(Path(corpus.path), corpus.notation, file_hash(corpus.path))

    def record(self, corpus: Corpus) -> None:
        """Take every edited sentence of `corpus` into the journal."""
        fmt = formats.get(corpus.notation).format_item
        self.edits = {r.index: fmt(r.item, corpus.newline)
                      for r in corpus.records if r.edited and r.item is not None}

    def write(self) -> Path:
        path = recovery_path(self.gold_path)
        data = {"version": VERSION, "gold": str(self.gold_path), "notation": self.notation,
                "base_sha256": self.base_hash,
                "edits": {str(k): v for k, v in sorted(self.edits.items())}}
        atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
        return path

    def discard(self) -> None:
        try:
            recovery_path(self.gold_path).unlink()
        except FileNotFoundError:
            pass


def load(gold_path: str | Path) -> Journal | None:
    """The recovery journal left for `gold_path`, or None when there is none (or unreadable)."""
    path = recovery_path(gold_path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Journal(Path(gold_path), data["notation"], data.get("base_sha256", ""),
                       {int(k): v for k, v in data["edits"].items()})
    except (OSError, ValueError, KeyError):
        return None


def restore(journal: Journal, corpus: Corpus) -> list[str]:
    """Put the journal's sentences into `corpus`; returns problems (one per sentence that
    could not be restored).  The sentences restored are marked edited (unsaved)."""
    problems = []
    if journal.base_hash and journal.base_hash != file_hash(corpus.path):
        problems.append(f"{corpus.path} changed since the edits were journaled; "
                        "restored sentences may not fit the file any more")
    for index, text in sorted(journal.edits.items()):
        if not 1 <= index <= len(corpus):
            problems.append(f"sentence {index}: not in the file any more")
            continue
        parsed = formats.read_text(text, corpus.notation, f"{recovery_path(corpus.path)}#{index}")
        if len(parsed) != 1 or parsed[0].error is not None:
            problems.append(f"sentence {index}: the journaled text cannot be read back")
            continue
        corpus[index - 1].replace_item(parsed[0].item)
    return problems
