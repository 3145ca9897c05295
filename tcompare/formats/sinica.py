"""Sinica Treebank notation (spec/notations.md §5), as in the NLTK sample and SIGHAN-2012.

One tree per line::

    #3:3.[39029] S(theme:NP(Head:Nhaa:我)|Head:VC1:住在|goal:NP(...))#，(COMMACATEGORY)

* an optional ``#n:m.[id] `` prefix (ids such as ``00320..`` exist) and an optional suffix
  after the tree: ``#PUNCT(CATEGORY)`` or a bare ``#``.  The final punctuation lies OUTSIDE
  the tree, so it is no token; prefix and suffix are kept in ``Tree.meta`` (``prefix``,
  ``suffix``) for writing.
* a tree is ``Phrase(daughter|daughter|...)``; a daughter is ``role:POS:word`` (a leaf),
  ``POS:word`` (a leaf without role, SIGHAN-2012 style), ``role:Phrase(...)`` or
  ``Phrase(...)``.  A leaf is split on its FIRST two colons, so the word keeps any further
  colon (``head:Head:Nac:鵝掌形`` is role ``head``, POS ``Head``, word ``Nac:鵝掌形``).
* phrase labels are kept whole (``V‧的``, ``Nab`` for a head coordination); roles go to
  `Label.role` / `Token.role`; the children whose role is ``Head`` (or lowercase ``head``
  inside DE-constructions) become `Label.heads`.
* whitespace around ``(``, ``|`` and ``)`` is tolerated (papers' examples carry it); blank
  lines are kept with the sentence before them (leading ones in the prolog), so a file
  round-trips byte for byte, CRLF included.
"""

from __future__ import annotations

import re
from typing import Any, Callable, cast

from tcompare.formats import Notation
from tcompare.formats.linegroups import split_no_parse
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord, shown
from tcompare.model.tree import Child, Label, Node, Token, Tree

PREFIX_RE = re.compile(r"#[^\s\[\]]*\[[^\]]*\] ?")
HEAD_ROLES = ("Head", "head")


class SinicaSyntaxError(Exception):
    def __init__(self, message: str, column: int, hint: str = ""):
        super().__init__(message)
        self.message, self.column, self.hint = message, column, hint


def _label(raw: str, role: str, heads: tuple[int, ...] = ()) -> Label:
    return Label(raw=raw, category=raw, role=role, heads=heads)


_DELIMITER = re.compile(r"[|():]")


