"""The EVALB algorithm (2013 ``evalb.c``), shared by the Tree path (GUI) and the batch path (CLI).

Both paths first turn a sentence into a `SentView` -- what EVALB's ``read_line`` keeps: the
words and POS tags left after DELETE_LABEL terminals are dropped, every bracket with its raw
label and span over the kept words (preorder = EVALB's bracket order), the QUOTE_LABEL
terminals, and the length (gold terminals not in DELETE_LABEL_FOR_LENGTH).  `read_line`
builds it from the raw bytes of one line; `view_from_tree` from a model `Tree`.  Then ONE
function, `compare`, applies the rest of ``calc_result`` to two views:

1. skip (status 2) when the test has no words;
2. when the word counts differ, QUOTE_LABEL repair (``fix_quote``), then
   ``Length unmatch (g|t)`` (status 1);
3. ``Words unmatch (g|t)`` at the first differing word (EQ_WORD applies) (status 1);
4. brackets are deleted when their span is empty or their label, cut at the first ``-`` or
   ``=``, equals a DELETE_LABEL (EQ_LABEL applies);
5. matching in gold order (`items.match_brackets`), crossing over test brackets
   (`items.crossing_flags`), tags compared with EQ_LABEL.

Five readers make a view, each for a reason; they pair up as twins, each pair tested equal:

* `read_line` (raw bytes of a line) and its compiled twin ``evalb._kernel.EvalbKernel.read``
  (counts and rsl rows, the fast path of ``tcompare score``);
* `view_from_tree` (a model `Tree`: the GUI, JSON/CSV verdicts) and its compiled twin
  ``evalb._kernel.DetailKernel.read`` (per-bracket verdicts over raw lines);
* ``evalb.literal.CEvalb.read_line``, the literal port of the C program, kept apart because its
  debug listing and the SPMRL variant print the program's own state.

Every engine writes the same status codes (`evalb.report.VALID` / ``ERROR`` / ``SKIP``) and
adds into the same totals (`evalb.report.Totals`; the kernels keep C counters in
`evalb.report.Block.fields` order and merge them into it).

Departures from C EVALB, none of which changes a number it computes correctly: no 200-word,
200-bracket, 30-char label or 5000-byte line limits; a malformed line is an error row
(status 1, zeros) with a message, instead of undefined behaviour or an endless loop.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from tcompare.scoring.evalb.prm import EvalbParams
from tcompare.scoring.evalb.report import ERROR, SKIP, VALID
from tcompare.scoring.items import Bracket, count_matches, crossing_flags, match_brackets

if TYPE_CHECKING:
    from tcompare.model.tree import Token, Tree

# a label or word as EVALB compares it: str on the Tree path, bytes on the batch path
LabelText = Any


class PreparedParams:
    """EVALB's parameters prepared for scoring: turned into sets and maps, as str (Tree
    path) or bytes (batch path and the compiled kernels)."""

    def __init__(self, params: EvalbParams, as_bytes: bool = False):
        conv: Callable[[str], LabelText] = (lambda s: s.encode("utf-8", "surrogateescape")) if as_bytes else (lambda s: s)
        self.params = params
        self.as_bytes = as_bytes
        self.labeled = params.labeled != 0
        self.delete = frozenset(conv(x) for x in params.delete_labels)
        self.delete_for_length = frozenset(conv(x) for x in params.delete_labels_for_length)
        self.quote = frozenset(conv(x) for x in params.quote_labels)
        self.quote_words = frozenset(conv(x) for x in ("'", '"', "/"))
        self.label_eq = _eq_map([(conv(a), conv(b)) for a, b in params.eq_labels])
        self.word_eq = _eq_map([(conv(a), conv(b)) for a, b in params.eq_words])
        # labels label_comp() finds equal to some DELETE_LABEL: those brackets go
        deleted = set(self.delete)
        for d in self.delete:
            deleted |= self.label_eq.get(d, set())
        self.delete_bracket = frozenset(deleted)
        self._cut = re.compile(rb"[-=]" if as_bytes else r"[-=]")
        self.key = _KeyCache(self.bracket_key)
        # If EQ_LABEL groups labels into cliques (every pair in a group declared equal, as
        # with COLLINS.prm's one pair), label_comp is an equivalence: then a canonical label
        # per group makes multiset intersection give exactly EVALB's greedy match count.
        self.canonical: dict[LabelText, LabelText] | None = _canonical(self.label_eq)
        # the count-only path compares canonical labels (or none at all when unlabeled)
        self.count_key = _KeyCache(self.count_label) if self.canonical is not None else None
        # DELETE_LABEL_FOR_LENGTH labels that are not deleted need a look-up per kept word
        self.length_only = self.delete_for_length - self.delete

    def modify_label(self, label: LabelText) -> LabelText:
        """EVALB's modify_label: cut at the first ``-`` or ``=`` (``NP-SBJ-1`` -> ``NP``)."""
        m = self._cut.search(label)
        return label[:m.start()] if m else label

    def bracket_key(self, label: LabelText) -> LabelText | None:
        """The label a bracket is compared with, or None when EVALB deletes the bracket."""
        label = self.modify_label(label)
        return None if label in self.delete_bracket else label

    def count_label(self, label: LabelText) -> LabelText | None:
        """`bracket_key`, then the EQ_LABEL group's representative ("" when unlabeled)."""
        key = self.bracket_key(label)
        if key is None or not self.labeled:
            return None if key is None else ""
        return self.canonical.get(key, key)  # type: ignore[union-attr]

    def label_equal(self, a: LabelText, b: LabelText) -> bool:
        return a == b or b in self.label_eq.get(a, ())

    def word_equal(self, a: LabelText, b: LabelText) -> bool:
        return a == b or b in self.word_eq.get(a, ())


