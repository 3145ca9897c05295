"""``conll18``: the CoNLL 2018 UD shared task scorer (Zeman et al. 2018), reproduced.

What it reproduces
------------------
The official ``conll18_ud_eval.py`` v1.2 (github ufal/conll2018, ``evaluation_script/``):
``tcompare score --profile conll18 [-v] [-c] GOLD SYSTEM`` prints what
``conll18_ud_eval.py [-v] [-c] GOLD SYSTEM`` prints, refuses what it refuses with the same
message and exit status (spec/metrics.md §8, spec/cli.md "Added in the second wave").
This module is our own implementation, written from the script's documented behaviour and
checked against it (tests/test_conll18.py); it shares no code with it.

API
---
* `load_conllu_text(text, path)` / `load_conllu_file(source)` -> `Treebank` (flat per-word
  columns, no per-word objects), raising `Conll18Error` where the official loader raises.
* `evaluate(gold, system)` -> `Evaluation`: `metrics` (name -> `MetricCounts`), the word
  alignment (`gold_of_system`, `matched`), per-metric verdicts per aligned word.
* `format_table(metrics, verbose, counts)` -> the official text table.
* `sentence_pairs(gold, system)`, `sentence_results(evaluation)` -> per-pair
  `SentenceResult`s for JSON/CSV and the GUI.
* `PROFILE` (`Conll18Profile`), registered as ``conll18``.

Reading (as the official loader)
--------------------------------
UTF-8 (no BOM removal), universal newlines (``\\r\\n`` and a lone ``\\r`` end a line).
Comment lines are skipped only between sentences; a blank line between sentences starts
an empty sentence (refused: "There are 0 roots").  Every line of a sentence must have 10
tab-separated columns; empty nodes (``.`` in ID) are skipped; a token's FORM loses every
Unicode Zs character (and must not become empty); a multiword token ``a-b`` takes the next
``b - a + 1`` lines as its words unchecked (their HEAD is only parsed when the tree is
built); a basic word's ID must equal its position (as an int: ``01`` is 1), its HEAD must be
an int >= 0.  At the blank line ending a sentence, heads are followed from each word in
order: a word met again on the path is a cycle, a HEAD beyond the sentence is refused, then
exactly one root is required.  FEATS keep only the 21 universal features (sorted), DEPREL
loses its subtype (``acl:relcl`` -> ``acl``).

Metrics
-------
Gold and system must have the same characters (tokens concatenated, whitespace removed),
else "First 20 differing characters".  Tokens and Sentences: F1 over character spans.
Words are aligned on the whole file at once: outside multiword tokens two words align when
their spans are equal (a linear merge); a *multiword span* (the smallest stretch containing
multiword tokens of either side with none sticking out) aligns its words by LCS on
lower-cased FORMs.  Over aligned words: UPOS, XPOS, UFeats, AllTags (the three), Lemmas
(correct when the gold LEMMA is ``_`` or equal), UAS (the system head aligns to the gold
head, root to root), LAS (+ DEPREL without subtype), and over content words (CONTENT_DEPRELS;
gold count on gold words, system count on system words, aligned = aligned gold content
words): CLAS (as LAS), MLAS (+ UPOS, UFeats, and the list of functional children, each
(aligned head, DEPREL, UPOS, UFeats), in order) and BLEX (+ lemma as for Lemmas).
Precision = correct/system, recall = correct/gold, F1 = 2*correct/(gold+system), aligned
accuracy = correct/aligned; 0/0 gives 0 (the official rule; JSON names it in ``flags``).

Per-sentence results
--------------------
Since both sides have the same characters, their sentence spans partition the same text:
a *pair* is a smallest group of gold and system sentences covering the same characters
(1:1 ``same``, n:1 ``joined``, 1:n ``split``, n:m ``changed``).  Each pair gives one
`SentenceResult` whose counts are that pair's share of every metric (they sum to the file's
figures; Tokens and Sentences included), with one `Item` (kind ``arc``) per word: ``ref`` =
the word's position among the pair's words on that side (0-based, the pair's sentences
concatenated), ``start`` = its head's position in the same numbering (-1 = root),
``end`` = ``ref + 1``, ``label`` = universal DEPREL, ``partner`` = the aligned word's
position on the other side (-1 none), ``group`` = ``content``/``functional``/``other``.
Verdicts: MATCH (LAS right), WRONG_HEAD, WRONG_LABEL, WRONG_BOTH, MISSING (gold word not
aligned), EXTRA (system word not aligned).  ``data`` holds the sentence indices, the word
alignment and, per aligned word, which of UPOS..BLEX were right.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from operator import and_, eq, or_
from typing import TYPE_CHECKING, Any, Callable, Sequence

from tcompare.scoring.workers import paused_gc
from tcompare.scoring.base import GROUPED
from tcompare.scoring.base import Item, Profile, SentenceResult, Status, Summary, Verdict
from tcompare.scoring.conll18.read import (  # noqa: F401  (re-exported)
    CONTENT, FUNCTIONAL, OTHER,
    Conll18Error, Treebank, load_conllu_file, load_conllu_text, universal_newlines,
)

if TYPE_CHECKING:
    from typing import TypeVar

    _T = TypeVar("_T")

# the order of the official -v / -c table
METRICS = ("Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
           "UAS", "LAS", "CLAS", "MLAS", "BLEX")
# metrics judged per aligned word (the others have no aligned accuracy)
WORD_METRICS = METRICS[3:]
_CLASS_NAMES = ("other", "content", "functional")


# --------------------------------------------------------------------------- evaluation

@dataclass(frozen=True, slots=True)
class MetricCounts:
    """Raw counts of one metric; the rates follow the official definitions (0/0 -> 0)."""

    correct: int
    gold: int
    system: int
    aligned: int | None = None

    @property
    def precision(self) -> float:
        return self.correct / self.system if self.system else 0.0

    @property
    def recall(self) -> float:
        return self.correct / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        total = self.system + self.gold
        return 2 * self.correct / total if total else 0.0

    @property
    def aligned_accuracy(self) -> float | None:
        """correct/aligned; None for span metrics, 0 (not None) when nothing aligned."""
        if self.aligned is None:
            return None
        return self.correct / self.aligned if self.aligned else 0

    def zero_denominators(self) -> list[str]:
        out = []
        if not self.system:
            out.append("precision")
        if not self.gold:
            out.append("recall")
        if not self.system + self.gold:
            out.append("f1")
        if self.aligned is not None and not self.aligned:
            out.append("aligned_accuracy")
        return out


@dataclass(eq=False)
class Evaluation:
    gold: Treebank
    system: Treebank
    metrics: dict[str, MetricCounts]
    matched_gold: list[int]           # aligned word pairs, in file order
    matched_system: list[int]
    gold_of_system: list[int]         # system word -> aligned gold word, -2 when none
    correct: dict[str, list[bool]]    # WORD_METRICS -> verdict per aligned pair


def _first_difference(a: str, b: str) -> int:
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:               # longest common prefix by halving (a, b can be long)
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def check_characters(gold: Treebank, system: Treebank) -> None:
    if gold.chars != system.chars:
        k = _first_difference(gold.chars, system.chars)
        raise Conll18Error(
            "The concatenation of tokens in gold file and in system file differ!\n"
            "First 20 differing characters in gold file: '{}' and system file: '{}'".format(
                gold.chars[k:k + 20], system.chars[k:k + 20]))


def span_matches(starts_a: Sequence[int], ends_a: Sequence[int],
                 starts_b: Sequence[int], ends_b: Sequence[int]) -> int:
    """Spans equal on both sides (starts are strictly increasing on each side, so the
    official merge by start counts exactly the common (start, end) pairs).  A span is
    the complex number start+end*j: hashed and compared in C, exact below 2**53."""
    return len(set(map(complex, starts_a, ends_a)).intersection(map(complex, starts_b, ends_b)))


_RUN = 16


def align_words(gold: Treebank, system: Treebank) -> tuple[list[int], list[int]]:
    """The official word alignment, as a linear merge over both files.

    Returns the aligned (gold word, system word) pairs as two parallel lists."""
    out_g, out_s, _, _ = merge_words(gold, system)
    return out_g, out_s


def merge_words(gold: Treebank, system: Treebank) -> tuple[list[int], list[int], int, int]:
    """`align_words`, with where the merge stopped: the first gold and system words it did
    not reach (one side is used up, the other may have words left, unaligned)."""
    g_tok, s_tok = gold.word_token, system.word_token
    g_start = list(map(gold.token_start.__getitem__, g_tok))
    g_end = list(map(gold.token_end.__getitem__, g_tok))
    s_start = list(map(system.token_start.__getitem__, s_tok))
    s_end = list(map(system.token_end.__getitem__, s_tok))
    g_mw, s_mw = gold.multiword, system.multiword
    ng, ns = len(g_start), len(s_start)
    out_g: list[int] = []
    out_s: list[int] = []
    add_g, add_s = out_g.append, out_s.append
    gi = si = 0
    run = _RUN
    slow = 0      # single steps left before trying a whole run again
    while gi < ng and si < ns:
        if not slow:
            # the common case: the next `run` words have the same spans on both sides and
            # no multiword token; the official merge aligns them one by one
            ge, se = gi + run, si + run
            if (ge <= ng and se <= ns and g_start[gi:ge] == s_start[si:se]
                    and g_end[gi:ge] == s_end[si:se]
                    and True not in g_mw[gi:ge] and True not in s_mw[si:se]):
                out_g.extend(range(gi, ge))
                out_s.extend(range(si, se))
                gi, si = ge, se
                continue
            slow = run
        slow -= 1
        if not (g_mw[gi] or s_mw[si]):
            gs, ss = g_start[gi], s_start[si]
            if gs == ss:
                if g_end[gi] == s_end[si]:
                    add_g(gi)
                    add_s(si)
                    gi += 1
                    si += 1
                else:
                    gi += 1
            elif gs < ss:
                gi += 1
            else:
                si += 1
            continue
        # a multiword span: find its extent, then align its words by LCS on forms
        if g_mw[gi]:
            span_end = g_end[gi]
            if not s_mw[si] and s_start[si] < g_start[gi]:
                si += 1
        else:
            span_end = s_end[si]
            if not g_mw[gi] and g_start[gi] < s_start[si]:
                gi += 1
        g0, s0 = gi, si
        while True:
            g_beyond = gi >= ng or (g_start[gi] >= span_end if g_mw[gi] else g_end[gi] > span_end)
            s_beyond = si >= ns or (s_start[si] >= span_end if s_mw[si] else s_end[si] > span_end)
            if g_beyond and s_beyond:
                break
            if gi < ng and (si >= ns or g_start[gi] <= s_start[si]):
                if g_mw[gi] and g_end[gi] > span_end:
                    span_end = g_end[gi]
                gi += 1
            else:
                if s_mw[si] and s_end[si] > span_end:
                    span_end = s_end[si]
                si += 1
        if gi > g0 and si > s0:
            _lcs_align(gold.form, system.form, g0, gi, s0, si, add_g, add_s)
    return out_g, out_s, gi, si


def _lcs_align(g_form: Sequence[str], s_form: Sequence[str], g0: int, g1: int, s0: int, s1: int,
               add_g: Callable[[int], None], add_s: Callable[[int], None]) -> None:
    gf = [f.lower() for f in g_form[g0:g1]]
    sf = [f.lower() for f in s_form[s0:s1]]
    G, S = len(gf), len(sf)
    # lcs[g][s] = LCS length of gf[g:], sf[s:]; an extra zero row/column at the end
    lcs = [[0] * (S + 1) for _ in range(G + 1)]
    for g in range(G - 1, -1, -1):
        row, below = lcs[g], lcs[g + 1]
        fg = gf[g]
        for s in range(S - 1, -1, -1):
            v = below[s + 1] + 1 if fg == sf[s] else 0
            if below[s] > v:
                v = below[s]
            if row[s + 1] > v:
                v = row[s + 1]
            row[s] = v
    g = s = 0
    while g < G and s < S:
        if gf[g] == sf[s]:
            add_g(g0 + g)
            add_s(s0 + s)
            g += 1
            s += 1
        elif lcs[g][s] == lcs[g + 1][s]:
            g += 1
        else:
            s += 1


def evaluate(gold: Treebank, system: Treebank,
             alignment: tuple[list[int], list[int]] | None = None) -> Evaluation:
    """All thirteen metrics of the official scorer (raises `Conll18Error` when the
    characters differ).  `alignment`: the (gold, system) word pairs when already known
    (`align_words` / `merge_words` of the same two treebanks)."""
    with paused_gc():
        return _evaluate(gold, system, alignment)


def _gather(values: list[_T], indices: list[int]) -> list[_T]:
    return list(map(values.__getitem__, indices))


def _both(a: list[bool], b: Any) -> list[bool]:
    return list(map(and_, a, b))     # bool & bool is a bool


def _evaluate(gold: Treebank, system: Treebank,
              alignment: tuple[list[int], list[int]] | None) -> Evaluation:
    check_characters(gold, system)
    mg, ms = align_words(gold, system) if alignment is None else alignment
    gold_of_system = [-2] * system.n_words
    for g, s in zip(mg, ms):
        gold_of_system[s] = g
    # the system head seen on the gold side: its aligned gold word, -2 unaligned, -1 root
    # (index -1 reads the sentinel appended at the end)
    shead_mapped = _gather(gold_of_system + [-1], system.head)
    upos = list(map(eq, _gather(gold.upos, mg), _gather(system.upos, ms)))
    xpos = list(map(eq, _gather(gold.xpos, mg), _gather(system.xpos, ms)))
    ufeats = list(map(eq, _gather(gold.feats, mg), _gather(system.feats, ms)))
    alltags = _both(_both(upos, xpos), ufeats)
    g_lemma = _gather(gold.lemma, mg)
    lemmas = list(map(or_, map(eq, g_lemma, repeat("_")), map(eq, g_lemma, _gather(system.lemma, ms))))
    uas = list(map(eq, _gather(gold.head, mg), _gather(shead_mapped, ms)))
    las = _both(uas, map(eq, _gather(gold.deprel, mg), _gather(system.deprel, ms)))
    gcls = gold.cls
    content = list(map(eq, _gather(gcls, mg), repeat(CONTENT)))
    clas = _both(las, content)
    gfun, sfun = gold.functional, system.functional
    gfe, sfe, gdep, sdep = gold.feats, system.feats, gold.deprel, system.deprel
    gup, sup = gold.upos, system.upos

    mlas = _both(clas, map(and_, upos, ufeats))
    for j in [j for j, ok in enumerate(mlas) if ok]:
        g, s = mg[j], ms[j]
        gk, sk = gfun.get(g), sfun.get(s)
        if gk is None and sk is None:
            continue
        if gk is None or sk is None or len(gk) != len(sk):
            mlas[j] = False
            continue
        mlas[j] = ([(c, gdep[c], gup[c], gfe[c]) for c in gk]
                   == [(gold_of_system[c], sdep[c], sup[c], sfe[c]) for c in sk])
    blex = _both(clas, lemmas)
    correct = {"UPOS": upos, "XPOS": xpos, "UFeats": ufeats, "AllTags": alltags,
               "Lemmas": lemmas, "UAS": uas, "LAS": las, "CLAS": clas, "MLAS": mlas, "BLEX": blex}
    ng, ns, na = gold.n_words, system.n_words, len(mg)
    g_content = gcls.count(CONTENT)
    s_content = system.cls.count(CONTENT)
    a_content = content.count(True)
    metrics = {
        "Tokens": MetricCounts(span_matches(gold.token_start, gold.token_end,
                                            system.token_start, system.token_end),
                               len(gold.token_start), len(system.token_start)),
        "Sentences": MetricCounts(span_matches(gold.sent_start, gold.sent_end,
                                               system.sent_start, system.sent_end),
                                  len(gold.sent_start), len(system.sent_start)),
        "Words": MetricCounts(na, ng, ns),
    }
    for name in WORD_METRICS:
        if name in ("CLAS", "MLAS", "BLEX"):
            metrics[name] = MetricCounts(correct[name].count(True), g_content, s_content, a_content)
        else:
            metrics[name] = MetricCounts(correct[name].count(True), ng, ns, na)
    return Evaluation(gold, system, metrics, mg, ms, gold_of_system, correct)


def format_table(metrics: dict[str, MetricCounts], verbose: bool = False, counts: bool = False) -> str:
    """The official text output (without the final newline)."""
    if not verbose and not counts:
        return "\n".join((
            "LAS F1 Score: {:.2f}".format(100 * metrics["LAS"].f1),
            "MLAS Score: {:.2f}".format(100 * metrics["MLAS"].f1),
            "BLEX Score: {:.2f}".format(100 * metrics["BLEX"].f1)))
    if counts:
        lines = ["Metric     | Correct   |      Gold | Predicted | Aligned"]
    else:
        lines = ["Metric     | Precision |    Recall |  F1 Score | AligndAcc"]
    lines.append("-----------+-----------+-----------+-----------+-----------")
    for name in METRICS:
        m = metrics[name]
        if counts:
            aligned = m.aligned or (m.correct if name == "Words" else "")
            lines.append("{:11}|{:10} |{:10} |{:10} |{:10}".format(
                name, m.correct, m.gold, m.system, aligned))
        else:
            acc = m.aligned_accuracy
            lines.append("{:11}|{:10.2f} |{:10.2f} |{:10.2f} |{}".format(
                name, 100 * m.precision, 100 * m.recall, 100 * m.f1,
                "{:10.2f}".format(100 * acc) if acc is not None else ""))
    return "\n".join(lines)


# ------------------------------------------------------------------ pairs, results, profile

@dataclass(frozen=True, slots=True)
class SentencePair:
    """Gold and system sentences (0-based file indices) covering the same characters; the
    shape of the shared `tcompare.scoring.alignment.SentencePair` (PLAN.md)."""

    gold: tuple[int, ...]
    system: tuple[int, ...]
    kind: str


def _pair_kind(n_gold: int, n_system: int) -> str:
    if n_gold == 1 and n_system == 1:
        return "same"
    if n_system == 1:
        return "joined"
    if n_gold == 1:
        return "split"
    return "changed"


def sentence_pairs(gold: Treebank, system: Treebank) -> list[SentencePair]:
    """The smallest groups of gold and system sentences ending at the same character (the
    characters are the same on both sides, so the groups cover both files)."""
    g_end, s_end = gold.sent_end, system.sent_end
    ng, ns = len(g_end), len(s_end)
    out = []
    gi = si = 0
    while gi < ng and si < ns:
        g0, s0 = gi, si
        ge, se = g_end[gi], s_end[si]
        gi += 1
        si += 1
        while ge != se:
            if ge < se and gi < ng:
                ge = g_end[gi]
                gi += 1
            elif si < ns:
                se = s_end[si]
                si += 1
            else:
                break
        out.append(SentencePair(tuple(range(g0, gi)), tuple(range(s0, si)),
                                _pair_kind(gi - g0, si - s0)))
    if gi < ng or si < ns:   # only reachable if the characters differ
        out.append(SentencePair(tuple(range(gi, ng)), tuple(range(si, ns)),
                                "missing" if si >= ns else "extra" if gi >= ng else "changed"))
    return out


def metric_counts_from(counts: Counter[str]) -> dict[str, MetricCounts]:
    """Back from additive `SentenceResult.counts` (``LAS_correct``, ``LAS_gold`` ...)."""
    out = {}
    for name in METRICS:
        aligned = counts.get(f"{name}_aligned", 0) if name in WORD_METRICS else None
        out[name] = MetricCounts(counts.get(f"{name}_correct", 0), counts.get(f"{name}_gold", 0),
                                 counts.get(f"{name}_system", 0), aligned)
    return out


def _rates(m: MetricCounts) -> dict[str, float | int | None]:
    data: dict[str, float | int | None] = {
        "precision": 100 * m.precision, "recall": 100 * m.recall, "f1": 100 * m.f1}
    acc = m.aligned_accuracy
    data["aligned_accuracy"] = None if acc is None else 100 * acc
    data.update(correct=m.correct, gold=m.gold, system=m.system)
    if m.aligned is not None:
        data["aligned"] = m.aligned
    return data


def summary_from(metrics: dict[str, MetricCounts]) -> Summary:
    """``metrics``: the F1 of each metric (percent); ``groups``: per metric, precision,
    recall, f1, aligned_accuracy (None for Tokens/Sentences/Words, which have none) and the
    raw counts; ``notes``: the 0/0 flags (``LAS:0/0`` for F1, ``LAS.precision:0/0``...)."""
    summary = Summary()
    for name in METRICS:
        m = metrics[name]
        summary.metrics[name] = 100 * m.f1
        summary.groups[name] = _rates(m)
        for rate in m.zero_denominators():
            summary.notes.append(f"{name}:0/0" if rate == "f1" else f"{name}.{rate}:0/0")
        summary.counts.update({f"{name}_correct": m.correct, f"{name}_gold": m.gold,
                               f"{name}_system": m.system})
        if m.aligned is not None:
            summary.counts[f"{name}_aligned"] = m.aligned
    return summary


def summarize(evaluation: Evaluation) -> Summary:
    return summary_from(evaluation.metrics)


def _verdict(uas: bool, las: bool, same_label: bool) -> Verdict:
    if las:
        return Verdict.MATCH
    if uas:
        return Verdict.WRONG_LABEL
    return Verdict.WRONG_HEAD if same_label else Verdict.WRONG_BOTH


def sentence_results(evaluation: Evaluation, pairs: list[SentencePair] | None = None,
                     first_index: int = 1) -> list[SentenceResult]:
    """One `SentenceResult` per sentence pair (see the module header); their counts add up
    to the file's metrics."""
    with paused_gc():
        return _sentence_results(evaluation, pairs, first_index)


