"""What the window remembers between runs, with typed accessors over one QSettings.

QSettings hands back strings from an INI file and native types from the registry or a plist,
so every read here converts and checks (a hand-edited or old file never breaks the start).
The keys are the ones the window has always used (``recent``, ``geometry``,
``autosave_seconds``) plus:

=========================  =============================================================
``theme``                   system, light, dark or high_contrast (`themes.THEME_NAMES`)
``font_size``               the interface's point size; 0 = the system's
``recent_length``           how many sets of files File › Open recent lists
``profile/<notation>``      the scoring profile last used for files of that notation
``prm/<notation>``          the .prm (EVALB parameter file) last used for that notation
=========================  =============================================================

``ui/language`` belongs to the translations (View › Language), not to this module.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from tcompare.gui.themes import THEME_NAMES

DEFAULT_RECENT_LENGTH = 8
RECENT_LENGTH_RANGE = (1, 30)
FONT_SIZE_RANGE = (6.0, 24.0)
DEFAULT_AUTOSAVE_SECONDS = 30


class Settings:
    """Typed access to `store` (the window's QSettings; tests pass an INI file)."""

    def __init__(self, store: QSettings):
        self.store = store

    # -- helpers ------------------------------------------------------------------------------
    def _int(self, key: str, default: int, low: int, high: int) -> int:
        try:
            value = int(self.store.value(key, default))
        except (TypeError, ValueError):
            return default
        return min(max(value, low), high)

    # -- recent files -------------------------------------------------------------------------
    def recent_length(self) -> int:
        return self._int("recent_length", DEFAULT_RECENT_LENGTH, *RECENT_LENGTH_RANGE)

    def set_recent_length(self, n: int) -> None:
        low, high = RECENT_LENGTH_RANGE
        self.store.setValue("recent_length", min(max(int(n), low), high))
        self.store.setValue("recent", self._recent_entries()[:self.recent_length()])

    def _recent_entries(self) -> list[str]:
        value = self.store.value("recent", [])
        if isinstance(value, str):        # INI: a one-element list comes back as a string
            value = [value]
        return [str(v) for v in (value or []) if str(v)]

    def recent_files(self) -> list[list[str]]:
        """The sets of files opened last, newest first: [gold, system, ...] each."""
        return [entry.split("\t") for entry in self._recent_entries()]

    def add_recent(self, paths: list[str]) -> None:
        entry = "\t".join(str(p) for p in paths)
        recent = [r for r in self._recent_entries() if r != entry]
        recent.insert(0, entry)
        self.store.setValue("recent", recent[:self.recent_length()])

    def clear_recent(self) -> None:
        self.store.setValue("recent", [])

    # -- window -------------------------------------------------------------------------------
    def geometry(self) -> QByteArray | None:
        value = self.store.value("geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_geometry(self, geometry: QByteArray) -> None:
        self.store.setValue("geometry", geometry)

    # -- look ---------------------------------------------------------------------------------
    def theme(self) -> str:
        value = str(self.store.value("theme", "system"))
        return value if value in THEME_NAMES else "system"

    def set_theme(self, name: str) -> None:
        if name not in THEME_NAMES:
            raise ValueError(f"unknown theme {name!r}; known: {', '.join(THEME_NAMES)}")
        self.store.setValue("theme", name)

    def font_size(self) -> float:
        """The interface's point size, 0.0 for the system's."""
        try:
            value = float(self.store.value("font_size", 0.0))
        except (TypeError, ValueError):
            return 0.0
        low, high = FONT_SIZE_RANGE
        return min(max(value, low), high) if value > 0 else 0.0

    def set_font_size(self, points: float) -> None:
        self.store.setValue("font_size", float(points) if points > 0 else 0.0)

    # -- scoring, per notation ----------------------------------------------------------------
    def last_profile(self, notation: str) -> str | None:
        value = self.store.value(f"profile/{notation}")
        return str(value) if value else None

    def set_last_profile(self, notation: str, profile: str | None) -> None:
        """Remember `profile` for `notation`; None or "": forget (the notation's default)."""
        if profile:
            self.store.setValue(f"profile/{notation}", profile)
        else:
            self.store.remove(f"profile/{notation}")

    def last_prm(self, notation: str) -> str | None:
        value = self.store.value(f"prm/{notation}")
        return str(value) if value else None

    def set_last_prm(self, notation: str, path: str | None) -> None:
        if path:
            self.store.setValue(f"prm/{notation}", str(path))
        else:
            self.store.remove(f"prm/{notation}")

    # -- the editor ---------------------------------------------------------------------------
    def autosave_seconds(self) -> int:
        return self._int("autosave_seconds", DEFAULT_AUTOSAVE_SECONDS, 1, 3600)

    def set_autosave_seconds(self, seconds: int) -> None:
        self.store.setValue("autosave_seconds", min(max(int(seconds), 1), 3600))

    def sync(self) -> None:
        self.store.sync()


def notation_of(path: str, notation: str | None = None) -> str | None:
    """The notation `path` will be read in (sniffed from its head, as the loader does), to
    find the profile remembered for it before the file is read; None when it cannot tell."""
    if notation:
        return notation
    from tcompare import formats
    from tcompare.formats.encoding import DecodeError
    from tcompare.formats.lines import sniff_head

    try:
        if formats.is_stream(path):
            return None
        return sniff_head(str(path))
    except (OSError, ValueError, DecodeError):
        return None
