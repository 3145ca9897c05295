"""`tcompare score --profile conllx|conll07|conllu [-q] [-p] [-b] [-d] GOLD SYSTEM`.

Text output is what the reference script prints, byte for byte, with its exit status:
``conllx`` = ``eval.pl -g GOLD -s SYSTEM [flags]`` (v1.9), ``conll07`` = ``eval07.pl``
(there ``-p`` EXCLUDES punctuation and ``-d`` skips DERIV tokens).  ``-g``/``-s`` may be
given as in the scripts, or GOLD SYSTEM as positional arguments; ``-o FILE`` writes the
report to FILE.  ``conllu`` prints the same report on the CoNLL-U words (comment, multiword
and empty-node rows left out) followed by the CLAS line.

``--output json|csv`` prints the profile's figures and per-arc verdicts instead
(spec/cli.md); the JSON "groups" also carry per-DEPREL (``deprel:X``) and per-CPOSTAG
(``cpostag:X``) breakdowns (`tcompare.analysis.breakdowns`).  Exit status: 0 success; 1 when the files cannot be read or their line
structure differs (eval.pl's ``line mismatch`` message is reproduced on stderr), or when
there is no scoring token at all (eval.pl dies there with a division by zero); 2 usage
error.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import sys
from typing import Iterator, TextIO

from tcompare import compiled, formats
from tcompare.analysis.breakdowns import breakdowns
from tcompare.analysis.labels import label_breakdown
from tcompare.cli import conllu_stream
from tcompare.scoring.conllx import stream as conllx_stream
from tcompare.cli.generic import to_json, write_csv
from tcompare.formats.encoding import DecodeError, decode_bytes
from tcompare.scoring import profiles
from tcompare.scoring import conllx as conllx_face
from tcompare.scoring.conllx import report as conllx_report
from tcompare.scoring.pairing import kind_problem, pair_records


def build_parser(profile_name: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare score", description=profiles.get(profile_name).description)
    parser.add_argument("files", nargs="*", metavar="GOLD SYSTEM")
    parser.add_argument("-g", dest="gold_opt", metavar="GOLD", help="gold standard file (eval.pl style)")
    parser.add_argument("-s", dest="system_opt", metavar="SYSTEM", help="system output file (eval.pl style)")
    parser.add_argument("-o", dest="out_file", metavar="FILE", help="write the report to FILE")
    parser.add_argument("-q", action="store_true", help="quiet: only the three summary lines")
    parser.add_argument("-b", action="store_true", help="evalb-like per-sentence table (use with -q)")
    parser.add_argument("-p", action="store_true",
                        help="conllx: also score punctuation; conll07/conllu: do NOT score punctuation")
    parser.add_argument("-d", action="store_true", help="conll07: do not score DERIV tokens")
    parser.add_argument("--profile", default=profile_name)
    parser.add_argument("--format", help="notation of both files (default: sniffed)")
    parser.add_argument("--output", choices=("text", "json", "csv"), default="text")
    parser.add_argument("--summary-only", action="store_true")
    parser.add_argument("--encoding", help="encoding of both files (default: detected)")
    parser.add_argument("--hash-order", choices=("perl", "insertion"), default="perl",
                        help="tie order in the full report: Perl 5.36 with PERL_HASH_SEED=0 "
                             "(as the reference files) or first-seen")
    return parser


def _options(profile_name: str, args) -> dict:
    if profile_name == "conllx":
        return {"score_punct": args.p}
    if profile_name == "conll07":
        return {"exclude_punct": args.p, "exclude_deriv": args.d}
    return {"exclude_punct": args.p}


def main(argv: list[str], profile_name: str, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    parser = build_parser(profile_name)
    args = parser.parse_args(argv)
    files = list(args.files)
    gold_path = args.gold_opt or (files.pop(0) if files else None)
    system_path = args.system_opt or (files.pop(0) if files else None)
    if not gold_path or not system_path or files:
        err.write("tcompare score: give GOLD and SYSTEM (positional, or -g GOLD -s SYSTEM)\n")
        return 2
    profile = profiles.get(profile_name)
    options = _options(profile_name, args)
    config = profile.prepare(options)
    if (profile_name == "conllu" and not args.encoding and args.format in (None, "conllu")
            and args.output == "text"):
        streamed = conllu_stream.report(gold_path, system_path, args.format, profile, config,
                                        quiet=args.q, evalb=args.b, hash_order=args.hash_order)
        if streamed is not None:
            result, short, clas = streamed
            result.stdout += clas
            return _finish_text(args, profile_name, gold_path, system_path, result, short,
                                out, err)
    if profile_name == "conllu" or args.output != "text":
        try:
            gold = formats.read_file(gold_path, args.format, args.encoding)
            system = formats.read_file(system_path, args.format, args.encoding)
        except formats.ReadError as exc:
            err.write(f"tcompare score: {exc}\n")
            return 1
        for corpus in (gold, system):
            problem = kind_problem(profile, corpus) if len(corpus) else None
            if problem:
                err.write(f"tcompare score: {problem}\n")
                return 1
        from tcompare.formats.sizes import SCORE_LIMIT, refusal

        too_big = refusal((gold, system), SCORE_LIMIT, "score")
        if too_big:    # refused before a sentence is built, never scored as a wrong number
            err.write(f"tcompare score: {too_big}\n")
            return 1
    if args.output != "text":
        for corpus in (gold, system):       # what the reader noticed, with file:line:column
            for problem in corpus.errors():
                err.write(f"{problem}\n")
            for record in corpus:
                for warning in (record.item.meta.get("warnings", ()) if record.item is not None else ()):
                    err.write(f"warning: {warning}\n")
        # the profile's own pairing (eval.pl: line by line, refusing where it stops; conllu:
        # by text): the run the window shows
        from tcompare.scoring import runs
        from tcompare.scoring.left_out import run_left_out

        run = runs.run(profile, gold, system, config, text_of=formats.format_corpus)
        if run.refusal is not None:
            err.write(run.refusal + "\n")
            err.write(f"tcompare score: {profile_name} pairs the files line by line and stops "
                      "here; --profile conllu pairs sentences by text, conll18 aligns words on "
                      "characters\n")
            return 1
        pairs, results = run.pairs, run.results
        if len(gold) != len(system):
            from tcompare.cli.generic import misalignment_note

            err.write(misalignment_note(gold_path, system_path, len(gold), len(system), pairs))
        summary = run.summary
        assert summary is not None
        left_out = run_left_out(profile, run, gold, config).json(summary)
        target = io.StringIO() if args.out_file else out     # (-o: written whole, atomically)
        if args.output == "json":
            data = to_json(profile, options, results, summary, args.summary_only, pairs)
            data["summary"].update(left_out)
            data["groups"].update(breakdown_groups(results, gold))
            json.dump(data, target, ensure_ascii=False, indent=1)
            target.write("\n")
        else:
            write_csv(profile, results, summary, target, args.summary_only)
        if args.out_file:
            assert isinstance(target, io.StringIO)
            return _write_file(args.out_file, target.getvalue(), err)
        return 0
    # the reference scripts read lines, not sentences: hand them the text, as UTF-8 bytes
    # to the compiled engine (the decoded text only where the pure-Python port runs)
    try:
        gold_bytes, gold_notation = _read_utf8(gold_path, args.format, args.encoding)
        sys_bytes, sys_notation = _read_utf8(system_path, args.format, args.encoding)
    except OSError as exc:      # as the format registry says it (a missing file, a directory...)
        err.write(f"tcompare score: {exc.filename}: cannot open file: {exc.strerror}\n")
        return 1
    except DecodeError as exc:
        err.write(f"tcompare score: {exc.error}\n")
        return 1
    for path, notation in ((gold_path, gold_notation), (system_path, sys_notation)):
        if notation not in ("conllx", "conllu"):
            err.write(f"tcompare score: {path} looks like {notation}, not CoNLL (use --format conllx)\n")
            return 1
    from tcompare.formats.sizes import SCORE_LIMIT, rows_refusal

    for data, path, notation in ((gold_bytes, gold_path, gold_notation),
                                 (sys_bytes, system_path, sys_notation)):
        too_big = rows_refusal(data, path, notation, SCORE_LIMIT, "score")
        if too_big:    # (a 10^6-row sentence: 360 MB in the compiled eval.pl)
            err.write(f"tcompare score: {too_big}\n")
            return 1
    kernel = compiled.conllx_kernel()
    short = []
    for data, path in ((gold_bytes, gold_path), (sys_bytes, system_path)):
        if kernel is None or kernel.maybe_short_rows(data):
            short += short_rows(_text(data), path)
    if "conllu" in (gold_notation, sys_notation):
        gold_bytes = _utf8(conllx_report.eval_text(_text(gold_bytes), gold_notation))
        sys_bytes = _utf8(conllx_report.eval_text(_text(sys_bytes), sys_notation))
    variant = "conll07" if profile_name == "conll07" else "conllx"
    options = dict(variant=variant, evalb=args.b, score_punct=config["score_punct"],
                   skip_deriv=config.get("exclude_deriv", False), hash_order=args.hash_order)
    texts = [gold_bytes, sys_bytes]     # the only reference: the report frees them early
    del gold_bytes, sys_bytes
    result = conllx_face.text_report(texts, gold_path, system_path, quiet=args.q, **options)
    del texts
    if profile_name == "conllu" and result.status == 0:
        results = pair_records(gold, system, profile, config)
        result.stdout += conllx_stream.clas_line(profile.aggregate(results, config))
    return _finish_text(args, profile_name, gold_path, system_path, result, short, out, err)


def _finish_text(args: argparse.Namespace, profile_name: str, gold_path: str, system_path: str,
                 result: conllx_report.RunOutput, short: list[str], out: TextIO,
                 err: TextIO) -> int:
    """The text report written, the reference's stderr and ours, the exit status."""
    text = result.stdout
    if args.out_file:
        if _write_file(args.out_file, text, err):
            return 1
    else:
        out.write(text)
    err.write(result.stderr)
    for message in short:
        err.write(f"warning: {message}\n")
    if short:
        # eval.pl defines this report (missing columns read as empty) and exits 0: the
        # report above is its, byte for byte; the non-zero status says it is not trustworthy
        err.write("tcompare score: rows with fewer than 10 columns were scored with empty "
                  "HEAD/DEPREL as eval.pl does; exit status 1 (eval.pl: 0)\n")
        if result.status == 0:
            return 1
    if profile_name != "conllu" and result.stderr.startswith("line mismatch"):
        from tcompare.cli.score_evalb import hints_wanted

        if hints_wanted(err):      # never in captured stderr: that stays eval.pl's
            err.write(f"tcompare: {gold_path} and {system_path} do not line up; eval.pl pairs "
                      "them line by line. `tcompare score --output json` pairs sentences by "
                      "their text, --profile conll18 aligns words on characters\n")
    if profile_name == "conllu" and result.stderr.startswith("line mismatch"):
        # no reference script to imitate here: say which files and what still works
        err.write(f"tcompare score: {gold_path} and {system_path} do not have the same words "
                  "(different tokenisation?); --output json or csv scores them sentence by "
                  "sentence\n")
    return result.status


