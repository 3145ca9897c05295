"""Outputs of the reference programs, kept between runs.

The reference programs (Kummerfeld's analyser, jp-evalb.py) take over a minute on the WSJ
anchors, and what they print depends only on the program and its inputs.  `run` keys an
output by the program's own files, the input files' bytes and the arguments, and keeps it in
``$TCOMPARE_REFS/.cache`` (outside the repository, beside the programs): the first run on a
machine runs the program; later runs compare against exactly what it printed then.  Set
``TCOMPARE_REF_CACHE=0`` to run every program every time.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path
from typing import Sequence


def _digest(paths: Sequence[Path], args: Sequence[str]) -> str:
    h = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            h.update(str(f.name).encode())
            h.update(f.read_bytes())
    h.update(json.dumps(list(args)).encode())
    return h.hexdigest()[:32]


def run(cmd: Sequence[str], *, program: Path, inputs: Sequence[Path], options: Sequence[str],
        cwd: Path, refs: Path, outputs: Sequence[Path] = ()) -> dict:
    """Run `cmd` in `cwd` (or take its cached result): ``{"returncode", "stdout", "stderr",
    "files": {name: text}}`` where ``files`` are the `outputs` it wrote.  `program` (a file or
    a folder of .py files), the `inputs`' bytes and `options` (the arguments other than
    paths) key the cache."""
    key = _digest([program, *inputs], [*options, *(p.name for p in outputs)])
    cache = refs / ".cache" / f"{key}.json"
    use_cache = os.environ.get("TCOMPARE_REF_CACHE", "1") != "0"
    if use_cache and cache.exists():
        return json.loads(cache.read_text(encoding="utf-8"))
    proc = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, encoding="utf-8",
                          errors="surrogateescape")
    result = {"returncode": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr,
              "files": {p.name: p.read_text(encoding="utf-8", errors="surrogateescape")
                        for p in outputs if p.exists()}}
    if use_cache:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(result), encoding="utf-8")
        os.replace(tmp, cache)
    return result
