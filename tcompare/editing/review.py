"""Per-sentence review marks and notes, kept in a sidecar ``<gold>.tcompare.json``.

Never inside the treebank: the gold file stays a clean treebank file.  Written atomically.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from tcompare.editing.journal import move_aside
from tcompare.editing.save import atomic_write, copy_mode

MARKS = ("", "flagged", "reviewed")


def sidecar_path(gold_path: str | Path) -> Path:
    gold_path = Path(gold_path)
    return gold_path.with_name(gold_path.name + ".tcompare.json")


@dataclass
class ReviewMarks:
    gold_path: Path
    marks: dict[int, str] = field(default_factory=dict)   # 1-based index -> flagged|reviewed
    notes: dict[int, str] = field(default_factory=dict)

    @classmethod
    def load(cls, gold_path: str | Path, report: Callable[[str], None] | None = None) -> "ReviewMarks":
        """The marks of `gold_path` (none when there is no sidecar).  A sidecar that cannot
        be read is moved aside to ``<sidecar>.corrupt`` with a message to `report` (default:
        stderr) and the marks start empty: never fatal, so autosave still starts."""
        marks = cls(Path(gold_path))
        path = sidecar_path(gold_path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return marks
        except (OSError, ValueError) as exc:
            if isinstance(exc, OSError) and not path.exists():
                return marks
            move_aside(path, str(exc) or type(exc).__name__, report)
            return marks
        try:
            for key, entry in data.get("sentences", {}).items():
                index = int(key)
                if entry.get("mark") in MARKS[1:]:
                    marks.marks[index] = entry["mark"]
                if entry.get("note"):
                    marks.notes[index] = str(entry["note"])
        except (AttributeError, TypeError, ValueError) as exc:
            move_aside(path, f"not a tcompare review sidecar: {exc}", report)
            return cls(Path(gold_path))
        return marks

    def set_mark(self, index: int, mark: str) -> None:
        if mark not in MARKS:
            raise ValueError(f"unknown mark {mark!r}")
        if mark:
            self.marks[index] = mark
        else:
            self.marks.pop(index, None)

    def set_note(self, index: int, note: str) -> None:
        if note.strip():
            self.notes[index] = note
        else:
            self.notes.pop(index, None)

    def save(self) -> Path:
        sentences = {}
        for index in sorted(set(self.marks) | set(self.notes)):
            entry = {}
            if index in self.marks:
                entry["mark"] = self.marks[index]
            if index in self.notes:
                entry["note"] = self.notes[index]
            sentences[str(index)] = entry
        data = {"version": 1, "gold": Path(self.gold_path).name, "sentences": sentences}
        path = sidecar_path(self.gold_path)
        atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"),
                     mode=copy_mode(self.gold_path))
        return path
