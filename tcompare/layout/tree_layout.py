"""Positions for drawing a gold and a system constituency tree together (no Qt here).

Input: a gold `Tree`, a system `Tree` (either may be None), the scorer's `SentenceResult`
(or None), a layout mode and a ``measure(text) -> float`` callable giving text widths (the
GUI passes Qt font metrics; tests pass a fixed-width stub).  Output: a `PairLayout` of
positioned `Box`es (phrase nodes, POS tags, words) and `Edge`s, each box carrying the
scorer's verdict for the node or token it shows.  Nothing here decides a match: verdicts
are copied from the result's items (``kind == "bracket"`` by `Node.id`, ``kind == "tag"``
by token index).

Coordinates: origin (0, 0) at the top left, x to the right, y downwards, in pixels at
zoom 1.  A box's ``(x, y)`` is its top-left corner.

Modes
-----
``side``      gold panel left, system panel right; node rows of the same depth share a y,
              the POS and word rows of both panels share a y.
``stacked``   gold tree above the system tree, both on the SAME token columns: a word is
              at the same x in both.
``mirrored``  one word row in the middle, the gold tree growing up from it (root on top),
              the system tree growing down (root at the bottom).  When the two sides
              segment the text differently a second word row is added, gold words above
              system words.

Algorithm
---------
1. *Units.*  If both sides spell the same characters (forms concatenated without spaces)
   and no token is empty, tokens are placed by character offsets (`Token.char_start` /
   `char_end`), so two segmentations of one Chinese sentence line up ("char" alignment).
   Otherwise the two word sequences are aligned (difflib's longest matching blocks):
   equal words share a unit, words on one side only (PTB traces, a dropped word) get
   their own, and replaced stretches are shared ("words" alignment, `aligned_units`).
2. *Boundaries.*  Every token start/end of either side is a boundary; boundaries are
   sorted and each gets an x.  Every drawn thing that covers units ``[a, b)`` asks for a
   minimum distance ``x[b] - x[a] >= width + gap``: words, POS tags (they sit under their
   word) and node labels (a node is centred over its own span).  All constraints point
   forward, so one pass over the boundaries in order (a longest path in a DAG) gives the
   narrowest x assignment that satisfies all of them.
3. *Why no overlaps.*  A box is centred in its span and its span is at least as wide as
   the box plus the gap.  Two nodes of one tree on the same row have disjoint spans, so
   their boxes cannot overlap; words and POS tags likewise.  Nodes with an empty span
   (a failed parse's bare root) are the only exception and are placed at their position.
4. *Rows.*  A node at depth d (root = 0) is drawn on row d (side mode), or on the row
   given by its height counted up from the words (stacked and mirrored: a phrase over
   words only sits right above them, which keeps long deep sentences compact; see
   `node_rows`).  The POS row and the word row come below the last row of the tree (side
   mode: of both trees, so the panels' rows align).  In mirrored mode the system rows are
   numbered from the bottom.
5. *Segmentation.*  A token whose unit span does not occur as a token span on the other
   side is flagged ``seg_diff`` (a word split or merged differently, a word present on
   one side only, or a different word) so the view can mark it.

Long labels (CCG categories) are elided in the middle to ``max_label_chars`` characters;
the full text stays in `Box.full_text` for the tooltip.
"""

from __future__ import annotations

import bisect
import difflib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.scoring.base import Item, SentenceResult, Verdict

SIDES = ("gold", "system")
MODES = ("side", "stacked", "mirrored")
Measure = Callable[[str], float]


def fixed_width(text: str) -> float:
    """A stand-in measure (7 px per character, CJK characters count double) for tests."""
    return sum(14.0 if ord(ch) > 0x2E7F else 7.0 for ch in text)


