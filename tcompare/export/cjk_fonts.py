"""Which CJK font a Chinese LaTeX export names: one that is installed.

xeCJK stops with "font not found" when ``\\setCJKmainfont`` names a font fontconfig does
not have; the old fixed default (Noto Serif CJK SC) failed on a machine set up as the README
says (fonts-wqy-microhei: WenQuanYi Micro Hei).  `installed_cjk_fonts` asks fontconfig
(``fc-list :lang=zh family``) which families cover Chinese; `choose_cjk_fonts` takes the
first of `PREFERRED` that is installed (serif for the main font when there is one, the
matching sans for ``\\setCJKsansfont``), else any installed one, else `FALLBACK`.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from dataclasses import dataclass
from typing import Iterable

# most wanted first: simplified and traditional glyphs, serif and sans in one family; then
# what Debian and Ubuntu install with fonts-wqy-*, fonts-arphic-*, TeX Live's own
PREFERRED = (
    "Noto Serif CJK SC", "Noto Sans CJK SC", "Source Han Serif SC", "Source Han Sans SC",
    "Source Han Serif CN", "Source Han Sans CN", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
    "AR PL UMing CN", "AR PL UKai CN", "AR PL SungtiL GB", "AR PL KaitiM GB", "FandolSong",
    "FandolHei",
)
# named when fontconfig cannot be asked (the user's TeX machine may differ from this one)
FALLBACK = "Noto Serif CJK SC"
FC_LIST_TIMEOUT = 10.0        # seconds


@dataclass(frozen=True)
class CjkFonts:
    """The fonts a Chinese export names: ``main`` (``\\setCJKmainfont``) and ``sans``."""

    main: str
    sans: str


def parse_fc_list(output: str) -> list[str]:
    """Family names from ``fc-list : family`` output: one line per font, its family's names
    comma separated (``WenQuanYi Micro Hei,文泉驛微米黑,文泉驿微米黑``); the first name of each
    (the one xeCJK looks up), each family once, in order of appearance."""
    families: list[str] = []
    for line in output.splitlines():
        name = line.split(",")[0].strip().replace("\\-", "-")
        if name and name not in families:
            families.append(name)
    return families


@functools.cache
def installed_cjk_fonts() -> tuple[str, ...]:
    """The font families fontconfig says cover Chinese; empty without fc-list."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return ()
    try:
        out = subprocess.run([fc_list, ":lang=zh", "family"], capture_output=True, text=True,
                             timeout=FC_LIST_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(sorted(parse_fc_list(out.stdout), key=_rank))


def _rank(family: str) -> tuple[int, str]:
    return (PREFERRED.index(family) if family in PREFERRED else len(PREFERRED), family)


def choose_cjk_fonts(installed: Iterable[str] | None = None) -> CjkFonts:
    """The export's fonts from the `installed` families (default: `installed_cjk_fonts`)."""
    families = list(installed_cjk_fonts() if installed is None else installed)
    if not families:
        return CjkFonts(FALLBACK, FALLBACK.replace("Serif", "Sans"))
    ranked = sorted(families, key=_rank)
    main = ranked[0]
    sans = main.replace("Serif", "Sans")
    return CjkFonts(main, sans if sans in families else main)


def sans_for(main: str, installed: Iterable[str] | None = None) -> str:
    """The sans font to pair with a chosen `main` font: its Sans sibling when installed
    (Noto Serif CJK SC -> Noto Sans CJK SC), else `main` itself."""
    families = set(installed_cjk_fonts() if installed is None else installed)
    sans = main.replace("Serif", "Sans")
    return sans if sans != main and (sans in families or not families) else main
