"""The compiled ``conll18`` reader kernel (tcompare/scoring/conll18/_kernel.pyx) against its
pure-Python twin (``TCOMPARE_PURE_PYTHON=1``): every text must give the same treebank, or
the same official refusal (kind, message, line).  Generated UD pairs (the generators of
test_conll18.py), real UD data with multiword tokens and empty nodes, odd inputs one by one,
and random damage to a small file.
"""

from __future__ import annotations

import dataclasses
import os
import random
from pathlib import Path

import pytest

from tcompare import compiled
from tcompare.scoring.conll18 import read
from test_conll18 import parse_blocks, perturb, write_blocks, zh_sentences

REFS = Path(os.environ.get("TCOMPARE_REFS", Path(__file__).resolve().parent.parent.parent / "refs"))
EWT = REFS / "ewt" / "en_ewt-ud-test.r2.12.conllu"

KERNEL = compiled.conll18_kernel()
pytestmark = pytest.mark.skipif(KERNEL is None, reason="conll18 kernel not built")


def _read(text: str, complete: bool = True, first_line: int = 1) -> object:
    """The treebank's fields, or the refusal's (kind, message, line), or "truncated"."""
    try:
        tb = read.load_conllu_text(text, "f.conllu", complete, first_line)
    except read.Conll18Error as exc:
        return (exc.kind, exc.message, exc.line)
    except read.Truncated:
        return "truncated"
    return {f.name: getattr(tb, f.name) for f in dataclasses.fields(tb)}


def same(text: str, monkeypatch: pytest.MonkeyPatch, first_line: int = 1) -> object:
    """Reads `text` with the kernel and with the pure-Python twin; asserts they agree."""
    text = read.universal_newlines(text)
    monkeypatch.delenv(compiled.SWITCH, raising=False)
    ours = _read(text, first_line=first_line)
    monkeypatch.setenv(compiled.SWITCH, "1")
    twin = _read(text, first_line=first_line)
    monkeypatch.delenv(compiled.SWITCH)
    assert ours == twin
    return ours


def row(i: object, form: str = "a", head: object = 0, deprel: str = "root",
        feats: str = "_", upos: str = "NOUN") -> str:
    return f"{i}\t{form}\t{form.lower()}\t{upos}\tNN\t{feats}\t{head}\t{deprel}\t_\t_"


def sentence(n: int, comments: tuple[str, ...] = ("# sent_id = s",)) -> str:
    rows = [row(i, f"w{i}", 0 if i == 1 else i - 1, "root" if i == 1 else "nmod:poss",
                "Case=Nom|Foo=Bar" if i % 2 else "_") for i in range(1, n + 1)]
    return "\n".join([*comments, *rows]) + "\n\n"


def test_well_formed_text_goes_through_the_kernel(monkeypatch):
    text = sentence(3) + sentence(5, ()) + "# trailing comment\n"
    assert KERNEL.layout(text, 1, len) is not None
    result = same(text, monkeypatch, first_line=7)
    assert isinstance(result, dict) and result["sent_line"] == [8, 12]
    assert result["head"] == [-1, 0, 1, -1, 3, 4, 5, 6]
    assert result["deprel"][1] == "nmod" and result["feats"][0] == "Case=Nom"


def test_generated_pairs(monkeypatch):
    base = zh_sentences(60)
    edits = {"merge": 6, "split": 6, "mwt": 8, "mwt_form": 3, "join": 2, "split_sentence": 2,
             "relabel": 20, "rehead": 20, "tags": 10, "lemma": 10, "feats": 10}
    for seed in range(4):
        text = write_blocks(perturb(base, random.Random(seed), edits))
        assert KERNEL.layout(read.universal_newlines(text), 1, len) is not None
        result = same(text, monkeypatch)
        assert isinstance(result, dict) and any(result["multiword"])


def test_generated_pairs_without_anchors(monkeypatch):
    base = parse_blocks("".join(sentence(n) for n in (3, 7, 12, 5, 9, 2, 15, 4)))
    edits = {"merge": 3, "split": 3, "mwt": 4, "join": 1, "split_sentence": 1, "rehead": 6,
             "relabel": 4}
    for seed in range(6):
        text = write_blocks(perturb(base, random.Random(seed), edits))
        assert KERNEL.layout(text, 1, len) is not None
        assert isinstance(same(text, monkeypatch), dict)


def test_real_data_with_empty_nodes_and_multiword_tokens(monkeypatch):
    if not EWT.exists():
        pytest.skip(f"not available: {EWT}")
    text = EWT.read_text(encoding="utf-8")
    result = same(text, monkeypatch)
    assert isinstance(result, dict) and result["form"] and any(result["multiword"])


