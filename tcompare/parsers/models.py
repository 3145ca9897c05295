"""Which parsers and models are installed, and the exact command for those that are not.

Listing never imports a parser nor loads a model (it reads package metadata and looks for
model folders), so the window can show the list at once.  Nothing is ever downloaded: a
missing model is named with the command that installs it, for the user to run.

Parser names (what ``tcompare parse --with`` takes):

    stub[:OPTIONS]          the built-in parser without a model (tcompare/parsers/stub.py)
    spacy:PIPELINE          an installed spaCy pipeline (en_core_web_sm, ja_ginza...)
    spacy                   the only installed pipeline (an error names them when several)
    ginza                   spacy:ja_ginza
    stanza:LANG[,constituency]
    benepar:MODEL[,spacy=PIPELINE]
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
from dataclasses import dataclass
from pathlib import Path

from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, ParserAdapter, ParserMissing

# what to suggest when nothing of a family is installed (the pipelines users ask for first)
SUGGESTED_SPACY = {"en_core_web_sm": "python -m spacy download en_core_web_sm",
                   "ja_ginza": "pip install 'tcompare[ginza]'"}
ALIASES = {"ginza": "spacy:ja_ginza"}


@dataclass(frozen=True)
class ParserInfo:
    """One entry of `catalogue()`: `install` is "" when the parser can run here."""

    name: str
    kind: str
    detail: str
    install: str = ""

    @property
    def installed(self) -> bool:
        return not self.install


def _has_module(name: str) -> bool:
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


def catalogue() -> list[ParserInfo]:
    """Every parser this machine can run, then the usual ones it cannot, with their command."""
    out = [ParserInfo("stub", DEPENDENCY, "built in: each word on the word before it (CI, demos)"),
           ParserInfo("stub:constituency", CONSTITUENCY, "built in: a right-branching tree")]
    has_spacy = _has_module("spacy")
    pipelines = spacy_pipelines() if has_spacy else {}
    for name, meta in pipelines.items():
        out.append(ParserInfo(f"spacy:{name}", DEPENDENCY,
                              f"spaCy pipeline, language {meta['lang']}, version {meta['version']}"))
    for name in SUGGESTED_SPACY:
        if name not in pipelines and not (name == "en_core_web_sm" and first_spacy_pipeline("en")):
            out.append(ParserInfo(f"spacy:{name}", DEPENDENCY, "spaCy pipeline (not installed)",
                                  install_command(f"spacy:{name}")))
    if _has_module("stanza"):
        langs = stanza_languages()
        for lang in langs:
            out.append(ParserInfo(f"stanza:{lang}", DEPENDENCY, f"Stanza, language {lang}"))
            out.append(ParserInfo(f"stanza:{lang},constituency", CONSTITUENCY,
                                  f"Stanza constituency, language {lang} (where its model is present)"))
        if not langs:
            out.append(ParserInfo("stanza:en", DEPENDENCY, "Stanza (no model downloaded)",
                                  install_command("stanza:en")))
    else:
        out.append(ParserInfo("stanza:en", DEPENDENCY, "Stanza (not installed)", install_command("stanza:en")))
    if _has_module("benepar"):
        models = benepar_models()
        out += [ParserInfo(f"benepar:{m}", CONSTITUENCY, "benepar (Berkeley Neural Parser)") for m in models]
        if not models:
            out.append(ParserInfo("benepar:benepar_en3", CONSTITUENCY, "benepar (no model downloaded)",
                                  install_command("benepar:benepar_en3")))
    else:
        out.append(ParserInfo("benepar:benepar_en3", CONSTITUENCY, "benepar (not installed)",
                              install_command("benepar:benepar_en3")))
    return out


def install_command(name: str) -> str:
    """The exact command(s) that make parser `name` runnable here."""
    family, _, options = ALIASES.get(name, name).partition(":")
    model = options.split(",")[0]
    if family == "spacy":
        if model in SUGGESTED_SPACY:
            step = SUGGESTED_SPACY[model]
        else:
            step = f"python -m spacy download {model or 'en_core_web_sm'}"
        return step if _has_module("spacy") or step.startswith("pip") else f"pip install 'tcompare[spacy]' && {step}"
    if family == "stanza":
        from tcompare.parsers.stanza_adapter import download_command

        step = download_command(model or "en")
        return step if _has_module("stanza") else f"pip install 'tcompare[stanza]' && {step}"
    if family == "benepar":
        from tcompare.parsers.benepar_adapter import download_command as benepar_download

        step = benepar_download(model or "benepar_en3")
        return step if _has_module("benepar") else f"pip install 'tcompare[benepar]' && {step}"
    return ""


def make_parser(name: str) -> ParserAdapter:
    """The adapter for parser `name` (nothing is loaded yet: call its `load()`).  Raises
    ValueError for a name of no family, `ParserMissing` for a family not installed."""
    name = ALIASES.get(name, name)
    family, _, options = name.partition(":")
    if family == "stub":
        from tcompare.parsers.stub import StubParser

        return StubParser(options)
    if family == "spacy":
        from tcompare.parsers.spacy_adapter import SpacyParser

        if not _has_module("spacy"):
            raise ParserMissing("spaCy is not installed", install_command(name))
        if not options:
            pipelines = list(spacy_pipelines())
            if len(pipelines) != 1:
                raise ValueError("say which spaCy pipeline: " + (", ".join(f"spacy:{p}" for p in pipelines)
                                                                 or "none is installed"))
            options = pipelines[0]
        return SpacyParser(options)
    if family == "stanza":
        from tcompare.parsers.stanza_adapter import StanzaParser

        return StanzaParser(options or "en")
    if family == "benepar":
        from tcompare.parsers.benepar_adapter import BeneparParser

        return BeneparParser(options)
    raise ValueError(f"no parser called {name!r}; known: stub, spacy:PIPELINE, ginza, stanza:LANG, "
                     "benepar:MODEL (tcompare parse --list)")