@dataclass(frozen=True, slots=True)
class LayoutStyle:
    """Sizes (pixels at zoom 1) and display toggles.

    Parameters
    ----------
    show_pos : draw the POS row (tags are still scored whether shown or not).
    show_function : show function / GR tags and head positions (``NP-SBJ``, ``dj-ZW``, ``vp-1``).
    show_roles : show Sinica roles (``agent:NP``, ``Head:VC``).
    line_height : height of one line of text.
    pad_x, pad_y : padding inside a node box.
    col_gap : minimum horizontal space between two boxes of one row.
    row_gap : vertical space between two node rows.
    panel_gap : space between the gold and system panels (side mode) or blocks (stacked).
    margin : space around the drawing.
    title_height : room for the "GOLD" / "SYSTEM" captions.
    max_label_chars : longer labels are elided in the middle (full text in the tooltip).
    rows : ``depth`` (row = distance from the root), ``height`` (row counted up from the
        words: a phrase over words only sits right above them), or ``auto``: depth in
        side mode (rows of the same depth aligned across the panels), height in stacked
        and mirrored mode (compact near the words, as in the house mock-up).
    """

    show_pos: bool = True
    show_function: bool = True
    show_roles: bool = True
    line_height: float = 18.0
    pad_x: float = 6.0
    pad_y: float = 3.0
    col_gap: float = 10.0
    row_gap: float = 20.0
    panel_gap: float = 48.0
    margin: float = 12.0
    title_height: float = 22.0
    max_label_chars: int = 24
    rows: str = "auto"


@dataclass(slots=True)
class Box:
    """One positioned thing: a phrase node, a POS tag or a word.

    ``kind`` is ``node`` (ref = `Node.id`), ``pos`` or ``word`` (ref = token index).
    ``verdict`` is the scorer's verdict for the item drawn (None when the scorer made no
    item for it, e.g. a root label EVALB deletes, or when there is no result).
    ``partner`` is the scorer's partner ref on the other side (-1 if none).
    """

    side: str
    kind: str
    ref: int
    x: float
    y: float
    w: float
    h: float
    text: str
    full_text: str
    verdict: Verdict | None = None
    crossing: bool = False
    partner: int = -1
    seg_diff: bool = False
    span: tuple[int, int] = (0, 0)

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def overlaps(self, other: "Box") -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)


@dataclass(frozen=True, slots=True)
class Edge:
    """A line from a parent node's box to a child's box (``child_kind``: node or token).

    ``route``: the points of a bent branch (discontinuous trees, `disc_layout`: down from the
    parent, along its bar, down to the child); empty for a straight line (x1, y1)-(x2, y2).
    """

    side: str
    parent: int
    child_kind: str
    child_ref: int
    x1: float
    y1: float
    x2: float
    y2: float
    head: bool = False
    route: tuple[tuple[float, float], ...] = ()

    def points(self) -> tuple[tuple[float, float], ...]:
        """The polyline to draw: the route, or the straight line's two ends."""
        return self.route or ((self.x1, self.y1), (self.x2, self.y2))


@dataclass(frozen=True, slots=True)
class Title:
    side: str
    text: str
    x: float
    y: float


@dataclass(slots=True)
class TokenSlot:
    """Where one token of one side is: its unit span and its column ``[x0, x1)``."""

    unit_start: int
    unit_end: int
    x0: float
    x1: float


