"""eval.pl v1.9 / eval07.pl v1.4 output, byte for byte: ``-q`` lines, ``-b`` table, full report.

This is a port of the reference scripts' counting and printing (the rules are recorded in
``../shared/anchors/conllx/README.md``); it decides nothing the profiles in
`tcompare.scoring.conllx.profile` do not: every count goes through `conllx.judge`.  Counting and
printing are apart: `EvalPl` holds the counts (its first pass sentence by sentence, or the
compiled kernel's tallies; its second pass, the local contexts), `EvalPlReport` prints them
and never changes one.  What only a port can reproduce is kept here:

* Reading: the two files are read line by line in lockstep; a line of whitespace ends a
  sentence, so every blank line counts a sentence (an empty one when blank lines repeat)
  and end-of-file ends one more.  A line-structure mismatch stops eval.pl with
  ``line mismatch, line N:`` (eval07.pl: ``Fatal: line mismatch``) and exit status 1;
  eval07.pl skips a missing or extra final blank line with a warning.  `lockstep_check`
  reproduces this.
* Widths: byte lengths for CPOSTAG and DEPREL columns, character counts without
  non-spacing marks (``uni_len``) for word columns, exactly as the script (so CJK rows
  are as misaligned as eval.pl's).
* Percentages: ``100 - errors*100.0/tot`` with C ``%.2f`` / ``%3.0f``; per-DEPREL figures
  ``correct / total * 100``.
* Ties: eval.pl sorts hash keys with Perl's stable merge sort, so equal counts keep Perl's
  hash order.  `PerlHash` replays Perl 5.36's hash table (SBOX32 + SipHash-1-3 hash with
  ``PERL_HASH_SEED=0``, bucket insertion at the chain head, bucket doubling, traversal
  order) so ties come out as in the reference files made with ``PERL_HASH_SEED=0``.
  With ``hash_order="insertion"`` ties keep first-seen order instead.
"""

from __future__ import annotations

import array
import math
import os
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence, cast

from tcompare.scoring.conllx.profile import (
    DERIV, MATCH, PUNCT, WRONG_BOTH, WRONG_HEAD, WRONG_LABEL, is_uni_punct, judge, tally,
)
from tcompare.scoring.conllx.perlhash import PerlHash

START, END = ".S", ".E"
SEP = "0x01"           # sic: eval.pl's separator is the four-character string "0x01"
CON_ERR_NUM, FREQ_ERR_NUM, SPEC_ERR_LOC_CON = 3, 10, 8

_NUM = re.compile(r"^\s*([+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?))")


# -- Perl value semantics ----------------------------------------------------------------------
_INT = re.compile(r"[+-]?\d+")
_NUM_CACHE: dict[str, float | int] = {}


def num(s: str | None) -> float | int:
    """Perl's string-to-number conversion (leading numeric prefix, else 0).

    Memoised: the same few head values ("1".."60", "_") are converted millions of times.
    """
    if s is None:
        return 0
    value = _NUM_CACHE.get(s)
    if value is None:
        value = _num(s)
        if len(_NUM_CACHE) < 65536:
            _NUM_CACHE[s] = value
    return value


def _num(s: str) -> float | int:
    m = _NUM.match(s)
    if not m:
        return 0
    text = m.group(1)
    if _INT.fullmatch(text) and len(text.lstrip("+-").lstrip("0")) <= 18:
        return int(text)
    # past 64 bits Perl keeps a double (a 5,000-digit HEAD is Inf); int() would also refuse
    # strings of more than 4,300 digits
    return float(text)


def pstr(x: float | int) -> str:
    """Perl's number-to-string conversion (``%.15g``)."""
    if isinstance(x, int):
        return str(x)
    if x != x:
        return "NaN"
    if x in (math.inf, -math.inf):
        return "Inf" if x > 0 else "-Inf"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return "%.15g" % x


def blen(s: str) -> int:
    """Perl's ``length`` on the undecoded line: UTF-8 bytes."""
    return len(s.encode("utf-8", "surrogateescape"))


def uni_len(s: str) -> int:
    return sum(1 for ch in s if unicodedata.category(ch) != "Mn")


def lpad(s: str, width: int) -> str:
    """``%-*s`` on a byte string."""
    return s + " " * (width - blen(s))


def upad(s: str, width: int) -> str:
    """``%-*s`` with eval.pl's ``width + length($s) - uni_len($s)`` correction."""
    return lpad(s, width + blen(s) - uni_len(s))


def perl_split(pattern: str, s: str, limit: int = 0) -> list[str]:
    """``split(/pattern/, s, limit)``: without a limit, trailing empty fields are dropped.

    A list assignment ``($a, $b) = split(...)`` has an implicit limit of 3.
    """
    if limit > 0:
        return re.split(pattern, s, maxsplit=limit - 1)
    parts = re.split(pattern, s)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def stable_desc(keys: Iterable[str], value: Callable[[str], float]) -> list[str]:
    """Perl's ``sort { v($b) <=> v($a) } keys``: merge sort, stable."""
    return sorted(keys, key=lambda k: -value(k))


def nth_desc(values: Iterable[float], n: int) -> float:
    """``(sort {$b <=> $a} values)[n]``, undef (0) when there are fewer values."""
    ordered = sorted(values, reverse=True)
    return ordered[n] if n < len(ordered) else 0


# -- input -------------------------------------------------------------------------------------
@dataclass(slots=True)
class EvalSentence:
    """One eval.pl sentence: its number, first line, and per-token fields."""

    number: int
    start_line: int
    gold: list[tuple[str, str, str, str]]      # (word, pos, head, dep)
    system: list[tuple[str, str, str, str]]


@dataclass
class Lockstep:
    """What eval.pl's lockstep reader makes of two texts."""

    ok: bool
    stderr: str = ""
    complete_sentences: int = 0     # sentences read before a fatal mismatch
    warnings: list[str] = field(default_factory=list)


_LINE = re.compile(r"[^\n]*\n|[^\n]+$")


def split_lines(text: str) -> list[str]:
    return _LINE.findall(text)


_PERL_WS = " \t\n\r\f\v"


def _blank_plus(line: str) -> bool:          # /^\s+$/ on a byte string: ASCII whitespace only
    return bool(line) and not line.strip(_PERL_WS)


def lockstep_check(gold_text: str, sys_text: str, variant: str = "conllx",
                   system_name: str = "system", first_line: int = 1) -> Lockstep:
    """Replay eval.pl's reading loop on the line structure only (``first_line``: the
    number of the texts' first line, when they are the rest of two files)."""
    g, s = _iter_lines_nl(gold_text), _iter_lines_nl(sys_text)
    prefix = "Fatal: " if variant == "conll07" else ""
    warnings: list[str] = []
    sentences = 0
    line_num = first_line - 1
    while True:
        lg = next(g, None)
        ls = next(s, None)
        line_num += 1
        if lg is not None and ls is None:
            if variant == "conll07" and not lg.strip(_PERL_WS):
                warnings.append(f"Warning: ignoring missing blank line at the end of {system_name}.\n")
                continue
            return Lockstep(False, f"{prefix}line mismatch, line {line_num}:\n gold: {_nl(lg)} sys : "
                            "past end of file\n", sentences, warnings)
        if lg is None and ls is not None:
            if variant == "conll07" and not ls.strip(_PERL_WS):
                warnings.append(f"Warning: ignoring extra blank line at the end of {system_name}.\n")
                continue
            return Lockstep(False, f"{prefix}line mismatch, line {line_num}:\n gold: past end of file\n"
                            f" sys : {_nl(ls)}", sentences, warnings)
        if lg is None and ls is None:
            return Lockstep(True, "", sentences + 1, warnings)
        assert lg is not None and ls is not None   # the three cases above return or continue
        if _blank_plus(lg) != _blank_plus(ls):
            return Lockstep(False, f"{prefix}line mismatch, line {line_num}:\n gold: {_nl(lg)} sys : {_nl(ls)}",
                            sentences, warnings)
        if _blank_plus(lg):
            sentences += 1


def _iter_lines_nl(text: str, chunk: int = 1 << 22) -> Iterator[str]:
    """`split_lines(text)` lazily, a few MB at a time (chunks end at a newline, so the lines
    are exactly the same)."""
    start, n = 0, len(text)
    while start < n:
        end = text.find("\n", start + chunk)
        end = n if end == -1 else end + 1
        yield from _LINE.findall(text, start, end)
        start = end


def _nl(line: str) -> str:
    # printf " gold: %s" prints the line as read: with its newline, or without one at EOF
    return line


def _tab_separated(text: str) -> bool:
    """Whether TAB and newline are the only whitespace (and no TAB follows a TAB): then
    splitting a line on TAB gives exactly eval.pl's ``split(/\\s+/)`` fields."""
    return not (" " in text or "\r" in text or "\f" in text or "\v" in text or "\t\t" in text)


