"""A release diff of two folders (a treebank release is a folder of files: train, dev, test).

`folder_diff(old_dir, new_dir)` pairs the treebank files (a notation's file ending) by name,
diffs each pair
(`release_diff.release_diff_files`) and lists the files found on one side only and the ones
that could not be diffed (with the reason).  `FolderDiff.top_changes` sums the files' change
groups; `markdown` prints a table per file, the totals, the most frequent changes over all
files, then each file's own notes.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tcompare import formats
from tcompare.analysis.release_diff import STATUSES, Change, ReleaseDiff, release_diff_files
from tcompare.analysis.release_render import change_md, markdown, md_escape, to_json


@dataclass
class FolderDiff:
    old_dir: str
    new_dir: str
    files: list[tuple[str, ReleaseDiff]] = field(default_factory=list)
    only_old: list[str] = field(default_factory=list)
    only_new: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)     # (name, why)

    def top_changes(self, limit: int | None = None) -> list[Change]:
        """The files' change groups summed, most frequent first (ties: by name)."""
        counter: Counter[tuple[str, str, str]] = Counter()
        for _, diff in self.files:
            for c in diff.top_changes():
                counter[(c.field, c.old, c.new)] += c.count
        ranked = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
        if limit is not None:
            ranked = ranked[:limit]
        return [Change(f, old, new, n) for (f, old, new), n in ranked]


def treebank_files(folder: str) -> list[str]:
    """The names of the files in `folder` whose ending is a notation's (``.conllu``,
    ``.mrg``...): README, LICENSE and stats files are no sentences."""
    endings = tuple(e for n in formats.loaded_notations() for e in n.extensions)
    return sorted(name for name in os.listdir(folder)
                  if not name.startswith(".") and name.endswith(endings)
                  and os.path.isfile(os.path.join(folder, name)))


def folder_diff(old_dir: str, new_dir: str, notation: str | None = None,
                encoding: str | None = None) -> FolderDiff:
    """Diff the treebank files of two folders paired by name (`treebank_files`).
    Raises OSError when a folder cannot be listed."""
    old_names = treebank_files(old_dir)
    new_names = treebank_files(new_dir)
    result = FolderDiff(old_dir, new_dir, only_old=[n for n in old_names if n not in new_names],
                        only_new=[n for n in new_names if n not in old_names])
    for name in old_names:
        if name not in new_names:
            continue
        try:
            result.files.append((name, release_diff_files(os.path.join(old_dir, name),
                                                          os.path.join(new_dir, name),
                                                          notation, encoding)))
        except (formats.ReadError, ValueError) as exc:
            result.failed.append((name, str(exc)))
    return result


def folder_markdown(result: FolderDiff, top: int = 30, listed: int = 200) -> str:
    """Release notes for two folders (see the module docstring)."""
    out = [f"# Release diff: {md_escape(result.old_dir)} → {md_escape(result.new_dir)}", ""]
    out += ["| file | OLD | NEW | " + " | ".join(STATUSES) + " |",
            "|---|---:|---:|" + "---:|" * len(STATUSES)]
    totals = dict.fromkeys(STATUSES, 0)
    old_total = new_total = 0
    for name, diff in result.files:
        counts = diff.status_counts()
        for k, n in counts.items():
            totals[k] += n
        old_total += diff.old_count
        new_total += diff.new_count
        out.append(f"| {md_escape(name)} | {diff.old_count} | {diff.new_count} | "
                   + " | ".join(str(counts[k]) for k in STATUSES) + " |")
    out.append(f"| **all** | **{old_total}** | **{new_total}** | "
               + " | ".join(f"**{totals[k]}**" for k in STATUSES) + " |")
    out += ["", "(sentence pairs per status; a resegmented pair may hold several sentences)"]
    for title, names in (("Files only in OLD", result.only_old), ("Files only in NEW", result.only_new)):
        if names:
            out += ["", f"## {title}", ""] + [f"- {md_escape(n)}" for n in names]
    if result.failed:
        out += ["", "## Files not compared", ""]
        out += [f"- {md_escape(n)}: {md_escape(why)}" for n, why in result.failed]
    changes = result.top_changes()
    out += ["", "## Most frequent changes, all files", ""]
    out += [f"- {change_md(c)}" for c in changes[:top]] or ["(none)"]
    if len(changes) > top:
        out.append(f"- … {len(changes) - top} more kinds of change (`--top`)")
    for _, diff in result.files:           # each file's own notes, one heading level down
        notes = markdown(diff, top, listed).replace("\n#", "\n##")
        out += ["", "#" + notes.rstrip("\n")]
    return "\n".join(out) + "\n"


def folder_json(result: FolderDiff, sentences: bool = True) -> dict[str, Any]:
    return {"old": result.old_dir, "new": result.new_dir, "only_old": result.only_old,
            "only_new": result.only_new,
            "failed": [{"file": n, "error": why} for n, why in result.failed],
            "changes": [{"field": c.field, "old": c.old, "new": c.new, "count": c.count}
                        for c in result.top_changes()],
            "files": [dict(to_json(diff, sentences), file=name) for name, diff in result.files]}
