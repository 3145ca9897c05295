"""One student's submission graded: the profile's figures and one cell per gold sentence.

The figures are those of the run `tcompare score` makes for that file (`scoring.runs.run`:
the same pairs, results and summary as ``score --output json``), with one exception that
grading needs: a profile that pairs by position as its reference program does (EVALB,
eval.pl) would shift every sentence after a dropped one, leave a sentence it cannot read
or whose words differ out of the figures (a student would gain by breaking a hard tree),
and EVALB stops reading after MAX_ERROR such sentences.  When a submission does not line
up with the gold file sentence for sentence with the same words, or holds a sentence that
cannot be read, it is paired by its text instead (`pairing.pair_corpora`, as `tcompare
table` does), and a sentence that cannot be read, is empty or has other words counts as
missing (its gold items count in recall, `pairing.missing_records`: the text profiles'
rule); `StudentGrade.how` says which run was used.

Nothing here decides a match: every verdict and figure comes from the profile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tcompare import formats
from tcompare.formats.sizes import SCORE_LIMIT, refusal
from tcompare.model.corpus import Corpus
from tcompare.scoring import runs
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import (UNSCORED, Profile, SentenceResult, Status, Summary,
                                   counted, uncounted, zeroed)
from tcompare.scoring.pairing import (is_no_parse, kind_problem, missing_records, pair_corpora,
                                      pair_problem, score_one)

# the state of one gold sentence in one submission
DONE = "done"               # handed in and scored
MISSING = "missing"         # not handed in (no sentence, or an empty one): counts as no parse
UNREADABLE = "unreadable"   # handed in but cannot be read (syntax error): counts as missing
MISMATCH = "mismatch"       # other words / other sentence boundaries than the gold sentence
NOT_SCORED = "not_scored"   # the profile left it out (the reference program's own rule)
STATES = (DONE, MISSING, UNREADABLE, MISMATCH, NOT_SCORED)

AS_SCORE = "as tcompare score"
BY_TEXT = "paired by text; unreadable, empty and other-word sentences counted as missing"


@dataclass(slots=True)
class Cell:
    """One gold sentence in one submission: the heat map's cell."""

    gold: int                      # 1-based gold sentence number
    state: str
    value: float | None = None     # the profile's per-sentence figure (None: none)
    right: bool = False            # scored and equal to gold (the profile's `disagrees`)
    message: str = ""
    result: int = -1               # position of its result in `StudentGrade.results`


@dataclass
class StudentGrade:
    name: str
    path: str
    summary: Summary | None = None
    results: list[SentenceResult] = field(default_factory=list)
    pairs: list[SentencePair] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)    # file:line:column: message
    mismatches: list[str] = field(default_factory=list)  # told to the teacher, per sentence
    extra: int = 0                                       # submitted sentences no gold one pairs with
    error: str = ""                                      # the whole file could not be graded
    how: str = AS_SCORE
    grade: str = ""
    corpus: Corpus | None = None

    @property
    def figures(self) -> dict[str, float]:
        """The summary figures as ``score --output json`` prints them (0/0 as 0)."""
        return zeroed(self.summary.metrics) if self.summary is not None else {}

    def count(self, state: str) -> int:
        return sum(1 for c in self.cells if c.state == state)

    def cell(self, gold: int) -> Cell:
        return self.cells[gold - 1]

    def result_of(self, gold: int) -> SentenceResult | None:
        cell = self.cells[gold - 1]
        return self.results[cell.result] if cell.result >= 0 else None


def read_submission(path: str, notation: str | None, encoding: str | None) -> Corpus:
    """A submission read in the gold file's notation (raises `formats.ReadError`)."""
    return formats.read_file(path, notation, encoding)


def grade_student(gold: Corpus, path: str, name: str, profile: Profile, config: Any,
                  figure_key: str | None, notation: str | None = None,
                  encoding: str | None = None) -> StudentGrade:
    """Read and score one submission (never raises for a bad file: `error` says why)."""
    student = StudentGrade(name, path)
    try:
        system = read_submission(path, notation or gold.notation or None, encoding)
    except formats.ReadError as exc:
        return _unreadable_file(student, gold, str(exc))
    problem = kind_problem(profile, system) if len(system) else None
    if problem:
        return _unreadable_file(student, gold, problem)
    too_big = refusal((system,), SCORE_LIMIT, "grade")
    if too_big:          # refused before a tree is built, as `score` refuses it
        return _unreadable_file(student, gold, too_big)
    student.corpus = system
    student.problems = [str(e) for e in system.errors()]
    try:
        _score_student(student, gold, system, profile, config)
    except Exception as exc:         # one student's file never stops the class: named
        student.corpus, student.summary, student.pairs, student.results = None, None, [], []
        return _unreadable_file(student, gold, f"{path}: could not be scored "
                                               f"({type(exc).__name__}: {exc})")
    if student.error:
        return student
    student.cells = _cells(gold, system, student, profile, figure_key)
    return student


