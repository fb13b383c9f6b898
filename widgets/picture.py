"""The picture side of a game table: the table state, built from one seat's view.

:class:`TablePicture` is mixed into ``GameTable``: :meth:`TablePicture.table_state`
puts together what the learner's seat may see (``session.view(seat)``, the hints of
the seat's own decision, the coach's advice, the narrated log) and asks each game's
table for its parts: the hand, the buttons, the middle of the table, the seats' facts,
the scores, the prompt, the log and the end-of-deal breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardschool.engine.wording import names_pattern, second_person

from .state import (
    Action,
    Coach,
    HandCard,
    Hint,
    LogEntry,
    Message,
    Result,
    Scores,
    Seat,
    TableState,
)

if TYPE_CHECKING:
    from cardschool.engine.session import Session, Step

__all__ = ["LOG_LENGTH", "POSITIONS", "TablePicture"]

POSITIONS = {2: ("south", "north"), 4: ("south", "east", "north", "west")}
"""Where each seat is drawn, counted from the learner's seat (always "south")."""
LOG_LENGTH = 80
"""How many log entries the state carries (the newest)."""


class TablePicture:
    """What a game table shows the learner's seat; each game's table fills in its parts."""

    kind: ClassVar[str] = ""
    """The name of the game this table plays (its registry key), set by each game's table."""
    board: ClassVar[type]
    """The dataclass of the game's board (the ``table`` part of the state)."""
    ENGINE_NAMES: ClassVar[tuple[str, ...]] = ()
    """The seat names the engine's public log uses, replaced by the session's names."""

    _session: Session
    _seat: int
    _title: str
    _hints_open: bool
    _coach: tuple[int, Coach] | None
    _message: Message | None
    _stuck: bool
    busy: bool

    def table_state(self) -> TableState:
        """The table state for the learner's seat, from what that seat may know."""
        session = self._session
        view = session.view(self._seat)
        mine = self._my_turn()
        busy = self.busy
        actions = self._actions(view) if mine and not busy else {}
        hand = self._hand(view, mine and not busy)
        log = self._log(view)
        return TableState(
            game=self.kind,  # type: ignore[arg-type]
            seat=self._seat,
            seats=self._seats(view),
            hand=hand,
            table=self._table(view),
            scores=self._scores(view),
            busy=busy,
            title=self._title,
            prompt=self._prompt(view, mine),
            selected=tuple(card.card for card in hand if card.selected),
            actions=tuple(action for action, _move in actions.values()),
            message=self._message,
            hints=self._hint_panel() if self._hints_open else None,
            coach=self._coach_panel(),
            log=log[-LOG_LENGTH:],
            log_first=max(1, len(log) - LOG_LENGTH + 1),
            result=self._result(view) if session.deal_over and not self._pausing() else None,
            code=session.code,
            can_undo=session.can_undo and not busy,
            can_redo=session.can_redo and not busy,
        )

    def _my_turn(self) -> bool:
        """True when the learner's seat is to move."""
        return self._session.to_move == self._seat

    def _position(self, seat: int) -> str:
        """Where a seat is drawn: the learner at the bottom, the others in play order."""
        places = POSITIONS[len(self._session.seats)]
        return places[(seat - self._seat) % len(places)]

    def _seats(self, view: dict[str, Any]) -> tuple[Seat, ...]:
        """Every seat as everybody sees it."""
        session = self._session
        return tuple(
            Seat(
                seat=seat,
                name=session.names[seat],
                kind=session.seats[seat],  # type: ignore[arg-type]
                position=self._position(seat),  # type: ignore[arg-type]
                dealer=view.dealer == seat,
                to_move=session.to_move == seat,
                **self._seat_facts(view, seat),
            )
            for seat in range(len(session.seats))
        )

    def _hint_panel(self) -> tuple[Hint, ...]:
        """Every legal move of the learner and why (nothing while others move)."""
        if not self._my_turn() or self.busy:
            return ()
        return tuple(self._hint(hint) for hint in self._session.hints() if hint.legal)

    def _coach_panel(self) -> Coach | None:
        """The coach's advice, while it is still about the decision on the table."""
        if self._coach is None or not self._my_turn():
            return None
        ply, coach = self._coach
        return coach if ply == len(self._session.steps) else None

    def _names_in(self, text: str) -> str:
        """An engine sentence with the session's seat names, in good English for "You"."""
        names = self._session.names
        if tuple(names) != self.ENGINE_NAMES:
            pattern = names_pattern(self.ENGINE_NAMES)
            text = pattern.sub(lambda m: names[self.ENGINE_NAMES.index(m[0])], text)
        return second_person(text, names[self._seat])

    # ------------------------------------------------------------ what each game fills in

    def _reset(self) -> None:
        """Forget per-decision marks (Mille: the selection; Mililla: a trick on show)."""

    def _pausing(self) -> bool:
        """True while something stays on show before play goes on (Mililla's trick)."""
        return False

    def _end_pause(self) -> None:
        """The pause is over (Mililla: gather the trick)."""

    def _moved(self, step: Step) -> None:
        """A move was just made (by anyone): note what must be shown or announced."""

    def _deal_just_started(self, view: dict[str, Any]) -> bool:
        """True when no card has been played yet in this deal."""
        return False

    def _deal_message(self, view: dict[str, Any]) -> Message | None:
        """What is announced when a deal starts (Mililla: the trump and the bonus)."""
        return None

    def _actions(self, view: dict[str, Any]) -> dict[str, tuple[Action, str | None]]:
        """The game's buttons on the learner's turn: name -> (button, the move it plays)."""
        return {}

    def _hand(self, view: dict[str, Any], mine: bool) -> tuple[HandCard, ...]:
        raise NotImplementedError

    def _table(self, view: dict[str, Any]) -> Any:
        raise NotImplementedError

    def _seat_facts(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        """hand_size, known cards, team and note of one seat."""
        raise NotImplementedError

    def _scores(self, view: dict[str, Any]) -> Scores:
        raise NotImplementedError

    def _prompt(self, view: dict[str, Any], mine: bool) -> str:
        raise NotImplementedError

    def _log(self, view: dict[str, Any]) -> list[LogEntry]:
        raise NotImplementedError

    def _result(self, view: dict[str, Any]) -> Result | None:
        raise NotImplementedError

    def _hint(self, hint: Any) -> Hint:
        raise NotImplementedError

    def _move_words(self, move: str) -> str:
        return move
