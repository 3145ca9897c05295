"""Reading CoNLL-U as the official UD evaluation script ``eval.py`` reads it (see `udeval`).

`read_sentences` turns lines into `Sentence` records (flat per-word lists, no per-word
objects) and raises `UdEvalError` -- or Python's own ``ValueError`` / ``IndexError``, as
the script's ``int()`` and list indexing do -- for the first problem met, in the script's
order: the line checks as each line is read, then, at the blank line ending a sentence,
word by word: the basic head chain, the word's enhanced dependencies and the
``--enhancements`` filters, then functional children, empty sentence and roots.

Enhanced dependencies are kept as ``(parent, steps)``: ``parent`` a word's position in its
sentence, `ROOT` (head 0) or `NO_PARENT` (a root word's basic parent, which a filter may put
in), ``steps`` the relation split on ``>`` (a path through a collapsed empty node).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from itertools import accumulate
from operator import itemgetter

from tcompare.scoring.ud_classes import CONTENT_DEPRELS, FUNCTIONAL_DEPRELS, UNIVERSAL_FEATURES
# enhancement 6 (no case information) keeps these extensions of the case-marked relations
CASE_DEPRELS = frozenset(("obl", "nmod", "conj", "advcl"))
KEPT_EXTENSIONS = frozenset(("pass", "relcl", "xsubj"))

OTHER, CONTENT, FUNCTIONAL = 0, 1, 2
ROOT, NO_PARENT = -1, -2


def global_parent(k: int) -> int:
    """An enhanced head outside its sentence: word ``k`` of the whole file (see `_finish`),
    encoded below `ROOT` and `NO_PARENT`; `profile.flatten` of the whole file decodes it."""
    return -10 - k

# Python's default recursion limit minus the frames below the official head walk: a head
# chain this long overflows the script's stack (found by running it; see docs/ud-eval.md)
RECURSION_CHAIN = 994


class UdEvalError(Exception):
    """A refusal of the official script: ``kind`` is the exception it dies with (its own
    ``UDError``, or ``ValueError``, ``IndexError``, ``UnicodeDecodeError``, ...);
    `official_line()` is the last line of its traceback."""

    UDERROR = "udtools.src.udtools.udeval.UDError"

    def __init__(self, message: str, kind: str = UDERROR, line: int = 0):
        super().__init__(message)
        self.message, self.kind, self.line = message, kind, line

    def official_line(self) -> str:
        return f"{self.kind}: {self.message}" if self.message else self.kind


@dataclass(frozen=True)
class Options:
    """The script's ``treebank_type``: which enhancements the gold data lacks, and the
    two reading switches."""

    no_gapping: bool = False
    no_shared_parents: bool = False
    no_shared_dependents: bool = False
    no_control: bool = False
    no_external_arguments: bool = False
    no_case_info: bool = False
    no_empty_nodes: bool = False
    multiple_roots_okay: bool = False

    @classmethod
    def from_flags(cls, enhancements: str, no_empty_nodes: bool,
                   multiple_roots_okay: bool) -> Options:
        """As the script reads ``--enhancements``: each digit anywhere in the string."""
        flags = [d in enhancements for d in "123456"]
        return cls(flags[0], flags[1], flags[2], flags[3], flags[4], flags[5],
                   bool(no_empty_nodes), bool(multiple_roots_okay))

    @property
    def filters(self) -> bool:
        return (self.no_gapping or self.no_shared_parents or self.no_control
                or self.no_external_arguments or self.no_case_info)


@dataclass(eq=False)
class Sentence:
    """One sentence: its characters (FORMs without Zs characters), tokens as character
    spans, and words as parallel lists (positions within the sentence)."""

    chars: str = ""
    tok_start: list[int] = field(default_factory=list)
    tok_end: list[int] = field(default_factory=list)
    tok_line: list[int] = field(default_factory=list)
    form: Any = field(default_factory=list)             # as the script compares them
    token: list[int] = field(default_factory=list)      # the word's token
    multiword: list[bool] = field(default_factory=list)
    lemma: Any = field(default_factory=list)            # (lists, or tuples when read at speed)
    upos: Any = field(default_factory=list)
    xpos: Any = field(default_factory=list)
    feats: list[str] = field(default_factory=list)      # universal features only, sorted
    deprel: list[str] = field(default_factory=list)     # without subtype
    cls: list[int] = field(default_factory=list)
    head: list[int] = field(default_factory=list)       # position, or ROOT
    deps: list[Any] = field(default_factory=list)       # ((parent, steps), ...) per word
    kids: dict[int, list[int]] = field(default_factory=dict)           # functional children per word
    any_multiword: bool = False
    line: int = 0                                       # its first line
    end_line: int = 0                                   # its blank line


def _no_zs(form: str) -> str:
    if form.isascii():
        return form.replace(" ", "") if " " in form else form
    return "".join(c for c in form if unicodedata.category(c) != "Zs")


def _split_deps(deps: str) -> list[Any]:
    if deps == "" or deps == "_":
        return []
    out = []
    for edep in deps.split("|"):
        head, path = edep.split(":", 1)     # (ValueError, as the script's unpacking)
        out.append((head, tuple(path.split(">"))))
    return out


_FEATS: dict[str, str] = {}
_RELATIONS: dict[str, tuple[str, int]] = {}
_CACHE_LIMIT = 1 << 16


def universal_feats(feats: str) -> str:
    """FEATS as the script compares them: universal features only, sorted (cached: a
    treebank has few distinct values)."""
    try:
        return _FEATS[feats]
    except KeyError:
        pass
    value = "|".join(sorted(f for f in feats.split("|") if f.split("=", 1)[0] in UNIVERSAL_FEATURES))
    if len(_FEATS) > _CACHE_LIMIT:
        _FEATS.clear()
    _FEATS[feats] = value
    return value


def relation(deprel: str) -> tuple[str, int]:
    """DEPREL without its subtype, and its class (`CONTENT`, `FUNCTIONAL`, `OTHER`)."""
    try:
        return _RELATIONS[deprel]
    except KeyError:
        pass
    u = deprel.split(":", 1)[0]
    value = (u, CONTENT if u in CONTENT_DEPRELS else FUNCTIONAL if u in FUNCTIONAL_DEPRELS
             else OTHER)
    if len(_RELATIONS) > _CACHE_LIMIT:
        _RELATIONS.clear()
    _RELATIONS[deprel] = value
    return value


def _too_few_columns(line_idx: int, line: str) -> UdEvalError:
    return UdEvalError("The CoNLL-U line does not contain 10 tab-separated columns at line "
                       f"{line_idx}: '{line}'", line=line_idx)


class _Words:
    """The words of the sentence being read, before its blank line."""

    def __init__(self) -> None:
        self.s = Sentence()
        self.raw_head: list[str] = []
        self.raw_deps: list[Any] = []
        self.chars: list[str] = []

    def add(self, cols: list[str], form: str, token: int, multiword: bool) -> None:
        s = self.s
        s.form.append(form)
        s.token.append(token)
        s.multiword.append(multiword)
        s.lemma.append(cols[2])
        s.upos.append(cols[3])
        s.xpos.append(cols[4])
        s.feats.append(universal_feats(cols[5]))
        deprel, cls = relation(cols[7])
        s.deprel.append(deprel)
        s.cls.append(cls)
        self.raw_head.append(cols[6])
        self.raw_deps.append(_split_deps(cols[8]))


def read_sentences(lines: Iterator[str], options: Options, first_line: int = 1,
                   whole_file: bool = False) -> Iterator[Sentence]:
    """Yield the `Sentence`s of ``lines`` (an iterator of lines, each with its ``\\n``
    but the last maybe, as ``readline`` gives them after universal newlines)."""
    no_empty = options.no_empty_nodes
    line_idx = first_line - 1
    w: _Words | None = None
    # (whole_file: the relations and heads of the words of the sentences read before)
    far: tuple[list[str], list[str]] = ([], [])
    ntok = 0
    for line in lines:
        line_idx += 1
        if line[-1:] == "\n":
            line = line[:-1]
        if w is None:
            if line[:1] == "#":
                continue
            w = _Words()
            w.s.line = line_idx
            ntok = 0
        if not line:
            s = w.s
            s.end_line = line_idx
            _finish(w, options, line_idx, far if whole_file else None)
            if whole_file:
                far[0].extend(s.deprel)
                far[1].extend(w.raw_head)
            yield s
            w = None
            continue
        cols = line.split("\t")
        if len(cols) != 10:
            raise _too_few_columns(line_idx, line)
        wid = cols[0]
        if "." in wid:
            if no_empty:
                raise UdEvalError("The collapsed CoNLL-U line still contains empty nodes at "
                                  f"line {line_idx}: {line}", line=line_idx)
            continue
        form = _no_zs(cols[1])
        if not form:
            raise UdEvalError(f"There is an empty FORM in the CoNLL-U file at line {line_idx}",
                              line=line_idx)
        s = w.s
        start = s.tok_end[-1] if ntok else 0
        s.tok_start.append(start)
        s.tok_end.append(start + len(form))
        s.tok_line.append(line_idx)
        w.chars.append(form)
        token = ntok
        ntok += 1
        if "-" in wid:
            try:
                first, last = map(int, wid.split("-"))
            except Exception:
                raise UdEvalError(f"Cannot parse multi-word token ID '{wid}' at line {line_idx}",
                                  line=line_idx) from None
            s.any_multiword = True
            found = 0
            while found < last - first + 1:
                word_line = next(lines, "")
                if word_line[-1:] == "\n":
                    word_line = word_line[:-1]
                if not word_line:
                    raise UdEvalError("The CoNLL-U file ends in an unfinished MWT at line "
                                      f"{line_idx}", line=line_idx)
                line_idx += 1
                wcols = word_line.split("\t")
                if len(wcols) != 10:
                    raise _too_few_columns(line_idx, word_line)
                if "." in wcols[0]:
                    if no_empty:    # (the script quotes the token's line here)
                        raise UdEvalError("The collapsed CoNLL-U line still contains empty "
                                          f"nodes at line {line_idx}: {line}", line=line_idx)
                    continue
                w.add(wcols, wcols[1], token, True)
                found += 1
            continue
        try:
            word_id = int(wid)
        except Exception:
            raise UdEvalError(f"Cannot parse word ID '{wid}' at line {line_idx}",
                              line=line_idx) from None
        expected = len(s.form) + 1
        if word_id != expected:
            raise UdEvalError(f"Incorrect word ID '{wid}' for word '{form}', expected "
                              f"'{expected}' at line {line_idx}", line=line_idx)
        try:
            head = int(cols[6])
        except ValueError:
            raise UdEvalError(f"Cannot parse HEAD '{cols[6]}' at line {line_idx}",
                              line=line_idx) from None
        if head < 0:
            raise UdEvalError(f"HEAD cannot be negative at line {line_idx}", line=line_idx)
        w.add(cols, form, token, False)
    if w is not None:
        raise UdEvalError("The CoNLL-U file does not end with empty line", line=line_idx)


class NonLocal(Exception):
    """An enhanced head before the sentence (a negative one: the script indexes its word
    list from the end): scored only by the whole-file path."""


def _finish(w: _Words, options: Options, line_idx: int,
            far: tuple[list[str], list[str]] | None = None) -> None:
    """The script's work at a sentence's blank line, in its order."""
    s = w.s
    s.chars = "".join(w.chars)
    n = len(s.form)
    raw_head = w.raw_head
    state = [0] * n          # 0 not walked, 1 on the current walk, 2 done
    head = [ROOT] * n
    deprel = s.deprel
    filters = options.filters
    for i in range(n):
        if state[i] != 2:
            _walk(i, raw_head, head, state, n, line_idx)
        deps: Any = []
        for hd, steps in w.raw_deps[i]:
            if "." in hd:
                if options.no_empty_nodes:      # (the line quoted is the blank one)
                    raise UdEvalError("The collapsed CoNLL-U file still contains references "
                                      f"to empty nodes at line {line_idx}: ", line=line_idx)
                continue
            h = int(hd)
            if h > n:
                raise UdEvalError("list index out of range", "IndexError", line_idx)
            if h < 0:
                # the script indexes its word list from the end: a word of an earlier
                # sentence (or, wrapping round, of this one), known only reading from the
                # file's start; kept as `global_parent`
                if far is None:
                    raise NonLocal
                words_before = len(far[0])
                k = words_before + h - 1
                if k < 0:
                    k += words_before + n
                if k < 0:
                    raise UdEvalError("list index out of range", "IndexError", line_idx)
                if k >= words_before:
                    deps.append((k - words_before, steps))
                    continue
                deps.append((global_parent(k), steps))
                continue
            deps.append((h - 1 if h else ROOT, steps))
        if filters:
            deps = _filtered(deps, i, head, deprel, raw_head, options, far)
        s.deps.append(tuple(deps))
    s.head = head
    kids: dict[int, list[int]] = {}
    cls = s.cls
    for i in range(n):
        if head[i] >= 0 and cls[i] == FUNCTIONAL:
            kids.setdefault(head[i], []).append(i)
    s.kids = kids
    if n == 0:
        raise UdEvalError("There is a sentence with 0 tokens (possibly a double blank line) "
                          f"at line {line_idx}", line=line_idx)
    roots = head.count(ROOT)
    if roots == 0:
        raise UdEvalError(f"There are no roots in the sentence that ends at {line_idx}",
                          line=line_idx)
    if roots > 1 and not options.multiple_roots_okay:
        raise UdEvalError(f"There are multiple roots in the sentence that ends at {line_idx}",
                          line=line_idx)


class _Far:
    """A sentence's list read at a word's position, or at `global_parent`'s code at the
    file's earlier words."""

    def __init__(self, near: Any, far: list[str]):
        self.near, self.far = near, far

    def __getitem__(self, p: int) -> str:
        return self.near[p] if p >= 0 else self.far[-10 - p]


