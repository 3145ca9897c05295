"""The PyInstaller bundle (issue 19; packaging/tcompare.spec): started offscreen on the demo and
on a real pair it draws a real picture, and its `tcompare score` prints what the venv's prints,
byte for byte.

Decision: the tests build the bundle themselves (PyInstaller, 20-60 s here; well under the 3
minutes a fixture may take) rather than trusting a dist/ from an earlier `make bundle`, which
may be older than the code.  The build goes to build/test-bundle/<hash of the sources>, under a
lock, so the xdist workers and later runs of unchanged code share one build.
TCOMPARE_BUNDLE=dist/tcompare tests a bundle built elsewhere instead.  Skipped when PyInstaller
is not installed (`pip install -e '.[packaging]'`).  Heavy: `make test-all` runs it, `make test`
and `make test-fast` do not.  The no-Python check is packaging/check_chroot.sh (root, manual).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import anchor

pytestmark = [pytest.mark.slow, pytest.mark.heavy]   # a PyInstaller build: `make test-all`

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "tcompare.spec"
DEMO = ROOT / "resources" / "demo"
BUILD_SECONDS = 600    # two busy cores shared with other jobs: a generous bound


def _sources_hash() -> str:
    digest = hashlib.sha256(os.environ.get("TCOMPARE_BUNDLE_GRAPHVIZ", "1").encode())
    files = [SPEC, *sorted((ROOT / "tcompare").rglob("*")), *sorted((ROOT / "resources").rglob("*"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def bundle() -> Path:
    """The bundle's folder (holding the `tcompare` program and `_internal/`)."""
    given = os.environ.get("TCOMPARE_BUNDLE")
    if given:
        folder = Path(given).resolve()
        if not (folder / "tcompare").is_file():
            pytest.skip(f"TCOMPARE_BUNDLE={given}: no bundle there (make bundle)")
        return folder
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller not installed (pip install -e '.[packaging]')")
    base = ROOT / "build" / "test-bundle"
    base.mkdir(parents=True, exist_ok=True)
    work = base / _sources_hash()
    folder = work / "dist" / "tcompare"
    with open(base / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)         # one build for all the xdist workers
        if not (work / "complete").is_file():
            for old in base.iterdir():
                if old.is_dir():
                    shutil.rmtree(old, ignore_errors=True)
            proc = subprocess.run(
                [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                 "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(SPEC)],
                cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS)
            assert proc.returncode == 0, proc.stderr[-4000:]
            (work / "complete").write_text("built\n")
    return folder


def run_bundle(bundle: Path, *args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    full = dict(os.environ, QT_QPA_PLATFORM="offscreen", **env)
    full.pop("PYTHONPATH", None)                 # nothing of the checkout's Python reaches it
    return subprocess.run([str(bundle / "tcompare"), *args], cwd=cwd, env=full,
                          capture_output=True, timeout=300)


def run_venv(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tcompare", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=300)


def assert_real_picture(path: Path, width: int, height: int) -> None:
    """A PNG of the asked size with a drawing on it: many colours, and most rows not one colour."""
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    assert not image.isNull(), f"{path} is not a picture"
    assert (image.width(), image.height()) == (width, height)
    colours = set()
    busy_rows = 0
    for y in range(0, height, 8):
        row = {image.pixel(x, y) for x in range(0, width, 4)}
        colours |= row
        busy_rows += len(row) > 1
    assert len(colours) > 50, f"only {len(colours)} colours: blank?"
    assert busy_rows > (height // 8) // 2, "most rows are one colour: blank?"


def test_bundle_carries_its_parts(bundle):
    inside = bundle / "_internal"
    plugins = inside / "PySide6" / "Qt" / "plugins" / "platforms"
    assert (plugins / "libqoffscreen.so").is_file() and (plugins / "libqxcb.so").is_file()
    assert sorted(p.name for p in (inside / "resources" / "demo").iterdir()) == \
        sorted(p.name for p in DEMO.iterdir())
    assert sorted(p.name for p in (inside / "resources" / "prm").iterdir()) == \
        sorted(p.name for p in (ROOT / "resources" / "prm").iterdir())
    # the window's Chinese (tcompare.gui.language.i18n loads them from beside its module)
    assert sorted(p.name for p in (inside / "tcompare" / "gui" / "translations").glob("*.qm")) == \
        sorted(p.name for p in (ROOT / "tcompare" / "gui" / "translations").glob("*.qm"))
    if list((ROOT / "tcompare" / "scoring").glob("_evalb_kernel*.so")):
        assert list((inside / "tcompare" / "scoring").glob("_evalb_kernel*.so"))
    # fonts stay the system's: Chinese falls back to the CJK font fontconfig finds there
    assert not [p for p in inside.rglob("*") if p.suffix.lower() in (".ttf", ".otf", ".ttc")]


def test_version_says_the_compiled_kernel_runs(bundle, tmp_path):
    if not list((ROOT / "tcompare" / "scoring").glob("_evalb_kernel*.so")):
        pytest.skip("the compiled kernel is not built in this checkout")
    proc = run_bundle(bundle, "--version", cwd=tmp_path)
    assert proc.returncode == 0
    from tcompare import __version__

    assert proc.stdout.decode().splitlines()[0] == f"tcompare {__version__}"
    assert b"compiled kernel" in proc.stdout + proc.stderr


@pytest.mark.parametrize("folder, gold, system, extra", [
    ("ptb", "gold.mrg", "system.mrg", ()),
    ("conll", "demo.gold.conll", "demo.system.conll", ()),
    ("sinica", "gold.sinica", "system.sinica", ()),
    ("ptb", "gold.mrg", "system.mrg", ("--output", "json")),
])
def test_score_on_the_demo_is_the_venvs_byte_for_byte(bundle, folder, gold, system, extra):
    cwd = DEMO / folder                           # bare names: eval.pl's report prints them
    frozen = run_bundle(bundle, "score", gold, system, *extra, cwd=cwd)
    venv = run_venv("score", gold, system, *extra, cwd=cwd)
    assert frozen.returncode == venv.returncode == 0, frozen.stderr.decode()[-2000:]
    assert len(frozen.stdout) > 200
    # JSON names the default .prm it read: the bundle's own copy, else the same bytes
    own = str(bundle / "_internal" / "resources").encode()
    assert (own in frozen.stdout) == ("json" in extra)
    assert frozen.stdout.replace(own, b"<resources>") == \
        venv.stdout.replace(str(ROOT / "resources").encode(), b"<resources>")


@pytest.mark.anchors
@pytest.mark.parametrize("parts", [
    ("evalb", "real", "wsj23_berkeley", "23.gold", "23.sys_berkeley"),
    ("conllx", "zh_gsd_malt", "gold.conll", "system.conll"),
])
def test_score_on_a_real_pair_is_the_venvs_byte_for_byte(bundle, parts):
    gold = anchor(*parts[:-1])
    cwd = gold.parent
    frozen = run_bundle(bundle, "score", gold.name, parts[-1], cwd=cwd)
    venv = run_venv("score", gold.name, parts[-1], cwd=cwd)
    assert frozen.returncode == venv.returncode == 0, frozen.stderr.decode()[-2000:]
    assert frozen.stdout == venv.stdout


def test_screenshot_of_the_bundled_demo(bundle, tmp_path):
    shot = tmp_path / "demo.png"
    proc = run_bundle(bundle, "--screenshot", str(shot), "--size", "1280x720", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert_real_picture(shot, 1280, 720)


def test_screenshot_through_xcb_on_an_x_server(bundle, tmp_path):
    """The bundle's xcb platform plugin and the xcb libraries it carries, on Xvfb."""
    if shutil.which("xvfb-run") is None:
        pytest.skip("xvfb-run not installed (make sysdeps-xvfb)")
    shot = tmp_path / "xcb.png"
    env = dict(os.environ, QT_QPA_PLATFORM="xcb")
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", str(bundle / "tcompare"),
                           "--screenshot", str(shot), "--size", "1280x720"],
                          cwd=tmp_path, env=env, capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert_real_picture(shot, 1280, 720)


@pytest.mark.anchors
def test_screenshot_of_a_real_chinese_pair(bundle, tmp_path):
    gold = anchor("conllx", "zh_gsd_malt", "gold.conll")
    shot = tmp_path / "zh.png"
    proc = run_bundle(bundle, str(gold), str(gold.parent / "system.conll"), "--goto", "2",
                      "--screenshot", str(shot), "--size", "1920x1080", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    assert_real_picture(shot, 1920, 1080)


def test_graphviz_export_from_the_bundle(bundle, tmp_path):
    """pygraphviz is in the bundle unless built with TCOMPARE_BUNDLE_GRAPHVIZ=0; then gv-*
    says so and fails, the rest works."""
    out = tmp_path / "pair.svg"
    proc = run_bundle(bundle, "export", str(DEMO / "ptb" / "gold.mrg"), str(DEMO / "ptb" / "system.mrg"),
                      "--sentence", "2", "--to", "gv-svg", "-o", str(out), cwd=tmp_path)
    if not (bundle / "_internal" / "pygraphviz").is_dir():
        assert proc.returncode == 1
        assert b"Graphviz could not render: No module named 'pygraphviz'" in proc.stderr
        assert b"Traceback" not in proc.stderr
        return
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    svg = out.read_text(encoding="utf-8")
    assert "<svg" in svg and ">ate<" in svg
