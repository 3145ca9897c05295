"""The system libraries Qt's platform plugin needs, checked before Qt starts.  No Qt here.

Qt loads its platform plugin (``xcb`` on an X11 desktop) when the QApplication is made; when
one of the plugin's libraries is missing Qt aborts the process (SIGABRT, exit 134) with a
message that may name another library than the missing one (Qt 6.5+ always blames
``libxcb-cursor0``).  So the window asks the dynamic loader first (``ldd`` on the plugin,
which resolves the whole chain as the loader will) and names the Debian packages that hold
what is missing, as one ``apt-get install`` line.

Sonames map to Debian package names by Debian's library packaging rule (``libfoo.so.4`` is
in ``libfoo4``; ``libfoo-x11.so.0``, whose name ends in a digit, in ``libfoo-x11-0``), with
the few exceptions in `PACKAGE_EXCEPTIONS`.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
from pathlib import Path
from typing import Mapping, Sequence

# everything the window needs from a bare Debian 12 (minbase) besides the bundle: the libraries
# Qt's xcb and offscreen plugins link to (what they pull in comes with them) and a CJK font
WINDOW_APT: tuple[str, ...] = (
    "libgl1", "libegl1", "libfontconfig1", "libglib2.0-0", "libdbus-1-3", "libx11-xcb1",
    "libxkbcommon0", "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-glx0", "libxcb-icccm4",
    "libxcb-image0", "libxcb-keysyms1", "libxcb-randr0", "libxcb-render-util0",
    "libxcb-shape0", "libxcb-shm0", "libxcb-sync1", "libxcb-util1", "libxcb-xfixes0",
    "libxcb-xkb1", "fonts-wqy-microhei",
)

# the sonames whose Debian package does not follow the naming rule (see `debian_package`)
PACKAGE_EXCEPTIONS: dict[str, str] = {
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libz.so.1": "zlib1g",
    "libm.so.6": "libc6", "libdl.so.2": "libc6", "libpthread.so.0": "libc6", "librt.so.1": "libc6",
    "libGLdispatch.so.0": "libglvnd0",
    "libbrotlidec.so.1": "libbrotli1", "libbrotlicommon.so.1": "libbrotli1",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libwayland-egl.so.1": "libwayland-egl1",
}

_SONAME = re.compile(r"^(lib[A-Za-z0-9_.+-]+?)\.so\.([0-9]+)")
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_CANNOT_OPEN = re.compile(r"(\S+\.so[.0-9]*): cannot open shared object file")


def debian_package(soname: str) -> str:
    """The Debian package that holds `soname` (``libxcb-icccm.so.4`` -> ``libxcb-icccm4``)."""
    if soname in PACKAGE_EXCEPTIONS:
        return PACKAGE_EXCEPTIONS[soname]
    m = _SONAME.match(soname)
    if m is None:
        return soname
    name, version = m.group(1).lower(), m.group(2)
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def apt_line(packages: Sequence[str]) -> str:
    return "sudo apt-get install " + " ".join(dict.fromkeys(packages))


def platform_name(env: Mapping[str, str]) -> str:
    """The platform plugin Qt will load first: ``QT_QPA_PLATFORM``'s first entry, else
    wayland in a Wayland session, else xcb (Qt's choice on Linux)."""
    asked = env.get("QT_QPA_PLATFORM", "").strip()
    if asked:
        return re.split(r"[;:]", asked, maxsplit=1)[0].strip()
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE") == "wayland":
        return "wayland"
    return "xcb"


def qt_folder() -> Path | None:
    """PySide6's Qt folder (plugins/, lib/), found without importing Qt."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "Qt"
    return folder if folder.is_dir() else None


def plugin_path(platform: str, qt: Path | None = None) -> Path | None:
    qt = qt or qt_folder()
    if qt is None:
        return None
    path = qt / "plugins" / "platforms" / f"libq{platform}.so"
    return path if path.is_file() else None


def missing_sonames(library: Path) -> list[str]:
    """The shared libraries `library` needs (directly or through others) that the loader
    cannot find.  ``ldd`` lists all of them; without ``ldd`` a trial ``dlopen`` names the
    first one."""
    try:
        done = subprocess.run(["ldd", str(library)], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        done = None
    if done is not None and (done.returncode == 0 or "not found" in done.stdout):
        return list(dict.fromkeys(_NOT_FOUND.findall(done.stdout)))
    import ctypes

    try:
        ctypes.CDLL(str(library))
    except OSError as exc:
        m = _CANNOT_OPEN.search(str(exc))
        if m is not None:
            return [m.group(1)]
    return []


def window_problem(env: Mapping[str, str] | None = None, qt: Path | None = None) -> str | None:
    """The message to print when the window cannot start for want of system libraries
    (None: nothing missing, or nothing to check)."""
    env = os.environ if env is None else env
    platform = platform_name(env)
    plugin = plugin_path(platform, qt)
    if plugin is None:
        return None
    missing = missing_sonames(plugin)
    if not missing:
        if platform == "xcb" and not env.get("DISPLAY"):
            # Qt would abort too ("could not connect to display"), exit 134
            return ("the window cannot start: there is no X display (DISPLAY is not set).\n"
                    "Start it from a desktop session; without a screen (--screenshot only): "
                    "QT_QPA_PLATFORM=offscreen tcompare ...")
        return None
    packages = [debian_package(name) for name in missing]
    text = (f"the window cannot start: Qt's {platform} platform plugin needs "
            f"{', '.join(missing)}, not installed.\n"
            f"On Debian or Ubuntu: {apt_line(packages)}\n"
            f"(everything the window needs: {apt_line(WINDOW_APT)})")
    if platform != "offscreen":
        text += ("\nWithout a screen (--screenshot only): QT_QPA_PLATFORM=offscreen tcompare ...")
    return text
