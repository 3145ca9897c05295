"""The label splitter of each notation, so a relabel gets the same Label parts a reader
would have produced for that text (category / function / index / heads / role / CCG).

Spec: tcompare/formats/* readers; notations without a public splitter get a small one here
that follows their reader (Sinica ``role:Category``; CCG: the whole label is the category).
"""

from __future__ import annotations

from typing import Callable

from tcompare.model.tree import Label

LabelParser = Callable[[str], Label]


def _plain(raw: str) -> Label:
    return Label(raw=raw, category=raw)


def _sinica(raw: str) -> Label:
    # the reader keeps the role apart from the category (`agent:NP` -> role agent, NP)
    role, sep, category = raw.rpartition(":")
    if sep and role and category:
        return Label(raw=category, category=category, role=role)
    return Label(raw=raw, category=raw)


def _ccg(raw: str) -> Label:
    return Label(raw, category=raw, ccg=raw)


def label_parser(notation: str) -> LabelParser:
    """The function turning a typed label into `Label` parts for `notation`."""
    try:
        if notation == "ptb":
            from tcompare.formats.ptb import split_label
            return split_label
        if notation in ("tct", "pku"):
            from tcompare.formats.tct import split_label
            return split_label
        if notation == "tct2012":
            from tcompare.formats.tct2012 import split_label2012
            return split_label2012
    except ImportError:  # a reader module missing: labels are still editable as plain text
        return _plain
    if notation == "sinica":
        return _sinica
    if notation == "ccgauto":
        return _ccg
    return _plain
