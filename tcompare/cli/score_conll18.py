"""`tcompare score --profile conll18 [-v|--verbose] [-c|--counts] GOLD SYSTEM`.

Text output (the default) is what ``conll18_ud_eval.py [-v] [-c] GOLD SYSTEM`` prints, byte
for byte.  Where the official script dies (its UDError checks, a bad UTF-8 byte, a missing
file), stderr gets the last line(s) of its traceback, e.g.
``UDError: There are 2 roots in a sentence at line 12`` (the traceback itself is
left out), and the exit status is 1 as there.  ``--output json|csv`` prints every metric
with precision, recall, F1 and aligned accuracy, the per-pair results and the sentence and
word alignment (spec/cli.md); the refusals are the same.  Exit status 2: usage error.

Files are read in pieces (`conll18.stream`: memory does not grow with them; big files in
two halves at once); inputs that can be read only once (pipes) are loaded whole.  The
figures are those of `conll18.evaluate` on the loaded files (what the window shows).
"""

from __future__ import annotations

import argparse
import errno
import json
import shutil
import sys
import tempfile
from typing import IO, TextIO

from tcompare.csv_cells import csv_writer
from tcompare.formats.lines import ByteSource
from tcompare.scoring.workers import paused_gc
from tcompare.scoring import profiles
from tcompare.scoring.conll18 import profile as conll18
from tcompare.scoring import conll18 as conll18_face


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score --profile conll18", description=conll18.PROFILE.description)
    parser.add_argument("gold_file", metavar="GOLD", help="gold CoNLL-U file")
    parser.add_argument("system_file", metavar="SYSTEM", help="system CoNLL-U file")
    parser.add_argument("--verbose", "-v", action="store_true", help="print all metrics")
    parser.add_argument("--counts", "-c", action="store_true",
                        help="print raw counts of correct/gold/system/aligned words instead "
                             "of precision/recall/F1/aligned accuracy")
    parser.add_argument("--profile", default="conll18")
    parser.add_argument("--format", help="accepted for symmetry; the input is CoNLL-U")
    parser.add_argument("--output", choices=("text", "rsl", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true",
                        help="json/csv: leave out the per-sentence results and alignment")
    return parser


def main(argv: list[str], profile_name: str = "conll18", out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    if args.format and args.format != "conllu":
        err.write(f"tcompare score: the conll18 profile reads CoNLL-U, not {args.format}\n")
        return 2
    from tcompare.formats.inputs import check_input

    for path in (args.gold_file, args.system_file):
        try:        # a device (/dev/zero never ends) is refused before a byte is read
            check_input(path)
        except OSError as exc:
            if exc.errno == errno.EINVAL:   # (missing, a directory: the official script's line)
                err.write(f"tcompare score: {path}: cannot open file: {exc.strerror}\n")
                return 1
    gold, system = ByteSource(args.gold_file), ByteSource(args.system_file)
    if conll18_face.engine(gold, system) == "loaded":
        return _main_loaded(gold, system, args, profile_name, out, err)
    per_pair = args.output in ("json", "csv") and not args.summary_only
    # the per-pair part is written aside first: it comes before (JSON) or with (CSV) the
    # totals, and nothing may reach `out` before the files are known to be accepted
    with tempfile.TemporaryFile("w+", encoding="utf-8") as first, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as second:
        writer = _PairWriter(args.output, first, second) if per_pair else None
        try:
            metrics = conll18_face.score_files(gold, system,
                                               writer.segment if writer else None)
        except conll18.Conll18Error as exc:
            err.write(exc.official_line() + "\n")
            return 1
        if args.output in ("text", "rsl"):
            out.write(conll18.format_table(metrics, args.verbose, args.counts) + "\n")
            return 0
        summary = conll18.summary_from(metrics)
        name = profiles.get(profile_name).name
        if args.output == "json":
            _json_head(name, {"verbose": args.verbose, "counts": args.counts}, summary, out)
            out.write(', "sentences": [')
            _copy(first, out)
            out.write('], "alignment": [')
            _copy(second, out)
            out.write("]}\n")
            return 0
        if per_pair:
            _copy(first, out)
            csv_writer(out, lineterminator="\n").writerow([])
        _csv_totals(metrics, summary, out)
    return 0


def _copy(source: IO[str], out: TextIO) -> None:
    source.seek(0)
    shutil.copyfileobj(source, out)


class _PairWriter:
    """Per-pair results of each segment (`scoring.conll18.Segment`), numbered as in the
    whole file: JSON objects into `first` (sentences) and `second` (alignment), or CSV
    rows into `first`."""

    def __init__(self, output: str, first: IO[str], second: IO[str]):
        self.output, self.first, self.second = output, first, second
        self.count = 0
        self.csv = csv_writer(first, lineterminator="\n") if output == "csv" else None
        if self.csv is not None:
            self.csv.writerow(CSV_PAIR_HEADER)

    def segment(self, segment: conll18_face.Segment) -> None:
        results = conll18.sentence_results(segment.evaluation, segment.pairs, self.count + 1)
        g0, s0, p0 = segment.gold_sentence, segment.system_sentence, segment.first_pair
        for r in results:
            a = r.data["alignment"]
            a["pair"] += p0
            if g0 or s0:
                a["gold"] = [i + g0 for i in a["gold"]]
                a["system"] = [i + s0 for i in a["system"]]
                a["words"] = [[None if g is None else [g[0] + g0, g[1]],
                               None if s is None else [s[0] + s0, s[1]]] for g, s in a["words"]]
        if self.csv is not None:
            _csv_pairs(results, self.csv)
        else:
            dumps = json.dumps
            for r in results:
                numbered(r)
                sep = ", " if self.count else ""
                self.first.write(sep + dumps(r.to_json(), ensure_ascii=False))
                self.second.write(sep + dumps(r.data["alignment"], ensure_ascii=False))
                self.count += 1
            return
        self.count += len(results)


def _main_loaded(gold: ByteSource, system: ByteSource, args: argparse.Namespace,
                 profile_name: str, out: TextIO, err: TextIO) -> int:
    """Inputs that cannot be read twice (pipes): both files loaded whole."""
    try:
        evaluation = conll18_face.evaluate_loaded(gold, system)
    except conll18.Conll18Error as exc:
        err.write(exc.official_line() + "\n")
        return 1
    if args.output in ("text", "rsl"):
        out.write(conll18.format_table(evaluation.metrics, args.verbose, args.counts) + "\n")
        return 0
    profile = profiles.get(profile_name)
    summary = conll18.summarize(evaluation)
    if args.output == "json":
        write_json(profile.name, {"verbose": args.verbose, "counts": args.counts}, evaluation,
                   summary, out, args.summary_only)
        return 0
    write_csv(evaluation, summary, out, args.summary_only)
    return 0


def numbered(result) -> None:
    """A result's pair with 1-based sentence numbers, as every output numbers them (the
    words' [sentence, word] stay 0-based positions), also as its ``pair``."""
    a = result.data["alignment"]
    a["gold"], a["system"] = [k + 1 for k in a["gold"]], [k + 1 for k in a["system"]]
    result.data["pair"] = {"gold": a["gold"], "system": a["system"], "kind": a["kind"]}


def _json_head(profile_name: str, options: dict, summary, out: TextIO) -> None:
    """The JSON object up to (not including) its closing brace."""
    head = {"profile": profile_name, "options": options}
    head.update(summary.to_json())
    # conll18_ud_eval.py scores every sentence or refuses the files: nothing is left out
    from tcompare.scoring.left_out import LeftOut

    head["summary"].update(LeftOut(profiles.get(profile_name), None).json(summary))
    # the profile's own 0/0 names first, then any figure Summary.to_json zeroed (a rate the
    # metric does not have, such as Sentences' aligned accuracy): nothing is 0 unnamed
    head["flags"] = list(dict.fromkeys([*summary.notes, *head.get("flags", [])]))
    text = json.dumps(head, ensure_ascii=False)
    out.write(text[:-1])


def write_json(profile_name: str, options: dict, evaluation: conll18.Evaluation, summary,
               out: TextIO, summary_only: bool) -> None:
    """One JSON object (spec/cli.md), written pair by pair so a 1M-word file does not
    build one huge structure first."""
    _json_head(profile_name, options, summary, out)
    with paused_gc():
        results = [] if summary_only else conll18.sentence_results(evaluation)
        out.write(', "sentences": [')
        for i, r in enumerate(results):
            numbered(r)
            out.write((", " if i else "") + json.dumps(r.to_json(), ensure_ascii=False))
        out.write('], "alignment": [')
        for i, r in enumerate(results):
            out.write((", " if i else "") + json.dumps(r.data["alignment"], ensure_ascii=False))
        out.write("]}\n")


CSV_PAIR_HEADER = ["index", "status", "gold_sentences", "system_sentences", "kind",
                   *conll18.METRICS, "flags"]


def _csv_pairs(results: list, writer) -> None:
    for r in results:
        a = r.data["alignment"]
        writer.writerow([r.index, r.status.value, " ".join(str(k + 1) for k in a["gold"]),
                         " ".join(str(k + 1) for k in a["system"]), a["kind"],
                         *[r.scores[m] for m in conll18.METRICS], " ".join(r.flags)])


def _csv_totals(metrics: dict, summary, out: TextIO) -> None:
    writer = csv_writer(out, lineterminator="\n")
    writer.writerow(["metric", "correct", "gold", "system", "aligned", "precision", "recall",
                     "f1", "aligned_accuracy"])
    for name in conll18.METRICS:
        m = metrics[name]
        s = summary.groups[name]
        writer.writerow([name, m.correct, m.gold, m.system, "" if m.aligned is None else m.aligned,
                         s["precision"], s["recall"], s["f1"],
                         "" if s["aligned_accuracy"] is None else s["aligned_accuracy"]])
    if summary.notes:
        writer.writerow(["flags", " ".join(summary.notes)])


def write_csv(evaluation: conll18.Evaluation, summary, out: TextIO, summary_only: bool) -> None:
    """Per-pair rows (F1 of every metric), a blank line, then one row per metric."""
    writer = csv_writer(out, lineterminator="\n")
    if not summary_only:
        writer.writerow(CSV_PAIR_HEADER)
        _csv_pairs(conll18.sentence_results(evaluation), writer)
        writer.writerow([])
    _csv_totals(evaluation.metrics, summary, out)
