"""LaTeX export of a compared pair: `forest` trees or a `tikz-dependency` graph, coloured by
the scorer's verdicts, with a legend.

Spec (docs/teaching.md):

* Constituency pair: gold tree, then system tree, each a ``forest`` environment.  Every
  phrase node is coloured by the verdict of the first ``bracket`` item with its ``Node.id``
  (the same first-item rule as the GUI), every POS node by the first ``tag`` item with
  its token index; words hang under their POS (``show_pos=False``: words carry the tag
  verdict themselves).  Verdicts look as in the GUI (Okabe-Ito colours, plus a dash
  pattern as a second cue, so print-outs read in greyscale).
* Dependency pair: one ``dependency`` environment, gold arcs above the words, system arcs
  below (the GUI's mirrored layout), each arc coloured by the verdict of its word.
* ``standalone=True`` (default) gives a complete document (``standalone`` class); else
  only the body, plus `preamble()` to paste into the user's own preamble.  Text with CJK
  characters gets ``xeCJK`` (compile with xelatex; the font is a parameter, by default an
  installed CJK font, `cjk_fonts.choose_cjk_fonts`: a font xeCJK cannot find stops the
  run); other text compiles with pdflatex or xelatex.
* Every label and word is escaped (``\\ { } $ & # ^ _ % ~`` and forest's ``[ ] ,``), so the
  output always has balanced braces.  Nothing here decides a match: verdicts are read.
"""

from __future__ import annotations

from typing import Any, Iterable

from tcompare.export.cjk_fonts import choose_cjk_fonts, sans_for
from tcompare.layout import verdict_style as vs
from tcompare.scoring.base import Item, SentenceResult, Verdict

# the Okabe-Ito colours of tcompare/layout/verdict_style.py (the GUI palette reads them too)
COLOURS = {
    "tcgreen": vs.BLUISH_GREEN[1:], "tcorange": vs.ORANGE[1:], "tcvermillion": vs.VERMILLION[1:],
    "tcpurple": vs.REDDISH_PURPLE[1:], "tcyellow": vs.YELLOW[1:], "tcsky": vs.SKY_BLUE[1:],
    "tcblue": vs.BLUE[1:], "tcgrey": vs.GREY[1:], "tcblack": vs.BLACK[1:],
}

# verdict -> (border colour, fill colour with tint, dash pattern, extra TikZ options, legend)
STYLES: dict[Verdict | None, tuple[str, str, str, str, str]] = {
    Verdict.MATCH: ("tcgreen", "tcgreen!22", "solid", "", "matched"),
    Verdict.LABEL_ONLY: ("tcorange", "tcorange!35", "solid", "line width=1.2pt", "right span, wrong label"),
    Verdict.MISSING: ("tcvermillion", "tcvermillion!25", "dashed", "line width=0.9pt", "missing from system"),
    Verdict.EXTRA: ("tcpurple", "tcpurple!30", "dotted", "line width=1.1pt", "extra in system"),
    Verdict.CROSSING: ("tcblack", "tcyellow!45", "dash dot", "line width=0.9pt", "crossing a gold bracket"),
    Verdict.WRONG_POS: ("tcblue", "tcsky!30", "solid", "line width=1.1pt", "wrong POS tag"),
    Verdict.WRONG_HEAD: ("tcblue", "tcsky!30", "dashed", "", "wrong head"),
    Verdict.WRONG_LABEL: ("tcorange", "tcorange!35", "solid", "", "wrong label"),
    Verdict.WRONG_BOTH: ("tcvermillion", "tcvermillion!25", "dashed", "", "wrong head and label"),
    Verdict.IGNORED: ("tcgrey", "white", "dash dot dot", "text=tcgrey", "not scored"),
    None: ("tcgrey", "black!4", "solid", "", "no verdict"),
}

CONSTITUENCY_LEGEND = (Verdict.MATCH, Verdict.LABEL_ONLY, Verdict.MISSING, Verdict.EXTRA,
                       Verdict.CROSSING, Verdict.WRONG_POS, Verdict.WRONG_HEAD, Verdict.IGNORED)
DEPENDENCY_LEGEND = (Verdict.MATCH, Verdict.WRONG_HEAD, Verdict.WRONG_LABEL, Verdict.WRONG_BOTH,
                     Verdict.IGNORED)

_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
            "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
            "~": r"\textasciitilde{}", "<": r"\textless{}", ">": r"\textgreater{}",
            "|": r"\textbar{}", "`": r"\textasciigrave{}", "'": r"\textquotesingle{}",
            '"': r"\textquotedbl{}"}


def escape(text: str) -> str:
    """LaTeX-safe text (every special character becomes a command or an escaped char)."""
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


