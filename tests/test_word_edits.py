"""Word-level edits (issue 30 item 3) on real EWT sentences: each edit is saved through the
gold file's save path, reopened, checked by the official validator (level 2, --lang en; one
run for all the edited files; skipped when absent) and diffed against the original file:
every line the edit had no reason to touch is byte-identical."""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Callable

import pytest

from tcompare import formats
from tcompare.analysis import ud_validator
from tcompare.editing import word_edits as we
from tcompare.editing.save import SaveSession
from tcompare.formats.conllx import format_item
from tcompare.model.corpus import Corpus, SentenceRecord
from tcompare.model.deps import DepSentence

ROOT = Path(__file__).resolve().parent.parent
REFS = Path(os.environ.get("TCOMPARE_REFS", ROOT.parent / "refs"))
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"
VALIDATOR = REFS / "ud-tools" / "validate.py"

W = "weblog-blogspot.com_marketview_20050511222700_ENG_20050511_222700-0002"  # 3 multiword tokens
G = "weblog-blogspot.com_marketview_20050511222700_ENG_20050511_222700-0003"  # short
E = "email-enronsent28_01-0019"                                                # empty node 24.1
N = "email-enronsent28_01-0020"
ORDER = (W, G, E, N)


@pytest.fixture(scope="module")
def excerpt() -> str:
    """The four EWT sentences, as the file holds them (comments, blank line after each)."""
    if not EWT.exists():
        pytest.skip(f"EWT absent: {EWT}")
    corpus = formats.read_file(EWT, "conllu")
    sources = {}
    for record in corpus.records:
        m = re.search(r"^# sent_id = (\S+)$", record.source, re.M)
        if m and m.group(1) in ORDER:
            sources[m.group(1)] = record.source
    return "".join(sources[k] for k in ORDER)


def sentence(text: str, sid: str) -> DepSentence:
    item = formats.read_text(text, "conllu")[ORDER.index(sid)].item
    assert isinstance(item, DepSentence)
    return item


def edited_text(text: str, sid: str, make: Callable[[DepSentence], list[DepSentence]]) -> str:
    """The file after replacing sentence `sid` by `make`'s sentences (one, two, or none when
    it was merged into the one before), rendered by the gold file's writer."""
    corpus: Corpus = formats.read_text(text, "conllu", "excerpt.conllu")
    k = ORDER.index(sid)
    new = make(corpus.records[k].item)
    if not new:
        del corpus.records[k]
        return formats.format_corpus(corpus)
    corpus.records[k].replace_item(new[0])
    for extra in reversed(new[1:]):
        record = SentenceRecord(index=k + 2, line=0, source="")
        record.replace_item(extra)
        corpus.records.insert(k + 1, record)
    return formats.format_corpus(corpus)


def merged_text(text: str, first: str) -> str:
    """The file with sentence `first` and the next merged into one."""
    corpus: Corpus = formats.read_text(text, "conllu", "excerpt.conllu")
    k = ORDER.index(first)
    corpus.records[k].replace_item(we.merge_sentences(corpus.records[k].item, corpus.records[k + 1].item))
    del corpus.records[k + 1]
    return formats.format_corpus(corpus)


def _split_before_they(s: DepSentence) -> list[DepSentence]:
    return list(we.split_sentence(s, 7))


def _merge_wrung_out(s: DepSentence) -> list[DepSentence]:
    return [we.merge_tokens(we.merge_tokens(s, 13), 13)]


