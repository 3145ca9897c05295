"""`tcompare score --profile ud-eval [-v] [-c] [--no-enhanced] [--enhancements N]
[--no-empty-nodes X] [--multiple-roots-okay] GOLD SYSTEM`.

Text output (the default) is what the official UD ``eval.py`` (github
UniversalDependencies/tools) prints with the same flags, byte for byte, with its exit
status.  Where the script dies (its UDError checks, Python's own errors on a bad HEAD or
DEPS, a bad UTF-8 byte, a missing file), stderr gets the last line of its traceback and the
exit status is 1.  ``--output json|csv`` prints every metric's counts and rates; the JSON
also has, per segment of aligned sentences, a verdict for every enhanced arc.
As the script, ``--no-empty-nodes`` takes a value (any non-empty one turns it on) and
``--enhancements`` is read digit by digit.  Exit status 2: usage error.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from typing import IO, TextIO

from tcompare.csv_cells import csv_writer
from tcompare.formats.lines import ByteSource
from tcompare.scoring import udeval


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score --profile ud-eval",
        description="The official UD evaluation (eval.py of UniversalDependencies/tools): "
                    "the CoNLL 2018 metrics with ELAS and EULAS.")
    parser.add_argument("gold_file", metavar="GOLD", help="gold CoNLL-U file")
    parser.add_argument("system_file", metavar="SYSTEM", help="system CoNLL-U file")
    parser.add_argument("--verbose", "-v", action="store_true", help="print all metrics")
    parser.add_argument("--counts", "-c", action="store_true",
                        help="print raw counts of correct/gold/system/aligned words")
    parser.add_argument("--no-enhanced", dest="enhanced", action="store_false", default=True,
                        help="leave out ELAS and EULAS")
    parser.add_argument("--enhancements", type=str, default="0",
                        help="enhancement types the gold data lacks: 1 gapping, 2 shared "
                             "parents, 3 shared dependents, 4 control, 5 external arguments, "
                             "6 case information; combined as digits (12); 0: none")
    parser.add_argument("--no-empty-nodes", default=False,
                        help="(takes a value, as in eval.py) refuse files with empty nodes")
    parser.add_argument("--multiple-roots-okay", action="store_true",
                        help="a sentence may have several words with HEAD 0")
    parser.add_argument("--profile", default="ud-eval")
    parser.add_argument("--format", help="accepted for symmetry; the input is CoNLL-U")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true",
                        help="json: leave out the per-segment results")
    return parser


def main(argv: list[str], profile_name: str = "ud-eval", out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    if args.format and args.format != "conllu":
        err.write(f"tcompare score: the ud-eval profile reads CoNLL-U, not {args.format}\n")
        return 2
    options = udeval.Options.from_flags(args.enhancements, args.no_empty_nodes,
                                        args.multiple_roots_okay)
    gold, system = ByteSource(args.gold_file), ByteSource(args.system_file)
    # the segments' JSON is written aside as they come (a 1M-word pair is not held whole):
    # it follows the totals, and nothing may reach `out` before the files are accepted
    with tempfile.TemporaryFile("w+", encoding="utf-8") as aside:
        count = [0]
        on_segment = None
        if args.output == "json" and not args.summary_only:
            def on_segment(segment: udeval.Segment) -> None:
                aside.write((", " if count[0] else "")
                            + json.dumps(udeval.segment_json(segment), ensure_ascii=False))
                count[0] += 1
        try:
            totals = udeval.score_files(gold, system, options, on_segment)
        except udeval.UdEvalError as exc:
            err.write(exc.official_line() + "\n")
            return 1
        return _write(args, profile_name, totals, aside if on_segment else None, out)


def _write(args: argparse.Namespace, profile_name: str, totals: dict, aside: IO[str] | None,
           out: TextIO) -> int:
    if args.output == "text":
        out.write(udeval.format_table(totals, args.verbose, args.counts, args.enhanced) + "\n")
        return 0
    if args.output == "json":
        doc = {"profile": profile_name,
               "options": {"verbose": args.verbose, "counts": args.counts,
                           "enhanced": args.enhanced, "enhancements": args.enhancements,
                           "no_empty_nodes": bool(args.no_empty_nodes),
                           "multiple_roots_okay": args.multiple_roots_okay},
               "metrics": udeval.metrics_json(totals)}
        text = json.dumps(doc, ensure_ascii=False)
        if aside is None:
            out.write(text + "\n")
            return 0
        out.write(text[:-1] + ', "segments": [')
        aside.seek(0)
        shutil.copyfileobj(aside, out)
        out.write("]}\n")
        return 0
    writer = csv_writer(out, lineterminator="\n")
    writer.writerow(["metric", "correct", "gold", "system", "aligned", "precision", "recall",
                     "f1", "aligned_accuracy"])
    for name, m in udeval.metrics_json(totals).items():
        writer.writerow([name, m["correct"], m["gold"], m["system"],
                         "" if m["aligned"] is None else m["aligned"], m["precision"],
                         m["recall"], m["f1"],
                         "" if m["aligned_accuracy"] is None else m["aligned_accuracy"]])
    return 0
