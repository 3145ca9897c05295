"""`tcompare convert INPUT [--to NOTATION] [-o OUTPUT]` (spec/cli.md, "Other").

* Without ``--to`` (or with the input's own notation) it is a round trip: the file is read
  and written back through the format registry -- byte-identical for unedited input, so it
  doubles as a check that a file reads cleanly (the exit code says so).
* With ``--to`` every sentence is written by the target notation's writer, where that keeps
  what the labels mean (TCT family, anything -> PTB, CCG AUTO <-> ParsEval-2012 CCG
  brackets, CoNLL-X <-> CoNLL-U: `tcompare.formats.conversion`); other targets are
  refused with exit 2 and the list of targets that would work.  A sentence that does not
  read, or that the target cannot hold, is reported on stderr as ``file:line:column:
  message`` and written as the target's empty parse so later sentences keep their
  positions; exit 1 when that happened.
* Output keeps the input's encoding (and BOM) and line ends unless ``--output-encoding`` /
  ``--newline`` say otherwise.  No ``-o``: standard output.

Exit codes: 0 success, 1 some sentences or the whole file could not be converted (or a CoNLL
row is not 10 columns wide),
2 usage error (unknown notation, impossible conversion).
"""

from __future__ import annotations

import argparse
import sys

from tcompare import formats
from tcompare.formats.conversion import (  # noqa: F401 - re-exported for scripts and tests
    MEANINGFUL, Conversion, ImpossibleConversion, convert_corpus, targets_for)
from tcompare.formats.encoding import EncodeError, encode_text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare convert",
        description="Read a treebank file and write it in another notation "
                    "(no --to: write it back unchanged, a lossless round trip).")
    parser.add_argument("input", help="file to read (or a quoted glob pattern of files read as "
                                      "one corpus: 'alpino/*.xml')")
    parser.add_argument("--to", metavar="NOTATION",
                        help=f"target notation: {', '.join(formats.available())} "
                             "(default: the input's own)")
    parser.add_argument("-o", "--output", metavar="OUTPUT", help="file to write (default: stdout)")
    parser.add_argument("--format", metavar="NOTATION", help="notation of INPUT (default: sniffed)")
    parser.add_argument("--encoding", help="encoding of INPUT (default: detected)")
    parser.add_argument("--output-encoding", metavar="ENC",
                        help="encoding to write (default: the input's; utf-8-sig adds a BOM)")
    parser.add_argument("--newline", choices=("keep", "lf", "crlf"), default="keep",
                        help="line ends to write (default: the input's)")
    from tcompare.formats.dataprep import STEPS

    parser.add_argument("--prepare", metavar="STEP", choices=STEPS,
                        help="the evaluation organisers' data preparation (docs/data-preparation.md): "
                             + ", ".join(STEPS))
    parser.add_argument("--pos-map", metavar="FILE",
                        help="with --prepare parseval2010-pku: FROM<TAB>TO POS table "
                             "(default: PKU subtypes spelled the TCT way)")
    return parser


def bad_widths(corpus) -> list[str]:
    """CoNLL rows that are not 10 columns wide (the reader read them, padded or cut, and
    warned): malformed input for a conversion, named ``file:line:column``."""
    problems = []
    position = 0
    for first, count in corpus.stretches(0, len(corpus)):    # (10^6 blank lines: one read)
        for record in [first] if count == 1 else corpus.between(position, position + count):
            item = record.item if record.error is None else None
            meta = getattr(item, "meta", None) or {}
            if not meta.get("bad_width") and count > 1:
                break               # alike lines: none of them is too wide
            problems += [str(problem) for problem in meta.get("bad_width", ())]
        position += count
    return problems


def _read_input(path: str, notation: str | None, encoding: str | None):
    """INPUT: a file, or a glob pattern of files read as one corpus (an Alpino treebank is
    a folder of one-sentence files: 'treebank/*.xml'; `formats.many_files`)."""
    import glob
    import os

    if glob.has_magic(path) and not os.path.exists(path):      # (a folder is refused, as ever)
        from tcompare.formats.many_files import read_pattern

        return read_pattern(path, notation, encoding)
    return formats.read_file(path, notation, encoding)


def _apply_newline(text: str, choice: str) -> str:
    if choice == "keep":
        return text
    text = text.replace("\r\n", "\n")
    return text.replace("\n", "\r\n") if choice == "crlf" else text


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for name in (args.to, args.format):
        if name and name not in formats.available():
            parser.print_usage(sys.stderr)
            print(f"tcompare convert: unknown notation {name!r}; known: "
                  f"{', '.join(formats.available())}", file=sys.stderr)
            return 2
    import codecs

    for option, name in (("--encoding", args.encoding), ("--output-encoding", args.output_encoding)):
        try:
            if name:
                codecs.lookup(name)
        except LookupError:
            parser.print_usage(sys.stderr)
            print(f"tcompare convert: {option}: unknown encoding {name!r}", file=sys.stderr)
            return 2
    try:
        corpus = _read_input(args.input, args.format, args.encoding)
    except formats.ReadError as exc:
        print(f"tcompare convert: {exc.error}", file=sys.stderr)
        return 1
    from tcompare.formats.sizes import READ_LIMIT, refusal

    too_big = refusal((corpus,), READ_LIMIT, "convert")
    if too_big:        # before any tree is built (10^6 CCG words: 18 s, 630 MB); nothing written
        print(f"tcompare convert: {too_big}", file=sys.stderr)
        return 1
    if args.prepare:
        from tcompare.cli.convert_prepare import prepare

        return prepare(args, corpus)
    target = args.to or corpus.notation
    newline = {"lf": "\n", "crlf": "\r\n"}.get(args.newline)
    try:
        result = convert_corpus(corpus, target, newline)
    except ImpossibleConversion as exc:
        print(f"tcompare convert: {exc}", file=sys.stderr)
        return 2
    if target == corpus.notation:
        # a round trip: report sentences that do not read (the output keeps them verbatim)
        result.problems.extend(str(e) for e in corpus.errors())
    text = _apply_newline(result.text, args.newline)
    encoding, bom = corpus.encoding, corpus.bom
    declared = formats.get(target).output_encoding
    if declared and target != corpus.notation:      # XML says UTF-8 in its declaration
        encoding, bom = declared, False
    if args.output_encoding:
        wanted = args.output_encoding.lower()
        encoding, bom = ("utf-8", True) if wanted in ("utf-8-sig", "utf8-sig") else (wanted, False)
    try:
        data = encode_text(text, encoding, bom)
    except (EncodeError, LookupError) as exc:
        print(f"tcompare convert: {exc} (try --output-encoding utf-8)", file=sys.stderr)
        return 1
    if args.output:
        from tcompare.atomic_file import WriteError, atomic_write

        try:    # temp file + rename: `-o` onto the input never truncates it (disk full, kill)
            atomic_write(args.output, data)
        except WriteError as exc:
            print(f"tcompare convert: {exc}", file=sys.stderr)
            return 1
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    widths = bad_widths(corpus)
    for problem in result.problems + widths:
        print(problem, file=sys.stderr)
    if result.problems:
        print(f"tcompare convert: {len(result.problems)} sentence(s) could not be read or "
              f"converted", file=sys.stderr)
    if widths:
        print(f"tcompare convert: {len(widths)} row(s) not 10 columns wide", file=sys.stderr)
    return 1 if result.problems or widths else 0
