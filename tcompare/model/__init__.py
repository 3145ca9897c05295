"""Plain data for trees, dependency sentences and corpora. No I/O, no Qt, no other tcompare package."""

from tcompare.model.tree import Label, Node, Token, Tree
from tcompare.model.deps import DepSentence, DepToken
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord

__all__ = [
    "Label", "Node", "Token", "Tree", "DepSentence", "DepToken",
    "Corpus", "ParseError", "SentenceRecord",
]