class _Parser:
    """Recursive-descent reader of one tree text (iterative on the node stack)."""

    def __init__(self, text: str, offset: int):
        self.text, self.offset = text, offset   # offset: column of text[0] minus 1

    def error(self, message: str, pos: int, hint: str = "") -> SinicaSyntaxError:
        return SinicaSyntaxError(message, self.offset + pos + 1, hint)

    def skip_ws(self, pos: int) -> int:
        text = self.text
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        return pos

    def head(self, pos: int) -> tuple[str, int]:
        """Read a daughter's text up to the next delimiter; a leaf word may hold ``(``."""
        text, start = self.text, pos
        colons = 0          # counted as we go: counting from `start` at each "(" was quadratic
        while True:
            m = _DELIMITER.search(text, pos)
            if m is None:
                pos = len(text)
                break
            pos, ch = m.start(), m.group()
            if ch in "|)" or (ch == "(" and colons < 2):
                break
            if ch == ":":
                colons += 1
            pos += 1
        return text[start:pos], pos

    def parse(self) -> tuple[Node, int]:
        """Parse the tree at the start of the text; return it and the position after it."""
        text = self.text
        pos = self.skip_ws(0)
        head, pos = self.head(pos)
        if pos >= len(text) or text[pos] != "(":
            raise self.error("expected a phrase 'Label(' at the start of the tree", 0,
                             "a Sinica tree looks like S(role:POS:word|...)")
        role, label = self.split_phrase(head.strip(), 0)
        root = Node(_label(label, role))
        stack: list[Node] = [root]
        pos += 1
        while True:
            pos = self.skip_ws(pos)
            start = pos
            head, pos = self.head(pos)
            if pos >= len(text):
                raise self.unclosed(stack)
            stripped = head.strip()
            if text[pos] == "(":
                role, label = self.split_phrase(stripped, start)
                node = Node(_label(label, role))
                stack[-1].children.append(node)
                stack.append(node)
                pos += 1
                continue
            if stripped:
                stack[-1].children.append(self.leaf(stripped, start))
            elif text[pos] == "|" or stack[-1].children:
                raise self.error("empty daughter", start, "two '|' in a row, or '|' before ')'")
            else:
                raise self.error("empty phrase '()'", start)
            # at "|" (next daughter) or at one or more ")" closing phrases
            while text[pos] == ")":
                self.close(stack.pop())
                pos += 1
                if not stack:
                    return root, pos
                pos = self.skip_ws(pos)
                if pos >= len(text):
                    raise self.unclosed(stack)
                if text[pos] not in "|)":
                    raise self.error(f"expected '|' or ')' after a phrase, found {shown(text[pos])}", pos)
            pos += 1  # the "|"

    def unclosed(self, stack: list[Node]) -> SinicaSyntaxError:
        return self.error(f"unclosed '(' ({len(stack)} still open at the end of the line)",
                          len(self.text), "every Phrase( needs a matching )")

    @staticmethod
    def close(node: Node) -> None:
        heads = tuple(i for i, c in enumerate(node.children)
                      if (c.label.role if isinstance(c, Node) else c.role) in HEAD_ROLES)
        if heads:
            node.label = node.label.with_parts(heads=heads)

    def split_phrase(self, head: str, pos: int) -> tuple[str, str]:
        role, sep, label = head.partition(":")
        if not sep:
            role, label = "", head
        if not label or ":" in label:
            raise self.error(f"bad phrase label {shown(head)}", pos,
                             "a phrase is written Label( or role:Label(")
        return role.strip(), label.strip()

    def leaf(self, head: str, pos: int) -> Token:
        parts = head.split(":", 2)
        if len(parts) == 3:
            role, pos_tag, word = parts
        elif len(parts) == 2:
            role, (pos_tag, word) = "", parts
        else:
            raise self.error(f"leaf {shown(head)} has no POS", pos,
                             "a leaf is written role:POS:word or POS:word")
        if not word.strip() or not pos_tag.strip():
            raise self.error(f"leaf {shown(head)} has an empty POS or word", pos)
        return Token(form=word.strip(), pos=pos_tag.strip(), role=role.strip())


def parse_line(line: str) -> tuple[Tree, str, str]:
    """Parse one line (without its line end) into a Tree; raises SinicaSyntaxError.

    Returns the tree and the prefix / suffix texts (also stored in ``tree.meta``).
    """
    match = PREFIX_RE.match(line)
    prefix = match.group(0) if match else ""
    body = line[len(prefix):]
    root, end = _Parser(body, len(prefix)).parse()
    suffix = body[end:]
    if suffix.strip() and not suffix.lstrip().startswith("#"):
        raise SinicaSyntaxError(f"unexpected text after the tree: {shown(suffix.strip()[:20])}",
                                len(prefix) + end + 1,
                                "only '#PUNCT(CATEGORY)' or '#' may follow the tree")
    tree = Tree.build(root, {"prefix": prefix, "suffix": suffix})
    return tree, prefix, suffix


_EMPTY_TREE = re.compile(r"\s*[^\s()|:#]*\(\s*\)\s*")


def _parse_record(record: SentenceRecord, path: str) -> tuple[Tree | None, ParseError | None]:
    if not record.source.strip():     # a blank line where a tree belongs: no parse
        return Tree.build(None, {"no_parse": "blank line", "prefix": "", "suffix": ""}), None
    line = record.source.split("\n", 1)[0].rstrip("\r")
    match = PREFIX_RE.match(line)
    prefix = match.group(0) if match else ""
    body, _, rest = line[len(prefix):].partition("#")
    if not body.strip() or _EMPTY_TREE.fullmatch(body):    # "S()", or only the "#n:m.[id]" prefix
        suffix = line[len(prefix) + len(body):]
        return Tree.build(None, {"no_parse": body.strip() or "empty line", "prefix": prefix,
                                 "suffix": body[len(body.rstrip()):] + suffix}), None
    known = _FAILED.get(line)
    if known is None:
        try:
            tree, _, _ = parse_line(line)
        except SinicaSyntaxError as exc:
            lo = max(0, exc.column - 20)
            known = (exc.message, exc.column, line[lo:exc.column + 20], exc.hint)
            if len(_FAILED) >= _FAILED_KEPT:
                _FAILED.clear()
            _FAILED[line] = known
        else:
            return tree, None
    message, column, excerpt, hint = known
    return None, ParseError(message, path, record.line, column, excerpt, hint)


