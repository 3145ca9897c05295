"""The window's system libraries are checked before Qt starts (issue 34, "First contact"):
Qt aborts (exit 134) blaming libxcb-cursor0 when libxcb-icccm4 is missing."""

from __future__ import annotations

import ctypes.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tcompare.gui.shell import system_libraries as syslibs

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("soname, package", [
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libX11.so.6", "libx11-6"),
    ("libGL.so.1", "libgl1"),
    ("libEGL.so.1", "libegl1"),
    ("libdbus-1.so.3", "libdbus-1-3"),
    ("libpng16.so.16", "libpng16-16"),
    ("libglib-2.0.so.0", "libglib2.0-0"),
    ("libz.so.1", "zlib1g"),
    ("libm.so.6", "libc6"),
    ("libGLdispatch.so.0", "libglvnd0"),
])
def test_sonames_map_to_debian_packages(soname, package):
    assert syslibs.debian_package(soname) == package


@pytest.mark.parametrize("env, platform", [
    ({}, "xcb"),
    ({"QT_QPA_PLATFORM": "offscreen"}, "offscreen"),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, "wayland"),
    ({"XDG_SESSION_TYPE": "wayland"}, "wayland"),
    ({"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"}, "xcb"),
])
def test_the_platform_qt_will_load(env, platform):
    assert syslibs.platform_name(env) == platform


def test_missing_xcb_libraries_give_the_exact_apt_line_before_qt(monkeypatch, capsys):
    """What Debian 12 without libxcb-icccm4 and libxcb-keysyms1 sees: our message and
    apt line, exit 1, Qt never started (before, `app.run` ran and Qt aborted)."""
    from tcompare.gui.shell import app
    from tcompare.gui.shell import launch

    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("XDG_SESSION_TYPE", "x11")
    monkeypatch.setattr(syslibs, "missing_sonames",
                        lambda plugin: ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    started = []
    monkeypatch.setattr(app, "run", lambda args: started.append(args) or 0)
    assert launch.main([]) == 1
    err = capsys.readouterr().err
    assert not started
    assert "tcompare: On Debian or Ubuntu: sudo apt-get install libxcb-icccm4 libxcb-keysyms1\n" in err
    assert "xcb platform plugin needs libxcb-icccm.so.4, libxcb-keysyms.so.1" in err
    assert "libxcb-cursor0" not in err.splitlines()[1]


def test_no_display_is_a_message_not_an_abort(monkeypatch, capsys):
    from tcompare.gui.shell import app
    from tcompare.gui.shell import launch

    for name in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_SESSION_TYPE", "tty")
    monkeypatch.setattr(syslibs, "missing_sonames", lambda plugin: [])
    monkeypatch.setattr(app, "run", lambda args: pytest.fail("Qt started without a display"))
    assert launch.main([]) == 1
    err = capsys.readouterr().err
    assert "no X display (DISPLAY is not set)" in err and "QT_QPA_PLATFORM=offscreen" in err


def test_nothing_missing_starts_the_window(monkeypatch):
    from tcompare.gui.shell import app
    from tcompare.gui.shell import launch

    monkeypatch.setattr(syslibs, "missing_sonames", lambda plugin: [])
    started = []
    monkeypatch.setattr(app, "run", lambda args: started.append(args) or 0)
    assert launch.main([]) == 0 and started


def _qxcb() -> Path:
    plugin = syslibs.plugin_path("xcb")
    if plugin is None:
        pytest.skip("PySide6 has no xcb plugin here")
    return plugin


def _ldd(path: Path) -> str:
    try:
        return subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=30).stdout
    except OSError:
        pytest.skip("no ldd")


def test_missing_sonames_reads_the_loader(tmp_path):
    plugin = _qxcb()
    expected = re.findall(r"^\s*(\S+) => not found", _ldd(plugin), re.MULTILINE)
    assert syslibs.missing_sonames(plugin) == list(dict.fromkeys(expected))


# what apt brings with WINDOW_APT, and what even a minbase Debian has
PULLED_IN = {"libc6", "libstdc++6", "libgcc-s1", "zlib1g", "libglx0", "libglvnd0", "libx11-6",
             "libxcb1", "libxau6", "libxdmcp6", "libbsd0", "libmd0", "libfreetype6", "libpng16-16",
             "libbrotli1", "libexpat1", "libpcre2-8-0", "libsystemd0", "libcap2", "libgcrypt20",
             "libgpg-error0", "liblz4-1", "liblzma5", "libzstd1", "libxcb-render0"}


def test_window_apt_line_covers_every_library_of_the_plugins():
    """Every system library the xcb and offscreen plugins load (resolved by ldd here) is in
    WINDOW_APT or comes with it; the README, the Makefile and check_chroot.sh name it."""
    qt = syslibs.qt_folder()
    assert qt is not None
    needed = set()
    for plugin in (_qxcb(), qt / "plugins" / "platforms" / "libqoffscreen.so"):
        for soname, path in re.findall(r"^\s*(\S+) => (\S+)", _ldd(plugin), re.MULTILINE):
            if "PySide6" not in path and "/_internal/" not in path:
                needed.add(syslibs.debian_package(soname))
    assert needed - set(syslibs.WINDOW_APT) - PULLED_IN == set()
    line = " ".join(syslibs.WINDOW_APT)
    assert f"sudo apt-get install {line}\n" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"APT_PKGS := {line}\n" in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert f'RUNTIME_APT="{line}"' in (ROOT / "packaging" / "check_chroot.sh").read_text(encoding="utf-8")


@pytest.mark.skipif(ctypes.util.find_library("xcb-icccm") is not None,
                    reason="libxcb-icccm4 is installed: the real first start cannot be shown")
def test_real_first_start_without_libxcb_icccm4_is_a_message_not_an_abort(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":99", XDG_SESSION_TYPE="x11", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "tcompare", "--screenshot", str(tmp_path / "x.png")],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr          # was 134 (SIGABRT in Qt)
    assert "sudo apt-get install libxcb-icccm4" in done.stderr
    assert "Traceback" not in done.stderr
