"""Arc diagrams for a gold/system pair of dependency sentences: pure geometry, no Qt.

Coordinate convention: origin (0, 0) at the top left, x to the right, y downwards, in the
units `measure` returns (pixels in the GUI).  Everything here is a frozen dataclass; the
GUI (``tcompare/gui/drawing/dep_view.py``) only draws what `layout_pair` returns, and colours it with
the scorer's verdicts (this module never decides whether an arc is right).

API
---
``layout_pair(gold, system, measure, mode="mirrored") -> DiagramLayout``
    `gold` / `system` are `DepSentence` or None; `measure(text, role) -> (width, height)`
    with role ``token`` (word forms), ``note`` (row ids, small), ``label`` (relation
    labels) or ``title``.  `approximate_measure` is a font-free stand-in (CJK counts double).

Modes
-----
``mirrored``  one token row; gold arcs above it, system arcs mirrored below it.
``stacked``   two arc diagrams like MaltEval's viewer: gold (arcs above its token row) and,
              below it, system (arcs above its own token row), columns shared.
``tree``      two hierarchical diagrams (gold, then system), like MaltEval's second view:
              every word keeps its column, its row is its depth below the root.

Columns
-------
Column 0 is the root marker; then the sentence's rows in file order: syntactic words and
CoNLL-U empty nodes (``5.1``: shown, never part of the basic tree).  Empty nodes of both
sides are merged by id.  Multiword ranges (``3-4``) are no column: they become a bracket
with their surface form above their words.

When the two sides split the same characters into different words (a parser that
tokenises its own input: ``New York`` against ``NewYork``), a shared column per word would
put the system's words under the wrong gold words.  Each side then gets columns of its own
(`side_columns`): the characters are cut at every word boundary of either side, and a word
spans the pieces of its characters, so ``NewYork`` sits under ``New`` and ``York`` together.
Each side has its own token row (mirrored: gold's row with its arcs above, system's row
under it with its arcs below) and its own arc plan.

Arc levels (heights)
--------------------
Arcs are placed shortest span first.  An arc goes at least one level above every arc whose
span its own span contains, then up to the first level where its horizontal extent (its
span, widened to its label box) overlaps no arc already on that level.  So nested arcs nest,
labels of one level never overlap, levels are ``label height + gap`` apart so labels of
different levels never overlap either, and an arc that crosses another (non-projective)
keeps a level of its own: its vertical leg visibly cuts the other arc's bar.  This is
displaCy's ``get_levels`` idea, extended from span length to real widths and crossing arcs.

Both sides share one plan: levels and legs are computed over the union of the gold and the
system arcs, so an arc both sides have sits at the same height on the same legs (mirrored:
its mirror image), and a difference shows as a difference in shape.  Each side alone still
obeys the rules above, since it is a subset of a valid plan.

Anchors
-------
Arcs meet a token at distinct x positions: arcs whose other end lies to the left use the
left half of the token, the others the right half.  The lower the arc, the further from the
token's centre, so the bar of a lower arc never reaches a higher arc's leg: legs cross bars
only where arcs really cross.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

from tcompare.model.deps import DepSentence, DepToken

ROOT = -1
"""`ArcShape.head` of an arc from the root marker (CoNLL HEAD = 0)."""

MODES = ("mirrored", "stacked", "tree")

Measure = Callable[[str, str], tuple[float, float]]


def approximate_measure(text: str, role: str = "token") -> tuple[float, float]:
    """A font-free measure: East Asian wide characters count twice; sizes per role.

    Good enough for tests and for laying out without a display; the GUI passes real
    `QFontMetricsF` widths instead.
    """
    unit, height = {"token": (8.0, 18.0), "note": (6.0, 12.0), "label": (6.0, 13.0),
                    "title": (7.0, 15.0)}.get(role, (8.0, 18.0))
    cells = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return cells * unit, height


@dataclass(frozen=True, slots=True)
class Metrics:
    """Spacing constants (in measure units)."""

    column_gap: float = 18.0      # free space between two token cells
    min_column: float = 26.0      # narrowest token cell (room for anchors)
    anchor_step: float = 6.0      # preferred distance between two legs on one token
    level_gap: float = 7.0        # vertical gap between labels of neighbouring levels
    first_level: float = 10.0     # height of level 0 (legs start this far from the tokens)
    label_pad: float = 3.0        # label box padding (each side)
    margin: float = 12.0          # around the whole drawing
    row_gap: float = 3.0          # between the form and the row id under it
    range_gap: float = 6.0        # between a multiword bracket and the words under it
    diagram_gap: float = 28.0     # between the gold and the system diagram (stacked, tree)
    tree_row: float = 62.0        # vertical distance between tree-mode depths
    node_pad: float = 5.0         # tree-mode node box padding


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    @property
    def centre_x(self) -> float:
        return self.x + self.width / 2

    @property
    def centre_y(self) -> float:
        return self.y + self.height / 2


@dataclass(frozen=True, slots=True)
class Column:
    """One token position shared by both sides.

    Parameters
    ----------
    kind : ``root``, ``word`` or ``empty``.
    word : 0-based index into `DepSentence.words` (ROOT for the root marker, -2 for empty nodes).
    row_id : the ID column (``7``, ``5.1``; empty for the root marker).
    gold_text, system_text : FORM on each side ("" when that side lacks the row).
    x, width : the cell.
    gold_pos, system_pos : CPOSTAG (CoNLL-U: UPOS) on each side, shown with ``show_pos``.
    """

    kind: str
    word: int
    row_id: str
    gold_text: str
    system_text: str
    x: float = 0.0
    width: float = 0.0
    gold_pos: str = ""
    system_pos: str = ""

    def note(self, side: str, show_pos: bool = False) -> str:
        """The small line under the form: the row id, and the POS when asked (``NN/VB``
        on the shared row when the sides differ)."""
        if not show_pos or self.kind == "root":
            return self.row_id
        if side == "gold":
            pos = self.gold_pos
        elif side == "system":
            pos = self.system_pos
        else:
            pos = self.gold_pos if self.gold_pos == self.system_pos or not self.system_pos else (
                f"{self.gold_pos}/{self.system_pos}" if self.gold_pos else self.system_pos)
        return f"{self.row_id} {pos}" if pos and pos != "_" else self.row_id

    @property
    def centre(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True, slots=True)
class TokenShape:
    """A drawn token: its form (`text_box`) with its row id under it (`note_box`).

    `side` is ``both`` for the shared mirrored row, else ``gold`` / ``system``.
    `box` is the whole cell (tree mode: the node box).
    """

    column: int
    kind: str
    word: int
    text: str
    note: str
    side: str
    box: Box
    text_box: Box
    note_box: Box


@dataclass(frozen=True, slots=True)
class ArcShape:
    """One arc, head -> dependent.

    Parameters
    ----------
    side : ``gold`` or ``system``.
    dependent : 0-based word index of the dependent.
    head : 0-based word index of the head, `ROOT` for the root marker.
    label : DEPREL.
    level : arc level (1 is the lowest) or, in tree mode, the dependent's depth.
    points : polyline from the head to the dependent; the last point is the arrow tip.
    label_box : where the relation label goes.
    crossing : the arc crosses another arc of the same side (non-projective).
    direction : +1 when the arrow tip points down (arcs above a row), -1 when it points up.
    """

    side: str
    dependent: int
    head: int
    label: str
    level: int
    points: tuple[tuple[float, float], ...]
    label_box: Box
    crossing: bool = False
    direction: int = 1


@dataclass(frozen=True, slots=True)
class EnhancedArcShape:
    """One arc of the enhanced graph (the DEPS column), head -> dependent, between columns
    (words, empty nodes, the root marker); laid out by `tcompare.layout.enhanced_arcs`.

    Parameters
    ----------
    side : ``gold`` or ``system``.
    dependent, head : the row IDs (``7``, ``5.1``; head ``0`` for the root marker).
    k : the arc's place in the dependent's DEPS (``(dependent, k)`` names it).
    label : the relation as written (``obl:for``, ``conj>nsubj``).
    dependent_column, head_column : positions in `DiagramLayout.columns`.
    level, points, label_box, crossing, direction : as `ArcShape`'s.
    """

    side: str
    dependent: str
    head: str
    k: int
    label: str
    dependent_column: int
    head_column: int
    level: int
    points: tuple[tuple[float, float], ...]
    label_box: Box
    crossing: bool = False
    direction: int = 1


@dataclass(frozen=True, slots=True)
class RangeShape:
    """A CoNLL-U multiword token ``3-4`` drawn as a bracket over its words."""

    side: str
    row_id: str
    text: str
    x0: float
    x1: float
    y: float          # y of the bracket bar
    text_box: Box


@dataclass(frozen=True, slots=True)
class TitleShape:
    text: str
    box: Box


@dataclass(frozen=True, slots=True)
class DiagramLayout:
    """Everything to draw, plus problems found while laying out (bad HEAD values)."""

    mode: str
    columns: tuple[Column, ...]
    tokens: tuple[TokenShape, ...]
    arcs: tuple[ArcShape, ...]
    ranges: tuple[RangeShape, ...] = ()
    titles: tuple[TitleShape, ...] = ()
    width: float = 0.0
    height: float = 0.0
    problems: tuple[str, ...] = ()
    enhanced: tuple[EnhancedArcShape, ...] = ()   # DEPS arcs, when asked for and present

    def arcs_of(self, side: str) -> dict[int, ArcShape]:
        """Arcs of one side keyed by dependent word index."""
        return {a.dependent: a for a in self.arcs if a.side == side}

    def tokens_of(self, side: str) -> dict[int, TokenShape]:
        """Word tokens drawn for `side` (the shared row counts for both) keyed by word index."""
        return {t.word: t for t in self.tokens
                if t.kind == "word" and t.side in (side, "both")}


# ----------------------------------------------------------------------------- tree reading


@dataclass(frozen=True, slots=True)
class Dependency:
    """A head -> dependent link read from one side (word indices, `ROOT` for HEAD 0)."""

    dependent: int
    head: int
    label: str


def read_dependencies(sentence: DepSentence | None, side: str = "") -> tuple[list[Dependency], list[str]]:
    """The basic-tree arcs of `sentence`, and a note for every word whose HEAD is unusable.

    HEAD is looked up among the word IDs (so a sentence numbered from 1 maps HEAD k to word
    k-1); ``0`` is the root.  A HEAD that is not a word ID (``_``, ``5.1``, out of range) gives
    no arc: it is reported, never fatal.
    """
    if sentence is None:
        return [], []
    words = sentence.words
    index_of = {w.id: i for i, w in enumerate(words)}
    arcs, problems = [], []
    for i, w in enumerate(words):
        head = w.head.strip()
        if head == "0":
            arcs.append(Dependency(i, ROOT, w.deprel))
        elif head in index_of:
            arcs.append(Dependency(i, index_of[head], w.deprel))
        else:
            problems.append(f"{side + ' ' if side else ''}word {w.id} ({w.form}): HEAD {w.head!r} "
                            "is not a word of this sentence; no arc drawn")
    return arcs, problems


def crossing_pairs(spans: Sequence[tuple[int, int]]) -> set[int]:
    """Indices of spans that cross another span: lo1 < lo2 < hi1 < hi2 (shared ends don't cross)."""
    crossing = set()
    order = sorted(range(len(spans)), key=lambda k: spans[k])
    for a_pos, a in enumerate(order):
        lo1, hi1 = spans[a]
        for b in order[a_pos + 1:]:
            lo2, hi2 = spans[b]
            if lo2 >= hi1:
                break
            if lo1 < lo2 < hi1 < hi2:
                crossing.update((a, b))
    return crossing


def assign_levels(spans: Sequence[tuple[int, int]], extents: Sequence[tuple[float, float]]) -> list[int]:
    """Level (1, 2, ...) of each arc; see "Arc levels" in the module docstring.

    Parameters
    ----------
    spans : (lo, hi) column positions of each arc's ends, lo < hi.
    extents : (left, right) horizontal extent of each arc including its label box.
    """
    order = sorted(range(len(spans)), key=lambda k: (spans[k][1] - spans[k][0], spans[k][0]))
    levels = [0] * len(spans)
    by_level: dict[int, list[int]] = {}
    placed: list[int] = []
    for k in order:
        lo, hi = spans[k]
        floor = 1
        for p in placed:
            plo, phi = spans[p]
            if lo <= plo and phi <= hi and (plo, phi) != (lo, hi):
                floor = max(floor, levels[p] + 1)
        left, right = extents[k]
        level = floor
        while any(extents[p][0] < right and left < extents[p][1] for p in by_level.get(level, ())):
            level += 1
        levels[k] = level
        by_level.setdefault(level, []).append(k)
        placed.append(k)
    return levels


# ----------------------------------------------------------------------------- columns


def _row_key(row_id: str) -> tuple[int, int]:
    """Sort key of an empty node id ``5.1`` -> (5, 1)."""
    major, _, minor = row_id.partition(".")
    try:
        return int(major), int(minor or 0)
    except ValueError:
        return 1 << 30, 0


def build_columns(gold: DepSentence | None, system: DepSentence | None) -> list[Column]:
    """Root marker, then words (by index) with the empty nodes of either side after the word
    they follow.  When the two sides have different word counts the longer one sets the count."""
    g_words = gold.words if gold is not None else []
    s_words = system.words if system is not None else []
    empties: dict[str, list[str]] = {}
    for side_no, sentence in enumerate((gold, system)):
        if sentence is None:
            continue
        for row in sentence.rows:
            if row.kind == "empty":
                texts = empties.setdefault(row.id, ["", "", "", ""])
                texts[side_no] = row.form
                texts[2 + side_no] = row.cpostag
    after: dict[int, list[str]] = {}
    for row_id in sorted(empties, key=_row_key):
        after.setdefault(_row_key(row_id)[0], []).append(row_id)
    columns = [Column("root", ROOT, "", "ROOT", "ROOT")]

    def add_empties(number: int) -> None:
        for row_id in after.pop(number, ()):
            g_text, s_text, g_pos, s_pos = empties[row_id]
            columns.append(Column("empty", -2, row_id, g_text, s_text, gold_pos=g_pos, system_pos=s_pos))

    add_empties(0)
    for i in range(max(len(g_words), len(s_words))):
        g = g_words[i] if i < len(g_words) else None
        s = s_words[i] if i < len(s_words) else None
        row_id = (g or s).id
        columns.append(Column("word", i, row_id, g.form if g else "", s.form if s else "",
                              gold_pos=g.cpostag if g else "", system_pos=s.cpostag if s else ""))
        add_empties(i + 1)
    for number in sorted(after):  # empty nodes after an id beyond the last word
        add_empties(number)
    return columns


def segmented(gold: DepSentence | None, system: DepSentence | None) -> bool:
    """Whether the two sides split the same characters into different words."""
    if gold is None or system is None:
        return False
    g_forms, s_forms = [w.form for w in gold.words], [w.form for w in system.words]
    if g_forms == s_forms or not all(_chars(f) for f in g_forms + s_forms):
        return False
    return "".join(map(_chars, g_forms)) == "".join(map(_chars, s_forms))


def _chars(form: str) -> str:
    return "".join(form.split())


def _char_ends(sentence: DepSentence) -> list[int]:
    """Each word's end offset in the sentence's characters (whitespace left out)."""
    ends, at = [], 0
    for w in sentence.words:
        at += len(_chars(w.form))
        ends.append(at)
    return ends


def _side_legs(deps: Sequence[Dependency]) -> dict[int, int]:
    """Legs each word's cell needs (by position: root 0, word i at i + 1)."""
    count: dict[tuple[int, bool], int] = {}
    for d in deps:
        a, b = d.head + 1, d.dependent + 1
        count[(a, b < a)] = count.get((a, b < a), 0) + 1
        count[(b, a < b)] = count.get((b, a < b), 0) + 1
    legs: dict[int, int] = {}
    for (pos, _), n in count.items():
        legs[pos] = max(legs.get(pos, 0), 2 * n + 1)
    return legs


def side_columns(gold: DepSentence, system: DepSentence, deps: dict[str, list[Dependency]],
                 measure: Measure, metrics: Metrics, show_pos: bool = False
                 ) -> dict[str, list[Column]]:
    """Per side: the root marker, then one column per word, placed over the pieces of the
    characters it covers (see "Columns" in the module docstring), and each empty node
    (``5.1``) in a slot of its own right after word 5 (both sides' merged by ID).  Needs
    `segmented`."""
    ends = {"gold": _char_ends(gold), "system": _char_ends(system)}
    cuts = sorted({0, *ends["gold"], *ends["system"]})
    piece = {at: k for k, at in enumerate(cuts)}     # a cut -> the piece starting there
    # slots, left to right: the empty nodes at a cut, then the piece starting there
    empties: dict[tuple[int, str], dict[str, DepToken]] = {}
    for side, sentence in (("gold", gold), ("system", system)):
        at_word = {w.id: ends[side][i] for i, w in enumerate(sentence.words)}
        at_word["0"] = 0
        for row in sentence.rows:
            at = at_word.get(row.id.partition(".")[0]) if row.kind == "empty" else None
            if at is not None:
                empties.setdefault((at, row.id), {})[side] = row
    slot_of_piece: dict[int, int] = {}
    empty_slot: dict[tuple[int, str], int] = {}
    slots = 0
    for k, at in enumerate(cuts):
        for key in sorted((e for e in empties if e[0] == at), key=lambda e: _row_key(e[1])):
            empty_slot[key] = slots
            slots += 1
        if k < len(cuts) - 1:
            slot_of_piece[k] = slots
            slots += 1
    cells: list[tuple[str, int, int, Column]] = []   # side, first slot, end slot, column
    for side, sentence in (("gold", gold), ("system", system)):
        legs = _side_legs(deps[side])
        start = 0
        for i, w in enumerate(sentence.words):
            end = ends[side][i]
            col = Column("word", i, w.id, w.form if side == "gold" else "",
                         w.form if side == "system" else "",
                         gold_pos=w.cpostag if side == "gold" else "",
                         system_pos=w.cpostag if side == "system" else "")
            need = max(metrics.min_column, measure(w.form, "token")[0],
                       measure(col.note(side, show_pos), "note")[0],
                       legs.get(i + 1, 0) * metrics.anchor_step)
            cells.append((side, slot_of_piece[piece[start]],
                          slot_of_piece[piece[end] - 1] + 1, replace(col, width=need)))
            start = end
    for key, rows in empties.items():
        for side, row in rows.items():
            col = Column("empty", -2, row.id, row.form if side == "gold" else "",
                         row.form if side == "system" else "",
                         gold_pos=row.cpostag if side == "gold" else "",
                         system_pos=row.cpostag if side == "system" else "")
            need = max(metrics.min_column, measure(row.form, "token")[0],
                       measure(col.note(side, show_pos), "note")[0])
            cells.append((side, empty_slot[key], empty_slot[key] + 1, replace(col, width=need)))
    # widen the slots until every cell fits, shortest cells first (their slots are theirs)
    widths = [0.0] * slots
    for _, a, b, col in sorted(cells, key=lambda t: t[2] - t[1]):
        have = sum(widths[a:b]) + (b - a - 1) * metrics.column_gap
        if have < col.width:
            for k in range(a, b):
                widths[k] += (col.width - have) / (b - a)
    root_w = max(metrics.min_column, measure("ROOT", "token")[0],
                 max(_side_legs(d).get(0, 0) for d in deps.values()) * metrics.anchor_step)
    root = Column("root", ROOT, "", "ROOT", "ROOT", x=metrics.margin, width=root_w)
    xs, x = [], metrics.margin + root_w + metrics.column_gap
    for w in widths:
        xs.append(x)
        x += w + metrics.column_gap
    out: dict[str, list[Column]] = {"gold": [root], "system": [root]}
    for side, a, b, col in sorted(cells, key=lambda t: t[1]):
        out[side].append(replace(col, x=xs[a], width=xs[b - 1] + widths[b - 1] - xs[a]))
    return out


def _place_columns(columns: list[Column], measure: Measure, metrics: Metrics, sides: Iterable[str],
                   anchors_needed: dict[int, int], show_pos: bool = False) -> list[Column]:
    """Give each column its x and width: widest of its texts, its notes, and its legs."""
    x = metrics.margin
    placed = []
    sides = list(sides)
    for pos, col in enumerate(columns):
        width = metrics.min_column
        for side in sides:
            text = col.gold_text if side == "gold" else col.system_text
            width = max(width, measure(text, "token")[0])
        for side in sides + ["both"]:
            width = max(width, measure(col.note(side, show_pos), "note")[0])
        width = max(width, anchors_needed.get(pos, 0) * metrics.anchor_step)
        placed.append(replace(col, x=x, width=width))
        x += width + metrics.column_gap
    return placed


# ----------------------------------------------------------------------------- arc diagrams


@dataclass(slots=True)
class _SideArcs:
    """Working data of one side's arc diagram (before y is known)."""

    side: str
    deps: list[Dependency]
    spans: list[tuple[int, int]] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)
    crossing: set[int] = field(default_factory=set)
    label_sizes: list[tuple[float, float]] = field(default_factory=list)
    anchors: list[tuple[float, float]] = field(default_factory=list)  # (x at head, x at dependent)
    label_x: list[float] = field(default_factory=list)  # label centres (between the column centres)


