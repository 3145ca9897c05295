"""`tcompare report --interactive`: the sentence browser in one HTML file (issue 32, item 2).

* every row's status, figure and counts equal `tcompare score --output json`'s sentence
  (run as the command), the summary its summary;
* the drawing codes decode to the gold and system files' words and tags, and their
  verdict letters are the scorer's item verdicts of `score --output json`, ref by ref;
* the page carries no reference outside itself; its one script is allowed by its hash;
* in headless Chromium (DevTools protocol): no console error, no network request; ``#s=N``
  and the keyboard reach a sentence and draw it; the running figures over a filtered set
  equal the profile's own aggregate of those sentences; Chinese switches the texts;
* WSJ23 x 17 (41,072 sentences, slow): sentence 40,000 by link and by keyboard.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import browser
from conftest import RESOURCES, anchor
from tcompare.cli import main as cli_main
from tcompare.export.interactive_codes import esc, unesc

DEMO = RESOURCES / "demo"
CASES = {
    "ptb": (DEMO / "ptb/gold.mrg", [DEMO / "ptb/system.mrg", DEMO / "ptb/gold.mrg"]),
    "tct": (DEMO / "tct/gold.tct", [DEMO / "tct/system.tct"]),
    "sinica": (DEMO / "sinica/gold.sinica", [DEMO / "sinica/system.sinica"]),
    "conllu": (DEMO / "conll/demo.gold.conllu", [DEMO / "conll/demo.system.conllu"]),
    "conll": (DEMO / "conll/demo.gold.conll", [DEMO / "conll/demo.system.conll"]),
}
STATUS = {"valid": "v", "error": "e", "skip": "s", "no_parse": "n", "missing": "m", "extra": "x"}
VERDICT = {"match": "m", "label_only": "l", "missing": "x", "extra": "e", "crossing": "c",
           "wrong_pos": "p", "wrong_head": "h", "wrong_label": "r", "wrong_both": "b", "ignored": "i"}
needs_browser = pytest.mark.skipif(not browser.available(),
                                   reason="headless Chromium or websocket-client not installed")


def status_letter(sentence: dict) -> str:
    """A JSON sentence's status as the page writes it ("u": never read by the program)."""
    if sentence["status"] == "error" and sentence.get("message", "").startswith("not scored:"):
        return "u"
    return STATUS[sentence["status"]]


def blocks(html: str) -> dict[str, object]:
    found = re.findall(r"<script type='application/json' id='([^']+)'>(.*?)</script>", html, re.S)
    return {k: json.loads(v) for k, v in found}


def write(tmp_path: Path, gold: Path, systems: list[Path], *extra: str, name: str = "i.html") -> str:
    target = tmp_path / name
    assert cli_main(["report", "--interactive", str(gold), *map(str, systems), "-o", str(target),
                     *extra]) == 0
    return target.read_text(encoding="utf-8")


def score_json(gold: Path, system: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "tcompare", "score", str(gold), str(system),
                           "--output", "json"], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def tree_parts(code: str) -> tuple[list[str], list[str], list[str]]:
    """Phrase labels (preorder), tags and words of a constituency code."""
    labels, tags, words = [], [], []
    tokens = code.split(" ") if code else []
    k = 0
    while k < len(tokens):
        tok = tokens[k]
        if tok.startswith("("):
            labels.append(unesc(tok[1:]))
        elif tok.startswith("/"):
            tags.append(unesc(tok[1:]))
            words.append(unesc(tokens[k + 1]))
            k += 1
        k += 1
    return labels, tags, words


def expected_letters(items: list[dict], kind: str, n: int) -> str:
    first: dict[int, dict] = {}
    for item in items:
        if item["kind"] == kind and item["ref"] >= 0:
            first.setdefault(item["ref"], item)
    out = ""
    for ref in range(n):
        item = first.get(ref)
        if item is None:
            out += "-"
            continue
        letter = VERDICT[item["verdict"]]
        out += letter.upper() if item.get("crossing") and letter != "c" else letter
    return out


