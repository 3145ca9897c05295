"""The reference's ``EvalAccumulator``: what ``discodop eval`` sums over the pairs.

Multisets keyed by sentence are summed per sentence here (their sizes, intersections and
differences are per-sentence sums); where the reference's printed ORDER depends on Python's
set iteration (the attachment errors; ties among categories and function tags, through the
insertion order of its dicts) the same containers are built in the same order, so both
print alike under one ``PYTHONHASHSEED``.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from tcompare.scoring.discodop.pair import TreePair
from tcompare.scoring.discodop.tree import bitcount, fanout


class Accumulator:
    def __init__(self, disconly: Any, breakdowns: bool = True) -> None:
        self.disconly = disconly
        self.breakdowns = breakdowns
        self.maxlenseen = Decimal(0)
        self.sentcount = Decimal(0)
        self.exact = Decimal(0)
        self.dicenoms, self.dicedenoms = Decimal(0), Decimal(0)
        # bracket multisets: distinct keys, total, matched; discontinuous ones (with repeats)
        self.goldb_len = self.candb_len = self.goldb_sum = self.candb_sum = self.b_match = 0
        self.gold_disc = self.cand_disc = 0
        self.goldfun_len = self.candfun_len = 0
        self.goldfun_sum = self.candfun_sum = self.fun_match = 0
        self.lascores: list[Decimal] = []
        self.golddep: list[Any] = []
        self.canddep: list[Any] = []
        self.goldpos: list[str] = []
        self.candpos: list[str] = []
        # per category / function tag: [distinct keys, total] for gold and cand; matched
        self.goldbcat: dict[str, list[int]] = {}
        self.candbcat: dict[str, list[int]] = {}
        self.cat_match: Counter[str] = Counter()
        self.goldbfunc: dict[str, list[int]] = {}
        self.candbfunc: dict[str, list[int]] = {}
        self.func_match: Counter[str] = Counter()
        self.goldbatt: set[Any] = set()
        self.candbatt: set[Any] = set()
        self.cat_wrong: Counter[Any] = Counter()
        self.func_wrong: Counter[Any] = Counter()
        self.rule_wrong: Counter[Any] = Counter()
        self.rule_extra: Counter[Any] = Counter()
        self.rule_missing: Counter[Any] = Counter()
        self.has_candfun = False

    def add(self, pair: TreePair) -> None:
        gb, cb = pair.gbrack, pair.cbrack
        counted = not self.disconly or bool(cb) or bool(gb)
        if counted:
            self.sentcount += 1
        if self.maxlenseen < pair.lengpos:
            self.maxlenseen = Decimal(pair.lengpos)
        self.goldb_len += len(gb)
        self.candb_len += len(cb)
        gsum, csum = sum(gb.values()), sum(cb.values())
        self.goldb_sum += gsum
        self.candb_sum += csum
        matched = gb & cb
        self.b_match += sum(matched.values())
        self.gold_disc += sum(v for (_, bits), v in gb.items() if fanout(bits) > 1)
        self.cand_disc += sum(v for (_, bits), v in cb.items() if fanout(bits) > 1)
        if cb == gb and counted:
            self.exact += 1
        self.goldpos.extend(pair.gpos)
        self.candpos.extend(pair.cpos)
        gf, cf = pair.goldfun, pair.candfun
        if cf:
            self.has_candfun = True
        self.goldfun_len += len(gf)
        self.candfun_len += len(cf)
        self.goldfun_sum += sum(gf.values())
        self.candfun_sum += sum(cf.values())
        self.fun_match += sum((gf & cf).values())
        self.lascores.append(pair.lascore)
        self.dicenoms += pair.ted
        self.dicedenoms += pair.denom
        self.golddep.extend(pair.gdep)
        self.canddep.extend(pair.cdep)
        if self.breakdowns:
            self._breakdowns(pair, matched)

    def _breakdowns(self, pair: TreePair, matched: Counter[Any]) -> None:
        n = pair.n
        gb, cb = pair.gbrack, pair.cbrack
        for table, brackets in ((self.goldbcat, gb), (self.candbcat, cb)):
            for (label, _), v in brackets.items():
                entry = table.get(label)
                if entry is None:
                    table[label] = [1, v]
                else:
                    entry[0] += 1
                    entry[1] += v
        for (label, _), v in matched.items():
            self.cat_match[label] += v
        gmismatch = {bits: label for label, bits in gb - cb}
        if gmismatch:
            for label, bits in cb - gb:
                if bits in gmismatch:
                    self.cat_wrong[(label, gmismatch[bits])] += 1
        gf, cf = pair.goldfun, pair.candfun
        for table, funs in ((self.goldbfunc, gf), (self.candbfunc, cf)):
            for (_, tag), v in funs.items():
                entry = table.get(tag)
                if entry is None:
                    table[tag] = [1, v]
                else:
                    entry[0] += 1
                    entry[1] += v
        for (_, tag), v in (gf & cf).items():
            self.func_match[tag] += v
        fmismatch = {span: tag for span, tag in gf - cf}
        if fmismatch:
            for span, tag in cf - gf:
                if span in fmismatch:
                    self.func_wrong[(tag, fmismatch[span])] += 1
        for (label, indices), parent in pair.pgbrack:
            self.goldbatt.add(((n, label, indices), parent))
        for (label, indices), parent in pair.pcbrack:
            self.candbatt.add(((n, label, indices), parent))
        grule, crule = pair.grule, pair.crule
        gminus = grule - crule
        cminus = crule - grule
        rmismatch = {indices: rule for indices, rule in gminus}
        gspans = {indices for indices, _ in grule}
        cspans = {indices for indices, _ in crule}
        for indices, rule in cminus:
            if bitcount(indices) > 1:
                if indices in rmismatch:
                    self.rule_wrong[(rule, rmismatch[indices])] += 1
                if indices not in gspans:
                    self.rule_extra[rule] += 1
        for indices, rule in gminus:
            if bitcount(indices) > 1 and indices not in cspans:
                self.rule_missing[rule] += 1
