"""EVALB's literal port: a pure-Python transcription of the C program ``evalb.c`` (not the
program itself, and not a binding to it), for its debug listing and the SPMRL variant.

`CEvalb` (C EVALB, transcribed) follows ``evalb.c`` line pair by line pair on the raw bytes
(``fgets`` with the program's buffer size, ``read_line``, ``calc_result``,
``individual_result``, ``dsp_info``, ``print_total``), keeping the program's state and
printing where the program prints.  Nothing here runs C.  Two reasons to keep this slow,
literal port apart from `evalb.core` (the Python oracle) and `evalb._kernel` (its compiled
twin), the engines the CLI and the GUI score with:

* ``DEBUG 1`` / ``-d`` and ``DEBUG 2`` / ``-D``: the per-sentence listing (``dsp_info``: the
  terminals and brackets with their result codes) and, with ``-D``, the traces interleaved with
  the rows (``label=..., word=..., wid=...`` per ``(`` followed by a blank, ``1.res=...`` per
  bracket pair tried, ``LABEL`` / ``BRACKET`` / ``EXTRA`` / ``CROSSING`` lines with the bracket's
  text, the QUOTE_LABEL repair's traces).  Its output only makes sense as the program's state.
* ``variant="spmrl"``: Seddah's ``evalb.spmrl`` (SPMRL 2013/2014, with Petrov and McDonald's
  SANCL 2012 changes), whose differences are side effects of that state: terminals are never
  deleted; labels are cut at ``-``, ``=`` and ``#`` (morphological features); ``label_comp``
  cuts both of its arguments in place (POS tags and the stored DELETE_LABEL strings included,
  so ``-NONE-`` becomes ``""`` after its first use); a length mismatch first adds a zero row as a
  *valid* sentence and is only an error when the gold has more than one word (with one word
  the sentence goes on and gets a second row); ``-X`` scores an empty parse as a status-3 (`evalb.report.UNPARSED`) row
  whose gold bracket count is the program's own (odd) count; ``-K n`` reads the first n line
  pairs; ``-L`` / ``-l`` print the one-line summary (all sentences / ``len<=CUTOFF``), where
  ``Prec`` shows the recall and ``Rec`` the precision, as the program prints them; ``-V`` names
  the files in the summary title; ``-c n`` echoes ``cutoff n`` on stderr.

Departures (all where the C program has undefined behaviour): no limits on words, brackets,
label or word length (the program overflows its arrays); popping an empty bracket stack
touches nothing (the program reads ``stack[-1]``).  The ``status`` file ``evalb.spmrl``
writes into the working directory is written only when asked for (``status_path``).
"""

from __future__ import annotations

from typing import BinaryIO, Callable, Iterator

from tcompare.scoring.evalb import report as evalb_rsl
from tcompare.scoring.evalb.prm import EvalbParams
from tcompare.scoring.evalb.report import ERROR, SKIP, UNPARSED, VALID

_SPACE = frozenset(b" \t\n\r\v\f")
_TERMINATOR = _SPACE | {ord("("), ord(")")}
_QUOTE_WORDS = (b"'", b'"', b"/")
MAX_QUOTE_TERM = 20


class Stop(Exception):
    """``exit(1)`` inside the program (MAX_ERROR exceeded)."""


def fgets_lines(data: bytes, size: int) -> Iterator[bytes]:
    """The successive results of ``fgets(buff, size, fd)`` over `data`."""
    n, i, chunk = len(data), 0, size - 1
    while i < n:
        nl = data.find(b"\n", i, i + chunk)
        end = nl + 1 if nl >= 0 else min(i + chunk, n)
        yield data[i:end]
        i = end


def _c_string(buff: bytes) -> bytes:
    z = buff.find(b"\0")
    return buff if z < 0 else buff[:z]


class _Term:
    __slots__ = ("word", "label", "result")

    def __init__(self, word: bytes, label: bytes):
        self.word, self.label, self.result = word, label, 9