def _write_file(path: str, text: str, err: TextIO) -> int:
    """``-o FILE``: the report written atomically (a full disk keeps the previous file);
    the exit code."""
    from tcompare.atomic_file import WriteError, atomic_write

    try:
        atomic_write(path, text.encode("utf-8"))
    except WriteError as exc:
        err.write(f"tcompare score: {exc}\n")
        return 1
    return 0


def breakdown_groups(results: list, gold) -> dict[str, dict]:
    """MaltEval-style JSON groups: ``deprel:X`` (eval.pl's per-DEPREL label and
    label+attachment figures, plus how many sentences have a non-matching X arc) and
    ``cpostag:X`` (per gold CPOSTAG/UPOS: tokens, UAS, LA, LAS), from the scorer's verdicts."""
    items = []
    for position, result in enumerate(results):    # the gold sentence of each result
        pair = result.data.get("pair")
        if pair is not None:
            index = pair["gold"][0] - 1 if len(pair["gold"]) == 1 else -1
        else:
            index = position
        record = gold[index] if 0 <= index < len(gold) else None
        items.append(record.item if record is not None and record.error is None else None)
    tables = breakdowns(results, items)
    with_errors = {row.label: len(row.sentences) for row in label_breakdown(results, "arc")}
    groups: dict[str, dict] = {}
    for row in tables.deprel:
        values = {k: v for k, v in row.items() if k != "key"}
        values["sentences_with_errors"] = with_errors.get(row["key"], 0)
        groups[f"deprel:{row['key']}"] = values
    for row in tables.cpostag:
        groups[f"cpostag:{row['key']}"] = {k: v for k, v in row.items() if k != "key"}
    return groups


