"""The ``discodop`` `Profile`: one pair of model Trees (continuous or discontinuous) scored
as ``discodop eval`` scores a pair, with a verdict for every constituent -- a label and the
SET of word positions it dominates -- for the window, ``table`` and ``report``.

Options: ``prm`` (the parameter file's path, as EVALB's profiles take it; None: the settings
``discodop eval`` has without one, so that the window and ``tcompare score`` without PARAM
agree; ``prm_text``: the file's text instead), ``disconly``, ``functions`` (remove / leave /
add / replace).  Counts are
additive (``matched``, ``gold``, ``system``, ``words``, ``pos_correct``, ``exact``), so the
corpus figures equal the reference's summary lines.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tcompare.formats import read_option_file
from tcompare.scoring.base import (
    Item, Option, Profile, SentenceResult, Summary, Verdict, prf, ratio, summed_counts,
)
from tcompare.scoring.discodop.pair import TreePair
from tcompare.scoring.discodop.prm import read_param
from tcompare.scoring.discodop.read import DiscodopError, handle_functions, strip_function
from tcompare.scoring.discodop.tree import Node, bit_positions

def to_node(tree: Any, functions: str | None = "remove") -> tuple[Node, list[str]]:
    """A model `Tree` as the reference's reader would give it: labels with the function
    handled as ``--functions`` says, the function (edge label) in ``source``, words by
    position, and the ``ROOT`` the export reader puts on top when the tree lacks one."""
    words = [""] * len(tree.tokens)
    for t in tree.tokens:
        if 0 <= t.index < len(words):
            words[t.index] = t.form

    def convert(node: Any) -> Node:
        kids: list[Any] = []
        for child in node.children:
            if hasattr(child, "label"):
                kids.append(convert(child))
            else:
                func = (child.extra or {}).get("function") or "--"
                source = [child.form, "--", child.pos, "--", func, "0"]
                kids.append(Node(child.pos, [child.index], source, ref=-2 - child.index))
        label = node.label.raw
        func = node.label.function or "--"
        source = ["#", "--", label, "--", func, "0"]
        return Node(label, kids, source, ref=node.id)

    root = convert(tree.root) if tree.root is not None else Node("ROOT", [], ref=-1)
    if functions == "remove":
        for n in root.subtrees():
            n.label = strip_function(n.label)
    elif functions in ("add", "replace", "between"):
        handle_functions(functions, root)
    return root, words


class DiscodopProfile(Profile):
    name = "discodop"
    description = ("disco-dop's evaluator (discodop eval): EVALB extended to discontinuous "
                   "constituents, a constituent being a label and a set of word positions")
    notations = ("discbracket", "export", "tiger", "alpino", "ptb")
    kind = "constituency"
    reference = True
    options = (
        Option("prm", None, "disco-dop parameter file (default: discodop eval's settings without one)"),
        Option("disconly", False, "score discontinuous constituents only", bool),
        Option("functions", "remove", "function tags on labels",
               choices=("remove", "leave", "add", "replace")),
    )
    columns = ("recall", "precision", "fmeasure", "pos")
    headline = ("fmeasure", "recall", "precision", "exact_match", "pos")

    def prepare(self, options: dict[str, Any] | None = None) -> Any:
        merged = super().prepare(options)
        text = merged.get("prm_text")
        if text is None and merged["prm"] is not None:
            text = read_option_file(merged["prm"]).decode("utf-8")
        param = read_param(text)
        param["DISC_ONLY"] = bool(merged["disconly"])
        merged["param"] = param
        return merged

    def score(self, gold: Any, system: Any, config: Any, index: int = 0) -> SentenceResult:
        if not isinstance(config, dict) or "param" not in config:
            config = self.prepare(config)
        param = config["param"]
        functions = config.get("functions", "remove")
        gtree, gsent = to_node(gold, functions)
        ctree, csent = to_node(system, functions)
        if not gsent:
            gsent, csent = list(csent), list(csent)
        try:
            pair = TreePair(index, gtree, gsent, ctree, csent, param)
        except DiscodopError as exc:
            return self.score_error(index, exc.official_line())
        return self._result(pair, index, param["DISC_ONLY"])

    def _result(self, pair: TreePair, index: int, disconly: Any) -> SentenceResult:
        gb, cb = pair.gbrack, pair.cbrack
        matched = sum((gb & cb).values())
        g, c = sum(gb.values()), sum(cb.values())
        words = len(pair.gpos)
        pos_ok = sum(1 for a, b in zip(pair.gpos, pair.cpos) if a == b)
        # (--disconly: a sentence without discontinuous brackets is not counted, as there)
        counted = not disconly or bool(gb) or bool(cb)
        counts: Counter[str] = Counter(matched=matched, gold=g, system=c, words=words,
                                       pos_correct=pos_ok, exact=int(gb == cb and counted),
                                       sentences=int(counted))
        p, r, f = prf(matched, g, c)
        gold_items, system_items = self._items(pair)
        return SentenceResult(
            index=index, counts=counts,
            scores={"recall": r, "precision": p, "fmeasure": f, "pos": ratio(pos_ok, words)},
            gold_items=gold_items, system_items=system_items)

    def _items(self, pair: TreePair) -> tuple[list[Item], list[Item]]:
        """An item per phrase node of each model tree that the evaluation kept.  Verdicts by
        the multiset of ``(label, positions)``: copies of a constituent pair in tree order
        (MATCH, `partner` = the other side's node); left-over ones with the same positions
        pair as LABEL_ONLY; the rest MISSING / EXTRA; phrases not counted (a deleted label:
        the undeletable root) IGNORED.  start/end are the first and last+1 ORIGINAL
        positions; group ``disc``: a gap among the words the parameter file keeps."""
        gb, cb = pair.gbrack, pair.cbrack
        sides = []
        for tree, kept, mine in ((pair.gtree, pair.gkept, gb), (pair.ctree, pair.ckept, cb)):
            nodes = [n for n in tree.nodes() if n.is_phrasal and n.ref >= 0]
            sides.append((nodes, kept, mine))
        verdict: list[dict[int, Verdict]] = [{}, {}]
        partner: list[dict[int, int]] = [{}, {}]
        counted: list[list[Node]] = [[], []]
        for k, (nodes, _, mine) in enumerate(sides):
            budget = Counter(mine)
            for n in nodes:
                key = (n.label, n.bitset)
                if budget[key] > 0:
                    budget[key] -= 1
                    counted[k].append(n)
        by_key: dict[Any, list[Node]] = {}
        for n in counted[1]:
            by_key.setdefault((n.label, n.bitset), []).append(n)
        left_c = set()
        for n in counted[0]:
            others = by_key.get((n.label, n.bitset))
            if others:
                c = others.pop(0)
                verdict[0][id(n)] = verdict[1][id(c)] = Verdict.MATCH
                partner[0][id(n)], partner[1][id(c)] = c.ref, n.ref
        by_bits: dict[int, list[Node]] = {}
        for n in counted[1]:
            if id(n) not in verdict[1]:
                left_c.add(id(n))
                by_bits.setdefault(n.bitset, []).append(n)
        for n in counted[0]:
            if id(n) in verdict[0]:
                continue
            others = by_bits.get(n.bitset)
            if others:
                c = others.pop(0)
                verdict[0][id(n)] = verdict[1][id(c)] = Verdict.LABEL_ONLY
                partner[0][id(n)], partner[1][id(c)] = c.ref, n.ref
            else:
                verdict[0][id(n)] = Verdict.MISSING
        for n in counted[1]:
            verdict[1].setdefault(id(n), Verdict.EXTRA)
        out: list[list[Item]] = [[], []]
        for k, side in enumerate(("gold", "system")):
            nodes, kept, _ = sides[k]
            for n in nodes:
                positions = bit_positions(n.bitset)
                original = [kept[p] for p in positions if p < len(kept)]
                gapped = bool(positions) and positions[-1] - positions[0] + 1 != len(positions)
                out[k].append(Item(side, "bracket", n.ref, n.label,
                                   original[0] if original else 0,
                                   original[-1] + 1 if original else 0,
                                   verdict[k].get(id(n), Verdict.IGNORED),
                                   partner=partner[k].get(id(n), -1),
                                   group="disc" if gapped else ""))
        return out[0], out[1]

    def ignored_reason(self, item: Item, config: Any, tree: Any) -> str:
        if isinstance(config, dict) and "param" in config and \
                item.label in config["param"]["DELETE_LABEL"]:
            return "its label is deleted by the parameter file (DELETE_LABEL), the root kept"
        if isinstance(config, dict) and config.get("disconly"):
            return "continuous: --disconly scores discontinuous constituents only"
        return "not scored by this profile"

    def score_unpaired(self, item: Any, side: str, config: Any, index: int = 0) -> SentenceResult:
        """A sentence on one side only: its constituents all MISSING (gold) or EXTRA
        (system), counted in recall or precision; its words counted, none correct."""
        result = self.score(item, item, config, index)
        if not result.valid:
            return result
        c = result.counts
        mine = "gold" if side == "gold" else "system"
        verdict = Verdict.MISSING if side == "gold" else Verdict.EXTRA
        items = [i for i in result.items_for(mine)]
        for i in items:
            if i.verdict is not Verdict.IGNORED:
                i.verdict, i.partner = verdict, -1
        counts: Counter[str] = Counter(matched=0, gold=c["gold"] if side == "gold" else 0,
                                       system=c["system"] if side != "gold" else 0,
                                       words=c["words"], pos_correct=0, exact=0,
                                       sentences=c["sentences"])
        p, r, f = prf(0, counts["gold"], counts["system"])
        return SentenceResult(index=index, counts=counts,
                              scores={"recall": r, "precision": p, "fmeasure": f,
                                      "pos": ratio(0, counts["words"])},
                              gold_items=items if side == "gold" else [],
                              system_items=items if side != "gold" else [])

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        total: Counter[str] = Counter(summed_counts(results))
        errors = sum(not r.valid for r in results)
        p, r_, f = prf(total["matched"], total["gold"], total["system"])
        summary = Summary(counts=total)
        summary.metrics = {"fmeasure": f, "recall": r_, "precision": p,
                           "exact_match": ratio(total["exact"], total["sentences"]),
                           "pos": ratio(total["pos_correct"], total["words"])}
        if errors:
            summary.notes.append(f"{errors} sentence(s) refused and left out")
        return summary


PROFILE = DiscodopProfile()
