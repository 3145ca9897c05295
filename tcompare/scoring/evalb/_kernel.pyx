# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled EVALB kernel: raw gold and test lines in, rsl rows / counts / totals out.

No Python object is made per token, bracket or sentence: a block of lines is scanned in C,
each sentence pair read into reusable C arrays (word and tag pointers into the line, brackets
as label pointer + span), compared (brackets looked up by their start), and its row
formatted as `evalb.report.row`'s printf format would (`put_int`, `put_fixed2`: the same
bytes, without printf's cost).  Only the VALID outcome is computed here; any pair that is
not plainly valid (a read error, no test words, a word-count or word mismatch -- where QUOTE_LABEL
repair, EQ_WORD and EVALB's messages come in) is handed to the pure-Python scorer
(``fallback(gold_line, test_line, prepared)``), so messages and their corner cases have one
implementation.  Rules (see evalb_core's docstring): brackets with an empty span or whose
label, cut at the first ``-``/``=``, is a DELETE_LABEL (or EQ_LABEL-equal to one) are
dropped; matching takes, for each gold bracket in order, the first unused test bracket with
the same span and an equal (EQ_LABEL) label; crossing counts test brackets crossing a gold
one; tags are compared with EQ_LABEL; the length counts terminals whose label is not in
DELETE_LABEL_FOR_LENGTH.
"""

from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcmp, memchr
from libc.stdio cimport snprintf
from libc.math cimport frexp, ldexp
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize

from tcompare.scoring.evalb import report as evalb_rsl

# a sentence's status: `evalb.report`'s one definition, read once into C
cdef long VALID = evalb_rsl.VALID
cdef long ERROR = evalb_rsl.ERROR
cdef long SKIP = evalb_rsl.SKIP


cdef struct StrSet:
    int n
    const char** p
    Py_ssize_t* len
    unsigned long long lens     # bit k: a member of length k (k < 64; bit 63: any longer)
    unsigned char first[256]    # 1: a member starts with this byte


cdef struct Brk:
    const char* lab
    Py_ssize_t ln        # raw label length
    Py_ssize_t kn        # key length (label cut at the first - or =)
    int start
    int end
    int used


cdef struct View:
    const char** wp
    Py_ssize_t* wn
    const char** tp
    Py_ssize_t* tn
    int nw
    int capw
    Brk* br
    int nb
    int capb
    int* stack
    int ns
    int caps
    int length
    int error


cdef inline bint is_ws(char c) noexcept nogil:
    return c == 32 or (c >= 9 and c <= 13)


# byte classes for the reader: 1 white space (as is_ws), 2 a bracket, 0 anything else
cdef unsigned char CLS[256]
cdef int _c
for _c in range(256):
    CLS[_c] = 1 if (_c == 32 or 9 <= _c <= 13) else (2 if _c in (40, 41) else 0)


cdef inline bint in_set(const StrSet* s, const char* p, Py_ssize_t n) noexcept nogil:
    cdef int i
    # most labels are in no set: their length or first byte says so without a memcmp
    # (lens == 0: the set was filled without these summaries -- plain search)
    if s.lens:
        if not (s.lens >> (n if n < 63 else 63)) & 1:
            return False
        if n and not s.first[<unsigned char>p[0]]:
            return False
    for i in range(s.n):
        if s.len[i] == n and memcmp(s.p[i], p, n) == 0:
            return True
    return False


cdef int grow(void** ptr, int* cap, size_t item) except -1:
    cdef int newcap = cap[0] * 2 if cap[0] else 64
    cdef void* q = realloc(ptr[0], newcap * item)
    if q == NULL:
        raise MemoryError()
    ptr[0] = q
    cap[0] = newcap
    return 0


# -- row formatting: printf's %Nld and %6.2f without printf (a third of a row's cost) ------

cdef inline char* put_int(char* q, long v, int width) noexcept nogil:
    """`v` as printf's ``%{width}ld``."""
    cdef char tmp[24]
    cdef int k = 0
    cdef unsigned long u = <unsigned long>(-v) if v < 0 else <unsigned long>v
    while True:
        tmp[k] = 48 + <char>(u % 10)
        k += 1
        u //= 10
        if u == 0:
            break
    if v < 0:
        tmp[k] = 45
        k += 1
    while width > k:
        q[0] = 32
        q += 1
        width -= 1
    while k > 0:
        k -= 1
        q[0] = tmp[k]
        q += 1
    return q


cdef inline char* put_fixed2(char* q, double x) noexcept nogil:
    """`x` as printf's ``%6.2f``: x * 100 rounded from x's exact binary value, ties to
    even (as glibc and Python do); printf itself for what is not a small non-negative x."""
    cdef int e, s
    cdef unsigned long long m, p, n, r, half
    cdef int written
    if not (0.0 <= x < 1e15):
        written = snprintf(q, 400, "%6.2f", x)          # (DBL_MAX: 316 bytes)
        return q + (written if written < 400 else 399)
    n = 0
    if x > 0.0:
        m = <unsigned long long>ldexp(frexp(x, &e), 53)      # x = m * 2^(e - 53), exactly
        s = 53 - e                                           # > 0 here (x < 2^50)
        if s < 62:                                           # else x * 100 < 1/2: n = 0
            p = m * 100                                      # < 2^60
            n = p >> s
            r = p & ((1ULL << s) - 1)
            half = 1ULL << (s - 1)
            if r > half or (r == half and (n & 1)):
                n += 1
    q = put_int(q, <long>(n // 100), 3)
    q[0] = 46
    q[1] = 48 + <char>((n % 100) // 10)
    q[2] = 48 + <char>(n % 10)
    return q + 3


cdef inline char* put_text(char* q, const char* s, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        q[i] = s[i]
    return q + n


def fixed2(double x):
    """``b"%6.2f" % x`` by the row formatter (for its differential test)."""
    cdef char buf[400]
    cdef char* q = put_fixed2(buf, x)
    return PyBytes_FromStringAndSize(buf, q - buf)


cdef class EvalbKernel:
    cdef StrSet delete, del_len, delete_bracket, eq_a, eq_b
    cdef object keep          # the bytes objects the sets point into
    cdef object prepared
    cdef object fallback
    cdef bint labeled
    cdef int cutoff
    cdef View g, t
    cdef char* out
    cdef Py_ssize_t outn, outcap
    cdef int* scr             # compare's scratch: bracket chains by start, gold spans
    cdef Py_ssize_t scrcap
    cdef long tot[2][12]

    def __cinit__(self):
        self.g.wp = NULL; self.g.wn = NULL; self.g.tp = NULL; self.g.tn = NULL
        self.g.br = NULL; self.g.stack = NULL
        self.g.capw = self.g.capb = self.g.caps = 0
        self.t.wp = NULL; self.t.wn = NULL; self.t.tp = NULL; self.t.tn = NULL
        self.t.br = NULL; self.t.stack = NULL
        self.t.capw = self.t.capb = self.t.caps = 0
        self.out = NULL
        self.outcap = 0
        self.scr = NULL
        self.scrcap = 0
        self.delete.n = self.del_len.n = self.delete_bracket.n = self.eq_a.n = self.eq_b.n = 0
        self.delete.p = self.del_len.p = self.delete_bracket.p = self.eq_a.p = self.eq_b.p = NULL
        self.delete.len = self.del_len.len = self.delete_bracket.len = NULL
        self.eq_a.len = self.eq_b.len = NULL

    def __init__(self, prepared, fallback):
        """`prepared`: an `evalb.core.PreparedParams` made with as_bytes=True."""
        self.prepared = prepared
        self.fallback = fallback
        self.keep = []
        self.labeled = prepared.labeled
        self.cutoff = prepared.params.cutoff_len
        self._fill(&self.delete, sorted(prepared.delete))
        self._fill(&self.del_len, sorted(prepared.delete_for_length))
        self._fill(&self.delete_bracket, sorted(prepared.delete_bracket))
        pairs = sorted({(a, b) for a, partners in prepared.label_eq.items() for b in partners})
        self._fill(&self.eq_a, [a for a, _ in pairs])
        self._fill(&self.eq_b, [b for _, b in pairs])

    cdef _fill(self, StrSet* s, list items):
        cdef int i
        cdef bytes b
        s.n = len(items)
        s.p = <const char**>malloc((s.n + 1) * sizeof(char*))
        s.len = <Py_ssize_t*>malloc((s.n + 1) * sizeof(Py_ssize_t))
        if s.p == NULL or s.len == NULL:
            raise MemoryError()
        s.lens = 0
        for i in range(256):
            s.first[i] = 0
        for i in range(s.n):
            b = items[i]
            self.keep.append(b)
            s.p[i] = PyBytes_AS_STRING(b)
            s.len[i] = PyBytes_GET_SIZE(b)
            s.lens |= 1ULL << (s.len[i] if s.len[i] < 63 else 63)
            if s.len[i]:
                s.first[<unsigned char>s.p[i][0]] = 1

    def __dealloc__(self):
        free(self.g.wp); free(self.g.wn); free(self.g.tp); free(self.g.tn)
        free(self.g.br); free(self.g.stack)
        free(self.t.wp); free(self.t.wn); free(self.t.tp); free(self.t.tn)
        free(self.t.br); free(self.t.stack)
        free(self.out)
        free(self.scr)
        free(self.delete.p); free(self.delete.len)
        free(self.del_len.p); free(self.del_len.len)
        free(self.delete_bracket.p); free(self.delete_bracket.len)
        free(self.eq_a.p); free(self.eq_a.len)
        free(self.eq_b.p); free(self.eq_b.len)

    # -- reading ------------------------------------------------------------------------

    cdef int read(self, View* v, const char* s, Py_ssize_t n) except -1:
        """EVALB's read_line; sets v.error on anything the Python reader reports."""
        cdef Py_ssize_t pos = 0, j, k, w0, m
        cdef char c
        cdef int top
        v.nw = 0
        v.nb = 0
        v.ns = 0
        v.length = 0
        v.error = 0
        while pos < n:
            c = s[pos]
            if c == 40:          # '('
                j = pos + 1
                while j < n and CLS[<unsigned char>s[j]] == 0:
                    j += 1
                k = j
                if k < n and is_ws(s[k]):
                    while k < n and is_ws(s[k]):
                        k += 1
                    w0 = k
                    while k < n and CLS[<unsigned char>s[k]] == 0:
                        k += 1
                    if k < n and s[k] == 41:      # a terminal "(label word)"
                        if not in_set(&self.del_len, s + pos + 1, j - pos - 1):
                            v.length += 1
                        if not in_set(&self.delete, s + pos + 1, j - pos - 1):
                            if v.nw == v.capw:
                                top = v.capw
                                grow(<void**>&v.wp, &top, sizeof(char*))
                                top = v.capw
                                grow(<void**>&v.wn, &top, sizeof(Py_ssize_t))
                                top = v.capw
                                grow(<void**>&v.tp, &top, sizeof(char*))
                                top = v.capw
                                grow(<void**>&v.tn, &top, sizeof(Py_ssize_t))
                                v.capw = top
                            v.wp[v.nw] = s + w0
                            v.wn[v.nw] = k - w0
                            v.tp[v.nw] = s + pos + 1
                            v.tn[v.nw] = j - pos - 1
                            v.nw += 1
                        pos = k + 1
                        continue
                # an opening bracket
                if v.nb == v.capb:
                    grow(<void**>&v.br, &v.capb, sizeof(Brk))
                if v.ns == v.caps:
                    grow(<void**>&v.stack, &v.caps, sizeof(int))
                v.br[v.nb].lab = s + pos + 1
                v.br[v.nb].ln = j - pos - 1
                v.br[v.nb].start = v.nw
                v.br[v.nb].end = -1
                v.stack[v.ns] = v.nb
                v.ns += 1
                v.nb += 1
                pos = j
            elif c == 41:        # a run of ')'
                m = 0
                while pos < n and s[pos] == 41:
                    m += 1
                    pos += 1
                while m > 0:
                    if v.ns == 0:
                        v.error = 1
                        break
                    v.ns -= 1
                    v.br[v.stack[v.ns]].end = v.nw
                    m -= 1
            elif is_ws(c):
                pos += 1
            else:                # a stray word
                v.error = 1
                while pos < n and not is_ws(s[pos]) and s[pos] != 40 and s[pos] != 41:
                    pos += 1
        if v.ns:
            v.error = 1
        return 0

    # -- comparing ----------------------------------------------------------------------

    cdef inline bint label_equal(self, const char* a, Py_ssize_t an, const char* b, Py_ssize_t bn) noexcept nogil:
        cdef int i
        if an == bn and memcmp(a, b, an) == 0:
            return True
        for i in range(self.eq_a.n):
            if (self.eq_a.len[i] == an and self.eq_b.len[i] == bn
                    and memcmp(self.eq_a.p[i], a, an) == 0 and memcmp(self.eq_b.p[i], b, bn) == 0):
                return True
        return False

    cdef int keep_brackets(self, View* v) noexcept nogil:
        """Mark deleted brackets (used = 2) and compute keys; return the kept count."""
        cdef int i, kept = 0
        cdef Py_ssize_t k
        cdef Brk* b
        for i in range(v.nb):
            b = &v.br[i]
            if b.start == b.end:
                b.used = 2
                continue
            k = 0
            while k < b.ln and b.lab[k] != 45 and b.lab[k] != 61:   # '-' '='
                k += 1
            b.kn = k
            if in_set(&self.delete_bracket, b.lab, k):
                b.used = 2
                continue
            b.used = 0
            kept += 1
        return kept

    cdef bint compare(self, long* row) noexcept nogil:
        """Fill row = (words, gold, test, matched, crossing, tags) when the pair is plainly
        valid; False otherwise (the caller falls back to the Python scorer)."""
        cdef View* g = &self.g
        cdef View* t = &self.t
        cdef int i, j, ng, nt, matched = 0, crossing = 0, tags = 0
        cdef Brk* a
        cdef Brk* b
        cdef bint hit, same
        if g.error or t.error or t.nw == 0 or g.nw != t.nw:
            return False
        if <long long>g.nb * t.nb > 4000000:
            return False        # matching below is quadratic: a huge tree goes to the
                                # O(n log n) Python scorer
        for i in range(g.nw):
            if g.wn[i] != t.wn[i] or memcmp(g.wp[i], t.wp[i], g.wn[i]) != 0:
                return False
        for i in range(g.nw):
            if self.label_equal(g.tp[i], g.tn[i], t.tp[i], t.tn[i]):
                tags += 1
        ng = self.keep_brackets(g)
        nt = self.keep_brackets(t)
        # scratch: test brackets chained by start (head per word position, next per
        # bracket, in bracket order), the same for gold, and the kept gold spans
        cdef Py_ssize_t need = 2 * (g.nw + 2) + t.nb + 3 * g.nb
        cdef int* q
        if need > self.scrcap:
            q = <int*>realloc(self.scr, need * sizeof(int))
            if q == NULL:
                return False            # (the Python scorer has no such limit)
            self.scr = q
            self.scrcap = need
        cdef int* thead = self.scr
        cdef int* tnext = thead + (g.nw + 2)
        cdef int* ghead = tnext + t.nb
        cdef int* gnext = ghead + (g.nw + 2)
        cdef int* gs = gnext + g.nb
        cdef int* ge = gs + g.nb
        cdef int k, m = 0
        for i in range(g.nw + 2):
            thead[i] = -1
            ghead[i] = -1
        for j in range(t.nb - 1, -1, -1):
            b = &t.br[j]
            if b.used != 2:
                tnext[j] = thead[b.start]
                thead[b.start] = j
        for i in range(g.nb):
            a = &g.br[i]
            if a.used == 2:
                continue
            gnext[i] = ghead[a.start]
            ghead[a.start] = i
            gs[m] = a.start
            ge[m] = a.end
            m += 1
        # matching: for each gold bracket in order, the first unused test bracket with its
        # span (and an equal label)
        for i in range(g.nb):
            a = &g.br[i]
            if a.used == 2:
                continue
            j = thead[a.start]
            while j >= 0:
                b = &t.br[j]
                if b.used == 0 and b.end == a.end and (
                        not self.labeled or self.label_equal(a.lab, a.kn, b.lab, b.kn)):
                    b.used = 1
                    matched += 1
                    break
                j = tnext[j]
        # crossing: a test bracket no gold bracket has the span of, crossing one
        for j in range(t.nb):
            b = &t.br[j]
            if b.used == 2:
                continue
            same = False
            i = ghead[b.start]
            while i >= 0:
                if g.br[i].end == b.end:
                    same = True
                    break
                i = gnext[i]
            if same:
                continue
            for k in range(m):
                if (gs[k] < b.start < ge[k] < b.end) or (b.start < gs[k] < b.end < ge[k]):
                    crossing += 1
                    break
        row[0] = g.nw
        row[1] = ng
        row[2] = nt
        row[3] = matched
        row[4] = crossing
        row[5] = tags
        return True

    # -- output -------------------------------------------------------------------------

    cdef int put_row(self, long line, long length, long status, long* r) except -1:
        cdef double recall = 100.0 * r[3] / r[1] if r[1] else 0.0
        cdef double precision = 100.0 * r[3] / r[2] if r[2] else 0.0
        cdef double accuracy = 100.0 * r[5] / r[0] if r[0] else 0.0
        cdef char* q
        if self.outcap - self.outn < 2048:    # a row is under 200 bytes (< 1300 in all)
            q = <char*>realloc(self.out, self.outcap * 2 + 65536)
            if q == NULL:
                raise MemoryError()
            self.out = q
            self.outcap = self.outcap * 2 + 65536
        # "%4ld  %3ld    %ld  %6.2f %6.2f   %3ld    %3ld  %3ld    %3ld   %4ld  %4ld   %6.2f\n"
        q = self.out + self.outn
        q = put_int(q, line, 4)
        q = put_text(q, "  ", 2)
        q = put_int(q, length, 3)
        q = put_text(q, "    ", 4)
        q = put_int(q, status, 0)
        q = put_text(q, "  ", 2)
        q = put_fixed2(q, recall)
        q = put_text(q, " ", 1)
        q = put_fixed2(q, precision)
        q = put_text(q, "   ", 3)
        q = put_int(q, r[3], 3)
        q = put_text(q, "    ", 4)
        q = put_int(q, r[1], 3)
        q = put_text(q, "  ", 2)
        q = put_int(q, r[2], 3)
        q = put_text(q, "    ", 4)
        q = put_int(q, r[4], 3)
        q = put_text(q, "   ", 3)
        q = put_int(q, r[0], 4)
        q = put_text(q, "  ", 2)
        q = put_int(q, r[5], 4)
        q = put_text(q, "   ", 3)
        q = put_fixed2(q, accuracy)
        q[0] = 10
        self.outn = q + 1 - self.out
        return 0

    cdef void add_total(self, int which, long status, long* r) noexcept nogil:
        cdef long* b = self.tot[which]
        b[0] += 1                       # sent
        if status == ERROR:
            b[1] += 1
        elif status == SKIP:
            b[2] += 1
        else:
            b[3] += r[1]
            b[4] += r[2]
            b[5] += r[3]
            if r[1] == r[2] and r[2] == r[3]:
                b[6] += 1
            b[7] += r[0]
            b[8] += r[4]
            if r[4] == 0:
                b[9] += 1
            if r[4] <= 2:
                b[10] += 1
            b[11] += r[5]

    def score_block(self, const unsigned char[:] gold, const unsigned char[:] test, int n,
                    long first, bint rows, bint stats):
        """Score the first `n` lines of each block (bytes, or any buffer: a slice of a
        mapped file): (rows str, [(line, message)], totals of all sentences, totals of
        those within CUTOFF_LEN, stats bytes)."""
        cdef const char* gs = <const char*>&gold[0] if gold.shape[0] else <const char*>""
        cdef const char* ts = <const char*>&test[0] if test.shape[0] else <const char*>""
        cdef const char* gend = gs + gold.shape[0]
        cdef const char* tend = ts + test.shape[0]
        cdef const char* ge
        cdef const char* te
        cdef long row[6]
        cdef long status, length, line
        cdef int k, i
        cdef list errors = []
        cdef bytearray st = bytearray(n * 8 * 4 if stats else 0)
        cdef int* sp = <int*>(<char*>st) if stats else NULL
        self.outn = 0
        for i in range(12):
            self.tot[0][i] = 0
            self.tot[1][i] = 0
        for k in range(n):
            line = first + k
            ge = <const char*>memchr(gs, 10, gend - gs)
            if ge == NULL:
                ge = gend
            te = <const char*>memchr(ts, 10, tend - ts)
            if te == NULL:
                te = tend
            self.read(&self.g, gs, ge - gs)
            self.read(&self.t, ts, te - ts)
            if self.compare(row):
                status = VALID
                length = self.g.length
            else:
                g_err, t_err, length, c_err, prow = self.fallback(
                    PyBytes_FromStringAndSize(gs, ge - gs), PyBytes_FromStringAndSize(ts, te - ts),
                    self.prepared)
                for message in g_err:
                    errors.append((line, message))
                for message in t_err:
                    errors.append((line, message))
                for message in c_err:
                    errors.append((line, message))
                for i in range(6):
                    row[i] = prow[i]
                status = prow[6]
            if rows:
                self.put_row(line, length, status, row)
            self.add_total(0, status, row)
            if length <= self.cutoff:
                self.add_total(1, status, row)
            if stats:
                sp[8 * k] = <int>length
                for i in range(6):
                    sp[8 * k + 1 + i] = <int>row[i]
                sp[8 * k + 7] = <int>status
            gs = ge + 1 if ge < gend else gend
            ts = te + 1 if te < tend else tend
        text = self.out[:self.outn].decode("ascii") if rows and self.outn else ""
        return (text, errors, tuple([self.tot[0][i] for i in range(12)]),
                tuple([self.tot[1][i] for i in range(12)]), bytes(st))


def row_sums(const int[:] stats, const unsigned char[:] lazy, int cutoff):
    """Sums over the rows marked in `lazy` of kernel rows (`rows.STATS` ints each: length,
    words, gold, test, matched, crossing, tags, status -- valid rows only), for all rows and
    for those of length <= `cutoff`: per block, the totals in `evalb.report.Block.fields` order
    (sentences, errors and skips -- 0 here --, gold, test, matched, complete, words, crossing,
    no crossing, <= 2 crossing, tags), then the sum of the lengths.  A window sums every row
    at each refresh, so this stays in C; `evalb.row_sums`' Python loop is its twin."""
    cdef long long s[2][13]
    cdef Py_ssize_t k, n = lazy.shape[0]
    cdef int b, blocks, length, gold, test, matched, crossing
    for b in range(2):
        for k in range(13):
            s[b][k] = 0
    for k in range(n):
        if not lazy[k]:
            continue
        length = stats[8 * k]
        gold = stats[8 * k + 2]
        test = stats[8 * k + 3]
        matched = stats[8 * k + 4]
        crossing = stats[8 * k + 5]
        blocks = 2 if length <= cutoff else 1
        for b in range(blocks):
            s[b][0] += 1
            s[b][3] += gold
            s[b][4] += test
            s[b][5] += matched
            s[b][6] += gold == test and test == matched
            s[b][7] += stats[8 * k + 1]
            s[b][8] += crossing
            s[b][9] += crossing == 0
            s[b][10] += crossing <= 2
            s[b][11] += stats[8 * k + 6]
            s[b][12] += length
    return [[s[b][k] for k in range(13)] for b in range(2)]


# =============================================================================================
# Per-bracket verdicts for `score --output json|csv`.  `DetailKernel` reads a line
# as `formats.ptb.parse_tree` + `evalb.core.view_from_tree` read it, scores the pair as
# `EvalbProfile.score` does (matching in gold order, label-only pairs, crossing flags on both
# sides, tag verdicts) and writes the sentence as `SentenceResult.to_json` + `json.dumps`
# (or `stream_out._csv_row` + csv) would, floats through CPython's own repr.  Any line it
# does not read exactly as parse_tree does (an error, words outside a phrase, an empty
# bracket, a blank line...), and any pair that is not plainly valid, is left to the Python
# scorer: the caller gets its position in the block instead of its text.
# =============================================================================================

from libc.string cimport memcpy, strlen
cimport cython

cdef extern from "Python.h":
    char* PyOS_double_to_string(double val, char format_code, int precision, int flags,
                                int* ptype) except NULL
    void PyMem_Free(void* p)
    int Py_DTSF_ADD_DOT_0


cdef struct DTok:
    const char* form
    Py_ssize_t fn
    const char* pos
    Py_ssize_t pn
    int kept            # its position among the kept words, -1 when its POS is deleted


cdef struct DBr:
    const char* lab
    Py_ssize_t ln       # raw label length
    Py_ssize_t kn       # compared label length (cut at the first - or =)
    int start
    int end
    int kids            # it has a child (a childless bracket is parse_tree's error)
    int kept
    int partner         # matched bracket on the other side, -1
    int lab_only        # same span, other label (items.pair_label_only), -1
    int cross


cdef struct DView:
    DTok* tok
    int ntok
    int captok
    DBr* br
    int nb
    int capb
    int* stack
    int ns
    int caps
    int* words          # token index of each kept word
    int nw
    int capw
    int length
    int odd             # a label json.dumps would escape


cdef int dreserve(void** p, int* cap, int need, size_t item) except -1:
    cdef int newcap
    cdef void* q
    if need <= cap[0]:
        return 0
    newcap = cap[0] * 2 if cap[0] else 64
    while newcap < need:
        newcap *= 2
    q = realloc(p[0], newcap * item)
    if q == NULL:
        raise MemoryError()
    p[0] = q
    cap[0] = newcap
    return 0


cdef inline Py_ssize_t dscan(const char* s, Py_ssize_t i, Py_ssize_t n) nogil:
    while i < n and not is_ws(s[i]) and s[i] != 40 and s[i] != 41:
        i += 1
    return i


cdef inline Py_ssize_t dskip(const char* s, Py_ssize_t i, Py_ssize_t n) nogil:
    while i < n and is_ws(s[i]):
        i += 1
    return i


cdef inline bint json_odd(const char* p, Py_ssize_t n) nogil:
    """Whether json.dumps escapes a character of this label (then Python writes it)."""
    cdef Py_ssize_t i
    for i in range(n):
        if <unsigned char>p[i] < 32 or p[i] == 34 or p[i] == 92:
            return True
    return False


cdef inline bint dcross(int a0, int a1, int b0, int b1) nogil:
    return (a0 < b0 < a1 < b1) or (b0 < a0 < b1 < a1)


cdef void dfree(DView* v):
    free(v.tok); free(v.br); free(v.stack); free(v.words)


cdef void dtrim(DView* v):
    """Give back the arrays a huge sentence grew (a depth-1e5 tree: some 10 MB a side)."""
    if v.captok > 65536 or v.capb > 65536 or v.capw > 65536 or v.caps > 65536:
        dfree(v)
        v.tok = NULL; v.br = NULL; v.stack = NULL; v.words = NULL
        v.captok = v.capb = v.caps = v.capw = 0


@cython.final                     # direct (inlinable) calls of its cdef methods, no vtable
cdef class DetailKernel:
    """EVALB verdicts of line pairs written as JSON sentences or CSV rows (see above)."""

    cdef StrSet delete, del_len, delete_bracket, eq_a, eq_b
    cdef object keep
    cdef bint labeled
    cdef int cutoff
    cdef DView g, t
    cdef char* out
    cdef Py_ssize_t outn, outcap
    cdef long tot[2][12]
    cdef double fval[1024]
    cdef char fstr[1024][32]
    cdef int flen[1024]

    def __cinit__(self):
        cdef int i
        self.g.tok = NULL; self.g.br = NULL; self.g.stack = NULL; self.g.words = NULL
        self.g.captok = self.g.capb = self.g.caps = self.g.capw = 0
        self.t.tok = NULL; self.t.br = NULL; self.t.stack = NULL; self.t.words = NULL
        self.t.captok = self.t.capb = self.t.caps = self.t.capw = 0
        self.out = NULL
        self.outn = self.outcap = 0
        self.delete.n = self.del_len.n = self.delete_bracket.n = self.eq_a.n = self.eq_b.n = 0
        self.delete.p = self.del_len.p = self.delete_bracket.p = self.eq_a.p = self.eq_b.p = NULL
        self.delete.len = self.del_len.len = self.delete_bracket.len = NULL
        self.eq_a.len = self.eq_b.len = NULL
        for i in range(1024):
            self.flen[i] = 0
        for i in range(12):
            self.tot[0][i] = 0
            self.tot[1][i] = 0

    def __init__(self, prepared=None):
        """`prepared`: an `evalb.core.PreparedParams` made with as_bytes=True (None: only
        `source_text` and `texts_block` are asked for)."""
        self.keep = []
        if prepared is None:
            return
        self.labeled = prepared.labeled
        self.cutoff = prepared.params.cutoff_len
        self._fill(&self.delete, sorted(prepared.delete))
        self._fill(&self.del_len, sorted(prepared.delete_for_length))
        self._fill(&self.delete_bracket, sorted(prepared.delete_bracket))
        pairs = sorted({(a, b) for a, partners in prepared.label_eq.items() for b in partners})
        self._fill(&self.eq_a, [a for a, _ in pairs])
        self._fill(&self.eq_b, [b for _, b in pairs])

    cdef _fill(self, StrSet* s, list items):
        cdef int i
        cdef bytes b
        s.n = len(items)
        s.p = <const char**>malloc((s.n + 1) * sizeof(char*))
        s.len = <Py_ssize_t*>malloc((s.n + 1) * sizeof(Py_ssize_t))
        if s.p == NULL or s.len == NULL:
            raise MemoryError()
        for i in range(s.n):
            b = items[i]
            self.keep.append(b)
            s.p[i] = PyBytes_AS_STRING(b)
            s.len[i] = PyBytes_GET_SIZE(b)

    def __dealloc__(self):
        dfree(&self.g)
        dfree(&self.t)
        free(self.out)
        free(self.delete.p); free(self.delete.len)
        free(self.del_len.p); free(self.del_len.len)
        free(self.delete_bracket.p); free(self.delete_bracket.len)
        free(self.eq_a.p); free(self.eq_a.len)
        free(self.eq_b.p); free(self.eq_b.len)

    # -- reading: parse_tree + view_from_tree on plain trees ------------------------------

    cdef int read(self, DView* v, const char* s, Py_ssize_t n) except -1:
        """0 when the line is one tree that parse_tree reads without error and without a
        made-up root; 1 otherwise (the Python reader decides what it is)."""
        cdef Py_ssize_t i, j, k, w, m
        cdef char c
        cdef bint root = False
        cdef DTok* tk
        cdef DBr* b
        v.ntok = v.nb = v.ns = v.nw = v.length = v.odd = 0
        i = dskip(s, 0, n)
        if i == n or s[i] != 40:
            return 1
        while i < n:
            c = s[i]
            if is_ws(c):
                i += 1
            elif c == 40:
                if v.ns == 0 and root:
                    return 1                     # a second tree
                j = dscan(s, i + 1, n)
                k = dskip(s, j, n)
                if k < n and s[k] != 40 and s[k] != 41:     # "(POS word)"
                    if v.ns == 0:
                        return 1                 # a word outside any phrase
                    w = dscan(s, k, n)
                    m = dskip(s, w, n)
                    if m >= n or s[m] != 41:
                        return 1
                    dreserve(<void**>&v.tok, &v.captok, v.ntok + 1, sizeof(DTok))
                    tk = &v.tok[v.ntok]
                    tk.form = s + k
                    tk.fn = w - k
                    tk.pos = s + i + 1
                    tk.pn = j - i - 1
                    v.br[v.stack[v.ns - 1]].kids = 1
                    if json_odd(tk.pos, tk.pn):
                        v.odd = 1
                    if not in_set(&self.del_len, tk.pos, tk.pn):
                        v.length += 1
                    if in_set(&self.delete, tk.pos, tk.pn):
                        tk.kept = -1
                    else:
                        dreserve(<void**>&v.words, &v.capw, v.nw + 1, sizeof(int))
                        tk.kept = v.nw
                        v.words[v.nw] = v.ntok
                        v.nw += 1
                    v.ntok += 1
                    i = m + 1
                    continue
                if v.ns:
                    v.br[v.stack[v.ns - 1]].kids = 1
                dreserve(<void**>&v.br, &v.capb, v.nb + 1, sizeof(DBr))
                dreserve(<void**>&v.stack, &v.caps, v.ns + 1, sizeof(int))
                b = &v.br[v.nb]
                b.lab = s + i + 1
                b.ln = j - i - 1
                b.start = v.nw
                b.end = -1
                b.kids = 0
                if json_odd(b.lab, b.ln):
                    v.odd = 1
                v.stack[v.ns] = v.nb
                v.ns += 1
                v.nb += 1
                root = True
                i = j
            elif c == 41:
                if v.ns == 0:
                    return 1
                v.ns -= 1
                b = &v.br[v.stack[v.ns]]
                if not b.kids:
                    return 1                     # "()" or "(X)"
                b.end = v.nw
                i += 1
            else:
                return 1                         # a word outside a (POS word) bracket
        return 1 if v.ns else 0

    cdef bint same_text(self) nogil:
        """The two views' words, -NONE- tokens left out (`pairing.item_text`), are equal."""
        cdef int i = 0, j = 0
        cdef DTok* a
        cdef DTok* b
        while True:
            while i < self.g.ntok and self.g.tok[i].pn == 6 and memcmp(self.g.tok[i].pos, b"-NONE-", 6) == 0:
                i += 1
            while j < self.t.ntok and self.t.tok[j].pn == 6 and memcmp(self.t.tok[j].pos, b"-NONE-", 6) == 0:
                j += 1
            if i == self.g.ntok or j == self.t.ntok:
                return i == self.g.ntok and j == self.t.ntok
            a = &self.g.tok[i]
            b = &self.t.tok[j]
            if a.fn != b.fn or memcmp(a.form, b.form, a.fn) != 0:
                return False
            i += 1
            j += 1

    def check_block(self, bytes gold, bytes test, int n):
        """Positions (0-based) among the first `n` line pairs whose sentences this kernel
        cannot show to hold the same words (the caller compares their texts in Python)."""
        cdef const char* gs = PyBytes_AS_STRING(gold)
        cdef const char* ts = PyBytes_AS_STRING(test)
        cdef const char* gend = gs + PyBytes_GET_SIZE(gold)
        cdef const char* tend = ts + PyBytes_GET_SIZE(test)
        cdef const char* ge
        cdef const char* te
        cdef int k
        cdef list unsure = []
        for k in range(n):
            ge = <const char*>memchr(gs, 10, gend - gs)
            if ge == NULL:
                ge = gend
            te = <const char*>memchr(ts, 10, tend - ts)
            if te == NULL:
                te = tend
            if self.read(&self.g, gs, ge - gs) or self.read(&self.t, ts, te - ts) \
                    or not self.same_text():
                unsure.append(k)
            gs = ge + 1 if ge < gend else gend
            ts = te + 1 if te < tend else tend
        dtrim(&self.g)
        dtrim(&self.t)
        return unsure

    cdef object text(self, DView* v):
        """The words of a view read without error, -NONE- tokens left out, concatenated:
        `pairing.item_text` once decoded and stripped of whitespace (`words_text`)."""
        cdef int i
        cdef Py_ssize_t size = 0
        cdef DTok* tk
        cdef bytearray out
        cdef char* q
        for i in range(v.ntok):
            tk = &v.tok[i]
            if not (tk.pn == 6 and memcmp(tk.pos, b"-NONE-", 6) == 0):
                size += tk.fn
        out = bytearray(size)
        q = out
        for i in range(v.ntok):
            tk = &v.tok[i]
            if not (tk.pn == 6 and memcmp(tk.pos, b"-NONE-", 6) == 0):
                memcpy(q, tk.form, tk.fn)
                q += tk.fn
        return bytes(out)

    def source_text(self, bytes source):
        """`text` of one sentence's source (UTF-8), None where this kernel does not read
        it as parse_tree does (an error, no tree, words outside any phrase...)."""
        if self.read(&self.g, PyBytes_AS_STRING(source), PyBytes_GET_SIZE(source)):
            return None
        return self.text(&self.g)

    def texts_block(self, bytes block, int n):
        """`text` of each of the first `n` lines, None where this kernel does not read the
        line as parse_tree does."""
        cdef const char* s = PyBytes_AS_STRING(block)
        cdef const char* end = s + PyBytes_GET_SIZE(block)
        cdef const char* e
        cdef int k
        cdef list texts = []
        for k in range(n):
            e = <const char*>memchr(s, 10, end - s)
            if e == NULL:
                e = end
            texts.append(None if self.read(&self.g, s, e - s) else self.text(&self.g))
            s = e + 1 if e < end else end
        dtrim(&self.g)
        return texts

    # -- scoring: EvalbProfile.score on two plain views -----------------------------------

    cdef inline bint label_equal(self, const char* a, Py_ssize_t an, const char* b, Py_ssize_t bn) nogil:
        cdef int i
        if an == bn and memcmp(a, b, an) == 0:
            return True
        for i in range(self.eq_a.n):
            if (self.eq_a.len[i] == an and self.eq_b.len[i] == bn
                    and memcmp(self.eq_a.p[i], a, an) == 0 and memcmp(self.eq_b.p[i], b, bn) == 0):
                return True
        return False

    cdef int keep_brackets(self, DView* v) nogil:
        cdef int i, kept = 0
        cdef Py_ssize_t k
        cdef DBr* b
        for i in range(v.nb):
            b = &v.br[i]
            b.partner = -1
            b.lab_only = -1
            b.cross = 0
            k = 0
            while k < b.ln and b.lab[k] != 45 and b.lab[k] != 61:   # '-' '='
                k += 1
            b.kn = k
            b.kept = b.start != b.end and not in_set(&self.delete_bracket, b.lab, k)
            kept += b.kept
        return kept

    cdef bint compare(self, long* row) nogil:
        """(words, gold, test, matched, crossing, tags) and every bracket's partner,
        label-only partner and crossing flag, when the pair is plainly valid (same words,
        no skip); False otherwise."""
        cdef DView* g = &self.g
        cdef DView* t = &self.t
        cdef int i, j, matched = 0, crossing = 0, tags = 0
        cdef DBr* a
        cdef DBr* b
        cdef DTok* x
        cdef DTok* y
        cdef bint same
        if t.nw == 0 or g.nw != t.nw:
            return False
        if <long long>g.nb * t.nb > 4000000:
            return False         # quadratic below: the O(n log n) Python scorer takes it
        for i in range(g.nw):
            x = &g.tok[g.words[i]]
            y = &t.tok[t.words[i]]
            if x.fn != y.fn or memcmp(x.form, y.form, x.fn) != 0:
                return False
            if self.label_equal(x.pos, x.pn, y.pos, y.pn):
                tags += 1
        row[1] = self.keep_brackets(g)
        row[2] = self.keep_brackets(t)
        for i in range(g.nb):                    # items.match_brackets
            a = &g.br[i]
            if not a.kept:
                continue
            for j in range(t.nb):
                b = &t.br[j]
                if not b.kept or b.partner >= 0 or b.start != a.start or b.end != a.end:
                    continue
                if not self.labeled or self.label_equal(a.lab, a.kn, b.lab, b.kn):
                    a.partner = j
                    b.partner = i
                    matched += 1
                    break
        for i in range(g.nb):                    # items.pair_label_only
            a = &g.br[i]
            if not a.kept or a.partner >= 0:
                continue
            for j in range(t.nb):
                b = &t.br[j]
                if b.kept and b.partner < 0 and b.lab_only < 0 and b.start == a.start and b.end == a.end:
                    a.lab_only = j
                    b.lab_only = i
                    break
        for j in range(t.nb):                    # crossing_flags(test, gold, laminar)
            b = &t.br[j]
            if not b.kept:
                continue
            same = False
            for i in range(g.nb):
                a = &g.br[i]
                if a.kept and a.start == b.start and a.end == b.end:
                    same = True
                    break
            if same:
                continue
            for i in range(g.nb):
                a = &g.br[i]
                if a.kept and dcross(b.start, b.end, a.start, a.end):
                    b.cross = 1
                    crossing += 1
                    break
        for i in range(g.nb):                    # crossing_flags(gold, test)
            a = &g.br[i]
            if not a.kept:
                continue
            for j in range(t.nb):
                b = &t.br[j]
                if b.kept and dcross(a.start, a.end, b.start, b.end):
                    a.cross = 1
                    break
        row[0] = g.nw
        row[3] = matched
        row[4] = crossing
        row[5] = tags
        return True

    cdef void add_total(self, int which, long* r) nogil:
        cdef long* b = self.tot[which]
        b[0] += 1
        b[3] += r[1]
        b[4] += r[2]
        b[5] += r[3]
        if r[1] == r[2] and r[2] == r[3]:
            b[6] += 1
        b[7] += r[0]
        b[8] += r[4]
        if r[4] == 0:
            b[9] += 1
        if r[4] <= 2:
            b[10] += 1
        b[11] += r[5]

    def totals(self):
        """Running totals of the sentences scored here: (all, len<=CUTOFF_LEN), each in
        `evalb.report.Block.fields` order."""
        return (tuple([self.tot[0][i] for i in range(12)]),
                tuple([self.tot[1][i] for i in range(12)]))

    # -- writing --------------------------------------------------------------------------

    cdef int grow_out(self, Py_ssize_t n) except -1:
        cdef Py_ssize_t cap = self.outcap * 2 + n + 65536
        cdef char* q = <char*>realloc(self.out, cap)
        if q == NULL:
            raise MemoryError()
        self.out = q
        self.outcap = cap
        return 0

    cdef inline int put(self, const char* p, Py_ssize_t n) except -1:
        if self.outn + n > self.outcap:
            self.grow_out(n)
        memcpy(self.out + self.outn, p, n)
        self.outn += n
        return 0

    cdef inline int lit(self, const char* p) except -1:
        return self.put(p, strlen(p))

    cdef int put_int(self, long v) except -1:
        cdef char buf[24]
        cdef int i = 24
        cdef bint neg = v < 0
        cdef unsigned long u = <unsigned long>(-v) if neg else <unsigned long>v
        while True:
            i -= 1
            buf[i] = <char>(48 + u % 10)
            u //= 10
            if u == 0:
                break
        if neg:
            i -= 1
            buf[i] = 45
        return self.put(buf + i, 24 - i)

    cdef int put_float(self, double v) except -1:
        """repr(v), as json.dumps and csv write a float (cached: the values repeat)."""
        cdef unsigned long long bits
        cdef int slot
        cdef char* s
        cdef Py_ssize_t n
        memcpy(&bits, &v, 8)
        slot = <int>((bits ^ (bits >> 29) ^ (bits >> 47)) & 1023)
        if self.flen[slot] and memcmp(&self.fval[slot], &v, 8) == 0:
            return self.put(self.fstr[slot], self.flen[slot])
        s = PyOS_double_to_string(v, 114, 0, Py_DTSF_ADD_DOT_0, NULL)
        n = strlen(s)
        if n < 32:
            memcpy(self.fstr[slot], s, n)
            self.fval[slot] = v
            self.flen[slot] = <int>n
        try:
            self.put(s, n)
        finally:
            PyMem_Free(s)
        return 0

    cdef int put_label(self, const char* p, Py_ssize_t n) except -1:
        self.put(b'"', 1)
        self.put(p, n)
        return self.put(b'"', 1)

    cdef int put_brackets(self, DView* v, DView* other, bint gold) except -1:
        cdef int k
        cdef DBr* b
        for k in range(v.nb):
            b = &v.br[k]
            if k:
                self.lit(b", ")
            self.lit(b'{"kind": "bracket", "ref": ')
            self.put_int(k)
            self.lit(b', "label": ')
            self.put_label(b.lab, b.ln if not b.kept else b.kn)
            self.lit(b', "start": ')
            self.put_int(b.start)
            self.lit(b', "end": ')
            self.put_int(b.end)
            if not b.kept:
                self.lit(b', "verdict": "ignored"}')
                continue
            if b.partner >= 0:
                self.lit(b', "verdict": "match"')
            elif b.lab_only >= 0:
                self.lit(b', "verdict": "label_only"')
            elif gold:
                self.lit(b', "verdict": "missing"')
            elif b.cross:
                self.lit(b', "verdict": "crossing"')
            else:
                self.lit(b', "verdict": "extra"')
            if b.cross:
                self.lit(b', "crossing": true')
            if b.partner >= 0:
                self.lit(b', "partner": ')
                self.put_int(b.partner)
            elif b.lab_only >= 0:
                self.lit(b', "partner": ')
                self.put_int(b.lab_only)
            self.lit(b"}")
        return 0

    cdef int put_tags(self, DView* v, DView* other) except -1:
        cdef int k
        cdef bint first = v.nb == 0
        cdef DTok* x
        cdef DTok* y
        for k in range(v.nw):
            x = &v.tok[v.words[k]]
            y = &other.tok[other.words[k]]
            if not first:
                self.lit(b", ")
            first = False
            self.lit(b'{"kind": "tag", "ref": ')
            self.put_int(v.words[k])
            self.lit(b', "label": ')
            self.put_label(x.pos, x.pn)
            self.lit(b', "start": ')
            self.put_int(k)
            self.lit(b', "end": ')
            self.put_int(k + 1)
            if self.label_equal(x.pos, x.pn, y.pos, y.pn):       # (EQ_LABEL is symmetric)
                self.lit(b', "verdict": "match", "partner": ')
            else:
                self.lit(b', "verdict": "wrong_pos", "partner": ')
            self.put_int(other.words[k])
            self.lit(b"}")
        for k in range(v.ntok):
            if v.tok[k].kept < 0:
                if not first:
                    self.lit(b", ")
                first = False
                self.lit(b'{"kind": "tag", "ref": ')
                self.put_int(k)
                self.lit(b', "label": "", "start": -1, "end": -1, "verdict": "ignored"}')
        return 0

    cdef inline int sep(self, bint csv, const char* json_key) except -1:
        if csv:
            return self.put(b",", 1)
        return self.lit(json_key)

    cdef inline int pick(self, bint csv, const char* csv_text, const char* json_text) except -1:
        return self.lit(csv_text if csv else json_text)

    cdef int put_scores(self, long* r, bint csv) except -1:
        """recall, precision, fmeasure, crossing, tagging_accuracy (0/0 as 0.0), as
        `evalb.fill_counts` computes them; JSON keys unless `csv`."""
        cdef double rec = 100.0 * r[3] / r[1] if r[1] else 0.0
        cdef double prec = 100.0 * r[3] / r[2] if r[2] else 0.0
        cdef double f = 0.0
        if r[1] and r[2] and prec + rec:
            f = 2 * prec * rec / (prec + rec)
        self.sep(csv, b'"recall": ')
        self.put_float(rec)
        self.sep(csv, b', "precision": ')
        self.put_float(prec)
        self.sep(csv, b', "fmeasure": ')
        self.put_float(f)
        self.sep(csv, b', "crossing": ')
        self.put_float(<double>r[4])
        self.sep(csv, b', "tagging_accuracy": ')
        self.put_float(100.0 * r[5] / r[0])
        return 0

    cdef int put_flags(self, long* r, bint csv) except -1:
        """The 0/0 figures' flags (`base.zero_flags` order); JSON: the ``"flags"`` key."""
        cdef int n = 0
        if not r[1] or not r[2]:
            self.sep(csv, b', "flags": [')
            if not r[1]:
                self.pick(csv, b"recall:0/0", b'"recall:0/0"')
                n += 1
            if not r[2]:
                if n:
                    self.pick(csv, b" ", b", ")
                self.pick(csv, b"precision:0/0", b'"precision:0/0"')
            self.pick(csv, b" fmeasure:0/0,", b', "fmeasure:0/0"]')
        elif csv:
            self.lit(b",,")
        return 0

    cdef int put_json(self, long index, long other, long length, long* r) except -1:
        self.lit(b',\n  {"index": ')
        self.put_int(index)
        self.lit(b', "status": "valid", "counts": {"sentences": 1, "gold_brackets": ')
        self.put_int(r[1])
        self.lit(b', "test_brackets": ')
        self.put_int(r[2])
        self.lit(b', "matched_brackets": ')
        self.put_int(r[3])
        self.lit(b', "crossing": ')
        self.put_int(r[4])
        self.lit(b', "words": ')
        self.put_int(r[0])
        self.lit(b', "correct_tags": ')
        self.put_int(r[5])
        self.lit(b', "length": ')
        self.put_int(length)
        self.lit(b', "complete_match": ')
        self.put_int(r[1] == r[2] and r[2] == r[3])
        self.lit(b', "no_crossing": ')
        self.put_int(r[4] == 0)
        self.lit(b', "two_or_less_crossing": ')
        self.put_int(r[4] <= 2)
        self.lit(b'}, "scores": {')
        self.put_scores(r, False)
        self.lit(b'}, "pair": {"gold": [')
        self.put_int(index)
        self.lit(b'], "system": [')
        self.put_int(other)
        self.lit(b'], "kind": "same"}')
        self.put_flags(r, False)
        self.lit(b', "gold_items": [')
        self.put_brackets(&self.g, &self.t, True)
        self.put_tags(&self.g, &self.t)
        self.lit(b'], "system_items": [')
        self.put_brackets(&self.t, &self.g, False)
        self.put_tags(&self.t, &self.g)
        self.lit(b"]}")
        return 0

    cdef int put_csv(self, long index, long other, long* r) except -1:
        self.put_int(index)
        self.lit(b",valid,")
        self.put_int(index)
        self.lit(b",")
        self.put_int(other)
        self.lit(b",same")
        self.put_scores(r, True)
        self.put_flags(r, True)
        self.lit(b"\n")
        return 0

    cdef object take(self):
        data = PyBytes_FromStringAndSize(self.out, self.outn)
        self.outn = 0
        return data

    def score_block(self, bytes gold, bytes test, int n, long first, int mode, bytes python=None,
                    bytes numbers=None):
        """Score the first `n` line pairs (sentence `first` is the first): a list of bytes
        (mode 1: JSON sentences, each after ",\\n  "; mode 2: CSV rows; mode 0: nothing,
        totals only) and ints, the block positions of the pairs left to the Python scorer,
        in order: those it does not score exactly, and those where `python[k]` is not 0.
        `numbers`: the (gold, system) sentence numbers of each pair, int64 (default: both
        `first + k`)."""
        cdef const long long* num = NULL
        if numbers is not None:
            if PyBytes_GET_SIZE(numbers) < 16 * n:
                raise ValueError("numbers: two int64 per pair")
            num = <const long long*>PyBytes_AS_STRING(numbers)
        cdef const char* gs = PyBytes_AS_STRING(gold)
        cdef const char* ts = PyBytes_AS_STRING(test)
        cdef const char* gend = gs + PyBytes_GET_SIZE(gold)
        cdef const char* tend = ts + PyBytes_GET_SIZE(test)
        cdef const char* ge
        cdef const char* te
        cdef long row[6]
        cdef int k
        cdef list pieces = []
        self.outn = 0
        for k in range(n):
            ge = <const char*>memchr(gs, 10, gend - gs)
            if ge == NULL:
                ge = gend
            te = <const char*>memchr(ts, 10, tend - ts)
            if te == NULL:
                te = tend
            if ((python is not None and python[k]) or self.read(&self.g, gs, ge - gs)
                    or self.read(&self.t, ts, te - ts)
                    or (mode == 1 and (self.g.odd or self.t.odd)) or not self.compare(row)):
                if self.outn:
                    pieces.append(self.take())
                pieces.append(k)
            else:
                self.add_total(0, row)
                if self.g.length <= self.cutoff:
                    self.add_total(1, row)
                if mode == 1:
                    self.put_json(num[2 * k] if num else first + k,
                                  num[2 * k + 1] if num else first + k, self.g.length, row)
                elif mode == 2:
                    self.put_csv(num[2 * k] if num else first + k,
                                 num[2 * k + 1] if num else first + k, row)
            gs = ge + 1 if ge < gend else gend
            ts = te + 1 if te < tend else tend
        if self.outn:
            pieces.append(self.take())
        dtrim(&self.g)
        dtrim(&self.t)
        if self.outcap > (1 << 26):          # a sentence of 10^5 words wrote ~20 MB
            free(self.out)
            self.out = NULL
            self.outcap = 0
        return pieces

    def alignment(self, long first, long stop):
        """Pairs `first`..`stop - 1` (1-based) as `SentencePair.to_json` of "same" pairs,
        json.dumps'ed, each after ",\\n  "."""
        cdef long i
        self.outn = 0
        for i in range(first, stop):
            self.lit(b',\n  {"gold": [')
            self.put_int(i)
            self.lit(b'], "system": [')
            self.put_int(i)
            self.lit(b'], "kind": "same"}')
        return self.take()


def after_lines(bytes buf, Py_ssize_t start, long n):
    """(offset just after the `n`-th newline at or after `start`, n) in `buf`, or (-1, the
    number of newlines there) when it holds fewer."""
    cdef const char* s = PyBytes_AS_STRING(buf)
    cdef const char* end = s + PyBytes_GET_SIZE(buf)
    cdef const char* p = s + start
    cdef long found = 0
    while found < n:
        p = <const char*>memchr(p, 10, end - p)
        if p == NULL:
            return -1, found
        p += 1
        found += 1
    return p - s, found
