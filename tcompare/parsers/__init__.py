"""Parser adapters: real parsers (spaCy incl. GiNZA, Stanza, benepar) and a stub, producing
system corpora from a gold's tokens or its raw text.  Optional extras: nothing here imports a
parser until one is loaded.  docs/parsers.md says how to install and use each.
"""

from tcompare.parsers.base import CONSTITUENCY, DEPENDENCY, ParserAdapter, ParserMissing, WordsIn
from tcompare.parsers.models import ParserInfo, catalogue, install_command, make_parser
from tcompare.parsers.run import MODES, PRETOKENISED, RAW, Missing, ParseRun, parse_corpus

__all__ = ["CONSTITUENCY", "DEPENDENCY", "MODES", "PRETOKENISED", "RAW", "Missing", "ParseRun", "ParserAdapter",
           "ParserInfo", "ParserMissing", "WordsIn", "catalogue", "install_command", "make_parser", "parse_corpus"]
