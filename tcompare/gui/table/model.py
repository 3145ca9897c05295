"""The sentence table: a `QAbstractTableModel` over the session's rows, and its filter proxy.

Columns: ``#``, ``len``, ``status``, ``mark`` (only when a review-mark provider is set:
⚑ flagged, ✓ reviewed, ✎ has a note), then the profile's `columns` for the current system
(EVALB: recall, precision, fmeasure, crossing, tagging_accuracy), then one F1 column per
other system when several are open, then ``first words`` and ``message``.  Cells are
computed on demand from the session's slim results (`Session.result`), so 100k rows cost
no more than the rows on screen.

Sorting is done here, by Python keys over the whole column (`sort`), because a
`QSortFilterProxyModel` comparing through `data()` makes ~N log N Python calls; the proxy
only filters (status, F1 range, text) and forwards `sort` to this model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor

from tcompare.gui.drawing.problems import file_name
from tcompare.gui.language.i18n import tr
from tcompare.gui.language.scorer_text import scorer_message
from tcompare.gui.session import Session
from tcompare.gui.language.terms import term
from tcompare.scoring.base import SentenceResult, Status
from tcompare.workspace.figures import f1_key  # noqa: F401 (the F1 column; re-exported)

SORT_ROLE = Qt.ItemDataRole.UserRole          # a comparable value for the cell
POSITION_ROLE = Qt.ItemDataRole.UserRole + 1  # 0-based sentence position of the row

# nicer headers for metric keys the profiles use (spec/cli.md names)
HEADERS = {
    "recall": "R", "precision": "P", "fmeasure": "F1", "crossing": "X",
    "tagging_accuracy": "tag acc", "LAS": "LAS", "UAS": "UAS", "LA": "LA",
}
FIRST_WORDS = 8
# review marks as the ``mark`` column shows them (and the status filter selects them)
MARK_GLYPHS = {"flagged": "⚑", "reviewed": "✓"}
NOTE_GLYPH = "✎"
ERROR_BRUSH = QBrush(QColor("#fbe3d6"))
SKIP_BRUSH = QBrush(QColor("#ececec"))
ROW_TEXT_BRUSH = QBrush(QColor("#000000"))


def _is_cjk(char: str) -> bool:
    """Han, kana, hangul and CJK punctuation: scripts written without spaces between words."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x3134F)


def normalise_query(text: str) -> str:
    """A word query as matched: whitespace collapsed, lower case."""
    return " ".join(text.split()).lower()


def words_match(query: str, text: str) -> bool:
    """Does sentence `text` (words separated by spaces) contain `query` (normalised)?

    Chinese (and Japanese, Korean) readers type a phrase without spaces while the treebank
    segments it (報紙上 vs ``報紙 上``); and the gold and system segmentations differ anyway.
    So a space-free query containing CJK characters is matched against the text with its
    spaces removed.  Other queries keep the spaces (``theboy`` must not find "the boy").
    """
    text = text.lower()
    if query in text:
        return True
    if " " not in query and any(_is_cjk(c) for c in query):
        return query in "".join(text.split())
    return False


@dataclass(frozen=True)
class Column:
    key: str         # "#", "len", "status", "words", "message", a score key, or "f1@k"
    header: str
    system: int = -1  # for score columns: which system (-1 = the current one)
    numeric: bool = True
    tip: str = ""     # a system's F1 column: the system's file (shown in the header's tooltip)


def system_letter(k: int) -> str:
    """The short name of system `k` (0-based) in headers and choosers: A, B, ... Z, S27 ..."""
    return chr(ord("A") + k) if k < 26 else f"S{k + 1}"