def _score_student(student: StudentGrade, gold: Corpus, system: Corpus, profile: Profile,
                   config: Any) -> None:
    run = None
    if runs.rule_of(profile) != "position" or not _needs_text_pairing(gold, system, profile):
        run = runs.run(profile, gold, system, config, text_of=formats.format_corpus)
        if run.refusal is not None:
            _unreadable_file(student, gold, run.refusal)
            return
        if runs.rule_of(profile) == "position" and any(UNSCORED in r.data for r in run.results):
            run = None          # the program stopped reading (EVALB's MAX_ERROR): grade it all
    if run is None:
        student.how = BY_TEXT
        student.pairs = pair_corpora(gold, system, profile)
        student.results = [_score_graded(gold, system, p, profile, config) for p in student.pairs]
        student.summary = profile.aggregate(counted(student.results), config)
    else:
        student.pairs, student.results, student.summary = run.pairs, run.results, run.summary


def _needs_text_pairing(gold: Corpus, system: Corpus, profile: Profile) -> bool:
    """Whether a positional profile's run would not grade this submission sentence for
    sentence: other counts, a sentence that cannot be read, or other words somewhere."""
    if len(gold) != len(system) or any(r.error is not None for r in system):
        return True
    return any(p.kind != "same" for p in pair_corpora(gold, system, profile))


def _score_graded(gold: Corpus, system: Corpus, pair: SentencePair, profile: Profile,
                  config: Any) -> SentenceResult:
    """A pair of a positional profile's submission paired by text: a sentence that cannot be
    read, is empty or has other words than its gold sentence counts as missing (the text
    profiles' rule, spec/metrics.md §11: never better than no parse); the rest is scored by
    the profile as its program scores it."""
    if len(pair.gold) == 1 and len(pair.system) == 1:
        (i,), (j,) = pair.gold, pair.system
        g, s = gold[i], system[j]
        why = ""
        if g.error is None and s.error is not None:
            why = f"the submitted sentence cannot be read ({s.error})"
        elif g.error is None and is_no_parse(s.item) and not is_no_parse(g.item):
            why = f"the submitted sentence is empty ({system.path}:{s.line})"
        elif g.error is None and pair.kind == "changed":
            why = f"{pair_problem(g.item, s.item, profile)} ({system.path}:{s.line})"
        if why:
            result = missing_records(gold.path, [(i + 1, g)], profile, config,
                                     why + "; its gold items count as missing")
            result.data["pair"] = pair.to_json()
            return result
    result = score_one(gold, system, pair, profile, config)
    result.data["pair"] = pair.to_json()
    return result


def _unreadable_file(student: StudentGrade, gold: Corpus, why: str) -> StudentGrade:
    student.error = why
    student.problems = [why]
    student.cells = [Cell(i + 1, UNREADABLE, None, False, why) for i in range(len(gold))]
    return student


def _state(pair: SentencePair, result: SentenceResult, system: Corpus) -> str:
    if uncounted(result):
        return NOT_SCORED
    if pair.kind == "missing" or result.status is Status.NO_PARSE:
        return MISSING
    if len(pair.system) == 1:
        record = system[pair.system[0]]
        if record.error is not None:
            return UNREADABLE
        if is_no_parse(record.item):         # a blank line, "()": handed in empty
            return MISSING
    if pair.kind in ("changed", "joined", "split"):
        return MISMATCH
    if result.status is Status.MISSING:        # scored as missing for another reason
        return MISMATCH
    if not result.valid:
        return NOT_SCORED
    return DONE


def _cells(gold: Corpus, system: Corpus, student: StudentGrade, profile: Profile,
           figure_key: str | None) -> list[Cell]:
    cells: list[Cell | None] = [None] * len(gold)
    for k, (pair, result) in enumerate(zip(student.pairs, student.results)):
        state = _state(pair, result, system)
        where = ", ".join(str(j + 1) for j in pair.system)
        if not pair.gold:
            student.extra += 1
            student.mismatches.append(f"submitted sentence {where} pairs with no gold sentence"
                                      f" ({result.message or 'extra'})")
            continue
        if state == MISMATCH:
            gold_list = ", ".join(str(i + 1) for i in pair.gold)
            student.mismatches.append(f"gold sentence {gold_list} / submitted sentence "
                                      f"{where or '-'}: {result.message or pair.kind}")
        value = None
        if result.valid and figure_key is not None:
            raw = result.scores.get(figure_key)
            value = 0.0 if raw is None and state != DONE else raw
        right = state == DONE and not profile.disagrees(result)
        for n, i in enumerate(pair.gold):
            if cells[i] is None:
                cells[i] = Cell(i + 1, state, value if n == 0 else None, right and n == 0,
                                result.message, k if n == 0 else -1)
    return [c if c is not None else Cell(i + 1, MISSING, None, False, "no pair")
            for i, c in enumerate(cells)]
