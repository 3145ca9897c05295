"""`tcompare convert INPUT [--to NOTATION] [-o OUTPUT]` (spec/cli.md, "Other").

* Without ``--to`` (or with the input's own notation) it is a round trip: the file is read
  and written back through the format registry -- byte-identical for unedited input, so it
  doubles as a check that a file reads cleanly (the exit code says so).
* With ``--to`` every sentence is written by the target notation's writer.  Allowed where
  the labels keep their meaning (`MEANINGFUL`): within the TCT family (TCT square <->
  ParsEval-2012 round <-> PKU, ``!`` marks <-> ``tag-h`` positions), any constituency
  notation -> PTB, CCG AUTO <-> ParsEval-2012 CCG brackets (categories respelled from
  CCGbank's ``(S[dcl]\\NP)/NP`` to the 2012 ``[S{dcl}\\NP]/NP`` and back), CoNLL-X <->
  CoNLL-U.  Anything else (Sinica -> TCT, constituency <-> dependency, ``--to ccgauto``
  from trees without CCG categories) is refused with exit 2 and a list of the targets
  that would work.
* Each converted sentence is read back with the target notation; a sentence the target
  cannot hold (a word with a ``[`` written as TCT, say) or that did not read in the first
  place is reported on stderr as ``file:line:column: message`` and written as the target's
  empty parse so later sentences keep their positions.  Exit 1 when that happened.
* Output keeps the input's encoding (and BOM) and line ends unless ``--output-encoding`` /
  ``--newline`` say otherwise.  No ``-o``: standard output.

Exit codes: 0 success, 1 some sentences or the whole file could not be converted,
2 usage error (unknown notation, impossible conversion).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tcompare import formats
from tcompare.formats import ccg
from tcompare.formats.encoding import EncodeError, encode_text
from tcompare.model.corpus import Corpus, ParseError
from tcompare.model.tree import Tree


@dataclass
class Conversion:
    """The converted text and what went wrong on the way (one message per sentence)."""

    text: str
    problems: list[str] = field(default_factory=list)


class ImpossibleConversion(Exception):
    """The whole conversion makes no sense (dependency -> constituency, no CCG categories)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tcompare convert",
        description="Read a treebank file and write it in another notation "
                    "(no --to: write it back unchanged, a lossless round trip).")
    parser.add_argument("input", help="file to read")
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
    return parser


def _empty_item(kind: str):
    if kind == "dependency":
        from tcompare.model.deps import DepSentence
        return DepSentence()
    return Tree.build(None)


# Conversions that keep what the trees say.  The TCT family shares tags and label parts
# (heads move between `tag-h` positions and PKU `!` marks); PTB brackets can hold any
# constituency tree; CCGbank and ParsEval-2012 spell the same categories differently.
# Others (Sinica roles into TCT labels, PTB tags into TCT files) would change what the
# labels mean, so they are refused rather than done half-way.
TCT_FAMILY = ("tct", "tct2012", "pku")
MEANINGFUL = {(a, b) for a in TCT_FAMILY for b in TCT_FAMILY if a != b} | {
    ("ccgauto", "tct2012"), ("tct2012", "ccgauto"),
    ("conllx", "conllu"), ("conllu", "conllx"),
}


def targets_for(source: str) -> list[str]:
    """The notations a `source` file can be converted to (its own first)."""
    kinds = {n.name: n.kind for n in formats.loaded_notations()}
    result = [source]
    for name in formats.available():
        if name == source:
            continue
        if (source, name) in MEANINGFUL or (
                name == "ptb" and kinds.get(source) == "constituency"):
            result.append(name)
    return result


def _has_ccg(corpus: Corpus) -> bool:
    for record in corpus:
        tree = record.item
        if isinstance(tree, Tree) and tree.root is not None:
            return any(node.label.ccg for node in tree.nodes())
    return False


def _check_possible(corpus: Corpus, source, target) -> None:
    if source.kind != target.kind:
        raise ImpossibleConversion(
            f"cannot convert {source.kind} notation {source.name!r} to {target.kind} "
            f"notation {target.name!r}")
    if target.name not in targets_for(source.name):
        raise ImpossibleConversion(
            f"converting {source.name} to {target.name} would change what the labels mean; "
            f"{source.name} converts to: {', '.join(targets_for(source.name)[1:]) or 'nothing'}")
    if target.name in ("tct", "pku") and _has_ccg(corpus):
        raise ImpossibleConversion(
            f"{corpus.path}: CCG derivations can be written as ccgauto, tct2012 or ptb, "
            f"not as {target.name}")
    if target.name == "ccgauto":
        for record in corpus:
            tree = record.item
            if tree is None or tree.root is None:
                continue
            if not all(node.label.ccg for node in tree.nodes()):
                raise ImpossibleConversion(
                    f"{corpus.path}:{record.line}: the trees carry no CCG categories, "
                    "so they cannot be written as CCG AUTO derivations")


