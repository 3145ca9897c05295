"""`tcompare grade GOLD SUBMISSION... [--profile P] [--output text|csv|json]
[--thresholds SPEC | --linear SPEC | --rule FILE] [--feedback DIR --level score|items|drawing]
[--summary FILE.html] [--language en|zh_CN|zh_TW]`: grade a class's tree exercises (docs/grading.md).

SUBMISSION: files, or folders whose files are all submissions.  Each is read in the gold
file's notation and scored as `tcompare score` scores it (`analysis.grading`); a submission
that does not line up with the gold file is paired by text and what did not pair is told on
stderr, per student.  stdout: the gradebook (text, CSV for the course's gradebook, or JSON
with every cell of the heat map, the mistakes and the sentences nobody got right).
Exit codes: 0 graded, 1 the gold file cannot be read, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from tcompare.cli.table import choose_profile

UNSUPPORTED = {"phenomena": "it reads a gold phenomenon list, not trees"}
STATE_MARK = {"missing": ".", "unreadable": "x", "mismatch": "~", "not_scored": "-"}


class GradeUsage(Exception):
    """A usage problem found after argument parsing (exit 2)."""


def build_parser(profile: Any) -> argparse.ArgumentParser:
    from tcompare.export.grading_files import LEVELS

    p = argparse.ArgumentParser(
        prog="tcompare grade",
        description="Grade a class: each submission scored as tcompare score scores it, a "
                    "grade from the teacher's rule, the class's heat map and mistakes.")
    p.add_argument("gold")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                   help="a student's file, or a folder of them")
    p.add_argument("--profile", default=profile.name)
    p.add_argument("--format", help="notation of every file (default: the gold file's)")
    p.add_argument("--encoding", help="encoding of every file (default: detected)")
    p.add_argument("--output", choices=("text", "csv", "json"), default="text")
    p.add_argument("-o", "--out", metavar="FILE", help="write the gradebook here, not stdout")
    rule = p.add_mutually_exclusive_group()
    rule.add_argument("--thresholds", metavar="SPEC",
                      help="grade:lowest figure, highest first (default: A:90,B:80,C:70,D:60,F:0)")
    rule.add_argument("--linear", metavar="F0:G0,F1:G1",
                      help="a grade on a straight line: figure F0 -> G0, F1 -> G1 (clamped)")
    rule.add_argument("--rule", metavar="FILE", help="a rule file (docs/grading.md)")
    p.add_argument("--round", type=float, default=0.01, dest="round_to",
                   help="a linear grade is rounded to a multiple of this (default 0.01)")
    p.add_argument("--figure", help="the summary figure graded (default: the profile's F1)")
    p.add_argument("--names", help="comma-separated names of the students, in order")
    p.add_argument("--feedback", metavar="DIR", help="write one feedback file per student here")
    p.add_argument("--level", choices=LEVELS, default="items",
                   help="feedback: the score only, the items wrong (default), or the drawings")
    p.add_argument("--summary", metavar="FILE", help="write the class summary (HTML) here")
    p.add_argument("--language", choices=("en", "zh_CN", "zh_TW"), default="en",
                   help="the language of the feedback pages and the class summary")
    p.add_argument("--no-mistakes", action="store_true",
                   help="skip the error classes (the repair search takes time on big classes)")
    names = {"prm": ["-p", "--prm"]}
    for option in profile.options:
        flags = names.get(option.name, ["--" + option.name.replace("_", "-")])
        if option.type is bool:
            p.add_argument(*flags, dest=option.name, action="store_true", default=option.default,
                           help=option.help)
        else:
            p.add_argument(*flags, dest=option.name, type=option.type, default=option.default,
                           choices=option.choices, help=option.help)
    return p


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    profile = choose_profile(argv, "grade", UNSUPPORTED, err)
    if profile is None:
        return 2
    args = build_parser(profile).parse_args(argv)
    try:
        return _run(args, profile, out, err)
    except GradeUsage as exc:
        err.write(f"tcompare grade: {exc}\n")
        return 2


def make_rule(args: argparse.Namespace) -> Any:
    from tcompare.analysis import grading

    try:
        if args.rule:
            rule = grading.read_rule(args.rule)
        elif args.linear:
            rule = grading.parse_linear(args.linear, step=args.round_to)
        else:
            rule = grading.parse_thresholds(args.thresholds or grading.DEFAULT_THRESHOLDS)
    except grading.RuleError as exc:
        raise GradeUsage(str(exc)) from None
    if args.figure:
        from dataclasses import replace

        rule = replace(rule, figure=args.figure)
    return rule


def _run(args: argparse.Namespace, profile: Any, out: TextIO, err: TextIO) -> int:
    from tcompare import formats
    from tcompare.analysis import grading
    from tcompare.scoring.pairing import kind_problem

    rule = make_rule(args)
    try:
        paths = grading.collect_submissions(args.submissions, args.gold)
    except grading.GradingError as exc:
        raise GradeUsage(str(exc)) from None
    names = None
    if args.names is not None:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != len(paths):
            raise GradeUsage(f"--names gives {len(names)} names for {len(paths)} submissions")
    options = {o.name: getattr(args, o.name) for o in profile.options}
    try:
        config = profile.prepare(options)
    except OSError as exc:
        err.write(f"tcompare grade: cannot read {exc.filename}: {exc.strerror}\n")
        return 1
    except ValueError as exc:
        raise GradeUsage(str(exc)) from None
    try:
        gold = formats.read_file(args.gold, args.format, args.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare grade: {exc}\n")
        return 1
    if not len(gold):
        err.write(f"tcompare grade: {args.gold} holds no sentence to grade against\n")
        return 1
    from tcompare.formats.sizes import SCORE_LIMIT, refusal

    problem = kind_problem(profile, gold) or refusal((gold,), SCORE_LIMIT, "grade")
    if problem:
        err.write(f"tcompare grade: {problem}\n")
        return 1
    for error in gold.errors():
        err.write(f"tcompare grade: gold: {error}\n")
    try:
        grades = grading.grade_class(gold, paths, profile, config, rule, names, args.format,
                                     args.encoding, mistakes=not args.no_mistakes)
    except grading.GradingError as exc:
        raise GradeUsage(str(exc)) from None
    tell_teacher(grades, err)
    text = render(grades, args.output, args.gold)
    if args.out:
        from tcompare.atomic_file import atomic_write_text

        atomic_write_text(args.out, text)
    else:
        out.write(text)
    if args.feedback or args.summary:
        from tcompare.export import grading_files

        if args.feedback:
            written = grading_files.write_feedback(grades, args.feedback, args.level,
                                                   args.language)
            err.write(f"tcompare grade: {len(written)} feedback files in {args.feedback}\n")
        if args.summary:
            grading_files.write_summary(grades, args.summary, args.language)
    return 0


def tell_teacher(grades: Any, err: TextIO) -> None:
    """Per student, what could not be graded as handed in (stderr)."""
    from tcompare.analysis.grading import AS_SCORE

    for s in grades.students:
        lines = ([f"cannot be graded: {s.error}"] if s.error else
                 [f"unreadable: {p}" for p in s.problems]
                 + [f"not paired as handed in: {m}" for m in s.mismatches])
        if s.how != AS_SCORE and not s.error:
            lines.append(f"{s.how} (profile {grades.profile.name} pairs by position)")
        for line in lines:
            err.write(f"tcompare grade: {s.name}: {line}\n")


# -- the gradebook ------------------------------------------------------------------------------

def figure_keys(grades: Any) -> list[str]:
    from tcompare.export.grading_files import figure_keys as keys_of

    return keys_of(grades)


def render(grades: Any, output: str, gold_path: str) -> str:
    import io

    buf = io.StringIO()
    if output == "csv":
        from tcompare.export.grading_files import gradebook_csv

        buf.write(gradebook_csv(grades))
    elif output == "json":
        json.dump(to_json(grades, gold_path), buf, ensure_ascii=False, indent=1)
        buf.write("\n")
    else:
        write_text(grades, gold_path, buf)
    return buf.getvalue()


def to_json(grades: Any, gold_path: str) -> dict[str, Any]:
    return {"profile": grades.profile.name, "gold": gold_path, "figure": grades.figure,
            "sentence_figure": grades.cell_figure, "rule": grades.rule.describe(),
            "sentences": len(grades.gold),
            "students": [{"submission": s.path, "student": s.name, "summary": s.figures,
                          "sentences": s.count("done"), "missing": s.count("missing"),
                          "unreadable": s.count("unreadable"), "mismatched": s.count("mismatch"), "extra": s.extra,
                          "not_scored": s.count("not_scored"), "grade": s.grade, "how": s.how,
                          "error": s.error, "problems": s.problems, "mismatches": s.mismatches,
                          "cells": [{"sentence": c.gold, "state": c.state, "value": c.value,
                                     "right": c.right} for c in s.cells]}
                         for s in grades.students],
            "mistakes": [m.to_json() for m in grades.mistakes],
            "nobody_right": grades.nobody_right(),
            "right_counts": grades.right_counts()}


def _cell_text(cell: Any) -> str:
    if cell.state in STATE_MARK:
        return STATE_MARK[cell.state]
    return "-" if cell.value is None else f"{cell.value:.0f}"


def write_text(grades: Any, gold_path: str, out: Any) -> None:
    keys = figure_keys(grades)
    out.write(f"{len(grades.students)} submissions graded against {gold_path} "
              f"({len(grades.gold)} sentences), profile {grades.profile.name}; grade on "
              f"{grades.figure}, {grades.rule.describe()}\n\n")
    width = max([7] + [len(s.name) for s in grades.students])
    heads = ["done", "missing", "unread.", "mismatch", "extra", *keys, "grade"]
    out.write(f"{'student':<{width}}  " + "  ".join(f"{h:>8}" for h in heads) + "\n")
    for s in grades.students:
        figures = s.figures
        values = [str(s.count("done")), str(s.count("missing")), str(s.count("unreadable")),
                  str(s.count("mismatch")), str(s.extra)]
        values += [f"{figures[k]:.2f}" if k in figures else "-" for k in keys]
        out.write(f"{s.name:<{width}}  " + "  ".join(f"{v:>8}" for v in values)
                  + f"  {s.grade:>8}\n")
    out.write(f"\nheat map: {grades.cell_figure or 'score'} per sentence (. missing, "
              "x unreadable, ~ other words, - not scored)\n")
    n = len(grades.gold)
    out.write(f"{'':<{width}}  " + "".join(f"{i + 1:>4}" for i in range(n)) + "\n")
    for s in grades.students:
        out.write(f"{s.name:<{width}}  " + "".join(f"{_cell_text(c):>4}" for c in s.cells) + "\n")
    counts = grades.right_counts()
    out.write(f"{'right':<{width}}  " + "".join(f"{c:>4}" for c in counts) + "\n")
    nobody = grades.nobody_right()
    out.write("\nsentences nobody got right: "
              + (", ".join(map(str, nobody)) if nobody else "none") + "\n")
    if grades.mistakes:
        unit = "words" if grades.kind == "dependency" else "brackets"
        out.write(f"\nmost frequent mistakes (occurrences, {unit}, students):\n")
        for m in grades.mistakes[:15]:
            out.write(f"{m.occurrences:6d} {m.weight:6d} {len(m.students):4d}  {m.name}\n")
