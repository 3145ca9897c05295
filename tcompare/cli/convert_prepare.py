"""`tcompare convert INPUT --prepare STEP [--to NOTATION] [-o OUTPUT]`: the evaluation
organisers' data preparation (`tcompare.formats.dataprep`, docs/data-preparation.md).

Tree steps write every prepared tree with the target notation's writer (``--to``; default:
TCT for ``parseval2010-pku``, the input's notation otherwise); ``parseval2010-edc`` writes
one line per clause; ``parseval2010-eventbank`` writes an event bank.  A sentence that does
not read is reported as ``file:line:column: message`` and left out (exit 1).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tcompare import formats
from tcompare.formats import dataprep
from tcompare.formats.encoding import EncodeError, encode_text

# the notations each step reads
INPUTS = {
    "parseval2010-pku": ("pku", "tct", "tct2012"),
    "parseval2010-edc": ("tct", "tct2012", "pku"),
    "parseval2010-eventbank": ("tct", "tct2012", "pku"),
    "parseval2012-binarize": ("tct", "tct2012", "pku"),
    "sighan2012-train": ("sinica",),
}


def prepare(args, corpus) -> int:
    step = args.prepare
    if corpus.notation not in INPUTS[step]:
        print(f"tcompare convert: --prepare {step} reads {', '.join(INPUTS[step])}; "
              f"{args.input} is {corpus.notation} (use --format)", file=sys.stderr)
        return 2
    target = args.to or ("tct" if step == "parseval2010-pku" else corpus.notation)
    if step != "parseval2010-eventbank" and formats.get(target).kind != "constituency":
        print(f"tcompare convert: --prepare {step} writes trees; {target} holds dependencies",
              file=sys.stderr)
        return 2
    pos_map = dataprep.default_pos_map
    if args.pos_map:
        try:
            pos_map = dataprep.read_pos_map(args.pos_map)
        except (OSError, ValueError) as exc:
            print(f"tcompare convert: --pos-map: {exc}", file=sys.stderr)
            return 2
    problems = [str(e) for e in corpus.errors()]
    trees = [(number, record.item) for number, record in enumerate(corpus, 1) if record.ok]
    newline = {"lf": "\n", "crlf": "\r\n"}.get(args.newline, "\n")
    if step == "parseval2010-eventbank":
        text = (f"# ParsEval-2010 event bank extracted from {Path(args.input).name} by tcompare "
                "(docs/data-preparation.md)\n" + "".join(dataprep.event_bank_lines(trees)))
        text = text.replace("\n", newline)
    else:
        write = formats.get(target).format_item
        out = []
        for _, tree in trees:
            if step == "parseval2010-pku":
                prepared = [dataprep.pku_to_tct(tree, pos_map)]
            elif step == "parseval2012-binarize":
                prepared = [dataprep.binarize(tree)]
            elif step == "parseval2010-edc":
                prepared = dataprep.edcs(tree)
            else:
                prepared = [dataprep.sighan2012_train(tree)]
            for t in prepared:
                t.meta.pop("trailing", None)
                out.append(write(t, newline))
        text = "".join(out)
    try:
        data = encode_text(text, args.output_encoding or corpus.encoding,
                           corpus.bom if not args.output_encoding else False)
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
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"tcompare convert: {len(problems)} sentence(s) could not be read", file=sys.stderr)
        return 1
    return 0
