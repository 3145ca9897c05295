"""Converting a corpus from one notation to another: `tcompare convert` uses it, and so can
any view that saves a corpus in another notation (it lives here, below the views).

* Same notation: the unedited sentences' exact text, edited ones re-rendered (a round trip).
* Other notations are offered only where the labels keep their meaning (`MEANINGFUL`):
  within the TCT family (TCT square <-> ParsEval-2012 round <-> PKU; ``!`` marks <->
  ``tag-h`` positions), any constituency notation -> PTB, CCG AUTO <-> ParsEval-2012 CCG
  brackets (categories respelled from CCGbank's ``(S[dcl]\\NP)/NP`` to the 2012
  ``[S{dcl}\\NP]/NP`` and back), CoNLL-X <-> CoNLL-U, and the discontinuous notations
  disco-dop reads (NEGRA export, TIGER XML, Alpino XML, discbracket) among themselves and
  from PTB (a discontinuous tree cannot be written as PTB: that sentence is a problem,
  its crossing branches named).  Anything else (Sinica -> TCT,
  constituency <-> dependency, ``ccgauto`` from trees without CCG categories) raises
  `ImpossibleConversion` naming the targets that would work (`targets_for`).
* Each converted sentence is read back with the target notation; a sentence the target
  cannot hold (a word with a ``[`` written as TCT, say) or that did not read in the first
  place becomes a problem message (``file:line: ...``) and is written as the target's
  empty parse, so later sentences keep their positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from tcompare import formats
from tcompare.formats import ccg
from tcompare.model.corpus import Corpus, ParseError
from tcompare.model.deps import DepSentence
from tcompare.model.tree import Tree


@dataclass
class Conversion:
    """The converted text and what went wrong on the way (one message per sentence)."""

    text: str
    problems: list[str] = field(default_factory=list)


class SentenceRefused(ValueError):
    """One sentence the target notation cannot hold (said as it is, without a type name)."""


class ImpossibleConversion(Exception):
    """The whole conversion makes no sense (dependency -> constituency, no CCG categories)."""


def _empty_item(kind: str) -> Tree | DepSentence:
    if kind == "dependency":
        from tcompare.model.deps import DepSentence
        return DepSentence()
    return Tree.build(None)


# Conversions that keep what the trees say.  The TCT family shares tags and label parts
# (heads move between `tag-h` positions and PKU `!` marks); PTB brackets can hold any
# constituency tree; CCGbank and ParsEval-2012 spell the same categories differently.
# Others (Sinica roles into TCT labels, PTB tags into TCT files) would change what the
# labels mean, so they are refused rather than done half-way.
TCT_FAMILY = ("tct", "tct2012", "pku")
MEANINGFUL = {(a, b) for a in TCT_FAMILY for b in TCT_FAMILY if a != b} | {
    ("ccgauto", "tct2012"), ("tct2012", "ccgauto"),
    ("conllx", "conllu"), ("conllu", "conllx"),
}
# disco-dop converts between these (treetransforms / treedraw --fmt); PTB trees are
# continuous ones, so they go in too
DISCONTINUOUS_FAMILY = ("export", "tiger", "alpino", "discbracket")
MEANINGFUL |= {(a, b) for a in (*DISCONTINUOUS_FAMILY, "ptb") for b in DISCONTINUOUS_FAMILY if a != b}
_ROOT_LABELS = frozenset({"ROOT", "VROOT", "TOP", ""})


def targets_for(source: str) -> list[str]:
    """The notations a `source` file can be converted to (its own first)."""
    kinds = {n.name: n.kind for n in formats.loaded_notations()}
    result = [source]
    for name in formats.available():
        if name == source:
            continue
        if (source, name) in MEANINGFUL or (
                name == "ptb" and kinds.get(source) == "constituency"):
            result.append(name)
    return result


def _has_ccg(corpus: Corpus) -> bool:
    for record in corpus:
        tree = record.item
        if isinstance(tree, Tree) and tree.root is not None:
            return any(node.label.ccg for node in tree.nodes())
    return False


def _check_possible(corpus: Corpus, source: formats.Notation, target: formats.Notation) -> None:
    if source.kind != target.kind:
        raise ImpossibleConversion(
            f"cannot convert {source.kind} notation {source.name!r} to {target.kind} "
            f"notation {target.name!r}")
    if target.name not in targets_for(source.name):
        raise ImpossibleConversion(
            f"converting {source.name} to {target.name} would change what the labels mean; "
            f"{source.name} converts to: {', '.join(targets_for(source.name)[1:]) or 'nothing'}")
    if target.name in ("tct", "pku") and _has_ccg(corpus):
        raise ImpossibleConversion(
            f"{corpus.path}: CCG derivations can be written as ccgauto, tct2012 or ptb, "
            f"not as {target.name}")
    if target.name == "ccgauto":
        for record in corpus:
            tree = record.item
            if tree is None or tree.root is None:
                continue
            if not all(node.label.ccg for node in tree.nodes()):
                raise ImpossibleConversion(
                    f"{corpus.path}:{record.line}: the trees carry no CCG categories, "
                    "so they cannot be written as CCG AUTO derivations")


def _respell_categories(tree: Tree, respell: Callable[[str], str]) -> Tree:
    """A copy of `tree` with every CCG category respelled (node labels and word categories)."""
    tree = tree.copy()
    for node in tree.nodes():
        if node.label.ccg:
            cat = respell(node.label.ccg)
            node.label = node.label.with_parts(raw=cat, category=cat, ccg=cat)
    for token in tree.tokens:
        if token.ccg:
            same = token.pos == token.ccg
            token.ccg = respell(token.ccg)
            if same:   # ParsEval-2012 CCG words carry the category as their only tag
                token.pos = token.ccg
    return tree


def _prepare(item: object, source: str, target: str, index: int) -> object:
    """Notation-specific fill-ins the target writer needs (a copy; the input is untouched)."""
    if isinstance(item, DepSentence):
        return _prepare_dependency(item, source, target)
    if not isinstance(item, Tree):
        return item
    if source == "ccgauto" and target != "ccgauto":
        item = _respell_categories(item, ccg.category_to_2012)
    elif target == "ccgauto" and source != "ccgauto":
        item = _respell_categories(item, ccg.category_from_2012)
    if target == "ccgauto" and "header" not in item.meta:
        item = item.copy()
        item.meta["header"] = f"ID={index}"
    if target in DISCONTINUOUS_FAMILY and source != target:
        item = item.copy()
        # another notation's layout keys mean nothing here; a sentence needs an id
        for key in ("trailing", "eos", "inner", "format") if source == "export" else ("trailing",):
            item.meta.pop(key, None)
        if target == "tiger" and str(item.meta.get("sentid") or index).isdigit():
            item.meta["sentid"] = f"s{item.meta.get('sentid') or index}"      # TIGER's s1
        item.meta.setdefault("sentid", str(index))
    if target == "ptb" and item.is_discontinuous():
        gaps = [n.label.raw for n in item.nodes() if n.is_discontinuous]
        raise SentenceRefused(f"discontinuous constituents ({', '.join(gaps)}) cannot be "
                              "written as PTB brackets")
    return item


def _prepare_dependency(item: DepSentence, source: str, target: str) -> DepSentence:
    """CoNLL-U <-> CoNLL-X: what the target format has no place for is left out.

    CoNLL-X has no comment lines, multiword-token lines or empty nodes (eval.pl would read
    them as words), and its last two columns are PHEAD/PDEPREL where CoNLL-U has DEPS/MISC:
    those columns mean different things, so they are written as ``_`` rather than moved.
    """
    if source == target:
        return item
    item = item.copy()
    if target == "conllx":
        item.comments = []
        item.rows = [row for row in item.rows if row.kind == "word"]
    for row in item.rows:
        row.phead = row.pdeprel = "_"
    return item


def _phrases(tree: Tree) -> int:
    """Phrase nodes, a sentence's root node (ROOT, VROOT, TOP) not counted: notations that
    always have one (export, TIGER) and those that may not (PTB) hold the same tree."""
    root = tree.root
    return len(tree.nodes()) - (1 if root is not None and root.label.raw in _ROOT_LABELS else 0)


def _same_content(a: object, b: object) -> bool:
    if isinstance(a, Tree):
        return isinstance(b, Tree) and a.words == b.words and _phrases(a) == _phrases(b)
    return [t.form for t in getattr(a, "words", [])] == [t.form for t in getattr(b, "words", [])]


def convert_corpus(corpus: Corpus, target_name: str, newline: str | None = None) -> Conversion:
    """Write every sentence of `corpus` in `target_name`; see the module docstring.

    Raises
    ------
    ImpossibleConversion
        when the two notations cannot express the same thing.
    """
    newline = newline or corpus.newline
    if target_name == corpus.notation:
        return Conversion(formats.format_corpus(corpus))
    source, target = formats.get(corpus.notation), formats.get(target_name)
    _check_possible(corpus, source, target)
    parts: list[str] = []
    problems: list[str] = []
    for record in corpus:
        error: ParseError | str | None = record.error
        text = ""
        if error is None:
            try:
                text = target.format_item(_prepare(record.item, source.name, target.name,
                                                          record.index), newline)
                back = target.parse(text, corpus.path)
                if len(back) != 1 or back[0].error is not None or not _same_content(
                        record.item, back[0].item):
                    detail = back[0].error.message if len(back) == 1 and back[0].error else \
                        "the words or brackets do not survive"
                    error = f"{corpus.path}:{record.line}: sentence {record.index} cannot be " \
                            f"written as {target.name} ({detail})"
            except SentenceRefused as exc:
                error = f"{corpus.path}:{record.line}: sentence {record.index} cannot be " \
                        f"written as {target.name}: {exc}"
            except Exception as exc:  # noqa: BLE001 - one sentence must not stop the others
                error = f"{corpus.path}:{record.line}: sentence {record.index} cannot be " \
                        f"written as {target.name} ({type(exc).__name__}: {exc})"
        if error is not None:
            problems.append(str(error))
            text = target.format_item(_prepare(_empty_item(target.kind), source.name,
                                               target.name, record.index), newline)
        parts.append(text)
    if target.new_file is not None:
        head, tail = target.new_file(newline)
        parts = [head, *parts, tail]
    return Conversion("".join(parts), problems)
