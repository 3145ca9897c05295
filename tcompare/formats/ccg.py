"""CCGbank AUTO derivations (``ccgauto``), spec/notations.md §6.

Shape
-----
Each derivation is a header line (``ID=wsj_0003.1 PARSER=GOLD NUMPARSE=1``, or depccg's
``ID=43, Prob=-0.66``) followed by the tree on one line:

* internal node ``(<T CAT HEAD N> child ... )``: HEAD is the 0-based position of the head
  daughter, N the number of daughters;
* leaf ``(<L CAT MODPOS ORIGPOS WORD PREDARG>)``.

Categories contain parentheses (``(S[dcl]\\NP)/(S[ng]\\NP)``, ``NP[nb]_166/N_166``), so the
``<...>`` header is read as a unit -- an internal header ends at its first ``>``, a leaf
header at its first ``>)`` -- and never by counting parentheses.

Model
-----
Node: ``Label.raw == category == ccg == CAT``, ``Label.heads == (HEAD,)`` (a HEAD that is
not a number is kept as text in ``Node.extra["head"]``; N must equal the number of
daughters).  Leaf: a Token with ``form = WORD``, ``pos = MODPOS``, ``ccg = CAT``; its
``extra`` holds ``{"orig_pos", "predarg"}`` only when one of them differs from MODPOS / CAT
(the writer falls back to those), which keeps big files small.  The header line
is ``Tree.meta["header"]``.  A derivation that is a single leaf (depccg writes
``(<L NP XX XX FAILED NP>)`` for a failed parse) gets a synthetic root node over that one
word, marked ``Node.extra["synthetic"]`` and ``Tree.meta["leaf_root"]``; the writer drops it.

Records
-------
A line starting with ``ID=`` opens a record; the lines after it (the tree, blank lines)
belong to it.  A tree line with no header before it is a record of its own.  Lines before
the first record are the prolog.  Writing: ``(<T NP 0 2> (<L ...>) (<L ...>) )`` -- a
space between daughters and before each ``)``, as CCGbank and depccg write it.
"""

from __future__ import annotations

from sys import intern
from typing import Any, cast

from tcompare.formats import Notation
from tcompare.formats.linegroups import SyntaxProblem, located_error, split_lines
from tcompare.model.corpus import Corpus, ParseError, SentenceRecord, shown
from tcompare.model.tree import Label, Node, Token, Tree

HEADER_PREFIX = "ID="
_label_cache: dict[tuple[str, str], Label] = {}


def _label(cat: str, head: str) -> Label:
    key = (cat, head)
    label = _label_cache.get(key)
    if label is None:
        # a HEAD of more digits than any position is kept as text (int() refuses > 4,300)
        heads = (int(head),) if head.isascii() and head.isdigit() and len(head) <= 9 else ()
        label = Label(cat, category=cat, ccg=cat, heads=heads)
        if len(_label_cache) < 50000:
            _label_cache[key] = label
    return label


