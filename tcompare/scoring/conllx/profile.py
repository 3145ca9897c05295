"""Dependency profiles: ``conllx`` (CoNLL-X eval.pl v1.9), ``conll07`` (eval07.pl v1.4), ``conllu``.

Metrics (seed 003; spec/metrics.md §5)
--------------------------------------
Over the *scoring* tokens of the gold sentence:

* LAS = tokens whose HEAD and DEPREL are both right / scoring tokens,
* UAS = tokens whose HEAD is right / scoring tokens,
* LA  = tokens whose DEPREL is right / scoring tokens.

HEAD and DEPREL are compared as strings, as eval.pl does (``"01"`` is not ``"1"``).
A token is *non-scoring* when every character of its GOLD form has a Unicode punctuation
category (P*: ``_ % & # @ * / ( 。 ，`` are punctuation, symbols ``$ + | ~ ^ `` are not).

* ``conllx``: punctuation is not scored; option ``score_punct`` (eval.pl ``-p``) scores it.
* ``conll07``: punctuation IS scored by default; ``exclude_punct`` (eval07.pl ``-p``)
  excludes it; ``exclude_deriv`` (``-d``) skips tokens whose gold DEPREL is ``DERIV``.
* ``conllu``: the CoNLL-U words only (comments, multiword ranges ``3-4`` and empty nodes
  ``5.1`` are kept in the model but never scored).  Every word is scored, as in the UD
  evaluation script (``exclude_punct`` applies eval.pl's rule instead).  It adds CLAS,
  UD's content-word LAS (CoNLL 2018 definition): only words whose universal DEPREL (the
  part before ``:``) is a content relation count; precision over the system's content
  words, recall over the gold's, CLAS = their F1; DEPRELs are compared without subtypes.

Items and flags
---------------
Each word gives one gold and one system `Item` of kind ``arc``: ``ref`` = the word's
0-based position in `DepSentence.words`, ``start`` = that side's HEAD (CoNLL numbering,
0 = root, -1 = not a number), ``end`` = the word's own 1-based ID, ``label`` = that side's
DEPREL, ``group`` = the gold DEPREL, ``partner`` = ``ref`` (the same word on the other side).
Verdicts: MATCH, WRONG_HEAD, WRONG_LABEL, WRONG_BOTH, IGNORED (non-scoring token).
``SentenceResult.data`` holds ``gold_heads`` / ``system_heads`` (ints, -1 when unreadable).

Flags name what is odd in the SYSTEM tree (``cycle``, ``self_loop``, ``several_roots``,
``no_root``, ``non_projective``, ``head_out_of_range``) and the same prefixed with
``gold_`` for the gold tree; ``word_count_mismatch`` / ``form_mismatch`` when the two
sentences do not have the same words; ``reader_warnings`` when the reader noted a problem
(HEAD outside the sentence, IDs out of order...), whose messages (file, line, column) go
into ``SentenceResult.message``.  All are scored normally.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from functools import lru_cache
from typing import Any, Iterable, Sequence

from tcompare.model.deps import DepSentence, DepToken
from tcompare.scoring import figures as fig
from tcompare.scoring.ud_classes import CONTENT_DEPRELS   # conll18's content words
from tcompare.scoring.base import (
    Item, Option, Profile, SentenceResult, Summary, Verdict, prf, ratio,
)

PUNCT_CATEGORIES = frozenset(("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"))


@lru_cache(maxsize=65536)
def is_uni_punct(form: str) -> bool:
    """eval.pl's ``/^\\p{Punctuation}+$/`` on the decoded form."""
    return bool(form) and all(unicodedata.category(ch) in PUNCT_CATEGORIES for ch in form)


def head_int(head: str) -> int:
    """HEAD as a number, -1 when it is not one (``_``, ``x``)."""
    if not (head.isdigit() and head.isascii()):
        return -1
    digits = head.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else 10 ** 18   # int() refuses > 4,300 digits


# `judge`'s codes for one gold token
PUNCT, DERIV, MATCH, WRONG_HEAD, WRONG_LABEL, WRONG_BOTH = range(6)


