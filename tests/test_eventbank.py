"""Event bank reader and Task 2-1 event recognition (seed 000 §3-§4)."""

from conftest import RESOURCES
from tcompare import formats
from tcompare.formats import eventbank
from tcompare.scoring import profiles
from tcompare.scoring.zh.eventbank import judge, lexical_heads

GOLD = RESOURCES / "eventbank" / "gold.tct"
SYSTEM = RESOURCES / "eventbank" / "system.tct"
EVENTS = RESOURCES / "eventbank" / "events.txt"


def test_reader_parts():
    bank = eventbank.read_file(EVENTS)
    assert bank.errors == [] and len(bank) == 5
    first, second, third, fourth = bank.for_sentence(1)
    assert [(c.role, c.tag, c.target) for c in first.chunks] == [
        ("D", "sp", False), ("S", "np", False), ("D", "dp", False), ("P", "vp", True), ("O", "np", False)]
    assert first.words[1].form == "，" and first.words[1].pos == "wP"   # context word, no chunk
    o_chunk = first.chunks[-1]
    assert [first.words[h].form for h in o_chunk.heads] == ["树木", "木材"]
    assert [c.target for c in (first, second, third, fourth)] == ["看到", "砍伐", "建", "砍伐"]
    assert third.span == (1, 3)          # 为/p before the chunks is context
    (only,) = bank.for_sentence(2)
    assert only.offset == 2 and only.line == 9


def test_reader_errors_name_line_and_column():
    text = "# c\n1\t[D-sp 沿途/s-@ ] [X-np 我们/rNP ]\n2 no tab\n3\t[P-vp-Tgt 看/v\n"
    bank = eventbank.parse(text, "ev.txt")
    assert len(bank) == 0
    assert [(e.line, e.column) for e in bank.errors] == [(2, 19), (3, 1), (4, 3)]  # 19: the "X" of X-np
    assert "bad chunk label" in bank.errors[0].message and "unclosed" in bank.errors[2].message


def test_lexical_heads_follow_head_positions_down():
    tree = formats.read_file(GOLD)[0].item
    np_coord = [n for n in tree.nodes() if n.label.raw == "np-0-2"][0]
    assert sorted(tree.tokens[i].form for i in lexical_heads(np_coord)) == ["木材", "树木"]


def test_conditions_on_the_example_pair():
    """Construction 1 fails condition 1 (看到 tagged vC); construction 3 fails condition 1 (房
    tagged nS); construction 4 holds (房 is not a head word of its multi-word D-pp chunk);
    construction 2 holds; sentence 2's construction 他 写 fails condition 2 (lowest common node
    of 他 and 写 is the root 我说他写字, which shares no boundary with 他写)."""
    gold, system = formats.read_file(GOLD), formats.read_file(SYSTEM)
    bank = eventbank.read_file(EVENTS)
    v1 = judge(bank.for_sentence(1), gold[0].item, system[0].item)
    assert [v.correct for v in v1] == [False, True, False, True]
    assert "POS" in v1[0].reason and "POS" in v1[2].reason
    (v2,) = judge(bank.for_sentence(2), gold[1].item, system[1].item)
    assert not v2.correct and "common ancestor" in v2.reason and (v2.start, v2.end) == (2, 4)
    (g2,) = judge(bank.for_sentence(2), gold[1].item, gold[1].item)
    assert g2.correct


def test_micro_and_macro_recall():
    """Micro-R = 2 correct / 5 gold = 40.00.  Target verbs: 看到 0/1, 砍伐 2/2, 建 0/1, 写 0/1,
    Macro-R = (0 + 1 + 0 + 0) / 4 = 25.00.  Gold against itself: 100 / 100."""
    profile = profiles.get("parseval2010")
    config = profile.prepare({"events": str(EVENTS)})
    gold, system = formats.read_file(GOLD), formats.read_file(SYSTEM)
    results = [profile.score(g.item, s.item, config, i + 1) for i, (g, s) in enumerate(zip(gold, system))]
    metrics = profile.aggregate(results, config).metrics
    assert (metrics["Micro_R"], metrics["Macro_R"]) == (40.0, 25.0)
    events = [i for i in results[0].gold_items if i.kind == "event"]
    assert [i.verdict.value for i in events] == ["missing", "match", "missing", "match"]
    results = [profile.score(g.item, g.item, config, i + 1) for i, g in enumerate(gold)]
    metrics = profile.aggregate(results, config).metrics
    assert (metrics["Micro_R"], metrics["Macro_R"]) == (100.0, 100.0)
    # an unreadable system sentence recognises none of its constructions
    results[1] = profile.score_error(2, "system: broken")
    metrics = profile.aggregate(results, config).metrics
    assert metrics["Micro_R"] == 80.0 and metrics["Macro_R"] == 75.0


def test_bad_event_bank_is_reported_not_raised(tmp_path):
    profile = profiles.get("parseval2010")
    config = profile.prepare({"events": str(tmp_path / "missing.txt")})
    gold = formats.read_file(GOLD)
    summary = profile.aggregate([profile.score(gold[0].item, gold[0].item, config, 1)], config)
    assert any("cannot open event bank" in note for note in summary.notes)
