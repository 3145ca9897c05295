"""The window's running total as `score --output json` writes its ``summary``
(`tcompare GOLD SYS... --totals FILE.json`, spec/cli.md): scripts, docs and tests compare
the window with the command line through it.

`load` runs the same `Loader` the window runs, without Qt, to the end; `totals_json`
reads the Workspace's totals -- the figures its sidebar shows -- and adds what the
profile's reference program left out (`left_out.LeftOut`), as the JSON does.
"""

from __future__ import annotations

import json
from typing import Any

from tcompare.atomic_file import atomic_write
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
    """System `k`'s summary keys, what its program left out included (None: its program
    refuses the files)."""
    summary = workspace.summary(k)
    if summary is None:
        return None
    data = dict(summary.to_json()["summary"])
    data.update(workspace.left_out(k))
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
    """`data` as JSON at `path`, whole or not at all (the one atomic writer)."""
    atomic_write(path, (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


def refused(data: dict[str, Any]) -> bool:
    return "refusal" in data
