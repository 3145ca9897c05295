"""Penn Treebank / EVALB bracket notation (``ptb``), spec/notations.md §1.

Shape
-----
``(LABEL child ...)`` with preterminals ``(POS word)``.  A file holds one tree per line
(EVALB input) or trees spread over several lines (``.mrg``: a tree ends when its brackets
balance).  Root forms: ``(TOP (S ...))``, ``(ROOT (S ...))``, ``( (S ...))`` (empty root
label, kept as a node labelled ``""``), ``(S ...)``.

Sentences
---------
* Line mode (every line balances on its own, e.g. EVALB files, or no line is indented and at
  least three quarters of the lines are whole trees, so one broken line stays one error):
  each line is one sentence,
  an empty / blank line included -- it is a failed parse (``Tree(root=None)``), exactly as
  EVALB pairs gold line N with system line N.
* Tree mode (some tree spans lines, ``.mrg``): blank lines only separate trees; they are kept
  in the preceding sentence's source (or the prolog) so writing gives the same bytes back.
* ``(TOP ())`` is a failed parse too: a Tree whose root has no tokens.

Labels
------
category up to the first ``-`` or ``=`` (``NP-SBJ-1`` -> NP / function SBJ / index 1,
``NP=2`` -> NP / index ``=2``); ``-NONE-``, ``-LRB-``, ``-RRB-``, ``-LCB-``, ``-RCB-`` are
whole labels.  POS tags (on Tokens) are never split.

Errors
------
Malformed input never raises: the sentence gets a ParseError with file line and column
(``unbalanced ')' at column 57``).  Empty brackets ``()`` inside a tree with words, or more
than one word in a preterminal, usually mean an unescaped ``(`` / ``)`` word: the message
says so and hints at ``-LRB-`` / ``-RRB-``.
"""

from __future__ import annotations

import re
from array import array
from itertools import accumulate, groupby, repeat
from typing import Callable

from tcompare import compiled
from tcompare.formats import Notation
from tcompare.model.corpus import Corpus, ParseError, Records, SentenceRecord, shown
from tcompare.model.tree import Label, Node, Token, Tree

WHOLE_LABELS = frozenset({"-NONE-", "-LRB-", "-RRB-", "-LCB-", "-RCB-"})
_SPACE = " \t\n\r\v\f"          # C isspace(): what EVALB treats as a separator
_DELIMS = _SPACE + "()"
_PAREN_HINT = "an unescaped '(' or ')' word? PTB writes them as -LRB- / -RRB-"

_label_cache: dict[str, Label] = {}
_tag_cache: dict[str, str] = {}


def split_label(raw: str) -> Label:
    """Split a phrase label into category / function / index (cached: labels repeat)."""
    label = _label_cache.get(raw)
    if label is not None:
        return label
    if raw in WHOLE_LABELS or not raw:
        label = Label(raw, category=raw)
    else:
        cut = len(raw)
        for i, ch in enumerate(raw):
            if (ch == "-" or ch == "=") and i > 0:
                cut = i
                break
        category, rest = raw[:cut], raw[cut:]
        functions: list[str] = []
        index = ""
        for sep, part in re.findall(r"([-=])([^-=]*)", rest):
            if sep == "=":
                index += "=" + part
            elif part.isdigit():
                index = (index + "-" + part) if index else part
            elif part:
                functions.append(part)
        label = Label(raw, category=category, function="-".join(functions), index=index)
    if len(_label_cache) < 100000:
        _label_cache[raw] = label
    return label


# -- reading one tree ---------------------------------------------------------------------

class _TreeSyntaxError(Exception):
    def __init__(self, message: str, offset: int, hint: str = ""):
        super().__init__(message)
        self.message, self.offset, self.hint = message, offset, hint


_WORD_RUN = re.compile(r"[^ \t\n\r\v\f()]*")
_SPACE_RUN = re.compile(r"[ \t\n\r\v\f]*")