class _Bracket:
    __slots__ = ("start", "end", "label", "result", "buf_start", "buf_end")

    def __init__(self, start: int, label: bytes, buf_start: int):
        self.start, self.end, self.label = start, -1, label
        self.result, self.buf_start, self.buf_end = 9, buf_start, -1


class _Quote:
    __slots__ = ("word", "label", "index", "bracket", "ends")

    def __init__(self, word: bytes, label: bytes, index: int, bracket: int, ends: list[int]) -> None:
        self.word, self.label, self.index, self.bracket, self.ends = word, label, index, bracket, ends


class _Side:
    """One sentence as ``read_line`` leaves it (terminal*, bracket*, quotterm*, wn, bn)."""

    def __init__(self) -> None:
        self.terms: list[_Term] = []
        self.brackets: list[_Bracket] = []
        self.quotes: list[_Quote] = []
        self.buff = b""


def _fmt_f(value: float, spec: bytes = b"%6.2f") -> bytes:
    """printf of a double, glibc style for the 0/0 NaN (``-nan``)."""
    if value != value:
        width = spec[1:spec.index(b".")] or b"0"
        return b"%*s" % (int(width), b"-nan")
    return spec % value


class CEvalb:
    """One run of ``evalb`` / ``evalb.spmrl`` (see the module docstring)."""

    def __init__(self, params: EvalbParams, out: BinaryIO, err: BinaryIO, *, variant: str = "2013",
                 debug: int | None = None, count_unparsed: bool = False, max_lines: int = -1,
                 compact: int = 0, print_filenames: bool = False, status_path: str | None = None):
        enc: Callable[[str], bytes] = lambda s: s.encode("utf-8", "surrogateescape")  # noqa: E731
        self.spmrl = variant == "spmrl"
        self.out, self.err = out, err
        self.debug = params.debug if debug is None else debug
        self.max_error = params.max_error
        self.cut_len = params.cutoff_len
        self.labeled = params.labeled
        # mutable: spmrl's label_comp cuts these in place
        self.delete = [enc(x) for x in params.delete_labels]
        self.delete_for_length = [enc(x) for x in params.delete_labels_for_length]
        self.quote_labels = [enc(x) for x in params.quote_labels]
        self.eq_labels = [(enc(a), enc(b)) for a, b in params.eq_labels]
        self.eq_words = [(enc(a), enc(b)) for a, b in params.eq_words]
        self.count_unparsed = count_unparsed
        self.max_lines = max_lines
        self.compact = compact            # 0, 1 (-L: all), 2 (-l: len<=CUTOFF)
        self.print_filenames = print_filenames
        self.status_path = status_path
        self.totals = evalb_rsl.Totals(self.cut_len)
        self.error_count = 0
        self.line = 0
        self.status = VALID
        self._out: list[bytes] = []
        self.rows: list[tuple[int, int, int, int, int, int, int, int]] | None = None   # a list: every row's numbers are kept there

    # -- output -------------------------------------------------------------------------
    def printf(self, data: bytes) -> None:
        self._out.append(data)
        if len(self._out) > 2048:
            self.flush()

    def flush(self) -> None:
        if self._out:
            self.out.write(b"".join(self._out))
            self._out.clear()

    def error(self, message: bytes) -> None:
        self.status = ERROR
        self.err.write(b"%d : " % self.line + message)
        stop = self.error_count > self.max_error
        self.error_count += 1
        if stop:
            self.flush()
            raise Stop()

    # -- predicates ------------------------------------------------------------------------
    def modify_label(self, label: bytes) -> bytes:
        cut = b"-=#" if self.spmrl else b"-="
        for i, c in enumerate(label):
            if c in cut:
                return label[:i]
        return label

    def label_comp(self, s1: bytes, s2: bytes) -> tuple[bool, bytes, bytes]:
        """(equal, s1, s2 as the call leaves them): spmrl's cuts both in place."""
        if self.spmrl:
            s1, s2 = self.modify_label(s1), self.modify_label(s2)
        if s1 == s2:
            return True, s1, s2
        for a, b in self.eq_labels:
            if (s1 == a and s2 == b) or (s1 == b and s2 == a):
                return True, s1, s2
        return False, s1, s2

    def word_comp(self, s1: bytes, s2: bytes) -> bool:
        if s1 == s2:
            return True
        return any((s1 == a and s2 == b) or (s1 == b and s2 == a) for a, b in self.eq_words)

    def is_quote_term(self, label: bytes, word: bytes) -> bool:
        return label in self.quote_labels and word in _QUOTE_WORDS

    # -- read_line -------------------------------------------------------------------------
    def read_line(self, buff: bytes, side: _Side) -> int:
        buff = _c_string(buff)
        side.buff = buff
        n = len(buff)
        p = 0
        length = 0
        wid = bid = 0
        stack: list[int] = []
        terms, brackets, quotes = side.terms, side.brackets, side.quotes
        while p < n:
            c = buff[p]
            if c in _SPACE:
                p += 1
                continue
            if c == 40:  # '('
                p += 1
                s = p
                while p < n and buff[p] not in _TERMINATOR:
                    p += 1
                label = buff[s:p]
                q = p
                if q < n and buff[q] in _SPACE:
                    q += 1
                    while q < n and buff[q] in _SPACE:
                        q += 1
                    s = q
                    while q < n and buff[q] not in _TERMINATOR:
                        q += 1
                    word = buff[s:q]
                    qc = buff[q] if q < n else 0
                    if qc == 41 and label not in self.delete_for_length:
                        length += 1
                    if self.debug > 1:
                        self.printf(b"label=%s, word=%s, wid=%d\n" % (label, word, wid))
                    if qc == 41 and self.is_quote_term(label, word):
                        if len(quotes) < MAX_QUOTE_TERM:
                            quotes.append(_Quote(word, label, wid, bid, list(stack)))
                    if qc == 41 and not self.spmrl and label in self.delete:
                        p = q + 1
                        continue
                    if qc == 41:
                        terms.append(_Term(word, label))
                        wid += 1
                        p = q + 1
                        continue
                    if qc != 40:
                        if self.spmrl:
                            self.err.write(b"debug djam: q= %s\n" % buff[q:])
                        self.error(b"More than two elements in a bracket\n")
                brackets.append(_Bracket(wid, label, p))
                stack.append(bid)
                bid += 1
            elif c == 41:  # ')'
                if stack:
                    b = brackets[stack.pop()]
                    b.end = wid
                    b.buf_end = p
                else:
                    self.error(b"Bracketing unbalance (too many close bracket)\n")
                p += 1
            else:
                # evalb.c does not move past the character: the error repeats until the
                # MAX_ERROR exit
                while True:
                    self.error(b"Reading sentence\n")
        if stack:
            self.error(b"Bracketing is unbalanced (too many open bracket)\n")
        return length

    # -- calc_result -------------------------------------------------------------------------
    def _snippet(self, side: _Side, b: _Bracket) -> bytes:
        text = side.buff[b.buf_start:b.buf_end] if b.buf_end >= b.buf_start else b""
        return _c_string(text)

    def massage(self, side: _Side) -> int:
        real = 0
        for b in side.brackets:
            b.result = 0
            if b.start == b.end:
                b.result = 5
                continue
            b.label = self.modify_label(b.label)
            for j in range(len(self.delete)):
                eq, b.label, self.delete[j] = self.label_comp(b.label, self.delete[j])
                if eq:
                    b.result = 5
        for b in side.brackets:
            if b.result != 5:
                real += 1
        return real

    def massage_gold_only(self, side: _Side) -> int:
        """evalb_spmrl's count of gold brackets for -X (kept as the program has it)."""
        valid = 0
        for b in side.brackets:
            b.result = 0
            if b.start == b.end:
                continue
            valid += 1
            buflabel = self.modify_label(b.label)
            for j in range(len(self.delete)):
                eq, buflabel, self.delete[j] = self.label_comp(buflabel, self.delete[j])
                if not eq:
                    valid += 1
        return valid

    def fix_quote(self, g: _Side, t: _Side) -> None:
        if self.debug > 1:
            for i in range(MAX_QUOTE_TERM):
                for qs in (g.quotes, t.quotes):
                    if i < len(qs) and qs[i].index != -1:
                        self.printf(b"%d: %s - %s\n" % (qs[i].index, qs[i].label, qs[i].word))
        for i in range(len(t.quotes)):
            ind = t.quotes[i].index
            for j in range(len(g.quotes)):
                if g.quotes[j].index == ind and g.quotes[j].label != t.quotes[i].label:
                    g_del = g.quotes[j].label in self.delete
                    t_del = t.quotes[i].label in self.delete
                    if g_del and not t_del:
                        self.reinsert(g.quotes[j], g)
                        for k in range(j, len(g.quotes)):
                            g.quotes[k].index += 1
                    elif t_del and not g_del:
                        self.reinsert(t.quotes[i], t)
                        for k in range(i, len(t.quotes)):
                            t.quotes[k].index += 1

    def reinsert(self, quote: _Quote, side: _Side) -> None:
        ind, bra = quote.index, quote.bracket
        side.terms.insert(ind, _Term(quote.word, quote.label))
        if self.debug > 1:
            self.printf(b"bra=%d, ind=%d\n" % (bra, ind))
        for k, b in enumerate(side.brackets):
            if self.debug > 1:
                self.printf(b"bracket[%d]={%d,%d}\n" % (k, b.start, b.end))
            if k >= bra:
                b.start += 1
                b.end += 1
        if self.debug > 1:
            self.printf(b"endslen=%d\n" % len(quote.ends))
        for k in quote.ends:
            side.brackets[k].end += 1

    def individual_result(self, length: int, wn1: int, bn1: int, bn2: int, match: int,
                          crossing: int, correct_tag: int, r_bn1: int, r_bn2: int) -> None:
        self.totals.add(length, self.status, wn1, bn1, bn2, match, crossing, correct_tag)
        if self.rows is not None:
            self.rows.append((self.status, length, wn1, bn1, bn2, match, crossing, correct_tag))
        self.printf(b"%4d  %3d    %d  " % (self.line, length, self.status))
        self.printf(b"%6.2f %6.2f   %3d    %3d  %3d    %3d" % (
            0.0 if r_bn1 == 0 else 100.0 * match / r_bn1,
            0.0 if r_bn2 == 0 else 100.0 * match / r_bn2, match, r_bn1, r_bn2, crossing))
        self.printf(b"   %4d  %4d   %6.2f\n" % (
            wn1, correct_tag, 0.0 if wn1 == 0 else 100.0 * correct_tag / wn1))

    def calc_result(self, length: int, g: _Side, t: _Side) -> None:
        debug = self.debug > 1
        if debug:
            self.printf(b"\n")
        r_bn1 = r_bn2 = 0
        if not t.terms:
            if self.spmrl and self.count_unparsed:
                self.status = UNPARSED
                n_gold = self.massage_gold_only(g)
                self.individual_result(length, len(g.terms), n_gold, 0, 0, 0, 0, n_gold, 0)
            else:
                self.status = SKIP
                self.individual_result(length, 0, 0, 0, 0, 0, 0, 0, 0)
            return
        if len(g.terms) != len(t.terms):
            self.fix_quote(g, t)
            if len(g.terms) != len(t.terms):
                message = b"Length unmatch (%d|%d)\n" % (len(g.terms), len(t.terms))
                if not self.spmrl:
                    self.error(message)
                    self.individual_result(length, 0, 0, 0, 0, 0, 0, 0, 0)
                    return
                self.individual_result(length, 0, 0, 0, 0, 0, 0, 0, 0)
                if len(g.terms) > 1:
                    self.error(message)
                    return
        wn1 = len(g.terms)
        for i in range(wn1):
            a = g.terms[i].word
            b = t.terms[i].word if i < len(t.terms) else b""
            if not self.word_comp(a, b):
                self.error(b"Words unmatch (%s|%s)\n" % (a, b))
                self.individual_result(length, 0, 0, 0, 0, 0, 0, 0, 0)
                return
        r_bn1 = self.massage(g)
        r_bn2 = self.massage(t)
        gb, tb = g.brackets, t.brackets
        match = 0
        match_j = [False] * len(tb)
        match_found = False
        for b1 in gb:
            for j, b2 in enumerate(tb):
                if debug:
                    self.printf(b"1.res=%d, 2.res=%d, 1.start=%d, 2.start=%d, 1.end=%d, 2.end=%d\n"
                                % (b1.result, b2.result, b1.start, b2.start, b1.end, b2.end))
                if b1.result != 5 and b2.result == 0 and b1.start == b2.start and b1.end == b2.end:
                    if self.labeled == 0:
                        eq = True
                    else:
                        eq, b1.label, b2.label = self.label_comp(b1.label, b2.label)
                    if eq:
                        b1.result = b2.result = 1
                        match += 1
                        match_found = True
                        break
                    if debug:
                        self.printf(b"  LABEL[%d-%d]: %s\n" % (b1.start, b1.end - 1, self._snippet(g, b1)))
                    match_found = True
                    match_j[j] = True
            if not match_found and b1.result != 5 and debug:
                self.printf(b"  BRACKET[%d-%d]: %s\n" % (b1.start, b1.end - 1, self._snippet(g, b1)))
            match_found = False
        if debug:
            for j, b2 in enumerate(tb):
                if b2.result == 0 and not match_j[j]:
                    self.printf(b"  EXTRA[%d-%d]: %s\n" % (b2.start, b2.end - 1, self._snippet(t, b2)))
        crossing = 0
        last_i = -1
        for b2 in tb:
            for i, b1 in enumerate(gb):
                if b1.result != 5 and b2.result != 5 and (
                        (b1.start < b2.start and b1.end > b2.start and b1.end < b2.end)
                        or (b1.start > b2.start and b1.start < b2.end and b1.end > b2.end)):
                    if i != last_i:
                        if debug:
                            self.printf(b"  CROSSING[%d-%d]: %s\n" % (b1.start, b1.end - 1,
                                                                     self._snippet(g, b1)))
                        last_i = i
                    crossing += 1
                    break
        correct_tag = 0
        for i in range(wn1):
            t1, t2 = g.terms[i], t.terms[i]
            eq, t1.label, t2.label = self.label_comp(t1.label, t2.label)
            if eq:
                t1.result = t2.result = 1
                correct_tag += 1
            else:
                t1.result = t2.result = 0
        self.individual_result(length, wn1, r_bn1, r_bn2, match, crossing, correct_tag, r_bn1, r_bn2)

    def dsp_info(self, g: _Side, t: _Side) -> None:
        wn1, wn2, bn1, bn2 = len(g.terms), len(t.terms), len(g.brackets), len(t.brackets)
        a: _Term | _Bracket | None
        b: _Term | _Bracket | None
        p = self.printf
        p(b"-<1>---(wn1=%3d, bn1=%3d)-           " % (wn1, bn1))
        p(b"-<2>---(wn2=%3d, bn2=%3d)-\n" % (wn2, bn2))
        for i in range(max(wn1, wn2)):
            a = g.terms[i] if i < wn1 else None
            if a is not None and a.word:
                p(b"%3d : %d : %-6s  %-16s      " % (i, a.result, a.label, a.word))
            else:
                p(b" " * 40)
            b = t.terms[i] if i < wn2 else None
            if b is not None and b.word:
                p(b"%3d : %d : %-6s  %-16s\n" % (i, b.result, b.label, b.word))
            else:
                p(b"\n")
        p(b"\n")
        for i in range(max(bn1, bn2)):
            if i < bn1:
                a = g.brackets[i]
                p(b"%3d : %d : %3d  %3d  %-6s      " % (i, a.result, a.start, a.end, a.label))
            else:
                p(b" " * 32)
            if i < bn2:
                b = t.brackets[i]
                p(b"%3d : %d : %3d  %3d  %-6s\n" % (i, b.result, b.start, b.end, b.label))
            else:
                p(b"\n")
        p(b"\n")
        p(b"========\n")

    def score_pair(self, gold_line: bytes, test_line: bytes, line: int) -> list[tuple[int, int, int, int, int, int, int, int]]:
        """One line pair, as the loop body of ``main`` (no listing): the rows it printed,
        each (status, length, words, gold, test, matched, crossing, tags)."""
        self.rows = []
        self.line, self.status = line, VALID
        g, t = _Side(), _Side()
        length = self.read_line(gold_line, g)
        self.read_line(test_line, t)
        self.calc_result(length, g, t)
        self._out.clear()
        return self.rows

    # -- main ----------------------------------------------------------------------------
    def run(self, gold: bytes, test: bytes, gold_name: str = "", test_name: str = "") -> int:
        """Score; returns the exit status (1 when MAX_ERROR stops the run)."""
        size = 50000 if self.spmrl else 5000
        try:
            self.printf(evalb_rsl.header().encode())
            tests = fgets_lines(test, size)
            quiet = False
            self.line = 1
            for gline in fgets_lines(gold, size):
                self.status = VALID
                g, t = _Side(), _Side()
                length = self.read_line(gline, g)
                tline = next(tests, None)
                if tline is None:
                    self.error(b"Number of lines unmatch (too many lines in gold file)\n")
                    break
                self.read_line(tline, t)
                self.calc_result(length, g, t)
                if self.debug >= 1:
                    self.dsp_info(g, t)
                if self.spmrl and self.max_lines != -1 and self.line + 1 > self.max_lines:
                    quiet = True
                    break
                self.line += 1
            if not quiet and next(tests, None) is not None:
                self.error(b"Number of lines unmatch (too many lines in test file)\n")
            self.print_total(gold_name, test_name)
        except Stop:
            return 1
        finally:
            self.flush()
        return 0

    def print_total(self, gold_name: str, test_name: str) -> None:
        a = self.totals.all
        if not self.compact:
            text = self.totals.render().encode()
            if self.spmrl and self.print_filenames:
                text = text.replace(b"=== Summary ===", b"=== Summary: %s\tvs\t%s ===" % (
                    gold_name.encode("utf-8", "surrogateescape"),
                    test_name.encode("utf-8", "surrogateescape")), 1)
            self.printf(text)
            if self.status_path:
                self._write_status(a)
            return
        block = a if self.compact == 1 else self.totals.short
        f = block.figures()
        fm = float("nan") if f["fmeasure"] is None else f["fmeasure"]
        self.printf(b"F1: %s %%\tPrec: %s %%\tRec: %s %%\t" % (
            _fmt_f(fm), _fmt_f(f["recall"]), _fmt_f(f["precision"])))
        self.printf(b"POS: %s %%\tEX: %s %%\tUnparsed: %6d\tSent: %6d\tfile: %s\n" % (
            _fmt_f(f["tagging_accuracy"]), _fmt_f(f["complete_match"]),
            block.skip + block.error, block.sent, test_name.encode("utf-8", "surrogateescape")))

    def _write_status(self, block: evalb_rsl.Block) -> None:
        f = block.figures()
        fm = float("nan") if f["fmeasure"] is None else f["fmeasure"]
        from tcompare.atomic_file import atomic_write

        assert self.status_path is not None     # (`atomic_file.WriteError` if it cannot be)
        atomic_write(self.status_path, b"---\nF1: %s\nLP: %s\nLR: %s\nPOS: %s\nerrorRate: %s\n" % (
            _fmt_f(fm, b"%.2f"), _fmt_f(f["precision"], b"%.2f"), _fmt_f(f["recall"], b"%.2f"),
            _fmt_f(f["tagging_accuracy"], b"%.2f"), _fmt_f(100 - fm, b"%.2f")))
