"""What ``discodop eval`` prints, line for line: the ``--verbose`` header and per-sentence
lines, the breakdowns (rewrite rules, attachments, categories, function tags, POS tags) and
the summary.  Printing only: every count comes from `accumulate.Accumulator`."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal, InvalidOperation
from itertools import zip_longest
from typing import Any

from tcompare.scoring.discodop.accumulate import Accumulator
from tcompare.scoring.discodop.numbers import (
    accuracy, f_measure, mean, nozerodiv, precision, recall,
)
from tcompare.scoring.discodop.pair import TreePair, printrule

HEADER = ("   Sentence                 Matched   Brackets            Corr POS\n"
          "  ID Length  Recall  Precis Bracket   gold   cand  Words  POS  Accur.").splitlines()


def header_lines(param: dict[str, Any], keylen: int) -> list[str]:
    out = ["Parameters:"]
    out += ["%s\t%s" % (a, param[a]) for a in param]
    out += table_head(keylen)
    return out


def table_head(keylen: int) -> list[str]:
    return [" " * (keylen - 4) + a for a in HEADER] + \
        [" " + "_" * ((keylen - 5) + len(HEADER[-1]))]


def info_line(pair: TreePair, param: dict[str, Any], keylen: int) -> str:
    g, c = pair.gbrack, pair.cbrack
    matched = sum((g & c).values())
    gsum, csum = sum(g.values()), sum(c.values())
    npos = len(pair.gpos)
    correct = sum(1 for a, b in zip(pair.gpos, pair.cpos) if a == b)
    gf, cf = pair.goldfun, pair.candfun
    fmatch = sum((gf & cf).values())
    fmt = ("%%%ds  " % keylen) + "%5d  %s  %s   %5d  %5d  %5d  %5d  %4d  %s %s%s%s%s"
    return fmt % (
        pair.n, pair.lengpos,
        nozerodiv(lambda: recall(matched, gsum)),
        nozerodiv(lambda: precision(matched, csum)),
        matched, gsum, csum, npos, correct,
        nozerodiv(lambda: accuracy(correct, npos)),
        nozerodiv(lambda: f_measure(fmatch, sum(gf.values()), sum(cf.values())))
        if cf else "",
        nozerodiv(lambda: 100 * pair.lascore) if param["LA"] else "",
        nozerodiv(lambda: pair.ted) if param["TED"] else "",
        nozerodiv(lambda: accuracy(sum(a == b for a, b in zip(pair.gdep, pair.cdep)),
                                   len(pair.gdep))) if param["DEP"] else "")


def breakdowns(acc: Accumulator, debug: int) -> list[str]:
    limit = 10 if debug <= 0 else None
    out: list[str] = []
    _rules(acc, limit, out)
    _categories(acc, limit, out)
    if acc.has_candfun:
        _functions(acc, limit, out)
    try:
        acc_pos = _pos_accuracy(acc)
    except InvalidOperation:
        pass
    else:
        if acc_pos != 1:
            _tags(acc, limit, out)
    out.append("")
    return out


def _pos_accuracy(acc: Accumulator) -> Decimal:
    correct = sum(a == b for a, b in zip(acc.goldpos, acc.candpos))
    return accuracy(correct, len(acc.goldpos))


def _rules(acc: Accumulator, limit: int | None, out: list[str]) -> None:
    out += ["", " Rewrite rule mismatches (for given span)", "   count   cand / gold rules"]
    for (crule, grule), cnt in acc.rule_wrong.most_common(limit):
        out.append(" %7d  %s" % (cnt, printrule(*crule)))
        out.append(" %7s  %s" % (" ", printrule(*grule)))
    out += ["", " Rewrite rules (span not in gold trees)", "   count   rule in candidate parses"]
    for crule, cnt in acc.rule_extra.most_common(limit):
        out.append(" %7d  %s" % (cnt, printrule(*crule)))
    out += ["", " Rewrite rules (span missing from candidate parses)",
            "   count   rule in gold standard set"]
    for grule, cnt in acc.rule_missing.most_common(limit):
        out.append(" %7d  %s" % (cnt, printrule(*grule)))


def _most_frequent(limit: int | None) -> str:
    return ("%d most frequent" % limit) if limit else "all"


def _categories(acc: Accumulator, limit: int | None, out: list[str]) -> None:
    out += ["", " Attachment errors (correct labeled bracketing, wrong parent)",
            "  label     cand     gold    count", " " + 33 * "_"]
    gmismatch = dict(acc.goldbatt - acc.candbatt)
    wrong = Counter((label, cparent, gmismatch[n, label, indices])
                    for (n, label, indices), cparent in acc.candbatt - acc.goldbatt
                    if (n, label, indices) in gmismatch)
    for (cat, gparent, cparent), cnt in wrong.most_common(limit):
        out.append("%s  %s  %s  %7d" % (cat.rjust(7), gparent.rjust(7), cparent.rjust(7), cnt))
    out += ["", " Category Statistics (%s categories / errors)" % _most_frequent(limit),
            "  label  % gold  recall    prec.     F1           cand gold       count",
            " " + 38 * "_" + 8 * " " + 24 * "_"]
    gcat, ccat = acc.goldbcat, acc.candbcat
    freqcats = sorted(set(gcat) | set(ccat), key=lambda x: gcat.get(x, (0, 0))[0],
                      reverse=True)
    for cat, mismatch in zip_longest(freqcats[:limit], acc.cat_wrong.most_common(limit)):
        line = ""
        if cat is None:
            line += 39 * " "
        else:
            g = gcat.get(cat, (0, 0))[1]
            c = ccat.get(cat, (0, 0))[1]
            m = acc.cat_match.get(cat, 0)
            line += "%s  %6.2f  %s  %s  %s" % (
                cat.rjust(7), 100 * g / acc.goldb_len,
                nozerodiv(lambda: recall(m, g)), nozerodiv(lambda: precision(m, c)),
                nozerodiv(lambda: f_measure(m, g, c)))
        if mismatch is not None:
            line += "       %s %7d" % (" ".join((mismatch[0][0].rjust(8),
                                                  mismatch[0][1].ljust(8))), mismatch[1])
        out.append(line)


def _functions(acc: Accumulator, limit: int | None, out: list[str]) -> None:
    out += ["", " Function Tag Statistics (%s tags / errors)" % _most_frequent(limit),
            "  func.  % gold  recall    prec.     F1           cand gold       count",
            " " + 38 * "_" + 8 * " " + 24 * "_"]
    gfun, cfun = acc.goldbfunc, acc.candbfunc
    freqcats = sorted(set(gfun) | set(cfun), key=lambda x: gfun.get(x, (0, 0))[0],
                      reverse=True)
    for cat, mismatch in zip_longest(freqcats[:limit], acc.func_wrong.most_common(limit)):
        line = ""
        if cat is None:
            line += 39 * " "
        else:
            g = gfun.get(cat, (0, 0))[1]
            c = cfun.get(cat, (0, 0))[1]
            m = acc.func_match.get(cat, 0)
            line += "%s  %s  %s  %s  %s" % (
                cat.rjust(7), nozerodiv(lambda: g / acc.goldfun_len),
                nozerodiv(lambda: recall(m, g)), nozerodiv(lambda: precision(m, c)),
                nozerodiv(lambda: f_measure(m, g, c)))
        if mismatch is not None:
            line += "       %s %7d" % (" ".join((mismatch[0][0].rjust(8),
                                                  mismatch[0][1].ljust(8))), mismatch[1])
        out.append(line)


def _tags(acc: Accumulator, limit: int | None, out: list[str]) -> None:
    out.append("")
    out.append(" POS Statistics (%s tags / errors)" % _most_frequent(limit))
    out.append("    tag  % gold  recall   prec.      F1           cand gold   count")
    out.append(" " + 38 * "_" + 12 * " " + 20 * "_")
    goldpos, candpos = acc.goldpos, acc.candpos
    tags = Counter(goldpos)
    wrong = Counter((c, g) for c, g in zip(candpos, goldpos) if c != g)
    cand_count = Counter(candpos)
    both = Counter(g for g, c in zip(goldpos, candpos) if g == c)
    total = len(goldpos)
    for tag, mismatch in zip_longest(tags.most_common(limit), wrong.most_common(limit)):
        line = ""
        if tag is None:
            line += "".rjust(40)
        else:
            t = tag[0]
            g, c, m = tags[t], cand_count[t], both[t]
            line += "%s  %6.2f  %6.2f  %6.2f  %6.2f" % (
                t.rjust(7), 100 * g / total, 100 * recall(m, g), 100 * precision(m, c),
                100 * f_measure(m, g, c))
        if mismatch is not None:
            line += "       %s %7d" % (" ".join((mismatch[0][0].rjust(8),
                                                  mismatch[0][1].ljust(8))).rjust(12),
                                       mismatch[1])
        out.append(line)


def _disc(acc: Accumulator) -> tuple[int, int]:
    return acc.gold_disc, acc.cand_disc


def summary(acc: Accumulator, acc40: Accumulator | None, param: dict[str, Any]) -> str:
    gdisc, cdisc = _disc(acc)
    cutoff = param["CUTOFF_LEN"]
    if acc40 is None or acc.maxlenseen <= cutoff:
        msg = ["%s" % " Summary (ALL) ".center(35, "_"),
               "number of sentences:       %6d" % acc.sentcount,
               "longest sentence:          %6d" % acc.maxlenseen]
        if gdisc or cdisc:
            msg += ["gold brackets (disc.):     %6d (%d)" % (acc.goldb_len, gdisc),
                    "cand. brackets (disc.):    %6d (%d)" % (acc.candb_len, cdisc)]
        else:
            msg += ["gold brackets:             %6d" % acc.goldb_len,
                    "cand. brackets:            %6d" % acc.candb_len]
        msg += ["labeled recall:            %s" % _lr(acc),
                "labeled precision:         %s" % _lp(acc),
                "labeled f-measure:         %s" % _lf(acc),
                "exact match:               %s" % _ex(acc)]
        if param["LA"]:
            msg.append("leaf-ancestor:             %s" % _la(acc))
        if param["TED"]:
            msg.append("tree-dist (Dice micro avg) %s" % _ted(acc))
        if param["DEP"]:
            msg.append("unlabeled dependencies:    %s" % _dep(acc))
        if acc.has_candfun:
            msg.append("function tags:             %s" % _fun(acc))
        msg.append("pos accuracy:              %s" % _pos(acc))
        return "\n".join(msg)
    a40 = acc40
    g40, c40 = _disc(a40)
    msg = ["%s <= %d ______ ALL" % (" Summary ".center(27, "_"), cutoff),
           "number of sentences:       %6d     %6d" % (a40.sentcount, acc.sentcount),
           "longest sentence:          %6d     %6d" % (a40.maxlenseen, acc.maxlenseen),
           "gold brackets:             %6d     %6d" % (a40.goldb_len, acc.goldb_len),
           "cand. brackets:            %6d     %6d" % (a40.candb_len, acc.candb_len)]
    if gdisc or cdisc:
        msg += ["disc. gold brackets:       %6d     %6d" % (g40, gdisc),
                "disc. cand. brackets:      %6d     %6d" % (c40, cdisc)]
    msg += ["labeled recall:            %s     %s" % (_lr(a40), _lr(acc)),
            "labeled precision:         %s     %s" % (_lp(a40), _lp(acc)),
            "labeled f-measure:         %s     %s" % (_lf(a40), _lf(acc)),
            "exact match:               %s     %s" % (_ex(a40), _ex(acc))]
    if param["LA"]:
        msg.append("leaf-ancestor:             %s     %s" % (_la(a40), _la(acc)))
    if param["TED"]:
        msg.append("tree-dist (Dice micro avg) %s     %s" % (_ted(a40), _ted(acc)))
    if param["DEP"]:
        msg.append("unlabeled dependencies:    %s     %s  (%d / %d)" % (
            _dep(a40), _dep(acc), _dep_correct(acc), len(acc.golddep)))
    if acc.has_candfun:
        msg.append("function tags:             %s     %s" % (_fun(a40), _fun(acc)))
    msg.append("pos accuracy:              %s     %s" % (_pos(a40), _pos(acc)))
    return "\n".join(msg)


def _lr(a: Accumulator) -> str:
    return nozerodiv(lambda: recall(a.b_match, a.goldb_sum))


def _lp(a: Accumulator) -> str:
    return nozerodiv(lambda: precision(a.b_match, a.candb_sum))


def _lf(a: Accumulator) -> str:
    return nozerodiv(lambda: f_measure(a.b_match, a.goldb_sum, a.candb_sum))


def _ex(a: Accumulator) -> str:
    return nozerodiv(lambda: a.exact / a.sentcount)


def _la(a: Accumulator) -> str:
    return nozerodiv(lambda: mean(a.lascores))


def _ted(a: Accumulator) -> str:
    return nozerodiv(lambda: 1 - a.dicenoms / a.dicedenoms)


def _dep_correct(a: Accumulator) -> int:
    return sum(x == y for x, y in zip(a.golddep, a.canddep))


def _dep(a: Accumulator) -> str:
    if len(a.golddep) != len(a.canddep):
        raise ValueError("Sequences must have the same length.")
    return nozerodiv(lambda: accuracy(_dep_correct(a), len(a.golddep)))


def _fun(a: Accumulator) -> str:
    return nozerodiv(lambda: f_measure(a.fun_match, a.goldfun_sum, a.candfun_sum))


def _pos(a: Accumulator) -> str:
    return nozerodiv(lambda: _pos_accuracy(a))
