"""Reading CoNLL-U files exactly as the official CoNLL 2018 scorer does (see `conll18`).

`load_conllu_file` / `load_conllu_text` return a `Treebank`: flat per-word and per-token
lists, no per-word objects.  Two readers give the same result:

* `_load_fast`, for well-formed files: splits the text into sentence blocks and checks
  whole lists at once (IDs ``1..n``, ten columns, integer heads, one root, no cycle); a
  sentence with multiword tokens, empty nodes or unusual IDs goes through a per-row path.
  Anything it does not expect makes it give up (`_Fallback`);
* `_load_exact`, line by line in the official order, which raises the official message for
  the first problem in the file (what `_load_fast` gives up on is re-read by it).
"""

from __future__ import annotations

import codecs
import contextlib
import gc
import unicodedata
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

# Relation classes and features of the CoNLL 2018 shared task (the official script's
# CONTENT_DEPRELS, FUNCTIONAL_DEPRELS, UNIVERSAL_FEATURES; the task's definition of CLAS,
# MLAS and BLEX, Zeman et al. 2018, §4).
CONTENT_DEPRELS = frozenset((
    "nsubj", "obj", "iobj", "csubj", "ccomp", "xcomp", "obl", "vocative", "expl",
    "dislocated", "advcl", "advmod", "discourse", "nmod", "appos", "nummod", "acl", "amod",
    "conj", "fixed", "flat", "compound", "list", "parataxis", "orphan", "goeswith",
    "reparandum", "root", "dep"))
FUNCTIONAL_DEPRELS = frozenset(("aux", "cop", "mark", "det", "clf", "case", "cc"))
UNIVERSAL_FEATURES = frozenset((
    "PronType", "NumType", "Poss", "Reflex", "Foreign", "Abbr", "Gender", "Animacy",
    "Number", "Case", "Definite", "Degree", "VerbForm", "Mood", "Tense", "Aspect", "Voice",
    "Evident", "Polarity", "Person", "Polite"))

OTHER, CONTENT, FUNCTIONAL = 0, 1, 2

# the official reader decodes in chunks of this many bytes (io.TextIOWrapper's chunk size);
# a decoding error names the byte's position inside its chunk
_CHUNK = 8192


class Conll18Error(Exception):
    """A refusal of the official scorer.

    ``kind`` is the exception the official script dies with (``UDError`` for its own checks,
    ``ValueError``, ``UnicodeDecodeError``, ``FileNotFoundError``...), ``message`` its text,
    ``path``/``line`` where it was found (line 0 when the official message names none).
    `official_line()` is the last line(s) of the official traceback.
    """

    def __init__(self, message: str, kind: str = "UDError", path: str = "", line: int = 0):
        super().__init__(message)
        self.message, self.kind, self.path, self.line = message, kind, path, line

    def official_line(self) -> str:
        return f"{self.kind}: {self.message}"

    def located(self) -> str:
        """The message with our file:line prefix (for JSON / the GUI)."""
        where = f"{self.path}:{self.line}: " if self.line else (f"{self.path}: " if self.path else "")
        return where + self.message


def _strip_zs(form: str) -> str:
    if form.isascii():
        return form.replace(" ", "") if " " in form else form
    return "".join(c for c in form if unicodedata.category(c) != "Zs")


@dataclass(eq=False)
class Treebank:
    """One CoNLL-U file as the scorer sees it: flat lists, one entry per word / token.

    Word columns come from ``rows`` (the split line, FORM with Zs removed for basic words);
    ``word_token`` is the index of the token (span) a word belongs to; ``head`` is the
    file-global index of the parent word, -1 for the root; ``functional`` maps a word to
    its functional-relation children (file order).
    """

    path: str = ""
    chars: str = ""
    token_start: list[int] = field(default_factory=list)
    token_end: list[int] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    word_token: list[int] = field(default_factory=list)
    multiword: list[bool] = field(default_factory=list)
    head: list[int] = field(default_factory=list)
    feats: list[str] = field(default_factory=list)
    deprel: list[str] = field(default_factory=list)
    cls: list[int] = field(default_factory=list)
    functional: dict[int, list[int]] = field(default_factory=dict)
    sent_start: list[int] = field(default_factory=list)    # character spans
    sent_end: list[int] = field(default_factory=list)
    sent_word: list[int] = field(default_factory=list)     # first word of each sentence
    sent_token: list[int] = field(default_factory=list)    # first token of each sentence
    sent_line: list[int] = field(default_factory=list)     # 1-based line of its first row

    @property
    def n_words(self) -> int:
        return len(self.rows)

    def column(self, index: int) -> list[str]:
        return [r[index] for r in self.rows]