def has_cjk(text: str) -> bool:
    return any("\u3000" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\uff00" <= ch <= "\uffef"
               or "\U00020000" <= ch <= "\U0002ffff" for ch in text)


def style_name(verdict: Verdict | None) -> str:
    return "tc " + (verdict.value.replace("_", " ") if verdict is not None else "none")


def _style_body(verdict: Verdict | None) -> str:
    border, fill, dash, extra, _ = STYLES[verdict]
    parts = [f"draw={border}", f"fill={fill}", dash, "rounded corners=1.5pt"]
    if extra:
        parts.append(extra)
    return ", ".join(parts)


def _arc_style(verdict: Verdict | None) -> str:
    border, _, dash, extra, _ = STYLES[verdict]
    width = "line width=1.1pt" if verdict not in (Verdict.MATCH, Verdict.IGNORED, None) else "thick"
    return f"{border}, {dash}, {width}"


def preamble(cjk: bool = False, cjk_font: str | None = None, cjk_sans_font: str | None = None) -> str:
    """Packages, colours and the verdict styles (for a document of your own).  `cjk_font`:
    xeCJK's main font (default: an installed one); `cjk_sans_font`: its sans font (default:
    the main font's Sans sibling when installed, else the main font)."""
    lines = [r"\usepackage{iftex}"]
    if cjk:
        if cjk_font is None:
            chosen = choose_cjk_fonts()
            cjk_font, cjk_sans_font = chosen.main, cjk_sans_font or chosen.sans
        cjk_sans_font = cjk_sans_font or sans_for(cjk_font)
        lines += ["% Chinese text: compile with xelatex (xeCJK).  Any CJK font with the needed",
                  "% glyphs works, e.g. Noto Serif CJK TC, Source Han Serif, FandolSong (TeX Live).",
                  r"\ifXeTeX",
                  r"  \usepackage{xeCJK}",
                  rf"  \setCJKmainfont{{{cjk_font}}}",
                  rf"  \setCJKsansfont{{{cjk_sans_font}}}",
                  r"\else",
                  r"  \errmessage{This document contains Chinese: compile it with xelatex}",
                  r"\fi"]
    else:
        lines += [r"\ifXeTeX\else\usepackage[T1]{fontenc}\usepackage[utf8]{inputenc}\fi"]
    lines += [r"\usepackage{xcolor}", r"\usepackage{tikz}", r"\usepackage[linguistics]{forest}",
              r"\usepackage{tikz-dependency}"]
    lines += [rf"\definecolor{{{name}}}{{HTML}}{{{hexa}}}" for name, hexa in COLOURS.items()]
    tikz = ",\n  ".join(f"{style_name(v)}/.style={{{_style_body(v)}}}" for v in STYLES)
    lines.append("\\tikzset{\n  " + tikz + "\n}")
    forest = ",\n  ".join(f"{style_name(v)}/.style={{{_style_body(v)}}}" for v in STYLES)
    lines.append("\\forestset{\n  " + forest + ",\n  tc word/.style={draw=none, fill=none, "
                 "font=\\itshape},\n  tc tree/.style={for tree={font=\\sffamily, "
                 "inner sep=2pt, s sep=6pt, l sep=8pt}}\n}")
    return "\n".join(lines) + "\n"


def legend(verdicts: Iterable[Verdict]) -> str:
    """A small table: one coloured sample box per verdict, with its meaning."""
    rows = [rf"\tikz[baseline=(x.base)]\node[{style_name(v)}, inner sep=2pt, font=\sffamily\small](x){{A}}; "
            rf"& {escape(STYLES[v][4])} \\" for v in verdicts]
    return ("\\begin{tabular}{@{}cl@{}}\n" + "\n".join(rows) + "\n\\end{tabular}\n")


def _first(items: Iterable[Item], kind: str) -> dict[int, Item]:
    found: dict[int, Item] = {}
    for item in items:
        if item.kind == kind and item.ref >= 0 and item.ref not in found:
            found[item.ref] = item
    return found


def _braced(text: str) -> str:
    # forest content in braces: commas and brackets inside labels stay content
    return "{" + (escape(text) if text else r"\strut{}") + "}"


