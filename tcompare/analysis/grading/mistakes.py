"""The class's most frequent mistakes.

Constituency: Kummerfeld et al.'s error classes (`analysis.errors`, the repair search that
`tcompare errors` runs) over every sentence a student handed in and the profile scored,
summed over the class.  Dependencies: relation confusions read off the scorer's arc
verdicts (`analysis.confusion`: the head is right, the relation is not: ``obl -> nmod``)
and attachment errors per gold relation (``wrong head: obl``), summed over the class.
Nothing here decides a match: the arcs' verdicts are the profile's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from tcompare.analysis.confusion import confusion
from tcompare.analysis.errors import analyse_pair, analyse_trees
from tcompare.analysis.errors.rtree import Fallback, from_ptb_text
from tcompare.formats.sizes import ANALYSIS_LIMIT, refusal
from tcompare.scoring.base import SentenceResult, Verdict

CHINESE_NOTATIONS = ("tct", "tct2012", "sinica", "pku")
WRONG_HEAD = (Verdict.WRONG_HEAD, Verdict.WRONG_BOTH)


@dataclass
class Mistake:
    name: str
    occurrences: int = 0
    weight: int = 0                     # constituency: brackets the steps fix; deps: words
    students: list[str] = field(default_factory=list)
    examples: list[tuple[str, int]] = field(default_factory=list)   # (student, gold sentence)

    def add(self, student: str, sentence: int, n: int, weight: int) -> None:
        self.occurrences += n
        self.weight += weight
        if student not in self.students:
            self.students.append(student)
        if (student, sentence) not in self.examples:
            self.examples.append((student, sentence))

    def to_json(self) -> dict[str, Any]:
        return {"mistake": self.name, "occurrences": self.occurrences, "weight": self.weight,
                "students": self.students,
                "examples": [{"student": s, "sentence": n} for s, n in self.examples]}


def language_of(notation: str) -> str:
    return "chinese" if notation in CHINESE_NOTATIONS else "english"


def sentence_error_classes(gold_record: Any, system_record: Any, index: int, notation: str,
                           system_notation: str) -> list[tuple[str, int]]:
    """(class, brackets fixed) of each repair step on one pair of readable trees, as
    `tcompare errors` finds them (its PTB text path first, the model trees otherwise)."""
    language = language_of(notation)
    if notation == "ptb" and system_notation == "ptb":
        try:
            found = analyse_trees(index, from_ptb_text(gold_record.source),
                                  from_ptb_text(system_record.source), language)
            return [(s.category, s.fixed) for s in found.steps]
        except Fallback:
            pass
    found = analyse_pair(index, gold_record.item, system_record.item, language,
                         notation == "ptb")
    return [(s.category, s.fixed) for s in found.steps]


def dependency_mistakes(result: SentenceResult) -> list[tuple[str, int]]:
    """(mistake, words) on one scored sentence: relation confusions and wrong heads."""
    out: list[tuple[str, int]] = []
    for gold_rel, system_rel, n in confusion([result], "label").off_diagonal():
        out.append((f"{gold_rel} -> {system_rel}", n))
    heads: dict[str, int] = {}
    for item in result.gold_items:
        if item.kind == "arc" and item.verdict in WRONG_HEAD:
            heads[item.label] = heads.get(item.label, 0) + 1
    out.extend((f"wrong head: {rel}", n) for rel, n in sorted(heads.items()))
    return out


def ranked(mistakes: dict[str, Mistake]) -> list[Mistake]:
    """Most occurrences first, then most weight, then by name (as `tcompare errors`)."""
    return sorted(mistakes.values(), key=lambda m: (-m.occurrences, -m.weight, m.name))


def class_mistakes(gold: Any, students: Sequence[Any], kind: str) -> list[Mistake]:
    """Every handed-in, scored sentence of every student (see the module docstring)."""
    from tcompare.analysis.grading.students import DONE

    table: dict[str, Mistake] = {}
    for student in students:
        system = student.corpus
        if system is None:
            continue
        for cell in student.cells:
            if cell.state != DONE or cell.result < 0:
                continue
            pair = student.pairs[cell.result]
            result = student.results[cell.result]
            if len(pair.gold) != 1 or len(pair.system) != 1:
                continue
            g, s = gold[pair.gold[0]], system[pair.system[0]]
            if (refusal((gold,), ANALYSIS_LIMIT, "grade", pair.gold)
                    or refusal((system,), ANALYSIS_LIMIT, "grade", pair.system)):
                continue         # too big for the repair search (`tcompare errors` refuses it)
            if kind == "dependency":
                found = [(name, n, n) for name, n in dependency_mistakes(result)]
            else:
                found = [(name, 1, fixed) for name, fixed in sentence_error_classes(
                    g, s, cell.gold, gold.notation, system.notation)]
            for name, n, weight in found:
                table.setdefault(name, Mistake(name)).add(student.name, cell.gold, n, weight)
    return ranked(table)