class _KeyCache(dict[LabelText, "LabelText | None"]):
    """raw label -> key(label), computed once per distinct label (labels repeat)."""

    def __init__(self, key: Callable[[LabelText], LabelText | None]) -> None:
        super().__init__()
        self.compute = key

    def __missing__(self, label: LabelText) -> LabelText | None:
        key = self.compute(label)
        if len(self) < 100000:
            self[label] = key
        return key


def _canonical(eq: dict[LabelText, set[LabelText]]) -> dict[LabelText, LabelText] | None:
    """label -> representative when every EQ group is a clique; None otherwise."""
    result: dict[LabelText, LabelText] = {}
    for label, partners in eq.items():
        group = partners | {label}
        for other in partners:
            if (eq.get(other, set()) | {other}) != group:
                return None
        result[label] = min(group)
    return result


def _eq_map(pairs: Iterable[tuple[LabelText, LabelText]]) -> dict[LabelText, set[LabelText]]:
    result: dict[LabelText, set[LabelText]] = {}
    for a, b in pairs:
        result.setdefault(a, set()).add(b)
        result.setdefault(b, set()).add(a)
    return result


class SentView:
    """What EVALB keeps of one sentence (see module docstring).

    ``brackets`` are ``[raw label, start, end]`` lists in preorder (end -1 while open);
    ``quotes`` entries are ``[word, label, index, bracket, open_brackets, token_ref]``
    (``open_brackets`` = the bracket lists open around the terminal);
    ``word_refs`` / ``bracket_refs`` map kept words / brackets back to Token indices / Node
    ids (Tree path only, else None); ``deleted_tokens`` lists Token indices dropped.
    """

    __slots__ = ("words", "tags", "brackets", "quotes", "length", "errors",
                 "word_refs", "bracket_refs", "deleted_tokens")

    def __init__(self) -> None:
        self.words: list[LabelText] = []
        self.tags: list[LabelText] = []
        self.brackets: list[list[Any]] = []
        self.quotes: list[list[Any]] = []
        self.length = 0
        self.errors: list[str] = []
        self.word_refs: list[int] | None = None
        self.bracket_refs: list[int] | None = None
        self.deleted_tokens: list[int] | None = None


# -- reading (batch path) -----------------------------------------------------------------

# a terminal "(POS word)" (EVALB wants ')' right after the word), an opening bracket with its
# label (possibly empty), a run of closing brackets, or a stray word (an error in EVALB too)
_TOKENS_RE = rb"\(([^\s()]*+)(\s++)([^\s()]*+)\)|\(([^\s()]*+)|(\)++)|([^\s()]++)"
_tokens: Callable[[bytes], Iterator[re.Match[bytes]]] | None = None    # compiled on first use: the compiled kernel never needs it


