"""The Explain dock's text in the interface's language.

`tcompare.analysis.explain` writes its explanation in English (the CLI prints it so); the
window translates it when it shows it: each step title, intro, note and reason is looked up
in `PHRASES` (templates: ``{n}`` stands for a number or name copied over), and the fixed words
of the HTML ("Step 2.", the table's column heads, the verdicts) are replaced.  A phrase not
in the table is shown in English; the formulas (``recall = matched / gold = 5 / 6``) keep
the papers' names.
"""

from __future__ import annotations

import dataclasses
import html
import re

from tcompare.analysis.explain import VERDICT_TEXT, Explanation
from tcompare.gui.language.i18n import N_, current, tr
from tcompare.gui.language.terms import known_term

CONTEXT = "explain"

# every English phrase the explanations use; "{x}" copies what stood there
PHRASES: tuple[str, ...] = (
    N_("explain", "Sentence {n}: how the {profile} figures are counted"),
    N_("explain", "Sentence {n}: how the score figures are counted"),
    N_("explain", "What is not scored"),
    N_("explain", "Items the profile sets aside before counting (and why)."),
    N_("explain", "Gold constituents in gold order (gold = {n})"),
    N_("explain", "Each gold item is paired with at most one system item with the same label and "
                  "span (multiset matching: duplicates pair copy by copy)."),
    N_("explain", "System constituents left unpaired (system = {n})"),
    N_("explain", "System items no gold item took: label-only, crossing or extra."),
    N_("explain", "Words and tags"),
    N_("explain", "Each word's tag as gold and system have it."),
    N_("explain", "Event constructions (Task 2-1)"),
    N_("explain", "Other items ({kinds})"),
    N_("explain", "Items of other kinds, gold then system, with the scorer's verdicts."),
    N_("explain", "Scored words"),
    N_("explain", "Each word's head and label, gold and system."),
    N_("explain", "Words the profile does not count (and why)."),
    N_("explain", "no system word at this position"),
    N_("explain", "no gold word with these characters"),
    N_("explain", "boundaries and tag match (counted for B+C), head positions differ"),
    N_("explain", "same span, the labels differ: not counted"),
    N_("explain", "the other side has a different label over the same span (#{n})"),
    N_("explain", "also crosses a bracket of the other side"),
    N_("explain", "this sentence is {status}: it is left out of every figure ({why})"),
    N_("explain", "this sentence is {status}: it is left out of every figure"),
    N_("explain", "flag: {figure} undefined"),
    N_("explain", "flag: {flag}"),
    N_("explain", "Micro figures: counts summed over the scored sentences"),
    N_("explain", "How the {profile} summary is counted"),
    N_("explain", "How the corpus summary is counted"),
    N_("explain", "{n} sentence(s); {k} scored."),
    N_("explain", "{n} sentence(s); {k} scored, {b} left out (errors / skipped)."),
    N_("explain", "Macro figures: means of the sentences' own P and R (SIGHAN-2012 eq. 4-6)"),
    N_("explain", "A sentence with no item on either side is left out; a 0/0 P or R counts 0."),
    N_("explain", "sentence {n}: P = {p}, R = {r}"),
    # the profiles' reasons for not scoring an item (Profile.ignored_reason)
    N_("explain", "no gold word at this position"),
    N_("explain", "gold DEPREL is DERIV"),
    N_("explain", "punctuation"),
    N_("explain", "not scored by this profile"),
    N_("explain", "word deleted: POS {pos} is a DELETE_LABEL"),
    N_("explain", "word deleted"),
    N_("explain", "label {label} is a DELETE_LABEL (cut from {raw})"),
    N_("explain", "label {label} is a DELETE_LABEL"),
    N_("explain", "covers no word once deleted words are gone"),
    N_("explain", "deleted"),
    N_("explain", "not a top-level constituent (only the root's children carry roles)"),
    N_("explain", "label {label} is not evaluated (only S, VP, NP, GP, PP, XP)"),
)

# the profiles' formulas in words (`FigureLine.expression`); the others are names and signs
FORMULAS: tuple[str, ...] = (
    N_("explain", "system brackets crossing a gold bracket"),
    N_("explain", "2·precision·recall / (precision + recall)"),
    N_("explain", "(C_S_F1 + S_S_F1) / 2, an undefined F1 counting 0"),
    N_("explain", "correct (B+C+H) / system"),
    N_("explain", "correct (B+C+H) / gold"),
    N_("explain", "correct (B+C) / system"),
    N_("explain", "correct (B+C) / gold"),
    N_("explain", "correct content words / system content words"),
    N_("explain", "correct content words / gold content words"),
    N_("explain", "correct C_S / system"),
    N_("explain", "correct C_S / gold"),
    N_("explain", "label right / scored words"),
    N_("explain", "head and label right / scored words"),
    N_("explain", "head right / scored words"),
    N_("explain", "correct (label + boundaries) / system"),
    N_("explain", "correct (label + boundaries) / gold"),
    N_("explain", "correct (boundaries) / system"),
    N_("explain", "correct (boundaries) / gold"),
    N_("explain", "correct events / gold events"),
    N_("explain", "system constituents crossing nothing / system"),
    N_("explain", "correct / system"),
    N_("explain", "correct / gold"),
    N_("explain", "correct tags / gold words"),
    N_("explain", "correct tags / words"),
    N_("explain", "correct categories / system"),
    N_("explain", "correct categories / gold"),
    N_("explain", "correct S_S / system"),
    N_("explain", "correct S_S / gold"),
    N_("explain", "matched system items of classes 1-4 / system items of classes 1-4"),
    N_("explain", "matched gold items of classes 1-4 / gold items of classes 1-4"),
    N_("explain", "matched / phenomena recognised in the system"),
    N_("explain", "matched / system brackets"),
    N_("explain", "matched / gold brackets"),
    N_("explain", "matched / gold phenomena"),
    N_("explain", "2·macro_P·macro_R / (macro_P + macro_R) (not the mean of F1)"),
    N_("explain", "Σ sentence P / sentences"),
    N_("explain", "Σ sentence R / sentences"),
    N_("explain", "crossing / valid sentences"),
    N_("explain", "sentences matched completely / valid"),
    N_("explain", "sentences with no crossing / valid"),
    N_("explain", "sentences with ≤ 2 crossings / valid"),
)