class _Truncated(Exception):
    """The reader needs a line past the text it was given (see `load_conllu_file`)."""


def _decode_error(data: bytes) -> tuple[int, UnicodeDecodeError]:
    """Where the official reader meets a bad byte: the offset of the 8192-byte chunk it was
    decoding (io.TextIOWrapper reads and decodes that many at a time, then one empty final
    read), and Python's exception (its position counts inside that chunk)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    for offset in range(0, len(data), _CHUNK):
        try:
            decoder.decode(data[offset:offset + _CHUNK], final=False)
        except UnicodeDecodeError as exc:
            return offset, exc
    offset = len(data)
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        return offset, exc
    raise AssertionError("no decoding error found")  # pragma: no cover


def universal_newlines(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def load_conllu_file(path: str) -> Treebank:
    """Read a file as the official ``open(path, encoding="utf-8")`` + readline loop does:
    strict UTF-8 (a BOM stays a character), universal newlines.  With a bad byte, the
    official script first reads (and may refuse) the lines decoded before that byte's
    chunk, then dies with Python's UnicodeDecodeError message; so do we."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise Conll18Error(str(exc), type(exc).__name__, path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        offset, exc = _decode_error(data)
        prefix = data[:offset]
        cut = max(prefix.rfind(b"\n"), prefix[:-1].rfind(b"\r")) + 1
        try:
            load_conllu_text(universal_newlines(prefix[:cut].decode("utf-8")), path,
                             complete=False)
        except _Truncated:
            pass
        line = prefix[:cut].count(b"\n") + 1
        raise Conll18Error(str(exc), "UnicodeDecodeError", path, line) from None
    return load_conllu_text(universal_newlines(text), path)


def load_conllu_text(text: str, path: str = "", complete: bool = True) -> Treebank:
    """Read CoNLL-U text (newlines already universal) as the official loader does.

    ``complete=False``: the text is only what could be decoded; needing a line past its
    end raises `_Truncated` instead of the end-of-file checks."""
    with without_gc():
        if complete:
            try:
                return _load_fast(text, path)
            except (_Fallback, Conll18Error, ValueError):
                pass
        return _load_exact(text, path, complete)


