"""The streamed text report of parseval2010 / parseval2012 / sighan2012.

`text_report` scores two one-tree-per-line files without building a Tree per sentence:
the files (a `formats.lines.PairedLines`, opened by the caller's side; `scoring.zh` decides
whether this path is taken) are read in blocks of line pairs, each block is scored in a
forked worker (`workers.map_blocks`) by the compiled kernel (`zh._kernel`: counts per
sentence from the raw bytes), and comes back as the text rows of its sentences plus a
`zh.core.Tally` -- never a result per sentence.  The rows go to a temporary file while
the column widths are taken, then are written padded under the profile's own header and
summary (`text_head` / `row_cells` / `summary_of` / `text_tail`), so the report is byte for
byte the one `render_text` writes, with memory flat in the corpus size.

What the kernel does not accept as plain (status ODD: a syntax oddity, other words or
characters on the two sides, a label its describe function calls odd) is scored here by
the tree path, exactly as `tcompare score` pairs it (`pairing.score_records`), so every
message has one implementation; without the kernel (not built, or TCOMPARE_PURE_PYTHON=1)
every sentence takes that path.

The run gives up (returns None: the caller reads the files the usual way) whenever the
usual way might pair sentences other than line by line or read the files otherwise: a
blank line, different line counts, a pair whose texts differ or cannot be read, bytes that
are not UTF-8, a notation other than the kernel's, a stream instead of a file.
"""

from __future__ import annotations

from array import array
from typing import (TYPE_CHECKING, Any, Callable, Generator, Iterator, NamedTuple, Protocol,
                    TextIO, cast)

from tcompare import compiled
from tcompare.formats import sizes
from tcompare.scoring.zh import core as zh
from tcompare.scoring.base import Status

if TYPE_CHECKING:
    from tcompare.formats.lines import PairedLines
    from tcompare.scoring.base import Profile, SentenceResult, Summary


class TextProfile(Protocol):
    """What the three profiles give this module: their text report in parts and their
    figures from counts (`parseval2010`, `parseval2012`, `sighan2012`)."""

    name: str

    def sentence_scores(self, counts: dict[str, int]) -> tuple[dict[str, float | None], list[str]]: ...

    def row_cells(self, r: Any, config: Any) -> list[str]: ...

    def text_head(self, config: Any, grammars: set[str]) -> str: ...

    def text_header(self, config: Any) -> list[str]: ...

    def text_tail(self, summary: Summary, config: Any) -> str: ...

    def summary_of(self, tally: zh.Tally, config: Any) -> Summary: ...

# the kernel's int32 layout per sentence (after the status)
P10_KEYS = ("pos_gold", "pos_correct", "gold", "system", "bch_correct", "bc_correct",
            "C_S_gold", "C_S_correct", "C_S_system", "S_S_gold", "S_S_correct", "S_S_system",
            "other_gold", "other_correct", "other_system")
P12_KEYS = ("grammar", "sc_correct", "sc_gold", "sc_system", "lc_gold", "lc_system",
            "ulc_correct", "lc_correct", "nocross") + tuple(
    f"class{c}_{field}" for c in range(1, 7)
    for field in ("gold", "system", "ulc_gold_correct", "ulc_system_correct",
                  "lc_gold_correct", "lc_system_correct"))
SIGHAN_KEYS = ("gold", "system", "correct", "pos_gold", "pos_correct")
# profile -> (kernel kind, the notation it reads, counts layout, keyed-count prefixes)
KINDS: dict[str, tuple[int, str, tuple[str, ...], tuple[str, str, str]]] = {
    "parseval2010": (0, "tct", P10_KEYS, ("", "", "")),
    "parseval2012": (1, "tct2012", P12_KEYS, ("sc_gold:", "sc_correct:", "sc_system:")),
    "sighan2012": (2, "sinica", SIGHAN_KEYS, ("gold:", "correct:", "system:")),
}
OK, ODD, BLANK = 0, 1, 2
SEP = "\x1f"                  # between the cells of a spilled row


def kernel_name() -> str:
    return compiled.engine_name(compiled.zh_kernel())


# -- what a label means: the profiles' own functions, once per label text ---------------------

