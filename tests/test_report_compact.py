"""Issue 34, the last cell: `tcompare report` on a PTB file of 10^6 empty lines took 21 s and
1.36 GB (a `SentenceResult` per blank sentence, a record kept per blank line, every pair
scored in Python).  The report now keeps compact rows (`export.report_rows.ReportRows`:
each distinct result once) and reads the corpora by iterating; these tests hold

* that the compact rows give exactly what the plain list of results gave -- every row, the
  summary, the figures, the lengths, what EVALB left out, the worst sentences -- computed
  here the plain way, sentence by sentence, on normal and hostile small files;
* that blank lines cost neither a result nor a record per line (memory, traced);
* the cell itself, through `tools/robustness.py` (slow).
"""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from conftest import RESOURCES, ROOT, anchor
from tcompare import formats
from tcompare.export import report_data
from tcompare.export.report_rows import ReportRows, left_out_of
from tcompare.model.corpus import Records
from tcompare.scoring import profiles, runs
from tcompare.scoring.alignment import SentencePair
from tcompare.scoring.base import counted, unscored_result, uncounted
from tcompare.scoring.batch import slim, slim_results, slim_templates
from tcompare.scoring.left_out import LeftOut
from tcompare.scoring.pairing import score_pair, sentence_length

pytestmark = pytest.mark.issue(34)

DEMO = RESOURCES / "demo"
TREES = (DEMO / "ptb" / "gold.mrg").read_text().splitlines()
SYSTEM = (DEMO / "ptb" / "system.mrg").read_text().splitlines()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def _blanks(tmp_path: Path) -> tuple[Path, Path]:
    """Trees, blank lines alone and in runs (a run longer on one side than on the other,
    whitespace-only lines), a tree against a blank line and the other way round."""
    gold: list[str] = [""] * 40 + TREES[:3] + [""] * 20 + ["  \t"] * 30 + TREES[3:5]
    system: list[str] = [""] * 25 + [""] * 15 + SYSTEM[:3] + [""] * 50 + SYSTEM[3:5]
    gold += [TREES[5], "", TREES[6], ""] + [""] * 100 + [TREES[7]]
    system += ["", SYSTEM[5], SYSTEM[6], ""] + [""] * 100 + [SYSTEM[7]]
    return _write(tmp_path / "g.mrg", gold), _write(tmp_path / "s.mrg", system)


def _broken(tmp_path: Path) -> tuple[Path, Path]:
    """Unreadable system lines (alike: one broken tree repeated) until EVALB stops, then
    blank runs; the gold file longer."""
    gold = TREES[:4] * 5 + [""] * 60 + TREES[:2]
    system = [SYSTEM[0], "(S (NN x"] * 10 + [""] * 60
    return _write(tmp_path / "g.mrg", gold), _write(tmp_path / "s.mrg", system)


def _longer_system(tmp_path: Path) -> tuple[Path, Path]:
    return (_write(tmp_path / "g.mrg", TREES[:3] + [""] * 30),
            _write(tmp_path / "s.mrg", SYSTEM[:3] + [""] * 40 + SYSTEM[:2]))


def _demo(notation: str):
    files = {"ptb": ("ptb/gold.mrg", "ptb/system.mrg"), "conll": ("conll/demo.gold.conll",
                                                                 "conll/demo.system.conll")}[notation]
    return lambda tmp_path: (DEMO / files[0], DEMO / files[1])


CASES = {"demo-ptb": (_demo("ptb"), "evalb"), "blanks": (_blanks, "evalb"),
         "blanks-spmrl": (_blanks, "evalb_spmrl"), "broken": (_broken, "evalb"),
         "longer-system": (_longer_system, "evalb"), "demo-conll": (_demo("conll"), "conllx")}