def _walk(i: int, raw_head: list[str], head: list[int], state: list[int], n: int,
          line_idx: int) -> None:
    """The script's recursive head walk from word ``i``, iteratively."""
    path = []
    x = i
    while True:
        if state[x] == 1:
            raise UdEvalError(f"There is a cycle in the sentence that ends at line {line_idx}",
                              line=line_idx)
        if state[x] == 2:
            break
        h = int(raw_head[x])
        if h < 0 or h > n:
            raise UdEvalError(f"HEAD '{raw_head[x]}' points outside of the sentence that ends "
                              f"at line {line_idx}", line=line_idx)
        if not h:
            break
        state[x] = 1
        path.append(x)
        if len(path) >= RECURSION_CHAIN:
            raise UdEvalError("maximum recursion depth exceeded in comparison", "RecursionError",
                              line_idx)
        head[x] = h - 1
        x = h - 1
    for p in path:
        state[p] = 2
    state[x] = 2 if not state[x] else state[x]


def _filtered(deps: Any, i: int, head: list[int], deprel: Any, raw_head: Any,
              options: Options, far: tuple[list[str], list[str]] | None = None
              ) -> tuple[Any, ...]:
    """The ``--enhancements`` filters of the script on word ``i``'s enhanced relations
    (``far``: the relations and heads of the file's earlier words, for a head outside the
    sentence: `global_parent`)."""
    own = (head[i] if head[i] >= 0 else NO_PARENT, (deprel[i],))
    if far is not None and any(p <= -10 for p, _ in deps):
        deprel = _Far(deprel, far[0])
        raw_head = _Far(raw_head, far[1])
    if options.no_gapping:
        kept: list[Any] = []
        for dep in deps:
            if len(dep[1]) > 1:
                kept.append(own)
            elif dep not in kept:
                kept.append(dep)
        deps = kept
    if options.no_shared_parents:
        last = [d for d in deps if len(d[1]) == 1 and d[1][0].startswith("conj")]
        if last:
            deps = [last[-1]]
    # (enhancement 3 compares a word with a string in the script: it never removes one)
    if options.no_control:
        deps = [(p, steps) for p, steps in deps
                if not ((p >= 0 or p <= -10) and deprel[p] == "xcomp"
                        and any(st.startswith("nsubj") for st in steps))]
    if options.no_external_arguments:
        kept = []
        for p, steps in deps:
            if steps[0] == "ref":
                kept.append(own)
            elif ((p >= 0 or p <= -10) and deprel[p].startswith("acl")
                  and int(raw_head[p]) == i):
                pass
            else:
                kept.append((p, steps))
        deps = kept
    if options.no_case_info:
        out = []
        for p, steps in deps:
            new = []
            for dep in steps:
                parts = dep.split(":")
                if parts[0] in CASE_DEPRELS and len(parts) == 2 and parts[1] not in KEPT_EXTENSIONS:
                    dep = parts[0]
                new.append(dep)
            out.append((p, tuple(new)))
        deps = out
    return tuple(deps)


