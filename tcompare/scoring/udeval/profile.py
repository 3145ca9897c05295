"""The fifteen metrics of the official UD ``eval.py`` over one *segment* (see `udeval`).

A segment is a run of gold sentences and a run of system sentences covering the same
characters; `evaluate` aligns their words as the script aligns a whole file's (token spans
outside multiword tokens, LCS on lower-cased FORMs inside a multiword span) and counts, per
metric, ``[correct, gold, system, aligned]`` (aligned ``None`` where the script has none).
`format_table` prints the counts as the script prints its table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from itertools import compress
from operator import and_, eq

from tcompare.scoring.udeval.read import CONTENT, NO_PARENT, ROOT, Sentence

METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX", "ELAS", "EULAS")
WORD_METRICS = frozenset(("UPOS", "XPOS", "UFeats", "AllTags", "Lemmas", "UAS", "LAS",
                          "CLAS", "MLAS", "BLEX"))
NOT_ALIGNED = -3


@dataclass(eq=False)
class Flat:
    """Sentences as one: the same lists, positions numbered across them."""

    chars: str = ""
    tok_start: list[int] = field(default_factory=list)
    tok_end: list[int] = field(default_factory=list)
    form: list[Any] = field(default_factory=list)
    token: list[int] = field(default_factory=list)
    multiword: list[bool] = field(default_factory=list)
    lemma: list[str] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    xpos: list[str] = field(default_factory=list)
    feats: list[str] = field(default_factory=list)
    deprel: list[str] = field(default_factory=list)
    cls: list[int] = field(default_factory=list)
    head: list[int] = field(default_factory=list)
    deps: list[Any] = field(default_factory=list)
    kids: dict[int, list[int]] = field(default_factory=dict)
    any_multiword: bool = False
    sent_spans: list[tuple[int, int]] = field(default_factory=list)
    sent_words: list[int] = field(default_factory=list)   # each sentence's first word


_PLAIN = ("form", "multiword", "lemma", "upos", "xpos", "feats", "deprel", "cls")


def flatten(sentences: list[Sentence]) -> Flat:
    """Sentences renumbered into one `Flat`."""
    f = Flat()
    c = t = w = 0
    chars = []
    for s in sentences:
        chars.append(s.chars)
        f.sent_spans.append((c, c + len(s.chars)))
        f.sent_words.append(w)
        for name in _PLAIN:
            getattr(f, name).extend(getattr(s, name))
        f.tok_start.extend([x + c for x in s.tok_start])
        f.tok_end.extend([x + c for x in s.tok_end])
        f.token.extend([x + t for x in s.token])
        f.head.extend([h + w if h >= 0 else h for h in s.head])
        f.deps.extend([tuple([(p + w if p >= 0 else p if p > -10 else -10 - p, st)
                              for p, st in d]) for d in s.deps]
                      if w or any(p <= -10 for d in s.deps for p, _ in d) else s.deps)
        for p, ks in s.kids.items():
            f.kids[p + w] = [k + w for k in ks]
        f.any_multiword = f.any_multiword or s.any_multiword
        c += len(s.chars)
        t += len(s.tok_start)
        w += len(s.form)
    f.chars = "".join(chars)
    return f


def _spans_correct(gs: list[int], ge: list[int], ss: list[int], se: list[int]) -> int:
    correct = gi = si = 0
    ng, ns = len(gs), len(ss)
    while gi < ng and si < ns:
        if ss[si] < gs[gi]:
            si += 1
        elif gs[gi] < ss[si]:
            gi += 1
        else:
            correct += ge[gi] == se[si]
            gi += 1
            si += 1
    return correct


def align(g: Any, s: Any) -> tuple[list[int], list[int], int, int]:
    """The script's word alignment: gold->system and system->gold (`NOT_ALIGNED` where
    none), and where its merge stopped on each side."""
    ng, ns = len(g.form), len(s.form)
    g2s, s2g = [NOT_ALIGNED] * ng, [NOT_ALIGNED] * ns
    gst = [g.tok_start[t] for t in g.token]
    gen = [g.tok_end[t] for t in g.token]
    sst = [s.tok_start[t] for t in s.token]
    sen = [s.tok_end[t] for t in s.token]
    gmw, smw = g.multiword, s.multiword

    def beyond(mw: list[bool], st: list[int], en: list[int], n: int, i: int, end: int) -> bool:
        if i >= n:
            return True
        return st[i] >= end if mw[i] else en[i] > end

    gi = si = 0
    while gi < ng and si < ns:
        if gmw[gi] or smw[si]:
            if gmw[gi]:
                end = gen[gi]
                if not smw[si] and sst[si] < gst[gi]:
                    si += 1
            else:
                end = sen[si]
                if not gmw[gi] and gst[gi] < sst[si]:
                    gi += 1
            g0, s0 = gi, si
            while (not beyond(gmw, gst, gen, ng, gi, end)
                   or not beyond(smw, sst, sen, ns, si, end)):
                if gi < ng and (si >= ns or gst[gi] <= sst[si]):
                    if gmw[gi] and gen[gi] > end:
                        end = gen[gi]
                    gi += 1
                else:
                    if smw[si] and sen[si] > end:
                        end = sen[si]
                    si += 1
            if gi > g0 and si > s0:
                _lcs_align(g.form, s.form, g0, gi, s0, si, g2s, s2g)
        elif gst[gi] == sst[si] and gen[gi] == sen[si]:
            g2s[gi], s2g[si] = si, gi
            gi += 1
            si += 1
        elif gst[gi] <= sst[si]:
            gi += 1
        else:
            si += 1
    return g2s, s2g, gi, si


def _lcs_align(gforms: list[str], sforms: list[str], g0: int, g1: int, s0: int, s1: int,
               g2s: list[int], s2g: list[int]) -> None:
    """The script's LCS on lower-cased FORMs inside one multiword span."""
    gf = [f.lower() for f in gforms[g0:g1]]
    sf = [f.lower() for f in sforms[s0:s1]]
    n, m = len(gf), len(sf)
    lcs = [[0] * (m + 1) for _ in range(n + 1)]      # one row and column of zeros more
    for a in range(n - 1, -1, -1):
        row, below = lcs[a], lcs[a + 1]
        ga = gf[a]
        for b in range(m - 1, -1, -1):
            v = 1 + below[b + 1] if ga == sf[b] else 0
            row[b] = max(v, below[b], row[b + 1])
    a = b = 0
    while a < n and b < m:
        if gf[a] == sf[b]:
            g2s[g0 + a], s2g[s0 + b] = s0 + b, g0 + a
            a += 1
            b += 1
        elif lcs[a][b] == lcs[a + 1][b]:
            a += 1
        else:
            b += 1


