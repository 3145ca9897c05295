# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled kernel of the Chinese campaign profiles: raw gold and system lines in,
per-sentence counts out, with no Python object per word or bracket.

One line is one tree: ``tct`` (parseval2010), ``tct2012`` (parseval2012), ``sinica``
(sighan2012).  Each line is scanned into reusable C arrays (words with character spans,
phrases with character spans and interned label ids), the pair is matched and counted
exactly as the profile's `score` does (multiset matching in gold order, each gold item
taking the first unused system item with the same span and key; crossing as in
`tcompare.scoring.items`), and the counts are written as int32 in the layout of
`tcompare.scoring.zh.stream` (`P10_KEYS`, `P12_KEYS`, `SIGHAN_KEYS`).

Only the plain case is handled here.  A sentence the scanner does not accept as plainly
valid -- a syntax error, a no-parse, a glued sentence, an unusual whitespace, a label the
profile's own functions call odd, a word-segmentation or character mismatch between the
two sides, more than `MAXI` words or phrases -- gets status ODD and is scored by the tree
path, which owns every message.  What a label means (its category, head positions, class,
whether it is evaluated) is never decided here: the first time a label text is seen, the
profile's Python function ``describe(text)`` returns its properties as ints, cached.
"""

from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memcmp, memcpy, memset
from libc.stdint cimport uint64_t
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE, PyBytes_FromStringAndSize

cdef enum:
    MAXI = 1024          # words, phrases per sentence side (more: ODD)
    OK = 0
    ODD = 1
    BLANK = 2
    P10 = 0
    P12 = 1
    SIGHAN = 2
    NPROP = 10


cdef struct Side:
    int ntok
    int nnode
    int textlen
    Py_ssize_t textcap
    unsigned char* text          # the words' bytes, concatenated
    int* tok_cs                  # character span of each word
    int* tok_ce
    int* tok_pos                 # interned POS id
    int* tok_role                # interned role id (sinica)
    int* tok_top                 # 1: a child of the root (sinica srl)
    int* node_cs
    int* node_ce
    int* node_t0                 # first word, one past the last word
    int* node_label              # interned label id
    int* node_role               # interned role id (sinica)
    int* node_top                # 1: a child of the root
    int* node_nchild
    uint64_t* node_marks         # children marked as heads (TCT word/POS-@), bit per position
    int* stack


cdef inline int* _ints():
    return <int*>malloc(MAXI * sizeof(int))


cdef void side_init(Side* s):
    s.text = NULL
    s.textcap = 0
    s.tok_cs = _ints(); s.tok_ce = _ints(); s.tok_pos = _ints(); s.tok_role = _ints()
    s.tok_top = _ints()
    s.node_cs = _ints(); s.node_ce = _ints(); s.node_t0 = _ints(); s.node_label = _ints()
    s.node_role = _ints(); s.node_top = _ints(); s.node_nchild = _ints()
    s.node_marks = <uint64_t*>malloc(MAXI * sizeof(uint64_t))
    s.stack = _ints()


cdef void side_free(Side* s):
    free(s.text)
    free(s.tok_cs); free(s.tok_ce); free(s.tok_pos); free(s.tok_role); free(s.tok_top)
    free(s.node_cs); free(s.node_ce); free(s.node_t0); free(s.node_label); free(s.node_role)
    free(s.node_top); free(s.node_nchild); free(s.node_marks); free(s.stack)


cdef class Interner:
    """Byte strings -> small ids, with the ints ``describe(text)`` returned for each."""

    cdef Py_ssize_t cap
    cdef int* slots
    cdef int n
    cdef int ncap
    cdef char* keys
    cdef Py_ssize_t keys_len
    cdef Py_ssize_t keys_cap
    cdef Py_ssize_t* koff
    cdef int* klen
    cdef uint64_t* khash
    cdef int* props
    cdef object describe
    cdef public list names

    def __cinit__(self, describe):
        self.describe = describe
        self.cap = 1024
        self.slots = <int*>malloc(self.cap * sizeof(int))
        memset(self.slots, 0xff, self.cap * sizeof(int))
        self.n = 0
        self.ncap = 256
        self.koff = <Py_ssize_t*>malloc(self.ncap * sizeof(Py_ssize_t))
        self.klen = <int*>malloc(self.ncap * sizeof(int))
        self.khash = <uint64_t*>malloc(self.ncap * sizeof(uint64_t))
        self.props = <int*>malloc(self.ncap * NPROP * sizeof(int))
        self.keys_cap = 4096
        self.keys = <char*>malloc(self.keys_cap)
        self.keys_len = 0
        self.names = []

    def __dealloc__(self):
        free(self.slots); free(self.koff); free(self.klen); free(self.khash); free(self.props)
        free(self.keys)

    cdef void _grow_slots(self):
        cdef Py_ssize_t cap = self.cap * 2, k, h
        cdef int* slots = <int*>malloc(cap * sizeof(int))
        memset(slots, 0xff, cap * sizeof(int))
        for k in range(self.n):
            h = <Py_ssize_t>(self.khash[k] & <uint64_t>(cap - 1))
            while slots[h] >= 0:
                h = (h + 1) & (cap - 1)
            slots[h] = <int>k
        free(self.slots)
        self.slots = slots
        self.cap = cap

    cdef int get(self, const unsigned char* p, int n) except -1:
        cdef uint64_t hv = 1469598103934665603ULL
        cdef int k
        cdef Py_ssize_t h
        for k in range(n):
            hv = (hv ^ p[k]) * 1099511628211ULL
        h = <Py_ssize_t>(hv & <uint64_t>(self.cap - 1))
        while True:
            k = self.slots[h]
            if k < 0:
                break
            if self.khash[k] == hv and self.klen[k] == n and memcmp(self.keys + self.koff[k], p, n) == 0:
                return k
            h = (h + 1) & (self.cap - 1)
        return self._add(p, n, hv)

    cdef int _add(self, const unsigned char* p, int n, uint64_t hv) except -1:
        cdef int k = self.n, j
        cdef Py_ssize_t h
        text = (<const char*>p)[:n].decode("utf-8")
        values = self.describe(text)
        if self.n == self.ncap:
            self.ncap *= 2
            self.koff = <Py_ssize_t*>realloc(self.koff, self.ncap * sizeof(Py_ssize_t))
            self.klen = <int*>realloc(self.klen, self.ncap * sizeof(int))
            self.khash = <uint64_t*>realloc(self.khash, self.ncap * sizeof(uint64_t))
            self.props = <int*>realloc(self.props, self.ncap * NPROP * sizeof(int))
        while self.keys_len + n > self.keys_cap:
            self.keys_cap *= 2
            self.keys = <char*>realloc(self.keys, self.keys_cap)
        memcpy(self.keys + self.keys_len, p, n)
        self.koff[k] = self.keys_len
        self.keys_len += n
        self.klen[k] = n
        self.khash[k] = hv
        for j in range(NPROP):
            self.props[k * NPROP + j] = <int>values[j] if j < len(values) else 0
        self.names.append(text)
        self.n += 1
        if self.n * 2 > self.cap:
            self._grow_slots()
        else:
            h = <Py_ssize_t>(hv & <uint64_t>(self.cap - 1))
            while self.slots[h] >= 0:
                h = (h + 1) & (self.cap - 1)
            self.slots[h] = k
        return k

    cdef inline int prop(self, int k, int j):
        return self.props[k * NPROP + j]


# -- characters ---------------------------------------------------------------------------

cdef inline bint is_ws(unsigned char c):
    return c == 32 or c == 9


cdef inline bint odd_bytes(const unsigned char* s, Py_ssize_t n):
    """Control characters other than tab, and the non-ASCII code points Python counts as
    whitespace (U+0085, U+00A0, U+1680, U+2000-200A, U+2028/9, U+202F, U+205F, U+3000): the
    tree path splits and strips on them, this scanner does not."""
    cdef Py_ssize_t i
    cdef unsigned char c, d
    for i in range(n):
        c = s[i]
        if c < 32:
            if c != 9:
                return True
        elif c >= 0xC2:
            if i + 1 >= n:
                return True
            d = s[i + 1]
            if c == 0xC2 and (d == 0x85 or d == 0xA0):
                return True
            if c == 0xE1 and d == 0x9A and i + 2 < n and s[i + 2] == 0x80:
                return True
            if c == 0xE2 and i + 2 < n:
                if d == 0x80 and (s[i + 2] <= 0x8A or s[i + 2] == 0xA8 or s[i + 2] == 0xA9
                                  or s[i + 2] == 0xAF):
                    return True
                if d == 0x81 and s[i + 2] == 0x9F:
                    return True
            if c == 0xE3 and d == 0x80 and i + 2 < n and s[i + 2] == 0x80:
                return True
    return False


cdef inline int chars(const unsigned char* s, Py_ssize_t n):
    """Code points in UTF-8 bytes (the input is valid UTF-8)."""
    cdef int k = 0
    cdef Py_ssize_t i
    for i in range(n):
        if (s[i] & 0xC0) != 0x80:
            k += 1
    return k


cdef inline bint tct_label_char(unsigned char c):
    # tct._LABEL_AT: [A-Za-z0-9_@.*+-]
    return ((c >= 97 and c <= 122) or (c >= 65 and c <= 90) or (c >= 48 and c <= 57)
            or c == 95 or c == 64 or c == 46 or c == 42 or c == 43 or c == 45)


# -- the kernel -----------------------------------------------------------------------------

cdef class ZhKernel:
    """Counts of one profile for blocks of line pairs.

    ``kind``: 0 parseval2010, 1 parseval2012, 2 sighan2012; ``options``: parseval2012 the
    grammar (0 auto, 1 psg, 2 ccg), sighan2012 the task (0 parsing, 1 srl).  The three
    interners' ``describe`` functions come from `tcompare.scoring.zh.stream`.
    """

    cdef int kind
    cdef int option
    cdef int width
    cdef Side g
    cdef Side s
    cdef public Interner labels
    cdef public Interner tags
    cdef public Interner roles
    cdef char* gm
    cdef char* sm
    cdef char* gign
    cdef char* sign
    cdef int* gk
    cdef int* sk
    cdef int* gk2
    cdef int* sk2
    cdef int* gcs
    cdef int* gce
    cdef int* scs
    cdef int* sce
    cdef int* gcls
    cdef int* scls
    cdef int* keyed             # per-block keyed counts: 3 per id (gold, correct, system)
    cdef int keyed_cap

    def __cinit__(self, int kind, int option, int width, describe_label, describe_tag,
                  describe_role):
        self.kind, self.option, self.width = kind, option, width
        side_init(&self.g)
        side_init(&self.s)
        self.labels = Interner(describe_label)
        self.tags = Interner(describe_tag)
        self.roles = Interner(describe_role)
        self.gm = <char*>malloc(MAXI); self.sm = <char*>malloc(MAXI)
        self.gign = <char*>malloc(MAXI); self.sign = <char*>malloc(MAXI)
        self.gk = _ints(); self.sk = _ints(); self.gk2 = _ints(); self.sk2 = _ints()
        self.gcs = _ints(); self.gce = _ints(); self.scs = _ints(); self.sce = _ints()
        self.gcls = _ints(); self.scls = _ints()
        self.keyed_cap = 256
        self.keyed = <int*>malloc(self.keyed_cap * 3 * sizeof(int))

    def __dealloc__(self):
        side_free(&self.g)
        side_free(&self.s)
        free(self.gm); free(self.sm); free(self.gign); free(self.sign)
        free(self.gk); free(self.sk); free(self.gk2); free(self.sk2)
        free(self.gcs); free(self.gce); free(self.scs); free(self.sce)
        free(self.gcls); free(self.scls); free(self.keyed)

    # -- scanners: 0 = read, 1 = odd ----------------------------------------------------------

    cdef int _text(self, Side* sd, Py_ssize_t n):
        if n + 1 > sd.textcap:
            free(sd.text)
            sd.textcap = n + 1 if n + 1 > 4096 else 4096
            sd.text = <unsigned char*>malloc(sd.textcap)
        sd.textlen = 0
        sd.ntok = 0
        sd.nnode = 0
        return 0

    cdef int _word(self, Side* sd, const unsigned char* w, Py_ssize_t wn, int pos_id, int role,
                   int top):
        cdef int k = sd.ntok
        cdef int start
        if k >= MAXI:
            return 1
        start = sd.tok_ce[k - 1] if k else 0
        sd.tok_cs[k] = start
        sd.tok_ce[k] = start + chars(w, wn)
        sd.tok_pos[k] = pos_id
        sd.tok_role[k] = role
        sd.tok_top[k] = top
        memcpy(sd.text + sd.textlen, w, wn)
        sd.textlen += <int>wn
        sd.ntok = k + 1
        return 0

    cdef int _open(self, Side* sd, int depth, int label, int role) except -2:
        """A phrase opens: preorder id, first word, one more child of its parent."""
        cdef int k = sd.nnode
        if k >= MAXI or depth >= MAXI:
            return -1
        sd.node_t0[k] = sd.ntok
        sd.node_label[k] = label
        sd.node_role[k] = role
        sd.node_top[k] = depth == 1
        sd.node_nchild[k] = 0
        sd.node_marks[k] = 0
        if depth:
            sd.node_nchild[sd.stack[depth - 1]] += 1
        sd.stack[depth] = k
        sd.nnode = k + 1
        return k

    cdef inline int _close(self, Side* sd, int k):
        """A phrase closes: its character span (0 when it holds no word: odd)."""
        cdef int t0 = sd.node_t0[k], t1 = sd.ntok
        if t1 <= t0 or sd.node_nchild[k] == 0:
            return 1
        sd.node_cs[k] = sd.tok_cs[t0]
        sd.node_ce[k] = sd.tok_ce[t1 - 1]
        return 0

    cdef int scan_tct(self, const unsigned char* s, Py_ssize_t n, Side* sd) except -1:
        """`tct.parse_tree` for a sentence with spaces (the glued style is odd)."""
        cdef Py_ssize_t i = 0, j
        cdef int depth = 0, done = 0, node, lab
        cdef bint spaced = False
        for i in range(n):
            if is_ws(s[i]):
                spaced = True
                break
        if not spaced:
            return 1
        self._text(sd, n)
        i = 0
        while True:
            while i < n and is_ws(s[i]):
                i += 1
            if i >= n:
                break
            if s[i] == 91:                                   # [
                if done:
                    return 1
                i += 1
                while i < n and is_ws(s[i]):
                    i += 1
                j = i
                while j < n and tct_label_char(s[j]):
                    j += 1
                if j == i or (j < n and s[j] == 47):           # no label, or "[word/POS"
                    return 1
                lab = self.labels.get(s + i, <int>(j - i))
                if self.labels.prop(lab, 0):
                    return 1
                node = self._open(sd, depth, lab, 0)
                if node < 0:
                    return 1
                depth += 1
                i = j
                if i < n and not is_ws(s[i]) and s[i] != 91 and s[i] != 93:
                    j = i                                    # "[np-DZ我/rN": a word follows
                    while j < n and not is_ws(s[j]) and s[j] != 91 and s[j] != 93:
                        j += 1
                    if self._tct_leaf(sd, s + i, j - i, depth):
                        return 1
                    i = j
            elif s[i] == 93:                                 # ]
                if depth == 0:
                    return 1
                depth -= 1
                if self._close(sd, sd.stack[depth]):
                    return 1
                if depth == 0:
                    done = 1
                i += 1
            else:
                if depth == 0:
                    return 1
                j = i
                while j < n and not is_ws(s[j]) and s[j] != 91 and s[j] != 93:
                    j += 1
                if self._tct_leaf(sd, s + i, j - i, depth):
                    return 1
                i = j
        return 0 if done and depth == 0 else 1

    cdef int _tct_leaf(self, Side* sd, const unsigned char* w, Py_ssize_t n, int depth) except -1:
        cdef Py_ssize_t slash = n - 1, pn
        cdef int parent = sd.stack[depth - 1], child, head = 0, pos_id
        while slash >= 0 and w[slash] != 47:
            slash -= 1
        if slash <= 0 or slash == n - 1:                     # no "/", no word, no POS
            return 1
        pn = n - slash - 1
        if pn > 2 and w[n - 2] == 45 and w[n - 1] == 64:     # word/POS-@: a head word
            head = 1
            pn -= 2
        child = sd.node_nchild[parent]
        sd.node_nchild[parent] = child + 1
        if head:
            if child >= 63:
                return 1
            sd.node_marks[parent] |= (<uint64_t>1) << child
        pos_id = self.tags.get(w + slash + 1, <int>pn)
        if self.tags.prop(pos_id, 1):
            return 1
        return self._word(sd, w, slash, pos_id, 0, 0)

    cdef int scan_tct2012(self, const unsigned char* s, Py_ssize_t n, Side* sd) except -1:
        """`tct2012.parse_tree` for (LABEL ...) phrases over (TAG word) preterminals."""
        cdef Py_ssize_t i = 0, l0, l1, a, b
        cdef int depth = 0, done = 0, lab
        self._text(sd, n)
        while True:
            while i < n and is_ws(s[i]):
                i += 1
            if i >= n:
                break
            if s[i] == 40:                                   # (
                if done:
                    return 1
                l0 = i + 1                                   # the label, written right after "("
                l1 = l0
                while l1 < n and not is_ws(s[l1]) and s[l1] != 40 and s[l1] != 41:
                    l1 += 1
                if l1 == l0:                                 # "( (zj": an empty label
                    return 1
                a = l1                                       # what follows the label
                while a < n and is_ws(s[a]):
                    a += 1
                if a >= n or s[a] == 41:                     # (wE。) glued, or (TAG)
                    return 1
                if s[a] == 40:                               # a phrase
                    lab = self.labels.get(s + l0, <int>(l1 - l0))
                    if self.labels.prop(lab, 0):
                        return 1
                    if self._open(sd, depth, lab, 0) < 0:
                        return 1
                    depth += 1
                    i = a
                    continue
                if depth == 0:                               # the tree is a single word
                    return 1
                b = a                                        # (TAG word)
                while b < n and not is_ws(s[b]) and s[b] != 40 and s[b] != 41:
                    b += 1
                i = b
                while i < n and is_ws(s[i]):
                    i += 1
                if i >= n or s[i] != 41:                     # two words, or a word and phrases
                    return 1
                i += 1
                sd.node_nchild[sd.stack[depth - 1]] += 1
                # the reader splits every "(" label, a tag too: one it refuses is odd
                if self.labels.prop(self.labels.get(s + l0, <int>(l1 - l0)), 0):
                    return 1
                lab = self.tags.get(s + l0, <int>(l1 - l0))
                if self.tags.prop(lab, 1) or self._word(sd, s + a, b - a, lab, 0, 0):
                    return 1
            elif s[i] == 41:                                 # )
                if depth == 0:
                    return 1
                depth -= 1
                if self._close(sd, sd.stack[depth]):
                    return 1
                if depth == 0:
                    done = 1
                i += 1
            else:                                            # a word beside phrases
                return 1
        return 0 if done and depth == 0 else 1

    cdef int scan_sinica(self, const unsigned char* s, Py_ssize_t n, Side* sd) except -1:
        """`sinica.parse_line` (prefix ``#n:m.[id] ``, ``Label(role:POS:word|...)``,
        suffix ``#...``); a ``#`` inside the tree is odd."""
        cdef Py_ssize_t i = 0, e, a, b
        cdef int depth = 0, colons
        self._text(sd, n)
        if n and s[0] == 35:                                 # the #n:m.[id] prefix
            i = 1
            while i < n and not is_ws(s[i]) and s[i] != 91 and s[i] != 93:
                i += 1
            if i >= n or s[i] != 91:
                return 1
            while i < n and s[i] != 93:
                i += 1
            if i >= n:
                return 1
            i += 1
            if i < n and s[i] == 32:
                i += 1
        while True:
            while i < n and is_ws(s[i]):
                i += 1
            e = i                                            # a daughter's text: to | ) or (
            colons = 0
            while e < n:
                if s[e] == 124 or s[e] == 41:
                    break
                if s[e] == 40 and colons < 2:
                    break
                if s[e] == 58:
                    colons += 1
                elif s[e] == 35:
                    return 1
                e += 1
            if e >= n:
                return 1
            a, b = i, e
            while a < b and is_ws(s[a]):
                a += 1
            while b > a and is_ws(s[b - 1]):
                b -= 1
            if s[e] == 40:                                   # role:Label( or Label(
                if self._sinica_phrase(sd, s, a, b, depth):
                    return 1
                depth += 1
                i = e + 1
                continue
            if depth == 0 or b == a or self._sinica_leaf(sd, s, a, b, depth):
                return 1
            i = e
            while s[i] == 41:                                # )
                depth -= 1
                if self._close(sd, sd.stack[depth]):
                    return 1
                i += 1
                if depth == 0:
                    while i < n and is_ws(s[i]):
                        i += 1
                    return 0 if i >= n or s[i] == 35 else 1
                while i < n and is_ws(s[i]):
                    i += 1
                if i >= n or (s[i] != 124 and s[i] != 41):
                    return 1
            i += 1                                           # the "|"

    cdef int _sinica_phrase(self, Side* sd, const unsigned char* s, Py_ssize_t a, Py_ssize_t b,
                            int depth) except -1:
        cdef Py_ssize_t c = a, ra, rb, la, lb
        while c < b and s[c] != 58:
            c += 1
        if c < b:
            ra, rb, la, lb = a, c, c + 1, b
        else:
            ra, rb, la, lb = a, a, a, b
        while rb > ra and is_ws(s[rb - 1]):
            rb -= 1
        while la < lb and is_ws(s[la]):
            la += 1
        if la >= lb:                                         # no label
            return 1
        for c in range(la, lb):
            if s[c] == 58:                                   # a second colon in the label
                return 1
        lab = self.labels.get(s + la, <int>(lb - la))
        role = self.roles.get(s + ra, <int>(rb - ra))
        return 1 if self._open(sd, depth, lab, role) < 0 else 0

    cdef int _sinica_leaf(self, Side* sd, const unsigned char* s, Py_ssize_t a, Py_ssize_t b,
                          int depth) except -1:
        """``role:POS:word`` or ``POS:word`` (split on the first two colons), stripped."""
        cdef Py_ssize_t c1 = a, c2, ra, rb, pa, pb, wa, wb, k
        cdef int tag, role
        while c1 < b and s[c1] != 58:
            c1 += 1
        if c1 >= b:
            return 1
        c2 = c1 + 1
        while c2 < b and s[c2] != 58:
            c2 += 1
        if c2 < b:
            ra, rb, pa, pb, wa, wb = a, c1, c1 + 1, c2, c2 + 1, b
        else:
            ra, rb, pa, pb, wa, wb = a, a, a, c1, c1 + 1, b
        while rb > ra and is_ws(s[rb - 1]):
            rb -= 1
        while pa < pb and is_ws(s[pa]):
            pa += 1
        while pb > pa and is_ws(s[pb - 1]):
            pb -= 1
        while wa < wb and is_ws(s[wa]):
            wa += 1
        while wb > wa and is_ws(s[wb - 1]):
            wb -= 1
        if pa >= pb or wa >= wb:
            return 1
        for k in range(wa, wb):
            if is_ws(s[k]):                                  # a space inside a word
                return 1
        tag = self.tags.get(s + pa, <int>(pb - pa))
        if self.tags.prop(tag, 1):
            return 1
        role = self.roles.get(s + ra, <int>(rb - ra))
        sd.node_nchild[sd.stack[depth - 1]] += 1
        return self._word(sd, s + wa, wb - wa, tag, role, depth == 1)

    # -- matching ---------------------------------------------------------------------------

    cdef int greedy(self, int ng, int ns, bint labeled):
        """Each gold item in order takes the first unused system item with the same span
        (and keys, when `labeled`); marks `gm` / `sm`; the number of pairs."""
        cdef int i, j, cnt = 0
        memset(self.gm, 0, ng)
        memset(self.sm, 0, ns)
        for i in range(ng):
            if self.gign[i]:
                continue
            for j in range(ns):
                if self.sm[j] or self.sign[j]:
                    continue
                if self.scs[j] == self.gcs[i] and self.sce[j] == self.gce[i] and (
                        not labeled or (self.sk[j] == self.gk[i] and self.sk2[j] == self.gk2[i])):
                    self.sm[j] = 1
                    self.gm[i] = 1
                    cnt += 1
                    break
        return cnt

    cdef int tag_matches(self, Side* g, Side* s, int simplified):
        """Words with the same character span and the same tag (`gm` marks the gold ones)."""
        cdef int i = 0, j = 0, cnt = 0, a, b
        memset(self.gm, 0, g.ntok)
        while i < g.ntok and j < s.ntok:
            if g.tok_cs[i] < s.tok_cs[j]:
                i += 1
            elif g.tok_cs[i] > s.tok_cs[j]:
                j += 1
            else:
                if g.tok_ce[i] == s.tok_ce[j]:
                    a, b = g.tok_pos[i], s.tok_pos[j]
                    if simplified:
                        a, b = self.tags.prop(a, 0), self.tags.prop(b, 0)
                    if a == b:
                        self.gm[i] = 1
                        cnt += 1
                i += 1
                j += 1
        return cnt

    cdef void _spans(self, Side* sd, int* cs, int* ce):
        cdef int k
        for k in range(sd.nnode):
            cs[k] = sd.node_cs[k]
            ce[k] = sd.node_ce[k]

    cdef void _grow_keyed(self, int n):
        cdef int old = self.keyed_cap
        if n <= old:
            return
        while self.keyed_cap < n:
            self.keyed_cap *= 2
        self.keyed = <int*>realloc(self.keyed, self.keyed_cap * 3 * sizeof(int))
        memset(self.keyed + old * 3, 0, (self.keyed_cap - old) * 3 * sizeof(int))

    # -- counts of one pair ------------------------------------------------------------------

    cdef int count_p10(self, int* out):
        cdef Side* g = &self.g
        cdef Side* s = &self.s
        cdef int k, lab, part, sd_i, nchild
        cdef unsigned int mask
        cdef Side* sd
        cdef int* kk
        cdef int* kk2
        cdef char* ign
        out[1] = g.ntok
        out[2] = self.tag_matches(g, s, 0)
        out[3] = g.nnode
        out[4] = s.nnode
        for sd_i in range(2):
            sd = g if sd_i == 0 else s
            kk = self.gk if sd_i == 0 else self.sk
            kk2 = self.gk2 if sd_i == 0 else self.sk2
            ign = self.gign if sd_i == 0 else self.sign
            for k in range(sd.nnode):
                lab = sd.node_label[k]
                nchild = sd.node_nchild[k]
                kk[k] = self.labels.prop(lab, 1)
                if self.labels.prop(lab, 3):             # the label gives head positions
                    if nchild > 31 and self.labels.prop(lab, 5):
                        return 1
                    mask = <unsigned int>self.labels.prop(lab, 4)
                    if nchild < 31:
                        mask &= (1u << nchild) - 1
                else:
                    if sd.node_marks[k] >> 31:
                        return 1
                    mask = <unsigned int>sd.node_marks[k]
                kk2[k] = <int>mask
                ign[k] = 0
        self._spans(g, self.gcs, self.gce)
        self._spans(s, self.scs, self.sce)
        out[5] = self.greedy(g.nnode, s.nnode, True)          # B+C+H
        for k in range(g.nnode):
            self.gk2[k] = 0
        for k in range(s.nnode):
            self.sk2[k] = 0
        out[6] = self.greedy(g.nnode, s.nnode, True)          # B+C
        for k in range(7, 16):
            out[k] = 0
        for k in range(g.nnode):                              # parts: C_S, S_S, other
            part = self.labels.prop(g.node_label[k], 2)
            out[7 + 3 * part] += 1
            if self.gm[k]:
                out[8 + 3 * part] += 1
        for k in range(s.nnode):
            part = self.labels.prop(s.node_label[k], 2)
            out[9 + 3 * part] += 1
        return 0

    cdef int count_p12(self, int* out):
        cdef Side* g = &self.g
        cdef Side* s = &self.s
        cdef int k, j, lab, ccg, sd_i, a, b
        cdef bint crossing
        cdef Side* sd
        cdef int* kk
        cdef int* cl
        cdef char* ign
        for k in range(1, self.width):
            out[k] = 0
        self._grow_keyed(self.tags.n)
        out[2] = self.tag_matches(g, s, 0)                    # SC
        out[3] = g.ntok
        out[4] = s.ntok
        for k in range(g.ntok):
            self.keyed[3 * g.tok_pos[k]] += 1
            if self.gm[k]:
                self.keyed[3 * g.tok_pos[k] + 1] += 1
        for k in range(s.ntok):
            self.keyed[3 * s.tok_pos[k] + 2] += 1
        if self.option == 0:
            ccg = self.labels.prop(g.node_label[0], 1)
        else:
            ccg = self.option == 2
        out[1] = ccg
        for sd_i in range(2):
            sd = g if sd_i == 0 else s
            kk = self.gk if sd_i == 0 else self.sk
            cl = self.gcls if sd_i == 0 else self.scls
            ign = self.gign if sd_i == 0 else self.sign
            for k in range(sd.nnode):
                lab = sd.node_label[k]
                if ccg:
                    kk[k] = self.labels.prop(lab, 6)
                    cl[k] = self.labels.prop(lab, 8 if k == 0 else 7)
                else:
                    kk[k] = self.labels.prop(lab, 4 if k == 0 else 2)
                    cl[k] = self.labels.prop(lab, 5 if k == 0 else 3)
                ign[k] = 0
        for k in range(g.nnode):
            self.gk2[k] = 0
        for k in range(s.nnode):
            self.sk2[k] = 0
        self._spans(g, self.gcs, self.gce)
        self._spans(s, self.scs, self.sce)
        out[5] = g.nnode
        out[6] = s.nnode
        # class c (1-6): gold, system, ulc gold/system correct, lc gold/system correct
        out[7] = self.greedy(g.nnode, s.nnode, False)         # ULC
        for k in range(g.nnode):
            if self.gm[k]:
                out[4 + 6 * self.gcls[k] + 2] += 1
        for k in range(s.nnode):
            if self.sm[k]:
                out[4 + 6 * self.scls[k] + 3] += 1
        out[8] = self.greedy(g.nnode, s.nnode, True)          # LC
        for k in range(g.nnode):
            out[4 + 6 * self.gcls[k]] += 1
            if self.gm[k]:
                out[4 + 6 * self.gcls[k] + 4] += 1
        for k in range(s.nnode):
            out[4 + 6 * self.scls[k] + 1] += 1
            if self.sm[k]:
                out[4 + 6 * self.scls[k] + 5] += 1
        for k in range(s.nnode):                              # NoCross
            a, b = self.scs[k], self.sce[k]
            crossing = False
            for j in range(g.nnode):
                if (self.gcs[j] < a < self.gce[j] < b) or (a < self.gcs[j] < b < self.gce[j]):
                    crossing = True
                    break
            if not crossing:
                out[9] += 1
        return 0

    cdef int count_sighan(self, int* out):
        cdef Side* g = &self.g
        cdef Side* s = &self.s
        cdef int k, n, sd_i, ng = 0, ns = 0
        cdef bint srl = self.option == 1
        cdef Side* sd
        cdef int* kk
        cdef int* kk2
        cdef int* cs
        cdef int* ce
        cdef char* ign
        self._grow_keyed(self.roles.n if srl else self.labels.n)
        for sd_i in range(2):                                 # the items: nodes, or root children
            sd = g if sd_i == 0 else s
            kk = self.gk if sd_i == 0 else self.sk
            kk2 = self.gk2 if sd_i == 0 else self.sk2
            cs = self.gcs if sd_i == 0 else self.scs
            ce = self.gce if sd_i == 0 else self.sce
            ign = self.gign if sd_i == 0 else self.sign
            n = 0
            if not srl:
                for k in range(sd.nnode):
                    kk[n] = sd.node_label[k]
                    ign[n] = not self.labels.prop(sd.node_label[k], 0)
                    cs[n], ce[n] = sd.node_cs[k], sd.node_ce[k]
                    n += 1
            else:
                for k in range(sd.ntok):
                    if sd.tok_top[k]:
                        kk[n] = sd.tok_role[k]
                        ign[n] = 0
                        cs[n], ce[n] = sd.tok_cs[k], sd.tok_ce[k]
                        n += 1
                for k in range(1, sd.nnode):
                    if sd.node_top[k]:
                        kk[n] = sd.node_role[k]
                        ign[n] = 0
                        cs[n], ce[n] = sd.node_cs[k], sd.node_ce[k]
                        n += 1
            for k in range(n):
                kk2[k] = 0
            if sd_i == 0:
                ng = n
            else:
                ns = n
        out[3] = self.greedy(ng, ns, True)
        out[1] = out[2] = 0
        for k in range(ng):
            if not self.gign[k]:
                out[1] += 1
                self.keyed[3 * self.gk[k]] += 1
                if self.gm[k]:
                    self.keyed[3 * self.gk[k] + 1] += 1
        for k in range(ns):
            if not self.sign[k]:
                out[2] += 1
                self.keyed[3 * self.sk[k] + 2] += 1
        out[4] = g.ntok
        out[5] = self.tag_matches(g, s, 1)
        return 0

    # -- a block -----------------------------------------------------------------------------

    cdef int scan(self, const unsigned char* p, Py_ssize_t n, Side* sd) except -1:
        cdef Py_ssize_t a = 0, b = n
        while b > 0 and (p[b - 1] == 13 or p[b - 1] == 10):
            b -= 1
        while a < b and is_ws(p[a]):
            a += 1
        while b > a and is_ws(p[b - 1]):
            b -= 1
        if a >= b:
            return BLANK
        if self.kind == SIGHAN and a > 0 and p[a] == 35:   # " #n:m.[id]" is no prefix
            return ODD
        if odd_bytes(p + a, b - a):
            return ODD
        if self.kind == P10:
            return self.scan_tct(p + a, b - a, sd)
        if self.kind == P12:
            return self.scan_tct2012(p + a, b - a, sd)
        return self.scan_sinica(p + a, b - a, sd)

    def score_block(self, bytes gold, bytes system, int n):
        """Counts of `n` line pairs: (int32 bytes, `width` per pair, the first being the
        status OK / ODD / BLANK), and the block's keyed counts {name: [gold, correct,
        system]} (POS tags for parseval2012, labels or roles for sighan2012)."""
        cdef const unsigned char* gp = <const unsigned char*>PyBytes_AS_STRING(gold)
        cdef const unsigned char* sp = <const unsigned char*>PyBytes_AS_STRING(system)
        cdef Py_ssize_t gn = PyBytes_GET_SIZE(gold), sn = PyBytes_GET_SIZE(system)
        cdef Py_ssize_t gi = 0, si = 0, ge, se
        cdef int k, t, st, gs, ss
        cdef int w = self.width
        out_bytes = PyBytes_FromStringAndSize(NULL, n * w * sizeof(int))
        cdef int* out = <int*>PyBytes_AS_STRING(out_bytes)
        memset(self.keyed, 0, self.keyed_cap * 3 * sizeof(int))
        for k in range(n):
            ge = gi
            while ge < gn and gp[ge] != 10:
                ge += 1
            se = si
            while se < sn and sp[se] != 10:
                se += 1
            st = OK
            gs = self.scan(gp + gi, ge - gi, &self.g)
            ss = self.scan(sp + si, se - si, &self.s)
            if gs == BLANK or ss == BLANK:
                st = BLANK
            elif gs or ss:
                st = ODD
            elif self.g.textlen != self.s.textlen or memcmp(self.g.text, self.s.text, self.g.textlen):
                st = ODD                                      # other characters: the tree path says so
            elif self.kind != SIGHAN and not self._same_words():
                st = ODD                                      # other words: likewise
            elif self.kind == P10:
                st = self.count_p10(out + k * w)
            elif self.kind == P12:
                st = self.count_p12(out + k * w)
            else:
                st = self.count_sighan(out + k * w)
            if st != OK:
                for t in range(w):
                    out[k * w + t] = 0
            out[k * w] = st
            gi = ge + 1
            si = se + 1
        return out_bytes, self._keyed()

    cdef bint _same_words(self):
        cdef int k
        if self.g.ntok != self.s.ntok:
            return False
        for k in range(self.g.ntok):
            if self.g.tok_ce[k] != self.s.tok_ce[k]:
                return False
        return True

    cdef dict _keyed(self):
        cdef dict out = {}
        cdef int k
        cdef Interner names = self.tags if self.kind == P12 else (
            self.roles if self.option == 1 else self.labels)
        if self.kind == P10:
            return out
        for k in range(min(names.n, self.keyed_cap)):
            if self.keyed[3 * k] or self.keyed[3 * k + 1] or self.keyed[3 * k + 2]:
                out[names.names[k]] = (self.keyed[3 * k], self.keyed[3 * k + 1], self.keyed[3 * k + 2])
        return out
