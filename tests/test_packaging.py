"""packaging/ (issue 19): the desktop entry, AppStream metainfo, MIME types and icons agree
with each other and with the readers, install where a file manager finds them, and the
window's start-up says what is missing instead of a traceback.  The bundle itself:
tests/test_bundle.py (slow)."""

from __future__ import annotations

import configparser
import json
import os
import shutil
import struct
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tcompare import formats

ROOT = Path(__file__).resolve().parent.parent
SHARE = ROOT / "packaging" / "share"
APP_ID = "io.github.tcompare.tcompare"
DESKTOP = SHARE / "applications" / f"{APP_ID}.desktop"
METAINFO = SHARE / "metainfo" / f"{APP_ID}.metainfo.xml"
MIME_XML = SHARE / "mime" / "packages" / f"{APP_ID}.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
DEMO = ROOT / "resources" / "demo"

# reader endings left without a glob: names other programs use for other things
GENERIC_ENDINGS = {".gold", ".tst", ".dep", "parsed"}

# a demo file of each notation -> the type the installed MIME database gives it
DEMO_TYPES = {
    "ptb/gold.mrg": "text/x-penn-treebank",
    "tct/gold.tct": "text/x-tct-treebank",
    "tct2012/gold.psg": "text/x-parseval2012",
    "pku/gold.pku": "text/x-pku-treebank",
    "sinica/gold.sinica": "text/x-sinica-treebank",
    "ccg/gold.auto": "text/x-ccgbank-auto",
    "conll/demo.gold.conll": "text/x-conll",
    "conll/demo.gold.conllu": "text/x-conllu",
}


def desktop_entry(path: Path = DESKTOP) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def mime_globs() -> dict[str, list[str]]:
    root = ET.parse(MIME_XML).getroot()
    return {node.get("type", ""): [g.get("pattern", "") for g in node.iter(f"{MIME_NS}glob")]
            for node in root.iter(f"{MIME_NS}mime-type")}


def test_desktop_entry_opens_files_of_every_type_the_mime_xml_defines():
    entry = desktop_entry()
    assert entry["Exec"] == "tcompare %F"          # several files: gold then systems
    assert entry["Icon"] == APP_ID
    declared = [t for t in entry["MimeType"].split(";") if t]
    assert sorted(declared) == sorted(mime_globs())
    provided = [m.text for m in ET.parse(METAINFO).getroot().iter("mediatype")]
    assert sorted(provided) == sorted(declared)
    launchable = ET.parse(METAINFO).getroot().find("launchable")
    assert launchable is not None and launchable.text == DESKTOP.name


def test_every_reader_ending_has_a_glob():
    globs = {pattern for patterns in mime_globs().values() for pattern in patterns}
    for notation in formats.loaded_notations():
        for ending in notation.extensions:
            if ending not in GENERIC_ENDINGS:
                assert f"*{ending}" in globs, f"{notation.name}: {ending} has no MIME glob"


def test_desktop_entry_validates():
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate not installed (apt: desktop-file-utils)")
    proc = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "error" not in proc.stdout.lower()


