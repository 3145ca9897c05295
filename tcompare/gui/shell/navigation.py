"""Moving through the sentences in the table's order (sorted / filtered), by number, to the
next error, or to the next sentence whose words contain a text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tcompare.gui.table.model import normalise_query, words_match
from tcompare.scoring.base import Status

if TYPE_CHECKING:
    from tcompare.gui.session import Session
    from tcompare.gui.table.model import SentenceFilterModel


class NavigationHost(Protocol):
    """The table's order, the scores and the sentence shown: what moving needs."""

    filter_model: SentenceFilterModel
    session: Session
    current_position: int | None
    current_system: int

    def show_sentence(self, position: int) -> None: ...


class Navigation:
    """Moves the window (`host`) from sentence to sentence; each move ends in
    ``host.show_sentence``.  Every method returns False when there is nowhere to go."""

    def __init__(self, host: NavigationHost):
        self.host = host

    def step(self, delta: int, errors_only: bool = False) -> bool:
        """Move `delta` rows in the table's order (a filter on: among the rows it shows);
        errors_only: to the next row where gold and system disagree under the profile
        (`Profile.disagrees`: not scored, or a figure below 100).  False at either end."""
        rows = self.host.filter_model.rowCount()
        if rows == 0:
            return False
        row = self.host.filter_model.proxy_row(self.host.current_position) \
            if self.host.current_position is not None else -1
        while True:
            row = row + delta if row >= 0 else (0 if delta > 0 else rows - 1)
            if not (0 <= row < rows):
                return False
            position = self.host.filter_model.position(row)
            if not errors_only:
                break
            result = self.host.session.result(self.host.current_system, position)
            profile = self.host.session.profile
            if result is not None and (result.status is not Status.VALID if profile is None
                                       else profile.disagrees(result)):
                break
        self.host.show_sentence(position)
        return True

    def next_sentence(self) -> bool:
        return self.step(1)

    def previous_sentence(self) -> bool:
        return self.step(-1)

    def next_error(self) -> bool:
        return self.step(1, errors_only=True)

    def previous_error(self) -> bool:
        return self.step(-1, errors_only=True)

    def sentence_count(self) -> int:
        """The sentences scored so far (Go to's range)."""
        return self.host.session.row_count

    def go_to(self, number: int) -> bool:
        """Show sentence `number` (1-based)."""
        if 1 <= number <= self.sentence_count():
            self.host.show_sentence(number - 1)
            return True
        return False

    def find_words(self, text: str, forward: bool = True) -> bool:
        """Show the next sentence (after the current one, wrapping) whose words contain `text`."""
        needle = normalise_query(text)
        n = len(self.host.session.info or ())
        if not needle or not n:
            return False
        start = self.host.current_position if self.host.current_position is not None else -1
        for k in range(1, n + 1):
            position = (start + (k if forward else -k)) % n
            if words_match(needle, self.host.session.row_info(position).text):
                self.host.show_sentence(position)
                return True
        return False