def read_sentences(gold_text: str, sys_text: str) -> list[EvalSentence]:
    """eval.pl's sentences from the two texts (lines assumed to match in structure).

    Fields are ``split(/\\s+/)`` columns 1, 3, 6, 7 of each line, as in the script.  When
    the only whitespace in both texts is single TABs and newlines, splitting on TAB gives
    the same fields, much faster.
    """
    if _tab_separated(gold_text) and _tab_separated(sys_text):
        return list(_iter_tabbed(gold_text, sys_text))
    return _read_general(gold_text, sys_text)


class LazySentences:
    """`read_sentences` as a re-iterable stream: each pass reads the texts again, so only
    one sentence at a time is held (the full report makes two passes)."""

    def __init__(self, gold_text: str, sys_text: str):
        self.gold_text, self.sys_text = gold_text, sys_text
        self.tabbed = _tab_separated(gold_text) and _tab_separated(sys_text)

    def __iter__(self) -> Iterator[EvalSentence]:
        if self.tabbed:
            return _iter_tabbed(self.gold_text, self.sys_text)
        return iter(_read_general(self.gold_text, self.sys_text))


def _read_general(gold_text: str, sys_text: str) -> list[EvalSentence]:
    g, s = split_lines(gold_text), split_lines(sys_text)
    result: list[EvalSentence] = []
    number, start = 1, 1
    gold_tokens: list[tuple[str, str, str, str]] = []
    sys_tokens: list[tuple[str, str, str, str]] = []
    for k in range(min(len(g), len(s))):   # lines past the shorter file are blank (eval07.pl)
        lg, ls = g[k], s[k]
        if _blank_plus(lg):
            result.append(EvalSentence(number, start, gold_tokens, sys_tokens))
            number, start = number + 1, k + 2
            gold_tokens, sys_tokens = [], []
            continue
        gold_tokens.append(_fields(lg))
        sys_tokens.append(_fields(ls))
    result.append(EvalSentence(number, start, gold_tokens, sys_tokens))
    return result


def _iter_tabbed(gold_text: str, sys_text: str) -> Iterator[EvalSentence]:
    """The sentences of two texts whose only whitespace is single TABs and newlines, one at
    a time (lines past the shorter text are not read)."""
    number, start = 1, 1
    gold_tokens: list[tuple[str, str, str, str]] = []
    sys_tokens: list[tuple[str, str, str, str]] = []
    append_g, append_s = gold_tokens.append, sys_tokens.append
    for k, (lg, ls) in enumerate(zip(_iter_lines(gold_text), _iter_lines(sys_text))):
        if not lg.strip("\t"):
            yield EvalSentence(number, start, gold_tokens, sys_tokens)
            number, start = number + 1, k + 2
            gold_tokens, sys_tokens = [], []
            append_g, append_s = gold_tokens.append, sys_tokens.append
            continue
        cg, cs = lg.split("\t"), ls.split("\t")
        if len(cg) >= 8 and len(cs) >= 8:
            append_g((cg[1], cg[3], cg[6], cg[7]))
            append_s((cs[1], cs[3], cs[6], cs[7]))
        else:
            append_g(_fields(lg))
            append_s(_fields(ls))
    yield EvalSentence(number, start, gold_tokens, sys_tokens)


def quick_counts(sentences: Sequence[EvalSentence], score_punct: bool, skip_deriv: bool,
                 evalb: bool) -> tuple[int, int, int, int, list[str]]:
    """``(tot, err_any, err_head, err_dep, b_rows)``: all that ``-q`` and ``-b -q`` print."""
    tot = err_any = err_head = err_dep = 0
    rows: list[str] = []
    for sent in sentences:
        s_tot, s_head, s_dep, s_any = tally(judge([(w, h, d) for w, _, h, d in sent.gold],
                                                  [(h, d) for _, _, h, d in sent.system],
                                                  score_punct, skip_deriv))
        tot += s_tot
        err_any += s_any
        err_head += s_head
        err_dep += s_dep
        if evalb and sent.gold:
            rows.append(b_row(sent.number, len(sent.gold), s_tot, s_head, s_any))
    return tot, err_any, err_head, err_dep, rows


def _fields(line: str) -> tuple[str, str, str, str]:
    cols = re.split(r"\s+", line, flags=re.ASCII)
    while cols and cols[-1] == "":
        cols.pop()

    def col(n: int) -> str:
        return cols[n] if n < len(cols) else ""
    return (col(1), col(3), col(6), col(7))


def eval_text(text: str, notation: str) -> str:
    """The lines eval.pl would see: for CoNLL-U, comment, multiword and empty-node rows are
    dropped (eval.pl itself would read them as tokens; tcompare never scores them)."""
    if notation != "conllu":
        return text
    kept = []
    for line in split_lines(text):
        if line.startswith("#"):
            continue
        first = line.split("\t", 1)[0]
        if not _blank_plus(line) and ("-" in first or "." in first):
            continue
        kept.append(line)
    return "".join(kept)


# -- the report ----------------------------------------------------------------------------------
def summary_lines(tot: int, err_any: int, err_head: int, err_dep: int) -> str:
    """The three lines every mode prints (``tot`` must be > 0)."""
    return (
        "  Labeled   attachment score: %d / %d * 100 = %.2f %%\n" % (tot - err_any, tot, 100 - err_any * 100.0 / tot)
        + "  Unlabeled attachment score: %d / %d * 100 = %.2f %%\n" % (tot - err_head, tot, 100 - err_head * 100.0 / tot)
        + "  Label accuracy score:       %d / %d * 100 = %.2f %%\n" % (tot - err_dep, tot, 100 - err_dep * 100.0 / tot))


B_HEADER = ("     Sent.          Attachment      Correct        Scoring          \n"
            "    ID Tokens  -   Unlab. Lab.   HEAD HEAD+DEPREL   tokens   - - - -\n"
            "  ============================================================================\n")


def _pf(x: float | str) -> str:
    return "NaN" if isinstance(x, str) else "%6.2f" % x


def b_row(number: int, word_num: int, tot: int, err_head: int, err_any: int) -> str:
    if tot > 0:
        unl = "%6.2f" % (100 - err_head * 100.0 / tot)
        lab = "%6.2f" % (100 - err_any * 100.0 / tot)
    else:
        unl = lab = "   NaN"  # perl's %6.2f of the string 'NaN' prints NaN right-aligned
    return "  %4d %4d    0  %s %s  %4d    %4d        %4d    0 0 0 0\n" % (
        number, word_num, unl, lab, tot - err_head, tot - err_any, tot)


class Options:
    def __init__(self, score_punct: bool = False, skip_deriv: bool = False, variant: str = "conllx",
                 hash_order: str = "perl"):
        self.score_punct = score_punct
        self.skip_deriv = skip_deriv
        self.variant = variant
        self.hash_order = hash_order


