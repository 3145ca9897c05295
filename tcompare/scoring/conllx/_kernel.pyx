# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled eval.pl counting engine: raw CoNLL lines in, eval.pl's tallies out.

The same counting as `conllx.report.EvalPl.add` (first pass) and its second pass over the
most frequent errors, on the UTF-8 bytes of the two texts, with no Python object per
token: fields are pointers into the line, and every table eval.pl keeps (CPOSTAG, DEPREL,
frames, focus words, contexts, error kinds, local contexts) is a C hash table from the key's
bytes to its counts, its entries numbered in first-seen order -- the order `conllx.report`
needs to replay Perl's hash order.  What is rare and subtle is asked of Python, once per
distinct value: whether a form is punctuation (non-ASCII forms), the numeric value of a
HEAD that is not plain digits, and the error key when such a HEAD is involved.

Lines must have the same structure in both texts (checked first by `same_structure`);
fields are eval.pl's ``split(/\\s+/)`` columns 1, 3, 6 and 7.
"""

from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcmp, memcpy, memchr
from libc.stdio cimport snprintf
from libc.stdint cimport uint64_t
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize


# -- a growable byte buffer ----------------------------------------------------------------

cdef struct Buf:
    char* p
    Py_ssize_t n
    Py_ssize_t cap


cdef int buf_reserve(Buf* b, Py_ssize_t extra) except -1:
    cdef Py_ssize_t want = b.n + extra
    cdef Py_ssize_t cap
    cdef char* q
    if want <= b.cap:
        return 0
    cap = b.cap * 2 if b.cap else 256
    while cap < want:
        cap *= 2
    q = <char*>realloc(b.p, cap)
    if q == NULL:
        raise MemoryError()
    b.p = q
    b.cap = cap
    return 0


cdef inline int buf_put(Buf* b, const char* s, Py_ssize_t n) except -1:
    if b.n + n > b.cap:
        buf_reserve(b, n)
    memcpy(b.p + b.n, s, n)
    b.n += n
    return 0


# -- a hash table: key bytes -> id (first-seen order) and `ncol` counters per id ------------

cdef struct HT:
    Py_ssize_t cap          # slots (a power of two)
    Py_ssize_t n            # entries
    Py_ssize_t ecap         # entry capacity
    Py_ssize_t* slot        # entry + 1, 0 = empty
    Py_ssize_t* off         # key offset in the arena
    Py_ssize_t* klen
    uint64_t* hv
    long long* cnt          # ncol per entry
    int ncol
    Buf arena


cdef inline uint64_t hash_bytes(const char* p, Py_ssize_t n) nogil:
    cdef uint64_t h = 1469598103934665603ULL
    cdef Py_ssize_t i
    for i in range(n):
        h ^= <unsigned char>p[i]
        h *= 1099511628211ULL
    return h ^ (h >> 29)


cdef int ht_init(HT* t, int ncol) except -1:
    t.cap = 64
    t.n = 0
    t.ecap = 0
    t.ncol = ncol
    t.slot = <Py_ssize_t*>malloc(t.cap * sizeof(Py_ssize_t))
    if t.slot == NULL:
        raise MemoryError()
    cdef Py_ssize_t i
    for i in range(t.cap):
        t.slot[i] = 0
    t.off = NULL
    t.klen = NULL
    t.hv = NULL
    t.cnt = NULL
    t.arena.p = NULL
    t.arena.n = 0
    t.arena.cap = 0
    return 0


cdef void ht_free(HT* t):
    free(t.slot); free(t.off); free(t.klen); free(t.hv); free(t.cnt); free(t.arena.p)
    t.slot = NULL; t.off = NULL; t.klen = NULL; t.hv = NULL; t.cnt = NULL; t.arena.p = NULL


cdef int ht_rehash(HT* t) except -1:
    cdef Py_ssize_t cap = t.cap * 2, i, j
    cdef Py_ssize_t* slot = <Py_ssize_t*>malloc(cap * sizeof(Py_ssize_t))
    if slot == NULL:
        raise MemoryError()
    for i in range(cap):
        slot[i] = 0
    for i in range(t.n):
        j = <Py_ssize_t>(t.hv[i] & <uint64_t>(cap - 1))
        while slot[j]:
            j = (j + 1) & (cap - 1)
        slot[j] = i + 1
    free(t.slot)
    t.slot = slot
    t.cap = cap
    return 0


cdef Py_ssize_t ht_id(HT* t, const char* p, Py_ssize_t n) except -1:
    """The id of key p[:n], added (counters 0) when new."""
    cdef uint64_t h = hash_bytes(p, n)
    cdef Py_ssize_t j = <Py_ssize_t>(h & <uint64_t>(t.cap - 1)), e, c, k
    cdef void* q
    while True:
        e = t.slot[j]
        if e == 0:
            break
        e -= 1
        if t.hv[e] == h and t.klen[e] == n and memcmp(t.arena.p + t.off[e], p, n) == 0:
            return e
        j = (j + 1) & (t.cap - 1)
    if t.n == t.ecap:
        k = t.ecap * 2 if t.ecap else 64
        q = realloc(t.off, k * sizeof(Py_ssize_t))
        if q == NULL:
            raise MemoryError()
        t.off = <Py_ssize_t*>q
        q = realloc(t.klen, k * sizeof(Py_ssize_t))
        if q == NULL:
            raise MemoryError()
        t.klen = <Py_ssize_t*>q
        q = realloc(t.hv, k * sizeof(uint64_t))
        if q == NULL:
            raise MemoryError()
        t.hv = <uint64_t*>q
        if t.ncol:
            q = realloc(t.cnt, k * t.ncol * sizeof(long long))
            if q == NULL:
                raise MemoryError()
            t.cnt = <long long*>q
        t.ecap = k
    e = t.n
    t.off[e] = t.arena.n
    t.klen[e] = n
    t.hv[e] = h
    buf_put(&t.arena, p, n)
    for c in range(t.ncol):
        t.cnt[e * t.ncol + c] = 0
    t.n += 1
    t.slot[j] = e + 1
    if t.n * 2 > t.cap:
        ht_rehash(t)
    return e


cdef Py_ssize_t ht_find(HT* t, const char* p, Py_ssize_t n):
    """The id of key p[:n], or -1."""
    cdef uint64_t h = hash_bytes(p, n)
    cdef Py_ssize_t j = <Py_ssize_t>(h & <uint64_t>(t.cap - 1)), e
    while True:
        e = t.slot[j]
        if e == 0:
            return -1
        e -= 1
        if t.hv[e] == h and t.klen[e] == n and memcmp(t.arena.p + t.off[e], p, n) == 0:
            return e
        j = (j + 1) & (t.cap - 1)


cdef list ht_export(HT* t):
    """[(key bytes, (counter, ...)), ...] in first-seen order."""
    cdef list out = []
    cdef Py_ssize_t e
    cdef int c
    for e in range(t.n):
        out.append((PyBytes_FromStringAndSize(t.arena.p + t.off[e], t.klen[e]),
                    tuple([t.cnt[e * t.ncol + c] for c in range(t.ncol)])))
    return out


# -- reading -----------------------------------------------------------------------------

cdef inline bint is_ws(char c) nogil:
    # Python's re \s with re.ASCII (eval.pl's split(/\s+/) as the port reads it)
    return c == 32 or (c >= 9 and c <= 13)


cdef inline bint blank(const char* s, Py_ssize_t n) nogil:
    cdef Py_ssize_t i
    for i in range(n):
        if not is_ws(s[i]):
            return False
    return True


cdef inline bint same(const char* a, Py_ssize_t an, const char* b, Py_ssize_t bn) nogil:
    return an == bn and memcmp(a, b, an) == 0


cdef inline bint simple_int(const char* s, Py_ssize_t n, long long* v) nogil:
    """Plain ASCII digits (1 to 15 of them): their value."""
    cdef Py_ssize_t i
    cdef long long x = 0
    if n < 1 or n > 15:
        return False
    for i in range(n):
        if s[i] < 48 or s[i] > 57:
            return False
        x = x * 10 + (s[i] - 48)
    v[0] = x
    return True


def same_structure(bytes gold, bytes system):
    """Whether the two texts have the same number of lines and blank lines at the same
    places (eval.pl's reading loop then never stops), and how many sentences that makes."""
    cdef const char* g = PyBytes_AS_STRING(gold)
    cdef const char* s = PyBytes_AS_STRING(system)
    cdef const char* gend = g + PyBytes_GET_SIZE(gold)
    cdef const char* send = s + PyBytes_GET_SIZE(system)
    cdef const char* ge
    cdef const char* se
    cdef long sentences = 1
    cdef bint bg, bs
    while g < gend and s < send:
        ge = <const char*>memchr(g, 10, gend - g)
        if ge == NULL:
            ge = gend
        se = <const char*>memchr(s, 10, send - s)
        if se == NULL:
            se = send
        bg = blank(g, ge - g)
        bs = blank(s, se - s)
        if bg != bs:
            return False, 0
        if bg:
            sentences += 1
        g = ge + 1 if ge < gend else gend
        s = se + 1 if se < send else send
    if g < gend or s < send:
        return False, 0
    return True, sentences


def chunks(bytes gold, bytes system, int parts):
    """`parts` (or fewer) chunks of the two texts (same line structure), cut after blank
    lines: [(gold start, gold end, system start, system end, first sentence number, first
    line, final)], for `EvalCounter.add`."""
    cdef const char* g = PyBytes_AS_STRING(gold)
    cdef const char* s = PyBytes_AS_STRING(system)
    cdef Py_ssize_t gn = PyBytes_GET_SIZE(gold), sn = PyBytes_GET_SIZE(system)
    cdef Py_ssize_t gp = 0, sp = 0, ge, se, g0 = 0, s0 = 0
    cdef long long line = 1, number = 1, line0 = 1, number0 = 1
    cdef Py_ssize_t target = gn // parts + 1 if parts > 1 else gn + 1
    cdef list out = []
    while gp < gn and sp < sn:
        ge = gp
        while ge < gn and g[ge] != 10:
            ge += 1
        se = sp
        while se < sn and s[se] != 10:
            se += 1
        line += 1
        if blank(g + gp, ge - gp):
            number += 1
            if ge + 1 - g0 >= target and ge + 1 < gn and len(out) < parts - 1:
                out.append((g0, ge + 1, s0, se + 1, number0, line0, False))
                g0, s0, line0, number0 = ge + 1, se + 1, line, number
        gp = ge + 1 if ge < gn else gn
        sp = se + 1 if se < sn else sn
    out.append((g0, gn, s0, sn, number0, line0, True))
    return out


def maybe_short_rows(bytes text):
    """False when every token row certainly has 10 or more TAB-separated columns (then
    `short_rows` has nothing to say); True when it must look."""
    cdef const char* p = PyBytes_AS_STRING(text)
    cdef const char* end = p + PyBytes_GET_SIZE(text)
    cdef const char* e
    cdef const char* q
    cdef int tabs
    while p < end:
        e = <const char*>memchr(p, 10, end - p)
        if e == NULL:
            e = end
        if e > p and p[0] != 35 and not blank(p, e - p):     # '#'
            tabs = 0
            q = p
            while q < e:
                if q[0] == 9:
                    tabs += 1
                q += 1
            if tabs < 9:                    # 10 TAB-separated columns or more: never short
                return True
        p = e + 1
    return False


# -- the counter -------------------------------------------------------------------------

DEF MAXF = 8          # fields kept per line: 0..7

cdef struct Tok:
    const char* f[4]      # word, pos, head, dep
    Py_ssize_t n[4]


# table columns
DEF POS_TOT = 0
DEF POS_HEAD = 1
DEF POS_DEP = 2
DEF POS_ANY = 3
DEF POS_BOTH = 4
DEF DEP_G = 0
DEF DEP_S = 1
DEF DEP_CORR = 2
DEF DEP_HEADERR_CORRDEP = 3
DEF W_ANY = 0
DEF W_HEAD = 1
DEF W_DEP = 2
DEF C_TOT = 0
DEF C_HEAD = 1
DEF C_DEP = 2

# the context tables, in EvalPl.con's order
CON_KINDS = ("con_bef", "con_bef_2", "con_aft", "con_aft_2",
             "con_pos_bef", "con_pos_bef_2", "con_pos_aft", "con_pos_aft_2")
DEF K_BEF = 0
DEF K_BEF2 = 1
DEF K_AFT = 2
DEF K_AFT2 = 3
DEF K_PBEF = 4
DEF K_PBEF2 = 5
DEF K_PAFT = 6
DEF K_PAFT2 = 7

DIRECTIONS = ("to_root", "left", "right", "self")
DISTANCES = ("to_root", "1", "2", "3-6", "7-...")


cdef inline str _text(const char* p, Py_ssize_t n):
    return PyBytes_FromStringAndSize(p, n).decode("utf-8", "surrogateescape")


cdef void split_fields(const char* s, Py_ssize_t n, Tok* t):
    """eval.pl's split(/\\s+/) columns 1, 3, 6, 7 ("" when missing)."""
    cdef const char* starts[MAXF]
    cdef Py_ssize_t lens[MAXF]
    cdef int k = 0, i
    cdef Py_ssize_t pos = 0, a
    # a leading run of whitespace gives an empty first field
    if n and is_ws(s[0]):
        starts[0] = s
        lens[0] = 0
        k = 1
        while pos < n and is_ws(s[pos]):
            pos += 1
    while pos < n and k < MAXF:
        a = pos
        while pos < n and not is_ws(s[pos]):
            pos += 1
        starts[k] = s + a
        lens[k] = pos - a
        k += 1
        while pos < n and is_ws(s[pos]):
            pos += 1
    for i in range(k, MAXF):
        starts[i] = s
        lens[i] = 0
    t.f[0] = starts[1]; t.n[0] = lens[1]
    t.f[1] = starts[3]; t.n[1] = lens[3]
    t.f[2] = starts[6]; t.n[2] = lens[6]
    t.f[3] = starts[7]; t.n[3] = lens[7]


cdef class EvalCounter:
    """eval.pl's first-pass tallies over blocks of lines (`add`), then `tallies()`; and
    the second pass (`local_contexts`) over the same blocks."""

    cdef bint score_punct, skip_deriv, want_rows, quiet
    cdef object is_punct, num, error_key
    cdef dict num_cache
    cdef char ascii_punct[128]
    cdef HT words            # form -> is punctuation (non-ASCII forms)
    cdef HT pos, dep, frame, wp, freq
    cdef HT con[8]
    cdef HT loc              # err id (4 bytes) + local context -> count (second pass)
    cdef HT errset           # the frequent error kinds (second pass)
    cdef HT errseen          # second pass: error kinds in first-seen order
    cdef public long long tot, err_any, err_head, err_dep, err_both, punct, deriv, max_pos_len
    cdef long long dir_c[3][4]
    cdef long long dist_c[3][5]
    cdef public long long last_number, sentences
    cdef long long best_v[3]
    cdef long long best_num[3]
    cdef long long best_line[3]
    cdef long long best_es[3][3]
    cdef Buf rows, key, fg, fs
    # per sentence
    cdef Tok* g
    cdef Tok* s
    cdef Py_ssize_t cap
    cdef double* hgv
    cdef double* hsv
    cdef Py_ssize_t* nxt_g
    cdef Py_ssize_t* nxt_s
    cdef Py_ssize_t* head_g
    cdef Py_ssize_t* tail_g
    cdef Py_ssize_t* head_s
    cdef Py_ssize_t* tail_s
    cdef const char** pc_g     # piece text
    cdef Py_ssize_t* pn_g
    cdef char* pk_g             # piece kind: 0 = "dep ", 1 = "*dep* "
    cdef const char** pc_s
    cdef Py_ssize_t* pn_s
    cdef char* pk_s

    def __cinit__(self):
        self.cap = 0
        self.g = NULL; self.s = NULL; self.hgv = NULL; self.hsv = NULL
        self.nxt_g = NULL; self.nxt_s = NULL; self.head_g = NULL; self.tail_g = NULL
        self.head_s = NULL; self.tail_s = NULL
        self.pc_g = NULL; self.pn_g = NULL; self.pk_g = NULL
        self.pc_s = NULL; self.pn_s = NULL; self.pk_s = NULL
        self.rows.p = NULL; self.rows.n = 0; self.rows.cap = 0
        self.key.p = NULL; self.key.n = 0; self.key.cap = 0
        self.fg.p = NULL; self.fg.n = 0; self.fg.cap = 0
        self.fs.p = NULL; self.fs.n = 0; self.fs.cap = 0
        cdef int k
        ht_init(&self.words, 1)
        ht_init(&self.pos, 5)
        ht_init(&self.dep, 4)
        ht_init(&self.frame, 1)
        ht_init(&self.wp, 3)
        ht_init(&self.freq, 1)
        ht_init(&self.loc, 1)
        ht_init(&self.errset, 0)
        ht_init(&self.errseen, 0)
        for k in range(8):
            ht_init(&self.con[k], 3)

    def __init__(self, bint score_punct, bint skip_deriv, bint want_rows, is_punct, num, error_key,
                 bint quiet=False):
        """`is_punct(str)`, `num(str)` and `error_key(head_g, head_s, dep_g, dep_s, i)` are
        conllx_report's own functions, asked only for what is not plain ASCII digits.
        `quiet`: count only what ``-q`` prints (totals and the ``-b`` rows)."""
        cdef int c, k, j
        self.quiet = quiet
        self.score_punct = score_punct
        self.skip_deriv = skip_deriv
        self.want_rows = want_rows
        self.is_punct = is_punct
        self.num = num
        self.error_key = error_key
        self.num_cache = {}
        for c in range(128):
            self.ascii_punct[c] = 1 if is_punct(chr(c)) else 0
        self.tot = self.err_any = self.err_head = self.err_dep = self.err_both = 0
        self.punct = self.deriv = 0
        self.max_pos_len = 4          # len("CPOS")
        for k in range(3):
            for j in range(4):
                self.dir_c[k][j] = 0
            for j in range(5):
                self.dist_c[k][j] = 0
            self.best_v[k] = -1
            self.best_num[k] = 1
            self.best_line[k] = 0
            for j in range(3):
                self.best_es[k][j] = 0
        self.last_number = 0
        self.sentences = 0

    def __dealloc__(self):
        cdef int k
        ht_free(&self.words); ht_free(&self.pos); ht_free(&self.dep); ht_free(&self.frame)
        ht_free(&self.wp); ht_free(&self.freq); ht_free(&self.loc); ht_free(&self.errset)
        ht_free(&self.errseen)
        for k in range(8):
            ht_free(&self.con[k])
        free(self.rows.p); free(self.key.p); free(self.fg.p); free(self.fs.p)
        free(self.g); free(self.s); free(self.hgv); free(self.hsv)
        free(self.nxt_g); free(self.nxt_s); free(self.head_g); free(self.tail_g)
        free(self.head_s); free(self.tail_s)
        free(self.pc_g); free(self.pn_g); free(self.pk_g)
        free(self.pc_s); free(self.pn_s); free(self.pk_s)

    cdef int reserve(self, Py_ssize_t n) except -1:
        cdef Py_ssize_t cap = self.cap
        if n + 2 <= cap:
            return 0
        cap = cap * 2 if cap else 256
        while cap < n + 2:
            cap *= 2
        self.g = <Tok*>realloc(self.g, cap * sizeof(Tok))
        self.s = <Tok*>realloc(self.s, cap * sizeof(Tok))
        self.hgv = <double*>realloc(self.hgv, cap * sizeof(double))
        self.hsv = <double*>realloc(self.hsv, cap * sizeof(double))
        self.head_g = <Py_ssize_t*>realloc(self.head_g, cap * sizeof(Py_ssize_t))
        self.tail_g = <Py_ssize_t*>realloc(self.tail_g, cap * sizeof(Py_ssize_t))
        self.head_s = <Py_ssize_t*>realloc(self.head_s, cap * sizeof(Py_ssize_t))
        self.tail_s = <Py_ssize_t*>realloc(self.tail_s, cap * sizeof(Py_ssize_t))
        # two pieces per token and side
        self.nxt_g = <Py_ssize_t*>realloc(self.nxt_g, 2 * cap * sizeof(Py_ssize_t))
        self.nxt_s = <Py_ssize_t*>realloc(self.nxt_s, 2 * cap * sizeof(Py_ssize_t))
        self.pc_g = <const char**>realloc(self.pc_g, 2 * cap * sizeof(char*))
        self.pn_g = <Py_ssize_t*>realloc(self.pn_g, 2 * cap * sizeof(Py_ssize_t))
        self.pk_g = <char*>realloc(self.pk_g, 2 * cap)
        self.pc_s = <const char**>realloc(self.pc_s, 2 * cap * sizeof(char*))
        self.pn_s = <Py_ssize_t*>realloc(self.pn_s, 2 * cap * sizeof(Py_ssize_t))
        self.pk_s = <char*>realloc(self.pk_s, 2 * cap)
        if (self.g == NULL or self.s == NULL or self.hgv == NULL or self.hsv == NULL
                or self.head_g == NULL or self.tail_g == NULL or self.head_s == NULL
                or self.tail_s == NULL or self.nxt_g == NULL or self.nxt_s == NULL
                or self.pc_g == NULL or self.pn_g == NULL or self.pk_g == NULL
                or self.pc_s == NULL or self.pn_s == NULL or self.pk_s == NULL):
            raise MemoryError()
        self.cap = cap
        return 0

    # -- values asked of Python ---------------------------------------------------------

    cdef bint punctuation(self, const char* w, Py_ssize_t n) except -1:
        cdef Py_ssize_t i, e
        cdef bint ascii = True
        if n == 0:
            return False
        for i in range(n):
            if <unsigned char>w[i] >= 128:
                ascii = False
                break
        if ascii:
            for i in range(n):
                if not self.ascii_punct[<unsigned char>w[i]]:
                    return False
            return True
        e = self.words.n
        i = ht_id(&self.words, w, n)
        if i == e:            # new: ask once
            self.words.cnt[i] = 1 if self.is_punct(
                PyBytes_FromStringAndSize(w, n).decode("utf-8", "surrogateescape")) else 0
        return self.words.cnt[i] != 0

    cdef double value(self, const char* h, Py_ssize_t n, bint* simple) except? -1.5:
        cdef long long v
        if simple_int(h, n, &v):
            simple[0] = True
            return <double>v
        simple[0] = False
        key = PyBytes_FromStringAndSize(h, n)
        x = self.num_cache.get(key)
        if x is None:
            x = float(self.num(key.decode("utf-8", "surrogateescape")))
            if len(self.num_cache) < 65536:
                self.num_cache[key] = x
        return <double>x

    # -- one sentence -------------------------------------------------------------------

    cdef inline void piece(self, bint gold, Py_ssize_t frame, Py_ssize_t k, const char* p,
                           Py_ssize_t n, char kind):
        """Append piece k (text p[:n] in form `kind`) to `frame` of the gold/system side."""
        if gold:
            self.pc_g[k] = p; self.pn_g[k] = n; self.pk_g[k] = kind; self.nxt_g[k] = -1
            if self.head_g[frame] < 0:
                self.head_g[frame] = k
            else:
                self.nxt_g[self.tail_g[frame]] = k
            self.tail_g[frame] = k
        else:
            self.pc_s[k] = p; self.pn_s[k] = n; self.pk_s[k] = kind; self.nxt_s[k] = -1
            if self.head_s[frame] < 0:
                self.head_s[frame] = k
            else:
                self.nxt_s[self.tail_s[frame]] = k
            self.tail_s[frame] = k

    cdef int build_frame(self, Buf* b, Py_ssize_t k, Py_ssize_t first, const char** pc,
                         Py_ssize_t* pn, char* pk, Py_ssize_t* nxt) except -1:
        b.n = 0
        if k == 0:
            buf_put(b, "** ", 3)
        while first >= 0:
            if pk[first]:
                buf_put(b, "*", 1)
                buf_put(b, pc[first], pn[first])
                buf_put(b, "* ", 2)
            else:
                buf_put(b, pc[first], pn[first])
                buf_put(b, " ", 1)
            first = nxt[first]
        return 0

    cdef inline Py_ssize_t frame_index(self, double head, Py_ssize_t size):
        """`_frame_add`'s index for `head` among `size` frames, or -1."""
        cdef Py_ssize_t idx
        if not (-size <= head and head < size):
            return -1
        idx = <Py_ssize_t>head
        if idx < 0:
            idx += size
            if idx < 0:
                return -1
        return idx

    cdef inline char aft_bef(self, const char* h, Py_ssize_t n, double v, Py_ssize_t i):
        cdef char buf[24]
        cdef int m
        if n == 1 and h[0] == 48:
            return 48                       # '0'
        m = snprintf(buf, 24, "%ld", <long>(i + 1))
        if m == n and memcmp(buf, h, n) == 0:
            return 101                      # 'e'
        return 98 if v <= i + 1 else 97     # 'b' / 'a'

    cdef int error_key_into(self, Buf* b, Tok* g, Tok* s, double hg, double hs,
                            bint simple_g, bint simple_s, Py_ssize_t i) except -1:
        """eval.pl's error key of token i into b (b.n = its length)."""
        cdef char ag, as_
        cdef char num[32]
        cdef int m
        cdef long long vg = 0, vs = 0
        b.n = 0
        if not (simple_g and simple_s):
            key = self.error_key(_text(g.f[2], g.n[2]), _text(s.f[2], s.n[2]),
                                 _text(g.f[3], g.n[3]), _text(s.f[3], s.n[3]), i)
            data = key.encode("utf-8", "surrogateescape")
            buf_put(b, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
            return 0
        ag = self.aft_bef(g.f[2], g.n[2], hg, i)
        as_ = self.aft_bef(s.f[2], s.n[2], hs, i)
        if same(g.f[2], g.n[2], s.f[2], s.n[2]):
            buf_put(b, "-", 1)
        elif as_ == 48:
            buf_put(b, "0", 1)
        else:
            simple_int(g.f[2], g.n[2], &vg)
            simple_int(s.f[2], s.n[2], &vs)
            m = snprintf(num, 32, "%lld", vs - vg)
            buf_put(b, num, m)
        buf_put(b, "0x01", 4)
        buf_put(b, &ag, 1)
        buf_put(b, &as_, 1)
        buf_put(b, "0x01", 4)
        if same(g.f[3], g.n[3], s.f[3], s.n[3]):
            buf_put(b, "-", 1)
        else:
            buf_put(b, g.f[3], g.n[3])
            buf_put(b, "->", 2)
            buf_put(b, s.f[3], s.n[3])
        return 0

    cdef inline int put_wp(self, Buf* b, Tok* t, bint edge, const char* marker) except -1:
        """wp_x: the marker (".S" before, ".E" after) past the sentence's edge or for a word
        spelled like it, else "word / pos"."""
        if edge or same(t.f[0], t.n[0], marker, 2):
            buf_put(b, marker, 2)
        else:
            buf_put(b, t.f[0], t.n[0])
            buf_put(b, " / ", 3)
            buf_put(b, t.f[1], t.n[1])
        return 0

    cdef inline int con_add(self, int kind, Buf* b, long long eh, long long ed) except -1:
        cdef HT* t = &self.con[kind]
        cdef Py_ssize_t e = ht_id(t, b.p, b.n)
        t.cnt[3 * e + C_TOT] += 1
        t.cnt[3 * e + C_HEAD] += eh
        t.cnt[3 * e + C_DEP] += ed
        return 0

    cdef inline bint scoring(self, Tok* t) except -1:
        if not self.score_punct and self.punctuation(t.f[0], t.n[0]):
            return False
        if self.skip_deriv and same(t.f[3], t.n[3], "DERIV", 5):
            return False
        return True

    cdef int sentence(self, Py_ssize_t n, long long number, long long start_line) except -1:
        cdef Py_ssize_t i, e, fi, k
        cdef Tok* g
        cdef Tok* s
        cdef bint err_head, err_dep, sg, ss
        cdef double hg, hs, d
        cdef long long s_tot = 0, s_any = 0, s_head = 0
        cdef long long es[3]
        cdef long long eh, ed
        cdef int dg, ds
        cdef Buf* key = &self.key
        cdef char rowbuf[160]
        cdef int m
        cdef const char* unl
        cdef const char* lab
        cdef char ubuf[16]
        cdef char lbuf[16]
        es[0] = es[1] = es[2] = 0       # head, dep, word
        self.reserve(n + 1)
        for k in range(n + 1):
            self.head_g[k] = -1
            self.head_s[k] = -1
        for i in range(n):
            g = &self.g[i]
            s = &self.s[i]
            if not self.score_punct and self.punctuation(g.f[0], g.n[0]):
                self.punct += 1
                continue
            if self.skip_deriv and same(g.f[3], g.n[3], "DERIV", 5):
                self.deriv += 1
                continue
            if self.quiet:
                err_head = not same(g.f[2], g.n[2], s.f[2], s.n[2])
                err_dep = not same(g.f[3], g.n[3], s.f[3], s.n[3])
                self.tot += 1
                s_tot += 1
                if err_head or err_dep:
                    s_any += 1
                    self.err_any += 1
                if err_head:
                    s_head += 1
                    self.err_head += 1
                if err_dep:
                    self.err_dep += 1
                continue
            if g.n[1] > self.max_pos_len:
                self.max_pos_len = g.n[1]
            self.tot += 1
            e = ht_id(&self.pos, g.f[1], g.n[1])
            self.pos.cnt[5 * e + POS_TOT] += 1
            hg = self.value(g.f[2], g.n[2], &sg)
            hs = self.value(s.f[2], s.n[2], &ss)
            fi = self.frame_index(hg, n + 1)
            if fi >= 0:
                self.piece(True, fi, 2 * i, g.f[3], g.n[3], 0)
            fi = self.frame_index(hs, n + 1)
            if fi >= 0:
                self.piece(False, fi, 2 * i, s.f[3], s.n[3], 0)
            self.piece(True, i + 1, 2 * i + 1, g.f[3], g.n[3], 1)
            self.piece(False, i + 1, 2 * i + 1, g.f[3], g.n[3], 1)
            e = ht_id(&self.dep, g.f[3], g.n[3])
            self.dep.cnt[4 * e + DEP_G] += 1
            err_dep = not same(g.f[3], g.n[3], s.f[3], s.n[3])
            if not err_dep:
                self.dep.cnt[4 * e + DEP_CORR] += 1
            e = ht_id(&self.dep, s.f[3], s.n[3])
            self.dep.cnt[4 * e + DEP_S] += 1
            # direction: to_root, left, right, self
            dg = 0 if hg == 0 else (1 if hg < i + 1 else (2 if hg > i + 1 else 3))
            ds = 0 if hs == 0 else (1 if hs < i + 1 else (2 if hs > i + 1 else 3))
            self.dir_c[0][dg] += 1
            self.dir_c[1][ds] += 1
            if dg == ds:
                self.dir_c[2][dg] += 1
            # distance: to_root, 1, 2, 3-6, 7-...
            d = hg - (i + 1)
            if d < 0:
                d = -d
            dg = 0 if hg == 0 else (1 if d <= 1 else (2 if d <= 2 else (3 if d <= 6 else 4)))
            d = hs - (i + 1)
            if d < 0:
                d = -d
            ds = 0 if hs == 0 else (1 if d <= 1 else (2 if d <= 2 else (3 if d <= 6 else 4)))
            self.dist_c[0][dg] += 1
            self.dist_c[1][ds] += 1
            if dg == ds:
                self.dist_c[2][dg] += 1
            err_head = not same(g.f[2], g.n[2], s.f[2], s.n[2])
            s_tot += 1
            if err_head or err_dep:
                s_any += 1
            if err_head:
                s_head += 1
            if not err_dep and err_head:
                e = ht_id(&self.dep, s.f[3], s.n[3])
                self.dep.cnt[4 * e + DEP_HEADERR_CORRDEP] += 1
            if not (err_head or err_dep):
                continue
            e = ht_id(&self.pos, g.f[1], g.n[1])
            key.n = 0
            buf_put(key, g.f[0], g.n[0])
            buf_put(key, " / ", 3)
            buf_put(key, g.f[1], g.n[1])
            k = ht_id(&self.wp, key.p, key.n)
            if err_head:
                es[0] += 1
                self.err_head += 1
                self.wp.cnt[3 * k + W_HEAD] += 1
                self.pos.cnt[5 * e + POS_HEAD] += 1
            if err_dep:
                es[1] += 1
                self.err_dep += 1
                self.wp.cnt[3 * k + W_DEP] += 1
                self.pos.cnt[5 * e + POS_DEP] += 1
                if err_head:
                    self.err_both += 1
                    self.pos.cnt[5 * e + POS_BOTH] += 1
            es[2] += 1
            self.err_any += 1
            self.wp.cnt[3 * k + W_ANY] += 1
            self.pos.cnt[5 * e + POS_ANY] += 1
            eh = 1 if err_head else 0
            ed = 1 if err_dep else 0
            # contexts (all gold tokens count as context, scoring or not)
            if not (i >= 1 and same(self.g[i - 1].f[0], self.g[i - 1].n[0], ".S", 2)) and i >= 1:
                key.n = 0
                self.put_wp(key, &self.g[i - 2] if i >= 2 else NULL, i < 2, ".S")
                buf_put(key, " + ", 3)
                self.put_wp(key, &self.g[i - 1], False, ".S")
                self.con_add(K_BEF2, key, eh, ed)
                key.n = 0
                self.put_wp(key, &self.g[i - 1], False, ".S")
                self.con_add(K_BEF, key, eh, ed)
            if i <= n - 2 and not same(self.g[i + 1].f[0], self.g[i + 1].n[0], ".E", 2):
                key.n = 0
                self.put_wp(key, &self.g[i + 1], False, ".E")
                buf_put(key, " + ", 3)
                self.put_wp(key, &self.g[i + 2] if i <= n - 3 else NULL, i > n - 3, ".E")
                self.con_add(K_AFT2, key, eh, ed)
                key.n = 0
                self.put_wp(key, &self.g[i + 1], False, ".E")
                self.con_add(K_AFT, key, eh, ed)
            key.n = 0
            if i >= 2:
                buf_put(key, self.g[i - 2].f[1], self.g[i - 2].n[1])
            else:
                buf_put(key, ".S", 2)
            buf_put(key, "+", 1)
            if i >= 1:
                buf_put(key, self.g[i - 1].f[1], self.g[i - 1].n[1])
            else:
                buf_put(key, ".S", 2)
            self.con_add(K_PBEF2, key, eh, ed)
            key.n = 0
            if i >= 1:
                buf_put(key, self.g[i - 1].f[1], self.g[i - 1].n[1])
            else:
                buf_put(key, ".S", 2)
            self.con_add(K_PBEF, key, eh, ed)
            key.n = 0
            if i <= n - 2:
                buf_put(key, self.g[i + 1].f[1], self.g[i + 1].n[1])
            else:
                buf_put(key, ".E", 2)
            buf_put(key, "+", 1)
            if i <= n - 3:
                buf_put(key, self.g[i + 2].f[1], self.g[i + 2].n[1])
            else:
                buf_put(key, ".E", 2)
            self.con_add(K_PAFT2, key, eh, ed)
            key.n = 0
            if i <= n - 2:
                buf_put(key, self.g[i + 1].f[1], self.g[i + 1].n[1])
            else:
                buf_put(key, ".E", 2)
            self.con_add(K_PAFT, key, eh, ed)
            self.error_key_into(key, g, s, hg, hs, sg, ss, i)
            e = ht_id(&self.freq, key.p, key.n)
            self.freq.cnt[e] += 1
        # frames: where gold and system differ
        for k in range(n + 1 if not self.quiet else 0):
            if k > 0 and self.head_g[k] < 0 and self.head_s[k] < 0:
                continue                    # both empty
            self.build_frame(&self.fg, k, self.head_g[k], self.pc_g, self.pn_g, self.pk_g, self.nxt_g)
            self.build_frame(&self.fs, k, self.head_s[k], self.pc_s, self.pn_s, self.pk_s, self.nxt_s)
            if same(self.fg.p, self.fg.n, self.fs.p, self.fs.n):
                continue
            key.n = 0
            buf_put(key, self.fg.p, self.fg.n)
            buf_put(key, "/ ", 2)
            buf_put(key, self.fs.p, self.fs.n)
            e = ht_id(&self.frame, key.p, key.n)
            self.frame.cnt[e] += 1
        # the sentence with the most errors of each kind (the first one on a tie)
        for k in range(3):
            if es[k] > self.best_v[k]:
                self.best_v[k] = es[k]
                self.best_num[k] = number
                self.best_line[k] = start_line
                self.best_es[k][0] = es[0]
                self.best_es[k][1] = es[1]
                self.best_es[k][2] = es[2]
        self.last_number = number
        self.sentences += 1
        if self.want_rows and n > 0:
            if s_tot > 0:
                snprintf(ubuf, 16, "%6.2f", 100 - s_head * 100.0 / s_tot)
                snprintf(lbuf, 16, "%6.2f", 100 - s_any * 100.0 / s_tot)
                unl = ubuf
                lab = lbuf
            else:
                unl = lab = "   NaN"
            m = snprintf(rowbuf, 160, "  %4lld %4lld    0  %s %s  %4lld    %4lld        %4lld    0 0 0 0\n",
                         number, <long long>n, unl, lab, s_tot - s_head, s_tot - s_any, s_tot)
            buf_put(&self.rows, rowbuf, m)
        return 0

    # -- blocks -------------------------------------------------------------------------

    def add(self, bytes gold, bytes system, tuple chunk):
        """Count the sentences of a chunk of the two texts (same line structure): `chunk` =
        (gold start, gold end, system start, system end, number of its first sentence, line
        of its first line, final).  A blank line ends each sentence, and the chunk's end
        ends one more when `final` (end of file)."""
        self.scan(gold, system, chunk, 0)

    def local_contexts(self, bytes gold, bytes system, tuple chunk, frequent):
        """The second pass over the same blocks: for each error kind in `frequent` (keys as
        bytes), the counts of its 64 local contexts, as [(err, contexts, counts)...] in
        first-seen order: `contexts` the contexts joined by newlines (a context has no
        whitespace), `counts` their counts as native int64s, both in first-seen order --
        two bytes objects per kind, not a Python object per context (they can be many)."""
        cdef Py_ssize_t e, t, kinds = self.errseen.n, i
        cdef HT* loc = &self.loc
        cdef Buf* keys
        cdef Buf* counts
        cdef const unsigned char* k
        cdef long long c
        for key in frequent:
            ht_id(&self.errset, PyBytes_AS_STRING(key), PyBytes_GET_SIZE(key))
        self.scan(gold, system, chunk, 1)
        kinds = self.errseen.n
        keys = <Buf*>malloc((kinds + 1) * sizeof(Buf))
        counts = <Buf*>malloc((kinds + 1) * sizeof(Buf))
        if keys == NULL or counts == NULL:
            free(keys); free(counts)
            raise MemoryError()
        for t in range(kinds):
            keys[t].p = NULL; keys[t].n = 0; keys[t].cap = 0
            counts[t].p = NULL; counts[t].n = 0; counts[t].cap = 0
        out = []
        try:
            for e in range(loc.n):
                k = <const unsigned char*>(loc.arena.p + loc.off[e])
                t = k[0] | (k[1] << 8) | (k[2] << 16) | (k[3] << 24)
                if keys[t].n:
                    buf_put(&keys[t], "\n", 1)
                buf_put(&keys[t], <const char*>(k + 4), loc.klen[e] - 4)
                c = loc.cnt[e]
                buf_put(&counts[t], <const char*>&c, sizeof(long long))
            ht_free(loc)                 # (this counter's second pass is over)
            ht_init(loc, 1)
            for t in range(kinds):
                out.append((PyBytes_FromStringAndSize(self.errseen.arena.p + self.errseen.off[t],
                                                      self.errseen.klen[t]),
                            PyBytes_FromStringAndSize(keys[t].p, keys[t].n),
                            PyBytes_FromStringAndSize(counts[t].p, counts[t].n)))
        finally:
            for i in range(kinds):
                free(keys[i].p); free(counts[i].p)
            free(keys); free(counts)
        return out

    cdef int scan(self, bytes gold, bytes system, tuple chunk, int second) except -1:
        cdef Py_ssize_t g0 = chunk[0], g1 = chunk[1], s0 = chunk[2], s1 = chunk[3]
        cdef long long number = chunk[4], line = chunk[5]
        cdef bint final = chunk[6]
        if not (0 <= g0 <= g1 <= PyBytes_GET_SIZE(gold) and 0 <= s0 <= s1 <= PyBytes_GET_SIZE(system)):
            raise ValueError("chunk outside the texts")
        cdef const char* gp = PyBytes_AS_STRING(gold) + g0
        cdef const char* sp = PyBytes_AS_STRING(system) + s0
        cdef const char* gend = PyBytes_AS_STRING(gold) + g1
        cdef const char* send = PyBytes_AS_STRING(system) + s1
        cdef const char* ge
        cdef const char* se
        cdef Py_ssize_t n = 0
        cdef long long start = line
        while gp < gend and sp < send:
            ge = <const char*>memchr(gp, 10, gend - gp)
            if ge == NULL:
                ge = gend
            se = <const char*>memchr(sp, 10, send - sp)
            if se == NULL:
                se = send
            if blank(gp, ge - gp):
                if second:
                    self.second(n)
                else:
                    self.sentence(n, number, start)
                number += 1
                start = line + 1
                n = 0
            else:
                self.reserve(n + 1)
                split_fields(gp, ge - gp, &self.g[n])
                split_fields(sp, se - sp, &self.s[n])
                n += 1
            line += 1
            gp = ge + 1 if ge < gend else gend
            sp = se + 1 if se < send else send
        if final:
            self.reserve(n + 1)
            if second:
                self.second(n)
            else:
                self.sentence(n, number, start)
        return 0

    cdef int second(self, Py_ssize_t n) except -1:
        cdef Py_ssize_t i, e, k
        cdef int mask, b
        cdef Tok* g
        cdef Tok* s
        cdef bint sg, ss
        cdef double hg, hs
        cdef Buf* key = &self.key
        cdef const char* fp[6]
        cdef Py_ssize_t fn[6]
        cdef unsigned char eid[4]
        for i in range(n):
            g = &self.g[i]
            s = &self.s[i]
            if not self.scoring(g):
                continue
            if same(g.f[2], g.n[2], s.f[2], s.n[2]) and same(g.f[3], g.n[3], s.f[3], s.n[3]):
                continue
            hg = self.value(g.f[2], g.n[2], &sg)
            hs = self.value(s.f[2], s.n[2], &ss)
            self.error_key_into(key, g, s, hg, hs, sg, ss, i)
            if ht_find(&self.errset, key.p, key.n) < 0:
                continue
            e = ht_id(&self.errseen, key.p, key.n)
            eid[0] = e & 255; eid[1] = (e >> 8) & 255; eid[2] = (e >> 16) & 255; eid[3] = (e >> 24) & 255
            # (pos before, word before, word, pos, pos after, word after)
            if i >= 1:
                fp[0] = self.g[i - 1].f[1]; fn[0] = self.g[i - 1].n[1]
                fp[1] = self.g[i - 1].f[0]; fn[1] = self.g[i - 1].n[0]
            else:
                fp[0] = fp[1] = ".S"; fn[0] = fn[1] = 2
            fp[2] = g.f[0]; fn[2] = g.n[0]
            fp[3] = g.f[1]; fn[3] = g.n[1]
            if i <= n - 2:
                fp[4] = self.g[i + 1].f[1]; fn[4] = self.g[i + 1].n[1]
                fp[5] = self.g[i + 1].f[0]; fn[5] = self.g[i + 1].n[0]
            else:
                fp[4] = fp[5] = ".E"; fn[4] = fn[5] = 2
            for k in range(64):
                mask = k + 1 if k < 63 else 0
                key.n = 0
                buf_put(key, <const char*>eid, 4)
                for b in range(6):
                    if b:
                        buf_put(key, "0x01", 4)
                    if mask >> b & 1:
                        buf_put(key, fp[b], fn[b])
                    else:
                        buf_put(key, "*", 1)
                e = ht_id(&self.loc, key.p, key.n)
                self.loc.cnt[e] += 1
        return 0

    # -- results ------------------------------------------------------------------------

    def tallies(self):
        """Everything `conllx.report` prints from the first pass, as plain values."""
        cdef int k
        return {
            "tot": self.tot, "err_any": self.err_any, "err_head": self.err_head,
            "err_dep": self.err_dep, "err_both": self.err_both, "punct": self.punct,
            "deriv": self.deriv, "max_pos_len": self.max_pos_len,
            "pos": ht_export(&self.pos), "dep": ht_export(&self.dep),
            "frame": ht_export(&self.frame), "wp": ht_export(&self.wp),
            "freq": ht_export(&self.freq),
            "con": {CON_KINDS[k]: ht_export(&self.con[k]) for k in range(8)},
            "dir": [[self.dir_c[j][k] for k in range(4)] for j in range(3)],
            "dist": [[self.dist_c[j][k] for k in range(5)] for j in range(3)],
            "best": [(self.best_v[k], self.best_num[k], self.best_line[k],
                      (self.best_es[k][0], self.best_es[k][1], self.best_es[k][2])) for k in range(3)],
            "last": self.last_number, "sentences": self.sentences,
            "rows": PyBytes_FromStringAndSize(self.rows.p, self.rows.n) if self.rows.n else b"",
        }


def word_pos_differs(bytes gold, bytes system):
    """Whether some token line pair (same line structure) differs in FORM or CPOSTAG
    (eval07.pl then warns about the first one)."""
    cdef const char* gp = PyBytes_AS_STRING(gold)
    cdef const char* sp = PyBytes_AS_STRING(system)
    cdef const char* gend = gp + PyBytes_GET_SIZE(gold)
    cdef const char* send = sp + PyBytes_GET_SIZE(system)
    cdef const char* ge
    cdef const char* se
    cdef Tok a, b
    while gp < gend and sp < send:
        ge = <const char*>memchr(gp, 10, gend - gp)
        if ge == NULL:
            ge = gend
        se = <const char*>memchr(sp, 10, send - sp)
        if se == NULL:
            se = send
        if not blank(gp, ge - gp):
            split_fields(gp, ge - gp, &a)
            split_fields(sp, se - sp, &b)
            if not (same(a.f[0], a.n[0], b.f[0], b.n[0]) and same(a.f[1], a.n[1], b.f[1], b.n[1])):
                return True
        gp = ge + 1 if ge < gend else gend
        sp = se + 1 if se < send else send
    return False


# -- Perl's hash function (perlhash.perl_hash, compiled) ---------------------------------------

from libc.stdint cimport uint32_t


cdef inline uint64_t rotl64(uint64_t x, int r) nogil:
    return (x << r) | (x >> (64 - r))


cdef class PerlHasher:
    """`perlhash.perl_hash` on UTF-8 bytes: SBOX32 for keys up to 24 bytes (the table
    `perlhash._state()` computes, handed in), SipHash-1-3 with a zero key beyond."""

    cdef uint32_t* table
    cdef Py_ssize_t size

    def __cinit__(self, list state):
        cdef Py_ssize_t i
        self.size = len(state)
        self.table = <uint32_t*>malloc(self.size * sizeof(uint32_t))
        if self.table == NULL:
            raise MemoryError()
        for i in range(self.size):
            self.table[i] = <uint32_t>state[i]

    def __dealloc__(self):
        free(self.table)

    def __call__(self, bytes key):
        cdef const unsigned char* p = <const unsigned char*>PyBytes_AS_STRING(key)
        cdef Py_ssize_t n = PyBytes_GET_SIZE(key), i, end
        cdef uint32_t h
        cdef uint64_t v0, v1, v2, v3, m, hh
        cdef int r
        if n <= 24:
            h = self.table[0]
            for i in range(n):
                h ^= self.table[1 + 256 * i + p[i]]
            return h
        v0 = 0x736F6D6570736575ULL
        v1 = 0x646F72616E646F6DULL
        v2 = 0x6C7967656E657261ULL
        v3 = 0x7465646279746573ULL
        end = n - (n & 7)
        i = 0
        while i <= end:               # the 8-byte words, then the tail word (length byte on top)
            if i < end:
                m = 0
                for r in range(8):
                    m |= (<uint64_t>p[i + r]) << (8 * r)
            else:
                m = (<uint64_t>n) << 56
                for r in range(n - end):
                    m |= (<uint64_t>p[end + r]) << (8 * r)
            v3 ^= m
            v0 += v1; v1 = rotl64(v1, 13) ^ v0; v0 = rotl64(v0, 32)
            v2 += v3; v3 = rotl64(v3, 16) ^ v2
            v0 += v3; v3 = rotl64(v3, 21) ^ v0
            v2 += v1; v1 = rotl64(v1, 17) ^ v2; v2 = rotl64(v2, 32)
            v0 ^= m
            i += 8
        v2 ^= 0xFF
        for r in range(3):
            v0 += v1; v1 = rotl64(v1, 13) ^ v0; v0 = rotl64(v0, 32)
            v2 += v3; v3 = rotl64(v3, 16) ^ v2
            v0 += v3; v3 = rotl64(v3, 21) ^ v0
            v2 += v1; v1 = rotl64(v1, 17) ^ v2; v2 = rotl64(v2, 32)
        hh = v0 ^ v1 ^ v2 ^ v3
        return <uint32_t>((hh & 0xFFFFFFFFULL) ^ (hh >> 32))
