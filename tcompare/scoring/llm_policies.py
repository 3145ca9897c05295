"""LLM output scored under two declared policies, side by side (issue 31 item 3;
docs/llm-output.md).

* ``strict`` -- an invalid or unfaithful parse counts as no parse: its gold items count in
  recall, it adds nothing to precision (the missing-parse rule of spec/metrics.md §7).
* ``repaired`` -- brackets balanced and chatter removed (by the reader), several roots joined,
  cycles broken, unusable heads attached (`validity.repair_structure`), words aligned back to
  the input (`realign`); each repair listed with its sentence.  An empty or unparsable answer
  is no parse here too.

Sentences are paired with `alignment.align_sentences` on their texts (by position when the
answers are one per gold sentence, or as many as the gold sentences and position keeps more
words in place); a gold sentence no answer pairs with is no parse under
both policies; an answer no gold sentence pairs with (or one of a joined / split group)
counts as extra: its items lower precision, as the missing-parse rule says.  Every number
comes from the profile's own `score` / `score_unpaired` / `aggregate`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol, Sequence

from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree
from tcompare.scoring.alignment import align_sentences, text_key
from tcompare.scoring.base import Profile, SentenceResult, Status, Summary
from tcompare.scoring.faithfulness import FAULTS, WordAlignment, align_words
from tcompare.scoring.realign import realign_deps, realign_tree
from tcompare.scoring.validity import REASONS, reasons, repair_structure

POLICIES = ("strict", "repaired")
STRUCTURAL = frozenset({"several_roots", "cycle", "bad_head"})


class Answer(Protocol):
    """What the scorer needs of one parsed answer (`formats.llm.LlmParse` is one)."""

    index: int
    line: int
    item: Any
    faults: list[str]
    repairs: list[str]


@dataclass(slots=True)
class LlmSentence:
    """One gold sentence: the answer paired with it, why it is invalid, how it is unfaithful,
    the repairs made, and one result per policy."""

    index: int                               # 1-based gold sentence
    gold_words: list[str]
    answer: int = 0                          # 1-based answer paired with it (0: none)
    system_words: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    alignment: WordAlignment | None = None
    repairs: list[str] = field(default_factory=list)
    results: dict[str, SentenceResult] = field(default_factory=dict)
    pairing: str = "same"                    # the sentence pair's kind, "missing" when none

    @property
    def valid(self) -> bool:
        return self.answer > 0 and not self.reasons

    @property
    def faithful(self) -> bool:
        return self.alignment is not None and self.alignment.faithful

    @property
    def word_faults(self) -> dict[str, int]:
        return self.alignment.counts if self.alignment is not None else dict.fromkeys(FAULTS, 0)


@dataclass(slots=True)
class LlmReport:
    """Per sentence and per policy; `extra` holds the results of answers no gold sentence
    pairs with (counted under both policies)."""

    profile: str
    sentences: list[LlmSentence]
    summaries: dict[str, Summary]
    extra: list[int] = field(default_factory=list)        # 1-based answers left over
    answers: int = 0

    def validity_counts(self) -> dict[str, int]:
        """Sentences: ``answered``, ``valid``, ``invalid``, one per reason, ``missing``."""
        out: dict[str, int] = {"sentences": len(self.sentences),
                               "answered": sum(1 for s in self.sentences if s.answer),
                               "valid": sum(1 for s in self.sentences if s.valid)}
        out["invalid"] = out["answered"] - out["valid"]
        for r in REASONS:
            out[r] = sum(1 for s in self.sentences if r in s.reasons)
        out["missing"] = out["sentences"] - out["answered"]
        return out

    def faithfulness_counts(self) -> dict[str, int]:
        """Sentences ``faithful`` / ``unfaithful`` (of those with words read) and, per fault,
        the words involved; ``<fault>_sentences`` the sentences with that fault."""
        read = [s for s in self.sentences if s.alignment is not None]
        out = {"read": len(read), "faithful": sum(1 for s in read if s.faithful)}
        out["unfaithful"] = out["read"] - out["faithful"]
        for f in FAULTS:
            out[f] = sum(s.word_faults[f] for s in read)
            out[f + "_sentences"] = sum(1 for s in read if s.word_faults[f])
        return out

    def rates(self) -> dict[str, float | None]:
        """Percent of gold sentences: valid, faithful, valid and faithful, and repaired (an
        invalid or unfaithful answer the repaired policy could score)."""
        n = len(self.sentences)

        def pct(k: int) -> float | None:
            return 100.0 * k / n if n else None
        return {"valid": pct(sum(1 for s in self.sentences if s.valid)),
                "faithful": pct(sum(1 for s in self.sentences if s.faithful)),
                "valid_and_faithful": pct(sum(1 for s in self.sentences if s.valid and s.faithful)),
                "repaired": pct(sum(1 for s in self.sentences if s.answer and not (s.valid and s.faithful)
                                    and s.results["repaired"].status is Status.VALID))}

    def repairs(self) -> Counter[str]:
        """How often each kind of repair was made."""
        out: Counter[str] = Counter()
        for s in self.sentences:
            for r in s.repairs:
                out[_repair_kind(r)] += 1
        return out


def _repair_kind(text: str) -> str:
    """A repair's kind: its text up to the first colon (``cycle broken: 2-4 at word 2...``)."""
    return text.split(":", 1)[0]


