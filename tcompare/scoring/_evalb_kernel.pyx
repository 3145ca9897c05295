# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled EVALB kernel: raw gold and test lines in, rsl rows / counts / totals out.

No Python object is made per token, bracket or sentence: a block of lines is scanned in C,
each sentence pair read into reusable C arrays (word and tag pointers into the line, brackets
as label pointer + span), compared (brackets looked up by their start), and its row
formatted as `evalb_rsl.row`'s printf format would (`put_int`, `put_fixed2`: the same
bytes, without printf's cost).  Only the VALID outcome is computed here; any pair that is
not plainly valid (a read error, no test words, a word-count or word mismatch -- where QUOTE_LABEL
repair, EQ_WORD and EVALB's messages come in) is handed to the pure-Python scorer
(``fallback(gold_line, test_line, compiled)``), so messages and their corner cases have one
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


def line_ends(const unsigned char[:] buf, Py_ssize_t start, Py_ssize_t n):
    """(offset just past the n-th newline at or after `start`, n) -- or, when `buf` (bytes,
    or a mapped file) has fewer, (offset past the last one, how many there are):
    `batch._Lines.take`'s scan."""
    cdef Py_ssize_t size = buf.shape[0], pos = start, count = 0
    cdef const char* p = <const char*>&buf[0] if size else <const char*>""
    cdef const char* nl
    if pos < 0 or pos > size:
        raise ValueError("start outside the buffer")
    while count < n and pos < size:
        nl = <const char*>memchr(p + pos, 10, size - pos)
        if nl == NULL:
            break
        pos = nl - p + 1
        count += 1
    return pos if count else start, count


def fixed2(double x):
    """``b"%6.2f" % x`` by the row formatter (for its differential test)."""
    cdef char buf[400]
    cdef char* q = put_fixed2(buf, x)
    return PyBytes_FromStringAndSize(buf, q - buf)


cdef class EvalbKernel:
    cdef StrSet delete, del_len, delete_bracket, eq_a, eq_b
    cdef object keep          # the bytes objects the sets point into
    cdef object compiled
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

    def __init__(self, compiled, fallback):
        """`compiled`: an `evalb_core.Compiled` made with as_bytes=True."""
        self.compiled = compiled
        self.fallback = fallback
        self.keep = []
        self.labeled = compiled.labeled
        self.cutoff = compiled.params.cutoff_len
        self._fill(&self.delete, sorted(compiled.delete))
        self._fill(&self.del_len, sorted(compiled.delete_for_length))
        self._fill(&self.delete_bracket, sorted(compiled.delete_bracket))
        pairs = sorted({(a, b) for a, partners in compiled.label_eq.items() for b in partners})
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
                                # O(n log n) Python scorer (a depth-1e5 tree: 0.5 s, not 18)
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
        if status == 1:
            b[1] += 1
        elif status == 2:
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
                status = 0
                length = self.g.length
            else:
                g_err, t_err, length, c_err, prow = self.fallback(
                    PyBytes_FromStringAndSize(gs, ge - gs), PyBytes_FromStringAndSize(ts, te - ts),
                    self.compiled)
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
    for those of length <= `cutoff`: per block [sentences, gold, test, matched, complete,
    words, crossing, no crossing, <= 2 crossing, tags, length].  A window's totals of 41k
    rows in microseconds instead of 30 ms of Python (`evalb.row_sums_py` is its twin)."""
    cdef long long s[2][11]
    cdef Py_ssize_t k, n = lazy.shape[0]
    cdef int b, blocks, length, gold, test, matched, crossing
    for b in range(2):
        for k in range(11):
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
            s[b][1] += gold
            s[b][2] += test
            s[b][3] += matched
            s[b][4] += gold == test and test == matched
            s[b][5] += stats[8 * k + 1]
            s[b][6] += crossing
            s[b][7] += crossing == 0
            s[b][8] += crossing <= 2
            s[b][9] += stats[8 * k + 6]
            s[b][10] += length
    return [[s[b][k] for k in range(11)] for b in range(2)]