class EvalPl:
    """Counts of eval.pl's first pass (`add` per sentence, or `from_tallies` of the compiled
    one) and its second pass (`local_contexts_py`); `EvalPlReport` prints them."""

    # key -> count tables set in `__init__` (several per line there)
    pos_err_head: dict[str, int]
    pos_err_dep: dict[str, int]
    pos_err_any: dict[str, int]
    pos_err_both: dict[str, int]
    dep_g: dict[str, int]
    dep_s: dict[str, int]
    dep_corr: dict[str, int]
    all_dep: set[str]
    dir_g: dict[str, int]
    dir_s: dict[str, int]
    dir2: dict[str, int]
    dist_g: dict[str, int]
    dist_s: dict[str, int]
    dist2: dict[str, int]
    word_err_head: dict[str, int]
    word_err_dep: dict[str, int]

    def __init__(self, options: Options):
        self.o = options
        H: Callable[[], dict[str, Any]] = PerlHash if options.hash_order == "perl" else dict
        self.H = H
        self.tot = self.err_any = self.err_head = self.err_dep = self.err_both = 0
        self.punct = self.deriv = 0
        self.max_pos_len = len("CPOS")
        self.pos: dict[str, int] = H()                    # pos -> tot (keys in Perl order)
        self.pos_err_head, self.pos_err_dep, self.pos_err_any, self.pos_err_both = {}, {}, {}, {}
        self.dep_g, self.dep_s, self.dep_corr, self.all_dep = {}, {}, {}, set()
        self.err_head_corr_dep: dict[str, int] = {}
        self.dir_g, self.dir_s, self.dir2 = {}, {}, {}
        self.dist_g, self.dist_s, self.dist2 = {}, {}, {}
        self.frame2: dict[str, int] = H()
        self.word_err_any: dict[str, int] = H()
        self.word_err_head, self.word_err_dep = {}, {}
        self.con: dict[str, dict[str, int]] = {k: H() for k in ("con_bef", "con_bef_2", "con_aft", "con_aft_2",
                                     "con_pos_bef", "con_pos_bef_2", "con_pos_aft", "con_pos_aft_2")}
        self.con_head: dict[str, dict[str, int]] = {k: {} for k in self.con}
        self.con_dep: dict[str, dict[str, int]] = {k: {} for k in self.con}
        self.freq_err: dict[str, int] = H()
        # for "word", "head", "dep": the first sentence with the most such errors, as
        # (count, number, first line, (head, dep, word) errors)
        self.best: list[tuple[int, int, int, tuple[int, int, int]]] = [(-1, 1, 0, (0, 0, 0))] * 3
        self.sent_num = 0
        self.rows: list[str] = []

    @classmethod
    def from_tallies(cls, options: Options, t: dict[str, Any]) -> EvalPl:
        """The counts of the compiled first pass (`merge_tallies` of `EvalCounter.tallies`),
        keys decoded, Perl hashes filled in first-seen order (the order they would have had
        when filled while counting: an update never moves a key)."""
        ev = cls(options)
        for attr in ("tot", "err_any", "err_head", "err_dep", "err_both", "punct", "deriv",
                     "max_pos_len"):
            setattr(ev, attr, t[attr])
        for key, (tot, eh, ed, ea, eb) in t["pos"].items():
            k = _dec(key)
            ev.pos[k] = tot
            for table, v in ((ev.pos_err_head, eh), (ev.pos_err_dep, ed), (ev.pos_err_any, ea),
                             (ev.pos_err_both, eb)):
                if v:
                    table[k] = v
        for key, (g, sy, corr, head_err) in t["dep"].items():
            k = _dec(key)
            ev.all_dep.add(k)
            for table, v in ((ev.dep_g, g), (ev.dep_s, sy), (ev.dep_corr, corr),
                             (ev.err_head_corr_dep, head_err)):
                if v:                   # a key is in eval.pl's hash once counted
                    table[k] = v
        for (gold, system, both), names in ((t["dir"], ("to_root", "left", "right", "self")),
                                            (t["dist"], ("to_root", "1", "2", "3-6", "7-..."))):
            tables = (ev.dir_g, ev.dir_s, ev.dir2) if len(names) == 4 else (ev.dist_g, ev.dist_s, ev.dist2)
            for table, values in zip(tables, (gold, system, both)):
                for name, v in zip(names, values):
                    if v:
                        table[name] = v
        for key, (c,) in t["frame"].items():
            ev.frame2[_dec(key)] = c
        for key, (ea, eh, ed) in t["wp"].items():
            k = _dec(key)
            ev.word_err_any[k] = ea
            if eh:
                ev.word_err_head[k] = eh
            if ed:
                ev.word_err_dep[k] = ed
        for kind, table in t["con"].items():
            tot_t, head_t, dep_t = ev.con[kind], ev.con_head[kind], ev.con_dep[kind]
            for key, (c, h, d) in table.items():
                k = _dec(key)
                tot_t[k], head_t[k], dep_t[k] = c, h, d
        for key, (c,) in t["freq"].items():
            ev.freq_err[_dec(key)] = c
        head, dep, word = t["best"]          # the kernel keeps them as head, dep, word
        ev.best = [(v, number, line, tuple(es)) for v, number, line, es in (word, head, dep)]
        ev.sent_num = t["last"]
        ev.rows = [t["rows"].decode("ascii")] if t["rows"] else []
        return ev

    # -- first pass ---------------------------------------------------------------------------
    def add(self, sent: EvalSentence) -> None:
        self.sent_num = sent.number
        es: dict[str, int] = {}
        n = len(sent.gold)
        s_tot = s_any = s_head = 0
        frames_g = ["** "] + [""] * n
        frames_s = ["** "] + [""] * n
        codes = judge([(w, h, d) for w, _, h, d in sent.gold], [(h, d) for _, _, h, d in sent.system],
                      self.o.score_punct, self.o.skip_deriv)
        for i, (word, pos, head_g, dep_g) in enumerate(sent.gold):
            code = codes[i]
            if code == PUNCT:
                self.punct += 1
                continue
            if code == DERIV:
                self.deriv += 1
                continue
            if blen(pos) > self.max_pos_len:
                self.max_pos_len = blen(pos)
            _, _, head_s, dep_s = sent.system[i]
            self.tot += 1
            self.pos[pos] = self.pos.get(pos, 0) + 1
            hg, hs = num(head_g), num(head_s)
            _frame_add(frames_g, hg, f"{dep_g} ")
            _frame_add(frames_s, hs, f"{dep_s} ")
            frames_g[i + 1] += f"*{dep_g}* "
            frames_s[i + 1] += f"*{dep_g}* "
            self.dep_g[dep_g] = self.dep_g.get(dep_g, 0) + 1
            if dep_g == dep_s:
                self.dep_corr[dep_g] = self.dep_corr.get(dep_g, 0) + 1
            self.dep_s[dep_s] = self.dep_s.get(dep_s, 0) + 1
            self.all_dep.add(dep_g)
            self.all_dep.add(dep_s)
            dir_g, dir_s = _direction(hg, i), _direction(hs, i)
            self.dir_g[dir_g] = self.dir_g.get(dir_g, 0) + 1
            self.dir_s[dir_s] = self.dir_s.get(dir_s, 0) + 1
            if dir_g == dir_s:
                self.dir2[dir_g] = self.dir2.get(dir_g, 0) + 1
            dist_g, dist_s = _distance(hg, i), _distance(hs, i)
            self.dist_g[dist_g] = self.dist_g.get(dist_g, 0) + 1
            self.dist_s[dist_s] = self.dist_s.get(dist_s, 0) + 1
            if dist_g == dist_s:
                self.dist2[dist_g] = self.dist2.get(dist_g, 0) + 1
            err_head = code in (WRONG_HEAD, WRONG_BOTH)
            err_dep = code in (WRONG_LABEL, WRONG_BOTH)
            s_tot += 1
            if err_head or err_dep:
                s_any += 1
            if err_head:
                s_head += 1
            err = _error_key(head_g, head_s, dep_g, dep_s, i)
            wp = f"{word} / {pos}"
            if err_head:
                es["head"] = es.get("head", 0) + 1
                self.err_head += 1
                self.word_err_head[wp] = self.word_err_head.get(wp, 0) + 1
                self.pos_err_head[pos] = self.pos_err_head.get(pos, 0) + 1
            if err_dep:
                es["dep"] = es.get("dep", 0) + 1
                self.err_dep += 1
                self.word_err_dep[wp] = self.word_err_dep.get(wp, 0) + 1
                self.pos_err_dep[pos] = self.pos_err_dep.get(pos, 0) + 1
                if err_head:
                    self.err_both += 1
                    self.pos_err_both[pos] = self.pos_err_both.get(pos, 0) + 1
            if not err_dep and err_head:
                self.err_head_corr_dep[dep_s] = self.err_head_corr_dep.get(dep_s, 0) + 1
            if not (err_head or err_dep):
                continue
            es["word"] = es.get("word", 0) + 1
            self.err_any += 1
            self.word_err_any[wp] = self.word_err_any.get(wp, 0) + 1
            self.pos_err_any[pos] = self.pos_err_any.get(pos, 0) + 1
            w_2, w_1, w1, w2, p_2, p_1, p1, p2 = _context(sent.gold, i)
            wp_2 = w_2 if w_2 == START else f"{w_2} / {p_2}"
            wp_1 = w_1 if w_1 == START else f"{w_1} / {p_1}"
            wp1 = w1 if w1 == END else f"{w1} / {p1}"
            wp2 = w2 if w2 == END else f"{w2} / {p2}"
            eh, ed = int(err_head), int(err_dep)
            if w_1 != START:
                self._con("con_bef_2", f"{wp_2} + {wp_1}", eh, ed)
                self._con("con_bef", wp_1, eh, ed)
            if w1 != END:
                self._con("con_aft_2", f"{wp1} + {wp2}", eh, ed)
                self._con("con_aft", wp1, eh, ed)
            self._con("con_pos_bef_2", f"{p_2}+{p_1}", eh, ed)
            self._con("con_pos_bef", p_1, eh, ed)
            self._con("con_pos_aft_2", f"{p1}+{p2}", eh, ed)
            self._con("con_pos_aft", p1, eh, ed)
            self.freq_err[err] = self.freq_err.get(err, 0) + 1
        for k in range(n + 1):
            if frames_g[k] != frames_s[k]:
                key = f"{frames_g[k]}/ {frames_s[k]}"
                self.frame2[key] = self.frame2.get(key, 0) + 1
        errors = (es.get("head", 0), es.get("dep", 0), es.get("word", 0))
        for slot, v in enumerate((errors[2], errors[0], errors[1])):
            if v > self.best[slot][0]:
                self.best[slot] = (v, sent.number, sent.start_line, errors)
        if n > 0:
            self.rows.append(b_row(sent.number, n, s_tot, s_head, s_any))

    def _con(self, kind: str, key: str, eh: int, ed: int) -> None:
        tot = self.con[kind]
        tot[key] = tot.get(key, 0) + 1
        self.con_head[kind][key] = self.con_head[kind].get(key, 0) + eh
        self.con_dep[kind][key] = self.con_dep[kind].get(key, 0) + ed

    def local_contexts_py(self, sentences: Iterable[EvalSentence], frequent: set[str]
                          ) -> dict[str, dict[str, int]]:
        """eval.pl's second pass: the local contexts of the errors of the `frequent` kinds."""
        plain: dict[str, dict[str, int]] = {}
        for sent in sentences:
            codes = judge([(w, h, d) for w, _, h, d in sent.gold], [(h, d) for _, _, h, d in sent.system],
                          self.o.score_punct, self.o.skip_deriv)
            for i, (word, pos, head_g, dep_g) in enumerate(sent.gold):
                if codes[i] <= MATCH:          # not scored, or right
                    continue
                _, _, head_s, dep_s = sent.system[i]
                err = _error_key(head_g, head_s, dep_g, dep_s, i)
                if err not in frequent:
                    continue
                w_2, w_1, w1, w2, p_2, p_1, p1, p2 = _context(sent.gold, i)
                cur = (p_1, w_1, word, pos, p1, w1)
                table = plain.get(err)
                if table is None:
                    table = plain[err] = {}
                get = table.get
                for fmt in _MASK_FORMATS:
                    key = fmt(*cur)
                    table[key] = get(key, 0) + 1
        return plain


