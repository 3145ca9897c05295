"""The map matches the house: docs/architecture.md names every room that exists and no room
that is gone, and the rooms keep their shape (issue 28)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "tcompare"
MAP = ROOT / "docs" / "architecture.md"
FAMILIES = ("evalb", "conllx", "zh", "jpevalb", "conll18", "udeval", "discodop")


def _rooms() -> set[str]:
    """Every package under tcompare/, as `tcompare/a/b/`."""
    return {str(init.parent.relative_to(ROOT)) + "/" for init in PKG.rglob("__init__.py")
            if "__pycache__" not in init.parts}


def _named_paths() -> set[str]:
    """Every `tcompare/...` path the map names in backticks."""
    return set(re.findall(r"`(tcompare/[\w/.]*)`", MAP.read_text(encoding="utf-8")))


def test_the_map_names_every_room():
    named = _named_paths()
    missing = sorted(room for room in _rooms() if room != "tcompare/" and room not in named)
    assert missing == []


def test_the_map_names_no_room_or_file_that_is_gone():
    stale = sorted(path for path in _named_paths() if not (ROOT / path).exists())
    assert stale == []


def test_every_module_of_a_family_is_on_the_map():
    text = MAP.read_text(encoding="utf-8")
    for family in FAMILIES:
        row = next(line for line in text.splitlines() if f"`tcompare/scoring/{family}/`" in line)
        for module in sorted((PKG / "scoring" / family).iterdir()):
            if module.suffix in (".py", ".pyx") and module.name != "__init__.py":
                assert f"`{module.name}`" in row, (family, module.name)


def test_scoring_has_no_top_level_file_of_one_family():
    pattern = re.compile(r"^(evalb|conllx|jpevalb|conll18|parseval|sighan|zh)|^_.*_kernel\.pyx$")
    offenders = sorted(p.name for p in (PKG / "scoring").iterdir()
                       if p.is_file() and p.suffix in (".py", ".pyx") and pattern.match(p.name))
    assert offenders == []


def test_every_family_has_the_same_shape():
    for family in FAMILIES:
        room = PKG / "scoring" / family
        face = (room / "__init__.py").read_text(encoding="utf-8")
        assert face.startswith('"""'), family          # the face says what the family is
        assert (room / "profile.py").exists() or family == "zh", family
        kernels = list(room.glob("_kernel.pyx"))
        if kernels:   # a compiled twin has its Python oracle beside it
            assert (room / "core.py").exists() or (room / "profile.py").exists(), family


def test_gui_has_at_most_twelve_top_level_modules():
    top = sorted(p.name for p in (PKG / "gui").glob("*.py"))
    assert len(top) <= 12, top
