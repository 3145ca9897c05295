"""A lenient reader for what language models emit as parses (issue 31 item 3; docs/llm-output.md).

Language models asked for a parse answer with trees inside prose or code fences, one tree per
line or spread over lines, with brackets that do not balance, or CoNLL-U rows with columns
left out.  This reader takes what is there and keeps a list of everything it had to change,
so a score can say which policy it counted under (`tcompare.scoring.llm_policies`).

Responses
---------
* JSON Lines (every non-blank line a JSON value): one response per line; the response is the
  line's string, or the first of the fields `RESPONSE_FIELDS` holding a string.
* Otherwise the text is cut into parses: a bracketed tree starts at a ``(`` that begins a
  line (after an optional list mark or a short ``Parse:`` prefix) and goes on while its
  brackets are open, on indented lines; CoNLL rows are lines whose first field is a number.
  Prose and code fence marks (```` ``` ````) are chatter: left out, and counted.  When the file has one line per gold sentence (`expected`)
  and no tree spans lines, each line is one response (a blank line an empty one).

Each response becomes an `LlmParse`: the item read (a `Tree` with brackets balanced and
several trees joined under one root, or a `DepSentence` with missing columns filled with
``_``), the faults the reader saw (``empty``, ``unparsable``, ``unbalanced``,
``several_roots``) and the repairs it made, in words.  Nothing here decides validity beyond
what reading shows (cycles and heads are judged in `tcompare.scoring.validity`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, cast

from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.tree import Label, Node, Token, Tree

if TYPE_CHECKING:
    from tcompare.model.deps import TenColumns

RESPONSE_FIELDS = ("response", "output", "prediction", "predicted", "completion", "answer",
                   "text", "content", "parse", "tree")
FENCE = re.compile(r"^\s*(```|~~~)")
# a tree's first line: optional list mark / short prefix ("1.", "-", "Tree:", "**Parse**:")
TREE_START = re.compile(r"^\s*(?:(?:\d+[.):]|[-*\u2022>])\s*)?(?:(?:\*\*)?[A-Za-z][\w ]{0,24}:(?:\*\*)?\s*)?\(")
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


@dataclass(slots=True)
class LlmOutput:
    """A file of LLM output: its parses in order, and the chatter left out (line, text)."""

    path: str
    kind: str
    parses: list[LlmParse] = field(default_factory=list)
    chatter: list[tuple[int, str]] = field(default_factory=list)
    mode: str = "text"          # ``jsonl``, ``lines`` or ``text``


# -- entry points ----------------------------------------------------------------------------

def read_llm(text: str, path: str = "<input>", kind: str | None = None,
             expected: int | None = None) -> LlmOutput:
    """Read LLM output.  `kind` (``constituency`` / ``dependency``) is guessed when None;
    `expected` is the gold file's sentence count (a line-per-sentence file is read by line)."""
    text = text.lstrip("\ufeff")
    kind = kind or guess_kind(text)
    out = LlmOutput(path, kind)
    responses = _jsonl_responses(text, path)
    if responses is not None:
        out.mode = "jsonl"
        for number, (line, body) in enumerate(responses, 1):
            prose: list[tuple[int, str]] = []
            parse = read_response(body, kind, number, line, prose)
            parse.line = line if parse.line else 0      # (the JSON line holds the whole answer)
            out.chatter += [(line, said) for _, said in prose]
            out.parses.append(parse)
        return out
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if kind == "constituency" and expected is not None and _line_mode(lines, expected):
        out.mode = "lines"
        for number, raw in enumerate(lines, 1):
            out.parses.append(read_response(raw.rstrip("\r"), kind, number, number))
        return out
    chunks = list(_chunks(lines, kind, out.chatter))
    for number, (line, body, chatter) in enumerate(chunks, 1):
        parse = _read_one(body, kind, number, line)
        if chatter:
            parse.repairs.insert(0, f"chatter removed: {chatter} line{'s' if chatter > 1 else ''} around the parse")
        out.parses.append(parse)
    return out


