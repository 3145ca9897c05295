"""A `ReleaseDiff` printed: markdown for release notes, JSON, CSV (`tcompare diff`).

Only shows what `release_diff` found; nothing here compares annotations.

* `markdown(diff, top, listed)`: sentence counts per status (OLD and NEW columns that sum to
  each file's sentences), words changed per field, brackets per kind (constituency), the
  `top` most frequent changes (``DEPREL obl -> nmod: 312``), then the sentences added,
  removed, resegmented, retokenised and unreadable (at most `listed` of each).
* `to_json(diff, sentences)`: the same figures; with `sentences`, every unit that is not
  ``same``, its indices 1-based, its changes with 1-based word numbers.
* `csv_rows(diff, details)`: the change counts (``field, old, new, count``), or with
  `details` one row per changed word / bracket / sentence.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from tcompare.analysis.release_diff import STATUSES, ReleaseDiff, SentenceDiff

LISTED = ("added", "removed", "resegmented", "retokenised", "unreadable")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<|])")


def md_escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _code(text: str) -> str:
    return "`" + text.replace("`", "'") + "`"


def markdown(diff: ReleaseDiff, top: int = 30, listed: int = 200) -> str:
    """The release notes (see the module docstring)."""
    out = [f"# Release diff: {md_escape(diff.old_path)} → {md_escape(diff.new_path)}", ""]
    out.append(f"{diff.kind.capitalize()} trees; {diff.old_count} sentences in OLD, "
               f"{diff.new_count} in NEW, paired by {'sent_id' if diff.paired_by == 'sent_id' else 'text, then position'}.")
    out += ["", "## Sentences", "", "| status | OLD | NEW |", "|---|---:|---:|"]
    sides = diff.side_counts()
    for status in STATUSES:
        a, b = sides[status]
        out.append(f"| {status} | {a} | {b} |")
    out.append(f"| **total** | **{diff.old_count}** | **{diff.new_count}** |")
    out += ["", "## Words changed, per field", "", "| field | words |", "|---|---:|"]
    out += [f"| {name} | {n} |" for name, n in diff.field_counts().items()]
    if diff.kind == "constituency":
        out += ["", "## Brackets", "", "| change | brackets |", "|---|---:|"]
        out += [f"| {kind} | {n} |" for kind, n in diff.bracket_counts().items()]
    changes = diff.top_changes()
    out += ["", "## Most frequent changes", ""]
    out += [f"- {md_escape(str(c))}" for c in changes[:top]] or ["(none)"]
    if len(changes) > top:
        out.append(f"- … {len(changes) - top} more kinds of change (`--top`)")
    for status in LISTED:
        units = [u for u in diff.sentences if u.status == status]
        if not units:
            continue
        out += ["", f"## {status.capitalize()} ({len(units)})", ""]
        out += [_listed(diff, u) for u in units[:listed]]
        if len(units) > listed:
            out.append(f"- … {len(units) - listed} more (`--listed`)")
    return "\n".join(out) + "\n"


def _where(diff: ReleaseDiff, side: str, indices: tuple[int, ...]) -> str:
    ids = diff.old_ids if side == "old" else diff.new_ids
    return ", ".join(_code(ids[k]) if ids and ids[k] else f"#{k + 1}"   # type: ignore[arg-type]
                     for k in indices)


def _listed(diff: ReleaseDiff, unit: SentenceDiff) -> str:
    old_texts, new_texts = diff.texts(unit)
    if unit.status == "added":
        return f"- {_where(diff, 'new', unit.new)}: {md_escape(' '.join(new_texts))}"
    if unit.status == "removed":
        return f"- {_where(diff, 'old', unit.old)}: {md_escape(' '.join(old_texts))}"
    if unit.status == "unreadable":
        return f"- OLD {_where(diff, 'old', unit.old)}, NEW {_where(diff, 'new', unit.new)}: " \
               f"{md_escape(unit.error or '')}"
    old = " / ".join(md_escape(t) for t in old_texts)
    new = " / ".join(md_escape(t) for t in new_texts)
    return (f"- OLD {_where(diff, 'old', unit.old)} → NEW {_where(diff, 'new', unit.new)}"
            f"\n  - OLD: {old}\n  - NEW: {new}")


def unit_json(diff: ReleaseDiff, unit: SentenceDiff) -> dict[str, Any]:
    """One unit: 1-based sentence and word numbers."""
    out: dict[str, Any] = {"status": unit.status, "old": [i + 1 for i in unit.old],
                           "new": [j + 1 for j in unit.new], "sent_id": diff.sent_id(unit)}
    if unit.changes:
        out["changes"] = [{"field": c.field, "old": c.old, "new": c.new,
                           "old_word": c.old_word + 1, "new_word": c.new_word + 1}
                          for c in unit.changes]
    if unit.brackets:
        out["brackets"] = [{"kind": b.kind, "old": b.old_label or None, "new": b.new_label or None,
                            "old_span": list(b.old_span) if b.old_span else None,
                            "new_span": list(b.new_span) if b.new_span else None}
                           for b in unit.brackets]
    if unit.pairing is not None:
        out["word_pairs"] = [[i + 1, j + 1] for i, j in unit.pairing.pairs]
    if unit.error:
        out["error"] = unit.error
    return out


def to_json(diff: ReleaseDiff, sentences: bool = True) -> dict[str, Any]:
    """The diff as JSON-ready data (see the module docstring)."""
    data: dict[str, Any] = {
        "old": diff.old_path, "new": diff.new_path, "kind": diff.kind,
        "paired_by": diff.paired_by,
        "sentences": {"old": diff.old_count, "new": diff.new_count,
                      "units": diff.status_counts(),
                      "per_side": {k: {"old": a, "new": b} for k, (a, b) in diff.side_counts().items()}},
        "fields": diff.field_counts(),
        "changes": [{"field": c.field, "old": c.old, "new": c.new, "count": c.count}
                    for c in diff.top_changes()],
    }
    if diff.kind == "constituency":
        data["brackets"] = diff.bracket_counts()
    if sentences:
        data["units"] = [unit_json(diff, u) for u in diff.sentences if u.status != "same"]
    return data


def csv_rows(diff: ReleaseDiff, details: bool = False) -> Iterator[list[Any]]:
    """CSV rows, header first (see the module docstring)."""
    if not details:
        yield ["field", "old", "new", "count"]
        for c in diff.top_changes():
            yield [c.field, c.old, c.new, c.count]
        return
    yield ["status", "old_sentence", "new_sentence", "sent_id", "field", "old", "new",
           "old_word", "new_word"]
    for u in diff.sentences:
        if u.status == "same":
            continue
        where = [u.status, " ".join(str(i + 1) for i in u.old),
                 " ".join(str(j + 1) for j in u.new), diff.sent_id(u) or ""]
        if not u.changes and not u.brackets:
            yield where + ["", "", "", "", ""]
        for c in u.changes:
            yield where + [c.field, c.old, c.new, c.old_word + 1, c.new_word + 1]
        for b in u.brackets:
            yield where + ["brackets " + b.kind, b.old_label, b.new_label,
                           "" if b.old_span is None else f"{b.old_span[0] + 1}-{b.old_span[1]}",
                           "" if b.new_span is None else f"{b.new_span[0] + 1}-{b.new_span[1]}"]
