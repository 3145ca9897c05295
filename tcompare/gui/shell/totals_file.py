"""`tcompare GOLD SYS... --totals FILE.json`: the window's running total written as
`score --output json` writes its summary (no Qt here: alone, the files are loaded and
scored by the window's own Workspace without a window)."""

from __future__ import annotations

import sys
from pathlib import Path


def load_request(args):
    """The `LoadRequest` the window makes of `args` (the demo corpus without files)."""
    from tcompare.workspace.loading import LoadRequest

    gold, systems = args.gold, list(args.systems or [])
    if not gold:
        from tcompare.paths import resource

        folder = resource("demo", "ptb")        # the bundled demo corpus
        gold, systems = str(folder / "gold.mrg"), [str(folder / "system.mrg")]
    options = {}
    if getattr(args, "prm", None):
        options["prm"] = str(Path(args.prm).resolve())
    if getattr(args, "encoding", None):
        options["encoding"] = args.encoding      # read by LoadRequest.file_encoding
    return LoadRequest(str(gold), [str(s) for s in systems], getattr(args, "format", None),
                       getattr(args, "profile", None), options, getattr(args, "goto", None) or 1)


def write_totals(args, workspace=None) -> int:
    """`--totals`: the Workspace the window shows (loaded here, without Qt, when no window
    runs), its total written as JSON.  Exit 1 when a file cannot be read or the profile's
    program refuses the files (the JSON says why, with a null summary)."""
    from tcompare.workspace import totals

    try:
        if workspace is None:
            workspace = totals.load(load_request(args))
        data = totals.totals_json(workspace)
        totals.write(args.totals, data)
    except totals.TotalsError as exc:
        print(f"tcompare: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"tcompare: cannot write {args.totals}: {exc}", file=sys.stderr)
        return 1
    if totals.refused(data):
        print(f"tcompare: {data['refusal']}", file=sys.stderr)
        return 1
    return 0