def _sentence_results(evaluation: Evaluation, pairs: list[SentencePair] | None,
                      first_index: int) -> list[SentenceResult]:
    gold, system = evaluation.gold, evaluation.system
    if pairs is None:
        pairs = sentence_pairs(gold, system)
    mg, ms = evaluation.matched_gold, evaluation.matched_system
    correct = evaluation.correct
    system_of_gold = [-1] * gold.n_words
    for g, s in zip(mg, ms):
        system_of_gold[g] = s
    common = set(zip(gold.token_start, gold.token_end)).intersection(
        zip(system.token_start, system.token_end))
    g_sw, s_sw = gold.sent_word + [gold.n_words], system.sent_word + [system.n_words]
    g_st = gold.sent_token + [len(gold.token_start)]
    s_st = system.sent_token + [len(system.token_start)]
    g_sent_of = _sentence_of(gold)
    s_sent_of = _sentence_of(system)
    results: list[SentenceResult] = []
    k = 0   # position in the aligned pairs (sorted by gold word)
    for number, pair in enumerate(pairs):
        if not pair.gold and not pair.system:
            continue
        gw0 = g_sw[pair.gold[0]] if pair.gold else 0
        gw1 = g_sw[pair.gold[-1] + 1] if pair.gold else 0
        sw0 = s_sw[pair.system[0]] if pair.system else 0
        sw1 = s_sw[pair.system[-1] + 1] if pair.system else 0
        k0 = k
        while k < len(mg) and mg[k] < gw1:
            k += 1
        counts: Counter[str] = Counter()
        if pair.gold:
            t0, t1 = g_st[pair.gold[0]], g_st[pair.gold[-1] + 1]
            counts["Tokens_correct"] = sum(
                1 for t in range(t0, t1) if (gold.token_start[t], gold.token_end[t]) in common)
            counts["Tokens_gold"] = t1 - t0
        if pair.system:
            counts["Tokens_system"] = s_st[pair.system[-1] + 1] - s_st[pair.system[0]]
        counts["Sentences_correct"] = int(pair.kind == "same")
        counts["Sentences_gold"] = len(pair.gold)
        counts["Sentences_system"] = len(pair.system)
        counts["Words_correct"] = k - k0
        counts["Words_gold"] = gw1 - gw0
        counts["Words_system"] = sw1 - sw0
        g_content = gold.cls[gw0:gw1].count(CONTENT)
        s_content = system.cls[sw0:sw1].count(CONTENT)
        a_content = sum(1 for j in range(k0, k) if gold.cls[mg[j]] == CONTENT)
        for name in WORD_METRICS:
            hits = correct[name][k0:k].count(True)
            counts[f"{name}_correct"] = hits
            if name in ("CLAS", "MLAS", "BLEX"):
                counts[f"{name}_gold"], counts[f"{name}_system"] = g_content, s_content
                counts[f"{name}_aligned"] = a_content
            else:
                counts[f"{name}_gold"], counts[f"{name}_system"] = gw1 - gw0, sw1 - sw0
                counts[f"{name}_aligned"] = k - k0
        metrics = metric_counts_from(counts)
        scores: dict[str, float | None] = {name: 100 * metrics[name].f1 for name in METRICS}
        flags = [f"{name}:0/0" for name in METRICS if not metrics[name].gold + metrics[name].system]

        gold_items, system_items = [], []
        words_alignment = []
        verdict_of: dict[int, Verdict] = {}
        word_metrics = []
        for j in range(k0, k):
            g, s = mg[j], ms[j]
            uas, las = correct["UAS"][j], correct["LAS"][j]
            verdict_of[g] = _verdict(uas, las, gold.deprel[g] == system.deprel[s])
            word_metrics.append([g - gw0, s - sw0,
                                 [name for name in WORD_METRICS if correct[name][j]]])
        for g in range(gw0, gw1):
            s = system_of_gold[g]
            h = gold.head[g]
            gold_items.append(Item(
                "gold", "arc", g - gw0, gold.deprel[g], h - gw0 if h >= 0 else -1, g - gw0 + 1,
                verdict_of.get(g, Verdict.MISSING), partner=s - sw0 if sw0 <= s < sw1 else -1,
                group=_CLASS_NAMES[gold.cls[g]]))
        gos = evaluation.gold_of_system
        for s in range(sw0, sw1):
            g = gos[s]
            h = system.head[s]
            system_items.append(Item(
                "system", "arc", s - sw0, system.deprel[s], h - sw0 if h >= 0 else -1,
                s - sw0 + 1, verdict_of.get(g, Verdict.EXTRA) if g >= 0 else Verdict.EXTRA,
                partner=g - gw0 if gw0 <= g < gw1 else -1, group=_CLASS_NAMES[system.cls[s]]))
        # the word alignment in text order, unaligned words where they fall
        gnext, snext = gw0, sw0
        for j in range(k0, k):
            g, s = mg[j], ms[j]
            for u in range(gnext, g):
                words_alignment.append([g_sent_of(u), None])
            for u in range(snext, min(s, sw1)):
                words_alignment.append([None, s_sent_of(u)])
            words_alignment.append([g_sent_of(g), s_sent_of(s)])
            gnext, snext = g + 1, max(snext, s + 1)
        for u in range(gnext, gw1):
            words_alignment.append([g_sent_of(u), None])
        for u in range(snext, sw1):
            words_alignment.append([None, s_sent_of(u)])
        alignment = {"pair": number, "gold": list(pair.gold), "system": list(pair.system),
                     "kind": pair.kind, "words": words_alignment}
        results.append(SentenceResult(
            index=first_index + len(results), status=Status.VALID, counts=counts, scores=scores,
            gold_items=gold_items, system_items=system_items, flags=flags,
            data={"alignment": alignment, "aligned_words": word_metrics,
                  "gold_first_word": gw0, "system_first_word": sw0}))
    return results


