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
import unicodedata
from dataclasses import dataclass, field
from itertools import accumulate, chain, repeat
from operator import add
from typing import TYPE_CHECKING, Any, Callable

from tcompare import compiled
from tcompare.scoring.ud_classes import CONTENT_DEPRELS, FUNCTIONAL_DEPRELS, UNIVERSAL_FEATURES
from tcompare.scoring.workers import paused_gc

if TYPE_CHECKING:
    from tcompare.formats.lines import ByteSource

OTHER, CONTENT, FUNCTIONAL = 0, 1, 2

# the official reader decodes in chunks of this many bytes (io.TextIOWrapper's chunk size);
# a decoding error names the byte's position inside its chunk
DECODE_CHUNK = 8192


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

    Word columns: ``form`` (Zs removed for basic words, as the official loader), ``lemma``,
    ``upos``, ``xpos``, ``feats`` (universal features only, sorted), ``deprel`` (without
    subtype), ``cls`` (OTHER / CONTENT / FUNCTIONAL); ``word_token`` is the index of the token (span) a word belongs to; ``head`` is the
    file-global index of the parent word, -1 for the root; ``functional`` maps a word to
    its functional-relation children (file order).
    """

    path: str = ""
    chars: str = ""
    token_start: list[int] = field(default_factory=list)
    token_end: list[int] = field(default_factory=list)
    form: list[str] = field(default_factory=list)
    lemma: list[str] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    xpos: list[str] = field(default_factory=list)
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
        return len(self.form)


class Truncated(Exception):
    """The reader needs a line past the text it was given (see `load_conllu_file`)."""


def _decode_error(data: bytes) -> tuple[int, UnicodeDecodeError]:
    """Where the official reader meets a bad byte: the offset of the 8192-byte chunk it was
    decoding (io.TextIOWrapper reads and decodes that many at a time, then one empty final
    read), and Python's exception (its position counts inside that chunk)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    for offset in range(0, len(data), DECODE_CHUNK):
        try:
            decoder.decode(data[offset:offset + DECODE_CHUNK], final=False)
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


