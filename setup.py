"""Builds the optional compiled EVALB kernel (tcompare/scoring/_evalb_kernel.pyx).

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
    ext = Extension("tcompare.scoring._evalb_kernel", ["tcompare/scoring/_evalb_kernel.pyx"],
                    extra_compile_args=["-O2"])
    return cythonize([ext], language_level=3, quiet=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
