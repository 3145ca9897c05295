"""The Chinese profiles' text report through the batch path (pairing and scoring in forked
workers, each sentence parsed once, slim results) is the sentence-by-sentence path's, byte
for byte: on the demo pairs, on the real Sinica anchor, and on system files with sentences
dropped, duplicated, relabelled and re-segmented (so pairs shift, and some are not kept in
place)."""

import io
import random

import pytest

from conftest import ANCHORS, RESOURCES
from tcompare.cli import generic

DEMO = [("parseval2010", "tct/gold.tct", "tct/system.tct"),
        ("parseval2012", "tct2012/gold.psg", "tct2012/system.psg"),
        ("parseval2012", "tct2012/gold_ccg.psg", "tct2012/system_ccg.psg"),
        ("sighan2012", "sinica/gold.sinica", "sinica/system.sinica")]


def _report(profile, gold, system, argv=(), slim=True, monkeypatch=None):
    if not slim:
        monkeypatch.setattr(generic, "SLIM_TEXT", frozenset())
    out, err = io.StringIO(), io.StringIO()
    status = generic.main([str(gold), str(system), *argv], profile, out, err)
    if not slim:
        monkeypatch.undo()
    return status, out.getvalue(), err.getvalue()


def _perturbed(lines: list[str], rng: random.Random) -> list[str]:
    out = list(lines)
    for _ in range(3):
        k = rng.randrange(len(out))
        action = rng.choice(["drop", "dup", "relabel", "swap"])
        if action == "drop" and len(out) > 2:
            del out[k]
        elif action == "dup":
            out.insert(k, out[k])
        elif action == "relabel":
            out[k] = out[k].replace("np", "vp", 1).replace("NP", "VP", 1)
        elif len(out) > k + 1:
            out[k], out[k + 1] = out[k + 1], out[k]
    return out


def _same(monkeypatch, profile, gold, system, argv=()):
    want = _report(profile, gold, system, argv, slim=False, monkeypatch=monkeypatch)
    got = _report(profile, gold, system, argv)
    assert got == want
    return got


@pytest.mark.parametrize("profile,gold,system", DEMO, ids=[d[1] for d in DEMO])
def test_demo_pairs(monkeypatch, profile, gold, system):
    status, out, _ = _same(monkeypatch, profile, RESOURCES / "demo" / gold, RESOURCES / "demo" / system)
    assert status == 0 and out
    _same(monkeypatch, profile, RESOURCES / "demo" / gold, RESOURCES / "demo" / system, ["--summary-only"])


@pytest.mark.parametrize("profile,gold,system", DEMO, ids=[d[1] for d in DEMO])
@pytest.mark.parametrize("seed", range(4))
def test_shifted_and_changed_pairs(monkeypatch, tmp_path, profile, gold, system, seed):
    gold_path = RESOURCES / "demo" / gold
    lines = (RESOURCES / "demo" / system).read_text("utf-8").splitlines(keepends=True)
    # enough sentences that the workers take several blocks
    lines = lines * 120
    path = tmp_path / ("system" + system[system.rfind("."):])
    path.write_text("".join(_perturbed(lines, random.Random(seed))), "utf-8")
    big_gold = tmp_path / ("gold" + gold[gold.rfind("."):])
    big_gold.write_text(gold_path.read_text("utf-8") * 120, "utf-8")
    _same(monkeypatch, profile, big_gold, path)


@pytest.mark.anchors
@pytest.mark.slow
def test_real_sinica_anchor(monkeypatch, tmp_path):
    parsed = ANCHORS / "sinica" / "parsed"
    if not parsed.exists():
        pytest.skip("anchors not available")
    lines = parsed.read_text("utf-8").splitlines(keepends=True)[:3000]
    gold = tmp_path / "gold.sinica"
    gold.write_text("".join(lines), "utf-8")
    system = tmp_path / "system.sinica"
    system.write_text("".join(_perturbed(lines, random.Random(1))), "utf-8")
    _same(monkeypatch, "sighan2012", gold, gold)
    _same(monkeypatch, "sighan2012", gold, system)
