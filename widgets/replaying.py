"""A game table's replay of a deal: opened from the Replay button or a review's moment.

While a replay is open the table shows its frame (the learner's view after so many moves,
:func:`~cardschool.widgets.picture.replay_picture`) and refuses moves until it is closed.
The browser only asks to move the cursor (``{"type": "replay", "go": ...}``); Python keeps
it here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardschool.engine.replay import Replay
from cardschool.engine.session import Session, SessionError

from .picture import Marks, replay_picture
from .state import Message, TableState

__all__ = ["ShowsReplays"]


class ShowsReplays:
    """The replaying part of a game table (mixed into :class:`GameTable`, which has the
    session, the seat, the game's parts and the ``refresh`` these methods use)."""

    parts: Any
    _session: Session
    _seat: int
    _replay: Replay | None
    _replay_current: bool  # the replay is of the deal being played (not the last one)
    _replay_note: tuple[Replay, int, Message] | None = None  # a note on a frame of a replay

    @property
    def replay(self) -> Replay | None:
        """The replay on show, or None."""
        return self._replay

    def show_replay(self, deal: int, position: int, *, note: Message | None = None) -> None:
        """Open the replay of a deal of the session at a frame (a review's moment), with a
        ``note`` told on that frame instead of the move that led to it."""
        replay = Replay(self._session, deal)
        replay.go(position)
        self._replay = replay
        self._replay_current = replay.deal == Replay(self._session).deal
        self._replay_note = None if note is None else (replay, position, note)
        self.refresh()

    def _replay_frame(self, replay: Replay, marks: Marks) -> TableState:
        """The learner's picture of the replay's frame (with its note, on the note's frame)."""
        state = replay_picture(
            self._session,
            replay,
            self._seat,
            marks,
            current=self._replay_current,
            parts=self.parts,
        )
        noted = self._replay_note
        if noted is not None and noted[0] is replay and noted[1] == replay.position:
            state = dataclasses.replace(state, message=noted[2])
        return state

    def _on_replay(self, go: str) -> None:
        """Open the replay of this deal (the last one, if nothing is played yet), move, close."""
        replay = self._replay
        if go == "open":
            if replay is None:
                replay = Replay(self._session)
                current = len(replay.frames) > 1 or replay.deal == 0
                if not current:
                    replay = Replay(self._session, replay.deal - 1)  # just dealt: the last one
                if len(replay.frames) == 1:
                    raise SessionError("Nothing has been played in this deal yet: no replay.")
                self._replay, self._replay_current = replay, current
        elif replay is None:
            raise SessionError("No replay is open.")
        elif go == "close":
            self._replay = None
        elif go == "back":
            replay.back()
        elif go == "forward":
            replay.forward()
        else:
            replay.go(0 if go == "start" else len(replay.frames) - 1)
        self.refresh()
