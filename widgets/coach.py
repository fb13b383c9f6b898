"""A table's coach: on until turned off, its advice worked out when the learner's turn starts.

:class:`TableCoach` belongs to one :class:`~cardschool.widgets.game_table.GameTable`. Once
turned on (the Coach button) it stays on, like the hints: each time the learner's turn
starts it asks the expert's advice on the learner's view (``engine.advice.advise_view``,
the one judgement the review and the strategy exercises read too: the same position gets
the same figures and the same move from all three) through :meth:`TableWidget.later`, so
the table is drawn first ("thinking") and answers clicks until the advice comes. The
advice is told once: its head (the move) in bold, then the lesson's reasons and the
figures, in one measure, without the rule id the panel shows as a chip.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardschool.engine.advice import advise_view
from cardschool.engine.errors import said_of
from cardschool.engine.messages import Message, message
from cardschool.engine.session import Session, SessionError

from . import coach_messages  # noqa: F401  (the coach's words)
from .state import Coach

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["THINKING", "WAITING", "Key", "TableCoach"]

log = logging.getLogger(__name__)

THINKING = message("coach:thinking")
"""The coach panel while the expert works out its advice."""
WAITING = message("coach:waiting")
"""The coach panel while others move."""


@dataclass(frozen=True, slots=True, eq=False)
class Key:
    """A decision of a session: equal only for the very same session at the same step."""

    session: Session
    steps: int

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Key) and other.session is self.session and other.steps == self.steps
        )

    __hash__ = None  # type: ignore[assignment]


class TableCoach:
    """One table's coach: off, or on with the advice for the decision on the table."""

    def __init__(self, table: GameTable) -> None:
        self._table = table
        self.on = False
        """True from the Coach button until it is pressed again."""
        self._advice: tuple[Key, Coach] | None = None
        self._pending: Key | None = None

    def _key(self) -> Key:
        """The decision on the table: the session itself (not a copy) and its step count."""
        session = self._table.session
        return Key(session, len(session.steps))

    def _learners_turn(self) -> bool:
        table = self._table
        return table.replay is None and not table.busy and table.session.to_move == table.seat

    def toggle(self) -> None:
        """Turn the coach on (advice at once if it is the learner's turn) or off."""
        self.on = not self.on
        self._pending = None
        self.turn_started()
        self._table.refresh()

    def turn_started(self) -> None:
        """The table is drawn for a new position: ask for advice later if it is needed."""
        key = self._key()
        if not self.on or not self._learners_turn() or self._pending == key:
            return
        if self._advice is not None and self._advice[0] == key:
            return
        self._pending = key
        self._table.later(self._think, 0)

    def _think(self) -> None:
        """Work out the advice for the decision on the table (if it is still that one)."""
        key = self._key()
        if self._pending != key or not self.on or not self._learners_turn():
            return
        self._pending = None
        session = self._table.session
        try:
            view = session.view(self._table.seat).to_dict()
            said = advise_view(session.kind, view, self._table.review.deals)
        except (ImportError, RuntimeError) as error:
            log.exception("the coach failed")
            failed = message("coach:failed", error=said_of(error))
            self._advice = (key, Coach("", self.words(failed)))
        except (SessionError, ValueError):
            return
        else:
            why = session.explain(said.move)
            words = self._table.parts.move_words(said.move)
            text = " ".join(self.words(sentence) for sentence in said.sentences())
            self._advice = (key, Coach(words, text, why.rule))
        self._table.refresh()

    def words(self, said: Message) -> str:
        """A sentence of the coach in words: the one place it turns messages into text (the
        table's names and reader)."""
        return self._table.words(said)

    def panel(self) -> Coach | None:
        """What the coach panel shows now (None when the coach is off)."""
        if not self.on:
            return None
        if not self._learners_turn():
            return Coach("", self.words(WAITING))
        if self._advice is not None and self._advice[0] == self._key():
            return self._advice[1]
        return Coach("", self.words(THINKING))