def _column_of_word(columns: Sequence[Column]) -> dict[int, int]:
    return {c.word: pos for pos, c in enumerate(columns) if c.kind in ("word", "root")}


def _plan_side(side: str, deps: list[Dependency], columns: Sequence[Column], measure: Measure,
               metrics: Metrics) -> _SideArcs:
    plan = _SideArcs(side, deps)
    pos_of = _column_of_word(columns)
    for d in deps:
        a, b = pos_of[d.head], pos_of[d.dependent]
        plan.spans.append((min(a, b), max(a, b)))
        plan.label_sizes.append(measure(d.label, "label"))
    plan.crossing = crossing_pairs(plan.spans)
    extents = []
    for (lo, hi), (lw, _) in zip(plan.spans, plan.label_sizes):
        left, right = columns[lo].centre, columns[hi].centre
        mid, half = (left + right) / 2, lw / 2 + metrics.label_pad + 2
        plan.label_x.append(mid)  # the same centre the extent was computed with
        extents.append((min(left, mid - half), max(right, mid + half)))
    plan.levels = assign_levels(plan.spans, extents)
    plan.anchors = _anchor_xs(plan, columns, metrics)
    return plan


def union_dependencies(*sides: Sequence[Dependency]) -> list[Dependency]:
    """One arc per (head, dependent) over both sides, with the longer label (for room)."""
    union: dict[tuple[int, int], Dependency] = {}
    for deps in sides:
        for d in deps:
            known = union.get((d.head, d.dependent))
            if known is None or len(d.label) > len(known.label):
                union[(d.head, d.dependent)] = d
    return list(union.values())


