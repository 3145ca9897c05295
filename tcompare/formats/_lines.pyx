# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""One pass over a decoded PTB file: its lines (terminators kept) and whether every line has
as many ``(`` as ``)`` -- what `ptb.parse_corpus` needs to choose line mode.  In Python that
was two ``str.count`` calls per line plus the split (50 ms of a 14 MB file's 110 ms); here it
is one scan of the string's bytes.  `ptb._split_balanced` is the pure-Python twin."""

from libc.string cimport memchr


cdef extern from "Python.h":
    int PyUnicode_KIND(object o)
    void* PyUnicode_DATA(object o)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index)
    int PyUnicode_1BYTE_KIND


def split_balanced(str text):
    """(the lines of `text` split on "\\n" only, each with its "\\n"; True when every line
    balances its round brackets)."""
    cdef Py_ssize_t n = len(text), i, start = 0, end
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    cdef const unsigned char* p
    cdef const unsigned char* nl
    cdef Py_UCS4 ch
    cdef long depth = 0
    cdef bint balanced = True
    lines = []
    if kind == PyUnicode_1BYTE_KIND:          # ASCII / Latin-1 text: bytes, memchr for "\n"
        p = <const unsigned char*>data
        while start < n:
            nl = <const unsigned char*>memchr(p + start, 10, n - start)
            end = (nl - p) + 1 if nl != NULL else n
            depth = 0
            for i in range(start, end):
                if p[i] == 40:
                    depth += 1
                elif p[i] == 41:
                    depth -= 1
            if depth != 0:
                balanced = False
            lines.append(text[start:end])
            start = end
        return lines, balanced
    for i in range(n):
        ch = PyUnicode_READ(kind, data, i)
        if ch == 40:
            depth += 1
        elif ch == 41:
            depth -= 1
        elif ch == 10:
            lines.append(text[start:i + 1])
            if depth != 0:
                balanced = False
            depth = 0
            start = i + 1
    if start < n:
        lines.append(text[start:])
        if depth != 0:
            balanced = False
    return lines, balanced


def line_ends(const unsigned char[:] buf, Py_ssize_t start, Py_ssize_t n):
    """(offset just past the n-th newline at or after `start`, n) -- or, when `buf` (bytes,
    or a mapped file) has fewer, (offset past the last one, how many there are): how
    `lines.LineReader.take` cuts blocks.  `lines.line_ends_py` is the pure-Python twin."""
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