def _plain_rows(gold, system, profile, config) -> list:
    """The rows the report had before compact rows: every position scored on its own, those
    past EVALB's stop (or past the shorter file) unscored."""
    n, size = min(len(gold), len(system)), max(len(gold), len(system))
    results = [slim(score_pair(gold, system, i, profile, config)) for i in range(size)]
    max_error = runs.max_error_of(profile, config)
    stop = runs.evalb_stop((runs.messages_of(r) for r in results[:n]), max_error) \
        if max_error is not None else None
    stop = n if stop is None else stop
    for k in range(stop, size):
        pair = SentencePair((k,) if k < len(gold) else (), (k,) if k < len(system) else (),
                            "same" if k < n else "missing" if k < len(gold) else "extra")
        results[k] = unscored_result(k + 1 if k < len(gold) else 0, pair.to_json(),
                                     "past the reference program's stop")
    return results


def _plain_length(gold, result) -> int:
    length = report_data.result_length(result)
    i = result.index - 1
    if length or not 0 <= i < len(gold) or gold[i].error is not None:
        return length
    return sentence_length(gold[i].item)


def _read(path: Path, profile_name: str):
    return formats.read_file(str(path), "ptb" if profile_name.startswith("evalb") else None)


@pytest.mark.parametrize("case", sorted(CASES))
def test_compact_rows_give_what_the_plain_results_gave(tmp_path, case):
    make, profile_name = CASES[case]
    gold_path, system_path = make(tmp_path)
    profile = profiles.get(profile_name)
    config = profile.prepare(None)
    gold, system = _read(gold_path, profile_name), _read(system_path, profile_name)
    (rows, lengths), rule = report_data.scored_rows(gold, system, profile, config, jobs=1)
    assert rule == "position" and isinstance(rows, ReportRows)

    plain_gold, plain_system = _read(gold_path, profile_name), _read(system_path, profile_name)
    plain = _plain_rows(plain_gold, plain_system, profile, config)
    assert [r.to_json() for r in rows] == [r.to_json() for r in plain]
    assert len(rows) == len(plain)
    key = report_data.sentence_figure(profile, report_data.main_figure(profile))
    assert rows.figures(key) == [r.scores.get(key) for r in plain]
    assert [n for n, r in zip(lengths, plain) if not uncounted(r)] == \
        [_plain_length(plain_gold, r) for r in plain if not uncounted(r)]

    summary = profile.aggregate(counted(rows.alike()), config)
    expected = profile.aggregate(counted(plain), config)
    assert summary.to_json() == expected.to_json()
    tally = LeftOut(profile, config)
    for result in plain:
        tally.add(result, plain_gold)
    assert left_out_of(rows, gold, profile, config).json(summary) == tally.json(expected)
    assert sum(n for t, n in zip(rows.templates, rows.multiplicity()) if t.valid) == \
        sum(1 for r in plain if r.valid)
    assert report_data.worst_positions(rows, key, 4) == report_data.worst_positions(plain, key, 4)
    main = report_data.main_figure(profile)
    assert report_data.by_length(rows.alike(), lengths, profile, config, main) == \
        report_data.by_length(plain, [_plain_length(plain_gold, r) for r in plain], profile,
                              config, main)
    assert rows.numbered_in_order() == (
        [r.index for r in plain] == list(range(1, len(plain) + 1)))


def test_the_report_on_those_files_is_written_and_names_what_was_left_out(tmp_path):
    gold, system = _broken(tmp_path)
    data = report_data.build_report(str(gold), [str(system)], fmt="ptb", jobs=1)
    left = data.systems[0].left_out
    unscored = left["unscored_sentences"]
    assert unscored[0] == 2 and unscored[-1] == 82        # the first broken one ... gold's tail
    assert unscored[-72:] == list(range(11, 83))          # EVALB stopped at its 11th error
    assert left["unscored_gold_items"] > 0
    assert data.systems[0].sentences == 82 and data.systems[0].valid == 1


def test_alike_pairs_are_scored_once(monkeypatch):
    text = "\n" * 3000 + "\n".join(TREES) + "\n" + "\n" * 3000
    gold, system = (formats.get("ptb").parse(text, name) for name in ("g", "s"))
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    templates, which = slim_templates(gold, system, profile, config, 0, len(gold))
    assert len(which) == len(gold) == 6008
    assert len(templates) == 1 + len(TREES)          # one blank pair, eight trees
    assert [r.to_json() for r in slim_results(gold, system, profile, config, 0, len(gold))] == \
        [slim(score_pair(gold, system, i, profile, config)).to_json() for i in range(len(gold))]