def _universal(steps: tuple[str, ...]) -> list[str]:
    return [d.split(":")[0] for d in steps]


def _enhanced_correct(gdeps: Any, sdeps: Any, s2g: Sequence[int], labelled: bool) -> int:
    correct = 0
    for p, steps in gdeps:
        usteps = None if labelled else _universal(steps)
        for sp, ssteps in sdeps:
            if steps == ssteps or (usteps is not None and usteps == _universal(ssteps)):
                if (p >= 0 and sp >= 0 and s2g[sp] == p) or (p == ROOT and sp == ROOT):
                    correct += 1
    return correct


def evaluate(g: Any, s: Any, alignment: Any = None) -> dict[str, list[Any]]:
    """The counts of each metric (`METRICS`) for two segments (`Sentence` or `Flat`)."""
    if alignment is None:
        alignment = align(g, s)
    g2s, s2g = alignment[0], alignment[1]
    ng, ns = len(g.form), len(s.form)
    gspans = getattr(g, "sent_spans", None) or [(0, len(g.chars))]
    sspans = getattr(s, "sent_spans", None) or [(0, len(s.chars))]
    counts: dict[str, list[Any]] = {
        "Tokens": [_spans_correct(g.tok_start, g.tok_end, s.tok_start, s.tok_end),
                   len(g.tok_start), len(s.tok_start), None],
        "Sentences": [_spans_correct([a for a, _ in gspans], [b for _, b in gspans],
                                     [a for a, _ in sspans], [b for _, b in sspans]),
                      len(gspans), len(sspans), None],
    }
    one_to_one = s2g is g2s          # (`identity`: the same words, positions equal)
    if one_to_one:
        return _evaluate_same_words(g, s, counts)
    pairs = [(i, j) for i, j in enumerate(g2s) if j >= 0]
    aligned = len(pairs)
    counts["Words"] = [aligned, ng, ns, None]
    gu, su, gx, sx, gf, sf = g.upos, s.upos, g.xpos, s.xpos, g.feats, s.feats
    gl, sl, gd, sd, gh, sh = g.lemma, s.lemma, g.deprel, s.deprel, g.head, s.head
    upos = xpos = feats = alltags = lemmas = uas = las = 0
    clas = mlas = blex = content_aligned = 0
    sys_head = [s2g[h] if h >= 0 else h for h in sh]
    gkids, skids = g.kids, s.kids
    gcls = g.cls
    for i, j in pairs:
        u = gu[i] == su[j]
        x = gx[i] == sx[j]
        f = gf[i] == sf[j]
        upos += u
        xpos += x
        feats += f
        alltags += u and x and f
        lemma = gl[i] == "_" or gl[i] == sl[j]
        lemmas += lemma
        attached = gh[i] == sys_head[j]
        uas += attached
        labelled = attached and gd[i] == sd[j]
        las += labelled
        if gcls[i] == CONTENT:
            content_aligned += 1
            if labelled:
                clas += 1
                blex += lemma
                if u and f and _same_kids(gkids.get(i), skids.get(j), g, s, s2g):
                    mlas += 1
    gc = g.cls.count(CONTENT)
    sc = s.cls.count(CONTENT)
    for name, correct in (("UPOS", upos), ("XPOS", xpos), ("UFeats", feats),
                          ("AllTags", alltags), ("Lemmas", lemmas), ("UAS", uas), ("LAS", las)):
        counts[name] = [correct, ng, ns, aligned]
    for name, correct in (("CLAS", clas), ("MLAS", mlas), ("BLEX", blex)):
        counts[name] = [correct, gc, sc, content_aligned]
    gdeps, sdeps = g.deps, s.deps
    egold = sum(map(len, gdeps))
    esys = sum(map(len, sdeps))
    elas = eulas = 0
    if egold and esys:
        for i, j in pairs:
            gd_, sd_ = gdeps[i], sdeps[j]
            if gd_ and sd_:
                elas += _enhanced_correct(gd_, sd_, s2g, True)
                eulas += _enhanced_correct(gd_, sd_, s2g, False)
    counts["ELAS"] = [elas, egold, esys, None]
    counts["EULAS"] = [eulas, egold, esys, None]
    return counts


