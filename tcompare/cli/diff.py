"""`tcompare diff OLD NEW [--format N] [--encoding E] [--output markdown|json|csv] [--details] [--top K]
[--listed K] [-o FILE]`: what changed between two releases of a treebank
(`tcompare.analysis.release_diff`; contract in docs/release-diff.md).

Exit codes: 0 the diff was made (whatever it found), 1 a file could not be read or the two
files are not of the same kind, 2 usage error."""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import TextIO

from tcompare import formats
from tcompare.csv_cells import csv_writer


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tcompare diff",
                                description="Release diff: sentences added, removed, retokenised, "
                                            "resegmented, changed; per-field change counts, most "
                                            "frequent first")
    p.add_argument("old", help="the older release's file (or folder: files paired by name)")
    p.add_argument("new", help="the newer release's file (or folder)")
    p.add_argument("--format", help="notation of both files (default: sniffed)")
    p.add_argument("--encoding", help="encoding of the files (default: detected)")
    p.add_argument("--output", choices=("markdown", "json", "csv"), default="markdown")
    p.add_argument("--details", action="store_true",
                   help="csv: one row per changed word or bracket instead of the counts; "
                        "json: (always has every changed sentence)")
    p.add_argument("--top", type=int, default=30, metavar="K",
                   help="markdown: changes listed (default 30)")
    p.add_argument("--listed", type=int, default=200, metavar="K",
                   help="markdown: sentences listed per status (default 200)")
    p.add_argument("-o", dest="out_file", metavar="FILE", help="write to FILE (default: stdout)")
    return p


def _folders(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """OLD and NEW are release folders: their treebank files paired by name."""
    import os

    from tcompare.analysis.release_folders import folder_diff, folder_json, folder_markdown

    if not (os.path.isdir(args.old) and os.path.isdir(args.new)):
        err.write("tcompare diff: OLD and NEW must both be files or both be folders\n")
        return 2
    if args.output == "csv":
        err.write("tcompare diff: two folders give markdown or JSON (--output csv is per file)\n")
        return 2
    try:
        result = folder_diff(args.old, args.new, args.format, args.encoding)
    except OSError as exc:
        err.write(f"tcompare diff: cannot list a folder: {exc}\n")
        return 1
    if args.output == "json":
        text = json.dumps(folder_json(result), ensure_ascii=False, indent=1) + "\n"
    else:
        text = folder_markdown(result, args.top, args.listed)
    code = _write(args, text, out, err)
    if result.failed:
        err.write(f"tcompare diff: {len(result.failed)} file pair(s) not compared; listed\n")
    return code


def _write(args: argparse.Namespace, text: str, out: TextIO, err: TextIO) -> int:
    if args.out_file:
        from tcompare.atomic_file import WriteError, atomic_write

        try:
            atomic_write(args.out_file, text.encode("utf-8"))
        except WriteError as exc:
            err.write(f"tcompare diff: {exc}\n")
            return 1
    else:
        out.write(text)
    return 0


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    if args.top < 0 or args.listed < 0:
        err.write("tcompare diff: --top and --listed take a number >= 0\n")
        return 2
    import os

    from tcompare.analysis import release_render
    from tcompare.analysis.release_diff import release_diff_files

    if os.path.isdir(args.old) or os.path.isdir(args.new):
        return _folders(args, out, err)

    try:
        diff = release_diff_files(args.old, args.new, args.format, args.encoding)
    except formats.ReadError as exc:
        err.write(f"tcompare diff: {exc}\n")
        return 1
    except ValueError as exc:
        err.write(f"tcompare diff: {exc}\n")
        return 1
    text = io.StringIO()
    if args.output == "json":
        json.dump(release_render.to_json(diff), text, ensure_ascii=False, indent=1)
        text.write("\n")
    elif args.output == "csv":
        writer = csv_writer(text, lineterminator="\n")
        for row in release_render.csv_rows(diff, args.details):
            writer.writerow(row)
    else:
        text.write(release_render.markdown(diff, args.top, args.listed))
    if _write(args, text.getvalue(), out, err):
        return 1
    unreadable = diff.status_counts()["unreadable"]
    if unreadable:
        err.write(f"tcompare diff: {unreadable} sentence pair(s) could not be read; "
                  "they are listed as unreadable\n")
    return 0