def _read_utf8(path: str, notation: str | None, encoding: str | None = None) -> tuple[bytes, str]:
    """The file's text as UTF-8 bytes (the file's own bytes when it is plain UTF-8: no
    second copy) and its notation."""
    data = formats.read_source(path)
    if not encoding and _plain_utf8(data):      # the common case, checked a slice at a time
        if not notation:
            # >= 65536 characters (<= 4 bytes each); valid UTF-8 but for a cut last one
            text = data[:4 * 65536 + 4].decode("utf-8", "ignore")
            if not text.strip() and _blank(data):
                notation = "conllx"
            else:
                notation = formats.sniff(text[:65536], path)
        return data, notation
    decoded = decode_bytes(data, path, encoding)
    text = decoded.text
    if not notation and not text.strip():
        notation = "conllx"      # an empty file is in no notation: eval.pl reads it as CoNLL
    notation = notation or formats.sniff(text[:65536], path)
    if decoded.encoding in ("utf-8", "utf_8") and not decoded.bom and not decoded.bad:
        return data, notation
    return _utf8(text), notation


def _slices(data: bytes, size: int = 1 << 22) -> Iterator[bytes]:
    """`data` in pieces of about `size` bytes, each ending after a newline (an ASCII byte:
    never inside a UTF-8 character) or at the end."""
    start, n = 0, len(data)
    while start < n:
        end = data.find(b"\n", start + size)
        end = n if end == -1 else end + 1
        yield data[start:end]
        start = end


def _plain_utf8(data: bytes) -> bool:
    """Whether `data` is UTF-8 without a byte-order mark (what `decode_bytes` would return
    as is), found without a str of the whole file (up to 4 bytes a character)."""
    if data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return False
    try:
        for piece in _slices(data):
            piece.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _blank(data: bytes) -> bool:
    """``not text.strip()`` for the (valid UTF-8) text of `data`."""
    return all(piece.decode("utf-8").isspace() for piece in _slices(data) if piece)


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def short_rows(text: str, path: str, limit: int = conllx_stream.SHORT_LIMIT) -> list[str]:
    """Diagnostics for token rows of fewer than 10 columns, which eval.pl scores silently
    (a missing HEAD or DEPREL is read as empty); at most `limit`, then a count."""
    found = list(conllx_stream.short_row_lines(text))
    return conllx_stream.short_row_messages(path, found[:limit], len(found))