class EvalPlReport:
    """eval.pl's printing, on the counts of `EvalPl`: printing only.  It never changes a
    count (what eval.pl deletes from its hashes while printing is filtered into local
    tables here), so printing twice gives the same bytes."""

    def __init__(self, counts: EvalPl):
        self.counts = counts
        self.o = counts.o
        self.H = counts.H

    def quiet(self) -> str:
        ev = self.counts
        return summary_lines(ev.tot, ev.err_any, ev.err_head, ev.err_dep)

    def full(self, local_contexts: Callable[[set[str]], dict[str, dict[str, int]]],
             gold_name: str, system_name: str, total_sentences: int) -> str:
        """The report after the three summary lines; `local_contexts` is the second pass
        (`local_contexts_py`, or the compiled one): for each of the given error kinds, the
        counts of its 64 local contexts, error kinds and contexts in first-seen order."""
        ev = self.counts
        out: list[str] = [self.quiet()]
        w = out.append
        tot = ev.tot
        w("\n  %s\n\n" % ("=" * 80))
        w("  Evaluation of the results in %s\n  vs. gold standard %s:\n\n" % (system_name, gold_name))
        w("  Legend: '%s' - the beginning of a sentence, '%s' - the end of a sentence\n\n" % (START, END))
        w("  Number of non-scoring tokens: %d\n\n" % (ev.punct + ev.deriv))
        rule = "  -----------+-------+-------+------+-------+------+-------+-------\n"
        w("  The overall accuracy and its distribution over CPOSTAGs\n\n")
        w(rule)
        w("  %-10s | %-5s | %-5s |   %%  | %-5s |   %%  | %-5s |   %%\n" % ("Accuracy", "words", "right", "right", "both"))
        w("  %-10s | %-5s | %-5s |      | %-5s |      | %-5s |\n" % (" ", " ", "head", " dep", "right"))
        w(rule)
        row = "  %s | %5d | %5d | %3.0f%% | %5d | %3.0f%% | %5d | %3.0f%%\n"
        w(row % (lpad("total", 10), tot, tot - ev.err_head, 100 - ev.err_head * 100.0 / tot,
                 tot - ev.err_dep, 100 - ev.err_dep * 100.0 / tot,
                 tot - ev.err_any, 100 - ev.err_any * 100.0 / tot))
        w(rule)
        pos_order = stable_desc(ev.pos.keys(), lambda p: ev.pos[p])
        for p in pos_order:
            pt = ev.pos[p]
            eh, ed, ea = ev.pos_err_head.get(p, 0), ev.pos_err_dep.get(p, 0), ev.pos_err_any.get(p, 0)
            w(row % (lpad(p, 10), pt, pt - eh, 100 - eh * 100.0 / pt, pt - ed, 100 - ed * 100.0 / pt,
                     pt - ea, 100 - ea * 100.0 / pt))
        w(rule)
        w("\n\n")
        w("  The overall error rate and its distribution over CPOSTAGs\n\n")
        w(rule)
        w("  %-10s | %-5s | %-5s |   %%  | %-5s |   %%  | %-5s |   %%\n" % ("Error", "words", "head", " dep", "both"))
        w("  %-10s | %-5s | %-5s |      | %-5s |      | %-5s |\n" % ("Rate", " ", "err", " err", "wrong"))
        w(rule)
        w(row % (lpad("total", 10), tot, ev.err_head, ev.err_head * 100.0 / tot,
                 ev.err_dep, ev.err_dep * 100.0 / tot, ev.err_both, ev.err_both * 100.0 / tot))
        w(rule)
        pos_order = stable_desc(ev.pos.keys(), lambda p: ev.pos[p])
        for p in pos_order:
            pt = ev.pos[p]
            eh, ed, eb = ev.pos_err_head.get(p, 0), ev.pos_err_dep.get(p, 0), ev.pos_err_both.get(p, 0)
            w(row % (lpad(p, 10), pt, eh, eh * 100.0 / pt, ed, ed * 100.0 / pt, eb, eb * 100.0 / pt))
        w(rule)
        self._pr_tables(w)
        w("\n\n")
        w("  Frame confusions (gold versus system; *...* marks the head token)\n\n")
        for frame in stable_desc(ev.frame2.keys(), lambda f: ev.frame2[f]):
            if ev.frame2[frame] >= 5:
                w("  %3d  %s\n" % (ev.frame2[frame], frame))
        self._focus_and_contexts(w)
        self._sentences(w, total_sentences)
        self._specific_errors(w, local_contexts)
        return "".join(out)

    def _pr_tables(self, w: Callable[[str], None]) -> None:
        ev = self.counts
        rule = "  ----------------+------+---------+--------+------------+---------------\n"

        def table(title: str, head: str, keys: Iterable[str], gold: dict[str, int],
                  system: dict[str, int], correct: Callable[[str], int]) -> None:
            w("\n\n")
            w(f"  {title}\n\n")
            w(rule)
            w("  %-15s | gold | correct | system | recall (%%) | precision (%%) \n" % head)
            w(rule)
            for k in keys:
                corr, tg, ts, prec, rec = correct(k), 0, 0, "NaN", "NaN"
                if k in gold:
                    tg = gold[k]
                    rec = "%.2f" % (corr / tg * 100)
                if k in system:
                    ts = system[k]
                    prec = "%.2f" % (corr / ts * 100)
                w("  %s | %4d | %7d | %6d | %10s | %13s\n" % (lpad(k, 15), tg, corr, ts, rec, prec))

        deps = sorted(ev.all_dep, key=lambda d: d.encode("utf-8", "surrogateescape"))
        table("Precision and recall of DEPREL", "deprel", deps, ev.dep_g, ev.dep_s,
              lambda d: ev.dep_corr.get(d, 0))
        table("Precision and recall of DEPREL + ATTACHMENT", "deprel", deps, ev.dep_g, ev.dep_s,
              lambda d: ev.dep_corr.get(d, 0) - ev.err_head_corr_dep.get(d, 0) if d in ev.dep_corr else 0)
        table("Precision and recall of binned HEAD direction", "direction",
              ("to_root", "left", "right", "self"), ev.dir_g, ev.dir_s, lambda d: ev.dir2.get(d, 0))
        table("Precision and recall of binned HEAD distance", "distance",
              ("to_root", "1", "2", "3-6", "7-..."), ev.dist_g, ev.dist_s, lambda d: ev.dist2.get(d, 0))

    def _focus_and_contexts(self, w: Callable[[str], None]) -> None:
        ev = self.counts
        # eval.pl deletes from its hashes here; the report keeps what is left in local
        # tables instead (a Perl hash's order after deletes is its order filtered)
        thresh = nth_desc(ev.word_err_any.values(), 4)
        wea = {word: n for word, n in ev.word_err_any.items() if n >= thresh}
        max_word_len = max([len("word")] + [uni_len(word) for word in wea])
        con = ev.con
        # eval.pl drops a one-token context when its two-token extension explains all but
        # at most one of its errors; (one-token table, limit of the split, part kept)
        dropped: dict[str, set[str]] = {}
        for single, limit, part in (("con_aft", 2, 0), ("con_bef", 3, 1),
                                    ("con_pos_aft", 2, 0), ("con_pos_bef", 3, 1)):
            double, table = con[single + "_2"], con[single]
            gone = dropped[single] = set()
            for c in double.keys():
                parts = perl_split(r"\+", c, limit)
                key = parts[part] if len(parts) > part else None
                if key is not None and key in table and table[key] - double[c] <= 1:
                    gone.add(key)
        shown: dict[str, dict[str, int]] = {}
        for kind in con:
            gone = dropped.get(kind, set())
            left = [(c, n) for c, n in con[kind].items() if c not in gone]
            thresh = nth_desc((n for _, n in left), CON_ERR_NUM - 1)
            shown[kind] = {c: n for c, n in left if n >= thresh}
        max_con_len = max([0] + [uni_len(c) for kind in ("con_bef_2", "con_bef", "con_aft", "con_aft_2")
                                 for c in shown[kind]])
        max_con_pos_len = max([0] + [blen(c) for kind in ("con_pos_bef_2", "con_pos_bef", "con_pos_aft",
                                                         "con_pos_aft_2") for c in shown[kind]])
        w("\n\n")
        w("  %d focus words where most of the errors occur:\n\n" % len(wea))
        w("  %s | %-4s | %-4s | %-4s | %-4s\n" % (lpad(" ", max_word_len), "any", "head", "dep", "both"))
        w("  %s-+------+------+------+------\n" % ("-" * max_word_len))
        for word in stable_desc(wea.keys(), lambda k: wea[k]):
            eh, ed, ea = ev.word_err_head.get(word, 0), ev.word_err_dep.get(word, 0), wea[word]
            w("  %s | %4d | %4d | %4d | %4d\n" % (upad(word, max_word_len), ea, eh, ed, ed + eh - ea))
        w("  %s-+------+------+------+------\n" % ("-" * max_word_len))
        w("\n\n")
        for title, kw, kp in (("one-token preceeding", "con_bef", "con_pos_bef"),
                              ("two-token preceeding", "con_bef_2", "con_pos_bef_2"),
                              ("one-token following", "con_aft", "con_pos_aft"),
                              ("two-token following", "con_aft_2", "con_pos_aft_2")):
            w(f"  {title} contexts where most of the errors occur:\n\n")
            self._print_context(w, shown, kw, kp, max_con_len, max_con_pos_len)

    def _print_context(self, w: Callable[[str], None], shown: dict[str, dict[str, int]], kw: str, kp: str,
                       max_con_len: int, max_con_pos_len: int) -> None:
        ev = self.counts
        tw, tp = shown[kw], shown[kp]
        w("  %s | %-4s | %-4s | %-4s | %-4s" % (lpad("CPOS", max_con_pos_len), "any", "head", "dep", "both"))
        w("  ||")
        w("  %s | %-4s | %-4s | %-4s | %-4s" % (lpad("word", max_con_len), "any", "head", "dep", "both"))
        w("\n")
        line = "  %s-+------+------+------+-----" % ("-" * max_con_pos_len) + "--++" + \
               "--%s-+------+------+------+-----" % ("-" * max_con_len) + "\n"
        w(line)
        v_con = stable_desc(tw.keys(), lambda k: tw[k])
        v_pos = stable_desc(tp.keys(), lambda k: tp[k])
        for i in range(max(len(v_con), len(v_pos))):
            if i < len(v_pos):
                c = v_pos[i]
                t, h, d = tp[c], ev.con_head[kp][c], ev.con_dep[kp][c]
                w("  %s | %4d | %4d | %4d | %4d" % (lpad(c, max_con_pos_len), t, h, d, d + h - t))
            else:
                w("  %s | %4s | %4s | %4s | %4s" % (lpad(" ", max_con_pos_len), " ", " ", " ", " "))
            w("  ||")
            if i < len(v_con):
                c = v_con[i]
                t, h, d = tw[c], ev.con_head[kw][c], ev.con_dep[kw][c]
                w("  %s | %4d | %4d | %4d | %4d" % (upad(c, max_con_len), t, h, d, d + h - t))
            else:
                w("  %s | %4s | %4s | %4s | %4s" % (lpad(" ", max_con_len), " ", " ", " ", " "))
            w("\n")
        w(line)
        w("\n\n")

    def _sentences(self, w: Callable[[str], None], total: int) -> None:
        ev = self.counts
        for slot, what in enumerate(("word", "head", "dependency")):
            if what != "word":
                w("\n\n")
            w(f"  Sentence with the highest number of {what} errors:\n")
            _, best, line, (head, dep, word) = ev.best[slot]
            w("   Sentence %d line %d, " % (best, line))
            w("%d head errors, %d dependency errors, %d word errors\n" % (head, dep, word))

    def _specific_errors(self, w: Callable[[str], None],
                         local_contexts: Callable[[set[str]], dict[str, dict[str, int]]]) -> None:
        ev = self.counts
        H = self.H
        thresh = nth_desc(ev.freq_err.values(), FREQ_ERR_NUM - 1)
        freq_err = {err: n for err, n in ev.freq_err.items() if n >= thresh}
        freq_err_num = len(freq_err)
        err_counts: dict[str, dict[str, int]] = H()
        cur: list[str]      # a local context's fields
        # the second pass counts in plain dicts (insertion order = first sighting); the Perl
        # hashes are filled afterwards in that same order, which gives them the same bucket
        # chains as inserting while counting (an update never moves a key)
        plain = local_contexts(set(freq_err.keys()))
        for err in list(plain):
            counts = plain.pop(err)          # (each table freed once copied: they can be big)
            table = err_counts[err] = H()
            table.update(counts)
            del counts
        w("\n\n")
        w("  Specific errors, %d most frequent errors:" % freq_err_num)
        w("\n  %s\n" % ("=" * 41))
        sep_re = re.escape(SEP)
        # deleting local contexts which are too general
        for err in list(err_counts.keys()):
            table = err_counts[err]
            for loc_con in stable_desc(list(table.keys()), lambda k: table[k] if k in table else 0):
                cur = perl_split(sep_re, loc_con)
                for i in range(len(cur)):
                    w1 = cur[i]
                    if cur[i] == "*":
                        continue
                    cur[i] = "*"
                    con1 = SEP.join(cur)
                    if con1 in table and loc_con in table and table[con1] == table[loc_con]:
                        del table[con1]
                    for j in range(i + 1, len(cur)):
                        if cur[j] == "*":
                            continue
                        w2 = cur[j]
                        cur[j] = "*"
                        con1 = SEP.join(cur)
                        if con1 in table and loc_con in table and table[con1] == table[loc_con]:
                            del table[con1]
                        cur[j] = w2
                    cur[i] = w1
        all_wild = SEP.join(["*"] * 6)
        loc_con_err_counts: dict[str, dict[str, int]] = H()
        for err in list(err_counts.keys()):
            table = err_counts[err]
            values = sorted(table.values(), reverse=True)
            thresh = values[SPEC_ERR_LOC_CON - 1] if len(values) >= SPEC_ERR_LOC_CON else 0
            if thresh < 5:
                thresh = values[1] if len(values) > 1 else 0
            for loc_con in list(table.keys()):
                if table[loc_con] < thresh:
                    del table[loc_con]
                elif loc_con != all_wild:
                    inner = loc_con_err_counts.get(loc_con)
                    if inner is None:
                        inner = loc_con_err_counts[loc_con] = H()
                    inner[err] = table[loc_con]
        max_word_spec_len = max_con_aft_len = max_con_bef_len = len("word")
        max_con_pos_len = len("CPOS")
        for err in err_counts.keys():
            for loc_con in err_counts[err].keys():
                parts = perl_split(sep_re, loc_con) + [""] * 6
                cpb, cb, word, pos, cpa, ca = parts[:6]
                max_word_spec_len = max(max_word_spec_len, uni_len(word))
                max_con_bef_len = max(max_con_bef_len, uni_len(cb))
                max_con_aft_len = max(max_con_aft_len, uni_len(ca))
                max_con_pos_len = max(max_con_pos_len, blen(cpa), blen(cpb))
        mpl = ev.max_pos_len
        dashes = "  %s-+-%s-+-%s-+-%s-+-%s-+-%s-" % ("-" * max_con_pos_len, "-" * max_con_bef_len, "-" * mpl,
                                                 "-" * max_word_spec_len, "-" * max_con_pos_len, "-" * max_con_aft_len)
        err_desc = {}
        for counter, err in enumerate(stable_desc(freq_err.keys(), lambda k: freq_err[k]), start=1):
            head_err, head_aft_bef, dep_err = (perl_split(sep_re, err) + ["", "", ""])[:3]
            err_desc[err] = "%2d. " % counter + describe_err(head_err, head_aft_bef, dep_err)
            w("\n")
            w("  %s : %d times\n" % (err_desc[err], freq_err[err]))
            w(dashes + "+------\n")
            w("  %s | %s | %s | %s\n" % (lpad("  Before", max_con_pos_len + max_con_bef_len + 3),
                                         lpad("   Focus", max_word_spec_len + mpl + 3),
                                         lpad("  After", max_con_pos_len + max_con_aft_len + 3), "Count"))
            w("  %s   %s | %s   %s | %s   %s |\n" % (lpad("CPOS", max_con_pos_len), lpad("word", max_con_bef_len),
                                                   lpad("CPOS", mpl), lpad("word", max_word_spec_len),
                                                   lpad("CPOS", max_con_pos_len), lpad("word", max_con_aft_len)))
            w(dashes + "+------\n")
            table = err_counts.get(err) or {}
            for loc_con in stable_desc(table.keys(), lambda k: table[k]):
                if loc_con == all_wild:
                    continue
                cpb, cb, word, pos, cpa, ca = (perl_split(sep_re, loc_con.replace("*", " ")) + [""] * 6)[:6]
                w("  %s | %s | %s | %s | %s | %s | %3d\n" % (
                    lpad(cpb, max_con_pos_len), upad(cb, max_con_bef_len), lpad(pos, mpl),
                    upad(word, max_word_spec_len), lpad(cpa, max_con_pos_len), upad(ca, max_con_aft_len),
                    table[loc_con]))
            w(dashes + "+------\n")
        w("\n\n")
        w("  Local contexts involved in several frequent errors:")
        w("\n  %s\n" % ("=" * 51))
        w("\n\n")
        for loc_con in stable_desc(loc_con_err_counts.keys(), lambda k: len(loc_con_err_counts[k])):
            inner = loc_con_err_counts[loc_con]
            if len(inner) == 1:
                continue
            w(dashes + "\n")
            w("  %s | %s | %s \n" % (lpad("  Before", max_con_pos_len + max_con_bef_len + 3),
                                     lpad("   Focus", max_word_spec_len + mpl + 3),
                                     lpad("  After", max_con_pos_len + max_con_aft_len + 3)))
            w("  %s   %s | %s   %s | %s   %s \n" % (lpad("CPOS", max_con_pos_len), lpad("word", max_con_bef_len),
                                                  lpad("CPOS", mpl), lpad("word", max_word_spec_len),
                                                  lpad("CPOS", max_con_pos_len), lpad("word", max_con_aft_len)))
            w(dashes + "\n")
            cpb, cb, word, pos, cpa, ca = (perl_split(sep_re, loc_con.replace("*", " ")) + [""] * 6)[:6]
            w("  %s | %s | %s | %s | %s | %s \n" % (
                lpad(cpb, max_con_pos_len), upad(cb, max_con_bef_len), lpad(pos, mpl),
                upad(word, max_word_spec_len), lpad(cpa, max_con_pos_len), upad(ca, max_con_aft_len)))
            w(dashes + "\n")
            for err in stable_desc(inner.keys(), lambda k: inner[k]):
                w("  %s : %d times\n" % (err_desc.get(err, ""), inner[err]))
            w("\n")


