"""Campaign tables: many runs on one gold set, arranged as the seed papers print them.

The figures of each run are the profile's own (`Profile.aggregate`, handed in as a `Run`);
this module only chooses columns, orders and ranks the runs, works out what the papers work
out from those figures (ranks, CoNLL-X's rank changes) and formats the numbers.  Rendering
to text / CSV / LaTeX / Markdown is `campaign_render`.

How each paper orders and groups its runs (checked in shared/seeds/):

* ParsEval-2010 (Tables 5, 7, 9): every run ranked by the table's ranking figure ("B+C+H" F1,
  Macro-R, Total F1); a team's runs are NOT kept together (team 02's third run is 6th,
  after team 10).  Columns ID (team), Sys-ID (run), Model, the figures, Rank.
* ParsEval-2012 (Tables 4-5): ranked by Tot4_LC_F1 within each kind of system (Multiple,
  then Single: the rank starts again at 1); figures with a % sign.  Tables 6-9 (the six
  classes) list the runs by participant ID, unranked.
* SIGHAN-2012 (Tables 3-6): "ordered with participant ID": the runs in the order given, a
  team's runs together, no rank; fractions with 4 decimals.
* CoNLL-X (Table 6): one system per group, ranked by LAS, with how its rank changes when
  ranked by UAS and by LA ("=" when it does not); one decimal.

`order="team"` (the default for the other profiles) keeps each team's runs together, the
teams ordered by their best run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

ORDERS = ("rank", "team", "input")


@dataclass(frozen=True)
class Run:
    """One system's output scored against the gold set.

    ``metrics`` / ``groups`` are the profile's `Summary.metrics` / `Summary.groups`
    (None = 0/0); ``error`` says why the run could not be scored (its cells then show "/").
    """

    name: str
    team: str
    run: str = ""
    model: str = ""
    metrics: Mapping[str, float | None] = field(default_factory=dict)
    groups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    error: str = ""
    notes: tuple[str, ...] = ()

    def value(self, key: str) -> float | None:
        """A figure: ``KEY`` from the metrics, ``GROUP/KEY`` from a group."""
        if "/" in key:
            group, sub = key.split("/", 1)
            v = self.groups.get(group, {}).get(sub)
        else:
            v = self.metrics.get(key)
        return float(v) if isinstance(v, (int, float)) else None


@dataclass(frozen=True)
class Column:
    """A figure column (``key`` as `Run.value` reads it), or with ``rank_change`` the change
    of a run's rank when ranked by ``key`` instead of the layout's ranking figure."""

    header: str
    key: str
    group: str = ""
    rank_change: bool = False


@dataclass(frozen=True)
class Layout:
    title: str
    ids: tuple[str, ...]          # identifying columns: "ID" (team), "Sys-ID" (run), ...
    id_fields: tuple[str, ...]    # what each shows: "team", "run", "name", "model"
    columns: tuple[Column, ...]
    primary: str                  # the ranking figure
    order: str = "rank"
    rank: bool = True             # a Rank column
    digits: int = 2
    scale: float = 1.0            # 0.01: fractions (SIGHAN-2012) from percentages
    suffix: str = ""              # "%" (ParsEval-2012)
    drop_notes: tuple[str, ...] = ()   # profile notes about figures this table does not show
    model_header: str = "Model"   # the column naming the kind of system, when a team file gives it


@dataclass
class Table:
    """A table ready to render: one header row (with spanning group headers above), rows of
    cells, the rows where a new section (team / kind of system) starts, footnotes."""

    title: str
    headers: list[str]
    groups: list[tuple[str, int]]          # (group header, span) over all columns
    align: list[str]                       # "l" / "r" per column
    rows: list[list[str]]
    sections: list[int]                    # row indices after which a rule is drawn
    notes: list[str]


# -- the layouts ------------------------------------------------------------------------

def _prf(prefix: str, group: str, p: str = "P", r: str = "R", f: str = "F1") -> tuple[Column, ...]:
    return (Column(p, f"{prefix}P", group), Column(r, f"{prefix}R", group),
            Column(f, f"{prefix}F1", group))


def _classes(kind: str) -> tuple[Column, ...]:
    return tuple(Column(x, f"class{k}/{kind}_{x}", f"Class {k}")
                 for k in range(1, 7) for x in ("P", "R", "F1"))


_TEAM_RUN = (("ID", "Sys-ID"), ("team", "run"))

def _sighan(title: str) -> Layout:
    """SIGHAN-2012's Tables 3 and 5: micro and macro P/R/F1 per run, to four decimals."""
    return Layout(title, ("Submitted Runs",), ("name",),
                  _prf("micro_", "Micro-averaging", "Precision", "Recall")
                  + _prf("macro_", "Macro-averaging", "Precision", "Recall"),
                  "micro_F1", order="input", rank=False, digits=4, scale=0.01)


