"""One gold/candidate pair as ``discodop eval`` scores it (its ``TreePairResult``): the
parameter file's deletions and equivalences applied to both trees (`transform`), then the
bracketings -- ``(label, bit set of word positions)`` multisets -- POS tags, function tags
of correct constituents, attachments and rewrite rules the report counts.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from tcompare.scoring.discodop.read import DiscodopError, escape
from tcompare.scoring.discodop.tree import FUNC, Node, bitcount, fanout, freeze

NAN = Decimal("nan")


def alignsent(csent: list[Any], gsent: list[Any], gpos: dict[int, str]) -> dict[int, str]:
    """Candidate positions mapped to the gold tag of the same word, skipping gold words."""
    n = m = 0
    result = {}
    while n < len(csent) and m < len(gsent):
        if csent[n] == gsent[m]:
            try:
                result[n] = gpos[m]
            except KeyError:
                raise DiscodopError("KeyError", str(m)) from None
            n += 1
            m += 1
        else:
            m += 1
    return result


def transform(tree: Node, sent: list[Any], pos: list[Any], gpos: dict[int, str],
              param: dict[str, Any], grootpos: set[int]) -> Node:
    """Delete and relabel in place as the reference does (the root itself is kept); `sent`
    and `pos` become the kept words and their tags; leaves are renumbered."""
    eq_label = param["EQ_LABEL"]
    delete_label = param["DELETE_LABEL"]
    delete_word = param["DELETE_WORD"]
    root_preterms = param["DELETE_ROOT_PRETERMS"]
    leaves = list(range(len(sent)))
    removed: set[int] = set()
    posnodes = []
    for a in reversed([n for n in tree.subtrees() if n.is_phrasal]):
        kids = a.children
        for n in range(len(kids) - 1, -1, -1):
            b = kids[n]
            if not isinstance(b, Node):
                raise DiscodopError("TypeError", "'int' object is not subscriptable")
            b.label = eq_label.get(b.label, b.label)
            if not b.children:
                del kids[n]
            elif isinstance(b.children[0], Node):
                if b.label in delete_label:
                    kids[n:n + 1] = b.children
                    b.children = []
            else:
                i = b.children[0]
                try:
                    tag = gpos[i]
                except KeyError:
                    raise DiscodopError("KeyError", str(i)) from None
                if (tag in delete_label or sent[i] in delete_word
                        or (root_preterms and i in grootpos)):
                    if i in removed or not 0 <= i < len(sent):
                        raise DiscodopError("ValueError", "list.remove(x): x not in list")
                    removed.add(i)
                    del kids[n]
                else:
                    posnodes.append(b)
    if removed:
        leaves = [i for i in leaves if i not in removed]
    sent[:] = [sent[n] for n in leaves]
    try:
        pos[:] = [pos[n][1] for n in leaves]
    except IndexError:
        raise DiscodopError("IndexError", "list index out of range") from None
    eq_word = param["EQ_WORD"]
    if removed:
        leafmap = {m: n for n, m in enumerate(leaves)}
        for b in posnodes:
            b.children[0] = leafmap[b.children[0]]
    if eq_word:
        for b in posnodes:
            w = sent[b.children[0]]
            if w in eq_word:
                sent[b.children[0]] = eq_word[w]
    return freeze(tree)


def bracketings(tree: Node, labeled: Any, dellabel: Any, disconly: Any) -> Counter[Any]:
    return Counter((a.label if labeled else "", a.bitset) for a in tree.subtrees()
                   if a.is_phrasal and a.label not in dellabel
                   and (not disconly or fanout(a.bitset) > 1))


def parented_bracketings(tree: Node, dellabel: Any, disconly: Any) -> Counter[Any]:
    out: Counter[Any] = Counter()
    stack: list[tuple[Node, str]] = [(tree, "")]
    while stack:
        a, parent = stack.pop()
        if (a.is_phrasal and a.label not in dellabel
                and (not disconly or fanout(a.bitset) > 1)):
            out[((a.label, a.bitset), parent)] += 1
        for child in reversed(a.children):
            if isinstance(child, Node):
                stack.append((child, a.label))
    return out


def functions(node: Node) -> list[str]:
    src = node.source
    if not src:
        return []
    a = src[FUNC]
    if a == "--" or a == "" or a is None:
        return []
    return a.split("-")


def lcfrs_productions(tree: Node, sent: list[Any]) -> list[Any]:
    """The rewrite rules of `tree` (disco-dop's ``grammar.lcfrsproductions``)."""
    leaves = tree.leaves()
    if len(set(leaves)) != len(leaves):
        raise DiscodopError("ValueError", f"indices should be unique. indices: {leaves!r}")
    if not sent:
        raise DiscodopError("ValueError", "no sentence.")
    if not all(0 <= a < len(sent) for a in leaves):
        raise DiscodopError("ValueError", "indices should point to a word in the sentence.")
    rules = []
    for st in tree.subtrees():
        if not st.children:
            raise DiscodopError("ValueError", "Empty node. Frontier nodes should designate "
                                "which part(s) of the sentence they contribute to.")
        first = st.children[0]
        if isinstance(first, int):
            if len(st.children) == 1 and sent[first] is not None:
                rules.append(((st.label, "Epsilon"), (escape(sent[first]),)))
            continue
        if not all(isinstance(a, Node) for a in st.children):
            raise DiscodopError("ValueError", "Neither Tree node nor integer index")
        pairs = sorted(((idx, n) for n, child in enumerate(st.children)
                        for idx in child.leaves()), key=lambda x: x[0])
        previdx, prevparent = pairs[0]
        yf = [[prevparent]]
        for idx, parent in pairs[1:]:
            if idx != previdx + 1:
                yf.append([parent])
            elif parent != prevparent:
                yf[-1].append(parent)
            previdx, prevparent = idx, parent
        rules.append(((st.label,) + tuple(a.label for a in st.children),
                      tuple(map(tuple, yf))))
    return rules


def printrule(r: Any, yf: Any) -> str:
    yfstr = ",".join("".join("%s" % b for b in a) for a in yf)
    return "%s\t%s %s" % (yfstr, r[0], " ".join(x for x in r[1:]))


class TreePair:
    """The reference's ``TreePairResult`` for one pair (trees are transformed in place)."""

    __slots__ = ("n", "gsent", "csent", "gsentorig", "csentorig", "gpos", "cpos", "lengpos",
                 "gtree", "ctree", "gbrack", "cbrack", "goldfun", "candfun", "pgbrack",
                 "pcbrack", "grule", "crule", "lascore", "ted", "denom", "gdep", "cdep")

    def __init__(self, n: Any, gtree: Node, gsent: list[Any], ctree: Node,
                 csent: list[Any], param: dict[str, Any], extras: Any = None) -> None:
        self.n = n
        self.csentorig, self.gsentorig = csent, gsent
        self.csent, self.gsent = csent[:], gsent[:]
        self.cpos, self.gpos = sorted(ctree.pos()), sorted(gtree.pos())
        dl4len = param["DELETE_LABEL_FOR_LENGTH"]
        self.lengpos = sum(1 for _, b in self.gpos if b not in dl4len)
        grootpos = {child.children[0] for child in gtree.children
                    if isinstance(child, Node) and child.children
                    and isinstance(child.children[0], int)}
        gposd = dict(self.gpos)
        self.ctree = transform(ctree, self.csent, self.cpos,
                               alignsent(self.csent, self.gsent, gposd), param, grootpos)
        self.gtree = transform(gtree, self.gsent, self.gpos, gposd, param, grootpos)
        if len(self.csent) != len(self.gsent):
            raise DiscodopError("ValueError", "sentence length mismatch. sents:\n%s\n%s" % (
                " ".join(map(str, self.csent)), " ".join(map(str, self.gsent))))
        if self.csent != self.gsent:
            raise DiscodopError("ValueError", "candidate & gold sentences do not match:\n"
                                "%r // %r" % (" ".join(map(str, csent)),
                                              " ".join(map(str, gsent))))
        labeled, dellabel, disconly = param["LABELED"], param["DELETE_LABEL"], param["DISC_ONLY"]
        self.cbrack = bracketings(self.ctree, labeled, dellabel, disconly)
        self.gbrack = bracketings(self.gtree, labeled, dellabel, disconly)
        self.lascore: Any = NAN
        self.ted: Any = NAN
        self.denom: Any = NAN
        self.cdep: Any = ()
        self.gdep: Any = ()
        self.pgbrack: Counter[Any] = Counter()
        self.pcbrack: Counter[Any] = Counter()
        self.grule: Counter[Any] = Counter()
        self.crule: Counter[Any] = Counter()
        self.candfun = _functions_of(self.ctree, self.gbrack, self.gpos)
        self.goldfun = _functions_of(self.gtree, self.cbrack, self.cpos)
        if not self.gpos:
            return
        if extras is not None:
            extras(self, param)
        self.pgbrack = parented_bracketings(self.gtree, dellabel, disconly)
        self.pcbrack = parented_bracketings(self.ctree, dellabel, disconly)
        self.grule = _rules(self.gtree, self.gsent)
        self.crule = _rules(self.ctree, self.csent)


def _functions_of(tree: Node, other_brack: Counter[Any], other_pos: list[Any]
                  ) -> Counter[Any]:
    out: Counter[Any] = Counter()
    for a in tree.subtrees():
        src = a.source
        if not src:
            continue
        tags = functions(a)
        if not tags:
            continue
        key = (a.label, a.bitset)
        if key in other_brack or (a.is_preterminal and _tag_at(other_pos, a.children[0])
                                  == a.label):
            for b in tags:
                out[(key, b)] += 1
    return out


def _tag_at(pos: list[Any], i: int) -> Any:
    try:
        return pos[i]
    except IndexError:
        raise DiscodopError("IndexError", "list index out of range") from None


def _rules(tree: Node, sent: list[Any]) -> Counter[Any]:
    nodes = list(tree.subtrees())
    rules = lcfrs_productions(tree, sent)
    return Counter((node.bitset, rule) for node, rule in zip(nodes, rules))


__all__ = ["TreePair", "alignsent", "bitcount", "bracketings", "printrule", "transform"]