def _sentence_of(tb: Treebank) -> Callable[[int], list[int]]:
    """word index -> [sentence index, position in that sentence] (both 0-based)."""
    import bisect

    starts = tb.sent_word

    def locate(w: int) -> list[int]:
        sent = bisect.bisect_right(starts, w) - 1
        return [sent, w - starts[sent]]
    return locate


def conllu_text(sentence: Any) -> str:
    """A `DepSentence` as CoNLL-U lines (its rows, then the blank line)."""
    return "".join("\t".join(r.columns[:10]) + "\n" for r in sentence.rows) + "\n"


class Conll18Profile(Profile):
    name = "conll18"
    description = ("CoNLL 2018 UD shared task (conll18_ud_eval.py v1.2): words aligned on "
                   "characters; Tokens, Sentences, Words, UPOS, XPOS, UFeats, AllTags, Lemmas, "
                   "UAS, LAS, CLAS, MLAS, BLEX")
    notations = ("conllu",)
    kind = "dependency"
    char_aligned = True      # words aligned on characters: a merged or split word is scored
    columns = ("Words", "UPOS", "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX")
    headline = ("LAS", "MLAS", "BLEX")

    def score(self, gold: Any, system: Any, config: Any, index: int = 0) -> SentenceResult:
        """One gold/system sentence pair (DepSentence or CoNLL-U text), scored as if each
        were a one-sentence file; a refusal gives an error result with the message."""
        try:
            g = load_conllu_text(gold if isinstance(gold, str) else conllu_text(gold), "gold")
            s = load_conllu_text(system if isinstance(system, str) else conllu_text(system),
                                 "system")
            evaluation = evaluate(g, s)
        except Conll18Error as exc:
            return self.score_error(index, exc.located())
        results = sentence_results(evaluation, first_index=index)
        if len(results) == 1:
            return results[0]
        merged = SentenceResult(index=index)
        for r in results:
            merged.counts.update(r.counts)
            merged.gold_items.extend(r.gold_items)
            merged.system_items.extend(r.system_items)
        metrics = metric_counts_from(merged.counts)
        merged.scores = {name: 100 * metrics[name].f1 for name in METRICS}
        return merged

    def score_group(self, gold: Sequence[Any], system: Sequence[Any], config: Any,
                    index: int = 0) -> SentenceResult | None:
        """Joined / split sentences: the group's CoNLL-U blocks scored together, as the
        official scorer aligns them on characters."""
        return self.score("".join(conllu_text(s) for s in gold),
                          "".join(conllu_text(s) for s in system), config, index)

    def files_problem(self, gold: Any, system: Any) -> str | None:
        """conll18_ud_eval.py refuses files whose characters (whitespace removed) differ."""
        from tcompare.scoring.alignment import text_mismatch
        from tcompare.scoring.pairing import record_text

        gold_text = "".join(record_text(r) or "" for r in gold)
        system_text = "".join(record_text(r) or "" for r in system)
        if gold_text == system_text:
            return None
        return (f"conll18_ud_eval.py refuses these files as a whole ("
                f"{text_mismatch(gold_text, system_text)}); the rows are scored sentence by "
                "sentence")

    def aggregate(self, results: Sequence[SentenceResult], config: Any) -> Summary:
        total: Counter[str] = Counter()
        errors = 0
        for r in results:
            if r.valid:
                total.update(r.counts)
            elif GROUPED not in r.data:     # a joined pair's other rows: counted on its first
                errors += 1
        summary = summary_from(metric_counts_from(total))
        if errors:
            summary.notes.append(f"{errors} sentence(s) refused and left out")
        return summary


PROFILE = Conll18Profile()