LAYOUTS: dict[tuple[str, str], Layout] = {
    ("parseval2010", "2-1"): Layout(
        'Constituent parsing evaluation results of Task 2-1, ranked with "B+C+H"-F1',
        *_TEAM_RUN, _prf("BC_", "B+C") + _prf("BCH_", "B+C+H") + (Column("POS-A", "POS_A"),),
        "BCH_F1", drop_notes=("C_S",)),
    ("parseval2010", "2-2"): Layout(
        "Constituent parsing evaluation results of Task 2-2, ranked with Tot-F1 "
        "(S_S=simple sentence, C_S=complex sentence)",
        *_TEAM_RUN, _prf("S_S_", "Constituents in S_S") + _prf("C_S_", "C_S constituent")
        + (Column("F1", "Total_F1", "Total"), Column("POS-A", "POS_A")), "Total_F1"),
    ("parseval2010", "events"): Layout(
        "Event recognition evaluation results of Task 2-1, ranked with Macro-R",
        *_TEAM_RUN, (Column("Micro-R", "Micro_R"), Column("Macro-R", "Macro_R"),
                     Column("POS-A", "POS_A")), "Macro_R", drop_notes=("C_S",)),
    ("parseval2012", "main"): Layout(
        "Ranked results of the PSG parsing task",
        ("ID", "Sys_ID"), ("team", "run"),
        tuple(Column(k, k) for k in ("SC_F1", "ULC_P", "ULC_R", "ULC_F1", "NoCross_P", "LC_P",
                                     "LC_R", "LC_F1", "Tot4_LC_P", "Tot4_LC_R", "Tot4_LC_F1")),
        "Tot4_LC_F1", suffix="%", model_header="Models"),
    ("parseval2012", "ulc"): Layout(
        "Evaluation results of the different classes (unlabeled constituents)",
        ("ID",), ("name",), _classes("ULC"), "Tot4_LC_F1", order="input", rank=False,
        suffix="%"),
    ("parseval2012", "lc"): Layout(
        "Evaluation results of the different classes (labeled constituents)",
        ("ID",), ("name",), _classes("LC"), "Tot4_LC_F1", order="input", rank=False,
        suffix="%"),
    ("sighan2012", "parsing"): _sighan(
        "Sentence parsing evaluation results of Task 4-1, ordered with participant ID"),
    ("sighan2012", "srl"): _sighan(
        "Semantic role labeling results of Task 4-2, ordered with participant ID"),
    ("conllx", "main"): Layout(
        "Differences in ranking depending on the evaluation metric: LAS, and the change of "
        "rank when ranked by UAS and by LA",
        ("Parser",), ("name",),
        (Column("LAS", "LAS"), Column("UAS rank", "UAS", rank_change=True), Column("UAS", "UAS"),
         Column("LA rank", "LA", rank_change=True), Column("LA", "LA")),
        "LAS", rank=False, digits=1),
    ("evalb", "main"): Layout(
        "Bracketing results (EVALB), ranked with F-measure", ("System",), ("name",),
        (Column("LR", "recall"), Column("LP", "precision"), Column("F1", "fmeasure"),
         Column("CM", "complete_match"), Column("Tag", "tagging_accuracy")),
        "fmeasure", order="team"),
    ("conll18", "main"): Layout(
        "CoNLL 2018 UD results (F1), ranked with LAS", ("System",), ("name",),
        tuple(Column(k, k) for k in ("LAS", "MLAS", "BLEX", "UAS", "CLAS", "UPOS", "Words")),
        "LAS", order="team"),
}
ALIASES = {"conll07": "conllx", "conllu": "conllx", "evalb_spmrl": "evalb", "spmrl": "evalb"}
# the first part is the default: what the paper's main ranking table shows
PARTS: dict[str, tuple[str, ...]] = {
    "parseval2010": ("2-1", "2-2", "events"), "parseval2012": ("main", "ulc", "lc"),
    "conllx": ("main",), "evalb": ("main",), "conll18": ("main",),
}