@contextlib.contextmanager
def without_gc():
    """Millions of small lists, none of them in a cycle: the cyclic collector would only
    rescan them (it makes reading 1M words several times slower)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Fallback(Exception):
    """The fast reader met something it leaves to `_load_exact`."""


_NUMBERS = [str(i) for i in range(1, 513)]


def _load_fast(text: str, path: str) -> Treebank:
    """Well-formed files without per-line bookkeeping (see the module header); raises
    `_Fallback` (or lets a `Conll18Error`/`ValueError` through) on anything else."""
    tb = Treebank(path=path)
    if not text:
        _finish(tb, [])
        return tb
    blocks = text.split("\n\n")
    tail = blocks.pop()
    if tail:       # only comment lines may follow the last sentence's blank line
        if tail[-1] != "\n" or any(line[:1] != "#" for line in tail[:-1].split("\n")):
            raise _Fallback
    lines: list[str] = []
    sizes: list[int] = []
    first_line: list[int] = []
    line_no = 1
    for block in blocks:
        block_lines = block.split("\n")
        k = 0
        if block[:1] == "#":
            k = 1
            while k < len(block_lines) and block_lines[k][:1] == "#":
                k += 1
            if k == len(block_lines):
                raise _Fallback
            lines.extend(block_lines[k:])
        else:
            lines.extend(block_lines)
        sizes.append(len(block_lines) - k)
        first_line.append(line_no + k)
        line_no += len(block_lines) + 1
    cols = [line.split("\t") for line in lines]
    if cols and set(map(len, cols)) != {10}:
        raise _Fallback
    ids = [c[0] for c in cols]
    rows, word_token, multiword, heads_out = tb.rows, tb.word_token, tb.multiword, tb.head
    token_rows: list[list[str]] = []
    numbers = _NUMBERS
    pos = 0

    def fail(message: str, line: int = 0, kind: str = "UDError") -> Conll18Error:
        return Conll18Error(message, kind, path, line)

    for n, line_no in zip(sizes, first_line):
        srows = cols[pos:pos + n]
        w0, t0 = len(rows), len(token_rows)
        tb.sent_word.append(w0)
        tb.sent_token.append(t0)
        tb.sent_line.append(line_no)
        if n <= len(numbers) and ids[pos:pos + n] == numbers[:n]:
            heads = [int(c[6]) for c in srows]
            if min(heads) < 0 or max(heads) > n or heads.count(0) != 1:
                raise _Fallback
            ancestors = heads        # ancestors 1, 2, 4, ... steps up: all 0 when acyclic
            for _ in range(n.bit_length() + 1):
                table = [0, *ancestors]
                ancestors = [table[a] for a in ancestors]
                if not any(ancestors):
                    break
            else:
                raise _Fallback
            rows.extend(srows)
            token_rows.extend(srows)
            word_token.extend(range(t0, t0 + n))
            multiword.extend([False] * n)
            base = w0 - 1
            heads_out.extend([base + h if h else -1 for h in heads])
        else:
            _fast_complex_sentence(tb, srows, token_rows, fail)
        pos += n
    forms = [r[1] for r in token_rows]
    joined = "".join(forms)
    if joined and len(joined.split()) != 1:      # some FORM has whitespace: drop its Zs
        for r in token_rows:
            form = r[1]
            if " " in form or not form.isascii():
                r[1] = _strip_zs(form)
        forms = [r[1] for r in token_rows]
        joined = ""
    if "" in forms:
        raise _Fallback
    ends = list(accumulate(map(len, forms)))
    tb.token_end = ends
    tb.token_start = [0, *ends[:-1]] if ends else []
    starts = tb.token_start
    tb.sent_start = [starts[t] for t in tb.sent_token]
    tb.sent_end = [ends[t - 1] for t in tb.sent_token[1:]] + ([ends[-1]] if ends else [])
    _finish(tb, forms, joined)
    return tb


def _fast_complex_sentence(tb: Treebank, srows: list[list[str]], token_rows: list, fail) -> None:
    """A sentence with multiword tokens, empty nodes or IDs written unusually, row by row
    with the official rules; gives up where the official loader would refuse or read
    past the sentence."""
    rows, word_token, multiword = tb.rows, tb.word_token, tb.multiword
    w0 = len(rows)
    heads: list[Any] = []
    n = len(srows)
    j = 0
    while j < n:
        c = srows[j]
        j += 1
        wid = c[0]
        if "." in wid:
            continue
        token_rows.append(c)
        t = len(token_rows) - 1
        if "-" in wid:
            first, last = map(int, wid.split("-"))
            k = last - first + 1
            if k > 0:
                if j + k > n:
                    raise _Fallback
                for wc in srows[j:j + k]:
                    rows.append(wc)
                    word_token.append(t)
                    multiword.append(True)
                    heads.append(wc[6])
                j += k
        else:
            expected = len(rows) - w0 + 1
            if wid != str(expected) and int(wid) != expected:
                raise _Fallback
            h = int(c[6])
            if h < 0:
                raise _Fallback
            rows.append(c)
            word_token.append(t)
            multiword.append(False)
            heads.append(h)
    _close_sentence(tb, w0, heads, 0, fail)


def _load_exact(text: str, path: str = "", complete: bool = True) -> Treebank:
    """The official loader's order: line by line, first problem raised."""
    tb = Treebank(path=path)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()        # the text after the last newline: end of file, not a line
    nlines = len(lines)
    rows, word_token, multiword = tb.rows, tb.word_token, tb.multiword
    token_start, token_end = tb.token_start, tb.token_end
    sent_start, sent_end, sent_word, sent_token, sent_line = (
        tb.sent_start, tb.sent_end, tb.sent_word, tb.sent_token, tb.sent_line)
    forms: list[str] = []
    index = 0
    sentence_start = -1           # first word of the open sentence, -1 between sentences
    sent_heads: list[Any] = []    # ints (basic words) or raw strings (multiword words)
    i = 0

    def fail(message: str, line: int = 0, kind: str = "UDError") -> Conll18Error:
        return Conll18Error(message, kind, path, line)

    while i < nlines:
        line = lines[i]
        i += 1
        if sentence_start < 0:
            if line[:1] == "#":
                continue
            sent_start.append(index)
            sent_word.append(len(rows))
            sent_token.append(len(token_start))
            sent_line.append(i)
            sentence_start = len(rows)
            sent_heads = []
        if not line:
            _close_sentence(tb, sentence_start, sent_heads, i, fail)
            sent_end.append(index)
            sentence_start = -1
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise fail("The CoNLL-U line does not contain 10 tab-separated columns at line "
                       f"{i}: '{line}'", i)
        wid = cols[0]
        if "." in wid:
            continue
        form = cols[1]
        if " " in form or not form.isascii():
            form = _strip_zs(form)
            cols[1] = form
        if not form:
            raise fail(f"There is an empty FORM in the CoNLL-U file at line {i}", i)
        forms.append(form)
        token_start.append(index)
        index += len(form)
        token_end.append(index)
        token = len(token_start) - 1
        if "-" in wid:
            try:
                first, last = map(int, wid.split("-"))
            except ValueError:
                raise fail(f"Cannot parse multi-word token ID '{wid}' at line {i}", i) from None
            for _ in range(first, last + 1):
                if i >= nlines and not complete:
                    raise _Truncated
                word_line = lines[i] if i < nlines else ""
                i += 1
                wcols = word_line.split("\t")
                if len(wcols) != 10:
                    raise fail("The CoNLL-U line does not contain 10 tab-separated columns: "
                               f"'{word_line}'", i)
                rows.append(wcols)
                word_token.append(token)
                multiword.append(True)
                sent_heads.append(wcols[6])
        else:
            expected = len(rows) - sentence_start + 1
            if wid != str(expected):
                try:
                    ok = int(wid) == expected
                except ValueError:
                    raise fail(f"Cannot parse word ID '{wid}' at line {i}", i) from None
                if not ok:
                    raise fail(f"Incorrect word ID '{wid}' for word '{form}', expected "
                               f"'{expected}' at line {i}", i)
            try:
                head = int(cols[6])
            except ValueError:
                raise fail(f"Cannot parse HEAD '{cols[6]}' at line {i}", i) from None
            if head < 0:
                raise fail(f"HEAD cannot be negative at line {i}", i)
            rows.append(cols)
            word_token.append(token)
            multiword.append(False)
            sent_heads.append(head)
    if not complete:
        raise _Truncated
    if sentence_start >= 0:
        raise fail("The CoNLL-U file does not end with empty line", nlines)

    _finish(tb, forms)
    return tb