def _plan_shared(side: str, deps: list[Dependency], shared: _SideArcs, measure: Measure) -> _SideArcs:
    """A side's plan that takes level, legs and label centre from the plan of both sides'
    arcs, so an arc both sides have is drawn at the same height and legs on each side (in
    mirrored mode: mirror images).  Crossing is still judged within the side."""
    index = {(d.head, d.dependent): k for k, d in enumerate(shared.deps)}
    plan = _SideArcs(side, deps)
    for d in deps:
        k = index[(d.head, d.dependent)]
        plan.spans.append(shared.spans[k])
        plan.label_sizes.append(measure(d.label, "label"))
        plan.levels.append(shared.levels[k])
        plan.anchors.append(shared.anchors[k])
        plan.label_x.append(shared.label_x[k])
    plan.crossing = crossing_pairs(plan.spans)
    return plan


def _anchor_xs(plan: _SideArcs, columns: Sequence[Column], metrics: Metrics) -> list[tuple[float, float]]:
    """x of each arc's two legs (see "Anchors" in the module docstring)."""
    ends: dict[tuple[int, str], list[tuple[int, int, int]]] = {}  # (column, half) -> (level, arc, end)
    pos_of = _column_of_word(columns)
    for k, d in enumerate(plan.deps):
        a, b = pos_of[d.head], pos_of[d.dependent]
        for end, here, there in ((0, a, b), (1, b, a)):
            half = "left" if there < here else "right"
            ends.setdefault((here, half), []).append((plan.levels[k], k, end))
    xs = [[0.0, 0.0] for _ in plan.deps]
    for (pos, half), items in ends.items():
        col = columns[pos]
        # Highest arc nearest the centre: the bar of a lower arc then stops before its leg.
        items.sort(key=lambda t: (-t[0], t[1]))
        step = min(metrics.anchor_step, (col.width / 2 - 2) / (len(items) + 0.5))
        sign = -1 if half == "left" else 1
        for rank, (_, k, end) in enumerate(items):
            xs[k][end] = col.centre + sign * step * (rank + 0.5)
    return [(a, b) for a, b in xs]