def _respell_categories(tree: Tree, respell) -> Tree:
    """A copy of `tree` with every CCG category respelled (node labels and word categories)."""
    tree = tree.copy()
    for node in tree.nodes():
        if node.label.ccg:
            cat = respell(node.label.ccg)
            node.label = node.label.with_parts(raw=cat, category=cat, ccg=cat)
    for token in tree.tokens:
        if token.ccg:
            same = token.pos == token.ccg
            token.ccg = respell(token.ccg)
            if same:   # ParsEval-2012 CCG words carry the category as their only tag
                token.pos = token.ccg
    return tree


def _prepare(item, source: str, target: str, index: int):
    """Notation-specific fill-ins the target writer needs (a copy; the input is untouched)."""
    if not isinstance(item, Tree):
        return item
    if source == "ccgauto" and target != "ccgauto":
        item = _respell_categories(item, ccg.category_to_2012)
    elif target == "ccgauto" and source != "ccgauto":
        item = _respell_categories(item, ccg.category_from_2012)
    if target == "ccgauto" and "header" not in item.meta:
        item = item.copy()
        item.meta["header"] = f"ID={index}"
    return item


def _same_content(a, b) -> bool:
    if isinstance(a, Tree):
        return isinstance(b, Tree) and a.words == b.words and len(a.nodes()) == len(b.nodes())
    return [t.form for t in getattr(a, "words", [])] == [t.form for t in getattr(b, "words", [])]


def convert_corpus(corpus: Corpus, target_name: str, newline: str | None = None) -> Conversion:
    """Write every sentence of `corpus` in `target_name`; see the module docstring.

    Raises
    ------
    ImpossibleConversion
        when the two notations cannot express the same thing.
    """
    newline = newline or corpus.newline
    if target_name == corpus.notation:
        return Conversion(formats.format_corpus(corpus))
    source, target = formats.get(corpus.notation), formats.get(target_name)
    _check_possible(corpus, source, target)
    parts: list[str] = []
    problems: list[str] = []
    for record in corpus:
        error: ParseError | str | None = record.error
        text = ""
        if error is None:
            try:
                text = target.format_item(_prepare(record.item, source.name, target.name,
                                                          record.index), newline)
                back = target.parse(text, corpus.path)
                if len(back) != 1 or back[0].error is not None or not _same_content(
                        record.item, back[0].item):
                    detail = back[0].error.message if len(back) == 1 and back[0].error else \
                        "the words or brackets do not survive"
                    error = f"{corpus.path}:{record.line}: sentence {record.index} cannot be " \
                            f"written as {target.name} ({detail})"
            except Exception as exc:  # noqa: BLE001 - one sentence must not stop the others
                error = f"{corpus.path}:{record.line}: sentence {record.index} cannot be " \
                        f"written as {target.name} ({type(exc).__name__}: {exc})"
        if error is not None:
            problems.append(str(error))
            text = target.format_item(_prepare(_empty_item(target.kind), source.name,
                                               target.name, record.index), newline)
        parts.append(text)
    return Conversion("".join(parts), problems)


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
    try:
        corpus = formats.read_file(args.input, args.format, args.encoding)
    except formats.ReadError as exc:
        print(f"tcompare convert: {exc.error}", file=sys.stderr)
        return 1
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
    if args.output_encoding:
        wanted = args.output_encoding.lower()
        encoding, bom = ("utf-8", True) if wanted in ("utf-8-sig", "utf8-sig") else (wanted, False)
    try:
        data = encode_text(text, encoding, bom)
    except (EncodeError, LookupError) as exc:
        print(f"tcompare convert: {exc} (try --output-encoding utf-8)", file=sys.stderr)
        return 1
    if args.output:
        try:
            Path(args.output).write_bytes(data)
        except OSError as exc:
            print(f"tcompare convert: cannot write {args.output}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 1
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    for problem in result.problems:
        print(problem, file=sys.stderr)
    if result.problems:
        print(f"tcompare convert: {len(result.problems)} sentence(s) could not be read or "
              f"converted", file=sys.stderr)
        return 1
    return 0
