"""A compared pair as a standalone SVG fragment, drawn from the Qt-free layouts.

Constituency pairs come from `layout.drawn_trees.layout_pair` (``stacked``: gold above the
system, a word at the same x in both), dependency pairs from `layout.arcs.layout_pair`
(``mirrored``: gold arcs above the words, system arcs below).  Every box and arc takes the
look of its verdict from `layout.verdict_style` (the GUI's Okabe-Ito palette), with the
verdict's dash pattern and corner icon as a second cue, so the drawing reads without
colour too; `legend` lists them in words.  Nothing here decides a match: verdicts are read
from the boxes (copied from the scorer's items) or from the result's arc items.

Text is measured with a font-free estimate (CJK characters count double), so the output
does not depend on the fonts of the machine that writes it; the reader's browser draws
the text with the first of `FONT_FAMILY` it has.
"""

from __future__ import annotations

from typing import Any, Iterable
from xml.sax.saxutils import escape as _escape

from tcompare.layout import verdict_style as vs
from tcompare.scoring.base import SentenceResult, Verdict

FONT_FAMILY = "'DejaVu Sans', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif"
FONT_SIZE = 12.0
ICON_ROOM = 8.0           # a box is this much wider than its label: its corner mark goes there
DASHES = {"solid": "", "dash": "6 3", "dot": "2 2", "dashdot": "6 2 2 2",
          "dashdotdot": "6 2 2 2 2 2"}
CONSTITUENCY_LEGEND = (Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA,
                       Verdict.CROSSING, Verdict.WRONG_POS, Verdict.IGNORED)
DEPENDENCY_LEGEND = (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH,
                     Verdict.IGNORED)


def esc(text: Any) -> str:
    """`text` escaped for XML character data and attribute values."""
    return _escape(str(text), {'"': "&quot;"})


def is_wide(ch: str) -> bool:
    return ord(ch) > 0x2E7F


def text_width(text: str, size: float = FONT_SIZE) -> float:
    """Estimated advance of `text` at `size` px: 0.62 em a letter, 1 em a CJK character."""
    return sum(size if is_wide(ch) else size * 0.62 for ch in text)


def _dash(line: str) -> str:
    pattern = DASHES.get(line, "")
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def _verdict_name(verdict: Verdict | None) -> str:
    return verdict.value if verdict is not None else "none"


def legend(verdicts: Iterable[Verdict]) -> str:
    """An HTML legend: a swatch drawn as the boxes are (fill, border, dashes, icon) and the
    verdict's name in words."""
    parts = ['<ul class="legend">']
    for verdict in verdicts:
        look = vs.look_for(verdict)
        swatch = (f'<svg width="34" height="18" viewBox="0 0 34 18" aria-hidden="true">'
                  f'<rect x="1" y="1" width="32" height="16" rx="3" fill="{look.fill}" '
                  f'stroke="{look.border}" stroke-width="{look.width:g}"{_dash(look.line)}/>'
                  f'<text x="17" y="13" font-size="11" text-anchor="middle">{esc(look.icon)}</text>'
                  '</svg>')
        parts.append(f"<li>{swatch} <span>{esc(look.legend)}</span></li>")
    parts.append("</ul>")
    return "".join(parts)


def _svg_open(width: float, height: float, title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pair" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.1f} {height:.1f}" role="img" '
            f'font-family="{esc(FONT_FAMILY)}" font-size="{FONT_SIZE:g}">'
            f"<title>{esc(title)}</title>")


HEADINGS = ("Gold", "System")


