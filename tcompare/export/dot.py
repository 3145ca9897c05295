"""Graphviz export: a gold/system pair as DOT, laid out and rendered by Graphviz (pygraphviz).

Constituency pairs become two clusters (gold, system); each phrase node is a box filled and
bordered by its verdict (`tcompare.layout.verdict_style`), words sit on one rank in sentence
order (kept by invisible edges).  Dependency pairs become one row of words with gold arcs
drawn above (solid) and system arcs (dashed) coloured by verdict.  Verdicts come only from
the scorer's `SentenceResult`; nothing here decides a match.

DOT is plain text and needs nothing; `render` needs pygraphviz (its wheel bundles Graphviz)
and gives SVG, PDF or PNG bytes.
"""

from __future__ import annotations

from typing import Iterable

from tcompare.layout.verdict_style import GREY, look_for
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Node, Tree
from tcompare.scoring.base import SentenceResult, Verdict

FONT = "WenQuanYi Micro Hei,Noto Sans CJK SC,Noto Sans CJK TC,sans-serif"
_GV_STYLE = {"solid": "solid", "dash": "dashed", "dot": "dotted", "dashdot": "dashed",
             "dashdotdot": "dotted"}


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _attrs(**attrs) -> str:
    return "[" + ", ".join(f"{k}={_quote(str(v))}" for k, v in attrs.items()) + "]"


def _verdicts(result: SentenceResult | None, side: str, kind: str) -> dict[int, Verdict]:
    if result is None:
        return {}
    return {i.ref: i.verdict for i in result.items_for(side) if i.kind == kind}


def _box(verdict: Verdict | None) -> dict:
    look = look_for(verdict)
    style = ["rounded", "filled", _GV_STYLE.get(look.line, "solid")]
    label_icon = f" {look.icon}" if look.icon else ""
    return {"shape": "box", "style": ",".join(style), "fillcolor": look.fill,
            "color": look.border, "penwidth": f"{look.width:.1f}", "_icon": label_icon}


def _node_label(node: Node) -> str:
    label = node.label
    text = label.raw or "∅"
    if label.role and not text.startswith(label.role + ":"):
        text = f"{label.role}:{text}"
    return text


def _tree_lines(tree: Tree, prefix: str, result: SentenceResult | None, side: str) -> Iterable[str]:
    brackets = _verdicts(result, side, "bracket")
    tags = _verdicts(result, side, "tag")
    if tree.root is None:
        yield f'  {prefix}empty {_attrs(label="(no parse)", shape="plaintext", fontcolor=GREY)};'
        return
    for node in tree.nodes():
        box = _box(brackets.get(node.id))
        icon = box.pop("_icon")
        yield f"  {prefix}n{node.id} {_attrs(label=_node_label(node) + icon, **box)};"
        for child in node.children:
            target = f"{prefix}n{child.id}" if isinstance(child, Node) else f"{prefix}p{child.index}"
            yield f"  {prefix}n{node.id} -> {target};"
    for tok in tree.tokens:
        box = _box(tags.get(tok.index))
        icon = box.pop("_icon")
        pos = (f"{tok.role}:" if tok.role else "") + (tok.ccg or tok.pos or "·")
        yield f"  {prefix}p{tok.index} {_attrs(label=pos + icon, **box)};"
        yield f"  {prefix}p{tok.index} -> {prefix}w{tok.index} [arrowhead=none];"
        yield f'  {prefix}w{tok.index} {_attrs(label=tok.form, shape="plaintext")};'
    tags = " ".join(f"{prefix}p{t.index};" for t in tree.tokens)
    yield f"  {{ rank=same; {tags} }}"  # the POS row, like the words, on one line
    words = " ".join(f"{prefix}w{t.index};" for t in tree.tokens)
    yield f"  {{ rank=same; {words} }}"
    for a, b in zip(tree.tokens, tree.tokens[1:]):
        yield f"  {prefix}w{a.index} -> {prefix}w{b.index} [style=invis];"


def constituency_dot(gold: Tree | None, system: Tree | None, result: SentenceResult | None,
                     titles: tuple[str, str] = ("gold", "system")) -> str:
    """DOT text of a constituency pair, gold cluster left, system cluster right."""
    lines = ["digraph comparison {", f"  graph [rankdir=TB, fontname={_quote(FONT)}, nodesep=0.15];",
             f"  node [fontname={_quote(FONT)}, height=0.3];", "  edge [arrowhead=none, color=\"#555555\"];"]
    # dot ignores the words' left-to-right chain inside a cluster; a discontinuous tree (its
    # words are not in tree order) is drawn as a plain subgraph under a title node instead
    disc = any(t is not None and t.is_discontinuous() for t in (gold, system))
    for side, tree, title in (("gold", gold, titles[0]), ("system", system, titles[1])):
        if tree is None:
            continue
        prefix = side[0]
        if disc:
            lines.append(f"  subgraph {side} {{")
            lines.append(f"  {prefix}title {_attrs(label=title, shape='plaintext')};")
            if tree.root is not None:
                lines.append(f"  {prefix}title -> {prefix}n0 [style=invis];")
        else:
            lines.append(f"  subgraph cluster_{side} {{")
            lines.append(f"  label={_quote(title)}; color=\"#BBBBBB\";")
        lines.extend(_tree_lines(tree, prefix, result, side))
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def dependency_dot(gold: DepSentence | None, system: DepSentence | None,
                   result: SentenceResult | None) -> str:
    """DOT text of a dependency pair: words in one row, gold arcs solid, system arcs dashed."""
    base = gold or system
    lines = ["digraph dependencies {", f"  graph [rankdir=LR, fontname={_quote(FONT)}, nodesep=0.4];",
             f"  node [fontname={_quote(FONT)}, shape=plaintext];",
             f"  edge [fontname={_quote(FONT)}, fontsize=10];"]
    if base is None:
        lines.append("}")
        return "\n".join(lines) + "\n"
    words = base.words
    lines.append('  root [label="ROOT", fontcolor="#555555"];')
    for i, w in enumerate(words):
        text = w.form + "\n" + w.cpostag
        lines.append(f"  w{i} {_attrs(label=text)};")
    chain = " -> ".join(["root"] + [f"w{i}" for i in range(len(words))])
    lines.append(f"  {chain} [style=invis, weight=100];")
    for side, sentence, style in (("gold", gold, "solid"), ("system", system, "dashed")):
        if sentence is None:
            continue
        verdicts = _verdicts(result, side, "arc")
        ids = {w.id: i for i, w in enumerate(sentence.words)}
        for i, w in enumerate(sentence.words):
            head = "root" if w.head == "0" else (f"w{ids[w.head]}" if w.head in ids else None)
            if head is None:
                continue
            look = look_for(verdicts.get(i))
            attrs = _attrs(label=w.deprel, color=look.border, fontcolor=look.border, style=style,
                           constraint="false")
            lines.append(f"  {head} -> w{i} {attrs};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def pair_dot(gold, system, result: SentenceResult | None, titles: tuple[str, str] = ("gold", "system")) -> str:
    """DOT for whichever kind of pair this is."""
    sample = gold if gold is not None else system
    if isinstance(sample, DepSentence):
        return dependency_dot(gold, system, result)
    return constituency_dot(gold, system, result, titles)


def render(dot_text: str, fmt: str = "svg", prog: str = "dot") -> bytes:
    """Lay out and render DOT text with Graphviz (pygraphviz): ``svg``, ``pdf`` or ``png``."""
    import pygraphviz

    graph = pygraphviz.AGraph(string=dot_text)
    return graph.draw(format=fmt, prog=prog)