def _groups(match: re.Match[bytes]) -> tuple[bytes, ...]:
    return match.groups(b"")


def read_line(line: bytes, cc: PreparedParams) -> SentView:
    """EVALB's ``read_line`` on the raw bytes of one line (``cc`` prepared with as_bytes).

    The hot loop of the batch path: one regex pass (possessive quantifiers: no
    backtracking bookkeeping), one branch per token.
    """


    global _tokens
    if _tokens is None:
        _tokens = re.compile(_TOKENS_RE).finditer
    view = SentView()
    words, tags, brackets = view.words, view.tags, view.brackets
    stack: list[list[Any]] = []
    delete, quote, length_only = cc.delete, cc.quote, cc.length_only
    del_len = cc.delete_for_length
    nw = 0          # kept words so far
    terminals = 0   # terminals counted for the length
    # a line of 10^6 tokens (a CCG file read as PTB: 36 MB, 1.9 GB before): tokens one at a
    # time, each label kept once, and no more messages than EVALB prints before it stops
    labels: dict[bytes, bytes] = {}
    most = max(0, cc.params.max_error) + 2
    depth = -1      # open brackets once the line is unreadable (-1: it is not, so far)
    for tlabel, space, word, olabel, close, stray in map(_groups, _tokens(line)):
        if space:
            if quote and tlabel in quote and word in cc.quote_words:
                view.quotes.append([word, tlabel, nw, len(brackets), list(stack), -1])
            if tlabel in delete:
                if tlabel not in del_len:
                    terminals += 1
                continue
            words.append(word)
            tags.append(labels.setdefault(tlabel, tlabel))
            nw += 1
            if not length_only or tlabel not in length_only:
                terminals += 1
        elif close:
            if depth >= 0:                  # (unreadable already: brackets only counted)
                if len(close) > depth and len(view.errors) < most:
                    view.errors.append("Bracketing unbalance (too many close bracket)\n")
                depth = max(0, depth - len(close))
                continue
            if len(close) == 1 and stack:
                stack.pop()[2] = nw
                continue
            for _ in range(len(close)):
                if not stack:
                    view.errors.append("Bracketing unbalance (too many close bracket)\n")
                    break
                stack.pop()[2] = nw
            if view.errors:
                depth = _unreadable(stack, brackets)
        elif stray:
            if len(view.errors) < most:
                view.errors.append("Reading sentence\n")
            if depth < 0:
                depth = _unreadable(stack, brackets)
        elif depth >= 0:
            depth += 1
        else:
            b = [labels.setdefault(olabel, olabel), nw, -1]
            brackets.append(b)
            stack.append(b)
    if stack or depth > 0:
        view.errors.append("Bracketing is unbalanced (too many open bracket)\n")
        stack.clear()
    if view.errors:       # (`compare` reads no bracket of a line it could not read)
        brackets.clear()
    view.length = terminals
    return view


def _unreadable(stack: list[list[Any]], brackets: list[list[Any]]) -> int:
    """The brackets still open, once a line is known unreadable: `compare` reads none of its
    brackets, so from then on they are only counted (a 10^6-bracket line: 500 MB kept)."""
    depth = len(stack)
    stack.clear()
    brackets.clear()
    return depth


# -- reading (Tree path) ------------------------------------------------------------------

