"""The files a graded class gives: one feedback page per student and the class summary.

Feedback, at the level the teacher chooses (`LEVELS`):

* ``score`` -- the student's figures, grade and sentence counts, and what could not be read
  (file:line:column);
* ``items`` -- also, for every sentence not exactly right, the items the scorer did not match
  (`analysis.explain`'s rows: missing, extra, wrong label / head), in words;
* ``drawing`` -- also each such sentence drawn, gold above the student's tree (`export.svg`).

Every page is one self-contained HTML file (CSP ``default-src 'none'``, no script), written
through `atomic_file`.  The class summary holds the gradebook, the heat map (sentences x
students), the most frequent mistakes and the sentences nobody got right.
"""

from __future__ import annotations

import html
import io
import os
import re
from typing import Any, Callable, Sequence

from tcompare.analysis.explain import VERDICT_TEXT, explain
from tcompare.atomic_file import atomic_write
from tcompare.csv_cells import csv_writer
from tcompare.export.grading_messages import describe_rule, grading_message, mistake_name
from tcompare.export.grading_words import HTML_LANG, words
from tcompare.layout.heat import heat_hex, ink_for
from tcompare.scoring.base import Verdict

LEVELS = ("score", "items", "drawing")
STATE_TEXT = {"done": "handed in", "missing": "missing", "unreadable": "cannot be read",
              "mismatch": "other words than the exercise", "not_scored": "not scored"}
STATE_MARK = {"missing": "·", "unreadable": "✗", "mismatch": "≠", "not_scored": "–"}
CSS = ("body{font-family:sans-serif;margin:1.5em;max-width:70em;color:#222}"
       "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;"
       "padding:.2em .5em;text-align:right}th{background:#eee}td.l,th.l{text-align:left}"
       ".note{color:#555;font-size:90%}.bad{color:#b00}"
       "table.heat td{width:2.6em;text-align:center;font-size:85%;padding:.15em}"
       "table.heat td.right{outline:2px solid #000;outline-offset:-3px;font-weight:bold}"
       "svg{max-width:100%;height:auto;border:1px solid #ddd;margin:.3em 0}")
