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

from dataclasses import dataclass

from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, ParserAdapter, ParserMissing
from tcompare.parsers import installed
from tcompare.parsers.installed import (ALIASES, SUGGESTED_SPACY, benepar_models, first_spacy_pipeline,
                                        install_command, spacy_pipelines, stanza_languages)

__all__ = ["ParserInfo", "catalogue", "first_spacy_pipeline", "install_command", "make_parser"]


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


def catalogue() -> list[ParserInfo]:
    """Every parser this machine can run, then the usual ones it cannot, with their command."""
    out = [ParserInfo("stub", DEPENDENCY, "built in: each word on the word before it (CI, demos)"),
           ParserInfo("stub:constituency", CONSTITUENCY, "built in: a right-branching tree")]
    has_spacy = installed.has_module("spacy")
    pipelines = spacy_pipelines() if has_spacy else {}
    for name, meta in pipelines.items():
        out.append(ParserInfo(f"spacy:{name}", DEPENDENCY,
                              f"spaCy pipeline, language {meta['lang']}, version {meta['version']}"))
    for name in SUGGESTED_SPACY:
        if name not in pipelines and not (name == "en_core_web_sm" and first_spacy_pipeline("en")):
            out.append(ParserInfo(f"spacy:{name}", DEPENDENCY, "spaCy pipeline (not installed)",
                                  install_command(f"spacy:{name}")))
    if installed.has_module("stanza"):
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
    if installed.has_module("benepar"):
        models = benepar_models()
        out += [ParserInfo(f"benepar:{m}", CONSTITUENCY, "benepar (Berkeley Neural Parser)") for m in models]
        if not models:
            out.append(ParserInfo("benepar:benepar_en3", CONSTITUENCY, "benepar (no model downloaded)",
                                  install_command("benepar:benepar_en3")))
    else:
        out.append(ParserInfo("benepar:benepar_en3", CONSTITUENCY, "benepar (not installed)",
                              install_command("benepar:benepar_en3")))
    return out


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

        if not installed.has_module("spacy"):
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