def _frame_add(frames: list[str], head: float | int, text: str) -> None:
    """``$frames[$head] .= $text``: Perl indexes from the end for a negative head and grows
    the array for a head past the sentence, but frames past the sentence are never compared,
    so those are dropped here (a HEAD of 10**9 must not allocate a billion frames)."""
    if not -len(frames) <= head < len(frames):   # also Inf and NaN (a HEAD of 5,000 digits)
        return
    idx = int(head)
    if idx < 0:
        idx += len(frames)
        if idx < 0:
            return
    if idx < len(frames):
        frames[idx] += text


def _direction(head: float | int, i: int) -> str:
    if head == 0:
        return "to_root"
    if head < i + 1:
        return "left"
    if head > i + 1:
        return "right"
    return "self"


def _distance(head: float | int, i: int) -> str:
    if head == 0:
        return "to_root"
    d = abs(head - (i + 1))
    if d <= 1:
        return "1"
    if d <= 2:
        return "2"
    if d <= 6:
        return "3-6"
    return "7-..."


# eval.pl's 64 local contexts of an error, masks 1..63 then 0: bit b keeps field b of
# (pos before, word before, word, pos, pos after, word after), "*" stands for the others
_MASK_FORMATS = [SEP.join("{%d}" % b if mask >> b & 1 else "*" for b in range(6)).format
                 for mask in list(range(1, 64)) + [0]]