def _scan_word(text: str, i: int, n: int) -> int:
    """End of the word at `i` (a regex: a 16 MB token is scanned in C, not char by char)."""
    return _WORD_RUN.match(text, i, n).end()  # type: ignore[union-attr]


def _skip_space(text: str, i: int, n: int) -> int:
    return _SPACE_RUN.match(text, i, n).end()  # type: ignore[union-attr]


def parse_tree(text: str) -> Tree:
    """Parse the text of one sentence into a `Tree`.

    Raises
    ------
    _TreeSyntaxError
        with the character offset in `text` of the problem.
    """
    n = len(text)
    i = _skip_space(text, 0, n)
    if i == n:
        return Tree.build(None)
    if text[i] != "(":
        end = _scan_word(text, i, n)
        raise _TreeSyntaxError(f"expected '(' but found {shown(text[i:max(end, i + 1)])}", i)
    root: Node | None = None
    stack: list[tuple[Node, int]] = []   # open nodes and the offset of their '('
    empties: list[int] = []              # offsets of childless brackets
    synthetic_root = False
    while i < n:
        ch = text[i]
        if ch in _SPACE:
            i += 1
        elif ch == "(":
            if not stack and root is not None and not synthetic_root:
                raise _TreeSyntaxError("a second tree starts before the line ends", i,
                                       "one tree per sentence")
            open_at = i
            j = _scan_word(text, i + 1, n)
            raw = text[i + 1:j]
            k = _skip_space(text, j, n)
            if k < n and text[k] not in "()":
                # "(POS word)": a preterminal -> a Token on the enclosing node
                w_end = _scan_word(text, k, n)
                m = _skip_space(text, w_end, n)
                if m >= n:
                    raise _TreeSyntaxError(f"missing ')' after the word {shown(text[k:w_end])}", open_at)
                if text[m] != ")":
                    raise _TreeSyntaxError(
                        f"more than one word in the bracket ({raw} {text[k:w_end]} ...", m,
                        _PAREN_HINT)
                # one string per tag (tags repeat: a 10^6-word sentence kept 10^6 copies of "NN")
                token = Token(text[k:w_end], _tag_cache.setdefault(raw, raw) if len(_tag_cache) < 100000 else raw)
                if stack:
                    stack[-1][0].children.append(token)
                elif root is None or synthetic_root:
                    # bare "(NN dog) (VB runs)" at top level: words without a phrase (EVALB
                    # reads them as 0 brackets); they hang under a made-up root
                    if root is None:
                        root, synthetic_root = Node(Label("")), True
                    root.children.append(token)
                else:
                    raise _TreeSyntaxError("a second tree starts before the line ends",
                                           open_at, "one tree per sentence")
                i = m + 1
                continue
            if not stack and synthetic_root:
                raise _TreeSyntaxError("a phrase after words outside any phrase", open_at,
                                       "one tree per sentence")
            node = Node(split_label(raw))
            if stack:
                stack[-1][0].children.append(node)
            else:
                root = node
            stack.append((node, open_at))
            i = j
        elif ch == ")":
            if not stack:
                raise _TreeSyntaxError("unbalanced ')': no bracket is open here", i,
                                       _PAREN_HINT if empties else "")
            node, open_at = stack.pop()
            if not node.children:
                empties.append(open_at)
            i += 1
        else:
            j = _scan_word(text, i, n)
            if not stack:
                raise _TreeSyntaxError(f"text {shown(text[i:j])} outside the tree", i)
            raise _TreeSyntaxError(
                f"word {shown(text[i:j])} is not inside a (POS word) bracket", i, _PAREN_HINT)
    if stack:
        if empties:  # "(-LRB- ()": the '(' word opened a bracket that swallowed the rest
            raise _TreeSyntaxError("unbalanced '(': empty brackets '()'", empties[0], _PAREN_HINT)
        raise _TreeSyntaxError(f"unbalanced '(': this bracket is never closed "
                               f"({len(stack)} still open at the end of the tree)", stack[-1][1])
    tree = Tree.build(root, {"synthetic_root": True} if synthetic_root else None)
    if empties and tree.tokens:
        raise _TreeSyntaxError("empty brackets '()' in a tree with words", empties[0], _PAREN_HINT)
    return tree


