"""Generated CoNLL-U pairs for ud-eval's tests and bench: a gold text and a perturbed copy
with empty nodes, multiword tokens, enhanced relations (paths through collapsed empty
nodes, ``ref``, control subjects, case-marked relations) and tokenisation / sentence
changes.  Our own small model: a sentence is its comment lines and its rows (10 columns;
word, multiword-range and empty-node rows in file order)."""

from __future__ import annotations

import random


def parse(text: str) -> list[dict]:
    out = []
    for block in text.strip("\n").split("\n\n"):
        sent: dict = {"comments": [], "rows": []}
        for line in block.split("\n"):
            if line.startswith("#"):
                sent["comments"].append(line)
            else:
                sent["rows"].append(line.split("\t"))
        out.append(sent)
    return out


def write(sentences: list[dict]) -> str:
    lines = []
    for s in sentences:
        lines.extend(s["comments"])
        lines.extend("\t".join(r) for r in s["rows"])
        lines.append("")
    return "\n".join(lines) + "\n"


def copy(sentences: list[dict]) -> list[dict]:
    return [{"comments": list(s["comments"]), "rows": [list(r) for r in s["rows"]]}
            for s in sentences]


def _words(s: dict) -> list[list[str]]:
    return [r for r in s["rows"] if r[0].isdigit()]


def _in_range(s: dict) -> set[int]:
    inside = set()
    for r in s["rows"]:
        if "-" in r[0]:
            a, b = map(int, r[0].split("-"))
            inside.update(range(a, b + 1))
    return inside


def _renumber(s: dict, new_id: dict[int, int]) -> None:
    """Every ID, HEAD and DEPS head through ``new_id`` (old word number -> new)."""
    def ref(x: str) -> str:
        if "." in x:
            a, b = x.split(".")
            return f"{new_id.get(int(a), int(a))}.{b}"
        return str(new_id.get(int(x), int(x))) if x != "0" else "0"

    for r in s["rows"]:
        if "-" in r[0]:
            a, b = r[0].split("-")
            r[0] = f"{ref(a)}-{ref(b)}"
        else:
            r[0] = ref(r[0])
        if r[6] not in ("_",):
            r[6] = ref(r[6])
        if r[8] not in ("_", ""):
            r[8] = "|".join(ref(d.split(":", 1)[0]) + ":" + d.split(":", 1)[1]
                            for d in r[8].split("|"))


def merge_words(s: dict, rng: random.Random) -> None:
    """Two neighbouring plain words become one (the first keeps its relations)."""
    inside = _in_range(s)
    words = _words(s)
    cands = [k for k in range(len(words) - 1)
             if int(words[k][0]) not in inside and int(words[k + 1][0]) not in inside]
    if not cands:
        return
    k = rng.choice(cands)
    first, second = words[k], words[k + 1]
    a, b = int(first[0]), int(second[0])
    up, seen = first[6], set()        # (the second above the first: merging makes a cycle)
    by_id = {w[0]: w for w in words}
    while up not in ("0", "_") and up not in seen:
        seen.add(up)
        up = by_id[up][6] if up in by_id else "0"
    if str(b) in seen or second[6] == "0" or first[6] == str(b) or any(d.split(":")[0] == str(b) for d in first[8].split("|")):
        return                                   # (the first hangs on the second)
    first[1] += second[1]
    s["rows"] = [r for r in s["rows"] if r is not second and not r[0].startswith(f"{b}.")]
    for r in s["rows"]:                          # the second's dependents go to the first
        if r[6] == str(b):
            r[6] = str(a)
        if r[8] not in ("_", ""):
            r[8] = "|".join(str(a) + ":" + d.split(":", 1)[1] if d.split(":")[0] == str(b)
                            else d for d in r[8].split("|"))
    n = len(words)
    _renumber(s, {i: (i if i < b else i - 1) for i in range(1, n + 1)})


def split_word(s: dict, rng: random.Random) -> None:
    """A plain word of two or more characters becomes two (the second ``flat`` on it)."""
    inside = _in_range(s)
    words = _words(s)
    cands = [w for w in words if len(w[1]) > 1 and int(w[0]) not in inside]
    if not cands:
        return
    w = rng.choice(cands)
    a = int(w[0])
    cut = rng.randrange(1, len(w[1]))
    new = list(w)
    w[1], new[1] = w[1][:cut], w[1][cut:]
    new[2] = "_"
    n = len(words)
    _renumber(s, {i: (i if i <= a else i + 1) for i in range(1, n + 1)})
    new[0], new[6], new[7], new[8] = str(a + 1), str(a), "flat", f"{a}:flat"
    rows = s["rows"]
    rows.insert(rows.index(w) + 1, new)


def make_mwt(s: dict, rng: random.Random) -> None:
    inside = _in_range(s)
    words = _words(s)
    cands = [k for k in range(len(words) - 1)
             if int(words[k][0]) not in inside and int(words[k + 1][0]) not in inside]
    if not cands:
        return
    k = rng.choice(cands)
    form = words[k][1] + words[k + 1][1]
    if rng.random() < 0.3:
        words[k + 1][1] = words[k + 1][1].upper() + "x"     # an MWT whose words differ
    rows = s["rows"]
    rows.insert(rows.index(words[k]), [f"{words[k][0]}-{words[k + 1][0]}", form,
                                       *["_"] * 8])


