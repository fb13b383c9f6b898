"""A game table's status line: everything said since the learner's last move, one line shown.

:class:`StatusLine` is held by a game table: the deal's announcement, each bot move and a
trick won are added as they happen; the learner's own move (or a new session) starts it
afresh. What the table draws is :attr:`StatusLine.message`, the line
:func:`~cardschool.widgets.table.status_line` makes of the sentences (the rest folded).
"""

from __future__ import annotations

from collections.abc import Callable

from .state import Message
from .table import status_line

__all__ = ["SAID_LENGTH", "Again", "StatusLine"]

SAID_LENGTH = 12
"""The status line tells at most this many of the latest sentences (the log keeps all)."""

Again = Callable[[], Message | None]
"""How a line is said again in the language spoken now (when the page changes language)."""


class StatusLine:
    """The sentences said since the learner's last move, and the message drawn of them.

    A line may come with how to say it again (``again``): when the page changes language,
    :meth:`respeak` says those lines again; a line without it stays as it was said.
    """

    def __init__(self) -> None:
        self._said: list[tuple[Message, Again | None]] = []
        self._alone: tuple[Message, Again | None] | None = None
        """The line drawn as it is (started with, or interrupting), or None."""
        self.message: Message | None = None
        """The sentence of the moment, as the table draws it (None: nothing said)."""

    def clear(self) -> None:
        """Nothing said yet: the learner just moved, or the session changed."""
        self._said, self._alone, self.message = [], None, None

    def start(self, message: Message, again: Again | None = None) -> None:
        """Start afresh with one line, drawn as it is (the next sentences follow it)."""
        self._said = [(message, again)]
        self._alone = (message, again)
        self.message = message

    def add(self, said: Message | None, again: Again | None = None) -> None:
        """Add a sentence (None: nothing) to all that was said since the learner's move."""
        if said is None:
            return
        self._said = [*self._said, (said, again)][-SAID_LENGTH:]
        self._alone = None
        self.message = status_line([line for line, _ in self._said])

    def interrupt(self, message: Message, again: Again | None = None) -> None:
        """Show ``message`` alone, the sentences said so far kept (a bot that failed)."""
        self._alone = (message, again)
        self.message = message

    def respeak(self) -> None:
        """Say again, in the language spoken now, every line that knows how."""

        def anew(line: Message, again: Again | None) -> Message:
            said = again() if again is not None else None
            return line if said is None else said

        self._said = [(anew(line, again), again) for line, again in self._said]
        if self._alone is not None:
            line, again = self._alone
            self._alone = (anew(line, again), again)
            self.message = self._alone[0]
        elif self._said:
            self.message = status_line([line for line, _ in self._said])
