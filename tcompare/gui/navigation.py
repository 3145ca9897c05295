"""Moving through the sentences in the table's order (sorted / filtered), by number, to the
next error, or to the next sentence whose words contain a text."""

from __future__ import annotations

from tcompare.gui.table_model import normalise_query, words_match
from tcompare.scoring.base import Status


class Navigation:
    """Mixin of `MainWindow`: needs ``filter_model``, ``session``, ``current_position``,
    ``current_system`` and ``show_sentence``."""

    def step(self, delta: int, errors_only: bool = False) -> bool:
        """Move `delta` rows in the table's order (a filter on: among the rows it shows);
        errors_only: to the next row where gold and system disagree under the profile
        (`Profile.disagrees`: not scored, or a figure below 100).  False at either end."""
        rows = self.filter_model.rowCount()
        if rows == 0:
            return False
        row = self.filter_model.proxy_row(self.current_position) \
            if self.current_position is not None else -1
        while True:
            row = row + delta if row >= 0 else (0 if delta > 0 else rows - 1)
            if not (0 <= row < rows):
                return False
            position = self.filter_model.position(row)
            if not errors_only:
                break
            result = self.session.result(self.current_system, position)
            profile = self.session.profile
            if result is not None and (result.status is not Status.VALID if profile is None
                                       else profile.disagrees(result)):
                break
        self.show_sentence(position)
        return True

    def next_sentence(self) -> bool:
        return self.step(1)

    def previous_sentence(self) -> bool:
        return self.step(-1)

    def next_error(self) -> bool:
        return self.step(1, errors_only=True)

    def previous_error(self) -> bool:
        return self.step(-1, errors_only=True)

    def go_to(self, number: int) -> bool:
        """Show sentence `number` (1-based)."""
        if 1 <= number <= self.session.row_count:
            self.show_sentence(number - 1)
            return True
        return False

    def find_words(self, text: str, forward: bool = True) -> bool:
        """Show the next sentence (after the current one, wrapping) whose words contain `text`."""
        needle = normalise_query(text)
        n = len(self.session.info or ())
        if not needle or not n:
            return False
        start = self.current_position if self.current_position is not None else -1
        for k in range(1, n + 1):
            position = (start + (k if forward else -k)) % n
            if words_match(needle, self.session.row_info(position).text):
                self.show_sentence(position)
                return True
        return False