@dataclass(slots=True)
class PairLayout:
    """The result of `layout_pair`: everything the view needs to draw, nothing Qt."""

    mode: str
    width: float
    height: float
    alignment: str                       # "char" or "words" (see `aligned_units`); "positions" (disc_layout)
    boxes: list[Box] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    titles: list[Title] = field(default_factory=list)
    slots: dict[str, list[TokenSlot]] = field(default_factory=dict)
    word_rows: dict[str, tuple[float, float]] = field(default_factory=dict)  # side -> (y, h)
    node_spans: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # unit spans
    shared_words: bool = False           # mirrored mode with one word row for both sides
    # discontinuous trees (`disc_layout`): each node's word positions (hover lights up only
    # those), and where a branch crosses a bar, (side, x, y): renderers cut a gap there
    node_units: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    crossings: list[tuple[str, float, float]] = field(default_factory=list)
    _index: dict[tuple[str, str, int], Box] = field(default_factory=dict, repr=False)

    def box(self, side: str, kind: str, ref: int) -> Box | None:
        """The box drawn for ``(side, kind, ref)``, or None."""
        if not self._index:
            self._index = {(b.side, b.kind, b.ref): b for b in self.boxes}
        return self._index.get((side, kind, ref))

    def reindex(self) -> None:
        """Forget the lookup `box` keeps, after boxes were added or replaced."""
        self._index = {}

    def boxes_of(self, side: str, kind: str) -> list[Box]:
        return [b for b in self.boxes if b.side == side and b.kind == kind]

    def span_rects(self, side: str, node_id: int) -> list[tuple[str, float, float, float, float]]:
        """Rectangles ``(side, x, y, w, h)`` under the words covered by a node, on BOTH sides.

        The node's span is taken in alignment units (characters or token positions), so on
        the other side every token overlapping those units lights up, even when the two
        sides segment the characters differently.
        """
        spans = self.node_spans.get(side, [])
        if not 0 <= node_id < len(spans):
            return []
        units = self.node_units.get(side)
        if units is not None:
            return self._position_rects(units[node_id])
        a, b = spans[node_id]
        rects = []
        for target in self.slots:       # both sides (three in `trio_layout`)
            row = self.word_rows.get(target)
            cols = [s for s in self.slots.get(target, []) if s.unit_start < b and a < s.unit_end]
            if row is None or not cols:
                continue
            x0 = min(s.x0 for s in cols)
            x1 = max(s.x1 for s in cols)
            rects.append((target, x0, row[0], x1 - x0, row[1]))
        return rects


    def _position_rects(self, positions: tuple[int, ...]) -> list[tuple[str, float, float, float, float]]:
        """One rectangle per run of consecutive words in `positions`, on every side."""
        wanted = set(positions)
        rects = []
        for target, slots in self.slots.items():
            row = self.word_rows.get(target)
            if row is None:
                continue
            run: list[TokenSlot] = []
            for slot in slots + [None]:  # type: ignore[operator]
                if slot is not None and slot.unit_start in wanted:
                    run.append(slot)
                    continue
                if run:
                    rects.append((target, run[0].x0, row[0], run[-1].x1 - run[0].x0, row[1]))
                    run = []
        return rects


# -- label text ---------------------------------------------------------------------------

def elide_middle(text: str, limit: int) -> str:
    """``text`` cut in the middle with an ellipsis when longer than ``limit`` characters."""
    if limit <= 0 or len(text) <= limit:
        return text
    keep = max(limit - 1, 2)
    head = (keep + 1) // 2
    return text[:head] + "…" + text[len(text) - (keep - head):]


def node_text(label: Label, style: LayoutStyle = LayoutStyle()) -> str:
    """What a node box shows: the category (or CCG category), then per the toggles the
    function / GR tag and co-index (``NP-SBJ-1``, ``dj-ZW``), head positions (``vp-1``),
    and the Sinica role in front (``agent:NP``)."""
    text = label.ccg or label.category or label.raw
    if not text:
        return "∅"  # PTB "( (S ...))": an unlabeled root, still a bracket for EVALB
    if style.show_function and not label.ccg:
        if label.function:
            text += "-" + label.function
        if label.index:
            text += ("" if label.index.startswith("=") else "-") + label.index
        heads = "".join(f"-{h}" for h in label.heads)
        # only when the notation writes them in the label (TCT ``vp-1``); Sinica and PKU
        # heads are derived from roles / ``!`` marks and show as thick edges instead
        if heads and not label.function and label.raw.endswith(heads):
            text += heads
    if style.show_roles and label.role:
        text = f"{label.role}:{text}"
    return text