def _level_height(plan_label_h: float, metrics: Metrics) -> float:
    return plan_label_h + metrics.level_gap


def _arc_shapes(plan: _SideArcs, base_y: float, direction: int, metrics: Metrics,
                step: float) -> list[ArcShape]:
    """Rectangular arcs: legs from `base_y` away from the row (up when direction is +1)."""
    shapes = []
    for k, d in enumerate(plan.deps):
        xh, xd = plan.anchors[k]
        bar = base_y - direction * (metrics.first_level + plan.levels[k] * step)
        lw, lh = plan.label_sizes[k]
        lw += 2 * metrics.label_pad
        label = Box(plan.label_x[k] - lw / 2, bar - lh / 2, lw, lh)
        shapes.append(ArcShape(plan.side, d.dependent, d.head, d.label, plan.levels[k],
                               ((xh, base_y), (xh, bar), (xd, bar), (xd, base_y)), label,
                               k in plan.crossing, direction))
    return shapes


def _arc_band(plan: _SideArcs, metrics: Metrics, step: float) -> float:
    """Height the arcs of one side need beyond the token row."""
    top = max(plan.levels, default=0)
    return metrics.first_level + top * step + step / 2 if top else metrics.first_level


def _token_row(columns: Sequence[Column], side: str, top: float, measure: Measure,
               metrics: Metrics, show_pos: bool = False, first: int = 0
               ) -> tuple[list[TokenShape], float]:
    """Token shapes of one row starting at `top`; returns them and the row's height."""
    text_h = max((measure(c.gold_text or c.system_text or "x", "token")[1] for c in columns), default=0)
    note_h = measure("0", "note")[1]
    height = text_h + metrics.row_gap + note_h
    shapes = []
    for pos, c in enumerate(columns):
        text = c.system_text if side == "system" else (c.gold_text or c.system_text)
        if side == "gold" and c.kind == "empty":      # a system's empty node: not gold's
            text = c.gold_text
        if c.kind == "root":
            text = "ROOT"
        if not text and c.kind != "root":
            continue
        tw = measure(text, "token")[0]
        note = c.note(side, show_pos)
        nw = measure(note, "note")[0]
        shapes.append(TokenShape(
            first + pos, c.kind, c.word, text, note, side, Box(c.x, top, c.width, height),
            Box(c.centre - tw / 2, top, tw, text_h),
            Box(c.centre - nw / 2, top + text_h + metrics.row_gap, nw, note_h)))
    return shapes, height