class SentenceTableModel(QAbstractTableModel):
    """Rows are sentence positions (in `order`, which `sort` permutes)."""

    def __init__(self, session: Session, parent=None):
        super().__init__(parent)
        self.session = session
        self.current_system = 0
        self.columns: list[Column] = []
        self.order: list[int] = []   # row -> sentence position
        self.sorted = False          # `order` permuted by `sort`
        # position -> (mark glyphs, note): the editor's review marks (sidecar file)
        self.marks: Callable[[int], tuple[str, str]] | None = None
        self._rebuild_columns()
        session.rows_added.connect(self._on_rows_added)
        session.rows_changed.connect(self._on_rows_changed)
        session.rows_resized.connect(lambda *_: self.reset())   # a sentence split or merged
        session.opened.connect(self.reset)

    # -- structure ------------------------------------------------------------------------------
    def _rebuild_columns(self) -> None:
        s = self.session
        cols = [Column("#", "#"), Column("len", "len"), Column("status", "status", numeric=False)]
        if self.marks is not None:
            cols.append(Column("mark", "mark", numeric=False))
        keys = list(s.profile.columns) if s.profile is not None else []
        fkey = f1_key(keys)
        if fkey is not None and len(s.systems) > 1:
            # one F1 per system first, in sight without scrolling sideways (headed by the
            # system's letter, its file in the tooltip); the current system's other figures
            # after them
            for k, corpus in enumerate(s.systems):
                name = file_name(corpus.path)
                cols.append(Column(fkey, f"{HEADERS.get(fkey, fkey)} {system_letter(k)}",
                                   system=k, tip=name))
        if fkey is not None and len(s.systems) <= 1:
            # F1 first: at 1280 pixels the table's last figures sit behind a sideways scroll
            keys = [fkey, *(k for k in keys if k != fkey)]
        for key in keys:
            cols.append(Column(key, HEADERS.get(key, key)))
        cols.append(Column("words", "first words", numeric=False))
        cols.append(Column("message", "message", numeric=False))
        self.columns = cols

    def reset(self) -> None:
        """Rebuild columns and rows from the session (new files or a new profile)."""
        self.beginResetModel()
        self._rebuild_columns()
        self.order = list(range(self.session.row_count))
        self.sorted = False
        self.endResetModel()

    def set_marks(self, provider: Callable[[int], tuple[str, str]] | None) -> None:
        """Show review marks: `provider(position)` gives ``(glyphs, note)``; a ``mark``
        column appears after ``status`` (its tooltip is the note)."""
        self.marks = provider
        self.reset()

    def marks_changed(self, position: int | None = None) -> None:
        """Repaint the mark cell of sentence `position` (every row when None)."""
        column = self.column_index("mark")
        if column < 0 or not self.order:
            return
        if position is None:
            first, last = 0, len(self.order) - 1
        else:
            first = last = self.row_of(position)
            if first < 0:
                return
        self.dataChanged.emit(self.index(first, column), self.index(last, column))

    def set_current_system(self, system: int) -> None:
        self.current_system = system
        if self.order:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.order) - 1,
                                                               len(self.columns) - 1))

    def _on_rows_added(self, first: int, count: int) -> None:
        start = len(self.order)
        self.beginInsertRows(QModelIndex(), start, start + count - 1)
        self.order.extend(range(first, first + count))
        self.endInsertRows()

    def _on_rows_changed(self, first: int, count: int) -> None:
        """Sentences ``first ..`` changed (an edit, or their words arrived): one dataChanged
        over the rows showing them (all rows when the table is sorted)."""
        n = len(self.order)
        if not n or count <= 0:
            return
        if count == 1:
            top = bottom = self.row_of(first)
            if top < 0:
                return
        elif not self.sorted:
            top, bottom = first, min(first + count, n) - 1
        else:
            top, bottom = 0, n - 1
        self.dataChanged.emit(self.index(top, 0),
                              self.index(bottom, max(self.columnCount() - 1, 0)))

    def column_index(self, key: str, system: int = -1) -> int:
        for i, col in enumerate(self.columns):
            if col.key == key and col.system == system:
                return i
        return -1

    def position(self, row: int) -> int:
        return self.order[row]

    def row_of(self, position: int) -> int:
        """Table row showing sentence `position` (-1 if not loaded yet)."""
        if 0 <= position < len(self.order) and self.order[position] == position:
            return position
        try:
            return self.order.index(position)
        except ValueError:
            return -1

    # -- Qt model API ---------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.columns):
            col = self.columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return term(col.header) if col.system < 0 else col.header
            if role == Qt.ItemDataRole.ToolTipRole:
                if col.system >= 0:     # made here: it follows a language switch
                    return tr("table_model", "{key} of system {letter}: {file}").format(
                        key=term(col.key), letter=system_letter(col.system), file=col.tip)
                return term(col.key)
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def _result(self, position: int, system: int) -> SentenceResult | None:
        return self.session.result(self.current_system if system < 0 else system, position)

    def value(self, position: int, col: Column):
        """The raw value of a cell (numbers stay numbers; None for 'not defined')."""
        s = self.session
        if col.key == "#":
            return position + 1
        info = s.row_info(position)
        if col.key == "len":
            return info.length if info else 0
        if col.key == "words":
            return " ".join(info.text.split()[:FIRST_WORDS]) if info else ""
        if col.key == "mark":
            return self.marks(position)[0] if self.marks is not None else ""
        result = self._result(position, col.system)
        if col.key == "status":
            return result.status.value if result is not None else ""
        if col.key == "message":
            return scorer_message(result.message) if result is not None else ""
        if result is None or not result.valid:
            return None
        value = result.scores.get(col.key)
        if value is None and col.key in result.counts:
            value = result.counts[col.key]
        return value

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self.order)) \
                or not (0 <= index.column() < len(self.columns)):
            return None
        position = self.order[index.row()]
        col = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            value = self.value(position, col)
            if value is None:
                return "" if col.key in ("status", "message", "words", "mark") else "–"
            if isinstance(value, float):
                return f"{value:.2f}"
            return term(value) if col.key == "status" else str(value)
        if role == SORT_ROLE:
            return self.sort_key(position, col)
        if role == POSITION_ROLE:
            return position
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if col.numeric:
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            result = self._result(position, -1)
            if result is not None and result.status is Status.ERROR:
                return ERROR_BRUSH
            if result is not None and result.status is Status.SKIP:
                return SKIP_BRUSH
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            # the two light row colours keep dark text in every theme (dark: light text on them)
            result = self._result(position, -1)
            if result is not None and result.status in (Status.ERROR, Status.SKIP):
                return ROW_TEXT_BRUSH
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            if col.key == "mark" and self.marks is not None:
                glyphs, note = self.marks(position)
                return note or None
            return self.tooltip(position)
        return None

    def tooltip(self, position: int) -> str | None:
        result = self._result(position, -1)
        if result is None or result.valid:
            return None
        gold, _ = self.session.records(self.current_system, position)
        text = f"{term(result.status.value)}: {scorer_message(result.message)}"
        if gold is not None:
            text += "\n" + tr("table_model", "gold line {line}").format(line=gold.line) + \
                f": {gold.source.strip()[:300]}"
        return text

    def sort_key(self, position: int, col: Column):
        """Comparable key: numbers first (undefined sorts below every number), then text."""
        value = self.value(position, col)
        if col.numeric:
            return float("-inf") if value is None else float(value)
        return (value or "").lower() if isinstance(value, str) else str(value)

    def _column_keys(self, col: Column) -> list:
        """`sort_key` for every sentence position, computed column-wise (41k rows in a
        fraction of the per-cell path's time)."""
        s = self.session
        n = len(s.info)
        if col.key == "#":
            return list(range(n))
        if col.key == "len":
            return [float(s.row_info(k).length) for k in range(n)]
        system = self.current_system if col.system < 0 else col.system
        results = s.results[system] if system < len(s.results) else []
        if col.numeric and col.key not in ("#", "len") and len(results) >= n:
            low, key = float("-inf"), col.key
            keys = []
            for k in range(n):      # (by index: kernel rows are built once, in place)
                r = results[k]
                value = None
                if r is not None and r.valid:
                    value = r.scores.get(key)
                    if value is None:
                        value = r.counts.get(key)
                keys.append(low if value is None else float(value))
            return keys
        return [self.sort_key(p, col) for p in range(n)]

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        if not (0 <= column < len(self.columns)):
            return
        col = self.columns[column]
        reverse = order == Qt.SortOrder.DescendingOrder
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        positions = [self.order[i.row()] for i in persistent]
        keys = self._column_keys(col)
        self.order.sort(key=lambda p: (keys[p], p), reverse=reverse)
        self.sorted = True
        new = {p: r for r, p in enumerate(self.order)}
        self.changePersistentIndexList(
            persistent, [self.index(new[p], i.column()) for p, i in zip(positions, persistent)])
        self.layoutChanged.emit()