# -- corpus level -------------------------------------------------------------------------

def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def make_parser(path: str) -> Callable[[SentenceRecord], tuple[Tree | None, ParseError | None]]:
    def parse(record: SentenceRecord) -> tuple[Tree | None, ParseError | None]:
        try:
            return parse_tree(record.source), None
        except _TreeSyntaxError as exc:
            dline, col = _line_col(record.source, exc.offset)
            line_start = record.source.rfind("\n", 0, exc.offset) + 1
            line_end = record.source.find("\n", exc.offset)
            excerpt = record.source[line_start:line_end if line_end >= 0 else None].rstrip("\r")
            message = exc.message
            if "column" not in message:
                message += f" at column {col}"
            return None, ParseError(message, path, record.line + dline, col, excerpt, exc.hint)
        except RecursionError:  # pragma: no cover - parse_tree is iterative
            return None, ParseError("tree too deep", path, record.line)
    return parse


def _split_lines(text: str) -> list[str]:
    """Lines with their terminators, split on "\\n" only (as fgets does)."""
    lines = text.split("\n")
    last = lines.pop()
    result = [line + "\n" for line in lines]
    if last:
        result.append(last)
    return result


_PAREN = re.compile(r"[()]")


def _whole_line_tree(line: str) -> bool:
    """Does `line` hold a whole tree: starts with ``(`` in column 1, never closes more than
    it opened, ends balanced?  (.mrg continuation lines are indented, so they never count.)"""
    if not line.startswith("(") or line.count("(") != line.count(")"):
        return False
    depth = 0
    for m in _PAREN.finditer(line):       # brackets only: words are skipped in C
        if m.group() == "(":
            depth += 1
        else:
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _one_tree_per_line(lines: list[str]) -> bool:
    """Line mode when not every line balances (`_split_balanced` tells that): the file is
    clearly one tree per line -- no line is indented and at least three quarters of the
    non-blank lines are whole trees -- so a line with a missing or extra bracket is one
    error and does not swallow the lines after it (as EVALB, which reads line by line,
    also reports it)."""
    nonblank = [line for line in lines if line.strip()]
    if any(line[:1] in (" ", "\t") for line in nonblank):
        return False
    whole = sum(1 for line in nonblank if _whole_line_tree(line))
    return whole * 4 >= len(nonblank) * 3


def _split_balanced_py(text: str) -> tuple[list[str], bool]:
    """(`_split_lines`, does every line balance its brackets) -- the compiled
    `_lines.split_balanced` where it is built."""
    lines = _split_lines(text)
    return lines, all(line.count("(") == line.count(")") for line in lines)


_LINES = compiled.lines_module()      # None: not built (no compiler at install), or switched off
_split_balanced: Callable[[str], tuple[list[str], bool]] = (
    _LINES.split_balanced if _LINES is not None else _split_balanced_py)


RUN_MIN = 16        # blank lines in a row (each a sentence in line mode) kept as one run
_BLANK_RUN_LF = "\n" * (RUN_MIN + 1)
_BLANK_RUN_CRLF = "\r\n" * (RUN_MIN + 1)