# name -> (sentence, edit, the original lines it may change: a regex on them)
EDITS: dict[str, tuple[str, Callable[[DepSentence], list[DepSentence]], str]] = {
    "upos": (W, lambda s: [we.set_field(s, 1, "UPOS", "NOUN")], r"^2\tBuzzMachine"),
    "xpos": (G, lambda s: [we.set_field(s, 0, "XPOS", "NNPS")], r"^1\tGoogle"),
    "feats": (E, lambda s: [we.set_field(s, 7, "FEATS", "PronType=Prs|Person=3|Number=Sing|Case=Nom")],
              r"^8\tthey"),
    "feature": (E, lambda s: [we.set_feature(s, 4, "Mood", None)], r"^5\twere"),
    "lemma": (G, lambda s: [we.set_field(s, 4, "LEMMA", "Search")], r"^5\tsearch"),
    "misc": (N, lambda s: [we.set_field(s, 0, "MISC", "_")], r"^(1\tgreat|# text)"),
    "deps": (W, lambda s: [we.set_field(s, "14", "DEPS", "18:obj|12:ref")], r"^14\twhich"),
    "deps_empty_node": (E, lambda s: [we.set_field(s, "24.1", "DEPS", "6:parataxis|20:conj")], r"^24\.1\t"),
    "split_token": (W, lambda s: [we.split_token(s, 1, at=4, second={"UPOS": "PROPN"})], "renumbered from 3"),
    "split_in_multiword": (W, lambda s: [we.split_token(s, 5, forms=("Goo", "gle"))], "renumbered from 7"),
    "split_to_multiword": (G, lambda s: [we.split_token(s, 0, forms=("Goo", "gle"), multiword=True)],
                           "renumbered from 2"),
    "merge_tokens": (E, _merge_wrung_out, "renumbered from 14"),
    "merge_in_multiword": (W, lambda s: [we.merge_tokens(s, 5)], "renumbered from 7"),
    "make_multiword": (E, lambda s: [we.make_multiword(s, 13, 15)], "renumbered from 14"),
    "dissolve_multiword": (W, lambda s: [we.dissolve_multiword(s, "15-16")], r"^(15-16|15\t)"),
    "split_sentence": (E, _split_before_they, "cut before 8"),
    "insert_empty_node": (G, lambda s: [we.insert_empty_node(s, 1, "6:cop", form="is", lemma="be",
                                                           upos="AUX")], "none"),
    "delete_empty_node": (E, lambda s: [we.delete_empty_node(
        we.set_field(we.set_field(s, "24", "DEPS", "6:parataxis"), "26", "DEPS", "24:obl"), "24.1")],
        r"^(24\t|24\.1|26\t)"),
}


def _renumbered(lines: list[str], pivot: int) -> set[str]:
    """Lines of a sentence whose ID, HEAD, DEPS heads or range mention a word >= pivot."""
    hit = set()
    for line in lines:
        cols = line.split("\t")
        if len(cols) != 10:
            continue
        numbers = re.findall(r"\d+", cols[0]) + [cols[6]] + re.findall(r"(?:^|\|)(\d+)", cols[8])
        if any(n.isdigit() and int(n) >= pivot for n in numbers):
            hit.add(line)
    return hit


def allowed_changes(text: str, sid: str, rule: str) -> set[str]:
    source = text.split(f"# sent_id = {sid}\n", 1)[1].split("\n\n", 1)[0]
    lines = [f"# sent_id = {sid}"] + source.split("\n")
    if rule == "all":
        return set(lines)
    if rule == "none":
        return set()
    if rule.startswith("cut before "):     # the second half's rows, arcs across, comments
        return _renumbered(lines, int(rule.rsplit(" ", 1)[1])) | {ln for ln in lines if ln.startswith("#")}
    if rule.startswith("renumbered from "):
        return _renumbered(lines, int(rule.rsplit(" ", 1)[1])) | {ln for ln in lines if ln.startswith("# text")}
    return {ln for ln in lines if re.match(rule, ln)}


def changed_original_lines(before: str, after: str) -> list[str]:
    a, b = before.split("\n"), after.split("\n")
    out = []
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "delete"):
            out.extend(a[i1:i2])
    return out


@pytest.fixture(scope="module")
def saved(excerpt, tmp_path_factory) -> dict[str, Path]:
    """Every edit saved over a copy of the excerpt through the gold file's save session."""
    folder = tmp_path_factory.mktemp("word-edits")
    files = {}
    outputs = {name: edited_text(excerpt, sid, make) for name, (sid, make, _) in EDITS.items()}
    outputs["merge_sentences"] = merged_text(excerpt, G)
    outputs["original"] = excerpt
    for name, text in outputs.items():
        path = folder / f"{name}.conllu"
        path.write_text(excerpt, encoding="utf-8")
        session = SaveSession(path)
        corpus = formats.read_text(text, "conllu", str(path))
        session.save(formats.corpus_bytes(corpus))
        assert (folder / f"{name}.conllu.orig").read_text(encoding="utf-8") == excerpt
        files[name] = path
    return files


