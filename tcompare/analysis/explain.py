"""Step-by-step explanations of a score, for teaching and for "why does my score differ?".

Spec (docs/teaching.md): from a profile's `SentenceResult` build, as structured data and
as plain text or HTML,

1. what is not scored and why (EVALB: deleted brackets -- TOP, DELETE_LABEL such as
   punctuation and ``-NONE-``, empty spans -- and deleted words; dependency profiles:
   punctuation / DERIV tokens; Chinese profiles: labels outside the evaluated set);
2. the gold items in gold order, each with the scorer's verdict: matched (shown next to
   the system item it was paired with, so the multiset pairing is visible), label-only,
   missing;
3. the system items left over: label-only, crossing, extra;
4. words / tags (and, for dependencies, one row per word: head and label right or not);
5. the figures: ``recall = matched / gold = 5 / 6 = 83.33`` with the counts from
   ``result.counts`` and the value from ``result.scores``.

The explanation only READS verdicts, partners and counts (house rule: nothing outside
`tcompare.scoring` decides whether an item matched).  Every gold and every system item of
the result appears in exactly one row.  `explain_summary` does the same for the corpus
figures: micro figures from the summed counts, macro figures (SIGHAN-2012 equations 4-6)
as means of the sentences' own P and R, F1 of those means.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from tcompare.scoring.base import Item, Profile, SentenceResult, Status, Summary, Verdict
from tcompare.scoring.figures import Formula, SummaryStep, fmt  # noqa: F401 (re-exported)

# what a result made without its profile is explained with: no figure lines, no reasons
_ANY_PROFILE = Profile()

VERDICT_TEXT = {
    Verdict.MATCH: "matched",
    Verdict.LABEL_ONLY: "right span, wrong label",
    Verdict.MISSING: "missing (gold only)",
    Verdict.EXTRA: "extra (system only)",
    Verdict.CROSSING: "crossing a gold bracket",
    Verdict.WRONG_POS: "wrong tag",
    Verdict.WRONG_HEAD: "wrong head",
    Verdict.WRONG_LABEL: "wrong label",
    Verdict.WRONG_BOTH: "wrong head and label",
    Verdict.IGNORED: "not scored",
}

# verdict colours for HTML (Okabe-Ito, the same hues as gui/drawing/palette.py, which needs Qt)
VERDICT_COLOUR = {
    Verdict.MATCH: "#009E73", Verdict.LABEL_ONLY: "#E69F00", Verdict.MISSING: "#D55E00",
    Verdict.EXTRA: "#CC79A7", Verdict.CROSSING: "#000000", Verdict.WRONG_POS: "#0072B2",
    Verdict.WRONG_HEAD: "#0072B2", Verdict.WRONG_LABEL: "#E69F00",
    Verdict.WRONG_BOTH: "#D55E00", Verdict.IGNORED: "#8C8C8C",
}


CURRENT_ROW = "#FFF2A8"      # the row a step-through is on

# -- data ----------------------------------------------------------------------------------

@dataclass
class Row:
    """One line of a step: a gold item, a system item, or a pair the scorer linked.

    ``verdict`` is the scorer's (the gold item's when both are present); ``note`` says
    why in words.
    """

    gold: Item | None
    system: Item | None
    verdict: Verdict
    gold_text: str = ""
    system_text: str = ""
    note: str = ""

    def items(self) -> list[Item]:
        return [i for i in (self.gold, self.system) if i is not None]


@dataclass
class Step:
    title: str
    intro: str = ""
    rows: list[Row] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # free text (summary steps have no items)


@dataclass
class Explanation:
    """A whole explanation: steps (item rows), figures, notes; renders to text / HTML."""

    title: str
    profile: str
    index: int = 0
    status: Status = Status.VALID
    message: str = ""
    sentence: str = ""
    steps: list[Step] = field(default_factory=list)
    formulas: list[Formula] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def rows(self) -> Iterable[Row]:
        for step in self.steps:
            yield from step.rows

    def formula(self, name: str) -> Formula | None:
        return next((f for f in self.formulas if f.name == name), None)

    def to_text(self) -> str:
        out = [self.title, "=" * len(self.title)]
        if self.sentence:
            out.append(self.sentence)
        if self.message:
            out.append(f"note: {self.message}")
        for n, step in enumerate(self.steps, start=1):
            out.append("")
            out.append(f"Step {n}. {step.title}")
            if step.intro:
                out.append(f"  {step.intro}")
            for row in step.rows:
                out.append("  " + _row_text(row))
            out.extend("  " + line for line in step.lines)
            if not step.rows and not step.lines:
                out.append("  (none)")
        if self.formulas:
            out.append("")
            out.append(f"Step {len(self.steps) + 1}. The figures")
            out.extend("  " + f.text() for f in self.formulas)
        for note in self.notes:
            out.append(f"note: {note}")
        return "\n".join(out) + "\n"

    def to_html(self, font_size: int = 0, current: int = -1,
                colours: Mapping[Verdict, str] | None = None,
                current_row: str = CURRENT_ROW) -> str:
        """HTML for a QTextBrowser (``font_size`` in pt, 0 = the widget's default);
        ``current``: the row (0-based over `rows`) shown highlighted, with an anchor
        ``current`` to scroll to, when the explanation is stepped through.  ``colours``
        (verdict -> text colour) and ``current_row`` (its background): the window's theme
        (default: Okabe-Ito on white)."""
        colours = colours if colours is not None else VERDICT_COLOUR
        esc = html.escape
        style = f' style="font-size:{font_size}pt"' if font_size else ""
        out = [f"<html><body{style}>", f"<h2>{esc(self.title)}</h2>"]
        if self.sentence:
            out.append(f"<p><i>{esc(self.sentence)}</i></p>")
        if self.message:
            out.append(f"<p><b>note:</b> {esc(self.message)}</p>")
        seen = 0
        for n, step in enumerate(self.steps, start=1):
            out.append(f"<h3>Step {n}. {esc(step.title)}</h3>")
            if step.intro:
                out.append(f"<p>{esc(step.intro)}</p>")
            if step.lines:
                out.append("<br>".join(esc(line) for line in step.lines))
            if not step.rows:
                if not step.lines:
                    out.append("<p>(none)</p>")
                continue
            out.append('<table cellspacing="0" cellpadding="3" border="0">')
            out.append("<tr><th align='left'>gold</th><th></th><th align='left'>system</th>"
                       "<th align='left'>verdict</th></tr>")
            for row in step.rows:
                seen += 1
                here = seen - 1 == current
                colour = colours.get(row.verdict, "#000000")
                link = "↔" if row.gold is not None and row.system is not None else ""
                note = f" — {esc(row.note)}" if row.note else ""
                out.append((f"<tr style='background-color:{current_row}'><td><a name='current'>"
                            "</a>" if here else "<tr><td>") + f"{esc(row.gold_text)}</td><td>{link}</td>"
                           f"<td>{esc(row.system_text)}</td>"
                           f"<td><span style='color:{colour}'><b>{esc(VERDICT_TEXT[row.verdict])}"
                           f"</b></span>{note}</td></tr>")
            out.append("</table>")
        if self.formulas:
            out.append(f"<h3>Step {len(self.steps) + 1}. The figures</h3><ul>")
            out.extend(f"<li><tt>{esc(f.text())}</tt></li>" for f in self.formulas)
            out.append("</ul>")
        for note in self.notes:
            out.append(f"<p><b>note:</b> {esc(note)}</p>")
        out.append("</body></html>")
        return "\n".join(out)

    def to_json(self) -> dict:
        return {
            "title": self.title, "profile": self.profile, "index": self.index,
            "status": self.status.value, "message": self.message,
            "steps": [{"title": s.title, "intro": s.intro, "rows": [
                {"gold": r.gold.to_json() if r.gold else None,
                 "system": r.system.to_json() if r.system else None,
                 "verdict": r.verdict.value, "gold_text": r.gold_text,
                 "system_text": r.system_text, "note": r.note} for r in s.rows]}
                for s in self.steps],
            "figures": [{"name": f.name, "expression": f.expression, "value": f.value,
                         "numerator": f.numerator, "denominator": f.denominator,
                         "text": f.text()} for f in self.formulas],
            "notes": list(self.notes),
        }


def _row_text(row: Row) -> str:
    left = row.gold_text or "-"
    right = row.system_text or "-"
    link = "<->" if row.gold is not None and row.system is not None else "   "
    note = f"  ({row.note})" if row.note else ""
    return f"{left:<28} {link} {right:<28} {VERDICT_TEXT[row.verdict]}{note}"


# -- describing items ----------------------------------------------------------------------

class _Words:
    """The words of one side, to show what an item covers (token or character offsets)."""

    def __init__(self, item: Any):
        self.forms: list[str] = []
        self.pos: list[str] = []
        tokens = getattr(item, "tokens", None)
        if tokens is not None:
            self.forms = [t.form for t in tokens]
            self.pos = [t.pos for t in tokens]
        elif item is not None and hasattr(item, "words"):
            self.forms = [w.form for w in item.words]
            self.pos = [w.cpostag for w in item.words]
        self.chars = "".join(self.forms)
        self.kept: list[str] | None = None  # EVALB spans count only the words it kept

    def keep_scored_words(self, items: Sequence[Item]) -> None:
        """Token spans over the words the scorer kept: its scored tag items, in order."""
        tags = sorted((i for i in items if i.kind == "tag" and i.verdict is not Verdict.IGNORED),
                      key=lambda i: i.start)
        self.kept = [self.form(i.ref) for i in tags]

    def span(self, item: Item) -> str:
        if not self.forms or item.start < 0 or item.end < item.start:
            return ""
        if item.unit == "char":
            return self.chars[item.start:item.end]
        forms = self.kept if self.kept is not None else self.forms
        return " ".join(forms[item.start:item.end])

    def form(self, index: int) -> str:
        return self.forms[index] if 0 <= index < len(self.forms) else ""


def _bracket_text(item: Item, words: _Words) -> str:
    unit = "" if item.unit == "token" else "c"
    covered = words.span(item)
    shown = f" “{_short(covered)}”" if covered else ""
    return f"{item.label} [{item.start},{item.end}){unit}{shown}"


def _tag_text(item: Item, words: _Words) -> str:
    if item.unit == "char":
        form = words.span(item)
    else:
        form = words.form(item.ref)
    return f"{form}/{item.label}" if item.label else form


def _arc_text(item: Item, words: _Words) -> str:
    dep = words.form(item.end - 1)
    head = "ROOT" if item.start == 0 else (words.form(item.start - 1) if item.start > 0 else "?")
    return f"{item.end} {dep} ← {item.start} {head} ({item.label})"


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _by_ref(items: Sequence[Item], kind: str) -> dict[int, Item]:
    return {i.ref: i for i in items if i.kind == kind}


# -- the sentence explanation ------------------------------------------------------------

def explain(result: SentenceResult, profile: Any = None, gold: Any = None, system: Any = None,
            config: Any = None) -> Explanation:
    """The step-by-step explanation of one sentence's result.

    Parameters
    ----------
    result : the profile's full result (with items), e.g. from `pairing.score_pair`.
    profile : the `Profile` that made it (its figure lines and reasons), or None.
    gold, system : the sentence pair (Tree / DepSentence), to show words; optional.
    config : the profile's prepared config, to say WHY an item was deleted; optional.
    """
    profile = profile or _ANY_PROFILE
    name = profile.name
    gw, sw = _Words(gold), _Words(system)
    title = f"Sentence {result.index}: how the {name or 'score'} figures are counted"
    exp = Explanation(title=title, profile=name, index=result.index, status=result.status,
                      message=result.message)
    if profile.spans_over_kept_words:
        gw.keep_scored_words(result.gold_items)
        sw.keep_scored_words(result.system_items)
    if gw.forms:
        exp.sentence = _short(" ".join(gw.forms) if not _is_cjk(gw.chars) else gw.chars, 200)
    if not result.valid:
        exp.notes.append(f"this sentence is {result.status.value}: it is left out of every "
                         "figure" + (f" ({result.message})" if result.message else ""))
        return exp
    kinds = {i.kind for i in result.gold_items + result.system_items}
    if kinds == {"arc"} or (not kinds and profile.kind == "dependency"):
        _explain_arcs(exp, result, profile, gw, sw, config)
    else:
        _explain_constituents(exp, result, profile, gw, sw, config, gold, system)
    exp.formulas = profile.sentence_formulas(result)
    for flag in result.flags:
        exp.notes.append(f"flag: {flag}")
    return exp


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def _pair_rows(gold_items: Sequence[Item], system_items: Sequence[Item], kind: str,
               describe: Callable[[Item, _Words], str], gw: _Words, sw: _Words,
               paired: Iterable[Verdict]) -> tuple[list[Row], list[Row]]:
    """Rows for gold items in gold order (joined to the partner the scorer recorded when the
    verdict is one of `paired`), then rows for the system items nobody took."""
    paired = set(paired)
    sys_by_ref = _by_ref(system_items, kind)
    used: set[int] = set()
    gold_rows: list[Row] = []
    for g in gold_items:
        partner = sys_by_ref.get(g.partner) if g.partner >= 0 and g.verdict in paired else None
        # a same-span partner that the scorer matched elsewhere stays on its own row
        if partner is not None and (id(partner) in used or partner.verdict is not g.verdict):
            partner = None
        if partner is not None:
            used.add(id(partner))
        gold_rows.append(Row(g, partner, g.verdict, describe(g, gw),
                             describe(partner, sw) if partner else "", _note(g, partner)))
    rest = [Row(None, s, s.verdict, "", describe(s, sw), _note(s, None))
            for s in system_items if id(s) not in used]
    return gold_rows, rest


def _note(item: Item, partner: Item | None) -> str:
    if item.verdict is Verdict.WRONG_HEAD and item.kind == "bracket":
        return "boundaries and tag match (counted for B+C), head positions differ"
    if item.verdict is Verdict.LABEL_ONLY and partner is not None:
        return "same span, the labels differ: not counted"
    if item.verdict is Verdict.LABEL_ONLY and item.partner >= 0:
        return f"the other side has a different label over the same span (#{item.partner})"
    if item.crossing and item.verdict is not Verdict.CROSSING:
        return "also crosses a bracket of the other side"
    if item.group and item.kind == "bracket" and item.group not in (item.label,):
        return item.group
    return ""


def _explain_constituents(exp: Explanation, result: SentenceResult, profile: Profile, gw: _Words,
                          sw: _Words, config: Any, gold: Any, system: Any) -> None:
    ignored = [i for i in result.gold_items + result.system_items if i.verdict is Verdict.IGNORED]
    step = Step("What is not scored",
                "Items the profile sets aside before counting (and why).")
    for item in ignored:
        words, tree = (gw, gold) if item.side == "gold" else (sw, system)
        text = (_bracket_text if item.kind == "bracket" else _tag_text)(item, words)
        reason = profile.ignored_reason(item, config, tree)
        step.rows.append(Row(item if item.side == "gold" else None,
                             item if item.side == "system" else None, Verdict.IGNORED,
                             text if item.side == "gold" else "",
                             text if item.side == "system" else "", reason))
    exp.steps.append(step)

    def scored(items: Sequence[Item], pred) -> list[Item]:
        return [i for i in items if i.verdict is not Verdict.IGNORED and pred(i)]

    pos_groups = {"", "pos", "sc"}
    # SIGHAN SRL word children are role items of kind "tag" with the role as group
    is_constituent = (lambda i: i.kind == "bracket" or (i.kind == "tag" and i.group not in pos_groups))
    is_tag = (lambda i: i.kind == "tag" and i.group in pos_groups)
    is_event = (lambda i: i.kind == "event")

    g_con, s_con = scored(result.gold_items, is_constituent), scored(result.system_items, is_constituent)
    c = result.counts
    g_count = c.get("gold_brackets", c.get("gold", c.get("lc_gold", len(g_con))))
    s_count = c.get("test_brackets", c.get("system", c.get("lc_system", len(s_con))))
    # label-only items are shown next to the same-span item the scorer named as partner
    matched = (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.LABEL_ONLY)

    def describe(item: Item, words: _Words) -> str:
        return (_bracket_text if item.kind == "bracket" else _tag_text)(item, words)

    # brackets and role tags share one ref space per kind: pair within each kind
    gold_rows: list[Row] = []
    rest: list[Row] = []
    for kind in ("bracket", "tag"):
        g = [i for i in g_con if i.kind == kind]
        s = [i for i in s_con if i.kind == kind]
        if g or s:
            a, b = _pair_rows(g, s, kind, describe, gw, sw, matched)
            gold_rows += a
            rest += b
    order = {id(i): n for n, i in enumerate(g_con)}
    gold_rows.sort(key=lambda row: order[id(row.gold)])
    other_kinds = {i.kind for i in result.gold_items + result.system_items} - {"bracket", "tag", "event"}
    if not g_con and not s_con and other_kinds:
        pass  # a profile that scores no constituents (phenomena): no empty steps
    else:
        _constituent_steps(exp, g_count, s_count, gold_rows, rest)
    _tag_and_other_steps(exp, result, gw, sw, scored, is_tag, is_event)


def _constituent_steps(exp: Explanation, g_count: int, s_count: int, gold_rows: list[Row],
                       rest: list[Row]) -> None:
    exp.steps.append(Step(
        f"Gold constituents in gold order (gold = {g_count})",
        "Each gold item is paired with at most one system item with the same label and span "
        "(multiset matching: duplicates pair copy by copy).", gold_rows))
    exp.steps.append(Step(
        f"System constituents left unpaired (system = {s_count})",
        "System items no gold item took: label-only, crossing or extra.", rest))


def _tag_and_other_steps(exp: Explanation, result: SentenceResult, gw: _Words, sw: _Words,
                         scored, is_tag, is_event) -> None:
    g_tags, s_tags = scored(result.gold_items, is_tag), scored(result.system_items, is_tag)
    if g_tags or s_tags:
        rows, extra = _tag_rows(g_tags, s_tags, gw, sw)
        exp.steps.append(Step("Words and tags", "Each word's tag as gold and system have it.",
                              rows + extra))
    g_ev = [i for i in result.gold_items if is_event(i)]
    if g_ev:
        exp.steps.append(Step("Event constructions (Task 2-1)", "", [
            Row(e, None, e.verdict, f"{e.label} [{e.start},{e.end})", "", "") for e in g_ev]))
    # anything else the profile scored (phenomena...), each item on its own row
    shown = {id(i) for step in exp.steps for row in step.rows for i in row.items()}
    rest = [i for i in result.gold_items + result.system_items if id(i) not in shown]
    if rest:
        def other_text(item: Item) -> str:
            words = gw if item.side == "gold" else sw
            covered = words.span(item) if item.end > item.start else ""
            return item.label + (f" [{item.start},{item.end}) “{_short(covered)}”" if covered else "")

        exp.steps.append(Step(
            "Other items (" + ", ".join(sorted({i.kind for i in rest})) + ")",
            "Items of other kinds, gold then system, with the scorer's verdicts.",
            [Row(i if i.side == "gold" else None, i if i.side == "system" else None, i.verdict,
                 other_text(i) if i.side == "gold" else "", other_text(i) if i.side == "system" else "",
                 i.group if i.group not in ("", i.kind) else "") for i in rest]))


def _tag_rows(g_tags: Sequence[Item], s_tags: Sequence[Item], gw: _Words,
              sw: _Words) -> tuple[list[Row], list[Row]]:
    """One row per word: the scorer's partner when it recorded one, else the system word with
    the same span (display only: the verdict is always the scorer's)."""
    s_by_ref = _by_ref(s_tags, "tag")
    s_by_span: dict[tuple[int, int], Item] = {}
    for s in s_tags:
        s_by_span.setdefault((s.start, s.end), s)
    used: set[int] = set()
    rows = []
    for g in g_tags:
        partner = s_by_ref.get(g.partner) if g.partner >= 0 else None
        if partner is None or id(partner) in used:
            partner = s_by_span.get((g.start, g.end))
        if partner is not None and id(partner) in used:
            partner = None
        if partner is not None:
            used.add(id(partner))
        rows.append(Row(g, partner, g.verdict, _tag_text(g, gw),
                        _tag_text(partner, sw) if partner else "", ""))
    extra = [Row(None, s, s.verdict, "", _tag_text(s, sw), "no gold word with these characters")
             for s in s_tags if id(s) not in used]
    return rows, extra


def _explain_arcs(exp: Explanation, result: SentenceResult, profile: Profile, gw: _Words,
                  sw: _Words, config: Any) -> None:
    sys_by_ref = _by_ref(result.system_items, "arc")
    scored, ignored = Step("Scored words", "Each word's head and label, gold and system."), \
        Step("What is not scored", "Words the profile does not count (and why).")
    used: set[int] = set()
    for g in result.gold_items:
        s = sys_by_ref.get(g.partner) if g.partner >= 0 else None
        if s is not None:
            used.add(id(s))
        row = Row(g, s, g.verdict, _arc_text(g, gw), _arc_text(s, sw) if s else "",
                  "" if g.verdict is not Verdict.IGNORED else profile.ignored_reason(g, config, None))
        if s is None and g.verdict is not Verdict.IGNORED:
            row.note = "no system word at this position"
        (ignored if g.verdict is Verdict.IGNORED else scored).rows.append(row)
    for s in result.system_items:
        if id(s) not in used:
            ignored.rows.append(Row(None, s, s.verdict, "", _arc_text(s, sw),
                                    profile.ignored_reason(s, config, None)))
    exp.steps.extend([ignored, scored])


# -- the corpus explanation --------------------------------------------------------------

def explain_summary(results: Sequence[SentenceResult], summary: Summary, profile: Any = None,
                    config: Any = None) -> Explanation:
    """How the corpus figures come from the sentences: micro figures from summed counts,
    macro figures (SIGHAN-2012 eq. 4-6) as means of per-sentence P and R."""
    profile = profile or _ANY_PROFILE
    name = profile.name
    exp = Explanation(title=f"How the {name or 'corpus'} summary is counted", profile=name)
    valid = [r for r in results if r.valid]
    bad = [r for r in results if not r.valid]
    intro = (f"{len(results)} sentence(s); {len(valid)} scored"
             + (f", {len(bad)} left out (errors / skipped)" if bad else "") + ".")
    exp.steps.append(Step("Micro figures: counts summed over the scored sentences",
                          lines=[intro]))
    exp.formulas = profile.summary_formulas(results, summary, config)
    for step in profile.summary_steps(results, summary):
        exp.steps.append(Step(step.title, step.intro, lines=list(step.lines)))
    exp.notes.extend(summary.notes)
    return exp