def pos_text(token: Token, style: LayoutStyle = LayoutStyle()) -> str:
    """What the POS row shows for a token: its CCG category if it has one, else its POS,
    with the Sinica role in front when roles are shown (``Head:VC``)."""
    text = token.ccg or token.pos or "·"
    if style.show_roles and token.role:
        text = f"{token.role}:{text}"
    return text


# -- verdict lookup -----------------------------------------------------------------------

def items_by_ref(items: Iterable[Item], kind: str) -> dict[int, Item]:
    """First item of ``kind`` per ref (profiles with several criteria list the headline
    criterion first)."""
    found: dict[int, Item] = {}
    for item in items:
        if item.kind == kind and item.ref >= 0 and item.ref not in found:
            found[item.ref] = item
    return found


# -- the layout ---------------------------------------------------------------------------

def aligned_units(gold: Tree | None, system: Tree | None) -> tuple[str, dict[str, list[tuple[int, int]]]]:
    """Each token's span on one shared axis of *units*, per side, and the alignment used.

    ``char``: both sides spell the same characters, units are character offsets.
    ``words``: the texts differ (traces on one side only, a changed word): the word
    sequences are aligned (difflib, longest matching blocks); equal words share one unit,
    a word present on one side only gets a unit of its own, and in a replaced stretch the
    two sides share the stretch -- by characters if they spell the same characters there,
    else each side's words split it evenly.
    """
    trees = {s: t for s, t in zip(SIDES, (gold, system)) if t is not None}
    no_empty = all(t.char_end > t.char_start for tr in trees.values() for t in tr.tokens)
    if len(trees) < 2 or (no_empty and "".join(gold.words) == "".join(system.words)):  # type: ignore[union-attr]
        return "char", {side: [(t.char_start, t.char_end) if no_empty else (t.index, t.index + 1)
                               for t in tree.tokens] for side, tree in trees.items()}
    gw, sw = gold.words, system.words  # type: ignore[union-attr]
    gs: list[tuple[int, int]] = []
    ss: list[tuple[int, int]] = []
    k = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, gw, sw, autojunk=False).get_opcodes():
        if tag == "equal":
            for _ in range(i2 - i1):
                gs.append((k, k + 1))
                ss.append((k, k + 1))
                k += 1
            continue
        gseg, sseg = gw[i1:i2], sw[j1:j2]
        if gseg and sseg and "".join(gseg) == "".join(sseg) and all(gseg) and all(sseg):
            for seg, out in ((gseg, gs), (sseg, ss)):
                off = k
                for w in seg:
                    out.append((off, off + len(w)))
                    off += len(w)
            k += len("".join(gseg))
            continue
        a, b = len(gseg), len(sseg)
        ua, ub = max(b, 1), max(a, 1)  # units per gold word, per system word
        for i in range(a):
            gs.append((k + i * ua, k + (i + 1) * ua))
        for j in range(b):
            ss.append((k + j * ub, k + (j + 1) * ub))
        k += max(a * ua, b * ub)
    return "words", {"gold": gs, "system": ss}


def _node_unit_span(node: Node, tok_spans: list[tuple[int, int]]) -> tuple[int, int]:
    if node.end > node.start:
        return tok_spans[node.start][0], tok_spans[node.end - 1][1]
    # empty span: sits where its position is
    pos = tok_spans[node.start][0] if node.start < len(tok_spans) else (
        tok_spans[-1][1] if tok_spans else 0)
    return pos, pos