def _ranges(sentence: DepSentence | None, side: str, columns: Sequence[Column], bar_y: float,
            measure: Measure, metrics: Metrics) -> list[RangeShape]:
    """Multiword brackets whose bar is at `bar_y`, text above it."""
    if sentence is None:
        return []
    by_id = {c.row_id: c for c in columns if c.kind == "word"}
    shapes = []
    for row in sentence.rows:
        if row.kind != "multiword":
            continue
        first, _, last = row.id.partition("-")
        if first not in by_id or last not in by_id:
            continue
        x0, x1 = by_id[first].x + 2, by_id[last].x + by_id[last].width - 2
        tw, th = measure(row.form, "token")
        shapes.append(RangeShape(side, row.id, row.form, x0, x1, bar_y,
                                 Box((x0 + x1) / 2 - tw / 2, bar_y - th - 1, tw, th)))
    return shapes


def _has_ranges(sentence: DepSentence | None) -> bool:
    return sentence is not None and any(r.kind == "multiword" for r in sentence.rows)


def layout_pair(gold: DepSentence | None, system: DepSentence | None, measure: Measure = approximate_measure,
                mode: str = "mirrored", metrics: Metrics = Metrics(), show_pos: bool = False
                ) -> DiagramLayout:
    """Lay out a gold/system pair (either may be None) in `mode` (see the module docstring);
    `show_pos` adds each word's CPOSTAG to the small line under it (the basic trees only:
    `tcompare.layout.enhanced_arcs.layout_pair` adds the DEPS arcs).

    Raises
    ------
    ValueError
        for an unknown mode.
    """
    if mode not in MODES:
        raise ValueError(f"unknown layout mode {mode!r}; known: {', '.join(MODES)}")
    g_deps, g_problems = read_dependencies(gold, "gold")
    s_deps, s_problems = read_dependencies(system, "system")
    problems = tuple(g_problems + s_problems)
    if gold is not None and system is not None and segmented(gold, system):
        return _layout_segmented(gold, system, g_deps, s_deps, measure, mode, metrics, show_pos,
                                 problems)
    columns = build_columns(gold, system)
    sides = [s for s, sent in (("gold", gold), ("system", system)) if sent is not None]
    # Legs per column and half decide the minimum cell width.
    legs: dict[int, int] = {}
    pos_of = _column_of_word(columns)
    both = union_dependencies(g_deps, s_deps)
    for deps in (both,):
        count: dict[tuple[int, bool], int] = {}
        for d in deps:
            a, b = pos_of[d.head], pos_of[d.dependent]
            count[(a, b < a)] = count.get((a, b < a), 0) + 1
            count[(b, a < b)] = count.get((b, a < b), 0) + 1
        for (pos, _), n in count.items():
            legs[pos] = max(legs.get(pos, 0), 2 * n + 1)
    columns = _place_columns(columns, measure, metrics, sides or ["gold"], legs, show_pos)
    if mode == "tree":
        return _layout_tree(gold, system, g_deps, s_deps, columns, measure, metrics, problems, show_pos)
    shared = _plan_side("both", both, columns, measure, metrics)
    g_plan = _plan_shared("gold", g_deps, shared, measure)
    s_plan = _plan_shared("system", s_deps, shared, measure)
    label_h = measure("Ag", "label")[1]
    step = _level_height(label_h, metrics)
    title_h = measure("GOLD", "title")[1]
    width = (columns[-1].x + columns[-1].width + metrics.margin) if columns else 2 * metrics.margin
    range_h = measure("x", "token")[1] + metrics.range_gap + 2
    tokens: list[TokenShape] = []
    arcs: list[ArcShape] = []
    ranges: list[RangeShape] = []
    titles: list[TitleShape] = []

    def title(text: str, y: float) -> None:
        tw, th = measure(text, "title")
        titles.append(TitleShape(text, Box(metrics.margin, y, tw, th)))

    y = metrics.margin
    if mode == "mirrored":
        title("GOLD", y)
        y += title_h
        band = _arc_band(g_plan, metrics, step)
        row_top = y + band + (range_h if _has_ranges(gold) or _has_ranges(system) else 0)
        arc_base = y + band
        ranges += _ranges(gold or system, "both", columns, row_top - metrics.range_gap, measure, metrics)
        row, row_h = _token_row(columns, "both", row_top, measure, metrics, show_pos)
        tokens += row
        arcs += _arc_shapes(g_plan, arc_base, +1, metrics, step)
        arcs += _arc_shapes(s_plan, row_top + row_h + 2, -1, metrics, step)
        y = row_top + row_h + 2 + _arc_band(s_plan, metrics, step)
        title("SYSTEM", y)
        y += title_h
    else:  # stacked
        for plan, sentence, name in ((g_plan, gold, "GOLD"), (s_plan, system, "SYSTEM")):
            if sentence is None and (gold is not None or system is not None):
                continue
            title(name, y)
            y += title_h
            band = _arc_band(plan, metrics, step)
            arc_base = y + band
            row_top = arc_base + (range_h if _has_ranges(sentence) else 0)
            ranges += _ranges(sentence, plan.side, columns, row_top - metrics.range_gap, measure, metrics)
            row, row_h = _token_row(columns, plan.side, row_top, measure, metrics, show_pos)
            tokens += row
            arcs += _arc_shapes(plan, arc_base, +1, metrics, step)
            y = row_top + row_h + metrics.diagram_gap
    height = y + metrics.margin
    return DiagramLayout(mode, tuple(columns), tuple(tokens), tuple(arcs), tuple(ranges), tuple(titles),
                         width, height, problems)


