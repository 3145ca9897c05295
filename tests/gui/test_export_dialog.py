"""Export of the current sentence (dialog and `tcompare export`): PNG, SVG, PDF, LaTeX.

Checks that files are written and non-empty, that SVG keeps words as text (Chinese too),
that the PDF embeds its fonts (when pdffonts is installed) and that LaTeX carries the verdicts.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QImage  # noqa: E402

from conftest import RESOURCES  # noqa: E402
from tcompare.cli import export as cli_export  # noqa: E402
from tcompare.entry import render_picture  # noqa: E402
from tcompare.gui.drawing import palette  # noqa: E402
from tcompare.gui.drawing.export_dialog import ExportDialog, export_current  # noqa: E402
from tcompare.export import latex  # noqa: E402
from gui_helpers import LOAD_TIMEOUT, open_and_wait, window  # noqa: E402,F401

DEMO = RESOURCES / "demo"


def test_dialog_writes_each_format(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, DEMO / "sinica/gold.sinica", DEMO / "sinica/system.sinica")
    for fmt, ext in (("png", ".png"), ("svg", ".svg"), ("pdf", ".pdf"), ("latex", ".tex")):
        dialog = ExportDialog(window)
        qtbot.addWidget(dialog)
        dialog.set_format(fmt)
        assert dialog.path_edit.text().endswith(ext)
        assert dialog.scale_box.isEnabled() == (fmt == "png")
        target = tmp_path / f"out{ext}"
        dialog.path_edit.setText(str(target))
        dialog.accept()
        assert dialog.written == target and target.stat().st_size > 0
    svg = (tmp_path / "out.svg").read_text(encoding="utf-8")
    for word in ("他", "刊登", "報紙", "廣告"):
        assert word in svg
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")
    image = QImage(str(tmp_path / "out.png"))
    assert image.width() > 400 and image.height() > 200
    tex = (tmp_path / "out.tex").read_text(encoding="utf-8")
    assert "xeCJK" in tex and "報紙" in tex and "tc label only" in tex


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts (poppler-utils) not installed")
def test_pdf_embeds_its_fonts(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, DEMO / "sinica/gold.sinica", DEMO / "sinica/system.sinica")
    path = export_current(window, tmp_path / "s.pdf", "pdf")
    listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:] if line.strip()]
    assert rows and all("yes" == row[-5] for row in rows)  # emb column


def test_dependency_sentence_exports(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, DEMO / "conll/demo.gold.conll", DEMO / "conll/demo.system.conll")
    svg = export_current(window, tmp_path / "d.svg", "svg").read_text(encoding="utf-8")
    assert "hearing" in svg and "scheduled" in svg
    tex = export_current(window, tmp_path / "d.tex", "latex").read_text(encoding="utf-8")
    assert "\\begin{dependency}" in tex and "edge below" in tex


def test_export_without_sentence_says_so(window, tmp_path):
    with pytest.raises(ValueError):
        export_current(window, tmp_path / "x.png", "png")


def test_latex_colours_equal_the_gui_palette():
    for verdict, (border, *_rest) in latex.STYLES.items():
        if verdict is None:
            continue
        assert latex.COLOURS[border].upper() == palette.style_for(verdict).border.lstrip("#").upper()


def test_cli_export_pictures(tmp_path):
    for fmt in ("svg", "pdf", "png"):
        out, err = io.StringIO(), io.StringIO()
        target = tmp_path / f"s.{fmt}"
        code = cli_export.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"),
                                "--sentence", "2", "--to", fmt, "-o", str(target)], out, err,
                               render_picture=render_picture)
        assert code == 0, err.getvalue()
        assert target.stat().st_size > 0 and out.getvalue().strip() == str(target)
    assert "cake" in (tmp_path / "s.svg").read_text(encoding="utf-8")
    # the command line alone (no renderer handed in) says how to get a picture
    out, err = io.StringIO(), io.StringIO()
    assert cli_export.main([str(DEMO / "ptb/gold.mrg"), str(DEMO / "ptb/system.mrg"),
                            "--sentence", "2", "--to", "png", "-o", str(tmp_path / "n.png")],
                           out, err) == 1
    assert "tcompare export" in err.getvalue() and not (tmp_path / "n.png").exists()


def test_cli_package_does_not_import_qt():
    code = ("import sys, tcompare.cli, tcompare.cli.export, tcompare.cli.explain, "
            "tcompare.export.latex, tcompare.analysis.explain; "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "False", result.stderr
