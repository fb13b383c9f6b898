"""A game table's status line: everything said since the learner's last move, one line shown.

:class:`StatusLine` is held by a game table: the deal's announcement, each bot move and a
trick won are added as they happen; the learner's own move (or a new session) starts it
afresh. What the table draws is :attr:`StatusLine.message`, the line
:func:`~cardschool.widgets.table.status_line` makes of the sentences (the rest folded).
"""

from __future__ import annotations

from .state import Message
from .table import status_line

__all__ = ["SAID_LENGTH", "StatusLine"]

SAID_LENGTH = 12
"""The status line tells at most this many of the latest sentences (the log keeps all)."""


class StatusLine:
    """The sentences said since the learner's last move, and the message drawn of them."""

    def __init__(self) -> None:
        self._said: list[Message] = []
        self.message: Message | None = None
        """The sentence of the moment, as the table draws it (None: nothing said)."""

    def clear(self) -> None:
        """Nothing said yet: the learner just moved, or the session changed."""
        self._said, self.message = [], None

    def start(self, message: Message) -> None:
        """Start afresh with one line, drawn as it is (the next sentences follow it)."""
        self._said, self.message = [message], message

    def add(self, said: Message | None) -> None:
        """Add a sentence (None: nothing) to all that was said since the learner's move."""
        if said is None:
            return
        self._said = [*self._said, said][-SAID_LENGTH:]
        self.message = status_line(self._said)

    def interrupt(self, message: Message) -> None:
        """Show ``message`` alone, the sentences said so far kept (a bot that failed)."""
        self.message = message
