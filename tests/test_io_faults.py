"""Output that cannot be written, inputs that are not files, outputs others open (issue 34).

Every test runs the real command line in a subprocess (or the real writer), so what is
checked is what a user gets: the message, the exit code, the files left on disk.
"""

from __future__ import annotations

import csv
import io
import os
import resource
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tcompare.compiled import evalb_kernel

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "resources" / "demo"
PTB_GOLD, PTB_SYS = DEMO / "ptb" / "gold.mrg", DEMO / "ptb" / "system.mrg"
CONLL_GOLD, CONLL_SYS = DEMO / "conll" / "demo.gold.conll", DEMO / "conll" / "demo.system.conll"
CONLLU_GOLD, CONLLU_SYS = DEMO / "conll" / "demo.gold.conllu", DEMO / "conll" / "demo.system.conllu"
TCT_GOLD, TCT_SYS = DEMO / "tct" / "gold.tct", DEMO / "tct" / "system.tct"
COLLINS = ROOT / "resources" / "prm" / "COLLINS.prm"


def tcompare(*args, stdout=subprocess.PIPE, stdin=None, preexec=None, input=None, cwd=None,
             timeout=120):
    proc = subprocess.run([sys.executable, "-m", "tcompare", *map(str, args)], stdout=stdout,
                          stderr=subprocess.PIPE, stdin=stdin, input=input, cwd=cwd,
                          preexec_fn=preexec, timeout=timeout)
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
    return proc.returncode, stderr, proc.stdout


# -- standard output that cannot be written ---------------------------------------------------

COMMANDS = [
    ("score", PTB_GOLD, PTB_SYS),                                  # EVALB's batch path
    ("score", "-p", COLLINS, PTB_GOLD, PTB_SYS),
    ("score", "--output", "json", PTB_GOLD, PTB_SYS),
    ("score", "--output", "csv", PTB_GOLD, PTB_SYS),
    ("score", "--profile", "jp-evalb", PTB_GOLD, PTB_SYS),
    ("score", CONLL_GOLD, CONLL_SYS),
    ("score", "--output", "csv", CONLL_GOLD, CONLL_SYS),
    ("score", "--profile", "conllu", CONLLU_GOLD, CONLLU_SYS),
    ("score", TCT_GOLD, TCT_SYS),
    ("score", "--output", "json", TCT_GOLD, TCT_SYS),
    ("score", PTB_GOLD, PTB_SYS, PTB_SYS),
    ("convert", PTB_GOLD),
    ("convert", "--to", "conllu", CONLL_GOLD),
    ("stats", PTB_GOLD),
    ("errors", PTB_GOLD, PTB_SYS),
    ("confusion", PTB_GOLD, PTB_SYS),
    ("search", "NP", PTB_GOLD),
    ("table", PTB_GOLD, PTB_SYS),
    ("explain", PTB_GOLD, PTB_SYS),
    ("breakdown", PTB_GOLD, PTB_SYS),
    ("compare", PTB_GOLD, PTB_SYS, PTB_SYS, "--shuffles", "10"),
    ("export", PTB_GOLD, PTB_SYS, "--to", "latex"),
    ("export", PTB_GOLD, PTB_SYS, "--to", "dot"),
    ("--version",),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(map(str, a)).replace(str(DEMO), ""))
def test_stdout_on_a_full_device_says_so(args):
    with open("/dev/full", "wb") as full:
        code, err, _ = tcompare(*args, stdout=full)
    command = args[0] if not args[0].startswith("-") else ""
    assert code == 1, err
    assert f"tcompare{' ' + command if command else ''}: cannot write the output: " in err, err
    assert "No space left on device" in err


@pytest.mark.parametrize("args", COMMANDS[:3] + COMMANDS[11:14] + COMMANDS[15:18],
                         ids=lambda a: " ".join(map(str, a)).replace(str(DEMO), ""))
def test_stdout_closed_says_so(args):
    code, err, _ = tcompare(*args, stdout=None, preexec=lambda: os.close(1))
    assert code == 1, err
    assert f"tcompare {args[0]}: cannot write the output: " in err, err