def read_response(body: str, kind: str, index: int = 1, line: int = 1,
                  chatter: list[tuple[int, str]] | None = None) -> LlmParse:
    """One response (a JSON field, a line): the first parse in it, chatter removed (and added
    to `chatter` when given)."""
    chatter = [] if chatter is None else chatter
    before = len(chatter)
    chunks = list(_chunks(body.split("\n"), kind, chatter, first_line=line))
    if not chunks:
        parse = LlmParse(index, line if body.strip() else 0, body, kind)
        parse.fault("empty" if not body.strip() else "unparsable")
        return parse
    start, text, _ = chunks[0]
    if kind == "constituency" and len(chunks) > 1:
        # several trees in one answer: read together (several roots, joined by the reader)
        text = "\n".join(c[1] for c in chunks)
    parse = _read_one(text, kind, index, start)
    removed = len(chatter) - before
    if removed:
        parse.repairs.insert(0, f"chatter removed: {removed} line{'s' if removed > 1 else ''} around the parse")
    if kind == "dependency" and len(chunks) > 1:
        parse.repairs.append(f"other parses left out: kept the first of {len(chunks)} in the answer")
    return parse


def guess_kind(text: str) -> str:
    """``dependency`` when CoNLL-like rows outnumber tree starts, else ``constituency``."""
    rows = trees = 0
    for line in text.split("\n")[:5000]:
        if ROW.match(line) and ("\t" in line or "|" in line or len(line.split()) >= 3):
            rows += 1
        elif TREE_START.match(line) or line.lstrip().startswith("("):
            trees += 1
    return "dependency" if rows > trees else "constituency"


# -- cutting the text into parses ------------------------------------------------------------

def _jsonl_responses(text: str, path: str) -> list[tuple[int, str]] | None:
    lines = [(n, ln) for n, ln in enumerate(text.split("\n"), 1) if ln.strip()]
    if not lines or not all(ln.lstrip()[:1] in "{[\"" for _, ln in lines):
        return None
    out: list[tuple[int, str]] = []
    for n, ln in lines:
        try:
            value = json.loads(ln)
        except ValueError:
            return None
        out.append((n, _response_text(value)))
    return out


def _response_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in RESPONSE_FIELDS:
            if isinstance(value.get(key), str):
                return str(value[key])
        choices = value.get("choices")      # an API answer kept whole
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            message = choices[0].get("message") or {}
            if isinstance(message, dict) and isinstance(message.get("content"), str):
                return str(message["content"])
            if isinstance(choices[0].get("text"), str):
                return str(choices[0]["text"])
    return ""


def _line_mode(lines: list[str], expected: int) -> bool:
    """One response per line: as many lines as gold sentences, no fence, no tree that goes
    on to an indented line."""
    if len(lines) != expected or any(FENCE.match(ln) for ln in lines):
        return False
    for k, ln in enumerate(lines[:-1]):
        if _depth(ln) > 0 and lines[k + 1][:1] in (" ", "\t", ")"):
            return False
    return True


def _depth(text: str) -> int:
    return text.count("(") - text.count(")")


def _chunks(lines: list[str], kind: str, chatter: list[tuple[int, str]],
            first_line: int = 1) -> Iterator[tuple[int, str, int]]:
    """(1-based line, text, chatter lines just before it) of each parse in `lines`; the
    lines that are no parse (prose, code fence marks) go to `chatter`."""
    pending = 0
    k = 0
    while k < len(lines):
        ln = lines[k].rstrip("\r")
        start = None if FENCE.match(ln) else _parse_start(ln, kind)
        if start is None and kind == "dependency" and ln.lstrip().startswith("#"):
            after = k
            while after < len(lines) and lines[after].lstrip().startswith("#"):
                after += 1
            if after < len(lines) and _row_fields(lines[after]) is not None:
                start = 0            # CoNLL-U comments (# text = ...) before the rows
        if start is None:
            if ln.strip():
                chatter.append((first_line + k, ln))
                pending += 1
            k += 1
            continue
        if ln[:start].strip():
            chatter.append((first_line + k, ln[:start]))
            pending += 1
        end = (_tree_end if kind == "constituency" else _rows_end)(lines, k)
        body = "\n".join([ln[start:]] + [lines[j].rstrip("\r") for j in range(k + 1, end)])
        if kind == "constituency":
            body, trailing = _trailing_prose(body)
            if trailing:
                chatter.append((first_line + end - 1, trailing))
                pending += 1
        if kind == "constituency" and body.count("(") < 2:
            # "(Note: the tree follows)": prose in brackets, not a tree
            chatter.extend((first_line + j, lines[j]) for j in range(k, end))
            pending += end - k
            k = end
            continue
        yield first_line + k, body, pending
        pending = 0
        k = end