def _records_with_runs(lines: list[str], parse: Callable[[SentenceRecord], tuple[Tree | None, ParseError | None]]
                       ) -> Records:
    """Line mode's records, a run of RUN_MIN or more alike blank lines as one object (10^6
    empty lines were 10^6 records, 170 MB before a tree was parsed): `Records`."""
    records = Records()
    position = 1
    for source, group in groupby(lines):
        count = sum(1 for _ in group)
        if count >= RUN_MIN and not source.strip():
            records.add_run(position, position, source, parse, count)
        else:
            numbers = range(position, position + count)
            list.extend(records, map(SentenceRecord, numbers, numbers, repeat(source, count),
                                     repeat(None), repeat(None), repeat(parse)))
        position += count
    return records


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    """Split `text` into sentence records (parsed lazily) -- see the module docstring."""
    corpus = Corpus(path=path, notation="ptb")
    parse = make_parser(path)
    lines, balanced = _split_balanced(text)
    line_mode = balanced or _one_tree_per_line(lines)
    records = corpus.records
    if line_mode:
        if _BLANK_RUN_LF in text or _BLANK_RUN_CRLF in text:
            corpus.records = _records_with_runs(lines, parse)
            return corpus
        # (index, line, source, item, error, parse) without a loop in Python
        numbers = range(1, len(lines) + 1)
        records.extend(map(SentenceRecord, numbers, numbers, lines, repeat(None), repeat(None),
                           repeat(parse)))
        return corpus
    chunk: list[str]
    depth, start, chunk = 0, 0, []
    # blank lines go with the sentence before them (or the prolog); gathered in a list and
    # joined once, as adding them to a string one by one is quadratic in a run of them
    blanks: list[str] = []
    prolog: list[str] = []

    def flush_blanks() -> None:
        if blanks:
            records[-1].source += "".join(blanks)
            blanks.clear()

    for number, line in enumerate(lines, 1):
        blank = not line.strip()
        if not chunk:
            if blank:
                (blanks if records else prolog).append(line)
                continue
            start = number
        chunk.append(line)
        depth += line.count("(") - line.count(")")
        if depth <= 0:
            flush_blanks()
            records.append(SentenceRecord(len(records) + 1, start, "".join(chunk), _parse=parse))
            depth, chunk = 0, []
    if chunk:  # unbalanced at end of file: one record, its parse reports the open bracket
        flush_blanks()
        records.append(SentenceRecord(len(records) + 1, start, "".join(chunk), _parse=parse))
    flush_blanks()
    corpus.prolog += "".join(prolog)
    return corpus


_LEAF = re.compile(r"\([^ \t\n\r\v\f()]+[ \t\n\r\v\f]+([^ \t\n\r\v\f()]+)[ \t\n\r\v\f]*\)")
# after the leaves are cut out, a tree has only "(LABEL" and ")": a token after a label or
# after ")" is a word outside a preterminal, a shape `source_words` does not vouch for
_ODD = re.compile(r"[^ \t\n\r\v\f()][ \t\n\r\v\f]+[^ \t\n\r\v\f()]|\)[ \t\n\r\v\f]*[^ \t\n\r\v\f()]")
# "()" or "(X)": a bracket without a word
_NOT_PAREN = re.compile(r"[^()]+")
_STEP = bytes.maketrans(b"()", b"\x01\xff")   # depth steps as signed bytes
_EMPTY = re.compile(r"\([ \t\n\r\v\f]*[^ \t\n\r\v\f()]*[ \t\n\r\v\f]*\)")


def source_words(source: str) -> list[str] | None:
    """The words of one sentence's source without building its tree (what ``parse_tree(
    source).words`` gives), or None when the source has a shape this shortcut does not vouch
    for (a word outside a preterminal, an empty bracket, unbalanced brackets, no words): the
    caller then parses.  Used to fill a table of 40k sentences without parsing them."""
    if source.count("(") != source.count(")"):
        return None
    words = _LEAF.findall(source)
    if not words or _EMPTY.search(source) or _ODD.search(_LEAF.sub("()", source)):
        return None
    depth = array("b", _NOT_PAREN.sub("", source).encode().translate(_STEP))
    if min(accumulate(depth[:-1]), default=1) <= 0:      # a second tree on the line
        return None
    return words


# -- writing ------------------------------------------------------------------------------

def format_tree(tree: Tree) -> str:
    """One line, single spaces: ``(TOP (S (NP (DT The) (NN cat)) ...))``."""
    if tree.root is None:
        return ""
    if tree.meta.get("synthetic_root"):
        return " ".join(f"({t.pos} {t.form})" for t in tree.tokens)
    return _flat(tree.root)


def format_item(tree: Tree, newline: str = "\n") -> str:
    return format_tree(tree) + newline