# --------------------------------------------------------------------------- blocks at speed

# longer sentences take the plain path (a head chain near the script's recursion limit)
_FAST_WORDS = 900
_IDS = tuple(str(k) for k in range(1, _FAST_WORDS + 1))
_DEPS: dict[str, tuple[Any, ...] | None] = {}
EMPTY_REF = None


def _parsed_deps(deps: str) -> tuple[Any, ...] | None:
    """DEPS as ``((head, steps), ...)`` with integer heads (`EMPTY_REF` for an empty node),
    or None when the script would stop on it (cached)."""
    try:
        return _DEPS[deps]
    except KeyError:
        pass
    value: tuple[Any, ...] | None
    try:
        value = tuple((None if "." in hd else int(hd), steps) for hd, steps in _split_deps(deps))
    except ValueError:
        value = None
    if len(_DEPS) > _CACHE_LIMIT:
        _DEPS.clear()
    _DEPS[deps] = value
    return value


_CONVERTED: dict[str, tuple[Any, ...]] = {}
_INVALID: tuple[Any, ...] = ((), 1 << 30, False)        # (the script stops on it: no sentence is that long)
_ARCS, _HIGHEST, _EMPTY = itemgetter(0), itemgetter(1), itemgetter(2)


def _converted(deps: str) -> tuple[Any, ...]:
    """DEPS as ``(arcs, highest head, refers to an empty node)``, arcs as the sentence
    keeps them (cached); `_INVALID` where the script would stop on it."""
    value: tuple[Any, ...]
    parsed = _parsed_deps(deps)
    if parsed is None or any(h is not None and h < 0 for h, _ in parsed):
        value = _INVALID
    else:
        arcs = tuple((h - 1 if h else ROOT, steps) for h, steps in parsed if h is not None)
        value = (arcs, max((h for h, _ in parsed if h is not None), default=0),
                 any(h is None for h, _ in parsed))
    if len(_CONVERTED) > _CACHE_LIMIT:
        _CONVERTED.clear()
    _CONVERTED[deps] = value
    return value