def parse_derivation(text: str, base: int = 0) -> Node | None:
    """Parse the derivation in ``text``; offsets in errors are ``base + index``.

    Returns None when `text` holds no derivation (a header without a tree).

    Raises
    ------
    SyntaxProblem
        with the character offset of the problem.
    """
    n = len(text)
    stack: list[tuple[Node, int, int]] = []     # node, declared daughters, offset of "(<T"
    root: Node | None = None
    i = 0
    while i < n:
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
        elif text.startswith("(<L", i):
            end = text.find(">)", i)
            if end < 0:
                raise SyntaxProblem("leaf '(<L ...' is not closed by '>)'", base + i)
            fields = text[i + 3:end].split()
            if len(fields) != 5:
                raise SyntaxProblem(
                    f"leaf has {len(fields)} fields, expected 5 (CAT POS POS WORD PREDARG)",
                    base + i)
            cat, pos, orig_pos, word, predarg = fields
            cat, pos = intern(cat), intern(pos)   # a few hundred distinct values, shared
            # keep only the fields the writer cannot re-derive (saves ~40% memory on big files)
            extra = None
            if orig_pos != pos or predarg != cat:
                extra = {"orig_pos": orig_pos, "predarg": predarg}
            token = Token(word, pos, ccg=cat, extra=extra)
            if stack:
                stack[-1][0].children.append(token)
            elif root is None:
                root = Node(_label(cat, "0"), [token], extra={"synthetic": True})
            else:
                raise SyntaxProblem("a second derivation starts after the first one ended",
                                    base + i, "one derivation per record")
            i = end + 2
        elif text.startswith("(<T", i):
            end = text.find(">", i)
            if end < 0:
                raise SyntaxProblem("node header '(<T ...' is not closed by '>'", base + i)
            fields = text[i + 3:end].split()
            if len(fields) != 3:
                raise SyntaxProblem(
                    f"node header has {len(fields)} fields, expected 3 (CAT HEAD DAUGHTERS)",
                    base + i)
            cat, head, count = fields
            if not (count.isascii() and count.isdigit()):
                raise SyntaxProblem(f"number of daughters {shown(count)} is not a number",
                                    base + text.find(count, i))
            if len(count) > 9:
                raise SyntaxProblem(f"number of daughters {shown(count)} is too large",
                                    base + text.find(count, i), "a CCG node has 1 or 2 daughters")
            label = _label(cat, head)
            # the HEAD text is kept only when it is not a plain position (heads says it all)
            node = Node(label, extra=None if label.heads else {"head": head})
            if stack:
                stack[-1][0].children.append(node)
            elif root is None:
                root = node
            else:
                raise SyntaxProblem("a second derivation starts after the first one ended",
                                    base + i, "one derivation per record")
            stack.append((node, int(count), i))
            i = end + 1
        elif ch == ")":
            if not stack:
                raise SyntaxProblem("unbalanced ')': no node is open here", base + i)
            node, declared, opened = stack.pop()
            if len(node.children) != declared:
                raise SyntaxProblem(
                    f"node <T {node.label.raw} ...> declares {declared} daughters but has "
                    f"{len(node.children)}", base + opened)
            i += 1
        else:
            end = i
            while end < n and text[end] not in " \t\r\n()":
                end += 1
            raise SyntaxProblem(f"unexpected text {shown(text[i:max(end, i + 1)])}", base + i,
                                "nodes are (<T CAT HEAD N> ...) and leaves (<L CAT POS POS WORD PREDARG>)")
    if stack:
        raise SyntaxProblem(f"unbalanced '(': node <T {stack[-1][0].label.raw} ...> is never "
                            f"closed", base + stack[-1][2])
    return root


def parse_record(source: str) -> Tree:
    """A record: optional header line, then the derivation (and blank lines)."""
    meta: dict[str, Any] = {}
    body_start = 0
    if source.startswith(HEADER_PREFIX):
        line_end = source.find("\n")
        header_line = source if line_end < 0 else source[:line_end]
        meta["header"] = header_line.rstrip("\r")
        body_start = len(source) if line_end < 0 else line_end + 1
    root = parse_derivation(source[body_start:], body_start)
    if root is not None and root.extra and root.extra.get("synthetic"):
        meta["leaf_root"] = True
    body_end = len(source.rstrip(" \t\r\n"))
    tree_line_end = source.find("\n", body_end)
    if tree_line_end >= 0 and tree_line_end + 1 < len(source):
        meta["trailing"] = source[tree_line_end + 1:]
    tail = source[body_end:tree_line_end if tree_line_end >= 0 else len(source)].rstrip("\r")
    if tail and root is not None:
        meta["line_tail"] = tail   # CCGbank writes a space after the derivation
    return Tree.build(root, meta)


