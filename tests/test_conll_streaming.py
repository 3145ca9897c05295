"""The streaming ``-q``/``-b`` pass gives what the sentence-building path gives, on any input."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tcompare.scoring.conllx import report as R

FORMS = ["the", "dog", ".", ",", "%", "_", "他", "。", "$"]


@st.composite
def pair_texts(draw):
    def sentence(words, heads, rels, sep, eol):
        return "".join(sep.join([str(i + 1), w, "_", "X", "X", "_", h, r, "_", "_"]) + eol
                       for i, (w, h, r) in enumerate(zip(words, heads, rels)))
    n_sent = draw(st.integers(0, 4))
    sep = draw(st.sampled_from(["\t", " ", "\t\t"]))
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    gold, system = [], []
    for _ in range(n_sent):
        n = draw(st.integers(1, 5))
        words = draw(st.lists(st.sampled_from(FORMS), min_size=n, max_size=n))
        heads = [str(draw(st.integers(0, n))) for _ in range(n)]
        rels = draw(st.lists(st.sampled_from(["A", "B"]), min_size=n, max_size=n))
        sheads = [h if draw(st.booleans()) else str(draw(st.integers(0, n))) for h in heads]
        srels = [r if draw(st.booleans()) else "B" for r in rels]
        gold.append(sentence(words, heads, rels, sep, eol))
        system.append(sentence(words, sheads, srels, sep, eol))
    g = eol.join(gold) + (eol if draw(st.booleans()) else "")
    s = eol.join(system) + (eol if draw(st.booleans()) else "")
    if draw(st.booleans()) and s:                      # damage the structure sometimes
        lines = s.split("\n")
        del lines[draw(st.integers(0, len(lines) - 1))]
        s = "\n".join(lines)
    return g, s


def _slow(g, s, variant, evalb, score_punct):
    check = R.lockstep_check(g, s, variant, "s")
    check.warnings[:0] = [R.word_pos_warning(g, s)] if variant == "conll07" else []
    sentences = R.read_sentences(g, s)
    if not check.ok:
        sentences = sentences[:check.complete_sentences]
    tot, err_any, err_head, err_dep, rows = R.quick_counts(sentences, score_punct, False, evalb)
    out = R.B_HEADER + "".join(rows) if evalb else ""
    if not check.ok:
        return out, "".join(check.warnings) + check.stderr, 1
    if evalb:
        out += "\n\n"
    if tot == 0:
        return out, None, 1
    return out + R.summary_lines(tot, err_any, err_head, err_dep), "".join(check.warnings), 0


@settings(max_examples=300, deadline=None)
@given(pair_texts(), st.sampled_from(["conllx", "conll07"]), st.booleans(), st.booleans())
def test_streaming_pass_equals_sentence_path(texts, variant, evalb, score_punct):
    g, s = texts
    fast = R.quick_run(g, s, "s", variant=variant, evalb=evalb, score_punct=score_punct)
    out, err, status = _slow(g, s, variant, evalb, score_punct)
    assert (fast.stdout, fast.status) == (out, status)
    if err is not None:
        assert fast.stderr == err