def _finish(tb: Treebank, forms: list[str], chars: str = "") -> None:
    """Characters, filtered FEATS, universal DEPRELs and their classes, functional children."""
    rows = tb.rows
    tb.chars = chars or "".join(forms)
    feats_cache: dict[str, str] = {}
    deprel_cache: dict[str, tuple[str, int]] = {}
    for raw in {r[5] for r in rows}:
        feats_cache[raw] = "|".join(sorted(
            f for f in raw.split("|") if f.split("=", 1)[0] in UNIVERSAL_FEATURES))
    for raw in {r[7] for r in rows}:
        universal = raw.split(":")[0]
        deprel_cache[raw] = (universal, CONTENT if universal in CONTENT_DEPRELS
                             else FUNCTIONAL if universal in FUNCTIONAL_DEPRELS else OTHER)
    tb.feats = [feats_cache[r[5]] for r in rows]
    dep = [deprel_cache[r[7]] for r in rows]
    tb.deprel = [d[0] for d in dep]
    cls = tb.cls = [d[1] for d in dep]
    heads, functional = tb.head, tb.functional
    for child in [i for i, c in enumerate(cls) if c == FUNCTIONAL]:
        parent = heads[child]
        if parent >= 0:
            kids = functional.get(parent)
            if kids is None:
                functional[parent] = [child]
            else:
                kids.append(child)


def _close_sentence(tb: Treebank, first: int, heads: list, line: int, fail) -> None:
    """Build the sentence's tree at its closing blank line `line` as the official loader:
    follow heads from each word in order (a word met twice on one path: cycle; a HEAD
    outside the sentence: refused; a multiword token's word has its HEAD parsed here),
    then require exactly one root.  Appends the global heads to ``tb.head``."""
    n = len(heads)
    state = [0] * n          # 0 not yet, 1 on the current path, 2 parent known (or root)
    for w in range(n):
        if state[w]:
            continue
        path = []
        cur = w
        while True:
            st = state[cur]
            if st == 2:
                break
            if st == 1:
                raise fail(f"There is a cycle in a sentence at line {line}", line)
            h = heads[cur]
            if h.__class__ is str:
                try:
                    h = int(h)
                except ValueError as exc:
                    raise fail(str(exc), line, "ValueError") from None
                heads[cur] = h
            if h < 0 or h > n:
                raise fail(f"HEAD '{tb.rows[first + cur][6]}' points outside of the sentence "
                           f"at line {line}", line)
            if h == 0:
                state[cur] = 2
                break
            state[cur] = 1
            path.append(cur)
            cur = h - 1
        for c in path:
            state[c] = 2
    roots = heads.count(0)
    if roots != 1:
        raise fail(f"There are {roots} roots in a sentence at line {line}", line)
    base = first - 1
    tb.head.extend([base + h if h else -1 for h in heads])