def _multiword_layout(rows: list[list[str]]) -> tuple[Any, ...] | None:
    """A block with multiword tokens as the script reads it: its word rows, token FORMs
    (Zs removed), each word's token, whether it is in a multiword token, and each token's
    row; None for anything else (an empty node, an odd range, a range not followed by its
    words, an empty FORM)."""
    words: list[list[str]] = []
    tok_forms: list[str] = []
    token: list[int] = []
    multiword: list[bool] = []
    tok_rows: list[int] = []
    i, n = 0, len(rows)
    while i < n:
        r = rows[i]
        wid = r[0]
        if "." in wid:
            return None
        form = _no_zs(r[1])
        if not form:
            return None
        t = len(tok_forms)
        tok_forms.append(form)
        tok_rows.append(i)
        if "-" not in wid:
            words.append(r)
            token.append(t)
            multiword.append(False)
            i += 1
            continue
        a, _, b = wid.partition("-")
        if not (a.isascii() and a.isdigit() and b.isascii() and b.isdigit()):
            return None
        k = int(b) - int(a) + 1
        if k < 1:
            return None
        inside = rows[i + 1:i + 1 + k]
        if len(inside) != k or any("-" in w[0] or "." in w[0] for w in inside):
            return None
        words.extend(inside)
        token.extend([t] * k)
        multiword.extend([True] * k)
        i += 1 + k
    return words, tok_forms, token, multiword, tok_rows


