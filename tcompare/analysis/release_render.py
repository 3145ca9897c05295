"""A `ReleaseDiff` printed: markdown for release notes, JSON, CSV (`tcompare diff`).

Only shows what `release_diff` found; nothing here compares annotations.

* `markdown(diff, top, listed)`: sentence counts per status (OLD and NEW columns that sum to
  each file's sentences), words changed per field, brackets per kind (constituency), the
  `top` most frequent changes (``DEPREL obl -> nmod: 312``), FEATS and MISC feature by
  feature (``FEATS NumForm (none) -> Digit: 514``), then the sentences added,
  removed, resegmented, retokenised and unreadable (at most `listed` of each).
* `to_json(diff, sentences)`: the same figures; with `sentences`, every unit that is not
  ``same``, its indices 1-based, its changes with 1-based word numbers.
* `csv_rows(diff, details)`: the change counts (``field, old, new, count``), or with
  `details` one row per changed word / bracket / sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Iterator

from tcompare.analysis.release_diff import STATUSES, Change, ReleaseDiff, SentenceDiff
from tcompare.formats.conll_rows import ConllRows
from tcompare.model.corpus import ParseError
from tcompare.model.tree import Tree

LISTED = ("added", "removed", "resegmented", "retokenised", "unreadable")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<])")      # (no table cell holds a text)


def md_escape(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _code(text: str) -> str:
    return "`" + text.replace("`", "'") + "`"


def change_md(change: Change) -> str:
    """A `Change` for markdown: the values as code (``FEATS `A=B` -> `A=B|C=D`: 430``)."""
    if change.field == "HEAD":
        return f"HEAD changed ({_code(change.old)}): {change.count}"
    if change.field.startswith("brackets "):
        kind = change.field.split(" ", 1)[1]
        label = (f"{_code(change.old)} -> {_code(change.new)}" if kind == "relabelled"
                 else _code(change.old or change.new))
        return f"{kind} {label}: {change.count}"
    return f"{change.field} {_code(change.old or '_')} -> {_code(change.new or '_')}: {change.count}"


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
    out += [f"- {change_md(c)}" for c in changes[:top]] or ["(none)"]
    if len(changes) > top:
        out.append(f"- … {len(changes) - top} more kinds of change (`--top`)")
    comments = diff.comment_counts()
    if comments:
        out += ["", "## Sentence comments changed (not counted as changes)", "",
                "| comment | sentences |", "|---|---:|"]
        out += [f"| {md_escape(key)[:60].replace('|', chr(92) + '|')} | {n} |"
                for key, n in list(comments.items())[:top]]
    features = diff.feature_changes()
    if features:
        out += ["", "## FEATS and MISC, feature by feature", ""]
        out += [f"- {c.field} {_code(c.old or '(none)')} -> {_code(c.new or '(none)')}: {c.count}"
                for c in features[:top]]
        if len(features) > top:
            out.append(f"- … {len(features) - top} more (`--top`)")
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
    line = (f"- OLD {_where(diff, 'old', unit.old)} → NEW {_where(diff, 'new', unit.new)}"
            f"\n  - OLD: {old}\n  - NEW: {new}")
    if unit.status == "retokenised":
        line += f"\n  - tokens: {md_escape(tokens_note(diff, unit))}"
    return line


def tokens_note(diff: ReleaseDiff, unit: SentenceDiff, limit: int = 6) -> str:
    """How a retokenised sentence's words changed: the words without a partner on each
    side (by the unit's word pairing) and the multiword tokens added / removed."""
    (old,), (new,) = diff.annotations(unit)
    if isinstance(old, ParseError) or isinstance(new, ParseError) or unit.pairing is None:
        return ""
    if isinstance(old, Tree) and isinstance(new, Tree):
        old_forms, new_forms = [t.form for t in old.tokens], [t.form for t in new.tokens]
        old_ranges: Counter[str] = Counter()
        new_ranges: Counter[str] = Counter()
    elif isinstance(old, ConllRows) and isinstance(new, ConllRows):
        old_forms, new_forms = [w[1] for w in old.words], [w[1] for w in new.words]
        old_ranges, new_ranges = Counter(f for _, f in old.ranges), Counter(f for _, f in new.ranges)
    else:
        return ""
    parts = [f"{len(old_forms)} -> {len(new_forms)} words"]
    paired_old = {i for i, _ in unit.pairing.pairs}
    paired_new = {j for _, j in unit.pairing.pairs}
    lone_old = [f for i, f in enumerate(old_forms) if i not in paired_old]
    lone_new = [f for j, f in enumerate(new_forms) if j not in paired_new]
    if lone_old or lone_new:
        parts.append(f"{' '.join(lone_old[:limit]) or '(none)'} -> {' '.join(lone_new[:limit]) or '(none)'}")
    added, removed = new_ranges - old_ranges, old_ranges - new_ranges
    if added:
        parts.append("multiword tokens added: " + ", ".join(sorted(added.elements())[:limit]))
    if removed:
        parts.append("multiword tokens removed: " + ", ".join(sorted(removed.elements())[:limit]))
    return "; ".join(parts)


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
    if unit.comments:
        out["comments"] = [{"key": k, "old": a, "new": b} for k, a, b in unit.comments]
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
    else:
        data["features"] = [{"field": c.field, "old": c.old, "new": c.new, "count": c.count}
                            for c in diff.feature_changes()]
    if sentences:
        data["comments"] = diff.comment_counts()
        data["units"] = [unit_json(diff, u) for u in diff.sentences
                         if u.status != "same" or u.comments]
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
