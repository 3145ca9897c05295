"""`parseval2010`: CIPS-SIGHAN-ParsEval-2010 (seed 000), TCT trees with head positions.

Spec: spec/metrics.md §2.  A constituent is a phrase node (a preterminal is a token).
Boundaries are compared as character offsets (items have ``unit="char"``): with the same
word segmentation on both sides this is the same as comparing word positions, and a
system that segments differently is still compared on the same characters.

* POS_A = gold words whose system word (same characters) has the same POS / gold words.
* B+C: a system constituent is correct when a gold one has the same boundaries and the same
  constituent tag (`Label.category`: ``vp`` in ``vp-1``, ``dj`` in ``dj-ZW``); multiset
  matching.  B+C+H additionally needs the same SET of head positions (``np-0-2`` → {0, 2}).
  Head positions come from `Label.heads` (TCT ``vp-1``; the PKU reader converts ``!``
  marks); a node without positions takes the children marked as heads (``-@`` words,
  PKU ``!``).  Items matched under B+C whose heads differ get the verdict ``WRONG_HEAD``.
* Task 2-2: C_S = constituents tagged ``fj``, S_S = tags {dj vp ap np sp tp mp mbar dp pp bp};
  each side's constituents are put in a part by their OWN tag (a matched pair has equal
  tags, so equal parts); P/R/F1 of each part under B+C; Total_F1 = (C_S F1 + S_S F1) / 2.
  Other tags (the ``zj`` root) are in no part (item group ``other``).
  Spec §10: a SENTENCE with no ``fj`` on either side has an undefined C_S part; its Total_F1
  is its S_S F1, flagged ``Total_F1:C_S undefined`` (not half of it).  The CORPUS figure
  keeps the 0/0 rule: C_S F1 undefined counts 0, Total_F1 = (S_S F1 + 0) / 2, with a note.
* Task 2-1 event recognition (option ``events`` = a gold event bank, layout in
  `tcompare.formats.eventbank`): Micro_R and Macro_R, conditions of
  `tcompare.scoring.zh.eventbank`.  Without an event bank these two keys are absent.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tcompare.formats import eventbank as eventbank_format
from tcompare.model.tree import Tree
from tcompare.scoring import figures as fig
from tcompare.scoring.zh import core as zh
from tcompare.scoring.pairing import pair_problem
from tcompare.scoring.base import (Item, Option, Profile, SentenceResult, Summary, Verdict,
                                   ratio)
from tcompare.scoring.zh.eventbank import head_positions, judge

C_S_TAGS = frozenset({"fj"})
# a sentence with no fj on either side: its Total_F1 is its S_S F1 (spec §10)
TOTAL_FLAG = "Total_F1:C_S undefined"
S_S_TAGS = frozenset({"dj", "vp", "ap", "np", "sp", "tp", "mp", "mbar", "dp", "pp", "bp"})


def part_of(tag: str) -> str:
    if tag in C_S_TAGS:
        return "C_S"
    if tag in S_S_TAGS:
        return "S_S"
    return "other"


class ParsEval2010Profile(Profile):
    name = "parseval2010"
    description = "CIPS-SIGHAN-ParsEval-2010: POS-A, B+C, B+C+H, S_S/C_S/Total F1, event recognition"
    notations = ("tct", "pku", "tct2012")
    kind = "constituency"
    options = (
        Option("events", "", "gold event bank for Task 2-1 event recognition (Micro_R, Macro_R)"),
    )
    columns = ("POS_A", "BC_F1", "BCH_F1", "S_S_F1", "C_S_F1", "Total_F1")
    headline = ("POS_A", "BC_P", "BC_R", "BC_F1", "BCH_P", "BCH_R", "BCH_F1",
                "S_S_P", "S_S_R", "S_S_F1", "C_S_P", "C_S_R", "C_S_F1", "Total_F1")
    figure_lines = (
        fig.ratio("POS_A", "correct tags / gold words", ["pos_correct"], ["pos_gold"]),
        *fig.prf("BC_", "bc_correct", "gold", "system", "correct (B+C)"),
        *fig.prf("BCH_", "bch_correct", "gold", "system", "correct (B+C+H)"),
        *fig.prf("S_S_", "S_S_correct", "S_S_gold", "S_S_system", "correct S_S"),
        *fig.prf("C_S_", "C_S_correct", "C_S_gold", "C_S_system", "correct C_S"),
        fig.mean("Total_F1", "(C_S_F1 + S_S_F1) / 2, an undefined F1 counting 0", ("C_S_F1", "S_S_F1")),
        fig.ratio("Micro_R", "correct events / gold events", ["events_correct"], ["events_gold"]),
    )

    def prepare(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        config: dict[str, Any] = super().prepare(options)
        path = config.get("events") or ""
        config["bank"] = eventbank_format.read_file(path) if path else None
        return config

    def input_errors(self, config: Any) -> tuple[list[str], bool]:
        """Problems in the option files (the event bank), for the command line's stderr.

        Returns the messages (file:line:column) and whether the file gave nothing usable at
        all (unreadable or no construction read), which makes Micro_R/Macro_R meaningless.
        """
        bank = config.get("bank") if isinstance(config, dict) else None
        if bank is None:
            return [], False
        messages = [f"event bank: {error}" for error in bank.errors]
        return messages, bool(bank.errors) and len(bank) == 0

    def items(self, tree: Tree, side: str) -> list[Item]:
        result = []
        for node in tree.nodes():
            tag = node.label.category
            heads = "-".join(map(str, sorted(set(head_positions(node)))))
            start, end = tree.char_span(node)
            result.append(Item(side, "bracket", node.id, f"{tag}-{heads}" if heads else tag,
                               start, end, group=part_of(tag), unit="char"))
        return result

    def score(self, gold: Tree, system: Tree, config: Any, index: int = 0) -> SentenceResult:
        problem = pair_problem(gold, system, self)   # other characters / other words
        if problem:
            return self.score_error(index, problem)
        counts: Counter[str] = Counter()
        # POS accuracy on equal character spans
        g_tags = [Item("gold", "tag", t.index, t.pos, t.char_start, t.char_end, group="pos", unit="char")
                  for t in gold.tokens]
        s_tags = [Item("system", "tag", t.index, t.pos, t.char_start, t.char_end, group="pos", unit="char")
                  for t in system.tokens]
        counts["pos_gold"] = len(g_tags)
        counts["pos_correct"] = zh.match(g_tags, s_tags)
        for items, others in ((g_tags, s_tags), (s_tags, g_tags)):
            spans = {(t.start, t.end) for t in others}
            for t in items:
                if t.verdict in (Verdict.MISSING, Verdict.EXTRA) and (t.start, t.end) in spans:
                    t.verdict = Verdict.WRONG_POS

        g_items, s_items = self.items(gold, "gold"), self.items(system, "system")
        counts["gold"], counts["system"] = len(g_items), len(s_items)
        # B+C+H: labels carry the head positions
        counts["bch_correct"] = zh.match(g_items, s_items)
        with_heads = {id(i): i.label for i in g_items + s_items}
        for item in g_items + s_items:
            item.label = item.label.split("-", 1)[0]
        counts["bc_correct"] = zh.match(g_items, s_items)
        zh.explain_unmatched(g_items, s_items)
        by_ref = {i.ref: i for i in g_items}
        for item in s_items:
            if item.verdict is Verdict.MATCH and with_heads[id(item)] != with_heads[id(by_ref[item.partner])]:
                item.verdict = by_ref[item.partner].verdict = Verdict.WRONG_HEAD
        for item in g_items + s_items:
            item.label = with_heads[id(item)]
        for item in g_items:
            counts[f"{item.group}_gold"] += 1
            if item.verdict in (Verdict.MATCH, Verdict.WRONG_HEAD):
                counts[f"{item.group}_correct"] += 1
        for item in s_items:
            counts[f"{item.group}_system"] += 1

        result = SentenceResult(index=index, counts=counts, gold_items=g_items + g_tags,
                                system_items=s_items + s_tags)
        bank = config.get("bank")
        if bank is not None:
            verdicts = judge(bank.for_sentence(index), gold, system)
            for v in verdicts:
                target = v.construction.target
                counts["events_gold"] += 1
                counts[f"events_gold:{target}"] += 1
                if v.correct:
                    counts["events_correct"] += 1
                    counts[f"events_correct:{target}"] += 1
                result.gold_items.append(Item("gold", "event", -1, target, max(v.start, 0), max(v.end, 0),
                                              Verdict.MATCH if v.correct else Verdict.MISSING,
                                              group="event"))
            result.data["events"] = [(v.construction.line, v.correct, v.reason) for v in verdicts]
        result.scores, flags = self.sentence_scores(counts, bank is not None)
        result.flags.extend(flags)
        return result

    def sentence_scores(self, counts: Counter[str] | dict[str, int], events: bool = False
                        ) -> tuple[dict[str, float | None], list[str]]:
        """A sentence's figures and flags from its counts (`score`, and `zh.stream` from the
        compiled kernel's counts)."""
        scores = self.figures(counts, events)
        if counts["C_S_gold"] == 0 and counts["C_S_system"] == 0 and scores["S_S_F1"] is not None:
            # spec §10: no fj on either side -- C_S is 0/0, so the sentence's Total F1 is its
            # S_S F1, flagged, rather than half of it
            scores["Total_F1"] = scores["S_S_F1"]
            return scores, [TOTAL_FLAG]
        return scores, []

    @staticmethod
    def figures(c: Counter[str] | dict[str, int], events: bool) -> dict[str, float | None]:
        out: dict[str, float | None] = {"POS_A": ratio(c["pos_correct"], c["pos_gold"])}
        out.update(zh.prf_keys("BC_", c["bc_correct"], c["gold"], c["system"]))
        out.update(zh.prf_keys("BCH_", c["bch_correct"], c["gold"], c["system"]))
        for part in ("S_S", "C_S"):
            out.update(zh.prf_keys(f"{part}_", c[f"{part}_correct"], c[f"{part}_gold"], c[f"{part}_system"]))
        f_ss, f_cs = out["S_S_F1"], out["C_S_F1"]
        out["Total_F1"] = None if f_ss is None and f_cs is None else ((f_ss or 0.0) + (f_cs or 0.0)) / 2
        if events:
            out["Micro_R"] = ratio(c["events_correct"], c["events_gold"])
        return out

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        tally = zh.Tally()
        tally.add_all(results)
        return self.summary_of(tally, config, results)

    def summary_of(self, tally: zh.Tally, config: Any,
                   results: Sequence[SentenceResult] = ()) -> Summary:
        """The summary from the folded results (`results` themselves: only the event bank
        reads them)."""
        total, valid = tally.counts, tally.valid
        bank = config.get("bank")
        if bank is not None:
            # a sentence that could not be scored recognises none of its gold constructions
            for r in results:
                if not r.valid:
                    for cons in bank.for_sentence(r.index):
                        total["events_gold"] += 1
                        total[f"events_gold:{cons.target}"] += 1
        summary = Summary(counts=total)
        summary.metrics = self.figures(total, bank is not None)
        if bank is not None:
            verbs = sorted(k.split(":", 1)[1] for k in total if k.startswith("events_gold:"))
            recalls = [total[f"events_correct:{v}"] / total[f"events_gold:{v}"] for v in verbs
                       if total[f"events_gold:{v}"]]
            summary.metrics["Macro_R"] = 100.0 * sum(recalls) / len(recalls) if recalls else None
            summary.groups["events"] = {"constructions": total["events_gold"],
                                        "correct": total["events_correct"], "target_verbs": len(verbs)}
            for error in bank.errors:
                summary.notes.append(f"event bank: {error}")
            scored = {r.index for r in results if r.valid}
            unused = sorted(i for i in bank.constructions if i not in scored)
            if unused:
                summary.notes.append(f"event bank: constructions for sentence(s) not scored: "
                                     f"{', '.join(map(str, unused[:20]))}")
        summary.metrics["sentences"] = valid
        if total["C_S_gold"] == 0 and total["C_S_system"] == 0 and valid:
            # spec §10: the corpus figure follows the 0/0 rule (C_S F1 counted 0 in Total_F1)
            summary.notes.append("no fj constituent on either side: C_S F1 is 0/0 and counts 0 "
                                 "in Total_F1 = (S_S F1 + 0) / 2")
            flags = getattr(summary, "flags", None)
            if flags is not None and "C_S_F1:0/0" not in flags:
                flags.append("C_S_F1:0/0")
        summary.notes.extend(zh.error_notes(tally))
        return summary

    # -- text output (in parts: `zh.stream` writes the rows of a streamed run itself) ------------
    def render_text(self, results: Sequence[SentenceResult], summary: Summary, config: Any,
                    summary_only: bool = False) -> str:
        return zh.render_text(self, results, summary, config, summary_only, set())

    def text_head(self, config: Any, grammars: set[str]) -> str:
        return "CIPS-SIGHAN-ParsEval-2010 constituent parsing evaluation\n\n"

    def _text_columns(self, config: Any) -> list[str]:
        return list(self.columns) + (["Micro_R"] if config.get("bank") is not None else [])

    def text_header(self, config: Any) -> list[str]:
        return ["Sent", *self._text_columns(config), "Notes"]

    def row_cells(self, r: SentenceResult, config: Any) -> list[str]:
        cols = self._text_columns(config)
        if not r.valid:
            return [str(r.index), "error", *([""] * (len(cols) - 1)), r.message]
        return [str(r.index), *(zh.pct(r.scores.get(k)) for k in cols),
                "; ".join(filter(None, [zh.row_note(r), ", ".join(r.flags)]))]

    def text_tail(self, summary: Summary, config: Any) -> str:
        m = summary.metrics
        out = ["Task 2-1 constituent parsing\n"]
        out.append(zh.table(["Run", "B+C P", "R", "F1", "B+C+H P", "R", "F1", "POS-A"],
                            [["System", *(zh.pct(m.get(k)) for k in
                                          ("BC_P", "BC_R", "BC_F1", "BCH_P", "BCH_R", "BCH_F1", "POS_A"))]]))
        if config.get("bank") is not None:
            out.append("\nTask 2-1 event recognition\n")
            out.append(zh.table(["Run", "Micro-R", "Macro-R", "POS-A"],
                                [["System", *(zh.pct(m.get(k)) for k in ("Micro_R", "Macro_R", "POS_A"))]]))
            ev = summary.groups.get("events", {})
            out.append(f"gold constructions {ev.get('constructions', 0)}, correct {ev.get('correct', 0)}, "
                       f"target verbs {ev.get('target_verbs', 0)}\n")
        out.append("\nTask 2-2 sentence parsing (B+C)\n")
        out.append(zh.table(["Run", "S_S P", "R", "F1", "C_S P", "R", "F1", "Total F1", "POS-A"],
                            [["System", *(zh.pct(m.get(k)) for k in
                                          ("S_S_P", "S_S_R", "S_S_F1", "C_S_P", "C_S_R", "C_S_F1",
                                           "Total_F1", "POS_A"))]]))
        t = summary.counts
        out.append(f"\nSentences {m.get('sentences', 0)}   gold constituents {t['gold']}   "
                   f"system constituents {t['system']}\n")
        for note in summary.notes:
            out.append(f"note: {note}\n")
        return "".join(out)


PROFILE = ParsEval2010Profile()