HEAD = ("<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; img-src data:\">"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>")


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _page(title: str, body: Sequence[str], language: str = "en") -> str:
    return (HEAD.format(lang=HTML_LANG.get(language, "en"))
            + f"<title>{_e(title)}</title><style>{CSS}</style></head><body>"
            + "\n".join(body) + "\n</body></html>\n")


def _fmt(value: Any) -> str:
    return f"{value:.2f}" if isinstance(value, float) else _e(value)


def file_name(student: str) -> str:
    """A safe file name for a student's feedback."""
    safe = re.sub(r"[^\w.-]+", "_", student, flags=re.UNICODE).strip("._") or "student"
    return f"{safe}.feedback.html"


# -- one student ---------------------------------------------------------------------------------

def figure_keys(grades: Any) -> list[str]:
    keys = list(grades.profile.headline)
    if grades.figure not in keys:
        keys.append(grades.figure)
    present = next((s.summary.metrics for s in grades.students if s.summary is not None), None)
    return [k for k in keys if present is None or k in present]


def gradebook_rows(grades: Any) -> tuple[list[str], list[list[Any]]]:
    """The gradebook: a header and one row per submission (docs/grading.md)."""
    keys = figure_keys(grades)
    header = ["submission", "student", "sentences", "missing", "unreadable", "mismatched",
              "extra", *keys, "grade"]
    rows = []
    for s in grades.students:
        figures = s.figures
        rows.append([s.path, s.name, s.count("done"), s.count("missing"), s.count("unreadable"),
                     s.count("mismatch"), s.extra, *[figures.get(k, "") for k in keys], s.grade])
    return header, rows


def gradebook_csv(grades: Any) -> str:
    """The gradebook as CSV (`csv_cells`: no cell a spreadsheet would run)."""
    buf = io.StringIO()
    header, rows = gradebook_rows(grades)
    writer = csv_writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue()


def write_gradebook(grades: Any, path: str, language: str = "en") -> None:
    """The CSV (its column names are the contract's, in any `language`)."""
    atomic_write(path, gradebook_csv(grades).encode("utf-8"))


def wrong_items(grades: Any, student: Any, gold_number: int,
                w: Callable[[str], str] = words()) -> list[tuple[str, str, str]]:
    """(gold item, student's item, what is wrong) for each item the scorer did not match."""
    result = student.result_of(gold_number)
    if result is None or not result.valid:
        return []
    pair = student.pairs[student.cells[gold_number - 1].result]
    gold_item = grades.gold[pair.gold[0]].item if len(pair.gold) == 1 else None
    sys_item = (student.corpus[pair.system[0]].item
                if len(pair.system) == 1 and student.corpus is not None else None)
    exp = explain(result, grades.profile, gold_item, sys_item)
    english = w("gold") == "gold"        # (the notes are English sentences: kept in English only)
    return [(row.gold_text or "–", row.system_text or "–",
             w(VERDICT_TEXT[row.verdict]) + (f" ({row.note})" if row.note and english else ""))
            for row in exp.rows() if row.verdict not in (Verdict.MATCH, Verdict.IGNORED)]


def drawing(grades: Any, student: Any, gold_number: int,
            w: Callable[[str], str] = words()) -> str:
    """The sentence drawn: gold above the student's tree, the scorer's verdicts as colours."""
    from tcompare.export.svg import HEADINGS, pair_svg

    cell = student.cells[gold_number - 1]
    if cell.result < 0 or student.corpus is None:
        return ""
    pair = student.pairs[cell.result]
    if len(pair.gold) != 1 or len(pair.system) != 1:
        return ""
    g, s = grades.gold[pair.gold[0]], student.corpus[pair.system[0]]
    if g.error is not None or s.error is not None:
        return ""
    english = w("gold") == "gold"        # (English pages keep the drawings' own headings)
    return pair_svg(g.item, s.item, student.results[cell.result], grades.profile.kind,
                    w("Sentence {n}").format(n=gold_number),
                    HEADINGS if english else (w("gold"), w("yours")))


def feedback_page(grades: Any, student: Any, level: str = "items", language: str = "en") -> str:
    if level not in LEVELS:
        raise ValueError(f"level {level!r}; known: {', '.join(LEVELS)}")
    w = words(language)

    def said(message: str) -> str:           # a scorer's / reader's message, translated
        return grading_message(message, language)

    keys = figure_keys(grades)
    figures = student.figures
    body = [f"<h1>{w('Feedback: {name}').format(name=_e(student.name))}</h1>",
            "<p>" + w("Exercise: <b>{gold}</b> ({n} sentences), scored with profile "
                      "<b>{profile}</b>. Grade: <b>{grade}</b> (on {figure}; {rule}).").format(
                gold=_e(grades.gold.path), n=len(grades.gold), profile=_e(grades.profile.name),
                grade=_e(student.grade), figure=_e(grades.figure),
                rule=_e(describe_rule(grades.rule, language))) + "</p>",
            "<table><tr>" + "".join(f"<th>{_e(k)}</th>" for k in keys) + "</tr><tr>"
            + "".join(f"<td>{_fmt(figures.get(k, '–'))}</td>" for k in keys) + "</tr></table>",
            "<p>" + w("Sentences: ") + ", ".join(
                f"{student.count(state)} {w(STATE_TEXT[state])}" for state in STATE_TEXT
                if student.count(state) or state == "done") + ".</p>"]
    if student.error:
        body.append(f"<p class='bad'>{w('Your file could not be graded: ')}{_e(said(student.error))}</p>")
    if student.problems and not student.error:
        body.append(f"<h2>{w('What could not be read')}</h2><ul>"
                    + "".join(f"<li><code>{_e(said(p))}</code></li>" for p in student.problems)
                    + f"</ul><p class='note'>{w('Each such sentence counts as missing.')}</p>")
    if student.mismatches:
        body.append(f"<h2>{w('Sentences that do not match the exercise')}</h2><ul>"
                    + "".join(f"<li>{_e(said(m))}</li>" for m in student.mismatches) + "</ul>")
    if level != "score":
        body += _sentences(grades, student, level, w, said)
    body.append(f"<p class='note'>{w('Made by tcompare grade.')}</p>")
    return _page(w("Feedback: {name}").format(name=student.name), body, language)


def _sentences(grades: Any, student: Any, level: str, w: Callable[[str], str],
               said: Callable[[str], str]) -> list[str]:
    key = grades.cell_figure or "score"
    out = [f"<h2>{w('Sentence by sentence')}</h2><p class='note'>"
           + _e(w("Your {key} on each sentence (outlined: exactly right; · missing, ✗ cannot "
                  "be read, ≠ other words than the exercise, – not scored).").format(key=key))
           + "</p>", _strip(student, w)]
    todo = [c.gold for c in student.cells if not c.right and c.state in ("done", "mismatch")]
    out.append("<p>" + w("Sentences to look at: ")
               + (", ".join(map(str, todo)) if todo else w("none")) + ".</p>")
    for cell in student.cells:
        if cell.gold not in todo:
            continue
        value = "" if cell.value is None else f" ({_e(key)} {cell.value:.2f})"
        out.append(f"<h3>{w('Sentence {n}').format(n=cell.gold)}{value}</h3>")
        if cell.state == "mismatch":
            out.append(f"<p class='bad'>{_e(said(cell.message))}</p>")
            continue
        rows = wrong_items(grades, student, cell.gold, w)
        if rows:
            out.append(f"<table><tr><th class='l'>{w('gold')}</th><th class='l'>{w('yours')}</th>"
                       f"<th class='l'>{w('what is wrong')}</th></tr>" + "".join(
                           f"<tr><td class='l'>{_e(g)}</td><td class='l'>{_e(s)}</td>"
                           f"<td class='l'>{_e(why)}</td></tr>" for g, s, why in rows) + "</table>")
        if level == "drawing":
            out.append(drawing(grades, student, cell.gold, w))
    return out


def _cell_td(student: Any, cell: Any, w: Callable[[str], str]) -> str:
    text = STATE_MARK.get(cell.state, "") or ("" if cell.value is None else f"{cell.value:.0f}")
    value = cell.value if cell.state == "done" else None
    title = (f"{student.name}, {w('sentence {n}').format(n=cell.gold)}: "
             f"{w(STATE_TEXT[cell.state])}" + ("" if cell.value is None else f", {cell.value:.2f}")
             + (f", {w('exactly right')}" if cell.right else ""))
    return (f"<td{' class=right' if cell.right else ''} title='{_e(title)}' "
            f"style='background:{heat_hex(value)};color:{ink_for(value)}'>{_e(text)}</td>")


def _strip(student: Any, w: Callable[[str], str]) -> str:
    """One student's row of the heat map, numbered, wrapped every 25 sentences."""
    out = []
    for start in range(0, len(student.cells), 25):
        part = student.cells[start:start + 25]
        out.append("<table class='heat'><tr>" + "".join(f"<th>{c.gold}</th>" for c in part)
                   + "</tr><tr>" + "".join(_cell_td(student, c, w) for c in part) + "</tr></table>")
    return "".join(out)


def write_feedback(grades: Any, folder: str, level: str = "items", language: str = "en") -> list[str]:
    """One feedback page per student in `folder` (made if needed); the paths written."""
    os.makedirs(folder, exist_ok=True)
    written = []
    taken: set[str] = set()
    for student in grades.students:
        name = file_name(student.name)
        while name in taken:                      # two names made the same by the cleaning
            name = "_" + name
        taken.add(name)
        path = os.path.join(folder, name)
        atomic_write(path, feedback_page(grades, student, level, language).encode("utf-8"))
        written.append(path)
    return written


# -- the class ---------------------------------------------------------------------------------

def heat_table(grades: Any, w: Callable[[str], str] = words()) -> str:
    rows = [f"<table class='heat'><tr><th class='l'>{w('student')}</th>"
            + "".join(f"<th>{i + 1}</th>" for i in range(len(grades.gold))) + "</tr>"]
    for s in grades.students:
        cells = [_cell_td(s, c, w) for c in s.cells]
        rows.append(f"<tr><th class='l'>{_e(s.name)}</th>" + "".join(cells) + "</tr>")
    rows.append(f"<tr><th class='l'>{w('right')}</th>" + "".join(
        f"<td>{n}</td>" for n in grades.right_counts()) + "</tr></table>")
    return "".join(rows)


def summary_page(grades: Any, language: str = "en") -> str:
    w = words(language)
    keys = figure_keys(grades)
    heads = "".join(f"<th>{w(h)}</th>" for h in ("done", "missing", "unreadable", "mismatched",
                                                  "extra"))
    book = [f"<table><tr><th class='l'>{w('student')}</th>{heads}"
            + "".join(f"<th>{_e(k)}</th>" for k in keys) + f"<th>{w('grade')}</th></tr>"]
    for s in grades.students:
        f = s.figures
        book.append(f"<tr><td class='l'>{_e(s.name)}</td><td>{s.count('done')}</td>"
                    f"<td>{s.count('missing')}</td><td>{s.count('unreadable')}</td>"
                    f"<td>{s.count('mismatch')}</td><td>{s.extra}</td>"
                    + "".join(f"<td>{_fmt(f.get(k, '–'))}</td>" for k in keys)
                    + f"<td>{_e(s.grade)}</td></tr>")
    book.append("</table>")
    nobody = grades.nobody_right()
    unit = w("words") if grades.kind == "dependency" else w("brackets")
    mistakes = [f"<table><tr><th>{w('occurrences')}</th><th>{unit}</th><th>{w('students')}</th>"
                f"<th class='l'>{w('mistake')}</th><th class='l'>{w('for example')}</th></tr>"]
    for m in grades.mistakes[:20]:
        example = ", ".join(f"{s} ({n})" for s, n in m.examples[:3])
        mistakes.append(f"<tr><td>{m.occurrences}</td><td>{m.weight}</td><td>{len(m.students)}</td>"
                        f"<td class='l'>{_e(mistake_name(m.name, language))}</td><td class='l'>{_e(example)}</td></tr>")
    mistakes.append("</table>")
    title = w("Class summary: {gold}")
    body = [f"<h1>{title.format(gold=_e(os.path.basename(grades.gold.path)))}</h1>",
            "<p>" + w("{n} submissions, {m} sentences, profile <b>{profile}</b>; grade on "
                      "{figure} ({rule}).").format(
                n=len(grades.students), m=len(grades.gold), profile=_e(grades.profile.name),
                figure=_e(grades.figure), rule=_e(describe_rule(grades.rule, language))) + "</p>",
            f"<h2>{w('Gradebook')}</h2>", *book,
            f"<h2>{w('Heat map')}</h2><p class='note'>" + _e(w(
                "{key} per sentence; outlined: exactly right; · missing, ✗ cannot be read, ≠ "
                "other words, – not scored.").format(key=grades.cell_figure or "score")) + "</p>",
            heat_table(grades, w),
            f"<h2>{w('Sentences nobody got right')}</h2><p>"
            + (", ".join(map(str, nobody)) if nobody else w("none")) + "</p>",
            f"<h2>{w('Most frequent mistakes')}</h2>",
            *(mistakes if grades.mistakes else [f"<p>{w('none')}</p>"])]
    for s in grades.students:
        if s.error or s.problems or s.mismatches:
            body.append(f"<h3>{_e(s.name)}</h3><ul>" + "".join(
                f"<li>{_e(grading_message(p, language))}</li>"
                for p in ([s.error] if s.error else s.problems + s.mismatches))
                + "</ul>")
    return _page(title.format(gold=grades.gold.path), body, language)


def write_summary(grades: Any, path: str, language: str = "en") -> None:
    atomic_write(path, summary_page(grades, language).encode("utf-8"))