def judge(gold: Iterable[tuple[str, str, str]], system: Sequence[tuple[str, str]],
          score_punct: bool, skip_deriv: bool) -> list[int]:
    """The one counting rule of the dependency profiles, for each gold token (FORM, HEAD,
    DEPREL) against the system's (HEAD, DEPREL) at the same position (empty past the
    system's end): PUNCT / DERIV (not scored), MATCH, WRONG_HEAD (DEPREL right),
    WRONG_LABEL (HEAD right), WRONG_BOTH.  HEAD and DEPREL are compared as strings.

    The text report (`conllx.report.EvalPl`, and its compiled twin `conllx._kernel`, tested
    equal), the JSON / CSV output and the window (`ConllProfile.score`) all count with it.
    """
    gold = gold if isinstance(gold, list) else list(gold)
    if len(gold) > len(system):
        system = [*system, *[("", "")] * (len(gold) - len(system))]
    codes: list[int] = []
    append = codes.append
    punct = None if score_punct else is_uni_punct
    for (form, head, dep), (s_head, s_dep) in zip(gold, system):
        if punct is not None and punct(form):
            append(PUNCT)
        elif skip_deriv and dep == "DERIV":
            append(DERIV)
        elif head == s_head:
            append(MATCH if dep == s_dep else WRONG_LABEL)
        else:
            append(WRONG_HEAD if dep == s_dep else WRONG_BOTH)
    return codes



def tally(codes: list[int]) -> tuple[int, int, int, int]:
    """One sentence's `judge` codes summed as eval.pl prints them: (scored tokens, HEAD
    errors, DEPREL errors, tokens with either error)."""
    head, label, both = codes.count(WRONG_HEAD), codes.count(WRONG_LABEL), codes.count(WRONG_BOTH)
    return codes.count(MATCH) + head + label + both, head + both, label + both, head + label + both

_VERDICTS = {PUNCT: Verdict.IGNORED, DERIV: Verdict.IGNORED, MATCH: Verdict.MATCH,
             WRONG_HEAD: Verdict.WRONG_HEAD, WRONG_LABEL: Verdict.WRONG_LABEL,
             WRONG_BOTH: Verdict.WRONG_BOTH}


def tree_flags(heads: Sequence[int], n: int) -> list[str]:
    """Structural oddities of one tree given its HEADs (1-based, 0 = root, -1 unreadable)."""
    flags = []
    roots = sum(1 for h in heads if h == 0)
    if roots > 1:
        flags.append("several_roots")
    elif roots == 0 and n:
        flags.append("no_root")
    if any(h == i + 1 for i, h in enumerate(heads)):
        flags.append("self_loop")
    if any(h < 0 or h > n for h in heads):
        flags.append("head_out_of_range")
    # cycle: follow heads from every word; colour 1 = on the current path, 2 = reaches root
    state = [0] * (n + 1)
    state[0] = 2
    cyclic = False
    for start in range(1, n + 1):
        path, node = [], start
        while 0 < node <= n and state[node] == 0:
            state[node] = 1
            path.append(node)
            node = heads[node - 1]
            if node == path[-1]:
                break  # self-loop: reported separately, not as a cycle
        if 0 < node <= n and state[node] == 1 and node != path[-1]:
            cyclic = True
        for p in path:
            state[p] = 2
    if cyclic:
        flags.append("cycle")
    if _non_projective(heads, n):
        flags.append("non_projective")
    return flags


def _non_projective(heads: Sequence[int], n: int) -> bool:
    """Whether two arcs cross (the root arc from position 0 included)."""
    # arcs by left end, the longer first; the right ends of the arcs still open form a stack
    # (nested arcs) until one arc ends beyond the innermost open one that it starts inside
    arcs = sorted((min(h, d), -max(h, d)) for d, h in enumerate(heads, start=1) if 0 <= h <= n and h != d)
    open_ends: list[int] = []
    for a, minus_b in arcs:
        b = -minus_b
        while open_ends and open_ends[-1] <= a:
            open_ends.pop()
        if open_ends and b > open_ends[-1]:
            return True
        open_ends.append(b)
    return False