def describers(profile: str, config: Any) -> tuple[Callable[[str], tuple[int, ...]], ...]:
    """``describe`` functions for the kernel's interners (labels, tags, roles); property 0
    of a TCT / TCT-2012 label is "odd"."""
    ids: dict[str, int] = {}

    def intern(text: str) -> int:
        return ids.setdefault(text, len(ids))

    def tag(text: str) -> tuple[int, ...]:
        # "-NONE-" words are no characters of the sentence (pairing.item_text): tree path
        simple = text
        if profile == "sighan2012" and config.get("simplify"):
            from tcompare.scoring.zh.sighan2012 import simplify_tag

            simple = simplify_tag(text)
        return intern(simple), int(text == "-NONE-")

    def role(text: str) -> tuple[int, ...]:
        return (0,)

    if profile == "parseval2010":
        return _p10_label(intern), tag, role
    if profile == "parseval2012":
        return _p12_label(intern), tag, role

    def sinica_label(text: str) -> tuple[int, ...]:
        from tcompare.scoring.zh.sighan2012 import EVALUATED

        return (int(text in EVALUATED),)
    return sinica_label, tag, role


def _p10_label(intern: Callable[[str], int]) -> Callable[[str], tuple[int, ...]]:
    from tcompare.formats.tct import LabelProblem, split_label
    from tcompare.scoring.zh.parseval2010 import part_of

    parts = {"C_S": 0, "S_S": 1, "other": 2}

    def describe(text: str) -> tuple[int, ...]:
        try:
            label = split_label(text)
        except LabelProblem:
            return (1,)
        heads = label.heads
        mask = sum(1 << h for h in heads if h < 31)
        return (0, intern(label.category), parts[part_of(label.category)], int(bool(heads)),
                mask, int(any(h >= 31 for h in heads)))
    return describe


def _p12_label(intern: Callable[[str], int]) -> Callable[[str], tuple[int, ...]]:
    from tcompare.formats.tct import LabelProblem
    from tcompare.formats.tct2012 import split_label2012
    from tcompare.model.tree import Node
    from tcompare.scoring.zh.parseval2012 import (classify_ccg, classify_psg, node_label,
                                               psg_parts)

    def describe(text: str) -> tuple[int, ...]:
        try:
            label = split_label2012(text)
        except LabelProblem:
            return (1,)
        node = Node(label)
        root_ccg = bool(text) and (text[0].isupper() or any(c in text for c in "/\\{"))
        ccg = node_label(node, True)
        return (0, int(root_ccg),
                intern(node_label(node, False, False)), classify_psg(*psg_parts(label)),
                intern(node_label(node, False, True)),
                classify_psg(*psg_parts(label), is_root=True),
                intern(ccg), classify_ccg(ccg, False), classify_ccg(ccg, True))
    return describe


def kernel_for(profile: str, config: Any) -> Any:
    """A `zh._kernel.ZhKernel` for `profile` and its options, or None (no kernel)."""
    module = compiled.zh_kernel()
    if module is None:
        return None
    kind, _, keys, _ = KINDS[profile]
    option = 0
    if profile == "parseval2012":
        option = ("auto", "psg", "ccg").index(config["grammar"])
    elif profile == "sighan2012":
        option = int(config["task"] == "srl")
    return module.ZhKernel(kind, option, len(keys) + 1, *describers(profile, config))


# -- one block ---------------------------------------------------------------------------------

class BlockOut(NamedTuple):
    """A scored block: its rows (cells joined by `SEP`, one per line), the widest cell of
    each column, its tally; or why the batch path gives up (`abort`)."""

    abort: str
    rows: str
    widths: list[int]
    tally: zh.Tally | None


class _Row:
    """What `row_cells` and the tally read of a sentence the kernel scored."""

    __slots__ = ("index", "counts", "scores", "flags", "data")
    valid = True
    message = ""
    status = Status.VALID

    def __init__(self, index: int, counts: dict[str, int], scores: dict[str, float | None],
                 flags: list[str], data: dict[str, Any]) -> None:
        self.index, self.counts, self.scores, self.flags, self.data = (index, counts, scores,
                                                                         flags, data)