def _layout_segmented(gold: DepSentence, system: DepSentence, g_deps: list[Dependency],
                      s_deps: list[Dependency], measure: Measure, mode: str, metrics: Metrics,
                      show_pos: bool, problems: tuple[str, ...]) -> DiagramLayout:
    """`layout_pair` for two sides that split the characters differently: each side its
    own columns, token row and arc plan."""
    cols = side_columns(gold, system, {"gold": g_deps, "system": s_deps}, measure, metrics,
                        show_pos)
    first = {"gold": 0, "system": len(cols["gold"])}     # token columns index both lists
    every = tuple(cols["gold"] + cols["system"])
    if mode == "tree":
        return _layout_tree(gold, system, g_deps, s_deps, cols, measure, metrics, problems,
                            show_pos, first)
    plans = {"gold": _plan_side("gold", g_deps, cols["gold"], measure, metrics),
             "system": _plan_side("system", s_deps, cols["system"], measure, metrics)}
    step = _level_height(measure("Ag", "label")[1], metrics)
    title_h = measure("GOLD", "title")[1]
    range_h = measure("x", "token")[1] + metrics.range_gap + 2
    width = max(c.x + c.width for c in every) + metrics.margin
    tokens: list[TokenShape] = []
    arcs: list[ArcShape] = []
    ranges: list[RangeShape] = []
    titles: list[TitleShape] = []
    y = metrics.margin
    sentences = {"gold": gold, "system": system}
    for side in ("gold", "system"):
        plan, sentence = plans[side], sentences[side]
        mirrored_system = mode == "mirrored" and side == "system"
        if not mirrored_system:
            tw, th = measure(side.upper(), "title")
            titles.append(TitleShape(side.upper(), Box(metrics.margin, y, tw, th)))
            y += title_h
            y += _arc_band(plan, metrics, step)
        arc_base = y
        row_top = y + (range_h if _has_ranges(sentence) else 0)
        ranges += _ranges(sentence, side, cols[side], row_top - metrics.range_gap, measure,
                          metrics)
        row, row_h = _token_row(cols[side], side, row_top, measure, metrics, show_pos,
                                first[side])
        tokens += row
        if mirrored_system:      # under gold's row, arcs hanging below its own
            arcs += _arc_shapes(plan, row_top + row_h + 2, -1, metrics, step)
            y = row_top + row_h + 2 + _arc_band(plan, metrics, step)
            tw, th = measure("SYSTEM", "title")
            titles.append(TitleShape("SYSTEM", Box(metrics.margin, y, tw, th)))
            y += title_h
        else:
            arcs += _arc_shapes(plan, arc_base, +1, metrics, step)
            y = row_top + row_h + (metrics.row_gap * 2 if mode == "mirrored"
                                   else metrics.diagram_gap)
    return DiagramLayout(mode, every, tuple(tokens), tuple(arcs), tuple(ranges), tuple(titles),
                         width, y + metrics.margin, problems)


