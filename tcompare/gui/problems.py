"""What the problems panel above the drawing says about a sentence: its status message,
unreadable sources (with the raw line), and a gold or system sentence that is missing."""

from __future__ import annotations

from tcompare.gui.session import Session
from tcompare.scoring.base import SentenceResult, Status

RAW_LINE_LIMIT = 600


def file_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", "<br>")


def sentence_header(s: Session, system: int, position: int) -> str:
    """The line above the drawing: which sentence, and where each side's text is (a joined
    or split group: every sentence of it)."""
    parts = [f"<b>Sentence {position + 1}</b> of {s.total_rows:,}"]
    group = s.group(system, position)
    if group is not None:
        def names(indices: tuple[int, ...]) -> str:
            return ("sentences " if len(indices) > 1 else "sentence ") + \
                ", ".join(str(i + 1) for i in indices)
        parts.append(f"{group.kind}, scored as one pair: gold {names(group.gold)} · "
                     f"system {names(group.system)}")
        return " · ".join(parts)
    gold_rec, sys_rec = s.records(system, position)
    if gold_rec is not None:
        parts.append(f"gold: {file_name(s.gold.path)} line {gold_rec.line}")
    if sys_rec is not None:
        parts.append(f"system: {file_name(s.systems[system].path)} line {sys_rec.line}")
    return " · ".join(parts)


def sentence_problems(s: Session, system: int, position: int,
                      result: SentenceResult | None) -> list[str]:
    """HTML lines for sentence `position` of system `system`; none for a clean pair."""
    gold_rec, sys_rec = s.records(system, position)
    problems = []
    if result is not None and result.status is not Status.VALID and result.message:
        problems.append(f"<b>{result.status.value}</b>: {html(result.message)}")
    for name, rec in (("gold", gold_rec), ("system", sys_rec)):
        if rec is None:
            continue
        with s.lock:  # `error` may parse a lazy record; the worker may be parsing too
            error = rec.error
        if error is not None and (result is None or str(error) not in result.message):
            problems.append(f"<b>{name}</b>: {html(str(error))}")
        if error is not None or (result is not None and not result.valid):
            raw = rec.source.rstrip("\r\n")
            if len(raw) > RAW_LINE_LIMIT:
                raw = raw[:RAW_LINE_LIMIT] + " …"
            problems.append(f"<tt>{name} line {rec.line}: {html(raw)}</tt>")
    by_text = s.plan(system) is not None
    if gold_rec is None and s.gold is not None:
        problems.append("<b>gold</b>: no gold sentence pairs with this system sentence "
                        "(sentences paired by their text)" if by_text else
                        f"<b>gold</b>: {file_name(s.gold.path)} has only {len(s.gold)} sentences")
    if sys_rec is None and s.systems:
        name = file_name(s.systems[system].path)
        problems.append(f"<b>system</b>: no sentence of {name} pairs with this gold sentence "
                        "(sentences paired by their text)" if by_text else
                        f"<b>system</b>: {name} has only {len(s.systems[system])} sentences")
    return problems
