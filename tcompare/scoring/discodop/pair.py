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
              param: dict[str, Any], grootpos: set[int], kept: list[int] | None = None) -> Node:
    """Delete and relabel in place as the reference does (the root itself is kept); `sent`
    and `pos` become the kept words and their tags; leaves are renumbered (`kept`, when
    given, receives the original position of each kept word)."""
    eq_label = param["EQ_LABEL"]
    delete_label = param["DELETE_LABEL"]
    delete_word = param["DELETE_WORD"]
    root_preterms = param["DELETE_ROOT_PRETERMS"]
    leaves = list(range(len(sent)))
    removed: set[int] = set()
    posnodes = []
    for a in reversed([n for n in tree.nodes()
                       if n.children and n.children[0].__class__ is Node]):
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
    if kept is not None:
        kept[:] = leaves
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


def preorder(tree: Node) -> list[tuple[Node, str]]:
    """Every node with its parent's label ('' for the root), in the reference's pre-order."""
    out = []
    stack: list[tuple[Node, str]] = [(tree, "")]
    while stack:
        a, parent = stack.pop()
        out.append((a, parent))
        label = a.label
        for child in reversed(a.children):
            if isinstance(child, Node):
                stack.append((child, label))
    return out


def bracketings(tree: Node, labeled: Any, dellabel: Any, disconly: Any,
                nodes: list[tuple[Node, str]] | None = None) -> Counter[Any]:
    return Counter((a.label if labeled else "", a.bitset) for a, _ in (nodes or preorder(tree))
                   if a.children and isinstance(a.children[0], Node)
                   and a.label not in dellabel and (not disconly or fanout(a.bitset) > 1))


def parented_bracketings(tree: Node, dellabel: Any, disconly: Any,
                         nodes: list[tuple[Node, str]] | None = None) -> Counter[Any]:
    return Counter(((a.label, a.bitset), parent) for a, parent in (nodes or preorder(tree))
                   if a.children and isinstance(a.children[0], Node)
                   and a.label not in dellabel and (not disconly or fanout(a.bitset) > 1))


def functions(node: Node) -> list[str]:
    src = node.source
    if not src:
        return []
    a = src[FUNC]
    if a == "--" or a == "" or a is None:
        return []
    return str(a).split("-")


def lcfrs_productions(tree: Node, sent: list[Any]) -> list[Any]:
    """The rewrite rules of `tree` (disco-dop's ``grammar.lcfrsproductions``)."""
    leaves = tree.leaves()
    if len(set(leaves)) != len(leaves):
        raise DiscodopError("ValueError", f"indices should be unique. indices: {leaves!r}")
    if not sent:
        raise DiscodopError("ValueError", "no sentence.")
    if not all(0 <= a < len(sent) for a in leaves):
        raise DiscodopError("ValueError", "indices should point to a word in the sentence.")
    rules: list[Any] = []
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
                 "pcbrack", "grule", "crule", "lascore", "ted", "denom", "gdep", "cdep",
                 "gkept", "ckept")

    def __init__(self, n: Any, gtree: Node, gsent: list[Any], ctree: Node,
                 csent: list[Any], param: dict[str, Any], extras: Any = None) -> None:
        self.n = n
        self.csentorig, self.gsentorig = csent, gsent
        self.csent, self.gsent = csent[:], gsent[:]
        # (position, tag) pairs, then -- transformed -- the kept words' tags
        self.cpos: list[Any] = sorted(ctree.pos())
        self.gpos: list[Any] = sorted(gtree.pos())
        dl4len = param["DELETE_LABEL_FOR_LENGTH"]
        self.lengpos = sum(1 for _, b in self.gpos if b not in dl4len)
        grootpos = {child.children[0] for child in gtree.children
                    if isinstance(child, Node) and child.children
                    and isinstance(child.children[0], int)}
        gposd = dict(self.gpos)
        self.gkept: list[int] = []
        self.ckept: list[int] = []
        self.ctree = transform(ctree, self.csent, self.cpos,
                               alignsent(self.csent, self.gsent, gposd), param, grootpos,
                               self.ckept)
        self.gtree = transform(gtree, self.gsent, self.gpos, gposd, param, grootpos,
                               self.gkept)
        if len(self.csent) != len(self.gsent):
            raise DiscodopError("ValueError", "sentence length mismatch. sents:\n%s\n%s" % (
                " ".join(map(str, self.csent)), " ".join(map(str, self.gsent))))
        if self.csent != self.gsent:
            raise DiscodopError("ValueError", "candidate & gold sentences do not match:\n"
                                "%r // %r" % (" ".join(map(str, csent)),
                                              " ".join(map(str, gsent))))
        labeled, dellabel, disconly = param["LABELED"], param["DELETE_LABEL"], param["DISC_ONLY"]
        gnodes, cnodes = preorder(self.gtree), preorder(self.ctree)
        self.cbrack = bracketings(self.ctree, labeled, dellabel, disconly, cnodes)
        self.gbrack = bracketings(self.gtree, labeled, dellabel, disconly, gnodes)
        self.lascore: Any = NAN
        self.ted: Any = NAN
        self.denom: Any = NAN
        self.cdep: Any = ()
        self.gdep: Any = ()
        self.pgbrack: Counter[Any] = Counter()
        self.pcbrack: Counter[Any] = Counter()
        self.grule: Counter[Any] = Counter()
        self.crule: Counter[Any] = Counter()
        self.candfun = _functions_of(cnodes, self.gbrack, self.gpos)
        self.goldfun = _functions_of(gnodes, self.cbrack, self.cpos)
        if not self.gpos:
            return
        if extras is not None:
            extras(self, param)
        self.pgbrack = parented_bracketings(self.gtree, dellabel, disconly, gnodes)
        self.pcbrack = parented_bracketings(self.ctree, dellabel, disconly, cnodes)
        self.grule = _rules(self.gtree, self.gsent, [a for a, _ in gnodes])
        self.crule = _rules(self.ctree, self.csent, [a for a, _ in cnodes])


