"""`tcompare stats FILE [FILE ...] [--format N] [--encoding E] [--output text|json|csv]
[--top K]`: corpus statistics (`tcompare.analysis.stats`), one block per file."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from tcompare.csv_cells import csv_writer
from tcompare import formats
from tcompare.analysis.stats import Stats, corpus_stats


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcompare stats",
                                description="Sentences, tokens, labels and their shares, "
                                            "depth, unary chains / non-projective arcs")
    p.add_argument("files", nargs="+", help="treebank files (any notation)")
    p.add_argument("--format", help="notation of the files (default: sniffed)")
    p.add_argument("--encoding", help="encoding of the files (default: detected)")
    p.add_argument("--output", choices=("text", "json", "csv"), default="text")
    p.add_argument("--top", type=int, default=10, metavar="K",
                   help="labels and tags listed in the text output (default 10)")
    return p


def text_block(stats: Stats, top: int) -> str:
    lines = [f"{stats.path} ({stats.notation}, {stats.kind})"]
    for name, value in stats.figures().items():
        shown = f"{value:,}" if isinstance(value, int) else f"{value:.2f}"
        lines.append(f"  {name:<28}{shown:>12}")
    for title, counts in (("labels" if stats.kind == "constituency" else "relations",
                           stats.labels), ("POS tags", stats.pos)):
        total = sum(counts.values())
        if not total:
            continue
        lines.append(f"  {title} ({len(counts)}), most frequent:")
        for label, n in counts.most_common(top):
            lines.append(f"    {label:<20}{n:>10,}{100.0 * n / total:>9.2f} %")
    return "\n".join(lines) + "\n"


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    results = []
    for path in args.files:
        try:
            corpus = formats.read_file(path, args.format, args.encoding)
        except formats.ReadError as exc:
            err.write(f"tcompare stats: {exc}\n")
            return 1
        from tcompare.formats.sizes import READ_LIMIT, refusal

        too_big = refusal((corpus,), READ_LIMIT, "stats")
        if too_big:    # before any tree is built (10^6 CCG words: 17 s, 640 MB)
            err.write(f"tcompare stats: {too_big}\n")
            return 1
        results.append(corpus_stats(corpus))
    if args.output == "json":
        json.dump([s.to_json() for s in results], out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif args.output == "csv":
        writer = csv_writer(out, lineterminator="\n")
        writer.writerow(["file", "figure", "value"])
        for s in results:
            for name, value in s.figures().items():
                writer.writerow([s.path, name, value])
    else:
        out.write("\n".join(text_block(s, args.top) for s in results))
    return 0
