"""Builds the optional compiled scoring kernels (tcompare/scoring/evalb/_kernel.pyx for EVALB,
_conllx_kernel.pyx for the eval.pl report,
_zh_kernel.pyx for parseval2010 / parseval2012 / sighan2012; conll18/_kernel.pyx for the
CoNLL 2018 reader's columns; _bus_guard.pyx keeps a file
truncated under EVALB's memory-mapped reader from killing the process).

Everything else is in pyproject.toml.  Without Cython or a C compiler the build goes on
without the kernel, and tcompare uses its pure-Python scorer (it says so once at run time).
"""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """A failed compile is a warning, not an install failure."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers...
            print(f"warning: compiled kernel not built ({exc}); the pure-Python scorer is used")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            print(f"warning: compiled kernel not built ({exc}); the pure-Python scorer is used")


def extensions():
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("warning: Cython not available; the compiled kernel is not built")
        return []
    exts = [Extension(f"tcompare.{name}".replace("/", "."), [f"tcompare/{name}.pyx"],
                      extra_compile_args=["-O2"])
            for name in ("scoring/evalb/_kernel", "scoring/conllx/_kernel", "scoring/zh/_kernel",
                         "scoring/conll18/_kernel",
                         "formats/_bus_guard", "formats/_lines")]
    return cythonize(exts, language_level=3, quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