def _aft_bef(head: str, i: int) -> str:
    if head == "0":
        return "0"
    if head == str(i + 1):
        return "e"
    return "b" if num(head) <= i + 1 else "a"


def _error_key(head_g: str, head_s: str, dep_g: str, dep_s: str, i: int) -> str:
    """eval.pl's ``$head_err.$sep.$head_aft_bef.$sep.$dep_err`` for an erroneous token."""
    a_g, a_s = _aft_bef(head_g, i), _aft_bef(head_s, i)
    head_err = "-"
    if head_g != head_s:
        head_err = "0" if a_s == "0" else pstr(num(head_s) - num(head_g))
    dep_err = "-" if dep_g == dep_s else f"{dep_g}->{dep_s}"
    return f"{head_err}{SEP}{a_g}{a_s}{SEP}{dep_err}"


def _context(sent: Sequence[tuple[str, str, str, str]], i: int
             ) -> tuple[str, str, str, str, str, str, str, str]:
    n = len(sent)
    w_2, p_2 = (sent[i - 2][0], sent[i - 2][1]) if i >= 2 else (START, START)
    w_1, p_1 = (sent[i - 1][0], sent[i - 1][1]) if i >= 1 else (START, START)
    w1, p1 = (sent[i + 1][0], sent[i + 1][1]) if i <= n - 2 else (END, END)
    w2, p2 = (sent[i + 2][0], sent[i + 2][1]) if i <= n - 3 else (END, END)
    return w_2, w_1, w1, w2, p_2, p_1, p1, p2


def _num_as_word(n: float | int) -> str:
    n = abs(n)
    return cast("dict[float, str]", {1: "one word", 2: "two words", 3: "three words", 4: "four words"}).get(n, pstr(n) + " words")


_WHERE = {"0": "0", "e": "the focus word", "a": "after the focus word", "b": "before the focus word"}


def describe_err(head_err: str, head_aft_bef: str, dep_err: str) -> str:
    """eval.pl's ``describe_err`` (including its quirks: ``instead of0``)."""
    g = head_aft_bef[0] if head_aft_bef else ""
    s = head_aft_bef[1] if len(head_aft_bef) > 1 else ""
    if head_err == "-":
        desc = "correct head"
        if s in _WHERE:
            desc += f" ({_WHERE[s]})"
    elif s == "0":
        desc = "head = 0 instead of " + ("after " if g == "a" else "") + ("before " if g == "b" else "") \
            + "the focus word"
    elif g == "0":
        desc = "head is the focus word instead of 0"
    else:
        h = num(head_err)
        desc = "head " + _num_as_word(h) + (" before" if h < 0 else " after") + " the correct head "
        if s in _WHERE:
            desc += "(" + _WHERE[s]
        if g != s:
            desc += " instead of"
            if s in _WHERE:
                desc += _WHERE[s]
        desc += ")"
    desc += ", "
    if dep_err == "-":
        desc += "correct dependency"
    else:
        m = re.match(r"^(.*)->(.*)$", dep_err)
        dg, ds = (m.group(1), m.group(2)) if m else ("", "")
        desc += 'dependency "%s" instead of "%s"' % (ds, dg)
    return desc


# -- one run, as the script ----------------------------------------------------------------------
@dataclass
class RunOutput:
    stdout: str
    stderr: str
    status: int


