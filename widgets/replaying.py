"""A game table's replay of a deal: opened from the Replay button or a review's moment.

While a replay is open the table shows its frame (the learner's view after so many moves,
:func:`~cardschool.widgets.picture.replay_picture`) and refuses moves until it is closed.
The browser only asks to move the cursor (``{"type": "replay", "go": ...}``); Python keeps
it here, in the table's :class:`TableReplays`.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from cardschool.engine.messages import message
from cardschool.engine.replay import Replay

from .intents import TableError
from .picture import Marks, replay_picture
from .state import Message, TableState

if TYPE_CHECKING:
    from .game_table import GameTable

__all__ = ["TableReplays"]


class TableReplays:
    """One table's replay: closed, or open on a deal of the table's session at a frame.

    It reads the table's ``session``, ``seat`` and ``parts`` and calls its ``refresh``.
    """

    def __init__(self, table: GameTable) -> None:
        self._table = table
        self._replay: Replay | None = None
        self._current = True  # the replay is of the deal being played (not the last one)
        self._note: tuple[Replay, int, Message] | None = None  # a note on a frame of a replay

    @property
    def replay(self) -> Replay | None:
        """The replay on show, or None."""
        return self._replay

    def close(self) -> None:
        """Close the replay on show, if any (no redraw)."""
        self._replay = None

    def show(self, deal: int, position: int, *, note: Message | None = None) -> None:
        """Open the replay of a deal of the session at a frame (a review's moment), with a
        ``note`` told on that frame instead of the move that led to it."""
        session = self._table.session
        replay = Replay(session, deal)
        replay.go(position)
        self._replay = replay
        self._current = replay.deal == Replay(session).deal
        self._note = None if note is None else (replay, position, note)
        self._table.refresh()

    def frame(self, marks: Marks) -> TableState:
        """The learner's picture of the open replay's frame (with its note, on its frame)."""
        replay, table = self._replay, self._table
        if replay is None:
            raise TableError(message("table:no-replay"))
        state = replay_picture(
            table.session, replay, table.seat, marks, current=self._current, parts=table.parts
        )
        noted = self._note
        if noted is not None and noted[0] is replay and noted[1] == replay.position:
            state = dataclasses.replace(state, message=noted[2])
        return state

    def go(self, where: str) -> None:
        """Open the replay of this deal (the last one, if nothing is played yet), move, close."""
        replay = self._replay
        if where == "open":
            if replay is None:
                replay = Replay(self._table.session)
                current = len(replay.frames) > 1 or replay.deal == 0
                if not current:
                    replay = Replay(self._table.session, replay.deal - 1)  # just dealt: the last
                if len(replay.frames) == 1:
                    raise TableError(message("table:nothing-played"))
                self._replay, self._current = replay, current
        elif replay is None:
            raise TableError(message("table:no-replay"))
        elif where == "close":
            self._replay = None
        elif where == "back":
            replay.back()
        elif where == "forward":
            replay.forward()
        else:
            replay.go(0 if where == "start" else len(replay.frames) - 1)
        self._table.refresh()