def _functions_of(nodes: list[tuple[Node, str]], other_brack: Counter[Any],
                  other_pos: list[Any]) -> Counter[Any]:
    out: Counter[Any] = Counter()
    for a, _ in nodes:
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


def _rules(tree: Node, sent: list[Any], nodes: list[Node]) -> Counter[Any]:
    """``Counter((node.bitset, rule))`` over the nodes, as the reference zips them -- for the
    nodes over two or more words only: every use of the rules (the three rewrite-rule tables)
    leaves out the others.  Where the reference's zip of nodes and rules goes out of step (a
    preterminal over no word gives no rule) the full productions are read off instead."""
    preterminals = [n for n in nodes if n.children and not isinstance(n.children[0], Node)]
    if any(len(n.children) != 1 or not 0 <= n.children[0] < len(sent)
           or sent[n.children[0]] is None for n in preterminals) or \
            len(preterminals) != bitcount(tree.bitset) or not sent:
        rules = lcfrs_productions(tree, sent)
        return Counter((node.bitset, rule) for node, rule in zip(nodes, rules))
    out: Counter[Any] = Counter()
    for st in nodes:
        kids = st.children
        if not kids:
            raise DiscodopError("ValueError", "Empty node. Frontier nodes should designate "
                                "which part(s) of the sentence they contribute to.")
        bits = st.bitset
        if not isinstance(kids[0], Node) or bits & (bits - 1) == 0:
            continue
        runs = []
        for n, child in enumerate(kids):
            if not isinstance(child, Node):
                raise DiscodopError("ValueError", "Neither Tree node nor integer index")
            b = child.bitset
            while b:
                low = b & -b
                t = b + low
                runs.append((low.bit_length() - 1, (t & -t).bit_length() - 1, n))
                b &= t
        runs.sort()
        prev_end, prev_child = runs[0][1], runs[0][2]
        yf = [[prev_child]]
        for start, end, n in runs[1:]:
            if start != prev_end:
                yf.append([n])
            elif n != prev_child:
                yf[-1].append(n)
            prev_end, prev_child = end, n
        out[(bits, ((st.label,) + tuple(a.label for a in kids), tuple(map(tuple, yf))))] += 1
    return out


__all__ = ["TreePair", "alignsent", "bitcount", "bracketings", "printrule", "transform"]
