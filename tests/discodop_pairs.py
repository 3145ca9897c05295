"""Generated gold/system pairs for the discodop profile's tests: real trees (disco-dop's
alpinosample.export and its tests' .dbr files) perturbed at random (seeded): a phrase
relabelled, a phrase removed (children spliced up), siblings grouped under a new phrase, a
subtree or a single word moved to another phrase (which makes gaps: discontinuous
constituents), a tag changed, function tags added.  Written as discbracket (and, through the
reference's own converter, export) so both readers are exercised.

Also the reference runner with its on-disk cache: `reference(args)` runs ``discodop eval``
once per distinct (files' bytes, arguments) and keeps stdout, stderr and the exit code.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parents[2] / "refs"))
SRC = REFS / "discodop" / "src"
PYTHON = REFS / "discodop" / "venv" / "bin" / "python"
# beside the other reference outputs (tests/refcache.py): $TCOMPARE_REFS/.cache;
# TCOMPARE_REF_CACHE=0 runs the reference every time (a fresh folder per run)
CACHE = (REFS / ".cache" / "discodop" if os.environ.get("TCOMPARE_REF_CACHE", "1") != "0"
         else Path(tempfile.mkdtemp(prefix="tcompare-discodop-")))
SEED_ENV = {"PYTHONHASHSEED": "0"}
LABELS = ["NP", "PP", "VP", "S", "AP", "SMAIN", "SSUB", "CONJ", "MWU", "X", "ADVP", "PRT"]
FUNCS = ["hd", "su", "obj1", "mod", "det", "SB", "OA"]


def _program_key() -> bytes:
    """The reference's folder and its evaluator's bytes: a new disco-dop is run again."""
    evaluator = SRC / "discodop" / "eval.py"
    return str(SRC).encode() + (evaluator.read_bytes() if evaluator.exists() else b"")


def available() -> bool:
    if not PYTHON.exists() or not (SRC / "discodop").is_dir():
        return False
    probe = subprocess.run([str(PYTHON), "-c", "import discodop.eval"], cwd=SRC,
                           capture_output=True)
    return probe.returncode == 0


# -- trees as nested lists: [label, child, ...]; a word is (tag, position, word) --------------
def from_node(node: Any, sent: list[Any]) -> Any:
    from tcompare.scoring.discodop.tree import FUNC, Node

    kids = []
    for child in node.children:
        if isinstance(child, Node) and child.is_preterminal:
            tag = child.label
            if child.source and child.source[FUNC] not in ("--", "", None):
                tag += "-" + child.source[FUNC]
            kids.append((tag, child.children[0], sent[child.children[0]]))
        elif isinstance(child, Node):
            kids.append(from_node(child, sent))
    label = node.label
    if node.source and node.source[FUNC] not in ("--", "", None) and label != "ROOT":
        label += "-" + node.source[FUNC]
    return [label] + kids


def real_trees() -> list[Any]:
    """The reference's sample trees as nested lists (root included)."""
    from tcompare.scoring.discodop.corpora import read_corpus

    trees = []
    text = (SRC / "alpinosample.export").read_text(encoding="utf-8")
    for e in read_corpus(text, "export", functions="leave"):
        trees.append(from_node(e.tree, e.sent))
    for name in ("t2.dbr", "longsent.dbr"):
        path = SRC / "tests" / name
        for e in read_corpus(path.read_text(encoding="utf-8"), "discbracket", "leave"):
            if e.sent and None not in e.sent:
                trees.append(from_node(e.tree, e.sent))
    return trees


def words(node: Any) -> list[tuple[str, int, str]]:
    if isinstance(node, tuple):
        return [node]
    return [w for c in node[1:] for w in words(c)]


def phrases(node: Any, out: list[Any] | None = None, parent: Any = None) -> list[Any]:
    out = [] if out is None else out
    if isinstance(node, list):
        out.append((node, parent))
        for c in node[1:]:
            phrases(c, out, node)
    return out


