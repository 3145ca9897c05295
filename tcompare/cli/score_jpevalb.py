"""`tcompare score --profile jp-evalb [-p PRM] [--evalb] GOLD SYSTEM`.

Text output (the default) is what ``python3 jp-evalb.py GOLD SYSTEM [PRM]`` prints
(``--evalb``: its ``-evalb`` option), less its final "Current time" line; the first
"Current time" line is ours, in its format.  Exit status as the reference: 0, or 1 (and
no report) where it stops with an exception, with a message naming the place on stderr.
``--output json|csv``: the summary figures, per-pair results with per-bracket verdicts,
and the sentence and word alignment (spec/cli.md, last section).  Exit 2: usage error.
"""

from __future__ import annotations

import argparse
import json
import sys

from tcompare.csv_cells import csv_writer
from tcompare.scoring.jpevalb import profile as jpevalb
from tcompare.scoring.jpevalb.core import JpEvalbCrash, JpParams, parse_prm_text, read_lines
from tcompare.scoring.jpevalb.report import render


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score --profile jp-evalb",
        description="Alignment-based PARSEVAL (Jo, Park & Park 2024): sentences and words "
                    "aligned when the system side splits, joins, drops or retokenises; "
                    "output as jp-evalb.py prints it.")
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--profile", default="jp-evalb")
    parser.add_argument("-p", "--prm", metavar="PRM",
                        help="parameter file (jp-evalb.py's third argument; its name must end in .prm)")
    parser.add_argument("--evalb", action="store_true",
                        help="jp-evalb.py's -evalb mode (EVALB's deletions, tags compared by position); "
                             "without -p it uses the reference's built-in COLLINS values")
    parser.add_argument("--format", choices=("ptb",), help="notation (only one-tree-per-line brackets)")
    parser.add_argument("--output", choices=("text", "rsl", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true", help="text: no per-sentence rows")
    parser.add_argument("--encoding", default="utf-8",
                        help="encoding of both files (jp-evalb.py reads UTF-8)")
    return parser


def _fail(message: str) -> int:
    print(f"tcompare score: {message}", file=sys.stderr)
    return 1


def _read(path: str, encoding: str) -> list[str]:
    from tcompare.formats.inputs import read_input

    try:            # (a directory, a device, an endless line: refused)
        data = read_input(path)
    except OSError as exc:
        raise ValueError(f"{path}: cannot open file: {exc.strerror}") from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ValueError(f"{path}:{line}:{column}: byte 0x{data[exc.start]:02x} is not "
                         f"{encoding} (jp-evalb.py stops here)") from None
    return read_lines(text)


def params_from(args) -> JpParams:
    if args.prm:
        if not args.prm.endswith(".prm"):
            raise ValueError(f"Invalid argument: {args.prm} (jp-evalb.py takes a parameter "
                             "file only when its name ends in .prm)")
        from tcompare.formats.inputs import read_input

        text = read_input(args.prm).decode("utf-8")
        return JpParams(evalb=args.evalb, values=parse_prm_text(text), source=args.prm)
    if args.evalb:
        return JpParams.builtin_evalb()
    return JpParams()


def main(argv: list[str], profile: str = "jp-evalb") -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and 2
    try:
        params = params_from(args)
        gold_lines = _read(args.gold, args.encoding)
        system_lines = _read(args.system, args.encoding)
    except (OSError, ValueError) as exc:
        return _fail(str(exc))
    try:
        result = jpevalb.evaluate(gold_lines, system_lines, params)
    except JpEvalbCrash as exc:
        return _fail(f"jp-evalb: {exc.message} (jp-evalb.py stops here with {exc.kind}; no report)")
    out = sys.stdout
    if args.output in ("text", "rsl"):
        render([p.score for p in result.run.pairs], out, summary_only=args.summary_only)
    elif args.output == "json":
        # dumps, not dump: json.dump encodes in pure Python, dumps with the C encoder
        data = jpevalb.to_json(result, gold=args.gold, system=args.system,
                               summary_only=args.summary_only)
        data["summary"].update(left_out(result))
        out.write(json.dumps(data, ensure_ascii=False))
        out.write("\n")
    else:
        write_csv(result, out)
    return 0


def left_out(result) -> dict:
    """What jp-evalb.py's walk never reached, counted apart (spec/metrics.md §11)."""
    from tcompare.scoring.left_out import LeftOut

    tally = LeftOut(jpevalb.PROFILE, result.run.params)
    gold_keys = lambda k: len(result.gold[k].gold_keys)  # noqa: E731  (what its recall counts)
    for r in jpevalb.paired(result)[1]:
        tally.add(r, gold_keys)
    return tally.json(result.summary)


def write_csv(result, out) -> None:
    writer = csv_writer(out, lineterminator="\n")
    keys = list(jpevalb.SENTENCE_KEYS)
    writer.writerow(["index", "gold_sentences", "system_sentences", "kind", "status", *keys])
    for r in jpevalb.paired(result)[1]:
        pair = r.data["pair"]
        writer.writerow([r.index, " ".join(map(str, pair["gold"])), " ".join(map(str, pair["system"])),
                         pair["kind"], r.status.value,
                         *[r.scores.get(k, r.counts.get(k, "")) for k in keys]])
    writer.writerow([])
    writer.writerow(["metric", "value"])
    for key, value in result.summary.metrics.items():
        writer.writerow([key, value])
    for group, metrics in result.summary.groups.items():
        for key, value in metrics.items():
            writer.writerow([f"{group}:{key}", value])
