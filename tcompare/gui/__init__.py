"""The PySide6 desktop application. The only package that imports Qt.

PySide6-Essentials is pinned below 6.12 in pyproject.toml: 6.12.0 returns None from void
methods without a new reference, which on Python 3.11 aborts a session that draws a few long
sentences ("Fatal Python error: none_dealloc").
"""