def _evaluate_same_words(g: Any, s: Any, counts: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """`evaluate` where word k of one side is aligned to word k of the other (whole lists
    compared at once)."""
    n = len(g.form)
    counts["Words"] = [n, n, n, None]
    u = list(map(eq, g.upos, s.upos))
    x = list(map(eq, g.xpos, s.xpos))
    f = list(map(eq, g.feats, s.feats))
    lemma = [a == "_" or a == b for a, b in zip(g.lemma, s.lemma)]
    attached = list(map(eq, g.head, s.head))       # (positions equal, the root's -1 too)
    labelled = list(map(and_, attached, map(eq, g.deprel, s.deprel)))
    content = [c == CONTENT for c in g.cls]
    gc = content.count(True)
    sc = s.cls.count(CONTENT)
    for name, right in (("UPOS", u), ("XPOS", x), ("UFeats", f),
                        ("AllTags", list(map(and_, map(and_, u, x), f))), ("Lemmas", lemma),
                        ("UAS", attached), ("LAS", labelled)):
        counts[name] = [right.count(True), n, n, n]
    clas_words = list(compress(range(n), map(and_, labelled, content)))
    blex = sum(1 for i in clas_words if lemma[i])
    gkids, skids = g.kids, s.kids
    s2g = range(n)
    mlas = sum(1 for i in clas_words
               if u[i] and f[i] and _same_kids(gkids.get(i), skids.get(i), g, s, s2g))
    counts["CLAS"] = [len(clas_words), gc, sc, gc]
    counts["MLAS"] = [mlas, gc, sc, gc]
    counts["BLEX"] = [blex, gc, sc, gc]
    gdeps, sdeps = g.deps, s.deps
    egold = sum(map(len, gdeps))
    esys = sum(map(len, sdeps))
    elas = eulas = 0
    if egold and esys:
        for i in range(n):
            gd_, sd_ = gdeps[i], sdeps[i]
            if not gd_ or not sd_:
                continue
            if len(gd_) == 1 and gd_ == sd_:
                if gd_[0][0] != NO_PARENT:          # (the one arc, found equal)
                    elas += 1
                    eulas += 1
                continue
            elas += _enhanced_correct(gd_, sd_, s2g, True)
            eulas += _enhanced_correct(gd_, sd_, s2g, False)
    counts["ELAS"] = [elas, egold, esys, None]
    counts["EULAS"] = [eulas, egold, esys, None]
    return counts


def _same_kids(gk: Any, sk: Any, g: Any, s: Any, s2g: Sequence[int]) -> bool:
    if not gk and not sk:
        return True
    if not gk or not sk or len(gk) != len(sk):
        return False
    for a, b in zip(gk, sk):
        if (a != s2g[b] or g.deprel[a] != s.deprel[b] or g.upos[a] != s.upos[b]
                or g.feats[a] != s.feats[b]):
            return False
    return True


def same_words(g: Any, s: Any) -> bool:
    """Whether the script's alignment is word k to word k: the same token spans, and the
    same multiword tokens with the same words (the LCS of two equal lists is the identity)
    -- the common case, scored without `align`."""
    if g.tok_start != s.tok_start or g.tok_end != s.tok_end:
        return False
    if not g.any_multiword and not s.any_multiword:
        return True
    if g.token != s.token or g.multiword != s.multiword:
        return False
    return all(a.lower() == b.lower() for a, b, m in zip(g.form, s.form, g.multiword) if m)


def identity(n: int) -> tuple[list[int], list[int], int, int]:
    r = list(range(n))
    return r, r, n, n


def add(totals: dict[str, list[Any]], counts: dict[str, list[Any]]) -> None:
    for name, c in counts.items():
        t = totals[name]
        t[0] += c[0]
        t[1] += c[1]
        t[2] += c[2]
        if c[3] is not None:
            t[3] = (t[3] or 0) + c[3]


def empty_totals() -> dict[str, list[Any]]:
    return {name: [0, 0, 0, 0 if name in WORD_METRICS else None] for name in METRICS}


def rates(c: list[Any]) -> tuple[float, float, float, float | None]:
    """Precision, recall, F1 and aligned accuracy as the script computes them."""
    correct, gold, system, aligned = c
    p = correct / system if system else 0.0
    r = correct / gold if gold else 0.0
    f1 = 2 * correct / (system + gold) if system + gold else 0.0
    acc = correct / aligned if aligned else aligned
    return p, r, f1, acc


def format_table(totals: dict[str, list[Any]], verbose: bool, counts: bool, enhanced: bool) -> str:
    """The script's output (without its final newline)."""
    lines = []
    if not verbose and not counts:
        lines.append("LAS F1 Score: {:.2f}".format(100 * rates(totals["LAS"])[2]))
        lines.append("MLAS Score: {:.2f}".format(100 * rates(totals["MLAS"])[2]))
        lines.append("BLEX Score: {:.2f}".format(100 * rates(totals["BLEX"])[2]))
        if enhanced:
            lines.append("ELAS F1 Score: {:.2f}".format(100 * rates(totals["ELAS"])[2]))
            lines.append("EULAS F1 Score: {:.2f}".format(100 * rates(totals["EULAS"])[2]))
        return "\n".join(lines)
    if counts:
        lines.append("Metric     | Correct   |      Gold | Predicted | Aligned")
    else:
        lines.append("Metric     | Precision |    Recall |  F1 Score | AligndAcc")
    lines.append("-----------+-----------+-----------+-----------+-----------")
    names = METRICS if enhanced else METRICS[:13]
    for name in names:
        c = totals[name]
        if counts:
            last = c[3] or (c[0] if name == "Words" else "")
            lines.append("{:11}|{:10} |{:10} |{:10} |{:10}".format(name, c[0], c[1], c[2], last))
        else:
            p, r, f1, acc = rates(c)
            lines.append("{:11}|{:10.2f} |{:10.2f} |{:10.2f} |{}".format(
                name, 100 * p, 100 * r, 100 * f1,
                "{:10.2f}".format(100 * acc) if acc is not None else ""))
    return "\n".join(lines)