def parts_for(profile: str) -> tuple[str, ...]:
    """The tables a profile has (`layout`'s ``part``); SIGHAN-2012's follows its --task."""
    profile = ALIASES.get(profile, profile)
    if profile == "sighan2012":
        return ("parsing", "srl")
    return PARTS.get(profile, ("main",))


def layout(profile: str, part: str | None = None, headline: Sequence[str] = ()) -> Layout:
    """The layout of table ``part`` (default: the first of `parts_for`) for ``profile``;
    a profile no paper defines gets its headline figures, ranked by the first."""
    name = ALIASES.get(profile, profile)
    part = part or parts_for(name)[0]
    found = LAYOUTS.get((name, part))
    if found is not None:
        return found
    keys = tuple(headline) or ("fmeasure",)
    return Layout(f"Results ({profile}), ranked with {keys[0]}", ("System",), ("name",),
                  tuple(Column(k, k) for k in keys), keys[0], order="team")


# -- teams ------------------------------------------------------------------------------

# TEAM-run1, TEAM_2, TEAM.closed: the team is everything before the last - _ or .
DEFAULT_RUNS_BY = r"^(?P<team>.+)[-_.](?P<run>[^-_.]+)$"


def split_name(name: str, pattern: str | None = None) -> tuple[str, str]:
    """(team, run) of a system name: ``pattern``'s group ``team`` (else its first group) and
    group ``run`` (else what is left); a name it does not match is a team of its own."""
    rx = re.compile(pattern or DEFAULT_RUNS_BY)
    m = rx.search(name)
    if m is None:
        return name, ""
    named = m.groupdict()
    team = named.get("team") or (m.group(1) if rx.groups else m.group(0))
    run = named.get("run")
    if run is None:
        run = (name[:m.start()] + name[m.end():]).strip("-_. ") if team != name else ""
    return team, run


# -- arranging --------------------------------------------------------------------------

def ranks(runs: Sequence[Run], key: str) -> dict[int, int]:
    """Competition ranks (1, 1, 3 ...) of the scored runs by figure ``key``, highest first,
    by position in ``runs``; a 0/0 figure counts as 0."""
    scored = [i for i, r in enumerate(runs) if not r.error]
    values = {i: runs[i].value(key) or 0.0 for i in scored}
    return {i: 1 + sum(values[j] > values[i] for j in scored) for i in scored}


def ordered(runs: Sequence[Run], lay: Layout, order: str | None = None
            ) -> list[list[int]]:
    """The runs' positions in the table's order, cut into sections (a rule between them):
    per kind of system (model) in rank order, per team in the other orders.  Runs that
    could not be scored come last."""
    order = order or lay.order
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; known: {', '.join(ORDERS)}")
    rank = ranks(runs, lay.primary)
    failed = [i for i, r in enumerate(runs) if r.error]
    scored = [i for i, r in enumerate(runs) if not r.error]
    if order == "rank":
        # one section per kind of system, the one with the best run first (ParsEval-2012)
        models = list(dict.fromkeys(runs[i].model for i in scored))
        sections = [sorted((i for i in scored if runs[i].model == m), key=lambda i: rank[i])
                    for m in models]
        sections.sort(key=lambda s: rank[s[0]] if s else 0)
    else:
        teams = list(dict.fromkeys(runs[i].team for i in scored))
        sections = [[i for i in scored if runs[i].team == t] for t in teams]
        if order == "team":
            sections = [sorted(s, key=lambda i: rank[i]) for s in sections]
            sections.sort(key=lambda s: rank[s[0]])
    sections = [s for s in sections if s]
    if failed:
        sections.append(failed)
    return sections


