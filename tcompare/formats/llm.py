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
  Prose and code fence marks (```` ``` ````) are chatter: left out, and counted.
* When the file has one line per gold sentence (`expected`) and no tree spans lines, each
  line is one response (a blank line an empty one).

Each response becomes an `LlmParse` (`tcompare.formats.llm_parse` reads one): the item read (a `Tree` with brackets balanced and
several trees joined under one root, or a `DepSentence` with missing columns filled with
``_``), the faults the reader saw (``empty``, ``unparsable``, ``unbalanced``,
``several_roots``) and the repairs it made, in words.  Nothing here decides validity beyond
what reading shows (cycles and heads are judged in `tcompare.scoring.validity`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from tcompare.formats.llm_parse import ROW, LlmParse, read_one, row_fields

RESPONSE_FIELDS = ("response", "output", "prediction", "predicted", "completion", "answer",
                   "text", "content", "parse", "tree")
FENCE = re.compile(r"^\s*(```|~~~)")
# a tree's first line: optional list mark / short prefix ("1.", "-", "Tree:", "**Parse**:")
TREE_START = re.compile(r"^\s*(?:(?:\d+[.):]|[-*\u2022>])\s*)?(?:(?:\*\*)?[A-Za-z][\w ]{0,24}:(?:\*\*)?\s*)?\(")


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
        parse = read_one(body, kind, number, line)
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
    parse = read_one(text, kind, index, start)
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
            if after < len(lines) and row_fields(lines[after]) is not None:
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
    return 0 if row_fields(line) is not None else None


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
        fields = row_fields(ln)
        if fields is None:
            break
        number = _id_number(fields[0])
        if j > k and number is not None and number <= last and "-" not in fields[0]:
            break
        if number is not None and "-" not in fields[0]:
            last = number
        j += 1
    return j


def _id_number(value: str) -> float | None:
    try:
        return float(value.split("-")[0])
    except ValueError:
        return None


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
