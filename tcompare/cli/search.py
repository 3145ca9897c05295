"""`tcompare search PATTERN GOLD [SYSTEM] [--profile P] [--side gold|system] [--output text|json]`.

Finds the sentences a query matches (`tcompare.analysis.verdict_query`): a tree pattern
(tgrep2 for constituency, the arc form for dependency; docs/phenomena.md) optionally
followed by ``::`` and verdict predicates, which need SYSTEM (the pair is scored with the
profile, default the notation's, and the predicates read the scorer's verdicts):

    tcompare search 'NP < PP=p :: p.partner.parent=VP' gold.mrg system.mrg
    tcompare search '*{deprel=nsubj} :: sys.deprel=obj' gold.conllu system.conllu

Text: one line per match ``<sentence>\\t<label>\\t[start,end)\\t<words>``, then a
``# N matches in M sentences`` line; ``--sentences`` prints only the sentence numbers.
JSON: the hits with their highlights.  ``--save NAME`` keeps the query (per user,
`tcompare.analysis.saved_queries`); ``@NAME`` as PATTERN runs a saved one.  A query error is reported with its column and a caret
(exit 2); exit 1 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Iterator, Sequence, TextIO

from tcompare import formats


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tcompare search",
                                     description="Search gold/system trees and their differences.")
    parser.add_argument("pattern")
    parser.add_argument("gold")
    parser.add_argument("system", nargs="?")
    parser.add_argument("--profile", help="scoring profile for the predicates (default: the notation's)")
    parser.add_argument("--format", help="notation of the files (default: sniffed)")
    parser.add_argument("-p", "--prm", help="EVALB parameter file (evalb profile)")
    parser.add_argument("--side", choices=("gold", "system"), default="gold",
                        help="which trees the pattern is matched on")
    parser.add_argument("--sentences", action="store_true", help="text: sentence numbers only")
    parser.add_argument("--output", choices=("text", "json"), default="text")
    parser.add_argument("--save", metavar="NAME",
                        help="also save the query under NAME (then usable as @NAME)")
    return parser


SHOWN_WORDS = 50      # a longer span shows its first and last words (see _words)


def _sentence_words(item) -> list:
    tokens = getattr(item, "tokens", None)
    return tokens if tokens is not None else getattr(item, "words", [])


def _words(words: list, span) -> str:
    """The words of a match; a span of more than SHOWN_WORDS words shows its first and last
    SHOWN_WORDS / 2 around ``... N words ...``: nested spans (a chain of 10^5 dependents)
    would otherwise print the square of the sentence's length."""
    start, end = span
    if end - start <= SHOWN_WORDS:
        return " ".join(w.form for w in words[start:end])
    half = SHOWN_WORDS // 2
    return (" ".join(w.form for w in words[start:start + half]) + f" ... {end - start} words ... "
            + " ".join(w.form for w in words[end - half:end]))


class _Items(Sequence[Any]):
    """The items of a corpus (None for a sentence that does not read), parsed when met: a
    pass over 10^6 blank sentences keeps none of their trees (`model.corpus.Records`)."""

    def __init__(self, corpus: Any) -> None:
        self.corpus = corpus

    def __len__(self) -> int:
        return len(self.corpus)

    def __getitem__(self, position: Any) -> Any:
        record = self.corpus[position]
        return _item_of(record)

    def __iter__(self) -> Iterator[Any]:
        for record in self.corpus:
            yield _item_of(record)


def _item_of(record: Any) -> Any:
    """The record's item, which the record forgets again if it was not parsed before (the
    caller holds it): 40k sentences searched keep no tree but the hits'."""
    was_parsed = record.parsed
    item = record.item if record.error is None else None
    if not was_parsed:
        record.release()
    return item


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    from tcompare.query import PatternError
    from tcompare.analysis.verdict_query import parse_query, run_query

    out, err = out or sys.stdout, err or sys.stderr
    args = build_parser().parse_args(argv)
    if args.side == "system" and not args.system:
        err.write("tcompare search: --side system needs a SYSTEM file\n")
        return 2
    try:
        gold = formats.read_file(args.gold, args.format)
        system = formats.read_file(args.system, args.format) if args.system else None
    except formats.ReadError as exc:
        err.write(f"tcompare search: {exc}\n")
        return 1
    from tcompare.formats.sizes import ANALYSIS_LIMIT, refusal

    too_big = refusal((gold, system), ANALYSIS_LIMIT, "search")
    if too_big:        # before any tree is built or scored (a 10^6-word pair: minutes, GBs)
        err.write(f"tcompare search: {too_big}\n")
        return 1
    from tcompare.analysis import saved_queries

    try:
        args.pattern = saved_queries.resolve(args.pattern)
    except saved_queries.SavedQueryError as exc:
        err.write(f"tcompare search: {exc}\n")
        return 2
    try:
        query = parse_query(args.pattern, gold.notation)
    except PatternError as exc:
        err.write(f"tcompare search: {exc.message} at column {exc.column}\n  {args.pattern}\n"
                  f"  {' ' * max(exc.column - 1, 0)}^\n")
        return 2
    if args.save:
        try:
            saved_queries.save(args.save, args.pattern)
        except (saved_queries.SavedQueryError, OSError) as exc:
            err.write(f"tcompare search: {exc}\n")
            return 1
    if query.predicates and system is None:
        err.write("tcompare search: verdict predicates (after '::') need a SYSTEM file\n")
        return 2
    results = None
    g_items: Sequence[Any]
    if system is not None and (query.predicates or args.side == "system"):
        from tcompare.cli.breakdown import CliError, score

        try:
            scored = score(args)
        except CliError as exc:
            err.write(f"tcompare search: {exc}\n")
            return exc.code
        results, g_items, s_items = scored.results, scored.gold, scored.system
    else:       # no verdict asked for: nothing to score, the gold trees read one at a time
        g_items, s_items = _Items(gold), None
    found = run_query(query, results, g_items, s_items, args.side)
    searched = g_items if args.side == "gold" else s_items
    if args.output == "json":
        hits = list(found)
        json.dump({"pattern": args.pattern, "side": args.side, "hits": [
            {"sentence": h.index, "matches": [
                {"label": lab, "span": list(span), "nodes": m.nodes, "tokens": m.tokens}
                for lab, span, m in zip(h.labels, h.spans, h.matches)]} for h in hits]},
            out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    total = sentences = 0
    for h in found:         # written as found: 40k sentences' hits are not all kept
        sentences += 1
        if args.sentences:
            out.write(f"{h.index}\n")
            total += len(h.matches)
            continue
        item = searched[h.index - 1] if searched and h.index - 1 < len(searched) else None
        words = _sentence_words(item)      # once per sentence: a DepSentence builds it anew
        for lab, span in zip(h.labels, h.spans):
            total += 1
            out.write(f"{h.index}\t{lab}\t[{span[0]},{span[1]})\t{_words(words, span)}\n")
    out.write(f"# {total} matches in {sentences} sentences\n")
    return 0
