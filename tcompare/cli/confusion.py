"""`tcompare confusion GOLD SYSTEM [--kind label|pos] [--profile P] [--output text|csv|json]`.

Confusion matrix from the profile's verdicts (`tcompare.analysis.confusion`): ``label`` --
gold x system label of same-span brackets (``-`` = no same-span partner: missing / extra),
or gold x system relation of correctly attached arcs; ``pos`` -- gold x system POS per word.
Text: the confusions (off-diagonal cells) most frequent first with the sentences behind them,
then the matrix when it has at most ``--max-columns`` columns.  CSV: the full matrix (gold
rows, system columns).  JSON: every cell with its count and sentence numbers.
Exit codes: 0 success, 1 a file cannot be read or scored, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare.csv_cells import csv_writer
from tcompare.cli.breakdown import CliError, add_inputs, score


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare confusion",
                                     description="Gold x system label / relation / POS matrix.")
    add_inputs(parser)
    parser.add_argument("--kind", choices=("label", "pos"), default="label")
    parser.add_argument("--max-columns", type=int, default=25)
    parser.add_argument("--top", type=int, default=30, help="text: confusions listed")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.analysis.confusion import confusion

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        scored = score(args)
    except CliError as exc:
        err.write(f"tcompare confusion: {exc}\n")
        return exc.code
    matrix = confusion(scored.results, args.kind, scored.gold, scored.system)
    rows, columns = matrix.rows, matrix.columns
    if args.output == "json":
        data = matrix.to_json()
        data["profile"] = scored.profile.name
        json.dump(data, out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    if args.output == "csv":
        writer = csv_writer(out, lineterminator="\n")
        writer.writerow(["gold\\system"] + columns)
        for g in rows:
            writer.writerow([g] + [matrix.cells.get((g, s), 0) for s in columns])
        return 0
    total = sum(matrix.cells.values())
    same = sum(n for (g, s), n in matrix.cells.items() if g == s)
    out.write(f"# {args.kind} confusion ({scored.profile.name}): {total} pairs, {same} agree\n")
    out.write("# count  gold -> system  sentences\n")
    for g, s, n in matrix.off_diagonal()[:args.top]:
        where = matrix.sentences[(g, s)]
        shown = " ".join(map(str, where[:10])) + (" ..." if len(where) > 10 else "")
        out.write(f"{n:7d}  {g} -> {s}  {shown}\n")
    if len(columns) <= args.max_columns:
        out.write("\n")
        width = max([len(c) for c in columns + rows] + [5])
        out.write("gold\\sys".ljust(width) + " " + " ".join(c.rjust(width) for c in columns) + "\n")
        for g in rows:
            out.write(g.ljust(width) + " " + " ".join(
                str(matrix.cells.get((g, s), 0) or ".").rjust(width) for s in columns) + "\n")
    return 0
