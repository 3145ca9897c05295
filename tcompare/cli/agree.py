"""`tcompare agree FILE_A FILE_B [FILE_C ...]`: agreement between annotators (none is gold).

Sentences are paired with the first file's as ``score`` pairs them (sent_id, then text); each
pair of annotators is compared by the scorer (EVALB's bracket counting for trees, the conllu
profile's arcs for dependencies), and the coefficients come from the units both coded
(`tcompare.analysis.agreement`).  Options::

    --output text|json|csv|latex|markdown     (default text)
    --table summary,pairs,labels,sentences,disagreements,unpaired
                    tables shown (text / latex / markdown: default summary,pairs,labels,unpaired;
                    csv: exactly one, default summary; json: always summary, pairs, labels,
                    unpaired; sentences unless --table leaves them out; disagreements
                    when --table names them)
    --names A,B,C   annotator names (default: the file names)
    --labels N|all  labels per field in the labels table (default 15)
    --tree-alpha auto|on|off   Skjaerholt's tree alpha (auto: up to 500 dependency or 100
                    constituency sentences, trees of at most 1,000 nodes)
    --tree-pairs N  pairs of trees for its expected disagreement (exact below, sampled above)
    --bootstrap B   percentile intervals from B replicates over sentences (default 0: none)
    --seed S, --level L, --format NOTATION, --encoding ENC, --profile P, -p/--prm PRM,
    -o/--out FILE

Exit codes: 0 success; 1 a file cannot be read, no sentence could be compared; 2 usage
(fewer than two files, unknown option values).  Contract: docs/cli-agree.md.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import TextIO

DEFAULT_TABLES = ("summary", "pairs", "labels", "unpaired")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare agree",
                                     description="Agreement between annotators of the same sentences.")
    parser.add_argument("files", nargs="*", help="two or more annotators' files")
    parser.add_argument("--output", choices=("text", "json", "csv", "latex", "markdown"), default="text")
    parser.add_argument("--table", help="tables to show, comma-separated")
    parser.add_argument("--names", help="annotator names, comma-separated")
    parser.add_argument("--labels", default="15", help="labels per field in the labels table, or all")
    parser.add_argument("--tree-alpha", choices=("auto", "on", "off"), default="auto")
    parser.add_argument("--tree-pairs", type=int, default=None)
    parser.add_argument("--bootstrap", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", type=float, default=0.95)
    parser.add_argument("--format", help="notation of every file (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of every file (default: detected)")
    parser.add_argument("--profile", help="the profile comparing two annotations")
    parser.add_argument("-p", "--prm", help="EVALB parameter file (evalb profile)")
    parser.add_argument("-o", "--out", help="write to this file (default: stdout)")
    return parser


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare import formats
    from tcompare.analysis.agreement import AgreementError, Options, compare_annotators
    from tcompare.analysis.agreement import render
    from tcompare.analysis.agreement.tree_alpha import DEFAULT_BUDGET
    from tcompare.scoring.workers import paused_gc

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)

    def usage(message: str) -> int:
        err.write(f"tcompare agree: {message}\n")
        return 2

    if len(args.files) < 2:
        return usage(f"agreement needs at least two annotators' files; got {len(args.files)}"
                     + (f" ({args.files[0]})" if args.files else ""))
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    if names is not None and len(names) != len(args.files):
        return usage(f"--names gives {len(names)} names for {len(args.files)} files")
    if args.table:
        which = [t.strip() for t in args.table.split(",") if t.strip()]
    else:
        which = ["summary"] if args.output == "csv" else list(DEFAULT_TABLES)
    unknown = [t for t in which if t not in render.TABLE_NAMES]
    if unknown:
        return usage(f"unknown --table {', '.join(unknown)}; known: {', '.join(render.TABLE_NAMES)}")
    if args.output == "csv" and len(which) != 1:
        return usage("--output csv writes one table: give one --table")
    if args.labels == "all":
        top: int | None = None
    elif args.labels.isdigit():
        top = int(args.labels)
    else:
        return usage(f"--labels takes a number or all, not {args.labels!r}")
    if args.bootstrap < 0 or not 0 < args.level < 1:
        return usage("--bootstrap takes a count >= 0 and --level a number between 0 and 1")
    corpora = []
    with paused_gc():
        for path in args.files:
            try:
                corpora.append(formats.read_file(path, args.format, args.encoding))
            except formats.ReadError as exc:
                err.write(f"tcompare agree: {exc}\n")
                return 1
    options = Options(profile=args.profile, profile_options={"prm": args.prm} if args.prm else {},
                      tree_alpha=args.tree_alpha, tree_pairs=args.tree_pairs or DEFAULT_BUDGET,
                      seed=args.seed, bootstrap=args.bootstrap, level=args.level)
    try:
        report = compare_annotators(corpora, names, options)
    except AgreementError as exc:
        err.write(f"tcompare agree: {exc}\n")
        return 1
    except (OSError, ValueError) as exc:        # a profile option (prm file) it cannot use
        err.write(f"tcompare agree: {exc}\n")
        return 1
    for u in report.unpaired[:20]:
        err.write(f"{report.paths[u.annotator]}:{u.line}: sentence {u.sentence} not compared: {u.reason}\n")
    if len(report.unpaired) > 20:
        err.write(f"tcompare agree: {len(report.unpaired) - 20} more sentences not compared "
                  "(the unpaired table lists them all)\n")
    for e in report.excluded[:20]:
        which_one = "/".join(map(str, e.numbers)) or "-"
        err.write(f"tcompare agree: sentence {which_one} (one number per file) not compared: "
                  f"{e.reason}\n")
    buffer = io.StringIO()
    if args.output == "json":
        # every table but the disagreements (one entry per differing unit) unless --table names
        # them; --table without sentences leaves the per-sentence table out too
        listed = set(which) if args.table else {"sentences"}
        json.dump(report.to_json("sentences" in listed, "disagreements" in listed), buffer,
                  ensure_ascii=False, indent=1)
        buffer.write("\n")
    else:
        tabs = render.tables(report, which, top, None if args.output == "csv" else 50)
        if args.output == "csv":
            render.write_csv(buffer, tabs[0])
        elif args.output == "markdown":
            render.write_markdown(buffer, tabs)
        elif args.output == "latex":
            render.write_latex(buffer, tabs)
        else:
            render.write_text(buffer, tabs)
    if args.out:
        from tcompare.atomic_file import atomic_write_text
        try:
            atomic_write_text(args.out, buffer.getvalue())
        except OSError as exc:
            err.write(f"tcompare agree: cannot write {args.out}: {exc.strerror or exc}\n")
            return 1
    else:
        out.write(buffer.getvalue())
    if not report.rows:
        err.write("tcompare agree: no sentence could be compared\n")
        return 1
    return 0