def _trailing_prose(body: str) -> tuple[str, str]:
    """The tree and the prose after it on its last line ("(S ...) is the parse."): once the
    brackets balance, what follows is kept only if it starts with a bracket (another tree, a
    ')' too many)."""
    depth = 0
    for i, ch in enumerate(body):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                rest = body[i + 1:]
                stripped = rest.lstrip()
                if stripped and stripped[0] not in "()" and "\n" not in rest:
                    return body[:i + 1], stripped
    return body, ""


def _parse_start(line: str, kind: str) -> int | None:
    """Where a parse starts on `line` (the column after a list mark / prefix), or None."""
    if kind == "constituency":
        m = TREE_START.match(line)
        return m.end() - 1 if m else None
    return 0 if _row_fields(line) is not None else None


def _tree_end(lines: list[str], k: int) -> int:
    """The line after the tree starting on line k: its brackets balance, or the next line is
    blank, a code fence mark, prose, or a new tree that is not indented."""
    depth = 0
    j = k
    while j < len(lines):
        if j > k:
            ln = lines[j]
            if not ln.strip() or FENCE.match(ln):
                break
            if depth <= 0 or (ln[:1] not in (" ", "\t", ")") and TREE_START.match(ln)) or ln[:1].isalpha():
                break
        depth += _depth(lines[j])
        j += 1
    return j


def _rows_end(lines: list[str], k: int) -> int:
    """The line after the CoNLL rows starting on line k: a row that is not one, a blank line,
    or an ID that starts again (not larger than the one before)."""
    last = -1.0
    j = k
    while j < len(lines):
        ln = lines[j]
        if ln.lstrip().startswith("#") and last < 0:      # comments before the first row
            j += 1
            continue
        fields = _row_fields(ln)
        if fields is None:
            break
        number = _id_number(fields[0])
        if j > k and number is not None and number <= last and "-" not in fields[0]:
            break
        if number is not None and "-" not in fields[0]:
            last = number
        j += 1
    return j


def _row_fields(line: str) -> list[str] | None:
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


def _id_number(value: str) -> float | None:
    try:
        return float(value.split("-")[0])
    except ValueError:
        return None


# -- one parse -------------------------------------------------------------------------------

def _read_one(body: str, kind: str, index: int, line: int) -> LlmParse:
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
    for node in reversed(stack):      # close what is open; an empty bracket goes
        if not node.children:
            empty += 1
            container = _container(roots, node)
            container.remove(node)
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


def _container(roots: list[Node | Token], node: Node) -> list[Any]:
    stack: list[list[Any]] = [roots]
    while stack:
        children = stack.pop()
        if any(c is node for c in children):
            return children
        stack.extend(c.children for c in children if isinstance(c, Node))
    return roots


def _has_word(child: Node | Token) -> bool:
    stack = [child]          # (iterative: an answer may nest brackets 10^5 deep)
    while stack:
        c = stack.pop()
        if isinstance(c, Token):
            return True
        stack.extend(c.children)
    return False


def _label(raw: str) -> Label:
    from tcompare.formats.ptb import split_label
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
        fields = _row_fields(raw)
        if fields is None:
            continue
        cols, missing = _ten_columns(fields)
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


def _ten_columns(fields: list[str]) -> tuple[list[str], set[str]]:
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


def read_llm_file(path: str, kind: str | None = None, expected: int | None = None,
                  encoding: str | None = None) -> LlmOutput:
    """`read_llm` of a file (``-``: stdin), its encoding detected as for any input.

    Raises
    ------
    ReadError
        when the file cannot be opened or decoded.
    """
    from tcompare.formats import ReadError, read_source
    from tcompare.formats.encoding import DecodeError, decode_bytes
    from tcompare.model.corpus import ParseError

    try:
        data = read_source(path)
    except OSError as exc:
        raise ReadError(ParseError(f"cannot open file: {exc.strerror or exc}", path)) from exc
    try:
        decoded = decode_bytes(data, path, encoding)
    except DecodeError as exc:
        raise ReadError(exc.error) from exc
    return read_llm(decoded.text.replace("\r\n", "\n"), path, kind, expected)