def view_from_tree(tree: Tree | None, cc: PreparedParams) -> SentView:
    """The same view from a model `Tree` (``cc`` prepared as str)."""
    from tcompare.model.tree import Node  # model imports nothing of ours; fine here

    view = SentView()
    view.word_refs, view.bracket_refs, view.deleted_tokens = [], [], []
    if tree is None or tree.root is None:
        return view
    words, tags, brackets = view.words, view.tags, view.brackets
    delete, del_len, quote = cc.delete, cc.delete_for_length, cc.quote
    length = 0
    stack: list[list[Any]] = []
    # a reader's stand-in root is no bracket: PTB words outside any bracket, or a CCG
    # derivation that is one leaf (a parser's FAILED) under formats/ccg.py's root
    synthetic = bool(tree.meta.get("synthetic_root") or tree.meta.get("leaf_root"))
    # iterative preorder with explicit close events (deep trees must not recurse)
    todo: list[Node | Token | None] = [tree.root]
    while todo:
        item = todo.pop()
        if item is None:       # close event
            stack.pop()[2] = len(words)
            continue
        if isinstance(item, Node):
            if not (synthetic and item is tree.root):
                b = [item.label.raw, len(words), -1]
                brackets.append(b)
                stack.append(b)
                view.bracket_refs.append(item.id)
                todo.append(None)
            todo.extend(reversed(item.children))
            continue
        # a CCG leaf's lexical category is its tag (supertag): CCG's analogue of the POS,
        # as ParsEval-2012's SC; parsers such as depccg write placeholder POS fields
        pos, form = item.ccg or item.pos, item.form
        if pos not in del_len:
            length += 1
        if quote and pos in quote and form in cc.quote_words:
            view.quotes.append([form, pos, len(words), len(brackets), list(stack), item.index])
        if pos in delete:
            view.deleted_tokens.append(item.index)
        else:
            words.append(form)
            tags.append(pos)
            view.word_refs.append(item.index)
    view.length = length
    return view


# -- comparing ----------------------------------------------------------------------------

class Outcome:
    """Result of `compare`: EVALB's row numbers plus what verdicts are built from."""

    __slots__ = ("status", "errors", "words", "gold_brackets", "test_brackets", "matched",
                 "crossing", "correct_tags", "gold", "test", "gold_partner", "test_partner",
                 "test_crossing", "gold_view", "test_view", "tag_ok")

    # set by `compare` with detail=True (None otherwise)
    gold: list[Bracket | None] | None
    test: list[Bracket | None] | None
    gold_partner: list[int] | None
    test_partner: list[int] | None
    test_crossing: list[bool] | None
    tag_ok: list[bool] | None
    gold_view: SentView | None
    test_view: SentView | None

    def __init__(self, status: int, errors: list[str]):
        self.status, self.errors = status, errors
        self.words = self.gold_brackets = self.test_brackets = 0
        self.matched = self.crossing = self.correct_tags = 0
        self.gold = self.test = self.gold_partner = self.test_partner = None
        self.test_crossing = self.tag_ok = None
        self.gold_view = self.test_view = None

    def row(self) -> tuple[int, int, int, int, int, int, int]:
        """(words, gold brackets, test brackets, matched, crossing, correct tags, status)."""
        return (self.words, self.gold_brackets, self.test_brackets, self.matched,
                self.crossing, self.correct_tags, self.status)


def _reinsert(view: SentView, quote: list[Any]) -> None:
    """EVALB's reinsert_term: put a deleted quote terminal back and shift the brackets."""
    word, label, index, first_bracket, open_brackets, ref = quote
    view.words.insert(index, word)
    view.tags.insert(index, label)
    if view.word_refs is not None:
        view.word_refs.insert(index, ref)
        assert view.deleted_tokens is not None   # set with word_refs (Tree path)
        if ref in view.deleted_tokens:
            view.deleted_tokens.remove(ref)
    for b in view.brackets[first_bracket:]:
        b[1] += 1
        b[2] += 1
    for b in open_brackets:
        b[2] += 1


def _fix_quote(gold: SentView, test: SentView, cc: PreparedParams) -> None:
    """EVALB's fix_quote, step for step (including its index bookkeeping)."""
    delete = cc.delete
    gq, tq = gold.quotes, test.quotes
    for i in range(len(tq)):
        ind = tq[i][2]
        for j in range(len(gq)):
            if gq[j][2] == ind and gq[j][1] != tq[i][1]:
                if gq[j][1] in delete and tq[i][1] not in delete:
                    _reinsert(gold, gq[j])
                    for k in range(j, len(gq)):
                        gq[k][2] += 1
                elif tq[i][1] in delete and gq[j][1] not in delete:
                    _reinsert(test, tq[i])
                    for k in range(i, len(tq)):
                        tq[k][2] += 1


def _kept(view: SentView, cc: PreparedParams) -> list[Bracket | None]:
    """(compared label, start, end) per bracket, None where EVALB deletes it (empty span,
    or label cut at ``-``/``=`` in DELETE_LABEL) -- one entry per bracket, in order."""
    key = cc.key
    return [None if b[1] == b[2] or key[b[0]] is None else (key[b[0]], b[1], b[2])
            for b in view.brackets]


