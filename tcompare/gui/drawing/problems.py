"""What the problems panel above the drawing says about a sentence: its status message,
unreadable sources (with the raw line), and a gold or system sentence that is missing."""

from __future__ import annotations

import re

from tcompare.gui.language.i18n import N_, tr
from tcompare.gui.language.scorer_text import scorer_message
from tcompare.gui.session import Session
from tcompare.gui.language.terms import term
from tcompare.scoring.base import SentenceResult, Status

RAW_LINE_LIMIT = 600
RAW_LINES = 4            # lines of a many-line source (a CoNLL sentence) shown


def file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")


BREAK_EVERY = 40          # characters of an unbroken run between two break opportunities
_LONG_RUN = re.compile(r"\S{%d,}" % (BREAK_EVERY + 1))


def breakable(text: str) -> str:
    """`text` with a zero-width space every BREAK_EVERY characters of a long unbroken run,
    so the panel can wrap it (a label wraps at spaces only, and cut such a run off)."""
    return _LONG_RUN.sub(lambda m: "\u200b".join(
        m.group(0)[k:k + BREAK_EVERY] for k in range(0, len(m.group(0)), BREAK_EVERY)), text)


def sentence_header(s: Session, system: int, position: int) -> str:
    """The line above the drawing: which sentence, and where each side's text is (a joined
    or split group: every sentence of it)."""
    parts = [tr("problems", "<b>Sentence {n}</b> of {total}").format(n=position + 1, total=f"{s.total_rows:,}")]
    group = s.group(system, position)
    if group is not None:
        def names(indices: tuple[int, ...]) -> str:
            return (tr("problems", "sentences {list}") if len(indices) > 1 else
                    tr("problems", "sentence {list}")).format(list=", ".join(str(i + 1) for i in indices))
        parts.append(tr("problems", "{kind}, scored as one pair: gold {gold} · system {system}").format(
            kind=term(group.kind), gold=names(group.gold), system=names(group.system)))
        return " · ".join(parts)
    gold_rec, sys_rec = s.records(system, position)
    if gold_rec is not None:
        parts.append(tr("problems", "gold: {file} line {line}").format(
            file=file_name(s.gold.path), line=gold_rec.line))
    if sys_rec is not None:
        parts.append(tr("problems", "system: {file} line {line}").format(
            file=file_name(s.systems[system].path), line=sys_rec.line))
    return " · ".join(parts)


def sentence_problems(s: Session, system: int, position: int,
                      result: SentenceResult | None) -> list[str]:
    """HTML lines for sentence `position` of system `system`; none for a clean pair."""
    gold_rec, sys_rec = s.records(system, position)
    problems = []
    if result is not None and result.status is not Status.VALID and result.message:
        problems.append(f"<b>{term(result.status.value)}</b>: {html(breakable(scorer_message(result.message)))}")
    for name, rec in ((N_("problems", "gold"), gold_rec), (N_("problems", "system"), sys_rec)):
        if rec is None:
            continue
        with s.lock:  # `error` may parse a lazy record; the worker may be parsing too
            error = rec.error
        if error is not None and (result is None or str(error) not in result.message):
            problems.append(f"<b>{tr('problems', name)}</b>: {html(breakable(str(error)))}")
        if error is not None or (result is not None and not result.valid):
            raw = rec.source.rstrip("\r\n")
            lines = raw.splitlines()
            if len(lines) > RAW_LINES:      # a CoNLL block: its first rows (the panel took
                raw = "\n".join(lines[:RAW_LINES]) + " …"    # the drawing's height)
            if len(raw) > RAW_LINE_LIMIT:
                raw = raw[:RAW_LINE_LIMIT] + " …"
            problems.append("<tt>" + tr("problems", "{side} line {line}").format(
                side=tr("problems", name), line=rec.line) + f": {html(breakable(raw))}</tt>")
    by_text = s.plan(system) is not None
    if gold_rec is None and s.gold is not None:
        problems.append(tr("problems", "<b>gold</b>: no gold sentence pairs with this system "
                           "sentence (sentences paired by their text)") if by_text else
                        tr("problems", "<b>gold</b>: {file} has only {n} sentences").format(
                            file=file_name(s.gold.path), n=len(s.gold)))
    if sys_rec is None and s.systems:
        name = file_name(s.systems[system].path)
        problems.append(tr("problems", "<b>system</b>: no sentence of {file} pairs with this gold "
                           "sentence (sentences paired by their text)").format(file=name) if by_text else
                        tr("problems", "<b>system</b>: {file} has only {n} sentences").format(
                            file=name, n=len(s.systems[system])))
    return problems