# ----------------------------------------------------------------------------- tree mode


def tree_depths(deps: Sequence[Dependency], n_words: int) -> dict[int, int]:
    """Depth of each word below the root marker (root words: 1).

    Words not reachable from the root (cycles, bad HEADs) all get one extra row below the
    deepest reachable word, so a cyclic system tree still draws.
    """
    children: dict[int, list[int]] = {}
    for d in deps:
        children.setdefault(d.head, []).append(d.dependent)
    depth = {ROOT: 0}
    frontier = [ROOT]
    while frontier:
        nxt = []
        for h in frontier:
            for c in children.get(h, ()):
                if c not in depth:
                    depth[c] = depth[h] + 1
                    nxt.append(c)
        frontier = nxt
    deepest = max(depth.values())
    for i in range(n_words):
        depth.setdefault(i, deepest + 1)
    return depth


def _layout_tree(gold, system, g_deps, s_deps, columns, measure, metrics, problems,
                 show_pos: bool = False, first: dict[str, int] | None = None) -> DiagramLayout:
    """Tree mode; `columns` is one list for both sides, or one per side (`side_columns`,
    with `first`: where each side's columns start in the layout's column list)."""
    per_side = columns if isinstance(columns, dict) else {"gold": columns, "system": columns}
    first = first or {"gold": 0, "system": 0}
    tokens: list[TokenShape] = []
    arcs: list[ArcShape] = []
    titles: list[TitleShape] = []
    text_h = measure("Ag", "token")[1]
    note_h = measure("0", "note")[1]
    node_h = text_h + metrics.row_gap + note_h + 2 * metrics.node_pad
    y = metrics.margin
    for side, sentence, deps in (("gold", gold, g_deps), ("system", system, s_deps)):
        if sentence is None:
            continue
        tw, th = measure(side.upper(), "title")
        titles.append(TitleShape(side.upper(), Box(metrics.margin, y, tw, th)))
        y += th + metrics.row_gap
        depth = tree_depths(deps, len(sentence.words))
        centre_y: dict[int, float] = {}
        node_box: dict[int, Box] = {}
        columns_here = per_side[side]
        for pos, c in enumerate(columns_here):
            if c.kind == "empty":
                continue
            text = "ROOT" if c.kind == "root" else (c.gold_text if side == "gold" else c.system_text)
            if c.kind == "word" and c.word >= len(sentence.words):
                continue
            d = depth.get(c.word, 0)
            top = y + d * metrics.tree_row
            box = Box(c.x, top, c.width, node_h)
            w, _ = measure(text, "token")
            note = c.note(side, show_pos)
            nw, _ = measure(note, "note")
            tokens.append(TokenShape(first[side] + pos, c.kind, c.word, text, note, side, box,
                                     Box(c.centre - w / 2, top + metrics.node_pad, w, text_h),
                                     Box(c.centre - nw / 2, top + metrics.node_pad + text_h + metrics.row_gap,
                                         nw, note_h)))
            centre_y[c.word] = top + node_h / 2
            node_box[c.word] = box
        pos_of = _column_of_word(columns_here)
        spans = [(min(pos_of[d.head], pos_of[d.dependent]), max(pos_of[d.head], pos_of[d.dependent]))
                 for d in deps]
        crossing = crossing_pairs(spans)
        placed: list[Box] = []
        for k, d in enumerate(deps):
            hb, db = node_box[d.head], node_box[d.dependent]
            going_down = db.y >= hb.y
            start = (hb.centre_x, hb.bottom if going_down else hb.y)
            end = (db.centre_x, db.y if going_down else db.bottom)
            lw, lh = measure(d.label, "label")
            label = _edge_label_box(start, end, lw + 2 * metrics.label_pad, lh, placed, node_box.values())
            placed.append(label)
            arcs.append(ArcShape(side, d.dependent, d.head, d.label, depth[d.dependent], (start, end),
                                 label, k in crossing, 1 if going_down else -1))
        y = max((b.bottom for b in node_box.values()), default=y) + metrics.diagram_gap
    every = [c for side in ("gold", "system") for c in per_side[side]] \
        if isinstance(columns, dict) else list(columns)
    width = max((c.x + c.width for c in every), default=0.0) + metrics.margin \
        if every else 2 * metrics.margin
    return DiagramLayout("tree", tuple(every), tuple(tokens), tuple(arcs), (), tuple(titles),
                         width, y + metrics.margin, problems)