class BlockScorer:
    """Scores ``(first line, n, gold bytes, system bytes)`` blocks into `BlockOut`s."""

    def __init__(self, profile: TextProfile, config: Any, gold_path: str, system_path: str) -> None:
        self.profile, self.config = profile, config
        self.paths = (gold_path, system_path)
        self.kind, self.notation, self.keys, self.prefixes = KINDS[profile.name]
        self.kernel = kernel_for(profile.name, config)
        self.macro = profile.name == "sighan2012"
        self.width = len(self.keys) + 1

    def __call__(self, block: tuple[int, int, bytes, bytes]) -> BlockOut:
        first, n, gb, sb = block
        gb, sb = bytes(gb), bytes(sb)    # (views into the mapped files: `paired_blocks`)
        try:
            gb.decode("utf-8")
            sb.decode("utf-8")
        except UnicodeDecodeError:
            return BlockOut("not UTF-8", "", [], None)
        if len(gb) + len(sb) > sizes.SCORE_LIMIT and any(  # the usual path refuses or scores it
                len(line) > sizes.SCORE_LIMIT for line in gb.split(b"\n") + sb.split(b"\n")):
            return BlockOut("a sentence past formats.sizes.SCORE_LIMIT", "", [], None)
        if self.kernel is not None:
            raw, keyed = self.kernel.score_block(gb, sb, n)
            stats = array("i")
            stats.frombytes(raw)
        else:
            stats, keyed = array("i", [ODD] * (n * self.width)), {}
        tally = zh.Tally(macro=self.macro)
        lines: tuple[list[bytes], list[bytes]] | None = None
        table: list[list[str]] = []
        profile, config, w = self.profile, self.config, self.width
        scores_of = profile.sentence_scores
        cells_of = profile.row_cells
        keys = self.keys
        grammar = self.kind == 1
        ok = 0
        for k in range(n):
            status = stats[k * w]
            index = first + k
            result: Any
            if status == OK:
                counts = dict(zip(keys, stats[k * w + 1:(k + 1) * w]))
                scores, flags = scores_of(counts)
                data = {"grammar": "ccg" if counts["grammar"] else "psg"} if grammar else {}
                result = _Row(index, counts, scores, flags, data)
                ok += 1
                if self.macro:
                    tally.add_macro(index, flags, scores.get("P"), scores.get("R"))
                if grammar:
                    tally.grammars.add(data["grammar"])
            else:
                if lines is None:
                    lines = (gb.split(b"\n"), sb.split(b"\n"))
                result = self._tree_result(lines[0][k], lines[1][k], index)
                if result is None:
                    return BlockOut("a pair the tree path pairs otherwise", "", [], None)
                tally.add(result)
            table.append(cells_of(result, config))
        self._add_sums(tally, stats, ok, keyed)
        text = "\n".join(map(SEP.join, table)) + "\n"
        if text.count("\n") != n or text.count(SEP) != sum(map(len, table)) - n:
            return BlockOut("a cell holds a line end", "", [], None)
        widths = [max(map(len, column)) for column in zip(*table)]
        return BlockOut("", text, widths, tally)

    def _add_sums(self, tally: zh.Tally, stats: Any, ok: int, keyed: dict[str, Any]) -> None:
        """The kernel-scored sentences' counts, summed (ODD rows are zeros in `stats`)."""
        if not ok:
            return
        tally.valid += ok
        tally.results += ok
        counts = tally.counts
        w = self.width
        for j, key in enumerate(self.keys, 1):
            if key != "grammar":
                total = sum(stats[j::w])
                if total:
                    counts[key] += total
        for name, values in keyed.items():
            for prefix, value in zip(self.prefixes, values):
                if value:
                    counts[prefix + name] += value

    def _tree_result(self, gline: bytes, sline: bytes, index: int) -> SentenceResult | None:
        """The tree path's result for line pair `index`, or None when pairing by text would
        not keep the two lines together (their texts differ, or a side cannot be read)."""
        from tcompare import formats
        from tcompare.scoring.pairing import score_records, record_text

        gtext, stext = gline.decode("utf-8") + "\n", sline.decode("utf-8") + "\n"
        if not gtext.strip() or not stext.strip():
            return None                       # a blank line: a no-parse sentence, paired by text
        corpora = []
        for text, path in ((gtext, self.paths[0]), (stext, self.paths[1])):
            corpus = formats.read_text(text, self.notation, path)
            if len(corpus.records) != 1:
                return None
            record = corpus.records[0]
            record.index = record.line = index
            corpora.append(corpus)
        gold, system = corpora
        g, s = gold.records[0], system.records[0]
        g_text = record_text(g)
        if g_text is None or g_text != record_text(s):
            return None
        return score_records(gold, system, g, s, index, cast("Profile", self.profile),
                              self.config)


