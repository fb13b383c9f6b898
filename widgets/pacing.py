"""The pace of a game table: a session put on the table, a jump in it, the bots one at a time.

A :class:`~cardschool.widgets.game_table.GameTable` holds one :class:`TablePacing`
(``pacing``). When a session is put on the table (:meth:`TablePacing.start`) or jumps
(:meth:`TablePacing.jumped`: undo, redo, the next deal) it forgets the old marks, says
what the learner should know first, and goes on (:meth:`TablePacing.go_on`): while a bot is
to move, or something is kept on show (a finished trick), the next step comes later, at
the table's speed, through :meth:`~cardschool.widgets.table.TableWidget.later`. A bot that
fails leaves the table stuck with a line saying so, never frozen.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardschool.engine.errors import said_of
from cardschool.engine.messages import Seat, message
from cardschool.engine.protocol import DEAL_OVER_MOVE
from cardschool.engine.session import HUMAN, Step

from .picture import told
from .state import Message as Line

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["HOLD_FACTOR", "TablePacing"]

log = logging.getLogger(__name__)

HOLD_FACTOR = 1.5
"""How much longer than a bot's move something kept on show stays (a finished trick)."""


class TablePacing:
    """One table's pace: what is said as a session starts or jumps, and the bots' steps.

    It reads the table's ``session``, ``seat``, ``parts``, ``busy``, ``speed`` and its
    collaborators (``told``, ``keeper``, ``replays``, ``questions``, ``status``,
    ``coach``), and calls its ``refresh``, ``later``, ``words`` and the game's hooks
    (``_reset``, ``_release``, ``_moved``, ``_holding``).
    """

    def __init__(self, table: GameTable) -> None:
        self._table = table
        self.stuck = False
        """A bot failed to move: the table waits for an undo or a new deal."""

    def start(self) -> None:
        """A session was just put on the table: forget the old one's marks, announce, go on."""
        table = self._table
        table.told.new_session(table.session)
        table.keeper.checking_save = None
        table.replays.close()
        table.questions.drop()
        self.stuck = False
        table._reset()
        table.status.clear()
        session, seat = table.session, table.seat
        self._announce_deal(session.view(seat))
        self.go_on()

    def _announce_deal(self, view: Any) -> None:
        """Announce the deal ``view`` shows (said again in another language on a switch)."""
        table = self._table
        session, seat, parts = table.session, table.seat, table.parts

        def again() -> Line | None:
            return parts.deal_message(session, seat, view)

        table.status.add(again(), again)

    def jumped(self) -> None:
        """The session jumped (undo, redo, next deal): clear marks and go on from there."""
        table = self._table
        table.cancel_later()
        self.stuck = False
        table._reset()
        session, seat, parts = table.session, table.seat, table.parts
        view = session.view(seat)
        started = parts.deal_just_started(view)
        table.status.clear()
        if started:
            self._announce_deal(view)
        self.go_on()

    def say_undone(self, undone: Sequence[Step]) -> None:
        """Say what an undo took back: the learner's move (and the bots' after it)."""
        table = self._table
        mine = next((s for s in undone if s.by == HUMAN and s.move != DEAL_OVER_MOVE), None)
        if mine is None:
            return
        key = "table:undone.bots" if len(undone) > 1 else "table:undone"

        def again() -> Line:  # said again in the language spoken now
            said = message(key, move=table.parts.move_words(mine.move))
            return Line(table.words(said), kind="announce")

        table.status.add(again(), again)
        table.refresh()

    def go_on(self) -> None:
        """Redraw; while a bot is to move (or a trick is on show), take the next step later."""
        table = self._table
        if table.replays.replay is None:
            table.told.finished(table.session)
        if table.busy:
            table.refresh()
            held = table._holding()
            table.later(self._tick, int(table.speed * HOLD_FACTOR) if held else None)
        else:
            table.coach.turn_started()  # the learner's turn: the coach, if on, works it out
            table.refresh()

    def _tick(self) -> None:
        """One step of the bots' side: gather a trick on show, or one bot move."""
        table = self._table
        if table._holding():  # the pause is over: what was on show is gathered
            table._release()
            self.go_on()
            return
        session = table.session
        if not session.bot_to_move:
            table.refresh()
            return
        seat = session.to_move
        try:
            step = session.step()
        except Exception as error:  # a bot that fails must not leave the table frozen
            log.exception("a bot failed to move")
            self.stuck = True
            why = said_of(error)
            if seat is None:
                said = message("table:bot-failed.nobody", error=why)
            else:
                said = message("table:bot-failed", who=Seat(seat), error=why)

            def said_again() -> Line:  # said again in the language spoken now
                return Line(table.words(said), kind="error")

            table.status.interrupt(said_again(), said_again)
            table.refresh()
            return
        if step is not None:
            learner = table.seat

            def again() -> Line | None:  # told to the session's names, as the log tells it
                if step.said is None:
                    return None
                return Line(told(session, learner, step.said), step.rule, "info")

            table.status.add(Line(step.text, step.rule, "info"), again)
            table._moved(step)
        self.go_on()