def forest_tree(tree: Any, items: Iterable[Item] = (), show_pos: bool = True) -> str:
    """One tree as a ``forest`` environment, nodes styled by the items' verdicts."""
    items = list(items)
    nodes, tags = _first(items, "bracket"), _first(items, "tag")
    if tree is None or tree.root is None:
        return "\\textit{(no tree)}\n"
    out: list[str] = ["\\begin{forest}\ntc tree"]
    from tcompare.model.tree import Node  # model imports nothing of ours

    # iterative, so very deep trees do not hit Python's recursion limit
    stack: list[Any] = [(tree.root, 0)]
    while stack:
        entry = stack.pop()
        if entry is None:
            out.append("]")
            continue
        child, depth = entry
        pad = "\n" + "  " * depth
        if isinstance(child, Node):
            item = nodes.get(child.id)
            label = child.label.raw
            out.append(f"{pad}[{_braced(label)}, {style_name(item.verdict if item else None)}")
            stack.append(None)
            stack.extend((c, depth + 1) for c in reversed(child.children))
            continue
        tag = tags.get(child.index)
        verdict = tag.verdict if tag else None
        if show_pos and child.pos:
            out.append(f"{pad}[{_braced(child.pos)}, {style_name(verdict)} "
                       f"[{_braced(child.form)}, tc word]]")
        else:
            out.append(f"{pad}[{_braced(child.form)}, {style_name(verdict)}]")
    out.append("\n\\end{forest}\n")
    return "".join(out)


def tikz_pair(gold: Any, system: Any, result: SentenceResult | None, mode: str = "stacked",
              show_pos: bool = True) -> str:
    """Both trees as ONE ``tikzpicture`` drawn from the window's own geometry
    (`layout.tree_layout`): in ``stacked`` mode a word is at the same x in both trees, each
    tree's heading sits above it.  Sizes are in points, text in small sans serif."""
    from tcompare.layout.drawn_trees import layout_pair
    from tcompare.layout.tree_layout import LayoutStyle

    def measure(text: str) -> float:      # \sffamily\small: ~5.2 pt a letter, CJK ~9 pt
        return sum(9.5 if has_cjk(ch) else 5.4 for ch in text) + 2.0

    style = LayoutStyle(show_pos=show_pos, line_height=13.0, pad_x=3.0, pad_y=1.5,
                        col_gap=6.0, row_gap=16.0, panel_gap=30.0, margin=2.0,
                        title_height=14.0)
    layout = layout_pair(gold, system, result, mode, measure, style)
    out = ["\\begin{tikzpicture}[x=1pt, y=-1pt, every node/.style={font=\\sffamily\\small, "
           "inner sep=1.5pt}]"]
    for t in layout.titles:
        heading = "Gold" if t.side == "gold" else "System"
        out.append(f"\\node[anchor=north west, font=\\sffamily\\bfseries\\small] at "
                   f"({t.x:.1f},{t.y:.1f}) {{{heading}}};")
    for e in layout.edges:
        path = " -- ".join(f"({x:.1f},{y:.1f})" for x, y in e.points())
        out.append(f"\\draw[tcgrey, line width={'0.8pt' if e.head else '0.4pt'}] {path};")
    for _side, x, y in layout.crossings:   # a branch crossing a bar: cut the bar, not the branch
        out.append(f"\\draw[white, line width=1.6pt] ({x - 3:.1f},{y:.1f}) -- ({x + 3:.1f},{y:.1f}); "
                   f"\\draw[tcgrey, line width=0.4pt] ({x:.1f},{y - 0.8:.1f}) -- ({x:.1f},{y + 0.8:.1f});")
    for b in layout.boxes:
        centre = f"({b.x + b.w / 2:.1f},{b.y + b.h / 2:.1f})"
        if b.kind == "word":
            out.append(f"\\node[text height=1.6ex, text depth=0.4ex] at {centre} "
                       f"{{\\itshape {escape(b.text)}}};")
        else:
            out.append(f"\\node[{style_name(b.verdict)}, minimum width={b.w:.1f}pt, "
                       f"minimum height={b.h:.1f}pt] at {centre} {{{escape(b.text)}}};")
    out.append("\\end{tikzpicture}")
    return "\n".join(out) + "\n"


def _document(body: str, cjk: bool, cjk_font: str | None) -> str:
    return ("% Made by tcompare.  " + ("Compile with xelatex." if cjk else "Compile with pdflatex or xelatex.")
            + "\n\\documentclass[border=10pt,varwidth=\\maxdimen]{standalone}\n"
            + preamble(cjk, cjk_font) + "\\begin{document}\n" + body + "\\end{document}\n")