# lines that failed lately and why: 10^5 alike broken lines are parsed once, and their
# errors share one message, excerpt and hint (not 10^5 copies of each)
_FAILED: dict[str, tuple[str, int, str, str]] = {}
_FAILED_KEPT = 256


_LINE_RE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def parse(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="sinica")
    records: list[SentenceRecord] = []
    prolog: list[str] = []
    line_no = 0
    blanks: list[str] = []     # joined once: one by one into a string is quadratic
    # one parser for all the records (not a closure each: 10^5 of them took 19 MB)
    parse_one = cast("Callable[[SentenceRecord], tuple[Any, ParseError | None]]",
                     lambda r, p=path: _parse_record(r, p))
    for m in _LINE_RE.finditer(text):
        line_no += 1
        chunk = m.group(0)
        if not chunk.strip():
            (blanks if records else prolog).append(chunk)
            continue
        if blanks:
            records[-1].source += "".join(blanks)
            blanks.clear()
        record = SentenceRecord(index=len(records) + 1, line=line_no, source=chunk,
                                _parse=parse_one)
        records.append(record)
    if blanks:
        records[-1].source += "".join(blanks)
    # blank lines between trees are missing parses (spec/metrics.md §7)
    plan = split_no_parse([(r.line, r.source) for r in records])
    if len(plan) != len(records):
        records = []
        for first, source in plan:
            record = SentenceRecord(index=len(records) + 1, line=first, source=source,
                                    _parse=parse_one)
            records.append(record)
    corpus.records = records
    corpus.prolog = "".join(prolog)
    return corpus


def format_tree(root: Node) -> str:
    """The bracket text of a tree (no prefix, suffix or line end)."""
    out: list[str] = []

    def emit(child: Child) -> None:
        if isinstance(child, Token):
            # an empty role is written out (":POS:word") when the word holds a colon,
            # so that the first-two-colons split reads it back the same
            out.append(f"{child.role}:{child.pos}:{child.form}" if child.role or ":" in child.form
                       else f"{child.pos}:{child.form}")
            return
        if child.label.role:
            out.append(child.label.role + ":")
        out.append(child.label.raw + "(")
        for i, c in enumerate(child.children):
            if i:
                out.append("|")
            emit(c)
        out.append(")")

    # recursion depth equals tree depth; Sinica trees are shallow (< 40 levels)
    emit(root)
    return "".join(out)


def format_item(tree: Tree, newline: str = "\n") -> str:
    body = format_tree(tree.root) if tree.root is not None else ("S()" if tree.meta.get("no_parse") else "")
    return cast(str, tree.meta.get("prefix", "") + body + tree.meta.get("suffix", "") + newline)


# optional prefix, a label glued to "(", then a daughter holding a colon: S(agent:NP(...
_SNIFF_RE = re.compile(r"^(#[^\s\[\]]*\[[^\]]*\] ?)?[^\s()\[\]|:]+\([^()|]*:[^\s]")


def sniff(text: str) -> float:
    lines = [l for l in text[:20000].splitlines()[:50] if l.strip()]
    if not lines:
        return 0.0
    hits = sum(1 for l in lines if _SNIFF_RE.match(l))
    return 0.95 * hits / len(lines)


NOTATION = Notation(
    name="sinica",
    description="Sinica Treebank: S(role:POS:word|role:NP(...)) one tree per line",
    kind="constituency",
    sniff=sniff,
    parse=parse,
    format_item=format_item,
    extensions=(".sinica", "parsed"),
)