def run(gold_text: str, sys_text: str, gold_name: str, system_name: str, *, variant: str = "conllx",
        quiet: bool = False, evalb: bool = False, score_punct: bool = False, skip_deriv: bool = False,
        hash_order: str = "perl") -> RunOutput:
    """What ``eval.pl -g GOLD -s SYSTEM [-q] [-b] [-p]`` (or eval07.pl) prints, and its exit status.

    `score_punct` is the effective setting (eval07.pl's ``-p`` means ``score_punct=False``).
    """
    if quiet:
        return quick_run(gold_text, sys_text, system_name, variant=variant, evalb=evalb,
                         score_punct=score_punct, skip_deriv=skip_deriv)
    check = lockstep_check(gold_text, sys_text, variant, system_name)
    stderr = word_pos_warning(gold_text, sys_text) if variant == "conll07" else ""
    stderr += "".join(check.warnings)
    last = 0
    if not check.ok:
        sentences: Any = read_sentences(gold_text, sys_text)[:check.complete_sentences]
        tot, err_any, err_head, err_dep, rows = quick_counts(sentences, score_punct, skip_deriv, evalb)
        ev = None
    else:
        sentences = LazySentences(gold_text, sys_text)    # streamed: two passes, flat memory
        ev = EvalPl(Options(score_punct, skip_deriv, variant, hash_order))
        for sent in sentences:
            ev.add(sent)
            last = sent.number
        tot, rows = ev.tot, ev.rows
    out = [B_HEADER + "".join(rows)] if evalb else []
    if not check.ok:
        return RunOutput("".join(out), stderr + check.stderr, 1)
    if evalb:
        out.append("\n\n")
    if tot == 0:
        # eval.pl dies here ("Illegal division by zero"); say why instead of a Perl line number
        return RunOutput("".join(out), stderr + "no scoring tokens: the attachment scores are undefined "
                         "(eval.pl stops here with 'Illegal division by zero')\n", 1)
    if ev is None:
        out.append(summary_lines(tot, err_any, err_head, err_dep))
        return RunOutput("".join(out), stderr, 0)
    if variant == "conll07":
        stderr += "".join(check.warnings)      # the second reading pass warns again
    out.append(EvalPlReport(ev).full(lambda frequent: ev.local_contexts_py(sentences, frequent),
                       gold_name, system_name, last))
    return RunOutput("".join(out), stderr, 0)



# -- the compiled path ---------------------------------------------------------------------------
def kernel() -> Any:
    """The compiled counting engine (`conllx._kernel`), or None (not built, or
    TCOMPARE_PURE_PYTHON=1)."""
    from tcompare import compiled

    return compiled.conllx_kernel()


def _dec(b: bytes) -> str:
    return b.decode("utf-8", "surrogateescape")


