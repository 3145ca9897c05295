"""The window's running total as `score --output json` writes its ``summary``
(`tcompare GOLD SYS... --totals FILE.json`, spec/cli.md): scripts, docs and tests compare
the window with the command line through it.

`load` runs the same `Loader` the window runs, without Qt, to the end; `totals_json`
reads the Workspace's totals -- the figures its sidebar shows -- and adds what the
profile's reference program left out (`runs.LeftOut`), as the JSON does.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tcompare.scoring.runs import LeftOut
from tcompare.workspace.document import Workspace
from tcompare.workspace.loading import LoadRequest


class TotalsError(Exception):
    """The files cannot be opened or scored: the message says why (file, line, column)."""


def load(request: LoadRequest) -> Workspace:
    """A Workspace with `request`'s files read and scored (in this thread)."""
    workspace = Workspace()
    failures: list[Any] = []
    workspace.failed.connect(failures.append)
    loader = workspace.start(request)
    ok = loader.run(lambda message: workspace.apply(loader, message))
    workspace.finish(loader, ok)
    if failures:
        raise TotalsError(str(failures[0]))
    return workspace


def system_totals(workspace: Workspace, k: int) -> dict[str, Any] | None:
    """System `k`'s summary keys (None: its program refuses the files)."""
    summary = workspace.summary(k)
    if summary is None or workspace.profile is None or workspace.gold is None:
        return None
    data = dict(summary.to_json()["summary"])
    tally = LeftOut(workspace.profile, workspace.config)
    if tally.applies:
        limit = workspace.counted_rows(k)
        for row in range(workspace.row_count):
            if row >= limit:        # past EVALB's stop, or the shorter file's end: never read
                if row < len(workspace.gold):
                    tally.add_gold(row + 1, workspace.gold)
                continue
            result = workspace.result(k, row)
            if result is not None:
                tally.add(result, workspace.gold)
        data.update(tally.json(summary))
    return data


def totals_json(workspace: Workspace) -> dict[str, Any]:
    """``{"profile": P, "summary": {...}}`` (several systems: ``{"systems": {SYS: ...}}``);
    a refused system's summary is null and its ``refusal`` says why."""
    profile = workspace.profile.name if workspace.profile is not None else None
    per_system = [system_totals(workspace, k) for k in range(len(workspace.systems))]
    data: dict[str, Any] = {"profile": profile}
    if len(per_system) == 1:
        data["summary"] = per_system[0]
        if workspace.refusal(0):
            data["refusal"] = workspace.refusal(0)
    else:
        data["summary"] = {"systems": {s.path: t for s, t in zip(workspace.systems, per_system)}}
        refusals = {s.path: workspace.refusal(k) for k, s in enumerate(workspace.systems)
                    if workspace.refusal(k)}
        if refusals:
            data["refusal"] = refusals
    return data


def write(path: str, data: dict[str, Any]) -> None:
    """`data` as JSON at `path`, whole or not at all (a temp file beside it, renamed)."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                dir=str(target.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def refused(data: dict[str, Any]) -> bool:
    return "refusal" in data