def node_rows(tree: Tree, scheme: str = "depth") -> dict[int, int]:
    """Row of every node (``Node.id -> row``, 0 = the root's row, growing towards the words).

    ``depth``: the node's depth.  ``height``: ``H - h`` where h is the node's height (1 for
    a phrase over words only, 1 + the tallest child phrase otherwise) and H the root's, so
    every phrase is as close to its words as its children allow.  Either way a node's row
    is greater than its parent's, and two nodes on one row have disjoint spans.
    """
    if scheme == "depth":
        return {n.id: d for n, d in tree.walk()}
    if scheme != "height":
        raise ValueError(f"unknown row scheme {scheme!r}; expected depth or height")
    heights: dict[int, int] = {}
    for node in reversed(tree.nodes()):  # preorder reversed: children before parents
        heights[node.id] = 1 + max((heights[c.id] for c in node.children if isinstance(c, Node)),
                                   default=0)
    top = heights.get(0, 0)
    return {k: top - h for k, h in heights.items()}


def column_constraints(trees: dict[str, Tree], tok_spans: dict[str, Any],
                       node_spans: dict[str, Any], node_labels: dict[str, Any],
                       pos_labels: dict[str, Any], where: dict[Any, int], width: Measure,
                       style: LayoutStyle) -> list[tuple[int, int, float]]:
    """``(a, b, w)`` for `solve_columns`: each side's words (with their POS tag under them)
    and node labels (centred over their span) ask for their width plus the gap between the
    boundaries of the span they cover (`where`: boundary -> index)."""
    gap = style.col_gap
    constraints: list[tuple[int, int, float]] = []
    for side, tree in trees.items():
        for i, tok in enumerate(tree.tokens):
            a, b = tok_spans[side][i]
            need = width(tok.form)
            if style.show_pos:
                need = max(need, width(pos_labels[side][i]) + 2 * style.pad_x)
            constraints.append((where[a], where[b], need + gap))
        for nid, (a, b) in enumerate(node_spans[side]):
            if b > a:
                constraints.append((where[a], where[b],
                                    width(node_labels[side][nid][0]) + 2 * style.pad_x + gap))
    return constraints


def solve_columns(boundaries: list[int], constraints: list[tuple[int, int, float]]) -> list[float]:
    """Smallest non-decreasing x per boundary with ``x[b] - x[a] >= w`` for each
    ``(a, b, w)`` (indices into `boundaries`, a < b): longest path over sorted boundaries."""
    by_end: dict[int, list[tuple[int, float]]] = {}
    for a, b, w in constraints:
        by_end.setdefault(b, []).append((a, w))
    xs = [0.0] * len(boundaries)
    for k in range(1, len(boundaries)):
        best = xs[k - 1]
        for a, w in by_end.get(k, ()):
            best = max(best, xs[a] + w)
        xs[k] = best
    return xs


