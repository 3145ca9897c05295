"""Parse error classes (Kummerfeld et al. EMNLP 2012 for English, ACL 2013 for Chinese).

`analyse_corpora(gold, system, language)` runs the greedy repair search (`search`) on every
sentence pair and names each step (`classes`).  `ErrorReport.counts()` gives the analyser's
``.error_counts`` lines ``(occurrences, brackets fixed, class)`` in its order: occurrences,
then brackets, then class name, all descending.  Sentences are left out, as the analyser
leaves them out, when a side has no tree (empty or failed parse, nothing left after
cleaning), when the word counts differ after cleaning, when the search needs more than
100 steps, and when it spends its work budget (``search-stopped``, "search stopped: N steps":
a deep or wide tree the greedy search would take hours on); each such sentence keeps its
reason in `SentenceErrors.status` / ``message``.

No Qt here; the CLI is `tcompare errors` (`tcompare.cli.errors`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from tcompare.analysis.errors import classes
from tcompare.analysis.errors.rtree import Fallback, RNode, from_model, from_ptb_text, from_text
from tcompare.analysis.errors.search import MAX_STEPS, WORK_BUDGET, Repair, Step, repair

LANGUAGES = ("english", "chinese")

__all__ = ["LANGUAGES", "MAX_STEPS", "WORK_BUDGET", "ErrorReport", "RNode", "SentenceErrors",
           "Step", "analyse_corpora",
           "analyse_pair", "analyse_trees", "classify", "from_model", "from_text", "repair"]


@dataclass(slots=True)
class SentenceErrors:
    index: int                        # 1-based sentence number
    status: str                       # ok | no-gold | not-parsed | length-mismatch | no-path |
                                      # search-stopped | search-failed | unreadable
    message: str = ""
    initial_errors: int = 0
    steps: list[Step] = field(default_factory=list)
    gold: str = ""                    # cleaned trees the search ran on (bracketed)
    system: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sentence": self.index, "status": self.status}
        if self.message:
            out["message"] = self.message
        if self.status == "ok":
            out["initial_errors"] = self.initial_errors
            if self.gold:
                out["gold"] = self.gold
                out["system"] = self.system
            out["steps"] = [step.to_json() for step in self.steps]
        return out


@dataclass
class ErrorReport:
    language: str
    sentences: list[SentenceErrors] = field(default_factory=list)

    def counts(self) -> list[tuple[int, int, str]]:
        table: dict[str, list[int]] = {}
        for sentence in self.sentences:
            for step in sentence.steps:
                row = table.setdefault(step.category, [0, 0])
                row[0] += 1
                row[1] += step.fixed
        rows = [(n, fixed, name) for name, (n, fixed) in table.items()]
        rows.sort(reverse=True)
        return rows

    def status_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for sentence in self.sentences:
            out[sentence.status] = out.get(sentence.status, 0) + 1
        return out

    def sentences_with(self, category: str) -> list[int]:
        """1-based numbers of the sentences that have a step of this class."""
        return [s.index for s in self.sentences if any(st.category == category for st in s.steps)]


def classify(step: Step, language: str, gold_tags: list[str]) -> str:
    if language == "chinese":
        return classes.chinese(step.info, gold_tags)
    return classes.english(step.info)


def analyse_trees(index: int, gold: RNode | None, system: RNode | None, language: str = "english",
                  trees: bool = False, max_steps: int = MAX_STEPS) -> SentenceErrors:
    """Search and classify one pair of cleaned trees (``system`` is edited in place)."""
    if gold is None:
        return SentenceErrors(index, "no-gold", "no gold tree")
    if system is None:
        return SentenceErrors(index, "not-parsed", "no system tree")
    if gold.e != system.e:
        return SentenceErrors(index, "length-mismatch",
                              f"gold has {gold.e} words, system {system.e} (after cleaning)")
    gold_text, system_text = (str(gold), str(system)) if trees else ("", "")
    try:
        result: Repair = repair(gold, system, max_steps, trees)
    except ValueError as exc:   # a repair the search cannot apply (e.g. removing the root)
        return SentenceErrors(index, "search-failed", f"repair search failed: {exc}")
    if result.steps is None:
        return SentenceErrors(index, "no-path", f"no repair within {max_steps} steps",
                              result.initial_errors)
    if result.stopped:
        return SentenceErrors(index, "search-stopped", f"search stopped: {len(result.steps)} steps",
                              result.initial_errors)
    tags = [n.label for n in gold.preorder() if not n.kids]
    for step in result.steps:
        step.category = classify(step, language, tags)
    return SentenceErrors(index, "ok", "", result.initial_errors, result.steps, gold_text,
                          system_text)


def analyse_pair(index: int, gold_tree, system_tree, language: str = "english",
                 ptb_cleaning: bool = True, trees: bool = False) -> SentenceErrors:
    """One sentence from model trees (`tcompare.model.tree.Tree`, None for no tree)."""
    return analyse_trees(index, from_model(gold_tree, ptb_cleaning),
                         from_model(system_tree, ptb_cleaning), language, trees)


def analyse_corpora(gold, system, language: str = "english", trees: bool = False,
                    sentences: Iterable[int] | None = None) -> ErrorReport:
    """Every sentence pair of two corpora (`tcompare.model.corpus.Corpus`), by position.

    Labels are cleaned as the analyser cleans PTB input when the gold notation is ``ptb``;
    other notations (TCT, Sinica, ...) use the reader's categories as they are.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    ptb = gold.notation == "ptb"
    report = ErrorReport(language)
    total = min(len(gold), len(system))
    wanted = range(total) if sentences is None else [i - 1 for i in sentences if 0 < i <= total]
    fast = ptb and system.notation == "ptb"
    # iterated, not indexed, when all are wanted: a run of 10^6 blank sentences
    # (`model.corpus.Records`) then makes each record for the moment only
    pairs = zip(gold, system) if sentences is None else ((gold[i], system[i]) for i in wanted)
    for i, (g, s) in zip(wanted, pairs):
        if fast:
            try:
                report.sentences.append(analyse_trees(
                    i + 1, from_ptb_text(g.source), from_ptb_text(s.source), language, trees))
                continue
            except Fallback:
                pass
        if g.error is not None or s.error is not None:
            bad = g.error or s.error
            report.sentences.append(SentenceErrors(i + 1, "unreadable", str(bad)))
        else:
            report.sentences.append(analyse_pair(i + 1, g.item, s.item, language, ptb, trees))
        # memory stays flat over a huge corpus: a lazily read tree is parsed again if needed
        g.release()
        s.release()
    return report