def test_stdout_closed_is_no_error_when_nothing_goes_there(tmp_path):
    out = tmp_path / "out.mrg"
    code, err, _ = tcompare("convert", PTB_GOLD, "-o", out, stdout=None, preexec=lambda: os.close(1))
    assert code == 0, err
    assert out.read_bytes() == PTB_GOLD.read_bytes()


def test_report_with_full_stdout_still_writes_the_file_but_exits_1(tmp_path):
    out = tmp_path / "r.html"
    with open("/dev/full", "wb") as full:
        code, err, _ = tcompare("report", PTB_GOLD, PTB_SYS, "-o", out, "--trials", "10", stdout=full)
    assert code == 1 and "tcompare report: cannot write the output: " in err
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_broken_pipe_stays_quiet():
    # `tcompare score ... | head -1`: the reader leaving is not an error
    proc = subprocess.Popen([sys.executable, "-m", "tcompare", "score", "--output", "json",
                             PTB_GOLD, PTB_SYS], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 1) and "Traceback" not in err


# -- one atomic writer for every file we write ------------------------------------------------

def _file_size_limit(limit: int):
    """A process whose files cannot grow past `limit` bytes (EFBIG on the write that would):
    a full disk without root or a mount."""
    def limit_it():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_it


def _leftovers(folder: Path, keep: set[str]) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.mark.parametrize("args, name", [
    (("convert", PTB_GOLD, "-o"), "out.mrg"),
    (("convert", "--to", "conllu", CONLL_GOLD, "-o"), "out.conllu"),
    (("convert", "--prepare", "parseval2012-binarize", TCT_GOLD, "-o"), "out.tct"),
    (("export", PTB_GOLD, PTB_SYS, "--to", "latex", "-o"), "out.tex"),
    (("export", PTB_GOLD, PTB_SYS, "--to", "dot", "-o"), "out.dot"),
    (("export", PTB_GOLD, PTB_SYS, "--to", "svg", "-o"), "out.svg"),
    (("export", PTB_GOLD, PTB_SYS, "--to", "png", "-o"), "out.png"),
    (("export", PTB_GOLD, PTB_SYS, "--to", "pdf", "-o"), "out.pdf"),
    (("report", PTB_GOLD, PTB_SYS, "--trials", "10", "-o"), "out.html"),
    (("score", "--profile", "conllx", CONLL_GOLD, CONLL_SYS, "-o"), "out.txt"),
    (("score", "--profile", "evalb_spmrl", PTB_GOLD, PTB_SYS, "--status-file"), "status"),
], ids=lambda a: a if isinstance(a, str) else " ".join(map(str, a[:4])).replace(str(DEMO), ""))
def test_a_full_disk_keeps_the_previous_file(tmp_path, args, name):
    target = tmp_path / name
    previous = b"the previous file\n" * 3
    target.write_bytes(previous)
    code, err, _ = tcompare(*args, target, preexec=_file_size_limit(len(previous) + 1))
    assert code == 1, err
    assert f"cannot write {target}" in err and "File too large" in err, err
    assert target.read_bytes() == previous
    assert _leftovers(tmp_path, {name}) == []