def constituency_svg(gold: Any, system: Any, result: SentenceResult | None, title: str = "",
                     show_pos: bool = True, headings: tuple[str, str] = HEADINGS) -> str:
    """Gold above system, both trees on shared word columns, boxes in verdict looks."""
    from tcompare.layout.drawn_trees import layout_pair
    from tcompare.layout.tree_layout import LayoutStyle

    style = LayoutStyle(show_pos=show_pos, line_height=17.0, pad_x=5.0, pad_y=2.0,
                        col_gap=8.0, row_gap=18.0, panel_gap=34.0, margin=8.0)
    def measure(text: str) -> float:     # room for the corner mark right of the label
        return text_width(text) + ICON_ROOM

    layout = layout_pair(gold, system, result, "stacked", measure, style)
    out = [_svg_open(layout.width, layout.height, title or "gold and system trees")]
    for t in layout.titles:
        heading = esc(headings[0] if t.side == "gold" else headings[1])
        out.append(f'<text x="{t.x:.1f}" y="{t.y + 14:.1f}" font-weight="bold">{heading}</text>')
    for e in layout.edges:
        if e.route:     # a bent branch (discontinuous tree)
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in e.route)
            out.append(f'<polyline points="{points}" fill="none" stroke="{vs.GREY}" '
                       f'stroke-width="{1.6 if e.head else 0.8}"/>')
            continue
        out.append(f'<line x1="{e.x1:.1f}" y1="{e.y1:.1f}" x2="{e.x2:.1f}" y2="{e.y2:.1f}" '
                   f'stroke="{vs.GREY}" stroke-width="{1.6 if e.head else 0.8}"/>')
    out += crossing_gaps(layout.crossings)
    for b in layout.boxes:
        cx, base = b.x + b.w / 2, b.y + b.h / 2 + FONT_SIZE * 0.35
        if b.kind != "word":
            cx -= ICON_ROOM / 2
        if b.kind == "word":
            slant = "" if any(is_wide(ch) for ch in b.text) else ' font-style="italic"'  # no fake CJK italics
            out.append(f'<text x="{cx:.1f}" y="{base:.1f}" text-anchor="middle"{slant}>'
                       f'{esc(b.text)}</text>')
            continue
        look = vs.look_for(b.verdict)
        tip = f"{b.full_text}: {look.legend}" + (" (crosses a gold bracket)" if b.crossing else "")
        out.append(f'<g class="v-{_verdict_name(b.verdict)}"><title>{esc(tip)}</title>'
                   f'<rect x="{b.x:.1f}" y="{b.y:.1f}" width="{b.w:.1f}" height="{b.h:.1f}" rx="3" '
                   f'fill="{look.fill}" stroke="{look.border}" stroke-width="{look.width:g}"'
                   f'{_dash(look.line)}/>'
                   f'<text x="{cx:.1f}" y="{base:.1f}" text-anchor="middle">{esc(b.text)}</text>')
        icon = vs.CROSSING_ICON if b.crossing and b.verdict is not Verdict.CROSSING else look.icon
        if icon:
            out.append(f'<text x="{b.x + b.w - 1.5:.1f}" y="{b.y + 9:.1f}" font-size="9" '
                       f'text-anchor="end">{esc(icon)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def crossing_gaps(crossings: Iterable[tuple[str, float, float]], gap: float = 4.0) -> list[str]:
    """Where a branch crosses another node's bar: the bar cut (a white gap) and the
    branch drawn on through the cut (only over the cut), so the eye follows the branch."""
    out = []
    for _side, x, y in crossings:
        out.append(f'<g class="crossing"><line x1="{x - gap:.1f}" y1="{y:.1f}" x2="{x + gap:.1f}" '
                   f'y2="{y:.1f}" stroke="white" stroke-width="3"/>'
                   f'<line x1="{x:.1f}" y1="{y - 1.5:.1f}" x2="{x:.1f}" y2="{y + 1.5:.1f}" '
                   f'stroke="{vs.GREY}" stroke-width="0.8"/></g>')
    return out


def _arc_verdicts(result: SentenceResult | None, side: str) -> dict[int, Verdict]:
    if result is None:
        return {}
    verdicts: dict[int, Verdict] = {}
    for item in result.items_for(side):
        if item.kind == "arc":
            verdicts.setdefault(item.ref, item.verdict)
    return verdicts


def dependency_svg(gold: Any, system: Any, result: SentenceResult | None, title: str = "",
                   headings: tuple[str, str] = HEADINGS) -> str:
    """Gold arcs above the words, system arcs below them, each in its word's verdict look."""
    from tcompare.layout.arcs import layout_pair

    def measure(text: str, role: str = "token") -> tuple[float, float]:
        size = {"note": 9.0, "label": 10.0, "title": 12.0}.get(role, FONT_SIZE)
        return text_width(text, size) + 2, size * 1.3

    layout = layout_pair(gold, system, measure, "mirrored")
    out = [_svg_open(layout.width, layout.height, title or "gold and system arcs")]
    for t in layout.titles:
        heading = esc(headings[0] if t.text.upper() == "GOLD" else headings[1])
        out.append(f'<text x="{t.box.x:.1f}" y="{t.box.y + t.box.height * 0.8:.1f}" '
                   f'font-weight="bold">{heading}</text>')
    for token in layout.tokens:
        tb = token.text_box
        out.append(f'<text x="{tb.x + tb.width / 2:.1f}" y="{tb.y + tb.height * 0.8:.1f}" '
                   f'text-anchor="middle">{esc(token.text)}</text>')
        if token.note:
            nb = token.note_box
            out.append(f'<text x="{nb.x + nb.width / 2:.1f}" y="{nb.y + nb.height * 0.8:.1f}" '
                       f'text-anchor="middle" font-size="9" fill="{vs.GREY}">{esc(token.note)}</text>')
    verdicts = {side: _arc_verdicts(result, side) for side in ("gold", "system")}
    for arc in layout.arcs:
        verdict = verdicts[arc.side].get(arc.dependent)
        look = vs.look_for(verdict)
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in arc.points)
        tx, ty = arc.points[-1]
        tip = -5.0 * arc.direction
        lb = arc.label_box
        out.append(f'<g class="v-{_verdict_name(verdict)}"><title>{esc(arc.label)}: '
                   f'{esc(look.legend)}</title>'
                   f'<polyline points="{points}" fill="none" stroke="{look.border}" '
                   f'stroke-width="{max(look.width, 1.2):g}"{_dash(look.line)}/>'
                   f'<polygon points="{tx - 3.5:.1f},{ty + tip:.1f} {tx + 3.5:.1f},{ty + tip:.1f} '
                   f'{tx:.1f},{ty:.1f}" fill="{look.border}"/>'
                   f'<rect x="{lb.x:.1f}" y="{lb.y:.1f}" width="{lb.width:.1f}" height="{lb.height:.1f}" '
                   f'rx="2" fill="{look.fill}"/>'
                   f'<text x="{lb.x + lb.width / 2:.1f}" y="{lb.y + lb.height * 0.78:.1f}" '
                   f'text-anchor="middle" font-size="10">{esc(arc.label)}{esc(look.icon)}</text></g>')
    out.append("</svg>")
    return "".join(out)


def pair_svg(gold: Any, system: Any, result: SentenceResult | None, kind: str,
             title: str = "", headings: tuple[str, str] = HEADINGS) -> str:
    """`dependency_svg` for dependency profiles, else `constituency_svg`; `headings` name
    the two trees (a Chinese feedback page: 金标准 / 你的)."""
    if kind == "dependency":
        return dependency_svg(gold, system, result, title, headings)
    return constituency_svg(gold, system, result, title, headings=headings)
