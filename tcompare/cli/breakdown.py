"""`tcompare breakdown GOLD SYSTEM [--by sentence_length|length|depth|all|GROUPBY] [--profile P]`.

Scores the pair with the profile (default: the notation's) and prints, per bin, the gold and
system counts of its main items (brackets, arcs, ...), the matched ones and P / R / F1
(`tcompare.analysis.confusion.breakdown`).  Dependency input also takes MaltEval's group-bys
(``--by deprel|cpostag|arc_length|arc_direction|arc_depth|branching|projectivity``, with
``--metric LAS|UAS|LA``) and ``--by taxonomy`` (the error taxonomy of
`tcompare.analysis.deptaxonomy`).  ``--output text|csv|json``.  Exit codes: 0 success, 1 a
file cannot be read or scored, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from tcompare.csv_cells import csv_writer
from tcompare import formats


class CliError(Exception):
    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Scored:
    profile: Any
    results: list
    gold: list
    system: list
    dependency: bool


def add_inputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gold")
    parser.add_argument("system")
    parser.add_argument("--profile", help="scoring profile (default: the notation's)")
    parser.add_argument("--format", help="notation of both files (default: sniffed)")
    parser.add_argument("-p", "--prm", help="EVALB parameter file (evalb profile)")
    parser.add_argument("--output", choices=("text", "csv", "json"), default="text")


def score(args: argparse.Namespace) -> Scored:
    """Read both files and score every pair with the chosen profile."""
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import kind_problem, pair_records

    try:
        gold = formats.read_file(args.gold, args.format)
        system = formats.read_file(args.system, args.format)
    except formats.ReadError as exc:
        raise CliError(str(exc)) from None
    name = args.profile or profiles.default_for(gold.notation)
    if name not in profiles.PROFILE_MODULES:
        raise CliError(f"unknown profile {name!r}; known: {', '.join(profiles.PROFILE_MODULES)}", 2)
    profile = profiles.get(name)
    for corpus in (gold, system):
        problem = kind_problem(profile, corpus)
        if problem:
            raise CliError(problem)
    options = {"prm": args.prm} if args.prm else {}
    try:
        config = profile.prepare(options)
    except (OSError, ValueError) as exc:
        raise CliError(str(exc)) from None
    results = pair_records(gold, system, profile, config)
    g_items = [r.item if r.error is None else None for r in gold]
    s_items = [r.item if r.error is None else None for r in system]
    return Scored(profile, results, g_items, s_items, gold.notation in ("conllx", "conllu"))


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def write_rows(rows: list[dict], columns: list[str], out: TextIO, output: str, title: str) -> None:
    if output == "csv":
        writer = csv_writer(out, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([row.get(c, "") if row.get(c) is not None else "" for c in columns])
        return
    widths = [max(len(c), *(len(_fmt(r.get(c))) for r in rows)) if rows else len(c) for c in columns]
    out.write(f"{title}\n")
    out.write("  ".join(c.rjust(w) for c, w in zip(columns, widths)) + "\n")
    for row in rows:
        out.write("  ".join(_fmt(row.get(c)).rjust(w) for c, w in zip(columns, widths)) + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare breakdown",
                                     description="Scores by sentence length, item length, depth, "
                                                 "or MaltEval group-by.")
    add_inputs(parser)
    parser.add_argument("--by", default="all",
                        help="sentence_length, length, depth, all (default); dependency input also "
                             "deprel, cpostag, arc_length, arc_direction, arc_depth, branching, "
                             "projectivity, taxonomy")
    parser.add_argument("--metric", choices=("LAS", "UAS", "LA"), default="LAS",
                        help="dependency group-bys: what counts as right")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.analysis.confusion import BREAKDOWNS, breakdown
    from tcompare.analysis.deptaxonomy import GROUPBYS, dep_taxonomy

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    names = list(BREAKDOWNS) if args.by == "all" else [args.by]
    known = set(BREAKDOWNS) | set(GROUPBYS) | {"taxonomy"}
    if any(n not in known for n in names):
        err.write(f"tcompare breakdown: unknown --by {args.by!r}; known: all, "
                  f"{', '.join(sorted(known))}\n")
        return 2
    try:
        scored = score(args)
    except CliError as exc:
        err.write(f"tcompare breakdown: {exc}\n")
        return exc.code
    tables: dict[str, Any] = {}
    taxonomy = None
    for name in names:
        if name in BREAKDOWNS:
            tables[name] = breakdown(scored.results, name, scored.gold, scored.system).to_json()
            continue
        if not scored.dependency:
            err.write(f"tcompare breakdown: --by {name} needs dependency input\n")
            return 2
        if taxonomy is None:
            taxonomy = dep_taxonomy(scored.results, scored.gold, scored.system, args.metric)
        tables[name] = taxonomy.errors if name == "taxonomy" else {
            "by": name, "metric": args.metric, "rows": taxonomy.groupby[name]}
    if args.output == "json":
        json.dump({"profile": scored.profile.name, "tables": tables}, out, ensure_ascii=False,
                  indent=1)
        out.write("\n")
        return 0
    first = True
    for name, table in tables.items():
        if not first and args.output == "text":
            out.write("\n")
        first = False
        if name == "taxonomy":
            for part, rows in table.items():
                if isinstance(rows, dict):
                    rows = [{"key": k, "count": v} for k, v in rows.items()]
                    columns = ["key", "count"]
                elif rows and "gold" in rows[0]:
                    columns = ["gold", "system", "count"]
                else:
                    columns = ["key", "tokens", "head_errors", "error_rate"]
                write_rows(rows, columns, out, args.output, f"# taxonomy: {part}")
                if args.output == "text":
                    out.write("\n")
            continue
        if "metric" in table:
            columns = ["key", "parser_counter", "treebank_counter", "parser_correct",
                       "treebank_correct", "parser_accuracy", "treebank_accuracy"]
            title = f"# {name} ({table['metric']})"
        else:
            columns = ["key", "gold", "system", "gold_matched", "system_matched", "precision",
                       "recall", "f1"]
            title = f"# {name} ({table['kind']}s, {scored.profile.name})"
        write_rows(table["rows"], columns, out, args.output, title)
    return 0
