"""The PySide6 desktop application. The only package that imports Qt."""

import sys

if sys.version_info < (3, 12):
    # PySide6 6.12 wheels return None from void methods (setPen, setZValue, setText...)
    # without taking a new reference: harmless on 3.12+ where None is immortal (PEP 683), but
    # on 3.11 every such call drops one reference to None, and a session (or a pytest run)
    # that draws a few long sentences aborts with "Fatal Python error: none_dealloc".
    # Give None more references than any session can drop.  Importing any tcompare.gui
    # module runs this before Qt is touched.
    import ctypes

    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40