def load_conllu_file(source: ByteSource) -> Treebank:
    """Read a file (opened by the caller's side: `formats.lines.ByteSource`) as the
    official ``open(path, encoding="utf-8")`` + readline loop does: strict UTF-8 (a BOM
    stays a character), universal newlines.  With a bad byte, the official script first
    reads (and may refuse) the lines decoded before that byte's chunk, then dies with
    Python's UnicodeDecodeError message; so do we."""
    path = source.path
    try:
        data = source.read()
    except OSError as exc:
        raise Conll18Error(str(exc), type(exc).__name__, path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        offset, exc = _decode_error(data)  # type: ignore[misc]  # `exc` of the OSError handler is gone: a new variable
        prefix = data[:offset]
        cut = max(prefix.rfind(b"\n"), prefix[:-1].rfind(b"\r")) + 1
        try:
            load_conllu_text(universal_newlines(prefix[:cut].decode("utf-8")), path,
                             complete=False)
        except Truncated:
            pass
        line = prefix[:cut].count(b"\n") + 1
        raise Conll18Error(str(exc), "UnicodeDecodeError", path, line) from None  # type: ignore[misc]  # (as above)
    return load_conllu_text(universal_newlines(text), path)


def load_conllu_text(text: str, path: str = "", complete: bool = True,
                     first_line: int = 1) -> Treebank:
    """Read CoNLL-U text (newlines already universal) as the official loader does.

    ``complete=False``: the text is only what could be decoded; needing a line past its
    end raises `Truncated` instead of the end-of-file checks.  ``first_line``: the line
    number of the text's first line in its file (a piece of a file read in pieces that
    end at blank lines, where the official reader is between sentences); line numbers in
    messages and `Treebank.sent_line` count from it."""
    with paused_gc():
        if complete:
            try:
                return _load_fast(text, path, first_line)
            except (_Fallback, Conll18Error, ValueError):
                pass
        return _load_exact(text, path, complete, first_line)


# Millions of small lists, none of them in a cycle: the cyclic collector would only rescan
# them (it makes reading 1M words several times slower)


class _Fallback(Exception):
    """The fast reader met something it leaves to `_load_exact`."""


_NUMBERS = [str(i) for i in range(1, 513)]
# The official loader follows heads recursively, five Python frames deep when it starts
# (run as a script, Python's default limit of 1000): a walk through 995 words (the last
# one a root or a word already linked) dies with RecursionError.  Measured: a chain of
# 994 words is scored, 995 is not.
_DEEPEST_WALK = 994


def _load_fast(text: str, path: str, first_line: int = 1) -> Treebank:
    """Well-formed files, whole lists at a time (see the module header); raises
    `_Fallback` (or lets a `ValueError` through) on anything else."""
    tb = Treebank(path=path)
    if not text:
        _finish(tb, [], "", [], [])
        return tb
    kernel = compiled.conll18_kernel()
    if kernel is not None:
        columns = kernel.layout(text, first_line, _deprel_class)
        if columns is not None:
            return _from_kernel(tb, columns)
    blocks = text.split("\n\n")
    tail = blocks.pop()
    if tail:       # only comment lines may follow the last sentence's blank line
        if tail[-1] != "\n" or any(line[:1] != "#" for line in tail[:-1].split("\n")):
            raise _Fallback
    lines: list[str] = []
    sizes: list[int] = []
    line_no = first_line
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
        tb.sent_line.append(line_no + k)
        line_no += len(block_lines) + 1
    if lines and set(map(str.count, lines, repeat("\t"))) != {9}:
        raise _Fallback
    # every field of every row, then each column as a slice: no list per row
    flat = "\t".join(lines).split("\t") if lines else []
    del lines
    ids = flat[0::10]
    numbers = _NUMBERS
    pos = 0
    simple = True
    for n in sizes:
        if n > len(numbers) or ids[pos:pos + n] != numbers[:n]:
            simple = False
            break
        pos += n
    word_lines: list[int] | None
    token_lines: list[int] | None
    if simple:      # every row is a word and a token
        n_rows = len(ids)
        word_lines = token_lines = None
        tb.word_token = list(range(n_rows))
        tb.multiword = [False] * n_rows
        tb.sent_word = tb.sent_token = list(accumulate(sizes[:-1], initial=0)) if sizes else []
        n_words = sizes
    else:
        word_lines, token_lines, n_words = [], [], []
        _complex_layout(tb, ids, flat[6::10], sizes, word_lines, token_lines, n_words)

    def column(k: int) -> list[str]:
        values = flat[k::10]
        return values if word_lines is None else list(map(values.__getitem__, word_lines))

    form_rows = flat[1::10]
    word_forms = column(1)
    token_forms = word_forms if token_lines is None else list(map(form_rows.__getitem__, token_lines))
    tb.lemma, tb.upos, tb.xpos = column(2), column(3), column(4)
    feats_raw, heads_raw, deprel_raw = column(5), column(6), column(7)
    flat = form_rows = ids = []     # free the split file (the columns are copies)

    # trees: integer heads, one root, no HEAD outside the sentence, no cycle
    heads = list(map(int, heads_raw))
    del heads_raw
    if max(n_words, default=0) > _DEEPEST_WALK:
        raise _Fallback    # the official loader may overflow Python's stack: let it say so
    bases = []
    roots = []
    w0 = 0
    for n in n_words:
        h = heads[w0:w0 + n]
        if not n or min(h) < 0 or max(h) > n or h.count(0) != 1:
            raise _Fallback
        roots.append(w0 + h.index(0))
        bases.append(w0 - 1)
        w0 += n
    parent = list(map(add, heads, chain.from_iterable(map(repeat, bases, n_words))))
    for r in roots:
        parent[r] = -1
    ancestor = parent    # after k rounds: the ancestor 2**k steps up, -1 past the root
    for _ in range(max(n_words, default=0).bit_length() + 1):
        if not ancestor or max(ancestor) < 0:
            break
        ancestor = list(map((ancestor + [-1]).__getitem__, ancestor))
    else:
        if ancestor and max(ancestor) >= 0:
            raise _Fallback   # a cycle
    tb.head = parent
    _forms_and_spans(tb, word_forms, token_forms, token_lines is None)
    _finish(tb, [], tb.chars, feats_raw, deprel_raw)
    return tb


def _from_kernel(tb: Treebank, columns: tuple[Any, ...]) -> Treebank:
    """The compiled kernel's columns (`_kernel.layout`: the lists `_load_fast` makes, the
    DEPRELs, classes and functional children of `_finish` too) made a treebank."""
    (tb.sent_line, tb.sent_word, tb.sent_token, tb.word_token, tb.multiword, tb.head,
     word_forms, token_forms, tb.lemma, tb.upos, tb.xpos, feats_raw, tb.deprel, tb.cls,
     tb.functional, spans) = columns
    if spans is None:        # some FORM has whitespace
        _forms_and_spans(tb, word_forms, token_forms, False)
    else:
        tb.form = word_forms
        tb.token_start, tb.token_end, tb.sent_start, tb.sent_end = spans
        tb.chars = "".join(token_forms)
    tb.feats = _universal_feats(feats_raw)
    return tb


def _deprel_class(deprel: str) -> int:
    return CONTENT if deprel in CONTENT_DEPRELS else FUNCTIONAL if deprel in FUNCTIONAL_DEPRELS else OTHER


def _forms_and_spans(tb: Treebank, word_forms: list[str], token_forms: list[str],
                     simple: bool) -> None:
    """FORMs (Zs removed when some FORM has whitespace, as the official loader), token
    and sentence character spans, ``tb.chars``; `_Fallback` on an empty FORM.  ``simple``:
    every word is its own token (``word_forms`` is ``token_forms``)."""
    joined = "".join(token_forms)
    if joined and len(joined.split()) != 1:      # some FORM has whitespace: drop its Zs
        token_forms = [_strip_zs(f) if " " in f or not f.isascii() else f for f in token_forms]
        joined = ""
        if simple:
            word_forms = token_forms
        else:
            word_forms = [f if mw else token_forms[t]
                          for f, t, mw in zip(word_forms, tb.word_token, tb.multiword)]
    if "" in token_forms:
        raise _Fallback
    tb.form = word_forms
    ends = list(accumulate(map(len, token_forms)))
    tb.token_end = ends
    tb.token_start = [0, *ends[:-1]] if ends else []
    starts = tb.token_start
    tb.sent_start = [starts[t] for t in tb.sent_token]
    tb.sent_end = [ends[t - 1] for t in tb.sent_token[1:]] + ([ends[-1]] if ends else [])
    tb.chars = joined or "".join(token_forms)


def _complex_layout(tb: Treebank, ids: list[str], heads: list[str], sizes: list[int],
                    word_lines: list[int], token_lines: list[int], n_words: list[int]) -> None:
    """Which rows are words and which are tokens when some sentence has multiword tokens,
    empty nodes or IDs written unusually (the official rules row by row); gives up where
    the official loader would refuse or read past the sentence."""
    word_token, multiword = tb.word_token, tb.multiword
    numbers = _NUMBERS
    pos = 0
    for n in sizes:
        tb.sent_word.append(len(word_lines))
        tb.sent_token.append(len(token_lines))
        if n <= len(numbers) and ids[pos:pos + n] == numbers[:n]:
            t0 = len(token_lines)
            word_lines.extend(range(pos, pos + n))
            token_lines.extend(range(pos, pos + n))
            word_token.extend(range(t0, t0 + n))
            multiword.extend([False] * n)
            n_words.append(n)
            pos += n
            continue
        w0 = len(word_lines)
        j, end = pos, pos + n
        while j < end:
            wid = ids[j]
            j += 1
            if "." in wid:
                continue
            token_lines.append(j - 1)
            t = len(token_lines) - 1
            if "-" in wid:
                first, last = map(int, wid.split("-"))
                k = last - first + 1
                if k > 0:
                    if j + k > end:
                        raise _Fallback
                    word_lines.extend(range(j, j + k))
                    word_token.extend([t] * k)
                    multiword.extend([True] * k)
                    j += k
            else:
                expected = len(word_lines) - w0 + 1
                if wid != str(expected) and int(wid) != expected:
                    raise _Fallback
                if int(heads[j - 1]) < 0:
                    raise _Fallback
                word_lines.append(j - 1)
                word_token.append(t)
                multiword.append(False)
        n_words.append(len(word_lines) - w0)
        pos = end


def _load_exact(text: str, path: str = "", complete: bool = True, first_line: int = 1) -> Treebank:
    """The official loader's order: line by line, first problem raised."""
    tb = Treebank(path=path)
    base = first_line - 1       # line i of the text is line i + base of the file
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()        # the text after the last newline: end of file, not a line
    nlines = len(lines)
    rows: list[list[str]] = []
    word_token, multiword = tb.word_token, tb.multiword
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
        at = i + base
        if sentence_start < 0:
            if line[:1] == "#":
                continue
            sent_start.append(index)
            sent_word.append(len(rows))
            sent_token.append(len(token_start))
            sent_line.append(at)
            sentence_start = len(rows)
            sent_heads = []
        if not line:
            _close_sentence(tb, sentence_start, sent_heads, at, fail, rows)
            sent_end.append(index)
            sentence_start = -1
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise fail("The CoNLL-U line does not contain 10 tab-separated columns at line "
                       f"{at}: '{line}'", at)
        wid = cols[0]
        if "." in wid:
            continue
        form = cols[1]
        if " " in form or not form.isascii():
            form = _strip_zs(form)
            cols[1] = form
        if not form:
            raise fail(f"There is an empty FORM in the CoNLL-U file at line {at}", at)
        forms.append(form)
        token_start.append(index)
        index += len(form)
        token_end.append(index)
        token = len(token_start) - 1
        if "-" in wid:
            try:
                first, last = map(int, wid.split("-"))
            except ValueError:
                raise fail(f"Cannot parse multi-word token ID '{wid}' at line {at}", at) from None
            for _ in range(first, last + 1):
                if i >= nlines and not complete:
                    raise Truncated
                word_line = lines[i] if i < nlines else ""
                i += 1
                at = i + base
                wcols = word_line.split("\t")
                if len(wcols) != 10:
                    raise fail("The CoNLL-U line does not contain 10 tab-separated columns: "
                               f"'{word_line}'", at)
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
                    raise fail(f"Cannot parse word ID '{wid}' at line {at}", at) from None
                if not ok:
                    raise fail(f"Incorrect word ID '{wid}' for word '{form}', expected "
                               f"'{expected}' at line {at}", at)
            try:
                head = int(cols[6])
            except ValueError:
                raise fail(f"Cannot parse HEAD '{cols[6]}' at line {at}", at) from None
            if head < 0:
                raise fail(f"HEAD cannot be negative at line {at}", at)
            rows.append(cols)
            word_token.append(token)
            multiword.append(False)
            sent_heads.append(head)
    if not complete:
        raise Truncated
    if sentence_start >= 0:
        raise fail("The CoNLL-U file does not end with empty line", nlines + base)

    tb.form = [r[1] for r in rows]
    tb.lemma = [r[2] for r in rows]
    tb.upos = [r[3] for r in rows]
    tb.xpos = [r[4] for r in rows]
    _finish(tb, forms, "", [r[5] for r in rows], [r[7] for r in rows])
    return tb


def _finish(tb: Treebank, forms: list[str], chars: str, feats_raw: list[str],
            deprel_raw: list[str]) -> None:
    """Characters, filtered FEATS, universal DEPRELs and their classes, functional children."""
    tb.chars = chars or "".join(forms)
    deprel_cache = {raw: raw.split(":")[0] for raw in set(deprel_raw)}
    class_of = {d: _deprel_class(d) for d in set(deprel_cache.values())}
    tb.feats = _universal_feats(feats_raw)
    tb.deprel = list(map(deprel_cache.__getitem__, deprel_raw))
    cls = tb.cls = list(map(class_of.__getitem__, tb.deprel))
    heads, functional = tb.head, tb.functional
    for child in [i for i, c in enumerate(cls) if c == FUNCTIONAL]:
        parent = heads[child]
        if parent >= 0:
            kids = functional.get(parent)
            if kids is None:
                functional[parent] = [child]
            else:
                kids.append(child)


def _universal_feats(feats_raw: list[str]) -> list[str]:
    """Each FEATS with its universal features only, sorted (as the official loader)."""
    feats_cache = {raw: "|".join(sorted(f for f in raw.split("|")
                                        if f.split("=", 1)[0] in UNIVERSAL_FEATURES))
                   for raw in set(feats_raw)}
    return list(map(feats_cache.__getitem__, feats_raw))


def _close_sentence(tb: Treebank, first: int, heads: list[Any], line: int,
                    fail: Callable[..., Conll18Error], rows: list[list[str]]) -> None:
    """Build the sentence's tree at its closing blank line `line` as the official loader:
    follow heads from each word in order (a word met twice on one path: cycle; a HEAD
    outside the sentence: refused; a multiword token's word has its HEAD parsed here),
    then require exactly one root.  Appends the global heads to ``tb.head``."""
    n = len(heads)
    state = [0] * n          # 0 not yet, 1 on the current path, 2 parent known (or root)
    for w in range(n):
        if state[w]:
            continue
        path: list[int] = []
        cur = w
        while True:
            if len(path) >= _DEEPEST_WALK:
                raise fail("maximum recursion depth exceeded in comparison", line, "RecursionError")
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
                raise fail(f"HEAD '{rows[first + cur][6]}' points outside of the sentence "
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