def test_blank_lines_cost_no_result_and_no_record_each():
    # 200,000 blank lines: before, 200,000 results and records kept (about 250 MB)
    text = "\n" * 100_000 + "\n".join(TREES) + "\n" + "\n" * 100_000
    gold, system = (formats.get("ptb").parse(text, name) for name in ("g", "s"))
    profile = profiles.get("evalb")
    config = profile.prepare(None)
    tracemalloc.start()
    try:
        (rows, lengths), _ = report_data.scored_rows(gold, system, profile, config, jobs=1)
        summary = profile.aggregate(counted(rows.alike()), config)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(rows) == 200_008 and summary.metrics["skip_sentences"] == 200_000
    assert peak < 16 * 1024 * 1024, f"{peak / 1e6:.0f} MB"
    assert isinstance(gold.records, Records)
    assert sum(1 for _ in gold.records.made()) == len(TREES)      # no blank record kept


def test_a_stretch_is_a_run_not_asked_for():
    text = "\n" * 40 + TREES[0] + "\n" + "\n" * 30
    corpus = formats.get("ptb").parse(text, "x")
    corpus[45]                                             # asked for: kept, its own stretch
    stretches = [(r.index, r.line, r.source, n) for r, n in corpus.stretches(0, len(corpus))]
    assert stretches == [(1, 1, "\n", 40), (41, 41, TREES[0] + "\n", 1), (42, 42, "\n", 4),
                         (46, 46, "\n", 1), (47, 47, "\n", 25)]
    assert [(r.index, r.line) for r in corpus.between(38, 43)] == \
        [(k, k) for k in range(39, 44)]
    assert sum(1 for _ in corpus.records.made()) == 2      # the tree and sentence 46


def test_spmrl_report_figures_are_evalb_spmrls(tmp_path):
    # the report scored evalb_spmrl's one-line trees with EVALB's kernel: F1 87.04, where
    # evalb_spmrl (and `score --profile evalb_spmrl`) says 86.00
    gold = anchor("evalb", "probes", "probes.gld")
    system = anchor("evalb", "probes", "probes.tst")
    data = report_data.build_report(str(gold), [str(system)], "evalb_spmrl", fmt="ptb", jobs=1)
    rsl = anchor("evalb", "spmrl", "probes.spmrl_variant.spmrl.rsl").read_text()
    f1 = float(rsl.split("-- All --")[1].split("Bracketing FMeasure       =")[1].split()[0])
    assert f1 == 86.00
    assert round(data.systems[0].summary.metrics["fmeasure"], 2) == f1


@pytest.mark.slow
def test_the_cell_runs_within_its_limits():
    # `tcompare report` on PTB with 10^6 empty lines: 21 s and 1.36 GB before (15 s, 300 MB)
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "robustness.py"), "-n", "ptb",
                           "-k", "empty-lines", "-c", "report", "-v"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 cells, 1 pass, 0 fail" in done.stdout


@pytest.mark.parametrize("notation", ["pku", "tct", "sinica"])
def test_rows_paired_by_text_keep_no_tree(notation):
    """A profile that pairs sentences by text: the report's rows are the run's, slimmed,
    and no tree of either corpus stays in memory (40k sentences: 380 MB -> 216 MB)."""
    folder = RESOURCES / "demo" / notation
    gold_path, system_path = sorted(folder.glob("gold.*"))[0], sorted(folder.glob("system.*"))[0]
    profile = profiles.get(profiles.default_for(notation))
    config = profile.prepare(None)
    gold, system = formats.read_file(str(gold_path)), formats.read_file(str(system_path))
    (rows, lengths), rule = report_data.scored_rows(gold, system, profile, config, jobs=1)
    assert rule == "text"
    assert not any(record.parsed for corpus in (gold, system) for record in corpus.records)
    plain_gold, plain_system = formats.read_file(str(gold_path)), formats.read_file(str(system_path))
    plain = runs.run(profile, plain_gold, plain_system, config)
    assert [r.to_json() for r in rows] == [slim(r).to_json() for r in plain.results]
    assert lengths == [report_data.gold_length(plain_gold, slim(r)) for r in plain.results]