def perturb(rng: random.Random, tree: Any, steps: int) -> Any:
    tree = json.loads(json.dumps(tree), object_hook=None)
    tree = _retuple(tree)
    for _ in range(steps):
        op = rng.choice(("relabel", "delete", "insert", "move", "moveword", "tag", "func"))
        nodes = phrases(tree)
        inner = [(n, p) for n, p in nodes if p is not None]
        if op == "relabel" and inner:
            n, _ = rng.choice(inner)
            n[0] = rng.choice(LABELS)
        elif op == "delete" and inner:
            n, p = rng.choice(inner)
            i = next(k for k, c in enumerate(p) if c is n)
            p[i:i + 1] = n[1:]
        elif op == "insert":
            n, _ = rng.choice(nodes)
            if len(n) > 2:
                k = rng.randint(2, min(4, len(n) - 1))
                picked = sorted(rng.sample(range(1, len(n)), k))
                group = [rng.choice(LABELS)] + [n[i] for i in picked]
                rest = [c for i, c in enumerate(n) if i not in picked]
                n[:] = rest[:1] + rest[1:] + [group]
        elif op in ("move", "moveword") and len(nodes) > 1:
            src, parent = rng.choice(inner or nodes)
            cands = [c for c in src[1:] if (op == "moveword") == isinstance(c, tuple)]
            if not cands or len(src) <= 2:
                continue
            child = rng.choice(cands)
            inside = {id(x) for x, _ in phrases(child)} if isinstance(child, list) else set()
            targets = [x for x, _ in nodes if x is not src and id(x) not in inside]
            if not targets:
                continue
            dest = rng.choice(targets)
            src.remove(child)
            dest.append(child)
        elif op == "tag":
            ws = words(tree)
            w = rng.choice(ws)
            _replace_word(tree, w, (rng.choice(["n", "ww", "adj", "NN", "VB", "let"]),
                                    w[1], w[2]))
        elif op == "func" and inner:
            n, _ = rng.choice(inner)
            n[0] = n[0].split("-")[0] + "-" + rng.choice(FUNCS)
    _drop_empty(tree)
    return tree


def _retuple(x: Any) -> Any:
    if isinstance(x, list) and len(x) == 3 and isinstance(x[1], int) and isinstance(x[0], str) \
            and isinstance(x[2], str):
        return (x[0], x[1], x[2])
    if isinstance(x, list):
        return [x[0]] + [_retuple(c) for c in x[1:]]
    return x


def _replace_word(node: Any, old: Any, new: Any) -> bool:
    for i, c in enumerate(node[1:], 1):
        if c is old:
            node[i] = new
            return True
        if isinstance(c, list) and _replace_word(c, old, new):
            return True
    return False


def _drop_empty(node: Any) -> None:
    for c in node[1:]:
        if isinstance(c, list):
            _drop_empty(c)
    node[1:] = [c for c in node[1:] if not (isinstance(c, list) and len(c) == 1)]


def esc(word: str) -> str:
    return word.replace("(", "#LRB#").replace(")", "#RRB#")


def discbracket(node: Any) -> str:
    if isinstance(node, tuple):
        return f"({node[0]} {node[1]}={esc(node[2])})"
    return "(" + node[0] + " " + " ".join(discbracket(c) for c in node[1:]) + ")"


def export(trees: list[Any]) -> str:
    """Nested-list trees in NEGRA export (format 4: lemma column), ``label-func`` split
    into the tag and the edge label."""
    out = ["#FORMAT 4", "%% word\tlemma\ttag\tmorph\tedge\tparent\tsecedge"]
    for k, tree in enumerate(trees, 1):
        rows: dict[int, list[str]] = {}
        phrase_rows: list[list[str]] = []
        counter = [500]

        def walk(node: Any, parent: str) -> None:
            label, _, func = node[0].partition("-")
            if isinstance(node, tuple):
                tag, _, f = node[0].partition("-")
                rows[node[1]] = [node[2], "--", tag, "--", f or "--", parent]
                return
            me = str(counter[0])
            counter[0] += 1
            row = ["#" + me, "--", label, "--", func or "--", parent]
            phrase_rows.append(row)
            for c in node[1:]:
                walk(c, me)

        for c in tree[1:]:
            walk(c, "0")
        out.append(f"#BOS {k}")
        out += ["\t".join(rows[i]) for i in sorted(rows)]
        out += ["\t".join(r) for r in phrase_rows]
        out.append(f"#EOS {k}")
    return "\n".join(out) + "\n"