def parse_corpus(text: str, path: str = "<input>") -> Corpus:
    corpus = Corpus(path=path, notation="ccgauto")
    groups: list[tuple[int, list[str]]] = []
    prolog: list[str] = []      # joined once (a string grown line by line is quadratic)
    for number, line in enumerate(split_lines(text), 1):
        stripped = line.lstrip()
        opens = line.startswith(HEADER_PREFIX) or (
            stripped.startswith("(<") and not (groups and _awaits_tree(groups[-1][1])))
        if opens:
            groups.append((number, [line]))
        elif groups:
            groups[-1][1].append(line)
        else:
            prolog.append(line)
    corpus.prolog += "".join(prolog)

    def parse(record: SentenceRecord) -> tuple[Tree | None, ParseError | None]:
        try:
            return parse_record(record.source), None
        except SyntaxProblem as problem:
            return None, located_error(problem, record.source, record.line, path)
        except Exception as exc:  # noqa: BLE001 - a reader must never crash on input
            return None, ParseError(f"cannot read this derivation ({type(exc).__name__}: {exc})",
                                    path, record.line)

    corpus.records = [SentenceRecord(k, first, "".join(lines), _parse=parse)
                      for k, (first, lines) in enumerate(groups, 1)]
    return corpus


def _awaits_tree(lines: list[str]) -> bool:
    """A record so far holds only its header (and blank lines): the next tree is its own."""
    return lines[0].startswith(HEADER_PREFIX) and all(not l.strip() for l in lines[1:])


# -- categories in the ParsEval-2012 bracket spelling ------------------------------------

# CCGbank groups with ( ) and writes features in [ ]: (S[dcl]\NP)/NP.  ParsEval-2012 (seed
# 001) groups with [ ] and writes features in { }: [S{decl}\NP]/NP, so its categories fit
# in round-bracket trees.  The two spellings map one to one.
_TO_2012 = str.maketrans("()[]", "[]{}")
_FROM_2012 = str.maketrans("[]{}", "()[]")


def category_to_2012(category: str) -> str:
    """``(S[dcl]\\NP)/NP`` -> ``[S{dcl}\\NP]/NP``."""
    return category.translate(_TO_2012)


def category_from_2012(category: str) -> str:
    """``[S{dcl}\\NP]/NP`` -> ``(S[dcl]\\NP)/NP``."""
    return category.translate(_FROM_2012)


# -- writing ------------------------------------------------------------------------------

def format_derivation(tree: Tree) -> str:
    """The derivation line (no header, no line end)."""
    if tree.root is None:
        return ""
    parts: list[str] = []
    root = tree.root
    start: list[object] = list(reversed(root.children)) if (root.extra or {}).get("synthetic") \
        else [root]
    stack = start
    first = True
    while stack:  # iterative: deep derivations must not hit the recursion limit
        item = stack.pop()
        sep = "" if first else " "
        first = False
        if isinstance(item, str):
            parts.append(item)
            first = False
        elif isinstance(item, Token):
            extra = item.extra or {}
            cat = item.ccg or item.pos or "_"
            pos = item.pos or "_"
            parts.append(f"{sep}(<L {cat} {pos} {extra.get('orig_pos') or pos}"
                         f" {item.form} {extra.get('predarg') or cat}>)")
        else:
            node: Node = item  # type: ignore[assignment]
            label = node.label
            cat = label.ccg or label.category or label.raw or "_"
            extra = node.extra or {}
            head = str(label.heads[0]) if label.heads else extra.get("head", "0")
            parts.append(f"{sep}(<T {cat} {head} {len(node.children)}>")
            stack.append(" )")
            stack.extend(reversed(node.children))
    return "".join(parts)


def format_item(tree: Tree, newline: str = "\n") -> str:
    header = tree.meta.get("header")
    text = (header + newline if header is not None else "") + format_derivation(tree)
    text += tree.meta.get("line_tail", "") + newline
    return cast(str, text + tree.meta.get("trailing", ""))


def sniff(text: str) -> float:
    head = text[:20000]
    if "(<T " in head or "(<L " in head:
        return 0.95
    # a head that stops before the first derivation (its line longer than the head: a
    # 10^6-word sentence) still has CCGbank's header line
    first = head.lstrip("\ufeff").split("\n", 1)[0]
    if first.startswith("ID=") and ("PARSER=" in first or "NUMPARSE=" in first):
        return 0.9
    return 0.0


NOTATION = Notation(
    name="ccgauto",
    description="CCGbank AUTO derivations: (<T S[dcl] 0 2> (<L NP NNP NNP John NP>) ...)",
    kind="constituency",
    sniff=sniff,
    parse=parse_corpus,
    format_item=format_item,
    extensions=(".auto",),
)