def merge_tallies(parts: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The tallies of consecutive chunks as one: counts added, keys in first-seen order over
    all chunks, the first sentence with the most errors kept on a tie."""
    total: dict[str, Any] = {}
    for t in parts:
        if not total:
            total = dict(t)
            for name in ("pos", "dep", "frame", "wp", "freq"):
                total[name] = {k: list(v) for k, v in t[name]}
            total["con"] = {kind: {k: list(v) for k, v in table} for kind, table in t["con"].items()}
            total["best"] = list(t["best"])
            continue
        for name in ("tot", "err_any", "err_head", "err_dep", "err_both", "punct", "deriv",
                     "sentences"):
            total[name] += t[name]
        total["max_pos_len"] = max(total["max_pos_len"], t["max_pos_len"])
        total["last"] = t["last"]
        total["rows"] += t["rows"]
        for name in ("dir", "dist"):
            total[name] = [[a + b for a, b in zip(x, y)] for x, y in zip(total[name], t[name])]
        tables = [(total[name], t[name]) for name in ("pos", "dep", "frame", "wp", "freq")]
        tables += [(total["con"][kind], t["con"][kind]) for kind in total["con"]]
        for into, rows in tables:
            for key, values in rows:
                have = into.get(key)
                if have is None:
                    into[key] = list(values)
                else:
                    for c, v in enumerate(values):
                        have[c] += v
        for slot, candidate in enumerate(t["best"]):
            if candidate[0] > total["best"][slot][0]:
                total["best"][slot] = candidate
    return total


def run_compiled(gold: bytes, system: bytes, gold_name: str, system_name: str, *,
                 variant: str = "conllx", evalb: bool = False, score_punct: bool = False,
                 skip_deriv: bool = False, hash_order: str = "perl", quiet: bool = False,
                 jobs: int | None = None, texts: list[bytes] | None = None) -> RunOutput | None:
    """`run` by the compiled engine on the UTF-8 bytes of the two texts, in forked workers;
    None when the kernel is not there or the files' line structures differ (then `run` on
    the decoded texts says how, as eval.pl does).

    `texts`, when given, is ``[gold, system]`` in place of the first two arguments, and is
    emptied once the second pass has read them (a caller that keeps no other reference lets
    the report's last, hungriest phase run without the two files in memory); it is left as
    it was when the result is None.
    """
    if texts is not None:
        gold, system = texts
    k = kernel()
    if k is None:
        return None
    ok, _ = k.same_structure(gold, system)
    if not ok:
        return None
    from tcompare.scoring.workers import map_blocks

    stderr = ""
    if variant == "conll07" and k.word_pos_differs(gold, system):
        stderr = word_pos_warning(_dec(gold), _dec(system))
    jobs = jobs or (os.cpu_count() or 1)
    # one chunk per process: more would hold more partial tables in the parent at once
    chunks = k.chunks(gold, system, jobs)

    def counter() -> Any:
        return k.EvalCounter(score_punct, skip_deriv, evalb, is_uni_punct, num, _error_key, quiet)

    def first(chunk: tuple[Any, ...]) -> dict[str, Any]:
        c = counter()
        c.add(gold, system, chunk)
        return cast("dict[str, Any]", c.tallies())

    def second(keys: list[bytes]) -> list[Any]:
        nonlocal gold, system

        def one(chunk: tuple[Any, ...]) -> Any:
            return counter().local_contexts(gold, system, chunk, keys)
        parts = list(map_blocks(one, chunks, jobs))
        if texts is not None:      # read for the last time
            texts.clear()
            gold = system = b""
        return parts

    options = Options(score_punct, skip_deriv, variant, hash_order)
    # (the tallies are the report's to let go of: no reference kept here)
    return _report(merge_tallies(map_blocks(first, chunks, jobs)), second, options, evalb,
                   quiet, stderr, gold_name, system_name)


def _report(tallies: dict[str, Any], second: Callable[[list[bytes]], Iterable[Any]],
            options: Options, evalb: bool, quiet: bool, stderr: str, gold_name: str,
            system_name: str) -> RunOutput:
    """The report from the compiled engine's first-pass tallies (merged) and its second
    pass: ``second(keys)`` gives the `EvalCounter.local_contexts` parts, in text order, for
    the frequent error kinds ``keys`` (a list, or parts made as they are merged)."""
    ev = EvalPl.from_tallies(options, tallies)
    last = tallies["last"]
    del tallies                  # the report reads `ev` from here on
    out = [B_HEADER + "".join(ev.rows)] if evalb else []
    if evalb:
        out.append("\n\n")
    if ev.tot == 0:
        return RunOutput("".join(out), stderr + "no scoring tokens: the attachment scores are undefined "
                         "(eval.pl stops here with 'Illegal division by zero')\n", 1)
    if quiet:
        out.append(EvalPlReport(ev).quiet())
        return RunOutput("".join(out), stderr, 0)

    def local_contexts(frequent: set[str]) -> dict[str, dict[str, int]]:
        # the parts are two bytes objects per error kind: gather them all (the texts are
        # let go of then), and only then make a str per context
        parts = second(sorted(e.encode("utf-8", "surrogateescape") for e in frequent))
        merged: dict[str, dict[str, int]] = {}
        for part in parts:
            while part:
                err, names, counts = part.pop(0)
                into = merged.setdefault(_dec(err), {})
                values = array.array("q")
                values.frombytes(counts)
                del counts
                get = into.get
                for name, count in zip(_dec(names).split("\n"), values):
                    into[name] = get(name, 0) + count
                del names, values
        return merged

    out.append(EvalPlReport(ev).full(local_contexts, gold_name, system_name, last))
    return RunOutput("".join(out), stderr, 0)


def run_streamed(pieces: Callable[[], Iterable[tuple[bytes, bytes, bool]]], gold_name: str,
                 system_name: str, *, evalb: bool = False, score_punct: bool = False,
                 hash_order: str = "perl", quiet: bool = False) -> RunOutput | None:
    """eval.pl's report (``conllx`` rules) by the compiled engine on texts handed over in
    consecutive pieces, a pair of pieces at a time: `run_compiled` without either text
    whole.  ``pieces()`` is called once per pass (twice for the full report) and gives the
    same pairs each time: gold and system bytes with the same number of lines, each pair
    ending after a blank line but the last (flagged ``final``).  None (nothing printed)
    when the kernel is not there, or (with ``evalb``) a pair's line structures differ:
    `run` says how.  Without ``evalb``, eval.pl only says where the lines stop pairing up
    (nothing on stdout), and so does this."""
    k = kernel()
    if k is None:
        return None

    def counter() -> Any:
        return k.EvalCounter(score_punct, False, evalb, is_uni_punct, num, _error_key, quiet)

    def passes(keys: list[bytes] | None) -> Iterator[Any]:
        """The first pass (``keys`` None: the counter, once every pair is in) or the second
        (the `local_contexts` part of each pair)."""
        c = counter()
        number = line = 1
        for gold, system, final in pieces():
            ok, sentences = k.same_structure(gold, system)
            if not ok:
                raise _Mismatch(gold, system, line)
            chunk = (0, len(gold), 0, len(system), number, line, final)
            if keys is None:
                c.add(gold, system, chunk)
            else:
                yield c.local_contexts(gold, system, chunk, keys)
            number += sentences - 1
            line += gold.count(b"\n")
        if keys is None:
            yield c

    try:
        first = next(passes(None))
    except _Mismatch as mismatch:
        if evalb:
            return None
        gold, system, line = mismatch.args
        check = lockstep_check(_dec(gold), _dec(system), "conllx", system_name, line)
        return None if check.ok else RunOutput("", check.stderr, 1)
    tallies = [first.tallies()]      # (popped into the report: no reference kept here)
    del first

    def second(keys: list[bytes]) -> Iterator[Any]:
        return passes(keys)        # merged as they come: one piece's contexts at a time

    options = Options(score_punct, False, "conllx", hash_order)
    return _report(merge_tallies([tallies.pop()]), second, options, evalb, quiet, "",
                   gold_name, system_name)


class _Mismatch(Exception):
    """Two pieces whose line structures differ (`run_streamed`): (gold, system, the
    number of their first line)."""


# -- the streaming -q / -b path ------------------------------------------------------------------
def _iter_lines(text: str, chunk: int = 1 << 22) -> Iterator[str]:
    """The text's lines without their ``\\n`` (the empty string after a final newline is not a
    line), a few MB at a time so a big file never becomes one list of lines."""
    start, n = 0, len(text)
    while start < n:
        end = text.find("\n", start + chunk)
        end = n if end == -1 else end + 1
        lines = text[start:end].split("\n")
        if end < n or text.endswith("\n"):
            lines.pop()                   # the chunk ends with "\n": drop the empty tail
        yield from lines
        start = end


def quick_run(gold_text: str, sys_text: str, system_name: str, *, variant: str = "conllx",
              evalb: bool = False, score_punct: bool = False, skip_deriv: bool = False) -> RunOutput:
    """``eval.pl -q`` / ``-b -q`` in one streaming pass: the lockstep reader and the counts.

    Gives exactly what `run` gives for ``quiet=True`` without building the sentences.
    """
    from itertools import zip_longest
    from operator import itemgetter

    ws = _PERL_WS
    g_tab = _tab_separated(gold_text)
    s_tab = _tab_separated(sys_text)
    g_total = gold_text.count("\n") + (0 if gold_text.endswith("\n") or not gold_text else 1)
    s_total = sys_text.count("\n") + (0 if sys_text.endswith("\n") or not sys_text else 1)
    prefix = "Fatal: " if variant == "conll07" else ""
    warnings: list[str] = []
    rows: list[str] = []
    tot = err_any = err_head = err_dep = 0
    gold_lines: list[str] = []          # the sentence so far
    sys_lines: list[str] = []
    add_gold, add_sys = gold_lines.append, sys_lines.append
    gold_columns, sys_columns = itemgetter(1, 6, 7), itemgetter(6, 7)     # FORM, HEAD, DEPREL
    number = 1
    line_num = 0

    def shown(line: str, total: int, unterminated: bool) -> str:
        return line if (line_num == total and unterminated) else line + "\n"

    def fields(line: str, tab: bool) -> tuple[str, str, str]:
        cols = line.split("\t") if tab else re.split(r"\s+", line, flags=re.ASCII)
        if not tab:
            while cols and cols[-1] == "":
                cols.pop()
        if len(cols) >= 8:
            return cols[1], cols[6], cols[7]
        cols += [""] * (8 - len(cols))
        return cols[1], cols[6], cols[7]

    def end_sentence() -> None:
        """The sentence's lines read as `judge` takes them, judged, and counted."""
        nonlocal tot, err_any, err_head, err_dep
        if g_tab:
            gold = [gold_columns(c) if len(c := line.split("\t")) >= 8 else fields(line, True)
                    for line in gold_lines]
        else:
            gold = [fields(line, False) for line in gold_lines]
        if s_tab:
            system = [sys_columns(c) if len(c := line.split("\t")) >= 8 else fields(line, True)[1:]
                      for line in sys_lines]
        else:
            system = [fields(line, False)[1:] for line in sys_lines]
        s_tot, s_head, s_dep, s_any = tally(judge(gold, system, score_punct, skip_deriv))
        if evalb and gold:
            rows.append(b_row(number, len(gold), s_tot, s_head, s_any))
        tot += s_tot
        err_any += s_any
        err_head += s_head
        err_dep += s_dep
        gold_lines.clear()
        sys_lines.clear()

    g_unterm = bool(gold_text) and not gold_text.endswith("\n")
    s_unterm = bool(sys_text) and not sys_text.endswith("\n")
    fatal = ""
    for lg, ls in zip_longest(_iter_lines(gold_text), _iter_lines(sys_text)):
        line_num += 1
        if ls is None:
            if variant == "conll07" and not lg.strip(ws):
                warnings.append(f"Warning: ignoring missing blank line at the end of {system_name}.\n")
                continue
            fatal = (f"{prefix}line mismatch, line {line_num}:\n gold: {shown(lg, g_total, g_unterm)}"
                     " sys : past end of file\n")
            break
        if lg is None:
            if variant == "conll07" and not ls.strip(ws):
                warnings.append(f"Warning: ignoring extra blank line at the end of {system_name}.\n")
                continue
            fatal = (f"{prefix}line mismatch, line {line_num}:\n gold: past end of file\n"
                     f" sys : {shown(ls, s_total, s_unterm)}")
            break
        # /^\s+$/ on the line as read ("" is a bare "\n"); isspace() first: no copy for token lines
        g_blank = not lg or (lg.isspace() and not lg.strip(ws))
        s_blank = not ls or (ls.isspace() and not ls.strip(ws))
        if g_blank != s_blank:
            fatal = (f"{prefix}line mismatch, line {line_num}:\n gold: {shown(lg, g_total, g_unterm)}"
                     f" sys : {shown(ls, s_total, s_unterm)}")
            break
        if g_blank:
            end_sentence()
            number += 1
            continue
        add_gold(lg)
        add_sys(ls)
    if not fatal:                          # end of file ends the last sentence
        end_sentence()
    out = [B_HEADER + "".join(rows)] if evalb else []
    stderr = word_pos_warning(gold_text, sys_text) if variant == "conll07" else ""
    stderr += "".join(warnings)
    if fatal:
        return RunOutput("".join(out), stderr + fatal, 1)
    if evalb:
        out.append("\n\n")
    if tot == 0:
        return RunOutput("".join(out), stderr + "no scoring tokens: the attachment scores are undefined "
                         "(eval.pl stops here with 'Illegal division by zero')\n", 1)
    out.append(summary_lines(tot, err_any, err_head, err_dep))
    return RunOutput("".join(out), stderr, 0)


def word_pos_warning(gold_text: str, sys_text: str) -> str:
    """eval07.pl's one warning for the first line whose FORM or CPOSTAG differ ("" if none).

    Lines after the first line-structure mismatch are never reached by the script."""
    g_tab, s_tab = _tab_separated(gold_text), _tab_separated(sys_text)
    for line_num, (lg, ls) in enumerate(zip(_iter_lines(gold_text), _iter_lines(sys_text)), start=1):
        g_blank = not lg or (lg.isspace() and not lg.strip(_PERL_WS))
        s_blank = not ls or (ls.isspace() and not ls.strip(_PERL_WS))
        if g_blank or s_blank:
            if g_blank != s_blank:
                return ""
            continue
        gf = lg.split("\t") if g_tab else perl_split(r"\s+", lg)
        sf = ls.split("\t") if s_tab else perl_split(r"\s+", ls)
        gf, sf = gf + [""] * 4, sf + [""] * 4
        if gf[1] != sf[1] or gf[3] != sf[3]:
            end_g = "" if line_num == _line_count(gold_text) and not gold_text.endswith("\n") else "\n"
            end_s = "" if line_num == _line_count(sys_text) and not sys_text.endswith("\n") else "\n"
            return (f"Warning: ignoring word/pos mismatch, line {line_num}:\n gold: {lg}{end_g}"
                    f" sys : {ls}{end_s}")
    return ""


def _line_count(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)