def words_of(item: Any) -> list[str]:
    if isinstance(item, Tree):
        return item.words
    if isinstance(item, DepSentence):
        return [w.form for w in item.words]
    return []


def score_answers(profile: Profile, config: Any, gold: Sequence[Any], answers: Sequence[Answer],
                  by_position: bool = False, gold_problems: Sequence[str] = ()) -> LlmReport:
    """Score `answers` against the `gold` items (None: an unreadable gold sentence, whose
    problem `gold_problems` may name) under both policies.  `by_position`: answer k is gold
    sentence k (one answer per sentence)."""
    gold_words = [words_of(g) for g in gold]
    problems = list(gold_problems) + [""] * (len(gold) - len(gold_problems))
    pairs = _pairs(gold, gold_words, answers, by_position)
    sentences: list[LlmSentence | None] = [None] * len(gold)
    extra: list[int] = []
    extra_results: list[SentenceResult] = []
    for g_idx, s_idx, kind in pairs:
        if len(g_idx) == 1 and len(s_idx) == 1:
            g = g_idx[0]
            sentences[g] = _one(profile, config, g, gold[g], gold_words[g], answers[s_idx[0]], kind,
                                problems[g])
            continue
        for g in g_idx:
            sentences[g] = _unanswered(profile, config, g, gold[g], gold_words[g],
                                       "missing" if not s_idx else kind, problems[g])
        for s in s_idx:
            extra.append(answers[s].index)
            if answers[s].item is not None:
                r = profile.score_unpaired(answers[s].item, "system", config, len(gold) + len(extra))
                r.status, r.message = Status.EXTRA, f"answer {answers[s].index} pairs with no gold sentence"
                extra_results.append(r)
    done = [s for s in sentences if s is not None]
    summaries = {p: profile.aggregate([s.results[p] for s in done] + extra_results, config)
                 for p in POLICIES}
    return LlmReport(profile.name, done, summaries, extra, len(answers))


Pairs = list[tuple[tuple[int, ...], tuple[int, ...], str]]