def test_metainfo_validates():
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli not installed (apt: appstream)")
    proc = subprocess.run([tool, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_icon_pngs_have_their_folders_size():
    pngs = sorted((SHARE / "icons" / "hicolor").glob("*x*/apps/*.png"))
    sizes = sorted(int(p.parent.parent.name.split("x")[0]) for p in pngs)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    for png in pngs:
        side = int(png.parent.parent.name.split("x")[0])
        assert png.name == f"{APP_ID}.png"
        assert png_size(png) == (side, side)
    assert (SHARE / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()


def install(tmp_path: Path, **env: str) -> Path:
    """packaging/install-desktop.sh into tmp_path/prefix; returns its share folder."""
    full = dict(os.environ, PREFIX=str(tmp_path / "prefix"), **env)
    proc = subprocess.run(["sh", str(ROOT / "packaging" / "install-desktop.sh")], env=full,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return Path(env.get("DESTDIR", "") + str(tmp_path / "prefix")) / "share"


def test_staged_install_places_every_file_and_names_the_program(tmp_path):
    share = install(tmp_path, DESTDIR=str(tmp_path / "stage"), EXEC="/opt/tc compare/tcompare")
    entry = desktop_entry(share / "applications" / DESKTOP.name)
    assert entry["Exec"] == '"/opt/tc compare/tcompare" %F'   # quoted: the path has a space
    assert entry["TryExec"] == "/opt/tc compare/tcompare"
    assert (share / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    assert (share / "mime" / "packages" / MIME_XML.name).read_bytes() == MIME_XML.read_bytes()
    for png in (SHARE / "icons").rglob("*.p*g"):
        assert (share / png.relative_to(SHARE)).read_bytes() == png.read_bytes()
    assert not (share / "mime" / "mime.cache").exists()   # a staged install leaves the databases


def test_installed_mime_database_types_the_demo_files(tmp_path):
    if shutil.which("update-mime-database") is None:
        pytest.skip("update-mime-database not installed (apt: shared-mime-info)")
    share = install(tmp_path)
    assert (share / "mime" / "mime.cache").is_file()
    # no file name ending: the content decides (magic); the Sinica Treebank's own lines
    # carry a "#1:1.[0] " prefix, which the demo's do not
    sinica = (DEMO / "sinica" / "gold.sinica").read_text(encoding="utf-8")
    (tmp_path / "parsed").write_text(f"#1:1.[0] {sinica}", encoding="utf-8")
    (tmp_path / "wsj_0001").write_text("(TOP (S (NP (NN x)) (. .)))\n")
    (tmp_path / "derivations").write_bytes((DEMO / "ccg" / "gold.auto").read_bytes())
    (tmp_path / "sentences").write_text("# sent_id = 1\n# text = x\n1\tx\t_\t_\t_\t_\t0\troot\t_\t_\n\n")
    files = {str(DEMO / name): kind for name, kind in DEMO_TYPES.items()}
    files.update({str(tmp_path / "derivations"): "text/x-ccgbank-auto",
                  str(tmp_path / "sentences"): "text/x-conllu",
                  str(tmp_path / "parsed"): "text/x-sinica-treebank",
                  str(tmp_path / "wsj_0001"): "text/x-penn-treebank"})
    script = textwrap.dedent("""
        import json, sys
        from PySide6.QtCore import QMimeDatabase
        db = QMimeDatabase()
        print(json.dumps({f: db.mimeTypeForFile(f).name() for f in sys.argv[1:]}))
    """)
    env = dict(os.environ, XDG_DATA_DIRS=f"{share}:/usr/share", XDG_DATA_HOME=str(tmp_path / "none"))
    proc = subprocess.run([sys.executable, "-c", script, *files], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == files


def test_frozen_resources_come_from_the_bundle(tmp_path):
    code = ("import sys; sys._MEIPASS = sys.argv[1]; import tcompare.paths as p; "
            "print(p.resource('prm', 'x.prm'))")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.stdout.strip() == str(tmp_path / "resources" / "prm" / "x.prm"), proc.stderr


class _NoLibGL:
    """An import of tcompare.gui.shell.app failing as it does where libGL.so.1 is missing."""

    def __init__(self, message: str):
        self.message = message

    def find_spec(self, name, path=None, target=None):
        if name == "tcompare.gui.shell.app":
            raise ImportError(self.message)
        return None


def test_window_without_a_system_library_names_it_and_the_apt_line(monkeypatch, capsys):
    from tcompare.gui.shell import launch

    monkeypatch.delitem(sys.modules, "tcompare.gui.shell.app", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NoLibGL(
        "libGL.so.1: cannot open shared object file: No such file or directory"), *sys.meta_path])
    assert launch.main([]) == 1
    err = capsys.readouterr().err
    assert "libGL.so.1: cannot open shared object file" in err
    assert f"apt-get install {launch.QT_RUNTIME_APT}" in err
    assert "Traceback" not in err


def test_window_other_import_errors_are_not_hidden(monkeypatch):
    from tcompare.gui.shell import launch

    monkeypatch.delitem(sys.modules, "tcompare.gui.shell.app", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_NoLibGL("No module named 'PySide6'"), *sys.meta_path])
    with pytest.raises(ImportError, match="PySide6"):
        launch.main([])


def test_picture_export_without_a_system_library_names_it(monkeypatch, capsys, tmp_path):
    from tcompare import entry
    from tcompare.gui.shell.launch import QT_RUNTIME_APT

    class NoLibGL(_NoLibGL):
        def find_spec(self, name, path=None, target=None):
            if name == "tcompare.gui.drawing.render":
                raise ImportError(self.message)
            return None

    monkeypatch.delitem(sys.modules, "tcompare.gui.drawing.render", raising=False)
    monkeypatch.setattr(sys, "meta_path", [NoLibGL(
        "libGL.so.1: cannot open shared object file: No such file or directory"), *sys.meta_path])
    out = tmp_path / "pair.png"
    code = entry.main(["export", str(DEMO / "ptb" / "gold.mrg"), str(DEMO / "ptb" / "system.mrg"),
                       "--sentence", "2", "--to", "png", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 1 and not out.exists()
    assert "tcompare export: --to png cannot draw: libGL.so.1: cannot open shared object file" in err
    assert f"apt-get install {QT_RUNTIME_APT}" in err and "Traceback" not in err