def test_escaping_round_trips():
    for text in ["", " ", "a b", "\\", "(", ")x", "/", "x/y", "\\s", "(NP", "中 文", "\\z", "a\\"]:
        token = esc(text)
        assert " " not in token and token and unesc(token) == text
        assert token[0] not in "()/" or token[0] == "\\"


@pytest.mark.parametrize("case", sorted(CASES))
def test_rows_and_summary_equal_score_json(tmp_path, case):
    gold, systems = CASES[case]
    data = blocks(write(tmp_path, gold, systems))
    meta = data["tc-meta"]
    for k, system in enumerate(systems):
        reference = score_json(gold, system)
        shown = data["tcompare-data"]["systems"][k]
        assert shown["summary"] == reference["summary"] and shown["flags"] == reference["flags"]
        assert meta["systems"][k]["summary"] == reference["summary"]
        rows = data[f"tc-rows-{k}"]
        sentences = reference["sentences"]
        assert len(rows["st"]) == len(sentences)
        key = meta["key"]
        for row, sentence in enumerate(sentences):
            assert rows["st"][row] == status_letter(sentence), (row, sentence["status"])
            figure = rows["f"][row]
            if sentence["status"] == "valid" and key in sentence["scores"]:
                assert figure == pytest.approx(round(sentence["scores"][key], 2), abs=1e-9)
            for count_key, column in rows["cnt"].items():
                assert column[row] == sentence["counts"].get(count_key, 0)
            assert rows["g"][row] == (sentence["pair"]["gold"] or [0])[0]
        # F8 and the "with errors" filter: the profile's own disagreement, row by row
        from tcompare.scoring import profiles
        from tcompare.scoring.base import SentenceResult, Status

        profile = profiles.get(reference["profile"])
        for row, sentence in enumerate(sentences):
            scores = dict(sentence["scores"])     # (the JSON writes 0/0 as 0 and flags it)
            scores.update((f[:-4], None) for f in sentence.get("flags", []) if f.endswith(":0/0"))
            result = SentenceResult(index=sentence["index"], status=Status(sentence["status"]),
                                    scores=scores)
            assert rows["d"][row] == ("1" if profile.disagrees(result) else "0")


@pytest.mark.parametrize("case", ["ptb", "tct", "sinica"])
def test_tree_codes_carry_the_files_words_and_the_scorers_verdicts(tmp_path, case):
    from tcompare import formats
    from tcompare.layout.tree_layout import pos_text

    gold, systems = CASES[case]
    data = blocks(write(tmp_path, gold, systems[:1]))
    g, s = formats.read_file(str(gold)), formats.read_file(str(systems[0]))
    reference = score_json(gold, systems[0])["sentences"]
    draw = data["tc-draw-0"]
    checked = 0
    for row, sentence in enumerate(reference):
        gi, si = sentence["pair"]["gold"], sentence["pair"]["system"]
        if len(gi) != 1 or len(si) != 1:
            continue
        gold_tree, system_tree = g[gi[0] - 1].item, s[si[0] - 1].item
        g_labels, g_tags, g_words = tree_parts(data["tc-gold"][gi[0] - 1])
        s_labels, s_tags, s_words = tree_parts(draw["t"][row])
        # the POS row shows what the window shows (Sinica: the role in front, "Head:VC")
        assert g_words == gold_tree.words and g_tags == [pos_text(t) for t in gold_tree.tokens]
        assert all(tag.endswith(t.pos) for tag, t in zip(g_tags, gold_tree.tokens))
        assert s_words == system_tree.words and len(s_labels) == len(system_tree.nodes())
        if sentence["status"] != "valid":
            continue
        for side, labels, words, letters in (("gold", g_labels, g_words, draw["gv"][row]),
                                             ("system", s_labels, s_words, draw["sv"][row])):
            nodes, tags = letters.split("|")
            items = sentence[f"{side}_items"]
            assert nodes == expected_letters(items, "bracket", len(labels))
            assert tags == expected_letters(items, "tag", len(words))
            checked += 1
    assert checked >= 2