PRETTY_MAX_DEPTH = 400      # deeper trees are written on one line (no recursion limit)


def format_like(tree: Tree, source: str, newline: str = "\n") -> str:
    """`tree` in the layout of `source`, the sentence as it was read: on one line when it
    was, else indented as pretty-printed treebanks are (a phrase whose children are all
    words on one line, the others one child per line, indented by the source's step), with
    what followed the tree in the source (the blank lines between trees) kept."""
    end = source.rfind(")")
    head_ws = source[:len(source) - len(source.lstrip())]
    tail = source[end + 1:] if end >= 0 else newline
    if not tail.endswith(("\n", "\r")):
        tail += newline
    body = source[len(head_ws):end + 1]
    if "\n" not in body or tree.root is None or tree.meta.get("synthetic_root"):
        return head_ws + format_tree(tree) + tail
    lines = body.splitlines()
    step = _indent_step(lines)
    out: list[str] = []

    def write(node: Node | Token, depth: int, line: list[str]) -> None:
        if isinstance(node, Token):
            line.append(f"({node.pos} {node.form})")
            return
        if depth > PRETTY_MAX_DEPTH:
            line.append(_flat(node))
            return
        line.append("(" + node.label.raw)
        words = [c for c in node.children if isinstance(c, Token)]
        if len(words) == len(node.children):
            line.append(" " + " ".join(f"({c.pos} {c.form})" for c in words) + ")")
            return
        # words before the first phrase stay on the parent's line ("(VP (MD will)"), as
        # does the unlabelled root's first child ("( (S")
        inline = next((k for k, c in enumerate(node.children) if isinstance(c, Node)),
                      len(node.children))
        if not node.label.raw:
            inline = max(inline, 1)
        for k, child in enumerate(node.children):
            if k < inline:
                line.append(" ")
                write(child, depth + 1, line)
                continue
            out.append("".join(line))
            line.clear()
            line.append(" " * (step * (depth + 1)))
            write(child, depth + 1, line)
        line.append(")")

    first: list[str] = []
    write(tree.root, 0, first)
    out.append("".join(first))
    return head_ws + newline.join(out) + tail


def _flat(node: Node) -> str:
    """`node` and everything under it on one line, single spaces."""
    parts: list[str] = []
    todo: list[str | Node | Token] = [node]      # explicit stack: very deep trees must not recurse
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, Token):
            parts.append(f"({item.pos} {item.form})")
        else:
            parts.append("(" + item.label.raw)
            todo.append(")")
            for child in reversed(item.children):
                todo.append(child)
                todo.append(" ")
    return "".join(parts)


def _indent_step(lines: list[str]) -> int:
    """Spaces per level in a pretty-printed tree: the second line's indentation divided by
    the brackets the first line leaves open (2 when it cannot be told)."""
    if len(lines) < 2:
        return 2
    opened = lines[0].count("(") - lines[0].count(")")
    indent = len(lines[1]) - len(lines[1].lstrip(" "))
    return max(1, indent // opened) if opened > 0 and indent > 0 else 2


_PRETERMINAL = re.compile(r"\([^\s()<!\[\]]+ [^\s()]+\)")


def sniff(text: str) -> float:
    """Confidence that `text` is PTB brackets."""
    head = text[:20000].lstrip()
    if not head.startswith("("):
        return 0.0
    if head.startswith("(<") or "(<L " in head[:2000]:
        return 0.1   # CCG AUTO
    if re.match(r"\(\s+\S+\s+\(", head) and " ( !" in head[:2000]:
        return 0.2   # PKU-CTB style "( zj ( !fj"
    if _PRETERMINAL.search(head):
        return 0.8
    return 0.4


NOTATION = Notation(
    name="ptb",
    description="Penn Treebank / EVALB brackets: (S (NP (DT the) (NN cat)) ...)",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".mrg", ".gld", ".tst", ".ptb", ".gold", ".tree", ".trees"),
    format_like=format_like,
)