def test_prepare_onto_its_own_input_keeps_it_on_a_full_disk(tmp_path):
    data = TCT_GOLD.read_bytes()
    target = tmp_path / "in.tct"
    target.write_bytes(data)
    code, err, _ = tcompare("convert", "--prepare", "parseval2012-binarize", target, "-o", target,
                            preexec=_file_size_limit(len(data) // 2))
    assert code == 1 and "cannot write" in err
    assert target.read_bytes() == data and _leftovers(tmp_path, {"in.tct"}) == []


def test_report_writes_through_no_fixed_temp_name(tmp_path):
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not ours\n")
    (tmp_path / "out.html.part").symlink_to(elsewhere)
    code, err, _ = tcompare("report", PTB_GOLD, PTB_SYS, "--trials", "10", "-o", tmp_path / "out.html")
    assert code == 0, err
    assert elsewhere.read_text() == "not ours\n"
    assert (tmp_path / "out.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_writes_keep_a_planted_symlink_at_the_temp_name_harmless(tmp_path, monkeypatch):
    from tcompare import atomic_file

    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    names = iter(["plantedx"] * 3 + ["freshone"])
    (tmp_path / ".out.txt.plantedx.tmp").symlink_to(victim)
    monkeypatch.setattr(atomic_file.tempfile, "_get_candidate_names", lambda: names)
    atomic_file.atomic_write(tmp_path / "out.txt", b"new\n")
    assert victim.read_text() == "keep\n" and (tmp_path / "out.txt").read_bytes() == b"new\n"


def test_temp_removed_on_ctrl_c(tmp_path, monkeypatch):
    from tcompare import atomic_file

    target = tmp_path / "out.txt"
    target.write_bytes(b"old\n")

    def interrupted(fd):
        raise KeyboardInterrupt
    monkeypatch.setattr(atomic_file.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_file.atomic_write(target, b"new\n")
    assert target.read_bytes() == b"old\n" and _leftovers(tmp_path, {"out.txt"}) == []


def test_disk_full_on_fsync_is_an_error(tmp_path, monkeypatch):
    from tcompare import atomic_file

    target = tmp_path / "out.txt"
    target.write_bytes(b"old\n")

    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic_file.os, "fsync", full)
    with pytest.raises(atomic_file.WriteError, match="No space left on device"):
        atomic_file.atomic_write(target, b"new\n")
    assert target.read_bytes() == b"old\n" and _leftovers(tmp_path, {"out.txt"}) == []


def test_a_killed_writers_temp_is_removed_by_the_next_write_only_if_ours(tmp_path):
    ours = tmp_path / ".out.mrg.k1ll3d_x.tmp"
    theirs = [tmp_path / ".out.mrgdata.json.tmp", tmp_path / ".out.mrg.someone.else.tmp",
              tmp_path / ".out1mrg.abcdefgh.tmp"]
    young = tmp_path / ".out.mrg.abcdefgh.tmp"
    for p in [ours, young, *theirs]:
        p.write_text("x")
    os.utime(ours, (1, 1))
    for p in theirs:
        os.utime(p, (1, 1))
    code, err, _ = tcompare("convert", PTB_GOLD, "-o", tmp_path / "out.mrg")
    assert code == 0, err
    assert not ours.exists() and young.exists() and all(p.exists() for p in theirs)


def test_gui_picture_export_is_atomic(tmp_path):
    pytest.importorskip("PySide6")
    # the window's writers (Qt painter into memory, every result checked, then the atomic
    # writer): a full disk keeps the previous picture and says why
    script = textwrap.dedent(f"""
        import os
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtWidgets import QApplication, QGraphicsScene
        from tcompare.gui.drawing.render import write_scene
        from tcompare.gui.drawing.scene_export import scene_svg
        app = QApplication([])
        scene = QGraphicsScene()
        scene.addText("gold 金 " * 40)
        writers = {{"png": lambda p: write_scene(scene, p, "png"),
                    "svg": lambda p: write_scene(scene, p, "svg", title="t"),
                    "pdf": lambda p: write_scene(scene, p, "pdf"),
                    "view-svg": lambda p: scene_svg(scene, p, "t")}}
        for name, write in writers.items():
            target = {str(tmp_path)!r} + "/pic." + name
            open(target, "wb").write(b"previous")
            try:
                write(target)
            except OSError as exc:
                print(name, "error", exc)
            print(name, open(target, "rb").read() == b"previous")
    """)
    names = ("png", "svg", "pdf", "view-svg")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          preexec_fn=_file_size_limit(100), timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stdout.splitlines()
    for name in names:
        assert f"{name} True" in lines, proc.stdout
        assert any(line.startswith(f"{name} error") and "File too large" in line for line in lines), proc.stdout
    assert _leftovers(tmp_path, {f"pic.{n}" for n in names}) == []
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.stdout.split() == [w for n in names for w in (n, "False")], proc.stderr
    assert (tmp_path / "pic.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "pic.pdf").read_bytes().startswith(b"%PDF") and b"%%EOF" in (tmp_path / "pic.pdf").read_bytes()[-10:]
    assert b"<svg" in (tmp_path / "pic.svg").read_bytes() and b"</svg>" in (tmp_path / "pic.view-svg").read_bytes()


# -- inputs that are not files ----------------------------------------------------------------

def test_a_directory_is_refused_like_a_missing_file(tmp_path):
    code_missing, err_missing, _ = tcompare("score", PTB_GOLD, tmp_path / "nothing.mrg")
    for args in (("score", PTB_GOLD, tmp_path), ("score", tmp_path, PTB_GOLD),
                 ("score", "--output", "json", PTB_GOLD, tmp_path), ("stats", tmp_path),
                 ("convert", tmp_path), ("errors", PTB_GOLD, tmp_path),
                 ("score", CONLL_GOLD, tmp_path), ("score", "--profile", "conll18", CONLLU_GOLD, tmp_path)):
        code, err, _ = tcompare(*args)
        assert code == code_missing == 1, (args, err)
        assert str(tmp_path) in err and "is a directory" in err.lower(), (args, err)


@pytest.mark.parametrize("args", [
    ("score", "/dev/zero", PTB_GOLD), ("score", PTB_GOLD, "/dev/zero"),
    ("score", "--output", "json", PTB_GOLD, "/dev/zero"), ("score", "-p", "/dev/zero", PTB_GOLD, PTB_SYS),
    ("stats", "/dev/zero"), ("convert", "/dev/zero"), ("search", "NP", "/dev/zero"),
    ("score", "--profile", "conllx", CONLL_GOLD, "/dev/zero"),
    ("score", "--profile", "conll18", CONLLU_GOLD, "/dev/zero"),
    ("score", "--profile", "evalb_spmrl", PTB_GOLD, "/dev/zero"),
    ("score", "--profile", "evalb_spmrl", "-p", "/dev/zero", PTB_GOLD, PTB_GOLD),
    ("score", "--profile", "jp-evalb", PTB_GOLD, "/dev/zero"),
    ("score", "--profile", "parseval2010", TCT_GOLD, "/dev/zero"),
])
def test_a_device_is_refused(args):
    code, err, _ = tcompare(*args, timeout=30)
    assert code in (1, 2) and "/dev/zero" in err and "not a regular file" in err, err


@pytest.mark.parametrize("args", [("stats", "-"), ("score", "-", PTB_GOLD),
                                  ("score", "--output", "json", PTB_GOLD, "-"), ("convert", "-")])
def test_an_endless_line_on_a_pipe_is_refused(args):
    zeros = subprocess.Popen(["head", "-c", str(200 << 20), "/dev/zero"], stdout=subprocess.PIPE)
    code, err, _ = tcompare(*args, stdin=zeros.stdout, timeout=60)
    zeros.stdout.close()
    zeros.kill()
    zeros.wait()
    assert code == 1, err
    assert "-:1: a line longer than 64 MiB" in err or "-: cannot open file: line 1 is longer than 64 MiB" in err, err


# -- a file that changes while it is read -----------------------------------------------------

def _big_ptb(path: Path, copies: int) -> None:
    path.write_bytes(PTB_GOLD.read_bytes() * copies)


CHANGE_SCRIPT = """
import os, sys
target, mode, reader, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
from tcompare import compiled
from tcompare.scoring.evalb import block as evalb_block
from tcompare.scoring.evalb import stream as evalb_stream
if reader.startswith("read"):             # as without the compiled SIGBUS guard
    compiled.bus_guard = lambda: None

def change():
    if mode == "truncate":
        os.truncate(target, 100)
    else:
        data = open(target, "rb").read()
        with open(target, "r+b") as fh:       # rewritten in place, same size
            fh.write(data.replace(b"(NN ", b"(VB "))

real_scorer = evalb_block.evalb_scorer
def scorer(*a, **k):                      # (rsl: the file changes under EVALB's batch)
    score = real_scorer(*a, **k)
    calls = []
    def once(block):
        if not calls:
            change()
        calls.append(1)
        return score(block)
    return once
if "--output" not in args or reader.endswith("+blocks"):   # (json: EVALB's stop check)
    evalb_block.evalb_scorer = scorer

real_pieces = evalb_stream.LinePairs.pieces
def pieces(self, mode_):                  # (json, csv: between the line check and the scoring)
    change()
    return real_pieces(self, mode_)
evalb_stream.LinePairs.pieces = pieces

from tcompare.entry import entry
sys.argv = ["tcompare", *args]
entry()
"""


@pytest.mark.parametrize("mode", ["truncate", "rewrite"])
@pytest.mark.parametrize("output, reader, jobs", [
    ("rsl", "mapped", 1), ("rsl", "mapped", 2), ("rsl", "read", 1), ("rsl", "read", 2),
    ("json", "mapped", 1), ("csv", "mapped", 1), ("json", "mapped+blocks", 1)])
def test_a_file_changed_while_scored_is_named(tmp_path, mode, output, reader, jobs):
    """EVALB's memory-mapped reader (with the SIGBUS guard), its read() fallback, forked
    workers, and the per-sentence JSON/CSV path: never SIGBUS (exit 135) or a traceback."""
    if output != "rsl" and evalb_kernel() is None:
        pytest.skip("the per-sentence JSON/CSV line path needs the compiled EVALB kernel")
    gold, system = tmp_path / "gold.mrg", tmp_path / "system.mrg"
    _big_ptb(gold, 3000)
    _big_ptb(system, 3000)
    args = ["score", "--jobs", jobs, gold, system] + (["--output", output] if output != "rsl" else [])
    proc = subprocess.run([sys.executable, "-c", CHANGE_SCRIPT, str(gold), mode, reader,
                           *map(str, args)], capture_output=True, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 1, (proc.returncode, err)
    assert "Traceback" not in err
    assert f"{gold} changed while it was being read" in err, err


# -- CSV cells a spreadsheet would run ---------------------------------------------------------

def test_csv_cells_are_neutralised():
    from tcompare.csv_cells import csv_writer

    buf = io.StringIO()
    csv_writer(buf).writerow(["=cmd|' calc'!A0", "+1+1", "-1.5", "-x", "@SUM(A1)", "\tTAB", "\rCR",
                              -2, 3.5, "1e-3", "plain", "", "-", "+3", "-.5", "-inf"])
    assert next(csv.reader(io.StringIO(buf.getvalue()))) == [
        "'=cmd|' calc'!A0", "'+1+1", "-1.5", "'-x", "'@SUM(A1)", "'\tTAB", "'\rCR",
        "-2", "3.5", "1e-3", "plain", "", "'-", "+3", "-.5", "'-inf"]


def _hostile_pair(tmp_path: Path) -> tuple[str, str]:
    """Labels and file names a spreadsheet would take for formulas (run in `tmp_path`)."""
    (tmp_path / "=HYPERLINK(1).mrg").write_text(
        "(=S (=NP (@DT a) (-NN b)) (+VP (-VB c) (=cmd|calc!A0 (@NN d))))\n(S (@NP (+N e)) (-X f))\n")
    (tmp_path / "@sys.mrg").write_text(
        "(=S (+VP (@DT a) (-NN b)) (=NP (-VB c) (@NN d)))\n(S (-X (+N e)) (@NP f))\n")
    return "=HYPERLINK(1).mrg", "@sys.mrg"


def _formula_cells(text: str) -> list[str]:
    bad = []
    for row in csv.reader(io.StringIO(text)):
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                try:
                    float(cell)
                except ValueError:
                    bad.append(cell)
    return bad


@pytest.mark.parametrize("command", [
    ("score", "--output", "csv", "{g}", "{s}"),
    ("score", "--output", "csv", "{g}", "{s}", "{s}"),
    ("score", "--profile", "jp-evalb", "--output", "csv", "{g}", "{s}"),
    ("confusion", "--output", "csv", "{g}", "{s}"),
    ("table", "--output", "csv", "{g}", "{s}"),
    ("breakdown", "--output", "csv", "{g}", "{s}"),
    ("stats", "--output", "csv", "{g}"),
    ("errors", "--output", "csv", "{g}", "{s}"),
    ("compare", "--output", "csv", "{g}", "{s}", "{s}", "--shuffles", "10"),
], ids=lambda c: " ".join(c[:4]))
def test_every_csv_output_is_safe_to_open(tmp_path, command):
    gold, system = _hostile_pair(tmp_path)
    args = [a.format(g=gold, s=system) for a in command]
    code, err, out = tcompare(*args, cwd=tmp_path)
    assert code in (0, 1), err
    text = out.decode("utf-8")
    assert text.strip(), err
    assert _formula_cells(text) == [], text


def test_conll_score_csv_is_safe_to_open(tmp_path):
    gold = tmp_path / "g.conll"
    gold.write_text("1\t=cmd\t_\t@X\t@X\t_\t0\t=ROOT\t_\t_\n2\tb\t_\t-N\t-N\t_\t1\t+dep\t_\t_\n\n")
    system = tmp_path / "+s.conll"
    system.write_text("1\t=cmd\t_\t@X\t@X\t_\t2\t+dep\t_\t_\n2\tb\t_\t-N\t-N\t_\t0\t=ROOT\t_\t_\n\n")
    for args in (("score", "--output", "csv", "g.conll", "+s.conll"),
                 ("confusion", "--output", "csv", "g.conll", "+s.conll"),
                 ("breakdown", "--output", "csv", "g.conll", "+s.conll"),
                 ("table", "--profile", "conllx", "--output", "csv", "g.conll", "+s.conll")):
        code, err, out = tcompare(*args, cwd=tmp_path)
        assert code in (0, 1) and out.strip(), err
        assert _formula_cells(out.decode()) == [], (args, out.decode())


# -- a CoNLL row of the wrong width ------------------------------------------------------------

@pytest.mark.parametrize("notation, suffix", [("conllu", ".conllu"), ("conllx", ".conll")])
@pytest.mark.parametrize("width", [8, 9, 11])
def test_convert_names_a_row_of_the_wrong_width(tmp_path, notation, suffix, width):
    rows = CONLLU_GOLD.read_text(encoding="utf-8").split("\n")
    k = next(i for i, r in enumerate(rows) if r.startswith("2\tlike"))
    cols = rows[k].split("\t")
    rows[k] = "\t".join((cols + ["_", "_"])[:width])
    path = tmp_path / f"bad{suffix}"
    path.write_text("\n".join(rows), encoding="utf-8")
    code, err, out = tcompare("convert", "--format", notation, path)
    assert code == 1, err
    assert f"{path}:{k + 1}:" in err and f"{width} columns" in err, err
    code, err, out = tcompare("convert", "--format", notation, "--to", "conllx" if notation == "conllu" else "conllu", path)
    assert code == 1 and f"{path}:{k + 1}:" in err, err


ZH_CHANGE_SCRIPT = """
import os, sys
target, args = sys.argv[1], sys.argv[2:]
from tcompare.scoring.zh import stream as zhbatch
real = zhbatch.BlockScorer.__call__
def call(self, block):
    if not getattr(zhbatch, "_done", False):
        zhbatch._done = True
        os.truncate(target, 100)
    return real(self, block)
zhbatch.BlockScorer.__call__ = call
from tcompare.entry import entry
sys.argv = ["tcompare", *args]
entry()
"""


def test_a_chinese_file_changed_while_scored_is_named(tmp_path):
    """The Chinese kernel's path (parseval2010 on TCT): guarded, and checked."""
    pytest.importorskip("tcompare.scoring.zh._kernel")
    gold, system = tmp_path / "gold.tct", tmp_path / "system.tct"
    gold.write_bytes(TCT_GOLD.read_bytes() * 3000)
    system.write_bytes(TCT_SYS.read_bytes() * 3000)
    proc = subprocess.run([sys.executable, "-c", ZH_CHANGE_SCRIPT, str(gold), "score", str(gold),
                           str(system)], capture_output=True, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 1 and "Traceback" not in err, (proc.returncode, err)
    assert f"{gold} changed while it was being read; nothing was written" in err
    assert proc.stdout == b""
