"""The verdict of every enhanced arc (DEPS) of a segment, as ``eval.py`` counts it, and the
same verdicts put back on a sentence's DEPS column for the dependency view.

`arc_verdicts` gives, per arc, the script's own answer (``match``: counted by ELAS;
``unlabelled``: by EULAS only; ``wrong``; ``unaligned``) and a `Verdict` the views colour
like a basic arc: MATCH; WRONG_LABEL (same parent, other relation -- subtypes only, or more);
WRONG_HEAD (the same relation from another parent); WRONG_BOTH (the other side's word has
other arcs only); MISSING / EXTRA (its word is not aligned, or the other side's word has no
enhanced arc).

`column_verdicts` maps them onto the arcs written in a `DepSentence`'s DEPS column.  The
script skips empty nodes (``5.1``) and every arc to or from one (the IWPT data were collapsed
first), so those arcs are IGNORED: drawn, not scored.  With ``--enhancements`` filters an
arc the filter dropped or rewrote is IGNORED too.
"""

from __future__ import annotations

from typing import Any

from tcompare.scoring.base import Verdict
from tcompare.scoring.udeval.profile import NOT_ALIGNED
from tcompare.scoring.udeval.read import ROOT


def _universal(steps: tuple[str, ...]) -> list[str]:
    return [d.split(":")[0] for d in steps]


def _judge(parent: int, steps: tuple[str, ...], others: Any, is_gold: bool,
           s2g: Any) -> tuple[str, Verdict]:
    """One aligned word's arc against the other side's arcs of its partner."""
    script = "wrong"
    same_parent = same_relation = False
    for op, osteps in others:
        gp, sp = (parent, op) if is_gold else (op, parent)
        if (gp >= 0 and sp >= 0 and s2g[sp] == gp) or (gp == ROOT and sp == ROOT):
            if steps == osteps:
                return "match", Verdict.MATCH
            same_parent = True
            if _universal(steps) == _universal(osteps):
                script = "unlabelled"
        elif steps == osteps:
            same_relation = True
    if same_parent:
        return script, Verdict.WRONG_LABEL
    if same_relation:
        return script, Verdict.WRONG_HEAD
    if others:
        return script, Verdict.WRONG_BOTH
    return script, Verdict.MISSING if is_gold else Verdict.EXTRA


def arc_verdicts(g: Any, s: Any, alignment: tuple[Any, ...]) -> tuple[list[Any], list[Any]]:
    """Per enhanced arc of a segment, gold then system: ``[word, parent, relation, script
    verdict, view verdict]`` (positions in the segment; parent -1 the root, -2 none; the
    relation's steps joined by ``>``; the last a `Verdict` value)."""
    g2s, s2g = alignment[0], alignment[1]
    out: tuple[list[Any], list[Any]] = ([], [])
    for is_gold, deps, other_deps, amap, side in ((True, g.deps, s.deps, g2s, out[0]),
                                                  (False, s.deps, g.deps, s2g, out[1])):
        for w, arcs in enumerate(deps):
            partner = amap[w]
            for parent, steps in arcs:
                if partner == NOT_ALIGNED:
                    script, verdict = "unaligned", Verdict.MISSING if is_gold else Verdict.EXTRA
                else:
                    script, verdict = _judge(parent, steps, other_deps[partner], is_gold, s2g)
                side.append([w, parent, ">".join(steps), script, verdict.value])
    return out


def _arcs(deps: str) -> list[tuple[str, str]]:
    """A DEPS cell as ``(head, relation)`` pairs (``_`` or empty: none; a piece without a
    colon is kept with an empty relation, so it is drawn and reported, never scored)."""
    if deps in ("", "_"):
        return []
    out = []
    for piece in deps.split("|"):
        head, _, relation = piece.partition(":")
        out.append((head, relation))
    return out


def column_verdicts(sentence: Any, items: list[Any] | None,
                    offset: int = 0) -> dict[tuple[str, int], tuple[Verdict, str]]:
    """The verdict of each arc of `sentence`'s DEPS column, keyed by ``(row ID, k)`` (the
    k-th arc of that row's DEPS), with the reason in words: ``ELAS``, ``EULAS only``, ...

    `items`: one side's `arc_verdicts` (``data["enhanced"]`` of a `ud-eval` result), None
    when the sentence was not scored; `offset`: the segment position of the sentence's
    first word (0 but for a sentence scored inside a joined segment)."""
    position: dict[str, int] = {}
    for row in sentence.rows:
        if row.kind == "word":
            position[row.id] = offset + len(position)
    left: dict[tuple[int, int, str], list[Any]] = {}
    for item in items or ():
        left.setdefault((item[0], item[1], item[2]), []).append(item)
    out: dict[tuple[str, int], tuple[Verdict, str]] = {}
    for row in sentence.rows:
        if row.kind == "multiword":
            continue
        for k, (head, relation) in enumerate(_arcs(row.phead)):
            key = (row.id, k)
            if row.kind == "empty" or "." in head:
                out[key] = (Verdict.IGNORED, "empty node")
                continue
            parent = ROOT if head == "0" else position.get(head)
            if items is None or parent is None or row.id not in position:
                out[key] = (Verdict.IGNORED, "not scored")
                continue
            found = left.get((position[row.id], parent, relation))
            if not found:
                out[key] = (Verdict.IGNORED, "filtered")
                continue
            item = found.pop(0)
            out[key] = (Verdict(item[4]) if len(item) > 4 else Verdict.IGNORED,
                        {"match": "ELAS", "unlabelled": "EULAS only"}.get(item[3], item[3]))
    return out