def constituency_pair(gold: Any, system: Any, result: SentenceResult | None, *,
                      standalone: bool = True, title: str = "", show_pos: bool = True,
                      with_legend: bool = True, cjk_font: str | None = None,
                      layout: str = "aligned") -> str:
    """Gold and system trees, one above the other, with verdict colours and the legend under
    them.  ``layout="aligned"`` (default): one TikZ picture, the words of both trees in the
    same columns; ``"forest"``: two `forest` trees (compact, editable by hand; trees with
    discontinuous constituents are always aligned, as forest cannot keep their words in
    sentence order)."""
    gold_items = result.gold_items if result is not None else []
    system_items = result.system_items if result is not None else []
    parts = []
    if title:
        parts.append(f"\\noindent\\textbf{{{escape(title)}}}\\par\\medskip\n")
    from tcompare.layout.disc_layout import needs_disc_layout

    if layout == "aligned" or needs_disc_layout(gold, system):
        # (forest orders words by the tree: a discontinuous tree needs the aligned picture)
        # one picture, the words of both trees in the same columns, headings above them
        parts.append("\\noindent\n" + tikz_pair(gold, system, result, "stacked", show_pos)
                     + "\\par\n")
    else:
        # each tree in a paragraph of its own: a heading beside a tree was a heading in
        # the same paragraph
        parts.append("\\noindent\\textsf{Gold}\\par\\nopagebreak\\noindent\n"
                     + forest_tree(gold, gold_items, show_pos) + "\\par\\bigskip\n")
        parts.append("\\noindent\\textsf{System}\\par\\nopagebreak\\noindent\n"
                     + forest_tree(system, system_items, show_pos) + "\\par\n")
    if with_legend:     # under the trees, in a paragraph of its own (it floated beside them)
        parts.append("\\bigskip\\noindent\n" + legend(CONSTITUENCY_LEGEND) + "\\par\n")
    body = "".join(parts)
    if not standalone:
        return body
    text = " ".join(t.form for tr in (gold, system) if tr is not None for t in tr.tokens) + title
    return _document(body, has_cjk(text), cjk_font)


def _deptext_cell(text: str) -> str:
    # ``\&`` separates deptext columns, so a literal ampersand is written by its code
    return escape(text).replace(r"\&", r"{\char38}") or r"\_"


def dependency_pair(gold: Any, system: Any, result: SentenceResult | None, *,
                    standalone: bool = True, title: str = "", with_legend: bool = True,
                    cjk_font: str | None = None) -> str:
    """Gold arcs above the words, system arcs below, coloured by verdict (tikz-dependency)."""
    words = gold.words if gold is not None else (system.words if system is not None else [])
    if not words:
        body = "\\textit{(no sentence)}\n"
    else:
        gold_arcs = _first(result.gold_items if result else [], "arc")
        sys_arcs = _first(result.system_items if result else [], "arc")
        lines = ["\\begin{dependency}[theme=simple, label style={font=\\sffamily\\footnotesize}]",
                 "\\begin{deptext}[column sep=0.9em]",
                 " \\& ".join(_deptext_cell(w.form) for w in words) + " \\\\",
                 " \\& ".join("{\\scriptsize\\textsf{" + _deptext_cell(w.cpostag) + "}}" for w in words) + " \\\\",
                 "\\end{deptext}"]
        for side, sentence, arcs, below in (("gold", gold, gold_arcs, False),
                                            ("system", system, sys_arcs, True)):
            if sentence is None:
                continue
            n = len(sentence.words)
            for i, w in enumerate(sentence.words):
                if i >= len(words):
                    break
                item = arcs.get(i)
                verdict = item.verdict if item else None
                style = _arc_style(verdict)
                options = f"edge style={{{style}}}, label style={{draw={STYLES[verdict][0]}, text=black}}"
                if below:
                    options = "edge below, " + options
                label = escape(w.deprel)
                head = w.head
                if head == "0":
                    lines.append(f"\\deproot[{options}]{{{i + 1}}}{{{label}}}")
                elif head.isdigit() and 1 <= int(head) <= min(n, len(words)):
                    lines.append(f"\\depedge[{options}]{{{head}}}{{{i + 1}}}{{{label}}}")
                else:
                    lines.append(f"% {side} word {i + 1}: head {escape(head)} is not in the sentence")
        lines.append("\\end{dependency}")
        body = ("\\textsf{Gold above, system below}\\par\\medskip\n" + "\n".join(lines) + "\n")
    if title:
        body = f"\\textbf{{{escape(title)}}}\\par\\medskip\n" + body
    if with_legend:
        body += "\\bigskip\n" + legend(DEPENDENCY_LEGEND)
    if not standalone:
        return body
    text = " ".join(w.form for s in (gold, system) if s is not None for w in s.words) + title
    return _document(body, has_cjk(text), cjk_font)


def export_pair(gold: Any, system: Any, result: SentenceResult | None, **options) -> str:
    """`constituency_pair` for trees, `dependency_pair` for dependency sentences."""
    sample = gold if gold is not None else system
    if sample is not None and hasattr(sample, "rows") and not hasattr(sample, "root"):
        options.pop("show_pos", None)
        return dependency_pair(gold, system, result, **options)
    return constituency_pair(gold, system, result, **options)