ODD = {
    "multiword": "1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "de", 0) + "\n" + row(2, "le", 1, "det") + "\n\n",
    "multiword_empty_range": "3-2\tx\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1) + "\n\n",
    "multiword_past_sentence": "1-3\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "de", 0) + "\n\n",
    "multiword_long_numbers": "100000000000-100000000001\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1) + "\n" + row(2, "b", 1) + "\n\n",
    "multiword_bad_range": "1-2-3\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1) + "\n\n",
    "multiword_word_head_text": "1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "de", 0) + "\n" + row(2, "le", "x") + "\n\n",
    "multiword_spans_empty_node": "1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1) + "\n" + row("1.1", "e", "_") + "\n\n",
    "empty_node": row(1) + "\n" + row("1.1", "e", "_", "_") + "\n" + row(2, "b", 1, "obj") + "\n\n",
    "only_empty_node": row("0.1", "e", "_") + "\n\n",
    "comments_between_and_after": "# a\n# b\n" + sentence(2, ()) + "# c\n" + sentence(1, ()) + "# end\n",
    "comment_only_block": "# a\n\n" + sentence(2),
    "hash_row_inside_sentence": row(1) + "\n#\t\t\t\t\t\t\t\t\t\n\n",
    "crlf": sentence(3).replace("\n", "\r\n"),
    "cr_only": sentence(3).replace("\n", "\r"),
    "two_blank_lines": sentence(2) + "\n" + sentence(2),
    "no_final_blank_line": sentence(2)[:-1],
    "no_final_newline": sentence(2)[:-2],
    "trailing_text_not_comment": sentence(2) + "x\n",
    "trailing_comment_no_newline": sentence(2) + "# x",
    "nine_columns": row(1).rsplit("\t", 1)[0] + "\n\n",
    "eleven_columns": row(1) + "\t_\n\n",
    "cycle": row(1, "a", 2) + "\n" + row(2, "b", 1) + "\n" + row(3, "c", 0) + "\n\n",
    "self_loop": row(1, "a", 1) + "\n" + row(2, "b", 0) + "\n\n",
    "two_roots": row(1, "a", 0) + "\n" + row(2, "b", 0) + "\n\n",
    "no_root": row(1, "a", 2) + "\n" + row(2, "b", 1) + "\n\n",
    "head_outside": row(1, "a", 0) + "\n" + row(2, "b", 3) + "\n\n",
    "head_negative": row(1, "a", 0) + "\n" + row(2, "b", -1) + "\n\n",
    "head_text": row(1, "a", 0) + "\n" + row(2, "b", "x") + "\n\n",
    "head_empty": row(1, "a", 0) + "\n" + row(2, "b", "") + "\n\n",
    "head_plus": row(1, "a", 0) + "\n" + row(2, "b", "+1") + "\n\n",
    "head_spaces": row(1, "a", 0) + "\n" + row(2, "b", " 1 ") + "\n\n",
    "head_leading_zero": row(1, "a", 0) + "\n" + row(2, "b", "01") + "\n\n",
    "head_arabic_digit": row(1, "a", 0) + "\n" + row(2, "b", "\u0661") + "\n\n",
    "head_huge": row(1, "a", 0) + "\n" + row(2, "b", "9" * 30) + "\n\n",
    "id_leading_zero": row("01") + "\n" + row("02", "b", 1) + "\n\n",
    "id_wrong": row(1) + "\n" + row(3, "b", 1) + "\n\n",
    "id_many_zeros": row("0000000001") + "\n\n",
    "id_text": row("x") + "\n\n",
    "id_empty": row("") + "\n\n",
    "empty_form": row(1, "") + "\n\n",
    "form_with_space": row(1, "a b") + "\n" + row(2, "c", 1, "obj") + "\n\n",
    "form_only_ideographic_space": row(1, "\u3000") + "\n\n",
    "form_with_nbsp_and_mwt": "1-2\ta\u00a0b\t_\t_\t_\t_\t_\t_\t_\t_\n" + row(1, "a\u00a0", 0) + "\n" + row(2, "b", 1) + "\n\n",
    "form_with_tab_like_space": row(1, "a\u2003b") + "\n\n",
    "two_byte_chars": row(1, "\u0436\u0443\u043a") + "\n" + row(2, "\u0436", 1, "case") + "\n\n",
    "four_byte_chars": row(1, "\U0001F600x", 0, "root", "Case=\U0001F600") + "\n\n",
    "bom": "\ufeff" + sentence(2),
    "empty": "",
    "only_comments": "# a\n# b\n",
    "long_sentence_994": sentence(994, ()),
    "long_sentence_995": sentence(995, ()),
    "many_rows_empty_nodes": "\n".join([row(1)] + [row(f"1.{k}", "e", "_") for k in range(1, 700)]) + "\n\n",
}


@pytest.mark.parametrize("name", sorted(ODD))
def test_odd_inputs(name, monkeypatch):
    same(ODD[name], monkeypatch, first_line=3)


def test_random_damage(monkeypatch):
    """A small file with multiword tokens and empty nodes, damaged at random places: the
    kernel and the twin agree on every result and every refusal."""
    base = (ODD["multiword"] + "# c\n" + ODD["empty_node"] + sentence(4)
            + ODD["form_with_nbsp_and_mwt"])
    rng = random.Random(18)
    alphabet = "\t\n#-.0123 _a\u00a0\u0436"
    for _ in range(400):
        text = list(base)
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(text))
            action = rng.random()
            if action < 0.4:
                del text[k]
            elif action < 0.8:
                text.insert(k, rng.choice(alphabet))
            else:
                text[k] = rng.choice(alphabet)
        same("".join(text), monkeypatch)


def test_the_reader_asks_the_kernel(monkeypatch):
    """`load_conllu_text` goes through the kernel when it is there (not only the tests)."""
    calls = []

    class Spy:
        @staticmethod
        def layout(text, first_line, class_of):
            calls.append(first_line)
            return KERNEL.layout(text, first_line, class_of)

    monkeypatch.delenv(compiled.SWITCH, raising=False)
    monkeypatch.setattr(compiled, "conll18_kernel", lambda: Spy)
    tb = read.load_conllu_text(sentence(2), "f.conllu", first_line=4)
    assert calls == [4] and tb.sent_line == [5] and tb.deprel == ["root", "nmod"]