def test_dependency_codes_carry_the_arcs_and_verdicts(tmp_path):
    gold, systems = CASES["conllu"]
    data = blocks(write(tmp_path, gold, systems))
    reference = score_json(gold, systems[0])["sentences"]
    lines = [line.split("\t") for line in gold.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#") and line.split("\t")[0].isdigit()]
    decoded = [t for code in data["tc-gold"] for t in zip(*[iter(code.split(" "))] * 4)]
    assert [(unesc(f), unesc(h), unesc(r)) for f, _p, h, r in decoded] == \
        [(cols[1], cols[6], cols[7]) for cols in lines]
    for row, sentence in enumerate(reference):
        n = len(data["tc-gold"][row].split(" ")) // 4
        assert data["tc-draw-0"]["gv"][row] == "|" + expected_letters(sentence["gold_items"], "arc", n)
    assert "advmod" in data["tc-rows-0"]["el"][0].split(" ")     # sentence 1's head error


def test_sentences_paired_by_text_keep_their_numbers(tmp_path):
    # a system file without its second sentence: conllu pairs by text, so gold sentence 2
    # is a missing row, and the others keep their gold numbers (the #s=N of the links)
    gold, systems = CASES["conllu"]
    blocks_of = systems[0].read_text(encoding="utf-8").strip("\n").split("\n\n")
    dropped = tmp_path / "dropped.conllu"
    dropped.write_text("\n\n".join(blocks_of[:1] + blocks_of[2:]) + "\n\n", encoding="utf-8")
    data = blocks(write(tmp_path, gold, [dropped]))
    rows = data["tc-rows-0"]
    reference = score_json(gold, dropped)
    assert rows["st"] == "".join(status_letter(s) for s in reference["sentences"])
    assert "m" in rows["st"] and rows["g"] == [(s["pair"]["gold"] or [0])[0] for s in reference["sentences"]]
    assert rows["s"] == [(s["pair"]["system"] or [0])[0] for s in reference["sentences"]]
    missing = rows["st"].index("m")
    assert data["tc-draw-0"]["gv"][missing] == "" and data["tc-draw-0"]["t"][missing] == ""
    assert data["tc-meta"]["systems"][0]["summary"] == reference["summary"]


@pytest.mark.parametrize("cut", ["shorter", "longer"])
def test_files_of_other_lengths_keep_the_json_rows(tmp_path, cut):
    # EVALB pairs line by line: a system with a sentence less or one more
    gold, systems = CASES["ptb"]
    lines = systems[0].read_text().splitlines(keepends=True)
    other = tmp_path / f"{cut}.mrg"
    other.write_text("".join(lines[:3] + lines[4:] if cut == "shorter" else lines + lines[:1]))
    data = blocks(write(tmp_path, gold, [other]))
    reference = score_json(gold, other)
    rows = data["tc-rows-0"]
    assert rows["st"] == "".join(status_letter(x) for x in reference["sentences"])
    assert rows["g"] == [(x["pair"]["gold"] or [0])[0] for x in reference["sentences"]]
    assert rows["s"] == [(x["pair"]["system"] or [0])[0] for x in reference["sentences"]]
    assert data["tc-meta"]["systems"][0]["summary"] == reference["summary"]


def test_rows_past_evalbs_stop_are_shown_and_never_counted(tmp_path):
    # 12 sentences whose words differ (EVALB: "length unmatch" errors) after 2 good ones:
    # it stops after its 11th error (MAX_ERROR 10); the rows after are "past stop", counted
    # nowhere
    gold, system = tmp_path / "g.mrg", tmp_path / "s.mrg"
    good, bad = "(TOP (S (NP (NN a)) (VP (VB b))))\n", "(TOP (S (NP (NN a)) (VP (VB b) (NN c))))\n"
    gold.write_text(good * 18)
    system.write_text(good * 2 + bad * 12 + good * 4)
    data = blocks(write(tmp_path, gold, [system]))
    reference = score_json(gold, system)
    rows = data["tc-rows-0"]
    assert rows["st"] == "".join(status_letter(s) for s in reference["sentences"])
    assert rows["st"].startswith("vve") and rows["st"].endswith("uuuu")
    assert rows["c"] == "".join("0" if x == "u" else "1" for x in rows["st"])
    assert data["tc-meta"]["systems"][0]["summary"] == reference["summary"]


def test_the_page_refers_to_nothing_outside_and_allows_one_script(tmp_path):
    html = write(tmp_path, *CASES["sinica"])
    policy = re.search(r"content=\"(default-src 'none';[^\"]*)\"", html).group(1)
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in policy and "unsafe-eval" not in policy
    for pattern in (r"\bsrc=", r"<link\b", r"@import", r"url\(", r"https?://(?!www\.w3\.org/2000/svg)",
                    r"\bfetch\(", r"XMLHttpRequest", r"\beval\("):
        assert not re.search(pattern, html), pattern


def test_written_in_chunks_and_a_failure_halfway_keeps_the_previous_file(tmp_path):
    from tcompare.atomic_file import atomic_write
    from tcompare.export.interactive_data import build_interactive
    from tcompare.export.interactive_html import render, render_chunks

    gold, systems = CASES["ptb"]
    data = build_interactive(str(gold), [str(p) for p in systems])
    chunks = list(render_chunks(data))
    assert len(chunks) > 4 and b"".join(chunks).decode("utf-8") == render(data)
    target = tmp_path / "page.html"
    atomic_write(target, iter(chunks))
    assert target.read_bytes() == b"".join(chunks)

    def broken():
        yield chunks[0]
        raise RuntimeError("halfway")

    with pytest.raises(RuntimeError):
        atomic_write(target, broken())
    assert target.read_bytes() == b"".join(chunks) and sorted(tmp_path.iterdir()) == [target]


def test_bad_input_is_a_message(tmp_path, capsys):
    gold, systems = CASES["ptb"]
    target = tmp_path / "r.html"
    assert cli_main(["report", "--interactive", str(gold), str(tmp_path / "nope.mrg"),
                     "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tcompare report: ") and "nope.mrg" in err and not target.exists()


# -- in a real browser ----------------------------------------------------------------------

def running_values(page: browser.Page) -> dict[str, float | None]:
    found = page.evaluate("Array.from(document.querySelectorAll('#running .fig')).map("
                          "e => [e.dataset.key, e.dataset.value])")
    return {k: (float(v) if v else None) for k, v in found}


@needs_browser
def test_browser_links_keys_filters_and_running_figures(tmp_path):
    from tcompare import formats
    from tcompare.scoring import profiles
    from tcompare.scoring.pairing import score_pair

    gold, systems = CASES["ptb"]
    target = tmp_path / "ptb.html"
    write(tmp_path, gold, systems, name="ptb.html")
    with browser.Page(target, fragment="#s=3") as page:
        page.wait_for("document.body.dataset.ready")
        assert page.evaluate("document.body.dataset.selected") == "3"
        assert page.evaluate("document.querySelector('#detail svg g.v-match') !== null")
        page.key("ArrowDown", key_code=40)
        assert page.evaluate("document.body.dataset.selected") == "4"
        assert page.evaluate("location.hash") == "#s=4"
        page.key("F8", key_code=119)                       # next sentence with errors: 6
        assert page.evaluate("document.body.dataset.selected") == "6"
        page.key("Home", key_code=36)
        assert page.evaluate("document.body.dataset.selected") == "1"
        page.go("#s=8&sys=2")                              # the second system: gold vs gold
        page.wait_for("document.body.dataset.selected === '8' && "
                      "document.getElementById('sys').value === '1'")
        assert page.evaluate("document.querySelectorAll('#detail svg g.v-label_only').length") == 0
        # the other system's figure on that sentence, with its link
        assert page.evaluate("document.querySelector('#detail .others').textContent").endswith(
            "system.mrg 100.00")
        page.evaluate("(() => {const s = document.getElementById('sys'); s.value = '0';"
                      "s.dispatchEvent(new Event('change'));})()")
        # filter: figure from 0 to 90 -> sentences 2, 3, 6 of system 1
        page.evaluate("(() => {const f = document.getElementById('fmax'); f.value = '90';"
                      "f.dispatchEvent(new Event('input'));})()")
        page.wait_for("document.getElementById('running').dataset.shown === '3'")
        shown = running_values(page)
        profile = profiles.get("evalb")
        config = profile.prepare(None)
        g, s = formats.read_file(str(gold)), formats.read_file(str(systems[0]))
        subset = [score_pair(g, s, i, profile, config) for i in (1, 2, 5)]
        assert [r.scores["fmeasure"] <= 90 for r in subset] == [True, True, True]
        expected = profile.aggregate(subset, config).metrics
        for key in ("recall", "precision", "fmeasure", "tagging_accuracy"):
            assert shown[key] == pytest.approx(expected[key], abs=1e-9)
        # the label filter and the text search narrow the rows; Chinese switches the texts
        page.evaluate("(() => {for (const id of ['fmax']) {const f = document.getElementById(id);"
                      "f.value = ''; f.dispatchEvent(new Event('input'));}})()")
        page.wait_for("document.getElementById('running').dataset.shown === '8'")
        # sorted by the figure: the worst sentence (3: 75.00) first; again: the best first
        page.evaluate("document.querySelector('#head [data-sort=f]').click()")
        assert page.evaluate("document.querySelector('#rowsin .row').dataset.row") == "2"
        page.evaluate("document.querySelector('#head [data-sort=f]').click()")
        assert page.evaluate("document.querySelector('#rowsin .row').dataset.row") == "0"
        page.evaluate("document.querySelector('#head [data-sort=n]').click()")
        page.evaluate("(() => {const s = document.getElementById('label'); s.value = 'ADJP';"
                      "s.dispatchEvent(new Event('change'));})()")
        assert page.evaluate("document.getElementById('running').dataset.shown") == "2"
        page.key("/", key_code=191)
        page.evaluate("(() => {const s = document.getElementById('search'); s.value = 'happy';"
                      "s.dispatchEvent(new Event('input'));})()")
        page.wait_for("document.getElementById('running').dataset.shown === '1'")
        page.evaluate("document.getElementById('lang').click()")
        assert page.evaluate("document.documentElement.lang") == "zh-CN"
        assert "累计得分" in page.evaluate("document.getElementById('running').textContent")
        page.evaluate("document.getElementById('lang').click()")      # then Traditional
        assert page.evaluate("document.documentElement.lang") == "zh-TW"
        assert "累計得分" in page.evaluate("document.getElementById('running').textContent")
        page.evaluate("document.getElementById('lang').click()")      # and English again
        assert page.evaluate("document.getElementById('lang').textContent") == "简体中文"
        check = page.check()
    assert check.errors == [] and check.requests == []


@needs_browser
def test_served_by_a_static_web_server(tmp_path):
    import functools
    import http.server
    import threading

    write(tmp_path, *CASES["tct"], name="served.html")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None          # (quiet)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/served.html"
        with browser.Page(url, fragment="#s=4") as page:
            page.wait_for("document.body.dataset.ready")
            assert page.evaluate("document.body.dataset.selected") == "4"
            assert page.evaluate("!!document.querySelector('#detail svg g.v-label_only')")
            check = page.check()
    finally:
        server.shutdown()
        server.server_close()
    assert check.errors == [] and check.requests == []


@needs_browser
def test_markup_in_the_words_stays_words(tmp_path):
    # "<!--" then "<script" in a script element would keep "</script>" from closing it
    odd = "(TOP (S (SYM <!--) (SYM <script>) (SYM </script>) (NN x&amp;) (SYM -->)))"
    gold = tmp_path / "odd.mrg"
    gold.write_text(odd + "\n(TOP (S (NN plain)))\n")
    html = write(tmp_path, gold, [gold], name="odd.html")
    assert "<!--" not in html and html.count("</script>") == html.count("<script")
    with browser.Page(tmp_path / "odd.html", fragment="#s=1") as page:
        page.wait_for("document.body.dataset.ready")
        words = page.evaluate("document.querySelector('#detail .words').textContent")
        assert words == "<!-- <script> </script> x&amp; -->"
        assert page.evaluate("document.querySelectorAll('.row').length") == 2
        check = page.check()
    assert check.errors == [] and check.requests == []


@needs_browser
def test_browser_lists_but_does_not_draw_a_pair_too_big(tmp_path):
    # 2,100 words across, then 600 levels down: listed and scored, not drawn (as `export`
    # refuses them: export.limits), the page still answers
    wide = "(TOP (S " + " ".join(f"(NN w{k})" for k in range(2100)) + "))"
    deep = "(TOP " + "(X " * 600 + "(NN deep)" + ")" * 600 + ")"
    small = "(TOP (S (NP (DT a) (NN b)) (VP (VBZ c))))"
    gold = tmp_path / "big.mrg"
    gold.write_text("\n".join([wide, deep, small]) + "\n")
    target = tmp_path / "big.html"
    write(tmp_path, gold, [gold], name=target.name)
    with browser.Page(target, fragment="#s=1") as page:
        page.wait_for("document.body.dataset.ready")
        note = page.evaluate("document.getElementById('detail').textContent")
        assert "not drawn: 2100 words" in note and page.evaluate("!document.querySelector('#detail svg')")
        page.key("ArrowDown", key_code=40)
        assert "601 levels" in page.evaluate("document.getElementById('detail').textContent")
        page.key("ArrowDown", key_code=40)
        assert page.evaluate("!!document.querySelector('#detail svg g.v-match')")
        check = page.check()
    assert check.errors == [] and check.requests == []


@needs_browser
@pytest.mark.slow
def test_browser_dependency_and_chinese_pages(tmp_path):
    for case, fragment in (("conllu", "#s=2"), ("tct", "#s=3&lang=zh")):
        gold, systems = CASES[case]
        target = tmp_path / f"{case}.html"
        write(tmp_path, gold, systems, name=target.name)
        with browser.Page(target, fragment=fragment) as page:
            page.wait_for("document.body.dataset.ready")
            assert page.evaluate("document.body.dataset.selected") == fragment[3]
            assert page.evaluate("document.querySelectorAll('#detail svg g').length") > 3
            (tmp_path / f"{case}.png").write_bytes(page.screenshot())
            check = page.check()
        assert check.errors == [] and check.requests == []


@needs_browser
@pytest.mark.anchors
@pytest.mark.slow
@pytest.mark.heavy      # ~40 s: `make test-all`, and timed in benchmarks/bench_interactive.py
def test_wsj23_times_17_reaches_sentence_40000(tmp_path):
    source = anchor("evalb", "real", "wsj23_berkeley", "23.gold")
    gold, system = tmp_path / "big.gld", tmp_path / "big.tst"
    gold.write_bytes(source.read_bytes() * 17)
    system.write_bytes((source.parent / "23.sys_berkeley").read_bytes() * 17)
    html = write(tmp_path, gold, [system], name="big.html")
    assert len(blocks(html)["tc-rows-0"]["st"]) == 41_072
    with browser.Page(tmp_path / "big.html", fragment="#s=40000") as page:
        page.wait_for("document.body.dataset.ready")
        assert page.evaluate("document.body.dataset.selected") == "40000"
        assert page.evaluate("document.querySelector('#detail h3').textContent").endswith("40000")
        # the running figures over every row are the summary's (EVALB's stop included)
        summary = blocks(html)["tcompare-data"]["systems"][0]["summary"]
        shown = running_values(page)
        for key in ("recall", "precision", "fmeasure", "tagging_accuracy"):
            assert shown[key] == pytest.approx(summary[key], abs=1e-9)
        assert page.evaluate("document.querySelector('#detail svg') !== null")
        page.key("Home", key_code=36)
        page.key("g", key_code=71)
        for digit in "40000":
            page.key(digit, key_code=48 + int(digit))
        page.key("Enter", key_code=13)
        assert page.evaluate("document.body.dataset.selected") == "40000"
        assert page.evaluate("location.hash") == "#s=40000"
        page.key("ArrowDown", key_code=40)
        assert page.evaluate("document.body.dataset.selected") == "40001"
        check = page.check()
    assert check.errors == [] and check.requests == []