# the fixed words of `Explanation.to_html` (regex on the HTML, replacement template)
_HTML_WORDS = (
    (r"<h3>Step (\d+)\. ", N_("explain", "Step {n}. "), "<h3>"),
    (r"The figures</h3>", N_("explain", "The figures"), "", "</h3>"),
    (r"<b>note:</b>", N_("explain", "note:"), "<b>", "</b>"),
    (r"<p>\(none\)</p>", N_("explain", "(none)"), "<p>", "</p>"),
    (r"\bundefined\b", N_("explain", "undefined"), "", ""),
    (r"<th align='left'>gold</th>", N_("explain", "gold"), "<th align='left'>", "</th>"),
    (r"<th align='left'>system</th>", N_("explain", "system"), "<th align='left'>", "</th>"),
    (r"<th align='left'>verdict</th>", N_("explain", "verdict"), "<th align='left'>", "</th>"),
)

_VERDICTS = (
    N_("explain", "matched"), N_("explain", "right span, wrong label"),
    N_("explain", "missing (gold only)"), N_("explain", "extra (system only)"),
    N_("explain", "crossing a gold bracket"), N_("explain", "wrong tag"),
    N_("explain", "wrong head"), N_("explain", "wrong label"),
    N_("explain", "wrong head and label"), N_("explain", "not scored"),
)


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(regex + r"\Z", re.S)


_TEMPLATES = [(t, _pattern(t)) for t in PHRASES if "{" in t]


def phrase(text: str) -> str:
    """`text` translated when it is (a template of) a known phrase, else as it is."""
    if not text:
        return text
    if text in PHRASES:
        return tr(CONTEXT, text)
    for template, pattern in _TEMPLATES:
        m = pattern.match(text)
        if m:
            values = {k: _from_below(k, v) for k, v in m.groupdict().items()}
            return tr(CONTEXT, template).format(**values)
    from tcompare.gui.language.terms import term

    return term(text)


def _from_below(key: str, value: str) -> str:
    """A value copied into a template: a status, flag or kind name is a term; labels,
    numbers and names stay as they are."""
    from tcompare.gui.language.terms import term

    return term(value) if key in ("status", "flag", "kinds", "why") else value


def translated(exp: Explanation) -> Explanation:
    """A copy of `exp` with its texts in the interface's language (the items are shared)."""
    steps = [dataclasses.replace(
        step, title=phrase(step.title), intro=phrase(step.intro),
        lines=[phrase(line) for line in step.lines],
        rows=[dataclasses.replace(row, note=phrase(row.note)) for row in step.rows])
        for step in exp.steps]
    formulas = [dataclasses.replace(f, name=known_term(f.name), expression=_expression(f.expression))
                for f in exp.formulas]
    return dataclasses.replace(exp, title=phrase(exp.title), steps=steps, formulas=formulas,
                               notes=[phrase(n) for n in exp.notes])


def _expression(expression: str) -> str:
    """A formula's words ("matched / gold brackets") in the interface's language; one
    made of the papers' names only ("2·P·R / (P + R)") stays."""
    return tr(CONTEXT, expression) if expression in FORMULAS else expression


def translated_html(exp: Explanation, **kwargs) -> str:
    """`exp.to_html(**kwargs)`, in the interface's language."""
    if current() == "en":
        return exp.to_html(**kwargs)
    text = translated(exp).to_html(**kwargs)
    for regex, source, *around in _HTML_WORDS:
        before, after = (around + ["", ""])[:2]
        if "(" in regex and "\\d" in regex:
            text = re.sub(regex, lambda m, s=source: before + tr(CONTEXT, s).format(n=m.group(1)), text)
        else:
            text = re.sub(regex, lambda _m, s=source, b=before, a=after: b + tr(CONTEXT, s) + a, text)
    for verdict_text in VERDICT_TEXT.values():
        shown = html.escape(verdict_text)
        text = text.replace(f"<b>{shown}</b>", f"<b>{html.escape(tr(CONTEXT, verdict_text))}</b>")
    return text