def _count_crossing(g: Sequence[Bracket], t: Sequence[Bracket]) -> int:
    """Test brackets crossing at least one gold bracket (gold brackets, from one tree, never
    cross each other, so a test span equal to a gold span crosses nothing)."""
    gold_spans = {(s, e) for _, s, e in g}
    n = 0
    for _, s, e in t:
        if (s, e) in gold_spans:
            continue
        for gs, ge in gold_spans:
            if (gs < s < ge < e) or (s < gs < e < ge):
                n += 1
                break
    return n


def compare(gold: SentView, test: SentView, cc: PreparedParams, detail: bool = False) -> Outcome:
    """Score one sentence pair the EVALB way (steps in the module docstring).

    ``detail=True`` (the Tree path) also pairs every bracket with its partner
    (`items.match_brackets`, gold order) and flags crossings per bracket; the counts are
    the same either way (a test checks this on every anchor pair).
    """
    wn1, wn2 = len(gold.words), len(test.words)
    if wn2 == 0:            # evalb.c tests this first: a skip even after a read error
        return Outcome(SKIP, [])
    if gold.errors or test.errors:
        return Outcome(ERROR, [])   # the reader's messages were reported when it read them
    if wn1 != wn2:
        if gold.quotes or test.quotes:
            _fix_quote(gold, test, cc)
            wn1, wn2 = len(gold.words), len(test.words)
        if wn1 != wn2:
            return Outcome(ERROR, [f"Length unmatch ({wn1}|{wn2})\n"])
    gw, tw = gold.words, test.words
    if gw != tw:
        for a, b in zip(gw, tw):
            if a != b and not cc.word_equal(a, b):
                if cc.as_bytes:
                    a = a.decode("utf-8", "surrogateescape")
                    b = b.decode("utf-8", "surrogateescape")
                return Outcome(ERROR, [f"Words unmatch ({a}|{b})\n"])
    out = Outcome(VALID, [])
    gt, tt = gold.tags, test.tags
    if gt == tt:
        out.correct_tags = wn1
    elif cc.label_eq:
        out.correct_tags = sum(1 for a, b in zip(gt, tt) if cc.label_equal(a, b))
    else:
        out.correct_tags = sum(1 for a, b in zip(gt, tt) if a == b)
    out.words = wn1
    # the bracket lists: with None for deleted brackets (detail) or without them (counts)
    g: list[Bracket | None] | list[Bracket]
    t: list[Bracket | None] | list[Bracket]
    if detail:
        g, t = _kept(gold, cc), _kept(test, cc)
        label_equal = cc.label_equal if cc.label_eq else None
        gp, tp = match_brackets(g, t, label_equal, cc.labeled)
        gold_spans = [(b[1], b[2]) if b is not None else None for b in g]
        test_spans = [(b[1], b[2]) if b is not None else None for b in t]
        crossing = crossing_flags(test_spans, gold_spans, laminar_others=True)
        out.gold_brackets = len(g) - g.count(None)
        out.test_brackets = len(t) - t.count(None)
        out.matched = len(gp) - gp.count(-1)
        out.crossing = sum(crossing)
        out.gold, out.test, out.gold_partner, out.test_partner = g, t, gp, tp
        out.test_crossing = crossing
        out.tag_ok = [a == b or cc.label_equal(a, b) for a, b in zip(gt, tt)]
        out.gold_view, out.test_view = gold, test
        return out
    ck = cc.count_key
    if ck is None:   # EQ_LABEL groups that are not cliques: only greedy matching is exact
        g = [b for b in _kept(gold, cc) if b is not None]
        t = [b for b in _kept(test, cc) if b is not None]
        gp, _ = match_brackets(g, t, cc.label_equal, cc.labeled)
        out.matched = len(gp) - gp.count(-1)
    else:
        g = [(k, s, e) for r, s, e in gold.brackets if s != e and (k := ck[r]) is not None]
        t = [(k, s, e) for r, s, e in test.brackets if s != e and (k := ck[r]) is not None]
        out.matched = count_matches(g, t)
    out.gold_brackets, out.test_brackets = len(g), len(t)
    out.crossing = _count_crossing(g, t)
    return out
