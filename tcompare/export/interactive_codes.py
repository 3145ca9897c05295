"""Compact text codes of one sentence pair for the interactive report's script to draw.

The page draws a sentence only when it is opened, so what it carries per sentence is small
text, not SVG:

* a constituency tree as tokens separated by spaces: ``(LABEL`` opens a phrase, ``)``
  closes it, ``/POS`` starts a leaf whose word is the next token (`tree_code`); a
  discontinuous tree ends with one ``#`` token: its grid and leaf positions (`grid_code`);
* a dependency sentence as four tokens per word: form, POS, head, relation (`deps_code`);
* the scorer's verdicts, one character per phrase (preorder, the order of the code) and,
  after ``|``, one per word (`tree_verdicts`, `arc_verdicts`); upper case: the item also
  crosses an item of the other side.

Text in a token is escaped (`esc`): backslash, space and a leading ``(``, ``)`` or ``/``
take a backslash; an empty text is ``\\z``.  Nothing here decides a match: the verdicts are
copied from the `SentenceResult`'s items.
"""

from __future__ import annotations

from typing import Any, Iterable

from tcompare.layout.tree_layout import items_by_ref, node_text, pos_text
from tcompare.model.tree import Node, Token
from tcompare.scoring.base import Item, Verdict

CODES = {Verdict.MATCH: "m", Verdict.LABEL_ONLY: "l", Verdict.MISSING: "x", Verdict.EXTRA: "e",
         Verdict.CROSSING: "c", Verdict.WRONG_POS: "p", Verdict.WRONG_HEAD: "h",
         Verdict.WRONG_LABEL: "r", Verdict.WRONG_BOTH: "b", Verdict.IGNORED: "i"}
NO_VERDICT = "-"
RIGHT = (Verdict.MATCH, Verdict.IGNORED)     # verdicts that are no error to filter on


def esc(text: str) -> str:
    if not text:
        return "\\z"
    out = text.replace("\\", "\\\\").replace(" ", "\\s")
    return "\\" + out if out[0] in "()/" else out


def unesc(token: str) -> str:
    """The inverse of `esc` (the script does the same; tests use this)."""
    out = []
    k = 0
    while k < len(token):
        ch = token[k]
        if ch == "\\" and k + 1 < len(token):
            nxt = token[k + 1]
            out.append({"s": " ", "z": ""}.get(nxt, nxt))
            k += 2
            continue
        out.append(ch)
        k += 1
    return "".join(out)


def _code(item: Item | None) -> str:
    if item is None:
        return NO_VERDICT
    code = CODES.get(item.verdict, NO_VERDICT)
    return code.upper() if item.crossing and item.verdict is not Verdict.CROSSING else code


def _preorder(tree: Any) -> Iterable[Node | Token | None]:
    """Nodes and tokens in surface preorder; None after a node's last child (a close)."""
    if tree is None or tree.root is None:
        return
    stack: list[Any] = [tree.root]
    while stack:
        top = stack.pop()
        yield top
        if isinstance(top, Node):
            stack.append(None)
            stack.extend(reversed(top.children))


def tree_code(tree: Any) -> str:
    parts: list[str] = []
    for x in _preorder(tree):
        if x is None:
            parts.append(")")
        elif isinstance(x, Node):
            parts.append("(" + esc(node_text(x.label)))
        else:
            parts.append("/" + esc(pos_text(x)))
            parts.append(esc(x.form))
    if tree is not None and tree.root is not None and tree.is_discontinuous():
        parts.append(grid_code(tree))
    return " ".join(parts)


def grid_code(tree: Any) -> str:
    """``#row,slot;...|p,p,...``: a discontinuous tree's grid (`layout.disc_grid`, the
    nodes in preorder) and each leaf's sentence position (leaves in the code's order), so
    the page draws it as the window does: words in sentence order, routed branches."""
    from tcompare.layout.disc_grid import tree_grid

    grid = tree_grid(tree)
    nodes = ";".join(f"{grid.rows[n.id]},{grid.slots[n.id]}" for n in tree.nodes())
    leaves = ",".join(str(x.index) for x in _preorder(tree) if isinstance(x, Token))
    return f"#{nodes}|{leaves}"


def tree_verdicts(tree: Any, items: Iterable[Item]) -> str:
    items = list(items)
    brackets, tags = items_by_ref(items, "bracket"), items_by_ref(items, "tag")
    if tree is None or tree.root is None:
        return "|"
    nodes = "".join(_code(brackets.get(x.id)) for x in _preorder(tree) if isinstance(x, Node))
    words = "".join(_code(tags.get(t.index)) for t in tree.tokens)
    return nodes + "|" + words


def deps_code(sentence: Any) -> str:
    if sentence is None:
        return ""
    return " ".join(f"{esc(t.form)} {esc(t.cpostag)} {esc(t.head)} {esc(t.deprel)}"
                    for t in sentence.words)


def arc_verdicts(sentence: Any, items: Iterable[Item]) -> str:
    arcs = items_by_ref(items, "arc")
    n = len(sentence.words) if sentence is not None else 0
    return "|" + "".join(_code(arcs.get(k)) for k in range(n))


def error_labels(result: Any) -> str:
    """The labels of the items the scorer did not count right, space-separated, sorted:
    what the report's label filter looks for."""
    labels = {i.label or "∅" for side in (result.gold_items, result.system_items) for i in side
              if i.verdict not in RIGHT}
    return " ".join(sorted(esc(x) for x in labels))
