"""`tcompare errors GOLD SYSTEM [--language english|chinese] [--output text|json|csv]`.

Kummerfeld et al.'s error classes (`tcompare.analysis.errors`) for a constituency parser's
output.  Text: first the count lines ``<occurrences> <brackets> <class>`` in the order of
the analyser's ``.error_counts`` (occurrences, then brackets, then name, all descending);
then, after a blank line, ``#`` lines: how many sentences were analysed / left out and why,
bracket errors before repair, and for each class the sentences that have it.  JSON: the
counts and every step of every sentence (class, span / moved span, old and new parent,
brackets fixed; ``--trees`` adds the tree after each step).  CSV: the count table, or one
row per step with ``--steps``.  ``--sentence N`` (repeatable) restricts to those sentences.
Exit codes: 0 success, 1 a file cannot be read, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare.csv_cells import csv_writer
from tcompare import formats

CHINESE_NOTATIONS = ("tct", "tct2012", "sinica", "pku")
STATUS_TEXT = {"not-parsed": "no system tree", "no-gold": "no gold tree",
               "length-mismatch": "word counts differ", "no-path": "no repair in 100 steps",
               "search-stopped": "search stopped", "search-failed": "repair search failed", "unreadable": "unreadable"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare errors",
        description="Classify a parser's errors by repair steps (Kummerfeld et al. 2012/2013).")
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--language", choices=("english", "chinese"),
                        help="class set (default: chinese for TCT/Sinica/PKU input, else english)")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--format", help="notation of both files (default: sniffed)")
    parser.add_argument("--encoding", help="text encoding of both files (default: detected)")
    parser.add_argument("--steps", action="store_true", help="CSV: one row per step")
    parser.add_argument("--trees", action="store_true", help="JSON: the tree after each step")
    parser.add_argument("--sentence", "-n", type=int, action="append",
                        help="only this sentence (1-based; repeatable)")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.analysis.errors import analyse_corpora

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        gold = formats.read_file(args.gold, args.format, args.encoding)
        system = formats.read_file(args.system, args.format, args.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare errors: {exc}\n")
        return 1
    for corpus in (gold, system):
        if corpus.notation in ("conllx", "conllu"):
            err.write(f"tcompare errors: {corpus.path}: dependency trees have no brackets to "
                      f"repair; see tcompare breakdown / confusion\n")
            return 2
    from tcompare.formats.sizes import ANALYSIS_LIMIT, refusal

    too_big = refusal((gold, system), ANALYSIS_LIMIT, "errors",
                      None if args.sentence is None else [i - 1 for i in args.sentence])
    if too_big:        # before any tree is built: a 10^6-word pair took 15 s and 700 MB
        err.write(f"tcompare errors: {too_big}\n")
        return 1
    language = args.language or ("chinese" if gold.notation in CHINESE_NOTATIONS else "english")
    if len(gold) != len(system):
        err.write(f"tcompare errors: warning: {args.gold} has {len(gold)} sentences, "
                  f"{args.system} {len(system)}; pairing by position\n")
    report = analyse_corpora(gold, system, language, trees=args.trees, sentences=args.sentence)
    for sentence in report.sentences:
        if sentence.status == "unreadable":
            err.write(f"tcompare errors: sentence {sentence.index}: {sentence.message}\n")
    if args.output == "json":
        json.dump({"language": language, "gold": args.gold, "system": args.system,
                   "counts": [{"occurrences": n, "brackets": b, "category": c,
                               "sentences": report.sentences_with(c)}
                              for n, b, c in report.counts()],
                   "sentences": [s.to_json() for s in report.sentences]},
                  out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif args.output == "csv":
        writer = csv_writer(out, lineterminator="\n")
        if args.steps:
            writer.writerow(["sentence", "step", "type", "category", "brackets", "start", "end",
                             "label", "old_parent", "new_parent"])
            for sentence in report.sentences:
                for i, step in enumerate(sentence.steps, 1):
                    data = step.to_json()
                    label = (data.get("label") or data.get("new_label")
                             or " ".join(m["label"] for m in data.get("moved", [])))
                    writer.writerow([sentence.index, i, step.kind, step.category, step.fixed,
                                     data["span"][0], data["span"][1], label,
                                     data.get("old_parent", data.get("parent", "")),
                                     data.get("new_parent", "")])
        else:
            writer.writerow(["occurrences", "brackets", "category"])
            for row in report.counts():
                writer.writerow(row)
    else:
        write_text(report, out)
    return 0


def write_text(report, out: TextIO) -> None:
    rows = report.counts()
    for n, brackets, name in rows:
        out.write(f"{n} {brackets} {name}\n")
    out.write("\n")
    statuses = report.status_counts()
    total = len(report.sentences)
    left = ", ".join(f"{STATUS_TEXT.get(k, k)} {v}" for k, v in sorted(statuses.items())
                     if k != "ok")
    out.write(f"# sentences: {total}, analysed {statuses.get('ok', 0)}"
              + (f" (left out: {left})" if left else "") + "\n")
    for sentence in report.sentences:
        if sentence.status == "search-stopped":
            out.write(f"# sentence {sentence.index}: {sentence.message}\n")
    ok = [s for s in report.sentences if s.status == "ok"]
    initial = sum(s.initial_errors for s in ok)
    fixed = sum(step.fixed for s in ok for step in s.steps)
    steps = sum(len(s.steps) for s in ok)
    clean = sum(1 for s in ok if not s.steps)
    out.write(f"# bracket errors before repair: {initial}; {steps} steps fix {fixed}; "
              f"{clean} sentences need none\n")
    for n, brackets, name in rows:
        where = report.sentences_with(name)
        shown = " ".join(str(i) for i in where[:12]) + (" ..." if len(where) > 12 else "")
        out.write(f"# {name}: {brackets / n:.2f} brackets per step, in {len(where)} "
                  f"sentences: {shown}\n")