def _cell(value: float | None, lay: Layout) -> str:
    return f"{(value or 0.0) * lay.scale:.{lay.digits}f}{lay.suffix}"


def _change(before: int, after: int) -> str:
    """CoNLL-X's rank change: "=", or +k when the run moves k places up."""
    delta = before - after
    return "=" if delta == 0 else f"{delta:+d}"


def arrange(runs: Sequence[Run], lay: Layout, order: str | None = None,
            title: str | None = None) -> Table:
    """The table of ``runs`` in ``lay``'s form (``order``: see `ORDERS`)."""
    sections = ordered(runs, lay, order or lay.order)
    by_model = (order or lay.order) == "rank"
    show_model = any(r.model for r in runs) and "model" not in lay.id_fields
    ids = list(lay.ids) + ([lay.model_header] if show_model else [])
    fields = list(lay.id_fields) + (["model"] if show_model else [])
    headers = ids + [c.header for c in lay.columns] + (["Rank"] if lay.rank else [])
    groups: list[tuple[str, int]] = [("", len(ids))]
    for c in lay.columns:
        if groups and groups[-1][0] == c.group and c.group:
            groups[-1] = (c.group, groups[-1][1] + 1)
        else:
            groups.append((c.group, 1))
    if lay.rank:
        groups.append(("", 1))
    changes = {c.key: ranks(runs, c.key) for c in lay.columns if c.rank_change}
    overall = ranks(runs, lay.primary)
    rows: list[list[str]] = []
    breaks: list[int] = []
    notes: list[str] = []
    undefined: dict[str, dict[str, list[str]]] = {}     # run -> column group -> headers
    for section in sections:
        # ranks start again in each kind of system (ParsEval-2012's Multiple / Single)
        within = ranks([runs[i] for i in section], lay.primary) if by_model else {}
        for pos, i in enumerate(section):
            r = runs[i]
            row = [_id(r, f) for f in fields]
            if r.error:
                row[0] += "*"
                row += ["/"] * (len(headers) - len(row))
                notes.append(f"* {r.name}: {r.error}")
                rows.append(row)
                continue
            for c in lay.columns:
                if c.rank_change:
                    row.append(_change(overall[i], changes[c.key][i]))
                    continue
                v = r.value(c.key)
                if v is None:
                    undefined.setdefault(r.name, {}).setdefault(c.group, []).append(c.header)
                row.append(_cell(v, lay))
            if lay.rank:
                row.append(str(within[pos] if by_model else overall[i]))
            rows.append(row)
        breaks.append(len(rows))
    notes.extend(_run_notes(runs, lay))
    if undefined:
        notes.append("0/0 (undefined), printed as 0: " + "; ".join(
            f"{name}: " + ", ".join(" ".join(filter(None, (g, "/".join(h)))) for g, h in groups.items())
            for name, groups in undefined.items()))
    return Table(title or lay.title, headers, groups, ["l"] * len(ids)
                 + ["r"] * (len(headers) - len(ids)), rows, breaks[:-1], notes)


def _run_notes(runs: Sequence[Run], lay: Layout) -> list[str]:
    """The profile's notes on the runs: once when every run has it, else per run; notes
    about figures the table does not show left out."""
    def kept(note: str) -> bool:
        return not any(word in note for word in lay.drop_notes)

    scored = [r for r in runs if not r.error]
    common = [n for n in (scored[0].notes if len(scored) > 1 else ()) if kept(n)
              and all(n in r.notes for r in scored[1:])]
    out = [f"all runs: {n}" for n in common]
    for r in scored:
        out.extend(f"{r.name}: {n}" for n in r.notes if kept(n) and n not in common)
    return out


def _id(run: Run, what: str) -> str:
    if what == "team":
        return run.team
    if what == "run":
        return run.run or run.name
    if what == "model":
        return run.model
    return run.name