def layout_pair(gold: Tree | None, system: Tree | None, result: SentenceResult | None = None,
                mode: str = "side", measure: Measure = fixed_width,
                style: LayoutStyle = LayoutStyle()) -> PairLayout:
    """Lay out a gold and a system tree for drawing.

    Parameters
    ----------
    gold, system : the two trees; either may be None (unreadable sentence, missing line).
    result : the scorer's result for the pair; verdicts are copied from its items.
    mode : ``side``, ``stacked`` or ``mirrored`` (see the module docstring).
    measure : text width in pixels (Qt font metrics in the GUI).
    style : sizes and display toggles.

    Raises
    ------
    ValueError
        for an unknown mode.
    """
    if mode not in MODES:
        raise ValueError(f"unknown layout mode {mode!r}; expected one of {', '.join(MODES)}")
    trees = {s: t for s, t in zip(SIDES, (gold, system)) if t is not None}
    alignment, tok_spans = aligned_units(gold, system)
    cache: dict[str, float] = {}

    def width(text: str) -> float:
        w = cache.get(text)
        if w is None:
            w = cache[text] = float(measure(text))
        return w

    # texts first: column widths depend on them
    node_labels: dict[str, list[tuple[str, str]]] = {}
    node_spans: dict[str, list[tuple[int, int]]] = {}
    pos_labels: dict[str, list[str]] = {}
    for side, tree in trees.items():
        labels = []
        for node in tree.nodes():
            full = node_text(node.label, style)
            labels.append((elide_middle(full, style.max_label_chars), full))
        node_labels[side] = labels
        node_spans[side] = [_node_unit_span(n, tok_spans[side]) for n in tree.nodes()]
        pos_labels[side] = [pos_text(t, style) for t in tree.tokens]

    shared_words = False
    if mode == "mirrored" and set(trees) == set(SIDES):
        shared_words = (tok_spans["gold"] == tok_spans["system"]
                        and gold.words == system.words)  # type: ignore[union-attr]

    # 2. boundaries and constraints
    bset: set[int] = set()
    for spans in tok_spans.values():
        for a, b in spans:
            bset.add(a)
            bset.add(b)
    boundaries = sorted(bset) or [0]
    where = {b: i for i, b in enumerate(boundaries)}
    constraints = column_constraints(trees, tok_spans, node_spans, node_labels, pos_labels,
                                     where, width, style)
    xs = solve_columns(boundaries, constraints)
    content_w = xs[-1]
    colx = {b: xs[i] for i, b in enumerate(boundaries)}

    # 3. panels and rows
    m = style.margin
    bh = style.line_height + 2 * style.pad_y
    pitch = bh + style.row_gap
    pos_h = bh if style.show_pos else 0.0
    scheme = style.rows if style.rows != "auto" else ("depth" if mode == "side" else "height")
    rows = {side: node_rows(tree, scheme) for side, tree in trees.items()}
    depth = {side: max(r.values(), default=-1) for side, r in rows.items()}
    if mode == "side" and scheme == "height":
        # rows counted from the words: shift the shallower tree down so heights line up
        deepest = max(depth.values(), default=-1)
        for side, r in rows.items():
            shift = deepest - depth[side]
            rows[side] = {k: v + shift for k, v in r.items()}
            depth[side] = deepest
    offset_x = {s: m for s in SIDES}
    if mode == "side":
        offset_x["system"] = m + content_w + style.panel_gap
    node_y: dict[str, Callable[[int], float]] = {}
    pos_y: dict[str, float] = {}
    word_y: dict[str, float] = {}
    titles: list[Title] = []
    top = m + style.title_height
    if mode == "side":
        deepest = max(depth.values(), default=-1)
        for side in SIDES:
            node_y[side] = lambda d, top=top: top + d * pitch
            pos_y[side] = top + (deepest + 1) * pitch
            word_y[side] = pos_y[side] + pos_h
            titles.append(Title(side, side.upper(), offset_x[side], m))
        height = word_y["gold"] + bh + m
    elif mode == "stacked":
        y = m
        for side in SIDES:
            titles.append(Title(side, side.upper(), m, y))
            block_top = y + style.title_height
            d = depth.get(side, -1)
            node_y[side] = lambda dd, block_top=block_top: block_top + dd * pitch
            pos_y[side] = block_top + (d + 1) * pitch
            word_y[side] = pos_y[side] + pos_h
            y = word_y[side] + bh + style.panel_gap
        height = y - style.panel_gap + m
    else:  # mirrored
        titles.append(Title("gold", "GOLD", m, m))
        dg = depth.get("gold", -1)
        node_y["gold"] = lambda d: top + d * pitch
        pos_y["gold"] = top + (dg + 1) * pitch
        word_y["gold"] = pos_y["gold"] + pos_h
        word_y["system"] = word_y["gold"] if shared_words else word_y["gold"] + bh
        pos_y["system"] = word_y["system"] + bh
        ds = depth.get("system", -1)
        base = pos_y["system"] + pos_h + style.row_gap
        node_y["system"] = lambda d, base=base, ds=ds: base + (ds - d) * pitch
        sys_bottom = base + (ds + 1) * pitch - style.row_gap
        titles.append(Title("system", "SYSTEM", m, sys_bottom + 4))
        height = sys_bottom + 4 + style.title_height + m
    total_w = (2 * content_w + style.panel_gap if mode == "side" else content_w) + 2 * m

    out = PairLayout(mode=mode, width=total_w, height=height, alignment=alignment,
                     titles=titles, node_spans=node_spans, shared_words=shared_words)

    # 4. boxes
    for side, tree in trees.items():
        ox = offset_x[side]
        spans = tok_spans[side]
        other = "system" if side == "gold" else "gold"
        other_forms = ({sp: t.form for sp, t in zip(tok_spans[other], trees[other].tokens)}
                       if other in trees else {})
        items = result.items_for(side) if result is not None else []
        brackets = items_by_ref(items, "bracket")
        tags = items_by_ref(items, "tag")
        slots = []
        for i, tok in enumerate(tree.tokens):
            a, b = spans[i]
            x0, x1 = colx[a] + ox, colx[b] + ox
            slots.append(TokenSlot(a, b, x0, x1))
            cx = (x0 + x1) / 2
            seg = bool(other_forms) and other_forms.get((a, b)) != tok.form
            if not (shared_words and side == "system"):
                ww = width(tok.form)
                # with the POS row hidden the word carries the tag verdict, so a wrong
                # tag stays visible
                tag = None if style.show_pos else tags.get(i)
                out.boxes.append(Box(side, "word", i, cx - ww / 2, word_y[side], ww, bh,
                                     tok.form, tok.form, seg_diff=seg, span=(i, i + 1),
                                     verdict=tag.verdict if tag else None))
            if style.show_pos:
                text = pos_labels[side][i]
                tw = width(text) + 2 * style.pad_x
                item = tags.get(i)
                out.boxes.append(Box(side, "pos", i, cx - tw / 2, pos_y[side], tw, bh, text, text,
                                     verdict=item.verdict if item else None,
                                     partner=item.partner if item else -1, span=(i, i + 1)))
        out.slots[side] = slots
        out.word_rows[side] = (word_y[side], bh)
        depths = rows[side]
        for node in tree.nodes():
            a, b = node_spans[side][node.id]
            text, full = node_labels[side][node.id]
            tw = width(text) + 2 * style.pad_x
            cx = ox + (colx[a] + colx[b]) / 2
            item = brackets.get(node.id)
            out.boxes.append(Box(side, "node", node.id, cx - tw / 2, node_y[side](depths[node.id]),
                                 tw, bh, text, full,
                                 verdict=item.verdict if item else None,
                                 crossing=bool(item and item.crossing),
                                 partner=item.partner if item else -1,
                                 span=(node.start, node.end)))
    # 5. edges
    for side, tree in trees.items():
        upward = mode == "mirrored" and side == "system"
        for node in tree.nodes():
            pbox = out.box(side, "node", node.id)
            heads = set(node.label.heads)
            for pos, child in enumerate(node.children):
                if isinstance(child, Node):
                    cbox = out.box(side, "node", child.id)
                    kind, ref, head = "node", child.id, child.label.is_head
                else:
                    cbox = out.box(side, "pos", child.index) if style.show_pos else None
                    if cbox is None:
                        cbox = out.box("gold" if shared_words else side, "word", child.index)
                    kind, ref, head = "token", child.index, child.is_head
                if pbox is None or cbox is None:
                    continue
                head = head or pos in heads
                if upward:
                    out.edges.append(Edge(side, node.id, kind, ref, pbox.cx, pbox.y,
                                          cbox.cx, cbox.bottom, head))
                else:
                    out.edges.append(Edge(side, node.id, kind, ref, pbox.cx, pbox.bottom,
                                          cbox.cx, cbox.y, head))
    return out


def unit_of(layout: PairLayout, side: str, x: float) -> int | None:
    """The token index of ``side`` whose column contains ``x`` (for hit tests), or None."""
    slots = layout.slots.get(side, [])
    starts = [s.x0 for s in slots]
    k = bisect.bisect_right(starts, x) - 1
    if 0 <= k < len(slots) and x < slots[k].x1:
        return k
    return None