def add_empty_node(s: dict, rng: random.Random) -> None:
    """An empty node after a word, with a word's enhanced relation through it."""
    words = _words(s)
    if len(words) < 3:
        return
    host = rng.choice(words)
    k = host[0]
    if any(r[0] == f"{k}.1" for r in s["rows"]):
        return
    root = next(w for w in words if w[6] == "0")
    node = [f"{k}.1", "_", "go", "VERB", "_", "_", "_", "_", f"{root[0]}:conj", "_"]
    rows = s["rows"]
    after = rows.index(host) + 1
    while after < len(rows) and "." in rows[after][0]:
        after += 1
    rows.insert(after, node)
    dep = rng.choice([w for w in words if w is not root])
    dep[8] = (dep[8] + "|" if dep[8] not in ("_", "") else "") + f"{k}.1:nsubj"


def enhanced_edit(s: dict, rng: random.Random) -> None:
    """One change to a word's DEPS: subtype, head, an arc added or dropped, a path through
    a collapsed empty node, a ``ref`` arc, a case subtype."""
    words = _words(s)
    w = rng.choice(words)
    if w[8] in ("_", ""):
        return
    arcs = w[8].split("|")
    kind = rng.choice(("subtype", "head", "add", "drop", "path", "ref", "case", "dup"))
    h, rel = arcs[0].split(":", 1)
    other = rng.choice(words)[0]
    if kind == "subtype":
        arcs[0] = f"{h}:{rel.split(':')[0]}:{rng.choice(('x', 'pass', 'relcl', 'xsubj'))}"
    elif kind == "head" and other != w[0]:
        arcs[0] = f"{other}:{rel}"
    elif kind == "add" and other != w[0]:
        arcs.append(f"{other}:{rng.choice(('nsubj:xsubj', 'obj', 'conj:and', 'nmod:of'))}")
    elif kind == "drop" and len(arcs) > 1:
        arcs.pop(rng.randrange(len(arcs)))
    elif kind == "path":
        arcs[0] = f"{h}:conj:and>{rng.choice(('obl:in', 'nsubj', 'obj'))}"
    elif kind == "ref" and other != w[0]:
        arcs.append(f"{other}:ref")
    elif kind == "case":
        arcs[0] = f"{h}:{rng.choice(('obl', 'nmod', 'advcl', 'conj'))}:{rng.choice(('in', 'pass', 'of_the'))}"
    elif kind == "dup":
        arcs.append(arcs[0].split(":")[0] + ":" + rel.split(":")[0] + ":other")
    w[8] = "|".join(arcs)


def basic_edit(s: dict, rng: random.Random) -> None:
    words = _words(s)
    w = rng.choice(words)
    kind = rng.choice(("label", "head", "upos", "feats", "lemma"))
    if kind == "label":
        w[7] = rng.choice(("nsubj", "obj", "xcomp", "acl:relcl", "case", "det", "aux", "obl:tmod"))
    elif kind == "head" and w[6] != "0":
        root = next(x for x in words if x[6] == "0")
        if root is not w:
            w[6] = root[0]
    elif kind == "upos":
        w[3] = rng.choice(("NOUN", "VERB", "ADJ", "X"))
    elif kind == "feats":
        w[5] = rng.choice(("_", "Number=Sing", "Number=Plur|Foo=Bar", "Case=Nom|Gender=Masc"))
    else:
        w[2] = rng.choice(("_", w[2].upper(), "x"))


def join_sentences(sentences: list[dict], rng: random.Random) -> None:
    """Two neighbouring sentences become one (the second's root under the first's)."""
    if len(sentences) < 2:
        return
    k = rng.randrange(len(sentences) - 1)
    a, b = sentences[k], sentences[k + 1]
    n = len(_words(a))
    root_a = next(w for w in _words(a) if w[6] == "0")[0]
    _renumber(b, {i: i + n for i in range(1, len(_words(b)) + 1)})
    for w in _words(b):
        if w[6] == "0":
            w[6], w[7] = root_a, "parataxis"
            w[8] = "|".join(f"{root_a}:parataxis" if d.startswith("0:") else d
                            for d in w[8].split("|"))
    a["rows"].extend(b["rows"])
    del sentences[k + 1]


WORD_EDITS = {"merge": merge_words, "split": split_word, "mwt": make_mwt,
              "empty": add_empty_node, "enhanced": enhanced_edit, "basic": basic_edit}


def perturb(sentences: list[dict], rng: random.Random, edits: dict[str, int]) -> list[dict]:
    out = copy(sentences)
    for name, count in edits.items():
        for _ in range(count):
            if name == "join":
                join_sentences(out, rng)
            else:
                WORD_EDITS[name](rng.choice(out), rng)
    return out


EDITS = {
    "enhanced_only": ({}, {"enhanced": 40}),
    "empty_nodes": ({"empty": 8}, {"empty": 8, "enhanced": 10}),
    "mwt": ({"mwt": 10}, {"mwt": 6, "merge": 4}),
    "tokenisation": ({}, {"merge": 10, "split": 10, "enhanced": 10}),
    "joined": ({}, {"join": 6, "enhanced": 5}),
    "split": ({"join": 6}, {"enhanced": 5}),
    "everything": ({"mwt": 4, "empty": 4}, {"merge": 5, "split": 5, "mwt": 5, "empty": 5,
                                            "enhanced": 30, "basic": 30, "join": 3}),
}


def generated_pair(text: str, name: str, seed: int = 0) -> tuple[str, str]:
    base = parse(text)
    rng = random.Random(f"{name}-{seed}")
    gold_edits, system_edits = EDITS[name]
    return write(perturb(base, rng, gold_edits)), write(perturb(base, rng, system_edits))
