"""Every word edit on every sentence of the EWT test file (2077 sentences: multiword tokens,
empty nodes, enhanced graphs), the results validated by the official validator at level 2 in
one run: none may add an error.  ~20 s: `make test-all`; tests/test_word_edits.py is the
fast representative."""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest

from tcompare import formats
from tcompare.editing import word_edits as we
from tcompare.editing.tree_edits import EditRefused
from tcompare.formats.conllx import format_item
from tcompare.model.deps import DepSentence

pytestmark = pytest.mark.heavy

REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parent.parent.parent / "refs"))
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
VALIDATOR = REFS / "ud-tools" / "validate.py"
PYTHON = REFS / "ud-tools" / "venv" / "bin" / "python"

Edit = Callable[[DepSentence, DepSentence | None], "DepSentence | tuple[DepSentence, ...] | None"]


def _middle(s: DepSentence) -> int:
    return len(s.words) // 2


EDITS: dict[str, Edit] = {
    "split_token": lambda s, _: (we.split_token(s, _middle(s), at=1)
                                 if len(s.words[_middle(s)].form) > 1 else None),
    "split_to_multiword": lambda s, _: we.split_token(s, 0, forms=("a", "b"), multiword=True),
    "merge_tokens": lambda s, _: we.merge_tokens(s, _middle(s)),
    "merge_twice": lambda s, _: we.merge_tokens(we.merge_tokens(s, 0), 0),
    "make_multiword": lambda s, _: we.make_multiword(s, _middle(s), _middle(s) + 1),
    "dissolve_multiword": lambda s, _: next((we.dissolve_multiword(s, r.id) for r in s.rows
                                             if r.kind == "multiword"), None),
    "split_sentence": lambda s, _: we.split_sentence(s, _middle(s)),
    "merge_sentences": lambda s, nxt: we.merge_sentences(s, nxt) if nxt is not None else None,
    "split_then_merge": lambda s, _: we.merge_sentences(*we.split_sentence(s, _middle(s))),
    "feature": lambda s, _: we.set_feature(s, 0, "Typo", "Yes"),
    "last_form": lambda s, _: we.set_field(s, len(s.words) - 1, "FORM", "Zz"),
    "space_after_second": lambda s, _: (we.set_field(s, 1, "MISC", "SpaceAfter=No")
                                        if len(s.words) > 2 and s.words[1].pdeprel == "_" else None),
    "multiword_given_form": lambda s, _: we.make_multiword(s, 0, 1, form="xy"),
    "deps_added": lambda s, _: we.set_field(s, 0, "DEPS", f"{s.words[0].phead}|{s.words[-1].id}:dep"),
    "insert_empty_node": lambda s, _: we.insert_empty_node(s, _middle(s), f"{s.words[_middle(s)].id}:dep"),
}


@pytest.mark.skipif(not (EWT.exists() and VALIDATOR.exists() and PYTHON.exists()),
                    reason="EWT or the UD validator absent")
def test_every_edit_on_every_ewt_sentence_passes_the_validator(tmp_path):
    sentences = [r.item for r in formats.read_file(EWT, "conllu").records if r.item is not None and r.item.words]
    parts: list[str] = []
    owner: list[str] = []
    done: Counter[str] = Counter()
    for k, s in enumerate(sentences):
        nxt = sentences[k + 1] if k + 1 < len(sentences) else None
        for name, edit in EDITS.items():
            try:
                result = edit(s, nxt)
            except EditRefused:
                continue
            if result is None:
                continue
            done[name] += 1
            for j, new in enumerate(result if isinstance(result, tuple) else (result,)):
                new.comments = [re.sub(r"^(# sent_id = \S+)$", rf"\1-{name}{j}", c) for c in new.comments]
                text = format_item(new)
                parts.append(text)
                owner += [name] * text.count("\n")
    assert min(done.values()) >= 250, done              # each edit really ran, many times
    path = tmp_path / "swept.conllu"
    path.write_text("".join(parts), encoding="utf-8")
    run = subprocess.run([str(PYTHON), str(VALIDATOR), "--lang", "en", "--level", "2", "--max-err", "0",
                          str(path)], capture_output=True, text=True)
    errors: Counter[tuple[str, str]] = Counter()
    for line in run.stderr.splitlines():
        m = re.match(r"\[Line (\d+) .*?\]: \[L\d (\S+) (\S+)\]", line)
        if m and m.group(2) != "WARNING":
            errors[(owner[int(m.group(1)) - 1], m.group(3))] += 1
    assert errors == Counter(), errors.most_common(10)
    assert run.returncode == 0, run.stderr[-500:]


@pytest.mark.skipif(not EWT.exists(), reason="EWT absent")
def test_inverse_edits_give_every_ewt_sentence_back_byte_for_byte():
    """dissolve + make a multiword token (where its words spell it), insert + delete an empty
    node: the sentence as read."""
    sentences = [r.item for r in formats.read_file(EWT, "conllu").records if r.item is not None and r.item.words]
    tokens = nodes = 0
    for s in sentences:
        text = format_item(s)
        for r in s.rows:
            if r.kind == "multiword":
                first, last = (int(x) - 1 for x in r.id.split("-"))
                if "".join(w.form for w in s.words[first:last + 1]) == r.form:
                    again = we.make_multiword(we.dissolve_multiword(s, r.id), first, last)
                    assert format_item(again) == text, r.id
                    tokens += 1
        k = len(s.words) // 2
        try:
            added = we.insert_empty_node(s, k, f"{s.words[k].id}:dep")
        except EditRefused:           # inside a multiword token
            continue
        assert format_item(we.delete_empty_node(added, f"{s.words[k].id}.{_empties_after(s, k) + 1}")) == text
        nodes += 1
    assert tokens > 300 and nodes > 2000


def _empties_after(s: DepSentence, k: int) -> int:
    return sum(1 for r in s.rows if r.kind == "empty" and r.id.split(".")[0] == s.words[k].id)


@pytest.mark.skipif(not EWT.exists(), reason="EWT absent")
def test_feature_inventory_of_ewt_equals_counts_by_the_conllu_library():
    """The inventory of the whole EWT test file against counts made with another reader
    (the `conllu` package): same features per UPOS, same values, same order."""
    conllu = pytest.importorskip("conllu")
    counts: dict[str, dict[str, Counter[str]]] = {}
    for sentence in conllu.parse(EWT.read_text(encoding="utf-8")):
        for token in sentence:
            for name, values in (token["feats"] or {}).items():
                counts.setdefault(token["upos"], {}).setdefault(name, Counter()).update(values.split(","))
    expected = {}
    for upos, features in counts.items():
        ranked = sorted(features, key=lambda f: (-sum(features[f].values()), f.lower(), f))
        expected[upos] = {f: sorted(features[f], key=lambda v: (-features[f][v], v.lower(), v)) for f in ranked}
    inventory = we.feature_inventory(formats.read_file(EWT, "conllu"))
    del inventory[we.ANY_UPOS]
    assert inventory == expected
    assert [list(features) for features in inventory.values()] == [list(expected[u]) for u in inventory]
    assert inventory["PRON"]["Case"] == ["Nom", "Gen", "Acc"]          # 1156, 330, 266