@pytest.fixture(scope="module")
def combined(saved, tmp_path_factory) -> tuple[Path, list[str]]:
    """The saved files one after the other in one file (each ``sent_id`` suffixed with its
    file's name to keep them unique), and the file each line came from: the validator runs
    once for all (given several files, validate.py checks the text of the first one only)."""
    if not (VALIDATOR.exists() and (VALIDATOR.parent / "venv" / "bin" / "python").exists()):
        pytest.skip(f"UD validator absent: {VALIDATOR}")
    parts, owner = [], []
    for name, path in saved.items():
        text = re.sub(r"^(# sent_id = \S+)$", rf"\1-{name}", path.read_text(encoding="utf-8"),
                      flags=re.M)
        parts.append(text)
        owner += [name] * text.count("\n")
    path = tmp_path_factory.mktemp("validate") / "all.conllu"
    path.write_text("".join(parts), encoding="utf-8")
    return path, owner


def _errors(combined: tuple[Path, list[str]], level: int) -> dict[str, list[ud_validator.Problem]]:
    path, owner = combined
    report = ud_validator.run_validator(ud_validator.find_validator(str(VALIDATOR)), str(path),
                                        "en", level, extra=("--max-err", "0"))
    assert report.passed or report.problems, report.summary
    errors: dict[str, list[ud_validator.Problem]] = {name: [] for name in dict.fromkeys(owner)}
    for problem in report.problems:
        if not problem.is_warning:
            errors[owner[problem.line - 1]].append(problem)
    return errors


@pytest.fixture(scope="module")
def validation(combined) -> dict[str, list[ud_validator.Problem]]:
    """The official validator's errors per saved file at level 2 (the UD format)."""
    return _errors(combined, 2)


@pytest.mark.parametrize("name", [*EDITS, "merge_sentences"])
def test_every_edit_saves_valid_and_keeps_untouched_lines(name, excerpt, saved, validation):
    text = saved[name].read_text(encoding="utf-8")
    assert text != excerpt
    assert validation[name] == [], [p.located() for p in validation[name]]
    reopened = formats.read_file(saved[name], "conllu")
    for record in reopened.records:
        item = record.item
        assert item is not None and not item.meta.get("warnings"), record.source
        assert we.surface(item.rows) == re.search(r"^# text = (.*)$", record.source, re.M).group(1)
    ids = re.findall(r"^# sent_id = (\S+)$", text, re.M)
    assert len(ids) == len(set(ids))
    if name == "merge_sentences":
        # the first sentence's rows stay as they were: only its comments change
        allowed = allowed_changes(excerpt, G, r"^#") | allowed_changes(excerpt, E, "all")
    else:
        sid, _, rule = EDITS[name]
        allowed = allowed_changes(excerpt, sid, rule)
    touched = [ln for ln in changed_original_lines(excerpt, text) if ln]
    assert set(touched) <= allowed, sorted(set(touched) - allowed)
    assert touched or name == "insert_empty_node"     # that one only adds a line


def test_the_excerpt_itself_is_valid(validation):
    assert validation["original"] == []


def test_no_edit_adds_a_content_error_at_level_5(combined):
    """Level 5 (English contents) finds nothing in an edited file it did not find in the
    original excerpt (the new word of a split is X/dep: that passes too)."""
    errors = _errors(combined, 5)
    before = {p.test for p in errors["original"]}
    added = {name: [p.located() for p in found if p.test not in before]
             for name, found in errors.items()}
    assert {name: found for name, found in added.items() if found} == {}


def test_field_edits_write_canonical_columns(excerpt):
    s = sentence(excerpt, E)
    assert we.set_field(s, 3, "FEATS", "Number=Plur|Case=Nom").words[3].feats == "Case=Nom|Number=Plur"
    assert we.set_field(s, 3, "FEATS", "PronType=Rel,Int").words[3].feats == "PronType=Int,Rel"
    assert we.set_field(s, 25, "DEPS", "24.1:obl:for|24:orphan|24:orphan").words[25].phead == \
        "24:orphan|24.1:obl:for"
    assert we.set_feature(s, 4, "Mood", None).words[4].feats == "Number=Plur|Person=3|Tense=Past|VerbForm=Fin"
    assert format_item(s) == format_item(sentence(excerpt, E))     # the input is never changed


