"""The engine of the ``jp-evalb`` profile: alignment-based PARSEVAL (Jo, Park & Park 2024).

Spec: spec/metrics.md §9; behaviour to reproduce: ``jp-evalb.py`` (github
jungyeul/alignment-based-PARSEVAL, 2024-02-21).  This is our own implementation of what that
program computes, step by step, so its numbers come out identical; docs/jp-evalb.md lists its
rules (and its quirks, which we keep on purpose).  The pipeline:

1. `read_tree`: one bracketed tree per line, read with NLTK's ``Tree.fromstring`` rules
   (``(`` then optional blanks then an optional label; a root with several children is put
   under ``TOP``).
2. `clean`: the .prm deletions (DELETE_LABEL, QUOTE_LABEL), counting deleted subtrees
   whose label is not in DELETE_LABEL_FOR_LENGTH (they still count in the sentence length).
3. `align_sentences`: sentence alignment on the lowercased word strings (a few English
   spellings unified, ``n't`` = ``not``...): equal strings pair; a near pair (edit distance /
   gold length <= 0.15) pairs when the next pair does; otherwise sentences are gathered on
   the side whose last sentence is shorter until the next two sentences pair.
4. `align_words`: the same walk on the words of each aligned pair (case-insensitive),
   gathering words on the side with more characters left.
5. `score_pair`: constituents (phrases of height > 2, function tags cut at the first ``-``)
   re-indexed on aligned word groups, matched as SETS (EQ_LABEL pairs added), crossing
   brackets, POS tags as a multiset of (tag, word) (position by position with ``-evalb``).

Where ``jp-evalb.py`` stops with a Python exception (an index running past the end of a
file, a blank line, a mixed word/phrase node...), we raise `JpEvalbCrash`: the CLI then
prints nothing on stdout and exits 1, as the reference does.

Speed: the reference compares sentences with a full edit-distance table in pure Python and
re-joins word lists in its inner loops.  Here equal strings are compared directly, the
distance is a bounded bit-parallel computation (Myers/Hyyrö) done only when the length
difference allows a near match, and the remaining-characters counts are suffix sums:
linear in the input in practice.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence, cast

# -- errors ---------------------------------------------------------------------------------


class JpEvalbCrash(Exception):
    """A situation where ``jp-evalb.py`` stops with an uncaught exception (exit 1, no report).

    `kind` names the exception the reference raises there (IndexError, ValueError...).
    """

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


# -- trees ----------------------------------------------------------------------------------


class JpTree:
    """A node as NLTK reads it: a label and children (JpTree or str leaves)."""

    __slots__ = ("label", "kids")

    def __init__(self, label: str, kids: list[JpTree | str]):
        self.label = label
        self.kids = kids

    def leaves(self) -> list[str]:
        out: list[str] = []
        _leaves(self, out)
        return out

    def __repr__(self) -> str:
        inner = " ".join(k if isinstance(k, str) else repr(k) for k in self.kids)
        return f"({self.label} {inner})" if inner else f"({self.label})"


def _leaves(tree: JpTree, out: list[str]) -> None:
    for kid in tree.kids:
        if isinstance(kid, str):
            out.append(kid)
        else:
            _leaves(kid, out)


_TOKEN = re.compile(r"\(\s*([^\s()]+)?|\)|[^\s()]+")
# the same tokens, as (open label, close, word) triples for the fast path
_TRIPLES = re.compile(r"\(\s*([^\s()]*)|(\))|([^\s()]+)")


def read_tree(line: str) -> JpTree:
    """One tree from one (stripped) line, under NLTK's rules (a root with several children
    goes under TOP); `JpEvalbCrash` (ValueError) with the column where NLTK gives up."""
    return read_tree_words(line)[0]


@dataclass(slots=True)
class Parsed:
    """What scoring needs from one line, gathered in one pass without building nodes."""

    line: str
    words: list[str]
    brackets: list[tuple[str, int, int]]   # nodes of height > 2, preorder, raw labels
    tags: list[tuple[str, str]]            # (POS, word) of every preterminal
    regular: bool                          # every word is the only child of its parent
    tree: JpTree | None = None             # built on demand (`tree_of`)


def tree_of(parsed: Parsed) -> JpTree:
    if parsed.tree is None:
        parsed.tree = read_tree(parsed.line)
    return parsed.tree


def read_parsed(line: str) -> Parsed:
    """Read one line (NLTK's rules): its words, brackets (height > 2) and tags."""
    stack: list[tuple[str, int, int, int, int, bool]] = []
    words: list[str] = []
    brackets: list[tuple[str, int, int] | None] = []
    tags: list[tuple[str, str]] = []
    regular = True
    label = None          # the open node (None: outside any node)
    done = False          # a whole tree has been read
    start = slot = high = nk = 0
    first_word = False
    for opened, closed, word in _TRIPLES.findall(line):
        if word:
            if label is None:
                read_tree_words(line)              # raises the reader's error
            if nk:
                regular = False
            else:
                first_word = True
            nk += 1
            words.append(word)
            if high < 1:
                high = 1
        elif closed:
            if label is None:
                read_tree_words(line)
            assert label is not None   # read_tree_words raised: a ')' outside any node
            height = high + 1
            if height > 2:
                brackets[slot] = (label, start, len(words))
            elif nk == 1 and first_word:
                tags.append((label, words[-1]))
            if stack:
                label, start, slot, high, nk, first_word = stack.pop()
                if first_word:
                    regular = False
                nk += 1
                if high < height:
                    high = height
            else:
                label = None
                done = True
        else:
            if label is not None:
                stack.append((label, start, slot, high, nk, first_word))
            elif done:
                read_tree_words(line)
            label, start, slot, high, nk, first_word = opened, len(words), len(brackets), 0, 0, False
            brackets.append(None)
    if label is not None or not done:
        read_tree_words(line)
    return Parsed(line, words, [b for b in brackets if b is not None], tags, regular)


def read_tree_words(line: str) -> tuple[JpTree, list[str]]:
    """`read_tree` and the tree's words (leaves, left to right)."""
    stack: list[tuple[str | None, list[JpTree | str]]] = [(None, [])]
    words: list[str] = []
    for m in _TOKEN.finditer(line):
        token = m.group()
        first = token[0]
        if first == "(":
            if len(stack) == 1 and stack[0][1]:
                raise _bad(line, m.start(), "end-of-string")
            stack.append((m.group(1) or "", []))
        elif first == ")":
            if len(stack) == 1:
                raise _bad(line, m.start(), "'('" if not stack[0][1] else "end-of-string")
            label, kids = stack.pop()
            assert label is not None   # the bottom (None) entry is never popped
            stack[-1][1].append(JpTree(label, kids))
        else:
            if len(stack) == 1:
                raise _bad(line, m.start(), "'('")
            stack[-1][1].append(token)
            words.append(token)
    if len(stack) > 1:
        raise _bad(line, len(line), "')'")
    if not stack[0][1]:
        raise _bad(line, len(line), "'('")
    tree = cast(JpTree, stack[0][1][0])   # a word at the top raised above
    if len(tree.kids) > 1:
        tree = JpTree("TOP", [tree])
    return tree, words


def _bad(line: str, pos: int, expected: str) -> JpEvalbCrash:
    found = "end-of-string" if pos >= len(line) else repr(line[pos:pos + 10])
    return JpEvalbCrash("ValueError", f"column {pos + 1}: expected {expected} but got {found}")


# -- parameters -----------------------------------------------------------------------------

#: jp-evalb.py's built-in parameters for ``-evalb`` without a .prm (note DELETE_LABEL_FOR_LENGTH
#: is a plain string there: as a set it is the set of its characters).
COLLINS_BUILTIN = {
    "DELETE_LABEL": ["TOP", "-NONE-", ",", ":", "``", "''", "."],
    "DELETE_LABEL_FOR_LENGTH": "-NONE-",
    "EQ_LABEL": [("ADVP", "PRT")],
}
_PRM_DEFAULTS: dict[str, Any] = {"DEBUG": 0, "MAX_ERROR": 10, "CUTOFF_LEN": 40, "LABELED": 1,
                 "DELETE_LABEL_FOR_LENGTH": "-NONE-"}
_PRM_LISTS = ("EQ_LABEL", "DELETE_LABEL", "DELETE_LABEL_FOR_LENGTH", "QUOTE_LABEL")
QUOTE_TERMS = frozenset({"'", '"', "/"})


def _as_set(value: Any) -> frozenset[str]:
    # Python's set() of whatever the parameter holds: a list of values, or a bare string
    # (then its characters); empty / missing -> empty
    return frozenset(value) if value else frozenset()


@dataclass
class JpParams:
    """What the run needs from jp-evalb.py's command line: ``evalb`` mode and the .prm values."""

    evalb: bool = False
    values: dict[str, Any] = field(default_factory=dict)
    source: str = ""

    @property
    def delete(self) -> frozenset[str]:
        return _as_set(self.values.get("DELETE_LABEL"))

    @property
    def delete_for_length(self) -> frozenset[str]:
        return _as_set(self.values.get("DELETE_LABEL_FOR_LENGTH"))

    @property
    def quote(self) -> frozenset[str]:
        return _as_set(self.values.get("QUOTE_LABEL"))

    @property
    def eq_labels(self) -> Any:
        return self.values.get("EQ_LABEL")

    @classmethod
    def builtin_evalb(cls) -> "JpParams":
        return cls(evalb=True, values=dict(COLLINS_BUILTIN), source="(built-in COLLINS values)")


def parse_prm_text(text: str) -> dict[str, Any]:
    """jp-evalb.py's reading of a .prm: ``KEY VALUE`` (several values: a tuple; a repeated
    key: a list), comments and blank lines skipped, defaults added, list keys made lists."""
    values: dict[str, Any] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        key = parts[0]
        value = parts[1] if len(parts) == 2 else tuple(parts[1:])
        _prm_add(values, key, value)
    for key, value in _PRM_DEFAULTS.items():
        if key not in values:
            _prm_add(values, key, value)
    for key in _PRM_LISTS:
        if key in values and not isinstance(values[key], list):
            values[key] = [values[key]]
    return values


def _prm_add(values: dict[str, Any], key: str, value: Any) -> None:
    if key in values:
        if not isinstance(values[key], list):
            values[key] = [values[key]]
        values[key].append(value)
    else:
        values[key] = value


# -- per-sentence preparation ---------------------------------------------------------------

# spellings jp-evalb.py unifies before comparing sentences (lowercased tokens)
TOKEN_EXCEPTIONS = {"''": '"', "`": "'", "``": '"', "ca": "can", "wo": "will", "n't": "not"}


@dataclass(slots=True)
class Sentence:
    """One input line, ready for alignment and scoring."""

    tree: JpTree | Parsed   # after `clean` (the Parsed line when nothing was deleted)
    key: str                # lowercased words, spellings unified, no separators
    width: int              # len(" ".join(words).lower()): what sentence alignment compares
    deleted: int            # deleted subtrees counted in the sentence length
    refs: list[int]         # for each leaf of `tree`, its index among the original leaves
    words: list[str]        # the leaves of `tree` (after deletions)
    brackets: list[tuple[str, int, int]]   # constituents of `tree` (height > 2, preorder)
    tags: list[tuple[str, str]]            # (POS, word) pairs scored for tagging
    cut: list[tuple[str, int, int, int]] = field(default_factory=list)
    gold_keys: list[tuple[str, int, int]] = field(default_factory=list)
    system_keys: list[tuple[str, int, int]] = field(default_factory=list)
    empty_span: bool = False               # a constituent without words (Python's -1 index)
    # brackets before the model tree's first node: 1 when a root of several children was put
    # under a TOP of its own (as jp-evalb.py reads such a line), else 0
    ref_shift: int = 0

    def __post_init__(self) -> None:
        # labels as jp-evalb.py compares them: TOP left out, cut at the first "-"; the keys
        # each side scores when its words align one to one (gold: no empty label;
        # system: no empty label, no S1)
        cut = []
        for order, (label, start, end) in enumerate(self.brackets):
            if label == "TOP":
                continue
            if "-" in label:
                label = label.split("-")[0]
            cut.append((label, start, end, order))
            if start == end:
                self.empty_span = True
        self.cut = cut
        self.gold_keys = [(label, s, e) for label, s, e, _ in cut if label]
        self.system_keys = [k for k in self.gold_keys if k[0] != "S1"]


def prepare(line: str, params: JpParams) -> Sentence:
    return prepare_parsed(read_parsed(line), params)


def prepare_read(tree: JpTree, words: list[str], params: JpParams) -> Sentence:
    """A `Sentence` from a tree (already under TOP when the reference would put it there)."""
    brackets = constituents(tree)
    return prepare_parsed(Parsed("", words, brackets, tags(tree, frozenset()), _regular(tree), tree), params)


def prepare_parsed(parsed: Parsed, params: JpParams) -> Sentence:
    words = parsed.words
    joined = " ".join(words).lower()
    key = "".join([TOKEN_EXCEPTIONS.get(t, t) for t in joined.split(" ")])
    delete, for_length, quote = params.delete, params.delete_for_length, params.quote
    if not delete and not quote and parsed.regular:
        # nothing to delete and no word beside a phrase: the tree is its own cleaned copy
        return Sentence(parsed, key, len(joined), 0, list(range(len(words))), words,
                        parsed.brackets, parsed.tags)
    counter = [0]
    refs: list[int] = []
    cleaned = clean(tree_of(parsed), delete, for_length, quote, counter, refs, [0])
    return Sentence(cleaned, key, len(joined), counter[0], refs, [words[k] for k in refs],
                    constituents(cleaned), tags(cleaned, delete))


def _regular(tree: JpTree) -> bool:
    # every word is the only child of its parent (what `clean` requires, or it crashes)
    kids = tree.kids
    if len(kids) == 1 and isinstance(kids[0], str):
        return True
    for kid in kids:
        if isinstance(kid, str) or not _regular(kid):
            return False
    return True


def clean(tree: JpTree, delete: frozenset[str], for_length: frozenset[str], quote: frozenset[str],
          counter: list[int], refs: list[int] | None = None, index: list[int] | None = None) -> JpTree:
    """The tree without deleted subtrees (label in `delete`, or in `quote` over a quote
    character); `counter[0]` counts the deleted ones whose label is not in `for_length`.
    `refs` receives the original leaf index of every kept leaf."""
    index = index if index is not None else [0]
    kids = tree.kids
    if len(kids) == 1 and isinstance(kids[0], str):
        if refs is not None:
            refs.append(index[0])
        index[0] += 1
        return tree
    new = JpTree(tree.label, [])
    for kid in kids:
        if isinstance(kid, str):
            raise JpEvalbCrash("AttributeError",
                               f"word {kid!r} beside other children under ({tree.label} ...)")
        drop = kid.label in delete
        if not drop and kid.label in quote:
            if not kid.kids:
                raise JpEvalbCrash("IndexError", f"empty ({kid.label}) under QUOTE_LABEL")
            first = kid.kids[0]
            if not isinstance(first, str):
                raise JpEvalbCrash("TypeError", f"phrase ({kid.label} ...) under QUOTE_LABEL")
            drop = first in QUOTE_TERMS
        if drop:
            if kid.label not in for_length:
                counter[0] += 1
            index[0] += len(kid.leaves())
        else:
            new.kids.append(clean(kid, delete, for_length, quote, counter, refs, index))
    return new


# -- sentence alignment ---------------------------------------------------------------------


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (unit costs), bit-parallel (Myers 1999 / Hyyrö 2001)."""
    n = len(b)
    if n == 0:
        return len(a)
    peq: dict[str, int] = {}
    bit = 1
    for ch in b:
        peq[ch] = peq.get(ch, 0) | bit
        bit <<= 1
    full = (1 << n) - 1
    top = 1 << (n - 1)
    pv, mv, score = full, 0, n
    for ch in a:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
    return score


def near_limit(n: int) -> int:
    """The largest distance d with d / n <= 0.15 in floating point (jp-evalb.py's test)."""
    d = int(n * 0.15) + 1
    while d > 0 and d / n > 0.15:
        d -= 1
    return d


def is_near(system: str, gold: str) -> bool:
    """edit_distance(system, gold) / len(gold) <= 0.15, as jp-evalb.py decides it."""
    n = len(gold)
    if n == 0:
        raise JpEvalbCrash("ZeroDivisionError", "a gold sentence without words differs from its system sentence")
    limit = near_limit(n)
    if abs(len(system) - n) > limit:
        return False
    return edit_distance(system, gold) <= limit


RECURSION_LIMIT = 1000   # CPython's default sys.getrecursionlimit()


def too_deep(steps: int, ending: str, version: tuple[int, ...] = sys.version_info[:2]) -> bool:
    """Whether jp-evalb.py's recursive sentence check overflows Python's stack on `steps`
    near pairs in a row ending with an equal pair (``equal``) or a far one (``far``), run as
    ``python3 jp-evalb.py`` (3 frames below the first check).  The deepest frame: a
    distance (or token) helper one level below the last check, plus, before Python 3.12, the
    frame of the list comprehension in its distance table.  Measured with the reference on
    3.11: 995 near pairs then an equal pair overflow, 994 do not; 994 then a far pair do."""
    if steps == 0:
        return False
    extra = 6 if ending == "far" and version < (3, 12) else 5
    return steps + extra >= RECURSION_LIMIT


@dataclass(frozen=True, slots=True)
class Group:
    """One aligned pair: system and gold sentence indices (0-based) and whether the reference
    holds it as a list (then the trees are joined under TOP)."""

    system: tuple[int, ...]
    gold: tuple[int, ...]
    joined: bool


def align_sentences(system_keys: Sequence[str], gold_keys: Sequence[str],
                    system_widths: Sequence[int], gold_widths: Sequence[int]) -> list[Group]:
    """jp-evalb.py's sentence alignment (system = its left side, gold = right).

    Sentences left over at the end of one side are dropped when the walk stops early
    (as the reference does); a walk that runs past either end raises `JpEvalbCrash`."""
    n_sys, n_gold = len(system_keys), len(gold_keys)
    known: dict[tuple[int, int], tuple[bool, int, str]] = {}

    def pairs_up(i: int, j: int) -> bool:
        # equal keys; or near keys followed by a pair that pairs up.  The reference
        # recurses once per near pair: `known` keeps, per position, the answer, the number
        # of near pairs still ahead and how the walk ends, to reproduce its recursion limit
        chain = []
        while True:
            if i >= n_sys or j >= n_gold:
                side = "system" if i >= n_sys else "gold"
                raise JpEvalbCrash("IndexError", f"sentence alignment ran past the end of the {side} file "
                                   f"(system sentence {i + 1}, gold sentence {j + 1})")
            memo = known.get((i, j))
            if memo is not None:
                state, ahead, ending = memo
                break
            if system_keys[i] == gold_keys[j]:
                state, ahead, ending = True, 0, "equal"
                break
            if not is_near(system_keys[i], gold_keys[j]):
                state, ahead, ending = False, 0, "far"
                break
            chain.append((i, j))
            i += 1
            j += 1
        steps = len(chain) + ahead
        for t, k in enumerate(chain):
            known[k] = (state, steps - t, ending)
        known[(i, j)] = (state, ahead, ending)
        if too_deep(steps, ending):
            first = chain[0] if chain else (i, j)
            raise JpEvalbCrash("RecursionError", f"{steps} near-but-different sentence pairs in a row from "
                               f"system sentence {first[0] + 1} / gold sentence {first[1] + 1}")
        return state

    groups: list[Group] = []
    ii = jj = 0
    for _ in range(n_sys + 1):
        i = ii
        if i <= n_gold:
            j = jj
            if pairs_up(i, j):
                groups.append(Group((i,), (j,), False))
                ii, jj = i + 1, j + 1
            elif i + 1 == n_sys and j + 1 == n_gold:
                groups.append(Group((i,), (j,), False))
                ii, jj = i + 1, j + 1
            else:
                sys_part, gold_part = [i], [j]
                while not pairs_up(i + 1, j + 1):
                    if system_widths[i] < gold_widths[j]:
                        i += 1
                        sys_part.append(i)
                    elif system_widths[i] > gold_widths[j]:
                        j += 1
                        gold_part.append(j)
                    else:
                        break
                groups.append(Group(tuple(sys_part), tuple(gold_part), True))
                ii, jj = i + 1, j + 1
        if ii == n_sys and jj == n_gold:
            break
    return groups


# -- word alignment -------------------------------------------------------------------------

NESTED = -1  # marks a word group the reference builds as a list inside a list (it then crashes)


def align_words(system: Sequence[str], gold: Sequence[str]) -> tuple[list[list[int]], list[list[int]]]:
    """jp-evalb.py's word alignment of one aligned pair: for each side, the list of word
    groups (each a list of word indices; a group of one is a word aligned on its own).

    The i-th group of one side corresponds to the i-th of the other, except after the end
    of one side, where the rest of the other side is added to its last group."""
    n_sys, n_gold = len(system), len(gold)
    low_s = [w.lower() for w in system]
    low_g = [w.lower() for w in gold]
    # characters after word k (original spelling, as the reference counts them)
    rest_s = _suffix_chars(system)
    rest_g = _suffix_chars(gold)
    left: list[list[int]] = []
    right: list[list[int]] = []
    left_single: list[bool] = []
    right_single: list[bool] = []
    ii = jj = 0
    for _ in range(n_sys + 1):
        if ii >= n_sys or jj >= n_gold:
            if jj >= n_gold:
                _append_rest(left, left_single, range(ii, n_sys))
            else:
                _append_rest(right, right_single, range(jj, n_gold))
            break
        i, j = ii, jj
        if low_s[i] == low_g[j]:
            left.append([i]); left_single.append(True)
            right.append([j]); right_single.append(True)
            ii, jj = i + 1, j + 1
        elif i + 1 == n_sys and j + 1 == n_gold:
            left.append([i]); left_single.append(True)
            right.append([j]); right_single.append(True)
            ii, jj = i + 1, j + 1
        elif i + 1 == n_sys:
            left.append([i]); left_single.append(False)
            right.append(list(range(j, n_gold))); right_single.append(False)
            ii, jj = n_sys, n_gold
        elif j + 1 == n_gold:
            right.append([j]); right_single.append(False)
            left.append(list(range(i, n_sys))); left_single.append(False)
            ii, jj = n_sys, n_gold
        else:
            sys_part, gold_part = [i], [j]
            while True:
                if i + 1 >= n_sys or j + 1 >= n_gold:
                    raise JpEvalbCrash("IndexError", "word alignment ran past the end of a sentence")
                if low_s[i + 1] == low_g[j + 1]:
                    break
                if rest_s[i + 1] > rest_g[j + 1]:
                    i += 1
                    sys_part.append(i)
                elif rest_s[i + 1] < rest_g[j + 1]:
                    j += 1
                    gold_part.append(j)
                else:
                    break
            left.append(sys_part); left_single.append(False)
            right.append(gold_part); right_single.append(False)
            ii, jj = i + 1, j + 1
        if ii == n_sys and jj == n_gold:
            break
    return left, right


def _append_rest(groups: list[list[int]], single: list[bool], rest: range) -> None:
    # the reference: no groups yet -> the rest as words of their own; otherwise the last
    # entry becomes [last] + rest, a list inside a list when the last entry was a group
    if not groups:
        for k in rest:
            groups.append([k])
            single.append(True)
        return
    if not single[-1]:
        raise JpEvalbCrash("TypeError", "word alignment nests a word group in another one")
    groups[-1] = groups[-1] + list(rest)
    single[-1] = False


def _suffix_chars(words: Sequence[str]) -> list[int]:
    out = [0] * (len(words) + 1)
    total = 0
    for k in range(len(words) - 1, -1, -1):
        total += len(words[k])
        out[k] = total
    return out


def group_index(groups: list[list[int]], n_words: int) -> list[int]:
    """For each word, the index of its group."""
    index: list[int] = []
    for g, members in enumerate(groups):
        index.extend([g] * len(members))
    if len(index) != n_words:
        raise JpEvalbCrash("AssertionError", "word alignment lost words")
    return index


# -- constituents and scoring ---------------------------------------------------------------


def constituents(tree: JpTree) -> list[tuple[str, int, int]]:
    """(label, start, end) over word positions, in preorder, for nodes of height > 2 (NLTK
    height: a word 1, a preterminal 2, an empty node 1)."""
    out: list[tuple[str, int, int] | None] = []
    _constituents(tree, 0, out)
    return cast("list[tuple[str, int, int]]", out)   # every None slot is filled or popped


def _constituents(tree: JpTree, start: int, out: list[tuple[str, int, int] | None]) -> tuple[int, int]:
    slot = len(out)
    out.append(None)
    pos, high = start, 0
    for kid in tree.kids:
        if isinstance(kid, str):
            pos += 1
            if high < 1:
                high = 1
        else:
            n, h = _constituents(kid, pos, out)
            pos += n
            if h > high:
                high = h
    if high + 1 > 2:
        out[slot] = (tree.label, start, pos)
    else:
        out.pop(slot)
    return pos - start, high + 1


def tags(tree: JpTree, delete: frozenset[str]) -> list[tuple[str, str]]:
    """(POS, word) of every preterminal whose label is not deleted, left to right."""
    out: list[tuple[str, str]] = []
    _tags(tree, delete, out)
    return out


def _tags(tree: JpTree, delete: frozenset[str], out: list[tuple[str, str]]) -> None:
    kids = tree.kids
    if len(kids) == 1 and isinstance(kids[0], str):
        if tree.label not in delete:
            out.append((tree.label, kids[0]))
        return
    for kid in kids:
        if isinstance(kid, str):
            raise JpEvalbCrash("AttributeError", f"word {kid!r} beside other children")
        _tags(kid, delete, out)


@dataclass(slots=True)
class Bracket:
    """A scored constituent: label (cut at ``-``), span over aligned word groups, and where
    it came from: `part` (which sentence of the pair's side), `order` (its index among that
    sentence's constituents), `word_start`/`word_end` (over the side's words)."""

    label: str
    start: int
    end: int
    part: int
    order: int
    word_start: int
    word_end: int

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.label, self.start, self.end)


def reindexed(parts: Sequence[Sentence], words_group: list[int], drop_s1: bool) -> list[Bracket]:
    """The side's constituents on aligned word groups, as jp-evalb.py keeps them: no TOP,
    label cut at the first ``-``, empty labels dropped (and ``S1`` on the system side)."""
    out: list[Bracket] = []
    offset = 0
    for part, sentence in enumerate(parts):
        for label, start, end, order in sentence.cut:
            start += offset
            end += offset
            try:
                g_start = words_group[start]
                g_end = words_group[end - 1] + 1     # end - 1 may be -1: Python's last word
            except IndexError:
                raise JpEvalbCrash("IndexError", f"empty constituent ({label}) in a sentence without words") from None
            if label == "" or (drop_s1 and label == "S1"):
                continue
            out.append(Bracket(label, g_start, g_end, part, order, start, end))
        offset += len(sentence.words)
    return out


def bracket_keys(parts: Sequence[Sentence], words_group: list[int] | None, drop_s1: bool) -> list[tuple[str, int, int]]:
    """`reindexed`'s (label, start, end) keys; `words_group` None: words aligned one to one."""
    if words_group is None and len(parts) == 1 and not parts[0].empty_span:
        return parts[0].system_keys if drop_s1 else parts[0].gold_keys
    if words_group is None:
        words_group = list(range(sum(len(p.words) for p in parts)))
    return [b.key for b in reindexed(parts, words_group, drop_s1)]


@dataclass(slots=True)
class PairScore:
    """Counts for one aligned pair, as jp-evalb.py prints them."""

    index: int                   # 1-based pair number (the report's ID)
    length: int                  # "Len." column
    status: int                  # 0, or 1 in -evalb mode when the tag counts differ
    matched: int
    gold_brackets: int
    test_brackets: int
    crossing: int
    words: int
    correct_tags: int
    short: bool                  # counted in the len<=40 block

    @property
    def recall(self) -> float:
        return self.matched / self.gold_brackets * 100 if self.gold_brackets else 0

    @property
    def precision(self) -> float:
        return self.matched / self.test_brackets * 100 if self.test_brackets else 0

    @property
    def tag_accuracy(self) -> float:
        return self.correct_tags / self.words * 100 if self.words else 0


def crossing_flags(system: Sequence[tuple[str, int, int]], gold: Sequence[tuple[str, int, int]]) -> list[bool]:
    """For each system (label, start, end), whether it crosses a gold one: (s, e) crosses
    (gs, ge) when s < gs < e < ge or gs < s < ge < e.  Per position p: the furthest end of
    a gold bracket starting at p, the smallest start of one ending at p; then one slice each."""
    if not system or not gold:
        return [False] * len(system)
    size = max(max(b[2] for b in gold), max(b[2] for b in system)) + 2
    far_end = [-1] * size
    near_start = [size] * size
    for _, gs, ge in gold:
        if far_end[gs] < ge:
            far_end[gs] = ge
        if near_start[ge] > gs:
            near_start[ge] = gs
    return [e - s > 1 and (max(far_end[s + 1:e]) > e or min(near_start[s + 1:e]) < s)
            for _, s, e in system]


def match_brackets(system: Sequence[tuple[str, int, int]], gold: Sequence[tuple[str, int, int]], params: JpParams
                   ) -> tuple[int, set[tuple[str, int, int]], list[tuple[tuple[str, int, int], tuple[str, int, int]]]]:
    """jp-evalb.py's matched count: the SET intersection of (label, start, end), plus one
    for every (system, gold) pair of unmatched brackets with the same span whose labels an
    EQ_LABEL entry holds (for each such entry).  Returns (count, common keys, EQ pairs)."""
    sys_keys = set(system)
    gold_keys = set(gold)
    common = sys_keys & gold_keys
    matched = len(common)
    eq_pairs: list[tuple[tuple[str, int, int], tuple[str, int, int]]] = []
    eq = params.eq_labels
    if params.evalb or eq:
        only_sys = sys_keys - gold_keys
        only_gold = gold_keys - sys_keys
        if only_sys and only_gold:
            if eq is None:
                raise JpEvalbCrash("TypeError", "-evalb without EQ_LABEL in the parameter file")
            by_span: dict[tuple[int, int], list[str]] = {}
            for label, s, e in only_gold:
                by_span.setdefault((s, e), []).append(label)
            for label, s, e in only_sys:
                for other in by_span.get((s, e), ()):
                    for entry in eq:
                        if {label, other}.issubset(entry):
                            matched += 1
                            eq_pairs.append(((label, s, e), (other, s, e)))
    return matched, common, eq_pairs


def correct_tags(system_tags: list[tuple[str, str]], gold_tags: list[tuple[str, str]], evalb: bool) -> int:
    if evalb:
        return sum(1 for s, g in zip(system_tags, gold_tags) if s == g)
    counts: dict[tuple[str, str], int] = {}
    for t in gold_tags:
        counts[t] = counts.get(t, 0) + 1
    sys_counts: dict[tuple[str, str], int] = {}
    for t in system_tags:
        sys_counts[t] = sys_counts.get(t, 0) + 1
    return sum(min(c, counts.get(t, 0)) for t, c in sys_counts.items())


@dataclass(slots=True)
class AlignedPair:
    """One aligned pair with its word alignment and score."""

    group: Group
    system_words: list[list[int]] | None     # word groups (indices into the side's words),
    gold_words: list[list[int]] | None       # None: one group per word (`word_groups`)
    score: PairScore


def word_groups(groups: list[list[int]] | None, parts: Sequence[Sentence]) -> list[list[int]]:
    """A pair side's word groups, the one-word-per-group case spelled out."""
    if groups is not None:
        return groups
    return [[k] for k in range(sum(len(p.words) for p in parts))]


def _side(parts: Sequence[Sentence]) -> tuple[list[str], list[tuple[str, str]]]:
    if len(parts) == 1:
        return parts[0].words, parts[0].tags
    return [w for p in parts for w in p.words], [t for p in parts for t in p.tags]


def align_pair_words(system: Sequence[Sentence], gold: Sequence[Sentence]
                     ) -> tuple[list[list[int]] | None, list[list[int]] | None, list[int] | None, list[int] | None]:
    """Word groups of both sides and each word's group; all four None when the words are
    the same, case aside (then every word is a group of its own: see `word_groups`)."""
    sys_words, gold_words = _side(system)[0], _side(gold)[0]
    if len(sys_words) == len(gold_words) and (
            sys_words == gold_words or [w.lower() for w in sys_words] == [w.lower() for w in gold_words]):
        return None, None, None, None
    left, right = align_words(sys_words, gold_words)
    return left, right, group_index(left, len(sys_words)), group_index(right, len(gold_words))


def score_pair(index: int, system: Sequence[Sentence], gold: Sequence[Sentence], gold_deleted: int,
               params: JpParams) -> tuple[PairScore, list[list[int]] | None, list[list[int]] | None]:
    """Score one aligned pair: the system sentences and the gold sentences it joins
    (`gold_deleted`: the punctuation count jp-evalb.py adds to the length, which it takes
    from gold LINE number `index`, whatever the alignment)."""
    sys_words, sys_tags = _side(system)
    gold_words, gold_tags = _side(gold)
    left, right, sys_group, gold_group = align_pair_words(system, gold)
    sys_keys = bracket_keys(system, sys_group, drop_s1=True)
    gold_keys = bracket_keys(gold, gold_group, drop_s1=False)
    length = len(gold_words) + gold_deleted
    if params.evalb and len(sys_tags) != len(gold_tags):
        return PairScore(index, length, 1, 0, 0, 0, 0, 0, 0, length <= 40), left, right
    matched = match_brackets(sys_keys, gold_keys, params)[0]
    crossing = sum(crossing_flags(sys_keys, gold_keys))
    score = PairScore(index, length, 0, matched, len(gold_keys), len(sys_keys), crossing,
                      len(gold_tags), correct_tags(sys_tags, gold_tags, params.evalb),
                      (len(gold_words) if right is None else len(right)) + gold_deleted <= 40)
    return score, left, right


@dataclass(slots=True)
class PairDetails:
    """Per-bracket provenance and the matching behind a pair's counts (for JSON / GUI)."""

    gold: list[Bracket]
    system: list[Bracket]
    matched_keys: set[tuple[str, int, int]]
    eq_pairs: list[tuple[tuple[str, int, int], tuple[str, int, int]]]
    crossing: list[bool]


def pair_details(system: Sequence[Sentence], gold: Sequence[Sentence], params: JpParams) -> PairDetails:
    left, right, sys_group, gold_group = align_pair_words(system, gold)
    n_sys = sum(len(p.words) for p in system)
    n_gold = sum(len(p.words) for p in gold)
    sys_b = reindexed(system, sys_group if sys_group is not None else list(range(n_sys)), True)
    gold_b = reindexed(gold, gold_group if gold_group is not None else list(range(n_gold)), False)
    sys_keys = [b.key for b in sys_b]
    gold_keys = [b.key for b in gold_b]
    try:
        _, common, eq_pairs = match_brackets(sys_keys, gold_keys, params)
    except JpEvalbCrash:
        common, eq_pairs = set(), []
    return PairDetails(gold_b, sys_b, common, eq_pairs, crossing_flags(sys_keys, gold_keys))


# -- the whole run --------------------------------------------------------------------------


@dataclass
class Run:
    """Everything one ``jp-evalb`` run computes."""

    pairs: list[AlignedPair]
    n_gold: int
    n_system: int
    params: JpParams


def read_lines(text: str) -> list[str]:
    """The lines jp-evalb.py reads (``str.splitlines``, each stripped)."""
    return [line.strip() for line in text.splitlines()]


def prepare_all(lines: Iterable[str], params: JpParams, side: str) -> list[Sentence]:
    out = []
    for number, line in enumerate(lines, 1):
        try:
            out.append(prepare(line, params))
        except JpEvalbCrash as exc:
            exc.message = f"{side} line {number}: {exc.message}"
            exc.args = (exc.message,)
            exc.line = number          # type: ignore[attr-defined]
            exc.side = side            # type: ignore[attr-defined]
            raise
    return out


def run(gold_lines: Sequence[str], system_lines: Sequence[str], params: JpParams) -> Run:
    """Align and score; raises `JpEvalbCrash` where jp-evalb.py stops."""
    system = prepare_all(system_lines, params, "system")
    gold = prepare_all(gold_lines, params, "gold")
    return run_prepared(gold, system, params)


def run_prepared(gold: Sequence[Sentence], system: Sequence[Sentence], params: JpParams) -> Run:
    groups = align_sentences([s.key for s in system], [g.key for g in gold],
                             [s.width for s in system], [g.width for g in gold])
    pairs: list[AlignedPair] = []
    for index, group in enumerate(groups, 1):
        # the reference adds the deleted-punctuation count of gold LINE `index`
        score, left, right = score_pair(index, [system[k] for k in group.system],
                                        [gold[k] for k in group.gold], gold[index - 1].deleted, params)
        pairs.append(AlignedPair(group, left, right, score))
    return Run(pairs, len(gold), len(system), params)