# -- the run -------------------------------------------------------------------------------------

def usable(profile: TextProfile, config: Any, files: PairedLines,
           gold_format: str | None, system_format: str | None) -> bool:
    """Whether `text_report` may try these files (it may still give up while reading):
    two regular files, neither empty, both read in the kernel's notation (`--format`, else
    sniffed)."""
    if profile.name not in KINDS:
        return False
    if profile.name == "parseval2010" and config.get("events"):
        return False                           # the event bank reads the trees
    if files.streamed:
        return False
    notation = KINDS[profile.name][1]
    for k, forced in enumerate((gold_format, system_format)):
        try:
            if files.sizes()[k] == 0:
                return False
        except OSError:
            return False
        if (forced or files.sniffed(k)) != notation:
            return False
    return True


def scored_blocks(profile: TextProfile, config: Any, files: PairedLines,
                  jobs: int | None = None) -> Generator[BlockOut, None, None]:
    """`BlockOut`s in file order; a last one with ``abort`` set when the line counts differ.
    `formats.inputs.FileChanged` when a file changed while it was read (each process reads
    the files itself)."""
    from tcompare.scoring.workers import map_blocks

    unchanged = files.watch()
    score = BlockScorer(profile, config, *files.paths)
    tail: list[tuple[int, int, Any, Any]] = []

    def blocks() -> Iterator[tuple[int, int, Any, Any]]:
        return files.blocks(1024, tail)

    try:
        for out in map_blocks(score, blocks, jobs):
            if out.abort:
                unchanged()    # (a block cut by a truncation is no reason to give up)
            yield out
    except RuntimeError:       # a worker that found fewer blocks than this process did
        unchanged()
        raise
    unchanged()
    _, _, gold_rest, system_more = tail[0]
    if gold_rest or system_more:
        yield BlockOut("the files have different numbers of lines", "", [], None)


def text_report(profile: TextProfile, config: Any, files: PairedLines, out: TextIO,
                summary_only: bool = False, jobs: int | None = None
                ) -> tuple[zh.Tally, Any] | None:
    """Write the profile's text report of the two files to `out`; return the tally and the
    summary, or None (nothing written) when the usual path must do it."""
    import tempfile

    tally = zh.Tally(macro=profile.name == "sighan2012")
    widths = [len(h) for h in profile.text_header(config)]
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n") as spill:
        blocks = scored_blocks(profile, config, files, jobs)
        try:
            for block in blocks:
                if block.abort:
                    return None
                assert block.tally is not None
                tally.merge(block.tally)
                if not summary_only:
                    spill.write(block.rows)
                    for i, width in enumerate(block.widths):
                        if i >= len(widths):
                            widths.append(width)
                        elif width > widths[i]:
                            widths[i] = width
        finally:
            blocks.close()                    # stops the workers when giving up early
        summary = profile.summary_of(tally, config)
        out.write(profile.text_head(config, tally.grammars))
        if not summary_only:
            _write_table(out, profile.text_header(config), spill, widths)
            out.write("\n")
    out.write(profile.text_tail(summary, config))
    return tally, summary


def _write_table(out: TextIO, header: list[str], spill: Any, widths: list[int]) -> None:
    """`zh.core.table` over the spilled rows, with the widths taken while spilling."""
    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(widths[i]) for i, c in enumerate(cells[1:], 1)]
        return "  ".join([first, *rest]).rstrip()

    out.write(line(header) + "\n")
    spill.seek(0)
    chunk: list[str] = []
    for row in spill:
        chunk.append(line(row[:-1].split(SEP)))
        if len(chunk) >= 4096:
            out.write("\n".join(chunk) + "\n")
            chunk = []
    if chunk:
        out.write("\n".join(chunk) + "\n")
