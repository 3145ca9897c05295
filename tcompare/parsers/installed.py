"""What is installed here, found without importing a parser, and the command for what is not.

Adapters and the catalogue (`models.py`) both use this module; it imports no adapter.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
from pathlib import Path

# what to suggest when nothing of a family is installed (the pipelines users ask for first)
SUGGESTED_SPACY = {"en_core_web_sm": "python -m spacy download en_core_web_sm",
                   "ja_ginza": "pip install 'tcompare[ginza]'"}
ALIASES = {"ginza": "spacy:ja_ginza"}


def has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def spacy_pipelines() -> dict[str, dict[str, str]]:
    """Installed spaCy pipelines with a parser: {package: {"lang", "version", "spacy"}}, from
    each distribution's ``PACKAGE/meta.json`` (no import of spaCy)."""
    found: dict[str, dict[str, str]] = {}
    for dist in importlib.metadata.distributions():
        for file in dist.files or ():
            parts = Path(str(file)).parts
            if len(parts) != 2 or parts[1] != "meta.json":
                continue
            try:
                meta = json.loads(Path(str(dist.locate_file(file))).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(meta, dict) and "parser" in meta.get("pipeline", []) and meta.get("lang"):
                found[parts[0]] = {"lang": str(meta["lang"]), "version": str(meta.get("version", "")),
                                   "spacy": str(meta.get("spacy_version", ""))}
    return dict(sorted(found.items()))


def first_spacy_pipeline(lang: str) -> str:
    return next((name for name, meta in spacy_pipelines().items() if meta["lang"] == lang), "")


def stanza_languages() -> list[str]:
    """Languages whose Stanza dependency models are in the resources folder."""
    folder = Path(os.environ.get("STANZA_RESOURCES_DIR", Path.home() / "stanza_resources"))
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "depparse").is_dir())


def benepar_models() -> list[str]:
    """benepar models in NLTK's data folders (``models/benepar_*``), found without nltk."""
    folders = [Path(p) for p in os.environ.get("NLTK_DATA", "").split(os.pathsep) if p]
    folders += [Path.home() / "nltk_data", Path("/usr/share/nltk_data"), Path("/usr/local/share/nltk_data")]
    names = {p.name.removesuffix(".zip") for f in folders if (f / "models").is_dir()
             for p in (f / "models").iterdir() if p.name.startswith("benepar_")}
    return sorted(names)


def stanza_download(lang: str) -> str:
    return f"python -c \"import stanza; stanza.download('{lang}')\""


def benepar_download(model: str) -> str:
    return f"python -c \"import benepar; benepar.download('{model}')\""


def install_command(name: str) -> str:
    """The exact command(s) that make parser `name` runnable here."""
    family, _, options = ALIASES.get(name, name).partition(":")
    model = options.split(",")[0]
    if family == "spacy":
        if model in SUGGESTED_SPACY:
            step = SUGGESTED_SPACY[model]
        else:
            step = f"python -m spacy download {model or 'en_core_web_sm'}"
        return step if has_module("spacy") or step.startswith("pip") else f"pip install 'tcompare[spacy]' && {step}"
    if family == "stanza":
        step = stanza_download(model or "en")
        return step if has_module("stanza") else f"pip install 'tcompare[stanza]' && {step}"
    if family == "benepar":
        step = benepar_download(model or "benepar_en3")
        return step if has_module("benepar") else f"pip install 'tcompare[benepar]' && {step}"
    return ""