def _edge_label_box(start: tuple[float, float], end: tuple[float, float], width: float, height: float,
                    placed: Sequence[Box], nodes: Iterable[Box] = ()) -> Box:
    """A label box centred on a point of the edge start -> end.

    Tried in order: points from the middle of the edge outwards (t = 0.5, 0.45, 0.55, ...)
    clear of both placed labels and node boxes; then the same points clear of labels only;
    then, so that a label is always found, points beyond the head end, straight up or down.
    """
    (x0, y0), (x1, y1) = start, end
    nodes = list(nodes)

    def box_at(x: float, y: float) -> Box:
        return Box(x - width / 2, y - height / 2, width, height)

    def clear(box: Box, obstacles: Iterable[Box]) -> bool:
        return not any(box.x < b.right and b.x < box.right and box.y < b.bottom and b.y < box.bottom
                       for b in obstacles)

    ts = [0.5] + [0.5 + sign * k * 0.05 for k in range(1, 9) for sign in (-1, 1)]
    candidates = [box_at(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for t in ts]
    for obstacles in (list(placed) + nodes, placed):
        for box in candidates:
            if clear(box, obstacles):
                return box
    away = -1.0 if y1 >= y0 else 1.0   # beyond the head, away from the dependent
    j = 1
    while True:
        box = box_at(x0, y0 + away * j * height / 2)
        if clear(box, placed):
            return box
        j += 1


def neighbours(layout: DiagramLayout, word: int) -> dict[str, dict[str, set[int]]]:
    """For hover: per side, the heads and dependents of `word` (word indices, ROOT for the root)."""
    result = {}
    for side in ("gold", "system"):
        heads = {a.head for a in layout.arcs if a.side == side and a.dependent == word}
        deps = {a.dependent for a in layout.arcs if a.side == side and a.head == word}
        result[side] = {"heads": heads, "dependents": deps}
    return result


# the row and column helpers `enhanced_arcs` builds its diagrams from
place_columns = _place_columns
token_row = _token_row
multiword_ranges = _ranges
has_ranges = _has_ranges
level_height = _level_height
