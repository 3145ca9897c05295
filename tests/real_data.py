"""Real parser output for tests: spaCy/GiNZA parses of UD test files and the official scores.

Not a test module: tests import it.  The pairs are those of tools/real_parses.py (its
docstring says what each one is); `real_pair(name)` gives one, building it on first use
(in a separate process, so spaCy never loads into the test process), or skips the test
cleanly when spaCy, the pipeline or the UD mirror is not on this machine.

    from real_data import PAIR_NAMES, real_pair, official_figures, tcompare_json, differences

    pair = real_pair("ewt-join22")              # .gold, .system (Paths), .meta (dict)
    official = official_figures(pair.gold, pair.system)   # {"LAS": {"f1": 0.2187..., ...}, ...}
    differences(tcompare_json(pair.gold, pair.system), official)   # [] when all are equal

`documents(pair)` cuts a whole-file pair into one pair per document, `official_documents`
scores them all in one run of the official scorer.

The official CoNLL 2018 scorer is looked up in ``$TCOMPARE_REFS`` (default ``../refs``, made
by ``bash tools/refs.sh``); its outputs are cached through refcache (``$TCOMPARE_REFS/.cache``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import refcache

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
REAL = Path(os.environ.get("TCOMPARE_REAL", REFS / "real-parses"))
TOOL = ROOT / "tools" / "real_parses.py"
CONLL18_DIR = REFS / "conll18" / "evaluation_script"
CONLL18 = CONLL18_DIR / "conll18_ud_eval.py"


def _load_tool():
    spec = importlib.util.spec_from_file_location("real_parses", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("real_parses", module)
    spec.loader.exec_module(module)
    return module


real_parses = _load_tool()
PAIR_NAMES: tuple[str, ...] = real_parses.NAMES
# whole test files (thousands of sentences): a few seconds each for tcompare alone
WHOLE_FILES = frozenset(n for n in PAIR_NAMES if real_parses.SPECS[n].doc is None)


@dataclass(frozen=True)
class RealPair:
    name: str
    gold: Path
    system: Path
    meta: dict


def real_pair(name: str) -> RealPair:
    """The gold and system files of pair `name` (built now if needed); skips the calling
    test when they cannot be had here."""
    why = real_parses.missing(name)
    if why:
        pytest.skip(f"real parses: {why}")
    entry = real_parses.locate(name, REAL)
    if entry is None:
        done = subprocess.run([sys.executable, str(TOOL), "--out", str(REAL), name],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"tools/real_parses.py {name} failed:\n{done.stderr}")
        entry = json.loads(done.stdout)[name]
    meta = json.loads(Path(entry["meta"]).read_text(encoding="utf-8"))
    return RealPair(name, Path(entry["gold"]), Path(entry["system"]), meta)


# ------------------------------------------------------------------ the official scorer

def needs_conll18() -> None:
    if not CONLL18.exists():
        pytest.skip(f"official scorer absent: {CONLL18} (bash tools/refs.sh)")


def official_text(gold: Path, system: Path, flags: list[str]) -> tuple[int, str, str]:
    """`conll18_ud_eval.py FLAGS GOLD SYSTEM`: (exit status, stdout, stderr)."""
    needs_conll18()
    done = refcache.run([sys.executable, str(CONLL18), *flags, str(gold), str(system)],
                        program=CONLL18, inputs=[gold, system], options=list(flags),
                        cwd=CONLL18_DIR, refs=REFS)
    return done["returncode"], done["stdout"], done["stderr"]


# imports the official script and prints its Score objects exactly (no rounding)
_FIGURES = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import conll18_ud_eval as ud
try:
    ev = ud.evaluate(ud.load_conllu_file(sys.argv[2]), ud.load_conllu_file(sys.argv[3]))
except Exception as exc:
    print(json.dumps({"error": "%s: %s" % (type(exc).__name__, exc)}))
else:
    print(json.dumps({name: {"precision": s.precision, "recall": s.recall, "f1": s.f1,
                             "aligned_accuracy": s.aligned_accuracy, "correct": s.correct,
                             "gold": s.gold_total, "system": s.system_total,
                             "aligned": s.aligned_total} for name, s in ev.items()}))
'''


def official_figures(gold: Path, system: Path) -> dict:
    """The official scorer's figures for the pair, as fractions (what its Score objects
    hold): {metric: {"precision", "recall", "f1", "aligned_accuracy", "correct", "gold",
    "system", "aligned"}}, or {"error": "UDError: ..."} when it refuses the files."""
    needs_conll18()
    done = refcache.run([sys.executable, "-c", _FIGURES, str(CONLL18_DIR), str(gold), str(system)],
                        program=CONLL18, inputs=[gold, system], options=["figures", _FIGURES],
                        cwd=CONLL18_DIR, refs=REFS)
    if done["returncode"] != 0:
        raise RuntimeError(f"official figures failed: {done['stderr']}")
    return json.loads(done["stdout"])


# ------------------------------------------------------------------ tcompare

def tcompare_score(gold: Path, system: Path, *args: str) -> tuple[int, str, str]:
    """`tcompare score --profile conll18 ARGS GOLD SYSTEM`, in this process: (exit status,
    stdout, stderr)."""
    from tcompare.entry import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["score", "--profile", "conll18", *args, str(gold), str(system)])
    return code, out.getvalue(), err.getvalue()


def tcompare_json(gold: Path, system: Path) -> dict:
    """`tcompare score --profile conll18 --output json` of the pair, parsed."""
    code, out, err = tcompare_score(gold, system, "--output", "json")
    if code != 0:
        raise RuntimeError(f"tcompare score --output json exited {code}: {err}")
    return json.loads(out)


FIGURES = ("precision", "recall", "f1")


def differences(data: dict, official: dict) -> list[str]:
    """Where figures in the shape of ``tcompare score --output json`` (its "groups",
    "summary" and "flags"; or only a "summary", as ``tcompare GOLD SYS --totals FILE``
    writes the window's) differ from the official scorer's (`official_figures`): one line
    per difference, none when every count and every percentage is exactly the official
    one (percentages are 100 x the official fraction)."""
    diffs = []
    groups = data.get("groups")
    for metric, ref in official.items():
        if data["summary"].get(metric) != 100 * ref["f1"]:
            diffs.append(f"{metric} summary: {data['summary'].get(metric)!r}, officially {100 * ref['f1']!r}")
        if groups is None:
            continue
        ours = groups.get(metric, {})
        wanted = {k: ref[k] for k in ("correct", "gold", "system")}
        wanted |= {k: 100 * ref[k] for k in FIGURES}
        if ref["aligned"] is not None:
            wanted |= {"aligned": ref["aligned"], "aligned_accuracy": 100 * ref["aligned_accuracy"]}
        elif f"{metric}.aligned_accuracy:0/0" not in data.get("flags", ()):
            # no aligned accuracy officially: tcompare says 0 and flags it
            diffs.append(f"{metric}: aligned_accuracy is not flagged 0/0")
        for key, value in wanted.items():
            if ours.get(key) != value:
                diffs.append(f"{metric} {key}: {ours.get(key)!r}, officially {value!r}")
    if groups is not None and list(groups) != list(official):
        diffs.append(f"metrics {list(groups)} != {list(official)}")
    return diffs


def window_totals(gold: Path, system: Path, tmp: Path) -> dict:
    """``tcompare GOLD SYSTEM --profile conll18 --totals FILE``: the window's running total
    (loaded without a window), parsed."""
    target = tmp / "totals.json"
    done = subprocess.run([sys.executable, "-m", "tcompare", str(gold), str(system), "--profile", "conll18",
                           "--totals", str(target)], capture_output=True, text=True,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    if done.returncode != 0:
        raise RuntimeError(f"tcompare --totals exited {done.returncode}: {done.stderr}")
    return json.loads(target.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ one pair, document by document

@dataclass(frozen=True)
class Document:
    number: int          # 1-based, the system's doc<N>
    gold_id: str         # the gold's `# newdoc id`
    gold: Path
    system: Path


def documents(pair: RealPair) -> list[Document]:
    """A whole-file pair cut into its documents (gold document N against the parser's
    ``doc<N>``, which it parsed from that document's text alone), each a pair of files
    written once beside the pair (``documents/NNN.{gold,system}.conllu``)."""
    gold_docs = real_parses.documents(real_parses.gold_sentences(pair.gold.read_text(encoding="utf-8")))
    system_docs = pair.system.read_text(encoding="utf-8").split("# newdoc id = doc")[1:]
    if len(gold_docs) != len(system_docs):
        raise RuntimeError(f"{pair.name}: {len(gold_docs)} gold documents, {len(system_docs)} parsed")
    folder = pair.gold.parent / "documents"
    folder.mkdir(exist_ok=True)
    out = []
    for number, (gold_doc, system_doc) in enumerate(zip(gold_docs, system_docs), start=1):
        head, _, body = system_doc.partition("\n")
        if head != str(number):
            raise RuntimeError(f"{pair.name}: parsed document {head!r} where doc{number} was expected")
        texts = {"gold": real_parses.conllu_of(gold_doc), "system": f"# newdoc id = doc{number}\n{body}"}
        paths = {}
        for side, text in texts.items():
            path = paths[side] = folder / f"{number:03d}.{side}.conllu"
            if not path.exists():
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, path)
        out.append(Document(number, gold_doc[0].doc, paths["gold"], paths["system"]))
    return out


# the official evaluate + build_evaluation_table (what its main prints, plain and -v) and
# its Score objects, on each pair of files the listing names, in one process
_BATCH = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import conll18_ud_eval as ud
out = []
for gold, system in json.load(open(sys.argv[2], encoding="utf-8")):
    try:
        ev = ud.evaluate(ud.load_conllu_file(gold), ud.load_conllu_file(system))
    except Exception as exc:
        out.append({"error": "%s: %s" % (type(exc).__name__, exc)})
        continue
    out.append({"plain": ud.build_evaluation_table(ev, False, False) + "\n",
                "verbose": ud.build_evaluation_table(ev, True, False) + "\n",
                "figures": {name: {"precision": s.precision, "recall": s.recall, "f1": s.f1,
                                   "aligned_accuracy": s.aligned_accuracy, "correct": s.correct,
                                   "gold": s.gold_total, "system": s.system_total,
                                   "aligned": s.aligned_total} for name, s in ev.items()}})
json.dump(out, sys.stdout)
'''


def official_documents(pair: RealPair, docs: list[Document]) -> list[dict]:
    """The official scorer on each document of `pair` (`documents(pair)`): {"plain",
    "verbose", "figures"} (figures as `official_figures` gives them), or {"error"}."""
    needs_conll18()
    listing = docs[0].gold.parent / f"listing.{os.getpid()}.json"
    listing.write_text(json.dumps([[str(d.gold), str(d.system)] for d in docs]), encoding="utf-8")
    try:      # the documents are cut from the pair's two files: those key the cache
        done = refcache.run([sys.executable, "-c", _BATCH, str(CONLL18_DIR), str(listing)],
                            program=CONLL18, inputs=[pair.gold, pair.system],
                            options=["documents", _BATCH, str(len(docs))], cwd=CONLL18_DIR, refs=REFS)
    finally:
        listing.unlink()
    if done["returncode"] != 0:
        raise RuntimeError(f"official scorer, document by document: {done['stderr']}")
    return json.loads(done["stdout"])
