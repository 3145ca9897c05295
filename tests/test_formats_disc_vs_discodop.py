"""Our readers see what disco-dop's readers see (issue 33: the `discodop` profile must
reproduce `discodop eval`, which reads with `discodop.treebank.READERS`).

disco-dop (its own Python, $TCOMPARE_REFS/discodop) reads every sample once per session
and prints, for each sentence, its words, each word's tag and function, and each phrase
as (label, sorted word positions, function); ours must give the same.  Skipped when
disco-dop is not built.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from tcompare import formats

DATA = Path(__file__).parent / "data" / "disc"
REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parents[2] / "refs")) / "discodop"
PYTHON = REFS / "venv" / "bin" / "python"
SRC = REFS / "src"

# (file, disco-dop reader, encoding)
FILES = [(SRC / "alpinosample.export", "export", "utf8"),
         (SRC / "tests" / "t2.dbr", "discbracket", "utf8"),
         (SRC / "tests" / "longsent.dbr", "discbracket", "utf8"),
         (DATA / "tiger-sample.export", "export", "latin-1"),
         (DATA / "sentence.export", "export", "utf8"),
         (DATA / "tueba-sample.export", "export", "utf8"),
         (DATA / "corpus-sample.export", "export", "utf8"),
         (DATA / "format4-with-coref-sample.export", "export", "utf8"),
         (DATA / "tiger-sample.xml", "tiger", "utf8"),
         (DATA / "tiger-sample-complexframe.xml", "tiger", "utf8"),
         (DATA / "simple-sentence.xml", "tiger", "utf8"),
         *[(DATA / f"alpino-{k}.xml", "alpino", "utf8") for k in (1, 2, 3, 4)]]

EXTRA: list[tuple[Path, str, str]] = []     # files made for disco-dop (the fixture fills it)

DUMP = r"""
import json, sys
from discodop.treebank import READERS
from discodop.tree import Tree
out = {}
for path, fmt, encoding in json.loads(sys.argv[1]):
    reader = READERS[fmt](path, encoding=encoding)
    sentences = []
    try:
        items = list(reader.itertrees())
    except Exception as exc:        # (its TIGER reader needs lemma and morph on every <t>)
        out[path] = repr(exc)
        continue
    for key, item in items:
        tree = item.tree
        phrases, words = [], {}
        for node in tree.subtrees():
            func = node.source[4] if getattr(node, 'source', None) else None
            if node and isinstance(node[0], Tree) or not node:
                phrases.append([node.label, sorted(node.leaves()), func])
            else:
                words[node[0]] = [node.label, func]
        sentences.append([item.sent, [words[i] for i in sorted(words)], sorted(phrases)])
    out[path] = sentences
print(json.dumps(out))
"""


def _wrapped_tiger(folder: Path) -> list[tuple[Path, str, str]]:
    """TIGER samples disco-dop can take: its reader wants <s> inside a <corpus> (dkpro's
    sample is a bare <s>), and our discontinuous sentence with a secondary edge."""
    from test_formats_disc_xml import DISC_TIGER

    bare = (DATA / "tiger-sample.xml").read_text(encoding="utf-8").split("\n", 1)[1]
    wrapped = folder / "tiger-wrapped.xml"
    wrapped.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<corpus>\n<body>\n' + bare
                       + "</body>\n</corpus>\n", encoding="utf-8")
    disc = folder / "tiger-disc.xml"
    disc.write_text(DISC_TIGER, encoding="utf-8")
    return [(wrapped, "tiger", "utf8"), (disc, "tiger", "utf8")]


@pytest.fixture(scope="session")
def discodop_reads(tmp_path_factory):
    if not PYTHON.exists() or not SRC.exists():
        pytest.skip("disco-dop is not built ($TCOMPARE_REFS/discodop)")
    extra = _wrapped_tiger(tmp_path_factory.mktemp("tiger"))
    EXTRA[:] = extra
    files = [(str(p), fmt, enc) for p, fmt, enc in FILES + extra if p.exists()]
    done = subprocess.run([str(PYTHON), "-c", DUMP, json.dumps(files)], cwd=SRC, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(SRC)})
    if done.returncode:
        pytest.skip(f"disco-dop does not run: {done.stderr[-300:]}")
    return json.loads(done.stdout)


def _ours(path: Path, encoding: str):
    corpus = formats.read_file(path, encoding=None if encoding == "utf8" else encoding)
    assert corpus.errors() == []
    out = []
    for record in corpus:
        tree = record.item
        words = [[t.pos, (t.extra or {}).get("function") or "--"] for t in tree.tokens]
        phrases = sorted([n.label.raw, list(n.positions), n.label.function or "--"]
                         for n in tree.nodes())
        out.append([tree.words, words, phrases])
    return out


@pytest.mark.parametrize("path, fmt, encoding", FILES, ids=lambda x: getattr(x, "name", None))
def test_we_read_what_discodop_reads(discodop_reads, path, fmt, encoding):
    if str(path) not in discodop_reads:
        pytest.skip(f"{path} absent")
    theirs = discodop_reads[str(path)]
    if isinstance(theirs, str):
        assert path.name in ("simple-sentence.xml", "tiger-sample-complexframe.xml",
                             "tiger-sample.xml"), theirs
        pytest.skip(f"disco-dop cannot read {path.name}: {theirs}")
    ours = _ours(path, encoding)
    assert len(ours) == len(theirs)
    for k, (mine, them) in enumerate(zip(ours, theirs)):
        words, tags, phrases = them
        # disco-dop keeps no function for a root it makes or for bracket labels' roots
        phrases = [[label, leaves, func or "--"] for label, leaves, func in phrases]
        tags = [[tag, func or "--"] for tag, func in tags]
        if fmt == "discbracket":            # its leaves carry no function
            tags = [[tag, "--"] for tag, _ in tags]
        assert mine[0] == words, k
        assert mine[1] == tags, k
        assert mine[2] == sorted(phrases), k


def test_tiger_files_made_for_discodop(discodop_reads):
    assert len(EXTRA) == 2
    for path, fmt, encoding in EXTRA:
        test_we_read_what_discodop_reads(discodop_reads, path, fmt, encoding)