def tiger(trees: list[Any]) -> str:
    """Nested-list trees as TIGER XML (the root ``s<k>_VROOT``, phrases ``s<k>_500``...)."""
    from xml.sax.saxutils import quoteattr as q

    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<corpus id="generated">', "<body>"]
    for k, tree in enumerate(trees, 1):
        terms: dict[int, str] = {}
        nts: list[str] = []
        counter = [500]

        def walk(node: Any) -> tuple[str, str]:
            """(id, edge label) of `node`; its nonterminal written after its children's."""
            if isinstance(node, tuple):
                tag, _, f = node[0].partition("-")
                ident = f"s{k}_{node[1] + 1}"
                terms[node[1]] = (f"<t id={q(ident)} word={q(node[2])} lemma=\"--\" "
                                  f"pos={q(tag)} morph=\"--\"/>")
                return ident, f or "--"
            label, _, f = node[0].partition("-")
            ident = f"s{k}_{counter[0]}"
            counter[0] += 1
            edges = [walk(c) for c in node[1:]]
            nts.append(f"<nt id={q(ident)} cat={q(label)}>" + "".join(
                f"<edge label={q(lab)} idref={q(i)}/>" for i, lab in edges) + "</nt>")
            return ident, f or "--"

        edges = [walk(c) for c in tree[1:]]
        root = f"s{k}_VROOT"
        nts.append(f"<nt id={q(root)} cat=\"VROOT\">" + "".join(
            f"<edge label={q(lab)} idref={q(i)}/>" for i, lab in edges) + "</nt>")
        out.append(f'<s id="s{k}"><graph root={q(root)}><terminals>'
                   + "".join(terms[i] for i in sorted(terms)) + "</terminals><nonterminals>"
                   + "".join(nts) + "</nonterminals></graph></s>")
    out += ["</body>", "</corpus>"]
    return "\n".join(out) + "\n"


def alpino(tree: Any, sentid: str | None = None) -> str:
    """One nested-list tree as an Alpino XML file (``cat`` in lower case, as Alpino writes)."""
    from xml.sax.saxutils import quoteattr as q

    counter = [0]

    def walk(node: Any, depth: int) -> str:
        ident = counter[0]
        counter[0] += 1
        pad = "  " * depth
        if isinstance(node, tuple):
            tag, _, f = node[0].partition("-")
            return (f"{pad}<node id=\"{ident}\" rel={q(f or '--')} pt={q(tag)} "
                    f"postag={q(tag.upper() + '(x)')} word={q(node[2])} lemma={q(node[2])} "
                    f"begin=\"{node[1]}\" end=\"{node[1] + 1}\"/>\n")
        label, _, f = node[0].partition("-")
        ws = [w[1] for w in words(node)]
        inner = "".join(walk(c, depth + 1) for c in node[1:])
        return (f"{pad}<node id=\"{ident}\" rel={q(f or '--')} cat={q(label.lower())} "
                f"begin=\"{min(ws)}\" end=\"{max(ws) + 1}\">\n{inner}{pad}</node>\n")

    body = walk(["top"] + tree[1:], 1)
    text = " ".join(w[2] for w in sorted(words(tree), key=lambda w: w[1]))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<alpino_ds version="1.3">\n' + body
            + "  <sentence" + (f' sentid="{sentid}"' if sentid else "")
            + f">{escape_xml(text)}</sentence>\n</alpino_ds>\n")


def escape_xml(text: str) -> str:
    from xml.sax.saxutils import escape
    return escape(text)


def make_trees(seed: int, count: int) -> tuple[list[Any], list[Any]]:
    rng = random.Random(seed)
    base = real_trees()
    gold, system = [], []
    for k in range(count):
        g = base[k % len(base)]
        gold.append(g)
        system.append(perturb(rng, g, rng.choice((0, 1, 1, 2, 3, 5))))
    return gold, system


def make_pairs(seed: int, count: int) -> tuple[str, str]:
    """`count` pairs (gold text, system text) in discbracket, one tree a line."""
    rng = random.Random(seed)
    base = real_trees()
    gold, system = [], []
    for k in range(count):
        g = base[k % len(base)]
        steps = rng.choice((0, 1, 1, 2, 3, 5))
        s = perturb(rng, g, steps)
        gold.append(discbracket(g))
        system.append(discbracket(s))
    return "\n".join(gold) + "\n", "\n".join(system) + "\n"