ATTACHMENT_FIGURES = (
    fig.ratio("LAS", "head and label right / scored words", ["both_correct"], ["tokens"]),
    fig.ratio("UAS", "head right / scored words", ["head_correct"], ["tokens"]),
    fig.ratio("LA", "label right / scored words", ["label_correct"], ["tokens"]),
)
CLAS_FIGURES = (
    fig.ratio("CLAS_P", "correct content words / system content words", ["clas_correct"],
              ["clas_system"]),
    fig.ratio("CLAS_R", "correct content words / gold content words", ["clas_correct"],
              ["clas_gold"]),
    fig.f1("CLAS", "CLAS_P", "CLAS_R"),
)


class ConllProfile(Profile):
    """One of the three dependency profiles (see the module docstring)."""

    kind = "dependency"
    columns: tuple[str, ...] = ("LAS", "UAS", "LA")
    headline: tuple[str, ...] = ("LAS", "UAS", "LA")

    def __init__(self, name: str, description: str, notations: tuple[str, ...],
                 options: tuple[Option, ...], punct_default: bool, clas: bool = False):
        self.name = name
        self.description = description
        self.notations = notations
        self.options = options
        self.punct_default = punct_default
        self.clas = clas
        self.reference = name in ("conllx", "conll07")   # eval.pl / eval07.pl byte for byte
        self.figure_lines = ATTACHMENT_FIGURES
        if clas:
            self.columns = ("LAS", "UAS", "LA", "CLAS")
            self.headline = ("LAS", "UAS", "LA", "CLAS")
            self.figure_lines = ATTACHMENT_FIGURES + CLAS_FIGURES

    def prepare(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        merged: dict[str, Any] = super().prepare(options)
        if "score_punct" in merged:
            score_punct = bool(merged["score_punct"])
        else:
            score_punct = self.punct_default and not merged.get("exclude_punct", False)
        merged["score_punct"] = score_punct
        merged.setdefault("exclude_deriv", False)
        merged["variant"] = self.name
        return merged

    # -- one sentence ----------------------------------------------------------------------
    def score(self, gold: DepSentence, system: DepSentence, config: Any, index: int = 0) -> SentenceResult:
        if not isinstance(config, dict) or "variant" not in config:
            config = self.prepare(config if isinstance(config, dict) else None)
        gw, sw = gold.words, system.words
        n = len(gw)
        codes = judge([(w.form, w.head, w.deprel) for w in gw], [(w.head, w.deprel) for w in sw],
                      bool(config.get("score_punct", False)), bool(config.get("exclude_deriv", False)))
        result = SentenceResult(index=index)
        counts = result.counts
        gold_heads = [head_int(w.head) for w in gw]
        system_heads = [head_int(w.head) for w in sw]
        tot = head_ok = label_ok = both_ok = 0
        root_g = root_s = root_ok = 0
        for i, g in enumerate(gw):
            s = sw[i] if i < len(sw) else None
            s_head = s.head if s is not None else ""
            s_dep = s.deprel if s is not None else ""
            code = codes[i]
            verdict = _VERDICTS[code]
            if code >= MATCH:
                h, d = code in (MATCH, WRONG_LABEL), code in (MATCH, WRONG_HEAD)
                tot += 1
                head_ok += h
                label_ok += d
                both_ok += h and d
                root_g += g.head == "0"
                root_s += s_head == "0"
                root_ok += g.head == "0" and s_head == "0"
            result.gold_items.append(Item("gold", "arc", i, g.deprel, gold_heads[i], i + 1,
                                          verdict, partner=i if s is not None else -1,
                                          group=g.deprel))
            if s is not None:
                result.system_items.append(Item("system", "arc", i, s_dep, system_heads[i], i + 1,
                                                verdict, partner=i, group=g.deprel))
        for j in range(n, len(sw)):  # system words with no gold word: shown, not scored
            result.system_items.append(Item("system", "arc", j, sw[j].deprel, system_heads[j],
                                            j + 1, Verdict.IGNORED, group=""))
        counts["words"] = n
        counts["tokens"] = tot
        counts["nonscoring"] = n - tot
        counts["head_correct"] = head_ok
        counts["label_correct"] = label_ok
        counts["both_correct"] = both_ok
        counts["root_gold"] = root_g
        counts["root_system"] = root_s
        counts["root_correct"] = root_ok
        result.scores["LAS"] = ratio(both_ok, tot)
        result.scores["UAS"] = ratio(head_ok, tot)
        result.scores["LA"] = ratio(label_ok, tot)
        if self.clas:
            cg, cs, cc = _clas_counts(gw, sw)
            counts["clas_gold"], counts["clas_system"], counts["clas_correct"] = cg, cs, cc
            result.scores["CLAS"] = prf(cc, cg, cs)[2]
        flags = tree_flags(system_heads, len(sw))
        flags += ["gold_" + f for f in tree_flags(gold_heads, n)]
        if len(sw) != n:
            flags.append("word_count_mismatch")
            result.message = f"gold has {n} words, system has {len(sw)}"
        elif any(g.form != s.form for g, s in zip(gw, sw)):
            flags.append("form_mismatch")
        if tot == 0:
            flags.append("no_scoring_tokens")
        warnings = [f"gold: {w}" for w in gold.meta.get("warnings", ())]
        warnings += [f"system: {w}" for w in system.meta.get("warnings", ())]
        if warnings:
            flags.append("reader_warnings")
            result.message = "; ".join(([result.message] if result.message else []) + warnings)
        result.flags = flags
        result.data = {"gold_heads": gold_heads, "system_heads": system_heads}
        return result

    # -- the corpus ------------------------------------------------------------------------
    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        total: Counter[str] = Counter()
        r: SentenceResult | float | None     # a result in the loop, then the CLAS recall
        valid = errors = 0
        for r in results:
            if r.valid:
                valid += 1
                total.update(r.counts)
            else:
                errors += 1
        tot = total["tokens"]
        summary = Summary(counts=total)
        m = summary.metrics
        m["LAS"] = ratio(total["both_correct"], tot)
        m["UAS"] = ratio(total["head_correct"], tot)
        m["LA"] = ratio(total["label_correct"], tot)
        if self.clas:
            p, r, f = prf(total["clas_correct"], total["clas_gold"], total["clas_system"])
            m["CLAS"], m["CLAS_P"], m["CLAS_R"] = f, p, r
        m["tokens"] = tot
        m["nonscoring"] = total["nonscoring"]
        m["sentences"] = valid
        m["error_sentences"] = errors
        rp, rr, rf = prf(total["root_correct"], total["root_gold"], total["root_system"])
        summary.groups["root"] = {"precision": rp, "recall": rr, "f1": rf}
        if tot == 0:
            summary.notes.append("no scoring tokens: LAS/UAS/LA are undefined (eval.pl dies here)")
        flagged = Counter(f for r in results for f in r.flags)
        if flagged:
            summary.groups["flags"] = dict(sorted(flagged.items()))
        return summary


def _clas_counts(gw: Sequence[DepToken], sw: Sequence[DepToken]) -> tuple[int, int, int]:
    gold = system = correct = 0
    for i, g in enumerate(gw):
        g_rel = g.deprel.split(":", 1)[0]
        g_content = g_rel in CONTENT_DEPRELS
        gold += g_content
        if i < len(sw):
            s = sw[i]
            s_rel = s.deprel.split(":", 1)[0]
            if s_rel in CONTENT_DEPRELS:
                system += 1
                if g_content and s.head == g.head and s_rel == g_rel:
                    correct += 1
    return gold, system, correct


PROFILES = {
    "conllx": ConllProfile(
        "conllx", "CoNLL-X shared task (eval.pl v1.9): LAS, UAS, LA; punctuation not scored",
        ("conllx", "conllu"),
        (Option("score_punct", False, "-p: also score punctuation tokens", bool),),
        punct_default=False),
    "conll07": ConllProfile(
        "conll07", "CoNLL 2007 shared task (eval07.pl v1.4): punctuation scored by default",
        ("conllx", "conllu"),
        (Option("exclude_punct", False, "-p: do not score punctuation tokens", bool),
         Option("exclude_deriv", False, "-d: do not score tokens whose gold DEPREL is DERIV", bool)),
        punct_default=True),
    "conllu": ConllProfile(
        "conllu", "eval.pl-style report on CoNLL-U words (same words both sides; DEPREL "
                  "subtypes compared): LAS, UAS, LA, plus CLAS; the CoNLL 2018 scorer is conll18",
        ("conllu", "conllx"),
        (Option("exclude_punct", False, "do not score punctuation tokens (eval.pl's Unicode rule)", bool),),
        punct_default=True, clas=True),
}
