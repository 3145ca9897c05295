"""The enhanced graph (CoNLL-U's DEPS column) drawn with the basic tree: pure geometry, no Qt.

`layout_enhanced(gold, system, measure, mode, metrics, show_pos, position)` gives the
`DiagramLayout` of `arcs.layout_pair` with `DiagramLayout.enhanced` filled, or None when
there is nothing of the kind to draw (no DEPS on either side, the tree mode): the caller then
lays out the basic tree alone.

Nodes are the columns of `arcs.build_columns`: the root marker, the words and the empty
nodes (``24.1``, a column of its own right after word 24; both sides' merged by ID).  An
enhanced arc joins two columns; a DEPS head that names no node is reported, not drawn.

``position``:

``above``  the enhanced arcs are a layer of the side's arc band above (further from the words
           than) its basic arcs: every enhanced level is higher than every basic level, and
           the legs of both layers share the words' anchors (the higher arc nearer the
           centre, as in `arcs`), so a leg only cuts a bar where two arcs really cross.
``below``  the enhanced arcs hang on the other side of the side's own word row (UD's own
           pictures: basic tree above the words, enhanced graph below).  Mirrored: gold's
           row (basic arcs up, enhanced down), then system's (enhanced up, basic down), so
           the two enhanced graphs face each other between the rows.  Stacked: each side
           basic up, enhanced down.

As in `arcs`, levels and legs are planned over both sides' arcs at once, so an arc both
sides have sits at the same height on the same legs, and a difference shows as a
difference in shape.  When the two sides split the characters into different words, each
side has its own columns (`arcs.side_columns`, empty nodes included), rows and plans.  Two
arcs between the same two nodes of one side (two relations to one head) are two shapes.
A caption (title ``ENHANCED``) stands right of the enhanced levels of a side that has any.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from tcompare.layout.arcs import (
    ArcShape, Box, Column, DiagramLayout, EnhancedArcShape, Measure, Metrics, RangeShape,
    TitleShape, TokenShape, approximate_measure, assign_levels, build_columns, crossing_pairs, has_ranges,
    level_height, multiword_ranges, place_columns, read_dependencies, segmented, side_columns,
    token_row)
from tcompare.layout.arcs import layout_pair as layout_basic
from tcompare.model.deps import DepSentence

POSITIONS = ("off", "above", "below")
CAPTION = "ENHANCED"
BASIC, ENHANCED = 0, 1


@dataclass(frozen=True, slots=True)
class Link:
    """An arc between two columns: basic (`key` = dependent word, head word) or enhanced
    (`key` = dependent row ID, head row ID, place in DEPS).  `nth`: a second arc between the
    same two nodes on one side (two relations to one head) is a shape of its own."""

    side: str
    layer: int
    head: int
    dependent: int
    label: str
    key: tuple[Any, ...]
    nth: int = 0


def has_enhanced(sentence: DepSentence | None) -> bool:
    """Whether a sentence's DEPS column holds arcs (``head:relation``; CoNLL-X's PHEAD, a
    bare number, is not one)."""
    return sentence is not None and any(
        ":" in r.phead for r in sentence.rows if r.kind != "multiword")


def enhanced_links(sentence: DepSentence | None, side: str,
                   columns: Sequence[Column]) -> tuple[list[Link], list[str]]:
    """The DEPS arcs of `sentence` between `columns`, and a note for each one not drawn."""
    if sentence is None:
        return [], []
    node = {"0": 0}
    word_column = {c.word: pos for pos, c in enumerate(columns) if c.kind == "word"}
    for i, w in enumerate(sentence.words):
        if i in word_column:
            node[w.id] = word_column[i]
    own = {r.id for r in sentence.rows if r.kind == "empty"}     # (not the other side's)
    node.update({c.row_id: pos for pos, c in enumerate(columns)
                 if c.kind == "empty" and c.row_id in own})
    links, problems = [], []
    seen: dict[tuple[int, int], int] = {}
    for row in sentence.rows:
        if row.kind == "multiword" or row.phead in ("", "_"):
            continue
        for k, piece in enumerate(row.phead.split("|")):
            head, _, relation = piece.partition(":")
            a, b = node.get(head), node.get(row.id)
            if a is None or b is None or a == b or not relation:
                problems.append(f"{side} node {row.id} ({row.form}): DEPS {piece!r} names no "
                                "other node of this sentence; not drawn")
                continue
            nth = seen[(a, b)] = seen.get((a, b), -1) + 1
            links.append(Link(side, ENHANCED, a, b, relation, (row.id, head, k), nth))
    return links, problems


def basic_links(sentence: DepSentence | None, side: str,
                columns: Sequence[Column]) -> tuple[list[Link], list[str]]:
    deps, problems = read_dependencies(sentence, side)
    column = {c.word: pos for pos, c in enumerate(columns) if c.kind in ("word", "root")}
    return [Link(side, BASIC, column[d.head], column[d.dependent], d.label,
                 (d.dependent, d.head)) for d in deps], problems


@dataclass(slots=True)
class Band:
    """One arc band's plan over both sides: level, legs and label centre per arc shape
    (``(layer, head column, dependent column, nth)``)."""

    levels: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    anchors: dict[tuple[int, int, int, int], tuple[float, float]] = field(default_factory=dict)
    label_x: dict[tuple[int, int, int, int], float] = field(default_factory=dict)
    enhanced_levels: tuple[int, int] = (0, 0)     # lowest and highest enhanced level

    @property
    def top(self) -> int:
        return max(self.levels.values(), default=0)


def _shape_key(link: Link) -> tuple[int, int, int, int]:
    return link.layer, link.head, link.dependent, link.nth


def _union(links: Sequence[Link]) -> dict[tuple[int, int, int, int], str]:
    """One arc per shape over both sides, with the longer label (for room)."""
    union: dict[tuple[int, int, int, int], str] = {}
    for link in links:
        key = _shape_key(link)
        if len(link.label) > len(union.get(key, "")):
            union[key] = link.label
        union.setdefault(key, link.label)
    return union


def legs_needed(links: Sequence[Link]) -> dict[int, int]:
    """Legs each column needs in one band (both halves' worst), as `arcs` counts them."""
    count: dict[tuple[int, bool], int] = {}
    for _, a, b, _ in _union(links):
        count[(a, b < a)] = count.get((a, b < a), 0) + 1
        count[(b, a < b)] = count.get((b, a < b), 0) + 1
    legs: dict[int, int] = {}
    for (pos, _), n in count.items():
        legs[pos] = max(legs.get(pos, 0), 2 * n + 1)
    return legs


def plan_band(links: Sequence[Link], columns: Sequence[Column], measure: Measure,
              metrics: Metrics) -> Band:
    """Levels (basic layer first, the enhanced layer above it) and legs of one band."""
    union = _union(links)
    band = Band()
    base = 0
    for layer in (BASIC, ENHANCED):
        keys = sorted(k for k in union if k[0] == layer)
        spans, extents = [], []
        for key in keys:
            lo, hi = sorted((key[1], key[2]))
            left, right = columns[lo].centre, columns[hi].centre
            mid = (left + right) / 2
            reach = measure(union[key], "label")[0] / 2 + metrics.label_pad + 2
            spans.append((lo, hi))
            extents.append((min(left, mid - reach), max(right, mid + reach)))
            band.label_x[key] = mid
        levels = assign_levels(spans, extents)
        for key, level in zip(keys, levels):
            band.levels[key] = base + level
        if layer == ENHANCED and levels:
            band.enhanced_levels = (base + 1, base + max(levels))
        base += max(levels, default=0)
    ends: dict[tuple[int, str], list[tuple[int, tuple[int, int, int, int], int]]] = {}
    for key in union:
        _, a, b, _ = key
        for end, here, there in ((0, a, b), (1, b, a)):
            ends.setdefault((here, "left" if there < here else "right"), []).append(
                (band.levels[key], key, end))
    xs: dict[tuple[int, int, int, int], list[float]] = {key: [0.0, 0.0] for key in union}
    for (pos, half), items in ends.items():
        col = columns[pos]
        items.sort(key=lambda t: (-t[0], t[1]))     # the highest arc nearest the centre
        step = min(metrics.anchor_step, (col.width / 2 - 2) / (len(items) + 0.5))
        sign = -1 if half == "left" else 1
        for rank, (_, key, end) in enumerate(items):
            xs[key][end] = col.centre + sign * step * (rank + 0.5)
    band.anchors = {key: (x[0], x[1]) for key, x in xs.items()}
    return band


def band_height(band: Band, metrics: Metrics, step: float) -> float:
    top = band.top
    return metrics.first_level + top * step + step / 2 if top else metrics.first_level


def arc_shapes(links: Sequence[Link], band: Band, base_y: float, direction: int,
               measure: Measure, metrics: Metrics, step: float
               ) -> tuple[list[ArcShape], list[EnhancedArcShape]]:
    """One side's arcs of one band: legs from `base_y` away from its row (up for +1)."""
    basic: list[ArcShape] = []
    enhanced: list[EnhancedArcShape] = []
    for layer in (BASIC, ENHANCED):
        mine = [link for link in links if link.layer == layer]
        crossing = crossing_pairs([(min(x.head, x.dependent), max(x.head, x.dependent))
                                   for x in mine])
        for n, link in enumerate(mine):
            key = _shape_key(link)
            xh, xd = band.anchors[key]
            level = band.levels[key]
            bar = base_y - direction * (metrics.first_level + level * step)
            lw, lh = measure(link.label, "label")
            lw += 2 * metrics.label_pad
            label = Box(band.label_x[key] - lw / 2, bar - lh / 2, lw, lh)
            points = ((xh, base_y), (xh, bar), (xd, bar), (xd, base_y))
            if layer == BASIC:
                basic.append(ArcShape(link.side, link.key[0], link.key[1], link.label, level,
                                      points, label, n in crossing, direction))
            else:
                enhanced.append(EnhancedArcShape(
                    link.side, link.key[0], link.key[1], link.key[2], link.label,
                    link.dependent, link.head, level, points, label, n in crossing, direction))
    return basic, enhanced


@dataclass(slots=True)
class _Drawing:
    """What `layout_enhanced` collects while it goes down the page."""

    tokens: list[TokenShape] = field(default_factory=list)
    arcs: list[ArcShape] = field(default_factory=list)
    enhanced: list[EnhancedArcShape] = field(default_factory=list)
    ranges: list[RangeShape] = field(default_factory=list)
    titles: list[TitleShape] = field(default_factory=list)


def _links(sentences: dict[str, DepSentence | None], sides: Sequence[str],
           cols: dict[str, list[Column]]) -> tuple[dict[tuple[str, int], list[Link]], list[str]]:
    links: dict[tuple[str, int], list[Link]] = {}
    problems: list[str] = []
    for side in sides:
        for layer, read in ((BASIC, basic_links), (ENHANCED, enhanced_links)):
            found, notes = read(sentences[side], side, cols[side])
            links[(side, layer)] = found
            problems += notes
    return links, problems


def _groups(links: Sequence[Link], position: str) -> list[list[Link]]:
    """The arcs of each band: one (above) or basic and enhanced (below)."""
    if position == "above":
        return [list(links)]
    return [[x for x in links if x.layer == layer] for layer in (BASIC, ENHANCED)]


def layout_enhanced(gold: DepSentence | None, system: DepSentence | None, measure: Measure,
                    mode: str, metrics: Metrics, show_pos: bool, position: str
                    ) -> DiagramLayout | None:
    """The pair with its enhanced graphs (see the module docstring), or None."""
    if position not in ("above", "below") or mode not in ("mirrored", "stacked"):
        return None
    if not (has_enhanced(gold) or has_enhanced(system)):
        return None
    sentences = {"gold": gold, "system": system}
    sides = [side for side in ("gold", "system") if sentences[side] is not None]
    shared = not segmented(gold, system)
    if shared:          # one column list for both sides, one plan of both sides' arcs
        columns = build_columns(gold, system)
        links, problems = _links(sentences, sides, {side: columns for side in sides})
        groups = _groups([x for found in links.values() for x in found], position)
        legs: dict[int, int] = {}
        for group in groups:
            for pos, n in legs_needed(group).items():
                legs[pos] = max(legs.get(pos, 0), n)
        columns = place_columns(columns, measure, metrics, sides, legs, show_pos)
        cols = {side: columns for side in ("gold", "system")}
        first = {"gold": 0, "system": 0}
        planned = [plan_band(group, columns, measure, metrics) for group in groups]
        bands = {side: planned for side in sides}
        every = list(columns)
    else:               # two tokenisations: each side its columns (`arcs.side_columns`)
        assert gold is not None and system is not None
        deps = {"gold": read_dependencies(gold)[0], "system": read_dependencies(system)[0]}
        cols = side_columns(gold, system, deps, measure, metrics, show_pos)
        first = {"gold": 0, "system": len(cols["gold"])}
        links, problems = _links(sentences, sides, cols)
        bands = {side: [plan_band(group, cols[side], measure, metrics) for group in
                        _groups(links[(side, BASIC)] + links[(side, ENHANCED)], position)]
                 for side in sides}
        every = cols["gold"] + cols["system"]
    step = level_height(measure("Ag", "label")[1], metrics)
    title_h = measure("GOLD", "title")[1]
    range_h = measure("x", "token")[1] + metrics.range_gap + 2
    caption_x = max(c.x + c.width for c in every) + metrics.column_gap
    out = _Drawing()

    def title(text: str, y: float) -> None:
        tw, th = measure(text, "title")
        out.titles.append(TitleShape(text, Box(metrics.margin, y, tw, th)))

    def height(side: str, band_no: int) -> float:
        """A band's height: the highest of both sides' (mirror images stay level)."""
        return max(band_height(bands[s][band_no], metrics, step) for s in sides)

    def arcs(side: str, band_no: int, base_y: float, direction: int) -> None:
        band = bands[side][band_no]
        mine = [x for x in links[(side, BASIC)] + links[(side, ENHANCED)]
                if position == "above" or x.layer == band_no]
        basic, enhanced = arc_shapes(mine, band, base_y, direction, measure, metrics, step)
        out.arcs += basic
        out.enhanced += [replace(a, dependent_column=a.dependent_column + first[side],
                                 head_column=a.head_column + first[side]) for a in enhanced]
        low, high = band.enhanced_levels
        if high and links[(side, ENHANCED)] and (position == "above" or band_no == ENHANCED):
            middle = base_y - direction * (metrics.first_level + (low + high) / 2 * step)
            tw, th = measure(CAPTION, "title")
            out.titles.append(TitleShape(CAPTION, Box(caption_x, middle - th / 2, tw, th)))

    def row(side: str, top: float) -> float:
        """One word row (`side` ``both``: the shared one), its multiword brackets above it."""
        owner = side if side != "both" else ("gold" if gold is not None else "system")
        out.ranges.extend(multiword_ranges(sentences[owner], side, cols[owner],
                                           top - metrics.range_gap, measure, metrics))
        shapes, row_h = token_row(cols[owner], side, top, measure, metrics, show_pos,
                                  first[owner])
        out.tokens.extend(shapes)
        return row_h

    def brackets(*names: str) -> float:
        return range_h if any(has_ranges(sentences[n]) for n in names) else 0.0

    y = metrics.margin
    if mode == "mirrored" and position == "above":
        title("GOLD", y)
        y += title_h
        arc_base = y + height("gold", 0)
        if shared:
            row_top = arc_base + brackets(*sides)
            under = row_top + row("both", row_top) + 2
        else:       # gold's row, then the system's right under it
            row_top = arc_base + brackets("gold")
            system_top = row_top + row("gold", row_top) + metrics.row_gap * 2 + brackets("system")
            under = system_top + row("system", system_top) + 2
        if gold is not None:
            arcs("gold", 0, arc_base, +1)
        if system is not None:
            arcs("system", 0, under, -1)
        y = under + height("system", 0)
        title("SYSTEM", y)
        y += title_h
    elif mode == "mirrored":        # below: two rows, the enhanced graphs between them
        for side in sides:
            top_band, bottom_band = (BASIC, ENHANCED) if side == "gold" else (ENHANCED, BASIC)
            if side == "gold":
                title("GOLD", y)
                y += title_h
            arc_base = y + height(side, top_band)
            row_top = arc_base + brackets(side)
            under = row_top + row(side, row_top) + 2
            arcs(side, top_band, arc_base, +1)
            arcs(side, bottom_band, under, -1)
            y = under + height(side, bottom_band)
            if side == "system":
                title("SYSTEM", y)
                y += title_h
            else:
                y += metrics.diagram_gap / 2
    else:                           # stacked
        for side in sides:
            title(side.upper(), y)
            y += title_h
            arc_base = y + height(side, 0)
            row_top = arc_base + brackets(side)
            y = row_top + row(side, row_top)
            arcs(side, 0, arc_base, +1)
            if position == "below":
                arcs(side, ENHANCED, y + 2, -1)
                y += 2 + height(side, ENHANCED)
            y += metrics.diagram_gap
    right = max([c.x + c.width for c in every] +
                [t.box.right for t in out.titles]) + metrics.margin
    return DiagramLayout(mode, tuple(every), tuple(out.tokens), tuple(out.arcs),
                         tuple(out.ranges), tuple(out.titles), right, y + metrics.margin,
                         tuple(problems), tuple(out.enhanced))


def layout_pair(gold: DepSentence | None, system: DepSentence | None,
                measure: Measure = approximate_measure, mode: str = "mirrored",
                metrics: Metrics = Metrics(), show_pos: bool = False,
                enhanced: str = "off") -> DiagramLayout:
    """`arcs.layout_pair` with the DEPS arcs: `enhanced` (``off``, ``above``, ``below``) adds
    them in the mirrored and stacked modes when either side has any; otherwise (and for the
    tree mode) the basic trees alone."""
    if enhanced != "off":
        drawn = layout_enhanced(gold, system, measure, mode, metrics, show_pos, enhanced)
        if drawn is not None:
            return drawn
    return layout_basic(gold, system, measure, mode, metrics, show_pos)
