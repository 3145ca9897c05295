"""A gold/system pair with empty nodes and enhanced relations for the enhanced-UD view's
tests and screenshots: gold is two real sentences of UD English EWT r2.12 (test set,
CC BY-SA 4.0: tests/data/ewt_empty_nodes.conllu, each with an empty node); the system is
gold changed as a parser that predicts no empty nodes might err (`SYSTEM_CHANGES`)."""

from __future__ import annotations

from pathlib import Path

GOLD = Path(__file__).resolve().parent / "data" / "ewt_empty_nodes.conllu"

# sentence 1, row ID -> (HEAD, DEPREL, DEPS) of the system; None keeps gold's column
SYSTEM_CHANGES = {
    "3": (None, None, "6:obl"),                 # subtype lost: EULAS counts it, ELAS not
    "10": (None, "parataxis", "6:parataxis"),   # another relation: wrong label
    "18": (None, None, "20:nsubj|14:nsubj"),    # one arc more, from another head
    "22": ("6", None, "6:obj"),                 # another head: wrong head
    "24": (None, None, "6:parataxis"),          # no empty node: its arc to 24.1 gone ...
    "26": (None, None, "24:obl:for"),           # ... and 26 hangs from 24 instead
}
REMOVED = "24.1"                                # the system predicts no empty node


def system_text(gold: str) -> str:
    blocks = gold.strip("\n").split("\n\n")
    lines = []
    for line in blocks[0].split("\n"):
        cols = line.split("\t")
        if len(cols) == 10 and cols[0] == REMOVED:
            continue
        if len(cols) == 10 and cols[0] in SYSTEM_CHANGES:
            for column, value in zip((6, 7, 8), SYSTEM_CHANGES[cols[0]]):
                if value is not None:
                    cols[column] = value
            line = "\t".join(cols)
        lines.append(line)
    return "\n\n".join(["\n".join(lines), *blocks[1:]]) + "\n\n"


def write_pair(folder: Path) -> tuple[Path, Path]:
    gold = folder / "gold.conllu"
    system = folder / "system.conllu"
    text = GOLD.read_text(encoding="utf-8")
    gold.write_text(text, encoding="utf-8")
    system.write_text(system_text(text), encoding="utf-8")
    return gold, system