class SentenceFilterModel(QSortFilterProxyModel):
    """Filters: status (``all``/``valid``/``error``/``skip``, or the review marks ``flagged``
    / ``reviewed``), F1 range, text in the words,
    and named `conditions` (predicates over a row's slim result, e.g. the dependency view's
    "has wrong head"; a row must pass all of them)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.status = "all"
        self.f1_range: tuple[float, float] | None = None
        self.text = ""
        self.conditions: dict[str, Callable[[SentenceResult], bool]] = {}
        self.row_conditions: dict[str, Callable[[int], bool]] = {}
        self.setDynamicSortFilter(False)

    def table(self) -> SentenceTableModel:
        return self.sourceModel()  # type: ignore[return-value]

    def _refilter(self, change) -> None:
        """Apply `change` (a callable setting a filter field) and re-run the filter."""
        begin = getattr(self, "beginFilterChange", None)
        if begin is not None:  # Qt >= 6.9: invalidateFilter is deprecated
            begin()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self.invalidateFilter()

    def set_status(self, status: str) -> None:
        self._refilter(lambda: setattr(self, "status", status))

    def set_f1_range(self, low: float | None, high: float | None) -> None:
        value = None if low is None and high is None else (
            -1.0 if low is None else low, 1000.0 if high is None else high)
        self._refilter(lambda: setattr(self, "f1_range", value))

    def set_text(self, text: str) -> None:
        self._refilter(lambda: setattr(self, "text", normalise_query(text)))

    def set_condition(self, name: str, predicate: Callable[[SentenceResult], bool] | None) -> None:
        """Install (or, with None, remove) the named row predicate."""
        def change() -> None:
            if predicate is None:
                self.conditions.pop(name, None)
            else:
                self.conditions[name] = predicate
        self._refilter(change)

    def filterAcceptsRow(self, source_row: int, source_parent) -> bool:
        if self.status == "all" and self.f1_range is None and not self.text and \
                not self.conditions and not self.row_conditions:
            return True
        table = self.table()
        position = table.order[source_row]
        session = table.session
        result = session.result(table.current_system, position)
        if self.status in MARK_GLYPHS:
            glyphs = table.marks(position)[0] if table.marks is not None else ""
            if MARK_GLYPHS[self.status] not in glyphs:
                return False
        elif self.status != "all":
            if result is None or result.status.value != self.status:
                return False
        if self.f1_range is not None:
            key = f1_key(session.profile.columns) if session.profile is not None else None
            value = result.scores.get(key) if (result is not None and key and result.valid) else None
            if value is None or not (self.f1_range[0] <= value <= self.f1_range[1]):
                return False
        if self.text:
            info = session.row_info(position)
            if info is None or not words_match(self.text, info.text):
                return False
        for predicate in self.conditions.values():
            if result is None or not predicate(result):
                return False
        for row_predicate in self.row_conditions.values():
            if not row_predicate(position):
                return False
        return True

    def set_row_condition(self, name: str, predicate: Callable[[int], bool] | None) -> None:
        """Install (None: remove) a named predicate on a row's position (0-based), for what
        a result alone cannot tell (several systems at once)."""
        def change() -> None:
            if predicate is None:
                self.row_conditions.pop(name, None)
            else:
                self.row_conditions[name] = predicate
        self._refilter(change)

    def sort(self, column: int, order=Qt.SortOrder.AscendingOrder) -> None:
        # fast Python sort in the source model; the proxy then maps rows in that order
        self.table().sort(column, order)
        self.invalidate()

    def position(self, proxy_row: int) -> int:
        source = self.mapToSource(self.index(proxy_row, 0))
        return self.table().order[source.row()] if source.isValid() else -1

    def proxy_row(self, position: int) -> int:
        source_row = self.table().row_of(position)
        if source_row < 0:
            return -1
        return self.mapFromSource(self.table().index(source_row, 0)).row()
