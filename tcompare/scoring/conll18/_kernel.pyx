# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled half of `conll18.read._load_fast`: decoded CoNLL-U text in, the columns
the scorer uses out, in one pass over the characters.

`layout` does what the fast reader's first half does with lists (blocks, comment lines,
ten columns, which rows are words and which tokens, integer heads, one root per sentence,
no HEAD outside its sentence, no cycle) and returns the same lists; the forms' spaces,
the spans and `_finish` stay in Python (shared by both).  It returns None on anything
unusual -- a line without nine tabs, an ID or HEAD not written in plain ASCII digits, a
sentence without words or with more than `_DEEPEST_WALK` words, a cycle, a blank line
between sentences, text after the last blank line that is not comments... -- and the
Python reader then reads the text exactly as without the kernel (and gives up itself, or
raises the official message, where it does).

Values of UPOS, XPOS, FEATS and DEPREL repeat: each distinct one is made once per call
(a C hash table on the characters) and shared, which also spares `_finish` most hashing.
"""

from libc.stdlib cimport malloc, realloc, free, calloc
from libc.string cimport memcmp
from libc.stdint cimport uint64_t
from cpython.ref cimport PyObject, Py_INCREF


cdef extern from "Python.h":
    int PyUnicode_KIND(object)
    void* PyUnicode_DATA(object)
    unsigned int PyUnicode_READ(int kind, void* data, Py_ssize_t index)
    object PyUnicode_Substring(object, Py_ssize_t start, Py_ssize_t end)
    bint Py_UNICODE_ISSPACE(unsigned int ch)

DEF NCOLS = 10
DEF DEEPEST_WALK = 994      # as read._DEEPEST_WALK
DEF TABLE_BITS = 14


cdef struct Row:
    Py_ssize_t start[NCOLS]     # field k is text[start[k]:start[k + 1] - 1]; start[NCOLS - 1]..end
    Py_ssize_t end


cdef struct Slot:
    uint64_t hash
    Py_ssize_t start
    Py_ssize_t length
    PyObject* value
    long cls


cdef class _Strings:
    """Substrings of one text, each distinct one made once (while the table has room)."""
    cdef str text
    cdef int kind
    cdef char* data
    cdef Slot* slots
    cdef Py_ssize_t used
    cdef list keep

    def __cinit__(self, str text):
        self.text = text
        self.kind = PyUnicode_KIND(text)
        self.data = <char*>PyUnicode_DATA(text)
        self.slots = <Slot*>calloc(1 << TABLE_BITS, sizeof(Slot))
        if self.slots == NULL:
            raise MemoryError
        self.used = 0
        self.keep = []

    def __dealloc__(self):
        free(self.slots)

    cdef object get(self, Py_ssize_t start, Py_ssize_t end):
        return self.get_class(start, end, NULL, None)

    cdef object get_class(self, Py_ssize_t start, Py_ssize_t end, long* cls, object class_of):
        """text[start:end]; with ``cls``, also ``class_of(it)`` there (asked once per value)."""
        cdef Py_ssize_t nbytes = (end - start) * self.kind
        cdef const unsigned char* p = <const unsigned char*>self.data + start * self.kind
        cdef uint64_t h = 1469598103934665603ULL
        cdef Py_ssize_t i
        cdef Py_ssize_t mask = (1 << TABLE_BITS) - 1
        cdef Slot* s
        cdef object value
        if nbytes > 64:
            value = PyUnicode_Substring(self.text, start, end)
            if cls != NULL:
                cls[0] = class_of(value)
            return value
        for i in range(nbytes):
            h = (h ^ p[i]) * 1099511628211ULL
        i = <Py_ssize_t>(h >> 20) & mask
        while True:
            s = &self.slots[i]
            if s.value == NULL:
                break
            if s.hash == h and s.length == end - start and memcmp(
                    self.data + s.start * self.kind, p, nbytes) == 0:
                if cls != NULL:
                    cls[0] = s.cls
                return <object>s.value
            i = (i + 1) & mask
        value = PyUnicode_Substring(self.text, start, end)
        if cls != NULL:
            cls[0] = class_of(value)
        if self.used * 2 < mask:
            self.keep.append(value)
            s.hash = h
            s.start = start
            s.length = end - start
            s.value = <PyObject*>value
            s.cls = cls[0] if cls != NULL else 0
            self.used += 1
        return value


cdef inline long _digits(int kind, void* data, Py_ssize_t a, Py_ssize_t b):
    """The value of text[a:b] when it is 1 to 9 plain ASCII digits, else -1."""
    cdef long v = 0
    cdef unsigned int c
    if a >= b or b - a > 9:
        return -1
    while a < b:
        c = PyUnicode_READ(kind, data, a)
        if c < 48 or c > 57:
            return -1
        v = v * 10 + (c - 48)
        a += 1
    return v


def layout(str text, Py_ssize_t first_line, object class_of):
    """The fast reader's columns for `text` (see the module header), or None.

    Returns (sent_line, sent_word, sent_token, word_token, multiword, head, word_forms,
    token_forms, lemma, upos, xpos, feats, deprel, cls, functional, spans): ``head`` is the
    file-global index of the parent word, -1 for the root; ``deprel`` without subtypes,
    ``cls`` their classes (``class_of(deprel)``: 2 is FUNCTIONAL), ``functional`` each
    word's FUNCTIONAL children; ``feats`` raw; ``spans`` (token_start, token_end,
    sent_start, sent_end) in characters, or None when some FORM has whitespace (the forms
    then lose their Zs characters, in Python)."""
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef Py_ssize_t n = len(text)
    cdef Py_ssize_t pos = 0, line_start, tabs, k, j, r, w, end, first, last, span
    cdef Py_ssize_t line_no = first_line
    cdef Py_ssize_t nrows = 0, cap = 64
    cdef Row* rows = <Row*>malloc(cap * sizeof(Row))
    cdef Row* row
    cdef Row* grown
    cdef int* word_row = NULL      # per word of the open sentence: its row
    cdef int* word_tok = NULL      # per word: its token (sentence-local)
    cdef char* word_mw = NULL
    cdef long* heads = NULL
    cdef char* state = NULL
    cdef int* tok_row = <int*>malloc(cap * sizeof(int))     # per token of the open sentence: its row
    cdef int* grown_rows
    cdef Py_ssize_t nw, nt, root, cur
    cdef long v, h
    cdef unsigned int c
    cdef bint in_sentence = False, dot, dash
    cdef Py_ssize_t words_before = 0, tokens_before = 0
    cdef _Strings strings = _Strings(text)
    cdef list sent_line = [], sent_word = [], sent_token = [], word_token = [], multiword = []
    cdef list head = [], word_forms = [], token_forms = [], lemma = [], upos = [], xpos = []
    cdef list feats = [], deprel = [], cls = [], token_start = [], token_end = []
    cdef list sent_start = [], sent_end = []
    cdef dict functional = {}
    cdef _Strings deprels = _Strings(text)
    cdef long word_class = 0
    cdef Py_ssize_t parent, chars = 0
    cdef bint spaces = False
    cdef object kids
    if rows == NULL or tok_row == NULL:
        free(rows)
        free(tok_row)
        raise MemoryError
    word_row = <int*>malloc(DEEPEST_WALK * sizeof(int))
    word_tok = <int*>malloc(DEEPEST_WALK * sizeof(int))
    word_mw = <char*>malloc(DEEPEST_WALK)
    heads = <long*>malloc(DEEPEST_WALK * sizeof(long))
    state = <char*>malloc(DEEPEST_WALK)
    try:
        if word_row == NULL or word_tok == NULL or word_mw == NULL or heads == NULL or state == NULL:
            raise MemoryError
        if n == 0 or PyUnicode_READ(kind, data, n - 1) != 10:
            return None
        while pos < n:
            line_start = pos
            c = PyUnicode_READ(kind, data, pos)
            if c == 10:                        # a blank line
                pos += 1
                line_no += 1
                if not in_sentence:
                    return None
                in_sentence = False
                # ---- the sentence's words and tokens, then its tree
                nw = nt = 0
                r = 0
                while r < nrows:
                    row = &rows[r]
                    r += 1
                    dot = dash = False
                    for j in range(row.start[0], row.start[1] - 1):
                        c = PyUnicode_READ(kind, data, j)
                        if c == 46:
                            dot = True
                        elif c == 45:
                            dash = True
                    if dot:
                        continue                # an empty node
                    tok_row[nt] = r - 1
                    nt += 1
                    if dash:                    # a multiword token "first-last"
                        k = row.start[0]
                        end = row.start[1] - 1
                        while PyUnicode_READ(kind, data, k) != 45:
                            k += 1
                        first = _digits(kind, data, row.start[0], k)
                        last = _digits(kind, data, k + 1, end)
                        if first < 0 or last < 0:
                            return None
                        span = last - first + 1
                        if span > 0:
                            if r + span > nrows or nw + span > DEEPEST_WALK:
                                return None
                            for j in range(span):
                                word_row[nw] = r
                                word_tok[nw] = nt - 1
                                word_mw[nw] = 1
                                nw += 1
                                r += 1
                    else:
                        v = _digits(kind, data, row.start[0], row.start[1] - 1)
                        if v != nw + 1 or nw >= DEEPEST_WALK:
                            return None
                        word_row[nw] = r - 1
                        word_tok[nw] = nt - 1
                        word_mw[nw] = 0
                        nw += 1
                if nw == 0:
                    return None
                root = -1
                for w in range(nw):
                    row = &rows[word_row[w]]
                    h = _digits(kind, data, row.start[6], row.start[7] - 1)
                    if h < 0 or h > nw:
                        return None
                    if h == 0:
                        if root >= 0:
                            return None
                        root = w
                    heads[w] = h - 1
                    state[w] = 0
                if root < 0:
                    return None
                # no cycle: follow each word up; 1 = on the current path, 2 = reaches the root
                state[root] = 2
                for w in range(nw):
                    cur = w
                    while state[cur] == 0:
                        state[cur] = 1
                        cur = heads[cur]
                    if state[cur] == 1:
                        return None
                    cur = w
                    while state[cur] == 1:
                        state[cur] = 2
                        cur = heads[cur]
                # ---- out
                sent_word.append(words_before)
                sent_token.append(tokens_before)
                sent_start.append(chars)
                for j in range(nt):
                    row = &rows[tok_row[j]]
                    if row.start[1] == row.start[2] - 1:
                        return None             # an empty FORM
                    for k in range(row.start[1], row.start[2] - 1):
                        if Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, k)):
                            spaces = True
                    token_forms.append(PyUnicode_Substring(text, row.start[1], row.start[2] - 1))
                    token_start.append(chars)
                    chars += row.start[2] - 1 - row.start[1]
                    token_end.append(chars)
                sent_end.append(chars)
                for w in range(nw):
                    row = &rows[word_row[w]]
                    word_token.append(tokens_before + word_tok[w])
                    multiword.append(word_mw[w] == 1)
                    word_forms.append(PyUnicode_Substring(text, row.start[1], row.start[2] - 1))
                    lemma.append(PyUnicode_Substring(text, row.start[2], row.start[3] - 1))
                    upos.append(strings.get(row.start[3], row.start[4] - 1))
                    xpos.append(strings.get(row.start[4], row.start[5] - 1))
                    feats.append(strings.get(row.start[5], row.start[6] - 1))
                    end = row.start[7]          # the DEPREL without its subtype
                    while end < row.start[8] - 1 and PyUnicode_READ(kind, data, end) != 58:
                        end += 1
                    deprel.append(deprels.get_class(row.start[7], end, &word_class, class_of))
                    cls.append(word_class)
                    if w == root:
                        head.append(-1)
                        continue
                    parent = words_before + heads[w]
                    head.append(parent)
                    if word_class == 2:         # FUNCTIONAL: a child the parent's MLAS counts
                        kids = functional.get(parent)
                        if kids is None:
                            functional[parent] = [words_before + w]
                        else:
                            kids.append(words_before + w)
                words_before += nw
                tokens_before += nt
                nrows = 0
                continue
            if not in_sentence and c == 35:     # a comment line ("#") between sentences
                while PyUnicode_READ(kind, data, pos) != 10:
                    pos += 1
                pos += 1
                line_no += 1
                continue
            # a row: ten fields
            if not in_sentence:
                in_sentence = True
                sent_line.append(line_no)
            if nrows == cap:
                cap *= 2
                grown = <Row*>realloc(rows, cap * sizeof(Row))
                if grown == NULL:
                    raise MemoryError
                rows = grown
                grown_rows = <int*>realloc(tok_row, cap * sizeof(int))
                if grown_rows == NULL:
                    raise MemoryError
                tok_row = grown_rows
            row = &rows[nrows]
            nrows += 1
            row.start[0] = pos
            tabs = 0
            while True:
                c = PyUnicode_READ(kind, data, pos)
                pos += 1
                if c == 9:
                    tabs += 1
                    if tabs == NCOLS:
                        return None
                    row.start[tabs] = pos
                elif c == 10:
                    break
            if tabs != NCOLS - 1:
                return None
            row.end = pos - 1
            line_no += 1
        if in_sentence:                          # rows after the last blank line
            return None
        return (sent_line, sent_word, sent_token, word_token, multiword, head, word_forms,
                token_forms, lemma, upos, xpos, feats, deprel, cls, functional,
                None if spaces else (token_start, token_end, sent_start, sent_end))
    finally:
        free(rows)
        free(word_row)
        free(word_tok)
        free(word_mw)
        free(heads)
        free(state)
        free(tok_row)
