"""Properties of the discontinuous readers and writers (issue 33).

1. Random discontinuous trees (a random order of the words cut into nested groups, so
   phrases get gaps) written by each writer read back as the same tree: words, tags,
   labels, functions and every phrase's positions.
2. Real files damaged at random (a slice cut out, a line doubled, a digit changed) never
   crash a reader: every sentence is an item or an error with a line, and writing the
   unedited corpus gives the damaged text back byte for byte.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcompare import formats
from tcompare.model.tree import Label, Node, Token, Tree

DATA = Path(__file__).parent / "data" / "disc"
WRITERS = ("export", "tiger", "alpino", "discbracket")
CATS = ["S", "NP", "VP", "PP", "AP", "CNP"]
FUNCS = ["", "SB", "OA", "HD", "MO", "NK"]


@st.composite
def disc_trees(draw):
    n = draw(st.integers(1, 9))
    order = draw(st.permutations(range(n)))
    words = [Token(f"w{i}", draw(st.sampled_from(["NN", "VVFIN", "ART", "ADJA"])), i,
                   extra={"function": draw(st.sampled_from(FUNCS))}) for i in range(n)]

    def group(items):            # nest a run of the permuted words
        if len(items) == 1 or draw(st.booleans()) and len(items) <= 2:
            return items
        cut = draw(st.integers(1, len(items) - 1))
        parts = []
        for part in (items[:cut], items[cut:]):
            kids = group(part)
            if len(part) > 1 or draw(st.booleans()):
                cat = draw(st.sampled_from(CATS))
                parts.append(Node(Label(cat, category=cat, function=draw(st.sampled_from(FUNCS))), kids))
            else:
                parts.extend(kids)
        return parts

    root = Node(Label("ROOT", category="ROOT"), group([words[i] for i in order]))
    return Tree.build_discontinuous(root, {"sentid": "s1"})


def shape(tree):
    return ([(t.form, t.pos, (t.extra or {}).get("function", "")) for t in tree.tokens],
            sorted((n.label.category, n.label.function, n.positions) for n in tree.nodes()
                   if n is not tree.root))


@pytest.mark.parametrize("notation", WRITERS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=disc_trees())
def test_random_discontinuous_trees_survive_every_writer(notation, tree):
    spec = formats.get(notation)
    text = spec.format_item(tree, "\n")
    if spec.new_file is not None:
        head, tail = spec.new_file("\n")
        text = head + text + tail
    corpus = formats.read_text(text, notation)
    assert corpus.errors() == [] and len(corpus) == 1
    back = corpus[0].item
    expected = shape(tree)
    if notation == "discbracket":        # no functions in discbracket
        expected = ([(f, p, "") for f, p, _ in expected[0]],
                    sorted((c, "", pos) for c, _, pos in expected[1]))
    assert shape(back) == expected
    assert formats.sniff(text) == notation


SAMPLES = [(DATA / "tiger-sample.export", "export"), (DATA / "sentence.export", "export"),
           (DATA / "tiger-sample.xml", "tiger"), (DATA / "tiger-sample-complexframe.xml", "tiger"),
           (DATA / "alpino-1.xml", "alpino"), (DATA / "lassy_treebank.xml", "alpino")]
TEXTS = {path.name: path.read_bytes().decode("latin-1" if path.suffix == ".export" and "tiger" in path.name
                                              else "utf-8") for path, _ in SAMPLES}
DBR = "(S (VP (VB 0=is) (JJ 2=rich)) (NP 1=John) (? 3=?))\n(S (X 0=a) (Y 1=b))\n"


def _damage(text: str, how: int, at: float, size: int) -> str:
    k = int(at * len(text))
    if how == 0:
        return text[:k] + text[k + size:]                     # a slice cut out
    if how == 1:
        lines = text.split("\n")
        j = int(at * len(lines))
        return "\n".join(lines[:j + 1] + lines[j:])           # a line doubled
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not digits:
        return text
    i = digits[int(at * len(digits)) % len(digits)]
    return text[:i] + str((int(text[i]) + size) % 10) + text[i + 1:]   # a number changed


@pytest.mark.parametrize("path, notation", [(p.name, n) for p, n in SAMPLES] + [("dbr", "discbracket")])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(how=st.integers(0, 2), at=st.floats(0, 0.999), size=st.integers(1, 60))
def test_damaged_files_never_crash_and_round_trip(path, notation, how, at, size):
    text = _damage(TEXTS.get(path, DBR), how, at, size)
    corpus = formats.read_text(text, notation, path="damaged")
    for record in corpus:
        if record.error is None:
            assert record.item is not None
        else:
            assert record.error.line >= 1 and record.error.path == "damaged"
    assert formats.format_corpus(corpus) == text
