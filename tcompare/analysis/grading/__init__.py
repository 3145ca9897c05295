"""Grading a class's tree exercises (issue 32): `grade_class(gold, paths, profile, ...)`.

Each submission is scored as `tcompare score` scores it (`students.grade_student`), given a
grade by the teacher's rule (`rules`), and the class is summed up: a heat map of gold
sentences x students (`ClassGrades.heat_map`), the most frequent mistakes (`mistakes`), the
sentences nobody got right.  No Qt, no file written here: the CLI (`cli/grade.py`) and the
window (`gui/teaching/grading*.py`) show a `ClassGrades`; `export/grading_files.py` writes
the gradebook, the feedback files and the class summary.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from tcompare.analysis.grading.mistakes import Mistake, class_mistakes
from tcompare.analysis.grading.rules import (DEFAULT_THRESHOLDS, GradeRule, RuleError,
                                             parse_linear, parse_thresholds, read_rule)
from tcompare.analysis.grading.students import (AS_SCORE, BY_TEXT, DONE, MISMATCH, MISSING,
                                                NOT_SCORED, STATES, UNREADABLE, Cell,
                                                StudentGrade, grade_student)
from tcompare.model.corpus import Corpus
from tcompare.scoring.base import Profile

__all__ = ["AS_SCORE", "BY_TEXT", "DEFAULT_THRESHOLDS", "DONE", "MISMATCH", "MISSING", "NOT_SCORED", "STATES",
           "UNREADABLE", "Cell", "ClassGrades", "GradeRule", "GradingCancelled", "GradingError", "Mistake",
           "RuleError", "StudentGrade", "collect_submissions", "grade_class", "main_figure",
           "parse_linear", "parse_thresholds", "read_rule", "sentence_figure", "student_names"]


class GradingError(Exception):
    """A class that cannot be graded at all (no submission, unknown figure)."""


class GradingCancelled(GradingError):
    """The teacher stopped the grading (the window's Cancel): nothing is graded."""


def _is_f(key: str) -> bool:
    return key == "fmeasure" or key.endswith("F1")


def main_figure(profile: Profile) -> str:
    """The summary figure graded by default: the profile's first F1 (LAS for dependencies)."""
    keys = list(profile.headline) or list(profile.columns)
    return next((k for k in keys if _is_f(k)), keys[0] if keys else "fmeasure")


def sentence_figure(profile: Profile, main: str) -> str | None:
    """The per-sentence figure the heat map shows (the main figure's sentence twin)."""
    columns = list(profile.columns)
    for key in (main, main.split("_", 1)[-1]):
        if key in columns:
            return key
    return next((k for k in columns if _is_f(k)), columns[0] if columns else None)


def collect_submissions(args: Iterable[str], gold_path: str = "") -> list[str]:
    """Files as given, and the files of each folder given that have the gold file's
    extension (sorted, hidden files left out); the gold file is never a submission.  Raises `GradingError` for a name that does not exist."""
    out: list[str] = []
    gold = os.path.abspath(gold_path) if gold_path else ""
    suffix = os.path.splitext(gold_path)[1]
    for arg in args:
        if os.path.isdir(arg):
            for name in sorted(os.listdir(arg)):
                path = os.path.join(arg, name)
                if name.startswith(".") or not os.path.isfile(path):
                    continue
                # a folder holds what students handed in, and perhaps notes: the files
                # with the gold file's extension (all files when the gold file has none)
                if suffix and os.path.splitext(name)[1] != suffix:
                    continue
                if os.path.abspath(path) != gold:
                    out.append(path)
        elif os.path.exists(arg) or arg == "-":
            if not gold or os.path.abspath(arg) != gold:     # (a glob that caught the gold)
                out.append(arg)
        else:
            raise GradingError(f"{arg}: no such file or folder")
    if not out:
        raise GradingError("no submission to grade")
    return out


def student_names(paths: Sequence[str]) -> list[str]:
    """File names without extension; with their folder, then a number, where they repeat."""
    stems = [os.path.splitext(os.path.basename(p))[0] or p for p in paths]
    names = [os.path.join(os.path.basename(os.path.dirname(os.path.abspath(p))), s)
             if stems.count(s) > 1 else s for p, s in zip(paths, stems)]
    return [f"{n}#{names[:k].count(n) + 1}" if names.count(n) > 1 else n
            for k, n in enumerate(names)]


@dataclass
class ClassGrades:
    profile: Profile
    gold: Corpus
    rule: GradeRule
    figure: str                              # the graded summary figure
    cell_figure: str | None                  # the heat map's per-sentence figure
    students: list[StudentGrade] = field(default_factory=list)
    mistakes: list[Mistake] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.profile.kind

    def heat_map(self) -> list[list[Cell]]:
        """Rows: gold sentences; columns: students (in the order given)."""
        return [[s.cells[i] for s in self.students] for i in range(len(self.gold))]

    def gradable(self) -> list[int]:
        """1-based gold sentences that have something to grade (a blank gold line has not)."""
        return [i + 1 for i, r in enumerate(self.gold)
                if r.error is not None or _has_words(r.item)]

    def nobody_right(self) -> list[int]:
        """1-based gold sentences no student got right."""
        return [n for n in self.gradable()
                if not any(s.cells[n - 1].right for s in self.students)]

    def right_counts(self) -> list[int]:
        """Per gold sentence: how many students got it right."""
        return [sum(1 for s in self.students if s.cells[i].right) for i in range(len(self.gold))]

    def student(self, name: str) -> StudentGrade:
        return next(s for s in self.students if s.name == name)


def _has_words(item: Any) -> bool:
    from tcompare.scoring.pairing import is_no_parse

    return not is_no_parse(item)


def grade_class(gold: Corpus, paths: Sequence[str], profile: Profile, config: Any,
                rule: GradeRule | None = None, names: Sequence[str] | None = None,
                notation: str | None = None, encoding: str | None = None,
                mistakes: bool = True,
                progress: Callable[[int, int, str], None] | None = None,
                stop: Callable[[], bool] | None = None) -> ClassGrades:
    """Grade every submission in `paths` against `gold` (see the module docstring).
    `stop()` is asked before each student; True raises `GradingCancelled`."""
    rule = rule or parse_thresholds(DEFAULT_THRESHOLDS)
    figure = rule.figure or main_figure(profile)
    names = list(names) if names is not None else student_names(paths)
    grades = ClassGrades(profile, gold, rule, figure, sentence_figure(profile, figure))
    for k, (path, name) in enumerate(zip(paths, names)):
        if stop is not None and stop():
            raise GradingCancelled("cancelled: nothing was graded")
        if progress is not None:
            progress(k, len(paths), name)
        student = grade_student(gold, path, name, profile, config, grades.cell_figure,
                                notation, encoding)
        if student.summary is not None and figure not in student.summary.metrics:
            raise GradingError(f"figure {figure!r} is not one of profile {profile.name}'s: "
                               f"{', '.join(student.summary.metrics)}")
        student.grade = rule.grade(student.figures.get(figure))
        grades.students.append(student)
    if stop is not None and stop():
        raise GradingCancelled("cancelled: nothing was graded")
    if mistakes:
        grades.mistakes = class_mistakes(gold, grades.students, profile.kind)
    return grades
