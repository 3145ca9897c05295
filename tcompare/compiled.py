"""The compiled modules, loaded in one place: one switch, one notice.

Each compiled module (Cython, built at install time when a C compiler is there) has a
pure-Python twin that gives the same results; the compiled one is only faster.  This module
says which one runs:

* ``TCOMPARE_PURE_PYTHON=1`` (any value but "" and "0") turns every compiled module off, so
  the tests can run the twins against each other and a user can rule the kernels out;
* a module that is not built is no error: its loader returns None and, once per process, a
  one-line `NOTICE` goes to stderr -- only when stderr is a terminal or ``TCOMPARE_VERBOSE``
  is set, so that a redirected stderr stays byte-identical to the reference program's
  (``tcompare --version`` always says which scorer runs).

Nothing is cached here but the notice: importing an imported module is a dictionary look-up,
and a test that hides a module (``sys.modules[name] = None``) is then seen at once.

This module imports nothing of ours (an import-linter contract): every floor may use it.
"""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType

SWITCH = "TCOMPARE_PURE_PYTHON"
NOTICE = "tcompare: compiled kernel not available, using the pure-Python scorer\n"

EVALB = "tcompare.scoring.evalb._kernel"        # EVALB blocks, line ends, PTB source text
CONLLX = "tcompare.scoring.conllx._kernel"      # eval.pl / eval07.pl counting, Perl's hash
ZH = "tcompare.scoring.zh._kernel"              # PARSEVAL 2010 / 2012, SIGHAN 2012
CONLL18 = "tcompare.scoring.conll18._kernel"    # conll18_ud_eval.py reader: CoNLL-U columns
BUS_GUARD = "tcompare.formats._bus_guard"       # SIGBUS guard: mapped files may shrink
LINES = "tcompare.formats._lines"               # PTB line splitting, bracket balance
MODULES = (EVALB, CONLLX, ZH, CONLL18, BUS_GUARD, LINES)

_noticed = False


def pure_python() -> bool:
    """True when ``TCOMPARE_PURE_PYTHON`` turns the compiled modules off."""
    return os.environ.get(SWITCH, "") not in ("", "0")


def load(name: str) -> ModuleType | None:
    """The compiled module `name` (one of `MODULES`), or None: switched off, or not built
    (then the notice, once per process)."""
    if pure_python():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        _notice()
        return None


def evalb_kernel() -> ModuleType | None:
    return load(EVALB)


def conllx_kernel() -> ModuleType | None:
    return load(CONLLX)


def zh_kernel() -> ModuleType | None:
    return load(ZH)


def conll18_kernel() -> ModuleType | None:
    return load(CONLL18)


def bus_guard() -> ModuleType | None:
    """The SIGBUS guard, or None: then files are read, not memory-mapped."""
    return load(BUS_GUARD)


def lines_module() -> ModuleType | None:
    return load(LINES)


def engine_name(module: ModuleType | None) -> str:
    """"compiled" or "python": which engine runs, given what `load` returned."""
    return "compiled" if module is not None else "python"


def _notice() -> None:
    global _noticed
    if _noticed:
        return
    _noticed = True
    if os.environ.get("TCOMPARE_VERBOSE", "") not in ("", "0") or _stderr_is_tty():
        sys.stderr.write(NOTICE)
        sys.stderr.flush()


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