# -- the reference, run once per input ------------------------------------------------------
def reference(args: list[str], files: dict[str, Path]) -> dict[str, Any]:
    """``discodop eval`` on `args` (names of `files` replaced by their paths); cached by the
    files' bytes and the arguments."""
    h = hashlib.sha1(json.dumps(args).encode() + _program_key())
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].read_bytes())
    key = h.hexdigest()
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{key}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    argv = [str(files[a]) if a in files else a for a in args]
    proc = subprocess.run([str(PYTHON), "-m", "discodop.cli", "eval", *argv], cwd=SRC,
                          capture_output=True, env={**os.environ, **SEED_ENV})
    result = {"stdout": proc.stdout.decode("utf-8", "replace"),
              "stderr_last": (proc.stderr.decode("utf-8", "replace").strip().splitlines()
                              or [""])[-1],
              "code": proc.returncode}
    path.write_text(json.dumps(result), encoding="utf-8")
    return result


_HARNESS = """
import io, json, sys, traceback
from contextlib import redirect_stderr, redirect_stdout
sys.path.insert(0, '.')
from discodop import eval as ev
results = []
for argv in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    code = 0
    sys.argv = ['discodop', 'eval'] + argv
    with redirect_stdout(out), redirect_stderr(err):
        try:
            ev.main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException as exc:
            code = 1
            err.write(''.join(traceback.format_exception_only(type(exc), exc)))
    lines = err.getvalue().strip().splitlines() or ['']
    results.append({'stdout': out.getvalue(), 'stderr_last': lines[-1], 'code': code})
json.dump(results, sys.stdout)
"""


def reference_many(cases: list[tuple[list[str], dict[str, Path]]]) -> list[dict[str, Any]]:
    """`reference` for many cases: the ones not cached run in ONE interpreter of the
    reference (its ``eval.main()`` called per case, as ``discodop eval`` calls it)."""
    keys, todo = [], []
    for args, files in cases:
        # (the reference's own folder too: its messages may name it)
        h = hashlib.sha1(json.dumps(args).encode() + _program_key())
        for name in sorted(files):
            if name in args:
                for path in sorted(files[name].parent.glob(files[name].name)):
                    # (Alpino keys are folder/name: those names count too)
                    where = f"{path.parent.name}/{path.name}" if "*" in files[name].name else ""
                    h.update(name.encode() + where.encode() + b"\0" + path.read_bytes())
                    if path.suffix == ".index":      # (an Alpino compact corpus' data)
                        h.update(path.with_name(path.stem + ".data.dz").read_bytes())
        keys.append(h.hexdigest())
    CACHE.mkdir(parents=True, exist_ok=True)
    for key, (args, files) in zip(keys, cases):
        if not (CACHE / f"m{key}.json").exists():
            todo.append((key, [str(files[a]) if a in files else a for a in args]))
    if todo:
        proc = subprocess.run([str(PYTHON), "-c", _HARNESS], cwd=SRC, capture_output=True,
                              input=json.dumps([a for _, a in todo]).encode(),
                              env={**os.environ, **SEED_ENV})
        if proc.returncode:
            raise RuntimeError(proc.stderr.decode())
        for (key, _), result in zip(todo, json.loads(proc.stdout)):
            (CACHE / f"m{key}.json").write_text(json.dumps(result), encoding="utf-8")
    return [json.loads((CACHE / f"m{key}.json").read_text(encoding="utf-8")) for key in keys]


def ours(cases: list[tuple[list[str], dict[str, Path]]]) -> list[dict[str, Any]]:
    """tcompare's runs of the same cases, in ONE subprocess with the reference's hash seed
    (the order of tied rows follows Python's set order, as in the reference)."""
    payload = [[[str(f[a]) if a in f else a for a in args]] for args, f in cases]
    code = ("import io, json, sys\n"
            "from tcompare.cli import score_discodop\n"
            "out = []\n"
            "for (argv,) in json.load(sys.stdin):\n"
            "    o, e = io.StringIO(), io.StringIO()\n"
            "    rc = score_discodop.main(argv, out=o, err=e)\n"
            "    last = (e.getvalue().strip().splitlines() or [''])[-1]\n"
            "    out.append({'stdout': o.getvalue(), 'stderr_last': last, 'code': rc})\n"
            "json.dump(out, sys.stdout)\n")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, **SEED_ENV, "PYTHONPATH": str(root)}
    proc = subprocess.run([sys.executable, "-c", code], input=json.dumps(payload).encode(),
                          capture_output=True, env=env, cwd=str(SRC))
    if proc.returncode:
        raise RuntimeError(proc.stderr.decode())
    return json.loads(proc.stdout)
