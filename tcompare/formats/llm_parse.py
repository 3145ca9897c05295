"""One LLM answer read leniently: a bracketed tree or CoNLL rows, and what had to be repaired
(`tcompare.formats.llm` cuts a file into answers; docs/llm-output.md).

Trees: brackets read one by one; an unmatched ``)`` is dropped, brackets still open at the
end are closed, several top-level trees are joined under one root ``""``; ``(TAG word)`` is a
tagged word, a word straight inside a phrase is kept untagged.  Rows: ten columns as they
are; fewer are mapped by their shape (`ten_columns`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from tcompare.formats.ptb import split_label
from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.tree import Label, Node, Token, Tree

if TYPE_CHECKING:
    from tcompare.model.deps import TenColumns

ROW = re.compile(r"^\s*\|?\s*(\d+(?:[-.]\d+)?)(?:\s*\|\s*|\t|\s+)\S")
TOKEN = re.compile(r"\(|\)|[^\s()]+")
UPOS = frozenset("ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X".split())


@dataclass(slots=True)
class LlmParse:
    """One response read leniently.

    Parameters
    ----------
    index : 1-based number of the response in the file.
    line : 1-based line of the file where the parse starts (0: none).
    source : the parse's text as read (chatter left out).
    kind : ``constituency`` or ``dependency``.
    item : the `Tree` / `DepSentence` read (None: nothing could be read).
    faults : what reading found wrong: ``empty``, ``unparsable``, ``unbalanced``,
        ``several_roots`` (each at most once).
    repairs : what the reader changed to get `item`, in words.
    roots : top-level trees found (constituency).
    """

    index: int
    line: int
    source: str
    kind: str
    item: Any = None
    faults: list[str] = field(default_factory=list)
    repairs: list[str] = field(default_factory=list)
    roots: int = 0

    @property
    def words(self) -> list[str]:
        if isinstance(self.item, Tree):
            return self.item.words
        if isinstance(self.item, DepSentence):
            return [w.form for w in self.item.words]
        return []

    def fault(self, name: str) -> None:
        if name not in self.faults:
            self.faults.append(name)


def row_fields(line: str) -> list[str] | None:
    """The fields of a CoNLL row (tab-, ``|``- or space-separated), None when `line` is none."""
    if not ROW.match(line):
        return None
    text = line.strip()
    if text.startswith("|"):
        fields = [f.strip() for f in text.strip("|").split("|")]
    elif "\t" in text:
        fields = [f.strip() for f in text.split("\t")]
    else:
        fields = text.split()
        # "3 words were changed": prose, not a row (a row has ID FORM ... HEAD DEPREL)
        if len(fields) < 4 or not any(f.isdigit() for f in fields[2:]):
            return None
    return fields if len(fields) >= 2 else None


def read_one(body: str, kind: str, index: int, line: int) -> LlmParse:
    parse = LlmParse(index, line, body, kind)
    if not body.strip():
        parse.fault("empty")
        return parse
    if kind == "constituency":
        _read_tree(parse)
    else:
        _read_rows(parse)
    return parse


def _read_tree(parse: LlmParse) -> None:
    """Brackets read one by one: an unmatched ``)`` is dropped, brackets still open at the end
    are closed, several top-level trees are joined under one root ``""``."""
    roots: list[Node | Token] = []
    stack: list[Node] = []
    dropped = empty = 0
    toks = [m.group() for m in TOKEN.finditer(parse.source)]
    i = 0
    while i < len(toks):
        t = toks[i]
        if t == "(":
            label = toks[i + 1] if i + 1 < len(toks) and toks[i + 1] not in "()" else None
            j = i + 2 if label is not None else i + 1
            # (TAG word): a preterminal
            if label is not None and j + 1 < len(toks) and toks[j] not in "()" and toks[j + 1] == ")":
                token = Token(toks[j], label)
                (stack[-1].children if stack else roots).append(token)
                i = j + 2
                continue
            node = Node(_label(label or ""))
            (stack[-1].children if stack else roots).append(node)
            stack.append(node)
            i = j
        elif t == ")":
            if stack:
                node = stack.pop()
                if not node.children:
                    empty += 1
                    (stack[-1].children if stack else roots).remove(node)
            else:
                dropped += 1
            i += 1
        else:
            # a word right in a phrase (no POS bracket): kept untagged
            (stack[-1].children if stack else roots).append(Token(t, ""))
            i += 1
    unclosed = len(stack)
    # close what is open, innermost first; an empty bracket goes (each open node is the last
    # child of the one below it on the stack)
    for k in range(len(stack) - 1, -1, -1):
        if stack[k].children:
            break
        empty += 1
        container = stack[k - 1].children if k else roots
        if container and container[-1] is stack[k]:
            container.pop()
    if dropped or unclosed:
        parse.fault("unbalanced")
        if dropped:
            parse.repairs.append(f"brackets balanced: removed {dropped} unmatched ')'")
        if unclosed:
            parse.repairs.append(f"brackets balanced: added {unclosed} missing ')'")
    if empty:
        parse.repairs.append(f"empty brackets removed: {empty}")
    loose = [r for r in roots if isinstance(r, Token)]
    parse.roots = len(roots)
    if not roots or not any(_has_word(r) for r in roots):
        parse.fault("unparsable")
        return
    if len(roots) > 1:
        parse.fault("several_roots")
        what = f"{len(roots)} top-level trees" if not loose else \
            f"{len(roots) - len(loose)} tree(s) and {len(loose)} word(s) outside any bracket"
        parse.repairs.append(f"roots joined: {what} under one root")
        root = Node(Label("", category=""), list(roots))
    elif isinstance(roots[0], Token):
        root = Node(Label("", category=""), list(roots))
    else:
        root = roots[0]
    parse.item = Tree.build(root)


def _has_word(child: Node | Token) -> bool:
    stack = [child]          # (iterative: an answer may nest brackets 10^5 deep)
    while stack:
        c = stack.pop()
        if isinstance(c, Token):
            return True
        stack.extend(c.children)
    return False


def _label(raw: str) -> Label:
    return split_label(raw)


COLUMN_NAMES = ("ID", "FORM", "LEMMA", "UPOS", "XPOS", "FEATS", "HEAD", "DEPREL", "DEPS", "MISC")


def _read_rows(parse: LlmParse) -> None:
    """CoNLL rows: ten columns as they are; fewer: ID, FORM, then HEAD is the last number and
    DEPREL the field after it; what lies between FORM and HEAD is UPOS (one field), LEMMA UPOS
    (two) or LEMMA UPOS XPOS (three)."""
    sentence = DepSentence()
    filled: set[str] = set()
    for raw in parse.source.split("\n"):
        if raw.lstrip().startswith("#"):
            sentence.comments.append(raw.rstrip("\r"))
            continue
        fields = row_fields(raw)
        if fields is None:
            continue
        cols, missing = ten_columns(fields)
        filled.update(missing)
        sentence.rows.append(DepToken(*cast("TenColumns", tuple(cols[:10])), extra_columns=tuple(cols[10:])))
    if not sentence.words:
        parse.fault("unparsable")
        return
    if filled:
        names = [n for n in COLUMN_NAMES if n in filled]
        parse.repairs.append(f"columns filled: "
                             f"{' '.join(names)} with '_'")
    parse.item = sentence


def ten_columns(fields: list[str]) -> tuple[list[str], set[str]]:
    fields = [f if f else "_" for f in fields]
    if len(fields) >= 10:
        return fields, set()
    if len(fields) >= 8:
        return fields + ["_"] * (10 - len(fields)), set(COLUMN_NAMES[len(fields):])
    ident, form, rest = fields[0], fields[1], fields[2:]
    head_at = max((k for k, f in enumerate(rest) if f.isdigit()), default=None)
    cols = {"ID": ident, "FORM": form}
    if head_at is not None:
        cols["HEAD"] = rest[head_at]
        if head_at + 1 < len(rest):
            cols["DEPREL"] = rest[head_at + 1]
        between = rest[:head_at]
    else:
        between = rest
    if len(between) == 1:
        key = "UPOS" if between[0] in UPOS or head_at is not None else "LEMMA"
        cols[key] = between[0]
    elif between:
        for name, value in zip(("LEMMA", "UPOS", "XPOS", "FEATS"), between):
            cols[name] = value
    out = [cols.get(n, "_") for n in COLUMN_NAMES]
    return out, {n for n in COLUMN_NAMES if n not in cols}
