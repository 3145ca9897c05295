"""`tcompare parse --with NAME GOLD -o SYSTEM [--raw] [--format N] [--encoding E] [--json]`,
and `tcompare parse --list`: a parser's output for a gold file, ready for `tcompare score`.

On the gold's own tokens (default: one parse per gold sentence, the gold's sentence ids
and text kept) or on its raw text (``--raw``: the parser finds sentences and tokens; score
it with an aligned profile, conll18 or jp-evalb).  A sentence the parser fails on is a
missing parse in the output, named on stderr; the rest is parsed.  Contract: docs/cli-parse.md.
Exit codes: 0 written (even with missing parses), 1 gold unreadable / parser or model not
installed, 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from tcompare import formats
from tcompare.atomic_file import atomic_write_text


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcompare parse",
                                description="Parse a gold file's sentences with a parser and write the "
                                            "system file (nothing is downloaded)")
    p.add_argument("gold", nargs="?", help="gold file (any notation)")
    p.add_argument("--with", dest="parser", metavar="NAME",
                   help="parser: stub, spacy:PIPELINE, ginza, stanza:LANG[,constituency], "
                        "benepar:MODEL (see --list)")
    p.add_argument("-o", "--output", metavar="SYSTEM", help="system file to write")
    p.add_argument("--raw", action="store_true",
                   help="parse the raw text (the parser segments and tokenises) instead of the gold's tokens")
    p.add_argument("--format", help="notation of the gold (default: sniffed)")
    p.add_argument("--encoding", help="encoding of the gold (default: detected)")
    p.add_argument("--list", action="store_true", help="list the parsers installed here and how to install others")
    p.add_argument("--json", action="store_true", help="print what happened as JSON on stdout")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    return p


def list_parsers(out: TextIO) -> int:
    from tcompare.parsers import catalogue

    entries = catalogue()
    width = max(len(e.name) for e in entries)
    for e in entries:
        out.write(f"{e.name:<{width}}  {e.kind:<12}  {e.detail}\n")
        if e.install:
            out.write(f"{'':<{width}}  {'':<12}  install: {e.install}\n")
    return 0


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    ap = build_parser()
    args = ap.parse_args(argv)
    if args.list:
        return list_parsers(out)
    if not args.gold or not args.parser or not args.output:
        ap.error("give --with NAME, a GOLD file and -o SYSTEM (or --list)")
    if Path(args.output).resolve() == Path(args.gold).resolve():
        ap.error("-o names the gold file itself: it would be overwritten")
    from tcompare.parsers import RAW, PRETOKENISED, ParserMissing, make_parser, parse_corpus

    try:
        parser = make_parser(args.parser)
    except ValueError as exc:
        ap.error(str(exc))
    except ParserMissing as exc:
        err.write(f"tcompare parse: {exc}\n")
        return 1
    try:
        gold = formats.read_file(args.gold, args.format, args.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare parse: {exc}\n")
        return 1
    shown = [0]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if not args.quiet and percent >= shown[0] + 10:
            shown[0] = percent
            err.write(f"tcompare parse: {done}/{total} sentences\n")

    try:
        run = parse_corpus(parser, gold, RAW if args.raw else PRETOKENISED, progress)
    except ParserMissing as exc:
        err.write(f"tcompare parse: {exc}\n")
        return 1
    except ValueError as exc:
        err.write(f"tcompare parse: {exc}\n")
        return 1
    try:
        atomic_write_text(args.output, run.text)
    except OSError as exc:
        err.write(f"tcompare parse: cannot write {args.output}: {exc.strerror or exc}\n")
        return 1
    for missing in run.missing:
        err.write(f"tcompare parse: {args.gold}: no parse for {missing}\n")
    summary = {"parser": run.parser, "mode": run.mode, "gold": args.gold, "system": args.output,
               "notation": run.notation, "gold_sentences": len(gold), "system_sentences": run.sentences,
               "missing": [{"index": m.index, "line": m.line, "sent_id": m.sent_id, "error": m.error}
                           for m in run.missing],
               "seconds": round(run.seconds, 3), "parser_seconds": round(run.parser_seconds, 3)}
    if args.json:
        json.dump(summary, out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif not args.quiet:
        err.write(f"tcompare parse: {args.output}: {run.sentences} sentences ({run.notation}) from "
                  f"{len(gold)} gold sentences, {len(run.missing)} without a parse, "
                  f"{run.seconds:.1f} s ({run.parser_seconds:.1f} s in the parser)\n")
    return 0