def _fast_block(lines: list[str], first_line: int, options: Options) -> Sentence | None:
    """A sentence block (no blank line) read at speed, or None when it has anything the
    plain path must look at: a multiword token, an empty node, an odd ID, a problem."""
    k = 0
    while k < len(lines) and lines[k][:1] == "#":
        k += 1
    n = len(lines) - k
    if n == 0 or n > _FAST_WORDS:
        return None
    rows = [line.split("\t") for line in (lines[k:] if k else lines)]
    if len(set(map(len, rows))) != 1 or len(rows[0]) != 10:
        return None
    columns = list(zip(*rows))
    layout = None
    if columns[0] != _IDS[:n]:
        layout = _multiword_layout(rows)
        if layout is None:
            return None
        rows, tok_forms, token, multiword, tok_rows = layout
        n = len(rows)
        columns = list(zip(*rows))
        if columns[0] != _IDS[:n]:
            return None
    raw_head = columns[6]
    try:
        heads = list(map(int, raw_head))
    except ValueError:
        return None
    if min(heads) < 0 or max(heads) > n:
        return None
    if layout is None:
        forms: Any = columns[1]
        joined = "".join(forms)
        if not joined.isascii() or " " in joined:
            forms = tuple(map(_no_zs, forms))
            if not all(forms):
                return None
            joined = "".join(forms)
        tok_forms = forms
    else:
        # a multiword token's words keep their FORM as written (the script strips only
        # the token's); the plain words are their tokens
        forms = [f if m else tok_forms[t] for f, m, t in zip(columns[1], multiword, token)]
        joined = "".join(tok_forms)
    # acyclic: every word reaches the root by pointer jumping (the root points past the end)
    up = [h - 1 if h else n for h in heads]
    up.append(n)
    for _ in range(n.bit_length()):
        up = list(map(up.__getitem__, up))
    if up.count(n) != n + 1:
        return None
    head = [h - 1 if h else ROOT for h in heads]
    if head.count(ROOT) != 1 and not options.multiple_roots_okay:
        return None
    s = Sentence()
    s.chars = joined
    ends = list(accumulate(map(len, tok_forms)))
    s.tok_end = ends
    s.tok_start = [0, *ends[:-1]]
    line = first_line + k
    s.form = forms
    if layout is None:
        s.tok_line = list(range(line, line + n))
        s.token = list(range(n))
        s.multiword = [False] * n
    else:
        s.tok_line = [line + r for r in tok_rows]
        s.token = token
        s.multiword = multiword
        s.any_multiword = True
    s.lemma, s.upos, s.xpos = columns[2], columns[3], columns[4]
    s.feats = list(map(universal_feats, columns[5]))
    rel = list(map(relation, columns[7]))
    s.deprel = deprel = [x[0] for x in rel]
    s.cls = cls = [x[1] for x in rel]
    s.head = head
    vals: list[Any] = list(map(_CONVERTED.get, columns[8]))
    if None in vals:
        vals = [v if v is not None else _converted(d) for v, d in zip(vals, columns[8])]
    if max(map(_HIGHEST, vals)) > n:
        return None
    if options.no_empty_nodes and any(map(_EMPTY, vals)):
        return None
    all_deps = list(map(_ARCS, vals))
    if options.filters:
        all_deps = [_filtered(deps, i, head, deprel, raw_head, options)
                    for i, deps in enumerate(all_deps)]
    s.deps = all_deps
    kids: dict[int, list[int]] = {}
    for i in range(n):
        if cls[i] == FUNCTIONAL and head[i] >= 0:
            kids.setdefault(head[i], []).append(i)
    s.kids = kids
    s.line = line
    s.end_line = first_line + len(lines)
    return s


def read_text(text: str, options: Options, first_line: int = 1) -> Iterator[Sentence]:
    """`read_sentences` of a text (universal newlines), sentence blocks of plain words read
    at speed; the same sentences, the same refusals."""
    blocks = text.split("\n\n")
    last = len(blocks) - 1
    line = first_line
    for b, block in enumerate(blocks):
        if b == last:
            if block:
                parts = block.split("\n")
                if not parts[-1]:
                    parts.pop()
                yield from read_sentences(iter(parts), options, line)
            return
        lines = block.split("\n")
        s = _fast_block(lines, line, options) if block else None
        if s is None:
            lines.append("")
            yield from read_sentences(iter(lines), options, line)
        else:
            yield s
        line += len(lines) + (s is not None)
