"""Issue 34: the Chinese LaTeX export named Noto Serif CJK SC, which xelatex could not find
on a machine set up as the README says (fonts-wqy-microhei); now it names an installed CJK
font (fc-list), and the font is a choice in the export dialog and `tcompare export`."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest

from conftest import RESOURCES
from tcompare import formats
from tcompare.cli import export as cli_export
from tcompare.export import cjk_fonts, latex
from tcompare.export.cjk_fonts import CjkFonts, choose_cjk_fonts, parse_fc_list, sans_for
from tcompare.scoring import profiles
from tcompare.scoring.pairing import score_pair

pytestmark = pytest.mark.issue(34)

DEMO = RESOURCES / "demo"
README_MACHINE = "WenQuanYi Micro Hei,文泉驛微米黑,文泉驿微米黑\nWenQuanYi Micro Hei Mono,文泉驛等寬微米黑,文泉驿等宽微米黑\n"


def sinica_pair():
    profile = profiles.get("sighan2012")
    gold = formats.read_file(DEMO / "sinica" / "gold.sinica")
    system = formats.read_file(DEMO / "sinica" / "system.sinica")
    return gold[1].item, system[1].item, score_pair(gold, system, 1, profile, profile.prepare({}))


def test_fc_list_output_gives_each_familys_first_name_once():
    out = README_MACHINE + "WenQuanYi Micro Hei,文泉驛微米黑,文泉驿微米黑\nAR PL UMing CN\n"
    assert parse_fc_list(out) == ["WenQuanYi Micro Hei", "WenQuanYi Micro Hei Mono", "AR PL UMing CN"]


@pytest.mark.parametrize("installed, expected", [
    (["WenQuanYi Micro Hei", "WenQuanYi Micro Hei Mono"], CjkFonts("WenQuanYi Micro Hei", "WenQuanYi Micro Hei")),
    (["Noto Sans CJK SC", "Noto Serif CJK SC", "WenQuanYi Micro Hei"],
     CjkFonts("Noto Serif CJK SC", "Noto Sans CJK SC")),
    (["Noto Serif CJK SC"], CjkFonts("Noto Serif CJK SC", "Noto Serif CJK SC")),   # no Sans sibling
    (["AR PL UMing CN", "WenQuanYi Zen Hei"], CjkFonts("WenQuanYi Zen Hei", "WenQuanYi Zen Hei")),
    (["Some Vendor Song"], CjkFonts("Some Vendor Song", "Some Vendor Song")),       # any installed one
    ([], CjkFonts("Noto Serif CJK SC", "Noto Sans CJK SC")),                        # nothing to ask
])
def test_the_default_is_an_installed_font(installed, expected):
    assert choose_cjk_fonts(installed) == expected


def test_a_chosen_serif_font_gets_its_sans_sibling_only_when_installed():
    assert sans_for("Noto Serif CJK TC", ["Noto Serif CJK TC", "Noto Sans CJK TC"]) == "Noto Sans CJK TC"
    assert sans_for("Noto Serif CJK TC", ["Noto Serif CJK TC"]) == "Noto Serif CJK TC"
    assert sans_for("WenQuanYi Micro Hei", ["WenQuanYi Micro Hei"]) == "WenQuanYi Micro Hei"


def test_the_document_names_the_installed_font_by_default(monkeypatch):
    monkeypatch.setattr(cjk_fonts, "installed_cjk_fonts", lambda: ("WenQuanYi Micro Hei",))
    doc = latex.export_pair(*sinica_pair())
    assert "\\setCJKmainfont{WenQuanYi Micro Hei}" in doc
    assert "\\setCJKsansfont{WenQuanYi Micro Hei}" in doc
    assert "{Noto" not in doc


def test_tcompare_export_takes_the_font_as_an_option(monkeypatch):
    monkeypatch.setattr(cjk_fonts, "installed_cjk_fonts", lambda: ("WenQuanYi Micro Hei",))
    args = [str(DEMO / "sinica" / "gold.sinica"), str(DEMO / "sinica" / "system.sinica"), "-n", "2"]
    out = io.StringIO()
    assert cli_export.main(args, out, io.StringIO()) == 0
    assert "\\setCJKmainfont{WenQuanYi Micro Hei}" in out.getvalue()
    out = io.StringIO()
    assert cli_export.main(args + ["--cjk-font", "AR PL UMing TW"], out, io.StringIO()) == 0
    assert "\\setCJKmainfont{AR PL UMing TW}" in out.getvalue()


@pytest.mark.skipif(shutil.which("xelatex") is None, reason="xelatex not installed")
def test_the_default_chinese_document_compiles_with_xelatex(tmp_path):  # pragma: no cover - needs TeX
    if not cjk_fonts.installed_cjk_fonts():
        pytest.skip("no CJK font installed")
    (tmp_path / "zh.tex").write_text(latex.export_pair(*sinica_pair()), encoding="utf-8")
    run = subprocess.run(["xelatex", "-interaction=nonstopmode", "-halt-on-error", "zh.tex"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:]
    assert (tmp_path / "zh.pdf").stat().st_size > 0
    assert "Missing character" not in (tmp_path / "zh.log").read_text(errors="replace")
