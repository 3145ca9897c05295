"""The compiled kernel of the Chinese profiles (`tcompare.scoring.zh._kernel`, driven by
`tcompare.scoring.zh.stream`) against the tree path, its oracle: the text report of random
and real pairs, of every demo pair and of the Sinica anchor is byte for byte the one the
usual path (whole files read, one Tree per sentence) writes -- with the kernel, and with the
fallback forced (TCOMPARE_PURE_PYTHON=1: every sentence through the tree path in blocks).
Odd sentences (other words, no-parse lines, syntax errors, blank lines, uneven files, bytes
that are not UTF-8) come out the same too, whether the kernel hands them to the tree path
or the run gives up and reads the files the usual way."""

from __future__ import annotations

import importlib.util
import io
import random
from array import array

import pytest

from conftest import ANCHORS, RESOURCES
from tcompare import compiled
from tcompare.cli import generic
from tcompare.scoring import profiles
from tcompare.scoring.zh import stream as zhbatch

BUILT = importlib.util.find_spec("tcompare.scoring.zh._kernel") is not None
needs_kernel = pytest.mark.skipif(not BUILT or compiled.pure_python(),
                                  reason="compiled kernel not built, or TCOMPARE_PURE_PYTHON=1")

DEMO = [("parseval2010", "tct/gold.tct", "tct/system.tct", []),
        ("parseval2012", "tct2012/gold.psg", "tct2012/system.psg", []),
        ("parseval2012", "tct2012/gold.psg", "tct2012/system.psg", ["--grammar", "ccg"]),
        ("parseval2012", "tct2012/gold_ccg.psg", "tct2012/system_ccg.psg", []),
        ("parseval2012", "tct2012/gold_ccg.psg", "tct2012/system_ccg.psg", ["--grammar", "psg"]),
        ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", []),
        ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", ["--task", "srl"]),
        ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica", ["--simplify"])]


def _run(profile, gold, system, argv=()):
    out, err = io.StringIO(), io.StringIO()
    status = generic.main([str(gold), str(system), *argv], profile, out, err)
    return status, out.getvalue(), err.getvalue()


def _three_ways(monkeypatch, profile, gold, system, argv=()):
    """(usual path, batch path with the kernel, batch path forced to the tree path)."""
    with monkeypatch.context() as m:
        m.setattr(generic, "batch_text", lambda *a: None)
        usual = _run(profile, gold, system, argv)
    fast = _run(profile, gold, system, argv)
    with monkeypatch.context() as m:
        m.setenv("TCOMPARE_PURE_PYTHON", "1")
        pure = _run(profile, gold, system, argv)
    return usual, fast, pure


def _same(monkeypatch, profile, gold, system, argv=()):
    usual, fast, pure = _three_ways(monkeypatch, profile, gold, system, argv)
    assert fast == usual
    assert pure == usual
    return usual


# -- random sentences in the three notations ---------------------------------------------------

CHARS = "我们看书他写字画小王在公园里跑步妈妈买了新包的树下到溪邊去釣魚上一則廣告ab1/"
TCT_TAGS = ["dj", "vp", "np", "fj", "zj", "ap", "pp", "sp", "mp", "dlc", "jq", "tp"]
TCT_POS = ["n", "v", "rN", "wE", "a", "d", "p", "uJDE", "、", "-NONE-"]
GRS = ["", "", "", "ZW", "PO", "LW", "LH", "LS", "RT", "XX", "BL", "SB"]
CCG = ["S{decl}", "NP", "S\\NP", "[S\\NP]/NP", "S{Cmb=LW}\\NP", "NP/NP", "S{Cmb=LS}"]
SINICA_LABELS = ["S", "VP", "NP", "GP", "PP", "XP", "V‧的", "N"]
ROLES = ["agent", "theme", "Head", "head", "DUMMY", "goal", "time", ""]
SINICA_POS = ["Nhaa", "VC31", "P61", "Dbaa", "Caa", "Nab", "DE", "Ncd", "V_11", "Nh", "VC"]


def _words(rng, n):
    words = []
    for _ in range(n):
        form = "".join(rng.choice(CHARS) for _ in range(rng.choice([1, 1, 2, 3])))
        words.append(form)
    return words


def _tree(rng, lo, hi, depth=0):
    """A random bracketing of words lo..hi-1: ("node", [children]) / ("word", k)."""
    if hi - lo == 1 and (depth > 0 and rng.random() < 0.7):
        return ("word", lo)
    if hi - lo == 1:
        return ("node", [("word", lo)])
    cuts = sorted(rng.sample(range(lo + 1, hi), min(hi - lo - 1, rng.choice([1, 1, 2, 3]))))
    bounds = [lo, *cuts, hi]
    kids = [_tree(rng, a, b, depth + 1) for a, b in zip(bounds, bounds[1:])]
    if rng.random() < 0.1:
        kids = [("node", kids)]                        # a unary chain
    return ("node", kids)


def _tct(rng, tree, words, tags, root=True):
    kind, body = tree
    if kind == "word":
        mark = "-@" if rng.random() < 0.1 else ""
        return f"{words[body]}/{tags[body]}{mark}"
    label = rng.choice(TCT_TAGS)
    r = rng.random()
    if r < 0.5:
        label += "-" + "-".join(str(h) for h in sorted(rng.sample(range(len(body) + 1),
                                                               rng.choice([1, 1, 2]))))
    elif r < 0.6:
        label += "-" + rng.choice(GRS[3:])
    elif r < 0.63:
        label = "P-" + label + "-Tgt"
    elif r < 0.65:
        label += "-40"
    return "[" + label + " " + " ".join(_tct(rng, c, words, tags, False) for c in body) + " ]"


def _tct2012(rng, tree, words, tags, ccg, root=True):
    kind, body = tree
    if kind == "word":
        return f"({tags[body]} {words[body]})"
    if ccg:
        label = "S{decl}" if root and rng.random() < 0.7 else rng.choice(CCG)
    else:
        label = rng.choice(TCT_TAGS)
        gr = rng.choice(GRS)
        if gr:
            label += "-" + gr
        elif rng.random() < 0.2:
            label += "-1"
    return "(" + label + " " + " ".join(_tct2012(rng, c, words, tags, ccg, False)
                                        for c in body) + " )"


def _sinica(rng, tree, words, tags, root=True):
    kind, body = tree
    role = rng.choice(ROLES)
    if kind == "word":
        return f"{role}:{tags[body]}:{words[body]}" if role else f"{tags[body]}:{words[body]}"
    label = rng.choice(SINICA_LABELS) if not root else rng.choice(["S", "VP", "NP"])
    head = "" if root or not role else role + ":"
    return head + label + "(" + "|".join(_sinica(rng, c, words, tags, False) for c in body) + ")"


def _merge_words(rng, words, tags):
    """Two neighbouring words written as one (the same characters, other words)."""
    if len(words) < 2:
        return words, tags
    k = rng.randrange(len(words) - 1)
    return (words[:k] + [words[k] + words[k + 1]] + words[k + 2:],
            tags[:k] + [tags[k]] + tags[k + 2:])


def _pair(rng, notation, ccg=False):
    n = rng.randint(1, 30)
    words = _words(rng, n)
    pos = TCT_POS if notation != "sinica" else SINICA_POS
    gtags = [rng.choice(pos[:-1]) if rng.random() < 0.997 else pos[-1] for _ in words]
    stags = [t if rng.random() < 0.85 else rng.choice(pos[:-1]) for t in gtags]
    swords = words
    if rng.random() < 0.08:
        swords, stags = _merge_words(rng, words, stags)
    gtree = _tree(rng, 0, len(words))
    stree = gtree if swords is words and rng.random() < 0.3 else _tree(rng, 0, len(swords))
    if notation == "tct":
        return _tct(rng, gtree, words, gtags), _tct(rng, stree, swords, stags)
    if notation == "tct2012":
        return (_tct2012(rng, gtree, words, gtags, ccg), _tct2012(rng, stree, swords, stags, ccg))
    g, s = _sinica(rng, gtree, words, gtags), _sinica(rng, stree, swords, stags)
    if rng.random() < 0.3:
        g, s = f"#1:1.[{n}] {g}#。(PERIODCATEGORY)", f"#1:1.[{n}] {s}#"
    return g, s


def _files(tmp_path, rng, notation, n, ccg=False, crlf=False):
    ext = {"tct": ".tct", "tct2012": ".psg", "sinica": ".sinica"}[notation]
    pairs = [_pair(rng, notation, ccg) for _ in range(n)]
    end = "\r\n" if crlf else "\n"
    gold, system = tmp_path / ("gold" + ext), tmp_path / ("system" + ext)
    gold.write_bytes("".join(g + end for g, _ in pairs).encode("utf-8"))
    system.write_bytes("".join(s + end for _, s in pairs).encode("utf-8"))
    return gold, system


RANDOM = [("parseval2010", "tct", False, []),
          ("parseval2012", "tct2012", False, []),
          ("parseval2012", "tct2012", True, []),
          ("parseval2012", "tct2012", True, ["--grammar", "psg"]),
          ("sighan2012", "sinica", False, []),
          ("sighan2012", "sinica", False, ["--task", "srl"]),
          ("sighan2012", "sinica", False, ["--simplify"])]


@pytest.mark.parametrize("profile,gold,system,argv", DEMO,
                         ids=[f"{d[1]}{''.join(d[3])}" for d in DEMO])
def test_demo_pairs(monkeypatch, profile, gold, system, argv):
    demo = RESOURCES / "demo"
    status, out, _ = _same(monkeypatch, profile, demo / gold, demo / system, argv)
    assert status == 0 and out
    _same(monkeypatch, profile, demo / gold, demo / system, [*argv, "--summary-only"])
    _same(monkeypatch, profile, demo / gold, demo / gold, argv)


@pytest.mark.parametrize("profile,notation,ccg,argv", RANDOM,
                         ids=[f"{r[0]}-{r[1]}{'-ccg' if r[2] else ''}{''.join(r[3])}" for r in RANDOM])
@pytest.mark.parametrize("seed", range(3))
def test_random_pairs(monkeypatch, tmp_path, profile, notation, ccg, argv, seed):
    rng = random.Random(seed * 100 + len(argv))
    gold, system = _files(tmp_path, rng, notation, 600, ccg, crlf=seed == 2)
    _same(monkeypatch, profile, gold, system, argv)


@needs_kernel
@pytest.mark.parametrize("profile,notation,ccg,argv", RANDOM[:5],
                         ids=[f"{r[0]}-{r[1]}{'-ccg' if r[2] else ''}" for r in RANDOM[:5]])
def test_random_pairs_mostly_compiled(tmp_path, profile, notation, ccg, argv):
    """The random pairs exercise the kernel itself: most are counted there, not handed on."""
    gold, system = _files(tmp_path, random.Random(7), notation, 400, ccg)
    p = profiles.get(profile)
    kernel = zhbatch.kernel_for(profile, p.prepare({}))
    raw, _ = kernel.score_block(gold.read_bytes(), system.read_bytes(), 400)
    stats = array("i")
    stats.frombytes(raw)
    width = len(zhbatch.KINDS[profile][2]) + 1
    statuses = [stats[k * width] for k in range(400)]
    assert statuses.count(zhbatch.OK) > 300
    assert statuses.count(zhbatch.BLANK) == 0


ODD_EDITS = {
    "blank system line": lambda lines: lines[:3] + ["\n"] + lines[4:],
    "system line dropped": lambda lines: lines[:3] + lines[4:],
    "extra gold line": lambda lines: lines + [lines[0]],
    "syntax error": lambda lines: lines[:2] + [lines[2].replace("]", "", 1).replace(")", "", 1)]
                                  + lines[3:],
    "other characters": lambda lines: lines[:1] + [lines[1].replace("我", "你", 1)] + lines[2:],
    "no parse": lambda lines: lines[:1] + ["[]\n" if lines[1].startswith("[")
                                           else "()\n" if lines[1].startswith("(")
                                           else "S()\n"] + lines[2:],
    "trailing blank lines": lambda lines: lines + ["\n", "\n"],
    "glued sentence": lambda lines: lines[:1] + [lines[1].replace(" ", "")] + lines[2:],
    "ideographic space": lambda lines: lines[:1] + [lines[1].replace(" ", "\u3000", 1)] + lines[2:],
}


@pytest.mark.parametrize("edit", list(ODD_EDITS))
@pytest.mark.parametrize("profile,notation", [("parseval2010", "tct"), ("parseval2012", "tct2012"),
                                              ("sighan2012", "sinica")])
def test_odd_sentences(monkeypatch, tmp_path, profile, notation, edit):
    gold, system = _files(tmp_path, random.Random(3), notation, 120)
    lines = system.read_text("utf-8").splitlines(keepends=True)
    target = gold if edit == "extra gold line" else system
    source = gold.read_text("utf-8").splitlines(keepends=True) if target is gold else lines
    target.write_text("".join(ODD_EDITS[edit](source)), "utf-8")
    _same(monkeypatch, profile, gold, system)


@pytest.mark.parametrize("profile,notation", [("parseval2010", "tct"), ("sighan2012", "sinica")])
def test_not_utf8(monkeypatch, tmp_path, profile, notation):
    gold, system = _files(tmp_path, random.Random(4), notation, 50)
    system.write_bytes(system.read_text("utf-8").encode("gb18030"))
    _same(monkeypatch, profile, gold, system)


def test_every_sentence_odd_fails_as_before(monkeypatch, tmp_path):
    gold, system = _files(tmp_path, random.Random(5), "tct", 20)
    merged = [line.replace(" ", "", 1) for line in gold.read_text("utf-8").splitlines(True)]
    system.write_text("".join(merged), "utf-8")
    _same(monkeypatch, "parseval2010", gold, system)


@pytest.mark.anchors
@pytest.mark.slow
@pytest.mark.parametrize("argv", [[], pytest.param(["--task", "srl"], marks=pytest.mark.heavy),
                                  pytest.param(["--simplify"], marks=pytest.mark.heavy)])
def test_sinica_anchor(monkeypatch, tmp_path, argv):
    parsed = ANCHORS / "sinica" / "parsed"
    if not parsed.exists():
        pytest.skip("anchors not available")
    lines = parsed.read_text("utf-8").splitlines(keepends=True)
    rng = random.Random(11)
    system = []
    for line in lines:                               # relabel, re-role and re-tag a few
        if rng.random() < 0.3:
            line = line.replace("NP(", "VP(", 1).replace("theme:", "agent:", 1)
        if rng.random() < 0.2:
            line = line.replace("Nab:", "Nac:", 1)
        system.append(line)
    gold_path, system_path = tmp_path / "gold.sinica", tmp_path / "system.sinica"
    gold_path.write_text("".join(lines), "utf-8", newline="")
    system_path.write_text("".join(system), "utf-8", newline="")
    _same(monkeypatch, "sighan2012", gold_path, system_path, argv)


def test_fallback_forced(monkeypatch):
    monkeypatch.setenv("TCOMPARE_PURE_PYTHON", "1")
    assert zhbatch.kernel_name() == "python"
    assert zhbatch.kernel_for("parseval2010", {}) is None


@needs_kernel
def test_kernel_used_when_built(monkeypatch):
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    assert zhbatch.kernel_name() == "compiled"


def test_batch_path_taken_for_plain_files(monkeypatch):
    """`tcompare score` of plain one-per-line files takes the streamed path (no Corpus)."""
    from tcompare import formats

    def refuse(*_a, **_k):
        raise AssertionError("the files were read whole")

    monkeypatch.setattr(formats, "read_file", refuse)
    demo = RESOURCES / "demo"
    status, out, _ = _run("parseval2010", demo / "tct/gold.tct", demo / "tct/system.tct")
    assert status == 0 and "Task 2-2" in out


CORNERS = {
    "parseval2010": ("tct", [
        ("[zj-0 [dj-1 我们/rNP [vp-0 看/v 书/n ] ] 。/wE ]",
         "[zj-0 [dj-1 我们/rNP [vp-40 看/v 书/n ] ] 。/wE ]"),          # a head past the children
        ("[zj [dj-ZW 我/rN-@ [vp-PO 看/v-@ 书/n ] ] 。/wE ]",
         "[zj [dj-ZW 我/rN [vp-PO 看/v-@ 书/n-@ ] ] 。/wE ]"),           # head words, no positions
        ("[zj-0 [np-DZ我/rN 哥/n ] 。/wE ]", "[zj-0 [np-DZ 我/rN 哥/n ] 。/wE ]"),  # a word glued to the label
        ("[zj-0 [P-vp-Tgt 1/2/m 、/、 ] ]", "[zj-0 [D-sp 1/2/m 、/、 ] ]"),       # roles, slashes
        ("[zj-0 [dj-12345678901 我/rN ] ]", "[zj-0 [dj-1 我/rN ] ]"),            # a head too long
        ("  [zj-0 [dj-1 我/rN ] ]  ", "[zj-0[dj-1 我/rN]]"),
    ]),
    "parseval2012": ("tct2012", [
        ("(zj (dj (rN 他) (v 来) ) (wE 。) )", "(zj (dj (rN 他) (v-1234567890 来) ) (wE 。) )"),
        ("(zj (dj (rN 他) (v 来) ) (wE。) )", "(zj (dj (rN 他) (v 来) ) (wE 。) )"),
        ("(zj-XX (dj-LH (rN 他) (v 来) ) (wE 。) )", "(zj (dj-LH-ZW (rN 他) (v 来) ) (wE 。) )"),
        ("( (zj (rN 他) (v 来) ) )", "(zj (rN 他) (v 来) )"),
        ("(S{decl} (NP 他) (S\\NP 来) )", "(S (NP 他) (S{Cmb=LW}\\NP 来) )"),
    ]),
    "sighan2012": ("sinica", [
        ("#1:1.[1] S(agent:NP(Nh:他)|Head:VC:刊登)#。(PERIODCATEGORY)",
         " #1:1.[1] S(agent:NP(Nh:他)|Head:VC:刊登)#"),
        ("S( agent : NP ( Nh : 他 ) | Head:VC:刊登 )", "S(agent:NP(Nh:他)|Head:VC:刊登)"),
        ("S(theme:NP(head:Head:Nac:鵝掌形)|Head:VC:刊登)", "S(theme:NP(Head:Nac:鵝掌形)|Head:VC:刊登)"),
        ("S(theme:NP(Nh:#1)|Head:VC:刊登)", "S(theme:NP(Nh:#1)|Head:VC:刊登)"),
        ("S(NP(Nh:他)|VC:刊登)", "VP(x:NP(Nh:他)|VC:刊登)"),
    ]),
}


@pytest.mark.parametrize("profile,argv", [("parseval2010", []), ("parseval2012", []),
                                          ("parseval2012", ["--grammar", "ccg"]),
                                          ("sighan2012", []), ("sighan2012", ["--task", "srl"])])
def test_corner_cases(monkeypatch, tmp_path, profile, argv):
    notation, pairs = CORNERS[profile]
    ext = {"tct": ".tct", "tct2012": ".psg", "sinica": ".sinica"}[notation]
    rng = random.Random(9)
    filler = [_pair(rng, notation) for _ in range(40)]
    for k, pair in enumerate(pairs):             # each corner among plain sentences
        lines = filler[:20] + [pair] + filler[20:]
        gold, system = tmp_path / f"g{k}{ext}", tmp_path / f"s{k}{ext}"
        gold.write_text("".join(g + "\n" for g, _ in lines), "utf-8")
        system.write_text("".join(s + "\n" for _, s in lines), "utf-8")
        _same(monkeypatch, profile, gold, system, argv)


def test_kernel_not_built(monkeypatch):
    """No compiled module at all (no compiler at install time): the same report, through
    the tree path in blocks."""
    import sys

    demo = RESOURCES / "demo"
    want = _run("parseval2012", demo / "tct2012/gold.psg", demo / "tct2012/system.psg")
    import tcompare.scoring

    monkeypatch.setitem(sys.modules, "tcompare.scoring.zh._kernel", None)   # import fails
    monkeypatch.delattr(tcompare.scoring, "_zh_kernel", raising=False)
    monkeypatch.delenv("TCOMPARE_PURE_PYTHON", raising=False)
    assert compiled.zh_kernel() is None
    assert _run("parseval2012", demo / "tct2012/gold.psg", demo / "tct2012/system.psg") == want


# -- sentence by sentence: the kernel's counts are the tree path's ------------------------------

NOISE = [" ", "  ", "\t", "[", "]", "(", ")", "|", ":", "#", "/", "-@", "-", "0", "12", "a",
         "Z", "我", "\u3000", "\r", "\x0b", "S(", "np-", "{", "\\", "‧"]


def _mutated(rng, line):
    for _ in range(rng.choice([1, 1, 2])):
        k = rng.randrange(len(line) + 1)
        action = rng.random()
        if action < 0.4:
            line = line[:k] + rng.choice(NOISE) + line[k:]
        elif action < 0.7:
            line = line[:k] + line[k + 1:]
        else:
            line = line[:k] + rng.choice(NOISE) + line[k + 1:]
    return line.replace("\n", "")


def _tree_counts(profile, config, notation, gline, sline):
    from collections import Counter

    from tcompare import formats
    from tcompare.scoring.pairing import score_records, record_text

    corpora = [formats.read_text(line + "\n", notation, path)
               for line, path in ((gline, "g"), (sline, "s"))]
    if any(len(c.records) != 1 for c in corpora):
        return None
    g, s = corpora[0].records[0], corpora[1].records[0]
    if record_text(g) is None or record_text(g) != record_text(s):
        return None
    result = score_records(corpora[0], corpora[1], g, s, 1, profile, config)
    if not result.valid:
        return None
    return +Counter(result.counts)


@needs_kernel
@pytest.mark.parametrize("profile,notation,ccg,options", [
    ("parseval2010", "tct", False, {}), ("parseval2012", "tct2012", False, {}),
    ("parseval2012", "tct2012", True, {}), ("parseval2012", "tct2012", True, {"grammar": "psg"}),
    ("sighan2012", "sinica", False, {}), ("sighan2012", "sinica", False, {"task": "srl"}),
    ("sighan2012", "sinica", False, {"simplify": True})])
def test_counts_sentence_by_sentence(profile, notation, ccg, options):
    """Every pair the kernel counts (random, and with random noise in the brackets) has the
    counts `score` gives through the trees; a pair the trees refuse is never counted."""
    from collections import Counter

    p = profiles.get(profile)
    config = p.prepare(options)
    kernel = zhbatch.kernel_for(profile, config)
    _, _, keys, prefixes = zhbatch.KINDS[profile]
    rng = random.Random(21)
    counted = 0
    for k in range(1500):
        gline, sline = _pair(rng, notation, ccg)
        if k % 3 == 1:
            gline = sline = _mutated(rng, gline)
        elif k % 3 == 2:
            sline = _mutated(rng, sline)
        raw, keyed = kernel.score_block((gline + "\n").encode(), (sline + "\n").encode(), 1)
        stats = array("i")
        stats.frombytes(raw)
        want = _tree_counts(p, config, notation, gline, sline)
        if stats[0] != zhbatch.OK:
            continue
        got: Counter[str] = Counter({key: value for key, value in zip(keys, stats[1:])
                                     if key != "grammar"})
        for name, values in keyed.items():
            for prefix, value in zip(prefixes, values):
                got[prefix + name] += value
        assert want is not None, (gline, sline)
        assert +got == want, (gline, sline)
        counted += 1
    assert counted > 500


@pytest.mark.slow
@pytest.mark.parametrize("profile,notation", [pytest.param("parseval2012", "tct2012", marks=pytest.mark.heavy),
                                              ("sighan2012", "sinica")])
def test_byte_order_mark_and_big_files(monkeypatch, tmp_path, profile, notation):
    """A UTF-8 byte-order mark, and files past the 1 MB head the notation is sniffed from."""
    gold, system = _files(tmp_path, random.Random(6), notation, 4000)
    assert gold.stat().st_size > 1 << 20
    gold.write_bytes(b"\xef\xbb\xbf" + gold.read_bytes())
    _same(monkeypatch, profile, gold, system)