def test_split_token_renumbers_heads_deps_and_ranges(excerpt):
    s = we.split_token(sentence(excerpt, W), 1, at=4)
    rows = {r.id: r for r in s.rows}
    assert (rows["2"].form, rows["2"].pdeprel, rows["3"].form) == ("Buzz", "SpaceAfter=No", "Machine")
    assert (rows["3"].head, rows["3"].deprel, rows["3"].phead, rows["3"].cpostag) == ("2", "dep", "2:dep", "X")
    assert (rows["2"].head, rows["4"].head, rows["4"].phead) == ("4", "5", "5:nsubj")
    assert rows["13"].phead == "5:ccomp|19:ccomp"       # was 4:ccomp|18:ccomp
    assert [r.id for r in s.rows if r.kind == "multiword"] == ["7-8", "16-17", "23-24"]
    assert we.surface(s.rows) == sentence(excerpt, W).text()


def test_merge_tokens_keeps_the_governor_and_redirects_dependents(excerpt):
    s = we.merge_tokens(we.merge_tokens(sentence(excerpt, E), 13), 13)
    w = s.words[13]
    assert (w.id, w.form, w.lemma, w.head, w.deprel, w.pdeprel) == \
        ("14", "wrung-out", "wring-out", "6", "conj", "CheckReln=parataxis|SpaceAfter=No")
    assert [r.id for r in s.rows if r.kind == "empty"] == ["22.1"]
    assert s.words[21].phead == "6:parataxis|22.1:nsubj"


def test_split_sentence_reroots_and_names_the_halves(excerpt):
    a, b = we.split_sentence(sentence(excerpt, E), 7, taken={f"{E}-b"})
    assert a.comments == [f"# sent_id = {E}-a", "# text = By late 1974 investors were dizzy,"]
    assert b.comments == [f"# sent_id = {E}-b2",
                          "# text = they were desperate, they were wrung-out, they had left Wall Street, many for good."]
    assert [(w.form, w.head, w.deprel, w.phead) for w in a.words][6] == (",", "6", "punct", "6:punct")
    root = [w for w in b.words if w.head == "0"]      # the first orphan (was conj of dizzy)
    assert [(w.id, w.form, w.deprel, w.phead) for w in root] == [("3", "desperate", "root", "0:root")]
    assert (b.words[12].form, b.words[12].head, b.words[12].phead) == ("left", "3", "3:conj")
    assert [(r.id, r.phead) for r in b.rows if r.kind == "empty"] == [("17.1", "3:parataxis")]


def test_merge_of_two_halves_gives_the_id_and_text_back(excerpt):
    g = sentence(excerpt, G)
    a, b = we.split_sentence(g, 3)
    merged = we.merge_sentences(a, b)
    assert merged.comments == g.comments
    # X is another sentence's id now: the merge keeps the first half's
    assert we.merge_sentences(a, b, taken={G}).comments[0] == f"# sent_id = {G}-a"
    assert [w.form for w in merged.words] == [w.form for w in g.words]


def test_insert_then_delete_an_empty_node_is_the_sentence_again(excerpt):
    g = sentence(excerpt, G)
    added = we.insert_empty_node(g, 1, "6:cop")
    assert [r.id for r in added.rows][:3] == ["1", "2", "2.1"]
    assert format_item(we.delete_empty_node(added, "2.1")) == format_item(g)


def test_an_edit_in_a_crlf_file_changes_one_line_and_keeps_crlf(excerpt):
    crlf = excerpt.replace("\n", "\r\n")
    corpus = formats.read_text(crlf, "conllu", "crlf.conllu")
    corpus.records[1].replace_item(we.set_field(corpus.records[1].item, 0, "XPOS", "NNPS"))
    out = formats.format_corpus(corpus)
    assert out.count("\r\n") == out.count("\n") == crlf.count("\n")
    before, after = crlf.split("\r\n"), out.split("\r\n")
    assert [(b, a) for b, a in zip(before, after) if b != a] == [
        ("1\tGoogle\tGoogle\tPROPN\tNNP\tNumber=Sing\t6\tnsubj\t6:nsubj\t_",
         "1\tGoogle\tGoogle\tPROPN\tNNPS\tNumber=Sing\t6\tnsubj\t6:nsubj\t_")]