def _pairs(gold: Sequence[Any], gold_words: list[list[str]], answers: Sequence[Answer],
           by_position: bool) -> Pairs:
    """Which answer goes with which gold sentence.  By text (`align_sentences`); when there
    are as many answers as gold sentences, by position instead if that keeps more words in
    place (unfaithful answers and repeated sentences can lead the text alignment astray)."""
    positional: Pairs = [((k,), (k,), "same") for k in range(len(gold))]
    if len(answers) == len(gold) and by_position:
        return positional
    g_text = [text_key(w) if g is not None else None for g, w in zip(gold, gold_words)]
    s_words = [words_of(a.item) for a in answers]
    aligned: Pairs = [(p.gold, p.system, p.kind)
                      for p in align_sentences(g_text, [text_key(w) for w in s_words])]
    if len(answers) != len(gold) or all(len(g) == len(s) == 1 and g == s for g, s, _ in aligned):
        return aligned

    def kept(pairs: Pairs) -> int:
        return sum(sum(1 for k in align_words(gold_words[g[0]], s_words[s[0]]).gold_kind if k == "same")
                   for g, s, _ in pairs if len(g) == len(s) == 1)
    return positional if kept(positional) > kept(aligned) else aligned


def _unreadable(profile: Profile, index: int, problem: str) -> SentenceResult:
    return profile.score_error(index, "the gold sentence could not be read"
                               + (f": {problem}" if problem else ""))


def _no_parse(profile: Profile, config: Any, index: int, gold: Any, why: str,
              problem: str = "") -> SentenceResult:
    if gold is None:
        return _unreadable(profile, index, problem)
    r = profile.score_unpaired(gold, "gold", config, index)
    r.status, r.message = Status.NO_PARSE, f"no parse: {why}"
    return r


def _unanswered(profile: Profile, config: Any, g: int, gold: Any, words: list[str],
                kind: str, problem: str) -> LlmSentence:
    why = "no answer pairs with this sentence" if kind == "missing" else \
        f"the answers cut the sentences differently ({kind})"
    s = LlmSentence(g + 1, words, pairing=kind)
    s.results["strict"] = s.results["repaired"] = _no_parse(profile, config, g + 1, gold, why, problem)
    return s


def _one(profile: Profile, config: Any, g: int, gold: Any, words: list[str], answer: Answer,
         kind: str, problem: str) -> LlmSentence:
    item = answer.item
    s = LlmSentence(g + 1, words, answer.index, words_of(item), pairing=kind)
    s.reasons = reasons(item, answer.faults)
    s.repairs = list(answer.repairs)
    if item is None:          # empty or unparsable: no parse under both policies
        s.results["strict"] = s.results["repaired"] = _no_parse(profile, config, g + 1, gold,
                                                                ", ".join(s.reasons), problem)
        return s
    if gold is None:          # nothing to be faithful to: not scored, the gold's problem named
        s.results["strict"] = s.results["repaired"] = _unreadable(profile, g + 1, problem)
        return s
    s.alignment = align_words(words, s.system_words)
    # strict: the parse as read, only when valid and faithful
    if not s.reasons and s.alignment.faithful:
        # nothing to repair: the one result stands for both policies (scored once)
        s.results["strict"] = s.results["repaired"] = profile.score(gold, item, config, g + 1)
        return s
    whys = [f"invalid ({', '.join(s.reasons)})"] if s.reasons else []
    if not s.alignment.faithful:
        whys.append("unfaithful (" + ", ".join(f"{n} {k}" for k, n in s.alignment.counts.items() if n) + ")")
    s.results["strict"] = _no_parse(profile, config, g + 1, gold, "; ".join(whys))
    # repaired: structure mended, words aligned back (empty / unparsable answers have no item)
    fixed = item
    if isinstance(item, DepSentence) and (STRUCTURAL & set(s.reasons) or not s.alignment.faithful):
        fixed, more = repair_structure(item)
        s.repairs += more
    if not s.alignment.faithful:
        if isinstance(fixed, Tree):
            fixed, more = realign_tree(fixed, words, s.alignment)
        else:
            fixed, more = realign_deps(fixed, words, s.alignment)
        s.repairs += more
    s.results["repaired"] = profile.score(gold, fixed, config, g + 1)
    s.results["repaired"].data["repaired_item"] = fixed
    return s
